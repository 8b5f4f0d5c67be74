// The constructors and destructors of the program's classes that target regions run (objects
// made there, temporaries, the member and base initializers of those constructors, the
// members' constructors that an implicit constructor calls) are device functions like the
// functions kernels call. One that uses a global variable is an error. Run: e2e p116.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
struct Inner {
  int v;
  Inner() : v(7) {}
};
// CHECK: __host__ __device__ Inner() : v(7) {}
struct Base {
  int id;
  explicit Base(int i) : id(i) {}
};
// CHECK: __host__ __device__ explicit Base(int i) : id(i) {}
struct Holder {
  Inner in; // implicit default constructor: calls Inner()
};
struct Derived : Base {
  double w;
  Derived(int i, double x);
  ~Derived();
};
Derived::Derived(int i, double x) : Base(i), w(x) {}
Derived::~Derived() {}
// CHECK: __host__ __device__ Derived(int i, double x);
// CHECK-NEXT: __host__ __device__ ~Derived();
// CHECK: __host__ __device__ Derived::Derived(int i, double x) : Base(i), w(x) {}
// CHECK-NEXT: __host__ __device__ Derived::~Derived() {}
static int seed() { return 7; }
static int dflt() { return 3; }
// CHECK: __host__ __device__ static int seed()
// CHECK: __host__ __device__ static int dflt()
struct Seeded {
  int x = seed(); // a default member initializer of an implicit constructor
  explicit Seeded(int y = dflt()) : x(x + y) {}
};
struct Guard {
  int *p;
  ~Guard() { ++*p; } // an aggregate: made without a constructor call
};
// CHECK: __host__ __device__ ~Guard() { ++*p; }
struct Unused {
  Unused() {}
};
// CHECK: {{^}}  Unused() {}

#ifdef BAD
int made = 0;
struct Tally {
  Tally() { ++made; }
};
#endif

void f(int n, double *out) {
  Unused u;
  int ids = 0;
#pragma omp target teams distribute parallel for map(from: out[0:n]) map(tofrom: ids)
  for (int i = 0; i < n; ++i) {
    Holder h;
    Derived d(i, 0.5);
    Seeded s;
    Guard g{&ids};
    out[i] = h.in.v + d.id + d.w + s.x;
#ifdef BAD
    Tally t;
#endif
  }
}
// BAD: constructors.cpp:[[@LINE-4]]:11: error: the constructor of 'Tally' uses the global variable 'made'{{.*}} and runs in a target region; this is not supported yet
// BAD-NOT: error:
