// SU3_bench-style kernel, hand-written as SU3_bench's CUDA version does it: one thread per output
// element (36 per site: 4 links x 3 x 3), so consecutive threads write consecutive complex
// numbers; 8 sites per block of 288 threads; the four B matrices in shared memory.
#include "bench_cuda.cuh"

typedef struct {
  double re, im;
} cplx;
typedef struct {
  cplx e[3][3];
} su3_matrix;

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
  const int sites = args.full ? 2097152 : 4096;
  const long nmat = 4L * sites;
  su3_matrix *a = (su3_matrix *)bench_alloc((size_t)nmat * sizeof(su3_matrix));
  su3_matrix *c = (su3_matrix *)bench_alloc((size_t)nmat * sizeof(su3_matrix));
  su3_matrix b[4];
  for (long m = 0; m < nmat; m++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        a[m].e[k][l].re = 0.01 * (double)((m * 7 + k * 3 + l) % 101) - 0.5;
        a[m].e[k][l].im = 0.02 * (double)((m * 5 + k + 2 * l) % 53) - 0.5;
        c[m].e[k][l].re = c[m].e[k][l].im = 0.0;
      }
  for (int j = 0; j < 4; j++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        b[j].e[k][l].re = 0.1 * (double)(j + k - l);
        b[j].e[k][l].im = 0.05 * (double)(j * k + l + 1);
      }
  su3_matrix *da = bench_to_device(a, nmat), *db = bench_to_device(b, 4), *dc = bench_to_device(c, nmat);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = (unsigned)((sites + SITES_PER_BLOCK - 1) / SITES_PER_BLOCK);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(su3, blocks, THREADS, (const su3_matrix *)da, (const su3_matrix *)db, dc, sites);
  });
  bench_to_host(c, dc, nmat);
  const double bytes = 2.0 * (double)nmat * sizeof(su3_matrix);
  bench_cuda_report("su3", args, times, ev, bench_checksum((const double *)c, nmat * 18), bytes,
                    36.0 * 3 * 8 * (double)sites);
  cudaFree(da); cudaFree(db); cudaFree(dc);
  free(a); free(c);
  return 0;
}
