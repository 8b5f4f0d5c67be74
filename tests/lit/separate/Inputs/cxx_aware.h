// A C header that handles C++ itself (as MPI's mpi.h: C++ declarations for C++ users).
#ifndef CXX_AWARE_H
#define CXX_AWARE_H
#ifdef __cplusplus
extern "C" {
#endif
int aware_c(int x);
#ifdef __cplusplus
}
inline int aware_cxx(int x) { return x; }
inline int aware_cxx(double x) { return (int)x; }
#endif
#endif
