//===- TileLibLayoutTest.cpp - TEXTRACT/TRESHAPE/TTRANS/TFILLPAD/TGATHER --===//
//
// Window copies across layouts (including Mat -> Left/Right K-tiling of a
// matmul and Acc -> Vec with conversion), transposes, padding with every pad
// value and index gathers, with partial valid shapes, aliasing and errors.
// Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime
//   unittests/Runtime/TileLibLayoutTest.cpp
//       -lgtest -lgtest_main -pthread
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

//===----------------------------------------------------------------------===//
// TEXTRACT / TINSERT
//===----------------------------------------------------------------------===//

// A K-tiled matmul: 32 x 96 times 96 x 48 in f16, taking K-slices of 32 from
// Mat tiles into Left/Right tiles and accumulating in an Acc tile.
TEST(TileLibExtract, MatToLeftRightKTiling) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  constexpr int M = 32, K = 96, N = 48, KT = 32;
  using MatA = Tile<TileType::Mat, half, M, K, BLayout::ColMajor, M, K,
                    SLayout::RowMajor>;
  using MatB = Tile<TileType::Mat, half, K, N, BLayout::RowMajor, K, N,
                    SLayout::ColMajor>;
  MatA ma;
  MatB mb;
  TileLeft<half, M, KT> l;
  TileRight<half, KT, N> r;
  TileAcc<float, M, N> acc;
  TASSIGN(ma, 0);
  TASSIGN(mb, 65536);
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  Rng rng(4);
  fillRandom(ma, rng);
  fillRandom(mb, rng);
  for (int k0 = 0; k0 < K; k0 += KT) {
    TEXTRACT(l, ma, 0, k0);
    TEXTRACT(r, mb, k0, 0);
    for (int i = 0; i < M; ++i)
      for (int k = 0; k < KT; ++k)
        ASSERT_TRUE(sameValue(l.at(i, k), ma.at(i, k0 + k)));
    if (k0 == 0)
      TMATMUL(acc, l, r);
    else
      TMATMUL_ACC(acc, acc, l, r);
  }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double want = 0;
      for (int k = 0; k < K; ++k)
        want += toD(ma.at(i, k)) * toD(mb.at(k, j));
      ASSERT_NEAR(acc.at(i, j), want, 1e-3) << i << "," << j;
    }
}

template <typename D, typename S>
void extractCase(int vr, int vc, int r0, int c0, uint64_t seed) {
  S src(S::Rows, S::Cols);
  D dst(vr, vc);
  TASSIGN(src, 0);
  TASSIGN(dst, 16384);
  Rng rng(seed);
  fillRandom(src, rng);
  fillRandom(dst, rng);
  const auto before = snapshot(dst);
  TEXTRACT(dst, src, r0, c0);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(dst.at(r, c), src.at(r0 + r, c0 + c)))
          << r << "," << c;
  EXPECT_TRUE(outsideUntouched(dst, before, vr, vc));
}

template <typename T> class TileLibLayoutTyped : public ::testing::Test {};
using AllTypes =
    ::testing::Types<Elem<float>, Elem<half>, Elem<bfloat16_t>, Elem<int32_t>,
                     Elem<int16_t>, Elem<int8_t>, Elem<uint8_t>>;
TYPED_TEST_SUITE(TileLibLayoutTyped, AllTypes);

TYPED_TEST(TileLibLayoutTyped, ExtractWindowsAnyLayout) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  extractCase<NZ<T>, RM<T>>(10, 13, 5, 7, 1);
  extractCase<RM<T>, NZ<T>>(32, 32, 0, 0, 2);
  extractCase<CM<T>, ZN<T>>(1, 20, 31, 12, 3);
  extractCase<ZN<T>, CM<T>>(16, 16, 16, 16, 4);
  extractCase<RM<T>, RM<T>>(0, 0, 32, 32, 5);
}

TYPED_TEST(TileLibLayoutTyped, InsertWindowsAnyLayout) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Rng rng(9);
  NZ<T> src(9, 13);
  RM<T> dst(32, 32);
  TASSIGN(src, 0);
  TASSIGN(dst, 16384);
  fillRandom(src, rng);
  fillRandom(dst, rng);
  std::vector<T> old;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      old.push_back(dst.at(r, c));
  TINSERT(dst, src, 20, 19);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      const bool in = r >= 20 && r < 29 && c >= 19 && c < 32;
      ASSERT_TRUE(sameValue(dst.at(r, c),
                            in ? src.at(r - 20, c - 19) : old[r * 32 + c]))
          << r << "," << c;
    }
}

TEST(TileLibExtract, AccToVecConvertsAndVecToMat) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  TileAcc<float, 32, 32> acc;
  TASSIGN(acc, 0);
  Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, -1, -1> v(8, 32);
  TASSIGN(v, 0);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      acc.at(r, c) = float(r) + float(c) / 1024.0f + 1.0f / 8192.0f;
  TEXTRACT(v, acc, 16, 0);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_EQ(static_cast<float>(v.at(r, c)),
                static_cast<float>(half(acc.at(16 + r, c))));
  // Vec -> Mat insert (e.g. staging a matmul operand).
  Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32,
       SLayout::RowMajor>
      m;
  TASSIGN(m, 0);
  TINSERT(m, v, 8, 0);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_TRUE(sameValue(m.at(8 + r, c), v.at(r, c)));
  // Acc -> Mat insert converts too.
  Tile<TileType::Mat, bfloat16_t, 32, 32, BLayout::ColMajor, 32, 32,
       SLayout::RowMajor>
      mb;
  TASSIGN(mb, 4096);
  TINSERT(mb, acc, 0, 0);
  EXPECT_EQ(mb.at(5, 7).bits, bfloat16_t(acc.at(5, 7)).bits);
}

TEST(TileLibExtract, OverlappingStorage) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // dst is the same storage seen with another layout, shifted by one row.
  using S = Tile<TileType::Vec, float, 16, 16>;
  using D = Tile<TileType::Vec, float, 8, 8, BLayout::ColMajor>;
  S s;
  D d;
  TASSIGN(s, 0);
  TASSIGN(d, 64);
  Rng rng(2);
  fillRandom(s, rng);
  std::vector<float> want;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      want.push_back(s.at(3 + r, 2 + c));
  TEXTRACT(d, s, 3, 2);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      ASSERT_EQ(d.at(r, c), want[r * 8 + c]);
  // Insert a tile into itself shifted (overlapping windows).
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1> a(8, 8),
      b(8, 8);
  TASSIGN(a, 0);
  TASSIGN(b, 0);
  fillRandom(a, rng);
  std::vector<float> src;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      src.push_back(a.at(r, c));
  TINSERT(b, a, 1, 1);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      ASSERT_EQ(b.at(1 + r, 1 + c), src[r * 8 + c]);
}

TEST(TileLibExtract, WindowErrors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "win_kernel");
  RM<float> big(32, 32), small(8, 8);
  TASSIGN(big, 0);
  TASSIGN(small, 8192);
  EXPECT_EQ(errorOf([&] { TEXTRACT(small, big, 25, 0); }),
            "kernel 'win_kernel': TEXTRACT: window 8x8 at (25, 0) exceeds the "
            "32x32 src tile");
  EXPECT_TRUE(contains(errorOf([&] { TEXTRACT(small, big, 0, -1); }),
                       "TEXTRACT: window 8x8 at (0, -1)"));
  EXPECT_TRUE(
      contains(errorOf([&] { TINSERT(big, small, 0, 30); }),
               "TINSERT: window 8x8 at (0, 30) exceeds the 32x32 dst tile"));
}

//===----------------------------------------------------------------------===//
// TTRANS
//===----------------------------------------------------------------------===//

template <typename D, typename S>
void transCase(int vr, int vc, uint64_t seed, bool overlap) {
  S src(vr, vc);
  D dst(vc, vr);
  TASSIGN(src, 0);
  TASSIGN(dst, overlap ? 0 : 16384);
  Rng rng(seed);
  fillRandom(src, rng);
  std::vector<typename S::DType> in;
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      in.push_back(src.at(r, c));
  TTRANS(dst, src, src);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(dst.at(c, r), in[r * vc + c])) << r << "," << c;
}

TYPED_TEST(TileLibLayoutTyped, Transpose) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  transCase<RM<T>, RM<T>>(32, 32, 1, false);
  transCase<CM<T>, RM<T>>(13, 29, 2, false);
  transCase<NZ<T>, ZN<T>>(7, 31, 3, false);
  transCase<RM<T>, NZ<T>>(20, 5, 4, true);  // dst over src's storage
  transCase<RM<T>, RM<T>>(32, 32, 5, true); // in place, same layout
}

//===----------------------------------------------------------------------===//
// TRESHAPE
//===----------------------------------------------------------------------===//

// A 16x1 column seen as a 1x16 row (pypto's treshape), and f32 bits seen as
// u32: the result reads and writes the source's bytes.
TEST(TileLibReshape, AliasesTheSource) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 16, 1>;
  using Row = Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, 1, 16>;
  using Bits = Tile<TileType::Vec, uint32_t, 1, 16, BLayout::RowMajor, 1, 16>;
  Col col;
  Row row;
  Bits bits;
  TASSIGN(col, 512);
  for (int i = 0; i < 16; ++i)
    col.at(i, 0) = 1.5f * i - 7.0f;
  TRESHAPE(row, col);
  TRESHAPE(bits, row);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(row.at(0, i), 1.5f * i - 7.0f);
    uint32_t expected;
    float value = 1.5f * i - 7.0f;
    std::memcpy(&expected, &value, sizeof value);
    EXPECT_EQ(bits.at(0, i), expected);
  }
  row.at(0, 3) = 42.0f; // written through the row, read through the column
  EXPECT_EQ(col.at(3, 0), 42.0f);
}

// A result with a run-time valid shape takes the source's (same shape, new
// element type), so an i32 index tile seen as u32 keeps its tail.
TEST(TileLibReshape, CarriesTheValidShape) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Signed =
      Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  using Unsigned =
      Tile<TileType::Vec, uint32_t, 1, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  Signed idx(1, 40);
  Unsigned bits;
  TASSIGN(idx, 0);
  TRESHAPE(bits, idx);
  EXPECT_EQ(bits.GetValidRow(), 1);
  EXPECT_EQ(bits.GetValidCol(), 40);
}

TEST(TileLibTrans, ShapeError) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "tr_kernel");
  RM<float> a(4, 8), b(4, 8);
  TASSIGN(a, 0);
  TASSIGN(b, 8192);
  EXPECT_EQ(errorOf([&] { TTRANS(b, a, a); }),
            "kernel 'tr_kernel': TTRANS: dst valid shape 4x8 is not the "
            "transpose of src 4x8");
}

//===----------------------------------------------------------------------===//
// TFILLPAD
//===----------------------------------------------------------------------===//

template <typename T> T expectedPad(PadValue p) {
  if (p == PadValue::Zero)
    return refRound<T>(0.0);
  if constexpr (isFloat<T>) {
    const double inf = std::numeric_limits<double>::infinity();
    return refRoundMode<T>(p == PadValue::Max ? inf : -inf,
                           RoundMode::CAST_RINT);
  } else {
    return p == PadValue::Max ? std::numeric_limits<T>::max()
                              : std::numeric_limits<T>::lowest();
  }
}

template <typename T, PadValue P, BLayout B, SLayout SL>
void fillPadCase(int vr, int vc, uint64_t seed, bool inPlace) {
  using D = Tile<TileType::Vec, T, 32, 32, B, -1, -1, SL, 512, P>;
  D src(vr, vc), dst(vr, vc);
  TASSIGN(src, 0);
  TASSIGN(dst, inPlace ? 0 : 16384);
  Rng rng(seed);
  fillRandom(src, rng);
  if (!inPlace)
    fillRandom(dst, rng);
  std::vector<T> in, old;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      in.push_back(src.at(r, c));
      old.push_back(dst.at(r, c));
    }
  if (inPlace)
    TFILLPAD_INPLACE(dst, src);
  else
    TFILLPAD(dst, src);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      const bool valid = r < vr && c < vc;
      const T want =
          valid ? in[r * 32 + c]
                : (P == PadValue::Null ? old[r * 32 + c] : expectedPad<T>(P));
      ASSERT_TRUE(sameValue(dst.at(r, c), want))
          << "pad " << int(P) << " at " << r << "," << c << ": "
          << show(dst.at(r, c));
    }
}

template <typename T, BLayout B, SLayout SL>
void fillPadAllValues(uint64_t seed) {
  fillPadCase<T, PadValue::Zero, B, SL>(10, 13, seed, false);
  fillPadCase<T, PadValue::Max, B, SL>(32, 5, seed + 1, false);
  fillPadCase<T, PadValue::Min, B, SL>(0, 0, seed + 2, true);
  fillPadCase<T, PadValue::Null, B, SL>(17, 17, seed + 3, false);
  fillPadCase<T, PadValue::Max, B, SL>(31, 32, seed + 4, true);
}

TYPED_TEST(TileLibLayoutTyped, FillPad) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  fillPadAllValues<T, BLayout::RowMajor, SLayout::NoneBox>(1);
  fillPadAllValues<T, BLayout::ColMajor, SLayout::NoneBox>(10);
  fillPadAllValues<T, BLayout::ColMajor, SLayout::RowMajor>(20);
}

TEST(TileLibFillPad, ExpandExplicitPadAndLayouts) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Src = Tile<TileType::Vec, half, 16, 16, BLayout::RowMajor, -1, -1>;
  using Dst = Tile<TileType::Vec, half, 32, 48, BLayout::ColMajor, -1, -1,
                   SLayout::RowMajor, 512, PadValue::Min>;
  Src s(12, 9);
  Dst d(12, 9);
  TASSIGN(s, 0);
  TASSIGN(d, 4096);
  Rng rng(3);
  fillRandom(s, rng);
  TFILLPAD_EXPAND(d, s);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 48; ++c)
      ASSERT_EQ(toD(d.at(r, c)),
                (r < 12 && c < 9) ? toD(s.at(r, c)) : -INFINITY);
  // An explicit pad value overrides the tile's (Null) one.
  RM<int16_t> t(3, 4);
  TASSIGN(t, 8192);
  fillRandom(t, rng);
  const int16_t keep = t.at(2, 3);
  TFILLPAD<RM<int16_t>, PadValue::Max>(t, t);
  EXPECT_EQ(t.at(2, 3), keep);
  EXPECT_EQ(t.at(2, 4), 32767);
  EXPECT_EQ(t.at(31, 31), 32767);
}

//===----------------------------------------------------------------------===//
// TGATHER
//===----------------------------------------------------------------------===//

template <typename D, typename S, typename I>
void gatherCase(int vr, int vc, uint64_t seed) {
  S src(S::Rows, S::Cols);
  I idx(vr, vc);
  D dst(vr, vc);
  TASSIGN(src, 0);
  TASSIGN(idx, 16384);
  TASSIGN(dst, 32768);
  Rng rng(seed);
  fillRandom(src, rng);
  fillRandom(dst, rng);
  const int numel = S::Rows * S::Cols;
  fillWith(idx, [&] {
    return static_cast<typename I::DType>(rng.range(0, numel - 1));
  });
  const auto before = snapshot(dst);
  TGATHER(dst, src, idx);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c) {
      const int k = static_cast<int>(idx.at(r, c));
      ASSERT_TRUE(sameValue(dst.at(r, c), src.at(k / S::Cols, k % S::Cols)))
          << r << "," << c;
    }
  EXPECT_TRUE(outsideUntouched(dst, before, vr, vc));
}

TYPED_TEST(TileLibLayoutTyped, GatherByFlatIndex) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  gatherCase<RM<T>, RM<T>, RM<int32_t>>(32, 32, 1);
  gatherCase<RM<T>, NZ<T>, RM<uint32_t>>(5, 17, 2);
  gatherCase<CM<T>, ZN<T>, CM<int16_t>>(20, 3, 3);
  gatherCase<NZ<T>, CM<T>, RM<uint16_t>>(0, 4, 4);
  // The tmp form; gathering within each row (indices r * Cols + j).
  using S = Tile<TileType::Vec, T, 4, 32>;
  using Iv = Tile<TileType::Vec, int32_t, 4, 32, BLayout::RowMajor, -1, -1>;
  using D = Tile<TileType::Vec, T, 4, 32, BLayout::RowMajor, -1, -1>;
  S s;
  Iv ix(4, 8);
  D d(4, 8);
  TASSIGN(s, 0);
  TASSIGN(ix, 4096);
  TASSIGN(d, 8192);
  Rng rng(7);
  fillRandom(s, rng);
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      ix.at(r, j) = r * 32 + (31 - 3 * j);
  TGATHER(d, s, ix, ix);
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      ASSERT_TRUE(sameValue(d.at(r, j), s.at(r, 31 - 3 * j)));
}

// The mask form splits sorted (value, index) pairs: even columns are the f32
// values, odd columns the index bits, read back as i32.
TEST(TileLibGather, MaskPatterns) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Src = Tile<TileType::Vec, float, 2, 64>;
  using Vals = Tile<TileType::Vec, float, 2, 16, BLayout::RowMajor, -1, -1>;
  using Idx = Tile<TileType::Vec, int32_t, 2, 16, BLayout::RowMajor, -1, -1>;
  Src s;
  Vals v(2, 16);
  Idx ix(2, 16);
  TASSIGN(s, 0);
  TASSIGN(v, 1024);
  TASSIGN(ix, 2048);
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 32; ++k) {
      s.at(r, 2 * k) = 0.5f * float(k) - float(r);
      const int32_t index = 100 * r + 31 - k;
      std::memcpy(&s.at(r, 2 * k + 1), &index, sizeof index);
    }
  TGATHER<Vals, Src, MaskPattern::P0101>(v, s);
  TGATHER<Idx, Src, MaskPattern::P1010>(ix, s);
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 16; ++k) {
      ASSERT_EQ(v.at(r, k), 0.5f * float(k) - float(r)) << r << "," << k;
      ASSERT_EQ(ix.at(r, k), 100 * r + 31 - k) << r << "," << k;
    }
  // One column of each group of four, and every column.
  Tile<TileType::Vec, float, 2, 16, BLayout::RowMajor, -1, -1> q(2, 16),
      all(2, 16);
  TASSIGN(q, 4096);
  TASSIGN(all, 8192);
  TGATHER<decltype(q), Src, MaskPattern::P1000>(q, s);
  TGATHER<decltype(all), Src, MaskPattern::P1111>(all, s);
  for (int k = 0; k < 16; ++k) {
    int32_t bits;
    std::memcpy(&bits, &q.at(1, k), sizeof bits);
    ASSERT_EQ(bits, 100 + 31 - (4 * k + 3) / 2) << k;
    ASSERT_EQ(all.at(0, k), s.at(0, k)) << k;
  }
}

TEST(TileLibGather, MaskErrors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "g_kernel");
  Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1> s(1, 8);
  Tile<TileType::Vec, float, 1, 8> d;
  TASSIGN(s, 0);
  TASSIGN(d, 1024);
  EXPECT_EQ(errorOf([&] {
              TGATHER<decltype(d), decltype(s), MaskPattern::P0101>(d, s);
            }),
            "kernel 'g_kernel': TGATHER: the mask selects 4 of the 8 src "
            "columns, dst needs 8");
}

TEST(TileLibGather, Errors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "g_kernel");
  RM<float> s(32, 32), d(2, 2);
  RM<int32_t> ix(2, 2), ix3(2, 3);
  TASSIGN(s, 0);
  TASSIGN(d, 8192);
  TASSIGN(ix, 16384);
  TASSIGN(ix3, 24576);
  ix.at(0, 0) = 0;
  ix.at(0, 1) = 1024;
  ix.at(1, 0) = 5;
  ix.at(1, 1) = -1;
  EXPECT_EQ(errorOf([&] { TGATHER(d, s, ix); }),
            "kernel 'g_kernel': TGATHER: index 1024 at (0, 1) is outside the "
            "valid 32x32 of the 32x32 src tile");
  // Inside the storage but past the valid columns: no data there.
  RM<float> narrow(32, 20);
  TASSIGN(narrow, 32768);
  ix.at(0, 1) = 21;
  ix.at(1, 1) = 3;
  EXPECT_EQ(errorOf([&] { TGATHER(d, narrow, ix); }),
            "kernel 'g_kernel': TGATHER: index 21 at (0, 1) is outside the "
            "valid 32x20 of the 32x32 src tile");
  EXPECT_TRUE(
      contains(errorOf([&] { TGATHER(d, s, ix3); }),
               "TGATHER: valid shape of indices (2x3) differs from dst (2x2)"));
}

} // namespace

// TSCATTER (index form): storage offsets into dst, in row-major order of
// the indexes (a later write of an offset wins), the rest of dst kept;
// against a scalar reference.
TEST(TileLibScatter, ByFlatIndex) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using D = Tile<TileType::Vec, float, 4, 24, BLayout::RowMajor, -1, -1>;
  using S = Tile<TileType::Vec, float, 4, 8>;
  using I = Tile<TileType::Vec, int32_t, 4, 8>;
  D d(4, 20);
  S s;
  I ix;
  TASSIGN(d, 0);
  TASSIGN(s, 4096);
  TASSIGN(ix, 8192);
  Rng rng(11);
  fillRandom(d, rng);
  fillRandom(s, rng);
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      ix.at(r, j) = r * 24 + (j * 7) % 20;
  ix.at(2, 5) = ix.at(2, 1); // the later element stays
  std::vector<float> expected(4 * 24);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 20; ++c)
      expected[r * 24 + c] = d.at(r, c);
  for (int r = 0; r < 4; ++r)
    for (int j = 0; j < 8; ++j)
      expected[ix.at(r, j)] = s.at(r, j);
  TSCATTER(d, s, ix);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 20; ++c)
      ASSERT_EQ(d.at(r, c), expected[r * 24 + c]) << r << "," << c;
}

TEST(TileLibScatter, Errors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "s_kernel");
  using D = Tile<TileType::Vec, float, 4, 24, BLayout::RowMajor, -1, -1>;
  using S = Tile<TileType::Vec, float, 1, 8>;
  using I = Tile<TileType::Vec, int32_t, 1, 8>;
  D d(4, 20);
  S s;
  I ix;
  TASSIGN(d, 0);
  TASSIGN(s, 4096);
  TASSIGN(ix, 8192);
  for (int j = 0; j < 8; ++j)
    ix.at(0, j) = j;
  ix.at(0, 3) = 21; // past the valid columns of row 0
  EXPECT_EQ(errorOf([&] { TSCATTER(d, s, ix); }),
            "kernel 's_kernel': TSCATTER: index 21 at (0, 3) is outside the "
            "valid 4x20 of the 4x24 dst tile");
  ix.at(0, 3) = -1;
  EXPECT_EQ(errorOf([&] { TSCATTER(d, s, ix); }),
            "kernel 's_kernel': TSCATTER: index -1 at (0, 3) is outside the "
            "valid 4x20 of the 4x24 dst tile");
}
