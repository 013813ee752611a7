//===- Process.cpp - Run a child process with a timeout -------------------===//

#include "Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

namespace fs = std::filesystem;

namespace pypto::runtime::detail {

namespace {

/// Keeps the head and the tail of a stream that may be long.
class Capture {
public:
  explicit Capture(size_t max) : half_(std::max<size_t>(max / 2, 1)) {}
  void append(const char *p, size_t n) {
    total_ += n;
    if (head_.size() < half_) {
      const size_t k = std::min(n, half_ - head_.size());
      head_.append(p, k);
      p += k;
      n -= k;
    }
    if (n == 0)
      return;
    tail_.append(p, n);
    if (tail_.size() > 2 * half_)
      tail_.erase(0, tail_.size() - half_);
  }
  std::string text() const {
    if (total_ <= head_.size() + tail_.size())
      return head_ + tail_;
    std::string t = tail_.size() > half_ ? tail_.substr(tail_.size() - half_) : tail_;
    return head_ + "\n... [" + std::to_string(total_ - head_.size() - t.size()) +
           " bytes omitted] ...\n" + t;
  }

private:
  size_t half_;
  size_t total_ = 0;
  std::string head_, tail_;
};

/// A caller that ignores SIGPIPE (pypto-fuzz, so a dead fork server is an
/// error, not its death) does not pass that on to what it starts.
void setDefaultSigpipe(posix_spawnattr_t &attr) {
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  short flags = 0;
  posix_spawnattr_getflags(&attr, &flags);
  posix_spawnattr_setflags(&attr, flags | POSIX_SPAWN_SETSIGDEF);
}

/// Waits for `pid` to end; its wait status.
int reap(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

/// Kills `pid` and its process group, then reaps it.
int killAndReap(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
  return reap(pid);
}

int64_t monotonicMs() {
  timespec now;
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return int64_t(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

} // namespace

ProcessResult runProcess(const std::vector<std::string> &argv, unsigned timeoutSeconds,
                         bool mergeStderr, size_t maxOutputBytes) {
  ProcessResult r;
  if (argv.empty()) {
    r.startError = "empty command";
    return r;
  }
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (::pipe2(out, O_CLOEXEC) != 0 || (!mergeStderr && ::pipe2(err, O_CLOEXEC) != 0)) {
    r.startError = std::string("pipe: ") + std::strerror(errno);
    for (int fd : {out[0], out[1], err[0], err[1]})
      if (fd >= 0)
        ::close(fd);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, mergeStderr ? out[1] : err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  setDefaultSigpipe(attr);
  // Own process group, so that a timeout kills the driver and its children.
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);

  std::vector<char *> cargv;
  for (const std::string &a : argv)
    cargv.push_back(const_cast<char *>(a.c_str()));
  cargv.push_back(nullptr);
  pid_t pid = -1;
  int rc = ::posix_spawnp(&pid, cargv[0], &actions, &attr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(out[1]);
  if (!mergeStderr)
    ::close(err[1]);
  if (rc != 0) {
    ::close(out[0]);
    if (!mergeStderr)
      ::close(err[0]);
    r.startError = "cannot run '" + argv[0] + "': " + std::strerror(rc);
    return r;
  }
  r.started = true;

  Capture capOut(maxOutputBytes), capErr(maxOutputBytes);
  const int64_t start = monotonicMs();
  const int64_t limitMs = int64_t(timeoutSeconds) * 1000;
  char buf[4096];
  int fds[2] = {out[0], mergeStderr ? -1 : err[0]};
  for (;;) {
    if (fds[0] < 0 && fds[1] < 0)
      break; // EOF on every stream: every writer is gone
    const int64_t elapsed = monotonicMs() - start;
    if (timeoutSeconds && elapsed >= limitMs) {
      r.timedOut = true;
      break;
    }
    pollfd p[2];
    int np = 0, which[2];
    for (int i = 0; i < 2; ++i)
      if (fds[i] >= 0) {
        p[np] = pollfd{fds[i], POLLIN, 0};
        which[np++] = i;
      }
    int wait = timeoutSeconds ? static_cast<int>(std::min<int64_t>(limitMs - elapsed, 60000)) : -1;
    int n = ::poll(p, np, wait);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (n == 0)
      continue; // re-check the deadline
    for (int k = 0; k < np; ++k) {
      if (!(p[k].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      const int i = which[k];
      ssize_t got = ::read(fds[i], buf, sizeof(buf));
      if (got < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (got <= 0) {
        ::close(fds[i]);
        fds[i] = -1;
        continue;
      }
      (i == 0 ? capOut : capErr).append(buf, size_t(got));
    }
  }
  for (int fd : fds)
    if (fd >= 0)
      ::close(fd);
  const int status = r.timedOut ? killAndReap(pid) : reap(pid);
  if (WIFEXITED(status))
    r.exitStatus = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r.exitStatus = -WTERMSIG(status);
  r.output = capOut.text();
  r.errorOutput = capErr.text();
  return r;
}

std::string resolveExecutable(const std::string &name) {
  if (name.find('/') != std::string::npos) {
    std::error_code ec;
    fs::path p = fs::canonical(name, ec);
    return ec ? name : p.string();
  }
  const char *path = std::getenv("PATH");
  std::istringstream in(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(in, dir, ':')) {
    if (dir.empty())
      dir = ".";
    fs::path cand = fs::path(dir) / name;
    std::error_code ec;
    if (::access(cand.c_str(), X_OK) == 0 && !fs::is_directory(cand, ec)) {
      fs::path p = fs::canonical(cand, ec);
      return ec ? cand.string() : p.string();
    }
  }
  return name;
}

std::string joinCommand(const std::vector<std::string> &argv) {
  std::string s;
  for (const std::string &a : argv) {
    if (!s.empty())
      s += ' ';
    s += a;
  }
  return s;
}

namespace {

/// Writes all of `text` to `fd`; false when the reader is gone.
bool writeAll(int fd, const std::string &text) {
  const char *p = text.data();
  size_t n = text.size();
  while (n) {
    ssize_t k = ::write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    p += k;
    n -= size_t(k);
  }
  return true;
}

/// One line of the request stream (blocking), without its newline.
bool readRequestLine(std::FILE *in, std::string &line) {
  line.clear();
  for (int c; (c = std::fgetc(in)) != EOF;) {
    if (c == '\n')
      return true;
    line.push_back(char(c));
  }
  return false;
}

/// Waits for `pid` (killing its group after `timeoutSeconds`, 0: never) and
/// says how it ended in the protocol's words.
std::string awaitChild(pid_t pid, unsigned timeoutSeconds) {
  const int64_t deadline = monotonicMs() + int64_t(timeoutSeconds) * 1000;
  int status = 0;
  for (;;) {
    pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid)
      break;
    if (got < 0 && errno != EINTR)
      return "exit 127";
    if (timeoutSeconds && monotonicMs() >= deadline) {
      killAndReap(pid);
      return "timeout";
    }
    // Runs take a tenth of a second or more: polling every 2 ms costs
    // nothing and needs no SIGCHLD handler in the tool.
    timespec pause{0, 2000000};
    ::nanosleep(&pause, nullptr);
  }
  if (WIFSIGNALED(status))
    return "signal " + std::to_string(WTERMSIG(status));
  return "exit " + std::to_string(WEXITSTATUS(status));
}

} // namespace

int serveForkRequests(
    const std::function<int(const std::vector<std::string> &)> &run) {
  // Replies go straight to a copy of fd 1 with write(2); fd 1 itself becomes
  // stderr, so nothing the tool prints can corrupt the protocol, and nothing
  // is left in a stdio buffer for a child to print again.
  std::fflush(stdout);
  const int replies = ::fcntl(1, F_DUPFD_CLOEXEC, 3);
  if (replies < 0 || ::dup2(2, 1) < 0 ||
      !writeAll(replies, "pypto fork server 2\n"))
    return 1;
  // waitpid needs children that stay zombies until reaped.
  ::signal(SIGCHLD, SIG_DFL);
  std::string line, outputFile;
  while (readRequestLine(stdin, line)) {
    std::istringstream request(line);
    std::string verb;
    unsigned timeoutSeconds = 0;
    size_t argc = 0;
    if (!(request >> verb >> timeoutSeconds >> argc) || verb != "run" ||
        argc > 4096) {
      if (!writeAll(replies, "error expected 'run TIMEOUT ARGC'\n"))
        return 1;
      continue;
    }
    std::vector<std::string> args(argc);
    if (!readRequestLine(stdin, outputFile))
      return 1; // the client is gone mid-request
    for (std::string &arg : args)
      if (!readRequestLine(stdin, arg))
        return 1;
    // Opened here, so the file exists once the client hears the pid.
    int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    int out = ::open(outputFile.c_str(),
                     O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    pid_t pid = in < 0 || out < 0 ? -1 : ::fork();
    if (pid < 0) {
      std::string why =
          std::string(in < 0 || out < 0 ? "cannot open '" + outputFile + "'"
                                        : "fork") +
          ": " + std::strerror(errno);
      for (int fd : {in, out})
        if (fd >= 0)
          ::close(fd);
      if (!writeAll(replies, "error " + why + "\n"))
        return 1;
      continue;
    }
    if (pid == 0) {
      ::setpgid(0, 0);
      ::dup2(in, 0);
      ::dup2(out, 1);
      ::dup2(out, 2);
      ::close(in);
      ::close(out);
      // The run holds no end of the protocol: a server that dies is seen.
      ::close(replies);
      std::exit(run(args));
    }
    ::close(in);
    ::close(out);
    ::setpgid(pid, pid); // also here: a timeout may come before the child's
    if (!writeAll(replies, "pid " + std::to_string(pid) + "\n")) {
      killAndReap(pid); // the client is gone: so is the run
      return 1;
    }
    if (!writeAll(replies, awaitChild(pid, timeoutSeconds) + "\n"))
      return 1;
  }
  return 0;
}

ForkServer::~ForkServer() { stop(); }

void ForkServer::stop() {
  if (toServer_ >= 0)
    ::close(toServer_); // the server ends when its stdin closes
  if (fromServer_ >= 0)
    ::close(fromServer_);
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    reap(pid_);
  }
  pid_ = toServer_ = fromServer_ = -1;
  buffer_.clear();
}

bool ForkServer::readLine(std::string &line, int timeoutMs) {
  const int64_t deadline = monotonicMs() + timeoutMs;
  for (;;) {
    size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return true;
    }
    const int64_t left = deadline - monotonicMs();
    if (left <= 0)
      return false;
    pollfd p{fromServer_, POLLIN, 0};
    int n = ::poll(&p, 1, int(std::min<int64_t>(left, 60000)));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      continue; // re-check the deadline
    char buf[256];
    ssize_t got = ::read(fromServer_, buf, sizeof(buf));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false; // the server is gone
    buffer_.append(buf, size_t(got));
  }
}

bool ForkServer::start(std::string &error) {
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    ::close(in[0]);
    ::close(in[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  setDefaultSigpipe(attr);
  std::string flag = "--fork-server";
  char *argv[] = {const_cast<char *>(tool_.c_str()), flag.data(), nullptr};
  pid_t pid = -1;
  int rc = ::posix_spawnp(&pid, argv[0], &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  toServer_ = in[1];
  fromServer_ = out[0];
  if (rc != 0) {
    error = "cannot run '" + tool_ + "': " + std::strerror(rc);
    pid_ = -1;
    stop();
    return false;
  }
  pid_ = pid;
  std::string hello;
  if (!readLine(hello, 120000) || hello != "pypto fork server 2") {
    error = "'" + tool_ + " --fork-server' did not start a fork server";
    stop();
    return false;
  }
  return true;
}

ProcessResult ForkServer::run(const std::vector<std::string> &args,
                              unsigned timeoutSeconds,
                              const std::string &outputFile) {
  ProcessResult r;
  for (const std::string &text : args)
    if (text.find('\n') != std::string::npos) {
      r.startError =
          "an argument with a newline cannot go through the fork server";
      return r;
    }
  if (outputFile.find('\n') != std::string::npos) {
    r.startError = "an output file name with a newline cannot go through the "
                   "fork server";
    return r;
  }
  std::string request = "run " + std::to_string(timeoutSeconds) + " " +
                        std::to_string(args.size()) + "\n" + outputFile + "\n";
  for (const std::string &text : args)
    request += text + "\n";
  // The server enforces the timeout; the client's own deadline only guards
  // against a server that stops answering.
  const int64_t limitMs =
      timeoutSeconds ? (int64_t(timeoutSeconds) + 60) * 1000 : INT32_MAX;
  // A server that died (killed from outside) or could not fork is restarted
  // and the run tried once more; a second failure is the fuzzer's, not the
  // run's.
  std::string failure;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (pid_ < 0 && !start(r.startError))
      return r;
    std::string started, ended;
    if (!writeAll(toServer_, request) || !readLine(started, 60000)) {
      failure = "the server stopped answering";
      stop();
      continue;
    }
    if (started.rfind("error ", 0) == 0) {
      failure = started.substr(6);
      stop();
      continue;
    }
    pid_t run =
        started.rfind("pid ", 0) == 0 ? std::atoi(started.c_str() + 4) : -1;
    if (run <= 0 ||
        !readLine(ended, int(std::min<int64_t>(limitMs, INT32_MAX)))) {
      if (run > 0)
        ::kill(-run, SIGKILL); // no server is left to stop it
      failure = "the server stopped answering";
      stop();
      continue;
    }
    r.started = true;
    if (ended == "timeout")
      r.timedOut = true;
    else if (ended.rfind("signal ", 0) == 0)
      r.exitStatus = -std::atoi(ended.c_str() + 7);
    else if (ended.rfind("exit ", 0) == 0)
      r.exitStatus = std::atoi(ended.c_str() + 5);
    Capture capture(256 * 1024);
    std::ifstream file(outputFile, std::ios::binary);
    char buf[4096];
    while (file.read(buf, sizeof(buf)) || file.gcount() > 0)
      capture.append(buf, size_t(file.gcount()));
    r.output = capture.text();
    return r;
  }
  r.startError = "'" + tool_ + " --fork-server' failed twice: " + failure;
  return r;
}

} // namespace pypto::runtime::detail
