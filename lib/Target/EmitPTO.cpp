//===- EmitPTO.cpp - kernels as .pto files ---------------------*- C++ -*-===//
//
// A .pto file is a printed pto module holding one kernel, with the target
// architecture as a module attribute. pypto-only attributes are dropped so
// ptoas sees nothing it does not know.
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

LogicalResult mlir::pypto::emitPTO(func::FuncOp kernel, raw_ostream &os) {
  if (!kernel->hasAttr(pto::kKernelKindAttr))
    return kernel.emitError("kernel '")
           << kernel.getSymName()
           << "' is not lowered to pto (run pypto-lower-to-pto first)";
  OpBuilder builder(kernel.getContext());
  OwningOpRef<ModuleOp> unit = ModuleOp::create(kernel.getLoc());
  if (auto arch =
          kernel->getParentOfType<ModuleOp>()->getAttr(pto::kTargetArchAttr))
    (*unit)->setAttr(pto::kTargetArchAttr, arch);
  builder.setInsertionPointToEnd(unit->getBody());
  auto clone = cast<func::FuncOp>(builder.clone(*kernel));
  dropPyPTOAttributes(clone);
  unit->print(os, OpPrintingFlags().assumeVerified());
  os << "\n";
  return success();
}

LogicalResult mlir::pypto::emitAllPTO(ModuleOp module, raw_ostream &os) {
  FailureOr<SmallVector<KernelInfo>> kernels = collectKernels(module);
  if (failed(kernels))
    return failure();
  for (KernelInfo kernel : *kernels) {
    os << "// ptoas/" << kernel.func.getSymName() << ".pto\n";
    if (failed(emitPTO(kernel.func, os)))
      return failure();
  }
  return success();
}
