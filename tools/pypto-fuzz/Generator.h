//===- Generator.h - random valid pypto programs ----------------*- C++ -*-===//
//
// The program model of pypto-fuzz: kernels of ops over values whose shapes,
// dtypes, magnitudes and exactness are tracked, so every generated program
// is valid and its outputs can be compared with the reference interpreter at
// a tolerance the dtypes justify. The model is what the shrinker edits; the
// MLIR text is printed from it.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_FUZZ_GENERATOR_H
#define PYPTO_FUZZ_GENERATOR_H

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace pypto::fuzz {

enum class DType { F32, F16, BF16, I32, I16, I8 };

/// A dimension: the kernel's row count R (which the shrinker may lower) or a
/// constant.
struct Dim {
  bool isRows = false;
  int64_t n = 0;
  int64_t eval(int64_t rows) const { return isRows ? rows : n; }
  bool operator==(const Dim &o) const {
    return isRows == o.isRows && (isRows || n == o.n);
  }
};

enum class OpKind {
  SliceInput,   // a window of a kernel input: operand = input index
  Unary,        // neg abs relu exp log sqrt rsqrt recip sin cos
  Binary,       // add sub mul div max min
  ScalarOp,     // adds subs muls divs maxs mins
  Cast,         // to `dtype`, rounding `mode`
  Reduce,       // row_/col_ sum max min
  Expand,       // row_expand / col_expand to `rows` x `cols`
  ExpandBinary, // row_/col_expand_{add,...,expdif}
  Full,         // a constant
  FillPad,      // keep `validRows` x `validCols`
  Transpose,
  Reshape,       // Mx1 <-> 1xM
  Matmul,        // operands 0, 1 (rhs from an input slice of K x N)
  MatmulKLoop,   // sum over K chunks of slices of inputs `a` and `b`
  CarryLoop,     // a loop over column chunks carrying a value
  Sort,          // sort32 (+ mrgsort) of operand 0 with the indices of operand
                 // 1 (an arange window), then gather `mode` (even: values,
                 // odd: indices) of the first `chunks` pairs
  Compare,       // cmp `mode` of operands 0 and 1, or cmps of operand 0 and
                 // `scalar`: 1 or 0 in the operands' type
  Select,        // sel by operand 0 (a 0/1 mask) of operands 1 and 2, or
                 // sels of operand 1 and `scalar`
  Gather,        // gather of operand 0 by the column indices of operand 1 (an
                 // input window of indices within operand 0's columns)
  Arange,        // a 1 x `cols` i32 row from `scalar`, descending when `mode`
                 // is "descending"
  Concat,        // operands 0 and 1 side by side (their columns added)
  Ternary,       // addc/subc of operands 0, 1, 2; addsc/subsc of operand 0,
                 // `scalar` and operand 1
  Insert,        // operand 0 with element (`atRow`, `atCol`) replaced by
                 // `scalar` (pypto.insert)
  Tri,           // a triangular 0/1 mask, diagonal `scalar`, upper when `mode`
                 // is "upper" (pypto.tri)
  ScatterMask,   // operand 1 with its `mode` (even/odd) columns replaced by
                 // operand 0's (pypto.scatter_mask)
  Part,          // part_add/mul/max/min of operands 0 and 1, one of them
                 // of the result's shape, the other its top-left corner
  MGather,       // rows of input `operands[0]` (`atRow` rows) picked by the
                 // 1 x `rows` index input `operands[1]` (pypto.mgather)
  Scatter,       // operand 2 with, in each row, the elements of operand 0
                 // written at the columns operand 1 (an index input) names
                 // (pypto.scatter)
  Window,        // columns [`colOffset`, + `cols`) of operand 0, all its rows
                 // (pypto.slice of a value the kernel computed)
  GatherCompare, // per row of operand 0, the columns (plus `colOffset`)
                 // that compare `mode` (eq, gt) with `scalar`, and their
                 // count: the indices, or the counts when `countResult`
                 // (pypto.gather_compare)
  GatherMatmul,  // `chunk` rows of input `operands[1]` (`validCols` wide)
                 // gathered into an L1 accumulator by the indices of input
                 // `operands[2]` (negative: row 0), the last `validN` of them
                 // as one run from row `atRow`; then operand 0 times it,
                 // transposed when `bTrans` (pypto.create_l1, gather_row)
};

struct Op {
  OpKind kind;
  std::string name;          // the pypto op: "add", "row_sum", "exp", ...
  std::vector<int> operands; // value ids (SliceInput: the kernel input)
  DType dtype = DType::F32;  // of the result
  Dim rows, cols;            // of the result
  double scalar = 0;         // ScalarOp, Full
  bool scalarArgument = false; // ScalarOp: the scalar is an entry argument
  int scalarTensor = -1;       // ScalarOp: the scalar is element [0, 0] of this
                               // tensor, read by the orchestration (pypto.read)
  bool scalarInKernel = false; // ... or read by the kernel itself
  int scalarFromValue = -1;    // ScalarOp: the scalar is the last element of
                               // this value of the kernel (a tile element)
  bool scalarLoopMax = false;  // ... or the maximum of its last row, found by
                               // a kernel loop carrying the running maximum
  std::string mode;          // Cast rounding mode
  int64_t colOffset = 0;     // SliceInput: the window's first column
  int64_t validRows = 0, validCols = 0; // FillPad
  std::string pad;                      // FillPad: zero, max, min
  int64_t chunk = 0, chunks = 0;        // MatmulKLoop / CarryLoop; Matmul:
                                        // `chunk` > 1 batches (the lhs read
                                        // as chunk x R/chunk x K, batched)
  bool readOldAfterUpdate = false;      // CarryLoop: d = old - new
  /// MatmulKLoop: pypto-lib's form, the loop from k = 0 with the first
  /// product on an `scf.if k == 0` branch and matmul_acc on the other.
  bool firstIterationBranch = false;
  /// MatmulKLoop: the loop from k = 0 entered with a `pypto.full`, every
  /// step a matmul_acc with `init %first` (pypto's init_cond).
  bool initCond = false;
  /// MatmulKLoop: B is an N' x K input read transposed (b_trans) in N x
  /// chunk windows with N' = `validN` valid rows, pypto-lib hc_pre's linear
  /// step; the product's columns from N' on are undefined.
  bool bTrans = false;
  int64_t validN = 0;
  int64_t atRow = 0, atCol = 0; // Insert: the element replaced
  bool viaHelper = false; // Unary, Binary: computed by a helper (func.call)
  /// Binary add, sub, max, min: computed in block 0 only, the other blocks
  /// taking operand 0 (an `scf.if` with a tile result, whose else-branch
  /// yields a value from before it). The bounds of the op cover both.
  bool branchy = false;
  /// GatherCompare: the value is the 1 x rows counts, not the indices.
  bool countResult = false;
  // What the generator knows of the result.
  double magnitude = 1; // a bound on |x|
  bool exact = true;    // the device computes the reference's bits
  int precision = 0;    // 0 exact or f32, 1 f16, 2 bf16 (tolerance class)
};

/// A kernel output: value `value` assembled into tensor `tensor` at column
/// `col` (two outputs of one kernel may fill one tensor side by side). An
/// element output writes the value's last element alone, with pypto.write,
/// at row `block` of its tensor.
struct Output {
  int value = 0;
  int tensor = 0;
  int64_t col = 0;
  bool element = false;
  /// Added to the tensor (`atomic_add`): two outputs of one kernel into one
  /// zeroed tensor, which then holds their sum.
  bool atomic = false;
  /// Written with pypto.mscatter at rows of the block's window in reverse
  /// order (an arange index row, descending), into a zeroed tensor.
  bool scatter = false;
};

/// One `pypto.at` / `pypto.spmd` kernel and the loop around it.
struct Kernel {
  std::string shape; // "single", "parallel", "range", "spmd"
  int64_t blocks = 1;
  /// A loop kernel's blocks below this run the kernel in the then-branch of
  /// an `scf.if`, the others a copy of it (`k<N>_hi`) in the else-branch;
  /// 0: no branch.
  int64_t branchBlock = 0;
  int64_t rows = 1;        // R
  std::vector<int> inputs; // program tensors it reads (tensor ids)
  std::vector<Op> ops;     // value id = index
  std::vector<Output> outputs;
  /// "none": the vector work runs in a pypto.split_aiv none region on both
  /// AIV lanes, on aiv_shards of the products, the lanes storing the outputs
  /// in turn; "": one lane.
  std::string split;
};

/// A program tensor: an input, an output or an intermediate tensor that one
/// kernel writes and a later one reads.
struct Tensor {
  std::string name;
  DType dtype = DType::F32;
  std::string role; // "in", "out", "tmp"
  std::string init; // inputs: randn, randint, rand
  /// An input whose row count is bound per run: `?xC` with pypto.shape.
  bool runTimeRows = false;
  /// randint inputs: values in [initLow, initHigh) when initHigh is
  /// positive (gather indices within their source's columns).
  int64_t initLow = 0, initHigh = 0;
  /// An output that kernels add to: zeroed by the harness (`inout`).
  bool accumulated = false;
};

/// A multi-card program instead of kernels: `world` ranks, each with a
/// block of `rows` rows of an integer-valued input, pushing into every
/// peer's windows (or the next rank's, `ring`) with `pypto.put` (of
/// `putRows` x `putCols` from row `putOffset` of its block, a run-time row
/// count when `runTimeRows`, through a `chunkRows` x `chunkCols` staging
/// tile) and `pypto.remote_store` (of `storeRows` rows computed from its
/// block), then signalling, waiting, and copying its windows out. With
/// `putAtomic`/`storeAtomic` every sender adds into the same rows.
/// Integer values keep every sum exact in any order, so the outputs are
/// compared exactly.
struct Exchange {
  int world = 2;
  DType dtype = DType::F32;
  int64_t rows = 8, cols = 32;
  bool ring = false;
  int64_t putOffset = 0, putRows = 8, putCols = 32;
  bool runTimeRows = false;
  int64_t chunkRows = 8, chunkCols = 32;
  bool putAtomic = false;
  int64_t storeRows = 1;
  bool storeAtomic = false;
  bool compute = true; // the pushed rows are 2x + 1 (else x itself)
  /// The kernel counts its pushes per peer in an i32 array (written out as
  /// `counts`) and reads the store's row from an index array.
  bool arrays = false;
  /// After the wait, the kernel pulls the next rank's whole `gather` window
  /// (pypto.get, through the same staging tile) into `fetched`.
  bool get = false;
};

/// A barrier program instead of kernels: one SPMD kernel of one block per
/// cluster, started together, `items` items of `rows` x `cols` spread over
/// the blocks by a grid stride (over both AIV lanes of every block in
/// `pypto.split_aiv none` regions when `lanes`). Phase 1 writes each item's
/// partial (x @ w on the cube when `cube`, else 0.5 x + 1 on the AIV);
/// after a `pypto.syncall` phase 2 combines (`combine`) the partial of the
/// item `shift` further with x; with two `rounds`, after another barrier,
/// phase 3 subtracts x from the phase-2 result `shiftBack` items further.
struct Phases {
  int64_t items = 24, rows = 1, cols = 16;
  bool cube = true, lanes = false;
  /// A vector program of one block per AIV core (available_aiv_count).
  bool aivGrid = false;
  int64_t shift = 1, shiftBack = 1;
  std::string combine = "add";
  int rounds = 1;
};

struct Program {
  uint64_t seed = 0;
  std::vector<Tensor> tensors;
  std::vector<Kernel> kernels;
  bool isExchange = false;
  Exchange exchange;
  bool isPhases = false;
  Phases phases;
};

/// A random valid program from `seed`.
Program generateProgram(uint64_t seed);

/// The MLIR text of `program` (dead ops are left out). Returns "" when the
/// program is no longer valid (a shrink step broke a constraint).
std::string printProgram(const Program &program);

/// Every program one shrink step away from `program`, smallest first: fewer
/// kernels, outputs, ops, blocks, rows, chunks.
std::vector<Program> shrinkCandidates(const Program &program);

/// The number of ops that reach an output (the size the shrinker lowers).
int liveOpCount(const Program &program);

const char *dtypeName(DType dtype);

/// An exchange program for `seed` (about one program in twelve), from a
/// stream of its own; false otherwise.
bool drawExchange(uint64_t seed, Exchange &exchange);
std::string printExchange(uint64_t seed, const Exchange &exchange);
std::vector<Exchange> shrinkExchange(const Exchange &exchange);
int exchangeSize(const Exchange &exchange);

/// A barrier program for `seed` (about one program in fifteen), from a
/// stream of its own; false otherwise.
bool drawPhases(uint64_t seed, Phases &phases);
std::string printPhases(uint64_t seed, const Phases &phases);
std::vector<Phases> shrinkPhases(const Phases &phases);
int phasesSize(const Phases &phases);

} // namespace pypto::fuzz

#endif // PYPTO_FUZZ_GENERATOR_H
