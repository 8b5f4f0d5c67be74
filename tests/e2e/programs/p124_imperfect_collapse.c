/* Imperfectly nested collapsed loops (OpenMP 5.0): intervening code before and after the nested
 * loop, declarations of it used by the inner loop and the code after it, a `continue` in the
 * innermost body with code after it, three loops with intervening code at two levels, on
 * `target teams distribute parallel for`, `parallel for` in a target region, `simd`, and in host
 * code (g++ 12 rejects imperfect nests). The intervening code runs at most once per innermost
 * iteration (as Clang 19 runs it), so it only writes what each run writes alike
 * (OpenMP_VV test_target_imperfect_loop). omp2cu-e2e: generic; omp2cu-e2e: compile */
#include <stdio.h>

#define N 24
#define M 10
#define K 6

int main(void) {
  int a[N][M], rowsum[N], tag[N], b[N][M][K], plane[N][M], h[N][M], hrow[N];
  long total = 0;

#pragma omp target teams distribute parallel for collapse(2) map(from: a, rowsum, tag)
  for (int i = 0; i < N; i++) {
    const int base = i * 100;
    tag[i] = base + 1;
    for (int j = 0; j < M; j++) {
      if (j % 3 == 2) {
        a[i][j] = -1;
        continue;
      }
      a[i][j] = base + j;
    }
    rowsum[i] = base * 2;
  }

#pragma omp target map(from: b, plane) map(tofrom: total)
  {
#pragma omp parallel for collapse(3) reduction(+ : total)
    for (int i = 0; i < N; i++) {
      int pi = i * 7;
      for (int j = 0; j < M; j++) {
        int pj = pi + j;
        plane[i][j] = pj;
        for (int k = 0; k < K; k++) {
          b[i][j][k] = pj * 10 + k;
          total += k;
        }
      }
    }
  }

#pragma omp target teams distribute simd collapse(2) map(from: h)
  for (int i = 0; i < N; i++) {
    int s = i * i;
    for (int j = 0; j < M; j++)
      h[i][j] = s + j;
  }

#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      h[i][j] += 1;
    hrow[i] = i;
  }

  long check = 0;
  for (int i = 0; i < N; i++) {
    check += rowsum[i] + tag[i] + hrow[i];
    for (int j = 0; j < M; j++) {
      check += a[i][j] * (j + 1) + plane[i][j] + h[i][j];
      for (int k = 0; k < K; k++)
        check += b[i][j][k] % 97;
    }
  }
  printf("check %ld total %ld\n", check, total);
  printf("a[5] %d %d %d h[7][3] %d b[3][4][5] %d\n", a[5][0], a[5][2], a[5][9], h[7][3],
         b[3][4][5]);
  return 0;
}
