//===- EmitKernelConfig.cpp - kernel_config.py -----------------*- C++ -*-===//
//
// The build manifest in the format pypto writes: the runtime flavour, the
// orchestration entry with its tensor signature, and every kernel with its
// func_id, source, core type and tensor signature.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Target/Emitters.h"

using namespace mlir;
using namespace mlir::pypto;

/// `[_D.IN, _D.OUT]`: the direction of every tensor parameter, in order.
static std::string signature(func::FuncOp func) {
  std::string text = "[";
  bool first = true;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    if (func.getArgument(i).getType().isIntOrIndexOrFloat())
      continue;
    std::string name = getArgumentDirection(func, i).upper();
    text += (first ? "_D." : ", _D.") + name;
    first = false;
  }
  return text + "]";
}

LogicalResult mlir::pypto::emitKernelConfig(ModuleOp module, raw_ostream &os) {
  FailureOr<SmallVector<KernelInfo>> kernels = collectKernels(module);
  if (failed(kernels))
    return failure();
  func::FuncOp orchestration = *getOrchestration(module);
  os << "# Kernel and Orchestration Configuration\n\n"
     << "from pathlib import Path\n\n"
     << "from simpler.task_interface import ArgDirection as _D\n\n"
     << "_ROOT_DIR = Path(__file__).parent\n\n"
     << "# Runtime configuration for tensormap_and_ringbuffer.\n"
     << "# AICPU thread count 0 selects the runtime's architecture default "
        "(a2a3: 4; a5: 5).\n"
     << "RUNTIME_CONFIG = {\n"
     << "\t\"runtime\": \"tensormap_and_ringbuffer\",\n"
     << "\t\"aicpu_thread_num\": 0,\n}\n\n"
     << "ORCHESTRATION = {\n"
     << "\t\"source\": str(_ROOT_DIR / \"orchestration\" / \""
     << orchestration.getSymName() << ".cpp\"),\n"
     << "\t\"function_name\": \"aicpu_orchestration_entry\",\n"
     << "\t\"signature\": " << signature(orchestration) << ",\n}\n\n"
     << "KERNELS = [\n";
  for (KernelInfo kernel : *kernels)
    os << "\t{\"func_id\": " << kernel.funcId << ", \"name\": \""
       << kernel.func.getSymName() << "\", \"source\": str(_ROOT_DIR / "
       << "\"kernels\" / \"" << kernel.coreDir() << "\" / \""
       << kernel.func.getSymName() << ".cpp\"), \"core_type\": \""
       << kernel.coreDir() << "\", \"signature\": " << signature(kernel.func)
       << "},\n";
  os << "]\n";
  return success();
}
