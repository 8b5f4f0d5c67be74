//===- omp2cu/linkage.h - Header-only or compiled host runtime -*- C++ -*-===//
//
// Part of omp2cu. The host side of the runtime (the present table, devices, the launch report,
// the target-task engine, the emulator's scheduler) is used in one of two ways:
//
//  - header-only (the default): its functions are inline and every translation unit that uses
//    one compiles it. `nvcc out.cu -I runtime/include` needs nothing else.
//  - compiled: with OMP2CU_RUNTIME_COMPILED defined, the headers declare those functions and
//    the program links the runtime library built for its backend (libomp2cu_rt_<backend>.a,
//    runtime/CMakeLists.txt), which defines them once. omp2cu-cc does this where it can: a
//    translation unit then compiles only its own kernels and launches.
//
// The library's own source defines OMP2CU_RUNTIME_BUILD. Translation units of both kinds may be
// linked into one program (the library's definitions and the inline copies are the same code).
// The definitions live in the `-inl.h` file beside each header, included at its end when
// OMP2CU_RT_DEFINITIONS is 1.
//
// The configuration macros that change the host runtime (the backend, OMP2CU_SIM_WARP_SIZE,
// OMP2CU_SIM_STACK_SIZE, the sanitizer builds of the emulator) must be those the library was built
// with: a translation unit compiled otherwise refers to a symbol that only a matching library
// defines (OMP2CU_RT_CONFIG_TAG), so a mismatch fails to link instead of running wrong.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_LINKAGE_H
#define OMP2CU_LINKAGE_H

#if defined(OMP2CU_RUNTIME_BUILD)
#define OMP2CU_RT_DEFINITIONS 1
#define OMP2CU_RT_FN
#elif defined(OMP2CU_RUNTIME_COMPILED)
#define OMP2CU_RT_DEFINITIONS 0
#define OMP2CU_RT_FN
#else
#define OMP2CU_RT_DEFINITIONS 1
#define OMP2CU_RT_FN inline
#endif

/// 1 in the HIP library's own build, which is compiled for the host only (--offload-host-only):
/// the runtime's namespace-scope `__device__` variables are then declared, not defined, so that
/// the library registers no device code (a HIP program whose fat binary lacks the device's
/// architecture fails at start-up). nvcc registers the variables a unit declares either way, so
/// the CUDA library defines them, in a device image of its own that nothing uses.
#if defined(OMP2CU_RUNTIME_BUILD) && defined(__HIP__)
#define OMP2CU_RT_NO_DEVICE_CODE 1
#else
#define OMP2CU_RT_NO_DEVICE_CODE 0
#endif

#if defined(OMP2CU_RUNTIME_BUILD) || defined(OMP2CU_RUNTIME_COMPILED)
namespace omp2cu::linkage {

/// The configuration a compiled runtime was built with (omp2cu.h fills in the arguments:
/// backend 1 sim, 2 CUDA, 3 HIP; the emulator's warp size and stack size; 1 AddressSanitizer,
/// 2 ThreadSanitizer). Only the library defines it, for its own configuration: a translation
/// unit compiled otherwise refers to a specialization that no library defines, and the program
/// does not link.
template <int Backend, unsigned WarpSize, unsigned long long StackSize, int Sanitizer>
int runtime_library_built_with()
#if defined(OMP2CU_RUNTIME_BUILD)
{
  return Backend;
}
#else
    ;
#endif

} // namespace omp2cu::linkage
#endif

#endif // OMP2CU_LINKAGE_H
