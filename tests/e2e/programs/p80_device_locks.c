/* OpenMP locks in target regions: a simple lock that serializes non-atomic updates of the
 * threads of a parallel region and of all teams of a device (a lock mapped from the host and
 * initialized by an earlier region), a nestable lock taken three times by its owner,
 * omp_test_lock and omp_test_nest_lock. The counts must be exact.
 * omp2cu-e2e: compile
 * omp2cu-e2e: generic (the lock calls of the main thread and of the workers) */
#include <omp.h>
#include <stdio.h>

#define ROUNDS 50

int main(void) {
  int count = 0, threads = 0, nested = 0, tested = 0, busy = -1;
#pragma omp target map(tofrom: count, threads, nested, tested, busy)
  {
    omp_lock_t l;
    omp_nest_lock_t nl;
    omp_init_lock(&l);
    omp_init_nest_lock(&nl);
#pragma omp parallel num_threads(8)
    {
      if (omp_get_thread_num() == 0)
        threads = omp_get_num_threads();
      for (int k = 0; k < ROUNDS; ++k) {
        omp_set_lock(&l);
        int seen = count; /* a read and a write apart: wrong counts without the lock */
        count = seen + 1;
        omp_unset_lock(&l);
      }
      omp_set_nest_lock(&nl);
      omp_set_nest_lock(&nl);
      if (omp_test_nest_lock(&nl) == 3) {
        int seen = nested;
        nested = seen + 1;
      }
      omp_unset_nest_lock(&nl);
      omp_unset_nest_lock(&nl);
      omp_unset_nest_lock(&nl);
    }
    omp_set_lock(&l);
    busy = omp_test_lock(&l); /* held: 0 */
    omp_unset_lock(&l);
    tested = omp_test_lock(&l); /* free: 1, and now held */
    omp_unset_lock(&l);
    omp_destroy_lock(&l);
    omp_destroy_nest_lock(&nl);
  }
  printf("parallel: %d of %d, nested %d of %d, test %d %d\n", count, ROUNDS * threads, nested,
         threads, tested, busy);

  /* One lock for every thread of every team. */
  omp_lock_t device_lock;
  long total = 0;
  int n = 2000;
#pragma omp target data map(tofrom: device_lock, total)
  {
#pragma omp target
    omp_init_lock(&device_lock);
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(64) map(tofrom: total)
    for (int i = 0; i < n; ++i) {
      omp_set_lock(&device_lock);
      long seen = total;
      total = seen + i;
      omp_unset_lock(&device_lock);
    }
#pragma omp target
    omp_destroy_lock(&device_lock);
  }
  printf("teams: %ld of %ld\n", total, (long)n * (n - 1) / 2);
  return 0;
}
