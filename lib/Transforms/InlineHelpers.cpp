//===- InlineHelpers.cpp - inline helper functions into callers -*- C++ -*-===//
//
// pypto-lib's `pl.jit.inline` helpers: functions other than the entry, called
// with func.call from the entry, from its loops and from inside pypto.at
// regions. Every call becomes the callee's body, innermost callees first, and
// the helpers, unused afterwards, are erased: the passes after this one see a
// program of one function (and its kernels). A call cycle is an error at a
// call in it, as is a call of a function without a body.
//
//===----------------------------------------------------------------------===//

#include "pypto/Transforms/Passes.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_INLINEHELPERS
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

struct InlineHelpersPass
    : public mlir::pypto::impl::InlineHelpersBase<InlineHelpersPass> {
  using InlineHelpersBase::InlineHelpersBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Each function's calls, and the callee of each, checked up front.
    llvm::MapVector<func::FuncOp, SmallVector<func::CallOp>> callsIn;
    bool valid = true;
    module.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal()) {
        call.emitOpError("calls '")
            << call.getCallee()
            << "', which has no body: a helper is a function of the program";
        valid = false;
        return;
      }
      callsIn[call->getParentOfType<func::FuncOp>()].push_back(call);
    });
    if (!valid)
      return signalPassFailure();

    // Callees before their callers; a callee still on the path is a cycle.
    llvm::SetVector<func::FuncOp> order;
    llvm::SmallPtrSet<Operation *, 8> onPath;
    std::function<LogicalResult(func::FuncOp)> visit =
        [&](func::FuncOp func) -> LogicalResult {
      if (order.contains(func))
        return success();
      onPath.insert(func);
      for (func::CallOp call : callsIn.lookup(func)) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (onPath.contains(callee)) {
          InFlightDiagnostic diag =
              call.emitOpError("makes a recursive call to '")
              << call.getCallee()
              << "': helpers are inlined, so calls cannot form a cycle";
          diag.attachNote(callee.getLoc())
              << "'" << call.getCallee() << "' is defined here";
          return failure();
        }
        if (failed(visit(callee)))
          return failure();
      }
      onPath.erase(func);
      order.insert(func);
      return success();
    };
    for (auto &[func, calls] : callsIn)
      if (failed(visit(func)))
        return signalPassFailure();

    InlinerInterface inliner(&getContext());
    llvm::SetVector<func::FuncOp> helpers;
    for (func::FuncOp func : order) {
      for (func::CallOp call : callsIn.lookup(func)) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (failed(inlineCall(inliner, call, callee, &callee.getBody(),
                              /*shouldCloneInlinedRegion=*/true))) {
          call.emitOpError("cannot inline '") << call.getCallee() << "'";
          return signalPassFailure();
        }
        call.erase();
        helpers.insert(callee);
        ++numInlined;
      }
    }
    for (func::FuncOp helper : helpers)
      if (SymbolTable::symbolKnownUseEmpty(helper, module)) {
        symbols.erase(helper);
        ++numErased;
      }
  }
};

} // namespace
