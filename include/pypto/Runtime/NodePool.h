//===- NodePool.h - Reused allocations for node-based containers -*- C++
//-*-===//
//
// The runtime's maps take and give back one node per task and per tensor
// access. The orchestrator allocates them and the simulated cores free them,
// and glibc's allocator is slow at exactly that (a chunk freed by another
// thread leaves the per-thread cache for the shared bins). A NodePool keeps
// the freed blocks by size and hands them out again; its users call it under
// one lock (it is not thread-safe). Memory is returned to the system when the
// pool is destroyed, so it stays at the containers' peak meanwhile.
//
// Standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_NODEPOOL_H
#define PYPTO_RUNTIME_NODEPOOL_H

#include <cstddef>
#include <new>
#include <vector>

namespace pypto::runtime {

class NodePool {
public:
  NodePool() = default;
  NodePool(const NodePool &) = delete;
  NodePool &operator=(const NodePool &) = delete;
  ~NodePool() {
    for (std::vector<void *> &list : free_)
      for (void *p : list)
        ::operator delete(p);
  }

  /// Blocks up to this size are kept; larger ones go to the heap directly.
  static constexpr size_t kMaxPooledBytes = 512;

  void *allocate(size_t bytes) {
    if (bytes > kMaxPooledBytes)
      return ::operator new(bytes);
    std::vector<void *> &list = free_[sizeClass(bytes)];
    if (list.empty())
      return ::operator new(roundUp(bytes));
    void *p = list.back();
    list.pop_back();
    return p;
  }

  void deallocate(void *p, size_t bytes) {
    if (bytes > kMaxPooledBytes) {
      ::operator delete(p);
      return;
    }
    free_[sizeClass(bytes)].push_back(p);
  }

private:
  static constexpr size_t kGranule = 16;
  static size_t sizeClass(size_t bytes) {
    return (bytes + kGranule - 1) / kGranule;
  }
  static size_t roundUp(size_t bytes) { return sizeClass(bytes) * kGranule; }

  std::vector<void *> free_[kMaxPooledBytes / kGranule + 1];
};

/// A standard allocator drawing single objects from a NodePool (arrays, such
/// as a hash table's buckets, come from the heap). The pool must outlive the
/// containers using it.
template <typename T> class PoolAllocator {
public:
  using value_type = T;
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__,
                "PoolAllocator: over-aligned types need their own path");

  explicit PoolAllocator(NodePool &pool) noexcept : pool_(&pool) {}
  template <typename U>
  PoolAllocator(const PoolAllocator<U> &other) noexcept : pool_(other.pool_) {}

  T *allocate(size_t n) {
    if (n == 1)
      return static_cast<T *>(pool_->allocate(sizeof(T)));
    return static_cast<T *>(::operator new(n * sizeof(T)));
  }
  void deallocate(T *p, size_t n) noexcept {
    if (n == 1)
      pool_->deallocate(p, sizeof(T));
    else
      ::operator delete(p);
  }

  template <typename U> bool operator==(const PoolAllocator<U> &o) const {
    return pool_ == o.pool_;
  }
  template <typename U> bool operator!=(const PoolAllocator<U> &o) const {
    return pool_ != o.pool_;
  }

private:
  template <typename U> friend class PoolAllocator;
  NodePool *pool_;
};

} // namespace pypto::runtime

#endif // PYPTO_RUNTIME_NODEPOOL_H
