//===- pto/instr_cmp.hpp - Index ramps, compares and selects
//----------------===//
//
// TCI fills row 0 with start +/- j. TCMP/TCMPS write a bit mask: bit c % 8 of
// byte (r, c / 8) of the mask tile (rows at the mask's row stride, LSB first)
// is the comparison of element (r, c). TSEL/TSELS read that layout. Mask
// bytes past ceil(valid cols / 8) of a row are zeroed, as pto-isa's CPU
// simulator does; the hardware leaves them undefined.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_CMP_HPP
#define PTO_INSTR_CMP_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

enum class CmpMode : uint8_t { EQ = 0, NE = 1, LT = 2, LE = 3, GT = 4, GE = 5 };

namespace detail {

// IEEE comparisons: a NaN is unequal and unordered.
template <typename C> inline bool compare(CmpMode mode, C a, C b) {
  switch (mode) {
  case CmpMode::EQ:
    return a == b;
  case CmpMode::NE:
    return a != b;
  case CmpMode::LT:
    return a < b;
  case CmpMode::LE:
    return a <= b;
  case CmpMode::GT:
    return a > b;
  case CmpMode::GE:
    return a >= b;
  }
  return false;
}

template <typename M>
inline void requireMask(sim::CoreContext *ctx, const char *op, const M &mask,
                        int rows, int cols) {
  static_assert(sizeof(typename M::DType) == 1, "masks are 8-bit tiles");
  static_assert(!M::isBoxed && M::isRowMajor, "masks are row-major tiles");
  requireBound(ctx, op, "mask", mask);
  if (rows > M::Rows || (cols + 7) / 8 > M::Cols)
    sim::fail(ctx, "%s: a %dx%d mask tile holds no mask of %dx%d elements", op,
              M::Rows, M::Cols, rows, cols);
}

// Writes the bits pred(r, c) of the rows x cols region into mask.
template <typename M, typename P>
inline void writeMask(M &mask, int rows, int cols, P pred) {
  uint8_t *m = reinterpret_cast<uint8_t *>(mask.data());
  for (int r = 0; r < rows; ++r) {
    uint8_t *row = m + (size_t)r * M::Cols;
    for (int b = 0; b < M::Cols; ++b)
      row[b] = 0;
    for (int c = 0; c < cols; ++c)
      if (pred(r, c))
        row[c / 8] |= static_cast<uint8_t>(1u << (c % 8));
  }
}

template <typename M> inline bool maskBit(const M &mask, int r, int c) {
  const uint8_t *m = reinterpret_cast<const uint8_t *>(mask.data());
  return (m[(size_t)r * M::Cols + c / 8] >> (c % 8)) & 1u;
}

} // namespace detail

//===----------------------------------------------------------------------===//
// TCI
//===----------------------------------------------------------------------===//

// dst(0, j) = start + j (start - j when Descending) for j < valid cols, in
// T's wrap-around. Only row 0 exists (pto-isa: Rows == 1).
template <typename D, typename T, int Descending = 0>
inline void TCI(D &dst, T start) {
  static_assert(is_tile_v<D>, "TCI: dst must be a Tile");
  using E = typename D::DType;
  static_assert(std::is_same_v<E, T>,
                "TCI: start must have the tile's element type");
  static_assert(std::is_integral_v<E> && (sizeof(E) == 2 || sizeof(E) == 4),
                "TCI: 16- or 32-bit integer tiles");
  static_assert(D::Rows == 1, "TCI: the tile has one row");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TCI", "dst", dst);
  using U = std::make_unsigned_t<E>;
  E *d = dst.data();
  for (int j = 0; j < dst.GetValidCol(); ++j) {
    const U step = static_cast<U>(j);
    d[D::offsetOf(0, j)] = static_cast<E>(
        Descending ? static_cast<U>(static_cast<U>(start) - step)
                   : static_cast<U>(static_cast<U>(start) + step));
  }
}

//===----------------------------------------------------------------------===//
// TTRI
//===----------------------------------------------------------------------===//

// dst(i, j) = 1 where j <= i + diagonal, else 0 (Upper: 1 where
// j >= i + diagonal), over dst's valid region (pto-isa's TTRI).
template <typename D, int Upper> inline void TTRI(D &dst, int diagonal) {
  static_assert(is_tile_v<D>, "TTRI: dst must be a Tile");
  static_assert(Upper == 0 || Upper == 1, "TTRI: 0 (lower) or 1 (upper)");
  using E = typename D::DType;
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TTRI", "dst", dst);
  E *d = dst.data();
  for (int i = 0; i < dst.GetValidRow(); ++i)
    for (int j = 0; j < dst.GetValidCol(); ++j) {
      const int64_t bound = int64_t(i) + diagonal;
      const bool one = Upper ? j >= bound : j <= bound;
      d[D::offsetOf(i, j)] = detail::cvt<E>(one ? 1.0f : 0.0f);
    }
}

//===----------------------------------------------------------------------===//
// TCONCAT
//===----------------------------------------------------------------------===//

// dst(r, 0:vc0) = src0(r, 0:vc0), dst(r, vc0:vc0+vc1) = src1(r, 0:vc1) over
// dst's valid rows, vc0 and vc1 the sources' valid columns (pto-isa's
// TConcat: dst's valid columns are their sum).
template <typename D, typename A, typename B>
inline void TCONCAT(D &dst, const A &src0, const B &src1) {
  static_assert(is_tile_v<D> && is_tile_v<A> && is_tile_v<B>,
                "TCONCAT: operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> &&
                    std::is_same_v<T, typename B::DType>,
                "TCONCAT: operands must have one element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TCONCAT", "dst", dst);
  detail::requireBound(ctx, "TCONCAT", "src0", src0);
  detail::requireBound(ctx, "TCONCAT", "src1", src1);
  const int rows = dst.GetValidRow(), vc0 = src0.GetValidCol(),
            vc1 = src1.GetValidCol();
  if (src0.GetValidRow() != rows || src1.GetValidRow() != rows ||
      dst.GetValidCol() != vc0 + vc1)
    sim::fail(ctx, "TCONCAT: %dx%d and %dx%d do not make the %dx%d dst",
              src0.GetValidRow(), vc0, src1.GetValidRow(), vc1, rows,
              dst.GetValidCol());
  if (detail::overlaps(dst, src0) || detail::overlaps(dst, src1))
    sim::fail(ctx, "TCONCAT: dst overlaps a source");
  const T *a = src0.data();
  const T *b = src1.data();
  T *d = dst.data();
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < vc0; ++c)
      d[D::offsetOf(r, c)] = a[A::offsetOf(r, c)];
    for (int c = 0; c < vc1; ++c)
      d[D::offsetOf(r, vc0 + c)] = b[B::offsetOf(r, c)];
  }
}

//===----------------------------------------------------------------------===//
// TCMP, TCMPS
//===----------------------------------------------------------------------===//

// mask bit (r, c) = src0(r, c) <mode> src1(r, c) over src0's valid region.
template <typename M, typename A, typename B>
inline void TCMP(M &mask, const A &src0, const B &src1, CmpMode mode) {
  static_assert(is_tile_v<M> && is_tile_v<A> && is_tile_v<B>,
                "TCMP: operands must be Tiles");
  static_assert(std::is_same_v<typename A::DType, typename B::DType>,
                "TCMP: src0 and src1 must have the same element type");
  using C = detail::ComputeT<typename A::DType>;
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TCMP", "src0", src0);
  detail::requireBound(ctx, "TCMP", "src1", src1);
  detail::requireSameValid(ctx, "TCMP", "src1", src0, src1);
  const int rows = src0.GetValidRow(), cols = src0.GetValidCol();
  detail::requireMask(ctx, "TCMP", mask, rows, cols);
  const auto *a = src0.data();
  const auto *b = src1.data();
  detail::writeMask(mask, rows, cols, [&](int r, int c) {
    return detail::compare(mode, detail::cvt<C>(a[A::offsetOf(r, c)]),
                           detail::cvt<C>(b[B::offsetOf(r, c)]));
  });
}

// mask bit (r, c) = src(r, c) <mode> scalar.
template <typename M, typename S>
inline void TCMPS(M &mask, const S &src, typename S::DType scalar,
                  CmpMode mode) {
  static_assert(is_tile_v<M> && is_tile_v<S>, "TCMPS: operands must be Tiles");
  using C = detail::ComputeT<typename S::DType>;
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TCMPS", "src", src);
  const int rows = src.GetValidRow(), cols = src.GetValidCol();
  detail::requireMask(ctx, "TCMPS", mask, rows, cols);
  const auto *s = src.data();
  const C k = detail::cvt<C>(scalar);
  detail::writeMask(mask, rows, cols, [&](int r, int c) {
    return detail::compare(mode, detail::cvt<C>(s[S::offsetOf(r, c)]), k);
  });
}

//===----------------------------------------------------------------------===//
// TGATHER (compare form)
//===----------------------------------------------------------------------===//

// Per valid row r of src: the columns c (in order) with src(r, c) <Mode> k,
// as c + Offset, into the first columns of dst row r, and their number into
// cdst(0, r). The hardware has EQ and GT only. Past the count, dst's valid
// columns get -1 (undefined on the device). A row with more matches than
// dst's valid columns stops the task: the hardware writes them past the row.
template <typename D, typename S, typename C, typename Tmp, CmpMode Mode,
          int Offset>
inline void TGATHER(D &dst, const S &src, typename S::DType k, C &cdst,
                    Tmp & /*tmp*/) {
  static_assert(is_tile_v<D> && is_tile_v<S> && is_tile_v<C>,
                "TGATHER: operands must be Tiles");
  static_assert(Mode == CmpMode::EQ || Mode == CmpMode::GT,
                "TGATHER (compare): only EQ and GT");
  static_assert(Offset >= 0, "TGATHER (compare): a negative offset");
  static_assert(sizeof(typename D::DType) == 4 &&
                    sizeof(typename C::DType) == 4,
                "TGATHER (compare): dst and cdst must be i32 or u32");
  using T = detail::ComputeT<typename S::DType>;
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TGATHER", "dst", dst);
  detail::requireBound(ctx, "TGATHER", "src", src);
  detail::requireBound(ctx, "TGATHER", "cdst", cdst);
  const int rows = src.GetValidRow(), cols = src.GetValidCol();
  const int width = dst.GetValidCol();
  if (dst.GetValidRow() < rows)
    sim::fail(ctx, "TGATHER (compare): src has %d valid rows, dst %d", rows,
              dst.GetValidRow());
  if (cdst.GetValidCol() < rows)
    sim::fail(ctx,
              "TGATHER (compare): cdst has %d valid columns for %d rows' "
              "counts",
              cdst.GetValidCol(), rows);
  if (detail::overlaps(dst, src) || detail::overlaps(cdst, src) ||
      detail::overlaps(dst, cdst))
    sim::fail(ctx, "TGATHER (compare): dst, cdst and src overlap");
  const T key = detail::cvt<T>(k);
  typename D::DType *d = dst.data();
  typename C::DType *n = cdst.data();
  for (int r = 0; r < rows; ++r) {
    int count = 0;
    for (int c = 0; c < cols; ++c) {
      if (!detail::compare(Mode, detail::cvt<T>(src.data()[S::offsetOf(r, c)]),
                           key))
        continue;
      if (count == width)
        sim::fail(ctx,
                  "TGATHER (compare): row %d has more than %d matches, the "
                  "valid columns of dst",
                  r, width);
      d[D::offsetOf(r, count++)] = (typename D::DType)(c + Offset);
    }
    for (int c = count; c < width; ++c)
      d[D::offsetOf(r, c)] = (typename D::DType) - 1;
    n[C::offsetOf(0, r)] = (typename C::DType)count;
  }
}

//===----------------------------------------------------------------------===//
// TSEL, TSELS
//===----------------------------------------------------------------------===//

// dst(r, c) = mask bit (r, c) ? src0(r, c) : src1(r, c) over dst's valid
// region.
template <typename D, typename M, typename A, typename B, typename Tmp>
inline void TSEL(D &dst, const M &mask, const A &src0, const B &src1,
                 const Tmp & /*tmp*/) {
  static_assert(is_tile_v<D> && is_tile_v<M> && is_tile_v<A> && is_tile_v<B>,
                "TSEL: operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename A::DType> &&
                    std::is_same_v<T, typename B::DType>,
                "TSEL: src0, src1 and dst must have the same element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TSEL", "dst", dst);
  detail::requireOperand(ctx, "TSEL", "src0", dst, src0);
  detail::requireOperand(ctx, "TSEL", "src1", dst, src1);
  const int rows = dst.GetValidRow(), cols = dst.GetValidCol();
  detail::requireMask(ctx, "TSEL", mask, rows, cols);
  const T *a = src0.data();
  const T *b = src1.data();
  detail::storeRegion(
      dst, rows, cols,
      !detail::safeInPlace(dst, src0) || !detail::safeInPlace(dst, src1),
      [&](int r, int c) {
        return detail::maskBit(mask, r, c) ? a[A::offsetOf(r, c)]
                                           : b[B::offsetOf(r, c)];
      });
}

// dst(r, c) = mask bit (r, c) ? src(r, c) : scalar.
template <typename D, typename M, typename S, typename Tmp>
inline void TSELS(D &dst, const M &mask, const S &src, const Tmp & /*tmp*/,
                  typename S::DType scalar) {
  static_assert(is_tile_v<D> && is_tile_v<M> && is_tile_v<S>,
                "TSELS: operands must be Tiles");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename S::DType>,
                "TSELS: src and dst must have the same element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TSELS", "dst", dst);
  detail::requireOperand(ctx, "TSELS", "src", dst, src);
  const int rows = dst.GetValidRow(), cols = dst.GetValidCol();
  detail::requireMask(ctx, "TSELS", mask, rows, cols);
  const T *s = src.data();
  detail::storeRegion(
      dst, rows, cols, !detail::safeInPlace(dst, src), [&](int r, int c) {
        return detail::maskBit(mask, r, c) ? s[S::offsetOf(r, c)] : scalar;
      });
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_CMP_HPP
