//===- Pipelines.cpp - the default compilation pipeline --------*- C++ -*-===//
//
// The pass order every compile uses, and the registration that makes it
// runnable by name from pypto-opt.
//
//===----------------------------------------------------------------------===//

#include "pypto/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::pypto;

std::vector<PipelineStage>
mlir::pypto::getDefaultPipelineStages(const PipelineOptions &options) {
  std::string arch = options.arch;
  return {
      {"OutlineInCore",
       [](OpPassManager &pm) { pm.addPass(createOutlineInCore()); }},
      {"ConvertTensorToTile",
       [](OpPassManager &pm) {
         pm.addNestedPass<func::FuncOp>(createConvertTensorToTile());
       }},
      {"TileMatmul",
       [arch](OpPassManager &pm) {
         pm.addNestedPass<func::FuncOp>(createTileMatmul({arch}));
       }},
      {"PlanMemory",
       [arch](OpPassManager &pm) {
         pm.addNestedPass<func::FuncOp>(createPlanMemory({arch}));
       }},
      {"LowerToPTO",
       [arch](OpPassManager &pm) { pm.addPass(createLowerToPTO({arch})); }},
      // Fold the index arithmetic the lowering leaves and share constants.
      {"Canonicalizer",
       [](OpPassManager &pm) { pm.addPass(createCanonicalizerPass()); }},
      {"CSE", [](OpPassManager &pm) { pm.addPass(createCSEPass()); }},
  };
}

void mlir::pypto::buildDefaultPipeline(OpPassManager &pm,
                                       const PipelineOptions &options) {
  for (const PipelineStage &stage : getDefaultPipelineStages(options))
    stage.addTo(pm);
}

void mlir::pypto::registerPassesAndPipelines() {
  registerPyPTOPasses();
  PassPipelineRegistration<PipelineOptions>(
      "pypto-default-pipeline",
      "The default pipeline: outline kernels, convert to tiles, plan memory "
      "and lower kernels to pto",
      buildDefaultPipeline);
}
