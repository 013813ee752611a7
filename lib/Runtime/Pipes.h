//===- Pipes.h - Cross-core pipes of one mixed task block (internal) -*- C++ -*-===//
//
// The pipes between the AIC part and the AIV part(s) of one block of a
// MixedKernels task: rings of slots with producer/consumer counters, waited on
// with a condition variable. The kernel side (pto/pipe.hpp) copies the data;
// this class hands out slot memory, keeps the slot metadata and blocks.
//
// Every pipe id declares directions (C2V: AIC -> AIV lanes, V2C: AIV lanes ->
// AIC); each direction is a channel with `slotNum` slots of `slotSize` bytes.
// A slot is free for producer lane i's n-th push when every consumer lane has
// freed slot n - slotNum; it is ready for a consumer's n-th pop when every
// producer lane has pushed n times. A deadlock (every unfinished part waiting
// on a pipe, none able to proceed) is detected at once; a run failure or the
// watchdog aborts the group, which wakes every waiter with an error.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_RUNTIME_PIPES_H
#define PYPTO_LIB_RUNTIME_PIPES_H

#include "pypto/Runtime/pto/sim/core_context.hpp"

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pypto::runtime::detail {

struct PipePartInfo {
  bool aic = false;   // the AIC part (else an AIV lane)
  int lane = 0;       // AIV lane (0 or 1); 0 on the AIC
  std::string kernel; // for messages
};

class PipeGroup {
public:
  /// `gmRings`: rings live in GM (a2a3) and must lie inside `gm` (the task's
  /// tensor buffers); otherwise they are private memory (a5: the consumer's
  /// on-chip buffer, not charged to its arena).
  PipeGroup(uint64_t taskId, int block, bool gmRings, std::vector<PipePartInfo> parts,
            std::vector<pto::sim::GmRange> gm);

  // The hooks; each returns "" or an error message for the calling part.
  std::string init(int part, int32_t pipe, int32_t dirMask, uint32_t slotSize, uint32_t slotNum,
                   int32_t split, void *gmRing);
  std::string pushAcquire(int part, int32_t pipe, uint8_t **data, uint64_t *capacity);
  std::string pushCommit(int part, int32_t pipe, const pto::sim::PipeTileDesc &desc);
  std::string pop(int part, int32_t pipe, pto::sim::PipeSlotView *out);
  std::string free(int part, int32_t pipe);

  void partStarted(int part);
  void partFinished(int part);
  /// Wake every waiter with `reason` (the first abort wins); later calls fail.
  void abort(const std::string &reason);
  /// What `part` waits for ("tpop on pipe 0 (no data)"), or "" when it does not wait.
  std::string waiting(int part);

  uint64_t taskId() const { return taskId_; }
  int block() const { return block_; }
  const PipePartInfo &part(int i) const { return parts_[i].info; }

private:
  struct Decl {
    int32_t dirMask = 0;
    uint32_t slotSize = 0, slotNum = 0;
    int32_t split = 0;
    uintptr_t gm = 0;
    int firstPart = 0;
    uint32_t initMask = 0; // parts that called init
  };
  struct Channel {
    int32_t pipe = 0;
    int32_t dir = 0; // kPipeC2V or kPipeV2C
    uint32_t slotSize = 0, slotNum = 0;
    int32_t split = 0;
    uint8_t *ring = nullptr;
    std::unique_ptr<uint8_t[]> own;
    int producers = 1, consumers = 1;
    uint64_t pushed[2] = {0, 0}, popped[2] = {0, 0}, freed[2] = {0, 0};
    bool acquired[2] = {false, false};
    std::vector<pto::sim::PipeTileDesc> meta; // slotNum x 2
  };
  enum class State { NotStarted, Running, Done };
  enum class Op { Push, Pop };
  struct Part {
    PipePartInfo info;
    State state = State::NotStarted;
    bool waiting = false;
    Op waitOp = Op::Push;
    Channel *waitChannel = nullptr;
    int waitLane = 0;
  };

  std::string opName(Op op) const { return op == Op::Push ? "TPUSH" : "TPOP"; }
  std::string who(int part) const;
  Channel *channelFor(int part, int32_t pipe, Op op, const char *opText, std::string &err);
  // channelFor, after the task's abort check (the mutex is held).
  Channel *liveChannel(int part, int32_t pipe, Op op, const char *opText, std::string &err);
  int laneOf(int part) const { return parts_[part].info.aic ? 0 : parts_[part].info.lane; }
  static bool canPush(const Channel &ch, int lane);
  static bool canPop(const Channel &ch, int lane);
  std::string describeWaitLocked(const Part &p) const;
  bool deadlockedLocked() const;
  std::string deadlockMessageLocked() const;
  void abortLocked(const std::string &reason);
  std::string waitLocked(std::unique_lock<std::mutex> &lock, int part, Op op, Channel *ch,
                         int lane);
  uint8_t *regionOf(Channel &ch, uint64_t seq, int producerLane, uint64_t *capacity) const;

  const uint64_t taskId_;
  const int block_;
  const bool gmRings_;
  const std::vector<pto::sim::GmRange> gm_;
  bool hasAic_ = false;
  int numAiv_ = 0;

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Part> parts_;
  std::map<int32_t, Decl> decls_;
  std::map<int64_t, Channel> channels_; // pipe * 4 + dir
  bool aborted_ = false;
  std::string reason_;
};

} // namespace pypto::runtime::detail

#endif // PYPTO_LIB_RUNTIME_PIPES_H
