//===- ConvertTensorToTile.cpp - tensor ops -> tile ops --------*- C++ -*-===//
//
// Inside kernels, makes data movement explicit: tensors are loaded into
// tiles, compute runs on tiles, and results are stored back.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "pypto-convert-tensor-to-tile"

namespace mlir::pypto {
#define GEN_PASS_DEF_CONVERTTENSORTOTILE
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

/// A tensor inside a kernel, as a window of a kernel parameter.
struct Window {
  Value base;
  SmallVector<Value> offsets;
};

class Converter {
public:
  explicit Converter(func::FuncOp kernel) : kernel(kernel) {}

  LogicalResult run() {
    SmallVector<Operation *> ops;
    kernel.walk([&](Operation *op) {
      if (isa<PyPTODialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(convert(op)))
        return failure();
    for (Operation *op : llvm::reverse(ops)) {
      if (!erased.contains(op))
        continue;
      for (Value result : op->getResults())
        if (!result.use_empty())
          return result.getUses().begin()->getOwner()->emitOpError(
              "uses a tensor value that the tile conversion replaced; this "
              "use is not supported yet");
      op->erase();
    }
    return success();
  }

private:
  LogicalResult convert(Operation *op) {
    OpBuilder builder(op);
    if (auto slice = dyn_cast<SliceOp>(op)) {
      FailureOr<Window> source = windowOf(slice.getSource(), op);
      if (failed(source))
        return failure();
      Window window{source->base, {}};
      for (auto [outer, inner] : llvm::zip(source->offsets, slice.getOffsets()))
        window.offsets.push_back(
            builder.create<arith::AddIOp>(op->getLoc(), outer, inner));
      windows[slice.getResult()] = window;
      erased.insert(op);
      return success();
    }
    if (auto assemble = dyn_cast<AssembleOp>(op)) {
      FailureOr<Window> dest = windowOf(assemble.getDest(), op);
      FailureOr<Value> tile = tileOf(assemble.getValue(), op, {});
      if (failed(dest) || failed(tile))
        return failure();
      SmallVector<Value> offsets;
      for (auto [outer, inner] :
           llvm::zip(dest->offsets, assemble.getOffsets()))
        offsets.push_back(
            builder.create<arith::AddIOp>(op->getLoc(), outer, inner));
      builder.create<StoreOp>(op->getLoc(), *tile, dest->base, offsets);
      erased.insert(op);
      return success();
    }
    if (isa<LoadOp, StoreOp, MoveOp>(op))
      return success(); // already tile-level
    bool onTiles = llvm::all_of(op->getOperandTypes(),
                                [](Type t) { return !isa<GMTensorType>(t); });
    if (onTiles)
      return success(); // already tile-level
    erased.insert(op);
    if (auto adds = dyn_cast<AddsOp>(op))
      return convertVector(
          op, {adds.getSource()}, [&](OpBuilder &b, ArrayRef<Value> tiles) {
            return b.create<AddsOp>(op->getLoc(), tiles[0], adds.getScalar())
                .getResult();
          });
    if (auto add = dyn_cast<AddOp>(op))
      return convertVector(
          op, {add.getLhs(), add.getRhs()},
          [&](OpBuilder &b, ArrayRef<Value> tiles) {
            return b.create<AddOp>(op->getLoc(), tiles[0], tiles[1])
                .getResult();
          });
    if (auto matmul = dyn_cast<MatmulOp>(op))
      return convertMatmul(matmul);
    return op->emitOpError("is not supported inside a kernel yet");
  }

  FailureOr<Window> windowOf(Value tensor, Operation *user) {
    if (auto it = windows.find(tensor); it != windows.end())
      return it->second;
    auto arg = dyn_cast<BlockArgument>(tensor);
    if (!arg || arg.getOwner() != &kernel.getBody().front())
      return user->emitOpError(
          "operates on a tensor that is neither a kernel parameter nor a "
          "slice of one");
    OpBuilder builder(kernel.getBody());
    Value zero = builder.create<arith::ConstantIndexOp>(kernel.getLoc(), 0);
    Window window{
        arg, SmallVector<Value>(
                 cast<GMTensorType>(arg.getType()).getShape().size(), zero)};
    windows[tensor] = window;
    return window;
  }

  /// The tile holding `value`, loading it into `space` when it is a tensor.
  FailureOr<Value> tileOf(Value value, Operation *user,
                          std::optional<MemorySpace> space) {
    if (auto it = tiles.find(value); it != tiles.end())
      return it->second;
    if (isa<TileType>(value.getType()))
      return value;
    FailureOr<Window> window = windowOf(value, user);
    if (failed(window))
      return failure();
    auto tensorType = cast<GMTensorType>(value.getType());
    if (tensorType.getShape().size() != 2)
      return user->emitOpError("operates on a rank-")
             << tensorType.getShape().size()
             << " tensor; kernels work on 2-D tiles";
    OpBuilder builder(user);
    auto tileType = TileType::get(builder.getContext(), tensorType.getShape(),
                                  tensorType.getElementType(),
                                  space.value_or(MemorySpace::vec));
    return builder
        .create<LoadOp>(user->getLoc(), tileType, window->base, window->offsets)
        .getResult();
  }

  LogicalResult
  convertVector(Operation *op, ArrayRef<Value> operands,
                function_ref<Value(OpBuilder &, ArrayRef<Value>)> build) {
    SmallVector<Value> operandTiles;
    for (Value operand : operands) {
      FailureOr<Value> tile = tileOf(operand, op, MemorySpace::vec);
      if (failed(tile))
        return failure();
      if (cast<TileType>(tile->getType()).getSpace() != MemorySpace::vec)
        return op->emitOpError("uses the result of cube work; kernels that "
                               "mix cube and vector work are not supported "
                               "yet");
      operandTiles.push_back(*tile);
    }
    OpBuilder builder(op);
    tiles[op->getResult(0)] = build(builder, operandTiles);
    return success();
  }

  LogicalResult convertMatmul(MatmulOp matmul) {
    OpBuilder builder(matmul);
    auto operand = [&](Value value, MemorySpace target) -> FailureOr<Value> {
      FailureOr<Value> tile = tileOf(value, matmul, MemorySpace::mat);
      if (failed(tile))
        return failure();
      auto type = cast<TileType>(tile->getType());
      if (type.getSpace() != MemorySpace::mat)
        return matmul.emitOpError("operand must come from global memory; "
                                  "chained cube work is not supported yet");
      return builder
          .create<MoveOp>(matmul.getLoc(), type.withSpace(target), *tile)
          .getResult();
    };
    FailureOr<Value> lhs = operand(matmul.getLhs(), MemorySpace::left);
    FailureOr<Value> rhs = operand(matmul.getRhs(), MemorySpace::right);
    if (failed(lhs) || failed(rhs))
      return failure();
    auto resultType = cast<ShapedType>(matmul.getResult().getType());
    auto accType = TileType::get(builder.getContext(), resultType.getShape(),
                                 resultType.getElementType(), MemorySpace::acc);
    tiles[matmul.getResult()] =
        builder.create<MatmulOp>(matmul.getLoc(), accType, *lhs, *rhs);
    return success();
  }

  func::FuncOp kernel;
  DenseMap<Value, Window> windows;
  DenseMap<Value, Value> tiles;
  llvm::SmallPtrSet<Operation *, 16> erased;
};

struct ConvertTensorToTilePass
    : public mlir::pypto::impl::ConvertTensorToTileBase<
          ConvertTensorToTilePass> {
  using ConvertTensorToTileBase::ConvertTensorToTileBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!isKernelFunction(func) || func.isExternal())
      return;
    if (failed(Converter(func).run()))
      signalPassFailure();
  }
};

} // namespace
