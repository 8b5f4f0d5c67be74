/* negative steps with unsigned index types, loops down to 0 with != and >= on unsigned */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

int main(void) {
  unsigned n = 1003;
  int *a = (int *)calloc(n, sizeof(int));
  int *b = (int *)calloc(n, sizeof(int));
  int *c = (int *)calloc(n, sizeof(int));
  /* unsigned counting down with > 0 and step -2 */
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (unsigned i = n - 1; i > 0; i -= 2)
    a[i] += (int)i;
  /* size_t down to zero with != */
  size_t m = n;
#pragma omp target teams distribute parallel for map(tofrom: b[0:n])
  for (size_t i = m; i != 0; i--)
    b[i - 1] = (int)(i * 3 % 17);
  /* unsigned >= with lower bound 5, step -7 */
  unsigned lo = 5;
#pragma omp target parallel for map(tofrom: c[0:n])
  for (unsigned i = n - 1; i >= lo; i -= 7)
    c[i] = 1;
  long sa = 0, sb = 0, sc = 0;
  for (unsigned i = 0; i < n; i++) { sa += a[i] * (long)(i % 3 + 1); sb += b[i] * (long)(i + 1); sc += c[i]; }
  printf("sa=%ld sb=%ld sc=%ld a1=%d a2=%d c5=%d c6=%d\n", sa, sb, sc, a[1], a[2], c[5], c[6]);
  /* unsigned char-like small ranges via unsigned with <= and a wrap-free step */
  unsigned z = 0;
#pragma omp target teams distribute parallel for reduction(+: z)
  for (unsigned i = 4000000000u; i <= 4000000100u; i += 3)
    z += i % 97u;
  printf("z=%u\n", z);
  free(a); free(b); free(c);
  return 0;
}
