//===- pto/instr_elem.hpp - Remainder, bitwise and shift instructions
//------===//
//
// Tile-tile: TREM TFMOD TAND TOR TXOR TSHL TSHR.
// Tile-scalar: TREMS TFMODS TANDS TORS TXORS TSHLS TSHRS TLRELU.
// TPRELU (a slope per element); three operands: TADDC TSUBC TADDSC TSUBSC.
// All iterate over the dst valid region (sources must have the same valid
// shape), accept any layouts and allow dst to alias a source. The tmp operands
// of the pto-isa signatures are accepted and ignored.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_ELEM_HPP
#define PTO_INSTR_ELEM_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

// C fmod: the result has the sign of x. Integer division by zero is an error.
template <typename C>
inline C fmodOf(sim::CoreContext* ctx, const char* op, C x, C y) {
  if constexpr (std::is_integral_v<C>) {
    if (y == 0)
      sim::fail(ctx, "%s: integer division by zero", op);
    if constexpr (std::is_signed_v<C>) {
      if (y == -1)
        return 0;
    }
    return static_cast<C>(x % y);
  } else {
    return __builtin_fmodf(x, y);
  }
}

// Floored remainder (Python %): the result has the sign of y.
template <typename C>
inline C remOf(sim::CoreContext* ctx, const char* op, C x, C y) {
  C r = fmodOf(ctx, op, x, y);
  if (r != 0 && ((r < 0) != (y < 0)))
    r = static_cast<C>(r + y);
  return r;
}

// Shifts: a count >= the bit width gives 0 (left, and right of unsigned or
// non-negative values) or -1 (right of negative values); a negative count is an error.
template <typename C>
inline C shlOf(sim::CoreContext* ctx, const char* op, C x, C n) {
  static_assert(std::is_integral_v<C>, "shifts need an integer element type");
  if constexpr (std::is_signed_v<C>) {
    if (n < 0)
      sim::fail(ctx, "%s: negative shift count %d", op, (int)n);
  }
  if (n >= static_cast<C>(sizeof(C) * 8))
    return 0;
  using U = std::make_unsigned_t<C>;
  return static_cast<C>(static_cast<U>(static_cast<U>(x) << n));
}
template <typename C>
inline C shrOf(sim::CoreContext* ctx, const char* op, C x, C n) {
  static_assert(std::is_integral_v<C>, "shifts need an integer element type");
  if constexpr (std::is_signed_v<C>) {
    if (n < 0)
      sim::fail(ctx, "%s: negative shift count %d", op, (int)n);
  }
  if (n >= static_cast<C>(sizeof(C) * 8))
    return (std::is_signed_v<C> && x < 0) ? static_cast<C>(-1) : static_cast<C>(0);
  return static_cast<C>(x >> n); // arithmetic for signed types
}

template <typename T>
inline constexpr void requireIntElem() {
  static_assert(isIntT<T>, "bitwise and shift instructions need an integer element type");
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Tile-tile
//===----------------------------------------------------------------------===//

// dst = src0 mod src1 with the sign of src1 (floored remainder).
template <typename D, typename A, typename B>
inline void TREM(D& dst, const A& src0, const B& src1) {
  sim::CoreContext* ctx = sim::current();
  detail::map2("TREM", dst, src0, src1,
               [ctx](auto x, auto y) { return detail::remOf(ctx, "TREM", x, y); });
}
template <typename D, typename A, typename B, typename Tmp>
inline void TREM(D& dst, const A& src0, const B& src1, const Tmp& /*tmp*/) {
  TREM(dst, src0, src1);
}

// dst = fmod(src0, src1): the sign of src0 (truncated remainder).
template <typename D, typename A, typename B>
inline void TFMOD(D& dst, const A& src0, const B& src1) {
  sim::CoreContext* ctx = sim::current();
  detail::map2("TFMOD", dst, src0, src1,
               [ctx](auto x, auto y) { return detail::fmodOf(ctx, "TFMOD", x, y); });
}

template <typename D, typename A, typename B>
inline void TAND(D& dst, const A& src0, const B& src1) {
  detail::requireIntElem<typename D::DType>();
  detail::map2("TAND", dst, src0, src1, [](auto x, auto y) { return x & y; });
}
template <typename D, typename A, typename B>
inline void TOR(D& dst, const A& src0, const B& src1) {
  detail::requireIntElem<typename D::DType>();
  detail::map2("TOR", dst, src0, src1, [](auto x, auto y) { return x | y; });
}
template <typename D, typename A, typename B>
inline void TXOR(D& dst, const A& src0, const B& src1) {
  detail::requireIntElem<typename D::DType>();
  detail::map2("TXOR", dst, src0, src1, [](auto x, auto y) { return x ^ y; });
}
template <typename D, typename A, typename B, typename Tmp>
inline void TXOR(D& dst, const A& src0, const B& src1, const Tmp& /*tmp*/) {
  TXOR(dst, src0, src1);
}

// dst = src0 << src1 (per element count).
template <typename D, typename A, typename B>
inline void TSHL(D& dst, const A& src0, const B& src1) {
  detail::requireIntElem<typename D::DType>();
  sim::CoreContext* ctx = sim::current();
  detail::map2("TSHL", dst, src0, src1,
               [ctx](auto x, auto y) { return detail::shlOf(ctx, "TSHL", x, y); });
}
// dst = src0 >> src1 (arithmetic for signed types).
template <typename D, typename A, typename B>
inline void TSHR(D& dst, const A& src0, const B& src1) {
  detail::requireIntElem<typename D::DType>();
  sim::CoreContext* ctx = sim::current();
  detail::map2("TSHR", dst, src0, src1,
               [ctx](auto x, auto y) { return detail::shrOf(ctx, "TSHR", x, y); });
}

//===----------------------------------------------------------------------===//
// Tile-scalar (the scalar has the tile element type)
//===----------------------------------------------------------------------===//

template <typename D, typename S>
inline void TREMS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  sim::CoreContext* ctx = sim::current();
  detail::map1("TREMS", dst, src, [k, ctx](auto x) { return detail::remOf(ctx, "TREMS", x, k); });
}
template <typename D, typename S, typename Tmp>
inline void TREMS(D& dst, const S& src, typename S::DType scalar, const Tmp& /*tmp*/) {
  TREMS(dst, src, scalar);
}
template <typename D, typename S>
inline void TFMODS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  sim::CoreContext* ctx = sim::current();
  detail::map1("TFMODS", dst, src,
               [k, ctx](auto x) { return detail::fmodOf(ctx, "TFMODS", x, k); });
}
template <typename D, typename S>
inline void TANDS(D& dst, const S& src, typename D::DType scalar) {
  detail::requireIntElem<typename D::DType>();
  detail::map1("TANDS", dst, src, [scalar](auto x) { return x & scalar; });
}
template <typename D, typename S>
inline void TORS(D& dst, const S& src, typename D::DType scalar) {
  detail::requireIntElem<typename D::DType>();
  detail::map1("TORS", dst, src, [scalar](auto x) { return x | scalar; });
}
template <typename D, typename S>
inline void TXORS(D& dst, const S& src, typename S::DType scalar) {
  detail::requireIntElem<typename D::DType>();
  detail::map1("TXORS", dst, src, [scalar](auto x) { return x ^ scalar; });
}
template <typename D, typename S, typename Tmp>
inline void TXORS(D& dst, const S& src, typename S::DType scalar, const Tmp& /*tmp*/) {
  TXORS(dst, src, scalar);
}
template <typename D, typename S>
inline void TSHLS(D& dst, const S& src, typename D::DType scalar) {
  detail::requireIntElem<typename D::DType>();
  sim::CoreContext* ctx = sim::current();
  detail::map1("TSHLS", dst, src,
               [scalar, ctx](auto x) { return detail::shlOf(ctx, "TSHLS", x, scalar); });
}
template <typename D, typename S>
inline void TSHRS(D& dst, const S& src, typename D::DType scalar) {
  detail::requireIntElem<typename D::DType>();
  sim::CoreContext* ctx = sim::current();
  detail::map1("TSHRS", dst, src,
               [scalar, ctx](auto x) { return detail::shrOf(ctx, "TSHRS", x, scalar); });
}

// Leaky ReLU: dst = src > 0 ? src : src * slope.
template <typename D, typename S>
inline void TLRELU(D& dst, const S& src, typename S::DType slope) {
  using C = detail::ComputeT<typename S::DType>;
  const C k = detail::cvt<C>(slope);
  detail::map1("TLRELU", dst, src,
               [k](auto x) -> C { return x > C(0) ? x : static_cast<C>(detail::mulW(x, k)); });
}

// dst = src0 > 0 ? src0 : src0 * src1 (a slope per element).
template <typename D, typename A, typename B, typename Tmp>
inline void TPRELU(D &dst, const A &src0, const B &src1, const Tmp & /*tmp*/) {
  detail::map2("TPRELU", dst, src0, src1, [](auto x, auto y) -> decltype(x) {
    return x > decltype(x)(0) ? x
                              : static_cast<decltype(x)>(detail::mulW(x, y));
  });
}

//===----------------------------------------------------------------------===//
// Three operands (computed in the compute type, rounded once)
//===----------------------------------------------------------------------===//

template <typename D, typename A, typename B, typename E>
inline void TADDC(D &dst, const A &src0, const B &src1, const E &src2) {
  detail::map3("TADDC", dst, src0, src1, src2, [](auto x, auto y, auto z) {
    return detail::addW(detail::addW(x, y), z);
  });
}
template <typename D, typename A, typename B, typename E>
inline void TSUBC(D &dst, const A &src0, const B &src1, const E &src2) {
  detail::map3("TSUBC", dst, src0, src1, src2, [](auto x, auto y, auto z) {
    return detail::addW(detail::subW(x, y), z);
  });
}
template <typename D, typename A, typename B>
inline void TADDSC(D &dst, const A &src0, typename A::DType scalar,
                   const B &src1) {
  const auto k = detail::cvt<detail::ComputeT<typename A::DType>>(scalar);
  detail::map2("TADDSC", dst, src0, src1, [k](auto x, auto y) {
    return detail::addW(detail::addW(x, k), y);
  });
}
template <typename D, typename A, typename B>
inline void TSUBSC(D &dst, const A &src0, typename A::DType scalar,
                   const B &src1) {
  const auto k = detail::cvt<detail::ComputeT<typename A::DType>>(scalar);
  detail::map2("TSUBSC", dst, src0, src1, [k](auto x, auto y) {
    return detail::addW(detail::subW(x, k), y);
  });
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_ELEM_HPP
