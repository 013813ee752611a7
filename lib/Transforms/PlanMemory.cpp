//===- PlanMemory.cpp - on-chip addresses for kernel tiles -----*- C++ -*-===//
//
// In pto a tile is its buffer, so a loop-carried tile is one buffer for its
// initial value, iteration value, yielded value and result. Where sharing it
// would overwrite a value that is still read (the old value of an online
// softmax maximum read after the new one exists), a copy breaks the chain
// first, as an out-of-SSA translation does.
//
// A branch's tile result is likewise one buffer with the values both
// branches yield, each copied in its branch when it comes from outside it.
//
// Buffers are then the classes of tiles that share storage (loop chains,
// branch results, reshape views, an elementwise result written over an operand
// that dies there), each live over an interval of program positions. They are
// placed per memory space by several greedy orders, and the plan with the
// lowest peak is kept.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <deque>
#include <limits>
#include <map>

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

//===----------------------------------------------------------------------===//
// Copies that make every loop-carried chain one buffer
//===----------------------------------------------------------------------===//

/// Whether `value` lives in another value's storage: a popped tile in its
/// pipe slot, a reshape in its source's buffer.
bool isView(Value value) {
  Operation *def = value.getDefiningOp();
  return def &&
         isa<TPopFromAicOp, TPopFromAivOp, ReshapeOp, TransposeViewOp>(def);
}

/// The uses of `value` and of the reshape views of it, which read the same
/// buffer.
SmallVector<OpOperand *> bufferUses(Value value) {
  SmallVector<OpOperand *> uses;
  SmallVector<Value> aliases{value};
  for (size_t i = 0; i < aliases.size(); ++i)
    for (OpOperand &use : aliases[i].getUses()) {
      uses.push_back(&use);
      if (auto view = dyn_cast<ReshapeOp>(use.getOwner()))
        aliases.push_back(view.getResult());
    }
  return uses;
}

/// Whether `op` may write its result over the buffer `use` reads: an
/// elementwise op reads each element before writing it, and an accumulating
/// matmul updates its accumulator.
bool writesInPlace(Operation *op, OpOperand &use) {
  // A compare's or select's scratch holds its bit mask while the result is
  // written.
  if (use.get() == maskScratchOf(op))
    return false;
  // Nor may rem's, xor's or prelu's scratch (the last of three operands).
  if (isa<RemOp, XorOp, PreluOp, RemsOp, XorsOp>(op) &&
      op->getNumOperands() == 3 && use.getOperandNumber() == 2)
    return false;
  // ptoas 0.27 writes a three-operand add in two steps (taddc as TADD then
  // TADD of the result and the third operand; taddsc as TADDS then TADD),
  // so its result must not share a buffer with any operand: the first step
  // would overwrite the operand the second reads.
  if (isa<AddcOp, SubcOp, AddscOp, SubscOp>(op))
    return false;
  if (op->hasTrait<OpTrait::pypto::Elementwise>())
    return true;
  // An insert replaces one element of its destination's copy.
  if (auto insert = dyn_cast<InsertOp>(op))
    return &use == &insert.getDestMutable();
  if (auto insert = dyn_cast<InsertTileOp>(op))
    return &use == &insert.getDestMutable();
  // A scatter writes some elements of its destination's copy.
  if (auto scatter = dyn_cast<ScatterOp>(op))
    return &use == &scatter.getDestMutable();
  auto acc = dyn_cast<MatmulAccOp>(op);
  return acc && &use == &acc.getAccMutable();
}

/// Whether the buffer of the chain of `init`, the `index`th initial value of
/// `loop`, can become the loop's: nothing may read `init` once the loop runs.
bool initNeedsCopy(scf::ForOp loop, unsigned index, Value init) {
  Block *defBlock = isa<BlockArgument>(init)
                        ? cast<BlockArgument>(init).getOwner()
                        : init.getDefiningOp()->getBlock();
  // A value from an enclosing block (an outer loop runs this loop again) or
  // in another value's storage.
  if (defBlock != loop->getBlock() || isView(init))
    return true;
  OpOperand &initUse = loop.getInitArgsMutable()[index];
  for (OpOperand *use : bufferUses(init)) {
    if (use == &initUse)
      continue;
    Operation *user = loop->getBlock()->findAncestorOpInBlock(*use->getOwner());
    if (!user || user == loop || loop->isBeforeInBlock(user))
      return true;
  }
  return false;
}

/// Whether the value `loop` yields at `index` can be written into the
/// loop's buffer: its chain must start in the body, after the last read of
/// the iteration value it replaces, and no other yielded value may share it.
bool yieldNeedsCopy(scf::ForOp loop, unsigned index,
                    DenseSet<Value> &yieldedRoots) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Value iterArg = loop.getRegionIterArg(index);
  Value yielded = yield.getOperand(index);
  if (yielded == iterArg)
    return false;
  Value root = chainRoot(yielded);
  if (!yieldedRoots.insert(root).second)
    return true;
  // The chain continues the iteration value in place.
  if (root == iterArg)
    return false;
  Operation *rootDef = root.getDefiningOp();
  if (!rootDef || !loop->isProperAncestor(rootDef) || isView(root))
    return true;
  Block *body = loop.getBody();
  Operation *firstWrite = body->findAncestorOpInBlock(*rootDef);
  for (OpOperand *use : bufferUses(iterArg)) {
    if (use->getOwner() == yield)
      continue;
    Operation *reader = body->findAncestorOpInBlock(*use->getOwner());
    if (firstWrite->isBeforeInBlock(reader))
      return true;
    // The chain's first write may update the iteration value in place
    // (an accumulating matmul, then e.g. a K-loop continuing it).
    if (reader == firstWrite &&
        !(use->getOwner() == firstWrite && writesInPlace(firstWrite, *use)))
      return true;
  }
  return false;
}

/// Inserts the copies that let each loop-carried chain share one buffer
/// (inner loops first, so an outer loop sees its inner chains settled).
LogicalResult isolateCarriedTiles(func::FuncOp kernel, int64_t &numCopies) {
  auto copy = [&](scf::ForOp loop, Value value, OpBuilder &builder,
                  StringRef why) -> FailureOr<Value> {
    auto type = cast<TileType>(value.getType());
    if (type.getSpace() != MemorySpace::vec)
      return loop.emitOpError("carries a '")
             << stringifyMemorySpace(*type.getSpace()) << "' tile that " << why
             << "; only vec tiles can be copied, so compute the value that is "
                "read on a copy in vec, or restructure the loop";
    ++numCopies;
    return builder.create<MoveOp>(value.getLoc(), type, value).getResult();
  };
  // A branch's tile result is one buffer with the values both branches
  // yield: each must be written in its branch, once. A value from outside
  // the branch (still readable after it), a view, or one yielded twice is
  // copied in the branch first.
  WalkResult branches = kernel.walk([&](scf::IfOp branch) -> WalkResult {
    // Without results there is nothing to join (and maybe no else region).
    if (branch.getNumResults() == 0)
      return WalkResult::advance();
    for (scf::YieldOp yield : {branch.thenYield(), branch.elseYield()}) {
      DenseSet<Value> yieldedRoots;
      for (OpOperand &operand : yield->getOpOperands()) {
        if (!isa<TileType>(operand.get().getType()))
          continue;
        // An L1 accumulator is one buffer by construction (gathers write
        // it in place; checkL1Accumulators refuses a stale read).
        if (getL1Accumulator(operand.get()))
          continue;
        Value root = chainRoot(operand.get());
        Operation *rootDef = root.getDefiningOp();
        if (rootDef &&
            yield->getParentRegion()->isAncestor(rootDef->getParentRegion()) &&
            !isView(root) && yieldedRoots.insert(root).second)
          continue;
        auto type = cast<TileType>(operand.get().getType());
        if (type.getSpace() != MemorySpace::vec)
          return branch.emitOpError("yields a '")
                 << stringifyMemorySpace(*type.getSpace())
                 << "' tile that is not computed in its branch; only vec "
                    "tiles can be copied, so compute it in the branch";
        OpBuilder builder(yield);
        operand.set(
            builder.create<MoveOp>(operand.get().getLoc(), type, operand.get())
                .getResult());
        ++numCopies;
      }
    }
    return WalkResult::advance();
  });
  if (branches.wasInterrupted())
    return failure();
  WalkResult walked = kernel.walk([&](scf::ForOp loop) -> WalkResult {
    DenseSet<Value> yieldedRoots;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
      Value init = loop.getInitArgs()[i];
      if (!isa<TileType>(init.getType()) || getL1Accumulator(init))
        continue;
      if (initNeedsCopy(loop, i, init)) {
        OpBuilder builder(loop);
        FailureOr<Value> copied =
            copy(loop, init, builder,
                 "is still read after the loop starts updating it");
        if (failed(copied))
          return WalkResult::interrupt();
        loop.getInitArgsMutable()[i].set(*copied);
      }
      if (yieldNeedsCopy(loop, i, yieldedRoots)) {
        OpBuilder builder(yield);
        FailureOr<Value> copied =
            copy(loop, yield.getOperand(i), builder,
                 "is still read after its next value is computed");
        if (failed(copied))
          return WalkResult::interrupt();
        yield->setOperand(i, *copied);
      }
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// L1 accumulators
//===----------------------------------------------------------------------===//

/// Whether `a` and `b` are in different branches of one scf.if: one runs
/// or the other.
bool exclusive(Operation *a, Operation *b) {
  for (Operation *parent = a->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (!parent->isAncestor(b))
      continue;
    if (!isa<scf::IfOp>(parent))
      return false;
    for (Region &region : parent->getRegions())
      if (region.isAncestor(a->getParentRegion()))
        return !region.isAncestor(b->getParentRegion());
    return false;
  }
  return false;
}

/// A gather writes the accumulator's one buffer in place (a mat tile
/// cannot be copied on a2a3), so no other use of the value it updates may
/// follow it, nor precede it in a loop that gathers into a value from
/// outside the loop (the next iteration's gather comes first). A loop
/// that carries the accumulator counts as a gather into its initial value.
LogicalResult checkL1Accumulators(func::FuncOp kernel) {
  DenseMap<Operation *, int64_t> position;
  int64_t counter = 0;
  kernel.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { position[op] = counter++; });
  auto check = [&](Operation *writer, Value value) -> LogicalResult {
    Region *home = value.getParentRegion();
    for (OpOperand &use : value.getUses()) {
      Operation *other = use.getOwner();
      if (other == writer || exclusive(writer, other))
        continue;
      bool after = position.lookup(other) > position.lookup(writer);
      // A loop around the writer but not around the value's definition
      // writes it again after `other` read it.
      bool repeated = false;
      for (auto loop = writer->getParentOfType<scf::ForOp>(); loop;
           loop = loop->getParentOfType<scf::ForOp>()) {
        if (loop.getRegion().isAncestor(home))
          break;
        if (loop->isAncestor(other)) {
          repeated = true;
          break;
        }
      }
      if (!after && !repeated)
        continue;
      InFlightDiagnostic diag =
          other->emitOpError("reads an L1 accumulator that ");
      diag << (isa<scf::ForOp>(writer) ? "a loop carries and gathers into"
                                       : "a pypto.gather_row overwrites")
           << (after ? " before this read" : " on the next iteration")
           << "; the gather writes its buffer in place and a mat tile "
              "cannot be copied: read the gather's result instead";
      diag.attachNote(writer->getLoc()) << "the accumulator is written here";
      return failure();
    }
    return success();
  };
  WalkResult walked = kernel.walk([&](Operation *op) -> WalkResult {
    if (auto gather = dyn_cast<GatherRowOp>(op))
      return failed(check(op, gather.getAcc())) ? WalkResult::interrupt()
                                                : WalkResult::advance();
    if (auto loop = dyn_cast<scf::ForOp>(op))
      for (Value init : loop.getInitArgs())
        if (isa<TileType>(init.getType()) && getL1Accumulator(init) &&
            failed(check(op, init)))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Live intervals
//===----------------------------------------------------------------------===//

/// Every operation's position in program order, and the last position of
/// anything nested in it.
class ProgramPositions {
public:
  explicit ProgramPositions(func::FuncOp kernel) {
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
  }

  int64_t of(Operation *op) const { return position.lookup(op); }

  /// The last position at which `value` is used, seen from `anchor`'s block:
  /// a use inside a loop that the anchor is outside of lasts until the loop
  /// ends.
  int64_t lastUse(Value value, Operation *anchor) const {
    int64_t end = of(anchor);
    for (Operation *user : value.getUsers()) {
      Operation *outer = anchor->getBlock()->findAncestorOpInBlock(*user);
      end = std::max(end, outer ? extentEnd.lookup(outer) : of(user));
    }
    return end;
  }

private:
  DenseMap<Operation *, int64_t> position, extentEnd;
};

/// Tiles that share storage, as a union-find over values.
class SharedStorage {
public:
  void insert(Value value) { parent.try_emplace(value, value); }
  bool contains(Value value) const { return parent.count(value); }
  Value leader(Value value) {
    Value up = parent.lookup(value);
    if (up == value)
      return value;
    Value root = leader(up);
    parent[value] = root;
    return root;
  }
  void unite(Value a, Value b) {
    insert(a);
    insert(b);
    parent[leader(a)] = leader(b);
  }

private:
  DenseMap<Value, Value> parent;
};

/// A set of tiles that share one buffer.
struct Buffer {
  MemorySpace space;
  int64_t size = 0;
  int64_t start = std::numeric_limits<int64_t>::max();
  int64_t end = -1;
  Operation *firstDef = nullptr; // where a diagnostic points
  int64_t offset = -1;
  SmallVector<OpResult> defs;

  bool overlaps(const Buffer &other) const {
    return start <= other.end && other.start <= end;
  }
};

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

/// A byte range reserved for the whole kernel (pipe slots).
struct Reservation {
  int64_t offset, size;
};

/// Offsets for `order`'s buffers, each at the lowest (or the tightest)
/// free range among the buffers already placed that it overlaps in time;
/// returns the peak.
int64_t placeInOrder(ArrayRef<Buffer *> order, ArrayRef<Reservation> reserved,
                     bool tightest, SmallVectorImpl<int64_t> &offsets) {
  int64_t peak = 0;
  for (const Reservation &r : reserved)
    peak = std::max(peak, r.offset + r.size);
  offsets.assign(order.size(), -1);
  SmallVector<std::pair<int64_t, int64_t>> taken;
  for (auto [i, buffer] : llvm::enumerate(order)) {
    taken.clear();
    for (const Reservation &r : reserved)
      taken.push_back({r.offset, r.offset + r.size});
    for (size_t j = 0; j < i; ++j)
      if (buffer->overlaps(*order[j]))
        taken.push_back({offsets[j], offsets[j] + order[j]->size});
    llvm::sort(taken);
    int64_t cursor = 0, best = -1, bestGap = 0;
    for (auto [begin, end] : taken) {
      int64_t gap = begin - cursor;
      if (gap >= buffer->size && (best < 0 || (tightest && gap < bestGap))) {
        best = cursor;
        bestGap = gap;
      }
      cursor = std::max(cursor, end);
    }
    if (best < 0)
      best = cursor;
    offsets[i] = best;
    peak = std::max(peak, best + buffer->size);
  }
  return peak;
}

/// The most bytes live at once in one space: the lower bound of any plan.
int64_t livePeak(ArrayRef<Buffer *> buffers, ArrayRef<Reservation> reserved) {
  std::map<int64_t, int64_t> delta;
  for (Buffer *buffer : buffers) {
    delta[buffer->start] += buffer->size;
    delta[buffer->end + 1] -= buffer->size;
  }
  int64_t always = 0;
  for (const Reservation &r : reserved)
    always += r.size;
  int64_t live = 0, peak = 0;
  for (auto [position, change] : delta) {
    live += change;
    peak = std::max(peak, live);
  }
  return peak + always;
}

struct PlanMemoryPass
    : public mlir::pypto::impl::PlanMemoryBase<PlanMemoryPass> {
  using PlanMemoryBase::PlanMemoryBase;
  void runOnOperation() override;
};

void PlanMemoryPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  if (!isKernelFunction(kernel) || kernel.isExternal())
    return;
  int64_t copies = 0;
  if (failed(checkL1Accumulators(kernel)) ||
      failed(isolateCarriedTiles(kernel, copies)))
    return signalPassFailure();
  numCarriedCopies += copies;

  ProgramPositions positions(kernel);
  Builder builder(&getContext());

  // Popped tiles live in their pipe's reserved slot buffer; every other
  // tile result of a pypto op is written into a buffer of its own space.
  SmallVector<OpResult> defs;
  kernel.walk([&](Operation *op) {
    if (!isa<PyPTODialect>(op->getDialect()) || op->getNumRegions() != 0 ||
        isa<TPopFromAicOp, TPopFromAivOp>(op))
      return;
    for (OpResult result : op->getResults())
      if (isa<TileType>(result.getType()))
        defs.push_back(result);
  });
  llvm::stable_sort(defs, [&](OpResult a, OpResult b) {
    return positions.of(a.getOwner()) < positions.of(b.getOwner());
  });

  // Tiles that share storage: a loop chain, a reshape and its source.
  SharedStorage sharing;
  for (OpResult def : defs)
    sharing.insert(def);
  kernel.walk([&](scf::ForOp loop) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      if (!isa<TileType>(init.getType()))
        continue;
      sharing.unite(init, loop.getRegionIterArg(i));
      sharing.unite(init, yield.getOperand(i));
      sharing.unite(init, loop.getResult(i));
    }
  });
  kernel.walk([&](scf::IfOp branch) {
    for (OpResult result : branch.getResults()) {
      if (!isa<TileType>(result.getType()))
        continue;
      unsigned i = result.getResultNumber();
      sharing.unite(branch.thenYield().getOperand(i), result);
      sharing.unite(branch.elseYield().getOperand(i), result);
    }
  });
  kernel.walk([&](ReshapeOp reshape) {
    if (isa<TileType>(reshape.getSource().getType()))
      sharing.unite(reshape.getSource(), reshape.getResult());
  });
  // A gather writes its accumulator in place; a transpose view is its
  // source's bytes.
  kernel.walk([&](GatherRowOp gather) {
    sharing.unite(gather.getAcc(), gather.getResult());
  });
  kernel.walk([&](TransposeViewOp view) {
    sharing.unite(view.getSource(), view.getResult());
  });

  // One buffer per class, live from its first write to its last read.
  std::deque<Buffer> storage;
  DenseMap<Value, Buffer *> bufferOfLeader;
  auto bufferOf = [&](Value value) -> Buffer * {
    if (!sharing.contains(value))
      return nullptr;
    return bufferOfLeader.lookup(sharing.leader(value));
  };
  auto extend = [&](Buffer *buffer, int64_t start, int64_t end) {
    buffer->start = std::min(buffer->start, start);
    buffer->end = std::max(buffer->end, end);
  };
  for (OpResult tile : defs) {
    Operation *def = tile.getOwner();
    FailureOr<TileLayout> layout = getTileLayout(tile, arch);
    if (failed(layout))
      return signalPassFailure();
    Value leader = sharing.leader(tile);
    Buffer *&buffer = bufferOfLeader[leader];
    if (!buffer) {
      buffer = &storage.emplace_back();
      buffer->space = *cast<TileType>(tile.getType()).getSpace();
      buffer->firstDef = def;
    }
    // A gather of rows from row r views the accumulator from r * 32 bytes
    // on (an NZ row is 32 bytes into each column block), with the whole
    // tile's extent: the view's last bytes lie past the tile.
    int64_t slack = isa<CreateL1Op>(def) ? (layout->rows - 1) * 32 : 0;
    buffer->size = std::max(buffer->size, alignUp(layout->numBytes + slack));
    buffer->defs.push_back(tile);
    extend(buffer, positions.of(def), positions.lastUse(tile, def));
  }
  kernel.walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::IfOp>(op))
      for (Value result : op->getResults())
        if (Buffer *buffer = bufferOf(result))
          extend(buffer, positions.of(op), positions.lastUse(result, op));
  });

  // An elementwise result (or an accumulating matmul's) that starts a
  // buffer may take the buffer of an operand that dies where it is written.
  for (OpResult tile : defs) {
    Operation *def = tile.getOwner();
    Buffer *result = bufferOf(tile);
    int64_t here = positions.of(def);
    if (result->start != here)
      continue;
    for (OpOperand &operand : def->getOpOperands()) {
      if (!writesInPlace(def, operand))
        continue;
      Buffer *source = bufferOf(operand.get());
      if (!source || source == result || source->end != here ||
          source->space != result->space || source->size != result->size)
        continue;
      // Fold the result's buffer into the operand's.
      source->end = result->end;
      source->defs.append(result->defs);
      for (auto &entry : bufferOfLeader)
        if (entry.second == result)
          entry.second = source;
      result->defs.clear();
      result->size = 0;
      break;
    }
  }

  // A consumer of a pipe reserves its slots for the whole kernel: the AIV's
  // for cube-to-vector tiles in vec, the AIC's for vector-to-cube in mat.
  std::map<MemorySpace, SmallVector<Reservation>> reserved;
  auto reserve = [&](Operation *init, MemorySpace space, int64_t bytes,
                     StringAttr attrName) -> LogicalResult {
    SmallVector<Reservation> &ranges = reserved[space];
    int64_t offset =
        ranges.empty() ? 0 : ranges.back().offset + ranges.back().size;
    ranges.push_back({offset, alignUp(bytes)});
    init->setAttr(attrName, builder.getI64IntegerAttr(offset));
    int64_t capacity = getSpaceCapacity(arch, space);
    if (offset + bytes <= capacity)
      return success();
    return init->emitOpError("reserves ")
           << bytes << " bytes of '" << stringifyMemorySpace(space)
           << "' memory for pipe slots, more than the " << stringifyArch(arch)
           << " capacity of " << capacity << " bytes";
  };
  WalkResult reservedSlots = kernel.walk([&](Operation *op) -> WalkResult {
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
  if (reservedSlots.wasInterrupted())
    return signalPassFailure();

  // Place each space's buffers: in program order and by decreasing size,
  // each at the lowest or the tightest free range; the lowest peak wins
  // (program order first on a tie, the order a reader expects).
  std::map<MemorySpace, SmallVector<Buffer *>> bySpace;
  for (Buffer &buffer : storage)
    if (!buffer.defs.empty())
      bySpace[buffer.space].push_back(&buffer);
  for (auto &[space, buffers] : bySpace) {
    SmallVector<Buffer *> inProgramOrder(buffers), bySize(buffers);
    llvm::stable_sort(inProgramOrder,
                      [](Buffer *a, Buffer *b) { return a->start < b->start; });
    llvm::stable_sort(bySize, [](Buffer *a, Buffer *b) {
      return a->size > b->size || (a->size == b->size && a->start < b->start);
    });
    ArrayRef<Reservation> slots = reserved[space];
    int64_t bestPeak = std::numeric_limits<int64_t>::max();
    for (ArrayRef<Buffer *> order :
         {ArrayRef<Buffer *>(inProgramOrder), ArrayRef<Buffer *>(bySize)})
      for (bool tightest : {false, true}) {
        SmallVector<int64_t> offsets;
        int64_t peak = placeInOrder(order, slots, tightest, offsets);
        if (peak >= bestPeak)
          continue;
        bestPeak = peak;
        for (auto [buffer, offset] : llvm::zip(order, offsets))
          buffer->offset = offset;
      }

    int64_t capacity = getSpaceCapacity(arch, space);
    if (bestPeak <= capacity)
      continue;
    Operation *first = nullptr;
    for (Buffer *buffer : buffers)
      if (buffer->offset + buffer->size > capacity &&
          (!first || positions.of(buffer->firstDef) < positions.of(first)))
        first = buffer->firstDef;
    first->emitOpError("does not fit in '")
        << stringifyMemorySpace(space) << "' memory: kernel '"
        << kernel.getSymName() << "' needs " << bestPeak << " bytes ("
        << livePeak(buffers, slots) << " live at once), the "
        << stringifyArch(arch) << " capacity is " << capacity << " bytes";
    return signalPassFailure();
  }

  for (Buffer &buffer : storage)
    for (OpResult def : buffer.defs) {
      setPlannedTile(def,
                     {buffer.offset, positions.of(def.getOwner()), buffer.end});
      ++numTiles;
    }
}

} // namespace
