int main(void) {
  int a[10];
#pragma omp target map(tofrom: a[
