//===- FrontEndFuzzer.cpp - coverage-guided fuzzing of the front end ------===//
//
// A libFuzzer target over what a program meets before it runs: parse,
// verify, the default pipeline for both arches, and every emitter (.pto,
// kernel C++, orchestration C++, kernel_config.py). Any input must end in a
// diagnostic or in output, never in a crash, an assertion or a sanitizer
// report. Input that MLIR 19's own parser crashes on or fails to parse is
// parsed only in a child process, as the tools do (its bugs there are known
// upstream ones the tools already turn into errors).
//
// Built only with clang (-DPYPTO_FUZZ_FRONTEND=ON, see docs/Fuzzing.md).
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/ParseGuard.h"
#include "pypto/InitAll.h"
#include "pypto/Target/Emitters.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

mlir::DialectRegistry &registry() {
  static mlir::DialectRegistry *r = [] {
    auto *registry = new mlir::DialectRegistry();
    mlir::pypto::registerAllDialects(*registry);
    return registry;
  }();
  return *r;
}

/// Compiles a clone of `module` for `arch` and runs every emitter on it.
void compileAndEmit(mlir::ModuleOp module, mlir::pypto::Arch arch) {
  mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
  mlir::PassManager pm(module->getContext());
  mlir::pypto::PipelineOptions options;
  options.arch = arch;
  mlir::pypto::buildDefaultPipeline(pm, options);
  if (mlir::failed(pm.run(*copy)))
    return;
  llvm::raw_null_ostream sink;
  (void)mlir::pypto::emitAllPTO(*copy, sink);
  (void)mlir::pypto::emitAllKernelCpp(*copy, sink);
  (void)mlir::pypto::emitOrchestration(*copy, sink);
  (void)mlir::pypto::emitKernelConfig(*copy, sink);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::pypto::registerAllPasses();
  (void)registry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // MLIR's lexer reads up to a terminating NUL: libFuzzer's buffer has
  // none, a file read by the tools has one.
  std::string text(reinterpret_cast<const char *>(data), size);
  llvm::StringRef source(text);
  // Parsed in a child process first, as the tools do: MLIR 19's parser may
  // crash, or write to freed memory while cleaning up after an error (which
  // corrupted the heap of a replay of many inputs). Only input that parses
  // is parsed here.
  pypto::harness::IsolatedParse first = pypto::harness::parseIsolated([&] {
    mlir::MLIRContext context(registry());
    context.disableMultithreading();
    mlir::ScopedDiagnosticHandler quiet(
        &context, [](mlir::Diagnostic &) { return mlir::success(); });
    mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
    return bool(mlir::parseSourceString<mlir::ModuleOp>(source, config));
  });
  if (!first.isolated || first.failed || first.crashed)
    return 0;
  mlir::MLIRContext context(registry());
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  // Diagnostics are the expected outcome of most inputs: drop them.
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context, "fuzz.mlir");
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  compileAndEmit(*module, mlir::pypto::Arch::a5);
  compileAndEmit(*module, mlir::pypto::Arch::a2a3);
  return 0;
}
