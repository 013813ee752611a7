//===- pto/instr_rows.hpp - MGATHER, MSCATTER: GM rows by index -----------===//
//
// pto-isa's row-mode gather and scatter between a 2-D GM table and a vec
// tile: MGATHER reads `dst[r, :] = table[idx[0, r], :]`, MSCATTER writes
// `table[idx[0, r], :] = src[r, :]` in order of r (a row written twice keeps
// the later one; with ScatterAtomicOp::Add every row is added). An index
// outside the table's rows stops the task.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_INSTR_ROWS_HPP
#define PTO_INSTR_ROWS_HPP

#include "pto/instr.hpp"

#include <cstdint>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

enum class Coalesce : uint8_t { Row = 0, Elem = 1 };
enum class ScatterAtomicOp : uint8_t { None = 0, Add = 1, Max = 2, Min = 3 };

namespace detail {
// Row `k` of the table as a pointer and its column stride, the table's
// row count checked.
template <typename GT>
inline auto tableRow(sim::CoreContext *ctx, const char *op, const GT &table,
                     int64_t k, int cols) {
  int64_t rows = 1;
  for (int i = 0; i < 4; ++i)
    rows *= table.GetShape(i);
  if (table.GetShape(4) != cols)
    sim::fail(ctx, "%s: the table has %lld columns, the tile %d", op,
              (long long)table.GetShape(4), cols);
  if (k < 0 || k >= rows)
    sim::fail(ctx, "%s: index %lld is outside the table's %lld rows", op,
              (long long)k, (long long)rows);
  // Rows of a 2-D table step by its stride 3; a view with more dimensions
  // folds the leading ones.
  int64_t offset = 0, rest = k;
  for (int i = 3; i >= 0; --i) {
    offset += (rest % table.GetShape(i)) * table.GetStride(i);
    rest /= table.GetShape(i);
  }
  auto *row = table.data() + offset;
  sim::checkGm(ctx, op, row,
               static_cast<uint64_t>((cols - 1) * table.GetStride(4) + 1) *
                   sizeof(typename GT::DType));
  return row;
}

template <typename I>
inline int64_t rowIndex(sim::CoreContext *ctx, const char *op, const I &idx,
                        int r) {
  static_assert(std::is_same_v<typename I::DType, int32_t>,
                "the index tile must be i32");
  if (idx.GetValidRow() != 1 || idx.GetValidCol() <= r)
    sim::fail(ctx,
              "%s: the index must be a 1 x R row covering row %d, got %dx%d",
              op, r, idx.GetValidRow(), idx.GetValidCol());
  return idx.at(0, r);
}
} // namespace detail

template <Coalesce Mode = Coalesce::Row, typename TileD, typename GT,
          typename TileI>
inline void MGATHER(TileD &dst, const GT &table, const TileI &idx) {
  static_assert(Mode == Coalesce::Row,
                "MGATHER: only the row mode is simulated");
  static_assert(is_tile_v<TileD> && is_tile_v<TileI>,
                "MGATHER: dst and idx must be Tiles");
  static_assert(is_global_tensor<GT>::value,
                "MGATHER: the table must be a GlobalTensor");
  using T = typename TileD::DType;
  static_assert(std::is_same_v<T, std::remove_cv_t<typename GT::DType>>,
                "MGATHER: tile and table must have the same element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "MGATHER", "dst", dst);
  detail::requireBound(ctx, "MGATHER", "idx", idx);
  const int rows = dst.GetValidRow(), cols = dst.GetValidCol();
  for (int r = 0; r < rows; ++r) {
    const auto *row = detail::tableRow(
        ctx, "MGATHER", table, detail::rowIndex(ctx, "MGATHER", idx, r), cols);
    for (int c = 0; c < cols; ++c)
      dst.at(r, c) = row[c * table.GetStride(4)];
  }
}

template <Coalesce Mode = Coalesce::Row,
          ScatterAtomicOp Atomic = ScatterAtomicOp::None, typename GT,
          typename TileS, typename TileI>
inline void MSCATTER(const GT &table, const TileS &src, const TileI &idx) {
  static_assert(Mode == Coalesce::Row,
                "MSCATTER: only the row mode is simulated");
  static_assert(Atomic == ScatterAtomicOp::None ||
                    Atomic == ScatterAtomicOp::Add,
                "MSCATTER: only plain and atomic-add writes are simulated");
  static_assert(is_tile_v<TileS> && is_tile_v<TileI>,
                "MSCATTER: src and idx must be Tiles");
  static_assert(is_global_tensor<GT>::value,
                "MSCATTER: the table must be a GlobalTensor");
  using T = typename TileS::DType;
  static_assert(std::is_same_v<T, std::remove_cv_t<typename GT::DType>>,
                "MSCATTER: tile and table must have the same element type");
  sim::CoreContext *ctx = sim::current();
  detail::requireBound(ctx, "MSCATTER", "src", src);
  detail::requireBound(ctx, "MSCATTER", "idx", idx);
  const int rows = src.GetValidRow(), cols = src.GetValidCol();
  for (int r = 0; r < rows; ++r) {
    auto *row =
        detail::tableRow(ctx, "MSCATTER", table,
                         detail::rowIndex(ctx, "MSCATTER", idx, r), cols);
    for (int c = 0; c < cols; ++c) {
      if constexpr (Atomic == ScatterAtomicOp::Add)
        detail::atomicAddTo(row + c * table.GetStride(4), src.at(r, c));
      else
        row[c * table.GetStride(4)] = src.at(r, c);
    }
  }
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_INSTR_ROWS_HPP
