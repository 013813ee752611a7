//===- Pipes.cpp - Cross-core pipes of one mixed task block ---------------===//

#include "Pipes.h"

#include <algorithm>
#include <cstdio>
#include <new>

namespace pypto::runtime::detail {

using pto::sim::GmRange;
using pto::sim::kPipeC2V;
using pto::sim::kPipeV2C;
using pto::sim::PipeSlotView;
using pto::sim::PipeTileDesc;

namespace {

constexpr int32_t kMaxPipeId = 1024;
constexpr uint32_t kMaxSlots = 4096;
constexpr uint64_t kMaxRingBytes = uint64_t(1) << 30;

const char *dirName(int32_t dir) { return dir == kPipeC2V ? "aic->aiv" : "aiv->aic"; }

std::string hex(uintptr_t p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%#llx", (unsigned long long)p);
  return buf;
}

} // namespace

PipeGroup::PipeGroup(uint64_t taskId, int block, bool gmRings, std::vector<PipePartInfo> parts,
                     std::vector<GmRange> gm)
    : taskId_(taskId), block_(block), gmRings_(gmRings), gm_(std::move(gm)) {
  for (PipePartInfo &info : parts) {
    if (info.aic)
      hasAic_ = true;
    else
      ++numAiv_;
    Part p;
    p.info = std::move(info);
    parts_.push_back(std::move(p));
  }
}

std::string PipeGroup::who(int part) const {
  const PipePartInfo &i = parts_[part].info;
  return "kernel '" + i.kernel + "' (" +
         (i.aic ? std::string("aic") : "aiv lane " + std::to_string(i.lane)) + ")";
}

//===----------------------------------------------------------------------===//
// Init
//===----------------------------------------------------------------------===//

std::string PipeGroup::init(int part, int32_t pipe, int32_t dirMask, uint32_t slotSize,
                            uint32_t slotNum, int32_t split, void *gmRing) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::string where = "TPIPE_INIT on pipe " + std::to_string(pipe) + ": ";
  if (aborted_)
    return reason_;
  if (!hasAic_ || numAiv_ == 0)
    return where + "cross-core pipes connect the AIC part and the AIV part(s) of a "
                   "MixedKernels task; task " +
           std::to_string(taskId_) + " has " + (hasAic_ ? "no AIV part" : "no AIC part");
  if (pipe < 0 || pipe >= kMaxPipeId)
    return where + "pipe ids are 0.." + std::to_string(kMaxPipeId - 1);
  if (dirMask < 1 || dirMask > 3)
    return where + "dir_mask " + std::to_string(dirMask) +
           " is not 1 (aic->aiv), 2 (aiv->aic) or 3 (both)";
  if (slotNum < 1 || slotNum > kMaxSlots)
    return where + "slot count " + std::to_string(slotNum) + " is not in 1.." +
           std::to_string(kMaxSlots);
  if (slotSize < 1)
    return where + "slot size 0";
  if (split < 0 || split > 2)
    return where + "split mode " + std::to_string(split) +
           " is not 0 (none), 1 (up-down) or 2 (left-right)";
  const int ndirs = (dirMask & kPipeC2V ? 1 : 0) + (dirMask & kPipeV2C ? 1 : 0);
  const uint64_t ringBytes = uint64_t(slotNum) * slotSize;
  if (ringBytes * ndirs > kMaxRingBytes)
    return where + std::to_string(slotNum) + " slots of " + std::to_string(slotSize) +
           " bytes exceed 1 GiB";
  const uintptr_t gm = reinterpret_cast<uintptr_t>(gmRing);
  if (gmRings_) {
    const uint64_t need = ringBytes * ndirs;
    if (gm == 0)
      return where + "on a2a3 the ring lives in GM: pass the GM ring buffer (" +
             std::to_string(need) + " bytes of a tensor argument of the task, this block's share)";
    bool inside = false;
    for (const GmRange &r : gm_)
      if (gm >= r.base && need <= r.bytes && gm - r.base <= r.bytes - need)
        inside = true;
    if (!inside)
      return where + "the GM ring [" + hex(gm) + ", +" + std::to_string(need) +
             " bytes) is not inside any tensor argument of the task";
  }

  auto it = decls_.find(pipe);
  if (it != decls_.end()) {
    Decl &d = it->second;
    const bool same = d.dirMask == dirMask && d.slotSize == slotSize && d.slotNum == slotNum &&
                      d.split == split && (!gmRings_ || d.gm == gm);
    if (!same) {
      auto text = [&](int32_t dm, uint32_t sn, uint32_t ss, int32_t sp, uintptr_t g) {
        std::string t = "dir_mask " + std::to_string(dm) + ", " + std::to_string(sn) +
                        " slots of " + std::to_string(ss) + " bytes, split " + std::to_string(sp);
        if (gmRings_)
          t += ", GM ring " + hex(g);
        return t;
      };
      return where + who(part) + " declares " + text(dirMask, slotNum, slotSize, split, gm) +
             " but " + who(d.firstPart) + " declared " +
             text(d.dirMask, d.slotNum, d.slotSize, d.split, d.gm);
    }
    d.initMask |= 1u << part;
    return "";
  }

  Decl d;
  d.dirMask = dirMask;
  d.slotSize = slotSize;
  d.slotNum = slotNum;
  d.split = split;
  d.gm = gm;
  d.firstPart = part;
  d.initMask = 1u << part;
  int k = 0;
  for (int32_t dir : {kPipeC2V, kPipeV2C}) {
    if (!(dirMask & dir))
      continue;
    Channel ch;
    ch.pipe = pipe;
    ch.dir = dir;
    ch.slotSize = slotSize;
    ch.slotNum = slotNum;
    ch.split = split;
    ch.producers = dir == kPipeC2V ? 1 : numAiv_;
    ch.consumers = dir == kPipeC2V ? numAiv_ : 1;
    ch.meta.assign(size_t(slotNum) * 2, PipeTileDesc{0, 0, 0, 0});
    if (gmRings_) {
      ch.ring = reinterpret_cast<uint8_t *>(gm) + k * ringBytes;
    } else {
      ch.own.reset(new (std::nothrow) uint8_t[ringBytes]);
      if (!ch.own)
        return where + "out of host memory for a ring of " + std::to_string(ringBytes) + " bytes";
      ch.ring = ch.own.get();
    }
    channels_[int64_t(pipe) * 4 + dir] = std::move(ch);
    ++k;
  }
  decls_[pipe] = d;
  return "";
}

PipeGroup::Channel *PipeGroup::channelFor(int part, int32_t pipe, Op op, const char *opText,
                                          std::string &err) {
  const std::string where = std::string(opText) + " on pipe " + std::to_string(pipe) + ": ";
  auto d = decls_.find(pipe);
  if (d == decls_.end() || !(d->second.initMask & (1u << part))) {
    err = where + "used before TPIPE_INIT on this core (" + who(part) + ")";
    return nullptr;
  }
  const bool aic = parts_[part].info.aic;
  // AIC pushes C2V and pops V2C; AIV the reverse.
  const int32_t dir = (op == Op::Push) == aic ? kPipeC2V : kPipeV2C;
  if (!(d->second.dirMask & dir)) {
    err = where + "the pipe is not initialised for " + dirName(dir) + " (dir_mask " +
          std::to_string(d->second.dirMask) + ")";
    return nullptr;
  }
  return &channels_[int64_t(pipe) * 4 + dir];
}

PipeGroup::Channel *PipeGroup::liveChannel(int part, int32_t pipe, Op op, const char *opText,
                                           std::string &err) {
  if (aborted_) {
    err = reason_;
    return nullptr;
  }
  return channelFor(part, pipe, op, opText, err);
}

//===----------------------------------------------------------------------===//
// Waiting
//===----------------------------------------------------------------------===//

bool PipeGroup::canPush(const Channel &ch, int lane) {
  uint64_t minFreed = UINT64_MAX;
  for (int j = 0; j < ch.consumers; ++j)
    minFreed = std::min(minFreed, ch.freed[j]);
  return ch.pushed[lane] < minFreed + ch.slotNum;
}

bool PipeGroup::canPop(const Channel &ch, int lane) {
  uint64_t minPushed = UINT64_MAX;
  for (int i = 0; i < ch.producers; ++i)
    minPushed = std::min(minPushed, ch.pushed[i]);
  return ch.popped[lane] < minPushed;
}

std::string PipeGroup::describeWaitLocked(const Part &p) const {
  const Channel &ch = *p.waitChannel;
  std::string s = std::string(p.waitOp == Op::Push ? "tpush" : "tpop") + " on pipe " +
                  std::to_string(ch.pipe);
  if (p.waitOp == Op::Push) {
    uint64_t minFreed = UINT64_MAX;
    int lagging = 0;
    for (int j = 0; j < ch.consumers; ++j)
      if (ch.freed[j] < minFreed) {
        minFreed = ch.freed[j];
        lagging = j;
      }
    s += " (no free slot: " + std::to_string(ch.slotNum) + " of " + std::to_string(ch.slotNum) +
         " in use";
    if (ch.consumers > 1)
      s += ", waiting for aiv lane " + std::to_string(lagging) + " to tfree";
    return s + ")";
  }
  if (ch.producers > 1) {
    for (int i = 0; i < ch.producers; ++i)
      if (ch.pushed[i] <= ch.popped[p.waitLane])
        return s + " (no data from aiv lane " + std::to_string(i) + ")";
  }
  return s + " (no data)";
}

bool PipeGroup::deadlockedLocked() const {
  bool anyWaiting = false;
  for (const Part &p : parts_) {
    if (p.state == State::Done)
      continue;
    if (p.state == State::NotStarted || !p.waiting)
      return false;
    const bool ready =
        p.waitOp == Op::Push ? canPush(*p.waitChannel, p.waitLane) : canPop(*p.waitChannel, p.waitLane);
    if (ready)
      return false;
    anyWaiting = true;
  }
  return anyWaiting;
}

std::string PipeGroup::deadlockMessageLocked() const {
  std::string m = "cross-core pipe deadlock (task " + std::to_string(taskId_) + ", block " +
                  std::to_string(block_) + "): ";
  for (size_t i = 0; i < parts_.size(); ++i) {
    if (i)
      m += "; ";
    const Part &p = parts_[i];
    m += who(int(i));
    if (p.state == State::Done)
      m += " has finished";
    else
      m += " waits in " + describeWaitLocked(p);
  }
  return m;
}

void PipeGroup::abortLocked(const std::string &reason) {
  if (!aborted_) {
    aborted_ = true;
    reason_ = reason;
  }
  cv_.notify_all();
}

std::string PipeGroup::waitLocked(std::unique_lock<std::mutex> &lock, int part, Op op,
                                  Channel *ch, int lane) {
  auto ready = [&] { return op == Op::Push ? canPush(*ch, lane) : canPop(*ch, lane); };
  Part &p = parts_[part];
  for (;;) {
    if (aborted_) {
      p.waiting = false;
      return reason_;
    }
    if (ready()) {
      p.waiting = false;
      return "";
    }
    p.waiting = true;
    p.waitOp = op;
    p.waitChannel = ch;
    p.waitLane = lane;
    if (deadlockedLocked())
      abortLocked(deadlockMessageLocked());
    else
      cv_.wait(lock);
  }
}

//===----------------------------------------------------------------------===//
// Push / pop / free
//===----------------------------------------------------------------------===//

uint8_t *PipeGroup::regionOf(Channel &ch, uint64_t seq, int producerLane,
                             uint64_t *capacity) const {
  uint8_t *slot = ch.ring + (seq % ch.slotNum) * uint64_t(ch.slotSize);
  if (ch.producers == 1) {
    *capacity = ch.slotSize;
    return slot;
  }
  if (ch.split == 0) { // both lanes push; only lane 0's data is delivered
    *capacity = producerLane == 0 ? ch.slotSize : 0;
    return producerLane == 0 ? slot : nullptr;
  }
  *capacity = ch.slotSize / 2;
  return slot + uint64_t(producerLane) * (ch.slotSize / 2);
}

std::string PipeGroup::pushAcquire(int part, int32_t pipe, uint8_t **data, uint64_t *capacity) {
  std::unique_lock<std::mutex> lock(mu_);
  *data = nullptr;
  *capacity = 0;
  std::string err;
  Channel *ch = liveChannel(part, pipe, Op::Push, "TPUSH", err);
  if (!ch)
    return err;
  const int lane = laneOf(part);
  if (ch->acquired[lane])
    return "TPUSH on pipe " + std::to_string(pipe) + ": the previous push is not committed";
  err = waitLocked(lock, part, Op::Push, ch, lane);
  if (!err.empty())
    return err;
  *data = regionOf(*ch, ch->pushed[lane], lane, capacity);
  ch->acquired[lane] = true;
  return "";
}

std::string PipeGroup::pushCommit(int part, int32_t pipe, const PipeTileDesc &desc) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string err;
  Channel *ch = liveChannel(part, pipe, Op::Push, "TPUSH", err);
  if (!ch)
    return err;
  const int lane = laneOf(part);
  if (!ch->acquired[lane])
    return "TPUSH on pipe " + std::to_string(pipe) + ": commit without an acquired slot";
  if (desc.rows < 0 || desc.cols < 0)
    return "TPUSH on pipe " + std::to_string(pipe) + ": negative valid shape";
  ch->meta[(ch->pushed[lane] % ch->slotNum) * 2 + lane] = desc;
  ch->acquired[lane] = false;
  ++ch->pushed[lane];
  cv_.notify_all();
  return "";
}

std::string PipeGroup::pop(int part, int32_t pipe, PipeSlotView *out) {
  std::unique_lock<std::mutex> lock(mu_);
  *out = PipeSlotView{};
  std::string err;
  Channel *ch = liveChannel(part, pipe, Op::Pop, "TPOP", err);
  if (!ch)
    return err;
  const int lane = laneOf(part);
  err = waitLocked(lock, part, Op::Pop, ch, lane);
  if (!err.empty())
    return err;
  const uint64_t seq = ch->popped[lane];
  out->num_parts = ch->producers;
  out->split = ch->split;
  out->lane = lane;
  out->num_lanes = ch->consumers;
  out->slot = static_cast<uint32_t>(seq % ch->slotNum);
  out->slot_size = ch->slotSize;
  for (int i = 0; i < ch->producers && i < 2; ++i) {
    uint64_t cap = 0;
    out->data[i] = regionOf(*ch, seq, i, &cap);
    out->part[i] = ch->meta[(seq % ch->slotNum) * 2 + i];
  }
  ++ch->popped[lane];
  return "";
}

std::string PipeGroup::free(int part, int32_t pipe) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string err;
  Channel *ch = liveChannel(part, pipe, Op::Pop, "TFREE", err);
  if (!ch)
    return err;
  const int lane = laneOf(part);
  if (ch->freed[lane] >= ch->popped[lane])
    return "TFREE on pipe " + std::to_string(pipe) + ": no popped slot to free (" +
           std::to_string(ch->popped[lane]) + " popped, all freed)";
  ++ch->freed[lane];
  cv_.notify_all();
  return "";
}

//===----------------------------------------------------------------------===//
// Part states, abort, status
//===----------------------------------------------------------------------===//

void PipeGroup::partStarted(int part) {
  std::lock_guard<std::mutex> lock(mu_);
  parts_[part].state = State::Running;
}

void PipeGroup::partFinished(int part) {
  std::lock_guard<std::mutex> lock(mu_);
  parts_[part].state = State::Done;
  parts_[part].waiting = false;
  if (!aborted_ && deadlockedLocked())
    abortLocked(deadlockMessageLocked());
  cv_.notify_all();
}

void PipeGroup::abort(const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  abortLocked(reason);
}

std::string PipeGroup::waiting(int part) {
  std::lock_guard<std::mutex> lock(mu_);
  const Part &p = parts_[part];
  return p.waiting ? describeWaitLocked(p) : std::string();
}

} // namespace pypto::runtime::detail
