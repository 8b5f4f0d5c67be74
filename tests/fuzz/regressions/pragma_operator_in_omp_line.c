/* Found by the fuzzer: Clang 19 crashes on _Pragma with an unfinished string in the line of
   an OpenMP directive; omp2cu refuses _Pragma in such a line before Clang reads the file. */
void f(void) {
#pragma omp parallel _Pragma(
  ;
}
