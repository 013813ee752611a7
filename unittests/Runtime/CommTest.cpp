//===- CommTest.cpp - Multi-card runs: CommWorld, pto::comm, runRanks -----===//
//
// The chips of a multi-card run share one CommWorld: every rank's window and
// CommContext, the signals between them and failure propagation. Tested here:
//   - CommWorld on its own (windows, CommContext layout, notify, wait, fail);
//   - pto::comm::TNOTIFY / TTEST / TWAIT of the tile library on the default core
//     (and their dispatch to the ABI v3 hooks of a bound core);
//   - hand-written 2- and 3-rank programs run with runRanks: windows exchanged
//     through the CommContext address arithmetic, and the failures (a hung
//     TWAIT under the watchdog, signals outside every window, signals in a
//     single-chip run, unknown ops).
// No test asserts on timing: the short sleeps only make a waiter block first.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "pypto/Runtime/Device.h"
#include "pypto/Runtime/comm_context.h"
#include "pypto/Runtime/pto_orchestration_api.h"

#include <pto/comm.hpp>
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;

namespace {

using Clock = std::chrono::steady_clock;

std::unique_ptr<CommWorld> makeWorld(int ranks, uint64_t bytes) {
  std::unique_ptr<CommWorld> world;
  Status s = CommWorld::create(ranks, bytes, world);
  EXPECT_TRUE(s) << s.message;
  return world;
}

/// A stop predicate that gives up after `seconds` (a safety net against a
/// hang: the tests expect the wait to end for another reason long before).
auto deadline(double seconds) {
  const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(seconds));
  return [end] { return Clock::now() >= end; };
}

void sleepMs(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

int32_t *signalIn(const CommWorld &world, int rank, uint64_t offset) {
  return reinterpret_cast<int32_t *>(world.window(rank) + offset);
}

std::string pointerText(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return buf;
}

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

} // namespace

//===----------------------------------------------------------------------===//
// CommContext layout and CommWorld
//===----------------------------------------------------------------------===//

TEST(CommContext, Layout) {
  EXPECT_EQ(COMM_MAX_RANKS, 64u);
  EXPECT_EQ(offsetof(CommContext, workSpace), 0u);
  EXPECT_EQ(offsetof(CommContext, workSpaceSize), 8u);
  EXPECT_EQ(offsetof(CommContext, rankId), 16u);
  EXPECT_EQ(offsetof(CommContext, rankNum), 20u);
  EXPECT_EQ(offsetof(CommContext, winSize), 24u);
  EXPECT_EQ(offsetof(CommContext, windowsIn), 32u);
  EXPECT_EQ(offsetof(CommContext, windowsOut), 544u);
  EXPECT_EQ(sizeof(CommContext), 1056u);
}

TEST(CommWorld, CreateRejectsRankCounts) {
  for (int n : {0, -1, 65, 1000}) {
    std::unique_ptr<CommWorld> world;
    Status s = CommWorld::create(n, 64, world);
    ASSERT_FALSE(s) << n;
    EXPECT_EQ(s.message, "a multi-card run has 1..64 ranks, not " + std::to_string(n));
    EXPECT_EQ(world, nullptr) << n;
  }
  for (int n : {1, 2, 64}) {
    std::unique_ptr<CommWorld> world;
    Status s = CommWorld::create(n, 64, world);
    ASSERT_TRUE(s) << n << ": " << s.message;
    ASSERT_NE(world, nullptr);
    EXPECT_EQ(world->numRanks(), n);
    EXPECT_FALSE(world->failed());
    EXPECT_EQ(world->failure(), "");
  }
}

TEST(CommWorld, CreateRejectsWindowsTooLarge) {
  std::unique_ptr<CommWorld> world;
  const uint64_t huge = uint64_t(1) << 62; // beyond any host's address space
  Status s = CommWorld::create(2, huge, world);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message, "a window of " + std::to_string(huge) + " bytes is too large");
  EXPECT_EQ(world, nullptr);
}

// Rounding a size within 63 of UINT64_MAX up to 64 bytes must not wrap to 0.
TEST(CommWorld, CreateRejectsWindowSizesThatWrapWhenRounded) {
  for (uint64_t bytes : {UINT64_MAX, UINT64_MAX - 62}) {
    std::unique_ptr<CommWorld> world;
    Status s = CommWorld::create(2, bytes, world);
    EXPECT_FALSE(s) << bytes << ": windows of "
                    << (world ? std::to_string(world->windowBytes()) : std::string("?"))
                    << " bytes";
  }
}

TEST(CommWorld, WindowsAreAlignedZeroedAndDistinct) {
  struct Case {
    uint64_t requested, rounded;
  };
  for (Case c : {Case{100, 128}, Case{64, 64}, Case{1, 64}, Case{4096, 4096}, Case{4097, 4160}}) {
    auto world = makeWorld(3, c.requested);
    ASSERT_NE(world, nullptr);
    EXPECT_EQ(world->windowBytes(), c.rounded) << c.requested;
    for (int r = 0; r < 3; ++r) {
      const uint8_t *w = world->window(r);
      ASSERT_NE(w, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(w) % 64, 0u) << "rank " << r;
      for (uint64_t i = 0; i < c.rounded; ++i)
        ASSERT_EQ(w[i], 0) << "rank " << r << " byte " << i;
      // Windows do not overlap.
      for (int q = 0; q < r; ++q) {
        const uintptr_t a = reinterpret_cast<uintptr_t>(w);
        const uintptr_t b = reinterpret_cast<uintptr_t>(world->window(q));
        EXPECT_TRUE(a + c.rounded <= b || b + c.rounded <= a) << r << " vs " << q;
      }
    }
    // The whole (rounded) window is writable.
    for (int r = 0; r < 3; ++r)
      std::memset(world->window(r), 0xab, world->windowBytes());
  }
  // A zero-byte window still has a distinct, aligned base.
  auto empty = makeWorld(2, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(empty->windowBytes(), 0u);
  EXPECT_NE(empty->window(0), nullptr);
  EXPECT_NE(empty->window(0), empty->window(1));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(empty->window(1)) % 64, 0u);
  EXPECT_EQ(empty->context(1)->winSize, 0u);
}

TEST(CommWorld, ContextLayoutValues) {
  for (int n : {1, 3, 64}) {
    auto world = makeWorld(n, 200);
    ASSERT_NE(world, nullptr);
    for (int r = 0; r < n; ++r) {
      const CommContext *ctx = world->context(r);
      ASSERT_NE(ctx, nullptr);
      EXPECT_EQ(ctx, world->context(r)) << "stable";
      EXPECT_EQ(ctx->workSpace, 0u);
      EXPECT_EQ(ctx->workSpaceSize, 0u);
      EXPECT_EQ(ctx->rankId, uint32_t(r));
      EXPECT_EQ(ctx->rankNum, uint32_t(n));
      EXPECT_EQ(ctx->winSize, 256u);
      for (int q = 0; q < n; ++q) {
        EXPECT_EQ(ctx->windowsIn[q], reinterpret_cast<uintptr_t>(world->window(q)))
            << "rank " << r << " window " << q;
        EXPECT_EQ(ctx->windowsOut[q], ctx->windowsIn[q]);
      }
      for (int q = n; q < int(COMM_MAX_RANKS); ++q) {
        EXPECT_EQ(ctx->windowsIn[q], 0u);
        EXPECT_EQ(ctx->windowsOut[q], 0u);
      }
      // As generated code reads it: int64 slots.
      const int64_t *slots = reinterpret_cast<const int64_t *>(ctx);
      EXPECT_EQ(uint64_t(slots[2]) & 0xffffffffu, uint64_t(r));
      EXPECT_EQ(uint64_t(slots[2]) >> 32, uint64_t(n));
      EXPECT_EQ(uint64_t(slots[3]), 256u);
      for (int q = 0; q < n; ++q)
        EXPECT_EQ(uint64_t(slots[4 + q]), reinterpret_cast<uintptr_t>(world->window(q)));
    }
    // Each rank has its own context.
    if (n > 1)
      EXPECT_NE(world->context(0), world->context(1));
  }
}

TEST(CommWorld, InWindowEdges) {
  auto world = makeWorld(2, 128);
  ASSERT_NE(world, nullptr);
  // Whether p lies in some other rank's window than `except` (allocations
  // could in principle be adjacent; the edge checks below skip such cases).
  auto inOther = [&](const uint8_t *p, int except) {
    for (int r = 0; r < world->numRanks(); ++r) {
      const uint8_t *w = world->window(r);
      if (r != except && p >= w && p < w + world->windowBytes())
        return true;
    }
    return false;
  };
  for (int r = 0; r < 2; ++r) {
    uint8_t *w = world->window(r);
    EXPECT_TRUE(world->inWindow(w, 4));
    EXPECT_TRUE(world->inWindow(w, 128)); // the whole window
    EXPECT_TRUE(world->inWindow(w + 124, 4)); // the last int32
    EXPECT_TRUE(world->inWindow(w + 127, 1));
    EXPECT_TRUE(world->inWindow(w + 64, 64));
    EXPECT_FALSE(world->inWindow(w, 129)); // one byte too many
    EXPECT_FALSE(world->inWindow(w + 1, 128));
    EXPECT_FALSE(world->inWindow(w, UINT64_MAX));         // no overflow
    EXPECT_FALSE(world->inWindow(w + 64, UINT64_MAX - 8)); // no overflow
    if (!inOther(w + 127, r) && !inOther(w + 128, r)) {
      EXPECT_FALSE(world->inWindow(w + 125, 4)); // straddles the end
      EXPECT_FALSE(world->inWindow(w + 128, 4)); // just past it
    }
    if (!inOther(w - 4, r)) {
      EXPECT_FALSE(world->inWindow(w - 4, 4)); // just before it
      EXPECT_FALSE(world->inWindow(w - 2, 4)); // straddles the start
    }
  }
  int32_t onStack = 0;
  EXPECT_FALSE(world->inWindow(&onStack, 4));
  EXPECT_FALSE(world->inWindow(nullptr, 4));
  std::vector<int32_t> heap(64);
  EXPECT_FALSE(world->inWindow(heap.data(), 4));
}

TEST(CommWorld, NotifyAddAndSet) {
  auto world = makeWorld(2, 64);
  ASSERT_NE(world, nullptr);
  int32_t *s = signalIn(*world, 1, 8);
  world->notify(s, 5, 0);
  EXPECT_EQ(*s, 5);
  world->notify(s, -2, 0);
  EXPECT_EQ(*s, 3);
  world->notify(s, 42, 1);
  EXPECT_EQ(*s, 42);
  world->notify(s, -7, 1);
  EXPECT_EQ(*s, -7);
  world->notify(s, 0, 0);
  EXPECT_EQ(*s, -7);
  // Only that int32 changed.
  for (int r = 0; r < 2; ++r)
    for (uint64_t i = 0; i < 64; ++i)
      if (!(r == 1 && i >= 8 && i < 12))
        ASSERT_EQ(world->window(r)[i], 0) << r << " " << i;

  // Concurrent adds are atomic.
  int32_t *c = signalIn(*world, 0, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i)
        world->notify(c, 1, 0);
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(*c, 4000);
}

TEST(CommWorld, Holds) {
  struct Case {
    int32_t cmp, expected;
    bool holds;
  };
  // value 5 against each comparison.
  const Case cases[] = {{0, 5, true},  {0, 4, false}, {1, 4, true},  {1, 5, false},
                        {2, 4, true},  {2, 5, false}, {3, 5, true},  {3, 6, false},
                        {4, 6, true},  {4, 5, false}, {5, 5, true},  {5, 4, false},
                        {6, 5, false}, {-1, 5, false}};
  for (const Case &c : cases)
    EXPECT_EQ(CommWorld::holds(5, c.cmp, c.expected), c.holds)
        << "cmp " << c.cmp << " expected " << c.expected;
  EXPECT_TRUE(CommWorld::holds(INT32_MIN, 4, INT32_MAX));
  EXPECT_TRUE(CommWorld::holds(-1, 2, INT32_MIN));
}

TEST(CommWorld, WaitThatHoldsReturnsAtOnce) {
  auto world = makeWorld(1, 64);
  ASSERT_NE(world, nullptr);
  int32_t *s = signalIn(*world, 0, 0);
  *s = 5;
  const int32_t trueExpected[6] = {5, 4, 4, 5, 6, 5};  // eq ne gt ge lt le
  const int32_t falseExpected[6] = {4, 5, 5, 6, 5, 4};
  for (int32_t cmp = 0; cmp < 6; ++cmp) {
    // A wait that holds does not even ask stop().
    int stops = 0;
    EXPECT_TRUE(world->wait(s, cmp, trueExpected[cmp], [&] {
      ++stops;
      return true;
    })) << "cmp " << cmp;
    EXPECT_EQ(stops, 0) << "cmp " << cmp;
    // One that does not hold returns false as soon as stop() says so.
    EXPECT_FALSE(world->wait(s, cmp, falseExpected[cmp], [] { return true; })) << "cmp " << cmp;
  }
  EXPECT_FALSE(world->failed());
}

TEST(CommWorld, NotifyFromAnotherThreadWakesTheWait) {
  struct Case {
    int32_t cmp, initial, expected, value, op; // notify(value, op) makes it hold
  };
  const Case cases[] = {
      {0, 0, 3, 3, 1},  // eq: set 3
      {1, 0, 0, 1, 0},  // ne: add 1
      {2, 0, 0, 1, 0},  // gt: add 1
      {3, 0, 2, 2, 0},  // ge: add 2
      {4, 0, 0, -1, 0}, // lt: add -1
      {5, 5, 2, 2, 1},  // le: set 2
  };
  auto world = makeWorld(2, 64);
  ASSERT_NE(world, nullptr);
  for (const Case &c : cases) {
    int32_t *s = signalIn(*world, 1, 4 * uint64_t(c.cmp));
    *s = c.initial;
    ASSERT_FALSE(CommWorld::holds(*s, c.cmp, c.expected));
    std::thread notifier([&] {
      sleepMs(20);
      world->notify(s, c.value, c.op);
    });
    const bool ok = world->wait(s, c.cmp, c.expected, deadline(20));
    notifier.join();
    EXPECT_TRUE(ok) << "cmp " << c.cmp;
    EXPECT_TRUE(CommWorld::holds(*s, c.cmp, c.expected)) << "cmp " << c.cmp;
  }
  // Several notifies are needed: the waiter keeps waiting after each.
  int32_t *count = signalIn(*world, 0, 32);
  std::vector<std::thread> notifiers;
  for (int t = 0; t < 4; ++t)
    notifiers.emplace_back([&, t] {
      sleepMs(5 * (t + 1));
      world->notify(count, 1, 0);
    });
  EXPECT_TRUE(world->wait(count, 0, 4, deadline(20)));
  for (auto &t : notifiers)
    t.join();
  EXPECT_EQ(*count, 4);
  // Every waiter on a signal is woken.
  int32_t *flag = signalIn(*world, 0, 40);
  std::atomic<int> woken{0};
  std::vector<std::thread> waiters;
  for (int t = 0; t < 3; ++t)
    waiters.emplace_back([&] {
      if (world->wait(flag, 0, 1, deadline(20)))
        ++woken;
    });
  sleepMs(20);
  world->notify(flag, 1, 1);
  for (auto &t : waiters)
    t.join();
  EXPECT_EQ(woken.load(), 3);
  EXPECT_FALSE(world->failed());
}

TEST(CommWorld, FailFromAnotherThreadEndsTheWaits) {
  auto world = makeWorld(2, 64);
  ASSERT_NE(world, nullptr);
  int32_t *never = signalIn(*world, 0, 0);
  std::vector<int> results(3, -1);
  std::vector<std::thread> waiters;
  for (int t = 0; t < 3; ++t)
    waiters.emplace_back([&, t] {
      // The deadline is a safety net: the stop() must not be what ends it.
      bool timedOut = false;
      auto dl = deadline(20);
      const bool ok = world->wait(never, t == 0 ? 0 : 3, 1, [&] { return timedOut = dl(); });
      results[t] = ok ? 1 : timedOut ? 2 : 0;
    });
  sleepMs(20);
  world->fail(1, "the kernel of rank 1 raised");
  for (auto &t : waiters)
    t.join();
  for (int t = 0; t < 3; ++t)
    EXPECT_EQ(results[t], 0) << "waiter " << t << " (1: held, 2: timed out)";
  EXPECT_TRUE(world->failed());
  EXPECT_EQ(world->failure(), "rank 1: the kernel of rank 1 raised");

  // The first failure wins.
  world->fail(0, "a later failure");
  EXPECT_EQ(world->failure(), "rank 1: the kernel of rank 1 raised");
  // A wait on a failed world that does not hold ends at once.
  int stops = 0;
  EXPECT_FALSE(world->wait(never, 0, 1, [&] {
    ++stops;
    return false;
  }));
  EXPECT_EQ(*never, 0);
}

TEST(CommWorld, FirstFailureWinsAcrossThreads) {
  auto world = makeWorld(8, 64);
  ASSERT_NE(world, nullptr);
  std::vector<std::thread> threads;
  for (int r = 0; r < 8; ++r)
    threads.emplace_back([&, r] { world->fail(r, "failure " + std::to_string(r)); });
  for (auto &t : threads)
    t.join();
  ASSERT_TRUE(world->failed());
  const std::string f = world->failure();
  // One whole message, of whichever rank was first.
  bool one = false;
  for (int r = 0; r < 8; ++r)
    one = one || f == "rank " + std::to_string(r) + ": failure " + std::to_string(r);
  EXPECT_TRUE(one) << f;
}

TEST(CommWorld, StopEndsTheWait) {
  auto world = makeWorld(1, 64);
  ASSERT_NE(world, nullptr);
  int32_t *never = signalIn(*world, 0, 0);
  std::atomic<bool> stop{false};
  std::atomic<int> stops{0};
  bool result = true;
  std::thread waiter([&] {
    auto dl = deadline(20);
    result = world->wait(never, 2, 0, [&] {
      ++stops;
      return stop.load() || dl();
    });
  });
  sleepMs(30);
  stop = true;
  waiter.join();
  EXPECT_FALSE(result);
  EXPECT_GE(stops.load(), 1);
  EXPECT_FALSE(world->failed()) << "stop() is not a failure of the world";
  EXPECT_EQ(world->failure(), "");
}

//===----------------------------------------------------------------------===//
// pto::comm on the default core (no runtime)
//===----------------------------------------------------------------------===//

namespace {

using Signal = pto::GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 1, 1>>;

template <typename Fn> std::string errorOf(Fn fn) {
  try {
    fn();
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "<no error>";
}

/// Binds `ctx` as the core of this thread while alive.
class BoundCore {
public:
  explicit BoundCore(pto::sim::CoreContext *ctx) : prev_(pto::sim::detail::tlsBoundCore) {
    pto::sim::detail::tlsBoundCore = ctx;
  }
  ~BoundCore() { pto::sim::detail::tlsBoundCore = prev_; }

private:
  pto::sim::CoreContext *prev_;
};

struct HookLog {
  std::vector<std::vector<int64_t>> notifies, waits; // (addr, a, b)
};
thread_local HookLog *g_hookLog = nullptr;

} // namespace

TEST(CommTileLib, NotifyAndTestOnTheDefaultCore) {
  using pto::comm::NotifyOp;
  using pto::comm::WaitCmp;
  ASSERT_EQ(pto::sim::boundCore(), nullptr);
  alignas(64) int32_t cells[4] = {0, 0, 0, 0};
  Signal s(&cells[1]);
  pto::comm::TNOTIFY(s, 3, NotifyOp::AtomicAdd);
  EXPECT_EQ(cells[1], 3);
  pto::comm::TNOTIFY(s, -5, NotifyOp::AtomicAdd);
  EXPECT_EQ(cells[1], -2);
  pto::comm::TNOTIFY(s, 9, NotifyOp::Set);
  EXPECT_EQ(cells[1], 9);
  EXPECT_EQ(cells[0], 0);
  EXPECT_EQ(cells[2], 0);

  EXPECT_EQ(static_cast<int>(NotifyOp::AtomicAdd), 0);
  EXPECT_EQ(static_cast<int>(NotifyOp::Set), 1);
  EXPECT_EQ(static_cast<int>(WaitCmp::EQ), 0);
  EXPECT_EQ(static_cast<int>(WaitCmp::NE), 1);
  EXPECT_EQ(static_cast<int>(WaitCmp::GT), 2);
  EXPECT_EQ(static_cast<int>(WaitCmp::GE), 3);
  EXPECT_EQ(static_cast<int>(WaitCmp::LT), 4);
  EXPECT_EQ(static_cast<int>(WaitCmp::LE), 5);

  // 9 against each comparison.
  EXPECT_TRUE(pto::comm::TTEST(s, 9, WaitCmp::EQ));
  EXPECT_FALSE(pto::comm::TTEST(s, 8, WaitCmp::EQ));
  EXPECT_TRUE(pto::comm::TTEST(s, 8, WaitCmp::NE));
  EXPECT_FALSE(pto::comm::TTEST(s, 9, WaitCmp::NE));
  EXPECT_TRUE(pto::comm::TTEST(s, 8, WaitCmp::GT));
  EXPECT_FALSE(pto::comm::TTEST(s, 9, WaitCmp::GT));
  EXPECT_TRUE(pto::comm::TTEST(s, 9, WaitCmp::GE));
  EXPECT_FALSE(pto::comm::TTEST(s, 10, WaitCmp::GE));
  EXPECT_TRUE(pto::comm::TTEST(s, 10, WaitCmp::LT));
  EXPECT_FALSE(pto::comm::TTEST(s, 9, WaitCmp::LT));
  EXPECT_TRUE(pto::comm::TTEST(s, 9, WaitCmp::LE));
  EXPECT_FALSE(pto::comm::TTEST(s, 8, WaitCmp::LE));
  EXPECT_EQ(cells[1], 9) << "TTEST does not change the signal";
}

TEST(CommTileLib, WaitOnTheDefaultCore) {
  using pto::comm::WaitCmp;
  alignas(64) int32_t cell = 7;
  Signal s(&cell);
  // Conditions that hold return.
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::EQ); }), "<no error>");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 0, WaitCmp::NE); }), "<no error>");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 6, WaitCmp::GT); }), "<no error>");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::GE); }), "<no error>");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 8, WaitCmp::LT); }), "<no error>");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::LE); }), "<no error>");
  // Ones that do not raise: nobody else could change the signal.
  const std::string expected = "kernel 'default': TWAIT: the signal holds 7 and no other chip "
                               "can change it outside a multi-card run";
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 8, WaitCmp::EQ); }), expected);
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::NE); }), expected);
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::GT); }), expected);
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 8, WaitCmp::GE); }), expected);
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 7, WaitCmp::LT); }), expected);
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 6, WaitCmp::LE); }), expected);
  EXPECT_EQ(cell, 7);
  // The kernel name of a ScopedDefaultCore is the one reported.
  {
    pto::sim::ScopedDefaultCore core(pto::sim::Arch::A2A3, "allreduce");
    EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 1, WaitCmp::EQ); }),
              "kernel 'allreduce': TWAIT: the signal holds 7 and no other chip can change it "
              "outside a multi-card run");
  }
}

TEST(CommTileLib, MisalignedOrNullSignalRaises) {
  using pto::comm::NotifyOp;
  using pto::comm::WaitCmp;
  alignas(64) int32_t cells[4] = {0, 0, 0, 0};
  int32_t *odd = reinterpret_cast<int32_t *>(reinterpret_cast<uint8_t *>(cells) + 2);
  Signal bad(odd);
  const std::string at = pointerText(odd);
  EXPECT_EQ(errorOf([&] { pto::comm::TNOTIFY(bad, 1, NotifyOp::Set); }),
            "kernel 'default': TNOTIFY: the signal address " + at + " is not an aligned int32");
  EXPECT_EQ(errorOf([&] { pto::comm::TTEST(bad, 0, WaitCmp::EQ); }),
            "kernel 'default': TTEST: the signal address " + at + " is not an aligned int32");
  EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(bad, 0, WaitCmp::EQ); }),
            "kernel 'default': TWAIT: the signal address " + at + " is not an aligned int32");
  Signal null(nullptr);
  EXPECT_TRUE(contains(errorOf([&] { pto::comm::TNOTIFY(null, 1, NotifyOp::Set); }),
                       "is not an aligned int32"));
  for (int32_t c : cells)
    EXPECT_EQ(c, 0);
}

// A core of ABI v3 with comm hooks gets the signal operations (op and cmp as
// their enum values, in the hooks' argument order); an older core does not.
TEST(CommTileLib, BoundCoreHooks) {
  using pto::comm::NotifyOp;
  using pto::comm::WaitCmp;
  HookLog log;
  g_hookLog = &log;
  pto::sim::CoreContext ctx{};
  ctx.kernel_name = "hooked";
  ctx.raise = [](pto::sim::CoreContext *, const char *m) { throw std::runtime_error(m); };
  ctx.abi_version = 3;
  ctx.comm_notify = [](pto::sim::CoreContext *, int32_t *addr, int32_t value, int32_t op) {
    g_hookLog->notifies.push_back({int64_t(reinterpret_cast<uintptr_t>(addr)), value, op});
  };
  ctx.comm_wait = [](pto::sim::CoreContext *, const int32_t *addr, int32_t cmp,
                     int32_t expected) {
    g_hookLog->waits.push_back({int64_t(reinterpret_cast<uintptr_t>(addr)), cmp, expected});
  };
  alignas(64) int32_t cell = 0;
  const int64_t addr = int64_t(reinterpret_cast<uintptr_t>(&cell));
  Signal s(&cell);
  {
    BoundCore bound(&ctx);
    pto::comm::TNOTIFY(s, 11, NotifyOp::AtomicAdd);
    pto::comm::TNOTIFY(s, -4, NotifyOp::Set);
    pto::comm::TWAIT(s, -3, WaitCmp::LT);  // does not hold: the hook decides
    pto::comm::TWAIT(s, 12, WaitCmp::GE);
    EXPECT_EQ(cell, 0) << "the hooks, not the library, change the signal";
    EXPECT_TRUE(pto::comm::TTEST(s, 0, WaitCmp::EQ)); // TTEST needs no hook
  }
  ASSERT_EQ(log.notifies.size(), 2u);
  EXPECT_EQ(log.notifies[0], (std::vector<int64_t>{addr, 11, 0}));
  EXPECT_EQ(log.notifies[1], (std::vector<int64_t>{addr, -4, 1}));
  ASSERT_EQ(log.waits.size(), 2u);
  EXPECT_EQ(log.waits[0], (std::vector<int64_t>{addr, 4, -3}));
  EXPECT_EQ(log.waits[1], (std::vector<int64_t>{addr, 3, 12}));

  // ABI v2 (a runtime from before the hooks): the library acts directly.
  ctx.abi_version = 2;
  {
    BoundCore bound(&ctx);
    pto::comm::TNOTIFY(s, 6, NotifyOp::AtomicAdd);
    EXPECT_EQ(cell, 6);
    EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 5, WaitCmp::EQ); }),
              "kernel 'hooked': TWAIT: the signal holds 6 and no other chip can change it "
              "outside a multi-card run");
  }
  // ABI v3 without hooks: likewise.
  ctx.abi_version = 3;
  ctx.comm_notify = nullptr;
  ctx.comm_wait = nullptr;
  {
    BoundCore bound(&ctx);
    pto::comm::TNOTIFY(s, 1, NotifyOp::Set);
    EXPECT_EQ(cell, 1);
    EXPECT_EQ(errorOf([&] { pto::comm::TWAIT(s, 1, WaitCmp::EQ); }), "<no error>");
  }
  EXPECT_EQ(log.notifies.size(), 2u);
  EXPECT_EQ(log.waits.size(), 2u);
  g_hookLog = nullptr;
}

//===----------------------------------------------------------------------===//
// Multi-card programs run with runRanks
//===----------------------------------------------------------------------===//

namespace {

// Every rank's window (kWindowBytes):
//   0 ready (int32): the previous rank's row is in this rank's window
//   4 done  (int32): this rank read its row (set to 7)
//   8 never (int32): nobody sets it
//  12 tick  (int32): ticks of the test's host thread
//  64 row   (16 x f32): written by this rank
constexpr uint64_t kWindowBytes = 128;
constexpr uint64_t kReady = 0, kDone = 4, kNever = 8, kTick = 12, kRow = 64;

// One AIV kernel; args: out (2 x 16 f32), then scalars mode, rank, CommContext*.
const char *kCommKernel = R"PTO(
#include <pto/pto-inst.hpp>
#include "tensor.h"
#include "intrinsic.h"
#include "comm_context.h"
using namespace pto;
using namespace pto::comm;
#define KERNEL extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args)
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
using Row = GlobalTensor<float, Shape<1, 1, 1, 1, 16>, Stride<16, 16, 16, 16, 1>>;
using Signal = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>>;
using RowTile = Tile<TileType::Vec, float, 1, 16>;
constexpr uint64_t kReady = 0, kDone = 4, kNever = 8, kTick = 12, kRow = 64;

// The copy on `peer` of a buffer of this rank's window, as pypto's generated code
// forms it from the CommContext's int64 slots: local + windowsIn[peer] - windowsIn[rank].
template <typename T> static T *onPeer(T *local, const int64_t *slots, int rank, int peer) {
  return reinterpret_cast<T *>(reinterpret_cast<uintptr_t>(local) + uint64_t(slots[4 + peer]) -
                               uint64_t(slots[4 + rank]));
}

KERNEL {
  ChipTensor *out = arg(args, 0);
  float *o = out->data<float>();
  const int mode = int(args[1]);
  const int rank = int(args[2]);
  const CommContext *cc = reinterpret_cast<const CommContext *>(uintptr_t(args[3]));
  pto::sim::CoreContext *core = pto::sim::current();
  switch (mode) {
  case 0: { // exchange rows around the ring of ranks
    const int64_t *slots = reinterpret_cast<const int64_t *>(cc);
    const int n = int(cc->rankNum);
    const int next = (rank + 1) % n, prev = (rank + n - 1) % n;
    uint8_t *mine = reinterpret_cast<uint8_t *>(uintptr_t(cc->windowsIn[rank]));
    int32_t *ready = reinterpret_cast<int32_t *>(mine + kReady);
    int32_t *done = reinterpret_cast<int32_t *>(mine + kDone);
    float *row = reinterpret_cast<float *>(mine + kRow);
    RowTile t;
    TASSIGN(t, 0);
    for (int c = 0; c < 16; ++c)
      t.at(0, c) = float(100 * (rank + 1) + c);
    TSTORE(Row(row), t);
    Signal nextReady(onPeer(ready, slots, rank, next));
    TNOTIFY(nextReady, 1, NotifyOp::AtomicAdd);
    Signal myReady(ready);
    TWAIT(myReady, 1, WaitCmp::EQ);
    RowTile got;
    TASSIGN(got, 64);
    TLOAD(got, Row(onPeer(row, slots, rank, prev)));  // a peer's window is GM of the task
    TSTORE(Row(o), got);
    Signal myDone(done);
    TNOTIFY(myDone, 7, NotifyOp::Set);
    Signal nextDone(onPeer(done, slots, rank, next)); // a wait on a peer's window
    TWAIT(nextDone, 7, WaitCmp::EQ);
    o[16] = float(core->rank);
    o[17] = float(core->num_ranks);
    o[18] = float(cc->rankId);
    o[19] = float(cc->rankNum);
    o[20] = float(uint64_t(slots[2]) & 0xffffffffu);
    o[21] = float(uint64_t(slots[2]) >> 32);
    o[22] = float(*ready);
    o[23] = float(cc->winSize);
    o[24] = TTEST(myDone, 7, WaitCmp::EQ) ? 1.0f : 0.0f;
    break;
  }
  case 1: { // wait for a signal nobody sets
    Signal never(reinterpret_cast<int32_t *>(uintptr_t(cc->windowsIn[rank] + kNever)));
    TWAIT(never, 1, WaitCmp::EQ);
    pto::sim::fail(core, "the wait for 'never' returned");
  }
  case 2: { // a signal outside every window (in the output tensor)
    Signal s(reinterpret_cast<int32_t *>(o));
    TNOTIFY(s, 1, NotifyOp::AtomicAdd);
    pto::sim::fail(core, "TNOTIFY returned");
  }
  case 3: {
    Signal s(reinterpret_cast<int32_t *>(o));
    TWAIT(s, 0, WaitCmp::EQ); // holds, but is no signal
    pto::sim::fail(core, "TWAIT returned");
  }
  case 4: { // follow the test's ticks, then wait for one more
    Signal tick(reinterpret_cast<int32_t *>(uintptr_t(cc->windowsIn[rank] + kTick)));
    for (int i = 1; i < 1000000; ++i)
      TWAIT(tick, i, WaitCmp::GE);
    pto::sim::fail(core, "the ticks never stopped");
  }
  case 5: // the core's view of the run
    o[0] = float(core->rank);
    o[1] = float(core->num_ranks);
    o[2] = core->comm_notify && core->comm_wait ? 1.0f : 0.0f;
    o[3] = float(core->abi_version);
    break;
  case 6: {
    Signal s(reinterpret_cast<int32_t *>(uintptr_t(cc->windowsIn[rank] + kReady)));
    TNOTIFY(s, 1, static_cast<NotifyOp>(2));
    pto::sim::fail(core, "TNOTIFY returned");
  }
  case 7: {
    Signal s(reinterpret_cast<int32_t *>(uintptr_t(cc->windowsIn[rank] + kReady)));
    TWAIT(s, 0, static_cast<WaitCmp>(9));
    pto::sim::fail(core, "TWAIT returned");
  }
  default:
    pto::sim::fail(core, "unknown mode %d", mode);
  }
}
)PTO";

const std::string kCommOrch = orchSource(4, R"PTO(
    const ChipTensor& out = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p;
        p.add_inout(out);
        p.add_scalar(orch_args.scalar(0));  // mode
        p.add_scalar(orch_args.scalar(1));  // rank
        p.add_scalar(orch_args.scalar(2));  // CommContext*
        rt_submit_aiv_task(0, p);
    }
)PTO");

::testing::AssertionResult buildComm(LoadedProgram &prog) {
  return build("comm_orch.cpp", kCommOrch,
               {kernel(0, "comm", CoreType::AIV, kCommKernel)}, prog);
}

std::vector<HostArg> rankArgs(std::vector<float> &out, uint64_t mode, int rank,
                              const CommWorld *world) {
  const uint64_t ctx =
      world ? uint64_t(reinterpret_cast<uintptr_t>(world->context(rank))) : 0;
  return {HostArg::tensor(out.data(), {2, 16}, DataType::FLOAT32), HostArg::scalar(mode),
          HostArg::scalarOf<int64_t>(rank), HostArg::scalar(ctx)};
}

/// A safety net for runs expected to end by themselves well before it.
RunOptions safeOptions() {
  RunOptions o;
  o.watchdogSeconds = 20;
  return o;
}

} // namespace

TEST(CommRun, ExchangeRowsThroughTheWindows) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  struct Case {
    DeviceSpec device;
    int ranks;
  };
  for (const Case &c : {Case{a2a3(), 2}, Case{a5(), 2}, Case{a2a3(), 3}}) {
    SCOPED_TRACE(c.device.platform + " with " + std::to_string(c.ranks) + " ranks");
    auto world = makeWorld(c.ranks, kWindowBytes);
    ASSERT_NE(world, nullptr);
    std::vector<std::vector<float>> outs(c.ranks, std::vector<float>(32, -1.0f));
    std::vector<std::vector<HostArg>> args;
    for (int r = 0; r < c.ranks; ++r)
      args.push_back(rankArgs(outs[r], 0, r, world.get()));
    Status s = runRanks(c.device, prog, args, *world, safeOptions());
    ASSERT_TRUE(s) << s.message;
    EXPECT_FALSE(world->failed());
    for (int r = 0; r < c.ranks; ++r) {
      const int prev = (r + c.ranks - 1) % c.ranks;
      const std::vector<float> &o = outs[r];
      for (int col = 0; col < 16; ++col)
        ASSERT_EQ(o[col], float(100 * (prev + 1) + col)) << "rank " << r << " col " << col;
      EXPECT_EQ(o[16], float(r)) << "CoreContext::rank";
      EXPECT_EQ(o[17], float(c.ranks)) << "CoreContext::num_ranks";
      EXPECT_EQ(o[18], float(r)) << "CommContext::rankId";
      EXPECT_EQ(o[19], float(c.ranks)) << "CommContext::rankNum";
      EXPECT_EQ(o[20], float(r)) << "slot 2, low half";
      EXPECT_EQ(o[21], float(c.ranks)) << "slot 2, high half";
      EXPECT_EQ(o[22], 1.0f) << "one notify per rank";
      EXPECT_EQ(o[23], float(kWindowBytes));
      EXPECT_EQ(o[24], 1.0f);
      for (int col = 25; col < 32; ++col)
        EXPECT_EQ(o[col], -1.0f) << col;
      // The windows hold what the kernels left there.
      EXPECT_EQ(*signalIn(*world, r, kReady), 1);
      EXPECT_EQ(*signalIn(*world, r, kDone), 7);
      const float *row = reinterpret_cast<const float *>(world->window(r) + kRow);
      for (int col = 0; col < 16; ++col)
        ASSERT_EQ(row[col], float(100 * (r + 1) + col));
    }
  }
}

TEST(CommRun, CoreContextOfASingleChipRun) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  std::vector<float> out(32, -1.0f);
  std::vector<HostArg> args = rankArgs(out, 5, 0, nullptr);
  Status s = runProgram(a2a3(), prog, args, safeOptions());
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_EQ(out[2], 1.0f) << "the runtime's cores have the comm hooks";
  EXPECT_EQ(out[3], float(pto::sim::kCoreContextAbiVersion));
  EXPECT_EQ(pto::sim::kCoreContextAbiVersion, 4u);

  // A rank of a world seen through runProgram directly.
  auto world = makeWorld(4, kWindowBytes);
  ASSERT_NE(world, nullptr);
  std::vector<HostArg> rankArgs2 = rankArgs(out, 5, 2, world.get());
  RunOptions o = safeOptions();
  o.comm = world.get();
  o.rank = 2;
  s = runProgram(a5(), prog, rankArgs2, o);
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(out[0], 2.0f);
  EXPECT_EQ(out[1], 4.0f);
}

TEST(CommRun, SignalsInASingleChipRunFail) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  struct Case {
    uint64_t mode;
    const char *op;
  };
  for (Case c : {Case{2, "TNOTIFY"}, Case{3, "TWAIT"}}) {
    std::vector<float> out(32, 0.0f);
    std::vector<HostArg> args = rankArgs(out, c.mode, 0, nullptr);
    Status s = runProgram(a2a3(), prog, args, safeOptions());
    ASSERT_FALSE(s) << c.op;
    EXPECT_TRUE(contains(s.message, "kernel 'comm'")) << s.message;
    EXPECT_TRUE(contains(s.message, std::string(c.op) +
                                        ": signals connect the chips of a multi-card run; "
                                        "this run has one chip"))
        << s.message;
    EXPECT_FALSE(contains(s.message, "returned")) << s.message;
    EXPECT_EQ(out[0], 0.0f) << "the signal was not changed";
  }
}

TEST(CommRun, SignalOutsideEveryWindowFails) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  // Rank 0 notifies outside the windows; rank 1 waits for a signal nobody
  // sets and is aborted by rank 0's failure: the error is rank 0's.
  {
    auto world = makeWorld(2, kWindowBytes);
    ASSERT_NE(world, nullptr);
    std::vector<float> out0(32, 0.0f), out1(32, 0.0f);
    std::vector<std::vector<HostArg>> args = {rankArgs(out0, 2, 0, world.get()),
                                              rankArgs(out1, 1, 1, world.get())};
    Status s = runRanks(a2a3(), prog, args, *world, safeOptions());
    ASSERT_FALSE(s);
    EXPECT_TRUE(startsWith(s.message, "rank 0: ")) << s.message;
    EXPECT_TRUE(contains(s.message, "kernel 'comm'")) << s.message;
    EXPECT_TRUE(contains(s.message, "TNOTIFY: the signal at 0x")) << s.message;
    EXPECT_TRUE(contains(s.message, "is not in any rank's window")) << s.message;
    EXPECT_FALSE(contains(s.message, "watchdog")) << s.message;
    EXPECT_EQ(out0[0], 0.0f);
    EXPECT_TRUE(world->failed());
    EXPECT_EQ(world->failure(), s.message);
  }
  // A wait outside the windows, on both ranks: either may fail first.
  {
    auto world = makeWorld(2, kWindowBytes);
    ASSERT_NE(world, nullptr);
    std::vector<float> out0(32, 0.0f), out1(32, 0.0f);
    std::vector<std::vector<HostArg>> args = {rankArgs(out0, 3, 0, world.get()),
                                              rankArgs(out1, 3, 1, world.get())};
    Status s = runRanks(a5(), prog, args, *world, safeOptions());
    ASSERT_FALSE(s);
    EXPECT_TRUE(startsWith(s.message, "rank 0: ") || startsWith(s.message, "rank 1: "))
        << s.message;
    EXPECT_TRUE(contains(s.message, "TWAIT: the signal at 0x")) << s.message;
    EXPECT_TRUE(contains(s.message, "is not in any rank's window")) << s.message;
  }
}

TEST(CommRun, UnknownNotifyOpAndComparisonFail) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  struct Case {
    uint64_t mode;
    const char *message;
  };
  for (Case c : {Case{6, "TNOTIFY: unknown notify op 2"}, Case{7, "TWAIT: unknown comparison 9"}}) {
    auto world = makeWorld(1, kWindowBytes);
    ASSERT_NE(world, nullptr);
    std::vector<float> out(32, 0.0f);
    std::vector<std::vector<HostArg>> args = {rankArgs(out, c.mode, 0, world.get())};
    Status s = runRanks(a2a3(), prog, args, *world, safeOptions());
    ASSERT_FALSE(s) << c.message;
    EXPECT_TRUE(startsWith(s.message, "rank 0: ")) << s.message;
    EXPECT_TRUE(contains(s.message, c.message)) << s.message;
    EXPECT_EQ(*signalIn(*world, 0, kReady), 0) << "the signal was not changed";
  }
}

TEST(CommRun, ArgumentListsMustMatchTheRanks) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  auto world = makeWorld(2, kWindowBytes);
  ASSERT_NE(world, nullptr);
  std::vector<float> out(32, 0.0f);
  std::vector<std::vector<HostArg>> args = {rankArgs(out, 5, 0, world.get())};
  Status s = runRanks(a2a3(), prog, args, *world, safeOptions());
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message, "runRanks: 1 argument lists for 2 ranks");
  EXPECT_FALSE(world->failed());
  EXPECT_EQ(out[0], 0.0f) << "nothing ran";
}

// Rank 0 waits for a signal nobody sets: the watchdog (1 s) ends its run and
// describes the TWAIT. Rank 1 keeps making progress (it follows the ticks of a
// host thread, which stops once the world failed), so it is not the one the
// watchdog catches: its last wait is aborted by rank 0's failure.
TEST(CommRun, HungWaitEndsByTheWatchdogAndAbortsThePeer) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  auto world = makeWorld(2, kWindowBytes);
  ASSERT_NE(world, nullptr);
  std::atomic<bool> stopTicks{false};
  std::thread ticker([&] {
    while (!stopTicks && !world->failed()) {
      world->notify(signalIn(*world, 1, kTick), 1, 0);
      sleepMs(20);
    }
  });
  std::vector<float> out0(32, 0.0f), out1(32, 0.0f);
  std::vector<std::vector<HostArg>> args = {rankArgs(out0, 1, 0, world.get()),
                                            rankArgs(out1, 4, 1, world.get())};
  RunOptions opts;
  opts.watchdogSeconds = 1;
  Status s = runRanks(a2a3(), prog, args, *world, opts);
  stopTicks = true;
  ticker.join();
  ASSERT_FALSE(s);
  EXPECT_TRUE(startsWith(s.message, "rank 0: ")) << s.message;
  EXPECT_TRUE(contains(s.message, "watchdog: no progress for 1 s")) << s.message;
  EXPECT_TRUE(contains(s.message, "kernel 'comm' on aiv core")) << s.message;
  EXPECT_TRUE(contains(s.message, "waiting in TWAIT for the signal at " +
                                      pointerText(signalIn(*world, 0, kNever)) +
                                      " (holds 0) to be == 1"))
      << s.message;
  EXPECT_FALSE(contains(s.message, "returned")) << s.message;
  EXPECT_FALSE(contains(s.message, "the ticks never stopped")) << s.message;
  EXPECT_EQ(world->failure(), s.message);
  EXPECT_GE(*signalIn(*world, 1, kTick), 1);
}

// A rank whose peer failed: its wait ends with the peer's failure.
TEST(CommRun, PeerFailureAbortsAWaitingRank) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  auto world = makeWorld(2, kWindowBytes);
  ASSERT_NE(world, nullptr);
  std::vector<float> out(32, 0.0f);
  std::vector<HostArg> args = rankArgs(out, 1, 1, world.get());
  RunOptions opts = safeOptions();
  opts.comm = world.get();
  opts.rank = 1;
  Status s;
  std::thread rank1([&] { s = runProgram(a2a3(), prog, args, opts); });
  sleepMs(50); // usually in its wait by now; either way the wait ends
  world->fail(0, "the peer raised");
  rank1.join();
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "kernel 'comm'")) << s.message;
  EXPECT_TRUE(contains(s.message, "aborted: rank 0: the peer raised")) << s.message;
  EXPECT_FALSE(contains(s.message, "watchdog")) << s.message;
  EXPECT_FALSE(contains(s.message, "returned")) << s.message;
  EXPECT_EQ(world->failure(), "rank 0: the peer raised");
}

// A world stays failed: a later runRanks on it reports the earlier failure
// (whether or not its waits happened to hold); a fresh world runs.
TEST(CommRun, FailedWorldReportsItsFailureAndAFreshOneRuns) {
  LoadedProgram prog;
  ASSERT_TRUE(buildComm(prog));
  auto world = makeWorld(2, kWindowBytes);
  ASSERT_NE(world, nullptr);
  world->fail(1, "an earlier failure");
  std::vector<float> out0(32, -1.0f), out1(32, -1.0f);
  std::vector<std::vector<HostArg>> args = {rankArgs(out0, 0, 0, world.get()),
                                            rankArgs(out1, 0, 1, world.get())};
  Status s = runRanks(a2a3(), prog, args, *world, safeOptions());
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message, "rank 1: an earlier failure");

  auto fresh = makeWorld(2, kWindowBytes);
  ASSERT_NE(fresh, nullptr);
  args = {rankArgs(out0, 0, 0, fresh.get()), rankArgs(out1, 0, 1, fresh.get())};
  s = runRanks(a2a3(), prog, args, *fresh, safeOptions());
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(out0[0], 200.0f);
  EXPECT_EQ(out1[0], 100.0f);
}
