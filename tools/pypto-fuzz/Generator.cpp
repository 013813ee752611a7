//===- Generator.cpp - random valid pypto programs ------------------------===//
//
// Generation picks each op among those valid for the values at hand and
// keeps magnitudes bounded (exp of a clamped argument, log and division of
// |x| + 1, no long product chains), so outputs stay finite and a difference
// from the reference is a bug, not an overflow. Float-to-integer casts take
// only values the device computes bit-exactly, where a tie cannot fall on
// different sides.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace pypto::fuzz;

const char *pypto::fuzz::dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::I32:
    return "i32";
  case DType::I16:
    return "i16";
  case DType::I8:
    return "i8";
  }
  return "f32";
}

namespace {

bool isFloat(DType d) {
  return d == DType::F32 || d == DType::F16 || d == DType::BF16;
}

int precisionOf(DType d) {
  return d == DType::F16 ? 1 : d == DType::BF16 ? 2 : 0;
}

/// The largest integer every value up to which the type holds exactly.
double exactIntegers(DType d) {
  switch (d) {
  case DType::F32:
    return 16777216.0;
  case DType::F16:
    return 2048.0;
  case DType::BF16:
    return 256.0;
  case DType::I32:
    return 2147483647.0;
  case DType::I16:
    return 32767.0;
  case DType::I8:
    return 127.0;
  }
  return 0;
}

/// How often an elementwise op is written as a call of a helper function
/// (one helper per op and type, shared by its calls), for
/// pypto-inline-helpers and the interpreter's calls; also how often a loop
/// kernel's blocks are split between the two branches of an `scf.if`.
constexpr double kHelperChance = 0.15;

class Builder {
public:
  explicit Builder(uint64_t seed)
      : rng(seed), helperRng(seed ^ 0x68656c70657273ull),
        scalarRng(seed ^ 0x7363616c617273ull),
        atomicRng(seed ^ 0x61746f6d6963ull),
        concatRng(seed ^ 0x636f6e636174ull),
        extRng(seed ^ 0x6973737565313600ull), transRng(seed ^ 0x7472616e73ull),
        insertRng(seed ^ 0x696e73657274ull), triRng(seed ^ 0x747269ull),
        trigRng(seed ^ 0x74726967ull), gatherRng(seed ^ 0x676174686572ull),
        initRng(seed ^ 0x696e6974636f6e64ull), biasRng(seed ^ 0x62696173ull),
        partRng(seed ^ 0x70617274ull), splitRng(seed ^ 0x73706c6974ull),
        rowsRng(seed ^ 0x726f7773ull), scatterRng(seed ^ 0x73636174ull),
        windowRng(seed ^ 0x77696e646f77ull), batchRng(seed ^ 0x6261746368ull),
        scatterColsRng(seed ^ 0x73636f6c73ull),
        gatherCompareRng(seed ^ 0x67636d70ull) {}

  Program build(uint64_t seed);

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  bool chance(double p) {
    return std::uniform_real_distribution<>(0, 1)(rng) < p;
  }
  template <typename T> T choose(std::initializer_list<T> items) {
    std::vector<T> v(items);
    return v[pick(int(v.size()))];
  }

  int newTensor(const std::string &role, DType dtype, const std::string &init) {
    Tensor t;
    t.name = (role == "in"    ? "x"
              : role == "out" ? "y"
                              : "t") +
             std::to_string(program.tensors.size());
    t.role = role;
    t.dtype = dtype;
    t.init = init;
    t.runTimeRows = role == "in" && scalarChance(0.25);
    program.tensors.push_back(t);
    return int(program.tensors.size()) - 1;
  }

  /// An input of the kernel's own, with static rows (no draw from the
  /// other streams).
  int ownInput(Kernel &k, DType dtype, const std::string &init) {
    Tensor tensor;
    tensor.name = "x" + std::to_string(program.tensors.size());
    tensor.role = "in";
    tensor.dtype = dtype;
    tensor.init = init;
    program.tensors.push_back(tensor);
    k.inputs.push_back(int(program.tensors.size()) - 1);
    return int(program.tensors.size()) - 1;
  }

  /// A window of column indices in [0, columns) of a new input, the same
  /// for every block (a gather's or a scatter's index).
  int columnIndexInput(Kernel &k, Dim rows, Dim width, int64_t columns) {
    int idx = sliceInput(k, DType::I32, rows, width);
    k.ops[idx].colOffset = -1;
    Tensor &indices = program.tensors[k.ops[idx].operands[0]];
    indices.init = "randint";
    indices.initHigh = columns;
    k.ops[idx].magnitude = double(columns);
    return idx;
  }

  /// A draw in [0, n) from a stream of its own.
  static int drawFrom(std::mt19937_64 &stream, int n) {
    return std::uniform_int_distribution<int>(0, n - 1)(stream);
  }
  /// The kernel's last value, one time in `n` (drawn from `stream`), or -1.
  static int lastValueOneIn(const Kernel &k, std::mt19937_64 &stream, int n) {
    if (k.ops.empty() || drawFrom(stream, n) != 0)
      return -1;
    return int(k.ops.size()) - 1;
  }

  int add(Kernel &k, Op op) {
    k.ops.push_back(std::move(op));
    return int(k.ops.size()) - 1;
  }
  const Op &val(Kernel &k, int id) { return k.ops[id]; }

  /// A window of a new input tensor (or of `tensor`), R or 1 rows.
  int sliceInput(Kernel &k, DType dtype, Dim rows, Dim cols, int tensor = -1,
                 int64_t colOffset = 0) {
    if (tensor < 0) {
      std::string init =
          isFloat(dtype) ? (chance(0.8) ? "randn" : "rand") : "randint";
      tensor = newTensor("in", dtype, init);
    }
    if (std::find(k.inputs.begin(), k.inputs.end(), tensor) == k.inputs.end())
      k.inputs.push_back(tensor);
    Op op{OpKind::SliceInput, "slice"};
    op.operands = {tensor};
    op.dtype = dtype;
    op.rows = rows;
    op.cols = cols;
    op.colOffset = colOffset;
    const Tensor &t = program.tensors[tensor];
    op.magnitude = t.init == "randint" ? 8 : t.init == "rand" ? 1 : 5;
    op.exact = true;
    op.precision = precisionOf(dtype);
    return add(k, op);
  }

  int unary(Kernel &k, const std::string &name, int a) {
    const Op &x = val(k, a);
    Op op{OpKind::Unary, name};
    op.operands = {a};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.precision = x.precision;
    op.magnitude = x.magnitude;
    op.exact = x.exact && (name == "neg" || name == "abs" || name == "relu");
    if (name == "exp")
      op.magnitude = std::exp(x.magnitude);
    else if (name == "log" || name == "sqrt")
      op.magnitude = std::max(1.0, std::log(x.magnitude + 1) + x.magnitude / 2);
    else if (name == "rsqrt" || name == "recip")
      op.magnitude = 1;
    if (x.dtype != DType::F32)
      op.exact = op.exact && (name == "neg" || name == "abs" || name == "relu");
    op.viaHelper = helperCall();
    return add(k, op);
  }

  int scalarOp(Kernel &k, const std::string &name, int a, double s) {
    const Op &x = val(k, a);
    Op op{OpKind::ScalarOp, name};
    op.operands = {a};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.scalar = s;
    op.precision = x.precision;
    op.exact = x.exact && (x.dtype == DType::F32 || !isFloat(x.dtype) ||
                           name == "maxs" || name == "mins");
    if (name == "adds" || name == "subs")
      op.magnitude = x.magnitude + std::fabs(s);
    else if (name == "muls")
      op.magnitude = x.magnitude * std::fabs(s);
    else if (name == "divs")
      op.magnitude = x.magnitude / std::fabs(s);
    else
      op.magnitude = std::max(x.magnitude, std::fabs(s));
    return add(k, op);
  }

  /// |x| + 1: a positive operand for log, sqrt, rsqrt, recip and div.
  int positive(Kernel &k, int a) {
    return scalarOp(k, "adds", unary(k, "abs", a), 1.0);
  }

  int binary(Kernel &k, const std::string &name, int a, int b) {
    const Op &x = val(k, a), &y = val(k, b);
    Op op{OpKind::Binary, name};
    op.operands = {a, b};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.precision = std::max(x.precision, y.precision);
    op.exact = x.exact && y.exact &&
               (x.dtype == DType::F32 || !isFloat(x.dtype) || name == "max" ||
                name == "min");
    if (name == "add" || name == "sub")
      op.magnitude = x.magnitude + y.magnitude;
    else if (name == "mul")
      op.magnitude = x.magnitude * y.magnitude;
    else if (name == "div")
      op.magnitude = x.magnitude; // y >= 1
    else
      op.magnitude = std::max(x.magnitude, y.magnitude);
    op.viaHelper = helperCall();
    op.branchy =
        (name == "add" || name == "sub" || name == "max" || name == "min") &&
        helperCall();
    return add(k, op);
  }

  int cast(Kernel &k, int a, DType to, const std::string &mode) {
    const Op &x = val(k, a);
    Op op{OpKind::Cast, "cast"};
    op.operands = {a};
    op.dtype = to, op.rows = x.rows, op.cols = x.cols;
    op.mode = mode;
    op.magnitude = x.magnitude;
    op.precision = std::max(x.precision, precisionOf(to));
    // Rounding an exact value is exact; a value off by an ulp may round to
    // the other side of a tie.
    op.exact = x.exact;
    return add(k, op);
  }

  /// A value of `dtype` with the shape of `like`, or -1.
  int findValue(Kernel &k, DType dtype, Dim rows, Dim cols, int avoid = -1) {
    std::vector<int> found;
    for (int i = 0; i < int(k.ops.size()); ++i)
      if (i != avoid && usable[i] && k.ops[i].dtype == dtype &&
          k.ops[i].rows == rows && k.ops[i].cols == cols &&
          k.ops[i].magnitude < 1e4)
        found.push_back(i);
    return found.empty() ? -1 : found[pick(int(found.size()))];
  }

  int randomValue(Kernel &k, bool floatOnly) {
    std::vector<int> found;
    for (int i = 0; i < int(k.ops.size()); ++i)
      if (usable[i] && (!floatOnly || isFloat(k.ops[i].dtype)) &&
          k.ops[i].magnitude < 1e4)
        found.push_back(i);
    if (found.empty())
      return -1;
    // Recent values more often: chains are where passes interact.
    if (chance(0.6))
      return found[found.size() - 1 - (found.size() > 1 && chance(0.3))];
    return found[pick(int(found.size()))];
  }

  void step(Kernel &k);
  void buildKernel(Kernel &k, int carryTensor);

  std::mt19937_64 rng;
  // Helper calls and branches draw from their own stream: a seed's program
  // is the one it was before they existed, some of its ops written as calls
  // and some of its kernels under an `scf.if`.
  std::mt19937_64 helperRng;
  bool helperCall() {
    return std::uniform_real_distribution<>(0, 1)(helperRng) < kHelperChance;
  }
  // Scalar access inside kernels (element reads and writes) draws from its
  // own stream too.
  std::mt19937_64 scalarRng;
  // Atomic outputs too.
  std::mt19937_64 atomicRng;
  // And the concatenation that may end a kernel's ops.
  std::mt19937_64 concatRng;
  /// Sometimes the last value side by side with another of its rows and
  /// type (pypto.concat), drawn from its own stream after the other ops.
  void concatLast(Kernel &k);
  // And the ops of issue 16 that may follow it.
  std::mt19937_64 extRng;
  /// Sometimes a remainder, bitwise op, shift, relu-family op,
  /// three-operand add, product or arg reduction of the last value, drawn
  /// from its own stream (and built without the helper stream's draws).
  void extendLast(Kernel &k);
  // And whether a K-loop reads its B transposed with a tail.
  std::mt19937_64 transRng;
  // And the element replacements that may follow the last value.
  std::mt19937_64 insertRng;
  /// Sometimes the last value with one element replaced (pypto.insert),
  /// and sometimes the original read again after it (the insert then works
  /// on a copy), drawn from its own stream.
  void insertLast(Kernel &k);
  // And the triangular masks that may multiply the last value.
  std::mt19937_64 triRng;
  // sin/cos of the last value.
  std::mt19937_64 trigRng;
  // Rows gathered into an L1 accumulator for a matmul of the last value.
  std::mt19937_64 gatherRng;
  // K-loops written with init_cond.
  std::mt19937_64 initRng;
  // Matmuls with a bias row.
  std::mt19937_64 biasRng;
  // Part ops of the last value and a corner of an input.
  std::mt19937_64 partRng;
  // Kernels whose vector work both AIV lanes run (pypto.split_aiv none).
  std::mt19937_64 splitRng;
  // Rows of a GM table by an index row added to the last value.
  std::mt19937_64 rowsRng;
  void rowsLast(Kernel &k);
  // Outputs written with pypto.mscatter.
  std::mt19937_64 scatterRng;
  // Windows of the last value (slices of computed values).
  std::mt19937_64 windowRng;
  // Batched matmuls.
  std::mt19937_64 batchRng;
  // Elements of an input scattered into the last value (pypto.scatter).
  std::mt19937_64 scatterColsRng;
  void scatterColsLast(Kernel &k);
  // The columns of the last value that compare with a scalar
  // (pypto.gather_compare).
  std::mt19937_64 gatherCompareRng;
  void gatherCompareLast(Kernel &k);
  void windowLast(Kernel &k);
  /// Whether `k`'s cube work reads only input windows, so that it can stay
  /// outside a split_aiv region that holds all the vector work.
  static bool splittable(const Kernel &k) {
    for (const Op &op : k.ops) {
      // A batched product is assembled from the batches' products on the
      // AIV: not a cube value a lane's shard can take.
      if (op.kind == OpKind::Matmul && op.chunk > 1)
        return false;
      size_t read = op.kind == OpKind::Matmul         ? op.operands.size()
                    : op.kind == OpKind::GatherMatmul ? 1
                                                      : 0;
      for (size_t i = 0; i < read; ++i)
        if (k.ops[op.operands[i]].kind != OpKind::SliceInput)
          return false;
    }
    return true;
  }
  /// Sometimes the last value times a lower or upper triangular mask of its
  /// shape (pypto.tri), drawn from its own stream.
  void maskLast(Kernel &k);
  void trigLast(Kernel &k);
  void gatherLast(Kernel &k);
  void partLast(Kernel &k);
  bool scalarChance(double p) {
    return std::uniform_real_distribution<>(0, 1)(scalarRng) < p;
  }
  Program program;
  int carryIn = -1;         // the tensor the previous kernel wrote for this one
  std::vector<bool> usable; // per op of the kernel being built
};

void Builder::step(Kernel &k) {
  usable.resize(k.ops.size(), true);
  int a = randomValue(k, false);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  bool fl = isFloat(x.dtype);
  int choice = pick(18);
  auto markNew = [&] { usable.resize(k.ops.size(), true); };
  switch (choice) {
  case 0: { // unary
    std::string name =
        fl ? choose<std::string>(
                 {"neg", "abs", "relu", "exp", "log", "sqrt", "rsqrt", "recip"})
           : choose<std::string>({"neg", "abs", "relu"});
    if (name == "exp") {
      int arg = x.magnitude > 3 ? scalarOp(k, "mins", a, 2.5) : a;
      if (x.magnitude > 3)
        arg = scalarOp(k, "maxs", arg, -30.0);
      unary(k, name, arg);
    } else if (name == "log" || name == "sqrt" || name == "rsqrt" ||
               name == "recip") {
      unary(k, name, positive(k, a));
    } else {
      unary(k, name, a);
    }
    break;
  }
  case 1:
  case 2: { // binary with a value of the same type, or a new input slice
    int b = findValue(k, x.dtype, x.rows, x.cols, a);
    if (b < 0 || chance(0.3))
      b = sliceInput(k, x.dtype, x.rows, x.cols, -1,
                     chance(0.3) ? 8 * pick(4) : 0);
    std::string name =
        choose<std::string>({"add", "sub", "mul", "div", "max", "min"});
    if (name == "div" && !fl)
      name = "add";
    if (name == "mul" && k.ops[a].magnitude * k.ops[b].magnitude > 1e3)
      name = "max";
    if (name == "div")
      b = positive(k, b);
    binary(k, name, a, b);
    break;
  }
  case 3: { // scalar
    std::string name =
        choose<std::string>({"adds", "subs", "muls", "divs", "maxs", "mins"});
    double s = fl ? choose<double>({0.5, -1.5, 2.0, 0.25, -3.0, 1.0})
                  : choose<double>({1, -2, 3, 5});
    if (!fl && name == "divs")
      name = "adds";
    if (name == "muls" && x.magnitude * std::fabs(s) > 1e3)
      name = "maxs";
    int r = scalarOp(k, name, a, s);
    // Sometimes the program's scalar argument instead of a constant, or an
    // element the orchestration reads: of an input, or of the tensor the
    // previous kernel wrote (so the read must wait for that kernel).
    bool scalarType = x.dtype == DType::F32 || x.dtype == DType::I32;
    bool bounded =
        name == "adds" || name == "subs" || name == "maxs" || name == "mins";
    if (scalarType && bounded && chance(0.2)) {
      int tensor = carryIn;
      if (tensor < 0 || program.tensors[tensor].dtype != x.dtype || chance(0.5))
        tensor = newTensor("in", x.dtype, fl ? "randn" : "randint");
      k.ops[r].scalarTensor = tensor;
      k.ops[r].scalarInKernel = scalarChance(0.5);
    } else if (scalarType && chance(0.3)) {
      k.ops[r].scalarArgument = true;
    } else if (scalarType && bounded && scalarChance(0.5)) {
      // The last element of another value of this kernel (read from its
      // tile, a column vector's or a product's included).
      std::vector<int> found;
      for (int i = 0; i < r; ++i)
        if (i != a && usable[i] && k.ops[i].dtype == x.dtype &&
            k.ops[i].magnitude < 1e3)
          found.push_back(i);
      if (!found.empty()) {
        int w = found[std::uniform_int_distribution<int>(0, int(found.size()) -
                                                                1)(scalarRng)];
        Op &op = k.ops[r];
        op.scalarFromValue = w;
        // Two in three scan the last row with a loop that carries the
        // running maximum (decided from the ids: no stream draws).
        op.scalarLoopMax = (w * 31 + r) % 3 != 0;
        double m = k.ops[w].magnitude;
        op.magnitude = name == "adds" || name == "subs"
                           ? x.magnitude + m
                           : std::max(x.magnitude, m);
        op.exact = op.exact && k.ops[w].exact;
        op.precision = std::max(op.precision, k.ops[w].precision);
      }
    }
    break;
  }
  case 4: { // cast
    std::string mode = choose<std::string>(
        {"rint", "round", "floor", "ceil", "trunc", "odd", "none"});
    if (fl) {
      if (x.exact && chance(0.4) && x.magnitude < 100) {
        DType to = choose<DType>({DType::I32, DType::I16});
        // The device converts f16/bf16 to integers directly only for some
        // pairs; the exact value is what matters, so widen first.
        int src = x.dtype == DType::F32 ? a : cast(k, a, DType::F32, "none");
        cast(k, src, to, mode);
      } else {
        DType to = x.dtype == DType::F32
                       ? choose<DType>({DType::BF16, DType::F16})
                       : DType::F32;
        if (x.dtype == DType::F32 && to == DType::F16 && x.magnitude > 6e4)
          to = DType::BF16;
        cast(k, a, to, mode);
      }
    } else {
      DType to = x.magnitude < 256
                     ? choose<DType>({DType::F32, DType::BF16, DType::F16})
                     : DType::F32;
      cast(k, a, to, mode);
    }
    break;
  }
  case 5:
  case 6: { // reduction, then a use of it
    // Integers: only column max/min, which both arches have for i16/i32
    // (the hardware's row reductions and sums take half and float).
    bool intReduce = x.dtype == DType::I32 || x.dtype == DType::I16;
    if (!fl && !intReduce)
      break;
    bool row = fl && chance(0.5);
    std::string what = fl ? choose<std::string>({"sum", "max", "min"})
                          : choose<std::string>({"max", "min"});
    int src = a;
    if (chance(0.3) && (what != "sum")) {
      // A masked reduction: pad with -inf (max) / +inf (min) outside the
      // valid part, as attention masks a sequence tail.
      Op pad{OpKind::FillPad, "fillpad"};
      pad.operands = {a};
      pad.dtype = x.dtype, pad.rows = x.rows, pad.cols = x.cols;
      pad.pad = what == "max" ? "min" : "max";
      pad.validRows = row ? -1 : 1 + pick(4); // -1: all rows
      pad.validCols = row ? 1 + pick(40) : -1;
      pad.magnitude = x.magnitude, pad.exact = x.exact;
      pad.precision = x.precision;
      src = add(k, pad);
      markNew();
      usable[src] = false; // infinite outside the valid part
    }
    const Op &s = k.ops[src];
    Op op{OpKind::Reduce, (row ? "row_" : "col_") + what};
    op.operands = {src};
    op.dtype = s.dtype;
    op.rows = row ? s.rows : Dim{false, 1};
    op.cols = row ? Dim{false, 1} : s.cols;
    op.precision = s.precision;
    int64_t n =
        row ? (s.cols.isRows ? 32 : s.cols.n) : (s.rows.isRows ? 32 : s.rows.n);
    op.magnitude = what == "sum" ? s.magnitude * double(n) : s.magnitude;
    op.exact = what != "sum" && s.exact;
    int r = add(k, op);
    markNew();
    // Use it: broadcast back onto a value of the source's shape.
    const Op base = k.ops[a];
    if (chance(0.7)) {
      std::string f = fl ? choose<std::string>({"add", "sub", "mul", "div",
                                                "max", "min", "expdif"})
                         : choose<std::string>({"add", "sub", "max", "min"});
      Op e{OpKind::ExpandBinary, (row ? "row_expand_" : "col_expand_") + f};
      int lhs = a;
      if (f == "div") {
        // Divide by |v| + 1.
        r = positive(k, r);
        markNew();
      }
      if (f == "expdif") {
        // exp(x - v) with x - v bounded: clamp both.
        lhs = scalarOp(k, "maxs", scalarOp(k, "mins", a, 2.0), -2.0);
        r = scalarOp(k, "maxs", scalarOp(k, "mins", r, 2.0), -2.0);
        markNew();
      }
      if (f == "mul" && k.ops[lhs].magnitude * k.ops[r].magnitude > 1e3)
        e.name = (row ? "row_expand_" : "col_expand_") + std::string("max");
      e.operands = {lhs, r};
      e.dtype = base.dtype, e.rows = base.rows, e.cols = base.cols;
      e.precision = std::max(k.ops[lhs].precision, k.ops[r].precision);
      e.exact = k.ops[lhs].exact && k.ops[r].exact &&
                (base.dtype == DType::F32 || f == "max" || f == "min") &&
                f != "expdif";
      e.magnitude = f == "expdif" ? std::exp(4.0)
                    : f == "mul"  ? k.ops[lhs].magnitude * k.ops[r].magnitude
                                  : k.ops[lhs].magnitude + k.ops[r].magnitude;
      add(k, e);
    } else {
      Op e{OpKind::Expand, row ? "row_expand" : "col_expand"};
      e.operands = {r};
      e.dtype = base.dtype, e.rows = base.rows, e.cols = base.cols;
      e.precision = k.ops[r].precision, e.exact = k.ops[r].exact;
      e.magnitude = k.ops[r].magnitude;
      add(k, e);
    }
    break;
  }
  case 7: { // transpose (and back, sometimes)
    // At most 32 rows come out, as a kernel's blocks have: a 1x128 row
    // turned into a 128-row column makes 128-row values downstream, and a
    // few of those live at once overflow vec memory.
    if (!fl || (!x.cols.isRows && x.cols.n > 32))
      break;
    Op op{OpKind::Transpose, "transpose"};
    op.operands = {a};
    op.dtype = x.dtype, op.rows = x.cols, op.cols = x.rows;
    op.magnitude = x.magnitude, op.exact = x.exact, op.precision = x.precision;
    int t = add(k, op);
    if (chance(0.5)) {
      Op back = op;
      back.operands = {t};
      back.rows = x.rows, back.cols = x.cols;
      add(k, back);
    }
    break;
  }
  case 8: { // fillpad with zeros
    Op op{OpKind::FillPad, "fillpad"};
    op.operands = {a};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.pad = "zero";
    op.validRows = 1 + pick(24);
    op.validCols = 1 + pick(80);
    op.magnitude = x.magnitude, op.exact = x.exact, op.precision = x.precision;
    add(k, op);
    break;
  }
  case 9: { // a matmul: lhs from the values, rhs a K x N input window
    if (!fl || x.cols.isRows)
      break;
    DType t = x.dtype == DType::F32 ? (chance(0.5) ? DType::F32 : DType::BF16)
                                    : x.dtype;
    int lhs = x.dtype == t ? a : cast(k, a, t, "rint");
    Dim n{false, choose<int64_t>({8, 16, 24, 32, 40, 64})};
    int rhs = sliceInput(k, t, x.cols, n, -1, 0);
    k.ops[rhs].colOffset = -1; // block-independent window: rows from 0
    Op op{OpKind::Matmul, "matmul"};
    op.operands = {lhs, rhs};
    op.dtype = DType::F32, op.rows = x.rows, op.cols = n;
    op.magnitude = k.ops[lhs].magnitude * 5 * double(x.cols.n);
    if (std::uniform_int_distribution<int>(0, 2)(biasRng) == 0) {
      // pypto.matmul_bias: a 1 x N row of an input of its own.
      Tensor row;
      row.name = "x" + std::to_string(program.tensors.size());
      row.role = "in";
      row.dtype = DType::F32;
      row.init = "randn";
      program.tensors.push_back(row);
      int bias = sliceInput(k, DType::F32, Dim{false, 1}, n,
                            int(program.tensors.size()) - 1, 0);
      k.ops[bias].colOffset = -1; // the same row for every block
      op.name = "matmul_bias";
      op.operands.push_back(bias);
      op.magnitude += 5;
    }
    op.exact = false;
    op.precision = 0;
    // Sometimes batched: the lhs's rows as 2 or 4 batches of matrices, each
    // times the rhs (a batch dimension of 1, broadcast).
    int64_t batches =
        drawFrom(batchRng, 3) == 0 ? int64_t(2) << drawFrom(batchRng, 2) : 1;
    if (op.operands.size() == 2 && x.rows.eval(k.rows) % batches == 0)
      op.chunk = batches;
    int m = add(k, op);
    markNew();
    if (op.magnitude > 1e3)
      scalarOp(k, "muls", m, 1.0 / 64);
    break;
  }
  case 10: { // a K-loop of matmul_acc over input windows
    DType t = choose<DType>({DType::F32, DType::BF16, DType::F16});
    Op op{OpKind::MatmulKLoop, "matmul_acc"};
    op.chunk = choose<int64_t>({16, 32, 64});
    op.chunks = 2 + pick(3);
    op.firstIterationBranch = chance(0.4);
    op.initCond = !op.firstIterationBranch &&
                  std::uniform_int_distribution<int>(0, 2)(initRng) == 0;
    Dim k0{false, op.chunk};
    Dim n{false, choose<int64_t>({8, 16, 32, 48})};
    int A = newTensor("in", t, "randn"), B = newTensor("in", t, "randn");
    k.inputs.push_back(A);
    k.inputs.push_back(B);
    op.operands = {A, B};
    op.dtype = DType::F32, op.rows = Dim{true, 0}, op.cols = n;
    op.magnitude = 25.0 * double(op.chunk * op.chunks) / 8;
    op.exact = false;
    (void)k0;
    if (std::uniform_real_distribution<>(0, 1)(transRng) < 0.35) {
      op.bTrans = true;
      op.validN = std::uniform_int_distribution<int64_t>(1, n.n)(transRng);
    }
    int m = add(k, op);
    markNew();
    if (op.bTrans) {
      // The undefined columns are zeroed before anything reads them.
      Op pad{OpKind::FillPad, "fillpad"};
      pad.operands = {m};
      pad.dtype = op.dtype, pad.rows = op.rows, pad.cols = op.cols;
      pad.pad = "zero";
      pad.validRows = -1;
      pad.validCols = op.validN;
      pad.magnitude = op.magnitude, pad.exact = op.exact;
      pad.precision = op.precision;
      usable[m] = false;
      add(k, pad);
      markNew();
    }
    break;
  }
  case 11: { // a loop carrying two values, the old one read after update
    if (!fl)
      break;
    Op op{OpKind::CarryLoop, choose<std::string>({"max", "min", "add"})};
    op.chunks = 2 + pick(3);
    op.readOldAfterUpdate = chance(0.7);
    int tensor = newTensor("in", x.dtype, "randn");
    k.inputs.push_back(tensor);
    op.operands = {a, tensor};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.magnitude = (x.magnitude + 5) * double(op.chunks + 2);
    op.exact = x.exact && x.dtype == DType::F32;
    op.precision = x.precision;
    if (x.rows.isRows || x.rows.n > 0)
      add(k, op);
    break;
  }
  case 12: { // reshape a column into a row and back
    if (!(x.cols == Dim{false, 1}) || x.rows.isRows == false)
      break;
    Op op{OpKind::Reshape, "reshape"};
    op.operands = {a};
    op.dtype = x.dtype, op.rows = Dim{false, 1}, op.cols = x.rows;
    op.magnitude = x.magnitude, op.exact = x.exact, op.precision = x.precision;
    int r = add(k, op);
    Op back = op;
    back.operands = {r};
    back.rows = x.rows, back.cols = Dim{false, 1};
    add(k, back);
    break;
  }
  case 14: { // top-k: sort32 (+ mrgsort) and gather the first pairs
    int64_t n = chance(0.5) ? 32 : 128;
    int v =
        x.dtype == DType::F32 && x.cols == Dim{false, n}
            ? a
            : sliceInput(k, chance(0.3) ? DType::I32 : DType::F32,
                         x.rows.isRows ? x.rows : Dim{true, 0}, Dim{false, n});
    if (k.ops[v].dtype != DType::F32)
      v = cast(k, v, DType::F32, "rint"); // integers: many ties
    int idx = sliceInput(k, DType::I32, Dim{false, 1}, Dim{false, n}, -1, 0);
    k.ops[idx].colOffset = -1; // one index row for every block
    program.tensors[k.ops[idx].operands[0]].init = "arange";
    Op op{OpKind::Sort, "sort"};
    op.operands = {v, idx};
    op.mode = chance(0.5) ? "even" : "odd";
    op.chunk = n;
    op.chunks = choose<int64_t>({1, 8, 16, 32});
    op.dtype = op.mode == "even" ? DType::F32 : DType::I32;
    op.rows = k.ops[v].rows, op.cols = Dim{false, op.chunks};
    op.magnitude = op.mode == "even" ? k.ops[v].magnitude : double(n);
    op.exact = k.ops[v].exact;
    add(k, op);
    break;
  }
  case 15: { // a compare (1 or 0), and a select by it
    // Only of values the device computes bit-exactly: a compare of values
    // an ulp apart may differ. A2/A3 compares i32 for equality only, and
    // no i16 at all.
    bool isInt = x.dtype == DType::I32;
    if (!x.exact || (!fl && !isInt))
      break;
    Op c{OpKind::Compare, "cmp"};
    c.mode = isInt ? choose<std::string>({"eq", "ne"})
                   : choose<std::string>({"eq", "ne", "lt", "le", "gt", "ge"});
    int b = findValue(k, x.dtype, x.rows, x.cols, a);
    if (b >= 0 && !k.ops[b].exact)
      b = -1;
    if (chance(0.4)) {
      c.name = "cmps";
      c.operands = {a};
      c.scalar = fl ? choose<double>({0.0, 0.5, -1.0}) : choose<double>({0, 1});
    } else {
      if (b < 0)
        b = sliceInput(k, x.dtype, x.rows, x.cols);
      c.operands = {a, b};
    }
    c.dtype = x.dtype, c.rows = x.rows, c.cols = x.cols;
    c.magnitude = 1, c.exact = true;
    int m = add(k, c);
    markNew();
    if (chance(0.7)) {
      Op s{OpKind::Select, chance(0.5) ? "sel" : "sels"};
      int other = b >= 0 ? b : sliceInput(k, x.dtype, x.rows, x.cols);
      markNew();
      s.operands = s.name == "sel" ? std::vector<int>{m, a, other}
                                   : std::vector<int>{m, other};
      s.scalar = fl ? choose<double>({-2.0, 0.75}) : choose<double>({-3, 4});
      const Op &o = k.ops[other];
      s.dtype = x.dtype, s.rows = x.rows, s.cols = x.cols;
      s.magnitude = s.name == "sel"
                        ? std::max(x.magnitude, o.magnitude)
                        : std::max(o.magnitude, std::fabs(s.scalar));
      s.exact = o.exact && (s.name == "sels" || x.exact);
      s.precision = std::max(x.precision, o.precision);
      add(k, s);
    }
    break;
  }
  case 16: { // a gather of columns of each row by an index window
    bool gatherable = x.dtype == DType::F32 || x.dtype == DType::F16 ||
                      x.dtype == DType::I32 || x.dtype == DType::I16;
    if (!gatherable || x.cols.isRows || x.cols.n < 2)
      break;
    Dim width{false, choose<int64_t>({8, 16, 37, 64})};
    int idx = columnIndexInput(k, x.rows, width, x.cols.n);
    Op op{OpKind::Gather, "gather"};
    op.operands = {a, idx};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = width;
    op.magnitude = x.magnitude, op.exact = x.exact, op.precision = x.precision;
    add(k, op);
    break;
  }
  case 17: { // a ramp, broadcast onto a value
    if (x.cols.isRows || x.cols.n < 2 || x.dtype == DType::I8 ||
        (x.dtype == DType::BF16 && x.cols.n > 128))
      break;
    Op r{OpKind::Arange, "arange"};
    r.scalar = choose<double>({0, 5, -7, 100});
    r.mode = chance(0.3) ? "descending" : "";
    r.dtype = DType::I32, r.rows = Dim{false, 1}, r.cols = x.cols;
    r.magnitude = std::fabs(r.scalar) + double(x.cols.n);
    int ramp = add(k, r);
    markNew();
    if (x.dtype != DType::I32) {
      // bf16 holds integers up to 256 exactly, f16 up to 2048.
      ramp = cast(k, ramp, x.dtype, "rint");
      markNew();
    }
    Op e{OpKind::ExpandBinary,
         "col_expand_" + choose<std::string>({"add", "max", "sub"})};
    e.operands = {a, ramp};
    e.dtype = x.dtype, e.rows = x.rows, e.cols = x.cols;
    e.magnitude = x.magnitude + k.ops[ramp].magnitude;
    e.exact =
        x.exact && (x.dtype == DType::F32 || !fl || e.name == "col_expand_max");
    e.precision = x.precision;
    add(k, e);
    break;
  }
  case 13: { // a constant
    Op op{OpKind::Full, "full"};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.scalar =
        fl ? choose<double>({0.5, -2.0, 3.25}) : choose<double>({3, -7});
    op.magnitude = std::fabs(op.scalar);
    int c = add(k, op);
    markNew();
    binary(k, choose<std::string>({"add", "max", "sub"}), a, c);
    break;
  }
  }
  usable.resize(k.ops.size(), true);
}

void Builder::concatLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(concatRng, n); };
  int a = lastValueOneIn(k, concatRng, 4);
  if (a < 0)
    return;
  const Op &x = k.ops[a];
  if (!usable[a] || x.cols.isRows || x.dtype == DType::I8 || x.magnitude >= 1e4)
    return;
  std::vector<int> partners;
  for (int i = 0; i < int(k.ops.size()); ++i)
    if (usable[i] && k.ops[i].dtype == x.dtype && k.ops[i].rows == x.rows &&
        !k.ops[i].cols.isRows && k.ops[i].cols.n + x.cols.n <= 256 &&
        k.ops[i].magnitude < 1e4)
      partners.push_back(i);
  if (partners.empty())
    return;
  int b = partners[draw(int(partners.size()))];
  const Op &y = k.ops[b];
  Op op{OpKind::Concat, "concat"};
  op.operands = draw(2) ? std::vector<int>{a, b} : std::vector<int>{b, a};
  op.dtype = x.dtype, op.rows = x.rows;
  op.cols = Dim{false, x.cols.n + y.cols.n};
  op.magnitude = std::max(x.magnitude, y.magnitude);
  op.exact = x.exact && y.exact;
  op.precision = std::max(x.precision, y.precision);
  add(k, op);
}

void Builder::maskLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(triRng, n); };
  int a = lastValueOneIn(k, triRng, 5);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  bool maskable = x.dtype == DType::F32 || x.dtype == DType::F16 ||
                  x.dtype == DType::I32 || x.dtype == DType::I16;
  if (!usable[a] || !maskable || x.magnitude >= 1e4)
    return;
  Op tri{OpKind::Tri, "tri"};
  tri.dtype = x.dtype, tri.rows = x.rows, tri.cols = x.cols;
  tri.scalar = double(draw(9) - 4);
  tri.mode = draw(2) ? "upper" : "lower";
  tri.magnitude = 1;
  tri.exact = true;
  int mask = add(k, tri);
  Op mul{OpKind::Binary, "mul"};
  mul.operands = {a, mask};
  mul.dtype = x.dtype, mul.rows = x.rows, mul.cols = x.cols;
  mul.magnitude = x.magnitude;
  mul.exact = x.exact;
  mul.precision = x.precision;
  add(k, mul);
}

/// Sometimes a window of the last value's columns (all its rows): a slice
/// of a value the kernel computed, a copy of a block of its tile.
void Builder::windowLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(windowRng, n); };
  int a = lastValueOneIn(k, windowRng, 5);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  if (!usable[a] || x.cols.isRows || x.cols.n < 2)
    return;
  Op op{OpKind::Window, "slice"};
  op.operands = {a};
  op.colOffset = draw(int(x.cols.n - 1));
  op.dtype = x.dtype, op.rows = x.rows;
  op.cols = Dim{false, 1 + draw(int(x.cols.n - op.colOffset))};
  op.magnitude = x.magnitude, op.exact = x.exact, op.precision = x.precision;
  add(k, op);
}

/// Sometimes a few columns of a new input written into each row of the
/// last value at the columns an index input names (duplicates among them:
/// the later stays).
void Builder::scatterColsLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(scatterColsRng, n); };
  int a = lastValueOneIn(k, scatterColsRng, 6);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  bool typed = x.dtype == DType::F32 || x.dtype == DType::F16 ||
               x.dtype == DType::BF16 || x.dtype == DType::I32 ||
               x.dtype == DType::I16;
  if (!usable[a] || !typed || x.cols.isRows || x.cols.n < 2 ||
      x.magnitude >= 1e4)
    return;
  // Two columns or more: a one-column index is a column vector, which the
  // lowering does not take.
  Dim width{false, 2 + draw(int(std::min<int64_t>(x.cols.n, 16)) - 1)};
  int idx = columnIndexInput(k, x.rows, width, x.cols.n);
  int values = ownInput(k, x.dtype, isFloat(x.dtype) ? "randn" : "randint");
  int src = sliceInput(k, x.dtype, x.rows, width, values, 0);
  Op op{OpKind::Scatter, "scatter"};
  op.operands = {src, idx, a};
  op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
  op.magnitude = std::max(x.magnitude, k.ops[src].magnitude);
  op.exact = x.exact;
  op.precision = x.precision;
  add(k, op);
}

/// Sometimes, of an exactly computed last value, the columns of each row
/// that compare true with a scalar: the indices (i32, -1 past the count;
/// as many columns as the value, so no row overflows) or the counts (1 x
/// rows). f32 and f16 with eq or gt, i32 with eq (A2/A3's forms).
void Builder::gatherCompareLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(gatherCompareRng, n); };
  int a = lastValueOneIn(k, gatherCompareRng, 7);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  bool isInt = x.dtype == DType::I32;
  bool typed = x.dtype == DType::F32 || x.dtype == DType::F16 || isInt;
  if (!usable[a] || !typed || !x.exact || x.cols.isRows)
    return;
  Op op{OpKind::GatherCompare, "gather_compare"};
  op.operands = {a};
  op.mode = isInt || draw(3) == 0 ? "eq" : "gt";
  // Thresholds the values meet: zeros of relu and masks, small integers.
  const double floats[] = {0.0, 0.5, -1.0, 1.0};
  op.scalar = isInt ? double(draw(3) - 1) : floats[draw(4)];
  op.colOffset = draw(3) == 0 ? draw(40) : 0;
  op.countResult = draw(3) == 0;
  op.dtype = DType::I32;
  if (op.countResult) {
    op.rows = Dim{false, 1};
    op.cols = x.rows; // one count per row
    op.magnitude = double(x.cols.n);
  } else {
    op.rows = x.rows, op.cols = x.cols;
    op.magnitude = double(x.cols.n + op.colOffset);
  }
  op.exact = true;
  add(k, op);
}

void Builder::partLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(partRng, n); };
  int a = lastValueOneIn(k, partRng, 5);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  bool typed = x.dtype == DType::F32 || x.dtype == DType::F16 ||
               x.dtype == DType::I32 || x.dtype == DType::I16;
  if (!usable[a] || !typed || x.cols.isRows || x.cols.n < 2 ||
      x.magnitude >= 1e4)
    return;
  // A corner of a new input: the value's rows, fewer columns.
  Tensor corner;
  corner.name = "x" + std::to_string(program.tensors.size());
  corner.role = "in";
  corner.dtype = x.dtype;
  corner.init = isFloat(x.dtype) ? "randn" : "randint";
  program.tensors.push_back(corner);
  Dim cols{false, 1 + draw(int(x.cols.n - 1))};
  int b =
      sliceInput(k, x.dtype, x.rows, cols, int(program.tensors.size()) - 1, 0);
  // Or, with an even column count, every other column of it replaced by
  // a half-width input (pypto.scatter_mask).
  if (x.cols.n % 2 == 0 && draw(3) == 0) {
    // The new input, read as the half instead of the corner.
    int half = sliceInput(k, x.dtype, x.rows, Dim{false, x.cols.n / 2},
                          int(program.tensors.size()) - 1, 0);
    Op op{OpKind::ScatterMask, "scatter_mask"};
    op.operands = {half, a};
    op.mode = draw(2) ? "even" : "odd";
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.magnitude = std::max(x.magnitude, k.ops[half].magnitude);
    op.exact = x.exact;
    op.precision = x.precision;
    add(k, op);
    return;
  }
  const char *names[] = {"part_add", "part_mul", "part_max", "part_min"};
  Op op{OpKind::Part, names[draw(4)]};
  op.operands = draw(2) ? std::vector<int>{a, b} : std::vector<int>{b, a};
  op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
  const Op &y = k.ops[b];
  op.magnitude = op.name == "part_mul"   ? x.magnitude * y.magnitude
                 : op.name == "part_add" ? x.magnitude + y.magnitude
                                         : std::max(x.magnitude, y.magnitude);
  op.exact = x.exact && y.exact &&
             (x.dtype == DType::F32 || !isFloat(x.dtype) ||
              op.name == "part_max" || op.name == "part_min");
  op.precision = std::max(x.precision, y.precision);
  add(k, op);
}

void Builder::gatherLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(gatherRng, n); };
  int a = lastValueOneIn(k, gatherRng, 6);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  if (!usable[a] || !isFloat(x.dtype) || x.cols.isRows || x.magnitude >= 1e3)
    return;
  int64_t width = x.cols.n;
  bool asRows = width == 16 || width == 32 || width == 64;
  Op op{OpKind::GatherMatmul, "gather_row"};
  // q * kv^T takes K = the value's columns; p * kv takes them as the
  // gathered rows.
  op.bTrans = !asRows || draw(3) != 0;
  op.chunk = op.bTrans ? (draw(2) ? 16 : 32) : width;
  op.validCols = op.bTrans ? width : (draw(2) ? 32 : 64);
  int64_t poolRows = draw(2) ? 40 : 96;
  op.validN = draw(2) ? op.chunk / 2 : 0;
  op.atRow = op.validN ? draw(int(poolRows - op.validN + 1)) : 0;
  DType t = draw(2) ? DType::BF16 : DType::F32;
  auto input = [&](DType dtype, const std::string &init) {
    return ownInput(k, dtype, init);
  };
  int pool = input(t, "randn");
  int indices = input(DType::I32, "randint");
  program.tensors[indices].initLow = -2;
  program.tensors[indices].initHigh = poolRows;
  int lhs = x.dtype == t ? a : cast(k, a, t, "rint");
  op.operands = {lhs, pool, indices};
  op.dtype = DType::F32, op.rows = x.rows;
  op.cols = Dim{false, op.bTrans ? op.chunk : op.validCols};
  double depth = double(op.bTrans ? op.validCols : op.chunk);
  op.magnitude = depth * k.ops[lhs].magnitude * 5;
  op.exact = false;
  int m = add(k, op);
  if (op.magnitude > 1e3)
    scalarOp(k, "muls", m, 1.0 / 64);
}

/// Sometimes the last value plus rows of a table input picked by an index
/// input (pypto.mgather): the index row has one entry per row of the value,
/// drawn in the table's rows.
void Builder::rowsLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(rowsRng, n); };
  int a = lastValueOneIn(k, rowsRng, 6);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  if (!usable[a] || x.cols.isRows || x.magnitude >= 1e3 ||
      (x.dtype != DType::F32 && x.dtype != DType::F16 &&
       x.dtype != DType::BF16 && x.dtype != DType::I32))
    return;
  int64_t tableRows = draw(2) ? 40 : 97;
  auto input = [&](DType dtype, const std::string &init) {
    return ownInput(k, dtype, init);
  };
  int table = input(x.dtype, isFloat(x.dtype) ? "randn" : "randint");
  int indices = input(DType::I32, "randint");
  program.tensors[indices].initLow = 0;
  program.tensors[indices].initHigh = tableRows;
  Op op{OpKind::MGather, "mgather"};
  op.operands = {table, indices};
  op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
  op.atRow = tableRows;
  op.magnitude = isFloat(x.dtype) ? 5 : 8;
  op.exact = true;
  op.precision = x.precision;
  int g = add(k, op);
  Op sum{OpKind::Binary, "add"};
  sum.operands = {a, g};
  sum.dtype = x.dtype, sum.rows = x.rows, sum.cols = x.cols;
  sum.magnitude = x.magnitude + op.magnitude;
  sum.exact = x.exact, sum.precision = x.precision;
  add(k, sum);
}

void Builder::trigLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(trigRng, n); };
  int a = lastValueOneIn(k, trigRng, 5);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  // Beyond about 10^4 the reduction's error outgrows the tolerance.
  if (!usable[a] || !isFloat(x.dtype) || x.magnitude >= 1e4)
    return;
  Op op{OpKind::Unary, draw(2) ? "sin" : "cos"};
  op.operands = {a};
  op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
  op.precision = x.precision;
  op.magnitude = 1;
  op.exact = false;
  op.viaHelper = draw(7) == 0;
  add(k, op);
}

void Builder::insertLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(insertRng, n); };
  int a = lastValueOneIn(k, insertRng, 4);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  if (!usable[a] || x.dtype == DType::I8 || x.magnitude >= 1e4)
    return;
  Op op{OpKind::Insert, "insert"};
  op.operands = {a};
  op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
  // A row the kernel's rows may shrink to keeps to row 0 (the shrinker
  // changes R); fixed extents take any element.
  op.atRow = x.rows.isRows ? 0 : draw(int(x.rows.n));
  op.atCol = x.cols.isRows ? 0 : draw(int(x.cols.n));
  double scale = std::max(1.0, std::min(x.magnitude, 100.0));
  op.scalar = isFloat(x.dtype) ? double(draw(17) - 8) * scale / 8 + 0.25
                               : double(draw(17) - 8);
  op.magnitude = std::max(x.magnitude, std::fabs(op.scalar));
  op.exact = x.exact;
  op.precision = x.precision;
  int inserted = add(k, op);
  if (draw(3) == 0) {
    // The original read after the insert: the sum of both.
    Op sum{OpKind::Binary, "add"};
    sum.operands = {inserted, a};
    sum.dtype = x.dtype, sum.rows = x.rows, sum.cols = x.cols;
    sum.magnitude = 2 * op.magnitude;
    sum.exact = x.exact && (x.dtype == DType::F32 || !isFloat(x.dtype));
    sum.precision = x.precision;
    add(k, sum);
  }
}

void Builder::extendLast(Kernel &k) {
  auto draw = [&](int n) { return drawFrom(extRng, n); };
  int a = lastValueOneIn(k, extRng, 2);
  if (a < 0)
    return;
  const Op x = k.ops[a];
  if (!usable[a] || x.magnitude >= 1e3 || x.dtype == DType::I8)
    return;
  bool fl = isFloat(x.dtype);
  bool exactIn = x.exact;
  // A second operand: another value of the same type, or `a` itself.
  int b = a;
  std::vector<int> partners;
  for (int i = 0; i < a; ++i)
    if (usable[i] && k.ops[i].dtype == x.dtype && k.ops[i].rows == x.rows &&
        k.ops[i].cols == x.cols && k.ops[i].magnitude < 1e3)
      partners.push_back(i);
  if (!partners.empty())
    b = partners[draw(int(partners.size()))];
  const Op y = k.ops[b];
  auto like = [&](OpKind kind, const std::string &name,
                  std::vector<int> operands, double magnitude, bool exact) {
    Op op{kind, name};
    op.operands = std::move(operands);
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.magnitude = magnitude;
    op.exact = exact;
    op.precision = std::max(x.precision, y.precision);
    return add(k, op);
  };
  auto scalarLike = [&](const std::string &name, int src, double scalar,
                        double magnitude, bool exact) {
    Op op{OpKind::ScalarOp, name};
    op.operands = {src};
    op.dtype = x.dtype, op.rows = x.rows, op.cols = x.cols;
    op.scalar = scalar;
    op.magnitude = magnitude;
    op.exact = exact;
    op.precision = x.precision;
    return add(k, op);
  };
  bool exactType = x.dtype == DType::F32 || !fl;
  switch (draw(6)) {
  case 0: { // a remainder, by |y| + 1 or by a constant
    if (!exactIn || !y.exact)
      return;
    std::string name = draw(2) ? "rem" : "fmod";
    if (draw(2)) {
      double s = fl ? (draw(2) ? -1.5 : 2.5) : (draw(2) ? -7 : 5);
      scalarLike(name + "s", a, s, std::fabs(s), exactType);
      return;
    }
    Op abs{OpKind::Unary, "abs"};
    abs.operands = {b};
    abs.dtype = y.dtype, abs.rows = y.rows, abs.cols = y.cols;
    abs.magnitude = y.magnitude, abs.exact = y.exact;
    abs.precision = y.precision;
    int d = scalarLike("adds", add(k, abs), 1, y.magnitude + 1,
                       y.exact && exactType);
    like(OpKind::Binary, name, {a, d}, y.magnitude + 1, exactType);
    return;
  }
  case 1: { // bitwise ops of integers; prelu and lrelu of floats
    if (fl) {
      if (draw(2))
        like(OpKind::Binary, "prelu", {a, b},
             x.magnitude * std::max(1.0, y.magnitude), false);
      else
        scalarLike("lrelu", a, 0.25, x.magnitude, exactIn && exactType);
      return;
    }
    if (!exactIn || !y.exact)
      return;
    double m = 2 * std::max(x.magnitude, y.magnitude) + 1;
    switch (draw(3)) {
    case 0:
      like(OpKind::Binary, draw(2) ? "and" : (draw(2) ? "or" : "xor"), {a, b},
           m, true);
      return;
    case 1:
      scalarLike(draw(2) ? "ands" : (draw(2) ? "ors" : "xors"), a, 60,
                 std::max(m, 121.0), true);
      return;
    default:
      like(OpKind::Unary, "not", {a}, x.magnitude + 1, true);
      return;
    }
  }
  case 2: { // shifts of integers, by a constant or by y & 3
    if (fl || !exactIn || !y.exact)
      return;
    bool left = draw(2);
    if (draw(2)) {
      int n = draw(4);
      scalarLike(left ? "shls" : "shrs", a, n,
                 left ? x.magnitude * double(1 << n) : x.magnitude, true);
      return;
    }
    int count = scalarLike("ands", b, 3, 3, true);
    like(OpKind::Binary, left ? "shl" : "shr", {a, count},
         left ? x.magnitude * 8 : x.magnitude, true);
    return;
  }
  case 3: { // three operands
    bool bothExact = exactIn && y.exact && exactType;
    if (draw(2)) {
      like(OpKind::Ternary, draw(2) ? "addc" : "subc", {a, b, a},
           2 * x.magnitude + y.magnitude, bothExact);
    } else {
      int op = like(OpKind::Ternary, draw(2) ? "addsc" : "subsc", {a, b},
                    x.magnitude + y.magnitude + 2, bothExact);
      k.ops[op].scalar = fl ? -1.5 : 2;
    }
    return;
  }
  case 4: { // the index of each row's or column's first extreme
    if (!exactIn || x.dtype == DType::I8)
      return;
    bool row = draw(2);
    Op op{OpKind::Reduce,
          std::string(row ? "row_" : "col_") + (draw(2) ? "argmax" : "argmin")};
    op.operands = {a};
    op.dtype = DType::I32;
    op.rows = row ? x.rows : Dim{false, 1};
    op.cols = row ? Dim{false, 1} : x.cols;
    op.magnitude = 256;
    add(k, op);
    return;
  }
  default: { // the product of factors in [0.75, 1.25] along rows or columns
    if (!fl)
      return;
    int scaled =
        scalarLike("muls", a, 0.25 / std::max(1.0, x.magnitude), 0.25, false);
    int near1 = scalarLike("adds", scaled, 1.0, 1.25, false);
    bool row = draw(2);
    Op op{OpKind::Reduce, row ? "row_prod" : "col_prod"};
    op.operands = {near1};
    op.dtype = x.dtype;
    op.rows = row ? x.rows : Dim{false, 1};
    op.cols = row ? Dim{false, 1} : x.cols;
    op.magnitude = 1e4; // unbounded for other ops: an output only
    op.exact = false;
    op.precision = x.precision;
    add(k, op);
    return;
  }
  }
}

void Builder::buildKernel(Kernel &k, int carryTensor) {
  usable.clear();
  carryIn = carryTensor;
  DType first = choose<DType>({DType::F32, DType::F32, DType::F32, DType::BF16,
                               DType::F16, DType::I32});
  Dim rows{true, 0};
  if (carryTensor >= 0) {
    const Tensor &t = program.tensors[carryTensor];
    sliceInput(k, t.dtype, rows, Dim{false, 24}, carryTensor, 0);
  }
  Dim cols{false, choose<int64_t>({8, 16, 24, 37, 40, 64, 72, 100, 128})};
  sliceInput(k, first, rows, cols, -1, chance(0.3) ? 16 : 0);
  if (chance(0.2))
    sliceInput(k, DType::F32, Dim{false, 1}, cols, -1, 0);
  int steps = 3 + pick(9);
  for (int i = 0; i < steps; ++i)
    step(k);
  usable.resize(k.ops.size(), true);
  concatLast(k);
  usable.resize(k.ops.size(), true);
  for (int i = 0; i < 2; ++i) {
    extendLast(k);
    usable.resize(k.ops.size(), true);
  }
  insertLast(k);
  usable.resize(k.ops.size(), true);
  maskLast(k);
  usable.resize(k.ops.size(), true);
  trigLast(k);
  usable.resize(k.ops.size(), true);
  gatherLast(k);
  usable.resize(k.ops.size(), true);
  partLast(k);
  usable.resize(k.ops.size(), true);
  windowLast(k);
  usable.resize(k.ops.size(), true);
  scatterColsLast(k);
  usable.resize(k.ops.size(), true);
  gatherCompareLast(k);
  usable.resize(k.ops.size(), true);
  rowsLast(k);
  usable.resize(k.ops.size(), true);
  // Outputs: the last value, and sometimes others.
  std::vector<int> candidates;
  for (int i = 0; i < int(k.ops.size()); ++i)
    if (usable[i] && k.ops[i].kind != OpKind::SliceInput)
      candidates.push_back(i);
  if (candidates.empty())
    candidates.push_back(int(k.ops.size()) - 1);
  std::set<int> chosen = {candidates.back()};
  int extra = pick(3);
  for (int i = 0; i < extra; ++i)
    chosen.insert(candidates[pick(int(candidates.size()))]);
  std::vector<int> values(chosen.begin(), chosen.end());
  // Sometimes the first two outputs side by side in one tensor: the second
  // assembled at a column offset.
  bool sideBySide = false;
  if (values.size() >= 2) {
    const Op &left = k.ops[values[0]], &right = k.ops[values[1]];
    sideBySide = chance(0.4) && left.dtype == right.dtype &&
                 left.rows == right.rows && !left.cols.isRows;
  }
  // Sometimes the first two (of one shape and type) added into one zeroed
  // tensor instead (atomic_add); their own stream keeps the other draws.
  bool accumulate = false;
  if (values.size() >= 2 && !sideBySide) {
    const Op &left = k.ops[values[0]], &right = k.ops[values[1]];
    accumulate = std::uniform_real_distribution<>(0, 1)(atomicRng) < 0.3 &&
                 left.dtype == right.dtype && left.rows == right.rows &&
                 left.cols == right.cols && left.dtype != DType::I8;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (i == 1 && sideBySide)
      k.outputs.push_back(
          {values[1], k.outputs[0].tensor, k.ops[values[0]].cols.n});
    else if (i == 1 && accumulate)
      k.outputs.push_back({values[1], k.outputs[0].tensor, 0, false, true});
    else
      k.outputs.push_back({values[i],
                           newTensor("out", k.ops[values[i]].dtype, ""), 0,
                           false, i == 0 && accumulate});
  }
  if (accumulate)
    program.tensors[k.outputs[0].tensor].accumulated = true;
  // Sometimes an output of its own tensor written by rows in reverse order
  // (pypto.mscatter), into a zeroed tensor.
  for (Output &out : k.outputs) {
    const Op &op = k.ops[out.value];
    Tensor &t = program.tensors[out.tensor];
    bool rowsType = op.dtype == DType::F32 || op.dtype == DType::F16 ||
                    op.dtype == DType::BF16 || op.dtype == DType::I32 ||
                    op.dtype == DType::I16;
    if (drawFrom(scatterRng, 5) != 0 || out.element || out.atomic ||
        out.col != 0 || t.accumulated || t.role != "out" || !rowsType ||
        op.cols.isRows)
      continue;
    out.scatter = true;
    t.accumulated = true;
  }
  // Sometimes one element of a value written alone, per block.
  if (scalarChance(0.2)) {
    int v = candidates[std::uniform_int_distribution<int>(
        0, int(candidates.size()) - 1)(scalarRng)];
    DType d = k.ops[v].dtype;
    if (d == DType::F32 || d == DType::I32)
      k.outputs.push_back({v, newTensor("out", d, ""), 0, /*element=*/true});
  }
}

Program Builder::build(uint64_t seed) {
  program.seed = seed;
  int kernels = chance(0.3) ? 2 : 1;
  int carry = -1;
  for (int i = 0; i < kernels; ++i) {
    Kernel k;
    k.shape = choose<std::string>(
        {"single", "parallel", "parallel", "range", "spmd", "spmd"});
    k.blocks = k.shape == "single" ? 1 : 1 + pick(4);
    k.rows = choose<int64_t>({1, 2, 3, 4, 5, 8, 8, 12, 16, 16, 17, 24, 32});
    if (carry >= 0) {
      // Read the producer's rows with another decomposition.
      const Kernel &producer = program.kernels.back();
      int64_t total = producer.blocks * producer.rows;
      // At most 32 rows a block, as a kernel of its own gets: a 128-row
      // block of a wide value overflows vec memory once a few are live
      // (the producer's own block count always qualifies).
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= std::min<int64_t>(total, 4); ++d)
        if (total % d == 0 && total / d <= 32)
          divisors.push_back(d);
      k.blocks = divisors[pick(int(divisors.size()))];
      k.rows = total / k.blocks;
      if (k.blocks == 1)
        k.shape = "single";
      else if (k.shape == "single")
        k.shape = "parallel";
    }
    buildKernel(k, carry);
    if ((k.shape == "parallel" || k.shape == "range") && k.blocks > 1 &&
        helperCall())
      k.branchBlock = 1 + std::uniform_int_distribution<int64_t>(
                              0, k.blocks - 2)(helperRng);
    if (splittable(k) &&
        std::uniform_int_distribution<int>(0, 3)(splitRng) == 0)
      k.split = "none";
    if (i + 1 < kernels) {
      // Pass a 24-column value to the next kernel through a GM tensor.
      int v = -1;
      for (int j = int(k.ops.size()) - 1; j >= 0 && v < 0; --j)
        if (usable.size() > size_t(j) && usable[j] && k.ops[j].rows.isRows &&
            k.ops[j].cols == Dim{false, 24})
          v = j;
      if (v < 0) {
        int s = sliceInput(k, DType::F32, Dim{true, 0}, Dim{false, 24});
        v = scalarOp(k, "muls", s, 2.0);
      }
      carry = newTensor("tmp", k.ops[v].dtype, "");
      k.outputs.push_back({v, carry, 0});
    }
    program.kernels.push_back(std::move(k));
  }
  return program;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

struct Shape {
  int64_t rows = 0, cols = 0;
};

/// What a program needs of each tensor: its shape, from its uses.
struct Layout {
  std::map<int, Shape> shapes;
  bool valid = true;
};

std::vector<bool> liveOps(const Kernel &k) {
  std::vector<bool> live(k.ops.size(), false);
  std::function<void(int)> mark = [&](int v) {
    if (v < 0 || v >= int(k.ops.size()) || live[v])
      return;
    live[v] = true;
    const Op &op = k.ops[v];
    if (op.kind == OpKind::SliceInput || op.kind == OpKind::MatmulKLoop ||
        op.kind == OpKind::MGather)
      return;
    if (op.kind == OpKind::CarryLoop || op.kind == OpKind::GatherMatmul)
      return mark(op.operands[0]);
    for (int o : op.operands)
      mark(o);
    if (op.scalarFromValue >= 0)
      mark(op.scalarFromValue);
  };
  for (const Output &o : k.outputs)
    mark(o.value);
  return live;
}

Layout layoutOf(const Program &p) {
  Layout layout;
  auto need = [&](int tensor, int64_t rows, int64_t cols) {
    Shape &s = layout.shapes[tensor];
    s.rows = std::max(s.rows, rows);
    s.cols = std::max(s.cols, cols);
  };
  for (const Kernel &k : p.kernels) {
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i) {
      if (!live[i])
        continue;
      const Op &op = k.ops[i];
      int64_t r = op.rows.eval(k.rows), c = op.cols.eval(k.rows);
      if (op.kind == OpKind::SliceInput) {
        if (op.colOffset < 0)
          need(op.operands[0], r, c); // one window for every block
        else
          need(op.operands[0], k.blocks * r, op.colOffset + c);
      } else if (op.kind == OpKind::MatmulKLoop) {
        int64_t kk = op.chunk * op.chunks;
        need(op.operands[0], k.blocks * k.rows, kk);
        if (op.bTrans)
          need(op.operands[1], op.validN, kk);
        else
          need(op.operands[1], kk, c);
      } else if (op.kind == OpKind::CarryLoop) {
        need(op.operands[1], k.blocks * r, c * op.chunks);
      } else if (op.kind == OpKind::GatherMatmul) {
        need(op.operands[1], p.tensors[op.operands[2]].initHigh, op.validCols);
        need(op.operands[2], 1, op.chunk);
      } else if (op.kind == OpKind::MGather) {
        need(op.operands[0], op.atRow, c);
        need(op.operands[1], 1, r);
      } else if (op.kind == OpKind::ScalarOp && op.scalarTensor >= 0 &&
                 p.tensors[op.scalarTensor].role == "in") {
        need(op.scalarTensor, 1, 1);
      }
    }
    for (const Output &o : k.outputs) {
      int t = o.tensor;
      const Op &op = k.ops[o.value];
      int64_t r = op.rows.eval(k.rows), c = op.cols.eval(k.rows);
      if (o.element) {
        need(t, k.blocks, o.col + 1);
      } else if (p.tensors[t].role == "tmp") {
        // The producer defines it: readers must fit inside.
        Shape &s = layout.shapes[t];
        int64_t rows = k.blocks * r;
        if ((s.rows && s.rows > rows) || (s.cols && s.cols > c))
          layout.valid = false;
        s.rows = rows, s.cols = c;
      } else {
        need(t, k.blocks * r, o.col + c);
      }
    }
  }
  // A window of a value that no longer has its columns, batches that no
  // longer divide the rows (shrink steps).
  for (const Kernel &k : p.kernels)
    for (const Op &op : k.ops) {
      if (op.kind == OpKind::Window &&
          op.colOffset + op.cols.eval(k.rows) >
              k.ops[op.operands[0]].cols.eval(k.rows))
        layout.valid = false;
      if (op.kind == OpKind::Matmul && op.chunk > 1 &&
          op.rows.eval(k.rows) % op.chunk != 0)
        layout.valid = false;
    }
  // A tmp tensor read beyond what its producer writes.
  for (const Kernel &k : p.kernels) {
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i) {
      const Op &op = k.ops[i];
      if (!live[i] || op.kind != OpKind::SliceInput)
        continue;
      const Tensor &t = p.tensors[op.operands[0]];
      if (t.role != "tmp")
        continue;
      bool written = false;
      for (const Kernel &w : p.kernels)
        for (const Output &o : w.outputs)
          written |= o.tensor == op.operands[0];
      if (!written)
        layout.valid = false;
      const Shape &s = layout.shapes[op.operands[0]];
      if (k.blocks * op.rows.eval(k.rows) > s.rows ||
          op.colOffset + op.cols.eval(k.rows) > s.cols)
        layout.valid = false;
    }
  }
  return layout;
}

/// What the printer knows of a value: a bound on |x|, a bound on how far
/// the device's value may be from the reference's, and whether the device
/// computes the reference's bits. Recomputed from the ops (not taken from
/// generation), so a shrunk program is judged by what it now computes.
struct Facts {
  double magnitude = 0;
  double error = 0;
  bool exact = true;
};

/// The relative spacing of a dtype's values (ints: exact).
double ulpOf(DType d) {
  switch (d) {
  case DType::F32:
    return 1.1920929e-7;
  case DType::F16:
    return 9.765625e-4;
  case DType::BF16:
    return 7.8125e-3;
  default:
    return 0;
  }
}

/// True when `v` is |x| + c with c >= 1: a domain-safe operand of log,
/// sqrt, rsqrt, recip and a divisor.
bool isPositiveChain(const Kernel &k, int v) {
  const Op &op = k.ops[v];
  // A read element's value is unknown: it may be negative.
  if (op.kind != OpKind::ScalarOp || op.name != "adds" || op.scalar < 1 ||
      op.scalarTensor >= 0)
    return false;
  const Op &abs = k.ops[op.operands[0]];
  return abs.kind == OpKind::Unary && abs.name == "abs";
}

/// Facts of every op of `k`, or false when the program is no longer safe
/// to compare (an unbounded value, a log of a possibly negative value).
bool analyze(const Program &p, const Kernel &k,
             const std::map<int, Facts> &tensorFacts,
             std::vector<Facts> &facts) {
  facts.assign(k.ops.size(), Facts());
  const double u32 = ulpOf(DType::F32);
  for (size_t i = 0; i < k.ops.size(); ++i) {
    const Op &op = k.ops[i];
    Facts r;
    auto A = [&](int j) { return facts[op.operands[j]]; };
    double u = ulpOf(op.dtype);
    bool isF32 = op.dtype == DType::F32, fl = isFloat(op.dtype);
    switch (op.kind) {
    case OpKind::SliceInput: {
      auto found = tensorFacts.find(op.operands[0]);
      if (found != tensorFacts.end()) {
        r = found->second;
      } else {
        const Tensor &t = p.tensors[op.operands[0]];
        r.magnitude = t.initHigh > 0        ? double(t.initHigh)
                      : t.init == "randint" ? 8
                      : t.init == "arange"  ? 65536
                      : t.init == "rand"    ? 1
                                            : 5;
      }
      break;
    }
    case OpKind::Unary: {
      Facts a = A(0);
      r = a;
      if (op.name == "exp") {
        if (a.magnitude > 20)
          return false;
        r.magnitude = std::exp(a.magnitude);
        r.error = a.error * r.magnitude;
        r.exact = false;
      } else if (op.name == "not") {
        if (!a.exact || a.error > 0)
          return false;
        r.magnitude = a.magnitude + 1;
      } else if (op.name == "sin" || op.name == "cos") {
        // |sin'| <= 1; the f32 reduction loses about |x| units of the last
        // place; a narrow result is rounded once more.
        if (a.magnitude >= 1e4)
          return false;
        r.magnitude = 1;
        r.error = a.error + 8 * u32 * (1 + a.magnitude) + (isF32 ? 0 : u);
        r.exact = false;
      } else if (op.name == "log" || op.name == "sqrt" || op.name == "rsqrt" ||
                 op.name == "recip") {
        if (!isPositiveChain(k, op.operands[0]))
          return false;
        r.magnitude = op.name == "log"    ? std::log(1 + a.magnitude)
                      : op.name == "sqrt" ? std::sqrt(a.magnitude)
                                          : 1;
        r.exact = false;
      }
      if (!r.exact)
        r.error += 4 * u32 * r.magnitude;
      break;
    }
    case OpKind::Binary:
    case OpKind::Part:
    case OpKind::ExpandBinary: {
      Facts a = A(0), b = A(1);
      std::string name = op.name.substr(op.name.rfind('_') + 1);
      r.exact = a.exact && b.exact &&
                (isF32 || !fl || name == "max" || name == "min");
      bool exactInputs = a.exact && a.error == 0 && b.exact && b.error == 0;
      if (name == "rem" || name == "fmod") {
        // A remainder jumps where the dividend crosses a multiple.
        if (!exactInputs || !isPositiveChain(k, op.operands[1]))
          return false;
        r.magnitude = b.magnitude;
        r.error = r.exact ? 0 : 2 * u * b.magnitude;
      } else if (name == "and" || name == "or" || name == "xor" ||
                 name == "shl" || name == "shr") {
        if (!exactInputs)
          return false;
        r.magnitude = name == "shl" ? a.magnitude * 8
                      : name == "shr"
                          ? a.magnitude
                          : 2 * std::max(a.magnitude, b.magnitude) + 1;
      } else if (name == "prelu") {
        r.exact = false;
        r.magnitude = a.magnitude * std::max(1.0, b.magnitude);
        r.error = a.error * std::max(1.0, b.magnitude) + b.error * a.magnitude +
                  u * r.magnitude;
      } else if (name == "add" || name == "sub") {
        r.magnitude = a.magnitude + b.magnitude;
        r.error = a.error + b.error;
      } else if (name == "mul") {
        r.magnitude = a.magnitude * b.magnitude;
        r.error =
            a.error * b.magnitude + b.error * a.magnitude + a.error * b.error;
      } else if (name == "div") {
        if (!isPositiveChain(k, op.operands[1]))
          return false;
        r.magnitude = a.magnitude;
        r.error = a.error + b.error * a.magnitude;
      } else if (name == "expdif") {
        if (a.magnitude + b.magnitude > 20)
          return false;
        r.magnitude = std::exp(a.magnitude + b.magnitude);
        r.error = (a.error + b.error) * r.magnitude + 4 * u32 * r.magnitude;
        r.exact = false;
      } else { // max, min
        r.magnitude = std::max(a.magnitude, b.magnitude);
        r.error = std::max(a.error, b.error);
      }
      break;
    }
    case OpKind::ScalarOp: {
      Facts a = A(0);
      double s = std::fabs(op.scalar);
      if (op.scalarTensor >= 0 || op.scalarFromValue >= 0) {
        // A read element: bounded as its tensor is; it may carry an error.
        if (op.name == "muls" || op.name == "divs")
          return false;
        Facts e;
        if (op.scalarFromValue >= 0) {
          e = facts[op.scalarFromValue];
        } else if (auto found = tensorFacts.find(op.scalarTensor);
                   found != tensorFacts.end()) {
          e = found->second;
        } else {
          const Tensor &t = p.tensors[op.scalarTensor];
          // An arange input holds its element indices (up to 2^16 here).
          e.magnitude = t.init == "randint"  ? 8
                        : t.init == "arange" ? 65536
                                             : 5;
        }
        s = e.magnitude;
        a.error += e.error;
        a.exact = a.exact && e.exact;
      }
      r.exact =
          a.exact && (isF32 || !fl || op.name == "maxs" || op.name == "mins");
      bool bitwise = op.name == "ands" || op.name == "ors" ||
                     op.name == "xors" || op.name == "shls" ||
                     op.name == "shrs";
      if ((bitwise || op.name == "rems" || op.name == "fmods") &&
          (!a.exact || a.error > 0))
        return false;
      if (op.name == "rems" || op.name == "fmods")
        r.magnitude = s, r.error = r.exact ? 0 : 2 * u * s;
      else if (op.name == "shls")
        r.magnitude = a.magnitude * std::ldexp(1.0, int(s)), r.error = 0;
      else if (op.name == "shrs")
        r.magnitude = a.magnitude, r.error = 0;
      else if (bitwise)
        r.magnitude = 2 * std::max(a.magnitude, s) + 1, r.error = 0;
      else if (op.name == "lrelu")
        r.magnitude = a.magnitude, r.error = a.error + u * a.magnitude;
      else if (op.name == "adds" || op.name == "subs")
        r.magnitude = a.magnitude + s, r.error = a.error;
      else if (op.name == "muls")
        r.magnitude = a.magnitude * s, r.error = a.error * s;
      else if (op.name == "divs")
        r.magnitude = a.magnitude / s, r.error = a.error / s;
      else
        r.magnitude = std::max(a.magnitude, s), r.error = a.error;
      break;
    }
    case OpKind::Cast: {
      Facts a = A(0);
      r = a;
      if (op.dtype == DType::F16 && a.magnitude > 60000)
        return false;
      if (!fl && a.magnitude > exactIntegers(op.dtype))
        return false;
      // A value off by an error may round to the other neighbour: one unit
      // of the target (1 for an integer).
      if (!a.exact || a.error > 0)
        r.error += fl ? u * r.magnitude : 1;
      break;
    }
    case OpKind::Reduce: {
      Facts a = A(0);
      const Op &src = k.ops[op.operands[0]];
      bool row = op.name.rfind("row_", 0) == 0;
      double n = double((row ? src.cols : src.rows).eval(k.rows));
      if (op.name.find("arg") != std::string::npos) {
        // Which element is the extreme: only of values computed exactly.
        if (!a.exact || a.error > 0)
          return false;
        r.magnitude = n;
      } else if (op.name.find("prod") != std::string::npos) {
        if (a.magnitude > 1.3)
          return false;
        r.magnitude = std::pow(a.magnitude, n);
        r.error = (n * a.error + n * 2 * u32) * r.magnitude;
        r.exact = false;
      } else if (op.name.find("sum") != std::string::npos) {
        r.magnitude = n * a.magnitude;
        // Summation order: n roundings of the f32 partial sums.
        r.error = n * a.error + n * u32 * r.magnitude;
        r.exact = false;
      } else {
        r = a;
      }
      break;
    }
    case OpKind::Expand:
    case OpKind::Transpose:
    case OpKind::Reshape:
    case OpKind::FillPad:
    case OpKind::Window:
      r = A(0);
      break;
    case OpKind::Full:
      r.magnitude = std::fabs(op.scalar);
      break;
    case OpKind::Matmul: {
      Facts a = A(0), b = A(1);
      double kk = double(k.ops[op.operands[0]].cols.eval(k.rows));
      r.magnitude = kk * a.magnitude * b.magnitude;
      r.error = kk * (a.error * b.magnitude + b.error * a.magnitude) +
                kk * u32 * r.magnitude;
      if (op.operands.size() > 2) { // the bias row
        r.magnitude += A(2).magnitude;
        r.error += A(2).error + u32 * r.magnitude;
      }
      r.exact = false;
      break;
    }
    case OpKind::GatherMatmul: {
      Facts a = A(0);
      double kk = double(op.bTrans ? op.validCols : op.chunk);
      r.magnitude = kk * a.magnitude * 5;
      r.error = kk * a.error * 5 + kk * u32 * r.magnitude;
      r.exact = false;
      break;
    }
    case OpKind::MGather:
      r.magnitude = op.magnitude; // rows of an input, read unchanged
      break;
    case OpKind::MatmulKLoop: {
      double kk = double(op.chunk * op.chunks);
      r.magnitude = kk * 25;
      r.error = kk * u32 * r.magnitude;
      r.exact = false;
      break;
    }
    case OpKind::Sort: {
      Facts a = A(0);
      if (op.mode == "odd") {
        // Indices are only comparable where the order cannot differ.
        if (!a.exact || a.error > 0)
          return false;
        r.magnitude = double(op.chunk);
      } else {
        r = a; // sorting moves values: the max-norm error stays
      }
      break;
    }
    case OpKind::Compare: {
      // 1 or 0 is only comparable where the operands are the reference's.
      for (size_t j = 0; j < op.operands.size(); ++j)
        if (!A(j).exact || A(j).error > 0)
          return false;
      r.magnitude = 1;
      break;
    }
    case OpKind::Tri:
      r.magnitude = 1; // ones and zeros, exact in every type
      break;
    case OpKind::GatherCompare: {
      // Which columns match: only of values the device computes exactly.
      if (!A(0).exact || A(0).error > 0)
        return false;
      r.magnitude = op.magnitude;
      break;
    }
    case OpKind::Scatter: {
      // Elements move: the max-norm error of the source or destination.
      Facts a = A(0), b = A(2);
      r.magnitude = std::max(a.magnitude, b.magnitude);
      r.error = std::max(a.error, b.error);
      r.exact = a.exact && b.exact;
      break;
    }
    case OpKind::ScatterMask: {
      // Elements move: the max-norm error of either operand.
      Facts a = A(0), b = A(1);
      r.magnitude = std::max(a.magnitude, b.magnitude);
      r.error = std::max(a.error, b.error);
      r.exact = a.exact && b.exact;
      break;
    }
    case OpKind::Insert: {
      // The scalar is written exactly (rounded to the type where it is not
      // representable: the same on both sides).
      r = A(0);
      r.magnitude = std::max(r.magnitude, std::fabs(op.scalar));
      break;
    }
    case OpKind::Ternary: {
      Facts a = A(0), b = A(1);
      double third =
          op.operands.size() == 3 ? A(2).magnitude : std::fabs(op.scalar);
      r.magnitude = a.magnitude + b.magnitude + third;
      r.error = a.error + b.error + (op.operands.size() == 3 ? A(2).error : 0) +
                (isF32 || !fl ? 0 : u * r.magnitude);
      r.exact = a.exact && b.exact && (op.operands.size() < 3 || A(2).exact) &&
                (isF32 || !fl);
      break;
    }
    case OpKind::Select: {
      Facts m = A(0), a = A(1);
      if (!m.exact || m.error > 0)
        return false;
      r = a;
      if (op.operands.size() == 3) {
        Facts b = A(2);
        r.magnitude = std::max(a.magnitude, b.magnitude);
        r.error = std::max(a.error, b.error);
        r.exact = a.exact && b.exact;
      } else {
        r.magnitude = std::max(a.magnitude, std::fabs(op.scalar));
      }
      break;
    }
    case OpKind::Gather:
      if (!A(1).exact || A(1).error > 0)
        return false;
      r = A(0);
      break;
    case OpKind::Arange:
      r.magnitude = std::fabs(op.scalar) + double(op.cols.eval(k.rows));
      break;
    case OpKind::Concat: {
      Facts a = A(0), b = A(1);
      r.magnitude = std::max(a.magnitude, b.magnitude);
      r.error = std::max(a.error, b.error);
      r.exact = a.exact && b.exact;
      break;
    }
    case OpKind::CarryLoop: {
      Facts a = A(0);
      double steps = double(op.chunks);
      r.magnitude = (a.magnitude + 5) * (steps + 2);
      r.error = a.error * (1 + 2 * steps);
      r.exact = a.exact && isF32;
      if (!r.exact)
        r.error += u * r.magnitude * (steps + 1);
      break;
    }
    }
    // A result rounded from inputs that may differ may land one unit away.
    if (fl && (!r.exact || r.error > 0) && op.kind != OpKind::SliceInput)
      r.error += u * r.magnitude;
    if (!(r.magnitude < 1e7) || !(r.error < 1e7))
      return false;
    facts[i] = r;
  }
  return true;
}

std::string fmt(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6e", v);
  return buffer;
}

class Printer {
public:
  explicit Printer(const Program &p) : p(p), layout(layoutOf(p)) {}

  std::string print();

private:
  /// A kernel value's type: RxC, or 1x..x1xRxC in a kernel that computes
  /// on N-D tensors (`lead` leading dimensions of 1).
  std::string tensorType(int64_t r, int64_t c, DType d) {
    std::string ones;
    for (int i = 0; i < lead; ++i)
      ones += "1x";
    return "!pypto.tensor<" + ones + std::to_string(r) + "x" +
           std::to_string(c) + "x" + dtypeName(d) + ">";
  }
  std::string typeOf(const Kernel &k, const Op &op) {
    return tensorType(op.rows.eval(k.rows), op.cols.eval(k.rows), op.dtype);
  }
  /// A program tensor's 2-D type (the orchestration's working view).
  /// Whether input `t` (a 2-D f32 one, by the program's seed) is read
  /// through a round trip of reinterpret_views, f32 to its i32 bits and
  /// back.
  bool readThroughBits(int t) {
    const Tensor &tensor = p.tensors[t];
    return tensor.role == "in" && tensor.dtype == DType::F32 &&
           !tensor.runTimeRows && declaredShape(t).empty() &&
           (p.seed + uint64_t(t) * 3) % 4 == 0;
  }
  std::string tensorTypeOf(int t) {
    const Shape &s = layout.shapes[t];
    std::string rows = p.tensors[t].runTimeRows || runTimeTmp(t)
                           ? "?"
                           : std::to_string(s.rows);
    return "!pypto.tensor<" + rows + "x" + std::to_string(s.cols) + "x" +
           dtypeName(p.tensors[t].dtype) + ">";
  }
  /// How a program tensor is declared: one tensor in three with static
  /// rows is N-D (its rows split, or it is flat 1-D), the body viewing it
  /// as 2-D through a pypto.reshape. Empty: declared 2-D.
  std::vector<int64_t> declaredShape(int t) {
    const Shape &s = layout.shapes[t];
    if (regionResults.count(t) || (p.seed + 7 * uint64_t(t)) % 3 != 0)
      return {};
    // Run-time rows: `?x1xC`, viewed as `?xC` by a reshape whose run-time
    // dimension the element count gives.
    if (p.tensors[t].runTimeRows || runTimeTmp(t))
      return {-1, 1, s.cols};
    switch ((p.seed / 3 + uint64_t(t)) % 4) {
    case 0:
      return {s.rows * s.cols};
    case 1:
      for (int64_t f = 2; f <= s.rows; ++f)
        if (s.rows % f == 0)
          return {s.rows / f, f, s.cols};
      return {1, s.rows, s.cols};
    case 2:
      return {1, s.rows, 1, s.cols};
    default:
      // Rank 6, the rows split over the two dimensions the compiler
      // merges for the runtime.
      for (int64_t f = 2; f <= s.rows; ++f)
        if (s.rows % f == 0)
          return {s.rows / f, f, 1, 1, 1, s.cols};
      return {1, s.rows, 1, 1, 1, s.cols};
    }
  }
  std::string declaredType(int t) {
    std::vector<int64_t> shape = declaredShape(t);
    if (shape.empty())
      return tensorTypeOf(t);
    std::string text = "!pypto.tensor<";
    for (int64_t d : shape)
      text += (d < 0 ? "?" : std::to_string(d)) + "x";
    return text + dtypeName(p.tensors[t].dtype) + ">";
  }
  /// In a kernel on N-D tensors (`lead` > 0): a program tensor is sliced
  /// and assembled through its 1x..x1xRxC view, made by a reshape before
  /// the kernel. The view's name, its type, and the offsets, sizes and
  /// valid extents of a window of it.
  std::string viewOf(int t) {
    if (!lead)
      return "%" + p.tensors[t].name;
    views.insert(t);
    return "%" + p.tensors[t].name + "_k" + std::to_string(kernel) + "_l" +
           std::to_string(lead);
  }
  std::string viewTypeOf(int t) {
    std::string type = tensorTypeOf(t);
    for (int i = 0; i < lead; ++i)
      type.insert(type.find('<') + 1, "1x");
    return type;
  }
  std::string leadingZeros() {
    std::string text;
    for (int i = 0; i < lead; ++i)
      text += index(0) + ", ";
    return text;
  }
  std::string leadingOnes() {
    std::string text;
    for (int i = 0; i < lead; ++i)
      text += "1, ";
    return text;
  }
  std::string leadingValid() {
    std::string text;
    for (int i = 0; i < lead; ++i)
      text += index(1) + ", ";
    return text;
  }
  /// One kernel in three (by the seed) computes on N-D tensors with one,
  /// two or four (rank 6) leading dimensions of 1: it slices and assembles
  /// N-D views of the program tensors (reshapes in the orchestration), and
  /// computes the ops that take 2-D tensors only on reshaped values.
  int kernelLead(const Kernel &) {
    uint64_t h = (p.seed * 0x9E3779B97F4A7C15ull + uint64_t(kernel) * 31) >> 58;
    if (h % 3 != 0)
      return 0;
    static constexpr int kLeads[] = {1, 2, 4};
    return kLeads[h / 3 % 3];
  }
  /// One loop kernel in two (without a branch or N-D views) reads one of
  /// its inputs through another view of the same data, chosen by the
  /// orchestration: an `scf.if` on the block's parity yielding the tensor
  /// or a whole-size slice of it, or (outside manual scopes, one in two of
  /// these) the block loop carrying both and swapping them every block. A
  /// branch's or loop's tensor, its layout, its descriptor and the
  /// dependencies through it. From the seed, so shrinking keeps it. The
  /// input, or -1.
  int pickedInput(const Kernel &k, const std::string &body) {
    if ((k.shape != "parallel" && k.shape != "range") || k.branchBlock > 0 ||
        kernelLead(k))
      return -1;
    uint64_t h = (p.seed * 0xBF58476D1CE4E5B9ull + uint64_t(kernel) * 17) >> 60;
    if (h % 2 != 0)
      return -1;
    for (int t : k.inputs)
      if (p.tensors[t].role == "in" && !hasRunTimeRows(t) &&
          t != loopBoundTensor(k) &&
          body.find("%" + p.tensors[t].name + "[") != std::string::npos)
        return t;
    return -1;
  }
  bool carriedPick() const {
    return (p.seed * 0x94D049BB133111EBull + uint64_t(kernel) * 29) >> 63;
  }
  /// One program in three submits its kernels in a `pypto.scope manual`,
  /// every edge named: a loop kernel's tasks in a chain (the loop carries
  /// the last id), a kernel after the last task of each earlier kernel it
  /// conflicts with. A dropped or misplaced edge races. From the seed, so
  /// shrinking keeps it.
  bool manualDeps() const { return seedBucket() == 0; }
  /// Half of those keep the task ids in a `pypto.array_create` array,
  /// each stored after its kernel and read back for the deps that name it.
  bool taskArray() const {
    return manualDeps() && (p.seed * 0xD6E8FEB86659FD93ull) >> 63;
  }
  /// Another third submits them in an AUTO `pypto.scope`.
  bool autoScope() const { return seedBucket() == 1; }
  uint64_t seedBucket() const {
    return ((p.seed * 0x9E3779B97F4A7C15ull) >> 60) % 3;
  }
  /// The tensors kernel `k` reads (inputs and scalar sources) and writes.
  std::set<int> readsOf(const Kernel &k) const {
    std::set<int> reads(k.inputs.begin(), k.inputs.end());
    for (const Op &op : k.ops)
      if (op.kind == OpKind::ScalarOp && op.scalarTensor >= 0)
        reads.insert(op.scalarTensor);
    return reads;
  }
  std::set<int> writesOf(const Kernel &k) const {
    std::set<int> writes;
    for (const Output &out : k.outputs)
      writes.insert(out.tensor);
    return writes;
  }
  /// ` deps(%k<i>_task, ...)`: the earlier kernels kernel `j` conflicts
  /// with (a write of either meets an access of the other), and `extra`.
  std::string depsOf(int j, const std::string &extra) const {
    std::vector<std::string> deps;
    if (!extra.empty())
      deps.push_back(extra);
    std::set<int> reads = readsOf(p.kernels[j]),
                  writes = writesOf(p.kernels[j]);
    for (int i = 0; i < j; ++i) {
      std::set<int> readsI = readsOf(p.kernels[i]);
      bool conflict = false;
      for (int t : writesOf(p.kernels[i]))
        conflict |= reads.count(t) || writes.count(t);
      for (int t : readsI)
        conflict |= writes.count(t) > 0;
      if (conflict)
        deps.push_back("%k" + std::to_string(i) + "_task");
    }
    if (deps.empty())
      return "";
    std::string text = " deps(";
    for (size_t d = 0; d < deps.size(); ++d)
      text += (d ? ", " : "") + deps[d];
    return text + ")";
  }
  /// Every other intermediate tensor is created with its row count as a
  /// run-time operand (`?xC`), and every third with an initial value.
  bool runTimeTmp(int t) const {
    return p.tensors[t].role == "tmp" && t % 2 == 1 && !regionResults.count(t);
  }
  /// A run-time-rows input that a loop kernel slices block by block and
  /// whose rows are exactly the blocks': its row count bounds the loop.
  int loopBoundTensor(const Kernel &k) {
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i) {
      const Op &op = k.ops[i];
      if (!live[i] || op.kind != OpKind::SliceInput || op.colOffset < 0)
        continue;
      int t = op.operands[0];
      if (p.tensors[t].runTimeRows &&
          layout.shapes[t].rows == k.blocks * op.rows.eval(k.rows) &&
          op.rows.eval(k.rows) > 0)
        return t;
    }
    return -1;
  }
  /// An index constant of the current kernel.
  std::string index(int64_t v) {
    std::string name = "%k" + std::to_string(kernel) + "_c" + std::to_string(v);
    constants.insert(v);
    return name;
  }
  std::string scalarConstant(double v, DType d) {
    std::string name =
        "%k" + std::to_string(kernel) + "_s" + std::to_string(counter++);
    body << "      " << name << " = arith.constant "
         << (isFloat(d) ? fmt(v) : std::to_string(int64_t(v))) << " : "
         << dtypeName(d) << "\n";
    return name;
  }
  /// The entry argument that gives op `v` of the current kernel its scalar.
  std::string scalarArgument(const Kernel &, int v) {
    return "%a" + std::to_string(kernel) + "_" + std::to_string(v);
  }
  /// The orchestration's read of the element that op `v` of the current
  /// kernel takes as its scalar.
  std::string scalarRead(int v) {
    return "%r" + std::to_string(kernel) + "_" + std::to_string(v);
  }
  std::string fresh() {
    return "%k" + std::to_string(kernel) + "_t" + std::to_string(counter++);
  }
  std::string value(int v) {
    if (auto it = renamed.find(v); it != renamed.end())
      return it->second;
    if (auto it = shards.find(v); it != shards.end())
      return it->second;
    return "%k" + std::to_string(kernel) + "_v" + std::to_string(v);
  }
  bool hasRunTimeRows(int t) const {
    return p.tensors[t].runTimeRows || runTimeTmp(t);
  }
  /// In an N-D kernel, whether op `op` is computed on 2-D values (its
  /// operands reshaped to 2-D and its result back): the ops that take 2-D
  /// tensors only, and windows of tensors with run-time rows (they have no
  /// N-D view).
  bool computedIn2D(const Op &op) const {
    switch (op.kind) {
    case OpKind::Matmul:
      return op.chunk > 1; // a batched one reshapes its 2-D operands
    case OpKind::Transpose:
    case OpKind::FillPad:
    case OpKind::Window:
    case OpKind::Sort:
    case OpKind::Gather:
    case OpKind::GatherCompare:
    case OpKind::Arange:
      return true;
    case OpKind::SliceInput:
      return hasRunTimeRows(op.operands[0]);
    case OpKind::MatmulKLoop:
      return hasRunTimeRows(op.operands[0]) || hasRunTimeRows(op.operands[1]);
    case OpKind::CarryLoop:
      return hasRunTimeRows(op.operands[1]);
    case OpKind::GatherMatmul:
    case OpKind::Part:
    case OpKind::ScatterMask:
    case OpKind::Scatter:
    case OpKind::MGather:
      return true;
    default:
      return false;
    }
  }
  /// The operands of `op` that are values of the kernel (the others name
  /// program tensors).
  static std::vector<int> valueOperands(const Op &op) {
    switch (op.kind) {
    case OpKind::SliceInput:
    case OpKind::Full:
    case OpKind::Arange:
    case OpKind::MatmulKLoop:
    case OpKind::MGather:
      return {};
    case OpKind::CarryLoop:
    case OpKind::GatherMatmul:
      return {0};
    default: {
      std::vector<int> all;
      for (int i = 0; i < int(op.operands.size()); ++i)
        all.push_back(i);
      return all;
    }
    }
  }
  /// The first row of this block's window of `rows` rows.
  std::string rowOffset(int64_t rows) {
    if (rows == 1)
      return blockIndex;
    std::string name = fresh();
    body << "      " << name << " = arith.muli " << blockIndex << ", "
         << index(rows) << " : index\n";
    return name;
  }
  void printOp(const Kernel &k, int v);
  /// The input windows of `k` that a zero fillpad keeps only part of: read
  /// as tail windows, with the fillpad's valid extents (the fillpad zeroes
  /// the rest, which a tail leaves undefined).
  std::map<int, std::pair<int64_t, int64_t>> tailWindows(const Kernel &k);

  const Program &p;
  std::map<int, std::pair<int64_t, int64_t>> tails; // of the current kernel
  Layout layout;
  std::map<int, std::string> comparators; // per output tensor
  std::map<int, double> tolerances;       // per output tensor
  int kernel = 0;
  int counter = 0;
  /// Leading dimensions of 1 of the current kernel's values (0: 2-D).
  int lead = 0;
  /// Values of the current kernel printed under another name (their 2-D
  /// forms while an op of an N-D kernel is computed in 2-D).
  std::map<int, std::string> renamed;
  /// In a split kernel's region: the lanes' copies of the products.
  std::map<int, std::string> shards;
  /// The program tensors the current kernel uses through N-D views.
  std::set<int> views;
  /// Intermediate tensors a kernel returns as its region's result (a
  /// `pypto.yield`) instead of assembling into a created tensor: tensor ->
  /// (kernel, value).
  std::map<int, std::pair<int, int>> regionResults;
  /// The intermediate tensors that one single-block kernel writes whole,
  /// when that kernel computes in 2-D (they are static and declared 2-D).
  void chooseRegionResults() {
    std::map<int, int> writers;
    for (const Kernel &k : p.kernels)
      for (const Output &out : k.outputs)
        ++writers[out.tensor];
    for (kernel = 0; kernel < int(p.kernels.size()); ++kernel) {
      const Kernel &k = p.kernels[kernel];
      if (k.shape == "spmd" || (k.shape != "single" && k.blocks != 1) ||
          kernelLead(k) || !k.split.empty())
        continue;
      for (const Output &out : k.outputs) {
        int t = out.tensor;
        const Op &op = k.ops[out.value];
        const Shape &shape = layout.shapes[t];
        if (p.tensors[t].role == "tmp" && !out.element && out.col == 0 &&
            writers[t] == 1 && op.rows.eval(k.rows) == shape.rows &&
            op.cols.eval(k.rows) == shape.cols &&
            op.dtype == p.tensors[t].dtype)
          regionResults[t] = {kernel, out.value};
      }
    }
  }
  std::string blockIndex;
  /// The helper computing `name` on `arity` operands of `type`, defined
  /// once; its name.
  std::string helper(const std::string &name, const std::string &type,
                     int arity) {
    std::string shape = type.substr(type.find('<') + 1);
    shape.pop_back();
    std::string symbol = "h_" + name + "_" + shape;
    if (helpers.count(symbol))
      return symbol;
    std::ostringstream def;
    def << "  func.func private @" << symbol << "(%a: " << type;
    if (arity == 2)
      def << ", %b: " << type;
    def << ") -> " << type << " {\n    %r = pypto." << name << " %a"
        << (arity == 2 ? ", %b" : "") << " : " << type
        << "\n    return %r : " << type << "\n  }\n";
    helpers[symbol] = def.str();
    return symbol;
  }

  std::set<int64_t> constants;
  std::ostringstream body;
  std::map<std::string, std::string> helpers; // symbol -> definition
};

std::map<int, std::pair<int64_t, int64_t>>
Printer::tailWindows(const Kernel &k) {
  std::vector<bool> live = liveOps(k);
  std::vector<std::vector<int>> users(k.ops.size());
  for (size_t i = 0; i < k.ops.size(); ++i) {
    const Op &op = k.ops[i];
    if (!live[i] || op.kind == OpKind::SliceInput ||
        op.kind == OpKind::MatmulKLoop || op.kind == OpKind::MGather)
      continue;
    size_t valueOperands =
        op.kind == OpKind::CarryLoop || op.kind == OpKind::GatherMatmul
            ? 1
            : op.operands.size();
    for (size_t o = 0; o < valueOperands; ++o)
      users[op.operands[o]].push_back(int(i));
    if (op.scalarFromValue >= 0)
      users[op.scalarFromValue].push_back(-1);
  }
  for (const Output &o : k.outputs)
    users[o.value].push_back(-1);
  std::map<int, std::pair<int64_t, int64_t>> result;
  for (size_t i = 0; i < k.ops.size(); ++i) {
    if (!live[i] || k.ops[i].kind != OpKind::SliceInput ||
        users[i].size() != 1 || users[i][0] < 0)
      continue;
    const Op &slice = k.ops[i], &pad = k.ops[users[i][0]];
    if (pad.kind != OpKind::FillPad || pad.pad != "zero")
      continue;
    int64_t r = slice.rows.eval(k.rows), c = slice.cols.eval(k.rows);
    result[int(i)] = {pad.validRows < 0 ? r : std::min(pad.validRows, r),
                      pad.validCols < 0 ? c : std::min(pad.validCols, c)};
  }
  return result;
}

void Printer::printOp(const Kernel &k, int v) {
  const Op &op = k.ops[v];
  if (lead && computedIn2D(op)) {
    // Operands reshaped to 2-D, the op on them, the result reshaped back.
    int kernelLead = lead;
    for (int i : valueOperands(op)) {
      int o = op.operands[i];
      if (renamed.count(o))
        continue;
      std::string ndType = typeOf(k, k.ops[o]), flat = fresh();
      lead = 0;
      body << "      " << flat << " = pypto.reshape " << value(o) << " : "
           << ndType << " -> " << typeOf(k, k.ops[o]) << "\n";
      lead = kernelLead;
      renamed[o] = flat;
    }
    std::string flatResult = fresh(), ndType = typeOf(k, op);
    renamed[v] = flatResult;
    lead = 0;
    printOp(k, v);
    std::string flatType = typeOf(k, op);
    lead = kernelLead;
    renamed.clear();
    body << "      " << value(v) << " = pypto.reshape " << flatResult << " : "
         << flatType << " -> " << ndType << "\n";
    return;
  }
  std::string result = value(v);
  std::string type = typeOf(k, op);
  auto operand = [&](int i) { return value(op.operands[i]); };
  auto operandType = [&](int i) { return typeOf(k, k.ops[op.operands[i]]); };
  std::ostringstream &os = body;
  const char *in = "      ";
  switch (op.kind) {
  case OpKind::SliceInput: {
    int t = op.operands[0];
    int64_t r = op.rows.eval(k.rows);
    std::string row = op.colOffset < 0 ? index(0) : rowOffset(r);
    os << in << result << " = pypto.slice " << viewOf(t) << "["
       << leadingZeros() << row << ", "
       << index(std::max<int64_t>(op.colOffset, 0)) << "] [" << leadingOnes()
       << r << ", " << op.cols.eval(k.rows) << "]";
    if (auto tail = tails.find(v); tail != tails.end())
      os << " valid [" << leadingValid() << index(tail->second.first) << ", "
         << index(tail->second.second) << "]";
    os << " : " << viewTypeOf(t) << " -> " << type << "\n";
    return;
  }
  case OpKind::Unary:
  case OpKind::Transpose:
    if (op.kind == OpKind::Unary && op.viaHelper) {
      os << in << result << " = func.call @" << helper(op.name, type, 1) << "("
         << operand(0) << ") : (" << type << ") -> " << type << "\n";
    } else if (op.kind == OpKind::Unary) {
      os << in << result << " = pypto." << op.name << " " << operand(0) << " : "
         << type << "\n";
    } else {
      os << in << result << " = pypto.transpose " << operand(0) << " : "
         << operandType(0) << " -> " << type << "\n";
    }
    return;
  case OpKind::Binary: {
    std::string computed = result;
    std::string indent = in;
    bool branchy = op.branchy;
    if (branchy) {
      // Block 0 computes; the others keep operand 0.
      std::string cond = fresh();
      computed = fresh();
      os << in << cond << " = arith.cmpi ult, " << blockIndex << ", "
         << index(1) << " : index\n"
         << in << result << " = scf.if " << cond << " -> (" << type << ") {\n";
      indent = std::string(in) + "  ";
    }
    if (op.viaHelper)
      os << indent << computed << " = func.call @" << helper(op.name, type, 2)
         << "(" << operand(0) << ", " << operand(1) << ") : (" << type << ", "
         << type << ") -> " << type << "\n";
    else
      os << indent << computed << " = pypto." << op.name << " " << operand(0)
         << ", " << operand(1) << " : " << type << "\n";
    if (branchy)
      os << indent << "scf.yield " << computed << " : " << type << "\n"
         << in << "} else {\n"
         << indent << "scf.yield " << operand(0) << " : " << type << "\n"
         << in << "}\n";
    return;
  }
  case OpKind::ScalarOp: {
    std::string s;
    if (op.scalarFromValue >= 0 && op.scalarLoopMax) {
      // The maximum of the last row: a kernel loop carrying it.
      const Op &w = k.ops[op.scalarFromValue];
      std::string first = fresh(), j = fresh(), m = fresh(), e = fresh(),
                  n = fresh();
      std::string row = index(w.rows.eval(k.rows) - 1);
      std::string t = dtypeName(op.dtype);
      os << in << first << " = pypto.read " << value(op.scalarFromValue) << "["
         << leadingZeros() << row << ", " << index(0) << "] : " << typeOf(k, w)
         << " -> " << t << "\n";
      s = fresh();
      os << in << s << " = scf.for " << j << " = " << index(0) << " to "
         << index(w.cols.eval(k.rows)) << " step " << index(1) << " iter_args("
         << m << " = " << first << ") -> (" << t << ") {\n";
      os << in << "  " << e << " = pypto.read " << value(op.scalarFromValue)
         << "[" << leadingZeros() << row << ", " << j << "] : " << typeOf(k, w)
         << " -> " << t << "\n";
      os << in << "  " << n << " = "
         << (op.dtype == DType::F32 ? "arith.maximumf " : "arith.maxsi ") << m
         << ", " << e << " : " << t << "\n";
      os << in << "  scf.yield " << n << " : " << t << "\n";
      os << in << "} {pypto.loop = \"range\"}\n";
    } else if (op.scalarFromValue >= 0) {
      s = fresh();
      const Op &w = k.ops[op.scalarFromValue];
      os << in << s << " = pypto.read " << value(op.scalarFromValue) << "["
         << leadingZeros() << index(w.rows.eval(k.rows) - 1) << ", "
         << index(w.cols.eval(k.rows) - 1) << "] : " << typeOf(k, w) << " -> "
         << dtypeName(op.dtype) << "\n";
    } else if (op.scalarTensor >= 0 && op.scalarInKernel) {
      s = fresh();
      os << in << s << " = pypto.read %" << p.tensors[op.scalarTensor].name
         << "[" << index(0) << ", " << index(0)
         << "] : " << tensorTypeOf(op.scalarTensor) << " -> "
         << dtypeName(op.dtype) << "\n";
    } else {
      s = op.scalarTensor >= 0 ? scalarRead(v)
          : op.scalarArgument  ? scalarArgument(k, v)
                               : scalarConstant(op.scalar, op.dtype);
    }
    os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
       << s << " : " << type << ", " << dtypeName(op.dtype) << "\n";
    return;
  }
  case OpKind::Window:
    os << in << result << " = pypto.slice " << operand(0) << "[" << index(0)
       << ", " << index(op.colOffset) << "] [" << op.rows.eval(k.rows) << ", "
       << op.cols.eval(k.rows) << "] : " << operandType(0) << " -> " << type
       << "\n";
    return;
  case OpKind::Cast:
    os << in << result << " = pypto.cast " << operand(0) << " round " << op.mode
       << " : " << operandType(0) << " -> " << type << "\n";
    return;
  case OpKind::Reduce:
  case OpKind::Expand:
  case OpKind::Reshape:
    os << in << result << " = pypto." << op.name << " " << operand(0) << " : "
       << operandType(0) << " -> " << type << "\n";
    return;
  case OpKind::ExpandBinary:
    os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
       << operand(1) << " : " << operandType(0) << ", " << operandType(1)
       << "\n";
    return;
  case OpKind::Full: {
    std::string s = scalarConstant(op.scalar, op.dtype);
    os << in << result << " = pypto.full " << s << " : " << dtypeName(op.dtype)
       << " -> " << type << "\n";
    return;
  }
  case OpKind::Compare:
    if (op.name == "cmps") {
      std::string s = scalarConstant(op.scalar, op.dtype);
      os << in << result << " = pypto.cmps " << op.mode << " " << operand(0)
         << ", " << s << " : " << type << ", " << dtypeName(op.dtype) << "\n";
    } else {
      os << in << result << " = pypto.cmp " << op.mode << " " << operand(0)
         << ", " << operand(1) << " : " << type << "\n";
    }
    return;
  case OpKind::Ternary:
    if (op.operands.size() == 2) {
      // The constant's definition is written first.
      std::string s = scalarConstant(op.scalar, op.dtype);
      os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
         << s << ", " << operand(1) << " : " << type << ", "
         << dtypeName(op.dtype) << "\n";
    } else
      os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
         << operand(1) << ", " << operand(2) << " : " << type << "\n";
    return;
  case OpKind::Select:
    if (op.name == "sels") {
      std::string s = scalarConstant(op.scalar, op.dtype);
      os << in << result << " = pypto.sels " << operand(0) << ", " << operand(1)
         << ", " << s << " : " << type << ", " << dtypeName(op.dtype) << "\n";
    } else {
      os << in << result << " = pypto.sel " << operand(0) << ", " << operand(1)
         << ", " << operand(2) << " : " << type << "\n";
    }
    return;
  case OpKind::Tri: {
    // The constant's definition is written first.
    std::string d = scalarConstant(op.scalar, DType::I32);
    os << in << result << " = pypto.tri " << d
       << (op.mode == "upper" ? " upper" : "") << " : i32 -> " << type << "\n";
    return;
  }
  case OpKind::Insert: {
    // The constant's definition is written first.
    std::string s = scalarConstant(op.scalar, op.dtype);
    os << in << result << " = pypto.insert " << s << " into " << operand(0)
       << "[" << leadingZeros() << index(op.atRow) << ", " << index(op.atCol)
       << "] : " << dtypeName(op.dtype) << " into " << type << "\n";
    return;
  }
  case OpKind::Concat:
    os << in << result << " = pypto.concat " << operand(0) << ", " << operand(1)
       << " : " << operandType(0) << ", " << operandType(1) << " -> " << type
       << "\n";
    return;
  case OpKind::Gather:
    os << in << result << " = pypto.gather " << operand(0) << "[" << operand(1)
       << "] : " << operandType(0) << ", " << operandType(1) << " -> " << type
       << "\n";
    return;
  case OpKind::Arange: {
    std::string s = scalarConstant(op.scalar, DType::I32);
    os << in << result << " = pypto.arange " << s
       << (op.mode == "descending" ? " descending" : "") << " : i32 -> " << type
       << "\n";
    return;
  }
  case OpKind::FillPad: {
    int64_t r = op.rows.eval(k.rows), c = op.cols.eval(k.rows);
    int64_t vr = op.validRows < 0 ? r : std::min(op.validRows, r);
    int64_t vc = op.validCols < 0 ? c : std::min(op.validCols, c);
    std::string source = operand(0);
    // A third of them (by the program's seed) as pypto-lib writes a mask:
    // the fillpad of the whole tile of a pypto.set_validshape.
    if (!lead && (p.seed + uint64_t(kernel) + uint64_t(v) * 7) % 3 == 0) {
      source = fresh();
      os << in << source << " = pypto.set_validshape " << operand(0)
         << " valid [" << index(vr) << ", " << index(vc) << "] : " << type
         << "\n";
      vr = r, vc = c;
    }
    os << in << result << " = pypto.fillpad " << source << " valid ["
       << index(vr) << ", " << index(vc) << "] pad " << op.pad << " : " << type
       << " -> " << type << "\n";
    return;
  }
  case OpKind::Matmul:
    if (op.chunk > 1) {
      // Batched: the lhs's rows as `chunk` matrices, each times the rhs.
      const Op &lhs = k.ops[op.operands[0]], &rhs = k.ops[op.operands[1]];
      int64_t b = op.chunk, m = op.rows.eval(k.rows) / b;
      int64_t kk = lhs.cols.eval(k.rows), n = op.cols.eval(k.rows);
      auto nd = [&](int64_t d0, int64_t d1, int64_t d2, DType d) {
        return "!pypto.tensor<" + std::to_string(d0) + "x" +
               std::to_string(d1) + "x" + std::to_string(d2) + "x" +
               dtypeName(d) + ">";
      };
      std::string l = fresh(), r = fresh(), pr = fresh();
      os << in << l << " = pypto.reshape " << operand(0) << " : "
         << operandType(0) << " -> " << nd(b, m, kk, lhs.dtype) << "\n";
      os << in << r << " = pypto.reshape " << operand(1) << " : "
         << operandType(1) << " -> " << nd(1, kk, n, rhs.dtype) << "\n";
      os << in << pr << " = pypto.matmul " << l << ", " << r << " : "
         << nd(b, m, kk, lhs.dtype) << ", " << nd(1, kk, n, rhs.dtype) << " -> "
         << nd(b, m, n, op.dtype) << "\n";
      os << in << result << " = pypto.reshape " << pr << " : "
         << nd(b, m, n, op.dtype) << " -> " << type << "\n";
      return;
    }
    os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
       << operand(1) << (op.operands.size() > 2 ? ", " + operand(2) : "")
       << " : " << operandType(0) << ", " << operandType(1)
       << (op.operands.size() > 2 ? ", " + operandType(2) : "") << " -> "
       << type << "\n";
    return;
  case OpKind::MatmulKLoop: {
    int A = op.operands[0], B = op.operands[1];
    int64_t r = k.rows, n = op.cols.eval(k.rows), c = op.chunk;
    DType t = p.tensors[A].dtype;
    std::string row = rowOffset(r);
    std::string at = tensorType(r, c, t),
                bt = op.bTrans ? tensorType(n, c, t) : tensorType(c, n, t);
    // The K-chunk at `kk` of both inputs, as `a` and `b` (b an n x c
    // window of B's validN rows when read transposed).
    auto slices = [&](const std::string &indent, const std::string &a,
                      const std::string &b, const std::string &kk) {
      os << indent << a << " = pypto.slice " << viewOf(A) << "["
         << leadingZeros() << row << ", " << kk << "] [" << leadingOnes() << r
         << ", " << c << "] : " << viewTypeOf(A) << " -> " << at << "\n";
      if (op.bTrans)
        os << indent << b << " = pypto.slice " << viewOf(B) << "["
           << leadingZeros() << index(0) << ", " << kk << "] [" << leadingOnes()
           << n << ", " << c << "] valid [" << leadingValid()
           << index(op.validN) << ", " << index(c) << "] : " << viewTypeOf(B)
           << " -> " << bt << "\n";
      else
        os << indent << b << " = pypto.slice " << viewOf(B) << "["
           << leadingZeros() << kk << ", " << index(0) << "] [" << leadingOnes()
           << c << ", " << n << "] : " << viewTypeOf(B) << " -> " << bt << "\n";
    };
    auto product = [&](const std::string &indent, const std::string &name,
                       const std::string &acc, const std::string &a,
                       const std::string &b) {
      os << indent << name << " = pypto."
         << (acc.empty() ? "matmul " : "matmul_acc ")
         << (acc.empty() ? "" : acc + ", ") << a << ", " << b
         << (op.bTrans ? " {b_trans}" : "") << " : " << at << ", " << bt
         << " -> " << type << "\n";
    };
    // The loop over chunks [from, chunks) carrying `acc` from `init`.
    std::string kk = fresh(), acc = fresh(), ak = fresh(), bk = fresh(),
                nx = fresh();
    auto loopHead = [&](int64_t from, const std::string &init) {
      os << in << result << " = scf.for " << kk << " = " << index(c * from)
         << " to " << index(c * op.chunks) << " step " << index(c)
         << " iter_args(" << acc << " = " << init << ") -> (" << type
         << ") {\n";
      slices(std::string(in) + "  ", ak, bk, kk);
    };
    auto loopTail = [&]() {
      os << in << "  scf.yield " << nx << " : " << type << "\n";
      os << in << "} {pypto.loop = \"range\"}\n";
    };
    if (op.initCond) {
      // Entered with a fill that the first step, overwriting, never reads.
      std::string init = fresh(), first = fresh();
      std::string zero = scalarConstant(0.0, DType::F32);
      os << in << init << " = pypto.full " << zero << " : f32 -> " << type
         << "\n";
      loopHead(0, init);
      os << in << "  " << first << " = arith.cmpi eq, " << kk << ", "
         << index(0) << " : index\n";
      os << in << "  " << nx << " = pypto.matmul_acc " << acc << ", " << ak
         << ", " << bk << " init " << first << (op.bTrans ? " {b_trans}" : "")
         << " : " << at << ", " << bt << " -> " << type << "\n";
      loopTail();
      return;
    }
    if (op.firstIterationBranch) {
      std::string init = fresh(), first = fresh(), m0 = fresh(), m = fresh();
      // The constant is a line of its own, written before this one.
      std::string zero = scalarConstant(0.0, DType::F32);
      os << in << init << " = pypto.full " << zero << " : f32 -> " << type
         << "\n";
      loopHead(0, init);
      os << in << "  " << first << " = arith.cmpi eq, " << kk << ", "
         << index(0) << " : index\n";
      os << in << "  " << nx << " = scf.if " << first << " -> (" << type
         << ") {\n";
      product(std::string(in) + "    ", m0, "", ak, bk);
      os << in << "    scf.yield " << m0 << " : " << type << "\n";
      os << in << "  } else {\n";
      product(std::string(in) + "    ", m, acc, ak, bk);
      os << in << "    scf.yield " << m << " : " << type << "\n";
      os << in << "  }\n";
      loopTail();
      return;
    }
    std::string a0 = fresh(), b0 = fresh(), p0 = fresh();
    slices(in, a0, b0, index(0));
    product(in, p0, "", a0, b0);
    if (op.chunks == 1) {
      std::string zero = scalarConstant(0.0, DType::F32);
      os << in << result << " = pypto.adds " << p0 << ", " << zero << " : "
         << type << ", f32\n";
      return;
    }
    loopHead(1, p0);
    product(std::string(in) + "  ", nx, acc, ak, bk);
    loopTail();
    return;
  }
  case OpKind::Sort: {
    int64_t r = op.rows.eval(k.rows), n = op.chunk;
    std::string values = operand(0), indices = operand(1);
    std::string pairs = tensorType(r, 2 * n, DType::F32);
    std::string sorted = fresh();
    os << in << sorted << " = pypto.sort32 " << values << ", " << indices
       << " : " << operandType(0) << ", " << operandType(1) << " -> " << pairs
       << "\n";
    // sort32 sorts runs of 32 pairs (64 columns); merges of four runs
    // finish the row.
    for (int64_t run = 64; run < 2 * n; run *= 4) {
      std::string merged = fresh();
      os << in << merged << " = pypto.mrgsort " << sorted
         << " {block_len = " << run << " : i64} : " << pairs << "\n";
      sorted = merged;
    }
    os << in << result << " = pypto.gather_mask " << sorted << " " << op.mode
       << " : " << pairs << " -> " << type << "\n";
    return;
  }
  case OpKind::ScatterMask:
    os << in << result << " = pypto.scatter_mask " << operand(0) << " into "
       << operand(1) << " " << op.mode << " : " << operandType(0) << " into "
       << operandType(1) << "\n";
    return;
  case OpKind::GatherCompare: {
    // Both results are named; the value is one of them.
    const Op &x = k.ops[op.operands[0]];
    int64_t rows = x.rows.eval(k.rows), cols = x.cols.eval(k.rows);
    std::string k0 = scalarConstant(op.scalar, x.dtype);
    std::string indices = op.countResult ? result + "_idx" : result;
    std::string counts = op.countResult ? result : result + "_count";
    os << in << indices << ", " << counts << " = pypto.gather_compare "
       << op.mode << " " << operand(0) << ", " << k0 << " offset "
       << op.colOffset << " : " << operandType(0) << ", " << dtypeName(x.dtype)
       << " -> " << tensorType(rows, cols, DType::I32) << ", "
       << tensorType(1, rows, DType::I32) << "\n";
    return;
  }
  case OpKind::Scatter:
    os << in << result << " = pypto.scatter " << operand(0) << ", "
       << operand(1) << " into " << operand(2) << " : " << operandType(0)
       << ", " << operandType(1) << " into " << operandType(2) << "\n";
    return;
  case OpKind::Part:
    os << in << result << " = pypto." << op.name << " " << operand(0) << ", "
       << operand(1) << " : " << operandType(0) << ", " << operandType(1)
       << " -> " << type << "\n";
    return;
  case OpKind::MGather: {
    int table = op.operands[0], indices = op.operands[1];
    int64_t r = op.rows.eval(k.rows);
    std::string resultType = tensorType(r, op.cols.eval(k.rows), op.dtype);
    // A third of them (by the program's seed) as a paged gather whose page
    // table (a descending ramp) sends each block of the table to the
    // mirror block: blocks of 8 of 40 rows, of 1 of 97.
    if ((p.seed + uint64_t(kernel) + uint64_t(v) * 5) % 3 == 0) {
      int64_t block = op.atRow % 8 == 0 ? 8 : 1, blocks = op.atRow / block;
      std::string last = fresh(), pages = fresh();
      std::string pagesType = tensorType(1, blocks, DType::I32);
      os << in << last << " = arith.constant " << blocks - 1 << " : i32\n";
      os << in << pages << " = pypto.arange " << last << " descending : i32 -> "
         << pagesType << "\n";
      os << in << result << " = pypto.paged_gather %" << p.tensors[table].name
         << "[%" << p.tensors[indices].name << "] pages " << pages << " block "
         << block << " : " << tensorTypeOf(table) << ", "
         << tensorTypeOf(indices) << ", " << pagesType << " -> " << resultType
         << "\n";
      return;
    }
    os << in << result << " = pypto.mgather %" << p.tensors[table].name << "[%"
       << p.tensors[indices].name << "] : " << tensorTypeOf(table) << ", "
       << tensorTypeOf(indices) << " -> " << resultType << "\n";
    return;
  }
  case OpKind::GatherMatmul: {
    int pool = op.operands[1], indices = op.operands[2];
    int64_t g = op.chunk, c = op.validCols, single = op.chunk - op.validN;
    std::string accType = tensorType(g, c, p.tensors[pool].dtype);
    std::string poolView = "%" + p.tensors[pool].name,
                poolType = tensorTypeOf(pool),
                indexView = "%" + p.tensors[indices].name,
                indexType = tensorTypeOf(indices);
    std::string zero = scalarConstant(0, DType::I32);
    std::string acc0 = fresh(), acc = fresh(), r = fresh(), a = fresh(),
                s = fresh(), ok = fresh(), g1 = fresh(), g2 = fresh(),
                si = fresh(), next = fresh();
    auto gatherRow = [&](const std::string &indent, const std::string &name,
                         const std::string &from, const std::string &into,
                         const std::string &row, int64_t rows, bool valid) {
      os << indent << name << " = pypto.gather_row " << poolView << "[" << from
         << ", " << index(0) << "] into " << into << "[" << row << ", "
         << index(0) << "] [" << rows << ", " << c << "]";
      if (valid)
        os << " valid [" << index(rows) << ", " << index(c) << "]";
      os << " : " << poolType << " into " << accType << "\n";
    };
    os << in << acc0 << " = pypto.create_l1 : " << accType << "\n";
    // One row per index, a negative index taking row 0.
    os << in << acc << " = scf.for " << r << " = " << index(0) << " to "
       << index(single) << " step " << index(1) << " iter_args(" << a << " = "
       << acc0 << ") -> (" << accType << ") {\n";
    os << in << "  " << s << " = pypto.read " << indexView << "[" << index(0)
       << ", " << r << "] : " << indexType << " -> i32\n";
    os << in << "  " << ok << " = arith.cmpi sge, " << s << ", " << zero
       << " : i32\n";
    os << in << "  " << next << " = scf.if " << ok << " -> (" << accType
       << ") {\n";
    os << in << "    " << si << " = arith.index_cast " << s
       << " : i32 to index\n";
    gatherRow(std::string(in) + "    ", g1, si, a, r, 1, false);
    os << in << "    scf.yield " << g1 << " : " << accType << "\n";
    os << in << "  } else {\n";
    gatherRow(std::string(in) + "    ", g2, index(0), a, r, 1, false);
    os << in << "    scf.yield " << g2 << " : " << accType << "\n";
    os << in << "  }\n";
    os << in << "  scf.yield " << next << " : " << accType << "\n";
    os << in << "}\n";
    std::string filled = acc;
    if (op.validN > 0) {
      filled = fresh();
      gatherRow(in, filled, index(op.atRow), acc, index(single), op.validN,
                true);
    }
    os << in << result << " = pypto.matmul " << operand(0) << ", " << filled
       << (op.bTrans ? " {b_trans}" : "") << " : " << operandType(0) << ", "
       << accType << " -> " << type << "\n";
    return;
  }
  case OpKind::CarryLoop: {
    int tensor = op.operands[1];
    int64_t r = op.rows.eval(k.rows), c = op.cols.eval(k.rows);
    std::string row = rowOffset(r);
    std::string j = fresh(), m = fresh(), acc = fresh(), x = fresh(),
                mn = fresh(), an = fresh(), res = fresh();
    os << in << res << ":2 = scf.for " << j << " = " << index(0) << " to "
       << index(c * op.chunks) << " step " << index(c) << " iter_args(" << m
       << " = " << operand(0) << ", " << acc << " = " << operand(0) << ") -> ("
       << type << ", " << type << ") {\n";
    os << in << "  " << x << " = pypto.slice " << viewOf(tensor) << "["
       << leadingZeros() << row << ", " << j << "] [" << leadingOnes() << r
       << ", " << c << "] : " << viewTypeOf(tensor) << " -> " << type << "\n";
    os << in << "  " << mn << " = pypto." << op.name << " " << m << ", " << x
       << " : " << type << "\n";
    if (op.readOldAfterUpdate) {
      std::string d = fresh();
      // The old value, read after the new one is computed.
      os << in << "  " << d << " = pypto.sub " << m << ", " << mn << " : "
         << type << "\n";
      os << in << "  " << an << " = pypto.add " << acc << ", " << d << " : "
         << type << "\n";
    } else {
      os << in << "  " << an << " = pypto.add " << acc << ", " << x << " : "
         << type << "\n";
    }
    os << in << "  scf.yield " << mn << ", " << an << " : " << type << ", "
       << type << "\n";
    os << in << "} {pypto.loop = \"range\"}\n";
    os << in << result << " = pypto.add " << res << "#0, " << res
       << "#1 : " << type << "\n";
    return;
  }
  }
}

std::string Printer::print() {
  if (!layout.valid)
    return "";
  // Each output is compared at the tolerance its error bound allows (0: the
  // device must compute the reference's bits); the facts of a tensor one
  // kernel writes are what the next kernel reads.
  std::map<int, Facts> tensorFacts;
  for (const Kernel &k : p.kernels) {
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i)
      if (live[i] &&
          (k.ops[i].rows.eval(k.rows) < 1 || k.ops[i].cols.eval(k.rows) < 1))
        return "";
    std::vector<Facts> facts;
    if (!analyze(p, k, tensorFacts, facts))
      return "";
    for (const Output &o : k.outputs) {
      int v = o.value, t = o.tensor;
      Facts f = facts[v];
      // The second output added to a tensor: their sum, rounded once.
      if (o.atomic && tensorFacts.count(t)) {
        const Facts &first = tensorFacts[t];
        f.magnitude += first.magnitude;
        f.error += first.error;
        f.exact = f.exact && first.exact;
        if (f.error > 0 || !f.exact)
          f.error += ulpOf(k.ops[v].dtype) * f.magnitude;
      }
      tensorFacts[t] = f;
      // Twice the bound, and a unit of the dtype's last place over it.
      double atol = f.error > 0 || !f.exact
                        ? 2 * f.error + ulpOf(k.ops[v].dtype) * f.magnitude
                        : 0;
      // Outputs side by side share their tensor's tolerance: the larger.
      atol = std::max(atol, tolerances[t]);
      tolerances[t] = atol;
      char text[128];
      std::snprintf(text, sizeof text,
                    "ratio_allclose(atol=%.3g, rtol=0, max_error_ratio=0)",
                    atol);
      comparators[t] = text;
    }
  }
  std::string name = "fuzz_" + std::to_string(p.seed);
  std::ostringstream os;
  os << "// Generated by pypto-fuzz (seed " << p.seed << ").\n";
  os << "module @" << name << " {\n";
  os << "  func.func @" << name << "(";
  bool first = true;
  std::set<int> used;
  for (auto &[t, s] : layout.shapes)
    used.insert(t);
  for (int t = 0; t < int(p.tensors.size()); ++t) {
    const Tensor &tensor = p.tensors[t];
    if (!used.count(t) || tensor.role == "tmp")
      continue;
    os << (first ? "" : ",\n      ") << "%" << tensor.name
       << (!declaredShape(t).empty() ? "_nd"
           : readThroughBits(t)      ? "_raw"
                                     : "")
       << ": " << declaredType(t);
    first = false;
    if (tensor.role == "in") {
      os << " {pypto.init = \"" << tensor.init << "\"";
      if (tensor.initHigh > 0)
        os << ", pypto.init_range = array<i64: " << tensor.initLow << ", "
           << tensor.initHigh << ">";
      if (tensor.runTimeRows)
        os << ", pypto.shape = array<i64: " << layout.shapes[t].rows << ", "
           << (declaredShape(t).empty() ? "" : "1, ") << layout.shapes[t].cols
           << ">";
      os << "}";
    } else if (tensor.accumulated)
      os << " {pypto.dir = \"inout\", pypto.init = \"zeros\", "
            "pypto.compare = \""
         << comparators[t] << "\"}";
    else
      os << " {pypto.dir = \"out\", pypto.compare = \"" << comparators[t]
         << "\"}";
  }
  for (kernel = 0; kernel < int(p.kernels.size()); ++kernel) {
    const Kernel &k = p.kernels[kernel];
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i) {
      const Op &op = k.ops[i];
      if (!live[i] || op.kind != OpKind::ScalarOp || !op.scalarArgument)
        continue;
      std::string value = op.dtype == DType::F32
                              ? fmt(op.scalar)
                              : std::to_string(int64_t(op.scalar));
      os << (first ? "" : ",\n      ") << scalarArgument(k, int(i)) << ": "
         << dtypeName(op.dtype) << " {pypto.value = " << value << " : "
         << dtypeName(op.dtype) << "}";
      first = false;
    }
  }
  os << ") {\n";
  // Arguments declared N-D are worked on through their 2-D views.
  for (int t = 0; t < int(p.tensors.size()); ++t)
    if (used.count(t) && p.tensors[t].role != "tmp" &&
        !declaredShape(t).empty())
      os << "    %" << p.tensors[t].name << " = pypto.reshape %"
         << p.tensors[t].name << "_nd : " << declaredType(t) << " -> "
         << tensorTypeOf(t) << "\n";
  // Some f32 inputs are read through their i32 bits and back.
  for (int t = 0; t < int(p.tensors.size()); ++t)
    if (used.count(t) && readThroughBits(t)) {
      const Shape &s = layout.shapes[t];
      std::string bits = "!pypto.tensor<" + std::to_string(s.rows) + "x" +
                         std::to_string(s.cols) + "xi32>";
      const std::string &name = p.tensors[t].name;
      os << "    %" << name << "_bits = pypto.reinterpret_view %" << name
         << "_raw : " << tensorTypeOf(t) << " -> " << bits << "\n";
      os << "    %" << name << " = pypto.reinterpret_view %" << name
         << "_bits : " << bits << " -> " << tensorTypeOf(t) << "\n";
    }
  chooseRegionResults();
  for (int t = 0; t < int(p.tensors.size()); ++t) {
    if (!used.count(t) || p.tensors[t].role != "tmp" || regionResults.count(t))
      continue;
    const std::string &name = p.tensors[t].name;
    std::string sizes;
    if (runTimeTmp(t)) {
      os << "    %" << name << "_rows = arith.constant "
         << layout.shapes[t].rows << " : index\n";
      sizes = "(%" + name + "_rows)";
    }
    std::string init = t % 3 == 0 ? " init 1.0" : "";
    if (declaredShape(t).empty()) {
      os << "    %" << name << " = pypto.create_tensor" << sizes << init
         << " : " << tensorTypeOf(t) << "\n";
    } else {
      os << "    %" << name << "_nd = pypto.create_tensor" << sizes << init
         << " : " << declaredType(t) << "\n"
         << "    %" << name << " = pypto.reshape %" << name
         << "_nd : " << declaredType(t) << " -> " << tensorTypeOf(t) << "\n";
    }
  }
  bool manual = manualDeps();
  if (manual)
    os << "    %none = pypto.no_task\n"
       << "    pypto.scope manual {\n";
  else if (autoScope())
    os << "    pypto.scope {\n";
  std::string arrayType =
      "!pypto.array<" + std::to_string(p.kernels.size()) + ", !pypto.task>";
  if (taskArray()) {
    os << "    %tids = pypto.array_create : " << arrayType << "\n";
    for (size_t i = 0; i < p.kernels.size(); ++i)
      os << "    %tid_c" << i << " = arith.constant " << i << " : index\n";
  }
  // With a task array, each kernel's task id goes into it once the kernel
  // is submitted.
  auto storeTask = [&](int i) {
    os << "    pypto.array_set %k" << i << "_task into %tids[%tid_c" << i
       << "] : " << arrayType << "\n";
  };
  for (kernel = 0; kernel < int(p.kernels.size()); ++kernel) {
    if (taskArray() && kernel > 0)
      storeTask(kernel - 1);
    const Kernel &k = p.kernels[kernel];
    std::vector<bool> live = liveOps(k);
    constants.clear();
    body.str("");
    std::string kname = "k" + std::to_string(kernel);
    blockIndex = "%" + kname + "_b";
    lead = kernelLead(k);
    views.clear();
    bool zeroPrinted = false;
    for (size_t i = 0; i < k.ops.size(); ++i) {
      const Op &op = k.ops[i];
      if (!live[i] || op.kind != OpKind::ScalarOp || op.scalarTensor < 0 ||
          op.scalarInKernel)
        continue;
      if (!zeroPrinted)
        os << "    %" << kname << "_r0 = arith.constant 0 : index\n";
      zeroPrinted = true;
      os << "    " << scalarRead(int(i)) << " = pypto.read %"
         << p.tensors[op.scalarTensor].name << "[%" << kname << "_r0, %"
         << kname << "_r0] : " << tensorTypeOf(op.scalarTensor) << " -> "
         << dtypeName(op.dtype) << "\n";
    }
    tails = tailWindows(k);
    // A split kernel: input windows and cube work first, then a split_aiv
    // none region with the vector work on each lane's copy of the products
    // (aiv_shard); the lanes take turns storing the outputs.
    bool split = !k.split.empty();
    auto isCube = [](const Op &op) {
      return op.kind == OpKind::Matmul || op.kind == OpKind::MatmulKLoop ||
             op.kind == OpKind::GatherMatmul;
    };
    auto outside = [&](const Op &op) {
      return split && (op.kind == OpKind::SliceInput || isCube(op));
    };
    for (size_t i = 0; i < k.ops.size(); ++i)
      if (live[i] && outside(k.ops[i]))
        printOp(k, int(i));
    std::string lane = "%" + kname + "_lane";
    if (split) {
      body << "      pypto.split_aiv " << k.split << " (" << lane << ") {\n";
      for (size_t i = 0; i < k.ops.size(); ++i) {
        if (!live[i] || !isCube(k.ops[i]))
          continue;
        std::string type = typeOf(k, k.ops[i]), shard = fresh();
        body << "      " << shard << " = pypto.aiv_shard " << value(int(i))
             << " : " << type << " -> " << type << "\n";
        shards[int(i)] = shard;
      }
    }
    for (size_t i = 0; i < k.ops.size(); ++i)
      if (live[i] && !outside(k.ops[i]))
        printOp(k, int(i));
    std::string results, resultTypes, yielded;
    int outputIndex = -1;
    for (auto [v, t, col, element, atomic, scatter] : k.outputs) {
      const Op &op = k.ops[v];
      if (split) {
        if (++outputIndex > 0)
          body << "      }\n";
        std::string mine = fresh();
        body << "      " << mine << " = arith.cmpi eq, " << lane << ", "
             << index(outputIndex % 2) << " : index\n"
             << "      scf.if " << mine << " {\n";
      }
      if (auto it = regionResults.find(t);
          it != regionResults.end() && it->second.first == kernel) {
        // The kernel returns the value; the tensor is the region's result.
        results += ", %" + p.tensors[t].name;
        resultTypes += (resultTypes.empty() ? "" : ", ") + tensorTypeOf(t);
        yielded += (yielded.empty() ? "" : ", ") + value(v);
        continue;
      }
      // The block's rows in reverse order: index row b*R + R-1, ..., b*R.
      // (An N-D kernel's values are N-D, an arange row has two entries or
      // more, and a table as wide as the rows: other outputs are assembled.)
      if (scatter && !lead && op.rows.eval(k.rows) > 1 &&
          layout.shapes[t].cols == op.cols.eval(k.rows)) {
        int64_t rows = op.rows.eval(k.rows);
        std::string first = rowOffset(rows), last = fresh(), last32 = fresh(),
                    rowIndex = fresh();
        std::string indexType = tensorType(1, rows, DType::I32);
        body << "      " << last << " = arith.addi " << first << ", "
             << index(rows - 1) << " : index\n"
             << "      " << last32 << " = arith.index_cast " << last
             << " : index to i32\n"
             << "      " << rowIndex << " = pypto.arange " << last32
             << " descending : i32 -> " << indexType
             << "\n"
             // A third of them (by the program's seed) as pypto's
             // scatter_update, whose index here is one row.
             << "      pypto."
             << ((p.seed + uint64_t(kernel) + uint64_t(v)) % 3 == 0
                     ? "scatter_update "
                     : "mscatter ")
             << value(v) << ", %" << p.tensors[t].name << "[" << rowIndex
             << "] : " << typeOf(k, op) << ", " << indexType << " into "
             << tensorTypeOf(t) << "\n";
        continue;
      }
      if (element) {
        std::string e = fresh();
        body << "      " << e << " = pypto.read " << value(v) << "["
             << leadingZeros() << index(op.rows.eval(k.rows) - 1) << ", "
             << index(op.cols.eval(k.rows) - 1) << "] : " << typeOf(k, op)
             << " -> " << dtypeName(op.dtype) << "\n"
             << "      pypto.write " << e << " into %" << p.tensors[t].name
             << "[" << blockIndex << ", " << index(col)
             << "] : " << dtypeName(op.dtype) << " into " << tensorTypeOf(t)
             << "\n";
        continue;
      }
      // A value of an N-D kernel stored into a tensor with run-time rows
      // (which has no N-D view) is reshaped back to 2-D in the kernel.
      std::string stored = value(v), storedType = typeOf(k, op);
      int kernelLeadSaved = lead;
      if (lead && hasRunTimeRows(t)) {
        stored = fresh();
        lead = 0;
        body << "      " << stored << " = pypto.reshape " << value(v) << " : "
             << storedType << " -> " << typeOf(k, op) << "\n";
        storedType = typeOf(k, op);
      }
      int64_t rows = op.rows.eval(k.rows);
      std::string row = rowOffset(rows);
      // Some loop kernels store their blocks as tails: the valid rows are
      // the ones left in the tensor, min(R, rows - offset), a run-time
      // value (all R here). Not a product split into output tiles.
      std::string valid;
      if (k.blocks > 1 && (v + t + kernel) % 3 == 0 &&
          op.kind != OpKind::Matmul && op.kind != OpKind::MatmulKLoop &&
          op.kind != OpKind::GatherMatmul) {
        std::string dim = fresh(), left = fresh(), count = fresh();
        body << "      " << dim << " = pypto.dim %" << p.tensors[t].name
             << ", 0 : " << tensorTypeOf(t) << "\n"
             << "      " << left << " = arith.subi " << dim << ", " << row
             << " : index\n"
             << "      " << count << " = arith.minsi " << left << ", "
             << index(rows) << " : index\n";
        valid = " valid [" + leadingValid() + count + ", " +
                index(op.cols.eval(k.rows)) + "]";
      }
      body << "      pypto.assemble " << stored << " into " << viewOf(t) << "["
           << leadingZeros() << row << ", " << index(col) << "]" << valid
           << (atomic ? " atomic_add" : "") << " : " << storedType << " into "
           << viewTypeOf(t) << "\n";
      lead = kernelLeadSaved;
    }
    if (split)
      body << (outputIndex >= 0 ? "      }\n" : "") << "      }\n";
    shards.clear();
    std::string constantText;
    for (int64_t c : constants)
      constantText += "      %" + kname + "_c" + std::to_string(c) +
                      " = arith.constant " + std::to_string(c) + " : index\n";
    // The N-D views the kernel slices and assembles through.
    for (int t : views) {
      os << "    " << viewOf(t) << " = pypto.reshape %" << p.tensors[t].name
         << " : " << tensorTypeOf(t) << " -> " << viewTypeOf(t) << "\n";
    }
    lead = 0;
    // In a manual scope: the kernel's task id, and its deps (a loop
    // kernel's task also waits for the iteration before).
    std::string task = manual ? "%" + kname + "_task = " : "";
    std::string deps = manual ? depsOf(kernel, "") : "";
    std::string loopTask = manual ? "%" + kname + "_t = " : "";
    std::string loopDeps = manual ? depsOf(kernel, "%" + kname + "_prev") : "";
    // With a task array, the earlier kernels' ids are read back from it.
    if (taskArray())
      for (int i = 0; i < kernel; ++i) {
        std::string id = "%k" + std::to_string(i) + "_task";
        std::string read = "%" + kname + "_dep" + std::to_string(i);
        if (deps.find(id + ")") == std::string::npos &&
            deps.find(id + ",") == std::string::npos)
          continue;
        os << "    " << read << " = pypto.array_get %tids[%tid_c" << i
           << "] : " << arrayType << "\n";
        for (std::string *text : {&deps, &loopDeps})
          for (size_t at; (at = text->find(id + ")")) != std::string::npos ||
                          (at = text->find(id + ",")) != std::string::npos;)
            text->replace(at, id.size(), read);
      }
    // More hints: in a manual scope every other kernel with several deps
    // waits on a task_dummy joining them, and every other kernel allows
    // early resolve; elsewhere an input the region slices (no kernel
    // writes inputs) is no_dep.
    std::string hints;
    if (manual) {
      if (kernel % 2 == 1 && deps.find(',') != std::string::npos) {
        os << "    %" << kname << "_join = pypto.task_dummy" << deps << "\n";
        deps = " deps(%" + kname + "_join)";
        loopDeps = " deps(%" + kname + "_prev, %" + kname + "_join)";
      }
      if (kernel % 2 == 0)
        hints = " allow_early_resolve";
    } else {
      for (int t : k.inputs)
        if (p.tensors[t].role == "in" &&
            body.str().find("%" + p.tensors[t].name + "[") !=
                std::string::npos) {
          hints =
              " no_dep(%" + p.tensors[t].name + " : " + tensorTypeOf(t) + ")";
          break;
        }
    }
    deps += hints;
    loopDeps += hints;
    if (k.shape == "spmd") {
      std::string blocks = std::to_string(k.blocks);
      if (int bound = loopBoundTensor(k); bound >= 0) {
        // The block count from the run-time row count.
        os << "    %" << kname << "_rows = pypto.dim %" << p.tensors[bound].name
           << ", 0 : " << tensorTypeOf(bound) << "\n"
           << "    %" << kname << "_per = arith.constant "
           << layout.shapes[bound].rows / k.blocks << " : index\n"
           << "    %" << kname << "_n = arith.divsi %" << kname << "_rows, %"
           << kname << "_per : index\n";
        blocks = "%" + kname + "_n";
      }
      os << "    " << task << "pypto.spmd core_group \"" << kname
         << "\" blocks(" << blocks << ")" << deps << " (" << blockIndex
         << ") {\n"
         << constantText << body.str() << "    }\n";
    } else if (k.shape == "single" || k.blocks == 1) {
      // Region results follow the task id: `%k0_task, %t1 = pypto.at`.
      std::string bound = task;
      std::string returns, yield;
      if (!results.empty()) {
        bound = manual ? "%" + kname + "_task" + results + " = "
                       : results.substr(2) + " = ";
        returns = " -> (" + resultTypes + ")";
        yield = "      pypto.yield " + yielded + " : " + resultTypes + "\n";
      }
      os << "    " << blockIndex << " = arith.constant 0 : index\n"
         << "    " << bound << "pypto.at core_group \"" << kname << "\"" << deps
         << returns << " {\n"
         << constantText << body.str() << yield << "    }\n";
    } else {
      os << "    %" << kname << "_lo = arith.constant 0 : index\n";
      if (int bound = loopBoundTensor(k); bound >= 0) {
        // blocks = rows / rows per block, read when the program runs.
        int64_t perBlock = layout.shapes[bound].rows / k.blocks;
        os << "    %" << kname << "_rows = pypto.dim %" << p.tensors[bound].name
           << ", 0 : " << tensorTypeOf(bound) << "\n"
           << "    %" << kname << "_per = arith.constant " << perBlock
           << " : index\n"
           << "    %" << kname << "_hi = arith.divsi %" << kname << "_rows, %"
           << kname << "_per : index\n";
      } else {
        os << "    %" << kname << "_hi = arith.constant " << k.blocks
           << " : index\n";
      }
      std::string region = constantText + body.str();
      int picked = pickedInput(k, region);
      bool carried = picked >= 0 && !manual && carriedPick();
      // `%k<N>_whole`, a whole-size slice of input `t` (a line).
      auto wholeSlice = [&](int t) {
        const Shape &shape = layout.shapes[t];
        return "%" + kname + "_whole = pypto.slice %" + p.tensors[t].name +
               "[%" + kname + "_lo, %" + kname + "_lo] [" +
               std::to_string(shape.rows) + ", " + std::to_string(shape.cols) +
               "] : " + tensorTypeOf(t) + "\n";
      };
      // The region (and its no_dep hint) reads input `t` as `view`.
      auto readThrough = [&](int t, const std::string &view) {
        std::regex uses("%" + p.tensors[t].name + "(?![0-9A-Za-z_])");
        region = std::regex_replace(region, uses, view);
        loopDeps = std::regex_replace(loopDeps, uses, view);
      };
      std::string yield =
          manual ? "    scf.yield %" + kname + "_t : !pypto.task\n" : "";
      os << "    %" << kname << "_one = arith.constant 1 : index\n";
      if (carried) {
        // The block loop carries the input and a whole-size slice of it,
        // swapped every block.
        std::string name = "%" + p.tensors[picked].name;
        std::string type = tensorTypeOf(picked);
        std::string cur = "%" + kname + "_cur", alt = "%" + kname + "_alt";
        os << "    " << wholeSlice(picked) << "    %" << kname
           << "_carry:2 = scf.for " << blockIndex << " = %" << kname
           << "_lo to %" << kname << "_hi step %" << kname << "_one iter_args("
           << cur << " = " << name << ", " << alt << " = %" << kname
           << "_whole) -> (" << type << ", " << type << ") {\n";
        yield = "    scf.yield " + alt + ", " + cur + " : " + type + ", " +
                type + "\n";
        readThrough(picked, cur);
        picked = -1;
      } else {
        os << "    " << task << "scf.for " << blockIndex << " = %" << kname
           << "_lo to %" << kname << "_hi step %" << kname << "_one";
        if (manual)
          os << " iter_args(%" << kname << "_prev = %none) -> (!pypto.task)";
        os << " {\n";
      }
      if (int t = picked; t >= 0) {
        std::string name = "%" + p.tensors[t].name, type = tensorTypeOf(t);
        std::string pick = "%" + kname + "_pick";
        os << "    %" << kname << "_two = arith.constant 2 : index\n"
           << "    %" << kname << "_par = arith.remui " << blockIndex << ", %"
           << kname << "_two : index\n"
           << "    %" << kname << "_even = arith.cmpi eq, %" << kname
           << "_par, %" << kname << "_lo : index\n"
           << "    " << pick << " = scf.if %" << kname << "_even -> (" << type
           << ") {\n"
           << "      scf.yield " << name << " : " << type << "\n"
           << "    } else {\n"
           << "      " << wholeSlice(t) << "      scf.yield %" << kname
           << "_whole : " << type << "\n"
           << "    }\n";
        readThrough(t, pick);
      }
      if (k.branchBlock > 0) {
        // The same work in both branches, as two kernels: a block that
        // runs neither, or both, leaves its rows wrong.
        // In a manual scope each branch yields its task's id.
        std::string branchTask = manual ? "%" + kname + "_bt = " : "";
        std::string branchYield =
            manual ? "    scf.yield %" + kname + "_bt : !pypto.task\n" : "";
        os << "    %" << kname << "_split = arith.constant " << k.branchBlock
           << " : index\n"
           << "    %" << kname << "_low = arith.cmpi ult, " << blockIndex
           << ", %" << kname << "_split : index\n"
           << "    " << loopTask << "scf.if %" << kname << "_low"
           << (manual ? " -> (!pypto.task)" : "") << " {\n"
           << "    " << branchTask << "pypto.at core_group \"" << kname << "\""
           << loopDeps << " {\n"
           << region << "    }\n"
           << branchYield << "    } else {\n"
           << "    " << branchTask << "pypto.at core_group \"" << kname
           << "_hi\"" << loopDeps << " {\n"
           << region << "    }\n"
           << branchYield << "    }\n";
      } else {
        os << "    " << loopTask << "pypto.at core_group \"" << kname << "\""
           << loopDeps << " {\n"
           << region << "    }\n";
      }
      // A loop that carries values runs its iterations in order.
      os << yield << "    } {pypto.loop = \"" << (carried ? "range" : k.shape)
         << "\"}\n";
    }
  }
  if (taskArray() && !p.kernels.empty())
    storeTask(int(p.kernels.size()) - 1);
  if (manual || autoScope())
    os << "    }\n";
  os << "    return\n  }\n";
  for (auto &[symbol, definition] : helpers)
    os << definition;
  os << "}\n";
  return os.str();
}

} // namespace

Program pypto::fuzz::generateProgram(uint64_t seed) {
  // A draw whose values the analysis cannot bound is drawn again, from a
  // stream derived from the same seed.
  Program program;
  if (drawExchange(seed, program.exchange)) {
    program.seed = seed;
    program.isExchange = true;
    return program;
  }
  if (drawPhases(seed, program.phases)) {
    program.seed = seed;
    program.isPhases = true;
    return program;
  }
  for (uint64_t attempt = 0; attempt < 32; ++attempt) {
    program = Builder(seed + attempt * 0x9E3779B97F4A7C15ull).build(seed);
    if (!printProgram(program).empty())
      break;
  }
  return program;
}

std::string pypto::fuzz::printProgram(const Program &program) {
  if (program.isExchange)
    return printExchange(program.seed, program.exchange);
  if (program.isPhases)
    return printPhases(program.seed, program.phases);
  return Printer(program).print();
}

int pypto::fuzz::liveOpCount(const Program &program) {
  if (program.isExchange)
    return exchangeSize(program.exchange);
  if (program.isPhases)
    return phasesSize(program.phases);
  int count = 0;
  for (const Kernel &k : program.kernels) {
    std::vector<bool> live = liveOps(k);
    for (size_t i = 0; i < k.ops.size(); ++i)
      count += live[i] ? (k.ops[i].kind == OpKind::MatmulKLoop ||
                                  k.ops[i].kind == OpKind::CarryLoop
                              ? 1 + int(k.ops[i].chunks)
                              : 1)
                       : 0;
    count += int(k.blocks) + int(k.rows);
  }
  return count;
}

std::vector<Program> pypto::fuzz::shrinkCandidates(const Program &program) {
  std::vector<Program> out;
  if (program.isExchange) {
    for (const Exchange &e : shrinkExchange(program.exchange)) {
      Program p = program;
      p.exchange = e;
      out.push_back(p);
    }
    return out;
  }
  if (program.isPhases) {
    for (const Phases &phases : shrinkPhases(program.phases)) {
      Program p = program;
      p.phases = phases;
      out.push_back(p);
    }
    return out;
  }
  // Fewer kernels: drop the last one (nothing reads a last kernel's outputs).
  if (program.kernels.size() > 1) {
    Program p = program;
    p.kernels.pop_back();
    out.push_back(p);
  }
  for (size_t ki = 0; ki < program.kernels.size(); ++ki) {
    const Kernel &k = program.kernels[ki];
    // Fewer outputs (a tensor a later kernel reads stays written).
    for (size_t oi = 0; oi < k.outputs.size() && k.outputs.size() > 1; ++oi) {
      // A tensor a later kernel reads stays written, and so does a tensor
      // two outputs fill side by side.
      int tensor = k.outputs[oi].tensor;
      if (program.tensors[tensor].role == "tmp" ||
          std::count_if(k.outputs.begin(), k.outputs.end(),
                        [&](const Output &o) { return o.tensor == tensor; }) >
              1)
        continue;
      Program p = program;
      p.kernels[ki].outputs.erase(p.kernels[ki].outputs.begin() + oi);
      out.push_back(p);
    }
    // Fewer blocks and rows.
    for (int64_t blocks : {int64_t(1), k.blocks / 2})
      if (blocks >= 1 && blocks < k.blocks) {
        Program p = program;
        p.kernels[ki].blocks = blocks;
        out.push_back(p);
      }
    for (int64_t rows : {int64_t(1), k.rows / 2})
      if (rows >= 1 && rows < k.rows) {
        Program p = program;
        p.kernels[ki].rows = rows;
        out.push_back(p);
      }
    if (k.shape != "single" && k.blocks == 1) {
      Program p = program;
      p.kernels[ki].shape = "single";
      out.push_back(p);
    }
    if (!k.split.empty()) {
      Program p = program;
      p.kernels[ki].split.clear();
      out.push_back(p);
    }
    // Fewer ops: an op replaced by one of its operands of the same type.
    std::vector<bool> live = liveOps(k);
    for (size_t vi = 0; vi < k.ops.size(); ++vi) {
      const Op &op = k.ops[vi];
      if (!live[vi])
        continue;
      if (op.kind == OpKind::MatmulKLoop || op.kind == OpKind::CarryLoop) {
        if (op.chunks > 1) {
          Program p = program;
          p.kernels[ki].ops[vi].chunks = 1;
          out.push_back(p);
        }
        if (op.firstIterationBranch) {
          Program p = program;
          p.kernels[ki].ops[vi].firstIterationBranch = false;
          out.push_back(p);
        }
        if (op.initCond) {
          Program p = program;
          p.kernels[ki].ops[vi].initCond = false;
          out.push_back(p);
        }
        if (op.bTrans) {
          Program p = program;
          p.kernels[ki].ops[vi].bTrans = false;
          out.push_back(p);
        }
      }
      if (op.kind == OpKind::GatherMatmul && op.validN > 0) {
        Program p = program;
        p.kernels[ki].ops[vi].validN = 0;
        out.push_back(p);
      }
      if (op.kind == OpKind::SliceInput || op.kind == OpKind::MatmulKLoop ||
          op.kind == OpKind::MGather)
        continue;
      for (int operand : op.operands) {
        if ((op.kind == OpKind::CarryLoop || op.kind == OpKind::GatherMatmul) &&
            operand != op.operands[0])
          continue;
        const Op &o = k.ops[operand];
        if (!(o.rows == op.rows) || !(o.cols == op.cols) || o.dtype != op.dtype)
          continue;
        // The fillpad that zeroes a transposed tail's undefined columns.
        if (op.kind == OpKind::FillPad && o.bTrans)
          continue;
        Program p = program;
        Kernel &pk = p.kernels[ki];
        for (Op &user : pk.ops)
          if (user.kind != OpKind::SliceInput &&
              user.kind != OpKind::MatmulKLoop && user.kind != OpKind::MGather)
            for (size_t i = 0; i < user.operands.size(); ++i)
              if (user.operands[i] == int(vi) &&
                  !(user.kind == OpKind::CarryLoop && i == 1) &&
                  !(user.kind == OpKind::GatherMatmul && i >= 1))
                user.operands[i] = operand;
        for (Op &user : pk.ops)
          if (user.scalarFromValue == int(vi))
            user.scalarFromValue = operand;
        for (Output &o : pk.outputs)
          if (o.value == int(vi))
            o.value = operand;
        out.push_back(p);
        break;
      }
    }
  }
  return out;
}
