/* declare variant in target regions: a call in a kernel calls the variant the device's context
 * selects (device kind nohost, the constructs around the call, the more specific construct
 * selector first), not the host's; a variant that holds constructs runs as its copy for the
 * call; the host calls its own choice.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference clang-host-offload */
#include <stdio.h>

#define N 64

int on_device(int x) { return 1000 + x; }
#pragma omp declare target to(on_device) device_type(nohost)

#pragma omp declare variant(on_device) match(device = {kind(nohost)})
int where(int x) { return x; }

int in_target(int x) { return 2 * x; }
int in_target_parallel(int x) { return 3 * x; }
#pragma omp declare target to(in_target, in_target_parallel)

#pragma omp declare variant(in_target) match(construct = {target})
#pragma omp declare variant(in_target_parallel) match(construct = {target, parallel})
int scale(int x) { return x; }

#pragma omp declare target
void fill_teams(int *v) {
#pragma omp distribute parallel for
  for (int i = 0; i < N; i++)
    v[i] = 7 * i;
}
#pragma omp end declare target

#pragma omp declare variant(fill_teams) match(construct = {target, teams})
void fill(int *v) {
  for (int i = 0; i < N; i++)
    v[i] = i;
}

int main(void) {
  int a[N], b[N], c[N], d[N], host_where = where(5), host_scale = scale(5);
#pragma omp target teams distribute parallel for map(from: a, b)
  for (int i = 0; i < N; i++) {
    a[i] = where(i);
    b[i] = scale(i);
  }
#pragma omp target map(from: c)
  for (int i = 0; i < N; i++)
    c[i] = scale(i);
#pragma omp target teams map(from: d)
  fill(d);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] + 10L * b[i] + 100L * c[i] + 1000L * d[i];
  printf("a[3]=%d b[3]=%d c[3]=%d d[3]=%d host: %d %d sum=%ld\n", a[3], b[3], c[3], d[3],
         host_where, host_scale, s);
  return 0;
}
