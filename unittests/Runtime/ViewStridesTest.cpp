//===- ViewStridesTest.cpp - strides of a reshaped view -------------------===//
//
// pto2_view_strides decides, for the compiler and the orchestration alike,
// which reshapes of a global tensor are views of its memory.
//
//===----------------------------------------------------------------------===//

#include "view_strides.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

/// The strides of `to` over a tensor of `from` and `strides`, or an empty
/// vector when it is not a view.
std::vector<int64_t> viewStrides(std::vector<int64_t> from,
                                 std::vector<int64_t> strides,
                                 std::vector<int64_t> to) {
  std::vector<int64_t> result(to.size());
  if (!pto2_view_strides(from.data(), strides.data(), int(from.size()),
                         to.data(), int(to.size()), result.data()))
    return {};
  return result;
}

TEST(ViewStrides, ContiguousTensorsMergeAndSplit) {
  EXPECT_EQ(viewStrides({4, 8, 32}, {256, 32, 1}, {32, 32}),
            (std::vector<int64_t>{32, 1}));
  EXPECT_EQ(viewStrides({32, 32}, {32, 1}, {2, 16, 4, 8}),
            (std::vector<int64_t>{512, 32, 8, 1}));
  EXPECT_EQ(viewStrides({1024}, {1}, {16, 64}), (std::vector<int64_t>{64, 1}));
}

TEST(ViewStrides, SliceWithOneRowOfBlocksDropsItsUnitDimension) {
  // A 1x16x64 slice of a 3x16x64 tensor (decode_back's combine buffer).
  EXPECT_EQ(viewStrides({1, 16, 64}, {1024, 64, 1}, {16, 64}),
            (std::vector<int64_t>{64, 1}));
  // A column block of a wider matrix keeps its row stride when the columns
  // are split, not merged with the rows.
  EXPECT_EQ(viewStrides({16, 32}, {128, 1}, {16, 4, 8}),
            (std::vector<int64_t>{128, 8, 1}));
}

TEST(ViewStrides, MergingAcrossAGapIsNotAView) {
  // Four rows of each of four 8-row blocks: rows are not evenly strided.
  EXPECT_TRUE(viewStrides({4, 4, 32}, {256, 32, 1}, {16, 32}).empty());
  // A column block's rows cannot merge with its columns.
  EXPECT_TRUE(viewStrides({16, 32}, {128, 1}, {512}).empty());
}

TEST(ViewStrides, ElementCountsMustAgree) {
  EXPECT_TRUE(viewStrides({4, 8}, {8, 1}, {4, 4}).empty());
}

} // namespace
