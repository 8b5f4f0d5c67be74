// Kernel parameters say what the region does with them: `const` for a value it never changes
// and for data it only reads (ReadOnly.h); as declared for anything written, passed on, or named
// by a clause that writes its items.
// RUN: %omp2cu %s -o %t.cu
// RUN: %nochecks %t.cu | FileCheck %s
// The output compiles (for sim: a host C++ compiler).
// RUN: c++ -x c++ -std=c++17 -DOMP2CU_BACKEND_SIM -I %runtime -fopenmp -fsyntax-only %t.cu

struct P { double x, y; };
double norm(const double *v) { return v[0]; }
void touch(double *v) { v[0] = 1; }

void reads(int n, double a, const struct P p, double *x, double *y, double *z, double *w,
           double (*m)[4], double *q) {
  double t[8];
  for (int i = 0; i < 8; i++)
    t[i] = i;
#pragma omp target teams distribute parallel for map(to: x[0:n], z[0:n], w[0:n], m[0:n], t, q[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    const double *r = x + 1;      // arithmetic on a pointer whose data is only read
    double s = *(z + i) + w[i] * p.x + m[i][1] + t[i % 8] + sizeof(q[0]);
    y[i] = a * s + (r != x) + (q ? 1 : 0);
  }
}
// CHECK: __global__ void reads_L[[@LINE-7]]_kernel(const int n, const double *x, const double *z, const double *w, const struct P *omp2cu_p, const double (*m)[4], const double (*omp2cu_t)[8], const double *q, double *y, const double a) {
// CHECK-NEXT: const struct P &p = *omp2cu_p;
// CHECK-NEXT: const double (&t)[8] = *omp2cu_t;

void writes(int n, double a, double *x, double *y, double *z, double *w, double *v) {
  double sum = 0;
  int last = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) lastprivate(last) map(tofrom: x[0:n], y[0:n], z[0:n], w[0:n], v[0:n])
  for (int i = 0; i < n; i++) {
    a += 1;                  // a firstprivate copy changed
    x[i] = 0;                // stores
    y[i]++;
    touch(z);                // passed on to a function that may write
    double *alias = w;       // copied into a pointer to non-const data
    alias[i] = norm(v);      // v: a call that takes `const double *` still passes the pointer on
#pragma omp atomic
    sum += 1;
    last = i;
  }
}
// CHECK: __global__ void writes_L[[@LINE-13]]_kernel(const int n, double a, double *x, double *y, double *z, double *w, double *v, double *omp2cu_sum, int *omp2cu_last) {
// CHECK-NEXT: double &sum = *omp2cu_sum;
// CHECK-NEXT: int &last = *omp2cu_last;
