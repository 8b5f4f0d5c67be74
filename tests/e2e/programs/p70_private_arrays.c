/* Arrays in lastprivate and firstprivate clauses of the constructs inside target regions: the
   private copy is initialised, and the last iteration's copied back, element by element (C++
   has no array assignment: the output once did not compile). At every level: teams
   (distribute), threads (parallel for), lanes (simd, where the lane that ran the last iteration
   gives every lane its values), and firstprivate on single. omp2cu-e2e: compile */
#include <stdio.h>

#define N 64


int main(void) {
  int a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
  int lp1[2] = {0, 0}, lp2[2] = {0, 0}, lp3[2] = {0, 0}, lp4[3] = {0, 0, 0};
  int lp5[2][2] = {{0, 0}, {0, 0}};
  int fp[2] = {5, 7}, out[N], out2[N];
#pragma omp target teams distribute lastprivate(lp1) map(to: a)
  for (int i = 0; i < N; ++i) {
    lp1[0] = a[i];
    lp1[1] = 2 * a[i];
  }
#pragma omp target parallel for lastprivate(lp2) map(to: a) num_threads(4)
  for (int i = 0; i < N; ++i) {
    lp2[0] = a[i] + 1;
    lp2[1] = a[i] + 2;
  }
#pragma omp target teams distribute parallel for simd lastprivate(lp3) map(to: a)
  for (int i = 0; i < N; ++i) {
    lp3[0] = a[i] + 3;
    lp3[1] = a[i] + 4;
  }
#pragma omp target map(from: out) map(to: fp)
#pragma omp parallel for firstprivate(fp) num_threads(4)
  for (int i = 0; i < N; ++i) {
    fp[0] += i; /* the thread's copy, set back: any schedule gives the same out */
    out[i] = fp[0] + fp[1];
    fp[0] -= i;
  }
#pragma omp target simd lastprivate(lp4) map(to: a)
  for (int i = 0; i < N; ++i) {
    lp4[0] = a[i];
    lp4[1] = -a[i];
    lp4[2] = i * i;
  }
#pragma omp target parallel for simd lastprivate(lp5) map(to: a) num_threads(2)
  for (int i = 0; i < N; ++i) {
    lp5[0][0] = a[i];
    lp5[0][1] = a[i] + 1;
    lp5[1][0] = a[i] + 2;
    lp5[1][1] = a[i] + 3;
  }
#pragma omp target parallel num_threads(2) map(from: out2) map(to: fp)
  {
#pragma omp single firstprivate(fp)
    {
      fp[0] += 1;
      for (int i = 0; i < N; ++i)
        out2[i] = fp[0] + fp[1] + i;
    }
  }
  /* A simd loop in a thread's iteration: the lane that ran the last iteration gives every lane
     of the group the array. */
  int lastv[8][2];
#pragma omp target teams distribute parallel for map(to: a) map(from: lastv)
  for (int row = 0; row < 8; row++) {
    int start = row * 8, len = 1 + row % 8, last[2] = {-1, -1};
#pragma omp simd lastprivate(last)
    for (int k = 0; k < len; k++) {
      last[0] = a[start + k];
      last[1] = k;
    }
    lastv[row][0] = last[0];
    lastv[row][1] = last[1];
  }
  long s = 0, s2 = 0;
  for (int i = 0; i < N; ++i) {
    s += out[i];
    s2 += out2[i];
  }
  printf("lp1 %d %d lp2 %d %d lp3 %d %d lp4 %d %d %d lp5 %d %d %d %d\n", lp1[0], lp1[1], lp2[0],
         lp2[1], lp3[0], lp3[1], lp4[0], lp4[1], lp4[2], lp5[0][0], lp5[0][1], lp5[1][0],
         lp5[1][1]);
  printf("out %d %d sum %ld out2 %d sum %ld fp %d %d\n", out[0], out[N - 1], s, out2[0], s2,
         fp[0], fp[1]);
  for (int row = 0; row < 8; ++row)
    printf("%d:%d,%d ", row, lastv[row][0], lastv[row][1]);
  printf("\n");
  return 0;
}
