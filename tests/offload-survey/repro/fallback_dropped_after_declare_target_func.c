// Found while reducing the build error of libgomp.c/target-teams-1.c.
// OpenMP 5.2 sec. 13.8 (target construct): "If the if clause expression
// evaluates to false, the target region is executed by the host device."
// After '#pragma omp declare target to(<function>)', omp2cu emits an EMPTY
// host-fallback body for later target regions, so the region is skipped.
#include <stdlib.h>
int baz (void) { return 5; }
#pragma omp declare target to (baz)

int main (void)
{
  int err = 1;
  #pragma omp target map(from: err) if (0)
  err = 0;
  if (err)
    abort ();
  return 0;
}
