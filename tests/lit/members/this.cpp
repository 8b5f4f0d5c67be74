// `this` in the target and data directives of member functions: the member function names
// *this (omp2cu_self), the regions map it as a whole object (this[:1], tofrom), and the pointer
// members they use are attached in its device copy, to their mapped sections or, used without
// a map, to the mapped data they point into. Data directives attach members of a mapped object.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
struct Base { int nb; };
struct Vec : Base {
  int n;
  double *data, *aux;
  Vec(int n);
  double get(int i) const { return data[i] + aux[i]; }
  void scale(double f);
  double sum() const;
};
Vec::Vec(int n_) : n(n_) {
#pragma omp target enter data map(to: this[:1]) map(to: data[0:n])
}
void Vec::scale(double f) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    this->data[i] = f * get(i) + nb;
}
double Vec::sum() const {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: data[0:n]) reduction(+: s)
  for (int i = 0; i < n; ++i) {
    const Vec *me = this;
    s += me->data[i];
  }
  return s;
}
// CHECK: __host__ __device__ double get(int i) const
// CHECK: Vec::Vec(int n_) : n(n_) { auto &omp2cu_self = *this; /* omp2cu: 'this' of the OpenMP constructs below */
// CHECK: omp2cu::host::enter_data(&omp2cu_self, 0, 1, omp2cu::MapKind::To, 0u, "*this", omp2cu_where);
// CHECK-NEXT: omp2cu::host::enter_data(omp2cu_self.data, 0, omp2cu_self.n, omp2cu::MapKind::To, 0u, "this->data", omp2cu_where);
// CHECK-NEXT: omp2cu::host::attach_if_mapped(&omp2cu_self.data, 0, "this->data", omp2cu_where);
// CHECK: __global__ void Vec_scale_L19_kernel(struct Vec *omp2cu_omp2cu_self, const double f)
// CHECK-NEXT: struct Vec &omp2cu_self = *omp2cu_omp2cu_self;
// CHECK: omp2cu_self.data[i] = f * omp2cu_self.get(i) + omp2cu_self.nb;
// CHECK: void Vec::scale(double f) { auto &omp2cu_self = *this;
// CHECK: auto *omp2cu_dev_omp2cu_self = omp2cu_region.map(&omp2cu_self, 0, 1, omp2cu::MapKind::ToFrom, "*this", omp2cu::ModImplicit);
// CHECK-NEXT: omp2cu_region.attach(&omp2cu_self.data, omp2cu_region.translate(omp2cu_self.data, "this->data"), "this->data");
// CHECK-NEXT: omp2cu_region.attach(&omp2cu_self.aux, omp2cu_region.translate(omp2cu_self.aux, "this->aux"), "this->aux");
// CHECK: __global__ void Vec_sum_L25_kernel(const struct Vec *omp2cu_omp2cu_self, double *omp2cu_s)
// CHECK: const Vec *me = (&omp2cu_self);
// CHECK: omp2cu_region.attach(&omp2cu_self.data, omp2cu_region.map(omp2cu_self.data, 0, omp2cu_self.n, omp2cu::MapKind::To, "this->data"), "this->data");
