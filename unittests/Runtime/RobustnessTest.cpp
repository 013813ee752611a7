//===- RobustnessTest.cpp - Crashing kernels and ring limits ---------------===//
//
// A fault in a kernel (SIGSEGV, SIGFPE, a stack overflow, abort) or in the
// orchestration becomes an error of the run that names it, and the process
// stays usable. PTO2_RING_TASK_WINDOW / PTO2_RING_HEAP / PTO2_RING_DEP_POOL
// bound the unfinished tasks, the runtime-allocated bytes and the dependency
// entries (back-pressure), and invalid values are clear errors.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "pypto/Runtime/pto_orchestration_api.h"

#include "../../lib/Runtime/CrashGuard.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;

namespace {

// Plain C++ kernels with their own core hook (no tile library).
const char *kPrelude = R"PTO(
#include <cstdint>
#include <cstdlib>
#include <unistd.h>
#include "tensor.h"
#include "intrinsic.h"
#include "pto/sim/core_context.hpp"
static thread_local pto::sim::CoreContext *g_core = nullptr;
extern "C" __attribute__((visibility("default"))) void pto_sim_bind_core(pto::sim::CoreContext *ctx) {
  g_core = ctx;
}
// Kernels fault on purpose: a sanitizer build must let the fault reach the
// runtime's handler instead of reporting it first.
#define DELIBERATE_FAULTS __attribute__((no_sanitize("address", "undefined")))
#define KERNEL extern "C" __attribute__((visibility("default"))) DELIBERATE_FAULTS void kernel_entry(int64_t *args)
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
)PTO";

std::string src(const char *body) { return std::string(kPrelude) + body; }

// Args: out (int32[4]), mode. 0: out[0] = 42; 1: SIGSEGV; 2: SIGFPE;
// 3: stack overflow; 4: abort.
const char *kCrash = R"PTO(
DELIBERATE_FAULTS static int deep(int n) {
  volatile char buf[4096];
  buf[0] = char(n);
  return deep(n + 1) + buf[0];
}
KERNEL {
  int32_t *out = arg(args, 0)->data<int32_t>();
  const int mode = int(args[1]);
  if (mode == 1)
    *reinterpret_cast<volatile int *>(args[40]) = 1; // args[40] is 0
  if (mode == 2) {
    volatile int zero = int(args[41]);
    out[1] = 100 / zero;
  }
  if (mode == 3)
    out[2] = deep(0);
  if (mode == 4)
    std::abort();
  out[0] = 42;
}
)PTO";

// out[i] = in[i] + 1 for contiguous float tensors; sleeps args[2] ms first.
const char *kAddOneSlow = R"PTO(
KERNEL {
  const ChipTensor *in = arg(args, 0), *out = arg(args, 1);
  ::usleep(useconds_t(args[2]) * 1000);
  const uint64_t n = in->numel();
  for (uint64_t i = 0; i < n; ++i)
    out->data<float>()[i] = in->data<float>()[i] + 1.0f;
}
)PTO";

} // namespace

//===----------------------------------------------------------------------===//
// Crashes
//===----------------------------------------------------------------------===//

TEST(Crash, KernelFaultsAreReportedByName) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& out = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_inout(out); p.add_scalar(orch_args.scalar(0));
        rt_submit_aiv_task(0, p);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("crash_orch.cpp", orch, {kernel(0, "crasher", CoreType::AIV, src(kCrash))},
                    prog));
  std::vector<int32_t> out(4, 0);
  auto run = [&](uint64_t mode) {
    std::vector<HostArg> args = {HostArg::tensor(out.data(), {4}, DataType::INT32),
                                 HostArg::scalar(mode)};
    return runProgram(a2a3(), prog, args);
  };
  struct Case {
    uint64_t mode;
    const char *what;
  } cases[] = {{1, "crashed with SIGSEGV (invalid memory access at 0"},
               {2, "crashed with SIGFPE (integer divide by zero)"},
               {3, "crashed with SIGSEGV (stack overflow at "}, // on the alternate stack
               {4, "crashed with SIGABRT"}};
  for (const Case &c : cases) {
    Status s = run(c.mode);
    ASSERT_FALSE(s) << "mode " << c.mode;
    EXPECT_TRUE(contains(s.message, "kernel 'crasher' (task 0): ")) << s.message;
    EXPECT_TRUE(contains(s.message, c.what)) << s.message;
    EXPECT_TRUE(contains(s.message, "on aiv core ")) << s.message;
  }
  // The process and the program are fine afterwards.
  Status s = run(0);
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(out[0], 42);
}

TEST(Crash, CrashingPartReleasesItsPeer) {
  // The AIV part crashes after one pop; the AIC part is blocked pushing into
  // the full ring and must be released.
  const char *aic = R"PTO(
#include <pto/pipe.hpp>
#include "tensor.h"
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  using namespace pto;
  uint8_t *ring = reinterpret_cast<ChipTensor *>(args[0])->data<uint8_t>();
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring);
  Tile<TileType::Mat, float, 16, 16> m;
  TASSIGN(m, 0);
  for (int i = 0; i < 8; ++i)
    TPUSH(0, m);
}
)PTO";
  const char *aiv = R"PTO(
#include <pto/pipe.hpp>
#include "tensor.h"
extern "C" __attribute__((visibility("default"), no_sanitize("address", "undefined")))
void kernel_entry(int64_t *args) {
  using namespace pto;
  uint8_t *ring = reinterpret_cast<ChipTensor *>(args[0])->data<uint8_t>();
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring);
  Tile<TileType::Vec, float, 16, 16> v;
  TASSIGN(v, 0);
  TPOP(0, v);
  *reinterpret_cast<volatile int *>(args[40]) = 1;
}
)PTO";
  const std::string orch = orchSource(1, R"PTO(
    const ChipTensor& ring = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_inout(ring);
        rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, p);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("crash_mix_orch.cpp", orch,
                    {kernel(0, "pusher", CoreType::AIC, aic),
                     kernel(1, "crashing_popper", CoreType::AIV, aiv)},
                    prog));
  std::vector<uint8_t> ring(2048);
  std::vector<HostArg> args = {HostArg::tensor(ring.data(), {2048}, DataType::UINT8)};
  RunOptions opts;
  opts.watchdogSeconds = 30; // the release must not come from the watchdog
  Status s = runProgram(a2a3(), prog, args, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "kernel 'crashing_popper' (task 0): crashed with SIGSEGV"))
      << s.message;
}

TEST(Crash, OrchestrationFaultIsReported) {
  const std::string orch = orchSource(1, R"PTO(
    (void)orch_args.tensor(0);
    PTO2_SCOPE() {
        // scalar 0 is 0: address 16 faults, and is not null, which a
        // sanitizer build would report before the store.
        *reinterpret_cast<volatile int *>(orch_args.scalar(0) + 16) = 1;
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("crashing_orch.cpp", orch, {}, prog));
  std::vector<HostArg> args = {HostArg::scalar(0)};
  Status s = runProgram(a2a3(), prog, args);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "orchestration '")) << s.message;
  EXPECT_TRUE(contains(s.message, "crashed with SIGSEGV (invalid memory access at 0")) << s.message;
  s = runProgram(a2a3(), prog, args);
  EXPECT_FALSE(s); // and again: the process is fine
}

namespace {

__attribute__((no_sanitize("address", "undefined"))) void faultAt16(void *p) {
  *reinterpret_cast<volatile int *>(reinterpret_cast<uintptr_t>(p) + 16) = 1;
}
void abortNow(void *) { std::abort(); }

bool sameMask(const sigset_t &a, const sigset_t &b) {
  for (int sig = 1; sig < NSIG; ++sig)
    if (sigismember(&a, sig) != sigismember(&b, sig))
      return false;
  return true;
}

} // namespace

// A simulated core's guarded calls do not save the signal mask on entry (a
// system call per kernel): after a fault, the mask its first call saw is set
// again, so the signal its handler blocked is deliverable for the next fault
// (else the second SIGSEGV would kill the process), and abort's blocking of
// every signal does not stay.
TEST(Crash, GuardedCallsRestoreTheMaskAfterEachFault) {
  pypto::runtime::detail::installCrashHandlers();
  std::vector<std::string> results;
  std::thread core([&] {
    using namespace pypto::runtime::detail;
    sigset_t entry, after;
    pthread_sigmask(SIG_BLOCK, nullptr, &entry);
    void (*const calls[])(void *) = {faultAt16, faultAt16, abortNow, faultAt16};
    for (auto fn : calls) {
      CrashInfo info;
      const bool completed =
          runGuarded(fn, nullptr, /*serial=*/7, info, MaskOnEntry::Unchanged);
      pthread_sigmask(SIG_BLOCK, nullptr, &after);
      results.push_back(completed ? "completed" : describeCrash(info));
      if (!sameMask(entry, after))
        results.push_back("mask changed");
    }
  });
  core.join();
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(contains(results[0], "SIGSEGV (invalid memory access at 0x10)"))
      << results[0];
  EXPECT_EQ(results[1], results[0]);
  EXPECT_TRUE(contains(results[2], "SIGABRT")) << results[2];
  EXPECT_EQ(results[3], results[0]);
}

// After a failure, reading a tensor in the orchestration still waits for the
// kernel writing it: a submit after the failure (a whole-tensor write, which
// would make the dependency tracker forget the earlier writer it covers) must
// not let get_tensor_data read before that writer has finished.
TEST(Crash, TensorReadAfterAFailureWaitsForItsWriter) {
  const std::string orch = orchSource(4, R"PTO(
    const ChipTensor& in = orch_args.tensor(0).ref();
    const ChipTensor& out = orch_args.tensor(1).ref();
    const ChipTensor& seen = orch_args.tensor(2).ref();
    const ChipTensor& crash = orch_args.tensor(3).ref();
    PTO2_SCOPE() {
        CoreTaskArgs slow; slow.add_input(in); slow.add_output(out); slow.add_scalar(300);
        rt_submit_aiv_task(0, slow); // out = in + 1 after 300 ms
        CoreTaskArgs bad; bad.add_inout(crash); bad.add_scalar(1);
        rt_submit_aiv_task(1, bad); // SIGSEGV at once
        while (!rt_is_fatal()) {
        }
        CoreTaskArgs cover; cover.add_input(in); cover.add_output(out); cover.add_scalar(0);
        rt_submit_aiv_task(0, cover);
        const uint32_t idx[1] = {0};
        seen.data<float>()[0] = get_tensor_data<float>(out, 1, idx);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("read_after_failure_orch.cpp", orch,
                    {kernel(0, "add_one_slow", CoreType::AIV, src(kAddOneSlow)),
                     kernel(1, "crasher", CoreType::AIV, src(kCrash))},
                    prog));
  std::vector<float> in(4, 41.0f), out(4, 0.0f), seen(1, -1.0f);
  std::vector<int32_t> crash(4, 0);
  std::vector<HostArg> args = {
      HostArg::tensor(in.data(), {4}, DataType::FLOAT32),
      HostArg::tensor(out.data(), {4}, DataType::FLOAT32),
      HostArg::tensor(seen.data(), {1}, DataType::FLOAT32),
      HostArg::tensor(crash.data(), {4}, DataType::INT32)};
  Status s = runProgram(a2a3(), prog, args);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "kernel 'crasher'")) << s.message;
  EXPECT_EQ(seen[0], 42.0f); // 0 if the read came before the slow write
}

//===----------------------------------------------------------------------===//
// Rings
//===----------------------------------------------------------------------===//

namespace {

// 32 independent slow tasks (x[i] + 1 -> y[i], one row each) in a PTO2_SCOPE
// (ring 1).
const char *kWindowOrch = R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        for (uint32_t i = 0; i < 32; ++i) {
            uint32_t s[2] = {1, 16}, o[2] = {i, 0};
            ChipTensor xv = x.view(s, o), yv = y.view(s, o);
            CoreTaskArgs p; p.add_input(xv); p.add_output(yv); p.add_scalar(uint64_t(2));
            rt_submit_aiv_task(0, p);
        }
    }
)PTO";

} // namespace

TEST(Rings, TaskWindowFromEnvironment) {
  LoadedProgram prog;
  ASSERT_TRUE(build("window_orch.cpp", orchSource(2, kWindowOrch),
                    {kernel(0, "add_one_slow", CoreType::AIV, src(kAddOneSlow))}, prog));
  struct Case {
    const char *env;
    uint64_t bound;
  } cases[] = {{"2", 2}, {"1,3,1,1", 3}};
  for (const Case &c : cases) {
    ScopedEnv env("PTO2_RING_TASK_WINDOW", c.env);
    std::vector<float> x(32 * 16), y(32 * 16, 0.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float(i);
    std::vector<HostArg> args = {HostArg::tensor(x.data(), {32, 16}, DataType::FLOAT32),
                                 HostArg::tensor(y.data(), {32, 16}, DataType::FLOAT32)};
    RunOptions opts;
    opts.workersPerType = 4;
    RunStats stats;
    Status s = runProgram(a2a3(), prog, args, opts, &stats);
    ASSERT_TRUE(s) << s.message;
    for (size_t i = 0; i < x.size(); ++i)
      ASSERT_EQ(y[i], x[i] + 1.0f) << i;
    EXPECT_EQ(stats.tasksSubmitted, 32u);
    EXPECT_LE(stats.maxLiveTasks, c.bound) << c.env;
    EXPECT_EQ(stats.limits.taskWindow[1], c.bound) << c.env;
  }
}

TEST(Rings, HeapBlocksUntilTensorsAreFreed) {
  // Each iteration's scope (ring 2) allocates a 4 KiB intermediate; an 8 KiB
  // heap holds two, so allocations wait for earlier iterations to finish.
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        for (uint32_t i = 0; i < 8; ++i) {
            PTO2_SCOPE() {
                uint32_t s[2] = {1, 1024}, o[2] = {i, 0};
                ChipTensor xv = x.view(s, o), yv = y.view(s, o);
                TensorCreateInfo ci(s, 2, DataType::FLOAT32);
                CoreTaskArgs p0; p0.add_input(xv); p0.add_output(ci); p0.add_scalar(uint64_t(3));
                TaskOutputTensors t = rt_submit_aiv_task(0, p0);
                CoreTaskArgs p1; p1.add_input(t.get_ref(0)); p1.add_output(yv); p1.add_scalar(uint64_t(0));
                rt_submit_aiv_task(0, p1);
            }
        }
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("heap_orch.cpp", orch,
                    {kernel(0, "add_one_slow", CoreType::AIV, src(kAddOneSlow))}, prog));
  ScopedEnv env("PTO2_RING_HEAP", "8192");
  std::vector<float> x(8 * 1024), y(8 * 1024, 0.0f);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i % 1000);
  std::vector<HostArg> args = {HostArg::tensor(x.data(), {8, 1024}, DataType::FLOAT32),
                               HostArg::tensor(y.data(), {8, 1024}, DataType::FLOAT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_TRUE(s) << s.message;
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_EQ(y[i], x[i] + 2.0f) << i;
  EXPECT_EQ(stats.limits.ringHeap[2], 8192u);
  EXPECT_LE(stats.maxHeapBytes, 8192u);
  EXPECT_GE(stats.maxHeapBytes, 4096u);
}

TEST(Rings, HeapThatCanNeverFitIsAnError) {
  // Three 4 KiB tensors alive in one open scope need 12 KiB.
  const std::string orch = orchSource(1, R"PTO(
    const uint64_t n = orch_args.scalar(0);
    PTO2_SCOPE() {
        uint32_t s[1] = {uint32_t(n)};
        TensorCreateInfo ci(s, 1, DataType::FLOAT32);
        TaskOutputTensors a = alloc_tensors(ci);
        TaskOutputTensors b = alloc_tensors(ci);
        TaskOutputTensors c = alloc_tensors(ci);
        (void)a; (void)b; (void)c;
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("heap_never_orch.cpp", orch, {}, prog));
  RunOptions opts;
  opts.ringHeap = 8192;
  std::vector<HostArg> args = {HostArg::scalar(1024)};
  Status s = runProgram(a2a3(), prog, args, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "the heap of ring 1 (8192 bytes; PTO2_RING_HEAP")) << s.message;
  EXPECT_TRUE(contains(s.message, "8192 bytes belong to tensors of scopes that are still open"))
      << s.message;
  args = {HostArg::scalar(4096)}; // one tensor of 16 KiB
  s = runProgram(a2a3(), prog, args, opts);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "a runtime-allocated tensor of 16384 bytes (rounded up to 1024) "
                                  "exceeds the heap of ring 1 (8192 bytes"))
      << s.message;
  args = {HostArg::scalar(512)}; // 3 x 2 KiB fit
  s = runProgram(a2a3(), prog, args, opts);
  EXPECT_TRUE(s) << s.message;
}

TEST(Rings, DependencyPoolFromEnvironment) {
  // Eight slow producers of disjoint rows, then one consumer of all of them:
  // with a pool of 2 entries the consumer waits until at most 2 are unfinished.
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        uint32_t s[2] = {8, 16};
        TensorCreateInfo ci(s, 2, DataType::FLOAT32);
        TaskOutputTensors t = alloc_tensors(ci);
        const ChipTensor& mid = t.get_ref(0);
        for (uint32_t i = 0; i < 8; ++i) {
            uint32_t rs[2] = {1, 16}, o[2] = {i, 0};
            ChipTensor xv = x.view(rs, o), mv = mid.view(rs, o);
            CoreTaskArgs p; p.add_input(xv); p.add_output(mv); p.add_scalar(uint64_t(5));
            rt_submit_aiv_task(0, p);
        }
        CoreTaskArgs q; q.add_input(mid); q.add_output(y); q.add_scalar(uint64_t(0));
        rt_submit_aiv_task(0, q);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("deppool_orch.cpp", orch,
                    {kernel(0, "add_one_slow", CoreType::AIV, src(kAddOneSlow))}, prog));
  ScopedEnv env("PTO2_RING_DEP_POOL", "2");
  std::vector<float> x(128), y(128, 0.0f);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i);
  std::vector<HostArg> args = {HostArg::tensor(x.data(), {8, 16}, DataType::FLOAT32),
                               HostArg::tensor(y.data(), {8, 16}, DataType::FLOAT32)};
  RunOptions opts;
  opts.workersPerType = 8;
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, opts, &stats);
  ASSERT_TRUE(s) << s.message;
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_EQ(y[i], x[i] + 2.0f) << i;
  EXPECT_EQ(stats.limits.depPool[1], 2u);
  EXPECT_LE(stats.maxDependencyEntries, 2u);
}

TEST(Rings, InvalidEnvironmentValues) {
  struct Case {
    const char *var;
    const char *value;
  } bad[] = {{"PTO2_RING_TASK_WINDOW", "0"},     {"PTO2_RING_TASK_WINDOW", "many"},
             {"PTO2_RING_TASK_WINDOW", "4,4"},   {"PTO2_RING_TASK_WINDOW", "-4"},
             {"PTO2_RING_HEAP", "512"},          {"PTO2_RING_HEAP", "1e9"},
             {"PTO2_RING_HEAP", "1024,,1024,1024"}, {"PTO2_RING_DEP_POOL", "1,2,3,4,5"},
             {"PTO2_RING_DEP_POOL", "99999999999"}};
  RunLimits l;
  for (const Case &c : bad) {
    ScopedEnv env(c.var, c.value);
    Status s = resolveRunLimits({}, l);
    ASSERT_FALSE(s) << c.var << "=" << c.value;
    EXPECT_TRUE(contains(s.message, std::string(c.var) + "='" + c.value + "' is invalid"))
        << s.message;
    EXPECT_TRUE(contains(s.message, "comma-separated")) << s.message;
  }
  {
    ScopedEnv a("PTO2_RING_TASK_WINDOW", std::nullopt), b("PTO2_RING_HEAP", ""),
        c("PTO2_RING_DEP_POOL", std::nullopt);
    ASSERT_TRUE(resolveRunLimits({}, l));
    EXPECT_EQ(l.taskWindow[0], 16384u);
    EXPECT_EQ(l.ringHeap[3], uint64_t(1) << 30);
    EXPECT_EQ(l.depPool[2], 16384u);
  }
  {
    ScopedEnv a("PTO2_RING_HEAP", " 1024, 2048,4096 ,8192 "), b("PTO2_RING_TASK_WINDOW", "64");
    ASSERT_TRUE(resolveRunLimits({}, l));
    EXPECT_EQ(l.ringHeap[0], 1024u);
    EXPECT_EQ(l.ringHeap[3], 8192u);
    EXPECT_EQ(l.taskWindow[2], 64u);
    RunOptions o;
    o.taskWindow = 8; // options win over the environment
    ASSERT_TRUE(resolveRunLimits(o, l));
    EXPECT_EQ(l.taskWindow[2], 8u);
  }
  // runProgram reports it before running anything.
  LoadedProgram prog;
  ASSERT_TRUE(build("window_orch.cpp", orchSource(2, kWindowOrch),
                    {kernel(0, "add_one_slow", CoreType::AIV, src(kAddOneSlow))}, prog));
  ScopedEnv env("PTO2_RING_DEP_POOL", "lots");
  std::vector<float> x(32 * 16), y(32 * 16, 0.0f);
  std::vector<HostArg> args = {HostArg::tensor(x.data(), {32, 16}, DataType::FLOAT32),
                               HostArg::tensor(y.data(), {32, 16}, DataType::FLOAT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "PTO2_RING_DEP_POOL='lots' is invalid")) << s.message;
  EXPECT_EQ(stats.tasksSubmitted, 0u);
  EXPECT_EQ(y[0], 0.0f);
}

//===----------------------------------------------------------------------===//
// GM bounds
//===----------------------------------------------------------------------===//

// A TLOAD whose window runs past the end of its tensor argument is reported
// by name instead of reading other host memory. args[1] is the row offset.
TEST(GmBounds, LoadPastTheTensorIsAnError) {
  const std::string orch = orchSource(3, R"PTO(
    const ChipTensor& in = orch_args.tensor(0).ref();
    const ChipTensor& out = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_input(in); p.add_output(out);
        p.add_scalar(orch_args.scalar(0));
        rt_submit_aiv_task(0, p);
    }
)PTO");
  const std::string kernelSource = R"PTO(
#include <pto/pto-inst.hpp>
#include "tensor.h"
using namespace pto;
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t* args) {
  ChipTensor* in = reinterpret_cast<ChipTensor*>(args[0]);
  ChipTensor* out = reinterpret_cast<ChipTensor*>(args[1]);
  float* src = reinterpret_cast<float*>(in->buffer.addr) + in->start_offset + args[2] * 8;
  Tile<TileType::Vec, float, 8, 8> t;
  TASSIGN(t, 0);
  GlobalTensor<float, pto::Shape<1, 1, 1, 8, 8>, pto::Stride<64, 64, 64, 8, 1>> g(src);
  TLOAD(t, g);
  GlobalTensor<float, pto::Shape<1, 1, 1, 8, 8>, pto::Stride<64, 64, 64, 8, 1>> o(
      reinterpret_cast<float*>(out->buffer.addr) + out->start_offset);
  TSTORE(o, t);
}
)PTO";
  LoadedProgram prog;
  ASSERT_TRUE(build("gm_bounds_orch.cpp", orch,
                    {kernel(0, "loader", CoreType::AIV, kernelSource)}, prog));
  std::vector<float> in(16 * 8, 1.0f), out(8 * 8, 0.0f);
  auto run = [&](uint64_t rowOffset) {
    std::vector<HostArg> args = {HostArg::tensor(in.data(), {16, 8}, DataType::FLOAT32),
                                 HostArg::tensor(out.data(), {8, 8}, DataType::FLOAT32),
                                 HostArg::scalar(rowOffset)};
    return runProgram(a2a3(), prog, args);
  };
  Status inside = run(8); // rows 8..15: the last rows of the tensor
  ASSERT_TRUE(inside) << inside.message;
  EXPECT_EQ(out[63], 1.0f);
  Status past = run(9); // rows 9..16: one row past the end
  ASSERT_FALSE(past);
  EXPECT_TRUE(contains(past.message, "kernel 'loader' (task 0): ")) << past.message;
  EXPECT_TRUE(contains(past.message, "TLOAD: GM access of 256 bytes at ")) << past.message;
  EXPECT_TRUE(contains(past.message, "is outside every tensor argument of the task"))
      << past.message;
}
