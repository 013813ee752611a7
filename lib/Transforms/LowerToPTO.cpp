//===- LowerToPTO.cpp - planned kernels -> pto dialect ---------*- C++ -*-===//
//
// Rewrites each planned InCore kernel into the form ptoas reads: pointer
// parameters with tensor views, tiles at their planned addresses, and
// destination-passing tile instructions.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#define DEBUG_TYPE "pypto-lower-to-pto"

namespace mlir::pypto {
#define GEN_PASS_DEF_LOWERTOPTO
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

class KernelLowering {
public:
  /// `group` and `peer` name the mixed kernel a part belongs to and its
  /// other part (empty for a kernel of one core type).
  KernelLowering(func::FuncOp kernel, StringRef arch, StringRef group = "",
                 StringRef peer = "")
      : kernel(kernel), arch(arch), group(group), peer(peer),
        builder(kernel.getContext()) {}

  LogicalResult run() {
    // A part written for one unit uses that unit's buffers only: the AIC
    // has no UB, the AIV no L1/L0.
    StringRef role = getFunctionKind(kernel);
    if (role == kind::kAIC || role == kind::kAIV) {
      bool cube = role == kind::kAIC;
      WalkResult wrongUnit = kernel.walk([&](Operation *op) {
        for (Value result : op->getResults()) {
          auto tile = dyn_cast<TileType>(result.getType());
          if (!tile || !tile.getSpace())
            continue;
          bool vecTile = *tile.getSpace() == MemorySpace::vec;
          if (vecTile == cube) {
            op->emitOpError("makes a '")
                << stringifyMemorySpace(*tile.getSpace()) << "' tile in an '"
                << role << "' kernel, which runs on the "
                << (cube ? "cube unit (no vec buffer)"
                         : "vector unit (no cube buffers)");
            return WalkResult::interrupt();
          }
        }
        return WalkResult::advance();
      });
      if (wrongUnit.wasInterrupted())
        return failure();
    }
    Block &entry = kernel.getBody().front();
    builder.setInsertionPointToStart(&entry);
    for (BlockArgument arg : entry.getArguments())
      if (auto tensor = dyn_cast<GMTensorType>(arg.getType()))
        createTensorView(arg, tensor);
    // Reading or signalling a peer's window needs the chip's CommContext:
    // a last parameter, as pypto's MaterializeDistTensorCtx adds.
    bool needsComm = false;
    kernel.walk([&](Operation *op) {
      auto load = dyn_cast<LoadOp>(op);
      needsComm |= isa<NotifyOp>(op) || (load && load.getPeer());
    });
    if (needsComm) {
      MLIRContext *ctx = kernel.getContext();
      unsigned index = kernel.getNumArguments();
      kernel.insertArgument(index, pto::PtrType::get(ctx, builder.getI64Type()),
                            builder.getDictionaryAttr(builder.getNamedAttr(
                                attr::kCommCtx, builder.getUnitAttr())),
                            kernel.getLoc());
      commCtx = kernel.getArgument(index);
    }

    // Pre-order, so a loop's carried tiles are mapped before its body.
    SmallVector<Operation *> ops;
    SmallVector<scf::ForOp> loops;
    WalkResult walked = kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (failed(mapCarriedTiles(loop)))
          return WalkResult::interrupt();
        loops.push_back(loop);
      } else if (isa<PyPTODialect>(op->getDialect())) {
        builder.setInsertionPoint(op);
        if (failed(lower(op)))
          return WalkResult::interrupt();
        ops.push_back(op);
      }
      return WalkResult::advance();
    });
    if (walked.wasInterrupted())
      return failure();
    // Unlink the pypto ops, drop the carried tiles from loops (inner loops
    // first), then erase.
    for (Operation *op : ops)
      op->dropAllReferences();
    for (scf::ForOp loop : llvm::reverse(loops))
      stripCarriedTiles(loop);
    for (Operation *op : llvm::reverse(ops))
      op->erase();

    // Tensor parameters become GM pointers; their only users now are the
    // tensor views created above.
    SmallVector<Type> inputs;
    for (BlockArgument arg : entry.getArguments()) {
      if (auto tensor = dyn_cast<GMTensorType>(arg.getType()))
        arg.setType(
            pto::PtrType::get(tensor.getContext(), tensor.getElementType()));
      inputs.push_back(arg.getType());
    }
    kernel.setFunctionType(builder.getFunctionType(inputs, {}));
    kernel->setAttr(pto::kKernelKindAttr,
                    pto::KernelKindAttr::get(kernel.getContext(),
                                             isCubeKernel()
                                                 ? pto::KernelKind::cube
                                                 : pto::KernelKind::vector));
    return success();
  }

private:
  /// A part of a mixed kernel runs where it was split for; any other kernel
  /// on the cube when it uses cube memory.
  bool isCubeKernel() {
    StringRef role = getFunctionKind(kernel);
    if (role == kind::kAIC || role == kind::kAIV)
      return role == kind::kAIC;
    return usesCube;
  }

  /// The pipe set-up in ptoas's form: the consumer reserves its slot buffer,
  /// the producer imports the peer's by name, unused directions pass 0.
  template <typename InitOp, typename PtoInitOp>
  LogicalResult lowerInitializePipe(InitOp init, bool isCube) {
    Location loc = init.getLoc();
    MLIRContext *ctx = kernel.getContext();
    auto buffer = [&](bool cubeToVector) -> Value {
      bool used = init.getDirMask() & (cubeToVector ? 1 : 2);
      if (!used)
        return builder.create<arith::ConstantIntOp>(loc, 0, 32);
      std::string name =
          (group + (cubeToVector ? "_c2v_slot_buffer" : "_v2c_slot_buffer"))
              .str();
      bool consumes = isCube != cubeToVector;
      if (!consumes)
        return builder.create<pto::ImportReservedBufferOp>(
            loc, builder.getI32Type(), builder.getStringAttr(name),
            FlatSymbolRefAttr::get(ctx, peer));
      std::optional<int64_t> base =
          cubeToVector ? init.getC2vConsumerBuf() : init.getV2cConsumerBuf();
      auto reserved = builder.create<pto::ReserveBufferOp>(
          loc, builder.getI32Type(), builder.getStringAttr(name),
          builder.getI64IntegerAttr(init.getSlotNum() * init.getSlotSize()),
          pto::AddressSpaceAttr::get(ctx, cubeToVector
                                              ? pto::AddressSpace::vec
                                              : pto::AddressSpace::mat),
          builder.getBoolAttr(!base),
          base ? builder.getI64IntegerAttr(*base) : IntegerAttr());
      return reserved;
    };
    if (group.empty() || peer.empty())
      return init.emitOpError("is not in a part of a mixed kernel (run "
                              "pypto-expand-mixed-kernel)");
    Value c2v = buffer(true);
    Value v2c = buffer(false);
    // ptoas 0.27 knows only the hardware's slot count and has no slot_num.
    IntegerAttr slotNum =
        init.getSlotNum() == pto::getHardwareSlotCount(init.getDirMask())
            ? IntegerAttr()
            : init.getSlotNumAttr();
    builder.create<PtoInitOp>(loc, init.getGmRing(), c2v, v2c,
                              init.getDirMaskAttr(), init.getSlotSizeAttr(),
                              slotNum, /*nosplit=*/BoolAttr(), IntegerAttr());
    return success();
  }

  /// Pushes, pops and frees name no pipe: a task has one.
  LogicalResult lowerPipeOp(Operation *op) {
    Location loc = op->getLoc();
    IntegerAttr noSplit = builder.getI64IntegerAttr(0);
    if (isa<TPushToAivOp, TPushToAicOp>(op)) {
      FailureOr<Value> tile = operand(op, op->getOperand(0));
      if (failed(tile))
        return failure();
      if (isa<TPushToAivOp>(op))
        builder.create<pto::TPushToAivOp>(loc, *tile, noSplit, IntegerAttr());
      else
        builder.create<pto::TPushToAicOp>(loc, *tile, noSplit, IntegerAttr());
      return success();
    }
    if (isa<TPopFromAicOp, TPopFromAivOp>(op)) {
      FailureOr<pto::TileBufType> type = tileBufType(op->getResult(0));
      if (failed(type))
        return failure();
      Value popped =
          isa<TPopFromAicOp>(op)
              ? builder
                    .create<pto::TPopFromAicOp>(loc, *type, Value(), Value(),
                                                noSplit, IntegerAttr())
                    .getResult()
              : builder
                    .create<pto::TPopFromAivOp>(loc, *type, Value(), Value(),
                                                noSplit, IntegerAttr())
                    .getResult();
      tiles[op->getResult(0)] = popped;
      return success();
    }
    if (isa<TFreeToAicOp>(op))
      builder.create<pto::TFreeFromAicOp>(loc, noSplit, IntegerAttr());
    else
      builder.create<pto::TFreeFromAivOp>(loc, noSplit, IntegerAttr());
    return success();
  }

  /// In pto a tile is its buffer, so a loop-carried tile is the buffer of
  /// its initial value (the planner gave the whole chain one address).
  LogicalResult mapCarriedTiles(scf::ForOp loop) {
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      if (!isa<TileType>(init.getType()))
        continue;
      Value buffer = tiles.lookup(init);
      if (!buffer)
        return loop.emitOpError("carries a tile that no operation of this "
                                "kernel produces");
      tiles[loop.getRegionIterArg(i)] = buffer;
      tiles[loop.getResult(i)] = buffer;
    }
    return success();
  }

  /// Rebuilds `loop` without its tile iteration values.
  void stripCarriedTiles(scf::ForOp loop) {
    SmallVector<Value> inits;
    SmallVector<unsigned> kept;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs()))
      if (!isa<TileType>(init.getType())) {
        inits.push_back(init);
        kept.push_back(i);
      }
    if (kept.size() == loop.getNumRegionIterArgs())
      return;
    OpBuilder b(loop);
    auto stripped =
        b.create<scf::ForOp>(loop.getLoc(), loop.getLowerBound(),
                             loop.getUpperBound(), loop.getStep(), inits);
    stripped->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *body = stripped.getBody();
    body->clear();
    Block *old = loop.getBody();
    old->getArgument(0).replaceAllUsesWith(stripped.getInductionVar());
    for (auto [newIndex, oldIndex] : llvm::enumerate(kept)) {
      loop.getRegionIterArg(oldIndex).replaceAllUsesWith(
          stripped.getRegionIterArg(newIndex));
      loop.getResult(oldIndex).replaceAllUsesWith(stripped.getResult(newIndex));
    }
    body->getOperations().splice(body->end(), old->getOperations());
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<Value> yielded;
    for (unsigned index : kept)
      yielded.push_back(yield.getOperand(index));
    b.setInsertionPoint(yield);
    b.create<scf::YieldOp>(yield.getLoc(), yielded);
    yield.erase();
    loop->dropAllUses();
    loop.erase();
  }

  Value index(int64_t value) {
    return builder.create<arith::ConstantIndexOp>(kernel.getLoc(), value);
  }

  void createTensorView(BlockArgument arg, GMTensorType tensor) {
    SmallVector<Value> shape, strides;
    SmallVector<int64_t> strideValues;
    if (auto attr = kernel.getArgAttrOfType<DenseI64ArrayAttr>(
            arg.getArgNumber(), attr::kStrides)) {
      strideValues.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
    } else {
      strideValues.assign(tensor.getShape().size(), 1);
      for (int i = static_cast<int>(tensor.getShape().size()) - 2; i >= 0; --i)
        strideValues[i] = strideValues[i + 1] * tensor.getShape()[i + 1];
    }
    for (auto [dim, stride] : llvm::zip(tensor.getShape(), strideValues)) {
      shape.push_back(index(dim));
      strides.push_back(index(stride));
    }
    SmallVector<int64_t> dynamicShape(tensor.getShape().size(),
                                      ShapedType::kDynamic);
    auto viewType = pto::TensorViewType::get(kernel.getContext(), dynamicShape,
                                             tensor.getElementType());
    // The argument becomes a !pto.ptr once its tensor users are gone.
    views[arg] = builder.create<pto::MakeTensorViewOp>(
        kernel.getLoc(), viewType, arg, shape, strides, pto::GMLayoutAttr());
    kernel.removeArgAttr(arg.getArgNumber(), attr::kStrides);
  }

  /// The tile_buf type of a tile: its padded layout, its shape as valid.
  FailureOr<pto::TileBufType> tileBufType(Value tile, int64_t pad = 0) {
    FailureOr<TileLayout> layout = getTileLayout(tile, arch);
    if (failed(layout))
      return failure();
    if (layout->loc != pto::AddressSpace::vec)
      usesCube = true;
    auto type = cast<TileType>(tile.getType());
    return pto::TileBufType::get(
        kernel.getContext(), layout->loc, type.getElementType(), layout->rows,
        layout->cols, type.getShape()[0], type.getShape()[1], layout->blayout,
        layout->slayout, layout->fractal, pad);
  }

  /// The source's buffer seen with the run-time valid shape (a second
  /// tile_buf at its address), copied into a tile whose `pad` field is the
  /// fill value: ptoas's tfillpad takes the valid region from src and the
  /// pad value from dst.
  LogicalResult lowerFillPad(FillPadOp fill) {
    Location loc = fill.getLoc();
    FailureOr<Value> src = operand(fill, fill.getSource());
    if (failed(src))
      return failure();
    auto srcAlloc = src->getDefiningOp<pto::AllocTileOp>();
    if (!srcAlloc || !srcAlloc.getAddr())
      return fill.emitOpError("needs a source tile in a planned buffer; a "
                              "tile popped from a pipe is not supported yet "
                              "(store it and load it)");
    auto srcType = cast<pto::TileBufType>(src->getType());
    Value view = builder.create<pto::AllocTileOp>(
        loc,
        viewType(srcType, srcType.getElementType(), srcType.getCols(),
                 /*validRows=*/-1, /*validCols=*/-1),
        srcAlloc.getAddr(), fill.getValidRows(), fill.getValidCols());
    FailureOr<Value> dst = allocate(fill, static_cast<int64_t>(fill.getPad()));
    if (failed(dst))
      return failure();
    builder.create<pto::TFillPadOp>(loc, view, *dst);
    return success();
  }

  /// The tile_buf of `def`'s result at its planned address; `pad` is the
  /// type's pad field (0: none).
  FailureOr<Value> allocate(Operation *def, int64_t pad = 0) {
    auto addr = def->getAttrOfType<IntegerAttr>(attr::kAddr);
    if (!addr)
      return def->emitOpError("has no planned address; run "
                              "pypto-plan-memory first");
    FailureOr<pto::TileBufType> type = tileBufType(def->getResult(0), pad);
    if (failed(type))
      return failure();
    Value address =
        builder.create<arith::ConstantIntOp>(def->getLoc(), addr.getInt(), 64);
    Value tile = builder.create<pto::AllocTileOp>(def->getLoc(), *type, address,
                                                  Value(), Value());
    tiles[def->getResult(0)] = tile;
    return tile;
  }

  Value partition(Location loc, Value tensor, ValueRange offsets,
                  ArrayRef<int64_t> shape) {
    return partitionOf(loc, views.lookup(tensor), tensor, offsets, shape);
  }

  /// A window of `view`, a view of the parameter `tensor`.
  Value partitionOf(Location loc, Value view, Value tensor, ValueRange offsets,
                    ArrayRef<int64_t> shape) {
    SmallVector<Value> sizes;
    for (int64_t dim : shape)
      sizes.push_back(index(dim));
    auto type = pto::PartitionTensorViewType::get(
        kernel.getContext(), shape,
        cast<GMTensorType>(tensor.getType()).getElementType());
    return builder.create<pto::PartitionViewOp>(loc, type, view, offsets,
                                                sizes);
  }

  /// The view of rank `peer`'s copy of the window parameter `tensor`: the
  /// parameter moved by the distance between the two ranks' windows, read
  /// from the CommContext (slot 2: this rank, and the rank count in the high
  /// half; slot 4 + r: rank r's base). A peer outside the world takes base
  /// 0, an address no tensor has, instead of reading past the table.
  Value peerTensorView(Location loc, Value tensor, Value peer) {
    auto local = views.lookup(tensor).getDefiningOp<pto::MakeTensorViewOp>();
    Type i64 = builder.getI64Type();
    Type indexType = builder.getIndexType();
    if (!localWindowBase) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&kernel.getBody().front());
      Value pair =
          builder.create<pto::LoadScalarOp>(loc, i64, commCtx, index(2));
      Value rank32 =
          builder.create<arith::TruncIOp>(loc, builder.getI32Type(), pair);
      localRank = builder.create<arith::IndexCastOp>(loc, indexType, rank32);
      Value high = builder.create<arith::ShRUIOp>(
          loc, pair, builder.create<arith::ConstantIntOp>(loc, 32, 64));
      Value count32 =
          builder.create<arith::TruncIOp>(loc, builder.getI32Type(), high);
      rankCount = builder.create<arith::IndexCastOp>(loc, indexType, count32);
      Value slot = builder.create<arith::AddIOp>(loc, index(4), localRank);
      localWindowBase =
          builder.create<pto::LoadScalarOp>(loc, i64, commCtx, slot);
    }
    Value inWorld = builder.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ult, peer, rankCount);
    Value safePeer =
        builder.create<arith::SelectOp>(loc, inWorld, peer, localRank);
    Value slot = builder.create<arith::AddIOp>(loc, index(4), safePeer);
    Value tableBase =
        builder.create<pto::LoadScalarOp>(loc, i64, commCtx, slot);
    Value peerBase = builder.create<arith::SelectOp>(
        loc, inWorld, tableBase,
        builder.create<arith::ConstantIntOp>(loc, 0, 64));
    Value bytes = builder.create<arith::SubIOp>(loc, peerBase, localWindowBase);
    Type element = cast<GMTensorType>(tensor.getType()).getElementType();
    Value elementBytes = builder.create<arith::ConstantIntOp>(
        loc, (element.getIntOrFloatBitWidth() + 7) / 8, 64);
    Value elements = builder.create<arith::DivSIOp>(loc, bytes, elementBytes);
    Value delta = builder.create<arith::IndexCastOp>(
        loc, builder.getIndexType(), elements);
    Value ptr = builder.create<pto::AddPtrOp>(
        loc, pto::PtrType::get(kernel.getContext(), element), local.getPtr(),
        delta);
    return builder.create<pto::MakeTensorViewOp>(
        loc, local.getType(), ptr, local.getShape(), local.getStrides(),
        pto::GMLayoutAttr::get(kernel.getContext(), pto::GMLayout::nd));
  }

  /// A window of `tensor` read transposed: a DN view of the parameter (its
  /// shape and strides reversed), partitioned at the reversed offsets.
  Value transposedPartition(Location loc, Value tensor, ValueRange offsets,
                            ArrayRef<int64_t> tileShape) {
    Value &view = transposedViews[tensor];
    if (!view) {
      auto rowMajor =
          views.lookup(tensor).getDefiningOp<pto::MakeTensorViewOp>();
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointAfter(rowMajor);
      SmallVector<Value> shape(llvm::reverse(rowMajor.getShape()));
      SmallVector<Value> strides(llvm::reverse(rowMajor.getStrides()));
      view = builder.create<pto::MakeTensorViewOp>(
          loc, rowMajor.getType(), rowMajor.getPtr(), shape, strides,
          pto::GMLayoutAttr::get(kernel.getContext(), pto::GMLayout::dn));
    }
    SmallVector<Value> reversed(llvm::reverse(offsets));
    SmallVector<Value> sizes;
    for (int64_t dim : tileShape)
      sizes.push_back(index(dim));
    auto type = pto::PartitionTensorViewType::get(
        kernel.getContext(), tileShape,
        cast<GMTensorType>(tensor.getType()).getElementType());
    return builder.create<pto::PartitionViewOp>(loc, type, view, reversed,
                                                sizes);
  }

  // A row-major tile's rows fill whole 32-byte blocks.
  static constexpr int64_t kRowAlignment = 32;

  /// A view of `like`'s buffer (its memory, layout, rows, fractal and pad)
  /// as `element`s, `cols` to a row, with the given valid shape (-1: set at
  /// run time).
  static pto::TileBufType viewType(pto::TileBufType like, Type element,
                                   int64_t cols, int64_t validRows,
                                   int64_t validCols) {
    return pto::TileBufType::get(like.getContext(), like.getLoc(), element,
                                 like.getRows(), cols, validRows, validCols,
                                 like.getBlayout(), like.getSlayout(),
                                 like.getFractal(), like.getPad());
  }

  /// A 1 x `cols` row-major tile of `like`'s memory and element type whose
  /// valid columns are `validCols`.
  static pto::TileBufType rowTileType(pto::TileBufType like, int64_t cols,
                                      int64_t validCols) {
    return pto::TileBufType::get(
        like.getContext(), like.getLoc(), like.getElementType(), 1, cols, 1,
        validCols, pto::BLayout::row_major, pto::SLayout::none_box,
        like.getFractal(), like.getPad());
  }

  /// A column vector (Mx1, col_major) with a static valid shape: the same
  /// bytes as a 1xM row-major row.
  static std::optional<pto::TileBufType> rowOfColumn(Value value) {
    auto type = dyn_cast<pto::TileBufType>(value.getType());
    if (!type || type.getCols() != 1 ||
        type.getBlayout() != pto::BLayout::col_major ||
        type.getSlayout() != pto::SLayout::none_box ||
        !type.hasStaticValidShape() || type.getNumBytes() % kRowAlignment != 0)
      return std::nullopt;
    return rowTileType(type, type.getRows(), type.getValidRows());
  }

  /// ptoas 0.27 wants row-major tiles for most vector instructions. An
  /// elementwise op whose tiles are all column vectors works on them as rows
  /// (treshape: a view, no copy), which is the same computation.
  void viewColumnsAsRows(Location loc, SmallVectorImpl<Value> &operands) {
    SmallVector<std::pair<unsigned, pto::TileBufType>> rows;
    for (auto [i, value] : llvm::enumerate(operands)) {
      if (!isa<pto::TileBufType>(value.getType()))
        continue;
      std::optional<pto::TileBufType> row = rowOfColumn(value);
      if (!row)
        return;
      rows.push_back({static_cast<unsigned>(i), *row});
    }
    for (auto [i, type] : rows)
      operands[i] = builder.create<pto::TReshapeOp>(loc, type, operands[i]);
  }

  /// ptoas 0.27's tmrgsort sorts one row. A merge sort of several rows
  /// (each row on its own) becomes a loop over the valid rows, each a 1xC
  /// tile at its address in the source and result buffers. Returns false
  /// when the tiles are not planned row-major buffers of static valid shape
  /// (the op is then emitted whole).
  bool mergeSortRowByRow(Location loc, ArrayRef<Value> operands) {
    Value src = operands[0], blockLen = operands[1], dst = operands[2];
    auto srcType = cast<pto::TileBufType>(src.getType());
    auto dstType = cast<pto::TileBufType>(dst.getType());
    auto srcAlloc = src.getDefiningOp<pto::AllocTileOp>();
    auto dstAlloc = dst.getDefiningOp<pto::AllocTileOp>();
    if (srcType.getRows() == 1 || !srcAlloc || !dstAlloc ||
        !srcAlloc.getAddr() || !dstAlloc.getAddr() ||
        !srcType.hasStaticValidShape() || !dstType.hasStaticValidShape())
      return false;
    for (pto::TileBufType type : {srcType, dstType})
      if (type.getBlayout() != pto::BLayout::row_major ||
          type.getSlayout() != pto::SLayout::none_box)
        return false;
    auto rowOf = [](pto::TileBufType type) {
      return rowTileType(type, type.getCols(), type.getValidCols());
    };
    int64_t srcRowBytes = srcType.getNumBytes() / srcType.getRows();
    int64_t dstRowBytes = dstType.getNumBytes() / dstType.getRows();
    auto loop = builder.create<scf::ForOp>(
        loc, index(0), index(srcType.getValidRows()), index(1));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(loop.getBody()->getTerminator());
    Value row = builder.create<arith::IndexCastOp>(loc, builder.getI64Type(),
                                                   loop.getInductionVar());
    auto rowAddress = [&](Value base, int64_t rowBytes) -> Value {
      Value offset = builder.create<arith::MulIOp>(
          loc, row, builder.create<arith::ConstantIntOp>(loc, rowBytes, 64));
      return builder.create<arith::AddIOp>(loc, base, offset);
    };
    Value srcRow = builder.create<pto::AllocTileOp>(
        loc, rowOf(srcType), rowAddress(srcAlloc.getAddr(), srcRowBytes),
        Value(), Value());
    Value dstRow = builder.create<pto::AllocTileOp>(
        loc, rowOf(dstType), rowAddress(dstAlloc.getAddr(), dstRowBytes),
        Value(), Value());
    OperationState state(loc, "pto.tmrgsort");
    state.addOperands({srcRow, blockLen, dstRow});
    builder.create(state);
    return true;
  }

  /// ptoas 0.27's texpands has no bf16 (nor i8 on A2/A3): a fill with a
  /// constant writes the constant's bit pattern through an i16 view of the
  /// same bytes (an i8 byte twice per i16). `operands` is (value, dst).
  void fillThroughI16(Location loc, SmallVectorImpl<Value> &operands) {
    auto dst = cast<pto::TileBufType>(operands[1].getType());
    Type elem = dst.getElementType();
    const bool isBF16 = elem.isBF16();
    const bool isI8 = arch == "a2a3" && elem.isSignlessInteger(8) &&
                      dst.getBlayout() == pto::BLayout::row_major &&
                      dst.getSlayout() == pto::SLayout::none_box &&
                      dst.getCols() % 2 == 0;
    if (!isBF16 && !isI8)
      return;
    uint64_t bits = 0;
    FloatAttr floatValue;
    IntegerAttr intValue;
    if (isBF16 && matchPattern(operands[0], m_Constant(&floatValue)))
      bits = floatValue.getValue().bitcastToAPInt().getZExtValue();
    else if (isI8 && matchPattern(operands[0], m_Constant(&intValue)))
      bits = (intValue.getValue().getZExtValue() & 0xff) * 0x0101;
    else
      return; // a value known only at run time: no pattern to write
    int64_t cols = dst.getCols(), validRows = dst.getValidRows(),
            validCols = dst.getValidCols();
    if (isI8) { // two bytes per i16; a run-time valid shape: the whole tile
      cols /= 2;
      validRows = validRows < 0 ? dst.getRows() : validRows;
      validCols = dst.getValidCols() < 0 ? cols : (dst.getValidCols() + 1) / 2;
    }
    auto i16 = IntegerType::get(builder.getContext(), 16);
    operands[0] = builder.create<arith::ConstantIntOp>(loc, bits, 16);
    operands[1] = builder.create<pto::TReshapeOp>(
        loc, viewType(dst, i16, cols, validRows, validCols), operands[1]);
  }

  /// ptoas 0.27's trowexpand<op> instructions take a row-major per-row operand
  /// only as one 32-byte block per row (its value in the block's first
  /// element): a row-major Mx1 vector (a 1x1 one, say) is viewed with the
  /// whole block valid, which reads the same elements.
  void viewPerRowBlocks(Location loc, Value &vec) {
    auto type = cast<pto::TileBufType>(vec.getType());
    const int64_t blockElems =
        kRowAlignment * type.getRows() * type.getCols() / type.getNumBytes();
    if (type.getBlayout() != pto::BLayout::row_major ||
        type.getSlayout() != pto::SLayout::none_box ||
        !type.hasStaticValidShape() || type.getValidCols() != 1 ||
        type.getCols() % blockElems != 0)
      return;
    vec = builder.create<pto::TReshapeOp>(
        loc,
        viewType(type, type.getElementType(), type.getCols(),
                 type.getValidRows(), blockElems),
        vec);
  }

  /// ptoas 0.27 cannot lower tneg of integers ("ins/outs are not memref
  /// yet"): -x is x * -1, the same bits in two's complement, INT_MIN
  /// included. `operands` is (src, dst); true when rewritten to
  /// (src, -1, dst).
  bool negateByMultiplying(Location loc, SmallVectorImpl<Value> &operands) {
    auto src = cast<pto::TileBufType>(operands[0].getType());
    auto elem = dyn_cast<IntegerType>(src.getElementType());
    if (!elem || !elem.isSignless())
      return false;
    operands.insert(operands.begin() + 1,
                    builder.create<arith::ConstantIntOp>(loc, -1, elem));
    return true;
  }

  /// The tile_buf that holds `tile`, which an earlier op must produce.
  FailureOr<Value> operand(Operation *user, Value tile) {
    if (Value lowered = tiles.lookup(tile))
      return lowered;
    return user->emitOpError("uses a tile that no operation of this kernel "
                             "produces; tile parameters are not supported "
                             "yet");
  }

  /// The pto instruction a pypto tile op becomes: `pto.t` + its name without
  /// underscores, except for the few ops whose names differ.
  static std::string instructionName(Operation *op) {
    return llvm::TypeSwitch<Operation *, std::string>(op)
        .Case([](MoveOp) { return "pto.tmov"; })
        .Case([](CastOp) { return "pto.tcvt"; })
        .Case([](FullOp) { return "pto.texpands"; })
        .Case([](TransposeOp) { return "pto.ttrans"; })
        .Case([](MatmulOp) { return "pto.tmatmul"; })
        .Case([](MatmulAccOp) { return "pto.tmatmul.acc"; })
        .Default([](Operation *other) {
          std::string name = "pto.t";
          for (char c : other->getName().stripDialect())
            if (c != '_')
              name += c;
          return name;
        });
  }

  static pto::RoundMode roundMode(RoundMode mode) {
    switch (mode) {
    case RoundMode::rint:
      return pto::RoundMode::CAST_RINT;
    case RoundMode::round:
      return pto::RoundMode::ROUND;
    case RoundMode::floor:
      return pto::RoundMode::FLOOR;
    case RoundMode::ceil:
      return pto::RoundMode::CEIL;
    case RoundMode::trunc:
      return pto::RoundMode::TRUNC;
    case RoundMode::odd:
      return pto::RoundMode::ODD;
    case RoundMode::none:
      return pto::RoundMode::NONE;
    }
    llvm_unreachable("unknown round mode");
  }

  LogicalResult lower(Operation *op) {
    Location loc = op->getLoc();
    if (auto init = dyn_cast<AicInitializePipeOp>(op))
      return lowerInitializePipe<AicInitializePipeOp, pto::AicInitializePipeOp>(
          init, /*isCube=*/true);
    if (auto init = dyn_cast<AivInitializePipeOp>(op))
      return lowerInitializePipe<AivInitializePipeOp, pto::AivInitializePipeOp>(
          init, /*isCube=*/false);
    if (isa<TPushToAivOp, TPushToAicOp, TPopFromAicOp, TPopFromAivOp,
            TFreeToAicOp, TFreeToAivOp>(op))
      return lowerPipeOp(op);
    if (auto notify = dyn_cast<NotifyOp>(op)) {
      if (!views.count(notify.getSignal()))
        return op->emitOpError("signals a tensor that is not a kernel "
                               "parameter");
      Value peerView =
          peerTensorView(loc, notify.getSignal(), notify.getPeer());
      SmallVector<int64_t> ones(notify.getIndices().size(), 1);
      Value window = partitionOf(loc, peerView, notify.getSignal(),
                                 notify.getIndices(), ones);
      builder.create<pto::CommTNotifyOp>(
          loc, window, notify.getValue(),
          pto::NotifyOpAttr::get(op->getContext(),
                                 notify.getKind() == NotifyKind::add
                                     ? pto::NotifyOp::atomic_add
                                     : pto::NotifyOp::set));
      return success();
    }
    if (auto wait = dyn_cast<WaitOp>(op)) {
      if (!views.count(wait.getSignal()))
        return op->emitOpError("waits on a tensor that is not a kernel "
                               "parameter");
      SmallVector<int64_t> ones(wait.getIndices().size(), 1);
      Value window = partition(loc, wait.getSignal(), wait.getIndices(), ones);
      builder.create<pto::CommTWaitOp>(
          loc, window, wait.getExpected(),
          pto::WaitCmpAttr::get(op->getContext(),
                                static_cast<pto::WaitCmp>(wait.getCmp())));
      // Consume side of data-before-signal: reads after the wait must not
      // hit stale cache lines of what the peer published.
      builder.create<pto::CmoCacheInvalidOp>(
          loc, Value(),
          pto::AddressSpaceAttr::get(op->getContext(), pto::AddressSpace::gm));
      return success();
    }
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (!views.count(load.getSource()))
        return op->emitOpError("loads from a tensor that is not a kernel "
                               "parameter");
      FailureOr<Value> tile = allocate(op);
      if (failed(tile))
        return failure();
      ArrayRef<int64_t> shape = load.getResult().getType().getShape();
      Value window =
          load.getPeer()
              ? partitionOf(
                    loc, peerTensorView(loc, load.getSource(), load.getPeer()),
                    load.getSource(), load.getOffsets(), shape)
          : load.getTranspose()
              ? transposedPartition(loc, load.getSource(), load.getOffsets(),
                                    shape)
              : partition(loc, load.getSource(), load.getOffsets(), shape);
      builder.create<pto::TLoadOp>(loc, window, *tile);
      return success();
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      if (!views.count(store.getDest()))
        return op->emitOpError("stores to a tensor that is not a kernel "
                               "parameter");
      FailureOr<Value> value = operand(op, store.getValue());
      if (failed(value))
        return failure();
      Value window = partition(loc, store.getDest(), store.getOffsets(),
                               store.getValue().getType().getShape());
      builder.create<pto::TStoreOp>(loc, *value, window);
      // Publish side of data-before-signal: a store into a window is made
      // visible to the peers before any later notify releases it.
      auto param = dyn_cast<BlockArgument>(store.getDest());
      if (param && param.getOwner() == &kernel.getBody().front() &&
          kernel.getArgAttr(param.getArgNumber(), attr::kWindow)) {
        builder.create<pto::CmoCacheInvalidOp>(loc, window,
                                               pto::AddressSpaceAttr());
        builder.create<pto::FenceBarrierAllOp>(
            loc,
            pto::FenceScopeAttr::get(op->getContext(), pto::FenceScope::gm));
      }
      return success();
    }
    if (isa<CreateTileOp>(op))
      return allocate(op);
    if (isa<ReshapeOp>(op) && isa<TileType>(op->getResult(0).getType()))
      return allocate(op); // a view: the planner gave it its source's buffer
    auto isTensor = [](Type t) { return isa<GMTensorType>(t); };
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor))
      return op->emitOpError("works on tensors; run "
                             "pypto-convert-tensor-to-tile first");
    if (auto fill = dyn_cast<FillPadOp>(op))
      return lowerFillPad(fill);
    bool supported = op->hasTrait<OpTrait::pypto::VectorCompute>() ||
                     isa<MoveOp, ExtractOp, MatmulOp, MatmulAccOp>(op);
    if (!supported || op->getNumResults() != 1 ||
        !isa<TileType>(op->getResult(0).getType()))
      return op->emitOpError("cannot be lowered to pto yet");
    if (op->hasTrait<OpTrait::pypto::NeedsScratch>() &&
        op->getNumOperands() < 2)
      return op->emitOpError("needs a scratch tile (tmp); "
                             "pypto-convert-tensor-to-tile adds one");
    // ins(...) in operand order: tiles become their buffers, scalars stay.
    SmallVector<Value> operands;
    for (Value input : op->getOperands()) {
      if (!isa<TileType>(input.getType())) {
        operands.push_back(input);
        continue;
      }
      FailureOr<Value> lowered = operand(op, input);
      if (failed(lowered))
        return failure();
      operands.push_back(*lowered);
    }
    // ptoas 0.27 wants tsort32's indices unsigned: the same bytes, seen as
    // ui32 (treshape makes no copy).
    if (isa<Sort32Op>(op)) {
      auto idx = cast<pto::TileBufType>(operands[1].getType());
      if (idx.getElementType().isSignlessInteger(32))
        operands[1] = builder.create<pto::TReshapeOp>(
            loc,
            viewType(
                idx,
                IntegerType::get(op->getContext(), 32, IntegerType::Unsigned),
                idx.getCols(), idx.getValidRows(), idx.getValidCols()),
            operands[1]);
    }
    // tmrgsort takes its block length as an i32 operand.
    if (auto merge = dyn_cast<MrgSortOp>(op))
      operands.push_back(builder.create<arith::ConstantIntOp>(
          loc, merge.getBlockLenAttr().getInt(), 32));
    FailureOr<Value> dst = allocate(op);
    if (failed(dst))
      return failure();
    operands.push_back(*dst);
    if ((op->hasTrait<OpTrait::pypto::Elementwise>() &&
         !op->hasTrait<OpTrait::pypto::Broadcasting>()) ||
        isa<FullOp>(op))
      viewColumnsAsRows(loc, operands);
    if (isa<FullOp>(op))
      fillThroughI16(loc, operands);
    if (isa<RowExpandADDOp, RowExpandSUBOp, RowExpandMULOp, RowExpandDIVOp,
            RowExpandMAXOp, RowExpandMINOp, RowExpandEXPDIFOp>(op))
      viewPerRowBlocks(loc, operands[1]);
    if (isa<MrgSortOp>(op) && mergeSortRowByRow(loc, operands))
      return success();
    std::string name = instructionName(op);
    if (isa<NegOp>(op) && negateByMultiplying(loc, operands))
      name = "pto.tmuls";
    OperationState state(loc, name);
    state.addOperands(operands);
    if (auto gather = dyn_cast<GatherOp>(op))
      state.addAttribute("maskPattern", pto::MaskPatternAttr::get(
                                            op->getContext(),
                                            gather.getMask() == GatherMask::even
                                                ? pto::MaskPattern::P0101
                                                : pto::MaskPattern::P1010));
    if (auto cast = dyn_cast<CastOp>(op))
      state.addAttribute("rmode",
                         pto::RoundModeAttr::get(op->getContext(),
                                                 roundMode(cast.getRound())));
    builder.create(state);
    return success();
  }

  func::FuncOp kernel;
  StringRef arch, group, peer;
  OpBuilder builder;
  DenseMap<Value, Value> views, tiles, transposedViews;
  // The CommContext parameter, and this rank's window base read from it.
  Value commCtx, localWindowBase, localRank, rankCount;
  bool usesCube = false;
};

struct LowerToPTOPass
    : public mlir::pypto::impl::LowerToPTOBase<LowerToPTOPass> {
  using LowerToPTOBase::LowerToPTOBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(verifyArch(module, arch)))
      return signalPassFailure();
    // The group and peer of every part of a mixed kernel.
    llvm::StringMap<std::pair<StringRef, StringRef>> parts;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      auto aic = func->getAttrOfType<FlatSymbolRefAttr>(attr::kAicPart);
      auto aiv = func->getAttrOfType<FlatSymbolRefAttr>(attr::kAivPart);
      if (!aic || !aiv)
        continue;
      parts[aic.getValue()] = {func.getSymName(), aiv.getValue()};
      parts[aiv.getValue()] = {func.getSymName(), aic.getValue()};
    }
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (!isKernelFunction(func) || func.isExternal())
        continue;
      auto [group, peer] = parts.lookup(func.getSymName());
      if (failed(KernelLowering(func, arch, group, peer).run()))
        return signalPassFailure();
    }
    module->setAttr(pto::kTargetArchAttr, StringAttr::get(&getContext(), arch));
  }
};

} // namespace
