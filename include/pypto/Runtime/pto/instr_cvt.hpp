//===- pto/instr_cvt.hpp - TCVT: element type conversion -------------------===//
//
// TCVT(dst, src, RoundMode[, SaturationMode]) and the forms with a tmp tile
// (accepted and ignored), between f32, f16, bf16, i32, i16, i8, u8 (and u16,
// u32), over the dst valid region (src must have the same valid shape).
//
// Rounding (every conversion is a single rounding of the exact source value):
//   CAST_RINT  nearest, ties to even      CAST_ROUND nearest, ties away from zero
//   CAST_FLOOR toward -inf                CAST_CEIL  toward +inf
//   CAST_TRUNC toward zero                CAST_ODD   round to odd: an inexact result
//                                         takes the neighbour whose last bit is 1
//   CAST_NONE  = CAST_RINT (exact conversions are not affected by any mode).
// Overflow:
//   float -> int    saturates to the integer range; NaN -> 0.
//   int -> int      saturates (narrowing or sign change).
//   float -> float  as IEEE with the rounding direction: to +/-inf for RINT and
//                   ROUND, to the largest finite value for TRUNC and ODD, and per
//                   direction for FLOOR/CEIL. NaN stays NaN, infinities stay.
//   SaturationMode::ON additionally clamps float -> float results (and
//   infinities) to the finite range; SaturationMode::OFF makes float -> int and
//   int -> int wrap modulo 2^bits instead of saturating (float values are first
//   rounded, then clamped to the int64 range).
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_CVT_HPP
#define PTO_INSTR_CVT_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

enum class SaturationMode : int { OFF = 0, ON = 1 };

namespace detail {

// Saturation behaviour of one conversion.
enum class CvtSat { Default, On, Off };

// Bit layout of the floating element types.
template <typename T>
struct FloatFormat;
template <>
struct FloatFormat<float> {
  static constexpr int kMant = 23, kExp = 8;
};
template <>
struct FloatFormat<half> {
  static constexpr int kMant = 10, kExp = 5;
};
template <>
struct FloatFormat<bfloat16_t> {
  static constexpr int kMant = 7, kExp = 8;
};

// Whether to add one unit to the truncated magnitude `fl` (with fraction `frac`
// in [0, 1)) of a value of sign `neg` under `mode`.
inline bool roundsUp(RoundMode mode, bool neg, double fl, double frac) {
  switch (mode) {
  case RoundMode::CAST_ROUND:
    return frac >= 0.5;
  case RoundMode::CAST_FLOOR:
    return neg && frac > 0;
  case RoundMode::CAST_CEIL:
    return !neg && frac > 0;
  case RoundMode::CAST_TRUNC:
    return false;
  case RoundMode::CAST_ODD:
    return frac > 0 && (static_cast<uint64_t>(fl) & 1u) == 0;
  case RoundMode::CAST_NONE:
  case RoundMode::CAST_RINT:
  default:
    return frac > 0.5 || (frac == 0.5 && (static_cast<uint64_t>(fl) & 1u) != 0);
  }
}

// Bit pattern of x rounded to the binary format with kMant fraction bits and
// kExp exponent bits (subnormals included).
template <int kMant, int kExp>
inline uint32_t roundToFloatBits(double x, RoundMode mode, bool satFinite) {
  const uint32_t signBit = 1u << (kMant + kExp);
  const uint32_t infBits = ((1u << kExp) - 1u) << kMant;
  const uint32_t maxBits = infBits - 1u;
  const bool neg = __builtin_signbit(x) != 0;
  const uint32_t s = neg ? signBit : 0u;
  if (__builtin_isnan(x))
    return s | infBits | (1u << (kMant - 1));
  const double a = __builtin_fabs(x);
  if (a == __builtin_inf())
    return s | (satFinite ? maxBits : infBits);
  if (a == 0)
    return s;
  const int bias = (1 << (kExp - 1)) - 1, emin = 1 - bias, emax = bias;
  int ex;
  (void)__builtin_frexp(a, &ex);
  int e = ex - 1; // 2^e <= a < 2^(e+1)
  if (e < emin)
    e = emin;
  const double n = __builtin_ldexp(a, kMant - e); // a in units of the last place
  const double fl = __builtin_floor(n);
  uint64_t m = static_cast<uint64_t>(fl) + (roundsUp(mode, neg, fl, n - fl) ? 1u : 0u);
  if (m == (uint64_t(1) << (kMant + 1))) {
    m >>= 1;
    ++e;
  }
  if (e > emax) {
    bool toInf;
    switch (mode) {
    case RoundMode::CAST_FLOOR: toInf = neg; break;
    case RoundMode::CAST_CEIL: toInf = !neg; break;
    case RoundMode::CAST_TRUNC:
    case RoundMode::CAST_ODD: toInf = false; break;
    default: toInf = true; break;
    }
    return s | ((toInf && !satFinite) ? infBits : maxBits);
  }
  if (m < (uint64_t(1) << kMant)) // subnormal
    return s | static_cast<uint32_t>(m);
  return s | (static_cast<uint32_t>(e + bias) << kMant) |
         (static_cast<uint32_t>(m) & ((1u << kMant) - 1u));
}

template <typename T>
inline T fromFloatBits(uint32_t b) {
  if constexpr (std::is_same_v<T, bfloat16_t>) {
    return bfloat16_t::fromBits(static_cast<uint16_t>(b));
  } else if constexpr (std::is_same_v<T, half>) {
    const uint16_t h = static_cast<uint16_t>(b);
    half v;
    std::memcpy(&v, &h, sizeof(v));
    return v;
  } else {
    float v;
    std::memcpy(&v, &b, sizeof(v));
    return v;
  }
}

template <typename T>
inline T roundToFloat(double x, RoundMode mode, bool satFinite) {
  using F = FloatFormat<T>;
  return fromFloatBits<T>(roundToFloatBits<F::kMant, F::kExp>(x, mode, satFinite));
}

// x rounded to an integral double under mode.
inline double roundToIntegral(double x, RoundMode mode) {
  const double fl = __builtin_floor(x);
  const double frac = x - fl;
  switch (mode) {
  case RoundMode::CAST_ROUND: return __builtin_round(x);
  case RoundMode::CAST_FLOOR: return fl;
  case RoundMode::CAST_CEIL: return __builtin_ceil(x);
  case RoundMode::CAST_TRUNC: return __builtin_trunc(x);
  case RoundMode::CAST_ODD:
    if (frac == 0)
      return x;
    return __builtin_fmod(fl, 2.0) != 0 ? fl : fl + 1; // the odd neighbour
  case RoundMode::CAST_NONE:
  case RoundMode::CAST_RINT:
  default:
    if (frac > 0.5 || (frac == 0.5 && __builtin_fmod(fl, 2.0) != 0))
      return fl + 1;
    return fl;
  }
}

template <typename To>
inline To intFromInt64(int64_t v, bool wrap) {
  if (wrap)
    return static_cast<To>(static_cast<uint64_t>(v)); // modulo 2^bits
  constexpr int64_t lo = static_cast<int64_t>(std::numeric_limits<To>::lowest());
  constexpr int64_t hi = static_cast<int64_t>(std::numeric_limits<To>::max());
  return static_cast<To>(v < lo ? lo : (v > hi ? hi : v));
}

template <typename To, typename From>
inline To convertElem(From v, RoundMode mode, CvtSat sat) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (isFloatT<From> && isFloatT<To>) {
    const double x = toDouble(v);
    constexpr bool widening = FloatFormat<To>::kMant >= FloatFormat<From>::kMant &&
                              FloatFormat<To>::kExp >= FloatFormat<From>::kExp;
    if constexpr (widening) {
      if (sat == CvtSat::On && (x == __builtin_inf() || x == -__builtin_inf()))
        return x > 0 ? maxOfType<To>() : lowestOfType<To>();
      return cvt<To>(static_cast<float>(x)); // exact
    } else {
      return roundToFloat<To>(x, mode, sat == CvtSat::On);
    }
  } else if constexpr (isFloatT<From>) { // float -> int
    const double x = toDouble(v);
    if (__builtin_isnan(x))
      return To(0);
    const double r = roundToIntegral(x, mode);
    if (sat == CvtSat::Off) {
      const int64_t i = r <= -9.2233720368547758e18  ? std::numeric_limits<int64_t>::lowest()
                        : r >= 9.2233720368547758e18 ? std::numeric_limits<int64_t>::max()
                                                     : static_cast<int64_t>(r);
      return intFromInt64<To>(i, true);
    }
    const double lo = static_cast<double>(std::numeric_limits<To>::lowest());
    const double hi = static_cast<double>(std::numeric_limits<To>::max());
    return static_cast<To>(r < lo ? lo : (r > hi ? hi : r));
  } else if constexpr (isFloatT<To>) { // int -> float
    if constexpr (std::is_same_v<To, float>) {
      if (mode == RoundMode::CAST_RINT || mode == RoundMode::CAST_NONE)
        return static_cast<float>(v);
    }
    return roundToFloat<To>(static_cast<double>(v), mode, sat == CvtSat::On);
  } else { // int -> int
    return intFromInt64<To>(static_cast<int64_t>(v), sat == CvtSat::Off);
  }
}

template <typename D, typename S>
inline void cvtImpl(D& dst, const S& src, RoundMode mode, CvtSat sat) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TCVT: operands must be Tiles");
  using TD = typename D::DType;
  using TS = typename S::DType;
  static_assert(isElemT<TD> && isElemT<TS>,
                "TCVT: element types must be f32, f16, bf16, i32, i16, i8, u32, u16 or u8");
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, "TCVT", "dst", dst);
  requireOperand(ctx, "TCVT", "src", dst, src);
  const TS* s = src.data();
  storeRegion(dst, dst.GetValidRow(), dst.GetValidCol(), !safeInPlace(dst, src),
              [&](int r, int c) { return convertElem<TD>(s[S::offsetOf(r, c)], mode, sat); });
}

inline CvtSat cvtSatOf(SaturationMode m) {
  return m == SaturationMode::ON ? CvtSat::On : CvtSat::Off;
}

} // namespace detail

template <typename D, typename S>
inline void TCVT(D& dst, const S& src, RoundMode mode) {
  detail::cvtImpl(dst, src, mode, detail::CvtSat::Default);
}
template <typename D, typename S>
inline void TCVT(D& dst, const S& src, RoundMode mode, SaturationMode satMode) {
  detail::cvtImpl(dst, src, mode, detail::cvtSatOf(satMode));
}
template <typename D, typename S, typename Tmp,
          typename = std::enable_if_t<is_tile_v<Tmp>>>
inline void TCVT(D& dst, const S& src, const Tmp& /*tmp*/, RoundMode mode) {
  detail::cvtImpl(dst, src, mode, detail::CvtSat::Default);
}
template <typename D, typename S, typename Tmp,
          typename = std::enable_if_t<is_tile_v<Tmp>>>
inline void TCVT(D& dst, const S& src, const Tmp& /*tmp*/, RoundMode mode,
                 SaturationMode satMode) {
  detail::cvtImpl(dst, src, mode, detail::cvtSatOf(satMode));
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_CVT_HPP
