//===- pto/instr_layout.hpp - Windows, transpose, padding and gather -------===//
//
//   TEXTRACT(dst, src, r0, c0)  dst(i,j) = src(r0+i, c0+j) over the dst valid region
//   TINSERT(dst, src, r0, c0)   dst(r0+i, c0+j) = src(i,j) over the src valid region
//   TTRANS(dst, src, tmp)       dst(j,i) = src(i,j) over the src valid region
//   TFILLPAD(dst, src)          dst = src inside the src valid region, the dst tile's
//                               pad value everywhere else in dst's storage
//   TGATHER(dst, src, idx[, tmp])  dst(i,j) = src(k / src.Cols, k % src.Cols),
//                               k = idx(i,j) (pto-isa: a flat row-major index)
//   TGATHER<D, S, MaskPattern::P0101>(dst, src)
//                               dst(i, j) = the j-th element of src row i whose
//                               column c has bit (c % 4) set in the pattern
//                               (P0101: even columns, P1010: odd ones); the
//                               bits are copied, so dst may reinterpret them
//                               (the index lanes of sorted pairs as i32)
//
// Any layouts on both sides; windows are bounded by the storage shape (Rows x
// Cols) of the larger tile. A dst that overlaps a source is written after all
// values are read. tmp operands are accepted and ignored.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_LAYOUT_HPP
#define PTO_INSTR_LAYOUT_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {
namespace detail {

// Element types of a window copy: equal, or f32 from an Acc tile to f16/bf16.
template <typename D, typename S>
inline constexpr bool windowTypesOk =
    std::is_same_v<typename D::DType, typename S::DType> ||
    (S::Loc == TileType::Acc && std::is_same_v<typename S::DType, float> &&
     (std::is_same_v<typename D::DType, half> || std::is_same_v<typename D::DType, bfloat16_t>));

} // namespace detail

//===----------------------------------------------------------------------===//
// TEXTRACT / TINSERT
//===----------------------------------------------------------------------===//

// Copies the window of src at (indexRow, indexCol) with dst's valid shape into
// dst, e.g. a K-slice of a Mat tile into a Left/Right tile.
template <typename D, typename S>
inline void TEXTRACT(D& dst, const S& src, int indexRow = 0, int indexCol = 0) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TEXTRACT: operands must be Tiles");
  static_assert(detail::windowTypesOk<D, S>,
                "TEXTRACT: element types differ (only Acc f32 -> f16/bf16 converts)");
  using TD = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TEXTRACT", "dst", dst);
  detail::requireBound(ctx, "TEXTRACT", "src", src);
  const int vr = dst.GetValidRow(), vc = dst.GetValidCol();
  if (indexRow < 0 || indexCol < 0 || indexRow + vr > S::Rows || indexCol + vc > S::Cols)
    sim::fail(ctx, "TEXTRACT: window %dx%d at (%d, %d) exceeds the %dx%d src tile", vr, vc,
              indexRow, indexCol, S::Rows, S::Cols);
  const typename S::DType* s = src.data();
  detail::storeRegion(dst, vr, vc, detail::overlaps(dst, src), [&](int r, int c) {
    return detail::cvt<TD>(s[S::offsetOf(indexRow + r, indexCol + c)]);
  });
}

// Copies src's valid region into dst at (indexRow, indexCol).
template <typename D, typename S>
inline void TINSERT(D& dst, const S& src, int indexRow = 0, int indexCol = 0) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TINSERT: operands must be Tiles");
  static_assert(detail::windowTypesOk<D, S>,
                "TINSERT: element types differ (only Acc f32 -> f16/bf16 converts)");
  using TD = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TINSERT", "dst", dst);
  detail::requireBound(ctx, "TINSERT", "src", src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (indexRow < 0 || indexCol < 0 || indexRow + vr > D::Rows || indexCol + vc > D::Cols)
    sim::fail(ctx, "TINSERT: window %dx%d at (%d, %d) exceeds the %dx%d dst tile", vr, vc,
              indexRow, indexCol, D::Rows, D::Cols);
  const typename S::DType* s = src.data();
  TD* d = dst.data();
  if (detail::overlaps(dst, src)) {
    detail::ScratchBuf<TD> tmp((size_t)vr * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[(size_t)r * vc + c] = detail::cvt<TD>(s[S::offsetOf(r, c)]);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(indexRow + r, indexCol + c)] = tmp.p[(size_t)r * vc + c];
    return;
  }
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      d[D::offsetOf(indexRow + r, indexCol + c)] = detail::cvt<TD>(s[S::offsetOf(r, c)]);
}

//===----------------------------------------------------------------------===//
// TTRANS
//===----------------------------------------------------------------------===//

template <typename D, typename S, typename Tmp>
inline void TTRANS(D& dst, const S& src, const Tmp& /*tmp*/) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TTRANS: operands must be Tiles");
  static_assert(std::is_same_v<typename D::DType, typename S::DType>,
                "TTRANS: dst and src must have the same element type");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TTRANS", "dst", dst);
  detail::requireBound(ctx, "TTRANS", "src", src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (dst.GetValidRow() != vc || dst.GetValidCol() != vr)
    sim::fail(ctx, "TTRANS: dst valid shape %dx%d is not the transpose of src %dx%d",
              dst.GetValidRow(), dst.GetValidCol(), vr, vc);
  const typename S::DType* s = src.data();
  detail::storeRegion(dst, vc, vr, detail::overlaps(dst, src),
                      [&](int r, int c) { return s[S::offsetOf(c, r)]; });
}

//===----------------------------------------------------------------------===//
// TFILLPAD
//===----------------------------------------------------------------------===//

namespace detail {

// dst(i,j) = src(i,j) for i < src rows, j < src cols (valid), pad elsewhere in
// dst's Rows x Cols storage; PadValue::Null leaves the outside as it is.
template <typename D, typename S>
inline void fillPad(const char* op, D& dst, const S& src, PadValue pad) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "operands must be Tiles");
  static_assert(sizeof(typename D::DType) == sizeof(typename S::DType) &&
                    std::is_same_v<typename D::DType, typename S::DType>,
                "TFILLPAD: dst and src must have the same element type");
  using T = typename D::DType;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, op, "dst", dst);
  requireBound(ctx, op, "src", src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  if (vr > D::Rows || vc > D::Cols)
    sim::fail(ctx, "%s: src valid shape %dx%d exceeds the %dx%d dst tile", op, vr, vc, D::Rows,
              D::Cols);
  const T* s = src.data();
  T* d = dst.data();
  const bool inPlace = static_cast<const void*>(d) == static_cast<const void*>(s) &&
                       sameLayout<D, S>;
  if (!inPlace) {
    ScratchBuf<T> tmp((size_t)vr * vc);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        tmp.p[(size_t)r * vc + c] = s[S::offsetOf(r, c)];
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        d[D::offsetOf(r, c)] = tmp.p[(size_t)r * vc + c];
  }
  if (pad == PadValue::Null)
    return;
  const T pv = padValueOf<T>(pad);
  for (int r = 0; r < D::Rows; ++r)
    for (int c = (r < vr ? vc : 0); c < D::Cols; ++c)
      d[D::offsetOf(r, c)] = pv;
}

} // namespace detail

// dst and src have the same shape; the pad value is dst's PadVal.
template <typename D, typename S>
inline void TFILLPAD(D& dst, const S& src) {
  static_assert(D::Rows == S::Rows && D::Cols == S::Cols,
                "TFILLPAD: dst and src must have the same shape (TFILLPAD_EXPAND for a larger dst)");
  detail::fillPad("TFILLPAD", dst, src, D::PadVal);
}
// The same with an explicit pad value: TFILLPAD<TileT, PadValue::Max>(dst, src).
template <typename TileT, PadValue Pad>
inline void TFILLPAD(TileT& dst, const TileT& src) {
  detail::fillPad("TFILLPAD", dst, src, Pad);
}
template <typename D, typename S>
inline void TFILLPAD_INPLACE(D& dst, const S& src) {
  static_assert(D::Rows == S::Rows && D::Cols == S::Cols,
                "TFILLPAD_INPLACE: dst and src must have the same shape");
  detail::fillPad("TFILLPAD_INPLACE", dst, src, D::PadVal);
}
// dst may be larger than src.
template <typename D, typename S>
inline void TFILLPAD_EXPAND(D& dst, const S& src) {
  static_assert(D::Rows >= S::Rows && D::Cols >= S::Cols,
                "TFILLPAD_EXPAND: dst must be at least as large as src");
  detail::fillPad("TFILLPAD_EXPAND", dst, src, D::PadVal);
}

//===----------------------------------------------------------------------===//
// TGATHER (index form)
//===----------------------------------------------------------------------===//

// dst(i,j) = src(k / S::Cols, k % S::Cols) with k = indices(i,j), over the dst
// valid region. Indices are i32/u32/i16/u16; an index outside the src's
// valid region is an error (the hardware reads the storage, or past it).
template <typename D, typename S, typename I>
inline void TGATHER(D& dst, const S& src, const I& indices) {
  static_assert(is_tile_v<D> && is_tile_v<S> && is_tile_v<I>, "TGATHER: operands must be Tiles");
  static_assert(std::is_same_v<typename D::DType, typename S::DType>,
                "TGATHER: dst and src must have the same element type");
  using TI = typename I::DType;
  static_assert(std::is_same_v<TI, int32_t> || std::is_same_v<TI, uint32_t> ||
                    std::is_same_v<TI, int16_t> || std::is_same_v<TI, uint16_t>,
                "TGATHER: indices must be i32, u32, i16 or u16");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TGATHER", "dst", dst);
  detail::requireBound(ctx, "TGATHER", "src", src);
  detail::requireOperand(ctx, "TGATHER", "indices", dst, indices);
  const typename S::DType* s = src.data();
  const TI* ix = indices.data();
  const int64_t numel = (int64_t)S::Rows * S::Cols;
  detail::storeRegion(dst, dst.GetValidRow(), dst.GetValidCol(),
                      detail::overlaps(dst, src) || detail::overlaps(dst, indices),
                      [&](int r, int c) {
                        const int64_t k = static_cast<int64_t>(ix[I::offsetOf(r, c)]);
                        // Storage past the valid region holds no data:
                        // reading it is an error too.
                        if (k < 0 || k >= numel ||
                            k / S::Cols >= src.GetValidRow() ||
                            k % S::Cols >= src.GetValidCol())
                          sim::fail(ctx,
                                    "TGATHER: index %lld at (%d, %d) is "
                                    "outside the valid %dx%d "
                                    "of the %dx%d src tile",
                                    (long long)k, r, c, src.GetValidRow(),
                                    src.GetValidCol(), S::Rows, S::Cols);
                        return s[S::offsetOf((int)(k / S::Cols), (int)(k % S::Cols))];
                      });
}
template <typename D, typename S, typename I, typename Tmp>
inline void TGATHER(D& dst, const S& src, const I& indices, const Tmp& /*tmp*/) {
  TGATHER(dst, src, indices);
}

//===----------------------------------------------------------------------===//
// TSCATTER (index form)
//===----------------------------------------------------------------------===//

// dst(k / D::Cols, k % D::Cols) = src(i,j) with k = indexes(i,j), over the
// indexes' valid region in row-major order (an offset written twice keeps
// the later element); the rest of dst keeps its values. Indexes are i32,
// u32, i16 or u16 storage offsets; one outside the dst's valid region is an
// error.
template <typename D, typename S, typename I>
inline void TSCATTER(D &dst, const S &src, const I &indexes) {
  static_assert(is_tile_v<D> && is_tile_v<S> && is_tile_v<I>,
                "TSCATTER: operands must be Tiles");
  static_assert(std::is_same_v<typename D::DType, typename S::DType>,
                "TSCATTER: dst and src must have the same element type");
  using TI = typename I::DType;
  static_assert(std::is_same_v<TI, int32_t> || std::is_same_v<TI, uint32_t> ||
                    std::is_same_v<TI, int16_t> || std::is_same_v<TI, uint16_t>,
                "TSCATTER: indexes must be i32, u32, i16 or u16");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "TSCATTER", "dst", dst);
  detail::requireBound(ctx, "TSCATTER", "src", src);
  detail::requireBound(ctx, "TSCATTER", "indexes", indexes);
  const typename S::DType *s = src.data();
  const TI *ix = indexes.data();
  typename D::DType *d = dst.data();
  const int64_t numel = (int64_t)D::Rows * D::Cols;
  for (int r = 0; r < indexes.GetValidRow(); ++r)
    for (int c = 0; c < indexes.GetValidCol(); ++c) {
      const int64_t k = static_cast<int64_t>(ix[I::offsetOf(r, c)]);
      if (k < 0 || k >= numel || k / D::Cols >= dst.GetValidRow() ||
          k % D::Cols >= dst.GetValidCol())
        sim::fail(ctx,
                  "TSCATTER: index %lld at (%d, %d) is outside the valid %dx%d "
                  "of the %dx%d dst tile",
                  (long long)k, r, c, dst.GetValidRow(), dst.GetValidCol(),
                  D::Rows, D::Cols);
      d[D::offsetOf((int)(k / D::Cols), (int)(k % D::Cols))] =
          s[S::offsetOf(r, c)];
    }
}

//===----------------------------------------------------------------------===//
// TGATHER (mask-pattern form)
//===----------------------------------------------------------------------===//

// Which columns of each group of four a mask gather keeps (bit k: column k).
enum class MaskPattern : uint8_t {
  P0101 = 1,
  P1010 = 2,
  P0001 = 3,
  P0010 = 4,
  P0100 = 5,
  P1000 = 6,
  P1111 = 7,
};

namespace detail {
inline constexpr unsigned maskBits(MaskPattern p) {
  switch (p) {
  case MaskPattern::P0101: return 0x5;
  case MaskPattern::P1010: return 0xA;
  case MaskPattern::P0001: return 0x1;
  case MaskPattern::P0010: return 0x2;
  case MaskPattern::P0100: return 0x4;
  case MaskPattern::P1000: return 0x8;
  case MaskPattern::P1111: return 0xF;
  }
  return 0;
}
} // namespace detail

template <typename D, typename S, MaskPattern Pattern>
inline void TGATHER(D& dst, const S& src) {
  static_assert(is_tile_v<D> && is_tile_v<S>, "TGATHER: operands must be Tiles");
  static_assert(sizeof(typename D::DType) == sizeof(typename S::DType),
                "TGATHER (mask): dst and src elements must have the same size");
  constexpr unsigned bits = detail::maskBits(Pattern);
  static_assert(bits != 0, "TGATHER: unknown mask pattern");
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TGATHER", "dst", dst);
  detail::requireBound(ctx, "TGATHER", "src", src);
  const int rows = dst.GetValidRow(), cols = dst.GetValidCol();
  if (src.GetValidRow() < rows)
    sim::fail(ctx, "TGATHER: src has %d valid rows, dst %d", src.GetValidRow(), rows);
  // Selected columns per row: the full groups of four, then the tail.
  const int srcCols = src.GetValidCol();
  int selected = 0;
  for (int c = 0; c < srcCols; ++c)
    selected += (bits >> (c % 4)) & 1u;
  if (selected < cols)
    sim::fail(ctx, "TGATHER: the mask selects %d of the %d src columns, dst needs %d", selected,
              srcCols, cols);
  detail::ScratchBuf<typename D::DType> out((size_t)rows * cols);
  for (int r = 0; r < rows; ++r) {
    int j = 0;
    for (int c = 0; c < srcCols && j < cols; ++c) {
      if (!((bits >> (c % 4)) & 1u))
        continue;
      std::memcpy(&out.p[(size_t)r * cols + j++], &src.data()[S::offsetOf(r, c)],
                  sizeof(typename D::DType));
    }
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      dst.data()[D::offsetOf(r, c)] = out.p[(size_t)r * cols + c];
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_LAYOUT_HPP
