/* The iteration variable of a simd loop declared outside the loop has, after the loop, the value
   sequential execution leaves (linear for one loop, lastprivate for a collapsed nest; OpenMP 5.2
   sec. 5.1.1): in simd, for simd, parallel for simd, collapsed simd, with a step other than 1,
   and with lastprivate on another variable (libgomp.c/target-36.c). (On a combined target
   construct the variable is the target's firstprivate copy, as clang has it: the host keeps its
   value; gcc writes it back. Not checked here.) Also a
   comma expression in the code between constructs that stores to mapped memory: one store, by
   one thread, and a comma expression that also stores to a variable of each thread.
   omp2cu-e2e: passes */
#include <stdio.h>

int main(void) {
  int n = 1024, i = -1, j = -1, k = -1, a = -1, b = -1, q = -1, ah = -1, bh = -1, p = -1;
#pragma omp target map(tofrom: i, j, k, a, b, q, ah, bh, p)
  {
#pragma omp parallel for simd
    for (i = 0; i < n; i++)
      ;
#pragma omp parallel
    {
#pragma omp for simd
      for (j = 0; j < n; j++)
        ;
    }
#pragma omp simd
    for (k = 0; k < n; k++)
      ;
#pragma omp simd collapse(2)
    for (a = 0; a < 10; a++)
      for (b = 0; b < 3; b++)
        ;
    int s;
#pragma omp simd
    for (s = 1; s < n; s += 3)
      ;
    q = s;
    int x, y;
#pragma omp simd lastprivate(y)
    for (x = 0; x < n; x++) {
      y = x + n + 1;
      __asm__ volatile("" : "+r"(y));
    }
    ah = x, bh = y;
    int t = 0;
    t = 5, p = t + ah;
  }
  printf("parallel for simd %d, for simd %d, simd %d, collapse %d %d, step 3 %d\n", i, j, k, a,
         b, q);
  printf("simd lastprivate: %d %d, comma %d\n", ah, bh, p);
  return 0;
}
