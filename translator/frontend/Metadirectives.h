//===- Metadirectives.h - Metadirectives resolved for the device -*- C++ -*-===//
//
// Part of omp2cu. Clang parses only the directive of a metadirective that the host's context
// selects. In a target region a first pass writes each `#pragma omp metadirective` as the
// directive the device's context selects (DeviceVariants.h: the constructs around it, a GPU,
// the backend's architecture), and the file is translated again from that text:
//
//   #pragma omp metadirective when(device = {arch(nvptx)}: teams distribute parallel for) \
//       default(parallel for)
//   ->  (for the cuda and sim backends)
//   #pragma omp teams distribute parallel for
//
// `default` and `otherwise` give the directive where no `when` applies, none or `nothing` an
// empty line; the lines after it stay the user's. The region's host fallback runs that
// directive too (OpenMP would select for the host there; conforming variants give the same
// result). A metadirective whose selectors name the program's variables or macros (a `user`
// condition), or in a function that target regions call (its text is the host's too), is left
// as it is: the analysis reports it.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_METADIRECTIVES_H
#define OMP2CU_TRANSLATOR_FRONTEND_METADIRECTIVES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cu::meta {

/// The main file's text with the metadirectives in the target constructs \p Regions written as
/// the directives the device selects, in \p Out; \p Out stays empty when there is none.
void resolveForDevice(clang::ASTContext &Ctx,
                      const std::vector<const clang::OMPExecutableDirective *> &Regions,
                      std::string &Out);

} // namespace omp2cu::meta

#endif // OMP2CU_TRANSLATOR_FRONTEND_METADIRECTIVES_H
