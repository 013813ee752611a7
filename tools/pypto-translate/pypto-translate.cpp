//===- pypto-translate.cpp - emit .pto, C++ and configs -------*- C++ -*-===//
//
// mlir-translate with the pypto-mlir emitters registered.
//
//===----------------------------------------------------------------------===//

#include "pypto/InitAll.h"

#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::pypto::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "pypto-mlir translation driver\n"));
}
