// Separate compilation in C++: declare target functions and a variable in a namespace, defined in
// vec.cpp (which has no target region) and used by the kernels of app.cpp.
#pragma once

#pragma omp declare target
extern double weights[3];
#pragma omp end declare target

namespace linalg {
#pragma omp declare target
double dot3(const double *a, const double *b, const double *w);
double clamp01(double x);
#pragma omp end declare target
} // namespace linalg
