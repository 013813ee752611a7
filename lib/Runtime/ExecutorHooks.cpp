//===- ExecutorHooks.cpp - kernel calls into the run ------------*- C++ -*-===//

#include "ExecutorImpl.h"

namespace pypto::runtime::executor {

//===----------------------------------------------------------------------===//
// Pipe and signal hooks: kernel code -> the block's PipeGroup or the CommWorld.
// They run unguarded (a jump must not leave a lock held) and report errors by
// raising in the kernel.
//===----------------------------------------------------------------------===//

namespace {

Worker *hookWorker(CoreContext *ctx) {
  return static_cast<Worker *>(ctx->runtime_data);
}

std::string noPipes(const Worker *w, const char *op, int32_t pipe) {
  const Task &t = *w->job.task;
  return std::string(op) + " on pipe " + std::to_string(pipe) +
         ": cross-core pipes connect the AIC part and the AIV part(s) of a "
         "MixedKernels task; task " +
         std::to_string(t.id) + " has a single " + coreTypeName(w->type) +
         " part";
}

/// Why `op` (TNOTIFY or TWAIT) cannot use the signal at `addr`, or "".
std::string signalError(const char *op, const CommWorld *world,
                        const int32_t *addr) {
  if (!world)
    return std::string(op) + ": signals connect the chips of a multi-card run; "
                             "this run has one chip";
  if (!world->inWindow(addr, sizeof(int32_t)))
    return std::string(op) + ": the signal at " + hexAddress(addr) +
           " is not in any rank's window";
  return {};
}

const char *const kSyncCoreTypes[] = {"AIVOnly", "AICOnly", "Mix"};

/// The parts of `t` that take part in its barrier of `coreType`.
unsigned barrierParticipants(const Task &t, int32_t coreType) {
  unsigned perBlock =
      coreType == 2 ? unsigned(t.parts.size()) : t.need[coreType == 0 ? 1 : 0];
  return unsigned(t.blockNum) * perBlock;
}

bool takesPart(const Worker *w, int32_t coreType) {
  return coreType == 2 || (coreType == 0) == (w->type == CoreType::AIV);
}

std::string barrierName(int32_t coreType, uint64_t generation) {
  return "SYNCALL #" + std::to_string(generation + 1) + " (" +
         kSyncCoreTypes[coreType] + ")";
}

std::string partName(const Worker *w) {
  const Job &j = w->job;
  std::string s = "kernel '" + j.task->parts[j.part].kernel->info.name +
                  "' (block " + std::to_string(j.block);
  if (j.group && !j.group->part(j.groupPart).aic)
    s += ", aiv lane " + std::to_string(j.group->part(j.groupPart).lane);
  return s + ")";
}

} // namespace

std::string Run::syncAllErrorLocked(const Worker *w, const Task &t,
                                    int32_t coreType) const {
  if (coreType < 0 || coreType > 2)
    return "SYNCALL: unknown core type " + std::to_string(coreType);
  const std::string what =
      std::string("SYNCALL<SyncCoreType::") + kSyncCoreTypes[coreType] + ">";
  if (!takesPart(w, coreType))
    return what + " on an " + coreTypeName(w->type) + " core, which does not " +
           "take part in it";
  if (!t.syncStart)
    return what + " in a task whose blocks were not launched together "
                  "(launch_spec.set_require_sync_start): its blocks may run "
                  "in waves and the barrier would wait forever";
  const std::string chip = pto::sim::archName(device_.arch);
  const std::string partial =
      " (a partial launch deadlocks on the device, error 507018)";
  if (coreType != 0 && t.need[0] == 0)
    return what + " waits for the AIC cores, and this task has no AIC part: " +
           "it can never complete";
  // pypto's rule: a task with an AIC part fills the clusters whatever the
  // core type; a vector task's AIVOnly barrier every AIV core.
  if (coreType == 0 && t.need[0] == 0) {
    const unsigned parts = barrierParticipants(t, 0);
    if (int(parts) != device_.numAiv)
      return what + " waits for every AIV core of the chip: the task runs " +
             std::to_string(parts) + " AIV parts, the " + chip + " chip has " +
             std::to_string(device_.numAiv) + partial;
    return {};
  }
  if (t.blockNum != device_.numAic)
    return what + " waits for every core of the chip: the task has " +
           std::to_string(t.blockNum) + " blocks, the " + chip + " chip " +
           std::to_string(device_.numAic) + " clusters" + partial;
  return {};
}

void Run::barrierPartEndedLocked(Worker *w) {
  Task &t = *w->job.task;
  // SYNCALL is an error in a task not launched together: no barrier to end.
  if (!t.syncStart)
    return;
  for (int32_t c = 0; c < 3; ++c) {
    if (!takesPart(w, c))
      continue;
    Barrier &b = t.barriers[c];
    const bool first = b.finished++ == 0;
    if (!first && b.arrived == 0)
      continue;
    const std::string ended = partName(w) + " has ended after " +
                              std::to_string(w->syncalls) + " SYNCALL";
    if (first)
      b.firstEnded = ended;
    if (b.arrived == 0)
      continue;
    failLocked("syncall deadlock (task " + std::to_string(t.id) + "): " +
               ended + "; " + std::to_string(b.arrived) + " parts wait in " +
               barrierName(c, b.generation));
  }
}

void Run::hookSyncAll(CoreContext *ctx, int32_t coreType) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    Run *run = w->run;
    std::unique_lock<std::mutex> lock(run->mu_);
    Task &t = *w->job.task;
    err = run->syncAllErrorLocked(w, t, coreType);
    if (err.empty()) {
      Barrier &b = t.barriers[coreType];
      const unsigned participants = barrierParticipants(t, coreType);
      if (b.finished > 0) {
        err =
            "syncall deadlock (task " + std::to_string(t.id) +
            "): " + barrierName(coreType, b.generation) +
            " can never complete: " + std::to_string(b.finished) + " of " +
            std::to_string(participants) +
            " parts have ended without it (a block that skips the barrier?): " +
            b.firstEnded;
      } else if (++b.arrived == participants) {
        b.arrived = 0;
        ++b.generation;
        ++w->syncalls;
        run->barrierCv_.notify_all();
      } else {
        const uint64_t generation = b.generation;
        w->waitingBarrier = coreType;
        run->barrierCv_.wait(
            lock, [&] { return b.generation != generation || run->failed_; });
        w->waitingBarrier = -1;
        if (b.generation == generation)
          err = "aborted: the run failed";
        else
          ++w->syncalls;
      }
    }
    // A completed barrier is progress; a long wait is not (the watchdog).
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

void Run::hookCommNotify(CoreContext *ctx, int32_t *addr, int32_t value,
                         int32_t op) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    CommWorld *world = w->run->options_.comm;
    err = signalError("TNOTIFY", world, addr);
    if (err.empty() && op != 0 && op != 1)
      err = "TNOTIFY: unknown notify op " + std::to_string(op);
    if (err.empty())
      world->notify(addr, value, op);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

void Run::hookCommWait(CoreContext *ctx, const int32_t *addr, int32_t cmp,
                       int32_t expected) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    CommWorld *world = w->run->options_.comm;
    err = signalError("TWAIT", world, addr);
    if (err.empty() && (cmp < 0 || cmp > 5))
      err = "TWAIT: unknown comparison " + std::to_string(cmp);
    if (err.empty()) {
      w->waitingCmp = cmp;
      w->waitingExpected = expected;
      w->waitingSignal.store(addr);
      if (!world->wait(addr, cmp, expected, [&] { return w->run->isFatal(); }))
        err = world->failed() ? "aborted: " + world->failure()
                              : std::string("aborted: the run failed");
      w->waitingSignal.store(nullptr);
    }
    // A completed wait is progress; a long one is not (the watchdog sees it).
    if (err.empty())
      w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

void Run::hookPipeInit(CoreContext *ctx, int32_t pipe, int32_t dirMask,
                       uint32_t slotSize, uint32_t slotNum, int32_t split,
                       void *gmRing) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->init(w->job.groupPart, pipe, dirMask,
                                            slotSize, slotNum, split, gmRing)
                       : noPipes(w, "TPIPE_INIT", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

uint8_t *Run::hookPushAcquire(CoreContext *ctx, int32_t pipe,
                              uint64_t *capacity) {
  std::string err;
  uint8_t *data = nullptr;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->pushAcquire(w->job.groupPart, pipe,
                                                   &data, capacity)
                       : noPipes(w, "TPUSH", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
  return data;
}

void Run::hookPushCommit(CoreContext *ctx, int32_t pipe,
                         const pto::sim::PipeTileDesc *desc) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->pushCommit(w->job.groupPart, pipe, *desc)
                       : noPipes(w, "TPUSH", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

void Run::hookPop(CoreContext *ctx, int32_t pipe, pto::sim::PipeSlotView *out) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->pop(w->job.groupPart, pipe, out)
                       : noPipes(w, "TPOP", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

void Run::hookFree(CoreContext *ctx, int32_t pipe) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->free(w->job.groupPart, pipe)
                       : noPipes(w, "TFREE", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

} // namespace pypto::runtime::executor
