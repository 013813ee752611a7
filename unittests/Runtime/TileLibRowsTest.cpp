//===- TileLibRowsTest.cpp - MGATHER / MSCATTER (row mode) ---------------===//
//
// Rows of a GM table by a 1 x R index row, against a scalar reference: a
// table with a row stride wider than its columns, rows read twice, a
// scatter's later write of a row winning, atomic adds of duplicates, the
// rows no index names kept, and the errors an index can cause.
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

constexpr int kRows = 10, kCols = 16, kStride = 24;
using TableShape = pto::Shape<1, 1, 1, kRows, kCols>;
using TableStride =
    pto::Stride<kRows * kStride, kRows * kStride, kRows * kStride, kStride, 1>;
using Rows = Tile<TileType::Vec, float, 4, kCols, BLayout::RowMajor, -1, -1>;
using Index = Tile<TileType::Vec, int32_t, 1, 8, BLayout::RowMajor, -1, -1>;

TEST(TileLibRows, GatherReadsIndexedRowsThroughTheStride) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  std::vector<float> table(kRows * kStride, -1.f);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      table[r * kStride + c] = float(r * 100 + c);
  GlobalTensor<float, TableShape, TableStride> g(table.data());
  Index idx(1, 4);
  TASSIGN(idx, 0);
  const int32_t picks[4] = {7, 0, 7, 9};
  for (int i = 0; i < 4; ++i)
    idx.at(0, i) = picks[i];
  Rows dst(4, kCols);
  TASSIGN(dst, 1024);
  MGATHER(dst, g, idx);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kCols; ++c)
      ASSERT_EQ(dst.at(r, c), float(picks[r] * 100 + c)) << r << "," << c;
}

TEST(TileLibRows, ScatterKeepsTheLaterWriteAndOtherRows) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  std::vector<float> table(kRows * kStride, -1.f);
  GlobalTensor<float, TableShape, TableStride> g(table.data());
  Index idx(1, 4);
  TASSIGN(idx, 0);
  const int32_t picks[4] = {2, 5, 2, 8};
  for (int i = 0; i < 4; ++i)
    idx.at(0, i) = picks[i];
  Rows src(4, kCols);
  TASSIGN(src, 1024);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kCols; ++c)
      src.at(r, c) = float(r * 1000 + c);
  MSCATTER(g, src, idx);
  // Scalar reference: rows in order, the last write of a row stays.
  std::vector<float> expected(kRows * kStride, -1.f);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kCols; ++c)
      expected[picks[r] * kStride + c] = float(r * 1000 + c);
  EXPECT_EQ(table, expected);
}

TEST(TileLibRows, AtomicScatterAddsEveryDuplicate) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  std::vector<float> table(kRows * kStride, 0.5f);
  GlobalTensor<float, TableShape, TableStride> g(table.data());
  Index idx(1, 4);
  TASSIGN(idx, 0);
  const int32_t picks[4] = {3, 3, 3, 6};
  for (int i = 0; i < 4; ++i)
    idx.at(0, i) = picks[i];
  Rows src(4, kCols);
  TASSIGN(src, 1024);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kCols; ++c)
      src.at(r, c) = float(r + 1);
  MSCATTER<Coalesce::Row, ScatterAtomicOp::Add>(g, src, idx);
  std::vector<float> expected(kRows * kStride, 0.5f);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < kCols; ++c)
      expected[picks[r] * kStride + c] += float(r + 1);
  EXPECT_EQ(table, expected);
}

TEST(TileLibRows, IndexErrors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  std::vector<float> table(kRows * kStride, 0.f);
  GlobalTensor<float, TableShape, TableStride> g(table.data());
  Index idx(1, 4);
  TASSIGN(idx, 0);
  for (int i = 0; i < 4; ++i)
    idx.at(0, i) = i;
  idx.at(0, 2) = kRows;
  Rows dst(4, kCols);
  TASSIGN(dst, 1024);
  EXPECT_NE(errorOf([&] {
              MGATHER(dst, g, idx);
            }).find("MGATHER: index 10 is outside the table's 10 rows"),
            std::string::npos);
  idx.at(0, 2) = -1;
  EXPECT_NE(errorOf([&] {
              MSCATTER(g, dst, idx);
            }).find("MSCATTER: index -1 is outside the table's 10 rows"),
            std::string::npos);
  // Fewer index entries than rows.
  Index shortIdx(1, 3);
  TASSIGN(shortIdx, 0);
  shortIdx.at(0, 2) = 2;
  EXPECT_NE(errorOf([&] {
              MGATHER(dst, g, shortIdx);
            }).find("the index must be a 1 x R row covering row 3, got 1x3"),
            std::string::npos);
}

} // namespace
