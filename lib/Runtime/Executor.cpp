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
// together, so they run concurrently.
//
// One mutex guards the scheduler state (tracker, live tasks, queues, workers);
// scope and buffer bookkeeping belong to the orchestrator thread alone.
//
//===----------------------------------------------------------------------===//

#define PTO2_HOST_RUNTIME 1
#include "pypto/Runtime/Device.h"
#include "pypto/Runtime/DependencyTracker.h"
#include "pypto/Runtime/intrinsic.h"
#include "pypto/Runtime/pto_orchestration_api.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace pypto::runtime {

namespace {

using pto::sim::CoreContext;
using pto::sim::Space;
constexpr int kNumSpaces = pto::sim::kNumSpaces;

/// What CoreContext::raise throws.
struct KernelRaise : std::runtime_error {
  using std::runtime_error::runtime_error;
};

__attribute__((noreturn)) void raiseFromKernel(CoreContext *, const char *message) {
  throw KernelRaise(message ? message : "(no message)");
}

//===----------------------------------------------------------------------===//
// Host buffers of runtime-allocated tensors.
//===----------------------------------------------------------------------===//

struct HostBuffer {
  void *data = nullptr;
  size_t bytes = 0;
  ~HostBuffer() { std::free(data); }
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
  std::vector<uint64_t> scalars;
  std::vector<Part> parts; // empty: dummy task
  int32_t blockNum = 1;
  bool syncStart = false;
  int32_t nextBlock = 0;      // next block to dispatch
  int64_t unitsRemaining = 0; // parts * blocks not finished yet
  int32_t fanin = 0;          // unfinished producers
  std::vector<Task *> consumers;
  std::vector<BufferRef> buffers; // runtime buffers kept alive while the task lives
  Queue queue = QAiv;
  unsigned need[2] = {0, 0}; // workers per block, by core type
};

struct Job {
  Task *task = nullptr;
  int32_t part = 0;
  int32_t block = 0;
};

struct Worker {
  CoreType type = CoreType::AIV;
  unsigned index = 0;
  std::thread thread;
  std::condition_variable cv;
  bool hasJob = false;
  Job job;
  bool arenasReady = false;
  CoreContext ctx{};
  ChipTensor tensors[PTO2_MAX_TENSOR_ARGS];
  int64_t args[PTO2_KERNEL_ARG_SLOTS] = {};
  LocalContext local{};
  GlobalContext global{};

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
  Run(const DeviceSpec &device, const LoadedProgram &program, const RunOptions &options);
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

private:
  // Orchestrator thread.
  bool makeOutput(const TensorCreateInfo &ci, uint64_t owner, ChipTensor &desc,
                  BufferRef &buffer);
  Scope &currentScope() { return scopes_.back(); }
  bool automaticDeps() const {
    return scopes_.empty() || scopes_.back().mode != PTO2ScopeMode::MANUAL;
  }

  // Require mu_.
  void failLocked(const std::string &message);
  void enqueueLocked(Task *t);
  void completeLocked(Task *t);
  void dispatchLocked();
  bool reserveWorkersLocked(int type, unsigned count, bool beyondSoftCap);
  void startWorkerLocked(int type);

  // Workers.
  void workerLoop(Worker *w);
  std::string runJob(Worker *w, const Job &job);

  const DeviceSpec &device_;
  const LoadedProgram &program_;
  RunOptions options_;
  PTO2RuntimeOps ops_{};

  std::mutex mu_;
  std::condition_variable orchCv_; // the orchestrator waits here
  DependencyTracker tracker_;
  std::unordered_map<uint64_t, std::unique_ptr<Task>> live_;
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
  RunStats stats_;

  // Orchestrator thread only.
  uint64_t nextTaskId_ = 0;
  std::vector<Scope> scopes_;
  std::unordered_map<uint64_t, BufferRef> ownedBuffers_;
};

Run *self(void *rt) { return static_cast<Run *>(rt); }

Run::Run(const DeviceSpec &device, const LoadedProgram &program, const RunOptions &options)
    : device_(device), program_(program), options_(options) {
  unsigned soft = options.workersPerType ? options.workersPerType
                                         : std::thread::hardware_concurrency() + 1;
  soft = std::max(soft, 2u); // a mixed task needs two AIV cores at once
  for (int t = 0; t < 2; ++t) {
    hardCap_[t] = static_cast<unsigned>(std::max(
        0, device.coreCount(t == 0 ? CoreType::AIC : CoreType::AIV)));
    softCap_[t] = std::min(soft, hardCap_[t]);
  }
  if (options_.taskWindow == 0)
    options_.taskWindow = 1;

  ops_.version = PTO2_RUNTIME_OPS_VERSION;
  ops_.struct_size = sizeof(PTO2RuntimeOps);
  ops_.runtime = this;
  ops_.submit_task = [](void *rt, const MixedKernels *k, const CoreTaskArgs *a,
                        TaskOutputTensors *out) { self(rt)->submit(*k, *a, out); };
  ops_.alloc_tensors = [](void *rt, const TensorCreateInfo *const *infos, uint32_t n,
                          TaskOutputTensors *out) { self(rt)->allocTensors(infos, n, out); };
  ops_.scope_begin = [](void *rt, PTO2ScopeMode mode) { self(rt)->scopeBegin(mode); };
  ops_.scope_end = [](void *rt) { self(rt)->scopeEnd(); };
  ops_.log = [](void *rt, int level, const char *msg) { self(rt)->log(level, msg); };
  ops_.report_fatal = [](void *rt, int32_t code, const char *msg) {
    self(rt)->reportFatal(code, msg);
  };
  ops_.is_fatal = [](void *rt) -> int { return self(rt)->isFatal() ? 1 : 0; };
  ops_.available_cluster_count = [](void *rt) { return self(rt)->clusterCount(); };
  ops_.available_aiv_count = [](void *rt) { return self(rt)->aivCount(); };
  ops_.wait_tensor = [](void *rt, const ChipTensor *t, int write) {
    self(rt)->waitTensor(*t, write != 0);
  };
}

Run::~Run() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
    for (auto &w : workers_)
      w->cv.notify_all();
  }
  for (auto &w : workers_)
    if (w->thread.joinable())
      w->thread.join();
}

//===----------------------------------------------------------------------===//
// Orchestrator side.
//===----------------------------------------------------------------------===//

Status Run::execute(const ChipTaskArgs &args) {
  program_.bindRuntime(&ops_);
  {
    std::lock_guard<std::mutex> lock(mu_);
    holdDispatch_ = options_.deferDispatch;
  }
  scopeBegin(PTO2ScopeMode::AUTO); // the executor's outer scope
  try {
    program_.entry(args);
  } catch (const std::exception &e) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked(std::string("orchestration: uncaught exception: ") + e.what());
  } catch (...) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: uncaught exception");
  }
  while (!scopes_.empty())
    scopeEnd();

  {
    std::unique_lock<std::mutex> lock(mu_);
    holdDispatch_ = false;
    dispatchLocked();
    orchCv_.wait(lock, [&] { return live_.empty(); });
    shutdown_ = true;
    for (auto &w : workers_)
      w->cv.notify_all();
  }
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
  buffer = allocateZeroed(bytes);
  if (!buffer) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: out of host memory allocating " + std::to_string(bytes) +
               " bytes");
    return false;
  }
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
    switch (tag) {
    case TensorArgType::INPUT: accesses.push_back({t, AccessMode::Read}); break;
    case TensorArgType::OUTPUT:
    case TensorArgType::OUTPUT_EXISTING: accesses.push_back({t, AccessMode::Write}); break;
    case TensorArgType::INOUT: accesses.push_back({t, AccessMode::ReadWrite}); break;
    case TensorArgType::NO_DEP: break;
    }
  }
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

  std::unique_lock<std::mutex> lock(mu_);
  if (live_.size() >= options_.taskWindow) {
    const bool held = holdDispatch_;
    holdDispatch_ = false;
    dispatchLocked();
    orchCv_.wait(lock, [&] { return failed_ || live_.size() < options_.taskWindow; });
    holdDispatch_ = held;
  }
  if (failed_)
    return;
  std::vector<TaskKey> deps = tracker_.addTask(id, accesses, explicitDeps, automaticDeps());
  Task *t = task.get();
  for (TaskKey d : deps) {
    auto it = live_.find(d);
    if (it == live_.end())
      continue;
    it->second->consumers.push_back(t);
    ++t->fanin;
  }
  stats_.dependencyEdges += t->fanin;
  ++stats_.tasksSubmitted;
  live_.emplace(id, std::move(task));
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
  // Buffers of the scope stay alive while unfinished tasks use them.
  for (const BufferRef &b : scopes_.back().buffers)
    ownedBuffers_.erase(reinterpret_cast<uintptr_t>(b->data));
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
  }
  orchCv_.notify_all();
}

void Run::enqueueLocked(Task *t) { ready_[t->queue].push_back(t); }

void Run::completeLocked(Task *first) {
  std::vector<Task *> work{first};
  while (!work.empty()) {
    Task *t = work.back();
    work.pop_back();
    tracker_.completeTask(t->id);
    for (Task *c : t->consumers) {
      if (--c->fanin != 0)
        continue;
      if (c->parts.empty() || failed_)
        work.push_back(c); // dummy, or cancelled after an error
      else
        enqueueLocked(c);
    }
    live_.erase(t->id);
  }
  orchCv_.notify_all();
}

void Run::startWorkerLocked(int type) {
  auto w = std::make_unique<Worker>();
  w->type = type == 0 ? CoreType::AIC : CoreType::AIV;
  w->index = started_[type];
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
        for (unsigned b = 0; b < blocks; ++b) {
          const int32_t block = t->nextBlock++;
          for (size_t p = 0; p < t->parts.size(); ++p) {
            const int type = typeIndex(t->parts[p].type);
            Worker *w = idle_[type].back();
            idle_[type].pop_back();
            w->job = Job{t, int32_t(p), block};
            w->hasJob = true;
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
  std::unique_lock<std::mutex> lock(mu_);
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
    idle_[typeIndex(w->type)].push_back(w);
    if (!error.empty())
      failLocked(error);
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
  w->ctx.kernel_name = part.kernel->info.name.c_str();
  w->ctx.raise = &raiseFromKernel;
  w->ctx.runtime_data = w;

  std::string error;
  try {
    part.kernel->bindCore(&w->ctx);
    part.kernel->entry(w->args);
  } catch (const std::exception &e) {
    error = e.what();
    if (error.empty())
      error = "exception";
  } catch (...) {
    error = "unknown exception";
  }
  part.kernel->bindCore(nullptr);
  if (!error.empty())
    return "kernel '" + part.kernel->info.name + "' (task " + std::to_string(t.id) + "): " + error;
  return {};
}

} // namespace

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
  std::lock_guard<std::mutex> runLock(*program.runMutex);

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

  Run run(device, program, options);
  Status s = run.execute(*chipArgs);
  if (stats)
    *stats = run.stats();
  return s;
}

} // namespace pypto::runtime
