//===- DeclaredMappers.h - declare mapper, applied where it is used -*- C++ -*-===//
//
// Part of omp2cu. `#pragma omp declare mapper([id:] T v) map(...)...` says how a list item of
// type T is mapped: by the mapper's own map clauses, with the item in place of v. A first pass
// writes every use out (OpenMP 5.2, 5.8.8) and removes the directive (g++, which compiles the
// host code, does not know it), and the file is translated again from that text:
//
//   #pragma omp declare mapper(myvec_t v) map(v, v.data[0:v.len])
//   #pragma omp target map(to: s)                -> map(to: s, s.data[0:s.len])
//   #pragma omp target            // uses s      -> ... map(tofrom: s, s.data[0:s.len])
//   #pragma omp target update from(s)            -> from(s, s.data[0:s.len])
//
// Which mapper an item takes is Sema's answer (the `mapper(id)` modifier, else the type's
// `default` mapper, also for the implicit maps of target constructs). The map type of each
// written-out item is the decay of the invoking map type and the mapper's (5.8.8, "map-type
// decay": the transfers both ask for; release and delete stay), in exit data an item that moves
// nothing is released; the invoking clause's modifiers (always, close, present) go to every
// item; `to`/`from` of `target update` keep the items whose decayed type moves that way.
// Mappers applied inside a mapper (members of a type with its own default mapper) are written
// out too. Reported with their place: mappers declared in an included file or a macro, items
// that are arrays or array sections of the type (the mapper maps each element), uses in macros
// and in templates whose items' types depend on the template's parameters, the `iterator`
// modifier, and a mapper that applies itself (a linked list).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_DECLAREDMAPPERS_H
#define OMP2CU_TRANSLATOR_FRONTEND_DECLAREDMAPPERS_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace omp2cu::mapper {

/// The main file's text with the uses of its `declare mapper` directives written out and the
/// directives removed, in \p Out; \p Out stays empty when the file declares no mapper.
/// \p Declared: the translation unit declares a mapper. Returns false, with the errors
/// reported, where a use cannot be written out.
bool expand(clang::ASTContext &Ctx, std::string &Out, bool &Declared);

} // namespace omp2cu::mapper

#endif // OMP2CU_TRANSLATOR_FRONTEND_DECLAREDMAPPERS_H
