#pragma omp declare target
int g;
void f(void) {
#pragma omp target
  g = 1;
#if 1
#pragma omp target teams
#else
#pragma omp target
#endif
}
