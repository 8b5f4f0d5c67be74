// Helper process for errors_test.cpp: runs one failing scenario (argv[1]) through the public
// runtime interface; the runtime must print its error and exit(1) before the end of main.
#include <omp2cu/omp2cu.h>

#include <cstdio>
#include <cstring>

using namespace omp2cu;

namespace {

__global__ void deadlock_kernel(int *) {
  if (dev::lane() == 0)
    dev::sync_group();
  else
    dev::sync_team();
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *What = argv[1];
  static int A[100];
  if (!std::strcmp(What, "struct_span")) {
    // S.a entered alone; a region lists S.a and S.b: their span is present only in part.
    static struct {
      int a[4];
      int b[4];
      int c;
    } S;
    const host::Where At{"target enter data", "input.c", 41};
    host::enter_data(S.a, 0, 4, MapKind::To, 0, "S.a", At);
    host::TargetRegion R("kern_struct", "input.c", 42);
    if (R.translate(A + 50, "p") != A + 50) // Into no mapped data: its own value.
      return 3;
    R.map_struct(&S, host::span_of(S.a, S.b), MapKind::To, "S"); // Fatal.
  } else if (!std::strcmp(What, "overlap")) {
    host::TargetRegion R("kern_overlap", "input.c", 7);
    R.map(A, 10, 20, MapKind::To, "x");
    R.map(A, 25, 10, MapKind::To, "y");
  } else if (!std::strcmp(What, "deadlock")) {
    host::TargetRegion R("kern_deadlock", "input.c", 99);
    host::LaunchConfig C;
    C.parallel = C.simd = true;
    C.num_threads = 4;
    C.simdlen = 8;
    R.launch(deadlock_kernel, C, A);
  } else if (!std::strcmp(What, "present_map")) {
    host::TargetRegion R("kern_present", "input.c", 5);
    R.map(A, 0, 10, MapKind::ToFrom, "x", ModPresent);
  } else if (!std::strcmp(What, "present_exit")) {
    host::exit_data(A, 0, 10, MapKind::From, ModPresent, "y", {"target exit data", "input.c", 6});
  } else if (!std::strcmp(What, "present_update")) {
    host::enter_data(A, 0, 10, MapKind::To, 0, "A", {"target enter data", "input.c", 7});
    host::update_to(A, 0, 10, ModPresent, "A", {"target update", "input.c", 8}); // Fine.
    host::update_from(A, 20, 5, ModPresent, "u", {"target update", "input.c", 9});
  } else if (!std::strcmp(What, "bad_device")) {
    host::TargetRegion R("kern_dev", "input.c", 11, 3);
  } else if (!std::strcmp(What, "initial_device_region")) {
    // A region on the host maps nothing (fine) but cannot launch a kernel.
    host::TargetRegion R("kern_host", "input.c", 12, omp2cu::omp_get_initial_device());
    if (R.map(A, 0, 10, MapKind::ToFrom, "A") != A)
      return 3;
    R.launch(deadlock_kernel, host::LaunchConfig{}, A);
  } else if (!std::strcmp(What, "present_member")) {
    // LLVM mapping/padding_not_mapped.c: s.x next to mapped members is not present.
    struct S {
      int x, y;
      double z;
    };
    static S s;
    const host::Where W{"target enter data", "input.c", 18};
    const host::Span Yz = host::span_of(s.y, s.z);
    host::enter_data(Yz.begin, 0, Yz.bytes, MapKind::Alloc, 0, "s", W);
    const host::Span X = host::span_of(s.x);
    host::enter_data(X.begin, 0, X.bytes, MapKind::Alloc, 0, "s", W);
    host::enter_member(&s.x, 0, 1, MapKind::Alloc, ModPresent, "s.x", W);
  } else if (!std::strcmp(What, "present_member_region")) {
    struct S {
      int x, y;
    };
    static S s;
    host::TargetRegion R("kern_member", "input.c", 19);
    R.map(&s, 0, 1, MapKind::Alloc, "s");
    R.map_member(&s.y, 0, 1, MapKind::To, "s.y", ModPresent);
  } else if (!std::strcmp(What, "present_zero_length")) {
    // LLVM mapping/present/zero_length_array_section_exit.c: arr[0:0] maps nothing.
    const host::Where W{"target exit data", "input.c", 20};
    host::enter_data(A, 0, 5, MapKind::Alloc, 0, "arr", W);
    host::exit_data(A, 0, 0, MapKind::Release, ModPresent, "arr[0:0]", W); // Fine.
    host::exit_data(A, 0, 5, MapKind::Release, 0, "arr", W);
    host::enter_data(A, 0, 0, MapKind::Alloc, 0, "arr[0:0]", W);
    host::exit_data(A, 0, 0, MapKind::Release, ModPresent, "arr[0:0]", W);
  } else if (!std::strcmp(What, "bad_default_device")) {
    omp2cu::omp_set_default_device(5);
    host::enter_data(A, 0, 10, MapKind::To, 0, "A", {"target enter data", "input.c", 13});
  } else if (!std::strcmp(What, "api_bad_device")) {
    void *P = omp2cu::omp_target_alloc(64, omp2cu::omp_get_initial_device()); // Fine: host.
    omp2cu::omp_target_free(P, omp2cu::omp_get_initial_device());
    omp2cu::omp_target_alloc(64, 7);
  } else if (!std::strcmp(What, "api_negative_device")) {
    omp2cu::omp_target_memcpy(A, A + 50, 4, 0, 0, omp2cu::omp_get_initial_device(), -3);
  } else if (!std::strcmp(What, "alloc_failure")) {
    host::TargetRegion R("kern_big", "input.c", 14);
    R.map(reinterpret_cast<char *>(A), 0, 1ull << 60, MapKind::Alloc, "huge");
  } else if (!std::strcmp(What, "release_in_region")) {
    host::TargetRegion R("kern_release", "input.c", 15);
    R.map(A, 0, 10, MapKind::Release, "r");
  } else if (!std::strcmp(What, "exit_overlap")) {
    host::enter_data(A, 0, 10, MapKind::To, 0, "A", {"target enter data", "input.c", 16});
    host::exit_data(A, 5, 10, MapKind::From, 0, "B", {"target exit data", "input.c", 17});
  } else if (!std::strcmp(What, "double_free")) {
    void *P = omp2cu::omp_target_alloc(64, 0);
    omp2cu::omp_target_free(P, 0);
    omp2cu::omp_target_free(P, 0);
  } else if (!std::strcmp(What, "free_interior")) {
    char *P = static_cast<char *>(omp2cu::omp_target_alloc(64, 0));
    omp2cu::omp_target_free(P + 16, 0);
  } else if (!std::strcmp(What, "free_other_device")) {
    void *P = omp2cu::omp_target_alloc(64, omp2cu::omp_get_initial_device());
    omp2cu::omp_target_free(P, 0);
  } else if (!std::strcmp(What, "memcpy_overrun")) {
    void *P = omp2cu::omp_target_alloc(64, 0);
    if (omp2cu::omp_target_memcpy(P, A, 64, 0, 0, 0, omp2cu::omp_get_initial_device()) != 0)
      return 3; // Fits.
    omp2cu::omp_target_memcpy(P, A, 16, 56, 0, 0, omp2cu::omp_get_initial_device());
  } else if (!std::strcmp(What, "memcpy_rect_overrun")) {
    host::enter_data(A, 0, 10, MapKind::To, 0, "A", {"target enter data", "input.c", 18});
    int *D = static_cast<int *>(host::device_table(0).lookup(A)); // 10 ints: 3x4 do not fit
    const std::size_t Vol[2] = {3, 4}, Off[2] = {0, 0}, DDims[2] = {3, 4}, SDims[2] = {4, 4};
    omp2cu::omp_target_memcpy_rect(A + 20, D, sizeof(int), 2, Vol, Off, Off, DDims, SDims,
                                   omp2cu::omp_get_initial_device(), 0);
  } else if (!std::strcmp(What, "ok")) {
    host::TargetRegion R("kern_ok", "input.c", 1);
    R.map(A, 0, 100, MapKind::ToFrom, "A");
    return 0;
  } else {
    return 2;
  }
  std::puts("not reached");
  return 0;
}
