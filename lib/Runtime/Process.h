//===- Process.h - Run a child process with a timeout (internal) -*- C++ -*-===//
//
// Used by the kernel compiler driver and the ptoas driver. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_RUNTIME_PROCESS_H
#define PYPTO_LIB_RUNTIME_PROCESS_H

#include <string>
#include <vector>

namespace pypto::runtime::detail {

struct ProcessResult {
  bool started = false;
  bool timedOut = false;
  int exitStatus = -1;     // exit code, or -signal
  std::string output;      // stdout (+ stderr when merged)
  std::string errorOutput; // stderr when not merged
  std::string startError;
};

/// Run argv[0] (PATH lookup) with stdin from /dev/null in its own process
/// group; kill the group after `timeoutSeconds` (0: no limit). Each output
/// stream keeps at most `maxOutputBytes`: the first half and the last half
/// of a longer stream, with a marker in between.
ProcessResult runProcess(const std::vector<std::string> &argv, unsigned timeoutSeconds,
                         bool mergeStderr = true, size_t maxOutputBytes = 256 * 1024);

/// Absolute path of an executable name (PATH lookup), or the name itself.
std::string resolveExecutable(const std::string &name);

/// argv joined with spaces (for messages).
std::string joinCommand(const std::vector<std::string> &argv);

} // namespace pypto::runtime::detail

#endif // PYPTO_LIB_RUNTIME_PROCESS_H
