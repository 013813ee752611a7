//===- TileLibCvtTest.cpp - TCVT rounding modes, saturation and layouts ---===//
//
// Every RoundMode on crafted values (ties, negatives, overflow, subnormals),
// random values against an independent bit-pattern-search reference, integer
// saturation and wrap-around, partial valid shapes, layouts and aliasing.
// Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime unittests/Runtime/TileLibCvtTest.cpp
//       -lgtest -lgtest_main -pthread
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

constexpr RoundMode kModes[] = {RoundMode::CAST_RINT,  RoundMode::CAST_ROUND, RoundMode::CAST_FLOOR,
                                RoundMode::CAST_CEIL,  RoundMode::CAST_TRUNC, RoundMode::CAST_ODD,
                                RoundMode::CAST_NONE};

const char* modeName(RoundMode m) {
  switch (m) {
  case RoundMode::CAST_RINT: return "RINT";
  case RoundMode::CAST_ROUND: return "ROUND";
  case RoundMode::CAST_FLOOR: return "FLOOR";
  case RoundMode::CAST_CEIL: return "CEIL";
  case RoundMode::CAST_TRUNC: return "TRUNC";
  case RoundMode::CAST_ODD: return "ODD";
  case RoundMode::CAST_NONE: return "NONE";
  }
  return "?";
}

// Converts xs (one row of a 1 x N tile) and returns dst's row.
template <typename TD, typename TS>
std::vector<TD> convertRow(const std::vector<TS>& xs, RoundMode mode, int sat = -1) {
  using S = Tile<TileType::Vec, TS, 1, 256, BLayout::RowMajor, -1, -1>;
  using D = Tile<TileType::Vec, TD, 1, 256, BLayout::RowMajor, -1, -1>;
  const int n = static_cast<int>(xs.size());
  S s(1, n);
  D d(1, n);
  TASSIGN(s, 0);
  TASSIGN(d, 4096);
  for (int i = 0; i < n; ++i)
    s.at(0, i) = xs[i];
  if (sat < 0)
    TCVT(d, s, mode);
  else
    TCVT(d, s, mode, sat ? SaturationMode::ON : SaturationMode::OFF);
  std::vector<TD> out;
  for (int i = 0; i < n; ++i)
    out.push_back(d.at(0, i));
  return out;
}

//===----------------------------------------------------------------------===//
// float -> int
//===----------------------------------------------------------------------===//

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

TEST(TileLibCvt, FloatToInt32EveryMode) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const std::vector<float> xs = {2.5f, 3.5f, -2.5f, -3.5f, 2.4f, -2.6f, 0.5f, -0.5f,
                                 1.0f, -1.0f, 2.7f, -0.3f, 1e10f, -1e10f, kNaN, 0.0f,
                                 kInf, -kInf, 2147483520.0f, -2147483648.0f};
  const int32_t mx = std::numeric_limits<int32_t>::max(), mn = std::numeric_limits<int32_t>::min();
  const std::vector<int32_t> rint = {2, 4, -2, -4, 2, -3, 0, 0, 1, -1, 3, 0, mx, mn, 0, 0, mx, mn,
                                     2147483520, mn};
  const std::vector<int32_t> round = {3, 4, -3, -4, 2, -3, 1, -1, 1, -1, 3, 0, mx, mn, 0, 0, mx, mn,
                                      2147483520, mn};
  const std::vector<int32_t> floor = {2, 3, -3, -4, 2, -3, 0, -1, 1, -1, 2, -1, mx, mn, 0, 0, mx, mn,
                                      2147483520, mn};
  const std::vector<int32_t> ceil = {3, 4, -2, -3, 3, -2, 1, 0, 1, -1, 3, 0, mx, mn, 0, 0, mx, mn,
                                     2147483520, mn};
  const std::vector<int32_t> trunc = {2, 3, -2, -3, 2, -2, 0, 0, 1, -1, 2, 0, mx, mn, 0, 0, mx, mn,
                                      2147483520, mn};
  const std::vector<int32_t> odd = {3, 3, -3, -3, 3, -3, 1, -1, 1, -1, 3, -1, mx, mn, 0, 0, mx, mn,
                                    2147483520, mn};
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_RINT)), rint);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_NONE)), rint);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_ROUND)), round);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_FLOOR)), floor);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_CEIL)), ceil);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_TRUNC)), trunc);
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_ODD)), odd);
}

TEST(TileLibCvt, FloatToNarrowIntsSaturate) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const std::vector<float> xs = {126.5f, 127.5f, -128.5f, -129.0f, 200.0f, -200.0f, 254.5f,
                                 255.5f, 300.0f, -0.5f, -1.0f, 40000.0f, -40000.0f, 32767.5f};
  EXPECT_EQ((convertRow<int8_t>(xs, RoundMode::CAST_RINT)),
            (std::vector<int8_t>{126, 127, -128, -128, 127, -128, 127, 127, 127, 0, -1, 127, -128, 127}));
  EXPECT_EQ((convertRow<int8_t>(xs, RoundMode::CAST_TRUNC)),
            (std::vector<int8_t>{126, 127, -128, -128, 127, -128, 127, 127, 127, 0, -1, 127, -128, 127}));
  EXPECT_EQ((convertRow<uint8_t>(xs, RoundMode::CAST_RINT)),
            (std::vector<uint8_t>{126, 128, 0, 0, 200, 0, 254, 255, 255, 0, 0, 255, 0, 255}));
  EXPECT_EQ((convertRow<uint8_t>(xs, RoundMode::CAST_CEIL)),
            (std::vector<uint8_t>{127, 128, 0, 0, 200, 0, 255, 255, 255, 0, 0, 255, 0, 255}));
  EXPECT_EQ((convertRow<int16_t>(xs, RoundMode::CAST_ROUND)),
            (std::vector<int16_t>{127, 128, -129, -129, 200, -200, 255, 256, 300, -1, -1, 32767,
                                  -32768, 32767}));
  EXPECT_EQ((convertRow<int16_t>(xs, RoundMode::CAST_FLOOR)),
            (std::vector<int16_t>{126, 127, -129, -129, 200, -200, 254, 255, 300, -1, -1, 32767,
                                  -32768, 32767}));
  // Half and bf16 sources take the same path.
  const std::vector<half> hs = {half(2.5f), half(-3.5f), half(65504.0f), half(-0.75f)};
  EXPECT_EQ((convertRow<int8_t>(hs, RoundMode::CAST_RINT)), (std::vector<int8_t>{2, -4, 127, -1}));
  EXPECT_EQ((convertRow<int32_t>(hs, RoundMode::CAST_ODD)), (std::vector<int32_t>{3, -3, 65504, -1}));
  const std::vector<bfloat16_t> bs = {bfloat16_t(2.5f), bfloat16_t(-1.5f), bfloat16_t(1e20f)};
  EXPECT_EQ((convertRow<int16_t>(bs, RoundMode::CAST_ROUND)), (std::vector<int16_t>{3, -2, 32767}));
}

TEST(TileLibCvt, FloatToIntWrapsWithSaturationOff) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const std::vector<float> xs = {300.0f, -1.0f, 255.6f, 1e10f, -129.0f, kNaN};
  EXPECT_EQ((convertRow<uint8_t>(xs, RoundMode::CAST_RINT, 0)),
            (std::vector<uint8_t>{44, 255, 0, 0, 127, 0}));
  EXPECT_EQ((convertRow<int32_t>(xs, RoundMode::CAST_TRUNC, 0)),
            (std::vector<int32_t>{300, -1, 255, 1410065408, -129, 0}));
  EXPECT_EQ((convertRow<uint8_t>(xs, RoundMode::CAST_RINT, 1)),
            (std::vector<uint8_t>{255, 0, 255, 255, 0, 0}));
}

//===----------------------------------------------------------------------===//
// float -> float
//===----------------------------------------------------------------------===//

template <typename TD>
void expectFloatRow(const std::vector<TD>& got, const std::vector<double>& want,
                    const char* what) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(toD(got[i]))) << what << " #" << i;
    } else {
      EXPECT_TRUE(toD(got[i]) == want[i] && std::signbit(toD(got[i])) == std::signbit(want[i]))
          << what << " #" << i << ": got " << toD(got[i]) << " want " << want[i];
    }
  }
}

TEST(TileLibCvt, F32ToF16CraftedEveryMode) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const double u = std::ldexp(1.0, -10); // ulp of 1 in f16
  const double inf = std::numeric_limits<double>::infinity();
  const double sub = std::ldexp(1.0, -24); // smallest f16 subnormal
  const std::vector<float> xs = {
      float(1 + u / 2),     // tie between 1 and 1+u (1 even)
      float(1 + 3 * u / 2), // tie between 1+u and 1+2u (1+2u even)
      float(1 + u / 4),     // below the tie
      float(-(1 + u / 2)),  // negative tie
      float(-(1 + u / 4)),
      70000.0f, -70000.0f, 65519.0f, 65520.0f,
      float(sub / 2), float(-sub / 2), float(sub / 4), float(3 * sub / 2),
      kInf, -kInf, kNaN, 0.0f, -0.0f, 1.0f};
  struct Row {
    RoundMode mode;
    std::vector<double> want;
  };
  const std::vector<Row> rows = {
      {RoundMode::CAST_RINT,
       {1, 1 + 2 * u, 1, -1, -1, inf, -inf, 65504, inf, 0, -0.0, 0, 2 * sub, inf, -inf, NAN, 0,
        -0.0, 1}},
      {RoundMode::CAST_ROUND,
       {1 + u, 1 + 2 * u, 1, -(1 + u), -1, inf, -inf, 65504, inf, sub, -sub, 0, 2 * sub, inf,
        -inf, NAN, 0, -0.0, 1}},
      {RoundMode::CAST_FLOOR,
       {1, 1 + u, 1, -(1 + u), -(1 + u), 65504, -inf, 65504, 65504, 0, -sub, 0, sub, inf, -inf,
        NAN, 0, -0.0, 1}},
      {RoundMode::CAST_CEIL,
       {1 + u, 1 + 2 * u, 1 + u, -1, -1, inf, -65504, inf, inf, sub, -0.0, sub, 2 * sub, inf, -inf,
        NAN, 0, -0.0, 1}},
      {RoundMode::CAST_TRUNC,
       {1, 1 + u, 1, -1, -1, 65504, -65504, 65504, 65504, 0, -0.0, 0, sub, inf, -inf, NAN, 0,
        -0.0, 1}},
      {RoundMode::CAST_ODD,
       {1 + u, 1 + u, 1 + u, -(1 + u), -(1 + u), 65504, -65504, 65504, 65504, sub, -sub, sub, sub,
        inf, -inf, NAN, 0, -0.0, 1}},
  };
  for (const Row& row : rows) {
    expectFloatRow(convertRow<half>(xs, row.mode), row.want, modeName(row.mode));
    // The independent reference agrees with the table.
    for (size_t i = 0; i < xs.size(); ++i) {
      if (!std::isnan(xs[i])) {
        EXPECT_EQ(toD(refRoundMode<half>(xs[i], row.mode)), row.want[i])
            << modeName(row.mode) << " #" << i;
      }
    }
  }
  // SaturationMode::ON clamps to the finite range (infinities included).
  expectFloatRow(convertRow<half>(std::vector<float>{70000.0f, -kInf, 65520.0f, 1.5f},
                                  RoundMode::CAST_RINT, 1),
                 {65504, -65504, 65504, 1.5}, "RINT sat");
}

TEST(TileLibCvt, F32ToBf16CraftedEveryMode) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const double u = std::ldexp(1.0, -7);
  const double big = toD(bfloat16_t::fromBits(0x7f7f)); // largest finite bf16
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<float> xs = {float(1 + u / 2), float(1 + 3 * u / 2), float(-(1 + u / 2)),
                                 float(1 + u / 8), std::numeric_limits<float>::max(), 3.0e38f,
                                 -std::numeric_limits<float>::max()};
  const double fmax = std::numeric_limits<float>::max();
  (void)fmax;
  const std::vector<std::pair<RoundMode, std::vector<double>>> rows = {
      {RoundMode::CAST_RINT, {1, 1 + 2 * u, -1, 1, inf, toD(bfloat16_t(3.0e38f)), -inf}},
      {RoundMode::CAST_ROUND, {1 + u, 1 + 2 * u, -(1 + u), 1, inf, toD(bfloat16_t(3.0e38f)), -inf}},
      {RoundMode::CAST_FLOOR, {1, 1 + u, -(1 + u), 1, big, 2.9907629905160607e38, -inf}},
      {RoundMode::CAST_CEIL, {1 + u, 1 + 2 * u, -1, 1 + u, inf, 3.00405527047391e38, -big}},
      {RoundMode::CAST_TRUNC, {1, 1 + u, -1, 1, big, 2.9907629905160607e38, -big}},
      {RoundMode::CAST_ODD, {1 + u, 1 + u, -(1 + u), 1 + u, big, 2.9907629905160607e38, -big}},
  };
  for (const auto& [mode, want] : rows) {
    expectFloatRow(convertRow<bfloat16_t>(xs, mode), want, modeName(mode));
    for (size_t i = 0; i < xs.size(); ++i)
      EXPECT_EQ(toD(refRoundMode<bfloat16_t>(xs[i], mode)), want[i]) << modeName(mode) << " #" << i;
  }
}

// Random f32 bit patterns (normal, subnormal and overflowing ranges of the target).
template <typename TD>
void randomNarrowing(int minExp, int maxExp, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> xs;
  for (int i = 0; i < 256; ++i) {
    const int e = static_cast<int>(rng.range(minExp, maxExp));
    const uint32_t mant = rng.next() & 0x7fffffu;
    const uint32_t bits = ((rng.next() & 1u) << 31) | (uint32_t(e + 127) << 23) | mant;
    xs.push_back(bitsFloat(bits));
  }
  for (RoundMode mode : kModes) {
    const auto got = convertRow<TD>(xs, mode);
    for (size_t i = 0; i < xs.size(); ++i)
      ASSERT_TRUE(sameValue(got[i], refRoundMode<TD>(xs[i], mode)))
          << modeName(mode) << ": " << xs[i] << " -> " << toD(got[i]) << " want "
          << toD(refRoundMode<TD>(xs[i], mode));
  }
}

TEST(TileLibCvt, RandomF32ToF16AndBf16MatchReference) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    randomNarrowing<half>(-27, 16, seed);        // subnormals .. overflow
    randomNarrowing<bfloat16_t>(-126, 127, seed); // normal range
  }
}

TEST(TileLibCvt, HalfBf16CrossAndWidening) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Rng rng(3);
  std::vector<half> hs;
  std::vector<bfloat16_t> bs;
  for (int i = 0; i < 256; ++i) {
    uint16_t h = uint16_t(rng.next());
    if ((h & 0x7c00) == 0x7c00)
      h &= 0xbfff; // no inf/NaN
    hs.push_back(bitsHalf(h));
    uint16_t b = uint16_t(rng.next());
    if ((b & 0x7f80) == 0x7f80)
      b &= 0xbfff;
    bs.push_back(bfloat16_t::fromBits(b));
  }
  for (RoundMode mode : kModes) {
    const auto hb = convertRow<bfloat16_t>(hs, mode);
    const auto bh = convertRow<half>(bs, mode);
    const auto hf = convertRow<float>(hs, mode);
    const auto bf = convertRow<float>(bs, mode);
    for (size_t i = 0; i < hs.size(); ++i) {
      ASSERT_TRUE(sameValue(hb[i], refRoundMode<bfloat16_t>(toD(hs[i]), mode))) << modeName(mode);
      ASSERT_TRUE(sameValue(bh[i], refRoundMode<half>(toD(bs[i]), mode)))
          << modeName(mode) << " " << toD(bs[i]) << " -> " << toD(bh[i]);
      ASSERT_EQ(toD(hf[i]), toD(hs[i])); // widening is exact
      ASSERT_EQ(toD(bf[i]), toD(bs[i]));
    }
  }
}

//===----------------------------------------------------------------------===//
// int -> float, int -> int
//===----------------------------------------------------------------------===//

TEST(TileLibCvt, IntToFloatEveryMode) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const int32_t p24 = 1 << 24;
  const std::vector<int32_t> xs = {16777217, -16777217, 16777219, 2147483647, -7, 0,
                                   p24 + (1 << 16) + 1, 65519, 65520, 70000};
  for (RoundMode mode : kModes) {
    const auto f = convertRow<float>(xs, mode);
    const auto b = convertRow<bfloat16_t>(xs, mode);
    const auto h = convertRow<half>(xs, mode);
    for (size_t i = 0; i < xs.size(); ++i) {
      EXPECT_TRUE(sameValue(f[i], refRoundMode<float>(xs[i], mode))) << modeName(mode) << " " << xs[i];
      EXPECT_TRUE(sameValue(b[i], refRoundMode<bfloat16_t>(xs[i], mode)))
          << modeName(mode) << " " << xs[i] << " -> " << toD(b[i]);
      EXPECT_TRUE(sameValue(h[i], refRoundMode<half>(xs[i], mode))) << modeName(mode) << " " << xs[i];
    }
  }
  // Spot checks of the table.
  EXPECT_EQ(convertRow<float>(xs, RoundMode::CAST_RINT)[0], 16777216.0f);
  EXPECT_EQ(convertRow<float>(xs, RoundMode::CAST_CEIL)[0], 16777218.0f);
  EXPECT_EQ(convertRow<float>(xs, RoundMode::CAST_ODD)[0], 16777218.0f);
  EXPECT_EQ(convertRow<float>(xs, RoundMode::CAST_ROUND)[1], -16777218.0f);
  EXPECT_EQ(convertRow<float>(xs, RoundMode::CAST_RINT)[2], 16777220.0f);
  // Single rounding: 2^24 + 2^16 + 1 is above the bf16 tie, so it rounds up.
  EXPECT_EQ(convertRow<bfloat16_t>(xs, RoundMode::CAST_RINT)[6].toFloat(), float(p24 + (1 << 17)));
  EXPECT_TRUE(std::isinf(toD(convertRow<half>(xs, RoundMode::CAST_RINT)[8])));
  EXPECT_EQ(toD(convertRow<half>(xs, RoundMode::CAST_TRUNC)[9]), 65504.0);
  // Small integer types widen exactly.
  const std::vector<int8_t> i8 = {-128, -1, 0, 127};
  const std::vector<uint8_t> u8 = {0, 1, 200, 255};
  const std::vector<int16_t> i16 = {-32768, -3, 2049, 32767};
  expectFloatRow(convertRow<half>(i8, RoundMode::CAST_RINT), {-128, -1, 0, 127}, "i8->f16");
  expectFloatRow(convertRow<half>(u8, RoundMode::CAST_RINT), {0, 1, 200, 255}, "u8->f16");
  expectFloatRow(convertRow<float>(i16, RoundMode::CAST_RINT), {-32768, -3, 2049, 32767}, "i16->f32");
  expectFloatRow(convertRow<half>(i16, RoundMode::CAST_RINT), {-32768, -3, 2048, 32768}, "i16->f16");
  expectFloatRow(convertRow<half>(i16, RoundMode::CAST_ODD), {-32768, -3, 2050, 32752}, "i16->f16 odd");
}

TEST(TileLibCvt, IntToIntSaturatesOrWraps) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const std::vector<int32_t> xs = {-1, 0, 127, 128, 255, 256, -129, 40000, -40000, 70000};
  EXPECT_EQ(convertRow<int8_t>(xs, RoundMode::CAST_RINT),
            (std::vector<int8_t>{-1, 0, 127, 127, 127, 127, -128, 127, -128, 127}));
  EXPECT_EQ(convertRow<uint8_t>(xs, RoundMode::CAST_NONE),
            (std::vector<uint8_t>{0, 0, 127, 128, 255, 255, 0, 255, 0, 255}));
  EXPECT_EQ(convertRow<int16_t>(xs, RoundMode::CAST_RINT),
            (std::vector<int16_t>{-1, 0, 127, 128, 255, 256, -129, 32767, -32768, 32767}));
  EXPECT_EQ(convertRow<uint8_t>(xs, RoundMode::CAST_RINT, 0),
            (std::vector<uint8_t>{255, 0, 127, 128, 255, 0, 127, 64, 192, 112}));
  EXPECT_EQ(convertRow<int16_t>(xs, RoundMode::CAST_RINT, 0),
            (std::vector<int16_t>{-1, 0, 127, 128, 255, 256, -129, -25536, 25536, 4464}));
  const std::vector<uint8_t> u8 = {0, 127, 128, 255};
  EXPECT_EQ(convertRow<int8_t>(u8, RoundMode::CAST_RINT), (std::vector<int8_t>{0, 127, 127, 127}));
  const std::vector<int8_t> i8 = {-128, -5, 0, 5};
  EXPECT_EQ(convertRow<uint8_t>(i8, RoundMode::CAST_RINT), (std::vector<uint8_t>{0, 0, 0, 5}));
  EXPECT_EQ(convertRow<int32_t>(i8, RoundMode::CAST_RINT), (std::vector<int32_t>{-128, -5, 0, 5}));
  EXPECT_EQ(convertRow<int16_t>(u8, RoundMode::CAST_RINT), (std::vector<int16_t>{0, 127, 128, 255}));
}

//===----------------------------------------------------------------------===//
// Layouts, partial valid shapes, aliasing, errors
//===----------------------------------------------------------------------===//

template <typename D, typename S>
void layoutCase(int vr, int vc, RoundMode mode, uint64_t seed) {
  using TS = typename S::DType;
  using TD = typename D::DType;
  S s(vr, vc);
  D d(vr, vc);
  TASSIGN(s, 65536); // clear of convertRow's tiles
  TASSIGN(d, 73728);
  Rng rng(seed);
  fillWith(s, [&] { return refRound<TS>(rng.uniform(-100.0, 100.0)); });
  fillRandom(d, rng);
  const auto before = snapshot(d);
  std::vector<TD> e;
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      e.push_back(convertRow<TD>(std::vector<TS>{s.at(r, c)}, mode)[0]);
  TCVT(d, s, mode);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(d.at(r, c), e[r * vc + c])) << r << "," << c;
  EXPECT_TRUE(outsideUntouched(d, before, vr, vc));
}

TEST(TileLibCvt, LayoutsAndPartialValidShapes) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  layoutCase<RM<half>, NZ<float>>(23, 17, RoundMode::CAST_RINT, 1);
  layoutCase<ZN<int32_t>, CM<float>>(32, 32, RoundMode::CAST_FLOOR, 2);
  layoutCase<CM<bfloat16_t>, RM<half>>(5, 31, RoundMode::CAST_ODD, 3);
  layoutCase<NZ<int8_t>, ZN<half>>(17, 9, RoundMode::CAST_ROUND, 4);
  layoutCase<RM<float>, NZ<uint8_t>>(30, 30, RoundMode::CAST_RINT, 5);
  layoutCase<RM<int16_t>, RM<int32_t>>(0, 7, RoundMode::CAST_RINT, 6);
  // The tmp forms.
  RM<float> s(4, 8);
  RM<half> d(4, 8);
  TASSIGN(s, 0);
  TASSIGN(d, 8192);
  for (int c = 0; c < 8; ++c)
    for (int r = 0; r < 4; ++r)
      s.at(r, c) = 1.0f + float(c) / 1024.0f + 1.0f / 4096.0f;
  TCVT(d, s, s, RoundMode::CAST_CEIL);
  EXPECT_EQ(static_cast<float>(d.at(1, 0)), 1.0f + 1.0f / 1024.0f);
  TCVT(d, s, s, RoundMode::CAST_FLOOR, SaturationMode::ON);
  EXPECT_EQ(static_cast<float>(d.at(1, 0)), 1.0f);
}

TEST(TileLibCvt, InPlaceAndOverlapping) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // Same storage, same layout and element size: f32 -> i32 in place.
  RM<float> f(9, 30);
  RM<int32_t> i(9, 30);
  TASSIGN(f, 0);
  TASSIGN(i, 0);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 30; ++c)
      f.at(r, c) = float(r * 30 + c) + 0.5f;
  TCVT(i, f, RoundMode::CAST_RINT);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 30; ++c) {
      const int v = r * 30 + c;
      ASSERT_EQ(i.at(r, c), (v % 2) ? v + 1 : v);
    }
  // f32 -> f16 into the first half of the same bytes (different element offsets).
  RM<float> g(32, 32);
  RM<half> h(32, 32);
  TASSIGN(g, 0);
  TASSIGN(h, 0);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      g.at(r, c) = float(r) - float(c) / 8.0f;
  std::vector<float> want;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      want.push_back(g.at(r, c));
  TCVT(h, g, RoundMode::CAST_RINT);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_EQ(static_cast<float>(h.at(r, c)), want[r * 32 + c]);
}

TEST(TileLibCvt, MismatchedValidShapes) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "cvt_kernel");
  RM<float> s(8, 8);
  RM<half> d(8, 9);
  TASSIGN(s, 0);
  TASSIGN(d, 8192);
  EXPECT_EQ(errorOf([&] { TCVT(d, s, RoundMode::CAST_RINT); }),
            "kernel 'cvt_kernel': TCVT: valid shape of src (8x8) differs from dst (8x9)");
}

} // namespace
