// A call of the OpenMP API in a macro's argument is pointed at the runtime where the argument is
// written; one in a macro's definition cannot be (the edit would change every use of the macro):
// it is reported, never left calling the host OpenMP library's function.
// RUN: not %omp2cu %s -o - 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not %omp2cu %s -o - -- -DHOST 2>&1 | FileCheck %s --check-prefix=HOST
#include <omp.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define TID omp_get_thread_num()
#define NDEV omp_get_num_devices()
int f(int *a) {
#ifdef HOST
  int devices = NDEV;
#else
  int devices = MAX(omp_get_num_devices(), 1);
#endif
#pragma omp target parallel map(tofrom: a[0:64])
  {
    a[MAX(omp_get_thread_num(), 0)] = 1;
#ifndef HOST
    a[TID] += 1;
#endif
  }
  return devices;
}
#ifdef DEVICE_CLAUSE
#define DEV omp_get_default_device()
void g(int *a) {
#pragma omp target device(DEV) map(tofrom: a[0:64])
  a[0] = 1;
}
#endif
// KERNEL-NOT: error: {{.*}}:14:
// KERNEL-NOT: error: {{.*}}:18:
// KERNEL: api_in_macro.c:20:7: error: a call of 'omp_get_thread_num' written in the definition of a macro cannot be pointed at omp2cu's runtime; call it outside the macro
// KERNEL-NOT: error:
// HOST: api_in_macro.c:12:17: error: a call of 'omp_get_num_devices' written in the definition of a macro cannot be pointed at omp2cu's runtime; call it outside the macro
// HOST-NOT: error:
// A call in a macro's definition in a device clause (host code) is reported too.
// RUN: not %omp2cu %s -o - -- -DDEVICE_CLAUSE 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: api_in_macro.c:28:27: error: a call of 'omp_get_default_device' written in the definition of a macro cannot be pointed at omp2cu's runtime; call it outside the macro
