//===- WatchdogTest.cpp - Hung tasks end the run with an error -------------===//
//
// A task part that makes no progress for RunOptions::watchdogSeconds (or
// $PYPTO_SIM_WATCHDOG_SECONDS) ends the run: parts blocked on pipes are woken,
// parts stuck in kernel code are interrupted, and the error lists every
// stuck part. The tests use a 1 s limit and check the message, not the time.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "pypto/Runtime/pto_orchestration_api.h"

#include <gtest/gtest.h>

#include <chrono>
#include <vector>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;

namespace {

// Light kernels: the pipe header only (no compute instructions).
const char *kPrelude = R"PTO(
#include <pto/pipe.hpp>
#include "tensor.h"
#include "intrinsic.h"
#include <unistd.h>
using namespace pto;
#define KERNEL extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args)
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
using VecTile = Tile<TileType::Vec, float, 16, 16>;
using MatTile = Tile<TileType::Mat, float, 16, 16>;
)PTO";

// Args: y (16x16 f32), ring (u8), mode. Mode 1: never push (sleep "forever").
const char *kHangAic = R"PTO(
KERNEL {
  uint8_t *ring = arg(args, 1)->data<uint8_t>();
  const int mode = int(args[2]);
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring);
  MatTile m;
  TASSIGN(m, 0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      m.at(r, c) = float(r * 16 + c);
  if (mode == 1) {
    for (int i = 0; i < 20000; ++i) // 20 s unless the watchdog interrupts it
      ::usleep(1000);
    pto::sim::fail(pto::sim::current(), "the watchdog did not interrupt the kernel");
  }
  TPUSH(0, m);
}
)PTO";

const char *kHangAiv = R"PTO(
KERNEL {
  ChipTensor *y = arg(args, 0);
  uint8_t *ring = arg(args, 1)->data<uint8_t>();
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring);
  VecTile v;
  TASSIGN(v, 0);
  TPOP(0, v);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      y->data<float>()[r * 16 + c] = v.at(r, c);
  TFREE(0);
}
)PTO";

// An AIV kernel that spins without ever calling the runtime.
const char *kSpin = R"PTO(
KERNEL {
  volatile uint64_t n = 0;
  for (uint64_t i = 0; i < (uint64_t(1) << 40); ++i)
    n = n + 1;
  pto::sim::fail(pto::sim::current(), "the watchdog did not interrupt the kernel");
}
)PTO";

std::string src(const char *body) { return std::string(kPrelude) + body; }

const std::string kOrch = orchSource(3, R"PTO(
    const ChipTensor& y = orch_args.tensor(0).ref();
    const ChipTensor& ring = orch_args.tensor(1).ref();
    const uint64_t mode = orch_args.scalar(0);
    PTO2_SCOPE() {
        if (mode == 2) {
            CoreTaskArgs p; p.add_inout(ring);
            rt_submit_aiv_task(2, p);
        } else {
            CoreTaskArgs p; p.add_output(y); p.add_inout(ring); p.add_scalar(mode);
            rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, p);
        }
    }
)PTO");

::testing::AssertionResult buildHang(LoadedProgram &prog) {
  return build("hang_orch.cpp", kOrch,
               {kernel(0, "hang_aic", CoreType::AIC, src(kHangAic)),
                kernel(1, "hang_aiv", CoreType::AIV, src(kHangAiv)),
                kernel(2, "spin", CoreType::AIV, src(kSpin))},
               prog);
}

} // namespace

TEST(Watchdog, HangingTpopEndsTheRun) {
  LoadedProgram prog;
  ASSERT_TRUE(buildHang(prog));
  std::vector<float> y(256, -1.0f);
  std::vector<uint8_t> ring(2048);
  auto args = [&](uint64_t mode) {
    return std::vector<HostArg>{HostArg::tensor(y.data(), {16, 16}, DataType::FLOAT32),
                                HostArg::tensor(ring.data(), {2048}, DataType::UINT8),
                                HostArg::scalar(mode)};
  };
  RunOptions opts;
  opts.watchdogSeconds = 1;
  std::vector<HostArg> hang = args(1);
  Status s = runProgram(a2a3(), prog, hang, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "watchdog: no progress for 1 s")) << s.message;
  EXPECT_TRUE(contains(s.message, "PYPTO_SIM_WATCHDOG_SECONDS")) << s.message;
  // Which part exceeded the limit first depends on scheduling on a loaded
  // machine: the AIV part waiting in tpop, or the AIC part sleeping in
  // kernel code. At least one is listed, with what it waits for.
  EXPECT_TRUE(
      contains(s.message,
               "task 0: kernel 'hang_aiv' on aiv core 0 (lane 0): tpop on pipe 0 (no data)") ||
      contains(s.message, "task 0: kernel 'hang_aic' on aic core 0: running kernel code"))
      << s.message;
  // The sleeping AIC part is listed once it has made no progress for the
  // limit too, which depends on scheduling on a loaded machine; either way
  // it is interrupted rather than left to finish its 20 s sleep.
  EXPECT_FALSE(contains(s.message, "the watchdog did not interrupt the kernel")) << s.message;

  // The process, and the program, stay usable.
  std::vector<HostArg> ok = args(0);
  s = runProgram(a2a3(), prog, ok, opts);
  ASSERT_TRUE(s) << s.message;
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(y[i], float(i));
}

TEST(Watchdog, SpinningKernelIsInterrupted) {
  LoadedProgram prog;
  ASSERT_TRUE(buildHang(prog));
  std::vector<float> y(256, -1.0f);
  std::vector<uint8_t> ring(2048);
  std::vector<HostArg> args = {HostArg::tensor(y.data(), {16, 16}, DataType::FLOAT32),
                               HostArg::tensor(ring.data(), {2048}, DataType::UINT8),
                               HostArg::scalar(2)};
  ScopedEnv env("PYPTO_SIM_WATCHDOG_SECONDS", "1"); // from the environment this time
  Status s = runProgram(a5(), prog, args);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "watchdog: no progress for 1 s")) << s.message;
  EXPECT_TRUE(contains(s.message, "task 0: kernel 'spin' on aiv core 0: running kernel code"))
      << s.message;
}

TEST(Watchdog, Limits) {
  RunLimits l;
  {
    ScopedEnv env("PYPTO_SIM_WATCHDOG_SECONDS", std::nullopt);
    ASSERT_TRUE(resolveRunLimits({}, l));
    EXPECT_EQ(l.watchdogSeconds, 60.0);
  }
  {
    ScopedEnv env("PYPTO_SIM_WATCHDOG_SECONDS", "2.5");
    ASSERT_TRUE(resolveRunLimits({}, l));
    EXPECT_EQ(l.watchdogSeconds, 2.5);
    RunOptions o;
    o.watchdogSeconds = 7; // the option wins
    ASSERT_TRUE(resolveRunLimits(o, l));
    EXPECT_EQ(l.watchdogSeconds, 7.0);
    o.watchdogSeconds = -1; // off
    ASSERT_TRUE(resolveRunLimits(o, l));
    EXPECT_EQ(l.watchdogSeconds, 0.0);
  }
  {
    ScopedEnv env("PYPTO_SIM_WATCHDOG_SECONDS", "0"); // off
    ASSERT_TRUE(resolveRunLimits({}, l));
    EXPECT_EQ(l.watchdogSeconds, 0.0);
  }
  for (const char *bad : {"soon", "-1", "1s", "nan"}) {
    ScopedEnv env("PYPTO_SIM_WATCHDOG_SECONDS", bad);
    Status s = resolveRunLimits({}, l);
    ASSERT_FALSE(s) << bad;
    EXPECT_TRUE(contains(s.message, std::string("PYPTO_SIM_WATCHDOG_SECONDS='") + bad + "'"))
        << s.message;
  }
}

namespace {

// A kernel that fails at once (mode 1) or does nothing.
const char *kFailOrNothing = R"PTO(
KERNEL {
  if (args[0] == 1)
    pto::sim::fail(pto::sim::current(), "failing on purpose");
}
)PTO";

// Mode 0: spin without calling the runtime. Mode 1: submit a failing task,
// then keep submitting (ignored after the failure) without ever checking
// rt_is_fatal. Both would run for hours without the watchdog.
const std::string kSpinningOrch = orchSource(1, R"PTO(
    const uint64_t mode = orch_args.scalar(0);
    PTO2_SCOPE() {
        volatile uint64_t n = 0;
        for (uint64_t i = 0; i < (uint64_t(1) << 40); ++i) {
            if (mode == 1) {
                CoreTaskArgs p; p.add_scalar(i == 0 ? 1 : 0);
                rt_submit_aiv_task(0, p);
            }
            n = n + 1;
        }
        rt_report_fatal(-1, "the watchdog did not interrupt the orchestration");
    }
)PTO");

} // namespace

TEST(Watchdog, SpinningOrchestrationIsInterrupted) {
  LoadedProgram prog;
  ASSERT_TRUE(build("spin_orch.cpp", kSpinningOrch,
                    {kernel(0, "fail_or_nothing", CoreType::AIV, src(kFailOrNothing))}, prog));
  RunOptions opts;
  opts.watchdogSeconds = 1;
  std::vector<HostArg> spin = {HostArg::scalar(0)};
  Status s = runProgram(a5(), prog, spin, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "watchdog: the orchestration made no progress for 1 s"))
      << s.message;
  EXPECT_FALSE(contains(s.message, "did not interrupt")) << s.message;

  // Submits after the run failed are no progress: the failure is reported
  // and the orchestration still ends.
  std::vector<HostArg> afterFailure = {HostArg::scalar(1)};
  s = runProgram(a2a3(), prog, afterFailure, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "failing on purpose")) << s.message;
  EXPECT_FALSE(contains(s.message, "did not interrupt")) << s.message;
}
