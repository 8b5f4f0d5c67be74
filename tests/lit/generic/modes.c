// The execution mode of each kernel: SPMD when the constructs are tightly nested or the code
// between them only computes values of its own; SPMDized when its side effects can be guarded
// to one thread; generic (master/worker) when the team code cannot run in every thread.
// --no-spmdize runs the SPMDized kernel in generic mode instead. --remarks says which and why.
// RUN: %omp2cu --remarks %s -o %t.cu 2> %t.remarks && %nochecks %t.cu | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: %omp2cu --no-spmdize %s -o %t.generic.cu && %nochecks %t.generic.cu | FileCheck --check-prefix=FORCED %s
#pragma omp declare target
void init(int *row, int n, int i) {
  for (int j = 0; j < n; j++)
    row[j] = i;
}
void bounds(int i, int n, int *lo, int *hi) {
  *lo = i % n;
  *hi = n - i % n;
}
#pragma omp end declare target

void f(int n, int *a, int *cnt) {
#pragma omp target teams distribute map(tofrom: a[0:n*n])
  for (int i = 0; i < n; i++) {
    int base = i * n;
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[base + j] += j;
  }
#pragma omp target teams distribute map(tofrom: a[0:n*n], cnt[0:n])
  for (int i = 0; i < n; i++) {
    cnt[i] += 1;
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] += cnt[i];
  }
#pragma omp target teams distribute map(tofrom: a[0:n*n])
  for (int i = 0; i < n; i++) {
    int row[64];
    init(row, 64, i);
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] += row[j % 64];
  }
#pragma omp target teams distribute map(tofrom: a[0:n*n])
  for (int i = 0; i < n; i++) {
    int lo, hi;
    bounds(i, n, &lo, &hi);
#pragma omp parallel for
    for (int j = lo; j < hi; j++)
      a[i * n + j] += 1;
  }
}
// CHECK-LABEL: /// f_L20_kernel:
// CHECK-NEXT: /// Mode: SPMD (the code between the constructs only computes values of its own).
// CHECK-LABEL: /// f_L27_kernel:
// CHECK-NEXT: /// Mode: SPMDized (the side effects of the code between the constructs are guarded to one thread and followed by a barrier).
// CHECK: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) { cnt[i] += 1; } omp2cu::dev::sync_team();
// A local array filled by a call: in shared memory, the call guarded to one thread.
// CHECK-LABEL: /// f_L34_kernel:
// CHECK-NEXT: /// Mode: SPMDized
// CHECK: __global__ void f_L34_kernel(omp2cu::dev::TeamSharing<f_L34_shared> omp2cu_sharing, const int n, int *a) {
// CHECK: int (&row)[64] = omp2cu_sh.row;
// CHECK-NEXT: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) { init(row, 64, i); } omp2cu::dev::sync_team();
// The generic kernel: a struct of the team's shared variables, the parallel region as a
// function of the workers, and the state machine.
// CHECK: struct f_L42_shared {
// CHECK-NEXT: int i;
// CHECK-NEXT: int lo;
// CHECK-NEXT: int hi;
// CHECK-NEXT: };
// CHECK: /// f_L42_parallel_L46: '#pragma omp parallel for' at modes.c:46, run by the workers of f_L42_kernel.
// CHECK-NEXT: __device__ void f_L42_parallel_L46(omp2cu::dev::ParallelRegion omp2cu_par, int &lo, int &hi, int *a, int &i, int n) {
// CHECK: const omp2cu::i32 omp2cu_id_L46 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu_par.ws_id(omp2cu::Threads | omp2cu::Lanes)),
// CHECK-LABEL: /// f_L42_kernel:
// CHECK-NEXT: /// Mode: generic (sequential code with side effects between 'teams' and 'parallel' cannot run in every thread).
// CHECK-NEXT: __global__ void f_L42_kernel(omp2cu::dev::TeamSharing<f_L42_shared> omp2cu_sharing, int n, int *a) {
// CHECK: __shared__ omp2cu::dev::GenericTeam omp2cu_team;
// CHECK: if (omp2cu::dev::is_generic_worker()) {
// CHECK: case 1: f_L42_parallel_L46(omp2cu_par, omp2cu_sh.lo, omp2cu_sh.hi, a, omp2cu_sh.i, n); break;
// CHECK: if (!omp2cu::dev::is_generic_main())
// CHECK: int &i = omp2cu::dev::assign(omp2cu_sh.i, omp2cu::loop::value<int>(
// CHECK: int &lo = omp2cu_sh.lo; int &hi = omp2cu_sh.hi;
// CHECK-NEXT: bounds(i, n, &lo, &hi);
// CHECK-NEXT: omp2cu::dev::fork(omp2cu_team, 1, 0); // '#pragma omp parallel for' (modes.c:46) runs on the workers as f_L42_parallel_L46
// CHECK: omp2cu::dev::generic_end(omp2cu_team);
// CHECK: omp2cu_cfg.generic = true;
// CHECK: omp2cu_region.launch_shared(f_L42_kernel, omp2cu_cfg

// REMARK: modes.c:20:1: remark: kernel f_L20_kernel: SPMD mode: the code between the constructs only computes values of its own;
// REMARK-SAME: shared memory for data sharing: 0 bytes
// REMARK: modes.c:27:1: remark: kernel f_L27_kernel: SPMDized mode: the side effects
// REMARK: modes.c:34:1: remark: kernel f_L34_kernel: SPMDized mode
// REMARK-SAME: shared memory for data sharing: 256 bytes per team (variables row)
// REMARK: modes.c:42:1: remark: kernel f_L42_kernel: generic mode: sequential code with side effects between 'teams' and 'parallel' cannot run in every thread (line 45);
// REMARK-SAME: plus one warp for the team's main thread (generic mode);
// REMARK-SAME: shared memory for data sharing: 32 bytes per team (variables i, lo, hi; state machine 20 bytes)

// FORCED-LABEL: /// f_L20_kernel:
// FORCED-NEXT: /// Mode: generic (SPMDization disabled (--no-spmdize)).
// FORCED-LABEL: /// f_L27_kernel:
// FORCED-NEXT: /// Mode: generic (SPMDization disabled (--no-spmdize)).
// FORCED: omp2cu::dev::fork(omp2cu_team, 1, 0);
