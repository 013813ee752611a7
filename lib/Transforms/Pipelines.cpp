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

void mlir::pypto::buildDefaultPipeline(OpPassManager &pm,
                                       const PipelineOptions &options) {
  pm.addPass(createOutlineInCore());
  pm.addNestedPass<func::FuncOp>(createConvertTensorToTile());
  pm.addNestedPass<func::FuncOp>(createPlanMemory({options.arch}));
  pm.addPass(createLowerToPTO({options.arch}));
  // Fold the index arithmetic the lowering leaves and share constants.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::pypto::registerPassesAndPipelines() {
  registerPyPTOPasses();
  PassPipelineRegistration<PipelineOptions>(
      "pypto-default-pipeline",
      "The default pipeline: outline kernels, convert to tiles, plan memory "
      "and lower kernels to pto",
      buildDefaultPipeline);
}
