//===- runtime/lib/runtime.cpp - The compiled host runtime -*- C++ -*-===//
//
// Part of omp2cu. The one translation unit of libomp2cu_rt_<backend>.a: every non-template host
// function of the runtime, defined once (omp2cu/linkage.h). Built once per backend and
// configuration by runtime/CMakeLists.txt; programs whose translation units define
// OMP2CU_RUNTIME_COMPILED link it.
//
//===----------------------------------------------------------------------===//

#define OMP2CU_RUNTIME_BUILD 1

#include "omp2cu/omp2cu.h"
#include "omp2cu/host/omp_api.h"
