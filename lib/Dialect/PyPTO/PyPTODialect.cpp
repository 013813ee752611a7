//===- PyPTODialect.cpp - pypto dialect, types, attributes -----*- C++ -*-===//
//
// Registration of the pypto dialect, the custom syntax of its types, and the
// verification of the discardable attributes it owns (function kinds,
// argument directions, run specification, loop kinds).
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Runtime/view_strides.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::pypto;

#include "pypto/Dialect/PyPTO/PyPTODialect.cpp.inc"
#include "pypto/Dialect/PyPTO/PyPTOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOTypes.cpp.inc"

namespace {
/// Every pypto op may be inlined: helper functions (pypto-inline-helpers)
/// are inlined into the entry and into kernels before outlining. An op's
/// own verifier still checks where it ends up.
struct PyPTOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void PyPTODialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "pypto/Dialect/PyPTO/PyPTOTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pypto/Dialect/PyPTO/PyPTOAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "pypto/Dialect/PyPTO/PyPTOOps.cpp.inc"
      >();
  addInterfaces<PyPTOInlinerInterface>();
}

/// Folded index values (a static pypto.dim) become arith constants.
Operation *PyPTODialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static ParseResult parseShapeAndElement(AsmParser &parser,
                                        SmallVectorImpl<int64_t> &shape,
                                        Type &elementType,
                                        bool allowDynamic = false) {
  if (parser.parseLess() || parser.parseDimensionList(shape, allowDynamic) ||
      parser.parseType(elementType))
    return failure();
  return success();
}

static void printShapeAndElement(AsmPrinter &printer, ArrayRef<int64_t> shape,
                                 Type elementType) {
  printer << "<";
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      printer << "?x";
    else
      printer << dim << "x";
  }
  printer << elementType;
}

static LogicalResult
verifyShapeAndElement(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Type elementType,
                      bool allowDynamic = false) {
  if (shape.empty())
    return emitError() << "expected at least one dimension";
  for (int64_t dim : shape)
    if (dim <= 0 && !(allowDynamic && ShapedType::isDynamic(dim)))
      return emitError() << "expected positive dimensions, got " << dim;
  if (!elementType.isIntOrFloat())
    return emitError() << "expected an integer or float element type, got "
                       << elementType;
  return success();
}

static int64_t numBytes(ArrayRef<int64_t> shape, Type elementType) {
  int64_t bits = elementType.getIntOrFloatBitWidth();
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count * ((bits + 7) / 8);
}

Type GMTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parseShapeAndElement(parser, shape, elementType,
                           /*allowDynamic=*/true) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<GMTensorType>(parser.getContext(), shape,
                                         elementType);
}

void GMTensorType::print(AsmPrinter &printer) const {
  printShapeAndElement(printer, getShape(), getElementType());
  printer << ">";
}

LogicalResult GMTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> shape, Type elementType) {
  if (failed(verifyShapeAndElement(emitError, shape, elementType,
                                   /*allowDynamic=*/true)))
    return failure();
  // The runtime's tensors (simpler's ABI, MAX_TENSOR_DIMS) have at most
  // five dimensions; pypto-fold-rank6 merges a rank-6 tensor's first two,
  // which needs the second's size.
  if (shape.size() > 6)
    return emitError() << "tensors have 1 to 6 dimensions, got rank "
                       << shape.size();
  if (shape.size() == 6 && ShapedType::isDynamic(shape[1]))
    return emitError() << "a rank-6 tensor's dimension 1 must be static: the "
                          "compiler merges it into dimension 0 for the "
                          "runtime's five dimensions";
  return success();
}

int64_t GMTensorType::getNumBytes() const {
  return numBytes(getShape(), getElementType());
}

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parseShapeAndElement(parser, shape, elementType))
    return {};
  std::optional<MemorySpace> space;
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    space = symbolizeMemorySpace(keyword);
    if (!space) {
      parser.emitError(loc, "unknown memory space '")
          << keyword << "', expected vec, mat, left, right, acc or bias";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType,
                                     space);
}

void TileType::print(AsmPrinter &printer) const {
  printShapeAndElement(printer, getShape(), getElementType());
  if (getSpace())
    printer << ", " << stringifyMemorySpace(*getSpace());
  printer << ">";
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t size, Type elementType) {
  // The orchestration keeps arrays on its stack.
  constexpr int64_t kMaxArraySize = 1 << 16;
  if (size < 1 || size > kMaxArraySize)
    return emitError() << "arrays have 1 to " << kMaxArraySize
                       << " elements, got " << size;
  auto integer = llvm::dyn_cast<IntegerType>(elementType);
  bool validInteger =
      integer && integer.isSignless() &&
      llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  if (!validInteger && !elementType.isIndex() &&
      !llvm::isa<TaskType>(elementType))
    return emitError() << "array elements are integers (i8 to i64, index) or "
                          "'!pypto.task', got "
                       << elementType;
  return success();
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               std::optional<MemorySpace> space) {
  if (failed(verifyShapeAndElement(emitError, shape, elementType)))
    return failure();
  if (shape.size() != 2)
    return emitError() << "tiles are 2-D, got rank " << shape.size();
  return success();
}

int64_t TileType::getNumBytes() const {
  return numBytes(getShape(), getElementType());
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

StringRef mlir::pypto::getFunctionKind(Operation *op) {
  if (auto kindAttr = op->getAttrOfType<StringAttr>(attr::kKind))
    return kindAttr.getValue();
  return "";
}

bool mlir::pypto::isKernelFunction(Operation *op) {
  StringRef k = getFunctionKind(op);
  return k == kind::kInCore || k == kind::kAIC || k == kind::kAIV;
}

SmallVector<int64_t, 2> mlir::pypto::flattenTo2D(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return {1, 1};
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back()) {
    if (ShapedType::isDynamic(dim))
      return {ShapedType::kDynamic, shape.back()};
    rows *= dim;
  }
  return {rows, shape.back()};
}

bool mlir::pypto::hasUnitLeadingDims(ArrayRef<int64_t> shape) {
  return shape.size() <= 2 ||
         llvm::all_of(shape.drop_back(2), [](int64_t d) { return d == 1; });
}

bool mlir::pypto::isInKernel(Operation *op) {
  if (op->getParentOfType<AtOp>() || op->getParentOfType<SpmdOp>())
    return true;
  auto function = op->getParentOfType<func::FuncOp>();
  return function && isKernelFunction(function);
}

bool mlir::pypto::keepsValidRegion(Operation *op) {
  return isa<NegOp, AbsOp, ReluOp, ExpOp, LogOp, SqrtOp, RsqrtOp, RecipOp,
             NotOp, SinOp, CosOp, CastOp, AddsOp, SubsOp, MulsOp, DivsOp,
             MaxsOp, MinsOp, RemsOp, FmodsOp, AndsOp, OrsOp, XorsOp, ShlsOp,
             ShrsOp, LreluOp>(op);
}

Value mlir::pypto::getViewSource(Value view) {
  if (auto slice = view.getDefiningOp<SliceOp>())
    return slice.getSource();
  if (auto reshape = view.getDefiningOp<ReshapeOp>())
    if (isa<GMTensorType>(reshape.getSource().getType()) &&
        !isInKernel(reshape))
      return reshape.getSource();
  if (auto reinterpret = view.getDefiningOp<ReinterpretViewOp>())
    if (!isInKernel(reinterpret))
      return reinterpret.getSource();
  return Value();
}

Value mlir::pypto::getRootTensor(Value tensor) {
  while (Value source = getViewSource(tensor))
    tensor = source;
  return tensor;
}

/// Row-major strides of `shape`; one that depends on a run-time dimension
/// is kDynamic.
static SmallVector<int64_t> contiguousStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = ShapedType::isDynamic(strides[i + 1]) ||
                         ShapedType::isDynamic(shape[i + 1])
                     ? ShapedType::kDynamic
                     : strides[i + 1] * shape[i + 1];
  return strides;
}

/// The strides of the `index`th tensor `loop` carries: its initial value's,
/// which every value the loop yields for it must share. A loop that swaps
/// tensors yields its own iteration values: within the check of a loop,
/// those count as their initial values.
static FailureOr<SmallVector<int64_t>> carriedStrides(scf::ForOp loop,
                                                      unsigned index) {
  static thread_local llvm::SmallPtrSet<Operation *, 4> checking;
  FailureOr<SmallVector<int64_t>> strides =
      getTensorStrides(loop.getInitArgs()[index]);
  if (failed(strides) || !checking.insert(loop).second)
    return strides;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  FailureOr<SmallVector<int64_t>> yielded =
      getTensorStrides(yield.getOperand(index));
  checking.erase(loop);
  if (failed(yielded) || *yielded != *strides ||
      llvm::any_of(*strides, ShapedType::isDynamic))
    return failure();
  return strides;
}

FailureOr<SmallVector<int64_t>> mlir::pypto::getTensorStrides(Value tensor) {
  if (auto slice = tensor.getDefiningOp<SliceOp>())
    return getTensorStrides(slice.getSource());
  if (auto arg = dyn_cast<BlockArgument>(tensor))
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg.getArgNumber() > 0)
        return carriedStrides(loop, arg.getArgNumber() - 1);
  if (auto loop = tensor.getDefiningOp<scf::ForOp>())
    return carriedStrides(loop, cast<OpResult>(tensor).getResultNumber());
  // A tensor an orchestration branch chooses: the layout both sides yield,
  // which must be one layout known at compile time.
  if (auto branch = tensor.getDefiningOp<scf::IfOp>()) {
    unsigned index = cast<OpResult>(tensor).getResultNumber();
    if (branch.getElseRegion().empty())
      return failure();
    FailureOr<SmallVector<int64_t>> thenStrides =
        getTensorStrides(branch.thenYield().getOperand(index));
    FailureOr<SmallVector<int64_t>> elseStrides =
        getTensorStrides(branch.elseYield().getOperand(index));
    if (failed(thenStrides) || failed(elseStrides) ||
        *thenStrides != *elseStrides ||
        llvm::any_of(*thenStrides, ShapedType::isDynamic))
      return failure();
    return thenStrides;
  }
  if (auto reinterpret = tensor.getDefiningOp<ReinterpretViewOp>()) {
    // The same bytes of a contiguous source: contiguous in its own shape.
    Value source = reinterpret.getSource();
    FailureOr<SmallVector<int64_t>> sourceStrides = getTensorStrides(source);
    if (failed(sourceStrides) ||
        *sourceStrides !=
            contiguousStrides(cast<GMTensorType>(source.getType()).getShape()))
      return failure();
    return contiguousStrides(cast<GMTensorType>(tensor.getType()).getShape());
  }
  if (Value source = getViewSource(tensor)) {
    // A reshape: strides that view the source's elements in row-major order.
    FailureOr<SmallVector<int64_t>> sourceStrides = getTensorStrides(source);
    if (failed(sourceStrides))
      return failure();
    ArrayRef<int64_t> from = cast<GMTensorType>(source.getType()).getShape();
    ArrayRef<int64_t> to = cast<GMTensorType>(tensor.getType()).getShape();
    // With run-time sizes, only a contiguous source is known to stay a
    // view: the result is contiguous in its own shape.
    if (llvm::any_of(*sourceStrides, ShapedType::isDynamic) ||
        ShapedType::isDynamicShape(from) || ShapedType::isDynamicShape(to)) {
      if (*sourceStrides != contiguousStrides(from))
        return failure();
      return contiguousStrides(to);
    }
    SmallVector<int64_t> strides(to.size());
    if (!pto2_view_strides(from.data(), sourceStrides->data(), from.size(),
                           to.data(), to.size(), strides.data()))
      return failure();
    return strides;
  }
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    if (auto function = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
      if (auto strides = function.getArgAttrOfType<DenseI64ArrayAttr>(
              arg.getArgNumber(), attr::kStrides))
        return SmallVector<int64_t>(strides.asArrayRef());
  }
  return contiguousStrides(cast<GMTensorType>(tensor.getType()).getShape());
}

bool mlir::pypto::isWindowBuffer(Value tensor) {
  return getRootTensor(tensor).getDefiningOp<AllocWindowOp>() != nullptr;
}

bool mlir::pypto::isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

bool mlir::pypto::isReservedInKernelCpp(StringRef name) {
  static const llvm::StringSet<> reserved = {
      // C++ keywords.
      "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case",
      "catch", "char", "class", "const", "constexpr", "const_cast", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast", "else",
      "enum", "explicit", "export", "extern", "false", "float", "for", "friend",
      "goto", "if", "inline", "int", "long", "mutable", "namespace", "new",
      "noexcept", "not", "nullptr", "operator", "or", "private", "protected",
      "public", "register", "reinterpret_cast", "return", "short", "signed",
      "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
      "template", "this", "thread_local", "throw", "true", "try", "typedef",
      "typeid", "typename", "union", "unsigned", "using", "virtual", "void",
      "volatile", "while", "xor",
      // Types, namespaces and functions kernels see unqualified.
      "half", "bfloat16_t", "int8_t", "int16_t", "int32_t", "int64_t",
      "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "pto", "sim",
      "detail", "std", "main", "kernel_entry", "get_block_idx", "get_block_num",
      "get_sub_block_id", "get_element_size", "pipe_barrier", "set_flag",
      "wait_flag", "set_mask_norm", "set_vector_mask", "dcci", "dsb",
      "from_u64", "to_u64", "is_tile", "is_tile_v", "is_global_tensor"};
  return reserved.contains(name) || name.starts_with("__");
}

static LogicalResult expectOneOf(Location loc, NamedAttribute attribute,
                                 ArrayRef<StringRef> allowed) {
  auto str = dyn_cast<StringAttr>(attribute.getValue());
  if (str && llvm::is_contained(allowed, str.getValue()))
    return success();
  std::string list;
  for (StringRef value : allowed)
    list += (list.empty() ? "'" : ", '") + value.str() + "'";
  return emitError(loc) << "'" << attribute.getName().getValue()
                        << "' must be one of " << list << ", got "
                        << attribute.getValue();
}

/// scf.for needs a positive step: a constant one <= 0 would never end. A
/// step computed at run time is checked where the loop runs.
static LogicalResult verifyLoopSteps(Operation *function) {
  WalkResult walked = function->walk([](scf::ForOp loop) {
    APInt step;
    if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
        step.getSExtValue() > 0)
      return WalkResult::advance();
    loop.emitOpError("step must be positive, got ") << step.getSExtValue();
    return WalkResult::interrupt();
  });
  return failure(walked.wasInterrupted());
}

/// A pypto program's function is checked once: from its first pypto
/// argument attribute, or from its pypto.kind when no argument has one.
static bool hasPyPTOArgAttribute(FunctionOpInterface function,
                                 unsigned *firstArg = nullptr,
                                 StringAttr *firstName = nullptr) {
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
    for (NamedAttribute arg : function.getArgAttrs(i))
      if (arg.getName().getValue().starts_with("pypto.")) {
        if (firstArg)
          *firstArg = i;
        if (firstName)
          *firstName = arg.getName();
        return true;
      }
  return false;
}

LogicalResult PyPTODialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attribute) {
  StringRef name = attribute.getName().getValue();
  Location loc = op->getLoc();
  if (name == attr::kKind) {
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!function)
      return emitError(loc) << "'" << name << "' is only valid on functions";
    if (!hasPyPTOArgAttribute(function) && failed(verifyLoopSteps(op)))
      return failure();
    return expectOneOf(loc, attribute,
                       {kind::kOpaque, kind::kOrchestration, kind::kInCore,
                        kind::kAIC, kind::kAIV, kind::kGroup});
  }
  if (name == attr::kLoop) {
    if (!isa<scf::ForOp>(op))
      return emitError(loc) << "'" << name << "' is only valid on scf.for";
    return expectOneOf(loc, attribute,
                       {"range", "parallel", "pipeline", "unroll"});
  }
  if (name == attr::kGolden) {
    if (!isa<StringAttr>(attribute.getValue()))
      return emitError(loc) << "'" << name << "' must be a file name string";
    return success();
  }
  if (name == attr::kRtol || name == attr::kAtol) {
    auto value = dyn_cast<FloatAttr>(attribute.getValue());
    if (!value || value.getValueAsDouble() < 0)
      return emitError(loc) << "'" << name << "' must be a non-negative float";
    return success();
  }
  if (name == attr::kSeed) {
    if (!isa<IntegerAttr>(attribute.getValue()))
      return emitError(loc) << "'" << name << "' must be an integer";
    return success();
  }
  if (name == attr::kArch)
    return expectOneOf(loc, attribute, {"a2a3", "a5"});
  if (name == attr::kAicPart || name == attr::kAivPart) {
    if (getFunctionKind(op) != kind::kGroup ||
        !isa<FlatSymbolRefAttr>(attribute.getValue()))
      return emitError(loc)
             << "'" << name << "' names a part (@symbol) of a group function";
    return success();
  }
  if (name == attr::kAivLanes) {
    auto lanes = dyn_cast<IntegerAttr>(attribute.getValue());
    StringRef role = getFunctionKind(op);
    if (!lanes || lanes.getInt() != 2 ||
        (role != kind::kAIV && role != kind::kInCore))
      return emitError(loc)
             << "'" << name << "' is 2 on a vector kernel or an AIV part";
    return success();
  }
  // One address and live range per tile result (see PlannedTile).
  if (name == attr::kAddr) {
    auto aligned = [](int64_t address) {
      return address >= 0 && address % 32 == 0;
    };
    auto single = dyn_cast<IntegerAttr>(attribute.getValue());
    auto several = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    if ((single && aligned(single.getInt())) ||
        (several && several.size() == int64_t(op->getNumResults()) &&
         op->getNumResults() > 1 &&
         llvm::all_of(several.asArrayRef(), aligned)))
      return success();
    return emitError(loc) << "'" << name
                          << "' must be a non-negative multiple of 32 (an "
                             "array of one per result on an op with several)";
  }
  if (name == attr::kLive) {
    auto range = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    unsigned pairs = std::max(1u, op->getNumResults());
    bool ordered = range && range.size() == int64_t(2 * pairs);
    for (unsigned i = 0; ordered && i < pairs; ++i)
      ordered = range[2 * i] <= range[2 * i + 1];
    if (!ordered)
      return emitError(loc) << "'" << name
                            << "' must be an array<i64: first, last> (a "
                               "pair per result on an op with several)";
    return success();
  }
  return emitError(loc) << "unknown pypto attribute '" << name << "'";
}

LogicalResult PyPTODialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attribute) {
  StringRef name = attribute.getName().getValue();
  // Declarations have no entry block: take the type from the signature.
  Region &region = op->getRegion(regionIndex);
  Type argType;
  Location loc = op->getLoc();
  if (!region.empty()) {
    argType = region.getArgument(argIndex).getType();
    loc = region.getArgument(argIndex).getLoc();
  } else if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    argType = function.getArgumentTypes()[argIndex];
  } else {
    return emitError(loc) << "'" << name
                          << "' is only valid on function arguments";
  }
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    unsigned firstArg = 0;
    StringAttr firstName;
    if (!region.empty() &&
        hasPyPTOArgAttribute(function, &firstArg, &firstName) &&
        firstArg == argIndex && firstName == attribute.getName() &&
        failed(verifyLoopSteps(op)))
      return failure();
  }
  bool isTensor = isa<GMTensorType>(argType);
  if (name == attr::kDir) {
    // Lowered kernels keep the direction on their GM pointer parameters.
    if (argType.isIntOrIndexOrFloat())
      return emitError(loc)
             << "'" << name << "' is only valid on tensor arguments";
    return expectOneOf(loc, attribute, {"in", "out", "inout"});
  }
  if (name == attr::kInit) {
    if (!isTensor)
      return emitError(loc)
             << "'" << name << "' is only valid on tensor arguments";
    if (isa<FloatAttr, IntegerAttr>(attribute.getValue()))
      return success(); // a constant fill value
    if (auto values = dyn_cast<DenseElementsAttr>(attribute.getValue())) {
      // The values themselves, in row-major order (pypto-lib's fixed
      // init tensors); a run-time shape is checked when the program runs.
      if (!values.getElementType().isIntOrFloat())
        return emitError(loc)
               << "'" << name << "' lists values that are not numbers";
      auto tensor = cast<GMTensorType>(argType);
      if (tensor.hasStaticShape() &&
          values.getNumElements() != tensor.getNumElements())
        return emitError(loc)
               << "'" << name << "' lists " << values.getNumElements()
               << " values; the tensor has " << tensor.getNumElements()
               << " elements";
      return success();
    }
    return expectOneOf(loc, attribute,
                       {"zeros", "ones", "randn", "rand", "randint", "arange"});
  }
  if (name == attr::kInitScale) {
    auto scale = dyn_cast<FloatAttr>(attribute.getValue());
    if (!isTensor || !scale)
      return emitError(loc)
             << "'" << name << "' is a float factor on a tensor argument";
    return success();
  }
  // Arrays with one entry per dimension of a tensor argument.
  if (name == attr::kStrides || name == attr::kShape ||
      name == attr::kDimArgs || name == attr::kStrideArgs) {
    auto entries = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    auto tensor = dyn_cast<GMTensorType>(argType);
    if (!entries || !tensor ||
        entries.size() != static_cast<int64_t>(tensor.getShape().size()))
      return emitError(loc) << "'" << name << "' must list one "
                            << (name == attr::kStrides ? "stride" : "entry")
                            << " per tensor dimension";
    return success();
  }
  if (name == attr::kInitRange) {
    auto range = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    if (!isTensor || !range || range.size() != 2 || range[0] >= range[1])
      return emitError(loc) << "'" << name
                            << "' must be array<i64: low, high> with low < "
                               "high, on a tensor argument";
    return success();
  }
  if (name == attr::kValue) {
    if (isTensor)
      return emitError(loc)
             << "'" << name << "' is only valid on scalar arguments";
    auto typed = dyn_cast<TypedAttr>(attribute.getValue());
    if (!typed || !isa<FloatAttr, IntegerAttr>(typed) ||
        typed.getType() != argType)
      return emitError(loc)
             << "'" << name << "' must be a constant of type " << argType;
    return success();
  }
  if (name == attr::kSpmd) {
    if (!argType.isIndex())
      return emitError(loc) << "'" << name << "' marks an index argument";
    return expectOneOf(loc, attribute, {"block_idx"});
  }
  if (name == attr::kName) {
    if (!isa<StringAttr>(attribute.getValue()))
      return emitError(loc) << "'" << name << "' must be a string";
    return success();
  }
  if (name == attr::kCompare) {
    if (!isTensor || !isa<StringAttr>(attribute.getValue()))
      return emitError(loc)
             << "'" << name << "' is a comparator string on a tensor argument";
    return success();
  }
  if (name == attr::kWindow) {
    if (!isa<UnitAttr>(attribute.getValue()) || argType.isIntOrIndexOrFloat() ||
        isa<TileType>(argType))
      return emitError(loc)
             << "'" << name << "' is a unit attribute on a tensor parameter";
    return success();
  }
  if (name == attr::kCommCtx) {
    // The pto dialect is not a dependency: compare the type's spelling.
    std::string spelling;
    llvm::raw_string_ostream(spelling) << argType;
    if (!isa<UnitAttr>(attribute.getValue()) || spelling != "!pto.ptr<i64>")
      return emitError(loc) << "'" << name
                            << "' marks the CommContext parameter of a "
                               "lowered kernel, a unit attribute on a "
                               "!pto.ptr<i64>";
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      unsigned count = 0;
      for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
        count += function.getArgAttr(i, name) != nullptr;
      if (count > 1)
        return emitError(loc)
               << "a kernel has one '" << name << "' parameter, got " << count;
    }
    return success();
  }
  if (name == attr::kRing) {
    auto elements = dyn_cast<IntegerAttr>(attribute.getValue());
    if (isa<TileType>(argType) || argType.isIntOrIndexOrFloat() || !elements ||
        elements.getInt() <= 0)
      return emitError(loc) << "'" << name
                            << "' marks a tensor argument with a positive "
                               "element count";
    return success();
  }
  return emitError(loc) << "unknown pypto argument attribute '" << name << "'";
}

std::optional<PlannedTile> mlir::pypto::getPlannedTile(OpResult result) {
  Operation *op = result.getOwner();
  auto live = op->getAttrOfType<DenseI64ArrayAttr>(attr::kLive);
  unsigned i = result.getResultNumber();
  int64_t address = -1;
  if (auto single = op->getAttrOfType<IntegerAttr>(attr::kAddr))
    address = i == 0 ? single.getInt() : -1;
  else if (auto several = op->getAttrOfType<DenseI64ArrayAttr>(attr::kAddr))
    address = several.size() > int64_t(i) ? several[i] : -1;
  if (address < 0)
    return std::nullopt;
  // Hand-written IR may give an address without a live range.
  if (!live || live.size() < int64_t(2 * i + 2))
    return PlannedTile{address, -1, -1};
  return PlannedTile{address, live[2 * i], live[2 * i + 1]};
}

void mlir::pypto::setPlannedTile(OpResult result, PlannedTile planned) {
  Operation *op = result.getOwner();
  Builder builder(op->getContext());
  unsigned n = op->getNumResults(), i = result.getResultNumber();
  if (n == 1) {
    op->setAttr(attr::kAddr, builder.getI64IntegerAttr(planned.address));
    op->setAttr(attr::kLive,
                builder.getDenseI64ArrayAttr({planned.first, planned.last}));
    return;
  }
  SmallVector<int64_t> addresses(n, 0), live(2 * n, 0);
  if (auto old = op->getAttrOfType<DenseI64ArrayAttr>(attr::kAddr))
    llvm::copy(old.asArrayRef(), addresses.begin());
  if (auto old = op->getAttrOfType<DenseI64ArrayAttr>(attr::kLive))
    llvm::copy(old.asArrayRef(), live.begin());
  addresses[i] = planned.address;
  live[2 * i] = planned.first;
  live[2 * i + 1] = planned.last;
  op->setAttr(attr::kAddr, builder.getDenseI64ArrayAttr(addresses));
  op->setAttr(attr::kLive, builder.getDenseI64ArrayAttr(live));
}
