#include "kernels.h"

#pragma omp declare target
int offset = 1;
#pragma omp end declare target
