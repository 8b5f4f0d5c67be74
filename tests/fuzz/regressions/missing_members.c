struct S { int x; } s;
void f(void) {
#pragma omp target map(tofrom: s.x, s) map(to: s.y)
  s.x++;
#pragma omp target update to(s.z)
}
