//===- Compute.cpp - the interpreter's computations on tiles ----*- C++ -*-===//

#include "InterpreterImpl.h"

#include "pypto/Runtime/view_strides.h"

#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

namespace {

/// `exact` (float64 or int64) rounded to the dtype of `result`.
at::Tensor rounded(const at::Tensor &exact, Value result) {
  // An op registered for a kind of computation that has no case for it.
  if (!exact.defined())
    fail(result.getDefiningOp(), "the interpreter has no computation for it");
  return exact.to(
      dtypeOf(shapedType(result).getElementType(), result.getLoc()));
}

/// An N-D tensor as a kernel computes on it: its 2-D form, every dimension
/// but the last merged into rows (pypto's FlattenTileNdTo2D).
at::Tensor flat2D(const at::Tensor &t) {
  if (t.dim() == 2)
    return t;
  if (t.dim() == 0)
    return t.reshape({1, 1});
  return t.reshape({-1, t.size(-1)});
}

/// `r`, computed on 2-D forms, in the shape of `result`.
at::Tensor asResultShape(const at::Tensor &r, Value result) {
  ShapedType type = shapedType(result);
  if (!type.hasStaticShape() || type.getRank() == 2)
    return r;
  return r.reshape(torchShape(type.getShape()));
}

void requireNonzeroDivisor(Operation *op, const at::Tensor &b) {
  if ((b == 0).any().item<bool>())
    fail(op, "integer division by zero");
}

at::Tensor integerDivide(Operation *op, const at::Tensor &a,
                         const at::Tensor &b) {
  requireNonzeroDivisor(op, b);
  return at::div(a, b, "trunc");
}

/// The tile library's remainders: C's fmod (the dividend's sign; integer
/// INT_MIN % -1 is 0) and, when `floored`, Python's % (the divisor's sign).
at::Tensor remainder(Operation *op, const at::Tensor &a, const at::Tensor &b,
                     bool floored) {
  if (!at::isFloatingType(a.scalar_type()))
    requireNonzeroDivisor(op, b);
  at::Tensor r = at::fmod(a, b.expand(a.sizes()));
  if (!floored)
    return r;
  return at::where(r.ne(0).logical_and(r.lt(0).ne(b.lt(0))), r + b, r);
}

/// Shifts by `n` (0 or more; a count of the bit width or more gives 0, or
/// -1 for a right shift of a negative value), on int64 values of `bits`.
at::Tensor shift(Operation *op, const at::Tensor &a, const at::Tensor &n,
                 bool left) {
  if ((n < 0).any().item<bool>())
    fail(op, "negative shift count " + std::to_string(n.min().item<int64_t>()));
  at::Tensor count = n.clamp_max(63).expand(a.sizes());
  return left ? at::bitwise_left_shift(a, count)
              : at::bitwise_right_shift(a, count);
}

/// `x > 0 ? x : x * slope`.
at::Tensor leakyRelu(const at::Tensor &a, const at::Tensor &slope) {
  return at::where(a.gt(0), a, a * slope);
}

} // namespace

void Interpreter::runBinary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor b = widen(tensor(f, op->getOperand(1)));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r =
      llvm::TypeSwitch<Operation *, at::Tensor>(op)
          .Case([&](pp::AddOp) { return a + b; })
          .Case([&](pp::SubOp) { return a - b; })
          .Case([&](pp::MulOp) { return a * b; })
          .Case([&](pp::DivOp) {
            return isInt ? integerDivide(op, a, b) : a / b;
          })
          .Case([&](pp::MaxOp) { return at::maximum(a, b); })
          .Case([&](pp::MinOp) { return at::minimum(a, b); })
          .Case([&](pp::RemOp) { return remainder(op, a, b, true); })
          .Case([&](pp::FmodOp) { return remainder(op, a, b, false); })
          .Case([&](pp::AndOp) { return at::bitwise_and(a, b); })
          .Case([&](pp::OrOp) { return at::bitwise_or(a, b); })
          .Case([&](pp::XorOp) { return at::bitwise_xor(a, b); })
          .Case([&](pp::ShlOp) { return shift(op, a, b, true); })
          .Case([&](pp::ShrOp) { return shift(op, a, b, false); })
          .Case([&](pp::PreluOp) { return leakyRelu(a, b); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runScalarOp(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  Scalar s = scalar(f, op->getOperand(1));
  at::Tensor b =
      at::full({}, s.toTorch(), at::TensorOptions().dtype(a.scalar_type()));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r =
      llvm::TypeSwitch<Operation *, at::Tensor>(op)
          .Case([&](pp::AddsOp) { return a + b; })
          .Case([&](pp::SubsOp) { return a - b; })
          .Case([&](pp::MulsOp) { return a * b; })
          .Case([&](pp::DivsOp) {
            return isInt ? integerDivide(op, a, b) : a / b;
          })
          .Case([&](pp::MaxsOp) { return at::maximum(a, b); })
          .Case([&](pp::MinsOp) { return at::minimum(a, b); })
          .Case([&](pp::RemsOp) { return remainder(op, a, b, true); })
          .Case([&](pp::FmodsOp) { return remainder(op, a, b, false); })
          .Case([&](pp::AndsOp) { return at::bitwise_and(a, b); })
          .Case([&](pp::OrsOp) { return at::bitwise_or(a, b); })
          .Case([&](pp::XorsOp) { return at::bitwise_xor(a, b); })
          .Case([&](pp::ShlsOp) { return shift(op, a, b, true); })
          .Case([&](pp::ShrsOp) { return shift(op, a, b, false); })
          .Case([&](pp::LreluOp) { return leakyRelu(a, b); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runTernary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor c = widen(tensor(f, op->getOperand(2)));
  at::Tensor b;
  if (isa<pp::AddscOp, pp::SubscOp>(op))
    b = at::full({}, scalar(f, op->getOperand(1)).toTorch(),
                 at::TensorOptions().dtype(a.scalar_type()));
  else
    b = widen(tensor(f, op->getOperand(1)));
  // The tile library computes floats in f32 and rounds after each step.
  auto step = [&](const at::Tensor &t) {
    return at::isFloatingType(t.scalar_type())
               ? t.to(at::kFloat).to(at::kDouble)
               : t;
  };
  at::Tensor first = isa<pp::AddcOp, pp::AddscOp>(op) ? a + b : a - b;
  set(f, op->getResult(0), rounded(step(first) + c, op->getResult(0)));
}

void Interpreter::runUnary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case([&](pp::NegOp) { return -a; })
                     .Case([&](pp::AbsOp) { return at::abs(a); })
                     .Case([&](pp::ReluOp) { return at::clamp_min(a, 0); })
                     .Case([&](pp::ExpOp) { return at::exp(a); })
                     .Case([&](pp::LogOp) { return at::log(a); })
                     .Case([&](pp::SqrtOp) { return at::sqrt(a); })
                     .Case([&](pp::RsqrtOp) { return at::rsqrt(a); })
                     .Case([&](pp::RecipOp) { return at::reciprocal(a); })
                     .Case([&](pp::NotOp) { return at::bitwise_not(a); })
                     .Case([&](pp::SinOp) { return at::sin(a); })
                     .Case([&](pp::CosOp) { return at::cos(a); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runCast(Operation *op, Frame &f) {
  auto cast = llvm::cast<pp::CastOp>(op);
  set(f, cast.getResult(),
      castTensor(
          tensor(f, cast.getSource()),
          dtypeOf(shapedType(cast.getResult()).getElementType(), op->getLoc()),
          cast.getRound()));
}

void Interpreter::runReduce(Operation *op, Frame &f) {
  at::Tensor a = flat2D(widen(tensor(f, op->getOperand(0))));
  bool isRow = isa<pp::RowSumOp, pp::RowMaxOp, pp::RowMinOp, pp::RowProdOp>(op);
  int64_t dim = isRow ? 1 : 0;
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case<pp::RowSumOp, pp::ColSumOp>(
                         [&](Operation *) { return a.sum(dim, true); })
                     .Case<pp::RowMaxOp, pp::ColMaxOp>(
                         [&](Operation *) { return a.amax(dim, true); })
                     .Case<pp::RowMinOp, pp::ColMinOp>(
                         [&](Operation *) { return a.amin(dim, true); })
                     .Case<pp::RowProdOp, pp::ColProdOp>(
                         [&](Operation *) { return a.prod(dim, true); });
  set(f, op->getResult(0),
      rounded(asResultShape(r, op->getResult(0)), op->getResult(0)));
}

void Interpreter::runArgReduce(Operation *op, Frame &f) {
  at::Tensor a = flat2D(widen(tensor(f, op->getOperand(0))));
  bool isRow = isa<pp::RowArgmaxOp, pp::RowArgminOp>(op);
  int64_t dim = isRow ? 1 : 0;
  if (a.size(dim) == 0)
    fail(op, "reduction over an empty (0-element) valid region");
  // argmax and argmin return the first extreme, as the tile library does.
  at::Tensor r = isa<pp::RowArgmaxOp, pp::ColArgmaxOp>(op)
                     ? a.argmax(dim, true)
                     : a.argmin(dim, true);
  set(f, op->getResult(0),
      rounded(asResultShape(r, op->getResult(0)), op->getResult(0)));
}

void Interpreter::runBroadcast(Operation *op, Frame &f) {
  at::Tensor a = flat2D(tensor(f, op->getOperand(0)));
  ArrayRef<int64_t> shape = shapedType(op->getResult(0)).getShape();
  set(f, op->getResult(0),
      asResultShape(a.expand(torchShape(pp::flattenTo2D(shape))).contiguous(),
                    op->getResult(0)));
}

void Interpreter::runExpandBinary(Operation *op, Frame &f) {
  at::Tensor a = flat2D(widen(tensor(f, op->getOperand(0))));
  at::Tensor v = flat2D(widen(tensor(f, op->getOperand(1))));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r =
      llvm::TypeSwitch<Operation *, at::Tensor>(op)
          .Case<pp::RowExpandADDOp, pp::ColExpandADDOp>(
              [&](Operation *) { return a + v; })
          .Case<pp::RowExpandSUBOp, pp::ColExpandSUBOp>(
              [&](Operation *) { return a - v; })
          .Case<pp::RowExpandMULOp, pp::ColExpandMULOp>(
              [&](Operation *) { return a * v; })
          .Case<pp::RowExpandDIVOp, pp::ColExpandDIVOp>([&](Operation *) {
            return isInt ? integerDivide(op, a, v.expand(a.sizes())) : a / v;
          })
          .Case<pp::RowExpandMAXOp, pp::ColExpandMAXOp>(
              [&](Operation *) { return at::maximum(a, v); })
          .Case<pp::RowExpandMINOp, pp::ColExpandMINOp>(
              [&](Operation *) { return at::minimum(a, v); })
          .Case<pp::RowExpandEXPDIFOp, pp::ColExpandEXPDIFOp>(
              [&](Operation *) { return at::exp(a - v); });
  set(f, op->getResult(0),
      rounded(asResultShape(r, op->getResult(0)), op->getResult(0)));
}

void Interpreter::runFull(Operation *op, Frame &f) {
  auto full = cast<pp::FullOp>(op);
  auto type = shapedType(full.getResult());
  set(f, full.getResult(),
      at::full(torchShape(type.getShape()),
               scalar(f, full.getValue()).toTorch(),
               at::TensorOptions().dtype(
                   dtypeOf(type.getElementType(), op->getLoc()))));
}

std::pair<int64_t, int64_t> Interpreter::validRegion(Operation *op, Frame &f,
                                                     Value sourceValue,
                                                     const at::Tensor &source,
                                                     Value validRows,
                                                     Value validCols) {
  int64_t rows = index(f, validRows), cols = index(f, validCols);
  if (rows < 0 || rows > source.size(0) || cols < 0 || cols > source.size(1))
    fail(op, "the valid extents [" + Twine(rows) + ", " + Twine(cols) +
                 "] are outside the " + shapeText(mlirShape(source.sizes())) +
                 " tile");
  // A narrowed source keeps its narrowed region only.
  if (auto it = f.narrowed.find(sourceValue); it != f.narrowed.end()) {
    rows = std::min(rows, it->second.first);
    cols = std::min(cols, it->second.second);
  }
  return {rows, cols};
}

void Interpreter::runFillPad(Operation *op, Frame &f) {
  auto pad = cast<pp::FillPadOp>(op);
  at::Tensor source = flat2D(tensor(f, pad.getSource()));
  auto [rows, cols] = validRegion(op, f, pad.getSource(), source,
                                  pad.getValidRows(), pad.getValidCols());
  at::Tensor result = source.clone();
  c10::ScalarType dtype = result.scalar_type();
  bool isFloat = at::isFloatingType(dtype);
  at::Scalar value;
  switch (pad.getPad()) {
  case pp::PadValue::zero:
    value = 0;
    break;
  case pp::PadValue::max:
    value = at::Scalar(std::numeric_limits<double>::infinity());
    break;
  case pp::PadValue::min:
    value = at::Scalar(-std::numeric_limits<double>::infinity());
    break;
  }
  if (!isFloat) {
    // The largest and smallest values of the integer type.
    int64_t bits = int64_t(at::elementSize(dtype)) * 8;
    bool isUnsigned = dtype == at::kByte || dtype == at::kBool;
    int64_t maxValue = isUnsigned   ? (int64_t(1) << bits) - 1
                       : bits >= 64 ? std::numeric_limits<int64_t>::max()
                                    : (int64_t(1) << (bits - 1)) - 1;
    int64_t minValue = isUnsigned   ? 0
                       : bits >= 64 ? std::numeric_limits<int64_t>::min()
                                    : -(int64_t(1) << (bits - 1));
    if (pad.getPad() == pp::PadValue::max)
      value = maxValue;
    else if (pad.getPad() == pp::PadValue::min)
      value = minValue;
  }
  result.narrow(0, rows, result.size(0) - rows).fill_(value);
  result.narrow(1, cols, result.size(1) - cols).fill_(value);
  set(f, pad.getResult(), asResultShape(result, pad.getResult()));
}

void Interpreter::runTranspose(Operation *op, Frame &f) {
  set(f, op->getResult(0), tensor(f, op->getOperand(0)).t().contiguous());
}

/// The same bytes as another element type: a view of the source's memory
/// (writes through it land in the source).
void Interpreter::runReinterpretView(Operation *op, Frame &f) {
  auto view = cast<pp::ReinterpretViewOp>(op);
  at::Tensor source = tensor(f, view.getSource());
  if (!source.is_contiguous())
    fail(op, "reinterprets a tensor that is not contiguous");
  auto type = shapedType(view.getResult());
  at::Tensor bytes = source.view(dtypeOf(type.getElementType(), op->getLoc()));
  std::vector<int64_t> shape(type.getShape());
  for (int64_t &dim : shape)
    if (mlir::ShapedType::isDynamic(dim))
      dim = -1; // the verifier keeps run-time dimensions the source's
  if (!type.hasStaticShape()) {
    for (size_t d = 0; d + 1 < shape.size(); ++d)
      shape[d] = source.size(int64_t(d));
  }
  set(f, view.getResult(), bytes.view(shape));
}

void Interpreter::runReshape(Operation *op, Frame &f) {
  at::Tensor source = tensor(f, op->getOperand(0));
  // A run-time dimension (orchestration only, one at most) is the element
  // count over the static ones, as torch's view(-1).
  std::vector<int64_t> shape(shapedType(op->getResult(0)).getShape());
  int64_t staticCount = 1;
  for (int64_t dim : shape)
    if (!mlir::ShapedType::isDynamic(dim))
      staticCount *= dim;
  for (int64_t &dim : shape)
    if (mlir::ShapedType::isDynamic(dim)) {
      if (staticCount <= 0 || source.numel() % staticCount != 0)
        fail(op, "the reshape's static dimensions (" +
                     std::to_string(staticCount) +
                     " elements) do not divide the tensor's " +
                     std::to_string(source.numel()) + " elements");
      dim = source.numel() / staticCount;
    }
  if (c10::multiply_integers(shape) != source.numel())
    fail(op, "the reshape has " +
                 std::to_string(c10::multiply_integers(shape)) +
                 " elements, the tensor " + std::to_string(source.numel()));
  // In the orchestration a view of the same memory, as the runtime makes
  // it: writes through it land in the source.
  if (!pp::isInKernel(op)) {
    std::vector<int64_t> strides(shape.size());
    if (!pto2_view_strides(source.sizes().data(), source.strides().data(),
                           source.dim(), shape.data(), shape.size(),
                           strides.data()))
      fail(op, "the reshape is not a view of the tensor (its elements are "
               "not evenly strided where dimensions merge)");
    set(f, op->getResult(0), source.as_strided(shape, strides));
    return;
  }
  // In a kernel a copy: the kernel loads the tile where the reshape is, so
  // a later write into the tensor does not show through it.
  set(f, op->getResult(0), source.reshape(shape).clone());
}

namespace {

/// Sorted pairs in the value dtype: f32 pair k is columns 2k (the value) and
/// 2k+1 (the u32 index bits); f16 pair k is 4k (the value), 4k+1 (0), 4k+2
/// and 4k+3 (the index, low half first).
at::Tensor packPairs(const at::Tensor &values, const at::Tensor &idx) {
  int64_t rows = values.size(0), n = values.size(1);
  if (values.scalar_type() == at::kFloat)
    return at::stack({values.view(at::kInt), idx}, 2)
        .reshape({rows, 2 * n})
        .view(at::kFloat);
  at::Tensor low = at::bitwise_and(idx, 0xFFFF).to(at::kShort);
  at::Tensor high = at::bitwise_right_shift(idx, 16).to(at::kShort);
  return at::stack({values.view(at::kShort), at::zeros_like(low), low, high}, 2)
      .reshape({rows, 4 * n})
      .view(at::kHalf);
}

/// The values and indices of a row of sorted pairs.
std::pair<at::Tensor, at::Tensor> unpackPairs(const at::Tensor &pairs) {
  int64_t rows = pairs.size(0);
  if (pairs.scalar_type() == at::kFloat) {
    at::Tensor bits = pairs.contiguous().view(at::kInt).reshape({rows, -1, 2});
    return {bits.select(2, 0).contiguous().view(at::kFloat),
            bits.select(2, 1).contiguous()};
  }
  at::Tensor halves =
      pairs.contiguous().view(at::kShort).reshape({rows, -1, 4});
  at::Tensor low = halves.select(2, 2).to(at::kInt).bitwise_and(0xFFFF);
  at::Tensor high = halves.select(2, 3).to(at::kInt).bitwise_left_shift(16);
  return {halves.select(2, 0).contiguous().view(at::kHalf),
          at::bitwise_or(low, high)};
}

/// Sorts the last dimension of `values` descending; equal values keep their
/// order. Returns the values and the indices carried along.
std::pair<at::Tensor, at::Tensor> sortDescending(const at::Tensor &values,
                                                 const at::Tensor &idx) {
  at::Tensor order = std::get<1>(at::sort(
      values.to(at::kFloat), /*stable=*/true, -1, /*descending=*/true));
  return {values.gather(-1, order), idx.gather(-1, order)};
}

} // namespace

void Interpreter::runSort(Operation *op, Frame &f) {
  at::Tensor source = tensor(f, op->getOperand(0)).contiguous();
  int64_t rows = source.size(0);
  if (auto sort = dyn_cast<pp::Sort32Op>(op)) {
    int64_t n = source.size(1);
    at::Tensor idx = tensor(f, sort.getIndices())
                         .to(at::kInt)
                         .expand({rows, n})
                         .contiguous();
    auto [values, carried] = sortDescending(source.reshape({rows, n / 32, 32}),
                                            idx.reshape({rows, n / 32, 32}));
    set(f, sort.getResult(),
        packPairs(values.reshape({rows, n}), carried.reshape({rows, n})));
    return;
  }
  auto merge = cast<pp::MrgSortOp>(op);
  int64_t perPair = source.scalar_type() == at::kFloat ? 2 : 4;
  int64_t run = merge.getBlockLen() / perPair; // pairs in one sorted run
  auto [values, idx] = unpackPairs(source);
  int64_t pairs = values.size(1);
  // A merge, not a sort: each step takes the largest head of the four runs
  // (the first run on a tie), so runs that are not sorted give what the
  // hardware gives, not a sorted row.
  at::Tensor key = values.to(at::kFloat).contiguous();
  at::Tensor order = at::empty({rows, pairs}, at::kLong);
  auto keys = key.accessor<float, 2>();
  auto out = order.accessor<int64_t, 2>();
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < pairs; g += 4 * run) {
      int64_t pos[4] = {0, 0, 0, 0};
      for (int64_t k = 0; k < 4 * run; ++k) {
        int best = -1;
        for (int i = 0; i < 4; ++i)
          if (pos[i] < run &&
              (best < 0 || keys[r][g + i * run + pos[i]] >
                               keys[r][g + best * run + pos[best]]))
            best = i;
        out[r][g + k] = g + best * run + pos[best]++;
      }
    }
  }
  set(f, merge.getResult(),
      packPairs(values.gather(1, order), idx.gather(1, order)));
}

void Interpreter::runGatherMask(Operation *op, Frame &f) {
  auto gather = cast<pp::GatherMaskOp>(op);
  at::Tensor source = tensor(f, gather.getSource()).contiguous();
  auto type = shapedType(gather.getResult());
  // The bits are copied: the result reads them as its own type.
  at::Tensor bits = source.view(dtypeOf(type.getElementType(), op->getLoc()));
  int64_t first = gather.getMask() == pp::GatherMask::even ? 0 : 1;
  int64_t cols = type.getShape()[1];
  set(f, gather.getResult(),
      bits.slice(1, first, first + 2 * cols - 1, 2).contiguous());
}

void Interpreter::runGather(Operation *op, Frame &f) {
  auto gather = cast<pp::GatherOp>(op);
  at::Tensor source = flat2D(tensor(f, gather.getSource()));
  at::Tensor index = flat2D(tensor(f, gather.getIndex())).to(at::kLong);
  int64_t cols = source.size(1);
  // The hardware reads undefined memory outside the row: an error here.
  at::Tensor outside = (index < 0) | (index >= cols);
  if (outside.any().item<bool>()) {
    at::Tensor where = outside.nonzero()[0];
    int64_t r = where[0].item<int64_t>(), c = where[1].item<int64_t>();
    fail(op, "index " + Twine(index[r][c].item<int64_t>()) + " at (" +
                 Twine(r) + ", " + Twine(c) + ") is outside the " +
                 Twine(cols) + " columns of the source");
  }
  at::Tensor rows = source.slice(0, 0, index.size(0));
  set(f, gather.getResult(),
      asResultShape(at::gather(rows, 1, index), gather.getResult()));
}

/// Per row, the columns that compare true with k (plus the offset), -1 past
/// their count (undefined on a device), and the counts.
void Interpreter::runGatherCompare(Operation *op, Frame &f) {
  auto gather = cast<pp::GatherCompareOp>(op);
  at::Tensor source = tensor(f, gather.getSource());
  bool isFloat = source.is_floating_point();
  at::ScalarType wide = isFloat ? at::kDouble : at::kLong;
  source = source.to(wide);
  at::Tensor k = at::full({}, scalar(f, gather.getKvalue()).toTorch(),
                          at::TensorOptions().dtype(wide));
  at::Tensor hits = gather.getMode() == pp::CmpMode::eq ? at::eq(source, k)
                                                        : at::gt(source, k);
  int64_t rows = source.size(0);
  int64_t width = shapedType(gather.getIndices()).getShape()[1];
  at::Tensor counts = hits.sum(1);
  at::Tensor indices =
      at::full({rows, width}, -1, at::TensorOptions().dtype(at::kInt));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t n = counts[r].item<int64_t>();
    if (n > width)
      fail(op, "row " + Twine(r) + " has " + Twine(n) + " matches, more than the " +
                   Twine(width) + " columns of the indices");
    at::Tensor columns =
        hits[r].nonzero().flatten() + int64_t(gather.getOffset());
    indices[r].narrow(0, 0, n).copy_(columns);
  }
  set(f, gather.getIndices(), indices);
  set(f, gather.getCount(), counts.to(at::kInt).reshape({1, rows}));
}

void Interpreter::runScatter(Operation *op, Frame &f) {
  auto scatter = cast<pp::ScatterOp>(op);
  at::Tensor result = tensor(f, scatter.getDest()).clone();
  at::Tensor source = tensor(f, scatter.getSource());
  at::Tensor index = tensor(f, scatter.getIndex()).to(at::kLong);
  int64_t cols = result.size(1);
  // Row by row, in column order: a column named twice keeps the later.
  for (int64_t r = 0; r < index.size(0); ++r)
    for (int64_t c = 0; c < index.size(1); ++c) {
      int64_t k = index[r][c].item<int64_t>();
      if (k < 0 || k >= cols)
        fail(op, "index " + Twine(k) + " at (" + Twine(r) + ", " + Twine(c) +
                     ") is outside the " + Twine(cols) +
                     " columns of the destination");
      result[r][k] = source[r][c];
    }
  set(f, scatter.getResult(), result);
}

void Interpreter::runArange(Operation *op, Frame &f) {
  auto arange = cast<pp::ArangeOp>(op);
  auto type = shapedType(arange.getResult());
  int64_t start = scalar(f, arange.getStart()).toTorch().toLong();
  int64_t n = type.getShape().back();
  at::Tensor steps = at::arange(n, at::TensorOptions().dtype(at::kLong));
  at::Tensor exact = arange.getDescending() ? start - steps : start + steps;
  // The element type's wrap-around: keep the low bits, two's complement.
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  at::Tensor low = at::bitwise_and(exact, (int64_t(1) << bits) - 1);
  at::Tensor wrapped = at::where(low >= (int64_t(1) << (bits - 1)),
                                 low - (int64_t(1) << bits), low);
  set(f, arange.getResult(),
      rounded(wrapped.reshape(torchShape(type.getShape())),
              arange.getResult()));
}

void Interpreter::runTri(Operation *op, Frame &f) {
  auto tri = cast<pp::TriOp>(op);
  auto type = shapedType(tri.getResult());
  int64_t diagonal = scalar(f, tri.getDiagonal()).toTorch().toLong();
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  at::Tensor ones =
      at::ones({rows, cols}, at::TensorOptions().dtype(at::kDouble));
  at::Tensor mask =
      tri.getUpper() ? at::triu(ones, diagonal) : at::tril(ones, diagonal);
  set(f, tri.getResult(),
      rounded(mask.reshape(torchShape(shape)), tri.getResult()));
}

void Interpreter::runConcat(Operation *op, Frame &f) {
  auto concat = cast<pp::ConcatOp>(op);
  set(f, concat.getResult(),
      at::cat({tensor(f, concat.getLhs()), tensor(f, concat.getRhs())}, -1));
}

void Interpreter::runCompareSelect(Operation *op, Frame &f) {
  auto compare = [&](pp::CmpMode mode, const at::Tensor &a,
                     const at::Tensor &b) {
    switch (mode) {
    case pp::CmpMode::eq:
      return at::eq(a, b);
    case pp::CmpMode::ne:
      return at::ne(a, b);
    case pp::CmpMode::lt:
      return at::lt(a, b);
    case pp::CmpMode::le:
      return at::le(a, b);
    case pp::CmpMode::gt:
      return at::gt(a, b);
    case pp::CmpMode::ge:
      return at::ge(a, b);
    }
    llvm_unreachable("unknown comparison");
  };
  auto scalarLike = [&](Value s, const at::Tensor &like) {
    return at::full({}, scalar(f, s).toTorch(),
                    at::TensorOptions().dtype(like.scalar_type()));
  };
  Value result = op->getResult(0);
  at::Tensor r =
      llvm::TypeSwitch<Operation *, at::Tensor>(op)
          .Case([&](pp::CmpOp cmp) {
            return compare(cmp.getMode(), widen(tensor(f, cmp.getLhs())),
                           widen(tensor(f, cmp.getRhs())));
          })
          .Case([&](pp::CmpsOp cmps) {
            at::Tensor a = widen(tensor(f, cmps.getSource()));
            return compare(cmps.getMode(), a, scalarLike(cmps.getScalar(), a));
          })
          .Case([&](pp::SelOp sel) {
            return at::where(tensor(f, sel.getMask()) != 0,
                             tensor(f, sel.getLhs()), tensor(f, sel.getRhs()));
          })
          .Case([&](pp::SelsOp sels) {
            at::Tensor a = tensor(f, sels.getSource());
            return at::where(tensor(f, sels.getMask()) != 0, a,
                             scalarLike(sels.getScalar(), widen(a)));
          });
  set(f, result, rounded(r, result));
}

void Interpreter::runPart(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor b = widen(tensor(f, op->getOperand(1)));
  Value result = op->getResult(0);
  // One operand covers the result; the other its top-left corner.
  bool aCovers = mlirShape(a.sizes()) == shapedType(result).getShape();
  at::Tensor big = aCovers ? a : b, small = aCovers ? b : a;
  at::Tensor r = big.clone();
  at::Tensor corner = r.narrow(0, 0, small.size(0)).narrow(1, 0, small.size(1));
  at::Tensor x = aCovers ? corner.clone() : small;
  at::Tensor y = aCovers ? small : corner.clone();
  corner.copy_(llvm::TypeSwitch<Operation *, at::Tensor>(op)
                   .Case([&](pp::PartAddOp) { return x + y; })
                   .Case([&](pp::PartMulOp) { return x * y; })
                   .Case([&](pp::PartMaxOp) { return at::maximum(x, y); })
                   .Case([&](pp::PartMinOp) { return at::minimum(x, y); }));
  set(f, result, rounded(r, result));
}

void Interpreter::runMatmul(Operation *op, Frame &f) {
  Value lhs, rhs, acc;
  bool aTrans, bTrans, overwrite = false;
  Value bias;
  if (auto mm = dyn_cast<pp::MatmulOp>(op)) {
    lhs = mm.getLhs(), rhs = mm.getRhs(), aTrans = mm.getATrans(),
    bTrans = mm.getBTrans();
  } else if (auto mb = dyn_cast<pp::MatmulBiasOp>(op)) {
    lhs = mb.getLhs(), rhs = mb.getRhs(), bias = mb.getBias(),
    aTrans = mb.getATrans(), bTrans = mb.getBTrans();
  } else {
    auto mma = cast<pp::MatmulAccOp>(op);
    lhs = mma.getLhs(), rhs = mma.getRhs(), acc = mma.getAcc(),
    aTrans = mma.getATrans(), bTrans = mma.getBTrans();
    // init_cond: where it holds the accumulator is not read.
    overwrite = mma.getInit() && scalar(f, mma.getInit()).i != 0;
  }
  // Products and sums in float64: exact for 8-bit integers and half
  // precision inputs, and the reference for f32 ones.
  // N-D operands with leading dimensions of 1: their matrices multiply;
  // batched ones (pypto.matmul): each batch's, the batches broadcast.
  auto batched = [](at::Tensor t) {
    return t.dim() > 2 && t.numel() != t.size(-2) * t.size(-1);
  };
  at::Tensor a = widen(tensor(f, lhs)), b = widen(tensor(f, rhs));
  if (!batched(a) && !batched(b)) {
    a = flat2D(a);
    b = flat2D(b);
  }
  if (aTrans)
    a = a.transpose(-2, -1);
  if (bTrans)
    b = b.transpose(-2, -1);
  at::Tensor r = at::matmul(a, b);
  if (acc && !overwrite)
    r = r + flat2D(widen(tensor(f, acc)));
  if (bias)
    r = r + flat2D(widen(tensor(f, bias)));
  set(f, op->getResult(0),
      rounded(asResultShape(r, op->getResult(0)), op->getResult(0)));
}

} // namespace pypto::interp::detail
