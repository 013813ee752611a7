//===- InterpreterImpl.h - the interpreter's shared parts -------*- C++ -*-===//
//
// Private to the reference interpreter, whose op handlers are spread over
// several files by op family: the runtime values, the helpers on them that
// more than one family uses, and the Interpreter class every handler is a
// member of. Includes libtorch, so only the interpreter's files include it.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_INTERPRETER_INTERPRETERIMPL_H
#define PYPTO_LIB_INTERPRETER_INTERPRETERIMPL_H

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <ATen/ATen.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

namespace pypto::interp::detail {

//===----------------------------------------------------------------------===//
// Errors and values (Values.cpp)
//===----------------------------------------------------------------------===//

struct InterpError {
  mlir::Location loc;
  std::string message;
};

[[noreturn]] void fail(mlir::Location loc, const llvm::Twine &message);
[[noreturn]] void fail(mlir::Operation *op, const llvm::Twine &message);

/// A scalar: integers and index sign-extended from their width (an i1 true
/// is -1), floats as a double that the type represents exactly.
struct Scalar {
  mlir::Type type;
  int64_t i = 0;
  double f = 0;
  bool isFloat() const { return mlir::isa<mlir::FloatType>(type); }
  /// As a tensor element: an i1 is a bool (true, not -1).
  at::Scalar toTorch() const {
    if (isFloat())
      return at::Scalar(f);
    return type.isInteger(1) ? at::Scalar(i != 0) : at::Scalar(i);
  }
};

using RtValue = std::variant<std::monostate, at::Tensor, Scalar>;

unsigned widthOf(mlir::Type type);
/// `v` truncated to the width of `type` and sign-extended (an i1 true is
/// -1, so the signed ops see it as the hardware does).
int64_t wrap(int64_t v, mlir::Type type);
/// `v` read as an unsigned number of the width of `type`.
uint64_t unsignedValue(int64_t v, mlir::Type type);

c10::ScalarType dtypeOf(mlir::Type type, mlir::Location loc);
Scalar makeInt(mlir::Type type, int64_t v);
Scalar makeFloat(mlir::Type type, double v, mlir::Location loc);

std::string shapeText(llvm::ArrayRef<int64_t> shape);
mlir::ShapedType shapedType(mlir::Value value);
/// MLIR's and libtorch's views of a shape.
at::IntArrayRef torchShape(llvm::ArrayRef<int64_t> shape);
llvm::ArrayRef<int64_t> mlirShape(at::IntArrayRef shape);

/// What memory holds before anything writes it: NaN, or the most negative
/// integer, so a read of it shows in the result.
at::Tensor unwritten(at::IntArrayRef shape, c10::ScalarType dtype);
/// The value an op computes on before rounding: float64 or int64.
at::Tensor widen(const at::Tensor &t);

/// `source` converted to `to`, by the definition of the rounding mode.
at::Tensor castTensor(const at::Tensor &source, c10::ScalarType to,
                      mlir::pypto::RoundMode mode);

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

/// The pipe between the two parts of one mixed-kernel task.
struct Pipe {
  /// What the AIC sent, as each AIV lane will receive it.
  std::deque<at::Tensor> toAiv[2];
  std::deque<at::Tensor> toAic;
  /// The AIV lanes of the task (2 for a part with split_aiv regions).
  int lanes = 1;
};

/// A pypto.syncall barrier: the agents of one task's blocks that wait in it.
struct Barrier {
  int64_t participants = 0;
  int64_t arrived = 0;
  uint64_t generation = 0; // barriers completed
};

/// The values of one function activation, and where it runs.
struct Frame {
  llvm::DenseMap<mlir::Value, RtValue> values;
  std::unique_lock<std::mutex> *lock = nullptr;
  Pipe *pipe = nullptr;
  int64_t rank = 0;
  int64_t lane = 0; // the AIV lane (pypto.split_aiv, pypto.get_subblock_idx)
  Barrier *barrier = nullptr; // of the task whose block this is (syncall)
  /// Values whose valid region pypto.set_validshape narrowed (rows, cols),
  /// directly or through elementwise ops of one operand.
  llvm::DenseMap<mlir::Value, std::pair<int64_t, int64_t>> narrowed;
  unsigned callDepth = 0; // helpers entered (func.call), to stop recursion
};

class Interpreter;
using Handler = void (Interpreter::*)(mlir::Operation *, Frame &);
using HandlerMap = llvm::DenseMap<mlir::TypeID, Handler>;

/// The driver and the agents are in Interpreter.cpp, the handlers in the
/// file of their op family.
class Interpreter {
public:
  Interpreter(mlir::ModuleOp module, int64_t clusterCount)
      : module(module), clusterCount(clusterCount) {}

  void run(mlir::func::FuncOp entry, std::vector<at::Tensor> &args);

  static const HandlerMap &handlers();

private:
  // Values.
  const RtValue &lookup(Frame &f, mlir::Value v) {
    auto it = f.values.find(v);
    if (it == f.values.end() ||
        std::holds_alternative<std::monostate>(it->second))
      fail(v.getLoc(), "the reference interpreter reads a value it has not "
                       "computed");
    return it->second;
  }
  at::Tensor tensor(Frame &f, mlir::Value v) {
    const RtValue &value = lookup(f, v);
    if (auto *t = std::get_if<at::Tensor>(&value))
      return *t;
    fail(v.getLoc(), "expected a tensor value");
  }
  Scalar scalar(Frame &f, mlir::Value v) {
    const RtValue &value = lookup(f, v);
    if (auto *s = std::get_if<Scalar>(&value))
      return *s;
    fail(v.getLoc(), "expected a scalar value");
  }
  int64_t index(Frame &f, mlir::Value v) { return scalar(f, v).i; }
  /// An SPMD region's or call's block count (a run-time one is checked).
  int64_t blockCount(mlir::Operation *op, std::optional<uint64_t> constant,
                     mlir::Value runTime, Frame &f);
  llvm::SmallVector<int64_t> indices(Frame &f, mlir::ValueRange values) {
    llvm::SmallVector<int64_t> result;
    for (mlir::Value v : values)
      result.push_back(index(f, v));
    return result;
  }
  void set(Frame &f, mlir::Value v, RtValue value) {
    f.values[v] = std::move(value);
  }

  // Control.
  void execute(mlir::Operation *op, Frame &f);
  llvm::SmallVector<RtValue> runBlock(mlir::Block &block, Frame &f);
  using Lock = std::unique_lock<std::mutex>;
  /// An agent: runs in its own thread, holding the lock it is given.
  using Job = std::function<void(Lock &)>;
  /// Runs `callee`'s body on `args` in a frame of its own; its results.
  llvm::SmallVector<RtValue> invoke(mlir::func::FuncOp callee,
                                    llvm::ArrayRef<RtValue> args, Frame &caller,
                                    Pipe *pipe, Lock *lock = nullptr,
                                    int64_t lane = -1);
  void runAgents(Frame &f, std::vector<Job> jobs);
  void waitUntil(Frame &f, mlir::Operation *op,
                 const std::function<bool()> &ready, const llvm::Twine &what);
  void changed() { stateChanged.notify_all(); }

  // Memory.
  at::Tensor window(mlir::Operation *op, const at::Tensor &source,
                    llvm::ArrayRef<int64_t> offsets,
                    llvm::ArrayRef<int64_t> sizes);
  at::Tensor peerView(mlir::Operation *op, Frame &f, const at::Tensor &view,
                      int64_t peer);
  /// The extents of a tail window's valid part, each checked to lie in
  /// [0, size] of the window.
  llvm::SmallVector<int64_t> validExtents(mlir::Operation *op, Frame &f,
                                          mlir::ValueRange valid,
                                          llvm::ArrayRef<int64_t> sizes);
  /// A `sizes` window of `source` whose valid part `valid` is read and
  /// whose rest is unwritten (NaN, or the integer poison): a copy.
  at::Tensor readTail(mlir::Operation *op, Frame &f, const at::Tensor &source,
                      llvm::ArrayRef<int64_t> offsets,
                      llvm::ArrayRef<int64_t> sizes, mlir::ValueRange valid);
  /// Writes `value` into `dest` at `offsets` (adds it, with `add`): only
  /// its valid part `valid` when that is given.
  void writeWindow(mlir::Operation *op, Frame &f, const at::Tensor &dest,
                   llvm::ArrayRef<int64_t> offsets, const at::Tensor &value,
                   mlir::ValueRange valid, bool add = false);

  // Handlers (one per op family).
  // Arith.cpp
  void runArith(mlir::Operation *op, Frame &f);
  // Control.cpp
  void runFor(mlir::Operation *op, Frame &f);
  void runIf(mlir::Operation *op, Frame &f);
  void runFuncCall(mlir::Operation *op, Frame &f);
  void runRegion(mlir::Operation *op, Frame &f);
  void runSplitAiv(mlir::Operation *op, Frame &f);
  void runSyncAll(mlir::Operation *op, Frame &f);
  /// Runs `jobs`, the blocks of a task with a pypto.syncall, as agents at
  /// once, each in a frame of its own that shares the task's barrier.
  void runBarrierTask(Frame &f, int64_t participants,
                      const std::function<void(Frame &, int64_t)> &job,
                      int64_t count);
  void runAivShard(mlir::Operation *op, Frame &f);
  void runSetValidShape(mlir::Operation *op, Frame &f);
  /// Writes `value` (a copy of it: it may view `dest`) into `dest`: its
  /// `valid` part, and of a narrowed value only the narrowed region.
  void writeValue(mlir::Operation *op, Frame &f, const at::Tensor &dest,
                  llvm::ArrayRef<int64_t> offsets, mlir::Value value,
                  mlir::ValueRange valid, bool add);
  void runRowsByIndex(mlir::Operation *op, Frame &f);
  /// The checked extents `validRows` x `validCols` of the 2-D `source`,
  /// within the region `sourceValue` was narrowed to.
  std::pair<int64_t, int64_t> validRegion(mlir::Operation *op, Frame &f,
                                          mlir::Value sourceValue,
                                          const at::Tensor &source,
                                          mlir::Value validRows,
                                          mlir::Value validCols);
  void runCall(mlir::Operation *op, Frame &f);
  void runTask(mlir::Operation *op, Frame &f);
  void runArray(mlir::Operation *op, Frame &f);
  /// A new task's id (a `!pypto.task` result), if `task` is bound.
  void newTask(Frame &f, mlir::Value task);
  // Memory.cpp
  void runSlice(mlir::Operation *op, Frame &f);
  void runCreate(mlir::Operation *op, Frame &f);
  void runRead(mlir::Operation *op, Frame &f);
  void runWrite(mlir::Operation *op, Frame &f);
  void runInsert(mlir::Operation *op, Frame &f);
  void runGatherRow(mlir::Operation *op, Frame &f);
  void runTransposeView(mlir::Operation *op, Frame &f);
  void runScatterMask(mlir::Operation *op, Frame &f);
  void runDim(mlir::Operation *op, Frame &f);
  void runAssemble(mlir::Operation *op, Frame &f);
  void runRanks(mlir::Operation *op, Frame &f);
  void runRemote(mlir::Operation *op, Frame &f);
  void runLoad(mlir::Operation *op, Frame &f);
  void runStore(mlir::Operation *op, Frame &f);
  void runExtract(mlir::Operation *op, Frame &f);
  void runExtractOrInsert(mlir::Operation *op, Frame &f);
  void runPagedGather(mlir::Operation *op, Frame &f);
  void runReinterpretView(mlir::Operation *op, Frame &f);
  void runScatter(mlir::Operation *op, Frame &f);
  void runGatherCompare(mlir::Operation *op, Frame &f);
  void runMove(mlir::Operation *op, Frame &f);
  void runPipe(mlir::Operation *op, Frame &f);
  // Compute.cpp
  void runBinary(mlir::Operation *op, Frame &f);
  void runScalarOp(mlir::Operation *op, Frame &f);
  void runUnary(mlir::Operation *op, Frame &f);
  void runPart(mlir::Operation *op, Frame &f);
  void runTernary(mlir::Operation *op, Frame &f);
  void runArgReduce(mlir::Operation *op, Frame &f);
  void runCast(mlir::Operation *op, Frame &f);
  void runReduce(mlir::Operation *op, Frame &f);
  void runBroadcast(mlir::Operation *op, Frame &f);
  void runExpandBinary(mlir::Operation *op, Frame &f);
  void runFull(mlir::Operation *op, Frame &f);
  void runFillPad(mlir::Operation *op, Frame &f);
  void runTranspose(mlir::Operation *op, Frame &f);
  void runReshape(mlir::Operation *op, Frame &f);
  void runSort(mlir::Operation *op, Frame &f);
  void runGatherMask(mlir::Operation *op, Frame &f);
  void runGather(mlir::Operation *op, Frame &f);
  void runArange(mlir::Operation *op, Frame &f);
  void runTri(mlir::Operation *op, Frame &f);
  void runConcat(mlir::Operation *op, Frame &f);
  void runCompareSelect(mlir::Operation *op, Frame &f);
  void runMatmul(mlir::Operation *op, Frame &f);

  mlir::ModuleOp module;
  // One agent (a rank, a part of a mixed kernel) runs at a time, holding
  // `mutex`; a blocked one waits on `stateChanged`.
  std::mutex mutex;
  std::condition_variable stateChanged;
  int live = 1;
  // The conditions the waiting agents wait for.
  std::vector<const std::function<bool()> *> waiting;
  bool aborted = false;
  int64_t world = 1;
  int64_t clusterCount; // pypto.available_cluster_count
  int64_t numTasks = 0; // ids handed out to !pypto.task values
  // Every alloc_window buffer: one copy per rank.
  llvm::DenseMap<mlir::Value, size_t> windowOf;
  std::vector<std::vector<at::Tensor>> windows;
};

} // namespace pypto::interp::detail

#endif // PYPTO_LIB_INTERPRETER_INTERPRETERIMPL_H
