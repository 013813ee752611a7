//===- Interpreter.cpp - the reference semantics of pypto programs -------===//
//
// Each op's meaning, written once with libtorch. Elementwise, reduction and
// matmul results are computed exactly enough (float64, or int64 for integers)
// and rounded once to the result's dtype: a program's rounding points are its
// ops' result types, so a bf16 intermediate is rounded where the program has
// one and nowhere else. Casts follow the definition of each rounding mode.
//
// Built with exceptions (libtorch throws): an op that cannot be interpreted
// throws InterpError with its location, and interpretProgram turns it into a
// message.
//
//===----------------------------------------------------------------------===//

#include "pypto/Interpreter/Interpreter.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <ATen/ATen.h>

#include <cmath>
#include <condition_variable>
#include <deque>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace {

//===----------------------------------------------------------------------===//
// Errors and values
//===----------------------------------------------------------------------===//

struct InterpError {
  Location loc;
  std::string message;
};

/// Thrown in an agent that stops because another one failed.
struct Aborted {};

[[noreturn]] void fail(Location loc, const Twine &message) {
  throw InterpError{loc, message.str()};
}
[[noreturn]] void fail(Operation *op, const Twine &message) {
  fail(op->getLoc(), message);
}

std::string locationText(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file.getFilename().str() + ":" + std::to_string(file.getLine()) +
           ":" + std::to_string(file.getColumn());
  if (auto name = dyn_cast<NameLoc>(loc))
    return locationText(name.getChildLoc());
  if (auto site = dyn_cast<CallSiteLoc>(loc))
    return locationText(site.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (std::string text = locationText(part); !text.empty())
        return text;
  return "";
}

/// A scalar: integers and index sign-extended from their width (an i1 true
/// is -1), floats as a double that the type represents exactly.
struct Scalar {
  Type type;
  int64_t i = 0;
  double f = 0;
  bool isFloat() const { return isa<FloatType>(type); }
  /// As a tensor element: an i1 is a bool (true, not -1).
  at::Scalar toTorch() const {
    if (isFloat())
      return at::Scalar(f);
    return type.isInteger(1) ? at::Scalar(i != 0) : at::Scalar(i);
  }
};

using RtValue = std::variant<std::monostate, at::Tensor, Scalar>;

unsigned widthOf(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// `v` truncated to the width of `type` and sign-extended (an i1 true is
/// -1, so the signed ops see it as the hardware does).
int64_t wrap(int64_t v, Type type) {
  unsigned width = widthOf(type);
  if (width >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t bits = uint64_t(v) & mask;
  if (bits >> (width - 1))
    bits |= ~mask;
  return int64_t(bits);
}

/// `v` read as an unsigned number of the width of `type`.
uint64_t unsignedValue(int64_t v, Type type) {
  unsigned width = widthOf(type);
  return width >= 64 ? uint64_t(v) : uint64_t(v) & ((uint64_t(1) << width) - 1);
}

c10::ScalarType dtypeOf(Type type, Location loc) {
  if (type.isF32())
    return at::kFloat;
  if (type.isF16())
    return at::kHalf;
  if (type.isBF16())
    return at::kBFloat16;
  if (type.isF64())
    return at::kDouble;
  if (type.isInteger(1))
    return at::kBool;
  if (type.isUnsignedInteger(8))
    return at::kByte;
  if (type.isInteger(8))
    return at::kChar;
  if (type.isInteger(16))
    return at::kShort;
  if (type.isInteger(32))
    return at::kInt;
  if (type.isInteger(64) || type.isIndex())
    return at::kLong;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  fail(loc, "the reference interpreter has no dtype for '" + text + "'");
}

double roundTo(double v, Type type, Location loc) {
  if (type.isF64())
    return v;
  if (type.isF32())
    return double(float(v));
  return at::scalar_tensor(v, at::kDouble)
      .to(dtypeOf(type, loc))
      .item<double>();
}

Scalar makeInt(Type type, int64_t v) { return Scalar{type, wrap(v, type), 0}; }
Scalar makeFloat(Type type, double v, Location loc) {
  return Scalar{type, 0, roundTo(v, type, loc)};
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

ShapedType shapedType(Value value) { return cast<ShapedType>(value.getType()); }

/// MLIR's and libtorch's views of a shape.
at::IntArrayRef torchShape(ArrayRef<int64_t> shape) {
  return at::IntArrayRef(shape.data(), shape.size());
}
ArrayRef<int64_t> mlirShape(at::IntArrayRef shape) {
  return ArrayRef<int64_t>(shape.data(), shape.size());
}

/// What memory holds before anything writes it: NaN, or the most negative
/// integer, so a read of it shows in the result.
at::Tensor unwritten(at::IntArrayRef shape, c10::ScalarType dtype) {
  if (at::isFloatingType(dtype))
    return at::full(shape, std::numeric_limits<double>::quiet_NaN(),
                    at::TensorOptions().dtype(dtype));
  if (dtype == at::kBool)
    return at::ones(shape, at::TensorOptions().dtype(dtype));
  if (dtype == at::kByte)
    return at::full(shape, 255, at::TensorOptions().dtype(dtype));
  at::Tensor t = at::empty(shape, at::TensorOptions().dtype(dtype));
  switch (dtype) {
  case at::kChar:
    return t.fill_(std::numeric_limits<int8_t>::min());
  case at::kShort:
    return t.fill_(std::numeric_limits<int16_t>::min());
  case at::kInt:
    return t.fill_(std::numeric_limits<int32_t>::min());
  default:
    return t.fill_(std::numeric_limits<int64_t>::min());
  }
}

/// The value an op computes on before rounding: float64 or int64.
at::Tensor widen(const at::Tensor &t) {
  return t.to(at::isFloatingType(t.scalar_type()) ? at::kDouble : at::kLong);
}

//===----------------------------------------------------------------------===//
// Casts, by the definition of each rounding mode
//===----------------------------------------------------------------------===//

/// `q` (float64) rounded to an integral value.
at::Tensor toIntegral(const at::Tensor &q, pp::RoundMode mode) {
  switch (mode) {
  case pp::RoundMode::rint:
  case pp::RoundMode::none: // CAST_NONE rounds as CAST_RINT
    return at::round(q);
  case pp::RoundMode::round:
    return at::copysign(at::floor(at::abs(q) + 0.5), q);
  case pp::RoundMode::floor:
    return at::floor(q);
  case pp::RoundMode::ceil:
    return at::ceil(q);
  case pp::RoundMode::trunc:
    return at::trunc(q);
  case pp::RoundMode::odd: {
    // An exact value stays; an inexact one takes the odd neighbour.
    at::Tensor low = at::floor(q);
    at::Tensor oddLow = at::remainder(low, 2.0) == 1.0;
    return at::where(q == low, q, at::where(oddLow, low, low + 1.0));
  }
  }
  return q;
}

/// `x` (float64) rounded to a float format with `mantissa` fraction bits
/// and smallest normal exponent `emin`: an integral number of its last
/// place, which below the normal range is the subnormal step.
at::Tensor toFloatFormat(const at::Tensor &x, int mantissa, int emin,
                         pp::RoundMode mode) {
  at::Tensor exponent = std::get<1>(at::frexp(x)).to(at::kDouble) - 1.0;
  at::Tensor ulp = at::pow(2.0, at::clamp_min(exponent, emin) - mantissa);
  return toIntegral(x / ulp, mode) * ulp;
}

at::Tensor castTensor(const at::Tensor &source, c10::ScalarType to,
                      pp::RoundMode mode) {
  if (source.scalar_type() == to)
    return source.clone();
  if (to == at::kBool || source.scalar_type() == at::kBool)
    return source.to(to);
  at::Tensor x = source.to(at::kDouble);
  if (at::isFloatingType(to)) {
    at::Tensor r;
    double largest;
    switch (to) {
    case at::kHalf:
      r = toFloatFormat(x, 10, -14, mode), largest = 65504.0;
      break;
    case at::kBFloat16:
      r = toFloatFormat(x, 7, -126, mode), largest = 3.3895313892515355e38;
      break;
    case at::kFloat:
      r = toFloatFormat(x, 23, -126, mode), largest = 3.4028234663852886e38;
      break;
    default:
      return x.to(to);
    }
    // Rounding toward zero (or away from the overflow) ends at the largest
    // finite value, as IEEE directed rounding does; to nearest it overflows.
    at::Tensor finite = at::isfinite(x);
    if (mode == pp::RoundMode::trunc || mode == pp::RoundMode::odd)
      r = at::where(finite, at::clamp(r, -largest, largest), r);
    else if (mode == pp::RoundMode::floor)
      r = at::where(finite & (r > largest), at::full_like(r, largest), r);
    else if (mode == pp::RoundMode::ceil)
      r = at::where(finite & (r < -largest), at::full_like(r, -largest), r);
    return r.to(to);
  }
  // To an integer: round (floats), then saturate to the type's range; NaN
  // becomes 0, as the vector unit converts.
  at::Tensor r = at::isFloatingType(source.scalar_type())
                     ? at::nan_to_num(toIntegral(x, mode), 0.0)
                     : source.to(at::kLong);
  double low, high;
  switch (to) {
  case at::kChar:
    low = INT8_MIN, high = INT8_MAX;
    break;
  case at::kByte:
    low = 0, high = UINT8_MAX;
    break;
  case at::kShort:
    low = INT16_MIN, high = INT16_MAX;
    break;
  case at::kInt:
    low = INT32_MIN, high = INT32_MAX;
    break;
  default:
    low = -9223372036854775808.0, high = 9223372036854774784.0;
    break;
  }
  return at::clamp(r, low, high).to(to);
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

/// The pipe between the two parts of one mixed-kernel task.
struct Pipe {
  std::deque<at::Tensor> toAiv, toAic;
};

/// The values of one function activation, and where it runs.
struct Frame {
  llvm::DenseMap<Value, RtValue> values;
  std::unique_lock<std::mutex> *lock = nullptr;
  Pipe *pipe = nullptr;
  int64_t rank = 0;
};

class Interpreter;
using Handler = void (Interpreter::*)(Operation *, Frame &);
using HandlerMap = llvm::DenseMap<TypeID, Handler>;

class Interpreter {
public:
  explicit Interpreter(ModuleOp module) : module(module) {}

  void run(func::FuncOp entry, std::vector<at::Tensor> &args);

  static const HandlerMap &handlers();

private:
  // Values.
  const RtValue &lookup(Frame &f, Value v) {
    auto it = f.values.find(v);
    if (it == f.values.end() ||
        std::holds_alternative<std::monostate>(it->second))
      fail(v.getLoc(), "the reference interpreter reads a value it has not "
                       "computed");
    return it->second;
  }
  at::Tensor tensor(Frame &f, Value v) {
    const RtValue &value = lookup(f, v);
    if (auto *t = std::get_if<at::Tensor>(&value))
      return *t;
    fail(v.getLoc(), "expected a tensor value");
  }
  Scalar scalar(Frame &f, Value v) {
    const RtValue &value = lookup(f, v);
    if (auto *s = std::get_if<Scalar>(&value))
      return *s;
    fail(v.getLoc(), "expected a scalar value");
  }
  int64_t index(Frame &f, Value v) { return scalar(f, v).i; }
  SmallVector<int64_t> indices(Frame &f, ValueRange values) {
    SmallVector<int64_t> result;
    for (Value v : values)
      result.push_back(index(f, v));
    return result;
  }
  void set(Frame &f, Value v, RtValue value) { f.values[v] = std::move(value); }

  // Control.
  void execute(Operation *op, Frame &f);
  SmallVector<RtValue> runBlock(Block &block, Frame &f);
  using Lock = std::unique_lock<std::mutex>;
  /// An agent: runs in its own thread, holding the lock it is given.
  using Job = std::function<void(Lock &)>;
  void invoke(func::FuncOp callee, ArrayRef<RtValue> args, Frame &caller,
              Pipe *pipe, Lock *lock = nullptr);
  void runAgents(Frame &f, std::vector<Job> jobs);
  void waitUntil(Frame &f, Operation *op, const std::function<bool()> &ready,
                 const Twine &what);
  void changed() { stateChanged.notify_all(); }

  // Memory.
  at::Tensor window(Operation *op, const at::Tensor &source,
                    ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes);
  at::Tensor peerView(Operation *op, Frame &f, const at::Tensor &view,
                      int64_t peer);

  // Handlers (one per op family).
  void runArith(Operation *op, Frame &f);
  void runFor(Operation *op, Frame &f);
  void runIf(Operation *op, Frame &f);
  void runFuncCall(Operation *op, Frame &f);
  void runRegion(Operation *op, Frame &f);
  void runCall(Operation *op, Frame &f);
  void runSlice(Operation *op, Frame &f);
  void runCreate(Operation *op, Frame &f);
  void runRead(Operation *op, Frame &f);
  void runAssemble(Operation *op, Frame &f);
  void runRanks(Operation *op, Frame &f);
  void runRemote(Operation *op, Frame &f);
  void runLoad(Operation *op, Frame &f);
  void runStore(Operation *op, Frame &f);
  void runExtract(Operation *op, Frame &f);
  void runMove(Operation *op, Frame &f);
  void runBinary(Operation *op, Frame &f);
  void runScalarOp(Operation *op, Frame &f);
  void runUnary(Operation *op, Frame &f);
  void runCast(Operation *op, Frame &f);
  void runReduce(Operation *op, Frame &f);
  void runBroadcast(Operation *op, Frame &f);
  void runExpandBinary(Operation *op, Frame &f);
  void runFull(Operation *op, Frame &f);
  void runFillPad(Operation *op, Frame &f);
  void runTranspose(Operation *op, Frame &f);
  void runReshape(Operation *op, Frame &f);
  void runSort(Operation *op, Frame &f);
  void runGather(Operation *op, Frame &f);
  void runMatmul(Operation *op, Frame &f);
  void runPipe(Operation *op, Frame &f);

  ModuleOp module;
  // One agent (a rank, a part of a mixed kernel) runs at a time, holding
  // `mutex`; a blocked one waits on `stateChanged`.
  std::mutex mutex;
  std::condition_variable stateChanged;
  int live = 1;
  // The conditions the waiting agents wait for.
  std::vector<const std::function<bool()> *> waiting;
  bool aborted = false;
  int64_t world = 1;
  // Every alloc_window buffer: one copy per rank.
  llvm::DenseMap<Value, size_t> windowOf;
  std::vector<std::vector<at::Tensor>> windows;
};

void Interpreter::execute(Operation *op, Frame &f) {
  const HandlerMap &map = handlers();
  auto it = map.find(op->getName().getTypeID());
  if (it == map.end())
    fail(op, "the reference interpreter has no interpretation of '" +
                 op->getName().getStringRef() + "'");
  (this->*(it->second))(op, f);
}

SmallVector<RtValue> Interpreter::runBlock(Block &block, Frame &f) {
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<RtValue> results;
      for (Value v : op.getOperands())
        results.push_back(lookup(f, v));
      return results;
    }
    execute(&op, f);
  }
  return {};
}

void Interpreter::run(func::FuncOp entry, std::vector<at::Tensor> &args) {
  entry.walk([&](pp::RanksOp ranks) { world = ranks.getWorld(); });
  std::unique_lock<std::mutex> lock(mutex);
  Frame f;
  f.lock = &lock;
  Block &body = entry.getBody().front();
  if (args.size() != body.getNumArguments())
    fail(entry, "the program has " + Twine(body.getNumArguments()) +
                    " arguments, the interpreter was given " +
                    Twine(args.size()));
  for (auto [arg, value] : llvm::zip(body.getArguments(), args)) {
    if (isa<pp::GMTensorType>(arg.getType())) {
      set(f, arg, value);
      continue;
    }
    Type type = arg.getType();
    if (isa<FloatType>(type))
      set(f, arg, makeFloat(type, value.item<double>(), arg.getLoc()));
    else
      set(f, arg, makeInt(type, value.item<int64_t>()));
  }
  runBlock(body, f);
}

void Interpreter::invoke(func::FuncOp callee, ArrayRef<RtValue> args,
                         Frame &caller, Pipe *pipe, Lock *lock) {
  Frame f;
  f.lock = lock ? lock : caller.lock;
  f.rank = caller.rank;
  f.pipe = pipe ? pipe : caller.pipe;
  // Window buffers keep their rank's copy inside the callee.
  Block &body = callee.getBody().front();
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    set(f, arg, value);
  runBlock(body, f);
}

void Interpreter::runAgents(Frame &f, std::vector<Job> jobs) {
  size_t remaining = jobs.size();
  std::optional<InterpError> firstError;
  std::string foreignError;
  // The caller waits while its agents run.
  live += int(jobs.size()) - 1;
  std::vector<std::thread> threads;
  // Agents start in order (rank 0 first), each when the one before it
  // waits or ends, so a run is repeatable.
  size_t started = 0;
  for (size_t index = 0; index < jobs.size(); ++index)
    threads.emplace_back([&, index, job = jobs[index]] {
      Lock lock(mutex);
      stateChanged.wait(lock, [&] { return started == index; });
      ++started;
      changed(); // the next one starts when this one waits or ends
      try {
        job(lock);
      } catch (const InterpError &e) {
        if (!firstError)
          firstError = e;
        aborted = true;
      } catch (const Aborted &) {
      } catch (const std::exception &e) {
        if (!firstError && foreignError.empty())
          foreignError = e.what();
        aborted = true;
      }
      --live;
      if (--remaining == 0)
        ++live; // the caller runs again
      changed();
    });
  stateChanged.wait(*f.lock, [&] { return remaining == 0; });
  f.lock->unlock();
  for (std::thread &thread : threads)
    thread.join();
  f.lock->lock();
  if (firstError)
    throw *firstError;
  if (!foreignError.empty())
    throw std::runtime_error(foreignError);
}

void Interpreter::waitUntil(Frame &f, Operation *op,
                            const std::function<bool()> &ready,
                            const Twine &what) {
  while (!ready()) {
    if (aborted)
      throw Aborted();
    // A deadlock: every other agent waits, and none of their conditions
    // holds (one that holds is about to run again).
    bool anyReady = llvm::any_of(
        waiting, [](const std::function<bool()> *w) { return (*w)(); });
    if (int(waiting.size()) + 1 >= live && !anyReady) {
      aborted = true;
      changed();
      fail(op, what + " can never be met: every other part of the program "
                      "is waiting too");
    }
    waiting.push_back(&ready);
    stateChanged.wait(*f.lock);
    waiting.erase(llvm::find(waiting, &ready));
  }
}

//===----------------------------------------------------------------------===//
// Scalars and control flow
//===----------------------------------------------------------------------===//

bool compareInts(arith::CmpIPredicate p, int64_t a, int64_t b, Type type) {
  uint64_t ua = unsignedValue(a, type), ub = unsignedValue(b, type);
  switch (p) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
    return a < b;
  case arith::CmpIPredicate::sle:
    return a <= b;
  case arith::CmpIPredicate::sgt:
    return a > b;
  case arith::CmpIPredicate::sge:
    return a >= b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

bool compareFloats(arith::CmpFPredicate p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::OEQ:
    return !unordered && a == b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::ONE:
    return !unordered && a != b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UNE:
    return unordered || a != b;
  case P::UNO:
    return unordered;
  }
  return false;
}

void Interpreter::runArith(Operation *op, Frame &f) {
  Location loc = op->getLoc();
  Type type = op->getNumResults() ? op->getResult(0).getType() : Type();
  auto a = [&] { return scalar(f, op->getOperand(0)); };
  auto b = [&] { return scalar(f, op->getOperand(1)); };
  auto setInt = [&](int64_t v) { set(f, op->getResult(0), makeInt(type, v)); };
  auto setFloat = [&](double v) {
    set(f, op->getResult(0), makeFloat(type, v, loc));
  };
  auto nonZero = [&](int64_t v) {
    if (v == 0)
      fail(op, "integer division by zero");
    return v;
  };
  auto ua = [&] { return unsignedValue(a().i, type); };
  auto nonZeroUnsigned = [&](uint64_t v) {
    if (v == 0)
      fail(op, "integer division by zero");
    return v;
  };
  auto ub = [&] { return unsignedValue(b().i, type); };
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](arith::ConstantOp c) {
        if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
          return setInt(type.isInteger(1) ? int64_t(i.getValue().getBoolValue())
                                          : i.getValue().getSExtValue());
        if (auto fl = dyn_cast<FloatAttr>(c.getValue()))
          return setFloat(fl.getValueAsDouble());
        fail(op, "the reference interpreter interprets scalar constants only");
      })
      .Case([&](arith::AddIOp) {
        setInt(int64_t(uint64_t(a().i) + uint64_t(b().i)));
      })
      .Case([&](arith::SubIOp) {
        setInt(int64_t(uint64_t(a().i) - uint64_t(b().i)));
      })
      .Case([&](arith::MulIOp) {
        setInt(int64_t(uint64_t(a().i) * uint64_t(b().i)));
      })
      .Case([&](arith::DivSIOp) {
        int64_t d = nonZero(b().i);
        setInt(d == -1 ? int64_t(0 - uint64_t(a().i)) : a().i / d);
      })
      .Case([&](arith::DivUIOp) {
        setInt(int64_t(ua() / nonZeroUnsigned(ub())));
      })
      .Case([&](arith::RemSIOp) {
        int64_t d = nonZero(b().i);
        setInt(d == -1 ? 0 : a().i % d);
      })
      .Case([&](arith::RemUIOp) {
        setInt(int64_t(ua() % nonZeroUnsigned(ub())));
      })
      .Case([&](arith::CeilDivSIOp) {
        int64_t x = a().i, d = nonZero(b().i);
        int64_t q = d == -1 ? int64_t(0 - uint64_t(x)) : x / d;
        // x % -1 is 0 (and would trap for the smallest x).
        bool exact = d == -1 || x % d == 0;
        setInt(q + (!exact && ((x < 0) == (d < 0)) ? 1 : 0));
      })
      .Case([&](arith::CeilDivUIOp) {
        uint64_t x = ua(), d = nonZeroUnsigned(ub());
        setInt(int64_t(x / d + (x % d != 0)));
      })
      .Case([&](arith::FloorDivSIOp) {
        int64_t x = a().i, d = nonZero(b().i);
        int64_t q = d == -1 ? int64_t(0 - uint64_t(x)) : x / d;
        bool exact = d == -1 || x % d == 0;
        setInt(q - (!exact && ((x < 0) != (d < 0)) ? 1 : 0));
      })
      .Case([&](arith::MinSIOp) { setInt(std::min(a().i, b().i)); })
      .Case([&](arith::MaxSIOp) { setInt(std::max(a().i, b().i)); })
      .Case([&](arith::MinUIOp) { setInt(int64_t(std::min(ua(), ub()))); })
      .Case([&](arith::MaxUIOp) { setInt(int64_t(std::max(ua(), ub()))); })
      .Case([&](arith::AndIOp) { setInt(a().i & b().i); })
      .Case([&](arith::OrIOp) { setInt(a().i | b().i); })
      .Case([&](arith::XOrIOp) { setInt(a().i ^ b().i); })
      .Case([&](arith::ShLIOp) {
        uint64_t s = ub();
        setInt(s >= widthOf(type) ? 0 : int64_t(uint64_t(a().i) << s));
      })
      .Case([&](arith::ShRUIOp) {
        uint64_t s = ub();
        setInt(s >= widthOf(type) ? 0 : int64_t(ua() >> s));
      })
      .Case([&](arith::ShRSIOp) {
        uint64_t s = ub();
        setInt(a().i >> std::min<uint64_t>(s, 63));
      })
      .Case([&](arith::CmpIOp c) {
        Type operandType = c.getLhs().getType();
        setInt(compareInts(c.getPredicate(), a().i, b().i, operandType));
      })
      .Case([&](arith::CmpFOp c) {
        setInt(compareFloats(c.getPredicate(), a().f, b().f));
      })
      .Case([&](arith::SelectOp s) {
        set(f, s.getResult(),
            lookup(f, scalar(f, s.getCondition()).i ? s.getTrueValue()
                                                    : s.getFalseValue()));
      })
      .Case<arith::IndexCastOp, arith::ExtSIOp>([&](Operation *) {
        Scalar x = a();
        setInt(x.i);
      })
      .Case<arith::IndexCastUIOp, arith::ExtUIOp>(
          [&](Operation *) { setInt(int64_t(unsignedValue(a().i, a().type))); })
      .Case([&](arith::TruncIOp) { setInt(a().i); })
      .Case([&](arith::AddFOp) { setFloat(a().f + b().f); })
      .Case([&](arith::SubFOp) { setFloat(a().f - b().f); })
      .Case([&](arith::MulFOp) { setFloat(a().f * b().f); })
      .Case([&](arith::DivFOp) { setFloat(a().f / b().f); })
      .Case([&](arith::RemFOp) { setFloat(std::fmod(a().f, b().f)); })
      .Case([&](arith::NegFOp) { setFloat(-a().f); })
      // maximumf/minimumf propagate NaN; maxnumf/minnumf return the other
      // operand.
      .Case([&](arith::MaximumFOp) {
        setFloat(std::isnan(a().f) || std::isnan(b().f)
                     ? std::nan("")
                     : std::max(a().f, b().f));
      })
      .Case([&](arith::MinimumFOp) {
        setFloat(std::isnan(a().f) || std::isnan(b().f)
                     ? std::nan("")
                     : std::min(a().f, b().f));
      })
      .Case([&](arith::MaxNumFOp) { setFloat(std::fmax(a().f, b().f)); })
      .Case([&](arith::MinNumFOp) { setFloat(std::fmin(a().f, b().f)); })
      .Case([&](arith::SIToFPOp) { setFloat(double(a().i)); })
      .Case([&](arith::UIToFPOp) {
        setFloat(double(unsignedValue(a().i, a().type)));
      })
      .Case<arith::FPToSIOp, arith::FPToUIOp>([&](Operation *) {
        double v = std::trunc(a().f);
        if (!std::isfinite(v) || std::fabs(v) >= 9.2e18)
          fail(op, "the float " + std::to_string(a().f) +
                       " does not fit the integer type of the conversion");
        setInt(int64_t(v));
      })
      .Case<arith::ExtFOp, arith::TruncFOp>(
          [&](Operation *) { setFloat(a().f); })
      .Default([&](Operation *) {
        fail(op, "the reference interpreter has no interpretation of '" +
                     op->getName().getStringRef() + "'");
      });
}

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

void Interpreter::runFuncCall(Operation *op, Frame &f) {
  auto call = cast<func::CallOp>(op);
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    fail(op, "the reference interpreter cannot call '" + call.getCallee() +
                 "': it has no body");
  if (callee.getNumResults())
    fail(op, "the reference interpreter calls functions without results only");
  SmallVector<RtValue> args;
  for (Value v : call.getOperands())
    args.push_back(lookup(f, v));
  invoke(callee, args, f, nullptr);
}

/// pypto.at runs its body once; pypto.spmd once per block, in block order.
void Interpreter::runRegion(Operation *op, Frame &f) {
  if (auto at = dyn_cast<pp::AtOp>(op)) {
    runBlock(at.getBody().front(), f);
    return;
  }
  auto spmd = cast<pp::SpmdOp>(op);
  Type indexType = IndexType::get(op->getContext());
  for (int64_t b = 0; b < spmd.getBlocks(); ++b) {
    set(f, spmd.getBlockIndex(), makeInt(indexType, b));
    runBlock(spmd.getBody().front(), f);
  }
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
  int64_t blocks = call.getBlocks() ? *call.getBlocks() : 1;
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

  if (pp::getFunctionKind(callee) != pp::kind::kGroup) {
    for (int64_t b = 0; b < blocks; ++b)
      invoke(callee, argsOf(callee, b), f, nullptr);
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
  for (int64_t b = 0; b < blocks; ++b) {
    Pipe pipe;
    SmallVector<RtValue> aicArgs = argsOf(aic, b), aivArgs = argsOf(aiv, b);
    runAgents(f, {[&](Lock &lock) { invoke(aic, aicArgs, f, &pipe, &lock); },
                  [&](Lock &lock) { invoke(aiv, aivArgs, f, &pipe, &lock); }});
  }
}

//===----------------------------------------------------------------------===//
// Tensors, windows and ranks
//===----------------------------------------------------------------------===//

at::Tensor Interpreter::window(Operation *op, const at::Tensor &source,
                               ArrayRef<int64_t> offsets,
                               ArrayRef<int64_t> sizes) {
  // A tile may name fewer dimensions than the tensor has leading ones (a
  // 1xN tile of an N tensor, say): it takes the trailing ones.
  int64_t rank = source.dim();
  if (int64_t(offsets.size()) != rank)
    fail(op,
         "expected " + Twine(rank) + " offsets, got " + Twine(offsets.size()));
  SmallVector<int64_t> extents(sizes);
  while (int64_t(extents.size()) > rank) {
    if (extents.front() != 1)
      fail(op, "a " + shapeText(sizes) + " window of a rank-" + Twine(rank) +
                   " tensor");
    extents.erase(extents.begin());
  }
  while (int64_t(extents.size()) < rank)
    extents.insert(extents.begin(), 1);
  at::Tensor view = source;
  for (int64_t d = 0; d < rank; ++d) {
    if (offsets[d] < 0 || offsets[d] + extents[d] > source.size(d))
      fail(
          op, "the window at [" +
                  [&] {
                    std::string text;
                    for (size_t i = 0; i < offsets.size(); ++i)
                      text += (i ? ", " : "") + std::to_string(offsets[i]);
                    return text;
                  }() +
                  "] of shape " + shapeText(extents) +
                  " is outside the tensor of shape " +
                  shapeText(mlirShape(source.sizes())));
    view = view.narrow(d, offsets[d], extents[d]);
  }
  return view;
}

at::Tensor Interpreter::peerView(Operation *op, Frame &f,
                                 const at::Tensor &view, int64_t peer) {
  if (peer < 0 || peer >= world)
    fail(op, "peer " + Twine(peer) + " is not a rank of the world of " +
                 Twine(world));
  for (std::vector<at::Tensor> &copies : windows) {
    const at::Tensor &mine = copies[f.rank];
    if (!view.is_alias_of(mine))
      continue;
    const at::Tensor &theirs = copies[peer];
    return theirs.as_strided(view.sizes(), view.strides(),
                             theirs.storage_offset() + (view.storage_offset() -
                                                        mine.storage_offset()));
  }
  fail(op, "only a communication window (pypto.alloc_window) has a copy on "
           "every rank");
}

void Interpreter::runSlice(Operation *op, Frame &f) {
  auto slice = cast<pp::SliceOp>(op);
  set(f, slice.getResult(),
      window(op, tensor(f, slice.getSource()), indices(f, slice.getOffsets()),
             slice.getSizes()));
}

void Interpreter::runCreate(Operation *op, Frame &f) {
  Value result = op->getResult(0);
  auto type = shapedType(result);
  c10::ScalarType dtype = dtypeOf(type.getElementType(), op->getLoc());
  if (isa<pp::AllocWindowOp>(op)) {
    // Zeroed once before the run, one copy per rank.
    windowOf[result] = windows.size();
    windows.emplace_back();
    for (int64_t r = 0; r < world; ++r)
      windows.back().push_back(at::zeros(torchShape(type.getShape()),
                                         at::TensorOptions().dtype(dtype)));
    set(f, result, windows.back()[f.rank]);
    return;
  }
  set(f, result, unwritten(torchShape(type.getShape()), dtype));
}

void Interpreter::runRead(Operation *op, Frame &f) {
  auto read = cast<pp::ReadOp>(op);
  at::Tensor source = tensor(f, read.getSource());
  SmallVector<int64_t> at = indices(f, read.getIndices());
  SmallVector<int64_t> ones(at.size(), 1);
  at::Tensor element = window(op, source, at, ones);
  Type type = read.getType();
  if (isa<FloatType>(type))
    set(f, read.getResult(),
        makeFloat(type, element.to(at::kDouble).item<double>(), op->getLoc()));
  else
    set(f, read.getResult(),
        makeInt(type, element.to(at::kLong).item<int64_t>()));
}

void Interpreter::runAssemble(Operation *op, Frame &f) {
  auto assemble = cast<pp::AssembleOp>(op);
  // A copy first: the value may be a view of the destination.
  at::Tensor value = tensor(f, assemble.getValue()).clone();
  at::Tensor dest =
      window(op, tensor(f, assemble.getDest()),
             indices(f, assemble.getOffsets()), mlirShape(value.sizes()));
  dest.copy_(value.reshape(dest.sizes()));
  changed();
}

void Interpreter::runRanks(Operation *op, Frame &f) {
  auto ranks = cast<pp::RanksOp>(op);
  // Every rank runs the body with its own copy of each window.
  std::vector<Frame> frames(ranks.getWorld());
  std::vector<Job> jobs;
  Type indexType = IndexType::get(op->getContext());
  for (int64_t r = 0; r < ranks.getWorld(); ++r) {
    Frame &frame = frames[r];
    frame.values = f.values;
    frame.rank = r;
    for (auto [value, k] : windowOf)
      frame.values[value] = windows[k][r];
    frame.values[ranks.getRank()] = makeInt(indexType, r);
    jobs.push_back([this, &frame, ranks](Lock &lock) mutable {
      frame.lock = &lock;
      runBlock(ranks.getBody().front(), frame);
    });
  }
  runAgents(f, std::move(jobs));
}

void Interpreter::runRemote(Operation *op, Frame &f) {
  Location loc = op->getLoc();
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](pp::RemoteLoadOp load) {
        at::Tensor theirs = peerView(op, f, tensor(f, load.getSource()),
                                     index(f, load.getPeer()));
        set(f, load.getResult(),
            window(op, theirs, indices(f, load.getOffsets()), load.getSizes())
                .clone());
      })
      .Case([&](pp::NotifyOp notify) {
        at::Tensor theirs = peerView(op, f, tensor(f, notify.getSignal()),
                                     index(f, notify.getPeer()));
        SmallVector<int64_t> at = indices(f, notify.getIndices());
        at::Tensor element =
            window(op, theirs, at, SmallVector<int64_t>(at.size(), 1));
        int64_t value = scalar(f, notify.getValue()).i;
        if (notify.getKind() == pp::NotifyKind::add)
          element.add_(value);
        else
          element.fill_(value);
        changed();
      })
      .Case([&](pp::WaitOp wait) {
        at::Tensor signal = tensor(f, wait.getSignal());
        SmallVector<int64_t> at = indices(f, wait.getIndices());
        at::Tensor element =
            window(op, signal, at, SmallVector<int64_t>(at.size(), 1));
        int64_t expected = scalar(f, wait.getExpected()).i;
        pp::WaitCmp cmp = wait.getCmp();
        auto ready = [&] {
          int64_t v = element.to(at::kLong).item<int64_t>();
          switch (cmp) {
          case pp::WaitCmp::eq:
            return v == expected;
          case pp::WaitCmp::ne:
            return v != expected;
          case pp::WaitCmp::gt:
            return v > expected;
          case pp::WaitCmp::ge:
            return v >= expected;
          case pp::WaitCmp::lt:
            return v < expected;
          case pp::WaitCmp::le:
            return v <= expected;
          }
          return false;
        };
        waitUntil(f, op, ready,
                  "the wait for " + pp::stringifyWaitCmp(cmp) + " " +
                      Twine(expected) + " on rank " + Twine(f.rank));
      });
  (void)loc;
}

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

void Interpreter::runLoad(Operation *op, Frame &f) {
  auto load = cast<pp::LoadOp>(op);
  at::Tensor source = tensor(f, load.getSource());
  if (load.getPeer())
    source = peerView(op, f, source, index(f, load.getPeer()));
  ArrayRef<int64_t> shape = load.getType().getShape();
  SmallVector<int64_t> sizes(shape);
  if (load.getTranspose())
    std::reverse(sizes.begin(), sizes.end());
  at::Tensor t =
      window(op, source, indices(f, load.getOffsets()), sizes).reshape(sizes);
  if (load.getTranspose())
    t = t.t();
  set(f, load.getResult(), t.contiguous().clone());
}

void Interpreter::runStore(Operation *op, Frame &f) {
  auto store = cast<pp::StoreOp>(op);
  at::Tensor value = tensor(f, store.getValue());
  at::Tensor dest =
      window(op, tensor(f, store.getDest()), indices(f, store.getOffsets()),
             mlirShape(value.sizes()));
  dest.copy_(value.reshape(dest.sizes()));
  changed();
}

void Interpreter::runExtract(Operation *op, Frame &f) {
  auto extract = cast<pp::ExtractOp>(op);
  at::Tensor source = tensor(f, extract.getSource());
  SmallVector<int64_t> at = {index(f, extract.getRow()),
                             index(f, extract.getCol())};
  at::Tensor w = window(op, source, at, extract.getType().getShape());
  set(f, extract.getResult(),
      castTensor(w, dtypeOf(extract.getType().getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
}

void Interpreter::runMove(Operation *op, Frame &f) {
  auto move = cast<pp::MoveOp>(op);
  set(f, move.getResult(),
      castTensor(tensor(f, move.getSource()),
                 dtypeOf(move.getType().getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
}

/// `exact` (float64 or int64) rounded to the dtype of `result`.
at::Tensor rounded(const at::Tensor &exact, Value result) {
  return exact.to(
      dtypeOf(shapedType(result).getElementType(), result.getLoc()));
}

at::Tensor integerDivide(Operation *op, const at::Tensor &a,
                         const at::Tensor &b) {
  if ((b == 0).any().item<bool>())
    fail(op, "integer division by zero");
  return at::div(a, b, "trunc");
}

void Interpreter::runBinary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor b = widen(tensor(f, op->getOperand(1)));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case([&](pp::AddOp) { return a + b; })
                     .Case([&](pp::SubOp) { return a - b; })
                     .Case([&](pp::MulOp) { return a * b; })
                     .Case([&](pp::DivOp) {
                       return isInt ? integerDivide(op, a, b) : a / b;
                     })
                     .Case([&](pp::MaxOp) { return at::maximum(a, b); })
                     .Case([&](pp::MinOp) { return at::minimum(a, b); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runScalarOp(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  Scalar s = scalar(f, op->getOperand(1));
  at::Tensor b =
      at::full({}, s.toTorch(), at::TensorOptions().dtype(a.scalar_type()));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case([&](pp::AddsOp) { return a + b; })
                     .Case([&](pp::SubsOp) { return a - b; })
                     .Case([&](pp::MulsOp) { return a * b; })
                     .Case([&](pp::DivsOp) {
                       return isInt ? integerDivide(op, a, b) : a / b;
                     })
                     .Case([&](pp::MaxsOp) { return at::maximum(a, b); })
                     .Case([&](pp::MinsOp) { return at::minimum(a, b); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runUnary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case([&](pp::NegOp) { return -a; })
                     .Case([&](pp::AbsOp) { return at::abs(a); })
                     .Case([&](pp::ReluOp) { return at::clamp_min(a, 0); })
                     .Case([&](pp::ExpOp) { return at::exp(a); })
                     .Case([&](pp::LogOp) { return at::log(a); })
                     .Case([&](pp::SqrtOp) { return at::sqrt(a); })
                     .Case([&](pp::RsqrtOp) { return at::rsqrt(a); })
                     .Case([&](pp::RecipOp) { return at::reciprocal(a); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runCast(Operation *op, Frame &f) {
  auto cast = llvm::cast<pp::CastOp>(op);
  set(f, cast.getResult(),
      castTensor(
          tensor(f, cast.getSource()),
          dtypeOf(shapedType(cast.getResult()).getElementType(), op->getLoc()),
          cast.getRound()));
}

void Interpreter::runReduce(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  bool isRow = isa<pp::RowSumOp, pp::RowMaxOp, pp::RowMinOp>(op);
  int64_t dim = isRow ? 1 : 0;
  at::Tensor r = llvm::TypeSwitch<Operation *, at::Tensor>(op)
                     .Case<pp::RowSumOp, pp::ColSumOp>(
                         [&](Operation *) { return a.sum(dim, true); })
                     .Case<pp::RowMaxOp, pp::ColMaxOp>(
                         [&](Operation *) { return a.amax(dim, true); })
                     .Case<pp::RowMinOp, pp::ColMinOp>(
                         [&](Operation *) { return a.amin(dim, true); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runBroadcast(Operation *op, Frame &f) {
  at::Tensor a = tensor(f, op->getOperand(0));
  set(f, op->getResult(0),
      a.expand(torchShape(shapedType(op->getResult(0)).getShape()))
          .contiguous());
}

void Interpreter::runExpandBinary(Operation *op, Frame &f) {
  at::Tensor a = widen(tensor(f, op->getOperand(0)));
  at::Tensor v = widen(tensor(f, op->getOperand(1)));
  bool isInt = !at::isFloatingType(a.scalar_type());
  at::Tensor r =
      llvm::TypeSwitch<Operation *, at::Tensor>(op)
          .Case<pp::RowExpandADDOp, pp::ColExpandADDOp>(
              [&](Operation *) { return a + v; })
          .Case<pp::RowExpandSUBOp, pp::ColExpandSUBOp>(
              [&](Operation *) { return a - v; })
          .Case<pp::RowExpandMULOp, pp::ColExpandMULOp>(
              [&](Operation *) { return a * v; })
          .Case<pp::RowExpandDIVOp, pp::ColExpandDIVOp>([&](Operation *) {
            return isInt ? integerDivide(op, a, v.expand(a.sizes())) : a / v;
          })
          .Case<pp::RowExpandMAXOp, pp::ColExpandMAXOp>(
              [&](Operation *) { return at::maximum(a, v); })
          .Case<pp::RowExpandMINOp, pp::ColExpandMINOp>(
              [&](Operation *) { return at::minimum(a, v); })
          .Case<pp::RowExpandEXPDIFOp, pp::ColExpandEXPDIFOp>(
              [&](Operation *) { return at::exp(a - v); });
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runFull(Operation *op, Frame &f) {
  auto full = cast<pp::FullOp>(op);
  auto type = shapedType(full.getResult());
  set(f, full.getResult(),
      at::full(torchShape(type.getShape()),
               scalar(f, full.getValue()).toTorch(),
               at::TensorOptions().dtype(
                   dtypeOf(type.getElementType(), op->getLoc()))));
}

void Interpreter::runFillPad(Operation *op, Frame &f) {
  auto pad = cast<pp::FillPadOp>(op);
  at::Tensor source = tensor(f, pad.getSource());
  int64_t rows = index(f, pad.getValidRows()),
          cols = index(f, pad.getValidCols());
  if (rows < 0 || rows > source.size(0) || cols < 0 || cols > source.size(1))
    fail(op, "the valid extents [" + Twine(rows) + ", " + Twine(cols) +
                 "] are outside the " + shapeText(mlirShape(source.sizes())) +
                 " tile");
  at::Tensor result = source.clone();
  c10::ScalarType dtype = result.scalar_type();
  bool isFloat = at::isFloatingType(dtype);
  at::Scalar value;
  switch (pad.getPad()) {
  case pp::PadValue::zero:
    value = 0;
    break;
  case pp::PadValue::max:
    value = at::Scalar(std::numeric_limits<double>::infinity());
    break;
  case pp::PadValue::min:
    value = at::Scalar(-std::numeric_limits<double>::infinity());
    break;
  }
  if (!isFloat) {
    // The largest and smallest values of the integer type.
    int64_t bits = int64_t(at::elementSize(dtype)) * 8;
    bool isUnsigned = dtype == at::kByte || dtype == at::kBool;
    int64_t maxValue = isUnsigned   ? (int64_t(1) << bits) - 1
                       : bits >= 64 ? std::numeric_limits<int64_t>::max()
                                    : (int64_t(1) << (bits - 1)) - 1;
    int64_t minValue = isUnsigned   ? 0
                       : bits >= 64 ? std::numeric_limits<int64_t>::min()
                                    : -(int64_t(1) << (bits - 1));
    if (pad.getPad() == pp::PadValue::max)
      value = maxValue;
    else if (pad.getPad() == pp::PadValue::min)
      value = minValue;
  }
  result.narrow(0, rows, result.size(0) - rows).fill_(value);
  result.narrow(1, cols, result.size(1) - cols).fill_(value);
  set(f, pad.getResult(), result);
}

void Interpreter::runTranspose(Operation *op, Frame &f) {
  set(f, op->getResult(0), tensor(f, op->getOperand(0)).t().contiguous());
}

void Interpreter::runReshape(Operation *op, Frame &f) {
  at::Tensor source = tensor(f, op->getOperand(0));
  // A copy: the kernel loads the tile where the reshape is, so a later
  // write into the tensor does not show through it.
  set(f, op->getResult(0),
      source.reshape(torchShape(shapedType(op->getResult(0)).getShape()))
          .clone());
}

/// Sorted pairs in the value dtype: f32 pair k is columns 2k (the value) and
/// 2k+1 (the u32 index bits); f16 pair k is 4k (the value), 4k+1 (0), 4k+2
/// and 4k+3 (the index, low half first).
at::Tensor packPairs(const at::Tensor &values, const at::Tensor &idx) {
  int64_t rows = values.size(0), n = values.size(1);
  if (values.scalar_type() == at::kFloat)
    return at::stack({values.view(at::kInt), idx}, 2)
        .reshape({rows, 2 * n})
        .view(at::kFloat);
  at::Tensor low = at::bitwise_and(idx, 0xFFFF).to(at::kShort);
  at::Tensor high = at::bitwise_right_shift(idx, 16).to(at::kShort);
  return at::stack({values.view(at::kShort), at::zeros_like(low), low, high}, 2)
      .reshape({rows, 4 * n})
      .view(at::kHalf);
}

/// The values and indices of a row of sorted pairs.
std::pair<at::Tensor, at::Tensor> unpackPairs(const at::Tensor &pairs) {
  int64_t rows = pairs.size(0);
  if (pairs.scalar_type() == at::kFloat) {
    at::Tensor bits = pairs.contiguous().view(at::kInt).reshape({rows, -1, 2});
    return {bits.select(2, 0).contiguous().view(at::kFloat),
            bits.select(2, 1).contiguous()};
  }
  at::Tensor halves =
      pairs.contiguous().view(at::kShort).reshape({rows, -1, 4});
  at::Tensor low = halves.select(2, 2).to(at::kInt).bitwise_and(0xFFFF);
  at::Tensor high = halves.select(2, 3).to(at::kInt).bitwise_left_shift(16);
  return {halves.select(2, 0).contiguous().view(at::kHalf),
          at::bitwise_or(low, high)};
}

/// Sorts the last dimension of `values` descending; equal values keep their
/// order. Returns the values and the indices carried along.
std::pair<at::Tensor, at::Tensor> sortDescending(const at::Tensor &values,
                                                 const at::Tensor &idx) {
  at::Tensor order = std::get<1>(at::sort(
      values.to(at::kFloat), /*stable=*/true, -1, /*descending=*/true));
  return {values.gather(-1, order), idx.gather(-1, order)};
}

void Interpreter::runSort(Operation *op, Frame &f) {
  at::Tensor source = tensor(f, op->getOperand(0)).contiguous();
  int64_t rows = source.size(0);
  if (auto sort = dyn_cast<pp::Sort32Op>(op)) {
    int64_t n = source.size(1);
    at::Tensor idx = tensor(f, sort.getIndices())
                         .to(at::kInt)
                         .expand({rows, n})
                         .contiguous();
    auto [values, carried] = sortDescending(source.reshape({rows, n / 32, 32}),
                                            idx.reshape({rows, n / 32, 32}));
    set(f, sort.getResult(),
        packPairs(values.reshape({rows, n}), carried.reshape({rows, n})));
    return;
  }
  auto merge = cast<pp::MrgSortOp>(op);
  int64_t perPair = source.scalar_type() == at::kFloat ? 2 : 4;
  int64_t run = merge.getBlockLen() / perPair; // pairs in one sorted run
  auto [values, idx] = unpackPairs(source);
  int64_t pairs = values.size(1);
  // A merge, not a sort: each step takes the largest head of the four runs
  // (the first run on a tie), so runs that are not sorted give what the
  // hardware gives, not a sorted row.
  at::Tensor key = values.to(at::kFloat).contiguous();
  at::Tensor order = at::empty({rows, pairs}, at::kLong);
  auto keys = key.accessor<float, 2>();
  auto out = order.accessor<int64_t, 2>();
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < pairs; g += 4 * run) {
      int64_t pos[4] = {0, 0, 0, 0};
      for (int64_t k = 0; k < 4 * run; ++k) {
        int best = -1;
        for (int i = 0; i < 4; ++i)
          if (pos[i] < run &&
              (best < 0 || keys[r][g + i * run + pos[i]] >
                               keys[r][g + best * run + pos[best]]))
            best = i;
        out[r][g + k] = g + best * run + pos[best]++;
      }
    }
  }
  set(f, merge.getResult(),
      packPairs(values.gather(1, order), idx.gather(1, order)));
}

void Interpreter::runGather(Operation *op, Frame &f) {
  auto gather = cast<pp::GatherOp>(op);
  at::Tensor source = tensor(f, gather.getSource()).contiguous();
  auto type = shapedType(gather.getResult());
  // The bits are copied: the result reads them as its own type.
  at::Tensor bits = source.view(dtypeOf(type.getElementType(), op->getLoc()));
  int64_t first = gather.getMask() == pp::GatherMask::even ? 0 : 1;
  int64_t cols = type.getShape()[1];
  set(f, gather.getResult(),
      bits.slice(1, first, first + 2 * cols - 1, 2).contiguous());
}

void Interpreter::runMatmul(Operation *op, Frame &f) {
  Value lhs, rhs, acc;
  bool aTrans, bTrans;
  if (auto mm = dyn_cast<pp::MatmulOp>(op)) {
    lhs = mm.getLhs(), rhs = mm.getRhs(), aTrans = mm.getATrans(),
    bTrans = mm.getBTrans();
  } else {
    auto mma = cast<pp::MatmulAccOp>(op);
    lhs = mma.getLhs(), rhs = mma.getRhs(), acc = mma.getAcc(),
    aTrans = mma.getATrans(), bTrans = mma.getBTrans();
  }
  // Products and sums in float64: exact for 8-bit integers and half
  // precision inputs, and the reference for f32 ones.
  at::Tensor a = widen(tensor(f, lhs));
  at::Tensor b = widen(tensor(f, rhs));
  if (aTrans)
    a = a.t();
  if (bTrans)
    b = b.t();
  at::Tensor r = at::matmul(a, b);
  if (acc)
    r = r + widen(tensor(f, acc));
  set(f, op->getResult(0), rounded(r, op->getResult(0)));
}

void Interpreter::runPipe(Operation *op, Frame &f) {
  if (isa<pp::AicInitializePipeOp, pp::AivInitializePipeOp, pp::TFreeToAicOp,
          pp::TFreeToAivOp>(op))
    return; // slots are not modelled: the reference has no capacity limit
  if (!f.pipe)
    fail(op, "a pipe op outside the parts of a mixed kernel");
  Pipe &pipe = *f.pipe;
  if (isa<pp::TPushToAivOp>(op)) {
    pipe.toAiv.push_back(tensor(f, op->getOperand(0)).clone());
    return changed();
  }
  if (isa<pp::TPushToAicOp>(op)) {
    pipe.toAic.push_back(tensor(f, op->getOperand(0)).clone());
    return changed();
  }
  std::deque<at::Tensor> &queue =
      isa<pp::TPopFromAicOp>(op) ? pipe.toAiv : pipe.toAic;
  waitUntil(
      f, op, [&] { return !queue.empty(); }, "the pop of a tile nobody pushes");
  Value result = op->getResult(0);
  set(f, result,
      castTensor(queue.front(),
                 dtypeOf(shapedType(result).getElementType(), op->getLoc()),
                 pp::RoundMode::rint));
  queue.pop_front();
}

template <typename... Ops> void add(HandlerMap &map, Handler handler) {
  (map.insert({TypeID::get<Ops>(), handler}), ...);
}

const HandlerMap &Interpreter::handlers() {
  static const HandlerMap map = [] {
    HandlerMap m;
    using I = Interpreter;
    add<arith::ConstantOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
        arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
        arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp,
        arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp,
        arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShLIOp,
        arith::ShRUIOp, arith::ShRSIOp, arith::CmpIOp, arith::CmpFOp,
        arith::SelectOp, arith::IndexCastOp, arith::IndexCastUIOp,
        arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::AddFOp,
        arith::SubFOp, arith::MulFOp, arith::DivFOp, arith::RemFOp,
        arith::NegFOp, arith::MaximumFOp, arith::MaxNumFOp, arith::MinimumFOp,
        arith::MinNumFOp, arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp,
        arith::FPToUIOp, arith::ExtFOp, arith::TruncFOp>(m, &I::runArith);
    add<scf::ForOp>(m, &I::runFor);
    add<scf::IfOp>(m, &I::runIf);
    add<func::CallOp>(m, &I::runFuncCall);
    add<pp::AtOp, pp::SpmdOp>(m, &I::runRegion);
    add<pp::CallOp>(m, &I::runCall);
    add<pp::SliceOp>(m, &I::runSlice);
    add<pp::CreateTensorOp, pp::CreateTileOp, pp::AllocWindowOp>(m,
                                                                 &I::runCreate);
    add<pp::ReadOp>(m, &I::runRead);
    add<pp::AssembleOp>(m, &I::runAssemble);
    add<pp::RanksOp>(m, &I::runRanks);
    add<pp::RemoteLoadOp, pp::NotifyOp, pp::WaitOp>(m, &I::runRemote);
    add<pp::LoadOp>(m, &I::runLoad);
    add<pp::StoreOp>(m, &I::runStore);
    add<pp::ExtractOp>(m, &I::runExtract);
    add<pp::MoveOp>(m, &I::runMove);
    add<pp::AddOp, pp::SubOp, pp::MulOp, pp::DivOp, pp::MaxOp, pp::MinOp>(
        m, &I::runBinary);
    add<pp::AddsOp, pp::SubsOp, pp::MulsOp, pp::DivsOp, pp::MaxsOp, pp::MinsOp>(
        m, &I::runScalarOp);
    add<pp::NegOp, pp::AbsOp, pp::ReluOp, pp::ExpOp, pp::LogOp, pp::SqrtOp,
        pp::RsqrtOp, pp::RecipOp>(m, &I::runUnary);
    add<pp::CastOp>(m, &I::runCast);
    add<pp::RowSumOp, pp::RowMaxOp, pp::RowMinOp, pp::ColSumOp, pp::ColMaxOp,
        pp::ColMinOp>(m, &I::runReduce);
    add<pp::RowExpandOp, pp::ColExpandOp>(m, &I::runBroadcast);
    add<pp::RowExpandADDOp, pp::RowExpandSUBOp, pp::RowExpandMULOp,
        pp::RowExpandDIVOp, pp::RowExpandMAXOp, pp::RowExpandMINOp,
        pp::RowExpandEXPDIFOp, pp::ColExpandADDOp, pp::ColExpandSUBOp,
        pp::ColExpandMULOp, pp::ColExpandDIVOp, pp::ColExpandMAXOp,
        pp::ColExpandMINOp, pp::ColExpandEXPDIFOp>(m, &I::runExpandBinary);
    add<pp::FullOp>(m, &I::runFull);
    add<pp::FillPadOp>(m, &I::runFillPad);
    add<pp::TransposeOp>(m, &I::runTranspose);
    add<pp::ReshapeOp>(m, &I::runReshape);
    add<pp::Sort32Op, pp::MrgSortOp>(m, &I::runSort);
    add<pp::GatherOp>(m, &I::runGather);
    add<pp::MatmulOp, pp::MatmulAccOp>(m, &I::runMatmul);
    add<pp::AicInitializePipeOp, pp::AivInitializePipeOp, pp::TPushToAivOp,
        pp::TPushToAicOp, pp::TPopFromAicOp, pp::TPopFromAivOp,
        pp::TFreeToAicOp, pp::TFreeToAivOp>(m, &I::runPipe);
    return m;
  }();
  return map;
}

} // namespace

namespace pypto::interp {

std::string interpretProgram(ModuleOp module, std::vector<at::Tensor> &args) {
  func::FuncOp entry;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !pp::isKernelFunction(func) &&
        pp::getFunctionKind(func) != pp::kind::kGroup && !entry)
      entry = func;
  if (!entry)
    return "error: the program has no entry function to interpret";
  try {
    Interpreter interpreter(module);
    interpreter.run(entry, args);
    return "";
  } catch (const InterpError &e) {
    std::string where = locationText(e.loc);
    return (where.empty() ? "" : where + ": ") + "error: " + e.message;
  } catch (const std::exception &e) {
    std::string text = e.what();
    if (size_t cut = text.find("\nException raised from");
        cut != std::string::npos)
      text.erase(cut);
    return "error: the reference interpreter failed: " + text;
  }
}

at::Tensor unwrittenLike(const at::Tensor &like) {
  return unwritten(like.sizes(), like.scalar_type());
}

bool hasInterpretation(TypeID op) {
  return Interpreter::handlers().count(op) != 0;
}

} // namespace pypto::interp
