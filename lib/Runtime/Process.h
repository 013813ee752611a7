//===- Process.h - Run a child process with a timeout (internal) -*- C++ -*-===//
//
// Used by the kernel compiler driver and the ptoas driver. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_RUNTIME_PROCESS_H
#define PYPTO_LIB_RUNTIME_PROCESS_H

#include <functional>
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

/// A fork server: a tool that serves runs of itself from one process, so a
/// run does not pay for loading the tool's shared libraries again (about 1 s
/// for libtorch). The protocol, on the server's stdin and stdout, one line
/// each:
///   server:  "pypto fork server 2"                      (ready)
///   client:  "run TIMEOUT ARGC", the output file, and ARGC lines, one per
///            argument (no line may hold a newline)
///   server:  "pid PID"                                  (the run started)
///   server:  "exit CODE" | "signal N" | "timeout"       (the run ended)
///   server:  "error REASON"                             (a bad request)
/// Each run is a forked child in its own process group, stdin /dev/null,
/// stdout and stderr to the output file; a timeout kills the group.
///
/// Serves requests until stdin closes; `run` is the tool's main on the given
/// arguments (without argv[0]) and runs in the child.
int serveForkRequests(
    const std::function<int(const std::vector<std::string> &)> &run);

/// The client's end: starts `tool --fork-server` and runs commands through it.
class ForkServer {
public:
  explicit ForkServer(std::string tool) : tool_(std::move(tool)) {}
  ~ForkServer();
  ForkServer(const ForkServer &) = delete;
  ForkServer &operator=(const ForkServer &) = delete;

  /// Runs `tool args...` as runProcess would (stdout and stderr merged, at
  /// most 256 KiB kept), writing the output through `outputFile`. The server
  /// starts on the first run; a server that dies or cannot fork is restarted
  /// and the run tried again once. A server that cannot start, or fails
  /// twice, gives a result that did not start.
  ProcessResult run(const std::vector<std::string> &args,
                    unsigned timeoutSeconds, const std::string &outputFile);

private:
  bool start(std::string &error);
  void stop();
  bool readLine(std::string &line, int timeoutMs);

  std::string tool_;
  int pid_ = -1, toServer_ = -1, fromServer_ = -1;
  std::string buffer_; // read from the server, not yet a line
};

} // namespace pypto::runtime::detail

#endif // PYPTO_LIB_RUNTIME_PROCESS_H
