/* declare mapper: the default mapper of a type in the implicit maps of target constructs and in
 * map clauses, named mappers through the mapper modifier, whose map types decay with the
 * clause's (a mapper that maps data 'to' only keeps the device's writes on the device; in exit
 * data, what it moves neither way is released), target enter/exit data and target update
 * through mappers (the update of a struct and its data, with the present modifier), and an
 * item that a pointer points to.
 * No reference compiler here gets these right (GCC 12 does not know declare mapper; Clang 19's
 * host offloading attaches no pointer through a mapper, so kernels write the host's data): the
 * output below follows OpenMP's semantics with separate host and device copies, by hand.
 * expect: 1 36
 * expect: 2 36
 * expect: 3 56
 * expect: 4 36
 * expect: 5 360
 * expect: 6 8
 * expect: 7 24
 * expect: 8 36
 * expect: 9 36
 * omp2cu-e2e: compile; omp2cu-e2e: reference self */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *data;
} vec_t;

#pragma omp declare mapper(vec_t v) map(v, v.data[0:v.len])
#pragma omp declare mapper(in : vec_t v) map(to : v, v.data[0:v.len])
#pragma omp declare mapper(out : vec_t v) map(to : v) \
                                          map(from : v.data[0:v.len])

static void fill(vec_t *s, double x) {
  for (int i = 0; i < s->len; i++)
    s->data[i] = x + i;
}

static double sum(const vec_t *s) {
  double t = 0;
  for (int i = 0; i < s->len; i++)
    t += s->data[i];
  return t;
}

int main(void) {
  const int n = 8;
  vec_t a = {n, calloc(n, sizeof(double))};
  vec_t b = {n, calloc(n, sizeof(double))};
  vec_t *pb = &b;

  // The implicit map of a takes the default mapper: its data comes back.
#pragma omp target
  fill(&a, 1.0);
  printf("1 %g\n", sum(&a));

  // Mapper 'in' maps the data to the device only: what the kernel writes stays there.
#pragma omp target map(mapper(in), tofrom: a)
  fill(&a, 100.0);
  printf("2 %g\n", sum(&a));

  // Mapper 'out' for what pb points to: the data comes from the device only.
  for (int i = 0; i < n; i++)
    b.data[i] = 5;
#pragma omp target map(mapper(out), tofrom: *pb)
  for (int i = 0; i < pb->len; i++)
    pb->data[i] = 2 * i;
  printf("3 %g\n", sum(&b));

  // Enter data through the default mapper; the region's implicit map finds a present.
#pragma omp target enter data map(to: a)
#pragma omp target
  for (int i = 0; i < a.len; i++)
    a.data[i] *= 10;
  printf("4 %g\n", sum(&a));
#pragma omp target update from(a)
  printf("5 %g\n", sum(&a));

  for (int i = 0; i < n; i++)
    a.data[i] = 1;
#pragma omp target update to(mapper(in): a)
#pragma omp target
  for (int i = 0; i < a.len; i++)
    a.data[i] += i;
  // from decays with 'in' (to) to nothing: a is released, the host keeps its values.
#pragma omp target exit data map(mapper(in), from: a)
  printf("6 %g\n", sum(&a));

  // Not present any more: mapped again, and copied back.
#pragma omp target
  for (int i = 0; i < a.len; i++)
    a.data[i] *= 3;
  printf("7 %g\n", sum(&a));

  for (int i = 0; i < n; i++)
    b.data[i] = i;
#pragma omp target data map(alloc: b)
  {
#pragma omp target update to(present: b)
#pragma omp target
    for (int i = 0; i < b.len; i++)
      b.data[i] += 1;
    // Mapper 'out' moves the data from the device, not b itself.
#pragma omp target update from(mapper(out): b)
    printf("8 %g\n", sum(&b));
  }
  printf("9 %g\n", sum(&b));
  free(a.data);
  free(b.data);
  return 0;
}
