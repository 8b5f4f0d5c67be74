/* Transfers overlapped with kernels: a STREAM triad a = b + s * c over host arrays that go to the
 * device and back in every run, in chunks. Pipelined: each chunk's copy in, kernel and copy back
 * are nowait target tasks chained by depend clauses, so that the copies of one chunk can run
 * while another computes; a taskwait ends the run (the BENCH time). Serial: the same steps one
 * after another, each timed, for the sum that the overlap ratio divides by. */
#include "problems.h"

/* Medians of the serial steps, in ms. */
static void serial_steps(triad_problem *p, const bench_args_t *args, double s, double out[3]) {
  double *a = p->a, *b = p->b, *c = p->c;
  double *t[3];
  for (int q = 0; q < 3; q++)
    t[q] = (double *)bench_alloc((size_t)args->reps * sizeof(double));
  for (int r = -args->warmup; r < args->reps; r++) {
    double step[3] = {0, 0, 0};
    for (int k = 0; k < OVERLAP_CHUNKS; k++) {
      long lo, len;
      overlap_chunk(p, k, &lo, &len);
      double t0 = bench_now();
#pragma omp target update to(b[lo:len], c[lo:len])
      double t1 = bench_now();
#pragma omp target teams distribute parallel for map(alloc: a[lo:len], b[lo:len], c[lo:len])
      for (long i = lo; i < lo + len; i++)
        a[i] = b[i] + s * c[i];
      double t2 = bench_now();
#pragma omp target update from(a[lo:len])
      double t3 = bench_now();
      step[0] += t1 - t0;
      step[1] += t2 - t1;
      step[2] += t3 - t2;
    }
    for (int q = 0; q < 3 && r >= 0; q++)
      t[q][r] = step[q];
  }
  for (int q = 0; q < 3; q++) {
    out[q] = 1e3 * bench_median(t[q], args->reps);
    free(t[q]);
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  triad_problem p = overlap_setup(args.full);
  const long n = p.n;
  const double s = 3.0;
  double *a = p.a, *b = p.b, *c = p.c;
  bench_times_t times = bench_times(&args);

#pragma omp target enter data map(alloc: a[0:n], b[0:n], c[0:n])
  double steps[3];
  serial_steps(&p, &args, s, steps);
  for (long i = 0; i < n; i++)
    a[i] = 0.0; /* the checksum is the pipelined run's: no result of the serial one is left */
#pragma omp target update to(a[0:n])
  for (int r = -args.warmup; r < args.reps; r++) {
    const double t0 = bench_now();
    for (int k = 0; k < OVERLAP_CHUNKS; k++) {
      long lo, len;
      overlap_chunk(&p, k, &lo, &len);
#pragma omp target update to(b[lo:len], c[lo:len]) nowait depend(out: b[lo])
#pragma omp target teams distribute parallel for map(alloc: a[lo:len], b[lo:len], c[lo:len]) \
    nowait depend(in: b[lo]) depend(out: a[lo])
      for (long i = lo; i < lo + len; i++)
        a[i] = b[i] + s * c[i];
#pragma omp target update from(a[lo:len]) nowait depend(inout: a[lo])
    }
#pragma omp taskwait
    bench_record(&times, r, bench_now() - t0);
  }
#pragma omp target exit data map(release: a[0:n], b[0:n], c[0:n])

  char extra[160];
  overlap_extra(extra, sizeof extra, steps[0], steps[1], steps[2],
                1e3 * bench_median(times.t, times.n)); /* sorting keeps the median and minimum */
  bench_report_extra("overlap", &args, &times, bench_checksum(a, n), p.bytes, p.flops, extra);
  return 0;
}
