//===- ExecutorTrace.cpp - runtime DFX records of a run ---------*- C++ -*-===//

#include "ExecutorImpl.h"

#include <cstring>

namespace pypto::runtime::executor {

namespace {
const char *tagName(TensorArgType tag) {
  switch (tag) {
  case TensorArgType::INPUT:
    return "INPUT";
  case TensorArgType::OUTPUT:
    return "OUTPUT";
  case TensorArgType::INOUT:
    return "INOUT";
  case TensorArgType::OUTPUT_EXISTING:
    return "OUTPUT_EXISTING";
  case TensorArgType::NO_DEP:
    return "NO_DEP";
  }
  return "UNKNOWN";
}

/// The logical view of `t`, gathered into contiguous bytes.
std::vector<uint8_t> gatherView(const ChipTensor &t) {
  const uint32_t es = t.element_size();
  const uint64_t n = t.numel();
  std::vector<uint8_t> out(n * es);
  if (n == 0 || t.buffer.addr == 0)
    return out;
  const uint8_t *base = reinterpret_cast<const uint8_t *>(t.buffer.addr);
  uint32_t index[MAX_TENSOR_DIMS] = {};
  for (uint64_t k = 0; k < n; ++k) {
    uint64_t offset = t.start_offset;
    for (uint32_t d = 0; d < t.ndims; ++d)
      offset += uint64_t(index[d]) * t.strides[d];
    std::memcpy(out.data() + k * es, base + offset * es, es);
    for (int d = int(t.ndims) - 1; d >= 0; --d) {
      if (++index[d] < t.shapes[d])
        break;
      index[d] = 0;
    }
  }
  return out;
}
} // namespace

void Run::traceSubmit(const Task &task, const MixedKernels &kernels,
                      const std::vector<TaskKey> &deps) {
  RunTrace::Task record;
  record.id = task.id;
  record.kernelIds[0] = kernels.aic;
  record.kernelIds[1] = kernels.aiv0;
  record.kernelIds[2] = kernels.aiv1;
  record.blockNum = task.blockNum;
  for (size_t i = 0; i < task.tensors.size(); ++i)
    record.args.push_back({int32_t(i), tagName(task.tags[i]), task.tensors[i]});
  std::lock_guard<std::mutex> lock(traceMu_);
  trace_->tasks.push_back(std::move(record));
  for (TaskKey d : deps)
    trace_->edges.push_back({d, task.id});
}

void Run::traceDump(const Task &task, bool before) {
  for (size_t i = 0; i < task.tensors.size(); ++i) {
    const TensorArgType tag = task.tags[i];
    const bool in = tag == TensorArgType::INPUT || tag == TensorArgType::INOUT;
    const bool out = tag == TensorArgType::OUTPUT ||
                     tag == TensorArgType::OUTPUT_EXISTING ||
                     tag == TensorArgType::INOUT;
    if (before ? !in : !out)
      continue;
    const ChipTensor &t = task.tensors[i];
    RunTrace::Dump dump;
    dump.taskId = task.id;
    dump.argIndex = int32_t(i);
    dump.role = tag == TensorArgType::INOUT ? "inout"
                : before                    ? "input"
                                            : "output";
    dump.stage = before ? "before_dispatch" : "after_completion";
    dump.dtype = t.dtype;
    dump.shape.assign(t.shapes, t.shapes + t.ndims);
    dump.bytes = gatherView(t);
    std::lock_guard<std::mutex> lock(traceMu_);
    trace_->dumps.push_back(std::move(dump));
  }
}

void Run::traceExec(const Job &job, const Worker &w, double startUs,
                    double endUs) {
  const Part &part = job.task->parts[job.part];
  RunTrace::Exec exec;
  exec.taskId = job.task->id;
  exec.funcId = part.kernel->info.funcId;
  exec.kernel = part.kernel->info.name;
  exec.block = job.block;
  exec.coreType = w.type;
  exec.core = w.index;
  exec.dispatchUs = job.dispatchUs;
  exec.startUs = startUs;
  exec.endUs = endUs;
  std::lock_guard<std::mutex> lock(traceMu_);
  trace_->execs.push_back(std::move(exec));
}
} // namespace pypto::runtime::executor
