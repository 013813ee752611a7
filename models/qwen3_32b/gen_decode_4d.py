#!/usr/bin/env python3
"""Writes models/qwen3_32b/decode_4d.mlir for a configuration.

pypto-lib's models/qwen3_32b/decode_4d.py: the Qwen3-32B decode layer with
every activation, weight and cache held as a rank-4 tensor of blocks
([K blocks, N blocks, K chunk, N chunk] weights, [blocks, 1, batch, chunk]
activations, [batch * KV heads, context blocks, 256, head dim] caches). `ci`
(committed) keeps the tiling and the layouts and shrinks the sizes; `full` is
pypto-lib's (about 1.7 GiB of weights and caches).

    python3 models/qwen3_32b/gen_decode_4d.py > models/qwen3_32b/decode_4d.mlir
    python3 models/qwen3_32b/gen_decode_4d.py --config full -o /tmp/full.mlir

Python 3 standard library only.
"""

import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_common import command_line, swiglu, write_program  # noqa: E402

# B: batch, NH/KVH: query/KV heads, INTER: MLP width, MAX_SEQ: cache
# positions per (token, KV head); seq_lens are drawn from [1, MAX_SEQ].
CONFIGS = {
    "ci": dict(B=16, NH=16, KVH=2, INTER=1024, MAX_SEQ=1024),
    "full": dict(B=16, NH=64, KVH=8, INTER=25600, MAX_SEQ=4096),
}

D = 128  # head dim, also the K chunk of every projection
HALF = D // 2
QO = 256  # Q/K/V projection N chunk
ON = 512  # output-projection N chunk (two matmuls of 256 columns)
MO = 256  # gate/up N chunk
DN = 512  # down-projection N chunk
DK = 64  # down-projection K chunk
QHB = 8  # query heads a group
QHP = 16  # query rows a group, padded for the cube
SB = 256  # sequence tile


def T(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def generate(config, B, NH, KVH, INTER, MAX_SEQ):
    H = NH * D
    KVD = KVH * D
    QPK = NH // KVH
    # pypto-lib's RoPE stage writes query group `ki` of KV head `ki`, which
    # is the attention's group numbering only with one group a KV head.
    assert QPK == QHB, "decode_4d assumes 8 query heads per KV head"
    assert KVH % 2 == 0, "the attention takes its groups in pairs"
    assert KVD % QO == 0 and H % ON == 0 and INTER % MO == 0
    assert MAX_SEQ % SB == 0
    HKB = H // D  # K blocks of the hidden dimension
    QOB = H // QO
    KVOB = KVD // QO
    OPNB = H // ON
    MOB = INTER // MO
    DNB = H // DN
    DKB = INTER // DK
    MCB = MAX_SEQ // SB
    TQG = KVH  # query groups, one a KV head
    CR = B * KVH  # cache rows of blocks

    hs = T(HKB, 1, B, D, "bf16")
    row_w = T(HKB, 1, 1, D, "f32")
    wq = T(HKB, QOB, D, QO, "bf16")
    wkv = T(HKB, KVOB, D, QO, "bf16")
    rope = T(MAX_SEQ, 1, 1, D, "f32")
    cache = T(CR, MCB, SB, D, "bf16")
    wo = T(HKB, OPNB, D, ON, "bf16")
    wgu = T(HKB, MOB, D, MO, "bf16")
    wd = T(DKB, DNB, DK, DN, "bf16")
    out = T(DNB, 1, B, DN, "bf16")
    q_proj = T(QOB, 1, B, QO, "f32")
    kv_proj = T(KVOB, 1, B, QO, "f32")
    x_blk = T(1, 1, B, D, "bf16")
    xf_blk = T(1, 1, B, D, "f32")
    acc_qo = T(1, 1, B, QO, "f32")
    half_f = T(1, 1, 1, HALF, "f32")
    half_b = T(1, 1, 1, HALF, "bf16")
    q_pad = T(B * TQG, 1, QHP, D, "bf16")
    attn = T(HKB, 1, B, D, "bf16")
    scores = T(MCB, 1, QHP, SB, "f32")
    probs = T(MCB, 1, QHP, SB, "bf16")
    stats = T(MCB, QHB, "f32")
    partial = T(MCB, 1, QHP, D, "f32")
    s_blk = T(1, 1, QHB, SB, "f32")
    col8 = T(QHB, 1, "f32")
    o8 = T(QHB, D, "f32")
    row_b = T(1, B, "f32")
    col_b = T(B, 1, "f32")
    opt = T(OPNB, 1, B, ON, "f32")
    mlp = T(MOB, 1, B, MO, "bf16")
    down = T(DNB, 1, B, DN, "f32")

    consts = sorted({0, 1, 2, 3, 4, QHB, HALF, D, 3 * D, QO, SB, HKB, QOB, KVOB, OPNB,
                     MOB, DNB, DKB, B, KVH, TQG, DK, MO})
    c = {v: f"%c{v}" for v in consts}
    cdefs = "\n".join(f"    {c[v]} = arith.constant {v} : index"
                      for v in consts)

    def rms_norm(region, src, src_dtype, src_block, weight, dst):
        """pypto-lib's RMSNorm over HKB blocks of 128 columns: `src_block`
        gives the slice of block %kb of `src` (returns the value name)."""
        def block(indent):
            text, name = src_block(indent)
            if src_dtype == "f32":
                return text, name
            return (text + f"\n{indent}%xf = pypto.cast {name} : "
                    f"{T(1, 1, B, D, src_dtype)} -> {xf_blk}", "%xf")
        sum_text, x1 = block("          ")
        norm_text, x2 = block("          ")
        return f"""
    pypto.at core_group "{region}" {{
      %zero = arith.constant 0.0 : f32
      %inv_h = arith.constant {1.0 / H!r} : f32
      %eps = arith.constant 1.0e-6 : f32
      %init = pypto.full %zero : f32 -> {row_b}
      %sq_sum = scf.for %kb = %c0 to {c[HKB]} step %c1
          iter_args(%acc = %init) -> ({row_b}) {{{sum_text}
        %sq = pypto.mul {x1}, {x1} : {xf_blk}
        %rs = pypto.row_sum %sq : {xf_blk} -> {T(1, 1, B, 1, 'f32')}
        %row = pypto.reshape %rs : {T(1, 1, B, 1, 'f32')} -> {row_b}
        %next = pypto.add %acc, %row : {row_b}
        scf.yield %next : {row_b}
      }} {{pypto.loop = "pipeline"}}
      %mean = pypto.muls %sq_sum, %inv_h : {row_b}, f32
      %shifted = pypto.adds %mean, %eps : {row_b}, f32
      %root = pypto.sqrt %shifted : {row_b}
      %inv = pypto.recip %root : {row_b}
      %inv_col = pypto.reshape %inv : {row_b} -> {col_b}
      scf.for %kb = %c0 to {c[HKB]} step %c1 {{{norm_text}
        %gamma = pypto.slice %{weight}[%kb, %c0, %c0, %c0] [1, 1, 1, {D}] : {row_w}
        %scaled = pypto.row_expand_mul {x2}, %inv_col : {xf_blk}, {col_b}
        %normed = pypto.col_expand_mul %scaled, %gamma : {xf_blk}, {T(1, 1, 1, D, 'f32')}
        %nb = pypto.cast %normed : {xf_blk} -> {x_blk}
        pypto.assemble %nb into %{dst}[%kb, %c0, %c0, %c0] : {x_blk} into {hs}
      }} {{pypto.loop = "pipeline"}}
    }}"""

    def projection(act, act_t, act_k, weight, weight_t, n_iv, k_blocks, k, n,
                   acc):
        """pypto-lib's K loop: a matmul of block 0, then matmul_acc of blocks
        1.. of the activation `act` (K chunk `k`; `act_k` slices block %kb
        as %{acc}_ak) and the weight's blocks [kb, n_iv]."""
        act_blk = T(1, 1, B, k, "bf16")
        w_blk = T(1, 1, k, n, "bf16")
        acc_t = T(1, 1, B, n, "f32")
        return f"""
      %{acc}_a0 = pypto.slice %{act}[%c0, %c0, %c0, %c0] [1, 1, {B}, {k}] : {act_t}
      %{acc}_w0 = pypto.slice %{weight}[%c0, {n_iv}, %c0, %c0] [1, 1, {k}, {n}] : {weight_t}
      %{acc}_first = pypto.matmul %{acc}_a0, %{acc}_w0 : {act_blk}, {w_blk}
      %{acc} = scf.for %kb = %c1 to {c[k_blocks]} step %c1
          iter_args(%sum = %{acc}_first) -> ({acc_t}) {{{act_k}
        %{acc}_w = pypto.slice %{weight}[%kb, {n_iv}, %c0, %c0] [1, 1, {k}, {n}] : {weight_t}
        %{acc}_next = pypto.matmul_acc %sum, %{acc}_ak, %{acc}_w : {act_blk}, {w_blk}
        scf.yield %{acc}_next : {acc_t}
      }} {{pypto.loop = "pipeline"}}"""

    def act_block(act, act_t, acc, k):
        return f"""
        %{acc}_ak = pypto.slice %{act}[%kb, %c0, %c0, %c0] [1, 1, {B}, {k}] : {act_t}"""

    def qkv(region, weight, weight_t, dst, dst_t, blk):
        return f"""
      pypto.at core_group "{region}" {{{projection("normed_states", hs, act_block("normed_states", hs, "acc", D), weight, weight_t, blk, HKB, D, QO, "acc")}
        pypto.assemble %acc into %{dst}[{blk}, %c0, %c0, %c0] : {acc_qo} into {dst_t}
      }}"""

    def rope_half(prefix, src, src_t, block, row, col, dst, dst_t, dst_idx):
        """RoPE of src[block, 0, row, col:col+D] into the two halves of dst
        at dst_idx (pypto-lib's col_expand_mul form)."""
        return f"""
          %{prefix}_col_hi = arith.addi {col}, %c{HALF} : index
          %{prefix}_lo = pypto.slice %{src}[{block}, %c0, {row}, {col}] [1, 1, 1, {HALF}] : {src_t}
          %{prefix}_hi = pypto.slice %{src}[{block}, %c0, {row}, %{prefix}_col_hi] [1, 1, 1, {HALF}] : {src_t}
          %{prefix}_a = pypto.col_expand_mul %{prefix}_lo, %cos_lo : {half_f}, {half_f}
          %{prefix}_b = pypto.col_expand_mul %{prefix}_hi, %sin_lo : {half_f}, {half_f}
          %{prefix}_rot_lo = pypto.sub %{prefix}_a, %{prefix}_b : {half_f}
          %{prefix}_c = pypto.col_expand_mul %{prefix}_hi, %cos_hi : {half_f}, {half_f}
          %{prefix}_d = pypto.col_expand_mul %{prefix}_lo, %sin_hi : {half_f}, {half_f}
          %{prefix}_rot_hi = pypto.add %{prefix}_c, %{prefix}_d : {half_f}
          %{prefix}_lo_b = pypto.cast %{prefix}_rot_lo : {half_f} -> {half_b}
          %{prefix}_hi_b = pypto.cast %{prefix}_rot_hi : {half_f} -> {half_b}
          pypto.assemble %{prefix}_lo_b into %{dst}[{dst_idx}, %c0] : {half_b} into {dst_t}
          pypto.assemble %{prefix}_hi_b into %{dst}[{dst_idx}, %c{HALF}] : {half_b} into {dst_t}"""

    def per_group(what, g):
        """`what` for the two groups of the pair, with `{g}` their index."""
        return "".join(what.format(g=i) for i in (0, 1))

    text = f"""// GENERATED by models/qwen3_32b/gen_decode_4d.py --config {config}; do not edit.
//
// Qwen3-32B single-layer decode forward with rank-4 tensors, ported from
// pypto-lib's models/qwen3_32b/decode_4d.py: batch {B}, hidden {H} ({NH}
// query heads of {D}, {KVH} KV heads), MLP {INTER}, {MAX_SEQ} cache positions
// a (token, KV head) (pypto-lib's: 16, 8192, 64, 8, 25600, 4096;
// `--config full`). Every tensor is a rank-4 array of blocks, as in the
// original: weights [K blocks, N blocks, K chunk, N chunk], activations
// [blocks, 1, batch, chunk], caches [batch * KV heads, context blocks, {SB}, {D}].
//
// Scope 1: input RMSNorm; Q, K and V projections (one task a block of 256
// columns, K steps of 128).
// Scope 2, per token b (its context length read from `seq_lens`): RoPE of
// k and of the 8 query heads of each KV head, the new k and v rows into the
// caches, the queries into a 16-row padded block; then, per pair of query
// groups, QK matmul, block softmax (the last block's columns past the
// context masked with fillpad), SV matmul and the online-softmax combine.
// Scope 3: output projection, residual, post-attention RMSNorm, SwiGLU MLP
// (gate and up projections returned by their regions), down projection and
// the final residual.
//
// What the port changes: the inputs are scaled randn (pypto-lib's rand - 0.5
// at scales that make the attention nearly uniform); the caches and RoPE
// tables at unit scale, so the blocks' score maxima differ and the online
// rescaling matters; the caches are in-out, so their new rows are checked.
// The attention output, 8 rows of 128, is reshaped to the 8x1x1x128 window
// it fills (pypto-lib assembles the 2-D tile into the rank-4 tensor).
//
// Tolerance: pypto-lib's, 3e-3 absolute and relative.
module @qwen3_decode_4d attributes {{pypto.golden = "decode_4d.golden.py",
                                    pypto.rtol = 3.0e-3 : f64,
                                    pypto.atol = 3.0e-3 : f64}} {{
  func.func @qwen3_decode(
      %hidden_states: {hs} {{pypto.init = "randn", pypto.init_scale = 0.1 : f64}},
      %input_rms_weight: {row_w} {{pypto.init = "rand"}},
      %wq: {wq} {{pypto.init = "randn", pypto.init_scale = {2.0 / math.sqrt(H)!r} : f64}},
      %wk: {wkv} {{pypto.init = "randn", pypto.init_scale = {0.2 / math.sqrt(H)!r} : f64}},
      %wv: {wkv} {{pypto.init = "randn", pypto.init_scale = {0.2 / math.sqrt(H)!r} : f64}},
      %seq_lens: {T(B, 1, 1, 1, 'i32')} {{pypto.init = "randint", pypto.init_range = array<i64: 1, {MAX_SEQ + 1}>}},
      %rope_cos: {rope} {{pypto.init = "randn"}},
      %rope_sin: {rope} {{pypto.init = "randn"}},
      %k_cache: {cache} {{pypto.init = "randn", pypto.dir = "inout"}},
      %v_cache: {cache} {{pypto.init = "randn", pypto.dir = "inout"}},
      %wo: {wo} {{pypto.init = "randn", pypto.init_scale = {0.3 / math.sqrt(H)!r} : f64}},
      %post_rms_weight: {row_w} {{pypto.init = "rand", pypto.init_scale = 2.0 : f64}},
      %w_gate: {wgu} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %w_up: {wgu} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %w_down: {wd} {{pypto.init = "randn", pypto.init_scale = {0.1 / math.sqrt(INTER)!r} : f64}},
      %out: {out} {{pypto.dir = "out"}}) {{
{cdefs}
    %q_proj = pypto.create_tensor : {q_proj}
    %k_proj = pypto.create_tensor : {kv_proj}
    %v_proj = pypto.create_tensor : {kv_proj}

    // Scope 1: input RMSNorm and the Q/K/V projections.
    %normed_states = pypto.create_tensor : {hs}{rms_norm("rmsnorm", "hidden_states", "bf16", lambda ind: (f'''
{ind}%x = pypto.slice %hidden_states[%kb, %c0, %c0, %c0] [1, 1, {B}, {D}] : {hs}''', "%x"), "input_rms_weight", "normed_states")}
    scf.for %qb = %c0 to {c[QOB]} step %c1 {{{qkv("q_proj", "wq", wq, "q_proj", q_proj, "%qb")}
    }} {{pypto.loop = "parallel"}}
    scf.for %kvb = %c0 to {c[KVOB]} step %c1 {{{qkv("k_proj", "wk", wkv, "k_proj", kv_proj, "%kvb")}{qkv("v_proj", "wv", wkv, "v_proj", kv_proj, "%kvb")}
    }} {{pypto.loop = "parallel"}}

    // Scope 2: RoPE, KV cache update and grouped-query attention.
    %all_q_padded = pypto.create_tensor : {q_pad}
    %attn_proj_tile = pypto.create_tensor : {attn}
    scf.for %b = %c0 to {c[B]} step %c1 {{
      %ctx_len32 = pypto.read %seq_lens[%b, %c0, %c0, %c0] : {T(B, 1, 1, 1, 'i32')} -> i32
      %ctx_len = arith.index_cast %ctx_len32 : i32 to index
      %pos = arith.subi %ctx_len, %c1 : index
      %ctx_blocks = arith.ceildivsi %ctx_len, %c{SB} : index
      %pos_block = arith.divsi %pos, %c{SB} : index
      %pos_block0 = arith.muli %pos_block, %c{SB} : index
      %pos_offset = arith.subi %pos, %pos_block0 : index
      %cos_lo = pypto.slice %rope_cos[%pos, %c0, %c0, %c0] [1, 1, 1, {HALF}] : {rope}
      %cos_hi = pypto.slice %rope_cos[%pos, %c0, %c0, %c{HALF}] [1, 1, 1, {HALF}] : {rope}
      %sin_lo = pypto.slice %rope_sin[%pos, %c0, %c0, %c0] [1, 1, 1, {HALF}] : {rope}
      %sin_hi = pypto.slice %rope_sin[%pos, %c0, %c0, %c{HALF}] [1, 1, 1, {HALF}] : {rope}
      %b_groups = arith.muli %b, {c[TQG]} : index
      %b_heads = arith.muli %b, {c[KVH]} : index

      // Stage 1: K RoPE and cache update, V cache update, Q RoPE and pad.
      pypto.at core_group "rope_kv_cache" {{
        scf.for %ki = %c0 to {c[KVH]} step %c1 {{
          %kv_col = arith.muli %ki, %c{D} : index
          %kv_block = arith.divsi %kv_col, %c{QO} : index
          %kv_block0 = arith.muli %kv_block, %c{QO} : index
          %kv_offset = arith.subi %kv_col, %kv_block0 : index
          %cache_idx = arith.addi %b_heads, %ki : index{rope_half("k", "k_proj", kv_proj, "%kv_block", "%b", "%kv_offset", "k_cache", cache, "%cache_idx, %pos_block, %pos_offset")}
          %v_row = pypto.slice %v_proj[%kv_block, %c0, %b, %kv_offset] [1, 1, 1, {D}] : {kv_proj}
          %v_row_b = pypto.cast %v_row : {T(1, 1, 1, D, 'f32')} -> {T(1, 1, 1, D, 'bf16')}
          pypto.assemble %v_row_b into %v_cache[%cache_idx, %pos_block, %pos_offset, %c0] : {T(1, 1, 1, D, 'bf16')} into {cache}
          %q_base = arith.muli %ki, %c{QHB} : index
          %q_pad_idx = arith.addi %b_groups, %ki : index
          scf.for %qi = %c0 to %c{QHB} step %c1 {{
            %q_head = arith.addi %q_base, %qi : index
            %q_col = arith.muli %q_head, %c{D} : index
            %q_block = arith.divsi %q_col, %c{QO} : index
            %q_block0 = arith.muli %q_block, %c{QO} : index
            %q_offset = arith.subi %q_col, %q_block0 : index{rope_half("q", "q_proj", q_proj, "%q_block", "%b", "%q_offset", "all_q_padded", q_pad, "%q_pad_idx, %c0, %qi")}
          }} {{pypto.loop = "range"}}
          %zero = arith.constant 0.0 : f32
          %q_pad_zero = pypto.full %zero : f32 -> {T(1, 1, QHP - QHB, D, 'f32')}
          %q_pad_zero_b = pypto.cast %q_pad_zero : {T(1, 1, QHP - QHB, D, 'f32')} -> {T(1, 1, QHP - QHB, D, 'bf16')}
          pypto.assemble %q_pad_zero_b into %all_q_padded[%q_pad_idx, %c0, %c{QHB}, %c0] : {T(1, 1, QHP - QHB, D, 'bf16')} into {q_pad}
        }} {{pypto.loop = "range"}}
      }}

      scf.for %gi = %c0 to {c[TQG]} step %c2 {{
        %gi1 = arith.addi %gi, %c1 : index
        %q_base0 = arith.muli %gi, %c{QHB} : index
        %q_base1 = arith.muli %gi1, %c{QHB} : index
        %q_idx0 = arith.addi %b_groups, %gi : index
        %q_idx1 = arith.addi %b_groups, %gi1 : index
        %cache0 = arith.addi %b_heads, %gi : index
        %cache1 = arith.addi %b_heads, %gi1 : index{per_group('''
        %q_padded{g} = pypto.slice %all_q_padded[%q_idx{g}, %c0, %c0, %c0] [1, 1, ''' + str(QHP) + ''', ''' + str(D) + '''] : ''' + q_pad, 0)}

        // Stage 2: QK matmul.{per_group('''
        %all_raw_scores{g} = pypto.create_tensor : ''' + scores, 0)}
        pypto.at core_group "qk_matmul" {{
          scf.for %sb = %c0 to %ctx_blocks step %c1 {{{per_group('''
            %k_tile_{g} = pypto.slice %k_cache[%cache{g}, %sb, %c0, %c0] [1, 1, ''' + f"{SB}, {D}] : {cache}" + '''
            %raw_scores_{g} = pypto.matmul %q_padded{g}, %k_tile_{g} {{b_trans}} : ''' + f"{T(1, 1, QHP, D, 'bf16')}, {T(1, 1, SB, D, 'bf16')}" + '''
            pypto.assemble %raw_scores_{g} into %all_raw_scores{g}[%sb, %c0, %c0, %c0] : ''' + f"{T(1, 1, QHP, SB, 'f32')} into {scores}", 0)}
          }} {{pypto.loop = "range"}}
        }}

        // Stage 3: softmax of each block (columns past the context masked).{per_group('''
        %all_exp_padded{g} = pypto.create_tensor : ''' + probs + '''
        %all_cur_li{g} = pypto.create_tensor : ''' + stats + '''
        %all_cur_mi{g} = pypto.create_tensor : ''' + stats, 0)}
        pypto.at core_group "softmax" {{
          %scale = arith.constant {1.0 / math.sqrt(D)!r} : f32
          scf.for %sb = %c0 to %ctx_blocks step %c1 {{
            %s0 = arith.muli %sb, %c{SB} : index
            %left = arith.subi %ctx_len, %s0 : index
            %valid_len = arith.minsi %left, %c{SB} : index{per_group('''
            %scores_{g} = pypto.slice %all_raw_scores{g}[%sb, %c0, %c0, %c0] [1, 1, ''' + f"{QHB}, {SB}] : {scores}" + '''
            %scores_padded_{g} = pypto.fillpad %scores_{g} valid [%c''' + str(QHB) + ''', %valid_len] pad min : ''' + f"{s_blk} -> {s_blk}" + '''
            %scaled_{g} = pypto.muls %scores_padded_{g}, %scale : ''' + f"{s_blk}, f32" + '''
            %cur_mi_{g} = pypto.row_max %scaled_{g} : ''' + f"{s_blk} -> {T(1, 1, QHB, 1, 'f32')}" + '''
            %shifted_{g} = pypto.row_expand_sub %scaled_{g}, %cur_mi_{g} : ''' + f"{s_blk}, {T(1, 1, QHB, 1, 'f32')}" + '''
            %exp_{g} = pypto.exp %shifted_{g} : ''' + s_blk + '''
            %exp_bf16_{g} = pypto.cast %exp_{g} : ''' + f"{s_blk} -> {T(1, 1, QHB, SB, 'bf16')}" + '''
            %exp_f32_{g} = pypto.cast %exp_bf16_{g} : ''' + f"{T(1, 1, QHB, SB, 'bf16')} -> {s_blk}" + '''
            %cur_li_{g} = pypto.row_sum %exp_f32_{g} : ''' + f"{s_blk} -> {T(1, 1, QHB, 1, 'f32')}" + '''
            pypto.assemble %exp_bf16_{g} into %all_exp_padded{g}[%sb, %c0, %c0, %c0] : ''' + f"{T(1, 1, QHB, SB, 'bf16')} into {probs}" + '''
            %cur_mi_row_{g} = pypto.reshape %cur_mi_{g} : ''' + f"{T(1, 1, QHB, 1, 'f32')} -> {T(1, QHB, 'f32')}" + '''
            %cur_li_row_{g} = pypto.reshape %cur_li_{g} : ''' + f"{T(1, 1, QHB, 1, 'f32')} -> {T(1, QHB, 'f32')}" + '''
            pypto.assemble %cur_mi_row_{g} into %all_cur_mi{g}[%sb, %c0] : ''' + f"{T(1, QHB, 'f32')} into {stats}" + '''
            pypto.assemble %cur_li_row_{g} into %all_cur_li{g}[%sb, %c0] : ''' + f"{T(1, QHB, 'f32')} into {stats}", 0)}
          }} {{pypto.loop = "range"}}
        }}

        // Stage 4: SV matmul (all 16 rows; rows 8.. are never read).{per_group('''
        %all_oi_tmp{g} = pypto.create_tensor : ''' + partial, 0)}
        pypto.at core_group "sv_matmul" {{
          scf.for %sb = %c0 to %ctx_blocks step %c1 {{{per_group('''
            %exp_tile_{g} = pypto.slice %all_exp_padded{g}[%sb, %c0, %c0, %c0] [1, 1, ''' + f"{QHP}, {SB}] : {probs}" + '''
            %v_tile_{g} = pypto.slice %v_cache[%cache{g}, %sb, %c0, %c0] [1, 1, ''' + f"{SB}, {D}] : {cache}" + '''
            %oi_tmp_{g} = pypto.matmul %exp_tile_{g}, %v_tile_{g} : ''' + f"{T(1, 1, QHP, SB, 'bf16')}, {T(1, 1, SB, D, 'bf16')}" + '''
            pypto.assemble %oi_tmp_{g} into %all_oi_tmp{g}[%sb, %c0, %c0, %c0] : ''' + f"{T(1, 1, QHP, D, 'f32')} into {partial}", 0)}
          }} {{pypto.loop = "range"}}
        }}

        // Stage 5: online-softmax accumulation over the blocks, then
        // normalisation into the attention output.
        pypto.at core_group "online_softmax" {{{per_group('''
          %oi_first_{g} = pypto.slice %all_oi_tmp{g}[%c0, %c0, %c0, %c0] [1, 1, ''' + f"{QHB}, {D}] : {partial}" + '''
          %oi_init_{g} = pypto.reshape %oi_first_{g} : ''' + f"{T(1, 1, QHB, D, 'f32')} -> {o8}" + '''
          %mi_first_{g} = pypto.slice %all_cur_mi{g}[%c0, %c0] [1, ''' + f"{QHB}] : {stats}" + '''
          %mi_init_{g} = pypto.reshape %mi_first_{g} : ''' + f"{T(1, QHB, 'f32')} -> {col8}" + '''
          %li_first_{g} = pypto.slice %all_cur_li{g}[%c0, %c0] [1, ''' + f"{QHB}] : {stats}" + '''
          %li_init_{g} = pypto.reshape %li_first_{g} : ''' + f"{T(1, QHB, 'f32')} -> {col8}", 0)}
          %acc:6 = scf.for %sb = %c1 to %ctx_blocks step %c1
              iter_args(%oi_0 = %oi_init_0, %mi_0 = %mi_init_0, %li_0 = %li_init_0,
                        %oi_1 = %oi_init_1, %mi_1 = %mi_init_1, %li_1 = %li_init_1)
              -> ({o8}, {col8}, {col8}, {o8}, {col8}, {col8}) {{{per_group('''
            %oi_blk_{g} = pypto.slice %all_oi_tmp{g}[%sb, %c0, %c0, %c0] [1, 1, ''' + f"{QHB}, {D}] : {partial}" + '''
            %oi_tmp_{g} = pypto.reshape %oi_blk_{g} : ''' + f"{T(1, 1, QHB, D, 'f32')} -> {o8}" + '''
            %mi_blk_{g} = pypto.slice %all_cur_mi{g}[%sb, %c0] [1, ''' + f"{QHB}] : {stats}" + '''
            %cur_mi_{g} = pypto.reshape %mi_blk_{g} : ''' + f"{T(1, QHB, 'f32')} -> {col8}" + '''
            %li_blk_{g} = pypto.slice %all_cur_li{g}[%sb, %c0] [1, ''' + f"{QHB}] : {stats}" + '''
            %cur_li_{g} = pypto.reshape %li_blk_{g} : ''' + f"{T(1, QHB, 'f32')} -> {col8}" + '''
            %mi_new_{g} = pypto.max %mi_{g}, %cur_mi_{g} : ''' + col8 + '''
            %mi_diff_{g} = pypto.sub %mi_{g}, %mi_new_{g} : ''' + col8 + '''
            %alpha_{g} = pypto.exp %mi_diff_{g} : ''' + col8 + '''
            %cur_diff_{g} = pypto.sub %cur_mi_{g}, %mi_new_{g} : ''' + col8 + '''
            %beta_{g} = pypto.exp %cur_diff_{g} : ''' + col8 + '''
            %li_a_{g} = pypto.mul %alpha_{g}, %li_{g} : ''' + col8 + '''
            %li_b_{g} = pypto.mul %beta_{g}, %cur_li_{g} : ''' + col8 + '''
            %li_new_{g} = pypto.add %li_a_{g}, %li_b_{g} : ''' + col8 + '''
            %oi_a_{g} = pypto.row_expand_mul %oi_{g}, %alpha_{g} : ''' + f"{o8}, {col8}" + '''
            %oi_b_{g} = pypto.row_expand_mul %oi_tmp_{g}, %beta_{g} : ''' + f"{o8}, {col8}" + '''
            %oi_new_{g} = pypto.add %oi_a_{g}, %oi_b_{g} : ''' + o8, 0)}
            scf.yield %oi_new_0, %mi_new_0, %li_new_0, %oi_new_1, %mi_new_1, %li_new_1
                : {o8}, {col8}, {col8}, {o8}, {col8}, {col8}
          }} {{pypto.loop = "range"}}{''.join(f'''
          %ctx_{g} = pypto.row_expand_div %acc#{3 * g}, %acc#{3 * g + 2} : {o8}, {col8}
          %ctx_b_{g} = pypto.cast %ctx_{g} : {o8} -> {T(QHB, D, 'bf16')}
          %ctx_4d_{g} = pypto.reshape %ctx_b_{g} : {T(QHB, D, 'bf16')} -> {T(QHB, 1, 1, D, 'bf16')}
          pypto.assemble %ctx_4d_{g} into %attn_proj_tile[%q_base{g}, %c0, %b, %c0] : {T(QHB, 1, 1, D, 'bf16')} into {attn}''' for g in (0, 1))}
        }}
      }} {{pypto.loop = "parallel"}}
    }} {{pypto.loop = "parallel"}}

    // Scope 3, stage 1: output projection, two 256-column halves a task.
    %out_proj_tile = pypto.create_tensor : {opt}
    scf.for %oi = %c0 to {c[OPNB]} step %c1 {{
      pypto.at core_group "out_proj" {{
        %a0 = pypto.slice %attn_proj_tile[%c0, %c0, %c0, %c0] [1, 1, {B}, {D}] : {attn}
        %w_lo0 = pypto.slice %wo[%c0, %oi, %c0, %c0] [1, 1, {D}, {QO}] : {wo}
        %lo_first = pypto.matmul %a0, %w_lo0 : {x_blk}, {T(1, 1, D, QO, 'bf16')}
        %w_hi0 = pypto.slice %wo[%c0, %oi, %c0, %c{QO}] [1, 1, {D}, {QO}] : {wo}
        %hi_first = pypto.matmul %a0, %w_hi0 : {x_blk}, {T(1, 1, D, QO, 'bf16')}
        %acc:2 = scf.for %kb = %c1 to {c[HKB]} step %c1
            iter_args(%lo_sum = %lo_first, %hi_sum = %hi_first) -> ({acc_qo}, {acc_qo}) {{
          %a = pypto.slice %attn_proj_tile[%kb, %c0, %c0, %c0] [1, 1, {B}, {D}] : {attn}
          %w_lo = pypto.slice %wo[%kb, %oi, %c0, %c0] [1, 1, {D}, {QO}] : {wo}
          %lo_next = pypto.matmul_acc %lo_sum, %a, %w_lo : {x_blk}, {T(1, 1, D, QO, 'bf16')}
          %w_hi = pypto.slice %wo[%kb, %oi, %c0, %c{QO}] [1, 1, {D}, {QO}] : {wo}
          %hi_next = pypto.matmul_acc %hi_sum, %a, %w_hi : {x_blk}, {T(1, 1, D, QO, 'bf16')}
          scf.yield %lo_next, %hi_next : {acc_qo}, {acc_qo}
        }} {{pypto.loop = "pipeline"}}
        pypto.assemble %acc#0 into %out_proj_tile[%oi, %c0, %c0, %c0] : {acc_qo} into {opt}
        pypto.assemble %acc#1 into %out_proj_tile[%oi, %c0, %c0, %c{QO}] : {acc_qo} into {opt}
      }}
    }} {{pypto.loop = "parallel"}}

    // Stage 2: residual with hidden_states, 128 columns at a time.
    %resid1_tile = pypto.create_tensor : {opt}
    scf.for %oi = %c0 to {c[OPNB]} step %c1 {{
      pypto.at core_group "out_proj_residual" {{
        %hidden_block = arith.muli %oi, %c{ON // D} : index{''.join(f'''
        %hidden_block_{j} = arith.addi %hidden_block, %c{j} : index
        %proj_{j} = pypto.slice %out_proj_tile[%oi, %c0, %c0, %c{j * D}] [1, 1, {B}, {D}] : {opt}
        %hidden_{j} = pypto.slice %hidden_states[%hidden_block_{j}, %c0, %c0, %c0] [1, 1, {B}, {D}] : {hs}
        %hidden_f_{j} = pypto.cast %hidden_{j} : {x_blk} -> {xf_blk}
        %resid_{j} = pypto.add %proj_{j}, %hidden_f_{j} : {xf_blk}
        pypto.assemble %resid_{j} into %resid1_tile[%oi, %c0, %c0, %c{j * D}] : {xf_blk} into {opt}''' for j in range(ON // D))}
      }}
    }} {{pypto.loop = "parallel"}}

    // Stage 3: post-attention RMSNorm.
    %post_norm_tile = pypto.create_tensor : {hs}{rms_norm("post_rmsnorm", "resid1_tile", "f32", lambda ind: (f'''
{ind}%resid_block = arith.divsi %kb, %c{ON // D} : index
{ind}%resid_block0 = arith.muli %resid_block, %c{ON // D} : index
{ind}%resid_sub = arith.subi %kb, %resid_block0 : index
{ind}%resid_offset = arith.muli %resid_sub, %c{D} : index
{ind}%x = pypto.slice %resid1_tile[%resid_block, %c0, %c0, %resid_offset] [1, 1, {B}, {D}] : {opt}''', "%x"), "post_rms_weight", "post_norm_tile")}

    // Stages 4 to 6: gate and up projections, SiLU.
    %mlp_tile = pypto.create_tensor : {mlp}
    scf.for %mb = %c0 to {c[MOB]} step %c1 {{
      %gate_acc = pypto.at core_group "gate_proj" -> ({acc_qo}) {{{projection("post_norm_tile", hs, act_block("post_norm_tile", hs, "gate", D), "w_gate", wgu, "%mb", HKB, D, MO, "gate")}
        pypto.yield %gate : {acc_qo}
      }}
      %up_acc = pypto.at core_group "up_proj" -> ({acc_qo}) {{{projection("post_norm_tile", hs, act_block("post_norm_tile", hs, "up", D), "w_up", wgu, "%mb", HKB, D, MO, "up")}
        pypto.yield %up : {acc_qo}
      }}
      pypto.at core_group "silu" {{
        %one = arith.constant 1.0 : f32{swiglu("%gate_acc", "%up_acc", acc_qo, "%mlp_chunk", "        ")}
        %mlp_b = pypto.cast %mlp_chunk : {acc_qo} -> {T(1, 1, B, MO, 'bf16')}
        pypto.assemble %mlp_b into %mlp_tile[%mb, %c0, %c0, %c0] : {T(1, 1, B, MO, 'bf16')} into {mlp}
      }}
    }} {{pypto.loop = "parallel"}}

    // Stage 7: down projection, K steps of 64 through the MLP blocks.
    %down_proj_tile = pypto.create_tensor : {down}
    scf.for %di = %c0 to {c[DNB]} step %c1 {{
      pypto.at core_group "down_proj" {{{projection("mlp_tile", mlp, f'''
        %mlp_block = arith.divsi %kb, %c{MO // DK} : index
        %mlp_block0 = arith.muli %mlp_block, %c{MO // DK} : index
        %mlp_sub = arith.subi %kb, %mlp_block0 : index
        %mlp_offset = arith.muli %mlp_sub, %c{DK} : index
        %down_ak = pypto.slice %mlp_tile[%mlp_block, %c0, %c0, %mlp_offset] [1, 1, {B}, {DK}] : {mlp}''', "w_down", wd, "%di", DKB, DK, DN, "down")}
        pypto.assemble %down into %down_proj_tile[%di, %c0, %c0, %c0] : {T(1, 1, B, DN, 'f32')} into {down}
      }}
    }} {{pypto.loop = "parallel"}}

    // Stage 8: final residual.
    scf.for %di = %c0 to {c[DNB]} step %c1 {{
      pypto.at core_group "down_proj_residual" {{
        %final_down = pypto.slice %down_proj_tile[%di, %c0, %c0, %c0] [1, 1, {B}, {DN}] : {down}
        %final_resid = pypto.slice %resid1_tile[%di, %c0, %c0, %c0] [1, 1, {B}, {ON}] : {opt}
        %final = pypto.add %final_down, %final_resid : {T(1, 1, B, DN, 'f32')}
        %final_b = pypto.cast %final : {T(1, 1, B, DN, 'f32')} -> {T(1, 1, B, DN, 'bf16')}
        pypto.assemble %final_b into %out[%di, %c0, %c0, %c0] : {T(1, 1, B, DN, 'bf16')} into {out}
      }}
    }} {{pypto.loop = "parallel"}}
    return
  }}
}}
"""
    return text


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
