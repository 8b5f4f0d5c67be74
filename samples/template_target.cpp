// C++ function templates containing target regions, instantiated for float and double.
#include <cstdio>
#include <vector>

template <typename T>
void axpby(int n, T a, const T *x, T b, T *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + b * y[i];
}

template <typename T>
T sum(int n, const T *x) {
  T s = T(0);
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

template <typename T>
void run(const char *name, int n) {
  std::vector<T> x(n), y(n);
  for (int i = 0; i < n; i++) {
    x[i] = T(i % 64);       /* exact in float: sums stay below 2^24 */
    y[i] = T((i % 5) - 2);
  }
  axpby<T>(n, T(2), x.data(), T(0.5), y.data());
  T s = sum<T>(n, y.data());
  std::printf("%s: sum=%.6e y[3]=%.6e y[n-1]=%.6e\n", name, (double)s, (double)y[3], (double)y[n - 1]);
}

int main() {
  run<float>("float", 20000);
  run<double>("double", 30000);
  return 0;
}
