//===- DependencyTrackerTest.cpp - Dependency rules as a unit -------------===//

#include "pypto/Runtime/DependencyTracker.h"

#include <gtest/gtest.h>

using namespace pypto::runtime;

namespace {

/// Row-major tensor descriptor over a fake buffer address.
ChipTensor tensor2d(uint64_t addr, uint32_t rows, uint32_t cols, DataType dt = DataType::FLOAT32) {
  ChipTensor t;
  std::memset(&t, 0, sizeof(t));
  t.buffer.addr = addr;
  t.buffer.size = uint64_t(rows) * cols * get_element_size(dt);
  t.owner_task_id = UINT64_MAX;
  t.dtype = dt;
  t.ndims = 2;
  t.shapes[0] = rows;
  t.shapes[1] = cols;
  t.set_row_major_strides();
  t.refresh();
  return t;
}

ChipTensor view2d(const ChipTensor &t, uint32_t r0, uint32_t c0, uint32_t rows, uint32_t cols) {
  uint32_t shapes[2] = {rows, cols}, offsets[2] = {r0, c0};
  return t.view(shapes, offsets);
}

TensorAccess rd(const ChipTensor &t) { return {t, AccessMode::Read}; }
TensorAccess wr(const ChipTensor &t) { return {t, AccessMode::Write}; }
TensorAccess rw(const ChipTensor &t) { return {t, AccessMode::ReadWrite}; }

using Keys = std::vector<TaskKey>;

constexpr uint64_t kA = 0x10000, kB = 0x20000;

} // namespace

TEST(DependencyTracker, ReadAfterWrite) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  EXPECT_EQ(dt.addTask(1, {wr(a)}), Keys{});
  EXPECT_EQ(dt.addTask(2, {rd(a)}), Keys{1});
}

TEST(DependencyTracker, WriteAfterWrite) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(a)});
  EXPECT_EQ(dt.addTask(2, {wr(a)}), Keys{1});
}

TEST(DependencyTracker, WriteAfterRead) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {rd(a)});
  dt.addTask(2, {rd(a)});
  EXPECT_EQ(dt.addTask(3, {wr(a)}), (Keys{1, 2}));
}

TEST(DependencyTracker, ReadAfterReadHasNoEdge) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {rd(a)});
  EXPECT_EQ(dt.addTask(2, {rd(a)}), Keys{});
}

TEST(DependencyTracker, InoutIsReadAndWrite) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {rd(a)});
  EXPECT_EQ(dt.addTask(2, {rw(a)}), Keys{1}); // WAR
  EXPECT_EQ(dt.addTask(3, {rd(a)}), Keys{2}); // RAW
}

TEST(DependencyTracker, DisjointRowBlocksHaveNoEdge) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(view2d(a, 0, 0, 8, 16))});
  EXPECT_EQ(dt.addTask(2, {wr(view2d(a, 8, 0, 8, 16))}), Keys{});
  EXPECT_EQ(dt.addTask(3, {rd(view2d(a, 4, 0, 8, 16))}), (Keys{1, 2}));
}

TEST(DependencyTracker, DisjointColumnBlocksHaveNoEdge) {
  // Byte intervals interleave; the boxes do not intersect.
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(view2d(a, 0, 0, 16, 8))});
  EXPECT_EQ(dt.addTask(2, {wr(view2d(a, 0, 8, 16, 8))}), Keys{});
  EXPECT_EQ(dt.addTask(3, {rd(view2d(a, 3, 7, 1, 2))}), (Keys{1, 2}));
  EXPECT_EQ(dt.addTask(4, {rd(view2d(a, 3, 9, 2, 2))}), (Keys{2}));
}

TEST(DependencyTracker, TilesOfAGrid) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 64, 64);
  TaskKey id = 0;
  for (uint32_t r = 0; r < 4; ++r)
    for (uint32_t c = 0; c < 4; ++c)
      EXPECT_EQ(dt.addTask(++id, {wr(view2d(a, r * 16, c * 16, 16, 16))}), Keys{});
  // A read of the 2x2 tiles around the centre waits for exactly those four.
  EXPECT_EQ(dt.addTask(100, {rd(view2d(a, 16, 16, 32, 32))}), (Keys{6, 7, 10, 11}));
}

TEST(DependencyTracker, PartialOverlap) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(view2d(a, 0, 0, 8, 8))});
  EXPECT_EQ(dt.addTask(2, {rd(view2d(a, 7, 7, 2, 2))}), Keys{1});
}

TEST(DependencyTracker, DifferentBuffersHaveNoEdge) {
  DependencyTracker dt;
  dt.addTask(1, {wr(tensor2d(kA, 16, 16))});
  EXPECT_EQ(dt.addTask(2, {wr(tensor2d(kB, 16, 16))}), Keys{});
}

TEST(DependencyTracker, DifferentStridesFallBackToIntervals) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  // Transposed view of rows 0..7: strides differ, byte intervals overlap with
  // rows 8..15? No: rows 0..7 span bytes [0, 8*16*4). Overlap with row 7 only.
  dt.addTask(1, {wr(view2d(a, 0, 0, 8, 16).transpose(0, 1))});
  EXPECT_EQ(dt.addTask(2, {rd(view2d(a, 7, 0, 1, 16))}), Keys{1});
  EXPECT_EQ(dt.addTask(3, {rd(view2d(a, 8, 0, 8, 16))}), Keys{});
}

TEST(DependencyTracker, DifferentElementSizesFallBackToIntervals) {
  DependencyTracker dt;
  ChipTensor f = tensor2d(kA, 16, 16, DataType::FLOAT32);
  ChipTensor h = tensor2d(kA, 16, 32, DataType::FLOAT16); // same bytes, other view
  dt.addTask(1, {wr(view2d(f, 0, 0, 8, 16))});
  EXPECT_EQ(dt.addTask(2, {rd(view2d(h, 7, 0, 1, 32))}), Keys{1});
  EXPECT_EQ(dt.addTask(3, {rd(view2d(h, 8, 0, 8, 32))}), Keys{});
}

TEST(DependencyTracker, InterleavedStridedViews) {
  // Even and odd elements of a vector: same strides, different residues.
  ChipTensor v;
  std::memset(&v, 0, sizeof(v));
  v.buffer.addr = kA;
  v.dtype = DataType::INT32;
  v.ndims = 1;
  v.shapes[0] = 8;
  v.strides[0] = 2;
  v.refresh();
  ChipTensor odd = v;
  odd.start_offset = 1;
  DependencyTracker dt;
  dt.addTask(1, {wr(v)});
  EXPECT_EQ(dt.addTask(2, {wr(odd)}), Keys{});
  EXPECT_FALSE(regionsOverlap(v, odd));
  EXPECT_TRUE(regionsOverlap(v, v));
}

TEST(DependencyTracker, EmptyViewsNeverConflict) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(a)});
  EXPECT_EQ(dt.addTask(2, {rd(view2d(a, 0, 0, 0, 16))}), Keys{});
}

TEST(DependencyTracker, CompletedTasksAreForgotten) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(a)});
  dt.completeTask(1);
  EXPECT_FALSE(dt.isLive(1));
  EXPECT_EQ(dt.addTask(2, {rd(a)}), Keys{});
  EXPECT_EQ(dt.entryCount(), 1u);
  dt.completeTask(2);
  EXPECT_EQ(dt.entryCount(), 0u);
  EXPECT_EQ(dt.liveTaskCount(), 0u);
}

TEST(DependencyTracker, ExplicitEdges) {
  DependencyTracker dt;
  dt.addTask(1, {});
  dt.addTask(2, {});
  dt.completeTask(2);
  // Edge to a live task kept; to a finished or unknown task dropped; deduplicated.
  EXPECT_EQ(dt.addTask(3, {}, {1, 2, 1, 42}), Keys{1});
}

TEST(DependencyTracker, ManualModeUsesOnlyExplicitEdges) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {wr(a)});
  dt.addTask(2, {wr(a)}, {}, /*automatic=*/false);
  EXPECT_EQ(dt.addTask(3, {rd(a)}, {1}, /*automatic=*/false), Keys{1});
  // Manual tasks' accesses still count for later automatic tasks.
  EXPECT_EQ(dt.addTask(4, {rd(a)}), (Keys{1, 2}));
}

TEST(DependencyTracker, CoveringWritesPruneEntries) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 32, 32);
  TaskKey prev = 0;
  for (TaskKey id = 1; id <= 100; ++id) {
    Keys deps = dt.addTask(id, {rd(view2d(a, 0, 0, 4, 4)), wr(a)});
    if (prev) {
      EXPECT_EQ(deps, Keys{prev});
    }
    prev = id;
  }
  EXPECT_LE(dt.entryCount(), 2u);
  EXPECT_EQ(dt.liveTaskCount(), 100u);
  // A reader still waits for the newest writer (which waits for the rest).
  EXPECT_EQ(dt.addTask(200, {rd(view2d(a, 5, 5, 1, 1))}), Keys{100});
}

TEST(DependencyTracker, ConflictsQuery) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 16, 16);
  dt.addTask(1, {rd(view2d(a, 0, 0, 8, 16))});
  dt.addTask(2, {wr(view2d(a, 8, 0, 8, 16))});
  EXPECT_EQ(dt.conflicts(a, /*write=*/false), Keys{2});
  EXPECT_EQ(dt.conflicts(a, /*write=*/true), (Keys{1, 2}));
  EXPECT_EQ(dt.conflicts(view2d(a, 0, 0, 8, 16), false), Keys{});
}

TEST(RegionGeometry, Covers) {
  ChipTensor a = tensor2d(kA, 16, 16);
  EXPECT_TRUE(regionCovers(a, view2d(a, 3, 4, 5, 6)));
  EXPECT_TRUE(regionCovers(view2d(a, 0, 0, 8, 8), view2d(a, 2, 2, 6, 6)));
  EXPECT_FALSE(regionCovers(view2d(a, 0, 0, 8, 8), view2d(a, 2, 2, 7, 6)));
  EXPECT_FALSE(regionCovers(view2d(a, 0, 0, 8, 8), tensor2d(kB, 2, 2)));
  EXPECT_FALSE(regionCovers(view2d(a, 0, 0, 8, 8).transpose(0, 1), view2d(a, 0, 0, 1, 1)));
}

// With history kept (dependency graphs), a finished producer is still
// returned; without it, it is forgotten.
TEST(DependencyTracker, KeepHistoryReturnsFinishedProducers) {
  ChipTensor a = tensor2d(kA, 16, 16);
  for (bool keep : {false, true}) {
    DependencyTracker tracker;
    tracker.setKeepHistory(keep);
    EXPECT_TRUE(tracker.addTask(1, {wr(a)}).empty());
    tracker.completeTask(1);
    EXPECT_FALSE(tracker.isLive(1));
    std::vector<TaskKey> deps = tracker.addTask(2, {rd(a)});
    if (keep)
      EXPECT_EQ(deps, std::vector<TaskKey>{1});
    else
      EXPECT_TRUE(deps.empty());
  }
}

// Entries are found by a window around the access's byte interval: a long
// entry that starts far before a small access (the whole tensor, then one
// row near its end) is still found, as are the readers a writer must wait
// for among many, and nothing outside the window is reported.
TEST(DependencyTracker, WindowFindsLongEntriesAndEveryOverlap) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 4096, 16);
  dt.addTask(1, {wr(a)}); // all of a
  EXPECT_EQ(dt.addTask(2, {rd(view2d(a, 4000, 0, 1, 16))}), Keys{1});
  // 4096 readers of single rows: a read after them waits for none, a write
  // of rows 10..12 waits for task 1 and the readers of those rows.
  for (uint32_t r = 0; r < 4096; ++r)
    dt.addTask(100 + r, {rd(view2d(a, r, 0, 1, 16))});
  EXPECT_EQ(dt.addTask(9000, {rd(view2d(a, 10, 0, 3, 16))}), Keys{1});
  EXPECT_EQ(dt.addTask(9001, {wr(view2d(a, 10, 0, 3, 16))}),
            (Keys{1, 110, 111, 112, 9000}));
  // A column (strided, long interval) crosses every row entry's interval:
  // it conflicts with the writes that hold its elements, not the readers.
  EXPECT_EQ(dt.addTask(9002, {rd(view2d(a, 0, 5, 4096, 1))}), (Keys{1, 9001}));
}

// Finished tasks leave no entries behind, whichever index they are in, also
// when a later write pruned some of them first.
TEST(DependencyTracker, CompletionEmptiesBothIndexes) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 64, 16), b = tensor2d(kB, 64, 16);
  for (uint32_t r = 0; r < 64; ++r)
    dt.addTask(1 + r, {rd(view2d(a, r, 0, 1, 16)), wr(view2d(b, r, 0, 1, 16)),
                       rd(view2d(a, r, 0, 1, 16))});
  dt.addTask(100, {wr(view2d(b, 0, 0, 32, 16))}); // prunes 32 entries of b
  EXPECT_EQ(dt.entryCount(), 64u * 2 + 32 + 1);
  for (uint32_t r = 0; r < 64; ++r)
    dt.completeTask(1 + r);
  dt.completeTask(100);
  EXPECT_EQ(dt.entryCount(), 0u);
  EXPECT_EQ(dt.liveTaskCount(), 0u);
  EXPECT_EQ(dt.addTask(200, {wr(a), wr(b)}), Keys{});
}

// A task with more accesses than its record keeps in place (4) still leaves
// none behind, and its later accesses still order later tasks.
TEST(DependencyTracker, ManyAccessesOfOneTask) {
  DependencyTracker dt;
  ChipTensor a = tensor2d(kA, 64, 16), b = tensor2d(kB, 64, 16);
  std::vector<TensorAccess> accesses;
  for (uint32_t r = 0; r < 6; ++r)
    accesses.push_back(wr(view2d(r % 2 ? a : b, r, 0, 1, 16)));
  dt.addTask(1, accesses);
  EXPECT_EQ(dt.entryCount(), 6u);
  EXPECT_EQ(dt.addTask(2, {rd(view2d(a, 5, 0, 1, 16))}), Keys{1});
  dt.completeTask(1);
  dt.completeTask(2);
  EXPECT_EQ(dt.entryCount(), 0u);
  EXPECT_EQ(dt.addTask(3, {wr(a), wr(b)}), Keys{});
}

// The pool hands a freed block out again for the same size class, and
// leaves blocks over its limit to the heap.
TEST(NodePool, ReusesFreedBlocksOfTheirSize) {
  NodePool pool;
  void *p = pool.allocate(40);
  pool.deallocate(p, 40);
  EXPECT_EQ(pool.allocate(33), p); // 33 and 40 round to 48
  void *q = pool.allocate(40);
  EXPECT_NE(q, p);
  void *big = pool.allocate(NodePool::kMaxPooledBytes + 1);
  pool.deallocate(big, NodePool::kMaxPooledBytes + 1);
  pool.deallocate(q, 40);
  pool.deallocate(p, 40);
}
