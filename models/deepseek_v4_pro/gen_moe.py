#!/usr/bin/env python3
"""Writes models/deepseek_v4_pro/moe.mlir for a configuration.

pypto-lib's models/deepseek_v4_pro/moe.py: the DeepSeek-V4 MoE layer of one
decode step, expert parallel on 2 cards. Per rank: hc_pre (the
Hyper-Connections pre-mix), the router (gate.py), the shared expert
(expert_shared.py), dispatch (route counts and rows pushed to the rank that
owns each expert, compacted per local expert), the routed experts of the
rank (expert_routed.py), combine (each result row pushed back to its token's
rank, then ffn_out = sh + the sum of the token's 6 routed rows) and hc_post.
hc_pre, the router and the shared and routed experts are the programs of
gen_hc_pre.py, gen_gate.py, gen_expert_shared.py and gen_expert_routed.py,
called as helpers. Configurations: `ci` (committed) shrinks the sizes and
keeps every path; `core` is ci without hc_pre and hc_post (x_mixed in,
ffn_out out: stage 1 of docs/design/port-pro-moe.md); `ci2` runs two MoE
calls (epochs) on the same windows; `wide` has pypto-lib's hidden and
intermediate sizes with 8 experts a rank (runs in about 15 s, 3.9 GB);
`full` is pypto-lib's EP-2 size, 48 experts a rank (6.5 GB of tensors;
run once on a5sim in 48.5 s with 6.4 GiB peak memory, docs/examples/models.md).

    python3 models/deepseek_v4_pro/gen_moe.py > models/deepseek_v4_pro/moe.mlir
    python3 models/deepseek_v4_pro/gen_moe.py --config full -o /tmp/moe.mlir

Python 3 standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_common import command_line, write_program  # noqa: E402
from moe_mlir import helper  # noqa: E402
import gen_expert_routed  # noqa: E402
import gen_expert_shared  # noqa: E402
import gen_gate  # noqa: E402
import gen_hc_pre  # noqa: E402

# T: tokens a rank (MOE_TOKENS), NUM_TOKENS: the active ones, D: hidden,
# INTER: the experts' intermediate size, N: routed experts over both ranks,
# LAYER_ID: a score layer (>= 3) or a hash layer, EPOCHS: MoE calls, HC:
# with hc_pre and hc_post (moe.py's moe(): x_hc in, x_next out), or without
# (x_mixed in, ffn_out out).
CI = dict(T=8, NUM_TOKENS=7, D=1024, INTER=1024, N=16, LAYER_ID=10)
CONFIGS = {
    "ci": dict(CI, EPOCHS=1, HC=True),
    "core": dict(CI, EPOCHS=1, HC=False),
    "ci2": dict(CI, EPOCHS=2, HC=True),
    # pypto-lib's hidden and intermediate sizes with 8 experts a rank: runs.
    "wide": dict(T=8, NUM_TOKENS=8, D=7168, INTER=3072, N=16, LAYER_ID=10, EPOCHS=1, HC=True),
    "full": dict(T=8, NUM_TOKENS=8, D=7168, INTER=3072, N=96, LAYER_ID=10, EPOCHS=1, HC=True),
}

RANKS = 2  # N_RANKS (EP)
TOPK = gen_gate.TOPK
VOCAB = gen_gate.VOCAB
AUX_PAD = 8  # [scale, weight, pad...]: one 32-byte f32 row a route
IDX_PAD = 8  # [route, pad...]: one 32-byte i32 row a route
BIAS = 4.0  # pypto-lib's bias on the experts every score-routed token takes
HC_MULT = gen_hc_pre.HC_MULT
MIX_HC = gen_hc_pre.MIX_HC
HC_POST_T_TILE = 4  # hc_post.py's T_TILE
# moe.py's Hyper-Connections inputs (build_tensor_specs): x_hc randn, hc_ffn_fn
# randn * 0.0635, its fixed hc_ffn_scale and hc_ffn_base.
HC_FN_SCALE = 0.0635
HC_FFN_SCALE = [0.11334, 0.035901, 0.058183]
HC_FFN_BASE = [
    2.4153, -2.0252, -2.0019, -2.1947,
    -1.5430, -3.0228, -6.8248, 0.5894,
    2.1916, -7.2132, -3.0938, -2.1119,
    -3.0161, 3.3293, -3.2224, -4.0226,
    -2.0428, -3.3478, 3.0893, -3.4166,
    -1.8144, -3.8147, -3.1307, 1.7862,
]


def ty(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def lines(indent, *body):
    return "".join("\n" + indent + line if line else "\n" for line in body)


def biased_experts(N):
    """moe.py's init_gate_bias: the TOPK experts (s % RANKS) * N_LOCAL +
    s // RANKS, spread over both ranks."""
    nl = N // RANKS
    return sorted((s % RANKS) * nl + s // RANKS for s in range(TOPK))


def hc_post(T, D):
    """pypto-lib's pro hc_post.py `hc_post` (the kernel of
    models/deepseek_v4_flash_dspark/hc_post.mlir, at hidden D and a static
    token count T) as the helper `@hc_post_helper`:
    y[t, o, :] = x[t, :] * post[t, o] + sum_i residual[t, i, :] * comb[t, i*4 + o],
    one SPMD block per (token tile of 4, output lane)."""
    H = HC_MULT
    x_t = ty(T, D, "bf16")
    res_t = ty(T, H, D, "f32")
    flat_t = ty(T, H * D, "f32")
    row_f = ty(1, D, "f32")
    return f"""\
  func.func private @hc_post_helper(
      %x: {x_t},
      %residual: {res_t},
      %post: {ty(T, H, 'f32')},
      %comb: {ty(T, H * H, 'f32')},
      %y: {res_t}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c{H} = arith.constant {H} : index
    %c{D} = arith.constant {D} : index
    %t_dim = pypto.dim %x, 0 : {x_t}
    %residual_flat = pypto.reshape %residual : {res_t} -> {flat_t}
    %y_flat = pypto.reshape %y : {res_t} -> {flat_t}
    %tiles = arith.ceildivsi %t_dim, %c{HC_POST_T_TILE} : index
    %blocks = arith.muli %tiles, %c{H} : index
    pypto.spmd core_group "hc_post" blocks(%blocks) (%block) {{
      %token_block = arith.divui %block, %c{H} : index
      %out_h = arith.remui %block, %c{H} : index
      %t0 = arith.muli %token_block, %c{HC_POST_T_TILE} : index
      %t_end = arith.addi %t0, %c{HC_POST_T_TILE} : index
      scf.for %t = %t0 to %t_end step %c1 {{
        %inside = arith.cmpi ult, %t, %t_dim : index
        scf.if %inside {{
          %post_w = pypto.read %post[%t, %out_h] : {ty(T, H, 'f32')} -> f32
          %xs = pypto.slice %x[%t, %c0] [1, {D}] : {x_t}
          %x_row = pypto.cast %xs : {ty(1, D, 'bf16')} -> {row_f}
          %y0 = pypto.muls %x_row, %post_w : {row_f}, f32
          %y_row = scf.for %in_h = %c0 to %c{H} step %c1 iter_args(%acc = %y0) -> ({row_f}) {{
            %lane = arith.muli %in_h, %c{H} : index
            %cidx = arith.addi %lane, %out_h : index
            %comb_w = pypto.read %comb[%t, %cidx] : {ty(T, H * H, 'f32')} -> f32
            %res_d = arith.muli %in_h, %c{D} : index
            %res_row = pypto.slice %residual_flat[%t, %res_d] [1, {D}] : {flat_t}
            %weighted = pypto.muls %res_row, %comb_w : {row_f}, f32
            %next = pypto.add %acc, %weighted : {row_f}
            scf.yield %next : {row_f}
          }}
          %out_d = arith.muli %out_h, %c{D} : index
          pypto.assemble %y_row into %y_flat[%t, %out_d] : {row_f} into {flat_t}
        }}
      }}
    }}
    return
  }}
"""


def generate(config, T, NUM_TOKENS, D, INTER, N, LAYER_ID, EPOCHS, HC):
    NL = N // RANKS  # N_LOCAL
    RM = RANKS * T  # RECV_MAX; MAX_PER_SRC = T
    NR = T * TOPK  # N_ROUTES
    assert N % RANKS == 0 and RM % 16 == 0 and 0 <= NUM_TOKENS <= T

    gate_fn = helper(gen_gate.generate(config, T, NUM_TOKENS, D, N),
                     "gate", "gate_helper")
    shared_fn = helper(gen_expert_shared.generate(config, D, INTER, 1024),
                       "expert_shared", "expert_shared_helper")
    routed_fn = helper(gen_expert_routed.generate(config, NL, RM, D, INTER, ""),
                       "expert_routed", "expert_routed_helper")
    assert gen_expert_shared.T == T
    hc_fns = ""
    if HC:
        hc_fns = "\n" + (helper(gen_hc_pre.generate(config, T, D, tokens=T),
                         "hc_pre", "hc_pre_helper") + "\n" + hc_post(T, D))

    bias = [0.0] * N
    for e in biased_experts(N):
        bias[e] = BIAS
    bias_text = ", ".join(f"{b:.1f}" for b in bias * RANKS)

    # Types.
    x_t = ty(T, D, "bf16")
    i8_t = ty(T, D, "i8")
    col_t = ty(T, 1, "f32")
    ids_t = ty(T, TOPK, "i32")
    wts_t = ty(T, TOPK, "f32")
    recv_x_t = ty(NL, RM, D, "i8")
    flat_x_t = ty(NL * RM, D, "i8")
    recv_row_f = ty(NL, RM, "f32")
    recv_row_i = ty(NL, RM, "i32")
    count_t = ty(NL, 1, "i32")
    meta_t = ty(RANKS, NL, "i32")
    sig_t = ty(RANKS, 1, "i32")
    aux_t = ty(NR, AUX_PAD, "f32")
    route_t = ty(NR, IDX_PAD, "i32")
    win_aux_t = ty(NL * RM, AUX_PAD, "f32")
    win_route_t = ty(NL * RM, IDX_PAD, "i32")
    recv_y_t = ty(NL, RM, D, "bf16")
    flat_y_t = ty(NL * RM, D, "bf16")
    ybuf_t = ty(NR, D, "bf16")
    row_b = ty(1, D, "bf16")
    row_f = ty(1, D, "f32")
    w13 = ty(NL, INTER, D, "i8")
    w2 = ty(NL, D, INTER, "i8")

    gate_sig = ", ".join([x_t, ty(D, "bf16"), ty(N, D, "f32"), ty(N, "f32"),
                          "i32", "i32", ty(VOCAB, TOPK, "i32"), ty(T, "i64"),
                          i8_t, col_t, ids_t, wts_t])
    shared_sig = ", ".join([i8_t, col_t, ty(INTER, D, "i8"), ty(INTER, "f32"),
                            ty(INTER, D, "i8"), ty(INTER, "f32"),
                            ty(D, INTER, "i8"), ty(D, "f32"), x_t])
    routed_sig = ", ".join([recv_x_t, recv_row_f, recv_row_f, count_t,
                            w13, ty(NL, INTER, "f32"), w13, ty(NL, INTER, "f32"),
                            w2, ty(NL, D, "f32"), recv_y_t])
    hc_t = ty(T, HC_MULT, D, "f32")
    hc_pre_sig = ", ".join([hc_t, ty(MIX_HC, HC_MULT * D, "f32"), ty(3, "f32"),
                            ty(MIX_HC, "f32"), x_t, ty(T, HC_MULT, "f32"),
                            ty(T, HC_MULT * HC_MULT, "f32")])
    hc_post_sig = ", ".join([x_t, hc_t, ty(T, HC_MULT, "f32"),
                             ty(T, HC_MULT * HC_MULT, "f32"), hc_t])

    # Each rank's part of the stacked program tensors.
    slices = lines(
        "      ",
        "// Rank r's tensors: rows r*T.. of the stacked inputs (its experts:",
        f"// rows r*{NL}.. of the routed weights).",
        f"%tok0 = arith.muli %rank, %c{T} : index",
        f"%exp0 = arith.muli %rank, %c{NL} : index",
        f"%hid0 = arith.muli %rank, %c{D} : index",
        f"%inter0 = arith.muli %rank, %c{INTER} : index",
        f"%gexp0 = arith.muli %rank, %c{N} : index",
        f"%vocab0 = arith.muli %rank, %c{VOCAB} : index",
        f"%src0 = arith.muli %rank, %c{RANKS} : index",
        *([f"%xm = pypto.slice %x_mixed[%tok0, %c0] [{T}, {D}] : {ty(RANKS * T, D, 'bf16')} -> {x_t}"]
          if not HC else [
            f"%xhc = pypto.slice %x_hc[%tok0, %c0, %c0] [{T}, {HC_MULT}, {D}] : {ty(RANKS * T, HC_MULT, D, 'f32')} -> {hc_t}",
            f"%xnext = pypto.slice %x_next[%tok0, %c0, %c0] [{T}, {HC_MULT}, {D}] : {ty(RANKS * T, HC_MULT, D, 'f32')} -> {hc_t}",
            f"%mix0 = arith.muli %rank, %c{MIX_HC} : index",
            f"%hfn = pypto.slice %hc_ffn_fn[%mix0, %c0] [{MIX_HC}, {HC_MULT * D}] : {ty(RANKS * MIX_HC, HC_MULT * D, 'f32')} -> {ty(MIX_HC, HC_MULT * D, 'f32')}",
            "%hsc0 = arith.muli %rank, %c3 : index",
            f"%hsc = pypto.slice %hc_ffn_scale[%hsc0] [3] : {ty(RANKS * 3, 'f32')} -> {ty(3, 'f32')}",
            f"%hbase = pypto.slice %hc_ffn_base[%mix0] [{MIX_HC}] : {ty(RANKS * MIX_HC, 'f32')} -> {ty(MIX_HC, 'f32')}"]),
        f"%nw = pypto.slice %norm_w[%hid0] [{D}] : {ty(RANKS * D, 'bf16')} -> {ty(D, 'bf16')}",
        f"%gw = pypto.slice %gate_w[%gexp0, %c0] [{N}, {D}] : {ty(RANKS * N, D, 'f32')} -> {ty(N, D, 'f32')}",
        f"%gb = pypto.slice %gate_bias[%gexp0] [{N}] : {ty(RANKS * N, 'f32')} -> {ty(N, 'f32')}",
        f"%tid = pypto.slice %tid2eid[%vocab0, %c0] [{VOCAB}, {TOPK}] : {ty(RANKS * VOCAB, TOPK, 'i32')} -> {ty(VOCAB, TOPK, 'i32')}",
        f"%ids = pypto.slice %input_ids[%tok0] [{T}] : {ty(RANKS * T, 'i64')} -> {ty(T, 'i64')}",
    )
    for w in ("w1", "w3"):
        slices += lines(
            "      ",
            f"%r{w} = pypto.slice %routed_{w}[%exp0, %c0, %c0] [{NL}, {INTER}, {D}] : {ty(RANKS * NL, INTER, D, 'i8')} -> {w13}",
            f"%r{w}s = pypto.slice %routed_{w}_scale[%exp0, %c0] [{NL}, {INTER}] : {ty(RANKS * NL, INTER, 'f32')} -> {ty(NL, INTER, 'f32')}",
        )
    slices += lines(
        "      ",
        f"%rw2 = pypto.slice %routed_w2[%exp0, %c0, %c0] [{NL}, {D}, {INTER}] : {ty(RANKS * NL, D, INTER, 'i8')} -> {w2}",
        f"%rw2s = pypto.slice %routed_w2_scale[%exp0, %c0] [{NL}, {D}] : {ty(RANKS * NL, D, 'f32')} -> {ty(NL, D, 'f32')}",
    )
    for w in ("w1", "w3"):
        slices += lines(
            "      ",
            f"%s{w} = pypto.slice %shared_{w}[%inter0, %c0] [{INTER}, {D}] : {ty(RANKS * INTER, D, 'i8')} -> {ty(INTER, D, 'i8')}",
            f"%s{w}s = pypto.slice %shared_{w}_scale[%inter0] [{INTER}] : {ty(RANKS * INTER, 'f32')} -> {ty(INTER, 'f32')}",
        )
    slices += lines(
        "      ",
        f"%sw2 = pypto.slice %shared_w2[%hid0, %c0] [{D}, {INTER}] : {ty(RANKS * D, INTER, 'i8')} -> {ty(D, INTER, 'i8')}",
        f"%sw2s = pypto.slice %shared_w2_scale[%hid0] [{D}] : {ty(RANKS * D, 'f32')} -> {ty(D, 'f32')}",
        f"%out = pypto.slice %ffn_out[%tok0, %c0] [{T}, {D}] : {ty(RANKS * T, D, 'bf16')} -> {x_t}",
        f"%recv_count_out = pypto.slice %recv_count[%exp0, %c0] [{NL}, 1] : {ty(RANKS * NL, 1, 'i32')} -> {count_t}",
        f"%recv_meta_local = pypto.slice %recv_meta_out[%src0, %c0] [{RANKS}, {NL}] : {ty(RANKS * RANKS, NL, 'i32')} -> {meta_t}",
        "",
        f"// The active tokens: num_tokens clamped to 0..{T} (moe.py clamps it in",
        "// every kernel; here once, and the kernels take it).",
        "%n = arith.index_cast %num_tokens : i32 to index",
        "%n_pos = arith.maxsi %n, %c0 : index",
        f"%active = arith.minsi %n_pos, %c{T} : index",
    )

    # One MoE call (moe.py's moe()); %moe_epoch is its 1-based id.
    hc_pre_call = [
        "",
        "// Hyper-Connections pre-mix (hc_pre.mlir's program): the layer's input",
        "// x_mixed and the post and comb weights hc_post takes.",
        f"%xm = pypto.create_tensor : {x_t}",
        f"%post_ffn = pypto.create_tensor : {ty(T, HC_MULT, 'f32')}",
        f"%comb_ffn = pypto.create_tensor : {ty(T, HC_MULT * HC_MULT, 'f32')}",
        "func.call @hc_pre_helper(%xhc, %hfn, %hsc, %hbase, %xm, %post_ffn, %comb_ffn)",
        f"    : ({hc_pre_sig}) -> ()",
    ] if HC else []
    hc_post_call = [
        "",
        "// Hyper-Connections post-mix: the next hc stack from ffn_out.",
        "func.call @hc_post_helper(%out, %xhc, %post_ffn, %comb_ffn, %xnext)",
        f"    : ({hc_post_sig}) -> ()",
    ] if HC else []
    call = hc_pre_call + [
        "",
        "// The router: x_norm_i8 and its scale, each token's experts and weights.",
        f"%x_norm_i8 = pypto.create_tensor : {i8_t}",
        f"%x_norm_scale = pypto.create_tensor : {col_t}",
        f"%indices = pypto.create_tensor : {ids_t}",
        f"%weights = pypto.create_tensor : {wts_t}",
        "func.call @gate_helper(%xm, %nw, %gw, %gb, %layer_id, %num_tokens, %tid, %ids,",
        "                       %x_norm_i8, %x_norm_scale, %indices, %weights)",
        f"    : ({gate_sig}) -> ()",
        "",
        "// The shared expert, every token.",
        f"%sh = pypto.create_tensor : {x_t}",
        "func.call @expert_shared_helper(%x_norm_i8, %x_norm_scale, %sw1, %sw1s, %sw3, %sw3s, %sw2, %sw2s, %sh)",
        f"    : ({shared_sig}) -> ()",
        "",
        "// === Dispatch (moe.py:94-324) ===",
        f"%recv_x_out = pypto.create_tensor : {recv_x_t}",
        f"%recv_x_out_flat = pypto.reshape %recv_x_out : {recv_x_t} -> {flat_x_t}",
        f"%recv_scale_out = pypto.create_tensor init 0.0 : {recv_row_f}",
        f"%recv_w_out = pypto.create_tensor init 0.0 : {recv_row_f}",
        f"%recv_r_route_out = pypto.create_tensor : {recv_row_i}",
        "// What moe.py writes into tiles element by element (the counts row and",
        "// each route's [scale, weight] and [route] rows) is written into GM",
        "// scratch by dispatch_pack; the pushes copy rows of it.",
        f"%aux_stage = pypto.create_tensor init 0.0 : {aux_t}",
        f"%route_stage = pypto.create_tensor init 0.0 : {route_t}",
        f"%meta_stage = pypto.create_tensor : {meta_t}",
        "",
        "// Epoch E reuses the windows: wait until every rank consumed epoch E-1",
        "// (each remote row gains N_LOCAL scatter credits and one consumption",
        "// credit an epoch, the self row only the consumption credit).",
        '%reuse = pypto.at core_group "moe_reuse_wait" {',
        f"  %anchor = pypto.read %indices[%c0, %c0] : {ids_t} -> i32",
        "  %later = arith.cmpi sgt, %moe_epoch, %one_i32 : i32",
        "  scf.if %later {",
        "    %prev = arith.subi %moe_epoch, %one_i32 : i32",
        f"    pypto.wait %combine_arrived[%rank, %c0] ge %prev : {sig_t}",
        f"    %consumed = arith.muli %prev, %c{NL + 1}_i32 : i32",
        f"    scf.for %s = %c0 to %c{RANKS} step %c1 {{",
        "      %other = arith.cmpi ne, %s, %rank : index",
        "      scf.if %other {",
        f"        pypto.wait %combine_arrived[%s, %c0] ge %consumed : {sig_t}",
        "      }",
        '    } {pypto.loop = "range"}',
        "  }",
        "}",
        "",
        "// Count the routes per (destination, local expert) = expert id in a",
        "// kernel array and stage the counts and each route's rows.",
        'pypto.at core_group "dispatch_pack" {',
        f"  %cursor = pypto.array_create : !pypto.array<{N}, i32>",
        "  scf.for %t = %c0 to %active step %c1 {",
        f"    %sc = pypto.read %x_norm_scale[%t, %c0] : {col_t} -> f32",
        f"    %tb = arith.muli %t, %c{TOPK} : index",
        f"    scf.for %k = %c0 to %c{TOPK} step %c1 {{",
        f"      %eid = pypto.read %indices[%t, %k] : {ids_t} -> i32",
        "      %ei = arith.index_cast %eid : i32 to index",
        f"      %cnt = pypto.array_get %cursor[%ei] : !pypto.array<{N}, i32>",
        "      %cnt1 = arith.addi %cnt, %one_i32 : i32",
        f"      pypto.array_set %cnt1 into %cursor[%ei] : !pypto.array<{N}, i32>",
        "      %r = arith.addi %tb, %k : index",
        f"      pypto.write %sc into %aux_stage[%r, %c0] : f32 into {aux_t}",
        f"      %w = pypto.read %weights[%t, %k] : {wts_t} -> f32",
        f"      pypto.write %w into %aux_stage[%r, %c1] : f32 into {aux_t}",
        "      %r32 = arith.index_cast %r : index to i32",
        f"      pypto.write %r32 into %route_stage[%r, %c0] : i32 into {route_t}",
        '    } {pypto.loop = "range"}',
        '  } {pypto.loop = "range"}',
        f"  scf.for %j = %c0 to %c{N} step %c1 {{",
        f"    %v = pypto.array_get %cursor[%j] : !pypto.array<{N}, i32>",
        f"    %d = arith.divsi %j, %c{NL} : index",
        f"    %le = arith.remsi %j, %c{NL} : index",
        f"    pypto.write %v into %meta_stage[%d, %le] : i32 into {meta_t}",
        '  } {pypto.loop = "range"}',
        "}",
        "",
        "// Publish the counts (row `rank` of every rank's recv_meta), wait for",
        "// every source's, and sum them per local expert.",
        '%meta = pypto.at core_group "dispatch_meta" deps(%reuse) allow_early_resolve {',
        f"  scf.for %d = %c0 to %c{RANKS} step %c1 {{",
        f"    pypto.put %meta_stage[%d, %c0] into %recv_meta[%rank, %c0] [1, {NL}] peer %d",
        f"        : {meta_t} into {meta_t}",
        "    %other = arith.cmpi ne, %d, %rank : index",
        "    scf.if %other {",
        f"      pypto.notify %arrived[%rank, %c0] peer %d add %one_i32 : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        f"  scf.for %s = %c0 to %c{RANKS} step %c1 {{",
        "    %other = arith.cmpi ne, %s, %rank : index",
        "    scf.if %other {",
        f"      pypto.wait %arrived[%s, %c0] ge %moe_epoch : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        f"  scf.for %e = %c0 to %c{NL} step %c1 {{",
        f"    %acc = scf.for %s = %c0 to %c{RANKS} step %c1 iter_args(%a = %zi) -> (i32) {{",
        f"      %cnt = pypto.read %recv_meta[%s, %e] : {meta_t} -> i32",
        f"      pypto.write %cnt into %recv_meta_local[%s, %e] : i32 into {meta_t}",
        "      %a1 = arith.addi %a, %cnt : i32",
        "      scf.yield %a1 : i32",
        '    } {pypto.loop = "range"}',
        f"    pypto.write %acc into %recv_count_out[%e, %c0] : i32 into {count_t}",
        '  } {pypto.loop = "range"}',
        "}",
        "",
        "// Push each route's row, [scale, weight] and route id into lane",
        f"// (local expert, source, slot) of its destination: row e*{RM} + src*{T} + slot.",
        "// Block b takes local expert b of every destination; a slot counter per",
        "// destination. Then one arrival credit to every peer.",
        f'%push = pypto.spmd core_group "dispatch_push" blocks({NL}) deps(%reuse) (%le) {{',
        f"  %slot_ctr = pypto.array_create : !pypto.array<{RANKS}, i32>",
        f"  %lb = arith.muli %le, %c{RM} : index",
        f"  %sb = arith.muli %rank, %c{T} : index",
        "  %lane = arith.addi %lb, %sb : index",
        "  scf.for %t = %c0 to %active step %c1 {",
        f"    %tb = arith.muli %t, %c{TOPK} : index",
        f"    scf.for %k = %c0 to %c{TOPK} step %c1 {{",
        f"      %eid = pypto.read %indices[%t, %k] : {ids_t} -> i32",
        "      %ei = arith.index_cast %eid : i32 to index",
        f"      %dst = arith.divsi %ei, %c{NL} : index",
        f"      %dl = arith.muli %dst, %c{NL} : index",
        "      %loc = arith.subi %ei, %dl : index",
        "      %mine = arith.cmpi eq, %loc, %le : index",
        "      scf.if %mine {",
        f"        %slot = pypto.array_get %slot_ctr[%dst] : !pypto.array<{RANKS}, i32>",
        "        %slot1 = arith.addi %slot, %one_i32 : i32",
        f"        pypto.array_set %slot1 into %slot_ctr[%dst] : !pypto.array<{RANKS}, i32>",
        "        %si = arith.index_cast %slot : i32 to index",
        "        %row = arith.addi %lane, %si : index",
        "        %r = arith.addi %tb, %k : index",
        f"        pypto.put %x_norm_i8[%t, %c0] into %recv_x[%row, %c0] [1, {D}] peer %dst",
        f"            : {i8_t} into {flat_x_t}",
        f"        pypto.put %aux_stage[%r, %c0] into %recv_aux[%row, %c0] [1, {AUX_PAD}] peer %dst",
        f"            : {aux_t} into {win_aux_t}",
        f"        pypto.put %route_stage[%r, %c0] into %recv_route[%row, %c0] [1, {IDX_PAD}] peer %dst",
        f"            : {route_t} into {win_route_t}",
        "      }",
        '    } {pypto.loop = "range"}',
        '  } {pypto.loop = "range"}',
        f"  scf.for %d = %c0 to %c{RANKS} step %c1 {{",
        "    %other = arith.cmpi ne, %d, %rank : index",
        "    scf.if %other {",
        f"      pypto.notify %data_arrived[%rank, %c0] peer %d add %one_i32 : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        "}",
        "",
        "// Wait for every source's N_LOCAL push blocks of this epoch.",
        '%dwait = pypto.at core_group "dispatch_wait" deps(%meta) allow_early_resolve {',
        f"  %need = arith.muli %moe_epoch, %c{NL}_i32 : i32",
        f"  scf.for %s = %c0 to %c{RANKS} step %c1 {{",
        "    %other = arith.cmpi ne, %s, %rank : index",
        "    scf.if %other {",
        f"      pypto.wait %data_arrived[%s, %c0] ge %need : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        "}",
        "",
        "// Compact each local expert's lanes, source after source, into its rows",
        "// of the recv_*_out tensors expert_routed reads.",
        f'pypto.spmd core_group "dispatch_gather" blocks({NL}) deps(%dwait, %push) (%e) {{',
        f"  %eb = arith.muli %e, %c{RM} : index",
        f"  %bend = scf.for %s = %c0 to %c{RANKS} step %c1 iter_args(%b = %c0) -> (index) {{",
        f"    %n32 = pypto.read %recv_meta_local[%s, %e] : {meta_t} -> i32",
        "    %cnt = arith.index_cast %n32 : i32 to index",
        f"    %so = arith.muli %s, %c{T} : index",
        "    %sbase = arith.addi %eb, %so : index",
        "    scf.for %slot = %c0 to %cnt step %c1 {",
        "      %in = arith.addi %sbase, %slot : index",
        "      %col = arith.addi %b, %slot : index",
        "      %orow = arith.addi %eb, %col : index",
        f"      %xr = pypto.slice %recv_x[%in, %c0] [1, {D}] : {flat_x_t} -> {ty(1, D, 'i8')}",
        f"      pypto.assemble %xr into %recv_x_out_flat[%orow, %c0] : {ty(1, D, 'i8')} into {flat_x_t}",
        f"      %sc = pypto.read %recv_aux[%in, %c0] : {win_aux_t} -> f32",
        f"      pypto.write %sc into %recv_scale_out[%e, %col] : f32 into {recv_row_f}",
        f"      %w = pypto.read %recv_aux[%in, %c1] : {win_aux_t} -> f32",
        f"      pypto.write %w into %recv_w_out[%e, %col] : f32 into {recv_row_f}",
        f"      %rr = pypto.read %recv_route[%in, %c0] : {win_route_t} -> i32",
        f"      pypto.write %rr into %recv_r_route_out[%e, %col] : i32 into {recv_row_i}",
        '    } {pypto.loop = "range"}',
        "    %b1 = arith.addi %b, %cnt : index",
        "    scf.yield %b1 : index",
        '  } {pypto.loop = "range"}',
        "}",
        "",
        "// The routed experts of this rank, on the rows they received.",
        f"%recv_y = pypto.create_tensor init 0.0 : {recv_y_t}",
        "func.call @expert_routed_helper(%recv_x_out, %recv_scale_out, %recv_w_out, %recv_count_out,",
        "                                %rw1, %rw1s, %rw3, %rw3s, %rw2, %rw2s, %recv_y)",
        f"    : ({routed_sig}) -> ()",
        "",
        "// === Combine (moe.py:330-446) ===",
        "// Push every result row back to its token's rank, into row",
        "// t*TOPK + k of its routed_y_buf; then one credit to every peer.",
        f"%recv_y_flat = pypto.reshape %recv_y : {recv_y_t} -> {flat_y_t}",
        f'%scatter = pypto.spmd core_group "combine" blocks({NL}) (%e) {{',
        f"  %eb = arith.muli %e, %c{RM} : index",
        f"  %bend = scf.for %s = %c0 to %c{RANKS} step %c1 iter_args(%b = %c0) -> (index) {{",
        f"    %n32 = pypto.read %recv_meta_local[%s, %e] : {meta_t} -> i32",
        "    %cnt = arith.index_cast %n32 : i32 to index",
        "    scf.for %slot = %c0 to %cnt step %c1 {",
        "      %col = arith.addi %b, %slot : index",
        f"      %rr32 = pypto.read %recv_r_route_out[%e, %col] : {recv_row_i} -> i32",
        "      %rr = arith.index_cast %rr32 : i32 to index",
        "      %src = arith.addi %eb, %col : index",
        f"      pypto.put %recv_y_flat[%src, %c0] into %routed_y_buf[%rr, %c0] [1, {D}] peer %s",
        f"          : {flat_y_t} into {ybuf_t}",
        '    } {pypto.loop = "range"}',
        "    %b1 = arith.addi %b, %cnt : index",
        "    scf.yield %b1 : index",
        '  } {pypto.loop = "range"}',
        f"  scf.for %p = %c0 to %c{RANKS} step %c1 {{",
        "    %other = arith.cmpi ne, %p, %rank : index",
        "    scf.if %other {",
        f"      pypto.notify %combine_arrived[%rank, %c0] peer %p add %one_i32 : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        "}",
        "// Every peer's N_LOCAL scatter credits of this epoch:",
        "// (E-1)(N_LOCAL+1) + N_LOCAL.",
        '%cwait = pypto.at core_group "combine_wait" deps(%scatter) {',
        "  %prev = arith.subi %moe_epoch, %one_i32 : i32",
        f"  %prev_credits = arith.muli %prev, %c{NL + 1}_i32 : i32",
        f"  %need = arith.addi %prev_credits, %c{NL}_i32 : i32",
        f"  scf.for %s = %c0 to %c{RANKS} step %c1 {{",
        "    %other = arith.cmpi ne, %s, %rank : index",
        "    scf.if %other {",
        f"      pypto.wait %combine_arrived[%s, %c0] ge %need : {sig_t}",
        "    }",
        '  } {pypto.loop = "range"}',
        "}",
        "// ffn_out[t] = sh[t] + sum_k routed_y_buf[t*TOPK + k] (f32, one bf16",
        "// rounding) for the active tokens, sh[t] for the others; one token a",
        "// block. This rank's own pushes are ordered by combine -> combine_wait.",
        f'%reduce = pypto.spmd core_group "shared_routed" blocks({T}) deps(%cwait)',
        f"    no_dep(%routed_y_buf : {ybuf_t}) (%t) {{",
        f"  %s = pypto.slice %sh[%t, %c0] [1, {D}] : {x_t} -> {row_b}",
        "  %live = arith.cmpi slt, %t, %active : index",
        "  scf.if %live {",
        f"    %a0 = pypto.cast %s : {row_b} -> {row_f}",
        f"    %tb = arith.muli %t, %c{TOPK} : index",
        f"    %acc = scf.for %k = %c0 to %c{TOPK} step %c1 iter_args(%a = %a0) -> ({row_f}) {{",
        "      %r = arith.addi %tb, %k : index",
        f"      %y = pypto.slice %routed_y_buf[%r, %c0] [1, {D}] : {ybuf_t} -> {row_b}",
        f"      %yf = pypto.cast %y : {row_b} -> {row_f}",
        f"      %a1 = pypto.add %a, %yf : {row_f}",
        f"      scf.yield %a1 : {row_f}",
        '    } {pypto.loop = "range"}',
        f"    %o = pypto.cast %acc round rint : {row_f} -> {row_b}",
        f"    pypto.assemble %o into %out[%t, %c0] : {row_b} into {x_t}",
        "  } else {",
        f"    pypto.assemble %s into %out[%t, %c0] : {row_b} into {x_t}",
        "  }",
        "}",
        "// routed_y_buf may be overwritten once every block read it: one",
        "// consumption credit to every rank, this one too.",
        'pypto.at core_group "moe_consumed" deps(%reduce) {',
        f"  scf.for %p = %c0 to %c{RANKS} step %c1 {{",
        f"    pypto.notify %combine_arrived[%rank, %c0] peer %p add %one_i32 : {sig_t}",
        '  } {pypto.loop = "range"}',
        "}",
    ] + hc_post_call
    if EPOCHS == 1:
        body = slices + lines("      ", *call)
        epoch_arg = "%moe_epoch: i32 {pypto.value = 1 : i32}"
        epoch_text = "one MoE call (moe_epoch = 1)"
    else:
        body = slices + lines(
            "      ",
            "",
            f"// {EPOCHS} MoE calls on the same windows, moe_epoch = first_epoch..",
            f"scf.for %ep = %c0 to %c{EPOCHS} step %c1 {{",
            "  %ep32 = arith.index_cast %ep : index to i32",
            "  %moe_epoch = arith.addi %first_epoch, %ep32 : i32",
        ) + lines("        ", *call) + lines(
            "      ", '} {pypto.loop = "range"}')
        epoch_arg = "%first_epoch: i32 {pypto.value = 1 : i32}"
        epoch_text = f"{EPOCHS} MoE calls (moe_epoch = 1..{EPOCHS}) on the same windows"

    consts = sorted({0, 1, RANKS, TOPK, T, NL, N, D, INTER, VOCAB, RM, EPOCHS,
                     *((3, MIX_HC) if HC else ())})
    const_lines = "".join(
        f"\n    %c{c} = arith.constant {c} : index" for c in consts)
    const_lines += "".join(
        f"\n    %c{c}_i32 = arith.constant {c} : i32" for c in sorted({NL, NL + 1}))

    rw13_scale = f"{0.0024 * (1024 / D) ** 0.5:.6e}"
    rw2_scale = f"{0.00004 * (1024 / INTER) ** 0.5:.6e}"
    sw13_scale = f"{0.0024 * (1024 / D) ** 0.5:.6e}"
    sw2_scale = f"{0.00004 * (2048 / INTER) ** 0.5:.6e}"
    randint = 'pypto.init = "randint", pypto.init_range = array<i64: -127, 128>'
    if HC:
        first_args = "\n".join([
            f'      %x_hc: {ty(RANKS * T, HC_MULT, D, "f32")} {{pypto.init = "randn"}},',
            f'      %hc_ffn_fn: {ty(RANKS * MIX_HC, HC_MULT * D, "f32")} {{pypto.init = "randn", pypto.init_scale = {HC_FN_SCALE} : f64}},',
            f'      %hc_ffn_scale: {ty(RANKS * 3, "f32")} {{pypto.init = {gen_hc_pre.dense(HC_FFN_SCALE * RANKS)}}},',
            f'      %hc_ffn_base: {ty(RANKS * MIX_HC, "f32")} {{pypto.init = {gen_hc_pre.dense(HC_FFN_BASE * RANKS)}}},'])
        hc_out = (f'      %x_next: {ty(RANKS * T, HC_MULT, D, "f32")} {{pypto.dir = "out", '
                  'pypto.compare = "ratio_reldiff(diff_thd=2e-3, pct_thd=0.01)"},\n')
    else:
        first_args = f'      %x_mixed: {ty(RANKS * T, D, "bf16")} {{pypto.init = "randn"}},'
        hc_out = ""
    biased = ", ".join(str(e) for e in biased_experts(N))
    if HC:
        scope_text = "moe(): x_hc in, x_next out"
        first_name = "x_hc"
        hc_pre_step = ("// 0. hc_pre (hc_pre.mlir's program, a helper, at a static token count):\n"
                       "//    x_mixed and the post and comb weights;\n")
        hc_post_step = (";\n// 6. hc_post (pypto-lib's pro hc_post.py, the kernel of dspark's\n"
                        "//    hc_post.mlir, a helper): x_next from ffn_out, x_hc, post and comb.")
        outputs_text = ("Each stage has an output: x_next,\n"
                        "// ffn_out, recv_count and recv_meta_out (the last two exact: each\n"
                        "// rank's counts per local expert, and per source and local expert).")
        hc_inputs = ("// moe.py's hc_ffn_scale and hc_ffn_base, hc_ffn_fn randn * "
                     f"{HC_FN_SCALE}, x_hc randn;\n")
        tol_names = "x_next and ffn_out"
    else:
        scope_text = ("stage 1, without the Hyper-Connections:\n// x_mixed in, "
                      "ffn_out out; `--config ci` has hc_pre and hc_post")
        first_name = "x_mixed"
        hc_pre_step = ""
        hc_post_step = "."
        outputs_text = ("Each stage has an output: ffn_out,\n"
                        "// recv_count and recv_meta_out (the last two exact: each rank's\n"
                        "// counts per local expert, and per source and local expert).")
        hc_inputs = ""
        tol_names = "ffn_out"

    return f"""\
// ci: devices=2
// GENERATED by models/deepseek_v4_pro/gen_moe.py --config {config}; do not edit.
//
// DeepSeek-V4 MoE layer on 2 cards (expert parallel, decode), ported from
// pypto-lib's models/deepseek_v4_pro/moe.py ({scope_text}).
// {T} tokens a rank ({NUM_TOKENS} active), hidden {D}, intermediate {INTER}, {N} routed
// experts, {NL} on each rank, top {TOPK}; {epoch_text}
// (pypto-lib's EP-2 size: 8 tokens, 7168, 3072, 96 experts, `--config full`).
//
// The program's tensors hold both ranks' data stacked on their first
// dimension (pypto-lib's host passes x[r] to rank r): rank r takes rows
// r*{T}.. of {first_name}, its experts' rows r*{NL}.. of the routed weights, and
// so on. Per rank, inside pypto.ranks:
//
{hc_pre_step}// 1. the router (gate.mlir's program, a helper): x_norm_i8, its scale, the
//    top-{TOPK} experts and weights of each token;
// 2. the shared expert (expert_shared.mlir's program) on every token;
// 3. dispatch: moe_reuse_wait (epoch > 1: wait until every rank consumed the
//    previous call), dispatch_pack (route counts per expert in a kernel
//    array; the counts and each route's [scale, weight] and [route] rows into
//    GM scratch), dispatch_meta (each destination's counts put into row
//    `rank` of its recv_meta window, notify, wait, sums per local expert into
//    recv_count), dispatch_push (one block per local expert: each route's
//    x_norm_i8 row and scratch rows put into lane (expert, source, slot) of
//    its destination's windows, then a credit to every peer), dispatch_wait,
//    dispatch_gather (each expert's lanes compacted, source after source);
// 4. the routed experts (expert_routed.mlir's program) on the received rows;
// 5. combine: every result row put back into row t*{TOPK} + k of its token's
//    rank's routed_y_buf window, credits, combine_wait, shared_routed (one
//    token a block: ffn_out = sh + the token's {TOPK} routed rows, summed in f32
//    and rounded once; sh alone past the active tokens), moe_consumed (a
//    credit to every rank for the next call's reuse wait){hc_post_step}
//
// What the port changes (docs/design/port-pro-moe.md): pypto-lib writes the
// counts row and each route's [scale, weight] and [route] rows element by
// element into tiles (pl.tile.write) and pushes the tiles (remote_store);
// here dispatch_pack writes them into GM scratch and the pushes put rows of
// it. num_tokens is clamped once in the orchestration. shared_routed is an
// inline SPMD region (pypto-lib submits a separate incore function). The
// created tensors keep runtime dependency tracking (pypto-lib's manual_dep
// is dropped). {outputs_text}
//
// Inputs: pypto-lib's gate bias ({BIAS} on experts {biased}, 0 elsewhere:
// every score-routed token takes these {TOPK}, half of them on each rank, so
// every token reaches both ranks and the other experts get no rows);
{hc_inputs}// every rank's data differ (pypto-lib replicates all weights but the
// routed ones); the expert weights are those of the expert programs' ci
// (uniform INT8, uniform scales); tid2eid (hash layers, layer_id < 3) draws
// from 0..{N - 2}, so expert {N - 1} gets no rows.
//
// Tolerance: ratio_reldiff(diff_thd=2e-3, pct_thd=0.01) on {tol_names}
// (expert_shared's; pypto-lib gates the whole layer at 5e-3 and 5%); counts
// exact.
module @moe attributes {{pypto.golden = "moe.golden.py",
                        pypto.rtol = 1.0e-3 : f64,
                        pypto.atol = 1.0e-3 : f64}} {{
{gate_fn}
{shared_fn}
{routed_fn}{hc_fns}
  func.func @moe(
{first_args}
      %norm_w: {ty(RANKS * D, 'bf16')} {{pypto.init = "randn"}},
      %gate_w: {ty(RANKS * N, D, 'f32')} {{pypto.init = "randn", pypto.init_scale = {1.0 / D ** 0.5:.6e} : f64}},
      %gate_bias: {ty(RANKS * N, 'f32')} {{pypto.init = dense<[{bias_text}]> : tensor<{RANKS * N}xf32>}},
      %tid2eid: {ty(RANKS * VOCAB, TOPK, 'i32')} {{pypto.init = "randint", pypto.init_range = array<i64: 0, {N - 1}>}},
      %input_ids: {ty(RANKS * T, 'i64')} {{pypto.init = "randint", pypto.init_range = array<i64: 0, {VOCAB}>}},
      %routed_w1: {ty(RANKS * NL, INTER, D, 'i8')} {{{randint}}},
      %routed_w1_scale: {ty(RANKS * NL, INTER, 'f32')} {{pypto.init = "rand", pypto.init_scale = {rw13_scale} : f64}},
      %routed_w3: {ty(RANKS * NL, INTER, D, 'i8')} {{{randint}}},
      %routed_w3_scale: {ty(RANKS * NL, INTER, 'f32')} {{pypto.init = "rand", pypto.init_scale = {rw13_scale} : f64}},
      %routed_w2: {ty(RANKS * NL, D, INTER, 'i8')} {{{randint}}},
      %routed_w2_scale: {ty(RANKS * NL, D, 'f32')} {{pypto.init = "rand", pypto.init_scale = {rw2_scale} : f64}},
      %shared_w1: {ty(RANKS * INTER, D, 'i8')} {{{randint}}},
      %shared_w1_scale: {ty(RANKS * INTER, 'f32')} {{pypto.init = "rand", pypto.init_scale = {sw13_scale} : f64}},
      %shared_w3: {ty(RANKS * INTER, D, 'i8')} {{{randint}}},
      %shared_w3_scale: {ty(RANKS * INTER, 'f32')} {{pypto.init = "rand", pypto.init_scale = {sw13_scale} : f64}},
      %shared_w2: {ty(RANKS * D, INTER, 'i8')} {{{randint}}},
      %shared_w2_scale: {ty(RANKS * D, 'f32')} {{pypto.init = "rand", pypto.init_scale = {sw2_scale} : f64}},
{hc_out}      %ffn_out: {ty(RANKS * T, D, 'bf16')} {{pypto.dir = "out", pypto.compare = "ratio_reldiff(diff_thd=2e-3, pct_thd=0.01)"}},
      %recv_count: {ty(RANKS * NL, 1, 'i32')} {{pypto.dir = "out"}},
      %recv_meta_out: {ty(RANKS * RANKS, NL, 'i32')} {{pypto.dir = "out"}},
      %layer_id: i32 {{pypto.value = {LAYER_ID} : i32}},
      %num_tokens: i32 {{pypto.value = {NUM_TOKENS} : i32}},
      {epoch_arg}) {{{const_lines}
    %zi = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32

    // The windows (moe.py's l3_moe): one zeroed copy on every rank.
    %recv_meta = pypto.alloc_window : {meta_t}
    %recv_x = pypto.alloc_window : {flat_x_t}
    %recv_aux = pypto.alloc_window : {win_aux_t}
    %recv_route = pypto.alloc_window : {win_route_t}
    %arrived = pypto.alloc_window : {sig_t}
    %data_arrived = pypto.alloc_window : {sig_t}
    %routed_y_buf = pypto.alloc_window : {ybuf_t}
    %combine_arrived = pypto.alloc_window : {sig_t}

    pypto.ranks world({RANKS}) (%rank) {{{body}
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
