/* C declarations that C++ reads otherwise (translator/frontend/CRespell.h): tentative definitions with
 * a later definition (two definitions in C++: the earlier ones become extern), array parameters
 * with `static` and qualifiers in their brackets, jumps (goto, switch) past an initialization into
 * its scope (C++ refuses them: written as a declaration and an assignment), in functions that
 * target regions call.
 * omp2cu-e2e: compile */
#include <stdio.h>

int tentative;
int tentative;
int counted;
int counted = 5;

static int sum(int n, const int a[static 4]) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

static void scale(int n, int a[const restrict static 1], int by) {
  for (int i = 0; i < n; ++i)
    a[i] *= by;
}

static int jump(int k) {
  if (k > 2)
    goto done;
  int twice = k * 2;
  k += twice;
done:
  return k;
}

static int choose(int k) {
  switch (k) {
  case 0:;
    int five = 5;
    return five;
  case 1:
    return 7;
  default:
    return -1;
  }
}

int main(void) {
  int v[4] = {1, 2, 3, 4}, r[6] = {0};
  tentative = 7;
#pragma omp target map(tofrom: r, v)
  {
    scale(4, v, 3);
    r[0] = sum(4, v);
    r[1] = v[3];
    r[2] = jump(1) + jump(5);
    r[3] = choose(0);
    r[4] = choose(1);
    r[5] = choose(2);
  }
  printf("%d %d %d %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4], r[5], tentative, counted);
  return 0;
}
