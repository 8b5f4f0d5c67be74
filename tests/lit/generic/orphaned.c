// Orphaned constructs: calls of functions that hold OpenMP constructs become calls of copies of
// them made for the context of the call; the function itself stays a host function. In generic
// mode the team code's copy takes the team state and the team-shared struct, and its parameters
// that a parallel region uses get a team copy.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// RUN: %nochecks %t.cu | FileCheck --check-prefix=HOST %s
// RUN: %omp2cu --no-spmdize %s -o %t.g.cu && %nochecks %t.g.cu | FileCheck --check-prefix=GEN %s
#pragma omp declare target
void scale(double *row, int n, double f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    row[i] *= f;
}
void add(double *dst, const double *src, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    dst[i] += src[i];
}
#pragma omp end declare target
void f(int t, int n, double *a, double *b) {
#pragma omp target teams distribute map(tofrom: a[0:t*n], b[0:t*n])
  for (int k = 0; k < t; k++) {
    scale(&a[k * n], n, 2.0);
#pragma omp parallel
    add(&b[k * n], &a[k * n], n);
  }
}
// CHECK: /// f_L21_scale_L23: the copy of 'scale' for its call at orphaned.c:23 in f_L21_kernel (it holds OpenMP constructs).
// CHECK-NEXT: __device__ void f_L21_scale_L23(double *row, int n, double f) {
// CHECK: const omp2cu::i32 omp2cu_id_L10 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu::dev::ws_id(omp2cu::Threads | omp2cu::Lanes)),
// CHECK: /// f_L21_add_L25: the copy of 'add' for its call at orphaned.c:25 in f_L21_kernel (it holds OpenMP constructs).
// CHECK-NEXT: __device__ void f_L21_add_L25(double *dst, const double *src, int n) {
// CHECK: omp2cu::dev::sync_team(); // implicit barrier
// CHECK: f_L21_scale_L23(&a[k * n], n, 2.0);
// CHECK: f_L21_add_L25(&b[k * n], &a[k * n], n);
// The original functions are host functions (not __host__ __device__).
// HOST-NOT: __host__ __device__ void scale
// HOST: {{^}}void scale(double *row, int n, double f) {
// HOST-NEXT: #pragma omp parallel for

// GEN: struct f_L21_shared {
// GEN: double *row;
// GEN: int n;
// GEN: double f;
// GEN: __device__ void f_L21_scale_L23(omp2cu::dev::GenericTeam &omp2cu_team, f_L21_shared &omp2cu_sh, double *omp2cu_row, int omp2cu_n, double omp2cu_f) {
// GEN-NEXT: double *&row = omp2cu::dev::assign(omp2cu_sh.row, omp2cu_row);
// GEN: omp2cu::dev::fork(omp2cu_team, 1, 0); // '#pragma omp parallel for' (orphaned.c:10) runs on the workers as f_L21_parallel_L10
// GEN: __device__ void f_L21_add_L25(omp2cu::dev::ParallelRegion omp2cu_par, double *dst, const double *src, int n) {
// GEN: omp2cu_par.sync_team(); // implicit barrier
// GEN: f_L21_scale_L23(omp2cu_team, omp2cu_sh, &a[k * n], n, 2.0);
