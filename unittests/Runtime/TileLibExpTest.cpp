//===- TileLibExpTest.cpp - TEXP against the host's expf, bit for bit -----===//
//
// TEXP runs on vectors (pto/expf.hpp) yet must give the host's expf's bits
// for every input. PYPTO_EXP_STRIDE sets how many f32 inputs the sweep
// checks: every stride-th bit pattern (default 257, 16.7 million); 1
// checks all 2^32 (about a minute).
//
//===----------------------------------------------------------------------===//

#include "TileLibTestUtil.h"

#include <pto/expf.hpp>
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

using namespace pto;

namespace {

using tltest::bitsFloat;
using tltest::floatBits;

// The same bits, or both NaN (a NaN's payload is the libm's business).
bool sameResult(float got, float want) { return tltest::sameValue(got, want); }

// The host's expf, never folded at compile time (GCC folds constant
// arguments with MPFR, correctly rounded, which glibc is not everywhere).
float hostExpf(float x) {
  volatile float v = x;
  return std::exp(float(v));
}

// Inputs that matter.
std::vector<float> notableInputs() {
  std::vector<float> in;
  const float inf = std::numeric_limits<float>::infinity();
  for (float x : {0.0f, -0.0f, 1.0f, -1.0f, 88.0f, -88.0f, 88.72f, 88.73f,
                  89.0f, -103.9f, -104.0f, -150.0f, 1e-30f, -1e-30f,
                  std::numeric_limits<float>::denorm_min(), inf, -inf,
                  std::nanf(""), -std::nanf("")})
    in.push_back(x);
  // The two inputs on which glibc's two builds differ, and inputs where its
  // expf is not correctly rounded.
  for (uint32_t u : {0x4202422fu, 0xc27c65d9u, 0x3f00b7eau, 0xbf012e2du})
    in.push_back(bitsFloat(u));
  return in;
}

// The notable inputs, then every stride-th bit pattern, handed to check in
// blocks (all 2^32 would not fit in memory at once).
template <typename Check> void forSweep(uint64_t defaultStride, Check check) {
  check(notableInputs());
  uint64_t stride = defaultStride;
  if (const char *s = std::getenv("PYPTO_EXP_STRIDE"))
    stride = std::max<uint64_t>(1, std::strtoull(s, nullptr, 10));
  std::vector<float> block;
  for (uint64_t u = 0; u < (uint64_t(1) << 32); u += stride) {
    block.push_back(bitsFloat(uint32_t(u)));
    if (block.size() == (1u << 20)) {
      check(block);
      block.clear();
    }
  }
  check(block);
}

const char *formName(detail::ExpForm form) {
  switch (form) {
  case detail::ExpForm::Fused:
    return "fused";
  case detail::ExpForm::Plain:
    return "plain";
  case detail::ExpForm::Libm:
    return "libm";
  }
  return "?";
}

} // namespace

// The form the host uses gives expf's bits on the whole sweep, out of place
// and in place, with runs whose lengths leave tails; on glibc it is one of
// the vector forms (the exp-forms lit test checks which).
TEST(TileLibExp, HostFormIsTheHostExpfBitForBit) {
  const detail::ExpForm form = detail::hostExpForm();
  std::printf("exp form: %s\n", formName(form));
#ifdef __GLIBC__
  EXPECT_NE(form, detail::ExpForm::Libm) << "glibc's expf not recognised";
#endif
  size_t wrong = 0, checked = 0;
  forSweep(257, [&](const std::vector<float> &in) {
    std::vector<float> out(in.size()), inPlace = in;
    // Runs of 1003 elements: every vector width leaves a tail.
    for (size_t i = 0; i < in.size(); i += 1003) {
      const int n = int(std::min<size_t>(1003, in.size() - i));
      detail::expRunHost(in.data() + i, out.data() + i, n);
      detail::expRunHost(inPlace.data() + i, inPlace.data() + i, n);
    }
    for (size_t i = 0; i < in.size(); ++i) {
      const float want = hostExpf(in[i]);
      if (!sameResult(out[i], want) || !sameResult(inPlace[i], want)) {
        if (++wrong <= 5)
          ADD_FAILURE() << std::hexfloat << "expf(" << in[i] << " = 0x"
                        << std::hex << floatBits(in[i]) << ") is " << want
                        << ", the " << formName(form) << " form gives "
                        << out[i] << " (in place " << inPlace[i] << ")";
      }
    }
    checked += in.size();
  });
  EXPECT_EQ(wrong, 0u) << "of " << checked << " inputs";
  std::printf("exp inputs checked: %zu\n", checked);
}

// Every width of a form gives the same bits, and the two forms differ on
// the two inputs the probes use (so the probes can tell them apart).
TEST(TileLibExp, WidthsAgreeAndTheProbesTellTheFormsApart) {
  const bool avx2 = __builtin_cpu_supports("avx2");
  const bool avx512 = __builtin_cpu_supports("avx512f");
  const bool fma = __builtin_cpu_supports("fma");
  std::vector<float> in = notableInputs();
  for (uint32_t u = 0; u < 300000; ++u)
    in.push_back(bitsFloat(u * 14303u));
  const int n = int(in.size());
  std::vector<float> sse2(n), other(n);
  detail::expRunPlainSse2(in.data(), sse2.data(), n);
  auto expectSame = [&](const char *form) {
    for (int i = 0; i < n; ++i)
      ASSERT_TRUE(sameResult(other[i], sse2[i]))
          << form << " differs from the 2-lane plain form at " << std::hexfloat
          << in[i];
  };
  if (avx2) {
    detail::expRunPlainAvx2(in.data(), other.data(), n);
    expectSame("plain AVX2");
  }
  if (avx512) {
    detail::expRunPlainAvx512(in.data(), other.data(), n);
    expectSame("plain AVX-512");
  }
  if (!(avx2 && fma))
    GTEST_SKIP() << "no FMA here: the fused forms cannot run";
  std::vector<float> fused(n), fused512(n);
  detail::expRunFusedAvx2(in.data(), fused.data(), n);
  if (avx512) {
    detail::expRunFusedAvx512(in.data(), fused512.data(), n);
    for (int i = 0; i < n; ++i)
      ASSERT_TRUE(sameResult(fused512[i], fused[i])) << std::hexfloat << in[i];
  }
  for (int i = 0; i < n; ++i) {
    const uint32_t u = floatBits(in[i]);
    const bool probe = u == 0x4202422fu || u == 0xc27c65d9u;
    EXPECT_EQ(probe, !sameResult(fused[i], sse2[i]))
        << std::hexfloat << in[i] << ": fused " << fused[i] << ", plain "
        << sse2[i];
  }
}

// TEXP through tiles: f32 rows in place and out of place with a column
// tail, a column-major tile, and f16/bf16 (computed in f32, rounded once);
// every element as expf gives it.
template <typename T, typename TileT>
void checkTexp(int rows, int cols, bool inPlace) {
  TileT src(rows, cols), dst(rows, cols);
  TASSIGN(src, 0);
  TASSIGN(dst, inPlace ? 0 : TileT::kBytes);
  const float special[] = {88.5f, -104.0f, std::nanf(""),
                           -std::numeric_limits<float>::infinity(),
                           bitsFloat(0x4202422fu)};
  std::vector<float> want(size_t(rows) * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int i = r * cols + c;
      const float x =
          i % 17 == 5 ? special[(i / 17) % 5] : float(i % 211) * 0.37f - 40.0f;
      src.at(r, c) = T(x);
      want[i] = float(T(hostExpf(float(T(x)))));
    }
  TEXP(dst, src);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_TRUE(sameResult(float(dst.at(r, c)), want[size_t(r) * cols + c]))
          << r << "," << c << ": " << float(dst.at(r, c)) << " vs "
          << want[size_t(r) * cols + c];
}

TEST(TileLibExp, TexpTilesAreExpfElementByElement) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RowF32 = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, -1>;
  using ColF32 = Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor, -1, -1>;
  using RowBf16 =
      Tile<TileType::Vec, bfloat16_t, 8, 64, BLayout::RowMajor, -1, -1>;
  using RowF16 = Tile<TileType::Vec, half, 8, 64, BLayout::RowMajor, -1, -1>;
  checkTexp<float, RowF32>(5, 37, false);
  checkTexp<float, RowF32>(8, 64, true);
  checkTexp<float, ColF32>(13, 11, false);
  checkTexp<bfloat16_t, RowBf16>(7, 29, true);
  checkTexp<half, RowF16>(6, 40, false);
}
