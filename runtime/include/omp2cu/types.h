//===- omp2cu/types.h - Types shared by generated code and runtime -*- C++ -*-===//
//
// Part of omp2cu. The names here are part of the runtime ABI (docs/runtime-abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_TYPES_H
#define OMP2CU_TYPES_H

#include <cstring>

namespace omp2cu {

using i32 = int;
using u32 = unsigned;
using u64 = unsigned long long;
using i64 = long long;

/// The map-type of one list item of a `map` clause (Release and Delete: `target exit data` only).
enum class MapKind { To, From, ToFrom, Alloc, Release, Delete };

/// Map-type modifiers, as a bit set. Close is accepted and has no effect. ModImplicit is not a
/// modifier of the language: it marks a list item that no clause names (implicitly mapped), to
/// which the restriction "all of its storage or none of it is present" does not apply.
enum MapModifier : unsigned { ModAlways = 1u, ModPresent = 2u, ModClose = 4u, ModImplicit = 8u };

/// Levels of the one-to-one mapping, used as a bit set ("scope").
enum Level : unsigned { Teams = 1u, Threads = 2u, Lanes = 4u };

/// A copy of an array `T` (of trivially copyable elements) that is passed by value: a firstprivate
/// array of a target construct is a kernel parameter of this type (an array parameter would be a
/// pointer), which the kernel names `T &a = param.value`; the host fallback's copy too.
template <class T> struct ByValue {
  T value;
};

/// The ByValue copy of the array `a`. Host code.
template <class T> ByValue<T> by_value(const T &a) {
  ByValue<T> Copy;
  std::memcpy(static_cast<void *>(&Copy.value), static_cast<const void *>(&a), sizeof(T));
  return Copy;
}

} // namespace omp2cu

#endif // OMP2CU_TYPES_H
