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

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def PTO_TLoadOp : PTO_Op<"tload"> {
  let summary = "load a GM window into a tile (MTE2)";
  let arguments = (ins PTO_PartitionTensorViewType:$src, PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TStoreOp : PTO_Op<"tstore"> {
  let summary = "store a tile into a GM window (MTE3, or FIX from acc)";
  let arguments = (ins PTO_TileBufType:$src, PTO_PartitionTensorViewType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMovOp : PTO_Op<"tmov"> {
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

//===----------------------------------------------------------------------===//
// Vector compute (PIPE_V)
//===----------------------------------------------------------------------===//

class PTO_BinaryTileOp<string mnemonic, string what> : PTO_Op<mnemonic> {
  let summary = "elementwise " # what # " of two vec tiles";
  let arguments = (ins PTO_TileBufType:$src0, PTO_TileBufType:$src1,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TAddOp : PTO_BinaryTileOp<"tadd", "addition">;

class PTO_ScalarTileOp<string mnemonic, string what> : PTO_Op<mnemonic> {
  let summary = "elementwise " # what # " of a vec tile and a scalar";
  let arguments = (ins PTO_TileBufType:$src,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TAddsOp : PTO_ScalarTileOp<"tadds", "addition">;

//===----------------------------------------------------------------------===//
// Cube compute (PIPE_M)
//===----------------------------------------------------------------------===//

def PTO_TMatmulOp : PTO_Op<"tmatmul"> {
  let summary = "acc = left x right";
  let arguments = (ins PTO_TileBufType:$lhs, PTO_TileBufType:$rhs,
                       PTO_TileBufType:$dst);
  let assemblyFormat = [{
    `ins` `(` $lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMatmulAccOp : PTO_Op<"tmatmul.acc"> {
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

#endif // PYPTO_DIALECT_PTO_PTOOPS_TD
