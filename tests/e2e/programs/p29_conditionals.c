// Conditionals around directives, as portable codes write them: the translator resolves each
// the way the preprocessor did (translator/frontend/Conditionals.h) and translates the chosen construct.
#include <stdio.h>

#define N 1000
#define USE_REDUCTION 1

static double a[N], b[N];

int main(void) {
  for (int i = 0; i < N; ++i)
    b[i] = 0.5 * (i % 17);

  // The GPU variant chosen by a macro that is not defined: the #else branch runs.
#ifdef OFFLOAD_TUNED
#pragma omp target teams distribute parallel for map(to: b) map(from: a) num_teams(8) thread_limit(64)
#else
#pragma omp target teams distribute parallel for map(to: b) map(from: a)
#endif
  for (int i = 0; i < N; ++i) {
    double s = 0;
#if defined(_OPENMP) && _OPENMP >= 201307
#  pragma omp simd reduction(+: s)
#endif
    for (int k = 0; k < 12; ++k)
      s += b[i] * (k + 1);
    a[i] = s;
  }

  // A reduction or an atomic, chosen by a macro with a value.
  double sum = 0;
#if USE_REDUCTION
#pragma omp target teams distribute parallel for reduction(+: sum) map(to: a)
#elif defined(USE_ATOMIC)
#pragma omp target teams distribute parallel for map(to: a) map(tofrom: sum)
#else
#error "pick one"
#endif
  for (int i = 0; i < N; ++i)
    sum += a[i];
  printf("sum = %.3f\n", sum);
  printf("a[7] = %.3f, a[999] = %.3f\n", a[7], a[999]);
  return 0;
}
