//===- RunDataLibrary.cpp - loading the libtorch half lazily ---*- C++ -*-===//
//
// One load per process, started at most once: a std::thread runs dlopen and
// the result is read through a shared_future. The loading thread is joined
// before the process exits, so exit never runs static destructors while
// libtorch's initialisers run on the other thread.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/RunDataLibrary.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>

#include <cstdlib>
#include <future>
#include <mutex>
#include <thread>

using namespace pypto::harness;

namespace {

using CreateFn = RunData *(*)(const RunSpec *);

/// The factory, or the reason there is none.
struct LoadResult {
  CreateFn create = nullptr;
  std::string error;
};

LoadResult load() {
  std::string path = runDataLibraryPath();
  // RTLD_NOW: a missing symbol is an error here, not a crash in a phase.
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = ::dlerror();
    return {nullptr, "cannot load the data library '" + path +
                         "': " + (reason ? reason : "unknown reason")};
  }
  auto create =
      reinterpret_cast<CreateFn>(::dlsym(handle, "pyptoCreateRunData"));
  if (!create)
    return {nullptr, "the data library '" + path +
                         "' has no pyptoCreateRunData: it is not pypto-run's"};
  return {create, ""};
}

class Loader {
public:
  void start() {
    std::lock_guard<std::mutex> lock(mutex);
    if (result.valid())
      return;
    std::packaged_task<LoadResult()> task(load);
    result = task.get_future().share();
    thread = std::thread(std::move(task));
  }
  LoadResult get() {
    start();
    std::shared_future<LoadResult> copy;
    {
      std::lock_guard<std::mutex> lock(mutex);
      copy = result;
    }
    return copy.get();
  }
  /// Waits for the loading thread to end, not only for its result.
  void join() {
    std::lock_guard<std::mutex> lock(mutex);
    if (thread.joinable())
      thread.join();
  }
  ~Loader() { join(); }

private:
  std::mutex mutex;
  std::shared_future<LoadResult> result;
  std::thread thread;
};

Loader &loader() {
  static Loader instance;
  return instance;
}

} // namespace

std::string pypto::harness::runDataLibraryPath() {
  if (const char *path = std::getenv("PYPTO_RUN_DATA_LIBRARY"); path && *path)
    return path;
  // Any function of this executable locates it.
  std::string exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&runDataLibraryPath));
  llvm::SmallString<256> path(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(path, "lib", "libPyptoRunData.so");
  return std::string(path);
}

void pypto::harness::startLoadingRunData() { loader().start(); }

std::string pypto::harness::loadRunDataNow() {
  std::string error = loader().get().error;
  loader().join();
  return error;
}

std::unique_ptr<RunData> pypto::harness::createRunData(const RunSpec &spec,
                                                       std::string &error) {
  LoadResult loaded = loader().get();
  if (!loaded.create) {
    error = loaded.error;
    return nullptr;
  }
  return std::unique_ptr<RunData>(loaded.create(&spec));
}
