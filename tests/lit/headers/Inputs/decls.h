// Only declarations of declare target functions: not inlined (redeclared after its #include).
#pragma omp declare target
double offset(double x);
#pragma omp end declare target
