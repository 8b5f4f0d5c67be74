// Types and functions of the user's named like CUDA's and HIP's built-in vector types (as the
// CPU versions of HeCBench's md, nms, geodesic, spm and all-pairs-distance define them):
// nvcc and hipcc declare float4, int3, char4, make_float4, ... in every file, and the output
// did not compile ('type "float4" has already been defined'). The output renames the user's.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <stdio.h>

typedef struct {
  float x, y, z, w;
} float4;

typedef struct {
  int x, y, z;
} int3;

struct char4 {
  char x, y, z, w;
};

#pragma omp declare target
static float4 make_float4(float x, float y, float z, float w) {
  float4 f = {x, y, z, w};
  return f;
}
#pragma omp end declare target

int main(void) {
  enum { N = 256 };
  float4 p[N];
  int3 cell[N];
  struct char4 tag[N];
#pragma omp target teams distribute parallel for map(from: p, cell, tag)
  for (int i = 0; i < N; i++) {
    p[i] = make_float4(i, 0.5f * i, -1.0f * i, 1.0f);
    int3 c = {i % 4, i % 8, i % 16};
    cell[i] = c;
    struct char4 t = {(char)('a' + i % 26), 'b', 'c', (char)(i % 100)};
    tag[i] = t;
  }
  float s = 0;
  int cs = 0, ts = 0;
  for (int i = 0; i < N; i++) {
    s += p[i].x + p[i].y + p[i].z + p[i].w;
    cs += cell[i].x + cell[i].y + cell[i].z;
    ts += tag[i].x + tag[i].w;
  }
  printf("float4 %.3f int3 %d char4 %d\n", s, cs, ts);
  return 0;
}
