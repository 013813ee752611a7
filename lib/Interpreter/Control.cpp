//===- Control.cpp - the interpreter's loops, branches, calls ---*- C++ -*-===//

#include "InterpreterImpl.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include <limits>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

void Interpreter::runFor(Operation *op, Frame &f) {
  auto loop = cast<scf::ForOp>(op);
  Scalar lower = scalar(f, loop.getLowerBound());
  int64_t upper = index(f, loop.getUpperBound());
  int64_t step = index(f, loop.getStep());
  if (step <= 0)
    fail(op, "the loop's step is " + Twine(step) + "; it must be positive");
  SmallVector<RtValue> carried;
  for (Value init : loop.getInitArgs())
    carried.push_back(lookup(f, init));
  Block &body = *loop.getBody();
  for (int64_t iv = lower.i; iv < upper; iv += step) {
    set(f, loop.getInductionVar(), makeInt(lower.type, iv));
    for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), carried))
      set(f, arg, value);
    carried = runBlock(body, f);
    if (iv > std::numeric_limits<int64_t>::max() - step)
      break;
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), carried))
    set(f, result, value);
}

void Interpreter::runIf(Operation *op, Frame &f) {
  auto branch = cast<scf::IfOp>(op);
  Region &region = scalar(f, branch.getCondition()).i ? branch.getThenRegion()
                                                      : branch.getElseRegion();
  if (region.empty())
    return;
  SmallVector<RtValue> results = runBlock(region.front(), f);
  for (auto [result, value] : llvm::zip(branch.getResults(), results))
    set(f, result, value);
}

static constexpr unsigned kMaxCallDepth = 256;

void Interpreter::runFuncCall(Operation *op, Frame &f) {
  auto call = cast<func::CallOp>(op);
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    fail(op, "the reference interpreter cannot call '" + call.getCallee() +
                 "': it has no body");
  // A helper's call is its body on the arguments (what pypto-inline-helpers
  // makes of it); a cycle of calls would never end.
  if (f.callDepth >= kMaxCallDepth)
    fail(op, "calls nest more than " + Twine(kMaxCallDepth) +
                 " deep: the helpers call each other in a cycle");
  SmallVector<RtValue> args;
  for (Value v : call.getOperands())
    args.push_back(lookup(f, v));
  ++f.callDepth;
  SmallVector<RtValue> results = invoke(callee, args, f, nullptr);
  --f.callDepth;
  for (auto [result, value] : llvm::zip(call.getResults(), results))
    set(f, result, value);
}

/// The block count of an SPMD region or call: its constant, or the run-time
/// value, which the launch spec needs in 1..2^31-1.
int64_t Interpreter::blockCount(Operation *op, std::optional<uint64_t> constant,
                                Value runTime, Frame &f) {
  if (!runTime)
    return constant ? int64_t(*constant) : 1;
  int64_t count = index(f, runTime);
  if (count < 1 || count > INT32_MAX)
    fail(op,
         "block count " + Twine(count) + " is not in 1.." + Twine(INT32_MAX));
  return count;
}

/// Task ids are numbers, none is -1. The interpreter runs tasks in program
/// order, which every dependency (derived or named) allows: it needs the
/// ids only as values.
void Interpreter::newTask(Frame &f, Value task) {
  if (task)
    set(f, task, makeInt(IndexType::get(task.getContext()), numTasks++));
}

/// pypto.no_task, pypto.task_dummy and pypto.scope (whose body runs
/// in order like any other).
void Interpreter::runTask(Operation *op, Frame &f) {
  if (auto none = dyn_cast<pp::NoTaskOp>(op)) {
    set(f, none, makeInt(IndexType::get(op->getContext()), -1));
    return;
  }
  if (isa<pp::ScopeYieldOp>(op))
    return; // read by the scope (runBlock stops at a terminator)
  if (auto dummy = dyn_cast<pp::TaskDummyOp>(op)) {
    newTask(f, dummy);
    return;
  }
  auto scope = cast<pp::ScopeOp>(op);
  SmallVector<RtValue> results = runBlock(scope.getBody().front(), f);
  for (auto [result, value] : llvm::zip(scope.getResults(), results))
    set(f, result, value);
}

/// An orchestration array is an int64 tensor, shared by reference: its
/// integers wrapped to the element type, task ids as numbers (none -1).
void Interpreter::runArray(Operation *op, Frame &f) {
  if (auto create = dyn_cast<pp::ArrayCreateOp>(op)) {
    pp::ArrayType type = create.getType();
    int64_t none = isa<pp::TaskType>(type.getElementType()) ? -1 : 0;
    set(f, create, at::full({type.getSize()}, none, at::kLong));
    return;
  }
  auto get = dyn_cast<pp::ArrayGetOp>(op);
  Value arrayValue = get ? get.getArray() : cast<pp::ArraySetOp>(op).getArray();
  Value indexValue = get ? get.getIndex() : cast<pp::ArraySetOp>(op).getIndex();
  at::Tensor array = tensor(f, arrayValue);
  int64_t index = scalar(f, indexValue).i;
  if (index < 0 || index >= array.size(0))
    fail(op, "index " + std::to_string(index) + " is outside the " +
                 std::to_string(array.size(0)) + "-element array");
  if (get) {
    Type element = get.getType();
    Type type =
        isa<pp::TaskType>(element) ? IndexType::get(op->getContext()) : element;
    set(f, get, makeInt(type, array[index].item<int64_t>()));
    return;
  }
  array[index] = scalar(f, cast<pp::ArraySetOp>(op).getValue()).i;
}

/// Whether `op` (a kernel or an SPMD region) has a pypto.syncall.
static bool holdsBarrier(Operation *op) {
  return op->walk([](pp::SyncAllOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// pypto.at runs its body once; pypto.spmd once per block, in block order
/// (all blocks at once when they wait for each other in a pypto.syncall).
void Interpreter::runRegion(Operation *op, Frame &f) {
  if (isa<pp::YieldOp>(op))
    return; // read by the region (runBlock stops at a terminator)
  if (auto at = dyn_cast<pp::AtOp>(op)) {
    SmallVector<RtValue> yielded = runBlock(at.getBody().front(), f);
    // A result is a tensor of its own: a copy of the value yielded.
    for (auto [result, value] : llvm::zip(at.getValues(), yielded))
      set(f, result, std::get<at::Tensor>(value).clone());
    newTask(f, at.getTask());
    return;
  }
  auto spmd = cast<pp::SpmdOp>(op);
  Type indexType = IndexType::get(op->getContext());
  int64_t blocks = blockCount(op, spmd.getBlocks(), spmd.getBlockCount(), f);
  auto runOne = [&](Frame &frame, int64_t b) {
    set(frame, spmd.getBlockIndex(), makeInt(indexType, b));
    runBlock(spmd.getBody().front(), frame);
  };
  if (holdsBarrier(spmd))
    runBarrierTask(f, blocks, runOne, blocks);
  else
    for (int64_t b = 0; b < blocks; ++b)
      runOne(f, b);
  newTask(f, spmd.getTask());
}

void Interpreter::runBarrierTask(
    Frame &f, int64_t participants,
    const std::function<void(Frame &, int64_t)> &job, int64_t count) {
  Barrier barrier;
  barrier.participants = participants;
  std::vector<Job> jobs;
  for (int64_t i = 0; i < count; ++i)
    jobs.push_back([&, i](Lock &lock) {
      Frame own = f; // agents interleave at the barrier: values of their own
      own.lock = &lock;
      own.barrier = &barrier;
      job(own, i);
    });
  runAgents(f, std::move(jobs));
}

/// Every block of the task waits until all have arrived.
void Interpreter::runSyncAll(Operation *op, Frame &f) {
  if (auto count = dyn_cast<pp::AvailableClusterCountOp>(op)) {
    set(f, count.getResult(),
        makeInt(IndexType::get(op->getContext()), clusterCount));
    return;
  }
  // Two AIV cores per cluster on both chips.
  if (auto count = dyn_cast<pp::AvailableAivCountOp>(op)) {
    set(f, count.getResult(),
        makeInt(IndexType::get(op->getContext()), 2 * clusterCount));
    return;
  }
  if (!f.barrier)
    fail(op, "the reference interpreter reached a pypto.syncall outside a "
             "task whose blocks start together");
  Barrier &barrier = *f.barrier;
  uint64_t generation = barrier.generation;
  if (++barrier.arrived == barrier.participants) {
    barrier.arrived = 0;
    ++barrier.generation;
    changed();
    return;
  }
  waitUntil(
      f, op, [&] { return barrier.generation != generation; },
      "the pypto.syncall (#" + Twine(generation + 1) + ")");
}

/// A split_aiv region runs for lane 0, then lane 1: one legal order of a
/// program whose lanes do not race.
void Interpreter::runSplitAiv(Operation *op, Frame &f) {
  Type indexType = IndexType::get(op->getContext());
  if (auto lane = dyn_cast<pp::GetSubblockIdxOp>(op)) {
    set(f, lane.getResult(), makeInt(indexType, f.lane));
    return;
  }
  auto region = cast<pp::SplitAivOp>(op);
  int64_t outer = f.lane;
  for (int64_t lane = 0; lane < 2; ++lane) {
    f.lane = lane;
    set(f, region.getLane(), makeInt(indexType, lane));
    runBlock(region.getBody().front(), f);
  }
  f.lane = outer;
}

void Interpreter::runCall(Operation *op, Frame &f) {
  auto call = cast<pp::CallOp>(op);
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    fail(op, "the reference interpreter cannot call '" + call.getCallee() +
                 "': it has no body");
  SmallVector<RtValue> args;
  for (Value v : call.getArgs())
    args.push_back(lookup(f, v));
  int64_t blocks = blockCount(op, call.getBlocks(), call.getBlockCount(), f);
  Type indexType = IndexType::get(op->getContext());

  // The arguments of `fn`: the call's, the block index of an SPMD kernel,
  // and a scratch ring for a mixed kernel's part.
  auto argsOf = [&](func::FuncOp fn, int64_t block) {
    SmallVector<RtValue> full(args);
    for (BlockArgument param : fn.getArguments().drop_front(
             std::min(args.size(), size_t(fn.getNumArguments())))) {
      if (fn.getArgAttr(param.getArgNumber(), pp::attr::kRing)) {
        auto shaped = shapedType(param);
        full.push_back(
            at::zeros(torchShape(shaped.getShape()),
                      at::TensorOptions().dtype(
                          dtypeOf(shaped.getElementType(), param.getLoc()))));
      } else if (fn.getArgAttr(param.getArgNumber(), pp::attr::kSpmd) ||
                 (param.getType().isIndex() &&
                  param.getArgNumber() + 1 == fn.getNumArguments())) {
        full.push_back(makeInt(indexType, block));
      } else {
        fail(op, "'" + fn.getSymName() + "' takes " +
                     Twine(fn.getNumArguments()) +
                     " arguments; the call gives " + Twine(args.size()));
      }
    }
    return full;
  };

  newTask(f, call.getTask());
  // A vector kernel with split_aiv regions runs on both AIV lanes.
  auto lanesOf = [](func::FuncOp fn) {
    return fn->hasAttr(pp::attr::kAivLanes) ? 2 : 1;
  };
  if (pp::getFunctionKind(callee) != pp::kind::kGroup) {
    int64_t lanes = lanesOf(callee);
    if (holdsBarrier(callee)) {
      // Every block (and lane) at once, as the runtime starts them.
      runBarrierTask(
          f, blocks * lanes,
          [&](Frame &own, int64_t i) {
            invoke(callee, argsOf(callee, i / lanes), own, nullptr, nullptr,
                   i % lanes);
          },
          blocks * lanes);
      return;
    }
    for (int64_t b = 0; b < blocks; ++b)
      for (int64_t lane = 0; lane < lanes; ++lane)
        invoke(callee, argsOf(callee, b), f, nullptr, nullptr, lane);
    return;
  }
  // A mixed kernel: its two parts run together, joined by a pipe.
  auto part = [&](StringRef name) {
    auto ref = callee->getAttrOfType<FlatSymbolRefAttr>(name);
    auto fn = ref ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, ref)
                  : func::FuncOp();
    if (!fn)
      fail(op, "the group '" + callee.getSymName() + "' has no " + name);
    return fn;
  };
  func::FuncOp aic = part(pp::attr::kAicPart), aiv = part(pp::attr::kAivPart);
  if (holdsBarrier(aic) || holdsBarrier(aiv)) {
    // Every part of every block at once; the parts that hold the barrier
    // wait in it.
    int64_t lanes = lanesOf(aiv), perBlock = 1 + lanes;
    int64_t participants = blocks * ((holdsBarrier(aic) ? 1 : 0) +
                                     (holdsBarrier(aiv) ? lanes : 0));
    std::vector<Pipe> pipes(blocks);
    for (Pipe &pipe : pipes)
      pipe.lanes = lanes;
    runBarrierTask(
        f, participants,
        [&](Frame &own, int64_t i) {
          int64_t b = i / perBlock, which = i % perBlock;
          if (which == 0)
            invoke(aic, argsOf(aic, b), own, &pipes[b], own.lock);
          else
            invoke(aiv, argsOf(aiv, b), own, &pipes[b], own.lock, which - 1);
        },
        blocks * perBlock);
    return;
  }
  for (int64_t b = 0; b < blocks; ++b) {
    Pipe pipe;
    pipe.lanes = lanesOf(aiv);
    SmallVector<RtValue> aicArgs = argsOf(aic, b), aivArgs = argsOf(aiv, b);
    std::vector<Job> parts{
        [&](Lock &lock) { invoke(aic, aicArgs, f, &pipe, &lock); }};
    for (int64_t lane = 0; lane < pipe.lanes; ++lane)
      parts.push_back([&, lane](Lock &lock) {
        invoke(aiv, aivArgs, f, &pipe, &lock, lane);
      });
    runAgents(f, std::move(parts));
  }
}

} // namespace pypto::interp::detail
