//===- omp2cu/omp2cu.h - The omp2cu runtime -*- C++ -*-===//
//
// Part of omp2cu. The single include of generated code (docs/runtime-abi.md). Selects the backend:
//   OMP2CU_BACKEND_CUDA  default when __CUDACC__ is defined (nvcc),
//   OMP2CU_BACKEND_HIP   default when __HIPCC__ is defined (hipcc),
//   OMP2CU_BACKEND_SIM   default otherwise: any host C++17 compiler (CPU emulator).
// Defining one of them explicitly (-DOMP2CU_BACKEND_X) overrides the default.
//
// Layout: backend/ is the only place that names CUDA, HIP or the emulator and provides a neutral
// primitive layer (omp2cu::backend); device/ builds the device runtime on it (omp2cu::dev,
// omp2cu::op, omp2cu::loop, omp2cu::omp_*); host/ holds the present table, launch configuration
// and error reporting (omp2cu::host).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_OMP2CU_H
#define OMP2CU_OMP2CU_H

#if (defined(OMP2CU_BACKEND_CUDA) + defined(OMP2CU_BACKEND_HIP) + defined(OMP2CU_BACKEND_SIM)) > 1
#error "omp2cu: define at most one of OMP2CU_BACKEND_CUDA, OMP2CU_BACKEND_HIP, OMP2CU_BACKEND_SIM"
#endif

#if !defined(OMP2CU_BACKEND_CUDA) && !defined(OMP2CU_BACKEND_HIP) && !defined(OMP2CU_BACKEND_SIM)
#if defined(__HIPCC__)
#define OMP2CU_BACKEND_HIP 1
#elif defined(__CUDACC__)
#define OMP2CU_BACKEND_CUDA 1
#else
#define OMP2CU_BACKEND_SIM 1
#endif
#endif

#if defined(OMP2CU_BACKEND_CUDA)
#include "omp2cu/backend/cuda.h"
#elif defined(OMP2CU_BACKEND_HIP)
#include "omp2cu/backend/hip.h"
#else
#include "omp2cu/backend/sim.h"
#endif

#include "omp2cu/types.h"

#include "omp2cu/device/allocator.h"
#include "omp2cu/device/api.h"
#include "omp2cu/device/assert.h"
#include "omp2cu/device/atomic.h"
#include "omp2cu/device/critical.h"
#include "omp2cu/device/declared_reduction.h"
#include "omp2cu/device/lock.h"
#include "omp2cu/device/loop.h"
#include "omp2cu/device/mapping.h"
#include "omp2cu/device/parallel.h"
#include "omp2cu/device/reduction.h"
#include "omp2cu/device/scan.h"
#include "omp2cu/device/sharing.h"
#include "omp2cu/device/simd.h"
#include "omp2cu/device/sync.h"

#include "omp2cu/host/atomic.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/launch.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/host/target_tasks.h"

#if defined(OMP2CU_RUNTIME_BUILD) || defined(OMP2CU_RUNTIME_COMPILED)
#if defined(OMP2CU_BACKEND_SIM)
#define OMP2CU_RT_CONFIG                                                                           \
  1, OMP2CU_SIM_WARP_SIZE, OMP2CU_SIM_STACK_SIZE,                                                  \
      omp2cu::backend::sim::san::kAddressSanitizer                                                 \
          ? 1                                                                                      \
          : (omp2cu::backend::sim::san::kThreadSanitizer ? 2 : 0)
#elif defined(OMP2CU_BACKEND_CUDA)
#define OMP2CU_RT_CONFIG 2, 0, 0, 0
#else
#define OMP2CU_RT_CONFIG 3, 0, 0, 0
#endif
#if defined(OMP2CU_RUNTIME_BUILD)
template int omp2cu::linkage::runtime_library_built_with<OMP2CU_RT_CONFIG>();
#elif !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
/// The reference that makes a program of this translation unit link only with a runtime library
/// of the same configuration (omp2cu/linkage.h). Host code only: device code links no library.
[[maybe_unused]] __attribute__((used)) static int (*const omp2cu_runtime_library_check)() =
    &omp2cu::linkage::runtime_library_built_with<OMP2CU_RT_CONFIG>;
#endif
#endif

#endif // OMP2CU_OMP2CU_H
