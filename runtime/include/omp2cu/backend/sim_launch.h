//===- omp2cu/backend/sim_launch.h - CPU emulator: grid execution -*- C++ -*-===//
//
// Part of omp2cu. Internal to the sim backend (see sim.h): a process-wide pool of worker OS
// threads that runs the blocks of a grid. Each worker takes the next block index from a shared
// counter and runs that block to completion (sim_fiber.h) before taking another, so a block never
// migrates between OS threads and blocks of one grid really run concurrently.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_LAUNCH_H
#define OMP2CU_BACKEND_SIM_LAUNCH_H

#include "omp2cu/backend/common.h"
#include "omp2cu/backend/sim_fiber.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace omp2cu::backend::sim {

/// The device of the kernel that the calling worker OS thread runs (set by the worker before it
/// runs the blocks of a launch; devices_sim.h).
inline thread_local int KernelDevice = 0;

/// Workers that run blocks; also the emulated device's SM count.
class WorkerPool {
public:
  /// The process-wide pool, started on first use. It is never destroyed (its threads wait idle
  /// until the process exits), so exit() from anywhere cannot race a pool shutdown.
  static WorkerPool &get() {
    static WorkerPool *Pool = new WorkerPool(defaultWorkers());
    return *Pool;
  }

  static unsigned defaultWorkers() {
    return std::max(1u, std::thread::hardware_concurrency());
  }

  unsigned size() const { return static_cast<unsigned>(Threads.size()); }

  /// Runs `Body` on every thread of the grid (of a kernel of emulated device `Device`) and returns
  /// when all blocks finished or one failed. Launches from several host threads are serialised.
  Status run(Uint3 Grid, Uint3 BlockDim, const std::function<void()> &Body, int Device = 0) {
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

private:
  struct Job {
    Uint3 Grid, BlockDim;
    const std::function<void()> *Body = nullptr;
    int Device = 0;
    unsigned long long Total = 0;
    std::atomic<unsigned long long> Next{0};
    std::atomic<bool> Failed{false};
    std::mutex ErrorMutex;
    std::string Error;
  };

  explicit WorkerPool(unsigned N) {
    for (unsigned I = 0; I < N; ++I)
      Threads.emplace_back([this] { work(); });
    for (auto &T : Threads)
      T.detach();
  }

  void work() {
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

  static void runBlocks(Job &J, Block &B) {
    for (;;) {
      const unsigned long long I = J.Next.fetch_add(1);
      if (I >= J.Total || J.Failed.load(std::memory_order_relaxed))
        return;
      const Uint3 Idx{static_cast<unsigned>(I % J.Grid.x),
                      static_cast<unsigned>(I / J.Grid.x % J.Grid.y),
                      static_cast<unsigned>(I / (static_cast<unsigned long long>(J.Grid.x) *
                                                 J.Grid.y))};
      if (!B.run(Idx, J.BlockDim, J.Grid, *J.Body)) {
        std::lock_guard<std::mutex> Lock(J.ErrorMutex);
        if (!J.Failed.load()) {
          J.Error = B.error() + " in block (" + std::to_string(Idx.x) + "," +
                    std::to_string(Idx.y) + "," + std::to_string(Idx.z) + ")";
          J.Failed.store(true);
        }
        return;
      }
    }
  }

  std::vector<std::thread> Threads;
  std::mutex LaunchMutex;
  std::mutex Mutex;
  std::condition_variable WorkAvailable, AllDone;
  Job *Current = nullptr;
  unsigned long long Generation = 0;
  unsigned Busy = 0;
};

} // namespace omp2cu::backend::sim

#endif // OMP2CU_BACKEND_SIM_LAUNCH_H
