//===- DeriveCallDirections.cpp - argument directions per call -*- C++ -*-===//
//
// The runtime orders tasks by the directions of their tensor arguments, so
// each call site states them: `in` and `inout` come from the kernel; an `out`
// is upgraded to `inout` wherever the task must also wait for earlier writes
// of the same tensor; a `no_dep` argument is `nodep`.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_DERIVECALLDIRECTIONS
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

/// Whether `value` is the same window in every iteration of a sequential
/// loop around `call` (loops not marked `parallel` run in order).
bool invariantInSequentialLoop(CallOp call, Value value) {
  for (auto loop = call->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    auto kind = loop->getAttrOfType<StringAttr>(attr::kLoop);
    if (kind && kind.getValue() == "parallel")
      continue;
    if (!loop.getRegion().isAncestor(value.getParentRegion()))
      return true;
  }
  return false;
}

struct DeriveCallDirectionsPass
    : public mlir::pypto::impl::DeriveCallDirectionsBase<
          DeriveCallDirectionsPass> {
  using DeriveCallDirectionsBase::DeriveCallDirectionsBase;
  void runOnOperation() override {
    // Each call reads its callee's declared directions: a module pass, so
    // no other function is changed while one is read.
    ModuleOp module = getOperation();
    for (auto func : module.getOps<func::FuncOp>())
      if (getFunctionKind(func) == kind::kOrchestration && !func.isExternal())
        if (failed(derive(module, func)))
          return signalPassFailure();
  }
  LogicalResult derive(ModuleOp module, func::FuncOp func);
};

LogicalResult DeriveCallDirectionsPass::derive(ModuleOp module,
                                               func::FuncOp func) {
  Builder builder(&getContext());
  llvm::DenseSet<Value> written;
  WalkResult result = func.walk([&](CallOp call) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee) {
      call.emitOpError("'") << call.getCallee() << "' does not name a function";
      return WalkResult::interrupt();
    }
    SmallVector<Attribute> directions;
    SmallVector<Value> writes;
    for (auto [i, arg] : llvm::enumerate(call.getArgs())) {
      if (!isa<GMTensorType>(arg.getType())) {
        directions.push_back(builder.getStringAttr("scalar"));
        continue;
      }
      auto declared = callee.getArgAttrOfType<StringAttr>(i, attr::kDir);
      StringRef direction = declared ? declared.getValue() : "in";
      Value root = getRootTensor(arg);
      if (direction == "out") {
        auto param = dyn_cast<BlockArgument>(root);
        bool programInout =
            param && param.getOwner() == &func.getBody().front() &&
            func.getArgAttrOfType<StringAttr>(param.getArgNumber(),
                                              attr::kDir) ==
                builder.getStringAttr("inout");
        if (written.contains(root) || programInout ||
            invariantInSequentialLoop(call, arg)) {
          direction = "inout";
          ++numUpgraded;
        }
      }
      if (direction != "in") {
        // Writing a program input would go unvalidated and unsaved.
        auto param = dyn_cast<BlockArgument>(root);
        if (param && param.getOwner() == &func.getBody().front()) {
          auto declared = func.getArgAttrOfType<StringAttr>(
              param.getArgNumber(), attr::kDir);
          if (!declared || declared.getValue() == "in") {
            call.emitOpError("writes parameter ")
                << param.getArgNumber() << " of '" << func.getSymName()
                << "', which is an input; declare it {pypto.dir = \"out\"} "
                   "or {pypto.dir = \"inout\"}";
            return WalkResult::interrupt();
          }
        }
        writes.push_back(root);
      }
      // A `no_dep` tensor keeps out of dependency tracking (its checks
      // above still hold: it is read or written all the same).
      if (call.getNoDepArgs() && llvm::is_contained(*call.getNoDepArgs(), i))
        direction = "nodep";
      directions.push_back(builder.getStringAttr(direction));
    }
    written.insert(writes.begin(), writes.end());
    call.setArgDirectionsAttr(builder.getArrayAttr(directions));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

} // namespace
