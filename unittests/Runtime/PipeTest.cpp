//===- PipeTest.cpp - Cross-core pipes between the parts of a mixed task --===//
//
// Hand-written orchestrations and kernels (written against the tile library,
// pto/pto-inst.hpp) that pass tiles between the AIC and AIV parts of
// MixedKernels tasks with TPIPE_INIT / TPUSH / TPOP / TFREE, on a2a3sim (ring
// in a GM tensor of the task) and a5sim.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"

#include "pypto/Runtime/pto_orchestration_api.h"

#include "pypto/Runtime/pto/sim/core_context.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;

namespace {

const char *kTilePrelude = R"PTO(
#include <pto/pto-inst.hpp>
#include "tensor.h"
#include "intrinsic.h"
using namespace pto;
#define KERNEL extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args)
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
// Row block i (16 x 16) of a row-major tensor with 16 columns.
using Block = GlobalTensor<float, Shape<1, 1, 1, 16, 16>, Stride<256, 256, 256, 16, 1>>;
using VecTile = Tile<TileType::Vec, float, 16, 16>;
using MatTile = Tile<TileType::Mat, float, 16, 16>;
)PTO";

std::string tileKernel(const char *body) {
  return std::string(kTilePrelude) + body;
}

// out = in * s0 + s1 (f32 scalars), over 4 row blocks.
const char *kAffine = R"PTO(
KERNEL {
  ChipTensor *in = arg(args, 0), *out = arg(args, 1);
  const float mul = from_u64<float>(uint64_t(args[2])), add = from_u64<float>(uint64_t(args[3]));
  VecTile a;
  TASSIGN(a, 0);
  for (int i = 0; i < 4; ++i) {
    TLOAD(a, Block(in->data<float>() + i * 256));
    TMULS(a, a, mul);
    TADDS(a, a, add);
    TSTORE(Block(out->data<float>() + i * 256), a);
  }
}
)PTO";

std::filesystem::path exampleDir() {
  return std::filesystem::path(__FILE__).parent_path() / "Inputs" /
         "pipe_example";
}

std::string readFile(const std::filesystem::path &p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace

// The ABI layout (docs/design/runtime-abi.md): fields are only ever appended.
TEST(Pipe, CoreContextLayout) {
  using pto::sim::CoreContext;
  EXPECT_EQ(offsetof(CoreContext, runtime_data), 112u);
  EXPECT_EQ(offsetof(CoreContext, abi_version), 120u);
  EXPECT_EQ(offsetof(CoreContext, core_type), 124u);
  EXPECT_EQ(offsetof(CoreContext, aiv_lane), 128u);
  EXPECT_EQ(offsetof(CoreContext, num_aiv_lanes), 132u);
  EXPECT_EQ(offsetof(CoreContext, has_aic), 136u);
  EXPECT_EQ(offsetof(CoreContext, pipe_init), 144u);
  EXPECT_EQ(offsetof(CoreContext, pipe_push_acquire), 152u);
  EXPECT_EQ(offsetof(CoreContext, pipe_push_commit), 160u);
  EXPECT_EQ(offsetof(CoreContext, pipe_pop), 168u);
  EXPECT_EQ(offsetof(CoreContext, pipe_free), 176u);
  EXPECT_EQ(offsetof(CoreContext, gm_ranges), 184u);
  EXPECT_EQ(offsetof(CoreContext, num_gm_ranges), 192u);
  EXPECT_EQ(offsetof(CoreContext, arch), 196u);
  EXPECT_EQ(offsetof(CoreContext, rank), 200u);
  EXPECT_EQ(offsetof(CoreContext, num_ranks), 204u);
  EXPECT_EQ(offsetof(CoreContext, comm_notify), 208u);
  EXPECT_EQ(offsetof(CoreContext, comm_wait), 216u);
  EXPECT_EQ(offsetof(CoreContext, sync_all), 224u);
  EXPECT_EQ(sizeof(CoreContext), 232u);
  EXPECT_EQ(sizeof(pto::sim::PipeTileDesc), 16u);
  EXPECT_EQ(sizeof(pto::sim::PipeSlotView), 72u);
  EXPECT_EQ(offsetof(pto::sim::PipeSlotView, data), 16u);
  EXPECT_EQ(offsetof(pto::sim::PipeSlotView, part), 32u);
  EXPECT_EQ(offsetof(pto::sim::PipeSlotView, slot), 64u);
  EXPECT_EQ(offsetof(pto::sim::PipeSlotView, slot_size), 68u);
}

// Two dependent AIV tasks, then a mixed task (the kernels of the documented
// example) whose AIC part pushes tiles of x that its AIV part pops, scales,
// adds to the second task's output and stores: y = (x + 1) * 2 + 2 x.
TEST(Pipe, MixedTaskPushPopAdd) {
  // The sources are part of the checkout: missing ones are a failure.
  ASSERT_TRUE(std::filesystem::exists(exampleDir() / "scale_add_aic.cpp"))
      << "sources not found at " << exampleDir();
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        uint32_t s[2] = {64, 16};
        TensorCreateInfo ci(s, 2, DataType::FLOAT32);
        CoreTaskArgs p0; p0.add_input(x); p0.add_output(ci); p0.add_scalar(1.0f); p0.add_scalar(1.0f);
        TaskOutputTensors t1 = rt_submit_aiv_task(0, p0);            // t1 = x + 1
        CoreTaskArgs p1; p1.add_input(t1.get_ref(0)); p1.add_output(ci); p1.add_scalar(2.0f); p1.add_scalar(0.0f);
        TaskOutputTensors t2 = rt_submit_aiv_task(0, p1);            // t2 = t1 * 2
        uint32_t rs[1] = {2 * 1024};                                 // 2 slots of 1024 bytes
        TensorCreateInfo ring_ci(rs, 1, DataType::UINT8);
        CoreTaskArgs p2;
        p2.add_input(x); p2.add_input(t2.get_ref(0)); p2.add_output(y); p2.add_output(ring_ci);
        rt_submit_task(MixedKernels{1, 2, INVALID_KERNEL_ID}, p2);   // y = t2 + 2 x
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("pipe_orch.cpp", orch,
                    {kernel(0, "affine", CoreType::AIV, tileKernel(kAffine)),
                     kernel(1, "scale_add_aic", CoreType::AIC,
                            readFile(exampleDir() / "scale_add_aic.cpp")),
                     kernel(2, "scale_add_aiv", CoreType::AIV,
                            readFile(exampleDir() / "scale_add_aiv.cpp"))},
                    prog));
  for (const DeviceSpec &device : {a2a3(), a5()}) {
    std::vector<float> x(64 * 16), y(64 * 16, -1.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float(int(i % 37) - 18) * 0.25f;
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {64, 16}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {64, 16}, DataType::FLOAT32)};
    RunOptions opts;
    opts.deferDispatch = true; // exact edges
    RunStats stats;
    Status s = runProgram(device, prog, args, opts, &stats);
    ASSERT_TRUE(s) << device.platform << ": " << s.message;
    for (size_t i = 0; i < x.size(); ++i)
      ASSERT_EQ(y[i], (x[i] + 1.0f) * 2.0f + 2.0f * x[i])
          << device.platform << " i=" << i;
    EXPECT_EQ(stats.tasksSubmitted, 3u);
    EXPECT_EQ(stats.blocksExecuted, 4u); // 2 AIV tasks + the AIC and AIV parts
    EXPECT_EQ(stats.dependencyEdges, 2u);
  }
}

namespace {

// One AIC + two AIV lanes, three pipes:
//   0: AIC -> AIV, split up-down   (each lane gets 8 of the 16 rows of x)
//   1: AIV -> AIC, split left-right (lane l pushes columns [8l, 8l+8) of x +
//   1000 (l+1)) 2: AIC -> AIV, no split          (both lanes get all of x)
// Args: x, y (lanes store their halves), z (AIC stores what it popped), w (2 x
// 16 rows), ring.
const char *kLanesAic = R"PTO(
KERNEL {
  ChipTensor *x = arg(args, 0), *z = arg(args, 2), *ring = arg(args, 4);
  uint8_t *r = ring->data<uint8_t>();
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::UpDown, r);
  TPIPE_INIT(1, PipeDir::V2C, 1024, 2, PipeSplit::LeftRight, r + 2048);
  TPIPE_INIT(2, int(PipeDir::C2V), 1024, 2, 0, r + 4096);
  MatTile m, q;
  TASSIGN(m, 0);
  TASSIGN(q, 1024);
  TLOAD(m, Block(x->data<float>()));
  TPUSH(0, m);
  TPUSH(2, m);
  TPOP(1, q);
  TSTORE(Block(z->data<float>()), q);
  TFREE(1);
}
)PTO";

const char *kLanesAiv = R"PTO(
using HalfRows = GlobalTensor<float, Shape<1, 1, 1, 8, 16>, Stride<128, 128, 128, 16, 1>>;
using HalfCols = GlobalTensor<float, Shape<1, 1, 1, 16, 8>, Stride<256, 256, 256, 16, 1>>;
KERNEL {
  ChipTensor *x = arg(args, 0), *y = arg(args, 1), *w = arg(args, 3), *ring = arg(args, 4);
  const int lane = get_sub_block_id(args);
  uint8_t *r = ring->data<uint8_t>();
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::UpDown, r);
  TPIPE_INIT(1, PipeDir::V2C, 1024, 2, PipeSplit::LeftRight, r + 2048);
  TPIPE_INIT(2, PipeDir::C2V, 1024, 2, PipeSplit::None, r + 4096);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> h(16, 16);
  TASSIGN(h, 0);
  TPOP(0, h); // this lane's 8 rows
  if (h.GetValidRow() != 8 || h.GetValidCol() != 16)
    pto::sim::fail(pto::sim::current(), "lane %d popped %dx%d", lane, h.GetValidRow(), h.GetValidCol());
  TSTORE(HalfRows(y->data<float>() + lane * 128), h);
  TFREE(0, h);
  Tile<TileType::Vec, float, 16, 8> c;
  TASSIGN(c, 4096);
  TLOAD(c, HalfCols(x->data<float>() + lane * 8));
  TADDS(c, c, 1000.0f * float(lane + 1));
  TPUSH(1, c);
  VecTile whole;
  TASSIGN(whole, 8192);
  TPOP(2, whole);
  TSTORE(Block(w->data<float>() + lane * 256), whole);
  TFREE(2);
}
)PTO";

} // namespace

TEST(Pipe, TwoLanesSplitModes) {
  const std::string orch = orchSource(4, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    const ChipTensor& z = orch_args.tensor(2).ref();
    const ChipTensor& w = orch_args.tensor(3).ref();
    PTO2_SCOPE() {
        uint32_t rs[1] = {3 * 2048};
        TensorCreateInfo ring_ci(rs, 1, DataType::UINT8);
        CoreTaskArgs p;
        p.add_input(x); p.add_output(y); p.add_output(z); p.add_output(w); p.add_output(ring_ci);
        rt_submit_task(MixedKernels{0, 1, 1}, p);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(
      build("lanes_orch.cpp", orch,
            {kernel(0, "lanes_aic", CoreType::AIC, tileKernel(kLanesAic)),
             kernel(1, "lanes_aiv", CoreType::AIV, tileKernel(kLanesAiv))},
            prog));
  for (const DeviceSpec &device : {a2a3(), a5()}) {
    std::vector<float> x(256), y(256, -1.0f), z(256, -1.0f), w(512, -1.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float(i);
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {16, 16}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {16, 16}, DataType::FLOAT32),
        HostArg::tensor(z.data(), {16, 16}, DataType::FLOAT32),
        HostArg::tensor(w.data(), {32, 16}, DataType::FLOAT32)};
    Status s = runProgram(device, prog, args);
    ASSERT_TRUE(s) << device.platform << ": " << s.message;
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) {
        const int i = r * 16 + c;
        ASSERT_EQ(y[i], x[i])
            << device.platform << " up-down r=" << r << " c=" << c;
        ASSERT_EQ(z[i], x[i] + (c < 8 ? 1000.0f : 2000.0f))
            << device.platform << " left-right r=" << r << " c=" << c;
        ASSERT_EQ(w[i], x[i]) << device.platform << " lane 0, no split";
        ASSERT_EQ(w[256 + i], x[i]) << device.platform << " lane 1, no split";
      }
  }
}

namespace {

// Light kernels: the pipe header only (no compute instructions).
const char *kPipePrelude = R"PTO(
#include <pto/pipe.hpp>
#include "tensor.h"
using namespace pto;
#define KERNEL extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args)
static inline ChipTensor *arg(int64_t *args, int i) { return reinterpret_cast<ChipTensor *>(args[i]); }
)PTO";

// Misuse, selected by the scalar `mode` (args: x, ring, mode).
const char *kErrAic = R"PTO(
KERNEL {
  uint8_t *r = arg(args, 1)->data<uint8_t>();
  const int mode = int(args[2]);
  Tile<TileType::Mat, float, 16, 16> m;
  TASSIGN(m, 0);
  switch (mode) {
  case 0: TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, r); return; // never pushes
  case 1: TPIPE_INIT(0, PipeDir::C2V, 512, 2, PipeSplit::None, r); TPUSH(0, m); return;
  case 2: TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, nullptr); return;
  case 3: TPIPE_INIT(0, PipeDir::C2V, 1024, 4, PipeSplit::None, r); TPUSH(0, m); return;
  case 4: TPUSH(0, m); return;
  case 5: TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, r + 8192); return;
  case 7: case 8: TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, r); TPUSH(0, m); return;
  }
}
)PTO";

const char *kErrAiv = R"PTO(
KERNEL {
  uint8_t *r = arg(args, 1)->data<uint8_t>();
  const int mode = int(args[2]);
  Tile<TileType::Vec, float, 16, 16> v;
  TASSIGN(v, 0);
  if (mode == 4 || mode == 5)
    return;
  if (mode == 8) { // pypto's tpop(valid_row, valid_col) expecting 8x16 of a 16x16 push
    TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, r);
    Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, DYNAMIC, DYNAMIC> d;
    TPOP(0, d, 0, 8, 16);
    return;
  }
  TPIPE_INIT(0, PipeDir::C2V, mode == 1 ? 512 : 1024, 2, PipeSplit::None, mode == 2 ? nullptr : r);
  TPOP(0, v);
  if (mode == 7) {
    TFREE(0);
    TFREE(0); // one too many
  }
}
)PTO";

std::string pipeKernel(const char *body) {
  return std::string(kPipePrelude) + body;
}

} // namespace

TEST(Pipe, MisuseIsReported) {
  const std::string orch = orchSource(3, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& ring = orch_args.tensor(1).ref();
    const uint64_t mode = orch_args.scalar(0);
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_input(x); p.add_inout(ring); p.add_scalar(mode);
        if (mode == 6)
            rt_submit_aiv_task(1, p);
        else
            rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, p);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("pipe_err_orch.cpp", orch,
                    {kernel(0, "err_aic", CoreType::AIC, pipeKernel(kErrAic)),
                     kernel(1, "err_aiv", CoreType::AIV, pipeKernel(kErrAiv))},
                    prog));
  std::vector<float> x(256, 1.0f);
  std::vector<uint8_t> ring(8192);
  auto run = [&](uint64_t mode) {
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {16, 16}, DataType::FLOAT32),
        HostArg::tensor(ring.data(), {8192}, DataType::UINT8),
        HostArg::scalar(mode)};
    return runProgram(a2a3(), prog, args);
  };
  Status s = run(0);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "cross-core pipe deadlock (task 0, block 0)"))
      << s.message;
  EXPECT_TRUE(contains(
      s.message,
      "kernel 'err_aiv' (aiv lane 0) waits in tpop on pipe 0 (no data)"))
      << s.message;
  EXPECT_TRUE(contains(s.message, "kernel 'err_aic' (aic) has finished"))
      << s.message;

  s = run(1);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "kernel 'err_aic' (task 0): ")) << s.message;
  EXPECT_TRUE(contains(
      s.message, "TPUSH on pipe 0: a 16x16 f32 tile (1024 bytes) does not fit "
                 "the 512 bytes of a slot"))
      << s.message;

  s = run(2);
  ASSERT_FALSE(s);
  EXPECT_TRUE(
      contains(s.message, "TPIPE_INIT on pipe 0: on a2a3 the ring lives in GM"))
      << s.message;

  s = run(3);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "4 slots of 1024 bytes")) << s.message;
  EXPECT_TRUE(contains(s.message, "2 slots of 1024 bytes")) << s.message;

  s = run(4);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message,
                       "TPUSH on pipe 0: used before TPIPE_INIT on this core"))
      << s.message;

  s = run(5);
  ASSERT_FALSE(s);
  EXPECT_TRUE(
      contains(s.message, "is not inside any tensor argument of the task"))
      << s.message;

  s = run(6);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "task 0 has a single aiv part")) << s.message;

  s = run(7);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message, "TFREE on pipe 0: no popped slot to free"))
      << s.message;

  s = run(8);
  ASSERT_FALSE(s);
  EXPECT_TRUE(contains(s.message,
                       "TPOP on pipe 0: the slot delivers 16x16 elements but "
                       "the pop expects a valid shape of 8x16"))
      << s.message;

  // On a5 the ring is on chip: no GM buffer is needed.
  std::vector<HostArg> args = {
      HostArg::tensor(x.data(), {16, 16}, DataType::FLOAT32),
      HostArg::tensor(ring.data(), {8192}, DataType::UINT8),
      HostArg::scalar(2)};
  s = runProgram(a5(), prog, args);
  ASSERT_FALSE(s); // the AIC never pushes: a deadlock, but no GM complaint
  EXPECT_TRUE(contains(s.message, "cross-core pipe deadlock")) << s.message;
}

// The example of docs/design/runtime-abi.md ("Cross-core pipes"), from the
// files under Inputs/pipe_example: y = b + 2 x.
TEST(Pipe, DocumentedExample) {
  const std::filesystem::path dir = exampleDir();
  ASSERT_TRUE(std::filesystem::exists(dir / "scale_add_orch.cpp"))
      << "sources not found at " << dir;
  ProgramSources ps;
  ps.orchestrationPath = (dir / "scale_add_orch.cpp").string();
  KernelSource aic, aiv;
  aic.funcId = 0;
  aic.name = "scale_add_aic";
  aic.coreType = CoreType::AIC;
  aic.sourcePath = (dir / "scale_add_aic.cpp").string();
  aiv.funcId = 1;
  aiv.name = "scale_add_aiv";
  aiv.coreType = CoreType::AIV;
  aiv.sourcePath = (dir / "scale_add_aiv.cpp").string();
  ps.kernels = {aic, aiv};
  LoadedProgram prog;
  Status s = buildProgram(ps, compileOptions(), prog);
  ASSERT_TRUE(s) << s.message;
  for (const DeviceSpec &device : {a2a3(), a5()}) {
    std::vector<float> x(64 * 16), b(64 * 16), y(64 * 16, -1.0f);
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = float(i) * 0.5f;
      b[i] = float(i % 7);
    }
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {64, 16}, DataType::FLOAT32),
        HostArg::tensor(b.data(), {64, 16}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {64, 16}, DataType::FLOAT32)};
    s = runProgram(device, prog, args);
    ASSERT_TRUE(s) << device.platform << ": " << s.message;
    for (size_t i = 0; i < x.size(); ++i)
      ASSERT_EQ(y[i], b[i] + 2.0f * x[i]) << device.platform << " i=" << i;
  }
}

namespace {

// ptoas's pop: the popped tile is placed in its slot of the consumer buffer
// (base 4096, 2 slots of 1024 bytes). The AIC pushes x's four row blocks;
// the AIV holds two popped tiles at once, so they must sit in different
// slots, and the third pop reuses the first slot after both are freed.
const char *kSlotsAic = R"PTO(
KERNEL {
  ChipTensor *x = arg(args, 0), *ring = arg(args, 2);
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring->data<uint8_t>());
  MatTile m;
  TASSIGN(m, 0);
  for (int i = 0; i < 4; ++i) {
    TLOAD(m, Block(x->data<float>() + i * 256));
    TPUSH(0, m);
  }
}
)PTO";

const char *kSlotsAiv = R"PTO(
KERNEL {
  ChipTensor *y = arg(args, 1), *ring = arg(args, 2);
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, ring->data<uint8_t>());
  VecTile sum;
  TASSIGN(sum, 0);
  for (int i = 0; i < 2; ++i) {
    VecTile a, b;
    TPOP(0, a, 4096);
    TPOP(0, b, 4096);
    const long gap = reinterpret_cast<char *>(b.data()) - reinterpret_cast<char *>(a.data());
    if (gap != 1024)
      pto::sim::fail(pto::sim::current(), "pop %d: slots are %ld bytes apart", i, gap);
    TADD(sum, a, b);
    TFREE(0, a);
    TFREE(0, b);
    TSTORE(Block(y->data<float>() + i * 256), sum);
  }
}
)PTO";

} // namespace

namespace {

// Runs a mixed task whose AIC part pushes x's four row blocks and whose AIV
// part stores the sum of each two popped blocks to y, on both simulators;
// the ring (a2a3) is `ringBytes` of the task.
void runPairSum(const std::string &name, const char *aicBody,
                const char *aivBody, int ringBytes) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        uint32_t rs[1] = {)PTO" + std::to_string(ringBytes) +
                                             R"PTO(};
        TensorCreateInfo ring_ci(rs, 1, DataType::UINT8);
        CoreTaskArgs p;
        p.add_input(x); p.add_output(y); p.add_output(ring_ci);
        rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, p);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(
      build(name + "_orch.cpp", orch,
            {kernel(0, name + "_aic", CoreType::AIC, tileKernel(aicBody)),
             kernel(1, name + "_aiv", CoreType::AIV, tileKernel(aivBody))},
            prog));
  for (const DeviceSpec &device : {a2a3(), a5()}) {
    std::vector<float> x(64 * 16), y(32 * 16, -1.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float(i);
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {64, 16}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {32, 16}, DataType::FLOAT32)};
    Status s = runProgram(device, prog, args, RunOptions{}, nullptr);
    ASSERT_TRUE(s) << device.platform << ": " << s.message;
    // Row block i of y is the sum of x's blocks 2i and 2i + 1.
    for (size_t i = 0; i < y.size(); ++i) {
      size_t block = i / 256, within = i % 256;
      ASSERT_EQ(y[i],
                x[2 * block * 256 + within] + x[(2 * block + 1) * 256 + within])
          << device.platform << " i=" << i;
    }
  }
}

} // namespace

TEST(Pipe, PopPlacesTileInConsumerSlot) {
  runPairSum("slots", kSlotsAic, kSlotsAiv, 2 * 1024);
}

namespace {

// The same exchange in pto-isa's typed pipe API, as ptoas 0.27 writes it:
// a TPipe of the hardware's 8 slots, declared to the runtime by its first
// TPUSH / TPOP, whose pops land in the consumer buffer given at
// construction (c2v on the AIV).
const char *kTypedAic = R"PTO(
using Pipe = TPipe<0, Direction::DIR_C2V, 1024, 8, 8, true>;
KERNEL {
  ChipTensor *x = arg(args, 0), *ring = arg(args, 2);
  auto pipe = Pipe(ring->data<uint8_t>(), 4096, 0);
  MatTile m;
  TASSIGN(m, 0);
  for (int i = 0; i < 4; ++i) {
    TLOAD(m, Block(x->data<float>() + i * 256));
    TPUSH<Pipe, MatTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, m);
  }
}
)PTO";

const char *kTypedAiv = R"PTO(
using Pipe = TPipe<0, Direction::DIR_C2V, 1024, 8, 8, true>;
KERNEL {
  ChipTensor *y = arg(args, 1), *ring = arg(args, 2);
  auto pipe = Pipe(ring->data<uint8_t>(), 4096, 0);
  if (get_subblockid() != 0)
    pto::sim::fail(pto::sim::current(), "a lone AIV part is lane %d", get_subblockid());
  VecTile sum;
  TASSIGN(sum, 0);
  for (int i = 0; i < 2; ++i) {
    VecTile a, b;
    TPOP<Pipe, VecTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, a);
    TPOP<Pipe, VecTile, TileSplitAxis::TILE_NO_SPLIT>(pipe, b);
    const long gap = reinterpret_cast<char *>(b.data()) - reinterpret_cast<char *>(a.data());
    if (gap != 1024)
      pto::sim::fail(pto::sim::current(), "pop %d: slots are %ld bytes apart", i, gap);
    TADD(sum, a, b);
    TFREE<Pipe, TileSplitAxis::TILE_NO_SPLIT>(pipe);
    TFREE<Pipe, TileSplitAxis::TILE_NO_SPLIT>(pipe);
    TSTORE(Block(y->data<float>() + i * 256), sum);
  }
}
)PTO";

} // namespace

TEST(Pipe, TypedPipeApi) {
  runPairSum("typed", kTypedAic, kTypedAiv, 8 * 1024);
}
