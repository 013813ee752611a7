//===- ExecutorOrchestrator.cpp - submit, alloc, scopes ---------*- C++ -*-===//

#include "ExecutorImpl.h"

#include "pypto/Runtime/pto/dtypes.hpp"

#include <cmath>
#include <cstring>

namespace pypto::runtime::executor {

namespace {

constexpr uint64_t kHeapAlign = 1024; // PTO2_PACKED_OUTPUT_ALIGN

BufferRef allocateZeroed(size_t bytes) {
  auto b = std::make_shared<HostBuffer>();
  b->bytes = bytes;
  const size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
  if (rounded >= (1u << 20)) {
    b->data = std::calloc(rounded, 1); // page aligned, zero pages on demand
  } else {
    b->data = std::aligned_alloc(64, rounded);
    if (b->data)
      std::memset(b->data, 0, rounded);
  }
  if (!b->data)
    return nullptr;
  return b;
}

/// IEEE binary16 bits of `f`: the tile library's half, which rounds to
/// nearest, ties to even. A NaN becomes the canonical quiet NaN (the
/// conversion would keep the top bits of its payload).
uint16_t floatToHalf(float f) {
  if (std::isnan(f))
    return std::signbit(f) ? 0xfe00 : 0x7e00;
  const pto::half h = static_cast<pto::half>(f);
  uint16_t bits;
  std::memcpy(&bits, &h, sizeof(bits));
  return bits;
}

/// Encode `v` as one element of `dt` into `out` (element size bytes).
void encodeElement(DataType dt, double v, unsigned char *out) {
  auto put = [&](auto x) { std::memcpy(out, &x, sizeof(x)); };
  switch (dt) {
  case DataType::FLOAT32:
    put(float(v));
    break;
  case DataType::FLOAT16:
    put(floatToHalf(float(v)));
    break;
  case DataType::BFLOAT16:
    put(pto::bfloat16_t::fromFloatBits(float(v)));
    break;
  case DataType::INT32:
    put(int32_t(v));
    break;
  case DataType::INT16:
    put(int16_t(v));
    break;
  case DataType::INT8:
    put(int8_t(v));
    break;
  case DataType::UINT8:
    put(uint8_t(v));
    break;
  case DataType::INT64:
    put(int64_t(v));
    break;
  case DataType::UINT64:
    put(uint64_t(v));
    break;
  case DataType::UINT16:
    put(uint16_t(v));
    break;
  case DataType::UINT32:
    put(uint32_t(v));
    break;
  case DataType::BOOL:
    put(uint8_t(v != 0.0));
    break;
  default:
    put(uint8_t(v));
    break;
  }
}

} // namespace

template <typename Pred>
void Run::orchestratorWaitLocked(std::unique_lock<std::mutex> &lock,
                                 Pred pred) {
  if (failed_ || pred())
    return;
  const bool held = holdDispatch_;
  holdDispatch_ = false;
  dispatchLocked();
  orchCv_.wait(lock, [&] { return failed_ || pred(); });
  holdDispatch_ = held;
}

bool Run::chargeHeap(uint64_t charge, uint64_t owner, int ring) {
  const uint64_t cap = limits_.ringHeap[ring];
  const std::string where =
      "orchestration: task " + std::to_string(owner) + ": ";
  std::unique_lock<std::mutex> lock(mu_);
  if (charge > cap) {
    failLocked(where + "a runtime-allocated tensor of " +
               std::to_string(charge) +
               " bytes (rounded up to 1024) exceeds the heap of ring " +
               std::to_string(ring) + " (" + std::to_string(cap) +
               " bytes; PTO2_RING_HEAP / RunOptions::ringHeap)");
    return false;
  }
  bool never = false;
  uint64_t pinned = 0;
  orchestratorWaitLocked(lock, [&] {
    const uint64_t used = heap_.used[ring].load();
    if (used + charge <= cap)
      return true;
    // Tensors of scopes that are still open are freed only when the
    // orchestrator (which waits here) ends those scopes.
    pinned = used - std::min(used, heap_.reclaimable[ring].load());
    if (pinned + charge > cap)
      never = true;
    return never;
  });
  if (failed_)
    return false;
  if (never) {
    failLocked(where + "the heap of ring " + std::to_string(ring) + " (" +
               std::to_string(cap) +
               " bytes; PTO2_RING_HEAP / RunOptions::ringHeap) cannot hold a "
               "runtime-allocated tensor of " +
               std::to_string(charge) + " bytes: " + std::to_string(pinned) +
               " bytes belong to tensors of scopes that are still open (raise "
               "PTO2_RING_HEAP or end scopes sooner)");
    return false;
  }
  heap_.used[ring].fetch_add(charge);
  uint64_t total = 0;
  for (int r = 0; r < kNumRings; ++r)
    total += heap_.used[r].load();
  stats_.maxHeapBytes = std::max(stats_.maxHeapBytes, total);
  return true;
}

bool Run::makeOutput(const TensorCreateInfo &ci, uint64_t owner,
                     ChipTensor &desc, BufferRef &buffer) {
  std::memset(&desc, 0, sizeof(desc));
  desc.owner_task_id = owner;
  desc.dtype = ci.dtype;
  desc.ndims = std::min<uint32_t>(ci.ndims, MAX_TENSOR_DIMS);
  for (uint32_t i = 0; i < desc.ndims; ++i)
    desc.shapes[i] = ci.shapes[i];
  desc.set_row_major_strides();
  desc.refresh();
  const uint32_t es = get_element_size(ci.dtype);
  if (ci.ndims > MAX_TENSOR_DIMS || es == 0) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: invalid TensorCreateInfo (ndims " +
               std::to_string(ci.ndims) + ", dtype " +
               std::to_string(int(ci.dtype)) + ")");
    return false;
  }
  if (isFatal())
    return true; // descriptor only; nothing will run
  const uint64_t numel = desc.numel();
  const uint64_t bytes = numel * es;
  const int ring = currentRing();
  const uint64_t charge =
      (std::max<uint64_t>(bytes, 1) + kHeapAlign - 1) / kHeapAlign * kHeapAlign;
  if (!chargeHeap(charge, owner, ring))
    return false;
  buffer = allocateZeroed(bytes);
  if (!buffer) {
    heap_.used[ring].fetch_sub(charge);
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: out of host memory allocating " +
               std::to_string(bytes) + " bytes");
    return false;
  }
  buffer->account = &heap_;
  buffer->ring = ring;
  buffer->charged = charge;
  if (ci.has_initial_value && ci.initial_value != 0.0) {
    unsigned char elem[8];
    encodeElement(ci.dtype, ci.initial_value, elem);
    unsigned char *p = static_cast<unsigned char *>(buffer->data);
    for (uint64_t i = 0; i < numel; ++i)
      std::memcpy(p + i * es, elem, es);
  }
  desc.buffer.addr = reinterpret_cast<uintptr_t>(buffer->data);
  desc.buffer.size = bytes;
  return true;
}

void Run::submit(const MixedKernels &kernels, const CoreTaskArgs &args,
                 TaskOutputTensors *out) {
  *out = TaskOutputTensors();
  const uint64_t id = nextTaskId_++;
  auto fail = [&](const std::string &msg) {
    std::lock_guard<std::mutex> lock(mu_);
    failLocked("orchestration: task " + std::to_string(id) + ": " + msg);
  };
  if (args.error_msg_) {
    fail(std::string("invalid arguments: ") + args.error_msg_);
    return;
  }

  std::unique_ptr<Task> task;
  if (spareTasks_.empty()) {
    task = std::make_unique<Task>();
  } else {
    task = std::move(spareTasks_.back());
    spareTasks_.pop_back();
    task->reset();
  }
  task->id = id;
  task->ring = currentRing();
  // Parts.
  const int slots[3] = {kernels.aic, kernels.aiv0, kernels.aiv1};
  for (int s = 0; s < 3; ++s) {
    if (slots[s] == INVALID_KERNEL_ID)
      continue;
    const LoadedKernel *k = program_.kernel(slots[s]);
    const CoreType slotType = s == 0 ? CoreType::AIC : CoreType::AIV;
    if (!k) {
      fail("unknown kernel id " + std::to_string(slots[s]));
      return;
    }
    if (k->info.coreType != slotType) {
      fail("kernel '" + k->info.name + "' (id " + std::to_string(slots[s]) +
           ") is an " + coreTypeName(k->info.coreType) +
           " kernel but was submitted to an " + coreTypeName(slotType) +
           " slot");
      return;
    }
    task->parts.push_back(Part{slotType, k, s == 2 ? 1 : 0});
    task->need[typeIndex(slotType)]++;
  }
  task->blockNum = args.launch_spec.block_num;
  task->syncStart = args.launch_spec.require_sync_start != 0;
  if (task->blockNum < 1) {
    fail("invalid block count " + std::to_string(task->blockNum));
    return;
  }
  if (task->parts.empty())
    task->blockNum = 1;
  task->queue = task->parts.size() > 1                 ? QMix
                : task->parts.empty()                  ? QAiv
                : task->parts[0].type == CoreType::AIC ? QAic
                                                       : QAiv;
  for (int t = 0; t < 2; ++t)
    if (task->syncStart &&
        uint64_t(task->need[t]) * task->blockNum > hardCap_[t]) {
      fail("sync-start task needs " +
           std::to_string(uint64_t(task->need[t]) * task->blockNum) + " " +
           (t == 0 ? "AIC" : "AIV") + " cores at once; the device has " +
           std::to_string(hardCap_[t]));
      return;
    }
  task->unitsRemaining = int64_t(task->parts.size()) * task->blockNum;

  // Tensors, runtime-allocated outputs, accesses.
  const int32_t nt = args.tensor_count_;
  uint32_t numOutputs = 0;
  for (int32_t i = 0; i < nt; ++i)
    numOutputs += args.tags_[i] == TensorArgType::OUTPUT;
  std::unique_ptr<ChipTensor[]> outDescs;
  if (numOutputs)
    outDescs.reset(new ChipTensor[numOutputs]);
  std::vector<TensorAccess> &accesses = accesses_;
  accesses.clear();
  task->tensors.resize(nt);
  // Every rank's window: a multi-card kernel reads and signals its peers'.
  if (CommWorld *world = options_.comm)
    for (int r = 0; r < world->numRanks(); ++r)
      task->gm.push_back(pto::sim::GmRange{
          reinterpret_cast<uintptr_t>(world->window(r)), world->windowBytes()});
  uint32_t o = 0;
  for (int32_t i = 0; i < nt; ++i) {
    const TensorArgType tag = args.tags_[i];
    ChipTensor &t = task->tensors[i];
    if (tag == TensorArgType::OUTPUT) {
      BufferRef buffer;
      if (!makeOutput(*args.refs_[i].create_info, id, t, buffer))
        return;
      outDescs[o++] = t;
      if (buffer) {
        task->buffers.push_back(buffer);
        ownedBuffers_[t.buffer.addr] = buffer;
        currentScope().buffers.push_back(std::move(buffer));
      }
    } else {
      t = *args.refs_[i].tensor;
      auto it = ownedBuffers_.find(t.buffer.addr);
      if (it != ownedBuffers_.end())
        task->buffers.push_back(it->second);
    }
    if (t.buffer.addr != 0 && t.buffer.size != 0)
      task->gm.push_back(pto::sim::GmRange{t.buffer.addr, t.buffer.size});
    switch (tag) {
    case TensorArgType::INPUT:
      accesses.push_back({t, AccessMode::Read});
      break;
    case TensorArgType::OUTPUT:
    case TensorArgType::OUTPUT_EXISTING:
      accesses.push_back({t, AccessMode::Write});
      break;
    case TensorArgType::INOUT:
      accesses.push_back({t, AccessMode::ReadWrite});
      break;
    case TensorArgType::NO_DEP:
      break;
    }
  }
  task->tags.assign(args.tags_, args.tags_ + nt);
  task->scalars.assign(args.scalars_, args.scalars_ + args.scalar_count_);
  std::vector<TaskKey> &explicitDeps = explicitDeps_;
  explicitDeps.clear();
  for (int32_t i = 0; i < args.dep_count_ && args.deps_; ++i)
    if (args.deps_[i].is_valid())
      explicitDeps.push_back(args.deps_[i].raw);

  if (numOutputs) {
    *out =
        TaskOutputTensors(outDescs.get(), numOutputs, PTO2TaskId::from_raw(id));
    currentScope().descriptors.push_back(std::move(outDescs));
  } else {
    *out = TaskOutputTensors(nullptr, 0, PTO2TaskId::from_raw(id));
  }

  const int ring = task->ring;
  if (isFatal())
    return; // nothing will run; leave the tracker as it is
  // Outside mu_: the tracker is this thread's. A producer that finished but
  // is still recorded there is dropped below, where live_ does not have it.
  retireFinishedTasks();
  std::vector<TaskKey> &deps = deps_;
  tracker_.addTaskInto(id, accesses, explicitDeps, automaticDeps(), deps);

  std::unique_lock<std::mutex> lock(mu_);
  // Back-pressure: the ring's task window.
  orchestratorWaitLocked(
      lock, [&] { return liveByRing_[ring] < limits_.taskWindow[ring]; });
  if (failed_) {
    tracker_.completeTask(id);
    return;
  }
  // Finished tasks' records, for the next submits.
  if (spareTasks_.empty())
    spareTasks_.swap(finishedTasks_);
  // Back-pressure: the ring's dependency pool (one entry per edge from an
  // unfinished producer).
  auto liveDeps = [&] {
    uint64_t n = 0;
    for (TaskKey d : deps)
      n += live_.count(d);
    return n;
  };
  orchestratorWaitLocked(lock, [&] {
    return depEntries_[ring] + liveDeps() <= limits_.depPool[ring];
  });
  if (failed_) {
    tracker_.completeTask(id);
    return;
  }
  Task *t = task.get();
  if (trace_ && trace_->deps)
    traceSubmit(*t, kernels, deps);
  for (TaskKey d : deps) {
    auto it = live_.find(d);
    if (it == live_.end())
      continue;
    it->second->consumers.push_back(t);
    ++t->fanin;
  }
  depEntries_[ring] += t->fanin;
  stats_.dependencyEdges += t->fanin;
  ++stats_.tasksSubmitted;
  live_.emplace(id, std::move(task));
  ++liveByRing_[ring];
  stats_.maxLiveTasks = std::max<uint64_t>(stats_.maxLiveTasks, live_.size());
  uint64_t entries = 0;
  for (int r = 0; r < kNumRings; ++r)
    entries += depEntries_[r];
  stats_.maxDependencyEntries = std::max(stats_.maxDependencyEntries, entries);
  if (t->fanin == 0) {
    if (t->parts.empty())
      completeLocked(t);
    else
      enqueueLocked(t);
  }
  dispatchLocked();
}

void Run::allocTensors(const TensorCreateInfo *const *infos, uint32_t count,
                       TaskOutputTensors *out) {
  *out = TaskOutputTensors();
  const uint64_t id = nextTaskId_++;
  if (count == 0)
    return;
  std::unique_ptr<ChipTensor[]> descs(new ChipTensor[count]);
  for (uint32_t i = 0; i < count; ++i) {
    BufferRef buffer;
    if (!makeOutput(*infos[i], id, descs[i], buffer))
      return;
    if (buffer) {
      ownedBuffers_[descs[i].buffer.addr] = buffer;
      currentScope().buffers.push_back(std::move(buffer));
    }
  }
  *out = TaskOutputTensors(descs.get(), count, PTO2TaskId::from_raw(id));
  currentScope().descriptors.push_back(std::move(descs));
}

void Run::scopeBegin(PTO2ScopeMode mode) {
  Scope s;
  s.mode = mode;
  scopes_.push_back(std::move(s));
}

void Run::scopeEnd() {
  if (scopes_.empty()) {
    log(PTO2_LOG_WARN, "scope_end without a matching scope_begin");
    return;
  }
  // Buffers of the scope stay alive while unfinished tasks use them; their
  // heap bytes become reclaimable.
  for (const BufferRef &b : scopes_.back().buffers) {
    ownedBuffers_.erase(reinterpret_cast<uintptr_t>(b->data));
    if (b->account && !b->scopeClosed) {
      b->scopeClosed = true;
      heap_.reclaimable[b->ring].fetch_add(b->charged);
    }
  }
  scopes_.pop_back();
}

void Run::log(int level, const char *message) {
  if (level < options_.logLevel)
    return;
  static const char *names[] = {"DEBUG", "INFO", "WARN", "ERROR"};
  const char *name = level >= 0 && level <= 3 ? names[level] : "LOG";
  std::fprintf(stderr, "[orchestration %s] %s\n", name, message ? message : "");
}

void Run::reportFatal(int32_t code, const char *message) {
  std::lock_guard<std::mutex> lock(mu_);
  failLocked("orchestration: fatal error " + std::to_string(code) + ": " +
             (message ? message : ""));
  dispatchLocked();
}

void Run::retireFinishedTasks() {
  {
    std::lock_guard<std::mutex> lock(finishedIdsMu_);
    retiring_.swap(finishedIds_);
  }
  for (TaskKey id : retiring_)
    tracker_.completeTask(id);
  retiring_.clear();
}

void Run::waitTensor(const ChipTensor &tensor, bool write) {
  retireFinishedTasks();
  // May name tasks that have finished since; the wait below skips them.
  std::vector<TaskKey> ids = tracker_.conflicts(tensor, write);
  std::unique_lock<std::mutex> lock(mu_);
  const bool held = holdDispatch_;
  holdDispatch_ = false;
  dispatchLocked();
  struct Restore {
    bool &flag;
    bool value;
    ~Restore() { flag = value; }
  } restore{holdDispatch_, held};
  orchCv_.wait(lock, [&] {
    // After a failure the tracker may have lost an entry (a submit that
    // pruned what it covered, then returned): wait for every task to end
    // (each is cancelled or aborted).
    if (failed_)
      return live_.empty();
    for (TaskKey id : ids)
      if (live_.count(id))
        return false;
    return true;
  });
}

} // namespace pypto::runtime::executor
