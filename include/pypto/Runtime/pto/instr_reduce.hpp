//===- pto/instr_reduce.hpp - Reductions and broadcasts
//---------------------===//
//
// Row reductions   TROWSUM/TROWMAX/TROWMIN/TROWPROD(dst, src, tmp):
//                                                          dst(i,0) = op_j
//                                                          src(i,j)
// Column reductions TCOLSUM/TCOLMAX/TCOLMIN(dst, src[, tmp[, isBinary]]),
// TCOLPROD:
//                                                          dst(0,j) = op_i
//                                                          src(i,j)
// Arg reductions   TROWARGMAX/TROWARGMIN(dst, src, tmp), TCOLARGMAX/TCOLARGMIN:
// the
//                  int32 index of the first extreme of each row (column)
// Broadcasts       TROWEXPAND(dst, src): dst(i,j) = src(i,0)
//                  TCOLEXPAND(dst, src): dst(i,j) = src(0,j)
// Fused            TROWEXPAND{ADD,SUB,MUL,DIV,MAX,MIN,EXPDIF}(dst, src0, src1[,
// tmp]):
//                      dst(i,j) = src0(i,j) op src1(i,0)
//                  TCOLEXPAND{ADD,SUB,MUL,DIV,MAX,MIN,EXPDIF}(dst, src0, src1[,
//                  tmp]):
//                      dst(i,j) = src0(i,j) op src1(0,j)
//                  (EXPDIF: exp(src0 - v), f32/f16/bf16 only).
//
// Sums of f16/bf16 accumulate in f32 (f32 in f32, integers in 64 bits, wrapped
// to the element type), in index order; max/min of an empty row/column is an
// error. Results are computed before anything is stored, so dst may alias the
// source. tmp operands are accepted and ignored.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_REDUCE_HPP
#define PTO_INSTR_REDUCE_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

enum class RedKind { Sum, Max, Min, Prod };

template <typename T>
using SumT = std::conditional_t<isFloatT<T>, float, int64_t>;

template <RedKind K, typename T>
using RedAccT = std::conditional_t<K == RedKind::Sum || K == RedKind::Prod,
                                   SumT<T>, ComputeT<T>>;

template <RedKind K, typename A>
inline A redStep(A acc, A x) {
  if constexpr (K == RedKind::Sum)
    return static_cast<A>(acc + x);
  else if constexpr (K == RedKind::Prod && std::is_integral_v<A>)
    return static_cast<A>(static_cast<uint64_t>(acc) *
                          static_cast<uint64_t>(x)); // wraps
  else if constexpr (K == RedKind::Prod)
    return static_cast<A>(acc * x);
  else if constexpr (K == RedKind::Max)
    return x > acc ? x : acc;
  else
    return x < acc ? x : acc;
}

template <typename D, typename S>
inline void checkReduce(sim::CoreContext* ctx, const char* op, const D& dst, const S& src) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "operands must be Tiles");
  static_assert(std::is_same_v<typename D::DType, typename S::DType>,
                "reduction dst and src must have the same element type");
  static_assert(isElemT<typename D::DType>, "unsupported element type");
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src", src);
}

// Reduces n elements src(at(0)), ..., src(at(n-1)).
template <RedKind K, typename S, typename At>
inline typename S::DType reduceLine(sim::CoreContext* ctx, const char* op, const S& src, int n,
                                    At at) {
  using T = typename S::DType;
  using A = RedAccT<K, T>;
  const T* s = src.data();
  if (n == 0) {
    if constexpr (K == RedKind::Max || K == RedKind::Min)
      sim::fail(ctx, "%s: reduction over an empty (0-element) valid region", op);
    return cvt<T>(A(K == RedKind::Prod ? 1 : 0));
  }
  A acc = cvt<A>(s[at(0)]);
  for (int k = 1; k < n; ++k)
    acc = redStep<K>(acc, cvt<A>(s[at(k)]));
  return cvt<T>(acc);
}

// f32 rows of a row-major tile, four at a time in the lanes of a vector:
// four columns of four rows are loaded and transposed, then added column
// after column, so each lane takes its row's steps in index order (the bits
// of the scalar loop). Returns the rows done; the rest are left to it.
template <RedKind K, typename S>
inline int rowReduceF32Blocks(const float *s, int vr, int vc, float *out) {
  typedef float V __attribute__((vector_size(16)));
  auto load = [](const float *p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  int r = 0;
  for (; r + 4 <= vr; r += 4) {
    const float *p0 = s + S::offsetOf(r, 0);
    const float *p1 = s + S::offsetOf(r + 1, 0);
    const float *p2 = s + S::offsetOf(r + 2, 0);
    const float *p3 = s + S::offsetOf(r + 3, 0);
    V acc = {p0[0], p1[0], p2[0], p3[0]};
    int c = 1;
    for (; c + 4 <= vc; c += 4) {
      V a0 = load(p0 + c), a1 = load(p1 + c), a2 = load(p2 + c),
        a3 = load(p3 + c);
      transpose4x4(a0, a1, a2, a3);
      acc = redStep<K>(acc, a0);
      acc = redStep<K>(acc, a1);
      acc = redStep<K>(acc, a2);
      acc = redStep<K>(acc, a3);
    }
    for (; c < vc; ++c)
      acc = redStep<K>(acc, V{p0[c], p1[c], p2[c], p3[c]});
    for (int l = 0; l < 4; ++l)
      out[r + l] = acc[l];
  }
  return r;
}

template <RedKind K, typename D, typename S>
inline void rowReduce(const char* op, D& dst, const S& src) {
  using T = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  checkReduce(ctx, op, dst, src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (dst.GetValidRow() != vr)
    sim::fail(ctx, "%s: dst valid rows (%d) differ from src valid rows (%d)", op,
              dst.GetValidRow(), vr);
  ScratchVec<T> out(vr);
  int r = 0;
  // Eight rows at a time, each reduced in its own index order: the rows'
  // chains of dependent steps interleave, with the bits of one row after
  // another (a sum reassociated across columns would change them).
  constexpr int kRows = 8;
  if constexpr (std::is_same_v<T, float> && S::isRowMajor && !S::isBoxed)
    if (vc > 0)
      r = rowReduceF32Blocks<K, S>(src.data(), vr, vc, out.p);
  if (vc > 0) {
    using A = RedAccT<K, T>;
    const T *s = src.data();
    for (; r + kRows <= vr; r += kRows) {
      A acc[kRows];
      for (int l = 0; l < kRows; ++l)
        acc[l] = cvt<A>(s[S::offsetOf(r + l, 0)]);
      for (int c = 1; c < vc; ++c)
        for (int l = 0; l < kRows; ++l)
          acc[l] = redStep<K>(acc[l], cvt<A>(s[S::offsetOf(r + l, c)]));
      for (int l = 0; l < kRows; ++l)
        out[r + l] = cvt<T>(acc[l]);
    }
  }
  for (; r < vr; ++r)
    out[r] = reduceLine<K>(ctx, op, src, vc, [r](int c) { return S::offsetOf(r, c); });
  T* d = dst.data();
  for (int i = 0; i < vr; ++i)
    d[D::offsetOf(i, 0)] = out[i];
}

template <RedKind K, typename D, typename S>
inline void colReduce(const char* op, D& dst, const S& src) {
  using T = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  checkReduce(ctx, op, dst, src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (dst.GetValidCol() != vc)
    sim::fail(ctx, "%s: dst valid cols (%d) differ from src valid cols (%d)", op,
              dst.GetValidCol(), vc);
  ScratchVec<T> out(vc);
  if (vr == 0) {
    // The error of an empty max/min, or the identity.
    for (int c = 0; c < vc; ++c)
      out[c] = reduceLine<K>(ctx, op, src, vr,
                             [c](int r) { return S::offsetOf(r, c); });
  } else {
    // Row after row into one accumulator per column: each column in its own
    // index order, with the loads along the rows (vectorised).
    using A = RedAccT<K, T>;
    const T *s = src.data();
    ScratchVec<A> acc(vc);
    for (int c = 0; c < vc; ++c)
      acc[c] = cvt<A>(s[S::offsetOf(0, c)]);
    for (int r = 1; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        acc[c] = redStep<K>(acc[c], cvt<A>(s[S::offsetOf(r, c)]));
    for (int c = 0; c < vc; ++c)
      out[c] = cvt<T>(acc[c]);
  }
  T* d = dst.data();
  for (int c = 0; c < vc; ++c)
    d[D::offsetOf(0, c)] = out[c];
}

// The index of the first maximum (IsMax) or minimum of n elements
// src(at(0)), ..., src(at(n-1)), compared in the compute type.
template <bool IsMax, typename S, typename At>
inline int32_t argLine(sim::CoreContext *ctx, const char *op, const S &src,
                       int n, At at) {
  using C = ComputeT<typename S::DType>;
  if (n == 0)
    sim::fail(ctx, "%s: reduction over an empty (0-element) valid region", op);
  const typename S::DType *s = src.data();
  int32_t best = 0;
  C bestValue = cvt<C>(s[at(0)]);
  for (int k = 1; k < n; ++k) {
    const C x = cvt<C>(s[at(k)]);
    if (IsMax ? x > bestValue : x < bestValue) {
      best = k;
      bestValue = x;
    }
  }
  return best;
}

// dst(i,0) (Row) or dst(0,j) = the index of the first extreme along the row
// (column); dst holds int32_t or uint32_t.
template <bool Row, bool IsMax, typename D, typename S>
inline void argReduce(const char *op, D &dst, const S &src) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "operands must be Tiles");
  static_assert(std::is_same_v<typename D::DType, int32_t> ||
                    std::is_same_v<typename D::DType, uint32_t>,
                "an arg reduction writes 32-bit indices");
  sim::CoreContext *ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src", src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (Row ? dst.GetValidRow() != vr : dst.GetValidCol() != vc)
    sim::fail(ctx, "%s: dst valid %s (%d) differ from src valid %s (%d)", op,
              Row ? "rows" : "cols",
              Row ? dst.GetValidRow() : dst.GetValidCol(),
              Row ? "rows" : "cols", Row ? vr : vc);
  const int n = Row ? vr : vc;
  ScratchVec<int32_t> out(n);
  for (int k = 0; k < n; ++k)
    out[k] = Row ? argLine<IsMax>(ctx, op, src, vc,
                                  [k](int c) { return S::offsetOf(k, c); })
                 : argLine<IsMax>(ctx, op, src, vr,
                                  [k](int r) { return S::offsetOf(r, k); });
  typename D::DType *d = dst.data();
  for (int k = 0; k < n; ++k)
    d[Row ? D::offsetOf(k, 0) : D::offsetOf(0, k)] =
        static_cast<typename D::DType>(out[k]);
}

// The broadcast vector of an expand instruction, in the compute type:
// v[i] = src(i, 0) (alongRows) or v[j] = src(0, j).
template <typename S>
struct BroadcastVec {
  using C = ComputeT<typename S::DType>;
  ScratchVec<C> v;
  BroadcastVec(const S& src, int n, bool alongRows) : v(n) {
    const typename S::DType* s = src.data();
    for (int k = 0; k < n; ++k)
      v[k] = cvt<C>(s[alongRows ? S::offsetOf(k, 0) : S::offsetOf(0, k)]);
  }
};

// dst(i,j) = f(src0(i,j), v) with v = vec(i,0) (rowExpand) or vec(0,j).
template <bool RowExpand, typename D, typename A, typename V, typename F>
inline void expandOp(const char* op, D& dst, const A& src0, const V& vec, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<V>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> && std::is_same_v<T, typename V::DType>,
                "operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireOperand(ctx, op, "src0", dst, src0);
  requireBound(ctx, op, "src1", vec);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  if (RowExpand && vec.GetValidRow() != vr)
    sim::fail(ctx, "%s: valid rows of src1 (%d) differ from dst (%d)", op, vec.GetValidRow(), vr);
  if (!RowExpand && vec.GetValidCol() != vc)
    sim::fail(ctx, "%s: valid cols of src1 (%d) differ from dst (%d)", op, vec.GetValidCol(), vc);
  BroadcastVec<V> bv(vec, RowExpand ? vr : vc, RowExpand);
  const C* v = bv.v.p;
  const T* a = src0.data();
  storeRegion(dst, vr, vc, !safeInPlace(dst, src0), [&](int r, int c) {
    return cvt<T>(f(cvt<C>(a[A::offsetOf(r, c)]), v[RowExpand ? r : c]));
  });
}

// dst(i,j) = vec(i,0) (rowExpand) or vec(0,j).
template <bool RowExpand, typename D, typename V>
inline void expand(const char* op, D& dst, const V& vec) {
  static_assert(is_tile_v<D> && is_tile_v<V>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename V::DType>, "operands must have the same element type");
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src", vec);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  if (RowExpand && vec.GetValidRow() != vr)
    sim::fail(ctx, "%s: valid rows of src (%d) differ from dst (%d)", op, vec.GetValidRow(), vr);
  if (!RowExpand && vec.GetValidCol() != vc)
    sim::fail(ctx, "%s: valid cols of src (%d) differ from dst (%d)", op, vec.GetValidCol(), vc);
  const int n = RowExpand ? vr : vc;
  ScratchVec<T> v(n);
  const T* s = vec.data();
  for (int k = 0; k < n; ++k)
    v[k] = s[RowExpand ? V::offsetOf(k, 0) : V::offsetOf(0, k)];
  storeRegion(dst, vr, vc, false, [&](int r, int c) { return v[RowExpand ? r : c]; });
}

template <typename C>
inline C expDif(C x, C v) {
  static_assert(std::is_same_v<C, float>, "EXPDIF needs a float, half or bfloat16_t element type");
  return expF(x - v);
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Row reductions (dst is Nx1, commonly BLayout::ColMajor)
//===----------------------------------------------------------------------===//

template <typename D, typename S, typename Tmp>
inline void TROWSUM(D& dst, const S& src, const Tmp& /*tmp*/) {
  detail::rowReduce<detail::RedKind::Sum>("TROWSUM", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TROWMAX(D& dst, const S& src, const Tmp& /*tmp*/) {
  detail::rowReduce<detail::RedKind::Max>("TROWMAX", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TROWMIN(D& dst, const S& src, const Tmp& /*tmp*/) {
  detail::rowReduce<detail::RedKind::Min>("TROWMIN", dst, src);
}

// Products of f16/bf16 multiply in f32, integers in 64 bits (wrapping).
template <typename D, typename S, typename Tmp>
inline void TROWPROD(D &dst, const S &src, const Tmp & /*tmp*/) {
  detail::rowReduce<detail::RedKind::Prod>("TROWPROD", dst, src);
}
// The index of each row's first maximum (minimum): dst is Nx1 of int32_t.
template <typename D, typename S, typename Tmp>
inline void TROWARGMAX(D &dst, const S &src, const Tmp & /*tmp*/) {
  detail::argReduce<true, true>("TROWARGMAX", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TROWARGMIN(D &dst, const S &src, const Tmp & /*tmp*/) {
  detail::argReduce<true, false>("TROWARGMIN", dst, src);
}

//===----------------------------------------------------------------------===//
// Column reductions (dst is 1xN)
//===----------------------------------------------------------------------===//

template <typename D, typename S> inline void TCOLPROD(D &dst, const S &src) {
  detail::colReduce<detail::RedKind::Prod>("TCOLPROD", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TCOLARGMAX(D &dst, const S &src, const Tmp & /*tmp*/) {
  detail::argReduce<false, true>("TCOLARGMAX", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TCOLARGMIN(D &dst, const S &src, const Tmp & /*tmp*/) {
  detail::argReduce<false, false>("TCOLARGMIN", dst, src);
}

template <typename D, typename S>
inline void TCOLSUM(D& dst, const S& src) {
  detail::colReduce<detail::RedKind::Sum>("TCOLSUM", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TCOLSUM(D& dst, const S& src, const Tmp& /*tmp*/, bool /*isBinary*/ = false) {
  detail::colReduce<detail::RedKind::Sum>("TCOLSUM", dst, src);
}
template <typename D, typename S>
inline void TCOLMAX(D& dst, const S& src) {
  detail::colReduce<detail::RedKind::Max>("TCOLMAX", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TCOLMAX(D& dst, const S& src, const Tmp& /*tmp*/) {
  detail::colReduce<detail::RedKind::Max>("TCOLMAX", dst, src);
}
template <typename D, typename S>
inline void TCOLMIN(D& dst, const S& src) {
  detail::colReduce<detail::RedKind::Min>("TCOLMIN", dst, src);
}
template <typename D, typename S, typename Tmp>
inline void TCOLMIN(D& dst, const S& src, const Tmp& /*tmp*/) {
  detail::colReduce<detail::RedKind::Min>("TCOLMIN", dst, src);
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

template <typename D, typename S>
inline void TROWEXPAND(D& dst, const S& src) {
  detail::expand<true>("TROWEXPAND", dst, src);
}
template <typename D, typename S>
inline void TCOLEXPAND(D& dst, const S& src) {
  detail::expand<false>("TCOLEXPAND", dst, src);
}

#define PTO_DEFINE_EXPAND_OP(NAME, ROW, EXPR)                                                      \
  template <typename D, typename A, typename V>                                                    \
  inline void NAME(D& dst, const A& src0, const V& src1) {                                         \
    sim::CoreContext* ctx = sim::current();                                                        \
    (void)ctx;                                                                                     \
    detail::expandOp<ROW>(#NAME, dst, src0, src1, [=](auto x, auto v) { return EXPR; });           \
  }                                                                                                \
  template <typename D, typename A, typename V, typename Tmp>                                      \
  inline void NAME(D& dst, const A& src0, const V& src1, const Tmp& /*tmp*/) {                     \
    NAME(dst, src0, src1);                                                                         \
  }

PTO_DEFINE_EXPAND_OP(TROWEXPANDADD, true, detail::addW(x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDSUB, true, detail::subW(x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDMUL, true, detail::mulW(x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDDIV, true, detail::divide(ctx, "TROWEXPANDDIV", x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDMAX, true, detail::maxOf(x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDMIN, true, detail::minOf(x, v))
PTO_DEFINE_EXPAND_OP(TROWEXPANDEXPDIF, true, detail::expDif(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDADD, false, detail::addW(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDSUB, false, detail::subW(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDMUL, false, detail::mulW(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDDIV, false, detail::divide(ctx, "TCOLEXPANDDIV", x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDMAX, false, detail::maxOf(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDMIN, false, detail::minOf(x, v))
PTO_DEFINE_EXPAND_OP(TCOLEXPANDEXPDIF, false, detail::expDif(x, v))

#undef PTO_DEFINE_EXPAND_OP

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_REDUCE_HPP
