//===- PTOInterfaces.td - pto op interfaces -----------------*- tablegen -*-===//

#ifndef PYPTO_DIALECT_PTO_PTOINTERFACES_TD
#define PYPTO_DIALECT_PTO_PTOINTERFACES_TD

include "mlir/IR/OpBase.td"

def PTO_TileInstructionInterface : OpInterface<"TileInstruction"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    A tile instruction in destination-passing style: its operands are the
    `ins`, then the `outs` (a tile, or the GM window of a store) last. In
    pto-isa's C++ it is a call `<function>(outs, ins...)`, the function named
    from the mnemonic (`pto.tmatmul.acc` is `TMATMUL_ACC`) where the op is
    declared.
  }];
  let methods = [
    StaticInterfaceMethod<"pto-isa's C++ function for the instruction",
      "::llvm::StringRef", "getCppFunction", (ins), [{}],
      [{ return ConcreteOp::kCppFunction; }]>,
    InterfaceMethod<"the `outs` operand", "::mlir::Value", "getOuts", (ins),
      [{}], [{ return $_op->getOperands().back(); }]>,
    InterfaceMethod<"the `ins` operands, in order", "::mlir::OperandRange",
      "getIns", (ins), [{}],
      [{ return $_op->getOperands().drop_back(); }]>,
  ];
}

#endif // PYPTO_DIALECT_PTO_PTOINTERFACES_TD
