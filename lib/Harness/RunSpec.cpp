//===- RunSpec.cpp - the run specification of a program --------*- C++ -*-===//
//
// Reads what a program needs to run from its entry function: every argument's
// shape, dtype, direction and initialisation (argument attributes), the golden
// file, tolerances, comparators and, for multi-card programs, the ranks and
// their windows (module attributes). Each malformed attribute is an error at
// the user's location.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Program.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Target/Emitters.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::pypto;
using namespace ::pypto::harness;

const char * ::pypto::harness::dtypeName(DataType dtype) {
  switch (dtype) {
  case DataType::FLOAT32:
    return "f32";
  case DataType::FLOAT16:
    return "f16";
  case DataType::BFLOAT16:
    return "bf16";
  case DataType::INT8:
    return "i8";
  case DataType::INT16:
    return "i16";
  case DataType::INT32:
    return "i32";
  case DataType::INT64:
    return "i64";
  case DataType::UINT8:
    return "u8";
  case DataType::BOOL:
    return "bool";
  default:
    return "unsupported";
  }
}

const char * ::pypto::harness::torchDtypeName(DataType dtype) {
  switch (dtype) {
  case DataType::FLOAT32:
    return "torch.float32";
  case DataType::FLOAT16:
    return "torch.float16";
  case DataType::BFLOAT16:
    return "torch.bfloat16";
  case DataType::INT8:
    return "torch.int8";
  case DataType::INT16:
    return "torch.int16";
  case DataType::INT32:
    return "torch.int32";
  case DataType::INT64:
    return "torch.int64";
  case DataType::UINT8:
    return "torch.uint8";
  case DataType::BOOL:
    return "torch.bool";
  default:
    return "unsupported";
  }
}

static std::optional<DataType> toDataType(Type type) {
  if (type.isF32())
    return DataType::FLOAT32;
  if (type.isF16())
    return DataType::FLOAT16;
  if (type.isBF16())
    return DataType::BFLOAT16;
  if (type.isInteger(1))
    return DataType::BOOL;
  if (type.isUnsignedInteger(8))
    return DataType::UINT8;
  if (type.isInteger(8))
    return DataType::INT8;
  if (type.isInteger(16))
    return DataType::INT16;
  if (type.isInteger(32))
    return DataType::INT32;
  if (type.isInteger(64) || type.isIndex())
    return DataType::INT64;
  return std::nullopt;
}

/// The entry is the one function with a body that no func.call names; the
/// others are helpers (pypto-inline-helpers inlines them).
static FailureOr<func::FuncOp> findEntry(ModuleOp module) {
  llvm::StringSet<> called;
  module.walk([&](func::CallOp call) { called.insert(call.getCallee()); });
  func::FuncOp entry;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || isKernelFunction(func) ||
        called.contains(func.getSymName()))
      continue;
    if (entry)
      return func.emitError("a program has one entry function; '")
             << entry.getSymName()
             << "' is one already (a helper is a function the program calls)";
    entry = func;
  }
  if (!entry)
    return module.emitError("the program has no entry function");
  return entry;
}

/// `v` as a person would write it (3.5, 300, 1e+20).
static std::string shortNumber(double v) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", v);
  return text;
}

/// An integer tensor's init must produce values its element type holds:
/// libtorch would otherwise fail without a location, or wrap.
static LogicalResult checkIntegerInit(Location loc, Type element, TensorSpec &t,
                                      Attribute init, bool explicitRange) {
  auto integer = dyn_cast<IntegerType>(element);
  if (!integer)
    return success();
  unsigned width = integer.getWidth();
  bool isUnsigned = integer.isUnsigned() || width == 1;
  int64_t lowest =
      isUnsigned ? 0 : (width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1)));
  int64_t highest =
      isUnsigned ? (width >= 63 ? INT64_MAX : (int64_t(1) << width) - 1)
                 : (width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1);
  std::string typeText;
  llvm::raw_string_ostream(typeText) << element;
  // "<what> of 'x' <verb> outside the values of i8 (-128..127)".
  auto outside = [&](const std::string &what, StringRef verb) {
    return emitError(loc, "") << what << " of '" << t.name << "' " << verb
                              << " outside the values of " << typeText << " ("
                              << lowest << ".." << highest << ")";
  };
  if (t.init == "randint") {
    if (!explicitRange) {
      // The default [-8, 8) narrowed to what the type holds.
      t.low = std::max(t.low, lowest);
      t.high = std::min<int64_t>(t.high,
                                 highest == INT64_MAX ? highest : highest + 1);
    } else if (t.low < lowest || t.high - 1 > highest) {
      return outside("init_range [" + std::to_string(t.low) + ", " +
                         std::to_string(t.high) + ")",
                     "reaches");
    }
  } else if (t.init == "arange") {
    // Element i is i * init_scale: a whole step for an integer tensor.
    if (t.scale != std::floor(t.scale))
      return emitError(loc, "init_scale ")
             << shortNumber(t.scale) << " of '" << t.name
             << "' is not an integer, and " << typeText << " holds integers";
    int64_t count = 1;
    for (int64_t d : t.shape)
      count *= d;
    double last = double(count - 1) * t.scale;
    if (width == 1 || last > double(highest) || last < double(lowest))
      return outside("arange", "counts to " + shortNumber(last) + ",");
  } else if (t.init == "constant") {
    if (auto real = dyn_cast_or_null<FloatAttr>(init)) {
      double v = real.getValueAsDouble();
      if (v != std::floor(v))
        return emitError(loc, "init value ")
               << shortNumber(v) << " of '" << t.name
               << "' is not an integer, and " << typeText << " holds integers";
    }
    if (t.constant < double(lowest) || t.constant > double(highest))
      return outside("init value " + shortNumber(t.constant), "is");
  } else if (t.init == "values") {
    for (double v : t.values) {
      if (v != std::floor(v))
        return emitError(loc, "init value ")
               << shortNumber(v) << " of '" << t.name
               << "' is not an integer, and " << typeText << " holds integers";
      if (v < double(lowest) || v > double(highest))
        return outside("init value " + shortNumber(v), "is");
    }
  }
  return success();
}

/// Binds `t`'s shape to `sizes`; what is wrong with them, or "".
static std::string bindShape(TensorSpec &t, ArrayRef<int64_t> sizes) {
  const std::vector<int64_t> &declared = t.declaredShape;
  if (sizes.size() != declared.size())
    return std::to_string(sizes.size()) + " sizes for a rank-" +
           std::to_string(declared.size()) + " tensor";
  for (auto [d, size] : llvm::enumerate(sizes)) {
    if (size <= 0)
      return "size " + std::to_string(size) + " of dimension " +
             std::to_string(d) + " is not positive";
    if (!ShapedType::isDynamic(declared[d]) && declared[d] != size)
      return "dimension " + std::to_string(d) + " is " +
             std::to_string(declared[d]) + " in the tensor's type, not " +
             std::to_string(size);
  }
  t.shape.assign(sizes.begin(), sizes.end());
  return "";
}

namespace pypto::harness {
LogicalResult extractRunSpec(ModuleOp module, StringRef path, RunSpec &spec) {
  FailureOr<func::FuncOp> entry = findEntry(module);
  if (failed(entry))
    return failure();
  func::FuncOp func = *entry;
  spec.programName = module.getSymName() ? module.getSymName()->str()
                                         : func.getSymName().str();
  // It names the build directory.
  if (!isCIdentifier(spec.programName))
    return emitError(module.getSymName() ? module.getLoc() : func.getLoc(),
                     "program name '")
           << spec.programName
           << "' is not a C identifier (letters, digits and '_'): it names "
              "the build directory";
  if (func.getNumResults())
    return func.emitError("the entry function returns values; write outputs "
                          "into 'out' tensor arguments instead");
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    BlockArgument arg = func.getArgument(i);
    ArgSpec argSpec;
    std::string name = getArgumentName(func, i);
    if (auto tensor = dyn_cast<GMTensorType>(arg.getType())) {
      TensorSpec &t = argSpec.tensor;
      t.name = name;
      t.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
      t.declaredShape = t.shape;
      // Dimensions written `?` take this run's sizes (--shape overrides).
      if (auto bound =
              func.getArgAttrOfType<DenseI64ArrayAttr>(i, attr::kShape)) {
        std::string problem = bindShape(t, bound.asArrayRef());
        if (!problem.empty())
          return emitError(arg.getLoc(), "'")
                 << attr::kShape << "' of '" << name << "': " << problem;
      }
      std::optional<DataType> dtype = toDataType(tensor.getElementType());
      if (!dtype)
        return emitError(arg.getLoc(), "element type ")
               << tensor.getElementType() << " cannot be run yet";
      t.dtype = *dtype;
      if (auto dir = func.getArgAttrOfType<StringAttr>(i, attr::kDir))
        t.dir = dir.getValue() == "out"     ? Direction::Out
                : dir.getValue() == "inout" ? Direction::InOut
                                            : Direction::In;
      // Outputs start as a sentinel that fails validation wherever no
      // kernel writes (see RunData::generateInputs).
      t.init = t.dir == Direction::Out ? "unwritten" : "randn";
      if (auto compare = func.getArgAttrOfType<StringAttr>(i, attr::kCompare)) {
        if (t.dir == Direction::In)
          return emitError(arg.getLoc(), "'")
                 << name << "' is an input: only outputs have comparators";
        Comparator comparator;
        std::string error;
        if (!parseComparator(compare.getValue().str(), comparator, error))
          return emitError(arg.getLoc(), "comparator of '")
                 << name << "': " << error;
        spec.comparators[name] = comparator;
      }
      if (Attribute init = func.getArgAttr(i, attr::kInit)) {
        if (auto str = dyn_cast<StringAttr>(init)) {
          t.init = str.getValue().str();
        } else if (auto real = dyn_cast<FloatAttr>(init)) {
          t.init = "constant";
          t.constant = real.getValueAsDouble();
        } else if (auto integer = dyn_cast<IntegerAttr>(init)) {
          t.init = "constant";
          t.constant = static_cast<double>(integer.getInt());
        } else if (auto floats = dyn_cast<DenseFPElementsAttr>(init)) {
          t.init = "values";
          for (const APFloat &v : floats.getValues<APFloat>())
            t.values.push_back(v.convertToDouble());
        } else if (auto ints = dyn_cast<DenseIntElementsAttr>(init)) {
          t.init = "values";
          for (const APInt &v : ints.getValues<APInt>())
            t.values.push_back(static_cast<double>(v.getSExtValue()));
        }
      }
      if (auto scale = func.getArgAttrOfType<FloatAttr>(i, attr::kInitScale)) {
        if (t.init != "randn" && t.init != "rand" && t.init != "arange")
          return emitError(arg.getLoc(), "'")
                 << attr::kInitScale << "' of '" << name
                 << "' needs pypto.init = \"randn\", \"rand\" or \"arange\"";
        t.scale = scale.getValueAsDouble();
      }
      if (auto range =
              func.getArgAttrOfType<DenseI64ArrayAttr>(i, attr::kInitRange)) {
        if (t.init != "randint")
          return emitError(arg.getLoc(), "'")
                 << attr::kInitRange << "' of '" << name
                 << "' needs pypto.init = \"randint\"";
        t.low = range[0];
        t.high = range[1];
      }
      if (failed(checkIntegerInit(arg.getLoc(), tensor.getElementType(), t,
                                  func.getArgAttr(i, attr::kInit),
                                  func.getArgAttr(i, attr::kInitRange) !=
                                      nullptr)))
        return failure();
    } else {
      argSpec.isTensor = false;
      ScalarSpec &s = argSpec.scalar;
      s.name = name;
      std::optional<DataType> dtype = toDataType(arg.getType());
      if (!dtype)
        return emitError(arg.getLoc(), "scalar type ")
               << arg.getType() << " cannot be run yet";
      s.dtype = *dtype;
      Attribute value = func.getArgAttr(i, attr::kValue);
      if (!value) {
        std::string type;
        llvm::raw_string_ostream(type) << arg.getType();
        return emitError(arg.getLoc(), "scalar argument '")
               << name << "' needs a value: add {pypto.value = ... : " << type
               << "}";
      }
      if (auto real = dyn_cast<FloatAttr>(value))
        s.value = real.getValueAsDouble();
      else
        s.value = static_cast<double>(cast<IntegerAttr>(value).getInt());
    }
    spec.args.push_back(argSpec);
  }
  if (auto golden = module->getAttrOfType<StringAttr>(attr::kGolden)) {
    SmallString<256> resolved(golden.getValue());
    if (!llvm::sys::path::is_absolute(resolved)) {
      resolved = llvm::sys::path::parent_path(path);
      llvm::sys::path::append(resolved, golden.getValue());
    }
    llvm::sys::fs::make_absolute(resolved);
    spec.goldenPath = resolved.str().str();
  }
  // A multi-card program: its ranks and the layout of every rank's window
  // (buffers one after another, 64-byte aligned, as simpler carves them).
  func.walk([&](RanksOp ranks) {
    spec.worldSize = int(ranks.getWorld());
    spec.hasRanks = true;
  });
  WalkResult windows = func.walk([&](AllocWindowOp window) {
    GMTensorType type = window.getType();
    std::optional<DataType> dtype = toDataType(type.getElementType());
    if (!dtype) {
      window.emitError("element type ")
          << type.getElementType() << " cannot be run yet";
      return WalkResult::interrupt();
    }
    WindowSpec w;
    w.shape.assign(type.getShape().begin(), type.getShape().end());
    w.dtype = *dtype;
    // Windows live in host memory: far below 2^48 bytes, so the sums below
    // cannot wrap.
    constexpr uint64_t kMaxWindowBytes = uint64_t(1) << 48;
    w.bytes = get_element_size(*dtype);
    bool tooLarge = false;
    for (int64_t d : w.shape)
      tooLarge |= __builtin_mul_overflow(w.bytes, uint64_t(d), &w.bytes) ||
                  w.bytes > kMaxWindowBytes;
    w.offset = spec.windowBytes;
    spec.windowBytes += (w.bytes + 63) / 64 * 64;
    if (tooLarge || spec.windowBytes > kMaxWindowBytes) {
      window.emitError("the windows need more than 2^48 bytes per rank");
      return WalkResult::interrupt();
    }
    spec.windows.push_back(w);
    return WalkResult::advance();
  });
  if (windows.wasInterrupted())
    return failure();
  if (auto rtol = module->getAttrOfType<FloatAttr>(attr::kRtol))
    spec.rtol = rtol.getValueAsDouble();
  if (auto atol = module->getAttrOfType<FloatAttr>(attr::kAtol))
    spec.atol = atol.getValueAsDouble();
  return success();
}
} // namespace pypto::harness

namespace pypto::harness {
bool applyShapeOverrides(RunSpec &spec, const std::vector<std::string> &entries,
                         std::string &error) {
  for (const std::string &entry : entries) {
    StringRef text(entry);
    auto [name, sizesText] = text.split('=');
    auto it = llvm::find_if(spec.args, [&](const ArgSpec &arg) {
      return arg.isTensor && arg.name() == name;
    });
    if (!text.contains('=') || name.empty()) {
      error = "--shape '" + entry + "': expected NAME=SIZExSIZE...";
      return false;
    }
    if (it == spec.args.end()) {
      error = "--shape: the program has no tensor argument named '" +
              name.str() + "'";
      return false;
    }
    SmallVector<StringRef> parts;
    sizesText.split(parts, 'x');
    SmallVector<int64_t> sizes;
    for (StringRef part : parts) {
      int64_t size;
      if (part.getAsInteger(10, size)) {
        error = "--shape '" + entry + "': '" + part.str() +
                "' is not a size (expected NAME=SIZExSIZE...)";
        return false;
      }
      sizes.push_back(size);
    }
    std::string problem = bindShape(it->tensor, sizes);
    if (!problem.empty()) {
      error = "--shape " + name.str() + ": " + problem;
      return false;
    }
  }
  return true;
}

LogicalResult checkShapesBound(ModuleOp module, const RunSpec &spec) {
  FailureOr<func::FuncOp> entry = findEntry(module);
  if (failed(entry))
    return failure();
  for (auto [i, arg] : llvm::enumerate(spec.args)) {
    if (!arg.isTensor || llvm::none_of(arg.tensor.shape, ShapedType::isDynamic))
      continue;
    std::string type;
    llvm::raw_string_ostream(type) << entry->getArgument(i).getType();
    return emitError(entry->getArgument(i).getLoc(), "'")
           << arg.name() << "' (" << type
           << ") has run-time dimensions: give this run's sizes with {"
           << attr::kShape << " = array<i64: ...>} or pypto-run --shape "
           << arg.name() << "=SIZExSIZE...";
  }
  return success();
}

std::vector<int64_t> deviceShape(std::vector<int64_t> shape) {
  if (shape.size() == 6) {
    shape[1] *= shape[0];
    shape.erase(shape.begin());
  }
  return shape;
}

} // namespace pypto::harness
