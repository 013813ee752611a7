//===- TileLibTest.cpp - Tests of the CPU tile library (pto/pto-inst.hpp) -===//
//
// Every instruction is checked against a plain reference. Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime
//   unittests/Runtime/TileLibTest.cpp
//       include/pypto/Runtime/pto/tile_lib.cpp -lgtest -lgtest_main -pthread
//       -ldl
// The shared-object test compiles a kernel with $CXX (default g++) against the
// headers in PTO_RUNTIME_INCLUDE_DIR (environment variable or macro; otherwise
// searched upwards from this file's path, the working directory and the
// binary).
//
//===----------------------------------------------------------------------===//
#include <pto/gemm.hpp>
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace pto;

namespace {

//===----------------------------------------------------------------------===//
// Reference helpers
//===----------------------------------------------------------------------===//

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
double bf16BitsValue(uint16_t b) { return bitsFloat(uint32_t(b) << 16); }

// Independent round-to-nearest-even of a double to bf16 (binary search over the
// monotonic positive bit patterns), for finite values in range.
uint16_t refBf16Bits(double x) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double a = std::fabs(x);
  uint16_t lo = 0, hi = 0x7f80; // largest b with value(b) <= a
  while (lo < hi) {
    uint16_t mid = uint16_t((lo + hi + 1) / 2);
    if (bf16BitsValue(mid) <= a)
      lo = mid;
    else
      hi = uint16_t(mid - 1);
  }
  uint16_t b = lo;
  if (b < 0x7f80 && bf16BitsValue(b) != a) {
    const double down = a - bf16BitsValue(b);
    // Above the largest finite value the next step is 2^128 (rounds to infinity).
    const double next = (b + 1 == 0x7f80) ? std::ldexp(1.0, 128) : bf16BitsValue(uint16_t(b + 1));
    const double up = next - a;
    if (up < down || (up == down && (b & 1)))
      b = uint16_t(b + 1);
  }
  return uint16_t(sign | b);
}

template <typename T>
T refRound(double x);
template <>
float refRound<float>(double x) { return static_cast<float>(x); }
template <>
half refRound<half>(double x) { return static_cast<half>(x); }
template <>
bfloat16_t refRound<bfloat16_t>(double x) { return bfloat16_t::fromBits(refBf16Bits(x)); }

template <typename T>
double toD(T v) {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return v.toFloat();
  else
    return static_cast<double>(v);
}

template <typename T>
bool sameValue(T a, T b) {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return a.bits == b.bits;
  else
    return a == b;
}

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 2654435761u + 12345) {}
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(s >> 33);
  }
  // uniform in [lo, hi)
  double uniform(double lo, double hi) { return lo + (hi - lo) * (next() / 2147483648.0); }
};

// A value representable in T, nonzero magnitude in [0.5, 4) with random sign.
template <typename T>
T randomValue(Rng& rng) {
  double v = rng.uniform(0.5, 4.0);
  if (rng.next() & 1)
    v = -v;
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(std::lround(v * 10));
  else
    return refRound<T>(v);
}

template <typename TileT>
void fillRandom(const TileT& t, Rng& rng) {
  using T = typename TileT::DType;
  for (int r = 0; r < TileT::Rows; ++r)
    for (int c = 0; c < TileT::Cols; ++c)
      t.at(r, c) = randomValue<T>(rng);
}

enum class Op { Add, Sub, Mul, Div, Max, Min };
const char* opName(Op op) {
  switch (op) {
  case Op::Add: return "add";
  case Op::Sub: return "sub";
  case Op::Mul: return "mul";
  case Op::Div: return "div";
  case Op::Max: return "max";
  case Op::Min: return "min";
  }
  return "?";
}
double refOp(Op op, double a, double b) {
  switch (op) {
  case Op::Add: return a + b;
  case Op::Sub: return a - b;
  case Op::Mul: return a * b;
  case Op::Div: return a / b;
  case Op::Max: return a > b ? a : b;
  case Op::Min: return a < b ? a : b;
  }
  return 0;
}

template <typename D, typename A, typename B>
void applyBinary(Op op, D& d, const A& a, const B& b) {
  switch (op) {
  case Op::Add: TADD(d, a, b); break;
  case Op::Sub: TSUB(d, a, b); break;
  case Op::Mul: TMUL(d, a, b); break;
  case Op::Div: TDIV(d, a, b); break;
  case Op::Max: TMAX(d, a, b); break;
  case Op::Min: TMIN(d, a, b); break;
  }
}

template <typename D, typename S>
void applyScalar(Op op, D& d, const S& s, typename S::DType k) {
  switch (op) {
  case Op::Add: TADDS(d, s, k); break;
  case Op::Sub: TSUBS(d, s, k); break;
  case Op::Mul: TMULS(d, s, k); break;
  case Op::Div: TDIVS(d, s, k); break;
  case Op::Max: TMAXS(d, s, k); break;
  case Op::Min: TMINS(d, s, k); break;
  }
}

constexpr Op kAllOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Max, Op::Min};

// Copies of the tiles' contents (whole storage) to detect writes outside the valid region.
template <typename TileT>
std::vector<uint8_t> snapshot(const TileT& t) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.data());
  return std::vector<uint8_t>(p, p + TileT::kBytes);
}

// Runs a binary op on freshly filled tiles of the given types (with the given
// valid shape) and checks the valid region against the reference and that the
// rest of dst is untouched.
template <typename D, typename A, typename B>
void checkBinary(Op op, int vr, int vc, uint64_t seed) {
  using T = typename D::DType;
  D d(vr, vc);
  A a(vr, vc);
  B b(vr, vc);
  TASSIGN(a, 0);
  TASSIGN(b, 64 * 1024);
  TASSIGN(d, 128 * 1024);
  Rng rng(seed);
  fillRandom(a, rng);
  fillRandom(b, rng);
  fillRandom(d, rng);
  // Reference in logical coordinates.
  std::vector<T> expect(size_t(vr) * vc);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      expect[r * vc + c] = refRound<T>(refOp(op, toD(a.at(r, c)), toD(b.at(r, c))));
  // Expected full storage of dst: untouched outside the valid region.
  std::vector<uint8_t> before = snapshot(d);
  applyBinary(op, d, a, b);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(d.at(r, c), expect[r * vc + c]))
          << opName(op) << " at (" << r << "," << c << "): got " << toD(d.at(r, c))
          << " want " << toD(expect[r * vc + c]);
  std::vector<bool> inValid(D::Numel, false);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      inValid[D::offsetOf(r, c)] = true;
  std::vector<uint8_t> after = snapshot(d);
  for (int i = 0; i < D::Numel; ++i)
    if (!inValid[i]) {
      ASSERT_EQ(0, std::memcmp(&before[i * sizeof(T)], &after[i * sizeof(T)], sizeof(T)))
          << "element " << i << " outside the valid region was written";
    }
}

template <typename Fn>
std::string errorOf(Fn fn) {
  try {
    fn();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "<no error>";
}

bool contains(const std::string& s, const std::string& sub) {
  return s.find(sub) != std::string::npos;
}

//===----------------------------------------------------------------------===//
// dtypes
//===----------------------------------------------------------------------===//

TEST(TileLibDTypes, HalfIsFloat16) {
  static_assert(sizeof(half) == 2, "half is 16 bits");
  half h = 1.5f;
  EXPECT_EQ(static_cast<float>(h * h), 2.25f);
}

TEST(TileLibDTypes, Bf16RoundsToNearestEven) {
  struct Case {
    uint32_t in;
    uint16_t out;
  } cases[] = {
      {0x3F808000u, 0x3F80}, // 1 + 2^-8: tie, 0x3F80 is even -> down
      {0x3F818000u, 0x3F82}, // tie between 0x3F81 and 0x3F82 -> even (up)
      {0x3F808001u, 0x3F81}, // just above the tie -> up
      {0x3F807FFFu, 0x3F80}, // just below the tie -> down
      {0xBF818000u, 0xBF82}, // negative tie -> even
      {0xBF808000u, 0xBF80},
      {0x00018000u, 0x0002}, // subnormal tie -> even (up)
      {0x00008000u, 0x0000}, // subnormal tie -> even (down)
      {0x7F7F7FFFu, 0x7F7F}, // largest finite below the tie
      {0x7F7FFFFFu, 0x7F80}, // rounds to +inf
      {0x7F800000u, 0x7F80}, // +inf
      {0xFF800000u, 0xFF80}, // -inf
      {0x80000000u, 0x8000}, // -0
      {0x3F800000u, 0x3F80}, // 1.0 exact
  };
  for (const Case& c : cases) {
    bfloat16_t b(bitsFloat(c.in));
    EXPECT_EQ(b.bits, c.out) << std::hex << "input 0x" << c.in;
    EXPECT_EQ(b.bits, refBf16Bits(bitsFloat(c.in)) | 0) << std::hex << "input 0x" << c.in;
  }
  bfloat16_t nan(bitsFloat(0x7F800001u)); // signalling NaN with a low payload stays NaN
  EXPECT_TRUE(std::isnan(float(nan)));
  EXPECT_TRUE(std::isnan(float(bfloat16_t(NAN))));
}

TEST(TileLibDTypes, Bf16ToFloatIsExact) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    bfloat16_t v = bfloat16_t::fromBits(uint16_t(b));
    float f = v;
    ASSERT_EQ(floatBits(f), b << 16);
    if (!std::isnan(f)) {
      ASSERT_EQ(bfloat16_t(f).bits, b);
    }
  }
}

TEST(TileLibDTypes, Bf16RandomRoundingMatchesReference) {
  Rng rng(7);
  for (int i = 0; i < 200000; ++i) {
    uint32_t u = rng.next() ^ (rng.next() << 16);
    float f = bitsFloat(u);
    if (!std::isfinite(f) || std::fabs(f) > 3.38e38f)
      continue;
    ASSERT_EQ(bfloat16_t(f).bits, refBf16Bits(f)) << std::hex << u;
  }
}

//===----------------------------------------------------------------------===//
// Core context, capacities, TASSIGN
//===----------------------------------------------------------------------===//

TEST(TileLibCore, CapacityTables) {
  using sim::Arch;
  using sim::Space;
  EXPECT_EQ(sim::capacityOf(Arch::A2A3, Space::UB), 196608u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::UB), 262144u);
  EXPECT_EQ(sim::capacityOf(Arch::A2A3, Space::L1), 524288u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::L1), 524288u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::L0A), 65536u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::L0B), 65536u);
  EXPECT_EQ(sim::capacityOf(Arch::A2A3, Space::L0C), 131072u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::L0C), 262144u);
  EXPECT_EQ(sim::capacityOf(Arch::A2A3, Space::BIAS), 1024u);
  EXPECT_EQ(sim::capacityOf(Arch::A5, Space::BIAS), 4096u);
  static_assert(sim::capacityOf(sim::Arch::A5, sim::Space::UB) == 262144, "constexpr");
  EXPECT_STREQ(sim::spaceName(Space::L0C), "L0C");
}

TEST(TileLibCore, CoreContextLayout) {
  static_assert(std::is_standard_layout_v<sim::CoreContext>, "plain struct");
  EXPECT_EQ(offsetof(sim::CoreContext, kernel_name), 0u);
  EXPECT_EQ(offsetof(sim::CoreContext, base), 8u);
  EXPECT_EQ(offsetof(sim::CoreContext, capacity), 56u);
  EXPECT_EQ(offsetof(sim::CoreContext, raise), 104u);
  EXPECT_EQ(offsetof(sim::CoreContext, runtime_data), 112u);
}

using VecF32 = Tile<TileType::Vec, float, 16, 16>;

TEST(TileLibCore, TassignBindsIntoArena) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecF32 a, b;
  EXPECT_EQ(a.data(), nullptr);
  TASSIGN(a, 0);
  TASSIGN(b, 1024);
  ASSERT_NE(a.data(), nullptr);
  EXPECT_EQ(reinterpret_cast<uint8_t*>(b.data()) - reinterpret_cast<uint8_t*>(a.data()), 1024);
  EXPECT_EQ(reinterpret_cast<uint8_t*>(a.data()), sim::arenaBase(sim::current(), sim::Space::UB));
  // Two tiles at one offset alias; a materialised address is accepted as well.
  Tile<TileType::Vec, float, 8, 32> c;
  TASSIGN(c, reinterpret_cast<uint64_t>(b.data()));
  EXPECT_EQ(c.data(), b.data());
  // Each space has its own arena.
  Tile<TileType::Mat, float, 16, 16> m;
  TASSIGN(m, 0);
  EXPECT_NE(static_cast<void*>(m.data()), static_cast<void*>(a.data()));
  // Last tile that fits.
  VecF32 last;
  TASSIGN(last, 262144 - 1024);
}

TEST(TileLibCore, TassignOverflowMessageDefaultCore) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecF32 t;
  EXPECT_EQ(errorOf([&] { TASSIGN(t, 262144 - 512); }),
            "kernel 'default': tile of 1024 bytes at offset 261632 overflows UB (capacity "
            "262144 bytes)");
  Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
  std::string e = errorOf([&] { TASSIGN(acc, 262144); });
  EXPECT_TRUE(contains(e, "overflows L0C (capacity 262144 bytes)")) << e;
  EXPECT_TRUE(contains(errorOf([&] { TASSIGN(t, -32); }), "offset -32 overflows UB")) << e;
}

TEST(TileLibCore, ScopedDefaultCoreSelectsA2A3Capacities) {
  VecF32 t;
  {
    sim::ScopedDefaultCore guard(sim::Arch::A2A3, "cap_test");
    EXPECT_EQ(sim::current()->capacity[(int)sim::Space::UB], 196608u);
    std::string e = errorOf([&] { TASSIGN(t, 196608 - 512); });
    EXPECT_EQ(e, "kernel 'cap_test': tile of 1024 bytes at offset 196096 overflows UB "
                 "(capacity 196608 bytes)");
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    EXPECT_TRUE(contains(errorOf([&] { TASSIGN(acc, 131072); }), "capacity 131072 bytes"));
    Tile<TileType::Bias, float, 1, 512> bias;
    EXPECT_TRUE(contains(errorOf([&] { TASSIGN(bias, 0); }), "overflows BIAS (capacity 1024"));
  }
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  TASSIGN(t, 196608 - 512); // fits on a5
  EXPECT_EQ(sim::current()->capacity[(int)sim::Space::UB], 262144u);
}

struct RaisedError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
[[noreturn]] void throwingRaise(sim::CoreContext*, const char* msg) { throw RaisedError(msg); }

struct BoundCore {
  sim::CoreContext ctx{};
  std::vector<uint8_t> ub;
  explicit BoundCore(const char* name, uint64_t ubBytes) : ub(ubBytes) {
    ctx.kernel_name = name;
    ctx.base[(int)sim::Space::UB] = ub.data();
    ctx.capacity[(int)sim::Space::UB] = ubBytes;
    ctx.raise = &throwingRaise;
    pto_sim_bind_core(&ctx);
  }
  ~BoundCore() { pto_sim_bind_core(nullptr); }
};

TEST(TileLibCore, BoundCoreArenaAndErrors) {
  BoundCore core("my_kernel", 4096);
  EXPECT_EQ(sim::current(), &core.ctx);
  VecF32 t;
  TASSIGN(t, 2048);
  EXPECT_EQ(reinterpret_cast<uint8_t*>(t.data()), core.ub.data() + 2048);
  std::string e;
  try {
    TASSIGN(t, 3584);
  } catch (const RaisedError& err) {
    e = err.what();
  }
  EXPECT_EQ(e, "kernel 'my_kernel': tile of 1024 bytes at offset 3584 overflows UB (capacity "
               "4096 bytes)");
  EXPECT_TRUE(contains(e, "my_kernel") && contains(e, "UB") && contains(e, "3584") &&
              contains(e, "4096"));
  // A space this core does not have.
  Tile<TileType::Mat, float, 16, 16> m;
  EXPECT_TRUE(contains(errorOf([&] { TASSIGN(m, 0); }), "L1, which is absent on this core"));
  // Instruction errors go through the bound core too.
  VecF32 u;
  TASSIGN(u, 0);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1> p(8, 16);
  TASSIGN(p, 1024);
  e = errorOf([&] { TADD(u, u, p); });
  EXPECT_TRUE(contains(e, "kernel 'my_kernel': TADD: valid shape of src1 (8x16) differs from "
                          "dst (16x16)"))
      << e;
}

TEST(TileLibCore, UnassignedTileIsAnError) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecF32 a, b;
  TASSIGN(a, 0);
  EXPECT_TRUE(contains(errorOf([&] { TADD(a, a, b); }), "TADD: src1 tile used before TASSIGN"));
}

TEST(TileLibCore, HookIsExportedFromThisBinaryAsWell) {
  // pto_sim_bind_core is an ordinary extern "C" function here.
  void (*hook)(sim::CoreContext*) = &pto_sim_bind_core;
  EXPECT_NE(hook, nullptr);
  EXPECT_EQ(sim::boundCore(), nullptr);
}

//===----------------------------------------------------------------------===//
// Tile layout
//===----------------------------------------------------------------------===//

template <typename TileT>
void expectBijective() {
  std::set<int> seen;
  for (int r = 0; r < TileT::Rows; ++r)
    for (int c = 0; c < TileT::Cols; ++c) {
      int o = TileT::offsetOf(r, c);
      ASSERT_GE(o, 0);
      ASSERT_LT(o, TileT::Numel);
      seen.insert(o);
    }
  EXPECT_EQ((int)seen.size(), TileT::Numel);
}

using NzF16 = Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, 32, 64, SLayout::RowMajor, 512>;
using ZnF16 = Tile<TileType::Mat, half, 64, 32, BLayout::RowMajor, 64, 32, SLayout::ColMajor, 512>;
using AccF32 = Tile<TileType::Acc, float, 32, 48, BLayout::ColMajor, 32, 48, SLayout::RowMajor, 1024>;
using ColF32 = Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor>;
using MxU8 = Tile<TileType::Vec, uint8_t, 32, 4, BLayout::RowMajor, 32, 4, SLayout::RowMajor, 32>;

TEST(TileLibLayout, OffsetsAndBoxes) {
  using RM = Tile<TileType::Vec, float, 4, 16>;
  EXPECT_EQ(RM::offsetOf(2, 5), 2 * 16 + 5);
  EXPECT_EQ(ColF32::offsetOf(3, 5), 5 * 16 + 3);
  // NZ f16: boxes 16 x 16, boxes down the columns first, row-major inside.
  EXPECT_EQ(NzF16::InnerRows, 16);
  EXPECT_EQ(NzF16::InnerCols, 16);
  EXPECT_EQ(NzF16::offsetOf(0, 1), 1);
  EXPECT_EQ(NzF16::offsetOf(1, 0), 16);
  EXPECT_EQ(NzF16::offsetOf(16, 0), 256);     // second box of the first box column
  EXPECT_EQ(NzF16::offsetOf(0, 16), 2 * 256); // first box of the second box column
  EXPECT_EQ(NzF16::offsetOf(17, 18), 3 * 256 + 1 * 16 + 2);
  // f32 NZ box is 16 x 8; i8 is 16 x 32.
  using NzF32 = Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor>;
  EXPECT_EQ(NzF32::InnerRows, 16);
  EXPECT_EQ(NzF32::InnerCols, 8);
  EXPECT_EQ(NzF32::offsetOf(1, 9), 128 + 8 + 1);
  using NzI8 = Tile<TileType::Mat, int8_t, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor>;
  EXPECT_EQ(NzI8::InnerCols, 32);
  // ZN f16: boxes along rows first, column-major inside (16 x 16 box for f16).
  EXPECT_EQ(ZnF16::offsetOf(1, 0), 1);
  EXPECT_EQ(ZnF16::offsetOf(0, 1), 16);
  EXPECT_EQ(ZnF16::offsetOf(0, 16), 256);
  EXPECT_EQ(ZnF16::offsetOf(16, 0), 2 * 256);
  // ZN f32: box is 8 rows x 16 cols, column-major inside.
  using ZnF32 = Tile<TileType::Right, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor>;
  EXPECT_EQ(ZnF32::InnerRows, 8);
  EXPECT_EQ(ZnF32::InnerCols, 16);
  EXPECT_EQ(ZnF32::offsetOf(1, 1), 8 + 1);
  EXPECT_EQ(ZnF32::offsetOf(8, 0), 128);
  // Acc fractal 1024: 16 x 16 boxes.
  EXPECT_EQ(AccF32::InnerRows, 16);
  EXPECT_EQ(AccF32::InnerCols, 16);
  EXPECT_EQ(AccF32::offsetOf(16, 0), 256);
  EXPECT_EQ(AccF32::offsetOf(0, 16), 512);
  EXPECT_EQ(AccF32::kBytes, 32u * 48 * 4);
  EXPECT_EQ(MxU8::InnerRows, 16);
  EXPECT_EQ(MxU8::InnerCols, 2);
  expectBijective<RM>();
  expectBijective<ColF32>();
  expectBijective<NzF16>();
  expectBijective<ZnF16>();
  expectBijective<NzF32>();
  expectBijective<ZnF32>();
  expectBijective<AccF32>();
  expectBijective<MxU8>();
}

TEST(TileLibLayout, DynamicValidShape) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Dyn = Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  Dyn t(5, 7);
  EXPECT_EQ(t.GetValidRow(), 5);
  EXPECT_EQ(t.GetValidCol(), 7);
  t.SetValidShape(16, 1);
  EXPECT_EQ(t.GetValidRow(), 16);
  EXPECT_EQ(t.GetValidCol(), 1);
  using HalfDyn = Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, 16, DYNAMIC>;
  HalfDyn h(16, 3);
  EXPECT_EQ(h.GetValidRow(), 16);
  EXPECT_EQ(h.GetValidCol(), 3);
  Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, 4, 8> s;
  EXPECT_EQ(s.GetValidRow(), 4);
  EXPECT_EQ(s.GetValidCol(), 8);
  EXPECT_TRUE(contains(errorOf([] { Dyn bad(17, 2); }), "valid shape 17x2 exceeds tile shape 16x32"));
  static_assert(sizeof(Dyn) <= 16, "tile handle is small");
}

TEST(TileLibLayout, ShapeAndStrideConstructors) {
  pto::Shape<1, 1, 1, -1, 128> s1(7);
  EXPECT_EQ(s1[3], 7);
  EXPECT_EQ(s1[4], 128);
  pto::Shape<1, 1, 1, -1, -1> s2(1, 1, 1, 9, 10); // all five entries
  EXPECT_EQ(s2[3], 9);
  EXPECT_EQ(s2[4], 10);
  pto::Shape<1, 1, 1, -1, -1> s3(int64_t(4), 5u); // just the dynamic ones
  EXPECT_EQ(s3[3], 4);
  EXPECT_EQ(s3[4], 5);
  pto::Stride<-1, -1, -1, 1024, 1> st(3000, 2000, 1000);
  EXPECT_EQ(st[0], 3000);
  EXPECT_EQ(st[2], 1000);
  EXPECT_EQ(st[3], 1024);
  float buf[4] = {};
  GlobalTensor<float, pto::Shape<1, 1, 1, 2, 2>, pto::Stride<4, 4, 4, 2, 1>> g(buf);
  EXPECT_EQ(g.GetShape(3), 2);
  EXPECT_EQ(g.GetStride(3), 2);
  EXPECT_EQ(g.data(), buf);
}

//===----------------------------------------------------------------------===//
// TLOAD / TSTORE
//===----------------------------------------------------------------------===//

template <typename TileT>
void checkLoadStoreND(int vr, int vc, int ldRows, int ldCols, int r0, int c0) {
  using T = typename TileT::DType;
  std::vector<T> src(size_t(ldRows) * ldCols), dst(size_t(ldRows) * ldCols);
  Rng rng(vr * 131 + vc);
  for (auto& v : src)
    v = randomValue<T>(rng);
  for (auto& v : dst)
    v = T(0);
  TileT t(vr, vc);
  TASSIGN(t, 4096);
  using Sh = pto::Shape<1, 1, 1, -1, -1>;
  using St = pto::Stride<-1, -1, -1, -1, 1>;
  GlobalTensor<T, Sh, St> gin(src.data() + r0 * ldCols + c0, Sh(vr, vc),
                              St(ldRows * ldCols, ldRows * ldCols, ldRows * ldCols, ldCols));
  TLOAD(t, gin);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(t.at(r, c), src[(r0 + r) * ldCols + c0 + c])) << r << "," << c;
  GlobalTensor<T, Sh, St> gout(dst.data() + r0 * ldCols + c0, Sh(vr, vc),
                               St(ldRows * ldCols, ldRows * ldCols, ldRows * ldCols, ldCols));
  TSTORE(gout, t);
  for (int r = 0; r < ldRows; ++r)
    for (int c = 0; c < ldCols; ++c) {
      bool in = r >= r0 && r < r0 + vr && c >= c0 && c < c0 + vc;
      ASSERT_TRUE(sameValue(dst[r * ldCols + c], in ? src[r * ldCols + c] : T(0)))
          << r << "," << c;
    }
}

TEST(TileLibLoadStore, NDIntoEveryLayout) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  checkLoadStoreND<Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, -1, -1>>(16, 32, 16, 32, 0, 0);
  checkLoadStoreND<Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, -1, -1>>(5, 19, 40, 50, 3, 7);
  checkLoadStoreND<Tile<TileType::Vec, float, 16, 32, BLayout::ColMajor, -1, -1>>(11, 30, 40, 50, 2, 1);
  checkLoadStoreND<Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, -1, -1, SLayout::RowMajor>>(32, 64, 32, 64, 0, 0);
  checkLoadStoreND<Tile<TileType::Mat, half, 32, 64, BLayout::ColMajor, -1, -1, SLayout::RowMajor>>(17, 33, 70, 90, 5, 9);
  checkLoadStoreND<Tile<TileType::Mat, bfloat16_t, 64, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor>>(60, 20, 64, 64, 1, 2);
  checkLoadStoreND<Tile<TileType::Vec, int32_t, 8, 16, BLayout::RowMajor, -1, -1>>(8, 16, 8, 16, 0, 0);
}

TEST(TileLibLoadStore, StaticPartitionAndMultiDimRows) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // Rows split over N3 x N4 = 2 x 8 with a gap between the two row groups.
  std::vector<float> src(2 * 100), out(2 * 100, 0.f);
  for (int i = 0; i < 200; ++i)
    src[i] = float(i);
  VecF32 t;
  TASSIGN(t, 0);
  using Sh = pto::Shape<1, 1, 2, 8, 16>;
  using St = pto::Stride<200, 200, 100, 12, 1>;
  GlobalTensor<float, Sh, St> g(src.data());
  TLOAD(t, g);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(t.at(r, c), float((r / 8) * 100 + (r % 8) * 12 + c));
  GlobalTensor<float, Sh, St> go(out.data());
  TSTORE(go, t);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(out[(r / 8) * 100 + (r % 8) * 12 + c], t.at(r, c));
}

// An atomic store adds the tile to GM: into what is there, rounding each
// sum to the GM type, only over the valid region, with wrap-around for
// integers, and from an Acc tile after conversion.
TEST(TileLibLoadStore, AtomicAddStore) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, -1, -1> t(5, 19);
  TASSIGN(t, 0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c)
      t.at(r, c) = 0.25f;
  t.at(4, 18) = 3.0f;
  std::vector<float> out(16 * 32, 1.0f);
  using Sh = pto::Shape<1, 1, 1, -1, -1>;
  using St = pto::Stride<-1, -1, -1, -1, 1>;
  GlobalTensor<float, Sh, St> g(out.data(), Sh(5, 19), St(512, 512, 512, 32));
  TSTORE<decltype(t), decltype(g), AtomicType::AtomicAdd>(g, t);
  TSTORE<decltype(t), decltype(g), AtomicType::AtomicAdd>(g, t);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c) {
      float expected =
          r < 5 && c < 19 ? (r == 4 && c == 18 ? 7.0f : 1.5f) : 1.0f;
      ASSERT_EQ(out[r * 32 + c], expected) << r << "," << c;
    }
  // The plain form still overwrites.
  TSTORE(g, t);
  EXPECT_EQ(out[0], 0.25f);
  // bf16: 256 + 1 rounds to 256 (ties to even), each add on its own.
  Tile<TileType::Vec, bfloat16_t, 1, 16> h;
  TASSIGN(h, 4096);
  for (int c = 0; c < 16; ++c)
    h.at(0, c) = bfloat16_t(1.0f);
  std::vector<bfloat16_t> hb(16, bfloat16_t(256.0f));
  GlobalTensor<bfloat16_t, pto::Shape<1, 1, 1, 1, 16>,
               pto::Stride<16, 16, 16, 16, 1>>
      gh(hb.data());
  TSTORE<decltype(h), decltype(gh), AtomicType::AtomicAdd>(gh, h);
  EXPECT_EQ(float(hb[3]), 256.0f);
  // i8 wraps.
  Tile<TileType::Vec, int8_t, 1, 32> b;
  TASSIGN(b, 8192);
  for (int c = 0; c < 32; ++c)
    b.at(0, c) = int8_t(100);
  std::vector<int8_t> bb(32, int8_t(100));
  GlobalTensor<int8_t, pto::Shape<1, 1, 1, 1, 32>,
               pto::Stride<32, 32, 32, 32, 1>>
      gb(bb.data());
  TSTORE<decltype(b), decltype(gb), AtomicType::AtomicAdd>(gb, b);
  EXPECT_EQ(bb[7], int8_t(-56));
}

// Adds from several threads at once lose nothing (every partial sum is an
// integer, exact in f32 and bf16, so any order gives the same total).
TEST(TileLibLoadStore, AtomicAddsFromThreadsAllLand) {
  std::vector<float> f(64, 0.0f);
  std::vector<bfloat16_t> h(64, bfloat16_t(0.0f));
  std::vector<int16_t> s(64, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        pto::detail::atomicAddTo(&f[i % 64], 1.0f);
        pto::detail::atomicAddTo(&s[i % 64], int16_t(1));
        if (i < 64 * 2)
          pto::detail::atomicAddTo(&h[i % 64], bfloat16_t(1.0f));
      }
    });
  for (std::thread &t : threads)
    t.join();
  double total = 0;
  for (int i = 0; i < 64; ++i) {
    total += f[i];
    EXPECT_EQ(float(h[i]), 8.0f) << i;
  }
  EXPECT_EQ(total, 8000.0);
  EXPECT_EQ(s[0] + s[63], (2000 / 64 + 1) * 4 + (2000 / 64) * 4);
}

TEST(TileLibLoadStore, DNAndNZGlobalLayouts) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // DN: column-major GM (row stride 1, column stride 20) into a row-major tile.
  std::vector<float> cm(20 * 16);
  for (int i = 0; i < 20 * 16; ++i)
    cm[i] = float(i) * 0.5f;
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1> t(12, 16);
  TASSIGN(t, 0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 12, 16>, pto::Stride<320, 320, 320, 1, 20>, Layout::DN> gdn(cm.data());
  TLOAD(t, gdn);
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(t.at(r, c), cm[c * 20 + r]);
  // DN into a col-major tile (contiguous columns) and back.
  Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor, -1, -1> tc(12, 16);
  TASSIGN(tc, 2048);
  TLOAD(tc, gdn);
  std::vector<float> back(20 * 16, -1.f);
  GlobalTensor<float, pto::Shape<1, 1, 1, 12, 16>, pto::Stride<320, 320, 320, 1, 20>, Layout::DN> gback(back.data());
  TSTORE(gback, tc);
  for (int c = 0; c < 16; ++c)
    for (int r = 0; r < 20; ++r)
      ASSERT_EQ(back[c * 20 + r], r < 12 ? cm[c * 20 + r] : -1.f);
  // NZ: GM already in 16 x 16 fractals [colBlocks=2][rows=32 as 2 x 16][16].
  std::vector<half> nz(2 * 32 * 16);
  for (int i = 0; i < (int)nz.size(); ++i)
    nz[i] = half(float(i % 1000));
  Tile<TileType::Vec, half, 32, 32> tv;
  TASSIGN(tv, 8192);
  GlobalTensor<half, pto::Shape<1, 2, 2, 16, 16>, pto::Stride<1024, 512, 256, 16, 1>, Layout::NZ> gnz(nz.data());
  TLOAD(tv, gnz);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_EQ(float(tv.at(r, c)), float(nz[(c / 16) * 512 + r * 16 + c % 16]));
}

TEST(TileLibLoadStore, PartitionShapeMustEqualValidShape) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "load_kernel");
  std::vector<float> buf(32 * 64);
  Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, -1, -1> t(8, 64);
  TASSIGN(t, 0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 32, 64>, pto::Stride<2048, 2048, 2048, 64, 1>> full(buf.data());
  std::string e = errorOf([&] { TLOAD(t, full); });
  EXPECT_EQ(e, "kernel 'load_kernel': TLOAD: partition shape [1,1,1,32,64] (ND: 32x64) does not "
               "match the tile valid shape 8x64");
  e = errorOf([&] { TSTORE(full, t); });
  EXPECT_TRUE(contains(e, "TSTORE: partition shape")) << e;
  using Sh = pto::Shape<1, 1, 1, -1, -1>;
  using St = pto::Stride<-1, -1, -1, -1, 1>;
  GlobalTensor<float, Sh, St> cols(buf.data(), Sh(8, 32), St(2048, 2048, 2048, 64));
  EXPECT_TRUE(contains(errorOf([&] { TLOAD(t, cols); }), "(ND: 8x32) does not match"));
  GlobalTensor<float, Sh, St> ok(buf.data(), Sh(8, 64), St(2048, 2048, 2048, 64));
  TLOAD(t, ok);
  GlobalTensor<float, Sh, St> unset(buf.data(), Sh(), St(2048, 2048, 2048, 64));
  EXPECT_TRUE(contains(errorOf([&] { TLOAD(t, unset); }), "dynamic but was not given"));
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

// Element types are wrapped: GCC 12's libstdc++ has no typeinfo for _Float16.
template <typename T>
struct Elem {
  using type = T;
};
template <typename T>
class TileLibElementwise : public ::testing::Test {};
using ElemTypes = ::testing::Types<Elem<float>, Elem<half>, Elem<bfloat16_t>>;
TYPED_TEST_SUITE(TileLibElementwise, ElemTypes);

TYPED_TEST(TileLibElementwise, BinaryRowMajorFullAndPartial) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Full = Tile<TileType::Vec, T, 16, 64>;
  using Dyn = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;
  uint64_t seed = 1;
  for (Op op : kAllOps) {
    checkBinary<Full, Full, Full>(op, 16, 64, seed++);
    checkBinary<Dyn, Dyn, Dyn>(op, 7, 37, seed++);
    checkBinary<Dyn, Dyn, Dyn>(op, 16, 1, seed++);
    checkBinary<Dyn, Dyn, Dyn>(op, 0, 5, seed++);
  }
}

TYPED_TEST(TileLibElementwise, BinaryMixedLayouts) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, T, 32, 32, BLayout::RowMajor, -1, -1>;
  using CM = Tile<TileType::Vec, T, 32, 32, BLayout::ColMajor, -1, -1>;
  using NZ = Tile<TileType::Vec, T, 32, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  using ZN = Tile<TileType::Vec, T, 32, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor>;
  uint64_t seed = 100;
  for (Op op : kAllOps) {
    checkBinary<CM, CM, CM>(op, 30, 17, seed++);
    checkBinary<CM, RM, NZ>(op, 25, 31, seed++);
    checkBinary<NZ, ZN, RM>(op, 32, 32, seed++);
    checkBinary<ZN, CM, ZN>(op, 9, 20, seed++);
  }
}

// In-place: dst is the same tile as a source (and as both).
TYPED_TEST(TileLibElementwise, BinaryInPlace) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, T, 16, 32, BLayout::RowMajor, -1, -1>;
  using NZ = Tile<TileType::Vec, T, 16, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  for (Op op : kAllOps) {
    Rng rng(int(op) + 50);
    RM a(12, 30), b(12, 30);
    TASSIGN(a, 0);
    TASSIGN(b, 4096);
    fillRandom(a, rng);
    fillRandom(b, rng);
    std::vector<T> e1, e2;
    for (int r = 0; r < 12; ++r)
      for (int c = 0; c < 30; ++c) {
        T x = refRound<T>(refOp(op, toD(a.at(r, c)), toD(b.at(r, c))));
        e1.push_back(x);
        e2.push_back(refRound<T>(refOp(op, toD(x), toD(x))));
      }
    applyBinary(op, a, a, b); // a = a op b
    for (int r = 0; r < 12; ++r)
      for (int c = 0; c < 30; ++c)
        ASSERT_TRUE(sameValue(a.at(r, c), e1[r * 30 + c])) << opName(op);
    applyBinary(op, a, a, a); // a = a op a
    for (int r = 0; r < 12; ++r)
      for (int c = 0; c < 30; ++c)
        ASSERT_TRUE(sameValue(a.at(r, c), e2[r * 30 + c])) << opName(op);
    // Boxed operands in place, as dst == src1.
    NZ n(16, 32), m(16, 32);
    TASSIGN(n, 8192);
    TASSIGN(m, 16384);
    fillRandom(n, rng);
    fillRandom(m, rng);
    std::vector<T> e3;
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 32; ++c)
        e3.push_back(refRound<T>(refOp(op, toD(m.at(r, c)), toD(n.at(r, c)))));
    applyBinary(op, n, m, n);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 32; ++c)
        ASSERT_TRUE(sameValue(n.at(r, c), e3[r * 32 + c])) << opName(op);
  }
}

// dst aliases a source's storage with a different layout.
TEST(TileLibElementwiseAlias, DifferentLayoutOverSameStorage) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, float, 16, 16>;
  using CM = Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor>;
  RM a, b;
  CM d;
  TASSIGN(a, 0);
  TASSIGN(b, 1024);
  TASSIGN(d, 0); // same bytes as a
  Rng rng(3);
  fillRandom(a, rng);
  fillRandom(b, rng);
  std::vector<float> e;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      e.push_back(a.at(r, c) + b.at(r, c));
  TADD(d, a, b);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(d.at(r, c), e[r * 16 + c]);
}

TEST(TileLibElementwiseInt, Int32Ops) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using I = Tile<TileType::Vec, int32_t, 8, 8, BLayout::RowMajor, -1, -1>;
  I a(8, 5), b(8, 5), d(8, 5);
  TASSIGN(a, 0);
  TASSIGN(b, 256);
  TASSIGN(d, 512);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      a.at(r, c) = r * 10 - c * 7;
      b.at(r, c) = (c + 1) * (r % 2 ? -1 : 1);
    }
  TADD(d, a, b);
  EXPECT_EQ(d.at(3, 4), 30 - 28 - 5);
  TDIV(d, a, b);
  EXPECT_EQ(d.at(3, 4), (30 - 28) / -5);
  TMAX(d, a, b);
  EXPECT_EQ(d.at(2, 3), std::max(20 - 21, 4));
  TMULS(d, a, 3);
  EXPECT_EQ(d.at(7, 4), (70 - 28) * 3);
  b.at(0, 0) = 0;
  EXPECT_TRUE(contains(errorOf([&] { TDIV(d, a, b); }), "TDIV: integer division by zero"));
}

TEST(TileLibElementwiseErrors, MismatchedValidShapes) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "shape_kernel");
  using Dyn = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1>;
  Dyn a(16, 16), b(16, 8), d(16, 16);
  TASSIGN(a, 0);
  TASSIGN(b, 1024);
  TASSIGN(d, 2048);
  EXPECT_EQ(errorOf([&] { TSUB(d, a, b); }),
            "kernel 'shape_kernel': TSUB: valid shape of src1 (16x8) differs from dst (16x16)");
  EXPECT_TRUE(contains(errorOf([&] { TMULS(d, b, 2.f); }), "TMULS: valid shape of src (16x8)"));
  EXPECT_TRUE(contains(errorOf([&] { TMOV(d, b); }), "TMOV: valid shape of src (16x8)"));
}

TYPED_TEST(TileLibElementwise, ScalarOps) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, T, 16, 32, BLayout::RowMajor, -1, -1>;
  using NZ = Tile<TileType::Vec, T, 16, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  for (Op op : kAllOps) {
    Rng rng(int(op) + 900);
    const T k = randomValue<T>(rng);
    RM s(11, 29), d(11, 29);
    NZ z(11, 29);
    TASSIGN(s, 0);
    TASSIGN(d, 4096);
    TASSIGN(z, 8192);
    fillRandom(s, rng);
    fillRandom(d, rng);
    std::vector<T> e;
    for (int r = 0; r < 11; ++r)
      for (int c = 0; c < 29; ++c)
        e.push_back(refRound<T>(refOp(op, toD(s.at(r, c)), toD(k))));
    applyScalar(op, d, s, k);
    applyScalar(op, z, s, k); // boxed dst
    for (int r = 0; r < 11; ++r)
      for (int c = 0; c < 29; ++c) {
        ASSERT_TRUE(sameValue(d.at(r, c), e[r * 29 + c])) << opName(op) << " " << r << "," << c;
        ASSERT_TRUE(sameValue(z.at(r, c), e[r * 29 + c])) << opName(op);
      }
    applyScalar(op, s, s, k); // in place
    for (int r = 0; r < 11; ++r)
      for (int c = 0; c < 29; ++c)
        ASSERT_TRUE(sameValue(s.at(r, c), e[r * 29 + c])) << opName(op);
    // Outside the valid region nothing changed.
    EXPECT_FALSE(sameValue(s.at(11, 0), e[0]) && sameValue(s.at(11, 1), e[1]) &&
                 sameValue(s.at(11, 2), e[2]));
  }
  // scalar / src
  RM s(4, 32), d(4, 32);
  TASSIGN(s, 0);
  TASSIGN(d, 4096);
  Rng rng(5);
  fillRandom(s, rng);
  const T k = refRound<T>(3.0);
  TDIVS(d, k, s);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_TRUE(sameValue(d.at(r, c), refRound<T>(3.0 / toD(s.at(r, c)))));
}

TYPED_TEST(TileLibElementwise, Expands) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, T, 16, 32, BLayout::RowMajor, -1, -1>;
  using ZN = Tile<TileType::Vec, T, 32, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor>;
  RM a(5, 17);
  ZN z(20, 9);
  TASSIGN(a, 0);
  TASSIGN(z, 4096);
  TEXPANDS(a, T(0.0f));
  a.SetValidShape(16, 32);
  TEXPANDS(a, T(-1.0f));
  a.SetValidShape(5, 17);
  TEXPANDS(a, T(2.5f));
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_EQ(toD(a.at(r, c)), (r < 5 && c < 17) ? 2.5 : -1.0);
  TEXPANDS(z, T(0.75f));
  for (int r = 0; r < 20; ++r)
    for (int c = 0; c < 9; ++c)
      ASSERT_EQ(toD(z.at(r, c)), 0.75);
}

//===----------------------------------------------------------------------===//
// TMOV
//===----------------------------------------------------------------------===//

TEST(TileLibMove, AnyLayoutToAnyLayout) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using RM = Tile<TileType::Vec, half, 32, 32, BLayout::RowMajor, -1, -1>;
  using CM = Tile<TileType::Vec, half, 32, 32, BLayout::ColMajor, -1, -1>;
  using NZ = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  using LeftT = Tile<TileType::Left, half, 32, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  using RightT = Tile<TileType::Right, half, 32, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor>;
  RM a(20, 30), a2(20, 30);
  CM b(20, 30);
  NZ n(20, 30);
  LeftT l(20, 30);
  RightT rt(20, 30);
  TASSIGN(a, 0);
  TASSIGN(a2, 4096);
  TASSIGN(b, 8192);
  TASSIGN(n, 0);
  TASSIGN(l, 0);
  TASSIGN(rt, 0);
  Rng rng(11);
  fillRandom(a, rng);
  fillRandom(a2, rng);
  TMOV(b, a);
  TMOV(n, b);
  TMOV(l, n);
  TMOV(rt, l);
  TMOV(a2, rt);
  for (int r = 0; r < 20; ++r)
    for (int c = 0; c < 30; ++c) {
      ASSERT_EQ(float(b.at(r, c)), float(a.at(r, c)));
      ASSERT_EQ(float(l.at(r, c)), float(a.at(r, c)));
      ASSERT_EQ(float(a2.at(r, c)), float(a.at(r, c)));
    }
  TMOV(a, a); // onto itself
  EXPECT_EQ(float(a2.at(19, 29)), float(a.at(19, 29)));
}

TEST(TileLibMove, AccToVecConverts) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Acc = Tile<TileType::Acc, float, 16, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024>;
  Acc acc(10, 24);
  TASSIGN(acc, 0);
  Rng rng(12);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c)
      acc.at(r, c) = float(rng.uniform(-100, 100));
  Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, -1, -1> h(10, 24);
  Tile<TileType::Vec, bfloat16_t, 16, 32, BLayout::RowMajor, -1, -1> b(10, 24);
  Tile<TileType::Vec, float, 16, 32, BLayout::ColMajor, -1, -1> f(10, 24);
  TASSIGN(h, 0);
  TASSIGN(b, 1024);
  TASSIGN(f, 2048);
  TMOV(h, acc);
  TMOV(b, acc);
  TMOV(f, acc);
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 24; ++c) {
      ASSERT_TRUE(sameValue(h.at(r, c), refRound<half>(acc.at(r, c))));
      ASSERT_TRUE(sameValue(b.at(r, c), refRound<bfloat16_t>(acc.at(r, c))));
      ASSERT_EQ(f.at(r, c), acc.at(r, c));
    }
}

// Storing an f32 accumulator to bf16 / f16 GM rounds to nearest, ties to
// even, bit for bit: the expected bit patterns are written out by hand, so
// a truncating store (or ties away from zero) fails.
TEST(TileLibStore, AccToNarrowGmRoundsToNearestEven) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using Acc = Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024>;
  struct Case {
    float value;
    uint16_t bf16, f16;
  };
  const float b = std::ldexp(1.0f, -8), h = std::ldexp(1.0f, -11), tiny = std::ldexp(1.0f, -20);
  const std::vector<Case> cases = {
      {1.0f, 0x3F80, 0x3C00},
      // bf16 ties: 1 + 2^-8 between 1 and 1 + 2^-7 (even: 1); 1 + 3 * 2^-8
      // between 1 + 2^-7 and 1 + 2^-6 (even: the larger); just above a tie
      // rounds up. f16 holds these exactly (its step is 2^-10).
      {1.0f + b, 0x3F80, 0x3C04},
      {1.0f + 3 * b, 0x3F82, 0x3C0C},
      {1.0f + b + tiny, 0x3F81, 0x3C04},
      {-(1.0f + 3 * b), 0xBF82, 0xBC0C},
      // f16 ties at 1 + 2^-11 and 1 + 3 * 2^-11.
      {1.0f + h, 0x3F80, 0x3C00},
      {1.0f + 3 * h, 0x3F80, 0x3C02},
      {1.0f + h + tiny, 0x3F80, 0x3C01},
      {-(1.0f + 3 * h), 0xBF80, 0xBC02},
      // Just below a tie rounds down, not up.
      {1.0f + 3 * b - tiny, 0x3F81, 0x3C0C},
  };
  Acc acc(1, int(cases.size()));
  TASSIGN(acc, 0);
  for (size_t i = 0; i < cases.size(); ++i)
    acc.at(0, int(i)) = cases[i].value;
  std::vector<bfloat16_t> gb(16);
  std::vector<half> gh(16);
  using Sh = pto::Shape<1, 1, 1, -1, -1>;
  using St = pto::Stride<-1, -1, -1, -1, 1>;
  const int n = int(cases.size());
  GlobalTensor<bfloat16_t, Sh, St> dstB(gb.data(), Sh(1, n), St(n, n, n, n));
  GlobalTensor<half, Sh, St> dstH(gh.data(), Sh(1, n), St(n, n, n, n));
  TSTORE(dstB, acc);
  TSTORE(dstH, acc);
  for (size_t i = 0; i < cases.size(); ++i) {
    uint16_t bits = 0;
    std::memcpy(&bits, &gb[i], 2);
    EXPECT_EQ(bits, cases[i].bf16) << "bf16 of " << cases[i].value;
    std::memcpy(&bits, &gh[i], 2);
    EXPECT_EQ(bits, cases[i].f16) << "f16 of " << cases[i].value;
  }
}

//===----------------------------------------------------------------------===//
// Matmul: the cube path GM -> Mat (NZ / ZN) -> Left / Right -> Acc -> GM
//===----------------------------------------------------------------------===//

template <typename TIn, typename TOut, int MR, int KR, int NR>
void runCubePath(int M, int K, int N, bool accumulate, uint64_t seed) {
  using TAcc = std::conditional_t<std::is_same_v<TIn, int8_t>, int32_t, float>;
  using MatA = Tile<TileType::Mat, TIn, MR, KR, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512>;
  using MatB = Tile<TileType::Mat, TIn, KR, NR, BLayout::RowMajor, -1, -1, SLayout::ColMajor, 512>;
  using LeftT = Tile<TileType::Left, TIn, MR, KR, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 512>;
  using RightT = Tile<TileType::Right, TIn, KR, NR, BLayout::RowMajor, -1, -1, SLayout::ColMajor, 512>;
  using AccT = Tile<TileType::Acc, TAcc, MR, NR, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024>;
  Rng rng(seed);
  // A: M x K row-major (ND); B: K x N column-major in GM (DN), like K^T.
  std::vector<TIn> A(size_t(M) * K), B(size_t(K) * N);
  for (auto& v : A)
    v = std::is_integral_v<TIn> ? TIn(int(rng.next() % 255) - 127) : refRound<TIn>(rng.uniform(-2, 2));
  for (auto& v : B)
    v = std::is_integral_v<TIn> ? TIn(int(rng.next() % 255) - 127) : refRound<TIn>(rng.uniform(-2, 2));
  std::vector<TOut> C(size_t(M) * N, TOut(0));
  std::vector<double> C0(size_t(M) * N, 0.0);

  MatA ma(M, K);
  MatB mb(K, N);
  LeftT l(M, K);
  RightT r(K, N);
  AccT acc(M, N);
  TASSIGN(ma, 0);
  TASSIGN(mb, 64 * 1024);
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  using Sh = pto::Shape<1, 1, 1, -1, -1>;
  GlobalTensor<TIn, Sh, pto::Stride<-1, -1, -1, -1, 1>> ga(A.data(), Sh(M, K),
                                                         pto::Stride<-1, -1, -1, -1, 1>(M * K, M * K, M * K, K));
  GlobalTensor<TIn, Sh, pto::Stride<-1, -1, -1, 1, -1>, Layout::DN> gb(
      B.data(), Sh(K, N), pto::Stride<-1, -1, -1, 1, -1>(K * N, K * N, K * N, K));
  TLOAD(ma, ga);
  TLOAD(mb, gb);
  TMOV(l, ma);
  TMOV(r, mb);
  if (accumulate) {
    AccT init(M, N);
    TASSIGN(init, AccT::kBytes);
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        init.at(i, j) = TAcc(int(rng.next() % 64) - 32);
        C0[i * N + j] = double(init.at(i, j));
      }
    TMATMUL(acc, l, r);
    TMATMUL_ACC(init, init, l, r); // accOut aliases accIn
    TMATMUL_ACC(acc, init, l, r);  // acc = C0 + 2 * A x B
  } else {
    TMATMUL(acc, l, r);
  }
  using ShO = pto::Shape<1, 1, 1, -1, -1>;
  GlobalTensor<TOut, ShO, pto::Stride<-1, -1, -1, -1, 1>> gc(C.data(), ShO(M, N),
                                                           pto::Stride<-1, -1, -1, -1, 1>(M * N, M * N, M * N, N));
  TSTORE(gc, acc);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = 0, mag = 0;
      for (int k = 0; k < K; ++k) {
        double p = toD(A[i * K + k]) * toD(B[j * K + k]);
        ref += p;
        mag += std::fabs(p);
      }
      if (accumulate) {
        ref = C0[i * N + j] + 2 * ref;
        mag = std::fabs(C0[i * N + j]) + 2 * mag;
      }
      double got = toD(C[i * N + j]);
      if constexpr (std::is_integral_v<TIn>) {
        ASSERT_EQ(got, ref) << i << "," << j;
      } else {
        double tol = mag * 4e-6 + 1e-6;
        if constexpr (!std::is_same_v<TOut, float>)
          tol += std::fabs(ref) * (std::is_same_v<TOut, half> ? 1e-3 : 8e-3);
        ASSERT_NEAR(got, ref, tol) << i << "," << j << " M=" << M << " K=" << K << " N=" << N;
      }
    }
}

TEST(TileLibMatmul, F32) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runCubePath<float, float, 16, 32, 32>(16, 32, 32, false, 1);
  runCubePath<float, float, 32, 64, 32>(13, 40, 23, false, 2);
  runCubePath<float, float, 32, 64, 32>(13, 40, 23, true, 3);
}

TEST(TileLibMatmul, F16) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runCubePath<half, float, 16, 128, 64>(16, 128, 64, false, 4);
  runCubePath<half, float, 32, 64, 48>(30, 50, 47, false, 5);
  runCubePath<half, float, 32, 64, 48>(30, 50, 47, true, 6);
  runCubePath<half, half, 32, 64, 48>(31, 64, 40, false, 7); // Acc f32 -> GM f16
}

TEST(TileLibMatmul, BF16) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runCubePath<bfloat16_t, float, 16, 128, 128>(16, 128, 128, false, 8);
  runCubePath<bfloat16_t, float, 32, 64, 32>(17, 33, 29, true, 9);
  runCubePath<bfloat16_t, bfloat16_t, 32, 64, 32>(32, 64, 32, false, 10); // Acc f32 -> GM bf16
}

TEST(TileLibMatmul, I8) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runCubePath<int8_t, int32_t, 32, 64, 32>(32, 64, 32, false, 11);
  runCubePath<int8_t, int32_t, 32, 64, 32>(20, 50, 10, true, 12);
}

TEST(TileLibMatmul, ExactSmallProductAndNoneBoxOperands) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // NoneBox operand tiles are accepted as well.
  Tile<TileType::Left, float, 8, 8> l;
  Tile<TileType::Right, float, 8, 8> r;
  Tile<TileType::Acc, float, 8, 8> acc;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      l.at(i, j) = float(i + j);
      r.at(i, j) = float(i == j ? 2 : 0);
    }
  TMATMUL(acc, l, r);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      ASSERT_EQ(acc.at(i, j), 2.f * (i + j));
}

TEST(TileLibPart, UnionOfValidRegions) {
  sim::ScopedDefaultCore guard(sim::Arch::A2A3, "part_kernel");
  Tile<TileType::Vec, float, 4, 8> big, dst;
  Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, 2, 3> small;
  TASSIGN(big, 0);
  TASSIGN(small, 256);
  TASSIGN(dst, 512);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c)
      big.at(r, c) = float(10 * r + c);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c)
      small.at(r, c) = float(-3 * r - c - 1);
  // Both orders: the sum where both are valid, the big one elsewhere.
  TPARTADD(dst, small, big);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c)
      ASSERT_EQ(dst.at(r, c), (r < 2 && c < 3)
                                  ? float(10 * r + c - 3 * r - c - 1)
                                  : float(10 * r + c));
  TPARTMAX(dst, big, small);
  TPARTMIN(big, big, small); // in place
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c) {
      ASSERT_EQ(dst.at(r, c), float(10 * r + c));
      ASSERT_EQ(big.at(r, c),
                (r < 2 && c < 3) ? float(-3 * r - c - 1) : float(10 * r + c));
    }
  TPARTMUL(dst, small, small); // the union is small's region only
  ASSERT_EQ(dst.at(1, 2), 36.f);
  Tile<TileType::Vec, float, 2, 8> narrow;
  TASSIGN(narrow, 768);
  EXPECT_EQ(errorOf([&] { TPARTADD(narrow, big, small); }),
            "kernel 'part_kernel': TPARTADD: source valid shapes 4x8 and 2x3 "
            "exceed dst's 2x8");
}

TEST(TileLibMatmul, BiasStartsEveryRow) {
  sim::ScopedDefaultCore guard(sim::Arch::A2A3, "bias_kernel");
  Tile<TileType::Left, float, 8, 8> l;
  Tile<TileType::Right, float, 8, 8> r;
  Tile<TileType::Acc, float, 8, 8> acc;
  Tile<TileType::Bias, float, 1, 8> bias;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  TASSIGN(bias, 0);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      l.at(i, j) = float(i + j);
      r.at(i, j) = float(i == j ? 2 : 0);
      acc.at(i, j) = 1000.f; // overwritten, not added to
    }
  for (int j = 0; j < 8; ++j)
    bias.at(0, j) = 0.5f * j - 3.f;
  TMATMUL_BIAS(acc, l, r, bias);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      ASSERT_EQ(acc.at(i, j), 2.f * (i + j) + 0.5f * j - 3.f) << i << "," << j;
  Tile<TileType::Bias, float, 1, 8, BLayout::RowMajor, 1, -1> narrow(1, 6);
  TASSIGN(narrow, 0);
  EXPECT_EQ(
      errorOf([&] { TMATMUL_BIAS(acc, l, r, narrow); }),
      "kernel 'bias_kernel': TMATMUL_BIAS: bias valid shape 1x6 is not 1x8");
}

TEST(TileLibMatmul, ShapeErrors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "mm_kernel");
  using LeftT = Tile<TileType::Left, half, 16, 32, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
  using RightT = Tile<TileType::Right, half, 32, 16, BLayout::RowMajor, -1, -1, SLayout::ColMajor>;
  using AccT = Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, -1, -1, SLayout::RowMajor, 1024>;
  LeftT l(16, 32);
  RightT r(30, 16);
  AccT acc(16, 16);
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  EXPECT_EQ(errorOf([&] { TMATMUL(acc, l, r); }),
            "kernel 'mm_kernel': TMATMUL: left is 16x32 but right is 30x16 (k mismatch)");
  r.SetValidShape(32, 16);
  acc.SetValidShape(16, 8);
  EXPECT_TRUE(contains(errorOf([&] { TMATMUL(acc, l, r); }),
                       "TMATMUL: acc valid shape 16x8 differs from m x n = 16x16"));
  AccT in(8, 16);
  TASSIGN(in, 1024);
  acc.SetValidShape(16, 16);
  EXPECT_TRUE(contains(errorOf([&] { TMATMUL_ACC(acc, in, l, r); }),
                       "TMATMUL_ACC: input acc valid shape 8x16"));
}

//===----------------------------------------------------------------------===//
// A kernel built as a shared object, loaded with dlopen
//===----------------------------------------------------------------------===//

bool hasHeaders(const std::string& dir) {
  struct stat st;
  return !dir.empty() && stat((dir + "/pto/pto-inst.hpp").c_str(), &st) == 0;
}

// Walks up from `start` looking for <dir>/include/pypto/Runtime/pto/pto-inst.hpp.
std::string findUpwards(std::string start) {
  while (!start.empty()) {
    std::string cand = start + "/include/pypto/Runtime";
    if (hasHeaders(cand))
      return cand;
    std::string::size_type p = start.rfind('/');
    if (p == std::string::npos)
      break;
    start = start.substr(0, p);
  }
  return std::string();
}

// The directory to pass with -I when building a kernel: $PTO_RUNTIME_INCLUDE_DIR,
// the PTO_RUNTIME_INCLUDE_DIR macro, or found from this file's path, the working
// directory or the test binary's directory.
std::string includeDir() {
  if (const char* env = std::getenv("PTO_RUNTIME_INCLUDE_DIR"))
    return env;
#ifdef PTO_RUNTIME_INCLUDE_DIR
  if (hasHeaders(PTO_RUNTIME_INCLUDE_DIR))
    return PTO_RUNTIME_INCLUDE_DIR;
#endif
  char buf[4096];
  std::string cwd = getcwd(buf, sizeof(buf)) ? std::string(buf) : std::string();
  std::string file = __FILE__;
  std::string::size_type p = file.rfind('/');
  std::string fileDir = p == std::string::npos ? std::string(".") : file.substr(0, p);
  if (fileDir[0] != '/')
    fileDir = cwd + "/" + fileDir;
  std::string exeDir;
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n > 0) {
    buf[n] = 0;
    exeDir = buf;
    exeDir = exeDir.substr(0, exeDir.rfind('/'));
  }
  for (const std::string& start : {fileDir, cwd, exeDir})
    if (std::string d = findUpwards(start); !d.empty())
      return d;
  return std::string();
}

const char *kKernelSource = R"CPP(
#include <pto/gemm.hpp>
#include <pto/pto-inst.hpp>
using namespace pto;

__global__ AICORE void kernel_axpb(__gm__ float* x, __gm__ float* y, float a, int32_t rows) {
  using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1, SLayout::NoneBox,
                     512, PadValue::Null, CompactMode::Null>;
  TileT t(rows, 64);
  TASSIGN(t, 0);
  TileT u(rows, 64);
  TASSIGN(u, 4096);
  pto::Shape<1, 1, 1, -1, 64> sh(rows);
  pto::Stride<1024, 1024, 1024, 64, 1> st;
  GlobalTensor<float, pto::Shape<1, 1, 1, -1, 64>, pto::Stride<1024, 1024, 1024, 64, 1>, pto::Layout::ND>
      gx(x, sh, st), gy(y, sh, st);
  TLOAD(t, gx);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  TMULS(u, t, a);
  TADDS(u, u, 1.0f);
  pipe_barrier(PIPE_V);
  TSTORE(gy, u);
}

extern "C" void kernel_entry(int64_t* args) {
  double unused;
  (void)unused;
  uint64_t bitsA = (uint64_t)args[2];
  uint32_t lo = (uint32_t)bitsA;
  float a;
  __builtin_memcpy(&a, &lo, 4);
  kernel_axpb(reinterpret_cast<float*>(args[0]), reinterpret_cast<float*>(args[1]), a,
              (int32_t)args[3]);
}
)CPP";

TEST(TileLibSharedObject, BuildLoadBindAndRun) {
  std::string inc = includeDir();
  ASSERT_TRUE(hasHeaders(inc)) << "pto/pto-inst.hpp not found (set PTO_RUNTIME_INCLUDE_DIR)";
  char tmpl[] = "/tmp/pto_tilelib_XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  std::string dir = tmpl;
  std::string src = dir + "/kernel.cpp", so = dir + "/kernel.so", log = dir + "/build.log";
  {
    std::ofstream out(src);
    out << kKernelSource;
  }
  const char* cxx = std::getenv("CXX");
  std::string cmd = std::string(cxx ? cxx : "g++") + " -std=c++17 -O1 -shared -fPIC -I'" + inc +
                    "' '" + src + "' -o '" + so + "' >'" + log + "' 2>&1";
  int rc = std::system(cmd.c_str());
  std::string logText;
  {
    std::ifstream in(log);
    logText.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  ASSERT_EQ(rc, 0) << cmd << "\n" << logText;

  void* h = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(h, nullptr) << dlerror();
  using BindFn = void (*)(sim::CoreContext*);
  using EntryFn = void (*)(int64_t*);
  auto bind = reinterpret_cast<BindFn>(dlsym(h, "pto_sim_bind_core"));
  auto entry = reinterpret_cast<EntryFn>(dlsym(h, "kernel_entry"));
  ASSERT_NE(bind, nullptr);
  ASSERT_NE(entry, nullptr);
  EXPECT_NE(reinterpret_cast<void*>(bind), reinterpret_cast<void*>(&pto_sim_bind_core))
      << "the kernel object must carry its own hook";

  std::vector<uint8_t> ub(8192);
  sim::CoreContext ctx{};
  ctx.kernel_name = "kernel_axpb";
  ctx.base[(int)sim::Space::UB] = ub.data();
  ctx.capacity[(int)sim::Space::UB] = ub.size();
  ctx.raise = &throwingRaise;

  std::vector<float> x(16 * 64), y(16 * 64, -7.f);
  for (int i = 0; i < 16 * 64; ++i)
    x[i] = float(i % 97) * 0.25f;
  float a = 3.0f;
  uint32_t abits;
  std::memcpy(&abits, &a, 4);
  int64_t args[50] = {};
  args[0] = reinterpret_cast<int64_t>(x.data());
  args[1] = reinterpret_cast<int64_t>(y.data());
  args[2] = int64_t(abits);
  args[3] = 10; // rows
  bind(&ctx);
  entry(args);
  bind(nullptr);
  for (int i = 0; i < 16 * 64; ++i)
    ASSERT_EQ(y[i], i < 10 * 64 ? x[i] * 3.0f + 1.0f : -7.f) << i;
  // The kernel used the bound core's arena.
  float first;
  std::memcpy(&first, ub.data(), 4);
  EXPECT_EQ(first, x[0]);

  // Errors in the kernel go through the bound core's raise.
  ctx.capacity[(int)sim::Space::UB] = 6144;
  bind(&ctx);
  std::string e;
  try {
    entry(args);
  } catch (const RaisedError& err) {
    e = err.what();
  }
  bind(nullptr);
  EXPECT_EQ(e, "kernel 'kernel_axpb': tile of 4096 bytes at offset 4096 overflows UB (capacity "
               "6144 bytes)");
  dlclose(h);
  std::remove(src.c_str());
  std::remove(so.c_str());
  std::remove(log.c_str());
  rmdir(dir.c_str());
}

} // namespace

// The blocked product computes every element in k order, a rounded product
// then a rounded sum per step, bit for bit as a plain loop does (NaNs as
// NaNs): shapes with row and column tails, signed zeros, infinities and NaNs
// among the values, and a full 128x128x128 block; f32 and i32 (i8 inputs)
// sums.
template <typename A>
__attribute__((optimize("fp-contract=off"))) void
sequentialProduct(const std::vector<A> &a, const std::vector<A> &b,
                  std::vector<A> &c, int M, int N, int K) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      A sum = c[size_t(i) * N + j];
      for (int k = 0; k < K; ++k)
        sum = sum + a[size_t(i) * K + k] * b[size_t(k) * N + j];
      c[size_t(i) * N + j] = sum;
    }
}

template <typename A>
void checkBlockedProduct(int M, int N, int K, uint64_t seed) {
  Rng rng(seed);
  std::vector<A> a(size_t(M) * K), b(size_t(K) * N), c(size_t(M) * N);
  for (auto *v : {&a, &b, &c})
    for (A &x : *v) {
      if constexpr (std::is_same_v<A, float>) {
        x = float(rng.uniform(-3, 3));
        uint64_t pick = rng.next() % 97;
        if (pick == 0)
          x = -0.0f;
        else if (pick == 1)
          x = std::numeric_limits<float>::infinity();
        else if (pick == 2)
          x = std::nanf("");
      } else {
        x = A(int(rng.next() % 255) - 127);
      }
    }
  const std::vector<A> initial = c;
  std::vector<A> expected = c, narrow = c;
  sequentialProduct(a, b, expected, M, N, K);
  auto sameBits = [&](const std::vector<A> &got, const char *form) {
    for (size_t e = 0; e < got.size(); ++e) {
      // A NaN's sign and payload follow operand positions, which the
      // compiler may swap in a commutative add: NaNs match as NaNs.
      if constexpr (std::is_same_v<A, float>)
        if (std::isnan(got[e]) && std::isnan(expected[e]))
          continue;
      uint32_t g, w;
      std::memcpy(&g, &got[e], 4);
      std::memcpy(&w, &expected[e], 4);
      ASSERT_EQ(g, w) << form << ": element " << e << " of " << M << "x" << N
                      << "x" << K;
    }
  };
  // The form this host uses (AVX2 where it has it), and the 4-lane form.
  pto::detail::gemm(a.data(), b.data(), c.data(), M, N, K);
  sameBits(c, "host");
  pto::detail::gemmBlocked<A, 4>(a.data(), b.data(), narrow.data(), M, N, K);
  sameBits(narrow, "4 lanes");
  if (__builtin_cpu_supports("avx2")) {
    std::vector<A> eight = initial;
    pto::detail::gemmAvx2(a.data(), b.data(), eight.data(), M, N, K);
    sameBits(eight, "8 lanes");
  }
}

TEST(TileLibMatmul, BlockedProductIsTheSequentialOrderBitForBit) {
  checkBlockedProduct<float>(13, 37, 50, 21);
  checkBlockedProduct<float>(128, 128, 128, 22);
  checkBlockedProduct<float>(1, 7, 3, 23);
  checkBlockedProduct<int32_t>(13, 37, 50, 24);
  checkBlockedProduct<int32_t>(128, 128, 128, 25);
}

// Operands whose products are all exact (at most 12 significant bits,
// magnitudes in [2^-63, 2^63), or zero: bf16 and f16 values) take the fused
// multiply-add forms, which must give the plain loop's bits; anything else
// must keep the plain steps, where a fused step would change them.
TEST(TileLibMatmul, FusedFormOnlyWhereEveryProductIsExact) {
  using pto::detail::shortOperands;
  if (!__builtin_cpu_supports("avx2"))
    GTEST_SKIP() << "no AVX2 here: the fused forms and their check never run";
  const float maxShort = std::ldexp(4095.0f, 51); // 12 bits, just below 2^63
  for (float x : {0.0f, -0.0f, std::ldexp(1.0f, -63), maxShort, -maxShort, 1.5f,
                  -3.25f, pto::bfloat16_t::fromBits(0x3f81).toFloat(),
                  float(pto::half(0.1f)), float(pto::half(6e-8f))})
    EXPECT_TRUE(shortOperands(&x, 1)) << x;
  for (float x : {std::ldexp(1.0f, -64), std::ldexp(1.0f, 63), 1.0f + 0x1p-12f,
                  std::numeric_limits<float>::denorm_min(),
                  std::numeric_limits<float>::infinity(), std::nanf("")})
    EXPECT_FALSE(shortOperands(&x, 1)) << x;

  // One value out of range among 300 short ones is found in the vector
  // chunks too, not only in the scalar tail.
  for (float bad : {std::ldexp(1.0f, -64), std::ldexp(1.0f, 63), -maxShort * 2,
                    1.0f + 0x1p-12f, std::numeric_limits<float>::denorm_min(),
                    -std::numeric_limits<float>::infinity(), std::nanf("")}) {
    std::vector<float> values(300, 1.5f);
    values[100] = bad;
    EXPECT_FALSE(shortOperands(values.data(), values.size())) << bad;
    values[100] = 0.75f;
    EXPECT_TRUE(shortOperands(values.data(), values.size()));
  }

  bool fusedAvx2 =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  bool fusedAvx512 = __builtin_cpu_supports("avx512f");
  auto checkAllForms = [&](int M, int N, int K, uint64_t seed) {
    Rng rng(seed);
    std::vector<float> a(size_t(M) * K), b(size_t(K) * N), c(size_t(M) * N);
    for (auto *v : {&a, &b})
      for (float &x : *v) {
        // bf16 values over a wide range of scales, zeros and the ends.
        uint64_t pick = rng.next() % 53;
        x = std::ldexp(float(int(rng.next() % 511) - 255) / 128.0f,
                       int(rng.next() % 100) - 50);
        if (pick == 0)
          x = -0.0f;
        else if (pick == 1)
          x = std::ldexp(1.0f, -63);
        else if (pick == 2)
          x = -maxShort;
      }
    for (float &x : c)
      x = float(rng.uniform(-1e6, 1e6)); // full f32 precision
    ASSERT_TRUE(shortOperands(a.data(), a.size()));
    ASSERT_TRUE(shortOperands(b.data(), b.size()));
    std::vector<float> expected = c;
    sequentialProduct(a, b, expected, M, N, K);
    auto sameBits = [&](std::vector<float> got, const char *form) {
      ASSERT_EQ(0, std::memcmp(got.data(), expected.data(), got.size() * 4))
          << form << " " << M << "x" << N << "x" << K;
    };
    std::vector<float> host = c;
    pto::detail::gemm(a.data(), b.data(), host.data(), M, N, K);
    sameBits(host, "host");
    if (fusedAvx2) {
      std::vector<float> got = c;
      pto::detail::gemmFusedAvx2(a.data(), b.data(), got.data(), M, N, K);
      sameBits(got, "fused 8 lanes");
    }
    if (fusedAvx512) {
      std::vector<float> got = c;
      pto::detail::gemmFusedAvx512(a.data(), b.data(), got.data(), M, N, K);
      sameBits(got, "fused 16 lanes");
    }
  };
  checkAllForms(13, 37, 50, 31);
  checkAllForms(128, 128, 128, 32);
  checkAllForms(6, 64, 1, 33);

  // Where a product is not exact the host keeps the plain steps, and a fused
  // step would differ: 2^-75 * 2^-75 = 2^-150 rounds to 0 on its own (a tie,
  // to even), so 2^-149 + it stays 2^-149, while fused 2^-149 + 2^-150 is a
  // tie that rounds to 2^-148. And 2^64 * 2^64 overflows to infinity, while
  // fused -FLT_MAX + 2^128 is 2^104. 32 columns reach the vector loops.
  const int N = 32;
  for (auto [x, start] :
       {std::pair{std::ldexp(1.0f, -75), std::ldexp(1.0f, -149)},
        std::pair{std::ldexp(1.0f, 64), -std::numeric_limits<float>::max()}}) {
    std::vector<float> a{x}, b(N, x), c(N, start), expected = c;
    sequentialProduct(a, b, expected, 1, N, 1);
    EXPECT_FALSE(shortOperands(a.data(), 1));
    std::vector<float> host = c;
    pto::detail::gemm(a.data(), b.data(), host.data(), 1, N, 1);
    EXPECT_EQ(0, std::memcmp(host.data(), expected.data(), N * 4)) << x;
    if (fusedAvx2) {
      std::vector<float> fused = c;
      pto::detail::gemmFusedAvx2(a.data(), b.data(), fused.data(), 1, N, 1);
      EXPECT_NE(fused[0], expected[0])
          << "the data cannot tell the forms apart";
    }
  }
  // A 13th significant bit: not exact either, and random f32 data differs.
  Rng rng(34);
  std::vector<float> a(64 * 64), b(64 * 64), c(64 * 64, 0.0f);
  for (auto *v : {&a, &b})
    for (float &x : *v)
      x = float(rng.uniform(-3, 3));
  EXPECT_FALSE(shortOperands(a.data(), a.size()));
  std::vector<float> expected = c, host = c;
  sequentialProduct(a, b, expected, 64, 64, 64);
  pto::detail::gemm(a.data(), b.data(), host.data(), 64, 64, 64);
  EXPECT_EQ(0, std::memcmp(host.data(), expected.data(), host.size() * 4));
  if (fusedAvx2) {
    std::vector<float> fused = c;
    pto::detail::gemmFusedAvx2(a.data(), b.data(), fused.data(), 64, 64, 64);
    EXPECT_NE(0, std::memcmp(fused.data(), expected.data(), fused.size() * 4));
  }
}
