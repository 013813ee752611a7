//===- RuntimeBench.cpp - What the runtime costs per task -----------------===//
//
// An orchestration submits N tasks of an empty AIV kernel: independent ones
// (many in flight) or a chain through one tensor each task updates (one in
// flight); or N independent tasks that each add two 16x16 f32 blocks into a
// third (three tensor views per task, as pypto-run's bench/tiny_adds.mlir). The
// orchestration times its own submit loop (the µs per submit); the benchmark
// times the whole run (the µs per task end to end: submit, dependency tracking,
// dispatch, the kernel call, completion). Kernels are built once, before the
// timing, into $PYPTO_CACHE_DIR or a directory of this run.
//
//===----------------------------------------------------------------------===//

#include "PairedTable.h"

#include "pypto/Runtime/Device.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace pypto::runtime;

namespace {

const char *kOrchestration = R"PTO(#include "runtime.h"
#include <chrono>
extern "C" {
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs &) {
  return PTO2OrchestrationConfig{ .expected_arg_count = 7, };
}
// Tensor 0: the chain's tensor; tensor 1: the submit loop's nanoseconds
// (int64[1]); tensors 2-4: x, y, z of the adds (f32 [16 * tasks, 16]);
// scalar 0: tasks; scalar 1: 0 independent, 1 a chain, 2 the adds.
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipTaskArgs &orch_args) {
  const ChipTensor &chain = orch_args.tensor(0).ref();
  int64_t *ns = orch_args.tensor(1).ref().data<int64_t>();
  const ChipTensor &x = orch_args.tensor(2).ref();
  const ChipTensor &y = orch_args.tensor(3).ref();
  const ChipTensor &z = orch_args.tensor(4).ref();
  const int64_t tasks = orch_args.scalar<int64_t>(0);
  const int64_t mode = orch_args.scalar<int64_t>(1);
  auto start = std::chrono::steady_clock::now();
  PTO2_SCOPE() {
    for (int64_t i = 0; i < tasks; ++i) {
      CoreTaskArgs args;
      if (mode == 1)
        args.add_inout(chain);
      if (mode == 2) {
        const uint32_t shape[2] = {16, 16};
        const uint32_t offset[2] = {uint32_t(i * 16), 0};
        // The arguments hold pointers: the views live to the submit.
        const ChipTensor xs = x.view(shape, offset), ys = y.view(shape, offset),
                         zs = z.view(shape, offset);
        args.add_input(xs);
        args.add_input(ys);
        args.add_output(zs);
        rt_submit_aiv_task(1, args);
        continue;
      }
      rt_submit_aiv_task(0, args);
    }
  }
  ns[0] = std::chrono::duration_cast<std::chrono::nanoseconds>(
              std::chrono::steady_clock::now() - start).count();
}
}  // extern "C"
)PTO";

const char *kEmptyKernel = R"PTO(
#include <cstdint>
#include "pto/sim/core_context.hpp"
extern "C" __attribute__((visibility("default"))) void pto_sim_bind_core(pto::sim::CoreContext *) {}
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *) {}
)PTO";

const char *kAddKernel = R"PTO(
#include <cstdint>
#include "pto/sim/core_context.hpp"
#include "tensor.h"
extern "C" __attribute__((visibility("default"))) void pto_sim_bind_core(pto::sim::CoreContext *) {}
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  auto arg = [&](int i) { return reinterpret_cast<const ChipTensor *>(args[i]); };
  const float *x = arg(0)->data<float>(), *y = arg(1)->data<float>();
  float *z = arg(2)->data<float>();
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      z[r * 16 + c] = x[r * 16 + c] + y[r * 16 + c];
}
)PTO";

std::string cacheDir() {
  if (const char *d = std::getenv("PYPTO_CACHE_DIR"); d && *d)
    return d;
  return (std::filesystem::temp_directory_path() / "pypto-bench-cache")
      .string();
}

const LoadedProgram *program() {
  static LoadedProgram loaded;
  static bool built = [] {
    ProgramSources ps;
    ps.orchestrationName = "bench_orch.cpp";
    ps.orchestrationText = kOrchestration;
    KernelSource k;
    k.funcId = 0;
    k.name = "empty";
    k.coreType = CoreType::AIV;
    k.sourceText = kEmptyKernel;
    ps.kernels.push_back(k);
    k.funcId = 1;
    k.name = "add16";
    k.sourceText = kAddKernel;
    ps.kernels.push_back(k);
    CompileOptions o;
    o.runtimeIncludeDir = PYPTO_RUNTIME_INCLUDE_DIR;
    o.cacheDir = cacheDir();
    Status s = buildProgram(ps, o, loaded);
    if (!s)
      std::fprintf(stderr, "pypto-bench: %s\n", s.message.c_str());
    return bool(s);
  }();
  return built ? &loaded : nullptr;
}

enum class Mode : int64_t { Independent = 0, Chain = 1, Adds = 2 };

void tasks(benchmark::State &state, Mode mode) {
  const LoadedProgram *p = program();
  if (!p) {
    state.SkipWithError("the benchmark program did not build");
    return;
  }
  const int64_t n = state.range(0);
  DeviceSpec device = *DeviceSpec::forPlatform("a5sim");
  float chain[16] = {};
  int64_t submitNs = 0;
  const size_t blockRows = mode == Mode::Adds ? size_t(n) * 16 : 1;
  std::vector<float> x(blockRows * 16), y(blockRows * 16), z(blockRows * 16);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = float(i % 1000);
    y[i] = float(i % 7) * 0.5f;
  }
  double submitTotal = 0;
  for (auto _ : state) {
    std::vector<HostArg> args = {
        HostArg::tensor(chain, {16}, DataType::FLOAT32),
        HostArg::tensor(&submitNs, {1}, DataType::INT64),
        HostArg::tensor(x.data(), {int64_t(blockRows), 16}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {int64_t(blockRows), 16}, DataType::FLOAT32),
        HostArg::tensor(z.data(), {int64_t(blockRows), 16}, DataType::FLOAT32),
        HostArg::scalarOf<int64_t>(n),
        HostArg::scalarOf<int64_t>(int64_t(mode))};
    Status s = runProgram(device, *p, args);
    if (!s) {
      state.SkipWithError(s.message.c_str());
      return;
    }
    submitTotal += double(submitNs);
  }
  // The adds must have happened (a benchmark of tasks that did nothing would
  // flatter the runtime).
  for (size_t i = 0; mode == Mode::Adds && i < z.size(); ++i)
    if (z[i] != x[i] + y[i]) {
      state.SkipWithError("the adds computed a wrong sum");
      return;
    }
  // Per task: the run's and the submit loop's time.
  state.counters["rate"] = benchmark::Counter(
      double(n), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["us_per_task"] = benchmark::Counter(
      double(n) * 1e-6, benchmark::Counter::kIsIterationInvariantRate |
                            benchmark::Counter::kInvert);
  state.counters["submit_us_per_task"] =
      submitTotal / 1e3 / double(n) / double(state.iterations());
}

void independentTasks(benchmark::State &state) {
  tasks(state, Mode::Independent);
}
void chainedTasks(benchmark::State &state) { tasks(state, Mode::Chain); }
void tinyAdds(benchmark::State &state) { tasks(state, Mode::Adds); }

BENCHMARK(independentTasks)
    ->Name("runtime/empty_tasks/independent")
    ->Arg(1)
    ->Arg(8192)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(chainedTasks)
    ->Name("runtime/empty_tasks/chain")
    ->Arg(1)
    ->Arg(2048)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK(tinyAdds)
    ->Name("runtime/tiny_adds/independent")
    ->Arg(8192)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

struct Units {
  Units() { pypto::bench::setRateUnit("runtime/", "task/s"); }
} units;

} // namespace
