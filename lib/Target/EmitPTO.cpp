//===- EmitPTO.cpp - kernels as .pto files ---------------------*- C++ -*-===//
//
// A .pto file is a printed pto module holding one kernel, or both parts of
// a mixed kernel, with the target architecture as a module attribute.
// pypto-only attributes are dropped so ptoas sees nothing it does not know.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Target/Emitters.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"

using namespace mlir;
using namespace mlir::pypto;

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
  for (func::FuncOp kernel : kernels)
    dropPyPTOAttributes(cast<func::FuncOp>(builder.clone(*kernel)));
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
