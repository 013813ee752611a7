//===- PyPTODialect.td - the pypto dialect -----------------*- tablegen -*-===//
//
// The program-level dialect that kernel authors write: GM tensors, on-chip
// tiles, InCore regions and the tensor/tile ops that run inside them.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PYPTO_PYPTODIALECT_TD
#define PYPTO_DIALECT_PYPTO_PYPTODIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def PyPTO_Dialect : Dialect {
  let name = "pypto";
  let cppNamespace = "::mlir::pypto";
  let summary = "Tile programs for Ascend NPUs, as kernel authors write them";
  let description = [{
    The `pypto` dialect holds a tile program before it is split into kernels:
    global-memory tensors (`!pypto.tensor`), on-chip tiles (`!pypto.tile`),
    InCore regions (`pypto.at`) and the tensor and tile operations inside them.

    Functions are `func.func` operations. Their role is the discardable
    attribute `pypto.kind` (`opaque`, `orchestration`, `incore`, `aic`, `aiv`,
    `group`); each tensor argument may carry `pypto.dir` (`in`, `out`,
    `inout`). The run specification of the entry function lives in argument
    attributes (`pypto.init`, `pypto.value`) and module attributes
    (`pypto.golden`, `pypto.rtol`, `pypto.atol`). Loops are `scf.for`
    operations marked with `pypto.loop` (`range`, `parallel`, `pipeline`,
    `unroll`).
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

class PyPTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PyPTO_Dialect, mnemonic, traits>;

#endif // PYPTO_DIALECT_PYPTO_PYPTODIALECT_TD
