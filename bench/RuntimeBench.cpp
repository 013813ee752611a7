//===- RuntimeBench.cpp - What the runtime costs per task -----------------===//
//
// An orchestration submits N tasks of an empty AIV kernel: independent ones
// (many in flight) or a chain through one tensor each task updates (one in
// flight). The orchestration times its own submit loop (the µs per submit);
// the benchmark times the whole run (the µs per task end to end: submit,
// dependency tracking, dispatch, the kernel call, completion). Kernels are
// built once, before the timing, into $PYPTO_CACHE_DIR or a directory of
// this run.
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
  return PTO2OrchestrationConfig{ .expected_arg_count = 4, };
}
// Tensor 0: the chain's tensor; tensor 1: the submit loop's nanoseconds
// (int64[1]); scalar 0: tasks; scalar 1: 1 for a chain.
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipTaskArgs &orch_args) {
  const ChipTensor &chain = orch_args.tensor(0).ref();
  int64_t *ns = orch_args.tensor(1).ref().data<int64_t>();
  const int64_t tasks = orch_args.scalar<int64_t>(0);
  const bool dependent = orch_args.scalar<int64_t>(1) != 0;
  auto start = std::chrono::steady_clock::now();
  PTO2_SCOPE() {
    for (int64_t i = 0; i < tasks; ++i) {
      CoreTaskArgs args;
      if (dependent)
        args.add_inout(chain);
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

void tasks(benchmark::State &state, bool dependent) {
  const LoadedProgram *p = program();
  if (!p) {
    state.SkipWithError("the benchmark program did not build");
    return;
  }
  const int64_t n = state.range(0);
  DeviceSpec device = *DeviceSpec::forPlatform("a5sim");
  float chain[16] = {};
  int64_t submitNs = 0;
  double submitTotal = 0;
  for (auto _ : state) {
    std::vector<HostArg> args = {
        HostArg::tensor(chain, {16}, DataType::FLOAT32),
        HostArg::tensor(&submitNs, {1}, DataType::INT64),
        HostArg::scalarOf<int64_t>(n),
        HostArg::scalarOf<int64_t>(dependent ? 1 : 0)};
    Status s = runProgram(device, *p, args);
    if (!s) {
      state.SkipWithError(s.message.c_str());
      return;
    }
    submitTotal += double(submitNs);
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

void independentTasks(benchmark::State &state) { tasks(state, false); }
void chainedTasks(benchmark::State &state) { tasks(state, true); }

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

struct Units {
  Units() { pypto::bench::setRateUnit("runtime/", "task/s"); }
} units;

} // namespace
