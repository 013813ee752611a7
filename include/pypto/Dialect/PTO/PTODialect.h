//===- PTODialect.h - the pto dialect -------------------------*- C++ -*-===//
//
// Declarations of the pto dialect (the `.pto` format ptoas reads).
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PTO_PTODIALECT_H
#define PYPTO_DIALECT_PTO_PTODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "pypto/Dialect/PTO/PTOEnums.h.inc"

#include "pypto/Dialect/PTO/PTODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "pypto/Dialect/PTO/PTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "pypto/Dialect/PTO/PTOTypes.h.inc"

namespace mlir::pto {
/// Vec tiles of one element type and one valid shape.
LogicalResult verifyVecTiles(Operation *op, ArrayRef<TileBufType> tiles);
/// tpart*: vec tiles of one element type whose source valid shapes lie
/// within dst's, one of them equal to it (ptoas 0.27's rule).
LogicalResult verifyPartTiles(Operation *op, TileBufType src0, TileBufType src1,
                              TileBufType dst);
/// Row (Mx1) or column (1xN) reduction shapes.
/// `indices`: dst holds the i32 indices of an arg reduction, not values.
LogicalResult verifyReduction(Operation *op, TileBufType src, TileBufType dst,
                              bool isRow, bool indices = false);
/// An Mx1 (row) or 1xN (column) vector broadcast over `dst`; with
/// `allowPerRowBlocks`, a row vector may also be a row-major tile with one
/// whole 32-byte block valid per row (trowexpand<op>, as ptoas 0.27 has it).
LogicalResult verifyBroadcast(Operation *op, TileBufType vec, TileBufType dst,
                              bool isRow, bool allowPerRowBlocks = false);
/// Slots per direction of a cross-core pipe as the hardware (and ptoas 0.27,
/// which has no slot_num) has them: 8 for one direction, 4 each for both.
inline int64_t getHardwareSlotCount(int64_t dirMask) {
  return dirMask == 3 ? 4 : 8;
}
} // namespace mlir::pto

#include "pypto/Dialect/PTO/PTOInterfaces.h.inc"

#define GET_OP_CLASSES
#include "pypto/Dialect/PTO/PTOOps.h.inc"

namespace mlir::pto {
/// Name of the function attribute that marks a kernel's core type.
inline constexpr llvm::StringLiteral kKernelKindAttr = "pto.kernel_kind";
/// Name of the module attribute that names the target architecture.
inline constexpr llvm::StringLiteral kTargetArchAttr = "pto.target_arch";
} // namespace mlir::pto

#endif // PYPTO_DIALECT_PTO_PTODIALECT_H
