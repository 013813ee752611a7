//===- Emitters.h - .pto, C++ and kernel_config.py emitters ---*- C++ -*-===//
//
// The files a build consists of. Every emitter reads a module that went
// through the default pipeline and never changes it; errors are reported at
// the operation that cannot be emitted.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_TARGET_EMITTERS_H
#define PYPTO_TARGET_EMITTERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::pypto {

/// A kernel of the build with its runtime id (the order of its first
/// submission in the orchestration) and core type.
struct KernelInfo {
  func::FuncOp func;
  int funcId;
  bool isCube;
  /// The `.pto` unit holding the kernel: the group's name for a part of a
  /// mixed kernel (both parts share one unit), else the kernel's own.
  llvm::StringRef unit;
  llvm::StringRef coreDir() const { return isCube ? "aic" : "aiv"; }
};

/// A `.pto` file of the build (`ptoas/<name>.pto`) and the kernels in it.
struct PTOUnit {
  llvm::StringRef name;
  SmallVector<func::FuncOp, 2> kernels;
};

/// The units of `kernels`, in the order of their first kernel.
SmallVector<PTOUnit> getPTOUnits(ArrayRef<KernelInfo> kernels);

/// The module's single orchestration function.
FailureOr<func::FuncOp> getOrchestration(ModuleOp module);

/// Kernels in func_id order; fails (located) on kernels not lowered to pto.
FailureOr<SmallVector<KernelInfo>> collectKernels(ModuleOp module);

/// Name of a parameter in generated code: its `pypto.name`, else `arg<i>`.
std::string getArgumentName(func::FuncOp func, unsigned index);

/// `in`, `out` or `inout`: the declared direction of a tensor parameter, or
/// for an orchestration parameter without one, what its kernels do with it.
llvm::StringRef getArgumentDirection(func::FuncOp func, unsigned index);

/// One unit's kernels as a `.pto` module for ptoas (a mixed kernel's parts
/// go together: the producer imports the consumer's buffer by its function).
LogicalResult emitPTO(ArrayRef<func::FuncOp> kernels, llvm::raw_ostream &os);

/// Every unit's `.pto`, each preceded by a `// ptoas/<unit>.pto` line.
LogicalResult emitAllPTO(ModuleOp module, llvm::raw_ostream &os);

/// Kernel C++ over the CPU tile library, with `kernel_entry` (built-in
/// PTO->C++ lowering, used when no ptoas is installed).
LogicalResult emitKernelCpp(func::FuncOp kernel, llvm::raw_ostream &os);

/// The kernel function alone, in the shape ptoas emits
/// (`__global__ AICORE void <name>(...)` after `#include "pto/pto-inst.hpp"`).
LogicalResult emitKernelFunction(func::FuncOp kernel, llvm::raw_ostream &os);

/// The opening of every kernel file of a build: a comment naming the kernel
/// and where its code came from (`origin`), the tile library's includes and
/// `using namespace pto;`. The built-in lowering and the wrapper of ptoas's
/// output share it, so both compile against the same headers.
void emitKernelPreamble(func::FuncOp kernel, llvm::StringRef origin,
                        llvm::raw_ostream &os);

/// `extern "C" void kernel_entry(int64_t* args)` calling `kernel`'s function.
LogicalResult emitKernelEntry(func::FuncOp kernel, llvm::raw_ostream &os);

/// Every kernel's C++, each preceded by a `// kernels/<dir>/<name>.cpp` line.
LogicalResult emitAllKernelCpp(ModuleOp module, llvm::raw_ostream &os);

/// The orchestration C++ against the PTO2 runtime API.
LogicalResult emitOrchestration(ModuleOp module, llvm::raw_ostream &os);

/// kernel_config.py: RUNTIME_CONFIG, ORCHESTRATION and KERNELS.
LogicalResult emitKernelConfig(ModuleOp module, llvm::raw_ostream &os);

/// Registers the translations above with mlir-translate's registry.
void registerTranslations();

} // namespace mlir::pypto

#endif // PYPTO_TARGET_EMITTERS_H
