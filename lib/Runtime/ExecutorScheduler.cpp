//===- ExecutorScheduler.cpp - dispatch and workers -------------*- C++ -*-===//

#include "ExecutorImpl.h"

namespace pypto::runtime::executor {

namespace {

/// Workers spinning in waitForJob, over every run of the process.
std::atomic<unsigned> gSpinningWorkers{0};

/// `w` (idle, under Run::mu_) no longer counts as spinning.
void stopSpinning(Worker *w) {
  if (w->spinning.load(std::memory_order_relaxed)) {
    w->spinning.store(false, std::memory_order_relaxed);
    gSpinningWorkers.fetch_sub(1, std::memory_order_relaxed);
  }
}

/// CoreContext::raise: the exception unwinds the kernel to runJob.
__attribute__((noreturn)) void raiseFromKernel(CoreContext *,
                                               const char *message) {
  throw KernelRaise(message ? message : "(no message)");
}

} // namespace

//===----------------------------------------------------------------------===//
// Scheduler (all under mu_).
//===----------------------------------------------------------------------===//

void Run::failLocked(const std::string &message) {
  if (!failed_) {
    failed_ = true;
    error_ = message;
    failedFlag_.store(true, std::memory_order_release);
    // Release the parts blocked on pipes: their peers may never come.
    for (auto &w : workers_)
      if (w->running && w->job.group)
        w->job.group->abort("aborted: the run failed");
  }
  orchCv_.notify_all();
  barrierCv_.notify_all(); // parts in SYNCALL return
}

void Run::enqueueLocked(Task *t) { ready_[t->queue].push_back(t); }

void Run::completeLocked(Task *first) {
  std::vector<Task *> &work = completionWork_; // not reentered
  work.assign(1, first);
  while (!work.empty()) {
    Task *t = work.back();
    work.pop_back();
    if (trace_ && trace_->dumpTensors && !t->parts.empty() && !failed_)
      traceDump(*t, /*before=*/false);
    {
      // The orchestrator forgets it in its tracker (retireFinishedTasks).
      std::lock_guard<std::mutex> ids(finishedIdsMu_);
      finishedIds_.push_back(t->id);
    }
    for (Task *c : t->consumers) {
      --depEntries_[c->ring];
      if (--c->fanin != 0)
        continue;
      if (c->parts.empty() || failed_)
        work.push_back(c); // dummy, or cancelled after an error
      else
        enqueueLocked(c);
    }
    --liveByRing_[t->ring];
    auto it = live_.find(t->id);
    if (it == live_.end())
      continue;
    std::unique_ptr<Task> record = std::move(it->second);
    live_.erase(it);
    record->buffers.clear(); // may free buffers (heap); reset() on reuse
    finishedTasks_.push_back(std::move(record));
  }
  orchCv_.notify_all();
}

void Run::startWorkerLocked(int type) {
  auto w = std::make_unique<Worker>();
  w->type = type == 0 ? CoreType::AIC : CoreType::AIV;
  w->index = started_[type];
  w->run = this;
  Worker *raw = w.get();
  raw->thread = std::thread(&Run::workerLoop, this, raw);
  workers_.push_back(std::move(w));
  idle_[type].push_back(raw);
  ++started_[type];
}

bool Run::reserveWorkersLocked(int type, unsigned count, bool beyondSoftCap) {
  const unsigned cap = beyondSoftCap ? hardCap_[type] : softCap_[type];
  while (idle_[type].size() < count && started_[type] < cap) {
    try {
      startWorkerLocked(type);
    } catch (const std::exception &e) {
      // Out of threads: live with the workers we have.
      hardCap_[type] = softCap_[type] = started_[type];
      if (started_[type] == 0)
        failLocked(std::string("cannot start a worker thread: ") + e.what());
      break;
    }
  }
  return idle_[type].size() >= count;
}

void Run::dispatchLocked() {
  if (holdDispatch_ && !failed_)
    return;
  for (bool progress = true; progress;) {
    progress = false;
    for (int q = 0; q < NumQueues; ++q) {
      while (!ready_[q].empty()) {
        Task *t = ready_[q].front();
        if (failed_) {
          // Cancel the blocks not dispatched yet.
          ready_[q].pop_front();
          t->unitsRemaining -=
              int64_t(t->blockNum - t->nextBlock) * int64_t(t->parts.size());
          t->nextBlock = t->blockNum;
          if (t->unitsRemaining == 0)
            completeLocked(t);
          progress = true;
          continue;
        }
        const unsigned blocks =
            t->syncStart ? unsigned(t->blockNum - t->nextBlock) : 1u;
        bool ok = true;
        for (int type = 0; type < 2 && ok; ++type)
          if (t->need[type])
            ok = reserveWorkersLocked(type, t->need[type] * blocks,
                                      t->syncStart);
        if (!ok)
          break; // wait for workers to come back
        if (t->nextBlock == 0 && trace_ && trace_->dumpTensors)
          traceDump(*t, /*before=*/true);
        for (unsigned b = 0; b < blocks; ++b) {
          const int32_t block = t->nextBlock++;
          // The parts of one block of a mixed task share its pipes.
          std::shared_ptr<PipeGroup> group;
          if (t->parts.size() > 1) {
            std::vector<PipePartInfo> infos;
            int lane = 0;
            for (const Part &p : t->parts) {
              PipePartInfo info;
              info.aic = p.type == CoreType::AIC;
              info.lane = info.aic ? 0 : lane++;
              info.kernel = p.kernel->info.name;
              infos.push_back(std::move(info));
            }
            group = std::make_shared<PipeGroup>(
                t->id, block, device_.arch == pto::sim::Arch::A2A3,
                std::move(infos), t->gm);
          }
          for (size_t p = 0; p < t->parts.size(); ++p)
            handJobLocked(typeIndex(t->parts[p].type),
                          Job{t, trace_ ? sinceStartUs() : 0.0, int32_t(p),
                              block, nextJobSerial_++, group, int(p)});
        }
        stats_.maxConcurrentKernels =
            std::max(stats_.maxConcurrentKernels, running_);
        if (t->nextBlock >= t->blockNum)
          ready_[q].pop_front();
        progress = true;
      }
    }
  }
}

void Run::handJobLocked(int type, Job job) {
  std::vector<Worker *> &idle = idle_[type];
  // A spinning worker starts at once; a sleeping one must be woken.
  for (size_t i = idle.size(); i-- > 0;)
    if (idle[i]->spinning.load(std::memory_order_relaxed)) {
      std::swap(idle[i], idle.back());
      break;
    }
  Worker *w = idle.back();
  idle.pop_back();
  w->job = std::move(job);
  w->running = true;
  w->touch();
  ++running_;
  stopSpinning(w);
  w->hasJob.store(true, std::memory_order_release);
  w->cv.notify_one(); // no system call unless it sleeps
}

//===----------------------------------------------------------------------===//
// Workers.
//===----------------------------------------------------------------------===//

namespace {

/// How long an idle worker spins before it sleeps. Tasks submitted in a loop
/// arrive every few microseconds; a kernel's end rarely finds the next one
/// further away than this.
constexpr int64_t kSpinNs = 50'000;

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

} // namespace

bool Run::waitForJob(Worker *w) {
  // Spin a while before sleeping, while the host has a core for it (the
  // worker was marked spinning when it became idle): a job handed to a
  // spinning worker starts without a wake-up (a system call on each side
  // and a context switch, most of what a tiny task cost).
  const int64_t start = nowNs();
  for (unsigned i = 1;; ++i) {
    if (w->hasJob.load(std::memory_order_acquire))
      return true;
    if (i % 64 == 0 && (!w->spinning.load(std::memory_order_relaxed) ||
                        nowNs() - start >= kSpinNs))
      break;
    cpuRelax();
  }
  std::unique_lock<std::mutex> lock(mu_);
  stopSpinning(w); // no job came
  w->cv.wait(lock, [&] {
    return w->hasJob.load(std::memory_order_relaxed) || shutdown_;
  });
  return w->hasJob.load(std::memory_order_relaxed);
}

void Run::workerLoop(Worker *w) {
  detail::AltStack altStack; // fault handlers run here (stack overflows too)
  {
    std::lock_guard<std::mutex> lock(mu_);
    w->guard = detail::currentGuardState();
  }
  while (waitForJob(w)) {
    // handJobLocked published the job (and may still hold the lock).
    const Job job = w->job;
    w->hasJob.store(false, std::memory_order_relaxed);
    const std::string error = runJob(w, job);
    std::lock_guard<std::mutex> lock(mu_);
    finishJobLocked(w, job, error);
    dispatchLocked();
  }
}

void Run::finishJobLocked(Worker *w, const Job &job, const std::string &error) {
  --running_;
  ++stats_.blocksExecuted;
  if (!error.empty())
    failLocked(error); // first, so that it wins over the peers' pipe errors
  barrierPartEndedLocked(w);
  w->syncalls = 0;
  if (job.group)
    job.group->partFinished(job.groupPart);
  w->running = false;
  w->job = Job{};
  idle_[typeIndex(w->type)].push_back(w);
  // Spin only where a host core is free: not taken by the orchestrator, a
  // running kernel, or a spinning worker (of any run: a multi-card run has
  // one per rank).
  if (gSpinningWorkers.load(std::memory_order_relaxed) + running_ <
      maxSpinning_) {
    w->spinning.store(true, std::memory_order_relaxed);
    gSpinningWorkers.fetch_add(1, std::memory_order_relaxed);
  }
  if (--job.task->unitsRemaining == 0)
    completeLocked(job.task);
}

std::string Run::runJob(Worker *w, const Job &job) {
  const Task &t = *job.task;
  const Part &part = t.parts[job.part];
  if (!w->arenasReady) {
    w->arenasReady = true;
    for (int s = 0; s < kNumSpaces; ++s) {
      const Space space = static_cast<Space>(s);
      if (!DeviceSpec::hasSpace(w->type, space) || device_.capacity[s] == 0)
        continue;
      w->ctx.base[s] =
          static_cast<uint8_t *>(std::calloc(device_.capacity[s], 1));
      if (!w->ctx.base[s])
        return "simulated " + std::string(coreTypeName(w->type)) + " core " +
               std::to_string(w->index) + ": out of host memory for its " +
               pto::sim::spaceName(space) + " arena";
      w->ctx.capacity[s] = device_.capacity[s];
    }
  }
  const size_t nt = t.tensors.size();
  for (size_t i = 0; i < nt; ++i) {
    w->tensors[i] = t.tensors[i];
    w->args[i] =
        static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->tensors[i]));
  }
  for (size_t s = 0; s < t.scalars.size(); ++s)
    w->args[nt + s] = static_cast<int64_t>(t.scalars[s]);
  for (size_t i = nt + t.scalars.size(); i < PTO2_LOCAL_CONTEXT_SLOT; ++i)
    w->args[i] = 0;
  w->local.block_idx = job.block;
  w->local.block_num = t.blockNum;
  w->global.sub_block_id = part.subBlock;
  w->args[PTO2_LOCAL_CONTEXT_SLOT] =
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->local));
  w->args[PTO2_GLOBAL_CONTEXT_SLOT] =
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(&w->global));

  CoreContext &ctx = w->ctx;
  ctx.kernel_name = part.kernel->info.name.c_str();
  ctx.raise = &raiseFromKernel;
  ctx.runtime_data = w;
  ctx.abi_version = pto::sim::kCoreContextAbiVersion;
  ctx.core_type = w->type == CoreType::AIC ? 0 : 1;
  ctx.aiv_lane = job.group ? job.group->part(job.groupPart).lane : 0;
  ctx.num_aiv_lanes = int32_t(t.need[1]);
  ctx.has_aic = t.need[0] ? 1 : 0;
  ctx.reserved0 = 0;
  ctx.pipe_init = &Run::hookPipeInit;
  ctx.pipe_push_acquire = &Run::hookPushAcquire;
  ctx.pipe_push_commit = &Run::hookPushCommit;
  ctx.pipe_pop = &Run::hookPop;
  ctx.pipe_free = &Run::hookFree;
  ctx.gm_ranges = t.gm.empty() ? nullptr : t.gm.data();
  ctx.num_gm_ranges = uint32_t(t.gm.size());
  ctx.arch = static_cast<int32_t>(device_.arch);
  ctx.rank = options_.comm ? options_.rank : 0;
  ctx.num_ranks = options_.comm ? options_.comm->numRanks() : 1;
  ctx.comm_notify = &Run::hookCommNotify;
  ctx.comm_wait = &Run::hookCommWait;
  ctx.sync_all = &Run::hookSyncAll;

  if (job.group)
    job.group->partStarted(job.groupPart);
  const double startUs = trace_ ? sinceStartUs() : 0.0;
  struct Call {
    const LoadedKernel *kernel;
    Worker *w;
    std::string error;
  } call{part.kernel, w, {}};
  CrashInfo crash;
  const bool completed = detail::runGuarded(
      [](void *p) {
        Call *c = static_cast<Call *>(p);
        try {
          c->kernel->bindCore(&c->w->ctx);
          c->kernel->entry(c->w->args);
        } catch (const std::exception &e) {
          c->error = e.what();
          if (c->error.empty())
            c->error = "exception";
        } catch (...) {
          c->error = "unknown exception";
        }
      },
      &call, job.serial, crash, detail::MaskOnEntry::Unchanged);
  part.kernel->bindCore(nullptr);
  w->touch();
  if (trace_ && trace_->timeline)
    traceExec(job, *w, startUs, sinceStartUs());
  if (completed && call.error.empty())
    return {};
  const std::string who = "kernel '" + part.kernel->info.name + "' (task " +
                          std::to_string(t.id) + ")";
  if (!completed) {
    if (crash.interrupted)
      return who + ": interrupted by the watchdog";
    return who + ": crashed with " + detail::describeCrash(crash) + " on " +
           coreTypeName(w->type) + " core " + std::to_string(w->index) +
           ", block " + std::to_string(job.block);
  }
  // The tile library names the kernel itself ("kernel 'k': ...").
  std::string error = call.error;
  const std::string named = "kernel '" + part.kernel->info.name + "': ";
  if (error.rfind(named, 0) == 0)
    error.erase(0, named.size());
  return who + ": " + error;
}

} // namespace pypto::runtime::executor
