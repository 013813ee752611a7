//===- TileLibReduceTest.cpp - Reductions and broadcasts vs a reference ---===//
//
// TROWSUM/MAX/MIN, TCOLSUM/MAX/MIN, TROWEXPAND, TCOLEXPAND and the fused
// TROWEXPAND*/TCOLEXPAND* instructions on f32, f16, bf16, i32, i16, i8 and u8,
// with partial valid shapes, several layouts and aliasing. Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime unittests/Runtime/TileLibReduceTest.cpp
//       -lgtest -lgtest_main -pthread
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

using namespace pto;
using namespace tltest;

namespace {

template <typename T>
class TileLibReduce : public ::testing::Test {};
using AllTypes = ::testing::Types<Elem<float>, Elem<half>, Elem<bfloat16_t>, Elem<int32_t>,
                                  Elem<int16_t>, Elem<int8_t>, Elem<uint8_t>>;
TYPED_TEST_SUITE(TileLibReduce, AllTypes);

enum class Red { Sum, Max, Min };

// The sum of `xs` in double precision (exact for these sizes and inputs).
template <typename T>
double exactSumOf(const std::vector<T>& xs) {
  double s = 0;
  for (T x : xs)
    s += toD(x);
  return s;
}

// Whether `got` is the sum of `xs` as an f32 accumulation in some order
// (at most n - 1 roundings of 2^-24 of the running magnitude, bounded by
// sum |x|) rounded once to T.
template <typename T>
::testing::AssertionResult floatSumMatches(T got, const std::vector<T>& xs) {
  double exact = exactSumOf(xs), magnitude = 0;
  for (T x : xs)
    magnitude += std::fabs(toD(x));
  double bound = double(xs.size()) * std::ldexp(1.0, -24) * magnitude +
                 std::fabs(exact) * std::ldexp(1.0, -Fmt<T>::mant);
  if (std::fabs(toD(got) - exact) <= bound)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << toD(got) << ", exact sum " << exact << ", bound " << bound;
}

// Reference: integer sums in int64 wrapped to T (exact in any order);
// max/min exact. Float sums are checked against floatSumMatches instead: the
// hardware may add in any order, so no order is copied here.
template <typename T>
T refReduce(Red k, const std::vector<T>& xs) {
  if (k == Red::Sum) {
    if constexpr (isFloat<T>) {
      return refRound<T>(static_cast<float>(exactSumOf(xs)));
    } else {
      int64_t acc = 0;
      for (T x : xs)
        acc += static_cast<int64_t>(x);
      return wrapInt<T>(acc);
    }
  }
  T best = xs[0];
  for (T x : xs)
    if (k == Red::Max ? toD(x) > toD(best) : toD(x) < toD(best))
      best = x;
  return best;
}


template <typename D, typename S>
void rowReduceCase(Red k, int vr, int vc, uint64_t seed) {
  using T = typename S::DType;
  S src(vr, vc);
  D dst(vr, 1);
  S tmp(vr, vc);
  TASSIGN(src, 0);
  TASSIGN(dst, 8192);
  TASSIGN(tmp, 16384);
  Rng rng(seed);
  fillRandom(src, rng);
  fillRandom(dst, rng);
  std::vector<T> e;
  std::vector<std::vector<T>> rows;
  for (int r = 0; r < vr; ++r) {
    std::vector<T> row;
    for (int c = 0; c < vc; ++c)
      row.push_back(src.at(r, c));
    e.push_back(refReduce(k, row));
    rows.push_back(row);
  }
  const auto before = snapshot(dst);
  switch (k) {
  case Red::Sum: TROWSUM(dst, src, tmp); break;
  case Red::Max: TROWMAX(dst, src, tmp); break;
  case Red::Min: TROWMIN(dst, src, tmp); break;
  }
  for (int r = 0; r < vr; ++r) {
    if constexpr (isFloat<T>)
      if (k == Red::Sum) {
        ASSERT_TRUE(floatSumMatches(dst.at(r, 0), rows[r])) << "row " << r << " of " << vr
                                                            << "x" << vc;
        continue;
      }
    ASSERT_TRUE(sameValue(dst.at(r, 0), e[r]))
        << "row " << r << " of " << vr << "x" << vc << ": got " << show(dst.at(r, 0)) << " want "
        << show(e[r]);
  }
  EXPECT_TRUE(outsideUntouched(dst, before, vr, 1));
}

template <typename D, typename S>
void colReduceCase(Red k, int vr, int vc, uint64_t seed, bool withTmp) {
  using T = typename S::DType;
  S src(vr, vc);
  D dst(1, vc);
  TASSIGN(src, 0);
  TASSIGN(dst, 8192);
  Rng rng(seed);
  fillRandom(src, rng);
  fillRandom(dst, rng);
  std::vector<T> e;
  std::vector<std::vector<T>> cols;
  for (int c = 0; c < vc; ++c) {
    std::vector<T> col;
    for (int r = 0; r < vr; ++r)
      col.push_back(src.at(r, c));
    e.push_back(refReduce(k, col));
    cols.push_back(col);
  }
  const auto before = snapshot(dst);
  switch (k) {
  case Red::Sum: withTmp ? TCOLSUM(dst, src, src, false) : TCOLSUM(dst, src); break;
  case Red::Max: withTmp ? TCOLMAX(dst, src, src) : TCOLMAX(dst, src); break;
  case Red::Min: withTmp ? TCOLMIN(dst, src, src) : TCOLMIN(dst, src); break;
  }
  for (int c = 0; c < vc; ++c) {
    if constexpr (isFloat<T>)
      if (k == Red::Sum) {
        ASSERT_TRUE(floatSumMatches(dst.at(0, c), cols[c])) << "col " << c << " of " << vr
                                                            << "x" << vc;
        continue;
      }
    ASSERT_TRUE(sameValue(dst.at(0, c), e[c]))
        << "col " << c << " of " << vr << "x" << vc << ": got " << show(dst.at(0, c)) << " want "
        << show(e[c]);
  }
  EXPECT_TRUE(outsideUntouched(dst, before, 1, vc));
}

template <typename T>
using ColVec = Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor, -1, -1>;
template <typename T>
using RowVec = Tile<TileType::Vec, T, 1, 32, BLayout::RowMajor, -1, -1>;

TYPED_TEST(TileLibReduce, RowReductions) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  uint64_t seed = 1;
  for (Red k : {Red::Sum, Red::Max, Red::Min}) {
    SCOPED_TRACE(int(k));
    rowReduceCase<ColVec<T>, RM<T>>(k, 32, 32, seed++);
    rowReduceCase<ColVec<T>, RM<T>>(k, 13, 27, seed++);
    rowReduceCase<ColVec<T>, CM<T>>(k, 30, 5, seed++);
    rowReduceCase<ColVec<T>, NZ<T>>(k, 17, 32, seed++);
    rowReduceCase<RM<T>, ZN<T>>(k, 9, 1, seed++); // row-major dst, one column
    rowReduceCase<NZ<T>, RM<T>>(k, 0, 4, seed++);
  }
}

TYPED_TEST(TileLibReduce, ColReductions) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  uint64_t seed = 100;
  for (Red k : {Red::Sum, Red::Max, Red::Min}) {
    SCOPED_TRACE(int(k));
    colReduceCase<RowVec<T>, RM<T>>(k, 32, 32, seed++, false);
    colReduceCase<RowVec<T>, RM<T>>(k, 13, 27, seed++, true);
    colReduceCase<RowVec<T>, CM<T>>(k, 5, 30, seed++, false);
    colReduceCase<RM<T>, NZ<T>>(k, 32, 17, seed++, true);
    colReduceCase<RowVec<T>, ZN<T>>(k, 1, 9, seed++, false);
    colReduceCase<RowVec<T>, RM<T>>(k, 6, 0, seed++, false);
  }
}

// f16/bf16 sums accumulate in f32: 2048 ones plus 1 would stall at 2048 in f16.
TEST(TileLibReduceSum, LowPrecisionAccumulatesInF32) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using S = Tile<TileType::Vec, half, 2, 4096>;
  using D = Tile<TileType::Vec, half, 16, 1, BLayout::ColMajor, 2, 1>;
  S src;
  D dst;
  TASSIGN(src, 0);
  TASSIGN(dst, 32768);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4096; ++c)
      src.at(r, c) = (r == 0) ? half(1.0f) : half(c % 2 ? 1.0f : -1.0f);
  TROWSUM(dst, src, src);
  EXPECT_EQ(static_cast<float>(dst.at(0, 0)), 4096.0f);
  EXPECT_EQ(static_cast<float>(dst.at(1, 0)), 0.0f);
  using SB = Tile<TileType::Vec, bfloat16_t, 512, 16>;
  using DB = Tile<TileType::Vec, bfloat16_t, 1, 16>;
  SB sb;
  DB db;
  TASSIGN(sb, 0);
  TASSIGN(db, 32768);
  for (int r = 0; r < 512; ++r)
    for (int c = 0; c < 16; ++c)
      sb.at(r, c) = bfloat16_t(1.0f);
  TCOLSUM(db, sb);
  EXPECT_EQ(db.at(0, 3).toFloat(), 512.0f); // bf16 accumulation would stop at 256
}

// The simulator's f32 sums are defined in index order: rows of 21 (two blocks
// of eight and a tail) and 27 columns of values a thousand times apart, where
// any other order of the additions gives other bits, must match a sequential
// sum bit for bit, on a row-major and a boxed (NZ) source.
template <typename S> void checkSumsInIndexOrder(uint64_t seed) {
  using RowD = Tile<TileType::Vec, float, 32, 1, BLayout::ColMajor, -1, -1>;
  using ColD = Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1>;
  constexpr int vr = 21, vc = 27;
  S src(vr, vc);
  RowD rows(vr, 1);
  ColD cols(1, vc);
  TASSIGN(src, 0);
  TASSIGN(rows, 8192);
  TASSIGN(cols, 12288);
  Rng rng(seed);
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      src.at(r, c) = float(rng.uniform(-1, 1)) * ((r + c) % 3 ? 1.0f : 1000.0f);
  TROWSUM(rows, src, src);
  TCOLSUM(cols, src);
  auto bitsOf = [](float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  };
  for (int r = 0; r < vr; ++r) {
    float sum = src.at(r, 0);
    for (int c = 1; c < vc; ++c)
      sum += src.at(r, c);
    EXPECT_EQ(bitsOf(rows.at(r, 0)), bitsOf(sum)) << "row " << r;
  }
  for (int c = 0; c < vc; ++c) {
    float sum = src.at(0, c);
    for (int r = 1; r < vr; ++r)
      sum += src.at(r, c);
    EXPECT_EQ(bitsOf(cols.at(0, c)), bitsOf(sum)) << "column " << c;
  }
}

TEST(TileLibReduceSum, SumsAreInIndexOrderBitForBit) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  checkSumsInIndexOrder<RM<float>>(31);
  checkSumsInIndexOrder<NZ<float>>(32);
}

// dst over the same storage as src: results are computed before stores.
TEST(TileLibReduceAlias, DstOverlapsSrc) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using S = Tile<TileType::Vec, float, 16, 16>;
  using D = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1>;
  S src;
  TASSIGN(src, 0);
  D dst(16, 1);
  TASSIGN(dst, 0);
  Rng rng(5);
  fillRandom(src, rng);
  std::vector<float> e(16, 0.0f);
  for (int r = 0; r < 16; ++r) {
    float m = src.at(r, 0);
    for (int c = 0; c < 16; ++c)
      m = std::max(m, src.at(r, c));
    e[r] = m;
  }
  TROWMAX(dst, src, src);
  for (int r = 0; r < 16; ++r)
    EXPECT_EQ(dst.at(r, 0), e[r]);
  // Column sums into row 0 of the same storage.
  fillRandom(src, rng);
  std::vector<float> cs(16, 0.0f);
  for (int c = 0; c < 16; ++c)
    for (int r = 0; r < 16; ++r)
      cs[c] += src.at(r, c);
  D row(1, 16);
  TASSIGN(row, 0);
  TCOLSUM(row, src);
  for (int c = 0; c < 16; ++c)
    EXPECT_EQ(row.at(0, c), cs[c]);
}

TEST(TileLibReduceErrors, ShapesAndEmptyMax) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "red_kernel");
  using S = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, -1>;
  using D = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, -1>;
  S src(16, 16);
  D dst(8, 1);
  RowVec<float> row(1, 15);
  TASSIGN(src, 0);
  TASSIGN(dst, 1024);
  TASSIGN(row, 2048);
  EXPECT_EQ(errorOf([&] { TROWSUM(dst, src, src); }),
            "kernel 'red_kernel': TROWSUM: dst valid rows (8) differ from src valid rows (16)");
  EXPECT_TRUE(contains(errorOf([&] { TCOLMAX(row, src); }),
                       "TCOLMAX: dst valid cols (15) differ from src valid cols (16)"));
  src.SetValidShape(8, 0);
  EXPECT_TRUE(contains(errorOf([&] { TROWMAX(dst, src, src); }),
                       "TROWMAX: reduction over an empty (0-element) valid region"));
  TROWSUM(dst, src, src); // a sum over no columns is 0
  EXPECT_EQ(dst.at(3, 0), 0.0f);
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

TYPED_TEST(TileLibReduce, RowAndColExpand) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  Rng rng(21);
  {
    ColVec<T> v(19, 1);
    NZ<T> d(19, 23);
    TASSIGN(v, 0);
    TASSIGN(d, 8192);
    fillRandom(v, rng);
    fillRandom(d, rng);
    const auto before = snapshot(d);
    TROWEXPAND(d, v);
    for (int r = 0; r < 19; ++r)
      for (int c = 0; c < 23; ++c)
        ASSERT_TRUE(sameValue(d.at(r, c), v.at(r, 0)));
    EXPECT_TRUE(outsideUntouched(d, before, 19, 23));
  }
  {
    RowVec<T> v(1, 29);
    CM<T> d(7, 29);
    TASSIGN(v, 0);
    TASSIGN(d, 8192);
    fillRandom(v, rng);
    fillRandom(d, rng);
    const auto before = snapshot(d);
    TCOLEXPAND(d, v);
    for (int r = 0; r < 7; ++r)
      for (int c = 0; c < 29; ++c)
        ASSERT_TRUE(sameValue(d.at(r, c), v.at(0, c)));
    EXPECT_TRUE(outsideUntouched(d, before, 7, 29));
  }
  {
    // Expand column 0 of a tile across its own rows (src aliases dst).
    RM<T> t(12, 20);
    TASSIGN(t, 0);
    fillRandom(t, rng);
    std::vector<T> col;
    for (int r = 0; r < 12; ++r)
      col.push_back(t.at(r, 0));
    RM<T> v(12, 1);
    TASSIGN(v, 0);
    TROWEXPAND(t, v);
    for (int r = 0; r < 12; ++r)
      for (int c = 0; c < 20; ++c)
        ASSERT_TRUE(sameValue(t.at(r, c), col[r]));
  }
}

template <typename T>
T refExpandOp(const std::string& op, T a, T v) {
  if constexpr (isFloat<T>) {
    const double x = toD(a), y = toD(v);
    double r = 0;
    if (op == "add") r = x + y;
    else if (op == "sub") r = x - y;
    else if (op == "mul") r = x * y;
    else if (op == "div") r = x / y;
    else if (op == "max") r = std::max(x, y);
    else if (op == "min") r = std::min(x, y);
    return refRound<T>(r);
  } else {
    const int64_t x = a, y = v;
    int64_t r = 0;
    if (op == "add") r = x + y;
    else if (op == "sub") r = x - y;
    else if (op == "mul") r = x * y;
    else if (op == "div") r = x / y;
    else if (op == "max") r = std::max(x, y);
    else if (op == "min") r = std::min(x, y);
    return wrapInt<T>(r);
  }
}

// dst(i,j) = src0(i,j) op vec(i or j); vec values are nonzero.
template <bool Row, typename D, typename A, typename V, typename Op, typename Check>
void expandOpCase(const std::string& name, int vr, int vc, uint64_t seed, Op op, Check check,
                  bool inPlace) {
  using T = typename D::DType;
  A a(vr, vc);
  V v(Row ? vr : 1, Row ? 1 : vc);
  D d(vr, vc);
  TASSIGN(a, 0);
  TASSIGN(v, 8192);
  TASSIGN(d, 16384);
  Rng rng(seed);
  fillRandom(a, rng);
  fillWith(v, [&] {
    for (;;) {
      T x = randomValue<T>(rng);
      if (toD(x) != 0)
        return x;
    }
  });
  fillRandom(d, rng);
  std::vector<T> in;
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c)
      in.push_back(a.at(r, c));
  const auto before = snapshot(d);
  if (inPlace) {
    if constexpr (std::is_same_v<D, A>)
      op(a, a, v);
  } else {
    op(d, a, v);
  }
  for (int r = 0; r < vr; ++r)
    for (int c = 0; c < vc; ++c) {
      const T vv = Row ? v.at(r, 0) : v.at(0, c);
      const T got = inPlace ? a.at(r, c) : d.at(r, c);
      ASSERT_TRUE(check(got, in[r * vc + c], vv))
          << name << " at (" << r << "," << c << "): " << show(in[r * vc + c]) << " op "
          << show(vv) << " -> " << show(got);
    }
  if (!inPlace) {
    EXPECT_TRUE(outsideUntouched(d, before, vr, vc)) << name;
  }
}

template <bool Row, typename T, typename Op, typename Check>
void runExpandOp(const std::string& name, Op op, Check check) {
  SCOPED_TRACE(name);
  uint64_t seed = std::hash<std::string>{}(name) % 10000;
  using V = std::conditional_t<Row, ColVec<T>, RowVec<T>>;
  expandOpCase<Row, RM<T>, RM<T>, V>(name, 32, 32, seed++, op, check, false);
  expandOpCase<Row, RM<T>, RM<T>, V>(name, 11, 25, seed++, op, check, false);
  expandOpCase<Row, NZ<T>, CM<T>, V>(name, 27, 6, seed++, op, check, false);
  expandOpCase<Row, ZN<T>, ZN<T>, RM<T>>(name, 8, 31, seed++, op, check, false);
  expandOpCase<Row, RM<T>, RM<T>, V>(name, 14, 9, seed++, op, check, true);
  expandOpCase<Row, NZ<T>, NZ<T>, V>(name, 32, 3, seed++, op, check, true);
}

#define EXPAND_OP(INSTR) [](auto& d, const auto& a, const auto& v) { INSTR(d, a, v); }
#define EXACT(NAME) [](T got, T a, T v) { return sameValue(got, refExpandOp<T>(NAME, a, v)); }

TYPED_TEST(TileLibReduce, RowExpandOps) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runExpandOp<true, T>("TROWEXPANDADD", EXPAND_OP(TROWEXPANDADD), EXACT("add"));
  runExpandOp<true, T>("TROWEXPANDSUB", EXPAND_OP(TROWEXPANDSUB), EXACT("sub"));
  runExpandOp<true, T>("TROWEXPANDMUL", EXPAND_OP(TROWEXPANDMUL), EXACT("mul"));
  runExpandOp<true, T>("TROWEXPANDDIV", EXPAND_OP(TROWEXPANDDIV), EXACT("div"));
  runExpandOp<true, T>("TROWEXPANDMAX", EXPAND_OP(TROWEXPANDMAX), EXACT("max"));
  runExpandOp<true, T>("TROWEXPANDMIN", EXPAND_OP(TROWEXPANDMIN), EXACT("min"));
  runExpandOp<true, T>("TROWEXPANDADD+tmp",
                       [](auto& d, const auto& a, const auto& v) { TROWEXPANDADD(d, a, v, d); },
                       EXACT("add"));
}

TYPED_TEST(TileLibReduce, ColExpandOps) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  runExpandOp<false, T>("TCOLEXPANDADD", EXPAND_OP(TCOLEXPANDADD), EXACT("add"));
  runExpandOp<false, T>("TCOLEXPANDSUB", EXPAND_OP(TCOLEXPANDSUB), EXACT("sub"));
  runExpandOp<false, T>("TCOLEXPANDMUL", EXPAND_OP(TCOLEXPANDMUL), EXACT("mul"));
  runExpandOp<false, T>("TCOLEXPANDDIV", EXPAND_OP(TCOLEXPANDDIV), EXACT("div"));
  runExpandOp<false, T>("TCOLEXPANDMAX", EXPAND_OP(TCOLEXPANDMAX), EXACT("max"));
  runExpandOp<false, T>("TCOLEXPANDMIN", EXPAND_OP(TCOLEXPANDMIN), EXACT("min"));
}

// exp(src0 - v): the difference is taken in f32, then exp, rounded once (<= 1 ulp).
template <typename T>
bool expdifOk(T got, T a, T v) {
  const float d = static_cast<float>(toD(a)) - static_cast<float>(toD(v));
  return ulpDiff(got, refRound<T>(std::exp(static_cast<double>(d)))) <= 1.0;
}

TYPED_TEST(TileLibReduce, ExpDif) {
  using T = typename TypeParam::type;
  if constexpr (isFloat<T>) {
    sim::ScopedDefaultCore guard(sim::Arch::A5);
    runExpandOp<true, T>("TROWEXPANDEXPDIF", EXPAND_OP(TROWEXPANDEXPDIF),
                         [](T got, T a, T v) { return expdifOk(got, a, v); });
    runExpandOp<false, T>("TCOLEXPANDEXPDIF", EXPAND_OP(TCOLEXPANDEXPDIF),
                          [](T got, T a, T v) { return expdifOk(got, a, v); });
  }
}

// The softmax pattern: row max, subtract-and-exp, row sum, divide.
TEST(TileLibReduceSoftmax, RowSoftmaxF32) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using S = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
  using V = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, -1>;
  S x(10, 50), tmp(10, 50);
  V m(10, 1), s(10, 1);
  TASSIGN(x, 0);
  TASSIGN(tmp, 4096);
  TASSIGN(m, 8192);
  TASSIGN(s, 8192 + 64);
  Rng rng(9);
  fillRandom(x, rng);
  std::vector<std::vector<double>> want(10, std::vector<double>(50));
  for (int r = 0; r < 10; ++r) {
    double mx = -1e30, sum = 0;
    for (int c = 0; c < 50; ++c)
      mx = std::max(mx, (double)x.at(r, c));
    for (int c = 0; c < 50; ++c)
      sum += std::exp(x.at(r, c) - mx);
    for (int c = 0; c < 50; ++c)
      want[r][c] = std::exp(x.at(r, c) - mx) / sum;
  }
  TROWMAX(m, x, tmp);
  TROWEXPANDEXPDIF(x, x, m);
  TROWSUM(s, x, tmp);
  TROWEXPANDDIV(x, x, s);
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 50; ++c)
      ASSERT_NEAR(x.at(r, c), want[r][c], 1e-6);
}

TEST(TileLibReduceErrors, ExpandShapes) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "exp_kernel");
  RM<float> d(10, 10), a(10, 10), a2(10, 9);
  ColVec<float> v(9, 1);
  RowVec<float> w(1, 9);
  TASSIGN(d, 0);
  TASSIGN(a, 4096);
  TASSIGN(a2, 8192);
  TASSIGN(v, 12288);
  TASSIGN(w, 16384);
  EXPECT_EQ(errorOf([&] { TROWEXPANDMUL(d, a, v); }),
            "kernel 'exp_kernel': TROWEXPANDMUL: valid rows of src1 (9) differ from dst (10)");
  EXPECT_TRUE(contains(errorOf([&] { TCOLEXPANDSUB(d, a, w); }),
                       "TCOLEXPANDSUB: valid cols of src1 (9) differ from dst (10)"));
  EXPECT_TRUE(contains(errorOf([&] { TROWEXPANDADD(d, a2, v); }),
                       "TROWEXPANDADD: valid shape of src0 (10x9) differs from dst (10x10)"));
  EXPECT_TRUE(contains(errorOf([&] { TROWEXPAND(d, v); }),
                       "TROWEXPAND: valid rows of src (9) differ from dst (10)"));
  EXPECT_TRUE(contains(errorOf([&] { TCOLEXPAND(d, w); }),
                       "TCOLEXPAND: valid cols of src (9) differ from dst (10)"));
  using IV = Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor>;
  using IT = Tile<TileType::Vec, int32_t, 8, 8>;
  IV iv;
  IT it;
  TASSIGN(iv, 0);
  TASSIGN(it, 1024);
  for (int r = 0; r < 8; ++r) {
    iv.at(r, 0) = r; // row 0 divides by zero
    for (int c = 0; c < 8; ++c)
      it.at(r, c) = c;
  }
  EXPECT_TRUE(contains(errorOf([&] { TROWEXPANDDIV(it, it, iv); }),
                       "TROWEXPANDDIV: integer division by zero"));
}

} // namespace
