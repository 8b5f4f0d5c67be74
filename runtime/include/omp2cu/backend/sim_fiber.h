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

  bctx::stack_context allocate() {
    if (!Free.empty()) {
      bctx::stack_context S = Free.back();
      Free.pop_back();
      san::stackAllocated(static_cast<char *>(S.sp) - S.size, S.size);
      return S;
    }
    const std::size_t Size = OMP2CU_SIM_STACK_SIZE, Guard = pageSize();
    void *Mem = mmap(nullptr, Size + Guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0);
    if (Mem == MAP_FAILED)
      throw std::bad_alloc();
    mprotect(Mem, Guard, PROT_NONE);
    bctx::stack_context S;
    S.size = Size;
    S.sp = static_cast<char *>(Mem) + Guard + Size; // Stacks grow down.
    return S;
  }

  void deallocate(bctx::stack_context &S) noexcept { Free.push_back(S); }

private:
  static std::size_t pageSize() {
    static const std::size_t P = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return P;
  }
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
                               const std::function<void()> &Body) {
    BlockIdx = BIdx;
    BlockDim = BDim;
    GridDim = GDim;
    const unsigned N = BDim.x * BDim.y * BDim.z;
    Error.clear();
    Fibers.clear();
    Fibers.resize(N);
    Ready.clear();
    WarpArrived.assign((N + kWarpSize - 1) / kWarpSize, 0);
    Rng = scheduleSeed().load(std::memory_order_relaxed);
    if (Rng) { // Distinct, reproducible orders per launch and block.
      Rng ^= (static_cast<unsigned long long>(BIdx.x) + 1) * 0x9E3779B97F4A7C15ull +
             (static_cast<unsigned long long>(BIdx.y) << 32) + BIdx.z +
             launchSerial().load(std::memory_order_relaxed) * 0xD1B54A32D192ED03ull;
      Rng = Rng ? Rng : 1;
      FrontPercent = 25 * static_cast<unsigned>(1 + random() % 4);
    }
    Live = N;
    AtBarrier = 0;
    Spins = 0;
    for (unsigned I = 0; I < N; ++I) {
      Fiber &F = Fibers[I];
      F.Linear = I;
      F.ThreadIdx = {I % BDim.x, I / BDim.x % BDim.y, I / (BDim.x * BDim.y)};
      F.Owner = this;
      F.Entered = false;
      char Name[96] = "";
      if (san::kThreadSanitizer)
        std::snprintf(Name, sizeof Name, "GPU thread (%u,%u,%u) of block (%u,%u,%u)",
                      F.ThreadIdx.x, F.ThreadIdx.y, F.ThreadIdx.z, BIdx.x, BIdx.y, BIdx.z);
      san::createFiber(F.San, I, Name, [&F, &Body] {
        F.Self = bctx::fiber(std::allocator_arg, PooledStack{&F.San},
                             [&F, &Body](bctx::fiber &&Sched) { return entry(F, Body, std::move(Sched)); });
      });
      Ready.push_back(I);
    }
    schedule();
    if (Error.empty() && Live != 0)
      Error = describeDeadlock();
    if (!Error.empty()) {
      // Unwind the stacks of the threads that cannot go on (Boost throws forced_unwind in them).
      for (Fiber &F : Fibers) {
        if (!F.Self)
          continue;
        CurrentFiber = &F;
        // A fiber whose body never started is unwound by Boost alone, in the scheduler's
        // context: nothing to announce.
        if (F.Entered)
          san::schedulerToFiber(F.San);
        F.Self = bctx::fiber();
        if (F.Entered)
          san::backInScheduler();
      }
      CurrentFiber = nullptr;
    }
    san::blockFinished(this);
    return Error.empty();
  }

  const std::string &error() const { return Error; }

  /// Runs thread `F` until it waits or returns, with its built-in variables set.
  OMP2CU_SIM_INTERNAL void resume(Fiber &F) {
    CurrentFiber = &F;
    ::threadIdx = F.ThreadIdx;
    ::blockIdx = BlockIdx;
    ::blockDim = BlockDim;
    ::gridDim = GridDim;
    san::schedulerToFiber(F.San);
    F.Self = std::move(F.Self).resume();
    san::backInScheduler();
    san::errorRead(&Error);
    CurrentFiber = nullptr;
  }

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
  OMP2CU_SIM_INTERNAL void barrier(Fiber &F) {
    if (Live == 1)
      return;
    F.Waiting = Wait::Block;
    suspend(F);
  }

  /// Lets the other threads of the block run (a thread that spins on memory calls this). A block
  /// whose live threads do nothing but yield for a long time is reported as a deadlock. Called
  /// from within a fiber.
  OMP2CU_SIM_INTERNAL void yield(Fiber &F) {
    if (++Spins > kMaxSpins * Live) {
      fail(F, "deadlock: the threads of the block spin on memory without progress");
    }
    F.Waiting = Wait::None;
    suspend(F);
  }

  /// Warp collective over the lanes in `Mask` of the caller's warp. Called from within a fiber.
  OMP2CU_SIM_INTERNAL unsigned long long warpCollective(Fiber &F, WarpOp Op, LaneMask Mask,
                                                        unsigned long long Value, unsigned Arg) {
    const unsigned Lane = F.Linear % kWarpSize;
    if (!((Mask >> Lane) & 1))
      fail(F, "warp operation by a lane that is not in its mask " + hex(Mask));
    F.Op = Op;
    F.Mask = Mask;
    F.Value = Value;
    F.Arg = Arg;
    if (Mask == (LaneMask(1) << Lane)) { // Only the caller: no need to wait.
      complete(F.Linear / kWarpSize, Mask);
      return F.Result;
    }
    F.Waiting = Wait::Warp;
    suspend(F);
    return F.Result;
  }

private:
  OMP2CU_SIM_INTERNAL static bctx::fiber entry(Fiber &F, const std::function<void()> &Body,
                                               bctx::fiber &&Sched) {
    san::fiberEntered(F.San);
    F.Entered = true;
    F.Scheduler = std::move(Sched);
    try {
      Body();
    } catch (const bctx::detail::forced_unwind &) {
      // Boost's stack unwinding of an abandoned fiber: let it through.
      san::fiberExits(F.San, F.Owner);
      throw;
    } catch (const std::exception &E) {
      F.Owner->recordError(std::string("exception in kernel: ") + E.what());
    } catch (...) {
      F.Owner->recordError("unknown exception in kernel");
    }
    F.Waiting = Wait::Done;
    san::fiberExits(F.San, F.Owner);
    return std::move(F.Scheduler);
  }

  OMP2CU_SIM_INTERNAL static void suspend(Fiber &F) {
    san::fiberToScheduler(F.San);
    try {
      F.Scheduler = std::move(F.Scheduler).resume();
    } catch (const bctx::detail::forced_unwind &) {
      san::fiberEntered(F.San);
      throw;
    }
    san::fiberEntered(F.San);
  }

  OMP2CU_SIM_INTERNAL void recordError(std::string What) {
    san::errorPosted(&Error);
    if (Error.empty())
      Error = std::move(What);
  }

  static std::string hex(unsigned long long V) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "0x%llx", V);
    return Buf;
  }

  OMP2CU_SIM_INTERNAL void schedule() {
    while (!Ready.empty() && Error.empty()) {
      unsigned Id;
      if (Rng && random() % 8 == 0) { // Now and then a random ready thread jumps the queue.
        const auto It = Ready.begin() + static_cast<long>(random() % Ready.size());
        Id = *It;
        Ready.erase(It);
      } else {
        Id = Ready.front();
        Ready.pop_front();
      }
      Fiber &F = Fibers[Id];
      resume(F);
      if (!Error.empty())
        break;
      if (F.Waiting != Wait::None)
        Spins = 0; // progress: a barrier, a warp operation or a return
      switch (F.Waiting) {
      case Wait::Done:
        --Live;
        releaseBarrierIfComplete();
        break;
      case Wait::Block:
        ++AtBarrier;
        releaseBarrierIfComplete();
        break;
      case Wait::Warp:
        ++WarpArrived[Id / kWarpSize];
        tryCompleteWarp(F);
        break;
      case Wait::None:
        Ready.push_back(Id);
        break;
      }
    }
  }

  /// Next pseudo-random number (xorshift64) of the shuffled schedule.
  unsigned long long random() {
    Rng ^= Rng << 13;
    Rng ^= Rng >> 7;
    Rng ^= Rng << 17;
    return Rng;
  }

  /// Queues the threads in `Released` (in order). Round-robin: at the back. Shuffled: at the
  /// front (with the block's FrontPercent probability: 25 to 100) or the back, so that some
  /// threads run far ahead of others.
  OMP2CU_SIM_INTERNAL void makeReady(const std::vector<unsigned> &Released) {
    san::syncGroup(static_cast<unsigned>(Released.size()),
                   [&](unsigned I) -> san::FiberState & { return Fibers[Released[I]].San; });
    if (Rng && random() % 100 < FrontPercent)
      Ready.insert(Ready.begin(), Released.begin(), Released.end());
    else
      Ready.insert(Ready.end(), Released.begin(), Released.end());
  }

  OMP2CU_SIM_INTERNAL void releaseBarrierIfComplete() {
    if (AtBarrier == 0 || AtBarrier != Live)
      return;
    Released.clear();
    for (Fiber &F : Fibers)
      if (F.Waiting == Wait::Block) {
        F.Waiting = Wait::None;
        Released.push_back(F.Linear);
      }
    AtBarrier = 0;
    makeReady(Released);
  }

  static unsigned popcount(LaneMask M) { return static_cast<unsigned>(__builtin_popcountll(M)); }

  /// Completes the collective that `F` posted if every lane of its mask has posted the same one.
  OMP2CU_SIM_INTERNAL void tryCompleteWarp(Fiber &F) {
    const unsigned Warp = F.Linear / kWarpSize;
    if (WarpArrived[Warp] < popcount(F.Mask))
      return;
    for (unsigned L = 0; L < kWarpSize; ++L) {
      if (!((F.Mask >> L) & 1))
        continue;
      const unsigned Id = Warp * kWarpSize + L;
      if (Id >= Fibers.size())
        return; // The mask names a lane that does not exist: can never complete.
      const Fiber &G = Fibers[Id];
      if (G.Waiting != Wait::Warp || G.Mask != F.Mask)
        return;
      if (G.Op != F.Op) {
        recordError("different warp operations with the same mask " + hex(F.Mask) +
                    " in warp " + std::to_string(Warp));
        return;
      }
    }
    complete(Warp, F.Mask);
    Released.clear();
    for (unsigned L = 0; L < kWarpSize; ++L)
      if ((F.Mask >> L) & 1) {
        Fiber &G = Fibers[Warp * kWarpSize + L];
        G.Waiting = Wait::None;
        --WarpArrived[Warp];
        Released.push_back(G.Linear);
      }
    makeReady(Released);
  }

  /// Computes the result of the collective of the lanes in `Mask` of warp `Warp`.
  OMP2CU_SIM_INTERNAL void complete(unsigned Warp, LaneMask Mask) {
    Fiber *Lanes[kWarpSize] = {};
    for (unsigned L = 0; L < kWarpSize; ++L)
      if ((Mask >> L) & 1)
        Lanes[L] = &Fibers[Warp * kWarpSize + L];
    LaneMask Ballot = 0;
    for (unsigned L = 0; L < kWarpSize; ++L)
      if (Lanes[L] && Lanes[L]->Value)
        Ballot |= LaneMask(1) << L;
    for (unsigned L = 0; L < kWarpSize; ++L) {
      Fiber *G = Lanes[L];
      if (!G)
        continue;
      unsigned Src = L;
      switch (G->Op) {
      case WarpOp::Sync:
        G->Result = 0;
        continue;
      case WarpOp::Ballot:
        G->Result = Ballot;
        continue;
      case WarpOp::ShflIdx:
        Src = G->Arg % kWarpSize;
        break;
      case WarpOp::ShflXor:
        Src = (L ^ G->Arg) % kWarpSize;
        break;
      case WarpOp::ShflDown:
        Src = L + G->Arg < kWarpSize ? L + G->Arg : L;
        break;
      }
      G->Result = Lanes[Src] ? Lanes[Src]->Value : kShufflePoison;
    }
  }

  std::string describeDeadlock() const {
    unsigned AtBlock = 0, AtWarp = 0;
    const Fiber *FirstWarp = nullptr;
    for (const Fiber &F : Fibers) {
      if (F.Waiting == Wait::Block)
        ++AtBlock;
      if (F.Waiting == Wait::Warp) {
        ++AtWarp;
        if (!FirstWarp)
          FirstWarp = &F;
      }
    }
    std::string S = "deadlock: " + std::to_string(Live) + " of " + std::to_string(Fibers.size()) +
                    " threads are blocked (" + std::to_string(AtBlock) +
                    " at a block barrier, " + std::to_string(AtWarp) + " at a warp operation";
    if (FirstWarp)
      S += ", e.g. thread (" + std::to_string(FirstWarp->ThreadIdx.x) + "," +
           std::to_string(FirstWarp->ThreadIdx.y) + "," + std::to_string(FirstWarp->ThreadIdx.z) +
           ") with mask " + hex(FirstWarp->Mask);
    return S + ")";
  }

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

#endif // OMP2CU_BACKEND_SIM_FIBER_H
