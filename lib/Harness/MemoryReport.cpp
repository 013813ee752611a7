//===- MemoryReport.cpp - report/memory.{txt,json} -------------*- C++ -*-===//
//
// What the memory planner decided, per kernel and memory space: bytes used
// against the capacity, and each buffer's size, address range and live
// range. Read from the module right after pypto-plan-memory.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Program.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"
#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::pypto;

namespace {
struct Buffer {
  std::string name;
  std::string location;
  int64_t addr, size, first, last;
};
} // namespace

static std::string locationText(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return llvm::formatv("{0}:{1}:{2}",
                         llvm::sys::path::filename(file.getFilename()),
                         file.getLine(), file.getColumn())
        .str();
  return "";
}

/// The most bytes live at once: at each position, the distinct addresses
/// of the buffers live there (tiles sharing storage have one address).
static int64_t livePeak(const std::vector<Buffer> &buffers) {
  std::map<int64_t, std::vector<const Buffer *>> starts;
  int64_t first = 0, last = -1;
  for (const Buffer &b : buffers) {
    first = std::min(first, b.first);
    last = std::max(last, b.last);
  }
  int64_t peak = 0;
  std::map<int64_t, int64_t> sizeAt;
  for (int64_t position = first; position <= last; ++position) {
    sizeAt.clear();
    for (const Buffer &b : buffers)
      if (b.first <= position && position <= b.last)
        sizeAt[b.addr] = std::max(sizeAt[b.addr], b.size);
    int64_t live = 0;
    for (auto [addr, size] : sizeAt)
      live += size;
    peak = std::max(peak, live);
  }
  return peak;
}

namespace pypto::harness {
LogicalResult writeMemoryReport(ModuleOp module, Arch arch, StringRef path) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::Array kernelsJson;
  for (auto kernel : module.getOps<func::FuncOp>()) {
    if (!isKernelFunction(kernel) || kernel.isExternal())
      continue;
    std::map<std::string, std::vector<Buffer>> spaces;
    int64_t numOps = 0;
    kernel.walk([&](Operation *) { ++numOps; });
    // Pipe slots a consumer reserves for the whole kernel.
    auto addSlots = [&](Operation *init, StringRef space,
                        std::optional<int64_t> base, int64_t bytes) {
      if (base)
        spaces[space.str()].push_back({"pipe slots",
                                       locationText(init->getLoc()), *base,
                                       (bytes + 31) / 32 * 32, 0, numOps - 1});
    };
    kernel.walk([&](AivInitializePipeOp init) {
      addSlots(init, "vec", init.getC2vConsumerBuf(),
               init.getSlotNum() * init.getSlotSize());
    });
    kernel.walk([&](AicInitializePipeOp init) {
      addSlots(init, "mat", init.getV2cConsumerBuf(),
               init.getSlotNum() * init.getSlotSize());
    });
    kernel.walk([&](Operation *op) {
      for (OpResult result : op->getResults()) {
        std::optional<PlannedTile> planned = getPlannedTile(result);
        auto type = dyn_cast<TileType>(result.getType());
        if (!planned || planned->first < 0 || !type)
          continue;
        FailureOr<TileLayout> layout = getTileLayout(result, arch);
        if (failed(layout))
          continue;
        std::string space(stringifyMemorySpace(*type.getSpace()));
        spaces[space].push_back({op->getName().getStringRef().str(),
                                 locationText(op->getLoc()), planned->address,
                                 (layout->numBytes + 31) / 32 * 32,
                                 planned->first, planned->last});
      }
    });
    os << "Kernel '" << kernel.getSymName() << "' (" << stringifyArch(arch)
       << ")\n";
    // Used is the plan's peak; live peak the most bytes live at once (the
    // least any plan needs); the gap is what the placement wastes.
    os << llvm::formatv("  {0,-6} {1,10} {2,10} {3,7} {4,10} {5,8}\n", "Space",
                        "Used", "Limit", "Usage", "Live peak", "Gap");
    llvm::json::Array spacesJson;
    for (auto &[space, buffers] : spaces) {
      int64_t used = 0;
      for (const Buffer &b : buffers)
        used = std::max(used, b.addr + b.size);
      int64_t peak = livePeak(buffers);
      int64_t limit = getSpaceCapacity(arch, *symbolizeMemorySpace(space));
      double usage = limit ? 100.0 * used / limit : 0;
      os << llvm::formatv("  {0,-6} {1,10} {2,10} {3,6:f1}% {4,10} {5,8}\n",
                          space, used, limit, usage, peak, used - peak);
      llvm::json::Array buffersJson;
      for (const Buffer &b : buffers)
        buffersJson.push_back(llvm::json::Object{
            {"op", b.name},
            {"location", b.location},
            {"size", b.size},
            {"address", llvm::json::Array{b.addr, b.addr + b.size}},
            {"live", llvm::json::Array{b.first, b.last}}});
      spacesJson.push_back(
          llvm::json::Object{{"space", space},
                             {"used", used},
                             {"live_peak", peak},
                             {"gap", used - peak},
                             {"limit", limit},
                             {"buffers", std::move(buffersJson)}});
    }
    for (auto &[space, buffers] : spaces) {
      os << "  " << space << " buffers:\n";
      os << llvm::formatv("    {0,-18} {1,-24} {2,8}  {3,-20} {4}\n", "Op",
                          "Location", "Size", "Address range", "Live range");
      for (const Buffer &b : buffers)
        os << llvm::formatv(
            "    {0,-18} {1,-24} {2,8}  {3,-20} [{4}, {5}]\n", b.name,
            b.location, b.size,
            llvm::formatv("[{0}, {1})", b.addr, b.addr + b.size).str(), b.first,
            b.last);
    }
    os << "\n";
    kernelsJson.push_back(
        llvm::json::Object{{"kernel", kernel.getSymName().str()},
                           {"arch", stringifyArch(arch).str()},
                           {"spaces", std::move(spacesJson)}});
  }
  std::error_code ec;
  llvm::raw_fd_ostream txt((path + ".txt").str(), ec);
  if (ec)
    return module.emitError("cannot write '")
           << path << ".txt': " << ec.message();
  txt << text;
  llvm::raw_fd_ostream json((path + ".json").str(), ec);
  if (ec)
    return module.emitError("cannot write '")
           << path << ".json': " << ec.message();
  json << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"kernels", std::move(kernelsJson)}}))
       << "\n";
  return success();
}
} // namespace pypto::harness
