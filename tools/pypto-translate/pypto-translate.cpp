//===- pypto-translate.cpp - emit .pto, C++ and configs -------*- C++ -*-===//
//
// mlir-translate with the pypto-mlir emitters registered.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/ParseGuard.h"
#include "pypto/InitAll.h"

#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  // mlir-translate chains several translations, feeding one's output to the
  // next; every emitter here reads MLIR and writes something else, so a
  // second one could only fail on the first one's output.
  llvm::StringRef first;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if (!arg.consume_front("--emit-") && !arg.consume_front("-emit-"))
      continue;
    arg = arg.split('=').first;
    if (!llvm::is_contained({"pto", "orchestration", "kernel-config",
                             "kernel-cpp", "kernel-function"},
                            arg))
      continue; // LLVM's own --emit-* options
    if (!first.empty() && first != arg) {
      llvm::errs() << "pypto-translate: error: --emit-" << first
                   << " and --emit-" << arg
                   << " given; run pypto-translate once per output\n";
      return 1;
    }
    first = arg;
  }
  mlir::pypto::registerAllTranslations();
  mlir::DialectRegistry registry;
  mlir::pypto::registerAllDialects(registry);
  if (!pypto::harness::checkInputParses(argc, argv, registry))
    return 1;
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "pypto-mlir translation driver\n"));
}
