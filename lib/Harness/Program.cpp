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
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include <atomic>
#include <cctype>
#include <cstdio>
#include <deque>
#include <functional>

using namespace mlir;
using namespace mlir::pypto;
using namespace ::pypto::harness;

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

static LogicalResult dumpModule(ModuleOp module, const std::string &path) {
  return writeFile(module.getLoc(), path, [&](raw_ostream &os) {
    module.print(os);
    return success();
  });
}

/// Printing and re-parsing must reproduce the module exactly
/// (--verification-level roundtrip).
static LogicalResult checkRoundTrip(ModuleOp module, StringRef after) {
  std::string first, second;
  llvm::raw_string_ostream(first) << module;
  ParserConfig config(module.getContext());
  OwningOpRef<ModuleOp> reparsed =
      parseSourceString<ModuleOp>(first, config, "roundtrip");
  if (!reparsed)
    return emitError(module.getLoc(), "the module after ")
           << after << " does not parse back (verification level roundtrip)";
  llvm::raw_string_ostream(second) << *reparsed;
  if (first != second)
    return emitError(module.getLoc(), "the module after ")
           << after
           << " prints differently once re-parsed (verification level "
              "roundtrip)";
  return success();
}

namespace {
/// What pypto-run does at the end of every pipeline stage, with the whole
/// module at the boundary (buildStagedPipeline): the round-trip check, the
/// post-pass warnings, the dump and, once the memory plan exists, the memory
/// report and the performance hints (they read the planned tiles, before
/// they become pto). An instrumentation cannot stop the pass manager, so
/// the first failure is kept for after the run and later stages do nothing.
class StageEndInstrumentation : public PassInstrumentation {
public:
  StageEndInstrumentation(ModuleOp module, const CompileOptions &options,
                          std::set<std::string> &warned)
      : module(module), options(options), warned(warned) {}

  void runAfterPass(Pass *pass, Operation *) override {
    // Function-level passes may run on several threads at once.
    if (pass->getArgument() == "pypto-plan-memory")
      planned.store(true);
    std::optional<StringRef> stage = getPipelineStageName(pass);
    if (!stage)
      return;
    ++numStages;
    if (succeeded(status))
      status = afterStage(*stage);
  }

  LogicalResult status = success();
  std::vector<std::string> perfHints;

private:
  LogicalResult afterStage(StringRef stage) {
    if (options.verificationLevel == "roundtrip" &&
        failed(checkRoundTrip(module, stage)))
      return failure();
    if (planned.exchange(false)) {
      if (failed(writeMemoryReport(module, options.arch,
                                   options.outputDir + "/report/memory")))
        return failure();
      perfHints = collectPerfHints(module, options.arch, options.diagnostics);
    }
    if (options.diagnostics.phase == "post-pass")
      emitWarnings(module, options.diagnostics, warned);
    if (options.dumpPasses &&
        failed(dumpModule(module,
                          llvm::formatv("{0}/passes_dump/"
                                        "{1:d2}_after_{2}.mlir",
                                        options.outputDir, numStages, stage)
                              .str())))
      return failure();
    return success();
  }

  ModuleOp module;
  const CompileOptions &options;
  std::set<std::string> &warned;
  std::atomic<bool> planned{false};
  unsigned numStages = 0;
};

/// Keeps MLIR's timing report as a tree of (depth, name, seconds) rows, to
/// write it in the profile's own text and JSON form.
class ProfileCollector : public OutputStrategy {
public:
  ProfileCollector() : OutputStrategy(llvm::nulls()) {}

  struct Row {
    unsigned depth;
    std::string name;
    double seconds;
  };
  std::vector<Row> rows;
  double totalSeconds = 0, restSeconds = 0;
  bool skipping = false;

  void printHeader(const TimeRecord &total) override {
    totalSeconds = total.wall;
  }
  void printFooter() override {}
  void printTime(const TimeRecord &, const TimeRecord &) override {}
  void printListEntry(StringRef name, const TimeRecord &time,
                      const TimeRecord &, bool) override {
    if (name == "Rest")
      restSeconds = time.wall;
  }
  void printTreeEntry(unsigned indent, StringRef name, const TimeRecord &time,
                      const TimeRecord &) override {
    unsigned depth = indent / 2;
    // MLIR 19 files the stages' dynamic pipelines under one top-level
    // timer, beside the stages that ran them: the stage rows already hold
    // that time.
    if (depth == 0)
      skipping = name.ends_with("' Pipeline");
    if (!skipping)
      rows.push_back({depth, name.str(), time.wall});
  }
  void printTreeEntryEnd(unsigned, bool) override {}
};
} // namespace

/// report/pipeline_profile.{txt,json}: seconds per stage, the passes (and
/// analyses) each ran nested under it, and their share of the compile.
static LogicalResult writeProfile(Location loc, const std::string &path,
                                  const ProfileCollector &profile) {
  double total = profile.totalSeconds;
  auto share = [&](double seconds) {
    return total > 0 ? 100 * seconds / total : 0.0;
  };
  if (failed(writeFile(loc, path + ".txt", [&](raw_ostream &os) {
        os << llvm::formatv("{0,-40} {1,10} {2,8}\n", "Stage", "Seconds", "%");
        for (const ProfileCollector::Row &row : profile.rows)
          os << llvm::formatv("{0,-40} {1,10:f4} {2,7:f1}%\n",
                              std::string(2 * row.depth, ' ') + row.name,
                              row.seconds, share(row.seconds));
        os << llvm::formatv("{0,-40} {1,10:f4} {2,7:f1}%\n",
                            "Verification, dumps", profile.restSeconds,
                            share(profile.restSeconds));
        os << llvm::formatv("{0,-40} {1,10:f4} {2,7:f1}%\n", "Total", total,
                            100.0);
        return success();
      })))
    return failure();
  // Rows in tree order: each row's children follow it, one level deeper.
  size_t next = 0;
  std::function<llvm::json::Array(unsigned)> children = [&](unsigned depth) {
    llvm::json::Array level;
    while (next < profile.rows.size() && profile.rows[next].depth == depth) {
      const ProfileCollector::Row &row = profile.rows[next++];
      llvm::json::Array nested = children(depth + 1);
      level.push_back(llvm::json::Object{{"name", row.name},
                                         {"seconds", row.seconds},
                                         {"children", std::move(nested)}});
    }
    return level;
  };
  llvm::json::Array stages = children(0);
  return writeFile(loc, path + ".json", [&](raw_ostream &os) {
    os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"total_seconds", total},
                                     {"other_seconds", profile.restSeconds},
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
  emitKernelPreamble(
      kernel,
      ("ptoas output (ptoas/" + unit + ".cpp) wrapped by pypto-mlir").str(),
      os);
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
/// communication ops are asynchronous puts and gets), kernel arrays
/// (pto.declare_local_array came later) and the cache
/// maintenance and fences around them, a pipe with a slot count other than
/// the hardware's (0.27 has no slot_num), two live cube-side pops of one type.
static std::string findBeyondPtoas(const PTOUnit &unit) {
  // The signals first: they are why the unit cannot be expressed.
  Operation *signal = nullptr, *marker = nullptr, *slots = nullptr,
            *merged = nullptr, *columnWindow = nullptr, *vecExtract = nullptr,
            *narrowScatter = nullptr;
  // ptoas 0.27 moves a column-major tile through a DN tensor built from the
  // partition's last dimensions only: a window whose leading dimensions are
  // not all 1 gets a shape that does not match the tile.
  auto stridedColumn = [](Type tileType, Type partitionType) {
    auto tile = cast<pto::TileBufType>(tileType);
    ArrayRef<int64_t> shape =
        cast<pto::PartitionTensorViewType>(partitionType).getShape();
    return tile.getBlayout() == pto::BLayout::col_major && shape.size() > 2 &&
           llvm::any_of(shape.drop_back(2), [](int64_t d) { return d != 1; });
  };
  for (func::FuncOp kernel : unit.kernels) {
    kernel.walk([&](Operation *op) {
      if (!signal &&
          isa<pto::CommTNotifyOp, pto::CommTWaitOp, pto::DeclareLocalArrayOp,
              // ptoas 0.27 has their element mode only, on A5 only.
              pto::MGatherOp, pto::MScatterOp,
              // ptoas 0.27 has no barrier of all cores.
              pto::SyncAllOp>(op))
        signal = op;
      if (!marker && isa<pto::FenceBarrierAllOp, pto::CmoCacheInvalidOp>(op))
        marker = op;
      if (!slots && op->getAttr("slot_num") &&
          isa<pto::AicInitializePipeOp, pto::AivInitializePipeOp>(op))
        slots = op;
      // Its A2/A3 textract reads L1 only and its tinsert goes from acc to
      // L1 only ("expects A2/A3 textract src to use loc=mat"): windows of
      // vector tiles are A5's.
      if (isa<pto::TExtractOp, pto::TInsertOp>(op)) {
        auto module = op->getParentOfType<ModuleOp>();
        auto arch =
            module ? module->getAttrOfType<StringAttr>(pto::kTargetArchAttr)
                   : StringAttr();
        auto src = cast<pto::TileBufType>(op->getOperand(0).getType());
        if (arch && arch.getValue() == "a2a3" &&
            src.getLoc() == pto::AddressSpace::vec)
          vecExtract = op;
        // Its A5 vec textract takes f16/bf16/f32/8-bit elements only, and
        // wants the whole padded window inside the source's padded row
        // ("expects indexCol + dst.cols <= src.cols").
        if (auto extract = dyn_cast<pto::TExtractOp>(op);
            extract && src.getLoc() == pto::AddressSpace::vec) {
          auto dst = cast<pto::TileBufType>(extract.getDst().getType());
          Type element = src.getElementType();
          APInt col;
          bool typed = element.isF16() || element.isBF16() || element.isF32() ||
                       element.isInteger(8);
          if (!typed || !matchPattern(extract.getCol(), m_ConstantInt(&col)) ||
              col.getSExtValue() + dst.getCols() > src.getCols())
            vecExtract = op;
        }
      }
      // Its tscatter wants indexes of the data's width (i16 for 2-byte
      // data); pypto.scatter's are i32.
      if (auto scatter = dyn_cast<pto::TScatterOp>(op);
          scatter && cast<pto::TileBufType>(scatter.getDst().getType())
                             .getElementType()
                             .getIntOrFloatBitWidth() != 32)
        narrowScatter = op;
      if (auto store = dyn_cast<pto::TStoreOp>(op);
          store &&
          stridedColumn(store.getSrc().getType(), store.getDst().getType()))
        columnWindow = op;
      if (auto load = dyn_cast<pto::TLoadOp>(op);
          load &&
          stridedColumn(load.getDst().getType(), load.getSrc().getType()))
        columnWindow = op;
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
  if (columnWindow)
    return "moves a column-major tile through an N-D window whose leading "
           "dimensions are not 1 (" +
           columnWindow->getName().getStringRef().str() + ")";
  if (narrowScatter)
    return "scatters elements narrower than its i32 indexes (pto.tscatter "
           "wants indexes of the data's width)";
  if (vecExtract)
    return "takes a window of a vector tile (" +
           vecExtract->getName().getStringRef().str() +
           " in vec, of a form or element type it does not take)";
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

  PipelineOptions pipelineOptions;
  pipelineOptions.arch = options.arch;
  pipelineOptions.strategy = options.strategy;
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
  if (diagnostics.phase == "pre-pipeline")
    emitWarnings(module, diagnostics, warned);
  if (options.dumpPasses &&
      failed(dumpModule(module, options.outputDir + "/passes_dump/" +
                                    "00_frontend.mlir")))
    return failure();

  // One pass manager; what happens at each stage's end comes from the
  // instrumentation, the profile from MLIR's pass timing.
  DefaultTimingManager timing;
  timing.setEnabled(options.profiling);
  TimingScope rootTiming = timing.getRootScope();
  PassManager pm(context);
  pm.enableVerifier(options.verificationLevel != "none");
  buildStagedPipeline(pm, pipelineOptions);
  auto *stageEnd = new StageEndInstrumentation(module, options, warned);
  pm.addInstrumentation(std::unique_ptr<PassInstrumentation>(stageEnd));
  if (options.profiling)
    pm.enableTiming(rootTiming);
  if (failed(pm.run(module)) || failed(stageEnd->status))
    return failure();
  std::vector<std::string> perfHints = std::move(stageEnd->perfHints);
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
  TimingScope codegenTiming = rootTiming.nest("Codegen");

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
  codegenTiming.stop();
  rootTiming.stop();
  if (options.profiling) {
    auto profile = std::make_unique<ProfileCollector>();
    ProfileCollector &collected = *profile;
    timing.setOutput(std::move(profile));
    timing.print();
    if (failed(writeProfile(loc, options.outputDir + "/report/pipeline_profile",
                            collected)))
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
