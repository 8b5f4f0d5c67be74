/* Reductions the program declares (`declare reduction`) on the constructs of target regions:
 * over teams, threads and lanes, combined across teams with a compare-and-swap (values of 1, 4
 * and 8 bytes) or under a lock (structs), with each form of initializer: none (zero), a value,
 * omp_orig, and a call.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 5000

typedef struct {
  double sum; /* integer values: the same in any order */
  int count;
} acc_t;

/* Named as the generated struct's members were once: the combiner must call these. */
static acc_t apply(acc_t a, acc_t b) {
  acc_t r = {a.sum + b.sum, a.count + b.count};
  return r;
}

#pragma omp declare reduction(merge : acc_t : omp_out = apply(omp_out, omp_in)) \
    initializer(omp_priv = (acc_t){0.0, 0})

struct minloc {
  double v;
  int i;
};
#pragma omp declare reduction(minloc : struct minloc : \
    omp_out = omp_in.v < omp_out.v || (omp_in.v == omp_out.v && omp_in.i < omp_out.i) \
        ? omp_in : omp_out) initializer(omp_priv = omp_orig)

static void init(struct minloc *priv, const struct minloc *orig) {
  priv->v = 1e300;
  priv->i = orig->i;
}
#pragma omp declare reduction(firstmin : struct minloc : \
    omp_out = omp_in.v < omp_out.v || (omp_in.v == omp_out.v && omp_in.i < omp_out.i) \
        ? omp_in : omp_out) initializer(init(&omp_priv, &omp_orig))

/* No initializer: zero. One declaration per type. */
#pragma omp declare reduction(isum : int, long long : omp_out += omp_in)

#pragma omp declare reduction(lmax : long long : omp_out = omp_out > omp_in ? omp_out : omp_in) \
    initializer(omp_priv = omp_orig)

#pragma omp declare reduction(cxor : unsigned char : omp_out ^= omp_in) initializer(omp_priv = 0)

#pragma omp declare reduction(prod : double : omp_out *= omp_in) initializer(omp_priv = 1.0)

int main(void) {
  static double x[N];
  static int v[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (double)((i * 7919 + 123) % 1000) - 500.0; /* smallest at 3 indices */
    v[i] = (i * 31) % 17;
  }

  acc_t a = {1.0, 1};
#pragma omp target teams distribute parallel for reduction(merge : a) map(to: x)
  for (int i = 0; i < N; ++i) {
    a.sum += x[i];
    a.count += 1;
  }
  printf("merge: %.1f %d\n", a.sum, a.count);

  struct minloc m = {1e300, -1}, f = {1e300, N};
#pragma omp target teams distribute parallel for simd reduction(minloc : m) \
    reduction(firstmin : f) map(to: x)
  for (int i = 0; i < N; ++i) {
    if (x[i] < m.v || (x[i] == m.v && i < m.i)) {
      m.v = x[i];
      m.i = i;
    }
    if (x[i] < f.v || (x[i] == f.v && i < f.i)) {
      f.v = x[i];
      f.i = i;
    }
  }
  printf("minloc: %.1f at %d, firstmin: %.1f at %d\n", m.v, m.i, f.v, f.i);

  int s = 5;
  long long l = 7, big = -1;
  unsigned char c = 0x5a;
#pragma omp target parallel for reduction(isum : s, l) reduction(lmax : big) \
    reduction(cxor : c) map(to: v)
  for (int i = 0; i < N; ++i) {
    s += v[i];
    l += (long long)v[i] * 1000003LL;
    big = big > (long long)v[i] * i ? big : (long long)v[i] * i;
    c ^= (unsigned char)(v[i] * 13 + i);
  }
  printf("isum: %d %lld, lmax: %lld, cxor: %u\n", s, l, big, (unsigned)c);

  /* On teams (one value per team), and on loops nested in a team's code. */
  int t = 0;
  acc_t per = {0.0, 0};
  double p = 2.0;
#pragma omp target teams num_teams(6) reduction(isum : t) reduction(merge : per) \
    reduction(prod : p) map(to: v)
  {
    t += omp_get_team_num() + 1;
    p *= 1.5;
#pragma omp parallel for reduction(merge : per)
    for (int i = 0; i < 64; ++i) {
      per.sum += v[i];
      per.count += 1;
    }
  }
  printf("teams: %d, per: %.1f %d, prod: %.4f\n", t, per.sum, per.count, p);

  /* A simd loop of its own, and a worksharing loop of a parallel region whose variable the
     threads share. */
  acc_t lanes = {0.0, 0}, shared = {0.5, 0};
#pragma omp target map(tofrom: lanes, shared) map(to: x)
  {
#pragma omp simd reduction(merge : lanes)
    for (int i = 0; i < N; ++i) {
      lanes.sum += x[i];
      lanes.count += i % 3 == 0;
    }
#pragma omp parallel num_threads(8)
    {
#pragma omp for reduction(merge : shared)
      for (int i = 0; i < N; ++i) {
        shared.sum += x[i] * 2.0;
        shared.count += 1;
      }
    }
  }
  printf("simd: %.1f %d, for: %.1f %d\n", lanes.sum, lanes.count, shared.sum, shared.count);

  /* Iterations over threads whose lanes run an inner simd loop: each thread's lanes hold one
     copy; the inner loop's lanes each have their own. */
  acc_t nest = {0.0, 0};
#pragma omp target teams distribute parallel for reduction(merge : nest) map(to: x)
  for (int i = 0; i < N / 100; ++i) {
#pragma omp simd reduction(merge : nest)
    for (int j = 0; j < 100; ++j) {
      nest.sum += x[i * 100 + j];
      nest.count += j % 2;
    }
    nest.count += 1000;
  }
  printf("nested: %.1f %d\n", nest.sum, nest.count);
  return 0;
}
