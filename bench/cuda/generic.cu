// Per-segment polynomial (the generic-mode benchmark), hand-written as one would for sequential
// per-team setup: one block per segment (grid-stride), thread 0 computes the coefficients into
// shared memory, a barrier, then all threads apply the polynomial (Horner) to the segment.
#include "bench_cuda.cuh"
#include "problems.h" // NC = 8

__host__ __device__ static void seg_coeffs(int s, const double *params, double *coef) {
  double c = params[s % 64];
  for (int k = 0; k < NC; k++) {
    coef[k] = c;
    c = 0.5 * c + 0.01 * (double)(k + 1);
  }
}

__global__ void __launch_bounds__(256) segpoly(const double *__restrict__ in, double *__restrict__ out,
                                               const double *__restrict__ params, int nseg, int seglen) {
  __shared__ double coef[NC];
  for (int s = blockIdx.x; s < nseg; s += gridDim.x) {
    if (threadIdx.x == 0)
      seg_coeffs(s, params, coef);
    __syncthreads();
    const double *src = in + (long)s * seglen;
    double *dst = out + (long)s * seglen;
    for (int i = threadIdx.x; i < seglen; i += blockDim.x) {
      const double x = __ldg(&src[i]);
      double acc = coef[NC - 1];
      for (int k = NC - 2; k >= 0; k--)
        acc = acc * x + coef[k];
      dst[i] = acc;
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  generic_problem p = generic_setup(args.full);
  double *din = bench_to_device(p.in, p.n), *dout = bench_to_device(p.out, p.n);
  double *dparams = bench_to_device(p.params, 64);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = (unsigned)min(p.nseg, 16 * bench_sm_count());
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(segpoly, blocks, 256, (const double *)din, dout, (const double *)dparams, p.nseg, p.seglen);
  });
  bench_to_host(p.out, dout, p.n);
  bench_cuda_report("generic", args, times, ev, bench_checksum(p.out, p.n), p.bytes, p.flops);
  return 0;
}
