//===- PyPTOComputeOps.cpp - pypto compute op verifiers --------*- C++ -*-===//
//
// Shape and element-type checks for the ops that compute on tensors or tiles
// (elementwise, reductions, broadcasts, casts, matmul, sorting). Every error
// is reported at the operation, so users see their own file:line:col.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::pypto;

static bool isTileValue(Value value) { return isa<TileType>(value.getType()); }

/// Tensors and tiles do not mix within one op.
static LogicalResult verifySameKind(Operation *op, ArrayRef<Value> values) {
  for (Value value : values)
    if (value && isTileValue(value) != isTileValue(values.front()))
      return op->emitOpError(
          "operands and results must all be tensors or all tiles");
  return success();
}

LogicalResult mlir::pypto::verifyScalarOperand(Operation *op, Value source,
                                               Value scalar) {
  Type element = cast<ShapedType>(source.getType()).getElementType();
  if (scalar.getType() != element)
    return op->emitOpError("scalar type ")
           << scalar.getType() << " differs from the element type " << element;
  return success();
}

LogicalResult mlir::pypto::verifyUnaryOperand(Operation *op, Value source,
                                              int kind) {
  Type element = cast<ShapedType>(source.getType()).getElementType();
  if (kind == 1 && !isa<FloatType>(element))
    return op->emitOpError("needs a float element type, got ") << element;
  if (kind == 2 && !element.isSignlessInteger())
    return op->emitOpError("needs an integer element type, got ") << element;
  return success();
}

LogicalResult mlir::pypto::verifyPartOperands(Operation *op, Value lhs,
                                              Value rhs, Value result) {
  if (failed(verifySameKind(op, {lhs, rhs, result})))
    return failure();
  auto a = cast<ShapedType>(lhs.getType()), b = cast<ShapedType>(rhs.getType()),
       r = cast<ShapedType>(result.getType());
  Type element = r.getElementType();
  if (a.getElementType() != element || b.getElementType() != element)
    return op->emitOpError("element types differ: ")
           << a.getElementType() << ", " << b.getElementType() << " -> "
           << element;
  if (!element.isF32() && !element.isF16() && !element.isInteger(32) &&
      !element.isInteger(16))
    return op->emitOpError("takes f32, f16, i32 or i16 elements, got ")
           << element;
  if (a.getRank() != 2 || b.getRank() != 2 || r.getRank() != 2 ||
      !a.hasStaticShape() || !b.hasStaticShape() || !r.hasStaticShape())
    return op->emitOpError("operands and result must be static 2-D shapes");
  SmallVector<int64_t> expected = {std::max(a.getDimSize(0), b.getDimSize(0)),
                                   std::max(a.getDimSize(1), b.getDimSize(1))};
  if (r.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError("result must be ")
           << expected[0] << "x" << expected[1] << ", got " << r.getDimSize(0)
           << "x" << r.getDimSize(1);
  if (a.getShape() != r.getShape() && b.getShape() != r.getShape())
    return op->emitOpError("one operand must cover the result: ")
           << a.getDimSize(0) << "x" << a.getDimSize(1) << " and "
           << b.getDimSize(0) << "x" << b.getDimSize(1) << " give "
           << expected[0] << "x" << expected[1];
  return success();
}

LogicalResult mlir::pypto::verifyElementwiseExtra(Operation *op, Value source,
                                                  int kind, bool scratch,
                                                  Value tmp) {
  if (failed(verifyUnaryOperand(op, source, kind)))
    return failure();
  if (!tmp)
    return success();
  if (!scratch)
    return op->emitOpError("takes no scratch tile");
  if (!isTileValue(source))
    return op->emitOpError("takes a scratch tile only on tiles");
  if (tmp.getType() != op->getResult(0).getType())
    return op->emitOpError("scratch tile must be ")
           << op->getResult(0).getType() << ", got " << tmp.getType();
  return success();
}

/// "AxBxC" of a shape.
static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? "x" : "") +
            (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d));
  return text;
}

/// "RxC", or for an N-D shape "RxC (the 2-D form of AxBxC)".
static std::string describe2D(ArrayRef<int64_t> flat, ArrayRef<int64_t> full) {
  if (full.size() == 2)
    return shapeText(flat);
  return shapeText(flat) + " (the 2-D form of " + shapeText(full) + ")";
}

/// `vector` is the row vector (Mx1, `isRow`) or the column vector (1xN) of
/// the 2-D form of `full`, by its own 2-D form.
static LogicalResult verifyVectorForm(Operation *op, StringRef what,
                                      ShapedType vector, ShapedType full,
                                      bool isRow) {
  SmallVector<int64_t, 2> form = flattenTo2D(full.getShape());
  SmallVector<int64_t, 2> actual = flattenTo2D(vector.getShape());
  SmallVector<int64_t, 2> expected = isRow
                                         ? SmallVector<int64_t, 2>{form[0], 1}
                                         : SmallVector<int64_t, 2>{1, form[1]};
  if (actual != expected)
    return op->emitOpError(what)
           << " must be " << describe2D(expected, expected) << ", got "
           << describe2D(actual, vector.getShape());
  return success();
}

LogicalResult mlir::pypto::verifyReduction(Operation *op, Value source,
                                           Value tmp, Value result, bool isRow,
                                           bool indices) {
  auto in = cast<ShapedType>(source.getType());
  auto out = cast<ShapedType>(result.getType());
  if (failed(verifySameKind(op, {source, result})))
    return failure();
  // An N-D tensor reduces as its 2-D form: a row reduction keeps the
  // leading dimensions, a column one folds them too.
  if (failed(verifyVectorForm(op, "result", out, in, isRow)))
    return failure();
  Type element = in.getElementType();
  if (indices) {
    if (!out.getElementType().isSignlessInteger(32))
      return op->emitOpError("result must hold i32 indices, not ")
             << out.getElementType();
    if (!element.isF32() && !element.isF16() && !element.isBF16() &&
        !element.isSignlessInteger(32) && !element.isSignlessInteger(16))
      return op->emitOpError(
                 "compares f32, f16, bf16, i32 or i16 elements, not ")
             << element;
  } else if (element != out.getElementType()) {
    return op->emitOpError("result element type differs from the source's");
  }
  // The arg reductions take a scratch tile in both directions.
  if (tmp && !isRow && !indices)
    return op->emitOpError("column reductions take no scratch tile");
  if (tmp && (!isTileValue(source) || tmp.getType() != source.getType()))
    return op->emitOpError("scratch tile must have the source tile's type");
  return success();
}

LogicalResult mlir::pypto::verifyBroadcast(Operation *op, Value vec,
                                           Value result, bool isRow) {
  auto in = cast<ShapedType>(vec.getType());
  auto out = cast<ShapedType>(result.getType());
  if (failed(verifySameKind(op, {vec, result})))
    return failure();
  if (failed(verifyVectorForm(op, "broadcast operand", in, out, isRow)))
    return failure();
  if (in.getElementType() != out.getElementType())
    return op->emitOpError("element types differ: ")
           << in.getElementType() << " and " << out.getElementType();
  return success();
}

LogicalResult CastOp::verify() {
  auto in = cast<ShapedType>(getSource().getType());
  auto out = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getSource(), getResult()})))
    return failure();
  if (in.getShape() != out.getShape())
    return emitOpError("cannot change the shape");
  if (isTileValue(getSource()) &&
      cast<TileType>(in).getSpace() != cast<TileType>(out).getSpace())
    return emitOpError("cannot change the memory space");
  // The element types TCVT converts between.
  auto convertible = [](Type type) {
    if (type.isF32() || type.isF16() || type.isBF16())
      return true;
    auto integer = dyn_cast<IntegerType>(type);
    return integer && llvm::is_contained({8u, 16u, 32u}, integer.getWidth());
  };
  for (Type type : {in.getElementType(), out.getElementType()})
    if (!convertible(type))
      return emitOpError("converts f32, f16, bf16 and 8-, 16- and 32-bit "
                         "integers, not ")
             << type;
  return success();
}

LogicalResult FullOp::verify() {
  Type element = cast<ShapedType>(getResult().getType()).getElementType();
  if (getValue().getType() != element)
    return emitOpError("value type ")
           << getValue().getType() << " differs from the element type "
           << element;
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = cast<ShapedType>(getSource().getType());
  auto out = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getSource(), getResult()})))
    return failure();
  bool runTimeShape = !in.hasStaticShape() || !out.hasStaticShape();
  if (!runTimeShape && in.getNumElements() != out.getNumElements())
    return emitOpError("cannot change the number of elements: ")
           << in.getNumElements() << " to " << out.getNumElements();
  if (in.getElementType() != out.getElementType())
    return emitOpError("cannot change the element type");
  if (!isTileValue(getSource())) {
    if (runTimeShape && isInKernel(*this))
      return emitOpError("in a kernel needs static shapes (reshape the "
                         "tensor in the orchestration)");
    if (isInKernel(*this))
      return success();
    // In the orchestration a reshape is a view of the same memory. A
    // run-time result dimension is the element count over the others, as
    // torch's view(-1): one at most. From a static source it is that
    // size, seen as `?` (a static slice passed to a helper written for
    // run-time sizes); the other dimensions must divide the count.
    int64_t runTimeDims = llvm::count_if(out.getShape(), ShapedType::isDynamic);
    if (runTimeDims > 1)
      return emitOpError("has ")
             << runTimeDims
             << " run-time dimensions in its result; one at most, which the "
                "element count gives (as torch's view(-1))";
    if (runTimeDims == 1 && in.hasStaticShape()) {
      int64_t others = 1;
      for (int64_t d : out.getShape())
        if (!ShapedType::isDynamic(d))
          others *= d;
      if (others == 0 || in.getNumElements() % others != 0)
        return emitOpError("cannot view ")
               << in.getNumElements() << " elements as " << out
               << ": the static dimensions do not divide the element count";
    }
    if (failed(getTensorStrides(getResult())))
      return emitOpError("in the orchestration is a view of the same memory, "
                         "and no strides view its source's elements as ")
             << out
             << (runTimeShape
                     ? " (with run-time sizes the source must be contiguous); "
                       "reshape a contiguous tensor"
                     : " (dimensions merge across a gap); reshape a "
                       "contiguous tensor, or reshape in a kernel");
    return success();
  }
  if (cast<TileType>(in).getSpace() != cast<TileType>(out).getSpace())
    return emitOpError("cannot change the memory space");
  // A tile view must keep the physical layout: a column and a row vector,
  // or row-major tiles without row padding.
  auto isVector = [](ShapedType t) {
    return t.getDimSize(0) == 1 || t.getDimSize(1) == 1;
  };
  int64_t bytes = (in.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  auto unpadded = [&](ShapedType t) {
    return t.getDimSize(1) != 1 && (t.getDimSize(1) * bytes) % 32 == 0;
  };
  if (!(isVector(in) && isVector(out)) && !(unpadded(in) && unpadded(out)))
    return emitOpError("on tiles keeps the buffer, so both shapes must lay "
                       "the elements out alike (vectors, or rows of whole "
                       "32-byte blocks)");
  return success();
}

/// A fillpad's or set_validshape's result is its source's type, and its
/// constant valid extents lie within the source's 2-D form.
static LogicalResult verifyValidRegion(Operation *op, Value source,
                                       Value result, Value validRows,
                                       Value validCols) {
  auto in = cast<ShapedType>(source.getType());
  auto out = cast<ShapedType>(result.getType());
  if (failed(verifySameKind(op, {source, result})))
    return failure();
  if (in.getShape() != out.getShape() ||
      in.getElementType() != out.getElementType())
    return op->emitOpError("result must have the source's shape and element "
                           "type");
  if (isTileValue(source) &&
      cast<TileType>(in).getSpace() != cast<TileType>(out).getSpace())
    return op->emitOpError("cannot change the memory space");
  // An N-D source is padded as its 2-D form: the valid rows count rows of
  // that form.
  SmallVector<int64_t, 2> form = flattenTo2D(in.getShape());
  for (auto [dim, extent] : llvm::enumerate(ValueRange{validRows, validCols})) {
    APInt constant;
    if (matchPattern(extent, m_ConstantInt(&constant)) &&
        !ShapedType::isDynamic(form[dim]) &&
        (constant.isNegative() || constant.getSExtValue() > form[dim]))
      return op->emitOpError("valid ")
             << (dim == 0 ? "rows " : "columns ") << constant.getSExtValue()
             << " are outside [0, " << form[dim] << "]";
  }
  return success();
}

LogicalResult FillPadOp::verify() {
  return verifyValidRegion(*this, getSource(), getResult(), getValidRows(),
                           getValidCols());
}

LogicalResult SetValidShapeOp::verify() {
  if (!isInKernel(*this))
    return emitOpError("is outside a kernel; a valid shape is a kernel "
                       "value's (slice a tail with `valid [...]` instead)");
  if (cast<ShapedType>(getSource().getType()).getRank() != 2)
    return emitOpError("takes a 2-D value (reshape it first)");
  return verifyValidRegion(*this, getSource(), getResult(), getValidRows(),
                           getValidCols());
}

LogicalResult TransposeOp::verify() {
  auto in = cast<ShapedType>(getSource().getType());
  auto out = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getSource(), getResult()})))
    return failure();
  if (in.getRank() != 2 || out.getRank() != 2 ||
      in.getDimSize(0) != out.getDimSize(1) ||
      in.getDimSize(1) != out.getDimSize(0))
    return emitOpError("result must be the transposed shape");
  if (in.getElementType() != out.getElementType())
    return emitOpError("cannot change the element type");
  if (getTmp() && getTmp().getType() != getSource().getType())
    return emitOpError("scratch tile must have the source tile's type");
  return success();
}

/// `type` as the matmul sees it: the matrix of its last two dimensions,
/// transposed when the op says so. Null when it is not a matrix: rank 1,
/// or leading dimensions other than 1 (a batched matmul).
/// The matrix of a matmul operand: its last two dimensions (transposed).
static ShapedType asOperand(ShapedType type, bool transposed) {
  if (type.getRank() < 2)
    return {};
  ArrayRef<int64_t> shape = type.getShape().take_back(2);
  return transposed ? type.clone({shape[1], shape[0]}) : type.clone(shape);
}

/// The batch dimensions of a batched matmul's result: each operand's are the
/// result's or 1 (broadcast). Empty when neither operand has batches.
static std::optional<SmallVector<int64_t>> broadcastBatch(ShapedType lhs,
                                                          ShapedType rhs) {
  if (lhs.getRank() != rhs.getRank() || lhs.getRank() < 3)
    return std::nullopt;
  SmallVector<int64_t> batch;
  for (auto [l, r] :
       llvm::zip(lhs.getShape().drop_back(2), rhs.getShape().drop_back(2))) {
    if (l != r && l != 1 && r != 1)
      return std::nullopt;
    batch.push_back(std::max(l, r));
  }
  return batch;
}

/// Whether `type` has a leading dimension other than 1 (is batched).
static bool hasBatches(Type type) {
  auto shaped = cast<ShapedType>(type);
  return shaped.getRank() > 2 && !hasUnitLeadingDims(shaped.getShape());
}

static LogicalResult verifyMatmul(Operation *op, Value lhsValue, Value rhsValue,
                                  Value resultValue, bool batches = false) {
  bool aTrans = op->hasAttr("a_trans"), bTrans = op->hasAttr("b_trans");
  auto lhs = asOperand(cast<ShapedType>(lhsValue.getType()), aTrans);
  auto rhs = asOperand(cast<ShapedType>(rhsValue.getType()), bTrans);
  auto result = asOperand(cast<ShapedType>(resultValue.getType()), false);
  bool tiles = isa<TileType>(lhsValue.getType());
  if (isa<TileType>(rhsValue.getType()) != tiles ||
      isa<TileType>(resultValue.getType()) != tiles)
    return op->emitOpError(
        "operands and result must all be tensors or all tiles");
  if (tiles && (aTrans || bTrans))
    return op->emitOpError("a_trans and b_trans apply to tensor operands; "
                           "tile operands are already in place");
  if (!lhs || !rhs || !result)
    return op->emitOpError("operands and result must be at least 2-D");
  if (llvm::any_of(ValueRange{lhsValue, rhsValue, resultValue},
                   [](Value v) { return hasBatches(v.getType()); })) {
    if (!batches || tiles)
      return op->emitOpError("has operands or a result with leading "
                             "dimensions other than 1; only pypto.matmul on "
                             "tensors is batched");
    auto lhsFull = cast<ShapedType>(lhsValue.getType());
    auto rhsFull = cast<ShapedType>(rhsValue.getType());
    auto resultFull = cast<ShapedType>(resultValue.getType());
    std::optional<SmallVector<int64_t>> batch =
        broadcastBatch(lhsFull, rhsFull);
    if (!batch)
      return op->emitOpError("batched operands must have one rank and batch "
                             "dimensions that are equal or 1, got ")
             << lhsFull << " and " << rhsFull;
    if (resultFull.getRank() != lhsFull.getRank() ||
        resultFull.getShape().drop_back(2) != ArrayRef<int64_t>(*batch))
      return op->emitOpError("result must have the batch dimensions [")
             << llvm::make_range(batch->begin(), batch->end()) << "], got "
             << resultFull;
  }
  if (lhs.getDimSize(1) != rhs.getDimSize(0))
    return op->emitOpError("contraction mismatch: lhs is ")
           << lhs.getDimSize(0) << "x" << lhs.getDimSize(1) << ", rhs is "
           << rhs.getDimSize(0) << "x" << rhs.getDimSize(1);
  if (result.getDimSize(0) != lhs.getDimSize(0) ||
      result.getDimSize(1) != rhs.getDimSize(1))
    return op->emitOpError("result must be ")
           << lhs.getDimSize(0) << "x" << rhs.getDimSize(1) << ", got "
           << result.getDimSize(0) << "x" << result.getDimSize(1);
  Type in = lhs.getElementType();
  if (in != rhs.getElementType())
    return op->emitOpError("operand element types differ: ")
           << in << " and " << rhs.getElementType();
  Type out = result.getElementType();
  bool floatOk = (in.isF32() || in.isF16() || in.isBF16()) && out.isF32();
  bool intOk = in.isInteger(8) && out.isInteger(32);
  if (!floatOk && !intOk)
    return op->emitOpError("unsupported element types ")
           << in << " x " << in << " -> " << out
           << "; expected f32/f16/bf16 -> f32 or i8 -> i32";
  if (tiles) {
    auto space = [](ShapedType t) { return cast<TileType>(t).getSpace(); };
    if ((space(lhs) && space(lhs) != MemorySpace::left) ||
        (space(rhs) && space(rhs) != MemorySpace::right) ||
        (space(result) && space(result) != MemorySpace::acc))
      return op->emitOpError(
          "tile operands must be in left and right, the result in acc");
  }
  return success();
}

/// The result type a matmul of `lhs` and `rhs` has when it is not written:
/// M×N, f32 for float operands and i32 for i8; a tile in `acc` when the
/// operand tiles have spaces. Null when the operands do not say.
static Type inferMatmulResult(Type lhsType, Type rhsType, bool aTrans,
                              bool bTrans) {
  auto lhsFull = dyn_cast<ShapedType>(lhsType);
  auto rhsFull = dyn_cast<ShapedType>(rhsType);
  if (!lhsFull || !rhsFull)
    return {};
  ShapedType lhs = asOperand(lhsFull, aTrans);
  ShapedType rhs = asOperand(rhsFull, bTrans);
  if (!lhs || !rhs)
    return {};
  Type in = lhs.getElementType();
  MLIRContext *context = lhsType.getContext();
  Type out = in.isInteger(8) ? Type(IntegerType::get(context, 32))
                             : Type(Float32Type::get(context));
  // N-D operands (leading dimensions of 1) give a result of the larger rank;
  // batched ones the broadcast batch dimensions.
  SmallVector<int64_t> shape(std::max(lhsFull.getRank(), rhsFull.getRank()) - 2,
                             1);
  if (hasBatches(lhsFull) || hasBatches(rhsFull)) {
    std::optional<SmallVector<int64_t>> batch =
        broadcastBatch(lhsFull, rhsFull);
    if (!batch)
      return {};
    shape = *batch;
  }
  shape.append({lhs.getDimSize(0), rhs.getDimSize(1)});
  if (isa<GMTensorType>(lhsFull))
    return GMTensorType::get(context, shape, out);
  auto tile = dyn_cast<TileType>(lhsFull);
  if (!tile || shape.size() != 2)
    return {};
  std::optional<MemorySpace> space;
  if (tile.getSpace())
    space = MemorySpace::acc;
  return TileType::get(context, shape, out, space);
}

/// `[%acc,] %lhs, %rhs [init %cond] attr-dict : lhs-type, rhs-type
/// (-> result-type)?`
static ParseResult parseMatmulLike(OpAsmParser &parser, OperationState &result,
                                   unsigned numOperands) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  Type lhs, rhs, type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, numOperands))
    return failure();
  OpAsmParser::UnresolvedOperand init;
  bool hasInit =
      numOperands == 3 && succeeded(parser.parseOptionalKeyword("init"));
  if (hasInit && parser.parseOperand(init))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(lhs) || parser.parseComma() || parser.parseType(rhs))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    if (parser.parseType(type))
      return failure();
  } else {
    type = inferMatmulResult(lhs, rhs, bool(result.attributes.get("a_trans")),
                             bool(result.attributes.get("b_trans")));
    if (!type)
      return parser.emitError(loc, "cannot infer the result type of ")
             << lhs << " x " << rhs << ": write it as `-> T`";
  }
  SmallVector<Type> types;
  if (numOperands == 3)
    types.push_back(type);
  types.append({lhs, rhs});
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      (hasInit && parser.resolveOperand(init, parser.getBuilder().getI1Type(),
                                        result.operands)))
    return failure();
  result.addTypes(type);
  return success();
}

static void printMatmulLike(OpAsmPrinter &printer, Operation *op, Value lhs,
                            Value rhs, Value init = {}) {
  printer << " ";
  printer.printOperands(
      op->getOperands().take_front(init ? 3 : op->getNumOperands()));
  if (init)
    printer << " init " << init;
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printer.printType(lhs.getType());
  printer << ", ";
  printer.printType(rhs.getType());
  Type result = op->getResult(0).getType();
  if (result != inferMatmulResult(lhs.getType(), rhs.getType(),
                                  op->hasAttr("a_trans"),
                                  op->hasAttr("b_trans"))) {
    printer << " -> ";
    printer.printType(result);
  }
}

ParseResult MatmulOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseMatmulLike(parser, result, 2);
}

void MatmulOp::print(OpAsmPrinter &printer) {
  printMatmulLike(printer, *this, getLhs(), getRhs());
}

ParseResult MatmulAccOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseMatmulLike(parser, result, 3);
}

void MatmulAccOp::print(OpAsmPrinter &printer) {
  printMatmulLike(printer, *this, getLhs(), getRhs(), getInit());
}

LogicalResult MatmulOp::verify() {
  return verifyMatmul(*this, getLhs(), getRhs(), getResult(),
                      /*batches=*/true);
}

LogicalResult ScatterMaskOp::verify() {
  if (failed(verifySameKind(*this, {getSource(), getDest(), getResult()})))
    return failure();
  auto source = cast<ShapedType>(getSource().getType());
  auto dest = cast<ShapedType>(getDest().getType());
  Type element = dest.getElementType();
  if (source.getElementType() != element)
    return emitOpError("element types differ: ")
           << source.getElementType() << " into " << element;
  if (!element.isF32() && !element.isF16() && !element.isInteger(32) &&
      !element.isInteger(16))
    return emitOpError("takes f32, f16, i32 or i16 elements (a gather's), "
                       "got ")
           << element;
  if (source.getRank() != 2 || dest.getRank() != 2 ||
      !source.hasStaticShape() || !dest.hasStaticShape())
    return emitOpError("operands must be static 2-D shapes");
  if (source.getDimSize(0) != dest.getDimSize(0))
    return emitOpError("rows differ: ")
           << source.getDimSize(0) << " into " << dest.getDimSize(0);
  if (dest.getDimSize(1) != 2 * source.getDimSize(1))
    return emitOpError("destination has ")
           << dest.getDimSize(1) << " columns; twice the source's "
           << source.getDimSize(1) << " is " << 2 * source.getDimSize(1);
  return success();
}

LogicalResult MatmulBiasOp::verify() {
  if (failed(verifyMatmul(*this, getLhs(), getRhs(), getResult())))
    return failure();
  auto bias = cast<ShapedType>(getBias().getType());
  auto result = cast<ShapedType>(getResult().getType());
  if (isTileValue(getBias()) != isTileValue(getResult()))
    return emitOpError("operands and result must all be tensors or all tiles");
  int64_t n = result.getShape().back();
  // N-D: leading dimensions of 1, as the operands'.
  if (bias.getRank() < 2 || !hasUnitLeadingDims(bias.getShape()) ||
      bias.getShape().take_back(2) != ArrayRef<int64_t>{1, n})
    return emitOpError("bias must be 1x") << n << ", got " << bias;
  if (bias.getElementType() != result.getElementType())
    return emitOpError("bias element type ")
           << bias.getElementType() << " differs from the result's "
           << result.getElementType();
  auto tile = dyn_cast<TileType>(bias);
  if (tile && tile.getSpace() && *tile.getSpace() != MemorySpace::bias)
    return emitOpError("bias tile must be in bias, not ")
           << stringifyMemorySpace(*tile.getSpace());
  return success();
}

LogicalResult MatmulAccOp::verify() {
  if (isTileValue(getAcc()) &&
      cast<TileType>(getAcc().getType())
              .getSpace()
              .value_or(MemorySpace::acc) != MemorySpace::acc)
    return emitOpError("accumulator tile must be in acc");
  return verifyMatmul(*this, getLhs(), getRhs(), getResult());
}

//===----------------------------------------------------------------------===//
// Sorting
//===----------------------------------------------------------------------===//

/// Columns of one sorted (value, index) pair in the value type.
static int64_t pairColumns(Type valueType) { return valueType.isF16() ? 4 : 2; }

LogicalResult Sort32Op::verify() {
  auto values = cast<ShapedType>(getValues().getType());
  auto indices = cast<ShapedType>(getIndices().getType());
  auto result = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getValues(), getIndices(), getResult()})))
    return failure();
  Type element = values.getElementType();
  if (!element.isF32() && !element.isF16())
    return emitOpError("sorts f32 or f16 values, not ") << element;
  if (!indices.getElementType().isInteger(32))
    return emitOpError("indices must be 32-bit integers, not ")
           << indices.getElementType();
  if (values.getRank() != 2 || indices.getRank() != 2 || result.getRank() != 2)
    return emitOpError("operands and result must be 2-D");
  int64_t rows = values.getDimSize(0), cols = values.getDimSize(1);
  if (cols % 32 != 0)
    return emitOpError("sorts blocks of 32 columns; ")
           << cols << " columns is not a multiple of 32";
  if (indices.getDimSize(1) != cols ||
      (indices.getDimSize(0) != rows && indices.getDimSize(0) != 1))
    return emitOpError("indices must be ")
           << rows << "x" << cols << " (or 1x" << cols << "), got "
           << indices.getDimSize(0) << "x" << indices.getDimSize(1);
  int64_t pairCols = cols * pairColumns(element);
  if (result.getElementType() != element || result.getDimSize(0) != rows ||
      result.getDimSize(1) != pairCols)
    return emitOpError("result must hold the sorted pairs: ")
           << rows << "x" << pairCols << "x" << element;
  return success();
}

LogicalResult MrgSortOp::verify() {
  auto type = cast<ShapedType>(getSource().getType());
  Type element = type.getElementType();
  if (!element.isF32() && !element.isF16())
    return emitOpError("merges f32 or f16 pairs, not ") << element;
  int64_t blockLen = getBlockLenAttr().getInt();
  if (blockLen % 64 != 0)
    return emitOpError("block_len must be a multiple of 64, got ") << blockLen;
  // cols % (4 * blockLen) without overflowing for huge block lengths.
  if (type.getRank() != 2 || type.getDimSize(1) % blockLen != 0 ||
      (type.getDimSize(1) / blockLen) % 4 != 0)
    return emitOpError("merges four runs of ")
           << blockLen << " columns: the column count must be a multiple of "
           << (blockLen <= (int64_t(1) << 60)
                   ? std::to_string(4 * blockLen)
                   : "4 x " + std::to_string(blockLen));
  return success();
}

LogicalResult GatherMaskOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  auto result = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getSource(), getResult()})))
    return failure();
  if (source.getRank() != 2 || result.getRank() != 2)
    return emitOpError("operand and result must be 2-D");
  if (source.getElementTypeBitWidth() != result.getElementTypeBitWidth())
    return emitOpError("result elements must have the source's width (")
           << source.getElementType() << " -> " << result.getElementType()
           << ")";
  if (result.getDimSize(0) != source.getDimSize(0) ||
      result.getDimSize(1) > source.getDimSize(1) / 2)
    return emitOpError("result must have ")
           << source.getDimSize(0) << " rows and at most "
           << source.getDimSize(1) / 2 << " columns, got "
           << result.getDimSize(0) << "x" << result.getDimSize(1);
  return success();
}

/// A scratch tile of `type` when the op has one.
static LogicalResult verifyScratch(Operation *op, Value tmp, Value like,
                                   Type expected) {
  if (!tmp)
    return success();
  if (!isTileValue(like))
    return op->emitOpError("takes a scratch tile only on tiles");
  if (tmp.getType() != expected)
    return op->emitOpError("scratch tile must be ")
           << expected << ", got " << tmp.getType();
  return success();
}

LogicalResult ArangeOp::verify() {
  auto type = cast<ShapedType>(getResult().getType());
  Type element = type.getElementType();
  if (!element.isSignlessInteger(32) && !element.isSignlessInteger(16))
    return emitOpError("makes i32 or i16 elements, not ") << element;
  if (getStart().getType() != element)
    return emitOpError("start type ")
           << getStart().getType() << " differs from the element type "
           << element;
  if (!type.hasStaticShape())
    return emitOpError("needs a static shape, got ")
           << shapeText(type.getShape());
  // The hardware's tci fills one row.
  ArrayRef<int64_t> shape = type.getShape();
  if (llvm::any_of(shape.drop_back(), [](int64_t d) { return d != 1; }) ||
      shape.back() == 1)
    return emitOpError("makes one row (1x...xN, N > 1); broadcast it with "
                       "col_expand for more rows, got ")
           << shapeText(shape);
  return success();
}

LogicalResult TriOp::verify() {
  auto type = cast<ShapedType>(getResult().getType());
  Type element = type.getElementType();
  if (!element.isF32() && !element.isF16() && !element.isSignlessInteger(32) &&
      !element.isSignlessInteger(16))
    return emitOpError("makes f32, f16, i32 or i16 elements, not ") << element;
  if (!type.hasStaticShape())
    return emitOpError("needs a static shape, got ")
           << shapeText(type.getShape());
  if (type.getRank() < 2 || !hasUnitLeadingDims(type.getShape()))
    return emitOpError("makes a matrix (dimensions before the last two of "
                       "size 1), got ")
           << shapeText(type.getShape());
  return success();
}

LogicalResult GatherOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  auto index = cast<ShapedType>(getIndex().getType());
  auto result = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getSource(), getIndex(), getResult()})))
    return failure();
  Type element = source.getElementType();
  if (!element.isF32() && !element.isF16() && !element.isSignlessInteger(32) &&
      !element.isSignlessInteger(16))
    return emitOpError("gathers f32, f16, i32 or i16 elements, not ")
           << element;
  if (!index.getElementType().isSignlessInteger(32))
    return emitOpError("index must be i32, got ") << index.getElementType();
  if (result.getShape() != index.getShape() ||
      result.getElementType() != element)
    return emitOpError("result must have the index's shape (")
           << shapeText(index.getShape()) << ") and the source's element type ("
           << element << ")";
  if (!source.hasStaticShape() || !index.hasStaticShape())
    return emitOpError("needs static shapes");
  if (source.getRank() != index.getRank())
    return emitOpError("source and index ranks differ: ")
           << source.getRank() << " and " << index.getRank();
  // Rows of the index read the same rows of the source (2-D forms).
  ArrayRef<int64_t> s = source.getShape(), i = index.getShape();
  for (int64_t d = 0, e = source.getRank() - 1; d < e; ++d)
    if (d == 0 ? i[d] > s[d] : i[d] != s[d])
      return emitOpError("index ")
             << shapeText(i) << " does not read rows of the source "
             << shapeText(s)
             << ": the leading dimensions must agree (the first may be "
                "smaller in the index)";
  return verifyScratch(*this, getTmp(), getSource(), getIndex().getType());
}

LogicalResult GatherCompareOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  auto indices = cast<ShapedType>(getIndices().getType());
  auto count = cast<ShapedType>(getCount().getType());
  if (failed(verifySameKind(*this, {getSource(), getIndices(), getCount()})))
    return failure();
  if (getMode() != CmpMode::eq && getMode() != CmpMode::gt)
    return emitOpError("compares with eq or gt only (the hardware's "
                       "compare-form gather), not '")
           << stringifyCmpMode(getMode()) << "'";
  Type element = source.getElementType();
  if (!element.isF32() && !element.isF16() && !element.isSignlessInteger(32) &&
      !element.isSignlessInteger(16))
    return emitOpError("compares f32, f16, i32 or i16 elements, not ")
           << element;
  if (failed(verifyScalarOperand(*this, getSource(), getKvalue())))
    return failure();
  if (int64_t offset = getOffsetAttr().getInt(); offset < 0)
    return emitOpError("offset must not be negative, got ") << offset;
  if (source.getRank() != 2 || !source.hasStaticShape())
    return emitOpError("source must be a static 2-D shape, got ")
           << shapeText(source.getShape());
  int64_t rows = source.getDimSize(0);
  if (indices.getRank() != 2 || !indices.hasStaticShape() ||
      indices.getDimSize(0) != rows ||
      !indices.getElementType().isSignlessInteger(32))
    return emitOpError("indices must be ")
           << rows << "xN i32 (a row per source row), got " << indices;
  if (count.getShape() != ArrayRef<int64_t>{1, rows} ||
      !count.getElementType().isSignlessInteger(32))
    return emitOpError("count must be 1x")
           << rows << " i32 (one per source row), got " << count;
  if (!getTmp())
    return success();
  return verifyScratch(*this, getTmp(), getSource(),
                       maskScratchType(cast<TileType>(source)));
}

LogicalResult ScatterOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  auto index = cast<ShapedType>(getIndex().getType());
  auto dest = cast<ShapedType>(getDest().getType());
  if (failed(verifySameKind(*this, {getSource(), getIndex(), getDest()})))
    return failure();
  Type element = dest.getElementType();
  if (source.getElementType() != element)
    return emitOpError("element types differ: ")
           << source.getElementType() << " into " << element;
  if (!element.isF32() && !element.isF16() && !element.isBF16() &&
      !element.isSignlessInteger(32) && !element.isSignlessInteger(16) &&
      !element.isSignlessInteger(8))
    return emitOpError("scatters f32, f16, bf16, i32, i16 or i8 elements, "
                       "not ")
           << element;
  if (!index.getElementType().isSignlessInteger(32))
    return emitOpError("index must be i32, got ") << index.getElementType();
  if (source.getRank() != 2 || dest.getRank() != 2 ||
      !source.hasStaticShape() || !dest.hasStaticShape())
    return emitOpError("operands must be static 2-D shapes");
  if (index.getShape() != source.getShape())
    return emitOpError("index ")
           << shapeText(index.getShape()) << " must have the source's shape "
           << shapeText(source.getShape());
  if (source.getDimSize(0) != dest.getDimSize(0))
    return emitOpError("rows differ: ")
           << source.getDimSize(0) << " into " << dest.getDimSize(0);
  return verifyScratch(*this, getTmp(), getDest(), getIndex().getType());
}

LogicalResult ConcatOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  auto result = cast<ShapedType>(getResult().getType());
  if (failed(verifySameKind(*this, {getLhs(), getRhs(), getResult()})))
    return failure();
  Type element = lhs.getElementType();
  if (rhs.getElementType() != element || result.getElementType() != element)
    return emitOpError("operands and result must have one element type");
  if (!element.isF32() && !element.isF16() && !element.isBF16() &&
      !element.isSignlessInteger(32) && !element.isSignlessInteger(16) &&
      !element.isSignlessInteger(8))
    return emitOpError("concatenates f32, f16, bf16, i32, i16 or i8 elements, "
                       "not ")
           << element;
  if (!lhs.hasStaticShape() || !rhs.hasStaticShape())
    return emitOpError("needs static shapes");
  ArrayRef<int64_t> a = lhs.getShape(), b = rhs.getShape();
  if (a.size() < 2 || a.size() != b.size() || a.drop_back() != b.drop_back())
    return emitOpError("operands ")
           << shapeText(a) << " and " << shapeText(b)
           << " must agree in every dimension but the last (rank 2 or more)";
  SmallVector<int64_t> expected(a);
  expected.back() = a.back() + b.back();
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result must be ")
           << shapeText(expected) << ", got " << shapeText(result.getShape());
  return success();
}

/// The scratch tile of a compare or select on `like`: an i8 tile of one
/// more row than it and its columns rounded up to 32. It holds the bit
/// mask (up to one byte per element, A5's form) and, in its last row, the
/// hardware's select scratch.
Type mlir::pypto::maskScratchType(TileType like) {
  ArrayRef<int64_t> shape = like.getShape();
  return TileType::get(
      like.getContext(),
      {shape[0] + 1, static_cast<int64_t>(llvm::alignTo(shape[1], 32))},
      IntegerType::get(like.getContext(), 8), like.getSpace());
}

Value mlir::pypto::maskScratchOf(Operation *op) {
  if (auto cmp = dyn_cast<CmpOp>(op))
    return cmp.getTmp();
  if (auto cmps = dyn_cast<CmpsOp>(op))
    return cmps.getTmp();
  if (auto sel = dyn_cast<SelOp>(op))
    return sel.getTmp();
  if (auto sels = dyn_cast<SelsOp>(op))
    return sels.getTmp();
  return {};
}

/// Compares and selects take f32, f16, bf16, i32 and i16 elements.
static LogicalResult verifyCompareElement(Operation *op, Type element) {
  if (!element.isF32() && !element.isF16() && !element.isBF16() &&
      !element.isSignlessInteger(32) && !element.isSignlessInteger(16))
    return op->emitOpError("compares f32, f16, bf16, i32 or i16 elements, "
                           "not ")
           << element;
  return success();
}

static LogicalResult verifyCompareOrSelect(Operation *op, Value data,
                                           Value scalar, Value tmp) {
  auto type = cast<ShapedType>(data.getType());
  if (failed(verifyCompareElement(op, type.getElementType())))
    return failure();
  if (scalar && failed(verifyScalarOperand(op, data, scalar)))
    return failure();
  if (!tmp)
    return success();
  if (!isTileValue(data))
    return op->emitOpError("takes a scratch tile only on tiles");
  if (type.getRank() != 2)
    return op->emitOpError("on tiles needs 2-D tiles");
  return verifyScratch(op, tmp, data,
                       maskScratchType(cast<TileType>(data.getType())));
}

LogicalResult CmpOp::verify() {
  return verifyCompareOrSelect(*this, getLhs(), Value(), getTmp());
}

LogicalResult CmpsOp::verify() {
  return verifyCompareOrSelect(*this, getSource(), getScalar(), getTmp());
}

LogicalResult SelOp::verify() {
  return verifyCompareOrSelect(*this, getLhs(), Value(), getTmp());
}

LogicalResult SelsOp::verify() {
  return verifyCompareOrSelect(*this, getSource(), getScalar(), getTmp());
}

//===----------------------------------------------------------------------===//
// Rows of GM tensors by index
//===----------------------------------------------------------------------===//

/// A row-mode mgather or mscatter: a 2-D GM table in a kernel, a 1 x R i32
/// index row, and R x C rows of the table's columns and element type.
static LogicalResult verifyRowsByIndex(Operation *op, Value table, Value index,
                                       Value rows, StringRef rowsName,
                                       bool indexMatrix = false) {
  if (!isInKernel(op))
    return op->emitOpError("is outside a kernel");
  auto tableType = cast<GMTensorType>(table.getType());
  auto indexType = cast<ShapedType>(index.getType());
  auto rowsType = cast<ShapedType>(rows.getType());
  if (failed(verifySameKind(op, {index, rows})))
    return failure();
  if (tableType.getShape().size() != 2)
    return op->emitOpError("table must be 2-D, got rank ")
           << tableType.getShape().size();
  if (ShapedType::isDynamic(tableType.getShape()[1]))
    return op->emitOpError("table must have a constant column count");
  if (indexType.getRank() != 2 || !indexType.hasStaticShape() ||
      (!indexMatrix && indexType.getShape()[0] != 1) ||
      !indexType.getElementType().isInteger(32))
    return op->emitOpError(indexMatrix ? "index must be a static b x s "
                                         "matrix of i32, got "
                                       : "index must be a 1 x R row of i32, "
                                         "got ")
           << index.getType();
  int64_t picked = indexType.getShape()[0] * indexType.getShape()[1];
  if (rowsType.getRank() != 2 || rowsType.getShape()[0] != picked ||
      rowsType.getShape()[1] != tableType.getShape()[1])
    return op->emitOpError(rowsName)
           << " must be " << picked << "x" << tableType.getShape()[1]
           << " (a row per index, the table's columns), got " << rows.getType();
  Type element = tableType.getElementType();
  if (rowsType.getElementType() != element)
    return op->emitOpError(rowsName)
           << " element type " << rowsType.getElementType()
           << " differs from the table's " << element;
  if (!element.isF32() && !element.isF16() && !element.isBF16() &&
      !element.isInteger(32) && !element.isInteger(16) && !element.isInteger(8))
    return op->emitOpError("moves f32, f16, bf16, i32, i16 or i8 rows, not ")
           << element;
  if (auto tile = dyn_cast<TileType>(indexType);
      tile && tile.getSpace() && *tile.getSpace() != MemorySpace::vec)
    return op->emitOpError("index must be a vec tile");
  if (auto tile = dyn_cast<TileType>(rowsType);
      tile && tile.getSpace() && *tile.getSpace() != MemorySpace::vec)
    return op->emitOpError(rowsName) << " must be a vec tile";
  return success();
}

LogicalResult PagedGatherOp::verify() {
  if (!isInKernel(*this))
    return emitOpError("is outside a kernel");
  auto pool = cast<GMTensorType>(getSource().getType());
  auto indices = cast<GMTensorType>(getIndices().getType());
  auto table = cast<GMTensorType>(getBlockTable().getType());
  auto result = cast<GMTensorType>(getResult().getType());
  auto isRow = [](GMTensorType t) {
    return t.getRank() == 2 && t.hasStaticShape() && t.getShape()[0] == 1 &&
           t.getElementType().isInteger(32);
  };
  if (pool.getRank() != 2 || ShapedType::isDynamic(pool.getShape()[1]))
    return emitOpError("pool must be 2-D with a constant column count, got ")
           << pool;
  if (!isRow(indices))
    return emitOpError("indices must be a 1 x n row of i32, got ") << indices;
  if (!isRow(table))
    return emitOpError("block table must be a 1 x B row of i32, got ") << table;
  if (getBlockSize() < 1)
    return emitOpError("block size must be positive, got ") << getBlockSize();
  if (result.getRank() != 2 || !result.hasStaticShape() ||
      result.getShape()[0] != indices.getShape()[1])
    return emitOpError("result must have ")
           << indices.getShape()[1] << " rows (one per index), got " << result;
  int64_t cols = result.getShape()[1];
  if (getColOffset() < 0 || getColOffset() + cols > pool.getShape()[1])
    return emitOpError("columns [")
           << getColOffset() << ", " << getColOffset() + cols
           << ") are outside the pool's " << pool.getShape()[1];
  if (result.getElementType() != pool.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the pool's "
           << pool.getElementType();
  Type element = pool.getElementType();
  if (!element.isF32() && !element.isF16() && !element.isBF16() &&
      !element.isInteger(32) && !element.isInteger(16) && !element.isInteger(8))
    return emitOpError("moves f32, f16, bf16, i32, i16 or i8 rows, not ")
           << element;
  return success();
}

LogicalResult ScatterUpdateOp::verify() {
  return verifyRowsByIndex(*this, getTable(), getIndex(), getSrc(), "src",
                           /*indexMatrix=*/true);
}

LogicalResult MGatherOp::verify() {
  return verifyRowsByIndex(*this, getTable(), getIndex(), getResult(),
                           "result");
}

LogicalResult MScatterOp::verify() {
  if (getAtomicAdd() &&
      cast<GMTensorType>(getTable().getType()).getElementType().isInteger(8))
    return emitOpError("atomic_add does not add i8 rows");
  return verifyRowsByIndex(*this, getTable(), getIndex(), getValue(), "value");
}
