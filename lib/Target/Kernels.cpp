//===- Kernels.cpp - the kernel table shared by the emitters ---*- C++ -*-===//
//
// func_id assignment and parameter naming, in one place so the orchestration,
// kernel_config.py and the kernel files always agree.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Target/Emitters.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::pypto;

FailureOr<func::FuncOp> mlir::pypto::getOrchestration(ModuleOp module) {
  func::FuncOp found;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (getFunctionKind(func) != kind::kOrchestration)
      continue;
    if (found)
      return func.emitError("a build has one orchestration function; '")
             << found.getSymName() << "' is one already";
    found = func;
  }
  if (!found) {
    // Before the pipeline, or a program the pipeline found no kernel in.
    bool regions = false;
    module.walk([&](Operation *op) {
      regions |= isa<AtOp, SpmdOp>(op);
    });
    if (regions)
      return module.emitError("no orchestration function: run the default "
                              "pipeline (pypto-default-pipeline) first");
    func::FuncOp entry;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && getFunctionKind(func).empty())
        entry = func;
    return emitError(entry ? entry.getLoc() : module.getLoc(),
                     "the program has no kernel to run: put its work in a "
                     "'pypto.at' or 'pypto.spmd' region");
  }
  return found;
}

FailureOr<SmallVector<KernelInfo>>
mlir::pypto::collectKernels(ModuleOp module) {
  FailureOr<func::FuncOp> orchestration = getOrchestration(module);
  if (failed(orchestration))
    return failure();
  if (!isCIdentifier(orchestration->getSymName()))
    return orchestration->emitOpError("name '")
           << orchestration->getSymName()
           << "' is not a C identifier: it names the orchestration's "
              "function and files";
  SmallVector<KernelInfo> kernels;
  llvm::StringSet<> seen;
  auto addKernel = [&](CallOp call, StringRef name,
                       StringRef unit) -> LogicalResult {
    if (!seen.insert(name).second)
      return success();
    auto kernel = module.lookupSymbol<func::FuncOp>(name);
    auto kindAttr =
        kernel
            ? kernel->getAttrOfType<pto::KernelKindAttr>(pto::kKernelKindAttr)
            : pto::KernelKindAttr();
    if (!kindAttr)
      return call.emitOpError("calls '")
             << name
             << "', which is not a kernel lowered to pto (run "
                "pypto-lower-to-pto first)";
    if (!isCIdentifier(name))
      return kernel.emitOpError("name '")
             << name << "' is not a C identifier: it names the kernel's "
             << "function and files";
    kernels.push_back({kernel, static_cast<int>(kernels.size()),
                       kindAttr.getValue() == pto::KernelKind::cube,
                       unit.empty() ? kernel.getSymName() : unit});
    return success();
  };
  WalkResult result = orchestration->walk([&](CallOp call) {
    // A group is its AIC part then its AIV part.
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    auto aic = callee ? callee->getAttrOfType<FlatSymbolRefAttr>(attr::kAicPart)
                      : FlatSymbolRefAttr();
    auto aiv = callee ? callee->getAttrOfType<FlatSymbolRefAttr>(attr::kAivPart)
                      : FlatSymbolRefAttr();
    LogicalResult added =
        aic && aiv ? success(succeeded(addKernel(call, aic.getValue(),
                                                 callee.getSymName())) &&
                             succeeded(addKernel(call, aiv.getValue(),
                                                 callee.getSymName())))
                   : addKernel(call, call.getCallee(), StringRef());
    return failed(added) ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return kernels;
}

std::string mlir::pypto::getArgumentName(func::FuncOp func, unsigned index) {
  if (auto name = func.getArgAttrOfType<StringAttr>(index, attr::kName)) {
    std::string sanitized;
    for (char c : name.getValue())
      sanitized +=
          (isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (!sanitized.empty() &&
        !isdigit(static_cast<unsigned char>(sanitized[0])))
      return sanitized;
  }
  return "arg" + std::to_string(index);
}

/// Whether the orchestration reads and/or writes `tensor`, directly or
/// through views, in the kernels it submits.
static void classifyCalls(Value tensor, ModuleOp module, bool &read,
                          bool &written) {
  for (OpOperand &use : tensor.getUses()) {
    if (auto slice = dyn_cast<SliceOp>(use.getOwner())) {
      classifyCalls(slice.getResult(), module, read, written);
      continue;
    }
    auto call = dyn_cast<CallOp>(use.getOwner());
    if (!call)
      continue;
    auto kernel = module.lookupSymbol<func::FuncOp>(call.getCallee());
    unsigned index = use.getOperandNumber();
    auto dir = call.getArgDirections()
                   ? cast<StringAttr>((*call.getArgDirections())[index])
               : kernel ? kernel.getArgAttrOfType<StringAttr>(index, attr::kDir)
                        : StringAttr();
    // A `no_dep` argument is read and written as the kernel declares.
    if (dir && dir.getValue() == "nodep")
      dir = kernel ? kernel.getArgAttrOfType<StringAttr>(index, attr::kDir)
                   : StringAttr::get(call.getContext(), "inout");
    StringRef value = dir ? dir.getValue() : "in";
    read |= value != "out";
    written |= value != "in";
  }
}

StringRef mlir::pypto::getArgumentDirection(func::FuncOp func, unsigned index) {
  if (auto dir = func.getArgAttrOfType<StringAttr>(index, attr::kDir))
    return dir.getValue();
  if (getFunctionKind(func) != kind::kOrchestration || func.isExternal())
    return "in";
  bool read = false, written = false;
  classifyCalls(func.getArgument(index), func->getParentOfType<ModuleOp>(),
                read, written);
  return written ? (read ? "inout" : "out") : "in";
}
