// Reduced from libgomp.c/target-link-1.c.
// A 'declare target to/enter' variable has device storage for the whole
// program, present with an infinite reference count (OpenMP 5.2, declare
// target directive; sec. 5.8.3 map clause: if the corresponding list item is
// already present, no new storage is created and no assignment is done unless
// the always modifier is given).  So map(to: b) must NOT copy the host value 2
// over the device copy, which still holds the initial value 1.
#include <stdlib.h>
int b = 1;
#pragma omp declare target to (b)

int main (void)
{
  int res;
  b = 2;                          /* host copy only */
  #pragma omp target map (to: b) map (from: res)
  res = b;
  if (res != 1)                   /* omp2cu: res == 2 */
    abort ();
  return 0;
}
