//===- Metadirectives.cpp - Metadirectives resolved for the device --------===//
#include "frontend/Metadirectives.h"

#include "analysis/DeviceVariants.h"
#include "report/Diagnostics.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;
using llvm::omp::TraitProperty;

namespace omp2cu::meta {
namespace {

/// A span of the main file (offsets) and the construct traits of a directive around code.
struct Scope {
  unsigned Begin = 0, End = 0;
  std::vector<TraitProperty> Traits;
};

/// The target constructs of the main file, with the directives in them.
class Scopes : public RecursiveASTVisitor<Scopes> {
public:
  explicit Scopes(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  std::vector<Scope> Device, Directives;

  void region(const OMPExecutableDirective *D) {
    add(Device, D->getBeginLoc(), end(D), {});
    TraverseStmt(const_cast<OMPExecutableDirective *>(D));
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    std::vector<TraitProperty> T = variant::constructTraitsOf(D->getDirectiveKind());
    add(Directives, D->getBeginLoc(), end(D), std::move(T));
    return true;
  }

private:
  const SourceManager &SM;
  SourceLocation end(const OMPExecutableDirective *D) {
    return D->hasAssociatedStmt() && D->getAssociatedStmt() ? D->getAssociatedStmt()->getEndLoc()
                                                            : D->getEndLoc();
  }
  void add(std::vector<Scope> &To, SourceLocation B, SourceLocation E,
           std::vector<TraitProperty> T) {
    B = SM.getExpansionLoc(B);
    E = SM.getExpansionLoc(E);
    if (!SM.isInMainFile(B) || !SM.isInMainFile(E))
      return;
    To.push_back({SM.getFileOffset(B), SM.getFileOffset(E) + 1, std::move(T)});
  }
};

/// The end of the group of parentheses that starts at \p Open, or npos.
size_t closing(llvm::StringRef S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    if (S[I] == '(')
      ++Depth;
    else if (S[I] == ')' && --Depth == 0)
      return I;
  }
  return llvm::StringRef::npos;
}

/// The first ':' of \p S outside parentheses and braces.
size_t topColon(llvm::StringRef S) {
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '(' || S[I] == '{')
      ++Depth;
    else if (S[I] == ')' || S[I] == '}')
      --Depth;
    else if (S[I] == ':' && Depth == 0)
      return I;
  }
  return llvm::StringRef::npos;
}

/// The clauses of a metadirective: the `when` selectors and directives, and the directive of
/// `default`/`otherwise` (empty: none). False where the text is not of that form.
bool parseClauses(llvm::StringRef S, std::vector<std::string> &Selectors,
                  std::vector<std::string> &Directives, std::string &Default) {
  size_t I = 0;
  while (true) {
    while (I < S.size() && (isspace(S[I]) || S[I] == ','))
      ++I;
    if (I >= S.size())
      return true;
    size_t NameEnd = I;
    while (NameEnd < S.size() && (isalnum(S[NameEnd]) || S[NameEnd] == '_'))
      ++NameEnd;
    llvm::StringRef Name = S.slice(I, NameEnd);
    size_t Open = NameEnd;
    while (Open < S.size() && isspace(S[Open]))
      ++Open;
    if (Open >= S.size() || S[Open] != '(')
      return false;
    size_t Close = closing(S, Open);
    if (Close == llvm::StringRef::npos)
      return false;
    llvm::StringRef Arg = S.slice(Open + 1, Close);
    if (Name == "when") {
      size_t Colon = topColon(Arg);
      if (Colon == llvm::StringRef::npos)
        return false;
      Selectors.push_back(Arg.take_front(Colon).trim().str());
      Directives.push_back(Arg.drop_front(Colon + 1).trim().str());
    } else if (Name == "default" || Name == "otherwise") {
      Default = Arg.trim().str();
    } else {
      return false;
    }
    I = Close + 1;
  }
}

} // namespace

void resolveForDevice(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &Regions,
                      std::string &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FileID Main = SM.getMainFileID();
  Scopes Sc(Ctx);
  for (const OMPExecutableDirective *D : Regions)
    Sc.region(D);
  llvm::StringRef Buf = SM.getBufferData(Main);
  std::string Text;
  size_t Copied = 0;
  bool Failed = false;
  // A metadirective inside the one an edit of this pass resolves waits for the next pass: its
  // constructs are those of the directive chosen around it.
  unsigned DeferTo = 0;
  for (size_t Line = 0; Line < Buf.size();) {
    // The pragma's logical line (physical lines joined at backslashes), without its newline.
    const unsigned At = Line;
    Line = text::lineEnd(Buf, At);
    const size_t End = Line > At && Buf[Line - 1] == '\n' ? Line - 1 : Line;
    llvm::StringRef L;
    if (!text::ompDirectiveLine(Buf.slice(At, End), L) ||
        !text::directiveNamed(L, {"metadirective"}))
      continue;
    L = L.drop_front(L.find("metadirective") + strlen("metadirective"));
    const Scope *Region = nullptr;
    for (const Scope &S : Sc.Device)
      if (S.Begin <= At && At < S.End)
        Region = &S;
    if (!Region || At < DeferTo)
      continue;
    SourceLocation Loc = SM.getComposedLoc(Main, At + (Buf.slice(At, End).size() -
                                                        Buf.slice(At, End).ltrim().size()));
    auto Fail = [&](const std::string &Why) {
      diag::error(Ctx.getDiagnostics(), Loc,
                  "'#pragma omp metadirective' is not supported yet here: " + Why);
      Failed = true;
    };
    std::string Joined;
    for (size_t I = 0; I < L.size(); ++I) {
      if (L[I] == '\\' && I + 1 < L.size() && L[I + 1] == '\n') {
        Joined += ' ';
        ++I;
      } else {
        Joined += L[I];
      }
    }
    if (Joined.find("/*") != std::string::npos) {
      Fail("a comment in the directive's text");
      continue;
    }
    if (size_t C = Joined.find("//"); C != std::string::npos)
      Joined.resize(C);
    std::vector<std::string> Selectors, Directives;
    std::string Default;
    if (!parseClauses(Joined, Selectors, Directives, Default)) {
      Fail("clauses other than 'when', 'default' and 'otherwise'");
      continue;
    }
    // The construct traits: the directives around the pragma, outermost first (the one the
    // host selected starts inside it).
    std::vector<TraitProperty> Traits;
    for (const Scope &S : Sc.Directives)
      if (S.Begin < At && At < S.End)
        Traits.insert(Traits.end(), S.Traits.begin(), S.Traits.end());
    std::string Why;
    int Pick = variant::selectForDevice(
        Selectors, Traits, "the metadirective at line " + std::to_string(SM.getLineNumber(Main, At)),
        Why);
    if (Pick == -2) {
      Fail(Why + "; the device would have to select its variant");
      continue;
    }
    std::string Dir = Pick >= 0 ? Directives[Pick] : Default;
    if (Dir == "nothing")
      Dir.clear();
    // What the host's choice spans (nothing chosen: up to the end of the region).
    DeferTo = Region->End;
    for (const Scope &S : Sc.Directives)
      if (At <= S.Begin && S.Begin < End)
        DeferTo = S.End;
    std::string Indent =
        Buf.slice(At, End).take_while([](char C) { return C == ' ' || C == '\t'; }).str();
    Text += Buf.slice(Copied, At).str();
    Text += Dir.empty() ? "" : Indent + "#pragma omp " + Dir;
    Text += " // omp2cu: the metadirective's choice for the device";
    // The lines the pragma took.
    Text += std::string(Buf.slice(At, End).count('\n'), '\n');
    Copied = End;
  }
  if (Copied == 0 || Failed)
    return;
  Text += Buf.drop_front(Copied).str();
  Out = std::move(Text);
}

} // namespace omp2cu::meta
