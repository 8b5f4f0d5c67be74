// Compiled by nvcc (runtime.nvcc_compile): a translation unit shaped like generated code that uses
// every device function of the runtime ABI, for several types, plus the host launch sequence.
#include <omp2cu/omp2cu.h>

using namespace omp2cu;

namespace {

struct Pair {
  int a;
  double b;
};

__host__ __device__ int both_sides(int x) {
  return x + omp2cu::omp_get_thread_num() + omp2cu::omp_is_initial_device();
}

template <class T> __device__ void reductions(T *out, T v) {
  const unsigned Scopes[] = {Lanes, Threads | Lanes, Threads};
  for (unsigned S : Scopes) {
    T R = dev::allreduce<op::Plus>(v, S);
    R += dev::allreduce<op::Times>(v, S);
    R += dev::allreduce<op::Min>(v, S);
    R += dev::allreduce<op::Max>(v, S);
    R += dev::allreduce<op::LogAnd>(v, S);
    R += dev::allreduce<op::LogOr>(v, S);
    out[S] = R;
  }
  dev::atomic_combine<op::Plus>(out, v);
  dev::atomic_combine<op::Times>(out, v);
  dev::atomic_combine<op::Min>(out, v);
  dev::atomic_combine<op::Max>(out, v);
  dev::atomic_combine<op::LogAnd>(out, v);
  dev::atomic_combine<op::LogOr>(out, v);
}

template <class T> __device__ void bitwise(T *out, T v) {
  out[1] = dev::allreduce<op::BitAnd>(v, Threads | Lanes) |
           dev::allreduce<op::BitOr>(v, Lanes) ^ dev::allreduce<op::BitXor>(v, Threads);
  dev::atomic_combine<op::BitAnd>(out, v);
  dev::atomic_combine<op::BitOr>(out, v);
  dev::atomic_combine<op::BitXor>(out, v);
}

template <class T> __device__ void atomics(T *p, T v) {
  dev::atomic_write(p, v);
  T Old = dev::atomic_update(p, [v](T x) { return x * v + T(1); });
  dev::atomic_write(p + 1, static_cast<T>(Old + dev::atomic_read(static_cast<const T *>(p))));
  // atomic compare: a compare-and-swap, a minimum and a maximum.
  const auto C = dev::atomic_compare_exchange(p + 2, T(0), v);
  if (!C.exchanged)
    dev::atomic_fetch<op::Max>(p + 3, C.old);
  dev::atomic_fetch<op::Min>(p + 4, v);
}

__global__ void everything(int *ia, unsigned *ua, long long *la, unsigned long long *ula,
                           float *fa, double *da, short *sa, signed char *ca, long n,
                           Pair *pairs) {
  const u64 Trip = loop::trip_count<long>(0, n, 1, loop::LT);
  for (u64 Iv = dev::ws_id(Teams | Threads | Lanes); Iv < Trip;
       Iv += dev::ws_count(Teams | Threads | Lanes)) {
    const long I = loop::value<long>(0, 1, Iv);
    da[I] = both_sides(static_cast<int>(I));
  }
  const u64 Pt = loop::trip_count<double *>(da, da + n, 2, loop::NE);
  if (Pt > 0)
    *loop::value<double *>(da, 2, Pt - 1) = 1.0;
  const int Id = static_cast<int>(dev::team_num() + dev::num_teams() + dev::thread_num() +
                                  dev::num_threads() + dev::lane() + dev::group_width());
  dev::sync_team();
  dev::sync_group();
  const Pair P = dev::group_broadcast(Pair{Id, 0.5});
  const double D = dev::group_broadcast(0.25 * Id);
  const char C = dev::group_broadcast(static_cast<char>(Id));
  pairs[Id] = {P.a + C, P.b + D};

  reductions(ia, Id);
  reductions(ua, static_cast<unsigned>(Id));
  reductions(la, static_cast<long long>(Id));
  reductions(ula, static_cast<unsigned long long>(Id));
  reductions(fa, static_cast<float>(Id));
  reductions(da, static_cast<double>(Id));
  reductions(sa, static_cast<short>(Id));
  reductions(ca, static_cast<signed char>(Id));
  bitwise(ia, Id);
  bitwise(ua, static_cast<unsigned>(Id));
  bitwise(la, static_cast<long long>(Id));
  bitwise(ula, static_cast<unsigned long long>(Id));
  bitwise(sa, static_cast<short>(Id));
  atomics(ia, Id);
  atomics(ua, static_cast<unsigned>(Id));
  atomics(la, static_cast<long long>(Id));
  atomics(ula, static_cast<unsigned long long>(Id));
  atomics(fa, static_cast<float>(Id));
  atomics(da, static_cast<double>(Id));
  atomics(sa, static_cast<short>(Id));
  atomics(ca, static_cast<signed char>(Id));
  // reduction(inscan, ...): the buffer, its scan over the block and over a group, its release.
  for (unsigned Scope : {unsigned(Threads | Lanes), unsigned(Lanes)}) {
    double *Scan = dev::scan_buffer<double>(static_cast<u64>(n), Scope, "no room", __FILE__,
                                            __LINE__);
    for (u64 I = dev::ws_id(Scope); I < static_cast<u64>(n); I += dev::ws_count(Scope))
      Scan[I] = da[I];
    dev::scan_inclusive<op::Plus>(Scan, static_cast<u64>(n), 1.0, Scope);
    dev::scan_inclusive<op::Max>(Scan, static_cast<u64>(n), 0.0, Scope);
    da[Id] = Scan[n - 1];
    dev::scan_release(Scan, Scope);
  }
  int *Slot = dev::atomic_compare_exchange(reinterpret_cast<int **>(la), static_cast<int *>(nullptr), ia).old;
  dev::atomic_fetch<op::Max>(reinterpret_cast<int **>(ula), Slot);

  ia[0] = omp2cu::omp_get_team_num() + omp2cu::omp_get_num_teams() +
          omp2cu::omp_get_thread_num() + omp2cu::omp_get_num_threads() +
          omp2cu::omp_get_max_threads() + omp2cu::omp_is_initial_device() +
          omp2cu::omp_get_thread_limit() + omp2cu::omp_get_level() + omp2cu::omp_in_parallel() +
          omp2cu::omp_get_num_devices() + omp2cu::omp_get_device_num();
}

} // namespace

/// The host launch sequence, as generated for one target region.
void run_everything(int *ia, unsigned *ua, long long *la, unsigned long long *ula, float *fa,
                    double *da, short *sa, signed char *ca, long n, Pair *pairs) {
  host::TargetRegion R("everything", __FILE__, __LINE__);
  int *dia = R.map(ia, 0, 8, MapKind::ToFrom, "ia");
  unsigned *dua = R.map(ua, 0, 8, MapKind::To, "ua");
  long long *dla = R.map(la, 0, 8, MapKind::From, "la");
  unsigned long long *dula = R.map(ula, 0, 8, MapKind::Alloc, "ula");
  float *dfa = R.map(fa, 0, 8, MapKind::ToFrom, "fa");
  double *dda = R.map(da, 0, n, MapKind::ToFrom, "da");
  short *dsa = R.map(sa, 0, 8, MapKind::ToFrom, "sa");
  signed char *dca = R.map(ca, 0, 8, MapKind::ToFrom, "ca");
  Pair *dp = R.map(pairs, 0, 4096, MapKind::From, "pairs");
  double *mid = R.translate(da + n / 2, "mid");
  host::LaunchConfig Cfg;
  Cfg.teams = Cfg.parallel = Cfg.simd = true;
  Cfg.team_trip = loop::trip_count<long>(0, n, 1, loop::LT);
  Cfg.team_loop_spans_team = true;
  R.launch(everything, Cfg, dia, dua, dla, dula, dfa, mid - n / 2, dsa, dca, n, dp);
  (void)dda;
  R.end();
  const host::Geometry G = host::configure(Cfg);
  ia[0] += static_cast<int>(G.teams) + both_sides(omp2cu::omp_get_num_threads());
}

// Generic (master/worker) mode as generated: the state machine, team-shared variables in shared
// and in global memory, region barriers and allreduce, a critical section, the API of the main
// thread and of region threads, and of the SPMD team and nested contexts.
namespace {
struct TeamShared {
  int c1;
  double tile[64];
};
struct TooBig {
  char bytes[OMP2CU_SHARING_LIMIT + 1];
};
__device__ dev::CriticalLock omp2cu_critical_sum;

__device__ void region(dev::ParallelRegion omp2cu_par, double *out, int &c1, double (&tile)[64]) {
  for (u64 Iv = omp2cu_par.ws_id(Threads | Lanes); Iv < 64; Iv += omp2cu_par.ws_count(Threads | Lanes))
    tile[Iv] = Iv * c1;
  omp2cu_par.sync_team();
  double S = omp2cu_par.allreduce<op::Plus>(tile[omp2cu_par.thread_num() % 64], Threads);
  S += omp2cu_par.allreduce<op::Max>(S, Lanes | Threads);
  long long *Scan = omp2cu_par.scan_buffer<long long>(64, Threads | Lanes, "no room", __FILE__,
                                                      __LINE__);
  for (u64 Iv = omp2cu_par.ws_id(Threads | Lanes); Iv < 64; Iv += omp2cu_par.ws_count(Threads | Lanes))
    Scan[Iv] = static_cast<long long>(tile[Iv]);
  omp2cu_par.scan_inclusive<op::Plus>(Scan, 64, 3LL, Threads | Lanes);
  S += static_cast<double>(Scan[63]);
  omp2cu_par.scan_release(Scan, Threads | Lanes);
  omp2cu_par.sync_group();
  if (omp2cu_par.thread_num() == 0 && omp2cu_par.lane() == 0)
    dev::critical(omp2cu_critical_sum, [&] { out[0] += S; });
  out[1] = omp2cu_par.omp_get_thread_num() + omp2cu_par.omp_get_num_threads() +
           omp2cu_par.omp_get_level() + omp2cu_par.omp_in_parallel() +
           omp2cu_par.omp_get_max_threads() + omp2cu_par.omp_get_team_num();
}

template <class S>
__global__ void generic(dev::TeamSharing<S> omp2cu_sharing, double *out, int c1_arg) {
  __shared__ dev::GenericTeam omp2cu_team;
  __shared__ dev::SharingSpace<S> omp2cu_space;
  TeamShared &omp2cu_sh = reinterpret_cast<TeamShared &>(omp2cu_space.get(omp2cu_sharing));
  if (dev::is_generic_worker()) {
    dev::worker_loop(omp2cu_team, [&](int omp2cu_region, dev::ParallelRegion omp2cu_par) {
      switch (omp2cu_region) {
      case 1: region(omp2cu_par, out, omp2cu_sh.c1, omp2cu_sh.tile); break;
      }
    });
    return;
  }
  if (!dev::is_generic_main())
    return;
  dev::generic_begin(omp2cu_team);
  int &c1 = dev::assign(omp2cu_sh.c1, c1_arg + omp2cu_team.omp_get_thread_num() +
                                          omp2cu_team.omp_get_num_threads());
  dev::fork(omp2cu_team, 1, c1);
  dev::generic_end(omp2cu_team);
}

__device__ void simd_loop(double &sum, double &last, int len, const double *v) {
  len = dev::group_broadcast(len);
  v = dev::group_broadcast(v);
  double S = 0, L = 0;
  bool Last = false;
  for (u64 I = dev::ws_id(Lanes); I < static_cast<u64>(len); I += dev::ws_count(Lanes)) {
    S += v[I];
    L = v[I];
    Last = I == static_cast<u64>(len) - 1;
  }
  sum = dev::allreduce<op::Plus>(S, Lanes);
  last = dev::group_last(last, L, Last);
  last += dev::group_shuffle(Pair{1, 2.0}, 0).b;
}

/// Generic SIMD as generated: the main lane forks the simd loop, the others wait for it.
__global__ void generic_simd(const double *v, double *out) {
  if (dev::lane() != 0) {
    dev::simd_worker_loop([&](int omp2cu_simd) {
      switch (omp2cu_simd) {
      case 1: { double s{}, l{}; simd_loop(s, l, {}, {}); } break;
      }
    });
  } else {
    double Sum = 0, Last = -1;
    dev::simd_fork(1);
    simd_loop(Sum, Last, 10, v);
    out[dev::thread_num()] = Sum + Last;
    dev::simd_end();
  }
}

__global__ void spmd_shared(dev::TeamSharing<TooBig> omp2cu_sharing, double *out) {
  __shared__ dev::SharingSpace<TooBig> omp2cu_space;
  TooBig &omp2cu_sh = omp2cu_space.get(omp2cu_sharing);
  omp2cu_sh.bytes[dev::thread_num()] = 1;
  out[0] = omp2cu::team::omp_get_thread_num() + omp2cu::team::omp_get_max_threads() +
           omp2cu::nested::omp_get_level() + omp2cu::nested::omp_get_thread_num();
}
} // namespace

void run_generic(double *out) {
  host::TargetRegion R("generic", __FILE__, __LINE__);
  double *Dout = R.map(out, 0, 2, MapKind::ToFrom, "out");
  host::LaunchConfig Cfg;
  Cfg.teams = Cfg.parallel = Cfg.simd = Cfg.generic = true;
  R.launch_shared(generic<TeamShared>, Cfg, Dout, 3);
  R.launch_shared(generic<TooBig>, Cfg, Dout, 3);
  Cfg.generic = false;
  R.launch_shared(spmd_shared, Cfg, Dout);
  Cfg.generic_simd = true;
  R.launch(generic_simd, Cfg, static_cast<const double *>(Dout), Dout);
}

// The data environment as generated: declare target, target data with modifiers on a device,
// enter/exit data, update, use_device_addr and the device-memory API.
namespace {
double Coeffs[4] = {1, 2, 3, 4};
host::DeclareTarget<double> CoeffsDT(Coeffs, 4, "Coeffs");

__global__ void scale(double *a, const double *coeffs, long n) {
  for (u64 Iv = dev::ws_id(Teams | Threads); Iv < static_cast<u64>(n);
       Iv += dev::ws_count(Teams | Threads))
    a[Iv] *= coeffs[Iv % 4];
}
} // namespace

int run_data_environment(double *a, long n, int dev) {
  const host::Where W{"target enter data", __FILE__, __LINE__};
  host::enter_data(a, 0, n, MapKind::To, ModAlways, "a", W, dev);
  host::enter_data(static_cast<const double *>(a), 0, n, MapKind::Alloc, 0, "a", W);
  {
    host::TargetRegion Data("target data", __FILE__, __LINE__, dev);
    double *Da = Data.map(a, 0, n, MapKind::ToFrom, "a", ModPresent | ModClose);
    double *Addr = Data.device_address(a);
    host::TargetRegion R("scale", __FILE__, __LINE__, dev);
    const double *Dc = R.map(Coeffs, 0, 4, MapKind::To, "Coeffs");
    host::LaunchConfig Cfg;
    Cfg.teams = Cfg.parallel = true;
    R.launch(scale, Cfg, Da, Dc, n);
    R.end();
    host::update_from(a, 0, n / 2, 0, "a[0:n/2]", {"target update", __FILE__, __LINE__}, dev);
    host::update_to(Coeffs, 0, 4, ModPresent, "Coeffs", {"target update", __FILE__, __LINE__});
    (void)Addr;
  }
  host::exit_data(a, 0, n, MapKind::From, ModAlways, "a", W, dev);
  host::exit_data(a, 0, n, MapKind::Release, 0, "a", W);
  host::exit_data(a, 0, n, MapKind::Delete, 0, "a", W);

  const int Host = omp2cu::omp_get_initial_device();
  const int Dev = omp2cu::omp_get_default_device();
  omp2cu::omp_set_default_device(Dev);
  void *P = omp2cu::omp_target_alloc(64, Dev);
  int Rc = omp2cu::omp_target_memcpy(P, a, 64, 0, 0, Dev, Host);
  const size_t Vol[2] = {2, 2}, Off[2] = {0, 0}, Dim[2] = {4, 4};
  Rc += omp2cu::omp_target_memcpy_rect(P, a, sizeof(double), 2, Vol, Off, Off, Dim, Dim, Dev,
                                       Host);
  Rc += omp2cu::omp_target_is_present(a, Dev);
  Rc += omp2cu::omp_target_is_accessible(a, sizeof(int), Dev);
  Rc += omp2cu::omp_target_associate_ptr(a, P, 64, 0, Dev);
  Rc += omp2cu::omp_target_disassociate_ptr(a, Dev);
  omp2cu::omp_target_free(P, Dev);
  return Rc + omp2cu::omp_get_num_devices() + omp2cu::omp_get_device_num();
}
