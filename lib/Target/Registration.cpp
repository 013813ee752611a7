//===- Registration.cpp - translations and shared registration -*- C++ -*-===//
//
// The pypto-translate entry points and the registration helpers every tool
// shares (InitAll.h).
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/InitAll.h"
#include "pypto/Target/Emitters.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::pypto::registerAllDialects(DialectRegistry &registry) {
  registry.insert<pypto::PyPTODialect, pto::PTODialect, func::FuncDialect,
                  arith::ArithDialect, scf::SCFDialect>();
  // func.call inlining (the inline pass).
  func::registerInlinerExtension(registry);
}

void mlir::pypto::registerAllPasses() {
  registerPassesAndPipelines();
  // The core passes the pipeline uses (canonicalize, cse) and the ones
  // users reach for around it (inline, symbol-dce, ...), so any stage runs
  // on its own from --pass-pipeline and a reproducer replays.
  registerTransformsPasses();
}

void mlir::pypto::registerTranslations() {
  auto dialects = [](DialectRegistry &registry) {
    registerAllDialects(registry);
  };
  TranslateFromMLIRRegistration(
      "emit-pto", "Emit each kernel as a .pto module (ptoas input)",
      [](Operation *op, raw_ostream &os) {
        return emitAllPTO(cast<ModuleOp>(op), os);
      },
      dialects);
  TranslateFromMLIRRegistration(
      "emit-orchestration", "Emit the orchestration C++ (PTO2 runtime API)",
      [](Operation *op, raw_ostream &os) {
        return emitOrchestration(cast<ModuleOp>(op), os);
      },
      dialects);
  TranslateFromMLIRRegistration(
      "emit-kernel-config", "Emit kernel_config.py",
      [](Operation *op, raw_ostream &os) {
        return emitKernelConfig(cast<ModuleOp>(op), os);
      },
      dialects);
  TranslateFromMLIRRegistration(
      "emit-kernel-function",
      "Emit each pto kernel function as C++ the way ptoas does (input: a "
      ".pto file)",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        // The kernels are the functions with pto.kernel_kind; .pto written
        // before that attribute existed has none, and then every function
        // with a body is one.
        auto funcs = cast<ModuleOp>(op).getOps<func::FuncOp>();
        bool anyKind = llvm::any_of(funcs, [](func::FuncOp func) {
          return func->hasAttr(pto::kKernelKindAttr);
        });
        bool any = false;
        for (auto func : funcs) {
          if (func.isDeclaration() ||
              (anyKind && !func->hasAttr(pto::kKernelKindAttr)))
            continue;
          any = true;
          if (failed(emitKernelFunction(func, os)))
            return failure();
        }
        if (!any)
          return op->emitError("no pto kernel (a function with a body) to "
                               "emit");
        return success();
      },
      dialects);
  TranslateFromMLIRRegistration(
      "emit-kernel-cpp",
      "Emit each kernel as C++ over the tile library (built-in lowering)",
      [](Operation *op, raw_ostream &os) {
        return emitAllKernelCpp(cast<ModuleOp>(op), os);
      },
      dialects);
}

void mlir::pypto::registerAllTranslations() { registerTranslations(); }
