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

#if defined(OMP2CU_BACKEND_CUDA_H) || defined(OMP2CU_BACKEND_HIP_H)
#if defined(OMP2CU_BACKEND_HIP_H)
#define OMP2CU_TIMER_API(name) hip##name
#else
#define OMP2CU_TIMER_API(name) cuda##name
#endif
class StreamTimer {
public:
  StreamTimer() {
    Ok = OMP2CU_TIMER_API(EventCreate)(&Start) == OMP2CU_TIMER_API(Success) &&
         OMP2CU_TIMER_API(EventCreate)(&Stop) == OMP2CU_TIMER_API(Success);
  }
  ~StreamTimer() {
    (void)OMP2CU_TIMER_API(EventDestroy)(Start);
    (void)OMP2CU_TIMER_API(EventDestroy)(Stop);
  }
  StreamTimer(const StreamTimer &) = delete;
  StreamTimer &operator=(const StreamTimer &) = delete;
  void start() {
    if (Ok)
      Ok = OMP2CU_TIMER_API(EventRecord)(Start, thread_stream()) == OMP2CU_TIMER_API(Success);
  }
  void stop() {
    if (Ok)
      Ok = OMP2CU_TIMER_API(EventRecord)(Stop, thread_stream()) == OMP2CU_TIMER_API(Success);
  }
  /// Microseconds between start() and stop() (waits for stop); 0 when an event failed.
  double microseconds() {
    float Ms = 0;
    if (!Ok || OMP2CU_TIMER_API(EventSynchronize)(Stop) != OMP2CU_TIMER_API(Success) ||
        OMP2CU_TIMER_API(EventElapsedTime)(&Ms, Start, Stop) != OMP2CU_TIMER_API(Success))
      return 0;
    return 1000.0 * Ms;
  }

private:
  OMP2CU_TIMER_API(Event_t) Start{}, Stop{};
  bool Ok = false;
};
#undef OMP2CU_TIMER_API
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
