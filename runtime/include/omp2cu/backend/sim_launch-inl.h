//===- omp2cu/backend/sim_launch-inl.h - CPU emulator: grid execution, definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/backend/sim_launch.h's non-template functions: included
// at the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/backend/sim_launch.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_LAUNCH_INL_H
#define OMP2CU_BACKEND_SIM_LAUNCH_INL_H

#include "omp2cu/backend/sim_launch.h"

namespace omp2cu::backend::sim {

OMP2CU_RT_FN Status WorkerPool::run(Uint3 Grid, Uint3 BlockDim, const std::function<void()> &Body,
                                    int Device) {
  std::lock_guard<std::mutex> LaunchLock(LaunchMutex);
  launchSerial().fetch_add(1, std::memory_order_relaxed);
  Job J;
  J.Grid = Grid;
  J.BlockDim = BlockDim;
  J.Body = &Body;
  J.Device = Device;
  J.Total = static_cast<unsigned long long>(Grid.x) * Grid.y * Grid.z;
  {
    std::unique_lock<std::mutex> Lock(Mutex);
    Current = &J;
    Busy = size();
    ++Generation;
    WorkAvailable.notify_all();
    AllDone.wait(Lock, [this] { return Busy == 0; });
    Current = nullptr;
  }
  if (J.Failed.load())
    return Status::failure(J.Error);
  return Status::success();
}

OMP2CU_RT_FN WorkerPool::WorkerPool(unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    Threads.emplace_back([this] { work(); });
  for (auto &T : Threads)
    T.detach();
}

OMP2CU_RT_FN void WorkerPool::work() {
  unsigned long long Seen = 0;
  Block B;
  for (;;) {
    Job *J;
    {
      std::unique_lock<std::mutex> Lock(Mutex);
      WorkAvailable.wait(Lock, [&] { return Generation != Seen; });
      Seen = Generation;
      J = Current;
    }
    KernelDevice = J->Device;
    runBlocks(*J, B);
    std::lock_guard<std::mutex> Lock(Mutex);
    if (--Busy == 0)
      AllDone.notify_all();
  }
}

OMP2CU_RT_FN void WorkerPool::runBlocks(Job &J, Block &B) {
  for (;;) {
    const unsigned long long I = J.Next.fetch_add(1);
    if (I >= J.Total || J.Failed.load(std::memory_order_relaxed))
      return;
    const Uint3 Idx{
        static_cast<unsigned>(I % J.Grid.x), static_cast<unsigned>(I / J.Grid.x % J.Grid.y),
        static_cast<unsigned>(I / (static_cast<unsigned long long>(J.Grid.x) * J.Grid.y))};
    if (!B.run(Idx, J.BlockDim, J.Grid, *J.Body)) {
      std::lock_guard<std::mutex> Lock(J.ErrorMutex);
      if (!J.Failed.load()) {
        J.Error = B.error() + " in block (" + std::to_string(Idx.x) + "," + std::to_string(Idx.y) +
                  "," + std::to_string(Idx.z) + ")";
        J.Failed.store(true);
      }
      return;
    }
  }
}

} // namespace omp2cu::backend::sim

#endif // OMP2CU_BACKEND_SIM_LAUNCH_INL_H
