//===- pto/dtypes.hpp - half, bfloat16_t and element conversions ----------===//
#ifndef PTO_DTYPES_HPP
#define PTO_DTYPES_HPP

#include <cstdint>
#include <cstring>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

using half = _Float16;

// bfloat16: the upper 16 bits of an IEEE binary32. Conversion from float rounds
// to nearest, ties to even (NaN stays NaN, quiet); conversion to float is exact.
struct bfloat16_t {
  uint16_t bits;

  bfloat16_t() = default;
  bfloat16_t(float f) : bits(fromFloatBits(f)) {}

  static bfloat16_t fromBits(uint16_t b) {
    bfloat16_t r;
    r.bits = b;
    return r;
  }

  static uint16_t fromFloatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof(u));
    if ((u & 0x7fffffffu) > 0x7f800000u) // NaN: keep sign and payload top, force quiet
      return static_cast<uint16_t>((u >> 16) | 0x0040u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return static_cast<uint16_t>(u >> 16);
  }

  float toFloat() const {
    uint32_t u = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof(f));
    return f;
  }
  operator float() const { return toFloat(); }

  bfloat16_t& operator+=(float o) { return *this = bfloat16_t(toFloat() + o); }
  bfloat16_t& operator-=(float o) { return *this = bfloat16_t(toFloat() - o); }
  bfloat16_t& operator*=(float o) { return *this = bfloat16_t(toFloat() * o); }
  bfloat16_t& operator/=(float o) { return *this = bfloat16_t(toFloat() / o); }
};
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivial_v<bfloat16_t>, "bfloat16_t layout");

namespace detail {

template <typename T>
inline constexpr bool isLowFloat = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// Type in which elementwise arithmetic on T is carried out (then rounded back to T).
template <typename T>
using ComputeT = std::conditional_t<isLowFloat<T>, float, T>;

template <typename To, typename From>
inline To cvt(From v) {
  if constexpr (std::is_same_v<To, From>)
    return v;
  else if constexpr (std::is_same_v<To, bfloat16_t>)
    return bfloat16_t(static_cast<float>(v));
  else if constexpr (std::is_same_v<From, bfloat16_t>)
    return static_cast<To>(v.toFloat());
  else
    return static_cast<To>(v);
}

} // namespace detail
} // namespace pto

#pragma GCC visibility pop

#endif // PTO_DTYPES_HPP
