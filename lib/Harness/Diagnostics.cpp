//===- Diagnostics.cpp - warnings and performance hints --------*- C++ -*-===//
//
// Warnings point at the user's operation; performance hints name the op,
// the tile and what the hardware prefers.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Diagnostics.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::pypto;

namespace {

std::string locationText(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                         file.getLine(), file.getColumn())
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<FileLineColLoc>(inner))
        return locationText(inner);
  return "unknown location";
}

/// Warns once per (check, location, message).
class Warner {
public:
  Warner(const ::pypto::harness::DiagnosticOptions &options,
         std::set<std::string> &seen)
      : options(options), seen(seen) {}

  bool enabled(StringRef check) const {
    return !options.disabled.count(check.str());
  }

  void warn(StringRef check, Location loc, const Twine &message) {
    std::string key = (check + "|" + locationText(loc) + "|" + message).str();
    if (!seen.insert(key).second)
      return;
    emitWarning(loc) << message << " [" << check << "]";
  }

private:
  const ::pypto::harness::DiagnosticOptions &options;
  std::set<std::string> &seen;
};

/// The values a parameter is written through: itself and its slices.
void collectViews(Value value, SmallVectorImpl<Value> &views) {
  views.push_back(value);
  for (Operation *user : value.getUsers())
    if (user->getNumResults() == 1 &&
        getViewSource(user->getResult(0)) == value)
      collectViews(user->getResult(0), views);
}

/// `depth` counts the helpers looked through (a cycle is refused later, by
/// pypto-inline-helpers; here it only ends the search).
bool isWritten(Value param, unsigned depth = 0) {
  SmallVector<Value> views;
  collectViews(param, views);
  for (Value view : views)
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (auto assemble = dyn_cast<AssembleOp>(user))
        if (assemble.getDest() == view)
          return true;
      if (auto store = dyn_cast<StoreOp>(user))
        if (store.getDest() == view)
          return true;
      if (auto write = dyn_cast<WriteOp>(user))
        if (write.getDest() == view)
          return true;
      if (auto scatter = dyn_cast<MScatterOp>(user))
        if (scatter.getTable() == view)
          return true;
      if (auto update = dyn_cast<ScatterUpdateOp>(user))
        if (update.getTable() == view)
          return true;
      if (auto call = dyn_cast<CallOp>(user)) {
        auto directions = call.getArgDirections();
        if (!directions)
          return true; // directions not derived yet: assume the kernel writes
        auto dir = cast<StringAttr>((*directions)[use.getOperandNumber()]);
        if (dir.getValue() == "out" || dir.getValue() == "inout" ||
            dir.getValue() == "nodep")
          return true;
      }
      // A helper writes the argument if it writes its parameter.
      if (auto call = dyn_cast<func::CallOp>(user)) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal() || depth > 16 ||
            isWritten(callee.getArgument(use.getOperandNumber()), depth + 1))
          return true;
      }
    }
  return false;
}

} // namespace

namespace pypto::harness {

const std::vector<std::string> &diagnosticCheckNames() {
  static const std::vector<std::string> names = {
      "UnusedVariable", "UnusedControlFlowResult", "OutParamWriteDropped",
      "TileInnermostDimGranularity"};
  return names;
}

bool parseDisabledDiagnostics(const std::string &list,
                              std::set<std::string> &out, std::string &error) {
  out.clear();
  if (list == "none" || list.empty())
    return true;
  SmallVector<StringRef> names;
  StringRef(list).split(names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef name : names) {
    name = name.trim();
    if (!llvm::is_contained(diagnosticCheckNames(), name.str())) {
      error = "unknown diagnostic '" + name.str() + "', expected one of " +
              llvm::join(diagnosticCheckNames(), ", ") + " (or none)";
      return false;
    }
    out.insert(name.str());
  }
  return true;
}

void emitWarnings(ModuleOp module, const DiagnosticOptions &options,
                  std::set<std::string> &seen) {
  if (options.phase == "none")
    return;
  Warner warner(options, seen);
  module.walk([&](Operation *op) {
    // A computed value nobody reads is usually a forgotten assemble.
    if (warner.enabled("UnusedVariable") && op->getNumResults() &&
        isa_and_nonnull<PyPTODialect>(op->getDialect()) &&
        isMemoryEffectFree(op) && op->use_empty())
      warner.warn("UnusedVariable", op->getLoc(),
                  "the result of '" + op->getName().getStringRef() +
                      "' is never used");
    if (auto loop = dyn_cast<scf::ForOp>(op);
        loop && warner.enabled("UnusedControlFlowResult"))
      for (OpResult result : loop.getResults())
        if (result.use_empty())
          warner.warn("UnusedControlFlowResult", loop.getLoc(),
                      "loop result #" + Twine(result.getResultNumber()) +
                          " is never used");
  });
  if (!warner.enabled("OutParamWriteDropped"))
    return;
  for (auto func : module.getOps<mlir::func::FuncOp>()) {
    if (func.isExternal() || isKernelFunction(func) ||
        getFunctionKind(func) == kind::kGroup)
      continue;
    for (BlockArgument arg : func.getArguments()) {
      auto dir =
          func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), attr::kDir);
      if (!dir || dir.getValue() == "in" || isWritten(arg))
        continue;
      std::string name = "#" + std::to_string(arg.getArgNumber());
      if (auto named = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                         attr::kName))
        name = "'" + named.getValue().str() + "'";
      warner.warn("OutParamWriteDropped", arg.getLoc(),
                  "output " + name + " (" + dir.getValue() +
                      ") is never written: it keeps its initial values");
    }
  }
}

std::vector<std::string> collectPerfHints(ModuleOp module, Arch arch,
                                          const DiagnosticOptions &options) {
  std::vector<std::string> hints;
  std::set<std::string> seen;
  if (options.phase == "none" ||
      options.disabled.count("TileInnermostDimGranularity"))
    return hints;
  // GM bursts: a row shorter than this moves at a fraction of the bandwidth.
  int64_t recommended = arch == Arch::a2a3 ? 512 : 128;
  module.walk([&](Operation *op) {
    auto load = dyn_cast<LoadOp>(op);
    auto store = dyn_cast<StoreOp>(op);
    if (!load && !store)
      return;
    auto tile = cast<TileType>(load ? load.getResult().getType()
                                    : store.getValue().getType());
    auto tensor = cast<GMTensorType>(load ? load.getSource().getType()
                                          : store.getDest().getType());
    ArrayRef<int64_t> shape = tile.getShape();
    if (shape.size() != 2 || tensor.getShape().size() != 2)
      return;
    bool transposed = load && load.getTranspose();
    int64_t rows = transposed ? shape[1] : shape[0];
    int64_t cols = transposed ? shape[0] : shape[1];
    // Whole rows of the tensor are one contiguous transfer. A parameter
    // may be a view of a wider tensor (pypto.strides).
    Value base = load ? load.getSource() : store.getDest();
    int64_t rowStride = tensor.getShape()[1];
    if (auto arg = dyn_cast<BlockArgument>(base))
      if (auto func =
              dyn_cast<mlir::func::FuncOp>(arg.getOwner()->getParentOp()))
        if (auto strides = func.getArgAttrOfType<DenseI64ArrayAttr>(
                arg.getArgNumber(), attr::kStrides))
          rowStride = strides[0];
    if (transposed || cols == rowStride || rows == 1 ||
        ShapedType::isDynamic(rowStride))
      return;
    int64_t elementBytes =
        (tile.getElementType().getIntOrFloatBitWidth() + 7) / 8;
    int64_t rowBytes = cols * elementBytes;
    if (rowBytes >= recommended)
      return;
    std::string element;
    llvm::raw_string_ostream(element) << tile.getElementType();
    std::string space =
        tile.getSpace() ? stringifyMemorySpace(*tile.getSpace()).str() : "?";
    std::string hint = llvm::formatv(
        "[perf_hint PH001] TileInnermostDimGranularity: {0} has innermost dim "
        "= {1}B (tile {2}[{3}x{4}], target_memory={5}); moves {6}B as {7} x "
        "{1}B rows; recommended >= {8}B for backend {9} at {10}",
        op->getName().getStringRef(), rowBytes, element, shape[0], shape[1],
        space, rows * rowBytes, rows, recommended, stringifyArch(arch),
        locationText(op->getLoc()));
    if (seen.insert(hint).second)
      hints.push_back(hint);
  });
  return hints;
}

} // namespace pypto::harness
