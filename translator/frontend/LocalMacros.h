//===- LocalMacros.h - Macros a kernel must see -----------------*- C++ -*-===//
//
// Part of omp2cu. A kernel is emitted before the function that holds its target region, so it
// is compiled with the macros of that point, while its text was read with those of the region:
//
//   int main(void) {
//   #define N 64
//   #pragma omp target map(...)
//     for (int i = 0; i < N; ++i) ...
//
// The preprocessor's definitions and expansions are recorded; for a region, the macros that it
// expands (directly or inside other macros) whose definition at the region differs from the one
// at the kernel's place are defined again around the kernel, and those #undef'd between the
// two places are undefined there, each inside `#pragma push_macro` / `pop_macro`, so that the
// code after the kernel sees what it saw before.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_LOCALMACROS_H
#define OMP2CU_TRANSLATOR_FRONTEND_LOCALMACROS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <string>
#include <vector>

namespace omp2cu::pp {

/// What the preprocessor did with macros, in the order it did it.
struct MacroHistory {
  struct Event {
    enum Kind { Define, Undef, Expand } K;
    std::string Name;
    clang::SourceLocation Loc;         ///< of the name in #define/#undef; expansion location
    clang::SourceLocation DefinedAt;   ///< Expand: where the expanded definition is
    std::string Definition;            ///< Define: the text after `#define `
  };
  std::vector<Event> Events;
};

/// Records \p PP's macro definitions and expansions into \p Out (which must outlive parsing).
void recordMacros(clang::Preprocessor &PP, MacroHistory &Out);

/// The lines to put before and after the text of a kernel inserted at \p At for a region in
/// \p Region, so that the kernel sees the macros the region saw (see above); both empty when
/// nothing differs.
struct MacroFrame {
  std::string Before, After;
};
MacroFrame macroFrame(const clang::SourceManager &SM, const MacroHistory &H,
                      clang::SourceLocation At, clang::SourceRange Region);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_FRONTEND_LOCALMACROS_H
