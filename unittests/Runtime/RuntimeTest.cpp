//===- RuntimeTest.cpp - Simulated device: layout, compile, load, run -----===//
//
// The end-to-end tests compile small orchestrations and kernels written as
// C++ strings with the host compiler (cached under $PYPTO_CACHE_DIR or a
// directory in /tmp), load them and run them on a2a3sim.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtil.h"
#include "pypto/Runtime/Device.h"
#include "pypto/Runtime/pto_orchestration_api.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace pypto::runtime;
namespace fs = std::filesystem;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

using pypto::runtime::testing::compileOptions;
using pypto::runtime::testing::freshDir;
using pypto::runtime::testing::orchSource;
using pypto::runtime::testing::runtimeIncludeDir;
using pypto::runtime::testing::sharedCacheDir;

DeviceSpec a2a3() { return *DeviceSpec::forPlatform("a2a3sim"); }

// Shared prelude of the test kernels: plain C++ with their own core hook.
const char *kKernelPrelude = R"PTO(
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <unistd.h>
#include "tensor.h"
#include "intrinsic.h"
#include "pto/sim/core_context.hpp"

static thread_local pto::sim::CoreContext *g_core = nullptr;
extern "C" __attribute__((visibility("default"))) void pto_sim_bind_core(pto::sim::CoreContext *ctx) {
  g_core = ctx;
}
static inline ChipTensor *tensorArg(int64_t *args, int i) {
  return reinterpret_cast<ChipTensor *>(args[i]);
}
template <typename F> static void forEach2d(const ChipTensor *t, F f) {
  const uint32_t rows = t->ndims >= 2 ? t->shapes[0] : 1;
  const uint32_t cols = t->ndims >= 2 ? t->shapes[1] : t->shapes[0];
  const uint32_t rs = t->ndims >= 2 ? t->strides[0] : 0;
  const uint32_t cs = t->ndims >= 2 ? t->strides[1] : t->strides[0];
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c)
      f(r, c, uint64_t(r) * rs + uint64_t(c) * cs);
}
)PTO";

// out = in + 1 (2-d views of the same shape).
const char *kAddOne = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  const ChipTensor *in = tensorArg(args, 0);
  const ChipTensor *out = tensorArg(args, 1);
  const float *a = in->data<float>();
  float *b = out->data<float>();
  forEach2d(in, [&](uint32_t r, uint32_t c, uint64_t off) {
    b[uint64_t(r) * (out->ndims >= 2 ? out->strides[0] : 0) + uint64_t(c) * out->strides[out->ndims - 1]] = a[off] + 1.0f;
  });
}
)PTO";

// out = in * scalar0 (float)
const char *kScale = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  const ChipTensor *in = tensorArg(args, 0);
  const ChipTensor *out = tensorArg(args, 1);
  const float s = from_u64<float>(uint64_t(args[2]));
  const float *a = in->data<float>();
  float *b = out->data<float>();
  forEach2d(in, [&](uint32_t r, uint32_t c, uint64_t off) {
    b[uint64_t(r) * out->strides[0] + uint64_t(c) * out->strides[1]] = a[off] * s;
  });
}
)PTO";

// Sleep scalar1 milliseconds, then fill tensor 0 with scalar0 (float).
// FILL_NT tensors come before the scalars (default 1).
const char *kFillSlow = R"PTO(
#ifndef FILL_NT
#define FILL_NT 1
#endif
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  const ChipTensor *out = tensorArg(args, 0);
  const float v = from_u64<float>(uint64_t(args[FILL_NT]));
  ::usleep(useconds_t(args[FILL_NT + 1]) * 1000);
  float *b = out->data<float>();
  forEach2d(out, [&](uint32_t, uint32_t, uint64_t off) { b[off] = v; });
}
)PTO";

// Raise through the core context (as TASSIGN does on overflow).
const char *kRaise = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *) {
  g_core->raise(g_core, "tile of 300000 bytes at offset 0 overflows UB (capacity 196608 bytes)");
}
)PTO";

// Throw a plain C++ exception.
const char *kThrow = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *) {
  throw std::runtime_error("plain exception from a kernel");
}
)PTO";

// Barrier through host memory: tensor 0 is an int32[8] control block.
// Each instance increments ctl[0], records itself, and waits (bounded) until
// ctl[0] reaches scalar0; it raises when the others never show up.
// BARRIER_NT tensors come before the scalar (default 1).
const char *kBarrier = R"PTO(
#ifndef BARRIER_NT
#define BARRIER_NT 1
#endif
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  int32_t *ctl = tensorArg(args, 0)->data<int32_t>();
  const int32_t expected = int32_t(args[BARRIER_NT]);
  if (expected < 1 || expected > 3)
    g_core->raise(g_core, "bad barrier count");
  __atomic_add_fetch(&ctl[0], 1, __ATOMIC_SEQ_CST);
#ifdef __DAV_CUBE__
  __atomic_store_n(&ctl[1], 1, __ATOMIC_SEQ_CST);
  if (g_core->base[int(pto::sim::Space::L0C)] == nullptr || g_core->base[int(pto::sim::Space::UB)] != nullptr)
    g_core->raise(g_core, "AIC core has the wrong arenas");
#else
  __atomic_store_n(&ctl[2 + get_sub_block_id(args)], 10 + get_sub_block_id(args), __ATOMIC_SEQ_CST);
  if (g_core->base[int(pto::sim::Space::UB)] == nullptr || g_core->capacity[int(pto::sim::Space::UB)] != 196608)
    g_core->raise(g_core, "AIV core has the wrong arenas");
#endif
  for (int i = 0; i < 20000 && __atomic_load_n(&ctl[0], __ATOMIC_SEQ_CST) < expected; ++i)
    ::usleep(500);
  if (__atomic_load_n(&ctl[0], __ATOMIC_SEQ_CST) < expected)
    g_core->raise(g_core, "barrier timed out: parts did not run concurrently");
}
)PTO";

// SPMD: out[block_idx] = 1000 * block_num + block_idx (int32 vector).
const char *kSpmd = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  int32_t *out = tensorArg(args, 0)->data<int32_t>();
  out[get_block_idx(args)] = 1000 * get_block_num(args) + get_block_idx(args);
}
)PTO";

std::string kernelSource(const char *body) {
  return std::string(kKernelPrelude) + body;
}

KernelSource aivKernel(int id, const std::string &name, const char *body) {
  KernelSource k;
  k.funcId = id;
  k.name = name;
  k.coreType = CoreType::AIV;
  k.sourceText = kernelSource(body);
  return k;
}

KernelSource aicKernel(int id, const std::string &name, const char *body) {
  KernelSource k = aivKernel(id, name, body);
  k.coreType = CoreType::AIC;
  return k;
}

/// Compile and load; fails the test (and returns false) on error.
::testing::AssertionResult build(const std::string &orchName,
                                 const std::string &orch,
                                 std::vector<KernelSource> kernels,
                                 LoadedProgram &out) {
  ProgramSources ps;
  ps.orchestrationName = orchName;
  ps.orchestrationText = orch;
  ps.kernels = std::move(kernels);
  Status s = buildProgram(ps, compileOptions(), out);
  if (!s)
    return ::testing::AssertionFailure() << s.message;
  return ::testing::AssertionSuccess();
}

std::vector<float> iota(size_t n, float start = 0.0f) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = start + float(i);
  return v;
}

} // namespace

//===----------------------------------------------------------------------===//
// Layouts and device specs
//===----------------------------------------------------------------------===//

TEST(ChipTensor, Layout) {
  EXPECT_EQ(sizeof(ChipTensor), 128u);
  EXPECT_EQ(alignof(ChipTensor), 64u);
  EXPECT_EQ(offsetof(ChipTensor, buffer), 0u);
  EXPECT_EQ(offsetof(ChipTensor, buffer.addr), 0u);
  EXPECT_EQ(offsetof(ChipTensor, buffer.size), 8u);
  EXPECT_EQ(offsetof(ChipTensor, owner_task_id), 16u);
  EXPECT_EQ(offsetof(ChipTensor, start_offset), 24u);
  EXPECT_EQ(offsetof(ChipTensor, version), 32u);
  EXPECT_EQ(offsetof(ChipTensor, ndims), 36u);
  EXPECT_EQ(offsetof(ChipTensor, dtype), 40u);
  EXPECT_EQ(offsetof(ChipTensor, manual_dep), 41u);
  EXPECT_EQ(offsetof(ChipTensor, is_contiguous), 42u);
  EXPECT_EQ(offsetof(ChipTensor, address_space), 43u);
  EXPECT_EQ(offsetof(ChipTensor, shapes), 44u);
  EXPECT_EQ(offsetof(ChipTensor, extent_elem_cache), 64u);
  EXPECT_EQ(offsetof(ChipTensor, strides), 72u);
  EXPECT_TRUE(std::is_trivially_copyable<ChipTensor>::value);
  EXPECT_EQ(sizeof(DataType), 1u);
  EXPECT_EQ(static_cast<int>(DataType::BOOL), 11);
  EXPECT_EQ(get_element_size(DataType::BFLOAT16), 2u);
}

TEST(ChipTensor, View) {
  ChipTensor t;
  std::memset(&t, 0, sizeof(t));
  t.buffer.addr = 0x1000;
  t.dtype = DataType::FLOAT32;
  t.ndims = 2;
  t.shapes[0] = 8;
  t.shapes[1] = 16;
  t.start_offset = 5;
  t.set_row_major_strides();
  t.refresh();
  EXPECT_EQ(t.strides[0], 16u);
  EXPECT_EQ(t.strides[1], 1u);
  EXPECT_TRUE(t.is_contiguous);
  EXPECT_EQ(t.extent_elem_cache, 128u);

  uint32_t shapes[2] = {4, 8}, offsets[2] = {2, 4};
  ChipTensor v = t.view(shapes, offsets);
  EXPECT_EQ(v.ndims, 2u);
  EXPECT_EQ(v.start_offset, 5u + 2 * 16 + 4);
  EXPECT_EQ(v.shapes[0], 4u);
  EXPECT_EQ(v.shapes[1], 8u);
  EXPECT_EQ(v.strides[0], 16u);
  EXPECT_EQ(v.strides[1], 1u);
  EXPECT_FALSE(v.is_contiguous);
  EXPECT_EQ(v.extent_elem_cache, 3u * 16 + 7 + 1);
  EXPECT_EQ(v.buffer.addr, t.buffer.addr);

  uint32_t rows[2] = {3, 16}, rowOff[2] = {4, 0};
  ChipTensor r = t.view(rows, rowOff);
  EXPECT_EQ(r.start_offset, 5u + 64);
  EXPECT_TRUE(r.is_contiguous);

  // A view of a view composes offsets.
  uint32_t s2[2] = {2, 2}, o2[2] = {1, 1};
  EXPECT_EQ(v.view(s2, o2).start_offset, v.start_offset + 17);

  ChipTensor tr = t.transpose(0, 1);
  EXPECT_EQ(tr.shapes[0], 16u);
  EXPECT_EQ(tr.strides[0], 1u);
  EXPECT_FALSE(tr.is_contiguous);
  uint32_t flat[1] = {128};
  ChipTensor re = t.reshape(flat, 1);
  EXPECT_EQ(re.ndims, 1u);
  EXPECT_EQ(re.strides[0], 1u);
  EXPECT_TRUE(re.is_contiguous);
}

TEST(OrchestrationApi, ScalarsAndArgs) {
  EXPECT_EQ(from_u64<float>(to_u64(1.5f)), 1.5f);
  EXPECT_EQ(from_u64<double>(to_u64(-2.25)), -2.25);
  EXPECT_EQ(from_u64<int32_t>(to_u64(int32_t(-7))), -7);
  EXPECT_EQ(to_u64(int32_t(-1)), 0xffffffffull); // zero-extended

  PTO2TaskId id;
  EXPECT_FALSE(id.is_valid());
  EXPECT_FALSE(PTO2TaskId::invalid().is_valid());
  EXPECT_TRUE(PTO2TaskId::from_raw(3).is_valid());

  ChipTensor t{};
  CoreTaskArgs a;
  a.add_input(t);
  a.add_scalar(1.0f);
  EXPECT_FALSE(a.has_error());
  a.add_inout(t); // tensor after scalar
  EXPECT_TRUE(a.has_error());

  CoreTaskArgs b;
  for (int i = 0; i < 33; ++i)
    b.add_input(t);
  EXPECT_TRUE(b.has_error());
  CoreTaskArgs c;
  for (int i = 0; i < 17; ++i)
    c.add_scalar(uint64_t(i));
  EXPECT_TRUE(c.has_error());
  EXPECT_EQ(sizeof(MixedKernels), 3 * sizeof(int));
  MixedKernels mk{1, 2, INVALID_KERNEL_ID};
  EXPECT_EQ(mk.aiv1, -1);
}

TEST(DeviceSpec, Platforms) {
  auto a = DeviceSpec::forPlatform("a2a3sim");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->numAic, 24);
  EXPECT_EQ(a->numAiv, 48);
  EXPECT_EQ(a->arch, pto::sim::Arch::A2A3);
  EXPECT_EQ(a->capacityOf(pto::sim::Space::UB), 196608u);
  EXPECT_EQ(a->capacityOf(pto::sim::Space::L0C), 131072u);
  EXPECT_EQ(a->capacityOf(pto::sim::Space::BIAS), 1024u);
  auto b = DeviceSpec::forPlatform("a5sim");
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(b->numAic, 36);
  EXPECT_EQ(b->numAiv, 72);
  EXPECT_EQ(b->capacityOf(pto::sim::Space::UB), 262144u);
  EXPECT_EQ(b->capacityOf(pto::sim::Space::L0C), 262144u);
  EXPECT_EQ(b->capacityOf(pto::sim::Space::L1), 524288u);
  EXPECT_FALSE(DeviceSpec::forPlatform("a3").has_value());
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

TEST(Compile, ErrorNamesFileAndCompilerMessage) {
  CompileJob job;
  job.name = "bad_kernel.cpp";
  job.sourceText = "int f() { return undeclared_identifier_xyz; }\n";
  job.kind = CompileKind::AivKernel;
  CompileResult r =
      compileSharedObjects({job}, compileOptions(freshDir("err")));
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.objects.size(), 1u);
  EXPECT_FALSE(r.objects[0].ok());
  EXPECT_NE(r.error.find("bad_kernel.cpp"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("undeclared_identifier_xyz"), std::string::npos)
      << r.error;
  EXPECT_NE(r.error.find("error"), std::string::npos) << r.error;
}

TEST(Compile, ErrorInSourceFile) {
  std::string dir = freshDir("errfile");
  std::string path = dir + "/broken_orch.cpp";
  std::ofstream(path)
      << "#include \"runtime.h\"\nvoid g() { no_such_function_abc(); }\n";
  CompileJob job;
  job.sourcePath = path;
  CompileResult r = compileSharedObjects({job}, compileOptions(dir + "/cache"));
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find(path), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("no_such_function_abc"), std::string::npos) << r.error;
}

TEST(Compile, TimeoutKillsTheCompiler) {
  std::string dir = freshDir("timeout");
  std::string cc = dir + "/slowcc.sh";
  std::ofstream(cc) << "#!/bin/sh\nsleep 30\n";
  fs::permissions(cc, fs::perms::owner_all);
  CompileJob job;
  job.name = "slow.cpp";
  job.sourceText = "int x;\n";
  CompileOptions opts = compileOptions(dir + "/cache");
  opts.compiler = cc;
  opts.timeoutSeconds = 1;
  CompileResult r = compileSharedObjects({job}, opts);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("slow.cpp"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("timed out"), std::string::npos) << r.error;
}

// Two runs writing one output directory: the source compiled in place is
// rewritten while the compiler runs. Its object must not enter the cache
// under the key of the text read before.
TEST(Compile, SourceRewrittenDuringCompileStaysOutOfTheCache) {
  std::string dir = freshDir("rewritten");
  std::string path = dir + "/orch.cpp";
  std::ofstream(path) << "int first = 1;\n";
  std::string cc = dir + "/rewritingcc.sh";
  std::ofstream(cc) << "#!/bin/sh\necho 'int second = 2;' > " << path
                    << "\nexec c++ \"$@\"\n";
  fs::permissions(cc, fs::perms::owner_all);
  CompileJob job;
  job.sourcePath = path;
  CompileOptions opts = compileOptions(dir + "/cache");
  opts.compiler = cc;
  opts.precompiledHeaders = false;
  CompileResult r = compileSharedObjects({job}, opts);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("changed while it was compiled"), std::string::npos)
      << r.error;
  size_t objects = 0;
  for (const auto &entry : fs::directory_iterator(dir + "/cache"))
    objects += entry.path().extension() == ".so";
  EXPECT_EQ(objects, 0u);
}

/// A vector kernel that adds one.
static CompileJob addOneJob() {
  CompileJob job;
  job.name = "k.cpp";
  job.sourceText = kernelSource(kAddOne);
  job.kind = CompileKind::AivKernel;
  return job;
}

// A build cancelled before it starts compiles nothing.
TEST(Compile, CancelledBuildStartsNoCompiler) {
  std::string cache = freshDir("cancel");
  CompileJob job = addOneJob();
  std::atomic<bool> cancelled{true};
  CompileOptions opts = compileOptions(cache);
  opts.cancelled = &cancelled;
  CompileResult r = compileSharedObjects({job, job}, opts);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.compilerInvocations, 0u);
  EXPECT_EQ(r.objects[0].error, "cancelled");
  EXPECT_FALSE(fs::exists(fs::path(cache) / "tilelib"));
}

// The tile library's compiled part (the cube's product) is built once per
// cache and linked into each kernel; a job with flags of its own compiles it
// in its own command. Each kernel's product of 2x2 matrices is right.
TEST(Compile, TileLibraryObjectIsSharedAndLinked) {
  std::string cache = freshDir("tilelib");
  auto productKernel = [](int variant) {
    return "#include <pto/pto-inst.hpp>\n"
           "// variant " +
           std::to_string(variant) +
           "\n"
           "extern \"C\" __attribute__((visibility(\"default\"))) float "
           "probe() {\n"
           "  float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8}, c[4] = {};\n"
           "  pto::detail::gemm(a, b, c, 2, 2, 2);\n"
           "  return c[0] * 1000 + c[1] * 100 + c[2] * 10 + c[3];\n"
           "}\n";
  };
  std::vector<CompileJob> jobs(3);
  for (int i = 0; i < 3; ++i) {
    jobs[i].name = "product" + std::to_string(i) + ".cpp";
    jobs[i].sourceText = productKernel(i);
    jobs[i].kind = CompileKind::AicKernel;
  }
  jobs[2].extraFlags = {"-DPRODUCT_OWN_FLAGS=1"};
  CompileResult r = compileSharedObjects(jobs, compileOptions(cache));
  ASSERT_TRUE(r.ok) << r.error;
  size_t objects = 0;
  for (const auto &entry : fs::directory_iterator(fs::path(cache) / "tilelib"))
    objects += entry.path().extension() == ".o";
  EXPECT_EQ(objects, 1u);
  // [1 2; 3 4] x [5 6; 7 8] = [19 22; 43 50].
  for (const CompiledObject &object : r.objects) {
    void *handle = ::dlopen(object.soPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle, nullptr) << ::dlerror();
    auto probe = reinterpret_cast<float (*)()>(::dlsym(handle, "probe"));
    ASSERT_NE(probe, nullptr);
    EXPECT_EQ(probe(), 19 * 1000 + 22 * 100 + 43 * 10 + 50);
    ::dlclose(handle);
  }
}

TEST(Compile, CacheHitSkipsCompiler) {
  std::string cache = freshDir("cache");
  CompileJob aiv = addOneJob();
  CompileJob aic = aiv;
  aic.kind = CompileKind::AicKernel; // other flags: another object

  CompileResult first = compileSharedObjects({aiv, aic}, compileOptions(cache));
  ASSERT_TRUE(first.ok) << first.error;
  EXPECT_EQ(first.compilerInvocations, 2u);
  EXPECT_EQ(first.cacheHits, 0u);
  EXPECT_NE(first.objects[0].soPath, first.objects[1].soPath);
  EXPECT_TRUE(fs::exists(first.objects[0].soPath));

  CompileResult second =
      compileSharedObjects({aiv, aic}, compileOptions(cache));
  ASSERT_TRUE(second.ok) << second.error;
  EXPECT_EQ(second.compilerInvocations, 0u);
  EXPECT_EQ(second.cacheHits, 2u);
  EXPECT_TRUE(second.objects[0].cacheHit);
  EXPECT_EQ(second.objects[0].soPath, first.objects[0].soPath);

  // A different source (or flag) is a miss.
  CompileJob changed = aiv;
  changed.sourceText += "\n// changed\n";
  CompileResult third = compileSharedObjects({changed}, compileOptions(cache));
  ASSERT_TRUE(third.ok) << third.error;
  EXPECT_EQ(third.compilerInvocations, 1u);
  CompileJob flagged = aiv;
  flagged.extraFlags = {"-DEXTRA=1"};
  CompileResult fourth = compileSharedObjects({flagged}, compileOptions(cache));
  EXPECT_EQ(fourth.compilerInvocations, 1u);

  // No temporary files are left behind.
  for (const auto &e : fs::directory_iterator(cache))
    EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << e.path();
}

TEST(Compile, IdenticalJobsCompileOnce) {
  CompileJob a;
  a.name = "same.cpp";
  a.sourceText = kernelSource(kSpmd);
  a.kind = CompileKind::AivKernel;
  CompileResult r =
      compileSharedObjects({a, a, a}, compileOptions(freshDir("dup")));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.compilerInvocations, 1u);
  EXPECT_EQ(r.objects[2].soPath, r.objects[0].soPath);
}

// Paths of the precompiled headers under `cache`.
std::vector<std::string> precompiledHeaders(const std::string &cache) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(fs::path(cache) / "pch", ec), end;
       !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".gch" || it->path().extension() == ".pch")
      found.push_back(it->path().string());
  return found;
}

TEST(Compile, PrecompiledHeaderIsBuiltOnceAndUsed) {
  std::string dir = freshDir("pch");
  std::string cache = dir + "/cache";
  // A compiler that logs its command lines, so the test sees the header used.
  std::string cc = dir + "/logcc.sh";
  std::ofstream(cc) << "#!/bin/sh\necho \"$@\" >> " << dir
                    << "/log\nexec g++ \"$@\"\n";
  fs::permissions(cc, fs::perms::owner_all);
  CompileOptions opts = compileOptions(cache);
  opts.compiler = cc;

  CompileJob a;
  a.name = "a.cpp";
  a.sourceText = kernelSource(kAddOne);
  a.kind = CompileKind::AivKernel;
  CompileJob b = a;
  b.name = "b.cpp";
  b.sourceText += "\n// another kernel with the same headers\n";

  CompileResult first = compileSharedObjects({a}, opts);
  ASSERT_TRUE(first.ok) << first.error;
  EXPECT_EQ(first.precompiledHeaderBuilds, 1u);
  ASSERT_EQ(precompiledHeaders(cache).size(), 1u);
  CompileResult second = compileSharedObjects({b}, opts);
  ASSERT_TRUE(second.ok) << second.error;
  EXPECT_EQ(second.precompiledHeaderBuilds, 0u);
  EXPECT_EQ(second.compilerInvocations, 1u);

  std::ifstream logFile(dir + "/log");
  std::string line, last;
  unsigned headerBuilds = 0;
  while (std::getline(logFile, line)) {
    headerBuilds += line.find("c++-header") != std::string::npos;
    last = line;
  }
  EXPECT_EQ(headerBuilds, 1u);
  EXPECT_NE(
      last.find(
          "-include " +
          fs::path(precompiledHeaders(cache)[0]).replace_extension().string()),
      std::string::npos)
      << last;

  // Other flags (another core type) need their own header.
  CompileJob aic = a;
  aic.kind = CompileKind::AicKernel;
  CompileResult third = compileSharedObjects({aic}, opts);
  ASSERT_TRUE(third.ok) << third.error;
  EXPECT_EQ(third.precompiledHeaderBuilds, 1u);
  EXPECT_EQ(precompiledHeaders(cache).size(), 2u);

  // Switched off, none is built or used.
  CompileJob c = a;
  c.sourceText += "\n// a third kernel\n";
  opts.precompiledHeaders = false;
  std::string offCache = dir + "/off";
  opts.cacheDir = offCache;
  CompileResult off = compileSharedObjects({c}, opts);
  ASSERT_TRUE(off.ok) << off.error;
  EXPECT_EQ(off.precompiledHeaderBuilds, 0u);
  EXPECT_TRUE(precompiledHeaders(offCache).empty());
}

TEST(Compile, BrokenHeaderIsReportedByTheSource) {
  std::string cache = freshDir("pchbad");
  CompileJob job;
  job.name = "needs_missing.cpp";
  job.sourceText = "#include <cstdint>\n#include <no_such_header_qq.h>\n"
                   "int f() { return 1; }\n";
  job.kind = CompileKind::AivKernel;
  CompileResult r = compileSharedObjects({job}, compileOptions(cache));
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.precompiledHeaderBuilds, 1u);
  EXPECT_NE(r.error.find("needs_missing.cpp"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("no_such_header_qq.h"), std::string::npos) << r.error;
  EXPECT_TRUE(precompiledHeaders(cache).empty());
  std::error_code ec;
  for (fs::recursive_directory_iterator it(cache, ec), end; !ec && it != end;
       it.increment(ec))
    EXPECT_EQ(it->path().string().find(".tmp"), std::string::npos)
        << it->path();
}

TEST(Compile, HeaderNextToTheSourceEndsThePrelude) {
  // A quoted include that resolves beside the source would resolve elsewhere
  // from the cache, so the precompiled header stops before it.
  std::string dir = freshDir("pchlocal");
  std::ofstream(dir + "/local.h") << "#define LOCAL_VALUE 7\n";
  std::ofstream(dir + "/uses_local.cpp")
      << "// leading comment\n\n#include <cstdint>\n#include \"local.h\"\n"
         "extern \"C\" int64_t value() { return LOCAL_VALUE; }\n";
  CompileJob job;
  job.sourcePath = dir + "/uses_local.cpp";
  CompileResult r = compileSharedObjects({job}, compileOptions(dir + "/cache"));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.precompiledHeaderBuilds, 1u);
  std::vector<std::string> headers = precompiledHeaders(dir + "/cache");
  ASSERT_EQ(headers.size(), 1u);
  std::ifstream prelude(fs::path(headers[0]).replace_extension());
  std::string text((std::istreambuf_iterator<char>(prelude)),
                   std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "#include <cstdint>\n");
}

TEST(Compile, CacheDirFromEnvironment) {
  const char *old = std::getenv("PYPTO_CACHE_DIR");
  std::string saved = old ? old : "";
  ::setenv("PYPTO_CACHE_DIR", "/tmp/x-pypto-cache", 1);
  EXPECT_EQ(resolveCacheDir(CompileOptions{}), "/tmp/x-pypto-cache");
  ::unsetenv("PYPTO_CACHE_DIR");
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  std::string savedXdg = xdg ? xdg : "";
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(resolveCacheDir(CompileOptions{}), "/tmp/xdg/pypto-mlir");
  if (savedXdg.empty())
    ::unsetenv("XDG_CACHE_HOME");
  else
    ::setenv("XDG_CACHE_HOME", savedXdg.c_str(), 1);
  if (!saved.empty())
    ::setenv("PYPTO_CACHE_DIR", saved.c_str(), 1);
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

TEST(Load, MissingSymbolsNameTheFile) {
  CompileJob orch;
  orch.name = "orch_ok.cpp";
  orch.sourceText = orchSource(0, "(void)orch_args;");
  CompileJob noHook;
  noHook.name = "no_hook.cpp";
  noHook.sourceText = "extern \"C\" void kernel_entry(long long*) {}\n";
  noHook.kind = CompileKind::AivKernel;
  CompileResult r = compileSharedObjects({orch, noHook}, compileOptions());
  ASSERT_TRUE(r.ok) << r.error;

  LoadedProgram p;
  Status s =
      loadProgram(r.objects[0].soPath,
                  {{0, "no_hook", CoreType::AIV, r.objects[1].soPath}}, p);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("pto_sim_bind_core"), std::string::npos)
      << s.message;
  EXPECT_NE(s.message.find(r.objects[1].soPath), std::string::npos)
      << s.message;
  EXPECT_NE(s.message.find("no_hook"), std::string::npos) << s.message;

  // A kernel object given as the orchestration.
  s = loadProgram(r.objects[1].soPath, {}, p);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("aicpu_orchestration_config"), std::string::npos)
      << s.message;

  s = loadProgram("/nonexistent/orch.so", {}, p);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("/nonexistent/orch.so"), std::string::npos);
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

// pypto's golden orchestration shape, verbatim apart from the kernel count.
TEST(Run, GoldenOrchestrationShape) {
  const std::string orch = R"PTO(#include "runtime.h"
#include <iostream>
extern "C" {
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 3, };
}
__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    // External tensors
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    const ChipTensor& ext_b = orch_args.tensor(1).ref();
    const ChipTensor& ext_d = orch_args.tensor(2).ref();
    PTO2_SCOPE() {
        uint32_t c_ci_shapes[2] = {16, 16};
        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
        const ChipTensor& c = alloc_0.get_ref(0);
        // Task 0: kernel_add
        CoreTaskArgs params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_input(ext_b);
        params_t0.add_output(c);
        rt_submit_aiv_task(0, params_t0);
        // Task 1: kernel_add
        CoreTaskArgs params_t1;
        params_t1.add_input(c);
        params_t1.add_input(ext_b);
        params_t1.add_output(ext_d);
        rt_submit_aiv_task(0, params_t1);
    }
}
}  // extern "C"
)PTO";
  const char *kernelAdd = R"PTO(
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *args) {
  const ChipTensor *a = tensorArg(args, 0), *b = tensorArg(args, 1), *c = tensorArg(args, 2);
  forEach2d(a, [&](uint32_t, uint32_t, uint64_t off) {
    c->data<float>()[off] = a->data<float>()[off] + b->data<float>()[off];
  });
}
)PTO";
  LoadedProgram prog;
  ASSERT_TRUE(build("golden_orch.cpp", orch,
                    {aivKernel(0, "kernel_add", kernelAdd)}, prog));
  std::vector<float> a = iota(256), b(256, 2.0f), d(256, -1.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(a.data(), {16, 16}, DataType::FLOAT32),
      HostArg::tensor(b.data(), {16, 16}, DataType::FLOAT32),
      HostArg::tensor(d.data(), {16, 16}, DataType::FLOAT32)};
  RunOptions deferred;
  deferred.deferDispatch =
      true; // every producer is unfinished at submit: exact edges
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, deferred, &stats);
  ASSERT_TRUE(s) << s.message;
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(d[i], float(i) + 4.0f) << i;
  EXPECT_EQ(stats.tasksSubmitted, 2u);
  EXPECT_EQ(stats.dependencyEdges, 1u); // RAW on c
}

// Kernel 1 writes out = in + 1 on a view; kernel 2 depends on it (RAW), and
// runtime-allocated outputs flow between tasks.
TEST(Run, ViewsAndChainedKernels) {
  const std::string orch = orchSource(4, R"PTO(
    const ChipTensor& in = orch_args.tensor(0).ref();
    const ChipTensor& out = orch_args.tensor(1).ref();
    const ChipTensor& out2 = orch_args.tensor(2).ref();
    float factor = from_u64<float>(orch_args.scalar(0));
    PTO2_SCOPE() {
        uint32_t tmp_shapes[2] = {8, 16};
        TensorCreateInfo tmp_ci(tmp_shapes, 2, DataType::FLOAT32);
        TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
        const ChipTensor& tmp = alloc_0.get_ref(0);
        uint32_t vs[2] = {4, 16}, vo[2] = {2, 0};
        ChipTensor in_v = in.view(vs, vo);
        ChipTensor tmp_v = tmp.view(vs, vo);
        CoreTaskArgs p0;
        p0.add_input(in_v);
        p0.add_output(tmp_v);
        rt_submit_aiv_task(0, p0);
        CoreTaskArgs p1;
        p1.add_input(tmp);
        p1.add_output(out);
        p1.add_scalar(factor);
        rt_submit_aiv_task(1, p1);
        // Runtime-allocated output consumed by a later task.
        TensorCreateInfo ci(tmp_shapes, 2, DataType::FLOAT32);
        CoreTaskArgs p2;
        p2.add_input(out);
        p2.add_output(ci);
        TaskOutputTensors t2 = rt_submit_aiv_task(0, p2);
        CoreTaskArgs p3;
        p3.add_input(t2.get_ref(0));
        p3.add_output(out2);
        rt_submit_aiv_task(0, p3);
        if (!t2.task_id().is_valid() || t2.get_ref(0).owner_task_id != t2.task_id().raw)
            rt_report_fatal(1, "bad task id");
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build(
      "chain_orch.cpp", orch,
      {aivKernel(0, "add_one", kAddOne), aivKernel(1, "scale", kScale)}, prog));
  std::vector<float> in = iota(128), out(128, -1.0f), out2(128, -1.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(in.data(), {8, 16}, DataType::FLOAT32),
      HostArg::tensor(out.data(), {8, 16}, DataType::FLOAT32),
      HostArg::tensor(out2.data(), {8, 16}, DataType::FLOAT32),
      HostArg::scalarOf(2.0f)};
  RunOptions deferred;
  deferred.deferDispatch = true;
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, deferred, &stats);
  ASSERT_TRUE(s) << s.message;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 16; ++c) {
      const int i = r * 16 + c;
      const float expected = (r >= 2 && r < 6) ? (in[i] + 1.0f) * 2.0f : 0.0f;
      ASSERT_EQ(out[i], expected) << "r=" << r << " c=" << c;
      ASSERT_EQ(out2[i], expected + 2.0f) << "r=" << r << " c=" << c;
    }
  EXPECT_EQ(stats.tasksSubmitted, 4u);
  EXPECT_EQ(stats.blocksExecuted, 4u);
  // p1 after p0 (RAW), p2 after p1 (RAW), p3 after p2 (RAW).
  EXPECT_EQ(stats.dependencyEdges, 3u);

  // The program can run again; a wrong argument count is an error.
  s = runProgram(a2a3(), prog, args);
  ASSERT_TRUE(s) << s.message;
  std::vector<HostArg> fewer(args.begin(), args.begin() + 3);
  s = runProgram(a2a3(), prog, fewer);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("expects 4 arguments, got 3"), std::string::npos)
      << s.message;
}

// WAR and WAW, end to end: the first task is slow, so a missing edge would
// let the second overtake it.
TEST(Run, WriteAfterReadAndWriteAfterWrite) {
  const std::string orch = orchSource(3, R"PTO(
    const ChipTensor& a = orch_args.tensor(0).ref();
    const ChipTensor& b = orch_args.tensor(1).ref();
    const ChipTensor& x = orch_args.tensor(2).ref();
    PTO2_SCOPE() {
        // WAR: t0 reads a (slowly, through a slow writer of b first).
        CoreTaskArgs p0; p0.add_output(b); p0.add_scalar(0.0f); p0.add_scalar(uint64_t(60));
        rt_submit_aiv_task(1, p0);               // b = 0 after 60 ms
        CoreTaskArgs p1; p1.add_input(a); p1.add_output(b);
        rt_submit_aiv_task(0, p1);               // b = a + 1   (WAW on b)
        CoreTaskArgs p2; p2.add_output(a); p2.add_scalar(100.0f); p2.add_scalar(uint64_t(0));
        rt_submit_aiv_task(1, p2);               // a = 100     (WAR on a)
        // WAW: slow write of 1, then fast write of 2.
        CoreTaskArgs p3; p3.add_output(x); p3.add_scalar(1.0f); p3.add_scalar(uint64_t(60));
        rt_submit_aiv_task(1, p3);
        CoreTaskArgs p4; p4.add_output(x); p4.add_scalar(2.0f); p4.add_scalar(uint64_t(0));
        rt_submit_aiv_task(1, p4);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build(
      "war_orch.cpp", orch,
      {aivKernel(0, "add_one", kAddOne), aivKernel(1, "fill_slow", kFillSlow)},
      prog));
  for (bool defer : {false, true}) {
    std::vector<float> a = iota(64), b(64, -1.0f), x(64, -1.0f);
    std::vector<HostArg> args = {
        HostArg::tensor(a.data(), {8, 8}, DataType::FLOAT32),
        HostArg::tensor(b.data(), {8, 8}, DataType::FLOAT32),
        HostArg::tensor(x.data(), {8, 8}, DataType::FLOAT32)};
    RunOptions opts;
    opts.deferDispatch = defer;
    RunStats stats;
    Status s = runProgram(a2a3(), prog, args, opts, &stats);
    ASSERT_TRUE(s) << s.message;
    for (int i = 0; i < 64; ++i) {
      ASSERT_EQ(b[i], float(i) + 1.0f) << i;
      ASSERT_EQ(a[i], 100.0f) << i;
      ASSERT_EQ(x[i], 2.0f) << i;
    }
    if (defer) {
      EXPECT_EQ(stats.dependencyEdges, 3u); // p1<-p0, p2<-p1, p4<-p3
    }
  }
}

// Tasks on disjoint boxes of one buffer get no edge and can run at the same
// time: each waits (bounded) for the other at a barrier.
TEST(Run, DisjointViewsRunConcurrently) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& ctl = orch_args.tensor(0).ref();
    const ChipTensor& data = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        uint32_t s[2] = {16, 8}, left[2] = {0, 0}, right[2] = {0, 8};
        ChipTensor l = data.view(s, left), r = data.view(s, right);
        CoreTaskArgs p0; p0.add_no_dep(ctl); p0.add_output(l); p0.add_scalar(uint64_t(2));
        rt_submit_aiv_task(0, p0);
        CoreTaskArgs p1; p1.add_no_dep(ctl); p1.add_output(r); p1.add_scalar(uint64_t(2));
        rt_submit_aiv_task(0, p1);
    }
)PTO");
  KernelSource barrier = aivKernel(0, "barrier", kBarrier);
  barrier.sourceText = "#define BARRIER_NT 2\n" + barrier.sourceText;
  LoadedProgram prog;
  ASSERT_TRUE(build("disjoint_orch.cpp", orch, {barrier}, prog));
  std::vector<int32_t> ctl(8, 0);
  std::vector<float> data(256, 0.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(ctl.data(), {8}, DataType::INT32),
      HostArg::tensor(data.data(), {16, 16}, DataType::FLOAT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(ctl[0], 2);
  EXPECT_EQ(stats.dependencyEdges, 0u);
  EXPECT_EQ(stats.maxConcurrentKernels, 2u);
}

// Explicit edges in a MANUAL scope; no-dep tensors take no part; dummy tasks.
TEST(Run, ExplicitEdgesNoDepAndDummy) {
  const std::string orch = orchSource(3, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    const ChipTensor& z = orch_args.tensor(2).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p0; p0.add_output(x); p0.add_scalar(5.0f); p0.add_scalar(uint64_t(50));
        TaskOutputTensors t0 = rt_submit_aiv_task(1, p0);     // x = 5 after 50 ms
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            PTO2TaskId deps[1] = {t0.task_id()};
            CoreTaskArgs p1; p1.add_input(x); p1.add_output(y);
            p1.set_dependencies(deps, 1);
            rt_submit_aiv_task(0, p1);                          // y = x + 1: explicit edge only
        }
        CoreTaskArgs p2; p2.add_output(z); p2.add_no_dep(x); p2.add_scalar(9.0f); p2.add_scalar(uint64_t(50));
        rt_submit_aiv_task(2, p2);                              // z = 9: no edge (x is no-dep)
        CoreTaskArgs p3; p3.add_inout(z);
        TaskOutputTensors t3 = rt_submit_dummy_task(p3);        // waits for p2
        CoreTaskArgsWithDeps<2> p4; p4.add_input(y); p4.add_output(z);
        p4.add_dep(t3.task_id());
        rt_submit_aiv_task(0, p4);                              // z = y + 1, after p3 and p1
    }
)PTO");
  KernelSource fill2 = aivKernel(2, "fill_slow2", kFillSlow);
  fill2.sourceText = "#define FILL_NT 2\n" + fill2.sourceText;
  LoadedProgram prog;
  ASSERT_TRUE(build("explicit_orch.cpp", orch,
                    {aivKernel(0, "add_one", kAddOne),
                     aivKernel(1, "fill_slow", kFillSlow), fill2},
                    prog));
  for (bool defer : {false, true}) {
    std::vector<float> x(16, 0.0f), y(16, -1.0f), z(16, -1.0f);
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {4, 4}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {4, 4}, DataType::FLOAT32),
        HostArg::tensor(z.data(), {4, 4}, DataType::FLOAT32)};
    RunOptions opts;
    opts.deferDispatch = defer;
    RunStats stats;
    Status s = runProgram(a2a3(), prog, args, opts, &stats);
    ASSERT_TRUE(s) << s.message;
    for (int i = 0; i < 16; ++i) {
      ASSERT_EQ(x[i], 5.0f);
      ASSERT_EQ(y[i], 6.0f);
      ASSERT_EQ(z[i], 7.0f);
    }
    if (defer) {
      // p1<-p0 (explicit), p3<-p2 (z), p4<-{p3 (explicit, WAW on z), p1 (RAW on
      // y)}.
      EXPECT_EQ(stats.dependencyEdges, 4u);
    }
    EXPECT_EQ(stats.tasksSubmitted, 5u);
    EXPECT_EQ(stats.blocksExecuted, 4u); // the dummy runs no kernel
  }
}

TEST(Run, MixedTaskPartsRunConcurrently) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& ctl = orch_args.tensor(0).ref();
    const ChipTensor& ctl2 = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p0; p0.add_inout(ctl); p0.add_scalar(uint64_t(3));
        rt_submit_task(MixedKernels{0, 1, 1}, p0);        // AIC + AIV0 + AIV1
        CoreTaskArgs p1; p1.add_inout(ctl2); p1.add_scalar(uint64_t(2));
        rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, p1);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("mix_orch.cpp", orch,
                    {aicKernel(0, "barrier_aic", kBarrier),
                     aivKernel(1, "barrier_aiv", kBarrier)},
                    prog));
  std::vector<int32_t> ctl(8, 0), ctl2(8, 0);
  std::vector<HostArg> args = {
      HostArg::tensor(ctl.data(), {8}, DataType::INT32),
      HostArg::tensor(ctl2.data(), {8}, DataType::INT32)};
  RunOptions opts;
  opts.workersPerType = 2;
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, opts, &stats);
  ASSERT_TRUE(s) << s.message;
  EXPECT_EQ(ctl[0], 3);
  EXPECT_EQ(ctl[1], 1);  // AIC part
  EXPECT_EQ(ctl[2], 10); // AIV lane 0
  EXPECT_EQ(ctl[3], 11); // AIV lane 1
  EXPECT_EQ(ctl2[0], 2);
  EXPECT_EQ(ctl2[1], 1);
  EXPECT_EQ(ctl2[2], 10);
  EXPECT_EQ(ctl2[3], 0);
  EXPECT_EQ(stats.blocksExecuted, 5u);
  EXPECT_LE(stats.aivWorkers, 2u);
  EXPECT_LE(stats.aicWorkers, 2u);
}

TEST(Run, SpmdBlocks) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& out = orch_args.tensor(0).ref();
    const ChipTensor& out2 = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p0; p0.add_output(out);
        p0.launch_spec.set_block_num(6);
        rt_submit_aiv_task(0, p0);
        CoreTaskArgs p1; p1.add_output(out2);
        p1.launch_spec.set_core_num(3);
        p1.launch_spec.set_require_sync_start(true);
        rt_submit_aiv_task(0, p1);
        if (rt_available_cluster_count() != 24 || rt_available_aiv_count() != 48)
            rt_report_fatal(2, "geometry %d %d", rt_available_cluster_count(), rt_available_aiv_count());
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(
      build("spmd_orch.cpp", orch, {aivKernel(0, "spmd", kSpmd)}, prog));
  std::vector<int32_t> out(6, -1), out2(3, -1);
  std::vector<HostArg> args = {
      HostArg::tensor(out.data(), {6}, DataType::INT32),
      HostArg::tensor(out2.data(), {3}, DataType::INT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_TRUE(s) << s.message;
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(out[i], 6000 + i);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(out2[i], 3000 + i);
  EXPECT_EQ(stats.blocksExecuted, 9u);
}

// The orchestration reads a produced element (waiting for its producer) and
// passes it on as a scalar.
TEST(Run, OrchestrationReadsTensorData) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p0; p0.add_output(x); p0.add_scalar(3.0f); p0.add_scalar(uint64_t(30));
        rt_submit_aiv_task(0, p0);
        uint32_t idx[2] = {1, 1};
        float v = get_tensor_data<float>(x, 2, idx);
        CoreTaskArgs p1; p1.add_output(y); p1.add_scalar(v * 2.0f); p1.add_scalar(uint64_t(0));
        rt_submit_aiv_task(0, p1);
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("getdata_orch.cpp", orch,
                    {aivKernel(0, "fill_slow", kFillSlow)}, prog));
  for (bool defer :
       {false, true}) { // a held-back producer is released by the wait
    std::vector<float> x(4, 0.0f), y(4, 0.0f);
    std::vector<HostArg> args = {
        HostArg::tensor(x.data(), {2, 2}, DataType::FLOAT32),
        HostArg::tensor(y.data(), {2, 2}, DataType::FLOAT32)};
    RunOptions opts;
    opts.deferDispatch = defer;
    Status s = runProgram(a2a3(), prog, args, opts);
    ASSERT_TRUE(s) << s.message;
    EXPECT_EQ(y[3], 6.0f);
  }
}

TEST(Run, KernelRaiseIsReportedByName) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    const ChipTensor& y = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p0; p0.add_inout(x);
        rt_submit_aiv_task(1, p0);                       // raises
        for (int i = 0; i < 50; ++i) {
            CoreTaskArgs p; p.add_input(x); p.add_output(y);
            rt_submit_aiv_task(0, p);                    // depend on the failed task
        }
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("raise_orch.cpp", orch,
                    {aivKernel(0, "add_one", kAddOne),
                     aivKernel(1, "overflowing_kernel", kRaise)},
                    prog));
  std::vector<float> x(16, 0.0f), y(16, -1.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(x.data(), {4, 4}, DataType::FLOAT32),
      HostArg::tensor(y.data(), {4, 4}, DataType::FLOAT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("kernel 'overflowing_kernel' (task "),
            std::string::npos)
      << s.message;
  EXPECT_NE(s.message.find("overflows UB"), std::string::npos) << s.message;
  for (float v : y)
    EXPECT_EQ(v, -1.0f); // dependent tasks never ran
  EXPECT_EQ(stats.blocksExecuted, 1u);

  // The program stays usable.
  s = runProgram(a2a3(), prog, args);
  EXPECT_FALSE(s);
}

TEST(Run, KernelExceptionIsReported) {
  const std::string orch = orchSource(1, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        for (int i = 0; i < 4; ++i) {
            CoreTaskArgs p; p.add_inout(x);
            p.launch_spec.set_block_num(4);
            rt_submit_aiv_task(0, p);
        }
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(
      build("throw_orch.cpp", orch, {aivKernel(0, "thrower", kThrow)}, prog));
  std::vector<float> x(4, 0.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(x.data(), {4}, DataType::FLOAT32)};
  Status s = runProgram(a2a3(), prog, args);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("kernel 'thrower' (task "), std::string::npos)
      << s.message;
  EXPECT_NE(s.message.find("plain exception from a kernel"), std::string::npos)
      << s.message;
}

TEST(Run, OrchestrationErrors) {
  const std::string orch = orchSource(1, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs p; p.add_inout(x);
        rt_submit_aic_task(0, p);   // kernel 0 is an AIV kernel
        CoreTaskArgs q; q.add_inout(x);
        rt_submit_aiv_task(0, q);   // ignored after the error
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(build("bad_orch.cpp", orch, {aivKernel(0, "spmd", kSpmd)}, prog));
  std::vector<int32_t> x(4, -1);
  std::vector<HostArg> args = {HostArg::tensor(x.data(), {4}, DataType::INT32)};
  RunStats stats;
  Status s = runProgram(a2a3(), prog, args, {}, &stats);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("'spmd'"), std::string::npos) << s.message;
  EXPECT_NE(s.message.find("aic slot"), std::string::npos) << s.message;
  EXPECT_EQ(stats.blocksExecuted, 0u);
  EXPECT_EQ(x[0], -1);
}

// Many tasks through a small window: back-pressure and worker reuse.
TEST(Run, ManyTasksSmallWindow) {
  const std::string orch = orchSource(2, R"PTO(
    const ChipTensor& a = orch_args.tensor(0).ref();
    const ChipTensor& b = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        for (uint32_t i = 0; i < 64; ++i) {
            PTO2_SCOPE() {
                uint32_t s[2] = {1, 16}, o[2] = {i, 0};
                ChipTensor av = a.view(s, o), bv = b.view(s, o);
                TensorCreateInfo ci(s, 2, DataType::FLOAT32);
                CoreTaskArgs p0; p0.add_input(av); p0.add_output(ci);
                TaskOutputTensors t = rt_submit_aiv_task(0, p0);
                CoreTaskArgs p1; p1.add_input(t.get_ref(0)); p1.add_output(bv);
                rt_submit_aiv_task(0, p1);
            }
        }
    }
)PTO");
  LoadedProgram prog;
  ASSERT_TRUE(
      build("many_orch.cpp", orch, {aivKernel(0, "add_one", kAddOne)}, prog));
  // A held-back run is released at the window; with a window of all 128
  // tasks it is released only when the orchestration ends.
  for (auto [defer, window] : {std::pair{false, 4u}, std::pair{true, 4u},
                               std::pair{true, 128u}}) {
    std::vector<float> a = iota(64 * 16), b(64 * 16, 0.0f);
    std::vector<HostArg> args = {
        HostArg::tensor(a.data(), {64, 16}, DataType::FLOAT32),
        HostArg::tensor(b.data(), {64, 16}, DataType::FLOAT32)};
    RunOptions opts;
    opts.taskWindow = window;
    opts.deferDispatch = defer;
    RunStats stats;
    Status s =
        runProgram(*DeviceSpec::forPlatform("a5sim"), prog, args, opts, &stats);
    ASSERT_TRUE(s) << s.message;
    for (size_t i = 0; i < b.size(); ++i)
      ASSERT_EQ(b[i], a[i] + 2.0f) << i;
    EXPECT_EQ(stats.tasksSubmitted, 128u);
    // One RAW edge per pair, unless the producer finished before its
    // consumer was submitted (no edge is needed then). Held back for the
    // whole run, every consumer meets its producer unfinished; the first
    // consumer always does (its producer cannot run yet). The data above
    // shows the order was kept either way.
    if (window == 128u)
      EXPECT_EQ(stats.dependencyEdges, 64u);
    else
      EXPECT_LE(stats.dependencyEdges, 64u);
    if (defer)
      EXPECT_GE(stats.dependencyEdges, 1u);
    EXPECT_LE(stats.aivWorkers,
              std::max(2u, std::thread::hardware_concurrency() + 1));
    EXPECT_EQ(stats.aicWorkers, 0u);
  }
}

// The real tile library's core hook: pto::sim::fail raises through the bound
// core.
TEST(Run, TileLibraryRaiseThroughBoundCore) {
  ASSERT_TRUE(fs::exists(fs::path(runtimeIncludeDir()) / "pto" / "pto-inst.hpp"))
      << "pto/pto-inst.hpp not found in " << runtimeIncludeDir();
  const std::string kernel = R"PTO(
#include <pto/pto-inst.hpp>
#include "tensor.h"
extern "C" __attribute__((visibility("default"))) void kernel_entry(int64_t *) {
  pto::sim::CoreContext *ctx = pto::sim::current();
  if (ctx->capacity[int(pto::sim::Space::UB)] != 262144)
    pto::sim::fail(ctx, "unexpected UB capacity %llu", (unsigned long long)ctx->capacity[0]);
  pto::sim::fail(ctx, "deliberate failure");
}
)PTO";
  const std::string orch = orchSource(1, R"PTO(
    const ChipTensor& x = orch_args.tensor(0).ref();
    PTO2_SCOPE() { CoreTaskArgs p; p.add_inout(x); rt_submit_aiv_task(0, p); }
)PTO");
  KernelSource k;
  k.funcId = 0;
  k.name = "tile_kernel";
  k.coreType = CoreType::AIV;
  k.sourceText = kernel;
  LoadedProgram prog;
  ASSERT_TRUE(build("tile_orch.cpp", orch, {k}, prog));
  std::vector<float> x(4, 0.0f);
  std::vector<HostArg> args = {
      HostArg::tensor(x.data(), {4}, DataType::FLOAT32)};
  Status s = runProgram(*DeviceSpec::forPlatform("a5sim"), prog, args);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message.find("kernel 'tile_kernel' (task "), std::string::npos)
      << s.message;
  EXPECT_NE(s.message.find("deliberate failure"), std::string::npos)
      << s.message;
}
