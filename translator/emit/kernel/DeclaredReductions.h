//===- DeclaredReductions.h - declare reduction in kernels ------*- C++ -*-===//
//
// Part of omp2cu. A reduction clause of a target region may name a reduction the program
// declares (`#pragma omp declare reduction(id : type-list : combiner) initializer(...)`).
// Kernels combine its values with a struct the translator writes after the directive (in the
// same scope: the combiner's names mean what they mean there):
//
//   struct omp2cu_reduction_merge_L12 {
//     using omp2cu_type = T;
//     static constexpr bool omp2cu_reads_orig = ...; // the initializer reads omp_orig
//     static __device__ omp2cu_type omp2cu_init(omp2cu_type &omp_orig);   // the initializer
//     static __device__ omp2cu_type omp2cu_apply(omp2cu_type omp_out, omp2cu_type omp_in);
//   };
//
// (its members' names cannot hide the program's functions that the combiner calls)
// and the runtime's declared_* functions (omp2cu/device/declared_reduction.h). The directive
// stays for the host versions of the regions. Without an initializer clause the private copy
// is value-initialized (OpenMP: as an object of static storage duration, zero for C).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_KERNEL_DECLAREDREDUCTIONS_H
#define OMP2CU_TRANSLATOR_EMIT_KERNEL_DECLAREDREDUCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"

#include <string>
#include <vector>

namespace omp2cu::udr {

/// The `declare reduction` that item \p T of \p RC names where Sema has not resolved it (a
/// clause in a function template, whose instantiations resolve it): found by name from
/// \p Scope outwards, or in the clause's namespace, for the type of the item. Null if none.
const clang::OMPDeclareReductionDecl *lookup(const clang::ASTContext &Ctx,
                                             const clang::OMPReductionClause *RC,
                                             const clang::DeclContext *Scope, clang::QualType T);

/// Why kernels cannot use \p D (empty when they can): declared in a function, a class, a
/// template or a header, written by a macro, of a type that is not trivially copyable, larger
/// than 256 bytes, defined after the directive or whose private copies would need a
/// user-provided default constructor, or with a combiner or initializer that computes with
/// std::complex or calls a function that uses globals.
std::string unsupported(const clang::ASTContext &Ctx, const clang::OMPDeclareReductionDecl *D);

/// The name kernels call the struct of \p D by (qualified by its namespaces).
std::string structName(const clang::ASTContext &Ctx, const clang::OMPDeclareReductionDecl *D);

/// The struct of \p D, as text that follows its directive's line.
std::string definition(const clang::ASTContext &Ctx, const clang::OMPDeclareReductionDecl *D);

/// Where definition() goes: the start of the line after the directive (after its line
/// continuations).
clang::SourceLocation afterDirective(const clang::ASTContext &Ctx,
                                     const clang::OMPDeclareReductionDecl *D);

/// The combiner and the initializer of \p D: code that runs on the device (the functions they
/// call are device functions).
std::vector<const clang::Stmt *> deviceCode(const clang::OMPDeclareReductionDecl *D);

} // namespace omp2cu::udr

#endif // OMP2CU_TRANSLATOR_EMIT_KERNEL_DECLAREDREDUCTIONS_H
