//===- omp2cu/host/error.h - Run-time error reporting -*- C++ -*-===//
//
// Part of omp2cu. Every failure the host runtime detects is reported as
//   omp2cu: error: <what> in <kernel> (<file>:<line>)
// on stderr, followed by exit(1).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_ERROR_H
#define OMP2CU_HOST_ERROR_H

#include "omp2cu/backend/common.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace omp2cu::host {

/// Where an error happened: the kernel of a target construct and the construct's source line.
struct Site {
  const char *kernel;
  const char *file;
  unsigned line;
};

/// The one-line message for `what` at `site`, without a trailing newline.
inline std::string format_error(const std::string &what, const Site &site) {
  return "omp2cu: error: " + what + " in " + (site.kernel ? site.kernel : "?") + " (" +
         (site.file ? site.file : "?") + ":" + std::to_string(site.line) + ")";
}

/// Prints the message for `what` at `site` to stderr and exits with status 1.
[[noreturn]] inline void fatal(const std::string &what, const Site &site) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", format_error(what, site).c_str());
  std::exit(1);
}

/// fatal() with the status's message unless it is ok.
inline void check(const backend::Status &status, const Site &site) {
  if (!status.ok)
    fatal(status.message, site);
}

/// "0x..." for an address (in messages).
inline std::string hex_address(const void *p) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%p", p);
  return Buf;
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_ERROR_H
