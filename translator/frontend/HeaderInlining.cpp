//===- HeaderInlining.cpp - The user's headers with offloading code -------===//
#include "frontend/HeaderInlining.h"

#include "emit/LineDirectives.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"


using namespace clang;
using namespace llvm;

namespace omp2cu::headers {
namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<Inclusion> &Out) : SM(SM), Out(Out) {}

  void InclusionDirective(SourceLocation Hash, const Token &, StringRef, bool IsAngled,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    Inclusion I;
    I.Hash = Hash;
    I.End = FilenameRange.getEnd();
    I.Parent = SM.getFileID(Hash);
    I.File = File;
    I.System = Kind != SrcMgr::C_User;
    I.Angled = IsAngled;
    Out.push_back(I);
    Pending = File ? static_cast<int>(Out.size()) - 1 : -1;
  }

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason, SrcMgr::CharacteristicKind,
                        FileID, SourceLocation) override {
    if (Reason != LexedFileChangeReason::EnterFile || Pending < 0)
      return;
    OptionalFileEntryRef F = SM.getFileEntryRefForID(FID);
    if (F && Out[Pending].File && *F == *Out[Pending].File)
      Out[Pending].Child = FID;
    Pending = -1;
  }

private:
  const SourceManager &SM;
  std::vector<Inclusion> &Out;
  int Pending = -1; // the inclusion whose file is entered next
};

/// The real path of a file (one key for every name it is found by).
std::string key(FileEntryRef F) {
  StringRef Real = F.getFileEntry().tryGetRealPathName();
  return Real.empty() ? F.getName().str() : Real.str();
}

/// The file of \p FID, if it is a user's header (read from disk, not a system header).
OptionalFileEntryRef userHeader(const SourceManager &SM, FileID FID) {
  if (FID.isInvalid() || FID == SM.getMainFileID())
    return std::nullopt;
  if (SrcMgr::isSystem(SM.getFileCharacteristic(SM.getLocForStartOfFile(FID))))
    return std::nullopt;
  return SM.getFileEntryRefForID(FID);
}

/// The inclusion that entered \p FID, or null (the main file, a file given with -include).
const Inclusion *enteredBy(const std::vector<Inclusion> &Incs, FileID FID) {
  for (const Inclusion &I : Incs)
    if (I.Child == FID)
      return &I;
  return nullptr;
}

/// \p Slice of a header, with `#pragma once` made a comment (the header is now part of
/// another file, where it would only warn; its other inclusions are left out instead).
std::string withoutPragmaOnce(StringRef Slice) {
  std::string Out;
  while (!Slice.empty()) {
    auto [Line, Rest] = Slice.split('\n');
    StringRef T = Line.ltrim(" \t");
    bool Once = false;
    if (T.consume_front("#")) {
      T = T.ltrim(" \t");
      if (T.consume_front("pragma")) {
        T = T.trim();
        Once = T == "once";
      }
    }
    Out += Once ? "// #pragma once (omp2cu: this header is inlined here)" : Line.str();
    if (Line.size() < Slice.size())
      Out += "\n";
    Slice = Rest;
  }
  return Out;
}

class Writer {
public:
  Writer(const SourceManager &SM, const std::vector<Inclusion> &Incs,
         const std::set<std::string> &Names)
      : SM(SM), Incs(Incs), Names(Names) {}

  bool Changed = false;

  /// The text of the file instance \p FID with the inclusions of the headers to inline
  /// replaced by their text.
  std::string text(FileID FID) {
    bool Main = FID == SM.getMainFileID();
    StringRef Buf = SM.getBufferData(FID);
    std::string Out;
    size_t Pos = 0;
    auto copy = [&](size_t To) {
      Out += Main ? Buf.slice(Pos, To).str() : withoutPragmaOnce(Buf.slice(Pos, To));
      Pos = To;
    };
    for (const Inclusion &I : Incs) {
      if (I.Parent != FID || !I.File || I.Hash.isMacroID() || I.End.isMacroID())
        continue;
      size_t HashOff = SM.getFileOffset(I.Hash), EndOff = SM.getFileOffset(I.End);
      if (HashOff < Pos || EndOff > Buf.size())
        continue;
      size_t LineStart = Buf.rfind('\n', HashOff);
      LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
      size_t LineEnd = Buf.find('\n', EndOff);
      LineEnd = LineEnd == StringRef::npos ? Buf.size() : LineEnd;
      if (!I.System && Names.count(key(*I.File))) {
        copy(LineStart);
        Changed = true;
        if (I.Child.isInvalid()) {
          // Skipped (include guard, #pragma once): nothing to inline; the line stays, empty.
          Pos = LineEnd;
          continue;
        }
        // Back to the including file's line after the directive, as `#line` directives (the
        // ones of an earlier inlining among them) number it.
        PresumedLoc After = SM.getPresumedLoc(SM.getComposedLoc(FID, LineEnd));
        std::string Body = text(I.Child);
        if (!Body.empty() && Body.back() != '\n')
          Body += "\n";
        Out += directive(1, SM.getFileEntryRefForID(I.Child)->getName()) + Body +
               directive(After.getLine() + 1, After.getFilename());
        Pos = LineEnd < Buf.size() ? LineEnd + 1 : LineEnd;
        continue;
      }
      if (!Main && !I.Angled && !I.System) {
        // A quoted include is looked up in its file's directory first: name what it found
        // (a system header, found in the system's directories, is found from anywhere).
        size_t Quote = Buf.find('"', HashOff);
        if (Quote == StringRef::npos || Quote >= EndOff)
          continue;
        SmallString<256> Path(key(*I.File));
        sys::fs::make_absolute(Path);
        sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
        copy(Quote);
        Out += "\"" + text::cstring(Path) + "\"";
        Pos = EndOff;
      }
    }
    copy(Buf.size());
    return Out;
  }

private:
  const SourceManager &SM;
  const std::vector<Inclusion> &Incs;
  const std::set<std::string> &Names;

  static std::string directive(unsigned Line, StringRef Name) {
    return "#line " + std::to_string(Line) + " \"" + text::cstring(Name) + "\"" +
           lines::FirstPassMark + "\n";
  }
};

} // namespace

void recordInclusions(Preprocessor &PP, std::vector<Inclusion> &Out) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), Out));
}

namespace {
/// The files of the constructs and definitions that only a translation makes device code.
class OffloadCode : public RecursiveASTVisitor<OffloadCode> {
public:
  explicit OffloadCode(const SourceManager &SM) : SM(SM) {}
  std::set<FileID> Files;

  bool TraverseDecl(Decl *D) {
    // Nothing of a system header is translated.
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (isOpenMPTargetExecutionDirective(K) || isOpenMPTargetDataManagementDirective(K))
      add(D->getBeginLoc());
    return true;
  }
  bool VisitOMPRequiresDecl(OMPRequiresDecl *D) {
    add(D->getLocation());
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody() &&
        OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(F))
      add(F->getLocation());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasGlobalStorage() && V->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
        OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(V))
      add(V->getLocation());
    return true;
  }

private:
  const SourceManager &SM;
  void add(SourceLocation L) {
    if (L.isValid())
      Files.insert(SM.getFileID(SM.getExpansionLoc(L)));
  }
};
} // namespace

std::set<std::string> offloadHeaders(ASTContext &Ctx, const std::vector<Inclusion> &Incs) {
  const SourceManager &SM = Ctx.getSourceManager();
  OffloadCode C(SM);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::set<std::string> Out;
  for (FileID F : C.Files)
    if (inlinable(SM, Incs, F))
      Out.insert(key(*SM.getFileEntryRefForID(F)));
  return Out;
}

bool inlinable(const SourceManager &SM, const std::vector<Inclusion> &Incs, FileID F) {
  for (int Depth = 0; Depth < 200; ++Depth) {
    if (!userHeader(SM, F))
      return false;
    const Inclusion *I = enteredBy(Incs, F);
    if (!I || I->System)
      return false;
    if (I->Parent == SM.getMainFileID())
      return true;
    F = I->Parent;
  }
  return false;
}

std::set<std::string> headersToInline(const SourceManager &SM, const std::vector<Inclusion> &Incs,
                                      const std::set<std::string> &Needed) {
  std::set<std::string> Names = Needed;
  // The headers that include one of them: their #include lines are replaced too.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Inclusion &I : Incs)
      if (I.File && Names.count(key(*I.File)) && I.Parent != SM.getMainFileID())
        if (OptionalFileEntryRef P = userHeader(SM, I.Parent);
            P && inlinable(SM, Incs, I.Parent))
          Grew |= Names.insert(key(*P)).second;
  }
  return Names;
}

std::string inlined(const SourceManager &SM, const std::vector<Inclusion> &Incs,
                    const std::set<std::string> &Names, std::vector<std::string> &Paths) {
  if (Names.empty())
    return "";
  Writer W(SM, Incs, Names);
  std::string Text = W.text(SM.getMainFileID());
  std::set<std::string> Listed;
  for (const Inclusion &I : Incs) // by the name they were found by, as compilers list them
    if (I.Child.isValid() && !I.System && Names.count(key(*I.File)) &&
        Listed.insert(key(*I.File)).second)
      Paths.push_back(I.File->getName().str());
  return W.Changed ? Text : "";
}

std::string trailer(const std::vector<std::string> &Paths) {
  if (Paths.empty())
    return "";
  std::string Out = "\n// omp2cu: headers of yours translated into this file, where they are "
                    "included:\n";
  for (const std::string &P : Paths)
    Out += "// omp2cu-header: " + P + "\n";
  return Out;
}

std::string fileKey(FileEntryRef F) { return key(F); }

} // namespace omp2cu::headers
