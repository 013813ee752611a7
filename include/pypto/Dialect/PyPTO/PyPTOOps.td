//===- PyPTOOps.td - pypto operations ----------------------*- tablegen -*-===//
//
// Regions, data movement and compute on tensors and tiles. Compute ops accept
// tensors (before tensor-to-tile conversion) or tiles (after it) and verify
// shapes, element types and memory spaces at the user's location.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_DIALECT_PYPTO_PYPTOOPS_TD
#define PYPTO_DIALECT_PYPTO_PYPTOOPS_TD

include "pypto/Dialect/PyPTO/PyPTOTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

//===----------------------------------------------------------------------===//
// Regions and calls
//===----------------------------------------------------------------------===//

def PyPTO_AtOp : PyPTO_Op<"at", [SingleBlock, NoTerminator,
                                  RecursiveMemoryEffects,
                                  AttrSizedOperandSegments,
                                  AttrSizedResultSegments]> {
  let summary = "a region that runs as one InCore kernel";
  let description = [{
    The body runs on one core group as a single kernel. The outlining pass
    turns each region into an InCore function and the region into a
    `pypto.call` of it; `name` becomes the kernel's name.

    ```mlir
    pypto.at core_group "add_scalar" {
      %t = pypto.slice %x[%r, %c] [128, 256]
          : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
      ...
    }
    ```

    Dependency hints (pypto-lib's `deps=`, `as tid`, `no_dep_args=`,
    `allow_early_resolve=`): bound to a result, the region returns its
    task's id (`!pypto.task`); `deps(...)` names tasks it waits for besides
    those the runtime derives from its tensors (in a `pypto.scope manual`,
    the only ones); `no_dep(...)` names tensors of the region that take no
    part in dependency tracking; `{allow_early_resolve}` lets the runtime
    release the task's dependants early (the simulators run them as usual).

    ```mlir
    %q = pypto.at core_group "quant" deps(%pa) no_dep(%scale : !pypto.tensor<1x64xf32>) {
      ...
    }
    ```

    Values computed in the region and used after it (pypto-lib's values
    that outlive their `with pl.at` block) are its results: listed after
    the hints, `-> (T, ...)`, and yielded by a `pypto.yield` that ends the
    body. Each is a new tensor in global memory holding a copy of the
    yielded value (pypto-materialize-region-results makes it a
    `pypto.create_tensor` the kernel assembles into), so later regions read
    it like any tensor. A task id, when bound, comes first.

    ```mlir
    %gate = pypto.at core_group "gate_proj" -> (!pypto.tensor<16x256xf32>) {
      %g = pypto.matmul %x, %w : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
      pypto.yield %g : !pypto.tensor<16x256xf32>
    }
    ```
  }];
  let arguments = (ins PyPTO_AtLevelAttr:$level, OptionalAttr<StrAttr>:$name,
                       Variadic<PyPTO_TaskType>:$deps,
                       Variadic<PyPTO_TensorType>:$no_dep,
                       UnitAttr:$allow_early_resolve);
  let results = (outs Optional<PyPTO_TaskType>:$task,
                      Variadic<PyPTO_TensorType>:$values);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PyPTO_SpmdOp : PyPTO_Op<"spmd", [SingleBlock, NoTerminator,
                                      RecursiveMemoryEffects,
                                      AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<InferIntRangeInterface,
                              ["inferResultRangesFromOptional"]>]> {
  let summary = "a region that runs as one kernel on many blocks (SPMD)";
  let description = [{
    Like `pypto.at`, but the kernel runs as `blocks` instances of one task
    (a launch spec); the region's argument is the block index, from 0 to
    `blocks - 1`. The count is a constant or an `index` value computed when
    the program runs (`blocks(%n)`, e.g. tiles over a run-time token count),
    which must then be 1..2^31-1.

    ```mlir
    pypto.spmd core_group "add_rows" blocks(16) (%b) {
      %r = arith.muli %b, %c64 : index
      %t = pypto.slice %x[%r, %c0] [64, 512] : ...
      ...
    }
    ```

    It takes the dependency hints of `pypto.at` (a task id result,
    `deps(...)`, `no_dep(...)`, `{allow_early_resolve}`), after the block
    count: `%t = pypto.spmd core_group "k" blocks(4) deps(%a) (%b) {...}`.

    `sync_start` (after the hints) starts every block at once, never in
    waves (the launch spec's `require_sync_start`); a kernel with
    `pypto.syncall` needs it, and as many blocks as the chip has clusters:
    `pypto.spmd core_group "k" blocks(%n) sync_start (%b) {...}` with
    `%n = pypto.available_cluster_count`.
  }];
  let arguments = (ins PyPTO_AtLevelAttr:$level, OptionalAttr<StrAttr>:$name,
                       OptionalAttr<I64Attr>:$blocks,
                       Optional<Index>:$block_count,
                       Variadic<PyPTO_TaskType>:$deps,
                       Variadic<PyPTO_TensorType>:$no_dep,
                       UnitAttr:$allow_early_resolve, UnitAttr:$sync_start);
  let results = (outs Optional<PyPTO_TaskType>:$task);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getBlockIndex() { return getBody().getArgument(0); }
  }];
}

def PyPTO_SplitMode : I32EnumAttr<"SplitMode",
    "how the two AIV lanes of a cluster divide a cube tile", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"up_down", 1>,
    I32EnumAttrCase<"left_right", 2>]> {
  let cppNamespace = "::mlir::pypto";
}

def PyPTO_SplitAivOp : PyPTO_Op<"split_aiv", [SingleBlock, NoTerminator,
                                              RecursiveMemoryEffects]> {
  let summary = "vector work that both AIV lanes of a cluster run";
  let description = [{
    A cluster has one cube core (AIC) and two vector cores (the AIV lanes).
    The body runs on both lanes; its argument is the lane, 0 or 1. Cube
    work stays outside the region (the AIC runs it once); a kernel with
    regions has all its vector compute in them (loads and stores of vec
    tiles may stay outside, where both lanes run them).

    The mode says how `pypto.aiv_shard` divides a cube result between the
    lanes: `up_down` gives lane 0 the top half of the rows and lane 1 the
    bottom half, `left_right` the same on columns, and `none` gives each
    lane the whole value, the lanes telling their work apart by the lane
    index (pypto's `pl.split_aiv(2, mode=...)`).

    ```mlir
    %acc = pypto.matmul %a, %b : ... -> !pypto.tensor<64x128xf32>
    pypto.split_aiv up_down (%lane) {
      %half = pypto.aiv_shard %acc : !pypto.tensor<64x128xf32> -> !pypto.tensor<32x128xf32>
      %r = arith.muli %lane, %c32 : index
      pypto.assemble %half into %out[%r, %c0] : ...
    }
    ```
  }];
  let arguments = (ins PyPTO_SplitMode:$mode);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getLane() { return getBody().getArgument(0); }
  }];
}

def PyPTO_AivShardOp : PyPTO_Op<"aiv_shard", [Pure]> {
  let summary = "this AIV lane's share of a cube result";
  let description = [{
    Directly in the body of a `pypto.split_aiv` region, of a value computed
    before it by the cube (a matmul result): the lane's half of its rows
    (`up_down`), of its columns (`left_right`), or the whole value (`none`).
    The split extent must be even. The result type is written out, as it
    depends on the region's mode. The AIC sends the tile once; each lane
    receives its share.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_GetSubblockIdxOp : PyPTO_Op<"get_subblock_idx", [Pure]> {
  let summary = "the AIV lane this vector code runs on (0 or 1)";
  let description = [{
    In a kernel. 0 on a kernel that runs one AIV lane; inside a
    `pypto.split_aiv` region it equals the region's argument.
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PyPTO_SyncCoreType : I32EnumAttr<"SyncCoreType",
    "the cores a pypto.syncall waits for", [
    I32EnumAttrCase<"aiv_only", 0>, I32EnumAttrCase<"aic_only", 1>,
    I32EnumAttrCase<"mix", 2>]> {
  let cppNamespace = "::mlir::pypto";
}

def PyPTO_SyncAllOp : PyPTO_Op<"syncall",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a barrier of every block of an SPMD task (hard SYNCALL)";
  let description = [{
    pypto's `pl.system.syncall(core_type=..., mode="hard")`: every
    participant of the task waits until all have arrived. `mix` waits for
    every part of every block (the AIC and the AIV lanes), `aiv_only` for
    the AIV parts, `aic_only` for the AIC parts. What a block wrote to
    global memory before the barrier, every block reads after it.

    ```mlir
    pypto.spmd core_group "phases" blocks(%n) sync_start (%b) {
      ...                      // phase 1 writes its share
      pypto.syncall mix
      ...                      // phase 2 reads the others'
    }
    ```

    On the device it is a barrier of every physical core of the type, so
    the kernel runs in a `pypto.spmd ... sync_start` of one block per
    cluster (`pypto.available_cluster_count`; for `aiv_only` in a kernel of
    one AIV lane, one block per AIV core). The verifier checks where it is;
    the simulator checks the launch (a partial one would deadlock the
    device). Outside `pypto.split_aiv` regions. ptoas 0.27 has no
    `pto.syncall`: kernels with one use the built-in lowering.
  }];
  let arguments = (ins PyPTO_SyncCoreType:$core_type);
  let assemblyFormat = "$core_type attr-dict";
  let hasVerifier = 1;
}

def PyPTO_AvailableClusterCountOp : PyPTO_Op<"available_cluster_count",
    [Pure]> {
  let summary = "the clusters (AIC cores) of the chip the program runs on";
  let description = [{
    Orchestration only: 24 on a2a3, 36 on a5 (the runtime's
    `rt_available_cluster_count()`). The block count of a
    `pypto.spmd ... sync_start` that fills the chip.

    ```mlir
    %n = pypto.available_cluster_count : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PyPTO_AvailableAivCountOp : PyPTO_Op<"available_aiv_count", [Pure]> {
  let summary = "the standalone AIV cores of the chip the program runs on";
  let description = [{
    Orchestration only: 48 on a2a3, 72 on a5, twice the clusters (the
    runtime's `rt_available_aiv_count()`, pypto's
    `pl.system.available_aiv_count()`). The block count of a vector
    kernel's `pypto.spmd ... sync_start` whose `pypto.syncall aiv_only`
    waits for every AIV core, one block per core.

    ```mlir
    %n = pypto.available_aiv_count : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def PyPTO_CallOp : PyPTO_Op<"call", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "submit an InCore kernel as one task";
  let description = [{
    Calls a kernel from the orchestration function. Operand types follow the
    caller's view of the arguments (tensors and scalars); the kernel may have
    been lowered to pointer arguments since, so they are checked against the
    callee only in number. `arg_directions`, set by
    pypto-derive-call-directions, gives each operand's direction at this call
    site (`in`, `out`, `inout`, `nodep` or `scalar`); the runtime derives
    task dependencies from it. `no_dep_args` lists the arguments the
    region's `no_dep(...)` named (their direction becomes `nodep`).

    An SPMD kernel's call has its block count: the `blocks` attribute, or
    a run-time `blocks(%n)` operand. `deps(...)` and a `!pypto.task` result
    are the region's dependency hints; `{sync_start}` the region's (a
    kernel with `pypto.syncall` needs it).

    ```mlir
    pypto.call @add_scalar(%xv, %yv, %a)
        : (!pypto.tensor<128x256xf32>, !pypto.tensor<128x256xf32>, f32) -> ()
    %t = pypto.call @quant(%o) deps(%pa)
        : (!pypto.tensor<16x64xf32>) -> !pypto.task
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                       Optional<Index>:$block_count,
                       Variadic<PyPTO_TaskType>:$deps,
                       OptionalAttr<StrArrayAttr>:$arg_directions,
                       OptionalAttr<I64Attr>:$blocks,
                       OptionalAttr<DenseI64ArrayAttr>:$no_dep_args,
                       UnitAttr:$allow_early_resolve, UnitAttr:$sync_start);
  let results = (outs Optional<PyPTO_TaskType>:$task);
  let assemblyFormat = [{
    $callee `(` $args `)` (`blocks` `(` $block_count^ `)`)?
    (`deps` `(` $deps^ `)`)? attr-dict `:` functional-type($args, results)
  }];
  let hasVerifier = 1;
}

def PyPTO_TaskDummyOp : PyPTO_Op<"task_dummy"> {
  let summary = "a task without a kernel, done when its dependencies are";
  let description = [{
    Submits a task that runs nothing and completes as soon as the tasks in
    `deps(...)` have (pypto-lib's `pl.system.task_dummy`), and returns its
    id: one id that stands for several tasks, or a placeholder dependency.
    Orchestration only.

    ```mlir
    %ready = pypto.task_dummy deps(%a, %b)
    ```
  }];
  let arguments = (ins Variadic<PyPTO_TaskType>:$deps);
  let results = (outs PyPTO_TaskType:$task);
  let assemblyFormat = "(`deps` `(` $deps^ `)`)? attr-dict";
  let hasVerifier = 1;
}

def PyPTO_NoTaskOp : PyPTO_Op<"no_task", [Pure]> {
  let summary = "the id of no task";
  let description = [{
    A `!pypto.task` that names no task (`PTO2TaskId::invalid()`): a
    dependency on it is none. The start value of a task id carried through
    a loop.

    ```mlir
    %none = pypto.no_task
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pypto.task) {
      %t = pypto.at core_group "step" deps(%prev) { ... }
      scf.yield %t : !pypto.task
    }
    ```
  }];
  let results = (outs PyPTO_TaskType:$task);
  let assemblyFormat = "attr-dict";
}

def PyPTO_ArrayCreateOp : PyPTO_Op<"array_create",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "a new array of integers or task ids";
  let description = [{
    pypto-lib's `pl.array.create(N, dtype)`: an array of `N` elements,
    integers starting at 0 and task ids at no task (`pypto.no_task`). The
    orchestration keeps per-iteration task ids in one and names them in a
    later task's `deps(...)`, or counts with integers. A kernel may create
    arrays of integers for its own use (a stack array of the core).

    ```mlir
    %tids = pypto.array_create : !pypto.array<4, !pypto.task>
    scf.for %g = %c0 to %c4 step %c1 {
      %t = pypto.at core_group "group" { ... }
      pypto.array_set %t into %tids[%g] : !pypto.array<4, !pypto.task>
    }
    %t0 = pypto.array_get %tids[%c0] : !pypto.array<4, !pypto.task>
    ```
  }];
  let results = (outs PyPTO_ArrayType:$array);
  let assemblyFormat = "attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def PyPTO_ArrayGetOp : PyPTO_Op<"array_get", [MemoryEffects<[MemRead]>,
    TypesMatchWith<"the result is the array's element type", "array",
                   "result",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "one element of an array (pypto-lib's `get_element`)";
  let description = [{
    `%v = pypto.array_get %a[%i] : !pypto.array<N, T>` is element `%i`
    (0..N-1) of `%a`; an index outside the array stops the run at the op.
  }];
  let arguments = (ins PyPTO_ArrayType:$array, Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $array `[` $index `]` attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
}

def PyPTO_ArraySetOp : PyPTO_Op<"array_set", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"the value is the array's element type", "array",
                   "value",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "update one element of an array (pypto-lib's "
                "`update_element`)";
  let description = [{
    `pypto.array_set %v into %a[%i] : !pypto.array<N, T>` makes `%v`
    element `%i` (0..N-1) of `%a`, in place; an index outside the array
    stops the run at the op.
  }];
  let arguments = (ins AnyType:$value, PyPTO_ArrayType:$array, Index:$index);
  let assemblyFormat = [{
    $value `into` $array `[` $index `]` attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
}

def PyPTO_ScopeOp : PyPTO_Op<"scope", [
    SingleBlockImplicitTerminator<"ScopeYieldOp">, RecursiveMemoryEffects]> {
  let summary = "a runtime scope; `manual`: its tasks wait only for their deps";
  let description = [{
    A runtime scope (`PTO2_SCOPE`) around the tasks submitted in the body
    (pypto-lib's `pl.scope()`): the tensors created in it live until it
    ends. With `manual` (`pl.manual_scope()`, `PTO2ScopeMode::MANUAL`) the
    tasks submitted in it depend only on the tasks their `deps(...)` name:
    the runtime derives nothing from their tensors. The author states every
    edge; a missing one is a race. Values (task ids, scalars) leave the
    scope through `pypto.scope_yield`. Orchestration only.

    ```mlir
    %pb = pypto.scope manual -> !pypto.task {
      %pa = pypto.at core_group "proj_a" { ... }
      %q = pypto.at core_group "quant" deps(%pa) { ... }
      pypto.scope_yield %q : !pypto.task
    }
    ```
  }];
  let arguments = (ins UnitAttr:$manual);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "(`manual` $manual^)? (`->` type($results)^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def PyPTO_YieldOp : PyPTO_Op<"yield", [Pure, Terminator,
    HasParent<"AtOp">]> {
  let summary = "the values a pypto.at region returns";
  let description = [{
    Ends a `pypto.at` region with results: each operand (a tensor computed
    in the region, or a window of one of its tensors) is copied into the
    region's result of the same type.
  }];
  let arguments = (ins Variadic<PyPTO_TensorType>:$values);
  let assemblyFormat = "$values `:` type($values) attr-dict";
}

def PyPTO_ScopeYieldOp : PyPTO_Op<"scope_yield", [Pure, Terminator,
    HasParent<"ScopeOp">]> {
  let summary = "the values a pypto.scope returns";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ (void)$_state; }]>];
}

//===----------------------------------------------------------------------===//
// Tensor views
//===----------------------------------------------------------------------===//

def PyPTO_SliceOp : PyPTO_Op<"slice", [Pure, AttrSizedOperandSegments]> {
  let summary = "a static-size view of a tensor at dynamic offsets";
  let description = [{
    `%v = pypto.slice %t[%i, %j] [R, C]` is the R×C window of `%t` whose
    top-left element is `(%i, %j)`. It is a view: no data moves.

    With `valid [%r, %c]` only the top-left `%r`×`%c` part of the window is
    read from `%t` (a tail tile: the window may run past the tensor's end);
    the rest of the window reads as zero. The valid extents may be run-time
    values, e.g. `min(16, tokens - t0)`. Such a slice is read-only: it is
    consumed inside a kernel (`pypto.at`, `pypto.spmd`), and an `assemble`
    with its own `valid` writes a tail back.

    ```mlir
    %rows = arith.minsi %c16, %left : index
    %x = pypto.slice %hidden[%t0, %c0] [16, 256] valid [%rows, %c256]
        : !pypto.tensor<?x256xf32>
    ```

    The result type (the sizes, the source's element type) is not written;
    `-> !pypto.tensor<16x256xf32>` after the source's type is accepted.
  }];
  let arguments = (ins PyPTO_TensorType:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, Variadic<Index>:$valid);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` $sizes (`valid` ` ` `[` $valid^ `]`)? attr-dict `:` qualified(type($source))
    `` custom<SliceResult>(ref(type($source)), ref($sizes), type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_CreateTensorOp : PyPTO_Op<"create_tensor",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "a new tensor in global memory, for results passed between "
                "kernels";
  let description = [{
    `%t = pypto.create_tensor : !pypto.tensor<16x512xbf16>` allocates a GM
    tensor in the orchestration (its contents are undefined until a kernel
    writes it); kernels write it with `pypto.assemble` and later kernels
    read it, and the runtime orders them by their accesses. It lives until
    the end of the orchestration.

    ```mlir
    %normed = pypto.create_tensor : !pypto.tensor<16x8192xbf16>
    pypto.at core_group "rms_norm" { ... pypto.assemble %n into %normed[...] ... }
    pypto.at core_group "q_proj" { %h = pypto.slice %normed[...] ... }
    ```

    A dimension written `?` takes its size from an operand, one per `?` in
    order, computed when the program runs (checked then to lie in
    0..2^32-1). With `init`, every element starts as that value (converted
    to the element type; integers must be integral and in range), as
    pypto's `create_tensor(..., init_value=)`.

    ```mlir
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x4096xbf16>
    %acc = pypto.create_tensor(%tokens) init 0.0 : !pypto.tensor<?x4096xf32>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes,
                       OptionalAttr<F64Attr>:$init);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    (`(` $dynamic_sizes^ `)`)? (`init` $init^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_DimOp : PyPTO_Op<"dim", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface,
                              ["inferResultRangesFromOptional"]>]> {
  let summary = "a dimension of a tensor, known when the program runs";
  let description = [{
    `%n = pypto.dim %t, 0 : !pypto.tensor<?x4096xf32>` is the size of
    dimension 0 of `%t`: for a dimension written `?`, the one the run binds
    (the argument's `pypto.shape`, or `pypto-run --shape t=16x4096`); a
    static dimension folds to its constant. Loops, slice offsets, reads and
    valid shapes use it; one compiled build serves every shape.

    ```mlir
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x4096xf32>
    scf.for %t = %c0 to %tokens step %c16 { ... }
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$source, I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $source `,` $dim attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def PyPTO_ReadOp : PyPTO_Op<"read", [MemoryEffects<[MemRead]>]> {
  let summary = "one element of a tensor or tile, as a scalar";
  let description = [{
    `%n = pypto.read %t[%i, ...]` reads one element. It turns data into
    control: loop bounds, offsets, valid shapes and conditions that depend
    on an input (a sequence length, a token id, say).

    In the orchestration it reads a GM tensor after every task that writes
    the tensor has finished. Inside a kernel it reads a kernel parameter (or
    a slice of one) in GM, or an element of a tensor the kernel computed
    (a vec tile after the tile conversion); the runtime orders the task
    after the tasks that write what it reads.

    ```mlir
    %ctx = pypto.read %seq_lens[%b] : !pypto.tensor<16xi32> -> i32
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` qualified(type($source)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def PyPTO_WriteOp : PyPTO_Op<"write", [MemoryEffects<[MemWrite]>]> {
  let summary = "write one element of a GM tensor";
  let description = [{
    `pypto.write %v into %t[%i, ...]` stores the scalar `%v` at `(%i, ...)`
    of a GM tensor, in place. In the orchestration it waits for every task
    that reads or writes the tensor; inside a kernel the tensor must be a
    kernel parameter (or a slice of one), and the task's later readers wait
    for it. Tensors a kernel computes are values: build them with tile ops.

    ```mlir
    pypto.write %n into %lens[%b] : i32 into !pypto.tensor<16xi32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$value,
                       PyPTO_TensorType:$dest, Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `into` $dest `[` $indices `]` attr-dict `:` type($value) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_AssembleOp : PyPTO_Op<"assemble", [AttrSizedOperandSegments]> {
  let summary = "write a tensor or tile into a tensor at offsets";
  let description = [{
    `pypto.assemble %v into %t[%i, %j]` copies `%v` into the window of `%t`
    starting at `(%i, %j)`. Tensors have reference semantics, so `%t` is
    updated in place.

    With `valid [%r, %c]` only the top-left `%r`×`%c` part of `%v` is
    written (a tail tile's valid rows; the rest of `%v` may lie past the
    tensor's end). The extents may be run-time values. Inside kernels only.

    ```mlir
    pypto.assemble %y into %out[%t0, %c0] valid [%rows, %c256]
        : !pypto.tensor<16x256xf32> into !pypto.tensor<?x256xf32>
    ```

    With `atomic_add` (pypto's `atomic=pl.AtomicType.Add`) the value is
    added to the window, element by element and atomically, so that several
    tasks, or the blocks of one SPMD task, accumulate into one output (a
    split-K matmul): the window is read and written (`inout`), and the
    program zeroes it first. In kernels only; f32, f16, bf16, i32, i16 or i8,
    each addition rounded to the element type, in an order the runtime
    decides.

    ```mlir
    pypto.assemble %partial into %q[%c0, %n0] atomic_add
        : !pypto.tensor<16x256xf32> into !pypto.tensor<16x1024xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$value, PyPTO_TensorType:$dest,
                       Variadic<Index>:$offsets, Variadic<Index>:$valid,
                       UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $value `into` $dest `[` $offsets `]` (`valid` ` ` `[` $valid^ `]`)? (`atomic_add` $atomic_add^)? attr-dict `:` qualified(type($value)) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Several chips: ranks, windows and signals
//===----------------------------------------------------------------------===//

def PyPTO_RanksOp : PyPTO_Op<"ranks", [SingleBlock, NoTerminator,
    DeclareOpInterfaceMethods<InferIntRangeInterface,
                              ["inferResultRangesFromOptional"]>]> {
  let summary = "the orchestration of every chip of a multi-card program";
  let description = [{
    The body is the orchestration each of `world` chips (ranks) runs, with
    the region's argument as its rank, from 0 to `world - 1`. The program's
    tensors are shared (each rank takes its part) and every rank has its
    own copy of each window (`pypto.alloc_window`). Every rank runs the
    whole function, so every kernel (`pypto.at`, `pypto.spmd`) belongs in
    the region: one outside it would run once per rank on the shared
    tensors, and is an error. A program has at most one `pypto.ranks`,
    directly in its entry function's body; `pypto-run` runs it with one
    simulated chip per rank (`-d 0,1` or no `-d`). Inside the region,
    `remote_load`, `notify`, `wait` and peer loads take window buffers
    (or slices of them) only, and a constant peer must be a rank.

    ```mlir
    %data = pypto.alloc_window : !pypto.tensor<1x256xf32>
    pypto.ranks world(2) (%rank) {
      pypto.at core_group "reduce_step" { ... }
    }
    ```
  }];
  let arguments = (ins I64Attr:$world);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getRank() { return getBody().getArgument(0); }
  }];
}

def PyPTO_AllocWindowOp : PyPTO_Op<"alloc_window",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "a buffer in every rank's communication window";
  let description = [{
    Every rank has its own copy, zero-initialised once before the run and
    at the same offset of its window, so a kernel can read a peer's copy
    (`pypto.remote_load`) and signal it (`pypto.notify`). Inside
    `pypto.ranks` the value is the running rank's copy, a tensor like any
    other. It belongs directly in the function's body, next to the
    `pypto.ranks` region, not in a loop or branch.

    ```mlir
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    ```
  }];
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def PyPTO_RemoteLoadOp : PyPTO_Op<"remote_load", [MemoryEffects<[MemRead]>]> {
  let summary = "a window of a peer's copy of a communication window";
  let description = [{
    `%t = pypto.remote_load %data[%i, %j] [R, C] peer %p` reads the R×C
    window at `(%i, %j)` of rank `%p`'s copy of `%data` (a
    `pypto.alloc_window` buffer, or a slice of one). Inside a kernel. A
    window of an N-D buffer takes one offset and size per dimension.

    ```mlir
    %recv = pypto.remote_load %data[%c0, %c0] [1, 256] peer %peer
        : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, Index:$peer);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` $sizes `peer` $peer attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_RemoteStoreOp : PyPTO_Op<"remote_store",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "write a value into a window of a peer's copy of a window";
  let description = [{
    `pypto.remote_store %v into %data[%i, %j] peer %p` writes `%v` into the
    window at `(%i, %j)` of rank `%p`'s copy of `%data` (a
    `pypto.alloc_window` buffer, or a slice of one): the push that mirrors
    `pypto.remote_load`, pypto's `pld.tensor.remote_store`. Inside a kernel;
    a rank may also write its own copy this way. With `atomic_add` the
    value is added to the peer's window atomically (f32, f16, bf16, i32,
    i16, i8), so several ranks can combine into one. As with every store
    into a window, the data is visible to a peer before a later
    `pypto.notify` of this kernel releases it.

    ```mlir
    pypto.remote_store %row into %recv[%my_rank, %c0] peer %dst
        : !pypto.tensor<1x256xf32> into !pypto.tensor<2x256xf32>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$value, PyPTO_TensorType:$dest,
                       Variadic<Index>:$offsets, Index:$peer,
                       UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $value `into` $dest `[` $offsets `]` `peer` $peer (`atomic_add` $atomic_add^)? attr-dict `:` qualified(type($value)) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_PutOp : PyPTO_Op<"put", [AttrSizedOperandSegments]> {
  let summary = "copy a window of a tensor into a peer's copy of a window";
  let description = [{
    `pypto.put %src[%a, %b] into %data[%i, %j] [%rows, C] peer %p` copies
    the `%rows`×`C` window of `%src` at `(%a, %b)` (a kernel parameter in
    this chip's global memory) into the window at `(%i, %j)` of rank `%p`'s
    copy of `%data` (a `pypto.alloc_window` buffer, or a slice of one):
    pypto's `pld.tensor.put`. Inside a kernel. The sizes may be run-time
    values (0 copies nothing); both tensors are 2-D.

    The data moves through a staging tile of `chunk [R, C]` elements (the
    copy goes chunk by chunk, the last ones partial), pypto's `chunk_rows`
    and `chunk_cols`. Without `chunk` the staging tile is the whole window,
    which then needs static sizes. With `atomic_add` the data is added to
    the peer's window atomically. As with every store into a window, the
    data is visible to a peer before a later `pypto.notify` releases it.

    ```mlir
    pypto.put %kv[%c0, %c0] into %gather[%row, %c0] [%local_t, 512] peer %p chunk [8, 512]
        : !pypto.tensor<?x512xbf16> into !pypto.tensor<64x512xbf16>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$source,
                       Variadic<Index>:$source_offsets,
                       PyPTO_TensorType:$dest, Variadic<Index>:$dest_offsets,
                       Variadic<Index>:$sizes,
                       DenseI64ArrayAttr:$static_sizes, Index:$peer,
                       OptionalAttr<DenseI64ArrayAttr>:$chunk,
                       UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $source `[` $source_offsets `]` `into` $dest `[` $dest_offsets `]` custom<DynamicIndexList>($sizes, $static_sizes) `peer` $peer (`chunk` $chunk^)? (`atomic_add` $atomic_add^)? attr-dict `:` qualified(type($source)) `into` qualified(type($dest))
  }];
  let extraClassDeclaration = [{
    /// The staging tile's shape: `chunk`, or the static sizes.
    ::llvm::SmallVector<int64_t> getStagingShape();
  }];
  let hasVerifier = 1;
}

def PyPTO_GetOp : PyPTO_Op<"get", [AttrSizedOperandSegments]> {
  let summary = "copy a window of a peer's copy of a window into a tensor";
  let description = [{
    `pypto.get %data[%i, %j] peer %p into %dst[%a, %b] [%rows, C]` copies
    the `%rows`×`C` window at `(%i, %j)` of rank `%p`'s copy of `%data` (a
    `pypto.alloc_window` buffer, or a slice of one) into the window at
    `(%a, %b)` of `%dst`, a tensor in this chip's memory: pypto's
    `pld.tensor.get`, the pull that mirrors `pypto.put`. Inside a kernel;
    both tensors are 2-D; the sizes may be run-time values; the data moves
    through a staging tile of `chunk [R, C]` (without `chunk`, the whole
    window, which then needs static sizes). Read a peer's data after the
    peer has signalled that it is there (`pypto.wait`).

    ```mlir
    pypto.get %gather[%row, %c0] peer %p into %out[%c0, %c0] [%n, 512] chunk [8, 512]
        : !pypto.tensor<64x512xbf16> into !pypto.tensor<?x512xbf16>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$source,
                       Variadic<Index>:$source_offsets, Index:$peer,
                       PyPTO_TensorType:$dest, Variadic<Index>:$dest_offsets,
                       Variadic<Index>:$sizes,
                       DenseI64ArrayAttr:$static_sizes,
                       OptionalAttr<DenseI64ArrayAttr>:$chunk);
  let assemblyFormat = [{
    $source `[` $source_offsets `]` `peer` $peer `into` $dest `[` $dest_offsets `]` custom<DynamicIndexList>($sizes, $static_sizes) (`chunk` $chunk^)? attr-dict `:` qualified(type($source)) `into` qualified(type($dest))
  }];
  let extraClassDeclaration = [{
    /// The staging tile's shape: `chunk`, or the static sizes.
    ::llvm::SmallVector<int64_t> getStagingShape();
  }];
  let hasVerifier = 1;
}

def PyPTO_NotifyKind : I32EnumAttr<"NotifyKind", "what a notify does", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"set", 1>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}
def PyPTO_NotifyKindAttr : EnumAttr<PyPTO_Dialect, PyPTO_NotifyKind, "notify_kind">;

def PyPTO_WaitCmp : I32EnumAttr<"WaitCmp", "the condition a wait waits for", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"gt", 2>, I32EnumAttrCase<"ge", 3>,
    I32EnumAttrCase<"lt", 4>, I32EnumAttrCase<"le", 5>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}
def PyPTO_WaitCmpAttr : EnumAttr<PyPTO_Dialect, PyPTO_WaitCmp, "wait_cmp">;

def PyPTO_NotifyOp : PyPTO_Op<"notify"> {
  let summary = "signal a peer: add to or set an i32 in its window";
  let description = [{
    `pypto.notify %signal[%i, %j] peer %p add %v` atomically adds `%v` to
    the element `(%i, %j)` of rank `%p`'s copy of the window `%signal`
    (`set` stores it instead). Inside a kernel. What the program stored
    into windows before it is visible to a peer that waits for it: the
    kernel runs after the kernels that wrote a window, and every store into
    a window is followed by a cache invalidate and a GM fence.

    ```mlir
    pypto.notify %signal[%my_rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$signal, Variadic<Index>:$indices,
                       Index:$peer, PyPTO_NotifyKindAttr:$kind, I32:$value);
  let assemblyFormat = [{
    $signal `[` $indices `]` `peer` $peer `` $kind $value attr-dict `:` qualified(type($signal))
  }];
  let hasVerifier = 1;
}

def PyPTO_WaitOp : PyPTO_Op<"wait"> {
  let summary = "wait until an i32 of this rank's window meets a condition";
  let description = [{
    `pypto.wait %signal[%i, %j] ge %v` blocks the kernel until the element
    `(%i, %j)` of this rank's copy of `%signal` is `>= %v` (also `eq`,
    `ne`, `gt`, `lt`, `le`). Inside a kernel.

    ```mlir
    pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$signal, Variadic<Index>:$indices,
                       PyPTO_WaitCmpAttr:$cmp, I32:$expected);
  let assemblyFormat = [{
    $signal `[` $indices `]` `` $cmp $expected attr-dict `:` qualified(type($signal))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile data movement
//===----------------------------------------------------------------------===//

def PyPTO_LoadOp : PyPTO_Op<"load", [AttrSizedOperandSegments]> {
  let summary = "load a window of a tensor into a tile";
  let description = [{
    With `transpose`, the tile holds the transposed window: a tile of KxN
    loads the NxK window at the offsets (read column by column, as the DN
    layout does). Tensor-to-tile conversion uses it for transposed matmul
    operands.

    With `valid [%r, %c]` only the top-left `%r`×`%c` part of the window is
    read (a tail tile); the rest of the tile is undefined: it keeps what the
    buffer held, and the reference interpreter poisons it. The extents are
    the window's (rows and columns of the tensor), also when transposed: a
    transposed tail tile's valid shape is `%c`×`%r`.

    From a tensor of rank other than 2, `window [A, B, R, C]` gives the
    window's shape; the tile holds its 2-D form, `A*B*R`x`C` (transposed:
    `C`x`R`, with `A` and `B` 1). A valid shape needs the leading window
    dimensions to be 1.

    ```mlir
    %t = pypto.load %x[%i, %j, %c0, %c0] window [1, 2, 16, 64]
        : !pypto.tensor<4x3x16x64xf32> -> !pypto.tile<32x64xf32>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$source, Variadic<Index>:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$window,
                       Optional<Index>:$peer, Variadic<Index>:$valid,
                       UnitAttr:$transpose);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` (`window` $window^)? (`peer` $peer^)? (`valid` ` ` `[` $valid^ `]`)? attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = [{
    /// The shape of the window in the source tensor: `window`, or the
    /// tile's shape (reversed when transposed).
    ::llvm::SmallVector<int64_t> getWindowShape();
  }];
  let hasVerifier = 1;
}

def PyPTO_StoreOp : PyPTO_Op<"store", [AttrSizedOperandSegments]> {
  let summary = "store a tile into a window of a tensor";
  let description = [{
    With `valid [%r, %c]` only the top-left `%r`×`%c` part of the tile is
    stored (a tail tile).

    Into a tensor of rank other than 2, `window [A, B, R, C]` gives the
    window's shape; the tile is its 2-D form, `A*B*R`x`C`.

    With `atomic_add` the tile is added to the window atomically (an
    `atomic_add` assemble).

    With `peer %p` the tile goes into rank `%p`'s copy of the window
    buffer `dest` (`pypto.remote_store`, `pypto.put`).
  }];
  let arguments = (ins PyPTO_TileType:$value, PyPTO_TensorType:$dest,
                       Variadic<Index>:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$window,
                       Optional<Index>:$peer, Variadic<Index>:$valid,
                       UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $value `,` $dest `[` $offsets `]` (`window` $window^)? (`peer` $peer^)? (`valid` ` ` `[` $valid^ `]`)? (`atomic_add` $atomic_add^)? attr-dict `:` qualified(type($value)) `,` qualified(type($dest))
  }];
  let extraClassDeclaration = [{
    /// The shape of the window in the destination: `window`, or the
    /// tile's shape.
    ::llvm::SmallVector<int64_t> getWindowShape();
  }];
  let hasVerifier = 1;
}

def PyPTO_ExtractOp : PyPTO_Op<"extract", [Pure]> {
  let summary = "copy a window of a tile into a tile of another space";
  let description = [{
    `%w = pypto.extract %t[%r, %c]` copies the window of `%t` whose top-left
    element is `(%r, %c)` and whose shape is the result's, for example a K
    slice of a `mat` tile into `left` for one step of a K-loop.

    ```mlir
    %l = pypto.extract %a[%c0, %k] : !pypto.tile<64x512xf32, mat> -> !pypto.tile<64x128xf32, left>
    ```
  }];
  let arguments = (ins PyPTO_TileType:$source, Index:$row, Index:$col);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    $source `[` $row `,` $col `]` attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_MoveOp : PyPTO_Op<"move", [Pure]> {
  let summary = "copy a tile into another memory space";
  let description = [{
    Moves a tile between on-chip buffers, for example from `mat` (L1) to
    `left` (L0A) before a matmul. Shapes must match.
  }];
  let arguments = (ins PyPTO_TileType:$source);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Vector compute
//
// Every vector op works on tensors (before tile conversion) or on `vec` tiles
// (after it), carries `PyPTO_VectorCompute`, and lowers one to one to a pto
// tile instruction.
//===----------------------------------------------------------------------===//

def PyPTO_VectorCompute : NativeOpTrait<"VectorCompute"> {
  let cppNamespace = "::mlir::OpTrait::pypto";
}
def PyPTO_Elementwise : NativeOpTrait<"Elementwise"> {
  let cppNamespace = "::mlir::OpTrait::pypto";
}
def PyPTO_NeedsScratch : NativeOpTrait<"NeedsScratch"> {
  let cppNamespace = "::mlir::OpTrait::pypto";
}
def PyPTO_Broadcasting : NativeOpTrait<"Broadcasting"> {
  let cppNamespace = "::mlir::OpTrait::pypto";
}

class PyPTO_VectorOp<string mnemonic, list<Trait> traits = []>
    : PyPTO_Op<mnemonic, !listconcat([Pure, PyPTO_VectorCompute], traits)>;

class PyPTO_BinaryOp<string mnemonic, string what>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise " # what;
  let description = "Elementwise " # what # " of two tensors or two tiles "
                    # "of the same type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
}

def PyPTO_AddOp : PyPTO_BinaryOp<"add", "addition">;
def PyPTO_SubOp : PyPTO_BinaryOp<"sub", "subtraction">;
def PyPTO_MulOp : PyPTO_BinaryOp<"mul", "multiplication">;
def PyPTO_DivOp : PyPTO_BinaryOp<"div", "division">;
def PyPTO_MaxOp : PyPTO_BinaryOp<"max", "maximum">;
def PyPTO_MinOp : PyPTO_BinaryOp<"min", "minimum">;

// The element kinds an op takes: 0 any, 1 floats, 2 integers.
class PyPTO_ElementKind<int kind> {
  string text = !if(!eq(kind, 1), " of floats",
                    !if(!eq(kind, 2), " of integers", ""));
}

class PyPTO_BinaryScratchOp<string mnemonic, string what, int kind,
                            bit scratch>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise " # what;
  let description = "Elementwise " # what # " of two tensors or two tiles "
                    # "of the same type" # PyPTO_ElementKind<kind>.text # "."
                    # !if(scratch, " On tiles an optional scratch tile of the "
                      # "result's type (`tmp`) is the buffer the hardware "
                      # "instruction needs; tile conversion creates it.", "");
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`tmp` $tmp^)? attr-dict `:` qualified(type($result))
    (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyElementwiseExtra(*this, getLhs(), }]
      # !cast<string>(kind) # ", " # !cast<string>(scratch) # [{, getTmp());
    }
  }];
}

def PyPTO_RemOp : PyPTO_BinaryScratchOp<"rem",
    "remainder with the divisor's sign (Python's %: `x - floor(x / y) * y`)",
    0, 1>;
def PyPTO_FmodOp : PyPTO_BinaryScratchOp<"fmod",
    "remainder with the dividend's sign (C's fmod: `x - trunc(x / y) * y`)",
    0, 0>;
def PyPTO_AndOp : PyPTO_BinaryScratchOp<"and", "bitwise and", 2, 0>;
def PyPTO_OrOp : PyPTO_BinaryScratchOp<"or", "bitwise or", 2, 0>;
def PyPTO_XorOp : PyPTO_BinaryScratchOp<"xor", "bitwise exclusive or", 2, 1>;
def PyPTO_ShlOp : PyPTO_BinaryScratchOp<"shl",
    "left shift by the right operand (0 to the bit width - 1)", 2, 0>;
def PyPTO_ShrOp : PyPTO_BinaryScratchOp<"shr",
    "right shift by the right operand (0 to the bit width - 1; arithmetic, "
    "the sign is kept)", 2, 0>;
def PyPTO_PreluOp : PyPTO_BinaryScratchOp<"prelu",
    "parametric relu, `x > 0 ? x : x * slope` with a slope per element", 1, 1>;

class PyPTO_TernaryOp<string mnemonic, string what>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["a", "b", "c", "result"]>]> {
  let summary = "elementwise " # what;
  let description = "Elementwise `" # what # "` of three tensors or three "
                    # "tiles of the same type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$a, PyPTO_AnyTensorOrTile:$b,
                       PyPTO_AnyTensorOrTile:$c);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` qualified(type($result))";
}

def PyPTO_AddcOp : PyPTO_TernaryOp<"addc", "a + b + c">;
def PyPTO_SubcOp : PyPTO_TernaryOp<"subc", "a - b + c">;

class PyPTO_TernaryScalarOp<string mnemonic, string what>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["a", "c", "result"]>]> {
  let summary = "elementwise " # what # " with a scalar";
  let description = "Elementwise `" # what # "` of two tensors or tiles of "
                    # "the same type and a scalar of their element type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$a,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       PyPTO_AnyTensorOrTile:$c);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $a `,` $scalar `,` $c attr-dict `:` qualified(type($result)) `,` type($scalar)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyScalarOperand(*this, getA(), getScalar());
    }
  }];
}

def PyPTO_AddscOp : PyPTO_TernaryScalarOp<"addsc", "a + scalar + c">;
def PyPTO_SubscOp : PyPTO_TernaryScalarOp<"subsc", "a - scalar + c">;

class PyPTO_ScalarOp<string mnemonic, string what>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise " # what # " with a scalar";
  let description = "Applies " # what # " with a scalar to every element of "
                    # "a tensor or tile. The scalar has the element type.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `,` $scalar attr-dict `:` qualified(type($source)) `,` type($scalar)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyScalarOperand(*this, getSource(), getScalar());
    }
  }];
}

def PyPTO_AddsOp : PyPTO_ScalarOp<"adds", "addition">;
def PyPTO_SubsOp : PyPTO_ScalarOp<"subs", "subtraction">;
def PyPTO_MulsOp : PyPTO_ScalarOp<"muls", "multiplication">;
def PyPTO_DivsOp : PyPTO_ScalarOp<"divs", "division">;
def PyPTO_MaxsOp : PyPTO_ScalarOp<"maxs", "maximum">;
def PyPTO_MinsOp : PyPTO_ScalarOp<"mins", "minimum">;

class PyPTO_ScalarScratchOp<string mnemonic, string what, int kind,
                            bit scratch>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise " # what # " with a scalar";
  let description = "Applies " # what # " with a scalar to every element of "
                    # "a tensor or tile" # PyPTO_ElementKind<kind>.text
                    # ". The scalar has the element type."
                    # !if(scratch, " On tiles an optional scratch tile of the "
                      # "result's type (`tmp`) is the buffer the hardware "
                      # "instruction needs; tile conversion creates it.", "");
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `,` $scalar (`tmp` $tmp^)? attr-dict `:` qualified(type($source))
    `,` type($scalar) (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      if (failed(::mlir::pypto::verifyScalarOperand(*this, getSource(),
                                                    getScalar())))
        return ::mlir::failure();
      return ::mlir::pypto::verifyElementwiseExtra(*this, getSource(), }]
      # !cast<string>(kind) # ", " # !cast<string>(scratch) # [{, getTmp());
    }
  }];
}

def PyPTO_RemsOp : PyPTO_ScalarScratchOp<"rems",
    "remainder with the divisor's sign (Python's %)", 0, 1>;
def PyPTO_FmodsOp : PyPTO_ScalarScratchOp<"fmods",
    "remainder with the dividend's sign (C's fmod)", 0, 0>;
def PyPTO_AndsOp : PyPTO_ScalarScratchOp<"ands", "bitwise and", 2, 0>;
def PyPTO_OrsOp : PyPTO_ScalarScratchOp<"ors", "bitwise or", 2, 0>;
def PyPTO_XorsOp : PyPTO_ScalarScratchOp<"xors", "bitwise exclusive or", 2, 1>;
def PyPTO_ShlsOp : PyPTO_ScalarScratchOp<"shls",
    "left shift (0 to the bit width - 1)", 2, 0>;
def PyPTO_ShrsOp : PyPTO_ScalarScratchOp<"shrs",
    "arithmetic right shift (0 to the bit width - 1)", 2, 0>;
def PyPTO_LreluOp : PyPTO_ScalarScratchOp<"lrelu",
    "leaky relu, `x > 0 ? x : x * slope`,", 1, 0>;

class PyPTO_UnaryOp<string mnemonic, string what, int kind = 0>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise,
                                AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise " # what;
  let description = "Applies " # what # " to every element of a tensor or "
                    # "tile" # PyPTO_ElementKind<kind>.text # ".";
  let arguments = (ins PyPTO_AnyTensorOrTile:$source);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyUnaryOperand(*this, getSource(), }]
      # !cast<string>(kind) # [{);
    }
  }];
}

def PyPTO_NegOp : PyPTO_UnaryOp<"neg", "negation">;
def PyPTO_AbsOp : PyPTO_UnaryOp<"abs", "absolute value">;
def PyPTO_ReluOp : PyPTO_UnaryOp<"relu", "max(x, 0)">;
def PyPTO_ExpOp : PyPTO_UnaryOp<"exp", "exp(x)", 1>;
def PyPTO_LogOp : PyPTO_UnaryOp<"log", "the natural logarithm", 1>;
def PyPTO_SqrtOp : PyPTO_UnaryOp<"sqrt", "the square root", 1>;
def PyPTO_RsqrtOp : PyPTO_UnaryOp<"rsqrt", "1 / sqrt(x)", 1>;
def PyPTO_RecipOp : PyPTO_UnaryOp<"recip", "1 / x", 1>;
def PyPTO_NotOp : PyPTO_UnaryOp<"not", "bitwise not", 2>;
def PyPTO_SinOp : PyPTO_UnaryOp<"sin", "the sine (radians)", 1> {
  let description = [{
    The sine of every element, in radians. There is no sine instruction:
    `pypto-lower-composite-ops` computes it in f32 from multiplies, adds
    and conversions (Cody-Waite range reduction to [-pi/2, pi/2], then a
    degree-9 odd polynomial, pypto's recipe), within a few f32 units in the
    last place for |x| up to about 10^5. f16 and bf16 are computed in f32
    and rounded once.
  }];
}
def PyPTO_CosOp : PyPTO_UnaryOp<"cos", "the cosine (radians)", 1> {
  let description = [{
    The cosine of every element, in radians, computed as `pypto.sin` is
    (the reduction adds pi/2).
  }];
}

class PyPTO_PartOp<string mnemonic, string what>
    : PyPTO_VectorOp<mnemonic> {
  let summary = what # " over the union of two operands of different shapes";
  let description = [{
    `%r = pypto.}] # mnemonic # [{ %a, %b : A, B -> R`: one operand covers
    the result (its shape is the result's) and the other its top-left
    corner; there the result is the }] # what # [{ of both, elsewhere the
    covering operand's value (pypto's `}] # mnemonic # [{`, the hardware's
    `t}] # !subst("_", "", mnemonic) # [{` with the operands' valid shapes).
    f32, f16, i32 or i16 (those both architectures have), 2-D.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyPartOperands(*this, getLhs(), getRhs(),
                                               getResult());
    }
  }];
}

def PyPTO_PartAddOp : PyPTO_PartOp<"part_add", "sum">;
def PyPTO_PartMulOp : PyPTO_PartOp<"part_mul", "product">;
def PyPTO_PartMaxOp : PyPTO_PartOp<"part_max", "maximum">;
def PyPTO_PartMinOp : PyPTO_PartOp<"part_min", "minimum">;

def PyPTO_RoundMode : I32EnumAttr<"RoundMode", "rounding of a conversion", [
    I32EnumAttrCase<"rint", 0>, I32EnumAttrCase<"round", 1>,
    I32EnumAttrCase<"floor", 2>, I32EnumAttrCase<"ceil", 3>,
    I32EnumAttrCase<"trunc", 4>, I32EnumAttrCase<"odd", 5>,
    I32EnumAttrCase<"none", 6>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}
def PyPTO_RoundModeAttr : EnumAttr<PyPTO_Dialect, PyPTO_RoundMode, "round_mode">;

def PyPTO_CastOp : PyPTO_VectorOp<"cast", [PyPTO_Elementwise]> {
  let summary = "element type conversion with a rounding mode";
  let description = [{
    Converts every element to the result's element type. `round` is one of
    `rint` (to nearest, ties to even; the default), `round` (ties away from
    zero), `floor`, `ceil`, `trunc`, `odd` (round to odd) and `none`.

    ```mlir
    %h = pypto.cast %x round rint : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xbf16>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       DefaultValuedAttr<PyPTO_RoundModeAttr,
                                         "::mlir::pypto::RoundMode::rint">:$round);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source (`round` $round^)? attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

class PyPTO_ReduceOp<string mnemonic, string what, bit isRow>
    : PyPTO_VectorOp<mnemonic, !if(isRow, [PyPTO_NeedsScratch], [])> {
  let summary = !if(isRow, "row ", "column ") # what;
  let description = !if(isRow,
      "Reduces each row of an MxN tensor or tile to one element: the result "
      # "is Mx1 (`AxBxMxN -> AxBxMx1`). On tiles, an optional scratch tile of "
      # "the source's type (`tmp`) is the buffer the hardware instruction "
      # "needs; tile conversion creates it. The result type is inferred: "
      # "`%m = pypto.row_max %x : !pypto.tensor<16x64xf32>`.",
      "Reduces each column of an MxN tensor or tile to one element: the "
      # "result is 1xN (of an N-D tensor's 2-D form, `AxBxMxN -> 1x1x1xN`). "
      # "The result type is inferred: "
      # "`%s = pypto.col_sum %x : !pypto.tensor<16x64xf32>`.");
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  // The result type is inferred (every dimension but the last, or only the
  // last, of size 1); `-> T` is accepted, and printed where it differs.
  let assemblyFormat = !strconcat([{
    $source (`tmp` $tmp^)? attr-dict `:` qualified(type($source))
    (`,` qualified(type($tmp))^)? }],
    !if(isRow, "``custom<RowReduced>", "``custom<ColReduced>"),
    "(ref(type($source)), type($result))");
  let hasVerifier = 1;
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyReduction(*this, getSource(), getTmp(),
                                            getResult(), }],
      !if(isRow, "true", "false"), [{);
    }
  }]);
}

def PyPTO_RowSumOp : PyPTO_ReduceOp<"row_sum", "sum", 1>;
def PyPTO_RowMaxOp : PyPTO_ReduceOp<"row_max", "maximum", 1>;
def PyPTO_RowMinOp : PyPTO_ReduceOp<"row_min", "minimum", 1>;
def PyPTO_ColSumOp : PyPTO_ReduceOp<"col_sum", "sum", 0>;
def PyPTO_ColMaxOp : PyPTO_ReduceOp<"col_max", "maximum", 0>;
def PyPTO_ColMinOp : PyPTO_ReduceOp<"col_min", "minimum", 0>;
def PyPTO_RowProdOp : PyPTO_ReduceOp<"row_prod", "product", 1>;
def PyPTO_ColProdOp : PyPTO_ReduceOp<"col_prod", "product", 0>;

class PyPTO_ArgReduceOp<string mnemonic, string what, bit isRow>
    : PyPTO_VectorOp<mnemonic, [PyPTO_NeedsScratch]> {
  let summary = !if(isRow, "row ", "column ") # what;
  let description = "The i32 index of the first " # what # " of each "
      # !if(isRow, "row of an MxN tensor or tile: the result is Mx1.",
                   "column of an MxN tensor or tile: the result is 1xN.")
      # " On tiles an optional scratch tile of the source's type (`tmp`) is "
      # "the buffer the hardware instruction needs; tile conversion creates "
      # "it.";
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source (`tmp` $tmp^)? attr-dict `:` qualified(type($source))
    (`,` qualified(type($tmp))^)? `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyReduction(*this, getSource(), getTmp(),
                                            getResult(), }],
      !if(isRow, "true", "false"), [{, /*indices=*/true);
    }
  }]);
}

def PyPTO_RowArgmaxOp : PyPTO_ArgReduceOp<"row_argmax", "maximum", 1>;
def PyPTO_RowArgminOp : PyPTO_ArgReduceOp<"row_argmin", "minimum", 1>;
def PyPTO_ColArgmaxOp : PyPTO_ArgReduceOp<"col_argmax", "maximum", 0>;
def PyPTO_ColArgminOp : PyPTO_ArgReduceOp<"col_argmin", "minimum", 0>;

class PyPTO_BroadcastOp<string mnemonic, bit isRow>
    : PyPTO_VectorOp<mnemonic> {
  let summary = !if(isRow, "broadcast an Mx1 column across N columns",
                           "broadcast a 1xN row down M rows");
  let description = !if(isRow,
      "`result[i, j] = source[i, 0]`: an Mx1 tensor or tile widened to MxN.",
      "`result[i, j] = source[0, j]`: a 1xN tensor or tile stretched to MxN.");
  let arguments = (ins PyPTO_AnyTensorOrTile:$source);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyBroadcast(*this, getSource(), getResult(), }],
      !if(isRow, "true", "false"), [{);
    }
  }]);
}

def PyPTO_RowExpandOp : PyPTO_BroadcastOp<"row_expand", 1>;
def PyPTO_ColExpandOp : PyPTO_BroadcastOp<"col_expand", 0>;

class PyPTO_ExpandBinaryOp<string mnemonic, string what, bit isRow>
    : PyPTO_VectorOp<mnemonic, [PyPTO_Elementwise, PyPTO_Broadcasting,
                                AllTypesMatch<["lhs", "result"]>]> {
  let summary = what # " with a broadcast " # !if(isRow, "column", "row");
  let description = !if(isRow,
      "`result[i, j] = lhs[i, j] op vec[i, 0]`, for an Mx1 `vec`: the fused "
      # "form of row_expand followed by the elementwise op.",
      "`result[i, j] = lhs[i, j] op vec[0, j]`, for a 1xN `vec`: the fused "
      # "form of col_expand followed by the elementwise op.");
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$vec);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $vec attr-dict `:` qualified(type($lhs)) `,` qualified(type($vec))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::pypto::verifyBroadcast(*this, getVec(), getResult(), }],
      !if(isRow, "true", "false"), [{);
    }
  }]);
}

foreach kind = [["add", "addition"], ["sub", "subtraction"],
                ["mul", "multiplication"], ["div", "division"],
                ["max", "maximum"], ["min", "minimum"],
                ["expdif", "exp(x - v)"]] in {
  def PyPTO_RowExpand # !toupper(kind[0]) # Op
      : PyPTO_ExpandBinaryOp<"row_expand_" # kind[0], kind[1], 1>;
  def PyPTO_ColExpand # !toupper(kind[0]) # Op
      : PyPTO_ExpandBinaryOp<"col_expand_" # kind[0], kind[1], 0>;
}

def PyPTO_FullOp : PyPTO_VectorOp<"full"> {
  let summary = "a tensor or tile filled with one value";
  let description = [{
    ```mlir
    %z = pypto.full %zero : f32 -> !pypto.tensor<16x1xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$value);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $value attr-dict `:` type($value) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_ArangeOp : PyPTO_VectorOp<"arange"> {
  let summary = "a row of consecutive integers (pypto's ci)";
  let description = [{
    `result[0, j] = start + j` (`start - j` with `descending`), in the
    result's integer type with its wrap-around: pypto's `pl.arange` (tensor
    and tile `ci`). The result is one row: every dimension but the last is
    1, as the hardware's `tci` fills one row; broadcast it with
    `col_expand` for more.

    ```mlir
    %ramp = pypto.arange %c0 : i32 -> !pypto.tensor<1x64xi32>
    %down = pypto.arange %s descending : i16 -> !pypto.tensor<1x32xi16>
    ```

    The element type is i32 or i16, and `start` has it.
  }];
  let arguments = (ins AnySignlessInteger:$start, UnitAttr:$descending);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $start (`descending` $descending^)? attr-dict `:` type($start) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_TriOp : PyPTO_VectorOp<"tri"> {
  let summary = "a lower or upper triangular mask of ones and zeros";
  let description = [{
    `result[i, j] = 1` where `j <= i + diagonal` and 0 elsewhere (torch's
    `tril` of ones); with `upper`, 1 where `j >= i + diagonal` (`triu`).
    pypto's `tile.tri`, the hardware's `ttri`: a causal attention mask, or a
    prefix-sum matrix for a matmul.

    ```mlir
    %causal = pypto.tri %c0 : i32 -> !pypto.tensor<16x16xf32>
    %strict = pypto.tri %c1 upper : i32 -> !pypto.tensor<16x64xi32>
    ```

    `diagonal` is an i32, possibly a run-time value. The element type is
    f32, f16, i32 or i16 (those both architectures have); dimensions before
    the last two are 1.
  }];
  let arguments = (ins I32:$diagonal, UnitAttr:$upper);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $diagonal (`upper` $upper^)? attr-dict `:` type($diagonal) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_InsertTileOp : PyPTO_Op<"insert_tile", [Pure, PyPTO_VectorCompute,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "a tile with a window replaced by another tile";
  let description = [{
    `%r = pypto.insert_tile %v into %t[%i, %j]` is `%t` with the window of
    `%v`'s shape at `(%i, %j)` replaced by `%v` (pypto's `tile.assemble`,
    pto-isa's `TINSERT`), the inverse of `pypto.extract`. Vector tiles;
    the compiler makes it (a batched matmul's products placed in one tile).

    ```mlir
    %r = pypto.insert_tile %p into %all[%c16, %c0] : !pypto.tile<16x24xf32, vec> into !pypto.tile<64x24xf32, vec>
    ```
  }];
  let arguments = (ins PyPTO_TileType:$source, PyPTO_TileType:$dest,
                       Index:$row, Index:$col);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    $source `into` $dest `[` $row `,` $col `]` attr-dict `:`
    qualified(type($source)) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_ConcatOp : PyPTO_VectorOp<"concat"> {
  let summary = "two tensors or tiles side by side (along the last dimension)";
  let description = [{
    `result[..., 0:C0] = lhs`, `result[..., C0:C0+C1] = rhs`: pypto's
    `pl.concat` (torch's `cat` along the last dimension). The operands have
    one element type and the same dimensions but the last; the result's last
    is the sum. On tiles it is the hardware's `tconcat`.

    ```mlir
    %kv = pypto.concat %nope, %rope : !pypto.tensor<16x448xbf16>, !pypto.tensor<16x64xbf16> -> !pypto.tensor<16x512xbf16>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_CmpMode : I32EnumAttr<"CmpMode", "a comparison", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
    I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::mlir::pypto";
}

def PyPTO_CmpOp : PyPTO_VectorOp<"cmp", [PyPTO_Elementwise,
    AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise comparison giving 1 or 0";
  let description = [{
    `result = (lhs <mode> rhs) ? 1 : 0` in the operands' type, for `mode`
    one of `eq ne lt le gt ge` (pypto's `cmp_type` 0 to 5). This is pypto's
    tensor-level `pl.cmp`; a NaN compares unequal and unordered (IEEE).

    ```mlir
    %newer = pypto.cmp gt %scores, %best : !pypto.tensor<8x808xf32>
    ```

    Elements are f32, f16, bf16, i32 or i16. On A2/A3 the hardware compares
    i32 only for equality and has no i16 compare: those are compile-time
    errors there. On tiles an optional i8 scratch tile (`tmp`) holds the
    hardware's bit mask; tile conversion creates it.
  }];
  let arguments = (ins PyPTO_CmpMode:$mode, PyPTO_AnyTensorOrTile:$lhs,
                       PyPTO_AnyTensorOrTile:$rhs, Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $mode $lhs `,` $rhs (`tmp` $tmp^)? attr-dict `:` qualified(type($result))
    (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
}

def PyPTO_CmpsOp : PyPTO_VectorOp<"cmps", [PyPTO_Elementwise,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise comparison with a scalar giving 1 or 0";
  let description = [{
    `result = (source <mode> scalar) ? 1 : 0`; the scalar has the element
    type. The rest is as `pypto.cmp`.

    ```mlir
    %ge = pypto.cmps ge %k, %bound : !pypto.tensor<16x128xf32>, f32
    ```
  }];
  let arguments = (ins PyPTO_CmpMode:$mode, PyPTO_AnyTensorOrTile:$source,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $mode $source `,` $scalar (`tmp` $tmp^)? attr-dict `:`
    qualified(type($source)) `,` type($scalar) (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
}

def PyPTO_SelOp : PyPTO_VectorOp<"sel", [PyPTO_Elementwise,
    AllTypesMatch<["mask", "lhs", "rhs", "result"]>]> {
  let summary = "elementwise select by a 0/1 mask";
  let description = [{
    `result = mask != 0 ? lhs : rhs`, where `mask` is of the operands' type,
    as `pypto.cmp` gives it (pypto's `tile.sel` takes the hardware's bit
    mask instead; the lowering makes it).

    ```mlir
    %best = pypto.sel %newer, %scores, %best0 : !pypto.tensor<8x808xf32>
    ```

    Elements are f32, f16, bf16, i32 or i16 (i16 on A5 only). On tiles an
    optional i8 scratch tile (`tmp`) holds the bit mask.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$mask, PyPTO_AnyTensorOrTile:$lhs,
                       PyPTO_AnyTensorOrTile:$rhs, Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $mask `,` $lhs `,` $rhs (`tmp` $tmp^)? attr-dict `:` qualified(type($result))
    (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
}

def PyPTO_SelsOp : PyPTO_VectorOp<"sels", [PyPTO_Elementwise,
    AllTypesMatch<["mask", "source", "result"]>]> {
  let summary = "elementwise select between a tile and a scalar";
  let description = [{
    `result = mask != 0 ? source : scalar`; the scalar has the element type.
    The rest is as `pypto.sel`.

    ```mlir
    %kept = pypto.sels %keep, %x, %zero : !pypto.tensor<16x64xf32>, f32
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$mask, PyPTO_AnyTensorOrTile:$source,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$scalar,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $mask `,` $source `,` $scalar (`tmp` $tmp^)? attr-dict `:`
    qualified(type($source)) `,` type($scalar) (`,` qualified(type($tmp))^)?
  }];
  let hasVerifier = 1;
}

def PyPTO_PadValue : I32EnumAttr<"PadValue", "what fillpad writes", [
    I32EnumAttrCase<"zero", 1>, I32EnumAttrCase<"max", 2>,
    I32EnumAttrCase<"min", 3>]> {
  let cppNamespace = "::mlir::pypto";
  let genSpecializedAttr = 0;
}
def PyPTO_PadValueAttr : EnumAttr<PyPTO_Dialect, PyPTO_PadValue, "pad_value">;

def PyPTO_InsertOp : PyPTO_VectorOp<"insert", [AllTypesMatch<["dest", "result"]>]> {
  let summary = "one element replaced: a new tensor or tile (pypto's tile.write)";
  let description = [{
    `%r = pypto.insert %v into %t[%i, ...]` is `%t` with the element at
    `(%i, ...)` replaced by the scalar `%v`, of `%t`'s element type. Tensors
    a kernel computes are values, so the element is not written in place:
    `%t` keeps its value (the compiler writes in place where `%t` is not
    read afterwards, and copies it first where it is). It is pypto's
    `tile.write` (and `pl.write` into a tensor the kernel created), e.g. a
    row of indices filled element by element under a condition:

    ```mlir
    %row2 = pypto.insert %idx into %row[%c0, %j] : i32 into !pypto.tensor<1x128xi32>
    ```

    Kernels only: in the orchestration, and for a kernel parameter in GM,
    `pypto.write` writes the tensor itself. On tiles it is the scalar
    unit's `pto.tsetval`, on vec tiles.
  }];
  let arguments = (ins AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$value,
                       PyPTO_AnyTensorOrTile:$dest, Variadic<Index>:$indices);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $value `into` $dest `[` $indices `]` attr-dict `:` type($value) `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_FillPadOp : PyPTO_VectorOp<"fillpad"> {
  let summary = "keep a valid top-left region and fill the rest";
  let description = [{
    The result equals the source in rows `[0, valid_rows)` and columns
    `[0, valid_cols)`, and holds the pad value everywhere else: `zero`,
    `max` (+inf for floats, the largest value for integers) or `min` (-inf,
    the smallest). The valid extents may be run-time values, e.g. the part
    of the last sequence block that lies inside the context before a row
    max:

    ```mlir
    %s = pypto.fillpad %scores valid [%c16, %n] pad min : !pypto.tensor<16x256xf32>
    ```

    The result has the source's type (`-> T` after it is accepted). A valid
    extent outside `[0, dim]` is an error: at compile time when it is a
    constant, in the simulator when it is not.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, Index:$valid_rows,
                       Index:$valid_cols, PyPTO_PadValueAttr:$pad);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `valid` ` ` `[` $valid_rows `,` $valid_cols `]` `pad` `` $pad attr-dict
    `:` qualified(type($source)) `` custom<SameAsSource>(ref(type($source)), type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_SetValidShapeOp : PyPTO_Op<"set_validshape", [Pure]> {
  let summary = "narrow a value's valid region; the rest is undefined";
  let description = [{
    pypto's `set_validshape`: the result equals the source in rows
    `[0, valid_rows)` and columns `[0, valid_cols)` (of its 2-D form), and
    is undefined elsewhere (the reference interpreter makes it NaN, or the
    integer type's poison). In a kernel. The valid region follows the value
    into what pypto-lib does with it: a `pypto.fillpad` keeps only it, an
    `assemble` or `remote_store` writes only it, and elementwise ops of one operand (unary
    ops, scalar ops, casts) keep it. Any other reader is an error
    (fillpad the value first).

    ```mlir
    %v = pypto.set_validshape %scores valid [%c1, %len] : !pypto.tensor<1x256xf32>
    %s = pypto.fillpad %v valid [%c1, %c256] pad min : !pypto.tensor<1x256xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, Index:$valid_rows,
                       Index:$valid_cols);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `valid` ` ` `[` $valid_rows `,` $valid_cols `]` attr-dict
    `:` qualified(type($source)) `` custom<SameAsSource>(ref(type($source)), type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_TransposeOp : PyPTO_VectorOp<"transpose", [PyPTO_NeedsScratch]> {
  let summary = "transpose an MxN tensor or tile to NxM";
  let description = [{
    The result type (the source's dimensions swapped) is not written;
    `-> T` after the source's type is accepted.

    ```mlir
    %t = pypto.transpose %x : !pypto.tensor<16x64xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source (`tmp` $tmp^)? attr-dict `:` qualified(type($source))
    (`,` qualified(type($tmp))^)? `` custom<Transposed>(ref(type($source)), type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_ReshapeOp : PyPTO_Op<"reshape", [Pure, PyPTO_VectorCompute]> {
  let summary = "the same elements under another shape";
  let description = [{
    Reinterprets a tensor or tile with the same number of elements in
    row-major order, for example a 64x1 column of row sums as a 1x64 row.
    On tiles it is a view of the same buffer: no data moves, so the two
    shapes must lay the elements out identically (an Mx1 column and a 1xM
    row, or row-major tiles whose rows are whole 32-byte blocks).

    ```mlir
    %row = pypto.reshape %col : !pypto.tensor<64x1xf32> -> !pypto.tensor<1x64xf32>
    ```

    In the orchestration it is a view of the same memory. There a tensor
    with run-time sizes reshapes too, with at most one `?` in the result:
    the element count over the other dimensions, computed when the program
    runs (torch's `view(-1)`); the source must then be contiguous.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_ReinterpretViewOp : PyPTO_Op<"reinterpret_view", [Pure]> {
  let summary = "the same bytes under another element type";
  let description = [{
    pypto's `tensor.reinterpret_view`: a view of a tensor's memory as
    elements of another type, e.g. f32 values as their i32 bit patterns, or
    an f32 row as twice as many bf16s. The bytes are the same: the result
    has as many bytes as the source, and every dimension but the last is
    the source's (the last scales by the element sizes), or both shapes are
    static. The source must be contiguous when the program runs.

    ```mlir
    %bits = pypto.reinterpret_view %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xi32>
    %half = pypto.reinterpret_view %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x64xbf16>
    ```

    A view of global memory: in the orchestration, or in a `pypto.at`
    region on a tensor from outside it (moved out of the kernel, like a
    slice); a kernel reads and writes it as a tensor of its type.
  }];
  let arguments = (ins PyPTO_TensorType:$source);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Sorting (top-k)
//
// Sorted data is a row of (value, index) pairs laid out in the value type:
// for f32 pair k is columns 2k (the value) and 2k+1 (the index bits), for
// f16 columns 4k..4k+3. Order is descending by value, ties by index.
//===----------------------------------------------------------------------===//

def PyPTO_Sort32Op : PyPTO_VectorOp<"sort32"> {
  let summary = "sort each block of 32 values with their indices";
  let description = [{
    `%s = pypto.sort32 %values, %indices` sorts every block of 32 columns of
    each row of an RxN f32 (or f16) operand, descending, carrying the i32
    indices along (one row of indices may serve every row). The result holds
    the sorted pairs: Rx2N for f32, Rx4N for f16. N is a multiple of 32.

    ```mlir
    %s = pypto.sort32 %x, %idx : !pypto.tensor<1x512xf32>, !pypto.tensor<1x512xi32> -> !pypto.tensor<1x1024xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$values,
                       PyPTO_AnyTensorOrTile:$indices);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $values `,` $indices attr-dict `:` qualified(type($values)) `,`
    qualified(type($indices)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_MrgSortOp : PyPTO_VectorOp<"mrgsort",
    [AllTypesMatch<["source", "result"]>]> {
  let summary = "merge groups of four sorted runs";
  let description = [{
    `%m = pypto.mrgsort %s {block_len = 64}` merges, in every row, each four
    consecutive sorted runs of `block_len` columns into one run of
    `4 * block_len` columns. `block_len` is a multiple of 64 and the column
    count a multiple of `4 * block_len`. After `sort32` (runs of 64 f32
    columns), block_len 64 then 256 sort a row of 512 values completely.

    ```mlir
    %m = pypto.mrgsort %s {block_len = 64 : i64} : !pypto.tensor<1x1024xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       ConfinedAttr<I64Attr, [IntPositive]>:$block_len);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def PyPTO_GatherMask : I32EnumAttr<"GatherMask",
    "columns a mask gather keeps", [
    I32EnumAttrCase<"even", 0>, I32EnumAttrCase<"odd", 1>]> {
  let cppNamespace = "::mlir::pypto";
}

def PyPTO_GatherMaskOp : PyPTO_VectorOp<"gather_mask"> {
  let summary = "keep the even or the odd columns (split sorted pairs)";
  // pypto's tensor.gather_mask / tile.gather_mask (P0101 and P1010).
  let description = [{
    `%v = pypto.gather_mask %s even` takes columns 0, 2, 4, ... of each row,
    `odd` columns 1, 3, 5, ...; the result's column count (at most half the
    source's) says how many. The bits are copied, so the result may read
    them as another type of the same width: the odd columns of sorted f32
    pairs are the i32 indices.

    ```mlir
    %vals = pypto.gather_mask %s even : !pypto.tensor<1x1024xf32> -> !pypto.tensor<1x16xf32>
    %idx = pypto.gather_mask %s odd : !pypto.tensor<1x1024xf32> -> !pypto.tensor<1x16xi32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, PyPTO_GatherMask:$mask);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source $mask attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_ScatterMaskOp : PyPTO_VectorOp<"scatter_mask",
    [AllTypesMatch<["dest", "result"]>]> {
  let summary = "every other column replaced by a narrower value's columns";
  let description = [{
    `%r = pypto.scatter_mask %src into %dest even` is `dest` with columns
    0, 2, 4, ... replaced by `src`'s columns in order (`odd`: 1, 3, 5, ...):
    pypto's `scatter(input, mask_pattern=P0101 | P1010, dst)`, the inverse
    of `pypto.gather_mask`, e.g. interleaving the even and odd halves of a
    rotary embedding back:

    ```mlir
    %r = pypto.scatter_mask %odd into %e odd : !pypto.tensor<16x32xf32> into !pypto.tensor<16x64xf32>
    ```

    `dest` has twice `src`'s columns and its rows; f32, f16, i32 or i16.
    ptoas 0.27 has no mask form of `tscatter`: pypto-lower-composite-ops
    writes it as a gather of the two side by side (`concat`, an index row
    from `arange`, `gather`).
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source, PyPTO_AnyTensorOrTile:$dest,
                       PyPTO_GatherMask:$mask);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `into` $dest $mask attr-dict `:` qualified(type($source)) `into`
    qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_ScatterOp : PyPTO_VectorOp<"scatter",
    [AllTypesMatch<["dest", "result"]>]> {
  let summary = "elements written into each row at column indices";
  let description = [{
    `%r = pypto.scatter %src, %index into %dest` is `dest` with
    `r[i, index[i, j]] = src[i, j]` for every `(i, j)`, `j` in order (an
    index named twice in a row keeps the later element): pypto's
    `scatter(input, dim=-1, index, src)`, the column-wise inverse of
    `pypto.gather`. `src` and the i32 `index` have one shape (R x K), `dest`
    R x S; an index outside `[0, S)` stops the task when the program runs.

    ```mlir
    %r = pypto.scatter %v, %cols into %row : !pypto.tensor<4x8xf32>, !pypto.tensor<4x8xi32> into !pypto.tensor<4x64xf32>
    ```

    On tiles it is pto-isa's `TSCATTER` (index form), whose indices are
    storage offsets: the lowering adds each row's offset in a scratch tile
    of the index's type (`tmp`, added by the compiler), as for a gather.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       PyPTO_AnyTensorOrTile:$index,
                       PyPTO_AnyTensorOrTile:$dest,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `,` $index `into` $dest (`tmp` `(` $tmp^ `:` type($tmp) `)`)?
    attr-dict `:` qualified(type($source)) `,` qualified(type($index))
    `into` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PyPTO_GatherOp : PyPTO_VectorOp<"gather"> {
  let summary = "gather elements of each row by column index";
  let description = [{
    `result[i, j] = source[i, index[i, j]]`: torch's `gather` along the last
    dimension (pypto's `pl.gather(x, dim=-1, index=i)`). The result has the
    index's shape and the source's element type; the index may be wider than
    the source (a column read twice) and have fewer rows (the first rows of
    the source are read). Of an N-D tensor the 2-D forms are gathered: the
    leading dimensions of index and source agree, except the first, which
    may be smaller in the index.

    ```mlir
    %g = pypto.gather %cos[%idx] : !pypto.tensor<4x32xf32>, !pypto.tensor<4x64xi32> -> !pypto.tensor<4x64xf32>
    ```

    The source is f32, f16, i32 or i16; the index i32. An index outside
    `[0, columns)` is an error when the program runs (the hardware reads
    undefined memory there). On tiles an optional scratch tile of the index
    tile's type (`tmp`) is the buffer the hardware instruction needs; tile
    conversion creates it.
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$source,
                       PyPTO_AnyTensorOrTile:$index,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `[` $index `]` (`tmp` $tmp^)? attr-dict `:` qualified(type($source))
    `,` qualified(type($index)) (`,` qualified(type($tmp))^)? `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_GatherCompareOp : PyPTO_VectorOp<"gather_compare"> {
  let summary = "the columns of each row that compare true with a scalar";
  let description = [{
    `%idx, %count = pypto.gather_compare gt %s, %k offset 3` writes, for each
    row `i` of the R x C `source`, the column numbers `j + offset` where
    `source[i, j] > k` (`eq`: `==`) in increasing order to the first
    columns of row `i` of `%idx` (R x N, i32), and their number to
    `%count[0, i]` (1 x R, i32): pypto's
    `pl.gather(x, kvalue=k, cmp_mode=..., out_cols=N, offset=...)`, which
    returns the pair `(dst, cdst)`, and pto-isa's compare-form `TGATHER`.

    ```mlir
    %idx, %count = pypto.gather_compare gt %scores, %k offset 0 : !pypto.tensor<4x64xf32>, f32 -> !pypto.tensor<4x16xi32>, !pypto.tensor<1x4xi32>
    ```

    The hardware compares with `eq` or `gt` only; the source is f32, f16,
    i32 or i16 and `k` has its element type (on A2/A3 only f32 and f16, or
    i32 with `eq`: a compile-time error otherwise). Past a row's count the
    row of `%idx` is undefined on a device; the simulators and the reference
    interpreter write -1 there, an index no table has. A row with more
    matches than `%idx` has columns stops the task when the program runs
    (the hardware would write them past the row). On tiles an optional i8
    scratch tile (`tmp`, as a compare's) is the instruction's workspace;
    tile conversion creates it.
  }];
  let arguments = (ins PyPTO_CmpMode:$mode, PyPTO_AnyTensorOrTile:$source,
                       AnyTypeOf<[AnyFloat, AnySignlessInteger]>:$kvalue,
                       DefaultValuedAttr<I32Attr, "0">:$offset,
                       Optional<PyPTO_TileType>:$tmp);
  let results = (outs PyPTO_AnyTensorOrTile:$indices,
                      PyPTO_AnyTensorOrTile:$count);
  let assemblyFormat = [{
    $mode $source `,` $kvalue `offset` $offset (`tmp` $tmp^)? attr-dict `:`
    qualified(type($source)) `,` type($kvalue) (`,` qualified(type($tmp))^)?
    `->` qualified(type($indices)) `,` qualified(type($count))
  }];
  let hasVerifier = 1;
}

def PyPTO_MGatherOp : PyPTO_Op<"mgather"> {
  let summary = "read rows of a GM tensor chosen by an index row";
  let description = [{
    pypto's `tile.mgather` (pto-isa's `MGATHER`, row mode): `result[r, :] =
    table[index[0, r], :]`, for a 2-D kernel parameter `table` in GM (the
    whole tensor, its rows possibly a run-time count) and a `1 x R` i32
    index row computed in the kernel or read from GM. The result has the
    table's columns and element type (f32, f16, bf16, i32, i16 or i8).
    An index outside `[0, rows)` stops the task when the program runs.

    ```mlir
    %rows = pypto.mgather %cache[%slots] : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x16xi32> -> !pypto.tensor<16x128xbf16>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$table, PyPTO_AnyTensorOrTile:$index);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $table `[` $index `]` attr-dict `:` qualified(type($table)) `,`
    qualified(type($index)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_MScatterOp : PyPTO_Op<"mscatter"> {
  let summary = "write rows into a GM tensor at rows chosen by an index row";
  let description = [{
    pypto's `tile.mscatter` (pto-isa's `MSCATTER`, row mode): `table[index[0,
    r], :] = value[r, :]` for each `r` in order (a row written twice keeps
    the later one), into a 2-D kernel parameter `table` in GM, which keeps
    its other rows. With `atomic_add` the rows are added instead (every
    duplicate adds). The index is a `1 x R` i32 row; an index outside
    `[0, rows)` stops the task when the program runs.

    ```mlir
    pypto.mscatter %kv, %cache[%slots] : !pypto.tensor<16x128xbf16>, !pypto.tensor<1x16xi32> into !pypto.tensor<?x128xbf16>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$value, PyPTO_TensorType:$table,
                       PyPTO_AnyTensorOrTile:$index, UnitAttr:$atomic_add);
  let assemblyFormat = [{
    $value `,` $table `[` $index `]` (`atomic_add` $atomic_add^)? attr-dict
    `:` qualified(type($value)) `,` qualified(type($index)) `into`
    qualified(type($table))
  }];
  let hasVerifier = 1;
}

def PyPTO_PagedGatherOp : PyPTO_Op<"paged_gather"> {
  let summary = "rows of a paged pool by logical index, through a page table";
  let description = [{
    pypto's `tensor.paged_gather`: row `k` of the result is row `phys` of
    the pool `source` (a 2-D kernel parameter in GM), columns
    `[col_offset, col_offset + size)`, where for the logical index
    `i = indices[0, k]`

        phys = block_table[0, i / block_size] * block_size + i % block_size

    The indices are a `1 x n` i32 row (the result has `n` rows), the page
    table a `1 x B` i32 row of physical block numbers. A paged KV cache read
    for attention: the result feeds the cube. An index whose block is
    outside the table, or whose row is outside the pool, stops the task
    when the program runs.

    ```mlir
    %kv = pypto.paged_gather %pool[%idx] pages %table block 16 cols 64
        : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x32xi32>, !pypto.tensor<1x8xi32>
        -> !pypto.tensor<32x64xbf16>
    ```
    (`cols N`, optional, is the first column taken; 0 by default.)
  }];
  let arguments = (ins PyPTO_TensorType:$source, PyPTO_TensorType:$indices,
                       PyPTO_TensorType:$block_table, I64Attr:$block_size,
                       DefaultValuedAttr<I64Attr, "0">:$col_offset);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` `pages` $block_table `block` $block_size
    (`cols` $col_offset^)? attr-dict `:` qualified(type($source)) `,`
    qualified(type($indices)) `,` qualified(type($block_table)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_ScatterUpdateOp : PyPTO_Op<"scatter_update"> {
  let summary = "write rows into a GM tensor at rows a b x s index names";
  let description = [{
    pypto's `tensor.scatter_update` (2-D, `dim=-2`): `table[index[i, j], :] =
    src[i * s + j, :]` for every `(i, j)` of the `b x s` i32 index in
    row-major order (a row named twice keeps the later one), into a 2-D
    kernel parameter `table` in GM, which keeps its other rows; `src` is
    `(b * s) x D`. A KV-cache update: the new tokens' rows go to the slots
    the index names. An index outside `[0, rows)` stops the task when the
    program runs. In a kernel; it becomes one `pypto.mscatter` per row of
    the index.

    ```mlir
    pypto.scatter_update %kv, %cache[%slots] : !pypto.tensor<8x128xbf16>, !pypto.tensor<2x4xi32> into !pypto.tensor<?x128xbf16>
    ```
  }];
  let arguments = (ins PyPTO_TensorType:$src, PyPTO_TensorType:$table,
                       PyPTO_TensorType:$index);
  let assemblyFormat = [{
    $src `,` $table `[` $index `]` attr-dict `:` qualified(type($src)) `,`
    qualified(type($index)) `into` qualified(type($table))
  }];
  let hasVerifier = 1;
}

def PyPTO_CreateTileOp : PyPTO_Op<"create_tile", [Pure]> {
  let summary = "an uninitialised tile";
  let description = "Scratch space or a placeholder: the planner gives it a "
                    "buffer; its contents are undefined until written.";
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// L1 accumulators: rows gathered from GM into a cube operand
//===----------------------------------------------------------------------===//

def PyPTO_CreateL1Op : PyPTO_Op<"create_l1"> {
  let summary = "a kernel-local matrix in L1 that gather_row fills";
  let description = [{
    `%kv = pypto.create_l1 : !pypto.tensor<128x512xbf16>` is a matrix of
    undefined contents in L1 (`mat`), pypto's `create_l1`: rows of global
    tensors are copied into it with `pypto.gather_row`, and it is a matmul
    operand, plain or `{b_trans}`, without passing through vec. Rows never
    gathered are undefined (the reference interpreter poisons them).
    Kernels only; f32, f16, bf16 or i8. On tiles it is a `mat` tile in the
    NZ layout, row DMAs' target.
  }];
  let results = (outs Res<PyPTO_AnyTensorOrTile, "", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def PyPTO_GatherRowOp : PyPTO_Op<"gather_row",
    [AttrSizedOperandSegments, AllTypesMatch<["acc", "result"]>]> {
  let summary = "rows of a global tensor copied into an L1 accumulator";
  let description = [{
    `%r = pypto.gather_row %src[%sr, %sc] into %acc[%dr, %c0] [R, C]
    valid [%vr, %vc]` is `%acc` with rows `%dr .. %dr + vr` replaced by the
    `vr x vc` window of `%src` at `(%sr, %sc)` (without `valid`, the whole
    `R x C`): pypto's `gather_row`, e.g. a KV tile assembled from paged
    cache rows:

    ```mlir
    %kv1 = pypto.gather_row %cache[%slot, %c0] into %kv0[%r, %c0] [1, 512]
        : !pypto.tensor<?x512xbf16> into !pypto.tensor<128x512xbf16>
    ```

    `%acc` is a `pypto.create_l1` matrix (through loops and branches) and
    the gather writes it in place: the old value must not be read after a
    later gather into it (pypto-plan-memory checks). The column offset is
    0; `%src` is a kernel parameter or a window of one, in GM. Sizes are
    static, valid extents at most the sizes.
  }];
  // The accumulator first: the result type is inferred from it.
  let arguments = (ins PyPTO_AnyTensorOrTile:$acc,
                       Arg<PyPTO_TensorType, "", [MemRead]>:$source,
                       Variadic<Index>:$source_offsets,
                       Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, Variadic<Index>:$valid);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $source `[` $source_offsets `]` `into` $acc `[` $offsets `]` $sizes
    (`valid` ` ` `[` $valid^ `]`)? attr-dict `:` qualified(type($source))
    `into` qualified(type($acc))
  }];
  let hasVerifier = 1;
}

def PyPTO_TransposeViewOp : PyPTO_Op<"transpose_view", [Pure]> {
  let summary = "a mat tile seen transposed, without a copy";
  let description = [{
    `%t = pypto.transpose_view %a : !pypto.tile<128x512xbf16, mat> ->
    !pypto.tile<512x128xbf16, mat>` is the same bytes seen as the
    transposed matrix: an NZ tile's bytes are the ZN tile of its transpose
    (pypto's `tile.transpose_view`). It is how an L1 accumulator becomes a
    `{b_trans}` matmul operand; tile conversion creates it. On tiles in
    mat only: a vec tile is transposed with `pypto.transpose` (a copy).
  }];
  let arguments = (ins PyPTO_TileType:$source);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cube compute
//===----------------------------------------------------------------------===//

def PyPTO_MatmulOp : PyPTO_Op<"matmul", [Pure]> {
  let summary = "matrix multiplication with f32 accumulation";
  let description = [{
    `%c = pypto.matmul %a, %b` computes `a · b` for an M×K and a K×N operand;
    the result is M×N. On tiles the operands live in `left` and `right` and
    the result in `acc`. On tensors, `a_trans` / `b_trans` take an operand
    transposed (`a` given as K×M, `b` as N×K, e.g. `q · kᵀ`): it is loaded
    transposed, at no extra cost.

    ```mlir
    %s = pypto.matmul %q, %k {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
    ```

    The result type follows from the operands (M×N; f32 for float
    operands, i32 for i8; on tiles in `acc` when the operands have spaces)
    and is written `-> T` only where it differs (it may always be written).
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs,
                       UnitAttr:$a_trans, UnitAttr:$b_trans);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PyPTO_MatmulBiasOp : PyPTO_Op<"matmul_bias", [Pure]> {
  let summary = "matrix multiplication plus a bias row";
  let description = [{
    `%c = pypto.matmul_bias %a, %b, %bias` computes `a · b + bias`, the
    `1×N` bias added to every row (pypto's `matmul_bias`; `gemv_bias` is
    its 1-row case). The bias has the result's element type (f32, or i32
    for i8 operands). On tiles the bias lives in `bias` (the cube's bias
    table) and starts the accumulation; a product split along K adds it
    once, on the first slice. `a_trans` / `b_trans` as for `pypto.matmul`.

    ```mlir
    %y = pypto.matmul_bias %x, %w, %b : !pypto.tensor<16x256xbf16>,
        !pypto.tensor<256x64xbf16>, !pypto.tensor<1x64xf32> -> !pypto.tensor<16x64xf32>
    ```
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$lhs, PyPTO_AnyTensorOrTile:$rhs,
                       PyPTO_AnyTensorOrTile:$bias, UnitAttr:$a_trans,
                       UnitAttr:$b_trans);
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $bias attr-dict `:` qualified(type($lhs)) `,`
    qualified(type($rhs)) `,` qualified(type($bias)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_MatmulAccOp : PyPTO_Op<"matmul_acc", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let summary = "accumulating matrix multiplication";
  let description = [{
    `%d = pypto.matmul_acc %c, %a, %b` computes `c + a · b`: one step of a
    K-loop. On tiles the accumulator lives in `acc`. `a_trans` / `b_trans`,
    and the result type (the accumulator's), as for `pypto.matmul`:
    `%d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<16x64xbf16>, !pypto.tensor<64x32xbf16>`.

    `init %cond` (pypto's `init_cond`, an `i1`) makes the step overwrite
    where `%cond` holds: the result is `a · b` and `c` is not read, so a
    K-loop needs neither a zeroed accumulator nor a peeled first step
    (`init %first` with `%first = k == 0`). The accumulator it is given then
    need not be a product of the kernel (a tensor of any value: its value is
    read only on the steps where `%cond` is false).
  }];
  let arguments = (ins PyPTO_AnyTensorOrTile:$acc, PyPTO_AnyTensorOrTile:$lhs,
                       PyPTO_AnyTensorOrTile:$rhs, Optional<I1>:$init,
                       UnitAttr:$a_trans, UnitAttr:$b_trans);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$acc,
                   "::mlir::Value":$lhs, "::mlir::Value":$rhs), [{
      build($_builder, $_state, result, acc, lhs, rhs, ::mlir::Value(),
            ::mlir::UnitAttr(), ::mlir::UnitAttr());
    }]>
  ];
  let results = (outs PyPTO_AnyTensorOrTile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cross-core pipes
//
// A kernel that mixes cube and vector work runs as an AIC part and an AIV part
// of one task; pypto-expand-mixed-kernel joins them with a pipe: a ring of
// `slot_num` slots of `slot_size` bytes per direction. The producer pushes a
// tile into the next free slot; the consumer pops the next full slot into a
// tile that lives in its reserved consumer buffer and frees the slot after
// the tile's last use.
//===----------------------------------------------------------------------===//

class PyPTO_InitializePipeOp<string mnemonic, string side>
    : PyPTO_Op<mnemonic> {
  let summary = "set up the task's pipe on the " # side # " side";
  let description = [{
    Both parts call it first, with the same values. `dir_mask` is 1 for
    cube-to-vector (C2V), 2 for vector-to-cube (V2C), 3 for both. On a2a3
    the ring lives in GM: `gm_ring` is the f32 tensor the orchestration
    allocates for the task (C2V ring first, then V2C). `c2v_consumer_buf`
    and `v2c_consumer_buf` are the byte offsets of the consumers' slot
    buffers (in the AIV's `vec` and the AIC's `mat` memory), set by
    pypto-plan-memory.

    ```mlir
    pypto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2}
        ring(%ring : !pypto.tensor<2048xf32>)
    ```
  }];
  let arguments = (ins Optional<PyPTO_TensorType>:$gm_ring,
                       ConfinedAttr<I64Attr, [IntMinValue<1>, IntMaxValue<3>]>:$dir_mask,
                       ConfinedAttr<I64Attr, [IntPositive]>:$slot_size,
                       ConfinedAttr<I64Attr, [IntMinValue<1>, IntMaxValue<4096>]>:$slot_num,
                       OptionalAttr<I64Attr>:$c2v_consumer_buf,
                       OptionalAttr<I64Attr>:$v2c_consumer_buf);
  let assemblyFormat = [{
    attr-dict (`ring` `(` $gm_ring^ `:` qualified(type($gm_ring)) `)`)?
  }];
  let hasVerifier = 1;
}

def PyPTO_AicInitializePipeOp
    : PyPTO_InitializePipeOp<"aic_initialize_pipe", "cube">;
def PyPTO_AivInitializePipeOp
    : PyPTO_InitializePipeOp<"aiv_initialize_pipe", "vector">;

class PyPTO_TPushOp<string mnemonic, string peer, string spaces>
    : PyPTO_Op<mnemonic> {
  let summary = "push a tile to the " # peer;
  let description = "Copies the tile into the next free slot of the pipe, "
                    "waiting while every slot is in use. The tile is in "
                    # spaces # ".";
  let arguments = (ins PyPTO_TileType:$tile,
      DefaultValuedAttr<PyPTO_SplitMode, "::mlir::pypto::SplitMode::none">:$split);
  let assemblyFormat = [{
    $tile (`split` $split^)? attr-dict `:` qualified(type($tile))
  }];
  let hasVerifier = 1;
}

def PyPTO_TPushToAivOp : PyPTO_TPushOp<"tpush_to_aiv", "AIV", "acc or mat">;
def PyPTO_TPushToAicOp : PyPTO_TPushOp<"tpush_to_aic", "AIC", "vec">;

class PyPTO_TPopOp<string mnemonic, string peer, string space>
    : PyPTO_Op<mnemonic> {
  let summary = "pop the next tile the " # peer # " pushed";
  let description = "Waits for the next full slot; the result is a `"
                    # space # "` tile in the slot's part of the consumer "
                    "buffer, valid until the matching tfree.";
  let arguments = (ins
      DefaultValuedAttr<PyPTO_SplitMode, "::mlir::pypto::SplitMode::none">:$split);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = [{
    (`split` $split^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PyPTO_TPopFromAicOp : PyPTO_TPopOp<"tpop_from_aic", "AIC", "vec">;
def PyPTO_TPopFromAivOp : PyPTO_TPopOp<"tpop_from_aiv", "AIV", "mat">;

class PyPTO_TFreeOp<string mnemonic, string peer>
    : PyPTO_Op<mnemonic> {
  let summary = "release the slot of a popped tile back to the " # peer;
  let description = "Comes after the popped tile's last use; slots are "
                    "released in pop order.";
  let arguments = (ins PyPTO_TileType:$tile,
      DefaultValuedAttr<PyPTO_SplitMode, "::mlir::pypto::SplitMode::none">:$split);
  let assemblyFormat = [{
    $tile (`split` $split^)? attr-dict `:` qualified(type($tile))
  }];
  let hasVerifier = 1;
}

def PyPTO_TFreeToAicOp : PyPTO_TFreeOp<"tfree_to_aic", "AIC">;
def PyPTO_TFreeToAivOp : PyPTO_TFreeOp<"tfree_to_aiv", "AIV">;

#endif // PYPTO_DIALECT_PYPTO_PYPTOOPS_TD
