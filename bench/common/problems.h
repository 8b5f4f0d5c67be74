/* problems.h: the inputs of every benchmark at its two sizes (full: at least a millisecond per run
 * on an H100; smoke: for tests), shared by the OpenMP version (bench/omp/K.c) and the hand-written
 * CUDA version (bench/cuda/K.cu) so that both compute the same checksum. Each K_setup() allocates
 * and fills the host arrays and says how many bytes one run moves at least (`bytes`, 0 for a
 * compute-bound kernel) and how many floating-point operations it does (`flops`). Host code, C99
 * and C++. */
#ifndef OMP2CU_BENCH_PROBLEMS_H
#define OMP2CU_BENCH_PROBLEMS_H

#include "bench.h"

#define BENCH_NEW(T, count) ((T *)bench_alloc((size_t)(count) * sizeof(T)))

/* 2-D jacobi: boundary rows/columns 1, interior a pattern; out starts as a copy of in. */
typedef struct {
  int ni, nj;
  long n;
  double *in, *out, bytes, flops;
} jacobi_problem;

static inline jacobi_problem jacobi_setup(int full) {
  jacobi_problem p;
  p.ni = full ? 16384 : 256;
  p.nj = full ? 12288 : 192;
  p.n = (long)p.ni * p.nj;
  p.in = BENCH_NEW(double, p.n);
  p.out = BENCH_NEW(double, p.n);
  for (long q = 0; q < p.n; q++) {
    const long x = q % p.ni, y = q / p.ni;
    p.in[q] = (x == 0 || y == 0) ? 1.0 : 0.01 * (double)((x * 7 + y * 3) % 50);
    p.out[q] = p.in[q];
  }
  const double pts = (double)(p.ni - 2) * (double)(p.nj - 2);
  p.bytes = 16.0 * pts; /* each interior point read once and written once */
  p.flops = 10.0 * pts;
  return p;
}

/* Matrix multiply: values that multiply and add exactly, so every order gives the same result. */
typedef struct {
  int dim;
  long n;
  double *a, *b, *c, bytes, flops;
} matmul_problem;

static inline matmul_problem matmul_setup(int full) {
  matmul_problem p;
  p.dim = full ? 2048 : 96;
  p.n = (long)p.dim * p.dim;
  p.a = BENCH_NEW(double, p.n);
  p.b = BENCH_NEW(double, p.n);
  p.c = BENCH_NEW(double, p.n);
  for (long q = 0; q < p.n; q++) {
    p.a[q] = 0.5 * (double)(q % 13) - 3.0;
    p.b[q] = 0.25 * (double)(q % 7) + 1.0;
    p.c[q] = 0.0;
  }
  p.bytes = 0.0; /* compute-bound */
  p.flops = 2.0 * p.dim * (double)p.n;
  return p;
}

/* Two 2-D grids (w0 -> w1), for gauss: nx x ny. */
typedef struct {
  int nx, ny;
  long n;
  double *w0, *w1, bytes, flops;
} grid2d_problem;

static inline grid2d_problem gauss_setup(int full) {
  grid2d_problem p;
  p.nx = full ? 16384 : 200;
  p.ny = full ? 12288 : 150;
  p.n = (long)p.nx * p.ny;
  p.w0 = BENCH_NEW(double, p.n);
  p.w1 = BENCH_NEW(double, p.n);
  for (long q = 0; q < p.n; q++)
    p.w0[q] = p.w1[q] = 0.01 * (double)(((q % p.nx) * 17 + (q / p.nx) * 29) % 97);
  const double pts = (double)(p.nx - 4) * (double)(p.ny - 4);
  p.bytes = 16.0 * pts;
  p.flops = 31.0 * pts;
  return p;
}

/* Two 3-D grids (w0 -> w1), for laplacian: nx x ny x ns. */
typedef struct {
  int nx, ny, ns;
  long n;
  double *w0, *w1, bytes, flops;
} grid3d_problem;

static inline grid3d_problem laplacian_setup(int full) {
  grid3d_problem p;
  p.nx = full ? 512 : 40;
  p.ny = full ? 384 : 24;
  p.ns = full ? 1024 : 20;
  p.n = (long)p.nx * p.ny * p.ns;
  p.w0 = BENCH_NEW(double, p.n);
  p.w1 = BENCH_NEW(double, p.n);
  for (long q = 0; q < p.n; q++) {
    const long x = q % p.nx, y = (q / p.nx) % p.ny, z = q / ((long)p.nx * p.ny);
    p.w0[q] = p.w1[q] = 0.001 * (double)((x * 11 + y * 5 + z * 3) % 211);
  }
  const double pts = (double)(p.nx - 2) * (double)(p.ny - 2) * (double)(p.ns - 2);
  p.bytes = 16.0 * pts;
  p.flops = 8.0 * pts;
  return p;
}

/* CSR matrix: rows of 1..24 nonzeros (12.5 on average) in a band of width 2048 around the
 * diagonal; x and y vectors. */
typedef struct {
  int n, nnz;
  int *rowptr, *col;
  double *val, *x, *y, bytes, flops;
} spmv_problem;

static inline spmv_problem spmv_setup(int full) {
  spmv_problem p;
  p.n = full ? 16000000 : 20000;
  p.rowptr = BENCH_NEW(int, p.n + 1);
  p.rowptr[0] = 0;
  for (int r = 0; r < p.n; r++)
    p.rowptr[r + 1] = p.rowptr[r] + 1 + (int)(((unsigned)r * 2654435761u >> 7) % 24u);
  p.nnz = p.rowptr[p.n];
  p.col = BENCH_NEW(int, p.nnz);
  p.val = BENCH_NEW(double, p.nnz);
  p.x = BENCH_NEW(double, p.n);
  p.y = BENCH_NEW(double, p.n);
  for (int r = 0; r < p.n; r++)
    for (int k = p.rowptr[r]; k < p.rowptr[r + 1]; k++) {
      const int c = r + ((k - p.rowptr[r]) * 173) % 2048 - 1024;
      p.col[k] = c < 0 ? c + p.n : (c >= p.n ? c - p.n : c);
      p.val[k] = 0.125 * (double)((k % 17) - 8);
    }
  for (int i = 0; i < p.n; i++) {
    p.x[i] = 1.0 + 0.001 * (double)(i % 1000);
    p.y[i] = 0.0;
  }
  /* val and col once, rowptr and y once, x once (the band stays in cache) */
  p.bytes = 12.0 * p.nnz + 4.0 * (p.n + 1.0) + 16.0 * p.n;
  p.flops = 2.0 * p.nnz;
  return p;
}

/* SU3_bench: 4 link matrices per site (a, c) and 4 fixed matrices b. */
typedef struct {
  double re, im;
} cplx;
typedef struct {
  cplx e[3][3];
} su3_matrix;
typedef struct {
  int sites;
  long nmat;
  su3_matrix *a, *b, *c;
  double bytes, flops;
} su3_problem;

static inline su3_problem su3_setup(int full) {
  su3_problem p;
  p.sites = full ? 2097152 : 4096;
  p.nmat = 4L * p.sites;
  p.a = BENCH_NEW(su3_matrix, p.nmat);
  p.c = BENCH_NEW(su3_matrix, p.nmat);
  p.b = BENCH_NEW(su3_matrix, 4);
  for (long m = 0; m < p.nmat; m++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        p.a[m].e[k][l].re = 0.01 * (double)((m * 7 + k * 3 + l) % 101) - 0.5;
        p.a[m].e[k][l].im = 0.02 * (double)((m * 5 + k + 2 * l) % 53) - 0.5;
        p.c[m].e[k][l].re = p.c[m].e[k][l].im = 0.0;
      }
  for (int j = 0; j < 4; j++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        p.b[j].e[k][l].re = 0.1 * (double)(j + k - l);
        p.b[j].e[k][l].im = 0.05 * (double)(j * k + l + 1);
      }
  p.bytes = 2.0 * (double)p.nmat * sizeof(su3_matrix);
  p.flops = 36.0 * 3 * 8 * (double)p.sites;
  return p;
}

/* Particles on a line, each with NBR neighbours within 49 places. */
#define NBR 32
typedef struct {
  int n;
  long nn;
  double *pos, *force;
  int *nbr;
  double bytes, flops;
} neighbor_problem;

static inline neighbor_problem neighbor_setup(int full) {
  neighbor_problem p;
  p.n = full ? 8388608 : 16384;
  p.nn = (long)p.n * NBR;
  p.pos = BENCH_NEW(double, p.n);
  p.force = BENCH_NEW(double, p.n);
  p.nbr = BENCH_NEW(int, p.nn);
  for (int i = 0; i < p.n; i++) {
    p.pos[i] = 0.001 * (double)i + 0.0003 * (double)((i * 37) % 101);
    p.force[i] = 0.0;
  }
  for (long q = 0; q < p.nn; q++) {
    const long i = q / NBR, k = q % NBR;
    long j = i + 1 + (k * 29 + i % 13) % 96 - 48;
    if (j == i)
      j = i + 49;
    p.nbr[q] = (int)(j < 0 ? j + p.n : (j >= p.n ? j - p.n : j));
  }
  p.bytes = 4.0 * p.nn + 16.0 * p.n;
  p.flops = 5.0 * p.nn;
  return p;
}

/* STREAM triad a = b + s * c. */
typedef struct {
  long n;
  double *a, *b, *c, bytes, flops;
} triad_problem;

/* The triad's arrays of n elements. */
static inline triad_problem triad_arrays(long n) {
  triad_problem p;
  p.n = n;
  p.a = BENCH_NEW(double, p.n);
  p.b = BENCH_NEW(double, p.n);
  p.c = BENCH_NEW(double, p.n);
  for (long i = 0; i < p.n; i++) {
    p.a[i] = 0.0;
    p.b[i] = 1.0 + 0.001 * (double)(i % 1000);
    p.c[i] = 0.5 - 0.0001 * (double)(i % 777);
  }
  p.bytes = 24.0 * p.n;
  p.flops = 2.0 * p.n;
  return p;
}

static inline triad_problem triad_setup(int full) {
  return triad_arrays(full ? 200000000L : 1000000L);
}

/* Sum reduction: multiples of 1/4 below 250, so every summation order gives the exact sum. */
typedef struct {
  long n;
  double *v, bytes, flops;
} reduce_problem;

static inline reduce_problem reduce_setup(int full) {
  reduce_problem p;
  p.n = full ? 400000000L : 1000000L;
  p.v = BENCH_NEW(double, p.n);
  for (long i = 0; i < p.n; i++)
    p.v[i] = 0.25 * (double)(i % 1000);
  p.bytes = 8.0 * p.n;
  p.flops = 1.0 * p.n;
  return p;
}

/* Segments for the generic-mode kernel: nseg x seglen inputs, 64 parameters. */
#define NC 8
typedef struct {
  int nseg, seglen;
  long n;
  double *in, *out, *params, bytes, flops;
} generic_problem;

static inline generic_problem generic_setup(int full) {
  generic_problem p;
  p.nseg = full ? 49152 : 96;
  p.seglen = full ? 4096 : 512;
  p.n = (long)p.nseg * p.seglen;
  p.in = BENCH_NEW(double, p.n);
  p.out = BENCH_NEW(double, p.n);
  p.params = BENCH_NEW(double, 64);
  for (int q = 0; q < 64; q++)
    p.params[q] = 0.1 + 0.01 * (double)q;
  for (long i = 0; i < p.n; i++) {
    p.in[i] = 0.001 * (double)(i % 2000) - 1.0;
    p.out[i] = 0.0;
  }
  p.bytes = 16.0 * p.n;
  p.flops = 14.0 * p.n;
  return p;
}

/* Overlap of transfers and kernels: the triad's arrays, copied to the device and back in every
 * run, in OVERLAP_CHUNKS chunks (the last one takes the rest). */
#define OVERLAP_CHUNKS 16

static inline triad_problem overlap_setup(int full) {
  /* Its bytes (24 per element) are what crosses the bus: b and c in, a back. */
  return triad_arrays(full ? 33554432L : 1000000L);
}

/* Chunk k of p: elements [*lo, *lo + *len). */
static inline void overlap_chunk(const triad_problem *p, int k, long *lo, long *len) {
  const long per = p->n / OVERLAP_CHUNKS;
  *lo = (long)k * per;
  *len = k == OVERLAP_CHUNKS - 1 ? p->n - *lo : per;
}

/* The extra fields of an overlap BENCH line: the serial run's steps (medians, ms), their sum and
 * the pipelined time over it (1: nothing overlapped). */
static inline void overlap_extra(char *out, size_t size, double h2d_ms, double kernel_ms,
                                 double d2h_ms, double pipelined_ms) {
  const double serial = h2d_ms + kernel_ms + d2h_ms;
  snprintf(out, size, "h2d_ms=%.6f kernel_ms=%.6f d2h_ms=%.6f serial_ms=%.6f overlap=%.4f",
           h2d_ms, kernel_ms, d2h_ms, serial, serial > 0 ? pipelined_ms / serial : 0.0);
}

#endif /* OMP2CU_BENCH_PROBLEMS_H */
