//===- Passes.h - pypto-mlir passes and pipelines -------------*- C++ -*-===//

#ifndef PYPTO_TRANSFORMS_PASSES_H
#define PYPTO_TRANSFORMS_PASSES_H

#include "pypto/Transforms/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace scf {
class SCFDialect;
} // namespace scf
namespace pto {
class PTODialect;
} // namespace pto
namespace pypto {
class PyPTODialect;
enum class MemorySpace : uint32_t;

#define GEN_PASS_DECL
#include "pypto/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pypto/Transforms/Passes.h.inc"

/// Options of the default compilation pipeline.
struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
  Option<Arch> arch{*this, "arch",
                    llvm::cl::desc("Target: a2a3 (Ascend 910B/C) or a5 "
                                   "(Ascend 950)"),
                    llvm::cl::init(Arch::a5)};
  Option<PipelineStrategy> strategy{
      *this, "strategy",
      llvm::cl::desc("default (the full pipeline) or debug-tile (skip the "
                     "tensor-level passes: the program is written with "
                     "tiles in incore kernels)"),
      llvm::cl::init(PipelineStrategy::full)};
};

/// One step of the default pipeline: a pass name (used for
/// `passes_dump/NN_after_<name>.mlir`) and how to add it to a module-level
/// pass manager.
struct PipelineStage {
  std::string name;
  std::function<void(OpPassManager &)> addTo;
};

/// The default pipeline, stage by stage, in order.
std::vector<PipelineStage>
getDefaultPipelineStages(const PipelineOptions &options);

/// Adds the default pipeline (program -> planned pto kernels + orchestration).
void buildDefaultPipeline(OpPassManager &pm, const PipelineOptions &options);

/// Adds the default pipeline with each stage wrapped in one module-level
/// pass (a dynamic pipeline), so a PassInstrumentation sees every stage end
/// with the whole module at the boundary, although adjacent function-level
/// stages would otherwise be interleaved function by function.
void buildStagedPipeline(OpPassManager &pm, const PipelineOptions &options);

/// The stage name when `pass` is a stage of buildStagedPipeline.
std::optional<llvm::StringRef> getPipelineStageName(const Pass *pass);

/// Registers every pass and the named pipelines `pypto-default-pipeline` and
/// `pypto-debug-tile-pipeline`.
void registerPassesAndPipelines();

/// Byte capacity of an on-chip memory space on `arch`.
int64_t getSpaceCapacity(Arch arch, MemorySpace space);
/// The clusters (one AIC and two AIV cores each) of the chip.
int64_t getClusterCount(Arch arch);

} // namespace pypto
} // namespace mlir

#endif // PYPTO_TRANSFORMS_PASSES_H
