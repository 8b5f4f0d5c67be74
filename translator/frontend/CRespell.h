//===- CRespell.h - C that C++ reads as C does -----------------*- C++ -*-===//
//
// Part of omp2cu. The output is C++ (nvcc, hipcc, or the host C++ compiler for sim), and C++
// reads some valid C differently:
//
//   - with another type: `sizeof('a')` is 4 in C and 1 in C++, `sizeof(a < b)` 4 and 1,
//     `sizeof(p ? c1 : c2)` of two chars 4 and 1 (also under `_Alignof` and `__typeof__`);
//   - with another function: `sqrt(f)` of a float calls C's double sqrt and C++'s float
//     overload, `abs(-2.5)` C's int abs and C++'s double one;
//   - not at all: designated initializers out of declaration order, nested or array
//     designators (g++ and nvcc refuse them), elements of braced initializers that C converts
//     and C++ calls narrowing (`struct rgb c = {i * 2, ...}` of chars: clang, so hipcc,
//     refuses them), identifiers that are C++ keywords, `__auto_type`, `_Generic`.
//
// Before anything is translated, a C input's text is re-spelled so that both languages read it
// alike, and translated again (Passes.h). Every edit keeps the C program's meaning:
//
//   - an explicit cast of an expression whose type C++ would not give it, to the type C gives
//     it (`sizeof((int)'a')`);
//   - an explicit conversion of an argument that C converts to the parameter's type of a
//     library function (`sqrt((double)f)`), so that C++ calls the same function, and of an
//     initializer's element that C converts to its member's type (`{(char)(i * 2)}`);
//   - designated initializers in declaration order, one designator each (C leaves the order of
//     their evaluations unspecified);
//   - an identifier that is a C++ keyword renamed (`new` to `new_`), where every use is in the
//     file;
//   - `__auto_type` as the type it deduced, `_Generic` as the expression it selected;
//   - a tentative definition that another definition completes written `extern` (C++ would
//     read two definitions); `static` and qualifiers in an array parameter's brackets left out.
//
// Old-style (K&R) definitions, calls of functions declared without parameters (`int f();`,
// which C++ reads as taking none) and C's complex types are errors.
//
// An edit inside a macro's definition or argument is made only where every expansion of that
// text means the same thing with it (a cast to `int` of a character constant; an argument's
// conversion written in the same macro as the call); otherwise, where C++ would read the code
// differently, the error says so at the place.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_CRESPELL_H
#define OMP2CU_TRANSLATOR_FRONTEND_CRESPELL_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace omp2cu::ccompat {

/// For a C input: \p Out is the main file's text re-spelled as above, or empty where nothing
/// needs it. False after reporting errors.
bool respell(clang::ASTContext &Ctx, std::string &Out);

} // namespace omp2cu::ccompat

#endif // OMP2CU_TRANSLATOR_FRONTEND_CRESPELL_H
