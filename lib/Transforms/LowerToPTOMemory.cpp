//===- LowerToPTOMemory.cpp - pypto memory, pipes, loops -> pto -*- C++ -*-===//
//
// The patterns that are not one instruction per op: loads and stores through
// views of the kernel's parameters, planned buffers, the cube/vector pipes,
// signals between ranks, and loops that carry tiles.
//
//===----------------------------------------------------------------------===//

#include "LowerToPTO.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::pypto;

namespace {

class LoadLowering : public KernelOpLowering<LoadOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(LoadOp load, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(load.getSource()))
      return state.fail(load, "loads from a tensor that is not a kernel "
                              "parameter");
    FailureOr<Value> tile = state.allocate(rewriter, load);
    if (failed(tile))
      return failure();
    Location loc = load.getLoc();
    SmallVector<int64_t> shape = load.getWindowShape();
    Value window;
    if (load.getPeer())
      window =
          state.partition(rewriter, loc, load.getSource(), adaptor.getOffsets(),
                          shape, adaptor.getValid(),
                          state.peerTensorView(rewriter, loc, load.getSource(),
                                               adaptor.getPeer()));
    else if (load.getTranspose())
      window = state.transposedPartition(rewriter, loc, load.getSource(),
                                         adaptor.getOffsets(), shape,
                                         adaptor.getValid());
    else
      window = state.partition(rewriter, loc, load.getSource(),
                               adaptor.getOffsets(), shape, adaptor.getValid());
    // A tail is loaded through a view of the tile with its run-time valid
    // shape; the rest of the tile keeps what it held.
    Value target = *tile;
    if (!load.getValid().empty()) {
      // A transposed tile's valid shape is the window's, swapped.
      SmallVector<Value> valid(adaptor.getValid());
      if (load.getTranspose())
        std::swap(valid[0], valid[1]);
      FailureOr<Value> view =
          state.withValidShape(rewriter, load, *tile, valid);
      if (failed(view))
        return failure();
      target = *view;
    }
    rewriter.create<pto::TLoadOp>(loc, window, target);
    rewriter.replaceOp(load, *tile);
    return success();
  }
};

/// The whole 2-D table an mgather or mscatter indexes: a partition of all
/// its rows (a run-time count stays `?`).
static Value wholeTable(KernelLoweringState &state, OpBuilder &builder,
                        Location loc, Value table) {
  Value zero = state.index(builder, 0);
  ArrayRef<int64_t> shape = cast<GMTensorType>(table.getType()).getShape();
  return state.partition(builder, loc, table, {zero, zero}, shape,
                         {state.dimOf(table, 0), state.dimOf(table, 1)});
}

class MGatherLowering : public KernelOpLowering<MGatherOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(MGatherOp gather, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(gather.getTable()))
      return state.fail(gather, "gathers from a tensor that is not a kernel "
                                "parameter");
    FailureOr<Value> index = state.buffer(gather, adaptor.getIndex());
    FailureOr<Value> tile = state.allocate(rewriter, gather);
    if (failed(index) || failed(tile))
      return failure();
    Value table =
        wholeTable(state, rewriter, gather.getLoc(), gather.getTable());
    rewriter.create<pto::MGatherOp>(gather.getLoc(), table, *index, *tile);
    rewriter.replaceOp(gather, *tile);
    return success();
  }
};

class MScatterLowering : public KernelOpLowering<MScatterOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(MScatterOp scatter, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(scatter.getTable()))
      return state.fail(scatter, "scatters into a tensor that is not a "
                                 "kernel parameter");
    FailureOr<Value> value = state.buffer(scatter, adaptor.getValue());
    FailureOr<Value> index = state.buffer(scatter, adaptor.getIndex());
    if (failed(value) || failed(index))
      return failure();
    Value table =
        wholeTable(state, rewriter, scatter.getLoc(), scatter.getTable());
    rewriter.create<pto::MScatterOp>(scatter.getLoc(), *value, *index, table,
                                     scatter.getAtomicAddAttr());
    rewriter.eraseOp(scatter);
    return success();
  }
};

class StoreLowering : public KernelOpLowering<StoreOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(StoreOp store, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(store.getDest()))
      return state.fail(store, "stores to a tensor that is not a kernel "
                               "parameter");
    FailureOr<Value> value = state.buffer(store, adaptor.getValue());
    if (failed(value))
      return failure();
    Location loc = store.getLoc();
    Value peerView;
    if (store.getPeer())
      peerView = state.peerTensorView(rewriter, loc, store.getDest(),
                                      adaptor.getPeer());
    Value window =
        state.partition(rewriter, loc, store.getDest(), adaptor.getOffsets(),
                        store.getWindowShape(), adaptor.getValid(), peerView);
    if (!store.getValid().empty()) {
      value = state.withValidShape(rewriter, store, *value, adaptor.getValid());
      if (failed(value))
        return failure();
    }
    rewriter.create<pto::TStoreOp>(
        loc, *value, window,
        store.getAtomicAdd()
            ? pto::AtomicTypeAttr::get(rewriter.getContext(),
                                       pto::AtomicType::AtomicAdd)
            : pto::AtomicTypeAttr());
    // Publish side of data-before-signal: a store into a window is made
    // visible to the peers before any later notify releases it.
    auto param = cast<BlockArgument>(store.getDest());
    if (state.kernel.getArgAttr(param.getArgNumber(), attr::kWindow)) {
      rewriter.create<pto::CmoCacheInvalidOp>(loc, window,
                                              pto::AddressSpaceAttr());
      rewriter.create<pto::FenceBarrierAllOp>(
          loc,
          pto::FenceScopeAttr::get(store.getContext(), pto::FenceScope::gm));
    }
    rewriter.eraseOp(store);
    return success();
  }
};

/// A kernel's array: a stack array of the core (pto.declare_local_array),
/// its element accesses pto.local_array_get/set.
class ArrayCreateLowering : public KernelOpLowering<ArrayCreateOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(ArrayCreateOp create, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    ArrayType array = create.getType();
    rewriter.replaceOpWithNewOp<pto::DeclareLocalArrayOp>(
        create, pto::LocalArrayType::get(create.getContext(), {array.getSize()},
                                         array.getElementType()));
    return success();
  }
};

class ArrayGetLowering : public KernelOpLowering<ArrayGetOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(ArrayGetOp get, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<pto::LocalArrayGetOp>(
        get, get.getType(), adaptor.getArray(), adaptor.getIndex());
    return success();
  }
};

class ArraySetLowering : public KernelOpLowering<ArraySetOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(ArraySetOp set, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<pto::LocalArraySetOp>(
        set, adaptor.getArray(), adaptor.getIndex(), adaptor.getValue());
    return success();
  }
};

/// The offset of element (row, col) in a planned tile buffer: rows x cols
/// with padding, a column-major one storing each column contiguously.
static Value elementOffset(OpBuilder &builder, Location loc,
                           KernelLoweringState &state, Value tile,
                           ValueRange indices) {
  auto type = cast<pto::TileBufType>(tile.getType());
  Value row = indices[0], col = indices[1];
  bool columnMajor = type.getBlayout() == pto::BLayout::col_major;
  Value major = columnMajor ? col : row, minor = columnMajor ? row : col;
  Value stride =
      state.index(builder, columnMajor ? type.getRows() : type.getCols());
  return builder.create<arith::AddIOp>(
      loc, builder.create<arith::MulIOp>(loc, major, stride), minor);
}

/// One element: of a parameter in GM (pto.load_scalar at the element's
/// offset), or of a vec tile (pto.tgetval at its offset in the buffer).
class ReadLowering : public KernelOpLowering<ReadOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(ReadOp read, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Location loc = read.getLoc();
    if (isa<GMTensorType>(read.getSource().getType())) {
      if (!state.isParameter(read.getSource()))
        return state.fail(read, "reads a tensor that is not a kernel "
                                "parameter");
      auto [ptr, offset] = state.elementAddress(rewriter, loc, read.getSource(),
                                                adaptor.getIndices());
      rewriter.replaceOpWithNewOp<pto::LoadScalarOp>(read, read.getType(), ptr,
                                                     offset);
      return success();
    }
    FailureOr<Value> tile = state.buffer(read, adaptor.getSource());
    if (failed(tile))
      return failure();
    Value offset =
        elementOffset(rewriter, loc, state, *tile, adaptor.getIndices());
    rewriter.replaceOpWithNewOp<pto::TGetValOp>(read, read.getType(), *tile,
                                                offset);
    return success();
  }
};

/// The planned address of a tile buffer, if constant.
static std::optional<int64_t> plannedAddress(Value tile) {
  auto alloc = tile.getDefiningOp<pto::AllocTileOp>();
  APInt address;
  if (!alloc || !alloc.getAddr() ||
      !matchPattern(alloc.getAddr(), m_ConstantInt(&address)))
    return std::nullopt;
  return address.getSExtValue();
}

} // namespace

FailureOr<Value>
mlir::pypto::resultOverDest(Operation *op, Value dest,
                            KernelLoweringState &state,
                            ConversionPatternRewriter &rewriter) {
  FailureOr<Value> source = state.buffer(op, dest);
  if (failed(source))
    return failure();
  FailureOr<Value> result = state.allocate(rewriter, op);
  if (failed(result))
    return failure();
  if (plannedAddress(*source) != plannedAddress(*result))
    rewriter.create<pto::TMovOp>(op->getLoc(), *source, *result);
  return result;
}

namespace {

/// An element replaced (pto.tsetval), in the result's copy of the source.
class InsertLowering : public KernelOpLowering<InsertOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(InsertOp insert, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> result =
        resultOverDest(insert, adaptor.getDest(), state, rewriter);
    if (failed(result))
      return failure();
    Value offset = elementOffset(rewriter, insert.getLoc(), state, *result,
                                 adaptor.getIndices());
    rewriter.create<pto::TSetValOp>(insert.getLoc(), offset, adaptor.getValue(),
                                    *result);
    rewriter.replaceOp(insert, *result);
    return success();
  }
};

/// A window replaced (pto.tinsert), in the result's copy of the
/// destination.
class InsertTileLowering : public KernelOpLowering<InsertTileOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(InsertTileOp insert, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> source = state.buffer(insert, adaptor.getSource());
    if (failed(source))
      return failure();
    FailureOr<Value> result =
        resultOverDest(insert, adaptor.getDest(), state, rewriter);
    if (failed(result))
      return failure();
    rewriter.create<pto::TInsertOp>(insert.getLoc(), *source, adaptor.getRow(),
                                    adaptor.getCol(), *result);
    rewriter.replaceOp(insert, *result);
    return success();
  }
};

/// A dimension of a parameter is what its tensor view was made with.
class DimLowering : public KernelOpLowering<DimOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(DimOp dim, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(dim.getSource()))
      return state.fail(dim, "reads a dimension of a tensor that is not a "
                             "kernel parameter");
    rewriter.replaceOp(dim, state.dimOf(dim.getSource(), dim.getDim()));
    return success();
  }
};

class WriteLowering : public KernelOpLowering<WriteOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(WriteOp write, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(write.getDest()))
      return state.fail(write, "writes a tensor that is not a kernel "
                               "parameter");
    auto [ptr, offset] = state.elementAddress(
        rewriter, write.getLoc(), write.getDest(), adaptor.getIndices());
    rewriter.create<pto::StoreScalarOp>(write.getLoc(), adaptor.getValue(), ptr,
                                        offset);
    rewriter.eraseOp(write);
    return success();
  }
};

/// A tile whose buffer the planner gave it: a scratch tile, or a reshape,
/// which views its source's buffer.
template <typename SourceOp>
class PlannedBufferLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp op, Adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (failed(this->state.requireTiles(op)))
      return failure();
    FailureOr<Value> tile = this->state.allocate(rewriter, op);
    if (failed(tile))
      return failure();
    rewriter.replaceOp(op, *tile);
    return success();
  }
};

/// Rows copied into an L1 accumulator (NZ): a view of its buffer from row
/// `r` on, at `r * 32` bytes (row r of an NZ tile starts 32 bytes into each
/// column block, and the view has the accumulator's column-block stride),
/// with the valid shape of the rows, loaded from the source's window. No
/// pto.subset: ptoas 0.27 cannot take a row window of an NZ tile.
class GatherRowLowering : public KernelOpLowering<GatherRowOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(GatherRowOp gather, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!isa<TileType>(gather.getAcc().getType()))
      return state.fail(gather, "works on tensors; run "
                                "pypto-convert-tensor-to-tile first");
    if (!state.isParameter(gather.getSource()))
      return state.fail(gather, "gathers rows of a tensor that is not a "
                                "kernel parameter");
    FailureOr<Value> acc = state.buffer(gather, adaptor.getAcc());
    if (failed(acc))
      return failure();
    auto alloc = acc->getDefiningOp<pto::AllocTileOp>();
    if (!alloc || !alloc.getAddr())
      return state.fail(gather, "gathers into a tile without a planned "
                                "buffer");
    Location loc = gather.getLoc();
    Type i64 = rewriter.getI64Type();
    Value row =
        rewriter.create<arith::IndexCastOp>(loc, i64, adaptor.getOffsets()[0]);
    Value rowBytes = rewriter.create<arith::MulIOp>(
        loc, row, rewriter.create<arith::ConstantIntOp>(loc, 32, 64));
    Value address =
        rewriter.create<arith::AddIOp>(loc, alloc.getAddr(), rowBytes);
    ArrayRef<int64_t> sizes = gather.getSizes();
    SmallVector<Value> valid(adaptor.getValid());
    if (valid.empty())
      valid = {state.index(rewriter, sizes[0]),
               state.index(rewriter, sizes[1])};
    auto type = cast<pto::TileBufType>(acc->getType());
    Value view = rewriter.create<pto::AllocTileOp>(
        loc,
        viewType(type, type.getElementType(), type.getCols(),
                 /*validRows=*/-1, /*validCols=*/-1),
        address, valid[0], valid[1]);
    Value window =
        state.partition(rewriter, loc, gather.getSource(),
                        adaptor.getSourceOffsets(), sizes, adaptor.getValid());
    rewriter.create<pto::TLoadOp>(loc, window, view);
    rewriter.replaceOp(gather, *acc);
    return success();
  }
};

class NotifyLowering : public KernelOpLowering<NotifyOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(NotifyOp notify, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(notify.getSignal()))
      return state.fail(notify, "signals a tensor that is not a kernel "
                                "parameter");
    Location loc = notify.getLoc();
    Value peerView = state.peerTensorView(rewriter, loc, notify.getSignal(),
                                          adaptor.getPeer());
    SmallVector<int64_t> ones(notify.getIndices().size(), 1);
    Value window =
        state.partitionOf(rewriter, loc, peerView, notify.getSignal(),
                          adaptor.getIndices(), ones);
    rewriter.create<pto::CommTNotifyOp>(
        loc, window, adaptor.getValue(),
        pto::NotifyOpAttr::get(notify.getContext(),
                               notify.getKind() == NotifyKind::add
                                   ? pto::NotifyOp::atomic_add
                                   : pto::NotifyOp::set));
    rewriter.eraseOp(notify);
    return success();
  }
};

class WaitLowering : public KernelOpLowering<WaitOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(WaitOp wait, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (!state.isParameter(wait.getSignal()))
      return state.fail(wait, "waits on a tensor that is not a kernel "
                              "parameter");
    Location loc = wait.getLoc();
    SmallVector<int64_t> ones(wait.getIndices().size(), 1);
    Value window = state.partition(rewriter, loc, wait.getSignal(),
                                   adaptor.getIndices(), ones);
    MLIRContext *ctx = wait.getContext();
    rewriter.create<pto::CommTWaitOp>(
        loc, window, adaptor.getExpected(),
        pto::WaitCmpAttr::get(ctx, static_cast<pto::WaitCmp>(wait.getCmp())));
    // Consume side of data-before-signal: reads after the wait must not
    // hit stale cache lines of what the peer published.
    rewriter.create<pto::CmoCacheInvalidOp>(
        loc, Value(), pto::AddressSpaceAttr::get(ctx, pto::AddressSpace::gm));
    rewriter.eraseOp(wait);
    return success();
  }
};

/// The pipe set-up in ptoas's form: the consumer reserves its slot buffer,
/// the producer imports the peer's by name, unused directions pass 0.
template <typename SourceOp, typename PTOOp, bool isCube>
class InitializePipeLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp init, Adaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    const KernelLoweringState &state = this->state;
    if (state.group.empty() || state.peer.empty())
      return this->state.fail(init, "is not in a part of a mixed kernel (run "
                                    "pypto-expand-mixed-kernel)");
    Location loc = init.getLoc();
    MLIRContext *ctx = init.getContext();
    auto buffer = [&](bool cubeToVector) -> Value {
      bool used = init.getDirMask() & (cubeToVector ? 1 : 2);
      if (!used)
        return rewriter.create<arith::ConstantIntOp>(loc, 0, 32);
      std::string name = state.group + (cubeToVector ? "_c2v_slot_buffer"
                                                     : "_v2c_slot_buffer");
      bool consumes = isCube != cubeToVector;
      if (!consumes)
        return rewriter.create<pto::ImportReservedBufferOp>(
            loc, rewriter.getI32Type(), rewriter.getStringAttr(name),
            FlatSymbolRefAttr::get(ctx, state.peer));
      std::optional<int64_t> base =
          cubeToVector ? init.getC2vConsumerBuf() : init.getV2cConsumerBuf();
      return rewriter.create<pto::ReserveBufferOp>(
          loc, rewriter.getI32Type(), rewriter.getStringAttr(name),
          rewriter.getI64IntegerAttr(init.getSlotNum() * init.getSlotSize()),
          pto::AddressSpaceAttr::get(ctx, cubeToVector
                                              ? pto::AddressSpace::vec
                                              : pto::AddressSpace::mat),
          rewriter.getBoolAttr(!base),
          base ? rewriter.getI64IntegerAttr(*base) : IntegerAttr());
    };
    Value c2v = buffer(true);
    Value v2c = buffer(false);
    // ptoas 0.27 knows only the hardware's slot count and has no slot_num.
    IntegerAttr slotNum =
        init.getSlotNum() == pto::getHardwareSlotCount(init.getDirMask())
            ? IntegerAttr()
            : init.getSlotNumAttr();
    rewriter.create<PTOOp>(loc, adaptor.getGmRing(), c2v, v2c,
                           init.getDirMaskAttr(), init.getSlotSizeAttr(),
                           slotNum, /*nosplit=*/BoolAttr(), IntegerAttr());
    rewriter.eraseOp(init);
    return success();
  }
};

// Pushes, pops and frees name no pipe: a task has one. Their split is
// pto's code for the mode (0 none, 1 up-down, 2 left-right).

static IntegerAttr splitAttr(OpBuilder &builder, SplitMode mode) {
  return builder.getI64IntegerAttr(static_cast<int64_t>(mode));
}

/// The AIV lane, as ptoas reads it.
class GetSubblockIdxLowering : public KernelOpLowering<GetSubblockIdxOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(GetSubblockIdxOp op, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Value lane = rewriter.create<pto::GetSubBlockIdxOp>(op.getLoc(),
                                                        rewriter.getI64Type());
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                    lane);
    return success();
  }
};

/// The barrier of all cores, in pypto's hard form.
class SyncAllLowering : public KernelOpLowering<SyncAllOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(SyncAllOp op, OpAdaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<pto::SyncAllOp>(
        op, pto::SyncAllMode::hard,
        static_cast<pto::SyncCoreType>(op.getCoreType()));
    return success();
  }
};

template <typename SourceOp, typename PTOOp>
class PushLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp push, Adaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> tile = this->state.buffer(push, adaptor.getTile());
    if (failed(tile))
      return failure();
    rewriter.create<PTOOp>(push.getLoc(), *tile,
                           splitAttr(rewriter, push.getSplit()), IntegerAttr());
    rewriter.eraseOp(push);
    return success();
  }
};

template <typename SourceOp, typename PTOOp>
class PopLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp pop, Adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    Value popped = rewriter.create<PTOOp>(
        pop.getLoc(), this->state.tileBufType(pop.getResult()), Value(),
        Value(), splitAttr(rewriter, pop.getSplit()), IntegerAttr());
    rewriter.replaceOp(pop, popped);
    return success();
  }
};

template <typename SourceOp, typename PTOOp>
class FreeLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp free, Adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    rewriter.create<PTOOp>(free.getLoc(), splitAttr(rewriter, free.getSplit()),
                           IntegerAttr());
    rewriter.eraseOp(free);
    return success();
  }
};

/// In pto a tile is its buffer, and the planner gave a loop-carried tile's
/// whole chain (initial, iteration, yielded and result values) one address.
/// So the loop stops carrying it: the iteration value and the result become
/// the initial value's buffer. Other carried values stay.
class TileCarryingLoopLowering : public KernelOpLowering<scf::ForOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(scf::ForOp loop, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> inits, results;
    SmallVector<unsigned> kept;
    TypeConverter::SignatureConversion signature(
        loop.getBody()->getNumArguments());
    signature.addInputs(0, loop.getInductionVar().getType());
    for (auto [i, init] : llvm::enumerate(adaptor.getInitArgs())) {
      if (!isa<TileType>(loop.getInitArgs()[i].getType())) {
        signature.addInputs(i + 1, init.getType());
        inits.push_back(init);
        kept.push_back(i);
        continue;
      }
      if (!isa<pto::TileBufType>(init.getType()))
        return state.fail(loop, "carries a tile that no operation of this "
                                "kernel produces");
      signature.remapInput(i + 1, init);
    }
    auto stripped = rewriter.create<scf::ForOp>(
        loop.getLoc(), adaptor.getLowerBound(), adaptor.getUpperBound(),
        adaptor.getStep(), inits);
    stripped->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    rewriter.eraseBlock(stripped.getBody());
    rewriter.inlineRegionBefore(loop.getRegion(), stripped.getRegion(),
                                stripped.getRegion().end());
    Block *body =
        rewriter.applySignatureConversion(stripped.getBody(), signature);
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<Value> yielded;
    for (unsigned i : kept)
      yielded.push_back(yield.getOperand(i));
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
    unsigned next = 0;
    for (auto [i, init] : llvm::enumerate(adaptor.getInitArgs()))
      results.push_back(next < kept.size() && kept[next] == i
                            ? stripped.getResult(next++)
                            : init);
    rewriter.replaceOp(loop, results);
    return success();
  }
};

/// The planner gave a branch's tile result and the values both branches
/// yield one address. So the branch stops yielding it, and the result is
/// that buffer, declared before the `if`. Other results stay.
class TileYieldingBranchLowering : public KernelOpLowering<scf::IfOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(scf::IfOp branch, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> results(branch.getNumResults());
    SmallVector<Type> keptTypes;
    SmallVector<unsigned> kept;
    for (OpResult result : branch.getResults()) {
      if (!isa<TileType>(result.getType())) {
        kept.push_back(result.getResultNumber());
        keptTypes.push_back(result.getType());
        continue;
      }
      // An op of the chain with the buffer's address: its root, or (a
      // gather's chain starts at an accumulator a loop carries in) the
      // first planned op down the then-branches.
      Operation *writer = chainRoot(result).getDefiningOp();
      for (Value value = result; !writer || !writer->hasAttr(attr::kAddr);) {
        auto inner = value.getDefiningOp<scf::IfOp>();
        if (!inner) {
          writer = value.getDefiningOp();
          break;
        }
        value = inner.thenYield().getOperand(
            cast<OpResult>(value).getResultNumber());
        writer = value.getDefiningOp();
      }
      if (!writer)
        return state.fail(branch, "yields a tile that no operation of this "
                                  "kernel produces");
      FailureOr<Value> buffer = state.allocate(rewriter, writer);
      if (failed(buffer))
        return failure();
      results[result.getResultNumber()] = *buffer;
    }
    auto stripped = rewriter.create<scf::IfOp>(
        branch.getLoc(), keptTypes, adaptor.getCondition(),
        /*addThenBlock=*/false, /*addElseBlock=*/false);
    stripped->setDiscardableAttrs(branch->getDiscardableAttrDictionary());
    for (auto [from, to] :
         {std::pair(&branch.getThenRegion(), &stripped.getThenRegion()),
          std::pair(&branch.getElseRegion(), &stripped.getElseRegion())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      SmallVector<Value> yielded;
      for (unsigned i : kept)
        yielded.push_back(yield.getOperand(i));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
    }
    for (auto [i, index] : llvm::enumerate(kept))
      results[index] = stripped.getResult(i);
    rewriter.replaceOp(branch, results);
    return success();
  }
};

} // namespace

void mlir::pypto::populateTileMemoryLoweringPatterns(
    RewritePatternSet &patterns, KernelLoweringState &state) {
  patterns.add<
      LoadLowering, StoreLowering, ReadLowering, InsertLowering,
      InsertTileLowering, WriteLowering, ArrayCreateLowering, ArrayGetLowering,
      ArraySetLowering, DimLowering, PlannedBufferLowering<CreateTileOp>,
      PlannedBufferLowering<ReshapeOp>, PlannedBufferLowering<CreateL1Op>,
      PlannedBufferLowering<TransposeViewOp>, GatherRowLowering, NotifyLowering,
      WaitLowering, GetSubblockIdxLowering, SyncAllLowering, MGatherLowering,
      MScatterLowering,
      InitializePipeLowering<AicInitializePipeOp, pto::AicInitializePipeOp,
                             /*isCube=*/true>,
      InitializePipeLowering<AivInitializePipeOp, pto::AivInitializePipeOp,
                             /*isCube=*/false>,
      PushLowering<TPushToAivOp, pto::TPushToAivOp>,
      PushLowering<TPushToAicOp, pto::TPushToAicOp>,
      PopLowering<TPopFromAicOp, pto::TPopFromAicOp>,
      PopLowering<TPopFromAivOp, pto::TPopFromAivOp>,
      FreeLowering<TFreeToAicOp, pto::TFreeFromAicOp>,
      FreeLowering<TFreeToAivOp, pto::TFreeFromAivOp>, TileCarryingLoopLowering,
      TileYieldingBranchLowering>(patterns.getContext(), state);
}
