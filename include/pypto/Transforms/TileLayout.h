//===- TileLayout.h - physical layout of a tile ----------------*- C++ -*-===//
//
// How a pypto tile is laid out in its buffer: the box layout the cube unit
// needs, and the shape padded to what the hardware addresses (rows of 32
// bytes, whole fractal boxes). The memory planner sizes tiles with it and the
// PTO lowering emits it, so the two always agree.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_TRANSFORMS_TILELAYOUT_H
#define PYPTO_TRANSFORMS_TILELAYOUT_H

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Transforms/Target.h"

#include "mlir/IR/Value.h"

namespace mlir::pypto {

struct TileLayout {
  pto::AddressSpace loc;
  int64_t rows, cols; // physical shape, padded
  pto::BLayout blayout;
  pto::SLayout slayout;
  int64_t fractal;
  int64_t numBytes;
};

/// The layout of `tile` (a value of !pypto.tile type with a memory space) on
/// `arch`; fails, reporting at `tile`'s definition, when it has no space.
FailureOr<TileLayout> getTileLayout(Value tile, Arch arch);

/// The value whose definition first writes the buffer `tile` ends up in: a
/// loop's result is written where its chain starts (its initial value), a
/// branch's result where its then-branch's value is, a gathered
/// accumulator where the accumulator is (pypto-plan-memory gives each chain
/// one buffer).
Value chainRoot(Value tile);

/// The pypto.create_l1 whose buffer `value` (a tensor or tile) is, through
/// gather_rows, loop-carried values and branch results; null if none.
Operation *getL1Accumulator(Value value);

} // namespace mlir::pypto

#endif // PYPTO_TRANSFORMS_TILELAYOUT_H
