// What `atomic compare` cannot do is reported where it is written: an x of a type without a
// 1-, 2-, 4- or 8-byte compare-and-swap (long double, __int128, _Float16) and a bit-field.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
struct flags {
  int b : 3;
};
void f(int n, long double *ld, __int128 *w, _Float16 *h, struct flags *fl) {
#pragma omp target teams distribute parallel for map(tofrom: ld[0:1], w[0:1], h[0:1], fl[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (ld[0] < i) { ld[0] = i; }
#pragma omp atomic compare
    if (w[0] == i) { w[0] = -i; }
#pragma omp atomic compare capture
    { h[0] = h[0] > i ? i : h[0]; n = h[0]; }
#pragma omp atomic compare
    if (fl[0].b == 1) { fl[0].b = 2; }
  }
}
// CHECK: atomic_compare.c:10:1: error: '#pragma omp atomic compare' on an object of type 'long double' is not supported (supported: integer, enumeration, pointer, float and double types of 1, 2, 4 or 8 bytes)
// CHECK: atomic_compare.c:12:1: error: '#pragma omp atomic compare' on an object of type '__int128' is not supported
// CHECK: atomic_compare.c:14:1: error: '#pragma omp atomic compare' on an object of type '_Float16' is not supported
// CHECK: atomic_compare.c:16:1: error: '#pragma omp atomic compare' on a bit-field is not supported
