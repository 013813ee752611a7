//===- PTOTypes.td - pto types, enums and attributes -------*- tablegen -*-===//

#ifndef PYPTO_DIALECT_PTO_PTOTYPES_TD
#define PYPTO_DIALECT_PTO_PTOTYPES_TD

include "pypto/Dialect/PTO/PTODialect.td"

def PTO_AddressSpace : I32EnumAttr<"AddressSpace", "on-chip buffer of a tile", [
    I32EnumAttrCase<"vec", 0>, I32EnumAttrCase<"mat", 1>,
    I32EnumAttrCase<"left", 2>, I32EnumAttrCase<"right", 3>,
    I32EnumAttrCase<"acc", 4>, I32EnumAttrCase<"bias", 5>,
    I32EnumAttrCase<"scaling", 6>,
    // Global memory: no tile lives there; cache maintenance names it.
    I32EnumAttrCase<"gm", 7>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_AddressSpaceAttr
    : EnumAttr<PTO_Dialect, PTO_AddressSpace, "address_space"> {
  let assemblyFormat = "`<` $value `>`";
}

def PTO_MaskPattern : I32EnumAttr<"MaskPattern", "columns a mask gather keeps", [
    I32EnumAttrCase<"P0101", 1>, I32EnumAttrCase<"P1010", 2>,
    I32EnumAttrCase<"P0001", 3>, I32EnumAttrCase<"P0010", 4>,
    I32EnumAttrCase<"P0100", 5>, I32EnumAttrCase<"P1000", 6>,
    I32EnumAttrCase<"P1111", 7>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_MaskPatternAttr
    : EnumAttr<PTO_Dialect, PTO_MaskPattern, "mask_pattern"> {
  let assemblyFormat = "`<` $value `>`";
}

def PTO_BLayout : I32EnumAttr<"BLayout", "outer (box) layout of a tile", [
    I32EnumAttrCase<"row_major", 0>, I32EnumAttrCase<"col_major", 1>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_SLayout : I32EnumAttr<"SLayout", "inner (fractal) layout of a tile", [
    I32EnumAttrCase<"none_box", 0>, I32EnumAttrCase<"row_major", 1>,
    I32EnumAttrCase<"col_major", 2>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_KernelKind : I32EnumAttr<"KernelKind", "core type of a kernel", [
    I32EnumAttrCase<"cube", 0>, I32EnumAttrCase<"vector", 1>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_KernelKindAttr : EnumAttr<PTO_Dialect, PTO_KernelKind, "kernel_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

def PTO_GMLayout : I32EnumAttr<"GMLayout", "layout of a tensor in GM", [
    I32EnumAttrCase<"nd", 0>, I32EnumAttrCase<"dn", 1>,
    I32EnumAttrCase<"nz", 2>]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_LayoutAttr : EnumAttr<PTO_Dialect, PTO_GMLayout, "layout"> {
  let assemblyFormat = "`<` $value `>`";
}

class PTO_Type<string name, string typeMnemonic>
    : TypeDef<PTO_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "a pointer into global memory";
  let description = "`!pto.ptr<f32>`: a kernel argument pointing at GM data.";
  let parameters = (ins "Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def PTO_TensorViewType : PTO_Type<"TensorView", "tensor_view"> {
  let summary = "a global tensor descriptor";
  let description = [{
    `!pto.tensor_view<?x?xf32>`: a pointer with a shape and strides, built by
    `pto.make_tensor_view`; `?` marks a dimension known only at run time.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType);
  let assemblyFormat = "`<` custom<DimsAndElement>($shape, $elementType) `>`";
}

def PTO_LocalArrayType : PTO_Type<"LocalArray", "local_array"> {
  let summary = "a small array of integers on the core's stack";
  let description = [{
    `!pto.local_array<8xi32>`: pypto's kernel arrays
    (`pto.declare_local_array`), in the kernel's C++ a stack array; newer
    than ptoas 0.27.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType);
  let assemblyFormat = "`<` custom<DimsAndElement>($shape, $elementType) `>`";
}

def PTO_PartitionTensorViewType
    : PTO_Type<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "a window of a tensor view";
  let description = "`!pto.partition_tensor_view<16x16xf32>`: what a tile is "
                    "loaded from or stored to.";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType);
  let assemblyFormat = "`<` custom<DimsAndElement>($shape, $elementType) `>`";
}

def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "an on-chip tile buffer";
  let description = [{
    A 2-D tile in an on-chip buffer. It prints in the keyed form pypto emits,
    with every field:

    `!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16,
    blayout=row_major, slayout=none_box, fractal=512, pad=0>`

    and also parses ptoas's compact form, `!pto.tile_buf<vec, 16x16xf32>`
    with optional `valid=RxC`, `blayout=`, `slayout=`, `fractal=` and `pad=`.
    A valid dimension of `?` (stored as -1) is known only at run time.
  }];
  let parameters = (ins "AddressSpace":$loc, "Type":$elementType,
                        "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$validRows, "int64_t":$validCols,
                        "BLayout":$blayout, "SLayout":$slayout,
                        "int64_t":$fractal, "int64_t":$pad);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getNumBytes() const {
      return getRows() * getCols() *
             ((getElementType().getIntOrFloatBitWidth() + 7) / 8);
    }
    bool hasStaticValidShape() const {
      return getValidRows() >= 0 && getValidCols() >= 0;
    }
  }];
}

#endif // PYPTO_DIALECT_PTO_PTOTYPES_TD
