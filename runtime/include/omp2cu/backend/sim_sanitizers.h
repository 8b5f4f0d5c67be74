//===- omp2cu/backend/sim_sanitizers.h - CPU emulator: sanitizer hooks -*- C++ -*-===//
//
// Part of omp2cu. Internal to the sim backend (see sim.h): tells AddressSanitizer and
// ThreadSanitizer about the emulated GPU threads, so that a program built for sim with
// `-fsanitize=address` or `-fsanitize=thread` is checked *inside* its target regions:
//
// - AddressSanitizer: every switch between the scheduler and a thread's fiber stack is announced
//   (__sanitizer_start_switch_fiber / __sanitizer_finish_switch_fiber), so that stack checks,
//   exceptions and fake stacks work on fiber stacks; device allocations have their requested
//   size (sim.h), so that a kernel that reads past a mapped section is reported.
// - ThreadSanitizer: every emulated thread is a TSan fiber. Switches between fibers do not
//   synchronise (threads of a team run concurrently on a GPU); what does synchronise is what
//   synchronises on a GPU: a block barrier or a warp collective orders everything its
//   participants did before it with everything they do after it (syncGroup), atomics are TSan
//   atomics, and the end of a block orders it before what its worker does next.
//   The scheduler's own bookkeeping is not instrumented (OMP2CU_SIM_INTERNAL), and it takes
//   the threads' history only when their whole block has ended.
//
// Without a sanitizer everything here is empty and inline.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_SANITIZERS_H
#define OMP2CU_BACKEND_SIM_SANITIZERS_H

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1
#endif
#if __has_feature(thread_sanitizer) && !defined(__SANITIZE_THREAD__)
#define __SANITIZE_THREAD__ 1
#endif
#endif

#if defined(__SANITIZE_ADDRESS__)
#define OMP2CU_SIM_ASAN 1
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(__SANITIZE_THREAD__)
#define OMP2CU_SIM_TSAN 1
#include <sanitizer/tsan_interface.h>
// libtsan's, as OpenMP runtimes use them.
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();
extern "C" void __tsan_func_exit(); // the instrumentation's own
#include <vector>
/// Marks the emulator's scheduler and its bookkeeping: ThreadSanitizer does not see their
/// accesses (a thread posting its state to the scheduler is not a race of the user's program).
#define OMP2CU_SIM_INTERNAL __attribute__((no_sanitize("thread")))
#else
#define OMP2CU_SIM_INTERNAL
#endif

namespace omp2cu::backend::sim::san {

/// True when the emulator runs under ThreadSanitizer.
#ifdef OMP2CU_SIM_TSAN
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif
/// True when the emulator runs under AddressSanitizer (device allocations are then exactly the
/// requested size, so that its redzones follow them).
#ifdef OMP2CU_SIM_ASAN
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif

/// What the sanitizers know of one emulated thread.
struct FiberState {
  const void *StackBottom = nullptr;
  std::size_t StackSize = 0;
#ifdef OMP2CU_SIM_ASAN
  void *FakeStack = nullptr;
#endif
#ifdef OMP2CU_SIM_TSAN
  void *Tsan = nullptr;
#endif
};

/// Per worker OS thread: the scheduler's stack and TSan context, and the TSan contexts of the
/// threads of its blocks, one per thread slot, reused from block to block (a thread of a block
/// comes after every thread of the blocks this worker ran before: blockFinished).
struct SchedulerState {
#ifdef OMP2CU_SIM_ASAN
  void *FakeStack = nullptr;
  const void *StackBottom = nullptr;
  std::size_t StackSize = 0;
#endif
#ifdef OMP2CU_SIM_TSAN
  void *Tsan = nullptr;
  std::vector<void *> Slots;
  bool Ignoring = false; ///< A thread's switch to the scheduler is under way (fiberToScheduler).
#endif
};

inline SchedulerState &scheduler() {
  thread_local SchedulerState S;
  return S;
}

/// A fresh fiber stack [Bottom, Bottom + Size) for a thread. Called by the scheduler.
inline void stackAllocated(void *Bottom, std::size_t Size) {
#ifdef OMP2CU_SIM_ASAN
  ASAN_UNPOISON_MEMORY_REGION(Bottom, Size); // Redzones of its previous user, if any.
#endif
  (void)Bottom;
  (void)Size;
}

/// Registers thread \p F, of thread slot \p Slot of its block, named \p Name in reports, and
/// runs \p Make, which constructs its fiber. Called by the scheduler.
template <class MakeFiber>
OMP2CU_SIM_INTERNAL inline void createFiber(FiberState &F, unsigned Slot, const char *Name,
                                            MakeFiber Make) {
  Make();
#ifdef OMP2CU_SIM_TSAN
  // Boost entered the new stack to set it up, in a function (fiber_entry) that the thread goes
  // on with and never returns from: its entry on the scheduler's shadow call stack (GCC's
  // instrumentation; Clang's ThreadSanitizer runtime is not supported here yet) is popped.
  __tsan_func_exit();
  SchedulerState &S = scheduler();
  if (!S.Tsan)
    S.Tsan = __tsan_get_current_fiber();
  while (S.Slots.size() <= Slot)
    S.Slots.push_back(__tsan_create_fiber(0));
  F.Tsan = S.Slots[Slot];
  __tsan_set_fiber_name(F.Tsan, Name);
#else
  (void)F;
  (void)Slot;
  (void)Name;
#endif
}

/// The scheduler is about to switch to thread \p F. The scheduler's history goes with it: the
/// launch's arguments, the ids it wrote, and the threads of the blocks this worker finished
/// before (blockFinished), never a thread of F's own block.
inline void schedulerToFiber(FiberState &F) {
#ifdef OMP2CU_SIM_ASAN
  __sanitizer_start_switch_fiber(&scheduler().FakeStack, F.StackBottom, F.StackSize);
#endif
#ifdef OMP2CU_SIM_TSAN
  __tsan_switch_to_fiber(F.Tsan, 0);
#endif
  (void)F;
}

/// Back in the scheduler after a thread suspended, returned or was unwound.
inline void backInScheduler() {
#ifdef OMP2CU_SIM_ASAN
  __sanitizer_finish_switch_fiber(scheduler().FakeStack, nullptr, nullptr);
#endif
#ifdef OMP2CU_SIM_TSAN
  // A thread that returned leaves TSan in its context (the switch happens in the scheduler so
  // that the shadow call stacks stay balanced), ignoring its accesses since fiberExits.
  SchedulerState &S = scheduler();
  if (__tsan_get_current_fiber() != S.Tsan) {
    __tsan_ignore_thread_end();
    __tsan_switch_to_fiber(S.Tsan, __tsan_switch_to_fiber_no_sync);
  } else if (S.Ignoring) {
    __tsan_ignore_thread_end();
    S.Ignoring = false;
  }
#endif
}

/// Thread \p F runs on its stack again (first entry or back from a suspension).
inline void fiberEntered(FiberState &F) {
#ifdef OMP2CU_SIM_ASAN
  SchedulerState &S = scheduler();
  __sanitizer_finish_switch_fiber(F.FakeStack, &S.StackBottom, &S.StackSize);
#endif
  (void)F;
}

/// Thread \p F is about to suspend itself (it comes back through fiberEntered). Its history does
/// not go to the scheduler.
inline void fiberToScheduler(FiberState &F) {
#ifdef OMP2CU_SIM_ASAN
  SchedulerState &S = scheduler();
  __sanitizer_start_switch_fiber(&F.FakeStack, S.StackBottom, S.StackSize);
#endif
#ifdef OMP2CU_SIM_TSAN
  // Boost's switch reads the thread's continuation (which the thread wrote) in the scheduler's
  // context: not the user's accesses, ignored until the scheduler runs again (backInScheduler).
  __tsan_switch_to_fiber(scheduler().Tsan, __tsan_switch_to_fiber_no_sync);
  __tsan_ignore_thread_begin();
  scheduler().Ignoring = true;
#endif
  (void)F;
}

/// Thread \p F returns or is unwound for good (backInScheduler follows); its history goes to
/// \p BlockTag, which the scheduler takes when the whole block has ended (blockFinished).
inline void fiberExits(FiberState &F, const void *BlockTag) {
#ifdef OMP2CU_SIM_TSAN
  __tsan_release(const_cast<void *>(BlockTag));
  // What it still does (Boost's return to the scheduler writes the scheduler's stack) is not
  // the user's.
  __tsan_ignore_thread_begin();
#endif
#ifdef OMP2CU_SIM_ASAN
  SchedulerState &S = scheduler();
  __sanitizer_start_switch_fiber(nullptr, S.StackBottom, S.StackSize); // Its fake stack dies.
#endif
  (void)F;
  (void)BlockTag;
}

/// Every thread of a block has ended: what they did happens before whatever the worker does
/// next (the next block, the end of the launch). Races between two blocks that one worker runs
/// one after the other are therefore not seen; those between blocks on different workers are.
inline void blockFinished(const void *BlockTag) {
#ifdef OMP2CU_SIM_TSAN
  __tsan_acquire(const_cast<void *>(BlockTag));
#endif
  (void)BlockTag;
}

/// A failing thread's report reaches the scheduler (the launch fails; hiding races no longer
/// matters). Called by the failing thread before it posts the error.
inline void errorPosted(const void *Tag) {
#ifdef OMP2CU_SIM_TSAN
  __tsan_release(const_cast<void *>(Tag));
#endif
  (void)Tag;
}
/// The scheduler reads a posted error.
inline void errorRead(const void *Tag) {
#ifdef OMP2CU_SIM_TSAN
  __tsan_acquire(const_cast<void *>(Tag));
#endif
  (void)Tag;
}

/// The threads \p Members[0..N) pass a barrier or warp collective together: whatever each did
/// before it happens before whatever any does after it. Called by the scheduler while all of
/// them are suspended at it (so that none has gone on yet).
template <class GetState>
OMP2CU_SIM_INTERNAL inline void syncGroup(unsigned N, GetState Member) {
#ifdef OMP2CU_SIM_TSAN
  if (N < 2)
    return;
  // Gathered in the scheduler's context: between the switches below nothing instrumented runs.
  void **Contexts = new void *[N + 1]; // [N]: a fresh synchronisation object for this barrier
  for (unsigned I = 0; I < N; ++I)
    Contexts[I] = Member(I).Tsan;
  void *Tag = &Contexts[N];
  for (unsigned I = 0; I < N; ++I) {
    __tsan_switch_to_fiber(Contexts[I], __tsan_switch_to_fiber_no_sync);
    __tsan_release(Tag);
  }
  for (unsigned I = 0; I < N; ++I) {
    __tsan_switch_to_fiber(Contexts[I], __tsan_switch_to_fiber_no_sync);
    __tsan_acquire(Tag);
  }
  __tsan_switch_to_fiber(scheduler().Tsan, __tsan_switch_to_fiber_no_sync);
  delete[] Contexts;
#else
  (void)N;
  (void)Member;
#endif
}

} // namespace omp2cu::backend::sim::san

#endif // OMP2CU_BACKEND_SIM_SANITIZERS_H
