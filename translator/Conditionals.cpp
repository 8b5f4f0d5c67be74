//===- Conditionals.cpp - Preprocessor conditionals around directives ------===//
//
// Part of omp2cu. See Conditionals.h.
//
//===----------------------------------------------------------------------===//
#include "Conditionals.h"
#include "Diagnostics.h"

using namespace clang;

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

} // namespace

std::unique_ptr<PPCallbacks> recordConditionals(const SourceManager &SM,
                                                std::vector<Conditional> &Out) {
  return std::make_unique<Recorder>(SM, Out);
}

bool checkRange(const SourceManager &SM, DiagnosticsEngine &DE,
                const std::vector<Conditional> &Conds, CharSourceRange Range, SourceLocation At,
                llvm::StringRef What) {
  SourceLocation B = SM.getExpansionLoc(Range.getBegin()), E = SM.getExpansionLoc(Range.getEnd());
  int Depth = 0;
  for (const Conditional &C : Conds) {
    if (SM.isBeforeInTranslationUnit(C.Loc, B) || !SM.isBeforeInTranslationUnit(C.Loc, E))
      continue;
    // Inside the range: groups must open and close here; a branch or a close of a group that
    // opened before the range splits it.
    if (C.K == Conditional::Open) {
      ++Depth;
      continue;
    }
    if (Depth == 0) {
      diag::error(DE, C.Loc,
                  std::string("this preprocessor conditional belongs to a group that starts "
                              "before '") +
                      What.str() +
                      "' and its statement: omp2cu translates one configuration of the macros "
                      "and cannot keep the others; move the conditional out of the construct");
      diag::note(DE, At, "the construct is here");
      return false;
    }
    if (C.K == Conditional::Close)
      --Depth;
  }
  if (Depth != 0) {
    diag::error(DE, At,
                std::string("a preprocessor conditional opened inside '") + What.str() +
                    "' and its statement ends after them: omp2cu translates one configuration "
                    "of the macros and cannot keep the others; move the conditional out of the "
                    "construct");
    return false;
  }
  return true;
}

} // namespace omp2cu::pp
