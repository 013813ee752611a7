//===- Passes.h - pypto-mlir passes and pipelines -------------*- C++ -*-===//

#ifndef PYPTO_TRANSFORMS_PASSES_H
#define PYPTO_TRANSFORMS_PASSES_H

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

#define GEN_PASS_DECL
#include "pypto/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pypto/Transforms/Passes.h.inc"

/// Options of the default compilation pipeline.
struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
  Option<std::string> arch{*this, "arch", llvm::cl::desc("Target: a2a3 or a5"),
                           llvm::cl::init("a5")};
  Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("default (the full pipeline) or debug-tile (skip the "
                     "tensor-level passes: the program is written with "
                     "tiles in incore kernels)"),
      llvm::cl::init("default")};
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

/// Registers every pass and the named pipelines `pypto-default-pipeline` and
/// `pypto-debug-tile-pipeline`.
void registerPassesAndPipelines();

/// Fails, reporting at `op`, unless `arch` is a2a3 or a5.
LogicalResult verifyArch(Operation *op, llvm::StringRef arch);

/// Byte capacity of an on-chip memory space for `arch` ("a2a3" or "a5");
/// `space` is the pypto memory-space name (vec, mat, left, right, acc, bias).
std::optional<int64_t> getSpaceCapacity(llvm::StringRef arch,
                                        llvm::StringRef space);

} // namespace pypto
} // namespace mlir

#endif // PYPTO_TRANSFORMS_PASSES_H
