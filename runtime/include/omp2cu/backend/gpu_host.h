//===- omp2cu/backend/gpu_host.h - Host side of the GPU backends -*- C++ -*-===//
//
// Part of omp2cu. The host half of the CUDA and HIP backends, written once: allocation, copies,
// streams, device properties, occupancy, launch, event timers (timer.h) and the several-devices
// primitives. The two runtime APIs differ here only in their prefix (cudaMalloc, hipMalloc), so
// this file names neither: backend/cuda.h and backend/hip.h include it (nothing else does), after
// they define
//   OMP2CU_GPU_API(Name)  the vendor's runtime name: cuda##Name or hip##Name,
//   OMP2CU_GPU_PREFIX     "cuda" or "hip", for the messages,
// and, in omp2cu::backend::vendor, the few names that differ in more than the prefix (the device
// attributes) and whether the lanes of a warp are scheduled independently. They undefine the
// macros after it.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_GPU_HOST_H
#define OMP2CU_BACKEND_GPU_HOST_H

#if !defined(OMP2CU_GPU_API) || !defined(OMP2CU_GPU_PREFIX)
#error "omp2cu/backend/gpu_host.h is included by backend/cuda.h and backend/hip.h only"
#endif

#include "omp2cu/backend/common.h"

#include <cstddef>
#include <string>
#include <utility>

namespace omp2cu::backend {

/// The Status of a runtime call's result; `what` names the call in the message.
inline Status fromGpu(OMP2CU_GPU_API(Error_t) e, const char *what) {
  if (e == OMP2CU_GPU_API(Success))
    return Status::success();
  return Status::failure(std::string(what) + ": " + OMP2CU_GPU_API(GetErrorString)(e));
}

/// The calling host thread's stream: its per-thread default stream. Copies and launches go there
/// and then wait for that stream only, never for the whole device, so that the deferred target
/// tasks on other host threads (host/target_tasks.h) run meanwhile. (Malloc and Free are not
/// stream-ordered: Free waits for the device's running kernels.)
inline OMP2CU_GPU_API(Stream_t) thread_stream() { return OMP2CU_GPU_API(StreamPerThread); }
/// Waits for the work of the calling thread's stream; `what` names it in the error.
inline Status stream_wait(const char *what) {
  return fromGpu(OMP2CU_GPU_API(StreamSynchronize)(thread_stream()), what);
}
/// Status of `e` (the enqueueing) and then of the calling thread's stream.
inline Status enqueued(OMP2CU_GPU_API(Error_t) e, const char *what) {
  Status S = fromGpu(e, what);
  return S.ok ? stream_wait(what) : S;
}

inline Status device_malloc(void **ptr, std::size_t bytes) {
  return fromGpu(OMP2CU_GPU_API(Malloc)(ptr, word_padded(bytes)), OMP2CU_GPU_PREFIX "Malloc");
}
inline Status device_free(void *ptr) {
  return fromGpu(OMP2CU_GPU_API(Free)(ptr), OMP2CU_GPU_PREFIX "Free");
}
inline Status memcpy_h2d(void *dst, const void *src, std::size_t bytes) {
  return enqueued(OMP2CU_GPU_API(MemcpyAsync)(dst, src, bytes, OMP2CU_GPU_API(MemcpyHostToDevice),
                                              thread_stream()),
                  OMP2CU_GPU_PREFIX "Memcpy to device");
}
inline Status memcpy_d2h(void *dst, const void *src, std::size_t bytes) {
  return enqueued(OMP2CU_GPU_API(MemcpyAsync)(dst, src, bytes, OMP2CU_GPU_API(MemcpyDeviceToHost),
                                              thread_stream()),
                  OMP2CU_GPU_PREFIX "Memcpy from device");
}
/// Copies `count` blocks of `width` bytes that start `pitch` bytes apart, on both sides (a
/// strided array section).
inline Status memcpy2d_h2d(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  return enqueued(OMP2CU_GPU_API(Memcpy2DAsync)(dst, pitch, src, pitch, width, count,
                                                OMP2CU_GPU_API(MemcpyHostToDevice),
                                                thread_stream()),
                  OMP2CU_GPU_PREFIX "Memcpy2D to device");
}
inline Status memcpy2d_d2h(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  return enqueued(OMP2CU_GPU_API(Memcpy2DAsync)(dst, pitch, src, pitch, width, count,
                                                OMP2CU_GPU_API(MemcpyDeviceToHost),
                                                thread_stream()),
                  OMP2CU_GPU_PREFIX "Memcpy2D from device");
}

/// Multiprocessor count and warp size of the current device (queried once, then cached).
inline Status device_properties(DeviceProperties &props) {
  static const auto Cached = [] {
    std::pair<Status, DeviceProperties> R;
    int Dev = 0, SMs = 0, Warp = 0;
    R.first = fromGpu(OMP2CU_GPU_API(GetDevice)(&Dev), OMP2CU_GPU_PREFIX "GetDevice");
    if (R.first.ok)
      R.first = fromGpu(OMP2CU_GPU_API(DeviceGetAttribute)(&SMs, vendor::attr_multiprocessors, Dev),
                        OMP2CU_GPU_PREFIX "DeviceGetAttribute(MultiprocessorCount)");
    if (R.first.ok)
      R.first = fromGpu(OMP2CU_GPU_API(DeviceGetAttribute)(&Warp, vendor::attr_warp_size, Dev),
                        OMP2CU_GPU_PREFIX "DeviceGetAttribute(WarpSize)");
    R.second.sm_count = SMs > 0 ? static_cast<unsigned>(SMs) : 1u;
    R.second.warp_size = Warp > 0 ? static_cast<unsigned>(Warp) : warp_size;
    R.second.independent_lanes = vendor::independent_lanes;
    return R;
  }();
  props = Cached.second;
  return Cached.first;
}

/// Blocks of `threads` threads of `kernel` that one multiprocessor of the current device holds at
/// once (the occupancy API: registers, shared memory, thread and block limits). Host only.
template <class... P>
Status resident_blocks(void (*kernel)(P...), unsigned threads, unsigned &per_sm) {
  int N = 0;
  const Status S = fromGpu(OMP2CU_GPU_API(OccupancyMaxActiveBlocksPerMultiprocessor)(
                               &N, reinterpret_cast<const void *>(kernel),
                               static_cast<int>(threads), 0),
                           OMP2CU_GPU_PREFIX "OccupancyMaxActiveBlocksPerMultiprocessor");
  per_sm = S.ok && N > 0 ? static_cast<unsigned>(N) : 0;
  return S;
}

/// Launches `kernel(args...)` on `grid` x `block` on the calling thread's stream and waits for
/// it; a launch error and an error during execution are told apart in the message. Host only.
template <class... P, class... A>
Status launch(void (*kernel)(P...), Dims grid, Dims block, A &&...args) {
  kernel<<<dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z), 0, thread_stream()>>>(
      std::forward<A>(args)...);
  Status S = fromGpu(OMP2CU_GPU_API(GetLastError)(), "kernel launch failed");
  if (!S.ok)
    return S;
  return stream_wait("kernel execution failed");
}

/// Waits for the device work of the calling thread's stream.
inline Status synchronize() { return stream_wait(OMP2CU_GPU_PREFIX "StreamSynchronize"); }

/// Times the work the calling host thread puts on its stream between start() and stop(), with
/// events on that stream (the device's clock). Host only; one timer per measurement.
class StreamTimer {
public:
  StreamTimer() {
    Ok = OMP2CU_GPU_API(EventCreate)(&Start) == OMP2CU_GPU_API(Success) &&
         OMP2CU_GPU_API(EventCreate)(&Stop) == OMP2CU_GPU_API(Success);
  }
  ~StreamTimer() {
    (void)OMP2CU_GPU_API(EventDestroy)(Start);
    (void)OMP2CU_GPU_API(EventDestroy)(Stop);
  }
  StreamTimer(const StreamTimer &) = delete;
  StreamTimer &operator=(const StreamTimer &) = delete;
  void start() {
    if (Ok)
      Ok = OMP2CU_GPU_API(EventRecord)(Start, thread_stream()) == OMP2CU_GPU_API(Success);
  }
  void stop() {
    if (Ok)
      Ok = OMP2CU_GPU_API(EventRecord)(Stop, thread_stream()) == OMP2CU_GPU_API(Success);
  }
  /// Microseconds between start() and stop() (waits for stop); 0 when an event failed.
  double microseconds() {
    float Ms = 0;
    if (!Ok || OMP2CU_GPU_API(EventSynchronize)(Stop) != OMP2CU_GPU_API(Success) ||
        OMP2CU_GPU_API(EventElapsedTime)(&Ms, Start, Stop) != OMP2CU_GPU_API(Success))
      return 0;
    return 1000.0 * Ms;
  }

private:
  OMP2CU_GPU_API(Event_t) Start{}, Stop{};
  bool Ok = false;
};

// ---- Several devices (see devices_select.h) ------------------------------------------------
// Every visible GPU is a device; the current device is per host thread, as SetDevice's.

/// This file provides the device-selection primitives itself.
#define OMP2CU_BACKEND_HAS_DEVICES 1

/// Number of visible GPUs; 0 and the error when there are none.
inline Status device_count(int &n) {
  n = 0;
  Status S = fromGpu(OMP2CU_GPU_API(GetDeviceCount)(&n), OMP2CU_GPU_PREFIX "GetDeviceCount");
  if (!S.ok)
    n = 0;
  return S;
}
/// Makes `d` the calling host thread's current device.
inline Status set_device(int d) {
  return fromGpu(OMP2CU_GPU_API(SetDevice)(d), OMP2CU_GPU_PREFIX "SetDevice");
}
/// Whether GPU `d` accesses pageable host memory coherently (HMM or ATS), as OpenMP's unified
/// shared memory needs.
inline Status host_memory_access(int d, bool &yes) {
  int V = 0;
  Status S = fromGpu(OMP2CU_GPU_API(DeviceGetAttribute)(&V, vendor::attr_pageable_access, d),
                     OMP2CU_GPU_PREFIX "DeviceGetAttribute(PageableMemoryAccess)");
  yes = S.ok && V != 0;
  return S;
}
/// Managed memory, usable by the host and every device.
inline Status managed_malloc(void **ptr, std::size_t bytes) {
  return fromGpu(OMP2CU_GPU_API(MallocManaged)(ptr, word_padded(bytes)),
                 OMP2CU_GPU_PREFIX "MallocManaged");
}
/// Copies device memory to device memory of the current device.
inline Status memcpy_d2d(void *dst, const void *src, std::size_t bytes) {
  return enqueued(OMP2CU_GPU_API(MemcpyAsync)(dst, src, bytes,
                                              OMP2CU_GPU_API(MemcpyDeviceToDevice),
                                              thread_stream()),
                  OMP2CU_GPU_PREFIX "Memcpy device to device");
}
/// Copies device memory of `src_device` to device memory of `dst_device`.
inline Status memcpy_peer(void *dst, int dst_device, const void *src, int src_device,
                          std::size_t bytes) {
  return enqueued(OMP2CU_GPU_API(MemcpyPeerAsync)(dst, dst_device, src, src_device, bytes,
                                                  thread_stream()),
                  OMP2CU_GPU_PREFIX "MemcpyPeer");
}

// ---- Limits from the environment ---------------------------------------------------------

/// Sets the limits of the calling host thread's current device that the environment asks for,
/// as libomptarget's CUDA plugin reads them: LIBOMPTARGET_HEAP_SIZE, the bytes of the device
/// heap (malloc and new in kernels, the runtime's private copies of reductions of sections and
/// its scan buffers; CUDA's default is 8 MB), and LIBOMPTARGET_STACK_SIZE, the bytes of stack of
/// each GPU thread. To be called once per device, before its first kernel. A variable the
/// backend cannot honour (HIP 5.2 has no hipDeviceSetLimit) is named in `ignored`.
inline Status apply_env_limits(std::string &ignored) {
  struct Want {
    const char *env;
#if OMP2CU_GPU_HAS_SET_LIMIT
    OMP2CU_GPU_API(Limit) limit;
#endif
  };
  const Want Wants[] = {
#if OMP2CU_GPU_HAS_SET_LIMIT
      {"LIBOMPTARGET_HEAP_SIZE", OMP2CU_GPU_API(LimitMallocHeapSize)},
      {"LIBOMPTARGET_STACK_SIZE", OMP2CU_GPU_API(LimitStackSize)},
#else
      {"LIBOMPTARGET_HEAP_SIZE"},
      {"LIBOMPTARGET_STACK_SIZE"},
#endif
  };
  for (const Want &W : Wants) {
    bool Set = false;
    unsigned long long Bytes = 0;
    if (Status S = env_bytes(W.env, Set, Bytes); !S.ok)
      return S;
    if (!Set)
      continue;
#if OMP2CU_GPU_HAS_SET_LIMIT
    Status S = fromGpu(OMP2CU_GPU_API(DeviceSetLimit)(W.limit, static_cast<std::size_t>(Bytes)),
                       OMP2CU_GPU_PREFIX "DeviceSetLimit");
    if (!S.ok)
      return Status::failure(std::string(W.env) + "=" + std::to_string(Bytes) + ": " +
                             S.message);
#else
    (void)Bytes;
    ignored += (ignored.empty() ? "" : ", ") + std::string(W.env);
#endif
  }
  return Status::success();
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_GPU_HOST_H
