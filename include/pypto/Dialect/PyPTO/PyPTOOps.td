//===- PyPTOOps.td - pypto operations ----------------------*- tablegen -*-===//
//
// Regions, data movement and compute on tensors and tiles. Compute ops accept
// tensors (before tensor-to-tile conversion) or tiles (after it) and verify
// shapes, element types and memory spaces at the user's location.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PYPTO_PYPTOOPS_TD
#define PYPTO_DIALECT_PYPTO_PYPTOOPS_TD

include "pypto/Dialect/PyPTO/PyPTOTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Regions and calls
//===----------------------------------------------------------------------===//

def PyPTO_AtOp : PyPTO_Op<"at", [SingleBlock, NoTerminator,
                                  RecursiveMemoryEffects]> {
  let summary = "a region that runs as one InCore kernel";
  let description = [{
    The body runs on one core group as a single kernel. The outlining pass
    turns each region into an InCore function and the region into a
    `pypto.call` of it; `name` becomes the kernel's name.

    ```mlir
    pypto.at core_group "add_scalar" {
      %t = pypto.slice %x[%r, %c] [128, 256]
          : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
      ...
    }
    ```
  }];
  let arguments = (ins PyPTO_AtLevelAttr:$level, OptionalAttr<StrAttr>:$name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$level ($name^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def PyPTO_CallOp : PyPTO_Op<"call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "submit an InCore kernel as one task";
  let description = [{
    Calls a kernel from the orchestration function. Operand types follow the
    caller's view of the arguments (tensors and scalars); the kernel may have
    been lowered to pointer arguments since, so they are checked against the
    callee only in number.

    ```mlir
    pypto.call @add_scalar(%xv, %yv, %a)
        : (!pypto.tensor<128x256xf32>, !pypto.tensor<128x256xf32>, f32) -> ()
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let assemblyFormat =
      "$callee `(` $args `)` attr-dict `:` functional-type($args, results)";
}

//===----------------------------------------------------------------------===//
// Tensor views
//===----------------------------------------------------------------------===//

def PyPTO_SliceOp : PyPTO_Op<"slice", [Pure]> {
  let summary = "a static-size view of a tensor at dynamic offsets";
  let description = [{
    `%v = pypto.slice %t[%i, %j] [R, C]` is the R×C window of `%t` whose
    top-left element is `(%i, %j)`. It is a view: no data moves.
  }];
  let arguments = (ins PyPTO_TensorType:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` $sizes attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_AssembleOp : PyPTO_Op<"assemble"> {
  let summary = "write a tensor or tile into a tensor at offsets";
  let description = [{
    `pypto.assemble %v into %t[%i, %j]` copies `%v` into the window of `%t`
    starting at `(%i, %j)`. Tensors have reference semantics, so `%t` is
    updated in place.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$value, PyPTO_TensorType:$dest,
                       Variadic<Index>:$offsets);
  let assemblyFormat = [{
    $value `into` $dest `[` $offsets `]` attr-dict `:` qualified(type($value)) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile data movement
//===----------------------------------------------------------------------===//

def PyPTO_LoadOp : PyPTO_Op<"load"> {
  let summary = "load a window of a tensor into a tile";
  let arguments = (ins PyPTO_TensorType:$source, Variadic<Index>:$offsets);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_StoreOp : PyPTO_Op<"store"> {
  let summary = "store a tile into a window of a tensor";
  let arguments = (ins PyPTO_TileType:$value, PyPTO_TensorType:$dest,
                       Variadic<Index>:$offsets);
  let assemblyFormat = [{
    $value `,` $dest `[` $offsets `]` attr-dict `:` qualified(type($value)) `,` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_MoveOp : PyPTO_Op<"move", [Pure]> {
  let summary = "copy a tile into another memory space";
  let description = [{
    Moves a tile between on-chip buffers, for example from `mat` (L1) to
    `left` (L0A) before a matmul. Shapes must match.
  }];
  let arguments = (ins PyPTO_TileType:$source);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

class PyPTO_BinaryOp<string mnemonic, string what>
    : PyPTO_Op<mnemonic, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise " # what;
  let description = "Elementwise " # what # " of two tensors or two tiles "
                    # "of the same shape and element type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
}

def PyPTO_AddOp : PyPTO_BinaryOp<"add", "addition">;

class PyPTO_ScalarOp<string mnemonic, string what>
    : PyPTO_Op<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise " # what # " with a scalar";
  let description = "Applies " # what # " with a scalar to every element of "
                    # "a tensor or tile. The scalar has the element type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat =
      "$source `,` $scalar attr-dict `:` qualified(type($source)) `,` qualified(type($scalar))";
  let hasVerifier = 1;
}

def PyPTO_AddsOp : PyPTO_ScalarOp<"adds", "addition">;

def PyPTO_MatmulOp : PyPTO_Op<"matmul", [Pure]> {
  let summary = "matrix multiplication with f32 accumulation";
  let description = [{
    `%c = pypto.matmul %a, %b` computes `a · b` for an M×K and a K×N operand;
    the result is M×N. On tiles the operands live in `left` and `right` and
    the result in `acc`.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // PYPTO_DIALECT_PYPTO_PYPTOOPS_TD
