// Reductions the program declares: kernels combine with a struct written after the directive
// (omp2cu_init() from the initializer clause, omp2cu_apply() from the combiner), whose values travel with a
// flag in the team (a copy the initializer gives need not be an identity) and are combined
// across teams with a compare-and-swap or under a lock (declared_combine). Where kernels cannot
// use one, the error says why. Run: e2e p114, p115.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
typedef struct {
  double v;
  int i;
} loc_t;

static void far(loc_t *p) { p->v = 1e300; }

#pragma omp declare reduction(minloc : loc_t : \
    omp_out = omp_in.v < omp_out.v ? omp_in : omp_out) initializer(far(&omp_priv))
// CHECK: #pragma omp declare reduction(minloc : loc_t :
// CHECK-NEXT: omp_out = omp_in.v < omp_out.v ? omp_in : omp_out) initializer(far(&omp_priv))
// CHECK-NEXT: // omp2cu: the reduction 'minloc' of 'loc_t' above (line 15) for kernels: omp2cu_init() gives
// CHECK-NEXT: // a private copy its initial value, omp2cu_apply() is the combiner.
// CHECK-NEXT: struct omp2cu_reduction_minloc_L15 {
// CHECK-NEXT:   using omp2cu_type = loc_t;
// CHECK-NEXT:   static constexpr bool omp2cu_reads_orig = false;
// CHECK-NEXT:   static __device__ omp2cu_type omp2cu_init(omp2cu_type &omp_orig) {
// CHECK-NEXT:     (void)omp_orig;
// CHECK-NEXT:     omp2cu_type omp_priv{};
// CHECK-NEXT:     far(&omp_priv);
// CHECK-NEXT:     return omp_priv;
// CHECK-NEXT:   }
// CHECK-NEXT:   static __device__ omp2cu_type omp2cu_apply(omp2cu_type omp_out, omp2cu_type omp_in) {
// CHECK-NEXT:     omp_out = omp_in.v < omp_out.v ? omp_in : omp_out;
// CHECK-NEXT:     return omp_out;
// CHECK-NEXT:   }
// CHECK-NEXT: };
// The function the initializer calls runs on the device.
// CHECK: __host__ __device__ static void far(loc_t *p)

#pragma omp declare reduction(isum : int, long : omp_out += omp_in) initializer(omp_priv = omp_orig - omp_orig)
// CHECK: struct omp2cu_reduction_isum_L37 {
// CHECK-NEXT:   using omp2cu_type = int;
// CHECK-NEXT:   static constexpr bool omp2cu_reads_orig = true;
// CHECK-NEXT:   static __device__ omp2cu_type omp2cu_init(omp2cu_type &omp_orig) {
// CHECK-NEXT:     omp2cu_type omp_priv = omp_orig - omp_orig;
// CHECK: struct omp2cu_reduction_isum_L37_2 {
// CHECK-NEXT:   using omp2cu_type = long;

void f(int n, const double *x, loc_t *best, int *count, long *sum) {
  loc_t b = *best;
#pragma omp target teams distribute parallel for reduction(minloc : b) map(to: x[0:n])
  for (int i = 0; i < n; ++i)
    if (x[i] < b.v) {
      b.v = x[i];
      b.i = i;
    }
  *best = b;
  int c = 0;
  long s = 0;
#pragma omp target teams num_teams(4) reduction(isum : c, s)
  {
    c += 1;
    s += 2;
  }
  *count = c;
  *sum = s;
}
// CHECK-LABEL: f_L47_kernel
// CHECK: loc_t b = omp2cu::dev::declared_init_shared<omp2cu_reduction_minloc_L15>(omp2cu_outer_b);
// CHECK: b = omp2cu::dev::allreduce<omp2cu::op::Declared<omp2cu_reduction_minloc_L15>>(omp2cu::dev::declared_value(b, true), omp2cu::Threads | omp2cu::Lanes).value;
// CHECK-NEXT: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) omp2cu::dev::declared_combine<omp2cu_reduction_minloc_L15>(&omp2cu_outer_b, b);
// CHECK-LABEL: f_L57_kernel
// CHECK: int c = omp2cu::dev::declared_init_shared<omp2cu_reduction_isum_L37>(omp2cu_outer_c);
// CHECK: long s = omp2cu::dev::declared_init_shared<omp2cu_reduction_isum_L37_2>(omp2cu_outer_s);
// CHECK: omp2cu::dev::declared_combine<omp2cu_reduction_isum_L37>(&omp2cu_outer_c, c);

#ifdef BAD
struct big {
  int bins[100];
};
#pragma omp declare reduction(bigsum : struct big : omp_out.bins[0] += omp_in.bins[0])
static int wgt = 2;
static int weighted(int a, int b) { return a + wgt * b; }
#pragma omp declare reduction(wsum : int : omp_out = weighted(omp_out, omp_in))
void h(int n, struct big *out, int *w) {
  struct big b = {{0}};
  int s = 0;
#pragma omp target teams distribute parallel for reduction(bigsum : b) reduction(wsum : s)
  for (int i = 0; i < n; ++i) {
    b.bins[0] += i;
    s += i;
  }
  *out = b;
  *w = s;
}
// BAD: declare_reduction.c:[[@LINE-8]]:69: error: the reduction 'bigsum' declared at line [[@LINE-15]] cannot be used in a target region: its type is larger than 256 bytes (kernels combine one value per warp in shared memory)
// BAD: declare_reduction.c:[[@LINE-9]]:89: error: the reduction 'wsum' declared at line [[@LINE-13]] cannot be used in a target region: its combiner calls 'weighted', which uses the global variable 'wgt'
#define DECLARE _Pragma("omp declare reduction(viamacro : int : omp_out += omp_in)")
DECLARE
void g(int n, int *out) {
#pragma omp declare reduction(local : int : omp_out += omp_in)
  int b = 0, c = 0, arr[4] = {0};
#pragma omp target teams distribute parallel for reduction(local : b) reduction(viamacro : c) \
    reduction(isum : arr)
  for (int i = 0; i < n; ++i) {
    b += i;
    c += i;
    arr[i % 4] += i;
  }
  out[0] = b + c + arr[0];
}
// BAD: declare_reduction.c:[[@LINE-9]]:68: error: the reduction 'local' declared at line [[@LINE-11]] cannot be used in a target region: it is declared inside a function or class (declare it at file or namespace scope)
// BAD: declare_reduction.c:[[@LINE-10]]:92: error: the reduction 'viamacro' declared at line [[@LINE-14]] cannot be used in a target region: its directive is written by a macro or with _Pragma
// BAD: declare_reduction.c:[[@LINE-10]]:22: error: a reduction of an array or array section with a declared reduction is not supported yet
// BAD-NOT: error:
#endif
