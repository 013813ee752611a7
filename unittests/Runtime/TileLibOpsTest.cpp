//===- TileLibOpsTest.cpp - Elementwise tile instructions vs a reference --===//
//
// Tile-tile, tile-scalar and unary instructions on f32, f16, bf16, i32, i16,
// i8 and u8 over full and partial (dynamic) valid shapes, mixed layouts and in
// place, against references computed in double / int64. Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime unittests/Runtime/TileLibOpsTest.cpp
//       -lgtest -lgtest_main -pthread
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

//===----------------------------------------------------------------------===//
// Generic drivers
//===----------------------------------------------------------------------===//

// dst = op(a, b) on fresh tiles of the given layouts and valid shape; checks the
// valid region against ref and that the rest of dst is untouched.
template <typename D, typename A, typename B, typename Op, typename Ref, typename GA, typename GB>
void binaryCase(const std::string& name, int vr, int vc, uint64_t seed, Op op, Ref ref, GA ga,
                GB gb) {
  using T = typename D::DType;
  D d(vr, vc);
  A a(vr, vc);
  B b(vr, vc);
  TASSIGN(a, 0);
  TASSIGN(b, 8192);
  TASSIGN(d, 16384);
  Rng rng(seed);
  fillWith(a, [&] { return ga(rng); });
  fillWith(b, [&] { return gb(rng); });
  fillRandom(d, rng);
  std::vector<T> e;
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      e.push_back(ref(a.at(r, c), b.at(r, c)));
  const auto before = snapshot(d);
  op(d, a, b);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(sameValue(d.at(r, c), e[r * vc + c]))
          << name << " at (" << r << "," << c << ") of " << vr << "x" << vc << ": "
          << show(a.at(r, c)) << " , " << show(b.at(r, c)) << " -> got " << show(d.at(r, c))
          << " want " << show(e[r * vc + c]);
  EXPECT_TRUE(outsideUntouched(d, before, vr, vc)) << name << ": wrote outside the valid region";
}

template <typename T, typename Op, typename Ref, typename GA, typename GB>
void runBinary(const std::string& name, Op op, Ref ref, GA ga, GB gb) {
  SCOPED_TRACE(name);
  uint64_t seed = std::hash<std::string>{}(name) % 100000;
  binaryCase<RM<T>, RM<T>, RM<T>>(name, 32, 32, seed++, op, ref, ga, gb);
  binaryCase<RM<T>, RM<T>, RM<T>>(name, 7, 19, seed++, op, ref, ga, gb);
  binaryCase<CM<T>, RM<T>, NZ<T>>(name, 25, 31, seed++, op, ref, ga, gb);
  binaryCase<ZN<T>, CM<T>, ZN<T>>(name, 9, 20, seed++, op, ref, ga, gb);
  binaryCase<NZ<T>, NZ<T>, NZ<T>>(name, 0, 5, seed++, op, ref, ga, gb);
  // In place: a = a op b (row-major) and n = m op n (boxed).
  Rng rng(seed);
  RM<T> a(12, 30), b(12, 30);
  TASSIGN(a, 0);
  TASSIGN(b, 8192);
  fillWith(a, [&] { return ga(rng); });
  fillWith(b, [&] { return gb(rng); });
  std::vector<T> e;
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 30; ++c)
      e.push_back(ref(a.at(r, c), b.at(r, c)));
  op(a, a, b);
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 30; ++c)
      ASSERT_TRUE(sameValue(a.at(r, c), e[r * 30 + c])) << name << " in place (dst = src0)";
  NZ<T> m(32, 17), n(32, 17);
  TASSIGN(m, 0);
  TASSIGN(n, 8192);
  fillWith(m, [&] { return ga(rng); });
  fillWith(n, [&] { return gb(rng); });
  e.clear();
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 17; ++c)
      e.push_back(ref(m.at(r, c), n.at(r, c)));
  op(n, m, n);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 17; ++c)
      ASSERT_TRUE(sameValue(n.at(r, c), e[r * 17 + c])) << name << " in place (dst = src1)";
}

// dst = op(a) with a checker check(got, a) -> bool.
template <typename D, typename A, typename Op, typename Check, typename GA>
void unaryCase(const std::string& name, int vr, int vc, uint64_t seed, Op op, Check check, GA ga,
               bool inPlace) {
  using T = typename D::DType;
  D d(vr, vc);
  A a(vr, vc);
  TASSIGN(a, 0);
  TASSIGN(d, 16384);
  Rng rng(seed);
  fillWith(a, [&] { return ga(rng); });
  fillRandom(d, rng);
  std::vector<T> in;
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      in.push_back(a.at(r, c));
  if (inPlace) {
    op(a, a);
    for (int r = 0; r < vr; ++r)
      for (int c = 0; c < vc; ++c)
        ASSERT_TRUE(check(a.at(r, c), in[r * vc + c]))
            << name << " in place at (" << r << "," << c << "): " << show(in[r * vc + c])
            << " -> " << show(a.at(r, c));
    return;
  }
  const auto before = snapshot(d);
  op(d, a);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      ASSERT_TRUE(check(d.at(r, c), in[r * vc + c]))
          << name << " at (" << r << "," << c << "): " << show(in[r * vc + c]) << " -> "
          << show(d.at(r, c));
  EXPECT_TRUE(outsideUntouched(d, before, vr, vc)) << name << ": wrote outside the valid region";
}

template <typename T, typename Op, typename Check, typename GA>
void runUnaryCheck(const std::string& name, Op op, Check check, GA ga) {
  SCOPED_TRACE(name);
  uint64_t seed = std::hash<std::string>{}(name) % 100000;
  unaryCase<RM<T>, RM<T>>(name, 32, 32, seed++, op, check, ga, false);
  unaryCase<RM<T>, RM<T>>(name, 5, 23, seed++, op, check, ga, false);
  unaryCase<NZ<T>, CM<T>>(name, 30, 7, seed++, op, check, ga, false);
  unaryCase<ZN<T>, NZ<T>>(name, 17, 32, seed++, op, check, ga, false);
  unaryCase<CM<T>, CM<T>>(name, 0, 0, seed++, op, check, ga, false);
  unaryCase<RM<T>, RM<T>>(name, 11, 29, seed++, op, check, ga, true);
  unaryCase<NZ<T>, NZ<T>>(name, 32, 9, seed++, op, check, ga, true);
}

// Exact reference: ref(x) -> T.
template <typename T, typename Op, typename Ref, typename GA>
void runUnary(const std::string& name, Op op, Ref ref, GA ga) {
  runUnaryCheck<T>(name, op, [&](T got, T x) { return sameValue(got, ref(x)); }, ga);
}

template <typename T>
auto anyValue() {
  return [](Rng& rng) { return randomValue<T>(rng); };
}
// Nonzero values (divisors).
template <typename T>
auto nonzeroValue() {
  return [](Rng& rng) {
    for (;;) {
      T v = randomValue<T>(rng);
      if (toD(v) != 0)
        return v;
    }
  };
}
// Small integers in [lo, hi] (as T).
template <typename T>
auto smallInt(int lo, int hi) {
  return [lo, hi](Rng& rng) { return static_cast<T>(rng.range(lo, hi)); };
}

// Integer reference helpers (int64 arithmetic wrapped to T).
template <typename T>
int64_t I(T v) {
  return static_cast<int64_t>(v);
}

template <typename T>
T refBinary(const std::string& op, T a, T b) {
  if constexpr (isFloat<T>) {
    const double x = toD(a), y = toD(b);
    double r = 0;
    if (op == "add") r = x + y;
    else if (op == "sub") r = x - y;
    else if (op == "mul") r = x * y;
    else if (op == "div") r = x / y;
    else if (op == "max") r = x > y ? x : y;
    else if (op == "min") r = x < y ? x : y;
    else if (op == "fmod") r = std::fmod(x, y);
    else if (op == "rem") {
      r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
    }
    return refRound<T>(r);
  } else {
    const int64_t x = I(a), y = I(b);
    const int bits = sizeof(T) * 8;
    int64_t r = 0;
    if (op == "add") r = x + y;
    else if (op == "sub") r = x - y;
    else if (op == "mul") r = x * y;
    else if (op == "div") r = x / y;
    else if (op == "max") r = x > y ? x : y;
    else if (op == "min") r = x < y ? x : y;
    else if (op == "fmod") r = x % y;
    else if (op == "rem") {
      r = x % y;
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
    } else if (op == "and") r = x & y;
    else if (op == "or") r = x | y;
    else if (op == "xor") r = x ^ y;
    else if (op == "shl") r = y >= bits ? 0 : int64_t(uint64_t(x) << y);
    else if (op == "shr") r = y >= bits ? (x < 0 ? -1 : 0) : (x >> y);
    return wrapInt<T>(r);
  }
}

//===----------------------------------------------------------------------===//
// Tile-tile
//===----------------------------------------------------------------------===//

template <typename T>
class TileLibOps : public ::testing::Test {};
using AllTypes = ::testing::Types<Elem<float>, Elem<half>, Elem<bfloat16_t>, Elem<int32_t>,
                                  Elem<int16_t>, Elem<int8_t>, Elem<uint8_t>>;
TYPED_TEST_SUITE(TileLibOps, AllTypes);

template <typename T>
class TileLibIntOps : public ::testing::Test {};
using IntTypes = ::testing::Types<Elem<int32_t>, Elem<int16_t>, Elem<int8_t>, Elem<uint8_t>,
                                  Elem<uint16_t>, Elem<uint32_t>>;
TYPED_TEST_SUITE(TileLibIntOps, IntTypes);

template <typename T>
class TileLibFloatOps : public ::testing::Test {};
using FloatTypes = ::testing::Types<Elem<float>, Elem<half>, Elem<bfloat16_t>>;
TYPED_TEST_SUITE(TileLibFloatOps, FloatTypes);

#define BIN_OP(INSTR) [](auto& d, const auto& a, const auto& b) { INSTR(d, a, b); }
#define REF2(NAME) [](T a, T b) { return refBinary<T>(NAME, a, b); }

TYPED_TEST(TileLibOps, ArithmeticTileTile) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runBinary<T>("TADD", BIN_OP(TADD), REF2("add"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TSUB", BIN_OP(TSUB), REF2("sub"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TMUL", BIN_OP(TMUL), REF2("mul"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TDIV", BIN_OP(TDIV), REF2("div"), anyValue<T>(), nonzeroValue<T>());
  runBinary<T>("TMAX", BIN_OP(TMAX), REF2("max"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TMIN", BIN_OP(TMIN), REF2("min"), anyValue<T>(), anyValue<T>());
}

TYPED_TEST(TileLibOps, RemainderTileTile) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runBinary<T>("TREM", BIN_OP(TREM), REF2("rem"), anyValue<T>(), nonzeroValue<T>());
  runBinary<T>("TFMOD", BIN_OP(TFMOD), REF2("fmod"), anyValue<T>(), nonzeroValue<T>());
  // The tmp form of TREM.
  RM<T> a(4, 32), b(4, 32), d(4, 32), tmp(4, 32);
  TASSIGN(a, 0);
  TASSIGN(b, 4096);
  TASSIGN(d, 8192);
  TASSIGN(tmp, 12288);
  Rng rng(7);
  fillRandom(a, rng);
  fillWith(b, [&] { return nonzeroValue<T>()(rng); });
  TREM(d, a, b, tmp);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 32; ++c)
      ASSERT_TRUE(sameValue(d.at(r, c), refBinary<T>("rem", a.at(r, c), b.at(r, c))));
}

TEST(TileLibOpsRem, SignConventions) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using F = Tile<TileType::Vec, float, 1, 8>;
  using Iv = Tile<TileType::Vec, int32_t, 1, 8>;
  F a, b, d;
  Iv ia, ib, id;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  TASSIGN(ia, 192);
  TASSIGN(ib, 256);
  TASSIGN(id, 320);
  const float xs[8] = {7, -7, 7, -7, 6, -6, 7.5f, -7.5f};
  const float ys[8] = {3, 3, -3, -3, 3, 3, 2, 2};
  for (int i = 0; i < 8; ++i) {
    a.at(0, i) = xs[i];
    b.at(0, i) = ys[i];
    ia.at(0, i) = int32_t(xs[i] * 2);
    ib.at(0, i) = int32_t(ys[i]);
  }
  TREM(d, a, b);
  const float rem[8] = {1, 2, -2, -1, 0, 0, 1.5f, 0.5f};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(d.at(0, i), rem[i]) << i;
  TFMOD(d, a, b);
  const float fm[8] = {1, -1, 1, -1, 0, -0.0f, 1.5f, -1.5f};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(d.at(0, i), fm[i]) << i;
  TREM(id, ia, ib); // 14 % 3, -14 % 3, 14 % -3, -14 % -3, 12 % 3, -12 % 3, 15 % 2, -15 % 2
  const int32_t irem[8] = {2, 1, -1, -2, 0, 0, 1, 1};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(id.at(0, i), irem[i]) << i;
  TFMOD(id, ia, ib);
  const int32_t ifm[8] = {2, -2, 2, -2, 0, 0, 1, -1};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(id.at(0, i), ifm[i]) << i;
}

TYPED_TEST(TileLibIntOps, BitwiseAndShiftTileTile) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  const int bits = sizeof(T) * 8;
  runBinary<T>("TAND", BIN_OP(TAND), REF2("and"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TOR", BIN_OP(TOR), REF2("or"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TXOR", BIN_OP(TXOR), REF2("xor"), anyValue<T>(), anyValue<T>());
  runBinary<T>("TXOR+tmp", [](auto& d, const auto& a, const auto& b) { TXOR(d, a, b, b); },
               REF2("xor"), anyValue<T>(), anyValue<T>());
  // Counts 0 .. bits+1 (>= bits: 0, or -1 for negative values shifted right).
  runBinary<T>("TSHL", BIN_OP(TSHL), REF2("shl"), anyValue<T>(), smallInt<T>(0, bits + 1));
  runBinary<T>("TSHR", BIN_OP(TSHR), REF2("shr"), anyValue<T>(), smallInt<T>(0, bits + 1));
}

TEST(TileLibOpsInt, WrapAroundAndDivisionEdgeCases) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using I32 = Tile<TileType::Vec, int32_t, 1, 8>;
  using U8 = Tile<TileType::Vec, uint8_t, 1, 32>;
  I32 a, b, d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  const int32_t mn = std::numeric_limits<int32_t>::min(), mx = std::numeric_limits<int32_t>::max();
  for (int i = 0; i < 8; ++i) {
    a.at(0, i) = i % 2 ? mn : mx;
    b.at(0, i) = i % 2 ? -1 : 1;
  }
  TADD(d, a, b); // max + 1 wraps to min, min + -1 wraps to max
  EXPECT_EQ(d.at(0, 0), mn);
  EXPECT_EQ(d.at(0, 1), mx);
  TDIV(d, a, b); // min / -1 wraps to min
  EXPECT_EQ(d.at(0, 1), mn);
  TREM(d, a, b);
  EXPECT_EQ(d.at(0, 1), 0);
  TMUL(d, a, a);
  EXPECT_EQ(d.at(0, 0), 1); // (2^31-1)^2 mod 2^32
  U8 x, y, z;
  TASSIGN(x, 256);
  TASSIGN(y, 320);
  TASSIGN(z, 384);
  for (int i = 0; i < 32; ++i) {
    x.at(0, i) = uint8_t(200 + i);
    y.at(0, i) = uint8_t(100);
  }
  TADD(z, x, y);
  EXPECT_EQ(z.at(0, 0), uint8_t(44));
  TSUB(z, y, x);
  EXPECT_EQ(z.at(0, 0), uint8_t(156));
  TMULS(z, x, uint8_t(2));
  EXPECT_EQ(z.at(0, 1), uint8_t(146));
  b.at(0, 3) = 0;
  EXPECT_TRUE(contains(errorOf([&] { TREM(d, a, b); }), "TREM: integer division by zero"));
  EXPECT_TRUE(contains(errorOf([&] { TFMOD(d, a, b); }), "TFMOD: integer division by zero"));
  for (int i = 0; i < 8; ++i)
    b.at(0, i) = 1;
  b.at(0, 3) = -2;
  EXPECT_TRUE(contains(errorOf([&] { TSHL(d, a, b); }), "TSHL: negative shift count -2"));
}

//===----------------------------------------------------------------------===//
// Tile-scalar
//===----------------------------------------------------------------------===//

// dst = op(src, k) via binaryCase with b filled with k (the reference sees k).
template <typename T, typename Op, typename Ref, typename GA>
void runScalar(const std::string& name, T k, Op op, Ref ref, GA ga) {
  runBinary<T>(
      name, [k, op](auto& d, const auto& a, const auto& /*b*/) { op(d, a, k); },
      [k, ref](T a, T /*b*/) { return ref(a, k); }, ga, [k](Rng&) { return k; });
}

#define SCALAR_OP(INSTR) [](auto& d, const auto& a, T k) { INSTR(d, a, k); }

TYPED_TEST(TileLibOps, ArithmeticTileScalar) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Rng rng(11);
  const T k = nonzeroValue<T>()(rng);
  runScalar<T>("TADDS", k, SCALAR_OP(TADDS), REF2("add"), anyValue<T>());
  runScalar<T>("TSUBS", k, SCALAR_OP(TSUBS), REF2("sub"), anyValue<T>());
  runScalar<T>("TMULS", k, SCALAR_OP(TMULS), REF2("mul"), anyValue<T>());
  runScalar<T>("TDIVS", k, SCALAR_OP(TDIVS), REF2("div"), anyValue<T>());
  runScalar<T>("TMAXS", k, SCALAR_OP(TMAXS), REF2("max"), anyValue<T>());
  runScalar<T>("TMINS", k, SCALAR_OP(TMINS), REF2("min"), anyValue<T>());
  runScalar<T>("TREMS", k, SCALAR_OP(TREMS), REF2("rem"), anyValue<T>());
  runScalar<T>("TFMODS", k, SCALAR_OP(TFMODS), REF2("fmod"), anyValue<T>());
  runScalar<T>("TREMS+tmp", k, [](auto& d, const auto& a, T kk) { TREMS(d, a, kk, d); },
               REF2("rem"), anyValue<T>());
  // scalar / src
  runBinary<T>(
      "TDIVS(k/src)", [k](auto& d, const auto& /*a*/, const auto& b) { TDIVS(d, k, b); },
      [k](T /*a*/, T b) { return refBinary<T>("div", k, b); }, anyValue<T>(), nonzeroValue<T>());
}

TYPED_TEST(TileLibIntOps, BitwiseAndShiftTileScalar) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Rng rng(12);
  const T k = randomValue<T>(rng);
  runScalar<T>("TANDS", k, SCALAR_OP(TANDS), REF2("and"), anyValue<T>());
  runScalar<T>("TORS", k, SCALAR_OP(TORS), REF2("or"), anyValue<T>());
  runScalar<T>("TXORS", k, SCALAR_OP(TXORS), REF2("xor"), anyValue<T>());
  runScalar<T>("TXORS+tmp", k, [](auto& d, const auto& a, T kk) { TXORS(d, a, kk, d); },
               REF2("xor"), anyValue<T>());
  for (int n : {0, 1, 3, int(sizeof(T) * 8) - 1, int(sizeof(T) * 8)}) {
    const T cnt = static_cast<T>(n);
    runScalar<T>("TSHLS " + std::to_string(n), cnt, SCALAR_OP(TSHLS), REF2("shl"), anyValue<T>());
    runScalar<T>("TSHRS " + std::to_string(n), cnt, SCALAR_OP(TSHRS), REF2("shr"), anyValue<T>());
  }
}

template <typename T>
T refLrelu(T x, T k) {
  if constexpr (isFloat<T>)
    return toD(x) > 0 ? x : refRound<T>(toD(x) * toD(k));
  else
    return x > 0 ? x : wrapInt<T>(I(x) * I(k));
}

TYPED_TEST(TileLibOps, LeakyRelu) {
  using T = typename TypeParam::type;
  if constexpr (std::is_signed_v<T> || isFloat<T>) {
    sim::ScopedDefaultCore guard(sim::Arch::A5);
    const T k = isFloat<T> ? refRound<T>(0.1) : T(3);
    runScalar<T>("TLRELU", k, SCALAR_OP(TLRELU), [](T x, T kk) { return refLrelu(x, kk); },
                 anyValue<T>());
  }
}

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

#define UN_OP(INSTR) [](auto& d, const auto& a) { INSTR(d, a); }

TYPED_TEST(TileLibOps, NegAbsRelu) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  if constexpr (isFloat<T>) {
    runUnary<T>("TNEG", UN_OP(TNEG), [](T x) { return refRound<T>(-toD(x)); }, anyValue<T>());
    runUnary<T>("TABS", UN_OP(TABS), [](T x) { return refRound<T>(std::fabs(toD(x))); },
                anyValue<T>());
    runUnary<T>("TRELU", UN_OP(TRELU), [](T x) { return refRound<T>(toD(x) < 0 ? 0.0 : toD(x)); },
                anyValue<T>());
  } else {
    runUnary<T>("TNEG", UN_OP(TNEG), [](T x) { return wrapInt<T>(-I(x)); }, anyValue<T>());
    runUnary<T>("TABS", UN_OP(TABS), [](T x) { return wrapInt<T>(I(x) < 0 ? -I(x) : I(x)); },
                anyValue<T>());
    runUnary<T>("TRELU", UN_OP(TRELU), [](T x) { return I(x) < 0 ? T(0) : x; }, anyValue<T>());
  }
}

TYPED_TEST(TileLibIntOps, Not) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runUnary<T>("TNOT", UN_OP(TNOT), [](T x) { return wrapInt<T>(~I(x)); }, anyValue<T>());
}

TYPED_TEST(TileLibFloatOps, Transcendental) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  auto positive = [](Rng& rng) { return refRound<T>(rng.uniform(0.01, 100.0)); };
  // Correctly rounded ones must match exactly.
  runUnary<T>("TSQRT", UN_OP(TSQRT), [](T x) { return refRound<T>(std::sqrt(toD(x))); }, positive);
  runUnary<T>("TRECIP", UN_OP(TRECIP), [](T x) { return refRound<T>(1.0 / toD(x)); },
              anyValue<T>());
  // The others within one unit in the last place.
  auto within1ulp = [](auto refFn) {
    return [refFn](T got, T x) { return ulpDiff(got, refRound<T>(refFn(toD(x)))) <= 1.0; };
  };
  runUnaryCheck<T>("TEXP", UN_OP(TEXP), within1ulp([](double x) { return std::exp(x); }),
                   anyValue<T>());
  runUnaryCheck<T>("TLOG", UN_OP(TLOG), within1ulp([](double x) { return std::log(x); }), positive);
  runUnaryCheck<T>("TRSQRT", UN_OP(TRSQRT),
                   within1ulp([](double x) { return 1.0 / std::sqrt(x); }), positive);
  runUnaryCheck<T>(
      "TRSQRT+tmp", [](auto& d, const auto& a) { TRSQRT(d, a, d); },
      within1ulp([](double x) { return 1.0 / std::sqrt(x); }), positive);
}

TEST(TileLibOpsUnary, SpecialValues) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using F = Tile<TileType::Vec, float, 1, 8>;
  F a, d;
  TASSIGN(a, 0);
  TASSIGN(d, 64);
  const float inf = std::numeric_limits<float>::infinity();
  const float xs[8] = {0.0f, -0.0f, -1.0f, inf, -inf, 1.0f, 4.0f, 0.25f};
  for (int i = 0; i < 8; ++i)
    a.at(0, i) = xs[i];
  TLOG(d, a);
  EXPECT_EQ(d.at(0, 0), -inf);
  EXPECT_TRUE(std::isnan(d.at(0, 2)));
  EXPECT_EQ(d.at(0, 3), inf);
  TSQRT(d, a);
  EXPECT_TRUE(std::signbit(d.at(0, 1)) && d.at(0, 1) == 0.0f);
  EXPECT_EQ(d.at(0, 6), 2.0f);
  TRSQRT(d, a);
  EXPECT_EQ(d.at(0, 0), inf);
  EXPECT_EQ(d.at(0, 6), 0.5f);
  TRECIP(d, a);
  EXPECT_EQ(d.at(0, 0), inf);
  EXPECT_EQ(d.at(0, 1), -inf);
  EXPECT_EQ(d.at(0, 7), 4.0f);
  TEXP(d, a);
  EXPECT_EQ(d.at(0, 0), 1.0f);
  EXPECT_EQ(d.at(0, 4), 0.0f);
  TNEG(d, a);
  EXPECT_TRUE(std::signbit(d.at(0, 0)));
  TABS(d, a);
  EXPECT_FALSE(std::signbit(d.at(0, 1)));
  EXPECT_EQ(d.at(0, 4), inf);
  TRELU(d, a);
  EXPECT_EQ(d.at(0, 2), 0.0f);
  EXPECT_EQ(d.at(0, 3), inf);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(TileLibOpsErrors, MismatchedValidShapesAndUnboundTiles) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "ops_kernel");
  using Dyn = Tile<TileType::Vec, int32_t, 16, 16, BLayout::RowMajor, -1, -1>;
  Dyn a(16, 16), b(16, 8), d(16, 16), unbound(16, 16);
  TASSIGN(a, 0);
  TASSIGN(b, 1024);
  TASSIGN(d, 2048);
  EXPECT_EQ(errorOf([&] { TAND(d, a, b); }),
            "kernel 'ops_kernel': TAND: valid shape of src1 (16x8) differs from dst (16x16)");
  EXPECT_TRUE(contains(errorOf([&] { TREM(d, b, a); }), "TREM: valid shape of src0 (16x8)"));
  EXPECT_TRUE(contains(errorOf([&] { TSHLS(d, b, 1); }), "TSHLS: valid shape of src (16x8)"));
  EXPECT_TRUE(contains(errorOf([&] { TNOT(d, b); }), "TNOT: valid shape of src (16x8)"));
  EXPECT_TRUE(contains(errorOf([&] { TNEG(d, unbound); }), "TNEG: src tile used before TASSIGN"));
  EXPECT_TRUE(contains(errorOf([&] { TOR(unbound, a, a); }), "TOR: dst tile used before TASSIGN"));
}

} // namespace
