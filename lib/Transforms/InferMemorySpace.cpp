//===- InferMemorySpace.cpp - on-chip buffer of every tile -----*- C++ -*-===//
//
// Gives every tile without a memory space the buffer its producer writes or
// its consumers read, and inserts the moves between buffers that the
// hardware needs: vector work in vec (UB), matmul operands in left/right
// (L0A/L0B) staged in mat (L1), products in acc (L0C).
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_INFERMEMORYSPACE
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

std::optional<MemorySpace> spaceOf(Value value) {
  auto tile = dyn_cast<TileType>(value.getType());
  return tile ? tile.getSpace() : std::nullopt;
}

bool isCubeOperand(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  if (isa<MatmulOp, MatmulBiasOp>(user))
    return true;
  return isa<MatmulAccOp>(user) && index != 0;
}

/// The space an operand must be in, or nullopt when any space will do.
std::optional<MemorySpace> requiredSpace(OpOperand &use) {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  if (isa<MatmulOp>(user))
    return index == 0 ? MemorySpace::left : MemorySpace::right;
  if (isa<MatmulBiasOp>(user))
    return index == 0   ? MemorySpace::left
           : index == 1 ? MemorySpace::right
                        : MemorySpace::bias;
  if (isa<MatmulAccOp>(user))
    return index == 0   ? MemorySpace::acc
           : index == 1 ? MemorySpace::left
                        : MemorySpace::right;
  if (user->hasTrait<OpTrait::pypto::VectorCompute>() &&
      isa<TileType>(use.get().getType()))
    return MemorySpace::vec;
  // A window of a vector value is copied in vec.
  if (auto extract = dyn_cast<ExtractOp>(user))
    if (spaceOf(extract.getResult()) == MemorySpace::vec)
      return MemorySpace::vec;
  // Rows by index move between GM and vec.
  if (isa<MGatherOp, MScatterOp>(user) && isa<TileType>(use.get().getType()))
    return MemorySpace::vec;
  // A lane's share is sent by the AIC from the matmul's accumulator.
  if (isa<AivShardOp>(user))
    return MemorySpace::acc;
  // The scalar unit reads tile elements from UB only (pto.tgetval).
  if (isa<TPushToAicOp, ReadOp>(user))
    return MemorySpace::vec;
  return std::nullopt;
}

/// Whether `tile` is the accumulator of a matmul_acc, directly or as the
/// initial value of a loop that carries it into one.
bool startsAccumulator(Value tile) {
  for (OpOperand &use : tile.getUses()) {
    if (isa<MatmulAccOp>(use.getOwner()) && use.getOperandNumber() == 0)
      return true;
    if (auto loop = dyn_cast<scf::ForOp>(use.getOwner()))
      if (BlockArgument carried = loop.getTiedLoopRegionIterArg(&use))
        if (startsAccumulator(carried))
          return true;
  }
  return false;
}

class Inference {
public:
  explicit Inference(func::FuncOp kernel) : kernel(kernel) {}

  LogicalResult run() {
    // A branch's results are placed after both branches.
    SmallVector<Operation *> ops;
    kernel.walk([&](Operation *op, const WalkStage &stage) {
      if (isa<scf::IfOp>(op) ? stage.isAfterAllRegions()
                             : stage.isBeforeAllRegions())
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        carry(loop);
        continue;
      }
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        joinBranches(branch);
        continue;
      }
      if (failed(placeResults(op)) || failed(placeOperands(op)))
        return failure();
    }
    return success();
  }

private:
  /// Loop-carried tiles live where their initial value lives, except that a
  /// product carried into vector work (a running sum that starts from a
  /// matmul) is carried in vec, moved there once before the loop.
  void carry(scf::ForOp loop) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      if (!isa<TileType>(init.getType()))
        continue;
      Value carried = init;
      Operation *yielded = yield.getOperand(i).getDefiningOp();
      bool vectorCarried = spaceOf(init) == MemorySpace::acc && yielded &&
                           yielded->hasTrait<OpTrait::pypto::VectorCompute>();
      if (vectorCarried) {
        carried = moveTo(loop, init, MemorySpace::vec);
        loop.getInitArgsMutable()[i].assign(carried);
      }
      loop.getRegionIterArg(i).setType(carried.getType());
      loop.getResult(i).setType(carried.getType());
    }
  }

  /// A branch's tile result lives where the then-branch's value does; the
  /// else-branch's value is moved there when it lives elsewhere.
  void joinBranches(scf::IfOp branch) {
    // An `if` without results may have no else region to yield from.
    if (branch.getNumResults() == 0)
      return;
    auto thenYield = branch.thenYield(), elseYield = branch.elseYield();
    for (OpResult result : branch.getResults()) {
      unsigned i = result.getResultNumber();
      Value thenValue = thenYield.getOperand(i);
      std::optional<MemorySpace> space = spaceOf(thenValue);
      if (!isa<TileType>(result.getType()) || !space)
        continue;
      Value elseValue = elseYield.getOperand(i);
      if (spaceOf(elseValue) != space)
        elseYield->setOperand(i, moveTo(elseYield, elseValue, *space));
      result.setType(thenValue.getType());
    }
  }

  /// The space a result without one gets from its producer, or for loads
  /// and scratch tiles from their consumers.
  LogicalResult placeResults(Operation *op) {
    if (!isa_and_nonnull<PyPTODialect>(op->getDialect())) {
      // Loops and branches get their tiles' spaces in carry/joinBranches.
      for (Value result : op->getResults())
        if (isa<TileType>(result.getType()) && !spaceOf(result) &&
            !isa<scf::ForOp, scf::IfOp>(op))
          return op->emitOpError("produces a tile whose memory space cannot "
                                 "be inferred; give its type a space");
      return success();
    }
    for (OpResult result : op->getResults()) {
      auto type = dyn_cast<TileType>(result.getType());
      if (!type || type.getSpace())
        continue;
      MemorySpace space = MemorySpace::vec;
      if (isa<MatmulOp, MatmulAccOp, MatmulBiasOp>(op)) {
        space = MemorySpace::acc;
      } else if (isa<CreateL1Op, GatherRowOp, TransposeViewOp>(op)) {
        // L1 accumulators and their views stay in L1.
        space = MemorySpace::mat;
      } else if (isa<CreateTileOp>(op) && startsAccumulator(result)) {
        // The placeholder an init_cond matmul_acc overwrites.
        space = MemorySpace::acc;
      } else if (isa<LoadOp, CreateTileOp>(op)) {
        bool cube = false, vector = false;
        for (OpOperand &use : result.getUses())
          (isCubeOperand(use) ? cube : vector) = true;
        // A window both units read is loaded twice: moving it from vec to
        // mat would cross between the cores.
        if (cube && vector)
          if (auto load = dyn_cast<LoadOp>(op))
            splitCubeUses(load);
        space = cube && !vector ? MemorySpace::mat : MemorySpace::vec;
      } else if (isa<ExtractOp>(op) &&
                 spaceOf(op->getOperand(0)) != MemorySpace::mat) {
        // A slice of a computed value (a product is moved to vec first).
        space = MemorySpace::vec;
      } else if (isa<MGatherOp>(op)) {
        space = MemorySpace::vec;
      } else if (isa<AivShardOp>(op)) {
        space = MemorySpace::vec; // received by the lane
      } else if (!op->hasTrait<OpTrait::pypto::VectorCompute>()) {
        return op->emitOpError("produces a tile whose memory space cannot be "
                               "inferred; give its type a space");
      }
      result.setType(type.withSpace(space));
      ++numPlaced;
    }
    return success();
  }

  /// Gives the cube users of `load` their own load into mat.
  void splitCubeUses(LoadOp load) {
    OpBuilder builder(load);
    auto type = cast<TileType>(load.getType()).withSpace(MemorySpace::mat);
    auto copy = builder.create<LoadOp>(load.getLoc(), type, load.getSource(),
                                       load.getOffsets(), load.getWindowAttr(),
                                       load.getPeer(), load.getValid(),
                                       load.getTranspose());
    load.getResult().replaceUsesWithIf(copy.getResult(), isCubeOperand);
    ++numSplitLoads;
  }

  /// Moves each operand into the space its user needs.
  LogicalResult placeOperands(Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      std::optional<MemorySpace> required = requiredSpace(use);
      std::optional<MemorySpace> current = spaceOf(use.get());
      if (!required || !current || *required == *current)
        continue;
      if (isa<AivShardOp>(op))
        return op->emitOpError("takes a matmul result (acc); its operand is "
                               "in ")
               << stringifyMemorySpace(*current)
               << ": a vector value is already on the AIV lanes, slice it at "
                  "the lane's offset instead";
      if (*required == MemorySpace::acc) {
        InFlightDiagnostic diag =
            op->emitOpError("accumulates into a tile in '")
            << stringifyMemorySpace(*current)
            << "'; the accumulator must be the result of a matmul";
        auto carried = dyn_cast<BlockArgument>(use.get());
        if (carried && isa<scf::ForOp>(carried.getOwner()->getParentOp()))
          diag << " (this loop carries it in from the value it starts with: "
                  "start it from a matmul, or make the first product on an "
                  "`iv == lb` branch of a loop with constant bounds)";
        return diag;
      }
      use.set(moveTo(op, use.get(), *required));
    }
    // A loop yields its carried tiles where the loop keeps them.
    if (auto yield = dyn_cast<scf::YieldOp>(op))
      if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp()))
        for (OpOperand &use : yield->getOpOperands()) {
          Type carried =
              loop.getRegionIterArg(use.getOperandNumber()).getType();
          std::optional<MemorySpace> current = spaceOf(use.get());
          auto carriedTile = dyn_cast<TileType>(carried);
          if (!carriedTile || !current || carriedTile.getSpace() == current)
            continue;
          if (!carriedTile.getSpace())
            return loop.emitOpError("carries a tile whose memory space cannot "
                                    "be inferred; give its type a space");
          if (carriedTile.getSpace() == MemorySpace::acc)
            return op->emitOpError("yields a tile in '")
                   << stringifyMemorySpace(*current)
                   << "' for a loop-carried accumulator; it must be the "
                      "result of a matmul";
          use.set(moveTo(op, use.get(), *carriedTile.getSpace()));
        }
    return success();
  }

  /// `value` moved into `space`: matmul operands are staged in mat, and a
  /// product reaches vec directly.
  Value moveTo(Operation *user, Value value, MemorySpace space) {
    auto key = std::make_pair(value, space);
    if (Value moved = moves.lookup(key))
      return moved;
    OpBuilder builder(user);
    // Right after the definition: the move dominates every user of the
    // value, so they all share it.
    if (Operation *def = value.getDefiningOp())
      builder.setInsertionPointAfter(def);
    else
      builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    auto type = cast<TileType>(value.getType());
    Value moved = value;
    // L0A, L0B and the bias table are filled from L1.
    bool toL0 = space == MemorySpace::left || space == MemorySpace::right ||
                space == MemorySpace::bias;
    if (toL0 && type.getSpace() != MemorySpace::mat) {
      moved = builder.create<MoveOp>(user->getLoc(),
                                     type.withSpace(MemorySpace::mat), moved);
      ++numMoves;
    }
    moved =
        builder.create<MoveOp>(user->getLoc(), type.withSpace(space), moved);
    ++numMoves;
    moves[key] = moved;
    return moved;
  }

  func::FuncOp kernel;
  DenseMap<std::pair<Value, MemorySpace>, Value> moves;

public:
  unsigned numPlaced = 0, numMoves = 0, numSplitLoads = 0;
};

struct InferMemorySpacePass
    : public mlir::pypto::impl::InferMemorySpaceBase<InferMemorySpacePass> {
  using InferMemorySpaceBase::InferMemorySpaceBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!isKernelFunction(func) || func.isExternal())
      return;
    Inference inference(func);
    if (failed(inference.run()))
      return signalPassFailure();
    numPlaced += inference.numPlaced;
    numMoves += inference.numMoves;
    numSplitLoads += inference.numSplitLoads;
  }
};

} // namespace
