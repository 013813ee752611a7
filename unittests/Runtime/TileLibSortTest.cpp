//===- TileLibSortTest.cpp - TSORT32 / TMRGSORT (value, index) pairs ------===//
//
// Block sorts and merges on f32 and f16 against std::stable_sort, the packed
// pair format, padding of partial blocks, broadcast indices, the multi-list
// and exhausted merges, a top-k pipeline and errors. Build directly:
//   g++ -std=c++17 -O1 -I include/pypto/Runtime unittests/Runtime/TileLibSortTest.cpp
//       -lgtest -lgtest_main -pthread
//
//===----------------------------------------------------------------------===//
#include "TileLibTestUtil.h"

#include <algorithm>

using namespace pto;
using namespace tltest;

namespace {

struct Pair {
  double value;
  uint32_t index;
  bool operator==(const Pair& o) const {
    return (value == o.value || (std::isnan(value) && std::isnan(o.value))) && index == o.index;
  }
};

std::ostream& operator<<(std::ostream& os, const Pair& p) {
  return os << "(" << p.value << ", " << p.index << ")";
}

// Decodes pair k of row r of a row-major sort tile: f32 [value, index bits],
// f16 [value, 0, index bits (2 halves)].
template <typename TileT>
Pair pairAt(const TileT& t, int r, int k, bool* padOk = nullptr) {
  using T = typename TileT::DType;
  const uint8_t* p = reinterpret_cast<const uint8_t*>(t.data() + TileT::offsetOf(r, 0)) + 8 * k;
  T v;
  std::memcpy(&v, p, sizeof(T));
  Pair out{toD(v), 0};
  std::memcpy(&out.index, p + 4, 4);
  if (padOk && sizeof(T) == 2)
    *padOk = p[2] == 0 && p[3] == 0;
  return out;
}

// Reference: stable sort by value, descending.
std::vector<Pair> sortedDesc(std::vector<Pair> v) {
  std::stable_sort(v.begin(), v.end(), [](const Pair& a, const Pair& b) { return a.value > b.value; });
  return v;
}

template <typename T>
T sortValue(Rng& rng) {
  // Few distinct values so that ties occur.
  return refRound<T>(std::floor(rng.uniform(-20.0, 20.0)) / 4.0);
}

template <typename T>
class TileLibSort : public ::testing::Test {};
using SortTypes = ::testing::Types<Elem<float>, Elem<half>>;
TYPED_TEST_SUITE(TileLibSort, SortTypes);

TYPED_TEST(TileLibSort, Sort32BlocksWithIndices) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  constexpr int coef = 8 / sizeof(T);
  constexpr int C = 96;
  using S = Tile<TileType::Vec, T, 4, C, BLayout::RowMajor, -1, -1>;
  using I = Tile<TileType::Vec, uint32_t, 4, C>;
  using D = Tile<TileType::Vec, T, 4, C * coef, BLayout::RowMajor, -1, -1>;
  S src(3, C);
  I idx;
  D dst(3, C * coef);
  TASSIGN(src, 0);
  TASSIGN(idx, 4096);
  TASSIGN(dst, 8192);
  Rng rng(1);
  fillWith(src, [&] { return sortValue<T>(rng); });
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < C; ++c)
      idx.at(r, c) = uint32_t(1000 * r + c);
  TSORT32(dst, src, idx);
  for (int r = 0; r < 3; ++r)
    for (int b = 0; b < C / 32; ++b) {
      std::vector<Pair> in;
      for (int k = 0; k < 32; ++k)
        in.push_back({toD(src.at(r, 32 * b + k)), idx.at(r, 32 * b + k)});
      const auto want = sortedDesc(in);
      for (int k = 0; k < 32; ++k) {
        bool padOk = true;
        ASSERT_EQ(pairAt(dst, r, 32 * b + k, &padOk), want[k]) << "row " << r << " block " << b;
        ASSERT_TRUE(padOk) << "f16 pairs have a zero half between value and index";
      }
    }
}

TYPED_TEST(TileLibSort, Sort32BroadcastIndicesAndPartialTail) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  constexpr int coef = 8 / sizeof(T);
  using S = Tile<TileType::Vec, T, 2, 128, BLayout::RowMajor, -1, -1>;
  using I = Tile<TileType::Vec, uint32_t, 1, 128>;
  using D = Tile<TileType::Vec, T, 2, 128 * coef>;
  S src(2, 100);
  I idx;
  D dst;
  S tmp(2, 100);
  TASSIGN(src, 0);
  TASSIGN(idx, 4096);
  TASSIGN(dst, 8192);
  TASSIGN(tmp, 16384);
  Rng rng(2);
  fillWith(src, [&] { return sortValue<T>(rng); });
  for (int c = 0; c < 128; ++c)
    idx.at(0, c) = uint32_t(c); // one row, broadcast to both src rows
  TSORT32(dst, src, idx, tmp);
  for (int r = 0; r < 2; ++r)
    for (int b = 0; b < 4; ++b) {
      const int n = std::min(32, 100 - 32 * b);
      std::vector<Pair> in;
      for (int k = 0; k < n; ++k)
        in.push_back({toD(src.at(r, 32 * b + k)), uint32_t(32 * b + k)});
      auto want = sortedDesc(in);
      for (int k = n; k < 32; ++k) // -inf pads, with the idx tile's indices, sort last
        want.push_back({-INFINITY, uint32_t(32 * b + k)});
      for (int k = 0; k < 32; ++k)
        ASSERT_EQ(pairAt(dst, r, 32 * b + k), want[k]) << "row " << r << " block " << b;
    }
}

TEST(TileLibSort, Sort32IntoOverlappingDst) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using S = Tile<TileType::Vec, float, 1, 32>;
  using I = Tile<TileType::Vec, uint32_t, 1, 32>;
  using D = Tile<TileType::Vec, float, 1, 64>;
  S src;
  I idx;
  D dst;
  TASSIGN(src, 0);
  TASSIGN(idx, 1024);
  TASSIGN(dst, 0); // same bytes as src
  std::vector<Pair> in;
  for (int c = 0; c < 32; ++c) {
    src.at(0, c) = float((c * 7) % 32);
    idx.at(0, c) = uint32_t(c);
    in.push_back({double((c * 7) % 32), uint32_t(c)});
  }
  TSORT32(dst, src, idx);
  const auto want = sortedDesc(in);
  for (int k = 0; k < 32; ++k)
    ASSERT_EQ(pairAt(dst, 0, k), want[k]);
  EXPECT_EQ(pairAt(dst, 0, 0), (Pair{31.0, 9}));
}

// TSORT32 then a 4-way single-list merge: one sorted row of pairs.
template <typename T>
void sortAndMergeRow(int nValues, uint64_t seed) {
  constexpr int coef = 8 / sizeof(T);
  using S = Tile<TileType::Vec, T, 1, 512, BLayout::RowMajor, -1, -1>;
  using I = Tile<TileType::Vec, uint32_t, 1, 512>;
  using D = Tile<TileType::Vec, T, 1, 512 * coef, BLayout::RowMajor, -1, -1>;
  S src(1, nValues);
  I idx;
  D blocks(1, nValues * coef), merged(1, nValues * coef);
  TASSIGN(src, 0);
  TASSIGN(idx, 4096);
  TASSIGN(blocks, 8192);
  TASSIGN(merged, 8192 + D::kBytes);
  Rng rng(seed);
  fillWith(src, [&] { return sortValue<T>(rng); });
  std::vector<Pair> in;
  for (int c = 0; c < 512; ++c)
    idx.at(0, c) = uint32_t(c);
  for (int c = 0; c < nValues; ++c)
    in.push_back({toD(src.at(0, c)), uint32_t(c)});
  TSORT32(blocks, src, idx);
  const uint32_t blockLen = 32 * coef; // one sorted block of 32 pairs, in elements
  TMRGSORT(merged, blocks, blockLen);
  // Each group of 4 blocks (128 values) is now one descending run.
  for (int g = 0; g < nValues / 128; ++g) {
    const auto want = sortedDesc(std::vector<Pair>(in.begin() + 128 * g, in.begin() + 128 * (g + 1)));
    for (int k = 0; k < 128; ++k)
      ASSERT_EQ(pairAt(merged, 0, 128 * g + k), want[k]) << "group " << g << " pair " << k;
  }
}

TYPED_TEST(TileLibSort, MergeSingleList) {
  using T = typename TypeParam::type;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  sortAndMergeRow<T>(128, 3);
  sortAndMergeRow<T>(256, 4);
  if constexpr (sizeof(T) == 4)
    sortAndMergeRow<T>(512, 5);
}

TEST(TileLibSort, MergeSingleListInPlaceSecondLevel) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  // 512 f32 values: TSORT32, merge blocks of 64 elements (32 pairs), then in place
  // merge blocks of 256 elements (128 pairs): one sorted run of 512 pairs.
  using S = Tile<TileType::Vec, float, 1, 512>;
  using I = Tile<TileType::Vec, uint32_t, 1, 512>;
  using D = Tile<TileType::Vec, float, 1, 1024>;
  S src;
  I idx;
  D a, b;
  TASSIGN(src, 0);
  TASSIGN(idx, 2048);
  TASSIGN(a, 4096);
  TASSIGN(b, 8192);
  Rng rng(6);
  std::vector<Pair> in;
  for (int c = 0; c < 512; ++c) {
    src.at(0, c) = sortValue<float>(rng);
    idx.at(0, c) = uint32_t(c);
    in.push_back({src.at(0, c), uint32_t(c)});
  }
  TSORT32(a, src, idx);
  TMRGSORT(b, a, 64);
  TMRGSORT(b, b, 256);
  const auto want = sortedDesc(in);
  for (int k = 0; k < 512; ++k)
    ASSERT_EQ(pairAt(b, 0, k), want[k]) << k;
}

// Builds a sorted f32 pair list of n pairs in a 1-row tile.
template <typename TileT>
std::vector<Pair> makeList(TileT& t, int n, uint32_t indexBase, Rng& rng) {
  std::vector<Pair> v;
  for (int k = 0; k < n; ++k)
    v.push_back({sortValue<float>(rng), indexBase + uint32_t(k)});
  v = sortedDesc(v);
  for (int k = 0; k < n; ++k) {
    uint8_t* p = reinterpret_cast<uint8_t*>(t.data()) + 8 * k;
    const float f = float(v[k].value);
    std::memcpy(p, &f, 4);
    std::memcpy(p + 4, &v[k].index, 4);
  }
  return v;
}

// Reference k-way merge: largest head first, the lowest list on ties.
std::vector<Pair> mergeRef(const std::vector<std::vector<Pair>>& lists, bool exhausted,
                           std::vector<int>* taken) {
  std::vector<size_t> pos(lists.size(), 0);
  std::vector<Pair> out;
  for (;;) {
    int best = -1;
    bool anyEmpty = false;
    for (size_t i = 0; i < lists.size(); ++i) {
      if (pos[i] == lists[i].size()) {
        anyEmpty = true;
        continue;
      }
      if (best < 0 || lists[i][pos[i]].value > lists[best][pos[best]].value)
        best = int(i);
    }
    if (best < 0 || (exhausted && anyEmpty))
      break;
    out.push_back(lists[best][pos[best]++]);
  }
  taken->assign(pos.begin(), pos.end());
  return out;
}

TEST(TileLibSort, MergeMultiList) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using L = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, -1, -1>;
  using D = Tile<TileType::Vec, float, 1, 512, BLayout::RowMajor, -1, -1>;
  Rng rng(8);
  L s0(1, 2 * 40), s1(1, 2 * 7), s2(1, 2 * 64), s3(1, 2 * 13);
  D dst(1, 512), tmp(1, 512);
  TASSIGN(s0, 0);
  TASSIGN(s1, 1024);
  TASSIGN(s2, 2048);
  TASSIGN(s3, 3072);
  TASSIGN(dst, 4096);
  TASSIGN(tmp, 8192);
  const auto l0 = makeList(s0, 40, 0, rng), l1 = makeList(s1, 7, 100, rng),
             l2 = makeList(s2, 64, 200, rng), l3 = makeList(s3, 13, 300, rng);
  MrgSortExecutedNumList n{};
  std::vector<int> taken;
  // 2 lists
  auto want = mergeRef({l0, l1}, false, &taken);
  TMRGSORT<D, D, L, L, false>(dst, n, tmp, s0, s1);
  for (size_t k = 0; k < want.size(); ++k)
    ASSERT_EQ(pairAt(dst, 0, int(k)), want[k]) << k;
  EXPECT_EQ(n.mrgSortList0, 40);
  EXPECT_EQ(n.mrgSortList1, 7);
  // 3 lists, deduced template arguments
  want = mergeRef({l0, l1, l2}, false, &taken);
  TMRGSORT(dst, n, tmp, s0, s1, s2);
  for (size_t k = 0; k < want.size(); ++k)
    ASSERT_EQ(pairAt(dst, 0, int(k)), want[k]) << k;
  // 4 lists, exhausted: stops when the first list runs out.
  want = mergeRef({l0, l1, l2, l3}, true, &taken);
  const auto before = snapshot(dst);
  TMRGSORT<D, D, L, L, L, L, true>(dst, n, tmp, s0, s1, s2, s3);
  ASSERT_LT(want.size(), size_t(124));
  for (size_t k = 0; k < want.size(); ++k)
    ASSERT_EQ(pairAt(dst, 0, int(k)), want[k]) << k;
  EXPECT_EQ(0, std::memcmp(before.data() + 8 * want.size(),
                           reinterpret_cast<const uint8_t*>(dst.data()) + 8 * want.size(),
                           D::kBytes - 8 * want.size()))
      << "pairs past the executed ones are untouched";
  EXPECT_EQ(n.mrgSortList0, taken[0]);
  EXPECT_EQ(n.mrgSortList1, taken[1]);
  EXPECT_EQ(n.mrgSortList2, taken[2]);
  EXPECT_EQ(n.mrgSortList3, taken[3]);
  EXPECT_TRUE(taken[0] == 40 || taken[1] == 7 || taken[2] == 64 || taken[3] == 13);
}

// Top-k of 256 f32 values: TSORT32, TMRGSORT into two runs of 128, a 2-list
// merge of the runs, then the first k pairs.
TEST(TileLibSort, TopKPipeline) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  using S = Tile<TileType::Vec, float, 1, 256>;
  using I = Tile<TileType::Vec, uint32_t, 1, 256>;
  using P = Tile<TileType::Vec, float, 1, 512>;
  using Run = Tile<TileType::Vec, float, 1, 256>;
  S src;
  I idx;
  P a, b;
  TASSIGN(src, 0);
  TASSIGN(idx, 1024);
  TASSIGN(a, 2048);
  TASSIGN(b, 4096);
  Rng rng(10);
  std::vector<std::pair<float, uint32_t>> ref;
  for (int c = 0; c < 256; ++c) {
    src.at(0, c) = float(rng.uniform(-1000, 1000));
    idx.at(0, c) = uint32_t(c);
    ref.push_back({src.at(0, c), uint32_t(c)});
  }
  TSORT32(a, src, idx);
  TMRGSORT(b, a, 64);
  // The two runs of 128 pairs are the two halves of b.
  Run r0, r1;
  TASSIGN(r0, 4096);
  TASSIGN(r1, 4096 + 1024);
  MrgSortExecutedNumList n{};
  TMRGSORT<P, P, Run, Run>(a, n, a, r0, r1);
  std::sort(ref.begin(), ref.end(), [](auto x, auto y) { return x.first > y.first; });
  for (int k = 0; k < 16; ++k) {
    const Pair p = pairAt(a, 0, k);
    EXPECT_EQ(p.value, ref[k].first);
    EXPECT_EQ(p.index, ref[k].second);
    EXPECT_EQ(src.at(0, int(p.index)), ref[k].first);
  }
}

TEST(TileLibSort, Errors) {
  sim::ScopedDefaultCore guard(sim::Arch::A5, "sort_kernel");
  using S = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, -1, -1>;
  using I = Tile<TileType::Vec, uint32_t, 1, 128>;
  using D = Tile<TileType::Vec, float, 1, 256, BLayout::RowMajor, -1, -1>;
  S src(1, 100);
  I idx;
  D dst(1, 256), small(1, 100);
  TASSIGN(src, 0);
  TASSIGN(idx, 512);
  TASSIGN(dst, 1024);
  TASSIGN(small, 2048);
  EXPECT_EQ(errorOf([&] { TSORT32(dst, src, idx); }),
            "kernel 'sort_kernel': TSORT32: src valid cols (100) are not a multiple of 32 (use "
            "the form with tmp)");
  EXPECT_TRUE(contains(errorOf([&] { TSORT32(small, src, idx, src); }),
                       "TSORT32: dst valid shape 1x100 cannot hold 1x128 pairs (256 columns)"));
  EXPECT_TRUE(contains(errorOf([&] { TMRGSORT(dst, dst, 32); }),
                       "TMRGSORT: blockLen 32 is not a positive multiple of 64"));
  dst.SetValidShape(1, 192);
  EXPECT_TRUE(contains(errorOf([&] { TMRGSORT(dst, dst, 64); }),
                       "TMRGSORT: src valid cols (192) are not a multiple of 4 * blockLen (256)"));
  MrgSortExecutedNumList n{};
  small.SetValidShape(1, 7);
  EXPECT_TRUE(contains(errorOf([&] { TMRGSORT(dst, n, dst, small, small); }),
                       "TMRGSORT: src0 valid cols (7) are not a whole number of 2-element pairs"));
  small.SetValidShape(1, 100);
  dst.SetValidShape(1, 150);
  EXPECT_TRUE(contains(errorOf([&] { TMRGSORT(dst, n, dst, small, small); }),
                       "TMRGSORT: dst valid cols (150) cannot hold 100 pairs (200 columns)"));
}

} // namespace
