// `#pragma omp atomic` update (histogram) and capture (unique slot allocation) inside a combined loop.
#include <stdio.h>
#include <stdlib.h>

#define BINS 16

int main(void) {
  int n = 20000;
  int *data = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) data[i] = (i * 2654435761u) >> 7 & 0xFFFF;
  int hist[BINS] = {0};
  double weight[BINS] = {0};

#pragma omp target teams distribute parallel for map(to: data[0:n]) map(tofrom: hist, weight)
  for (int i = 0; i < n; i++) {
    int b = data[i] % BINS;
#pragma omp atomic update
    hist[b] += 1;
#pragma omp atomic
    weight[b] += 0.5;
  }

  /* capture: every odd element takes a unique slot; the set of slots is deterministic */
  int counter = 0, m = 0;
  int *slot = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) slot[i] = -1;
#pragma omp target teams distribute parallel for map(to: data[0:n]) map(tofrom: counter) map(from: slot[0:n])
  for (int i = 0; i < n; i++) {
    int mine = -1;
    if (data[i] & 1) {
#pragma omp atomic capture
      mine = counter++;
    }
    slot[i] = mine;
  }

  int *seen = (int *)calloc(n, sizeof(int));
  int perm = 1;
  for (int i = 0; i < n; i++)
    if (slot[i] >= 0) {
      m++;
      if (slot[i] >= n || seen[slot[i]]++) perm = 0;
    }
  for (int i = 0; i < m; i++) perm = perm && seen[i] == 1;

  long hs = 0;
  double ws = 0.0;
  for (int b = 0; b < BINS; b++) { hs += (long)hist[b] * (b + 1); ws += weight[b]; }
  printf("histogram: weighted=%ld wsum=%.6e hist[0]=%d hist[15]=%d\n", hs, ws, hist[0], hist[15]);
  printf("capture: counter=%d taken=%d permutation=%d\n", counter, m, perm);
  free(data); free(slot); free(seen);
  return 0;
}
