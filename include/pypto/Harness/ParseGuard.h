//===- ParseGuard.h - survive the MLIR 19 parser's crashes -----*- C++ -*-===//
//
// MLIR 19's parser dies with SIGSEGV on some invalid input (a value used in
// an operation's header but defined inside the operation's own region). The
// tools parse the input once in a scratch context under a fault guard before
// their real parse, so such input gets an error instead of a crash.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_PARSEGUARD_H
#define PYPTO_HARNESS_PARSEGUARD_H

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace pypto::harness {

/// Where and why the parser crashed.
struct ParserCrash {
  std::string message;
  /// The use of a value before its definition that explains the crash, when
  /// one is found (1-based).
  std::optional<unsigned> line, column;
};

/// Parses `source` (each `// -----` chunk when `splitInput`) in a scratch
/// context with `registry`'s dialects; the crash, if the parser crashed.
std::optional<ParserCrash>
findParserCrash(llvm::StringRef source, const mlir::DialectRegistry &registry,
                bool splitInput);

/// For the mlir-opt and mlir-translate style drivers: reads the input file
/// named on `argv` (the first positional argument, "-" or none: stdin is not
/// checked) and prints `file:line:col: error: ...` on a crash. Returns false
/// when the input would crash the parser.
bool checkInputParses(int argc, char **argv,
                      const mlir::DialectRegistry &registry);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_PARSEGUARD_H
