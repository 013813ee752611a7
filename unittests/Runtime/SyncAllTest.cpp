//===- SyncAllTest.cpp - the barrier of all cores (SYNCALL) -----*- C++ -*-===//
//
// Hand-written kernels on both simulated devices: every part of a task that
// fills the chip writes its slot, waits in SYNCALL and reads the others'.
// Parts start at staggered times, so a barrier that lets one through early
// shows as a wrong sum. Then the ways a barrier can never complete.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "pypto/Runtime/pto_orchestration_api.h"
#include <pto/sync.hpp>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;

namespace {

// args: slots (int32, one per part), sums (int32, one per part), mode.
// A part's index: block * parts + (0 for the AIC, 1 + lane for an AIV lane)
// in a mixed task; block * lanes + lane in a vector-only one.
const char *kSyncKernel = R"PTO(
#include <pto/sync.hpp>
#include <unistd.h>
#include "tensor.h"
#include "intrinsic.h"
using namespace pto;
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  int32_t *slots = arg(args, 0)->data<int32_t>();
  int32_t *sums = arg(args, 1)->data<int32_t>();
  const int mode = int(args[2]);
  const int n = int(arg(args, 0)->shapes[0]);
  const int block = get_block_idx(args);
  sim::CoreContext *core = sim::current();
#ifdef __DAV_CUBE__
  const int part = block * (1 + core->num_aiv_lanes);
#else
  const int lane = get_sub_block_id(args);
  const int part = core->has_aic ? block * (1 + core->num_aiv_lanes) + 1 + lane
                                 : block * core->num_aiv_lanes + lane;
#endif
  if (mode == 2 && block == 5)
    return; // skips the barrier the others wait in
  const int rounds = mode == 1 ? 3 : 1;
  for (int r = 0; r < rounds; ++r) {
    ::usleep(1000 * ((block + r) % 4));
    __atomic_store_n(&slots[part], 100 * r + part + 1, __ATOMIC_RELAXED);
#ifdef AIV_ONLY
    SYNCALL<SyncCoreType::AIVOnly>();
#else
    SYNCALL<SyncCoreType::Mix>();
#endif
    int32_t sum = 0;
    for (int i = 0; i < n; ++i)
      sum += __atomic_load_n(&slots[i], __ATOMIC_RELAXED);
    sums[part] = sum;
    if (rounds > 1) {
#ifdef AIV_ONLY
      SYNCALL<SyncCoreType::AIVOnly>(); // nobody writes before all have read
#else
      SYNCALL<SyncCoreType::Mix>();
#endif
    }
  }
}
)PTO";

std::string kernelSource(bool aivOnly) {
  return std::string(aivOnly ? "#define AIV_ONLY 1\n" : "") + kSyncKernel;
}

struct SyncRun {
  Status status;
  std::vector<int32_t> slots, sums;
};

/// Submits one task of `blocks` blocks: MixedKernels{aic, aiv, aiv?} or,
/// with `aivOnly`, {INVALID, aiv, aiv}.
SyncRun runSync(const DeviceSpec &device, int blocks, int mode,
                bool syncStart = true, bool twoLanes = false,
                bool aivOnly = false) {
  const int parts = aivOnly ? 2 : (twoLanes ? 3 : 2);
  const std::string kernels =
      aivOnly ? "MixedKernels{INVALID_KERNEL_ID, 1, 1}"
              : (twoLanes ? "MixedKernels{0, 1, 1}"
                          : "MixedKernels{0, 1, INVALID_KERNEL_ID}");
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& slots = orch_args.tensor(0).ref();
    const ChipTensor& sums = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_inout(slots); p.add_output(sums);
        p.add_scalar(uint64_t()PTO" + std::to_string(mode) +
                                             R"PTO());
        p.launch_spec.set_block_num()PTO" + std::to_string(blocks) +
                                             R"PTO();
        p.launch_spec.set_require_sync_start()PTO" +
                                             (syncStart ? "true" : "false") +
                                             R"PTO();
        rt_submit_task()PTO" + kernels + R"PTO(, p);
    }
)PTO");
  SyncRun run;
  LoadedProgram prog;
  ::testing::AssertionResult built =
      build("sync_orch.cpp", orch,
            {kernel(0, "sync_aic", CoreType::AIC, kernelSource(false)),
             kernel(1, aivOnly ? "sync_vec" : "sync_aiv", CoreType::AIV,
                    kernelSource(aivOnly))},
            prog);
  if (!built) {
    run.status = Status::error(built.message());
    return run;
  }
  const size_t n = size_t(blocks) * parts;
  run.slots.assign(n, 0);
  run.sums.assign(n, -1);
  std::vector<HostArg> args = {
      HostArg::tensor(run.slots.data(), {uint32_t(n)}, DataType::INT32),
      HostArg::tensor(run.sums.data(), {uint32_t(n)}, DataType::INT32)};
  RunOptions opts;
  opts.watchdogSeconds = 20;
  run.status = runProgram(device, prog, args, opts);
  return run;
}

/// Every part saw every slot of the last round.
void expectAllSums(const SyncRun &run, int lastRound) {
  const int32_t n = int32_t(run.slots.size());
  const int32_t expected = n * (n + 1) / 2 + 100 * lastRound * n;
  for (int32_t p = 0; p < n; ++p)
    ASSERT_EQ(run.sums[p], expected) << "part " << p;
}

TEST(SyncAll, MixBarrierOnBothChips) {
  for (bool a5chip : {false, true}) {
    DeviceSpec device = a5chip ? a5() : a2a3();
    SyncRun run = runSync(device, device.numAic, /*mode=*/0);
    ASSERT_TRUE(run.status) << run.status.message;
    expectAllSums(run, 0);
  }
}

TEST(SyncAll, BarriersInALoopAndTwoLanes) {
  SyncRun run = runSync(a2a3(), 24, /*mode=*/1, true, /*twoLanes=*/true);
  ASSERT_TRUE(run.status) << run.status.message;
  expectAllSums(run, 2);
}

TEST(SyncAll, AivOnlyOverBothLanes) {
  SyncRun run = runSync(a2a3(), 24, /*mode=*/0, true, false, /*aivOnly=*/true);
  ASSERT_TRUE(run.status) << run.status.message;
  expectAllSums(run, 0);
}

TEST(SyncAll, BlockSkippingTheBarrierIsADeadlock) {
  SyncRun run = runSync(a2a3(), 24, /*mode=*/2);
  ASSERT_FALSE(run.status);
  EXPECT_TRUE(contains(run.status.message, "syncall deadlock"))
      << run.status.message;
  EXPECT_TRUE(contains(run.status.message, "(block 5")) << run.status.message;
}

TEST(SyncAll, TaskNotStartedTogether) {
  SyncRun run = runSync(a2a3(), 24, 0, /*syncStart=*/false);
  ASSERT_FALSE(run.status);
  EXPECT_TRUE(contains(run.status.message,
                       "SYNCALL<SyncCoreType::Mix> in a task whose blocks "
                       "were not launched together"))
      << run.status.message;
}

TEST(SyncAll, PartialLaunch) {
  SyncRun run = runSync(a5(), 24, 0);
  ASSERT_FALSE(run.status);
  EXPECT_TRUE(contains(run.status.message,
                       "waits for every core of the chip: the task has 24 "
                       "blocks, the a5 chip 36 clusters"))
      << run.status.message;
}

TEST(SyncAll, PartialAivLaunch) {
  SyncRun run = runSync(a2a3(), 12, 0, true, false, /*aivOnly=*/true);
  ASSERT_FALSE(run.status);
  EXPECT_TRUE(contains(run.status.message,
                       "waits for every AIV core of the chip: the task runs "
                       "24 AIV parts, the a2a3 chip has 48"))
      << run.status.message;
}

TEST(SyncAll, OutsideARuntimeTask) {
  // The default core (no runtime) has nobody to wait for.
  std::string error = "<no error>";
  try {
    pto::SYNCALL<pto::SyncCoreType::Mix>();
  } catch (const std::runtime_error &e) {
    error = e.what();
  }
  EXPECT_TRUE(contains(error, "SYNCALL outside a runtime task")) << error;
}

} // namespace
