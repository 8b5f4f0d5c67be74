//===- omp2cu/host/error-inl.h - Runtime errors: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/error.h's non-template functions: included at the
// end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/error.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_ERROR_INL_H
#define OMP2CU_HOST_ERROR_INL_H

#include "omp2cu/host/error.h"

namespace omp2cu::host {

OMP2CU_RT_FN std::string format_error(const std::string &what, const Where &site) {
  std::string S = "omp2cu: error: " + what + " in " + (site.construct ? site.construct : "?");
  if (site.file)
    S += " (" + std::string(site.file) + ":" + std::to_string(site.line) + ")";
  return S;
}

[[noreturn]] OMP2CU_RT_FN void fatal(const std::string &what, const Where &site) {
  fatal_exit_flag().store(true);
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", format_error(what, site).c_str());
  if (OnTaskHelperThread) {
    std::fflush(nullptr);
    std::_Exit(1);
  }
  std::exit(1);
}

OMP2CU_RT_FN std::string hex_address(const void *p) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%p", p);
  return Buf;
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_ERROR_INL_H
