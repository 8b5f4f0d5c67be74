// Metadirectives in target regions become the directive the device's context selects (clang
// parses only the host's choice): the GPU's architecture (the backend's: NVIDIA for cuda and
// sim, AMD for hip, and then the output stops a build for the other vendor), its kind, the
// constructs around the metadirective, vendor llvm; `default`/`otherwise` where no `when`
// applies, nothing where neither is given. A metadirective inside another one is resolved in
// the next pass, in the context of the outer one's choice. Lines stay the user's. Those the pass
// cannot read (a comment inside, selectors that name the program's variables) are reported.
// RUN: %omp2cu %s -o - | FileCheck %s --check-prefixes=CHECK,NV
// RUN: %omp2cu --backend=hip %s -o - | FileCheck %s --check-prefixes=CHECK,AMD
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
// NV: // omp2cu: translated for NVIDIA GPUs (--backend=cuda): the device selects by the GPU's vendor at the metadirective at line 19
// NV-NEXT: #if defined(__HIP__)
// NV-NEXT: #error "omp2cu translated this file for NVIDIA GPUs (--backend=cuda or sim); translate it again with --backend=hip"
// AMD: // omp2cu: translated for AMD GPUs (--backend=hip): the device selects by the GPU's vendor at the metadirective at line 19
// AMD-NEXT: #if !defined(__HIP__)
void f(int n, double *a) {
#pragma omp target map(tofrom: a[0:n])
  {
    // NV: // #pragma omp teams distribute parallel for // omp2cu: the metadirective's choice for the device (metadirective.c:[[@LINE+2]]): iterations over teams
    // AMD: // #pragma omp parallel for // omp2cu: the metadirective's choice for the device (metadirective.c:[[@LINE+1]]): iterations over threads
#pragma omp metadirective when(device={arch("nvptx")}: teams distribute parallel for) \
    default(parallel for)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
#pragma omp target parallel map(tofrom: a[0:n])
  {
    // CHECK: // #pragma omp for nowait // omp2cu: the metadirective's choice for the device (metadirective.c:[[@LINE+2]]): iterations over threads
    // CHECK-NEXT: {
#pragma omp metadirective when(construct = {target, parallel}: for nowait) \
    when(device = {kind(host)}: single) otherwise(masked)
    for (int i = 0; i < n; i++)
      a[i] *= 2;
    // CHECK: if (omp2cu::dev::lane() == 0) {{[{]}} a[0] += 1; }
#pragma omp metadirective when(device = {kind(host)}: masked)
    a[0] += 1;
  }
}
void g(int n, int *a) {
#pragma omp target map(tofrom: a[0:n])
  {
    // CHECK: // #pragma omp teams // omp2cu: the metadirective's choice for the device (metadirective.c:[[@LINE+2]])
    // CHECK-NEXT: {
#pragma omp metadirective when(device = {kind(gpu)}: teams) default(parallel)
    {
      // CHECK: // #pragma omp distribute parallel for // omp2cu: the metadirective's choice for the device (metadirective.c:[[@LINE+2]]): iterations over teams
      // CHECK-NEXT: {
#pragma omp metadirective when(construct = {teams}: distribute parallel for) default(parallel for)
      for (int i = 0; i < n; i++)
        a[i] += 1;
    }
  }
}

#ifdef BAD
void h(int n, int *a) {
#pragma omp target parallel map(tofrom: a[0:n])
  {
    // BAD: :[[@LINE+1]]:1: error: '#pragma omp metadirective' is not supported yet here: a comment in the directive's text
#pragma omp metadirective /* pick */ when(device = {kind(gpu)}: masked) default(nothing)
    a[0] += 1;
  }
}
#endif
