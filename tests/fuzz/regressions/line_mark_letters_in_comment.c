/* Found by the fuzzer: a comment that holds the letters of omp2cu's own line marks,
   unterminated, in the body of a region (copied into the kernel) made the translator loop for
   minutes (lines::stripMarks). They are text now. */
void f(int *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1; // /*omp2cu-line:
}
