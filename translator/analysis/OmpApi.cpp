//===- OmpApi.cpp - The library and OpenMP API functions of device code ------===//
//
// Part of omp2cu. See RegionAnalysis.h. Which functions of the C math library and of the
// OpenMP API a kernel may call, by name, and how the host device API is told apart.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace omp2cu::analysis {

bool isKnownDeviceLibraryFunction(const FunctionDecl *F) {
  static const llvm::StringSet<> Names = {
      // <math.h>, double, float and long double forms.
      "sqrt", "sqrtf", "cbrt", "cbrtf", "exp", "expf", "exp2", "exp2f", "expm1",
      "expm1f", "log", "logf", "log2", "log2f", "log10", "log10f", "log1p",
      "log1pf", "pow", "powf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
      "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f",
      "sinh", "sinhf", "cosh", "coshf", "tanh", "tanhf", "asinh", "acosh",
      "atanh", "fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf", "fmod",
      "fmodf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc",
      "truncf", "rint", "rintf", "lround", "llround", "fma", "fmaf", "hypot",
      "hypotf", "erf", "erff", "erfc", "erfcf", "tgamma", "lgamma", "copysign",
      "copysignf", "ldexp", "ldexpf", "frexp", "modf", "nextafter", "remainder",
      "isnan", "isinf", "isfinite", "signbit", "abs", "labs", "llabs",
      "sincos", "sincosf", "fdim", "fdimf", "nearbyint", "nearbyintf", "lrint", "lrintf",
      "llrint", "llrintf", "lroundf", "llroundf", "scalbn", "scalbnf", "ilogb", "ilogbf", "logb",
      "logbf", "lgammaf", "tgammaf", "asinhf", "acoshf", "atanhf", "frexpf", "modff",
      "nextafterf", "remainderf", "remquo", "remquof",
      // <stdio.h> / <string.h> on the device.
      "printf", "memcpy", "memset",
      // std:: forms through <cmath>.
      "min", "max",
      // assert(), rewritten to OMP2CU_ASSERT (Assert.h).
      "__assert_fail"};
  return Names.contains(F->getName());
}

/// The OpenMP API functions the device runtime answers (docs/runtime-abi.md).
bool isDeviceOmpApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_team_num",    "omp_get_num_teams",    "omp_get_thread_num",
      "omp_get_num_threads", "omp_get_max_threads",  "omp_is_initial_device",
      "omp_get_thread_limit", "omp_get_level",       "omp_in_parallel",
      "omp_get_num_devices", "omp_get_device_num",   "omp_get_active_level",
      "omp_get_ancestor_thread_num", "omp_get_team_size"};
  return Names.contains(Name);
}

llvm::StringRef globalCalleeName(const CallExpr *CE) {
  if (const FunctionDecl *F = CE->getDirectCallee())
    return F->getDeclContext()->getRedeclContext()->isTranslationUnit() ? F->getName() : "";
  const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!ULE || ULE->getQualifier() || !ULE->getName().isIdentifier())
    return "";
  for (const NamedDecl *D : ULE->decls())
    if (isa<FunctionDecl>(D->getUnderlyingDecl()) &&
        D->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return ULE->getName().getAsIdentifierInfo()->getName();
  return "";
}

llvm::StringRef ompRoutineName(llvm::StringRef Name) {
  return Name.split('[').first.split('$').first;
}

bool isDeviceOmpQuery(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_wtime",        "omp_get_wtick",          "omp_get_supported_active_levels",
      "omp_get_max_active_levels", "omp_get_num_procs", "omp_in_final",
      "omp_get_dynamic",      "omp_get_cancellation",   "omp_get_proc_bind",
      "omp_get_max_task_priority", "omp_get_nested",     "omp_get_max_teams",
      "omp_get_teams_thread_limit", "omp_get_num_places", "omp_get_place_num_procs",
      "omp_get_place_num",    "omp_get_partition_num_places", "omp_get_default_allocator"};
  return Names.contains(ompRoutineName(Name));
}

bool isKernelOmpRoutine(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_initial_device", "omp_alloc",  "omp_aligned_alloc",  "omp_calloc",
      "omp_aligned_calloc",     "omp_free",   "omp_init_allocator", "omp_destroy_allocator",
      "omp_set_max_active_levels", "omp_get_schedule", "omp_set_schedule", "omp_set_dynamic",
      "omp_init_lock",          "omp_destroy_lock", "omp_set_lock",    "omp_unset_lock",
      "omp_test_lock",          "omp_init_nest_lock", "omp_destroy_nest_lock",
      "omp_set_nest_lock",      "omp_unset_nest_lock", "omp_test_nest_lock",
      "omp_init_lock_with_hint", "omp_init_nest_lock_with_hint", "omp_set_nested",
      "omp_set_num_teams",      "omp_set_teams_thread_limit", "omp_get_place_proc_ids",
      "omp_get_partition_place_nums", "omp_set_default_allocator",
      // In the team's code of a generic-mode kernel only (GenericTeam; KernelEmitter.cpp).
      "omp_set_num_threads"};
  Name = ompRoutineName(Name);
  return isDeviceOmpApi(Name) || isDeviceOmpQuery(Name) || Names.contains(Name);
}

bool isSetNumThreads(const FunctionDecl *F) {
  return isOmpRoutine(F) && ompRoutineName(F->getName()) == "omp_set_num_threads";
}

bool isOmpRoutine(const FunctionDecl *F) {
  if (!F->getName().starts_with("omp_"))
    return false;
  const FunctionDecl *Def = F->getDefinition();
  return !Def || Def->getASTContext().getSourceManager().isInSystemHeader(Def->getLocation());
}

bool isHostDeviceApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_target_alloc",         "omp_target_free",         "omp_target_is_present",
      "omp_target_is_accessible",
      "omp_target_memcpy",        "omp_target_memcpy_rect",  "omp_target_memcpy_async",
      "omp_target_memcpy_rect_async",                        "omp_target_associate_ptr",
      "omp_target_disassociate_ptr", "omp_get_num_devices",  "omp_get_default_device",
      "omp_set_default_device",   "omp_get_initial_device",  "omp_get_device_num"};
  return Names.contains(Name);
}

} // namespace omp2cu::analysis
