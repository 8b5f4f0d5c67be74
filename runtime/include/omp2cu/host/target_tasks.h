//===- omp2cu/host/target_tasks.h - Deferred target tasks -*- C++ -*-===//
//
// Part of omp2cu. The deferred target tasks of `nowait` constructs (target and its combined
// forms, target enter data, target exit data, target update).
//
// A host OpenMP runtime runs the tasks of a serial region at once, in the encountering thread
// (libgomp without a team, libomp in a serialised team), so a `nowait` target construct written
// outside parallel regions cannot overlap the host if it becomes a host task. libomptarget runs
// such tasks on its hidden helper threads; this is the same idea:
//
//  - Outside parallel regions (omp_get_level() == 0) the construct's host code (mapping, launch,
//    copy-back: the same code as the synchronous construct's) is a task of this file's engine. It
//    runs on a helper thread, after the target tasks it depends on, while the encountering thread
//    goes on at once. Each helper thread has its own stream (the per-thread default stream of the
//    CUDA and HIP backends; sim: its own OS thread), so a kernel of one task overlaps the copies
//    and kernels of others and the host's own.
//  - Inside a parallel region the construct is a host task (`#pragma omp task` with its depend
//    clauses, emitted by the translator): the host runtime defers it to another thread of the
//    team, and barriers, taskwait, taskgroup and dependences with host tasks are the host
//    runtime's own. Before it is created the encountering thread waits for the engine's tasks
//    that its dependences name (tasks of the serial part before the region).
//
// The engine's dependences follow OpenMP's rules on the addresses of the list items (the
// address of a section's first element): `in` after the last `out`/`inout` of the address,
// `out`/`inout` after it and after every `in` since. `mutexinoutset` and `inoutset` are taken as
// `inout` (a stricter order: a valid schedule). Host tasks of the serial part run at once, so
// the only dependences between a host task and an engine task are those of a host task (or an
// undeferred target task, or `taskwait depend`) generated after the engine task: the translator
// puts wait_for() before them. taskwait, taskgroup and a barrier of the serial part call
// taskwait(), which waits for the calling thread's engine tasks; the end of the program waits for
// all of them (an atexit handler).
//
// Helper threads are started on demand (at most OMP2CU_TARGET_TASK_THREADS, default 8, one per
// task that can run at once) and never end; they wait idle while there is nothing to run.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_TARGET_TASKS_H
#define OMP2CU_HOST_TARGET_TASKS_H

#include "omp2cu/host/error.h"
#include "omp2cu/linkage.h"

#include <omp.h>

#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <deque>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace omp2cu::host::tasks {

/// A dependence type of a depend clause.
enum DepType : unsigned char { In, Out, Inout, Mutexinoutset, Inoutset };

/// One list item of a depend clause: the address of its storage (the first element of a section).
struct Dep {
  const void *addr;
  DepType type;
};

/// True while the calling thread runs inside a parallel region, active or not (host tasks may be
/// deferred to the team's threads): a nowait construct becomes a host task there. Any thread.
inline bool in_parallel() { return ::omp_get_level() > 0; }

/// The engine: a dependence graph over the outstanding deferred target tasks and the helper
/// threads that run them. Thread-safe: every member function takes the engine's mutex (bodies run
/// without it).
class Engine {
public:
  /// The process-wide engine. It is never destroyed: its helper threads wait idle until the
  /// process exits, so that exit() from anywhere cannot race a shutdown.
  static Engine &get() {
    static Engine *E = new Engine;
    return *E;
  }

  /// Generates a task that runs `body` once the tasks it depends on (by `deps`) have completed.
  /// Returns at once. Any host thread.
  void submit(const Dep *deps, std::size_t count, std::function<void()> body);

  /// Waits until every outstanding task that a task with `deps` would depend on has completed.
  /// Any host thread that is not a helper thread.
  void wait_for(const Dep *deps, std::size_t count);

  /// Waits for the tasks the calling thread generated. Any host thread that is not a helper.
  void wait_own() { wait_own_since(0); }

  /// Waits for every outstanding task.
  void wait_all() {
    std::unique_lock<std::mutex> Lock(Mutex);
    Changed.wait(Lock, [&] { return Total == 0; });
  }

  /// The number of the last task generated so far (a taskgroup's start: wait_own_since()).
  unsigned long long mark() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return LastSequence;
  }

  /// Waits for the tasks the calling thread generated after mark() returned `since`.
  void wait_own_since(unsigned long long since);

  /// Outstanding tasks (generated, not yet completed).
  std::size_t outstanding() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Total;
  }

private:
  struct Task {
    std::function<void()> Body;
    std::thread::id Creator;
    unsigned long long Sequence = 0; ///< generation order
    unsigned Pending = 0; ///< predecessors not yet completed
    bool Done = false;
    std::vector<std::shared_ptr<Task>> Successors;
    std::vector<const void *> Addrs; ///< the addresses of its dependences
  };
  /// The outstanding tasks that name one address (Live owns them). Plain pointers: clang 15's
  /// HIP compilation under C++20 crashes on a std::map whose values hold shared_ptrs.
  struct Slot {
    Task *LastOut = nullptr;
    std::vector<Task *> Readers; ///< `in` tasks since LastOut
  };

  Engine() {
    const char *S = std::getenv("OMP2CU_TARGET_TASK_THREADS");
    const long V = S ? std::strtol(S, nullptr, 10) : 0;
    MaxHelpers = V >= 1 && V <= 256 ? static_cast<unsigned>(V) : 8u;
  }

  /// `to` runs after `from` (unless from is null, done, or `to` itself).
  static void addEdge(Task *from, const std::shared_ptr<Task> &to);

  /// Queues `t` for a helper thread, starting one when the ready tasks outnumber the idle
  /// helpers (a woken helper counts as idle until it runs: two tasks made ready before it wakes
  /// need two helpers). Under the mutex.
  void makeReady(const std::shared_ptr<Task> &t);

  void helper();

  /// Marks `t` completed: its successors may run, the slots forget it. Under the mutex.
  void complete(const std::shared_ptr<Task> &t);

  /// The end of the program waits for the outstanding tasks (not on a helper thread: exit() from
  /// a task's body, nor after a fatal error, where a task may never end). Under the mutex.
  void registerAtExit();

  std::mutex Mutex;
  std::condition_variable WorkAvailable, Changed;
  std::deque<std::shared_ptr<Task>> Ready;
  std::map<const void *, Slot> Slots;
  std::set<std::shared_ptr<Task>> Live; ///< generated, not yet completed
  unsigned long long LastSequence = 0;
  std::size_t Total = 0;
  unsigned Helpers = 0, Idle = 0, MaxHelpers = 8;
  bool AtExitRegistered = false;
};

/// Generates a deferred target task that runs `body` after the engine's tasks that `deps` name.
/// Any host thread (the translator calls it outside parallel regions).
template <std::size_t N, class F> inline void submit(const Dep (&deps)[N], F &&body) {
  Engine::get().submit(deps, N, std::function<void()>(std::forward<F>(body)));
}
template <class F> inline void submit(F &&body) {
  Engine::get().submit(nullptr, 0, std::function<void()>(std::forward<F>(body)));
}

/// True where the calling thread's synchronisation concerns the engine's tasks: outside parallel
/// regions and not on a helper thread. (Dependences order sibling tasks, and taskwait, taskgroup
/// and barriers wait for the tasks of their own task or region: the engine's tasks are children
/// of the serial part's tasks; a parallel region's threads and a helper's task have none.)
inline bool engine_siblings() { return !OnTaskHelperThread && !in_parallel(); }

/// Waits for the engine's tasks that a task with dependences `deps` depends on: before a host
/// task, an undeferred target task or a `taskwait depend` with those dependences.
template <std::size_t N> inline void wait_for(const Dep (&deps)[N]) {
  if (engine_siblings())
    Engine::get().wait_for(deps, N);
}

/// taskwait and a barrier or the implicit barrier of a worksharing construct of the serial part:
/// waits for the engine's tasks that the calling thread generated.
inline void taskwait() {
  if (engine_siblings())
    Engine::get().wait_own();
}

/// The start of a taskgroup (or of a taskloop's implicit one): what group_wait() waits after.
inline unsigned long long group_start() {
  return engine_siblings() ? Engine::get().mark() : 0;
}
/// The end of that taskgroup: waits for the engine's tasks the calling thread generated in it.
inline void group_wait(unsigned long long start) {
  if (engine_siblings())
    Engine::get().wait_own_since(start);
}

} // namespace omp2cu::host::tasks

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/target_tasks-inl.h"
#endif

#endif // OMP2CU_HOST_TARGET_TASKS_H
