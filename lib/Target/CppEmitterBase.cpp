//===- CppEmitterBase.cpp - shared by the C++ emitters ---------*- C++ -*-===//

#include "CppEmitterBase.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::pypto::detail;

FailureOr<std::string> mlir::pypto::detail::cppScalarType(Type type,
                                                          Location loc) {
  if (type.isF32())
    return std::string("float");
  if (type.isF64())
    return std::string("double");
  if (type.isF16())
    return std::string("half");
  if (type.isBF16())
    return std::string("bfloat16_t");
  // Unsigned first: isInteger(N) matches every signedness.
  if (type.isUnsignedInteger(8))
    return std::string("uint8_t");
  if (type.isUnsignedInteger(16))
    return std::string("uint16_t");
  if (type.isUnsignedInteger(32))
    return std::string("uint32_t");
  if (type.isIndex() || type.isInteger(64))
    return std::string("int64_t");
  if (type.isInteger(32))
    return std::string("int32_t");
  if (type.isInteger(16))
    return std::string("int16_t");
  if (type.isInteger(8))
    return std::string("int8_t");
  if (type.isInteger(1))
    return std::string("bool");
  return emitError(loc, "type ") << type << " has no C++ equivalent yet";
}

std::string mlir::pypto::detail::cppFloatLiteral(FloatAttr value) {
  double v = value.getValueAsDouble();
  bool single = value.getType().isF32();
  if (std::isnan(v))
    return single ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")";
  if (std::isinf(v))
    return std::string(v < 0 ? "-" : "") +
           (single ? "__builtin_inff()" : "__builtin_inf()");
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, single ? "%.9g" : "%.17g", v);
  std::string text = buffer;
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  return single ? text + "f" : text;
}

std::string CppEmitterBase::name(Value value) {
  auto [it, inserted] = names.try_emplace(value, "");
  if (inserted) {
    std::string candidate;
    do
      candidate = "v" + std::to_string(counter++);
    while (used.contains(candidate));
    used.insert(candidate);
    it->second = candidate;
  }
  return it->second;
}

void CppEmitterBase::setName(Value value, const std::string &preferred) {
  names[value] = uniqueName(preferred);
}

std::string CppEmitterBase::uniqueName(const std::string &preferred) {
  static const llvm::StringSet<> reserved = {
      "auto",     "bool",     "break",  "case",     "char",    "const",
      "continue", "default",  "delete", "do",       "double",  "else",
      "enum",     "extern",   "false",  "float",    "for",     "goto",
      "if",       "inline",   "int",    "long",     "new",     "nullptr",
      "return",   "short",    "signed", "sizeof",   "static",  "struct",
      "switch",   "template", "this",   "true",     "typedef", "union",
      "unsigned", "using",    "void",   "volatile", "while",   "orch_args"};
  std::string base = reserved.contains(preferred) ? preferred + "_" : preferred;
  std::string candidate = base;
  for (unsigned suffix = 1; used.contains(candidate); ++suffix)
    candidate = base + "_" + std::to_string(suffix);
  used.insert(candidate);
  return candidate;
}

std::string CppEmitterBase::signedValue(Value value) {
  // A C++ bool is 0 or 1; as a signed i1, true is -1.
  if (value.getType().isInteger(1))
    return "(-static_cast<int>(" + name(value) + "))";
  return name(value);
}

/// The bits of an integer or index type (index: 64).
static unsigned integerWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// The unsigned C++ type that holds the bits of a `width`-bit integer.
static std::string unsignedBitsType(unsigned width) {
  return width == 1    ? "bool"
         : width <= 8  ? "uint8_t"
         : width <= 16 ? "uint16_t"
         : width <= 32 ? "uint32_t"
                       : "uint64_t";
}

/// The C++ of an arith.cmpf predicate on doubles `a` and `b`: the ordered
/// predicates are false on NaN, as C++'s comparisons are; the unordered ones
/// are the negation of the opposite ordered one.
static std::string floatComparison(arith::CmpFPredicate predicate,
                                   const std::string &a, const std::string &b) {
  using P = arith::CmpFPredicate;
  auto nan = [](const std::string &x) { return "(" + x + " != " + x + ")"; };
  switch (predicate) {
  case P::AlwaysFalse:
    return "false";
  case P::AlwaysTrue:
    return "true";
  case P::OEQ:
    return a + " == " + b;
  case P::OGT:
    return a + " > " + b;
  case P::OGE:
    return a + " >= " + b;
  case P::OLT:
    return a + " < " + b;
  case P::OLE:
    return a + " <= " + b;
  case P::ONE:
    return "(" + a + " < " + b + " || " + a + " > " + b + ")";
  case P::ORD:
    return "!" + nan(a) + " && !" + nan(b);
  case P::UEQ:
    return "!(" + a + " < " + b + " || " + a + " > " + b + ")";
  case P::UGT:
    return "!(" + a + " <= " + b + ")";
  case P::UGE:
    return "!(" + a + " < " + b + ")";
  case P::ULT:
    return "!(" + a + " >= " + b + ")";
  case P::ULE:
    return "!(" + a + " > " + b + ")";
  case P::UNE:
    return "!(" + a + " == " + b + ")";
  case P::UNO:
    return nan(a) + " || " + nan(b);
  }
  llvm_unreachable("every cmpf predicate is handled");
}

std::optional<LogicalResult> CppEmitterBase::emitFloatScalarOp(Operation *op) {
  if (!isa<arith::CmpFOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
           arith::DivFOp, arith::RemFOp, arith::NegFOp, arith::MaximumFOp,
           arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp,
           arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp, arith::FPToUIOp>(
          op))
    return std::nullopt;
  Type resultType = op->getResult(0).getType();
  FailureOr<std::string> type = cppScalarType(resultType, op->getLoc());
  if (failed(type))
    return failure();
  // Every float operand as a double (exact), the result rounded once to its
  // type: the reference interpreter computes the same way.
  auto operand = [&](unsigned i) {
    return "static_cast<double>(" + name(op->getOperand(i)) + ")";
  };
  std::string value;
  if (auto compare = dyn_cast<arith::CmpFOp>(op)) {
    value = floatComparison(compare.getPredicate(), operand(0), operand(1));
  } else if (isa<arith::SIToFPOp>(op)) {
    value = "static_cast<double>(" + signedValue(op->getOperand(0)) + ")";
  } else if (isa<arith::UIToFPOp>(op)) {
    Type from = op->getOperand(0).getType();
    unsigned width = integerWidth(from);
    value =
        "static_cast<double>(static_cast<uint64_t>(" + name(op->getOperand(0)) +
        ")" +
        (width < 64 ? " & ((uint64_t(1) << " + std::to_string(width) + ") - 1))"
                    : ")");
  } else if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    // Through int64_t: a narrower integer keeps the low bits.
    value = "static_cast<int64_t>(" + operand(0) + ")";
  } else {
    std::string a = operand(0), b = op->getNumOperands() > 1 ? operand(1) : "";
    value = llvm::TypeSwitch<Operation *, std::string>(op)
                .Case([&](arith::AddFOp) { return a + " + " + b; })
                .Case([&](arith::SubFOp) { return a + " - " + b; })
                .Case([&](arith::MulFOp) { return a + " * " + b; })
                .Case([&](arith::DivFOp) { return a + " / " + b; })
                .Case([&](arith::RemFOp) {
                  return "std::fmod(" + a + ", " + b + ")";
                })
                .Case([&](arith::NegFOp) { return "-" + a; })
                // maximumf/minimumf propagate NaN; maxnumf/minnumf return
                // the other operand.
                .Case([&](arith::MaximumFOp) {
                  return "(" + a + " != " + a + " || " + b + " != " + b +
                         ") ? std::nan(\"\") : std::max(" + a + ", " + b + ")";
                })
                .Case([&](arith::MinimumFOp) {
                  return "(" + a + " != " + a + " || " + b + " != " + b +
                         ") ? std::nan(\"\") : std::min(" + a + ", " + b + ")";
                })
                .Case([&](arith::MaxNumFOp) {
                  return "std::fmax(" + a + ", " + b + ")";
                })
                .Case([&](arith::MinNumFOp) {
                  return "std::fmin(" + a + ", " + b + ")";
                })
                .Default([](Operation *) { return std::string(); });
  }
  os << "const " << *type << " " << name(op->getResult(0)) << " = static_cast<"
     << *type << ">(" << value << ");\n";
  return success();
}

std::optional<LogicalResult> CppEmitterBase::emitScalarOp(Operation *op) {
  if (std::optional<LogicalResult> floating = emitFloatScalarOp(op))
    return floating;
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    FailureOr<std::string> type =
        cppScalarType(constant.getType(), constant.getLoc());
    if (failed(type))
      return failure();
    os << "const " << *type << " " << name(constant) << " = ";
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      os << integer.getValue().getSExtValue();
    else if (auto real = dyn_cast<FloatAttr>(constant.getValue()))
      os << cppFloatLiteral(real);
    else
      return constant.emitOpError("has a value C++ cannot express");
    os << ";\n";
    return success();
  }
  // Integer conversions keep the value: every integer is an int64_t here
  // unless it names its own width.
  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(op)) {
    FailureOr<std::string> type =
        cppScalarType(op->getResult(0).getType(), op->getLoc());
    if (failed(type))
      return failure();
    // An i1 extends to -1 when signed; a truncation to i1 keeps the low bit.
    std::string source = isa<arith::TruncIOp>(op)
                             ? name(op->getOperand(0))
                             : signedValue(op->getOperand(0));
    if (op->getResult(0).getType().isInteger(1))
      source = "(" + source + " & 1)";
    os << "const " << *type << " " << name(op->getResult(0))
       << " = static_cast<" << *type << ">(" << source << ");\n";
    return success();
  }
  if (auto extend = dyn_cast<arith::ExtUIOp>(op)) {
    // The operand's bits read as unsigned.
    FailureOr<std::string> type = cppScalarType(extend.getType(), op->getLoc());
    if (failed(type))
      return failure();
    std::string bits =
        unsignedBitsType(extend.getIn().getType().getIntOrFloatBitWidth());
    os << "const " << *type << " " << name(extend) << " = static_cast<" << *type
       << ">(static_cast<" << bits << ">(" << name(extend.getIn()) << "));\n";
    return success();
  }
  // Float conversions go through float: widening is exact, and narrowing
  // to half or bfloat16_t rounds to nearest even, as arith.truncf does.
  if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
    auto truncate = dyn_cast<arith::TruncFOp>(op);
    if (truncate && truncate.getRoundingmode() &&
        *truncate.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return op->emitOpError("rounds other than to nearest even, which the "
                             "built-in PTO->C++ lowering does not support");
    FailureOr<std::string> type =
        cppScalarType(op->getResult(0).getType(), op->getLoc());
    if (failed(type))
      return failure();
    os << "const " << *type << " " << name(op->getResult(0))
       << " = static_cast<" << *type << ">(static_cast<float>("
       << name(op->getOperand(0)) << "));\n";
    return success();
  }
  if (isa<arith::MinSIOp, arith::MaxSIOp>(op)) {
    FailureOr<std::string> type =
        cppScalarType(op->getResult(0).getType(), op->getLoc());
    if (failed(type))
      return failure();
    std::string a = name(op->getOperand(0)), b = name(op->getOperand(1));
    os << "const " << *type << " " << name(op->getResult(0)) << " = "
       << signedValue(op->getOperand(0))
       << (isa<arith::MinSIOp>(op) ? " < " : " > ")
       << signedValue(op->getOperand(1)) << " ? " << a << " : " << b << ";\n";
    return success();
  }
  if (auto shift = dyn_cast<arith::ShRUIOp>(op)) {
    // A logical shift of the operand's own bits.
    unsigned width = integerWidth(shift.getType());
    FailureOr<std::string> type = cppScalarType(shift.getType(), op->getLoc());
    if (failed(type))
      return failure();
    std::string bits = unsignedBitsType(width);
    // A shift by the width or more gives 0 (in C++ it would be undefined).
    os << "const " << *type << " " << name(shift) << " = "
       << name(shift.getRhs()) << " >= " << width << " ? 0 : static_cast<"
       << *type << ">(static_cast<" << bits << ">(" << name(shift.getLhs())
       << ") >> " << name(shift.getRhs()) << ");\n";
    return success();
  }
  if (auto compare = dyn_cast<arith::CmpIOp>(op)) {
    using P = arith::CmpIPredicate;
    P predicate = compare.getPredicate();
    bool isUnsigned = predicate == P::ult || predicate == P::ule ||
                      predicate == P::ugt || predicate == P::uge;
    StringRef symbol;
    switch (predicate) {
    case P::eq:
      symbol = "==";
      break;
    case P::ne:
      symbol = "!=";
      break;
    case P::slt:
    case P::ult:
      symbol = "<";
      break;
    case P::sle:
    case P::ule:
      symbol = "<=";
      break;
    case P::sgt:
    case P::ugt:
      symbol = ">";
      break;
    case P::sge:
    case P::uge:
      symbol = ">=";
      break;
    }
    auto operand = [&](Value v) {
      return isUnsigned ? "static_cast<uint64_t>(" + name(v) + ")"
                        : signedValue(v);
    };
    os << "const bool " << name(compare) << " = " << operand(compare.getLhs())
       << " " << symbol << " " << operand(compare.getRhs()) << ";\n";
    return success();
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    FailureOr<std::string> type =
        cppScalarType(select.getType(), select.getLoc());
    if (failed(type))
      return failure();
    os << "const " << *type << " " << name(select) << " = "
       << name(select.getCondition()) << " ? " << name(select.getTrueValue())
       << " : " << name(select.getFalseValue()) << ";\n";
    return success();
  }
  // Unsigned bounds, of the operands' bits at their width; shifts by the
  // width or more as the interpreter does them (0, or the sign for an
  // arithmetic right shift).
  if (isa<arith::MinUIOp, arith::MaxUIOp, arith::ShLIOp, arith::ShRSIOp>(op)) {
    unsigned width = integerWidth(op->getResult(0).getType());
    FailureOr<std::string> type =
        cppScalarType(op->getResult(0).getType(), op->getLoc());
    if (failed(type))
      return failure();
    std::string bits = unsignedBitsType(width);
    std::string a = name(op->getOperand(0)), b = name(op->getOperand(1));
    std::string ua = "static_cast<" + bits + ">(" + a + ")";
    std::string ub = "static_cast<" + bits + ">(" + b + ")";
    std::string value =
        llvm::TypeSwitch<Operation *, std::string>(op)
            .Case([&](arith::MinUIOp) {
              return ua + " < " + ub + " ? " + ua + " : " + ub;
            })
            .Case([&](arith::MaxUIOp) {
              return ua + " > " + ub + " ? " + ua + " : " + ub;
            })
            .Case([&](arith::ShLIOp) {
              return ub + " >= " + std::to_string(width) + " ? 0 : " + ua +
                     " << " + ub;
            })
            .Case([&](arith::ShRSIOp) {
              return ub + " >= " + std::to_string(width) + " ? (" + a +
                     " < 0 ? -1 : 0) : " + a + " >> " + ub;
            });
    os << "const " << *type << " " << name(op->getResult(0))
       << " = static_cast<" << *type << ">(" << value << ");\n";
    return success();
  }
  // Division and remainder: a zero divisor is reported (the hook) and
  // replaced by 1, and x / -1 negates without the trap the smallest x
  // would raise, so the generated code never stops on SIGFPE.
  if (isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
          arith::FloorDivSIOp, arith::DivUIOp, arith::RemUIOp,
          arith::CeilDivUIOp>(op)) {
    unsigned width = integerWidth(op->getResult(0).getType());
    FailureOr<std::string> type =
        cppScalarType(op->getResult(0).getType(), op->getLoc());
    if (failed(type))
      return failure();
    std::string a = name(op->getOperand(0)), b = name(op->getOperand(1));
    std::string result = name(op->getResult(0));
    // A constant divisor other than 0 and -1 (a tile size, mostly) needs
    // neither.
    std::optional<int64_t> constant = getConstantIntValue(op->getOperand(1));
    bool plain = constant && *constant != 0 && *constant != -1;
    std::string d = b;
    if (!plain) {
      emitDivisorCheck(op->getOperand(1), op->getLoc());
      d = result + "_divisor";
      os << "const " << *type << " " << d << " = " << b << " == 0 ? 1 : " << b
         << ";\n";
    }
    std::string bits = unsignedBitsType(width);
    std::string ua = "static_cast<" + bits + ">(" + a + ")";
    std::string ud = "static_cast<" + bits + ">(" + d + ")";
    std::string q = plain ? a + " / " + d
                          : "(" + d + " == -1 ? static_cast<" + *type +
                                ">(0u - static_cast<uint64_t>(" + a +
                                ")) : " + a + " / " + d + ")";
    std::string r =
        plain ? a + " % " + d : "(" + d + " == -1 ? 0 : " + a + " % " + d + ")";
    std::string value =
        llvm::TypeSwitch<Operation *, std::string>(op)
            .Case([&](arith::DivSIOp) { return q; })
            .Case([&](arith::RemSIOp) { return r; })
            .Case([&](arith::CeilDivSIOp) {
              return q + " + ((" + r + " != 0) && ((" + a + " < 0) == (" + d +
                     " < 0)))";
            })
            .Case([&](arith::FloorDivSIOp) {
              return q + " - ((" + r + " != 0) && ((" + a + " < 0) != (" + d +
                     " < 0)))";
            })
            .Case([&](arith::DivUIOp) { return ua + " / " + ud; })
            .Case([&](arith::RemUIOp) { return ua + " % " + ud; })
            .Case([&](arith::CeilDivUIOp) {
              return ua + " / " + ud + " + (" + ua + " % " + ud + " != 0)";
            });
    // Signed results of the operands' type need no conversion back.
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                        arith::FloorDivSIOp>(op);
    if (plain && isSigned)
      os << "const " << *type << " " << result << " = " << value << ";\n";
    else
      os << "const " << *type << " " << result << " = static_cast<" << *type
         << ">(" << value << ");\n";
    return success();
  }
  std::optional<StringRef> symbol =
      llvm::TypeSwitch<Operation *, std::optional<StringRef>>(op)
          .Case([](arith::AddIOp) { return "+"; })
          .Case([](arith::SubIOp) { return "-"; })
          .Case([](arith::MulIOp) { return "*"; })
          .Case([](arith::AndIOp) { return "&"; })
          .Case([](arith::OrIOp) { return "|"; })
          .Case([](arith::XOrIOp) { return "^"; })
          .Default([](Operation *) { return std::nullopt; });
  if (!symbol)
    return std::nullopt;
  unsigned width = integerWidth(op->getResult(0).getType());
  FailureOr<std::string> type =
      cppScalarType(op->getResult(0).getType(), op->getLoc());
  if (failed(type))
    return failure();
  std::string a = name(op->getOperand(0)), b = name(op->getOperand(1));
  os << "const " << *type << " " << name(op->getResult(0)) << " = ";
  if (width < 64 && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    // Narrow integers wrap at their width, as on the device: the operation
    // is done on unsigned 32 bits (no signed overflow) and truncated.
    os << "static_cast<" << *type << ">(static_cast<uint32_t>(" << a << ") "
       << *symbol << " static_cast<uint32_t>(" << b << ")"
       << (width == 1 ? " & 1u" : "") << ");\n";
  } else {
    os << a << " " << *symbol << " " << b << ";\n";
  }
  return success();
}

LogicalResult CppEmitterBase::emitFor(
    scf::ForOp loop, StringRef what,
    function_ref<LogicalResult(Operation *)> emitOp,
    function_ref<FailureOr<std::string>(Value)> carriedType) {
  if (loop.getNumResults() && !carriedType)
    return loop.emitOpError("with iteration values is not supported in ")
           << what << " yet";
  // One variable per iteration value: the block argument inside the loop
  // and the result after it.
  for (auto [init, arg, result] : llvm::zip(
           loop.getInitArgs(), loop.getRegionIterArgs(), loop.getResults())) {
    FailureOr<std::string> type = carriedType(result);
    if (failed(type))
      return failure();
    os << *type << " " << name(result) << " = " << name(init) << ";\n";
    shareName(arg, result);
  }
  // scf.for needs a positive step; any other would never end.
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)))
    emitRunTimeStepCheck(loop);
  else if (step.getSExtValue() <= 0)
    return loop.emitOpError("step must be positive, got ")
           << step.getSExtValue();
  std::string iv = name(loop.getInductionVar());
  os << "for (int64_t " << iv << " = " << name(loop.getLowerBound()) << "; "
     << iv << " < " << name(loop.getUpperBound()) << "; " << iv
     << " += " << name(loop.getStep()) << ") {";
  if (auto kind = loop->getAttrOfType<StringAttr>(pypto::attr::kLoop))
    os << "  // " << kind.getValue();
  os << "\n";
  enterBlock();
  emitIterationPrologue(loop);
  for (Operation &inner : loop.getBody()->without_terminator())
    if (failed(emitOp(&inner)))
      return failure();
  // Through copies: a yield may swap the variables.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<std::string> next;
  for (auto [result, value] :
       llvm::zip(loop.getResults(), yield.getOperands())) {
    next.push_back(name(result) + "_next");
    os << "const auto " << next.back() << " = " << name(value) << ";\n";
  }
  for (auto [result, copy] : llvm::zip(loop.getResults(), next))
    os << name(result) << " = " << copy << ";\n";
  leaveBlock();
  os << "}\n";
  return success();
}

LogicalResult
CppEmitterBase::emitIf(scf::IfOp branch,
                       function_ref<LogicalResult(Operation *)> emitOp,
                       function_ref<FailureOr<std::string>(Value)> resultType) {
  llvm::SmallVector<bool> declared;
  for (Value result : branch.getResults()) {
    FailureOr<std::string> type = resultType(result);
    if (failed(type))
      return failure();
    declared.push_back(!type->empty());
    if (!type->empty())
      os << *type << " " << name(result) << "{};\n";
  }
  auto emitBranch = [&](Region &region) -> LogicalResult {
    enterBlock();
    for (Operation &inner : region.front().without_terminator())
      if (failed(emitOp(&inner)))
        return failure();
    auto yield = cast<scf::YieldOp>(region.front().getTerminator());
    for (auto [i, result] : llvm::enumerate(branch.getResults()))
      if (declared[i])
        os << name(result) << " = " << name(yield.getOperand(i)) << ";\n";
    leaveBlock();
    return success();
  };
  os << "if (" << name(branch.getCondition()) << ") {\n";
  if (failed(emitBranch(branch.getThenRegion())))
    return failure();
  if (!branch.getElseRegion().empty()) {
    os << "} else {\n";
    if (failed(emitBranch(branch.getElseRegion())))
      return failure();
  }
  os << "}\n";
  return success();
}

std::string mlir::pypto::detail::cppLocationLiteral(Location loc) {
  std::string text;
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    text = llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                         file.getLine(), file.getColumn())
               .str();
  else
    text = "<unknown location>";
  std::string literal = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      literal += '\\';
    if (static_cast<unsigned char>(c) < 0x20)
      continue;
    literal += c;
  }
  return literal + "\"";
}
