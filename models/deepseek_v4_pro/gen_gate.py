#!/usr/bin/env python3
"""Writes models/deepseek_v4_pro/gate.mlir for a configuration.

pypto-lib's models/deepseek_v4_pro/gate.py: the DeepSeek-V4 MoE router for
one decode step. Deferred RMSNorm (x * gamma stored, 1/rms kept per token),
per-token INT8 quantisation of the normalised activations, the gate matmul
(f32, the weight read transposed) with sqrt(softplus) and the bias, then
routing: hash layers look the experts up in tid2eid by token id, score
layers take the top-k of the biased scores (sort32 + mrgsort); the chosen
scores are normalised and scaled. `ci` (committed) shrinks the hidden size
and raises the token count so that every path runs (two gate tiles, a tail
of inactive tokens); `full` is pypto-lib's pro preset; `ep1` routes over the
48 experts of moe.py at EP 1 (464 pad columns in the sort).

    python3 models/deepseek_v4_pro/gen_gate.py > models/deepseek_v4_pro/gate.mlir
    python3 models/deepseek_v4_pro/gen_gate.py --config full -o /tmp/gate.mlir

Python 3 standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_common import command_line, write_program  # noqa: E402
from moe_mlir import first_branch_k_loop  # noqa: E402

# T: tokens (MOE_TOKENS), NUM_TOKENS: the active ones (the `num_tokens`
# argument's value), D: hidden size, N: routed experts.
CONFIGS = {
    "ci": dict(T=24, NUM_TOKENS=21, D=1024, N=384),
    "full": dict(T=8, NUM_TOKENS=8, D=7168, N=384),
    "ep1": dict(T=8, NUM_TOKENS=8, D=7168, N=48),
}

TOPK = 6
ROUTE_SCALE = 2.5
VOCAB = 129280
N_HASH_LAYERS = 3
NORM_EPS = 1e-6
INT8_SCALE_MAX = 127.0
INT8_AMAX_EPS = 1e-4
FP32_NEG_MAX = "-3.40282347E+38"  # FP32_NEG_INF: the most negative finite f32
LAYER_ID = 10  # a score layer; the hash path runs with layer_id < 3

T_TILE = 8  # T_TILE = GATE_T_TILE: tokens of a quantisation or routing task
GATE_M_TILE = 16  # cube rows of a gate block
GATE_N_TILE = 16  # expert columns of a gate block
GATE_D_TILE = 512  # K step of the gate matmul
ROW_PAD = 8  # the rows of the two-stage row reductions
QUANT_TILE = 256  # columns per quantisation step
SCORE_PAD = 512  # the sorted row (sort32 + mrgsort work on 512 columns)
TOPK_PAD = 8  # TOPK padded to 32 bytes of i32


def ty(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def lines(indent, *body):
    return "".join("\n" + indent + line if line else "\n" for line in body)


def two_stage(op, src, result, D, indent):
    """`result` (1x1) = `op` (row_sum or row_max) of the 1xD row `src`,
    over its [ROW_PAD, D / ROW_PAD] view, as pypto-lib reduces it."""
    w = D // ROW_PAD
    return lines(
        indent,
        f"{result}_rows = pypto.reshape {src} : {ty(1, D, 'f32')} -> {ty(ROW_PAD, w, 'f32')}",
        f"{result}_part = pypto.{op} {result}_rows : {ty(ROW_PAD, w, 'f32')}",
        f"{result}_flat = pypto.reshape {result}_part : {ty(ROW_PAD, 1, 'f32')} -> {ty(1, ROW_PAD, 'f32')}",
        f"{result} = pypto.{op} {result}_flat : {ty(1, ROW_PAD, 'f32')}",
    )


def generate(config, T, NUM_TOKENS, D, N):
    assert T % T_TILE == 0 and N % GATE_N_TILE == 0 and D % GATE_D_TILE == 0
    assert D % ROW_PAD == 0 and D % QUANT_TILE == 0 and TOPK_PAD <= N <= SCORE_PAD
    t_pad = -(-T // GATE_M_TILE) * GATE_M_TILE
    n_blocks = N // GATE_N_TILE
    one = ty(1, 1, "f32")
    row = ty(1, D, "f32")
    gate_t = ty(GATE_M_TILE, GATE_N_TILE, "f32")
    a_t = ty(GATE_M_TILE, GATE_D_TILE, "f32")
    ids_t = ty(T, TOPK_PAD, "i32")
    ids_tile = ty(T_TILE, TOPK_PAD, "i32")
    w_tile = ty(T_TILE, TOPK_PAD, "f32")
    scores_t = ty(t_pad, SCORE_PAD, "f32")
    out_ids = ty(T, TOPK, "i32")
    out_w = ty(T, TOPK, "f32")

    ffn_norm = lines(
        "        ",
        f"%xb = pypto.slice %x_mixed[%tok, %c0] [1, {D}] : {ty(T, D, 'bf16')} -> {ty(1, D, 'bf16')}",
        f"%x = pypto.cast %xb : {ty(1, D, 'bf16')} -> {row}",
        f"%wb = pypto.slice %norm_w_2d[%c0, %c0] [1, {D}] : {ty(1, D, 'bf16')} -> {ty(1, D, 'bf16')}",
        f"%w = pypto.cast %wb : {ty(1, D, 'bf16')} -> {row}",
        f"%xg = pypto.mul %x, %w : {row}",
        f"pypto.assemble %xg into %xg_buf[%tok, %c0] : {row} into {ty(t_pad, D, 'f32')}",
        "// inv_rms = 1 / sqrt(sum(x^2) / D + eps)",
        f"%sq = pypto.mul %x, %x : {row}",
    ) + two_stage("row_sum", "%sq", "%sq_sum", D, "        ") + lines(
        "        ",
        f"%ms = pypto.muls %sq_sum, %inv_d : {one}, f32",
        f"%mse = pypto.adds %ms, %eps : {one}, f32",
        f"%rms = pypto.sqrt %mse : {one}",
        f"%inv_rms = pypto.recip %rms : {one}",
        f"pypto.assemble %inv_rms into %inv_rms_buf[%tok, %c0] : {one} into {ty(t_pad, 1, 'f32')}",
        "// the INT8 scales: 127 / amax(xg) to quantise, amax(xg) / 127 * inv_rms to",
        "// dequantise (inv_rms cancels in the symmetric quantisation)",
        f"%xg_abs = pypto.abs %xg : {row}",
    ) + two_stage("row_max", "%xg_abs", "%amax_raw", D, "        ") + lines(
        "        ",
        f"%amax = pypto.maxs %amax_raw, %amax_eps : {one}, f32",
        f"%scale_max = pypto.full %int8_max : f32 -> {one}",
        f"%xg_sq = pypto.div %scale_max, %amax : {one}",
        f"%xg_dq = pypto.muls %amax, %inv_int8_max : {one}, f32",
        f"%x_dq = pypto.mul %xg_dq, %inv_rms : {one}",
        f"pypto.assemble %x_dq into %x_norm_scale[%tok, %c0] : {one} into {ty(T, 1, 'f32')}",
        f"pypto.assemble %xg_sq into %xn_scale_buf[%tok, %c0] : {one} into {ty(t_pad, 1, 'f32')}",
    )

    q_t = ty(T_TILE, QUANT_TILE, "f32")
    quant = lines(
        "          ",
        f"%g = pypto.slice %xg_buf[%t0, %k] [{T_TILE}, {QUANT_TILE}] : {ty(t_pad, D, 'f32')} -> {q_t}",
        f"%s = pypto.row_expand_mul %g, %col : {q_t}, {ty(T_TILE, 1, 'f32')}",
        f"%i = pypto.cast %s round rint : {q_t} -> {ty(T_TILE, QUANT_TILE, 'i32')}",
        f"%h = pypto.cast %i round round : {ty(T_TILE, QUANT_TILE, 'i32')} -> {ty(T_TILE, QUANT_TILE, 'f16')}",
        f"%q = pypto.cast %h round trunc : {ty(T_TILE, QUANT_TILE, 'f16')} -> {ty(T_TILE, QUANT_TILE, 'i8')}",
        f"pypto.assemble %q into %x_norm_i8[%t0, %k] : {ty(T_TILE, QUANT_TILE, 'i8')} into {ty(T, D, 'i8')}",
    )

    k_loop = first_branch_k_loop(
        gate_t,
        f"%a = pypto.slice %xg_buf[%t1, %k0] [{GATE_M_TILE}, {GATE_D_TILE}] : {ty(t_pad, D, 'f32')} -> {a_t}",
        f"%w = pypto.slice %gate_w[%n0, %k0] [{GATE_N_TILE}, {GATE_D_TILE}] : {ty(N, D, 'f32')} -> {ty(GATE_N_TILE, GATE_D_TILE, 'f32')}",
        a_t,
        ty(GATE_N_TILE, GATE_D_TILE, "f32"),
        "        ",
    )
    g = gate_t
    gate_post = lines(
        "        ",
        f"%ir = pypto.slice %inv_rms_buf[%t1, %c0] [{GATE_M_TILE}, 1] : {ty(t_pad, 1, 'f32')} -> {ty(GATE_M_TILE, 1, 'f32')}",
        f"%l = pypto.row_expand_mul %acc, %ir : {g}, {ty(GATE_M_TILE, 1, 'f32')}",
        "// softplus(l) = relu(l) + log(exp(-|l|) + 1), with pypto-lib's floor",
        "// min(max(-l - 10, 0), 1) * exp(min(l, 0)) for large negative logits",
        f"%relu = pypto.maxs %l, %zf : {g}, f32",
        f"%neg_l = pypto.neg %l : {g}",
        f"%abs_l = pypto.max %l, %neg_l : {g}",
        f"%neg_abs = pypto.neg %abs_l : {g}",
        f"%e = pypto.exp %neg_abs : {g}",
        f"%e1 = pypto.adds %e, %one : {g}, f32",
        f"%lg = pypto.log %e1 : {g}",
        f"%sp_log = pypto.add %relu, %lg : {g}",
        f"%nl10 = pypto.subs %neg_l, %ten : {g}, f32",
        f"%fm0 = pypto.maxs %nl10, %zf : {g}, f32",
        f"%fmask = pypto.mins %fm0, %one : {g}, f32",
        f"%lneg = pypto.mins %l, %zf : {g}, f32",
        f"%el = pypto.exp %lneg : {g}",
        f"%floor = pypto.mul %fmask, %el : {g}",
        f"%sp = pypto.max %sp_log, %floor : {g}",
        f"%score = pypto.sqrt %sp : {g}",
        f"pypto.assemble %score into %route_scores[%t1, %n0] : {g} into {scores_t}",
        "%scored = arith.cmpi sge, %layer_id, %n_hash_layers : i32",
        "scf.if %scored {",
        f"  %bias = pypto.slice %gate_bias[%n0] [{GATE_N_TILE}] : {ty(N, 'f32')} -> {ty(GATE_N_TILE, 'f32')}",
        f"  %biased = pypto.col_expand_add %score, %bias : {g}, {ty(GATE_N_TILE, 'f32')}",
        f"  pypto.assemble %biased into %biased_scores[%t1, %n0] : {g} into {scores_t}",
        "}",
    )

    pad_cols = SCORE_PAD - N
    pre_route_pad = ""
    if pad_cols:
        pre_route_pad = lines(
            "      ",
            "// the pad columns rank last in the sort",
            f"%pad = pypto.full %neg_max : f32 -> {ty(t_pad, pad_cols, 'f32')}",
            f"pypto.assemble %pad into %biased_scores[%c0, %c{N}] : {ty(t_pad, pad_cols, 'f32')} into {scores_t}",
        )

    sort_pairs = ty(1, 2 * SCORE_PAD, "f32")
    route_sort = lines(
        "          ",
        f"%row = pypto.slice %biased_scores[%r, %c0] [1, {SCORE_PAD}] : {scores_t} -> {ty(1, SCORE_PAD, 'f32')}",
        f"%ramp = pypto.arange %zi : i32 -> {ty(1, SCORE_PAD, 'i32')}",
        f"%pairs = pypto.sort32 %row, %ramp : {ty(1, SCORE_PAD, 'f32')}, {ty(1, SCORE_PAD, 'i32')} -> {sort_pairs}",
        f"%runs = pypto.mrgsort %pairs {{block_len = 64 : i64}} : {sort_pairs}",
        "// pypto-lib merges the four 256-column runs with one 4-operand mrgsort",
        f"%sorted = pypto.mrgsort %runs {{block_len = 256 : i64}} : {sort_pairs}",
        f"%ids = pypto.gather_mask %sorted odd : {sort_pairs} -> {ty(1, TOPK_PAD, 'i32')}",
        f"pypto.assemble %ids into %route_ids[%r, %c0] : {ty(1, TOPK_PAD, 'i32')} into {ids_t}",
    )
    route_hash = lines(
        "          ",
        f"%id = pypto.read %input_ids[%r] : {ty(T, 'i64')} -> i64",
        "%token = arith.index_cast %id : i64 to index",
        f"scf.for %k = %c0 to %c{TOPK} step %c1 {{",
        f"  %e = pypto.read %tid2eid[%token, %k] : {ty(VOCAB, TOPK, 'i32')} -> i32",
        f"  pypto.write %e into %route_ids[%r, %k] : i32 into {ids_t}",
        '} {pypto.loop = "range"}',
    )
    route_norm = lines(
        "        ",
        f"%ids = pypto.slice %route_ids[%t1, %c0] [{T_TILE}, {TOPK_PAD}] : {ids_t} -> {ids_tile}",
        f"%sc = pypto.slice %route_scores[%t1, %c0] [{T_TILE}, {N}] : {scores_t} -> {ty(T_TILE, N, 'f32')}",
        f"%picked = pypto.gather %sc[%ids] : {ty(T_TILE, N, 'f32')}, {ids_tile} -> {w_tile}",
        "// the pad columns (TOPK..TOPK_PAD) leave the sum",
        f"%vals = pypto.fillpad %picked valid [%c{T_TILE}, %c{TOPK}] pad zero : {w_tile} -> {w_tile}",
        f"%den = pypto.row_sum %vals : {w_tile}",
        f"%wn = pypto.row_expand_div %vals, %den : {w_tile}, {ty(T_TILE, 1, 'f32')}",
        f"%wts = pypto.muls %wn, %route_scale : {w_tile}, f32",
        f"scf.for %tt = %c0 to %c{T_TILE} step %c1 {{",
        "  %r = arith.addi %t1, %tt : index",
        "  %live = arith.cmpi slt, %r, %active : index",
        "  scf.if %live {",
        f"    scf.for %k = %c0 to %c{TOPK} step %c1 {{",
        f"      %i = pypto.read %ids[%tt, %k] : {ids_tile} -> i32",
        f"      pypto.write %i into %indices[%r, %k] : i32 into {out_ids}",
        f"      %v = pypto.read %wts[%tt, %k] : {w_tile} -> f32",
        f"      pypto.write %v into %weights[%r, %k] : f32 into {out_w}",
        '    } {pypto.loop = "range"}',
        "  }",
        '} {pypto.loop = "range"}',
    )

    consts = sorted({0, 1, TOPK, T_TILE, GATE_M_TILE, n_blocks, T, N})
    const_lines = "".join(
        f"\n    %c{c} = arith.constant {c} : index" for c in consts)

    return f"""\
// GENERATED by models/deepseek_v4_pro/gen_gate.py --config {config}; do not edit.
//
// DeepSeek-V4 MoE router (decode), ported from pypto-lib's
// models/deepseek_v4_pro/gate.py: {T} tokens ({NUM_TOKENS} active), hidden {D}, {N} routed
// experts, top {TOPK} (pypto-lib's pro preset: 8 tokens, hidden 7168, 384
// experts, `--config full`; moe.py at EP 1 routes over 48, `--config ep1`).
//
// 1. ffn_norm, one token per SPMD block: xg = x * gamma (stored without
//    1/rms, which factors out of everything downstream), inv_rms from the sum
//    of squares and the INT8 scales from the absolute maximum, both reduced
//    in two stages over the row viewed as [{ROW_PAD}, {D // ROW_PAD}];
// 2. x_norm_quant: x_norm_i8 = xg * (127 / amax), rounded to nearest even
//    through f16, {T_TILE} tokens a task;
// 3. gate_pre_route: zero the outputs of inactive tokens; -FLT_MAX into the
//    pad columns of the biased scores;
// 4. gate, a [{GATE_M_TILE}, {GATE_N_TILE}] block of experts per SPMD block:
//    logits = inv_rms * (xg @ gate_w^T) (f32, K steps of {GATE_D_TILE}, the first on
//    the `k == 0` branch), scores = sqrt(softplus(logits)), and on score
//    layers (layer_id >= {N_HASH_LAYERS}) the biased scores;
// 5. routing, {T_TILE} tokens a task: hash layers look their experts up in
//    tid2eid by token id; score layers sort each biased row (sort32, two
//    merges) and take the first {TOPK} ids; then route_norm gathers the scores at
//    the ids, normalises them and scales by {ROUTE_SCALE}, and writes the active tokens'
//    ids and weights.
//
// What the port changes: pypto-lib builds the [{T_TILE}, {TOPK_PAD}] id tile inside
// its routing kernel (a kernel-local tensor written element by element);
// here it is a GM tensor, `route_ids`, that one task fills and route_norm
// reads, so routing is two tasks. The two-stage reductions reshape their
// [{ROW_PAD}, 1] partials to a row instead of assigning them into a padded tile;
// the 4-operand merge of 256-column runs is one merge with block_len 256;
// the bias is added with col_expand_add; the run-time SPMD counts, zero
// when num_tokens is, are guarded.
//
// Tolerance: pypto-lib's, rtol = atol = 1e-3; x_norm_i8 may be one off at
// one point in a thousand (a product on a rounding boundary).
module @gate attributes {{pypto.golden = "gate.golden.py",
                         pypto.rtol = 1.0e-3 : f64,
                         pypto.atol = 1.0e-3 : f64}} {{
  func.func @gate(
      %x_mixed: {ty(T, D, 'bf16')} {{pypto.init = "randn"}},
      %norm_w: {ty(D, 'bf16')} {{pypto.init = "randn"}},
      %gate_w: {ty(N, D, 'f32')} {{pypto.init = "randn", pypto.init_scale = {1.0 / D ** 0.5:.6e} : f64}},
      %gate_bias: {ty(N, 'f32')} {{pypto.init = "randn", pypto.init_scale = 1.000000e-01 : f64}},
      %layer_id: i32 {{pypto.value = {LAYER_ID} : i32}},
      %num_tokens: i32 {{pypto.value = {NUM_TOKENS} : i32}},
      %tid2eid: {ty(VOCAB, TOPK, 'i32')} {{pypto.init = "randint", pypto.init_range = array<i64: 0, {N}>}},
      %input_ids: {ty(T, 'i64')} {{pypto.init = "randint", pypto.init_range = array<i64: 0, {VOCAB}>}},
      %x_norm_i8: {ty(T, D, 'i8')} {{pypto.dir = "out", pypto.compare = "ratio_allclose(atol=1, rtol=0, max_error_ratio=0.001)"}},
      %x_norm_scale: {ty(T, 1, 'f32')} {{pypto.dir = "out"}},
      %indices: {out_ids} {{pypto.dir = "out"}},
      %weights: {out_w} {{pypto.dir = "out"}}) {{{const_lines}
    %zf = arith.constant 0.0 : f32
    %zi = arith.constant 0 : i32
    %one = arith.constant 1.0 : f32
    %ten = arith.constant 10.0 : f32
    %eps = arith.constant {NORM_EPS:e} : f32
    %inv_d = arith.constant {1.0 / D:e} : f32
    %amax_eps = arith.constant {INT8_AMAX_EPS:e} : f32
    %int8_max = arith.constant {INT8_SCALE_MAX} : f32
    %inv_int8_max = arith.constant {1.0 / INT8_SCALE_MAX:.9e} : f32
    %neg_max = arith.constant {FP32_NEG_MAX} : f32
    %route_scale = arith.constant {ROUTE_SCALE} : f32
    %n_hash_layers = arith.constant {N_HASH_LAYERS} : i32

    // Scratch between the tasks; the rows past the tokens (to a whole gate
    // tile) are read by the last gate tile and start at zero.
    %xg_buf = pypto.create_tensor init 0.0 : {ty(t_pad, D, 'f32')}
    %inv_rms_buf = pypto.create_tensor init 0.0 : {ty(t_pad, 1, 'f32')}
    %xn_scale_buf = pypto.create_tensor : {ty(t_pad, 1, 'f32')}
    %route_scores = pypto.create_tensor : {scores_t}
    %biased_scores = pypto.create_tensor : {scores_t}
    %route_ids = pypto.create_tensor init 0.0 : {ids_t}
    %norm_w_2d = pypto.reshape %norm_w : {ty(D, 'bf16')} -> {ty(1, D, 'bf16')}

    // The active tokens, num_tokens clamped to 0..{T}, and the task counts.
    %n = arith.index_cast %num_tokens : i32 to index
    %n_pos = arith.maxsi %n, %c0 : index
    %active = arith.minsi %n_pos, %c{T} : index
    %gate_tiles = arith.ceildivsi %active, %c{GATE_M_TILE} : index
    %gate_rows = arith.muli %gate_tiles, %c{GATE_M_TILE} : index
    %gate_tokens = arith.minsi %gate_rows, %c{T} : index
    %gate_blocks = arith.muli %gate_tiles, %c{n_blocks} : index
    %route_tiles = arith.ceildivsi %active, %c{T_TILE} : index
    %any = arith.cmpi sgt, %active, %c0 : index

    scf.if %any {{
      pypto.spmd core_group "ffn_norm" blocks(%gate_tokens) allow_early_resolve (%tok) {{{ffn_norm}
      }}
    }}

    scf.for %t0 = %c0 to %gate_tokens step %c{T_TILE} {{
      pypto.at core_group "x_norm_quant" allow_early_resolve {{
        %col = pypto.slice %xn_scale_buf[%t0, %c0] [{T_TILE}, 1] : {ty(t_pad, 1, 'f32')} -> {ty(T_TILE, 1, 'f32')}
        %c_d = arith.constant {D} : index
        %c_quant = arith.constant {QUANT_TILE} : index
        scf.for %k = %c0 to %c_d step %c_quant {{{quant}
        }} {{pypto.loop = "pipeline"}}
      }}
    }} {{pypto.loop = "parallel"}}

    pypto.at core_group "gate_pre_route" {{
      scf.for %zt = %c0 to %c{T} step %c1 {{
        %off = arith.cmpi sge, %zt, %active : index
        scf.if %off {{
          pypto.write %zf into %x_norm_scale[%zt, %c0] : f32 into {ty(T, 1, 'f32')}
          scf.for %zk = %c0 to %c{TOPK} step %c1 {{
            pypto.write %zi into %indices[%zt, %zk] : i32 into {out_ids}
            pypto.write %zf into %weights[%zt, %zk] : f32 into {out_w}
          }} {{pypto.loop = "range"}}
        }}
      }} {{pypto.loop = "range"}}{pre_route_pad}
    }}

    scf.if %any {{
      pypto.spmd core_group "gate" blocks(%gate_blocks) allow_early_resolve (%gb) {{
        %tg = arith.divsi %gb, %c{n_blocks} : index
        %nb = arith.remsi %gb, %c{n_blocks} : index
        %t1 = arith.muli %tg, %c{GATE_M_TILE} : index
        %n0 = arith.muli %nb, %c{GATE_N_TILE} : index
        %c_k_tile = arith.constant {GATE_D_TILE} : index
        %c_k_end = arith.constant {D} : index
        %init = pypto.full %zf : f32 -> {gate_t}{k_loop}{gate_post}
      }}

      // Routing: the ids of each active token's experts into route_ids.
      %hash = arith.cmpi slt, %layer_id, %n_hash_layers : i32
      scf.if %hash {{
        pypto.spmd core_group "route_hash" blocks(%route_tiles) allow_early_resolve (%th) {{
          %t1 = arith.muli %th, %c{T_TILE} : index
          scf.for %tt = %c0 to %c{T_TILE} step %c1 {{
            %r = arith.addi %t1, %tt : index{route_hash}
          }} {{pypto.loop = "range"}}
        }}
      }} else {{
        pypto.spmd core_group "route_sort" blocks(%route_tiles) allow_early_resolve (%ts) {{
          %t1 = arith.muli %ts, %c{T_TILE} : index
          // the sort works on one row at a time
          scf.for %tt = %c0 to %c{T_TILE} step %c1 {{
            %r = arith.addi %t1, %tt : index{route_sort}
          }} {{pypto.loop = "range"}}
        }}
      }}

      // The chosen scores, normalised and scaled, with their ids.
      pypto.spmd core_group "route_norm" blocks(%route_tiles) allow_early_resolve (%tn) {{
        %t1 = arith.muli %tn, %c{T_TILE} : index{route_norm}
      }}
    }}
    return
  }}
}}
"""


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
