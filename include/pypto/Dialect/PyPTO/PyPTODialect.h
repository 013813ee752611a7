//===- PyPTODialect.h - the pypto dialect ---------------------*- C++ -*-===//
//
// Declarations of the pypto dialect, its types and operations.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PYPTO_PYPTODIALECT_H
#define PYPTO_DIALECT_PYPTO_PYPTODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "pypto/Dialect/PyPTO/PyPTOEnums.h.inc"

namespace mlir::OpTrait::pypto {
/// Runs on the vector unit: lowers to one pto tile instruction on vec tiles.
template <typename ConcreteType>
class VectorCompute : public TraitBase<ConcreteType, VectorCompute> {};
/// Its result may share the buffer of an operand that dies at it.
template <typename ConcreteType>
class Elementwise : public TraitBase<ConcreteType, Elementwise> {};
/// On tiles it takes a scratch tile (`tmp`) the instruction needs.
template <typename ConcreteType>
class NeedsScratch : public TraitBase<ConcreteType, NeedsScratch> {};
/// Broadcasts a vector operand (Mx1 or 1xN) over its other operand: the
/// shapes of its operands carry meaning.
template <typename ConcreteType>
class Broadcasting : public TraitBase<ConcreteType, Broadcasting> {};
} // namespace mlir::OpTrait::pypto

namespace mlir::pypto {
LogicalResult verifyScalarOperand(Operation *op, Value source, Value scalar);
/// `kind`: the element types taken, 0 any, 1 floats, 2 integers.
LogicalResult verifyUnaryOperand(Operation *op, Value source, int kind);
/// An elementwise op restricted to element `kind` (as above), which takes a
/// scratch tile `tmp` of the result's type when `scratch` holds.
LogicalResult verifyElementwiseExtra(Operation *op, Value source, int kind,
                                     bool scratch, Value tmp);

/// part_*: one operand of the result's shape, the other within it; f32,
/// f16, i32 or i16; 2-D; all tensors or all tiles.
LogicalResult verifyPartOperands(Operation *op, Value lhs, Value rhs,
                                 Value result);
/// With `indices`, an arg reduction: i32 indices of the extremes.
LogicalResult verifyReduction(Operation *op, Value source, Value tmp,
                              Value result, bool isRow, bool indices = false);
LogicalResult verifyBroadcast(Operation *op, Value vec, Value result,
                              bool isRow);

/// The 2-D shape a kernel computes an N-D tensor on, as pypto's
/// FlattenTileNdTo2D does: every dimension but the last merged into rows
/// (`[A, B, R, C]` is `[A*B*R, C]`, `[N]` is `[1, N]`). Rows are dynamic
/// when a merged dimension is.
SmallVector<int64_t, 2> flattenTo2D(ArrayRef<int64_t> shape);
/// True when every dimension but the last two is 1, so the window is a
/// plain matrix of its last two dimensions.
bool hasUnitLeadingDims(ArrayRef<int64_t> shape);
} // namespace mlir::pypto

#include "pypto/Dialect/PyPTO/PyPTODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOTypes.h.inc"

#define GET_OP_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOOps.h.inc"

namespace mlir::pypto {

/// The scratch tile a compare or select on `like` takes: the bit mask the
/// hardware compares into, and the select's own scratch.
Type maskScratchType(TileType like);
/// The scratch tile of a compare or select (null when it has none yet).
Value maskScratchOf(Operation *op);

/// Where pypto-plan-memory put a tile result: its buffer's address and the
/// program positions from its write to its last read. An op with one
/// result holds them in `pypto.addr` and `pypto.live`; an op with several
/// (pypto.gather_compare) in arrays with an entry (a pair) per result. The
/// live range is -1, -1 where only the address is given.
struct PlannedTile {
  int64_t address, first, last;
};
std::optional<PlannedTile> getPlannedTile(OpResult result);
void setPlannedTile(OpResult result, PlannedTile planned);

/// Names of the discardable attributes the dialect owns.
namespace attr {
inline constexpr llvm::StringLiteral kKind = "pypto.kind";
inline constexpr llvm::StringLiteral kDir = "pypto.dir";
inline constexpr llvm::StringLiteral kInit = "pypto.init";
inline constexpr llvm::StringLiteral kValue = "pypto.value";
/// On a randn/rand input: a factor applied to the drawn values.
inline constexpr llvm::StringLiteral kInitScale = "pypto.init_scale";
/// On a randint input: the half-open range [low, high) of the drawn values.
inline constexpr llvm::StringLiteral kInitRange = "pypto.init_range";
/// A run-time-shaped argument's shape for this run.
inline constexpr llvm::StringLiteral kShape = "pypto.shape";
inline constexpr llvm::StringLiteral kName = "pypto.name";
inline constexpr llvm::StringLiteral kStrides = "pypto.strides";
/// On a kernel's tensor parameter: per dimension, the scalar parameter that
/// holds its run-time size, or -1 (static).
inline constexpr llvm::StringLiteral kDimArgs = "pypto.dim_args";
/// Likewise for its run-time strides.
inline constexpr llvm::StringLiteral kStrideArgs = "pypto.stride_args";
inline constexpr llvm::StringLiteral kLoop = "pypto.loop";
inline constexpr llvm::StringLiteral kGolden = "pypto.golden";
inline constexpr llvm::StringLiteral kRtol = "pypto.rtol";
inline constexpr llvm::StringLiteral kAtol = "pypto.atol";
inline constexpr llvm::StringLiteral kSeed = "pypto.seed";
inline constexpr llvm::StringLiteral kAddr = "pypto.addr";
inline constexpr llvm::StringLiteral kArch = "pypto.arch";
inline constexpr llvm::StringLiteral kLive = "pypto.live";
inline constexpr llvm::StringLiteral kSpmd = "pypto.spmd";
/// On a group: its AIC and AIV parts (symbol references).
inline constexpr llvm::StringLiteral kAicPart = "pypto.aic";
inline constexpr llvm::StringLiteral kAivPart = "pypto.aiv";
/// On a vector kernel (or a group's AIV part): 2 when both AIV lanes of a
/// cluster run it (it had pypto.split_aiv regions).
inline constexpr llvm::StringLiteral kAivLanes = "pypto.aiv_lanes";
/// On a part's parameter: the GM pipe ring, with its f32 elements per block.
inline constexpr llvm::StringLiteral kRing = "pypto.ring";
/// On an output of the entry function: its comparator, e.g.
/// "ratio_allclose(max_error_ratio=0.01)".
inline constexpr llvm::StringLiteral kCompare = "pypto.compare";
/// On a lowered kernel's `!pto.ptr<i64>` parameter: the chip's CommContext
/// (multi-card kernels that read or signal a peer's window).
inline constexpr llvm::StringLiteral kCommCtx = "pypto.comm_ctx";
/// On a kernel's tensor parameter: a communication window buffer (a peer
/// may read it after a signal, so stores into it are published with a
/// cache invalidate and a GM fence).
inline constexpr llvm::StringLiteral kWindow = "pypto.window";
} // namespace attr

/// Function roles (`pypto.kind`).
namespace kind {
inline constexpr llvm::StringLiteral kOpaque = "opaque";
inline constexpr llvm::StringLiteral kOrchestration = "orchestration";
inline constexpr llvm::StringLiteral kInCore = "incore";
inline constexpr llvm::StringLiteral kAIC = "aic";
inline constexpr llvm::StringLiteral kAIV = "aiv";
inline constexpr llvm::StringLiteral kGroup = "group";
} // namespace kind

/// The role of `op` (a function), or "" when it has none.
llvm::StringRef getFunctionKind(Operation *op);

/// True for functions that run on a core (incore, aic, aiv).
bool isKernelFunction(Operation *op);

/// True for an op a kernel runs: inside a `pypto.at` or `pypto.spmd`
/// region, or in a kernel function.
bool isInKernel(Operation *op);

/// Whether `op` computes each element from the same element of its one
/// tensor or tile operand (operand 0; the others are scalars): a unary op,
/// a scalar op or a cast. Such an op keeps a valid region that
/// pypto.set_validshape narrowed.
bool keepsValidRegion(Operation *op);

/// The tensor `view` is a view of: the source of a `pypto.slice`, or of a
/// `pypto.reshape` of a global tensor in the orchestration; null for any
/// other value.
Value getViewSource(Value view);

/// The tensor a view (a chain of slices and orchestration reshapes) is a
/// view of.
Value getRootTensor(Value tensor);

/// Strides (in elements) of a global tensor value: a function argument
/// carries them in `pypto.strides` or is contiguous, a slice keeps its
/// source's, a reshape has those that view its source's elements (null
/// when it is not a view). A stride that depends on a run-time dimension
/// is kDynamic.
FailureOr<SmallVector<int64_t>> getTensorStrides(Value tensor);

/// True for a `pypto.alloc_window` buffer or a slice of one: the tensors a
/// peer has a copy of.
bool isWindowBuffer(Value tensor);

/// True when `name` is a C identifier. Kernel and program names become
/// file names and C++ functions, so nothing else is accepted.
bool isCIdentifier(llvm::StringRef name);
/// Whether `name` means something else in a kernel's C++ (a C++ keyword,
/// or a type, function or namespace the tile library and intrinsics declare
/// where kernels see them), so it cannot name a kernel function.
bool isReservedInKernelCpp(StringRef name);

} // namespace mlir::pypto

#endif // PYPTO_DIALECT_PYPTO_PYPTODIALECT_H
