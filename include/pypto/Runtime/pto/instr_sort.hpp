//===- pto/instr_sort.hpp - TSORT32 and TMRGSORT ---------------------------===//
//
// Sorted data is a row of 8-byte (value, index) pairs, as pto-isa/VBS32 lays it
// out in a row-major tile of the value type:
//   f32: pair k = elements [2k, 2k+1]    = value (f32), index (u32 bits)
//   f16: pair k = elements [4k .. 4k+3]  = value (f16), 0, index (u32 bits, low half first)
// so a row of n pairs spans 2n (f32) or 4n (f16) columns. Order is descending by
// value; equal values keep their input order (with iota indices: smaller index first).
//
//   TSORT32(dst, src, idx[, tmp])   sorts each 32-element block of each src row
//   TMRGSORT(dst, src, blockLen)    merges 4 consecutive sorted blocks of blockLen
//                                   elements (blockLen/2 or /4 pairs) per group
//   TMRGSORT<D, Tmp, S0, S1[, S2[, S3]], exhausted>(dst, executed, tmp, src0, src1, ...)
//                                   merges 2-4 sorted lists
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_SORT_HPP
#define PTO_INSTR_SORT_HPP

#include "pto/instr_util.hpp"

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

// Number of pairs TMRGSORT took from each list (multi-list form).
struct MrgSortExecutedNumList {
  uint16_t mrgSortList0;
  uint16_t mrgSortList1;
  uint16_t mrgSortList2;
  uint16_t mrgSortList3;
};

namespace detail {

template <typename T>
inline constexpr bool isSortValueT = std::is_same_v<T, float> || std::is_same_v<T, half>;

// Elements of T per 8-byte pair.
template <typename T>
inline constexpr int kPairElems = 8 / static_cast<int>(sizeof(T));

template <typename T>
struct SortPair {
  T value;
  uint32_t index;
};

template <typename TileT>
inline void requireSortTile(const char* /*op*/) {
  static_assert(is_tile_v<TileT>, "sort operands must be Tiles");
  static_assert(isSortValueT<typename TileT::DType>, "sort tiles hold f32 or f16 values");
  static_assert(!TileT::isBoxed && TileT::isRowMajor,
                "sort tiles must be row-major ND (BLayout::RowMajor, SLayout::NoneBox)");
}

// Pair k of row r of a sort tile.
template <typename TileT>
inline SortPair<typename TileT::DType> readPair(const TileT& t, int r, int k) {
  using T = typename TileT::DType;
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.data() + TileT::offsetOf(r, 0)) + 8 * k;
  SortPair<T> out;
  std::memcpy(&out.value, p, sizeof(T));
  std::memcpy(&out.index, p + 4, 4);
  return out;
}
template <typename TileT>
inline void writePair(const TileT& t, int r, int k, SortPair<typename TileT::DType> v) {
  using T = typename TileT::DType;
  uint8_t* p = reinterpret_cast<uint8_t*>(t.data() + TileT::offsetOf(r, 0)) + 8 * k;
  std::memset(p, 0, 8);
  std::memcpy(p, &v.value, sizeof(T));
  std::memcpy(p + 4, &v.index, 4);
}

// Stable insertion sort, descending by value.
template <typename T>
inline void sortDescending(SortPair<T>* a, int n) {
  for (int i = 1; i < n; ++i) {
    const SortPair<T> x = a[i];
    const float xv = static_cast<float>(x.value);
    int j = i;
    while (j > 0 && static_cast<float>(a[j - 1].value) < xv) {
      a[j] = a[j - 1];
      --j;
    }
    a[j] = x;
  }
}

// Merges lists[0..n) (each descending) into out, taking the largest head, the
// lowest list on ties. With stopOnEmpty, stops as soon as one list is used up.
// Returns the number of pairs written; taken[i] counts pairs taken from list i.
template <typename T>
inline int mergeLists(const SortPair<T>* const* lists, const int* sizes, int n, bool stopOnEmpty,
                      SortPair<T>* out, int* taken) {
  int pos[4] = {0, 0, 0, 0};
  int written = 0;
  for (;;) {
    int best = -1;
    bool anyEmpty = false;
    for (int i = 0; i < n; ++i) {
      if (pos[i] >= sizes[i]) {
        anyEmpty = true;
        continue;
      }
      if (best < 0 ||
          static_cast<float>(lists[i][pos[i]].value) > static_cast<float>(lists[best][pos[best]].value))
        best = i;
    }
    if (best < 0 || (stopOnEmpty && anyEmpty))
      break;
    out[written++] = lists[best][pos[best]++];
  }
  for (int i = 0; i < n; ++i)
    taken[i] = pos[i];
  return written;
}

template <typename D, typename S, typename I>
inline void sort32Impl(D& dst, const S& src, const I& idx, bool padTail) {
  requireSortTile<D>("TSORT32");
  static_assert(is_tile_v<S> && is_tile_v<I>, "TSORT32: operands must be Tiles");
  using T = typename S::DType;
  static_assert(isSortValueT<T> && std::is_same_v<T, typename D::DType>,
                "TSORT32: src and dst hold the same f32 or f16 values");
  using TI = typename I::DType;
  static_assert(std::is_same_v<TI, uint32_t> || std::is_same_v<TI, int32_t>,
                "TSORT32: idx must be u32 (or i32)");
  constexpr int coef = kPairElems<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, "TSORT32", "dst", dst);
  requireBound(ctx, "TSORT32", "src", src);
  requireBound(ctx, "TSORT32", "idx", idx);
  const int rows = src.GetValidRow(), cols = src.GetValidCol();
  if (!padTail && cols % 32 != 0)
    sim::fail(ctx, "TSORT32: src valid cols (%d) are not a multiple of 32 (use the form with tmp)",
              cols);
  const bool idxBroadcast = idx.GetValidRow() == 1 && rows > 1;
  if ((idx.GetValidRow() < rows && !idxBroadcast) || idx.GetValidCol() < cols)
    sim::fail(ctx, "TSORT32: idx valid shape %dx%d does not cover src %dx%d", idx.GetValidRow(),
              idx.GetValidCol(), rows, cols);
  const int nBlocks = (cols + 31) / 32;
  const int outPairs = padTail ? nBlocks * 32 : cols;
  if (dst.GetValidRow() < rows || dst.GetValidCol() < outPairs * coef)
    sim::fail(ctx, "TSORT32: dst valid shape %dx%d cannot hold %dx%d pairs (%d columns)",
              dst.GetValidRow(), dst.GetValidCol(), rows, outPairs, outPairs * coef);
  ScratchBuf<SortPair<T>> out((size_t)rows * outPairs);
  const T* s = src.data();
  const TI* ix = idx.data();
  for (int r = 0; r < rows; ++r) {
    const int ir = idxBroadcast ? 0 : r;
    for (int b = 0; b < nBlocks; ++b) {
      SortPair<T>* blk = out.p + (size_t)r * outPairs + b * 32;
      const int n = cols - b * 32 < 32 ? cols - b * 32 : 32;
      for (int k = 0; k < n; ++k) {
        const int c = b * 32 + k;
        blk[k].value = s[S::offsetOf(r, c)];
        blk[k].index = static_cast<uint32_t>(ix[I::offsetOf(ir, c)]);
      }
      sortDescending(blk, n);
      if (padTail)
        for (int k = n; k < 32; ++k) { // -inf pads sort last
          const int c = b * 32 + k;
          blk[k].value = static_cast<T>(-__builtin_inff());
          blk[k].index = c < I::Cols ? static_cast<uint32_t>(ix[I::offsetOf(ir, c)]) : 0u;
        }
    }
  }
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < outPairs; ++k)
      writePair(dst, r, k, out.p[(size_t)r * outPairs + k]);
}

template <typename S>
inline int pairCount(sim::CoreContext* ctx, const char* role, const S& src) {
  constexpr int coef = kPairElems<typename S::DType>;
  requireBound(ctx, "TMRGSORT", role, src);
  if (src.GetValidCol() % coef != 0)
    sim::fail(ctx, "TMRGSORT: %s valid cols (%d) are not a whole number of %d-element pairs", role,
              src.GetValidCol(), coef);
  return src.GetValidCol() / coef;
}

template <bool Exhausted, typename D, typename... Srcs>
inline void mergeImpl(D& dst, MrgSortExecutedNumList& executed, const Srcs&... srcs) {
  requireSortTile<D>("TMRGSORT");
  (requireSortTile<Srcs>("TMRGSORT"), ...);
  using T = typename D::DType;
  static_assert((std::is_same_v<T, typename Srcs::DType> && ...),
                "TMRGSORT: all tiles must have the same element type");
  static_assert(D::Rows == 1 && ((Srcs::Rows == 1) && ...), "TMRGSORT: lists are 1-row tiles");
  constexpr int n = sizeof...(Srcs);
  constexpr int coef = kPairElems<T>;
  sim::CoreContext* ctx = sim::current();
  requireBound(ctx, "TMRGSORT", "dst", dst);
  static const char* const roles[4] = {"src0", "src1", "src2", "src3"};
  int sizes[4] = {0, 0, 0, 0};
  {
    int i = 0;
    ((sizes[i] = pairCount(ctx, roles[i], srcs), ++i), ...);
  }
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += sizes[i];
  ScratchBuf<SortPair<T>> buf((size_t)total * 2 + 1);
  SortPair<T>* in = buf.p;
  SortPair<T>* out = buf.p + total;
  const SortPair<T>* lists[4] = {};
  {
    int i = 0, at = 0;
    auto load = [&](const auto& s) {
      lists[i] = in + at;
      for (int k = 0; k < sizes[i]; ++k)
        in[at + k] = readPair(s, 0, k);
      at += sizes[i];
      ++i;
    };
    (load(srcs), ...);
  }
  int taken[4] = {0, 0, 0, 0};
  const int written = mergeLists(lists, sizes, n, Exhausted, out, taken);
  if (dst.GetValidCol() < written * coef)
    sim::fail(ctx, "TMRGSORT: dst valid cols (%d) cannot hold %d pairs (%d columns)",
              dst.GetValidCol(), written, written * coef);
  for (int k = 0; k < written; ++k)
    writePair(dst, 0, k, out[k]);
  executed.mrgSortList0 = static_cast<uint16_t>(taken[0]);
  executed.mrgSortList1 = static_cast<uint16_t>(taken[1]);
  executed.mrgSortList2 = static_cast<uint16_t>(taken[2]);
  executed.mrgSortList3 = static_cast<uint16_t>(taken[3]);
}

} // namespace detail

// Sorts each 32-element block of each row of src (with the matching indices of
// idx: row r of idx, or its only row when idx has one valid row) into (value,
// index) pairs in dst. The src valid cols must be a multiple of 32.
template <typename D, typename S, typename I>
inline void TSORT32(D& dst, const S& src, const I& idx) {
  detail::sort32Impl(dst, src, idx, false);
}
// Any src valid cols: the last block is padded to 32 pairs with (-inf, idx(r, c))
// (index 0 past the idx tile's columns), which sort last.
template <typename D, typename S, typename I, typename Tmp>
inline void TSORT32(D& dst, const S& src, const I& idx, const Tmp& /*tmp*/) {
  detail::sort32Impl(dst, src, idx, true);
}

// Single list: each group of 4 consecutive sorted blocks of blockLen elements
// (a multiple of 64) in each src row is merged into one sorted run of
// 4 * blockLen elements in dst. src valid cols must be a multiple of 4 * blockLen.
template <typename D, typename S>
inline void TMRGSORT(D& dst, const S& src, uint32_t blockLen) {
  detail::requireSortTile<D>("TMRGSORT");
  detail::requireSortTile<S>("TMRGSORT");
  using T = typename D::DType;
  static_assert(std::is_same_v<T, typename S::DType>,
                "TMRGSORT: dst and src must have the same element type");
  constexpr int coef = detail::kPairElems<T>;
  sim::CoreContext* ctx = sim::current();
  detail::requireBound(ctx, "TMRGSORT", "dst", dst);
  detail::requireBound(ctx, "TMRGSORT", "src", src);
  const int rows = src.GetValidRow(), cols = src.GetValidCol();
  if (blockLen == 0 || blockLen % 64 != 0)
    sim::fail(ctx, "TMRGSORT: blockLen %u is not a positive multiple of 64", blockLen);
  const int group = 4 * static_cast<int>(blockLen);
  if (cols % group != 0)
    sim::fail(ctx, "TMRGSORT: src valid cols (%d) are not a multiple of 4 * blockLen (%d)", cols,
              group);
  if (dst.GetValidRow() < rows || dst.GetValidCol() < cols)
    sim::fail(ctx, "TMRGSORT: dst valid shape %dx%d is smaller than src %dx%d",
              dst.GetValidRow(), dst.GetValidCol(), rows, cols);
  const int pairsPerRow = cols / coef, blockPairs = static_cast<int>(blockLen) / coef;
  detail::ScratchBuf<detail::SortPair<T>> buf((size_t)rows * pairsPerRow * 2 + 1);
  detail::SortPair<T>* in = buf.p;
  detail::SortPair<T>* out = buf.p + (size_t)rows * pairsPerRow;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < pairsPerRow; ++k)
      in[(size_t)r * pairsPerRow + k] = detail::readPair(src, r, k);
  for (int r = 0; r < rows; ++r)
    for (int g = 0; g < pairsPerRow; g += 4 * blockPairs) {
      const detail::SortPair<T>* lists[4];
      int sizes[4], taken[4];
      for (int i = 0; i < 4; ++i) {
        lists[i] = in + (size_t)r * pairsPerRow + g + i * blockPairs;
        sizes[i] = blockPairs;
      }
      detail::mergeLists(lists, sizes, 4, false, out + (size_t)r * pairsPerRow + g, taken);
    }
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < pairsPerRow; ++k)
      detail::writePair(dst, r, k, out[(size_t)r * pairsPerRow + k]);
}

// Multi-list: merges the sorted pair lists src0..srcN (1-row tiles, all valid
// columns) into dst. With exhausted, stops when the first list runs out. The
// pairs taken from each list are reported in executedNumList. tmp is ignored.
template <typename D, typename Tmp, typename S0, typename S1, bool exhausted = false>
inline void TMRGSORT(D& dst, MrgSortExecutedNumList& executedNumList, Tmp& /*tmp*/, S0& src0,
                     S1& src1) {
  detail::mergeImpl<exhausted>(dst, executedNumList, src0, src1);
}
template <typename D, typename Tmp, typename S0, typename S1, typename S2, bool exhausted = false>
inline void TMRGSORT(D& dst, MrgSortExecutedNumList& executedNumList, Tmp& /*tmp*/, S0& src0,
                     S1& src1, S2& src2) {
  detail::mergeImpl<exhausted>(dst, executedNumList, src0, src1, src2);
}
template <typename D, typename Tmp, typename S0, typename S1, typename S2, typename S3,
          bool exhausted = false>
inline void TMRGSORT(D& dst, MrgSortExecutedNumList& executedNumList, Tmp& /*tmp*/, S0& src0,
                     S1& src1, S2& src2, S3& src3) {
  detail::mergeImpl<exhausted>(dst, executedNumList, src0, src1, src2, src3);
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_SORT_HPP
