//===- PlanMemory.cpp - on-chip addresses for kernel tiles -----*- C++ -*-===//
//
// A first memory planner: live ranges over the kernel body (extended across
// loops), first-fit placement per memory space with reuse of dead tiles, and
// in-place placement of elementwise results.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <functional>

#define DEBUG_TYPE "pypto-plan-memory"

namespace mlir::pypto {
#define GEN_PASS_DEF_PLANMEMORY
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

constexpr int64_t kAlignment = 32;

int64_t alignUp(int64_t value) {
  return (value + kAlignment - 1) / kAlignment * kAlignment;
}

/// The free and used byte ranges of one memory space.
class SpaceAllocator {
public:
  /// First fit into a hole, else the end of the used area.
  int64_t allocate(int64_t size) {
    for (auto it = holes.begin(); it != holes.end(); ++it) {
      if (it->second < size)
        continue;
      int64_t offset = it->first;
      int64_t remaining = it->second - size;
      holes.erase(it);
      if (remaining > 0)
        holes.push_back({offset + size, remaining});
      return offset;
    }
    int64_t offset = top;
    top += size;
    highWater = std::max(highWater, top);
    return offset;
  }

  void release(int64_t offset, int64_t size) {
    holes.push_back({offset, size});
    llvm::sort(holes);
    // Merge neighbours and give a trailing hole back to the top.
    SmallVector<std::pair<int64_t, int64_t>> merged;
    for (auto hole : holes) {
      if (!merged.empty() &&
          merged.back().first + merged.back().second == hole.first)
        merged.back().second += hole.second;
      else
        merged.push_back(hole);
    }
    if (!merged.empty() && merged.back().first + merged.back().second == top) {
      top = merged.back().first;
      merged.pop_back();
    }
    holes = std::move(merged);
  }

  int64_t highWater = 0;

private:
  int64_t top = 0;
  SmallVector<std::pair<int64_t, int64_t>> holes;
};

struct Placement {
  Operation *def;
  MemorySpace space;
  int64_t offset;
  int64_t size;
  int64_t end; // last position at which the tile is live
};

struct PlanMemoryPass
    : public mlir::pypto::impl::PlanMemoryBase<PlanMemoryPass> {
  using PlanMemoryBase::PlanMemoryBase;
  void runOnOperation() override;
};

void PlanMemoryPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  if (failed(verifyArch(kernel, arch)))
    return signalPassFailure();
  if (!isKernelFunction(kernel) || kernel.isExternal())
    return;

  // Number every operation in program order; an op's extent ends at the
  // last position of anything nested in it.
  DenseMap<Operation *, int64_t> position, extentEnd;
  int64_t counter = 0;
  kernel.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { position[op] = counter++; });
  kernel.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = position[op];
    for (Region &region : op->getRegions())
      for (Operation &inner : region.getOps())
        end = std::max(end, extentEnd[&inner]);
    extentEnd[op] = end;
  });

  // The last position at which `value` is used, seen from `anchor`'s block:
  // a use inside a loop that the anchor is outside of lasts until the loop
  // ends.
  auto lastUse = [&](Value value, Operation *anchor) {
    int64_t end = position[anchor];
    for (Operation *user : value.getUsers()) {
      Operation *outer = anchor->getBlock()->findAncestorOpInBlock(*user);
      end = std::max(end, outer ? extentEnd[outer] : position[user]);
    }
    return end;
  };

  // A loop-carried tile is one buffer: the init value, the iteration
  // argument, the yielded value and the loop result share it.
  DenseMap<Value, Value> parent;
  std::function<Value(Value)> find = [&](Value value) -> Value {
    auto it = parent.find(value);
    if (it == parent.end() || it->second == value)
      return value;
    return it->second = find(it->second);
  };
  auto unite = [&](Value a, Value b) {
    parent.try_emplace(a, a);
    parent.try_emplace(b, b);
    parent[find(a)] = find(b);
  };
  kernel.walk([&](scf::ForOp loop) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      if (!isa<TileType>(init.getType()))
        continue;
      unite(init, loop.getRegionIterArg(i));
      unite(init, yield.getOperand(i));
      unite(init, loop.getResult(i));
    }
  });
  // A reshape is a view of its source's buffer.
  kernel.walk([&](ReshapeOp reshape) {
    if (isa<TileType>(reshape.getSource().getType()))
      unite(reshape.getSource(), reshape.getResult());
  });
  DenseMap<Value, SmallVector<Value>> members;
  for (auto &entry : parent)
    members[find(entry.first)].push_back(entry.first);
  auto leaderOf = [&](Value value) -> Value {
    return parent.count(value) ? find(value) : Value();
  };
  auto groupEnd = [&](Value value, Operation *anchor) {
    Value leader = leaderOf(value);
    if (!leader)
      return lastUse(value, anchor);
    int64_t end = position[anchor];
    for (Value member : members[leader])
      end = std::max(end, lastUse(member, anchor));
    return end;
  };
  DenseMap<Value, int64_t> groupOffset;

  SmallVector<Operation *> defs;
  kernel.walk([&](Operation *op) {
    // Loops carry tiles but do not define buffers.
    // Popped tiles live in their pipe's reserved slot buffer.
    if (isa<PyPTODialect>(op->getDialect()) && op->getNumResults() == 1 &&
        isa<TileType>(op->getResult(0).getType()) &&
        !isa<TPopFromAicOp, TPopFromAivOp>(op))
      defs.push_back(op);
  });
  llvm::sort(defs, [&](Operation *a, Operation *b) {
    return position[a] < position[b];
  });

  std::map<MemorySpace, SpaceAllocator> allocators;
  SmallVector<Placement> live;
  Builder builder(&getContext());

  // A consumer of a pipe reserves its slots for the whole kernel: the AIV's
  // for cube-to-vector tiles in vec, the AIC's for vector-to-cube in mat.
  auto reserve = [&](Operation *init, MemorySpace space, int64_t bytes,
                     StringAttr attrName) -> LogicalResult {
    int64_t offset = allocators[space].allocate(alignUp(bytes));
    init->setAttr(attrName, builder.getI64IntegerAttr(offset));
    std::optional<int64_t> capacity =
        getSpaceCapacity(arch, stringifyMemorySpace(space));
    if (offset + bytes <= *capacity)
      return success();
    return init->emitOpError("reserves ")
           << bytes << " bytes of '" << stringifyMemorySpace(space)
           << "' memory for pipe slots, more than the " << arch
           << " capacity of " << *capacity << " bytes";
  };
  WalkResult reserved = kernel.walk([&](Operation *op) -> WalkResult {
    LogicalResult result = success();
    if (auto init = dyn_cast<AivInitializePipeOp>(op);
        init && (init.getDirMask() & 1))
      result = reserve(init, MemorySpace::vec,
                       init.getSlotNum() * init.getSlotSize(),
                       init.getC2vConsumerBufAttrName());
    if (auto init = dyn_cast<AicInitializePipeOp>(op);
        init && (init.getDirMask() & 2))
      result = reserve(init, MemorySpace::mat,
                       init.getSlotNum() * init.getSlotSize(),
                       init.getV2cConsumerBufAttrName());
    return failed(result) ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (reserved.wasInterrupted())
    return signalPassFailure();
  for (Operation *def : defs) {
    auto type = cast<TileType>(def->getResult(0).getType());
    FailureOr<TileLayout> layout = getTileLayout(def->getResult(0), arch);
    if (failed(layout))
      return signalPassFailure();
    MemorySpace space = *type.getSpace();
    int64_t here = position[def];
    int64_t size = alignUp(layout->numBytes);

    // A member of a loop-carried group after the first takes its buffer.
    Value leader = leaderOf(def->getResult(0));
    if (leader && groupOffset.count(leader)) {
      def->setAttr(attr::kAddr, builder.getI64IntegerAttr(groupOffset[leader]));
      def->setAttr(attr::kLive, builder.getDenseI64ArrayAttr(
                                    {here, groupEnd(def->getResult(0), def)}));
      continue;
    }

    // An elementwise result may take the buffer of an operand that dies
    // here; an accumulating matmul may take its accumulator's.
    std::optional<int64_t> inPlace;
    SmallVector<Value> reusable;
    if (def->hasTrait<OpTrait::pypto::Elementwise>())
      reusable.append(def->operand_begin(), def->operand_end());
    else if (auto acc = dyn_cast<MatmulAccOp>(def))
      reusable.push_back(acc.getAcc());
    for (auto it = live.begin(); it != live.end(); ++it) {
      bool operandDiesHere =
          it->end == here && it->space == space && it->size == size &&
          llvm::is_contained(reusable, it->def->getResult(0));
      if (operandDiesHere) {
        inPlace = it->offset;
        live.erase(it);
        break;
      }
    }
    // Release every tile whose live range ended before this definition.
    for (auto it = live.begin(); it != live.end();) {
      if (it->end < here) {
        allocators[it->space].release(it->offset, it->size);
        it = live.erase(it);
      } else {
        ++it;
      }
    }
    int64_t offset = inPlace ? *inPlace : allocators[space].allocate(size);
    int64_t end = groupEnd(def->getResult(0), def);
    if (leader)
      groupOffset[leader] = offset;
    live.push_back({def, space, offset, size, end});
    def->setAttr(attr::kAddr, builder.getI64IntegerAttr(offset));
    def->setAttr(attr::kLive, builder.getDenseI64ArrayAttr({here, end}));
    ++numTiles;

    std::optional<int64_t> capacity =
        getSpaceCapacity(arch, stringifyMemorySpace(space));
    if (offset + size > *capacity) {
      def->emitOpError("does not fit in '")
          << stringifyMemorySpace(space) << "' memory: kernel '"
          << kernel.getSymName() << "' needs " << offset + size
          << " bytes, the " << arch << " capacity is " << *capacity << " bytes";
      return signalPassFailure();
    }
  }
}

} // namespace
