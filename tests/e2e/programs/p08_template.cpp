// C++ function templates containing target regions, instantiated for int and double
#include <cstdio>
#include <vector>

template <typename T>
T dot(const T *a, const T *b, int n) {
  T s = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n], b[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

template <typename T>
void axpby(T alpha, const T *x, T beta, T *y, int n) {
#pragma omp target teams distribute parallel for simd map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + beta * y[i];
}

template <typename T>
T maxabs(const T *x, int n) {
  T m = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++) {
    T v = x[i] < 0 ? -x[i] : x[i];
    m = v > m ? v : m;
  }
  return m;
}

template <typename T, int K>
void scale_k(T *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = x[i] * K;
}

int main() {
  int n = 333;
  std::vector<int> ai(n), bi(n);
  std::vector<double> ad(n), bd(n);
  for (int i = 0; i < n; i++) {
    ai[i] = i % 17 - 8; bi[i] = (i * 5) % 11;
    ad[i] = 0.5 * (i % 9) - 2.0; bd[i] = 0.25 * (i % 6);
  }
  std::printf("doti=%d dotd=%.6e\n", dot(ai.data(), bi.data(), n), dot(ad.data(), bd.data(), n));
  axpby(3, ai.data(), -1, bi.data(), n);
  axpby(1.5, ad.data(), 0.5, bd.data(), n);
  std::printf("maxi=%d maxd=%.6e\n", maxabs(bi.data(), n), maxabs(bd.data(), n));
  scale_k<int, 3>(bi.data(), n);
  scale_k<double, 2>(bd.data(), n);
  long si = 0; double sd = 0;
  for (int i = 0; i < n; i++) { si += bi[i] * (i % 4); sd += bd[i] * (i % 4); }
  std::printf("si=%ld sd=%.6e\n", si, sd);
  return 0;
}
