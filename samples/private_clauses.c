// private, firstprivate and lastprivate clauses on combined and separate target constructs.
#include <stdio.h>

#define N 5000

int main(void) {
  int out[N];
  int tmp = -7, off = 100;
  double scale = 1.5;

#pragma omp target teams distribute parallel for private(tmp) firstprivate(off, scale) map(from: out)
  for (int i = 0; i < N; i++) {
    tmp = i * 2;
    out[i] = (int)(scale * (double)(tmp + off));
  }

  int last = -1, lastsq = -1;
#pragma omp target map(tofrom: last, lastsq)
#pragma omp teams distribute parallel for lastprivate(last, lastsq)
  for (int i = 0; i < N; i += 3) {
    last = i;
    lastsq = (i % 1000) * (i % 1000);
  }

  int k;
  int klast = -1;
#pragma omp target map(tofrom: klast)
#pragma omp parallel for lastprivate(k)
  for (k = 0; k < 777; k++) {
    if (k == 776) klast = k;
  }

  long s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("private: s=%ld tmp=%d off=%d last=%d lastsq=%d klast=%d\n", s, tmp, off, last, lastsq, klast);
  return 0;
}
