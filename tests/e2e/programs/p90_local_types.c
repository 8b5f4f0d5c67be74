/* Structs and unions that a function declares and its target regions use (OpenMP_VV's
 * test_target_map_struct_default.c and most C codes write them so): the kernels, functions
 * outside that function, see them because omp2cu moves them before it. A named struct, an
 * anonymous struct declared with its variables (a scalar and an array of them), a typedef of an
 * anonymous struct, a struct whose member is of another local struct and of a local typedef,
 * a union, and a struct that only the region's code names (sizeof, a cast, a declaration). */
#include <stdio.h>

#define N 16

static double sum_of(int n, const double *v) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

int main(void) {
  struct point {
    double x, y;
  };
  typedef struct {
    int id;
    double w;
  } tagged;
  struct segment {
    struct point a, b;
    tagged t;
  } segs[N];
  struct {
    int count;
    double total;
  } stats = {0, 0.0}, many[4];
  union bits {
    int i;
    float f;
  } u = {.i = 0x3f800000};
  double out[N];

  for (int i = 0; i < N; i++) {
    segs[i].a.x = i;
    segs[i].a.y = 2 * i;
    segs[i].b.x = 3 * i;
    segs[i].b.y = -i;
    segs[i].t.id = i % 3;
    segs[i].t.w = 0.5;
  }
  for (int k = 0; k < 4; k++) {
    many[k].count = k;
    many[k].total = 0.25 * k;
  }

#pragma omp target teams distribute parallel for map(to: segs) map(from: out)
  for (int i = 0; i < N; i++) {
    struct point mid = {(segs[i].a.x + segs[i].b.x) / 2, (segs[i].a.y + segs[i].b.y) / 2};
    tagged t = segs[i].t;
    out[i] = (mid.x + mid.y) * t.w + t.id + (double)sizeof(struct point) / 8;
  }

#pragma omp target map(tofrom: stats, many, u)
  {
    for (int k = 0; k < 4; k++) {
      stats.count += many[k].count;
      stats.total += many[k].total;
      many[k].total *= 2;
    }
    u.f *= 3.0f;
  }

  printf("out %.3f stats %d %.3f many %.3f u %.1f\n", sum_of(N, out), stats.count, stats.total,
         many[3].total, u.f);
  return 0;
}
