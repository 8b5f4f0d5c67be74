//===- omp2cu/host/target_tasks-inl.h - Deferred target tasks: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/target_tasks.h's non-template functions: included
// at the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/target_tasks.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_TARGET_TASKS_INL_H
#define OMP2CU_HOST_TARGET_TASKS_INL_H

#include "omp2cu/host/target_tasks.h"

namespace omp2cu::host::tasks {

OMP2CU_RT_FN void Engine::submit(const Dep *deps, std::size_t count, std::function<void()> body) {
  auto T = std::make_shared<Task>();
  T->Body = std::move(body);
  T->Creator = std::this_thread::get_id();
  std::unique_lock<std::mutex> Lock(Mutex);
  T->Sequence = ++LastSequence;
  Live.insert(T);
  registerAtExit();
  for (std::size_t I = 0; I < count; ++I) {
    Slot &S = Slots[deps[I].addr];
    T->Addrs.push_back(deps[I].addr);
    if (deps[I].type == In) {
      addEdge(S.LastOut, T);
      S.Readers.push_back(T.get());
    } else {
      addEdge(S.LastOut, T);
      for (Task *R : S.Readers)
        addEdge(R, T);
      S.Readers.clear();
      S.LastOut = T.get();
    }
  }
  ++Total;
  if (T->Pending == 0)
    makeReady(T);
}

OMP2CU_RT_FN void Engine::wait_for(const Dep *deps, std::size_t count) {
  std::unique_lock<std::mutex> Lock(Mutex);
  Changed.wait(Lock, [&] {
    for (std::size_t I = 0; I < count; ++I) {
      auto It = Slots.find(deps[I].addr);
      if (It == Slots.end())
        continue;
      if (It->second.LastOut)
        return false;
      if (deps[I].type != In && !It->second.Readers.empty())
        return false;
    }
    return true;
  });
}

OMP2CU_RT_FN void Engine::wait_own_since(unsigned long long since) {
  const std::thread::id Me = std::this_thread::get_id();
  std::unique_lock<std::mutex> Lock(Mutex);
  Changed.wait(Lock, [&] {
    for (const auto &T : Live)
      if (T->Creator == Me && T->Sequence > since)
        return false;
    return true;
  });
}

OMP2CU_RT_FN void Engine::helper() {
  OnTaskHelperThread = true;
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    ++Idle;
    WorkAvailable.wait(Lock, [this] { return !Ready.empty(); });
    --Idle;
    std::shared_ptr<Task> T = std::move(Ready.front());
    Ready.pop_front();
    Lock.unlock();
    T->Body();
    T->Body = nullptr; // its captures go before the task counts as completed
    Lock.lock();
    complete(T);
  }
}

OMP2CU_RT_FN void Engine::complete(const std::shared_ptr<Task> &t) {
  t->Done = true;
  for (const auto &S : t->Successors)
    if (--S->Pending == 0)
      makeReady(S);
  t->Successors.clear();
  for (const void *A : t->Addrs) {
    auto It = Slots.find(A);
    if (It == Slots.end())
      continue;
    Slot &S = It->second;
    if (S.LastOut == t.get())
      S.LastOut = nullptr;
    for (std::size_t I = 0; I < S.Readers.size();)
      if (S.Readers[I] == t.get()) {
        S.Readers[I] = S.Readers.back();
        S.Readers.pop_back();
      } else {
        ++I;
      }
    if (!S.LastOut && S.Readers.empty())
      Slots.erase(It);
  }
  Live.erase(t);
  --Total;
  Changed.notify_all();
}

OMP2CU_RT_FN void Engine::registerAtExit() {
  if (AtExitRegistered)
    return;
  AtExitRegistered = true;
  std::atexit([] {
    if (!OnTaskHelperThread && !fatal_exit_in_progress())
      Engine::get().wait_all();
  });
}

OMP2CU_RT_FN void Engine::makeReady(const std::shared_ptr<Task> &t) {
  Ready.push_back(t);
  if (Ready.size() > Idle && Helpers < MaxHelpers) {
    ++Helpers;
    std::thread([this] { helper(); }).detach();
  }
  WorkAvailable.notify_one();
}

OMP2CU_RT_FN void Engine::addEdge(Task *from, const std::shared_ptr<Task> &to) {
  if (!from || from->Done || from == to.get())
    return;
  for (const auto &S : from->Successors)
    if (S == to)
      return;
  from->Successors.push_back(to);
  ++to->Pending;
}

} // namespace omp2cu::host::tasks

#endif // OMP2CU_HOST_TARGET_TASKS_INL_H
