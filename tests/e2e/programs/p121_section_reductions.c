/* Reductions of sections through pointers, p[lb:len] with bounds known at run time only: each
 * executor's private copy is on the device heap. Combined target constructs map the section
 * tofrom; inside a region the data the user maps. Operators + * min max | && on int, long,
 * float and double; sections that start after 0; teams x threads x lanes, threads, lanes (simd),
 * and a generic-mode region.
 * omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 5000

int main(void) {
  int nb = 7, lb = 2, len = 3;
  int *hist = calloc(nb, sizeof(int));
  long *cnt = calloc(nb, sizeof(long));
  double *sum = calloc(nb, sizeof(double));
  float *mn = malloc(nb * sizeof(float));
  double *mx = malloc(nb * sizeof(double));
  unsigned *bits = calloc(nb, sizeof(unsigned));
  int *all = malloc(nb * sizeof(int));
  double *prod = malloc(nb * sizeof(double));
  double *x = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++)
    x[i] = (i * 37) % 101 - 50;
  for (int b = 0; b < nb; b++) {
    mn[b] = 1000;
    mx[b] = -1000;
    all[b] = 1;
    prod[b] = 1;
  }

#pragma omp target teams distribute parallel for reduction(+: hist[0:nb]) map(to: x[0:N])
  for (int i = 0; i < N; i++)
    hist[i % nb] += (int)x[i] > 0;

#pragma omp target teams distribute parallel for reduction(+: cnt[lb:len], sum[0:nb]) \
    map(to: x[0:N])
  for (int i = 0; i < N; i++) {
    int b = i % nb;
    if (b >= lb && b < lb + len)
      cnt[b] += 2;
    sum[b] += x[i] * 0.5;
  }

#pragma omp target parallel for reduction(min: mn[0:nb]) reduction(max: mx[0:nb]) \
    map(to: x[0:N])
  for (int i = 0; i < N; i++) {
    if (x[i] < mn[i % nb])
      mn[i % nb] = (float)x[i];
    mx[i % nb] = mx[i % nb] > x[i] + i % 5 ? mx[i % nb] : x[i] + i % 5;
  }

#pragma omp target simd reduction(|: bits[0:nb]) reduction(&&: all[1:nb - 1]) map(to: x[0:N])
  for (int i = 0; i < N; i++) {
    bits[i % nb] |= 1u << (((int)x[i] + 50) % 3 + i % nb);
    all[1 + i % (nb - 1)] = all[1 + i % (nb - 1)] && (x[i] > -50 || i % 2 == 0);
  }

#pragma omp target teams map(tofrom: prod[0:nb]) map(to: x[0:N]) num_teams(3)
  {
    double scale = 1.0; /* team code: the region runs in generic mode */
    if (omp_get_team_num() == 0)
      scale = 1.0;
#pragma omp distribute parallel for reduction(*: prod[0:nb])
    for (int i = 0; i < 70; i++)
      prod[i % nb] *= (i % 3 == 0 ? 2.0 : 1.0) * scale;
  }

  for (int b = 0; b < nb; b++)
    printf("%d %d %ld %g %g %g %u %d %g\n", b, hist[b], cnt[b], sum[b], mn[b], mx[b], bits[b],
           all[b], prod[b]);
  free(hist);
  free(cnt);
  free(sum);
  free(mn);
  free(mx);
  free(bits);
  free(all);
  free(prod);
  free(x);
  return 0;
}
