// Preprocessor groups that only partly lie in a construct's text, as portable codes write them,
// are resolved as the preprocessor resolved them: their directive lines and skipped branches
// become blank lines (every line keeps its number), the branch the build takes stays, and the
// construct it holds is translated. Groups wholly inside a construct are kept.
// RUN: %omp2cu %s -o %t.cpu.cu
// RUN: FileCheck --check-prefix=CPU %s < %t.cpu.cu
// RUN: %omp2cu %s -o %t.gpu.cu -- -DOMP_TARGET_GPU -DTWICE -DSLOW
// RUN: FileCheck --check-prefix=GPU %s < %t.gpu.cu
// RUN: not grep -E '^#(ifdef OMP_TARGET_GPU|ifndef SLOW|elif|else)' %t.cpu.cu %t.gpu.cu

struct Stream {
  double *a, *b;
  int n;
};

// BabelStream's idiom: the group opens before declarations, its #else holds the host pragma.
void copy(struct Stream *s) {
#ifdef OMP_TARGET_GPU
  int n = s->n;
  double *a = s->a;
  double *b = s->b;
#pragma omp target teams distribute parallel for simd map(to: a[0:n]) map(from: b[0:n])
#else
  int n = s->n;
  double *a = s->a, *b = s->b;
#pragma omp target parallel for map(to: a[0:n]) map(from: b[0:n])
#endif
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
// GPU: copy_L22_kernel: '#pragma omp target teams distribute parallel for simd map(to: a[0:n]) map(from: b[0:n])' at conditional_groups.c:22.
// CPU: copy_L26_kernel: '#pragma omp target parallel for map(to: a[0:n]) map(from: b[0:n])' at conditional_groups.c:26.

// The group goes on into the loop header; its #elif has a condition on two lines.
void split(int n, double *a) {
#ifndef SLOW
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#elif defined(OMP_TARGET_GPU) && \
    defined(TWICE)
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) num_teams(8)
  for (int i = n - 1; i >= 0; i--) {
#else
  for (int i = n - 1; i >= 0; i--) {
#endif
    a[i] += 1;
  }
}
// CPU: split_L37_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n])' at conditional_groups.c:37.
// GPU: split_L41_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) num_teams(8)' at conditional_groups.c:41.
// GPU: for (int omp2cu_i = omp2cu_lb0_L41

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
// CPU: open_L55_kernel
// CPU: {{^}}    a[0] += 1;{{$}}
// CPU-NOT: a[0] += 1;
// CPU: open(int n, double *a) {
// GPU: open_L55_kernel
// GPU: {{^}}    a[0] += 1;{{$}}
// GPU-EMPTY:
// GPU-NEXT: {{^}}    a[0] += 1;{{$}}

// Kept: a group wholly inside the construct.
void kept(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
#ifdef TWICE
    a[i] += 1;
#endif
    a[i] += 1;
  }
}
// CPU: #ifdef TWICE
// CPU-NEXT: a[i] += 1;
// CPU-NEXT: #endif
