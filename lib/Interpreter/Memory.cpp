//===- Memory.cpp - tensors, windows, ranks and tile moves ------*- C++ -*-===//

#include "InterpreterImpl.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

//===----------------------------------------------------------------------===//
// Tensors, windows and ranks
//===----------------------------------------------------------------------===//

at::Tensor Interpreter::window(Operation *op, const at::Tensor &source,
                               ArrayRef<int64_t> offsets,
                               ArrayRef<int64_t> sizes) {
  // A tile may name fewer dimensions than the tensor has leading ones (a
  // 1xN tile of an N tensor, say): it takes the trailing ones.
  int64_t rank = source.dim();
  if (int64_t(offsets.size()) != rank)
    fail(op,
         "expected " + Twine(rank) + " offsets, got " + Twine(offsets.size()));
  SmallVector<int64_t> extents(sizes);
  while (int64_t(extents.size()) > rank) {
    if (extents.front() != 1)
      fail(op, "a " + shapeText(sizes) + " window of a rank-" + Twine(rank) +
                   " tensor");
    extents.erase(extents.begin());
  }
  while (int64_t(extents.size()) < rank)
    extents.insert(extents.begin(), 1);
  at::Tensor view = source;
  for (int64_t d = 0; d < rank; ++d) {
    if (offsets[d] < 0 || offsets[d] + extents[d] > source.size(d))
      fail(
          op, "the window at [" +
                  [&] {
                    std::string text;
                    for (size_t i = 0; i < offsets.size(); ++i)
                      text += (i ? ", " : "") + std::to_string(offsets[i]);
                    return text;
                  }() +
                  "] of shape " + shapeText(extents) +
                  " is outside the tensor of shape " +
                  shapeText(mlirShape(source.sizes())));
    view = view.narrow(d, offsets[d], extents[d]);
  }
  return view;
}

at::Tensor Interpreter::peerView(Operation *op, Frame &f,
                                 const at::Tensor &view, int64_t peer) {
  if (peer < 0 || peer >= world)
    fail(op, "peer " + Twine(peer) + " is not a rank of the world of " +
                 Twine(world));
  for (std::vector<at::Tensor> &copies : windows) {
    const at::Tensor &mine = copies[f.rank];
    if (!view.is_alias_of(mine))
      continue;
    const at::Tensor &theirs = copies[peer];
    return theirs.as_strided(view.sizes(), view.strides(),
                             theirs.storage_offset() + (view.storage_offset() -
                                                        mine.storage_offset()));
  }
  fail(op, "only a communication window (pypto.alloc_window) has a copy on "
           "every rank");
}

SmallVector<int64_t> Interpreter::validExtents(Operation *op, Frame &f,
                                               ValueRange valid,
                                               ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> extents = indices(f, valid);
  for (auto [dim, extent, size] : llvm::enumerate(extents, sizes))
    if (extent < 0 || extent > size)
      fail(op, "valid extent " + Twine(extent) + " of dimension " + Twine(dim) +
                   " is outside the window's [0, " + Twine(size) + "]");
  return extents;
}

at::Tensor Interpreter::readTail(Operation *op, Frame &f,
                                 const at::Tensor &source,
                                 ArrayRef<int64_t> offsets,
                                 ArrayRef<int64_t> sizes, ValueRange valid) {
  SmallVector<int64_t> extents = validExtents(op, f, valid, sizes);
  at::Tensor part = window(op, source, offsets, extents);
  at::Tensor whole = unwritten(torchShape(sizes), source.scalar_type());
  at::Tensor inside = whole;
  for (auto [dim, extent] : llvm::enumerate(extents))
    inside = inside.narrow(dim, 0, extent);
  inside.copy_(part.reshape(inside.sizes()));
  return whole;
}

void Interpreter::writeWindow(Operation *op, Frame &f, const at::Tensor &dest,
                              ArrayRef<int64_t> offsets,
                              const at::Tensor &value, ValueRange valid,
                              bool add) {
  at::Tensor written = value;
  SmallVector<int64_t> sizes(mlirShape(value.sizes()));
  if (!valid.empty()) {
    sizes = validExtents(op, f, valid, sizes);
    for (auto [dim, extent] : llvm::enumerate(sizes))
      written = written.narrow(dim, 0, extent);
  }
  at::Tensor target = window(op, dest, offsets, sizes);
  written = written.reshape(target.sizes());
  // An atomic add rounds to the element type, as each device add does.
  if (add)
    target.add_(written.to(target.scalar_type()));
  else
    target.copy_(written);
  changed();
}

void Interpreter::runSlice(Operation *op, Frame &f) {
  auto slice = cast<pp::SliceOp>(op);
  at::Tensor source = tensor(f, slice.getSource());
  SmallVector<int64_t> offsets = indices(f, slice.getOffsets());
  set(f, slice.getResult(),
      slice.getValid().empty() ? window(op, source, offsets, slice.getSizes())
                               : readTail(op, f, source, offsets,
                                          slice.getSizes(), slice.getValid()));
}

void Interpreter::runCreate(Operation *op, Frame &f) {
  Value result = op->getResult(0);
  auto type = shapedType(result);
  c10::ScalarType dtype = dtypeOf(type.getElementType(), op->getLoc());
  if (isa<pp::AllocWindowOp>(op)) {
    // Zeroed once before the run, one copy per rank.
    windowOf[result] = windows.size();
    windows.emplace_back();
    for (int64_t r = 0; r < world; ++r)
      windows.back().push_back(at::zeros(torchShape(type.getShape()),
                                         at::TensorOptions().dtype(dtype)));
    set(f, result, windows.back()[f.rank]);
    return;
  }
  auto create = dyn_cast<pp::CreateTensorOp>(op);
  SmallVector<int64_t> shape(type.getShape());
  if (create) {
    SmallVector<int64_t> sizes = indices(f, create.getDynamicSizes());
    for (int64_t &dim : shape)
      if (ShapedType::isDynamic(dim)) {
        dim = sizes.front();
        sizes.erase(sizes.begin());
        if (dim < 0 || dim > int64_t(UINT32_MAX))
          fail(op, "size " + Twine(dim) +
                       " is outside the runtime's 0..4294967295");
      }
    if (FloatAttr init = create.getInitAttr()) {
      set(f, result,
          at::full(torchShape(shape), init.getValueAsDouble(),
                   at::TensorOptions().dtype(dtype)));
      return;
    }
  }
  set(f, result, unwritten(torchShape(shape), dtype));
}

void Interpreter::runRead(Operation *op, Frame &f) {
  auto read = cast<pp::ReadOp>(op);
  at::Tensor source = tensor(f, read.getSource());
  SmallVector<int64_t> at = indices(f, read.getIndices());
  SmallVector<int64_t> ones(at.size(), 1);
  at::Tensor element = window(op, source, at, ones);
  Type type = read.getType();
  if (isa<FloatType>(type))
    set(f, read.getResult(),
        makeFloat(type, element.to(at::kDouble).item<double>(), op->getLoc()));
  else
    set(f, read.getResult(),
        makeInt(type, element.to(at::kLong).item<int64_t>()));
}

void Interpreter::runWrite(Operation *op, Frame &f) {
  auto write = cast<pp::WriteOp>(op);
  SmallVector<int64_t> at = indices(f, write.getIndices());
  SmallVector<int64_t> ones(at.size(), 1);
  window(op, tensor(f, write.getDest()), at, ones)
      .fill_(scalar(f, write.getValue()).toTorch());
  changed();
}

void Interpreter::runInsert(Operation *op, Frame &f) {
  auto insert = cast<pp::InsertOp>(op);
  SmallVector<int64_t> at = indices(f, insert.getIndices());
  SmallVector<int64_t> ones(at.size(), 1);
  at::Tensor result = tensor(f, insert.getDest()).clone();
  window(op, result, at, ones).fill_(scalar(f, insert.getValue()).toTorch());
  set(f, insert.getResult(), result);
}

void Interpreter::runGatherRow(Operation *op, Frame &f) {
  auto gather = cast<pp::GatherRowOp>(op);
  at::Tensor source = tensor(f, gather.getSource());
  SmallVector<int64_t> from = indices(f, gather.getSourceOffsets());
  SmallVector<int64_t> to = indices(f, gather.getOffsets());
  SmallVector<int64_t> extents(gather.getSizes());
  if (!gather.getValid().empty())
    extents = validExtents(op, f, gather.getValid(), gather.getSizes());
  at::Tensor result = tensor(f, gather.getAcc()).clone();
  // Name the side that is out of bounds.
  auto range = [](int64_t at, int64_t extent) {
    return "[" + std::to_string(at) + ", " + std::to_string(at + extent) + ")";
  };
  if (from[0] < 0 || from[0] + extents[0] > source.size(0) || from[1] < 0 ||
      from[1] + extents[1] > source.size(1))
    fail(op, "source rows " + range(from[0], extents[0]) + ", columns " +
                 range(from[1], extents[1]) + " are outside the " +
                 shapeText(mlirShape(source.sizes())) + " tensor");
  if (to[0] < 0 || to[0] + extents[0] > result.size(0))
    fail(op, "rows " + range(to[0], extents[0]) + " are outside the " +
                 std::to_string(result.size(0)) + "-row accumulator");
  window(op, result, to, extents).copy_(window(op, source, from, extents));
  set(f, gather.getResult(), result);
}

void Interpreter::runScatterMask(Operation *op, Frame &f) {
  auto scatter = cast<pp::ScatterMaskOp>(op);
  at::Tensor result = tensor(f, scatter.getDest()).clone();
  int64_t first = scatter.getMask() == pp::GatherMask::even ? 0 : 1;
  result.slice(1, first, result.size(1), 2)
      .copy_(tensor(f, scatter.getSource()));
  set(f, scatter.getResult(), result);
}

void Interpreter::runTransposeView(Operation *op, Frame &f) {
  auto view = cast<pp::TransposeViewOp>(op);
  set(f, view.getResult(), tensor(f, view.getSource()).t().contiguous());
}

void Interpreter::runDim(Operation *op, Frame &f) {
  auto dim = cast<pp::DimOp>(op);
  set(f, dim.getResult(),
      makeInt(dim.getType(),
              tensor(f, dim.getSource()).size(int64_t(dim.getDim()))));
}

void Interpreter::runAssemble(Operation *op, Frame &f) {
  auto assemble = cast<pp::AssembleOp>(op);
  writeValue(op, f, tensor(f, assemble.getDest()),
             indices(f, assemble.getOffsets()), assemble.getValue(),
             assemble.getValid(), assemble.getAtomicAdd());
}

void Interpreter::writeValue(Operation *op, Frame &f, const at::Tensor &dest,
                             ArrayRef<int64_t> offsets, Value valueValue,
                             ValueRange valid, bool add) {
  // A copy first: the value may be a view of the destination.
  at::Tensor value = tensor(f, valueValue).clone();
  // A narrowed value writes its valid region only.
  if (auto it = f.narrowed.find(valueValue); it != f.narrowed.end()) {
    SmallVector<int64_t> extents(mlirShape(value.sizes()));
    if (!valid.empty())
      extents = validExtents(op, f, valid, extents);
    value = value.narrow(0, 0, std::min(extents[0], it->second.first))
                .narrow(1, 0, std::min(extents[1], it->second.second));
    valid = ValueRange();
  }
  writeWindow(op, f, dest, offsets, value, valid, add);
}

/// The source in the valid region, undefined (NaN, or the integer poison)
/// outside it; the region is remembered for the value's readers.
void Interpreter::runSetValidShape(Operation *op, Frame &f) {
  auto narrowing = cast<pp::SetValidShapeOp>(op);
  at::Tensor source = tensor(f, narrowing.getSource());
  auto [rows, cols] =
      validRegion(op, f, narrowing.getSource(), source,
                  narrowing.getValidRows(), narrowing.getValidCols());
  at::Tensor result = unwritten(source.sizes(), source.scalar_type());
  result.narrow(0, 0, rows)
      .narrow(1, 0, cols)
      .copy_(source.narrow(0, 0, rows).narrow(1, 0, cols));
  set(f, narrowing.getResult(), result);
  f.narrowed[narrowing.getResult()] = {rows, cols};
}

/// mgather: rows of the table by the index row; mscatter: rows into the
/// table in index order (the later of two writes of a row stays), added
/// with atomic_add.
void Interpreter::runRowsByIndex(Operation *op, Frame &f) {
  auto gather = dyn_cast<pp::MGatherOp>(op);
  auto scatter = dyn_cast<pp::MScatterOp>(op);
  // scatter_update: an mscatter of its index in row-major order.
  auto update = dyn_cast<pp::ScatterUpdateOp>(op);
  at::Tensor table = tensor(f, gather    ? gather.getTable()
                               : scatter ? scatter.getTable()
                                         : update.getTable());
  at::Tensor index = tensor(f, gather    ? gather.getIndex()
                               : scatter ? scatter.getIndex()
                                         : update.getIndex())
                         .reshape({1, -1});
  int64_t rows = table.size(0);
  SmallVector<int64_t> picked;
  for (int64_t r = 0; r < index.size(1); ++r) {
    int64_t k = index[0][r].item<int64_t>();
    if (k < 0 || k >= rows)
      fail(op, "index " + Twine(k) + " (entry " + Twine(r) +
                   ") is outside the table's " + Twine(rows) + " rows");
    picked.push_back(k);
  }
  if (gather) {
    at::Tensor result =
        at::empty({index.size(1), table.size(1)}, table.options());
    for (auto [r, k] : llvm::enumerate(picked))
      result[r].copy_(table[k]);
    set(f, gather.getResult(), result);
    return;
  }
  at::Tensor value = tensor(f, scatter ? scatter.getValue() : update.getSrc());
  for (auto [r, k] : llvm::enumerate(picked)) {
    if (scatter && scatter.getAtomicAdd())
      table[k].add_(value[r].to(table.scalar_type()));
    else
      table[k].copy_(value[r]);
  }
  changed();
}

/// paged_gather: each logical index through the page table to a row of
/// the pool.
void Interpreter::runPagedGather(Operation *op, Frame &f) {
  auto gather = cast<pp::PagedGatherOp>(op);
  at::Tensor pool = tensor(f, gather.getSource());
  at::Tensor indices = tensor(f, gather.getIndices());
  at::Tensor table = tensor(f, gather.getBlockTable());
  int64_t blockSize = gather.getBlockSize(), from = gather.getColOffset();
  int64_t cols = shapedType(gather.getResult()).getShape()[1];
  at::Tensor result = at::empty({indices.size(1), cols}, pool.options());
  for (int64_t k = 0; k < indices.size(1); ++k) {
    int64_t i = indices[0][k].item<int64_t>();
    int64_t block = i / blockSize;
    if (i < 0 || block >= table.size(1))
      fail(op, "index " + Twine(i) + " (entry " + Twine(k) + ") is in block " +
                   Twine(block) + ", outside the table's " +
                   Twine(table.size(1)) + " blocks");
    int64_t phys = table[0][block].item<int64_t>() * blockSize + i % blockSize;
    if (phys < 0 || phys >= pool.size(0))
      fail(op, "index " + Twine(i) + " (entry " + Twine(k) + ") maps to row " +
                   Twine(phys) + ", outside the pool's " + Twine(pool.size(0)) +
                   " rows");
    result[k].copy_(pool[phys].narrow(0, from, cols));
  }
  set(f, gather.getResult(), result);
}

void Interpreter::runRanks(Operation *op, Frame &f) {
  auto ranks = cast<pp::RanksOp>(op);
  // Every rank runs the body with its own copy of each window.
  std::vector<Frame> frames(ranks.getWorld());
  std::vector<Job> jobs;
  Type indexType = IndexType::get(op->getContext());
  for (int64_t r = 0; r < ranks.getWorld(); ++r) {
    Frame &frame = frames[r];
    frame.values = f.values;
    frame.rank = r;
    for (auto [value, k] : windowOf)
      frame.values[value] = windows[k][r];
    frame.values[ranks.getRank()] = makeInt(indexType, r);
    jobs.push_back([this, &frame, ranks](Lock &lock) mutable {
      frame.lock = &lock;
      runBlock(ranks.getBody().front(), frame);
    });
  }
  runAgents(f, std::move(jobs));
}

void Interpreter::runRemote(Operation *op, Frame &f) {
  Location loc = op->getLoc();
  // A put's or get's sizes: the static ones and the run-time ones in order.
  auto copySizes = [&](ArrayRef<int64_t> staticSizes, ValueRange dynamic) {
    SmallVector<int64_t> sizes(staticSizes);
    unsigned next = 0;
    for (int64_t &size : sizes)
      if (ShapedType::isDynamic(size)) {
        size = index(f, dynamic[next++]);
        if (size < 0)
          fail(op, "size " + Twine(size) + " of the copy is negative");
      }
    return sizes;
  };
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](pp::RemoteLoadOp load) {
        at::Tensor theirs = peerView(op, f, tensor(f, load.getSource()),
                                     index(f, load.getPeer()));
        set(f, load.getResult(),
            window(op, theirs, indices(f, load.getOffsets()), load.getSizes())
                .clone());
      })
      .Case([&](pp::RemoteStoreOp store) {
        at::Tensor theirs = peerView(op, f, tensor(f, store.getDest()),
                                     index(f, store.getPeer()));
        writeValue(op, f, theirs, indices(f, store.getOffsets()),
                   store.getValue(), ValueRange(), store.getAtomicAdd());
      })
      .Case([&](pp::PutOp put) {
        at::Tensor theirs =
            peerView(op, f, tensor(f, put.getDest()), index(f, put.getPeer()));
        at::Tensor data = window(
            op, tensor(f, put.getSource()), indices(f, put.getSourceOffsets()),
            copySizes(put.getStaticSizes(), put.getSizes()));
        writeWindow(op, f, theirs, indices(f, put.getDestOffsets()),
                    data.clone(), ValueRange(), put.getAtomicAdd());
      })
      .Case([&](pp::GetOp get) {
        at::Tensor theirs = peerView(op, f, tensor(f, get.getSource()),
                                     index(f, get.getPeer()));
        at::Tensor data =
            window(op, theirs, indices(f, get.getSourceOffsets()),
                   copySizes(get.getStaticSizes(), get.getSizes()));
        writeWindow(op, f, tensor(f, get.getDest()),
                    indices(f, get.getDestOffsets()), data.clone(),
                    ValueRange(), false);
      })
      .Case([&](pp::NotifyOp notify) {
        at::Tensor theirs = peerView(op, f, tensor(f, notify.getSignal()),
                                     index(f, notify.getPeer()));
        SmallVector<int64_t> at = indices(f, notify.getIndices());
        at::Tensor element =
            window(op, theirs, at, SmallVector<int64_t>(at.size(), 1));
        int64_t value = scalar(f, notify.getValue()).i;
        if (notify.getKind() == pp::NotifyKind::add)
          element.add_(value);
        else
          element.fill_(value);
        changed();
      })
      .Case([&](pp::WaitOp wait) {
        at::Tensor signal = tensor(f, wait.getSignal());
        SmallVector<int64_t> at = indices(f, wait.getIndices());
        at::Tensor element =
            window(op, signal, at, SmallVector<int64_t>(at.size(), 1));
        int64_t expected = scalar(f, wait.getExpected()).i;
        pp::WaitCmp cmp = wait.getCmp();
        auto ready = [&] {
          int64_t v = element.to(at::kLong).item<int64_t>();
          switch (cmp) {
          case pp::WaitCmp::eq:
            return v == expected;
          case pp::WaitCmp::ne:
            return v != expected;
          case pp::WaitCmp::gt:
            return v > expected;
          case pp::WaitCmp::ge:
            return v >= expected;
          case pp::WaitCmp::lt:
            return v < expected;
          case pp::WaitCmp::le:
            return v <= expected;
          }
          return false;
        };
        waitUntil(f, op, ready,
                  "the wait for " + pp::stringifyWaitCmp(cmp) + " " +
                      Twine(expected) + " on rank " + Twine(f.rank));
      });
  (void)loc;
}

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

void Interpreter::runLoad(Operation *op, Frame &f) {
  auto load = cast<pp::LoadOp>(op);
  at::Tensor source = tensor(f, load.getSource());
  if (load.getPeer())
    source = peerView(op, f, source, index(f, load.getPeer()));
  ArrayRef<int64_t> shape = load.getType().getShape();
  SmallVector<int64_t> sizes(shape);
  if (load.getTranspose())
    std::reverse(sizes.begin(), sizes.end());
  SmallVector<int64_t> offsets = indices(f, load.getOffsets());
  at::Tensor t = load.getValid().empty()
                     ? window(op, source, offsets, sizes).reshape(sizes)
                     : readTail(op, f, source, offsets, sizes, load.getValid());
  if (load.getTranspose())
    t = t.t();
  set(f, load.getResult(), t.contiguous().clone());
}

void Interpreter::runStore(Operation *op, Frame &f) {
  auto store = cast<pp::StoreOp>(op);
  if (f.narrowed.count(store.getValue()))
    fail(op, "stores a tile whose valid region pypto.set_validshape "
             "narrowed; run pypto-lower-composite-ops first");
  at::Tensor dest = tensor(f, store.getDest());
  if (store.getPeer())
    dest = peerView(op, f, dest, index(f, store.getPeer()));
  writeWindow(op, f, dest, indices(f, store.getOffsets()),
              tensor(f, store.getValue()), store.getValid(),
              store.getAtomicAdd());
}

void Interpreter::runExtract(Operation *op, Frame &f) {
  auto extract = cast<pp::ExtractOp>(op);
  at::Tensor source = tensor(f, extract.getSource());
  SmallVector<int64_t> at = {index(f, extract.getRow()),
                             index(f, extract.getCol())};
  at::Tensor w = window(op, source, at, extract.getType().getShape());
  set(f, extract.getResult(),
      castTensor(w, dtypeOf(extract.getType().getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
}

void Interpreter::runExtractOrInsert(Operation *op, Frame &f) {
  if (isa<pp::ExtractOp>(op))
    return runExtract(op, f);
  auto insert = cast<pp::InsertTileOp>(op);
  at::Tensor result = tensor(f, insert.getDest()).clone();
  at::Tensor source = tensor(f, insert.getSource());
  SmallVector<int64_t> at = {index(f, insert.getRow()),
                             index(f, insert.getCol())};
  window(op, result, at, insert.getSource().getType().getShape()).copy_(source);
  set(f, insert.getResult(), result);
}

void Interpreter::runMove(Operation *op, Frame &f) {
  auto move = cast<pp::MoveOp>(op);
  set(f, move.getResult(),
      castTensor(tensor(f, move.getSource()),
                 dtypeOf(move.getType().getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
}

//===----------------------------------------------------------------------===//
// Pipes
//===----------------------------------------------------------------------===//

/// Lane `lane`'s share of `tile` under `mode`: all of it, or the top
/// (bottom) half of its rows, the left (right) half of its columns.
static at::Tensor laneShare(Operation *op, const at::Tensor &tile,
                            pp::SplitMode mode, int64_t lane) {
  if (mode == pp::SplitMode::none)
    return tile.clone();
  int64_t axis = mode == pp::SplitMode::up_down ? 0 : 1;
  if (tile.dim() != 2 || tile.size(axis) % 2 != 0)
    fail(op, "splits a tile of " +
                 Twine(tile.dim() == 2 ? tile.size(axis) : 0) +
                 (axis == 0 ? " rows" : " columns") +
                 " between two lanes; the split extent must be even");
  int64_t half = tile.size(axis) / 2;
  return tile.narrow(axis, lane * half, half).contiguous().clone();
}

void Interpreter::runAivShard(Operation *op, Frame &f) {
  auto shard = cast<pp::AivShardOp>(op);
  auto region = cast<pp::SplitAivOp>(op->getParentOp());
  set(f, shard.getResult(),
      laneShare(op, tensor(f, shard.getSource()), region.getMode(), f.lane));
}

void Interpreter::runPipe(Operation *op, Frame &f) {
  if (isa<pp::AicInitializePipeOp, pp::AivInitializePipeOp, pp::TFreeToAicOp,
          pp::TFreeToAivOp>(op))
    return; // slots are not modelled: the reference has no capacity limit
  if (!f.pipe)
    fail(op, "a pipe op outside the parts of a mixed kernel");
  Pipe &pipe = *f.pipe;
  if (auto push = dyn_cast<pp::TPushToAivOp>(op)) {
    // Each lane receives the whole tile, or its half under a split.
    at::Tensor tile = tensor(f, push.getTile());
    for (int64_t lane = 0; lane < pipe.lanes; ++lane)
      pipe.toAiv[lane].push_back(laneShare(
          op, tile, pipe.lanes == 2 ? push.getSplit() : pp::SplitMode::none,
          lane));
    return changed();
  }
  if (isa<pp::TPushToAicOp>(op)) {
    if (pipe.lanes != 1)
      fail(op, "a vector-to-cube push from a part both AIV lanes run");
    pipe.toAic.push_back(tensor(f, op->getOperand(0)).clone());
    return changed();
  }
  std::deque<at::Tensor> &queue =
      isa<pp::TPopFromAicOp>(op) ? pipe.toAiv[f.lane] : pipe.toAic;
  waitUntil(
      f, op, [&] { return !queue.empty(); }, "the pop of a tile nobody pushes");
  Value result = op->getResult(0);
  set(f, result,
      castTensor(queue.front(),
                 dtypeOf(shapedType(result).getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
  queue.pop_front();
}

} // namespace pypto::interp::detail
