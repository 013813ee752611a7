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

} // namespace

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
