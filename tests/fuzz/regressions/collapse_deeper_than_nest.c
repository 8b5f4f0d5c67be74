void f(int *a, int n) {
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: a[0:n*n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * n + j] = i;
}
