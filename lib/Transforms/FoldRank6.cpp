//===- FoldRank6.cpp - rank-6 tensors in the runtime's five dims -*- C++
//-*-===//
//
// The runtime's tensors have five dimensions (simpler's MAX_TENSOR_DIMS).
// A rank-6 tensor [d0, d1, ...] is the same memory as [d0*d1, ...], so every
// rank-6 type becomes that, and the windows and element accesses of such
// tensors have their first two offsets merged. The passes after this one
// and the runtime see five dimensions at most.
//
//===----------------------------------------------------------------------===//

#include "pypto/Transforms/Passes.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_FOLDRANK6
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

constexpr size_t kFoldedRank = 6;

GMTensorType asRank6(Type type) {
  auto tensor = dyn_cast<GMTensorType>(type);
  return tensor && tensor.getShape().size() == kFoldedRank ? tensor
                                                           : GMTensorType();
}

/// [d0, d1, d2, ...] -> [d0*d1, d2, ...]; d1 is static (the type verifier).
GMTensorType foldType(GMTensorType type) {
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> folded{ShapedType::isDynamic(shape[0])
                                  ? ShapedType::kDynamic
                                  : shape[0] * shape[1]};
  folded.append(shape.begin() + 2, shape.end());
  return type.cloneWith(folded, type.getElementType());
}

struct FoldRank6Pass : public mlir::pypto::impl::FoldRank6Base<FoldRank6Pass> {
  using FoldRank6Base::FoldRank6Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!hasRank6(module))
      return;
    DataFlowSolver rangeSolver;
    rangeSolver.load<dataflow::DeadCodeAnalysis>();
    rangeSolver.load<dataflow::SparseConstantPropagation>();
    rangeSolver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(rangeSolver.initializeAndRun(module)))
      return signalPassFailure();
    solver = &rangeSolver;

    // Windows and element accesses first, while the ranges are those of
    // the unchanged program; then every rank-6 type.
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) { ops.push_back(op); });
    bool valid = true;
    for (Operation *op : ops)
      valid &= succeeded(rewriteAccess(op));
    module.walk([&](func::FuncOp func) {
      valid &= succeeded(foldArgumentAttrs(func));
    });
    if (!valid)
      return signalPassFailure();
    foldTypes(module);
  }

private:
  static bool hasRank6(ModuleOp module) {
    auto isRank6 = [](Type type) { return bool(asRank6(type)); };
    WalkResult found = module.walk([&](Operation *op) {
      if (llvm::any_of(op->getResultTypes(), isRank6))
        return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (llvm::any_of(block.getArgumentTypes(), isRank6))
            return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return found.wasInterrupted();
  }

  /// Proves `index` lies in 0..maxIndex, or reports at `op` why the merge
  /// needs it to.
  LogicalResult checkInDimension1(Operation *op, Value index, int64_t maxIndex,
                                  StringRef what) {
    auto *lattice =
        solver->lookupState<dataflow::IntegerValueRangeLattice>(index);
    std::optional<ConstantIntRanges> range;
    if (lattice && !lattice->getValue().isUninitialized() &&
        !(lattice->getValue().getValue().smin().isMinSignedValue() &&
          lattice->getValue().getValue().smax().isMaxSignedValue()))
      range = lattice->getValue().getValue();
    if (range && !range->smin().isNegative() &&
        range->smax().sle(APInt(range->smax().getBitWidth(), maxIndex)))
      return success();
    InFlightDiagnostic diag = op->emitOpError()
                              << what << " dimension 1 of a rank-6 tensor";
    if (range)
      diag << " lies in " << range->smin().getSExtValue() << ".."
           << range->smax().getSExtValue() << ", not provably in 0.."
           << maxIndex;
    else
      diag << " is not provably in 0.." << maxIndex;
    diag << ": the runtime's tensors have five dimensions, so the compiler "
            "merges dimensions 0 and 1, and past the merge nothing would "
            "catch the access running into the next index of dimension 0 "
            "(use a constant or a loop index with constant bounds)";
    return diag;
  }

  /// o0*d1 + o1, folded where both are constants.
  Value mergeOffsets(OpBuilder &builder, Location loc, Value first,
                     Value second, int64_t d1) {
    auto scale = builder.create<arith::ConstantIndexOp>(loc, d1);
    Value scaled = builder.createOrFold<arith::MulIOp>(loc, first, scale);
    Value merged = builder.createOrFold<arith::AddIOp>(loc, scaled, second);
    if (scale->use_empty())
      scale.erase();
    return merged;
  }

  /// The offsets and extents of a window of a rank-6 tensor, merged in
  /// place (`sizes` becomes the folded window), and its valid extents, if
  /// any, merged into `foldedValid`.
  LogicalResult foldWindow(Operation *op, GMTensorType tensor,
                           MutableOperandRange offsets,
                           SmallVectorImpl<int64_t> &sizes,
                           ValueRange valid = {},
                           SmallVectorImpl<Value> *foldedValid = nullptr) {
    int64_t d1 = tensor.getShape()[1];
    bool oneIndex = sizes[0] == 1;
    if (!oneIndex && sizes[1] != d1)
      return op->emitOpError("takes ")
             << sizes[0] << " indices of dimension 0 and " << sizes[1]
             << " of the " << d1
             << " of dimension 1 of a rank-6 tensor: the runtime's tensors "
                "have five dimensions, so the compiler merges dimensions 0 "
                "and 1, and a window must take one index of dimension 0 or "
                "all of dimension 1";
    Value first = offsets[0].get(), second = offsets[1].get();
    if (failed(checkInDimension1(op, second, oneIndex ? d1 - sizes[1] : 0,
                                 oneIndex ? "the window's offset into"
                                          : "a window over all of")))
      return failure();
    OpBuilder builder(op);
    SmallVector<Value> merged{
        mergeOffsets(builder, op->getLoc(), first, second, d1)};
    for (unsigned i = 2, e = offsets.size(); i < e; ++i)
      merged.push_back(offsets[i].get());
    offsets.assign(merged);
    int64_t extent = oneIndex ? sizes[1] : sizes[0] * d1;
    sizes.erase(sizes.begin());
    sizes.front() = extent;
    if (valid.size() == kFoldedRank) {
      // A tail's leading extents are 1 (the ops' verifiers): one index of
      // dimension 0, whose valid extent is dropped.
      if (!oneIndex)
        return op->emitOpError("has a valid shape over several indices of "
                               "dimension 0 of a rank-6 tensor");
      foldedValid->assign(valid.begin() + 1, valid.end());
    } else if (foldedValid) {
      foldedValid->assign(valid.begin(), valid.end());
    }
    return success();
  }

  /// The indices of one element of `tensor`, merged in place when it is
  /// rank 6.
  LogicalResult foldElement(Operation *op, Value tensor,
                            MutableOperandRange indices) {
    GMTensorType type = asRank6(tensor.getType());
    if (!type)
      return success();
    SmallVector<int64_t> ones(kFoldedRank, 1);
    return foldWindow(op, type, indices, ones);
  }

  /// A tile load or store, whose `window` is the window's shape.
  template <typename TileAccessOp>
  LogicalResult foldTileWindow(TileAccessOp op, Value tensor) {
    GMTensorType type = asRank6(tensor.getType());
    if (!type)
      return success();
    SmallVector<int64_t> window = op.getWindowShape();
    if (window.size() != kFoldedRank)
      return op.emitOpError("of a rank-6 tensor needs the six extents of its "
                            "window");
    if (failed(foldWindow(op, type, op.getOffsetsMutable(), window)))
      return failure();
    op.setWindow(ArrayRef<int64_t>(window));
    return success();
  }

  LogicalResult rewriteAccess(Operation *op) {
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](SliceOp slice) {
          GMTensorType source = asRank6(slice.getSource().getType());
          if (!source)
            return success();
          SmallVector<int64_t> sizes(slice.getSizes());
          // Copied: merging the offsets moves the operands.
          SmallVector<Value> tail(slice.getValid()), valid;
          if (failed(foldWindow(slice, source, slice.getOffsetsMutable(), sizes,
                                tail, &valid)))
            return failure();
          slice.getValidMutable().assign(valid);
          slice.setSizes(sizes);
          return success();
        })
        .Case([&](AssembleOp assemble) {
          GMTensorType dest = asRank6(assemble.getDest().getType());
          if (!dest)
            return success();
          // A tile is the 2-D form of a window whose leading extents are 1.
          SmallVector<int64_t> sizes(kFoldedRank, 1);
          if (GMTensorType value = asRank6(assemble.getValue().getType()))
            sizes.assign(value.getShape().begin(), value.getShape().end());
          SmallVector<Value> tail(assemble.getValid()), valid;
          if (failed(foldWindow(assemble, dest, assemble.getOffsetsMutable(),
                                sizes, tail, &valid)))
            return failure();
          assemble.getValidMutable().assign(valid);
          return success();
        })
        .Case([&](RemoteStoreOp store) {
          GMTensorType dest = asRank6(store.getDest().getType());
          if (!dest)
            return success();
          SmallVector<int64_t> sizes(kFoldedRank, 1);
          if (GMTensorType value = asRank6(store.getValue().getType()))
            sizes.assign(value.getShape().begin(), value.getShape().end());
          return foldWindow(store, dest, store.getOffsetsMutable(), sizes);
        })
        .Case([&](RemoteLoadOp load) {
          GMTensorType source = asRank6(load.getSource().getType());
          if (!source)
            return success();
          SmallVector<int64_t> sizes(load.getSizes());
          if (failed(foldWindow(load, source, load.getOffsetsMutable(), sizes)))
            return failure();
          load.setSizes(sizes);
          return success();
        })
        .Case(
            [&](LoadOp load) { return foldTileWindow(load, load.getSource()); })
        .Case([&](StoreOp store) {
          return foldTileWindow(store, store.getDest());
        })
        .Case([&](ReadOp read) {
          return foldElement(read, read.getSource(), read.getIndicesMutable());
        })
        .Case([&](WriteOp write) {
          return foldElement(write, write.getDest(), write.getIndicesMutable());
        })
        .Case([&](InsertOp insert) {
          return foldElement(insert, insert.getDest(),
                             insert.getIndicesMutable());
        })
        .Case([&](NotifyOp notify) {
          return foldElement(notify, notify.getSignal(),
                             notify.getIndicesMutable());
        })
        .Case([&](WaitOp wait) {
          return foldElement(wait, wait.getSignal(), wait.getIndicesMutable());
        })
        .Case([&](DimOp dim) {
          GMTensorType source = asRank6(dim.getSource().getType());
          if (!source)
            return success();
          int64_t d1 = source.getShape()[1];
          OpBuilder builder(dim);
          Location loc = dim.getLoc();
          if (dim.getDim() == 1) {
            dim.replaceAllUsesWith(
                builder.create<arith::ConstantIndexOp>(loc, d1).getResult());
            dim.erase();
          } else if (dim.getDim() == 0) {
            builder.setInsertionPointAfter(dim);
            Value scale = builder.create<arith::ConstantIndexOp>(loc, d1);
            auto first = builder.create<arith::DivUIOp>(loc, dim, scale);
            dim.getResult().replaceAllUsesExcept(first.getResult(), first);
          } else {
            dim.setDim(dim.getDim() - 1);
          }
          return success();
        })
        .Case([&](CreateTensorOp create) {
          GMTensorType type = asRank6(create.getType());
          if (!type || !ShapedType::isDynamic(type.getShape()[0]))
            return success();
          // The first run-time size is dimension 0's.
          OpBuilder builder(create);
          Location loc = create.getLoc();
          OpOperand &first = create.getDynamicSizesMutable()[0];
          Value scale =
              builder.create<arith::ConstantIndexOp>(loc, type.getShape()[1]);
          first.set(builder.create<arith::MulIOp>(loc, first.get(), scale));
          return success();
        })
        .Default([](Operation *) { return success(); });
  }

  /// An argument's per-dimension attributes follow its type: a bound shape
  /// (`pypto.shape`) merges its first two sizes, strides the first two
  /// strides where they are one dimension's.
  LogicalResult foldArgumentAttrs(func::FuncOp func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      GMTensorType type = asRank6(func.getArgumentTypes()[i]);
      if (!type)
        continue;
      if (auto shape =
              func.getArgAttrOfType<DenseI64ArrayAttr>(i, attr::kShape);
          shape && shape.size() == int64_t(kFoldedRank)) {
        SmallVector<int64_t> folded(shape.asArrayRef().drop_front());
        folded.front() *= shape[0];
        func.setArgAttr(i, attr::kShape,
                        DenseI64ArrayAttr::get(func.getContext(), folded));
      }
      if (auto strides =
              func.getArgAttrOfType<DenseI64ArrayAttr>(i, attr::kStrides);
          strides && strides.size() == int64_t(kFoldedRank)) {
        if (strides[0] != strides[1] * type.getShape()[1])
          return func.emitOpError("argument ")
                 << i << " of rank 6 has strides " << strides[0] << " and "
                 << strides[1]
                 << " in its first two dimensions, which the runtime's five "
                    "dimensions cannot merge";
        func.setArgAttr(
            i, attr::kStrides,
            DenseI64ArrayAttr::get(func.getContext(),
                                   strides.asArrayRef().drop_front()));
      }
    }
    return success();
  }

  void foldTypes(ModuleOp module) {
    auto fold = [&](Value value) {
      if (GMTensorType type = asRank6(value.getType())) {
        value.setType(foldType(type));
        ++numFolded;
      }
    };
    module.walk([&](Operation *op) {
      for (Value result : op->getResults())
        fold(result);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            fold(arg);
    });
    module.walk([&](func::FuncOp func) {
      auto foldAll = [](TypeRange types) {
        return llvm::map_to_vector(types, [](Type type) -> Type {
          GMTensorType tensor = asRank6(type);
          return tensor ? foldType(tensor) : type;
        });
      };
      func.setFunctionType(FunctionType::get(func.getContext(),
                                             foldAll(func.getArgumentTypes()),
                                             foldAll(func.getResultTypes())));
    });
  }

  /// The index ranges of the program before the rewrite.
  DataFlowSolver *solver = nullptr;
};

} // namespace
