/* Device numbers: on the host omp_get_device_num() is the initial device, which is
   omp_get_num_devices() (OpenMP 5.1); constructs with device(omp_get_initial_device()) run on the
   host (OpenMP 5.0): target regions take their host fallback, and target data, enter / exit data
   and update do nothing (the host's data is the data). */
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int host = omp_get_initial_device();
  printf("initial device is num_devices: %d\n", host == omp_get_num_devices());
  printf("device_num on the host is the initial device: %d\n", omp_get_device_num() == host);

  int a[4] = {1, 2, 3, 4};
  int initial = -1, num = -1;
#pragma omp target device(omp_get_initial_device()) map(tofrom: a) map(from: initial, num)
  {
    for (int i = 0; i < 4; ++i)
      a[i] *= 2;
    initial = omp_is_initial_device();
    num = omp_get_device_num();
  }
  printf("device(initial): a = %d %d %d %d, on the host %d, device_num is initial %d\n", a[0],
         a[1], a[2], a[3], initial, num == host);

  /* Data directives on the host: nothing is copied, the host's values are the values. */
#pragma omp target data map(to: a) device(host)
  {
    a[0] = 100;
#pragma omp target device(host) map(tofrom: a)
    a[1] += a[0];
#pragma omp target update from(a) device(host)
  }
  printf("target data on the host: a = %d %d %d %d\n", a[0], a[1], a[2], a[3]);
#pragma omp target enter data map(to: a) device(host)
  a[2] = 7;
#pragma omp target exit data map(from: a) device(host)
  printf("enter / exit data on the host: a = %d %d %d %d\n", a[0], a[1], a[2], a[3]);

  /* The default device: a device when there is one. */
  int dn = -1;
#pragma omp target map(from: dn)
  dn = omp_get_device_num();
  printf("device_num in a target region is the default or the host: %d\n",
         dn == omp_get_default_device() || dn == host);
  return 0;
}
