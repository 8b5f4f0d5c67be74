#define P _Pragma("omp target teams distribute parallel for")
void f(int *a, int n) { P }
