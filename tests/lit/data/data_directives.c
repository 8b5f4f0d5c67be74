// The data directives run on the host: target data maps around its block (and
// names device copies for use_device_ptr), enter/exit/update call the runtime,
// device() and map modifiers are passed on, declare target variables are
// registered at the end of the file, the device-memory API is the runtime's.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#include <omp.h>
#pragma omp declare target
double table[64];
#pragma omp end declare target
void f(int n, double *u, double *v, int dev) {
  double *buf = (double *)omp_target_alloc(n * sizeof(double), dev);
#pragma omp target enter data map(to: u[0:n]) map(alloc: v[0:n]) device(dev)
#pragma omp target data map(always, tofrom: u[0:n]) use_device_ptr(u) if(n > 10)
  {
    (void)u;
  }
#pragma omp target teams distribute parallel for map(present, to: u[0:n]) is_device_ptr(buf) device(dev)
  for (int i = 0; i < n; i++)
    buf[i] = u[i] + table[i % 64];
#pragma omp target update from(v[0:n / 2]) device(dev)
#pragma omp target exit data map(from: u[0:n]) map(delete: v[0:n]) device(dev)
  omp_target_free(buf, dev);
}
// CHECK: __global__ void f_L17_kernel(const int n, double *buf, const double *u, double (*omp2cu_table)[64])
// CHECK: double *buf = (double *)omp2cu::omp_target_alloc(n * sizeof(double), dev);
// CHECK: const omp2cu::host::Where omp2cu_where{"target enter data", "data_directives.c", 12};
// CHECK-NEXT: omp2cu::host::enter_data(u, 0, n, omp2cu::MapKind::To, 0u, "u", omp2cu_where, (dev));
// CHECK-NEXT: omp2cu::host::enter_data(v, 0, n, omp2cu::MapKind::Alloc, 0u, "v", omp2cu_where, (dev));
// CHECK: omp2cu::host::TargetRegion omp2cu_data_L13("target data", "data_directives.c", 13);
// CHECK-NEXT: if (n > 10) {
// CHECK-NEXT: omp2cu_data_L13.map(u, 0, n, omp2cu::MapKind::ToFrom, "u", omp2cu::ModAlways);
// CHECK: { auto *omp2cu_outer_u = u; auto *u = omp2cu_data_L13.device_address(omp2cu_outer_u);
// CHECK: omp2cu_data_L13.end();
// CHECK: // The device clause, evaluated once.
// CHECK-NEXT: const int omp2cu_device = (dev);
// CHECK-NEXT: // omp2cu: '#pragma omp target teams distribute parallel for map(present, to: u[0:n]) is_device_ptr(buf) device(dev)' (data_directives.c:17) runs as f_L17_kernel
// CHECK-NEXT: if (!omp2cu::host::runs_on_host(omp2cu_device)) {
// CHECK-NEXT: omp2cu::host::TargetRegion omp2cu_region("f_L17_kernel", "data_directives.c", 17, omp2cu_device);
// CHECK: omp2cu_region.map(u, 0, n, omp2cu::MapKind::To, "u", omp2cu::ModPresent);
// CHECK: omp2cu_region.map(&table, 0, 1, omp2cu::MapKind::ToFrom, "table");
// CHECK: omp2cu_region.launch(f_L17_kernel, omp2cu_cfg, n, buf, omp2cu_dev_u, omp2cu_dev_table);
// CHECK: omp2cu::host::update_from(v, 0, n / 2, 0u, "v", omp2cu_where, (dev));
// CHECK: omp2cu::host::exit_data(u, 0, n, omp2cu::MapKind::From, 0u, "u", omp2cu_where, (dev));
// CHECK-NEXT: omp2cu::host::exit_data(v, 0, n, omp2cu::MapKind::Delete, 0u, "v", omp2cu_where, (dev));
// CHECK: omp2cu::omp_target_free(buf, dev);
// CHECK: static omp2cu::host::DeclareTarget<decltype(table)> omp2cu_declare_target_table(&table, 1, "table");
