//===- PTOOps.cpp - pto operation verifiers and syntax ---------*- C++ -*-===//
//
// The custom syntax of pto ops and the checks ptoas makes on views, tiles
// and tile instructions. The generated op definitions are included here.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::pto;

/// The pointer operand of make_tensor_view is not spelled out: it is a
/// pointer to the view's element type.
static ParseResult parsePtrFromView(OpAsmParser &parser, Type &ptrType,
                                    Type viewType) {
  auto view = dyn_cast<TensorViewType>(viewType);
  if (!view)
    return parser.emitError(parser.getNameLoc(),
                            "expected a !pto.tensor_view result type");
  ptrType = PtrType::get(view.getContext(), view.getElementType());
  return success();
}

static void printPtrFromView(OpAsmPrinter &, Operation *, Type, Type) {}

// pto.fence.barrier_all: the scope printed qualified, as pypto emits it;
// ptoas's stripped `<gm>` parses too.
static ParseResult parseQualifiedScope(OpAsmParser &parser,
                                       FenceScopeAttr &scope) {
  return parser.parseCustomAttributeWithFallback(scope);
}

static void printQualifiedScope(OpAsmPrinter &printer, Operation *,
                                FenceScopeAttr scope) {
  printer.printAttribute(scope);
}

// `%src, %row, %col : T, index, index` (ptoas 0.27), or the window form
// `%src[%row, %col] : T`.
static ParseResult parseExtractSource(OpAsmParser &parser,
                                      OpAsmParser::UnresolvedOperand &src,
                                      OpAsmParser::UnresolvedOperand &row,
                                      OpAsmParser::UnresolvedOperand &col,
                                      Type &srcType) {
  if (parser.parseOperand(src))
    return failure();
  if (succeeded(parser.parseOptionalLSquare()))
    return failure(parser.parseOperand(row) || parser.parseComma() ||
                   parser.parseOperand(col) || parser.parseRSquare() ||
                   parser.parseColonType(srcType));
  Type rowType, colType;
  if (parser.parseComma() || parser.parseOperand(row) || parser.parseComma() ||
      parser.parseOperand(col) || parser.parseColonType(srcType) ||
      parser.parseComma())
    return failure();
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(rowType) || parser.parseComma() ||
      parser.parseType(colType))
    return failure();
  if (!rowType.isIndex() || !colType.isIndex())
    return parser.emitError(loc, "expected the row and column offsets to be "
                                 "of type index");
  return success();
}

static void printExtractSource(OpAsmPrinter &printer, Operation *, Value src,
                               Value row, Value col, Type srcType) {
  printer << src << ", " << row << ", " << col << " : " << srcType
          << ", index, index";
}

// The optional tail of a pipe set-up's braces: `, slot_num = N` (pypto's
// newer form) and `, nosplit = B` (ptoas 0.27), each at most once.
static ParseResult parsePipeOptions(OpAsmParser &parser, IntegerAttr &slotNum,
                                    BoolAttr &nosplit) {
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "slot_num" && !slotNum) {
      int64_t value;
      if (parser.parseInteger(value))
        return failure();
      slotNum = parser.getBuilder().getI64IntegerAttr(value);
    } else if (key == "nosplit" && !nosplit) {
      if (parser.parseAttribute(nosplit))
        return failure();
    } else {
      return parser.emitError(loc, "expected 'slot_num' or 'nosplit' (once "
                                   "each), got '")
             << key << "'";
    }
  }
  return success();
}

static void printPipeOptions(OpAsmPrinter &printer, Operation *,
                             IntegerAttr slotNum, BoolAttr nosplit) {
  if (slotNum)
    printer << ", slot_num = " << slotNum.getInt();
  if (nosplit)
    printer << ", nosplit = " << (nosplit.getValue() ? "true" : "false");
}

#include "pypto/Dialect/PTO/PTOInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "pypto/Dialect/PTO/PTOOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Operation verifiers
//===----------------------------------------------------------------------===//

static std::optional<int64_t> constantIndex(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

static std::string describeShape(int64_t rows, int64_t cols) {
  auto dim = [](int64_t v) {
    return v < 0 ? std::string("?") : std::to_string(v);
  };
  return dim(rows) + "x" + dim(cols);
}

LogicalResult MakeTensorViewOp::verify() {
  auto type = getResult().getType();
  if (getShape().size() != type.getShape().size() ||
      getStrides().size() != type.getShape().size())
    return emitOpError("expected ")
           << type.getShape().size() << " shape and stride operands, got "
           << getShape().size() << " and " << getStrides().size();
  if (type.getElementType() != getPtr().getType().getElementType())
    return emitOpError("view element type differs from the pointer's");
  return success();
}

LogicalResult PartitionViewOp::verify() {
  auto source = getSource().getType();
  auto result = getResult().getType();
  size_t rank = source.getShape().size();
  if (getOffsets().size() != rank || getSizes().size() != rank ||
      result.getShape().size() != rank)
    return emitOpError("expected rank-")
           << rank << " offsets, sizes and result";
  for (auto [dim, size] : llvm::enumerate(getSizes())) {
    std::optional<int64_t> value = constantIndex(size);
    int64_t declared = result.getShape()[dim];
    if (value && !ShapedType::isDynamic(declared) && *value != declared)
      return emitOpError("size ")
             << *value << " of dimension " << dim
             << " differs from the result type's " << declared;
  }
  if (source.getElementType() != result.getElementType())
    return emitOpError("result element type differs from the source's");
  return success();
}

LogicalResult AllocTileOp::verify() {
  auto type = getResult().getType();
  if ((type.getValidRows() < 0) != static_cast<bool>(getValidRow()))
    return emitOpError("'valid_row' must be given exactly when v_row is '?'");
  if ((type.getValidCols() < 0) != static_cast<bool>(getValidCol()))
    return emitOpError("'valid_col' must be given exactly when v_col is '?'");
  if (getAddr()) {
    std::optional<int64_t> addr = constantIndex(getAddr());
    if (addr && (*addr < 0 || *addr % 32 != 0))
      return emitOpError("address ")
             << *addr << " must be a non-negative multiple of 32";
  }
  return success();
}

/// The GM window and the tile's valid region must have the same shape.
static LogicalResult verifyWindowMatchesTile(Operation *op,
                                             PartitionTensorViewType view,
                                             TileBufType tile) {
  ArrayRef<int64_t> shape = view.getShape();
  if (shape.empty())
    return op->emitOpError("expected a partition of rank 1 or more");
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back()) {
    if (ShapedType::isDynamic(dim)) {
      rows = ShapedType::kDynamic;
      break;
    }
    rows *= dim;
  }
  int64_t cols = shape.back();
  bool rowsKnown = !ShapedType::isDynamic(rows) && tile.getValidRows() >= 0;
  bool colsKnown = !ShapedType::isDynamic(cols) && tile.getValidCols() >= 0;
  if ((rowsKnown && rows != tile.getValidRows()) ||
      (colsKnown && cols != tile.getValidCols()))
    return op->emitOpError("partition shape ")
           << describeShape(rows, cols)
           << " differs from the tile's valid shape "
           << describeShape(tile.getValidRows(), tile.getValidCols());
  if (view.getElementType() != tile.getElementType() &&
      tile.getLoc() != AddressSpace::acc)
    return op->emitOpError("element types differ: ")
           << view.getElementType() << " and " << tile.getElementType();
  return success();
}

LogicalResult TLoadOp::verify() {
  auto tile = getDst().getType();
  if (tile.getLoc() != AddressSpace::vec && tile.getLoc() != AddressSpace::mat)
    return emitOpError("loads into vec or mat tiles, not ")
           << stringifyAddressSpace(tile.getLoc());
  return verifyWindowMatchesTile(*this, getSrc().getType(), tile);
}

LogicalResult TStoreOp::verify() {
  auto tile = getSrc().getType();
  if (tile.getLoc() != AddressSpace::vec &&
      tile.getLoc() != AddressSpace::mat && tile.getLoc() != AddressSpace::acc)
    return emitOpError("stores from vec, mat or acc tiles, not ")
           << stringifyAddressSpace(tile.getLoc());
  return verifyWindowMatchesTile(*this, getDst().getType(), tile);
}

LogicalResult TMovOp::verify() {
  auto src = getSrc().getType();
  auto dst = getDst().getType();
  AddressSpace from = src.getLoc(), to = dst.getLoc();
  bool legal = (from == AddressSpace::mat &&
                (to == AddressSpace::left || to == AddressSpace::right ||
                 to == AddressSpace::bias || to == AddressSpace::scaling)) ||
               (from == AddressSpace::acc &&
                (to == AddressSpace::mat || to == AddressSpace::vec)) ||
               (from == AddressSpace::vec &&
                (to == AddressSpace::vec || to == AddressSpace::mat));
  if (!legal)
    return emitOpError("cannot move a tile from ")
           << stringifyAddressSpace(from) << " to "
           << stringifyAddressSpace(to);
  if (src.getValidRows() != dst.getValidRows() ||
      src.getValidCols() != dst.getValidCols())
    return emitOpError("valid shapes differ: ")
           << describeShape(src.getValidRows(), src.getValidCols()) << " and "
           << describeShape(dst.getValidRows(), dst.getValidCols());
  return success();
}

LogicalResult mlir::pto::verifyPartTiles(Operation *op, TileBufType src0,
                                         TileBufType src1, TileBufType dst) {
  for (TileBufType tile : {src0, src1, dst}) {
    if (tile.getLoc() != AddressSpace::vec)
      return op->emitOpError("operates on vec tiles, got ")
             << stringifyAddressSpace(tile.getLoc());
    if (tile.getElementType() != dst.getElementType())
      return op->emitOpError("element types differ: ")
             << tile.getElementType() << " and " << dst.getElementType();
  }
  auto within = [&](TileBufType src) {
    auto le = [](int64_t a, int64_t b) { return a < 0 || b < 0 || a <= b; };
    return le(src.getValidRows(), dst.getValidRows()) &&
           le(src.getValidCols(), dst.getValidCols());
  };
  auto covers = [&](TileBufType src) {
    return src.getValidRows() == dst.getValidRows() &&
           src.getValidCols() == dst.getValidCols();
  };
  if (!within(src0) || !within(src1) || (!covers(src0) && !covers(src1)))
    return op->emitOpError("source valid shapes ")
           << describeShape(src0.getValidRows(), src0.getValidCols()) << " and "
           << describeShape(src1.getValidRows(), src1.getValidCols())
           << " must lie within dst's "
           << describeShape(dst.getValidRows(), dst.getValidCols())
           << ", one of them equal to it";
  return success();
}

LogicalResult mlir::pto::verifyVecTiles(Operation *op,
                                        ArrayRef<TileBufType> tiles) {
  for (TileBufType tile : tiles) {
    if (tile.getLoc() != AddressSpace::vec)
      return op->emitOpError("operates on vec tiles, got ")
             << stringifyAddressSpace(tile.getLoc());
    if (tile.getElementType() != tiles.front().getElementType())
      return op->emitOpError("element types differ: ")
             << tiles.front().getElementType() << " and "
             << tile.getElementType();
    if (tile.getValidRows() != tiles.front().getValidRows() ||
        tile.getValidCols() != tiles.front().getValidCols())
      return op->emitOpError("valid shapes differ: ")
             << describeShape(tiles.front().getValidRows(),
                              tiles.front().getValidCols())
             << " and "
             << describeShape(tile.getValidRows(), tile.getValidCols());
  }
  return success();
}

/// Both valid shapes known and different.
static bool knownAndDifferent(int64_t a, int64_t b) {
  return a >= 0 && b >= 0 && a != b;
}

/// A row (Mx1) or column (1xN) vector `vec` against the full tile `full`,
/// both vec tiles of one element type.
static LogicalResult
verifyVectorAgainstTile(Operation *op, TileBufType vec, TileBufType full,
                        bool isRow, bool vecFirst, bool allowPerRowBlocks,
                        function_ref<void(InFlightDiagnostic &)> describe,
                        bool sameElements = true) {
  if (vec.getLoc() != AddressSpace::vec || full.getLoc() != AddressSpace::vec)
    return op->emitOpError("operates on vec tiles");
  if (sameElements && vec.getElementType() != full.getElementType())
    return op->emitOpError("element types differ: ")
           << (vecFirst ? vec : full).getElementType() << " and "
           << (vecFirst ? full : vec).getElementType();
  // The per-row operand of trowexpand<op> may also be row-major with one
  // whole 32-byte block valid per row (its value in the block's first
  // element), the only row-major form ptoas 0.27 takes; its rows may be
  // padded further (a cast group's padding).
  const int64_t rowBytes =
      vec.getNumBytes() / std::max<int64_t>(1, vec.getRows());
  const int64_t elementBytes = rowBytes / std::max<int64_t>(1, vec.getCols());
  const bool perRowBlocks =
      isRow && allowPerRowBlocks && vec.getBlayout() == BLayout::row_major &&
      vec.getSlayout() == SLayout::none_box && rowBytes % 32 == 0 &&
      vec.getValidCols() * elementBytes == 32;
  bool bad =
      isRow ? knownAndDifferent(vec.getValidRows(), full.getValidRows()) ||
                  (knownAndDifferent(vec.getValidCols(), 1) && !perRowBlocks)
            : knownAndDifferent(vec.getValidCols(), full.getValidCols()) ||
                  knownAndDifferent(vec.getValidRows(), 1);
  if (!bad)
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  describe(diag);
  return diag;
}

LogicalResult mlir::pto::verifyReduction(Operation *op, TileBufType src,
                                         TileBufType dst, bool isRow,
                                         bool indices) {
  return verifyVectorAgainstTile(
      op, dst, src, isRow, /*vecFirst=*/false, /*allowPerRowBlocks=*/false,
      [&](InFlightDiagnostic &diag) {
        diag << "reduces "
             << describeShape(src.getValidRows(), src.getValidCols())
             << " into "
             << describeShape(dst.getValidRows(), dst.getValidCols())
             << (isRow ? "; expected Mx1" : "; expected 1xN");
      },
      /*sameElements=*/!indices);
}

LogicalResult mlir::pto::verifyBroadcast(Operation *op, TileBufType vec,
                                         TileBufType dst, bool isRow,
                                         bool allowPerRowBlocks) {
  return verifyVectorAgainstTile(
      op, vec, dst, isRow, /*vecFirst=*/true, allowPerRowBlocks,
      [&](InFlightDiagnostic &diag) {
        diag << "broadcasts "
             << describeShape(vec.getValidRows(), vec.getValidCols())
             << " over "
             << describeShape(dst.getValidRows(), dst.getValidCols())
             << (isRow ? "; expected an Mx1 vector"
                       : "; expected a 1xN vector");
      });
}

LogicalResult TExtractOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("element types differ: ")
           << src.getElementType() << " and " << dst.getElementType();
  std::optional<int64_t> row = constantIndex(getRow());
  std::optional<int64_t> col = constantIndex(getCol());
  if ((row && dst.getValidRows() >= 0 && src.getValidRows() >= 0 &&
       *row + dst.getValidRows() > src.getValidRows()) ||
      (col && dst.getValidCols() >= 0 && src.getValidCols() >= 0 &&
       *col + dst.getValidCols() > src.getValidCols()))
    return emitOpError("window out of bounds of the source tile");
  return success();
}

LogicalResult TCvtOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  if (src.getLoc() != AddressSpace::vec || dst.getLoc() != AddressSpace::vec)
    return emitOpError("operates on vec tiles");
  if (src.getValidRows() != dst.getValidRows() ||
      src.getValidCols() != dst.getValidCols())
    return emitOpError("valid shapes differ: ")
           << describeShape(src.getValidRows(), src.getValidCols()) << " and "
           << describeShape(dst.getValidRows(), dst.getValidCols());
  return success();
}

LogicalResult TExpandsOp::verify() {
  if (getScalar().getType() != getDst().getType().getElementType())
    return emitOpError("scalar type ")
           << getScalar().getType() << " differs from the tile dtype "
           << getDst().getType().getElementType();
  return verifyVecTiles(*this, {getDst().getType()});
}

LogicalResult LoadScalarOp::verify() {
  if (getResult().getType() != getPtr().getType().getElementType())
    return emitOpError("result type ")
           << getResult().getType()
           << " differs from the pointer's element type "
           << getPtr().getType().getElementType();
  return success();
}

LogicalResult StoreScalarOp::verify() {
  if (getValue().getType() != getPtr().getType().getElementType())
    return emitOpError("value type ")
           << getValue().getType()
           << " differs from the pointer's element type "
           << getPtr().getType().getElementType();
  return success();
}

LogicalResult TGetValOp::verify() {
  TileBufType src = getSrc().getType();
  if (failed(verifyVecTiles(*this, {src})))
    return failure();
  if (getResult().getType() != src.getElementType())
    return emitOpError("result type ")
           << getResult().getType() << " differs from the tile dtype "
           << src.getElementType();
  return success();
}

LogicalResult TSetValOp::verify() {
  TileBufType dst = getDst().getType();
  if (failed(verifyVecTiles(*this, {dst})))
    return failure();
  if (getValue().getType() != dst.getElementType())
    return emitOpError("value type ")
           << getValue().getType() << " differs from the tile dtype "
           << dst.getElementType();
  return success();
}

LogicalResult AddPtrOp::verify() {
  if (getResult().getType() != getPtr().getType())
    return emitOpError("result must have the pointer's type");
  return success();
}

/// A signal is one i32 element.
static LogicalResult verifySignalView(Operation *op,
                                      PartitionTensorViewType view) {
  if (!view.getElementType().isInteger(32) ||
      llvm::any_of(view.getShape(), [](int64_t d) { return d != 1; }))
    return op->emitOpError(
               "signal must be a partition of one i32 element, got ")
           << view;
  return success();
}

LogicalResult CommTNotifyOp::verify() {
  return verifySignalView(*this, getSignal().getType());
}

LogicalResult CommTWaitOp::verify() {
  return verifySignalView(*this, getSignal().getType());
}

// Two forms:
//   pto.cmo.cacheinvalid %view single_cache_line : <view type>
//   pto.cmo.cacheinvalid all #pto.address_space<gm>
ParseResult CmoCacheInvalidOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  if (succeeded(parser.parseOptionalKeyword("all"))) {
    // `#pto.address_space<gm>` or ptoas's stripped `<gm>`.
    AddressSpaceAttr space;
    if (parser.parseCustomAttributeWithFallback(space, Type(), "space",
                                                result.attributes))
      return failure();
    return parser.parseOptionalAttrDict(result.attributes);
  }
  OpAsmParser::UnresolvedOperand target;
  Type type;
  if (parser.parseOperand(target) || parser.parseKeyword("single_cache_line") ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperand(target, type, result.operands))
    return failure();
  return success();
}

void CmoCacheInvalidOp::print(OpAsmPrinter &printer) {
  if (getTarget()) {
    printer << " " << getTarget() << " single_cache_line";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"space"});
    printer << " : " << getTarget().getType();
    return;
  }
  printer << " all ";
  printer.printAttribute(getSpaceAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"space"});
}

LogicalResult CmoCacheInvalidOp::verify() {
  if (getTarget() && getSpaceAttr())
    return emitOpError("takes a view (single_cache_line) or a space (all), "
                       "not both");
  if (!getTarget() && !getSpaceAttr())
    return emitOpError("needs a view (single_cache_line) or 'all' and a "
                       "space");
  if (getSpaceAttr() && *getSpace() != AddressSpace::gm)
    return emitOpError("invalidates the GM data cache, not ")
           << stringifyAddressSpace(*getSpace());
  return success();
}

LogicalResult TFillPadOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  for (TileBufType tile : {src, dst})
    if (tile.getLoc() != AddressSpace::vec)
      return emitOpError("operates on vec tiles, got ")
             << stringifyAddressSpace(tile.getLoc());
  if (src.getElementType() != dst.getElementType())
    return emitOpError("element types differ");
  if (src.getRows() != dst.getRows() || src.getCols() != dst.getCols())
    return emitOpError("src and dst must have the same rows x cols");
  if (dst.getPad() < 1 || dst.getPad() > 3)
    return emitOpError("dst needs a pad value (pad=1 zero, 2 max, 3 min)");
  return success();
}

LogicalResult TTransOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  if (failed(verifyVecTiles(*this, {src, getTmp().getType()})) ||
      failed(verifyVecTiles(*this, {dst})))
    return failure();
  if (knownAndDifferent(src.getValidRows(), dst.getValidCols()) ||
      knownAndDifferent(src.getValidCols(), dst.getValidRows()))
    return emitOpError("transposes ")
           << describeShape(src.getValidRows(), src.getValidCols()) << " into "
           << describeShape(dst.getValidRows(), dst.getValidCols());
  if (src.getElementType() != dst.getElementType())
    return emitOpError("element types differ");
  return success();
}

static LogicalResult verifyMatmul(Operation *op, TileBufType lhs,
                                  TileBufType rhs, TileBufType dst) {
  if (lhs.getLoc() != AddressSpace::left ||
      rhs.getLoc() != AddressSpace::right || dst.getLoc() != AddressSpace::acc)
    return op->emitOpError("expects left and right operands and an acc result");
  int64_t m = lhs.getValidRows(), k = lhs.getValidCols();
  int64_t k2 = rhs.getValidRows(), n = rhs.getValidCols();
  if (m >= 0 && k >= 0 && k2 >= 0 && n >= 0 &&
      (k != k2 || dst.getValidRows() != m || dst.getValidCols() != n))
    return op->emitOpError("shapes do not compose: ")
           << describeShape(m, k) << " x " << describeShape(k2, n) << " -> "
           << describeShape(dst.getValidRows(), dst.getValidCols());
  for (int64_t dim : {m, k, n})
    if (dim > 4095)
      return op->emitOpError("m, k and n must be at most 4095, got ") << dim;
  return success();
}

LogicalResult TMatmulOp::verify() {
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getDst().getType());
}

LogicalResult TMatmulBiasOp::verify() {
  TileBufType bias = getBias().getType();
  if (bias.getLoc() != AddressSpace::bias || bias.getRows() != 1)
    return emitOpError("bias must be a 1-row tile in bias, got ") << bias;
  if (bias.getElementType() != getDst().getType().getElementType())
    return emitOpError("bias element type ")
           << bias.getElementType() << " differs from the accumulator's "
           << getDst().getType().getElementType();
  return verifyMatmul(*this, getA().getType(), getB().getType(),
                      getDst().getType());
}

LogicalResult TMatmulAccOp::verify() {
  if (getAccIn().getType().getLoc() != AddressSpace::acc)
    return emitOpError("accumulator input must be an acc tile");
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getDst().getType());
}

//===----------------------------------------------------------------------===//
// Cube/vector pipes
//===----------------------------------------------------------------------===//

// I64Attr getters are unsigned: read the attributes as signed values.
LogicalResult ReserveBufferOp::verify() {
  int64_t size = getSizeAttr().getInt();
  if (size <= 0)
    return emitOpError("size must be positive, got ") << size;
  if (IntegerAttr base = getBaseAttr();
      base && (base.getInt() < 0 || base.getInt() % 32 != 0))
    return emitOpError("base must be a non-negative multiple of 32, got ")
           << base.getInt();
  if (getLocation() != AddressSpace::vec && getLocation() != AddressSpace::mat)
    return emitOpError("a consumer buffer lives in vec or mat, not ")
           << stringifyAddressSpace(getLocation());
  return success();
}

template <typename InitOp>
static LogicalResult verifyInitializePipe(InitOp op) {
  int64_t dirMask = op.getDirMaskAttr().getInt();
  int64_t slotSize = op.getSlotSizeAttr().getInt();
  if (dirMask < 1 || dirMask > 3)
    return op.emitOpError("dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), "
                          "got ")
           << dirMask;
  if (slotSize <= 0 || slotSize % 32 != 0)
    return op.emitOpError(
               "slot_size must be a positive multiple of 32 bytes, got ")
           << slotSize;
  if (IntegerAttr slotNum = op.getSlotNumAttr();
      slotNum && (slotNum.getInt() < 1 || slotNum.getInt() > 4096))
    return op.emitOpError("slot_num must be in [1, 4096], got ")
           << slotNum.getInt();
  return success();
}

LogicalResult AicInitializePipeOp::verify() {
  return verifyInitializePipe(*this);
}
LogicalResult AivInitializePipeOp::verify() {
  return verifyInitializePipe(*this);
}

template <typename PopOp> static LogicalResult verifyPop(PopOp op) {
  int64_t split = op.getSplitAttr().getInt();
  if (split < 0 || split > 2)
    return op.emitOpError("split must be 0 (none), 1 (up-down) or 2 "
                          "(left-right), got ")
           << split;
  if (static_cast<bool>(op.getValidRow()) !=
      static_cast<bool>(op.getValidCol()))
    return op.emitOpError("needs both valid_row and valid_col, or neither");
  TileBufType type = op.getResult().getType();
  if (op.getValidRow() && type.hasStaticValidShape())
    return op.emitOpError("a valid shape operand needs a result with a "
                          "dynamic valid shape (v_row=?, v_col=?), got ")
           << type;
  return success();
}

LogicalResult TPopFromAicOp::verify() { return verifyPop(*this); }
LogicalResult TPopFromAivOp::verify() { return verifyPop(*this); }

LogicalResult TReshapeOp::verify() {
  TileBufType src = getSrc().getType(), dst = getResult().getType();
  if (src.getLoc() != dst.getLoc())
    return emitOpError("source and result live in different buffers: ")
           << stringifyAddressSpace(src.getLoc()) << " and "
           << stringifyAddressSpace(dst.getLoc());
  if (src.getNumBytes() != dst.getNumBytes())
    return emitOpError("source and result sizes differ: ")
           << src.getNumBytes() << " and " << dst.getNumBytes() << " bytes";
  if ((src.getSlayout() == SLayout::none_box) !=
      (dst.getSlayout() == SLayout::none_box))
    return emitOpError("cannot reshape between boxed and non-boxed tiles");
  // The run-time valid shape carries over only where the shape does.
  if (!dst.hasStaticValidShape() &&
      (src.getRows() != dst.getRows() || src.getCols() != dst.getCols()))
    return emitOpError("a result with a run-time valid shape must keep the "
                       "source's rows and cols");
  return success();
}

LogicalResult SetValidShapeOp::verify() {
  TileBufType type = getSource().getType();
  if (type.getValidRows() >= 0 || type.getValidCols() >= 0)
    return emitOpError("needs a tile whose valid rows and cols are both "
                       "dynamic (v_row=?, v_col=?)");
  for (auto [value, limit, what] :
       {std::tuple(getValidRow(), type.getRows(), "rows"),
        std::tuple(getValidCol(), type.getCols(), "cols")})
    if (std::optional<int64_t> c = constantIndex(value);
        c && (*c < 0 || *c > limit))
      return emitOpError("valid ")
             << what << " " << *c << " outside the tile's " << limit;
  return success();
}

//===----------------------------------------------------------------------===//
// Sorting
//===----------------------------------------------------------------------===//

LogicalResult TSort32Op::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  // Shapes differ: each tile is checked on its own.
  if (failed(verifyVecTiles(*this, {src})) ||
      failed(verifyVecTiles(*this, {dst})) ||
      failed(verifyVecTiles(*this, {getIdx().getType()})))
    return failure();
  // ptoas 0.27 reads them as ui32 (pypto-lower-to-pto writes a treshape).
  if (!getIdx().getType().getElementType().isInteger(32))
    return emitOpError("indices must be 32-bit integers");
  if (src.getElementType() != dst.getElementType())
    return emitOpError("sorted pairs keep the value type");
  return success();
}

LogicalResult TMrgSortOp::verify() {
  return verifyVecTiles(*this, {getSrc().getType(), getDst().getType()});
}

// Three forms:
//   pto.tgather ins(%src, %idx, %tmp : S, I, T) outs(%dst : D)
//   pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : S)
//       outs(%dst : D)
//   pto.tgather ins(%src, %k, %tmp : S, K, T) outs(%dst, %cdst : D, C)
//       {cmpMode = #pto<cmp gt>, offset = 0 : i32}
// The compare form is told from the index form by its scalar second operand.
ParseResult TGatherOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, second, tmp, dst, cdst;
  Type srcType, secondType, tmpType, dstType, cdstType;
  bool maskForm = false;
  if (parser.parseKeyword("ins") || parser.parseLParen() ||
      parser.parseOperand(src) || parser.parseComma())
    return failure();
  if (succeeded(parser.parseOptionalLBrace())) {
    maskForm = true;
    MaskPatternAttr pattern;
    if (parser.parseKeyword("maskPattern") || parser.parseEqual() ||
        parser.parseAttribute(pattern, "maskPattern", result.attributes) ||
        parser.parseRBrace() || parser.parseColonType(srcType))
      return failure();
  } else if (parser.parseOperand(second) || parser.parseComma() ||
             parser.parseOperand(tmp) || parser.parseColonType(srcType) ||
             parser.parseComma() || parser.parseType(secondType) ||
             parser.parseComma() || parser.parseType(tmpType)) {
    return failure();
  }
  bool compareForm = !maskForm && !isa<TileBufType>(secondType);
  if (parser.parseRParen() || parser.parseKeyword("outs") ||
      parser.parseLParen() || parser.parseOperand(dst))
    return failure();
  if (compareForm && (parser.parseComma() || parser.parseOperand(cdst) ||
                      parser.parseColonType(dstType) || parser.parseComma() ||
                      parser.parseType(cdstType)))
    return failure();
  if (!compareForm && parser.parseColonType(dstType))
    return failure();
  if (parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperand(src, srcType, result.operands))
    return failure();
  if (!maskForm &&
      (parser.resolveOperand(second, secondType, result.operands) ||
       parser.resolveOperand(tmp, tmpType, result.operands)))
    return failure();
  if (parser.resolveOperand(dst, dstType, result.operands))
    return failure();
  if (compareForm && parser.resolveOperand(cdst, cdstType, result.operands))
    return failure();
  int32_t index = !maskForm && !compareForm, compare = compareForm;
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, index, compare, !maskForm, 1, compare}));
  return success();
}

void TGatherOp::print(OpAsmPrinter &printer) {
  printer << " ins(" << getSrc();
  if (Value second = getIdx() ? getIdx() : getKValue()) {
    printer << ", " << second << ", " << getTmp() << " : " << getSrc().getType()
            << ", " << second.getType() << ", " << getTmp().getType();
  } else {
    printer << ", {maskPattern = ";
    printer.printAttribute(getMaskPatternAttr());
    printer << "} : " << getSrc().getType();
  }
  printer << ") outs(" << getDst();
  if (getCdst())
    printer << ", " << getCdst() << " : " << getDst().getType() << ", "
            << getCdst().getType() << ")";
  else
    printer << " : " << getDst().getType() << ")";
  printer.printOptionalAttrDict(
      (*this)->getAttrs(), {"maskPattern", getOperandSegmentSizesAttrName()});
}

LogicalResult TGatherOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  if (failed(verifyVecTiles(*this, {src})) ||
      failed(verifyVecTiles(*this, {dst})))
    return failure();
  int forms = static_cast<bool>(getIdx()) +
              static_cast<bool>(getMaskPatternAttr()) +
              static_cast<bool>(getKValue());
  if (forms != 1)
    return emitOpError("takes an index and a scratch tile, a mask pattern, or "
                       "a compare scalar");
  if (static_cast<bool>(getKValue()) != static_cast<bool>(getCdst()) ||
      static_cast<bool>(getKValue()) != static_cast<bool>(getCmpModeAttr()))
    return emitOpError("the compare form takes a scalar, a cmpMode and two "
                       "outs (dst and cdst)");
  if (getOffsetAttr() && !getKValue())
    return emitOpError("an offset belongs to the compare form");
  if (!getMaskPatternAttr() && !getTmp())
    return emitOpError("the index and compare forms take a scratch tile");
  if (getMaskPatternAttr()) {
    if (src.getElementType().getIntOrFloatBitWidth() !=
        dst.getElementType().getIntOrFloatBitWidth())
      return emitOpError("dst elements must have the src's width");
    return success();
  }
  auto tmp = cast<TileBufType>(getTmp().getType());
  if (getKValue()) {
    auto cdst = cast<TileBufType>(getCdst().getType());
    if (failed(verifyVecTiles(*this, {tmp})) ||
        failed(verifyVecTiles(*this, {cdst})))
      return failure();
    if (getKValue().getType() != src.getElementType())
      return emitOpError("scalar type ")
             << getKValue().getType() << " differs from the src dtype "
             << src.getElementType();
    if (*getCmpMode() != CmpMode::eq && *getCmpMode() != CmpMode::gt)
      return emitOpError("compares with eq or gt only");
    if (!dst.getElementType().isInteger(32) ||
        !cdst.getElementType().isInteger(32))
      return emitOpError("dst and cdst must be 32-bit integers");
    if (getOffsetAttr() && getOffsetAttr().getInt() < 0)
      return emitOpError("offset must not be negative");
    if (knownAndDifferent(src.getValidRows(), dst.getValidRows()))
      return emitOpError("src and dst valid rows differ");
    if (src.getValidRows() >= 0 && cdst.getValidCols() >= 0 &&
        cdst.getValidCols() < src.getValidRows())
      return emitOpError("cdst has ")
             << cdst.getValidCols() << " valid columns, fewer than the "
             << src.getValidRows() << " rows it counts";
    return success();
  }
  auto idx = cast<TileBufType>(getIdx().getType());
  if (failed(verifyVecTiles(*this, {idx, tmp})))
    return failure();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("dst elements must have the src's type");
  if (!idx.getElementType().isInteger(32))
    return emitOpError("indices must be 32-bit integers, got ")
           << idx.getElementType();
  if (knownAndDifferent(idx.getValidRows(), dst.getValidRows()) ||
      knownAndDifferent(idx.getValidCols(), dst.getValidCols()))
    return emitOpError("index and dst valid shapes differ");
  return success();
}

//===----------------------------------------------------------------------===//
// Index ramps, compares and selects
//===----------------------------------------------------------------------===//

LogicalResult TConcatOp::verify() {
  TileBufType a = getSrc0().getType(), b = getSrc1().getType(),
              d = getDst().getType();
  for (TileBufType tile : {a, b, d})
    if (failed(verifyVecTiles(*this, {tile})))
      return failure();
  if (a.getElementType() != d.getElementType() ||
      b.getElementType() != d.getElementType())
    return emitOpError("element types differ");
  if (knownAndDifferent(a.getValidRows(), d.getValidRows()) ||
      knownAndDifferent(b.getValidRows(), d.getValidRows()))
    return emitOpError("valid rows differ");
  if (a.getValidCols() >= 0 && b.getValidCols() >= 0 &&
      a.getValidCols() + b.getValidCols() > d.getCols())
    return emitOpError("dst has ")
           << d.getCols() << " columns, fewer than the "
           << a.getValidCols() + b.getValidCols() << " it would hold";
  return success();
}

LogicalResult TTriOp::verify() {
  TileBufType dst = getDst().getType();
  if (failed(verifyVecTiles(*this, {dst})))
    return failure();
  if (getUpperOrLower() != 0 && getUpperOrLower() != 1)
    return emitOpError("upperOrLower must be 0 (lower) or 1 (upper), got ")
           << getUpperOrLower();
  Type element = dst.getElementType();
  if (!element.isF32() && !element.isF16() && !element.isSignlessInteger(32) &&
      !element.isSignlessInteger(16))
    return emitOpError("makes f32, f16, i32 or i16 tiles, not ") << element;
  return success();
}

LogicalResult TCiOp::verify() {
  TileBufType dst = getDst().getType();
  if (failed(verifyVecTiles(*this, {dst})))
    return failure();
  if (getStart().getType() != dst.getElementType())
    return emitOpError("start type ")
           << getStart().getType() << " differs from the tile dtype "
           << dst.getElementType();
  if (!dst.getElementType().isInteger(16) &&
      !dst.getElementType().isInteger(32))
    return emitOpError("fills i16 or i32 tiles, not ") << dst.getElementType();
  // pto-isa's TCI fills one row (static_assert(Rows == 1)).
  if (dst.getRows() != 1 || dst.getCols() == 1)
    return emitOpError("fills one row of more than one column, got ")
           << describeShape(dst.getRows(), dst.getCols());
  return success();
}

/// A mask: vec i8 (any signedness), as tcmp writes it.
static LogicalResult verifyMask(Operation *op, TileBufType mask) {
  if (failed(verifyVecTiles(op, {mask})))
    return failure();
  if (!mask.getElementType().isInteger(8))
    return op->emitOpError("mask must be 8-bit, got ") << mask.getElementType();
  return success();
}

LogicalResult TCmpOp::verify() {
  if (failed(verifyVecTiles(*this, {getSrc0().getType(), getSrc1().getType()})))
    return failure();
  if (knownAndDifferent(getSrc0().getType().getValidRows(),
                        getDst().getType().getValidRows()))
    return emitOpError("src and mask valid rows differ");
  return verifyMask(*this, getDst().getType());
}

LogicalResult TCmpsOp::verify() {
  TileBufType src = getSrc().getType();
  if (failed(verifyVecTiles(*this, {src})))
    return failure();
  if (getScalar().getType() != src.getElementType())
    return emitOpError("scalar type ")
           << getScalar().getType() << " differs from the tile dtype "
           << src.getElementType();
  if (knownAndDifferent(src.getValidRows(), getDst().getType().getValidRows()))
    return emitOpError("src and mask valid rows differ");
  return verifyMask(*this, getDst().getType());
}

LogicalResult TSelOp::verify() {
  if (failed(verifyVecTiles(*this, {getSrc0().getType(), getSrc1().getType(),
                                    getDst().getType()})))
    return failure();
  return verifyMask(*this, getMask().getType());
}

LogicalResult TSelsOp::verify() {
  TileBufType src = getSrc().getType();
  if (failed(verifyVecTiles(*this, {src, getDst().getType()})))
    return failure();
  if (getScalar().getType() != src.getElementType())
    return emitOpError("scalar type ")
           << getScalar().getType() << " differs from the tile dtype "
           << src.getElementType();
  return verifyMask(*this, getMask().getType());
}
