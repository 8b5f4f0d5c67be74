// Static data members and namespace variables named with their qualifiers (B::scale, ns::bias)
// in target regions: the kernel's parameter of the same name is what they mean there (the host
// variable is not on the device; the output once named it), and the host fallback's
// firstprivate copy is what they mean in the fallback. omp2cu-e2e: compile
#include <omp.h>
#include <cstdio>

namespace ns {
double bias = 0.5;
}

class B {
public:
  static double scale;
  static int calls;
};

double B::scale = 3.0;
int B::calls = 0;

static void run(const char *how, double *v, int n) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i)
    v[i] = v[i] * B::scale + ns::bias;
  double r = 0;
#pragma omp target map(tofrom: r)
  {
    B::scale = 100.0; // firstprivate: the region's copy
    r = B::scale + ::ns::bias;
  }
  std::printf("%s: v[1]=%g v[%d]=%g r=%g scale=%g\n", how, v[1], n - 1, v[n - 1], r, B::scale);
}

int main() {
  double v[16];
  for (int i = 0; i < 16; ++i)
    v[i] = i;
  run("device", v, 16);
  omp_set_default_device(omp_get_initial_device());
  run("host", v, 16);
  return 0;
}
