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
  Arch arch = options.arch;
  std::vector<PipelineStage> stages;
  // Helpers first: every later pass sees one function per program.
  stages.push_back({"InlineHelpers", [](OpPassManager &pm) {
                      pm.addPass(createInlineHelpers());
                    }});
  // Then no tensor has more dimensions than the runtime's five.
  stages.push_back(
      {"FoldRank6", [](OpPassManager &pm) { pm.addPass(createFoldRank6()); }});
  if (options.strategy == PipelineStrategy::full) {
    // Tensor-level passes.
    stages.push_back({"OutlineInCore", [](OpPassManager &pm) {
                        pm.addPass(createOutlineInCore());
                      }});
    stages.push_back({"DeriveCallDirections", [](OpPassManager &pm) {
                        pm.addPass(createDeriveCallDirections());
                      }});
    stages.push_back({"ConvertTensorToTile", [](OpPassManager &pm) {
                        pm.addNestedPass<func::FuncOp>(
                            createConvertTensorToTile());
                      }});
  }
  // Ops without an instruction become ones with one, before element types
  // are legalised.
  stages.push_back({"LowerCompositeOps", [](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(createLowerCompositeOps());
                    }});
  stages.push_back({"PeelFirstIteration", [](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(
                          createPeelFirstIteration());
                    }});
  stages.push_back({"LegalizeElementTypes", [arch](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(
                          createLegalizeElementTypes({arch}));
                    }});
  stages.push_back({"InferMemorySpace", [](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(createInferMemorySpace());
                    }});
  stages.push_back({"TileMatmul", [arch](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(createTileMatmul({arch}));
                    }});
  stages.push_back({"ExpandMixedKernel", [arch](OpPassManager &pm) {
                      pm.addPass(createExpandMixedKernel({arch}));
                    }});
  stages.push_back({"PlanMemory", [arch](OpPassManager &pm) {
                      pm.addNestedPass<func::FuncOp>(createPlanMemory({arch}));
                    }});
  stages.push_back({"LowerToPTO", [arch](OpPassManager &pm) {
                      pm.addPass(createLowerToPTO({arch}));
                    }});
  // Fold the index arithmetic the lowering leaves and share constants.
  stages.push_back({"Canonicalizer", [](OpPassManager &pm) {
                      pm.addPass(createCanonicalizerPass());
                    }});
  stages.push_back(
      {"CSE", [](OpPassManager &pm) { pm.addPass(createCSEPass()); }});
  return stages;
}

namespace {
/// Runs one stage's passes on the module as a dynamic pipeline; timing and
/// instrumentation see its nested passes under it.
struct PipelineStagePass
    : PassWrapper<PipelineStagePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineStagePass)
  explicit PipelineStagePass(const PipelineStage &stage)
      : stageName(stage.name), stagePipeline(ModuleOp::getOperationName()) {
    stage.addTo(stagePipeline);
  }
  PipelineStagePass(const PipelineStagePass &other)
      : PassWrapper(other), stageName(other.stageName),
        stagePipeline(other.stagePipeline) {}

  StringRef getName() const final { return stageName; }
  StringRef getArgument() const final { return "pypto-pipeline-stage"; }
  void getDependentDialects(DialectRegistry &registry) const final {
    stagePipeline.getDependentDialects(registry);
  }
  void runOnOperation() final {
    if (failed(runPipeline(stagePipeline, getOperation())))
      signalPassFailure();
  }

  std::string stageName;
  OpPassManager stagePipeline;
};
} // namespace

void mlir::pypto::buildStagedPipeline(OpPassManager &pm,
                                      const PipelineOptions &options) {
  for (const PipelineStage &stage : getDefaultPipelineStages(options))
    pm.addPass(std::make_unique<PipelineStagePass>(stage));
}

std::optional<StringRef> mlir::pypto::getPipelineStageName(const Pass *pass) {
  if (pass->getTypeID() != TypeID::get<PipelineStagePass>())
    return std::nullopt;
  return static_cast<const PipelineStagePass *>(pass)->stageName;
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
      "The default pipeline: outline kernels, convert to tiles, split large "
      "matmuls, plan memory and lower kernels to pto (arch=a2a3 for Ascend "
      "910B/C, arch=a5 for Ascend 950)",
      buildDefaultPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "pypto-debug-tile-pipeline",
      "The tile-level passes only, for programs whose kernels are already "
      "written with tiles",
      [](OpPassManager &pm, const PipelineOptions &options) {
        PipelineOptions tileOptions;
        tileOptions.arch = options.arch;
        tileOptions.strategy = PipelineStrategy::debugTile;
        buildDefaultPipeline(pm, tileOptions);
      });
}
