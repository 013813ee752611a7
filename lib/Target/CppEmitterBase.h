//===- CppEmitterBase.h - shared by the C++ emitters ----------*- C++ -*-===//
//
// SSA naming, indentation, scalar types and the scalar operations (constants,
// integer arithmetic, scf.for) that kernel and orchestration C++ share.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_TARGET_CPPEMITTERBASE_H
#define PYPTO_LIB_TARGET_CPPEMITTERBASE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir::pypto::detail {

/// The C++ spelling of a scalar type (float, half, bfloat16_t, int64_t, ...).
FailureOr<std::string> cppScalarType(Type type, Location loc);

/// `loc` as a C string literal, "file:line:col", for run-time messages.
std::string cppLocationLiteral(Location loc);
/// A C++ literal of `value` (f32: float, else double) that reads back to
/// exactly the same value, infinities and NaN included.
std::string cppFloatLiteral(FloatAttr value);

class CppEmitterBase {
protected:
  CppEmitterBase(llvm::raw_ostream &out, unsigned indentWidth)
      : os(out), indentWidth(indentWidth) {}
  virtual ~CppEmitterBase() = default;

  /// The C++ name of a value: the one given with setName, else v<N>.
  std::string name(Value value);
  /// `value` as a signed number: an i1 true is -1, not C++'s 1.
  std::string signedValue(Value value);
  /// Names `value` after `preferred`, made unique and not a C++ keyword.
  void setName(Value value, const std::string &preferred);
  /// Gives `value` the C++ name of `named` (one variable for both).
  void shareName(Value value, Value named) { names[value] = name(named); }
  /// `preferred`, or `preferred_<k>` when taken; reserved from then on.
  std::string uniqueName(const std::string &preferred);
  /// Lines written until the matching leaveBlock are one level deeper.
  void enterBlock() {
    for (unsigned i = 0; i < indentWidth; i += 2)
      os.indent();
  }
  void leaveBlock() {
    for (unsigned i = 0; i < indentWidth; i += 2)
      os.unindent();
  }

  /// Emits arith constants and integer arithmetic; std::nullopt when `op` is
  /// not one of them.
  std::optional<LogicalResult> emitScalarOp(Operation *op);
  /// Float arithmetic, comparisons and int/float conversions.
  std::optional<LogicalResult> emitFloatScalarOp(Operation *op);

  /// Emits a C++ for loop over `loop`, its body through `emitOp`. Its
  /// iteration values, where `carriedType` gives them a C++ type, are
  /// variables declared before the loop and assigned at the end of each
  /// iteration; without `carriedType` a loop with them is refused.
  LogicalResult
  emitFor(scf::ForOp loop, StringRef what,
          function_ref<LogicalResult(Operation *)> emitOp,
          function_ref<FailureOr<std::string>(Value)> carriedType = nullptr);
  /// Emits `if (c) { ... } else { ... }` for `branch`, its ops through
  /// `emitOp`. A result is declared before the `if` with the C++ type
  /// `resultType` gives (none when empty) and assigned in each branch.
  LogicalResult emitIf(scf::IfOp branch,
                       function_ref<LogicalResult(Operation *)> emitOp,
                       function_ref<FailureOr<std::string>(Value)> resultType);

  /// Lines before a loop's header (`loop` has a step only known at run
  /// time) and at the top of each iteration.
  virtual void emitRunTimeStepCheck(scf::ForOp loop) {}
  /// A line before an integer division that reports a zero `divisor` (the
  /// division itself then uses 1).
  virtual void emitDivisorCheck(Value divisor, Location loc) {}
  virtual void emitIterationPrologue(scf::ForOp loop) {}

  /// Indents every line to the current block's depth.
  raw_indented_ostream os;

private:
  unsigned indentWidth;
  unsigned counter = 0;
  llvm::DenseMap<Value, std::string> names;
  llvm::StringSet<> used;
};

} // namespace mlir::pypto::detail

#endif // PYPTO_LIB_TARGET_CPPEMITTERBASE_H
