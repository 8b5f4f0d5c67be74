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
#include "omp2cu/linkage.h"

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
  Status run(Uint3 Grid, Uint3 BlockDim, const std::function<void()> &Body, int Device = 0);

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

  explicit WorkerPool(unsigned N);

  void work();

  static void runBlocks(Job &J, Block &B);

  std::vector<std::thread> Threads;
  std::mutex LaunchMutex;
  std::mutex Mutex;
  std::condition_variable WorkAvailable, AllDone;
  Job *Current = nullptr;
  unsigned long long Generation = 0;
  unsigned Busy = 0;
};

} // namespace omp2cu::backend::sim

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/backend/sim_launch-inl.h"
#endif

#endif // OMP2CU_BACKEND_SIM_LAUNCH_H
