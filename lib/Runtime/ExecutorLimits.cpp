//===- ExecutorLimits.cpp - ring bounds and the watchdog --------*- C++ -*-===//

#include "pypto/Runtime/Device.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace pypto::runtime {

// Each bound comes from RunOptions, else the environment, else a default.

namespace {

constexpr uint32_t kDefaultTaskWindow = 16384;
constexpr uint64_t kDefaultRingHeap = uint64_t(1) << 30;
constexpr uint32_t kDefaultDepPool = 16384;
constexpr double kDefaultWatchdogSeconds = 60.0;

std::string trim(const std::string &s) {
  const size_t a = s.find_first_not_of(" \t\n\r");
  if (a == std::string::npos)
    return "";
  return s.substr(a, s.find_last_not_of(" \t\n\r") - a + 1);
}

bool parseUnsigned(const std::string &text, uint64_t &value) {
  const std::string s = trim(text);
  if (s.empty() || s.size() > 19)
    return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return false;
    v = v * 10 + uint64_t(c - '0');
  }
  value = v;
  return true;
}

/// `name` unset or empty: false. Otherwise one value for every ring or exactly
/// kNumRings comma-separated values, each in [lo, hi].
bool ringsFromEnv(const char *name, uint64_t lo, uint64_t hi, const char *what,
                  uint64_t out[kNumRings], std::string &error) {
  const char *env = std::getenv(name);
  if (!env || trim(env).empty())
    return false;
  const std::string text = env;
  std::vector<std::string> fields;
  size_t start = 0;
  for (;;) {
    size_t comma = text.find(',', start);
    fields.push_back(text.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  bool ok = fields.size() == 1 || fields.size() == size_t(kNumRings);
  uint64_t values[kNumRings] = {};
  for (size_t i = 0; ok && i < fields.size(); ++i)
    ok = parseUnsigned(fields[i], values[i]) && values[i] >= lo &&
         values[i] <= hi;
  if (!ok) {
    error = std::string(name) + "='" + text + "' is invalid: expected " + what +
            " from " + std::to_string(lo) + " to " + std::to_string(hi) +
            ", or " + std::to_string(kNumRings) +
            " comma-separated ones (one per ring)";
    return false;
  }
  for (int r = 0; r < kNumRings; ++r)
    out[r] = fields.size() == 1 ? values[0] : values[r];
  return true;
}

} // namespace

Status resolveRunLimits(const RunOptions &options, RunLimits &out) {
  out = RunLimits{};
  std::string error;
  uint64_t v[kNumRings];

  auto pick = [&](uint64_t option, const char *env, uint64_t lo, uint64_t hi,
                  const char *what, uint64_t dflt, auto &dst) {
    if (option) {
      for (int r = 0; r < kNumRings; ++r)
        dst[r] = std::min<uint64_t>(std::max<uint64_t>(option, lo), hi);
      return;
    }
    if (ringsFromEnv(env, lo, hi, what, v, error)) {
      for (int r = 0; r < kNumRings; ++r)
        dst[r] = v[r];
      return;
    }
    for (int r = 0; r < kNumRings; ++r)
      dst[r] = dflt;
  };
  pick(options.taskWindow, "PTO2_RING_TASK_WINDOW", 1, uint64_t(1) << 30,
       "a task count", kDefaultTaskWindow, out.taskWindow);
  if (!error.empty())
    return Status::error(error);
  pick(options.ringHeap, "PTO2_RING_HEAP", 1024, uint64_t(1) << 48,
       "a byte count", kDefaultRingHeap, out.ringHeap);
  if (!error.empty())
    return Status::error(error);
  pick(options.depPool, "PTO2_RING_DEP_POOL", 1, uint64_t(INT32_MAX),
       "an entry count", kDefaultDepPool, out.depPool);
  if (!error.empty())
    return Status::error(error);

  if (options.watchdogSeconds < 0) {
    out.watchdogSeconds = 0;
  } else if (options.watchdogSeconds > 0) {
    out.watchdogSeconds = options.watchdogSeconds;
  } else if (const char *env = std::getenv("PYPTO_SIM_WATCHDOG_SECONDS");
             env && !trim(env).empty()) {
    const std::string s = trim(env);
    char *end = nullptr;
    errno = 0;
    const double d = std::strtod(s.c_str(), &end);
    if (errno != 0 || end != s.c_str() + s.size() || !std::isfinite(d) ||
        d < 0 || d > 1e7)
      return Status::error(
          "PYPTO_SIM_WATCHDOG_SECONDS='" + std::string(env) +
          "' is invalid: expected a number of seconds (0 turns the "
          "watchdog off)");
    out.watchdogSeconds = d;
  } else {
    out.watchdogSeconds = kDefaultWatchdogSeconds;
  }
  return Status::success();
}

} // namespace pypto::runtime
