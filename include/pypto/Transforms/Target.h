//===- Target.h - target architectures and pipeline strategies -*- C++ -*-===//
//
// The enums the passes and the pipeline take as options, generated from
// Target.td, and their command-line parsers: `arch=a3` is refused when the
// option is parsed, with the choices in the message, so no pass checks its
// options at run time.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_TRANSFORMS_TARGET_H
#define PYPTO_TRANSFORMS_TARGET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

#include "pypto/Transforms/TargetEnums.h.inc"

namespace mlir::pypto {

/// Parses an option whose value is one of an enum's spellings; `what` names
/// the option's kind in the error, `choices` lists the spellings.
template <typename Enum>
class EnumOptionParser : public llvm::cl::basic_parser<Enum> {
public:
  EnumOptionParser(llvm::cl::Option &option, llvm::StringRef what,
                   llvm::StringRef choices)
      : llvm::cl::basic_parser<Enum>(option), what(what), choices(choices) {}

  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg,
             Enum &value) {
    if (std::optional<Enum> parsed = symbolizeEnum<Enum>(arg)) {
      value = *parsed;
      return false;
    }
    return option.error("unknown " + what + " '" + arg + "', expected " +
                        choices);
  }

  llvm::StringRef getValueName() const override { return "value"; }

  void printOptionDiff(const llvm::cl::Option &option, Enum value,
                       const llvm::cl::OptionValue<Enum> &defaultValue,
                       size_t globalWidth) const {
    this->printOptionName(option, globalWidth);
    llvm::outs() << "= " << stringifyEnum(value);
    if (defaultValue.hasValue() && defaultValue.getValue() != value)
      llvm::outs() << " (default: " << stringifyEnum(defaultValue.getValue())
                   << ")";
    llvm::outs() << "\n";
  }

private:
  llvm::StringRef what, choices;
};

} // namespace mlir::pypto

namespace llvm::cl {
template <>
class parser<mlir::pypto::Arch>
    : public mlir::pypto::EnumOptionParser<mlir::pypto::Arch> {
public:
  parser(Option &option)
      : EnumOptionParser(option, "architecture", "a2a3 or a5") {}
};

template <>
class parser<mlir::pypto::PipelineStrategy>
    : public mlir::pypto::EnumOptionParser<mlir::pypto::PipelineStrategy> {
public:
  parser(Option &option)
      : EnumOptionParser(option, "strategy", "default or debug-tile") {}
};
} // namespace llvm::cl

#endif // PYPTO_TRANSFORMS_TARGET_H
