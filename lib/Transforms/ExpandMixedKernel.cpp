//===- ExpandMixedKernel.cpp - split cube/vector kernels -------*- C++ -*-===//
//
// A kernel with tiles in both cube memory and vec runs as one MixedKernels
// task: an AIC part and an AIV part that exchange tiles through a pipe. The
// side of every op follows from the memory spaces of its tiles; a move
// between the sides is where a tile crosses.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include <limits>

namespace mlir::pypto {
#define GEN_PASS_DEF_EXPANDMIXEDKERNEL
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

enum class Side { shared, cube, vector, crossing };

constexpr int64_t kAlignment = 32;

std::optional<Side> sideOfType(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile || !tile.getSpace())
    return std::nullopt;
  return *tile.getSpace() == MemorySpace::vec ? Side::vector : Side::cube;
}

/// Cube or vector by the spaces of an op's tiles; a move between the two is
/// a crossing; ops without tiles (scalars, loops) are shared.
Side sideOf(Operation *op) {
  if (!isa_and_nonnull<PyPTODialect>(op->getDialect()))
    return Side::shared;
  if (isa<GetSubblockIdxOp>(op))
    return Side::vector; // the AIC has no lane
  if (auto barrier = dyn_cast<SyncAllOp>(op))
    switch (barrier.getCoreType()) {
    case SyncCoreType::aiv_only:
      return Side::vector;
    case SyncCoreType::aic_only:
      return Side::cube;
    case SyncCoreType::mix:
      return Side::shared; // both parts wait in it
    }
  bool cube = false, vector = false;
  auto note = [&](Type type) {
    if (std::optional<Side> side = sideOfType(type))
      (*side == Side::cube ? cube : vector) = true;
  };
  llvm::for_each(op->getOperandTypes(), note);
  llvm::for_each(op->getResultTypes(), note);
  if (cube && vector)
    return Side::crossing;
  return cube ? Side::cube : vector ? Side::vector : Side::shared;
}

/// Whether a crossing (a move, or a lane's shard) goes from cube to vector
/// (else vector to cube).
bool isCubeToVector(Operation *crossing) {
  return sideOfType(crossing->getOperand(0).getType()) == Side::cube;
}

/// The split_aiv region around `op`, if any.
SplitAivOp enclosingRegion(Operation *op) {
  return op->getParentOfType<SplitAivOp>();
}

/// The kernel parameter a load reads or a store writes.
Value tensorOf(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return load.getSource();
  if (auto store = dyn_cast<StoreOp>(op))
    return store.getDest();
  return Value();
}

class KernelSplitter {
public:
  KernelSplitter(func::FuncOp kernel, Arch arch) : kernel(kernel), arch(arch) {}

  /// Splits the kernel if it mixes sides; `split` tells whether it did.
  LogicalResult run(SymbolTable &symbols, bool &split) {
    split = false;
    bool cube = false, vector = false;
    SmallVector<Operation *> crossings;
    WalkResult walked = kernel.walk([&](Operation *op) {
      Side side = sideOf(op);
      cube |= side == Side::cube;
      vector |= side == Side::vector;
      if (side != Side::crossing)
        return WalkResult::advance();
      if (!isa<MoveOp, AivShardOp>(op)) {
        op->emitOpError("mixes cube and vector tiles; only pypto.move may "
                        "cross between the two");
        return WalkResult::interrupt();
      }
      crossings.push_back(op);
      return WalkResult::advance();
    });
    if (walked.wasInterrupted())
      return failure();
    SmallVector<SplitAivOp> regions;
    kernel.walk([&](SplitAivOp region) { regions.push_back(region); });
    if (!regions.empty() && failed(checkSplitKernel(crossings)))
      return failure();
    if (!cube && !regions.empty()) {
      // Vector work only: one kernel that both lanes run.
      inlineRegionsForAiv(kernel);
      markBothLanes(kernel);
      return success();
    }
    if (crossings.empty() && !(cube && vector) && regions.empty())
      return success();
    // Both parts would run a signal, so a peer would see it twice. A notify
    // in a split_aiv region is the AIV lanes' alone.
    WalkResult signals = kernel.walk([&](Operation *op) {
      if (!isa<NotifyOp, WaitOp>(op) ||
          (isa<NotifyOp>(op) && enclosingRegion(op)))
        return WalkResult::advance();
      op->emitOpError("in a kernel with cube and vector work is not "
                      "supported yet; signal from a kernel of one core type");
      return WalkResult::interrupt();
    });
    if (signals.wasInterrupted())
      return failure();
    if (failed(checkGlobalMemoryHazards()))
      return failure();

    // One slot holds the largest tile that crosses, in the consumer's layout.
    // A lane's shard is half of the tile the AIC sends whole.
    for (Operation *crossing : crossings) {
      FailureOr<TileLayout> layout =
          getTileLayout(crossing->getResult(0), arch);
      if (failed(layout))
        return failure();
      int64_t bytes = layout->numBytes;
      if (isa<AivShardOp>(crossing) && splitMode != SplitMode::none)
        bytes *= 2;
      slotSize = std::max(slotSize,
                          (bytes + kAlignment - 1) / kAlignment * kAlignment);
      dirMask |= isCubeToVector(crossing) ? 1 : 2;
    }

    StringRef name = kernel.getSymName();
    auto aic = cast<func::FuncOp>(kernel->clone());
    auto aiv = cast<func::FuncOp>(kernel->clone());
    aic.setSymName((name + "_aic").str());
    aiv.setSymName((name + "_aiv").str());
    aic->setAttr(attr::kKind, StringAttr::get(kernel.getContext(), kind::kAIC));
    aiv->setAttr(attr::kKind, StringAttr::get(kernel.getContext(), kind::kAIV));
    symbols.insert(aic, std::next(Block::iterator(kernel)));
    symbols.insert(aiv, std::next(Block::iterator(aic)));

    if (failed(buildPart(aic, Side::cube)) ||
        failed(buildPart(aiv, Side::vector)))
      return failure();
    if (!regions.empty())
      markBothLanes(aiv);
    // The hardware's slot count, the only one ptoas 0.27 knows, unless those
    // slots would leave a consumer no room for two more tiles of the slot's
    // size: then the fewest that keep both parts going (two, or the most
    // received tiles live at once), which the built-in lowering runs and
    // ptoas 0.27 cannot express (it has no slot_num). A part that keeps more
    // received tiles live at once than the pipe has slots would wait for
    // itself.
    int64_t slots = pto::getHardwareSlotCount(dirMask);
    if ((slots + 2) * slotSize > consumerCapacity())
      slots = std::max<int64_t>(2, mostLive);
    if (busiestPop && mostLive > slots)
      return busiestPop->emitOpError("receives a tile while ")
             << mostLive - 1
             << " earlier received tiles are still live; a pipe has " << slots
             << " slots per direction"
             << (dirMask == 3 ? " when it carries tiles both ways" : "")
             << ", so use (or copy) received tiles before receiving more";
    // Parts that exchange no tile need no pipe.
    if (dirMask &&
        (failed(addPipeSetup(aic, slots)) || failed(addPipeSetup(aiv, slots))))
      return failure();

    // The original becomes the group: the call target of the orchestration.
    Block &body = kernel.getBody().front();
    SmallVector<Operation *> bodyOps;
    for (Operation &op : body.without_terminator())
      bodyOps.push_back(&op);
    for (Operation *op : llvm::reverse(bodyOps))
      op->erase();
    kernel->setAttr(attr::kKind,
                    StringAttr::get(kernel.getContext(), kind::kGroup));
    kernel->setAttr(attr::kAicPart, FlatSymbolRefAttr::get(aic));
    kernel->setAttr(attr::kAivPart, FlatSymbolRefAttr::get(aiv));
    split = true;
    return success();
  }

private:
  /// A kernel with split_aiv regions: its vector work is in the regions,
  /// its cube work outside them, and cube values reach the lanes only
  /// through aiv_shard, in one split mode.
  LogicalResult checkSplitKernel(ArrayRef<Operation *> crossings) {
    Operation *firstShard = nullptr;
    for (Operation *crossing : crossings) {
      if (auto move = dyn_cast<MoveOp>(crossing)) {
        if (isCubeToVector(move))
          return move.emitOpError(
              "carries a cube value to the AIV lanes unnamed; in a kernel "
              "with split_aiv regions read it with pypto.aiv_shard in a "
              "region");
        return move.emitOpError(
            "carries a vector value to the AIC, which kernels with split_aiv "
            "regions do not support yet (no aic_gather)");
      }
      SplitMode mode = enclosingRegion(crossing).getMode();
      if (!firstShard) {
        firstShard = crossing;
        splitMode = mode;
      } else if (mode != splitMode) {
        InFlightDiagnostic diag =
            crossing->emitOpError("crosses with split ")
            << stringifySplitMode(mode) << ", but another crossing of this "
            << "kernel uses " << stringifySplitMode(splitMode)
            << "; a kernel's crossings share one pipe and its split mode";
        diag.attachNote(firstShard->getLoc()) << "the other crossing";
        return diag;
      }
    }
    WalkResult walked = kernel.walk([&](Operation *op) {
      Side side = sideOf(op);
      bool inRegion = enclosingRegion(op) != nullptr;
      if (side == Side::cube && inRegion) {
        op->emitOpError("is cube work inside a 'pypto.split_aiv' region, "
                        "which only the AIV lanes run; compute it before the "
                        "region and read it with pypto.aiv_shard");
        return WalkResult::interrupt();
      }
      // Dead vector values (a K-loop's initial value that init_cond made a
      // placeholder) are dropped, not run.
      if (side == Side::vector && !inRegion &&
          !isa<LoadOp, StoreOp, ReadOp, WriteOp, GetSubblockIdxOp, SyncAllOp>(
              op) &&
          !isOpTriviallyDead(op)) {
        op->emitOpError("is vector work outside every 'pypto.split_aiv' "
                        "region of a kernel that has them; both AIV lanes "
                        "would run it: put it in a region (none keeps it "
                        "whole)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(walked.wasInterrupted());
  }

  /// `part` runs on both AIV lanes of a cluster.
  static void markBothLanes(func::FuncOp part) {
    part->setAttr(attr::kAivLanes,
                  IntegerAttr::get(IntegerType::get(part.getContext(), 64), 2));
  }

  /// The AIC sends each region's shards, in order, where the region was;
  /// the region itself is the lanes' alone.
  void lowerRegionsForAic(func::FuncOp part) {
    SmallVector<SplitAivOp> regions;
    part.walk([&](SplitAivOp region) { regions.push_back(region); });
    for (SplitAivOp region : regions) {
      OpBuilder builder(region);
      for (auto shard : region.getBody().getOps<AivShardOp>())
        builder.create<TPushToAivOp>(shard.getLoc(), shard.getSource(),
                                     region.getMode());
      region.erase();
    }
  }

  /// A lane runs each region's body in place, the region's argument being
  /// its lane index.
  static void inlineRegionsForAiv(func::FuncOp part) {
    SmallVector<SplitAivOp> regions;
    part.walk([&](SplitAivOp region) { regions.push_back(region); });
    for (SplitAivOp region : regions) {
      OpBuilder builder(region);
      Value lane = builder.create<GetSubblockIdxOp>(region.getLoc(),
                                                    builder.getIndexType());
      Block &body = region.getBody().front();
      body.getArgument(0).replaceAllUsesWith(lane);
      region->getBlock()->getOperations().splice(Block::iterator(region),
                                                 body.getOperations());
      region.erase();
    }
  }

  /// The smallest memory a consumer of the pipe reserves its slots in: vec
  /// (the AIV receives cube-to-vector tiles), mat (the AIC receives
  /// vector-to-cube tiles).
  int64_t consumerCapacity() const {
    int64_t smallest = std::numeric_limits<int64_t>::max();
    for (auto [bit, space] :
         {std::pair(1, MemorySpace::vec), std::pair(2, MemorySpace::mat)})
      if (dirMask & bit)
        smallest = std::min(smallest, getSpaceCapacity(arch, space));
    return smallest;
  }

  /// The side that runs a GM write: a store's tile says; the AIV part
  /// writes single elements.
  static Side writerSide(Operation *op) {
    return isa<WriteOp>(op) ? Side::vector : sideOf(op);
  }

  /// Whether a `pypto.syncall mix` lies between `from` and `to` in
  /// execution order, in their closest common block (after `from`, then
  /// around the loop, when `to` comes first).
  static bool barrierBetween(Operation *from, Operation *to) {
    Block *common = from->getBlock();
    while (common && !common->findAncestorOpInBlock(*to))
      common =
          common->getParentOp() ? common->getParentOp()->getBlock() : nullptr;
    if (!common)
      return false;
    Operation *fromAt = common->findAncestorOpInBlock(*from);
    Operation *toAt = common->findAncestorOpInBlock(*to);
    bool forward = fromAt->isBeforeInBlock(toAt);
    for (Operation &op : *common) {
      bool between =
          forward ? fromAt->isBeforeInBlock(&op) && op.isBeforeInBlock(toAt)
                  : fromAt->isBeforeInBlock(&op) || op.isBeforeInBlock(toAt);
      if (!between)
        continue;
      bool barrier = false;
      op.walk([&](SyncAllOp sync) {
        barrier |= sync.getCoreType() == SyncCoreType::mix;
      });
      if (barrier)
        return true;
    }
    return false;
  }

  /// A write and a read of one tensor that a barrier of every part keeps
  /// apart: the read sees the write; in a loop, the next iteration's write
  /// also waits for this one's read.
  static bool separatedByBarriers(Operation *writer, Operation *reader) {
    if (!barrierBetween(writer, reader))
      return false;
    bool inLoop = false;
    for (Operation *parent = writer->getParentOp(); parent;
         parent = parent->getParentOp())
      inLoop |= isa<scf::ForOp>(parent) && parent->isAncestor(reader);
    return !inLoop || barrierBetween(reader, writer);
  }

  /// The parts run concurrently: a tensor one part writes and the other
  /// reads would race, unless a barrier of every part keeps them apart. A
  /// single-element read in GM is scalar work both parts may do, so it races
  /// with any write of its tensor.
  LogicalResult checkGlobalMemoryHazards() {
    DenseMap<Value, SmallVector<Operation *>> written;
    kernel.walk([&](Operation *op) {
      if (auto store = dyn_cast<StoreOp>(op))
        written[store.getDest()].push_back(op);
      else if (auto write = dyn_cast<WriteOp>(op))
        written[write.getDest()].push_back(op);
      else if (auto scatter = dyn_cast<MScatterOp>(op))
        written[scatter.getTable()].push_back(op);
    });
    WalkResult walked = kernel.walk([&](Operation *op) {
      Value source;
      bool bothSides = false;
      if (auto load = dyn_cast<LoadOp>(op)) {
        source = load.getSource();
      } else if (auto gather = dyn_cast<MGatherOp>(op)) {
        source = gather.getTable();
      } else if (auto read = dyn_cast<ReadOp>(op);
                 read && isa<GMTensorType>(read.getSource().getType())) {
        source = read.getSource();
        bothSides = true;
      } else {
        return WalkResult::advance();
      }
      Operation *writer = nullptr;
      for (Operation *candidate : written.lookup(source))
        if ((bothSides || writerSide(candidate) != sideOf(op)) &&
            !separatedByBarriers(candidate, op))
          writer = candidate;
      if (!writer)
        return WalkResult::advance();
      InFlightDiagnostic diag = op->emitOpError(
          "reads a tensor that the other core type of this mixed kernel "
          "writes; the AIC and AIV parts run concurrently, so pass the "
          "value as a tile (or split the kernel in two)");
      diag.attachNote(writer->getLoc()) << "written here";
      return WalkResult::interrupt();
    });
    return failure(walked.wasInterrupted());
  }

  /// Keeps `side`'s work in `part`, turning crossings into pipe ops.
  LogicalResult buildPart(func::FuncOp part, Side side) {
    if (side == Side::cube)
      lowerRegionsForAic(part);
    else
      inlineRegionsForAiv(part);
    SmallVector<Operation *> dropped, pops;
    part.walk([&](Operation *op) {
      Side opSide = sideOf(op);
      if (opSide == Side::crossing) {
        // A shard reaches here on the AIV only: the AIC pushed it already.
        Operation *move = op;
        Location loc = move->getLoc();
        Value source = move->getOperand(0), result = move->getResult(0);
        bool toVector = isCubeToVector(move);
        bool produces = (side == Side::cube) == toVector;
        OpBuilder builder(move);
        if (produces) {
          if (toVector)
            builder.create<TPushToAivOp>(loc, source);
          else
            builder.create<TPushToAicOp>(loc, source);
          dropped.push_back(move);
          return;
        }
        Operation *pop =
            toVector ? builder.create<TPopFromAicOp>(loc, result.getType(),
                                                     splitMode)
                     : builder.create<TPopFromAivOp>(loc, result.getType());
        Value popped = pop->getResult(0);
        result.replaceAllUsesWith(popped);
        // fillpad and reshape view their source's buffer at a planned
        // address, and a popped tile lives in a pipe slot: they view a copy.
        SmallVector<OpOperand *> padded;
        for (OpOperand &use : popped.getUses())
          if (isa<FillPadOp, ReshapeOp>(use.getOwner()))
            padded.push_back(&use);
        if (!padded.empty()) {
          Value copy = builder.create<MoveOp>(loc, popped.getType(), popped);
          for (OpOperand *use : padded)
            use->set(copy);
        }
        dropped.push_back(move);
        pops.push_back(pop);
        return;
      }
      if ((opSide != Side::shared && opSide != side) ||
          (isa<WriteOp>(op) && writerSide(op) != side))
        dropped.push_back(op);
    });
    llvm::DenseSet<Operation *> droppedSet(dropped.begin(), dropped.end());
    dropDeadScalarWork(part, dropped, droppedSet);
    for (Operation *op : dropped)
      op->dropAllReferences();
    // Loops keep only this side's carried tiles. A dropped tile may still
    // feed another loop's dropped tile (a K-loop's result the next loop
    // starts from, an iteration value an inner loop starts from and yields),
    // so every loop is rebuilt first and the old ones erased together.
    SmallVector<scf::ForOp> loops, rebuilt;
    part.walk([&](scf::ForOp loop) {
      if (!isDropped(loop, droppedSet))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      if (failed(checkDroppedTileUses(loop, side)))
        return failure();
    for (scf::ForOp loop : loops)
      if (keepCarriedTiles(loop, side))
        rebuilt.push_back(loop);
    for (scf::ForOp loop : rebuilt)
      loop->dropAllReferences();
    for (scf::ForOp loop : rebuilt)
      loop.erase();
    // Branches likewise keep only this side's tile results, inner first.
    SmallVector<scf::IfOp> branches;
    part.walk([&](scf::IfOp branch) {
      if (!isDropped(branch, droppedSet))
        branches.push_back(branch);
    });
    for (scf::IfOp branch : branches)
      keepBranchTiles(branch, side);
    for (Operation *op : dropped)
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (!isDropped(user, droppedSet))
            return isa<GetSubblockIdxOp>(op)
                       ? user->emitOpError(
                             "uses the AIV lane index, which the AIC part of "
                             "this mixed kernel does not have")
                   : isa<ReadOp>(op)
                       ? user->emitOpError(
                             "uses an element read from a vec tile, which "
                             "only the AIV part of this mixed kernel has; "
                             "read it from global memory to share it")
                       : user->emitOpError(
                             "uses a tile of the other core type; the AIC "
                             "and AIV parts of a mixed kernel can share "
                             "only scalars and loops");
    for (Operation *op : llvm::reverse(dropped))
      op->erase();
    if (failed(insertFrees(pops)))
      return failure();
    // Drop the index math and empty loops the other side left behind.
    IRRewriter rewriter(part.getContext());
    (void)simplifyRegions(rewriter, part->getRegions());
    return success();
  }

  /// Whether `op` or an op around it leaves the part.
  static bool isDropped(Operation *op,
                        const llvm::DenseSet<Operation *> &droppedSet) {
    for (; op; op = op->getParentOp())
      if (droppedSet.contains(op))
        return true;
    return false;
  }

  /// Scalar work that only feeds the other side's ops leaves the part with
  /// them: a loop scanning a vec tile's elements for a vector op is the
  /// AIV part's alone. Work that writes anything stays.
  static void dropDeadScalarWork(func::FuncOp part,
                                 SmallVectorImpl<Operation *> &dropped,
                                 llvm::DenseSet<Operation *> &droppedSet) {
    auto readsOnly = [](Operation *op) {
      return !op->walk([](Operation *inner) {
                  if (isa<ReadOp, scf::YieldOp, scf::ForOp, scf::IfOp>(inner) ||
                      (!isa<PyPTODialect>(inner->getDialect()) &&
                       isMemoryEffectFree(inner)))
                    return WalkResult::advance();
                  return WalkResult::interrupt();
                }).wasInterrupted();
    };
    for (bool grew = true; grew;) {
      grew = false;
      part.walk([&](Operation *op) {
        if (op->getNumResults() == 0 || op->use_empty() ||
            isDropped(op, droppedSet) || !readsOnly(op))
          return;
        for (Operation *user : op->getUsers())
          if (!isDropped(user, droppedSet))
            return;
        dropped.push_back(op);
        droppedSet.insert(op);
        grew = true;
      });
    }
    // An op inside a dropped one goes with it.
    llvm::erase_if(dropped, [&](Operation *op) {
      return isDropped(op->getParentOp(), droppedSet);
    });
  }

  /// The indices of the values `loop` carries that stay in `side`'s part.
  static SmallVector<unsigned> keptIndices(scf::ForOp loop, Side side) {
    SmallVector<unsigned> kept;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      std::optional<Side> carried = sideOfType(init.getType());
      if (!carried || *carried == side)
        kept.push_back(i);
    }
    return kept;
  }

  /// The iteration values and results of `loop` that leave `side`'s part
  /// may only feed other loops' dropped tiles.
  static LogicalResult checkDroppedTileUses(scf::ForOp loop, Side side) {
    SmallVector<unsigned> kept = keptIndices(loop, side);
    for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
      if (llvm::is_contained(kept, i))
        continue;
      for (Value value : {Value(loop.getRegionIterArg(i)), loop.getResult(i)})
        for (Operation *user : value.getUsers())
          if (!isa<scf::ForOp>(user) &&
              !(isa<scf::YieldOp>(user) &&
                isa<scf::ForOp>(user->getParentOp()))) {
            InFlightDiagnostic diag = loop.emitOpError(
                "carries a tile of the other core type that this part still "
                "uses");
            diag.attachNote(user->getLoc()) << "used here";
            return diag;
          }
    }
    return success();
  }

  /// Moves `loop`'s body into a new loop without the carried tiles of the
  /// other side; returns whether it did (the old loop is left empty for the
  /// caller to erase).
  bool keepCarriedTiles(scf::ForOp loop, Side side) {
    SmallVector<unsigned> kept = keptIndices(loop, side);
    if (kept.size() == loop.getNumRegionIterArgs())
      return false;
    SmallVector<Value> inits;
    for (unsigned i : kept)
      inits.push_back(loop.getInitArgs()[i]);
    OpBuilder builder(loop);
    auto rebuilt =
        builder.create<scf::ForOp>(loop.getLoc(), loop.getLowerBound(),
                                   loop.getUpperBound(), loop.getStep(), inits);
    rebuilt->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *body = rebuilt.getBody();
    body->clear();
    Block *old = loop.getBody();
    old->getArgument(0).replaceAllUsesWith(rebuilt.getInductionVar());
    for (auto [newIndex, oldIndex] : llvm::enumerate(kept)) {
      loop.getRegionIterArg(oldIndex).replaceAllUsesWith(
          rebuilt.getRegionIterArg(newIndex));
      loop.getResult(oldIndex).replaceAllUsesWith(rebuilt.getResult(newIndex));
    }
    body->getOperations().splice(body->end(), old->getOperations());
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    SmallVector<Value> yielded;
    for (unsigned i : kept)
      yielded.push_back(yield.getOperand(i));
    builder.setInsertionPoint(yield);
    builder.create<scf::YieldOp>(yield.getLoc(), yielded);
    yield.erase();
    return true;
  }

  /// Rebuilds `branch` without the tile results of the other side (their
  /// users were dropped with that side's ops); the other results stay.
  static void keepBranchTiles(scf::IfOp branch, Side side) {
    SmallVector<unsigned> kept;
    SmallVector<Type> keptTypes;
    for (OpResult result : branch.getResults()) {
      std::optional<Side> yielded = sideOfType(result.getType());
      if (!yielded || *yielded == side) {
        kept.push_back(result.getResultNumber());
        keptTypes.push_back(result.getType());
      }
    }
    if (kept.size() == branch.getNumResults())
      return;
    OpBuilder builder(branch);
    auto rebuilt = builder.create<scf::IfOp>(
        branch.getLoc(), keptTypes, branch.getCondition(),
        /*addThenBlock=*/false, /*addElseBlock=*/false);
    rebuilt->setDiscardableAttrs(branch->getDiscardableAttrDictionary());
    for (auto [from, to] :
         {std::pair(&branch.getThenRegion(), &rebuilt.getThenRegion()),
          std::pair(&branch.getElseRegion(), &rebuilt.getElseRegion())}) {
      to->takeBody(*from);
      if (to->empty())
        continue;
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      SmallVector<Value> yielded;
      for (unsigned i : kept)
        yielded.push_back(yield.getOperand(i));
      builder.setInsertionPoint(yield);
      builder.create<scf::YieldOp>(yield.getLoc(), yielded);
      yield.erase();
    }
    for (auto [newIndex, oldIndex] : llvm::enumerate(kept))
      branch.getResult(oldIndex).replaceAllUsesWith(
          rebuilt.getResult(newIndex));
    // The other side's results are still used by its ops (dropped later)
    // and, for a nested branch, by the outer branch's yield (rebuilt next):
    // those uses must not outlive the branch.
    for (OpResult result : branch.getResults())
      result.dropAllUses();
    branch.erase();
  }

  /// Frees each popped tile after its last use (views included), in pop
  /// order within a block; records the pop with the most popped tiles live.
  LogicalResult insertFrees(ArrayRef<Operation *> pops) {
    DenseMap<Block *, Operation *> lastFree;
    DenseMap<Block *, SmallVector<Operation *>> freesInBlock;
    for (Operation *pop : pops) {
      Block *block = pop->getBlock();
      Operation *last = pop;
      bool carried = false;
      SmallVector<Value> aliases{pop->getResult(0)};
      for (size_t i = 0; i < aliases.size(); ++i)
        for (Operation *user : aliases[i].getUsers()) {
          Operation *outer = block->findAncestorOpInBlock(*user);
          if (!outer || outer->hasTrait<OpTrait::IsTerminator>())
            return user->emitOpError(
                "uses a popped tile outside the block that popped it; a tile "
                "received from the other core type cannot leave the block "
                "that receives it");
          carried |= isa<scf::ForOp>(user) && user == outer;
          if (last->isBeforeInBlock(outer))
            last = outer;
          if (auto view = dyn_cast<ReshapeOp>(user))
            aliases.push_back(view.getResult());
        }
      // TFREE releases the oldest popped slot: a tile that stays popped
      // while a nested region pops again would have its slot released by the
      // nested free, and a loop cannot carry a slot. Such a tile (vec) is
      // copied out of its slot at once.
      // ptoas 0.27 gives two pops of one tile type a single C++ tile (its
      // declare_tile is Pure, so CSE merges them): the second pop would
      // move the first one's tile to its own slot. A vec tile that stays
      // popped across a pop of its type is copied out too.
      bool popsInside = false, samePopLater = false;
      Type poppedType = pop->getResult(0).getType();
      for (Operation *op = pop->getNextNode(); op && op != last->getNextNode();
           op = op->getNextNode())
        op->walk([&](Operation *inner) {
          if (!isa<TPopFromAicOp, TPopFromAivOp>(inner))
            return;
          popsInside |= inner != op;
          samePopLater |= inner->getResult(0).getType() == poppedType;
        });
      if (popsInside || carried || (samePopLater && isa<TPopFromAicOp>(pop))) {
        if (!isa<TPopFromAicOp>(pop))
          return pop->emitOpError(
              "receives a tile from the AIV that a loop carries or that stays "
              "live while a nested loop receives more; use it where it is "
              "received");
        OpBuilder copier(block, std::next(Block::iterator(pop)));
        Value popped = pop->getResult(0);
        auto copy =
            copier.create<MoveOp>(pop->getLoc(), popped.getType(), popped);
        popped.replaceAllUsesExcept(copy.getResult(), copy);
        last = copy;
        ++numCopied;
      }
      // Slots are released in pop order.
      if (Operation *previous = lastFree.lookup(block))
        if (last->isBeforeInBlock(previous))
          last = previous;
      OpBuilder builder(block, std::next(Block::iterator(last)));
      Operation *free =
          isa<TPopFromAicOp>(pop)
              ? builder
                    .create<TFreeToAicOp>(pop->getLoc(), pop->getResult(0),
                                          splitMode)
                    .getOperation()
              : builder.create<TFreeToAivOp>(pop->getLoc(), pop->getResult(0))
                    .getOperation();
      lastFree[block] = free;
      // Popped tiles of this block still live at this pop.
      int64_t live = 1;
      for (Operation *earlier : freesInBlock[block])
        if (pop->isBeforeInBlock(earlier))
          ++live;
      if (live > mostLive) {
        mostLive = live;
        busiestPop = pop;
      }
      freesInBlock[block].push_back(free);
    }
    return success();
  }

  /// The pipe set-up at the top of a part; on a2a3 the part also takes the
  /// GM ring as its last parameter.
  LogicalResult addPipeSetup(func::FuncOp part, int64_t slots) {
    MLIRContext *ctx = part.getContext();
    Value ring;
    if (arch == Arch::a2a3) {
      int64_t directions = dirMask == 3 ? 2 : 1;
      int64_t elements = slots * slotSize * directions / 4;
      auto ringType = GMTensorType::get(ctx, {elements}, Float32Type::get(ctx));
      unsigned index = part.getNumArguments();
      part.insertArgument(index, ringType, DictionaryAttr::get(ctx),
                          part.getLoc());
      OpBuilder b(ctx);
      part.setArgAttr(index, attr::kName, b.getStringAttr("gm_pipe_buffer"));
      part.setArgAttr(index, attr::kDir, b.getStringAttr("out"));
      part.setArgAttr(index, attr::kRing, b.getI64IntegerAttr(elements));
      ring = part.getArgument(index);
    }
    OpBuilder builder(ctx);
    builder.setInsertionPointToStart(&part.getBody().front());
    auto i64 = [&](int64_t v) { return builder.getI64IntegerAttr(v); };
    if (getFunctionKind(part) == kind::kAIC)
      builder.create<AicInitializePipeOp>(part.getLoc(), ring, i64(dirMask),
                                          i64(slotSize), i64(slots),
                                          IntegerAttr(), IntegerAttr());
    else
      builder.create<AivInitializePipeOp>(part.getLoc(), ring, i64(dirMask),
                                          i64(slotSize), i64(slots),
                                          IntegerAttr(), IntegerAttr());
    return success();
  }

  func::FuncOp kernel;
  Arch arch;
  int64_t slotSize = 0;
  // The most popped tiles live at once in either part, at `busiestPop`.
  int64_t mostLive = 0;
  Operation *busiestPop = nullptr;
  int64_t dirMask = 0;
  // How the lanes divide what the AIC sends (a kernel's shards share it).
  SplitMode splitMode = SplitMode::none;

public:
  int64_t numCopied = 0; // popped tiles copied out of their slot
};

struct ExpandMixedKernelPass
    : public mlir::pypto::impl::ExpandMixedKernelBase<ExpandMixedKernelPass> {
  using ExpandMixedKernelBase::ExpandMixedKernelBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> kernels;
    for (func::FuncOp func : module.getOps<func::FuncOp>())
      if (getFunctionKind(func) == kind::kInCore && !func.isExternal())
        kernels.push_back(func);
    for (func::FuncOp kernel : kernels) {
      bool split = false;
      KernelSplitter splitter(kernel, arch);
      if (failed(splitter.run(symbols, split)))
        return signalPassFailure();
      numSplit += split;
      numSlotCopies += splitter.numCopied;
    }
    if (failed(checkBarrierLaunches(module, symbols)))
      return signalPassFailure();
  }

  /// A kernel with a pypto.syncall waits for every core of its type on the
  /// chip: it needs a part of that type, and a constant block count must
  /// fill the chip (a partial launch deadlocks on the device).
  LogicalResult checkBarrierLaunches(ModuleOp module, SymbolTable &symbols) {
    int64_t clusters = getClusterCount(arch);
    WalkResult walked = module.walk([&](CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      bool group = getFunctionKind(callee) == kind::kGroup;
      auto partOf = [&](StringRef name) {
        auto ref = callee->getAttrOfType<FlatSymbolRefAttr>(name);
        return ref ? symbols.lookup<func::FuncOp>(ref.getValue())
                   : func::FuncOp();
      };
      func::FuncOp vectorPart = group ? partOf(attr::kAivPart) : callee;
      // A kernel of one core type runs on the type of its tiles (vector
      // when it has none).
      bool cubeTiles = callee
                           .walk([](Operation *op) {
                             return sideOf(op) == Side::cube
                                        ? WalkResult::interrupt()
                                        : WalkResult::advance();
                           })
                           .wasInterrupted();
      bool hasCube = group || cubeTiles;
      bool hasVector = group || !cubeTiles;
      int64_t lanes =
          vectorPart && vectorPart->hasAttr(attr::kAivLanes) ? 2 : 1;
      SmallVector<func::FuncOp> bodies{callee};
      if (group)
        bodies.append({partOf(attr::kAicPart), vectorPart});
      SyncAllOp barrier;
      for (func::FuncOp body : bodies)
        if (body && !barrier)
          body.walk([&](SyncAllOp sync) {
            barrier = sync;
            return WalkResult::interrupt();
          });
      if (!barrier)
        return WalkResult::advance();
      SyncCoreType type = barrier.getCoreType();
      StringRef name = stringifySyncCoreType(type);
      if (type != SyncCoreType::aiv_only && !hasCube) {
        barrier.emitOpError("(")
            << name << ") waits for the AIC cores, and this kernel has no "
            << "cube work, so no AIC part runs it: it can never complete "
               "(use aiv_only)";
        return WalkResult::interrupt();
      }
      if (type == SyncCoreType::aiv_only && !hasVector) {
        barrier.emitOpError("(aiv_only) waits for the AIV cores, and this "
                            "kernel has no vector work: it can never "
                            "complete (use aic_only)");
        return WalkResult::interrupt();
      }
      std::optional<int64_t> blocks = call.getBlocks();
      if (!blocks)
        return WalkResult::advance(); // the simulator checks a run-time count
      // pypto's rule: a kernel with an AIC part fills the clusters whatever
      // the core type; a vector kernel's aiv_only barrier every AIV core.
      bool perAiv = type == SyncCoreType::aiv_only && !hasCube;
      int64_t cores = perAiv ? *blocks * lanes : *blocks;
      int64_t needed = perAiv ? 2 * clusters : clusters;
      if (cores == needed)
        return WalkResult::advance();
      InFlightDiagnostic diag =
          call.emitOpError("launches ")
          << *blocks << " blocks of '" << call.getCallee()
          << "', whose pypto.syncall (" << name
          << ") waits for every core: a hard barrier needs "
          << (perAiv ? "one AIV part per AIV core, "
                     : "one block per cluster, ")
          << needed << " on " << stringifyArch(arch)
          << " (a partial launch deadlocks on the device; "
             "pypto.available_cluster_count gives the chip's clusters)";
      diag.attachNote(barrier.getLoc()) << "the barrier";
      return WalkResult::interrupt();
    });
    return failure(walked.wasInterrupted());
  }
};

} // namespace
