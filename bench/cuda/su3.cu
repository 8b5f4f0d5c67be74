// SU3_bench-style kernel, hand-written as SU3_bench's CUDA version does it: one thread per output
// element (36 per site: 4 links x 3 x 3), so consecutive threads write consecutive complex
// numbers; 8 sites per block of 288 threads; the four B matrices in shared memory.
#include "bench_cuda.cuh"
#include "problems.h" // cplx, su3_matrix

constexpr int SITES_PER_BLOCK = 8, THREADS = 36 * SITES_PER_BLOCK;

__global__ void __launch_bounds__(THREADS) su3(const su3_matrix *__restrict__ a, const su3_matrix *__restrict__ b,
                                               su3_matrix *__restrict__ c, int sites) {
  __shared__ su3_matrix bs[4];
  if (threadIdx.x < 4 * 9) {
    const int j = threadIdx.x / 9, e = threadIdx.x % 9;
    bs[j].e[e / 3][e % 3] = b[j].e[e / 3][e % 3];
  }
  __syncthreads();
  const int q = threadIdx.x % 36, j = q / 9, k = (q % 9) / 3, l = q % 3;
  for (long s = (long)blockIdx.x * SITES_PER_BLOCK + threadIdx.x / 36; s < sites;
       s += (long)gridDim.x * SITES_PER_BLOCK) {
    const double2 *am = reinterpret_cast<const double2 *>(&a[4 * s + j].e[k][0]);
    double cr = 0.0, ci = 0.0;
#pragma unroll
    for (int m = 0; m < 3; m++) {
      const double2 x = __ldg(&am[m]);
      const cplx y = bs[j].e[m][l];
      cr += x.x * y.re - x.y * y.im;
      ci += x.x * y.im + x.y * y.re;
    }
    double2 out;
    out.x = cr;
    out.y = ci;
    *reinterpret_cast<double2 *>(&c[4 * s + j].e[k][l]) = out;
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  su3_problem p = su3_setup(args.full);
  su3_matrix *da = bench_to_device(p.a, p.nmat), *db = bench_to_device(p.b, 4), *dc = bench_to_device(p.c, p.nmat);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = (unsigned)((p.sites + SITES_PER_BLOCK - 1) / SITES_PER_BLOCK);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(su3, blocks, THREADS, (const su3_matrix *)da, (const su3_matrix *)db, dc, p.sites);
  });
  bench_to_host(p.c, dc, p.nmat);
  bench_cuda_report("su3", args, times, ev, bench_checksum((const double *)p.c, p.nmat * 18), p.bytes, p.flops);
  return 0;
}
