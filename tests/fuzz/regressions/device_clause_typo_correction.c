/* Found by the fuzzer (a mutation of programs/p54_host_fallback.c), minimised: Clang 19 corrects
   the undeclared 'dev' of a device clause to the function 'div' and crashes in its OpenMP
   semantic analysis (clang-19 -fopenmp -fsyntax-only crashes too). omp2cu recovers: an error
   and exit status 1, no output. */
int div(int, int);
void f(void) {
#pragma omp target device(dev)
  ;
}
