// Names of the enclosing function that a kernel (a function outside it) needs, from LLVM's
// offloading tests: constants of the function used as constant expressions in the region
// (offloading/parallel_offloading_map.cpp: `constexpr int N = 128; ... int tmp[N];`; a C++
// `const int` with a constant initializer, one constant defined from another), and a parameter
// named only by the schedule clause of a combined construct (offloading/dynamic-schedule.cpp:
// `target parallel for schedule(dynamic, chunk)`) or its dist_schedule. Once the generated code
// did not compile ('N' / 'chunk' was not declared in this scope).
#include <cstdio>

template <int K> struct Width {
  static constexpr int value = K;
};

static long constants() {
  constexpr int N = 16;
  const int M = N / 2;
  constexpr int Twice = 2 * M;
  long total = 0;
#pragma omp target teams distribute parallel for reduction(+: total) map(tofrom: total)
  for (int i = 0; i < 64; ++i) {
    int tmp[N];
    double half[M];
    for (int j = 0; j < N; ++j)
      tmp[j] = i + j;
    for (int j = 0; j < M; ++j)
      half[j] = tmp[2 * j];
    total += tmp[N - 1] + (long)half[M - 1] + Width<Twice>::value;
  }
  return total;
}

static bool schedules(int lb, int ub, int stride, int chunk) {
  int result[100] = {};
#pragma omp target parallel for schedule(dynamic, chunk) map(tofrom: result[:100])
  for (int i = lb; i < ub; i += stride)
    result[i] += i;
#pragma omp target teams distribute dist_schedule(static, chunk + 1) map(tofrom: result[:100])
  for (int i = lb; i < ub; i += stride)
    result[i] += 1;
  for (int i = 0; i < 100; ++i) {
    const bool hit = i >= lb && i < ub && (i - lb) % stride == 0;
    if (result[i] != (hit ? i + 1 : 0))
      return false;
  }
  return true;
}

int main() {
  std::printf("constants: %ld\n", constants());
  for (int chunk = 1; chunk <= 4; ++chunk)
    std::printf("schedule(dynamic, %d), dist_schedule(static, %d): %s\n", chunk, chunk + 1,
                schedules(3, 97, chunk + 1, chunk) ? "ok" : "WRONG");
  return 0;
}
