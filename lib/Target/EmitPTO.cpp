//===- EmitPTO.cpp - kernels as .pto files ---------------------*- C++ -*-===//
//
// A .pto file is a printed pto module holding one kernel, or both parts of
// a mixed kernel, with the target architecture as a module attribute.
// pypto-only attributes are dropped so ptoas sees nothing it does not know.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Target/Emitters.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"

using namespace mlir;
using namespace mlir::pypto;

/// ptoas 0.27 maps `index` and `i32` to one C type, so an `index_cast`
/// between them becomes a cast to the same type that its expression forming
/// folds away, leaving an `emitc.expression` that only yields another; where
/// that one is not dropped, its C++ emitter stops ("unsupported operation":
/// a cast whose operand and result both have other users, or of a
/// `load_scalar`). Casting through `i64` (a real C cast each way) gives the
/// same values and none of those expressions.
static void castThroughI64(func::FuncOp func) {
  SmallVector<Operation *> casts;
  func.walk([&](Operation *op) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
      casts.push_back(op);
  });
  for (Operation *cast : casts) {
    Value in = cast->getOperand(0);
    Type to = cast->getResult(0).getType();
    Type narrow = in.getType().isIndex() ? to : in.getType();
    if (!narrow.isInteger() || narrow.getIntOrFloatBitWidth() >= 64)
      continue;
    bool isUnsigned = isa<arith::IndexCastUIOp>(cast);
    OpBuilder builder(cast);
    Location loc = cast->getLoc();
    Type i64 = builder.getI64Type();
    Value result;
    // The same cast op (signed or unsigned) on the index side.
    auto indexCast = [&](Type type, Value value) -> Value {
      if (isUnsigned)
        return builder.create<arith::IndexCastUIOp>(loc, type, value);
      return builder.create<arith::IndexCastOp>(loc, type, value);
    };
    if (in.getType().isIndex()) {
      result = builder.create<arith::TruncIOp>(loc, to, indexCast(i64, in));
    } else {
      Value wide =
          isUnsigned ? builder.create<arith::ExtUIOp>(loc, i64, in).getResult()
                     : builder.create<arith::ExtSIOp>(loc, i64, in).getResult();
      result = indexCast(to, wide);
    }
    cast->getResult(0).replaceAllUsesWith(result);
    cast->erase();
  }
}

/// ptoas 0.27 writes an `index` select whose condition is a signed compare
/// of an `i32` as an expression of `size_t`, the compare's operand cast to
/// it: `(size_t) v >= 0`, always true for a negative `v`. A select of `i64`
/// values (cast from and back to `index`) keeps the compare signed.
static void selectIndicesInI64(func::FuncOp func) {
  SmallVector<arith::SelectOp> selects;
  func.walk([&](arith::SelectOp select) {
    if (select.getType().isIndex())
      selects.push_back(select);
  });
  for (arith::SelectOp select : selects) {
    OpBuilder builder(select);
    Location loc = select.getLoc();
    Type i64 = builder.getI64Type();
    auto wide = [&](Value value) -> Value {
      return builder.create<arith::IndexCastOp>(loc, i64, value);
    };
    Value onTrue = wide(select.getTrueValue());
    Value onFalse = wide(select.getFalseValue());
    Value chosen = builder.create<arith::SelectOp>(loc, select.getCondition(),
                                                   onTrue, onFalse);
    Value back =
        builder.create<arith::IndexCastOp>(loc, builder.getIndexType(), chosen);
    select.getResult().replaceAllUsesWith(back);
    select.erase();
  }
}

static void dropPyPTOAttributes(func::FuncOp func) {
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute attribute : func->getAttrs())
    if (!attribute.getName().getValue().starts_with("pypto."))
      kept.push_back(attribute);
  func->setAttrs(kept);
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    SmallVector<NamedAttribute> argKept;
    for (NamedAttribute attribute : func.getArgAttrDict(i)
                                        ? func.getArgAttrDict(i).getValue()
                                        : ArrayRef<NamedAttribute>())
      if (!attribute.getName().getValue().starts_with("pypto."))
        argKept.push_back(attribute);
    func.setArgAttrs(i, argKept);
  }
}

LogicalResult mlir::pypto::emitPTO(ArrayRef<func::FuncOp> kernels,
                                   raw_ostream &os) {
  assert(!kernels.empty() && "a unit holds at least one kernel");
  for (func::FuncOp kernel : kernels)
    if (!kernel->hasAttr(pto::kKernelKindAttr))
      return kernel.emitError("kernel '")
             << kernel.getSymName()
             << "' is not lowered to pto (run pypto-lower-to-pto first)";
  func::FuncOp first = kernels.front();
  OpBuilder builder(first.getContext());
  OwningOpRef<ModuleOp> unit = ModuleOp::create(first.getLoc());
  if (auto arch =
          first->getParentOfType<ModuleOp>()->getAttr(pto::kTargetArchAttr))
    (*unit)->setAttr(pto::kTargetArchAttr, arch);
  builder.setInsertionPointToEnd(unit->getBody());
  for (func::FuncOp kernel : kernels) {
    auto copy = cast<func::FuncOp>(builder.clone(*kernel));
    dropPyPTOAttributes(copy);
    selectIndicesInI64(copy);
    castThroughI64(copy);
  }
  unit->print(os, OpPrintingFlags().assumeVerified());
  os << "\n";
  return success();
}

SmallVector<PTOUnit> mlir::pypto::getPTOUnits(ArrayRef<KernelInfo> kernels) {
  SmallVector<PTOUnit> units;
  for (const KernelInfo &kernel : kernels) {
    auto it = llvm::find_if(
        units, [&](const PTOUnit &unit) { return unit.name == kernel.unit; });
    if (it == units.end()) {
      units.push_back({kernel.unit, {}});
      it = std::prev(units.end());
    }
    it->kernels.push_back(kernel.func);
  }
  return units;
}

LogicalResult mlir::pypto::emitAllPTO(ModuleOp module, raw_ostream &os) {
  FailureOr<SmallVector<KernelInfo>> kernels = collectKernels(module);
  if (failed(kernels))
    return failure();
  for (const PTOUnit &unit : getPTOUnits(*kernels)) {
    os << "// ptoas/" << unit.name << ".pto\n";
    if (failed(emitPTO(unit.kernels, os)))
      return failure();
  }
  return success();
}
