//===- LegalizeElementTypes.cpp - element types the vector unit has -*- C++
//-*-===//
//
// The vector unit computes only some element types per instruction and arch
// (ptoas 0.27's verifier holds the lists): A2/A3 has no bf16 arithmetic at
// all, A5 a few bf16 instructions, and neither has an integer abs or an i16
// relu. Such work is rewritten into what the unit has, with the same
// results: bf16 is computed in f32 and rounded once (widening is exact and
// one f32 operation rounds to the same bf16 as the operation itself),
// abs(x) of an integer is max(x, -x), relu(x) max(x, 0). And ptoas 0.27
// lowers tmaxs and tmins with float scalars only: for integers they take a
// filled tile.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_LEGALIZEELEMENTTYPES
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

/// Vector arithmetic: what has a per-dtype instruction list.
bool isArithmetic(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, AddsOp, SubsOp, MulsOp,
             DivsOp, MaxsOp, MinsOp, NegOp, AbsOp, ReluOp, ExpOp, LogOp, SqrtOp,
             RsqrtOp, RecipOp, RowSumOp, RowMaxOp, RowMinOp, ColSumOp, ColMaxOp,
             ColMinOp, CmpOp, CmpsOp, SelOp, SelsOp, RemOp, FmodOp, PreluOp,
             RemsOp, FmodsOp, LreluOp, AddcOp, SubcOp, AddscOp, SubscOp,
             RowProdOp, ColProdOp>(op) ||
         (op->hasTrait<OpTrait::pypto::Broadcasting>() &&
          op->getNumOperands() == 2);
}

/// The bf16 instructions A5's vector unit has (A2/A3 has none).
bool hasBF16InstructionOnA5(Operation *op) {
  return isa<AddOp, AddsOp, SubsOp, MulsOp, MinsOp, NegOp, ColSumOp, ColMaxOp,
             ColMinOp>(op);
}

Type resultElementType(Operation *op) {
  if (op->getNumResults() != 1)
    return {};
  auto tile = dyn_cast<TileType>(op->getResult(0).getType());
  return tile ? tile.getElementType() : Type();
}

struct LegalizeElementTypesPass
    : public mlir::pypto::impl::LegalizeElementTypesBase<
          LegalizeElementTypesPass> {
  using LegalizeElementTypesBase::LegalizeElementTypesBase;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (!isKernelFunction(kernel) || kernel.isExternal())
      return;
    SmallVector<Operation *> inF32, integerAbs, withTile;
    if (arch == Arch::a2a3 && kernel
                                  .walk([&](Operation *op) {
                                    return failed(checkA2A3Compare(op))
                                               ? WalkResult::interrupt()
                                               : WalkResult::advance();
                                  })
                                  .wasInterrupted())
      return signalPassFailure();
    kernel.walk([&](Operation *op) {
      Type element = resultElementType(op);
      if (!element)
        return;
      if ((element.isBF16() && needsF32(op)) || isBF16ArgReduction(op))
        inF32.push_back(op);
      else if (isa<AbsOp>(op) && element.isSignlessInteger())
        integerAbs.push_back(op);
      else if (isa<ReluOp>(op) && element.isSignlessInteger() &&
               element.getIntOrFloatBitWidth() < 32)
        withTile.push_back(op);
      else if (isa<MaxsOp, MinsOp>(op) && element.isSignlessInteger())
        withTile.push_back(op);
    });
    for (Operation *op : inF32)
      computeInF32(op);
    for (Operation *op : integerAbs)
      absAsMax(op);
    for (Operation *op : withTile)
      withFilledTile(op);
    numRewritten += inF32.size() + integerAbs.size() + withTile.size();
  }

  /// A2/A3's compares (tcmp, tcmps; a select compares its mask with 0)
  /// compute only equality of i32, whatever the mode, and read i16 as
  /// f16 bit patterns: such compares would differ from the program.
  static LogicalResult checkA2A3Compare(Operation *op) {
    // A2/A3's compare gather takes f32 and f16, and i32 for eq.
    if (auto gather = dyn_cast<GatherCompareOp>(op)) {
      Type element =
          cast<ShapedType>(gather.getSource().getType()).getElementType();
      if (element.isSignlessInteger(16) ||
          (element.isSignlessInteger(32) && gather.getMode() != CmpMode::eq))
        return op->emitOpError("'")
               << stringifyCmpMode(gather.getMode()) << "' of " << element
               << " elements is not possible on a2a3: its compare gather "
                  "takes f32 and f16, and i32 for eq (cast to f32, or use a5)";
      return success();
    }
    if (!isa<CmpOp, CmpsOp, SelOp, SelsOp>(op))
      return success();
    Type element =
        cast<ShapedType>(op->getResult(0).getType()).getElementType();
    if (element.isSignlessInteger(16))
      return op->emitOpError("of i16 elements is not possible on a2a3: its "
                             "compare reads them as f16 (use i32, or a5)");
    std::optional<CmpMode> mode;
    if (auto cmp = dyn_cast<CmpOp>(op))
      mode = cmp.getMode();
    else if (auto cmps = dyn_cast<CmpsOp>(op))
      mode = cmps.getMode();
    if (element.isSignlessInteger(32) && mode && *mode != CmpMode::eq &&
        *mode != CmpMode::ne)
      return op->emitOpError("'")
             << stringifyCmpMode(*mode)
             << "' of i32 elements is not possible on a2a3: its compare "
                "computes equality only (compare in f32, or on a5)";
    return success();
  }

  /// bf16 work the arch's vector unit has no instruction for; and a fill
  /// with a bf16 value known only at run time (texpands has no bf16; a
  /// constant one is written as its bit pattern by pypto-lower-to-pto).
  bool needsF32(Operation *op) {
    if (auto full = dyn_cast<FullOp>(op))
      return !matchPattern(full.getValue(), m_Constant());
    if (!isArithmetic(op))
      return false;
    return arch != Arch::a5 || !hasBF16InstructionOnA5(op);
  }

  /// `op` on f32: bf16 tiles are widened, bf16 scalars extended, scratch
  /// tiles created in f32, and the result rounded back to bf16.
  void computeInF32(Operation *op) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Type f32 = builder.getF32Type();
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      if (mapping.contains(operand))
        continue;
      if (auto tile = dyn_cast<TileType>(operand.getType())) {
        if (!tile.getElementType().isBF16())
          continue;
        auto wide = tile.cloneWith(std::nullopt, f32);
        if (operand.getDefiningOp<CreateTileOp>())
          mapping.map(operand, builder.create<CreateTileOp>(loc, wide));
        else
          mapping.map(operand, builder.create<CastOp>(loc, wide, operand,
                                                      RoundMode::rint));
      } else if (operand.getType().isBF16()) {
        mapping.map(operand, builder.create<arith::ExtFOp>(loc, f32, operand));
      }
    }
    Operation *wide = builder.clone(*op, mapping);
    Value result = op->getResult(0);
    auto type = cast<TileType>(result.getType());
    // An arg reduction's i32 indices stay as they are.
    if (!type.getElementType().isBF16()) {
      result.replaceAllUsesWith(wide->getResult(0));
      eraseWithUnusedScratch(op);
      return;
    }
    wide->getResult(0).setType(type.cloneWith(std::nullopt, f32));
    Value narrow =
        builder.create<CastOp>(loc, type, wide->getResult(0), RoundMode::rint);
    result.replaceAllUsesWith(narrow);
    eraseWithUnusedScratch(op);
  }

  /// An arg reduction of bf16 (no bf16 trowargmax/tcolargmax on either
  /// arch): its source widened to f32 exactly, the same indices.
  static bool isBF16ArgReduction(Operation *op) {
    return isa<RowArgmaxOp, RowArgminOp, ColArgmaxOp, ColArgminOp>(op) &&
           cast<TileType>(op->getOperand(0).getType())
               .getElementType()
               .isBF16();
  }

  /// |x| = max(x, x * -1); INT_MIN stays INT_MIN, as in two's complement.
  void absAsMax(Operation *op) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Value source = op->getOperand(0);
    Type type = op->getResult(0).getType();
    Value minusOne = builder.create<arith::ConstantIntOp>(
        loc, -1, cast<TileType>(type).getElementType());
    Value negated = builder.create<MulsOp>(loc, type, source, minusOne);
    op->getResult(0).replaceAllUsesWith(
        builder.create<MaxOp>(loc, type, source, negated));
    op->erase();
  }

  /// maxs/mins(x, s) of integers is max/min(x, full(s)), relu(x) is
  /// max(x, full(0)): ptoas 0.27 lowers tmaxs and tmins with float scalars
  /// only ("ins/outs are not memref yet").
  void withFilledTile(Operation *op) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Type type = op->getResult(0).getType();
    Value scalar = isa<ReluOp>(op)
                       ? builder.create<arith::ConstantIntOp>(
                             loc, 0, cast<TileType>(type).getElementType())
                       : op->getOperand(1);
    Value filled = builder.create<FullOp>(loc, type, scalar);
    Value source = op->getOperand(0);
    Value result =
        isa<MinsOp>(op)
            ? builder.create<MinOp>(loc, type, source, filled).getResult()
            : builder.create<MaxOp>(loc, type, source, filled).getResult();
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }

  static void eraseWithUnusedScratch(Operation *op) {
    SmallVector<Operation *> scratch;
    for (Value operand : op->getOperands())
      if (auto create = operand.getDefiningOp<CreateTileOp>())
        scratch.push_back(create);
    op->erase();
    for (Operation *create : scratch)
      if (create->use_empty())
        create->erase();
  }
};

} // namespace
