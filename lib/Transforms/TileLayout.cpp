//===- TileLayout.cpp - physical layout of a tile --------------*- C++ -*-===//

#include "pypto/Transforms/TileLayout.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

using namespace mlir;
using namespace mlir::pypto;

static int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

FailureOr<TileLayout> mlir::pypto::getTileLayout(Value tile, StringRef arch) {
  auto type = cast<TileType>(tile.getType());
  if (!type.getSpace()) {
    if (Operation *def = tile.getDefiningOp())
      return def->emitOpError("produces a tile without a memory space; run "
                              "pypto-infer-memory-space first");
    return emitError(tile.getLoc(), "tile has no memory space");
  }
  int64_t bytes = (type.getElementType().getIntOrFloatBitWidth() + 7) / 8;
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
    // A mat tile takes the layout of the L0 buffer it feeds.
    bool feedsRight = llvm::any_of(tile.getUsers(), [](Operation *user) {
      auto move = dyn_cast<MoveOp>(user);
      return move &&
             move.getResult().getType().getSpace() == MemorySpace::right;
    });
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
        arch == "a2a3" ? pto::BLayout::row_major : pto::BLayout::col_major;
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
  // Pad to whole 32-byte rows, or to whole fractal boxes.
  int64_t perBlock = std::max<int64_t>(1, 32 / bytes);
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
