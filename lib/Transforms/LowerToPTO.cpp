//===- LowerToPTO.cpp - planned kernels -> pto dialect ---------*- C++ -*-===//
//
// Rewrites each planned InCore kernel into the form ptoas reads: pointer
// parameters with tensor views, tiles at their planned addresses, and
// destination-passing tile instructions. A dialect conversion per kernel;
// the patterns are in LowerToPTOCompute.cpp and LowerToPTOMemory.cpp.
//
//===----------------------------------------------------------------------===//

#include "LowerToPTO.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"
#include "pypto/Transforms/TileLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_LOWERTOPTO
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

//===----------------------------------------------------------------------===//
// KernelLoweringState
//===----------------------------------------------------------------------===//

LogicalResult KernelLoweringState::computeTileBufTypes() {
  WalkResult walked = kernel.walk([&](Operation *op) {
    if (!isa<PyPTODialect>(op->getDialect()))
      return WalkResult::advance();
    for (Value result : op->getResults()) {
      auto type = dyn_cast<TileType>(result.getType());
      if (!type)
        continue;
      FailureOr<TileLayout> layout = getTileLayout(result, arch);
      if (failed(layout))
        return WalkResult::interrupt();
      if (layout->loc != pto::AddressSpace::vec)
        usesCube = true;
      bufTypes[result] = pto::TileBufType::get(
          kernel.getContext(), layout->loc, type.getElementType(), layout->rows,
          layout->cols, type.getShape()[0], type.getShape()[1], layout->blayout,
          layout->slayout, layout->fractal, /*pad=*/0);
    }
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    hasError = true;
  return failure(hasError);
}

pto::TileBufType KernelLoweringState::tileBufType(Value tile,
                                                  int64_t pad) const {
  pto::TileBufType type = bufTypes.lookup(tile);
  assert(type && "tile_buf types are computed before the conversion");
  if (pad == 0)
    return type;
  return pto::TileBufType::get(
      type.getContext(), type.getLoc(), type.getElementType(), type.getRows(),
      type.getCols(), type.getValidRows(), type.getValidCols(),
      type.getBlayout(), type.getSlayout(), type.getFractal(), pad);
}

Value KernelLoweringState::index(OpBuilder &builder, int64_t value) {
  return builder.create<arith::ConstantIndexOp>(kernel.getLoc(), value);
}

void KernelLoweringState::createEntryViews(OpBuilder &builder) {
  Block &entry = kernel.getBody().front();
  builder.setInsertionPointToStart(&entry);
  for (BlockArgument arg : entry.getArguments()) {
    auto tensor = dyn_cast<GMTensorType>(arg.getType());
    if (!tensor)
      continue;
    SmallVector<Value> shape, strides;
    SmallVector<int64_t> strideValues;
    if (auto attr = kernel.getArgAttrOfType<DenseI64ArrayAttr>(
            arg.getArgNumber(), attr::kStrides)) {
      strideValues.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
    } else {
      strideValues.assign(tensor.getShape().size(), 1);
      for (int i = static_cast<int>(tensor.getShape().size()) - 2; i >= 0; --i)
        strideValues[i] =
            ShapedType::isDynamic(strideValues[i + 1]) ||
                    ShapedType::isDynamic(tensor.getShape()[i + 1])
                ? ShapedType::kDynamic
                : strideValues[i + 1] * tensor.getShape()[i + 1];
    }
    // A run-time size is the scalar parameter pypto-outline-incore added.
    auto dimArgs = kernel.getArgAttrOfType<DenseI64ArrayAttr>(
        arg.getArgNumber(), attr::kDimArgs);
    auto strideArgs = kernel.getArgAttrOfType<DenseI64ArrayAttr>(
        arg.getArgNumber(), attr::kStrideArgs);
    auto sizeOf = [&](int64_t value, DenseI64ArrayAttr args,
                      size_t d) -> Value {
      if (!ShapedType::isDynamic(value))
        return index(builder, value);
      if (args && args[d] >= 0)
        return kernel.getArgument(args[d]);
      return Value();
    };
    for (auto [d, dim] : llvm::enumerate(tensor.getShape())) {
      shape.push_back(sizeOf(dim, dimArgs, d));
      strides.push_back(sizeOf(strideValues[d], strideArgs, d));
    }
    if (llvm::is_contained(shape, Value()) ||
        llvm::is_contained(strides, Value())) {
      (void)fail(kernel, "has a tensor parameter with a run-time size that "
                         "no parameter holds (run pypto-outline-incore)");
      return;
    }
    kernel.removeArgAttr(arg.getArgNumber(), attr::kDimArgs);
    kernel.removeArgAttr(arg.getArgNumber(), attr::kStrideArgs);
    SmallVector<int64_t> dynamicShape(tensor.getShape().size(),
                                      ShapedType::kDynamic);
    auto viewType = pto::TensorViewType::get(kernel.getContext(), dynamicShape,
                                             tensor.getElementType());
    // The argument becomes a !pto.ptr once the conversion is done.
    views[arg] = builder.create<pto::MakeTensorViewOp>(
        kernel.getLoc(), viewType, arg, shape, strides, pto::GMLayoutAttr());
    kernel.removeArgAttr(arg.getArgNumber(), attr::kStrides);
  }
  // Reading or signalling a peer's window needs the chip's CommContext:
  // a last parameter, as pypto's MaterializeDistTensorCtx adds.
  bool needsComm = false;
  kernel.walk([&](Operation *op) {
    auto load = dyn_cast<LoadOp>(op);
    auto store = dyn_cast<StoreOp>(op);
    needsComm |= isa<NotifyOp>(op) || (load && load.getPeer()) ||
                 (store && store.getPeer());
  });
  if (needsComm) {
    unsigned position = kernel.getNumArguments();
    kernel.insertArgument(
        position, pto::PtrType::get(kernel.getContext(), builder.getI64Type()),
        builder.getDictionaryAttr(
            builder.getNamedAttr(attr::kCommCtx, builder.getUnitAttr())),
        kernel.getLoc());
    commCtx = kernel.getArgument(position);
  }
}

FailureOr<Value> KernelLoweringState::allocate(OpBuilder &builder,
                                               OpResult tile, int64_t pad) {
  Operation *def = tile.getOwner();
  std::optional<PlannedTile> planned = getPlannedTile(tile);
  if (!planned)
    return fail(def, "has no planned address; run pypto-plan-memory first");
  Value address =
      builder.create<arith::ConstantIntOp>(def->getLoc(), planned->address, 64);
  return builder
      .create<pto::AllocTileOp>(def->getLoc(), tileBufType(tile, pad), address,
                                Value(), Value())
      .getResult();
}

pto::TileBufType mlir::pypto::viewType(pto::TileBufType like, Type element,
                                       int64_t cols, int64_t validRows,
                                       int64_t validCols) {
  return pto::TileBufType::get(like.getContext(), like.getLoc(), element,
                               like.getRows(), cols, validRows, validCols,
                               like.getBlayout(), like.getSlayout(),
                               like.getFractal(), like.getPad());
}

Value KernelLoweringState::partition(OpBuilder &builder, Location loc,
                                     Value tensor, ValueRange offsets,
                                     ArrayRef<int64_t> shape, ValueRange valid,
                                     Value view) {
  if (!view)
    view = views.lookup(tensor);
  if (valid.empty())
    return partitionOf(builder, loc, view, tensor, offsets, shape);
  // A tail window: its sizes are the valid extents (rows, columns) in the
  // last two dimensions, `?` where they are run-time values (the partition
  // shape equals the tile's valid shape); the leading dimensions are 1.
  SmallVector<Value> extents;
  for (size_t d = 0; d + 2 < shape.size(); ++d)
    extents.push_back(index(builder, 1));
  extents.append(valid.begin(), valid.end());
  if (shape.size() == 1)
    extents.erase(extents.begin()); // the row of a 1-D window
  SmallVector<int64_t> sizes;
  for (Value extent : extents) {
    APInt constant;
    sizes.push_back(matchPattern(extent, m_ConstantInt(&constant))
                        ? constant.getSExtValue()
                        : ShapedType::kDynamic);
  }
  auto type = pto::PartitionTensorViewType::get(
      kernel.getContext(), sizes,
      cast<GMTensorType>(tensor.getType()).getElementType());
  return builder.create<pto::PartitionViewOp>(loc, type, view, offsets,
                                              extents);
}

FailureOr<Value> KernelLoweringState::withValidShape(OpBuilder &builder,
                                                     Operation *user,
                                                     Value tile,
                                                     ValueRange valid) {
  auto alloc = tile.getDefiningOp<pto::AllocTileOp>();
  if (!alloc || !alloc.getAddr())
    return fail(user, "needs a tile in a planned buffer for its run-time "
                      "valid shape; a tile popped from a pipe is not "
                      "supported yet (store it and load it)");
  auto type = cast<pto::TileBufType>(tile.getType());
  return builder
      .create<pto::AllocTileOp>(user->getLoc(),
                                viewType(type, type.getElementType(),
                                         type.getCols(),
                                         /*validRows=*/-1, /*validCols=*/-1),
                                alloc.getAddr(), valid[0], valid[1])
      .getResult();
}

Value KernelLoweringState::partitionOf(OpBuilder &builder, Location loc,
                                       Value view, Value tensor,
                                       ValueRange offsets,
                                       ArrayRef<int64_t> shape) {
  SmallVector<Value> sizes;
  for (int64_t dim : shape)
    sizes.push_back(index(builder, dim));
  auto type = pto::PartitionTensorViewType::get(
      kernel.getContext(), shape,
      cast<GMTensorType>(tensor.getType()).getElementType());
  return builder.create<pto::PartitionViewOp>(loc, type, view, offsets, sizes);
}

std::pair<Value, Value>
KernelLoweringState::elementAddress(OpBuilder &builder, Location loc,
                                    Value tensor, ValueRange indices) {
  auto view = views.lookup(tensor).getDefiningOp<pto::MakeTensorViewOp>();
  Value offset;
  for (auto [index, stride] : llvm::zip(indices, view.getStrides())) {
    Value term = matchPattern(stride, m_One())
                     ? index
                     : builder.create<arith::MulIOp>(loc, index, stride);
    offset = offset ? builder.create<arith::AddIOp>(loc, offset, term) : term;
  }
  if (!offset)
    offset = index(builder, 0);
  // The parameter is still a tensor while the conversion runs.
  return {view->getOperand(0), offset};
}

/// The view of rank `peer`'s copy of the window parameter `tensor`: the
/// parameter moved by the distance between the two ranks' windows, read
/// from the CommContext (slot 2: this rank, and the rank count in the high
/// half; slot 4 + r: rank r's base). A peer outside the world takes base
/// 0, an address no tensor has, instead of reading past the table.
Value KernelLoweringState::peerTensorView(OpBuilder &builder, Location loc,
                                          Value tensor, Value peer) {
  auto local = views.lookup(tensor).getDefiningOp<pto::MakeTensorViewOp>();
  Type i64 = builder.getI64Type();
  Type indexType = builder.getIndexType();
  if (!localWindowBase) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&kernel.getBody().front());
    Value pair =
        builder.create<pto::LoadScalarOp>(loc, i64, commCtx, index(builder, 2));
    Value rank32 =
        builder.create<arith::TruncIOp>(loc, builder.getI32Type(), pair);
    localRank = builder.create<arith::IndexCastOp>(loc, indexType, rank32);
    Value high = builder.create<arith::ShRUIOp>(
        loc, pair, builder.create<arith::ConstantIntOp>(loc, 32, 64));
    Value count32 =
        builder.create<arith::TruncIOp>(loc, builder.getI32Type(), high);
    rankCount = builder.create<arith::IndexCastOp>(loc, indexType, count32);
    Value slot =
        builder.create<arith::AddIOp>(loc, index(builder, 4), localRank);
    localWindowBase =
        builder.create<pto::LoadScalarOp>(loc, i64, commCtx, slot);
  }
  Value inWorld = builder.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                                peer, rankCount);
  Value safePeer =
      builder.create<arith::SelectOp>(loc, inWorld, peer, localRank);
  Value slot = builder.create<arith::AddIOp>(loc, index(builder, 4), safePeer);
  Value tableBase = builder.create<pto::LoadScalarOp>(loc, i64, commCtx, slot);
  Value peerBase = builder.create<arith::SelectOp>(
      loc, inWorld, tableBase,
      builder.create<arith::ConstantIntOp>(loc, 0, 64));
  Value bytes = builder.create<arith::SubIOp>(loc, peerBase, localWindowBase);
  Type element = cast<GMTensorType>(tensor.getType()).getElementType();
  Value elementBytes = builder.create<arith::ConstantIntOp>(
      loc, (element.getIntOrFloatBitWidth() + 7) / 8, 64);
  Value elements = builder.create<arith::DivSIOp>(loc, bytes, elementBytes);
  Value delta =
      builder.create<arith::IndexCastOp>(loc, builder.getIndexType(), elements);
  Value ptr = builder.create<pto::AddPtrOp>(
      loc, pto::PtrType::get(kernel.getContext(), element), local.getPtr(),
      delta);
  return builder.create<pto::MakeTensorViewOp>(
      loc, local.getType(), ptr, local.getShape(), local.getStrides(),
      pto::GMLayoutAttr::get(kernel.getContext(), pto::GMLayout::nd));
}

/// A window of `tensor` read transposed: a DN view of the parameter (its
/// last two dimensions swapped, with their strides), partitioned at the
/// offsets, sizes and valid extents with the last two swapped. The
/// dimensions before them are 1 in the window, so the tile is the transposed
/// matrix.
Value KernelLoweringState::transposedPartition(OpBuilder &builder, Location loc,
                                               Value tensor, ValueRange offsets,
                                               ArrayRef<int64_t> windowShape,
                                               ValueRange valid) {
  auto swapLastTwo = [](auto &values) {
    std::swap(values[values.size() - 2], values[values.size() - 1]);
  };
  Value &view = transposedViews[tensor];
  if (!view) {
    auto rowMajor = views.lookup(tensor).getDefiningOp<pto::MakeTensorViewOp>();
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(rowMajor);
    SmallVector<Value> shape(rowMajor.getShape());
    SmallVector<Value> strides(rowMajor.getStrides());
    swapLastTwo(shape);
    swapLastTwo(strides);
    // A window of wider rows (row stride S above its C columns): ptoas 0.27
    // infers DN only where the column stride is the view's row count
    // (InferPTOLayout.cpp, matchesDNMinor2D) and refuses the view
    // otherwise, so the view spans S rows; partitions stay within C.
    APInt rowStride, columns;
    size_t rows = shape.size() - 2;
    if (matchPattern(strides.back(), m_ConstantInt(&rowStride)) &&
        matchPattern(shape[rows], m_ConstantInt(&columns)) &&
        rowStride.getSExtValue() > columns.getSExtValue())
      shape[rows] = index(builder, rowStride.getSExtValue());
    view = builder.create<pto::MakeTensorViewOp>(
        loc, rowMajor.getType(), rowMajor.getPtr(), shape, strides,
        pto::GMLayoutAttr::get(kernel.getContext(), pto::GMLayout::dn));
  }
  SmallVector<Value> swappedOffsets(offsets);
  swapLastTwo(swappedOffsets);
  SmallVector<int64_t> shape(windowShape);
  swapLastTwo(shape);
  SmallVector<Value> swappedValid(valid);
  if (!swappedValid.empty())
    swapLastTwo(swappedValid);
  return partition(builder, loc, tensor, swappedOffsets, shape, swappedValid,
                   view);
}

FailureOr<Value> KernelLoweringState::buffer(Operation *user, Value lowered) {
  if (isa<pto::TileBufType>(lowered.getType()))
    return lowered;
  return fail(user, "uses a tile that no operation of this kernel produces; "
                    "tile parameters are not supported yet");
}

LogicalResult KernelLoweringState::requireTiles(Operation *op) {
  auto isTensor = [](Type t) { return isa<GMTensorType>(t); };
  if (llvm::any_of(op->getOperandTypes(), isTensor) ||
      llvm::any_of(op->getResultTypes(), isTensor))
    return fail(op, "works on tensors; run pypto-convert-tensor-to-tile first");
  return success();
}

LogicalResult KernelLoweringState::fail(Operation *op, const Twine &message) {
  op->emitOpError(message);
  hasError = true;
  return failure();
}

bool KernelLoweringState::isCubeKernel() const {
  StringRef role = getFunctionKind(kernel);
  if (role == kind::kAIC || role == kind::kAIV)
    return role == kind::kAIC;
  return usesCube;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Any other pypto op in a kernel has no pto form.
class UnsupportedOpLowering : public ConversionPattern {
public:
  UnsupportedOpLowering(MLIRContext *context, KernelLoweringState &state)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/0, context),
        state(state) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value>,
                                ConversionPatternRewriter &) const override {
    if (state.hasFailed() || !isa<PyPTODialect>(op->getDialect()))
      return failure();
    return state.fail(op, "cannot be lowered to pto yet");
  }

private:
  KernelLoweringState &state;
};

/// A part written for one unit uses that unit's buffers only: the AIC has
/// no UB, the AIV no L1/L0.
LogicalResult verifyUnitBuffers(func::FuncOp kernel) {
  StringRef role = getFunctionKind(kernel);
  if (role != kind::kAIC && role != kind::kAIV)
    return success();
  bool cube = role == kind::kAIC;
  WalkResult wrongUnit = kernel.walk([&](Operation *op) {
    for (Value result : op->getResults()) {
      auto tile = dyn_cast<TileType>(result.getType());
      if (!tile || !tile.getSpace())
        continue;
      bool vecTile = *tile.getSpace() == MemorySpace::vec;
      if (vecTile == cube) {
        op->emitOpError("makes a '")
            << stringifyMemorySpace(*tile.getSpace()) << "' tile in an '"
            << role << "' kernel, which runs on the "
            << (cube ? "cube unit (no vec buffer)"
                     : "vector unit (no cube buffers)");
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(wrongUnit.wasInterrupted());
}

LogicalResult lowerKernel(func::FuncOp kernel, Arch arch, StringRef group,
                          StringRef peer) {
  if (failed(verifyUnitBuffers(kernel)))
    return failure();
  KernelLoweringState state(kernel, arch, group, peer);
  if (failed(state.computeTileBufTypes()))
    return failure();
  MLIRContext *ctx = kernel.getContext();
  OpBuilder builder(ctx);
  // ptoas runs a vector kernel that never reads its lane on lane 0 only.
  if (kernel->hasAttr(attr::kAivLanes) &&
      !kernel.walk([](GetSubblockIdxOp) { return WalkResult::interrupt(); })
           .wasInterrupted()) {
    builder.setInsertionPointToStart(&kernel.getBody().front());
    builder.create<GetSubblockIdxOp>(kernel.getLoc(), builder.getIndexType());
  }
  state.createEntryViews(builder);
  if (state.hasFailed())
    return failure();

  ConversionTarget target(*ctx);
  target.addLegalDialect<pto::PTODialect, arith::ArithDialect>();
  target.addLegalOp<func::FuncOp, func::ReturnOp>();
  auto carriesNoTile = [](Operation *op) {
    return llvm::none_of(op->getOperandTypes(),
                         [](Type type) { return isa<TileType>(type); });
  };
  target.addDynamicallyLegalOp<scf::ForOp, scf::YieldOp>(carriesNoTile);
  target.addDynamicallyLegalOp<scf::IfOp>([](scf::IfOp branch) {
    return llvm::none_of(branch.getResultTypes(),
                         [](Type type) { return isa<TileType>(type); });
  });
  RewritePatternSet patterns(ctx);
  populateTileComputeLoweringPatterns(patterns, state);
  populateTileMemoryLoweringPatterns(patterns, state);
  patterns.add<UnsupportedOpLowering>(ctx, state);

  // The first error is the user's; once a kernel has failed, what the
  // framework says of its half-converted ops is noise.
  bool reported = false;
  ScopedDiagnosticHandler firstErrorOnly(ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return failure();
    if (reported)
      return success();
    reported = true;
    return failure();
  });
  if (failed(applyPartialConversion(kernel, target, std::move(patterns))) ||
      state.hasFailed())
    return failure();

  // Tensor parameters become GM pointers; their only users now are the
  // tensor views.
  SmallVector<Type> inputs;
  for (BlockArgument arg : kernel.getBody().front().getArguments()) {
    if (auto tensor = dyn_cast<GMTensorType>(arg.getType()))
      arg.setType(pto::PtrType::get(ctx, tensor.getElementType()));
    inputs.push_back(arg.getType());
  }
  kernel.setFunctionType(builder.getFunctionType(inputs, {}));
  kernel->setAttr(pto::kKernelKindAttr,
                  pto::KernelKindAttr::get(ctx, state.isCubeKernel()
                                                    ? pto::KernelKind::cube
                                                    : pto::KernelKind::vector));
  return success();
}

struct LowerToPTOPass
    : public mlir::pypto::impl::LowerToPTOBase<LowerToPTOPass> {
  using LowerToPTOBase::LowerToPTOBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The group and peer of every part of a mixed kernel.
    llvm::StringMap<std::pair<StringRef, StringRef>> parts;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      auto aic = func->getAttrOfType<FlatSymbolRefAttr>(attr::kAicPart);
      auto aiv = func->getAttrOfType<FlatSymbolRefAttr>(attr::kAivPart);
      if (!aic || !aiv)
        continue;
      parts[aic.getValue()] = {func.getSymName(), aiv.getValue()};
      parts[aiv.getValue()] = {func.getSymName(), aic.getValue()};
    }
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (!isKernelFunction(func) || func.isExternal())
        continue;
      auto [group, peer] = parts.lookup(func.getSymName());
      if (failed(lowerKernel(func, arch, group, peer)))
        return signalPassFailure();
      ++numKernels;
      func.walk([&](pto::TileInstruction) { ++numInstructions; });
    }
    module->setAttr(pto::kTargetArchAttr,
                    StringAttr::get(&getContext(), stringifyArch(arch)));
  }
};

} // namespace
