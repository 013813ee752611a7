//===- ExecutorImpl.h - a run on the simulated device -----------*- C++ -*-===//
//
// The orchestration runs on the calling thread (the "AICPU"). Every submit
// becomes a task record holding copies of its tensor descriptors and scalars;
// its dependencies come from the DependencyTracker (tensor overlap against
// unfinished tasks) plus explicit edges. Tasks whose dependencies are done go
// to a ready queue per shape (AIC, AIV, MIX). Worker threads are simulated
// cores: each owns a CoreContext with its own on-chip arenas and sleeps on a
// condition variable until the dispatcher hands it a job. All parts of one
// block of a mixed task (and all blocks of a sync-start task) are dispatched
// together, so they run concurrently; the parts of one block share a
// PipeGroup (their tpush/tpop pipes).
//
// Rings (by scope depth) bound the unfinished tasks, the bytes of
// runtime-allocated tensors and the dependency entries; the orchestrator
// blocks at a bound (back-pressure). A watchdog thread ends the run when a
// running part makes no progress for too long. Kernels run guarded
// (CrashGuard): a fault in kernel code becomes an error of the run.
//
// One mutex (mu_) guards the scheduler state (live tasks, queues, workers,
// ring counters); the dependency tracker, scope and buffer bookkeeping belong
// to the orchestrator thread alone (finished tasks reach the tracker through
// a list under finishedIdsMu_). An idle worker spins a while before it
// sleeps, and takes a job handed to it meanwhile without the lock. Lock
// order: mu_, then a PipeGroup's mutex or finishedIdsMu_.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_RUNTIME_EXECUTORIMPL_H
#define PYPTO_LIB_RUNTIME_EXECUTORIMPL_H

// The runtime binds itself (LoadedProgram::bindRuntime); without this the
// orchestration API would define the kernel side's framework_bind_runtime
// here too. Include this header before any other pypto header.
#define PTO2_HOST_RUNTIME 1
#include "pypto/Runtime/DependencyTracker.h"
#include "pypto/Runtime/Device.h"
#include "pypto/Runtime/intrinsic.h"
#include "pypto/Runtime/pto_orchestration_api.h"

#include "CrashGuard.h"
#include "Pipes.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

// Named, not anonymous: the Run class is defined across several files. Hidden,
// as PTO2RuntimeOps (a member) is; nothing here leaves the runtime.
#pragma GCC visibility push(hidden)
namespace pypto::runtime::executor {

using detail::CrashInfo;
using detail::PipeGroup;
using detail::PipePartInfo;
using detail::Unguarded;
using pto::sim::CoreContext;
using pto::sim::Space;
constexpr int kNumSpaces = pto::sim::kNumSpaces;

/// What CoreContext::raise throws.
struct KernelRaise : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline std::string hexAddress(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return buf;
}

//===----------------------------------------------------------------------===//
// Host buffers of runtime-allocated tensors, charged to a ring's heap.
//===----------------------------------------------------------------------===//

struct HeapAccount {
  std::atomic<uint64_t> used[kNumRings] = {};
  /// Bytes of buffers whose scope has ended: freed once their tasks finish.
  std::atomic<uint64_t> reclaimable[kNumRings] = {};
};

struct HostBuffer {
  void *data = nullptr;
  size_t bytes = 0;
  HeapAccount *account = nullptr;
  int ring = 0;
  uint64_t charged = 0;
  // Set by the orchestrator while it holds a reference.
  bool scopeClosed = false;
  ~HostBuffer() {
    std::free(data);
    if (account) {
      account->used[ring].fetch_sub(charged);
      if (scopeClosed)
        account->reclaimable[ring].fetch_sub(charged);
    }
  }
};
using BufferRef = std::shared_ptr<HostBuffer>;

//===----------------------------------------------------------------------===//
// Tasks and workers.
//===----------------------------------------------------------------------===//

enum Queue { QMix = 0, QAic = 1, QAiv = 2, NumQueues = 3 };

struct Part {
  CoreType type;
  const LoadedKernel *kernel;
  int32_t subBlock;
};

/// A task's barrier of one SyncCoreType (pto/sync.hpp), under Run::mu_.
struct Barrier {
  uint64_t generation = 0; // barriers completed
  unsigned arrived = 0;    // parts waiting in the current one
  unsigned finished = 0;   // participants that have ended
  std::string firstEnded;  // the first of them, for the deadlock report
};

/// A task's plain fields (Task::reset assigns them afresh at once).
struct TaskFields {
  uint64_t id = 0;
  int32_t blockNum = 1;
  bool syncStart = false;
  int ring = 0;
  int32_t nextBlock = 0;      // next block to dispatch
  int64_t unitsRemaining = 0; // parts * blocks not finished yet
  int32_t fanin = 0;          // unfinished producers
  Queue queue = QAiv;
  unsigned need[2] = {0, 0}; // workers per block, by core type
};

struct Task : TaskFields {
  // Every container here is emptied by reset().
  std::vector<ChipTensor> tensors;
  std::vector<TensorArgType> tags; // kept for the tensor dump
  std::vector<uint64_t> scalars;
  std::vector<Part> parts; // empty: dummy task
  std::vector<Task *> consumers;
  // Runtime buffers kept alive while the task lives.
  std::vector<BufferRef> buffers;
  std::vector<pto::sim::GmRange> gm; // buffers of the tensor arguments
  Barrier barriers[3];               // by SyncCoreType: AIV only, AIC only, mix

  /// Back to a fresh task for the next submit, keeping the vectors' storage
  /// (a finished task's record is reused: allocating one per submit, freed
  /// on another thread, was a fifth of the cost of a tiny task). Releases the
  /// task's buffers.
  void reset() {
    static_cast<TaskFields &>(*this) = TaskFields();
    tensors.clear();
    tags.clear();
    scalars.clear();
    parts.clear();
    consumers.clear();
    buffers.clear();
    gm.clear();
    for (Barrier &b : barriers)
      b = Barrier();
  }
};

struct Job {
  Task *task = nullptr;
  double dispatchUs = 0; // trace: when the job was handed to a worker
  int32_t part = 0;
  int32_t block = 0;
  uint64_t serial = 0;              // unique per job (guard / interrupts)
  std::shared_ptr<PipeGroup> group; // the block's pipes (mixed tasks)
  int groupPart = 0;
};

class Run;

struct Worker {
  Run *run = nullptr;
  CoreType type = CoreType::AIV;
  unsigned index = 0;
  std::thread thread;
  std::condition_variable cv;
  // Set under Run::mu_ when `job` is handed over (release: a spinning worker
  // reads `job` without the lock); cleared by the worker.
  std::atomic<bool> hasJob{false};
  // Written under Run::mu_: idle and spinning (Run::waitForJob), not asleep.
  std::atomic<bool> spinning{false};
  Job job;

  // Under Run::mu_: the job this worker was given and has not finished yet.
  bool running = false;
  detail::GuardState *guard = nullptr; // of the worker thread
  // Set by the worker thread and by its hooks; read by the watchdog.
  std::atomic<int64_t> lastProgressNs{0};
  // Set while the kernel waits in TWAIT: the signal it waits for (watchdog).
  std::atomic<const int32_t *> waitingSignal{nullptr};
  int32_t waitingCmp = 0, waitingExpected = 0;
  // Under Run::mu_: the SyncCoreType of the barrier the part waits in (-1:
  // none), and the barriers it has passed in this job.
  int32_t waitingBarrier = -1;
  unsigned syncalls = 0;
  bool arenasReady = false;
  CoreContext ctx{};
  ChipTensor tensors[PTO2_MAX_TENSOR_ARGS];
  int64_t args[PTO2_KERNEL_ARG_SLOTS] = {};
  LocalContext local{};
  GlobalContext global{};

  void touch() { lastProgressNs.store(nowNs(), std::memory_order_relaxed); }

  ~Worker() {
    for (int s = 0; s < kNumSpaces; ++s)
      std::free(ctx.base[s]);
  }
};

struct Scope {
  PTO2ScopeMode mode = PTO2ScopeMode::AUTO;
  std::vector<std::unique_ptr<ChipTensor[]>> descriptors;
  std::vector<BufferRef> buffers;
};

inline int typeIndex(CoreType t) { return t == CoreType::AIC ? 0 : 1; }

//===----------------------------------------------------------------------===//
// A run. Its members are defined by concern: lifetime and the ops table in
// Executor.cpp, the orchestrator side in ExecutorOrchestrator.cpp, scheduler
// and workers in ExecutorScheduler.cpp, kernel hooks in ExecutorHooks.cpp,
// tracing in ExecutorTrace.cpp, the watchdog in ExecutorWatchdog.cpp.
//===----------------------------------------------------------------------===//

class Run {
public:
  Run(const DeviceSpec &device, const LoadedProgram &program,
      const RunOptions &options, const RunLimits &limits);
  ~Run();

  Status execute(const ChipTaskArgs &args);
  RunStats stats() const { return stats_; }

  // Ops table entries.
  void submit(const MixedKernels &kernels, const CoreTaskArgs &args,
              TaskOutputTensors *out);
  void allocTensors(const TensorCreateInfo *const *infos, uint32_t count,
                    TaskOutputTensors *out);
  void scopeBegin(PTO2ScopeMode mode);
  void scopeEnd();
  void log(int level, const char *message);
  void reportFatal(int32_t code, const char *message);
  bool isFatal() const { return failedFlag_.load(std::memory_order_acquire); }
  void waitTensor(const ChipTensor &tensor, bool write);
  int clusterCount() const { return device_.numAic; }
  int aivCount() const { return device_.numAiv; }

  // Pipe hooks (called from kernel code through the worker's CoreContext).
  static void hookPipeInit(CoreContext *ctx, int32_t pipe, int32_t dirMask,
                           uint32_t slotSize, uint32_t slotNum, int32_t split,
                           void *gmRing);
  static uint8_t *hookPushAcquire(CoreContext *ctx, int32_t pipe,
                                  uint64_t *capacity);
  static void hookPushCommit(CoreContext *ctx, int32_t pipe,
                             const pto::sim::PipeTileDesc *desc);
  static void hookPop(CoreContext *ctx, int32_t pipe,
                      pto::sim::PipeSlotView *out);
  static void hookFree(CoreContext *ctx, int32_t pipe);
  // Signal hooks of a multi-card run (pto/comm.hpp).
  static void hookCommNotify(CoreContext *ctx, int32_t *addr, int32_t value,
                             int32_t op);
  static void hookCommWait(CoreContext *ctx, const int32_t *addr, int32_t cmp,
                           int32_t expected);
  // The barrier of all cores (pto/sync.hpp).
  static void hookSyncAll(CoreContext *ctx, int32_t coreType);

private:
  // Orchestrator thread.
  bool makeOutput(const TensorCreateInfo &ci, uint64_t owner, ChipTensor &desc,
                  BufferRef &buffer);
  bool chargeHeap(uint64_t bytes, uint64_t owner, int ring);
  Scope &currentScope() { return scopes_.back(); }
  int currentRing() const {
    return scopes_.empty()
               ? 0
               : std::min<int>(int(scopes_.size()) - 1, kNumRings - 1);
  }
  bool automaticDeps() const {
    return scopes_.empty() || scopes_.back().mode != PTO2ScopeMode::MANUAL;
  }
  /// Wait until pred() or failure, releasing held-back tasks meanwhile.
  /// Defined in ExecutorOrchestrator.cpp, its only user.
  template <typename Pred>
  void orchestratorWaitLocked(std::unique_lock<std::mutex> &lock, Pred pred);

  /// Stop the watchdog and the workers and join them; `lock` holds mu_ and is
  /// released before the joins. The end of a run and ~Run share it.
  void stopThreads(std::unique_lock<std::mutex> lock);

  // Require mu_.
  void failLocked(const std::string &message);
  void enqueueLocked(Task *t);
  void completeLocked(Task *t);
  /// Why `w`, a part of `t`, cannot take part in a barrier of `coreType`
  /// ("" when it can).
  std::string syncAllErrorLocked(const Worker *w, const Task &t,
                                 int32_t coreType) const;
  /// `w` ends its job: a barrier that others of its task wait in can no
  /// longer complete without it.
  void barrierPartEndedLocked(Worker *w);
  void dispatchLocked();
  bool reserveWorkersLocked(int type, unsigned count, bool beyondSoftCap);
  /// Hand `job` to an idle worker of `type` (a spinning one if any).
  void handJobLocked(int type, Job job);
  void startWorkerLocked(int type);
  std::string describeJobLocked(const Worker *w) const;

  // Workers.
  void workerLoop(Worker *w);
  std::string runJob(Worker *w, const Job &job);
  /// The end of a job `w` ran: account for it, `w` becomes idle.
  void finishJobLocked(Worker *w, const Job &job, const std::string &error);
  /// Until `w` has a job (true) or the run shuts down (false); mu_ not held.
  bool waitForJob(Worker *w);

  // Watchdog.
  void watchdogLoop();
  void watchdogCheckLocked();

  HeapAccount heap_; // first: buffers (declared later) release into it
  const DeviceSpec &device_;
  const LoadedProgram &program_;
  RunOptions options_;
  RunLimits limits_;
  PTO2RuntimeOps ops_{};

  std::mutex mu_;
  std::condition_variable orchCv_; // the orchestrator waits here
  std::condition_variable barrierCv_; // parts in SYNCALL wait here
  // Before live_, whose nodes it holds.
  NodePool livePool_;
  using LiveMap = std::unordered_map<
      uint64_t, std::unique_ptr<Task>, std::hash<uint64_t>,
      std::equal_to<uint64_t>,
      PoolAllocator<std::pair<const uint64_t, std::unique_ptr<Task>>>>;
  LiveMap live_{LiveMap::allocator_type(livePool_)};
  /// Finished tasks' records for reuse; the orchestrator takes them.
  std::vector<std::unique_ptr<Task>> finishedTasks_;
  std::vector<Task *> completionWork_; // completeLocked's, kept for storage
  uint64_t liveByRing_[kNumRings] = {};
  uint64_t depEntries_[kNumRings] = {};
  std::deque<Task *> ready_[NumQueues];
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<Worker *> idle_[2];
  // How many workers may spin or run at once: the host cores this process
  // may use, but the orchestrator's.
  unsigned maxSpinning_ = 0;

  unsigned started_[2] = {0, 0};
  unsigned softCap_[2] = {0, 0};
  unsigned hardCap_[2] = {0, 0};
  bool shutdown_ = false;
  bool failed_ = false;
  std::atomic<bool> failedFlag_{false};
  std::string error_;
  unsigned running_ = 0;
  bool holdDispatch_ = false; // deferDispatch while the orchestration runs
  uint64_t nextJobSerial_ = 1;
  RunStats stats_;

  // Watchdog (state under mu_).
  std::thread watchdog_;
  std::condition_variable watchdogCv_;
  bool watchdogStop_ = false;

public:
  /// Called on entry to a runtime call from the orchestration, while its
  /// guard is still armed: an interrupt the watchdog asked for lands here at
  /// the latest (a signal that arrives inside the runtime is dropped).
  Run *landOrchestrationInterrupt() {
    if (orchInterruptRequested_.load() && orchRunning_.load() &&
        pthread_equal(pthread_self(), orchThread_))
      detail::requestInterrupt(orchGuard_, orchThread_, kOrchestrationSerial);
    return this;
  }

  /// The orchestration made progress: a task submitted, a tensor allocated
  /// or waited for. Calls after a fatal error are no progress.
  void orchestrationProgress() {
    if (!isFatal())
      orchProgressNs_.store(nowNs(), std::memory_order_relaxed);
  }

private:
  // The orchestration thread while it runs its guarded entry (watchdog).
  static constexpr uint64_t kOrchestrationSerial = ~uint64_t(0);
  detail::GuardState *orchGuard_ = nullptr;
  pthread_t orchThread_{};
  std::atomic<bool> orchRunning_{false};
  std::atomic<int64_t> orchProgressNs_{0};
  std::atomic<bool> orchInterruptRequested_{false}; // set by the watchdog

  // Runtime DFX (RunOptions::trace): records under traceMu_.
  RunTrace *trace_ = nullptr;
  int64_t startNs_ = 0;
  std::mutex traceMu_;
  double sinceStartUs() const { return double(nowNs() - startNs_) / 1e3; }
  void traceSubmit(const Task &task, const MixedKernels &kernels,
                   const std::vector<TaskKey> &deps);
  void traceDump(const Task &task, bool before);
  void traceExec(const Job &job, const Worker &w, double startUs, double endUs);

  // Orchestrator thread only.
  uint64_t nextTaskId_ = 0;
  /// Task records ready for reuse (taken from finishedTasks_ under mu_), and
  /// a submit's scratch vectors, kept for their storage.
  std::vector<std::unique_ptr<Task>> spareTasks_;
  std::vector<TensorAccess> accesses_;
  std::vector<TaskKey> explicitDeps_, deps_;
  /// The tensor accesses of unfinished tasks. The orchestrator's alone: the
  /// tasks that finish reach it through finishedIds_, so the cores never
  /// wait for it (nor it for them) under mu_.
  DependencyTracker tracker_;
  std::vector<TaskKey> retiring_;
  /// Remove the tasks finished since the last call from tracker_.
  void retireFinishedTasks();

  // Tasks finished (under mu_) and not yet retired from tracker_.
  std::mutex finishedIdsMu_;
  std::vector<TaskKey> finishedIds_;
  std::vector<Scope> scopes_;
  std::unordered_map<uint64_t, BufferRef> ownedBuffers_;
};

} // namespace pypto::runtime::executor
#pragma GCC visibility pop

#endif // PYPTO_LIB_RUNTIME_EXECUTORIMPL_H
