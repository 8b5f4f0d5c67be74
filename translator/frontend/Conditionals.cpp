//===- Conditionals.cpp - Preprocessor conditionals around directives ------===//
//
// Part of omp2cu. See Conditionals.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/Conditionals.h"
#include "support/SourceText.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using omp2cu::text::lineEnd;
using omp2cu::text::lineStart;

namespace omp2cu::pp {
namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<Conditional> &Out) : SM(SM), Out(Out) {}

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override {
    add(Conditional::Open, Loc, condition(Loc));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    add(Conditional::Open, Loc, name(Name));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    add(Conditional::Open, Loc, name(Name));
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override {
    add(Conditional::Branch, Loc, condition(Loc));
  }
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    add(Conditional::Branch, Loc, name(Name));
  }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override {
    add(Conditional::Branch, Loc, condition(Loc));
  }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    add(Conditional::Branch, Loc, name(Name));
  }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override {
    add(Conditional::Branch, Loc, condition(Loc));
  }
  void Else(SourceLocation Loc, SourceLocation) override { add(Conditional::Branch, Loc); }
  void Endif(SourceLocation Loc, SourceLocation) override { add(Conditional::Close, Loc); }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (SM.isWrittenInMainFile(Range.getBegin()))
      Out.push_back({Conditional::Skipped, Range.getBegin(), Range.getEnd()});
  }

private:
  const SourceManager &SM;
  std::vector<Conditional> &Out;
  void add(Conditional::Kind K, SourceLocation Loc, bool Identity = false) {
    if (SM.isWrittenInMainFile(Loc))
      Out.push_back({K, Loc, {}, Identity});
  }
  /// `#ifdef NAME`: GCC, Clang, nvcc and hipcc all define __GNUC__ and __GNUG__ (C++).
  static bool name(const Token &T) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    return II && namesCompiler(II->getName()) && !definedByAll(II->getName());
  }
  static bool definedByAll(llvm::StringRef Name) {
    return Name == "__GNUC__" || Name == "__GNUG__";
  }
  /// Whether the text of the directive at \p Loc (its logical line) names a macro of
  /// namesCompiler (a word of it, comments and all: a name in a comment errs on the side of
  /// resolving the group), other than in `defined(__GNUC__)`. The text, not the condition's
  /// range: that one starts inside the expansion of its first macro.
  bool condition(SourceLocation Loc) const {
    if (!SM.isWrittenInMainFile(Loc))
      return false;
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    if (Invalid)
      return false;
    unsigned B = SM.getFileOffset(Loc);
    llvm::StringRef Line = Text.slice(B, lineEnd(Text, B)), Previous;
    while (!Line.empty()) {
      Line = Line.drop_until([](char C) { return isAsciiIdentifierStart(C); });
      llvm::StringRef Word = Line.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      if (namesCompiler(Word) && !(Previous == "defined" && definedByAll(Word)))
        return true;
      Previous = Word;
      Line = Line.drop_front(Word.size());
    }
    return false;
  }
};

/// The conditional groups of \p Conds: for each, the indices of its directives (the #if, its
/// #elif/#else, the #endif) in order. Directives in skipped branches are not reported by the
/// preprocessor, so a group nested in a skipped branch is not here (it is skipped text).
std::vector<std::vector<size_t>> groups(const std::vector<Conditional> &Conds) {
  std::vector<std::vector<size_t>> Groups;
  std::vector<size_t> Open;
  for (size_t I = 0; I < Conds.size(); ++I) {
    if (Conds[I].K == Conditional::Skipped)
      continue;
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

bool namesCompiler(llvm::StringRef Name) {
  return llvm::is_contained({"__clang__", "__clang_major__", "__clang_minor__",
                             "__clang_patchlevel__", "__clang_version__", "__llvm__", "__GNUC__",
                             "__GNUC_MINOR__", "__GNUC_PATCHLEVEL__", "__GNUG__", "__VERSION__"},
                            Name);
}

std::string identityMessage() {
  return "this conditional tests which compiler reads the code; the translated code keeps the "
         "branch that Clang " CLANG_VERSION_MAJOR_STRING " (omp2cu's front end) takes, not "
         "necessarily the one GCC, nvcc or hipcc would take";
}

std::unique_ptr<PPCallbacks> recordConditionals(const SourceManager &SM,
                                                std::vector<Conditional> &Out) {
  return std::make_unique<Recorder>(SM, Out);
}

/// Adds [B, E) to \p Blank, merged with the ranges it overlaps or touches.
static void addBlank(Blanks &Blank, unsigned B, unsigned E) {
  auto It = Blank.upper_bound(B);
  if (It != Blank.begin() && std::prev(It)->second >= B)
    --It;
  while (It != Blank.end() && It->first <= E) {
    B = std::min(B, It->first);
    E = std::max(E, It->second);
    It = Blank.erase(It);
  }
  Blank[B] = E;
}

void resolveRange(const SourceManager &SM, const std::vector<Conditional> &Conds,
                  CharSourceRange C, Blanks &Blank, std::vector<SourceLocation> &IdentityGroups,
                  bool Whole) {
  FileID Main = SM.getMainFileID();
  SourceLocation B = SM.getExpansionLoc(C.getBegin());
  if (SM.getFileID(B) != Main)
    return; // the conditionals recorded are the main file's
  llvm::StringRef Text = SM.getBufferData(Main);
  unsigned Begin = SM.getFileOffset(B);
  unsigned End = SM.getFileOffset(SM.getExpansionLoc(C.getEnd()));
  auto Off = [&](size_t I) { return SM.getFileOffset(Conds[I].Loc); };
  auto Inside = [&](size_t I) { return Off(I) >= Begin && Off(I) < End; };
  for (const std::vector<size_t> &G : groups(Conds)) {
    const bool Identity = llvm::any_of(G, [&](size_t I) { return Conds[I].Identity; });
    if (!llvm::any_of(G, Inside) || (llvm::all_of(G, Inside) && !Identity && !Whole))
      continue;
    if (Identity)
      IdentityGroups.push_back(Conds[G.front()].Loc);
    // The group's directive lines (with their continuation lines).
    for (size_t I : G)
      addBlank(Blank, lineStart(Text, Off(I)), lineEnd(Text, Off(I)));
    // The branches the preprocessor skipped: each from its first directive through the next.
    const unsigned Open = lineStart(Text, Off(G.front())), Close = lineEnd(Text, Off(G.back()));
    for (const Conditional &S : Conds)
      if (S.K == Conditional::Skipped) {
        unsigned SB = SM.getFileOffset(S.Loc), SE = SM.getFileOffset(S.End);
        // The range ends after the directive that ends it: at its line's end (#else, #endif),
        // or, for an #elif whose condition holds, at the start of the next line, which the
        // preprocessor did not skip.
        if (SB >= Open && SB < Close)
          addBlank(Blank, lineStart(Text, SB),
                   SE > SB && Text[SE - 1] == '\n' ? SE : lineEnd(Text, std::max(SB, SE)));
      }
  }
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
