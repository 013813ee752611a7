//===- TileLibTestUtil.h - Shared helpers of the tile library op tests ----===//
//
// Independent references (double arithmetic, bit-pattern search for rounding),
// random data, layouts and error capture for TileLibOpsTest.cpp,
// TileLibCvtTest.cpp and TileLibSortTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_UNITTESTS_TILELIBTESTUTIL_H
#define PTO_UNITTESTS_TILELIBTESTUTIL_H

#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace tltest {

using namespace pto;

// Element types are wrapped: GCC 12's libstdc++ has no typeinfo for _Float16.
template <typename T>
struct Elem {
  using type = T;
};

template <typename T>
inline constexpr bool isFloat =
    std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint16_t halfBits(half h) {
  uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}
inline half bitsHalf(uint16_t u) {
  half h;
  std::memcpy(&h, &u, 2);
  return h;
}

template <typename T>
double toD(T v) {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return v.toFloat();
  else
    return static_cast<double>(v);
}

// Formats as (mantissa bits, exponent bits) and their bit patterns.
template <typename T>
struct Fmt;
template <>
struct Fmt<float> {
  static constexpr int mant = 23, exp = 8;
  static uint32_t bits(float v) { return floatBits(v); }
  static float make(uint32_t b) { return bitsFloat(b); }
};
template <>
struct Fmt<half> {
  static constexpr int mant = 10, exp = 5;
  static uint32_t bits(half v) { return halfBits(v); }
  static half make(uint32_t b) { return bitsHalf(uint16_t(b)); }
};
template <>
struct Fmt<bfloat16_t> {
  static constexpr int mant = 7, exp = 8;
  static uint32_t bits(bfloat16_t v) { return v.bits; }
  static bfloat16_t make(uint32_t b) { return bfloat16_t::fromBits(uint16_t(b)); }
};

// Value of a non-negative bit pattern of format T (infinity for the inf pattern).
template <typename T>
double patternValue(uint32_t b) {
  return toD(Fmt<T>::make(b));
}

// Independent rounding of a finite double to T under a RoundMode: binary search
// for the largest non-negative pattern whose value is <= |x|, then pick between
// it and the next pattern by the mode's rule (the step above the largest finite
// value goes to "2^(emax+1)", i.e. infinity).
template <typename T>
T refRoundMode(double x, RoundMode mode) {
  using F = Fmt<T>;
  const uint32_t infB = ((1u << F::exp) - 1u) << F::mant;
  const uint32_t signB = 1u << (F::mant + F::exp);
  if (std::isnan(x))
    return F::make(infB | (1u << (F::mant - 1)));
  const bool neg = std::signbit(x);
  const double a = std::fabs(x);
  if (std::isinf(a))
    return F::make((neg ? signB : 0) | infB);
  uint32_t lo = 0, hi = infB - 1;
  while (lo < hi) {
    uint32_t mid = (lo + hi + 1) / 2;
    if (patternValue<T>(mid) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  uint32_t b = lo;
  const double vLo = patternValue<T>(b);
  if (vLo != a) {
    const int emax = (1 << (F::exp - 1)) - 1;
    const double vHi = (b + 1 == infB) ? std::ldexp(1.0, emax + 1) : patternValue<T>(b + 1);
    const double down = a - vLo, up = vHi - a;
    bool takeUp = false;
    switch (mode) {
    case RoundMode::CAST_ROUND: takeUp = up <= down; break;
    case RoundMode::CAST_FLOOR: takeUp = neg; break;
    case RoundMode::CAST_CEIL: takeUp = !neg; break;
    case RoundMode::CAST_TRUNC: takeUp = false; break;
    case RoundMode::CAST_ODD: takeUp = (b & 1u) == 0; break;
    default: takeUp = up < down || (up == down && (b & 1u)); break;
    }
    if (takeUp)
      b = b + 1; // may become the inf pattern
    if (b == infB && (mode == RoundMode::CAST_ODD))
      b = infB - 1;
  }
  return F::make((neg ? signB : 0) | b);
}

// Correct rounding (nearest even) of a double to T.
template <typename T>
T refRound(double x) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<int64_t>(x));
  else
    return refRoundMode<T>(x, RoundMode::CAST_RINT);
}

// Two's complement wrap of an integer to T.
template <typename T>
T wrapInt(int64_t v) {
  return static_cast<T>(static_cast<uint64_t>(v));
}

template <typename T>
bool sameValue(T a, T b) {
  if constexpr (isFloat<T>) {
    if (std::isnan(toD(a)) && std::isnan(toD(b)))
      return true;
    return Fmt<T>::bits(a) == Fmt<T>::bits(b);
  } else {
    return a == b;
  }
}

// Units in the last place between a and b (both finite, same format).
template <typename T>
double ulpDiff(T a, T b) {
  const double x = toD(a), y = toD(b);
  if (x == y)
    return 0;
  int e;
  std::frexp(std::max(std::fabs(x), std::fabs(y)), &e);
  const double ulp = std::ldexp(1.0, std::max(e - 1 - Fmt<T>::mant, -24 - 126));
  return std::fabs(x - y) / ulp;
}

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 2654435761u + 12345) {}
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(s >> 32);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * (next() / 4294967296.0); }
  int64_t range(int64_t lo, int64_t hi) { // inclusive
    return lo + static_cast<int64_t>(next() % uint64_t(hi - lo + 1));
  }
};

// Floats: magnitude in [0.5, 4) with random sign. Integers: the full range.
template <typename T>
T randomValue(Rng& rng) {
  if constexpr (isFloat<T>) {
    double v = rng.uniform(0.5, 4.0);
    if (rng.next() & 1)
      v = -v;
    return refRound<T>(v);
  } else {
    return wrapInt<T>(static_cast<int64_t>(rng.next()) ^ (static_cast<int64_t>(rng.next()) << 32));
  }
}

template <typename TileT, typename Gen>
void fillWith(const TileT& t, Gen gen) {
  for (int r = 0; r < TileT::Rows; ++r)
    for (int c = 0; c < TileT::Cols; ++c)
      t.at(r, c) = gen();
}

template <typename TileT>
void fillRandom(const TileT& t, Rng& rng) {
  fillWith(t, [&] { return randomValue<typename TileT::DType>(rng); });
}

template <typename TileT>
std::vector<uint8_t> snapshot(const TileT& t) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.data());
  return std::vector<uint8_t>(p, p + TileT::kBytes);
}

// Whether every element of t outside the vr x vc region still has its bytes in `before`.
template <typename TileT>
bool outsideUntouched(const TileT& t, const std::vector<uint8_t>& before, int vr, int vc) {
  using T = typename TileT::DType;
  std::vector<bool> inValid(TileT::Numel, false);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      inValid[TileT::offsetOf(r, c)] = true;
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.data());
  for (int i = 0; i < TileT::Numel; ++i)
    if (!inValid[i] && std::memcmp(&before[i * sizeof(T)], p + i * sizeof(T), sizeof(T)) != 0)
      return false;
  return true;
}

template <typename Fn>
std::string errorOf(Fn fn) {
  try {
    fn();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "<no error>";
}

inline bool contains(const std::string& s, const std::string& sub) {
  return s.find(sub) != std::string::npos;
}

// Layouts of a 32x32 tile with a dynamic valid shape (legal for every element size).
template <typename T>
using RM = Tile<TileType::Vec, T, 32, 32, BLayout::RowMajor, -1, -1>;
template <typename T>
using CM = Tile<TileType::Vec, T, 32, 32, BLayout::ColMajor, -1, -1>;
template <typename T>
using NZ = Tile<TileType::Vec, T, 32, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
template <typename T>
using ZN = Tile<TileType::Vec, T, 32, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor>;

template <typename T>
std::string show(T v) {
  if constexpr (isFloat<T>)
    return std::to_string(toD(v));
  else
    return std::to_string(static_cast<long long>(v));
}

} // namespace tltest

#endif // PTO_UNITTESTS_TILELIBTESTUTIL_H
