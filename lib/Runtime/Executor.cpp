//===- Executor.cpp - runProgram and a run's lifetime -----------*- C++ -*-===//

#include "ExecutorImpl.h"

#include <cstring>

#include <sched.h>

namespace pypto::runtime::executor {

namespace {

Run *self(void *rt) { return static_cast<Run *>(rt); }

/// The cores this process may run on (its affinity mask; taskset and
/// container cpusets narrow it, hardware_concurrency does not see that).
unsigned usableHostCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

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

} // namespace

Run::Run(const DeviceSpec &device, const LoadedProgram &program,
         const RunOptions &options, const RunLimits &limits)
    : device_(device), program_(program), options_(options), limits_(limits),
      trace_(options.trace), startNs_(nowNs()) {
  // A dependency graph lists every logical producer, finished or not.
  if (trace_ && trace_->deps)
    tracker_.setKeepHistory(true);
#if defined(__GLIBC__)
  // The orchestrator and the cores take mu_ for every task, for a moment
  // each: a contended lock spins briefly before it sleeps (a sleep and the
  // wake-up cost more than the critical section). mu_ is not in use yet.
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ADAPTIVE_NP);
  pthread_mutex_init(mu_.native_handle(), &attr);
  pthread_mutexattr_destroy(&attr);
#endif
  const unsigned hostCores = std::thread::hardware_concurrency();
  const unsigned usableCores = usableHostCores();
  maxSpinning_ = usableCores > 1 ? usableCores - 1 : 0;
  unsigned soft =
      options.workersPerType ? options.workersPerType : hostCores + 1;
  soft = std::max(soft, 2u); // a mixed task needs two AIV cores at once
  for (int t = 0; t < 2; ++t) {
    hardCap_[t] = static_cast<unsigned>(
        std::max(0, device.coreCount(t == 0 ? CoreType::AIC : CoreType::AIV)));
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
  ops_.alloc_tensors = [](void *rt, const TensorCreateInfo *const *infos,
                          uint32_t n, TaskOutputTensors *out) {
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
  ops_.available_cluster_count = [](void *rt) {
    return self(rt)->clusterCount();
  };
  ops_.available_aiv_count = [](void *rt) { return self(rt)->aivCount(); };
  ops_.wait_tensor = [](void *rt, const ChipTensor *t, int write) {
    ProgressCall call(rt);
    self(rt)->waitTensor(*t, write != 0);
  };
}

Run::~Run() { stopThreads(std::unique_lock<std::mutex>(mu_)); }

void Run::stopThreads(std::unique_lock<std::mutex> lock) {
  shutdown_ = true;
  watchdogStop_ = true;
  watchdogCv_.notify_all();
  for (auto &w : workers_)
    w->cv.notify_all();
  lock.unlock();
  if (watchdog_.joinable())
    watchdog_.join();
  for (auto &w : workers_)
    if (w->thread.joinable())
      w->thread.join();
}

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
        failLocked(std::string("cannot start the watchdog thread: ") +
                   e.what());
      }
    }
  }
  scopeBegin(PTO2ScopeMode::AUTO); // the executor's outer scope

  // The orchestration runs guarded: a fault in it ends the run, not the
  // process.
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
            c->error =
                std::string("orchestration: uncaught exception: ") + e.what();
          } catch (...) {
            c->error = "orchestration: uncaught exception";
          }
        },
        &call, kOrchestrationSerial, crash);
    orchRunning_.store(false);
  }
  if (!completed || !call.error.empty()) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked(!completed ? "orchestration '" + program_.orchestrationPath +
                                "' crashed with " + detail::describeCrash(crash)
                          : call.error);
  }
  while (!scopes_.empty())
    scopeEnd();

  {
    std::unique_lock<std::mutex> lock(mu_);
    holdDispatch_ = false;
    dispatchLocked();
    orchCv_.wait(lock, [&] { return live_.empty(); });
    // Every task has finished: the workers and the watchdog can go.
    stopThreads(std::move(lock));
  }
  program_.bindRuntime(nullptr);

  stats_.aicWorkers = started_[0];
  stats_.aivWorkers = started_[1];
  std::lock_guard<std::mutex> lock(mu_);
  if (failed_)
    return Status::error(error_);
  return Status::success();
}

} // namespace pypto::runtime::executor

namespace pypto::runtime {

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
                  std::vector<HostArg> &args, const RunOptions &options,
                  RunStats *stats) {
  if (!program.loaded() || !program.entry || !program.config ||
      !program.bindRuntime)
    return Status::error("runProgram: no program loaded");
  if (options.comm &&
      (options.rank < 0 || options.rank >= options.comm->numRanks()))
    return Status::error("runProgram: rank " + std::to_string(options.rank) +
                         " is not a rank of the " +
                         std::to_string(options.comm->numRanks()) +
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
      return Status::error(where + "unknown data type " +
                           std::to_string(int(a.dtype)));
    if (a.elementSize && a.elementSize != es)
      return Status::error(where + "element size " +
                           std::to_string(a.elementSize) + " does not match " +
                           get_dtype_name(a.dtype));
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
        return Status::error(where + "invalid extent " +
                             std::to_string(a.shape[d]));
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
    return Status::error(std::string("aicpu_orchestration_config failed: ") +
                         e.what());
  }
  if (expected >= 0 && expected != nt + ns)
    return Status::error("orchestration '" + program.orchestrationPath +
                         "' expects " + std::to_string(expected) +
                         " arguments, got " + std::to_string(nt + ns) + " (" +
                         std::to_string(nt) + " tensors, " +
                         std::to_string(ns) + " scalars)");

  RunLimits limits;
  if (Status s = resolveRunLimits(options, limits); !s)
    return s;
  executor::Run run(device, program, options, limits);
  Status s = run.execute(*chipArgs);
  if (stats)
    *stats = run.stats();
  return s;
}

} // namespace pypto::runtime
