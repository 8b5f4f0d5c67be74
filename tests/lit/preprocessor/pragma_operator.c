// Directives written with the _Pragma operator, directly or through macros, in target regions and
// data directives: a pass writes each as the `#pragma` line the preprocessor made of it, in place
// of the macro use (lines stay), and the file is translated from that text. A macro use must
// stand on lines of its own and expand to one directive alone.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DLOOP 2>&1 | FileCheck --check-prefix=LOOP %s
// RUN: not %omp2cu %s -o %t.cu -- -DLINE 2>&1 | FileCheck --check-prefix=LINE %s
// RUN: not %omp2cu %s -o %t.cu -- -DTWO 2>&1 | FileCheck --check-prefix=TWO %s
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
// CHECK: { // omp2cu: '#pragma omp target enter data map(to: a[0:n])'
// CHECK-NEXT: const omp2cu::host::Where omp2cu_where{"target enter data", "pragma_operator.c", 13};
// CHECK: if (!omp2cu::host::runs_on_host()) { // omp2cu: '#pragma omp target teams distribute parallel for map(alloc: a[0:n])' (pragma_operator.c:14) runs as f_L14_kernel
// CHECK: omp2cu_region.end();
// CHECK-NEXT: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for{{$}}
// CHECK: #pragma omp simd reduction(+: s){{$}}
// CHECK: { // omp2cu: '#pragma omp target exit data map(from: a[0:n])'
// CHECK-NEXT: const omp2cu::host::Where omp2cu_where{"target exit data", "pragma_operator.c", 23};

#ifdef LOOP
#define PARFOR(n) _Pragma("omp target teams distribute parallel for map(tofrom: a[0:n])") for (int i = 0; i < n; i++)
void loop(int n, double *a) {
  PARFOR(n)
    a[i] += 1;
}
// LOOP: pragma_operator.c:[[@LINE-3]]:3: error: this directive, written with _Pragma, cannot be translated: the macro that writes it also writes what follows it
#endif

#ifdef LINE
void line(int n, double *a) {
  a[0] = 1; OMP(target update to(a[0:n]))
}
// LINE: pragma_operator.c:[[@LINE-2]]:13: error: this directive, written with _Pragma, cannot be translated: other code shares its line
#endif

#ifdef TWO
#define TWICE _Pragma("omp target update to(a[0:n])") _Pragma("omp target update to(a[0:1])")
void two(int n, double *a) {
  TWICE
}
// TWO: pragma_operator.c:[[@LINE-2]]:3: error: this directive, written with _Pragma, cannot be translated: the macro that writes it writes another directive too
#endif
