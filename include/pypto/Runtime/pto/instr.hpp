//===- pto/instr.hpp - Tile instructions (CPU simulation) -----------------===//
//
// Every instruction executes synchronously. Elementwise instructions iterate
// over the dst valid region, accept any operand layouts, and allow dst to alias
// a source. Errors are reported through the current core's raise hook.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_HPP
#define PTO_INSTR_HPP

#include "pto/tile.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

template <typename T>
struct ScratchBuf {
  T* p;
  explicit ScratchBuf(size_t n) : p(static_cast<T*>(std::malloc(n * sizeof(T) + 64))) {
    if (!p)
      sim::fail(sim::current(), "out of host memory for a scratch buffer");
  }
  ~ScratchBuf() { std::free(p); }
  ScratchBuf(const ScratchBuf&) = delete;
  ScratchBuf& operator=(const ScratchBuf&) = delete;
};

template <typename TileT>
inline void requireBound(sim::CoreContext* ctx, const char* op, const char* role,
                         const TileT& t) {
  if (t.data() == nullptr)
    sim::fail(ctx, "%s: %s tile used before TASSIGN", op, role);
}

template <typename D, typename S>
inline void requireSameValid(sim::CoreContext* ctx, const char* op, const char* role,
                             const D& dst, const S& src) {
  if (dst.GetValidRow() != src.GetValidRow() || dst.GetValidCol() != src.GetValidCol())
    sim::fail(ctx, "%s: valid shape of %s (%dx%d) differs from dst (%dx%d)", op, role,
              src.GetValidRow(), src.GetValidCol(), dst.GetValidRow(), dst.GetValidCol());
}

template <typename X, typename Y>
inline constexpr bool sameLayout =
    X::Rows == Y::Rows && X::Cols == Y::Cols && X::BFractal == Y::BFractal &&
    X::SFractal == Y::SFractal && X::InnerRows == Y::InnerRows &&
    X::InnerCols == Y::InnerCols && sizeof(typename X::DType) == sizeof(typename Y::DType);

template <typename X, typename Y>
inline bool overlaps(const X& x, const Y& y) {
  const uintptr_t xb = reinterpret_cast<uintptr_t>(x.data());
  const uintptr_t yb = reinterpret_cast<uintptr_t>(y.data());
  return xb < yb + Y::kBytes && yb < xb + X::kBytes;
}

// Whether computing dst(r,c) from src(r,c) element by element, in any order, is
// safe: no overlap, or the very same storage with the same layout.
template <typename D, typename S>
inline bool safeInPlace(const D& d, const S& s) {
  if (!overlaps(d, s))
    return true;
  if constexpr (sameLayout<D, S>)
    return static_cast<const void*>(d.data()) == static_cast<const void*>(s.data());
  else
    return false;
}

template <typename... Ts>
inline constexpr bool allRowMajorND = ((!Ts::isBoxed && Ts::isRowMajor) && ...);
template <typename... Ts>
inline constexpr bool allColMajorND = ((!Ts::isBoxed && !Ts::isRowMajor) && ...);

// 4 x f32 / i32 (SSE width): the contiguous f32 paths use GCC vector extensions
// so that they are vectorised at -O1/-O2 too.
typedef float f32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));

template <typename T>
struct Vec4 {
  using type = void;
};
template <>
struct Vec4<float> {
  using type = f32x4;
};
template <>
struct Vec4<int32_t> {
  using type = i32x4;
};

// y converted to the (vector or scalar) type X; x - 0 keeps every value, -0 included.
template <typename X, typename Y>
inline X splatAs(Y y) {
  if constexpr (std::is_same_v<X, Y>)
    return y;
  else
    return y - X{};
}

// d[i] = elem(a[i], b[i]) for i < n; d may be a or b. Loads of a chunk precede its stores.
template <typename T, typename F, typename E>
inline void lineOp2(T* d, const T* a, const T* b, int n, F f, E elem) {
  int i = 0;
  if constexpr (std::is_same_v<T, float>) {
    for (; i + 4 <= n; i += 4) {
      f32x4 x, y;
      std::memcpy(&x, a + i, sizeof(x));
      std::memcpy(&y, b + i, sizeof(y));
      const f32x4 z = f(x, y);
      std::memcpy(d + i, &z, sizeof(z));
    }
  }
  for (; i < n; ++i)
    d[i] = elem(a[i], b[i]);
}

// d[i] = elem(a[i]) for i < n; d may be a.
template <typename T, typename F, typename E>
inline void lineOp1(T* d, const T* a, int n, F f, E elem) {
  int i = 0;
  if constexpr (std::is_same_v<T, float>) {
    for (; i + 4 <= n; i += 4) {
      f32x4 x;
      std::memcpy(&x, a + i, sizeof(x));
      const f32x4 z = f(x);
      std::memcpy(d + i, &z, sizeof(z));
    }
  }
  for (; i < n; ++i)
    d[i] = elem(a[i]);
}

// dst(r,c) = f(a(r,c), b(r,c)) over the dst valid region.
template <typename D, typename A, typename B, typename F>
inline void binaryOp(const char* op, D& dst, const A& a, const B& b, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<B>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> && std::is_same_v<T, typename B::DType>,
                "elementwise operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src0", a);
  requireBound(ctx, op, "src1", b);
  requireSameValid(ctx, op, "src0", dst, a);
  requireSameValid(ctx, op, "src1", dst, b);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  T* d = dst.data();
  const T* pa = a.data();
  const T* pb = b.data();
  auto elem = [&f](T x, T y) -> T { return cvt<T>(f(cvt<C>(x), cvt<C>(y))); };

  if (!safeInPlace(dst, a) || !safeInPlace(dst, b)) {
    ScratchBuf<T> tmp(static_cast<size_t>(vr) * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[r * vc + c] = elem(pa[A::offsetOf(r, c)], pb[B::offsetOf(r, c)]);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = tmp.p[r * vc + c];
    return;
  }
  if constexpr (allRowMajorND<D, A, B>) {
    for (int r = 0; r < vr; ++r)
      lineOp2(d + r * D::Cols, pa + r * A::Cols, pb + r * B::Cols, vc, f, elem);
  } else if constexpr (allColMajorND<D, A, B>) {
    for (int c = 0; c < vc; ++c)
      lineOp2(d + c * D::Rows, pa + c * A::Rows, pb + c * B::Rows, vr, f, elem);
  } else {
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = elem(pa[A::offsetOf(r, c)], pb[B::offsetOf(r, c)]);
  }
}

// dst(r,c) = f(src(r,c)) over the dst valid region.
template <typename D, typename S, typename F>
inline void unaryOp(const char* op, D& dst, const S& src, F f) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename S::DType>,
                "elementwise operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src", src);
  requireSameValid(ctx, op, "src", dst, src);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  T* d = dst.data();
  const T* ps = src.data();
  auto elem = [&f](T x) -> T { return cvt<T>(f(cvt<C>(x))); };

  if (!safeInPlace(dst, src)) {
    ScratchBuf<T> tmp(static_cast<size_t>(vr) * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[r * vc + c] = elem(ps[S::offsetOf(r, c)]);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = tmp.p[r * vc + c];
    return;
  }
  if constexpr (allRowMajorND<D, S>) {
    for (int r = 0; r < vr; ++r)
      lineOp1(d + r * D::Cols, ps + r * S::Cols, vc, f, elem);
  } else if constexpr (allColMajorND<D, S>) {
    for (int c = 0; c < vc; ++c)
      lineOp1(d + c * D::Rows, ps + c * S::Rows, vr, f, elem);
  } else {
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = elem(ps[S::offsetOf(r, c)]);
  }
}

// x + y, x - y, x * y; x and y are scalars or (f32) vectors. Integers wrap
// around (two's complement) instead of overflowing.
template <typename X, typename Y>
inline auto addW(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using R = decltype(x + y);
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(static_cast<U>(x) + static_cast<U>(y));
  } else {
    return x + y;
  }
}
template <typename X, typename Y>
inline auto subW(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using R = decltype(x - y);
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(static_cast<U>(x) - static_cast<U>(y));
  } else {
    return x - y;
  }
}
template <typename X, typename Y>
inline auto mulW(X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    using R = decltype(x * y);
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(static_cast<U>(x) * static_cast<U>(y));
  } else {
    return x * y;
  }
}

// x / y; x and y are scalars or (f32) vectors. Integer division by zero is an
// error; INT_MIN / -1 wraps around to INT_MIN.
template <typename X, typename Y>
inline auto divide(sim::CoreContext* ctx, const char* op, X x, Y y) {
  if constexpr (std::is_integral_v<X> && std::is_integral_v<Y>) {
    if (y == 0)
      sim::fail(ctx, "%s: integer division by zero", op);
    if constexpr (std::is_signed_v<Y>) {
      if (y == -1)
        return subW(decltype(x / y){0}, x);
    }
  }
  return x / y;
}

template <typename X, typename Y>
inline X maxOf(X x, Y y) {
  const X yy = splatAs<X>(y);
  return x > yy ? x : yy;
}
template <typename X, typename Y>
inline X minOf(X x, Y y) {
  const X yy = splatAs<X>(y);
  return x < yy ? x : yy;
}

// Walks the partition of a GlobalTensor as lines of contiguous tile coordinates:
// f(r, c, gmOffset, gmStep, len, alongRow). Returns false (after failing) on a
// shape mismatch with the tile valid shape vr x vc.
template <typename GT, typename F>
inline void forEachGmLine(sim::CoreContext* ctx, const char* op, const GT& g, int vr, int vc,
                          F f) {
  int64_t n[5], s[5];
  for (int i = 0; i < 5; ++i) {
    n[i] = g.GetShape(i);
    s[i] = g.GetStride(i);
    if (n[i] < 0)
      sim::fail(ctx, "%s: global tensor shape entry %d is dynamic but was not given", op, i);
  }
  constexpr Layout L = GT::layout;
  int64_t rows, cols;
  const char* lname;
  if constexpr (L == Layout::ND) {
    rows = n[0] * n[1] * n[2] * n[3];
    cols = n[4];
    lname = "ND";
  } else if constexpr (L == Layout::DN) {
    rows = n[3];
    cols = n[0] * n[1] * n[2] * n[4];
    lname = "DN";
  } else {
    rows = n[2] * n[3];
    cols = n[0] * n[1] * n[4];
    lname = "NZ";
  }
  if (rows != vr || cols != vc)
    sim::fail(ctx,
              "%s: partition shape [%lld,%lld,%lld,%lld,%lld] (%s: %lldx%lld) does not match "
              "the tile valid shape %dx%d",
              op, (long long)n[0], (long long)n[1], (long long)n[2], (long long)n[3],
              (long long)n[4], lname, (long long)rows, (long long)cols, vr, vc);
  // The whole window must lie inside one tensor argument of the task.
  if (rows > 0 && cols > 0) {
    int64_t last = 0;
    for (int i = 0; i < 5; ++i)
      last += (n[i] - 1) * s[i];
    sim::checkGm(ctx, op, g.data(),
                 static_cast<uint64_t>(last + 1) * sizeof(typename GT::DType));
  }
  if constexpr (L == Layout::ND) {
    int r = 0;
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
      for (int64_t i1 = 0; i1 < n[1]; ++i1)
        for (int64_t i2 = 0; i2 < n[2]; ++i2)
          for (int64_t i3 = 0; i3 < n[3]; ++i3)
            f(r++, 0, i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3], s[4], (int)n[4], true);
  } else if constexpr (L == Layout::DN) {
    int c = 0;
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
      for (int64_t i1 = 0; i1 < n[1]; ++i1)
        for (int64_t i2 = 0; i2 < n[2]; ++i2)
          for (int64_t i4 = 0; i4 < n[4]; ++i4)
            f(0, c++, i0 * s[0] + i1 * s[1] + i2 * s[2] + i4 * s[4], s[3], (int)n[3], false);
  } else {
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
      for (int64_t i1 = 0; i1 < n[1]; ++i1) {
        const int c0 = (int)((i0 * n[1] + i1) * n[4]);
        for (int64_t i2 = 0; i2 < n[2]; ++i2)
          for (int64_t i3 = 0; i3 < n[3]; ++i3)
            f((int)(i2 * n[3] + i3), c0, i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3], s[4],
              (int)n[4], true);
      }
  }
}

template <typename T>
inline constexpr bool isMatmulInput = std::is_same_v<T, float> || std::is_same_v<T, half> ||
                                      std::is_same_v<T, bfloat16_t> ||
                                      std::is_same_v<T, int8_t>;
template <typename T>
using MatmulAccT = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;

// pc (M x N) += pa (M x K) x pb (K x N), all row-major, summed in k order
// with a rounded product then a rounded sum per step (pto/gemm.hpp). Not
// inline: compiled once per kernel cache from pto/tile_lib.cpp and linked
// into every kernel, which saves each cube kernel's compile about 0.3 s.
// Hidden, so each kernel's object calls its own copy.
__attribute__((visibility("hidden"))) void
gemm(const float *pa, const float *pb, float *pc, int M, int N, int K);
__attribute__((visibility("hidden"))) void
gemm(const int32_t *pa, const int32_t *pb, int32_t *pc, int M, int N, int K);

// Whether a tile's storage holds runs of consecutive elements along its rows
// (row-major boxes, or a plain row-major tile), and how long they are.
template <typename Tl>
inline constexpr bool storedInRowRuns =
    Tl::isBoxed ? Tl::SFractal == SLayout::RowMajor : Tl::isRowMajor;
template <typename Tl>
inline constexpr int
    storageRun = storedInRowRuns<Tl> ? (Tl::isBoxed ? Tl::InnerCols : Tl::Cols)
                                     : (Tl::isBoxed ? Tl::InnerRows : Tl::Rows);

// Rows a0..a3 of a 4x4 block become its columns, in place.
template <typename V> inline void transpose4x4(V &a0, V &a1, V &a2, V &a3) {
  const V lo01 = __builtin_shufflevector(a0, a1, 0, 4, 1, 5);
  const V hi01 = __builtin_shufflevector(a0, a1, 2, 6, 3, 7);
  const V lo23 = __builtin_shufflevector(a2, a3, 0, 4, 1, 5);
  const V hi23 = __builtin_shufflevector(a2, a3, 2, 6, 3, 7);
  a0 = __builtin_shufflevector(lo01, lo23, 0, 1, 4, 5);
  a1 = __builtin_shufflevector(lo01, lo23, 2, 3, 6, 7);
  a2 = __builtin_shufflevector(hi01, hi23, 0, 1, 4, 5);
  a3 = __builtin_shufflevector(hi01, hi23, 2, 3, 6, 7);
}

// Whether four consecutive T convert to a vector of A (f32 or i32) without a
// per-element step: the same type, bf16 by its bits, i8 by sign extension.
template <typename A, typename T>
inline constexpr bool hasLoad4 =
    std::is_same_v<A, T>
        ? sizeof(A) == 4
        : (std::is_same_v<A, float> &&std::is_same_v<T, bfloat16_t>) ||
              (std::is_same_v<A, int32_t> && std::is_same_v<T, int8_t>);

// Four consecutive elements converted to A in one vector; the same values
// cvt gives (bf16 to f32 is exact).
template <typename A, typename T>
inline typename Vec4<A>::type load4(const T *p) {
  using V = typename Vec4<A>::type;
  V v;
  if constexpr (std::is_same_v<A, T>) {
    std::memcpy(&v, p, sizeof v);
  } else if constexpr (std::is_same_v<T, bfloat16_t>) {
    typedef uint16_t U16x4 __attribute__((vector_size(8)));
    typedef uint32_t U32x4 __attribute__((vector_size(16)));
    U16x4 bits;
    std::memcpy(&bits, p, sizeof bits);
    const U32x4 wide = __builtin_convertvector(bits, U32x4) << 16;
    std::memcpy(&v, &wide, sizeof v);
  } else {
    typedef int8_t I8x4 __attribute__((vector_size(4)));
    I8x4 narrow;
    std::memcpy(&narrow, p, sizeof narrow);
    v = __builtin_convertvector(narrow, V);
  }
  return v;
}

// dst (rows x cols, row-major) = the tile's elements as A, copied by the
// runs of its storage rather than element by element.
template <typename A, typename Tl>
inline void toRowMajor(const Tl &t, A *dst, int rows, int cols) {
  const typename Tl::DType *s = t.data();
  constexpr int run = storageRun<Tl>;
  if constexpr (storedInRowRuns<Tl>) {
    for (int r = 0; r < rows; ++r)
      for (int c0 = 0; c0 < cols; c0 += run) {
        const typename Tl::DType *p = s + Tl::offsetOf(r, c0);
        A *d = dst + (size_t)r * cols + c0;
        const int n = std::min(run, cols - c0);
        for (int x = 0; x < n; ++x)
          d[x] = cvt<A>(p[x]);
      }
  } else {
    // Column runs, a box's width (or 8 columns) at a time: the writes of
    // a block stay in a few rows of dst. Where 4 columns of 4 rows are
    // whole, they move as a 4x4 transpose of vectors.
    constexpr int width = Tl::isBoxed ? Tl::InnerCols : 8;
    for (int r0 = 0; r0 < rows; r0 += run) {
      const int n = std::min(run, rows - r0);
      for (int c0 = 0; c0 < cols; c0 += width) {
        const int cEnd = std::min(c0 + width, cols);
        int c = c0;
        if constexpr (hasLoad4<A, typename Tl::DType>)
          for (; c + 4 <= cEnd; c += 4) {
            // Columns c..c+3 of a run lie colStride elements apart.
            constexpr int colStride = Tl::isBoxed ? Tl::InnerRows : Tl::Rows;
            const typename Tl::DType *p = s + Tl::offsetOf(r0, c);
            A *d = dst + (size_t)r0 * cols + c;
            int x = 0;
            for (; x + 4 <= n; x += 4, p += 4, d += 4 * (size_t)cols) {
              using V = typename Vec4<A>::type;
              V row0 = load4<A>(p), row1 = load4<A>(p + colStride),
                row2 = load4<A>(p + 2 * colStride),
                row3 = load4<A>(p + 3 * colStride);
              transpose4x4(row0, row1, row2, row3);
              std::memcpy(d, &row0, sizeof(V));
              std::memcpy(d + cols, &row1, sizeof(V));
              std::memcpy(d + 2 * (size_t)cols, &row2, sizeof(V));
              std::memcpy(d + 3 * (size_t)cols, &row3, sizeof(V));
            }
            for (int cc = c; cc < c + 4; ++cc) {
              const typename Tl::DType *q = s + Tl::offsetOf(r0, cc);
              for (int y = x; y < n; ++y)
                dst[(size_t)(r0 + y) * cols + cc] = cvt<A>(q[y]);
            }
          }
        for (; c < cEnd; ++c) {
          const typename Tl::DType *p = s + Tl::offsetOf(r0, c);
          for (int x = 0; x < n; ++x)
            dst[(size_t)(r0 + x) * cols + c] = cvt<A>(p[x]);
        }
      }
    }
  }
}

// The tile's elements = src (rows x cols, row-major), by storage runs.
template <typename Tl>
inline void fromRowMajor(Tl &t, const typename Tl::DType *src, int rows,
                         int cols) {
  typename Tl::DType *s = t.data();
  constexpr int run = storageRun<Tl>;
  if constexpr (storedInRowRuns<Tl>) {
    for (int r = 0; r < rows; ++r)
      for (int c0 = 0; c0 < cols; c0 += run)
        std::memcpy(s + Tl::offsetOf(r, c0), src + (size_t)r * cols + c0,
                    sizeof(*s) * std::min(run, cols - c0));
  } else {
    for (int c = 0; c < cols; ++c)
      for (int r0 = 0; r0 < rows; r0 += run) {
        typename Tl::DType *p = s + Tl::offsetOf(r0, c);
        const int n = std::min(run, rows - r0);
        for (int x = 0; x < n; ++x)
          p[x] = src[(size_t)(r0 + x) * cols + c];
      }
  }
}

// out = (in ? in : 0) + left x right.
template <typename AccO, typename AccI, typename L, typename R>
inline void matmulImpl(const char* op, AccO& out, const AccI* in, const L& left,
                       const R& right) {
  static_assert(is_tile_v<AccO> && is_tile_v<AccI> && is_tile_v<L> && is_tile_v<R>,
                "operands must be Tiles");
  static_assert(L::Loc == TileType::Left, "matmul: left operand must be a Left tile");
  static_assert(R::Loc == TileType::Right, "matmul: right operand must be a Right tile");
  static_assert(AccO::Loc == TileType::Acc && AccI::Loc == TileType::Acc,
                "matmul: accumulator must be an Acc tile");
  using TI = typename L::DType;
  static_assert(std::is_same_v<TI, typename R::DType>,
                "matmul: left and right must have the same element type");
  static_assert(isMatmulInput<TI>, "matmul: inputs must be f32, f16, bf16 or i8");
  using A = MatmulAccT<TI>;
  static_assert(std::is_same_v<typename AccO::DType, A> && std::is_same_v<typename AccI::DType, A>,
                "matmul: accumulator must be f32 (f32/f16/bf16 inputs) or i32 (i8 inputs)");
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "acc", out);
  requireBound(ctx, op, "left", left);
  requireBound(ctx, op, "right", right);
  const int M = left.GetValidRow(), K = left.GetValidCol(), N = right.GetValidCol();
  if (right.GetValidRow() != K)
    sim::fail(ctx, "%s: left is %dx%d but right is %dx%d (k mismatch)", op, M, K,
              right.GetValidRow(), N);
  if (out.GetValidRow() != M || out.GetValidCol() != N)
    sim::fail(ctx, "%s: acc valid shape %dx%d differs from m x n = %dx%d", op,
              out.GetValidRow(), out.GetValidCol(), M, N);
  if (in) {
    requireBound(ctx, op, "acc input", *in);
    if (in->GetValidRow() != M || in->GetValidCol() != N)
      sim::fail(ctx, "%s: input acc valid shape %dx%d differs from m x n = %dx%d", op,
                in->GetValidRow(), in->GetValidCol(), M, N);
  }
  const size_t mk = (size_t)M * K, kn = (size_t)K * N, mn = (size_t)M * N;
  ScratchBuf<A> buf(mk + kn + mn);
  A* pa = buf.p;
  A* pb = pa + mk;
  A* pc = pb + kn;
  toRowMajor(left, pa, M, K);
  toRowMajor(right, pb, K, N);
  if (in)
    toRowMajor(*in, pc, M, N);
  else
    std::memset(pc, 0, mn * sizeof(A));
  gemm(pa, pb, pc, M, N, K);
  fromRowMajor(out, pc, M, N);
}

} // namespace detail

//===----------------------------------------------------------------------===//
// GM <-> tile
//===----------------------------------------------------------------------===//

// Load a GM partition into the valid region of a tile (any tile layout).
template <typename TileT, typename GT>
inline void TLOAD(TileT& dst, const GT& src) {
  static_assert(is_tile_v<TileT>, "TLOAD: dst must be a Tile");
  static_assert(is_global_tensor<GT>::value, "TLOAD: src must be a GlobalTensor");
  using T = typename TileT::DType;
  static_assert(std::is_same_v<T, std::remove_cv_t<typename GT::DType>>,
                "TLOAD: tile and global tensor must have the same element type");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TLOAD", "dst", dst);
  T* d = dst.data();
  const T* g = src.data();
  detail::forEachGmLine(
      ctx, "TLOAD", src, dst.GetValidRow(), dst.GetValidCol(),
      [&](int r, int c, int64_t off, int64_t step, int len, bool alongRow) {
        const T* gl = g + off;
        if (alongRow) {
          if constexpr (!TileT::isBoxed && TileT::isRowMajor) {
            if (step == 1) {
              std::memcpy(d + TileT::offsetOf(r, c), gl, (size_t)len * sizeof(T));
              return;
            }
          }
          for (int k = 0; k < len; ++k)
            d[TileT::offsetOf(r, c + k)] = gl[k * step];
        } else {
          if constexpr (!TileT::isBoxed && !TileT::isRowMajor) {
            if (step == 1) {
              std::memcpy(d + TileT::offsetOf(r, c), gl, (size_t)len * sizeof(T));
              return;
            }
          }
          for (int k = 0; k < len; ++k)
            d[TileT::offsetOf(r + k, c)] = gl[k * step];
        }
      });
}

// How TSTORE writes GM: pto-isa's names.
enum class AtomicType : uint8_t { AtomicNone = 0, AtomicAdd = 1 };

namespace detail {
// *p += v atomically, the sum rounded to T once (a compare-and-swap loop
// over T's bits for floats): tasks and SPMD blocks on other cores may add
// to the same element at the same time.
template <typename T> inline void atomicAddTo(T *p, T v) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>; // wraps, as the hardware does
    __atomic_fetch_add(reinterpret_cast<U *>(p), static_cast<U>(v),
                       __ATOMIC_RELAXED);
  } else {
    using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>;
    static_assert(sizeof(T) == sizeof(Bits),
                  "atomic add of 16- or 32-bit floats");
    Bits *bits = reinterpret_cast<Bits *>(p);
    Bits seen = __atomic_load_n(bits, __ATOMIC_RELAXED);
    for (;;) {
      T current;
      std::memcpy(&current, &seen, sizeof(T));
      const T sum = cvt<T>(cvt<ComputeT<T>>(current) + cvt<ComputeT<T>>(v));
      Bits next;
      std::memcpy(&next, &sum, sizeof(T));
      if (__atomic_compare_exchange_n(bits, &seen, next, /*weak=*/true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return;
    }
  }
}

// The valid region of a tile stored to (Add: added to) a GM partition.
template <bool Add, typename GT, typename TileT>
inline void storeTile(const GT &dst, const TileT &src) {
  static_assert(is_tile_v<TileT>, "TSTORE: src must be a Tile");
  static_assert(is_global_tensor<std::remove_cv_t<GT>>::value, "TSTORE: dst must be a GlobalTensor");
  using TG = typename GT::DType;
  using TS = typename TileT::DType;
  static_assert(std::is_same_v<TG, TS> || TileT::Loc == TileType::Acc,
                "TSTORE: element types differ (conversion only from Acc tiles)");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TSTORE", "src", src);
  const TS* s = src.data();
  TG* g = dst.data();
  detail::forEachGmLine(
      ctx, "TSTORE", dst, src.GetValidRow(), src.GetValidCol(),
      [&](int r, int c, int64_t off, int64_t step, int len, bool alongRow) {
        TG* gl = g + off;
        if constexpr (Add) {
          for (int k = 0; k < len; ++k)
            atomicAddTo(
                gl + k * step,
                detail::cvt<TG>(s[alongRow ? TileT::offsetOf(r, c + k)
                                           : TileT::offsetOf(r + k, c)]));
          return;
        }
        if (alongRow) {
          if constexpr (std::is_same_v<TG, TS> && !TileT::isBoxed && TileT::isRowMajor) {
            if (step == 1) {
              std::memcpy(gl, s + TileT::offsetOf(r, c), (size_t)len * sizeof(TS));
              return;
            }
          }
          for (int k = 0; k < len; ++k)
            gl[k * step] = detail::cvt<TG>(s[TileT::offsetOf(r, c + k)]);
        } else {
          if constexpr (std::is_same_v<TG, TS> && !TileT::isBoxed && !TileT::isRowMajor) {
            if (step == 1) {
              std::memcpy(gl, s + TileT::offsetOf(r, c), (size_t)len * sizeof(TS));
              return;
            }
          }
          for (int k = 0; k < len; ++k)
            gl[k * step] = detail::cvt<TG>(s[TileT::offsetOf(r + k, c)]);
        }
      });
}
} // namespace detail

// Store the valid region of a tile to a GM partition. From an Acc tile the
// elements are converted to the GM element type.
template <typename GT, typename TileT>
inline void TSTORE(const GT &dst, const TileT &src) {
  detail::storeTile<false>(dst, src);
}

// pto-isa's atomic form, `TSTORE<TileData, GlobalData, AtomicType::AtomicAdd>`:
// the tile is added to the partition, each element atomically.
template <typename TileT, typename GT, AtomicType Atomic>
inline void TSTORE(const GT &dst, const TileT &src) {
  detail::storeTile<Atomic == AtomicType::AtomicAdd>(dst, src);
}

//===----------------------------------------------------------------------===//
// Tile -> tile move
//===----------------------------------------------------------------------===//

// Copy the valid region between any two layouts. Element types must match,
// except from an f32 Acc tile to f16/bf16/f32.
template <typename D, typename S>
inline void TMOV(D& dst, const S& src) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TMOV: operands must be Tiles");
  using TD = typename D::DType;
  using TS = typename S::DType;
  static_assert(std::is_same_v<TD, TS> ||
                    (S::Loc == TileType::Acc && std::is_same_v<TS, float> &&
                     (std::is_same_v<TD, half> || std::is_same_v<TD, bfloat16_t>)),
                "TMOV: element types differ (only Acc f32 -> f16/bf16 converts)");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TMOV", "dst", dst);
  detail::requireBound(ctx, "TMOV", "src", src);
  detail::requireSameValid(ctx, "TMOV", "src", dst, src);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  TD* d = dst.data();
  const TS* s = src.data();
  if (!detail::safeInPlace(dst, src)) {
    detail::ScratchBuf<TD> tmp((size_t)vr * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[r * vc + c] = detail::cvt<TD>(s[S::offsetOf(r, c)]);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = tmp.p[r * vc + c];
    return;
  }
  if (static_cast<const void*>(d) == static_cast<const void*>(s) && detail::sameLayout<D, S> &&
      std::is_same_v<TD, TS>)
    return; // moving a tile onto itself
  if constexpr (std::is_same_v<TD, TS> && detail::allRowMajorND<D, S>) {
    for (int r = 0; r < vr; ++r)
      std::memcpy(d + r * D::Cols, s + r * S::Cols, (size_t)vc * sizeof(TD));
  } else if constexpr (std::is_same_v<TD, TS> && detail::allColMajorND<D, S>) {
    for (int c = 0; c < vc; ++c)
      std::memcpy(d + c * D::Rows, s + c * S::Rows, (size_t)vr * sizeof(TD));
  } else {
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = detail::cvt<TD>(s[S::offsetOf(r, c)]);
  }
}

//===----------------------------------------------------------------------===//
// Elementwise tile-tile
//===----------------------------------------------------------------------===//

template <typename D, typename A, typename B>
inline void TADD(D& dst, const A& src0, const B& src1) {
  detail::binaryOp("TADD", dst, src0, src1, [](auto x, auto y) { return detail::addW(x, y); });
}
template <typename D, typename A, typename B>
inline void TSUB(D& dst, const A& src0, const B& src1) {
  detail::binaryOp("TSUB", dst, src0, src1, [](auto x, auto y) { return detail::subW(x, y); });
}
template <typename D, typename A, typename B>
inline void TMUL(D& dst, const A& src0, const B& src1) {
  detail::binaryOp("TMUL", dst, src0, src1, [](auto x, auto y) { return detail::mulW(x, y); });
}
template <typename D, typename A, typename B>
inline void TDIV(D& dst, const A& src0, const B& src1) {
  sim::CoreContext* ctx = sim::current();
  detail::binaryOp("TDIV", dst, src0, src1,
                   [ctx](auto x, auto y) { return detail::divide(ctx, "TDIV", x, y); });
}
template <typename D, typename A, typename B>
inline void TMAX(D& dst, const A& src0, const B& src1) {
  detail::binaryOp("TMAX", dst, src0, src1, [](auto x, auto y) { return detail::maxOf(x, y); });
}
template <typename D, typename A, typename B>
inline void TMIN(D& dst, const A& src0, const B& src1) {
  detail::binaryOp("TMIN", dst, src0, src1, [](auto x, auto y) { return detail::minOf(x, y); });
}

//===----------------------------------------------------------------------===//
// Tile-scalar (the scalar is first converted to the tile element type)
//===----------------------------------------------------------------------===//

template <typename D, typename S>
inline void TADDS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  detail::unaryOp("TADDS", dst, src, [k](auto x) { return detail::addW(x, k); });
}
template <typename D, typename S>
inline void TSUBS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  detail::unaryOp("TSUBS", dst, src, [k](auto x) { return detail::subW(x, k); });
}
template <typename D, typename S>
inline void TMULS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  detail::unaryOp("TMULS", dst, src, [k](auto x) { return detail::mulW(x, k); });
}
// dst = src / scalar
template <typename D, typename S>
inline void TDIVS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  sim::CoreContext* ctx = sim::current();
  detail::unaryOp("TDIVS", dst, src, [k, ctx](auto x) { return detail::divide(ctx, "TDIVS", x, k); });
}
// dst = scalar / src
template <typename D, typename S>
inline void TDIVS(D& dst, typename S::DType scalar, const S& src) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  sim::CoreContext* ctx = sim::current();
  detail::unaryOp("TDIVS", dst, src, [k, ctx](auto x) { return detail::divide(ctx, "TDIVS", k, x); });
}
template <typename D, typename S>
inline void TMAXS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  detail::unaryOp("TMAXS", dst, src, [k](auto x) { return detail::maxOf(x, k); });
}
template <typename D, typename S>
inline void TMINS(D& dst, const S& src, typename S::DType scalar) {
  const auto k = detail::cvt<detail::ComputeT<typename S::DType>>(scalar);
  detail::unaryOp("TMINS", dst, src, [k](auto x) { return detail::minOf(x, k); });
}

namespace detail {
// dst = f(src0, src1) where both are valid, the valid one where only one
// is, over dst's valid region (pto-isa's TPART*). pto-isa leaves an element
// neither source covers implementation-defined; here it keeps its value.
template <typename D, typename A, typename B, typename F>
inline void partOp(const char *op, D &dst, const A &a, const B &b, F f) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<B>,
                "operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> &&
                    std::is_same_v<T, typename B::DType>,
                "part operands must have the same element type");
  using C = ComputeT<T>;
  sim::CoreContext *ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src0", a);
  requireBound(ctx, op, "src1", b);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  const int ar = a.GetValidRow(), ac = a.GetValidCol();
  const int br = b.GetValidRow(), bc = b.GetValidCol();
  if (ar > vr || ac > vc || br > vr || bc > vc)
    sim::fail(ctx, "%s: source valid shapes %dx%d and %dx%d exceed dst's %dx%d",
              op, ar, ac, br, bc, vr, vc);
  ScratchBuf<T> tmp(static_cast<size_t>(vr) * vc);
  T *d = dst.data();
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c) {
      const bool inA = r < ar && c < ac, inB = r < br && c < bc;
      T v = d[D::offsetOf(r, c)];
      if (inA && inB)
        v = cvt<T>(f(cvt<C>(a.data()[A::offsetOf(r, c)]),
                     cvt<C>(b.data()[B::offsetOf(r, c)])));
      else if (inA)
        v = a.data()[A::offsetOf(r, c)];
      else if (inB)
        v = b.data()[B::offsetOf(r, c)];
      tmp.p[r * vc + c] = v;
    }
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      d[D::offsetOf(r, c)] = tmp.p[r * vc + c];
}
} // namespace detail

template <typename D, typename A, typename B>
inline void TPARTADD(D &dst, const A &src0, const B &src1) {
  detail::partOp("TPARTADD", dst, src0, src1,
                 [](auto x, auto y) { return detail::addW(x, y); });
}
template <typename D, typename A, typename B>
inline void TPARTMUL(D &dst, const A &src0, const B &src1) {
  detail::partOp("TPARTMUL", dst, src0, src1,
                 [](auto x, auto y) { return detail::mulW(x, y); });
}
template <typename D, typename A, typename B>
inline void TPARTMAX(D &dst, const A &src0, const B &src1) {
  detail::partOp("TPARTMAX", dst, src0, src1,
                 [](auto x, auto y) { return detail::maxOf(x, y); });
}
template <typename D, typename A, typename B>
inline void TPARTMIN(D &dst, const A &src0, const B &src1) {
  detail::partOp("TPARTMIN", dst, src0, src1,
                 [](auto x, auto y) { return detail::minOf(x, y); });
}

// dst(r,c) = scalar over the dst valid region.
template <typename D>
inline void TEXPANDS(D& dst, typename D::DType scalar) {
  static_assert(is_tile_v<D>, "TEXPANDS: dst must be a Tile");
  using T = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TEXPANDS", "dst", dst);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  T* d = dst.data();
  if constexpr (detail::allRowMajorND<D>) {
    for (int r = 0; r < vr; ++r) {
      T* dr = d + r * D::Cols;
      for (int c = 0; c < vc; ++c)
        dr[c] = scalar;
    }
  } else {
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = scalar;
  }
}

//===----------------------------------------------------------------------===//
// Matrix
//===----------------------------------------------------------------------===//

// acc = left x right (f32 accumulation for f32/f16/bf16, i32 for i8).
template <typename AccT, typename L, typename R>
inline void TMATMUL(AccT& acc, const L& left, const R& right) {
  detail::matmulImpl<AccT, AccT, L, R>("TMATMUL", acc, nullptr, left, right);
}

// accOut = accIn + left x right (accOut may be accIn).
template <typename AccO, typename AccI, typename L, typename R>
inline void TMATMUL_ACC(AccO& accOut, const AccI& accIn, const L& left, const R& right) {
  detail::matmulImpl("TMATMUL_ACC", accOut, &accIn, left, right);
}

// acc = bias + left x right: the 1 x N bias row (a Bias tile of the
// accumulator's type) starts every row's sum, as the cube's bias table does.
template <typename AccT, typename L, typename R, typename B>
inline void TMATMUL_BIAS(AccT &acc, const L &left, const R &right,
                         const B &bias) {
  static_assert(is_tile_v<B> && B::Loc == TileType::Bias && B::Rows == 1 &&
                    B::isRowMajor,
                "TMATMUL_BIAS: bias must be a 1-row row-major Bias tile");
  static_assert(std::is_same_v<typename B::DType, typename AccT::DType>,
                "TMATMUL_BIAS: bias must have the accumulator's element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TMATMUL_BIAS", "acc", acc);
  detail::requireBound(ctx, "TMATMUL_BIAS", "bias", bias);
  const int vr = acc.GetValidRow(), vc = acc.GetValidCol();
  if (bias.GetValidRow() != 1 || bias.GetValidCol() != vc)
    sim::fail(ctx, "TMATMUL_BIAS: bias valid shape %dx%d is not 1x%d",
              bias.GetValidRow(), bias.GetValidCol(), vc);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      acc.data()[AccT::offsetOf(r, c)] = bias.data()[B::offsetOf(0, c)];
  detail::matmulImpl("TMATMUL_BIAS", acc, &acc, left, right);
}

//===----------------------------------------------------------------------===//
// Scalar access (the scalar unit): one GM element through a pointer, one
// element of a vec tile. Checked like the tile instructions: the GM element
// must lie in a tensor argument of the task, the tile offset in the tile.
//===----------------------------------------------------------------------===//

// The scalar unit's integer division: a zero divisor stops the task at the
// division (the generated code then divides by 1).
inline void CHECK_DIVISOR(int64_t divisor, const char *where) {
  if (divisor == 0)
    sim::fail(sim::current(), "%s: integer division by zero", where);
}

// An element of a kernel array (pto.local_array_get/set): an index outside
// the array stops the task there (the generated code then uses element 0).
inline bool CHECK_ARRAY_INDEX(int64_t index, int64_t size, const char *where) {
  if (index >= 0 && index < size)
    return true;
  sim::fail(sim::current(), "%s: index %lld is outside the %lld-element array",
            where, static_cast<long long>(index), static_cast<long long>(size));
  return false;
}

template <typename T> inline T LOAD_SCALAR(__gm__ T *ptr, int64_t offset) {
  sim::checkGm(sim::current(), "LOAD_SCALAR", ptr + offset, sizeof(T));
  return ptr[offset];
}

template <typename T>
inline void STORE_SCALAR(__gm__ T *ptr, int64_t offset, T value) {
  sim::checkGm(sim::current(), "STORE_SCALAR", ptr + offset, sizeof(T));
  ptr[offset] = value;
}

template <typename TileT>
inline typename TileT::DType TGETVAL(const TileT &tile, int64_t offset) {
  static_assert(is_tile_v<TileT>, "TGETVAL: src must be a Tile");
  static_assert(TileT::Loc == TileType::Vec, "TGETVAL: src must be a Vec tile");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TGETVAL", "src", tile);
  if (offset < 0 || offset >= int64_t(TileT::Rows) * TileT::Cols)
    sim::fail(ctx, "TGETVAL: offset %lld is outside the %dx%d tile",
              (long long)offset, TileT::Rows, TileT::Cols);
  return tile.GetValue(static_cast<int>(offset));
}

// Write one element of a Vec tile (pto-isa's SetValue) at `offset` in its
// Rows x Cols storage.
template <typename TileT>
inline void TSETVAL(TileT &tile, int64_t offset, typename TileT::DType value) {
  static_assert(is_tile_v<TileT>, "TSETVAL: dst must be a Tile");
  static_assert(TileT::Loc == TileType::Vec, "TSETVAL: dst must be a Vec tile");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TSETVAL", "dst", tile);
  if (offset < 0 || offset >= int64_t(TileT::Rows) * TileT::Cols)
    sim::fail(ctx, "TSETVAL: offset %lld is outside the %dx%d tile",
              (long long)offset, TileT::Rows, TileT::Cols);
  tile.data()[offset] = value;
}

//===----------------------------------------------------------------------===//
// Tile aliases (CPU flavour: Left is ColMajor-outer like a5).
//===----------------------------------------------------------------------===//
template <typename T, int R, int C, int RV = R, int CV = C>
using TileLeft = Tile<TileType::Left, T, R, C, BLayout::ColMajor, RV, CV, SLayout::RowMajor,
                      TileConfig::fractalABSize>;
template <typename T, int R, int C, int RV = R, int CV = C>
using TileRight = Tile<TileType::Right, T, R, C, BLayout::RowMajor, RV, CV, SLayout::ColMajor,
                       TileConfig::fractalABSize>;
template <typename T, int R, int C, int RV = R, int CV = C>
using TileAcc = Tile<TileType::Acc, T, R, C, BLayout::ColMajor, RV, CV, SLayout::RowMajor,
                     TileConfig::fractalCSize>;

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_HPP
