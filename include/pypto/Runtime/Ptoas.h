//===- Ptoas.h - Running the external ptoas assembler -----------*- C++ -*-===//
//
// ptoas turns a `.pto` module (one codegen unit) into kernel C++ for the tile
// library. This is the runtime side of using it: locate the executable and
// run it on many units in parallel, each with a time limit.
//
// Standard library only (no LLVM/MLIR).
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_PTOAS_H
#define PYPTO_RUNTIME_PTOAS_H

#include <optional>
#include <string>
#include <vector>

namespace pypto::runtime {

/// `$PTOAS_ROOT/ptoas` when PTOAS_ROOT is set (nullopt when that file is not
/// executable: an explicit root is not second-guessed), else `ptoas` on PATH,
/// else nullopt. `searched`, when given, receives where it looked.
std::optional<std::string> findPtoas(std::string *searched = nullptr);

struct PtoasOptions {
  /// Executable; empty: findPtoas().
  std::string executable;
  /// "a3" or "a5" (the platform names "a2a3", "a2a3sim", "a5sim" are accepted).
  std::string arch = "a3";
  /// Directory of the outputs; empty: next to each input. The output of
  /// `<dir>/<unit>.pto` is `<unit>.cpp`.
  std::string outputDir;
  /// Inserted before the input (after the standard flags).
  std::vector<std::string> extraFlags;
  /// Per-unit wall-clock limit; 0: none.
  unsigned timeoutSeconds = 300;
  /// Parallel runs; 0: hardware_concurrency.
  unsigned parallelism = 0;
};

struct PtoasUnitResult {
  std::string input;
  std::string outputPath; // set on success
  std::string error;      // set on failure: what happened, the command and ptoas's stderr
  bool ok() const { return error.empty() && !outputPath.empty(); }
};

struct PtoasResult {
  bool ok = false;
  std::string executable;             // the ptoas that ran
  std::vector<PtoasUnitResult> units; // one per input, same order
  std::string error;                  // every unit error, joined
};

/// Run `ptoas <unit>.pto -o <unit>.cpp --enable-insert-sync --pto-level=level3
/// --pto-arch <a3|a5> [extra flags]` for every unit, in a thread pool. ptoas
/// writes debug output to stderr on every run: it is kept only for errors.
PtoasResult runPtoas(const std::vector<std::string> &units, const PtoasOptions &options = {});

} // namespace pypto::runtime

#endif // PYPTO_RUNTIME_PTOAS_H
