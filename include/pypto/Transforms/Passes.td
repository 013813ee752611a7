//===- Passes.td - pypto-mlir passes -----------------------*- tablegen -*-===//
//
// Every pass of the compiler. The default pipeline runs them in this order.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_TRANSFORMS_PASSES_TD
#define PYPTO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// The target of the passes whose output depends on it; its parser (Target.h)
// refuses an unknown architecture when the option is read.
def ArchOption : Option<"arch", "arch", "::mlir::pypto::Arch",
    /*default=*/"::mlir::pypto::Arch::a5",
    "Target architecture: a2a3 (Ascend 910B/C) or a5 (Ascend 950)">;

def InlineHelpers : Pass<"pypto-inline-helpers", "ModuleOp"> {
  let summary = "Inline every helper function into its callers";
  let description = [{
    A program may put work into helper functions (pypto-lib's
    `pl.jit.inline`): a `func.func` other than the entry, called with
    `func.call` from the entry, from inside its loops or from inside a
    `pypto.at` region, and calling helpers itself. Every call is replaced by
    the callee's body, innermost callees first, and the helpers, unused
    afterwards, are erased, so the passes after this one see the program as
    one function. A helper called inside a `pypto.at` region becomes part of
    that kernel.

    ```mlir
    // before
    func.func private @twice(%t: !pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32> {
      %s = pypto.add %t, %t : !pypto.tensor<16x16xf32>
      return %s : !pypto.tensor<16x16xf32>
    }
    ... %d = func.call @twice(%v) : (!pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32>
    // after
    ... %d = pypto.add %v, %v : !pypto.tensor<16x16xf32>
    ```

    Calls that form a cycle (recursion) are an error at a call in the
    cycle; so is a call of a function that has no body.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let statistics = [
    Statistic<"numInlined", "inlined", "Number of calls inlined">,
    Statistic<"numErased", "erased", "Number of helper functions erased">
  ];
}

def FoldRank6 : Pass<"pypto-fold-rank6", "ModuleOp"> {
  let summary = "Merge the two leading dimensions of rank-6 tensors into one";
  let description = [{
    The runtime's tensors have five dimensions (simpler's `MAX_TENSOR_DIMS`);
    pypto-lib declares rank-6 tensors (a context-parallel rank over a 5-D
    block layout). Every rank-6 tensor `[d0, d1, d2, d3, d4, d5]` becomes
    `[d0*d1, d2, d3, d4, d5]`, the same memory, so the passes after this one
    and the runtime see five dimensions at most. `d1` must be static (the
    type's verifier says so).

    A window (`slice`, `assemble`, `load`, `store`, `remote_load`) keeps its
    meaning when it takes one index of dimension 0 (merged offset
    `o0*d1 + o1`, extent `s1`) or all of dimension 1 (offset `o0*d1`, extent
    `s0*d1`); any other window is an error at the op. Element accesses
    (`read`, `write`, `notify`, `wait`) take `i0*d1 + i1`. `pypto.dim` of
    dimension 0 divides by `d1`; a `?` first dimension of a
    `create_tensor` is multiplied by it.

    An offset or index into dimension 1 must be provably inside it
    (integer range analysis: a constant, a loop index with constant bounds,
    arithmetic on those): after the merge, the runtime's bounds check of
    the merged dimension would not catch it running into the next `d0`
    row, so one it cannot prove is an error at the op.

    ```mlir
    // before
    %x = pypto.slice %t[%r, %c1, %c0, %c0, %c0, %c0] [1, 1, 2, 8, 4, 64]
        : !pypto.tensor<2x3x2x8x4x64xf32>
    // after
    %o = arith.muli %r, %c3 : index
    %m = arith.addi %o, %c1 : index
    %x = pypto.slice %t[%m, %c0, %c0, %c0, %c0] [1, 2, 8, 4, 64]
        : !pypto.tensor<6x2x8x4x64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numFolded", "folded", "Number of values whose rank-6 tensor "
              "type was folded to five dimensions">
  ];
}

def OutlineInCore : Pass<"pypto-outline-incore", "ModuleOp"> {
  let summary = "Outline each pypto.at region into an InCore kernel";
  let description = [{
    Each `pypto.at` region becomes a `func.func` with `pypto.kind = "incore"`
    whose parameters are the region's live-in values (tensors first, then
    scalars), and the region is replaced by a `pypto.call` of it. The
    function that held the regions becomes the orchestration function.

    A region's results (values it computes that later regions use, yielded
    by `pypto.yield`) first become tensors created before it
    (`pypto.create_tensor`): the yield becomes an assemble of each value
    into its tensor, and the uses of the result use the tensor.

    Slices of live-in tensors whose offsets are defined outside the region
    are hoisted into the orchestration, so each task receives exactly the
    window it touches; the runtime then sees precise dependencies and
    independent tasks run in parallel. A tensor the region only slices and
    assembles into at offsets that move with its own loops (`%r + %c` with
    `%c` a constant-bound loop index) is passed as the window those accesses
    cover, `[%r, %r + rows)` say, and the accesses are rebased onto it. A
    hoisted view records its strides in the kernel parameter's
    `pypto.strides`. A tensor that the region only writes is an `out`
    parameter, one it reads and writes is `inout`. The region's dependency
    hints go to the call (task id, `deps`, `allow_early_resolve`, and
    `no_dep_args` for the parameters that are its `no_dep` tensors).

    Runs on the module because it adds functions.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::pypto::PyPTODialect"];
  let statistics = [
    Statistic<"numMaterialized", "results-materialized",
              "Number of regions whose results became created tensors">,
    Statistic<"numOutlined", "outlined", "Number of regions outlined">,
    Statistic<"numHoisted", "hoisted-views", "Number of views hoisted">,
    Statistic<"numNarrowed", "narrowed-windows",
              "Number of tensors passed as the window their accesses cover">
  ];
}

def DeriveCallDirections : Pass<"pypto-derive-call-directions",
                                "::mlir::ModuleOp"> {
  let summary = "Give every kernel call its argument directions";
  let description = [{
    Sets `arg_directions` on each `pypto.call` of an orchestration function.
    A kernel parameter that is `in` or `inout` keeps its direction. An `out`
    parameter stays `out` (the task overwrites the window) for the first
    writer of its tensor, and becomes `inout` when the task must also be
    ordered after earlier writes: inside a sequential (`range`) loop when
    the window does not change with the loop, after an earlier call that
    writes the same tensor, or when the tensor is an `inout` parameter of
    the program. Scalars are `scalar`. An argument the call's `no_dep_args`
    names (a region's `no_dep` tensor) is `nodep`.

    Runs on the module because each call reads its callee's declared
    directions.
  }];
  let statistics = [
    Statistic<"numUpgraded", "upgraded", "Number of out arguments made inout">
  ];
}

def ConvertTensorToTile : Pass<"pypto-convert-tensor-to-tile",
                               "::mlir::func::FuncOp"> {
  let summary = "Turn tensor ops in kernels into tile loads, compute, stores";
  let description = [{
    Inside InCore functions, a tensor parameter consumed by compute is loaded
    into a tile (`pypto.load`), compute runs on tiles, and
    `pypto.assemble` into a parameter becomes `pypto.store`. Vector work
    runs in `vec` tiles. Matmul operands are loaded into `mat` and moved to
    `left`/`right`; the product lives in `acc` and is stored from there.

    A column vector (Mx1, stored column-major) is where ptoas 0.27 wants
    row-major tiles: as the source of a column reduction or a transpose and
    as the result of a broadcast op. There these become operations on the
    1xM row view (`pypto.reshape`, no copy): a transpose of a vector is the
    view, a column reduction the row reduction of the view, col_expand_<op>
    the row_expand_<op> of the view, row_expand_<op> of two columns the
    elementwise op.

    A `pypto.put` becomes loops over its chunks (`scf.for`, none in a
    dimension the staging tile covers): a load of the source's chunk into
    the staging tile and a store into the peer's window, both of the
    chunk's valid part when the sizes may not divide into chunks (a
    `pypto.get` likewise, with the load from the peer's copy); a
    `pypto.remote_store` a store with `peer`.

    A slice of a value the kernel computed is a copy of that block of its
    tile (`pypto.extract`). A batched `pypto.matmul` (operands of rank 3 or
    more) becomes one matmul per batch, of each operand's matrix of that
    batch (a broadcast operand's one matrix read once), the products placed
    one below the other in the result's tile (`pypto.insert_tile`). Loads
    are not reused across a `pypto.syncall`.
  }];
  let dependentDialects = ["::mlir::pypto::PyPTODialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numLoads", "loads", "Number of tile loads created">,
    Statistic<"numStores", "stores", "Number of tile stores created">
  ];
}

def LowerCompositeOps : Pass<"pypto-lower-composite-ops",
                             "::mlir::func::FuncOp"> {
  let summary = "Expand ops no instruction computes into ones that do";
  let description = [{
    Neither ptoas nor the vector unit has a sine or a cosine. `pypto.sin`
    and `pypto.cos` (tensors or tiles) become, in f32, pypto's recipe:

    1. `k = round(x / pi)` (`cos`: `rint(x / pi + 1/2)`) through an i32
       conversion;
    2. `t = x - k * pi` with pi split in four parts (Cody-Waite; `cos` adds
       pi/2 in two parts), so `t` is in [-pi/2, pi/2];
    3. `sign = floor(k / 2) * 4 - 2 * k + 1`, which is `(-1)^k`;
    4. `sign * t * P(t^2)`, `P` the degree-9 odd Horner polynomial of
       `sin(t) / t`.

    f16 and bf16 operands are widened to f32 first and the result rounded
    back once. The ops are `muls`, `adds`, `sub`, `mul`, `add` and `cast`
    with `round`, `rint`, `floor` and `none` modes, which every arch and
    ptoas 0.27 have.

    `pypto.scatter_mask` (ptoas 0.27 has no mask form of `tscatter`) becomes
    a `gather` of `concat(dest, source)` by an index row built with
    `arange`, `shrs`, `muls`, `sub`, `adds`, `mul` and `add`, broadcast over
    the rows with `col_expand`.

    `pypto.set_validshape` (no instruction: a tile's valid region is what
    its readers take) goes into its readers first: a `fillpad` keeps only
    the narrowed region (its extents become `arith.minsi` of both), an
    `assemble` or `store` writes only it (its `valid [...]`), and a unary
    op, scalar op or cast computes on the source and narrows its own
    result, which is then carried on. A narrowing to the whole value is
    dropped. Any other reader is an error at that reader.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numExpanded", "expanded", "Number of composite ops expanded">
  ];
}

def PeelFirstIteration : Pass<"pypto-peel-first-iteration",
                              "::mlir::func::FuncOp"> {
  let summary = "Peel a kernel loop's first iteration where the body "
                "branches on it";
  let description = [{
    pypto-lib starts a K loop's accumulator inside the loop:
    `if k == 0: acc = matmul(a, b) else: acc = matmul_acc(acc, a, b)`. The
    loop-carried accumulator must live in `acc` (L0C) from the start, which
    the value it enters the loop with (a `pypto.full`, say) cannot. Inside
    kernels, a loop with constant bounds and at least one iteration whose
    body has a top-level `scf.if` on `iv == lb` (or `iv != lb`, `lb == iv`)
    gets its first iteration peeled: that iteration runs before the loop
    with the branch's first-iteration side inlined, and the loop starts one
    step later with the other side inlined. The value the loop was entered
    with is erased when nothing else reads it.

    ```mlir
    // before
    %r = scf.for %k = %c0 to %c512 step %c128 iter_args(%s = %init) -> (T) {
      %a = ... %k ...
      %first = arith.cmpi eq, %k, %c0 : index
      %n = scf.if %first -> (T) {
        %m = pypto.matmul %a, %b : ...
        scf.yield %m : T
      } else {
        %m = pypto.matmul_acc %s, %a, %b : ...
        scf.yield %m : T
      }
      scf.yield %n : T
    }
    // after
    %a0 = ... %c0 ...
    %m0 = pypto.matmul %a0, %b0 : ...
    %r = scf.for %k = %c128 to %c512 step %c128 iter_args(%s = %m0) -> (T) {
      %a = ... %k ...
      %m = pypto.matmul_acc %s, %a, %b : ...
      scf.yield %m : T
    }
    ```

    Loops with run-time bounds are left alone (their first iteration may
    not run).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numPeeled", "peeled", "Number of loops whose first iteration "
              "was peeled">
  ];
}

def LegalizeElementTypes : Pass<"pypto-legalize-element-types",
                                "::mlir::func::FuncOp"> {
  let summary = "Rewrite vector work into element types the arch computes";
  let description = [{
    The vector unit computes only some element types per instruction and
    arch (ptoas 0.27's verifier holds the lists, and refuses the rest): A2/A3
    has no bf16 arithmetic at all; A5 has bf16 `add`, `adds`, `subs`,
    `muls`, `mins`, `neg` and the column reductions; neither has an integer
    `abs` nor a relu of integers narrower than 32 bits; `texpands` has no
    bf16. In kernels this pass rewrites such work into what the unit has,
    with the same results:

    - bf16 arithmetic (elementwise, scalar, unary, reductions, broadcast
      ops) and a `full` with a bf16 value known only at run time are
      computed in f32: bf16 tiles are widened (`pypto.cast`, exact), bf16
      scalars extended, scratch tiles created in f32, and the result is
      rounded back once, which gives the bf16 the operation itself would;
    - `abs` of an integer is `max(x, muls(x, -1))` (INT_MIN stays INT_MIN,
      as two's complement wraps);
    - `relu` of an i8 or i16 is `max(x, full(0))`, and `maxs`/`mins` of
      integers are `max`/`min` with a filled tile (ptoas 0.27 lowers
      `tmaxs` and `tmins` with float scalars only).

    ```mlir
    %s = pypto.add %a, %b : !pypto.tile<16x64xbf16>
    // on a2a3 becomes
    %wa = pypto.cast %a round rint : !pypto.tile<16x64xbf16> -> !pypto.tile<16x64xf32>
    %wb = pypto.cast %b round rint : !pypto.tile<16x64xbf16> -> !pypto.tile<16x64xf32>
    %ws = pypto.add %wa, %wb : !pypto.tile<16x64xf32>
    %s = pypto.cast %ws round rint : !pypto.tile<16x64xf32> -> !pypto.tile<16x64xbf16>
    ```

    The f32 tiles take memory: a kernel near its buffer's capacity in bf16
    may not fit after this pass (pypto-plan-memory says so).
  }];
  let options = [
    ArchOption
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten",
              "Number of ops rewritten into element types the arch computes">
  ];
}

def InferMemorySpace : Pass<"pypto-infer-memory-space",
                             "::mlir::func::FuncOp"> {
  let summary = "Give every tile its on-chip buffer and insert the moves "
                "between buffers";
  let description = [{
    Tiles without a memory space get one from the op that writes them:
    matmul products live in `acc` (L0C), vector results in `vec` (UB). A
    loaded tile lives where its readers need it: `mat` (L1) when only
    matmuls read it, `vec` otherwise; a window read by both a matmul and
    vector code is loaded twice (moving it from vec to mat would cross
    between the cores). Loop-carried tiles take their initial value's space.

    Then every operand is moved to the space its user needs: matmul operands
    go `mat -> left/right` (a product or a vector result is staged in `mat`
    first), vector operands to `vec` (a product moves `acc -> vec`, the
    boundary pypto-expand-mixed-kernel turns into a pipe). Moves sit right
    after the value's definition, so all its users share one.

    ```mlir
    // before
    %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
    %p = pypto.matmul %a, %a : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
    %e = pypto.exp %p : !pypto.tile<16x16xf32>
    // after
    %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %l = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %r = pypto.move %a : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %l, %r : ... -> !pypto.tile<16x16xf32, acc>
    %v = pypto.move %p : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
    ```

    Tiles that already have a space keep it (kernels written with tiles).
  }];
  let statistics = [
    Statistic<"numPlaced", "placed", "Number of tiles given a memory space">,
    Statistic<"numMoves", "moves", "Number of moves between buffers inserted">,
    Statistic<"numSplitLoads", "split-loads",
              "Number of windows loaded a second time for the cube unit">
  ];
}

def TileMatmul : Pass<"pypto-tile-matmul", "::mlir::func::FuncOp"> {
  let summary = "Split matmuls whose operands do not fit L0A/L0B along K";
  let description = [{
    A matmul whose `left` or `right` operand exceeds the L0A/L0B capacity of
    the target is rewritten into a K-loop: the first K slice is a
    `pypto.matmul` of slices extracted from the `mat` operands, the rest are
    `pypto.matmul_acc` steps of an `scf.for` carrying the accumulator. The
    slice width is the largest divisor of K (a multiple of 16) whose slices
    fit. A product that does not fit L0C is computed one output tile at a
    time (the widest, then tallest, tiles that fit L0C), each
    tile K-looped as needed and stored at its offset; this needs the product
    to go straight to global memory, and otherwise is an error that points
    at its user. A `pypto.matmul_acc` whose operands exceed L0A/L0B gets the
    same K-loop onto the accumulator it is given (every step a
    `matmul_acc`); its product is that accumulator, in L0C already.

    ```mlir
    %l = pypto.extract %matA[%c0, %k] : !pypto.tile<64x1024xf32, mat> -> !pypto.tile<64x128xf32, left>
    %r = pypto.extract %matB[%k, %c0] : !pypto.tile<1024x64xf32, mat> -> !pypto.tile<128x64xf32, right>
    %n = pypto.matmul_acc %acc, %l, %r : ...
    ```
  }];
  let options = [
    ArchOption
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numTiled", "tiled", "Number of matmuls split along K">
  ];
}

def ExpandMixedKernel : Pass<"pypto-expand-mixed-kernel", "ModuleOp"> {
  let summary = "Split kernels that mix cube and vector work into AIC and "
                "AIV parts joined by a pipe";
  let description = [{
    A kernel whose tiles live both in cube memory (`mat`, `left`, `right`,
    `acc`) and in `vec` runs as one task on an AIC and an AIV core. The
    kernel `@f` becomes three functions:

    * `@f_aic` (`pypto.kind = "aic"`): the cube work. A move from `acc` to
      `vec` becomes `pypto.tpush_to_aiv`; a move from `vec` into cube memory
      becomes `pypto.tpop_from_aiv`.
    * `@f_aiv` (`pypto.kind = "aiv"`): the vector work, with
      `pypto.tpop_from_aic` and `pypto.tpush_to_aic` at the same points.
    * `@f` (`pypto.kind = "group"`, `pypto.aic`/`pypto.aiv` naming the
      parts): the call target, so orchestration call sites do not change;
      it is submitted as one `MixedKernels` task.

    Scalar code and loops go to both parts; loop-carried tiles stay with
    their side. Each part starts with `pypto.aic_initialize_pipe` /
    `pypto.aiv_initialize_pipe` (direction mask, slot size = the largest
    tile crossing, the hardware's slots: 8, or 4 per direction when tiles
    cross both ways, as ptoas 0.27 has them, or 2 where those and two more
    tiles of the slot's size would not fit in a consumer's memory; a part
    that would keep more
    received tiles live at once is an error), and every popped tile is
    released with `pypto.tfree_to_*` right
    after its last use, in pop order. A vec tile that would stay popped while
    a nested loop pops again is copied out of its slot at once (a release
    frees the oldest slot), and so is one that stays popped while another
    tile of its type is popped (ptoas 0.27 would give both one C++ tile). On a2a3 the ring lives in GM: both
    parts take an extra f32 tensor parameter (`pypto.ring`) that the
    orchestration allocates per task; on a5 it lives in the consumer's
    on-chip buffer, which pypto-plan-memory reserves.

    ```mlir
    // before (inside @f)
    %acc = pypto.matmul %l, %r : ... -> !pypto.tile<16x16xf32, acc>
    %v = pypto.move %acc : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
    %y = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f32
    // after, in @f_aic
    pypto.tpush_to_aiv %acc : !pypto.tile<16x16xf32, acc>
    // after, in @f_aiv
    %v = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
    %y = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f32
    pypto.tfree_to_aic %v : !pypto.tile<16x16xf32, vec>
    ```
  }];
  let options = [
    ArchOption
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numSplit", "split", "Number of kernels split into AIC + AIV">,
    Statistic<"numSlotCopies", "slot-copies",
              "Number of popped tiles copied out of their slot because a "
              "nested loop pops again, or a tile of their type is popped, "
              "while they are live">
  ];
}

def PlanMemory : Pass<"pypto-plan-memory", "::mlir::func::FuncOp"> {
  let summary = "Assign on-chip addresses to every tile of a kernel";
  let description = [{
    Assigns every tile a 32-byte aligned offset in its memory space
    (`pypto.addr`) and records its live range (`pypto.live`). An op with
    several tile results (pypto.gather_compare) gets a buffer for each, and
    arrays with an address and a live range per result.

    A loop-carried tile is one buffer for its initial value, iteration
    value, yielded value and result. Where sharing it would overwrite a
    value that is still read (the old value read after the new one is
    computed, an initial value read after the loop starts), the pass first
    inserts a `pypto.move` copy; an `acc`, `mat`, `left` or `right` tile
    cannot be copied, and such a loop is an error.

    An `scf.if`'s tile result is one buffer with the values both branches
    yield. A yielded value that is not computed in its branch (it may still
    be read after the branch), a view, or one value yielded twice is copied
    in the branch first, likewise.

    Tiles that share storage (loop chains, branch results, reshape views, an elementwise
    result written over an operand that dies there) form one buffer, live
    from its first write to its last read. Each memory space is placed
    several ways (in program order and by decreasing size, each buffer at
    the lowest or the tightest free range) and the plan with the lowest peak
    is kept. A kernel whose tiles do not fit the target's capacity is an
    error that names the space, the bytes the plan needs, the bytes live at
    once and the capacity.
  }];
  let options = [
    ArchOption
  ];
  let statistics = [
    Statistic<"numTiles", "tiles", "Number of tiles placed">,
    Statistic<"numCarriedCopies", "carried-copies",
              "Copies inserted so that a loop-carried tile is one buffer">
  ];
}

def LowerToPTO : Pass<"pypto-lower-to-pto", "ModuleOp"> {
  let summary = "Lower InCore kernels to the pto dialect";
  let description = [{
    Rewrites each planned kernel into the form ptoas reads: tensor parameters
    become `!pto.ptr` with a `pto.make_tensor_view`, every tile becomes a
    `pto.alloc_tile` at its planned address, loads and stores go through
    `pto.partition_view`, and compute becomes `pto.t*` instructions. The
    kernel gets `pto.kernel_kind` (cube when it uses the cube unit) and the
    module `pto.target_arch`.

    Where ptoas 0.27 wants another form of the same computation: an
    elementwise op on column vectors (Mx1, col_major) works on the 1xM
    row-major rows they are in memory (`pto.treshape` views, no copy); a
    merge sort of several rows is an `scf.for` over its rows, each a 1xC tile
    at its address; `tsort32`'s indices are seen as `ui32`; a constant fill
    of `bf16` (and of `i8` on a2a3), which `texpands` lacks, writes the
    constant's bit pattern through an `i16` view; an integer negation is a
    `tmuls` by -1; a row-major per-row operand of a `trowexpand<op>` (a 1x1
    vector) is viewed with its whole 32-byte block valid; a cast's source
    and result have equal padded shapes (TileLayout pads a cast's group
    alike).

    Runs on the module because it sets the module's target attribute.
  }];
  let options = [
    ArchOption
  ];
  let dependentDialects = ["::mlir::pto::PTODialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numKernels", "kernels", "Number of kernels lowered">,
    Statistic<"numInstructions", "instructions",
              "Number of pto tile instructions in the lowered kernels">
  ];
}

#endif // PYPTO_TRANSFORMS_PASSES_TD
