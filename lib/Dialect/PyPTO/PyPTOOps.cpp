//===- PyPTOOps.cpp - pypto operation verifiers ----------------*- C++ -*-===//
//
// Shape, element-type and memory-space checks for the pypto operations. Every
// error is reported at the operation, so users see their own file:line:col.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::pypto;

#define GET_OP_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOOps.cpp.inc"

/// Checks that a window of `windowShape` at `offsets` fits in `fullShape`.
/// Offsets that are not constants are checked when they become known.
static LogicalResult verifyWindow(Operation *op, ArrayRef<int64_t> windowShape,
                                  ArrayRef<int64_t> fullShape,
                                  ValueRange offsets, StringRef what) {
  if (offsets.size() != fullShape.size())
    return op->emitOpError("expected ")
           << fullShape.size() << " offsets, one per dimension of the " << what
           << ", got " << offsets.size();
  if (windowShape.size() != fullShape.size())
    return op->emitOpError("expected a rank-")
           << fullShape.size() << " window, got rank " << windowShape.size();
  for (auto [dim, window, full, offset] :
       llvm::enumerate(windowShape, fullShape, offsets)) {
    if (window > full)
      return op->emitOpError("window dimension ")
             << dim << " (" << window << ") exceeds the " << what << " ("
             << full << ")";
    APInt constOffset;
    if (matchPattern(offset, m_ConstantInt(&constOffset)) &&
        (constOffset.getSExtValue() < 0 ||
         constOffset.getSExtValue() + window > full))
      return op->emitOpError("window [")
             << constOffset.getSExtValue() << ", "
             << constOffset.getSExtValue() + window << ") of dimension " << dim
             << " is out of bounds of the " << what << " (" << full << ")";
  }
  return success();
}

LogicalResult AtOp::verify() {
  WalkResult nested = getBody().walk([&](AtOp inner) {
    inner.emitOpError("cannot be nested in another 'pypto.at' region");
    return WalkResult::interrupt();
  });
  return failure(nested.wasInterrupted());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee() << "' does not name a function";
  if (callee.getNumArguments() != getArgs().size())
    return emitOpError("'")
           << getCallee() << "' takes " << callee.getNumArguments()
           << " arguments, got " << getArgs().size();
  return success();
}

LogicalResult SliceOp::verify() {
  GMTensorType source = getSource().getType();
  GMTensorType result = getResult().getType();
  if (getSizes() != result.getShape())
    return emitOpError("result shape must equal the sizes");
  if (source.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the source's "
           << source.getElementType();
  return verifyWindow(*this, getSizes(), source.getShape(), getOffsets(),
                      "source tensor");
}

LogicalResult AssembleOp::verify() {
  auto value = cast<ShapedType>(getValue().getType());
  GMTensorType dest = getDest().getType();
  if (value.getElementType() != dest.getElementType())
    return emitOpError("value element type ")
           << value.getElementType() << " differs from the destination's "
           << dest.getElementType();
  return verifyWindow(*this, value.getShape(), dest.getShape(), getOffsets(),
                      "destination tensor");
}

LogicalResult LoadOp::verify() {
  GMTensorType source = getSource().getType();
  TileType tile = getResult().getType();
  if (source.getShape().size() != 2)
    return emitOpError("loads from rank-")
           << source.getShape().size() << " tensors are not supported yet";
  if (source.getElementType() != tile.getElementType())
    return emitOpError("tile element type ")
           << tile.getElementType() << " differs from the tensor's "
           << source.getElementType();
  return verifyWindow(*this, tile.getShape(), source.getShape(), getOffsets(),
                      "source tensor");
}

LogicalResult StoreOp::verify() {
  GMTensorType dest = getDest().getType();
  TileType tile = getValue().getType();
  if (dest.getShape().size() != 2)
    return emitOpError("stores to rank-")
           << dest.getShape().size() << " tensors are not supported yet";
  bool accConversion = tile.getSpace() == MemorySpace::acc;
  if (tile.getElementType() != dest.getElementType() && !accConversion)
    return emitOpError("tile element type ")
           << tile.getElementType() << " differs from the tensor's "
           << dest.getElementType();
  return verifyWindow(*this, tile.getShape(), dest.getShape(), getOffsets(),
                      "destination tensor");
}

LogicalResult MoveOp::verify() {
  TileType source = getSource().getType();
  TileType result = getResult().getType();
  if (source.getShape() != result.getShape())
    return emitOpError("cannot change the tile shape");
  if (source.getElementType() != result.getElementType())
    return emitOpError("cannot change the element type");
  return success();
}

template <typename ScalarOpT>
static LogicalResult verifyScalarOp(ScalarOpT op) {
  Type element = cast<ShapedType>(op.getSource().getType()).getElementType();
  if (op.getScalar().getType() != element)
    return op.emitOpError("scalar type ")
           << op.getScalar().getType() << " differs from the element type "
           << element;
  return success();
}

LogicalResult AddsOp::verify() { return verifyScalarOp(*this); }

LogicalResult MatmulOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  auto result = cast<ShapedType>(getResult().getType());
  bool tiles = isa<TileType>(lhs);
  if (isa<TileType>(rhs) != tiles || isa<TileType>(result) != tiles)
    return emitOpError("operands and result must all be tensors or all tiles");
  if (lhs.getRank() != 2 || rhs.getRank() != 2 || result.getRank() != 2)
    return emitOpError("operands and result must be 2-D");
  if (lhs.getDimSize(1) != rhs.getDimSize(0))
    return emitOpError("contraction mismatch: lhs is ")
           << lhs.getDimSize(0) << "x" << lhs.getDimSize(1) << ", rhs is "
           << rhs.getDimSize(0) << "x" << rhs.getDimSize(1);
  if (result.getDimSize(0) != lhs.getDimSize(0) ||
      result.getDimSize(1) != rhs.getDimSize(1))
    return emitOpError("result must be ")
           << lhs.getDimSize(0) << "x" << rhs.getDimSize(1) << ", got "
           << result.getDimSize(0) << "x" << result.getDimSize(1);
  Type in = lhs.getElementType();
  if (in != rhs.getElementType())
    return emitOpError("operand element types differ: ")
           << in << " and " << rhs.getElementType();
  Type out = result.getElementType();
  bool floatOk = (in.isF32() || in.isF16() || in.isBF16()) && out.isF32();
  bool intOk = in.isInteger(8) && out.isInteger(32);
  if (!floatOk && !intOk)
    return emitOpError("unsupported element types ")
           << in << " x " << in << " -> " << out
           << "; expected f32/f16/bf16 -> f32 or i8 -> i32";
  if (tiles) {
    auto space = [](ShapedType t) { return cast<TileType>(t).getSpace(); };
    if ((space(lhs) && space(lhs) != MemorySpace::left) ||
        (space(rhs) && space(rhs) != MemorySpace::right) ||
        (space(result) && space(result) != MemorySpace::acc))
      return emitOpError(
          "tile operands must be in left and right, the result in acc");
  }
  return success();
}
