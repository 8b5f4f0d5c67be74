// Target regions in members of class templates: the kernels are templates over the class's
// parameters (Matrix_scale_L..._kernel<T, N>), launched with the arguments of the instance;
// functions and members they call run on the device for every instance.
#include <cstdio>

template <class T> T sq(T x) { return x * x; }

template <class T, int N = 4>
class Matrix {
public:
  explicit Matrix(int n) : n_(n), a_(new T[n * n]) {
    for (int i = 0; i < n * n; ++i)
      a_[i] = T(i % 5);
#pragma omp target enter data map(to: a_[0:n_ * n_])
  }
  ~Matrix() {
#pragma omp target exit data map(delete: a_[0:n_ * n_])
    delete[] a_;
  }
  // Defined in the class: moved after it as template <class T, int N> ... Matrix<T, N>::trace.
  T trace() const {
    T s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s)
    for (int i = 0; i < n_; ++i)
      s += a_[i * n_ + i] * N;
    return s;
  }
  T norm2() const;
  void scale(T f);
  void fetch() {
#pragma omp target update from(a_[0:n_ * n_])
  }
  T at(int i, int j) const { return a_[i * n_ + j]; }

  // Public: kernels of class templates cannot be friends yet.
  int n_;
  T *a_;
  T weight(int i) const { return T(1) + T(i % 3); }
};

template <class T, int N>
void Matrix<T, N>::scale(T f) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < n_; ++j)
      a_[i * n_ + j] = a_[i * n_ + j] * f + T(N);
}

template <class T, int N>
T Matrix<T, N>::norm2() const {
  T s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(tofrom: s)
  for (int i = 0; i < n_ * n_; ++i)
    s += sq(a_[i]) * weight(i);
  return s;
}

int main() {
  Matrix<double> m(16);
  m.scale(2.0);
  Matrix<int, 2> k(8);
  k.scale(3);
  m.fetch();
  k.fetch();
  std::printf("%.1f %d %.1f %d\n", m.trace(), k.trace(), m.norm2(), k.norm2());
  std::printf("%.1f %d\n", m.at(3, 4), k.at(7, 7));
  return 0;
}
