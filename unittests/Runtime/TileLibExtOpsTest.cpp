//===- TileLibExtOpsTest.cpp - prelu, three-operand adds, products, args --===//
//
// TPRELU, TADDC/TSUBC/TADDSC/TSUBSC, TROWPROD/TCOLPROD and the arg
// reductions TROWARGMAX/TROWARGMIN/TCOLARGMAX/TCOLARGMIN against scalar
// references, on a 13x29 valid region of 32x32 tiles (rows and columns
// that are neither the tile's nor a power of two).
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

constexpr int kRows = 13, kCols = 29;

template <typename T> void fillDistinct(RM<T> &t, uint64_t seed, double scale) {
  Rng rng(seed);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      t.at(r, c) = static_cast<T>(rng.uniform(-scale, scale));
}

TEST(TileLibExtOps, PreluAndThreeOperandAdds) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  RM<float> a(kRows, kCols), b(kRows, kCols), c(kRows, kCols), d(kRows, kCols),
      tmp(kRows, kCols);
  TASSIGN(a, 0);
  TASSIGN(b, 4096);
  TASSIGN(c, 8192);
  TASSIGN(d, 12288);
  TASSIGN(tmp, 16384);
  fillDistinct(a, 1, 4);
  fillDistinct(b, 2, 2);
  fillDistinct(c, 3, 3);
  TPRELU(d, a, b, tmp);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col) {
      float x = a.at(r, col), y = b.at(r, col);
      ASSERT_EQ(d.at(r, col), x > 0 ? x : x * y) << r << "," << col;
    }
  TADDC(d, a, b, c);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col)
      ASSERT_EQ(d.at(r, col), (a.at(r, col) + b.at(r, col)) + c.at(r, col));
  TSUBC(d, a, b, c);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col)
      ASSERT_EQ(d.at(r, col), (a.at(r, col) - b.at(r, col)) + c.at(r, col));
  TADDSC(d, a, 1.5f, b);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col)
      ASSERT_EQ(d.at(r, col), (a.at(r, col) + 1.5f) + b.at(r, col));
  // In place: dst aliases src0.
  RM<float> keep(kRows, kCols);
  TASSIGN(keep, 20480);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col)
      keep.at(r, col) = a.at(r, col);
  TSUBSC(a, a, 2.0f, b);
  for (int r = 0; r < kRows; ++r)
    for (int col = 0; col < kCols; ++col)
      ASSERT_EQ(a.at(r, col), (keep.at(r, col) - 2.0f) + b.at(r, col));
}

TEST(TileLibExtOps, IntegerThreeOperandAddsWrap) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using I = Tile<TileType::Vec, int32_t, 1, 8>;
  I a, b, c, d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(c, 128);
  TASSIGN(d, 192);
  for (int i = 0; i < 8; ++i) {
    a.at(0, i) = INT32_MAX - i;
    b.at(0, i) = i + 1;
    c.at(0, i) = -i;
  }
  TADDC(d, a, b, c); // wraps past INT32_MAX, then back
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(d.at(0, i), int32_t(uint32_t(INT32_MAX - i) + uint32_t(i + 1) +
                                  uint32_t(-i)));
  TSUBSC(d, a, -5, c);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(d.at(0, i), int32_t(uint32_t(INT32_MAX - i) + 5u + uint32_t(-i)));
}

TEST(TileLibExtOps, Products) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  RM<float> a(kRows, kCols), tmp(kRows, kCols);
  CM<float> rows(kRows, 1);
  RM<float> cols(1, kCols);
  TASSIGN(a, 0);
  TASSIGN(tmp, 4096);
  TASSIGN(rows, 8192);
  TASSIGN(cols, 12288);
  fillDistinct(a, 4, 0.2);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      a.at(r, c) += 1.0f; // factors near 1
  TROWPROD(rows, a, tmp);
  for (int r = 0; r < kRows; ++r) {
    float p = 1;
    for (int c = 0; c < kCols; ++c)
      p *= a.at(r, c);
    EXPECT_EQ(rows.at(r, 0), p) << r;
  }
  TCOLPROD(cols, a);
  for (int c = 0; c < kCols; ++c) {
    float p = 1;
    for (int r = 0; r < kRows; ++r)
      p *= a.at(r, c);
    EXPECT_EQ(cols.at(0, c), p) << c;
  }
  // Integers wrap: 3^29 does not fit in 32 bits.
  RM<int32_t> i(kRows, kCols), itmp(kRows, kCols);
  CM<int32_t> irows(kRows, 1);
  TASSIGN(i, 16384);
  TASSIGN(itmp, 20480);
  TASSIGN(irows, 24576);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      i.at(r, c) = (r + c) % 3 == 0 ? -3 : 3;
  TROWPROD(irows, i, itmp);
  for (int r = 0; r < kRows; ++r) {
    uint32_t p = 1;
    for (int c = 0; c < kCols; ++c)
      p *= uint32_t(i.at(r, c));
    EXPECT_EQ(irows.at(r, 0), int32_t(p)) << r;
  }
}

TEST(TileLibExtOps, ArgReductionsTakeTheFirstExtreme) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  RM<float> a(kRows, kCols), tmp(kRows, kCols);
  CM<int32_t> rows(kRows, 1);
  RM<int32_t> cols(1, kCols);
  TASSIGN(a, 0);
  TASSIGN(tmp, 4096);
  TASSIGN(rows, 8192);
  TASSIGN(cols, 12288);
  fillDistinct(a, 5, 8);
  // A tie in row 0: its maximum twice, the first at column 3.
  float top = 100;
  a.at(0, 3) = top;
  a.at(0, 20) = top;
  auto check = [&](bool row, bool isMax) {
    int n = row ? kRows : kCols, len = row ? kCols : kRows;
    for (int k = 0; k < n; ++k) {
      int best = 0;
      for (int j = 1; j < len; ++j) {
        float x = row ? a.at(k, j) : a.at(j, k);
        float y = row ? a.at(k, best) : a.at(best, k);
        if (isMax ? x > y : x < y)
          best = j;
      }
      EXPECT_EQ(row ? rows.at(k, 0) : cols.at(0, k), best) << row << isMax << k;
    }
  };
  TROWARGMAX(rows, a, tmp);
  EXPECT_EQ(rows.at(0, 0), 3);
  check(true, true);
  TROWARGMIN(rows, a, tmp);
  check(true, false);
  TCOLARGMAX(cols, a, tmp);
  check(false, true);
  TCOLARGMIN(cols, a, tmp);
  check(false, false);
}

} // namespace

namespace {

// TSETVAL writes one element at its offset in the Rows x Cols storage and
// nothing else; TGETVAL reads it back; an offset past the tile fails.
TEST(TileLibExtOps, SetValueWritesOneElement) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  RM<int32_t> t(kRows, kCols);
  TASSIGN(t, 0);
  for (int i = 0; i < 32 * 32; ++i)
    t.data()[i] = i;
  // Row 5, column 7 of the 32-column storage.
  TSETVAL(t, 5 * 32 + 7, -42);
  for (int i = 0; i < 32 * 32; ++i)
    ASSERT_EQ(t.data()[i], i == 5 * 32 + 7 ? -42 : i) << i;
  EXPECT_EQ(TGETVAL(t, 5 * 32 + 7), -42);
  std::string error = errorOf([&] { TSETVAL(t, 32 * 32, 1); });
  EXPECT_TRUE(contains(error, "TSETVAL: offset 1024 is outside the 32x32 tile"))
      << error;
  error = errorOf([&] { TSETVAL(t, -1, 1); });
  EXPECT_TRUE(contains(error, "TSETVAL: offset -1 is outside")) << error;
}

} // namespace

namespace {

// TTRI against torch's tril/triu of ones over a 13x29 valid region, for
// diagonals below, on and above the main one; the rest of the tile is
// untouched.
TEST(TileLibExtOps, TriangularMasks) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  RM<float> t(kRows, kCols);
  TASSIGN(t, 0);
  for (int diagonal : {-4, 0, 3}) {
    for (int i = 0; i < 32 * 32; ++i)
      t.data()[i] = -7.0f;
    TTRI<RM<float>, 0>(t, diagonal);
    for (int r = 0; r < 32; ++r)
      for (int c = 0; c < 32; ++c) {
        float want =
            r < kRows && c < kCols ? (c <= r + diagonal ? 1.0f : 0.0f) : -7.0f;
        ASSERT_EQ(t.data()[r * 32 + c], want)
            << diagonal << ": " << r << "," << c;
      }
    TTRI<RM<float>, 1>(t, diagonal);
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c)
        ASSERT_EQ(t.at(r, c), c >= r + diagonal ? 1.0f : 0.0f)
            << diagonal << ": " << r << "," << c;
  }
  RM<int16_t> s(kRows, kCols);
  TASSIGN(s, 8192);
  TTRI<RM<int16_t>, 1>(s, 2);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      ASSERT_EQ(s.at(r, c), c >= r + 2 ? 1 : 0) << r << "," << c;
}

} // namespace
