/* omp_target_memcpy_async and omp_target_memcpy_rect_async (OpenMP 5.1): the copies are deferred
 * tasks; taskwait, a taskgroup and the barrier at the end of a parallel region wait for them, a
 * routine called with depend objects copies after the tasks generated before it. Checked against
 * Clang's own offloading to the host. (omp2cu copies the arrays of extents and offsets when the
 * routine is called; Clang's reads them when the copy runs.)
 * omp2cu-e2e: compile; omp2cu-e2e: reference clang-host-offload; omp2cu-e2e: stress */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define R 6
#define C 8

int main(void) {
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  double a[N], back[N];
  for (int i = 0; i < N; i++) {
    a[i] = i * 0.5;
    back[i] = -1;
  }
  double *d = (double *)omp_target_alloc(N * sizeof(double), dev);
  if (omp_target_memcpy_async(d, a, N * sizeof(double), 0, 0, dev, host, 0, NULL))
    printf("memcpy_async failed\n");
#pragma omp taskwait
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < N; i++)
    d[i] = d[i] * 2 + 1;
  // Two halves back, in a taskgroup.
#pragma omp taskgroup
  {
    omp_target_memcpy_async(back, d, N / 2 * sizeof(double), 0, 0, host, dev, 0, NULL);
    omp_target_memcpy_async(back, d, N / 2 * sizeof(double), N / 2 * sizeof(double),
                            N / 2 * sizeof(double), host, dev, 0, NULL);
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += back[i];
  printf("round trip: %.1f\n", s);

  // A 2-D block of a R x C matrix.
  double m[R][C], out[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      m[i][j] = 10 * i + j;
      out[i][j] = 0;
    }
  double *dm = (double *)omp_target_alloc(sizeof m, dev);
  size_t vol[2] = {R, C}, zero[2] = {0, 0}, dims[2] = {R, C};
  omp_target_memcpy_rect_async(dm, m, sizeof(double), 2, vol, zero, zero, dims, dims, dev, host,
                               0, NULL);
#pragma omp taskwait
  size_t vol2[2] = {3, 4}, from[2] = {1, 2}, to[2] = {2, 3};
  omp_target_memcpy_rect_async(out, dm, sizeof(double), 2, vol2, to, from, dims, dims, host, dev,
                               0, NULL);
#pragma omp taskwait
  for (int i = 0; i < R; i++) {
    for (int j = 0; j < C; j++)
      printf("%3.0f", out[i][j]);
    printf("\n");
  }

  // Inside a parallel region: the region's end waits for the copies.
  double parts[4][16];
  double *dp = (double *)omp_target_alloc(sizeof parts, dev);
  for (int i = 0; i < 4 * 16; i++)
    parts[i / 16][i % 16] = i;
#pragma omp parallel num_threads(4)
  {
    const int t = omp_get_thread_num();
    omp_target_memcpy_async(dp, parts[t], 16 * sizeof(double), t * 16 * sizeof(double), 0, dev,
                            host, 0, NULL);
  }
  double total[64];
  omp_target_memcpy(total, dp, sizeof total, 0, 0, host, dev);
  s = 0;
  for (int i = 0; i < 64; i++)
    s += total[i] * (i % 3);
  printf("parallel copies: %.0f\n", s);

  // With a depend object: after the task that writes the buffer.
  omp_depend_t obj;
  double x[4] = {1, 2, 3, 4}, y[4] = {0, 0, 0, 0};
#pragma omp depobj(obj) depend(inout: x)
#pragma omp task depend(out: x) shared(x)
  for (int i = 0; i < 4; i++)
    x[i] *= 100;
  omp_target_memcpy_async(dp, x, sizeof x, 0, 0, dev, host, 1, &obj);
#pragma omp taskwait
  omp_target_memcpy(y, dp, sizeof y, 0, 0, host, dev);
  printf("after the task: %.0f %.0f %.0f %.0f\n", y[0], y[1], y[2], y[3]);
#pragma omp depobj(obj) destroy

  omp_target_free(d, dev);
  omp_target_free(dm, dev);
  omp_target_free(dp, dev);
  return 0;
}
