//===- Arith.cpp - scalar arithmetic (arith) in the interpreter -*- C++ -*-===//

#include "InterpreterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
namespace pp = ::mlir::pypto;

namespace pypto::interp::detail {

namespace {

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

} // namespace

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

} // namespace pypto::interp::detail
