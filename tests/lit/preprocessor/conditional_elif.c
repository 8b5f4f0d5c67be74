// A directive in the #elif branch the build takes stays: the preprocessor's skipped range ends
// at the start of the line after a true #elif (after the line of a #else), and that line is
// not skipped text.
// RUN: %omp2cu %s -o %t.4.cu -- -DVERSION=4
// RUN: FileCheck --check-prefix=V4 %s < %t.4.cu
// RUN: %omp2cu %s -o %t.3.cu -- -DVERSION=3
// RUN: FileCheck --check-prefix=V3 %s < %t.3.cu
// RUN: %omp2cu %s -o %t.5.cu -- -DVERSION=5
// RUN: FileCheck --check-prefix=V5 %s < %t.5.cu

void scale(int n, double *a) {
#if VERSION == 3
#ifdef NOTARGET
#pragma omp parallel for
#else
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
#endif
#elif VERSION == 4
#pragma omp target teams loop map(tofrom: a[0:n])
#elif VERSION == 5
#pragma omp target parallel for map(tofrom: a[0:n])
#endif
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
// V4: scale_L19_kernel: '#pragma omp target teams loop map(tofrom: a[0:n])' at conditional_elif.c:19.
// V3: scale_L16_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n])' at conditional_elif.c:16.
// V5: scale_L21_kernel: '#pragma omp target parallel for map(tofrom: a[0:n])' at conditional_elif.c:21.
