//===- Runner.cpp - pypto-run's phases -------------------------*- C++ -*-===//
//
// Drives one run from program file to verdict. Every phase is bracketed by
// `[RUN] <stage> ...` and `[RUN] <stage> done (Xs)`, the done line printed
// even when the phase fails; the run ends with `[RUN] PASS (Xs)` or
// `[RUN] FAIL (Xs)`.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Runner.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <cmath>

#include <fstream>

#include "pypto/Harness/Data.h"
#include "pypto/Harness/Program.h"
#include "pypto/Harness/RunDataLibrary.h"
#include "pypto/InitAll.h"
#include "pypto/Runtime/Ptoas.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <future>
#include <mutex>
#include <thread>

#include <sys/statvfs.h>

using namespace pypto::harness;
namespace rt = pypto::runtime;

namespace {

/// Bytes of memory this process may still use: MemAvailable, or less under
/// a cgroup limit; 0 when unknown.
double availableMemoryBytes() {
  double available = 0;
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:")
      available = kib * 1024;
  std::ifstream max("/sys/fs/cgroup/memory.max"),
      current("/sys/fs/cgroup/memory.current");
  double limit = 0, used = 0;
  if (max >> limit && current >> used && limit > used &&
      (available == 0 || limit - used < available))
    available = limit - used;
  return available;
}

std::string gigabytes(double bytes) {
  return llvm::formatv("{0:f1} GB", bytes / 1e9).str();
}

/// Where a run's data lives and how many copies of each tensor it holds.
struct DataPlan {
  bool goldenCopiesOutputs = false;  // a golden file or replayed goldens
  bool interpreterCopiesAll = false; // --golden=reference, --check-golden
  bool saveData = false;             // data/in and data/out are written
  std::string spillDir;              // empty: everything in memory
  uint64_t spillMinBytes = 0;
};

/// A size as given: "4096 bytes", "64 MiB", "100.0 MB", "1.5 GB".
std::string sizeText(double bytes) {
  if (bytes < (1 << 20))
    return llvm::formatv("{0} bytes", uint64_t(bytes)).str();
  if (bytes < (1 << 30) && std::fmod(bytes, 1 << 20) == 0)
    return llvm::formatv("{0} MiB", uint64_t(bytes) >> 20).str();
  if (bytes < 1e9)
    return llvm::formatv("{0:f1} MB", bytes / 1e6).str();
  return gigabytes(bytes);
}

/// What the run holds at its peak, refused before any of it is allocated
/// when it cannot fit: every argument once (the device works on them in
/// place; the golden reads pure inputs through aliases), the golden's
/// inouts and outputs, the reference interpreter's copy of everything,
/// each rank's windows, saving (a tensor's pickle in memory, one at a time),
/// and half a gigabyte for libtorch, the kernels and the golden's
/// temporaries. With --spill-dir the tensors of its size and
/// more count against that directory's free space instead.
std::string checkDataFits(const RunSpec &spec, const DataPlan &plan) {
  struct Tensor {
    double bytes;
    const TensorSpec *spec;
  };
  std::vector<Tensor> inMemory, inFiles;
  double tensorBytes = 0, memory = 0.5e9, disk = 0, largest = 0;
  for (const ArgSpec &arg : spec.args) {
    if (!arg.isTensor)
      continue;
    double bytes = ::get_element_size(arg.tensor.dtype);
    for (int64_t dim : arg.tensor.shape)
      bytes *= double(dim);
    tensorBytes += bytes;
    largest = std::max(largest, bytes);
    int copies = 1 + int(plan.interpreterCopiesAll) +
                 int(plan.goldenCopiesOutputs && arg.tensor.isOutput());
    bool spilled = !plan.spillDir.empty() && bytes >= plan.spillMinBytes;
    (spilled ? disk : memory) += copies * bytes;
    (spilled ? inFiles : inMemory).push_back({bytes, &arg.tensor});
  }
  memory += double(spec.windowBytes) * std::max(1, spec.worldSize);
  if (plan.saveData)
    memory += largest;
  auto biggest = [](std::vector<Tensor> &tensors) {
    std::sort(
        tensors.begin(), tensors.end(),
        [](const Tensor &a, const Tensor &b) { return a.bytes > b.bytes; });
    std::string text;
    for (size_t i = 0; i < tensors.size() && i < 3; ++i) {
      std::string shape;
      for (int64_t dim : tensors[i].spec->shape)
        shape += (shape.empty() ? "" : "x") + std::to_string(dim);
      text += llvm::formatv("{0}'{1}' {2} {3} ({4})", i ? ", " : "",
                            tensors[i].spec->name, shape,
                            dtypeName(tensors[i].spec->dtype),
                            gigabytes(tensors[i].bytes))
                  .str();
    }
    return text;
  };
  double available = availableMemoryBytes();
  if (available != 0 && memory > available) {
    if (plan.spillDir.empty())
      return "the run holds about " + gigabytes(memory) + " (its tensors " +
             gigabytes(tensorBytes) +
             "; the golden's copies, saving and libtorch the rest), more than "
             "the " +
             gigabytes(available) +
             " of memory available; the biggest: " + biggest(inMemory) +
             "; --spill-dir DIR keeps the tensors of " +
             "64 MiB and more in files on a disk";
    return "the run holds about " + gigabytes(memory) +
           " in memory (its tensors under --spill-min-bytes " +
           sizeText(double(plan.spillMinBytes)) + " and their copies), more " +
           "than the " + gigabytes(available) +
           " of memory available; the biggest: " + biggest(inMemory);
  }
  struct statvfs fs;
  if (disk > 0 && ::statvfs(plan.spillDir.c_str(), &fs) == 0) {
    double free = double(fs.f_bavail) * double(fs.f_frsize);
    if (disk > free)
      return "the run's tensors of " + sizeText(double(plan.spillMinBytes)) +
             " and more and their copies take about " + gigabytes(disk) +
             ", more than the " + gigabytes(free) +
             " free in the spill directory '" + plan.spillDir +
             "'; the biggest: " + biggest(inFiles);
  }
  return "";
}

/// Ends the process when a golden runs past its time: TorchScript cannot be
/// interrupted, and a hang is worse than skipped clean-up.
class GoldenWatchdog {
public:
  /// `what` names the golden: "the golden 'x.py'", "the reference
  /// interpreter".
  GoldenWatchdog(double seconds, std::string what)
      : thread([this, seconds, what = std::move(what)] {
          std::unique_lock<std::mutex> lock(mutex);
          if (done.wait_for(lock, std::chrono::duration<double>(seconds),
                            [this] { return finished; }))
            return;
          std::fprintf(stderr,
                       "pypto-run: error: %s did not return "
                       "within %g s (PYPTO_GOLDEN_TIMEOUT_SECONDS)\n",
                       what.c_str(), seconds);
          std::fflush(stdout);
          std::fflush(stderr);
          std::_Exit(1);
        }) {}
  ~GoldenWatchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      finished = true;
    }
    done.notify_all();
    thread.join();
  }

private:
  std::mutex mutex;
  std::condition_variable done;
  bool finished = false;
  std::thread thread; // last: it starts once the rest is ready
};

/// PYPTO_GOLDEN_TIMEOUT_SECONDS, 600 when unset; 0 when the value is bad.
double goldenTimeoutSeconds(std::string &error) {
  const char *env = std::getenv("PYPTO_GOLDEN_TIMEOUT_SECONDS");
  if (!env)
    return 600;
  char *end = nullptr;
  double seconds = std::strtod(env, &end);
  if (end == env || *end != '\0' || !(seconds > 0) || std::isinf(seconds)) {
    error = "PYPTO_GOLDEN_TIMEOUT_SECONDS='" + std::string(env) +
            "' is not a positive number of seconds";
    return 0;
  }
  return seconds;
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Prints `[RUN] <name> ...` now and `[RUN] <name> done (Xs)` when it ends.
class Stage {
public:
  explicit Stage(const char *name) : name(name), start(Clock::now()) {
    std::printf("[RUN] %s ...\n", name);
    std::fflush(stdout);
  }
  ~Stage() {
    std::printf("[RUN] %s done (%.2fs)\n", name, secondsSince(start));
    std::fflush(stdout);
  }

private:
  const char *name;
  Clock::time_point start;
};

std::string timestamp() {
  std::time_t now = std::time(nullptr);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y%m%d_%H%M%S", std::localtime(&now));
  return buffer;
}

class Run {
public:
  explicit Run(const RunOptions &options)
      : options(options), start(Clock::now()) {}
  ~Run() { kernelBuildCancelled = true; }

  int execute() {
    bool simulated =
        options.platform == "a2a3sim" || options.platform == "a5sim";
    bool real = options.platform == "a2a3" || options.platform == "a5";
    if (!simulated && !real)
      return fail("unknown platform '" + options.platform +
                  "'; expected a2a3, a2a3sim, a5 or a5sim");
    arch = options.platform.rfind("a2a3", 0) == 0 ? mlir::pypto::Arch::a2a3
                                                  : mlir::pypto::Arch::a5;
    if (!options.runtimeDir.empty() && options.compileOnly)
      return fail("--runtime-dir reuses a build and --compile-only only "
                  "builds: use one of them");

    loadsData = simulated && !options.compileOnly && !options.skipPtoas;
    if (!options.runtimeDir.empty()) {
      if (!reuseBuild())
        return finish(false);
    } else if (!compile()) {
      return finish(false);
    }
    // g++ builds the kernels while libtorch loads, the inputs are made and
    // the golden runs; the runtime phase waits for the build.
    if (loadsData)
      startKernelBuild();
    if (options.compileOnly || options.skipPtoas) {
      std::printf(
          "[RUN] PASS (%.2fs, %s: the build is in %s)\n", secondsSince(start),
          options.skipPtoas ? "skip-ptoas" : "compile only", build.dir.c_str());
      return 0;
    }
    if (real)
      return fail("platform '" + options.platform +
                  "' runs on an Ascend NPU and no NPU runtime is available "
                  "here; the build is in " +
                  build.dir + " (use -p " + options.platform +
                  "sim to simulate)");
    return simulate();
  }

private:
  /// Parses the program and its run specification.
  bool load() {
    mlir::DialectRegistry registry;
    mlir::pypto::registerAllDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    context->loadAllAvailableDialects();
    // Users read the located message; a dump of the op adds nothing.
    context->printOpOnDiagnostic(false);
    llvm::SourceMgr fallback;
    // Diagnostics print as file:line:col: error: ... once the file is open.
    mlir::SourceMgrDiagnosticHandler handler(fallback, context.get());
    if (mlir::failed(loadProgram(*context, options.programPath, program)))
      return error("cannot load the program '" + options.programPath + "'");
    useReference = options.golden == "reference";
    if (!options.golden.empty() && !useReference)
      program.spec.goldenPath = options.golden;
    if (options.checkGolden && options.goldenData.empty() &&
        program.spec.goldenPath.empty())
      return error("--check-golden: '" + options.programPath +
                   "' has no golden to check (no pypto.golden, --golden FILE "
                   "or --golden-data)");
    // The interpreter runs the program as written, before the pipeline
    // rewrites it.
    if (useReference || options.checkGolden)
      asWritten = mlir::OwningOpRef<mlir::ModuleOp>(program.module->clone());
    if (!checkDeviceMarkers() || !checkWorldSize())
      return false;
    // --compare NAME=COMPARATOR overrides the program's.
    for (const std::string &entry : options.compare) {
      size_t eq = entry.find('=');
      std::string name = entry.substr(0, eq);
      bool isOutput = llvm::any_of(program.spec.args, [&](const ArgSpec &arg) {
        return arg.isTensor && arg.tensor.isOutput() && arg.name() == name;
      });
      Comparator comparator;
      std::string message;
      if (eq == std::string::npos)
        return error("--compare '" + entry + "': expected NAME=COMPARATOR");
      if (!isOutput)
        return error("--compare: the program has no output named '" + name +
                     "'");
      if (!parseComparator(entry.substr(eq + 1), comparator, message))
        return error("--compare " + name + ": " + message);
      program.spec.comparators[name] = comparator;
    }
    std::string shapeError;
    if (!applyShapeOverrides(program.spec, options.shapes, shapeError))
      return error(shapeError);
    // A build serves every shape: only a run needs the sizes.
    if (!options.compileOnly && !options.skipPtoas &&
        mlir::failed(checkShapesBound(*program.module, program.spec)))
      return error("cannot load the program '" + options.programPath + "'");
    // libtorch loads while the program compiles; only runs with data phases
    // pay for it. Not earlier: the loader's lock, held for the whole load,
    // stops this thread the first time it registers a thread_local's
    // destructor, which MLIR's parser does.
    if (loadsData) {
      context->disableMultithreading();
      startLoadingRunData();
    }
    return true;
  }

  /// `// ci: devices=N` and `// ci: no-sim` near the top of the program
  /// against -d and -p.
  bool checkDeviceMarkers() {
    std::ifstream in(options.programPath);
    std::string line;
    int devices = 1;
    bool noSim = false;
    for (int n = 0; n < 40 && std::getline(in, line); ++n) {
      llvm::StringRef text = llvm::StringRef(line).trim();
      if (!text.consume_front("//") && !text.consume_front("#"))
        continue;
      text = text.trim();
      if (!text.consume_front("ci:"))
        continue;
      text = text.trim();
      if (text == "no-sim")
        noSim = true;
      else if (text.consume_front("devices=")) {
        if (text.trim().getAsInteger(10, devices) || devices < 1)
          return error("'" + options.programPath +
                       "': bad marker '// ci: devices=" + text.str() +
                       "', expected a positive count");
      } else if (text != "no-dep-gen") {
        // pypto-lib's markers are devices=N, no-sim and no-dep-gen (an
        // annotation nothing reads); another is most likely a typo.
        llvm::errs() << "pypto-run: warning: '" << options.programPath
                     << "': unknown marker '// ci: " << text
                     << "' (known: devices=N, no-sim, no-dep-gen)\n";
      }
    }
    // Without -d, a multi-card program takes devices 0..N-1.
    if (options.devices.empty() && devices > 1)
      for (int d = 0; d < devices; ++d)
        options.devices.push_back(d);
    size_t given = std::max<size_t>(options.devices.size(), 1);
    if (given > 1 && devices == 1)
      return error("-d lists " + std::to_string(given) + " devices but '" +
                   options.programPath +
                   "' is a single-card program (no '// ci: devices=N' marker)");
    if (devices > 1 && given != size_t(devices))
      return error("'" + options.programPath + "' needs " +
                   std::to_string(devices) +
                   " devices (// ci: devices=" + std::to_string(devices) +
                   "); -d gives " + std::to_string(given));
    if (noSim && llvm::StringRef(options.platform).ends_with("sim") &&
        !options.compileOnly && !options.skipPtoas)
      return error("'" + options.programPath +
                   "' cannot run on a simulator (// ci: no-sim); compile it "
                   "with --compile-only");
    markedDevices = devices;
    return true;
  }

  /// A multi-card program's ranks (pypto.ranks world(N)) against its
  /// `// ci: devices=N` marker: each rank is one device.
  bool checkWorldSize() {
    int world = program.spec.worldSize;
    if (world == markedDevices)
      return true;
    if (world > 1 && markedDevices == 1)
      return error("'" + options.programPath + "' runs on " +
                   std::to_string(world) + " ranks (pypto.ranks world(" +
                   std::to_string(world) + ")) but has no '// ci: devices=" +
                   std::to_string(world) + "' marker near its top");
    return error("'" + options.programPath + "' declares '// ci: devices=" +
                 std::to_string(markedDevices) + "' but runs on " +
                 std::to_string(world) + (world == 1 ? " rank" : " ranks") +
                 (world == 1 ? " (no pypto.ranks region)" : ""));
  }

  /// --runtime-dir: the program gives the run specification, the build
  /// directory the kernels (edited C++ is recompiled: the cache is keyed by
  /// content).
  bool reuseBuild() {
    std::printf("[RUN] runtime_only: skipping compile, using %s\n",
                options.runtimeDir.c_str());
    if (!load())
      return false;
    std::string message;
    if (!loadBuild(options.runtimeDir, build, message))
      return error(message);
    return true;
  }

  bool compile() {
    Stage stage("compile");
    if (!load())
      return false;
    mlir::SourceMgrDiagnosticHandler fileHandler(*program.sourceMgr,
                                                 context.get());
    CompileOptions compileOptions;
    compileOptions.arch = arch;
    compileOptions.dumpPasses = options.dumpPasses;
    compileOptions.strategy = options.strategy;
    compileOptions.profiling = options.profiling;
    compileOptions.verificationLevel = options.verificationLevel;
    compileOptions.diagnostics.phase = options.diagnosticPhase;
    compileOptions.diagnostics.disabled = options.disabledDiagnostics;
    compileOptions.emitCpp = !options.skipPtoas;
    if (options.ptoas == "auto") {
      if (std::optional<std::string> found = pypto::runtime::findPtoas())
        compileOptions.ptoas = *found;
    } else if (options.ptoas != "off") {
      compileOptions.ptoas = options.ptoas;
    }
    if (!compileOptions.ptoas.empty() && !options.skipPtoas)
      std::printf("[RUN]   ptoas: %s\n", compileOptions.ptoas.c_str());
    compileOptions.outputDir =
        !options.outputDir.empty()
            ? options.outputDir
            : "build_output/" + program.spec.programName + "_" + timestamp();
    if (mlir::failed(compileProgram(program, compileOptions, build)))
      return error("compilation failed");
    for (const std::string &note : build.notes)
      std::printf("[RUN]   %s\n", note.c_str());
    return true;
  }

  int simulate() {
    std::unique_ptr<RunData> data;
    std::string dataDir = build.dir + "/data";
    // Each stage's done line comes before the verdict.
    bool ok;
    // The golden file is compiled first: an error in it costs no input
    // generation.
    bool goldenFromFile = options.goldenData.empty() && !useReference &&
                          !program.spec.goldenPath.empty();
    {
      Stage stage("generate inputs");
      std::string loadError;
      DataPlan plan;
      plan.goldenCopiesOutputs =
          !options.goldenData.empty() || (goldenFromFile && !useReference);
      plan.interpreterCopiesAll = useReference || options.checkGolden;
      plan.saveData = options.saveData;
      plan.spillDir = options.spillDir;
      plan.spillMinBytes = options.spillMinBytes;
      if (std::string error = checkDataFits(program.spec, plan);
          !error.empty()) {
        ok = check(error);
      } else if (!(data = createRunData(program.spec, loadError))) {
        // The first data phase waits here for libtorch, which loads while
        // the program compiles.
        ok = check(loadError);
      } else if (!options.spillDir.empty() && !startSpilling(*data)) {
        ok = false;
      } else if (goldenFromFile &&
                 !check(data->loadGoldenFile(program.spec.goldenPath))) {
        ok = false;
      } else if (!options.goldenData.empty()) {
        std::printf("[RUN]   cache hit: %s/in\n", options.goldenData.c_str());
        ok = check(data->loadInputs(options.goldenData));
      } else {
        ok = check(data->generateInputs(options.seed));
      }
      if (ok && options.saveData) {
        llvm::sys::fs::create_directories(dataDir + "/in");
        ok = check(data->saveInputs(dataDir + "/in"));
      }
    }
    if (!ok)
      return finish(false);
    // Golden data wins over the golden file.
    bool haveGolden = !options.goldenData.empty() || useReference ||
                      !program.spec.goldenPath.empty();
    if (haveGolden) {
      {
        Stage stage("compute golden");
        if (!options.goldenData.empty()) {
          std::printf("[RUN]   cache hit: %s/out\n",
                      options.goldenData.c_str());
          ok = check(data->loadGolden(options.goldenData));
        } else if (useReference) {
          std::printf("[RUN]   golden: the reference interpreter\n");
          std::fflush(stdout);
          ok = withGoldenTimeout("the reference interpreter", [&] {
            return checkInterpreter(data->runReference(
                *asWritten, mlir::pypto::getClusterCount(arch)));
          });
        } else {
          ok = withGoldenTimeout("the golden '" + program.spec.goldenPath + "'",
                                 [&] { return check(data->runGolden()); });
        }
        if (ok && options.saveData) {
          llvm::sys::fs::create_directories(dataDir + "/out");
          ok = check(data->saveGolden(dataDir + "/out"));
        }
      }
      if (!ok)
        return finish(false);
    }
    if (options.checkGolden && !checkGoldenFile(*data))
      return finish(false);
    {
      Stage stage("runtime");
      ok = runDevice(*data);
    }
    if (!ok)
      return finish(false);
    if (!haveGolden) {
      std::printf("[RUN] PASS (%.2fs, validation skipped: no golden)\n",
                  secondsSince(start));
      return 0;
    }
    std::vector<OutputReport> reports;
    {
      Stage stage("validate");
      reports = data->validate(options.rtol.value_or(program.spec.rtol),
                               options.atol.value_or(program.spec.atol));
      for (const OutputReport &report : reports)
        std::printf("[RUN]   %s\n", report.summary.c_str());
      writeValidationReport(reports);
    }
    std::string failed, details;
    for (const OutputReport &report : reports) {
      if (report.passed)
        continue;
      failed += (failed.empty() ? "'" : ", '") + report.name + "'";
      details += "  " + report.summary + "\n" + report.detail;
    }
    if (!failed.empty()) {
      std::fprintf(stderr, "Output(s) do not match the golden: [%s]\n%s",
                   failed.c_str(), details.c_str());
      if (!goldenDisagrees.empty())
        error("the golden differs from the reference interpreter in [" +
              goldenDisagrees + "] (see 'check golden' above)");
      return finish(false);
    }
    if (!goldenDisagrees.empty())
      return fail("the golden differs from the reference interpreter in [" +
                  goldenDisagrees + "] (see 'check golden' above)");
    return finish(true);
  }

  /// --check-golden: the golden against the reference interpreter on the
  /// same inputs. A difference is reported and fails the run at its end
  /// (the device's verdict then tells which of the two it agrees with); an
  /// interpreter that stops fails it at once.
  bool checkGoldenFile(RunData &data) {
    Stage stage("check golden");
    std::vector<OutputReport> reports;
    if (!withGoldenTimeout("the reference interpreter", [&] {
          return checkInterpreter(data.checkGolden(
              *asWritten, options.rtol.value_or(program.spec.rtol),
              options.atol.value_or(program.spec.atol), reports,
              mlir::pypto::getClusterCount(arch)));
        }))
      return false;
    std::string details;
    for (const OutputReport &report : reports) {
      std::printf("[RUN]   %s\n", report.summary.c_str());
      if (report.passed)
        continue;
      goldenDisagrees +=
          (goldenDisagrees.empty() ? "'" : ", '") + report.name + "'";
      details += "  " + report.summary + "\n" + report.detail;
    }
    std::fflush(stdout);
    if (!details.empty()) {
      // The golden takes the device's place: "actual" is the golden.
      std::fprintf(stderr,
                   "The golden differs from the reference interpreter "
                   "(actual: the golden, expected: the interpreter):\n%s",
                   details.c_str());
      std::fflush(stderr);
    }
    return true;
  }

  /// Runs `compute` (a golden: `what` names it) under the golden watchdog
  /// (PYPTO_GOLDEN_TIMEOUT_SECONDS).
  template <typename Compute>
  bool withGoldenTimeout(const std::string &what, Compute compute) {
    std::string error;
    double seconds = goldenTimeoutSeconds(error);
    if (!error.empty())
      return check(error);
    GoldenWatchdog watchdog(seconds, what);
    return compute();
  }

  /// An error of the reference interpreter is located in the program:
  /// `file:line:col: error: ...`, then the phase's one-line reason.
  bool checkInterpreter(const std::string &located) {
    if (located.empty())
      return true;
    std::fprintf(stderr, "%s\n", located.c_str());
    return error("the reference interpreter could not run the program");
  }

  /// report/validation.json: each output's verdict and largest errors (for
  /// the corpus runner and for scripts).
  void writeValidationReport(const std::vector<OutputReport> &reports) {
    llvm::json::Array outputs;
    for (const OutputReport &r : reports) {
      auto number = [](double v) -> llvm::json::Value {
        if (std::isnan(v))
          return nullptr;
        return std::isinf(v) ? llvm::json::Value("inf") : llvm::json::Value(v);
      };
      outputs.push_back(
          llvm::json::Object{{"name", r.name},
                             {"passed", r.passed},
                             {"comparator", r.comparator},
                             {"numel", r.numel},
                             {"max_abs_diff", number(r.maxAbsDiff)},
                             {"max_rel_diff", number(r.maxRelDiff)}});
    }
    std::string path = build.dir + "/report/validation.json";
    llvm::sys::fs::create_directories(build.dir + "/report");
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec)
      os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                       {"outputs", std::move(outputs)}}))
         << "\n";
  }

  /// The kernels and the orchestration, compiled and loaded.
  struct KernelBuild {
    rt::Status status;
    rt::LoadedProgram loaded;
  };

  /// Starts building the program's C++ on a thread of its own, unless a
  /// build has started already.
  void startKernelBuild() {
    if (kernelBuild.valid())
      return;
    rt::ProgramSources sources;
    sources.orchestrationName = build.orchestrationName;
    sources.orchestrationPath = build.orchestrationCpp;
    for (const BuiltKernel &kernel : build.kernels) {
      rt::KernelSource source;
      source.funcId = kernel.funcId;
      source.name = kernel.name;
      source.coreType = kernel.isCube ? rt::CoreType::AIC : rt::CoreType::AIV;
      source.sourcePath = kernel.cppPath;
      sources.kernels.push_back(source);
    }
    rt::CompileOptions compileOptions;
    compileOptions.cancelled = &kernelBuildCancelled;
    kernelBuild = std::async(std::launch::async, [sources = std::move(sources),
                                                  compileOptions] {
      KernelBuild built;
      built.status = rt::buildProgram(sources, compileOptions, built.loaded);
      return built;
    });
  }

  bool runDevice(RunData &data) {
    std::optional<rt::DeviceSpec> device =
        rt::DeviceSpec::forPlatform(options.platform);
    if (!device)
      return error("no simulator for platform '" + options.platform + "'");
    startKernelBuild();
    KernelBuild built = kernelBuild.get();
    if (!built.status)
      return error(built.status.message);
    const rt::LoadedProgram &loaded = built.loaded;
    std::vector<rt::HostArg> args = data.deviceArgs();
    rt::RunOptions runOptions;
    rt::RunTrace trace;
    if (options.dfx.any()) {
      options.dfx.configure(trace);
      runOptions.trace = &trace;
    }
    rt::Status status = program.spec.hasRanks
                            ? runRanks(*device, loaded, data, runOptions)
                            : rt::runProgram(*device, loaded, args, runOptions);
    // DFX artefacts are written for failed runs too: they help most there.
    if (options.dfx.any()) {
      std::map<int, std::string> names;
      for (const BuiltKernel &kernel : build.kernels)
        names[kernel.funcId] = kernel.name;
      std::vector<std::string> written;
      std::string message = writeDfxOutputs(trace, options.dfx, build.dir,
                                            names, timestamp(), written);
      if (!message.empty())
        return error(message);
      std::string list;
      for (const std::string &file : written)
        list += (list.empty() ? "" : ", ") + file;
      std::printf("[RUN]   dfx: %s\n", list.c_str());
    }
    if (!status)
      return error(status.message);
    return true;
  }

  /// One simulated chip per rank, sharing the program's tensors: each takes
  /// its part of them, its own copy of the windows, its rank and its
  /// CommContext (the last two scalars).
  rt::Status runRanks(const rt::DeviceSpec &device,
                      const rt::LoadedProgram &loaded, RunData &data,
                      const rt::RunOptions &runOptions) {
    const RunSpec &spec = program.spec;
    std::unique_ptr<rt::CommWorld> world;
    if (rt::Status s =
            rt::CommWorld::create(spec.worldSize, spec.windowBytes, world);
        !s)
      return s;
    std::string ids;
    for (int r = 0; r < spec.worldSize; ++r)
      ids += (r ? "," : "") + (options.devices.empty()
                                   ? std::to_string(r)
                                   : std::to_string(options.devices[r]));
    std::printf("[RUN]   %d rank%s on device%s %s, windows of %llu bytes\n",
                spec.worldSize, spec.worldSize == 1 ? "" : "s",
                spec.worldSize == 1 ? "" : "s", ids.c_str(),
                (unsigned long long)spec.windowBytes);
    std::fflush(stdout);
    std::vector<std::vector<rt::HostArg>> perRank;
    for (int r = 0; r < spec.worldSize; ++r) {
      std::vector<rt::HostArg> args = data.deviceArgs();
      for (const WindowSpec &w : spec.windows)
        args.push_back(rt::HostArg::tensor(world->window(r) + w.offset,
                                           deviceShape(w.shape), w.dtype));
      args.push_back(rt::HostArg::scalarOf<int64_t>(r));
      args.push_back(rt::HostArg::scalar(static_cast<uint64_t>(
          reinterpret_cast<uintptr_t>(world->context(r)))));
      perRank.push_back(std::move(args));
    }
    return rt::runRanks(device, loaded, perRank, *world, runOptions);
  }

  bool check(const std::string &message) {
    return message.empty() ? true : error(message);
  }

  bool error(const std::string &message) {
    std::fprintf(stderr, "pypto-run: error: %s\n", message.c_str());
    std::fflush(stderr);
    return false;
  }

  int fail(const std::string &message) {
    error(message);
    return finish(false);
  }

  /// --spill-dir: every large tensor from now on is a file there.
  bool startSpilling(RunData &data) {
    if (!check(data.spillTo(options.spillDir, options.spillMinBytes)))
      return false;
    spilling = &data;
    std::printf("[RUN]   spill: tensors of %s and more in files in %s\n",
                sizeText(double(options.spillMinBytes)).c_str(),
                options.spillDir.c_str());
    return true;
  }

  int finish(bool passed) {
    if (spilling) {
      SpillStats stats = spilling->spillStats();
      std::printf(
          "[RUN]   spill: %llu tensors were files, at most %s at "
          "once\n",
          (unsigned long long)stats.files,
          stats.peakBytes < 1e9
              ? llvm::formatv("{0:f1} MB", stats.peakBytes / 1e6).str().c_str()
              : gigabytes(double(stats.peakBytes)).c_str());
      spilling = nullptr;
    }
    std::printf("[RUN] %s (%.2fs)\n", passed ? "PASS" : "FAIL",
                secondsSince(start));
    std::fflush(stdout);
    return passed ? 0 : 1;
  }

  RunOptions options;
  int markedDevices = 1; // `// ci: devices=N`
  Clock::time_point start;
  mlir::pypto::Arch arch = mlir::pypto::Arch::a5;
  std::unique_ptr<mlir::MLIRContext> context;
  Program program;
  bool loadsData = false; // a run with data phases: libtorch is needed
  bool useReference = false;                   // --golden=reference
  RunData *spilling = nullptr; // the run's data once --spill-dir is in force
  mlir::OwningOpRef<mlir::ModuleOp> asWritten; // for the interpreter
  std::string
      goldenDisagrees; // outputs where --check-golden found a difference
  BuildInfo build;
  /// Set when the run ends: a build still running (a run that failed before
  /// its runtime phase) starts no further compile.
  std::atomic<bool> kernelBuildCancelled{false};
  /// Declared last: destroyed first, it waits for the compiles under way
  /// before the rest goes.
  std::future<KernelBuild> kernelBuild;
};

} // namespace

int pypto::harness::runProgramFile(const RunOptions &options) {
  return Run(options).execute();
}
