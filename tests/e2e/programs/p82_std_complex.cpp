// std::complex<float> and std::complex<double> in target regions: the operators (complex and
// real operands, compound assignments, unary minus, nested expressions, the explicit
// `operator*(a, b)` form), the functions of <complex> qualified and found through `using`, the
// members real(x) / imag(x), a complex number assigned a real one, in a kernel, in a function
// that kernels call (also from the host) and in a sequential target region; reductions with +
// and - over teams, threads and lanes, a team's variable default-constructed in shared memory,
// and a complex variable a region writes without a map clause. The values printed
// are rounded: the device's complex library may differ from the host's in the last bits.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
// omp2cu-e2e: libcuxx
#include <cmath>
#include <complex>
#include <cstdio>
#include <omp.h>

using cd = std::complex<double>;
using cf = std::complex<float>;

static cd rotate(const cd &z, double angle) {
  return z * std::polar(1.0, angle) + cd(0.0, 0.5) - 2.0 * std::conj(z) / (1.0 + std::norm(z));
}

int main() {
  const int n = 512;
  cd a[n], b[n], c[n];
  cf f[n], g[n];
  double r[n];
  for (int i = 0; i < n; i++) {
    a[i] = cd(0.01 * i, 1.0 - 0.003 * i);
    f[i] = cf(0.5f - 0.001f * i, 0.001f * i);
  }
#pragma omp target teams distribute parallel for map(to: a, f) map(from: b, c, g, r)
  for (int i = 0; i < n; i++) {
    using namespace std;
    cd z = a[i];
    z *= cd(1.0, -0.5);
    z += 0.25;
    z /= a[i] + cd(2.0, 0.0);
    z -= -a[i] * 0.5;
    b[i] = rotate(z, 0.001 * i) + exp(z) - std::sqrt(a[i] + 1.0) * log(cd(1.5, 0.1 * i));
    c[i] = operator*(a[i], z) + std::pow(z, 2) + pow(a[i], cd(0.5, 0.25)) - sin(z) * cosh(z);
    c[i].imag(c[i].imag() + tan(cd(0.1, 0.2)).real());
    cf w = f[i] * f[i] - cf(1.0f, 1.0f) / (f[i] + 3.0f);
    w.real(w.real() * 2.0f);
    g[i] = w + std::tanh(f[i]) + atan(f[i]) - asinh(w);
    cd q;
    q = 3.0;
    q = q - abs(z) + arg(a[i]) + double(norm(w));
    r[i] = abs(q) + std::abs(c[i]) + std::arg(b[i]) + std::proj(z).real() + std::log10(a[i] + 2.0).imag();
  }

  cd s(0.0, 0.0), p(1.0, 0.0);
#pragma omp target map(tofrom: s, p) map(to: a)
  for (int i = 0; i < n; i++) {
    s += a[i] * a[i] - a[i] / (a[i] + 1.0);
    if (i < 8)
      p *= a[i] + 1.0;
  }

  cd sum(0.0, 0.0), diff(100.0, 0.0);
#pragma omp target teams distribute parallel for simd reduction(+: sum) reduction(-: diff) map(to: a)
  for (int i = 0; i < n; i++) {
    sum += a[i] * cd(1.0, -1.0);
    diff -= cd(0.5, 0.25) * double(i % 3);
  }

  cd t(1.0, 1.0); // an aggregate: map(tofrom) without a clause
#pragma omp target
  {
    t *= cd(0.0, 2.0);
    t.imag(t.imag() + 1.0);
  }

  cd tot[4];
  int teams = 0;
#pragma omp target teams num_teams(4) map(from: tot, teams) map(to: a)
  {
    cd acc; // the team's copy, (0, 0)
#pragma omp parallel for reduction(+: acc)
    for (int i = 0; i < n; i++)
      acc += a[i] * cd(1.0, 0.5);
    tot[omp_get_team_num()] = acc;
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
  }
  bool same = true;
  for (int k = 1; k < teams; k++)
    same = same && tot[k] == tot[0];

  double sb = 0, sc = 0, sg = 0, sr = 0;
  for (int i = 0; i < n; i++) {
    sb += b[i].real() - 2 * b[i].imag();
    sc += c[i].real() + 3 * c[i].imag();
    sg += g[i].real() - g[i].imag();
    sr += r[i];
  }
  printf("b[7] = (%.6f, %.6f)\n", b[7].real(), b[7].imag());
  printf("c[300] = (%.6f, %.6f)\n", c[300].real(), c[300].imag());
  printf("g[100] = (%.4f, %.4f)\n", g[100].real(), g[100].imag());
  printf("r[511] = %.6f\n", r[511]);
  printf("sums %.5f %.5f %.3f %.5f\n", sb, sc, sg, sr);
  printf("s = (%.6f, %.6f), p = (%.6f, %.6f)\n", s.real(), s.imag(), p.real(), p.imag());
  printf("sum = (%.6f, %.6f), diff = (%.6f, %.6f), t = (%.6f, %.6f)\n", sum.real(), sum.imag(),
         diff.real(), diff.imag(), t.real(), t.imag());
  printf("tot[0] = (%.6f, %.6f), every team's the same: %s\n", tot[0].real(), tot[0].imag(),
         same ? "yes" : "no");
  cd h = rotate(cd(1.0, 2.0), 0.5);
  printf("host rotate = (%.6f, %.6f)\n", h.real(), h.imag());
  return 0;
}
