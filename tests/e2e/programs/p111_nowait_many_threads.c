/* Host threads offloading at once, each with its own deferred target tasks: the threads of a
 * parallel region (host tasks of the team) and POSIX threads outside parallel regions (the
 * runtime's helper threads), each a chain of `target enter data nowait`, kernels and
 * `target exit data nowait` on its own buffer ordered by depend clauses, and a kernel on a
 * buffer all threads map (present, reference counts moved from every thread). The present table
 * and the task engine are shared by all of them. Run many times (e2e.programs.*.stress) and
 * under ThreadSanitizer.
 * omp2cu-e2e: compile; omp2cu-e2e: reference gcc; omp2cu-e2e: stress; omp2cu-e2e: tsan */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

#define T 4
#define M 512
#define ROUNDS 6

static double buf[2 * T][M];
static double shared_in[M];
static double sums[2 * T];

static void rounds(int t) {
  double *v = buf[t];
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp target enter data map(to: v[0:M]) nowait depend(out: v[0])
#pragma omp target teams distribute parallel for map(to: shared_in[0:M]) nowait depend(inout: v[0])
    for (int i = 0; i < M; i++)
      v[i] = v[i] * 0.5 + shared_in[i] + r + t;
#pragma omp target exit data map(from: v[0:M]) nowait depend(inout: v[0])
  }
#pragma omp taskwait
  double s = 0;
  for (int i = 0; i < M; i++)
    s += v[i];
  sums[t] = s;
}

static void *worker(void *arg) {
  rounds((int)(long)arg);
  return NULL;
}

int main(void) {
  for (int i = 0; i < M; i++)
    shared_in[i] = i % 5;
  for (int t = 0; t < 2 * T; t++)
    for (int i = 0; i < M; i++)
      buf[t][i] = t + i * 0.25;
#pragma omp target enter data map(to: shared_in[0:M])

  // Threads of a team (as many as OMP_NUM_THREADS gives, up to T; each runs the rounds of its
  // share of the T buffers).
#pragma omp parallel
  {
    const int n = omp_get_num_threads() < T ? omp_get_num_threads() : T;
    for (int t = omp_get_thread_num(); t < T && omp_get_thread_num() < n; t += n)
      rounds(t);
  }
  // POSIX threads outside parallel regions.
  pthread_t th[T];
  for (int t = 0; t < T; t++)
    pthread_create(&th[t], NULL, worker, (void *)(long)(T + t));
  for (int t = 0; t < T; t++)
    pthread_join(th[t], NULL);

#pragma omp target exit data map(release: shared_in[0:M])
  for (int t = 0; t < 2 * T; t++)
    printf("buffer %d: %.4f\n", t, sums[t]);
  return 0;
}
