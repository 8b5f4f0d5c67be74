//===- omp2cu/backend/timer.h - Timing of device work -*- C++ -*-===//
//
// Part of omp2cu. StreamTimer times the work the calling host thread puts on its stream between
// start() and stop(): CUDA and HIP events on the thread's stream (the device's clock), on the
// emulator the host's steady clock (its launches are synchronous). Host only; one timer per
// measurement. Used by the launch report and the trace (host/profile.h).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_TIMER_H
#define OMP2CU_BACKEND_TIMER_H

#include "omp2cu/backend/common.h"
#include "omp2cu/backend/devices_select.h"

#include <chrono>

namespace omp2cu::backend {

#if defined(OMP2CU_BACKEND_GPU_HOST_H)
// CUDA and HIP: StreamTimer is in gpu_host.h, with events on the thread's stream.
#else
class StreamTimer {
public:
  void start() { Start = std::chrono::steady_clock::now(); }
  void stop() { Stop = std::chrono::steady_clock::now(); }
  /// Microseconds between start() and stop().
  double microseconds() const {
    return std::chrono::duration<double, std::micro>(Stop - Start).count();
  }

private:
  std::chrono::steady_clock::time_point Start, Stop;
};
#endif

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_TIMER_H
