// STREAM triad a = b + s * c, hand-written: grid-stride loop over 16-byte vectors (double2), a
// full occupancy (8 blocks of 256 per SM), the odd tail element by thread 0.
#include "bench_cuda.cuh"
#include "problems.h"

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
  triad_problem p = triad_setup(args.full);
  const double s = 3.0;
  double *da = bench_to_device(p.a, p.n), *db = bench_to_device(p.b, p.n), *dc = bench_to_device(p.c, p.n);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 8u * bench_sm_count(); // 2048 threads per SM: full occupancy
  const double ev = bench_cuda_time(args, times, [&] { bench_launch(triad, blocks, 256, da, db, dc, s, p.n); });
  bench_to_host(p.a, da, p.n);
  bench_cuda_report("triad", args, times, ev, bench_checksum(p.a, p.n), p.bytes, p.flops);
  return 0;
}
