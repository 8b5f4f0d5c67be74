//===- omp2cu/host/error.h - Run-time error reporting -*- C++ -*-===//
//
// Part of omp2cu. Every failure the host runtime detects is reported as
//   omp2cu: error: <what> in <construct> (<file>:<line>)
// on stderr, followed by exit(1).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_ERROR_H
#define OMP2CU_HOST_ERROR_H

#include "omp2cu/backend/common.h"
#include "omp2cu/linkage.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace omp2cu::host {

/// Where a construct is, for messages: the kernel of a target construct, or the construct's name
/// ("target update", an API function's name), and its source line. `file` == nullptr: no source
/// position (the API functions).
struct Where {
  const char *construct;
  const char *file;
  unsigned line;
};
/// The older name of Where.
using Site = Where;

/// The one-line message for `what` at `site`, without a trailing newline:
/// `omp2cu: error: <what> in <construct> (<file>:<line>)`, or without ` (<file>:<line>)` when
/// there is no file.
std::string format_error(const std::string &what, const Where &site);

/// True on the helper threads that run deferred target tasks (host/target_tasks.h).
inline thread_local bool OnTaskHelperThread = false;

/// Set by fatal() before it exits: the end of the program then does not wait for deferred target
/// tasks (one may wait for the host forever).
inline std::atomic<bool> &fatal_exit_flag() {
  static std::atomic<bool> Flag{false};
  return Flag;
}
inline bool fatal_exit_in_progress() { return fatal_exit_flag().load(); }

/// Prints the message for `what` at `site` to stderr and exits with status 1. On a helper thread
/// of deferred target tasks the process ends at once (std::_Exit, after flushing the standard
/// streams): exit() there would run the program's atexit handlers and destructors while its
/// threads go on.
[[noreturn]] void fatal(const std::string &what, const Where &site);

/// fatal() with the status's message unless it is ok.
inline void check(const backend::Status &status, const Where &site) {
  if (!status.ok)
    fatal(status.message, site);
}

/// "0x..." for an address (in messages).
std::string hex_address(const void *p);

} // namespace omp2cu::host

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/error-inl.h"
#endif

#endif // OMP2CU_HOST_ERROR_H
