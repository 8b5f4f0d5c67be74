// Deferred target tasks (host/target_tasks.h): the order that dependences give, waits for the
// tasks a dependence names and for a thread's own tasks, tasks that overlap the host, and many
// host threads generating tasks at once.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace omp2cu::host;

namespace {

/// The order in which task bodies ran, under a mutex.
struct Log {
  std::mutex M;
  std::string S;
  void add(char C) {
    std::lock_guard<std::mutex> L(M);
    S += C;
  }
};

void shortPause() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

} // namespace

TEST_CASE("target tasks: out then in then out run in that order", "[host][tasks]") {
  int X = 0;
  Log L;
  const tasks::Dep Out[] = {{&X, tasks::Out}};
  const tasks::Dep In[] = {{&X, tasks::In}};
  tasks::submit(Out, [&] { shortPause(); L.add('w'); X = 1; });
  int R1 = -1, R2 = -1;
  tasks::submit(In, [&] { L.add('r'); R1 = X; });
  tasks::submit(In, [&] { L.add('r'); R2 = X; });
  tasks::submit(Out, [&] { L.add('W'); X = 2; });
  tasks::taskwait();
  CHECK(L.S == "wrrW");
  CHECK(R1 == 1);
  CHECK(R2 == 1);
  CHECK(X == 2);
  CHECK(tasks::Engine::get().outstanding() == 0);
}

TEST_CASE("target tasks: readers of one address run at once", "[host][tasks]") {
  int X = 0;
  std::atomic<int> Inside{0}, Most{0};
  const tasks::Dep In[] = {{&X, tasks::In}};
  for (int I = 0; I < 4; ++I)
    tasks::submit(In, [&] {
      const int Now = ++Inside;
      int M = Most.load();
      while (Now > M && !Most.compare_exchange_weak(M, Now)) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      --Inside;
    });
  tasks::taskwait();
  CHECK(Most.load() >= 2);
}

TEST_CASE("target tasks: inoutset and mutexinoutset order as inout", "[host][tasks]") {
  int X = 0;
  Log L;
  const tasks::Dep A[] = {{&X, tasks::Mutexinoutset}};
  const tasks::Dep B[] = {{&X, tasks::Inoutset}};
  tasks::submit(A, [&] { shortPause(); L.add('a'); });
  tasks::submit(B, [&] { L.add('b'); });
  tasks::submit(A, [&] { L.add('c'); });
  tasks::taskwait();
  CHECK(L.S == "abc");
}

TEST_CASE("target tasks: the host goes on while a task waits for it", "[host][tasks]") {
  std::atomic<int> Flag{0};
  std::atomic<bool> Seen{false};
  tasks::submit([&] {
    while (Flag.load() == 0)
      std::this_thread::yield();
    Seen = true;
  });
  // The task runs on a helper thread: it can only end after this store.
  Flag.store(1);
  tasks::taskwait();
  CHECK(Seen.load());
}

TEST_CASE("target tasks: wait_for waits for the tasks a dependence names", "[host][tasks]") {
  int X = 0, Y = 0;
  std::atomic<bool> XDone{false};
  std::atomic<int> Release{0};
  const tasks::Dep OutX[] = {{&X, tasks::Out}};
  const tasks::Dep OutY[] = {{&Y, tasks::Out}};
  tasks::submit(OutX, [&] { shortPause(); XDone = true; });
  tasks::submit(OutY, [&] {
    while (Release.load() == 0)
      std::this_thread::yield();
  });
  const tasks::Dep InX[] = {{&X, tasks::In}};
  tasks::wait_for(InX); // not the task on Y, which waits for us
  CHECK(XDone.load());
  Release = 1;
  tasks::taskwait();
  CHECK(tasks::Engine::get().outstanding() == 0);
}

TEST_CASE("target tasks: taskwait waits for the calling thread's tasks only", "[host][tasks]") {
  std::atomic<int> Release{0};
  std::atomic<bool> Mine{false};
  std::thread Other([&] {
    tasks::submit([&] {
      while (Release.load() == 0)
        std::this_thread::yield();
    });
    tasks::taskwait();
  });
  // Let the other thread's task start first.
  while (tasks::Engine::get().outstanding() == 0)
    std::this_thread::yield();
  tasks::submit([&] { Mine = true; });
  tasks::taskwait();
  CHECK(Mine.load());
  Release = 1;
  Other.join();
  CHECK(tasks::Engine::get().outstanding() == 0);
}

TEST_CASE("target tasks: chains from many host threads at once", "[host][tasks][stress]") {
  constexpr int Threads = 8, Chain = 200;
  std::vector<long> Sums(Threads, 0);
  std::vector<std::thread> Ts;
  for (int T = 0; T < Threads; ++T)
    Ts.emplace_back([&, T] {
      long &S = Sums[T];
      const tasks::Dep D[] = {{&S, tasks::Inout}};
      for (int I = 1; I <= Chain; ++I)
        tasks::submit(D, [&S, I] { S = S * 3 % 1000003 + I; });
      tasks::taskwait();
    });
  for (std::thread &T : Ts)
    T.join();
  long Want = 0;
  for (int I = 1; I <= Chain; ++I)
    Want = Want * 3 % 1000003 + I;
  for (int T = 0; T < Threads; ++T)
    CHECK(Sums[T] == Want);
  CHECK(tasks::Engine::get().outstanding() == 0);
}
