// Lambdas that a target region's function defines before it and the region calls: what the
// kernel's copy of the lambda (analysis/LocalLambdas.h) cannot keep is reported where it is.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DFORALL 2>&1 | FileCheck %s --check-prefix=FORALL
#include <omp.h>
#ifndef FORALL
struct Obj {
  double w;
  void run(int n, double *v) {
    auto scale = [this](double x) { return x * w; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = scale(v[i]);
  }
};

void mutable_lambda(int n, double *v) {
  int calls = 0;
  auto count = [calls](double x) mutable { return x + ++calls; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = count(v[i]);
}

void changed_before_region(int n, double *v) {
  double s = 2.0;
  auto mul = [=](double x) { return x * s; };
  s = 3.0;
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = mul(v[i]);
}

void changed_in_loop(int n, double *v) {
  double s = 2.0;
  auto mul = [=](double x) { return x * s; };
  for (int it = 0; it < 3; ++it) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = mul(v[i]);
    s += 1;
  }
}

void changed_in_region(int n, double *v) {
  double s = 2.0;
  auto mul = [=](double x) { return x * s; };
#pragma omp target map(tofrom: v[0:n])
  {
    s = 4.0;
    for (int i = 0; i < n; ++i)
      v[i] = mul(v[i]);
  }
}

void escapes(int n, double *v) {
  double s = 2.0;
  double *ps = &s;
  auto mul = [=](double x) { return x * s; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = mul(v[i]) + *ps;
}

void by_reference_firstprivate(int n, double *v) {
  int hits = 0;
  auto hit = [&](double x) { hits += x > 0; return x; };
#pragma omp target map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = hit(v[i]);
}

void private_on_target(int n, double *v) {
  double s = 2.0;
  auto mul = [=](double x) { return x * s; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n]) private(s)
  for (int i = 0; i < n; ++i)
    v[i] = mul(v[i]);
}

void api_in_body(int n, double *v) {
  auto who = [](double x) { return x + omp_get_thread_num(); };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = who(v[i]);
}

void copy_of_lambda(int n, double *v) {
  auto sq = [](double x) { return x * x; };
  auto sq2 = sq;
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = sq2(v[i]);
}

void reference_by_copy(int n, double *v, const double &s) {
  auto mul = [=](double x) { return x * s; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = mul(v[i]);
}

double g;
namespace ns { double h; }
void qualified_global(int n, double *v) {
  auto add = [](double x) { return x + ::g + ns::h; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = add(v[i]);
}

// CHECK: local_lambdas.cpp:10:17: error: the lambda 'scale', which the target region at line 11 uses, captures 'this' (the object of the member function): this is not supported yet (define the lambda inside the region)
// CHECK: local_lambdas.cpp:19:16: error: the lambda 'count', which the target region at line 20 uses, is 'mutable': this is not supported yet (the kernel's copy of the lambda would not be the closure the host's calls change)
// CHECK: local_lambdas.cpp:28:3: error: the lambda 'mul', which the target region at line 29 uses, captures 's' by copy, and it may change between the lambda's definition and the region: the kernel defines the lambda again from the values the region gets, which would not be the lambda's; define the lambda after the change, or inside the region
// CHECK: local_lambdas.cpp:41:5: error: the lambda 'mul', which the target region at line 38 uses, captures 's' by copy, and it may change between the lambda's definition and the region: the kernel defines the lambda again from the values the region gets, which would not be the lambda's; define the lambda after the change, or inside the region
// CHECK: local_lambdas.cpp:50:5: error: the lambda 'mul', which the target region at line 48 uses, captures 's' by copy, and the region changes it: the kernel defines the lambda again from the values the region gets, which would not be the lambda's; define the lambda after the change, or inside the region
// CHECK: local_lambdas.cpp:57:10: error: the lambda 'mul', which the target region at line 60 uses, captures 's' by copy, which may change through a pointer or reference taken before the lambda's definition: the kernel defines the lambda again from the values the region gets; define the lambda inside the region
// CHECK: local_lambdas.cpp:68:1: error: 'hits' is captured by reference by the lambda 'hit' (line 67), and the region or the lambda changes it, but the region has its own copy of it (firstprivate): the change would not reach the variable the lambda refers to; map it (map(tofrom: hits))
// CHECK: local_lambdas.cpp:76:1: error: 's' is captured by the lambda 'mul' (line 75), which the region uses, and is private on the target construct: the kernel defines the lambda again from the region's variables, and this one has no value there (list it in 'firstprivate', or leave it out)
// CHECK: local_lambdas.cpp:82:40: error: the lambda 'who', which the target region at line 83 uses, has calls of the OpenMP API ('omp_get_thread_num') in its body: this is not supported yet in a lambda defined outside the region (define the lambda inside the region)
// CHECK: local_lambdas.cpp:90:8: error: 'sq2', a lambda that the target region at line 91 uses, is not a variable defined with its lambda expression (a copy, a reference or a parameter): this is not supported yet (define it as 'auto sq2 = [...](...) { ... };' in the function of the region, or inside the region)
// CHECK: local_lambdas.cpp:97:41: error: the lambda 'mul', which the target region at line 98 uses, captures the reference 's' by copy: this is not supported yet (the kernel cannot see whether what it refers to changes before the region)
// CHECK: local_lambdas.cpp:106:40: error: the lambda 'add', which the target region at line 107 uses, has qualified names of global variables ('g') in its body: this is not supported yet in a lambda defined outside the region (define the lambda inside the region)
// CHECK: local_lambdas.cpp:106:46: error: the lambda 'add', which the target region at line 107 uses, has qualified names of global variables ('ns::h') in its body: this is not supported yet in a lambda defined outside the region (define the lambda inside the region)
// CHECK-NOT: error:
#else
// A lambda that reaches the region through a parameter of a function template.
template <class F> void forall(int n, F f) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    f(i);
}
void use_forall(int n, double *v) {
  forall(n, [=](int i) { v[i] = 2 * i; });
}
// FORALL: local_lambdas.cpp:[[@LINE-5]]:5: error: a lambda defined outside the target region that reaches it through a parameter, a copy or a reference cannot be called in it yet
#endif
