//===- ParseGuard.h - survive the MLIR 19 parser's bugs --------*- C++ -*-===//
//
// MLIR 19's parser dies with SIGSEGV on some invalid input (a value used in
// an operation's header but defined inside the operation's own region), and
// on other invalid input its clean-up writes to freed memory (a value used
// before its definition in a region that then fails to parse). The tools
// parse the input in a child process first, so such input gets an error
// instead of a crash, and input that does not parse is never parsed in the
// tool itself.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_PARSEGUARD_H
#define PYPTO_HARNESS_PARSEGUARD_H

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/STLFunctionalExtras.h"
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

/// How a parse run in a child process ended.
struct IsolatedParse {
  /// False when no child could be started or it hung: nothing is known.
  bool isolated = false;
  bool failed = false;  // it returned false
  bool crashed = false; // it died of a signal
  std::string crash;    // the signal, e.g. "SIGSEGV"
  std::string output;   // what it wrote to stderr (its diagnostics)
};

/// Runs `parse` in a forked child with its stderr captured; the child exits
/// without clean-up. A child still running after `timeoutSeconds` is killed.
IsolatedParse parseIsolated(llvm::function_ref<bool()> parse,
                            unsigned timeoutSeconds = 120);

/// Parses `source` (each `// -----` chunk when `splitInput`) in a scratch
/// context with `registry`'s dialects; the crash, if the parser crashed.
std::optional<ParserCrash>
findParserCrash(llvm::StringRef source, const mlir::DialectRegistry &registry,
                bool splitInput);

/// For the mlir-opt and mlir-translate style drivers: reads the input file
/// named on `argv` (the first positional argument, "-" or none: stdin is not
/// checked) and prints `file:line:col: error: ...` on a crash. An input that
/// fails to parse has its errors printed (as the driver prints them) unless
/// the driver splits its input or verifies diagnostics. Returns false when
/// the driver must not parse the input.
bool checkInputParses(int argc, char **argv,
                      const mlir::DialectRegistry &registry);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_PARSEGUARD_H
