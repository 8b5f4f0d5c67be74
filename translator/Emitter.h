//===- Emitter.h - Kernel and launch code generation ------------*- C++ -*-===//
//
// Part of omp2cu. The emitters turn a planned region into text: the kernel
// (KernelEmitter.cpp) and the host block that replaces the directive
// (HostEmitter.cpp). Both fill the templates of templates/ with fmt.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMITTER_H
#define OMP2CU_TRANSLATOR_EMITTER_H

#include "Planner.h"
#include "RegionModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>

namespace omp2cu::emit {

/// Emits the kernel of region \p R. \p KR is a rewriter over the input that
/// only kernel text is taken from: the body edits (nested directives, atomics,
/// OpenMP API calls, guards) are made there. Returns the kernel definition.
std::string emitKernel(clang::ASTContext &Ctx, clang::Rewriter &KR,
                       const model::Region &R, const plan::KernelPlan &P);

/// Emits the host block that replaces the directive of \p R: maps, launch,
/// unmaps, and the host fallback of an `if` clause (\p FallbackStmt is the
/// associated statement as it is to be compiled for the host).
std::string emitLaunch(clang::ASTContext &Ctx, const model::Region &R,
                       const plan::KernelPlan &P,
                       const std::string &FallbackStmt,
                       const std::string &Indent);

/// The template header of the kernel ("template <typename T>\n") and the
/// template arguments to name it with ("<T>"), for regions in templates.
struct TemplateInfo {
  std::string Header, Args;
  bool Ok = true;
};
TemplateInfo templateInfo(clang::ASTContext &Ctx, const model::Region &R);

/// The runtime's name of a reduction operator ("omp2cu::op::Plus").
const char *opName(model::RedOp Op);

/// The runtime's name of a loop test ("omp2cu::loop::LT").
const char *cmpName(model::Cmp C);

/// The signed step of a canonical loop as an expression ("-(omp2cu::i64)(2)").
std::string stepText(clang::ASTContext &Ctx, const model::Loop &L);

} // namespace omp2cu::emit

#endif // OMP2CU_TRANSLATOR_EMITTER_H
