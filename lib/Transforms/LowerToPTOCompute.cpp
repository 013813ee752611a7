//===- LowerToPTOCompute.cpp - pypto tile compute -> pto -------*- C++ -*-===//
//
// One conversion pattern per line of TileInstructions.def. Where ptoas 0.27
// wants another form of the same computation, the hooks below adapt the
// operands (a view of the same bytes, an extra constant) or the instruction.
//
//===----------------------------------------------------------------------===//

#include "LowerToPTO.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::pypto;

namespace {

// A row-major tile's rows fill whole 32-byte blocks.
constexpr int64_t kRowAlignment = 32;

/// A 1 x `cols` row-major tile of `like`'s memory and element type whose
/// valid columns are `validCols`.
pto::TileBufType rowTileType(pto::TileBufType like, int64_t cols,
                             int64_t validCols) {
  return pto::TileBufType::get(like.getContext(), like.getLoc(),
                               like.getElementType(), 1, cols, 1, validCols,
                               pto::BLayout::row_major, pto::SLayout::none_box,
                               like.getFractal(), like.getPad());
}

/// A column vector (Mx1, col_major) with a static valid shape: the same
/// bytes as a 1xM row-major row.
std::optional<pto::TileBufType> rowOfColumn(Value value) {
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
void viewColumnsAsRows(OpBuilder &builder, Location loc,
                       SmallVectorImpl<Value> &operands) {
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

/// ptoas 0.27's texpands has no bf16 (nor i8 on A2/A3): a fill with a
/// constant writes the constant's bit pattern through an i16 view of the
/// same bytes (an i8 byte twice per i16). `operands` is (value, dst).
void fillThroughI16(OpBuilder &builder, Location loc, Arch arch,
                    SmallVectorImpl<Value> &operands) {
  auto dst = cast<pto::TileBufType>(operands[1].getType());
  Type elem = dst.getElementType();
  const bool isBF16 = elem.isBF16();
  const bool isI8 = arch == Arch::a2a3 && elem.isSignlessInteger(8) &&
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
void viewPerRowBlocks(OpBuilder &builder, Location loc, Value &vec) {
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
      viewType(type, type.getElementType(), type.getCols(), type.getValidRows(),
               blockElems),
      vec);
}

/// Whether `buffer` is a planned row-major tile of static valid shape:
/// an alloc_tile at an address, whose rows can be seen one by one.
bool hasPlannedRows(Value buffer) {
  auto alloc = buffer.getDefiningOp<pto::AllocTileOp>();
  auto type = cast<pto::TileBufType>(buffer.getType());
  return alloc && alloc.getAddr() && type.hasStaticValidShape() &&
         type.getBlayout() == pto::BLayout::row_major &&
         type.getSlayout() == pto::SLayout::none_box;
}

/// A tile_buf of `type` at `byteOffset` (i64; null: 0) into the planned
/// buffer `buffer` (see hasPlannedRows).
Value tileAt(OpBuilder &builder, Location loc, Value buffer,
             pto::TileBufType type, Value byteOffset) {
  Value address = buffer.getDefiningOp<pto::AllocTileOp>().getAddr();
  if (byteOffset)
    address = builder.create<arith::AddIOp>(loc, address, byteOffset);
  return builder.create<pto::AllocTileOp>(loc, type, address, Value(), Value());
}

/// Row `row` (i64) of the planned buffer `buffer`, as a 1xC tile.
Value rowOf(OpBuilder &builder, Location loc, Value buffer, Value row) {
  auto type = cast<pto::TileBufType>(buffer.getType());
  int64_t rowBytes = type.getNumBytes() / type.getRows();
  Value offset = builder.create<arith::MulIOp>(
      loc, row, builder.create<arith::ConstantIntOp>(loc, rowBytes, 64));
  return tileAt(builder, loc, buffer,
                rowTileType(type, type.getCols(), type.getValidCols()), offset);
}

/// A loop over rows [0, rows) whose body `emitRow` builds from the row
/// index (i64).
void forEachRow(OpBuilder &builder, Location loc, KernelLoweringState &state,
                int64_t rows, function_ref<void(Value)> emitRow) {
  auto loop = builder.create<scf::ForOp>(loc, state.index(builder, 0),
                                         state.index(builder, rows),
                                         state.index(builder, 1));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop.getBody()->getTerminator());
  emitRow(builder.create<arith::IndexCastOp>(loc, builder.getI64Type(),
                                             loop.getInductionVar()));
}

/// ptoas 0.27's tmrgsort sorts one row. A merge sort of several rows
/// (each row on its own) becomes a loop over the valid rows, each a 1xC
/// tile at its address in the source and result buffers. Returns false
/// when the tiles are not planned row-major buffers of static valid shape
/// (the op is then emitted whole). `operands` is (src, blockLen, dst).
bool mergeSortRowByRow(OpBuilder &builder, Location loc,
                       KernelLoweringState &state, ArrayRef<Value> operands) {
  Value src = operands[0], blockLen = operands[1], dst = operands[2];
  auto srcType = cast<pto::TileBufType>(src.getType());
  if (srcType.getRows() == 1 || !hasPlannedRows(src) || !hasPlannedRows(dst))
    return false;
  forEachRow(builder, loc, state, srcType.getValidRows(), [&](Value row) {
    Value srcRow = rowOf(builder, loc, src, row);
    Value dstRow = rowOf(builder, loc, dst, row);
    builder.create<pto::TMrgSortOp>(loc, srcRow, blockLen, dstRow);
  });
  return true;
}

/// Fails, at `op`, for an op whose scratch tile tile conversion has not
/// added yet.
LogicalResult requireScratch(KernelLoweringState &state, Operation *op,
                             Value tmp) {
  if (tmp)
    return success();
  return state.fail(op, "needs a scratch tile (tmp); "
                        "pypto-convert-tensor-to-tile adds one");
}

pto::RoundMode roundMode(RoundMode mode) {
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

//===----------------------------------------------------------------------===//
// Hooks. Each has a default for every op and overloads for the ops whose
// instruction ptoas 0.27 wants in another form.
//===----------------------------------------------------------------------===//

/// Adapts the `ins` before the result's buffer is allocated.
template <typename OpT>
void adaptInputs(OpT, OpBuilder &, SmallVectorImpl<Value> &) {}

/// ptoas 0.27 wants tsort32's indices unsigned: the same bytes, seen as
/// ui32 (treshape makes no copy).
void adaptInputs(Sort32Op op, OpBuilder &builder,
                 SmallVectorImpl<Value> &operands) {
  auto idx = cast<pto::TileBufType>(operands[1].getType());
  if (!idx.getElementType().isSignlessInteger(32))
    return;
  operands[1] = builder.create<pto::TReshapeOp>(
      op.getLoc(),
      viewType(idx,
               IntegerType::get(op.getContext(), 32, IntegerType::Unsigned),
               idx.getCols(), idx.getValidRows(), idx.getValidCols()),
      operands[1]);
}

/// tmrgsort takes its block length as an i32 operand.
void adaptInputs(MrgSortOp op, OpBuilder &builder,
                 SmallVectorImpl<Value> &operands) {
  operands.push_back(builder.create<arith::ConstantIntOp>(
      op.getLoc(), op.getBlockLenAttr().getInt(), 32));
}

/// ptoas 0.27's tlrelu takes an f32 slope whatever the tile's dtype.
void adaptInputs(LreluOp op, OpBuilder &builder,
                 SmallVectorImpl<Value> &operands) {
  Type f32 = builder.getF32Type();
  if (operands[1].getType() != f32)
    operands[1] = builder.create<arith::ExtFOp>(op.getLoc(), f32, operands[1]);
}

/// Adapts all operands, the `outs` buffer last, once it is allocated.
template <typename OpT>
void adaptOperands(OpT op, OpBuilder &builder, KernelLoweringState &state,
                   SmallVectorImpl<Value> &operands) {
  using OpTrait::pypto::Broadcasting;
  using OpTrait::pypto::Elementwise;
  Location loc = op.getLoc();
  if constexpr (std::is_same_v<OpT, FullOp>) {
    viewColumnsAsRows(builder, loc, operands);
    fillThroughI16(builder, loc, state.arch, operands);
  } else if constexpr (OpT::template hasTrait<Elementwise>() &&
                       !OpT::template hasTrait<Broadcasting>()) {
    viewColumnsAsRows(builder, loc, operands);
  } else if constexpr (llvm::is_one_of<OpT, RowExpandADDOp, RowExpandSUBOp,
                                       RowExpandMULOp, RowExpandDIVOp,
                                       RowExpandMAXOp, RowExpandMINOp,
                                       RowExpandEXPDIFOp>::value) {
    viewPerRowBlocks(builder, loc, operands[1]);
  }
}

/// The attributes of the instruction besides its operands.
template <typename OpT> SmallVector<NamedAttribute> instructionAttributes(OpT) {
  return {};
}

SmallVector<NamedAttribute> instructionAttributes(CastOp op) {
  MLIRContext *ctx = op.getContext();
  return {
      NamedAttribute(StringAttr::get(ctx, "rmode"),
                     pto::RoundModeAttr::get(ctx, roundMode(op.getRound())))};
}

SmallVector<NamedAttribute> instructionAttributes(ArangeOp op) {
  if (!op.getDescending())
    return {};
  return {NamedAttribute(StringAttr::get(op.getContext(), "descending"),
                         UnitAttr::get(op.getContext()))};
}

SmallVector<NamedAttribute> instructionAttributes(TriOp op) {
  if (!op.getUpper())
    return {};
  Builder builder(op.getContext());
  return {NamedAttribute(builder.getStringAttr("upperOrLower"),
                         builder.getI32IntegerAttr(1))};
}

SmallVector<NamedAttribute> instructionAttributes(GatherMaskOp op) {
  MLIRContext *ctx = op.getContext();
  return {NamedAttribute(
      StringAttr::get(ctx, "maskPattern"),
      pto::MaskPatternAttr::get(ctx, op.getMask() == GatherMask::even
                                         ? pto::MaskPattern::P0101
                                         : pto::MaskPattern::P1010))};
}

/// Builds the instruction.
template <typename PTOOp, typename OpT>
void createInstruction(OpT op, OpBuilder &builder, KernelLoweringState &,
                       ArrayRef<Value> operands) {
  builder.create<PTOOp>(op.getLoc(), TypeRange(), operands,
                        instructionAttributes(op));
}

/// init_cond: a run-time choice between the two instructions, both
/// writing the accumulator's buffer (pypto's lowering: the ISA has it as a
/// bit of the MAD, the pto ops only as the two ops).
template <>
void createInstruction<pto::TMatmulAccOp>(MatmulAccOp op, OpBuilder &builder,
                                          KernelLoweringState &,
                                          ArrayRef<Value> operands) {
  Location loc = op.getLoc();
  if (!op.getInit()) {
    builder.create<pto::TMatmulAccOp>(loc, operands[0], operands[1],
                                      operands[2], operands[3]);
    return;
  }
  // operands: acc, lhs, rhs, init, dst.
  auto branch = builder.create<scf::IfOp>(loc, operands[3], /*else=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(branch.thenBlock());
  builder.create<pto::TMatmulOp>(loc, operands[1], operands[2], operands[4]);
  builder.setInsertionPointToStart(branch.elseBlock());
  builder.create<pto::TMatmulAccOp>(loc, operands[0], operands[1], operands[2],
                                    operands[4]);
}

/// ptoas 0.27 cannot lower tneg of integers ("ins/outs are not memref
/// yet"): -x is x * -1, the same bits in two's complement, INT_MIN
/// included.
template <>
void createInstruction<pto::TNEGOp>(NegOp op, OpBuilder &builder,
                                    KernelLoweringState &,
                                    ArrayRef<Value> operands) {
  auto src = cast<pto::TileBufType>(operands[0].getType());
  auto elem = dyn_cast<IntegerType>(src.getElementType());
  if (!elem || !elem.isSignless()) {
    builder.create<pto::TNEGOp>(op.getLoc(), operands[0], operands[1]);
    return;
  }
  Value minusOne = builder.create<arith::ConstantIntOp>(op.getLoc(), -1, elem);
  builder.create<pto::TMULSOp>(op.getLoc(), operands[0], minusOne, operands[1]);
}

/// The mask form of tgather (its index and scratch operands absent).
template <>
void createInstruction<pto::TGatherOp>(GatherMaskOp op, OpBuilder &builder,
                                       KernelLoweringState &,
                                       ArrayRef<Value> operands) {
  auto attributes = instructionAttributes(op);
  builder.create<pto::TGatherOp>(
      op.getLoc(), operands[0], Value(), Value(), Value(),
      cast<pto::MaskPatternAttr>(attributes.front().getValue()),
      pto::CmpModeAttr(), IntegerAttr(), operands[1], Value());
}

template <>
void createInstruction<pto::TMrgSortOp>(MrgSortOp op, OpBuilder &builder,
                                        KernelLoweringState &state,
                                        ArrayRef<Value> operands) {
  if (!mergeSortRowByRow(builder, op.getLoc(), state, operands))
    builder.create<pto::TMrgSortOp>(op.getLoc(), operands[0], operands[1],
                                    operands[2]);
}

/// A pypto tile op that is one pto instruction in destination-passing
/// style: its tile operands become their buffers, its result a planned
/// buffer passed as the instruction's `outs`.
template <typename SourceOp, typename PTOOp>
class TileInstructionLowering : public KernelOpLowering<SourceOp> {
public:
  using KernelOpLowering<SourceOp>::KernelOpLowering;
  using Adaptor = typename SourceOp::Adaptor;

protected:
  LogicalResult lower(SourceOp op, Adaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    KernelLoweringState &state = this->state;
    if (failed(state.requireTiles(op)))
      return failure();
    if (op->template hasTrait<OpTrait::pypto::NeedsScratch>() &&
        failed(requireScratch(
            state, op, op->getNumOperands() < 2 ? Value() : op->getOperand(1))))
      return failure();
    SmallVector<Value> operands;
    for (auto [original, lowered] :
         llvm::zip(op->getOperands(), adaptor.getOperands())) {
      if (!isa<TileType>(original.getType())) {
        operands.push_back(lowered);
        continue;
      }
      FailureOr<Value> buffer = state.buffer(op, lowered);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    adaptInputs(op, rewriter, operands);
    FailureOr<Value> dst = state.allocate(rewriter, op);
    if (failed(dst))
      return failure();
    operands.push_back(*dst);
    adaptOperands(op, rewriter, state, operands);
    createInstruction<PTOOp>(op, rewriter, state, operands);
    rewriter.replaceOp(op, *dst);
    return success();
  }
};

/// The source's buffer seen with the run-time valid shape (a second
/// tile_buf at its address), copied into a tile whose `pad` field is the
/// fill value: ptoas's tfillpad takes the valid region from src and the
/// pad value from dst.
class FillPadLowering : public KernelOpLowering<FillPadOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(FillPadOp fill, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (failed(state.requireTiles(fill)))
      return failure();
    Location loc = fill.getLoc();
    FailureOr<Value> src = state.buffer(fill, adaptor.getSource());
    if (failed(src))
      return failure();
    FailureOr<Value> view = state.withValidShape(
        rewriter, fill, *src,
        ValueRange{adaptor.getValidRows(), adaptor.getValidCols()});
    if (failed(view))
      return failure();
    FailureOr<Value> dst =
        state.allocate(rewriter, fill, static_cast<int64_t>(fill.getPad()));
    if (failed(dst))
      return failure();
    rewriter.create<pto::TFillPadOp>(loc, *view, *dst);
    rewriter.replaceOp(fill, *dst);
    return success();
  }
};

/// Column indexes as storage offsets of a tile of `cols` (padded) columns:
/// row r of `idx` plus r * cols, into `flat`, row by row.
static void addRowOffsets(ConversionPatternRewriter &rewriter, Location loc,
                          KernelLoweringState &state, Value idx, Value flat,
                          int64_t cols) {
  auto idxType = cast<pto::TileBufType>(idx.getType());
  forEachRow(rewriter, loc, state, idxType.getValidRows(), [&](Value row) {
    Value offset = rewriter.create<arith::TruncIOp>(
        loc, rewriter.getI32Type(),
        rewriter.create<arith::MulIOp>(
            loc, row, rewriter.create<arith::ConstantIntOp>(loc, cols, 64)));
    Value idxRow = rowOf(rewriter, loc, idx, row);
    Value flatRow = rowOf(rewriter, loc, flat, row);
    rewriter.create<pto::TADDSOp>(loc, idxRow, offset, flatRow);
  });
}

/// Gather by column index: pto-isa's TGATHER reads a flat index into the
/// source's storage, so row r of the index gets r times the source's
/// columns added (into the scratch tile, row by row) and one tgather reads
/// the whole tile (pypto's A5 form). A one-row index is already flat.
class GatherLowering : public KernelOpLowering<GatherOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(GatherOp gather, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (failed(state.requireTiles(gather)))
      return failure();
    if (failed(requireScratch(state, gather, gather.getTmp())))
      return failure();
    Location loc = gather.getLoc();
    FailureOr<Value> src = state.buffer(gather, adaptor.getSource());
    FailureOr<Value> idx = state.buffer(gather, adaptor.getIndex());
    FailureOr<Value> tmp = state.buffer(gather, adaptor.getTmp());
    if (failed(src) || failed(idx) || failed(tmp))
      return failure();
    FailureOr<Value> dst = state.allocate(rewriter, gather);
    if (failed(dst))
      return failure();
    auto idxType = cast<pto::TileBufType>(idx->getType());
    auto srcType = cast<pto::TileBufType>(src->getType());
    Value flat = *idx;
    if (idxType.getRows() > 1) {
      if (!hasPlannedRows(*idx) || !hasPlannedRows(*tmp) ||
          srcType.getBlayout() != pto::BLayout::row_major ||
          srcType.getSlayout() != pto::SLayout::none_box)
        return state.fail(gather,
                          "gathers rows of a row-major source by planned "
                          "index tiles of static valid shape");
      addRowOffsets(rewriter, loc, state, *idx, *tmp, srcType.getCols());
      flat = *tmp;
    }
    rewriter.create<pto::TGatherOp>(loc, *src, flat, Value(), *tmp,
                                    pto::MaskPatternAttr(), pto::CmpModeAttr(),
                                    IntegerAttr(), *dst, Value());
    rewriter.replaceOp(gather, *dst);
    return success();
  }
};

/// A scatter into the result's copy of its destination: TSCATTER takes
/// storage offsets, so each row of the index gets its row's offset in the
/// destination (in the scratch tile), as for a gather.
class ScatterLowering : public KernelOpLowering<ScatterOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(ScatterOp scatter, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (failed(state.requireTiles(scatter)))
      return failure();
    if (failed(requireScratch(state, scatter, scatter.getTmp())))
      return failure();
    Location loc = scatter.getLoc();
    FailureOr<Value> src = state.buffer(scatter, adaptor.getSource());
    FailureOr<Value> idx = state.buffer(scatter, adaptor.getIndex());
    FailureOr<Value> tmp = state.buffer(scatter, adaptor.getTmp());
    if (failed(src) || failed(idx) || failed(tmp))
      return failure();
    FailureOr<Value> dst =
        resultOverDest(scatter, adaptor.getDest(), state, rewriter);
    if (failed(dst))
      return failure();
    auto dstType = cast<pto::TileBufType>(dst->getType());
    if (!hasPlannedRows(*idx) || !hasPlannedRows(*tmp) ||
        dstType.getBlayout() != pto::BLayout::row_major ||
        dstType.getSlayout() != pto::SLayout::none_box)
      return state.fail(scatter,
                        "scatters into a row-major destination by planned "
                        "index tiles of static valid shape (an index of one "
                        "column is a column vector, stored column-major: "
                        "scatter two columns or more)");
    addRowOffsets(rewriter, loc, state, *idx, *tmp, dstType.getCols());
    rewriter.create<pto::TScatterOp>(loc, *src, *tmp, *dst);
    rewriter.replaceOp(scatter, *dst);
    return success();
  }
};

pto::CmpMode ptoCmpMode(CmpMode mode) {
  return static_cast<pto::CmpMode>(static_cast<uint32_t>(mode));
}

/// Compares and selects: the hardware compares into a bit mask (tcmp,
/// tcmps) and selects by one (tsel, tsels). pypto's 0/1 results are a
/// select of 1 where the bit is set, 0 elsewhere; a 0/1 mask operand
/// becomes bits by comparing it with 0. The mask and the select's scratch
/// live in the op's tmp (maskScratchType): the mask from its start, as
/// pypto packs it on A2/A3 (a byte per 8 columns, rows of 32-byte blocks)
/// and of the data's shape on A5 (ptoas 0.27's tcmp verifier; the columns
/// rounded up to a 32-byte row where they are fewer), the select scratch
/// (1x32 bytes) in its last row.
template <typename OpT>
class CompareSelectLowering : public KernelOpLowering<OpT> {
public:
  using KernelOpLowering<OpT>::KernelOpLowering;
  using Adaptor = typename OpT::Adaptor;

protected:
  LogicalResult lower(OpT op, Adaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    KernelLoweringState &state = this->state;
    if (failed(state.requireTiles(op)))
      return failure();
    if (failed(requireScratch(state, op, op.getTmp())))
      return failure();
    Location loc = op.getLoc();
    // The data tiles, the result's last, seen as rows where they are
    // column vectors.
    SmallVector<Value> data;
    for (auto [original, lowered] :
         llvm::zip(op->getOperands(), adaptor.getOperands())) {
      if (!isa<TileType>(original.getType()) || original == op.getTmp())
        continue;
      FailureOr<Value> buffer = state.buffer(op, lowered);
      if (failed(buffer))
        return failure();
      data.push_back(*buffer);
    }
    FailureOr<Value> tmp = state.buffer(op, adaptor.getTmp());
    FailureOr<Value> dst = state.allocate(rewriter, op);
    if (failed(tmp) || failed(dst))
      return failure();
    if (!hasPlannedRows(*tmp))
      return state.fail(op, "needs a planned scratch tile");
    data.push_back(*dst);
    viewColumnsAsRows(rewriter, loc, data);
    Value result = data.back();
    auto type = cast<pto::TileBufType>(result.getType());
    auto scratch = cast<pto::TileBufType>(tmp->getType());
    auto u8 = IntegerType::get(op.getContext(), 8, IntegerType::Unsigned);
    auto byteTile = [&](int64_t rows, int64_t cols, int64_t validRows,
                        int64_t validCols) {
      return pto::TileBufType::get(
          op.getContext(), type.getLoc(), u8, rows, cols, validRows, validCols,
          pto::BLayout::row_major, pto::SLayout::none_box, scratch.getFractal(),
          0);
    };
    int64_t validCols = type.getValidCols();
    pto::TileBufType maskType =
        state.arch == Arch::a5
            ? byteTile(type.getRows(), llvm::alignTo(type.getCols(), 32),
                       type.getValidRows(), validCols)
            : byteTile(type.getRows(),
                       llvm::alignTo(llvm::divideCeil(type.getCols(), 8), 32),
                       type.getValidRows(), llvm::divideCeil(validCols, 8));
    Value mask = tileAt(rewriter, loc, *tmp, maskType, Value());
    int64_t scratchRowBytes = scratch.getNumBytes() / scratch.getRows();
    Value selectScratch =
        tileAt(rewriter, loc, *tmp, byteTile(1, 32, 1, 32),
               rewriter.create<arith::ConstantIntOp>(
                   loc, scratchRowBytes * (scratch.getRows() - 1), 64));
    Type element = type.getElementType();
    auto constant = [&](double value) -> Value {
      if (auto floatType = dyn_cast<FloatType>(element))
        return rewriter.create<arith::ConstantFloatOp>(loc, APFloat(value),
                                                       floatType);
      return rewriter.create<arith::ConstantIntOp>(
          loc, static_cast<int64_t>(value), element);
    };
    emit(op, rewriter, loc, data, mask, selectScratch, constant);
    rewriter.replaceOp(op, *dst);
    return success();
  }

  /// `data` holds the op's data tiles in order, then the result.
  void emit(OpT op, OpBuilder &builder, Location loc, ArrayRef<Value> data,
            Value mask, Value selectScratch,
            function_ref<Value(double)> constant) const {
    Value dst = data.back();
    auto zeroOneFromMask = [&]() {
      builder.create<pto::TExpandsOp>(loc, constant(1), dst);
      builder.create<pto::TSelsOp>(loc, mask, dst, selectScratch, constant(0),
                                   dst);
    };
    auto maskFromData = [&](Value values) {
      builder.create<pto::TCmpsOp>(loc, values, constant(0), pto::CmpMode::ne,
                                   mask);
    };
    if constexpr (std::is_same_v<OpT, CmpOp>) {
      builder.create<pto::TCmpOp>(loc, data[0], data[1],
                                  ptoCmpMode(op.getMode()), mask);
      zeroOneFromMask();
    } else if constexpr (std::is_same_v<OpT, CmpsOp>) {
      builder.create<pto::TCmpsOp>(loc, data[0], op.getScalar(),
                                   ptoCmpMode(op.getMode()), mask);
      zeroOneFromMask();
    } else if constexpr (std::is_same_v<OpT, SelOp>) {
      maskFromData(data[0]);
      builder.create<pto::TSelOp>(loc, mask, data[1], data[2], selectScratch,
                                  dst);
    } else {
      maskFromData(data[0]);
      builder.create<pto::TSelsOp>(loc, mask, data[1], selectScratch,
                                   op.getScalar(), dst);
    }
  }
};

/// A compare gather: one compare-form tgather writes both results.
class GatherCompareLowering : public KernelOpLowering<GatherCompareOp> {
public:
  using KernelOpLowering::KernelOpLowering;

protected:
  LogicalResult lower(GatherCompareOp gather, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter) const override {
    if (failed(state.requireTiles(gather)))
      return failure();
    if (failed(requireScratch(state, gather, gather.getTmp())))
      return failure();
    FailureOr<Value> src = state.buffer(gather, adaptor.getSource());
    FailureOr<Value> tmp = state.buffer(gather, adaptor.getTmp());
    if (failed(src) || failed(tmp))
      return failure();
    FailureOr<Value> dst = state.allocate(rewriter, gather->getResult(0));
    FailureOr<Value> cdst = state.allocate(rewriter, gather->getResult(1));
    if (failed(dst) || failed(cdst))
      return failure();
    rewriter.create<pto::TGatherOp>(
        gather.getLoc(), *src, Value(), adaptor.getKvalue(), *tmp,
        pto::MaskPatternAttr(),
        pto::CmpModeAttr::get(getContext(), ptoCmpMode(gather.getMode())),
        rewriter.getI32IntegerAttr(gather.getOffset()), *dst, *cdst);
    rewriter.replaceOp(gather, {*dst, *cdst});
    return success();
  }
};

} // namespace

void mlir::pypto::populateTileComputeLoweringPatterns(
    RewritePatternSet &patterns, KernelLoweringState &state) {
  patterns.add<
#define PYPTO_TILE_INSTRUCTION(PyPTOOp, PTOOp)                                 \
  TileInstructionLowering<PyPTOOp, pto::PTOOp>,
#include "TileInstructions.def"
      FillPadLowering, GatherLowering, GatherCompareLowering, ScatterLowering,
      CompareSelectLowering<CmpOp>, CompareSelectLowering<CmpsOp>,
      CompareSelectLowering<SelOp>, CompareSelectLowering<SelsOp>>(
      patterns.getContext(), state);
}
