// template function calling template helpers, struct by value, min/max reductions, two instantiations
#include <cstdio>
#include <cstdlib>

template <typename T> struct Box { T lo, hi; int n; };

template <typename T> static T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }
template <typename T> static T weight(T v, Box<T> b) { return clampv(v, b.lo, b.hi) * 2; }

template <typename T>
void stats(const T *x, Box<T> b, T *out, T &mn, T &mx) {
  T lmin = x[0], lmax = x[0];
#pragma omp target teams distribute parallel for map(to: x[0:b.n]) map(from: out[0:b.n]) reduction(min: lmin) reduction(max: lmax)
  for (int i = 0; i < b.n; i++) {
    out[i] = weight(x[i], b);
    lmin = out[i] < lmin ? out[i] : lmin;
    lmax = out[i] > lmax ? out[i] : lmax;
  }
  mn = lmin; mx = lmax;
}

template <typename T>
T rowsums(const T *m, int rows, int cols, T *rs) {
  T tot = 0;
#pragma omp target teams distribute map(to: m[0:rows*cols]) map(from: rs[0:rows]) reduction(+: tot)
  for (int r = 0; r < rows; r++) {
    T acc = 0;
#pragma omp parallel for simd reduction(+: acc)
    for (int c = 0; c < cols; c++)
      acc += m[r * cols + c];
    rs[r] = acc;
    tot += acc;
  }
  return tot;
}

int main() {
  const int n = 100;
  int xi[n]; double xd[n]; int oi[n]; double od[n];
  for (int i = 0; i < n; i++) { xi[i] = (i * 31) % 47 - 20; xd[i] = 0.1 * ((i * 17) % 23) - 1.0; }
  Box<int> bi = {-5, 15, n};
  Box<double> bd = {-0.5, 1.25, n};
  int mni, mxi; double mnd, mxd;
  stats(xi, bi, oi, mni, mxi);
  stats(xd, bd, od, mnd, mxd);
  long si = 0; double sd = 0;
  for (int i = 0; i < n; i++) { si += oi[i]; sd += od[i]; }
  std::printf("mni=%d mxi=%d si=%ld mnd=%.6e mxd=%.6e sd=%.6e\n", mni, mxi, si, mnd, mxd, sd);
  int rsi[10]; double rsd[10];
  int ti = rowsums(xi, 10, 10, rsi);
  double td = rowsums(xd, 10, 10, rsd);
  std::printf("ti=%d td=%.6e rsi3=%d rsd7=%.6e\n", ti, td, rsi[3], rsd[7]);
  return 0;
}
