//===- pypto-run.cpp - compile, run and validate a program ----*- C++ -*-===//
//
// Parses the command line and hands over to the harness.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Diagnostics.h"
#include "pypto/Harness/RunDataLibrary.h"
#include "pypto/Harness/Runner.h"

#include "Process.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cl = llvm::cl;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::OptionCategory category("pypto-run options");
  cl::opt<std::string> program(cl::Positional, cl::desc("<program.mlir>"),
                               cl::Required, cl::cat(category));
  cl::opt<std::string> platform(
      "platform", cl::desc("Target: a2a3, a2a3sim, a5 or a5sim"),
      cl::value_desc("name"), cl::Required, cl::cat(category));
  cl::alias platformShort("p", cl::desc("Alias for --platform"),
                          cl::aliasopt(platform), cl::NotHidden);
  cl::opt<std::string> device(
      "device",
      cl::desc("Device id, or a comma-separated list for a multi-card "
               "program (// ci: devices=N)"),
      cl::init("0"), cl::value_desc("id[,id...]"), cl::cat(category));
  // (Without -d: device 0, or 0..N-1 for a program marked // ci: devices=N.)
  cl::alias deviceShort("d", cl::desc("Alias for --device"),
                        cl::aliasopt(device), cl::NotHidden);
  cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random inputs"),
                         cl::init(0), cl::cat(category));
  cl::opt<std::string> outputDir(
      "output-dir",
      cl::desc("Build directory (default build_output/<Program>_<timestamp>)"),
      cl::value_desc("dir"), cl::cat(category));
  cl::opt<bool> dumpPasses("dump-passes",
                           cl::desc("Write the IR after every pass to "
                                    "passes_dump/ (default on)"),
                           cl::init(true), cl::cat(category));
  cl::opt<bool> noDumpPasses("no-dump-passes",
                             cl::desc("Do not write passes_dump/"),
                             cl::cat(category));
  cl::opt<mlir::pypto::PipelineStrategy> strategy(
      "strategy",
      cl::desc("Pass strategy: default, or debug-tile (skip the tensor-level "
               "passes; kernels are written with tiles)"),
      cl::init(mlir::pypto::PipelineStrategy::full), cl::cat(category));
  cl::opt<bool> profiling(
      "profiling",
      cl::desc("Write per-stage compile times to report/pipeline_profile.*"),
      cl::cat(category));
  cl::opt<std::string> verificationLevel(
      "verification-level",
      cl::desc("After every pass: none, basic (MLIR verifier, default) or "
               "roundtrip (verifier + print/parse/compare)"),
      cl::init("basic"), cl::cat(category));
  cl::opt<std::string> diagnosticPhase(
      "diagnostic-phase",
      cl::desc("When to check for warnings: none (also no performance "
               "hints), pre-pipeline (the program as written, default), "
               "post-pass (after every pass) or post-pipeline"),
      cl::init("pre-pipeline"), cl::cat(category));
  cl::opt<std::string> disabledDiagnostics(
      "disabled-diagnostics",
      cl::desc("Comma-separated checks to turn off, or none: UnusedVariable, "
               "UnusedControlFlowResult (off by default), "
               "OutParamWriteDropped, TileInnermostDimGranularity (PH001)"),
      cl::init("UnusedControlFlowResult"), cl::cat(category));
  cl::opt<bool> skipPtoas(
      "skip-ptoas",
      cl::desc("Stop after the .pto files: no kernel C++, no run"),
      cl::cat(category));
  cl::opt<bool> compileOnly("compile-only",
                            cl::desc("Stop after the compile phase"),
                            cl::cat(category));
  cl::opt<std::string> ptoas(
      "ptoas",
      cl::desc("ptoas to turn .pto into kernel C++: auto ($PTOAS_ROOT/ptoas, "
               "else ptoas on PATH, else the built-in lowering), off, or a "
               "path"),
      cl::init("auto"), cl::cat(category));
  cl::opt<std::string> goldenData(
      "golden-data",
      cl::desc("Replay: load inputs from DIR/in and goldens from DIR/out (a "
               "previous run's data/ directory) instead of generating them"),
      cl::value_desc("dir"), cl::cat(category));
  cl::opt<bool> saveData("save-data",
                         cl::desc("Write data/in and data/out (default on)"),
                         cl::init(true), cl::cat(category));
  cl::opt<bool> noSaveData("no-save-data",
                           cl::desc("Do not write data/in and data/out"),
                           cl::cat(category));
  cl::opt<std::string> spillDir(
      "spill-dir",
      cl::desc("Keep every tensor of --spill-min-bytes and more in a file "
               "of its own in DIR (on a disk, not a tmpfs): a run whose data "
               "exceeds the memory runs at the disk's speed"),
      cl::value_desc("dir"), cl::cat(category));
  cl::opt<uint64_t> spillMinBytes(
      "spill-min-bytes",
      cl::desc("The smallest tensor --spill-dir puts in a file (default "
               "64 MiB)"),
      cl::init(uint64_t(64) << 20), cl::value_desc("bytes"), cl::cat(category));
  cl::opt<std::string> runtimeDir(
      "runtime-dir",
      cl::desc("Reuse this build directory: skip compile (edited kernel or "
               "orchestration C++ is recompiled)"),
      cl::value_desc("dir"), cl::cat(category));
  cl::opt<std::string> golden(
      "golden",
      cl::desc("Golden file (overrides the program's), or 'reference': the "
               "reference interpreter computes the golden from the program "
               "itself (./reference names a file)"),
      cl::value_desc("file|reference"), cl::cat(category));
  cl::opt<bool> checkGolden(
      "check-golden",
      cl::desc("Also run the reference interpreter on the golden's inputs and "
               "report every output where the golden differs from it (the "
               "run fails when one does)"),
      cl::cat(category));
  cl::opt<double> rtol("rtol", cl::desc("Relative tolerance override"),
                       cl::cat(category));
  cl::opt<double> atol("atol", cl::desc("Absolute tolerance override"),
                       cl::cat(category));
  cl::opt<bool> l2Swimlane(
      "enable-l2-swimlane",
      cl::desc("Record per-task timings: dfx_outputs/l2_perf_records.json "
               "and a Perfetto trace merged_swimlane_<ts>.json"),
      cl::cat(category));
  cl::opt<bool> runtimeProfiling(
      "runtime-profiling",
      cl::desc("Deprecated alias for --enable-l2-swimlane"), cl::cat(category));
  cl::opt<bool> dumpTensor(
      "dump-tensor",
      cl::desc("Dump every task's inputs before dispatch and outputs after "
               "completion: dfx_outputs/tensor_dump/"),
      cl::cat(category));
  cl::opt<std::string> enablePmu(
      "enable-pmu",
      cl::desc("PMU rows per task in dfx_outputs/pmu.csv for event group N "
               "(1, 2, 4-8; bare flag: 2); the simulator's counters read 0"),
      cl::ValueOptional, cl::value_desc("N"), cl::cat(category));
  cl::opt<bool> depGen(
      "enable-dep-gen",
      cl::desc("Record the task graph: dfx_outputs/deps.json and "
               "deps_graph.html"),
      cl::cat(category));
  cl::opt<bool> kernelInsight(
      "export-kernel-insight",
      cl::desc("Per-kernel timing exports in "
               "kernel_insight_all_funcs_<ts>/ of the build"),
      cl::cat(category));
  cl::list<std::string> compare(
      "compare",
      cl::desc("How to check an output, overriding the program: "
               "NAME=allclose | ratio_allclose(atol=, rtol=, "
               "max_error_ratio=) | ratio_reldiff(diff_thd=, pct_thd=, "
               "max_diff_hd=) | topk_pair_compare(VALS[, scores=INPUT]) | "
               "argmax_compare(SCORES[, atol=, cols=]) "
               "(repeatable)"),
      cl::value_desc("name=comparator"), cl::cat(category));
  cl::list<std::string> shapes(
      "shape",
      cl::desc("The sizes of a tensor argument's run-time (?) dimensions for "
               "this run, overriding its pypto.shape: NAME=16x4096 (the "
               "type's static sizes included; repeatable)"),
      cl::value_desc("name=sizes"), cl::cat(category));
  cl::opt<bool> forkServer(
      "fork-server",
      cl::desc("Serve runs from this process (pypto-fuzz's fast path; the "
               "protocol is in lib/Runtime/Process.h)"),
      cl::Hidden, cl::cat(category));
  cl::HideUnrelatedOptions(category);
  // Option errors exit with 2, as every other bad command line does.
  auto parse = [&](const std::vector<std::string> &args) {
    // `--enable-pmu N` (argparse's optional value): join it as
    // --enable-pmu=N.
    std::vector<std::string> joined;
    for (size_t i = 0; i < args.size(); ++i) {
      int group;
      if (args[i] == "--enable-pmu" && i + 1 < args.size() &&
          !llvm::StringRef(args[i + 1]).getAsInteger(10, group)) {
        joined.push_back("--enable-pmu=" + args[++i]);
        continue;
      }
      joined.push_back(args[i]);
    }
    std::vector<const char *> arguments;
    for (std::string &arg : joined)
      arguments.push_back(arg.c_str());
    return cl::ParseCommandLineOptions(
        static_cast<int>(arguments.size()), arguments.data(),
        "pypto-run: compile a pypto program, run it on "
        "a simulator and validate it against its golden\n",
        &llvm::errs());
  };
  // Everything after the command line: checks it and runs.
  auto runWithOptions = [&]() -> int {
    // Flags that contradict each other: one of them would be ignored.
    auto conflict = [](const cl::Option &a, const cl::Option &b,
                       llvm::StringRef why) {
      if (!a.getNumOccurrences() || !b.getNumOccurrences())
        return false;
      llvm::errs() << "pypto-run: error: --" << a.ArgStr << " and --"
                   << b.ArgStr << " given together: " << why << "\n";
      return true;
    };
    if (conflict(goldenData, golden,
                 "a replay takes the goldens from the data directory") ||
        conflict(goldenData, seed,
                 "a replay loads its inputs instead of generating them") ||
        conflict(saveData, noSaveData, "choose one") ||
        conflict(dumpPasses, noDumpPasses, "choose one") ||
        conflict(checkGolden, compileOnly,
                 "checking the golden needs a run, --compile-only stops "
                 "before it") ||
        conflict(checkGolden, skipPtoas,
                 "checking the golden needs a run, --skip-ptoas stops before "
                 "it"))
      return 2;
    if (spillMinBytes.getNumOccurrences() && !spillDir.getNumOccurrences()) {
      llvm::errs() << "pypto-run: error: --spill-min-bytes without "
                      "--spill-dir: nothing is spilled\n";
      return 2;
    }
    if (spillMinBytes == 0) {
      llvm::errs() << "pypto-run: error: --spill-min-bytes: 0 is not a size "
                      "(the smallest is 1)\n";
      return 2;
    }
    if (checkGolden && golden == "reference") {
      llvm::errs() << "pypto-run: error: --check-golden compares a golden with "
                      "the reference interpreter; --golden=reference leaves "
                      "nothing to compare\n";
      return 2;
    }

    pypto::harness::RunOptions options;
    options.programPath = program;
    options.platform = platform;
    // -d N or -d a,b,c; without -d, device 0 (or 0..N-1 for a program
    // marked `// ci: devices=N`: the harness fills the list).
    if (device.getNumOccurrences()) {
      llvm::SmallVector<llvm::StringRef> ids;
      llvm::StringRef(device).split(ids, ',');
      for (llvm::StringRef id : ids) {
        int value = 0;
        if (id.trim().getAsInteger(10, value) || value < 0) {
          llvm::errs() << "pypto-run: error: -d/--device: '" << device
                       << "' is not a device id or a comma-separated list of "
                          "them\n";
          return 2;
        }
        if (llvm::is_contained(options.devices, value)) {
          llvm::errs() << "pypto-run: error: -d/--device: device " << value
                       << " is listed twice in '" << device
                       << "'; each rank needs its own chip\n";
          return 2;
        }
        options.devices.push_back(value);
      }
      options.device = options.devices.front();
    }
    if (enablePmu.getNumOccurrences()) {
      int group = 2; // the bare flag: PIPE_UTILIZATION
      if (!enablePmu.empty() &&
          llvm::StringRef(enablePmu).getAsInteger(10, group)) {
        llvm::errs() << "pypto-run: error: --enable-pmu: '" << enablePmu
                     << "' is not an event group number\n";
        return 2;
      }
      options.dfx.pmu = group;
    }
    options.dfx.l2Swimlane = l2Swimlane || runtimeProfiling;
    if (runtimeProfiling)
      llvm::errs() << "pypto-run: warning: --runtime-profiling is deprecated; "
                      "use --enable-l2-swimlane\n";
    options.dfx.dumpTensor = dumpTensor;
    if (enablePmu.getNumOccurrences() &&
        (options.dfx.pmu < 1 || options.dfx.pmu == 3 || options.dfx.pmu > 8)) {
      llvm::errs() << "pypto-run: error: --enable-pmu: event group "
                   << options.dfx.pmu << " does not exist (1, 2, 4-8)\n";
      return 2;
    }
    options.dfx.depGen = depGen;
    options.dfx.exportKernelInsight = kernelInsight;
    options.seed = seed;
    options.outputDir = outputDir;
    options.dumpPasses = dumpPasses && !noDumpPasses;
    options.strategy = strategy;
    options.profiling = profiling;
    options.verificationLevel = verificationLevel;
    options.skipPtoas = skipPtoas;
    options.diagnosticPhase = diagnosticPhase;
    options.compare.assign(compare.begin(), compare.end());
    options.shapes.assign(shapes.begin(), shapes.end());
    std::string error;
    if (!pypto::harness::parseDisabledDiagnostics(
            disabledDiagnostics, options.disabledDiagnostics, error)) {
      llvm::errs() << "pypto-run: error: --disabled-diagnostics: " << error
                   << "\n";
      return 2;
    }
    options.compileOnly = compileOnly;
    options.ptoas = ptoas;
    options.goldenData = goldenData;
    options.runtimeDir = runtimeDir;
    options.spillDir = spillDir;
    options.spillMinBytes = spillMinBytes;
    options.saveData = saveData && !noSaveData;
    options.golden = golden;
    options.checkGolden = checkGolden;
    for (auto *tolerance : {&rtol, &atol}) {
      if (!tolerance->getNumOccurrences())
        continue;
      double value = *tolerance;
      if (!(value >= 0) || std::isinf(value)) {
        llvm::errs() << "pypto-run: error: --" << tolerance->ArgStr
                     << ": a tolerance is a finite number >= 0, not "
                     << llvm::format("%g", value) << "\n";
        return 2;
      }
    }
    if (rtol.getNumOccurrences())
      options.rtol = rtol;
    if (atol.getNumOccurrences())
      options.atol = atol;
    return pypto::harness::runProgramFile(options);
  };
  auto parseAndRun = [&](const std::vector<std::string> &args,
                         llvm::StringRef notHere) {
    if (!parse(args))
      return 2;
    if (forkServer) {
      llvm::errs() << "pypto-run: error: " << notHere << "\n";
      return 2;
    }
    return runWithOptions();
  };
  // The server reads its own command line: the program and -p are required of
  // each run, not of the server.
  if (argc == 2 && llvm::StringRef(argv[1]) == "--fork-server") {
    // Every forked run finds libtorch loaded already. A library that cannot
    // load is reported by each run that needs it.
    (void)pypto::harness::loadRunDataNow();
    // Each run is a forked child that starts from the defaults, so a run
    // sees only its own request's options.
    return pypto::runtime::detail::serveForkRequests(
        [&](const std::vector<std::string> &args) {
          cl::ResetAllOptionOccurrences();
          std::vector<std::string> full{argv[0]};
          full.insert(full.end(), args.begin(), args.end());
          return parseAndRun(full, "--fork-server in a fork server request");
        });
  }
  const int code =
      parseAndRun(std::vector<std::string>(argv, argv + argc),
                  "--fork-server takes no other arguments; each request "
                  "brings its own");
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  // Every file is written and closed by now: leave without the static
  // destructors and library unloading of libtorch and its 293 libraries,
  // which took longer than some runs' work. (Sanitizer builds exit normally,
  // for their leak checks.)
  std::fflush(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  std::_Exit(code);
#endif
  return code;
}
