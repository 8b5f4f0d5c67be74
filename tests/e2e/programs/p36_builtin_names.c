// User variables and parameters named like CUDA's built-in variables (blockDim, threadIdx,
// blockIdx, gridDim, warpSize), in host code, in target regions and in functions called from
// them. They are ordinary names in C; the emulator used to define the built-ins as macros, so the
// generated file did not compile ("invalid cast from type 'Uint3' to type 'int'").
#include <stdio.h>

static int scale(int warpSize, int threadIdx) { return warpSize * 10 + threadIdx; }

static int tile(int blockDim, int gridDim) {
  int blockIdx = 0;
#pragma omp target teams distribute parallel for reduction(+: blockIdx)
  for (int i = 0; i < gridDim; i++)
    blockIdx += i % blockDim;
  return blockIdx;
}

int main(void) {
  int blockDim = 4, warpSize = 3, threadIdx = 2, gridDim = 1;
  int s = 0;
#pragma omp target map(tofrom: s)
  s = blockDim + warpSize + threadIdx + gridDim + scale(warpSize, threadIdx);
  printf("s = %d\n", s);
  printf("tile = %d\n", tile(7, 1000));
  return 0;
}
