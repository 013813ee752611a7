//===- PTODialect.cpp - pto dialect, types and attributes ------*- C++ -*-===//
//
// The pto dialect: registration, its attributes and types, and the
// `!pto.tile_buf` syntax (keyed and compact forms) and checks. The op
// verifiers and custom op syntax are in PTOOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PTO/PTODialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pto;

/// `16x16xf32` or `?x?xf32`: the shape and element type of a view type.
static ParseResult parseDimsAndElement(AsmParser &parser,
                                       SmallVector<int64_t> &shape,
                                       Type &elementType) {
  return failure(parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
                 parser.parseType(elementType));
}

static void printDimsAndElement(AsmPrinter &printer, ArrayRef<int64_t> shape,
                                Type elementType) {
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      printer << "?";
    else
      printer << dim;
    printer << "x";
  }
  printer << elementType;
}

#include "pypto/Dialect/PTO/PTODialect.cpp.inc"
#include "pypto/Dialect/PTO/PTOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "pypto/Dialect/PTO/PTOAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "pypto/Dialect/PTO/PTOTypes.cpp.inc"

void PTODialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "pypto/Dialect/PTO/PTOTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pypto/Dialect/PTO/PTOAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "pypto/Dialect/PTO/PTOOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !pto.tile_buf
//===----------------------------------------------------------------------===//

namespace {
/// The fields of a tile_buf type while it is being parsed.
struct TileBufFields {
  std::optional<AddressSpace> loc;
  Type dtype;
  std::optional<int64_t> rows, cols, validRows, validCols, fractal, pad;
  std::optional<BLayout> blayout;
  std::optional<SLayout> slayout;
};
} // namespace

template <typename EnumT>
static ParseResult
parseEnumKeyword(AsmParser &parser, std::optional<EnumT> &out,
                 std::optional<EnumT> (*symbolize)(StringRef), StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  out = symbolize(keyword);
  if (!out)
    return parser.emitError(loc, "unknown ") << what << " '" << keyword << "'";
  return success();
}

/// An integer, or `?` for a dimension known only at run time (-1).
static ParseResult parseDimOrQuestion(AsmParser &parser,
                                      std::optional<int64_t> &out) {
  if (succeeded(parser.parseOptionalQuestion())) {
    out = -1;
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  out = value;
  return success();
}

static ParseResult parseTileBufField(AsmParser &parser, StringRef key,
                                     SMLoc keyLoc, TileBufFields &fields) {
  auto parseInt = [&](std::optional<int64_t> &out) -> ParseResult {
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    out = value;
    return success();
  };
  if (key == "loc")
    return parseEnumKeyword(parser, fields.loc, symbolizeAddressSpace,
                            "tile location");
  if (key == "dtype")
    return parser.parseType(fields.dtype);
  if (key == "rows")
    return parseInt(fields.rows);
  if (key == "cols")
    return parseInt(fields.cols);
  if (key == "v_row")
    return parseDimOrQuestion(parser, fields.validRows);
  if (key == "v_col")
    return parseDimOrQuestion(parser, fields.validCols);
  if (key == "blayout")
    return parseEnumKeyword(parser, fields.blayout, symbolizeBLayout,
                            "blayout");
  if (key == "slayout")
    return parseEnumKeyword(parser, fields.slayout, symbolizeSLayout,
                            "slayout");
  if (key == "fractal")
    return parseInt(fields.fractal);
  if (key == "pad")
    return parseInt(fields.pad);
  if (key == "valid") {
    SmallVector<int64_t> dims;
    if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                  /*withTrailingX=*/false))
      return failure();
    if (dims.size() != 2)
      return parser.emitError(keyLoc, "'valid' takes two dimensions");
    fields.validRows = ShapedType::isDynamic(dims[0]) ? -1 : dims[0];
    fields.validCols = ShapedType::isDynamic(dims[1]) ? -1 : dims[1];
    return success();
  }
  if (key == "compact") {
    std::optional<int64_t> compact;
    if (parseInt(compact))
      return failure();
    if (*compact != 0)
      return parser.emitError(keyLoc, "compact tile modes are not supported");
    return success();
  }
  return parser.emitError(keyLoc, "unknown tile_buf field '") << key << "'";
}

Type TileBufType::parse(AsmParser &parser) {
  TileBufFields fields;
  if (parser.parseLess())
    return {};
  SMLoc firstLoc = parser.getCurrentLocation();
  StringRef first;
  if (parser.parseKeyword(&first))
    return {};
  bool keyed = succeeded(parser.parseOptionalEqual());
  if (keyed) {
    if (parseTileBufField(parser, first, firstLoc, fields))
      return {};
  } else {
    // Compact form: `vec, 16x16xf32` then optional key=value fields.
    fields.loc = symbolizeAddressSpace(first);
    if (!fields.loc) {
      parser.emitError(firstLoc, "unknown tile location '") << first << "'";
      return {};
    }
    SmallVector<int64_t> shape;
    SMLoc shapeLoc = parser.getCurrentLocation();
    if (parser.parseComma() ||
        parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(fields.dtype))
      return {};
    if (shape.size() != 2) {
      parser.emitError(shapeLoc, "tile_buf shapes are 2-D");
      return {};
    }
    fields.rows = shape[0];
    fields.cols = shape[1];
  }
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parseTileBufField(parser, key, keyLoc, fields))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (keyed) {
    const char *missing = !fields.loc         ? "loc"
                          : !fields.dtype     ? "dtype"
                          : !fields.rows      ? "rows"
                          : !fields.cols      ? "cols"
                          : !fields.validRows ? "v_row"
                          : !fields.validCols ? "v_col"
                          : !fields.blayout   ? "blayout"
                          : !fields.slayout   ? "slayout"
                          : !fields.fractal   ? "fractal"
                          : !fields.pad       ? "pad"
                                              : nullptr;
    if (missing) {
      parser.emitError(firstLoc, "tile_buf is missing the '")
          << missing << "' field";
      return {};
    }
  }
  return parser.getChecked<TileBufType>(
      parser.getContext(), *fields.loc, fields.dtype, *fields.rows,
      *fields.cols, fields.validRows.value_or(*fields.rows),
      fields.validCols.value_or(*fields.cols),
      fields.blayout.value_or(BLayout::row_major),
      fields.slayout.value_or(SLayout::none_box), fields.fractal.value_or(512),
      fields.pad.value_or(0));
}

void TileBufType::print(AsmPrinter &printer) const {
  auto dim = [&](int64_t value) {
    if (value < 0)
      printer << "?";
    else
      printer << value;
  };
  printer << "<loc=" << stringifyAddressSpace(getLoc())
          << ", dtype=" << getElementType() << ", rows=" << getRows()
          << ", cols=" << getCols() << ", v_row=";
  dim(getValidRows());
  printer << ", v_col=";
  dim(getValidCols());
  printer << ", blayout=" << stringifyBLayout(getBlayout())
          << ", slayout=" << stringifySLayout(getSlayout())
          << ", fractal=" << getFractal() << ", pad=" << getPad() << ">";
}

LogicalResult TileBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  AddressSpace loc, Type elementType,
                                  int64_t rows, int64_t cols, int64_t validRows,
                                  int64_t validCols, BLayout blayout,
                                  SLayout slayout, int64_t fractal,
                                  int64_t pad) {
  if (loc == AddressSpace::gm)
    return emitError() << "a tile_buf lives in an on-chip buffer, not gm";
  if (!elementType.isIntOrFloat())
    return emitError() << "tile_buf dtype must be an integer or float type";
  if (rows <= 0 || cols <= 0)
    return emitError() << "tile_buf rows and cols must be positive";
  if (validRows < -1 || validRows > rows || validCols < -1 || validCols > cols)
    return emitError() << "tile_buf valid shape " << validRows << "x"
                       << validCols << " exceeds " << rows << "x" << cols;
  if (fractal != 16 && fractal != 32 && fractal != 512 && fractal != 1024)
    return emitError() << "tile_buf fractal must be 16, 32, 512 or 1024, got "
                       << fractal;
  if (pad < 0 || pad > 3)
    return emitError() << "tile_buf pad must be 0 (null), 1 (zero), 2 (max) "
                          "or 3 (min), got "
                       << pad;
  int64_t bytes = (elementType.getIntOrFloatBitWidth() + 7) / 8;
  if (slayout != SLayout::none_box) {
    // A boxed tile holds whole fractal boxes of `fractal` bytes, 16 rows by
    // fractal/16 bytes (or the transpose for a column-major box).
    int64_t inner = fractal / 16 / bytes;
    int64_t boxRows = slayout == SLayout::row_major ? 16 : inner;
    int64_t boxCols = slayout == SLayout::row_major ? inner : 16;
    if (inner >= 1 && (rows % boxRows != 0 || cols % boxCols != 0))
      return emitError() << "a boxed " << rows << "x" << cols
                         << " tile must hold whole " << boxRows << "x"
                         << boxCols << " fractal boxes";
  }
  if (slayout == SLayout::none_box) {
    if (blayout == BLayout::row_major && (cols * bytes) % 32 != 0)
      return emitError() << "row-major tile rows must be a multiple of 32 "
                            "bytes, got "
                         << cols * bytes;
    if (blayout == BLayout::col_major && (rows * bytes) % 32 != 0)
      return emitError() << "column-major tile columns must be a multiple of "
                            "32 bytes, got "
                         << rows * bytes;
  }
  return success();
}
