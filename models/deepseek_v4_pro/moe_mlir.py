"""MLIR pieces the DeepSeek-V4 MoE expert generators (gen_expert_shared.py,
gen_expert_routed.py) share. Python 3 standard library only."""


def first_branch_k_loop(acc_t, a_slice, w_slice, a_t, b_t, indent):
    """pypto-lib's K loop into `%acc`, from `%init`, over
    [%c0, %c_k_end) in steps of %c_k_tile: `a_slice` and `w_slice` define
    `%a` and `%w` at `%k0`; the first product is on the `k0 == 0` branch,
    the weight read transposed."""
    body = [
        f"%acc = scf.for %k0 = %c0 to %c_k_end step %c_k_tile iter_args(%sum = %init) -> ({acc_t}) {{",
        f"  {a_slice}",
        f"  {w_slice}",
        "  %first = arith.cmpi eq, %k0, %c0 : index",
        f"  %next = scf.if %first -> ({acc_t}) {{",
        f"    %m = pypto.matmul %a, %w {{b_trans}} : {a_t}, {b_t}",
        f"    scf.yield %m : {acc_t}",
        "  } else {",
        f"    %m = pypto.matmul_acc %sum, %a, %w {{b_trans}} : {a_t}, {b_t}",
        f"    scf.yield %m : {acc_t}",
        "  }",
        f"  scf.yield %next : {acc_t}",
        '} {pypto.loop = "pipeline"}',
    ]
    return "".join("\n" + indent + line for line in body)


def dequant_clamp(act_i32, act_f32, col_t, row_scale_t, indent):
    """`%gate` and `%up` from the i32 `%gate_i`/`%up_i`: dequantised by the
    row scale `%x_scale` and the column scales `%w1_scale`/`%w3_scale`, then
    clamped (gate <= `%limit`, up within [`%neg_limit`, `%limit`])."""
    body = [
        f"%gate_f = pypto.cast %gate_i round none : {act_i32} -> {act_f32}",
        f"%up_f = pypto.cast %up_i round none : {act_i32} -> {act_f32}",
        f"%gate_x = pypto.row_expand_mul %gate_f, %x_scale : {act_f32}, {col_t}",
        f"%gate_dq = pypto.col_expand_mul %gate_x, %w1_scale : {act_f32}, {row_scale_t}",
        f"%up_x = pypto.row_expand_mul %up_f, %x_scale : {act_f32}, {col_t}",
        f"%up_dq = pypto.col_expand_mul %up_x, %w3_scale : {act_f32}, {row_scale_t}",
        f"%gate = pypto.mins %gate_dq, %limit : {act_f32}, f32",
        f"%up_hi = pypto.mins %up_dq, %limit : {act_f32}, f32",
        f"%up = pypto.maxs %up_hi, %neg_limit : {act_f32}, f32",
    ]
    return "".join("\n" + indent + line for line in body)


def helper(program, name, helper_name):
    """The function `@name` of a generated program (a whole module, as the
    generators print it) as `func.func private @helper_name`, for a larger
    program to call: its argument attributes (`pypto.init`, `pypto.dir`,
    ...) are dropped, the body is kept as it is. `pypto-inline-helpers`
    inlines the calls."""
    import re
    start = program.index(f"  func.func @{name}(")
    sig_end = program.index(") {\n", start)
    end = program.rindex("\n  }\n") + len("\n  }\n")
    signature = re.sub(r" \{pypto\.[^{}]*\}", "", program[start:sig_end])
    signature = signature.replace(f"func.func @{name}(",
                                  f"func.func private @{helper_name}(", 1)
    return signature + program[sig_end:end]
