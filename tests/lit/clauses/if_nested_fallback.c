// The host fallback of a target construct with an `if` clause stays where the construct was. In a
// host OpenMP construct `teams` may not be nested, so there `teams distribute ...` runs as
// `parallel for ...` (the same iterations; num_teams, thread_limit and dist_schedule dropped),
// and a plain `teams` (combined with `target` or nested in a plain `target`) runs as one team;
// a `teams` whose region distributes work (`distribute`, `loop`) is reported. Outside host
// constructs, and in target data (which becomes runtime calls), the fallback keeps `teams`.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck --check-prefix=BAD %s
#include <omp.h>
void f(int n, double *a, int big) {
  double s = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target teams distribute parallel for simd map(to: a[0:n]) reduction(+: s) if(target: big) num_teams(4) thread_limit(64) dist_schedule(static, 8)
    for (int i = 0; i < n; ++i)
      s += a[i];
#pragma omp target teams distribute map(tofrom: a[0:n]) if(big) private(s)
    for (int i = 0; i < n; ++i)
      a[i] += 1;
#pragma omp target teams loop bind(teams) map(tofrom: a[0:n]) if(target: big)
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target teams map(tofrom: a[0:n]) num_teams(2)
    a[omp_get_team_num()] += 1;
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams distribute parallel for num_teams(2)
    for (int i = 0; i < n; ++i)
      a[i] += 1;
#pragma omp target map(tofrom: a[0:n])
    {
#pragma omp teams num_teams(2)
      a[0] += 1;
    }
  }
#pragma omp target data map(to: a[0:n])
  {
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: s) if(target: big) num_teams(4)
    for (int i = 0; i < n; ++i)
      s += a[i];
  }
}
// CHECK: #pragma omp parallel num_threads(2)
// CHECK-NEXT: #pragma omp single
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for simd reduction(+: s){{$}}
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for if(big) private(s){{$}}
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for{{$}}
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: a[omp2cu::omp_get_team_num()] += 1;
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for{{$}}
// CHECK-NEXT: for (int i = 0; i < n; ++i)
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: {
// CHECK-NEXT: // omp2cu: '#pragma omp teams num_teams(2)' runs as one team on the host
// CHECK-NEXT: a[0] += 1;
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for reduction(+: s) num_teams(4){{$}}

#ifdef BAD
void g(int n, double *a, int big) {
#pragma omp parallel
  {
#pragma omp target teams map(tofrom: a[0:n]) if(target: big)
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1;
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams
    {
#pragma omp loop
      for (int i = 0; i < n; ++i)
        a[i] += 1;
    }
  }
#pragma omp target teams map(tofrom: a[0:n]) depend(mutexinoutset: a[0])
#pragma omp distribute
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
// BAD: if_nested_fallback.c:[[@LINE-17]]:1: error: this construct inside a host OpenMP construct (or with a 'depend' clause of type 'mutexinoutset' or 'inoutset') is not supported yet: its host fallback would nest 'teams' in it, and the 'distribute' or 'loop' of its region cannot run outside 'teams'
// BAD: if_nested_fallback.c:[[@LINE-13]]:1: error: this construct inside
// BAD: if_nested_fallback.c:[[@LINE-7]]:1: error: this construct inside
#endif
