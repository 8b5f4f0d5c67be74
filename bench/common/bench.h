/* bench.h: what every benchmark program shares (C99 and C++, host code only).
 *
 * - problem size: `--size smoke|full` on the command line, else $OMP2CU_BENCH_SIZE, else full;
 * - repetitions: `--reps N` / $OMP2CU_BENCH_REPS (default 10 for full, 3 for smoke), after
 *   `--warmup N` / $OMP2CU_BENCH_WARMUP (default 2) untimed runs;
 * - timing: bench_now() (CLOCK_MONOTONIC, seconds) around the timed region on the host;
 * - results: one machine-readable line per benchmark,
 *     BENCH name=<kernel> version=<version> size=<smoke|full> reps=<n> median_ms=<t> min_ms=<t>
 *           checksum=<%.12e> bytes=<minimum bytes moved per run> flops=<per run>
 *   (scripts/bench.sh parses it; `version` is BENCH_VERSION, set by the build).
 *
 * Everything is `static` so that each program is one translation unit with no library. */
#ifndef OMP2CU_BENCH_H
#define OMP2CU_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BENCH_VERSION
#define BENCH_VERSION "openmp"
#endif

typedef struct {
  int full;   /* 1: full size (at least a millisecond per run on an H100), 0: smoke size */
  int reps;   /* timed runs */
  int warmup; /* untimed runs before them */
} bench_args_t;

static int bench_positive(const char *s, int fallback) {
  if (!s || !*s)
    return fallback;
  char *end = NULL;
  long v = strtol(s, &end, 10);
  return (end && *end == '\0' && v > 0 && v < 1000000) ? (int)v : fallback;
}

static void bench_usage_exit(const char *prog, const char *bad) {
  fprintf(stderr, "%s: bad argument '%s'\nusage: %s [--size smoke|full] [--reps N] [--warmup N]\n",
          prog, bad, prog);
  exit(2);
}

/* Parses the command line and the environment (see the top of this file). */
static bench_args_t bench_args(int argc, char **argv) {
  bench_args_t a;
  const char *size = getenv("OMP2CU_BENCH_SIZE");
  const char *reps = getenv("OMP2CU_BENCH_REPS");
  const char *warmup = getenv("OMP2CU_BENCH_WARMUP");
  for (int i = 1; i < argc; i++) {
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--size") && v) size = v, i++;
    else if (!strcmp(argv[i], "--reps") && v) reps = v, i++;
    else if (!strcmp(argv[i], "--warmup") && v) warmup = v, i++;
    else bench_usage_exit(argv[0], argv[i]);
  }
  if (size && strcmp(size, "smoke") && strcmp(size, "full"))
    bench_usage_exit(argv[0], size);
  a.full = !(size && !strcmp(size, "smoke"));
  a.reps = bench_positive(reps, a.full ? 10 : 3);
  a.warmup = bench_positive(warmup, 2);
  if (warmup && !strcmp(warmup, "0"))
    a.warmup = 0;
  return a;
}

/* Monotonic wall clock in seconds. */
static double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int bench_cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of v[0..n) (sorts v). */
static double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(double), bench_cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Order-fixed weighted sum of a[0..n): equal for every version that computes the same values
 * (up to rounding), and sensitive to a misplaced element. */
static double bench_checksum(const double *a, long n) {
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += a[i] * (double)(1 + i % 7);
  return s;
}

/* Times of the timed runs, in seconds. */
typedef struct {
  double *t;
  int n;
} bench_times_t;

static bench_times_t bench_times(const bench_args_t *a) {
  bench_times_t bt;
  bt.n = a->reps;
  bt.t = (double *)calloc((size_t)a->reps, sizeof(double));
  if (!bt.t) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  return bt;
}

/* Run r of the loop `for (r = -warmup; r < reps; r++)`: records it when it is a timed one. */
static void bench_record(bench_times_t *bt, int r, double seconds) {
  if (r >= 0 && r < bt->n)
    bt->t[r] = seconds;
}

/* Prints the BENCH line, with `extra` (more key=value fields, may be NULL) at its end, and frees
 * the times. */
static void bench_report_extra(const char *name, const bench_args_t *a, bench_times_t *bt,
                               double checksum, double bytes, double flops, const char *extra) {
  double mn = bt->t[0];
  for (int i = 1; i < bt->n; i++)
    mn = bt->t[i] < mn ? bt->t[i] : mn;
  const double med = bench_median(bt->t, bt->n);
  printf("BENCH name=%s version=%s size=%s reps=%d median_ms=%.6f min_ms=%.6f checksum=%.12e "
         "bytes=%.0f flops=%.0f%s%s\n",
         name, BENCH_VERSION, a->full ? "full" : "smoke", bt->n, 1e3 * med, 1e3 * mn, checksum,
         bytes, flops, extra ? " " : "", extra ? extra : "");
  fflush(stdout);
  free(bt->t);
  bt->t = NULL;
}

static void bench_report(const char *name, const bench_args_t *a, bench_times_t *bt,
                         double checksum, double bytes, double flops) {
  bench_report_extra(name, a, bt, checksum, bytes, flops, NULL);
}

/* malloc that exits on failure. */
static void *bench_alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bench: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  return p;
}

#endif /* OMP2CU_BENCH_H */
