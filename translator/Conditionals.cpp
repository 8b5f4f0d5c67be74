//===- Conditionals.cpp - Preprocessor conditionals around directives ------===//
//
// Part of omp2cu. See Conditionals.h.
//
//===----------------------------------------------------------------------===//
#include "Conditionals.h"
#include "Diagnostics.h"
#include "SourceText.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;
using omp2cu::text::blank;
using omp2cu::text::lineEnd;
using omp2cu::text::lineStart;

namespace omp2cu::pp {
namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<Conditional> &Out) : SM(SM), Out(Out) {}

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { add(Conditional::Open, Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    add(Conditional::Open, Loc);
  }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    add(Conditional::Open, Loc);
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override {
    add(Conditional::Branch, Loc);
  }
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    add(Conditional::Branch, Loc);
  }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override {
    add(Conditional::Branch, Loc);
  }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    add(Conditional::Branch, Loc);
  }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override {
    add(Conditional::Branch, Loc);
  }
  void Else(SourceLocation Loc, SourceLocation) override { add(Conditional::Branch, Loc); }
  void Endif(SourceLocation Loc, SourceLocation) override { add(Conditional::Close, Loc); }

private:
  const SourceManager &SM;
  std::vector<Conditional> &Out;
  void add(Conditional::Kind K, SourceLocation Loc) {
    if (SM.isWrittenInMainFile(Loc))
      Out.push_back({K, Loc});
  }
};

/// The conditional groups of \p Conds: for each, the indices of its directives (the #if, its
/// #elif/#else, the #endif) in order. Directives in skipped branches are not reported by the
/// preprocessor, so a group nested in a skipped branch is not here (it is skipped text).
std::vector<std::vector<size_t>> groups(const std::vector<Conditional> &Conds) {
  std::vector<std::vector<size_t>> Groups;
  std::vector<size_t> Open;
  for (size_t I = 0; I < Conds.size(); ++I) {
    if (Conds[I].K == Conditional::Open) {
      Open.push_back(Groups.size());
      Groups.push_back({I});
      continue;
    }
    if (Open.empty())
      continue; // unbalanced: Clang reported it
    Groups[Open.back()].push_back(I);
    if (Conds[I].K == Conditional::Close)
      Open.pop_back();
  }
  return Groups;
}

} // namespace

std::unique_ptr<PPCallbacks> recordConditionals(const SourceManager &SM,
                                                std::vector<Conditional> &Out) {
  return std::make_unique<Recorder>(SM, Out);
}

bool checkRange(const SourceManager &SM, DiagnosticsEngine &DE,
                const std::vector<Conditional> &Conds, const ConstructText &C, SourceLocation At,
                llvm::StringRef What, Blanks &Blank) {
  FileID Main = SM.getMainFileID();
  SourceLocation B = SM.getExpansionLoc(C.Range.getBegin());
  if (SM.getFileID(B) != Main)
    return true; // the conditionals recorded are the main file's
  llvm::StringRef Text = SM.getBufferData(Main);
  unsigned Begin = SM.getFileOffset(B);
  unsigned End = SM.getFileOffset(SM.getExpansionLoc(C.Range.getEnd()));
  auto Off = [&](size_t I) { return SM.getFileOffset(Conds[I].Loc); };
  auto Inside = [&](size_t I) { return Off(I) >= Begin && Off(I) < End; };

  // The groups with directives both inside and outside the text, innermost first.
  std::vector<std::vector<size_t>> Partial;
  for (std::vector<size_t> &G : groups(Conds))
    if (llvm::any_of(G, Inside) && !llvm::all_of(G, Inside))
      Partial.push_back(std::move(G));
  llvm::sort(Partial,
             [&](const auto &X, const auto &Y) { return Off(X.front()) > Off(Y.front()); });

  // [Lo, Hi): the directive's lines, and the groups around them resolved so far.
  unsigned Lo = lineStart(Text, Begin);
  unsigned Hi = lineEnd(Text, SM.getFileOffset(SM.getExpansionLoc(C.DirectiveEnd)));
  unsigned StmtBegin = SM.getFileOffset(SM.getExpansionLoc(C.StmtBegin));
  for (const std::vector<size_t> &G : Partial) {
    unsigned Open = Off(G.front()), Close = Off(G.back());
    if (Open >= Begin) {
      diag::error(DE, At,
                  "a preprocessor conditional opened inside '" + What.str() +
                      "' and its statement ends after them: omp2cu translates one configuration "
                      "of the macros and cannot keep the others; move the conditional out of the "
                      "construct");
      return false;
    }
    // The branch that holds the directive, and the directive after it.
    auto After = llvm::find_if(G, [&](size_t I) { return Off(I) >= Hi; });
    if (Conds[G.back()].K == Conditional::Close && Close < StmtBegin && After != G.begin() &&
        After != G.end() && blank(Text.slice(lineEnd(Text, Off(*std::prev(After))), Lo)) &&
        blank(Text.slice(Hi, lineStart(Text, Off(*After))))) {
      Blank[lineStart(Text, Open)] = Lo;
      Blank[Hi] = lineEnd(Text, Close);
      Lo = lineStart(Text, Open);
      Hi = lineEnd(Text, Close);
      continue;
    }
    size_t First = *llvm::find_if(G, Inside);
    diag::error(DE, Conds[First].Loc,
                "this preprocessor conditional belongs to a group that starts before '" +
                    What.str() +
                    "' and its statement: omp2cu translates one configuration of the macros "
                    "and cannot keep the others; move the conditional out of the construct, or "
                    "let it wrap the directive alone");
    diag::note(DE, At, "the construct is here");
    return false;
  }
  return true;
}

std::string blanked(llvm::StringRef Text, const Blanks &B) {
  std::string Out;
  unsigned Pos = 0;
  for (auto [Begin, End] : B) {
    if (Begin < Pos)
      continue; // overlaps the range before (one group of two constructs cannot)
    Out += Text.slice(Pos, Begin).str();
    Out += std::string(Text.slice(Begin, End).count('\n'), '\n');
    Pos = End;
  }
  Out += Text.substr(Pos).str();
  return Out;
}

} // namespace omp2cu::pp
