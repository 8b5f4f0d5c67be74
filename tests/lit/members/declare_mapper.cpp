// declare mapper in C++: items that are references, the implicit maps of a lambda's captures
// (Sema maps the members of a captured struct whose types have default mappers), mappers that
// apply other mappers (Clang 19 crashes destroying the Sema of such a file: the translation
// leaves it, as clang -cc1 does), and templates: where Sema chose the mapper in the template's
// text, or the same one in every instantiation, it is written out in the template's text; an
// item whose type depends on the template is reported.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
struct vec {
  int n;
  double *d;
};
struct outer {
  vec a;
  int k;
};
#pragma omp declare mapper(vec v) map(v, v.d[0:v.n])
#pragma omp declare mapper(outer o) map(o, o.a)

void scale(vec &r, double f) {
#pragma omp target
  for (int i = 0; i < r.n; i++)
    r.d[i] *= f;
  // CHECK: scale_L[[@LINE-3]]_kernel: '#pragma omp target map(tofrom: r, r.d[0:r.n])'
}

template <class T> void shift(vec &x, T by) {
#pragma omp target map(tofrom: x)
  for (int i = 0; i < x.n; i++)
    x.d[i] += by;
  // CHECK: shift_L[[@LINE-3]]_kernel: '#pragma omp target map(tofrom: x, x.d[0:x.n])'
}
template void shift<int>(vec &, int);
template void shift<double>(vec &, double);

template <class T> void twice(vec &y) {
#pragma omp target
  for (int i = 0; i < y.n; i++)
    y.d[i] *= T(2);
  // CHECK: twice_L[[@LINE-3]]_kernel: '#pragma omp target map(tofrom: y, y.d[0:y.n])'
}
template void twice<float>(vec &);

#ifdef BAD
template <class T> void dependent(T &x) {
#pragma omp target map(x)
  x.d[0] = 1;
  // BAD: declare_mapper.cpp:[[@LINE-2]]:24: error: in an instantiation of this template, 'x' is mapped through 'declare mapper (vec v)', and its type depends on the template: omp2cu cannot write the mapper out in the template's text; map its members with map clauses
#pragma omp target
  x.d[0] = 2;
  // BAD: declare_mapper.cpp:[[@LINE-2]]:1: error: in an instantiation of this template, 'x' is mapped through 'declare mapper (vec v)' implicitly
}
template void dependent<vec>(vec &);
#endif
