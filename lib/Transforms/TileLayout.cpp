//===- TileLayout.cpp - physical layout of a tile --------------*- C++ -*-===//

#include "pypto/Transforms/TileLayout.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::pypto;

static int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

static int64_t elementBytes(Value tile) {
  auto type = cast<TileType>(tile.getType());
  return (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
}

/// Ops whose source and result have one padded shape: ptoas's tcvt wants
/// it (an f32 32x40 and its f16 cast both take 48 columns), tfillpad and a
/// vec-to-vec tmov too.
static bool keepsPadding(Operation *op) {
  if (auto move = dyn_cast<MoveOp>(op))
    return move.getSource().getType().getSpace() == MemorySpace::vec &&
           move.getResult().getType().getSpace() == MemorySpace::vec;
  return isa<CastOp, FillPadOp>(op);
}

/// Ops whose tiles ptoas 0.27 wants all of one shape, their scratch tile
/// included: tprelu ("expects src0/src1/tmp/dst to have the same shape"),
/// trem and txor with theirs, and tcmp with its u8 mask (the sources padded
/// to the mask's 32-byte rows).
static bool allOperandsShareShape(Operation *op) {
  return isa<RemOp, XorOp, PreluOp, RemsOp, XorsOp, CmpOp, CmpsOp>(op);
}

/// The most elements a 32-byte block holds among the vector tiles that must
/// share `tile`'s padded shape: the sources and results of keepsPadding
/// ops, a loop-carried tile's initial, iteration and yielded values, and a
/// branch's tile result and the values both branches yield (one buffer
/// each).
static int64_t widestBlockInGroup(Value tile) {
  llvm::SetVector<Value> group;
  group.insert(tile);
  auto add = [&](Value value) {
    if (isa<TileType>(value.getType()))
      group.insert(value);
  };
  for (unsigned i = 0; i < group.size(); ++i) {
    Value value = group[i];
    if (Operation *def = value.getDefiningOp(); def && keepsPadding(def))
      add(def->getOperand(0));
    if (Operation *def = value.getDefiningOp();
        def && allOperandsShareShape(def))
      for (Value operand : def->getOperands())
        add(operand);
    if (auto result = dyn_cast<OpResult>(value)) {
      unsigned index = result.getResultNumber();
      if (auto loop = dyn_cast<scf::ForOp>(result.getOwner())) {
        add(loop.getInitArgs()[index]);
        add(loop.getRegionIterArg(index));
        add(loop.getYieldedValues()[index]);
      } else if (auto branch = dyn_cast<scf::IfOp>(result.getOwner())) {
        add(branch.thenYield().getOperand(index));
        if (!branch.getElseRegion().empty())
          add(branch.elseYield().getOperand(index));
      }
    }
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
        if (arg.getArgNumber() > 0)
          add(loop.getResult(arg.getArgNumber() - 1));
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if ((keepsPadding(user) && use.getOperandNumber() == 0) ||
          allOperandsShareShape(user))
        add(user->getResult(0));
      else if (auto loop = dyn_cast<scf::ForOp>(user))
        add(loop.getTiedLoopResult(&use));
      else if (auto yield = dyn_cast<scf::YieldOp>(user))
        if (isa<scf::ForOp, scf::IfOp>(yield->getParentOp()))
          add(yield->getParentOp()->getResult(use.getOperandNumber()));
    }
  }
  int64_t widest = 1;
  for (Value value : group)
    widest = std::max<int64_t>(widest, 32 / elementBytes(value));
  return widest;
}

Value mlir::pypto::chainRoot(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    if (auto loop = dyn_cast<scf::ForOp>(result.getOwner()))
      value = loop.getInitArgs()[result.getResultNumber()];
    else if (auto branch = dyn_cast<scf::IfOp>(result.getOwner()))
      value = branch.thenYield().getOperand(result.getResultNumber());
    else if (auto gather = dyn_cast<GatherRowOp>(result.getOwner()))
      value = gather.getAcc();
    else
      break;
  }
  return value;
}

Operation *mlir::pypto::getL1Accumulator(Value value) {
  for (;;) {
    value = chainRoot(value);
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg)
      break;
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return nullptr;
    value = loop.getInitArgs()[arg.getArgNumber() - 1];
  }
  return value.getDefiningOp<CreateL1Op>();
}

FailureOr<TileLayout> mlir::pypto::getTileLayout(Value tile, Arch arch) {
  auto type = cast<TileType>(tile.getType());
  if (!type.getSpace()) {
    if (Operation *def = tile.getDefiningOp())
      return def->emitOpError("produces a tile without a memory space; run "
                              "pypto-infer-memory-space first");
    return emitError(tile.getLoc(), "tile has no memory space");
  }
  int64_t bytes = elementBytes(tile);
  TileLayout layout{pto::AddressSpace::vec,
                    type.getShape()[0],
                    type.getShape()[1],
                    pto::BLayout::row_major,
                    pto::SLayout::none_box,
                    512,
                    0};
  switch (*type.getSpace()) {
  case MemorySpace::vec:
    // An Mx1 column (a row reduction's result) is stored contiguously, so
    // it is also a 1xM row.
    if (type.getShape()[1] == 1 && type.getShape()[0] > 1)
      layout.blayout = pto::BLayout::col_major;
    break;
  case MemorySpace::bias:
    layout.loc = pto::AddressSpace::bias;
    break;
  case MemorySpace::mat: {
    layout.loc = pto::AddressSpace::mat;
    // An L1 accumulator is NZ, the layout rows are DMA'd into (ND2NZ); its
    // transpose view is the ZN tile of the same bytes.
    if (getL1Accumulator(tile)) {
      layout.blayout = pto::BLayout::col_major;
      layout.slayout = pto::SLayout::row_major;
      break;
    }
    if (auto view = tile.getDefiningOp<TransposeViewOp>();
        view && getL1Accumulator(view.getSource())) {
      layout.blayout = pto::BLayout::row_major;
      layout.slayout = pto::SLayout::col_major;
      break;
    }
    // A mat tile takes the layout of the L0 buffer it feeds; a bias row is
    // a plain row (ND), as the bias table's tmov wants its source.
    auto feeds = [&](MemorySpace space) {
      return llvm::any_of(tile.getUsers(), [&](Operation *user) {
        auto move = dyn_cast<MoveOp>(user);
        return move && move.getResult().getType().getSpace() == space;
      });
    };
    if (feeds(MemorySpace::bias))
      break;
    bool feedsRight = feeds(MemorySpace::right);
    layout.blayout =
        feedsRight ? pto::BLayout::row_major : pto::BLayout::col_major;
    layout.slayout =
        feedsRight ? pto::SLayout::col_major : pto::SLayout::row_major;
    break;
  }
  case MemorySpace::left:
    layout.loc = pto::AddressSpace::left;
    // ptoas rewrites the left layout per arch; emit what it would produce.
    layout.blayout =
        arch == Arch::a2a3 ? pto::BLayout::row_major : pto::BLayout::col_major;
    layout.slayout = pto::SLayout::row_major;
    break;
  case MemorySpace::right:
    layout.loc = pto::AddressSpace::right;
    layout.slayout = pto::SLayout::col_major;
    break;
  case MemorySpace::acc:
    layout.loc = pto::AddressSpace::acc;
    layout.blayout = pto::BLayout::col_major;
    layout.slayout = pto::SLayout::row_major;
    layout.fractal = 1024;
    break;
  }
  // ptoas 0.27's tpartmax/tpartmin want their three tiles of one shape: an
  // operand of a part op takes the result's (its own shape stays its valid
  // shape).
  for (Operation *user : tile.getUsers())
    if (isa<PartAddOp, PartMulOp, PartMaxOp, PartMinOp>(user)) {
      ArrayRef<int64_t> shape =
          cast<TileType>(user->getResult(0).getType()).getShape();
      layout.rows = std::max(layout.rows, shape[0]);
      layout.cols = std::max(layout.cols, shape[1]);
    }
  // Pad to whole 32-byte rows, or to whole fractal boxes.
  int64_t perBlock = std::max<int64_t>(1, 32 / bytes);
  if (layout.loc == pto::AddressSpace::vec)
    perBlock = widestBlockInGroup(tile);
  if (layout.slayout == pto::SLayout::none_box) {
    if (layout.blayout == pto::BLayout::row_major)
      layout.cols = roundUp(layout.cols, perBlock);
    else
      layout.rows = roundUp(layout.rows, perBlock);
  } else {
    int64_t inner = std::max<int64_t>(1, layout.fractal / 16 / bytes);
    bool rowBox = layout.slayout == pto::SLayout::row_major;
    layout.rows = roundUp(layout.rows, rowBox ? 16 : inner);
    layout.cols = roundUp(layout.cols, rowBox ? inner : 16);
  }
  layout.numBytes = layout.rows * layout.cols * bytes;
  return layout;
}
