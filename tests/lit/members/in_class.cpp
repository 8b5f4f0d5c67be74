// Member functions defined inside their class move after the outermost class, with their
// kernels before them; the class keeps declarations (default arguments, virtual, override) and
// blank lines, so nothing else moves. The kernels of regions that use non-public members are
// friends of the class. Members in map clauses are copied by their own map-types.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// Without --line-directives, the output has none (the first pass's are dropped).
// RUN: not grep -q "^#line" %t.cu
// RUN: %omp2cu --line-directives %s -o %t.lines.cu && FileCheck --check-prefix=LINES %s < %t.lines.cu
// RUN: not %omp2cu %s -o %t.bad.cu -- -DBAD 2>&1 | FileCheck --check-prefix=BAD %s
namespace geo {
struct Shape {
  virtual ~Shape() {}
  virtual void scale(double f) = 0;
};
class Poly final : public Shape {
public:
  void scale(double f = 2.0) override {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      x[i] *= f;
  }
  struct Stats {
    int hits = 0;
    int bump(int k) {
#pragma omp target map(tofrom: hits)
      hits += k;
      return hits;
    }
  };
  static int twice(int k) {
    int r = 0;
#pragma omp target map(tofrom: r)
    r = 2 * k;
    return r;
  }
#ifdef BAD
  void bad(int k) {
#pragma omp target parallel for ordered firstprivate(k)
    for (int i = 0; i < k; i++)
      n = k;
  }
#endif

private:
  int n = 0;
  double *x = nullptr;
};
} // namespace geo
int after = 1;

// The class keeps declarations, and blank lines where the bodies were.
// CHECK: void scale(double f = 2.0) override ;
// CHECK-EMPTY:
// CHECK: int bump(int k) ;
// CHECK: static int twice(int k) ;
// Kernels of regions that use non-public members are friends.
// CHECK: // omp2cu: kernels of target regions in member functions, which use non-public members
// CHECK-NEXT: friend __global__ void Poly_scale_L18_kernel(const class geo::Poly *omp2cu_omp2cu_self, const double f);
// CHECK-NEXT: };
// The definitions follow the class: kernel first, then the function, looked up in the class.
// CHECK: __global__ void Poly_scale_L18_kernel(
// CHECK: inline auto Poly::scale(double f) -> void { auto &omp2cu_self = *this;
// CHECK: __global__ void Stats_bump_L25_kernel(
// CHECK: inline auto Poly::Stats::bump(int k) -> int {
// CHECK: omp2cu_region.map_struct(&omp2cu_self, omp2cu::host::span_of(omp2cu_self.hits), omp2cu::MapKind::ToFrom, "*this");
// CHECK-NEXT: omp2cu_region.map_member(&omp2cu_self.hits, 0, 1, omp2cu::MapKind::ToFrom, "this->hits");
// CHECK: inline auto Poly::twice(int k) -> int {
// CHECK: int after = 1;

// LINES: #line 17 "{{.*}}in_class.cpp"
// LINES-NEXT: inline auto Poly::scale(double f) -> void {
// LINES: #line 24 "{{.*}}in_class.cpp"
// LINES-NEXT: inline auto Poly::Stats::bump(int k) -> int {
// LINES: #line 48 "{{.*}}in_class.cpp"
// LINES-NEXT: int after = 1;

// Diagnostics in a moved function name the line the user wrote.
// BAD: in_class.cpp:38:{{[0-9]+}}: error: clause 'ordered' is not supported yet

// Constructors (with their initializers) and conversion functions move too; a member array in a
// map clause is a member list item.
struct Acc {
  double v[8];
  int n;
  Acc(int n_, double init = 1.0) : n(n_) {
#pragma omp target map(from: v)
    for (int i = 0; i < 8; ++i)
      v[i] = init;
  }
  operator double() const {
    double m = 0;
#pragma omp target map(tofrom: m)
    m = v[0];
    return m;
  }
};
// CHECK: Acc(int n_, double init = 1.0) ;
// CHECK: __global__ void Acc_constructor_L{{[0-9]+}}_kernel(struct Acc *omp2cu_omp2cu_self, const double init)
// CHECK: inline Acc::Acc(int n_, double init) : n(n_) {
// CHECK: omp2cu_region.map_struct(&omp2cu_self, omp2cu::host::span_of(omp2cu_self.v), omp2cu::MapKind::ToFrom, "*this");
// CHECK-NEXT: omp2cu_region.map_member(&omp2cu_self.v, 0, 1, omp2cu::MapKind::From, "this->v");
// CHECK: inline Acc::operator double() const {

// A class in an anonymous namespace: its kernels name it as its members do.
namespace {
class Hidden {
  int k = 3;
public:
  int get() {
    int r = 0;
#pragma omp target map(tofrom: r)
    r = k;
    return r;
  }
};
} // namespace
// CHECK: friend __global__ void Hidden_get_L{{[0-9]+}}_kernel(int *omp2cu_r, const class Hidden *omp2cu_omp2cu_self);
// CHECK: __global__ void Hidden_get_L{{[0-9]+}}_kernel(int *omp2cu_r, const class Hidden *omp2cu_omp2cu_self) {

// Generic mode: the functions outlined from the kernel are friends too, and the struct of
// team-shared variables that the kernel's parameters name is declared before the class.
class Solver {
public:
  double run(double *out) {
#pragma omp target teams num_teams(4) map(tofrom: out[0:4])
    {
      double local = scale();
#pragma omp parallel for num_threads(8)
      for (int i = 0; i < n_; ++i) {
#pragma omp atomic
        out[0] += local;
      }
    }
    return out[0];
  }
private:
  int n_ = 8;
  double scale() const { return 0.5; }
};
// CHECK: struct Solver_run_L[[L:[0-9]+]]_shared; // omp2cu: team-shared variables of a kernel that is a friend of 'Solver'
// CHECK-NEXT: class Solver {
// CHECK: friend __device__ void Solver_run_L[[L]]_parallel_L{{[0-9]+}}(omp2cu::dev::ParallelRegion omp2cu_par,
// CHECK-NEXT: friend __global__ void Solver_run_L[[L]]_kernel(omp2cu::dev::TeamSharing<Solver_run_L[[L]]_shared> omp2cu_sharing,

// Names the class scope gives a region (member types, static members, enumerators) get their
// class's name: the kernel is outside the class. Private ones make the kernel a friend; kernel
// parameters of member types are written with what the types stand for.
class Table {
  using real = double;
  static constexpr int N = 4;
  enum { Scale = 3 };
  real w[N] = {1, 2, 3, 4};

public:
  real sum(real bias) const {
    real s = 0;
#pragma omp target map(tofrom: s)
    for (int i = 0; i < N; ++i) {
      real t = w[i] * Scale;
      s += t + bias;
    }
    return s;
  }
};
// CHECK: friend __global__ void Table_sum_L[[T:[0-9]+]]_kernel(const class Table *omp2cu_omp2cu_self, double *omp2cu_s, const double bias);
// CHECK: for (int i = 0; i < Table::N; ++i) {
// CHECK-NEXT: Table::real t = omp2cu_self.w[i] * Table::Scale;
// CHECK: inline auto Table::sum(real bias) const -> real {

// Comments with `=`, `:` and `;` do not confuse the move; the definitions go right after the `;`
// that ends the class, whatever follows it on its line.
struct Odd {
  int n;
  Odd(int a) : /* note: n = a; */ n(a) {
#pragma omp target map(tofrom: n)
    n += 1;
  }
  int f(int a = /* x=1; */ 3) {
#pragma omp target map(tofrom: a)
    a += n;
    return a;
  }
}; int after_odd = 1;
// CHECK: Odd(int a) ;
// CHECK: int f(int a = /* x=1; */ 3) ;
// CHECK: inline Odd::Odd(int a) : /* note: n = a; */ n(a) {
// CHECK: inline auto Odd::f(int a) -> int {
// CHECK: int after_odd = 1;
