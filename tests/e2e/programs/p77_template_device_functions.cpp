// Function templates that kernels call, in the forms of public benchmarks (HeCBench's bincount
// and atan2) whose translations nvcc rejected:
// - a `declare target` function template called with explicit template arguments only from a
//   kernel that is itself a template (the call is dependent; the function stayed __host__);
// - explicit specializations `template <> float poly<3>(float)` called from a kernel
//   (`__host__ __device__` went before `template <>`);
// - the implicit copy assignment of a class template (su3_bench's `complex<T>`), which got
//   `__host__ __device__` at the class's name.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <cstdio>

#pragma omp declare target
template <typename In, typename Index>
static Index getBin(In v, In lo, In hi, Index nbins) {
  Index bin = (Index)((v - lo) * nbins / (hi - lo));
  return bin == nbins ? nbins - 1 : bin;
}
#pragma omp end declare target

template <int Degree> float poly(float x);

template <> float poly<3>(float x) { return x * (1.0f + x * x * -0.25f); }

template <> float poly<5>(float x) { return x * (1.0f + x * x * (-0.25f + x * x * 0.05f)); }

template <typename T> struct alignas(sizeof(T) * 2) cplx {
  T real;
  T imag;
};

template <typename In, typename Index>
void histogram(const In *in, int n, In lo, In hi, Index *out, Index nbins) {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(tofrom: out[0:nbins])
  for (int i = 0; i < n; i++) {
    const Index bin = getBin<In, Index>(in[i], lo, hi, nbins);
#pragma omp atomic update
    out[bin] += 1;
  }
}

int main() {
  const int n = 2000;
  float in[n], p[n];
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 37) % 1000) / 10.0f;
  int out[16] = {0};
  histogram(in, n, 0.0f, 100.0f, out, 16);
#pragma omp target teams distribute parallel for map(to: in) map(from: p)
  for (int i = 0; i < n; i++)
    p[i] = poly<3>(in[i] * 0.01f) + poly<5>(in[i] * 0.005f);
  cplx<double> z[n];
#pragma omp target teams distribute parallel for map(to: in) map(from: z)
  for (int i = 0; i < n; i++) {
    cplx<double> acc = {0.0, 0.0};
    for (int m = 0; m < 3; m++) {
      acc.real += in[i] * m;
      acc.imag -= 0.5 * m;
    }
    z[i] = acc;
  }
  double s = 0, zs = 0;
  for (int i = 0; i < n; i++) {
    s += p[i];
    zs += z[i].real + 3 * z[i].imag;
  }
  std::printf("bins %d %d %d poly %.6e z %.6e\n", out[0], out[7], out[15], s, zs);
  return 0;
}
