//===- RuntimeTestUtil.h - Helpers of the simulated-device tests -*- C++ -*-===//
//
// Building small programs from C++ strings (compiled with the host compiler,
// cached under $PYPTO_CACHE_DIR or /tmp), and setting environment variables
// for the duration of a test.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_UNITTESTS_RUNTIME_RUNTIMETESTUTIL_H
#define PYPTO_UNITTESTS_RUNTIME_RUNTIMETESTUTIL_H

#include "pypto/Runtime/Device.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

namespace pypto::runtime::testing {

inline std::string runtimeIncludeDir() {
#ifdef PYPTO_RUNTIME_INCLUDE_DIR_DEFAULT
  return PYPTO_RUNTIME_INCLUDE_DIR_DEFAULT;
#else
  return (std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() /
          "include" / "pypto" / "Runtime")
      .string();
#endif
}

inline std::string sharedCacheDir() {
  if (const char *d = std::getenv("PYPTO_CACHE_DIR"); d && *d)
    return d;
  return "/tmp/pypto-mlir-runtime-test-cache";
}

/// A fresh, empty directory.
inline std::string freshDir(const std::string &tag) {
  static int counter = 0;
  std::filesystem::path p = std::filesystem::temp_directory_path() /
                            ("pypto-rt-" + tag + "-" + std::to_string(::getpid()) + "-" +
                             std::to_string(counter++));
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p.string();
}

inline CompileOptions compileOptions(const std::string &cacheDir = sharedCacheDir()) {
  CompileOptions o;
  o.runtimeIncludeDir = runtimeIncludeDir();
  o.cacheDir = cacheDir;
  return o;
}

/// An orchestration source: `body` is the body of aicpu_orchestration_entry
/// (with `orch_args` in scope).
inline std::string orchSource(int expectedArgs, const std::string &body) {
  return "#include \"runtime.h\"\n"
         "extern \"C\" {\n"
         "__attribute__((visibility(\"default\")))\n"
         "PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {\n"
         "    (void)orch_args;\n"
         "    return PTO2OrchestrationConfig{ .expected_arg_count = " +
         std::to_string(expectedArgs) +
         ", };\n"
         "}\n"
         "__attribute__((visibility(\"default\")))\n"
         "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {\n" +
         body + "\n}\n}  // extern \"C\"\n";
}

inline KernelSource kernel(int id, const std::string &name, CoreType type,
                           const std::string &source) {
  KernelSource k;
  k.funcId = id;
  k.name = name;
  k.coreType = type;
  k.sourceText = source;
  return k;
}

/// Compile and load.
inline ::testing::AssertionResult build(const std::string &orchName, const std::string &orch,
                                        std::vector<KernelSource> kernels, LoadedProgram &out) {
  ProgramSources ps;
  ps.orchestrationName = orchName;
  ps.orchestrationText = orch;
  ps.kernels = std::move(kernels);
  Status s = buildProgram(ps, compileOptions(), out);
  if (!s)
    return ::testing::AssertionFailure() << s.message;
  return ::testing::AssertionSuccess();
}

inline DeviceSpec a2a3() { return *DeviceSpec::forPlatform("a2a3sim"); }
inline DeviceSpec a5() { return *DeviceSpec::forPlatform("a5sim"); }

/// Sets (or unsets, with nullopt) an environment variable while alive.
class ScopedEnv {
public:
  ScopedEnv(const char *name, std::optional<std::string> value) : name_(name) {
    if (const char *old = std::getenv(name))
      old_ = std::string(old);
    if (value)
      ::setenv(name, value->c_str(), 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  std::string name_;
  std::optional<std::string> old_;
};

inline bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

} // namespace pypto::runtime::testing

#endif // PYPTO_UNITTESTS_RUNTIME_RUNTIMETESTUTIL_H
