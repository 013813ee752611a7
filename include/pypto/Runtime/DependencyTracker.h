//===- DependencyTracker.h - Task dependencies from tensor accesses -*- C++ -*-===//
//
// Derives the edges of the task graph from the tensor arguments of submitted
// tasks, against earlier tasks that have not completed yet:
//   RAW (read after write), WAW (write after write) and WAR (write after read),
// by overlap of the accessed regions of the same buffer (`buffer.addr`):
//   * same element size, rank and strides: the N-d boxes obtained by
//     decomposing start_offset by the strides are intersected (exact when the
//     decomposition is unique, e.g. views of one row-major tensor);
//   * otherwise the byte intervals [first, last] are compared (conservative).
// Explicit edges are added when the named task is still unfinished.
//
// No threads: the runtime calls it under its scheduler lock, tests directly.
// Standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_DEPENDENCYTRACKER_H
#define PYPTO_RUNTIME_DEPENDENCYTRACKER_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

#include "pypto/Runtime/NodePool.h"
#include "pypto/Runtime/tensor.h"

namespace pypto::runtime {

using TaskKey = uint64_t;

enum class AccessMode : uint8_t { Read, Write, ReadWrite };

struct TensorAccess {
  ChipTensor tensor;
  AccessMode mode = AccessMode::Read;
};

/// Whether the views `a` and `b` may share an element (false when they are on
/// different buffers or either is empty).
bool regionsOverlap(const ChipTensor &a, const ChipTensor &b);

/// Whether every element of `inner` is an element of `outer` (only claimed
/// when provable; false when in doubt).
bool regionCovers(const ChipTensor &outer, const ChipTensor &inner);

class DependencyTracker {
public:
  DependencyTracker() = default;
  DependencyTracker(const DependencyTracker &) = delete;
  DependencyTracker &operator=(const DependencyTracker &) = delete;

  /// Register task `id` (ids must be unique among unfinished tasks) and return
  /// the unfinished tasks it must wait for, sorted and without duplicates.
  /// With `automatic == false` (MANUAL scope) only `explicitDeps` count; the
  /// accesses are still recorded for later automatic tasks.
  std::vector<TaskKey> addTask(TaskKey id, const std::vector<TensorAccess> &accesses,
                               const std::vector<TaskKey> &explicitDeps = {},
                               bool automatic = true);
  /// addTask into `deps` (cleared first), whose capacity a caller submitting
  /// many tasks reuses.
  void addTaskInto(TaskKey id, const std::vector<TensorAccess> &accesses,
                   const std::vector<TaskKey> &explicitDeps, bool automatic,
                   std::vector<TaskKey> &deps);

  /// Unfinished tasks that an access to `tensor` (a write if `write`) would
  /// depend on; nothing is recorded.
  std::vector<TaskKey> conflicts(const ChipTensor &tensor, bool write) const;

  /// Forget a finished task; later tasks no longer depend on it.
  void completeTask(TaskKey id);

  /// Keep finished tasks' accesses, so addTask returns every logical
  /// producer, finished or not (dependency graphs for DFX; memory grows).
  void setKeepHistory(bool keep) { keepHistory_ = keep; }

  bool isLive(TaskKey id) const { return live_.count(id) != 0; }
  size_t liveTaskCount() const { return live_.size(); }
  /// Recorded accesses (for tests: pruning keeps this bounded).
  size_t entryCount() const;

private:
  struct Entry {
    TaskKey task;
    uint64_t end; // the end of the region's byte interval
    // The region's descriptor as bytes: ChipTensor is 64-byte aligned (the
    // runtime ABI's layout), and an over-aligned map node takes glibc's slow
    // memalign path on every access recorded.
    unsigned char regionBytes[sizeof(ChipTensor)];
    ChipTensor region() const {
      ChipTensor t;
      std::memcpy(&t, regionBytes, sizeof t);
      return t;
    }
  };
  /// Entries by (start of their byte interval, task). A region can only
  /// overlap the entries whose intervals meet its own, a window found by
  /// search rather than a scan of every entry; the task in the key finds a
  /// finished task's entries in logarithmic time too.
  using IndexKey = std::pair<uint64_t, TaskKey>;
  using Index = std::multimap<IndexKey, Entry, std::less<IndexKey>,
                              PoolAllocator<std::pair<const IndexKey, Entry>>>;
  /// One buffer's recorded accesses: reads apart from writes, since a read
  /// only waits for writes (many readers of one tensor cost a reader
  /// nothing).
  struct BufferEntries {
    explicit BufferEntries(NodePool &pool)
        : reads(Index::allocator_type(pool)),
          writes(Index::allocator_type(pool)) {}
    Index reads, writes;
    uint64_t maxLength = 0; // the longest interval recorded (never shrinks)
  };
  /// Where a task's entry is: its buffer, interval start and index.
  struct Recorded {
    uint64_t buffer, start;
    bool write;
  };
  /// A task's entries: most tasks have a few, kept in place.
  class RecordedList {
  public:
    void push_back(const Recorded &r) {
      if (size_ < kInPlace)
        inPlace_[size_] = r;
      else
        more_.push_back(r);
      ++size_;
    }
    template <typename F> void forEach(F f) const {
      for (size_t i = 0; i < size_; ++i)
        f(i < kInPlace ? inPlace_[i] : more_[i - kInPlace]);
    }

  private:
    static constexpr size_t kInPlace = 4;
    Recorded inPlace_[kInPlace];
    size_t size_ = 0;
    std::vector<Recorded> more_;
  };
  void collectConflicts(const ChipTensor &t, bool write, TaskKey self,
                        std::vector<TaskKey> &out) const;

  static constexpr size_t kKeptEmptyBuffers = 64;
  bool keepHistory_ = false;
  // Before the maps: they give their nodes back to it when destroyed.
  NodePool pool_;
  template <typename K, typename V>
  using PooledMap = std::unordered_map<K, V, std::hash<K>, std::equal_to<K>,
                                       PoolAllocator<std::pair<const K, V>>>;
  PooledMap<uint64_t, BufferEntries> byBuffer_{
      PooledMap<uint64_t, BufferEntries>::allocator_type(pool_)};
  /// Unfinished tasks -> their entries (may repeat).
  PooledMap<TaskKey, RecordedList> live_{
      PooledMap<TaskKey, RecordedList>::allocator_type(pool_)};
};

} // namespace pypto::runtime

#endif // PYPTO_RUNTIME_DEPENDENCYTRACKER_H
