//===- TileMatmul.cpp - K-loops for matmuls that exceed L0 -----*- C++ -*-===//
//
// The cube unit reads its operands from L0A/L0B (64 KiB each). A matmul
// whose operands are larger is split along K into a loop of extracts from the
// L1 (`mat`) operands and accumulating matmuls.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "pypto-tile-matmul"

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
};

LogicalResult TileMatmulPass::tile(MatmulOp matmul) {
  auto lhsMove = matmul.getLhs().getDefiningOp<MoveOp>();
  auto rhsMove = matmul.getRhs().getDefiningOp<MoveOp>();
  auto accType = dyn_cast<TileType>(matmul.getResult().getType());
  if (!lhsMove || !rhsMove || !accType)
    return success(); // not the mat -> L0 form the conversion produces
  TileType left = cast<TileType>(matmul.getLhs().getType());
  TileType right = cast<TileType>(matmul.getRhs().getType());
  int64_t m = left.getShape()[0], k = left.getShape()[1];
  int64_t n = right.getShape()[1];
  int64_t inBytes = (left.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  int64_t accBytes = boxedBytes(m, n, 4);
  int64_t capA = *getSpaceCapacity(arch, "left");
  int64_t capB = *getSpaceCapacity(arch, "right");
  int64_t capC = *getSpaceCapacity(arch, "acc");
  if (accBytes > capC)
    return matmul.emitOpError("accumulator of ")
           << m << "x" << n << " needs " << accBytes
           << " bytes of 'acc' memory, the " << arch << " capacity is " << capC
           << " bytes; split the output into smaller tiles";
  auto fits = [&](int64_t kt) {
    return boxedBytes(m, kt, inBytes) <= capA &&
           boxedBytes(kt, n, inBytes) <= capB;
  };
  if (fits(k))
    return success();
  int64_t step = 0;
  for (int64_t kt = k / 2; kt >= 16; --kt)
    if (k % kt == 0 && kt % 16 == 0 && fits(kt)) {
      step = kt;
      break;
    }
  if (!step)
    return matmul.emitOpError("cannot split K = ")
           << k << " into slices that fit L0A and L0B (" << capA << " and "
           << capB << " bytes on " << arch << ")";

  Location loc = matmul.getLoc();
  OpBuilder builder(matmul);
  Value matA = lhsMove.getSource(), matB = rhsMove.getSource();
  auto leftSlice = TileType::get(builder.getContext(), {m, step},
                                 left.getElementType(), MemorySpace::left);
  auto rightSlice = TileType::get(builder.getContext(), {step, n},
                                  right.getElementType(), MemorySpace::right);
  Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
  Value stepValue = builder.create<arith::ConstantIndexOp>(loc, step);
  Value upper = builder.create<arith::ConstantIndexOp>(loc, k);
  Value firstLeft = builder.create<ExtractOp>(loc, leftSlice, matA, zero, zero);
  Value firstRight =
      builder.create<ExtractOp>(loc, rightSlice, matB, zero, zero);
  Value first = builder.create<MatmulOp>(loc, accType, firstLeft, firstRight);
  auto loop = builder.create<scf::ForOp>(
      loc, stepValue, upper, stepValue, ValueRange{first},
      [&](OpBuilder &body, Location bodyLoc, Value kOffset, ValueRange acc) {
        Value l =
            body.create<ExtractOp>(bodyLoc, leftSlice, matA, zero, kOffset);
        Value r =
            body.create<ExtractOp>(bodyLoc, rightSlice, matB, kOffset, zero);
        Value next =
            body.create<MatmulAccOp>(bodyLoc, accType, acc.front(), l, r);
        body.create<scf::YieldOp>(bodyLoc, next);
      });
  matmul.getResult().replaceAllUsesWith(loop.getResult(0));
  matmul.erase();
  for (MoveOp move : {lhsMove, rhsMove})
    if (move->use_empty())
      move.erase();
  ++numTiled;
  return success();
}

void TileMatmulPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  if (failed(verifyArch(kernel, arch)))
    return signalPassFailure();
  if (!isKernelFunction(kernel) || kernel.isExternal())
    return;
  SmallVector<MatmulOp> matmuls;
  kernel.walk([&](MatmulOp matmul) { matmuls.push_back(matmul); });
  for (MatmulOp matmul : matmuls)
    if (failed(tile(matmul)))
      return signalPassFailure();
}

} // namespace
