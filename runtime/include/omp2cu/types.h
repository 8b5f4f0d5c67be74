//===- omp2cu/types.h - Types shared by generated code and runtime -*- C++ -*-===//
//
// Part of omp2cu. The names here are part of the runtime ABI (docs/runtime-abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_TYPES_H
#define OMP2CU_TYPES_H

#include <type_traits>

namespace omp2cu {

using u64 = unsigned long long;
using i64 = long long;

/// The map-type of one list item of a `map` clause (Release and Delete: `target exit data` only).
enum class MapKind { To, From, ToFrom, Alloc, Release, Delete };

/// Whether T is a const type or an array of one: the host object may lie in read-only memory,
/// and the program cannot change it, so no map, exit or update copies device data back into it
/// (From and ToFrom copy in only). Mapping `static const double c[3]` tofrom, as every implicit
/// map of an array does, wrote its .rodata at the region's end (a segmentation fault).
template <class T>
inline constexpr bool read_only_v = std::is_const_v<std::remove_all_extents_t<T>>;

/// \p kind without its copy back to the host when \p T is read_only_v: ToFrom -> To,
/// From -> Alloc.
template <class T> constexpr MapKind host_writable(MapKind kind) {
  if constexpr (read_only_v<T>)
    return kind == MapKind::ToFrom ? MapKind::To : kind == MapKind::From ? MapKind::Alloc : kind;
  else
    return kind;
}

/// Map-type modifiers, as a bit set. Close is accepted and has no effect. ModImplicit is not a
/// modifier of the language: it marks a list item that no clause names (implicitly mapped), to
/// which the restriction "all of its storage or none of it is present" does not apply.
enum MapModifier : unsigned { ModAlways = 1u, ModPresent = 2u, ModClose = 4u, ModImplicit = 8u };

/// Levels of the one-to-one mapping, used as a bit set ("scope").
enum Level : unsigned { Teams = 1u, Threads = 2u, Lanes = 4u };

} // namespace omp2cu

#endif // OMP2CU_TYPES_H
