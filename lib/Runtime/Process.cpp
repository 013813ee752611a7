//===- Process.cpp - Run a child process with a timeout -------------------===//

#include "Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
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
  // Own process group, so that a timeout kills the driver and its children.
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
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
  if (r.timedOut) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
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

} // namespace pypto::runtime::detail
