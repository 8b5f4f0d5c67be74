// Forms from public benchmark programs (HeCBench's bincount, stddev, nms and merge) whose
// translations did not compile:
// - `#pragma omp atomic update` on `out[bin]` in a function template, where the type of
//   `out[bin]` depends on the template's parameter (printed as "<dependent type>");
// - a conditional inside the atomic's statement (`s &= #ifndef W (unsigned int) #endif m[i];`),
//   whose directive lines the runtime call lost;
// - `T *__restrict` parameters that team code advances and the threads of the team then read
//   (shared by the team: a reference to the restrict pointer could not bind to its slot).
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <cstdio>
#include <omp.h>

template <typename In, typename Index>
void histogram(const In *in, int n, Index *out, int nbins) {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(tofrom: out[0:nbins])
  for (int i = 0; i < n; i++) {
    const Index bin = (Index)(in[i] % nbins);
#pragma omp atomic update
    out[bin] += 1;
  }
}

unsigned bits(const unsigned *m, int n) {
  unsigned s = ~0u;
#pragma omp target teams distribute parallel for map(to: m[0:n]) map(tofrom: s)
  for (int i = 0; i < n; i++) {
#pragma omp atomic update
    s &=
#ifndef WIDE_MASK
      (unsigned int)
#endif
      m[i];
  }
  return s;
}

template <typename T>
void merge_halves(const T *__restrict a, const T *__restrict b, int half, T *__restrict c) {
#pragma omp target teams num_teams(4) thread_limit(64) map(to: a[0:4 * half], b[0:4 * half]) \
    map(from: c[0:4 * half])
  {
    // Team code moves the team's view (OpenMP may create fewer than 4 teams); the team's
    // threads read through it.
    const int t = omp_get_team_num(), nt = omp_get_num_teams();
    a += t * half;
    b += t * half;
    for (int k = t; k < 4; k += nt) {
#pragma omp parallel for
      for (int i = 0; i < half; i++)
        c[k * half + i] = a[i] + 2 * b[i];
      a += nt * half;
      b += nt * half;
    }
  }
}

int main() {
  const int n = 4096, nbins = 17;
  int in[n];
  unsigned m[n];
  for (int i = 0; i < n; i++) {
    in[i] = (i * 7919) % 1000;
    m[i] = ~(1u << (i % 29)) | (i % 3 == 0 ? 0x80000000u : 0u);
  }
  long out[nbins] = {0};
  histogram(in, n, out, nbins);
  unsigned short small[nbins] = {0};
  histogram(in, n, small, nbins);
  const int half = 256;
  double a[4 * half], b[4 * half], c[4 * half];
  for (int i = 0; i < 4 * half; i++) {
    a[i] = 0.5 * i;
    b[i] = 1.0 / (i + 1);
  }
  merge_halves(a, b, half, c);
  double sum = 0;
  for (int i = 0; i < 4 * half; i++)
    sum += c[i];
  std::printf("out %ld %ld %ld small %d %d bits %08x merge %.9e c[700] %.9e\n", out[0], out[5],
              out[16], small[3], small[16], bits(m, n), sum, c[700]);
  return 0;
}
