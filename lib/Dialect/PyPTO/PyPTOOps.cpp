//===- PyPTOOps.cpp - pypto op definitions and program checks --*- C++ -*-===//
//
// The generated op definitions, the custom syntax of the region ops, and the
// checks on where ops may run: kernel regions, calls, multi-card
// communication, tensor windows and cross-core pipes. Every error is
// reported at the operation, so users see their own file:line:col. The
// compute ops (on tensors or tiles) are checked in PyPTOComputeOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::pypto;

// Custom directives of the generated parsers and printers.
static ParseResult parseSliceResult(OpAsmParser &parser, Type source,
                                    DenseI64ArrayAttr sizes, Type &result);
static void printSliceResult(OpAsmPrinter &printer, SliceOp, Type source,
                             DenseI64ArrayAttr sizes, Type result);
static ParseResult parseRowReduced(OpAsmParser &parser, Type source,
                                   Type &result);
static void printRowReduced(OpAsmPrinter &printer, Operation *, Type source,
                            Type result);
static ParseResult parseColReduced(OpAsmParser &parser, Type source,
                                   Type &result);
static void printColReduced(OpAsmPrinter &printer, Operation *, Type source,
                            Type result);
static ParseResult parseSameAsSource(OpAsmParser &parser, Type source,
                                     Type &result);
static void printSameAsSource(OpAsmPrinter &printer, Operation *, Type source,
                              Type result);
static ParseResult parseTransposed(OpAsmParser &parser, Type source,
                                   Type &result);
static void printTransposed(OpAsmPrinter &printer, Operation *, Type source,
                            Type result);

#define GET_OP_CLASSES
#include "pypto/Dialect/PyPTO/PyPTOOps.cpp.inc"

/// Checks that a window of `windowShape` at `offsets` fits in `fullShape`.
/// Offsets that are not constants are checked when they become known.
static LogicalResult verifyWindow(Operation *op, ArrayRef<int64_t> windowShape,
                                  ArrayRef<int64_t> fullShape,
                                  ValueRange offsets, StringRef what,
                                  ValueRange valid = {},
                                  bool validOfTile = false) {
  if (offsets.size() != fullShape.size())
    return op->emitOpError("expected ")
           << fullShape.size() << " offsets, one per dimension of the " << what
           << ", got " << offsets.size();
  if (windowShape.size() != fullShape.size())
    return op->emitOpError("expected a rank-")
           << fullShape.size() << " window, got rank " << windowShape.size();
  // A tile's valid shape (rows, columns) covers the window's last two
  // dimensions (a 1-D window's one dimension is the columns); the leading
  // ones are 1. `shift` maps a window dimension to its valid extent.
  int64_t shift = 0;
  if (validOfTile && !valid.empty()) {
    if (valid.size() != 2)
      return op->emitOpError("expected 2 valid extents (rows, columns), got ")
             << valid.size();
    if (!hasUnitLeadingDims(windowShape))
      return op->emitOpError("has a valid shape, which needs the window's "
                             "dimensions before the last two to be 1");
    shift = 2 - int64_t(windowShape.size());
  } else if (!valid.empty() && valid.size() != windowShape.size()) {
    return op->emitOpError("expected ")
           << windowShape.size()
           << " valid extents, one per dimension of the window, got "
           << valid.size();
  }
  for (auto [dim, size, full, offset] :
       llvm::enumerate(windowShape, fullShape, offsets)) {
    // With a valid shape only the valid part must lie in the tensor; a
    // run-time extent is checked when the program runs.
    int64_t window = size;
    if (!valid.empty() && int64_t(dim) + shift >= 0) {
      APInt extent;
      if (!matchPattern(valid[dim + shift], m_ConstantInt(&extent)))
        continue;
      if (extent.getSExtValue() < 0 || extent.getSExtValue() > size)
        return op->emitOpError("valid extent ")
               << extent.getSExtValue() << " of dimension " << dim
               << " is outside the window's [0, " << size << "]";
      window = extent.getSExtValue();
    }
    // A dimension bound per run is checked when the program runs.
    if (ShapedType::isDynamic(full))
      continue;
    if (window > full)
      return op->emitOpError("window dimension ")
             << dim << " (" << window << ") exceeds the " << what << " ("
             << full << ")";
    APInt constOffset;
    if (matchPattern(offset, m_ConstantInt(&constOffset)) &&
        (constOffset.getSExtValue() < 0 ||
         constOffset.getSExtValue() + window > full))
      return op->emitOpError("window [")
             << constOffset.getSExtValue() << ", "
             << constOffset.getSExtValue() + window << ") of dimension " << dim
             << " is out of bounds of the " << what << " (" << full << ")";
  }
  return success();
}

/// A region's name names its kernel's function and files.
static LogicalResult verifyKernelName(Operation *op,
                                      std::optional<StringRef> name) {
  if (name && !isCIdentifier(*name))
    return op->emitOpError("name '")
           << *name << "' is not a C identifier (letters, digits and '_', "
           << "not starting with a digit): it names the kernel's function "
              "and files";
  if (name && isReservedInKernelCpp(*name))
    return op->emitOpError("name '")
           << *name
           << "' is reserved in the kernel's C++ (a C++ keyword, or a type or "
              "function of the tile library): choose another kernel name";
  return success();
}

//===----------------------------------------------------------------------===//
// Dependency hints of pypto.at and pypto.spmd
//===----------------------------------------------------------------------===//

/// `level ("name")?`, the start of both kernel regions.
static ParseResult parseLevelAndName(OpAsmParser &parser,
                                     OperationState &result) {
  StringRef levelName;
  SMLoc levelLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&levelName))
    return failure();
  std::optional<AtLevel> level = symbolizeAtLevel(levelName);
  if (!level)
    return parser.emitError(levelLoc, "unknown level '") << levelName << "'";
  result.addAttribute("level", AtLevelAttr::get(parser.getContext(), *level));
  std::string name;
  if (succeeded(parser.parseOptionalString(&name)))
    result.addAttribute("name", parser.getBuilder().getStringAttr(name));
  return success();
}

static void printLevelAndName(OpAsmPrinter &printer, AtLevel level,
                              std::optional<StringRef> name) {
  printer << " " << stringifyAtLevel(level);
  if (name) {
    printer << " ";
    printer.printString(*name);
  }
}

/// `(deps(%t, ...))? (no_dep(%x : T, ...))? (allow_early_resolve)?`, and the
/// task id result when the op is bound to one. Adds the operands (after
/// `leading` others) and their segment sizes.
static ParseResult parseTaskHints(OpAsmParser &parser, OperationState &result,
                                  ArrayRef<int32_t> leading) {
  Builder &builder = parser.getBuilder();
  Type taskType = TaskType::get(parser.getContext());
  SmallVector<OpAsmParser::UnresolvedOperand> deps;
  if (succeeded(parser.parseOptionalKeyword("deps")) &&
      (parser.parseOperandList(deps, OpAsmParser::Delimiter::Paren) ||
       parser.resolveOperands(deps, taskType, result.operands)))
    return failure();
  SmallVector<OpAsmParser::Argument> noDeps;
  if (succeeded(parser.parseOptionalKeyword("no_dep"))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseArgumentList(noDeps, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true))
      return failure();
    for (OpAsmParser::Argument &noDep : noDeps)
      if (parser.resolveOperand(noDep.ssaName, noDep.type, result.operands))
        return parser.emitError(loc, "bad 'no_dep' operand");
  }
  if (succeeded(parser.parseOptionalKeyword("allow_early_resolve")))
    result.addAttribute("allow_early_resolve", builder.getUnitAttr());
  SmallVector<int32_t> segments(leading);
  segments.push_back(deps.size());
  segments.push_back(noDeps.size());
  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr(segments));
  if (parser.getNumResults() == 1)
    result.addTypes(taskType);
  return success();
}

static void printTaskHints(OpAsmPrinter &printer, OperandRange deps,
                           OperandRange noDeps, bool allowEarlyResolve) {
  if (!deps.empty()) {
    printer << " deps(";
    printer.printOperands(deps);
    printer << ")";
  }
  if (!noDeps.empty()) {
    printer << " no_dep(";
    llvm::interleaveComma(noDeps, printer, [&](Value v) {
      printer.printOperand(v);
      printer << " : ";
      printer.printType(v.getType());
    });
    printer << ")";
  }
  if (allowEarlyResolve)
    printer << " allow_early_resolve";
}

static const StringRef kHintAttrs[] = {
    "level", "name", "blocks", "allow_early_resolve", "operandSegmentSizes"};

/// Task ids and manual scopes belong to the orchestration.
static LogicalResult verifyOrchestrationOnly(Operation *op) {
  if (isInKernel(op))
    return op->emitOpError("belongs to the orchestration, not inside a kernel");
  return success();
}

/// A `no_dep` tensor must be one the region uses, and named once.
static LogicalResult verifyNoDeps(Operation *op, Region &body,
                                  OperandRange noDeps) {
  llvm::SmallPtrSet<Value, 4> seen;
  for (Value noDep : noDeps) {
    if (!seen.insert(noDep).second)
      return op->emitOpError("names a tensor in 'no_dep' twice");
    bool used = llvm::any_of(noDep.getUses(), [&](OpOperand &use) {
      return body.isAncestor(use.getOwner()->getParentRegion());
    });
    if (!used)
      return op->emitOpError("'no_dep' names a tensor the region does not use");
  }
  return success();
}

ParseResult AtOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseLevelAndName(parser, result) || parseTaskHints(parser, result, {}))
    return failure();
  // `-> (T, ...)`: the region's results, after its task id when bound.
  SmallVector<Type> values;
  if (succeeded(parser.parseOptionalArrow()) &&
      (parser.parseLParen() || parser.parseTypeList(values) ||
       parser.parseRParen()))
    return failure();
  int32_t tasks = int32_t(parser.getNumResults()) - int32_t(values.size());
  if (tasks < 0 || tasks > 1)
    return parser.emitError(parser.getCurrentLocation(), "expected ")
           << values.size() << " or " << values.size() + 1
           << " results (the region's values, after its task id), got "
           << parser.getNumResults();
  result.types.clear();
  if (tasks)
    result.addTypes(TaskType::get(parser.getContext()));
  result.addTypes(values);
  result.addAttribute("resultSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {tasks, int32_t(values.size())}));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void AtOp::print(OpAsmPrinter &printer) {
  printLevelAndName(printer, getLevel(), getName());
  printTaskHints(printer, getDeps(), getNoDep(), getAllowEarlyResolve());
  if (!getValues().empty()) {
    printer << " -> (";
    llvm::interleaveComma(getValues().getTypes(), printer);
    printer << ")";
  }
  SmallVector<StringRef> elided(std::begin(kHintAttrs), std::end(kHintAttrs));
  elided.push_back("resultSegmentSizes");
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult AtOp::verify() {
  if (failed(verifyKernelName(*this, getName())) ||
      failed(verifyNoDeps(*this, getBody(), getNoDep())))
    return failure();
  // Results: yielded by a pypto.yield that ends the body, of static shape
  // (each becomes a tensor the orchestration creates).
  Block &body = getBody().front();
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!getValues().empty() && !yield)
    return emitOpError("has ")
           << getValues().size()
           << " results: end its body with a 'pypto.yield' of them";
  if (yield && yield.getValues().getTypes() != getValues().getTypes())
    return yield.emitOpError("yields ")
           << yield.getValues().size() << " values of types ("
           << yield.getValues().getTypes() << "), the region returns ("
           << getValues().getTypes() << ")";
  for (Value value : getValues())
    if (!cast<GMTensorType>(value.getType()).hasStaticShape())
      return emitOpError("returns a tensor of run-time shape (")
             << value.getType()
             << "); create the tensor before the region and assemble into it";
  WalkResult nested = getBody().walk([&](Operation *inner) {
    if (!isa<AtOp, SpmdOp>(inner))
      return WalkResult::advance();
    inner->emitOpError("cannot be nested in another 'pypto.at' region");
    return WalkResult::interrupt();
  });
  return failure(nested.wasInterrupted());
}

/// `world(N) (%rank) attr-dict {region}`: a region run once per rank, its
/// argument the rank.
ParseResult RanksOp::parse(OpAsmParser &parser, OperationState &result) {
  int64_t world;
  OpAsmParser::Argument rank;
  if (parser.parseKeyword("world") || parser.parseLParen() ||
      parser.parseInteger(world) || parser.parseRParen() ||
      parser.parseLParen() || parser.parseArgument(rank) ||
      parser.parseRParen())
    return failure();
  result.addAttribute("world", parser.getBuilder().getI64IntegerAttr(world));
  rank.type = parser.getBuilder().getIndexType();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return parser.parseRegion(*result.addRegion(), {rank});
}

// pypto.spmd core_group "name" blocks(16|%n) deps(...) (%b) { ... }
ParseResult SpmdOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseLevelAndName(parser, result) || parser.parseKeyword("blocks") ||
      parser.parseLParen())
    return failure();
  OpAsmParser::UnresolvedOperand count;
  OptionalParseResult parsedCount = parser.parseOptionalOperand(count);
  int32_t countOperands = 0;
  if (parsedCount.has_value()) {
    if (failed(*parsedCount) ||
        parser.resolveOperand(count, parser.getBuilder().getIndexType(),
                              result.operands))
      return failure();
    countOperands = 1;
  } else {
    int64_t blocks;
    if (parser.parseInteger(blocks))
      return failure();
    result.addAttribute("blocks",
                        parser.getBuilder().getI64IntegerAttr(blocks));
  }
  OpAsmParser::Argument index;
  if (parser.parseRParen() || parseTaskHints(parser, result, {countOperands}))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("sync_start")))
    result.addAttribute("sync_start", parser.getBuilder().getUnitAttr());
  if (parser.parseLParen() || parser.parseArgument(index) ||
      parser.parseRParen() ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  index.type = parser.getBuilder().getIndexType();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, {index}))
    return failure();
  if (body->empty())
    body->emplaceBlock().addArgument(index.type, result.location);
  return success();
}

void SpmdOp::print(OpAsmPrinter &printer) {
  printLevelAndName(printer, getLevel(), getName());
  printer << " blocks(";
  if (getBlockCount())
    printer.printOperand(getBlockCount());
  else
    printer << getBlocksAttr().getInt();
  printer << ")";
  printTaskHints(printer, getDeps(), getNoDep(), getAllowEarlyResolve());
  if (getSyncStart())
    printer << " sync_start";
  printer << " (";
  printer.printOperand(getBlockIndex());
  printer << ")";
  SmallVector<StringRef> elided(std::begin(kHintAttrs), std::end(kHintAttrs));
  elided.push_back("sync_start");
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

/// The launch spec counts blocks in an int32.
static LogicalResult verifyBlockCount(Operation *op, IntegerAttr blocks) {
  int64_t count = blocks.getInt();
  if (count < 1 || count > INT32_MAX)
    return op->emitOpError("needs 1..")
           << INT32_MAX << " blocks, got " << count;
  return success();
}

LogicalResult SpmdOp::verify() {
  if (failed(verifyKernelName(*this, getName())) ||
      failed(verifyNoDeps(*this, getBody(), getNoDep())))
    return failure();
  if (bool(getBlocksAttr()) == bool(getBlockCount()))
    return emitOpError("needs a block count: a constant or a value");
  if (getBlocksAttr() && failed(verifyBlockCount(*this, getBlocksAttr())))
    return failure();
  if (getBody().getNumArguments() != 1 ||
      !getBody().getArgument(0).getType().isIndex())
    return emitOpError("region takes the block index (index) as its only "
                       "argument");
  WalkResult nested = getBody().walk([&](Operation *op) {
    if (isa<AtOp, SpmdOp>(op)) {
      op->emitOpError("cannot be nested in a 'pypto.spmd' region");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(nested.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// The two AIV lanes
//===----------------------------------------------------------------------===//

// pypto.split_aiv up_down (%lane) attr-dict { ... }
ParseResult SplitAivOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef keyword;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<SplitMode> mode = symbolizeSplitMode(keyword);
  if (!mode)
    return parser.emitError(at, "expected a split mode (none, up_down or "
                                "left_right), got '")
           << keyword << "'";
  result.addAttribute("mode", SplitModeAttr::get(parser.getContext(), *mode));
  OpAsmParser::Argument lane;
  if (parser.parseLParen() || parser.parseArgument(lane) ||
      parser.parseRParen())
    return failure();
  lane.type = parser.getBuilder().getIndexType();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return parser.parseRegion(*result.addRegion(), {lane});
}

void SplitAivOp::print(OpAsmPrinter &printer) {
  printer << " " << stringifySplitMode(getMode()) << " (";
  printer.printOperand(getLane());
  printer << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(), {"mode"});
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult SplitAivOp::verify() {
  if (!isInKernel(*this))
    return emitOpError("is outside a kernel; it splits a kernel's vector "
                       "work between the two AIV lanes of a cluster");
  if ((*this)->getParentOfType<SplitAivOp>())
    return emitOpError("is nested in another 'pypto.split_aiv' region");
  if (getBody().getNumArguments() != 1 ||
      !getBody().getArgument(0).getType().isIndex())
    return emitOpError("expects one index block argument, the AIV lane");
  WalkResult walked = getBody().walk([&](Operation *op) {
    if (isa<AtOp, SpmdOp>(op)) {
      op->emitOpError("cannot be nested in a 'pypto.split_aiv' region");
      return WalkResult::interrupt();
    }
    if (isa<MatmulOp, MatmulAccOp, MatmulBiasOp, CreateL1Op, GatherRowOp>(op)) {
      op->emitOpError("is cube work inside a 'pypto.split_aiv' region, which "
                      "only the AIV lanes run; compute it before the region "
                      "and read it with pypto.aiv_shard");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult AivShardOp::verify() {
  auto region = dyn_cast_or_null<SplitAivOp>((*this)->getParentOp());
  if (!region)
    return emitOpError("must be directly in the body of a 'pypto.split_aiv' "
                       "region");
  if (region.getBody().isAncestor(getSource().getParentRegion()))
    return emitOpError("reads a value computed inside its region; it carries "
                       "a cube value from before the region");
  Type sourceType = getSource().getType(), resultType = getResult().getType();
  if (isa<TileType>(sourceType) != isa<TileType>(resultType))
    return emitOpError("takes and returns a tensor, or a tile, not one of "
                       "each");
  auto source = cast<ShapedType>(sourceType);
  auto result = cast<ShapedType>(resultType);
  if (source.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the source's "
           << source.getElementType();
  SplitMode mode = region.getMode();
  SmallVector<int64_t> expected(source.getShape());
  if (mode != SplitMode::none) {
    if (expected.size() != 2)
      return emitOpError("splits a rank-")
             << expected.size() << " value; reshape it to 2-D";
    unsigned axis = mode == SplitMode::up_down ? 0 : 1;
    if (ShapedType::isDynamic(expected[axis]) || expected[axis] % 2 != 0)
      return emitOpError("splits ")
             << expected[axis] << (axis == 0 ? " rows" : " columns")
             << " between the two AIV lanes; a split ("
             << stringifySplitMode(mode) << ") needs an even extent";
    expected[axis] /= 2;
  }
  if (result.getShape() != ArrayRef<int64_t>(expected)) {
    InFlightDiagnostic diag = emitOpError("result shape ");
    llvm::interleave(result.getShape(), diag, "x");
    diag << " is not ";
    if (mode == SplitMode::none)
      diag << "its operand's shape ";
    else
      diag << "the lane's half (" << stringifySplitMode(mode) << "), ";
    llvm::interleave(expected, diag, "x");
    return diag;
  }
  if (auto tile = dyn_cast<TileType>(sourceType))
    if (tile.getSpace() && *tile.getSpace() != MemorySpace::acc)
      return emitOpError("takes a tile in acc (a matmul result); this one is "
                         "in ")
             << stringifyMemorySpace(*tile.getSpace())
             << ": a vector value is already on the AIV lanes, slice it at "
                "the lane's offset instead";
  if (auto tile = dyn_cast<TileType>(resultType))
    if (tile.getSpace() && *tile.getSpace() != MemorySpace::vec)
      return emitOpError("result must be a vec tile, not ")
             << stringifyMemorySpace(*tile.getSpace());
  return success();
}

LogicalResult SyncAllOp::verify() {
  if (!isInKernel(*this))
    return emitOpError("is outside a kernel; it is a barrier of a kernel's "
                       "blocks");
  if ((*this)->getParentOfType<SplitAivOp>())
    return emitOpError("is in a 'pypto.split_aiv' region; a barrier is the "
                       "whole kernel's (the AIC takes part too): put it "
                       "between regions");
  if ((*this)->getParentOfType<AtOp>())
    return emitOpError("is in a 'pypto.at' kernel, which runs one block; a "
                       "barrier of all cores needs 'pypto.spmd ... "
                       "sync_start'");
  auto spmd = (*this)->getParentOfType<SpmdOp>();
  if (spmd && !spmd.getSyncStart())
    return emitOpError("waits for every block of its task, so its "
                       "'pypto.spmd' must start them together: add "
                       "sync_start");
  return success();
}

/// The launch-shape queries are the orchestration's.
static LogicalResult verifyLaunchShapeQuery(Operation *op) {
  if (isInKernel(op))
    return op->emitOpError("is in a kernel; the launch shape is the "
                           "orchestration's");
  return success();
}

LogicalResult AvailableClusterCountOp::verify() {
  return verifyLaunchShapeQuery(*this);
}

LogicalResult AvailableAivCountOp::verify() {
  return verifyLaunchShapeQuery(*this);
}

LogicalResult GetSubblockIdxOp::verify() {
  if (!isInKernel(*this))
    return emitOpError("is outside a kernel; the AIV lane is a kernel's");
  return success();
}

void RanksOp::print(OpAsmPrinter &printer) {
  printer << " world(" << getWorldAttr().getInt() << ") (";
  printer.printOperand(getRank());
  printer << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(), {"world"});
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

/// The simulators model up to 64 chips (simpler's CommContext holds 64).
static constexpr int64_t kMaxRanks = 64;

LogicalResult RanksOp::verify() {
  int64_t world = getWorldAttr().getInt();
  if (world < 1 || world > kMaxRanks)
    return emitOpError("world must be 1..")
           << kMaxRanks << " ranks, got " << world;
  if (getBody().getNumArguments() != 1 ||
      !getBody().getArgument(0).getType().isIndex())
    return emitOpError("region takes the rank (index) as its only argument");
  if ((*this)->getParentOfType<AtOp>() || (*this)->getParentOfType<SpmdOp>() ||
      (*this)->getParentOfType<RanksOp>())
    return emitOpError("must be in the orchestration, outside kernels and "
                       "other 'pypto.ranks' regions");
  auto func = dyn_cast_or_null<FunctionOpInterface>((*this)->getParentOp());
  if (!func)
    return emitOpError("runs once per chip: it belongs directly in the "
                       "function's body, not in a loop or branch");
  unsigned count = 0;
  func->walk([&](RanksOp) { ++count; });
  if (count > 1)
    return emitOpError("a program has at most one 'pypto.ranks' region");
  // Every rank runs the whole orchestration: a kernel outside the region
  // would run once per rank on the shared tensors.
  WalkResult outside = func->walk([&](Operation *op) {
    if (!isa<AtOp, SpmdOp, CallOp>(op) || (*this)->isAncestor(op))
      return WalkResult::advance();
    op->emitOpError("is outside 'pypto.ranks' in a multi-card program, so "
                    "every rank would run it on the shared tensors; move it "
                    "into the region");
    return WalkResult::interrupt();
  });
  if (outside.wasInterrupted())
    return failure();
  // A peer's copy exists only of window buffers.
  WalkResult notWindow = getBody().walk([&](Operation *op) {
    Value tensor;
    StringRef what;
    if (auto load = dyn_cast<RemoteLoadOp>(op))
      tensor = load.getSource(), what = "reads a peer's copy of";
    else if (auto load = dyn_cast<LoadOp>(op); load && load.getPeer())
      tensor = load.getSource(), what = "reads a peer's copy of";
    else if (auto store = dyn_cast<RemoteStoreOp>(op))
      tensor = store.getDest(), what = "writes a peer's copy of";
    else if (auto put = dyn_cast<PutOp>(op))
      tensor = put.getDest(), what = "writes a peer's copy of";
    else if (auto get = dyn_cast<GetOp>(op))
      tensor = get.getSource(), what = "reads a peer's copy of";
    else if (auto store = dyn_cast<StoreOp>(op); store && store.getPeer())
      tensor = store.getDest(), what = "writes a peer's copy of";
    else if (auto notify = dyn_cast<NotifyOp>(op))
      tensor = notify.getSignal(), what = "signals a peer's copy of";
    else if (auto wait = dyn_cast<WaitOp>(op))
      tensor = wait.getSignal(), what = "waits on";
    else
      return WalkResult::advance();
    if (isWindowBuffer(tensor))
      return WalkResult::advance();
    op->emitOpError(what) << " a tensor that is not in the communication "
                             "window; use a 'pypto.alloc_window' buffer or a "
                             "slice of one";
    return WalkResult::interrupt();
  });
  return failure(notWindow.wasInterrupted());
}

LogicalResult AllocWindowOp::verify() {
  if (!cast<GMTensorType>(getType()).hasStaticShape())
    return emitOpError("needs a static shape: every rank's window has one "
                       "size");
  if ((*this)->getParentOfType<AtOp>() || (*this)->getParentOfType<SpmdOp>() ||
      (*this)->getParentOfType<RanksOp>())
    return emitOpError("allocates a buffer of every rank: it belongs outside "
                       "'pypto.ranks' and kernels");
  // Allocated and zeroed once, before the run.
  auto func = dyn_cast_or_null<FunctionOpInterface>((*this)->getParentOp());
  if (!func)
    return emitOpError("is allocated once per run: it belongs directly in "
                       "the function's body, not in a loop or branch");
  bool ranks = false;
  func->walk([&](RanksOp) { ranks = true; });
  if (!ranks)
    return emitOpError("needs the ranks that share it: a 'pypto.ranks' "
                       "region in the same function");
  return success();
}

/// Ops that only a kernel runs.
static LogicalResult verifyInKernel(Operation *op) {
  if (!isInKernel(op))
    return op->emitOpError("runs in a kernel: put it in a 'pypto.at' or "
                           "'pypto.spmd' region");
  return success();
}

/// A constant peer must be a rank of the world: of the enclosing
/// `pypto.ranks`, or at most the simulators' 64 in an outlined kernel.
static LogicalResult verifyPeer(Operation *op, Value peer) {
  APInt value;
  if (!peer || !matchPattern(peer, m_ConstantInt(&value)))
    return success();
  int64_t world = kMaxRanks;
  if (auto ranks = op->getParentOfType<RanksOp>())
    world = ranks.getWorldAttr().getInt();
  int64_t p = value.getSExtValue();
  if (p < 0 || p >= world)
    return op->emitOpError("peer ")
           << p << " is not a rank of the world (0.." << world - 1 << ")";
  return success();
}

LogicalResult RemoteLoadOp::verify() {
  GMTensorType source = getSource().getType();
  GMTensorType result = getResult().getType();
  if (result.getShape() != getSizes() ||
      result.getElementType() != source.getElementType())
    return emitOpError("result type must be the window: ") << GMTensorType::get(
               getContext(), getSizes(), source.getElementType());
  if (failed(verifyWindow(*this, getSizes(), source.getShape(), getOffsets(),
                          "source tensor")))
    return failure();
  if (failed(verifyPeer(*this, getPeer())))
    return failure();
  return verifyInKernel(*this);
}

static LogicalResult verifyAtomicAdd(Operation *op, Type element);

LogicalResult RemoteStoreOp::verify() {
  GMTensorType value = getValue().getType();
  GMTensorType dest = getDest().getType();
  if (value.getElementType() != dest.getElementType())
    return emitOpError("value element type ")
           << value.getElementType() << " differs from the window's "
           << dest.getElementType();
  if (getAtomicAdd() && failed(verifyAtomicAdd(*this, value.getElementType())))
    return failure();
  if (failed(verifyWindow(*this, value.getShape(), dest.getShape(),
                          getOffsets(), "destination window")))
    return failure();
  if (failed(verifyPeer(*this, getPeer())))
    return failure();
  return verifyInKernel(*this);
}

/// The staging tile of a put or get: `chunk` (at most the static sizes), or
/// the static sizes.
static SmallVector<int64_t>
stagingShape(ArrayRef<int64_t> staticSizes,
             std::optional<ArrayRef<int64_t>> chunk) {
  SmallVector<int64_t> shape(staticSizes);
  if (chunk)
    for (auto [size, limit] : llvm::zip(shape, *chunk))
      size = ShapedType::isDynamic(size) ? limit : std::min(size, limit);
  return shape;
}

SmallVector<int64_t> PutOp::getStagingShape() {
  return stagingShape(getStaticSizes(), getChunk());
}

SmallVector<int64_t> GetOp::getStagingShape() {
  return stagingShape(getStaticSizes(), getChunk());
}

/// A put or get: a 2-D window copied between a tensor and a peer's copy of
/// a window, through a staging tile.
static LogicalResult
verifyPeerCopy(Operation *op, GMTensorType source, ValueRange sourceOffsets,
               GMTensorType dest, ValueRange destOffsets,
               ArrayRef<int64_t> sizes, std::optional<ArrayRef<int64_t>> chunk,
               Value peer, StringRef sourceName, StringRef destName,
               StringRef sourceWindow, StringRef destWindow) {
  for (auto [tensor, what] : {std::pair(source, sourceName), {dest, destName}})
    if (tensor.getShape().size() != 2)
      return op->emitOpError("copies between 2-D tensors; the ")
             << what << " has rank " << tensor.getShape().size()
             << " (reshape it to 2-D)";
  if (source.getElementType() != dest.getElementType())
    return op->emitOpError() << sourceName << " element type "
                             << source.getElementType() << " differs from the "
                             << destName << "'s " << dest.getElementType();
  if (sizes.size() != 2)
    return op->emitOpError("expected 2 sizes (rows, columns), got ")
           << sizes.size();
  if (llvm::any_of(
          sizes, [](int64_t d) { return d < 0 && !ShapedType::isDynamic(d); }))
    return op->emitOpError("sizes must not be negative");
  if (chunk) {
    if (chunk->size() != 2 ||
        llvm::any_of(*chunk, [](int64_t d) { return d <= 0; }))
      return op->emitOpError("chunk must be 2 positive extents (rows, "
                             "columns) of the staging tile");
  } else if (llvm::any_of(sizes, ShapedType::isDynamic)) {
    return op->emitOpError("copies a run-time number of rows or columns, "
                           "which needs `chunk [R, C]`: the staging tile's "
                           "static shape");
  }
  if (failed(verifyWindow(op, sizes, source.getShape(), sourceOffsets,
                          sourceWindow)) ||
      failed(verifyWindow(op, sizes, dest.getShape(), destOffsets, destWindow)))
    return failure();
  if (failed(verifyPeer(op, peer)))
    return failure();
  return verifyInKernel(op);
}

LogicalResult PutOp::verify() {
  if (getAtomicAdd() &&
      failed(verifyAtomicAdd(*this, getDest().getType().getElementType())))
    return failure();
  return verifyPeerCopy(*this, getSource().getType(), getSourceOffsets(),
                        getDest().getType(), getDestOffsets(), getStaticSizes(),
                        getChunk(), getPeer(), "source", "window",
                        "source tensor", "destination window");
}

LogicalResult GetOp::verify() {
  return verifyPeerCopy(*this, getSource().getType(), getSourceOffsets(),
                        getDest().getType(), getDestOffsets(), getStaticSizes(),
                        getChunk(), getPeer(), "window", "destination",
                        "source window", "destination tensor");
}

/// The element a notify or wait addresses: one index per dimension of an
/// i32 tensor.
static LogicalResult verifySignal(Operation *op, GMTensorType signal,
                                  ValueRange indices) {
  if (!signal.getElementType().isInteger(32))
    return op->emitOpError("signal must be an i32 tensor, got ")
           << signal.getElementType() << " elements";
  SmallVector<int64_t> one(signal.getShape().size(), 1);
  if (failed(
          verifyWindow(op, one, signal.getShape(), indices, "signal tensor")))
    return failure();
  return verifyInKernel(op);
}

LogicalResult NotifyOp::verify() {
  if (failed(verifyPeer(*this, getPeer())))
    return failure();
  return verifySignal(*this, getSignal().getType(), getIndices());
}

LogicalResult WaitOp::verify() {
  return verifySignal(*this, getSignal().getType(), getIndices());
}

LogicalResult CallOp::verify() {
  if (getBlocksAttr() && failed(verifyBlockCount(*this, getBlocksAttr())))
    return failure();
  if (std::optional<ArrayRef<int64_t>> noDeps = getNoDepArgs())
    for (int64_t index : *noDeps)
      if (index < 0 || index >= int64_t(getArgs().size()) ||
          !isa<GMTensorType>(getArgs()[index].getType()))
        return emitOpError("'no_dep_args' entry ")
               << index << " is not the index of a tensor argument";
  std::optional<ArrayAttr> directions = getArgDirections();
  if (!directions)
    return success();
  if (directions->size() != getArgs().size())
    return emitOpError("has ")
           << directions->size() << " argument directions for "
           << getArgs().size() << " arguments";
  for (auto [arg, direction] : llvm::zip(getArgs(), *directions)) {
    StringRef value = cast<StringAttr>(direction).getValue();
    bool tensor = isa<GMTensorType>(arg.getType());
    if (tensor ? (value != "in" && value != "out" && value != "inout" &&
                  value != "nodep")
               : value != "scalar")
      return emitOpError("direction '")
             << value << "' does not fit an argument of type " << arg.getType();
  }
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee() << "' does not name a function";
  // The block index of an SPMD kernel and the CommContext of a multi-card
  // kernel come from the runtime.
  unsigned expected = 0;
  bool spmdKernel = false;
  for (unsigned i = 0, e = callee.getNumArguments(); i < e; ++i) {
    bool blockIndex = callee.getArgAttr(i, attr::kSpmd) != nullptr;
    spmdKernel |= blockIndex;
    if (!blockIndex && !callee.getArgAttr(i, attr::kCommCtx))
      ++expected;
  }
  if (expected != getArgs().size())
    return emitOpError("'") << getCallee() << "' takes " << expected
                            << " arguments, got " << getArgs().size();
  // Until the kernel is lowered to PTO its parameters have the argument
  // types: a tensor of another shape would be read past its end.
  unsigned argIndex = 0;
  for (unsigned i = 0, e = callee.getNumArguments(); i < e; ++i) {
    if (callee.getArgAttr(i, attr::kSpmd) ||
        callee.getArgAttr(i, attr::kCommCtx))
      continue;
    Type param = callee.getArgumentTypes()[i];
    Type arg = getArgs()[argIndex++].getType();
    bool comparable = isa<GMTensorType>(param) || param.isIntOrIndexOrFloat();
    if (comparable && param != arg)
      return emitOpError("argument ")
             << argIndex - 1 << " has type " << arg << ", but '" << getCallee()
             << "' takes " << param;
  }
  if (getBlocks() && getBlockCount())
    return emitOpError("has both a constant and a run-time block count");
  bool counted = getBlocks() || getBlockCount();
  if (spmdKernel != counted)
    return emitOpError(spmdKernel ? "calls an SPMD kernel without 'blocks'"
                                  : "has 'blocks' but '")
           << (spmdKernel ? "" : getCallee().str() + "' is not an SPMD kernel");
  // A barrier waits for every block: they must all start at once.
  SmallVector<func::FuncOp> bodies{callee};
  for (StringRef part : {attr::kAicPart, attr::kAivPart})
    if (auto ref = callee->getAttrOfType<FlatSymbolRefAttr>(part))
      if (auto fn =
              symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, ref))
        bodies.push_back(fn);
  bool barrier = llvm::any_of(bodies, [](func::FuncOp fn) {
    return fn.walk([](SyncAllOp) { return WalkResult::interrupt(); })
        .wasInterrupted();
  });
  if (barrier && (!counted || !getSyncStart()))
    return emitOpError("calls '")
           << getCallee()
           << "', whose pypto.syncall waits for every block of the task: "
              "the call needs a block count and sync_start";
  return success();
}

/// A slice's result type: the sizes, of the source's element type. Written
/// `-> T` (accepted, checked by the verifier) or not at all.
static ParseResult parseSliceResult(OpAsmParser &parser, Type source,
                                    DenseI64ArrayAttr sizes, Type &result) {
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(result);
  auto tensor = dyn_cast<GMTensorType>(source);
  if (!tensor)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a !pypto.tensor source");
  result = GMTensorType::get(parser.getContext(), sizes.asArrayRef(),
                             tensor.getElementType());
  return success();
}

static void printSliceResult(OpAsmPrinter &printer, SliceOp, Type source,
                             DenseI64ArrayAttr sizes, Type result) {
  auto tensor = cast<GMTensorType>(source);
  if (result != GMTensorType::get(source.getContext(), sizes.asArrayRef(),
                                  tensor.getElementType())) {
    printer << " -> ";
    printer.printType(result);
  }
}

/// A reduction's result type: the source's with the last dimension 1 (a
/// row reduction) or every other dimension 1 (a column reduction, of the
/// 2-D form); null for a source that is not a ranked shaped type.
static Type reducedType(Type source, bool row) {
  auto shaped = dyn_cast<ShapedType>(source);
  if (!shaped || !shaped.hasRank() || shaped.getRank() == 0)
    return Type();
  SmallVector<int64_t> shape(shaped.getShape());
  if (row)
    shape.back() = 1;
  else
    std::fill(shape.begin(), shape.end() - 1, 1);
  return shaped.cloneWith(shape, shaped.getElementType());
}

/// A result type that follows from the source: `-> T` is parsed where it
/// is written, else `inferred` (null: it cannot be, and `what` says of
/// what), and printed only where it differs.
static ParseResult parseInferredResult(OpAsmParser &parser, Type source,
                                       Type inferred, Type &result,
                                       StringRef what) {
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(result);
  result = inferred;
  if (!result)
    return parser.emitError(parser.getNameLoc(), "cannot infer the result "
                                                 "type of ")
           << what << " of " << source << ": write it as `-> T`";
  return success();
}

static void printInferredResult(OpAsmPrinter &printer, Type inferred,
                                Type result) {
  if (result != inferred) {
    printer << " -> ";
    printer.printType(result);
  }
}

static ParseResult parseRowReduced(OpAsmParser &parser, Type source,
                                   Type &result) {
  return parseInferredResult(parser, source, reducedType(source, /*row=*/true),
                             result, "a reduction");
}
static void printRowReduced(OpAsmPrinter &printer, Operation *, Type source,
                            Type result) {
  printInferredResult(printer, reducedType(source, /*row=*/true), result);
}
static ParseResult parseColReduced(OpAsmParser &parser, Type source,
                                   Type &result) {
  return parseInferredResult(parser, source, reducedType(source, /*row=*/false),
                             result, "a reduction");
}
static void printColReduced(OpAsmPrinter &printer, Operation *, Type source,
                            Type result) {
  printInferredResult(printer, reducedType(source, /*row=*/false), result);
}

/// fillpad's result is its source's type.
static ParseResult parseSameAsSource(OpAsmParser &parser, Type source,
                                     Type &result) {
  return parseInferredResult(parser, source, source, result, "the op");
}
static void printSameAsSource(OpAsmPrinter &printer, Operation *, Type source,
                              Type result) {
  printInferredResult(printer, source, result);
}

/// A transpose's result: the 2-D source's dimensions swapped.
static Type transposedType(Type source) {
  auto shaped = dyn_cast<ShapedType>(source);
  if (!shaped || !shaped.hasRank() || shaped.getRank() != 2)
    return Type();
  return shaped.cloneWith(
      SmallVector<int64_t>{shaped.getDimSize(1), shaped.getDimSize(0)},
      shaped.getElementType());
}
static ParseResult parseTransposed(OpAsmParser &parser, Type source,
                                   Type &result) {
  return parseInferredResult(parser, source, transposedType(source), result,
                             "a transpose");
}
static void printTransposed(OpAsmPrinter &printer, Operation *, Type source,
                            Type result) {
  printInferredResult(printer, transposedType(source), result);
}

LogicalResult SliceOp::verify() {
  GMTensorType source = getSource().getType();
  GMTensorType result = getResult().getType();
  if (getSizes() != result.getShape())
    return emitOpError("result shape must equal the sizes");
  if (source.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the source's "
           << source.getElementType();
  return verifyWindow(*this, getSizes(), source.getShape(), getOffsets(),
                      "source tensor", getValid());
}

/// The element types an atomic add of a tile to global memory has
/// (pypto's `assemble(atomic=Add)`).
static LogicalResult verifyAtomicAdd(Operation *op, Type element) {
  if (element.isF32() || element.isF16() || element.isBF16() ||
      element.isSignlessInteger(32) || element.isSignlessInteger(16) ||
      element.isSignlessInteger(8))
    return success();
  return op->emitOpError("adds f32, f16, bf16, i32, i16 or i8 atomically, not ")
         << element;
}

LogicalResult AssembleOp::verify() {
  auto value = cast<ShapedType>(getValue().getType());
  GMTensorType dest = getDest().getType();
  if (value.getElementType() != dest.getElementType())
    return emitOpError("value element type ")
           << value.getElementType() << " differs from the destination's "
           << dest.getElementType();
  if (auto slice = getDest().getDefiningOp<SliceOp>();
      slice && !slice.getValid().empty())
    return emitOpError("writes into a slice with a valid shape, which is "
                       "read-only; give the valid shape on the assemble");
  if (getAtomicAdd() && failed(verifyAtomicAdd(*this, value.getElementType())))
    return failure();
  if (getAtomicAdd() && !isInKernel(*this))
    return emitOpError("adds atomically only in a kernel (pypto.at or "
                       "pypto.spmd): it adds a task's tile to global memory");
  return verifyWindow(*this, value.getShape(), dest.getShape(), getOffsets(),
                      "destination tensor", getValid());
}

/// The window of a load or store, checked against its tile: `window` is
/// required for a tensor of rank other than 2 and its 2-D form is the tile
/// (`transposed`: the tile is that form transposed, and the leading
/// dimensions are 1).
static FailureOr<SmallVector<int64_t>>
verifyTileWindow(Operation *op, GMTensorType tensor, TileType tile,
                 std::optional<ArrayRef<int64_t>> window, bool transposed) {
  SmallVector<int64_t> tileShape(tile.getShape());
  if (transposed)
    std::reverse(tileShape.begin(), tileShape.end());
  if (!window) {
    if (tensor.getShape().size() != 2) {
      op->emitOpError("needs `window [...]`: the shape of the window of the "
                      "rank-")
          << tensor.getShape().size() << " tensor";
      return failure();
    }
    return tileShape;
  }
  SmallVector<int64_t> shape(*window);
  if (llvm::any_of(shape, [](int64_t d) { return d < 0; })) {
    op->emitOpError("window sizes must not be negative");
    return failure();
  }
  if (transposed && !hasUnitLeadingDims(shape)) {
    op->emitOpError("reads a window transposed, which needs its dimensions "
                    "before the last two to be 1");
    return failure();
  }
  SmallVector<int64_t, 2> flat = flattenTo2D(shape);
  if (ArrayRef<int64_t>(flat) != ArrayRef<int64_t>(tileShape)) {
    op->emitOpError("tile ")
        << tile.getShape()[0] << "x" << tile.getShape()[1]
        << " is not the 2-D form " << flat[0] << "x" << flat[1]
        << (transposed ? " (transposed)" : "") << " of the window";
    return failure();
  }
  return shape;
}

SmallVector<int64_t> LoadOp::getWindowShape() {
  if (std::optional<ArrayRef<int64_t>> window = getWindow())
    return SmallVector<int64_t>(*window);
  SmallVector<int64_t> shape(getResult().getType().getShape());
  if (getTranspose())
    std::reverse(shape.begin(), shape.end());
  return shape;
}

SmallVector<int64_t> StoreOp::getWindowShape() {
  if (std::optional<ArrayRef<int64_t>> window = getWindow())
    return SmallVector<int64_t>(*window);
  return SmallVector<int64_t>(getValue().getType().getShape());
}

LogicalResult LoadOp::verify() {
  GMTensorType source = getSource().getType();
  TileType tile = getResult().getType();
  if (source.getElementType() != tile.getElementType())
    return emitOpError("tile element type ")
           << tile.getElementType() << " differs from the tensor's "
           << source.getElementType();
  FailureOr<SmallVector<int64_t>> window =
      verifyTileWindow(*this, source, tile, getWindow(), getTranspose());
  if (failed(window))
    return failure();
  if (getPeer() && getTranspose())
    return emitOpError("cannot read a peer's window transposed");
  if (failed(verifyPeer(*this, getPeer())))
    return failure();
  return verifyWindow(*this, *window, source.getShape(), getOffsets(),
                      "source tensor", getValid(), /*validOfTile=*/true);
}

LogicalResult StoreOp::verify() {
  GMTensorType dest = getDest().getType();
  TileType tile = getValue().getType();
  bool accConversion = tile.getSpace() == MemorySpace::acc;
  if (tile.getElementType() != dest.getElementType() && !accConversion)
    return emitOpError("tile element type ")
           << tile.getElementType() << " differs from the tensor's "
           << dest.getElementType();
  FailureOr<SmallVector<int64_t>> window =
      verifyTileWindow(*this, dest, tile, getWindow(), /*transposed=*/false);
  if (failed(window))
    return failure();
  if (getAtomicAdd() && failed(verifyAtomicAdd(*this, dest.getElementType())))
    return failure();
  if (failed(verifyPeer(*this, getPeer())))
    return failure();
  return verifyWindow(*this, *window, dest.getShape(), getOffsets(),
                      "destination tensor", getValid(), /*validOfTile=*/true);
}

LogicalResult ExtractOp::verify() {
  TileType source = getSource().getType();
  TileType result = getResult().getType();
  if (source.getElementType() != result.getElementType())
    return emitOpError("cannot change the element type");
  return verifyWindow(*this, result.getShape(), source.getShape(),
                      ValueRange{getRow(), getCol()}, "source tile");
}

LogicalResult ReinterpretViewOp::verify() {
  auto source = cast<GMTensorType>(getSource().getType());
  auto result = cast<GMTensorType>(getResult().getType());
  auto bytes = [](Type element) {
    return (element.getIntOrFloatBitWidth() + 7) / 8;
  };
  int64_t from = bytes(source.getElementType());
  int64_t to = bytes(result.getElementType());
  if (source.getElementType() == result.getElementType())
    return emitOpError("keeps the element type ")
           << source.getElementType() << "; a reshape is pypto.reshape";
  ArrayRef<int64_t> a = source.getShape(), b = result.getShape();
  if (source.hasStaticShape() && result.hasStaticShape()) {
    if (source.getNumElements() * from != result.getNumElements() * to)
      return emitOpError("views ")
             << source.getNumElements() * from << " bytes as "
             << result.getNumElements() * to << "; the bytes must be the same";
    return success();
  }
  if (a.size() != b.size() || a.drop_back() != b.drop_back() ||
      ShapedType::isDynamic(a.back()) || ShapedType::isDynamic(b.back()) ||
      a.back() * from != b.back() * to)
    return emitOpError("with run-time sizes keeps every dimension but the "
                       "last, whose bytes must be the same; got ")
           << source << " -> " << result;
  return success();
}

LogicalResult InsertTileOp::verify() {
  TileType source = getSource().getType();
  TileType dest = getDest().getType();
  if (source.getElementType() != dest.getElementType())
    return emitOpError("cannot change the element type");
  if (source.getSpace() != dest.getSpace())
    return emitOpError("takes a tile of the destination's memory space");
  return verifyWindow(*this, source.getShape(), dest.getShape(),
                      ValueRange{getRow(), getCol()}, "destination tile");
}

LogicalResult MoveOp::verify() {
  TileType source = getSource().getType();
  TileType result = getResult().getType();
  if (source.getShape() != result.getShape())
    return emitOpError("cannot change the tile shape");
  if (source.getElementType() != result.getElementType())
    return emitOpError("cannot change the element type");
  // Only the cube unit writes the accumulator (pypto.matmul).
  if (result.getSpace() == MemorySpace::acc)
    return emitOpError("cannot move into acc: only pypto.matmul and "
                       "pypto.matmul_acc write the accumulator");
  return success();
}

/// `indices` name one element of `shaped`: one per dimension, and constant
/// ones inside it. `what` is the element's type as the op has it.
static LogicalResult verifyElementAccess(Operation *op, ShapedType shaped,
                                         OperandRange indices, Type what,
                                         StringRef role) {
  ArrayRef<int64_t> shape = shaped.getShape();
  if (indices.size() != shape.size())
    return op->emitOpError("needs ")
           << shape.size() << " indices for a rank-" << shape.size()
           << " tensor, got " << indices.size();
  if (what != shaped.getElementType())
    return op->emitOpError(role)
           << " type " << what << " differs from the element type "
           << shaped.getElementType();
  for (auto [dim, index] : llvm::enumerate(indices)) {
    APInt constant;
    if (matchPattern(index, m_ConstantInt(&constant)) &&
        (constant.isNegative() || (!ShapedType::isDynamic(shape[dim]) &&
                                   constant.getSExtValue() >= shape[dim])))
      return op->emitOpError("index ")
             << constant.getSExtValue() << " is outside dimension " << dim
             << " of size " << shape[dim];
  }
  return success();
}

LogicalResult ReadOp::verify() {
  return verifyElementAccess(*this, cast<ShapedType>(getSource().getType()),
                             getIndices(), getResult().getType(), "result");
}

LogicalResult WriteOp::verify() {
  return verifyElementAccess(*this, getDest().getType(), getIndices(),
                             getValue().getType(), "value");
}

LogicalResult InsertOp::verify() {
  if (failed(verifyElementAccess(*this, cast<ShapedType>(getDest().getType()),
                                 getIndices(), getValue().getType(), "value")))
    return failure();
  if (!isInKernel(*this))
    return emitOpError("replaces an element outside a kernel; in the "
                       "orchestration pypto.write writes the tensor in place");
  auto tile = dyn_cast<TileType>(getDest().getType());
  if (tile && tile.getSpace() && *tile.getSpace() != MemorySpace::vec)
    return emitOpError("replaces an element of a tile in ")
           << stringifyMemorySpace(*tile.getSpace())
           << "; the scalar unit writes vec tiles only";
  return success();
}

//===----------------------------------------------------------------------===//
// L1 accumulators
//===----------------------------------------------------------------------===//

/// The element types the cube reads from L1 (pypto's gather_row list).
static bool isL1ElementType(Type element) {
  return element.isF32() || element.isF16() || element.isBF16() ||
         element.isInteger(8);
}

/// An L1 accumulator: a rank-2 tensor, or a tile in mat (or not placed
/// yet), of an element type the cube reads.
static LogicalResult verifyL1Accumulator(Operation *op, Type type) {
  auto shaped = cast<ShapedType>(type);
  if (shaped.getRank() != 2 || !shaped.hasStaticShape())
    return op->emitOpError("needs a static 2-D accumulator, got ") << type;
  if (!isL1ElementType(shaped.getElementType()))
    return op->emitOpError("needs f32, f16, bf16 or i8 elements, got ")
           << shaped.getElementType();
  auto tile = dyn_cast<TileType>(type);
  if (tile && tile.getSpace() && *tile.getSpace() != MemorySpace::mat)
    return op->emitOpError("needs an accumulator in mat, not ")
           << stringifyMemorySpace(*tile.getSpace());
  if (!isInKernel(op))
    return op->emitOpError("is outside a kernel; L1 accumulators live in a "
                           "kernel (pypto.at or an InCore function)");
  return success();
}

LogicalResult CreateL1Op::verify() {
  return verifyL1Accumulator(*this, getType());
}

LogicalResult GatherRowOp::verify() {
  if (failed(verifyL1Accumulator(*this, getAcc().getType())))
    return failure();
  auto source = cast<GMTensorType>(getSource().getType());
  auto acc = cast<ShapedType>(getAcc().getType());
  if (source.getElementType() != acc.getElementType())
    return emitOpError("copies ")
           << source.getElementType() << " rows into an accumulator of "
           << acc.getElementType();
  if (source.getShape().size() != 2)
    return emitOpError("reads rows of a rank-")
           << source.getShape().size()
           << " tensor; give its 2-D form (pypto.reshape)";
  if (getSourceOffsets().size() != 2 || getOffsets().size() != 2)
    return emitOpError("takes 2 source and 2 accumulator offsets, got ")
           << getSourceOffsets().size() << " and " << getOffsets().size();
  ArrayRef<int64_t> sizes = getSizes();
  if (sizes.size() != 2 || sizes[0] < 1 || sizes[1] < 1)
    return emitOpError("needs 2 positive sizes");
  if (sizes[0] > acc.getShape()[0] || sizes[1] > acc.getShape()[1])
    return emitOpError("sizes [")
           << sizes[0] << ", " << sizes[1] << "] exceed the "
           << acc.getShape()[0] << "x" << acc.getShape()[1] << " accumulator";
  if (!getValid().empty() && getValid().size() != 2)
    return emitOpError("takes 2 valid extents (rows, columns), got ")
           << getValid().size();
  SmallVector<int64_t> extent(sizes);
  for (auto [d, valid] : llvm::enumerate(getValid())) {
    APInt constant;
    if (!matchPattern(valid, m_ConstantInt(&constant)))
      continue;
    if (constant.getSExtValue() < 0 || constant.getSExtValue() > sizes[d])
      return emitOpError("valid extent ")
             << constant.getSExtValue() << " in dimension " << d
             << " is outside [0, " << sizes[d] << "]";
    extent[d] = constant.getSExtValue();
  }
  // Rows go whole-width from column 0: an NZ row is spread over every
  // column block, and a window of it starting at another column is not a
  // tile ptoas 0.27 can name.
  if (!matchPattern(getOffsets()[1], m_Zero()))
    return emitOpError("writes at a column offset other than 0; rows are "
                       "gathered into the accumulator's columns from 0");
  APInt row;
  if (matchPattern(getOffsets()[0], m_ConstantInt(&row)) &&
      (row.getSExtValue() < 0 ||
       row.getSExtValue() + extent[0] > acc.getShape()[0]))
    return emitOpError("rows [")
           << row.getSExtValue() << ", " << row.getSExtValue() + extent[0]
           << ") are outside the " << acc.getShape()[0] << "-row accumulator";
  return success();
}

LogicalResult TransposeViewOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (source.getShape().size() != 2 ||
      result.getShape() !=
          ArrayRef<int64_t>{source.getShape()[1], source.getShape()[0]} ||
      source.getElementType() != result.getElementType())
    return emitOpError("result must be the transpose of ")
           << source << ", got " << result;
  if (source.getSpace() != result.getSpace())
    return emitOpError("changes the memory space; a view keeps its buffer");
  if (source.getSpace() && *source.getSpace() != MemorySpace::mat)
    return emitOpError("views a tile in ")
           << stringifyMemorySpace(*source.getSpace())
           << "; only mat tiles are seen transposed (pypto.transpose copies "
              "a vec tile)";
  return success();
}

//===----------------------------------------------------------------------===//
// Cross-core pipes
//===----------------------------------------------------------------------===//

/// A pipe op of one side must not sit in the other side's part.
static LogicalResult verifyPipeSide(Operation *op, StringRef side) {
  auto func = op->getParentOfType<func::FuncOp>();
  StringRef kindName = func ? getFunctionKind(func) : "";
  if ((kindName == kind::kAIC || kindName == kind::kAIV) && kindName != side)
    return op->emitOpError("belongs in the ")
           << (side == kind::kAIC ? "AIC" : "AIV") << " part of a kernel, not '"
           << func.getSymName() << "' (" << kindName << ")";
  return success();
}

/// `allowed` spaces for a pipe tile; a tile without a space is not placed
/// yet and passes.
static LogicalResult verifyPipeTile(Operation *op, TileType type,
                                    ArrayRef<MemorySpace> allowed,
                                    StringRef what) {
  if (type.getSpace() && !llvm::is_contained(allowed, *type.getSpace()))
    return op->emitOpError(what)
           << " must be in " << stringifyMemorySpace(allowed.front())
           << (allowed.size() > 1 ? " or " : "")
           << (allowed.size() > 1 ? stringifyMemorySpace(allowed[1]) : "")
           << ", not " << stringifyMemorySpace(*type.getSpace());
  return success();
}

template <typename InitOp>
static LogicalResult verifyInitializePipe(InitOp op, StringRef side) {
  if (op.getSlotSize() % 32 != 0)
    return op.emitOpError("slot_size must be a multiple of 32 bytes, got ")
           << op.getSlotSize();
  if (Value ring = op.getGmRing()) {
    // slot_num <= 4096 and directions <= 2: the product overflows only for
    // slot sizes no memory has.
    int64_t directions = op.getDirMask() == 3 ? 2 : 1;
    int64_t slotSize = op.getSlotSizeAttr().getInt();
    if (slotSize > (int64_t(1) << 40))
      return op.emitOpError("slot_size of ")
             << slotSize << " bytes is larger than any memory";
    int64_t needed = op.getSlotNumAttr().getInt() * slotSize * directions;
    int64_t bytes = cast<GMTensorType>(ring.getType()).getNumBytes();
    if (bytes < needed)
      return op.emitOpError("ring tensor holds ")
             << bytes << " bytes; the pipe needs " << needed;
  }
  return verifyPipeSide(op, side);
}

LogicalResult AicInitializePipeOp::verify() {
  return verifyInitializePipe(*this, kind::kAIC);
}
LogicalResult AivInitializePipeOp::verify() {
  return verifyInitializePipe(*this, kind::kAIV);
}

LogicalResult TPushToAivOp::verify() {
  if (failed(verifyPipeTile(*this, getTile().getType(),
                            {MemorySpace::acc, MemorySpace::mat},
                            "pushed tile")))
    return failure();
  return verifyPipeSide(*this, kind::kAIC);
}
LogicalResult TPushToAicOp::verify() {
  if (failed(verifyPipeTile(*this, getTile().getType(), {MemorySpace::vec},
                            "pushed tile")))
    return failure();
  return verifyPipeSide(*this, kind::kAIV);
}
LogicalResult TPopFromAicOp::verify() {
  if (failed(verifyPipeTile(*this, getResult().getType(), {MemorySpace::vec},
                            "popped tile")))
    return failure();
  return verifyPipeSide(*this, kind::kAIV);
}
LogicalResult TPopFromAivOp::verify() {
  if (failed(verifyPipeTile(*this, getResult().getType(), {MemorySpace::mat},
                            "popped tile")))
    return failure();
  return verifyPipeSide(*this, kind::kAIC);
}
// A free's side follows from its pop's, which that pop verifies.
LogicalResult TFreeToAicOp::verify() {
  if (!getTile().getDefiningOp<TPopFromAicOp>())
    return emitOpError("frees a tile that pypto.tpop_from_aic did not pop");
  return success();
}
LogicalResult TFreeToAivOp::verify() {
  if (!getTile().getDefiningOp<TPopFromAivOp>())
    return emitOpError("frees a tile that pypto.tpop_from_aiv did not pop");
  return success();
}

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

/// `v` as printf's %g writes it (2.5, 200, 1e+10).
static std::string shortNumber(double v) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", v);
  return text;
}

LogicalResult CreateTensorOp::verify() {
  int64_t runTimeDims = getType().getNumDynamicDims();
  if (int64_t(getDynamicSizes().size()) != runTimeDims)
    return emitOpError("expected ")
           << runTimeDims << " size operands, one per '?' dimension of "
           << getType() << ", got " << getDynamicSizes().size();
  for (auto [i, size] : llvm::enumerate(getDynamicSizes())) {
    APInt constant;
    if (matchPattern(size, m_ConstantInt(&constant)) &&
        (constant.getSExtValue() < 0 ||
         constant.getSExtValue() > int64_t(UINT32_MAX)))
      return emitOpError("size operand ")
             << i << " is " << constant.getSExtValue()
             << ", outside the runtime's 0..4294967295";
  }
  if (FloatAttr initAttr = getInitAttr()) {
    std::optional<double> init = initAttr.getValueAsDouble();
    Type element = getType().getElementType();
    if (auto integer = dyn_cast<IntegerType>(element)) {
      unsigned width = integer.getWidth();
      double low = integer.isUnsigned() || width == 1
                       ? 0.0
                       : -std::ldexp(1.0, int(width) - 1);
      double high = integer.isUnsigned() || width == 1
                        ? std::ldexp(1.0, int(width)) - 1
                        : std::ldexp(1.0, int(width) - 1) - 1;
      if (*init != std::trunc(*init) || *init < low || *init > high)
        return emitOpError("initial value ")
               << shortNumber(*init) << " is not a value of " << element;
    }
  }
  if (isInKernel(*this))
    return emitOpError("belongs in the orchestration: a kernel cannot "
                       "allocate global memory");
  return success();
}

//===----------------------------------------------------------------------===//
// Dimensions
//===----------------------------------------------------------------------===//

LogicalResult DimOp::verify() {
  int64_t rank = getSource().getType().getShape().size();
  if (getDim() < 0 || getDim() >= rank)
    return emitOpError("dimension ")
           << getDim() << " is outside the rank-" << rank << " tensor";
  return success();
}

/// The unsigned range [lo, hi] of an index value.
static IntegerValueRange indexRange(uint64_t lo, uint64_t hi) {
  unsigned width = IndexType::kInternalStorageBitWidth;
  return ConstantIntRanges::fromUnsigned(APInt(width, lo), APInt(width, hi));
}

// Ranges let pypto-fold-rank6 prove an index inside its dimension. The
// optional form: a tensor operand has no range, which would stop the
// plain one.
void DimOp::inferResultRangesFromOptional(ArrayRef<IntegerValueRange>,
                                          SetIntLatticeFn setResultRange) {
  ArrayRef<int64_t> shape = getSource().getType().getShape();
  if (getDim() >= shape.size())
    return;
  int64_t size = shape[getDim()];
  // A run-time dimension is a 32-bit size (checked when the run binds it).
  setResultRange(getResult(), ShapedType::isDynamic(size)
                                  ? indexRange(0, UINT32_MAX)
                                  : indexRange(size, size));
}

void RanksOp::inferResultRangesFromOptional(ArrayRef<IntegerValueRange>,
                                            SetIntLatticeFn setResultRange) {
  if (getWorld() >= 1)
    setResultRange(getRank(), indexRange(0, getWorld() - 1));
}

void SpmdOp::inferResultRangesFromOptional(ArrayRef<IntegerValueRange>,
                                           SetIntLatticeFn setResultRange) {
  if (std::optional<uint64_t> blocks = getBlocks(); blocks && *blocks >= 1)
    setResultRange(getBlockIndex(), indexRange(0, *blocks - 1));
  else
    setResultRange(getBlockIndex(), indexRange(0, INT32_MAX - 1));
}

OpFoldResult DimOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> shape = getSource().getType().getShape();
  if (getDim() < 0 || getDim() >= int64_t(shape.size()))
    return {};
  int64_t size = shape[getDim()];
  // A created tensor's run-time dimension is its size operand.
  if (ShapedType::isDynamic(size)) {
    auto create = getSource().getDefiningOp<CreateTensorOp>();
    if (!create)
      return {};
    int64_t position =
        llvm::count_if(shape.take_front(getDim()), ShapedType::isDynamic);
    return create.getDynamicSizes()[position];
  }
  return IntegerAttr::get(IndexType::get(getContext()), size);
}

//===----------------------------------------------------------------------===//
// Task ids and manual scopes
//===----------------------------------------------------------------------===//

LogicalResult TaskDummyOp::verify() { return verifyOrchestrationOnly(*this); }

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

LogicalResult ArrayCreateOp::verify() {
  if (isInKernel(*this) && isa<TaskType>(getType().getElementType()))
    return emitOpError("holds task ids, which belong to the orchestration; "
                       "a kernel's arrays hold integers");
  return success();
}

/// The region or function whose code `op` is part of as a kernel: the
/// innermost `pypto.at`/`pypto.spmd`, or the kernel function; null in the
/// orchestration.
static Operation *kernelOf(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<AtOp, SpmdOp>(parent))
      return parent;
    if (auto function = dyn_cast<func::FuncOp>(parent))
      return isKernelFunction(function) ? parent : nullptr;
  }
  return nullptr;
}

/// An element access: of an array of the same kernel or orchestration, at a
/// constant index inside the array (a run-time one is checked when the
/// program runs).
static LogicalResult verifyArrayAccess(Operation *op, ArrayType array,
                                       Value index) {
  Value value = op->getOperand(isa<ArraySetOp>(op) ? 1 : 0);
  Operation *owner = value.getDefiningOp()
                         ? value.getDefiningOp()
                         : value.getParentRegion()->getParentOp();
  Operation *kernel = kernelOf(op);
  Operation *arrayKernel = isa<AtOp, SpmdOp>(owner) && !value.getDefiningOp()
                               ? owner
                               : kernelOf(owner);
  // A kernel's arrays are its own; values of a kernel do not leave it.
  if (kernel != arrayKernel)
    return op->emitOpError("uses an array of the orchestration; a kernel "
                           "uses the arrays it creates");
  APInt constant;
  if (matchPattern(index, m_ConstantInt(&constant)) &&
      (constant.isNegative() || constant.getSExtValue() >= array.getSize()))
    return op->emitOpError("index ")
           << constant.getSExtValue() << " is outside the " << array.getSize()
           << "-element array";
  return success();
}

LogicalResult ArrayGetOp::verify() {
  return verifyArrayAccess(*this, getArray().getType(), getIndex());
}

LogicalResult ArraySetOp::verify() {
  return verifyArrayAccess(*this, getArray().getType(), getIndex());
}

LogicalResult ScopeOp::verify() {
  if (failed(verifyOrchestrationOnly(*this)))
    return failure();
  auto yield = cast<ScopeYieldOp>(getBody().front().getTerminator());
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("yields ")
           << yield.getValues().size()
           << " values whose types differ from its results'";
  return success();
}
