//===- Program.cpp - parse, specify and compile a program ------*- C++ -*-===//
//
// Reads a program and its run specification (entry argument attributes and
// module attributes), runs the default pipeline stage by stage with dumps, and
// writes every artefact of the build directory.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Program.h"
#include "pypto/Harness/ParseGuard.h"

#include "pypto/Runtime/Ptoas.h"

#include "pypto/Dialect/PTO/PTODialect.h"
#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Target/Emitters.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include <cctype>
#include <chrono>
#include <cstdio>
#include <deque>

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

/// Records the SSA names the author gave entry arguments as `pypto.name`.
static void annotateArgumentNames(func::FuncOp func,
                                  const AsmParserState &state) {
  if (func.isExternal())
    return;
  const AsmParserState::BlockDefinition *def =
      state.getBlockDef(&func.getBody().front());
  if (!def)
    return;
  for (auto [i, arg] : llvm::enumerate(def->arguments)) {
    if (func.getArgAttr(i, attr::kName))
      continue;
    StringRef text(arg.loc.Start.getPointer(),
                   arg.loc.End.getPointer() - arg.loc.Start.getPointer());
    text.consume_front("%");
    if (!text.empty() && !isdigit(static_cast<unsigned char>(text[0])))
      func.setArgAttr(i, attr::kName, StringAttr::get(func.getContext(), text));
  }
}

static FailureOr<func::FuncOp> findEntry(ModuleOp module) {
  // Kernels are pypto.at regions; there is no call between functions to
  // inline them through.
  WalkResult calls = module.walk([](func::CallOp call) {
    call.emitOpError("calls between functions are not supported yet: write "
                     "the program in its entry function");
    return WalkResult::interrupt();
  });
  if (calls.wasInterrupted())
    return failure();
  func::FuncOp entry;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || isKernelFunction(func))
      continue;
    if (entry)
      return func.emitError("a program has one entry function; '")
             << entry.getSymName() << "' is one already";
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
    int64_t count = 1;
    for (int64_t d : t.shape)
      count *= d;
    if (width == 1 || count - 1 > highest)
      return outside("arange", "counts to " + std::to_string(count - 1) + ",");
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
  }
  return success();
}

static LogicalResult extractRunSpec(ModuleOp module, StringRef path,
                                    RunSpec &spec) {
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
        }
      }
      if (auto scale = func.getArgAttrOfType<FloatAttr>(i, attr::kInitScale)) {
        if (t.init != "randn" && t.init != "rand")
          return emitError(arg.getLoc(), "'")
                 << attr::kInitScale << "' of '" << name
                 << "' needs pypto.init = \"randn\" or \"rand\"";
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

namespace pypto::harness {
LogicalResult loadProgram(MLIRContext &context, StringRef path,
                          Program &program) {
  std::string error;
  // A device or a directory is no program (and /dev/zero never ends).
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      !llvm::sys::fs::is_regular_file(status))
    return emitError(UnknownLoc::get(&context), "'")
           << path << "' is not a regular file";
  auto file = openInputFile(path, &error);
  if (!file)
    return emitError(UnknownLoc::get(&context), "cannot read '")
           << path << "': " << error;
  // Input that does not parse is parsed only in a child process (whose
  // errors, printed by this context's handler, are passed on): MLIR 19's
  // clean-up after some parse errors writes to freed memory.
  {
    StringRef text = file->getBuffer();
    IsolatedParse parse = parseIsolated([&] {
      context.disableMultithreading();
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy(text, path), SMLoc());
      Block scratch;
      ParserConfig config(&context, /*verifyAfterParse=*/false);
      return succeeded(parseAsmSourceFile(sourceMgr, &scratch, config));
    });
    if (parse.isolated && parse.failed && !parse.crashed) {
      llvm::errs() << parse.output;
      return failure();
    }
    // A crash (or no child): find where, for the message.
    if (!parse.isolated || parse.crashed) {
      if (std::optional<ParserCrash> crash =
              findParserCrash(text, context.getDialectRegistry(), false))
        return emitError(
            crash->line ? Location(FileLineColLoc::get(
                              &context, path, *crash->line, *crash->column))
                        : Location(FileLineColLoc::get(&context, path, 1, 1)),
            crash->message);
    }
  }
  program.sourceMgr = std::make_shared<llvm::SourceMgr>();
  program.sourceMgr->AddNewSourceBuffer(std::move(file), SMLoc());
  AsmParserState state;
  Block block;
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  if (failed(parseAsmSourceFile(*program.sourceMgr, &block, config, &state)))
    return failure();
  if (block.getOperations().size() != 1 || !isa<ModuleOp>(block.front()))
    return emitError(FileLineColLoc::get(&context, path, 1, 1),
                     "expected a single 'module' holding the program");
  auto module = cast<ModuleOp>(&block.front());
  module->remove();
  program.module = module;
  if (failed(verify(module)))
    return failure();
  for (auto func : program.module->getOps<func::FuncOp>())
    annotateArgumentNames(func, state);
  return extractRunSpec(*program.module, path, program.spec);
}
} // namespace pypto::harness

static LogicalResult
writeFile(Location loc, StringRef path,
          function_ref<LogicalResult(raw_ostream &)> write) {
  if (auto ec =
          llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return emitError(loc, "cannot create the directory of '")
           << path << "': " << ec.message();
  std::string error;
  auto out = openOutputFile(path, &error);
  if (!out)
    return emitError(loc, "cannot write '") << path << "': " << error;
  if (failed(write(out->os())))
    return failure();
  out->keep();
  return success();
}

/// report/pipeline_profile.{txt,json}: seconds per stage and their share.
static LogicalResult
writeProfile(Location loc, const std::string &path,
             ArrayRef<std::pair<std::string, double>> timings, double total) {
  if (failed(writeFile(loc, path + ".txt", [&](raw_ostream &os) {
        os << llvm::formatv("{0,-22} {1,10} {2,8}\n", "Stage", "Seconds", "%");
        for (auto &[name, seconds] : timings)
          os << llvm::formatv("{0,-22} {1,10:f4} {2,7:f1}%\n", name, seconds,
                              total > 0 ? 100 * seconds / total : 0.0);
        double staged = 0;
        for (auto &timing : timings)
          staged += timing.second;
        os << llvm::formatv("{0,-22} {1,10:f4} {2,7:f1}%\n",
                            "Verification, dumps", total - staged,
                            total > 0 ? 100 * (total - staged) / total : 0.0);
        os << llvm::formatv("{0,-22} {1,10:f4} {2,7:f1}%\n", "Total", total,
                            100.0);
        return success();
      })))
    return failure();
  return writeFile(loc, path + ".json", [&](raw_ostream &os) {
    llvm::json::Array stages;
    for (auto &[name, seconds] : timings)
      stages.push_back(llvm::json::Object{{"name", name},
                                          {"seconds", seconds},
                                          {"children", llvm::json::Array{}}});
    os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"total_seconds", total},
                                     {"stages", std::move(stages)}}))
       << "\n";
    return success();
  });
}

/// kernels/<aic|aiv>/<kernel>.cpp of the build.
static std::string kernelCppPath(const CompileOptions &options,
                                 KernelInfo kernel) {
  return options.outputDir + "/kernels/" + kernel.coreDir().str() + "/" +
         kernel.func.getSymName().str() + ".cpp";
}

/// ptoas 0.27 prints infinite and NaN float constants as `Inf.0f`,
/// `-Inf.0f` and `NaN.0f` (APFloat's spelling with a float suffix), which is
/// not C++; they become the compiler's built-ins.
static void fixNonFiniteLiterals(std::string &text) {
  auto isIdentifierChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (StringRef word : {"Inf", "NaN"}) {
    size_t pos = 0;
    while ((pos = text.find(word.str() + ".0", pos)) != std::string::npos) {
      size_t end = pos + word.size() + 2;
      bool isFloat = end < text.size() && text[end] == 'f';
      if (isFloat)
        ++end;
      if ((pos > 0 && isIdentifierChar(text[pos - 1])) ||
          (end < text.size() && isIdentifierChar(text[end]))) {
        pos = end;
        continue;
      }
      std::string builtin =
          word == "Inf"
              ? (isFloat ? "__builtin_inff()" : "__builtin_inf()")
              : (isFloat ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")");
      text.replace(pos, end - pos, builtin);
      pos += builtin.size();
    }
  }
}

/// ptoas's C++ for `kernel` as a kernel file of the build: its own includes
/// replaced by ours, its entry function made static, and `kernel_entry`. A
/// mixed kernel's unit holds both parts; each part's file has all of it (the
/// other part's body is compiled out by its core macro) and calls its own.
static LogicalResult wrapPtoasOutput(func::FuncOp kernel, StringRef unit,
                                     StringRef ptoasCpp, raw_ostream &os) {
  os << "// Kernel '" << kernel.getSymName() << "': ptoas output (ptoas/"
     << unit << ".cpp) wrapped by pypto-mlir.\n"
     << "#include <pto/pto-inst.hpp>\n#include \"intrinsic.h\"\n"
     << "#include \"tensor.h\"\n\n"
     << "using namespace pto;\n\n";
  SmallVector<StringRef> lines;
  ptoasCpp.split(lines, '\n');
  for (StringRef line : lines) {
    StringRef trimmed = line.trim();
    if (trimmed == "#include \"pto/pto-inst.hpp\"" ||
        trimmed == "#include <pto/pto-inst.hpp>" ||
        trimmed == "using namespace pto;")
      continue;
    std::string text = line.str();
    fixNonFiniteLiterals(text);
    size_t global = text.find("__global__ AICORE void");
    if (global != std::string::npos)
      text.replace(global, strlen("__global__"), "static");
    os << text << "\n";
  }
  os << "\n";
  return emitKernelEntry(kernel, os);
}

/// A pop on the cube side while an earlier pop of the same tile type is
/// still unfreed: ptoas 0.27 gives both one C++ tile (its declare_tile is
/// Pure, so CSE merges them), and a mat tile cannot be copied out of its
/// slot as pypto-expand-mixed-kernel does for vec tiles. Frees come in pop
/// order, so the unfreed pops of a block are a queue.
static Operation *findMergedCubePop(func::FuncOp kernel) {
  Operation *found = nullptr;
  kernel.walk([&](Block *block) {
    std::deque<Type> unfreed;
    for (Operation &op : *block) {
      if (auto pop = dyn_cast<pto::TPopFromAivOp>(op)) {
        if (llvm::is_contained(unfreed, pop.getResult().getType()) && !found)
          found = pop;
        unfreed.push_back(pop.getResult().getType());
      } else if (isa<pto::TFreeFromAivOp>(op) && !unfreed.empty()) {
        unfreed.pop_front();
      }
    }
  });
  return found;
}

/// Why ptoas 0.27 cannot take `unit`, or "": the multi-card signals (its
/// communication ops are asynchronous puts and gets) and the cache
/// maintenance and fences around them, a pipe with a slot count other than
/// the hardware's (0.27 has no slot_num), two live cube-side pops of one type.
static std::string findBeyondPtoas(const PTOUnit &unit) {
  // The signals first: they are why the unit cannot be expressed.
  Operation *signal = nullptr, *marker = nullptr, *slots = nullptr,
            *merged = nullptr;
  for (func::FuncOp kernel : unit.kernels) {
    kernel.walk([&](Operation *op) {
      if (!signal && isa<pto::CommTNotifyOp, pto::CommTWaitOp>(op))
        signal = op;
      if (!marker && isa<pto::FenceBarrierAllOp, pto::CmoCacheInvalidOp>(op))
        marker = op;
      if (!slots && op->getAttr("slot_num") &&
          isa<pto::AicInitializePipeOp, pto::AivInitializePipeOp>(op))
        slots = op;
    });
    if (!merged)
      merged = findMergedCubePop(kernel);
  }
  if (Operation *op = signal ? signal : marker)
    return "uses " + op->getName().getStringRef().str();
  if (slots)
    return "has a pipe of " +
           std::to_string(
               cast<IntegerAttr>(slots->getAttr("slot_num")).getInt()) +
           " slots (slot_num; the hardware's 8 do not fit)";
  if (merged)
    return "keeps two cube-side pops of one tile type live (they would "
           "share one C++ tile)";
  return "";
}

/// Runs the external ptoas on every ptoas/<unit>.pto and wraps its C++ into
/// kernels/<aic|aiv>/<kernel>.cpp for each kernel of the unit. A unit with
/// ops ptoas 0.27 lacks is compiled by the built-in lowering instead, with a
/// note saying so.
static LogicalResult runExternalPtoas(ModuleOp module,
                                      ArrayRef<KernelInfo> kernels,
                                      const CompileOptions &options,
                                      BuildInfo &build) {
  SmallVector<PTOUnit> units;
  for (PTOUnit &unit : getPTOUnits(kernels)) {
    std::string beyond = findBeyondPtoas(unit);
    if (beyond.empty()) {
      units.push_back(unit);
      continue;
    }
    build.notes.push_back(llvm::formatv("ptoas: '{0}' {1}, which ptoas 0.27 "
                                        "cannot take; the built-in lowering "
                                        "compiles it",
                                        unit.name, beyond)
                              .str());
    for (func::FuncOp kernel : unit.kernels) {
      KernelInfo info = *llvm::find_if(
          kernels, [&](KernelInfo k) { return k.func == kernel; });
      if (failed(writeFile(
              kernel.getLoc(), kernelCppPath(options, info),
              [&](raw_ostream &os) { return emitKernelCpp(kernel, os); })))
        return failure();
    }
  }
  std::vector<std::string> paths;
  for (const PTOUnit &unit : units)
    paths.push_back(options.outputDir + "/ptoas/" + unit.name.str() + ".pto");
  ::pypto::runtime::PtoasOptions ptoasOptions;
  ptoasOptions.executable = options.ptoas;
  ptoasOptions.arch = options.arch == Arch::a2a3 ? "a3" : "a5";
  ::pypto::runtime::PtoasResult result =
      ::pypto::runtime::runPtoas(paths, ptoasOptions);
  if (!result.ok)
    return module.emitError("ptoas failed:\n") << result.error;
  for (auto [unit, unitResult] : llvm::zip(units, result.units)) {
    auto text = llvm::MemoryBuffer::getFile(unitResult.outputPath);
    if (!text)
      return module.emitError("cannot read ptoas output '")
             << unitResult.outputPath << "'";
    for (KernelInfo kernel : kernels) {
      if (kernel.unit != unit.name)
        continue;
      if (failed(writeFile(kernel.func.getLoc(), kernelCppPath(options, kernel),
                           [&](raw_ostream &os) {
                             return wrapPtoasOutput(kernel.func, unit.name,
                                                    (*text)->getBuffer(), os);
                           })))
        return failure();
    }
  }
  return success();
}

namespace pypto::harness {
LogicalResult compileProgram(Program &program, const CompileOptions &options,
                             BuildInfo &build) {
  ModuleOp module = *program.module;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  build.dir = options.outputDir;
  for (StringRef sub : {"report", "data"})
    if (auto ec = llvm::sys::fs::create_directories(options.outputDir + "/" +
                                                    sub.str()))
      return emitError(loc, "cannot create '")
             << options.outputDir << "/" << sub << "': " << ec.message();

  // Run the pipeline one stage at a time so each dump is a whole module at a
  // pass boundary.
  PipelineOptions pipelineOptions;
  pipelineOptions.arch = options.arch;
  pipelineOptions.strategy = options.strategy;
  std::vector<PipelineStage> stages = getDefaultPipelineStages(pipelineOptions);
  if (options.verificationLevel != "none" &&
      options.verificationLevel != "basic" &&
      options.verificationLevel != "roundtrip")
    return emitError(loc, "unknown verification level '")
           << options.verificationLevel
           << "', expected none, basic or roundtrip";
  const DiagnosticOptions &diagnostics = options.diagnostics;
  if (!llvm::is_contained(
          {"none", "pre-pipeline", "post-pass", "post-pipeline"},
          diagnostics.phase))
    return emitError(loc, "unknown diagnostic phase '")
           << diagnostics.phase
           << "', expected none, pre-pipeline, post-pass or post-pipeline";
  std::set<std::string> warned;
  std::vector<std::string> perfHints;
  if (diagnostics.phase == "pre-pipeline")
    emitWarnings(module, diagnostics, warned);
  auto dump = [&](StringRef name) {
    return writeFile(loc, options.outputDir + "/passes_dump/" + name.str(),
                     [&](raw_ostream &os) {
                       module.print(os);
                       return success();
                     });
  };
  // Printing and re-parsing must reproduce the module exactly.
  auto roundTrip = [&](StringRef after) -> LogicalResult {
    std::string first, second;
    llvm::raw_string_ostream(first) << module;
    ParserConfig config(context);
    OwningOpRef<ModuleOp> reparsed =
        parseSourceString<ModuleOp>(first, config, "roundtrip");
    if (!reparsed)
      return emitError(loc, "the module after ")
             << after << " does not parse back (verification level roundtrip)";
    llvm::raw_string_ostream(second) << *reparsed;
    if (first != second)
      return emitError(loc, "the module after ")
             << after
             << " prints differently once re-parsed (verification level "
                "roundtrip)";
    return success();
  };
  using Clock = std::chrono::steady_clock;
  std::vector<std::pair<std::string, double>> timings;
  auto started = Clock::now();
  if (options.dumpPasses && failed(dump("00_frontend.mlir")))
    return failure();
  for (auto [index, stage] : llvm::enumerate(stages)) {
    auto stageStart = Clock::now();
    PassManager pm(context);
    pm.enableVerifier(options.verificationLevel != "none");
    stage.addTo(pm);
    if (failed(pm.run(module)))
      return failure();
    timings.push_back(
        {stage.name,
         std::chrono::duration<double>(Clock::now() - stageStart).count()});
    if (options.verificationLevel == "roundtrip" &&
        failed(roundTrip(stage.name)))
      return failure();
    if (stage.name == "PlanMemory" &&
        failed(writeMemoryReport(module, options.arch,
                                 options.outputDir + "/report/memory")))
      return failure();
    // Hints read the planned tiles, before they become pto.
    if (stage.name == "PlanMemory")
      perfHints = collectPerfHints(module, options.arch, diagnostics);
    if (diagnostics.phase == "post-pass")
      emitWarnings(module, diagnostics, warned);
    if (options.dumpPasses && failed(dump(llvm::formatv("{0:d2}_after_{1}.mlir",
                                                        index + 1, stage.name)
                                              .str())))
      return failure();
  }
  if (diagnostics.phase == "post-pipeline")
    emitWarnings(module, diagnostics, warned);
  if (!perfHints.empty()) {
    std::string path = options.outputDir + "/report/perf_hints.log";
    if (failed(writeFile(loc, path, [&](raw_ostream &os) {
          for (const std::string &hint : perfHints)
            os << hint << "\n";
          return success();
        })))
      return failure();
    llvm::errs() << "pypto-run: " << perfHints.size() << " performance hint"
                 << (perfHints.size() == 1 ? "" : "s") << " in " << path
                 << "\n";
  }
  auto emitStart = Clock::now();

  FailureOr<SmallVector<KernelInfo>> kernels = collectKernels(module);
  if (failed(kernels))
    return failure();
  func::FuncOp orchestration = *getOrchestration(module);
  build.orchestrationName = orchestration.getSymName().str();
  build.orchestrationCpp =
      options.outputDir + "/orchestration/" + build.orchestrationName + ".cpp";
  for (PTOUnit &unit : getPTOUnits(*kernels))
    if (failed(writeFile(
            unit.kernels.front().getLoc(),
            options.outputDir + "/ptoas/" + unit.name.str() + ".pto",
            [&](raw_ostream &os) { return emitPTO(unit.kernels, os); })))
      return failure();
  for (KernelInfo kernel : *kernels) {
    std::string name = kernel.func.getSymName().str();
    BuiltKernel built{kernel.funcId, name, kernel.isCube,
                      kernelCppPath(options, kernel)};
    if (options.emitCpp && options.ptoas.empty() &&
        failed(writeFile(
            kernel.func.getLoc(), built.cppPath,
            [&](raw_ostream &os) { return emitKernelCpp(kernel.func, os); })))
      return failure();
    build.kernels.push_back(built);
  }
  if (options.emitCpp && !options.ptoas.empty() &&
      failed(runExternalPtoas(module, *kernels, options, build)))
    return failure();
  if (failed(writeFile(
          loc, build.orchestrationCpp,
          [&](raw_ostream &os) { return emitOrchestration(module, os); })) ||
      (options.emitCpp &&
       failed(writeFile(
           loc, options.outputDir + "/kernel_config.py",
           [&](raw_ostream &os) { return emitKernelConfig(module, os); }))))
    return failure();
  timings.push_back(
      {"Codegen",
       std::chrono::duration<double>(Clock::now() - emitStart).count()});
  if (options.profiling) {
    double total =
        std::chrono::duration<double>(Clock::now() - started).count();
    if (failed(writeProfile(loc, options.outputDir + "/report/pipeline_profile",
                            timings, total)))
      return failure();
  }
  return success();
}
} // namespace pypto::harness

namespace pypto::harness {
bool loadBuild(const std::string &dir, BuildInfo &build, std::string &error) {
  std::string config = dir + "/kernel_config.py";
  auto text = llvm::MemoryBuffer::getFile(config);
  if (!text) {
    error = "'" + dir + "' is not a build directory (no kernel_config.py)";
    return false;
  }
  build = BuildInfo();
  build.dir = dir;
  // `str(_ROOT_DIR / "a" / "b.cpp")` -> dir/a/b.cpp
  auto sourceOf = [&](StringRef line) -> std::string {
    size_t start = line.find("_ROOT_DIR");
    if (start == StringRef::npos)
      return "";
    std::string path = dir;
    StringRef rest = line.drop_front(start);
    size_t quote;
    while ((quote = rest.find('"')) != StringRef::npos) {
      rest = rest.drop_front(quote + 1);
      size_t close = rest.find('"');
      if (close == StringRef::npos)
        break;
      StringRef part = rest.take_front(close);
      rest = rest.drop_front(close + 1);
      if (part.ends_with(".cpp") || !part.contains('.')) {
        path += "/" + part.str();
        if (part.ends_with(".cpp"))
          break;
      }
    }
    return path;
  };
  llvm::Regex kernelLine("\"func_id\": ([0-9]+), \"name\": \"([^\"]+)\", "
                         "\"source\": (.*), \"core_type\": \"(aic|aiv)\"");
  SmallVector<StringRef> lines;
  (*text)->getBuffer().split(lines, '\n');
  for (StringRef line : lines) {
    SmallVector<StringRef> match;
    if (line.contains("\"source\"") && line.contains("orchestration") &&
        !line.contains("func_id")) {
      build.orchestrationCpp = sourceOf(line);
      build.orchestrationName =
          llvm::sys::path::stem(build.orchestrationCpp).str();
    } else if (kernelLine.match(line, &match)) {
      BuiltKernel kernel;
      match[1].getAsInteger(10, kernel.funcId);
      kernel.name = match[2].str();
      kernel.isCube = match[4] == "aic";
      kernel.cppPath = sourceOf(match[3]);
      build.kernels.push_back(kernel);
    }
  }
  if (build.orchestrationCpp.empty() || build.kernels.empty()) {
    error = "'" + config + "' lists no orchestration or no kernels";
    return false;
  }
  for (const BuiltKernel &kernel : build.kernels)
    if (!llvm::sys::fs::exists(kernel.cppPath)) {
      error = "the build lists '" + kernel.cppPath + "', which does not exist";
      return false;
    }
  return true;
}
} // namespace pypto::harness
