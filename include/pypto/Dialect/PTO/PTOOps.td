//===- PTOOps.td - pto operations --------------------------*- tablegen -*-===//
//
// Views, tile allocation and the tile instructions pypto-mlir emits. Tile
// instructions are in destination-passing style with ptoas's exact syntax:
// `pto.tadd ins(%a, %b : T, T) outs(%c : T)`.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PTO_PTOOPS_TD
#define PYPTO_DIALECT_PTO_PTOOPS_TD

include "pypto/Dialect/PTO/PTOTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Views and allocation
//===----------------------------------------------------------------------===//

def PTO_MakeTensorViewOp : PTO_Op<"make_tensor_view",
    [Pure, SameVariadicOperandSize]> {
  let summary = "wrap a GM pointer with a shape and strides";
  let description = [{
    ```mlir
    %v = pto.make_tensor_view %arg0, shape = [%c16, %c16], strides = [%c16, %c1]
        : !pto.tensor_view<?x?xf32>
    ```
  }];
  let arguments = (ins PTO_PtrType:$ptr, Variadic<Index>:$shape,
                       Variadic<Index>:$strides,
                       OptionalAttr<PTO_LayoutAttr>:$layout);
  let results = (outs PTO_TensorViewType:$result);
  let assemblyFormat = [{
    $ptr `,` `shape` `=` `[` $shape `]` `,` `strides` `=` `[` $strides `]`
    attr-dict `:` qualified(type($result))
    custom<PtrFromView>(type($ptr), ref(type($result)))
  }];
  let hasVerifier = 1;
}

def PTO_PartitionViewOp : PTO_Op<"partition_view",
    [Pure, SameVariadicOperandSize]> {
  let summary = "a window of a tensor view";
  let description = [{
    ```mlir
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16]
        : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    ```
  }];
  let arguments = (ins PTO_TensorViewType:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionTensorViewType:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]`
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_LoadScalarOp : PTO_Op<"load_scalar"> {
  let summary = "read one element of GM through a pointer";
  let description = [{
    Multi-card kernels read their CommContext this way (slot 2: rank, slot
    4 + r: the base of rank r's window).

    ```mlir
    %v = pto.load_scalar %ctx[%c2] : !pto.ptr<i64> -> i64
    ```
  }];
  let arguments = (ins PTO_PtrType:$ptr, Index:$offset);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    $ptr `[` $offset `]` attr-dict `:` qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTO_DeclareLocalArrayOp : PTO_Op<"declare_local_array"> {
  let summary = "a kernel array of integers, zeroed";
  let description = [{
    ```mlir
    %a = pto.declare_local_array -> !pto.local_array<8xi32>
    ```
  }];
  let results = (outs PTO_LocalArrayType:$array);
  let assemblyFormat = "attr-dict `->` qualified(type($array))";
}

def PTO_LocalArrayGetOp : PTO_Op<"local_array_get"> {
  let summary = "one element of a kernel array";
  let description = [{
    ```mlir
    %v = pto.local_array_get %a[%i] : !pto.local_array<8xi32> -> i32
    ```
  }];
  let arguments = (ins PTO_LocalArrayType:$array, Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $array `[` $index `]` attr-dict `:` qualified(type($array)) `->` type($result)
  }];
}

def PTO_LocalArraySetOp : PTO_Op<"local_array_set"> {
  let summary = "write one element of a kernel array";
  let description = [{
    ```mlir
    pto.local_array_set %a[%i], %v : !pto.local_array<8xi32>, i32
    ```
  }];
  let arguments = (ins PTO_LocalArrayType:$array, Index:$index,
                       AnyType:$value);
  let assemblyFormat = [{
    $array `[` $index `]` `,` $value attr-dict `:` qualified(type($array)) `,` type($value)
  }];
}

def PTO_StoreScalarOp : PTO_Op<"store_scalar"> {
  let summary = "write one element of GM through a pointer";
  let description = [{
    A kernel's `pypto.write` of one element of a tensor parameter, at the
    element offset its strides give.

    ```mlir
    pto.store_scalar %v, %arg1[%off] : !pto.ptr<f32>, f32
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
                       PTO_PtrType:$ptr, Index:$offset);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offset `]` attr-dict `:` qualified(type($ptr)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def PTO_TGetValOp : PTO_Op<"tgetval"> {
  let summary = "read one element of a vec tile into a scalar";
  let description = [{
    The element at `offset` in the tile's row-major `rows x cols` shape
    (pto-isa's `GetValue`, vec tiles only).

    ```mlir
    %v = pto.tgetval ins(%t, %off : !pto.tile_buf<loc=vec, ...>, index) outs : f32
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src, Index:$offset);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `,` $offset `:` qualified(type($src)) `,` `index` `)` `outs` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def PTO_TSetValOp : PTO_Op<"tsetval"> {
  let summary = "write a scalar into one element of a vec tile";
  let description = [{
    The element at `offset` in the tile's row-major `rows x cols` shape
    (pto-isa's `SetValue`, vec tiles only; ptoas 0.27's form).

    ```mlir
    pto.tsetval ins(%off, %v : index, i32) outs(%t : !pto.tile_buf<loc=vec, ...>)
    ```
  }];
  let arguments = (ins Index:$offset, AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $offset `,` $value `:` `index` `,` type($value) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure]> {
  let summary = "a GM pointer moved by a number of elements";
  let description = [{
    ```mlir
    %peer = pto.addptr %arg1, %delta : !pto.ptr<f32> -> !pto.ptr<f32>
    ```
  }];
  let arguments = (ins PTO_PtrType:$ptr, Index:$offset);
  let results = (outs PTO_PtrType:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` qualified(type($ptr)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_AllocTileOp : PTO_Op<"alloc_tile", [AttrSizedOperandSegments]> {
  let summary = "declare a tile buffer, optionally at a fixed address";
  let description = [{
    `addr` is the byte offset in the tile's buffer (level-3 code); the valid
    operands give a run-time valid shape and are present exactly when the
    type's `v_row`/`v_col` is `?`.

    ```mlir
    %t = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16,
        cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    ```
  }];
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)?
    (`valid_col` `=` $valid_col^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_TReshapeOp : PTO_Op<"treshape", [Pure]> {
  let summary = "view a tile's bytes as another tile (same buffer, no copy)";
  let description = [{
    The result aliases the source: same memory space, same total bytes, both
    boxed or both not; shape, element type and layout may change (pypto
    turns a 16x1 column into a 1x16 row this way).

    ```mlir
    %r = pto.treshape %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, ...>
        -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, ...>
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_SetValidShapeOp : PTO_Op<"set_validshape"> {
  let summary = "set a tile's run-time valid shape in place";
  let description = [{
    Only for a tile whose `v_row` and `v_col` are both `?`; constant values
    must lie within the tile's rows and cols.

    ```mlir
    pto.set_validshape %t, %rows, %cols : !pto.tile_buf<loc=vec, dtype=f32,
        rows=8, cols=64, v_row=?, v_col=?, ...>
    ```
  }];
  let arguments = (ins PTO_TileBufType:$source, Index:$valid_row,
                       Index:$valid_col);
  let assemblyFormat = [{
    $source `,` $valid_row `,` $valid_col attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def PTO_TLoadOp : PTO_TileInstructionOp<"tload"> {
  let summary = "load a GM window into a tile (MTE2)";
  let arguments = (ins PTO_PartitionTensorViewType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_AtomicTypeEnum : I32EnumAttr<"AtomicType", "how tstore writes", [
    I32EnumAttrCase<"AtomicNone", 0, "atomic_none">,
    I32EnumAttrCase<"AtomicAdd", 1, "atomic_add">]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_AtomicTypeAttr : EnumAttr<PTO_Dialect, PTO_AtomicTypeEnum, "atomic_type">;

def PTO_TStoreOp : PTO_TileInstructionOp<"tstore"> {
  let summary = "store a tile into a GM window (MTE3, or FIX from acc)";
  let description = [{
    With `{atomicType = #pto<atomic_type atomic_add>}` the tile is added to
    the window atomically.
  }];
  let arguments = (ins PTO_TileBufType:$src, PTO_PartitionTensorViewType:$dst,
                       OptionalAttr<PTO_AtomicTypeAttr>:$atomicType);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_MGatherOp : PTO_TileInstructionOp<"mgather"> {
  let summary = "rows of a GM tensor by an index row (MGATHER, row mode)";
  let description = [{
    `dst[r, :] = mem[idx[0, r], :]`; `mem` is the whole 2-D table.

    ```mlir
    pto.mgather ins(%table, %idx : !pto.partition_tensor_view<?x64xf32>, !pto.tile_buf<...i32...>) outs(%dst : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins PTO_PartitionTensorViewType:$mem, PTO_TileBufType:$idx,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mem `,` $idx `:` qualified(type($mem)) `,` qualified(type($idx)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_MScatterOp : PTO_TileInstructionOp<"mscatter"> {
  let summary = "rows into a GM tensor by an index row (MSCATTER, row mode)";
  let description = [{
    `mem[idx[0, r], :] = src[r, :]` in order of `r`; with `atomic_add` the
    rows are added.
  }];
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$idx,
                       PTO_PartitionTensorViewType:$mem, UnitAttr:$atomic_add);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` qualified(type($idx)) `)`
    `outs` `(` $mem `:` qualified(type($mem)) `)` attr-dict
  }];
}

def PTO_TMovOp : PTO_TileInstructionOp<"tmov"> {
  let summary = "copy a tile between buffers";
  let description = "Legal pairs: mat to left/right/bias, acc to mat/vec, vec "
                    "to vec.";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TExtractOp : PTO_TileInstructionOp<"textract"> {
  let summary = "copy a window of a tile into another tile (MTE1)";
  let description = [{
    ```mlir
    pto.textract ins(%src, %r, %c : !pto.tile_buf<loc=mat, ...>, index, index) outs(%dst : !pto.tile_buf<loc=left, ...>)
    ```

    Printed as ptoas 0.27 writes it; the older window form
    `ins(%src[%r, %c] : !pto.tile_buf<...>)` is read too.
  }];
  let arguments = (ins PTO_TileBufType:$src, Index:$row, Index:$col,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` custom<ExtractSource>($src, $row, $col, type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TScatterOp : PTO_TileInstructionOp<"tscatter"> {
  let summary = "elements written into a tile at storage offsets (index form)";
  let description = [{
    ```mlir
    pto.tscatter ins(%src, %idx : !pto.tile_buf<...>, !pto.tile_buf<...>) outs(%dst : !pto.tile_buf<...>)
    ```
    `dst` keeps the elements no index names (DPS).
  }];
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$indexes,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $indexes `:` qualified(type($src)) `,`
    qualified(type($indexes)) `)` `outs` `(` $dst `:` qualified(type($dst))
    `)` attr-dict
  }];
}

def PTO_TInsertOp : PTO_TileInstructionOp<"tinsert"> {
  let summary = "copy a tile into a window of another tile";
  let description = [{
    ```mlir
    pto.tinsert ins(%src, %r, %c : !pto.tile_buf<loc=vec, ...>, index, index) outs(%dst : !pto.tile_buf<loc=vec, ...>)
    ```
    ptoas 0.27 takes vec-to-vec on A5 only.
  }];
  let arguments = (ins PTO_TileBufType:$src, Index:$row, Index:$col,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $row `,` $col `:` qualified(type($src)) `,` type($row)
    `,` type($col) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Vector compute (PIPE_V)
//
// Operands are the `ins` in order, then the `outs` tile; the C++ form is
// `T<NAME>(dst, ins...)`.
//===----------------------------------------------------------------------===//

class PTO_VecOp<string mnemonic> : PTO_TileInstructionOp<mnemonic> {
  let hasVerifier = 1;
}

class PTO_BinaryTileOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of two vec tiles";
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyVecTiles(*this, {getSrc0().getType(),
          getSrc1().getType(), getDst().getType()});
    }
  }];
}

foreach op = [["tadd", "addition"], ["tsub", "subtraction"],
              ["tmul", "multiplication"], ["tdiv", "division"],
              ["tmax", "maximum"], ["tmin", "minimum"],
              ["tfmod", "remainder with the dividend's sign (C fmod)"],
              ["tand", "bitwise and"], ["tor", "bitwise or"],
              ["tshl", "left shift"], ["tshr", "right shift"]] in
  def PTO_ # !toupper(op[0]) # Op : PTO_BinaryTileOp<op[0], op[1]>;

// ptoas 0.27's forms of these take a scratch tile of the operands' type.
class PTO_BinaryScratchTileOp<string mnemonic, string what>
    : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of two vec tiles, with a scratch tile";
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$tmp, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `,` $tmp `:` qualified(type($src0)) `,` qualified(type($src1)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyVecTiles(*this, {getSrc0().getType(),
          getSrc1().getType(), getTmp().getType(), getDst().getType()});
    }
  }];
}

foreach op = [["trem", "remainder with the divisor's sign"],
              ["txor", "bitwise exclusive or"],
              ["tprelu", "x > 0 ? x : x * slope, slope per element"]] in
  def PTO_ # !toupper(op[0]) # Op : PTO_BinaryScratchTileOp<op[0], op[1]>;

class PTO_TernaryTileOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of three vec tiles";
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$src2, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `,` $src2 `:` qualified(type($src0)) `,` qualified(type($src1)) `,` qualified(type($src2)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyVecTiles(*this, {getSrc0().getType(),
          getSrc1().getType(), getSrc2().getType(), getDst().getType()});
    }
  }];
}

def PTO_TADDCOp : PTO_TernaryTileOp<"taddc", "src0 + src1 + src2">;
def PTO_TSUBCOp : PTO_TernaryTileOp<"tsubc", "src0 - src1 + src2">;

class PTO_TernaryScalarTileOp<string mnemonic, string what>
    : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of two vec tiles and a scalar";
  let arguments = (ins PTO_TileBufType:$src0,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$src1, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $scalar `,` $src1 `:` qualified(type($src0)) `,` type($scalar) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (getScalar().getType() != getSrc0().getType().getElementType())
        return emitOpError("scalar type ") << getScalar().getType()
               << " differs from the tile dtype "
               << getSrc0().getType().getElementType();
      return ::mlir::pto::verifyVecTiles(*this, {getSrc0().getType(),
          getSrc1().getType(), getDst().getType()});
    }
  }];
}

def PTO_TADDSCOp : PTO_TernaryScalarTileOp<"taddsc", "src0 + scalar + src1">;
def PTO_TSUBSCOp : PTO_TernaryScalarTileOp<"tsubsc", "src0 - scalar + src1">;

class PTO_ScalarTileOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of a vec tile and a scalar";
  let arguments = (ins PTO_TileBufType:$src,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (getScalar().getType() != getSrc().getType().getElementType())
        return emitOpError("scalar type ") << getScalar().getType()
               << " differs from the tile dtype "
               << getSrc().getType().getElementType();
      return ::mlir::pto::verifyVecTiles(*this, {getSrc().getType(),
          getDst().getType()});
    }
  }];
}

foreach op = [["tadds", "addition"], ["tsubs", "subtraction"],
              ["tmuls", "multiplication"], ["tdivs", "division"],
              ["tmaxs", "maximum"], ["tmins", "minimum"],
              ["tfmods", "remainder with the dividend's sign (C fmod)"],
              ["tands", "bitwise and"], ["tors", "bitwise or"],
              ["tshls", "left shift"], ["tshrs", "right shift"]] in
  def PTO_ # !toupper(op[0]) # Op : PTO_ScalarTileOp<op[0], op[1]>;

// ptoas 0.27's slope is f32 whatever the tile's dtype.
def PTO_TLRELUOp : PTO_VecOp<"tlrelu"> {
  let summary = "elementwise x > 0 ? x : x * slope";
  let arguments = (ins PTO_TileBufType:$src, F32:$slope, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $slope `:` qualified(type($src)) `,` type($slope) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyVecTiles(*this, {getSrc().getType(),
          getDst().getType()});
    }
  }];
}

class PTO_ScalarScratchTileOp<string mnemonic, string what>
    : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of a vec tile and a scalar, with a "
                # "scratch tile";
  let arguments = (ins PTO_TileBufType:$src,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$tmp, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `,` $tmp `:` qualified(type($src)) `,` type($scalar) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (getScalar().getType() != getSrc().getType().getElementType())
        return emitOpError("scalar type ") << getScalar().getType()
               << " differs from the tile dtype "
               << getSrc().getType().getElementType();
      return ::mlir::pto::verifyVecTiles(*this, {getSrc().getType(),
          getTmp().getType(), getDst().getType()});
    }
  }];
}

foreach op = [["trems", "remainder with the divisor's sign"],
              ["txors", "bitwise exclusive or"]] in
  def PTO_ # !toupper(op[0]) # Op : PTO_ScalarScratchTileOp<op[0], op[1]>;

class PTO_UnaryTileOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "elementwise " # what # " of a vec tile";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyVecTiles(*this, {getSrc().getType(),
          getDst().getType()});
    }
  }];
}

foreach op = [["tneg", "negation"], ["tabs", "absolute value"],
              ["texp", "exp"], ["tlog", "natural logarithm"],
              ["tsqrt", "square root"], ["trsqrt", "reciprocal square root"],
              ["trecip", "reciprocal"], ["trelu", "relu"],
              ["tnot", "bitwise not"]] in
  def PTO_ # !toupper(op[0]) # Op : PTO_UnaryTileOp<op[0], op[1]>;

def PTO_RoundModeEnum : I32EnumAttr<"RoundMode", "rounding of tcvt", [
    I32EnumAttrCase<"NONE", 0>, I32EnumAttrCase<"RINT", 1>,
    I32EnumAttrCase<"ROUND", 2>, I32EnumAttrCase<"FLOOR", 3>,
    I32EnumAttrCase<"CEIL", 4>, I32EnumAttrCase<"TRUNC", 5>,
    I32EnumAttrCase<"ODD", 6>, I32EnumAttrCase<"CAST_RINT", 7>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_RoundModeAttr : EnumAttr<PTO_Dialect, PTO_RoundModeEnum, "round_mode">;

def PTO_TCvtOp : PTO_VecOp<"tcvt"> {
  let summary = "convert a vec tile's element type";
  let description = [{
    ```mlir
    pto.tcvt ins(%src{rmode = #pto<round_mode ROUND>} : TB) outs(%dst : TB)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst,
                       DefaultValuedAttr<PTO_RoundModeAttr,
                                         "::mlir::pto::RoundMode::CAST_RINT">:$rmode);
  let assemblyFormat = [{
    `ins` `(` $src attr-dict `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
}

class PTO_RowReduceOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "row " # what # ": an MxN vec tile to Mx1";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$tmp,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $tmp `:` qualified(type($src)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyReduction(*this, getSrc().getType(),
                                          getDst().getType(), true);
    }
  }];
}

class PTO_ColReduceOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = "column " # what # ": an MxN vec tile to 1xN";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyReduction(*this, getSrc().getType(),
                                          getDst().getType(), false);
    }
  }];
}

foreach op = [["sum", "sum"], ["max", "maximum"], ["min", "minimum"],
              ["prod", "product"]] in {
  def PTO_TROW # !toupper(op[0]) # Op : PTO_RowReduceOp<"trow" # op[0], op[1]>;
  def PTO_TCOL # !toupper(op[0]) # Op : PTO_ColReduceOp<"tcol" # op[0], op[1]>;
}

class PTO_ArgReduceOp<string mnemonic, string what, bit isRow>
    : PTO_VecOp<mnemonic> {
  let summary = !if(isRow, "row ", "column ") # what # ": the i32 index of "
                # "each " # !if(isRow, "row's", "column's") # " first extreme";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$tmp,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $tmp `:` qualified(type($src)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      if (!getDst().getType().getElementType().isSignlessInteger(32))
        return emitOpError("index tile must hold i32, not ")
               << getDst().getType().getElementType();
      return ::mlir::pto::verifyReduction(*this, getSrc().getType(),
                                          getDst().getType(), }],
      !if(isRow, "true", "false"), [{, /*indices=*/true);
    }
  }]);
}

def PTO_TROWARGMAXOp : PTO_ArgReduceOp<"trowargmax", "argmax", 1>;
def PTO_TROWARGMINOp : PTO_ArgReduceOp<"trowargmin", "argmin", 1>;
def PTO_TCOLARGMAXOp : PTO_ArgReduceOp<"tcolargmax", "argmax", 0>;
def PTO_TCOLARGMINOp : PTO_ArgReduceOp<"tcolargmin", "argmin", 0>;

class PTO_ExpandOp<string mnemonic, bit isRow> : PTO_VecOp<mnemonic> {
  let summary = !if(isRow, "broadcast src[i, 0] across row i",
                           "broadcast src[0, j] down column j");
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyBroadcast(*this, getSrc().getType(),
                                          getDst().getType(), }],
      !if(isRow, "true", "false"), [{);
    }
  }]);
}

def PTO_TROWEXPANDOp : PTO_ExpandOp<"trowexpand", 1>;
def PTO_TCOLEXPANDOp : PTO_ExpandOp<"tcolexpand", 0>;

class PTO_ExpandBinaryOp<string mnemonic, string what, bit isRow>
    : PTO_VecOp<mnemonic> {
  let summary = what # " with a broadcast " # !if(isRow, "column", "row");
  let description = !if(isRow, [{
    `dst[i, j] = src0[i, j] op vec[i, 0]`. `vec` is an Mx1 vector, or a
    row-major tile with one whole 32-byte block valid per row whose first
    element is the row's value (the only row-major form ptoas 0.27 takes).
  }], [{
    `dst[i, j] = src0[i, j] op vec[0, j]` for a 1xN `vec`.
  }]);
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$vec,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $vec `:` qualified(type($src0)) `,` qualified(type($vec)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      if (failed(::mlir::pto::verifyVecTiles(*this, {getSrc0().getType(),
                                                     getDst().getType()})))
        return ::mlir::failure();
      return ::mlir::pto::verifyBroadcast(*this, getVec().getType(),
                                          getDst().getType(), }],
      !if(isRow, "true", "false"), [{, /*allowPerRowBlocks=*/true);
    }
  }]);
}

foreach kind = [["add", "addition"], ["sub", "subtraction"],
                ["mul", "multiplication"], ["div", "division"],
                ["max", "maximum"], ["min", "minimum"],
                ["expdif", "exp(x - v)"]] in {
  def PTO_TROWEXPAND # !toupper(kind[0]) # Op
      : PTO_ExpandBinaryOp<"trowexpand" # kind[0], kind[1], 1>;
  def PTO_TCOLEXPAND # !toupper(kind[0]) # Op
      : PTO_ExpandBinaryOp<"tcolexpand" # kind[0], kind[1], 0>;
}

def PTO_TExpandsOp : PTO_VecOp<"texpands"> {
  let summary = "fill a vec tile with a scalar";
  let arguments = (ins AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $scalar `:` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TTransOp : PTO_VecOp<"ttrans"> {
  let summary = "transpose a vec tile";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$tmp,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $tmp `:` qualified(type($src)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TFillPadOp : PTO_VecOp<"tfillpad"> {
  let summary = "copy a tile's valid region and pad the rest";
  let description = [{
    `dst` gets `src` inside src's valid region and dst's `pad` value (1 zero,
    2 max, 3 min) everywhere else in dst's rows x cols.

    ```mlir
    pto.tfillpad ins(%src : !pto.tile_buf<vec, 16x256xf32, valid=16x?>) outs(%dst : !pto.tile_buf<vec, 16x256xf32, pad=3>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Signals between chips (pto::comm)
//===----------------------------------------------------------------------===//

def PTO_NotifyOpEnum : I32EnumAttr<"NotifyOp", "what tnotify does", [
    I32EnumAttrCase<"atomic_add", 0>, I32EnumAttrCase<"set", 1>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_NotifyOpAttr : EnumAttr<PTO_Dialect, PTO_NotifyOpEnum, "notify_op">;

def PTO_WaitCmpEnum : I32EnumAttr<"WaitCmp", "what twait waits for", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"gt", 2>, I32EnumAttrCase<"ge", 3>,
    I32EnumAttrCase<"lt", 4>, I32EnumAttrCase<"le", 5>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_WaitCmpAttr : EnumAttr<PTO_Dialect, PTO_WaitCmpEnum, "wait_cmp">;

def PTO_CommTNotifyOp : PTO_Op<"comm.tnotify"> {
  let summary = "add to or set an i32 signal, usually in a peer's window";
  let description = [{
    ```mlir
    pto.comm.tnotify(%pv, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
    ```
  }];
  let arguments = (ins PTO_PartitionTensorViewType:$signal, I32:$value,
                       PTO_NotifyOpAttr:$notifyOp);
  let assemblyFormat = [{
    `(` $signal `,` $value `:` qualified(type($signal)) `,` type($value) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_CommTWaitOp : PTO_Op<"comm.twait"> {
  let summary = "wait until an i32 signal of this chip's window meets a condition";
  let description = [{
    ```mlir
    pto.comm.twait(%pv, %e : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
    ```
  }];
  let arguments = (ins PTO_PartitionTensorViewType:$signal, I32:$expected,
                       PTO_WaitCmpAttr:$cmp);
  let assemblyFormat = [{
    `(` $signal `,` $expected `:` qualified(type($signal)) `,` type($expected) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_FenceScopeEnum : I32EnumAttr<"FenceScope", "what a fence orders", [
    I32EnumAttrCase<"gm", 0>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_FenceScopeAttr : EnumAttr<PTO_Dialect, PTO_FenceScopeEnum, "fence_scope"> {
  let assemblyFormat = "`<` $value `>`";
}

def PTO_FenceBarrierAllOp : PTO_Op<"fence.barrier_all"> {
  let summary = "wait until every earlier GM write is visible to other chips";
  let description = [{
    The release half of data-before-signal: after a store into a window
    buffer (and its `pto.cmo.cacheinvalid`), before the notify that tells a
    peer to read it. ptoas lowers it to `dsb(DSB_DDR)`.

    ```mlir
    pto.fence.barrier_all #pto.fence_scope<gm>
    ```
  }];
  let arguments = (ins PTO_FenceScopeAttr:$scope);
  let assemblyFormat = "custom<QualifiedScope>($scope) attr-dict";
}

def PTO_CmoCacheInvalidOp : PTO_Op<"cmo.cacheinvalid"> {
  let summary = "invalidate GM data cache lines";
  let description = [{
    `single_cache_line` invalidates the line holding a view's first element
    (after a store into a window, before the fence); `all` the whole GM data
    cache (after a wait, before reading what the peer published). ptoas
    lowers them to `dcci`.

    ```mlir
    pto.cmo.cacheinvalid %pv single_cache_line : !pto.partition_tensor_view<1x256xf32>
    pto.cmo.cacheinvalid all #pto.address_space<gm>
    ```
  }];
  let arguments = (ins Optional<PTO_PartitionTensorViewType>:$target,
                       OptionalAttr<PTO_AddressSpaceAttr>:$space);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sorting (PIPE_V)
//===----------------------------------------------------------------------===//

def PTO_TSort32Op : PTO_VecOp<"tsort32"> {
  let summary = "sort 32-column blocks into (value, index) pairs";
  let arguments = (ins PTO_TileBufType:$src, PTO_TileBufType:$idx,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` qualified(type($idx)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TMrgSortOp : PTO_VecOp<"tmrgsort"> {
  let summary = "merge groups of four sorted runs of blockLen columns";
  let arguments = (ins PTO_TileBufType:$src, I32:$block_len,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $block_len `:` qualified(type($src)) `,` type($block_len) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_CmpModeEnum : I32EnumAttr<"CmpMode", "a comparison of tcmp", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
    I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_CmpModeAttr : EnumAttr<PTO_Dialect, PTO_CmpModeEnum, "cmp">;

def PTO_TGatherOp : PTO_TileInstructionOp<"tgather",
    [AttrSizedOperandSegments]> {
  let hasVerifier = 1;
  let summary = "gather by flat index, by mask pattern, or by compare";
  let description = [{
    The index form reads `dst[i, j] = src_flat[idx[i, j]]`, the flat index
    into src's storage (row stride: its columns); `tmp` has the index's
    type. The mask form keeps the columns of each group of four that the
    pattern selects. The compare form writes, per row, the column numbers
    (plus `offset`) where `src` compares true with the scalar `kValue`
    (`eq` or `gt`) to `dst` (i32) and their count to `cdst` (i32, one
    element per row); `tmp` is its workspace.

    ```mlir
    pto.tgather ins(%src, %idx, %tmp : !pto.tile_buf<...>, !pto.tile_buf<...>, !pto.tile_buf<...>)
        outs(%dst : !pto.tile_buf<...>)
    pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<...>)
        outs(%dst : !pto.tile_buf<...>)
    pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<...>, f32, !pto.tile_buf<...>)
        outs(%dst, %cdst : !pto.tile_buf<...>, !pto.tile_buf<...>) {cmpMode = #pto<cmp gt>, offset = 0 : i32}
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src, Optional<PTO_TileBufType>:$idx,
                       Optional<AnyTypeOf<[AnyFloat, AnySignlessInteger]>>:$kValue,
                       Optional<PTO_TileBufType>:$tmp,
                       OptionalAttr<PTO_MaskPatternAttr>:$maskPattern,
                       OptionalAttr<PTO_CmpModeAttr>:$cmpMode,
                       OptionalAttr<I32Attr>:$offset,
                       PTO_TileBufType:$dst, Optional<PTO_TileBufType>:$cdst);
  let hasCustomAssemblyFormat = 1;
}

def PTO_TConcatOp : PTO_TileInstructionOp<"tconcat"> {
  let hasVerifier = 1;
  let summary = "src1's valid columns after src0's, row by row";
  let description = [{
    ```mlir
    pto.tconcat ins(%a, %b : !pto.tile_buf<...>, !pto.tile_buf<...>) outs(%d : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TCiOp : PTO_TileInstructionOp<"tci"> {
  let hasVerifier = 1;
  let summary = "fill row 0 with start + j (start - j when descending)";
  let description = [{
    ```mlir
    pto.tci ins(%s {descending = true} : i32) outs(%t : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins AnySignlessInteger:$start, UnitAttr:$descending,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $start (` ` `{` `descending` `=` `true` `}` $descending^)? `:`
    type($start) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TTriOp : PTO_TileInstructionOp<"ttri"> {
  let hasVerifier = 1;
  let summary = "a triangular mask: 1 where j <= i + d (upper: j >= i + d)";
  let description = [{
    ptoas 0.27's form; `upperOrLower` is 0 (lower, the default) or 1.

    ```mlir
    pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%t : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins AnySignlessInteger:$diagonal,
                       DefaultValuedAttr<I32Attr, "0">:$upperOrLower,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $diagonal attr-dict `:` type($diagonal) `)` `outs` `(` $dst `:`
    qualified(type($dst)) `)`
  }];
}


def PTO_TCmpOp : PTO_TileInstructionOp<"tcmp"> {
  let hasVerifier = 1;
  let summary = "compare two tiles into a bit mask";
  let description = [{
    Bit `c % 8` of byte `dst[r, c / 8]` is `src0[r, c] <mode> src1[r, c]`.

    ```mlir
    pto.tcmp ins(%a, %b {cmpMode = #pto<cmp gt>} : !pto.tile_buf<...>, !pto.tile_buf<...>)
        outs(%m : !pto.tile_buf<...dtype=ui8...>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_CmpModeAttr:$cmpMode, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 ` ` `{` `cmpMode` `=` qualified($cmpMode) `}` `:`
    qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TCmpsOp : PTO_TileInstructionOp<"tcmps"> {
  let hasVerifier = 1;
  let summary = "compare a tile with a scalar into a bit mask";
  let description = [{
    ```mlir
    pto.tcmps ins(%a, %s {cmpMode = #pto<cmp ge>} : !pto.tile_buf<...>, f32)
        outs(%m : !pto.tile_buf<...dtype=ui8...>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$src,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_CmpModeAttr:$cmpMode, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar ` ` `{` `cmpMode` `=` qualified($cmpMode) `}` `:`
    qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TSelOp : PTO_TileInstructionOp<"tsel"> {
  let hasVerifier = 1;
  let summary = "select src0 where the mask bit is set, else src1";
  let description = [{
    ```mlir
    pto.tsel ins(%m, %x, %y, %tmp : !pto.tile_buf<...>, !pto.tile_buf<...>, !pto.tile_buf<...>, !pto.tile_buf<...>)
        outs(%d : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$mask, PTO_TileBufType:$src0,
                       PTO_TileBufType:$src1, PTO_TileBufType:$tmp,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src0 `,` $src1 `,` $tmp `:` qualified(type($mask)) `,`
    qualified(type($src0)) `,` qualified(type($src1)) `,` qualified(type($tmp))
    `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TSelsOp : PTO_TileInstructionOp<"tsels"> {
  let hasVerifier = 1;
  let summary = "select src where the mask bit is set, else the scalar";
  let description = [{
    ```mlir
    pto.tsels ins(%m, %x, %tmp, %s : !pto.tile_buf<...>, !pto.tile_buf<...>, !pto.tile_buf<...>, f32)
        outs(%d : !pto.tile_buf<...>)
    ```
  }];
  let arguments = (ins PTO_TileBufType:$mask, PTO_TileBufType:$src,
                       PTO_TileBufType:$tmp,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src `,` $tmp `,` $scalar `:` qualified(type($mask)) `,`
    qualified(type($src)) `,` qualified(type($tmp)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Cube compute (PIPE_M)
//===----------------------------------------------------------------------===//

def PTO_TMatmulOp : PTO_TileInstructionOp<"tmatmul"> {
  let summary = "acc = left x right";
  let arguments = (ins PTO_TileBufType:$lhs, PTO_TileBufType:$rhs,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

class PTO_PartTileOp<string mnemonic, string what> : PTO_VecOp<mnemonic> {
  let summary = what # " where both sources are valid, the valid one elsewhere";
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pto::verifyPartTiles(*this, getSrc0().getType(),
                                          getSrc1().getType(),
                                          getDst().getType());
    }
  }];
}

def PTO_TPartAddOp : PTO_PartTileOp<"tpartadd", "sum">;
def PTO_TPartMulOp : PTO_PartTileOp<"tpartmul", "product">;
def PTO_TPartMaxOp : PTO_PartTileOp<"tpartmax", "maximum">;
def PTO_TPartMinOp : PTO_PartTileOp<"tpartmin", "minimum">;

def PTO_TMatmulBiasOp : PTO_TileInstructionOp<"tmatmul.bias"> {
  let summary = "acc = bias + left x right (a 1-row bias tile in bias)";
  let arguments = (ins PTO_TileBufType:$a, PTO_TileBufType:$b,
                       PTO_TileBufType:$bias, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $a `,` $b `,` $bias `:` qualified(type($a)) `,`
    qualified(type($b)) `,` qualified(type($bias)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMatmulAccOp : PTO_TileInstructionOp<"tmatmul.acc"> {
  let summary = "acc = acc_in + left x right";
  let arguments = (ins PTO_TileBufType:$acc_in, PTO_TileBufType:$lhs,
                       PTO_TileBufType:$rhs, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,`
    qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cube/vector pipes (ptoas's frontend pipe ops)
//
// The consumer reserves its slot buffer, the producer imports it by name,
// both initialise the pipe; tiles then move with tpush/tpop and slots are
// released with tfree. `split` is the AIV lane split (0: none).
//===----------------------------------------------------------------------===//

def PTO_ReserveBufferOp : PTO_Op<"reserve_buffer"> {
  let summary = "reserve the consumer's slot buffer of a pipe";
  let description = [{
    ```mlir
    %buf = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 8192,
        location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    ```
    The result is the buffer's byte offset (`base`) in `location`.
  }];
  let arguments = (ins StrAttr:$name, I64Attr:$size,
                       PTO_AddressSpaceAttr:$location, BoolAttr:$auto_alloc,
                       OptionalAttr<I64Attr>:$base);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    ` ` `{` `` `name` `=` $name `,` `size` `=` $size `,` `location` `=`
    qualified($location) `,` `auto` `=` $auto_alloc (`,` `base` `=` $base^)?
    `}` attr-dict `->` type($result)
  }];
  let hasVerifier = 1;
}

def PTO_ImportReservedBufferOp : PTO_Op<"import_reserved_buffer"> {
  let summary = "the peer part's reserved slot buffer, by name";
  let description = [{
    ```mlir
    %buf = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
    ```
  }];
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$peer_func);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    ` ` `{` `` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict `->`
    type($result)
  }];
}

class PTO_InitializePipeOp<string mnemonic, string side> : PTO_Op<mnemonic> {
  let summary = "initialise the task's pipe on the " # side # " side";
  let description = [{
    `dir_mask`: 1 cube-to-vector, 2 vector-to-cube, 3 both. `gm_slot_buffer`
    (a2a3 only) is the GM ring; the consumer buffers are the results of
    `pto.reserve_buffer` / `pto.import_reserved_buffer` (0 for an unused
    direction).

    Without `slot_num` (ptoas 0.27's form, the one pypto-mlir writes) a pipe
    has the hardware's slots: 8 for one direction, 4 per direction for both.
    `slot_num` and `id` are pypto's newer form, read but not written.
    `nosplit` marks a pipe whose pushes and pops never split a tile between
    the two AIV lanes.

    ```mlir
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096}
        (gm_slot_buffer = %ring : !pto.ptr<f32>, c2v_consumer_buf = %buf : i32,
         v2c_consumer_buf = %c0_i32 : i32)
    ```
  }];
  let arguments = (ins Optional<PTO_PtrType>:$gm_slot_buffer,
                       I32:$c2v_consumer_buf, I32:$v2c_consumer_buf,
                       I64Attr:$dir_mask, I64Attr:$slot_size,
                       OptionalAttr<I64Attr>:$slot_num,
                       OptionalAttr<BoolAttr>:$nosplit,
                       OptionalAttr<I64Attr>:$id);
  let extraClassDeclaration = [{
    /// Slots per direction: `slot_num`, else the hardware's count.
    int64_t getNumSlots() {
      if (IntegerAttr slots = getSlotNumAttr())
        return slots.getInt();
      return getHardwareSlotCount(getDirMaskAttr().getInt());
    }
  }];
  let assemblyFormat = [{
    ` ` `{` `` (`id` `=` $id^ `,` `dir_mask`) : (`` `dir_mask`)? `=` $dir_mask `,` `slot_size` `=`
    $slot_size `` custom<PipeOptions>($slot_num, $nosplit) `` `}`
    `(` (`gm_slot_buffer` `=` $gm_slot_buffer^ `:`
    qualified(type($gm_slot_buffer)) `,` `c2v_consumer_buf`) :
    (`` `c2v_consumer_buf`)? `=`
    $c2v_consumer_buf `:` type($c2v_consumer_buf) `,` `v2c_consumer_buf` `=`
    $v2c_consumer_buf `:` type($v2c_consumer_buf) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_AicInitializePipeOp : PTO_InitializePipeOp<"aic_initialize_pipe", "cube">;
def PTO_AivInitializePipeOp : PTO_InitializePipeOp<"aiv_initialize_pipe", "vector">;

class PTO_TPushOp<string mnemonic, string peer> : PTO_Op<mnemonic> {
  let summary = "push a tile to the " # peer;
  let arguments = (ins PTO_TileBufType:$tile, I64Attr:$split,
                       OptionalAttr<I64Attr>:$id);
  let assemblyFormat = [{
    `(` $tile `:` qualified(type($tile)) `)`
    ` ` `{` `` (`id` `=` $id^ `,` `split`) : (`` `split`)? `=` $split `}` attr-dict
  }];
}

def PTO_TPushToAivOp : PTO_TPushOp<"tpush_to_aiv", "vector core(s)">;
def PTO_TPushToAicOp : PTO_TPushOp<"tpush_to_aic", "cube core">;

class PTO_TPopOp<string mnemonic, string peer>
    : PTO_Op<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "pop the next tile the " # peer # " pushed";
  let description = [{
    The tile lives in the slot's part of the reserved consumer buffer until
    the matching tfree. With `(%valid_row, %valid_col)` (the result's valid
    shape is dynamic) the popped tile's valid shape must be that one.

    ```mlir
    %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<...>
    %u = pto.tpop_from_aic(%rows, %cols) {split = 0} -> !pto.tile_buf<..., v_row=?, v_col=?, ...>
    ```
  }];
  let arguments = (ins Optional<Index>:$valid_row, Optional<Index>:$valid_col,
                       I64Attr:$split, OptionalAttr<I64Attr>:$id);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    (`(` $valid_row^ `,` $valid_col `)`)?
    ` ` `{` `` (`id` `=` $id^ `,` `split`) : (`` `split`)? `=` $split `}` attr-dict `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_TPopFromAicOp : PTO_TPopOp<"tpop_from_aic", "cube core">;
def PTO_TPopFromAivOp : PTO_TPopOp<"tpop_from_aiv", "vector core(s)">;

class PTO_TFreeOp<string mnemonic, string peer> : PTO_Op<mnemonic> {
  let summary = "release the oldest popped slot back to the " # peer;
  let arguments = (ins I64Attr:$split, OptionalAttr<I64Attr>:$id);
  let assemblyFormat = [{
    ` ` `{` `` (`id` `=` $id^ `,` `split`) : (`` `split`)? `=` $split `}` attr-dict
  }];
}

def PTO_TFreeFromAicOp : PTO_TFreeOp<"tfree_from_aic", "cube core">;
def PTO_TFreeFromAivOp : PTO_TFreeOp<"tfree_from_aiv", "vector core(s)">;

// Not Pure (ptoas's is): an unused one must survive canonicalisation, as it
// marks a kernel both lanes run.
def PTO_GetSubBlockIdxOp : PTO_Op<"get_subblock_idx"> {
  let summary = "the AIV lane (vector core of the cluster) running the kernel";
  let description = [{
    0 or 1. A vector kernel that has it runs on both lanes of a cluster:
    without it (and without split pipe ops) ptoas's A5 code runs lane 0
    only.

    ```mlir
    %lane = pto.get_subblock_idx
    ```
  }];
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def PTO_SyncCoreTypeEnum : I32EnumAttr<"SyncCoreType",
    "the cores a syncall waits for", [
    I32EnumAttrCase<"aiv_only", 0>, I32EnumAttrCase<"aic_only", 1>,
    I32EnumAttrCase<"mix", 2>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_SyncCoreTypeAttr
    : EnumAttr<PTO_Dialect, PTO_SyncCoreTypeEnum, "sync_core_type"> {
  let assemblyFormat = "`<` $value `>`";
}

def PTO_SyncAllModeEnum : I32EnumAttr<"SyncAllMode", "how a syncall waits", [
    I32EnumAttrCase<"hard", 0>, I32EnumAttrCase<"soft", 1>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}
def PTO_SyncAllModeAttr
    : EnumAttr<PTO_Dialect, PTO_SyncAllModeEnum, "sync_all_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// In pypto's PTO form; ptoas 0.27 does not have it (such units go to the
// built-in lowering).
def PTO_SyncAllOp : PTO_Op<"syncall", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "the barrier of every core of a task (pto-isa SYNCALL)";
  let description = [{
    ```mlir
    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
    ```
    Only the hard mode (no GM workspace) is produced.
  }];
  let arguments = (ins PTO_SyncAllModeAttr:$mode,
                       PTO_SyncCoreTypeAttr:$core_type);
  let assemblyFormat = [{
    `(` `)` `mode` `=` qualified($mode) `,` `core_type` `=` qualified($core_type)
    attr-dict
  }];
}

#endif // PYPTO_DIALECT_PTO_PTOOPS_TD
