//===- Values.cpp - the interpreter's scalars, dtypes and casts -*- C++ -*-===//

#include "InterpreterImpl.h"

#include <cmath>
#include <limits>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

//===----------------------------------------------------------------------===//
// Errors and values
//===----------------------------------------------------------------------===//

[[noreturn]] void fail(Location loc, const Twine &message) {
  throw InterpError{loc, message.str()};
}
[[noreturn]] void fail(Operation *op, const Twine &message) {
  fail(op->getLoc(), message);
}

unsigned widthOf(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// `v` truncated to the width of `type` and sign-extended (an i1 true is
/// -1, so the signed ops see it as the hardware does).
int64_t wrap(int64_t v, Type type) {
  unsigned width = widthOf(type);
  if (width >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t bits = uint64_t(v) & mask;
  if (bits >> (width - 1))
    bits |= ~mask;
  return int64_t(bits);
}

/// `v` read as an unsigned number of the width of `type`.
uint64_t unsignedValue(int64_t v, Type type) {
  unsigned width = widthOf(type);
  return width >= 64 ? uint64_t(v) : uint64_t(v) & ((uint64_t(1) << width) - 1);
}

c10::ScalarType dtypeOf(Type type, Location loc) {
  if (type.isF32())
    return at::kFloat;
  if (type.isF16())
    return at::kHalf;
  if (type.isBF16())
    return at::kBFloat16;
  if (type.isF64())
    return at::kDouble;
  if (type.isInteger(1))
    return at::kBool;
  if (type.isUnsignedInteger(8))
    return at::kByte;
  if (type.isInteger(8))
    return at::kChar;
  if (type.isInteger(16))
    return at::kShort;
  if (type.isInteger(32))
    return at::kInt;
  if (type.isInteger(64) || type.isIndex())
    return at::kLong;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  fail(loc, "the reference interpreter has no dtype for '" + text + "'");
}

double roundTo(double v, Type type, Location loc) {
  if (type.isF64())
    return v;
  if (type.isF32())
    return double(float(v));
  return at::scalar_tensor(v, at::kDouble)
      .to(dtypeOf(type, loc))
      .item<double>();
}

Scalar makeInt(Type type, int64_t v) { return Scalar{type, wrap(v, type), 0}; }
Scalar makeFloat(Type type, double v, Location loc) {
  return Scalar{type, 0, roundTo(v, type, loc)};
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

ShapedType shapedType(Value value) { return cast<ShapedType>(value.getType()); }

/// MLIR's and libtorch's views of a shape.
at::IntArrayRef torchShape(ArrayRef<int64_t> shape) {
  return at::IntArrayRef(shape.data(), shape.size());
}
ArrayRef<int64_t> mlirShape(at::IntArrayRef shape) {
  return ArrayRef<int64_t>(shape.data(), shape.size());
}

/// What memory holds before anything writes it: NaN, or the most negative
/// integer, so a read of it shows in the result.
at::Tensor unwritten(at::IntArrayRef shape, c10::ScalarType dtype) {
  if (at::isFloatingType(dtype))
    return at::full(shape, std::numeric_limits<double>::quiet_NaN(),
                    at::TensorOptions().dtype(dtype));
  if (dtype == at::kBool)
    return at::ones(shape, at::TensorOptions().dtype(dtype));
  if (dtype == at::kByte)
    return at::full(shape, 255, at::TensorOptions().dtype(dtype));
  at::Tensor t = at::empty(shape, at::TensorOptions().dtype(dtype));
  switch (dtype) {
  case at::kChar:
    return t.fill_(std::numeric_limits<int8_t>::min());
  case at::kShort:
    return t.fill_(std::numeric_limits<int16_t>::min());
  case at::kInt:
    return t.fill_(std::numeric_limits<int32_t>::min());
  default:
    return t.fill_(std::numeric_limits<int64_t>::min());
  }
}

/// The value an op computes on before rounding: float64 or int64.
at::Tensor widen(const at::Tensor &t) {
  return t.to(at::isFloatingType(t.scalar_type()) ? at::kDouble : at::kLong);
}

//===----------------------------------------------------------------------===//
// Casts, by the definition of each rounding mode
//===----------------------------------------------------------------------===//

namespace {

/// `q` (float64) rounded to an integral value.
at::Tensor toIntegral(const at::Tensor &q, pp::RoundMode mode) {
  switch (mode) {
  case pp::RoundMode::rint:
  case pp::RoundMode::none: // CAST_NONE rounds as CAST_RINT
    return at::round(q);
  case pp::RoundMode::round:
    return at::copysign(at::floor(at::abs(q) + 0.5), q);
  case pp::RoundMode::floor:
    return at::floor(q);
  case pp::RoundMode::ceil:
    return at::ceil(q);
  case pp::RoundMode::trunc:
    return at::trunc(q);
  case pp::RoundMode::odd: {
    // An exact value stays; an inexact one takes the odd neighbour.
    at::Tensor low = at::floor(q);
    at::Tensor oddLow = at::remainder(low, 2.0) == 1.0;
    return at::where(q == low, q, at::where(oddLow, low, low + 1.0));
  }
  }
  return q;
}

/// `x` (float64) rounded to a float format with `mantissa` fraction bits
/// and smallest normal exponent `emin`: an integral number of its last
/// place, which below the normal range is the subnormal step.
at::Tensor toFloatFormat(const at::Tensor &x, int mantissa, int emin,
                         pp::RoundMode mode) {
  at::Tensor exponent = std::get<1>(at::frexp(x)).to(at::kDouble) - 1.0;
  at::Tensor ulp = at::pow(2.0, at::clamp_min(exponent, emin) - mantissa);
  return toIntegral(x / ulp, mode) * ulp;
}

} // namespace

at::Tensor castTensor(const at::Tensor &source, c10::ScalarType to,
                      pp::RoundMode mode) {
  if (source.scalar_type() == to)
    return source.clone();
  if (to == at::kBool || source.scalar_type() == at::kBool)
    return source.to(to);
  at::Tensor x = source.to(at::kDouble);
  if (at::isFloatingType(to)) {
    at::Tensor r;
    double largest;
    switch (to) {
    case at::kHalf:
      r = toFloatFormat(x, 10, -14, mode), largest = 65504.0;
      break;
    case at::kBFloat16:
      r = toFloatFormat(x, 7, -126, mode), largest = 3.3895313892515355e38;
      break;
    case at::kFloat:
      r = toFloatFormat(x, 23, -126, mode), largest = 3.4028234663852886e38;
      break;
    default:
      return x.to(to);
    }
    // Rounding toward zero (or away from the overflow) ends at the largest
    // finite value, as IEEE directed rounding does; to nearest it overflows.
    at::Tensor finite = at::isfinite(x);
    if (mode == pp::RoundMode::trunc || mode == pp::RoundMode::odd)
      r = at::where(finite, at::clamp(r, -largest, largest), r);
    else if (mode == pp::RoundMode::floor)
      r = at::where(finite & (r > largest), at::full_like(r, largest), r);
    else if (mode == pp::RoundMode::ceil)
      r = at::where(finite & (r < -largest), at::full_like(r, -largest), r);
    return r.to(to);
  }
  // To an integer: round (floats), then saturate to the type's range; NaN
  // becomes 0, as the vector unit converts.
  at::Tensor r = at::isFloatingType(source.scalar_type())
                     ? at::nan_to_num(toIntegral(x, mode), 0.0)
                     : source.to(at::kLong);
  double low, high;
  switch (to) {
  case at::kChar:
    low = INT8_MIN, high = INT8_MAX;
    break;
  case at::kByte:
    low = 0, high = UINT8_MAX;
    break;
  case at::kShort:
    low = INT16_MIN, high = INT16_MAX;
    break;
  case at::kInt:
    low = INT32_MIN, high = INT32_MAX;
    break;
  default:
    low = -9223372036854775808.0, high = 9223372036854774784.0;
    break;
  }
  return at::clamp(r, low, high).to(to);
}

} // namespace pypto::interp::detail
