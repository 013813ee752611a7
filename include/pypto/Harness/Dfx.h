//===- Dfx.h - runtime DFX artefacts under dfx_outputs/ --------*- C++ -*-===//
//
// The files the runtime DFX flags produce from a run's trace: the L2
// swimlane (per-task records and a Perfetto trace), the tensor dump, PMU
// rows, the dependency graph, and per-kernel timing exports.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_DFX_H
#define PYPTO_HARNESS_DFX_H

#include "pypto/Runtime/Device.h"

#include <map>
#include <string>

namespace pypto::harness {

struct DfxOptions {
  bool l2Swimlane = false;          // --enable-l2-swimlane
  bool dumpTensor = false;          // --dump-tensor
  int pmu = 0;                      // --enable-pmu [N]: event group, 0 = off
  bool depGen = false;              // --enable-dep-gen
  bool exportKernelInsight = false; // --export-kernel-insight

  bool any() const {
    return l2Swimlane || dumpTensor || pmu || depGen || exportKernelInsight;
  }
  /// What the runtime must record for these flags.
  void configure(pypto::runtime::RunTrace &trace) const;
};

/// Writes the enabled artefacts of `trace` under `<buildDir>/dfx_outputs/`
/// (kernel insight exports go to `<buildDir>/kernel_insight_all_funcs_<ts>/`).
/// `kernelNames` maps func ids to kernel names. Returns an error message, or
/// "" on success; `written` lists the files, relative to the build.
std::string writeDfxOutputs(const pypto::runtime::RunTrace &trace,
                            const DfxOptions &options,
                            const std::string &buildDir,
                            const std::map<int, std::string> &kernelNames,
                            const std::string &timestamp,
                            std::vector<std::string> &written);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_DFX_H
