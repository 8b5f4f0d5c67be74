//===- omp2cu/backend/sim_fiber.h - CPU emulator: one block as fibers -*- C++ -*-===//
//
// Part of omp2cu. Internal to the sim backend (see sim.h): runs the threads of one thread block as
// cooperative fibers (Boost.Context) on the calling OS thread, with GPU-like block barriers and
// warp collectives (mask sync, shuffles, ballot), and reports deadlocks instead of hanging.
//
// Threading contract: a Block is owned by one OS thread and runs to completion there; its fibers
// never migrate to another OS thread. This is what makes `__shared__` (= `static thread_local`)
// per-block storage.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_FIBER_H
#define OMP2CU_BACKEND_SIM_FIBER_H

#include "omp2cu/backend/sim_sanitizers.h"
#include "omp2cu/linkage.h"

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#ifndef OMP2CU_SIM_WARP_SIZE
#define OMP2CU_SIM_WARP_SIZE 32
#endif
#ifndef OMP2CU_SIM_STACK_SIZE
/// Bytes of stack per emulated GPU thread (plus one guard page).
#define OMP2CU_SIM_STACK_SIZE (256u * 1024u)
#endif

static_assert(OMP2CU_SIM_WARP_SIZE == 32 || OMP2CU_SIM_WARP_SIZE == 64,
              "OMP2CU_SIM_WARP_SIZE must be 32 or 64");

namespace omp2cu::backend::sim {

namespace bctx = boost::context;

/// Lanes per emulated warp.
inline constexpr unsigned kWarpSize = OMP2CU_SIM_WARP_SIZE;
/// One bit per lane of a warp.
using LaneMask = std::conditional_t<kWarpSize == 64, unsigned long long, unsigned>;
/// Most threads of one block, as on CUDA.
inline constexpr unsigned kMaxBlockThreads = 1024;
/// yield() calls per live thread without any other progress after which a block counts as
/// deadlocked (threads spinning on a flag that nobody will set).
inline constexpr unsigned long long kMaxSpins = 1u << 20;
/// Value a shuffle returns when its source lane does not take part (undefined on a GPU).
inline constexpr unsigned long long kShufflePoison = 0xDEADBEEFDEADBEEFull;

/// Built-in index/dimension vector (threadIdx, blockIdx, blockDim, gridDim).
struct Uint3 {
  unsigned x = 0, y = 0, z = 0;
};

} // namespace omp2cu::backend::sim

/// CUDA's built-in variables on the emulator: the ids of the emulated thread that runs and the
/// geometry of its launch, set by the scheduler each time it resumes a thread (Block::resume).
/// Variables of the global namespace, as CUDA declares them (not macros): a user's variable of
/// the same name (a kernel parameter `int blockDim`) hides them, as it does with nvcc.
inline thread_local omp2cu::backend::sim::Uint3 threadIdx, blockIdx, blockDim, gridDim;
inline constexpr int warpSize = static_cast<int>(omp2cu::backend::sim::kWarpSize);

namespace omp2cu::backend::sim {

/// Pool of fixed-size fiber stacks, one pool per OS thread; stacks are reused across blocks
/// because a launch may run thousands of blocks of up to 1024 threads each. Each stack has a
/// PROT_NONE guard page below it so that an overflow faults instead of corrupting memory.
class StackPool {
public:
  ~StackPool() {
    for (auto &S : Free)
      munmap(static_cast<char *>(S.sp) - S.size - pageSize(), S.size + pageSize());
  }

  bctx::stack_context allocate();

  void deallocate(bctx::stack_context &S) noexcept { Free.push_back(S); }

private:
  static std::size_t pageSize();
  std::vector<bctx::stack_context> Free;
};

inline StackPool &threadStackPool() {
  thread_local StackPool Pool;
  return Pool;
}

/// Boost.Context StackAllocator that takes stacks from the calling OS thread's pool and tells the
/// sanitizers' state of its thread where the stack is.
struct PooledStack {
  san::FiberState *San;
  bctx::stack_context allocate() {
    bctx::stack_context S = threadStackPool().allocate();
    San->StackBottom = static_cast<char *>(S.sp) - S.size;
    San->StackSize = S.size;
    return S;
  }
  void deallocate(bctx::stack_context &S) noexcept { threadStackPool().deallocate(S); }
};

/// What an emulated thread waits for.
enum class Wait : std::uint8_t { None, Block, Warp, Done };
/// The warp collective an emulated thread takes part in.
enum class WarpOp : std::uint8_t { Sync, ShflIdx, ShflXor, ShflDown, Ballot };

class Block;

/// State of one emulated GPU thread.
struct Fiber {
  Uint3 ThreadIdx;
  unsigned Linear = 0; ///< x + y*blockDim.x + z*blockDim.x*blockDim.y.
  Block *Owner = nullptr;
  Wait Waiting = Wait::None;
  // The warp collective posted while Waiting == Warp, and its result.
  WarpOp Op = WarpOp::Sync;
  LaneMask Mask = 0;
  unsigned long long Value = 0;
  unsigned Arg = 0;
  unsigned long long Result = 0;
  bctx::fiber Self;      ///< The suspended fiber, while it is not running.
  bctx::fiber Scheduler; ///< The scheduler's continuation, while the fiber runs.
  bool Entered = false;  ///< Its body has started (it is on its stack or suspended there).
  san::FiberState San;   ///< What AddressSanitizer and ThreadSanitizer know of it.
};

/// The fiber running on this OS thread, or nullptr outside kernels.
inline thread_local Fiber *CurrentFiber = nullptr;

/// Scheduling order of the threads of a block. 0 (the default): round-robin in thread order.
/// Otherwise the seed of a pseudo-random order (threads released by a barrier sometimes run
/// ahead of all others, sometimes the next thread is drawn at random), which shakes out races
/// that the orderly schedule hides (e.g. shared memory reused without a barrier). Initialised from the environment variable OMP2CU_SIM_SHUFFLE.
inline std::atomic<unsigned long long> &scheduleSeed() {
  static std::atomic<unsigned long long> Seed{[] {
    const char *E = std::getenv("OMP2CU_SIM_SHUFFLE");
    return E ? std::strtoull(E, nullptr, 10) : 0ull;
  }()};
  return Seed;
}

/// Number of the current launch; mixed into the shuffled schedule so that every launch (and every
/// block) gets its own order.
inline std::atomic<unsigned long long> &launchSerial() {
  static std::atomic<unsigned long long> Serial{0};
  return Serial;
}

/// One thread block: creates a fiber per thread and schedules them round-robin until all finish.
class Block {
public:
  Uint3 BlockIdx, BlockDim, GridDim;

  /// Runs `Body` once per thread of the block. Returns false (see error()) when the block
  /// deadlocked, misused a warp collective, or a thread threw.
  OMP2CU_SIM_INTERNAL bool run(Uint3 BIdx, Uint3 BDim, Uint3 GDim,
                               const std::function<void()> &Body);

  const std::string &error() const { return Error; }

  /// Runs thread `F` until it waits or returns, with its built-in variables set.
  OMP2CU_SIM_INTERNAL void resume(Fiber &F);

  /// Records a failure of the calling thread and suspends it for good.
  [[noreturn]] OMP2CU_SIM_INTERNAL void fail(Fiber &F, std::string What) {
    san::errorPosted(&Error);
    if (Error.empty())
      Error = std::move(What) + " (thread (" + std::to_string(F.ThreadIdx.x) + "," +
              std::to_string(F.ThreadIdx.y) + "," + std::to_string(F.ThreadIdx.z) + "))";
    F.Waiting = Wait::Warp;
    F.Mask = 0;
    suspend(F);
    std::abort(); // Never resumed: the scheduler stops at the first error.
  }

  /// Block barrier (__syncthreads). Called from within a fiber.
  OMP2CU_SIM_INTERNAL void barrier(Fiber &F);

  /// Lets the other threads of the block run (a thread that spins on memory calls this). A block
  /// whose live threads do nothing but yield for a long time is reported as a deadlock. Called
  /// from within a fiber.
  OMP2CU_SIM_INTERNAL void yield(Fiber &F);

  /// Warp collective over the lanes in `Mask` of the caller's warp. Called from within a fiber.
  OMP2CU_SIM_INTERNAL unsigned long long warpCollective(Fiber &F, WarpOp Op, LaneMask Mask,
                                                        unsigned long long Value, unsigned Arg);

private:
  OMP2CU_SIM_INTERNAL static bctx::fiber entry(Fiber &F, const std::function<void()> &Body,
                                               bctx::fiber &&Sched);

  OMP2CU_SIM_INTERNAL static void suspend(Fiber &F);

  OMP2CU_SIM_INTERNAL void recordError(std::string What);

  static std::string hex(unsigned long long V);

  OMP2CU_SIM_INTERNAL void schedule();

  /// Next pseudo-random number (xorshift64) of the shuffled schedule.
  unsigned long long random();

  /// Queues the threads in `Released` (in order). Round-robin: at the back. Shuffled: at the
  /// front (with the block's FrontPercent probability: 25 to 100) or the back, so that some
  /// threads run far ahead of others.
  OMP2CU_SIM_INTERNAL void makeReady(const std::vector<unsigned> &Released);

  OMP2CU_SIM_INTERNAL void releaseBarrierIfComplete();

  static unsigned popcount(LaneMask M) { return static_cast<unsigned>(__builtin_popcountll(M)); }

  /// Completes the collective that `F` posted if every lane of its mask has posted the same one.
  OMP2CU_SIM_INTERNAL void tryCompleteWarp(Fiber &F);

  /// Computes the result of the collective of the lanes in `Mask` of warp `Warp`.
  OMP2CU_SIM_INTERNAL void complete(unsigned Warp, LaneMask Mask);

  std::string describeDeadlock() const;

  std::vector<Fiber> Fibers;
  std::deque<unsigned> Ready;
  std::vector<unsigned> Released; ///< Scratch: threads a completed barrier releases.
  std::vector<unsigned> WarpArrived; ///< Lanes of each warp waiting at a warp collective.
  unsigned Live = 0;                 ///< Threads that have not returned.
  unsigned long long Spins = 0;      ///< yield() calls since the last progress.
  unsigned AtBarrier = 0;            ///< Threads waiting at the block barrier.
  unsigned long long Rng = 0;        ///< Random schedule state; 0 = round-robin.
  unsigned FrontPercent = 0;         ///< Shuffled: how often released threads run first.
  std::string Error;
};

/// The calling emulated thread; aborts with a message when called outside a kernel.
OMP2CU_SIM_INTERNAL inline Fiber &current() {
  Fiber *F = CurrentFiber;
  if (!F) {
    std::fputs("omp2cu: error: a device built-in was used outside a kernel (sim backend)\n",
               stderr);
    std::exit(1);
  }
  return *F;
}

} // namespace omp2cu::backend::sim

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/backend/sim_fiber-inl.h"
#endif

#endif // OMP2CU_BACKEND_SIM_FIBER_H
