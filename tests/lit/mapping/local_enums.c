// Enums of the function that holds a target region, used by the region (a variable of the type,
// or only its enumerators: int in C), move before the function as structs do (LocalTypes.h). An
// enumerator whose name is taken at namespace scope (here by the enum of another function, as in
// OpenMP_VV's test_target_defaultmap.c) is renamed `omp2cu_<function>_<name>` wherever the function
// names it, in a macro's argument too. Run: e2e p92 and OpenMP_VV.
// RUN: %omp2cu %s -o - | FileCheck %s
#define CHECK_EQ(a, b) ((a) == (b))
int on(void) {
  enum { VAL1 = 1, VAL2, VAL3, VAL4 } e = VAL1;
#pragma omp target map(tofrom: e)
  e = VAL4;
  return CHECK_EQ(e, VAL4);
}
int off(void) {
  enum { VAL1 = 1, VAL2, VAL3, VAL4 } e = VAL1;
  int x = 0;
#pragma omp target map(tofrom: x)
  x = VAL3;
#pragma omp target
  e = VAL2;
  return CHECK_EQ(e, VAL1) + x;
}
// CHECK: {{^}}enum omp2cu_on_L9 { VAL1 = 1, VAL2, VAL3, VAL4 }; // omp2cu: from function 'on', whose target regions use it
// CHECK: __global__ void on_L10_kernel(enum omp2cu_on_L9 *omp2cu_e) {
// CHECK: e = (enum omp2cu_on_L9)(VAL4);
// CHECK: {{^}}int on(void) {
// CHECK: {{^}}  enum omp2cu_on_L9 e = (enum omp2cu_on_L9)(VAL1);
// CHECK: return CHECK_EQ(e, VAL4);
// CHECK: {{^}}enum omp2cu_off_L15 { omp2cu_off_VAL1 = 1, omp2cu_off_VAL2, omp2cu_off_VAL3, omp2cu_off_VAL4 }; // omp2cu: from function 'off'
// CHECK: x = omp2cu_off_VAL3;
// CHECK: e = (enum omp2cu_off_L15)(omp2cu_off_VAL2);
// CHECK: {{^}}int off(void) {
// CHECK: {{^}}  enum omp2cu_off_L15 e = (enum omp2cu_off_L15)(omp2cu_off_VAL1);
// CHECK: return CHECK_EQ(e, omp2cu_off_VAL1) + x;
