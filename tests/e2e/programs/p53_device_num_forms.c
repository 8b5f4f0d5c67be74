/* omp_get_device_num() and omp_get_num_devices() inside target regions of every form, on every
   device and on the initial device: in a region on device d, omp_get_device_num() is d (OpenMP
   5.2 sec. 18.7.5; on the initial device the host's answer, the initial device number) and
   omp_get_num_devices() the number of devices. The forms: the sequential code of a target
   region, the teams of target teams, the threads of target parallel, the iterations of a
   combined loop, a nested parallel region and a parallel region inside the sequential code of a
   team (generic mode). The output is the same for any number of devices
   (tests/e2e/test_device_env.sh runs it with several). */
#include <omp.h>
#include <stdio.h>

/* Regions that reported another device on device d, per form. */
static int bad[6];

static void check_on(int d, int nd) {
  int seq = 0, teams = 0, par = 0, loop = 0, nested = 0, generic = 0;
#pragma omp target device(d) map(tofrom: seq)
  seq += omp_get_device_num() != d || omp_get_num_devices() != nd;

#pragma omp target teams num_teams(3) device(d) reduction(+: teams)
  teams += omp_get_device_num() != d || omp_get_num_devices() != nd;

#pragma omp target parallel num_threads(5) device(d) reduction(+: par)
  par += omp_get_device_num() != d || omp_get_num_devices() != nd;

#pragma omp target teams distribute parallel for device(d) reduction(+: loop)
  for (int i = 0; i < 100; ++i)
    loop += omp_get_device_num() != d || omp_get_num_devices() != nd;

#pragma omp target parallel num_threads(3) device(d) reduction(+: nested)
  {
#pragma omp parallel num_threads(2) reduction(+: nested)
    nested += omp_get_device_num() != d || omp_get_num_devices() != nd;
  }

#pragma omp target teams num_teams(2) device(d) reduction(+: generic)
  {
    int here = omp_get_device_num() != d;
#pragma omp parallel num_threads(4) reduction(+: generic)
    generic += here || omp_get_device_num() != d || omp_get_num_devices() != nd;
  }

  bad[0] += seq != 0;
  bad[1] += teams != 0;
  bad[2] += par != 0;
  bad[3] += loop != 0;
  bad[4] += nested != 0;
  bad[5] += generic != 0;
}

int main(void) {
  static const char *forms[6] = {"target",
                                 "target teams",
                                 "target parallel",
                                 "target teams distribute parallel for",
                                 "nested parallel",
                                 "parallel in a team's sequential code"};
  const int nd = omp_get_num_devices();
  for (int d = 0; d <= nd; ++d) /* every device, then the initial device */
    check_on(d, nd);
  for (int f = 0; f < 6; ++f)
    printf("device numbers in %s: %s\n", forms[f], bad[f] ? "WRONG" : "ok");
  return 0;
}
