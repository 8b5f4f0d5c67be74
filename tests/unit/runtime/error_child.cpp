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
  if (!std::strcmp(What, "translate")) {
    host::TargetRegion R("kern_translate", "input.c", 42);
    R.map(A, 0, 10, MapKind::To, "A");
    R.translate(A + 10, "A_end_ok"); // One past the end: fine.
    R.translate(A + 50, "p");        // Into no mapped block: fatal.
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
