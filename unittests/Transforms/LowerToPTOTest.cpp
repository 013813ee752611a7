//===- LowerToPTOTest.cpp - pypto-lower-to-pto covers the dialect ---------===//
//
// Every pypto op that can appear in a kernel has a conversion pattern in
// pypto-lower-to-pto, so a new op without a line in TileInstructions.def (or
// a pattern of its own) fails here rather than at a user's kernel.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Transforms/LowerToPTO.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/InitAll.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

// Ops that never reach pypto-lower-to-pto: orchestration ops (OutlineInCore
// keeps them out of kernels), the window ops pypto-convert-tensor-to-tile
// replaces with loads and stores, the composite ops
// pypto-lower-composite-ops expands (and set_validshape, which it moves into
// the readers), the lane regions pypto-expand-mixed-kernel splits into
// pipe ops, and the tensor ops pypto-convert-tensor-to-tile expands into
// others (scatter_update, paged_gather). Arrays reach it: kernels have their
// own.
const std::set<std::string> kOrchestrationOps = {
    "pypto.alloc_window",
    "pypto.available_cluster_count",
    "pypto.available_aiv_count",
    "pypto.assemble",
    "pypto.at",
    "pypto.call",
    "pypto.create_tensor",
    "pypto.ranks",
    "pypto.read",
    "pypto.remote_load",
    "pypto.remote_store",
    "pypto.put",
    "pypto.get",
    "pypto.slice",
    "pypto.spmd",
    "pypto.no_task",
    "pypto.task_dummy",
    "pypto.scope",
    "pypto.scope_yield",
    "pypto.yield",
    "pypto.sin",
    "pypto.cos",
    "pypto.scatter_mask",
    "pypto.set_validshape",
    "pypto.split_aiv",
    "pypto.aiv_shard",
    "pypto.reinterpret_view",
    "pypto.scatter_update",
    "pypto.paged_gather",
};

TEST(LowerToPTOTest, EveryKernelOpHasALowering) {
  mlir::DialectRegistry registry;
  mlir::pypto::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  mlir::OpBuilder builder(&context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(builder.getUnknownLoc());
  builder.setInsertionPointToEnd(module->getBody());
  auto kernel = builder.create<mlir::func::FuncOp>(
      builder.getUnknownLoc(), "kernel", builder.getFunctionType({}, {}));
  mlir::pypto::KernelLoweringState state(kernel, mlir::pypto::Arch::a5, "", "");
  mlir::RewritePatternSet patterns(&context);
  mlir::pypto::populateTileComputeLoweringPatterns(patterns, state);
  mlir::pypto::populateTileMemoryLoweringPatterns(patterns, state);
  std::set<std::string> lowered;
  for (const auto &pattern : patterns.getNativePatterns())
    if (std::optional<mlir::OperationName> root = pattern->getRootKind())
      lowered.insert(root->getStringRef().str());

  int kernelOps = 0;
  for (mlir::RegisteredOperationName name : context.getRegisteredOperations()) {
    std::string op = name.getStringRef().str();
    if (name.getDialectNamespace() != "pypto" || kOrchestrationOps.count(op))
      continue;
    ++kernelOps;
    EXPECT_TRUE(lowered.count(op))
        << "'" << op
        << "' has no pattern in pypto-lower-to-pto: add it to "
           "lib/Transforms/TileInstructions.def (docs/AddingAnOp.md)";
  }
  // An empty enumeration would be a broken test.
  EXPECT_GT(kernelOps, 60);
  // A loop that carries tiles has a pattern too.
  EXPECT_TRUE(lowered.count("scf.for"));
}

} // namespace
