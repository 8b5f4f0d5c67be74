// A function with a `declare variant` called in a target region: the device must call the variant
// its context selects (OpenMP_VV's test_declare_target_device_type_nohost), not the base function;
// until that is done, the call is reported instead of translated into a call of the base.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
int dev_version(void) { return 2; }
#pragma omp declare target to(dev_version) device_type(nohost)

#pragma omp declare variant(dev_version) match(device = {kind(nohost)})
int base(void) { return 1; }
#pragma omp declare target to(base)

int f(void) {
  int d = 0;
#pragma omp target map(from: d)
  d = base();
  return d;
}
// CHECK: declare_variant.c:15:7: error: function 'base' has a '#pragma omp declare variant': calls of it in target regions are not supported yet
