//===- Device.h - The simulated device: compile, load, run ------*- C++ -*-===//
//
// Host side of the a2a3sim / a5sim simulators:
//   * DeviceSpec        - core counts and on-chip capacities of a platform;
//   * compileSharedObjects - generated C++ -> cached shared objects (host g++);
//   * loadProgram       - dlopen the orchestration and the kernels;
//   * runProgram        - run the orchestration on the calling thread (the
//                         "AICPU") and its tasks on simulated AIC/AIV cores.
//
// Standard library only (no LLVM/MLIR). Interfaces: docs/design/runtime-abi.md.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_DEVICE_H
#define PYPTO_RUNTIME_DEVICE_H

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "pypto/Runtime/comm_context.h"
#include "pypto/Runtime/pto/sim/core_context.hpp"
#include "pypto/Runtime/tensor.h"

// Declared hidden, as pto_orchestration_api.h defines them.
#pragma GCC visibility push(hidden)
struct ChipTaskArgs;
struct PTO2OrchestrationConfig;
struct PTO2RuntimeOps;
#pragma GCC visibility pop

namespace pypto::runtime {

/// Success, or an error message.
struct Status {
  bool ok = true;
  std::string message;

  static Status success() { return Status{}; }
  static Status error(std::string msg) { return Status{false, std::move(msg)}; }
  explicit operator bool() const { return ok; }
};

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

enum class CoreType { AIC, AIV };

const char *coreTypeName(CoreType type);

struct DeviceSpec {
  std::string platform; // "a2a3sim" or "a5sim"
  pto::sim::Arch arch = pto::sim::Arch::A2A3;
  int numAic = 0;
  int numAiv = 0;
  uint64_t capacity[pto::sim::kNumSpaces] = {};

  /// "a2a3sim": 24 AIC + 48 AIV, a2a3 capacities; "a5sim": 36 AIC + 72 AIV.
  static std::optional<DeviceSpec> forPlatform(const std::string &platform);

  uint64_t capacityOf(pto::sim::Space space) const {
    return capacity[static_cast<int>(space)];
  }
  int coreCount(CoreType type) const { return type == CoreType::AIC ? numAic : numAiv; }
  /// Whether cores of `type` own `space` (AIC: L1/L0A/L0B/L0C/BIAS, AIV: UB).
  static bool hasSpace(CoreType type, pto::sim::Space space);
};

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

enum class CompileKind {
  Orchestration, // no extra define
  AicKernel,     // -D__DAV_CUBE__
  AivKernel,     // -D__DAV_VEC__
};

struct CompileJob {
  /// Name for messages (e.g. "kernel_add.cpp"); defaults to sourcePath.
  std::string name;
  /// Source file. Read when sourceText is empty; compiled in place then.
  std::string sourcePath;
  /// Source text; when set it is written into the cache and compiled there.
  std::string sourceText;
  CompileKind kind = CompileKind::Orchestration;
  std::vector<std::string> extraFlags;
};

struct CompileOptions {
  /// Directory given with -I (and whose headers enter the cache key). Empty:
  /// $PYPTO_RUNTIME_INCLUDE_DIR, else the build-time default, if any.
  std::string runtimeIncludeDir;
  /// Empty: $PYPTO_CACHE_DIR, else $XDG_CACHE_HOME/pypto-mlir, else
  /// ~/.cache/pypto-mlir.
  std::string cacheDir;
  /// Compiler command. Empty: $CXX, else "g++".
  std::string compiler;
  /// Appended to every job's command line.
  std::vector<std::string> extraFlags;
  /// Per-compile wall-clock limit.
  unsigned timeoutSeconds = 600;
  /// Parallel compiles; 0 = hardware_concurrency.
  unsigned parallelism = 0;
  /// false: always compile (the result still lands in the cache).
  bool useCache = true;
  /// Compile the headers a source opens with once, into a precompiled header
  /// kept in the cache (a pure speed-up: objects are the same without it).
  /// $PYPTO_PCH=0 turns it off too.
  bool precompiledHeaders = true;
  /// When set and true, compiles not yet started are skipped (their error:
  /// "cancelled"): a run that fails before it needs the objects does not
  /// wait for all of them.
  const std::atomic<bool> *cancelled = nullptr;
};

struct CompiledObject {
  std::string soPath;  // set on success
  bool cacheHit = false;
  std::string error;   // set on failure
  bool ok() const { return error.empty() && !soPath.empty(); }
};

struct CompileResult {
  bool ok = false;
  std::vector<CompiledObject> objects; // one per job, same order
  std::string error;                   // all job errors, joined
  unsigned compilerInvocations = 0;
  unsigned cacheHits = 0;
  unsigned precompiledHeaderBuilds = 0; // compiler runs that made one
};

/// Compile each job with `<compiler> -std=c++17 -O2 -fPIC -shared
/// -fno-gnu-unique -I<runtime include dir> [-D__CPU_SIM -D__DAV_CUBE__ |
/// -D__DAV_VEC__] <flags> <src> -o <so>`, in parallel, reusing the cache.
CompileResult compileSharedObjects(const std::vector<CompileJob> &jobs,
                                   const CompileOptions &options = {});

/// The cache directory `options` resolves to.
std::string resolveCacheDir(const CompileOptions &options);
/// The runtime include directory `options` resolves to ("" if none).
std::string resolveRuntimeIncludeDir(const CompileOptions &options);

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

using KernelEntryFn = void (*)(int64_t *args);
using BindCoreFn = void (*)(pto::sim::CoreContext *ctx);
using OrchConfigFn = PTO2OrchestrationConfig (*)(const ChipTaskArgs &);
using OrchEntryFn = void (*)(const ChipTaskArgs &);
using BindRuntimeFn = void (*)(const PTO2RuntimeOps *);

struct KernelInfo {
  int funcId = 0; // id given to rt_submit_*; index in the program
  std::string name;
  CoreType coreType = CoreType::AIV;
  std::string soPath;
};

struct LoadedKernel {
  bool present = false;
  KernelInfo info;
  void *handle = nullptr;
  KernelEntryFn entry = nullptr;
  BindCoreFn bindCore = nullptr;
};

/// dlopen'ed orchestration + kernels. Move-only; dlcloses on destruction.
class LoadedProgram {
public:
  LoadedProgram();
  ~LoadedProgram();
  LoadedProgram(LoadedProgram &&) noexcept;
  LoadedProgram &operator=(LoadedProgram &&) noexcept;
  LoadedProgram(const LoadedProgram &) = delete;
  LoadedProgram &operator=(const LoadedProgram &) = delete;

  bool loaded() const { return orchHandle != nullptr; }
  /// Kernel with func id `id`, or nullptr.
  const LoadedKernel *kernel(int id) const;
  void reset();

  std::string orchestrationPath;
  void *orchHandle = nullptr;
  OrchConfigFn config = nullptr;
  OrchEntryFn entry = nullptr;
  BindRuntimeFn bindRuntime = nullptr;
  std::vector<LoadedKernel> kernels; // indexed by func id
  /// Serialises runs: the orchestration's bound runtime is a global of its
  /// .so (shared by all LoadedPrograms that dlopen the same object).
  std::shared_ptr<std::mutex> runMutex;
};

/// dlopen (RTLD_NOW | RTLD_LOCAL) and resolve `aicpu_orchestration_config`,
/// `aicpu_orchestration_entry`, `framework_bind_runtime`, and per kernel
/// `kernel_entry` and `pto_sim_bind_core`.
Status loadProgram(const std::string &orchestrationSo, const std::vector<KernelInfo> &kernels,
                   LoadedProgram &out);

struct KernelSource {
  int funcId = 0;
  std::string name;
  CoreType coreType = CoreType::AIV;
  std::string sourcePath; // or
  std::string sourceText;
};

struct ProgramSources {
  std::string orchestrationName;
  std::string orchestrationPath; // or
  std::string orchestrationText;
  std::vector<KernelSource> kernels;
};

/// compileSharedObjects + loadProgram.
Status buildProgram(const ProgramSources &sources, const CompileOptions &options,
                    LoadedProgram &out, CompileResult *compileResult = nullptr);

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

/// One argument of the orchestration: a host tensor (row-major, contiguous)
/// or a scalar bit pattern. Tensors become orch_args.tensor(i) in order,
/// scalars orch_args.scalar(j) in order.
struct HostArg {
  enum class Kind { Tensor, Scalar };
  Kind kind = Kind::Scalar;
  void *data = nullptr;
  std::vector<int64_t> shape;
  DataType dtype = DataType::FLOAT32;
  uint32_t elementSize = 0; // 0: from dtype
  uint64_t scalarBits = 0;

  static HostArg tensor(void *data, std::vector<int64_t> shape, DataType dtype,
                        uint32_t elementSize = 0);
  static HostArg scalar(uint64_t bits);
  template <typename T> static HostArg scalarOf(T value) { return scalar(to_u64(value)); }
};

/// The chips of a multi-card run (simpler's L3 on one host): every rank's
/// window, zero-initialised and 64-byte aligned, and the CommContext each
/// rank's kernels read. Ranks run as concurrent runProgram calls that share
/// one CommWorld; the first rank to fail aborts the waits of the others.
class CommWorld {
public:
  /// `numRanks` windows of `windowBytes` each (1..64 ranks).
  static Status create(int numRanks, uint64_t windowBytes, std::unique_ptr<CommWorld> &out);
  ~CommWorld();
  CommWorld(const CommWorld &) = delete;
  CommWorld &operator=(const CommWorld &) = delete;

  int numRanks() const { return numRanks_; }
  uint64_t windowBytes() const { return windowBytes_; }
  uint8_t *window(int rank) const { return windows_[rank]; }
  /// The CommContext of `rank` (stable for the world's lifetime).
  const ::CommContext *context(int rank) const;
  /// Whether [p, p + bytes) lies in one rank's window.
  bool inWindow(const void *p, uint64_t bytes) const;

  /// Signals: `op` 0 adds, 1 sets; wakes every waiter.
  void notify(int32_t *addr, int32_t value, int32_t op);
  /// Blocks until `*addr <cmp> expected` holds (true) or `stop()` returns true
  /// or the world failed (false). Checks at least every few milliseconds.
  template <typename Stop>
  bool wait(const int32_t *addr, int32_t cmp, int32_t expected, Stop stop);
  static bool holds(int32_t value, int32_t cmp, int32_t expected);

  /// The first failure of any rank ends every rank's waits.
  void fail(int rank, const std::string &message);
  bool failed() const;
  std::string failure() const;

private:
  CommWorld() = default;
  bool waitSome(const int32_t *addr, int32_t cmp, int32_t expected);

  int numRanks_ = 0;
  uint64_t windowBytes_ = 0;
  std::vector<uint8_t *> windows_;
  std::vector<std::unique_ptr<::CommContext>> contexts_;
  struct Sync;
  std::unique_ptr<Sync> sync_;
};

/// Rings are selected by scope depth as in simpler: the executor's outer
/// scope is ring 0, a PTO2_SCOPE inside it ring 1, deeper scopes rings 2 and 3.
inline constexpr int kNumRings = 4;

/// Runtime DFX records (simpler's l2 swimlane, dep_gen and tensor dump),
/// filled by runProgram when RunOptions::trace points here. Times are
/// microseconds of host time since the run started.
struct RunTrace {
  bool timeline = false;    // per task part and block: dispatch/start/end
  bool deps = false;        // tasks, their arguments and dependency edges
  bool dumpTensors = false; // inputs before dispatch, outputs after completion

  struct Arg {
    int32_t index = 0;
    std::string kind; // INPUT, OUTPUT, INOUT, OUTPUT_EXISTING, NO_DEP
    ChipTensor tensor{};
  };
  struct Task {
    uint64_t id = 0;
    int32_t kernelIds[3] = {-1, -1, -1}; // aic, aiv0, aiv1
    int32_t blockNum = 1;
    std::vector<Arg> args;
  };
  struct Edge {
    uint64_t pred = 0, succ = 0;
  };
  struct Exec {
    uint64_t taskId = 0;
    int32_t funcId = -1;
    std::string kernel;
    int32_t block = 0;
    CoreType coreType = CoreType::AIV;
    unsigned core = 0;
    double dispatchUs = 0, startUs = 0, endUs = 0;
  };
  struct Dump {
    uint64_t taskId = 0;
    int32_t argIndex = 0;
    std::string role;  // input, output, inout
    std::string stage; // before_dispatch, after_completion
    DataType dtype = DataType::FLOAT32;
    std::vector<uint32_t> shape;
    std::vector<uint8_t> bytes; // the logical view, contiguous
  };
  std::vector<Task> tasks;
  std::vector<Edge> edges;
  std::vector<Exec> execs;
  std::vector<Dump> dumps;
};

struct RunOptions {
  /// Unfinished tasks per ring at most; submit blocks beyond (back-pressure).
  /// 0: $PTO2_RING_TASK_WINDOW, else 16384.
  uint32_t taskWindow = 0;
  /// Bytes of runtime-allocated tensors (add_output(TensorCreateInfo),
  /// alloc_tensors) alive at once per ring, each rounded up to 1024 bytes; an
  /// allocation beyond blocks until tensors are freed, and fails when the
  /// tensors of still-open scopes alone leave no room.
  /// 0: $PTO2_RING_HEAP, else 1 GiB.
  uint64_t ringHeap = 0;
  /// Dependency entries (edges from unfinished producers to the tasks of a
  /// ring) at most; submit blocks beyond. 0: $PTO2_RING_DEP_POOL, else 16384.
  uint32_t depPool = 0;
  /// A running task part that makes no progress (returns, or completes a
  /// pipe operation) for this long ends the run with an error naming the
  /// stuck tasks. 0: $PYPTO_SIM_WATCHDOG_SECONDS, else 60; negative: off.
  double watchdogSeconds = 0;
  /// Worker threads per core type for ordinary tasks; 0 = hardware_concurrency + 1
  /// (at least 2). Never more than the device's cores; sync-start groups may
  /// use up to the device's cores.
  unsigned workersPerType = 0;
  /// Minimum level of orchestration LOG_* output printed to stderr
  /// (0 debug, 1 info, 2 warn, 3 error).
  int logLevel = 2;
  /// Hold all tasks back until the orchestration returns (or waits: window,
  /// heap, dependency pool, get/set_tensor_data). Every producer is then still
  /// unfinished when its consumers are submitted, so the dependency graph is
  /// deterministic.
  bool deferDispatch = false;
  /// Runtime DFX: what to record, and where (nullptr: nothing).
  RunTrace *trace = nullptr;
  /// A multi-card run: the shared world and this chip's rank in it. Every
  /// rank's windows are GM the tasks may touch; TNOTIFY/TWAIT go through it.
  CommWorld *comm = nullptr;
  int rank = 0;
};

/// The limits a run uses, per ring: RunOptions fields, else the environment
/// (PTO2_RING_TASK_WINDOW, PTO2_RING_HEAP, PTO2_RING_DEP_POOL: one number for
/// every ring or four comma-separated ones; PYPTO_SIM_WATCHDOG_SECONDS), else
/// the defaults.
struct RunLimits {
  uint32_t taskWindow[kNumRings] = {};
  uint64_t ringHeap[kNumRings] = {};
  uint32_t depPool[kNumRings] = {};
  double watchdogSeconds = 0; // 0: off
};

/// Resolve `options` against the environment; an invalid environment value is
/// an error naming the variable.
Status resolveRunLimits(const RunOptions &options, RunLimits &out);

struct RunStats {
  uint64_t tasksSubmitted = 0;  // kernel and dummy tasks
  uint64_t blocksExecuted = 0;  // kernel invocations
  uint64_t dependencyEdges = 0;
  unsigned aicWorkers = 0;      // threads started
  unsigned aivWorkers = 0;
  unsigned maxConcurrentKernels = 0;
  uint64_t maxLiveTasks = 0;       // unfinished tasks at once (all rings)
  uint64_t maxHeapBytes = 0;       // runtime-allocated bytes at once (all rings, rounded)
  uint64_t maxDependencyEntries = 0;
  RunLimits limits;                // what the run used
};

/// Run the program: build ChipTaskArgs from `args`, check the expected
/// argument count, run aicpu_orchestration_entry inside an outer scope on the
/// calling thread, execute its tasks, and wait for all of them. On a kernel
/// error (a raise, an exception, a fault such as SIGSEGV), an orchestration
/// error, a pipe deadlock or a watchdog timeout the run stops submitting,
/// releases parts blocked on pipes, drains, and returns the first error.
/// Tensor arguments are updated in place.
Status runProgram(const DeviceSpec &device, const LoadedProgram &program,
                  std::vector<HostArg> &args, const RunOptions &options = {},
                  RunStats *stats = nullptr);

/// Run `program` once per rank of `world`, each on its own simulated chip and
/// thread, rank r with `args[r]` and RunOptions{comm = &world, rank = r}.
/// Returns the first failure (naming its rank), after every rank stopped.
Status runRanks(const DeviceSpec &device, const LoadedProgram &program,
                std::vector<std::vector<HostArg>> &args, CommWorld &world,
                const RunOptions &options = {});

template <typename Stop>
bool CommWorld::wait(const int32_t *addr, int32_t cmp, int32_t expected, Stop stop) {
  for (;;) {
    if (holds(__atomic_load_n(addr, __ATOMIC_SEQ_CST), cmp, expected))
      return true;
    if (failed() || stop())
      return false;
    if (waitSome(addr, cmp, expected))
      return true;
  }
}

} // namespace pypto::runtime

#endif // PYPTO_RUNTIME_DEVICE_H
