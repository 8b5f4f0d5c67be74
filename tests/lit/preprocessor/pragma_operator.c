// Directives written with _Pragma, directly or through macros, in target regions and data
// directives: a pass writes each as the `#pragma` line the preprocessor made of it where the use
// was (lines stay); a use that writes more (a loop header, two directives) or shares its line is
// replaced by its expansion, each directive on a line of its own numbered with the use's line.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: %omp2cu %s -o %t.cu -- -DLOOP && %nochecks %t.cu | FileCheck --check-prefix=LOOP %s
// RUN: %omp2cu %s -o %t.cu -- -DLINE && %nochecks %t.cu | FileCheck --check-prefix=LINE %s
// RUN: %omp2cu %s -o %t.cu -- -DTWO && %nochecks %t.cu | FileCheck --check-prefix=TWO %s
#define STR(x) #x
#define OMP(directive) _Pragma(STR(omp directive))

void f(int n, double *a) {
  OMP(target enter data map(to: a[0:n]))
  OMP(target teams distribute parallel for
      map(alloc: a[0:n]))
  for (int i = 0; i < n; i++) {
    double s = 0;
    OMP(simd reduction(+: s))
    for (int k = 0; k < 4; k++)
      s += k;
    a[i] += s;
  }
  _Pragma("omp target exit data map(from: a[0:n])")
}
// CHECK: f_L14_kernel: '#pragma omp target teams distribute parallel for map(alloc: a[0:n])' at pragma_operator.c:14.
// CHECK: // #pragma omp simd reduction(+: s) (pragma_operator.c:18): iterations over lanes
// CHECK: // omp2cu: '#pragma omp target enter data map(to: a[0:n])'
// CHECK-NEXT: {
// CHECK-NEXT: const omp2cu::host::Where omp2cu_where{"target enter data", "pragma_operator.c", 13};
// CHECK: // omp2cu: '#pragma omp target teams distribute parallel for map(alloc: a[0:n])' (pragma_operator.c:14) runs as f_L14_kernel
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: omp2cu_region.end();
// CHECK-NEXT: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for{{$}}
// CHECK: #pragma omp simd reduction(+: s){{$}}
// CHECK: // omp2cu: '#pragma omp target exit data map(from: a[0:n])'
// CHECK-NEXT: {
// CHECK-NEXT: const omp2cu::host::Where omp2cu_where{"target exit data", "pragma_operator.c", 23};

#ifdef LOOP
#define PARFOR(n) _Pragma("omp target teams distribute parallel for map(tofrom: a[0:n])") for (int i = 0; i < n; i++)
void loop(int n, double *a) {
  PARFOR(n)
    a[i] += 1;
}
// LOOP: loop_L[[@LINE-3]]_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n])' at pragma_operator.c:[[@LINE-3]]
// LOOP: a[i] += 1;
#endif

#ifdef LINE
void line(int n, double *a) {
  a[0] = 1; OMP(target update to(a[0:n]))
}
// LINE: a[0] = 1;
// LINE-NEXT: // omp2cu: '#pragma omp target update to(a[0:n])'
// LINE-NEXT: {
// LINE-NEXT: const omp2cu::host::Where omp2cu_where{"target update", "pragma_operator.c", [[@LINE-5]]};
#endif

#ifdef TWO
#define TWICE _Pragma("omp target update to(a[0:n])") _Pragma("omp target update to(a[0:1])")
void two(int n, double *a) {
  TWICE
}
// TWO: omp2cu::host::update_to(a, 0, n,
// TWO: omp2cu::host::update_to(a, 0, 1,
#endif
