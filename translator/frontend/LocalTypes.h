//===- LocalTypes.h - Structs of a function that its kernels use -*- C++ -*-===//
//
// Part of omp2cu. A target region's kernel is a function at namespace scope, defined before the
// function that holds the region: it cannot name a struct or union declared inside that
// function, yet its parameters and its code do when the region uses one (a mapped `struct {
// ... } s`, an array of a local `typedef struct { ... } point`). A first pass therefore moves
// the definitions of such types before their function, where the kernels will be, and the file
// is translated again from that text:
//
//   struct S { ... };              -> moved whole
//   typedef struct { ... } T;      -> moved whole (T becomes a name at namespace scope)
//   struct S { ... } s, t[4];      -> `struct S { ... };` moved, `struct S s, t[4];` stays
//   struct { ... } s;              -> named omp2cu_<function>_L<line> first, then as above
//
// `#line` directives around the moved text keep every diagnostic on the line the user wrote, and
// its place keeps its lines as blank ones. A name that a declaration at namespace scope (or
// another moved type: functions often declare their own `struct node`) has already becomes
// `omp2cu_<function>_<name>`, written wherever the function names the type. A type moves only
// where the move changes nothing else: its members' types are not the function's own (but for
// records and typedefs that move too), and it is a plain aggregate (C++: no member functions,
// no base classes); otherwise an error says why. Types of function templates and of member
// functions are left to the analysis, which reports them.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_LOCALTYPES_H
#define OMP2CU_TRANSLATOR_FRONTEND_LOCALTYPES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <utility>
#include <vector>

namespace omp2cu::localtypes {

/// The main file's text with the structs and unions that the target constructs \p Regions
/// (each with its function) use and that their functions declare before them moved before those
/// functions, in \p Out; \p Out stays empty when there is none. False, with errors reported,
/// when such a type cannot move.
bool hoist(clang::ASTContext &Ctx,
           const std::vector<std::pair<const clang::OMPExecutableDirective *,
                                       const clang::FunctionDecl *>> &Regions,
           std::string &Out);

} // namespace omp2cu::localtypes

#endif // OMP2CU_TRANSLATOR_FRONTEND_LOCALTYPES_H
