//===- Target.td - the targets and strategies passes take ---*- tablegen -*-===//

#ifndef PYPTO_TRANSFORMS_TARGET_TD
#define PYPTO_TRANSFORMS_TARGET_TD

include "mlir/IR/EnumAttr.td"

def PyPTO_Arch : I32EnumAttr<"Arch", "a target architecture", [
    I32EnumAttrCase<"a2a3", 0>, // Ascend 910B/C
    I32EnumAttrCase<"a5", 1>    // Ascend 950
  ]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}

def PyPTO_PipelineStrategy : I32EnumAttr<"PipelineStrategy",
    "which passes the default pipeline runs", [
    I32EnumAttrCase<"full", 0, "default">,
    I32EnumAttrCase<"debugTile", 1, "debug-tile">
  ]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}

#endif // PYPTO_TRANSFORMS_TARGET_TD
