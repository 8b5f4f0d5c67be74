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
//
// They live in separate files so that the backend files proper stay untouched; a backend that
// provides them itself defines OMP2CU_BACKEND_HAS_DEVICES. Otherwise devices_generic.h provides
// them in terms of the basic primitives (one device; device-to-device copies staged via the host).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_SELECT_H
#define OMP2CU_BACKEND_DEVICES_SELECT_H

#if defined(OMP2CU_BACKEND_HAS_DEVICES)
// The backend file provides the primitives.
#elif defined(OMP2CU_BACKEND_CUDA)
#include "omp2cu/backend/devices_cuda.h"
#elif defined(OMP2CU_BACKEND_SIM)
#include "omp2cu/backend/devices_sim.h"
#else
#include "omp2cu/backend/devices_generic.h"
#endif

#endif // OMP2CU_BACKEND_DEVICES_SELECT_H
