void f(int n) {
#pragma omp target data map(to: n)
#pragma omp target
#pragma omp teams
#pragma omp distribute
#pragma omp parallel
#pragma omp for
#pragma omp simd
}
