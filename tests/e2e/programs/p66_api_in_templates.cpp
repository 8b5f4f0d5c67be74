// Calls of the device-memory API with arguments that depend on a template's parameters
// (OpenMP_VV test_target_enter_data_classes_inheritance.cpp: `Mapper<T>` maps `this` unless
// `omp_target_is_present(ptr, ...)` with `T *ptr`): clang leaves such a call unresolved in the
// template, and it was not pointed at omp2cu's runtime; the host OpenMP library's function
// answered instead, the object was not mapped, and a result was lost (a wrong answer).
#include <cstdio>
#include <omp.h>

template <typename T> struct Mapper {
  T *ptr;
  bool not_mapped;
  explicit Mapper(T *p) : ptr(p) {
    not_mapped = !omp_target_is_present(ptr, omp_get_default_device());
    T *self = ptr;
#pragma omp target enter data map(to: self[0:1]) if(not_mapped)
  }
};

struct Counter : Mapper<Counter> {
  double sum = 0;
  Counter() : Mapper<Counter>(this) {}
  void add(double v) {
#pragma omp target defaultmap(tofrom: scalar)
    sum += v;
  }
  double get() {
    double &s = sum, out = -1;
#pragma omp target defaultmap(tofrom: scalar) map(from: out)
    out = s;
    return out;
  }
};

template <typename T> T *device_copy(const T *host, int n, int dev) {
  T *d = static_cast<T *>(omp_target_alloc(n * sizeof(T), dev));
  omp_target_memcpy(d, host, n * sizeof(T), 0, 0, dev, omp_get_initial_device());
  return d;
}

int main() {
  Counter *c = new Counter;
  c->add(1.5);
  c->add(2.5);
  std::printf("sum on the device: %.1f\n", c->get()); // not_mapped: the implementation's
  int h[4] = {1, 2, 3, 4}, total = 0;
  int dev = omp_get_default_device();
  int *d = device_copy(h, 4, dev);
#pragma omp target is_device_ptr(d) map(tofrom: total) device(dev)
  for (int i = 0; i < 4; ++i)
    total += d[i];
  omp_target_free(d, dev);
  std::printf("total = %d\n", total);
  return 0;
}
