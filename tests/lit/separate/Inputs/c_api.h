/* A C library header for C and C++ users, with a declare target function. */
#ifndef C_API_H
#define C_API_H
#ifdef __cplusplus
extern "C" {
#endif
#pragma omp declare target
double c_kernel_helper(double x);
#pragma omp end declare target
#ifdef __cplusplus
}
#endif
#endif
