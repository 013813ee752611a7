//===- Runner.h - pypto-run's phases ---------------------------*- C++ -*-===//
//
// compile -> generate inputs -> compute golden -> runtime -> validate, with
// the `[RUN] <stage> ...` / `[RUN] <stage> done (Xs)` trace of the seed.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_RUNNER_H
#define PYPTO_HARNESS_RUNNER_H

#include "pypto/Harness/Dfx.h"
#include "pypto/Transforms/Target.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pypto::harness {

struct RunOptions {
  std::string programPath;
  std::string platform; // a2a3, a2a3sim, a5, a5sim
  int device = 0;
  uint64_t seed = 0;
  std::string outputDir; // empty: build_output/<Program>_<timestamp>
  bool dumpPasses = true;
  mlir::pypto::PipelineStrategy strategy = mlir::pypto::PipelineStrategy::full;
  bool profiling = false;                  // report/pipeline_profile.{txt,json}
  std::string verificationLevel = "basic"; // none | basic | roundtrip
  bool skipPtoas = false;                  // stop after the .pto files
  bool compileOnly = false;                // stop after compile
  /// "auto" ($PTOAS_ROOT/ptoas, else ptoas on PATH, else the built-in
  /// lowering), "off" (always the built-in lowering) or a ptoas path.
  std::string ptoas = "auto";
  std::string golden;       // overrides the program's pypto.golden;
                            // "reference": the reference interpreter
  bool checkGolden = false; // compare the golden with the interpreter
  std::string goldenData;   // replay: <dir>/in and <dir>/out instead of
                            // generating inputs and running the golden
  bool saveData = true;     // write data/in and data/out
  std::string runtimeDir;   // reuse this build: skip compile
  std::string spillDir;     // tensors of spillMinBytes and more in files here
  uint64_t spillMinBytes = uint64_t(64) << 20;
  std::optional<double> rtol, atol;
  /// -d with a comma-separated list: every device id (multi-card programs).
  std::vector<int> devices;
  DfxOptions dfx; // runtime DFX flags
  /// NAME=COMPARATOR entries overriding the program's comparators.
  std::vector<std::string> compare;
  /// --shape NAME=16x4096: sizes of run-time dimensions for this run.
  std::vector<std::string> shapes;
  std::string diagnosticPhase = "pre-pipeline";
  std::set<std::string> disabledDiagnostics = {"UnusedControlFlowResult"};
};

/// Runs every phase and prints the trace to stdout and errors to stderr.
/// Returns the process exit code: 0 on PASS, 1 otherwise.
int runProgramFile(const RunOptions &options);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_RUNNER_H
