//===- TileMatmul.cpp - K-loops for matmuls that exceed L0 -----*- C++ -*-===//
//
// The cube unit reads its operands from L0A/L0B (64 KiB each) and
// accumulates in L0C. A matmul whose operands are larger is split along K
// into a loop of extracts from the L1 (`mat`) operands and accumulating
// matmuls; one whose product is larger is computed one output tile at a
// time.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_TILEMATMUL
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

/// Bytes of a rows x cols tile in a boxed L0 layout (16-row boxes of 32-byte
/// rows, or the transpose; both round each dimension the same way here).
int64_t boxedBytes(int64_t rows, int64_t cols, int64_t elementBytes) {
  int64_t perBlock = std::max<int64_t>(1, 32 / elementBytes);
  return roundUp(rows, 16) * roundUp(cols, std::max<int64_t>(16, perBlock)) *
         elementBytes;
}

struct TileMatmulPass
    : public mlir::pypto::impl::TileMatmulBase<TileMatmulPass> {
  using TileMatmulBase::TileMatmulBase;
  void runOnOperation() override;

private:
  LogicalResult tile(MatmulOp matmul);
  LogicalResult tile(MatmulAccOp matmul);
  LogicalResult tile(MatmulBiasOp matmul);
  LogicalResult splitK(Operation *matmul, Value lhs, Value rhs, Value acc,
                       Value init, Value bias);
};

/// The largest divisor of `n` that is a multiple of 16 (or `n` itself) and
/// below `limit`, satisfying `fits`; 0 if none.
int64_t largestStep(int64_t n, function_ref<bool(int64_t)> fits) {
  if (fits(n))
    return n;
  for (int64_t step = n / 2; step >= 16; --step)
    if (n % step == 0 && step % 16 == 0 && fits(step))
      return step;
  return 0;
}

/// A matmul's operands in the mat -> L0 form the conversion produces, their
/// sizes, and the L0A/L0B capacities of the arch.
struct CubeOperands {
  MoveOp lhsMove, rhsMove;
  int64_t m, k, n, inBytes, capA, capB;

  /// Whether mc x kt and kt x nc slices fit L0A and L0B.
  bool fit(int64_t mc, int64_t kt, int64_t nc) const {
    return boxedBytes(mc, kt, inBytes) <= capA &&
           boxedBytes(kt, nc, inBytes) <= capB;
  }

  /// The widest K slice that fits with an mc x nc output tile, or an error
  /// at `matmul`.
  FailureOr<int64_t> kStep(Operation *matmul, int64_t mc, int64_t nc,
                           Arch arch) const {
    int64_t step = largestStep(k, [&](int64_t kt) { return fit(mc, kt, nc); });
    if (!step)
      return matmul->emitOpError("cannot split K = ")
             << k << " into slices that fit L0A and L0B (" << capA << " and "
             << capB << " bytes on " << stringifyArch(arch) << ")";
    return step;
  }

  void eraseUnusedMoves() {
    for (MoveOp move : {lhsMove, rhsMove})
      if (move->use_empty())
        move.erase();
  }
};

std::optional<CubeOperands> cubeOperands(Value lhs, Value rhs, Value result,
                                         Arch arch) {
  auto lhsMove = lhs.getDefiningOp<MoveOp>();
  auto rhsMove = rhs.getDefiningOp<MoveOp>();
  if (!lhsMove || !rhsMove || !isa<TileType>(result.getType()))
    return std::nullopt;
  auto left = cast<TileType>(lhs.getType());
  auto right = cast<TileType>(rhs.getType());
  return CubeOperands{lhsMove,
                      rhsMove,
                      left.getShape()[0],
                      left.getShape()[1],
                      right.getShape()[1],
                      (left.getElementType().getIntOrFloatBitWidth() + 7) / 8,
                      getSpaceCapacity(arch, MemorySpace::left),
                      getSpaceCapacity(arch, MemorySpace::right)};
}

/// The product of the mc x k window of `matA` at row `aRow` and the
/// k x nc window of `matB` at column `bCol`, in K slices of `kStep`: a
/// matmul (or a matmul_acc onto `initialAcc`, when given, with its
/// init_cond `init`; a matmul_bias with `bias`), then an scf.for of
/// accumulating steps.
Value buildProduct(OpBuilder &builder, Location loc, Value zero, Value matA,
                   Value aRow, Value matB, Value bCol, int64_t mc, int64_t nc,
                   int64_t k, int64_t kStep, Value initialAcc = Value(),
                   Value init = Value(), Value bias = Value()) {
  auto a = cast<TileType>(matA.getType());
  auto b = cast<TileType>(matB.getType());
  MLIRContext *ctx = builder.getContext();
  auto leftSlice =
      TileType::get(ctx, {mc, kStep}, a.getElementType(), MemorySpace::left);
  auto rightSlice =
      TileType::get(ctx, {kStep, nc}, b.getElementType(), MemorySpace::right);
  auto accType =
      TileType::get(ctx, {mc, nc}, builder.getF32Type(), MemorySpace::acc);
  if (a.getElementType().isInteger(8))
    accType =
        TileType::get(ctx, {mc, nc}, builder.getI32Type(), MemorySpace::acc);
  // The loop bounds first, where a reader of the IR expects them.
  Value stepValue, upper;
  if (kStep != k) {
    stepValue = builder.create<arith::ConstantIndexOp>(loc, kStep);
    upper = builder.create<arith::ConstantIndexOp>(loc, k);
  }
  Value firstLeft = builder.create<ExtractOp>(loc, leftSlice, matA, aRow, zero);
  Value firstRight =
      builder.create<ExtractOp>(loc, rightSlice, matB, zero, bCol);
  Value first =
      initialAcc
          ? builder
                .create<MatmulAccOp>(loc, accType, initialAcc, firstLeft,
                                     firstRight, init, UnitAttr(), UnitAttr())
                .getResult()
      : bias
          ? builder
                .create<MatmulBiasOp>(loc, accType, firstLeft, firstRight, bias)
                .getResult()
          : builder.create<MatmulOp>(loc, accType, firstLeft, firstRight)
                .getResult();
  if (kStep == k)
    return first;
  auto loop = builder.create<scf::ForOp>(
      loc, stepValue, upper, stepValue, ValueRange{first},
      [&](OpBuilder &body, Location bodyLoc, Value kOffset, ValueRange acc) {
        Value l =
            body.create<ExtractOp>(bodyLoc, leftSlice, matA, aRow, kOffset);
        Value r =
            body.create<ExtractOp>(bodyLoc, rightSlice, matB, kOffset, bCol);
        Value next =
            body.create<MatmulAccOp>(bodyLoc, accType, acc.front(), l, r);
        body.create<scf::YieldOp>(bodyLoc, next);
      });
  return loop.getResult(0);
}

LogicalResult TileMatmulPass::tile(MatmulOp matmul) {
  std::optional<CubeOperands> cube =
      cubeOperands(matmul.getLhs(), matmul.getRhs(), matmul.getResult(), arch);
  if (!cube)
    return success(); // not the mat -> L0 form the conversion produces
  int64_t m = cube->m, k = cube->k, n = cube->n;
  int64_t capC = getSpaceCapacity(arch, MemorySpace::acc);

  // Output tiles that fit L0C: the widest (then tallest) tile whose sides
  // divide N and M and are multiples of 16 or the whole side.
  auto sides = [](int64_t n) {
    SmallVector<int64_t> out{n};
    for (int64_t t = n / 2; t >= 16; --t)
      if (n % t == 0 && t % 16 == 0)
        out.push_back(t);
    return out;
  };
  int64_t mc = 0, nc = 0;
  for (int64_t ncCandidate : sides(n)) {
    for (int64_t mcCandidate : sides(m))
      if (boxedBytes(mcCandidate, ncCandidate, 4) <= capC) {
        mc = mcCandidate;
        nc = ncCandidate;
        break;
      }
    if (nc)
      break;
  }
  int64_t accBytes = boxedBytes(m, n, 4);
  bool splitOutput = !nc || mc != m || nc != n;
  if (!splitOutput && cube->fit(mc, k, nc))
    return success();
  if (!mc || !nc)
    return matmul.emitOpError("accumulator of ")
           << m << "x" << n << " needs " << accBytes
           << " bytes of 'acc' memory, the " << stringifyArch(arch)
           << " capacity is " << capC
           << " bytes, and no output tile of it fits; split the output into "
              "smaller tiles";
  FailureOr<int64_t> kStep = cube->kStep(matmul, mc, nc, arch);
  if (failed(kStep))
    return failure();
  int64_t step = *kStep;

  Location loc = matmul.getLoc();
  OpBuilder builder(matmul);
  Value matA = cube->lhsMove.getSource(), matB = cube->rhsMove.getSource();
  if (!splitOutput) {
    Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
    Value product =
        buildProduct(builder, loc, zero, matA, zero, matB, zero, m, n, k, step);
    matmul.getResult().replaceAllUsesWith(product);
  } else {
    // A product larger than L0C is computed and stored one output tile at a
    // time, so it must go straight to global memory.
    if (!matmul->hasOneUse() || !isa<StoreOp>(*matmul->user_begin())) {
      Operation *user = matmul->use_empty() ? nullptr : *matmul->user_begin();
      InFlightDiagnostic diag = matmul.emitOpError("accumulator of ")
                                << m << "x" << n << " needs " << accBytes
                                << " bytes of 'acc' memory, the "
                                << stringifyArch(arch) << " capacity is "
                                << capC
                                << " bytes; only a product stored straight to "
                                   "global memory is split into output tiles";
      if (user)
        diag.attachNote(user->getLoc()) << "used here";
      return diag;
    }
    auto store = cast<StoreOp>(*matmul->user_begin());
    auto refuseStore = [&](StringRef which) {
      InFlightDiagnostic diag = matmul.emitOpError("accumulator of ")
                                << m << "x" << n
                                << " is split into output tiles, which a store "
                                << which;
      diag.attachNote(store.getLoc()) << "stored here";
      return diag;
    };
    if (!hasUnitLeadingDims(store.getWindowShape()))
      return refuseStore("into an N-D window with leading dimensions other "
                         "than 1 does not support");
    if (!store.getValid().empty())
      return refuseStore("of a valid shape does not support yet");
    builder.setInsertionPoint(store);
    Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
    auto bound = [&](int64_t v) {
      return builder.create<arith::ConstantIndexOp>(loc, v).getResult();
    };
    auto rows = builder.create<scf::ForOp>(loc, zero, bound(m), bound(mc));
    builder.setInsertionPointToStart(rows.getBody());
    auto cols = builder.create<scf::ForOp>(loc, zero, bound(n), bound(nc));
    builder.setInsertionPointToStart(cols.getBody());
    Value m0 = rows.getInductionVar(), n0 = cols.getInductionVar();
    Value product =
        buildProduct(builder, loc, zero, matA, m0, matB, n0, mc, nc, k, step);
    // The output tile's window: the last two dimensions moved by (m0, n0),
    // the leading ones (of size 1) kept.
    SmallVector<Value> offsets(store.getOffsets());
    size_t rank = offsets.size();
    offsets[rank - 2] =
        builder.create<arith::AddIOp>(loc, offsets[rank - 2], m0);
    offsets[rank - 1] =
        builder.create<arith::AddIOp>(loc, offsets[rank - 1], n0);
    DenseI64ArrayAttr window;
    if (store.getWindow()) {
      SmallVector<int64_t> shape = store.getWindowShape();
      shape[rank - 2] = mc;
      shape[rank - 1] = nc;
      window = builder.getDenseI64ArrayAttr(shape);
    }
    builder.create<StoreOp>(store.getLoc(), product, store.getDest(), offsets,
                            window, store.getPeer(), /*valid=*/ValueRange(),
                            store.getAtomicAddAttr());
    store.erase();
  }
  matmul.erase();
  cube->eraseUnusedMoves();
  ++numTiled;
  return success();
}

/// A matmul whose operands exceed L0A/L0B but whose product fits L0C: a
/// K-loop, its first slice onto `acc` (with init_cond `init`) or with the
/// `bias`, when given.
LogicalResult TileMatmulPass::splitK(Operation *matmul, Value lhs, Value rhs,
                                     Value acc, Value init, Value bias) {
  Value result = matmul->getResult(0);
  std::optional<CubeOperands> cube = cubeOperands(lhs, rhs, result, arch);
  if (!cube || cube->fit(cube->m, cube->k, cube->n))
    return success();
  FailureOr<int64_t> step = cube->kStep(matmul, cube->m, cube->n, arch);
  if (failed(step))
    return failure();
  Location loc = matmul->getLoc();
  OpBuilder builder(matmul);
  Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
  Value product = buildProduct(builder, loc, zero, cube->lhsMove.getSource(),
                               zero, cube->rhsMove.getSource(), zero, cube->m,
                               cube->n, cube->k, *step, acc, init, bias);
  result.replaceAllUsesWith(product);
  matmul->erase();
  cube->eraseUnusedMoves();
  ++numTiled;
  return success();
}

/// An accumulating matmul: its product is the accumulator it is given, in
/// L0C already, so only K is split.
LogicalResult TileMatmulPass::tile(MatmulAccOp matmul) {
  return splitK(matmul, matmul.getLhs(), matmul.getRhs(), matmul.getAcc(),
                matmul.getInit(), Value());
}

/// A biased product: only K is split (an output tile would need the bias's
/// columns).
LogicalResult TileMatmulPass::tile(MatmulBiasOp matmul) {
  return splitK(matmul, matmul.getLhs(), matmul.getRhs(), Value(), Value(),
                matmul.getBias());
}

void TileMatmulPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  if (!isKernelFunction(kernel) || kernel.isExternal())
    return;
  SmallVector<MatmulOp> matmuls;
  SmallVector<MatmulAccOp> accumulating;
  kernel.walk([&](MatmulOp matmul) { matmuls.push_back(matmul); });
  kernel.walk([&](MatmulAccOp matmul) { accumulating.push_back(matmul); });
  SmallVector<MatmulBiasOp> biased;
  kernel.walk([&](MatmulBiasOp matmul) { biased.push_back(matmul); });
  for (MatmulBiasOp matmul : biased)
    if (failed(tile(matmul)))
      return signalPassFailure();
  for (MatmulOp matmul : matmuls)
    if (failed(tile(matmul)))
      return signalPassFailure();
  // The K-loops made above accumulate in slices that fit already.
  for (MatmulAccOp matmul : accumulating)
    if (failed(tile(matmul)))
      return signalPassFailure();
}

} // namespace
