// No OpenMP offloading: host OpenMP only.
int sum(const int *a, int n) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
