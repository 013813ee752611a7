//===- TileLibCmpTest.cpp - TCI, TCMP/TCMPS, TSEL/TSELS
//---------------------===//
//
// Each instruction against a scalar reference: ramps in the element type's
// wrap-around with untouched tails, compares of values with equal, greater,
// smaller and NaN elements bit by bit in the mask layout (bit c % 8 of byte
// (r, c / 8), rows at the mask's stride), and selects over a tail region.
//
//===----------------------------------------------------------------------===//

#include "TileLibTestUtil.h"

#include <cmath>
#include <limits>

using namespace pto;
using namespace tltest;

namespace {

using Mask = Tile<TileType::Vec, uint8_t, 8, 32>;
using Tmp = Tile<TileType::Vec, uint8_t, 1, 32>;
using F = Tile<TileType::Vec, float, 8, 40, BLayout::RowMajor, -1, -1>;

bool reference(CmpMode mode, double a, double b) {
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

bool bitOf(const Mask &m, int r, int c) {
  return (m.at(r, c / 8) >> (c % 8)) & 1;
}

TEST(TileLibCi, AscendingDescendingAndWrap) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1> up(1, 50);
  TASSIGN(up, 0);
  fillWith(up, [] { return int32_t(-7); });
  TCI<decltype(up), int32_t, 0>(up, 2147483600);
  for (int j = 0; j < 50; ++j)
    ASSERT_EQ(up.at(0, j),
              static_cast<int32_t>(static_cast<uint32_t>(2147483600u + j)))
        << j;
  EXPECT_EQ(up.at(0, 47), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(up.at(0, 48), std::numeric_limits<int32_t>::min()); // wrapped
  for (int j = 50; j < 64; ++j)
    ASSERT_EQ(up.at(0, j), -7) << "tail " << j;
  Tile<TileType::Vec, int16_t, 1, 48, BLayout::RowMajor, -1, -1> down(1, 40);
  TASSIGN(down, 1024);
  TCI<decltype(down), int16_t, 1>(down, int16_t(3));
  for (int j = 0; j < 40; ++j)
    ASSERT_EQ(down.at(0, j), int16_t(3 - j)) << j;
}

TEST(TileLibCmp, EveryModeBitByBit) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  F a(8, 36), b(8, 36);
  Mask m;
  TASSIGN(a, 0);
  TASSIGN(b, 2048);
  TASSIGN(m, 4096);
  Rng rng(11);
  fillRandom(a, rng);
  fillRandom(b, rng);
  // Equal, NaN and signed-zero elements among random ones.
  for (int r = 0; r < 8; ++r) {
    b.at(r, 3 * r) = a.at(r, 3 * r);
    a.at(r, 35) = std::nanf("");
    a.at(r, 1) = -0.0f;
    b.at(r, 1) = 0.0f;
  }
  for (CmpMode mode : {CmpMode::EQ, CmpMode::NE, CmpMode::LT, CmpMode::LE,
                       CmpMode::GT, CmpMode::GE}) {
    fillWith(m, [] { return uint8_t(0xA5); });
    TCMP(m, a, b, mode);
    for (int r = 0; r < 8; ++r) {
      for (int c = 0; c < 36; ++c)
        ASSERT_EQ(bitOf(m, r, c), reference(mode, a.at(r, c), b.at(r, c)))
            << int(mode) << " at " << r << "," << c;
      // Bits past the valid columns are 0 (the simulator's choice).
      for (int c = 36; c < 8 * 32; ++c)
        ASSERT_FALSE(bitOf(m, r, c)) << r << "," << c;
    }
    const float k = a.at(2, 5);
    TCMPS(m, a, k, mode);
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 36; ++c)
        ASSERT_EQ(bitOf(m, r, c), reference(mode, a.at(r, c), k)) << int(mode);
  }
}

TEST(TileLibCmp, Integers) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Tile<TileType::Vec, int32_t, 4, 64> a, b;
  Mask m;
  TASSIGN(a, 0);
  TASSIGN(b, 1024);
  TASSIGN(m, 2048);
  Rng rng(5);
  fillWith(a, [&] { return int32_t(rng.range(-2, 2)); });
  fillWith(b, [&] { return int32_t(rng.range(-2, 2)); });
  a.at(0, 0) = std::numeric_limits<int32_t>::min();
  b.at(0, 0) = std::numeric_limits<int32_t>::max();
  TCMP(m, a, b, CmpMode::LT);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 64; ++c)
      ASSERT_EQ(bitOf(m, r, c), a.at(r, c) < b.at(r, c)) << r << "," << c;
}

TEST(TileLibSel, TileAndScalar) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  F a(8, 36), b(8, 36), d(8, 36);
  Mask m;
  Tmp t;
  TASSIGN(a, 0);
  TASSIGN(b, 2048);
  TASSIGN(d, 4096);
  TASSIGN(m, 6144);
  TASSIGN(t, 6400);
  Rng rng(3);
  fillRandom(a, rng);
  fillRandom(b, rng);
  fillRandom(d, rng);
  TCMP(m, a, b, CmpMode::GT);
  const auto before = snapshot(d);
  TSEL(d, m, a, b, t);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 36; ++c)
      ASSERT_EQ(d.at(r, c), std::max(a.at(r, c), b.at(r, c))) << r << "," << c;
  EXPECT_TRUE(outsideUntouched(d, before, 8, 36));
  // In place, as the compare lowering does: d = mask ? d : -1.
  fillWith(d, [] { return 1.0f; });
  TSELS(d, m, d, t, -1.0f);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 36; ++c)
      ASSERT_EQ(d.at(r, c), a.at(r, c) > b.at(r, c) ? 1.0f : -1.0f)
          << r << "," << c;
}

TEST(TileLibCmp, MaskTooSmall) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "c_kernel");
  Tile<TileType::Vec, float, 8, 512> a;
  Mask m;
  TASSIGN(a, 0);
  TASSIGN(m, 16384);
  EXPECT_EQ(errorOf([&] { TCMPS(m, a, 0.0f, CmpMode::EQ); }),
            "kernel 'c_kernel': TCMPS: a 8x32 mask tile holds no mask of 8x512 "
            "elements");
}

// TCONCAT places src1 at src0's valid width, not its storage width, and
// leaves the rest of dst alone; overlapping dst and a source is an error.
TEST(TileLibConcat, ValidColumnsSideBySide) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "cat_kernel");
  F a(8, 36);
  Tile<TileType::Vec, float, 8, 24, BLayout::RowMajor, -1, -1> b(8, 20);
  Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, -1> d(8, 56);
  TASSIGN(a, 0);
  TASSIGN(b, 2048);
  TASSIGN(d, 4096);
  Rng rng(9);
  fillRandom(a, rng);
  fillRandom(b, rng);
  fillRandom(d, rng);
  const auto before = snapshot(d);
  TCONCAT(d, a, b);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 56; ++c)
      ASSERT_EQ(d.at(r, c), c < 36 ? a.at(r, c) : b.at(r, c - 36))
          << r << "," << c;
  EXPECT_TRUE(outsideUntouched(d, before, 8, 56));
  Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, -1> wrong(8, 60);
  TASSIGN(wrong, 4096);
  EXPECT_EQ(
      errorOf([&] { TCONCAT(wrong, a, b); }),
      "kernel 'cat_kernel': TCONCAT: 8x36 and 8x20 do not make the 8x60 dst");
  Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, -1> onA(8, 56);
  TASSIGN(onA, 0);
  EXPECT_EQ(errorOf([&] { TCONCAT(onA, a, b); }),
            "kernel 'cat_kernel': TCONCAT: dst overlaps a source");
}

} // namespace

// The compare-form TGATHER against a scalar loop: per valid row, the
// matching columns plus the offset in order, -1 past their count, the count
// in cdst; the dst storage past its valid columns untouched. NaN never
// matches. Half and int32 sources too.
TEST(TileLibGatherCompare, ColumnsCountsAndFill) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  F a(8, 36);
  Tile<TileType::Vec, int32_t, 8, 40, BLayout::RowMajor, -1, -1> d(8, 36);
  Tile<TileType::Vec, int32_t, 1, 8> n;
  Mask tmp;
  TASSIGN(a, 0);
  TASSIGN(d, 2048);
  TASSIGN(n, 4096);
  TASSIGN(tmp, 4224);
  Rng rng(17);
  fillRandom(a, rng);
  for (int r = 0; r < 8; ++r)
    a.at(r, 2 * r) = std::nanf("");
  a.at(3, 7) = a.at(5, 9) = 0.25f; // equal to k
  fillWith(d, [] { return int32_t(77); });
  fillWith(n, [] { return int32_t(-5); });
  for (bool gt : {true, false}) {
    const float k = 0.25f;
    if (gt)
      TGATHER<decltype(d), decltype(a), decltype(n), decltype(tmp), CmpMode::GT,
              5>(d, a, k, n, tmp);
    else
      TGATHER<decltype(d), decltype(a), decltype(n), decltype(tmp), CmpMode::EQ,
              5>(d, a, k, n, tmp);
    for (int r = 0; r < 8; ++r) {
      int count = 0;
      for (int c = 0; c < 36; ++c)
        if (gt ? a.at(r, c) > k : a.at(r, c) == k)
          ASSERT_EQ(d.at(r, count++), c + 5) << gt << " " << r << "," << c;
      ASSERT_EQ(n.at(0, r), count) << gt << " row " << r;
      for (int c = count; c < 36; ++c)
        ASSERT_EQ(d.at(r, c), -1) << gt << " fill " << r << "," << c;
      for (int c = 36; c < 40; ++c)
        ASSERT_EQ(d.at(r, c), 77) << "storage past the valid columns";
    }
  }
  EXPECT_EQ(n.at(0, 3), 1); // the one equal element of row 3
}

TEST(TileLibGatherCompare, HalfAndInt32) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Tile<TileType::Vec, half, 2, 32> h;
  Tile<TileType::Vec, int32_t, 2, 16> v;
  Tile<TileType::Vec, int32_t, 2, 32> d;
  Tile<TileType::Vec, int32_t, 1, 8> n;
  Mask tmp;
  TASSIGN(h, 0);
  TASSIGN(v, 256);
  TASSIGN(d, 512);
  TASSIGN(n, 1024);
  TASSIGN(tmp, 1280);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 32; ++c)
      h.at(r, c) = half(float((c * 7 + r * 3) % 11) - 5.0f);
  TGATHER<decltype(d), decltype(h), decltype(n), decltype(tmp), CmpMode::GT, 0>(
      d, h, half(2.0f), n, tmp);
  for (int r = 0; r < 2; ++r) {
    int count = 0;
    for (int c = 0; c < 32; ++c)
      if (float(h.at(r, c)) > 2.0f)
        ASSERT_EQ(d.at(r, count++), c);
    ASSERT_EQ(n.at(0, r), count);
    ASSERT_GT(count, 0);
  }
  Tile<TileType::Vec, int32_t, 2, 16> di;
  TASSIGN(di, 1536);
  for (int c = 0; c < 16; ++c) {
    v.at(0, c) = c % 3 == 0 ? 2 : c;
    v.at(1, c) = 1;
  }
  TGATHER<decltype(di), decltype(v), decltype(n), decltype(tmp), CmpMode::EQ,
          0>(di, v, 2, n, tmp);
  EXPECT_EQ(n.at(0, 0), 7); // columns 0, 2, 3, 6, 9, 12, 15
  EXPECT_EQ(n.at(0, 1), 0);
  std::vector<int32_t> expected = {0, 2, 3, 6, 9, 12, 15};
  for (int j = 0; j < 7; ++j)
    ASSERT_EQ(di.at(0, j), expected[j]);
  for (int j = 0; j < 16; ++j)
    ASSERT_EQ(di.at(1, j), -1);
}

TEST(TileLibGatherCompare, MoreMatchesThanColumns) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "g_kernel");
  Tile<TileType::Vec, float, 2, 16> a;
  Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, -1, -1> d(2, 4);
  Tile<TileType::Vec, int32_t, 1, 8> n;
  Mask tmp;
  TASSIGN(a, 0);
  TASSIGN(d, 256);
  TASSIGN(n, 512);
  TASSIGN(tmp, 768);
  fillWith(a, [] { return -1.0f; });
  for (int c = 0; c < 5; ++c)
    a.at(1, 3 * c) = 1.0f;
  EXPECT_EQ(errorOf([&] {
              TGATHER<decltype(d), decltype(a), decltype(n), decltype(tmp),
                      CmpMode::GT, 0>(d, a, 0.0f, n, tmp);
            }),
            "kernel 'g_kernel': TGATHER (compare): row 1 has more than 4 "
            "matches, the valid columns of dst");
}
