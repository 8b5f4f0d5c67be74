//===- Metadirectives.cpp - Metadirectives resolved for the device --------===//
#include "Metadirectives.h"

#include "DeviceVariants.h"

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
  Scopes Sc(Ctx);
  for (const OMPExecutableDirective *D : Regions)
    Sc.region(D);
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::string Text;
  size_t Copied = 0;
  for (size_t Line = 0; Line < Buf.size();) {
    size_t LineEnd = Buf.find('\n', Line);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Buf.size();
    // The pragma's logical line: physical lines joined at backslashes.
    size_t End = LineEnd;
    while (End > Line && End < Buf.size() && Buf[End - 1] == '\\') {
      End = Buf.find('\n', End + 1);
      if (End == llvm::StringRef::npos)
        End = Buf.size();
    }
    llvm::StringRef L = Buf.slice(Line, End).ltrim();
    size_t Next = End + 1;
    if (!L.consume_front("#"))
      goto next;
    {
      L = L.ltrim();
      if (!L.consume_front("pragma"))
        goto next;
      L = L.ltrim();
      if (!L.consume_front("omp"))
        goto next;
      L = L.ltrim();
      if (!L.consume_front("metadirective") || (!L.empty() && !isspace(L[0])))
        goto next;
      const unsigned At = Line;
      if (!llvm::any_of(Sc.Device, [&](const Scope &S) { return S.Begin <= At && At < S.End; }))
        goto next;
      std::string Joined;
      for (size_t I = 0; I < L.size(); ++I) {
        if (L[I] == '\\' && I + 1 < L.size() && L[I + 1] == '\n') {
          Joined += ' ';
          ++I;
        } else {
          Joined += L[I];
        }
      }
      // Strip comments at the end (the pragma's text up to `//` or `/*`).
      if (size_t C = Joined.find("//"); C != std::string::npos)
        Joined.resize(C);
      if (Joined.find("/*") != std::string::npos)
        goto next;
      std::vector<std::string> Selectors, Directives;
      std::string Default;
      if (!parseClauses(Joined, Selectors, Directives, Default))
        goto next;
      // The construct traits: the directives around the pragma, outermost first (the one the
      // host selected starts inside it).
      std::vector<TraitProperty> Traits;
      for (const Scope &S : Sc.Directives)
        if (S.Begin < At && At < S.End)
          Traits.insert(Traits.end(), S.Traits.begin(), S.Traits.end());
      std::string Why;
      int Pick = variant::selectForDevice(
          Selectors, Traits,
          "the metadirective at line " + std::to_string(SM.getLineNumber(SM.getMainFileID(), At)),
          Why);
      if (Pick == -2)
        goto next;
      std::string Dir = Pick >= 0 ? Directives[Pick] : Default;
      if (Dir == "nothing")
        Dir.clear();
      std::string Indent = Buf.slice(Line, End).take_while([](char C) { return C == ' ' || C == '\t'; }).str();
      Text += Buf.slice(Copied, Line).str();
      Text += Dir.empty() ? "" : Indent + "#pragma omp " + Dir;
      Text += " // omp2cu: the metadirective's choice for the device";
      // The lines the pragma took.
      Text += std::string(Buf.slice(Line, End).count('\n'), '\n');
      Copied = End;
    }
  next:
    Line = Next;
  }
  if (Copied == 0)
    return;
  Text += Buf.drop_front(Copied).str();
  Out = std::move(Text);
}

} // namespace omp2cu::meta
