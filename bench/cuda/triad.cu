// STREAM triad a = b + s * c, hand-written: grid-stride loop over 16-byte vectors (double2), a
// full occupancy (8 blocks of 256 per SM), the odd tail element by thread 0.
#include "bench_cuda.cuh"

__global__ void __launch_bounds__(256) triad(double *__restrict__ a, const double *__restrict__ b,
                                             const double *__restrict__ c, double s, long n) {
  const long n2 = n / 2;
  const long stride = (long)gridDim.x * blockDim.x;
  double2 *a2 = reinterpret_cast<double2 *>(a);
  const double2 *b2 = reinterpret_cast<const double2 *>(b);
  const double2 *c2 = reinterpret_cast<const double2 *>(c);
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += stride) {
    const double2 bv = __ldg(&b2[i]), cv = __ldg(&c2[i]);
    double2 av;
    av.x = bv.x + s * cv.x;
    av.y = bv.y + s * cv.y;
    a2[i] = av;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1))
    a[n - 1] = b[n - 1] + s * c[n - 1];
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const long n = args.full ? 200000000L : 1000000L;
  const double s = 3.0;
  double *a = (double *)bench_alloc((size_t)n * sizeof(double));
  double *b = (double *)bench_alloc((size_t)n * sizeof(double));
  double *c = (double *)bench_alloc((size_t)n * sizeof(double));
  for (long i = 0; i < n; i++) {
    a[i] = 0.0;
    b[i] = 1.0 + 0.001 * (double)(i % 1000);
    c[i] = 0.5 - 0.0001 * (double)(i % 777);
  }
  double *da = bench_to_device(a, n), *db = bench_to_device(b, n), *dc = bench_to_device(c, n);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 8u * bench_sm_count(); // 2048 threads per SM: full occupancy
  const double ev = bench_cuda_time(args, times, [&] { bench_launch(triad, blocks, 256, da, db, dc, s, n); });
  bench_to_host(a, da, n);
  bench_cuda_report("triad", args, times, ev, bench_checksum(a, n), 24.0 * n, 2.0 * n);
  cudaFree(da); cudaFree(db); cudaFree(dc);
  free(a); free(b); free(c);
  return 0;
}
