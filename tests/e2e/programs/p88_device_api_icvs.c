/* The rest of the OpenMP API that target regions may call: omp_set_num_threads in the team's
 * code (the threads of its next parallel regions: the kernel runs in generic mode), the places
 * routines (a GPU thread is bound to no place), omp_get/set_nested, omp_get/set_max_teams and the
 * teams thread limit, omp_get/set_default_allocator (omp_null_allocator then stands for it)
 * (omp_init_lock_with_hint is left out: libgomp 12 does not define it). Each line is a property that OpenMP gives on every device (the host
 * fallback of the reference prints the same) with the values it rests on where those agree.
 * omp2cu-e2e: compile */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int seq[12] = {0}, threads[4] = {0}, places[6] = {0};

  /* omp_set_num_threads in the code of a target region, between parallel regions. */
#pragma omp target map(tofrom: seq, threads)
  {
    omp_set_num_threads(3);
    seq[0] = omp_get_max_threads();
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0) {
        threads[0] = omp_get_num_threads();
        seq[10] = omp_get_max_threads(); /* the region's threads inherit nthreads-var */
      }
    }
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0)
        threads[1] = omp_get_num_threads();
    }
#pragma omp parallel
    {
#pragma omp atomic
      threads[2] += 1;
    }
    omp_set_num_threads(0 + 1);
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0)
        threads[3] = omp_get_num_threads();
    }
    omp_set_nested(1);
    seq[1] = omp_get_nested() == (omp_get_max_active_levels() > 1);
    omp_set_nested(0);
    seq[2] = omp_get_nested();
    seq[3] = omp_get_max_active_levels();
    omp_set_num_teams(5);
    seq[4] = omp_get_max_teams();
    omp_set_teams_thread_limit(7);
    seq[5] = omp_get_teams_thread_limit();
    omp_allocator_handle_t before = omp_get_default_allocator();
    omp_set_default_allocator(omp_low_lat_mem_alloc);
    seq[6] = omp_get_default_allocator() == omp_low_lat_mem_alloc;
    double *p = (double *)omp_alloc(4 * sizeof(double), omp_null_allocator);
    seq[7] = p != 0;
    if (p) {
      for (int k = 0; k < 4; ++k)
        p[k] = k * 0.5;
      seq[8] = p[3] == 1.5;
      omp_free(p, omp_null_allocator);
    }
    omp_set_default_allocator(before);
    seq[9] = omp_get_default_allocator() == before;
  }
  printf("sequential:");
  for (int k = 0; k < 11; ++k)
    printf(" %d", seq[k]);
  printf("\nthreads: %d %d %d %d\n", threads[0], threads[1], threads[2], threads[3]);

  /* Places, from a parallel region of a target region. */
#pragma omp target parallel num_threads(2) map(tofrom: places)
  {
    if (omp_get_thread_num() == 0) {
      int n = omp_get_num_places(), ids[64] = {0};
      places[0] = n >= 0;
      places[1] = omp_get_place_num() >= -1 && omp_get_place_num() < (n > 0 ? n : 1);
      places[2] = omp_get_partition_num_places() <= n;
      places[3] = omp_get_place_num_procs(n) == 0; /* no such place */
      omp_get_place_proc_ids(n, ids);              /* writes nothing */
      places[4] = ids[0] == 0;
      int nums[64] = {0};
      if (omp_get_partition_num_places() <= 64)
        omp_get_partition_place_nums(nums);
      places[5] = nums[0] >= 0;
    }
  }
  printf("places: %d %d %d %d %d %d\n", places[0], places[1], places[2], places[3], places[4],
         places[5]);

  return 0;
}
