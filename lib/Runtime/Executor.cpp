//===- Executor.cpp - Running a program on the simulated device -----------===//
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
// One mutex (mu_) guards the scheduler state (tracker, live tasks, queues,
// workers, ring counters); scope and buffer bookkeeping belong to the
// orchestrator thread alone. Lock order: mu_, then a PipeGroup's mutex.
//
//===----------------------------------------------------------------------===//

#define PTO2_HOST_RUNTIME 1
#include "pypto/Runtime/Device.h"
#include "pypto/Runtime/DependencyTracker.h"
#include "pypto/Runtime/intrinsic.h"
#include "pypto/Runtime/pto_orchestration_api.h"

#include "CrashGuard.h"
#include "Pipes.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <unordered_map>

namespace pypto::runtime {

namespace {

using detail::CrashInfo;
using detail::PipeGroup;
using detail::PipePartInfo;
using detail::Unguarded;
using pto::sim::CoreContext;
using pto::sim::Space;
constexpr int kNumSpaces = pto::sim::kNumSpaces;

constexpr uint32_t kDefaultTaskWindow = 16384;
constexpr uint64_t kDefaultRingHeap = uint64_t(1) << 30;
constexpr uint32_t kDefaultDepPool = 16384;
constexpr double kDefaultWatchdogSeconds = 60.0;
constexpr uint64_t kHeapAlign = 1024; // PTO2_PACKED_OUTPUT_ALIGN

/// What CoreContext::raise throws.
struct KernelRaise : std::runtime_error {
  using std::runtime_error::runtime_error;
};

__attribute__((noreturn)) void raiseFromKernel(CoreContext *, const char *message) {
  throw KernelRaise(message ? message : "(no message)");
}

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3g s", s);
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
  bool scopeClosed = false; // set by the orchestrator while it holds a reference
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

BufferRef allocateZeroed(size_t bytes) {
  auto b = std::make_shared<HostBuffer>();
  b->bytes = bytes;
  const size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
  if (rounded >= (1u << 20)) {
    b->data = std::calloc(rounded, 1); // page aligned, zero pages on demand
  } else {
    b->data = std::aligned_alloc(64, rounded);
    if (b->data)
      std::memset(b->data, 0, rounded);
  }
  if (!b->data)
    return nullptr;
  return b;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000;
  const int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) // inf / nan
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    const uint32_t shift = uint32_t(14 - exp);
    uint32_t h = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1)))
      ++h;
    return uint16_t(sign | h);
  }
  uint32_t h = (uint32_t(exp) << 10) | (mant >> 13);
  const uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return uint16_t(sign | h);
}

uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return uint16_t(x >> 16);
}

/// Encode `v` as one element of `dt` into `out` (element size bytes).
void encodeElement(DataType dt, double v, unsigned char *out) {
  auto put = [&](auto x) { std::memcpy(out, &x, sizeof(x)); };
  switch (dt) {
  case DataType::FLOAT32: put(float(v)); break;
  case DataType::FLOAT16: put(floatToHalf(float(v))); break;
  case DataType::BFLOAT16: put(floatToBf16(float(v))); break;
  case DataType::INT32: put(int32_t(v)); break;
  case DataType::INT16: put(int16_t(v)); break;
  case DataType::INT8: put(int8_t(v)); break;
  case DataType::UINT8: put(uint8_t(v)); break;
  case DataType::INT64: put(int64_t(v)); break;
  case DataType::UINT64: put(uint64_t(v)); break;
  case DataType::UINT16: put(uint16_t(v)); break;
  case DataType::UINT32: put(uint32_t(v)); break;
  case DataType::BOOL: put(uint8_t(v != 0.0)); break;
  default: put(uint8_t(v)); break;
  }
}

//===----------------------------------------------------------------------===//
// Tasks and workers.
//===----------------------------------------------------------------------===//

enum Queue { QMix = 0, QAic = 1, QAiv = 2, NumQueues = 3 };

struct Part {
  CoreType type;
  const LoadedKernel *kernel;
  int32_t subBlock;
};

struct Task {
  uint64_t id = 0;
  std::vector<ChipTensor> tensors;
  std::vector<TensorArgType> tags; // kept for the tensor dump
  std::vector<uint64_t> scalars;
  std::vector<Part> parts; // empty: dummy task
  int32_t blockNum = 1;
  bool syncStart = false;
  int ring = 0;
  int32_t nextBlock = 0;      // next block to dispatch
  int64_t unitsRemaining = 0; // parts * blocks not finished yet
  int32_t fanin = 0;          // unfinished producers
  std::vector<Task *> consumers;
  std::vector<BufferRef> buffers; // runtime buffers kept alive while the task lives
  std::vector<pto::sim::GmRange> gm; // buffers of the tensor arguments
  Queue queue = QAiv;
  unsigned need[2] = {0, 0}; // workers per block, by core type
};

struct Job {
  Task *task = nullptr;
  double dispatchUs = 0; // trace: when the job was handed to a worker
  int32_t part = 0;
  int32_t block = 0;
  uint64_t serial = 0;               // unique per job (guard / interrupts)
  std::shared_ptr<PipeGroup> group;  // the block's pipes (mixed tasks)
  int groupPart = 0;
};

class Run;

struct Worker {
  Run *run = nullptr;
  CoreType type = CoreType::AIV;
  unsigned index = 0;
  std::thread thread;
  std::condition_variable cv;
  bool hasJob = false;
  Job job;
  // Under Run::mu_: the job this worker was given and has not finished yet.
  bool running = false;
  detail::GuardState *guard = nullptr; // of the worker thread
  // Set by the worker thread and by its hooks; read by the watchdog.
  std::atomic<int64_t> lastProgressNs{0};
  // Set while the kernel waits in TWAIT: the signal it waits for (watchdog).
  std::atomic<const int32_t *> waitingSignal{nullptr};
  int32_t waitingCmp = 0, waitingExpected = 0;
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

int typeIndex(CoreType t) { return t == CoreType::AIC ? 0 : 1; }

//===----------------------------------------------------------------------===//
// A run.
//===----------------------------------------------------------------------===//

class Run {
public:
  Run(const DeviceSpec &device, const LoadedProgram &program, const RunOptions &options,
      const RunLimits &limits);
  ~Run();

  Status execute(const ChipTaskArgs &args);
  RunStats stats() const { return stats_; }

  // Ops table entries.
  void submit(const MixedKernels &kernels, const CoreTaskArgs &args, TaskOutputTensors *out);
  void allocTensors(const TensorCreateInfo *const *infos, uint32_t count, TaskOutputTensors *out);
  void scopeBegin(PTO2ScopeMode mode);
  void scopeEnd();
  void log(int level, const char *message);
  void reportFatal(int32_t code, const char *message);
  bool isFatal() const { return failedFlag_.load(std::memory_order_acquire); }
  void waitTensor(const ChipTensor &tensor, bool write);
  int clusterCount() const { return device_.numAic; }
  int aivCount() const { return device_.numAiv; }

  // Pipe hooks (called from kernel code through the worker's CoreContext).
  static void hookPipeInit(CoreContext *ctx, int32_t pipe, int32_t dirMask, uint32_t slotSize,
                           uint32_t slotNum, int32_t split, void *gmRing);
  static uint8_t *hookPushAcquire(CoreContext *ctx, int32_t pipe, uint64_t *capacity);
  static void hookPushCommit(CoreContext *ctx, int32_t pipe, const pto::sim::PipeTileDesc *desc);
  static void hookPop(CoreContext *ctx, int32_t pipe, pto::sim::PipeSlotView *out);
  static void hookFree(CoreContext *ctx, int32_t pipe);
  // Signal hooks of a multi-card run (pto/comm.hpp).
  static void hookCommNotify(CoreContext *ctx, int32_t *addr, int32_t value, int32_t op);
  static void hookCommWait(CoreContext *ctx, const int32_t *addr, int32_t cmp, int32_t expected);

private:
  // Orchestrator thread.
  bool makeOutput(const TensorCreateInfo &ci, uint64_t owner, ChipTensor &desc,
                  BufferRef &buffer);
  bool chargeHeap(uint64_t bytes, uint64_t owner, int ring);
  Scope &currentScope() { return scopes_.back(); }
  int currentRing() const {
    return scopes_.empty() ? 0 : std::min<int>(int(scopes_.size()) - 1, kNumRings - 1);
  }
  bool automaticDeps() const {
    return scopes_.empty() || scopes_.back().mode != PTO2ScopeMode::MANUAL;
  }
  /// Wait until pred() or failure, releasing held-back tasks meanwhile.
  template <typename Pred> void orchestratorWaitLocked(std::unique_lock<std::mutex> &lock,
                                                       Pred pred);

  // Require mu_.
  void failLocked(const std::string &message);
  void enqueueLocked(Task *t);
  void completeLocked(Task *t);
  void dispatchLocked();
  bool reserveWorkersLocked(int type, unsigned count, bool beyondSoftCap);
  void startWorkerLocked(int type);
  std::string describeJobLocked(const Worker *w) const;

  // Workers.
  void workerLoop(Worker *w);
  std::string runJob(Worker *w, const Job &job);

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
  DependencyTracker tracker_;
  std::unordered_map<uint64_t, std::unique_ptr<Task>> live_;
  uint64_t liveByRing_[kNumRings] = {};
  uint64_t depEntries_[kNumRings] = {};
  std::deque<Task *> ready_[NumQueues];
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<Worker *> idle_[2];
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
  std::vector<Scope> scopes_;
  std::unordered_map<uint64_t, BufferRef> ownedBuffers_;
};

Run *self(void *rt) { return static_cast<Run *>(rt); }

/// An orchestration call into the runtime: an interrupt the watchdog asked
/// for lands first (the orchestration's guard is still armed), then the call
/// runs unguarded (a fault inside the runtime is not the orchestration's,
/// and no jump may leave mu_ held).
class RuntimeCall {
public:
  explicit RuntimeCall(void *rt)
      : run_(self(rt)->landOrchestrationInterrupt()) {}

protected:
  Run *run_;

private:
  Unguarded unguarded_;
};

/// A runtime call that is progress, stamped for the watchdog on entry and
/// exit, so a long wait inside is not held against it.
class ProgressCall : public RuntimeCall {
public:
  explicit ProgressCall(void *rt) : RuntimeCall(rt) {
    run_->orchestrationProgress();
  }
  ~ProgressCall() { run_->orchestrationProgress(); }
};

Run::Run(const DeviceSpec &device, const LoadedProgram &program, const RunOptions &options,
         const RunLimits &limits)
    : device_(device), program_(program), options_(options), limits_(limits),
      trace_(options.trace), startNs_(nowNs()) {
  // A dependency graph lists every logical producer, finished or not.
  if (trace_ && trace_->deps)
    tracker_.setKeepHistory(true);
  unsigned soft = options.workersPerType ? options.workersPerType
                                         : std::thread::hardware_concurrency() + 1;
  soft = std::max(soft, 2u); // a mixed task needs two AIV cores at once
  for (int t = 0; t < 2; ++t) {
    hardCap_[t] = static_cast<unsigned>(std::max(
        0, device.coreCount(t == 0 ? CoreType::AIC : CoreType::AIV)));
    softCap_[t] = std::min(soft, hardCap_[t]);
  }
  stats_.limits = limits_;

  // Every entry runs unguarded: a fault inside the runtime is not the
  // orchestration's, and no jump may leave mu_ held.
  ops_.version = PTO2_RUNTIME_OPS_VERSION;
  ops_.struct_size = sizeof(PTO2RuntimeOps);
  ops_.runtime = this;
  ops_.submit_task = [](void *rt, const MixedKernels *k, const CoreTaskArgs *a,
                        TaskOutputTensors *out) {
    ProgressCall call(rt);
    self(rt)->submit(*k, *a, out);
  };
  ops_.alloc_tensors = [](void *rt, const TensorCreateInfo *const *infos, uint32_t n,
                          TaskOutputTensors *out) {
    ProgressCall call(rt);
    self(rt)->allocTensors(infos, n, out);
  };
  ops_.scope_begin = [](void *rt, PTO2ScopeMode mode) {
    RuntimeCall call(rt);
    self(rt)->scopeBegin(mode);
  };
  ops_.scope_end = [](void *rt) {
    RuntimeCall call(rt);
    self(rt)->scopeEnd();
  };
  ops_.log = [](void *rt, int level, const char *msg) {
    RuntimeCall call(rt);
    self(rt)->log(level, msg);
  };
  ops_.report_fatal = [](void *rt, int32_t code, const char *msg) {
    RuntimeCall call(rt);
    self(rt)->reportFatal(code, msg);
  };
  ops_.is_fatal = [](void *rt) -> int { return self(rt)->isFatal() ? 1 : 0; };
  ops_.available_cluster_count = [](void *rt) { return self(rt)->clusterCount(); };
  ops_.available_aiv_count = [](void *rt) { return self(rt)->aivCount(); };
  ops_.wait_tensor = [](void *rt, const ChipTensor *t, int write) {
    ProgressCall call(rt);
    self(rt)->waitTensor(*t, write != 0);
  };
}

Run::~Run() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
    watchdogStop_ = true;
    watchdogCv_.notify_all();
    for (auto &w : workers_)
      w->cv.notify_all();
  }
  if (watchdog_.joinable())
    watchdog_.join();
  for (auto &w : workers_)
    if (w->thread.joinable())
      w->thread.join();
}

//===----------------------------------------------------------------------===//
// Orchestrator side.
//===----------------------------------------------------------------------===//

Status Run::execute(const ChipTaskArgs &args) {
  detail::installCrashHandlers();
  program_.bindRuntime(&ops_);
  {
    std::lock_guard<std::mutex> lock(mu_);
    holdDispatch_ = options_.deferDispatch;
    if (limits_.watchdogSeconds > 0) {
      try {
        watchdog_ = std::thread(&Run::watchdogLoop, this);
      } catch (const std::exception &e) {
        failLocked(std::string("cannot start the watchdog thread: ") + e.what());
      }
    }
  }
  scopeBegin(PTO2ScopeMode::AUTO); // the executor's outer scope

  // The orchestration runs guarded: a fault in it ends the run, not the process.
  struct Call {
    Run *run;
    const ChipTaskArgs *args;
    std::string error;
  } call{this, &args, {}};
  CrashInfo crash;
  bool completed = true;
  if (!isFatal()) {
    detail::AltStack altStack;
    orchGuard_ = detail::currentGuardState();
    orchThread_ = pthread_self();
    orchProgressNs_.store(nowNs());
    orchRunning_.store(true);
    completed = detail::runGuarded(
        [](void *p) {
          Call *c = static_cast<Call *>(p);
          try {
            c->run->program_.entry(*c->args);
          } catch (const std::exception &e) {
            c->error = std::string("orchestration: uncaught exception: ") + e.what();
          } catch (...) {
            c->error = "orchestration: uncaught exception";
          }
        },
        &call, kOrchestrationSerial, crash);
    orchRunning_.store(false);
  }
  if (!completed || !call.error.empty()) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked(!completed ? "orchestration '" + program_.orchestrationPath + "' crashed with " +
                                detail::describeCrash(crash)
                          : call.error);
  }
  while (!scopes_.empty())
    scopeEnd();

  {
    std::unique_lock<std::mutex> lock(mu_);
    holdDispatch_ = false;
    dispatchLocked();
    orchCv_.wait(lock, [&] { return live_.empty(); });
    shutdown_ = true;
    watchdogStop_ = true;
    watchdogCv_.notify_all();
    for (auto &w : workers_)
      w->cv.notify_all();
  }
  if (watchdog_.joinable())
    watchdog_.join();
  for (auto &w : workers_)
    if (w->thread.joinable())
      w->thread.join();
  program_.bindRuntime(nullptr);

  stats_.aicWorkers = started_[0];
  stats_.aivWorkers = started_[1];
  std::lock_guard<std::mutex> lock(mu_);
  if (failed_)
    return Status::error(error_);
  return Status::success();
}

template <typename Pred>
void Run::orchestratorWaitLocked(std::unique_lock<std::mutex> &lock, Pred pred) {
  if (failed_ || pred())
    return;
  const bool held = holdDispatch_;
  holdDispatch_ = false;
  dispatchLocked();
  orchCv_.wait(lock, [&] { return failed_ || pred(); });
  holdDispatch_ = held;
}

bool Run::chargeHeap(uint64_t charge, uint64_t owner, int ring) {
  const uint64_t cap = limits_.ringHeap[ring];
  const std::string where = "orchestration: task " + std::to_string(owner) + ": ";
  std::unique_lock<std::mutex> lock(mu_);
  if (charge > cap) {
    failLocked(where + "a runtime-allocated tensor of " + std::to_string(charge) +
               " bytes (rounded up to 1024) exceeds the heap of ring " + std::to_string(ring) +
               " (" + std::to_string(cap) + " bytes; PTO2_RING_HEAP / RunOptions::ringHeap)");
    return false;
  }
  bool never = false;
  uint64_t pinned = 0;
  orchestratorWaitLocked(lock, [&] {
    const uint64_t used = heap_.used[ring].load();
    if (used + charge <= cap)
      return true;
    // Tensors of scopes that are still open are freed only when the
    // orchestrator (which waits here) ends those scopes.
    pinned = used - std::min(used, heap_.reclaimable[ring].load());
    if (pinned + charge > cap)
      never = true;
    return never;
  });
  if (failed_)
    return false;
  if (never) {
    failLocked(where + "the heap of ring " + std::to_string(ring) + " (" + std::to_string(cap) +
               " bytes; PTO2_RING_HEAP / RunOptions::ringHeap) cannot hold a runtime-allocated "
               "tensor of " +
               std::to_string(charge) + " bytes: " + std::to_string(pinned) +
               " bytes belong to tensors of scopes that are still open (raise PTO2_RING_HEAP or "
               "end scopes sooner)");
    return false;
  }
  heap_.used[ring].fetch_add(charge);
  uint64_t total = 0;
  for (int r = 0; r < kNumRings; ++r)
    total += heap_.used[r].load();
  stats_.maxHeapBytes = std::max(stats_.maxHeapBytes, total);
  return true;
}

bool Run::makeOutput(const TensorCreateInfo &ci, uint64_t owner, ChipTensor &desc,
                     BufferRef &buffer) {
  std::memset(&desc, 0, sizeof(desc));
  desc.owner_task_id = owner;
  desc.dtype = ci.dtype;
  desc.ndims = std::min<uint32_t>(ci.ndims, MAX_TENSOR_DIMS);
  for (uint32_t i = 0; i < desc.ndims; ++i)
    desc.shapes[i] = ci.shapes[i];
  desc.set_row_major_strides();
  desc.refresh();
  const uint32_t es = get_element_size(ci.dtype);
  if (ci.ndims > MAX_TENSOR_DIMS || es == 0) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: invalid TensorCreateInfo (ndims " + std::to_string(ci.ndims) +
               ", dtype " + std::to_string(int(ci.dtype)) + ")");
    return false;
  }
  if (isFatal())
    return true; // descriptor only; nothing will run
  const uint64_t numel = desc.numel();
  const uint64_t bytes = numel * es;
  const int ring = currentRing();
  const uint64_t charge = (std::max<uint64_t>(bytes, 1) + kHeapAlign - 1) / kHeapAlign * kHeapAlign;
  if (!chargeHeap(charge, owner, ring))
    return false;
  buffer = allocateZeroed(bytes);
  if (!buffer) {
    heap_.used[ring].fetch_sub(charge);
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: out of host memory allocating " + std::to_string(bytes) +
               " bytes");
    return false;
  }
  buffer->account = &heap_;
  buffer->ring = ring;
  buffer->charged = charge;
  if (ci.has_initial_value && ci.initial_value != 0.0) {
    unsigned char elem[8];
    encodeElement(ci.dtype, ci.initial_value, elem);
    unsigned char *p = static_cast<unsigned char *>(buffer->data);
    for (uint64_t i = 0; i < numel; ++i)
      std::memcpy(p + i * es, elem, es);
  }
  desc.buffer.addr = reinterpret_cast<uintptr_t>(buffer->data);
  desc.buffer.size = bytes;
  return true;
}

void Run::submit(const MixedKernels &kernels, const CoreTaskArgs &args, TaskOutputTensors *out) {
  *out = TaskOutputTensors();
  const uint64_t id = nextTaskId_++;
  auto fail = [&](const std::string &msg) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: task " + std::to_string(id) + ": " + msg);
  };
  if (args.error_msg_) {
    fail(std::string("invalid arguments: ") + args.error_msg_);
    return;
  }

  auto task = std::make_unique<Task>();
  task->id = id;
  task->ring = currentRing();
  // Parts.
  const int slots[3] = {kernels.aic, kernels.aiv0, kernels.aiv1};
  for (int s = 0; s < 3; ++s) {
    if (slots[s] == INVALID_KERNEL_ID)
      continue;
    const LoadedKernel *k = program_.kernel(slots[s]);
    const CoreType slotType = s == 0 ? CoreType::AIC : CoreType::AIV;
    if (!k) {
      fail("unknown kernel id " + std::to_string(slots[s]));
      return;
    }
    if (k->info.coreType != slotType) {
      fail("kernel '" + k->info.name + "' (id " + std::to_string(slots[s]) + ") is an " +
           coreTypeName(k->info.coreType) + " kernel but was submitted to an " +
           coreTypeName(slotType) + " slot");
      return;
    }
    task->parts.push_back(Part{slotType, k, s == 2 ? 1 : 0});
    task->need[typeIndex(slotType)]++;
  }
  task->blockNum = args.launch_spec.block_num;
  task->syncStart = args.launch_spec.require_sync_start != 0;
  if (task->blockNum < 1) {
    fail("invalid block count " + std::to_string(task->blockNum));
    return;
  }
  if (task->parts.empty())
    task->blockNum = 1;
  task->queue = task->parts.size() > 1 ? QMix
                : task->parts.empty() ? QAiv
                : task->parts[0].type == CoreType::AIC ? QAic
                                                        : QAiv;
  for (int t = 0; t < 2; ++t)
    if (task->syncStart && uint64_t(task->need[t]) * task->blockNum > hardCap_[t]) {
      fail("sync-start task needs " + std::to_string(uint64_t(task->need[t]) * task->blockNum) +
           " " + (t == 0 ? "AIC" : "AIV") + " cores at once; the device has " +
           std::to_string(hardCap_[t]));
      return;
    }
  task->unitsRemaining = int64_t(task->parts.size()) * task->blockNum;

  // Tensors, runtime-allocated outputs, accesses.
  const int32_t nt = args.tensor_count_;
  uint32_t numOutputs = 0;
  for (int32_t i = 0; i < nt; ++i)
    numOutputs += args.tags_[i] == TensorArgType::OUTPUT;
  std::unique_ptr<ChipTensor[]> outDescs;
  if (numOutputs)
    outDescs.reset(new ChipTensor[numOutputs]);
  std::vector<TensorAccess> accesses;
  task->tensors.resize(nt);
  // Every rank's window: a multi-card kernel reads and signals its peers'.
  if (CommWorld *world = options_.comm)
    for (int r = 0; r < world->numRanks(); ++r)
      task->gm.push_back(pto::sim::GmRange{reinterpret_cast<uintptr_t>(world->window(r)),
                                           world->windowBytes()});
  uint32_t o = 0;
  for (int32_t i = 0; i < nt; ++i) {
    const TensorArgType tag = args.tags_[i];
    ChipTensor &t = task->tensors[i];
    if (tag == TensorArgType::OUTPUT) {
      BufferRef buffer;
      if (!makeOutput(*args.refs_[i].create_info, id, t, buffer))
        return;
      outDescs[o++] = t;
      if (buffer) {
        task->buffers.push_back(buffer);
        ownedBuffers_[t.buffer.addr] = buffer;
        currentScope().buffers.push_back(std::move(buffer));
      }
    } else {
      t = *args.refs_[i].tensor;
      auto it = ownedBuffers_.find(t.buffer.addr);
      if (it != ownedBuffers_.end())
        task->buffers.push_back(it->second);
    }
    if (t.buffer.addr != 0 && t.buffer.size != 0)
      task->gm.push_back(pto::sim::GmRange{t.buffer.addr, t.buffer.size});
    switch (tag) {
    case TensorArgType::INPUT: accesses.push_back({t, AccessMode::Read}); break;
    case TensorArgType::OUTPUT:
    case TensorArgType::OUTPUT_EXISTING: accesses.push_back({t, AccessMode::Write}); break;
    case TensorArgType::INOUT: accesses.push_back({t, AccessMode::ReadWrite}); break;
    case TensorArgType::NO_DEP: break;
    }
  }
  task->tags.assign(args.tags_, args.tags_ + nt);
  task->scalars.assign(args.scalars_, args.scalars_ + args.scalar_count_);
  std::vector<TaskKey> explicitDeps;
  for (int32_t i = 0; i < args.dep_count_ && args.deps_; ++i)
    if (args.deps_[i].is_valid())
      explicitDeps.push_back(args.deps_[i].raw);

  if (numOutputs) {
    *out = TaskOutputTensors(outDescs.get(), numOutputs, PTO2TaskId::from_raw(id));
    currentScope().descriptors.push_back(std::move(outDescs));
  } else {
    *out = TaskOutputTensors(nullptr, 0, PTO2TaskId::from_raw(id));
  }

  const int ring = task->ring;
  std::unique_lock<std::mutex> lock(mu_);
  // Back-pressure: the ring's task window.
  orchestratorWaitLocked(lock, [&] { return liveByRing_[ring] < limits_.taskWindow[ring]; });
  if (failed_)
    return;
  std::vector<TaskKey> deps = tracker_.addTask(id, accesses, explicitDeps, automaticDeps());
  // Back-pressure: the ring's dependency pool (one entry per edge from an
  // unfinished producer).
  auto liveDeps = [&] {
    uint64_t n = 0;
    for (TaskKey d : deps)
      n += live_.count(d);
    return n;
  };
  orchestratorWaitLocked(lock,
                         [&] { return depEntries_[ring] + liveDeps() <= limits_.depPool[ring]; });
  if (failed_) {
    tracker_.completeTask(id);
    return;
  }
  Task *t = task.get();
  if (trace_ && trace_->deps)
    traceSubmit(*t, kernels, deps);
  for (TaskKey d : deps) {
    auto it = live_.find(d);
    if (it == live_.end())
      continue;
    it->second->consumers.push_back(t);
    ++t->fanin;
  }
  depEntries_[ring] += t->fanin;
  stats_.dependencyEdges += t->fanin;
  ++stats_.tasksSubmitted;
  live_.emplace(id, std::move(task));
  ++liveByRing_[ring];
  stats_.maxLiveTasks = std::max<uint64_t>(stats_.maxLiveTasks, live_.size());
  uint64_t entries = 0;
  for (int r = 0; r < kNumRings; ++r)
    entries += depEntries_[r];
  stats_.maxDependencyEntries = std::max(stats_.maxDependencyEntries, entries);
  if (t->fanin == 0) {
    if (t->parts.empty())
      completeLocked(t);
    else
      enqueueLocked(t);
  }
  dispatchLocked();
}

void Run::allocTensors(const TensorCreateInfo *const *infos, uint32_t count,
                       TaskOutputTensors *out) {
  *out = TaskOutputTensors();
  const uint64_t id = nextTaskId_++;
  if (count == 0)
    return;
  std::unique_ptr<ChipTensor[]> descs(new ChipTensor[count]);
  for (uint32_t i = 0; i < count; ++i) {
    BufferRef buffer;
    if (!makeOutput(*infos[i], id, descs[i], buffer))
      return;
    if (buffer) {
      ownedBuffers_[descs[i].buffer.addr] = buffer;
      currentScope().buffers.push_back(std::move(buffer));
    }
  }
  *out = TaskOutputTensors(descs.get(), count, PTO2TaskId::from_raw(id));
  currentScope().descriptors.push_back(std::move(descs));
}

void Run::scopeBegin(PTO2ScopeMode mode) {
  Scope s;
  s.mode = mode;
  scopes_.push_back(std::move(s));
}

void Run::scopeEnd() {
  if (scopes_.empty()) {
    log(PTO2_LOG_WARN, "scope_end without a matching scope_begin");
    return;
  }
  // Buffers of the scope stay alive while unfinished tasks use them; their
  // heap bytes become reclaimable.
  for (const BufferRef &b : scopes_.back().buffers) {
    ownedBuffers_.erase(reinterpret_cast<uintptr_t>(b->data));
    if (b->account && !b->scopeClosed) {
      b->scopeClosed = true;
      heap_.reclaimable[b->ring].fetch_add(b->charged);
    }
  }
  scopes_.pop_back();
}

void Run::log(int level, const char *message) {
  if (level < options_.logLevel)
    return;
  static const char *names[] = {"DEBUG", "INFO", "WARN", "ERROR"};
  const char *name = level >= 0 && level <= 3 ? names[level] : "LOG";
  std::fprintf(stderr, "[orchestration %s] %s\n", name, message ? message : "");
}

void Run::reportFatal(int32_t code, const char *message) {
  std::lock_guard<std::mutex> lock(mu_);
  failLocked("orchestration: fatal error " + std::to_string(code) + ": " +
             (message ? message : ""));
  dispatchLocked();
}

void Run::waitTensor(const ChipTensor &tensor, bool write) {
  std::unique_lock<std::mutex> lock(mu_);
  std::vector<TaskKey> ids = tracker_.conflicts(tensor, write);
  const bool held = holdDispatch_;
  holdDispatch_ = false;
  dispatchLocked();
  struct Restore {
    bool &flag;
    bool value;
    ~Restore() { flag = value; }
  } restore{holdDispatch_, held};
  orchCv_.wait(lock, [&] {
    for (TaskKey id : ids)
      if (live_.count(id))
        return false;
    return true;
  });
}

//===----------------------------------------------------------------------===//
// Scheduler (all under mu_).
//===----------------------------------------------------------------------===//

void Run::failLocked(const std::string &message) {
  if (!failed_) {
    failed_ = true;
    error_ = message;
    failedFlag_.store(true, std::memory_order_release);
    // Release the parts blocked on pipes: their peers may never come.
    for (auto &w : workers_)
      if (w->running && w->job.group)
        w->job.group->abort("aborted: the run failed");
  }
  orchCv_.notify_all();
}

void Run::enqueueLocked(Task *t) { ready_[t->queue].push_back(t); }

void Run::completeLocked(Task *first) {
  std::vector<Task *> work{first};
  while (!work.empty()) {
    Task *t = work.back();
    work.pop_back();
    if (trace_ && trace_->dumpTensors && !t->parts.empty() && !failed_)
      traceDump(*t, /*before=*/false);
    tracker_.completeTask(t->id);
    for (Task *c : t->consumers) {
      --depEntries_[c->ring];
      if (--c->fanin != 0)
        continue;
      if (c->parts.empty() || failed_)
        work.push_back(c); // dummy, or cancelled after an error
      else
        enqueueLocked(c);
    }
    --liveByRing_[t->ring];
    live_.erase(t->id); // may free buffers (heap)
  }
  orchCv_.notify_all();
}

void Run::startWorkerLocked(int type) {
  auto w = std::make_unique<Worker>();
  w->type = type == 0 ? CoreType::AIC : CoreType::AIV;
  w->index = started_[type];
  w->run = this;
  Worker *raw = w.get();
  raw->thread = std::thread(&Run::workerLoop, this, raw);
  workers_.push_back(std::move(w));
  idle_[type].push_back(raw);
  ++started_[type];
}

bool Run::reserveWorkersLocked(int type, unsigned count, bool beyondSoftCap) {
  const unsigned cap = beyondSoftCap ? hardCap_[type] : softCap_[type];
  while (idle_[type].size() < count && started_[type] < cap) {
    try {
      startWorkerLocked(type);
    } catch (const std::exception &e) {
      // Out of threads: live with the workers we have.
      hardCap_[type] = softCap_[type] = started_[type];
      if (started_[type] == 0)
        failLocked(std::string("cannot start a worker thread: ") + e.what());
      break;
    }
  }
  return idle_[type].size() >= count;
}

void Run::dispatchLocked() {
  if (holdDispatch_ && !failed_)
    return;
  for (bool progress = true; progress;) {
    progress = false;
    for (int q = 0; q < NumQueues; ++q) {
      while (!ready_[q].empty()) {
        Task *t = ready_[q].front();
        if (failed_) {
          // Cancel the blocks not dispatched yet.
          ready_[q].pop_front();
          t->unitsRemaining -= int64_t(t->blockNum - t->nextBlock) * int64_t(t->parts.size());
          t->nextBlock = t->blockNum;
          if (t->unitsRemaining == 0)
            completeLocked(t);
          progress = true;
          continue;
        }
        const unsigned blocks = t->syncStart ? unsigned(t->blockNum - t->nextBlock) : 1u;
        bool ok = true;
        for (int type = 0; type < 2 && ok; ++type)
          if (t->need[type])
            ok = reserveWorkersLocked(type, t->need[type] * blocks, t->syncStart);
        if (!ok)
          break; // wait for workers to come back
        if (t->nextBlock == 0 && trace_ && trace_->dumpTensors)
          traceDump(*t, /*before=*/true);
        for (unsigned b = 0; b < blocks; ++b) {
          const int32_t block = t->nextBlock++;
          // The parts of one block of a mixed task share its pipes.
          std::shared_ptr<PipeGroup> group;
          if (t->parts.size() > 1) {
            std::vector<PipePartInfo> infos;
            int lane = 0;
            for (const Part &p : t->parts) {
              PipePartInfo info;
              info.aic = p.type == CoreType::AIC;
              info.lane = info.aic ? 0 : lane++;
              info.kernel = p.kernel->info.name;
              infos.push_back(std::move(info));
            }
            group = std::make_shared<PipeGroup>(t->id, block,
                                                device_.arch == pto::sim::Arch::A2A3,
                                                std::move(infos), t->gm);
          }
          for (size_t p = 0; p < t->parts.size(); ++p) {
            const int type = typeIndex(t->parts[p].type);
            Worker *w = idle_[type].back();
            idle_[type].pop_back();
            w->job = Job{t, trace_ ? sinceStartUs() : 0.0, int32_t(p), block,
                         nextJobSerial_++, group, int(p)};
            w->hasJob = true;
            w->running = true;
            w->touch();
            ++running_;
            w->cv.notify_one();
          }
        }
        stats_.maxConcurrentKernels = std::max(stats_.maxConcurrentKernels, running_);
        if (t->nextBlock >= t->blockNum)
          ready_[q].pop_front();
        progress = true;
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Workers.
//===----------------------------------------------------------------------===//

void Run::workerLoop(Worker *w) {
  detail::AltStack altStack; // fault handlers run here (stack overflows too)
  detail::GuardState *guard = detail::currentGuardState();
  std::unique_lock<std::mutex> lock(mu_);
  w->guard = guard;
  for (;;) {
    w->cv.wait(lock, [&] { return w->hasJob || shutdown_; });
    if (!w->hasJob)
      return;
    const Job job = w->job;
    w->hasJob = false;
    lock.unlock();
    std::string error = runJob(w, job);
    lock.lock();
    --running_;
    ++stats_.blocksExecuted;
    if (!error.empty())
      failLocked(error); // first, so that it wins over the peers' pipe errors
    if (job.group)
      job.group->partFinished(job.groupPart);
    w->running = false;
    w->job = Job{};
    idle_[typeIndex(w->type)].push_back(w);
    if (--job.task->unitsRemaining == 0)
      completeLocked(job.task);
    dispatchLocked();
  }
}

std::string Run::runJob(Worker *w, const Job &job) {
  const Task &t = *job.task;
  const Part &part = t.parts[job.part];
  if (!w->arenasReady) {
    w->arenasReady = true;
    for (int s = 0; s < kNumSpaces; ++s) {
      const Space space = static_cast<Space>(s);
      if (!DeviceSpec::hasSpace(w->type, space) || device_.capacity[s] == 0)
        continue;
      w->ctx.base[s] = static_cast<uint8_t *>(std::calloc(device_.capacity[s], 1));
      if (!w->ctx.base[s])
        return "simulated " + std::string(coreTypeName(w->type)) + " core " +
               std::to_string(w->index) + ": out of host memory for its " +
               pto::sim::spaceName(space) + " arena";
      w->ctx.capacity[s] = device_.capacity[s];
    }
  }
  const size_t nt = t.tensors.size();
  for (size_t i = 0; i < nt; ++i) {
    w->tensors[i] = t.tensors[i];
    w->args[i] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->tensors[i]));
  }
  for (size_t s = 0; s < t.scalars.size(); ++s)
    w->args[nt + s] = static_cast<int64_t>(t.scalars[s]);
  for (size_t i = nt + t.scalars.size(); i < PTO2_LOCAL_CONTEXT_SLOT; ++i)
    w->args[i] = 0;
  w->local.block_idx = job.block;
  w->local.block_num = t.blockNum;
  w->global.sub_block_id = part.subBlock;
  w->args[PTO2_LOCAL_CONTEXT_SLOT] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->local));
  w->args[PTO2_GLOBAL_CONTEXT_SLOT] =
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->global));

  CoreContext &ctx = w->ctx;
  ctx.kernel_name = part.kernel->info.name.c_str();
  ctx.raise = &raiseFromKernel;
  ctx.runtime_data = w;
  ctx.abi_version = pto::sim::kCoreContextAbiVersion;
  ctx.core_type = w->type == CoreType::AIC ? 0 : 1;
  ctx.aiv_lane = job.group ? job.group->part(job.groupPart).lane : 0;
  ctx.num_aiv_lanes = int32_t(t.need[1]);
  ctx.has_aic = t.need[0] ? 1 : 0;
  ctx.reserved0 = 0;
  ctx.pipe_init = &Run::hookPipeInit;
  ctx.pipe_push_acquire = &Run::hookPushAcquire;
  ctx.pipe_push_commit = &Run::hookPushCommit;
  ctx.pipe_pop = &Run::hookPop;
  ctx.pipe_free = &Run::hookFree;
  ctx.gm_ranges = t.gm.empty() ? nullptr : t.gm.data();
  ctx.num_gm_ranges = uint32_t(t.gm.size());
  ctx.arch = static_cast<int32_t>(device_.arch);
  ctx.rank = options_.comm ? options_.rank : 0;
  ctx.num_ranks = options_.comm ? options_.comm->numRanks() : 1;
  ctx.comm_notify = &Run::hookCommNotify;
  ctx.comm_wait = &Run::hookCommWait;

  if (job.group)
    job.group->partStarted(job.groupPart);
  const double startUs = trace_ ? sinceStartUs() : 0.0;
  struct Call {
    const LoadedKernel *kernel;
    Worker *w;
    std::string error;
  } call{part.kernel, w, {}};
  CrashInfo crash;
  const bool completed = detail::runGuarded(
      [](void *p) {
        Call *c = static_cast<Call *>(p);
        try {
          c->kernel->bindCore(&c->w->ctx);
          c->kernel->entry(c->w->args);
        } catch (const std::exception &e) {
          c->error = e.what();
          if (c->error.empty())
            c->error = "exception";
        } catch (...) {
          c->error = "unknown exception";
        }
      },
      &call, job.serial, crash);
  part.kernel->bindCore(nullptr);
  w->touch();
  if (trace_ && trace_->timeline)
    traceExec(job, *w, startUs, sinceStartUs());
  const std::string who = "kernel '" + part.kernel->info.name + "' (task " + std::to_string(t.id) + ")";
  if (!completed) {
    if (crash.interrupted)
      return who + ": interrupted by the watchdog";
    return who + ": crashed with " + detail::describeCrash(crash) + " on " +
           coreTypeName(w->type) + " core " + std::to_string(w->index) + ", block " +
           std::to_string(job.block);
  }
  if (!call.error.empty()) {
    // The tile library names the kernel itself ("kernel 'k': ...").
    std::string error = call.error;
    const std::string named = "kernel '" + part.kernel->info.name + "': ";
    if (error.rfind(named, 0) == 0)
      error.erase(0, named.size());
    return who + ": " + error;
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Runtime DFX records.
//===----------------------------------------------------------------------===//

namespace {
const char *tagName(TensorArgType tag) {
  switch (tag) {
  case TensorArgType::INPUT: return "INPUT";
  case TensorArgType::OUTPUT: return "OUTPUT";
  case TensorArgType::INOUT: return "INOUT";
  case TensorArgType::OUTPUT_EXISTING: return "OUTPUT_EXISTING";
  case TensorArgType::NO_DEP: return "NO_DEP";
  }
  return "UNKNOWN";
}

/// The logical view of `t`, gathered into contiguous bytes.
std::vector<uint8_t> gatherView(const ChipTensor &t) {
  const uint32_t es = t.element_size();
  const uint64_t n = t.numel();
  std::vector<uint8_t> out(n * es);
  if (n == 0 || t.buffer.addr == 0)
    return out;
  const uint8_t *base = reinterpret_cast<const uint8_t *>(t.buffer.addr);
  uint32_t index[MAX_TENSOR_DIMS] = {};
  for (uint64_t k = 0; k < n; ++k) {
    uint64_t offset = t.start_offset;
    for (uint32_t d = 0; d < t.ndims; ++d)
      offset += uint64_t(index[d]) * t.strides[d];
    std::memcpy(out.data() + k * es, base + offset * es, es);
    for (int d = int(t.ndims) - 1; d >= 0; --d) {
      if (++index[d] < t.shapes[d])
        break;
      index[d] = 0;
    }
  }
  return out;
}
} // namespace

void Run::traceSubmit(const Task &task, const MixedKernels &kernels,
                      const std::vector<TaskKey> &deps) {
  RunTrace::Task record;
  record.id = task.id;
  record.kernelIds[0] = kernels.aic;
  record.kernelIds[1] = kernels.aiv0;
  record.kernelIds[2] = kernels.aiv1;
  record.blockNum = task.blockNum;
  for (size_t i = 0; i < task.tensors.size(); ++i)
    record.args.push_back({int32_t(i), tagName(task.tags[i]), task.tensors[i]});
  std::lock_guard<std::mutex> lock(traceMu_);
  trace_->tasks.push_back(std::move(record));
  for (TaskKey d : deps)
    trace_->edges.push_back({d, task.id});
}

void Run::traceDump(const Task &task, bool before) {
  for (size_t i = 0; i < task.tensors.size(); ++i) {
    const TensorArgType tag = task.tags[i];
    const bool in = tag == TensorArgType::INPUT || tag == TensorArgType::INOUT;
    const bool out = tag == TensorArgType::OUTPUT || tag == TensorArgType::OUTPUT_EXISTING ||
                     tag == TensorArgType::INOUT;
    if (before ? !in : !out)
      continue;
    const ChipTensor &t = task.tensors[i];
    RunTrace::Dump dump;
    dump.taskId = task.id;
    dump.argIndex = int32_t(i);
    dump.role = tag == TensorArgType::INOUT ? "inout" : before ? "input" : "output";
    dump.stage = before ? "before_dispatch" : "after_completion";
    dump.dtype = t.dtype;
    dump.shape.assign(t.shapes, t.shapes + t.ndims);
    dump.bytes = gatherView(t);
    std::lock_guard<std::mutex> lock(traceMu_);
    trace_->dumps.push_back(std::move(dump));
  }
}

void Run::traceExec(const Job &job, const Worker &w, double startUs, double endUs) {
  const Part &part = job.task->parts[job.part];
  RunTrace::Exec exec;
  exec.taskId = job.task->id;
  exec.funcId = part.kernel->info.funcId;
  exec.kernel = part.kernel->info.name;
  exec.block = job.block;
  exec.coreType = w.type;
  exec.core = w.index;
  exec.dispatchUs = job.dispatchUs;
  exec.startUs = startUs;
  exec.endUs = endUs;
  std::lock_guard<std::mutex> lock(traceMu_);
  trace_->execs.push_back(std::move(exec));
}

//===----------------------------------------------------------------------===//
// Pipe hooks: kernel code -> the block's PipeGroup. They run unguarded (a jump
// must not leave a lock held) and report errors by raising in the kernel.
//===----------------------------------------------------------------------===//

namespace {

Worker *hookWorker(CoreContext *ctx) { return static_cast<Worker *>(ctx->runtime_data); }

std::string hexAddress(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return buf;
}

std::string noPipes(const Worker *w, const char *op, int32_t pipe) {
  const Task &t = *w->job.task;
  return std::string(op) + " on pipe " + std::to_string(pipe) +
         ": cross-core pipes connect the AIC part and the AIV part(s) of a MixedKernels task; "
         "task " +
         std::to_string(t.id) + " has a single " + coreTypeName(w->type) + " part";
}

} // namespace

/// Why `op` (TNOTIFY or TWAIT) cannot use the signal at `addr`, or "".
static std::string signalError(const char *op, const CommWorld *world, const int32_t *addr) {
  if (!world)
    return std::string(op) + ": signals connect the chips of a multi-card run; this run has one chip";
  if (!world->inWindow(addr, sizeof(int32_t)))
    return std::string(op) + ": the signal at " + hexAddress(addr) + " is not in any rank's window";
  return {};
}

void Run::hookCommNotify(CoreContext *ctx, int32_t *addr, int32_t value, int32_t op) {
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

void Run::hookCommWait(CoreContext *ctx, const int32_t *addr, int32_t cmp, int32_t expected) {
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

void Run::hookPipeInit(CoreContext *ctx, int32_t pipe, int32_t dirMask, uint32_t slotSize,
                       uint32_t slotNum, int32_t split, void *gmRing) {
  std::string err;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->init(w->job.groupPart, pipe, dirMask, slotSize, slotNum,
                                            split, gmRing)
                       : noPipes(w, "TPIPE_INIT", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

uint8_t *Run::hookPushAcquire(CoreContext *ctx, int32_t pipe, uint64_t *capacity) {
  std::string err;
  uint8_t *data = nullptr;
  {
    Unguarded ug;
    Worker *w = hookWorker(ctx);
    err = w->job.group ? w->job.group->pushAcquire(w->job.groupPart, pipe, &data, capacity)
                       : noPipes(w, "TPUSH", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
  return data;
}

void Run::hookPushCommit(CoreContext *ctx, int32_t pipe, const pto::sim::PipeTileDesc *desc) {
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
    err = w->job.group ? w->job.group->free(w->job.groupPart, pipe) : noPipes(w, "TFREE", pipe);
    w->touch();
  }
  if (!err.empty())
    throw KernelRaise(err);
}

//===----------------------------------------------------------------------===//
// Watchdog.
//===----------------------------------------------------------------------===//

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
  s += ": kernel '" + p.kernel->info.name + "' on " + coreTypeName(w->type) + " core " +
       std::to_string(w->index);
  if (j.group && !j.group->part(j.groupPart).aic)
    s += " (lane " + std::to_string(j.group->part(j.groupPart).lane) + ")";
  std::string what = j.group ? j.group->waiting(j.groupPart) : std::string();
  if (const int32_t *signal = w->waitingSignal.load()) {
    static const char *cmps[] = {"==", "!=", ">", ">=", "<", "<="};
    what = "waiting in TWAIT for the signal at " + hexAddress(signal) + " (holds " +
           std::to_string(__atomic_load_n(signal, __ATOMIC_SEQ_CST)) + ") to be " +
           cmps[w->waitingCmp] + " " + std::to_string(w->waitingExpected);
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
  std::vector<Worker *> stuck;
  for (auto &w : workers_)
    if (w->running && now - w->lastProgressNs.load() >= limitNs)
      stuck.push_back(w.get());
  if (stuck.empty())
    return;
  std::sort(stuck.begin(), stuck.end(), [](const Worker *a, const Worker *b) {
    return std::make_tuple(a->job.task->id, a->job.block, a->job.part) <
           std::make_tuple(b->job.task->id, b->job.block, b->job.part);
  });
  if (!failed_) {
    std::string msg = "watchdog: no progress for " + seconds(limits_.watchdogSeconds) +
                      " (PYPTO_SIM_WATCHDOG_SECONDS / RunOptions::watchdogSeconds); stuck tasks:";
    for (const Worker *w : stuck)
      msg += "\n  " + describeJobLocked(w);
    failLocked(msg); // aborts the pipe groups: parts waiting in tpush/tpop return
  }
  // Parts stuck in kernel code (not in a runtime wait) are interrupted.
  for (Worker *w : stuck) {
    const bool inPipeWait = w->job.group && !w->job.group->waiting(w->job.groupPart).empty();
    if (!inPipeWait && detail::inGuardedCode(w->guard, w->job.serial)) {
      detail::requestInterrupt(w->guard, w->thread.native_handle(), w->job.serial);
    }
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Limits from RunOptions and the environment.
//===----------------------------------------------------------------------===//

namespace {

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
    fields.push_back(text.substr(start, comma == std::string::npos ? std::string::npos
                                                                   : comma - start));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  bool ok = fields.size() == 1 || fields.size() == size_t(kNumRings);
  uint64_t values[kNumRings] = {};
  for (size_t i = 0; ok && i < fields.size(); ++i)
    ok = parseUnsigned(fields[i], values[i]) && values[i] >= lo && values[i] <= hi;
  if (!ok) {
    error = std::string(name) + "='" + text + "' is invalid: expected " + what + " from " +
            std::to_string(lo) + " to " + std::to_string(hi) + ", or " +
            std::to_string(kNumRings) + " comma-separated ones (one per ring)";
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

  auto pick = [&](uint64_t option, const char *env, uint64_t lo, uint64_t hi, const char *what,
                  uint64_t dflt, auto &dst) {
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
  pick(options.taskWindow, "PTO2_RING_TASK_WINDOW", 1, uint64_t(1) << 30, "a task count",
       kDefaultTaskWindow, out.taskWindow);
  if (!error.empty())
    return Status::error(error);
  pick(options.ringHeap, "PTO2_RING_HEAP", 1024, uint64_t(1) << 48, "a byte count",
       kDefaultRingHeap, out.ringHeap);
  if (!error.empty())
    return Status::error(error);
  pick(options.depPool, "PTO2_RING_DEP_POOL", 1, uint64_t(INT32_MAX), "an entry count",
       kDefaultDepPool, out.depPool);
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
    if (errno != 0 || end != s.c_str() + s.size() || !std::isfinite(d) || d < 0 || d > 1e7)
      return Status::error("PYPTO_SIM_WATCHDOG_SECONDS='" + std::string(env) +
                           "' is invalid: expected a number of seconds (0 turns the "
                           "watchdog off)");
    out.watchdogSeconds = d;
  } else {
    out.watchdogSeconds = kDefaultWatchdogSeconds;
  }
  return Status::success();
}

//===----------------------------------------------------------------------===//
// HostArg and runProgram.
//===----------------------------------------------------------------------===//

HostArg HostArg::tensor(void *data, std::vector<int64_t> shape, DataType dtype,
                        uint32_t elementSize) {
  HostArg a;
  a.kind = Kind::Tensor;
  a.data = data;
  a.shape = std::move(shape);
  a.dtype = dtype;
  a.elementSize = elementSize;
  return a;
}

HostArg HostArg::scalar(uint64_t bits) {
  HostArg a;
  a.kind = Kind::Scalar;
  a.scalarBits = bits;
  return a;
}

Status runProgram(const DeviceSpec &device, const LoadedProgram &program,
                  std::vector<HostArg> &args, const RunOptions &options, RunStats *stats) {
  if (!program.loaded() || !program.entry || !program.config || !program.bindRuntime)
    return Status::error("runProgram: no program loaded");
  if (options.comm && (options.rank < 0 || options.rank >= options.comm->numRanks()))
    return Status::error("runProgram: rank " + std::to_string(options.rank) +
                         " is not a rank of the " + std::to_string(options.comm->numRanks()) +
                         "-rank world");
  // A multi-card run has one orchestration thread per rank: the bound
  // runtime is thread_local, so ranks of one program run concurrently.
  std::unique_lock<std::mutex> runLock(*program.runMutex, std::defer_lock);
  if (!options.comm)
    runLock.lock();

  auto chipArgs = std::make_unique<ChipTaskArgs>();
  int32_t nt = 0, ns = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const HostArg &a = args[i];
    const std::string where = "argument " + std::to_string(i) + ": ";
    if (a.kind == HostArg::Kind::Scalar) {
      if (ns >= CHIP_MAX_SCALAR_ARGS)
        return Status::error(where + "too many scalar arguments");
      chipArgs->scalars_[ns++] = a.scalarBits;
      continue;
    }
    if (nt >= CHIP_MAX_TENSOR_ARGS)
      return Status::error(where + "too many tensor arguments");
    const uint32_t es = get_element_size(a.dtype);
    if (es == 0)
      return Status::error(where + "unknown data type " + std::to_string(int(a.dtype)));
    if (a.elementSize && a.elementSize != es)
      return Status::error(where + "element size " + std::to_string(a.elementSize) +
                           " does not match " + get_dtype_name(a.dtype));
    if (a.shape.size() > MAX_TENSOR_DIMS)
      return Status::error(where + "rank " + std::to_string(a.shape.size()) +
                           " exceeds " + std::to_string(MAX_TENSOR_DIMS));
    ChipTensor &t = chipArgs->tensors_[nt++].tensor;
    std::memset(&t, 0, sizeof(t));
    t.owner_task_id = UINT64_MAX;
    t.dtype = a.dtype;
    t.ndims = static_cast<uint32_t>(a.shape.size());
    uint64_t numel = 1;
    for (size_t d = 0; d < a.shape.size(); ++d) {
      if (a.shape[d] < 0 || a.shape[d] > int64_t(UINT32_MAX))
        return Status::error(where + "invalid extent " + std::to_string(a.shape[d]));
      t.shapes[d] = static_cast<uint32_t>(a.shape[d]);
      numel *= uint64_t(a.shape[d]);
    }
    uint64_t inner = 1;
    for (size_t d = a.shape.size(); d-- > 1;) {
      inner *= uint64_t(a.shape[d]);
      if (inner > UINT32_MAX)
        return Status::error(where + "tensor too large for 32-bit strides");
    }
    t.set_row_major_strides();
    t.refresh();
    t.buffer.addr = reinterpret_cast<uintptr_t>(a.data);
    t.buffer.size = numel * es;
    if (!a.data && numel != 0)
      return Status::error(where + "tensor without data");
  }
  chipArgs->tensor_count_ = nt;
  chipArgs->scalar_count_ = ns;

  int expected = 0;
  try {
    expected = program.config(*chipArgs).expected_arg_count;
  } catch (const std::exception &e) {
    return Status::error(std::string("aicpu_orchestration_config failed: ") + e.what());
  }
  if (expected >= 0 && expected != nt + ns)
    return Status::error("orchestration '" + program.orchestrationPath + "' expects " +
                         std::to_string(expected) + " arguments, got " +
                         std::to_string(nt + ns) + " (" + std::to_string(nt) + " tensors, " +
                         std::to_string(ns) + " scalars)");

  RunLimits limits;
  if (Status s = resolveRunLimits(options, limits); !s)
    return s;
  Run run(device, program, options, limits);
  Status s = run.execute(*chipArgs);
  if (stats)
    *stats = run.stats();
  return s;
}

} // namespace pypto::runtime
