//===- pto/instr_unary.hpp - Unary elementwise instructions ----------------===//
//
// TNEG TABS TRELU (floats and integers), TNOT (integers), TEXP TLOG TSQRT
// TRSQRT TRECIP (f32/f16/bf16; computed in f32 and rounded once to the element
// type). All iterate over the dst valid region (src must have the same valid
// shape), accept any layouts and allow dst to alias src.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_UNARY_HPP
#define PTO_INSTR_UNARY_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

template <typename T>
inline constexpr void requireFloatElem() {
  static_assert(isFloatT<T>, "this instruction needs a float, half or bfloat16_t element type");
}

} // namespace detail

// dst = -src (integers wrap: -INT_MIN == INT_MIN).
template <typename D, typename S>
inline void TNEG(D& dst, const S& src) {
  detail::map1("TNEG", dst, src, [](auto x) {
    using C = decltype(x);
    if constexpr (std::is_integral_v<C>)
      return static_cast<C>(detail::subW(C(0), x));
    else
      return -x;
  });
}

// dst = |src| (integers wrap: |INT_MIN| == INT_MIN).
template <typename D, typename S>
inline void TABS(D& dst, const S& src) {
  detail::map1("TABS", dst, src, [](auto x) {
    using C = decltype(x);
    if constexpr (std::is_integral_v<C>)
      return x < 0 ? static_cast<C>(detail::subW(C(0), x)) : x;
    else
      return __builtin_fabsf(x);
  });
}

// dst = max(src, 0) (NaN and -0 pass through).
template <typename D, typename S>
inline void TRELU(D& dst, const S& src) {
  detail::map1("TRELU", dst, src, [](auto x) {
    using C = decltype(x);
    return x < C(0) ? C(0) : x;
  });
}

// dst = ~src.
template <typename D, typename S>
inline void TNOT(D& dst, const S& src) {
  static_assert(detail::isIntT<typename D::DType>, "TNOT needs an integer element type");
  detail::map1("TNOT", dst, src, [](auto x) { return static_cast<decltype(x)>(~x); });
}

// e^x, bit for bit the host's expf, on vectors row by row.
template <typename D, typename S>
inline void TEXP(D& dst, const S& src) {
  detail::requireFloatElem<typename D::DType>();
  detail::mapRowsF32("TEXP", dst, src, detail::expRun,
                     [](float x) { return detail::expF(x); });
}

// Natural logarithm (log(0) = -inf, log(x < 0) = NaN).
template <typename D, typename S>
inline void TLOG(D& dst, const S& src) {
  detail::requireFloatElem<typename D::DType>();
  detail::map1("TLOG", dst, src, [](float x) { return detail::logF(x); });
}

template <typename D, typename S>
inline void TSQRT(D& dst, const S& src) {
  detail::requireFloatElem<typename D::DType>();
  detail::map1("TSQRT", dst, src, [](float x) { return detail::sqrtF(x); });
}

// dst = 1 / sqrt(src).
template <typename D, typename S>
inline void TRSQRT(D& dst, const S& src) {
  detail::requireFloatElem<typename D::DType>();
  detail::map1("TRSQRT", dst, src, [](float x) { return 1.0f / detail::sqrtF(x); });
}
template <typename D, typename S, typename Tmp>
inline void TRSQRT(D& dst, const S& src, const Tmp& /*tmp*/) {
  TRSQRT(dst, src);
}

// dst = 1 / src.
template <typename D, typename S>
inline void TRECIP(D& dst, const S& src) {
  detail::requireFloatElem<typename D::DType>();
  detail::map1("TRECIP", dst, src, [](float x) { return 1.0f / x; });
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_UNARY_HPP
