//===- Device.cpp - Device specs, loading and building programs -----------===//

#include "pypto/Runtime/Device.h"

#include <map>

#include <dlfcn.h>

namespace pypto::runtime {

using pto::sim::Space;

const char *coreTypeName(CoreType type) { return type == CoreType::AIC ? "aic" : "aiv"; }

std::optional<DeviceSpec> DeviceSpec::forPlatform(const std::string &platform) {
  DeviceSpec d;
  d.platform = platform;
  if (platform == "a2a3sim") {
    d.arch = pto::sim::Arch::A2A3;
  } else if (platform == "a5sim") {
    d.arch = pto::sim::Arch::A5;
  } else {
    return std::nullopt;
  }
  d.numAic = pto::sim::clusterCountOf(d.arch);
  d.numAiv = 2 * d.numAic;
  for (int s = 0; s < pto::sim::kNumSpaces; ++s)
    d.capacity[s] = pto::sim::capacityOf(d.arch, static_cast<Space>(s));
  return d;
}

bool DeviceSpec::hasSpace(CoreType type, Space space) {
  if (type == CoreType::AIV)
    return space == Space::UB;
  return space != Space::UB && space != Space::NumSpaces;
}

//===----------------------------------------------------------------------===//
// LoadedProgram
//===----------------------------------------------------------------------===//

LoadedProgram::LoadedProgram() : runMutex(std::make_shared<std::mutex>()) {}

LoadedProgram::~LoadedProgram() { reset(); }

LoadedProgram::LoadedProgram(LoadedProgram &&o) noexcept { *this = std::move(o); }

LoadedProgram &LoadedProgram::operator=(LoadedProgram &&o) noexcept {
  if (this == &o)
    return *this;
  reset();
  orchestrationPath = std::move(o.orchestrationPath);
  orchHandle = o.orchHandle;
  config = o.config;
  entry = o.entry;
  bindRuntime = o.bindRuntime;
  kernels = std::move(o.kernels);
  runMutex = std::move(o.runMutex);
  if (!runMutex)
    runMutex = std::make_shared<std::mutex>();
  o.orchHandle = nullptr;
  o.config = nullptr;
  o.entry = nullptr;
  o.bindRuntime = nullptr;
  o.kernels.clear();
  o.runMutex = std::make_shared<std::mutex>();
  return *this;
}

const LoadedKernel *LoadedProgram::kernel(int id) const {
  if (id < 0 || static_cast<size_t>(id) >= kernels.size() || !kernels[id].present)
    return nullptr;
  return &kernels[id];
}

void LoadedProgram::reset() {
  for (LoadedKernel &k : kernels)
    if (k.handle)
      ::dlclose(k.handle);
  kernels.clear();
  if (orchHandle)
    ::dlclose(orchHandle);
  orchHandle = nullptr;
  config = nullptr;
  entry = nullptr;
  bindRuntime = nullptr;
  orchestrationPath.clear();
}

namespace {

std::string dlerrorText() {
  const char *e = ::dlerror();
  return e ? e : "unknown dlopen error";
}

void *lookup(void *handle, const char *symbol, const std::string &what, const std::string &path,
             std::string &err) {
  ::dlerror();
  void *p = ::dlsym(handle, symbol);
  if (!p && err.empty())
    err = what + " '" + path + "' does not export '" + symbol + "'";
  return p;
}

/// One run mutex per dlopen handle: dlopen returns the same handle (and so
/// the same bound-runtime global) for the same object.
std::shared_ptr<std::mutex> runMutexFor(void *handle) {
  static std::mutex registryMutex;
  static std::map<void *, std::shared_ptr<std::mutex>> registry;
  std::lock_guard<std::mutex> lock(registryMutex);
  std::shared_ptr<std::mutex> &m = registry[handle];
  if (!m)
    m = std::make_shared<std::mutex>();
  return m;
}

} // namespace

Status loadProgram(const std::string &orchestrationSo, const std::vector<KernelInfo> &kernels,
                   LoadedProgram &out) {
  LoadedProgram prog;
  prog.orchestrationPath = orchestrationSo;
  prog.orchHandle = ::dlopen(orchestrationSo.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!prog.orchHandle)
    return Status::error("cannot load orchestration '" + orchestrationSo + "': " + dlerrorText());
  prog.runMutex = runMutexFor(prog.orchHandle);
  std::string err;
  const std::string what = "orchestration";
  prog.config = reinterpret_cast<OrchConfigFn>(
      lookup(prog.orchHandle, "aicpu_orchestration_config", what, orchestrationSo, err));
  prog.entry = reinterpret_cast<OrchEntryFn>(
      lookup(prog.orchHandle, "aicpu_orchestration_entry", what, orchestrationSo, err));
  prog.bindRuntime = reinterpret_cast<BindRuntimeFn>(
      lookup(prog.orchHandle, "framework_bind_runtime", what, orchestrationSo, err));
  if (!err.empty())
    return Status::error(err);

  for (const KernelInfo &info : kernels) {
    if (info.funcId < 0 || info.funcId > 65535)
      return Status::error("kernel '" + info.name + "': invalid func id " +
                           std::to_string(info.funcId));
    if (static_cast<size_t>(info.funcId) >= prog.kernels.size())
      prog.kernels.resize(info.funcId + 1);
    LoadedKernel &k = prog.kernels[info.funcId];
    if (k.present)
      return Status::error("kernels '" + k.info.name + "' and '" + info.name +
                           "' share func id " + std::to_string(info.funcId));
    k.present = true;
    k.info = info;
    k.handle = ::dlopen(info.soPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!k.handle)
      return Status::error("cannot load kernel '" + info.name + "' from '" + info.soPath +
                           "': " + dlerrorText());
    const std::string kwhat = "kernel '" + info.name + "' object";
    k.entry = reinterpret_cast<KernelEntryFn>(
        lookup(k.handle, "kernel_entry", kwhat, info.soPath, err));
    k.bindCore = reinterpret_cast<BindCoreFn>(
        lookup(k.handle, "pto_sim_bind_core", kwhat, info.soPath, err));
    if (!err.empty())
      return Status::error(err);
  }
  out = std::move(prog);
  return Status::success();
}

Status buildProgram(const ProgramSources &sources, const CompileOptions &options,
                    LoadedProgram &out, CompileResult *compileResult) {
  std::vector<CompileJob> jobs;
  CompileJob orch;
  orch.name = sources.orchestrationName;
  orch.sourcePath = sources.orchestrationPath;
  orch.sourceText = sources.orchestrationText;
  orch.kind = CompileKind::Orchestration;
  if (orch.name.empty())
    orch.name = orch.sourcePath.empty() ? "orchestration.cpp" : orch.sourcePath;
  jobs.push_back(std::move(orch));
  for (const KernelSource &k : sources.kernels) {
    CompileJob job;
    job.name = !k.sourcePath.empty() ? k.sourcePath : k.name + ".cpp";
    job.sourcePath = k.sourcePath;
    job.sourceText = k.sourceText;
    job.kind = k.coreType == CoreType::AIC ? CompileKind::AicKernel : CompileKind::AivKernel;
    jobs.push_back(std::move(job));
  }
  CompileResult cr = compileSharedObjects(jobs, options);
  if (compileResult)
    *compileResult = cr;
  if (!cr.ok)
    return Status::error(cr.error);
  std::vector<KernelInfo> infos;
  for (size_t i = 0; i < sources.kernels.size(); ++i) {
    const KernelSource &k = sources.kernels[i];
    infos.push_back(KernelInfo{k.funcId, k.name, k.coreType, cr.objects[i + 1].soPath});
  }
  return loadProgram(cr.objects[0].soPath, infos, out);
}

} // namespace pypto::runtime
