// Declarations of the lit tests in separate/: declare target functions and a
// variable that one file defines and another uses, and a host function.
#ifndef DT_H
#define DT_H
#pragma omp declare target
double scale(double x);
extern double table[8];
#pragma omp end declare target
double host_only(const double *a, int n);
#ifdef __cplusplus
namespace dt {
#pragma omp declare target
int twice(int x);
#pragma omp end declare target
}
#endif
#endif
