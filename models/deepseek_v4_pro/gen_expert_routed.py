#!/usr/bin/env python3
"""Writes models/deepseek_v4_pro/expert_routed.mlir for a configuration.

pypto-lib's models/deepseek_v4_pro/expert_routed.py: the DeepSeek-V4 MoE
routed experts of one card (expert parallel, decode), INT8 weights with
per-channel scales in rank-3 [expert, out, in] tensors. Per local expert,
the rows it received (a count read from GM), in tiles of 16 with a tail:
gate and up projections (i8 x i8 -> i32), dequantised SwiGLU with the clamp
at 10, per-row INT8 requantisation, the down projection and its
dequantisation scaled by each row's routing weight, into the expert's rows
of `recv_y`. `ci` (committed) keeps the tiling and shrinks the sizes; `full`
is pypto-lib's pro preset (48 local experts, hidden 7168, intermediate 3072);
`flash` its flash preset, the program of
models/deepseek_v4_flash_dspark/expert_routed.py (32 local experts, hidden
4096, intermediate 2048).

    python3 models/deepseek_v4_pro/gen_expert_routed.py > models/deepseek_v4_pro/expert_routed.mlir
    python3 models/deepseek_v4_pro/gen_expert_routed.py --config full -o /tmp/full.mlir

Python 3 standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_common import command_line, swiglu, write_program  # noqa: E402
from moe_mlir import dequant_clamp, first_branch_k_loop  # noqa: E402

# E: local experts, R: RECV_MAX rows an expert may receive, D: hidden size,
# INTER: the experts' intermediate size; counts: how the received row
# counts are drawn.
CONFIGS = {
    # 0, 21, 42 and 63 rows: an expert with none, and 2 to 4 tiles of 16
    # with tails of 5, 10 and 15 rows.
    "ci": dict(E=4, R=64, D=1024, INTER=1024,
               counts='pypto.init = "arange", pypto.init_scale = 21.0 : f64'),
    # pypto-lib's: 48 token-expert pairs over 48 experts, about one each.
    "full": dict(E=48, R=64, D=7168, INTER=3072,
                 counts='pypto.init = "randint", '
                        'pypto.init_range = array<i64: 0, 3>'),
    # The flash preset: 48 pairs over 32 experts.
    "flash": dict(E=32, R=64, D=4096, INTER=2048,
                  counts='pypto.init = "randint", '
                         'pypto.init_range = array<i64: 0, 4>'),
}

RECV_TILE = 16
K_TILE = 512
INTER_K = 512
MM_INTER_TILE = 256
MM_GATE_INNER = 4
ACT_INTER_TILE = 128
ACT_GATE_INNER = 4
D_OUT_TILE = 256
QUANT_TILE = 512
D_OUT_TILE_ACT = 512
W2_INNER = 4


def T(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def projection(name, blocks, act, act_t, act_row, weight, weight_t, expert,
               n_inner, n_tile, k_end, dst, dst_t, early=""):
    """pypto-lib's spmd of `n_inner` i8 x i8 -> i32 K loops a block, each
    over the expert's rank-3 weight read transposed, the first product on
    the `k0 == 0` branch."""
    acc = T(1, RECV_TILE, n_tile, "i32")
    a = T(RECV_TILE, K_TILE, "i8")
    b = T(1, n_tile, K_TILE, "i8")
    return f"""
          pypto.spmd core_group "{name}" blocks({blocks}){early} (%blk) {{
            %c_span = arith.constant {n_inner * n_tile} : index
            %c_n_tile = arith.constant {n_tile} : index
            %c_n_inner = arith.constant {n_inner} : index
            %c_k_tile = arith.constant {K_TILE} : index
            %c_k_end = arith.constant {k_end} : index
            %n_base = arith.muli %blk, %c_span : index
            scf.for %ng = %c0 to %c_n_inner step %c1 {{
              %n_off = arith.muli %ng, %c_n_tile : index
              %n0 = arith.addi %n_base, %n_off : index
              %zero = arith.constant 0 : i32
              %init = pypto.full %zero : i32 -> {acc}{first_branch_k_loop(
                acc,
                f"%a = pypto.slice %{act}[{act_row}, %k0] [{RECV_TILE}, {K_TILE}] : {act_t}",
                f"%w = pypto.slice %{weight}[{expert}, %n0, %k0] [1, {n_tile}, {K_TILE}] : {weight_t}",
                a, b, "              ")}
              %acc_2d = pypto.reshape %acc : {acc} -> {T(RECV_TILE, n_tile, 'i32')}
              pypto.assemble %acc_2d into %{dst}[%c0, %n0] : {T(RECV_TILE, n_tile, 'i32')} into {dst_t}
            }} {{pypto.loop = "range"}}
          }}"""


def expert_tile_loops(e, base, rows, tiles, t, t0, flat, counts_t):
    """The orchestration's loops over the local experts (`%e`) and the tiles
    of 16 of the rows each received (`%t`, at row `%t0` of the expert and
    `%flat` of the flat view), the row count `%rows` read from GM."""
    return f"""      scf.for %{e} = %c0 to %c_experts step %c1 {{
        %{base} = arith.muli %{e}, %c_recv_max : index
        %{rows}32 = pypto.read %recv_expert_count[%{e}, %c0] : {counts_t} -> i32
        %{rows} = arith.index_cast %{rows}32 : i32 to index
        %{tiles} = arith.ceildivsi %{rows}, %c_tile : index
        scf.for %{t} = %c0 to %{tiles} step %c1 {{
          %{t0} = arith.muli %{t}, %c_tile : index
          %{flat} = arith.addi %{base}, %{t0} : index"""


TEMPLATE = """\
// GENERATED by models/deepseek_v4_pro/gen_expert_routed.py --config {config}; do not edit.
//
// DeepSeek-V4 MoE routed experts of one card (decode, expert parallel),
// ported from pypto-lib's models/deepseek_v4_pro/expert_routed.py: {E} local
// experts receiving up to {R} rows each, hidden {D}, intermediate {INTER}
// (pypto-lib's pro preset: 48, 64, 7168, 3072, `--config full`; its flash
// preset, deepseek_v4_flash_dspark/expert_routed.py: 32, 64, 4096, 2048,
// `--config flash`). INT8 rows and
// rank-3 INT8 weights [expert, out, in] with f32 dequantisation scales. Per
// local expert, its row count read from `recv_expert_count`, per tile of
// {RECV_TILE} of its rows (the last a tail of `valid_rows`):
//
// 1. gate and up projections, i8 x i8 -> i32 on the cube: an spmd block per
//    {span} columns ({MM_GATE_INNER} K loops of {MM_INTER_TILE} columns, steps of {K_TILE}), the
//    first product on pypto-lib's `k0 == 0` branch, the expert's weight
//    block read transposed;
// 2. per {act_span} columns: dequantise, clamp (gate <= 10, |up| <= 10),
//    h = silu(gate) * up, its rows past the tile's valid rows zeroed
//    (pypto-lib's set_validshape + fillpad);
// 3. the rows' absolute maxima, h requantised to INT8 (rint to i32, round to
//    f16, trunc to i8) and the per-row dequantisation scale;
// Then per expert and tile again:
// 4. down projection, i8 x i8 -> i32, {w2_span} columns a block;
// 5. dequantise with the row's h scale times its routing weight and the
//    weight's column scale, to bf16, into the tile's rows of `recv_y`.
//
// The h scales (`h_scale_dq`) take no part in dependency tracking
// (pypto-lib's `manual_dep`): the down projection orders their reader after
// their writer. Each phase is a runtime scope, as pypto-lib's `pl.scope()`.
//
// What the port changes: the inputs are uniform INT8 and uniform scales
// (pypto-lib simulates an FP4 weight grid and quantises bf16 activations in
// Python); the row counts are {counts_text}; a tile of `recv_y` is a view
// its kernel writes (pypto-lib assembles a created tensor into it); rows past
// an expert's count keep the zeros `recv_y` starts with (as pypto-lib's
// output buffer).
//
// Tolerance: pypto-lib's, 1e-3 absolute and relative.
module @expert_routed attributes {{pypto.golden = "expert_routed.golden.py",
                                  pypto.rtol = 1.0e-3 : f64,
                                  pypto.atol = 1.0e-3 : f64}} {{
  func.func @expert_routed(
      %recv_x: {recv_x} {{pypto.init = "randint", pypto.init_range = array<i64: -127, 128>}},
      %recv_scale_dq: {row_f32} {{pypto.init = "rand", pypto.init_scale = 4.000000e-02 : f64}},
      %recv_weights: {row_f32} {{pypto.init = "rand"}},
      %recv_expert_count: {counts_t} {{{counts}}},
      %routed_w1: {w13} {{pypto.init = "randint", pypto.init_range = array<i64: -127, 128>}},
      %routed_w1_scale: {w13_s} {{pypto.init = "rand", pypto.init_scale = {w13_scale} : f64}},
      %routed_w3: {w13} {{pypto.init = "randint", pypto.init_range = array<i64: -127, 128>}},
      %routed_w3_scale: {w13_s} {{pypto.init = "rand", pypto.init_scale = {w13_scale} : f64}},
      %routed_w2: {w2} {{pypto.init = "randint", pypto.init_range = array<i64: -127, 128>}},
      %routed_w2_scale: {w2_s} {{pypto.init = "rand", pypto.init_scale = {w2_scale} : f64}},
      %recv_y: {recv_y} {{pypto.dir = "inout", pypto.init = "zeros"}}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c_tile = arith.constant {RECV_TILE} : index
    %c_recv_max = arith.constant {R} : index
    %c_experts = arith.constant {E} : index
    %recv_y_flat = pypto.reshape %recv_y : {recv_y} -> {flat_y}
    %recv_x_flat = pypto.reshape %recv_x : {recv_x} -> {flat_x}
    %h_i8 = pypto.create_tensor : {h_i8}
    %h_scale_dq = pypto.create_tensor : {h_sd}

    // Gate/up, SwiGLU and requantisation, per expert and tile of its rows.
    pypto.scope {{
{loops_i}
          %left = arith.subi %n_rows, %t0 : index
          %valid_rows = arith.minsi %left, %c_tile : index
          pypto.scope {{
          %gate_tile_i32 = pypto.create_tensor : {tile_i32}
          %up_tile_i32 = pypto.create_tensor : {tile_i32}
{gate_up}
          %h_tile_fp32 = pypto.create_tensor : {tile_f32}
          pypto.spmd core_group "exp_gate_up_act" blocks({act_blocks}) (%blk) {{
            %c_span = arith.constant {act_span} : index
            %c_act_tile = arith.constant {ACT_INTER_TILE} : index
            %c_act_inner = arith.constant {ACT_GATE_INNER} : index
            %a_base = arith.muli %blk, %c_span : index
            %limit = arith.constant 10.0 : f32
            %neg_limit = arith.constant -10.0 : f32
            %one = arith.constant 1.0 : f32
            scf.for %ag = %c0 to %c_act_inner step %c1 {{
              %a_off = arith.muli %ag, %c_act_tile : index
              %a0 = arith.addi %a_base, %a_off : index
              %gate_i = pypto.slice %gate_tile_i32[%c0, %a0] [{RECV_TILE}, {ACT_INTER_TILE}] : {tile_i32}
              %up_i = pypto.slice %up_tile_i32[%c0, %a0] [{RECV_TILE}, {ACT_INTER_TILE}] : {tile_i32}
              %x_scale_row = pypto.slice %recv_scale_dq[%local_i, %t0] [1, {RECV_TILE}] : {row_f32}
              %x_scale = pypto.reshape %x_scale_row : {row16} -> {col16}
              %w1_scale = pypto.slice %routed_w1_scale[%local_i, %a0] [1, {ACT_INTER_TILE}] : {w13_s}
              %w3_scale = pypto.slice %routed_w3_scale[%local_i, %a0] [1, {ACT_INTER_TILE}] : {w13_s}{dequant}{swiglu}
              %gated_valid = pypto.fillpad %gated valid [%valid_rows, %c_act_tile] pad zero : {act_f32} -> {act_f32}
              pypto.assemble %gated_valid into %h_tile_fp32[%c0, %a0] : {act_f32} into {tile_f32}
            }} {{pypto.loop = "pipeline"}}
          }}
          %h_tile_i8 = pypto.slice %h_i8[%flat_t0, %c0] [{RECV_TILE}, {INTER}] : {h_i8}
          %h_tile_scale_dq = pypto.slice %h_scale_dq[%flat_t0, %c0] [{RECV_TILE}, 1] : {h_sd}
          pypto.at core_group "exp_h_q" no_dep(%h_tile_scale_dq : {col16}) {{
            %c_quant = arith.constant {QUANT_TILE} : index
            %c_inter = arith.constant {INTER} : index
            %eps = arith.constant 1.0e-4 : f32
            %scale_max = arith.constant 127.0 : f32
            %amax_init = pypto.full %eps : f32 -> {row16}
            %amax = scf.for %k0 = %c0 to %c_inter step %c_quant iter_args(%am = %amax_init) -> ({row16}) {{
              %h = pypto.slice %h_tile_fp32[%c0, %k0] [{RECV_TILE}, {QUANT_TILE}] : {tile_f32}
              %h_neg = pypto.neg %h : {q_f32}
              %h_abs = pypto.max %h, %h_neg : {q_f32}
              %h_max = pypto.row_max %h_abs : {q_f32} -> {col16}
              %h_max_row = pypto.reshape %h_max : {col16} -> {row16}
              %am_next = pypto.max %am, %h_max_row : {row16}
              scf.yield %am_next : {row16}
            }} {{pypto.loop = "pipeline"}}
            %scale_max_row = pypto.full %scale_max : f32 -> {row16}
            %sq_row = pypto.div %scale_max_row, %amax : {row16}
            %dq_row = pypto.recip %sq_row : {row16}
            %dq_col = pypto.reshape %dq_row : {row16} -> {col16}
            pypto.assemble %dq_col into %h_tile_scale_dq[%c0, %c0] : {col16} into {col16}
            %sq_col = pypto.reshape %sq_row : {row16} -> {col16}
            scf.for %k1 = %c0 to %c_inter step %c_quant {{
              %h = pypto.slice %h_tile_fp32[%c0, %k1] [{RECV_TILE}, {QUANT_TILE}] : {tile_f32}
              %h_scaled = pypto.row_expand_mul %h, %sq_col : {q_f32}, {col16}
              %h_i32 = pypto.cast %h_scaled round rint : {q_f32} -> {q_i32}
              %h_f16 = pypto.cast %h_i32 round round : {q_i32} -> {q_f16}
              %h_q = pypto.cast %h_f16 round trunc : {q_f16} -> {q_i8}
              pypto.assemble %h_q into %h_tile_i8[%c0, %k1] : {q_i8} into {tile_i8}
            }} {{pypto.loop = "pipeline"}}
          }}
          }}
        }} {{pypto.loop = "parallel"}}
      }} {{pypto.loop = "parallel"}}
    }}

    // Down projection and its dequantisation, per expert and tile.
    pypto.scope {{
{loops_e}
          %h_tile_i8 = pypto.slice %h_i8[%flat_tt0, %c0] [{RECV_TILE}, {INTER}] : {h_i8}
          %h_tile_scale_dq = pypto.slice %h_scale_dq[%flat_tt0, %c0] [{RECV_TILE}, 1] : {h_sd}
          %y_i32 = pypto.create_tensor : {y_tile}
{down}
          %recv_y_tile = pypto.slice %recv_y_flat[%flat_tt0, %c0] [{RECV_TILE}, {D}] : {flat_y}
          pypto.spmd core_group "exp_w2_act" blocks({w2_act_blocks}) no_dep(%h_tile_scale_dq : {col16}) allow_early_resolve (%blk) {{
            %c_span = arith.constant {w2_act_span} : index
            %c_out_tile = arith.constant {D_OUT_TILE_ACT} : index
            %c_inner = arith.constant {w2_act_inner} : index
            %act_d_base = arith.muli %blk, %c_span : index
            %w_row = pypto.slice %recv_weights[%local_e, %tt0] [1, {RECV_TILE}] : {row_f32}
            %w_col = pypto.reshape %w_row : {row16} -> {col16}
            %row_scale = pypto.mul %h_tile_scale_dq, %w_col : {col16}
            scf.for %dg = %c0 to %c_inner step %c1 {{
              %d_off = arith.muli %dg, %c_out_tile : index
              %d0 = arith.addi %act_d_base, %d_off : index
              %y = pypto.slice %y_i32[%c0, %d0] [{RECV_TILE}, {D_OUT_TILE_ACT}] : {y_tile}
              %w2_scale = pypto.slice %routed_w2_scale[%local_e, %d0] [1, {D_OUT_TILE_ACT}] : {w2_s}
              %y_f = pypto.cast %y round none : {out_i32} -> {out_f32}
              %y_rows = pypto.row_expand_mul %y_f, %row_scale : {out_f32}, {col16}
              %y_dq = pypto.col_expand_mul %y_rows, %w2_scale : {out_f32}, {out_s}
              %y_b = pypto.cast %y_dq round rint : {out_f32} -> {out_bf16}
              pypto.assemble %y_b into %recv_y_tile[%c0, %d0] : {out_bf16} into {y_view}
            }} {{pypto.loop = "pipeline"}}
          }}
        }} {{pypto.loop = "parallel"}}
      }} {{pypto.loop = "parallel"}}
    }}
    return
  }}
}}
"""


def generate(config, E, R, D, INTER, counts):
    assert R % RECV_TILE == 0
    assert INTER % (MM_GATE_INNER * MM_INTER_TILE) == 0
    assert INTER % (ACT_GATE_INNER * ACT_INTER_TILE) == 0
    assert INTER % QUANT_TILE == 0 and INTER % INTER_K == 0
    assert D % K_TILE == 0 and D % (W2_INNER * D_OUT_TILE) == 0
    assert D % D_OUT_TILE_ACT == 0
    w2_act_inner = D // D_OUT_TILE_ACT  # one task covers the hidden size
    recv_x = T(E, R, D, "i8")
    flat_x = T(E * R, D, "i8")
    w13 = T(E, INTER, D, "i8")
    w2 = T(E, D, INTER, "i8")
    tile_i32 = T(RECV_TILE, INTER, "i32")
    y_tile = T(RECV_TILE, D, "i32")
    h_i8 = T(E * R, INTER, "i8")
    gate_up = (
        projection("exp_gate_mm", INTER // (MM_GATE_INNER * MM_INTER_TILE),
                   "recv_x_flat", flat_x, "%flat_t0", "routed_w1", w13,
                   "%local_i", MM_GATE_INNER, MM_INTER_TILE, D,
                   "gate_tile_i32", tile_i32) +
        projection("exp_up_mm", INTER // (MM_GATE_INNER * MM_INTER_TILE),
                   "recv_x_flat", flat_x, "%flat_t0", "routed_w3", w13,
                   "%local_i", MM_GATE_INNER, MM_INTER_TILE, D,
                   "up_tile_i32", tile_i32))
    down = projection("exp_w2_mm", D // (W2_INNER * D_OUT_TILE), "h_tile_i8",
                      T(RECV_TILE, INTER, "i8"), "%c0", "routed_w2", w2,
                      "%local_e", W2_INNER, D_OUT_TILE, INTER, "y_i32", y_tile,
                      early=" allow_early_resolve")
    act_f32 = T(RECV_TILE, ACT_INTER_TILE, "f32")
    counts_text = ("0, 21, 42 and 63 (`arange` in steps of 21: an expert "
                   "with none and tails of 5, 10 and 15 rows)"
                   if "arange" in counts else
                   "drawn from 0..2 (pypto-lib's: about one an expert)")
    return TEMPLATE.format(
        config=config, E=E, R=R, D=D, INTER=INTER, RECV_TILE=RECV_TILE,
        MM_GATE_INNER=MM_GATE_INNER, MM_INTER_TILE=MM_INTER_TILE,
        K_TILE=K_TILE, ACT_INTER_TILE=ACT_INTER_TILE,
        ACT_GATE_INNER=ACT_GATE_INNER, QUANT_TILE=QUANT_TILE,
        D_OUT_TILE_ACT=D_OUT_TILE_ACT,
        span=MM_GATE_INNER * MM_INTER_TILE,
        act_span=ACT_GATE_INNER * ACT_INTER_TILE,
        act_blocks=INTER // (ACT_GATE_INNER * ACT_INTER_TILE),
        w2_span=W2_INNER * D_OUT_TILE,
        w2_act_blocks=D // (w2_act_inner * D_OUT_TILE_ACT),
        w2_act_inner=w2_act_inner, w2_act_span=w2_act_inner * D_OUT_TILE_ACT,
        counts=counts, counts_text=counts_text,
        w13_scale=f"{0.0024 * (1024 / D) ** 0.5:.6e}",
        w2_scale=f"{0.00004 * (1024 / INTER) ** 0.5:.6e}",
        recv_x=recv_x, flat_x=flat_x, row_f32=T(E, R, "f32"),
        counts_t=T(E, 1, "i32"), w13=w13, w13_s=T(E, INTER, "f32"), w2=w2,
        w2_s=T(E, D, "f32"), recv_y=T(E, R, D, "bf16"),
        flat_y=T(E * R, D, "bf16"), h_i8=h_i8, h_sd=T(E * R, 1, "f32"),
        tile_i32=tile_i32, tile_f32=T(RECV_TILE, INTER, "f32"),
        tile_i8=T(RECV_TILE, INTER, "i8"), y_tile=y_tile,
        y_view=T(RECV_TILE, D, "bf16"),
        row16=T(1, RECV_TILE, "f32"), col16=T(RECV_TILE, 1, "f32"),
        act_i32=T(RECV_TILE, ACT_INTER_TILE, "i32"), act_f32=act_f32,
        act_s=T(1, ACT_INTER_TILE, "f32"),
        q_f32=T(RECV_TILE, QUANT_TILE, "f32"),
        q_i32=T(RECV_TILE, QUANT_TILE, "i32"),
        q_f16=T(RECV_TILE, QUANT_TILE, "f16"),
        q_i8=T(RECV_TILE, QUANT_TILE, "i8"),
        out_i32=T(RECV_TILE, D_OUT_TILE_ACT, "i32"),
        out_f32=T(RECV_TILE, D_OUT_TILE_ACT, "f32"),
        out_bf16=T(RECV_TILE, D_OUT_TILE_ACT, "bf16"),
        out_s=T(1, D_OUT_TILE_ACT, "f32"),
        dequant=dequant_clamp(T(RECV_TILE, ACT_INTER_TILE, "i32"), act_f32,
                              T(RECV_TILE, 1, "f32"),
                              T(1, ACT_INTER_TILE, "f32"), "              "),
        swiglu=swiglu("%gate", "%up", act_f32, "%gated", "              "),
        loops_i=expert_tile_loops("local_i", "flat_base", "n_rows", "n_tiles",
                                  "t", "t0", "flat_t0", T(E, 1, "i32")),
        loops_e=expert_tile_loops("local_e", "e_flat_base", "e_rows",
                                  "e_tiles", "tt", "tt0", "flat_tt0",
                                  T(E, 1, "i32")),
        gate_up=gate_up, down=down)


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
