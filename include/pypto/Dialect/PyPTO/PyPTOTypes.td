//===- PyPTOTypes.td - pypto types and enums ---------------*- tablegen -*-===//
//
// Tensors live in global memory and have reference semantics; tiles live in
// an on-chip buffer named by their memory space.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PYPTO_PYPTOTYPES_TD
#define PYPTO_DIALECT_PYPTO_PYPTOTYPES_TD

include "pypto/Dialect/PyPTO/PyPTODialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def PyPTO_MemorySpace : I32EnumAttr<"MemorySpace", "on-chip memory space of a tile", [
    I32EnumAttrCase<"vec", 0>, I32EnumAttrCase<"mat", 1>,
    I32EnumAttrCase<"left", 2>, I32EnumAttrCase<"right", 3>,
    I32EnumAttrCase<"acc", 4>, I32EnumAttrCase<"bias", 5>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}

def PyPTO_AtLevel : I32EnumAttr<"AtLevel", "hardware level of a pypto.at region", [
    I32EnumAttrCase<"core_group", 0>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}

def PyPTO_AtLevelAttr : EnumAttr<PyPTO_Dialect, PyPTO_AtLevel, "level">;

class PyPTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PyPTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def PyPTO_TensorType : PyPTO_Type<"GMTensor", "tensor",
    [ShapedTypeInterface]> {
  let summary = "a tensor in global memory (reference semantics)";
  let description = [{
    A tensor in global memory (GM), for example
    `!pypto.tensor<1024x512xf32>`. Slices are views of the same memory and
    `pypto.assemble` writes in place. A program's argument may have
    dimensions bound per run, written `?` (`!pypto.tensor<?x4096xbf16>`):
    `pypto.dim` reads them, and slices of such a tensor have static sizes.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    GMTensorType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                         Type elementType) const {
      return GMTensorType::get(getContext(), shape ? *shape : getShape(),
                             elementType);
    }
    int64_t getNumBytes() const;
  }];
}

def PyPTO_TileType : PyPTO_Type<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "a 2-D tile in an on-chip buffer";
  let description = [{
    A tile of an on-chip buffer, for example `!pypto.tile<128x256xf32>` or,
    once its memory space is known, `!pypto.tile<64x64xf32, acc>`. The
    spaces are `vec` (UB), `mat` (L1), `left` (L0A), `right` (L0B), `acc`
    (L0C) and `bias`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        OptionalParameter<"std::optional<MemorySpace>">:$space);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                       Type elementType) const {
      return TileType::get(getContext(), shape ? *shape : getShape(),
                           elementType, getSpace());
    }
    TileType withSpace(MemorySpace space) const {
      return TileType::get(getContext(), getShape(), getElementType(), space);
    }
    int64_t getNumBytes() const;
  }];
}

def PyPTO_TaskType : PyPTO_Type<"Task", "task"> {
  let summary = "the id of a submitted task";
  let description = [{
    What a `pypto.at`, `pypto.spmd` or `pypto.task_dummy` returns when its
    result is bound (pypto-lib's `as tid`): the id of the task it submits,
    for later tasks' `deps(...)`. In the orchestration C++ it is a
    `PTO2TaskId`. `pypto.no_task` is the id of no task.
  }];
}

def PyPTO_ArrayType : PyPTO_Type<"Array", "array"> {
  let summary = "a fixed-size array of integers or task ids";
  let description = [{
    pypto-lib's `pl.array.create(N, dtype)`: `N` elements of an integer
    type (`i8` to `i64`, `index`) or `!pypto.task`, written
    `!pypto.array<4, !pypto.task>` or `!pypto.array<8, i32>`. An array is
    a reference: `pypto.array_set` updates it in place and a later
    `pypto.array_get` reads the update. In the orchestration C++ it is a
    C array of `PTO2TaskId` or the integer type; in a kernel (integers
    only) a stack array of the core.
  }];
  let parameters = (ins "int64_t":$size, "Type":$elementType);
  let assemblyFormat = "`<` $size `,` $elementType `>`";
  let genVerifyDecl = 1;
}

def PyPTO_AnyTensorOrTile : AnyTypeOf<[PyPTO_TensorType, PyPTO_TileType]>;

#endif // PYPTO_DIALECT_PYPTO_PYPTOTYPES_TD
