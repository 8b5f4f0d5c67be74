// A preprocessor conditional that only partly lies in a construct's text, other than one around
// the directive alone (tests/lit/preprocessor/conditionals.c), cannot be kept: omp2cu translates
// one configuration of the macros. Reported, no output. Conditionals wholly inside a construct
// are kept as they are.
// RUN: not %omp2cu %s -o %t.cu -- -DSPLIT 2>&1 | FileCheck --check-prefix=SPLIT %s
// RUN: not %omp2cu %s -o %t.cu -- -DCODE 2>&1 | FileCheck --check-prefix=CODE %s
// RUN: not %omp2cu %s -o %t.cu -- -DOPEN 2>&1 | FileCheck --check-prefix=OPEN %s
// RUN: %omp2cu %s -o %t.ok.cu && FileCheck --check-prefix=OK %s < %t.ok.cu

#ifdef SPLIT
// The group goes on into the loop.
void split(int n, double *a) {
#ifndef SLOW
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#else
  for (int i = n - 1; i >= 0; i--) {
#endif
    a[i] += 1;
  }
}
// SPLIT: conditionals.c:[[@LINE-6]]:2: error: this preprocessor conditional belongs to a group that starts before '#pragma omp target teams distribute parallel for map(tofrom: a[0:n])' and its statement
// SPLIT: conditionals.c:[[@LINE-9]]:1: note: the construct is here
#endif

#ifdef CODE
// The directive's branch holds code too.
void code(int n, double *a) {
#ifndef SLOW
  a[0] = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
#endif
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CODE: conditionals.c:[[@LINE-4]]:2: error: this preprocessor conditional belongs to a group that starts before '#pragma omp target teams distribute parallel for map(tofrom: a[0:n])' and its statement
#endif

#ifdef OPEN
// A group opened in the statement ends after it.
void open(int n, double *a) {
#pragma omp target map(tofrom: a[0:n])
  {
    a[0] += 1;
#ifdef TWICE
    a[0] += 1;
  }
#else
  }
#endif
}
// OPEN: conditionals.c:[[@LINE-10]]:1: error: a preprocessor conditional opened inside '#pragma omp target map(tofrom: a[0:n])' and its statement ends after them
#endif

void good(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8])
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int k = 0; k < 8; k++) {
#ifdef DEBUG
      a[i * 8 + k] = -1;
#endif
      a[i * 8 + k] += 1;
    }
  }
}
// OK: #ifdef DEBUG
// OK-NEXT: a[i * 8 + k] = -1;
// OK-NEXT: #endif
