//===- PeelFirstIteration.cpp - peel `if iv == lb` out of kernel loops ----===//
//
// pypto-lib writes a K loop's first product inside the loop, on a branch
// taken only in the first iteration. The accumulator a loop carries must be
// a matmul result from the start, so the first iteration is run before the
// loop and each side of the branch goes where it is taken.
//
//===----------------------------------------------------------------------===//

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::pypto {
#define GEN_PASS_DEF_PEELFIRSTITERATION
#include "pypto/Transforms/Passes.h.inc"
} // namespace mlir::pypto

using namespace mlir;
using namespace mlir::pypto;

namespace {

/// A top-level branch of a loop body on whether this is the first
/// iteration, and which of its regions that iteration takes.
struct FirstIterationBranch {
  scf::IfOp branch;
  bool thenIsFirst;
};

/// Whether `value` is the loop's lower bound: the same value or the same
/// constant.
bool isLowerBound(Value value, scf::ForOp loop) {
  if (value == loop.getLowerBound())
    return true;
  std::optional<int64_t> constant = getConstantIntValue(value);
  return constant && constant == getConstantIntValue(loop.getLowerBound());
}

std::optional<FirstIterationBranch> asFirstIterationBranch(scf::IfOp branch,
                                                           scf::ForOp loop) {
  auto compare = branch.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!compare)
    return std::nullopt;
  arith::CmpIPredicate predicate = compare.getPredicate();
  if (predicate != arith::CmpIPredicate::eq &&
      predicate != arith::CmpIPredicate::ne)
    return std::nullopt;
  Value iv = loop.getInductionVar();
  Value other = compare.getLhs() == iv   ? compare.getRhs()
                : compare.getRhs() == iv ? compare.getLhs()
                                         : Value();
  if (!other || !isLowerBound(other, loop))
    return std::nullopt;
  return FirstIterationBranch{branch, predicate == arith::CmpIPredicate::eq};
}

/// Erases `op` and the operand producers it leaves unused, when nothing
/// reads them and they have no effects.
void eraseIfDead(Operation *op) {
  if (!op || !isOpTriviallyDead(op))
    return;
  SmallVector<Operation *> producers;
  for (Value operand : op->getOperands())
    if (Operation *producer = operand.getDefiningOp())
      producers.push_back(producer);
  op->erase();
  for (Operation *producer : producers)
    eraseIfDead(producer);
}

/// Inlines `region`'s single block before `branch`, maps the branch's
/// results to what the region yields, and erases the branch.
void inlineRegionInPlace(scf::IfOp branch, Region &region) {
  Operation *condition = branch.getCondition().getDefiningOp();
  if (region.empty()) { // an `else` that is not there: no results either
    branch.erase();
    eraseIfDead(condition);
    return;
  }
  Block &block = region.front();
  auto yield = cast<scf::YieldOp>(block.getTerminator());
  SmallVector<Value> yielded(yield.getOperands());
  yield.erase();
  branch->getBlock()->getOperations().splice(branch->getIterator(),
                                             block.getOperations());
  branch.replaceAllUsesWith(yielded);
  branch.erase();
  eraseIfDead(condition);
}

struct PeelFirstIterationPass
    : public mlir::pypto::impl::PeelFirstIterationBase<PeelFirstIterationPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (!isKernelFunction(function))
      return;
    SmallVector<scf::ForOp> loops;
    function.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    // Inner loops first, so a peeled inner loop is copied whole.
    for (scf::ForOp loop : loops)
      peel(loop);
  }

  void peel(scf::ForOp loop) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!lower || !upper || !step || *step <= 0 || *lower >= *upper)
      return;
    SmallVector<FirstIterationBranch> branches;
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto branch = dyn_cast<scf::IfOp>(op))
        if (auto first = asFirstIterationBranch(branch, loop))
          branches.push_back(*first);
    if (branches.empty())
      return;

    // The first iteration, before the loop, taking each branch's first side.
    OpBuilder builder(loop);
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), loop.getLowerBound());
    mapping.map(loop.getRegionIterArgs(), loop.getInitArgs());
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto branch = dyn_cast<scf::IfOp>(op);
      auto found = llvm::find_if(branches, [&](const FirstIterationBranch &b) {
        return b.branch == branch;
      });
      if (found == branches.end()) {
        builder.clone(op, mapping);
        continue;
      }
      Region &taken =
          found->thenIsFirst ? branch.getThenRegion() : branch.getElseRegion();
      if (taken.empty())
        continue;
      for (Operation &inner : taken.front().without_terminator())
        builder.clone(inner, mapping);
      auto yield = cast<scf::YieldOp>(taken.front().getTerminator());
      for (auto [result, value] :
           llvm::zip(branch.getResults(), yield.getOperands()))
        mapping.map(result, mapping.lookupOrDefault(value));
    }
    SmallVector<Value> firstResults;
    for (Value value : loop.getBody()->getTerminator()->getOperands())
      firstResults.push_back(mapping.lookupOrDefault(value));
    // Conditions cloned for branches that were not cloned.
    for (FirstIterationBranch &first : branches)
      if (Value condition = mapping.lookupOrNull(first.branch.getCondition()))
        eraseIfDead(condition.getDefiningOp());

    // The rest of the loop takes each branch's other side.
    SmallVector<Operation *> initProducers;
    for (Value init : loop.getInitArgs())
      initProducers.push_back(init.getDefiningOp());
    ++numPeeled;
    if (*lower + *step >= *upper) {
      loop.replaceAllUsesWith(firstResults);
      loop.erase();
    } else {
      loop.setLowerBound(builder.create<arith::ConstantIndexOp>(
          loop.getLoc(), *lower + *step));
      loop.getInitArgsMutable().assign(firstResults);
      for (FirstIterationBranch &first : branches)
        inlineRegionInPlace(first.branch, first.thenIsFirst
                                              ? first.branch.getElseRegion()
                                              : first.branch.getThenRegion());
    }
    for (Operation *producer : initProducers)
      eraseIfDead(producer);
  }
};

} // namespace
