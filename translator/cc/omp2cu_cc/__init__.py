"""omp2cu-cc and omp2cu-c++: the compiler driver of omp2cu.

A drop-in C/C++ compiler for build systems (Make, CMake, MPI compiler wrappers): each source file
that uses OpenMP offloading is translated by omp2cu and compiled by the backend compiler (nvcc,
hipcc, or the host C++ compiler for the sim backend); other files are compiled as they are by the
host compiler; objects are linked by the backend's linker driver, with device linking for
separate compilation.

Modules: options (the command line), tools (finding compilers and building their command lines),
depfile (dependency files), driver (the compilation pipeline).
"""
