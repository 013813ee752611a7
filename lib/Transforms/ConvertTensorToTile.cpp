//===- ConvertTensorToTile.cpp - tensor ops -> tile ops --------*- C++ -*-===//
//
// Inside kernels, makes data movement explicit: tensors are loaded into
// tiles, compute runs on tiles, and results are stored back.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"
#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

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
  /// The run-time valid extents of a tail window (empty: all of it).
  SmallVector<Value> valid;
};

/// `outer + inner`, dimension by dimension: an access of a window in the
/// window's base tensor.
SmallVector<Value> addOffsets(OpBuilder &builder, Location loc,
                              ValueRange outer, ValueRange inner) {
  SmallVector<Value> sums;
  for (auto [o, i] : llvm::zip(outer, inner))
    sums.push_back(builder.create<arith::AddIOp>(loc, o, i));
  return sums;
}

class Converter {
public:
  explicit Converter(func::FuncOp kernel) : kernel(kernel), dominance(kernel) {}

  LogicalResult run() {
    startInitCondAccumulators();
    // A loop's carried tensors become tiles before its body; a branch's
    // results after both branches, before the ops that use them.
    SmallVector<Operation *> ops;
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](Operation *op, const WalkStage &stage) {
      if (isa<scf::IfOp>(op)) {
        if (stage.isAfterAllRegions())
          ops.push_back(op);
        return;
      }
      if (!stage.isBeforeAllRegions())
        return;
      if (auto loop = dyn_cast<scf::ForOp>(op))
        loops.push_back(loop);
      if (isa<PyPTODialect>(op->getDialect()) || isa<scf::ForOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      LogicalResult converted = success();
      if (auto loop = dyn_cast<scf::ForOp>(op))
        converted = carryTiles(loop);
      else if (auto branch = dyn_cast<scf::IfOp>(op))
        converted = branchTiles(branch);
      else
        converted = convert(op);
      if (failed(converted))
        return failure();
    }
    // Loops now yield the tiles of what they yielded.
    for (scf::ForOp loop : loops) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (OpOperand &operand : yield->getOpOperands())
        if (isa<GMTensorType>(operand.get().getType())) {
          Value tile = tiles.lookup(operand.get());
          if (!tile)
            return yield.emitOpError("yields a tensor that is not computed "
                                     "in this kernel");
          operand.set(tile);
        }
    }
    for (Operation *op : llvm::reverse(scaffolding))
      op->erase();
    ops.erase(
        llvm::remove_if(
            ops, [](Operation *op) { return isa<scf::ForOp, scf::IfOp>(op); }),
        ops.end());
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
  /// A loop whose carried accumulator a matmul_acc with init_cond updates
  /// starts it from an acc tile of any contents (the first step, where the
  /// condition holds, does not read it), unless it starts from a product.
  void startInitCondAccumulators() {
    kernel.walk([&](MatmulAccOp matmul) {
      auto carried = dyn_cast<BlockArgument>(matmul.getAcc());
      if (!matmul.getInit() || !carried ||
          !isa<GMTensorType>(carried.getType()))
        return;
      auto loop = dyn_cast<scf::ForOp>(carried.getOwner()->getParentOp());
      if (!loop || carried.getArgNumber() == 0)
        return;
      OpOperand &init = loop.getInitArgsMutable()[carried.getArgNumber() - 1];
      if (init.get().getDefiningOp<MatmulOp>() ||
          init.get().getDefiningOp<MatmulAccOp>())
        return;
      OpBuilder builder(loop);
      auto type = tileTypeOf(cast<GMTensorType>(carried.getType()));
      init.set(builder.create<CreateTileOp>(loop.getLoc(), type));
    });
  }

  LogicalResult convert(Operation *op) {
    OpBuilder builder(op);
    if (auto slice = dyn_cast<SliceOp>(op)) {
      if (Value computed = computedTile(slice.getSource()))
        return sliceComputed(slice, computed);
      if (Value base = throughSameFormReshapes(slice.getSource());
          base != slice.getSource() && windows.count(base))
        return sliceReshapedWindow(slice, base);
      FailureOr<Window> source = windowOf(slice.getSource(), op);
      if (failed(source))
        return failure();
      if (!source->valid.empty())
        return op->emitOpError("slices a slice with a valid shape; slice the "
                               "tensor itself instead");
      Window window{source->base,
                    addOffsets(builder, op->getLoc(), source->offsets,
                               slice.getOffsets()),
                    SmallVector<Value>(slice.getValid())};
      windows[slice.getResult()] = window;
      erased.insert(op);
      return success();
    }
    if (auto assemble = dyn_cast<AssembleOp>(op))
      return convertStore(op, assemble.getValue(), assemble.getDest(),
                          assemble.getOffsets(), assemble.getValid(),
                          /*peer=*/Value(), assemble.getAtomicAddAttr());
    if (auto remote = dyn_cast<RemoteStoreOp>(op))
      return convertStore(op, remote.getValue(), remote.getDest(),
                          remote.getOffsets(), /*valid=*/ValueRange(),
                          remote.getPeer(), remote.getAtomicAddAttr());
    if (auto put = dyn_cast<PutOp>(op))
      return convertPeerCopy(op, put.getSource(), put.getSourceOffsets(),
                             put.getDest(), put.getDestOffsets(),
                             put.getStaticSizes(), put.getSizes(),
                             put.getStagingShape(), /*loadPeer=*/Value(),
                             put.getPeer(), put.getAtomicAddAttr());
    if (auto get = dyn_cast<GetOp>(op))
      return convertPeerCopy(op, get.getSource(), get.getSourceOffsets(),
                             get.getDest(), get.getDestOffsets(),
                             get.getStaticSizes(), get.getSizes(),
                             get.getStagingShape(), get.getPeer(),
                             /*storePeer=*/Value(), UnitAttr());
    if (auto read = dyn_cast<ReadOp>(op)) {
      // An element of a same-form reshape of a window is that row and
      // column of the window: the leading indices fold into the row, which
      // unfolds over the window's leading dimensions.
      if (Value viewed = throughSameFormReshapes(read.getSource());
          viewed != read.getSource()) {
        ArrayRef<int64_t> to =
            cast<GMTensorType>(read.getSource().getType()).getShape();
        ArrayRef<int64_t> from =
            cast<GMTensorType>(viewed.getType()).getShape();
        SmallVector<Value> indices(read.getIndices());
        Location loc = op->getLoc();
        auto constant = [&](int64_t v) {
          return builder.create<arith::ConstantIndexOp>(loc, v).getResult();
        };
        Value row = constant(0);
        for (size_t d = 0; d + 1 < to.size(); ++d)
          row = builder.create<arith::AddIOp>(
              loc, builder.create<arith::MulIOp>(loc, row, constant(to[d])),
              indices[d]);
        SmallVector<Value> unfolded(from.size());
        unfolded.back() = indices.back();
        for (size_t d = from.size() - 1; d-- > 0;) {
          unfolded[d] =
              builder.create<arith::RemUIOp>(loc, row, constant(from[d]));
          row = builder.create<arith::DivUIOp>(loc, row, constant(from[d]));
        }
        read.getSourceMutable().assign(viewed);
        read.getIndicesMutable().assign(unfolded);
      }
      // An element of a tensor this kernel computed is read from its tile;
      // one of a parameter stays a GM read, of the parameter itself.
      Value source = read.getSource();
      if (tiles.count(source) || isa<TileType>(source.getType())) {
        SmallVector<int64_t> shape = tensorShapeOf(source);
        FailureOr<Value> tile = tileOf(source, op);
        if (failed(tile))
          return failure();
        read.getSourceMutable().assign(*tile);
        if (shape.size() != 2)
          read.getIndicesMutable().assign(
              indicesIn2D(builder, op->getLoc(), shape,
                          SmallVector<Value>(read.getIndices())));
        return success();
      }
      return rebaseElementAccess(op, read.getSourceMutable(),
                                 read.getIndicesMutable());
    }
    if (auto write = dyn_cast<WriteOp>(op)) {
      if (tiles.count(write.getDest()))
        return op->emitOpError(
            "writes into a tensor computed in this kernel; such tensors are "
            "values: replace the element with pypto.insert (a new value), "
            "only kernel parameters in global memory are written in place");
      if (failed(rebaseElementAccess(op, write.getDestMutable(),
                                     write.getIndicesMutable())))
        return failure();
      forgetLoadsOf(write.getDest());
      return success();
    }
    if (auto remote = dyn_cast<RemoteLoadOp>(op)) {
      // The window of the peer's copy: the same offsets in the parameter.
      FailureOr<Window> source = windowOf(remote.getSource(), op);
      if (failed(source))
        return failure();
      SmallVector<Value> offsets = addOffsets(
          builder, op->getLoc(), source->offsets, remote.getOffsets());
      // An N-D window is loaded into the tile of its 2-D form.
      auto load = builder.create<LoadOp>(
          op->getLoc(), tileTypeOf(remote.getType()), source->base, offsets,
          windowAttr(builder, source->base, remote.getSizes()),
          remote.getPeer(), /*valid=*/ValueRange());
      tiles[remote.getResult()] = load.getResult();
      erased.insert(op);
      return success();
    }
    if (auto notify = dyn_cast<NotifyOp>(op))
      return rebaseElementAccess(op, notify.getSignalMutable(),
                                 notify.getIndicesMutable());
    if (auto wait = dyn_cast<WaitOp>(op))
      return rebaseElementAccess(op, wait.getSignalMutable(),
                                 wait.getIndicesMutable());
    if (auto create = dyn_cast<CreateL1Op>(op)) {
      if (isa<TileType>(create.getType()))
        return success();
      auto tensor = cast<GMTensorType>(create.getType());
      tiles[create.getResult()] = builder.create<CreateL1Op>(
          op->getLoc(), TileType::get(op->getContext(), tensor.getShape(),
                                      tensor.getElementType(), std::nullopt));
      erased.insert(op);
      return success();
    }
    // Other blocks may have written any tensor before the barrier: what
    // is read after it is loaded again.
    if (isa<SyncAllOp>(op)) {
      for (auto &entry : loads)
        entry.second.clear();
      return success();
    }
    if (auto gather = dyn_cast<GatherRowOp>(op))
      return convertGatherRow(gather);
    if (auto shard = dyn_cast<AivShardOp>(op))
      return convertAivShard(shard);
    if (isa<MGatherOp, MScatterOp>(op))
      return convertRowsByIndex(op);
    if (auto update = dyn_cast<ScatterUpdateOp>(op))
      return convertScatterUpdate(update);
    if (auto paged = dyn_cast<PagedGatherOp>(op))
      return convertPagedGather(paged);
    if (auto set = dyn_cast<SetValidShapeOp>(op)) {
      if (isa<TileType>(set.getType()))
        return success(); // already tile-level
      FailureOr<Value> tile = tileOf(set.getSource(), op);
      if (failed(tile))
        return failure();
      tiles[set.getResult()] = builder.create<SetValidShapeOp>(
          op->getLoc(), tile->getType(), *tile, set.getValidRows(),
          set.getValidCols());
      erased.insert(op);
      return success();
    }
    auto isTensor = [](Type t) { return isa<GMTensorType>(t); };
    bool onTiles = llvm::none_of(op->getOperandTypes(), isTensor) &&
                   llvm::none_of(op->getResultTypes(), isTensor);
    if (isa<LoadOp, StoreOp, MoveOp, CreateTileOp>(op) || onTiles)
      return success(); // already tile-level
    erased.insert(op);
    if (auto insert = dyn_cast<InsertOp>(op)) {
      // The element of an N-D value in its tile (the 2-D form).
      SmallVector<int64_t> shape = tensorShapeOf(insert.getDest());
      if (failed(convertVector(op)))
        return failure();
      if (shape.size() != 2) {
        auto converted =
            cast<InsertOp>(tiles[insert.getResult()].getDefiningOp());
        OpBuilder at(converted);
        converted.getIndicesMutable().assign(indicesIn2D(
            at, op->getLoc(), shape, SmallVector<Value>(insert.getIndices())));
      }
      return success();
    }
    if (op->hasTrait<OpTrait::pypto::VectorCompute>())
      return convertVector(op);
    if (auto matmul = dyn_cast<MatmulOp>(op))
      return convertMatmul(matmul, Value());
    if (auto matmul = dyn_cast<MatmulBiasOp>(op))
      return convertMatmul(matmul, Value(), matmul.getBias());
    if (auto matmul = dyn_cast<MatmulAccOp>(op))
      return convertMatmul(matmul, matmul.getAcc());
    return op->emitOpError("is not supported inside a kernel yet");
  }

  /// The tile of `tensor` when the kernel computed it (not a window of a
  /// parameter); null otherwise.
  Value computedTile(Value tensor) {
    tensor = throughSameFormReshapes(tensor);
    if (windows.count(tensor))
      return Value();
    // A loop's or branch's result that became a tile in place.
    if (isa<TileType>(tensor.getType()))
      return tensor;
    return tiles.lookup(tensor);
  }

  /// A slice of a value the kernel computed: a copy of its window in the
  /// value's 2-D form (pypto.extract). The window must be one 2-D block
  /// there: its leading extents 1.
  LogicalResult sliceComputed(SliceOp slice, Value tile) {
    if (!slice.getValid().empty())
      return slice.emitOpError("takes a valid shape of a value computed in "
                               "the kernel; narrow it with "
                               "pypto.set_validshape instead");
    SmallVector<int64_t> shape = tensorShapeOf(slice.getSource());
    ArrayRef<int64_t> sizes = slice.getSizes();
    size_t rank = shape.size();
    for (size_t d = 0; d + 2 < rank; ++d)
      if (sizes[d] != 1)
        return slice.emitOpError("slices ")
               << sizes[d] << " of dimension " << d
               << " of a value computed in the kernel; such a slice must take "
                  "one index of every dimension but the last two (it is one "
                  "2-D block of the value's tile)";
    OpBuilder builder(slice);
    Location loc = slice.getLoc();
    SmallVector<Value> offsets(slice.getOffsets());
    Value row = offsets[rank >= 2 ? rank - 2 : 0], col = offsets[rank - 1];
    if (rank == 1)
      row = builder.create<arith::ConstantIndexOp>(loc, 0);
    if (rank > 2) // the leading indices select a block of rows
      row = indicesIn2D(builder, loc, shape, offsets)[0];
    auto type = tileTypeOf(cast<GMTensorType>(slice.getType()));
    tiles[slice.getResult()] =
        builder.create<ExtractOp>(loc, type, tile, row, col);
    erased.insert(slice);
    return success();
  }

  /// A slice of a reshape that keeps a window's 2-D form (a 2x64 window
  /// seen as 2x1x64): the same block of the window's rows, sliced from the
  /// window itself (in its rank) and seen through the reshape.
  LogicalResult sliceReshapedWindow(SliceOp slice, Value base) {
    auto baseType = cast<GMTensorType>(base.getType());
    SmallVector<int64_t> shape = tensorShapeOf(slice.getSource());
    ArrayRef<int64_t> sizes = slice.getSizes();
    bool block = true;
    for (size_t d = 0; d + 2 < shape.size(); ++d)
      block &= sizes[d] == 1;
    if (!hasUnitLeadingDims(baseType.getShape()) || !block ||
        !slice.getValid().empty() || !windows.lookup(base).valid.empty())
      return slice.emitOpError("slices a reshaped window other than by one "
                               "block of rows of a matrix window; slice the "
                               "window before reshaping it");
    OpBuilder builder(slice);
    Location loc = slice.getLoc();
    SmallVector<Value> offsets(slice.getOffsets());
    Value row = shape.size() > 2 ? indicesIn2D(builder, loc, shape, offsets)[0]
                                 : offsets[0];
    size_t rank = baseType.getShape().size();
    Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
    SmallVector<Value> at(rank, zero);
    SmallVector<int64_t> extents(rank, 1);
    at[rank - 2] = row;
    at[rank - 1] = offsets.back();
    extents[rank - 2] = sizes[sizes.size() - 2];
    extents[rank - 1] = sizes.back();
    auto block2D = builder.create<SliceOp>(
        loc,
        GMTensorType::get(slice.getContext(), extents,
                          baseType.getElementType()),
        base, at, builder.getDenseI64ArrayAttr(extents), ValueRange());
    scaffolding.push_back(block2D);
    if (failed(convert(block2D)))
      return failure();
    sameFormReshapes[slice.getResult()] = block2D.getResult();
    erased.insert(slice);
    return success();
  }

  /// mgather / mscatter: the table stays the GM parameter; the index and
  /// the rows are tiles.
  LogicalResult convertRowsByIndex(Operation *op) {
    auto gather = dyn_cast<MGatherOp>(op);
    auto scatter = dyn_cast<MScatterOp>(op);
    Value table = gather ? gather.getTable() : scatter.getTable();
    Value index = gather ? gather.getIndex() : scatter.getIndex();
    if (isa<TileType>(index.getType()) &&
        (gather ? isa<TileType>(gather.getType())
                : isa<TileType>(scatter.getValue().getType())))
      return success(); // already tile-level
    auto arg = dyn_cast<BlockArgument>(table);
    if (!arg || arg.getOwner() != &kernel.getBody().front())
      return op->emitOpError("indexes rows of a tensor that is not a kernel "
                             "parameter; index the whole tensor (its rows "
                             "are counted from its first)");
    FailureOr<Value> indexTile = tileOf(index, op);
    if (failed(indexTile))
      return failure();
    OpBuilder builder(op);
    if (gather) {
      tiles[gather.getResult()] = builder.create<MGatherOp>(
          op->getLoc(), tileTypeOf(cast<GMTensorType>(gather.getType())), table,
          *indexTile);
    } else {
      FailureOr<Value> value = tileOf(scatter.getValue(), op);
      if (failed(value))
        return failure();
      builder.create<MScatterOp>(op->getLoc(), *value, table, *indexTile,
                                 scatter.getAtomicAddAttr());
      forgetLoadsOf(table);
    }
    erased.insert(op);
    return success();
  }

  /// paged_gather: the physical rows computed on the AIV (block numbers
  /// gathered from the page table by index / block size, times the block
  /// size, plus index % block size), the rows gathered from the pool
  /// (mgather), and the columns taken.
  LogicalResult convertPagedGather(PagedGatherOp gather) {
    OpBuilder builder(gather);
    Location loc = gather.getLoc();
    auto indexType = cast<GMTensorType>(gather.getIndices().getType());
    auto pool = cast<GMTensorType>(gather.getSource().getType());
    auto resultType = cast<GMTensorType>(gather.getType());
    int64_t n = indexType.getShape()[1];
    Value size =
        builder.create<arith::ConstantIntOp>(loc, gather.getBlockSize(), 32);
    SmallVector<Operation *> made;
    auto make = [&](Operation *op) {
      made.push_back(op);
      return op->getResult(0);
    };
    Value block =
        make(builder.create<DivsOp>(loc, indexType, gather.getIndices(), size));
    Value within = make(builder.create<RemsOp>(
        loc, indexType, gather.getIndices(), size, Value()));
    Value page = make(builder.create<GatherOp>(
        loc, indexType, gather.getBlockTable(), block, Value()));
    Value first = make(builder.create<MulsOp>(loc, indexType, page, size));
    Value rows = make(builder.create<AddOp>(loc, indexType, first, within));
    auto allColumns = GMTensorType::get(
        gather.getContext(), {n, pool.getShape()[1]}, pool.getElementType());
    Value picked = make(
        builder.create<MGatherOp>(loc, allColumns, gather.getSource(), rows));
    if (allColumns != resultType) {
      Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
      Value from =
          builder.create<arith::ConstantIndexOp>(loc, gather.getColOffset());
      picked = make(builder.create<SliceOp>(
          loc, resultType, picked, ValueRange{zero, from},
          builder.getDenseI64ArrayAttr(resultType.getShape()), ValueRange()));
    }
    for (Operation *op : made) {
      scaffolding.push_back(op);
      if (failed(convert(op)))
        return failure();
    }
    tiles[gather.getResult()] = tiles.lookup(picked);
    erased.insert(gather);
    return success();
  }

  /// A window of `source` at constant `offsets`, made for the conversion
  /// itself and converted at once (erased at the end).
  FailureOr<Value> convertedSlice(OpBuilder &builder, Location loc,
                                  Value source, ArrayRef<int64_t> offsets,
                                  ArrayRef<int64_t> sizes) {
    SmallVector<Value> at;
    for (int64_t offset : offsets)
      at.push_back(builder.create<arith::ConstantIndexOp>(loc, offset));
    Type element = cast<GMTensorType>(source.getType()).getElementType();
    auto slice = builder.create<SliceOp>(
        loc, GMTensorType::get(builder.getContext(), sizes, element), source,
        at, builder.getDenseI64ArrayAttr(sizes), ValueRange());
    scaffolding.push_back(slice);
    if (failed(convert(slice)))
      return failure();
    return slice.getResult();
  }

  /// scatter_update: one mscatter per row of its index, of that row and
  /// the src rows it names.
  LogicalResult convertScatterUpdate(ScatterUpdateOp update) {
    OpBuilder builder(update);
    Location loc = update.getLoc();
    auto indexType = cast<GMTensorType>(update.getIndex().getType());
    auto srcType = cast<GMTensorType>(update.getSrc().getType());
    int64_t rows = indexType.getShape()[0], cols = indexType.getShape()[1];
    int64_t width = srcType.getShape()[1];
    for (int64_t i = 0; i < rows; ++i) {
      FailureOr<Value> index =
          convertedSlice(builder, loc, update.getIndex(), {i, 0}, {1, cols});
      FailureOr<Value> src = convertedSlice(builder, loc, update.getSrc(),
                                            {i * cols, 0}, {cols, width});
      if (failed(index) || failed(src))
        return failure();
      auto scatter = builder.create<MScatterOp>(loc, *src, update.getTable(),
                                                *index, UnitAttr());
      scaffolding.push_back(scatter);
      if (failed(convertRowsByIndex(scatter)))
        return failure();
    }
    erased.insert(update);
    return success();
  }

  /// A lane's share of a cube result: of its tile, which the AIC sends.
  LogicalResult convertAivShard(AivShardOp shard) {
    if (isa<TileType>(shard.getType()))
      return success(); // already tile-level
    Value source = shard.getSource();
    Value tile =
        isa<TileType>(source.getType()) ? source : tiles.lookup(source);
    if (!tile)
      return shard.emitOpError(
          "shards a tensor this kernel did not compute (read from global "
          "memory); load the lane's window in the region instead");
    OpBuilder builder(shard);
    tiles[shard.getResult()] = builder.create<AivShardOp>(
        shard.getLoc(), tileTypeOf(cast<GMTensorType>(shard.getType())), tile);
    erased.insert(shard);
    return success();
  }

  /// Rows gathered into an L1 accumulator: from the kernel parameter at the
  /// window's offsets, into the accumulator's tile.
  LogicalResult convertGatherRow(GatherRowOp gather) {
    Operation *op = gather;
    Value acc = gather.getAcc();
    Value accTile = isa<TileType>(acc.getType()) ? acc : tiles.lookup(acc);
    if (!accTile || !getL1Accumulator(accTile))
      return op->emitOpError("gathers into a tensor that is not a "
                             "pypto.create_l1 accumulator of this kernel");
    FailureOr<Window> source = windowOf(gather.getSource(), op);
    if (failed(source))
      return failure();
    if (!source->valid.empty())
      return op->emitOpError("reads rows of a slice with a valid shape; give "
                             "the extents as the gather's valid shape");
    OpBuilder builder(op);
    SmallVector<Value> from = addOffsets(builder, op->getLoc(), source->offsets,
                                         gather.getSourceOffsets());
    if (isa<TileType>(gather.getType()) && source->base == gather.getSource())
      return success(); // already tile-level
    auto converted = builder.create<GatherRowOp>(
        op->getLoc(), accTile.getType(), accTile, source->base, from,
        gather.getOffsets(), gather.getSizesAttr(), gather.getValid());
    tiles[gather.getResult()] = converted.getResult();
    erased.insert(op);
    return success();
  }

  /// An op on one element of a tensor in GM (signals, scalar reads and
  /// writes) stays a GM operation, on the kernel parameter itself at the
  /// element's index in it.
  LogicalResult rebaseElementAccess(Operation *op, OpOperand &tensor,
                                    MutableOperandRange indices) {
    FailureOr<Window> window = windowOf(tensor.get(), op);
    if (failed(window))
      return failure();
    SmallVector<Value> current;
    for (OpOperand &index : indices)
      current.push_back(index.get());
    OpBuilder builder(op);
    indices.assign(addOffsets(builder, op->getLoc(), window->offsets, current));
    tensor.set(window->base);
    return success();
  }

  /// An assemble, or a remote store into a peer's copy of a window: a store
  /// of the value's tile.
  LogicalResult convertStore(Operation *op, Value value, Value destTensor,
                             ValueRange innerOffsets, ValueRange innerValid,
                             Value peer, UnitAttr atomicAdd) {
    OpBuilder builder(op);
    FailureOr<Window> dest = windowOf(destTensor, op);
    FailureOr<Value> tile = tileOf(value, op);
    if (failed(dest) || failed(tile))
      return failure();
    if (!dest->valid.empty())
      return op->emitOpError("writes into a slice with a valid shape, which "
                             "is read-only; give the valid shape on the "
                             "assemble");
    SmallVector<Value> offsets =
        addOffsets(builder, op->getLoc(), dest->offsets, innerOffsets);
    SmallVector<int64_t> shape = tensorShapeOf(value);
    FailureOr<SmallVector<Value>> valid =
        tileValid(builder, op, shape, innerValid);
    if (failed(valid))
      return failure();
    builder.create<StoreOp>(op->getLoc(), *tile, dest->base, offsets,
                            windowAttr(builder, dest->base, shape), peer,
                            *valid, atomicAdd);
    forgetLoadsOf(dest->base);
    erased.insert(op);
    return success();
  }

  /// A put or get copies its window chunk by chunk through a staging tile:
  /// a load of the source's chunk and a store of it, both of the chunk's
  /// valid part when the sizes do not divide into chunks. A put stores into
  /// the peer's copy, a get loads from it.
  LogicalResult convertPeerCopy(Operation *op, Value sourceTensor,
                                ValueRange sourceOffsets, Value destTensor,
                                ValueRange destOffsets,
                                ArrayRef<int64_t> staticSizes,
                                ValueRange dynamicSizes,
                                ArrayRef<int64_t> chunk, Value loadPeer,
                                Value storePeer, UnitAttr atomicAdd) {
    Location loc = op->getLoc();
    OpBuilder builder(op);
    FailureOr<Window> source = windowOf(sourceTensor, op);
    FailureOr<Window> dest = windowOf(destTensor, op);
    if (failed(source) || failed(dest))
      return failure();
    if (!source->valid.empty() || !dest->valid.empty())
      return op->emitOpError("copies a slice with a valid shape; give the "
                             "extents as the copy's sizes instead");
    auto constant = [&](int64_t v) -> Value {
      return builder.create<arith::ConstantIndexOp>(loc, v);
    };
    SmallVector<Value> sizes;
    unsigned dynamic = 0;
    for (int64_t size : staticSizes)
      sizes.push_back(ShapedType::isDynamic(size) ? dynamicSizes[dynamic++]
                                                  : constant(size));
    auto element = cast<GMTensorType>(sourceTensor.getType()).getElementType();
    auto stage = TileType::get(op->getContext(), chunk, element, std::nullopt);
    // Each dimension: one chunk at offset 0 when the size is the chunk,
    // else a loop over the chunks (with a valid part when they may not
    // divide the size).
    SmallVector<Value> at(2), extent(2);
    bool partial = false;
    for (unsigned d = 0; d < 2; ++d) {
      int64_t size = staticSizes[d];
      if (size == chunk[d]) {
        at[d] = constant(0);
        extent[d] = constant(size);
        continue;
      }
      auto loop = builder.create<scf::ForOp>(loc, constant(0), sizes[d],
                                             constant(chunk[d]));
      builder.setInsertionPoint(loop.getBody()->getTerminator());
      at[d] = loop.getInductionVar();
      extent[d] = builder.create<arith::MinSIOp>(
          loc, constant(chunk[d]),
          builder.create<arith::SubIOp>(loc, sizes[d], at[d]));
      partial |= ShapedType::isDynamic(size) || size % chunk[d] != 0;
    }
    SmallVector<Value> valid;
    if (partial)
      valid = extent;
    SmallVector<Value> from = addOffsets(
        builder, loc, addOffsets(builder, loc, source->offsets, sourceOffsets),
        at);
    SmallVector<Value> to = addOffsets(
        builder, loc, addOffsets(builder, loc, dest->offsets, destOffsets), at);
    auto load = builder.create<LoadOp>(loc, stage, source->base, from,
                                       DenseI64ArrayAttr(), loadPeer, valid,
                                       UnitAttr());
    builder.create<StoreOp>(loc, load.getResult(), dest->base, to,
                            DenseI64ArrayAttr(), storePeer, valid, atomicAdd);
    forgetLoadsOf(dest->base);
    erased.insert(op);
    return success();
  }

  /// Tensors have reference semantics: after `base` (a parameter) is
  /// written, later reads of it must load again.
  void forgetLoadsOf(Value base) {
    for (auto &[tensor, cached] : loads)
      if (windows.lookup(tensor).base == base || tensor == base)
        cached.clear();
  }

  /// A tensor carried by a loop (an accumulator, say) becomes a tile: its
  /// initial value is computed in this kernel, or a window of a parameter
  /// loaded before the loop.
  LogicalResult carryTiles(scf::ForOp loop) {
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      // The iteration argument, not the init: an init that is an earlier
      // loop's result is already a tile.
      if (!isa<GMTensorType>(loop.getRegionIterArg(i).getType()))
        continue;
      Value tile = isa<TileType>(init.getType()) ? init : tiles.lookup(init);
      if (!tile) {
        FailureOr<Value> loaded = tileOf(init, loop);
        if (failed(loaded))
          return failure();
        tile = *loaded;
      }
      loop.getInitArgsMutable()[i].assign(tile);
      tensorShapes[loop.getRegionIterArg(i)] = tensorShapes[loop.getResult(i)] =
          SmallVector<int64_t>(
              cast<GMTensorType>(loop.getRegionIterArg(i).getType())
                  .getShape());
      loop.getRegionIterArg(i).setType(tile.getType());
      loop.getResult(i).setType(tile.getType());
    }
    return success();
  }

  /// A tensor a branch yields becomes a tile: each branch yields the tile
  /// of its value (a window of a parameter is loaded in the branch). Both
  /// are tiles of the result's tensor type.
  LogicalResult branchTiles(scf::IfOp branch) {
    for (OpResult result : branch.getResults()) {
      if (!isa<GMTensorType>(result.getType()))
        continue;
      Type tileType;
      for (Region *region :
           {&branch.getThenRegion(), &branch.getElseRegion()}) {
        auto yield = cast<scf::YieldOp>(region->front().getTerminator());
        OpOperand &operand = yield->getOpOperand(result.getResultNumber());
        FailureOr<Value> tile = tileOf(operand.get(), yield);
        if (failed(tile))
          return failure();
        operand.set(*tile);
        tileType = tile->getType();
      }
      tensorShapes[result] =
          SmallVector<int64_t>(cast<GMTensorType>(result.getType()).getShape());
      result.setType(tileType);
    }
    return success();
  }

  /// The tile of a tensor value: its 2-D form.
  static TileType tileTypeOf(GMTensorType tensor) {
    return TileType::get(tensor.getContext(), flattenTo2D(tensor.getShape()),
                         tensor.getElementType(), std::nullopt);
  }

  /// The shape `value` has as a tensor (a loop or branch result keeps it
  /// after it became a tile).
  SmallVector<int64_t> tensorShapeOf(Value value) {
    if (auto tensor = dyn_cast<GMTensorType>(value.getType()))
      return SmallVector<int64_t>(tensor.getShape());
    if (auto it = tensorShapes.find(value); it != tensorShapes.end())
      return it->second;
    return SmallVector<int64_t>(cast<TileType>(value.getType()).getShape());
  }

  /// The indices of an element of an N-D value in its tile (the 2-D form):
  /// the leading indices fold into the row (a 1-D value is one row).
  static SmallVector<Value> indicesIn2D(OpBuilder &builder, Location loc,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<Value> indices) {
    Value row = builder.create<arith::ConstantIndexOp>(loc, 0);
    for (size_t d = 0; d + 1 < shape.size(); ++d) {
      Value extent = builder.create<arith::ConstantIndexOp>(loc, shape[d]);
      row = builder.create<arith::AddIOp>(
          loc, builder.create<arith::MulIOp>(loc, row, extent), indices[d]);
    }
    return {row, indices.back()};
  }

  /// The `window` of a load or store of `base`: its shape, given when the
  /// tensor is not 2-D.
  static DenseI64ArrayAttr windowAttr(OpBuilder &builder, Value base,
                                      ArrayRef<int64_t> shape) {
    if (cast<GMTensorType>(base.getType()).getShape().size() == 2)
      return {};
    return builder.getDenseI64ArrayAttr(shape);
  }

  /// The tile's valid shape (rows, columns) of a window with valid extents
  /// per dimension: those of its last two dimensions, the others being 1.
  static FailureOr<SmallVector<Value>> tileValid(OpBuilder &builder,
                                                 Operation *user,
                                                 ArrayRef<int64_t> shape,
                                                 ValueRange valid) {
    if (valid.empty() || shape.size() == 2)
      return SmallVector<Value>(valid);
    size_t lead = shape.size() - std::min<size_t>(2, shape.size());
    for (size_t d = 0; d < lead; ++d)
      if (shape[d] != 1 || !matchPattern(valid[d], m_One()))
        return user->emitOpError("has a valid shape in dimension ")
               << d << " of a rank-" << shape.size()
               << " window; valid shapes are supported in the last two "
                  "dimensions (the others of size 1)";
    SmallVector<Value> result(valid.drop_front(lead));
    if (result.size() == 1)
      result.insert(result.begin(),
                    builder.create<arith::ConstantIndexOp>(user->getLoc(), 1));
    return result;
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

  Value throughSameFormReshapes(Value value) const {
    auto it = sameFormReshapes.find(value);
    return it == sameFormReshapes.end() ? value : it->second;
  }

  /// The tile holding `value`, loading it when it is a tensor. Tiles get
  /// their memory space from pypto-infer-memory-space.
  FailureOr<Value> tileOf(Value value, Operation *user) {
    value = throughSameFormReshapes(value);
    if (auto it = tiles.find(value); it != tiles.end())
      return it->second;
    if (isa<TileType>(value.getType()))
      return value;
    FailureOr<Window> window = windowOf(value, user);
    if (failed(window))
      return failure();
    auto tensorType = cast<GMTensorType>(value.getType());
    if (!tensorType.hasStaticShape())
      return user->emitOpError("operates on a tensor with run-time "
                               "dimensions (")
             << tensorType
             << "); tiles have static shapes: slice a window of static size";
    OpBuilder builder(user);
    FailureOr<SmallVector<Value>> valid =
        tileValid(builder, user, tensorType.getShape(), window->valid);
    if (failed(valid))
      return failure();
    auto tileType = tileTypeOf(tensorType);
    // A window loaded earlier into the same space is loaded once, unless
    // the use is in a loop the load is outside of: a store later in the
    // loop body changes what the next iteration reads.
    for (LoadOp earlier : loads.lookup(value))
      if (earlier.getType() == tileType &&
          dominance.properlyDominates(earlier.getOperation(), user) &&
          inLoopsOf(earlier, user))
        return earlier.getResult();
    auto load = builder.create<LoadOp>(
        user->getLoc(), tileType, window->base, window->offsets,
        windowAttr(builder, window->base, tensorType.getShape()),
        /*peer=*/Value(), *valid);
    loads[value].push_back(load);
    return load.getResult();
  }

  /// True when every loop around `user` is also around `earlier`.
  static bool inLoopsOf(Operation *earlier, Operation *user) {
    for (Operation *parent = user->getParentOp(); parent;
         parent = parent->getParentOp())
      if (isa<scf::ForOp>(parent) && !parent->isProperAncestor(earlier))
        return false;
    return true;
  }

  /// A transposed matmul operand: its window loaded transposed.
  FailureOr<Value> loadTransposed(Value value, Operation *user) {
    value = throughSameFormReshapes(value);
    if (tiles.count(value) || isa<TileType>(value.getType()))
      return user->emitOpError("takes a transposed operand computed in this "
                               "kernel; only operands loaded from global "
                               "memory can be transposed");
    FailureOr<Window> window = windowOf(value, user);
    if (failed(window))
      return failure();
    auto tensorType = cast<GMTensorType>(value.getType());
    // The matmul verifier made it a matrix: leading dimensions of 1.
    ArrayRef<int64_t> shape = tensorType.getShape();
    OpBuilder builder(user);
    // A tail keeps the window's extents; the tile's are the transpose.
    FailureOr<SmallVector<Value>> valid =
        tileValid(builder, user, shape, window->valid);
    if (failed(valid))
      return failure();
    auto tileType =
        TileType::get(builder.getContext(),
                      {shape[shape.size() - 1], shape[shape.size() - 2]},
                      tensorType.getElementType(), std::nullopt);
    auto load = builder.create<LoadOp>(
        user->getLoc(), tileType, window->base, window->offsets,
        windowAttr(builder, window->base, shape), /*peer=*/Value(), *valid,
        /*transpose=*/true);
    return load.getResult();
  }

  /// Clones a vector op onto tiles, loading tensor operands and giving
  /// it the scratch tile it needs.
  LogicalResult convertVector(Operation *op) {
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      Value source = throughSameFormReshapes(reshape.getSource());
      auto from = dyn_cast<GMTensorType>(source.getType());
      auto to = dyn_cast<GMTensorType>(reshape.getType());
      if (from && to && !tiles.count(source) && from.hasStaticShape() &&
          to.hasStaticShape() && tileTypeOf(from) == tileTypeOf(to)) {
        sameFormReshapes[reshape.getResult()] = source;
        return success();
      }
    }
    IRMapping mapping;
    OpBuilder builder(op);
    for (Value operand : op->getOperands()) {
      // Tensors, and tiles a converted loop already carries.
      if (!isa<GMTensorType, TileType>(operand.getType()))
        continue;
      FailureOr<Value> tile = tileOf(operand, op);
      if (failed(tile))
        return failure();
      mapping.map(operand, *tile);
    }
    Operation *converted = builder.clone(*op, mapping);
    for (OpResult result : converted->getResults())
      result.setType(tileTypeOf(cast<GMTensorType>(result.getType())));
    // A reshape between shapes of one 2-D form (1x1xRxC and RxC) is the
    // tile itself.
    if (isa<ReshapeOp>(converted) && converted->getOperand(0).getType() ==
                                         converted->getResult(0).getType()) {
      tiles[op->getResult(0)] = converted->getOperand(0);
      converted->erase();
      return success();
    }
    if (Value rowForm = rowFormOnColumnVector(converted)) {
      tiles[op->getResult(0)] = rowForm;
      converted->erase();
      return success();
    }
    if (op->hasTrait<OpTrait::pypto::NeedsScratch>() &&
        converted->getNumOperands() == 1) {
      builder.setInsertionPoint(converted);
      Value scratch = builder.create<CreateTileOp>(
          op->getLoc(), converted->getOperand(0).getType());
      converted->insertOperands(1, scratch);
    }
    addScratchOperand(converted);
    for (auto [from, to] : llvm::zip(op->getResults(), converted->getResults()))
      tiles[from] = to;
    return success();
  }

  /// Gathers take a scratch tile of the index's type, compares, selects and
  /// compare gathers one for the hardware's bit mask (maskScratchType), rem,
  /// xor and prelu (and their scalar forms) one of the result's type: the last
  /// operand.
  static void addScratchOperand(Operation *op) {
    OpBuilder builder(op);
    Type scratch;
    if (auto gather = dyn_cast<GatherOp>(op); gather && !gather.getTmp())
      scratch = gather.getIndex().getType();
    else if (auto scatter = dyn_cast<ScatterOp>(op);
             scatter && !scatter.getTmp())
      scratch = scatter.getIndex().getType();
    else if (auto compare = dyn_cast<GatherCompareOp>(op);
             compare && !compare.getTmp())
      scratch = maskScratchType(cast<TileType>(compare.getSource().getType()));
    else if (isa<CmpOp, CmpsOp, SelOp, SelsOp>(op) && !maskScratchOf(op))
      scratch = maskScratchType(cast<TileType>(op->getResult(0).getType()));
    else if (isa<RemOp, XorOp, PreluOp, RemsOp, XorsOp>(op) &&
             op->getNumOperands() == 2)
      scratch = op->getResult(0).getType();
    if (!scratch)
      return;
    Value tmp = builder.create<CreateTileOp>(op->getLoc(), scratch);
    op->insertOperands(op->getNumOperands(), tmp);
  }

  static bool isColumnVector(Value tile) {
    ArrayRef<int64_t> shape = cast<TileType>(tile.getType()).getShape();
    return shape[0] > 1 && shape[1] == 1;
  }

  static bool isRowVector(Value tile) {
    ArrayRef<int64_t> shape = cast<TileType>(tile.getType()).getShape();
    return shape[0] == 1 && shape[1] > 1;
  }

  /// ptoas 0.27 wants row-major tiles where a column vector (Mx1, stored
  /// column-major) is the source of a column reduction or a transpose, or
  /// the result of a broadcast op. On a column vector these are operations
  /// on the 1xM row it is in memory: a transpose (of a column or a row) is
  /// a view, a column reduction the row reduction of the row view,
  /// col_expand(_<op>) the row_expand(_<op>) of the row view, and
  /// row_expand(_<op>) of columns the column itself (the elementwise op).
  /// Returns the replacement of `op`'s result, or null to keep `op`.
  Value rowFormOnColumnVector(Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = op->getContext();
    auto reshaped = [&](Value tile, int64_t rows, int64_t cols) -> Value {
      auto type = cast<TileType>(tile.getType());
      return b.create<ReshapeOp>(
          loc, type.cloneWith({{rows, cols}}, type.getElementType()), tile);
    };
    auto rowView = [&](Value column) {
      return reshaped(column, 1,
                      cast<TileType>(column.getType()).getShape()[0]);
    };
    auto columnView = [&](Value row) {
      return reshaped(row, cast<TileType>(row.getType()).getShape()[1], 1);
    };
    // A triangular mask of one column is the other triangle of its row
    // with the diagonal negated: element (i, 0) of the lower mask is 1
    // where i >= -d, element (0, i) of the upper one where i >= -d.
    if (auto tri = dyn_cast<TriOp>(op);
        tri && isColumnVector(tri.getResult())) {
      auto column = cast<TileType>(tri.getType());
      auto rowType = column.cloneWith({{1, column.getShape()[0]}},
                                      column.getElementType());
      Value zero = b.create<arith::ConstantIntOp>(loc, 0, 32);
      Value negated = b.create<arith::SubIOp>(loc, zero, tri.getDiagonal());
      Value row = b.create<TriOp>(
          loc, rowType, negated, tri.getUpper() ? UnitAttr() : b.getUnitAttr());
      return columnView(row);
    }
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      Value source = transpose.getSource();
      if (!isColumnVector(source) && !isRowVector(source))
        return {};
      return b.create<ReshapeOp>(loc, transpose.getType(), source);
    }
    // A row reduction of one column is the column itself (ptoas 0.27
    // refuses a column-major source of trowsum and its kin).
    if (isa<RowSumOp, RowMaxOp, RowMinOp, RowProdOp>(op)) {
      Value source = op->getOperand(0);
      if (cast<TileType>(source.getType()).getShape()[1] != 1 ||
          source.getType() != op->getResult(0).getType())
        return {};
      return source;
    }
    if (isa<ColSumOp, ColMaxOp, ColMinOp>(op)) {
      if (!isColumnVector(op->getOperand(0)))
        return {};
      Value row = rowView(op->getOperand(0));
      Value scratch = b.create<CreateTileOp>(loc, row.getType());
      Type type = op->getResult(0).getType();
      if (isa<ColSumOp>(op))
        return b.create<RowSumOp>(loc, type, row, scratch);
      if (isa<ColMaxOp>(op))
        return b.create<RowMaxOp>(loc, type, row, scratch);
      return b.create<RowMinOp>(loc, type, row, scratch);
    }
    // Broadcasts onto a column: col_expand of a 1x1 fills it, which is the
    // row_expand of the 1x1 onto the row view; row_expand of a column onto
    // itself is the column.
    if (isa<ColExpandOp, RowExpandOp>(op) && isColumnVector(op->getResult(0))) {
      Value source = op->getOperand(0);
      if (isa<RowExpandOp>(op))
        return source;
      auto rowType = TileType::get(
          ctx, {1, cast<TileType>(op->getResult(0).getType()).getShape()[0]},
          cast<TileType>(source.getType()).getElementType(), std::nullopt);
      return columnView(b.create<RowExpandOp>(loc, rowType, source));
    }
    if (!op->hasTrait<OpTrait::pypto::Broadcasting>() ||
        op->getNumOperands() != 2 || !isColumnVector(op->getOperand(0)))
      return {};
    Value lhs = op->getOperand(0), vec = op->getOperand(1);
    Type type = op->getResult(0).getType();
    auto onRow = [&](auto rowOp) -> Value {
      Value row = rowView(lhs);
      return columnView(
          b.create<decltype(rowOp)>(loc, row.getType(), row, vec));
    };
    auto elementwise = [&](auto elementwiseOp) -> Value {
      return b.create<decltype(elementwiseOp)>(loc, type, lhs, vec);
    };
    return llvm::TypeSwitch<Operation *, Value>(op)
        .Case([&](ColExpandADDOp) { return onRow(RowExpandADDOp()); })
        .Case([&](ColExpandSUBOp) { return onRow(RowExpandSUBOp()); })
        .Case([&](ColExpandMULOp) { return onRow(RowExpandMULOp()); })
        .Case([&](ColExpandDIVOp) { return onRow(RowExpandDIVOp()); })
        .Case([&](ColExpandMAXOp) { return onRow(RowExpandMAXOp()); })
        .Case([&](ColExpandMINOp) { return onRow(RowExpandMINOp()); })
        .Case([&](ColExpandEXPDIFOp) { return onRow(RowExpandEXPDIFOp()); })
        .Case([&](RowExpandADDOp) { return elementwise(AddOp()); })
        .Case([&](RowExpandSUBOp) { return elementwise(SubOp()); })
        .Case([&](RowExpandMULOp) { return elementwise(MulOp()); })
        .Case([&](RowExpandDIVOp) { return elementwise(DivOp()); })
        .Case([&](RowExpandMAXOp) { return elementwise(MaxOp()); })
        .Case([&](RowExpandMINOp) { return elementwise(MinOp()); })
        .Default([](Operation *) { return Value(); });
  }

  /// Matmul operands are tiles of the kernel (transposed ones loaded
  /// transposed); `acc` (for matmul_acc) must be a tile of this kernel.
  LogicalResult convertMatmul(Operation *matmul, Value acc,
                              Value bias = Value()) {
    if (auto batched = dyn_cast<MatmulOp>(matmul);
        batched && cast<ShapedType>(batched.getType()).getRank() > 2 &&
        !hasUnitLeadingDims(cast<ShapedType>(batched.getType()).getShape()))
      return convertBatchedMatmul(batched);
    OpBuilder builder(matmul);
    Location loc = matmul->getLoc();
    auto operand = [&](Value value, bool transposed) -> FailureOr<Value> {
      // An L1 accumulator is read where it is; transposed, as the view of
      // its bytes.
      Value l1 = isa<TileType>(value.getType()) ? value : tiles.lookup(value);
      if (l1 && getL1Accumulator(l1)) {
        if (!transposed)
          return l1;
        auto type = cast<TileType>(l1.getType());
        ArrayRef<int64_t> shape = type.getShape();
        return builder
            .create<TransposeViewOp>(
                loc,
                type.cloneWith({{shape[1], shape[0]}}, type.getElementType()),
                l1)
            .getResult();
      }
      return transposed ? loadTransposed(value, matmul) : tileOf(value, matmul);
    };
    Value lhsValue = matmul->getOperand(acc ? 1 : 0);
    Value rhsValue = matmul->getOperand(acc ? 2 : 1);
    FailureOr<Value> lhs = operand(lhsValue, matmul->hasAttr("a_trans"));
    FailureOr<Value> rhs = operand(rhsValue, matmul->hasAttr("b_trans"));
    if (failed(lhs) || failed(rhs))
      return failure();
    auto tileType =
        tileTypeOf(cast<GMTensorType>(matmul->getResult(0).getType()));
    Value product;
    if (acc) {
      Value accTile = isa<TileType>(acc.getType()) ? acc : tiles.lookup(acc);
      Value init = cast<MatmulAccOp>(matmul).getInit();
      // With init_cond the accumulator it is given is only read where the
      // condition is false: any value will do for its buffer.
      if (!accTile && init)
        accTile = builder.create<CreateTileOp>(loc, tileType);
      if (!accTile)
        return matmul->emitOpError(
            "accumulator must be the result of a matmul in this kernel (or "
            "give init_cond: `init %first`)");
      product =
          builder.create<MatmulAccOp>(loc, accTile.getType(), accTile, *lhs,
                                      *rhs, init, UnitAttr(), UnitAttr());
    } else if (bias) {
      FailureOr<Value> biasTile = tileOf(bias, matmul);
      if (failed(biasTile))
        return failure();
      product =
          builder.create<MatmulBiasOp>(loc, tileType, *lhs, *rhs, *biasTile);
    } else {
      product = builder.create<MatmulOp>(loc, tileType, *lhs, *rhs);
    }
    tiles[matmul->getResult(0)] = product;
    return success();
  }

  /// A batched matmul: one matmul per batch, of each operand's matrix of
  /// that batch (its only one when the operand's batch dimension is 1), the
  /// products placed in the result's tile (B*M x N) one below the other.
  LogicalResult convertBatchedMatmul(MatmulOp matmul) {
    OpBuilder builder(matmul);
    Location loc = matmul.getLoc();
    auto resultType = cast<GMTensorType>(matmul.getType());
    ArrayRef<int64_t> shape = resultType.getShape();
    ArrayRef<int64_t> batchShape = shape.drop_back(2);
    int64_t rows = shape[shape.size() - 2], batches = 1;
    for (int64_t d : batchShape)
      batches *= d;
    MLIRContext *ctx = matmul.getContext();
    auto constant = [&](int64_t v) -> Value {
      return builder.create<arith::ConstantIndexOp>(loc, v);
    };
    // The matrix of batch `index` (one per batch dimension) of `value`,
    // sliced once (a broadcast operand's one matrix serves every batch).
    DenseMap<std::pair<Value, int64_t>, Value> sliced;
    auto matrixOf = [&](Value value,
                        ArrayRef<int64_t> index) -> FailureOr<Value> {
      auto type = cast<GMTensorType>(value.getType());
      ArrayRef<int64_t> full = type.getShape();
      // One matrix (every batch dimension 1): the operand is it.
      if (hasUnitLeadingDims(full))
        return value;
      SmallVector<int64_t> at;
      int64_t linear = 0; // the operand's own batch number
      for (auto [d, extent] : llvm::enumerate(full.drop_back(2))) {
        at.push_back(extent == 1 ? 0 : index[d]);
        linear = linear * extent + at.back();
      }
      if (Value known = sliced.lookup({value, linear}))
        return known;
      SmallVector<int64_t> sizes(at.size(), 1);
      at.append({0, 0});
      sizes.append({full[full.size() - 2], full.back()});
      FailureOr<Value> slice = convertedSlice(builder, loc, value, at, sizes);
      if (succeeded(slice))
        sliced[{value, linear}] = *slice;
      return slice;
    };
    Value combined = builder.create<CreateTileOp>(loc, tileTypeOf(resultType));
    SmallVector<int64_t> productShape(batchShape.size(), 1);
    productShape.append({rows, shape.back()});
    auto productType =
        GMTensorType::get(ctx, productShape, resultType.getElementType());
    SmallVector<int64_t> index(batchShape.size(), 0);
    for (int64_t b = 0; b < batches; ++b) {
      // `index` counts through the batch dimensions, the last fastest.
      for (int64_t d = int64_t(batchShape.size()) - 1, rest = b; d >= 0; --d) {
        index[d] = rest % batchShape[d];
        rest /= batchShape[d];
      }
      FailureOr<Value> lhs = matrixOf(matmul.getLhs(), index);
      FailureOr<Value> rhs = matrixOf(matmul.getRhs(), index);
      if (failed(lhs) || failed(rhs))
        return failure();
      auto product = builder.create<MatmulOp>(loc, productType, *lhs, *rhs,
                                              matmul.getATransAttr(),
                                              matmul.getBTransAttr());
      scaffolding.push_back(product);
      if (failed(convertMatmul(product, Value())))
        return failure();
      combined = builder.create<InsertTileOp>(
          loc, combined.getType(), tiles.lookup(product.getResult()), combined,
          constant(b * rows), constant(0));
    }
    tiles[matmul.getResult()] = combined;
    erased.insert(matmul);
    return success();
  }

  func::FuncOp kernel;
  /// Tensor-level ops the conversion made for itself (a batched matmul's
  /// per-batch slices and products), erased at its end.
  SmallVector<Operation *> scaffolding;
  DenseMap<Value, Window> windows;
  DenseMap<Value, Value> tiles;
  /// Reshapes of a window that keep its 2-D form (1x64x128 of 64x128): the
  /// window itself, loaded where it is used (transposed for a matmul that
  /// wants it so).
  DenseMap<Value, Value> sameFormReshapes;
  /// The tensor shapes of loop and branch results that became tiles.
  DenseMap<Value, SmallVector<int64_t>> tensorShapes;
  DenseMap<Value, SmallVector<LoadOp>> loads;
  DominanceInfo dominance;
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
    auto count = [&](auto op) {
      unsigned n = 0;
      func.walk([&](decltype(op)) { ++n; });
      return n;
    };
    unsigned loadsBefore = count(LoadOp()), storesBefore = count(StoreOp());
    if (failed(Converter(func).run()))
      return signalPassFailure();
    numLoads += count(LoadOp()) - loadsBefore;
    numStores += count(StoreOp()) - storesBefore;
  }
};

} // namespace
