//===- DependencyTracker.cpp - Task dependencies from tensor accesses -----===//

#include "pypto/Runtime/DependencyTracker.h"

#include <algorithm>

namespace pypto::runtime {

namespace {

bool isEmpty(const ChipTensor &t) {
  for (uint32_t i = 0; i < t.ndims && i < MAX_TENSOR_DIMS; ++i)
    if (t.shapes[i] == 0)
      return true;
  return false;
}

uint32_t elemSize(const ChipTensor &t) {
  uint32_t s = get_element_size(t.dtype);
  return s ? s : 1;
}

/// Byte interval [lo, hi) relative to buffer.addr.
struct Interval {
  uint64_t lo, hi;
};

Interval byteInterval(const ChipTensor &t) {
  uint64_t es = elemSize(t);
  uint64_t ext = t.compute_extent();
  return {t.start_offset * es, (t.start_offset + ext) * es};
}

bool sameGeometry(const ChipTensor &a, const ChipTensor &b) {
  if (a.ndims != b.ndims || a.ndims > MAX_TENSOR_DIMS || elemSize(a) != elemSize(b))
    return false;
  for (uint32_t i = 0; i < a.ndims; ++i)
    if (a.strides[i] != b.strides[i])
      return false;
  return true;
}

/// The view as an N-d box in the coordinate system given by its strides:
/// start_offset = sum(lo[k] * strides[k]) + rem, with each coordinate inside
/// the "digit" range of the next outer stride, so that coordinates are unique.
struct Box {
  uint64_t lo[MAX_TENSOR_DIMS];
  uint64_t rem;
};

bool decompose(const ChipTensor &t, Box &box) {
  const uint32_t n = t.ndims;
  uint32_t order[MAX_TENSOR_DIMS];
  for (uint32_t i = 0; i < n; ++i) {
    if (t.strides[i] == 0)
      return false;
    order[i] = i;
  }
  std::sort(order, order + n,
            [&](uint32_t x, uint32_t y) { return t.strides[x] > t.strides[y]; });
  for (uint32_t p = 1; p < n; ++p)
    if (t.strides[order[p]] == t.strides[order[p - 1]])
      return false; // ambiguous
  uint64_t rem = t.start_offset;
  for (uint32_t p = 0; p < n; ++p) {
    const uint64_t s = t.strides[order[p]];
    box.lo[order[p]] = rem / s;
    rem %= s;
  }
  box.rem = rem;
  // Uniqueness: for every level p >= 1, the largest offset reachable with the
  // inner coordinates (p..n-1) stays below the stride of level p-1.
  uint64_t inner = rem;
  for (uint32_t p = n; p-- > 1;) {
    const uint32_t d = order[p];
    inner += (box.lo[d] + t.shapes[d] - 1) * uint64_t(t.strides[d]);
    if (inner >= t.strides[order[p - 1]])
      return false;
  }
  return true;
}

} // namespace

bool regionsOverlap(const ChipTensor &a, const ChipTensor &b) {
  if (a.buffer.addr != b.buffer.addr)
    return false;
  if (isEmpty(a) || isEmpty(b))
    return false;
  const Interval ia = byteInterval(a), ib = byteInterval(b);
  if (ia.hi <= ib.lo || ib.hi <= ia.lo)
    return false;
  if (a.ndims == 0 || !sameGeometry(a, b))
    return true; // byte intervals intersect: conservatively overlapping
  Box ba, bb;
  if (!decompose(a, ba) || !decompose(b, bb))
    return true;
  if (ba.rem != bb.rem)
    return false;
  for (uint32_t k = 0; k < a.ndims; ++k) {
    const uint64_t aEnd = ba.lo[k] + a.shapes[k], bEnd = bb.lo[k] + b.shapes[k];
    if (aEnd <= bb.lo[k] || bEnd <= ba.lo[k])
      return false;
  }
  return true;
}

bool regionCovers(const ChipTensor &outer, const ChipTensor &inner) {
  if (outer.buffer.addr != inner.buffer.addr)
    return false;
  if (isEmpty(inner))
    return true;
  if (isEmpty(outer))
    return false;
  const Interval io = byteInterval(outer), ii = byteInterval(inner);
  if (ii.lo < io.lo || ii.hi > io.hi)
    return false;
  // A dense view covers every byte of its interval.
  if (outer.compute_is_contiguous())
    return true;
  if (outer.ndims == 0 || !sameGeometry(outer, inner))
    return false;
  Box bo, bi;
  if (!decompose(outer, bo) || !decompose(inner, bi) || bo.rem != bi.rem)
    return false;
  for (uint32_t k = 0; k < outer.ndims; ++k)
    if (bi.lo[k] < bo.lo[k] || bi.lo[k] + inner.shapes[k] > bo.lo[k] + outer.shapes[k])
      return false;
  return true;
}

namespace {

/// The entries of `index` whose byte intervals may meet [lo, end): those
/// starting before `end` and no further than the longest interval before
/// `lo`.
template <typename Index, typename F>
void forEachNear(Index &index, uint64_t maxLength, uint64_t lo, uint64_t end,
                 F f) {
  const uint64_t from = lo > maxLength ? lo - maxLength : 0;
  for (auto it = index.lower_bound({from, 0});
       it != index.end() && it->first.first < end;)
    it = f(it);
}

} // namespace

void DependencyTracker::collectConflicts(const ChipTensor &t, bool write, TaskKey self,
                                         std::vector<TaskKey> &out) const {
  auto it = byBuffer_.find(t.buffer.addr);
  if (it == byBuffer_.end())
    return;
  const BufferEntries &b = it->second;
  const Interval q = byteInterval(t);
  auto check = [&](Index::const_iterator e) {
    const Entry &entry = e->second;
    if (entry.end > q.lo && entry.task != self &&
        regionsOverlap(entry.region(), t))
      out.push_back(entry.task);
    return std::next(e);
  };
  forEachNear(b.writes, b.maxLength, q.lo, q.hi, check);
  if (write)
    forEachNear(b.reads, b.maxLength, q.lo, q.hi, check);
}

std::vector<TaskKey> DependencyTracker::addTask(TaskKey id,
                                                const std::vector<TensorAccess> &accesses,
                                                const std::vector<TaskKey> &explicitDeps,
                                                bool automatic) {
  std::vector<TaskKey> deps;
  addTaskInto(id, accesses, explicitDeps, automatic, deps);
  return deps;
}

void DependencyTracker::addTaskInto(TaskKey id,
                                    const std::vector<TensorAccess> &accesses,
                                    const std::vector<TaskKey> &explicitDeps,
                                    bool automatic,
                                    std::vector<TaskKey> &deps) {
  deps.clear();
  for (TaskKey d : explicitDeps)
    if (d != id && live_.count(d))
      deps.push_back(d);
  if (automatic)
    for (const TensorAccess &a : accesses)
      collectConflicts(a.tensor, a.mode != AccessMode::Read, id, deps);
  std::sort(deps.begin(), deps.end());
  deps.erase(std::unique(deps.begin(), deps.end()), deps.end());

  RecordedList &recorded = live_[id];
  for (const TensorAccess &a : accesses) {
    const bool write = a.mode != AccessMode::Read;
    const Interval span = byteInterval(a.tensor);
    BufferEntries &b =
        byBuffer_.try_emplace(a.tensor.buffer.addr, pool_).first->second;
    if (automatic && write) {
      // Entries this write covers are redundant: a later access that overlaps
      // one of them overlaps this write too, and this task already waits for
      // (or is) their task. A covered entry starts inside the write's span.
      auto pruneCovered = [&](Index &index) {
        forEachNear(index, 0, span.lo, span.hi, [&](Index::iterator e) {
          return regionCovers(a.tensor, e->second.region()) ? index.erase(e)
                                                            : std::next(e);
        });
      };
      pruneCovered(b.reads);
      pruneCovered(b.writes);
    }
    Entry entry{id, span.hi, {}};
    std::memcpy(entry.regionBytes, &a.tensor, sizeof(ChipTensor));
    (write ? b.writes : b.reads).emplace(std::make_pair(span.lo, id), entry);
    b.maxLength = std::max(b.maxLength, span.hi - span.lo);
    recorded.push_back(Recorded{a.tensor.buffer.addr, span.lo, write});
  }
}

std::vector<TaskKey> DependencyTracker::conflicts(const ChipTensor &tensor, bool write) const {
  std::vector<TaskKey> out;
  collectConflicts(tensor, write, UINT64_MAX, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void DependencyTracker::completeTask(TaskKey id) {
  auto it = live_.find(id);
  if (it == live_.end())
    return;
  if (!keepHistory_)
    it->second.forEach([&](const Recorded &r) {
      auto bit = byBuffer_.find(r.buffer);
      if (bit == byBuffer_.end())
        return;
      BufferEntries &b = bit->second;
      (r.write ? b.writes : b.reads).erase(std::make_pair(r.start, id));
      // A few buffers' empty records stay for the next access (tasks in a
      // loop use the same tensors); beyond that they go.
      if (b.reads.empty() && b.writes.empty() &&
          byBuffer_.size() > kKeptEmptyBuffers)
        byBuffer_.erase(bit);
    });
  live_.erase(it);
}

size_t DependencyTracker::entryCount() const {
  size_t n = 0;
  for (const auto &kv : byBuffer_)
    n += kv.second.reads.size() + kv.second.writes.size();
  return n;
}

} // namespace pypto::runtime
