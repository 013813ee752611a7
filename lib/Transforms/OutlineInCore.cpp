//===- OutlineInCore.cpp - pypto.at regions -> InCore kernels --*- C++ -*-===//
//
// Makes the InCore/Orchestration boundary explicit: each pypto.at region is
// moved into its own function and replaced by a pypto.call.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_OUTLINEINCORE
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

bool isDefinedOutside(Value value, Operation *at) {
  return !at->getRegion(0).isAncestor(value.getParentRegion());
}

bool allDefinedOutside(ValueRange values, Operation *at) {
  return llvm::all_of(values, [&](Value v) { return isDefinedOutside(v, at); });
}

/// The contiguous tensor whose layout `tensor` has: through slices. A
/// reshape with run-time sizes is contiguous in its own shape (its
/// verifier).
Value getLayoutRoot(Value tensor) {
  while (auto slice = tensor.getDefiningOp<SliceOp>())
    tensor = slice.getSource();
  return tensor;
}

/// Stride `dim` of the contiguous tensor `root`, computed where `builder`
/// is from its run-time dimensions.
Value computeStride(OpBuilder &builder, Location loc, Value root,
                    unsigned dim) {
  int64_t rank = cast<GMTensorType>(root.getType()).getShape().size();
  Value stride;
  for (int64_t d = dim + 1; d < rank; ++d) {
    Value size = builder.createOrFold<DimOp>(loc, root, d);
    stride =
        stride ? builder.createOrFold<arith::MulIOp>(loc, stride, size) : size;
  }
  return stride ? stride : builder.create<arith::ConstantIndexOp>(loc, 1);
}

/// Whether a tensor is read and/or written through `value` or views of it.
void classifyAccess(Value value, bool &read, bool &written) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if ((isa<AssembleOp>(user) && use.getOperandNumber() == 1) ||
        (isa<WriteOp>(user) && use.getOperandNumber() == 1)) {
      written = true;
      // An atomic add reads what it adds to.
      if (auto assemble = dyn_cast<AssembleOp>(user))
        read |= assemble.getAtomicAdd();
    } else if (isa<MScatterOp, ScatterUpdateOp>(user) &&
               use.getOperandNumber() == 1) {
      // Rows it does not index keep their values.
      written = read = true;
    } else if ((isa<RemoteStoreOp>(user) && use.getOperandNumber() == 1) ||
               (isa<PutOp>(user) && use.get() == cast<PutOp>(user).getDest())) {
      // A write of a peer's copy: this rank's copy is the one the kernel
      // takes, read and written so that the task orders after its readers
      // and writers here.
      written = read = true;
    } else if (isa<GetOp>(user) && use.get() == cast<GetOp>(user).getDest()) {
      written = true;
    } else if (user->getNumResults() == 1 &&
               getViewSource(user->getResult(0)) == value) {
      classifyAccess(user->getResult(0), read, written);
    } else {
      read = true;
    }
  }
}

/// An index value inside a region as `outer + inner`: `outer` is defined
/// outside the region (or null), `inner` ranges over [minInner, maxInner]
/// as the region's loops run.
struct OffsetRange {
  Value outer;
  int64_t minInner = 0, maxInner = 0;
};

FailureOr<OffsetRange> decomposeOffset(Value value, Operation *at) {
  if (isDefinedOutside(value, at)) {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return OffsetRange{Value(), constant.getSExtValue(),
                         constant.getSExtValue()};
    return OffsetRange{value, 0, 0};
  }
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return OffsetRange{Value(), constant.getSExtValue(),
                       constant.getSExtValue()};
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    APInt lb, ub, step;
    if (!loop || arg != loop.getInductionVar() ||
        !matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
        !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
        !matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
        step.getSExtValue() <= 0 || ub.sle(lb))
      return failure();
    int64_t first = lb.getSExtValue(), s = step.getSExtValue();
    int64_t last = first + (ub.getSExtValue() - 1 - first) / s * s;
    return OffsetRange{Value(), first, last};
  }
  if (auto add = value.getDefiningOp<arith::AddIOp>()) {
    FailureOr<OffsetRange> lhs = decomposeOffset(add.getLhs(), at);
    FailureOr<OffsetRange> rhs = decomposeOffset(add.getRhs(), at);
    if (failed(lhs) || failed(rhs) || (lhs->outer && rhs->outer))
      return failure();
    return OffsetRange{lhs->outer ? lhs->outer : rhs->outer,
                       lhs->minInner + rhs->minInner,
                       lhs->maxInner + rhs->maxInner};
  }
  if (auto mul = value.getDefiningOp<arith::MulIOp>()) {
    FailureOr<OffsetRange> lhs = decomposeOffset(mul.getLhs(), at);
    APInt factor;
    if (failed(lhs) || lhs->outer ||
        !matchPattern(mul.getRhs(), m_ConstantInt(&factor)) ||
        factor.isNegative())
      return failure();
    int64_t f = factor.getSExtValue();
    return OffsetRange{Value(), lhs->minInner * f, lhs->maxInner * f};
  }
  return failure();
}

struct OutlineInCorePass
    : public mlir::pypto::impl::OutlineInCoreBase<OutlineInCorePass> {
  using OutlineInCoreBase::OutlineInCoreBase;
  void runOnOperation() override;

private:
  /// Moves slices and assemble windows whose operands come from outside the
  /// region into the parent, so the kernel receives exact windows.
  void hoistViews(Operation *at);
  /// For a tensor the region only slices and assembles into at offsets that
  /// move with its loops, passes the window all those accesses cover
  /// instead of the whole tensor, so tasks of different windows do not
  /// depend on each other.
  void narrowToCoveredWindows(Operation *at);
  LogicalResult outline(Operation *at, func::FuncOp parent,
                        SymbolTable &symbols, unsigned index);
  /// A region's results (values that outlive it) become tensors the
  /// orchestration creates before it and the region assembles into; the
  /// region, without them, is returned.
  AtOp materializeResults(AtOp at);
};

AtOp OutlineInCorePass::materializeResults(AtOp at) {
  if (at.getValues().empty())
    return at;
  OpBuilder builder(at);
  Location loc = at.getLoc();
  SmallVector<Value> buffers;
  for (Value value : at.getValues())
    buffers.push_back(builder.create<CreateTensorOp>(
        loc, cast<GMTensorType>(value.getType()), ValueRange(), FloatAttr()));
  // The yield becomes a whole-tensor assemble of each value.
  auto yield = cast<YieldOp>(at.getBody().front().back());
  builder.setInsertionPoint(yield);
  for (auto [value, buffer] : llvm::zip(yield.getValues(), buffers)) {
    Value zero = builder.create<arith::ConstantIndexOp>(yield.getLoc(), 0);
    SmallVector<Value> offsets(
        cast<GMTensorType>(value.getType()).getShape().size(), zero);
    builder.create<AssembleOp>(yield.getLoc(), value, buffer, offsets,
                               ValueRange());
  }
  yield.erase();
  // The same region without results.
  builder.setInsertionPoint(at);
  auto bare = builder.create<AtOp>(
      loc, at.getTask() ? at.getTask().getType() : Type(), TypeRange(),
      at.getLevelAttr(), at.getNameAttr(), at.getDeps(), at.getNoDep(),
      at.getAllowEarlyResolveAttr());
  bare->setDiscardableAttrs(at->getDiscardableAttrDictionary());
  bare.getBody().takeBody(at.getBody());
  if (at.getTask())
    at.getTask().replaceAllUsesWith(bare.getTask());
  for (auto [value, buffer] : llvm::zip(at.getValues(), buffers))
    value.replaceAllUsesWith(buffer);
  at.erase();
  ++numMaterialized;
  return bare;
}

void OutlineInCorePass::hoistViews(Operation *at) {
  SmallVector<SliceOp> slices;
  SmallVector<AssembleOp> assembles;
  SmallVector<ReinterpretViewOp> reinterprets;
  at->getRegion(0).walk([&](Operation *op) {
    if (auto slice = dyn_cast<SliceOp>(op))
      slices.push_back(slice);
    else if (auto assemble = dyn_cast<AssembleOp>(op))
      assembles.push_back(assemble);
    else if (auto reinterpret = dyn_cast<ReinterpretViewOp>(op))
      reinterprets.push_back(reinterpret);
  });
  // A reinterpreted tensor from outside is a view of its memory that the
  // orchestration makes (first: a slice may be of it).
  for (ReinterpretViewOp reinterpret : reinterprets)
    if (isDefinedOutside(reinterpret.getSource(), at)) {
      reinterpret->moveBefore(at);
      ++numHoisted;
    }
  // A tail window (one with a valid shape) may run past its tensor's end:
  // it stays in the kernel, which reads or writes only its valid part.
  for (SliceOp slice : slices) {
    if (!allDefinedOutside(slice->getOperands(), at) ||
        !slice.getValid().empty())
      continue;
    slice->moveBefore(at);
    ++numHoisted;
  }
  OpBuilder builder(at);
  for (AssembleOp assemble : assembles) {
    if (!isDefinedOutside(assemble.getDest(), at) ||
        !allDefinedOutside(assemble.getOffsets(), at) ||
        !assemble.getValid().empty() ||
        llvm::all_of(assemble.getOffsets(),
                     [](Value v) { return matchPattern(v, m_Zero()); }))
      continue;
    auto valueType = cast<ShapedType>(assemble.getValue().getType());
    GMTensorType destType = assemble.getDest().getType();
    auto windowType = GMTensorType::get(
        builder.getContext(), valueType.getShape(), destType.getElementType());
    builder.setInsertionPoint(at);
    auto window = builder.create<SliceOp>(
        assemble.getLoc(), windowType, assemble.getDest(),
        assemble.getOffsets(),
        builder.getDenseI64ArrayAttr(valueType.getShape()),
        /*valid=*/ValueRange());
    OpBuilder inner(assemble);
    Value zero = inner.create<arith::ConstantIndexOp>(assemble.getLoc(), 0);
    SmallVector<Value> zeros(valueType.getRank(), zero);
    assemble.getDestMutable().assign(window);
    assemble.getOffsetsMutable().assign(zeros);
    ++numHoisted;
  }
}

void OutlineInCorePass::narrowToCoveredWindows(Operation *at) {
  SetVector<Value> liveIns;
  getUsedValuesDefinedAbove(at->getRegion(0), liveIns);
  for (Value tensor : liveIns) {
    auto type = dyn_cast<GMTensorType>(tensor.getType());
    if (!type)
      continue;
    // Every use in the region must be a window: a slice of it or an
    // assemble into it.
    SmallVector<OpOperand *> uses;
    bool windowsOnly = true;
    for (OpOperand &use : tensor.getUses()) {
      if (!at->getRegion(0).isAncestor(use.getOwner()->getParentRegion()))
        continue;
      // Tail windows do not count: their static size may pass the end.
      auto slice = dyn_cast<SliceOp>(use.getOwner());
      auto assemble = dyn_cast<AssembleOp>(use.getOwner());
      bool isSlice = slice && slice.getValid().empty();
      bool isAssembleDest = assemble && use.getOperandNumber() == 1 &&
                            assemble.getValid().empty();
      windowsOnly &= isSlice || isAssembleDest;
      uses.push_back(&use);
    }
    if (!windowsOnly || uses.empty())
      continue;
    int64_t rank = type.getShape().size();
    SmallVector<Value> outer(rank);
    SmallVector<int64_t> low(rank, INT64_MAX), high(rank, INT64_MIN);
    SmallVector<SmallVector<OffsetRange>> ranges;
    bool ok = true;
    for (OpOperand *use : uses) {
      Operation *user = use->getOwner();
      auto offsets = isa<SliceOp>(user) ? cast<SliceOp>(user).getOffsets()
                                        : cast<AssembleOp>(user).getOffsets();
      ArrayRef<int64_t> sizes =
          isa<SliceOp>(user)
              ? cast<SliceOp>(user).getSizes()
              : cast<ShapedType>(cast<AssembleOp>(user).getValue().getType())
                    .getShape();
      SmallVector<OffsetRange> perDim;
      for (int64_t d = 0; d < rank && ok; ++d) {
        FailureOr<OffsetRange> range = decomposeOffset(offsets[d], at);
        if (failed(range) ||
            (ranges.empty() ? false : range->outer != outer[d])) {
          ok = false;
          break;
        }
        outer[d] = range->outer;
        low[d] = std::min(low[d], range->minInner);
        high[d] = std::max(high[d], range->maxInner + sizes[d]);
        perDim.push_back(*range);
      }
      if (!ok)
        break;
      ranges.push_back(perDim);
    }
    if (!ok)
      continue;
    // A box that is the whole tensor gains nothing.
    bool whole = true;
    for (int64_t d = 0; d < rank; ++d)
      whole &= !outer[d] && low[d] == 0 && high[d] == type.getShape()[d];
    if (whole)
      continue;
    // The window, at outer + low, in the parent.
    OpBuilder builder(at);
    Location loc = at->getLoc();
    SmallVector<Value> origin;
    SmallVector<int64_t> sizes;
    for (int64_t d = 0; d < rank; ++d) {
      if (outer[d] && low[d] == 0) {
        origin.push_back(outer[d]);
      } else {
        Value lowValue = builder.create<arith::ConstantIndexOp>(loc, low[d]);
        origin.push_back(
            outer[d] ? builder.create<arith::AddIOp>(loc, outer[d], lowValue)
                           .getResult()
                     : lowValue);
      }
      sizes.push_back(high[d] - low[d]);
    }
    auto windowType =
        GMTensorType::get(builder.getContext(), sizes, type.getElementType());
    Value window = builder.create<SliceOp>(loc, windowType, tensor, origin,
                                           builder.getDenseI64ArrayAttr(sizes),
                                           /*valid=*/ValueRange());
    // Each access moves to the window: offset - outer - low.
    llvm::SmallPtrSet<Operation *, 4> bypassed;
    for (OpOperand *use : uses) {
      Operation *user = use->getOwner();
      OpBuilder inner(user);
      MutableOperandRange offsets =
          isa<SliceOp>(user) ? cast<SliceOp>(user).getOffsetsMutable()
                             : cast<AssembleOp>(user).getOffsetsMutable();
      SmallVector<Value> rebased;
      for (int64_t d = 0; d < rank; ++d) {
        Value offset = offsets[d].get();
        if (outer[d] && offset == outer[d]) {
          // The window starts there: a constant offset in it.
          rebased.push_back(
              inner.create<arith::ConstantIndexOp>(user->getLoc(), -low[d]));
          continue;
        }
        // outer + x rebases to x, so the kernel need not take `outer`.
        auto add = offset.getDefiningOp<arith::AddIOp>();
        if (outer[d] && add &&
            (add.getLhs() == outer[d] || add.getRhs() == outer[d])) {
          offset = add.getLhs() == outer[d] ? add.getRhs() : add.getLhs();
          bypassed.insert(add);
        } else if (outer[d])
          offset =
              inner.create<arith::SubIOp>(user->getLoc(), offset, outer[d]);
        if (low[d])
          offset = inner.create<arith::SubIOp>(
              user->getLoc(), offset,
              inner.create<arith::ConstantIndexOp>(user->getLoc(), low[d]));
        rebased.push_back(offset);
      }
      offsets.assign(rebased);
      use->set(window);
    }
    for (Operation *add : bypassed)
      if (add->use_empty())
        add->erase();
    ++numNarrowed;
  }
}

/// The error for a kernel tensor without compile-time strides: one an
/// orchestration branch chooses (or a view of one) whose sides yield
/// different layouts, or layouts known only at run time.
static LogicalResult refuseBranchLayouts(Operation *at, Value tensor) {
  // A reinterpreted view of a window that is not contiguous.
  auto notContiguous = [](Value source) {
    FailureOr<SmallVector<int64_t>> strides = getTensorStrides(source);
    ArrayRef<int64_t> shape = cast<GMTensorType>(source.getType()).getShape();
    if (failed(strides) || ShapedType::isDynamicShape(shape))
      return false;
    int64_t expected = 1;
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (shape[d] != 1 && (*strides)[d] != expected)
        return true;
      expected *= shape[d];
    }
    return false;
  };
  for (Value view = tensor; view; view = getViewSource(view))
    if (auto reinterpret = view.getDefiningOp<ReinterpretViewOp>();
        reinterpret && notContiguous(reinterpret.getSource())) {
      InFlightDiagnostic diag =
          at->emitOpError("reads a reinterpreted view of a tensor that is "
                          "not contiguous; reinterpret the whole tensor and "
                          "slice the view");
      diag.attachNote(reinterpret.getLoc()) << "reinterpreted here";
      return diag;
    }
  Value chosen = getRootTensor(tensor);
  auto branch = chosen.getDefiningOp<scf::IfOp>();
  InFlightDiagnostic diag = at->emitOpError("reads a tensor ");
  if (auto arg = dyn_cast<BlockArgument>(chosen))
    if (isa<scf::ForOp>(arg.getOwner()->getParentOp())) {
      diag << "that a loop carries, and the values it yields for it have "
              "another or a run-time layout; a kernel is compiled for one "
              "layout";
      diag.attachNote(arg.getOwner()->getParentOp()->getLoc())
          << "carried here";
      return diag;
    }
  if (!branch)
    return diag << "whose strides are not known at compile time";
  if (branch.getElseRegion().empty())
    return diag;
  unsigned index = cast<OpResult>(chosen).getResultNumber();
  auto layout = [&](Value yielded) {
    FailureOr<SmallVector<int64_t>> strides = getTensorStrides(yielded);
    std::string text;
    llvm::raw_string_ostream out(text);
    if (failed(strides) || llvm::any_of(*strides, ShapedType::isDynamic)) {
      out << "known only at run time";
    } else {
      out << "[";
      llvm::interleaveComma(*strides, out);
      out << "]";
    }
    return text;
  };
  diag << "that an scf.if chooses, and its branches yield different or "
          "run-time layouts (strides "
       << layout(branch.thenYield().getOperand(index)) << " and "
       << layout(branch.elseYield().getOperand(index))
       << "); a kernel is compiled for one layout";
  diag.attachNote(branch.getLoc()) << "chosen here";
  return diag;
}

LogicalResult OutlineInCorePass::outline(Operation *at, func::FuncOp parent,
                                         SymbolTable &symbols, unsigned index) {
  hoistViews(at);
  narrowToCoveredWindows(at);

  // Constants are cloned into the kernel; everything else becomes a
  // parameter, tensors first (the kernel ABI puts tensors before scalars).
  SetVector<Value> liveIns;
  getUsedValuesDefinedAbove(at->getRegion(0), liveIns);
  SmallVector<Value> tensors, scalars, constants;
  for (Value value : liveIns) {
    Operation *def = value.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>())
      constants.push_back(value);
    else if (auto slice = dyn_cast_or_null<SliceOp>(def);
             slice && !slice.getValid().empty()) {
      InFlightDiagnostic diag = emitError(
          slice.getLoc(), "a slice with a valid shape is used inside a kernel "
                          "region but taken outside it; take it inside the "
                          "region, where its valid part is read");
      diag.attachNote(at->getLoc()) << "the region";
      return diag;
    } else if (isa<GMTensorType>(value.getType()))
      tensors.push_back(value);
    else if (isa<TileType>(value.getType()))
      return at->emitOpError("cannot capture a tile from outside the region");
    else
      scalars.push_back(value);
  }
  // A kernel that signals or waits is a fence between the ranks: it takes
  // every window buffer as InOut, so the runtime runs it after the kernels
  // that wrote a window and before the ones that read a peer's copy.
  bool synchronises = false;
  at->walk([&](Operation *op) { synchronises |= isa<NotifyOp, WaitOp>(op); });
  llvm::SmallPtrSet<Value, 4> fenced;
  if (synchronises)
    parent.walk([&](AllocWindowOp window) {
      fenced.insert(window);
      if (!llvm::is_contained(tensors, window.getResult()))
        tensors.push_back(window);
    });
  // Run-time dimensions and strides of the tensors reach the kernel as
  // scalar parameters, computed before the region.
  struct RunTimeSize {
    unsigned tensor, dim;
    bool isStride;
  };
  SmallVector<RunTimeSize> runTimeSizes;
  OpBuilder sizeBuilder(at);
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    ArrayRef<int64_t> shape = cast<GMTensorType>(tensor.getType()).getShape();
    // The reshape verifier made sure every orchestration view has strides;
    // a tensor a branch chooses has them when both sides agree.
    FailureOr<SmallVector<int64_t>> knownStrides = getTensorStrides(tensor);
    if (failed(knownStrides))
      return refuseBranchLayouts(at, tensor);
    SmallVector<int64_t> strides = *knownStrides;
    for (auto [d, size] : llvm::enumerate(shape))
      if (ShapedType::isDynamic(size)) {
        scalars.push_back(sizeBuilder.create<DimOp>(at->getLoc(), tensor, d));
        runTimeSizes.push_back({unsigned(i), unsigned(d), false});
      }
    for (auto [d, stride] : llvm::enumerate(strides))
      if (ShapedType::isDynamic(stride)) {
        scalars.push_back(
            computeStride(sizeBuilder, at->getLoc(), getLayoutRoot(tensor), d));
        runTimeSizes.push_back({unsigned(i), unsigned(d), true});
      }
  }
  SmallVector<Value> params(tensors);
  params.append(scalars);
  // An SPMD kernel takes its block index last; the runtime supplies it.
  auto spmd = dyn_cast<SpmdOp>(at);

  auto nameAttr = at->getAttrOfType<StringAttr>("name");
  std::string name =
      nameAttr
          ? nameAttr.str()
          : (parent.getSymName() + "_incore_" + std::to_string(index)).str();
  OpBuilder builder(parent);
  SmallVector<Type> paramTypes;
  for (Value param : params)
    paramTypes.push_back(param.getType());
  if (spmd)
    paramTypes.push_back(builder.getIndexType());
  auto kernel = builder.create<func::FuncOp>(
      at->getLoc(), name, builder.getFunctionType(paramTypes, {}));
  kernel->setAttr(attr::kKind, builder.getStringAttr(kind::kInCore));
  symbols.insert(kernel, Block::iterator(parent));

  Block *entry = kernel.addEntryBlock();
  if (spmd) {
    spmd.getBlockIndex().replaceAllUsesWith(kernel.getArguments().back());
    kernel.setArgAttr(kernel.getNumArguments() - 1, attr::kSpmd,
                      builder.getStringAttr("block_idx"));
  }
  entry->getOperations().splice(entry->end(),
                                at->getRegion(0).front().getOperations());
  builder.setInsertionPointToStart(entry);
  for (Value constant : constants) {
    Operation *clone = builder.clone(*constant.getDefiningOp());
    replaceAllUsesInRegionWith(constant, clone->getResult(0), kernel.getBody());
  }
  for (auto [i, param] : llvm::enumerate(params))
    replaceAllUsesInRegionWith(param, kernel.getArgument(i), kernel.getBody());
  builder.setInsertionPointToEnd(entry);
  builder.create<func::ReturnOp>(at->getLoc());

  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    bool read = false, written = false;
    classifyAccess(kernel.getArgument(i), read, written);
    StringRef dir = written ? (read ? "inout" : "out") : "in";
    if (fenced.contains(tensor))
      dir = "inout";
    if (isWindowBuffer(tensor))
      kernel.setArgAttr(i, attr::kWindow, builder.getUnitAttr());
    kernel.setArgAttr(i, attr::kDir, builder.getStringAttr(dir));
    kernel.setArgAttr(i, attr::kStrides,
                      builder.getDenseI64ArrayAttr(*getTensorStrides(tensor)));
  }
  // Which scalar parameter holds each run-time size; the kernel's own
  // pypto.dim of a parameter reads it.
  unsigned firstSize = params.size() - runTimeSizes.size();
  DenseMap<unsigned, SmallVector<int64_t>> dimArgs, strideArgs;
  for (auto [k, size] : llvm::enumerate(runTimeSizes)) {
    int64_t rank =
        cast<GMTensorType>(tensors[size.tensor].getType()).getShape().size();
    auto &args = size.isStride ? strideArgs : dimArgs;
    args.try_emplace(size.tensor, rank, -1);
    args[size.tensor][size.dim] = firstSize + k;
  }
  for (auto &[i, args] : dimArgs)
    kernel.setArgAttr(i, attr::kDimArgs, builder.getDenseI64ArrayAttr(args));
  for (auto &[i, args] : strideArgs)
    kernel.setArgAttr(i, attr::kStrideArgs, builder.getDenseI64ArrayAttr(args));
  kernel.walk([&](DimOp dim) {
    // A static dimension is a constant (of any tensor, a window too).
    int64_t size = dim.getSource().getType().getShape()[dim.getDim()];
    if (!ShapedType::isDynamic(size)) {
      OpBuilder folder(dim);
      dim.replaceAllUsesWith(
          folder.create<arith::ConstantIndexOp>(dim.getLoc(), size)
              .getResult());
      dim.erase();
      return;
    }
    auto arg = dyn_cast<BlockArgument>(dim.getSource());
    if (!arg || arg.getOwner() != entry)
      return;
    auto found = dimArgs.find(arg.getArgNumber());
    if (found == dimArgs.end() || found->second[dim.getDim()] < 0)
      return;
    dim.replaceAllUsesWith(kernel.getArgument(found->second[dim.getDim()]));
    dim.erase();
  });

  // The dependency hints go to the call: a tensor parameter that is (a
  // window of) a `no_dep` tensor takes no part in dependency tracking.
  auto atOp = dyn_cast<AtOp>(at);
  OperandRange deps = spmd ? spmd.getDeps() : atOp.getDeps();
  OperandRange noDeps = spmd ? spmd.getNoDep() : atOp.getNoDep();
  SmallVector<int64_t> noDepArgs;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    for (Value view = tensor; view;) {
      if (llvm::is_contained(noDeps, view)) {
        noDepArgs.push_back(i);
        break;
      }
      view = getViewSource(view);
    }
  }
  bool earlyResolve =
      spmd ? spmd.getAllowEarlyResolve() : atOp.getAllowEarlyResolve();
  builder.setInsertionPoint(at);
  auto call = builder.create<CallOp>(
      at->getLoc(), at->getNumResults() ? at->getResult(0).getType() : Type(),
      FlatSymbolRefAttr::get(kernel.getSymNameAttr()), params,
      spmd ? spmd.getBlockCount() : Value(), ValueRange(deps), ArrayAttr(),
      spmd ? spmd.getBlocksAttr() : IntegerAttr(),
      noDepArgs.empty() ? DenseI64ArrayAttr()
                        : builder.getDenseI64ArrayAttr(noDepArgs),
      earlyResolve ? builder.getUnitAttr() : UnitAttr(),
      spmd && spmd.getSyncStart() ? builder.getUnitAttr() : UnitAttr());
  at->replaceAllUsesWith(call->getResults());
  at->erase();
  ++numOutlined;
  return success();
}

void OutlineInCorePass::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTable symbols(module);
  SmallVector<func::FuncOp> parents(module.getOps<func::FuncOp>());
  for (func::FuncOp parent : parents) {
    SmallVector<Operation *> regions;
    parent.walk([&](Operation *op) {
      if (isa<AtOp, SpmdOp>(op))
        regions.push_back(op);
    });
    if (regions.empty())
      continue;
    StringRef role = getFunctionKind(parent);
    if (!role.empty() && role != kind::kOpaque &&
        role != kind::kOrchestration) {
      parent.emitOpError("a '")
          << role << "' function cannot contain 'pypto.at' regions";
      return signalPassFailure();
    }
    for (auto [index, at] : llvm::enumerate(regions)) {
      if (auto atOp = dyn_cast<AtOp>(at))
        at = materializeResults(atOp);
      if (failed(outline(at, parent, symbols, index)))
        return signalPassFailure();
    }
    parent->setAttr(attr::kKind,
                    StringAttr::get(&getContext(), kind::kOrchestration));
  }
}

} // namespace
