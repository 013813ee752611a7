//===- LowerCompositeOps.cpp - ops no instruction computes ----------------===//
//
// `pypto.sin` and `pypto.cos` have no vector instruction and no ptoas form;
// they become multiplies, adds and conversions in f32 (pypto's recipe, the
// constants verbatim), on tensors or tiles alike. `pypto.scatter_mask` has no
// ptoas 0.27 form: it becomes a gather of its operands side by side.
// `pypto.set_validshape` has no instruction: its valid region goes into the
// fillpads and stores that read it.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_LOWERCOMPOSITEOPS
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

// Cody-Waite split of pi (and of pi/2 for cos), and the Horner coefficients
// of sin(t)/t on [-pi/2, pi/2], as pypto writes them.
constexpr float kPiInv = 0.31830988732818603515625f;
constexpr float kPiV2 = 3.140625f;
constexpr float kPiC1 = 0.0009670257568359375f;
constexpr float kPiC2 = 6.2771141529083251953125e-7f;
constexpr float kPiC3 = 1.21644916362129151821e-10f;
constexpr float kPiC4 = -1.0290623200529979163e-13f;
constexpr float kPiHalfHead = 1.57079637050628662109375f;
constexpr float kPiHalfTail = -4.371139000189375e-8f;
constexpr float kR0 = 2.604926501e-6f;
constexpr float kR1 = -1.980894471e-4f;
constexpr float kR2 = 8.333049340e-3f;
constexpr float kR3 = -1.666665792e-1f;

/// Builds elementwise ops on values of one shape `f32Type` (a tensor or a
/// tile of f32).
struct ElementwiseBuilder {
  OpBuilder &builder;
  Location loc;
  ShapedType f32Type;

  Value scalar(float value) {
    return builder.create<arith::ConstantOp>(loc,
                                             builder.getF32FloatAttr(value));
  }
  Value muls(Value x, float s) {
    return builder.create<MulsOp>(loc, f32Type, x, scalar(s));
  }
  Value adds(Value x, float s) {
    return builder.create<AddsOp>(loc, f32Type, x, scalar(s));
  }
  Value sub(Value x, Value y) {
    return builder.create<SubOp>(loc, f32Type, x, y);
  }
  Value mul(Value x, Value y) {
    return builder.create<MulOp>(loc, f32Type, x, y);
  }
  Value add(Value x, Value y) {
    return builder.create<AddOp>(loc, f32Type, x, y);
  }
  /// `x` rounded to an integer by `mode`, as an f32.
  Value roundToInteger(Value x, RoundMode mode) {
    Type i32Type = f32Type.cloneWith(std::nullopt, builder.getI32Type());
    Value k = builder.create<CastOp>(loc, i32Type, x, mode);
    return builder.create<CastOp>(loc, f32Type, k, RoundMode::none);
  }
};

/// sin(x) or cos(x) of an f32 value.
Value lowerSinCos(ElementwiseBuilder &b, Value x, bool isCos) {
  // k: the multiple of pi nearest x (for cos, nearest x + pi/2).
  Value scaled = b.muls(x, kPiInv);
  Value k = isCos ? b.roundToInteger(b.adds(scaled, 0.5f), RoundMode::rint)
                  : b.roundToInteger(scaled, RoundMode::round);
  // t = x - k * pi, the product of each part of pi exact in f32.
  Value t = b.sub(x, b.muls(k, kPiV2));
  t = b.sub(t, b.muls(k, kPiC1));
  if (isCos)
    t = b.adds(t, kPiHalfHead);
  t = b.sub(t, b.muls(k, kPiC2));
  t = b.sub(t, b.muls(k, kPiC3));
  t = b.sub(t, b.muls(k, kPiC4));
  if (isCos)
    t = b.adds(t, kPiHalfTail);
  // (-1)^k without a branch: floor(k / 2) * 4 - 2 * k + 1.
  Value halfK = b.roundToInteger(b.muls(k, 0.5f), RoundMode::floor);
  Value sign = b.adds(b.add(b.muls(halfK, 4.0f), b.muls(k, -2.0f)), 1.0f);
  // P(t^2) = (((R0 t^2 + R1) t^2 + R2) t^2 + R3) t^2 + 1.
  Value t2 = b.mul(t, t);
  Value p = b.adds(b.muls(t2, kR0), kR1);
  p = b.adds(b.mul(p, t2), kR2);
  p = b.adds(b.mul(p, t2), kR3);
  p = b.adds(b.mul(p, t2), 1.0f);
  return b.mul(sign, b.mul(t, p));
}

/// `dest` with every other column (from column `parity`) replaced by
/// `source`'s: a gather of the two side by side, whose index row takes
/// column `Cd + j / 2` where `j % 2 == parity` and `j` elsewhere.
Value lowerScatterMask(OpBuilder &builder, Location loc, ScatterMaskOp op) {
  Value source = op.getSource(), dest = op.getDest();
  auto destType = cast<ShapedType>(dest.getType());
  auto sourceType = cast<ShapedType>(source.getType());
  int64_t rows = destType.getDimSize(0), cols = destType.getDimSize(1);
  Type i32 = builder.getI32Type();
  auto shaped = [&](int64_t r, int64_t c, Type element) {
    return cast<ShapedType>(destType.cloneWith({{r, c}}, element));
  };
  auto constant = [&](int64_t v) -> Value {
    return builder.create<arith::ConstantIntOp>(loc, v, 32);
  };
  ShapedType row = shaped(1, cols, i32);
  bool tiles = isa<TileType>(destType);
  auto scratch = [&](ShapedType type) -> Value {
    return tiles ? builder.create<CreateTileOp>(loc, cast<TileType>(type))
                       .getResult()
                 : Value();
  };
  Value j = builder.create<ArangeOp>(loc, row, constant(0), UnitAttr());
  Value half = builder.create<ShrsOp>(loc, row, j, constant(1), Value());
  // j % 2 as j - 2 * (j >> 1): ptoas 0.27's A2/A3 tands takes i8/i16 only.
  Value bit = builder.create<SubOp>(
      loc, row, j, builder.create<MulsOp>(loc, row, half, constant(2)));
  // 1 on the replaced columns: bit for odd, 1 - bit for even.
  Value replaced = bit;
  if (op.getMask() == GatherMask::even)
    replaced = builder.create<AddsOp>(
        loc, row, builder.create<MulsOp>(loc, row, bit, constant(-1)),
        constant(1));
  // j + replaced * (Cd + j / 2 - j)
  Value jump = builder.create<AddsOp>(
      loc, row, builder.create<SubOp>(loc, row, half, j), constant(cols));
  Value index = builder.create<AddOp>(
      loc, row, j, builder.create<MulOp>(loc, row, replaced, jump));
  ShapedType indexType = shaped(rows, cols, i32);
  if (rows != 1)
    index = builder.create<ColExpandOp>(loc, indexType, index);
  ShapedType both =
      shaped(rows, cols + sourceType.getDimSize(1), destType.getElementType());
  Value side = builder.create<ConcatOp>(loc, both, dest, source);
  return builder.create<GatherOp>(loc, destType, side, index,
                                  scratch(indexType));
}

/// Whether `value` is the constant `n`.
bool isConstantIndex(Value value, int64_t n) {
  auto constant = value.getDefiningOp<arith::ConstantIndexOp>();
  return constant && constant.value() == n;
}

/// Carries the valid region of `set` into its readers: a fillpad keeps
/// only it, an assemble or store writes only it, and an elementwise op of
/// one operand computes on the source and narrows its own result (a new
/// set_validshape, added to `worklist`). Other readers are errors.
LogicalResult lowerSetValidShape(SetValidShapeOp set,
                                 SmallVectorImpl<SetValidShapeOp> &worklist) {
  Value source = set.getSource(), rows = set.getValidRows(),
        cols = set.getValidCols();
  ArrayRef<int64_t> shape = cast<ShapedType>(source.getType()).getShape();
  // The whole value: nothing is undefined.
  if (isConstantIndex(rows, shape[0]) && isConstantIndex(cols, shape[1])) {
    set.getResult().replaceAllUsesWith(source);
    set.erase();
    return success();
  }
  OpBuilder builder(set);
  Location loc = set.getLoc();
  auto narrow = [&](Value extent, Value bound) -> Value {
    return builder.create<arith::MinSIOp>(loc, extent, bound);
  };
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : set.getResult().getUses())
    uses.push_back(&use);
  for (OpOperand *use : uses) {
    Operation *user = use->getOwner();
    builder.setInsertionPoint(user);
    if (auto pad = dyn_cast<FillPadOp>(user)) {
      pad.getValidRowsMutable().assign(narrow(pad.getValidRows(), rows));
      pad.getValidColsMutable().assign(narrow(pad.getValidCols(), cols));
      use->set(source);
      continue;
    }
    if (auto inner = dyn_cast<SetValidShapeOp>(user)) {
      inner.getValidRowsMutable().assign(narrow(inner.getValidRows(), rows));
      inner.getValidColsMutable().assign(narrow(inner.getValidCols(), cols));
      use->set(source);
      continue;
    }
    // The value (operand 0) of an assemble or a store: its valid part is
    // what the window takes; the leading extents of an N-D window are 1.
    auto writes = [&](MutableOperandRange valid, size_t rank) {
      // Before the valid operands change: that moves the op's operands.
      use->set(source);
      SmallVector<Value> extents;
      for (OpOperand &extent : valid)
        extents.push_back(extent.get());
      if (extents.empty()) {
        Value one = builder.create<arith::ConstantIndexOp>(loc, 1);
        extents.assign(rank - 2, one);
        extents.push_back(rows);
        extents.push_back(cols);
      } else {
        extents[rank - 2] = narrow(extents[rank - 2], rows);
        extents[rank - 1] = narrow(extents[rank - 1], cols);
      }
      valid.assign(extents);
    };
    if (auto assemble = dyn_cast<AssembleOp>(user);
        assemble && use->getOperandNumber() == 0) {
      writes(assemble.getValidMutable(), 2);
      continue;
    }
    if (auto store = dyn_cast<StoreOp>(user);
        store && use->getOperandNumber() == 0) {
      writes(store.getValidMutable(), store.getWindowShape().size());
      continue;
    }
    if (keepsValidRegion(user) && use->getOperandNumber() == 0) {
      Operation *onSource = builder.clone(*user);
      onSource->setOperand(0, source);
      Value result = onSource->getResult(0);
      auto narrowed = builder.create<SetValidShapeOp>(loc, result.getType(),
                                                      result, rows, cols);
      user->getResult(0).replaceAllUsesWith(narrowed.getResult());
      user->erase();
      worklist.push_back(narrowed);
      continue;
    }
    InFlightDiagnostic diag = user->emitOpError(
        "reads a value whose valid region pypto.set_validshape narrowed; "
        "only pypto.fillpad, assemble and elementwise ops of one operand "
        "carry a valid region: fillpad the value first");
    diag.attachNote(loc) << "narrowed here";
    return diag;
  }
  set.erase();
  return success();
}

struct LowerCompositeOpsPass
    : public pypto::impl::LowerCompositeOpsBase<LowerCompositeOpsPass> {
  void runOnOperation() override {
    SmallVector<SetValidShapeOp> worklist;
    getOperation().walk([&](SetValidShapeOp set) { worklist.push_back(set); });
    while (!worklist.empty()) {
      SetValidShapeOp set = worklist.pop_back_val();
      if (failed(lowerSetValidShape(set, worklist)))
        return signalPassFailure();
    }
    SmallVector<Operation *> composites;
    getOperation().walk([&](Operation *op) {
      if (isa<SinOp, CosOp, ScatterMaskOp>(op))
        composites.push_back(op);
    });
    for (Operation *op : composites) {
      OpBuilder builder(op);
      Location loc = op->getLoc();
      if (auto scatter = dyn_cast<ScatterMaskOp>(op)) {
        op->getResult(0).replaceAllUsesWith(
            lowerScatterMask(builder, loc, scatter));
        op->erase();
        ++numExpanded;
        continue;
      }
      Value source = op->getOperand(0);
      auto type = cast<ShapedType>(source.getType());
      auto f32Type =
          cast<ShapedType>(type.cloneWith(std::nullopt, builder.getF32Type()));
      ElementwiseBuilder b{builder, loc, f32Type};
      bool narrow = !type.getElementType().isF32();
      if (narrow)
        source = builder.create<CastOp>(loc, f32Type, source, RoundMode::rint);
      Value result = lowerSinCos(b, source, isa<CosOp>(op));
      if (narrow)
        result = builder.create<CastOp>(loc, type, result, RoundMode::rint);
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
      ++numExpanded;
    }
  }
};

} // namespace
