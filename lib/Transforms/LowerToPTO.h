//===- LowerToPTO.h - shared state of the pypto -> pto patterns -*- C++ -*-===//
//
// Private to the LowerToPTO pass. The lowering is a dialect conversion over
// one kernel at a time; its patterns share what is known of that kernel: the
// tile_buf type of every tile, computed before any rewriting because a
// tile's layout depends on its users (a mat tile feeding `right`, the
// padding group of a cast), and the tensor views of its parameters.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_TRANSFORMS_LOWERTOPTO_H
#define PYPTO_LIB_TRANSFORMS_LOWERTOPTO_H

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Transforms/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::pypto {

/// A view of `like`'s buffer (its memory, layout, rows, fractal and pad)
/// as `element`s, `cols` to a row, with the given valid shape (-1: known at
/// run time).
pto::TileBufType viewType(pto::TileBufType like, Type element, int64_t cols,
                          int64_t validRows, int64_t validCols);

class KernelLoweringState {
public:
  /// `group` and `peer` name the mixed kernel a part belongs to and its
  /// other part (empty for a kernel of one core type).
  KernelLoweringState(func::FuncOp kernel, Arch arch, StringRef group,
                      StringRef peer)
      : kernel(kernel), arch(arch), group(group), peer(peer) {}

  /// Records the tile_buf type of every tile a pypto op of the kernel
  /// produces; fails, reporting at the op, on a tile without a layout.
  LogicalResult computeTileBufTypes();

  /// The tile_buf type of `tile` (a pypto op's result) with `pad` as its
  /// pad field.
  pto::TileBufType tileBufType(Value tile, int64_t pad = 0) const;

  /// Creates the tensor view of every tensor parameter at the kernel's
  /// entry, and the CommContext parameter when the kernel talks to peers.
  void createEntryViews(OpBuilder &builder);

  /// The tile_buf of `def`'s result at its planned address; `pad` is the
  /// type's pad field (0: none).
  FailureOr<Value> allocate(OpBuilder &builder, Operation *def,
                            int64_t pad = 0) {
    return allocate(builder, def->getResult(0), pad);
  }
  /// The same for one result of an op with several.
  FailureOr<Value> allocate(OpBuilder &builder, OpResult tile, int64_t pad = 0);

  Value index(OpBuilder &builder, int64_t value);

  /// Dimension `dim` of the parameter `tensor`: a constant, or the scalar
  /// parameter that holds its run-time size.
  Value dimOf(Value tensor, int64_t dim) {
    return views.lookup(tensor)
        .getDefiningOp<pto::MakeTensorViewOp>()
        .getShape()[dim];
  }

  /// Whether `tensor` is a parameter of the kernel (it has a view).
  bool isParameter(Value tensor) const { return views.count(tensor); }

  /// A window of `tensor`, a parameter, at `offsets`, of the N-D `shape`;
  /// of the run-time extents `valid` (rows, columns: the last two
  /// dimensions) when they are given (a tail). In `view` when given (a
  /// peer's copy), else in the parameter's own view.
  Value partition(OpBuilder &builder, Location loc, Value tensor,
                  ValueRange offsets, ArrayRef<int64_t> shape,
                  ValueRange valid = {}, Value view = {});
  /// The planned buffer `tile` seen with the run-time valid shape `valid`:
  /// a second tile_buf at its address. Fails, reporting at `user`, for a
  /// tile without an address (one popped from a pipe).
  FailureOr<Value> withValidShape(OpBuilder &builder, Operation *user,
                                  Value tile, ValueRange valid);
  /// A window of `view`, a view of the parameter `tensor`.
  Value partitionOf(OpBuilder &builder, Location loc, Value view, Value tensor,
                    ValueRange offsets, ArrayRef<int64_t> shape);
  /// The GM pointer of the parameter `tensor` and the element offset of
  /// `indices` in it (by the parameter's strides): what pto.load_scalar and
  /// pto.store_scalar take.
  std::pair<Value, Value> elementAddress(OpBuilder &builder, Location loc,
                                         Value tensor, ValueRange indices);
  /// The window of `tensor` of shape `windowShape` (untransposed), read
  /// transposed; `valid`: the window's valid extents (rows, columns), if any.
  Value transposedPartition(OpBuilder &builder, Location loc, Value tensor,
                            ValueRange offsets, ArrayRef<int64_t> windowShape,
                            ValueRange valid);
  /// The view of rank `peer`'s copy of the window parameter `tensor`.
  Value peerTensorView(OpBuilder &builder, Location loc, Value tensor,
                       Value peer);

  /// The tile_buf that holds a tile operand of `user` (`lowered` is the
  /// operand as the conversion maps it): an earlier op must produce it.
  FailureOr<Value> buffer(Operation *user, Value lowered);
  /// Fails, reporting at `op`, when `op` works on tensors: tile compute
  /// comes after pypto-convert-tensor-to-tile.
  LogicalResult requireTiles(Operation *op);

  /// Reports `message` at `op` and marks the kernel failed: the patterns
  /// stop converting it, so the first error is the one the user sees.
  LogicalResult fail(Operation *op, const Twine &message);
  bool hasFailed() const { return hasError; }

  /// A part of a mixed kernel runs where it was split for; any other kernel
  /// on the cube when it uses cube memory.
  bool isCubeKernel() const;

  func::FuncOp kernel;
  Arch arch;
  std::string group, peer;

private:
  llvm::DenseMap<Value, pto::TileBufType> bufTypes;
  llvm::DenseMap<Value, Value> views, transposedViews;
  // The CommContext parameter, and this rank's window base read from it.
  Value commCtx, localWindowBase, localRank, rankCount;
  bool usesCube = false;
  bool hasError = false;
};

/// A pattern for one pypto op of the kernel. It does nothing once the
/// kernel has failed, so no error follows from an earlier one.
template <typename SourceOp>
class KernelOpLowering : public OpConversionPattern<SourceOp> {
public:
  using Adaptor = typename SourceOp::Adaptor;
  KernelOpLowering(MLIRContext *context, KernelLoweringState &state)
      : OpConversionPattern<SourceOp>(context), state(state) {}

  LogicalResult
  matchAndRewrite(SourceOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (state.hasFailed())
      return failure();
    return lower(op, adaptor, rewriter);
  }

protected:
  virtual LogicalResult lower(SourceOp op, Adaptor adaptor,
                              ConversionPatternRewriter &rewriter) const = 0;

  KernelLoweringState &state;
};

/// The patterns of tile compute: the one-to-one instructions and those
/// ptoas 0.27 wants in another form.
void populateTileComputeLoweringPatterns(RewritePatternSet &patterns,
                                         KernelLoweringState &state);

/// The patterns of tile memory and data movement: loads, stores, planned
/// buffers, pipes, signals, and loops that carry tiles.
void populateTileMemoryLoweringPatterns(RewritePatternSet &patterns,
                                        KernelLoweringState &state);

/// The buffer of `op`'s result holding a copy of `dest` (its value before
/// `op`): `dest`'s own when the planner gave the result that buffer, else
/// the result's own after a copy (pto.tmov).
FailureOr<Value> resultOverDest(Operation *op, Value dest,
                                KernelLoweringState &state,
                                ConversionPatternRewriter &rewriter);

} // namespace mlir::pypto

#endif // PYPTO_LIB_TRANSFORMS_LOWERTOPTO_H
