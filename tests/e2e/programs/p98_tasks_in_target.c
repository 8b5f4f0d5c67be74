/* Tasks inside target regions: each task runs at once (undeferred) on the executor that makes
 * it, which OpenMP allows, so depend, taskwait and taskgroup hold by construction. The data
 * sharing is OpenMP's: variables private where the task is made (locals of the parallel region
 * or of the target region's code, loop variables) are the task's firstprivate copies, what it
 * writes to them stays inside; variables shared there stay shared; explicit clauses and
 * default(firstprivate). Tasks in the code of a target region, of a parallel region under
 * single and master (of one team and of several), in a taskgroup; a critical inside single.
 * In the target region's own code (no parallel region) even a mapped array is firstprivate in a
 * task that does not list it (GCC and Clang agree; the second task changes a copy of a). The
 * reference is GCC's: Clang 19's host fallback loses `total` and runs two of the four teams.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 32

int main(void) {
  int a[N] = {0}, b[N] = {0}, hits = 0, local_after = -1;

  // Target-level code: a chain of tasks with depend, then taskwait.
#pragma omp target map(tofrom: a, local_after)
  {
    int local = 7;
#pragma omp task depend(out: a) shared(a)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp task depend(inout: a)
    {
      for (int i = 0; i < N; i++)
        a[i] += local;
      local = 100; // firstprivate: the region's local keeps 7
    }
#pragma omp taskwait
    local_after = local;
  }

  // A parallel region: one thread makes the tasks, each on its own element.
  int total = 0;
#pragma omp target parallel num_threads(4) map(tofrom: b, total, hits)
  {
    int mine = 3;
#pragma omp single
    {
      for (int i = 0; i < N; i++) {
#pragma omp task shared(b)
        {
          b[i] = i * mine; // i and mine: firstprivate
          mine = -1;
        }
      }
#pragma omp taskwait
#pragma omp critical
      hits += mine;
    }
#pragma omp master
    {
#pragma omp taskgroup
      {
#pragma omp task default(firstprivate) shared(total)
        {
          int s = 0;
          for (int i = 0; i < N; i++)
            s += b[i];
          total = s;
          mine = 0;
        }
      }
    }
  }

  // Teams: in each team's parallel region one thread makes a task.
  int per_team[4] = {0}, copies = 0;
#pragma omp target teams num_teams(4) map(tofrom: per_team, copies)
#pragma omp parallel num_threads(2)
  {
    int t = 0;
#pragma omp single
    {
#pragma omp task shared(per_team)
      {
        t = 1;
        per_team[omp_get_team_num()] += 10;
      }
#pragma omp atomic
      copies += t == 0; // t was the task's copy
    }
  }

  long sa = 0;
  for (int i = 0; i < N; i++)
    sa += a[i];
  printf("a %ld local %d total %d hits %d teams %d %d %d %d copies %d\n", sa, local_after, total,
         hits, per_team[0], per_team[1], per_team[2], per_team[3], copies);
  return 0;
}
