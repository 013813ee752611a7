//===- InitAll.h - register everything pypto-mlir provides ----*- C++ -*-===//
//
// Shared registration for the tools: the dialects a pypto program uses, the
// passes and pipelines, and the translations.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_INITALL_H
#define PYPTO_INITALL_H

namespace mlir {
class DialectRegistry;
namespace pypto {

/// pypto, pto, func, arith and scf: everything a program or .pto file holds.
void registerAllDialects(DialectRegistry &registry);

/// Every pass and the named pipelines.
void registerAllPasses();

/// --emit-pto, --emit-orchestration, --emit-kernel-config, --emit-kernel-cpp.
void registerAllTranslations();

} // namespace pypto
} // namespace mlir

#endif // PYPTO_INITALL_H
