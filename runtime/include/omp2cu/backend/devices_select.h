//===- omp2cu/backend/devices_select.h - Device-selection primitives -*- C++ -*-===//
//
// Part of omp2cu. The primitives for several devices that the host data environment uses
// (host/devices.h), per backend:
//
//   Status device_count(int &n);          // devices the backend can use (0 on failure)
//   Status set_device(int d);             // the calling host thread's current device
//   Status memcpy_d2d(void *dst, const void *src, std::size_t bytes);  // on the current device
//   Status memcpy_peer(void *dst, int dst_device, const void *src, int src_device,
//                      std::size_t bytes);                             // between two devices
//   Status host_memory_access(int d, bool &yes);  // device d reads and writes pageable host
//                                                 // memory coherently (unified shared memory)
//   Status managed_malloc(void **ptr, std::size_t bytes);  // memory of the current device that
//                                                          // the host may use too
//   std::size_t kernel_info_writers();   // write_kernel_info has nothing to do past this many
//   Status write_kernel_info(int d, int count, std::size_t &done);
//                                        // before a construct first uses device d (current):
//                                        // lets its kernels know d and count (`done`: progress)
//   Status apply_env_limits(std::string &ignored);  // before device d (current) runs its first
//                                        // kernel: LIBOMPTARGET_HEAP_SIZE, LIBOMPTARGET_STACK_SIZE
// and, for kernels (omp_get_device_num() and omp_get_num_devices() in a target region):
//   __device__ int kernel_device_num();  // the device the kernel runs on
//   __device__ int kernel_num_devices(); // the number of devices
//
// CUDA and HIP provide them with the rest of their host side (gpu_host.h), which defines
// OMP2CU_BACKEND_HAS_DEVICES; the emulator in devices_sim.h; any other backend gets
// devices_generic.h, which provides them in terms of the basic primitives (one device;
// device-to-device copies staged via the host). This file includes the CUDA or HIP backend
// file itself, so that it may be included first.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_SELECT_H
#define OMP2CU_BACKEND_DEVICES_SELECT_H

#if defined(OMP2CU_BACKEND_CUDA)
#include "omp2cu/backend/cuda.h"
#elif defined(OMP2CU_BACKEND_HIP)
#include "omp2cu/backend/hip.h"
#endif

#if defined(OMP2CU_BACKEND_HAS_DEVICES)
// The backend file provides the primitives (CUDA and HIP: gpu_host.h).
#elif defined(OMP2CU_BACKEND_SIM)
#include "omp2cu/backend/devices_sim.h"
#else
#include "omp2cu/backend/devices_generic.h"
#endif

// What a kernel knows of its device: a copy per device on the GPU backends.
#if defined(OMP2CU_BACKEND_CUDA_H) || defined(OMP2CU_BACKEND_HIP_H)
#include "omp2cu/backend/devices_info.h"
#endif

#endif // OMP2CU_BACKEND_DEVICES_SELECT_H
