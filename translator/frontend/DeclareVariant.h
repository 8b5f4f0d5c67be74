//===- DeclareVariant.h - Blocks of `begin declare variant` ----*- C++ -*-===//
//
// Part of omp2cu. Clang parses the input once, for the host: the functions of a
// `#pragma omp begin declare variant match(device = {kind(gpu)})` block are skipped (the
// context does not match), those of a block that matches the host replace their base functions
// in every call. Either way the kernels would call the host's choice, not the device's: a
// silent wrong answer. Until the translator selects variants for the device, such blocks in a
// file with offloading are an error at the directive. (`declare variant` on a declaration:
// the kernels call the device's choice, DeviceVariants.h.)
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_DECLAREVARIANT_H
#define OMP2CU_TRANSLATOR_FRONTEND_DECLAREVARIANT_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

#include <vector>

namespace omp2cu::pp {

/// Records in \p Out where each `begin declare variant` directive outside system headers is
/// (written as `#pragma` or with `_Pragma`), while \p PP preprocesses the input.
void recordBeginDeclareVariant(clang::Preprocessor &PP, std::vector<clang::SourceLocation> &Out);

/// The error for a `begin declare variant` block in a file with offloading.
const char *beginDeclareVariantMessage();

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_FRONTEND_DECLAREVARIANT_H
