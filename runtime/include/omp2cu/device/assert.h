//===- omp2cu/device/assert.h - assert() in target regions -*- C++ -*-===//
//
// Part of omp2cu. The translator writes each use of `assert(cond)` in code that runs on the
// device as OMP2CU_ASSERT(cond, "cond", "file", line, "function"), with the message the user's
// own assert would print: the host's assert would name the generated file and the kernel.
// A false condition calls `__assert_fail`, which every backend has: CUDA's and HIP's device
// versions print the message (CUDA adds the block and thread) and end the kernel, whose launch
// then fails (the host runtime reports it and exits non-zero); on the sim backend the C
// library's prints it and aborts. True conditions cost one test. NDEBUG, defined before this
// header (on the command line), removes them as it removes assert.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_ASSERT_H
#define OMP2CU_DEVICE_ASSERT_H

#include <assert.h>

#ifdef NDEBUG
#define OMP2CU_ASSERT(cond, text, file, line, function) ((void)0)
#else
#define OMP2CU_ASSERT(cond, text, file, line, function)                                          \
  ((cond) ? (void)0 : __assert_fail(text, file, line, function))
#endif

#endif // OMP2CU_DEVICE_ASSERT_H
