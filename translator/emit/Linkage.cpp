//===- Linkage.cpp - Output that links with other translation units -------===//
#include "emit/Linkage.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cu::linkage {
namespace {
const char *CloseC = "} // extern \"C\" (omp2cu)\n";
const char *OpenC = "extern \"C\" { // omp2cu: C linkage, as the C compiler gives\n";

class Recorder : public PPCallbacks {
public:
  explicit Recorder(std::vector<Inclusion> &Out) : Out(Out) {}
  void InclusionDirective(SourceLocation Hash, const Token &, StringRef FileName, bool IsAngled,
                          CharSourceRange, OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool, SrcMgr::CharacteristicKind Kind) override {
    if (File)
      Out.push_back({Hash, FileName.str(), IsAngled, File, Kind != SrcMgr::C_User});
  }

private:
  std::vector<Inclusion> &Out;
};

/// Whether a header handles C++ itself: a system header, or one that tests __cplusplus and
/// declares its C functions extern "C" then.
class CxxAware {
public:
  explicit CxxAware(SourceManager &SM) : SM(SM) {}
  bool operator()(FileEntryRef F, bool System) {
    if (System)
      return true;
    auto [It, New] = Known.try_emplace(F.getName().str(), false);
    if (New)
      if (auto B = SM.getFileManager().getBufferForFile(F))
        It->second = (*B)->getBuffer().contains("__cplusplus") &&
                     (*B)->getBuffer().contains("extern \"C\"");
    return It->second;
  }

private:
  SourceManager &SM;
  std::map<std::string, bool> Known;
};

/// Whether \p L lies inside a top-level declaration of the main file (an #include in a function
/// body cannot leave the extern "C" block).
bool insideDeclaration(ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange R(SM.getExpansionLoc(D->getBeginLoc()), SM.getExpansionLoc(D->getEndLoc()));
    if (R.isValid() && SM.isInMainFile(R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(R.getEnd(), L))
      return true;
  }
  return false;
}

} // namespace

void recordInclusions(Preprocessor &PP, std::vector<Inclusion> &Out) {
  PP.addPPCallbacks(std::make_unique<Recorder>(Out));
}

std::string kernel(const ASTContext &Ctx, const std::string &Kernel) {
  std::string K = "namespace { // omp2cu: kernels have internal linkage\n" + Kernel +
                  "} // namespace\n";
  if (Ctx.getLangOpts().CPlusPlus)
    return K;
  return CloseC + K + OpenC;
}

void wrapC(ASTContext &Ctx, Rewriter &HostRW, const std::vector<Inclusion> &Inclusions) {
  if (Ctx.getLangOpts().CPlusPlus)
    return;
  SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  SourceLocation Start = SM.getLocForStartOfFile(Main);
  HostRW.InsertTextBefore(Start, OpenC);

  CxxAware Aware(SM);
  std::string PreIncludes;
  std::set<std::string> PreIncluded;
  for (const Inclusion &I : Inclusions) {
    if (!Aware(*I.File, I.System))
      continue;
    SourceLocation Hash = SM.getExpansionLoc(I.Hash);
    if (SM.isWrittenInMainFile(Hash)) {
      if (insideDeclaration(Ctx, Hash))
        continue;
      unsigned Line = SM.getExpansionLineNumber(Hash);
      SourceLocation LineStart = SM.translateLineCol(Main, Line, 1);
      SourceLocation Next = SM.translateLineCol(Main, Line + 1, 1);
      bool AtEOF = SM.getExpansionLineNumber(Next) != Line + 1;
      HostRW.InsertText(LineStart, CloseC, /*InsertAfter=*/true);
      if (AtEOF)
        HostRW.InsertTextBefore(SM.getLocForEndOfFile(Main), std::string("\n") + OpenC);
      else
        HostRW.InsertTextBefore(Next, OpenC);
      continue;
    }
    // Included by a header: only a plain C header of the user is read inside the block.
    FileID Includer = SM.getFileID(Hash);
    OptionalFileEntryRef IncluderFile = SM.getFileEntryRefForID(Includer);
    if (!IncluderFile || Aware(*IncluderFile, SM.isInSystemHeader(Hash)))
      continue;
    std::string Name = I.Angled ? "<" + I.Spelled + ">"
                                : "\"" + std::string(I.File->getFileEntry().tryGetRealPathName()) +
                                      "\"";
    if (PreIncluded.insert(Name).second)
      PreIncludes += "#include " + Name + " // omp2cu: handles C++ itself, read before the "
                     "extern \"C\" block\n";
  }
  if (!PreIncludes.empty())
    HostRW.InsertTextBefore(Start, PreIncludes);

  // `main` must not have C language linkage in C++.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->isMain() || !F->doesThisDeclarationHaveABody())
      continue;
    SourceLocation B = SM.getExpansionLoc(F->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(F->getEndLoc());
    if (!SM.isInMainFile(B) || !SM.isInMainFile(E))
      continue;
    HostRW.InsertText(B, CloseC, /*InsertAfter=*/true);
    HostRW.InsertTextAfter(Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts()),
                           std::string("\n") + OpenC);
  }
  HostRW.InsertTextBefore(SM.getLocForEndOfFile(Main), std::string("\n") + CloseC);
}

} // namespace omp2cu::linkage
