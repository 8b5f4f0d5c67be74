//===- omp2cu/backend/sim_fiber-inl.h - CPU emulator: one block as fibers, definitions -*- C++
//-*-===//
//
// Part of omp2cu. The definitions of omp2cu/backend/sim_fiber.h's non-template functions: included
// at the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/backend/sim_fiber.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_FIBER_INL_H
#define OMP2CU_BACKEND_SIM_FIBER_INL_H

#include "omp2cu/backend/sim_fiber.h"

namespace omp2cu::backend::sim {

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL bool Block::run(Uint3 BIdx, Uint3 BDim, Uint3 GDim,
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
      std::snprintf(Name, sizeof Name, "GPU thread (%u,%u,%u) of block (%u,%u,%u)", F.ThreadIdx.x,
                    F.ThreadIdx.y, F.ThreadIdx.z, BIdx.x, BIdx.y, BIdx.z);
    san::createFiber(F.San, I, Name, [&F, &Body] {
      F.Self =
          bctx::fiber(std::allocator_arg, PooledStack{&F.San}, [&F, &Body](bctx::fiber &&Sched) {
            return entry(F, Body, std::move(Sched));
          });
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::resume(Fiber &F) {
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::barrier(Fiber &F) {
  if (Live == 1)
    return;
  F.Waiting = Wait::Block;
  suspend(F);
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::yield(Fiber &F) {
  if (++Spins > kMaxSpins * Live) {
    fail(F, "deadlock: the threads of the block spin on memory without progress");
  }
  F.Waiting = Wait::None;
  suspend(F);
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL unsigned long long
Block::warpCollective(Fiber &F, WarpOp Op, LaneMask Mask, unsigned long long Value, unsigned Arg) {
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL bctx::fiber
Block::entry(Fiber &F, const std::function<void()> &Body, bctx::fiber &&Sched) {
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::suspend(Fiber &F) {
  san::fiberToScheduler(F.San);
  try {
    F.Scheduler = std::move(F.Scheduler).resume();
  } catch (const bctx::detail::forced_unwind &) {
    san::fiberEntered(F.San);
    throw;
  }
  san::fiberEntered(F.San);
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::recordError(std::string What) {
  san::errorPosted(&Error);
  if (Error.empty())
    Error = std::move(What);
}

OMP2CU_RT_FN std::string Block::hex(unsigned long long V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "0x%llx", V);
  return Buf;
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::schedule() {
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

OMP2CU_RT_FN unsigned long long Block::random() {
  Rng ^= Rng << 13;
  Rng ^= Rng >> 7;
  Rng ^= Rng << 17;
  return Rng;
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::makeReady(const std::vector<unsigned> &Released) {
  san::syncGroup(static_cast<unsigned>(Released.size()),
                 [&](unsigned I) -> san::FiberState & { return Fibers[Released[I]].San; });
  if (Rng && random() % 100 < FrontPercent)
    Ready.insert(Ready.begin(), Released.begin(), Released.end());
  else
    Ready.insert(Ready.end(), Released.begin(), Released.end());
}

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::releaseBarrierIfComplete() {
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::tryCompleteWarp(Fiber &F) {
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
      recordError("different warp operations with the same mask " + hex(F.Mask) + " in warp " +
                  std::to_string(Warp));
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

OMP2CU_RT_FN OMP2CU_SIM_INTERNAL void Block::complete(unsigned Warp, LaneMask Mask) {
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

OMP2CU_RT_FN std::string Block::describeDeadlock() const {
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
                  " threads are blocked (" + std::to_string(AtBlock) + " at a block barrier, " +
                  std::to_string(AtWarp) + " at a warp operation";
  if (FirstWarp)
    S += ", e.g. thread (" + std::to_string(FirstWarp->ThreadIdx.x) + "," +
         std::to_string(FirstWarp->ThreadIdx.y) + "," + std::to_string(FirstWarp->ThreadIdx.z) +
         ") with mask " + hex(FirstWarp->Mask);
  return S + ")";
}

OMP2CU_RT_FN bctx::stack_context StackPool::allocate() {
  if (!Free.empty()) {
    bctx::stack_context S = Free.back();
    Free.pop_back();
    san::stackAllocated(static_cast<char *>(S.sp) - S.size, S.size);
    return S;
  }
  const std::size_t Size = OMP2CU_SIM_STACK_SIZE, Guard = pageSize();
  void *Mem =
      mmap(nullptr, Size + Guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Mem == MAP_FAILED)
    throw std::bad_alloc();
  mprotect(Mem, Guard, PROT_NONE);
  bctx::stack_context S;
  S.size = Size;
  S.sp = static_cast<char *>(Mem) + Guard + Size; // Stacks grow down.
  return S;
}

OMP2CU_RT_FN std::size_t StackPool::pageSize() {
  static const std::size_t P = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return P;
}

} // namespace omp2cu::backend::sim

#endif // OMP2CU_BACKEND_SIM_FIBER_INL_H
