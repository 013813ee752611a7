//===- PTODialect.td - the pto dialect ---------------------*- tablegen -*-===//
//
// The subset of the PTO dialect that pypto-mlir emits, with the textual
// syntax that ptoas 0.27 parses, so a printed module is a valid `.pto` file.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PTO_PTODIALECT_TD
#define PYPTO_DIALECT_PTO_PTODIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::mlir::pto";
  let summary = "Tile-level kernels in the form ptoas accepts";
  let description = [{
    Kernels after lowering: GM pointers (`!pto.ptr`), tensor views, on-chip
    tile buffers (`!pto.tile_buf`) and tile instructions in
    destination-passing style (`pto.tadd ins(...) outs(...)`). Printing a
    module of this dialect gives a `.pto` file for ptoas; files written by
    pypto parse as well.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic, traits>;

include "pypto/Dialect/PTO/PTOInterfaces.td"

/// A tile instruction (see the TileInstruction interface); its C++ function
/// is its mnemonic in capitals, `.` as `_`.
class PTO_TileInstructionOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, traits # [PTO_TileInstructionInterface]> {
  string cppFunction = !subst(".", "_", !toupper(mnemonic));
  let extraClassDeclaration = "static constexpr ::llvm::StringLiteral "
                              "kCppFunction = \"" # cppFunction # "\";";
}

#endif // PYPTO_DIALECT_PTO_PTODIALECT_TD
