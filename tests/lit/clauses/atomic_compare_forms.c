// Every form of `atomic compare` (OpenMP 5.1/5.2, and the spellings Clang also accepts): a minimum
// or maximum is one omp2cu::dev::atomic_fetch<op::Min/Max> (atomicMin/Max on 4/8-byte
// integers), an equality one omp2cu::dev::atomic_compare_exchange (atomicCAS); e and d are
// evaluated once and converted to x's type; a capture takes the old value, the new one, or the
// old one only where the comparison failed, and r whether x was replaced.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
enum level { LOW, HIGH };
void f(int n, int *x, unsigned *u, short *s, double *d, enum level *lv, int **p, int *v, long *lv2,
       unsigned char *r) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:8], u[0:1], s[0:2], d[0:2], lv[0:1], p[0:1], v[0:n], lv2[0:n], r[0:n])
  for (int i = 0; i < n; ++i) {
    int e = i;
    // cond-update-stmt and cond-expr-stmt, x on either side, braced or not.
#pragma omp atomic compare
    if (x[0] < e) { x[0] = e; }
// CHECK: { const auto omp2cu_e = e; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&x[0], (int)(omp2cu_e)); }
#pragma omp atomic compare
    if (e < x[1]) x[1] = e;
// CHECK: { const auto omp2cu_e = e; omp2cu::dev::atomic_fetch<omp2cu::op::Min>(&x[1], (int)(omp2cu_e)); }
#pragma omp atomic compare
    x[2] = e > x[2] ? e : x[2];
// CHECK: { const auto omp2cu_e = e; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&x[2], (int)(omp2cu_e)); }
#pragma omp atomic compare
    x[3] = x[3] > e ? e : x[3];
// CHECK: { const auto omp2cu_e = e; omp2cu::dev::atomic_fetch<omp2cu::op::Min>(&x[3], (int)(omp2cu_e)); }
#pragma omp atomic compare
    if (x[4] == e) { x[4] = e + 1; }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = e + 1; omp2cu::dev::atomic_compare_exchange(&x[4], (int)(omp2cu_e), (int)(omp2cu_d)); }
#pragma omp atomic compare
    if (e == x[4]) x[4] = 0;
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = 0; omp2cu::dev::atomic_compare_exchange(&x[4], (int)(omp2cu_e), (int)(omp2cu_d)); }
#pragma omp atomic compare
    x[5] = x[5] == -1 ? i : x[5];
// CHECK: { const auto omp2cu_e = -1; const auto omp2cu_d = i; omp2cu::dev::atomic_compare_exchange(&x[5], (int)(omp2cu_e), (int)(omp2cu_d)); }
#pragma omp atomic compare
    x[5] = 7 == x[5] ? 8 : x[5];
// CHECK: { const auto omp2cu_e = 7; const auto omp2cu_d = 8; omp2cu::dev::atomic_compare_exchange(&x[5], (int)(omp2cu_e), (int)(omp2cu_d)); }
    // e of another type: converted to x's type (unsigned here), as Clang compares.
#pragma omp atomic compare
    if (u[0] > i - 5) { u[0] = i - 5; }
// CHECK: { const auto omp2cu_e = i - 5; omp2cu::dev::atomic_fetch<omp2cu::op::Min>(&u[0], (unsigned int)(omp2cu_e)); }
    // 2-byte, floating, enumeration and pointer x.
#pragma omp atomic compare
    if (s[0] == 0) { s[0] = (short)i; }
// CHECK: { const auto omp2cu_e = 0; const auto omp2cu_d = (short)i; omp2cu::dev::atomic_compare_exchange(&s[0], (short)(omp2cu_e), (short)(omp2cu_d)); }
#pragma omp atomic compare
    if (d[0] < i * 0.5) { d[0] = i * 0.5; }
// CHECK: { const auto omp2cu_e = i * 0.5; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&d[0], (double)(omp2cu_e)); }
#pragma omp atomic compare
    if (lv[0] == LOW) { lv[0] = HIGH; }
// CHECK: { const auto omp2cu_e = LOW; const auto omp2cu_d = (enum level)(HIGH); omp2cu::dev::atomic_compare_exchange(&lv[0], (enum level)(omp2cu_e), (enum level)(omp2cu_d)); }
#pragma omp atomic compare
    if (p[0] == 0) { p[0] = &x[6]; }
// CHECK: { const auto omp2cu_e = 0; const auto omp2cu_d = &x[6]; omp2cu::dev::atomic_compare_exchange(&p[0], (int *)(omp2cu_e), (int *)(omp2cu_d)); }

    // Capture: the old value, the new value (as the comparison decided), the old value on failure
    // (in braces too, as Clang accepts), r, r and v; v and r of other types than x.
#pragma omp atomic compare capture
    { v[i] = x[0]; if (x[0] < e) { x[0] = e; } }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_old = omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&x[0], (int)(omp2cu_e)); v[i] = omp2cu_old; }
#pragma omp atomic compare capture
    { x[1] = e < x[1] ? e : x[1]; v[i] = x[1]; }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_old = omp2cu::dev::atomic_fetch<omp2cu::op::Min>(&x[1], (int)(omp2cu_e)); v[i] = omp2cu::op::Min::apply(omp2cu_old, (int)(omp2cu_e)); }
#pragma omp atomic compare capture
    { v[i] = x[2]; x[2] = x[2] == e ? 0 : x[2]; }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = 0; const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[2], (int)(omp2cu_e), (int)(omp2cu_d)); v[i] = omp2cu_r.old; }
#pragma omp atomic compare capture
    { if (x[3] == e) { x[3] = 2 * e; } lv2[i] = x[3]; }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = 2 * e; const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[3], (int)(omp2cu_e), (int)(omp2cu_d)); lv2[i] = (long)(omp2cu_r.exchanged ? (int)(omp2cu_d) : omp2cu_r.old); }
#pragma omp atomic compare capture
    if (x[4] == e) { x[4] = 0; } else { e = x[4]; }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = 0; const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[4], (int)(omp2cu_e), (int)(omp2cu_d)); if (!omp2cu_r.exchanged) { e = omp2cu_r.old; } }
#pragma omp atomic compare capture
    { if (x[4] == e) { x[4] = 1; } else { v[i] = x[4]; } }
// CHECK: if (!omp2cu_r.exchanged) { v[i] = omp2cu_r.old; } }
#pragma omp atomic compare capture
    { r[i] = x[5] == e; if (r[i]) { x[5] = 0; } }
// CHECK: { const auto omp2cu_e = e; const auto omp2cu_d = 0; const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[5], (int)(omp2cu_e), (int)(omp2cu_d)); r[i] = (unsigned char)(omp2cu_r.exchanged); }
#pragma omp atomic compare capture
    { r[i] = e == x[5]; if (r[i]) { x[5] = 0; } else { v[i] = x[5]; } }
// CHECK: r[i] = (unsigned char)(omp2cu_r.exchanged); if (!omp2cu_r.exchanged) { v[i] = omp2cu_r.old; } }
  }
}
