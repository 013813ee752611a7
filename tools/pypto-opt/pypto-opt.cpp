//===- pypto-opt.cpp - run pypto-mlir passes ------------------*- C++ -*-===//
//
// mlir-opt with the pypto dialects, passes and pipelines registered.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/ParseGuard.h"
#include "pypto/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::pypto::registerAllDialects(registry);
  mlir::pypto::registerAllPasses();
  if (!pypto::harness::checkInputParses(argc, argv, registry))
    return 1;
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pypto-mlir optimizer driver\n", registry));
}
