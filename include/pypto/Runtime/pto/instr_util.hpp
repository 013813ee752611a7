//===- pto/instr_util.hpp - Helpers shared by the tile instruction headers -===//
//
// Element-type traits, special values and the generic "compute the dst valid
// region" loops used by instr_unary/elem/reduce/cvt/layout/sort.hpp. Math goes
// through GCC builtins so that kernels do not pay for <cmath>.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_UTIL_HPP
#define PTO_INSTR_UTIL_HPP

#include "pto/instr.hpp"

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto::detail {

template <typename T>
inline constexpr bool isFloatT = std::is_same_v<T, float> || isLowFloat<T>;

template <typename T>
inline constexpr bool isIntT =
    std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> ||
    std::is_same_v<T, uint16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;

// Element types the vector instructions accept.
template <typename T>
inline constexpr bool isElemT = isFloatT<T> || isIntT<T>;

// Exact value of an element as a double.
template <typename T>
inline double toDouble(T v) {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return v.toFloat();
  else
    return static_cast<double>(v);
}

template <typename T>
inline T infinityOf() {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return bfloat16_t::fromBits(0x7f80);
  else
    return static_cast<T>(__builtin_inff());
}

// Largest finite value of T.
template <typename T>
inline T maxOfType() {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return bfloat16_t::fromBits(0x7f7f);
  else if constexpr (std::is_same_v<T, half>)
    return static_cast<half>(65504.0f);
  else
    return std::numeric_limits<T>::max();
}

// Most negative finite value of T.
template <typename T>
inline T lowestOfType() {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return bfloat16_t::fromBits(0xff7f);
  else if constexpr (std::is_same_v<T, half>)
    return static_cast<half>(-65504.0f);
  else
    return std::numeric_limits<T>::lowest();
}

// Value of a PadValue for T: Zero is 0, Max/Min are +/-infinity for floating
// types and the largest/smallest value for integers.
template <typename T>
inline T padValueOf(PadValue p) {
  if (p == PadValue::Max) {
    if constexpr (isFloatT<T>)
      return infinityOf<T>();
    else
      return maxOfType<T>();
  }
  if (p == PadValue::Min) {
    if constexpr (isFloatT<T>)
      return static_cast<T>(-static_cast<float>(infinityOf<T>()));
    else
      return lowestOfType<T>();
  }
  return cvt<T>(0.0f);
}

// Small vector of T: inline storage for up to 256 elements, heap beyond.
template <typename T>
struct ScratchVec {
  T local[256];
  T* p;
  T* heap = nullptr;
  explicit ScratchVec(size_t n) {
    if (n <= 256) {
      p = local;
    } else {
      heap = static_cast<T*>(std::malloc(n * sizeof(T) + 64));
      if (!heap)
        sim::fail(sim::current(), "out of host memory for a scratch buffer");
      p = heap;
    }
  }
  ~ScratchVec() { std::free(heap); }
  ScratchVec(const ScratchVec&) = delete;
  ScratchVec& operator=(const ScratchVec&) = delete;
  T& operator[](size_t i) { return p[i]; }
};

// Stores g(r, c) to dst(r, c) for every (r, c) of the vr x vc region. With
// viaScratch every value is computed before the first store (for a dst that
// overlaps a source with another layout); otherwise g(r, c) may read only
// elements that are not stored before it (e.g. the very element (r, c)).
template <typename D, typename G>
inline void storeRegion(D& dst, int vr, int vc, bool viaScratch, G g) {
  using T = typename D::DType;
  T* d = dst.data();
  if (viaScratch) {
    ScratchBuf<T> tmp(static_cast<size_t>(vr) * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[(size_t)r * vc + c] = g(r, c);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = tmp.p[(size_t)r * vc + c];
    return;
  }
  if constexpr (!D::isBoxed && D::isRowMajor) {
    for (int r = 0; r < vr; ++r) {
      T* row = d + (size_t)r * D::Cols;
      for (int c = 0; c < vc; ++c)
        row[c] = g(r, c);
    }
  } else if constexpr (!D::isBoxed) {
    for (int c = 0; c < vc; ++c) {
      T* col = d + (size_t)c * D::Rows;
      for (int r = 0; r < vr; ++r)
        col[r] = g(r, c);
    }
  } else {
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = g(r, c);
  }
}

template <typename D, typename S>
inline void requireOperand(sim::CoreContext* ctx, const char* op, const char* role, const D& dst,
                           const S& src) {
  requireBound(ctx, op, role, src);
  requireSameValid(ctx, op, role, dst, src);
}

// dst(r,c) = f(a(r,c)) over the dst valid region; f sees ComputeT values.
template <typename D, typename A, typename F>
inline void map1(const char* op, D& dst, const A& a, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType>,
                "elementwise operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireOperand(ctx, op, "src", dst, a);
  const T* pa = a.data();
  storeRegion(dst, dst.GetValidRow(), dst.GetValidCol(), !safeInPlace(dst, a),
              [&](int r, int c) { return cvt<T>(f(cvt<C>(pa[A::offsetOf(r, c)]))); });
}

// dst(r,c) = f(a(r,c)) for a float function with a compiled form that takes
// whole runs (rowF(in, out, n); out may be in), row by row: f32 rows in
// place where both tiles store them contiguously, other types and layouts
// through a row of f32 (f computes in f32 for f16 and bf16, as in map1).
// Operands that overlap other than exactly take map1 and f.
template <typename D, typename A, typename RowF, typename F>
inline void mapRowsF32(const char *op, D &dst, const A &a, RowF rowF, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType>,
                "elementwise operands must have the same element type");
  static_assert(std::is_same_v<ComputeT<T>, float>,
                "mapRowsF32: the element type must compute in f32");
  sim::CoreContext *ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireOperand(ctx, op, "src", dst, a);
  if (!safeInPlace(dst, a))
    return map1(op, dst, a, f);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  const T *pa = a.data();
  T *pd = dst.data();
  if constexpr (std::is_same_v<T, float> && allRowMajorND<D, A>) {
    for (int r = 0; r < vr; ++r)
      rowF(pa + (size_t)r * A::Cols, pd + (size_t)r * D::Cols, vc);
  } else {
    ScratchBuf<float> row(vc);
    for (int r = 0; r < vr; ++r) {
      for (int c = 0; c < vc; ++c)
        row.p[c] = cvt<float>(pa[A::offsetOf(r, c)]);
      rowF(row.p, row.p, vc);
      for (int c = 0; c < vc; ++c)
        pd[D::offsetOf(r, c)] = cvt<T>(row.p[c]);
    }
  }
}

// dst(r,c) = f(a(r,c), b(r,c)) over the dst valid region; f sees ComputeT values.
template <typename D, typename A, typename B, typename F>
inline void map2(const char* op, D& dst, const A& a, const B& b, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<B>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> && std::is_same_v<T, typename B::DType>,
                "elementwise operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireOperand(ctx, op, "src0", dst, a);
  requireOperand(ctx, op, "src1", dst, b);
  const T* pa = a.data();
  const T* pb = b.data();
  storeRegion(dst, dst.GetValidRow(), dst.GetValidCol(),
              !safeInPlace(dst, a) || !safeInPlace(dst, b), [&](int r, int c) {
                return cvt<T>(f(cvt<C>(pa[A::offsetOf(r, c)]), cvt<C>(pb[B::offsetOf(r, c)])));
              });
}

// dst(r,c) = f(a(r,c), b(r,c), c(r,c)) over the dst valid region.
template <typename D, typename A, typename B, typename E, typename F>
inline void map3(const char *op, D &dst, const A &a, const B &b, const E &e,
                 F f) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<B> && is_tile_v<E>,
                "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> &&
                    std::is_same_v<T, typename B::DType> &&
                    std::is_same_v<T, typename E::DType>,
                "elementwise operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext *ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireOperand(ctx, op, "src0", dst, a);
  requireOperand(ctx, op, "src1", dst, b);
  requireOperand(ctx, op, "src2", dst, e);
  const T *pa = a.data();
  const T *pb = b.data();
  const T *pe = e.data();
  storeRegion(dst, dst.GetValidRow(), dst.GetValidCol(),
              !safeInPlace(dst, a) || !safeInPlace(dst, b) ||
                  !safeInPlace(dst, e),
              [&](int r, int c) {
                return cvt<T>(f(cvt<C>(pa[A::offsetOf(r, c)]),
                                cvt<C>(pb[B::offsetOf(r, c)]),
                                cvt<C>(pe[E::offsetOf(r, c)])));
              });
}

// Float math in the compute type (float for f32/f16/bf16).
inline float expF(float x) { return __builtin_expf(x); }
// out[0..n) = expF(in[0..n)) bit for bit, on vectors where the host's expf
// allows (pto/expf.hpp); out may be in. Compiled once per kernel cache from
// pto/tile_lib.cpp, as gemm.
__attribute__((visibility("hidden"))) void expRun(const float *in, float *out,
                                                  int n);
inline float logF(float x) { return __builtin_logf(x); }
inline float sqrtF(float x) { return __builtin_sqrtf(x); }

} // namespace pto::detail

#pragma GCC visibility pop

#endif // PTO_INSTR_UTIL_HPP
