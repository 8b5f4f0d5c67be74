/* The OpenMP API in target regions beyond the thread and team numbers: timing, ICV queries and
 * setters, levels, ancestors and team sizes, in SPMD code, the sequential code of a target region,
 * nested parallel regions, a generic-mode kernel and a function that kernels call. Each line is a
 * property that OpenMP gives on every device (so the host fallback of the reference prints the
 * same) with the values it rests on where those agree too.
 * omp2cu-e2e: compile
 * omp2cu-e2e: generic (the members of the generic-mode team and region objects) */
#include <omp.h>
#include <stdio.h>

#define N 4

/* Called from kernels: answers for the calling thread. */
static int own_ancestry(void) {
  int level = omp_get_level();
  return omp_get_ancestor_thread_num(level) == omp_get_thread_num() &&
         omp_get_team_size(level) == omp_get_num_threads() && omp_get_ancestor_thread_num(0) == 0 &&
         omp_get_team_size(0) == 1 && omp_get_ancestor_thread_num(level + 1) == -1 &&
         omp_get_team_size(-1) == -1;
}

int main(void) {
  int seq[16] = {0}, par[N][8] = {{0}}, nested[N][4] = {{0}}, gen[N][4] = {{0}};
  double elapsed = -1.0;

#pragma omp target map(tofrom: seq, elapsed)
  {
    double t0 = omp_get_wtime();
    double tick = omp_get_wtick();
    seq[0] = tick > 0.0 && tick <= 1e-3;
    seq[1] = omp_get_supported_active_levels() >= 1;
    omp_set_max_active_levels(0);
    seq[2] = omp_get_max_active_levels();
    omp_set_max_active_levels(1);
    seq[3] = omp_get_max_active_levels();
    omp_set_schedule(omp_sched_dynamic, 4);
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    seq[4] = kind == omp_sched_dynamic && chunk == 4;
    seq[5] = omp_get_num_procs() >= 1;
    seq[6] = omp_in_final();
    omp_set_dynamic(0);
    seq[7] = omp_get_dynamic();
    seq[8] = omp_get_cancellation();
    seq[9] = omp_get_proc_bind() == omp_proc_bind_false;
    seq[10] = omp_get_max_task_priority();
    seq[11] = omp_get_active_level();
    seq[12] = omp_get_ancestor_thread_num(0) == 0 && omp_get_ancestor_thread_num(1) == -1;
    seq[13] = omp_get_team_size(0) == 1 && omp_get_team_size(1) == -1;
    seq[14] = own_ancestry();
    double t1 = omp_get_wtime();
    elapsed = t1 - t0;
  }
  printf("sequential:");
  for (int k = 0; k < 15; ++k)
    printf(" %d", seq[k]);
  printf("\nclock runs forward: %d\n", elapsed >= 0.0);

  /* SPMD: each thread of a parallel region of N threads. */
#pragma omp target parallel num_threads(N) map(tofrom: par)
  {
    int t = omp_get_thread_num();
    if (omp_get_num_threads() == N) {
      par[t][0] = omp_get_level();
      par[t][1] = omp_get_active_level();
      par[t][2] = omp_get_ancestor_thread_num(1) == t;
      par[t][3] = omp_get_team_size(1);
      par[t][4] = omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1;
      par[t][5] = omp_get_ancestor_thread_num(2) == -1 && omp_get_team_size(2) == -1;
      par[t][6] = own_ancestry();
      par[t][7] = omp_get_wtime() >= 0.0;
    }
  }
  /* A parallel region nested in another runs with one thread at level 2. */
#pragma omp target parallel num_threads(N) map(tofrom: nested)
  {
    int outer = omp_get_thread_num();
    if (omp_get_num_threads() == N) {
#pragma omp parallel num_threads(1)
      {
        nested[outer][0] = omp_get_level();
        nested[outer][1] = omp_get_ancestor_thread_num(1) == outer &&
                           omp_get_ancestor_thread_num(2) == 0;
        nested[outer][2] = omp_get_team_size(1) == N && omp_get_team_size(2) == 1;
        nested[outer][3] = omp_get_active_level();
      }
    }
  }
  /* Generic mode: sequential code of the target region (it writes mapped memory), then a
     parallel region. */
  int first = -1;
#pragma omp target map(tofrom: gen, first)
  {
    first = omp_get_ancestor_thread_num(0) + omp_get_team_size(1);
    int before = omp_get_level() + omp_get_active_level() + omp_get_team_size(0);
#pragma omp parallel num_threads(N)
    {
      int t = omp_get_thread_num();
      if (omp_get_num_threads() == N) {
        gen[t][0] = before;
        gen[t][1] = omp_get_ancestor_thread_num(1) == t && omp_get_team_size(1) == N;
        gen[t][2] = omp_get_active_level();
        gen[t][3] = omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(3) == -1;
      }
    }
  }
  printf("generic main thread: %d\n", first);
  for (int t = 0; t < N; ++t) {
    printf("thread %d:", t);
    for (int k = 0; k < 8; ++k)
      printf(" %d", par[t][k]);
    printf(" | nested:");
    for (int k = 0; k < 4; ++k)
      printf(" %d", nested[t][k]);
    printf(" | generic:");
    for (int k = 0; k < 4; ++k)
      printf(" %d", gen[t][k]);
    printf("\n");
  }
  return 0;
}
