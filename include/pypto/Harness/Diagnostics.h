//===- Diagnostics.h - warnings and performance hints ----------*- C++ -*-===//
//
// The compile-time diagnostics a build can report besides errors: warnings
// on the program (stderr, at the user's location) and performance hints
// (report/perf_hints.log), gated by a phase and a set of disabled checks.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_DIAGNOSTICS_H
#define PYPTO_HARNESS_DIAGNOSTICS_H

#include "pypto/Transforms/Target.h"

#include "mlir/IR/BuiltinOps.h"

#include <set>
#include <string>
#include <vector>

namespace pypto::harness {

/// When warnings are checked: never ("none"), on the program as written
/// ("pre-pipeline", the default), after every pass ("post-pass") or on the
/// compiled module ("post-pipeline"). Performance hints are collected after
/// the pipeline unless the phase is "none".
struct DiagnosticOptions {
  std::string phase = "pre-pipeline";
  std::set<std::string> disabled = {"UnusedControlFlowResult"};
};

/// The checks, by name: UnusedVariable, UnusedControlFlowResult,
/// OutParamWriteDropped (warnings) and TileInnermostDimGranularity (PH001).
const std::vector<std::string> &diagnosticCheckNames();

/// Parses a comma-separated list of check names ("none" is the empty set);
/// on error returns false with a one-line reason.
bool parseDisabledDiagnostics(const std::string &list,
                              std::set<std::string> &out, std::string &error);

/// Emits each enabled warning once (`seen` remembers those already given)
/// as an MLIR warning at the user's operation.
void emitWarnings(mlir::ModuleOp module, const DiagnosticOptions &options,
                  std::set<std::string> &seen);

/// PH001 hints for the loads and stores of planned kernels on `arch`.
std::vector<std::string> collectPerfHints(mlir::ModuleOp module,
                                          mlir::pypto::Arch arch,
                                          const DiagnosticOptions &options);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_DIAGNOSTICS_H
