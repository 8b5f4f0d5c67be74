//===- RuntimeNames.cpp - User names that CUDA's and HIP's headers take ---===//
//
// Part of omp2cu. See RuntimeNames.h.
//
//===----------------------------------------------------------------------===//
#include "emit/RuntimeNames.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cu::names {
namespace {

/// The vector types of CUDA's vector_types.h and HIP's amd_hip_vector_types.h, `dim3`, and the
/// `make_<type>` functions that construct them.
bool isRuntimeName(llvm::StringRef Name) {
  llvm::StringRef Base = Name;
  if (Base == "dim3" || Base == "make_dim3")
    return true;
  Base.consume_front("make_");
  if (Base.empty() || Base.back() < '1' || Base.back() > '4')
    return false;
  Base = Base.drop_back();
  static const std::set<llvm::StringRef> Scalars = {
      "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
      "longlong", "ulonglong", "float", "double"};
  return Scalars.count(Base) != 0;
}

void collect(const DeclContext *DC, const SourceManager &SM, std::set<std::string> &Out) {
  for (const Decl *D : DC->decls()) {
    if (isa<LinkageSpecDecl>(D)) {
      collect(cast<DeclContext>(D), SM, Out);
      continue;
    }
    const auto *ND = dyn_cast<NamedDecl>(D);
    if (!ND || !ND->getIdentifier() || D->isImplicit())
      continue;
    if (!isa<TagDecl, TypedefNameDecl, FunctionDecl, FunctionTemplateDecl, ClassTemplateDecl,
             VarDecl>(ND))
      continue;
    SourceLocation L = SM.getExpansionLoc(ND->getLocation());
    if (L.isInvalid() || SM.isInSystemHeader(L))
      continue;
    if (isRuntimeName(ND->getName()))
      Out.insert(ND->getName().str());
  }
}

} // namespace

std::string renameRuntimeCollisions(ASTContext &Ctx) {
  std::set<std::string> Names;
  collect(Ctx.getTranslationUnitDecl(), Ctx.getSourceManager(), Names);
  std::string Out;
  for (const std::string &N : Names)
    Out += "#define " + N + " omp2cu_user_" + N +
           " // omp2cu: your '" + N + "', not CUDA's and HIP's built-in one\n";
  return Out;
}

} // namespace omp2cu::names
