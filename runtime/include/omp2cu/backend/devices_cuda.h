//===- omp2cu/backend/devices_cuda.h - Several devices on CUDA -*- C++ -*-===//
//
// Part of omp2cu. The device-selection primitives (devices_select.h) on CUDA: every visible GPU
// is a device; the current device is per host thread, as cudaSetDevice's.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_CUDA_H
#define OMP2CU_BACKEND_DEVICES_CUDA_H

#include "omp2cu/backend/common.h"
#include "omp2cu/backend/cuda.h"

#include <cstddef>

namespace omp2cu::backend {

/// Number of visible GPUs (cudaGetDeviceCount); 0 and the error when there are none.
inline Status device_count(int &n) {
  n = 0;
  Status S = fromCuda(cudaGetDeviceCount(&n), "cudaGetDeviceCount");
  if (!S.ok)
    n = 0;
  return S;
}
/// Makes `d` the calling host thread's current device.
inline Status set_device(int d) { return fromCuda(cudaSetDevice(d), "cudaSetDevice"); }
/// Whether GPU `d` accesses pageable host memory coherently (HMM or ATS:
/// cudaDevAttrPageableMemoryAccess), as OpenMP's unified shared memory needs.
inline Status host_memory_access(int d, bool &yes) {
  int V = 0;
  Status S = fromCuda(cudaDeviceGetAttribute(&V, cudaDevAttrPageableMemoryAccess, d),
                      "cudaDeviceGetAttribute(PageableMemoryAccess)");
  yes = S.ok && V != 0;
  return S;
}
/// Managed memory (cudaMallocManaged), usable by the host and every device.
inline Status managed_malloc(void **ptr, std::size_t bytes) {
  return fromCuda(cudaMallocManaged(ptr, word_padded(bytes)), "cudaMallocManaged");
}
/// Copies device memory to device memory of the current device.
inline Status memcpy_d2d(void *dst, const void *src, std::size_t bytes) {
  return enqueued(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, thread_stream()),
                  "cudaMemcpy device to device");
}
/// Copies device memory of `src_device` to device memory of `dst_device`.
inline Status memcpy_peer(void *dst, int dst_device, const void *src, int src_device,
                          std::size_t bytes) {
  return enqueued(cudaMemcpyPeerAsync(dst, dst_device, src, src_device, bytes, thread_stream()),
                  "cudaMemcpyPeer");
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_DEVICES_CUDA_H
