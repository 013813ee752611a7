//===- ExecutorWatchdog.cpp - ending a stuck run ----------------*- C++ -*-===//

#include "ExecutorImpl.h"

#include <algorithm>
#include <tuple>

namespace pypto::runtime::executor {

namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3g s", s);
  return buf;
}

} // namespace

void Run::watchdogLoop() {
  const double limit = limits_.watchdogSeconds;
  const auto period = std::chrono::milliseconds(
      std::clamp<int64_t>(int64_t(limit * 1000.0 / 8.0), 10, 500));
  std::unique_lock<std::mutex> lock(mu_);
  while (!watchdogStop_) {
    watchdogCv_.wait_for(lock, period);
    if (!watchdogStop_)
      watchdogCheckLocked();
  }
}

std::string Run::describeJobLocked(const Worker *w) const {
  const Job &j = w->job;
  const Task &t = *j.task;
  const Part &p = t.parts[j.part];
  std::string s = "task " + std::to_string(t.id);
  if (t.blockNum > 1)
    s += " block " + std::to_string(j.block);
  s += ": kernel '" + p.kernel->info.name + "' on " + coreTypeName(w->type) +
       " core " + std::to_string(w->index);
  if (j.group && !j.group->part(j.groupPart).aic)
    s += " (lane " + std::to_string(j.group->part(j.groupPart).lane) + ")";
  std::string what = j.group ? j.group->waiting(j.groupPart) : std::string();
  if (const int32_t *signal = w->waitingSignal.load()) {
    static const char *cmps[] = {"==", "!=", ">", ">=", "<", "<="};
    what = "waiting in TWAIT for the signal at " + hexAddress(signal) +
           " (holds " +
           std::to_string(__atomic_load_n(signal, __ATOMIC_SEQ_CST)) +
           ") to be " + cmps[w->waitingCmp] + " " +
           std::to_string(w->waitingExpected);
  }
  if (w->waitingBarrier >= 0) {
    static const char *types[] = {"AIVOnly", "AICOnly", "Mix"};
    const Barrier &b = t.barriers[w->waitingBarrier];
    what = "waiting in SYNCALL #" + std::to_string(b.generation + 1) + " (" +
           types[w->waitingBarrier] + "): " + std::to_string(b.arrived) +
           " parts arrived";
  }
  if (what.empty()) {
    const double idle = double(nowNs() - w->lastProgressNs.load()) / 1e9;
    what = "running kernel code (no runtime call for " + seconds(idle) + ")";
  }
  return s + ": " + what;
}

void Run::watchdogCheckLocked() {
  const int64_t now = nowNs();
  const int64_t limitNs = int64_t(limits_.watchdogSeconds * 1e9);
  // An orchestration in its own code that neither submits nor waits (a loop
  // that never ends, or one that goes on after the run failed: its calls are
  // no progress) is interrupted. A signal that arrives while the thread is
  // inside the runtime is dropped by the handler, so the request also lands
  // at the orchestration's next runtime call, and the signal is sent again
  // every period: sending it once left such a loop running for ever. Once
  // the run has failed, the request stands even when the check finds the
  // thread inside the runtime (where such a loop spends most of its time).
  const bool inOwnCode =
      detail::inGuardedCode(orchGuard_, kOrchestrationSerial);
  if (orchRunning_.load() && (inOwnCode || failed_) &&
      now - orchProgressNs_.load() >= limitNs) {
    if (!failed_)
      failLocked("watchdog: the orchestration made no progress for " +
                 seconds(limits_.watchdogSeconds) +
                 " (PYPTO_SIM_WATCHDOG_SECONDS / RunOptions::watchdogSeconds): "
                 "it submitted no task and waited for no tensor; a loop that "
                 "never ends?");
    orchInterruptRequested_.store(true);
    if (inOwnCode)
      detail::requestInterrupt(orchGuard_, orchThread_, kOrchestrationSerial);
  }
  // A part waiting in a barrier is stuck only when a part it waits for is:
  // the others may be computing for a long time.
  std::vector<Worker *> stuck, stuckInBarrier;
  for (auto &w : workers_)
    if (w->running && now - w->lastProgressNs.load() >= limitNs)
      (w->waitingBarrier >= 0 ? stuckInBarrier : stuck).push_back(w.get());
  if (stuck.empty())
    return;
  stuck.insert(stuck.end(), stuckInBarrier.begin(), stuckInBarrier.end());
  std::sort(stuck.begin(), stuck.end(), [](const Worker *a, const Worker *b) {
    return std::make_tuple(a->job.task->id, a->job.block, a->job.part) <
           std::make_tuple(b->job.task->id, b->job.block, b->job.part);
  });
  if (!failed_) {
    std::string msg = "watchdog: no progress for " +
                      seconds(limits_.watchdogSeconds) +
                      " (PYPTO_SIM_WATCHDOG_SECONDS / "
                      "RunOptions::watchdogSeconds); stuck tasks:";
    for (const Worker *w : stuck)
      msg += "\n  " + describeJobLocked(w);
    // Aborts the pipe groups: parts waiting in tpush/tpop return.
    failLocked(msg);
  }
  // Parts stuck in kernel code (not in a runtime wait) are interrupted.
  for (Worker *w : stuck) {
    const bool inPipeWait =
        w->job.group && !w->job.group->waiting(w->job.groupPart).empty();
    if (!inPipeWait && detail::inGuardedCode(w->guard, w->job.serial)) {
      detail::requestInterrupt(w->guard, w->thread.native_handle(),
                               w->job.serial);
    }
  }
}

} // namespace pypto::runtime::executor
