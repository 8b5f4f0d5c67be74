//===- Requires.cpp - The requires directive ----------------------------===//
//
// Part of omp2cu. See Requires.h.
//
//===----------------------------------------------------------------------===//

#include "emit/host/Requires.h"

#include "report/Diagnostics.h"
#include "support/SourceText.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cu::requirement {

namespace {

void collect(const DeclContext *DC, const SourceManager &SM,
             std::vector<const OMPRequiresDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *R = dyn_cast<OMPRequiresDecl>(D)) {
      if (SM.isInMainFile(SM.getExpansionLoc(R->getLocation())))
        Out.push_back(R);
    } else if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
      collect(cast<DeclContext>(D), SM, Out);
    }
  }
}

} // namespace

std::vector<const OMPRequiresDecl *> directives(ASTContext &Ctx) {
  std::vector<const OMPRequiresDecl *> Out;
  collect(Ctx.getTranslationUnitDecl(), Ctx.getSourceManager(), Out);
  return Out;
}

bool rewrite(ASTContext &Ctx, Rewriter &RW, const std::vector<const OMPRequiresDecl *> &Ds,
             std::string &Top) {
  const SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  const FileID Main = SM.getMainFileID();
  const StringRef Buf = SM.getBufferData(Main);
  bool Ok = true;
  for (const OMPRequiresDecl *D : Ds) {
    if (D->getLocation().isMacroID()) {
      diag::error(DE, D->getLocation(),
                  "a 'requires' directive written by a macro is not supported yet; write it as "
                  "'#pragma omp requires ...'");
      Ok = false;
      continue;
    }
    std::vector<std::string> Flags;
    std::string MemOrder, Names;
    for (const OMPClause *Cl : D->clauselists()) {
      const std::string Name = llvm::omp::getOpenMPClauseName(Cl->getClauseKind()).str();
      auto Flag = [&](const char *F) {
        Flags.push_back(F);
        Names += (Names.empty() ? "" : ", ") + Name;
      };
      switch (Cl->getClauseKind()) {
      case llvm::omp::OMPC_unified_address:
        Flag("omp2cu::host::kUnifiedAddress");
        break;
      case llvm::omp::OMPC_unified_shared_memory:
        Flag("omp2cu::host::kUnifiedSharedMemory");
        break;
      case llvm::omp::OMPC_dynamic_allocators:
        Flag("omp2cu::host::kDynamicAllocators");
        break;
      case llvm::omp::OMPC_atomic_default_mem_order:
        MemOrder = text::get(Ctx, SourceRange(Cl->getBeginLoc(), Cl->getEndLoc()));
        break;
      case llvm::omp::OMPC_reverse_offload:
        diag::error(DE, Cl->getBeginLoc(),
                    "'requires reverse_offload' is not supported: kernels on the cuda, hip and "
                    "sim backends cannot run target regions on the host "
                    "('device(ancestor: 1)')");
        Ok = false;
        break;
      default:
        diag::error(DE, Cl->getBeginLoc(),
                    "clause '" + Name + "' of 'requires' is not supported yet");
        Ok = false;
      }
    }
    // The directive's lines: from its `#` to the end of its last continuation line.
    const unsigned Off = SM.getFileOffset(SM.getExpansionLoc(D->getLocation()));
    const unsigned LineBegin = text::lineStart(Buf, Off);
    const unsigned End = text::lineEnd(Buf, Off); // after its `\n`, continuations included
    const size_t Hash = Buf.find('#', LineBegin);
    if (Hash == StringRef::npos || Hash >= Off) {
      diag::error(DE, D->getLocation(),
                  "this 'requires' directive cannot be translated: it does not start its line");
      Ok = false;
      continue;
    }
    const SourceLocation Start = SM.getLocForStartOfFile(Main);
    // `//` also comments out the continuation lines of a pragma ending in `\`.
    RW.InsertTextBefore(Start.getLocWithOffset(Hash), "// omp2cu: translated: ");
    std::string After;
    if (!MemOrder.empty()) // at the top: C code is wrapped in extern "C", where clang refuses it
      Top += "#pragma omp requires " + MemOrder + " // omp2cu: for the host's atomics (line " +
             std::to_string(text::line(SM, D->getLocation())) +
             "; the kernels' are written with it)\n";
    if (!Flags.empty()) {
      std::string Or;
      for (const std::string &F : Flags)
        Or += (Or.empty() ? "" : " | ") + F;
      After += fmt::format("[[maybe_unused]] static const bool omp2cu_requires_L{} = "
                           "omp2cu::host::require({}); // omp2cu: {}\n",
                           text::line(SM, D->getLocation()), Or, Names);
    }
    if (After.empty())
      continue;
    // At the end of the directive's last line (not at the start of the next one, where the
    // next directive's comment goes).
    After.pop_back(); // its last `\n`
    const unsigned At = End > 0 && Buf[End - 1] == '\n' ? End - 1 : End;
    RW.InsertTextAfter(Start.getLocWithOffset(At), "\n" + After);
  }
  return Ok;
}

} // namespace omp2cu::requirement
