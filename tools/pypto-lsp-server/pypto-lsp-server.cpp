//===- pypto-lsp-server.cpp - language server for pypto programs -*- C++
//-*-===//
//
// MLIR's language server with the pypto-mlir dialects registered, so editors
// show diagnostics, hovers and definitions in .mlir programs and .pto files.
//
//===----------------------------------------------------------------------===//

#include "pypto/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::pypto::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
