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
// This file is the driver: blocks, calls, the agents (ranks, the parts of a
// mixed kernel) and the table of handlers. The handlers are in the file of
// their op family (Arith, Control, Memory, Compute), the values they share
// and the casts in Values.cpp.
//
//===----------------------------------------------------------------------===//

#include "pypto/Interpreter/Interpreter.h"

#include "InterpreterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <thread>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

namespace {

/// Thrown in an agent that stops because another one failed.
struct Aborted {};

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

} // namespace

//===----------------------------------------------------------------------===//
// The driver and its agents
//===----------------------------------------------------------------------===//

void Interpreter::execute(Operation *op, Frame &f) {
  const HandlerMap &map = handlers();
  auto it = map.find(op->getName().getTypeID());
  if (it == map.end())
    fail(op, "the reference interpreter has no interpretation of '" +
                 op->getName().getStringRef() + "'");
  (this->*(it->second))(op, f);
  // An elementwise op of one operand keeps the region it was given.
  if (pp::keepsValidRegion(op))
    if (auto it = f.narrowed.find(op->getOperand(0)); it != f.narrowed.end())
      f.narrowed[op->getResult(0)] = it->second;
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

SmallVector<RtValue> Interpreter::invoke(func::FuncOp callee,
                                         ArrayRef<RtValue> args, Frame &caller,
                                         Pipe *pipe, Lock *lock, int64_t lane) {
  Frame f;
  f.lock = lock ? lock : caller.lock;
  f.rank = caller.rank;
  f.lane = lane >= 0 ? lane : caller.lane;
  f.pipe = pipe ? pipe : caller.pipe;
  f.callDepth = caller.callDepth;
  f.barrier = caller.barrier;
  // Window buffers keep their rank's copy inside the callee.
  Block &body = callee.getBody().front();
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    set(f, arg, value);
  return runBlock(body, f);
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
// The handlers of the op families
//===----------------------------------------------------------------------===//

namespace {

template <typename... Ops> void add(HandlerMap &map, Handler handler) {
  (map.insert({TypeID::get<Ops>(), handler}), ...);
}

} // namespace

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
    add<pp::AtOp, pp::SpmdOp, pp::YieldOp>(m, &I::runRegion);
    add<pp::CallOp>(m, &I::runCall);
    add<pp::SplitAivOp, pp::GetSubblockIdxOp>(m, &I::runSplitAiv);
    add<pp::SyncAllOp, pp::AvailableClusterCountOp, pp::AvailableAivCountOp>(
        m, &I::runSyncAll);
    add<pp::AivShardOp>(m, &I::runAivShard);
    add<pp::SetValidShapeOp>(m, &I::runSetValidShape);
    add<pp::MGatherOp, pp::MScatterOp, pp::ScatterUpdateOp>(m,
                                                            &I::runRowsByIndex);
    add<pp::NoTaskOp, pp::TaskDummyOp, pp::ScopeOp, pp::ScopeYieldOp>(
        m, &I::runTask);
    add<pp::ArrayCreateOp, pp::ArrayGetOp, pp::ArraySetOp>(m, &I::runArray);
    add<pp::SliceOp>(m, &I::runSlice);
    add<pp::CreateTensorOp, pp::CreateTileOp, pp::AllocWindowOp,
        pp::CreateL1Op>(m, &I::runCreate);
    add<pp::ReadOp>(m, &I::runRead);
    add<pp::WriteOp>(m, &I::runWrite);
    add<pp::InsertOp>(m, &I::runInsert);
    add<pp::GatherRowOp>(m, &I::runGatherRow);
    add<pp::TransposeViewOp>(m, &I::runTransposeView);
    add<pp::ScatterMaskOp>(m, &I::runScatterMask);
    add<pp::DimOp>(m, &I::runDim);
    add<pp::AssembleOp>(m, &I::runAssemble);
    add<pp::RanksOp>(m, &I::runRanks);
    add<pp::RemoteLoadOp, pp::RemoteStoreOp, pp::PutOp, pp::GetOp, pp::NotifyOp,
        pp::WaitOp>(m, &I::runRemote);
    add<pp::LoadOp>(m, &I::runLoad);
    add<pp::StoreOp>(m, &I::runStore);
    add<pp::ExtractOp, pp::InsertTileOp>(m, &I::runExtractOrInsert);
    add<pp::PagedGatherOp>(m, &I::runPagedGather);
    add<pp::MoveOp>(m, &I::runMove);
    add<pp::AddOp, pp::SubOp, pp::MulOp, pp::DivOp, pp::MaxOp, pp::MinOp,
        pp::RemOp, pp::FmodOp, pp::AndOp, pp::OrOp, pp::XorOp, pp::ShlOp,
        pp::ShrOp, pp::PreluOp>(m, &I::runBinary);
    add<pp::AddsOp, pp::SubsOp, pp::MulsOp, pp::DivsOp, pp::MaxsOp, pp::MinsOp,
        pp::RemsOp, pp::FmodsOp, pp::AndsOp, pp::OrsOp, pp::XorsOp, pp::ShlsOp,
        pp::ShrsOp, pp::LreluOp>(m, &I::runScalarOp);
    add<pp::AddcOp, pp::SubcOp, pp::AddscOp, pp::SubscOp>(m, &I::runTernary);
    add<pp::NegOp, pp::AbsOp, pp::ReluOp, pp::ExpOp, pp::LogOp, pp::SqrtOp,
        pp::RsqrtOp, pp::RecipOp, pp::NotOp, pp::SinOp, pp::CosOp>(
        m, &I::runUnary);
    add<pp::CastOp>(m, &I::runCast);
    add<pp::PartAddOp, pp::PartMulOp, pp::PartMaxOp, pp::PartMinOp>(
        m, &I::runPart);
    add<pp::RowSumOp, pp::RowMaxOp, pp::RowMinOp, pp::ColSumOp, pp::ColMaxOp,
        pp::ColMinOp, pp::RowProdOp, pp::ColProdOp>(m, &I::runReduce);
    add<pp::RowArgmaxOp, pp::RowArgminOp, pp::ColArgmaxOp, pp::ColArgminOp>(
        m, &I::runArgReduce);
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
    add<pp::ReinterpretViewOp>(m, &I::runReinterpretView);
    add<pp::Sort32Op, pp::MrgSortOp>(m, &I::runSort);
    add<pp::GatherMaskOp>(m, &I::runGatherMask);
    add<pp::GatherOp>(m, &I::runGather);
    add<pp::GatherCompareOp>(m, &I::runGatherCompare);
    add<pp::ScatterOp>(m, &I::runScatter);
    add<pp::ArangeOp>(m, &I::runArange);
    add<pp::TriOp>(m, &I::runTri);
    add<pp::ConcatOp>(m, &I::runConcat);
    add<pp::CmpOp, pp::CmpsOp, pp::SelOp, pp::SelsOp>(m, &I::runCompareSelect);
    add<pp::MatmulOp, pp::MatmulAccOp, pp::MatmulBiasOp>(m, &I::runMatmul);
    add<pp::AicInitializePipeOp, pp::AivInitializePipeOp, pp::TPushToAivOp,
        pp::TPushToAicOp, pp::TPopFromAicOp, pp::TPopFromAivOp,
        pp::TFreeToAicOp, pp::TFreeToAivOp>(m, &I::runPipe);
    return m;
  }();
  return map;
}

} // namespace pypto::interp::detail

namespace pypto::interp {

std::string interpretProgram(ModuleOp module, std::vector<at::Tensor> &args,
                             int64_t clusterCount) {
  // The entry is the function no func.call names (the others are helpers).
  llvm::StringSet<> called;
  module.walk([&](func::CallOp call) { called.insert(call.getCallee()); });
  func::FuncOp entry;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !pp::isKernelFunction(func) &&
        pp::getFunctionKind(func) != pp::kind::kGroup &&
        !called.contains(func.getSymName()) && !entry)
      entry = func;
  if (!entry)
    return "error: the program has no entry function to interpret";
  try {
    detail::Interpreter interpreter(module, clusterCount);
    interpreter.run(entry, args);
    return "";
  } catch (const detail::InterpError &e) {
    std::string where = detail::locationText(e.loc);
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
  return detail::unwritten(like.sizes(), like.scalar_type());
}

bool hasInterpretation(TypeID op) {
  return detail::Interpreter::handlers().count(op) != 0;
}

} // namespace pypto::interp
