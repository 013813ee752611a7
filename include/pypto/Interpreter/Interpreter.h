//===- Interpreter.h - the reference semantics of pypto programs -*- C++
//-*-===//
//
// An executable definition of the pypto dialect: it runs a program as
// written (before outlining), op by op, with libtorch, in the program's dtypes
// and with its rounding points, and so gives every program a golden. Tensors
// are views of the arguments (reference semantics), tiles are values; ranks
// and the two parts of a mixed kernel run as cooperating threads of which
// one runs at a time.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_INTERPRETER_INTERPRETER_H
#define PYPTO_INTERPRETER_INTERPRETER_H

#include <cstdint>
#include <string>
#include <vector>

namespace at {
class Tensor;
} // namespace at

namespace mlir {
class ModuleOp;
class TypeID;
} // namespace mlir

namespace pypto::interp {

/// Runs the entry function of `module` (its one function that is not a
/// kernel) on `args`, in parameter order: tensors, which outputs are written
/// into, and scalars as 0-D tensors. Returns "" or the reason it stopped,
/// `file:line:col: error: ...` at the op that could not be interpreted (an
/// out-of-bounds window, an integer division by zero, a wait that can never
/// be met, ...). `clusterCount` is what pypto.available_cluster_count gives
/// (the chip's: 24 on a2a3, 36 on a5).
std::string interpretProgram(mlir::ModuleOp module,
                             std::vector<at::Tensor> &args,
                             int64_t clusterCount = 24);

/// A tensor shaped and typed as `like` that holds what memory nobody wrote
/// holds: NaN, or the integer type's most negative value (unsigned: the
/// largest; bool: true), so a read of it shows in a result. pypto-run starts
/// the device's outputs from it too.
at::Tensor unwrittenLike(const at::Tensor &like);

/// Whether ops of this class (a registered operation's TypeID) have an
/// interpretation.
bool hasInterpretation(mlir::TypeID op);

} // namespace pypto::interp

#endif // PYPTO_INTERPRETER_INTERPRETER_H
