//===- Comm.cpp - The chips of a multi-card run ---------------------------===//
//
// CommWorld: every rank's window and CommContext, the signals between ranks,
// and failure propagation; runRanks: one runProgram per rank, concurrently.
//
//===----------------------------------------------------------------------===//

#include "pypto/Runtime/Device.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace pypto::runtime {

struct CommWorld::Sync {
  mutable std::mutex mu;
  std::condition_variable cv;
  uint64_t generation = 0; // bumped by every notify
  bool failed = false;
  std::string failure;
};

Status CommWorld::create(int numRanks, uint64_t windowBytes, std::unique_ptr<CommWorld> &out) {
  if (numRanks < 1 || numRanks > int(COMM_MAX_RANKS))
    return Status::error("a multi-card run has 1.." + std::to_string(COMM_MAX_RANKS) +
                         " ranks, not " + std::to_string(numRanks));
  // Far beyond any host's memory, and safe from wrapping when rounded up.
  if (windowBytes > (uint64_t(1) << 48))
    return Status::error("a window of " + std::to_string(windowBytes) +
                         " bytes is too large");
  std::unique_ptr<CommWorld> world(new CommWorld());
  world->numRanks_ = numRanks;
  world->windowBytes_ = (windowBytes + 63) / 64 * 64;
  world->sync_ = std::make_unique<Sync>();
  for (int r = 0; r < numRanks; ++r) {
    void *p = nullptr;
    const uint64_t bytes = world->windowBytes_ ? world->windowBytes_ : 64;
    if (::posix_memalign(&p, 64, bytes) != 0 || !p)
      return Status::error("out of host memory for the window of rank " + std::to_string(r) +
                           " (" + std::to_string(bytes) + " bytes)");
    std::memset(p, 0, bytes);
    world->windows_.push_back(static_cast<uint8_t *>(p));
  }
  for (int r = 0; r < numRanks; ++r) {
    auto ctx = std::make_unique<::CommContext>();
    std::memset(ctx.get(), 0, sizeof(::CommContext));
    ctx->rankId = uint32_t(r);
    ctx->rankNum = uint32_t(numRanks);
    ctx->winSize = world->windowBytes_;
    for (int q = 0; q < numRanks; ++q) {
      ctx->windowsIn[q] = reinterpret_cast<uintptr_t>(world->windows_[q]);
      ctx->windowsOut[q] = ctx->windowsIn[q];
    }
    world->contexts_.push_back(std::move(ctx));
  }
  out = std::move(world);
  return Status::success();
}

CommWorld::~CommWorld() {
  for (uint8_t *w : windows_)
    std::free(w);
}

const ::CommContext *CommWorld::context(int rank) const { return contexts_[rank].get(); }

bool CommWorld::inWindow(const void *p, uint64_t bytes) const {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  for (uint8_t *w : windows_) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(w);
    if (a >= base && bytes <= windowBytes_ && a - base <= windowBytes_ - bytes)
      return true;
  }
  return false;
}

bool CommWorld::holds(int32_t value, int32_t cmp, int32_t expected) {
  switch (cmp) {
  case 0: return value == expected;
  case 1: return value != expected;
  case 2: return value > expected;
  case 3: return value >= expected;
  case 4: return value < expected;
  case 5: return value <= expected;
  default: return false;
  }
}

void CommWorld::notify(int32_t *addr, int32_t value, int32_t op) {
  {
    std::lock_guard<std::mutex> lock(sync_->mu);
    if (op == 0)
      __atomic_fetch_add(addr, value, __ATOMIC_SEQ_CST);
    else
      __atomic_store_n(addr, value, __ATOMIC_SEQ_CST);
    ++sync_->generation;
  }
  sync_->cv.notify_all();
}

bool CommWorld::waitSome(const int32_t *addr, int32_t cmp, int32_t expected) {
  std::unique_lock<std::mutex> lock(sync_->mu);
  // Notifies change signals under the lock, so none is missed between the
  // test and the wait; the timeout lets the caller check its own run.
  return sync_->cv.wait_for(lock, std::chrono::milliseconds(5), [&] {
    return sync_->failed || holds(__atomic_load_n(addr, __ATOMIC_SEQ_CST), cmp, expected);
  }) && !sync_->failed;
}

void CommWorld::fail(int rank, const std::string &message) {
  {
    std::lock_guard<std::mutex> lock(sync_->mu);
    if (sync_->failed)
      return;
    sync_->failed = true;
    sync_->failure = "rank " + std::to_string(rank) + ": " + message;
  }
  sync_->cv.notify_all();
}

bool CommWorld::failed() const {
  std::lock_guard<std::mutex> lock(sync_->mu);
  return sync_->failed;
}

std::string CommWorld::failure() const {
  std::lock_guard<std::mutex> lock(sync_->mu);
  return sync_->failure;
}

Status runRanks(const DeviceSpec &device, const LoadedProgram &program,
                std::vector<std::vector<HostArg>> &args, CommWorld &world,
                const RunOptions &options) {
  const int n = world.numRanks();
  if (int(args.size()) != n)
    return Status::error("runRanks: " + std::to_string(args.size()) + " argument lists for " +
                         std::to_string(n) + " ranks");
  std::vector<Status> results(n);
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r)
    threads.emplace_back([&, r] {
      RunOptions rankOptions = options;
      rankOptions.comm = &world;
      rankOptions.rank = r;
      // One trace describes one chip: rank 0's.
      if (r != 0)
        rankOptions.trace = nullptr;
      results[r] = runProgram(device, program, args[r], rankOptions);
      if (!results[r])
        world.fail(r, results[r].message);
    });
  for (std::thread &t : threads)
    t.join();
  // The first failure is the cause; the others were aborted by it.
  if (world.failed())
    return Status::error(world.failure());
  return Status::success();
}

} // namespace pypto::runtime
