// A function with `declare variant`s called in a target region: the kernel calls the variant the
// device's context selects (kind gpu and nohost, the constructs around the call, vendor llvm),
// not the base function nor the host's choice (OpenMP_VV's test_declare_variant and
// test_declare_target_device_type_nohost). A selection that differs between NVIDIA and AMD
// GPUs follows --backend, and the output stops a build for the other vendor. A call in a
// function called from a region (whose text is the host's too) that selects a variant is
// reported.
// Run: e2e p104.
// RUN: %omp2cu %s -o - | FileCheck %s --check-prefixes=CHECK,NV
// RUN: %omp2cu --backend=hip %s -o - | FileCheck %s --check-prefixes=CHECK,AMD
// NV: // omp2cu: translated for NVIDIA GPUs (--backend=cuda): the device selects by the GPU's vendor at the call of arch_base() at line 30
// AMD: // omp2cu: translated for AMD GPUs (--backend=hip): the device selects by the GPU's vendor at the call of arch_base() at line 30
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
int dev_version(void) { return 2; }
int gpu_version(void) { return 3; }
#pragma omp declare target to(dev_version, gpu_version) device_type(nohost)

#pragma omp declare variant(dev_version) match(device = {kind(nohost)})
#pragma omp declare variant(gpu_version) match(device = {kind(gpu)}, implementation = {vendor(score(5): llvm)})
int base(void) { return 1; }
#pragma omp declare target to(base)

int nv(void) { return 4; }
#pragma omp declare target to(nv)
#pragma omp declare variant(nv) match(device = {arch(nvptx)})
int arch_base(void) { return 0; }

int f(void) {
  int d = 0;
#pragma omp target map(from: d)
  d = base() + arch_base();
  return d + base();
}
// CHECK: __global__ void f_L28_kernel(
// NV: d = gpu_version() + nv();
// AMD: d = gpu_version() + arch_base();
// CHECK: int f(void) {
// CHECK: return d + base();

#ifdef BAD

// BAD-DAG: :[[@LINE+1]]:27: error: function 'base' has a '#pragma omp declare variant' that selects 'gpu_version' on the device: calls of it in functions called from target regions are not supported yet (call it in the region)
int helper(void) { return base(); }
#pragma omp declare target to(helper)

int g(void) {
  int d = 0;
#pragma omp target map(from: d)
  d += helper();
  return d;
}
#endif
