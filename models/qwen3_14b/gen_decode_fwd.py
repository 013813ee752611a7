#!/usr/bin/env python3
"""Writes pypto-lib's Qwen3-14B decode_fwd (decoder layers, LM head, greedy sampling) as a pypto program.

    gen_decode_fwd.py [--config ci|full] [-o FILE]

Ported from pypto-lib models/qwen3_14b/decode_fwd.py following
docs/design/port-qwen3-14b-decode-fwd.md; the CANN extern attention
(paged_attention_rope_cce: QK-norm, RoPE, KV-cache write, FusedInferAttention)
is replaced by attention written in our dialect. `ci` (the default) is the
committed decode_fwd.mlir; `full` is pypto-lib's sizes (40 layers, hidden 5120,
vocab 152064, identity block table), compile-only. Python 3 standard library
only.
"""

import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_common import command_line, swiglu, write_program  # noqa: E402
from qwen3_14b_mlir import T, mm as shared_mm, qk_norm_rope as shared_qk_norm_rope  # noqa: E402

CONFIGS = {
    # B: public batch (windows of 16 rows; 20 = a full window and a 4-row
    # tail), NH/KVH: query/KV heads of 128, INTER: MLP width, L: layers,
    # VOCAB: LM-head rows (the last 128 are padding, REAL = VOCAB - 128),
    # MAX_SEQ: context limit, PSTEP: block_table = arange * PSTEP (pages a
    # layer = B * MAX_SEQ / 128 * PSTEP), KT: K chunk of the projections and
    # the LM head, TN: N sub-tile of Q/K/V.
    #
    # seq_lens is the first argument, hence the first draw after seeding: with
    # the default seed 0 the ci draw from [1, 512] is 173 48 118 193 324 252
    # 196 360 10 212 278 243 293 88 71 473 89 397 315 194 (1 to 4 pages, both
    # windows multi-page).
    # LOGITS_ATOL: the logits' and the sampled token's atol, CACHE_CMP the
    # caches' comparator (the header of the generated file says why).
    "ci": dict(B=20, NH=10, KVH=2, INTER=2304, L=2, VOCAB=6144, MAX_SEQ=512,
               PSTEP=2, KT=128, TN=128, LOGITS_ATOL=0.016,
               CACHE_CMP="ratio_allclose(atol=0.001953125, rtol=0.0078125, max_error_ratio=0.00001)"),
    "full": dict(B=16, NH=40, KVH=8, INTER=17408, L=40, VOCAB=152064,
                 MAX_SEQ=4096, PSTEP=1, KT=256, TN=256, LOGITS_ATOL=0.05,
                 CACHE_CMP="ratio_allclose(atol=0.25, rtol=0.0078125, max_error_ratio=0)"),
}

D = 128        # head dim
BS = 128       # KV page (block) size = attention sequence tile
W = 16         # BATCH_PAD: rows of a window, M of every matmul
QROWS = 16     # Q_HEAD_PAD
CROWS = 8      # rows of the attention combine (5 heads padded to 32 bytes)
QKV_OK = 5     # split-K slices of Q/K/V
N_SUB = 2      # N sub-tiles a Q/K/V block
K_SPLITS_OUT = 5
N_SPLITS_OUT = 10
OUT_INNER_TK = 64
N_OUT_DIRECT = 24
K_SPLITS_MLP = 5
MLP_INNER_TK = 64
GATE_UP_SPMD_N = 6
MLP_OUT_CHUNK_DIV = 4   # SILU_INNER_CHUNKS
DOWN_TK = 64
XG_BLOCKS = 5
LM_CHUNK = 192
LM_CORES = 24
SAMPLE_CHUNK = 512
SAMPLED_IDS_PAD = 8


def generate(name, B, NH, KVH, INTER, L, VOCAB, MAX_SEQ, PSTEP, KT, TN,
             LOGITS_ATOL, CACHE_CMP):
    H = NH * D
    KVD = KVH * D
    QPK = NH // KVH
    REAL = VOCAB - 128
    MAXB = MAX_SEQ // BS
    PAGES = B * MAXB * PSTEP          # pages a layer
    LROWS = PAGES * BS                # rows of a layer in the [.., KVD] view
    CACHE_ROWS = L * LROWS * KVH
    QKV_N_TILE = N_SUB * TN
    Q_ON = H // QKV_N_TILE
    KV_ON = KVD // QKV_N_TILE
    QKV_K_SLICE = H // QKV_OK
    OUT_TN = H // N_SPLITS_OUT
    OUT_TK = H // K_SPLITS_OUT
    MLP_ON = 9 if name == "ci" else 17
    MLP_TN = INTER // MLP_ON
    MLP_K_SLICE = H // K_SPLITS_MLP
    MLP_OUT_CHUNK = MLP_TN // MLP_OUT_CHUNK_DIV
    DOWN_ON = H // MLP_TN
    XG_W = H // XG_BLOCKS
    RC = 128                          # RMSNorm column chunk
    NCH = VOCAB // LM_CHUNK
    NFULL = REAL // SAMPLE_CHUNK
    TAIL = REAL % SAMPLE_CHUNK
    assert QPK <= CROWS and H % QKV_N_TILE == 0 and KVD % QKV_N_TILE == 0
    assert QKV_K_SLICE % KT == 0 and OUT_TK % OUT_INNER_TK == 0
    assert MLP_ON * MLP_TN == INTER and DOWN_ON * MLP_TN == H
    assert MLP_K_SLICE % MLP_INNER_TK == 0 and H % RC == 0 and XG_W % RC == 0
    assert VOCAB % LM_CHUNK == 0 and H % KT == 0 and 0 < TAIL
    assert NFULL * SAMPLE_CHUNK + SAMPLE_CHUNK == VOCAB
    assert OUT_TN % 64 == 0
    HR = (L + 1) * W                  # rows of the stacked FP32 carry

    consts = sorted({0, 1, 2, W, QROWS, CROWS, 64, D, BS, H, KVD, INTER, L,
                     L - 1, QPK, NH, KVH, MAXB, LROWS, RC, XG_W, MLP_TN,
                     MLP_K_SLICE, OUT_TN, OUT_TK, QKV_N_TILE, QKV_K_SLICE,
                     QKV_OK, TN, KT, NCH, LM_CORES, LM_CHUNK, SAMPLE_CHUNK,
                     256, MLP_OUT_CHUNK, SAMPLED_IDS_PAD, K_SPLITS_OUT,
                     N_OUT_DIRECT})
    c = {v: f"%c{v}" for v in consts}
    cdefs = "\n".join(f"    {c[v]} = arith.constant {v} : index" for v in consts)

    t_hid = T(HR, H, "f32")
    t_nrm = T(HR, H, "bf16")
    t_wq = T(L * H, H, "bf16")
    t_wk = T(L * H, KVD, "bf16")
    t_wo = T(L * H, H, "bf16")
    t_wg = T(L * H, INTER, "bf16")
    t_wd = T(L * INTER, H, "bf16")
    t_pages = T(L * LROWS, KVD, "bf16")
    row16 = T(1, W, "f32")

    def mm(p, act, act_t, arow, acol0, w, w_t, wrow0, wcol, K, TKk, TNn,
           b_trans=False, loop="pipeline"):
        """%{p}_acc = act[arow:+16, acol0:+K] @ w[wrow0:+K, wcol:+TNn] (f32)."""
        return shared_mm(p, act, act_t, arow, acol0, w, w_t, wrow0, wcol, K, TKk,
                         TNn, W, b_trans=b_trans, loop=loop)

    def rms_recip(region, src_terms, dst, extra=""):
        """1/sqrt(mean(x^2) + eps) of the 16 rows of the sum of `src_terms`
        (each (tensor, type, row)), into dst [1, 16] (pypto-lib's rms_recip)."""
        loads = []
        for i, (src, st, row) in enumerate(src_terms):
            loads.append(f"%x{i} = pypto.slice %{src}[{row}, %k] [{W}, {RC}] : {st} -> {T(W, RC, 'f32')}")
        xs = "%x0"
        body = "\n            ".join(loads)
        if len(src_terms) == 2:
            body += f"\n            %xs = pypto.add %x0, %x1 : {T(W, RC, 'f32')}"
            xs = "%xs"
        return f"""
        pypto.at core_group "{region}" allow_early_resolve {{
          %zero = arith.constant 0.0 : f32
          %inv_h = arith.constant {1.0 / H!r} : f32
          %eps = arith.constant 1.0e-6 : f32
          %init = pypto.full %zero : f32 -> {row16}
          %sum = scf.for %k = %c0 to {c[H]} step {c[RC]} iter_args(%acc = %init) -> ({row16}) {{
            {body}
            %sq = pypto.mul {xs}, {xs} : {T(W, RC, 'f32')}
            %rs = pypto.row_sum %sq : {T(W, RC, 'f32')} -> {T(W, 1, 'f32')}
            %r = pypto.reshape %rs : {T(W, 1, 'f32')} -> {row16}
            %n = pypto.add %acc, %r : {row16}
            scf.yield %n : {row16}
          }} {{pypto.loop = "pipeline"}}
          %ms = pypto.muls %sum, %inv_h : {row16}, f32
          %me = pypto.adds %ms, %eps : {row16}, f32
          %rt = pypto.sqrt %me : {row16}
          %inv = pypto.recip %rt : {row16}
          pypto.assemble %inv into %{dst}[%c0, %c0] : {row16} into {row16}
        }}"""

    def qk_norm_rope(p, src, src_t, col, wname, dst, dst_t, dst_row):
        """pypto-lib's rope_qkv phase: x = src[b, col:+128] * inv_rms[b], QK-norm
        (x * w) * 1/sqrt(mean(x^2) + eps), half-split RoPE, bf16 into dst."""
        return shared_qk_norm_rope(p, src, src_t, "%b", col, wname, dst, dst_t,
                                   dst_row, D, c[64], prescale="%inv")

    def split_k_proj(region, wname, w_t, dst, dst_t, ON):
        """pypto-lib's Q/K/V projection: ON N-tiles x QKV_OK K slices as one
        SPMD, each block N_SUB sub-tiles, atomic-added into a zeroed dst."""
        s = f"""
        pypto.spmd core_group "{region}" blocks({ON * QKV_OK}) allow_early_resolve (%blk) {{
          %nt = arith.divsi %blk, {c[QKV_OK]} : index
          %ks = arith.remsi %blk, {c[QKV_OK]} : index
          %nreg = arith.muli %nt, {c[QKV_N_TILE]} : index
          %kb = arith.muli %ks, {c[QKV_K_SLICE]} : index
          %wr = arith.addi %lw, %kb : index"""
        for ns in range(N_SUB):
            s += f"""
          %n{ns} = arith.addi %nreg, %c{ns * TN if ns else 0}_{region} : index""".replace(
                f"%c{ns * TN if ns else 0}_{region}", "%c0" if ns == 0 else f"%n_off{ns}")
            if ns:
                s = s.replace(f"""
          %n{ns} = arith.addi""", f"""
          %n_off{ns} = arith.constant {ns * TN} : index
          %n{ns} = arith.addi""")
            s += mm(f"s{ns}", "nrm", t_nrm, "%h0", "%kb", wname, w_t, "%wr", f"%n{ns}",
                    QKV_K_SLICE, KT, TN)
            s += f"""
          pypto.assemble %s{ns}_acc into %{dst}[%c0, %n{ns}] atomic_add : {T(W, TN, 'f32')} into {dst_t}"""
        return s + "\n        }"

    def zero_seed(region, targets):
        s = f"""
        pypto.at core_group "{region}" allow_early_resolve {{
          %zero = arith.constant 0.0 : f32"""
        for i, (dst, rows, cols) in enumerate(targets):
            # In column chunks of at most 1024: a whole 16 x 5120 f32 row
            # block (full) does not fit a5's 256 KiB vec buffer.
            chunk = max(c for c in range(8, min(cols, 1024) + 1, 8) if cols % c == 0)
            s += f"""
          %z{i} = pypto.full %zero : f32 -> {T(rows, chunk, 'f32')}
          %z{i}_n = arith.constant {cols} : index
          %z{i}_s = arith.constant {chunk} : index
          scf.for %z{i}_c = %c0 to %z{i}_n step %z{i}_s {{
            pypto.assemble %z{i} into %{dst}[%c0, %z{i}_c] : {T(rows, chunk, 'f32')} into {T(rows, cols, 'f32')}
          }} {{pypto.loop = "range"}}"""
        return s + "\n        }"

    scale = 1.0 / math.sqrt(D)
    q_pad_t = T(W * KVH * QROWS, D, "bf16")
    NBLK = W * KVH * MAXB
    scores_t = T(NBLK * QROWS, BS, "f32")
    probs_t = T(NBLK * QROWS, BS, "bf16")
    ms_t = T(NBLK, QROWS, "f32")
    s_blk = T(QROWS, BS, "f32")
    row_c = T(1, CROWS, "f32")
    col_c = T(CROWS, 1, "f32")
    o_c = T(CROWS, D, "f32")
    attn_t = T(W, H, "bf16")
    tnd_t = T(W * NH, D, "bf16")

    # Deeper stacks add up more of those flips (measured once, seed 0, a5sim,
    # --spill-dir: docs/examples/models.md).
    deep_note = "" if L <= 2 else f"""
// With {L} layers the flips add up. At these sizes the logits differed by at
// most 0.0061 after 2 layers and 0.027 after 40 (seed 0, a5sim; about
// sqrt(L / 2) times, as independent steps add), hence atol {LOGITS_ATOL}. The
// cache rows of the deep layers come from that drifted residual: after 40
// layers 16-18% of the written K/V elements are more than one bf16 step off
// (at most 0.074-0.094 in K and 0.022-0.023 in V in two runs, which differ
// as the split-K adds complete in any order; after 2 layers 0.031 and
// 0.0078), so the caches get atol 0.25 on every element instead of one step
// on nearly all (a row left unwritten or written at the wrong slot is off by
// about 1)."""
    hdr = f"""// GENERATED by models/qwen3_14b/gen_decode_fwd.py --config {name}; do not edit.
//
// pypto-lib's models/qwen3_14b/decode_fwd.py: {L} Qwen3 decoder layers, the LM
// head and greedy sampling, for a public batch of {B} in windows of {W} rows
// (hidden {H}, {NH} query / {KVH} KV heads of {D}, MLP {INTER}, vocab {VOCAB}
// of which {REAL} real, context up to {MAX_SEQ} in pages of {BS}). The CANN
// extern (paged_attention_rope_cce: QK-norm, RoPE, the KV-cache write and
// FusedInferAttentionScore) is replaced by attention in this dialect: per
// (row, KV head) a rope_qk_cache task, per page attn_scores / attn_softmax /
// attn_pv, and an online-softmax attn_combine storing the {QPK} heads in TND.
//
// Rewrites against pypto-lib (see docs/design/port-qwen3-14b-decode-fwd.md):
// the extern and its metadata/workspace are gone; the FP32 inter-layer carry
// lives in stacked scratch (layer l reads rows 16 l.. of %hid / %nrm and
// writes rows 16 (l + 1)..); slot_mapping is computed by the orchestration
// from seq_lens and block_table instead of being an input; set_validshape
// before a store is `valid [...]`; the UINT32 arange is i32; the sampling's
// kernel-local chunk_vals tensor and its sort become a running (value, chunk)
// maximum carried through the chunk loop (scalar iter_args), its slice of the
// sorted pairs is `gather_mask even`, and the first index is found by a
// forward element scan carrying the token (pypto-lib scans backwards);
// token_out is written element by element; pl.manual_scope / deps= / task-id
// arrays are dropped for automatic dependency tracking; out_proj's direct and
// deferred tiles and the gate/up critical wave keep their task structure, but
// down_proj is one SPMD of its (N, K) tiles.
//
// Inputs chosen so a wrong kernel fails: block_table = 2 * arange (the odd
// pages are never named), separate random weights per layer, random norm
// weights, unit-scale caches and randn RoPE tables. The residual stream is
// unit-scale (embeddings randn), and attention and MLP each add about a
// third of it (wo 1/sqrt(H), w_down 0.5/sqrt(INTER)), so both count in the
// logits. seq_lens comes first, so the seed alone picks the lengths.
// Tolerance: rtol 2^-7 and atol 2^-9 (one bf16 step) on the caches;
// next_hidden exact. The logits get atol {LOGITS_ATOL}: bf16 roundings of values
// whose last f32 bits depend on summation order (the split-K atomic adds, and
// torch's order in the golden) flip by one step, and a flip early in a row
// (one traced to 60 of a head's attention outputs) moves that row's logits
// by up to 0.0056 (seeds 0-3 on both simulators); at seed 0, 7 of the 20
// rows differ between the golden and the interpreter, the others by < 1e-6.
// The sampled token is checked with argmax_compare: the first maximum of the
// kernel's own logits, and within the same atol of the golden's maximum.{deep_note}
module @qwen3_14b_decode_fwd attributes {{pypto.golden = "decode_fwd.golden.py",
                                         pypto.rtol = 7.8125e-3 : f64,
                                         pypto.atol = 1.953125e-3 : f64}} {{
  func.func @qwen3_14b_decode_fwd(
      %seq_lens: !pypto.tensor<?xi32> {{pypto.init = "randint", pypto.init_range = array<i64: 1, {MAX_SEQ + 1}>, pypto.shape = array<i64: {B}>}},
      %input_rms_weight: {T(L, H, 'f32')} {{pypto.init = "rand"}},
      %wq: {t_wq} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %wk: {t_wk} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %wv: {t_wk} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %q_norm_weight: {T(L, D, 'f32')} {{pypto.init = "rand"}},
      %k_norm_weight: {T(L, D, 'f32')} {{pypto.init = "rand"}},
      %block_table: !pypto.tensor<?xi32> {{pypto.init = "arange", pypto.init_scale = {float(PSTEP)!r} : f64, pypto.shape = array<i64: {B * MAXB}>}},
      %rope_cos: {T(MAX_SEQ, D, 'f32')} {{pypto.init = "randn"}},
      %rope_sin: {T(MAX_SEQ, D, 'f32')} {{pypto.init = "randn"}},
      %k_cache: {T(CACHE_ROWS, D, 'bf16')} {{pypto.init = "randn", pypto.dir = "inout", pypto.compare = "{CACHE_CMP}"}},
      %v_cache: {T(CACHE_ROWS, D, 'bf16')} {{pypto.init = "randn", pypto.dir = "inout", pypto.compare = "{CACHE_CMP}"}},
      %wo: {t_wo} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %w_gate: {t_wg} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %w_up: {t_wg} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %w_down: {t_wd} {{pypto.init = "randn", pypto.init_scale = {0.5 / math.sqrt(INTER)!r} : f64}},
      %post_rms_weight: {T(L, H, 'f32')} {{pypto.init = "rand", pypto.init_scale = 2.0 : f64}},
      %final_norm_weight: {T(1, H, 'f32')} {{pypto.init = "rand"}},
      %lm_head_weight: {T(VOCAB, H, 'bf16')} {{pypto.init = "randn", pypto.init_scale = {1.0 / math.sqrt(H)!r} : f64}},
      %out: !pypto.tensor<?x{VOCAB}xf32> {{pypto.dir = "out", pypto.shape = array<i64: {B}, {VOCAB}>, pypto.compare = "ratio_allclose(atol={LOGITS_ATOL!r}, rtol=0.0078125, max_error_ratio=0)"}},
      %embed_weight: {T(VOCAB, H, 'bf16')} {{pypto.init = "randn"}},
      %sampled_ids_in: !pypto.tensor<?x{SAMPLED_IDS_PAD}xi32> {{pypto.init = "randint", pypto.init_range = array<i64: 0, {REAL}>, pypto.shape = array<i64: {B}, {SAMPLED_IDS_PAD}>}},
      %sampled_ids_out: !pypto.tensor<?x{SAMPLED_IDS_PAD}xi32> {{pypto.dir = "out", pypto.shape = array<i64: {B}, {SAMPLED_IDS_PAD}>, pypto.compare = "argmax_compare(out, atol={LOGITS_ATOL!r}, cols={REAL})"}},
      %next_hidden: !pypto.tensor<?x{H}xbf16> {{pypto.dir = "out", pypto.shape = array<i64: {B}, {H}>, pypto.compare = "ratio_allclose(atol=0, rtol=0, max_error_ratio=0)"}}) {{
{cdefs}
    %batch = pypto.dim %seq_lens, 0 : !pypto.tensor<?xi32>
    %bt_len = pypto.dim %block_table, 0 : !pypto.tensor<?xi32>
    %max_blocks = arith.divsi %bt_len, %batch : index

    // Token embedding (_token_embed_inline): next_hidden[b] = embed[ids[b, 0]].
    scf.for %b = %c0 to %batch step %c1 {{
      pypto.at core_group "token_embed" {{
        %id = pypto.read %sampled_ids_in[%b, %c0] : !pypto.tensor<?x{SAMPLED_IDS_PAD}xi32> -> i32
        %row = arith.index_cast %id : i32 to index
        scf.for %k = %c0 to {c[H]} step {c[256]} {{
          %e = pypto.slice %embed_weight[%row, %k] [1, 256] : {T(VOCAB, H, 'bf16')} -> {T(1, 256, 'bf16')}
          pypto.assemble %e into %next_hidden[%b, %k] : {T(1, 256, 'bf16')} into !pypto.tensor<?x{H}xbf16>
        }} {{pypto.loop = "range"}}
      }}
    }} {{pypto.loop = "parallel"}}

    // Scratch shared by every window and layer (the runtime orders reuse).
    %hid = pypto.create_tensor : {t_hid}
    %nrm = pypto.create_tensor : {t_nrm}
    %inv_rms = pypto.create_tensor : {row16}
    %post_inv = pypto.create_tensor : {row16}
    %q_proj = pypto.create_tensor : {T(W, H, 'f32')}
    %k_proj = pypto.create_tensor : {T(W, KVD, 'f32')}
    %v_proj = pypto.create_tensor : {T(W, KVD, 'f32')}
    %q_pad = pypto.create_tensor : {q_pad_t}
    %scores = pypto.create_tensor : {scores_t}
    %probs = pypto.create_tensor : {probs_t}
    %maxes = pypto.create_tensor : {ms_t}
    %sums = pypto.create_tensor : {ms_t}
    %partial = pypto.create_tensor : {T(NBLK * QROWS, D, 'f32')}
    %attn = pypto.create_tensor : {attn_t}
    %attn_proj = pypto.create_tensor : {T(W, H, 'f32')}
    %post_norm_partial = pypto.create_tensor : {T(W, H, 'f32')}
    %down_acc = pypto.create_tensor : {T(W, H, 'f32')}
    %mlp_norm_in = pypto.create_tensor : {T(W, H, 'bf16')}
    %gate_acc = pypto.create_tensor : {T(W, INTER, 'f32')}
    %up_acc = pypto.create_tensor : {T(W, INTER, 'f32')}
    %mlp = pypto.create_tensor : {T(W, INTER, 'bf16')}
    %final_normed = pypto.create_tensor : {T(W, H, 'bf16')}
    %attn_tnd = pypto.reshape %attn : {attn_t} -> {tnd_t}
    %k_pages = pypto.reshape %k_cache : {T(CACHE_ROWS, D, 'bf16')} -> {t_pages}
    %v_pages = pypto.reshape %v_cache : {T(CACHE_ROWS, D, 'bf16')} -> {t_pages}

    %nwin = arith.ceildivsi %batch, {c[W]} : index
    scf.for %w = %c0 to %nwin step %c1 {{
      %row0 = arith.muli %w, {c[W]} : index
      %left = arith.subi %batch, %row0 : index
      %rows = arith.minsi %left, {c[W]} : index
      // copy_hidden: the window's rows of next_hidden in f32, padding rows zero.
      pypto.at core_group "copy_hidden" allow_early_resolve {{
        scf.for %k = %c0 to {c[H]} step {c[RC]} {{
          %x = pypto.slice %next_hidden[%row0, %k] [{W}, {RC}] valid [%rows, {c[RC]}] : !pypto.tensor<?x{H}xbf16> -> {T(W, RC, 'bf16')}
          %xf = pypto.cast %x : {T(W, RC, 'bf16')} -> {T(W, RC, 'f32')}
          %xz = pypto.fillpad %xf valid [%rows, {c[RC]}] pad zero : {T(W, RC, 'f32')} -> {T(W, RC, 'f32')}
          pypto.assemble %xz into %hid[%c0, %k] : {T(W, RC, 'f32')} into {t_hid}
        }} {{pypto.loop = "range"}}
      }}
      // x_gamma0: layer 0's bf16(x * gamma), {XG_BLOCKS} blocks of {XG_W} columns.
      pypto.spmd core_group "x_gamma0" blocks({XG_BLOCKS}) allow_early_resolve (%blk) {{
        %kb = arith.muli %blk, {c[XG_W]} : index
        scf.for %kk = %c0 to {c[XG_W]} step {c[RC]} {{
          %k = arith.addi %kb, %kk : index
          %x = pypto.slice %hid[%c0, %k] [{W}, {RC}] : {t_hid} -> {T(W, RC, 'f32')}
          %g = pypto.slice %input_rms_weight[%c0, %k] [1, {RC}] : {T(L, H, 'f32')} -> {T(1, RC, 'f32')}
          %xg = pypto.col_expand_mul %x, %g : {T(W, RC, 'f32')}, {T(1, RC, 'f32')}
          %xb = pypto.cast %xg : {T(W, RC, 'f32')} -> {T(W, RC, 'bf16')}
          pypto.assemble %xb into %nrm[%c0, %k] : {T(W, RC, 'bf16')} into {t_nrm}
        }} {{pypto.loop = "pipeline"}}
      }}

      scf.for %l = %c0 to {c[L]} step %c1 {{
        %h0 = arith.muli %l, {c[W]} : index
        %h1 = arith.addi %h0, {c[W]} : index
        %lw = arith.muli %l, {c[H]} : index
        %li = arith.muli %l, {c[INTER]} : index
        %lc = arith.muli %l, {c[LROWS]} : index
        %ln1 = arith.addi %l, %c1 : index
        %lnext = arith.minsi %ln1, {c[L - 1]} : index

        // Scope 1: seeds, the deferred 1/rms, split-K Q/K/V.
        pypto.at core_group "attn_out_seed" allow_early_resolve {{
          %zero = arith.constant 0.0 : f32
          %z = pypto.full %zero : f32 -> {T(1, H, 'f32')}
          %zb = pypto.cast %z : {T(1, H, 'f32')} -> {T(1, H, 'bf16')}
          scf.for %b = %c0 to {c[W]} step %c1 {{
            %pad = arith.cmpi sge, %b, %rows : index
            scf.if %pad {{
              pypto.assemble %zb into %attn[%b, %c0] : {T(1, H, 'bf16')} into {attn_t}
            }}
          }} {{pypto.loop = "range"}}
        }}{rms_recip("rms_recip", [("hid", t_hid, "%h0")], "inv_rms")}{zero_seed("qkv_seed", [("q_proj", W, H), ("k_proj", W, KVD), ("v_proj", W, KVD)])}{split_k_proj("q_proj", "wq", t_wq, "q_proj", T(W, H, 'f32'), Q_ON)}{split_k_proj("k_proj", "wk", t_wk, "k_proj", T(W, KVD, 'f32'), KV_ON)}{split_k_proj("v_proj", "wv", t_wk, "v_proj", T(W, KVD, 'f32'), KV_ON)}{zero_seed("mlp_out_seed", [("attn_proj", W, H), ("down_acc", W, H), ("gate_acc", W, INTER), ("up_acc", W, INTER)])}

        // Scope 2: attention (replaces the CANN extern), per row and KV head.
        scf.for %b = %c0 to %rows step %c1 {{
          %gb = arith.addi %row0, %b : index
          %len = pypto.read %seq_lens[%gb] : !pypto.tensor<?xi32> -> i32
          %ctx = arith.index_cast %len : i32 to index
          %pos = arith.subi %ctx, %c1 : index
          %nblk = arith.ceildivsi %ctx, {c[BS]} : index
          %bt_row = arith.muli %gb, %max_blocks : index
          // slot_mapping[gb], as pypto-lib's host computes it
          %lblk = arith.divsi %pos, {c[BS]} : index
          %poff = arith.remsi %pos, {c[BS]} : index
          %bti_cur = arith.addi %bt_row, %lblk : index
          %page_cur_i = pypto.read %block_table[%bti_cur] : !pypto.tensor<?xi32> -> i32
          %page_cur = arith.index_cast %page_cur_i : i32 to index
          %slot0 = arith.muli %page_cur, {c[BS]} : index
          %slot = arith.addi %slot0, %poff : index
          %crow = arith.addi %lc, %slot : index
          scf.for %h = %c0 to {c[KVH]} step %c1 {{
            %bh0 = arith.muli %b, {c[KVH]} : index
            %bh = arith.addi %bh0, %h : index
            %q_row = arith.muli %bh, {c[QROWS]} : index
            %kv_col = arith.muli %h, {c[D]} : index
            %blk0 = arith.muli %bh, {c[MAXB]} : index
            %blk_row0 = arith.muli %blk0, {c[QROWS]} : index
            %tnd_h = arith.muli %h, {c[QPK]} : index
            %tnd_b = arith.muli %b, {c[NH]} : index
            %tnd_row = arith.addi %tnd_b, %tnd_h : index
            pypto.at core_group "rope_qk_cache" {{
              %inv_d = arith.constant {1.0 / D!r} : f32
              %eps = arith.constant 1.0e-6 : f32
              %inv = pypto.read %inv_rms[%c0, %b] : {row16} -> f32
              %cos_lo = pypto.slice %rope_cos[%pos, %c0] [1, 64] : {T(MAX_SEQ, D, 'f32')} -> {T(1, 64, 'f32')}
              %cos_hi = pypto.slice %rope_cos[%pos, {c[64]}] [1, 64] : {T(MAX_SEQ, D, 'f32')} -> {T(1, 64, 'f32')}
              %sin_lo = pypto.slice %rope_sin[%pos, %c0] [1, 64] : {T(MAX_SEQ, D, 'f32')} -> {T(1, 64, 'f32')}
              %sin_hi = pypto.slice %rope_sin[%pos, {c[64]}] [1, 64] : {T(MAX_SEQ, D, 'f32')} -> {T(1, 64, 'f32')}
              %kw_lo = pypto.slice %k_norm_weight[%l, %c0] [1, 64] : {T(L, D, 'f32')} -> {T(1, 64, 'f32')}
              %kw_hi = pypto.slice %k_norm_weight[%l, {c[64]}] [1, 64] : {T(L, D, 'f32')} -> {T(1, 64, 'f32')}
              %qw_lo = pypto.slice %q_norm_weight[%l, %c0] [1, 64] : {T(L, D, 'f32')} -> {T(1, 64, 'f32')}
              %qw_hi = pypto.slice %q_norm_weight[%l, {c[64]}] [1, 64] : {T(L, D, 'f32')} -> {T(1, 64, 'f32')}{qk_norm_rope("kh", "k_proj", T(W, KVD, 'f32'), "%kv_col", "kw", "k_pages", t_pages, ("%crow", "%kv_col"))}
              %v_row = pypto.slice %v_proj[%b, %kv_col] [1, {D}] : {T(W, KVD, 'f32')} -> {T(1, D, 'f32')}
              %v_x = pypto.muls %v_row, %inv : {T(1, D, 'f32')}, f32
              %v_b = pypto.cast %v_x : {T(1, D, 'f32')} -> {T(1, D, 'bf16')}
              pypto.assemble %v_b into %v_pages[%crow, %kv_col] : {T(1, D, 'bf16')} into {t_pages}
              scf.for %j = %c0 to {c[QPK]} step %c1 {{
                %qh0 = arith.addi %tnd_h, %j : index
                %q_col = arith.muli %qh0, {c[D]} : index
                %pad_row = arith.addi %q_row, %j : index{qk_norm_rope("qh", "q_proj", T(W, H, 'f32'), "%q_col", "qw", "q_pad", q_pad_t, ("%pad_row", "%c0"))}
              }} {{pypto.loop = "range"}}
              %zero = arith.constant 0.0 : f32
              %zeros = pypto.full %zero : f32 -> {T(QROWS - QPK, D, 'f32')}
              %zeros_b = pypto.cast %zeros : {T(QROWS - QPK, D, 'f32')} -> {T(QROWS - QPK, D, 'bf16')}
              %zero_row = arith.addi %q_row, {c[QPK]} : index
              pypto.assemble %zeros_b into %q_pad[%zero_row, %c0] : {T(QROWS - QPK, D, 'bf16')} into {q_pad_t}
            }}
            scf.for %sb = %c0 to %nblk step %c1 {{
              %s0 = arith.muli %sb, {c[BS]} : index
              %bti = arith.addi %bt_row, %sb : index
              %page_i = pypto.read %block_table[%bti] : !pypto.tensor<?xi32> -> i32
              %page = arith.index_cast %page_i : i32 to index
              %page_row = arith.muli %page, {c[BS]} : index
              %kv_row = arith.addi %lc, %page_row : index
              %blk = arith.addi %blk0, %sb : index
              %blk_row = arith.muli %blk, {c[QROWS]} : index
              %rem = arith.subi %ctx, %s0 : index
              %valid = arith.minsi %rem, {c[BS]} : index
              pypto.at core_group "attn_scores" {{
                %qp = pypto.slice %q_pad[%q_row, %c0] [{QROWS}, {D}] : {q_pad_t} -> {T(QROWS, D, 'bf16')}
                %kt = pypto.slice %k_pages[%kv_row, %kv_col] [{BS}, {D}] : {t_pages} -> {T(BS, D, 'bf16')}
                %s = pypto.matmul %qp, %kt {{b_trans}} : {T(QROWS, D, 'bf16')}, {T(BS, D, 'bf16')} -> {s_blk}
                pypto.assemble %s into %scores[%blk_row, %c0] : {s_blk} into {scores_t}
              }}
              pypto.at core_group "attn_softmax" {{
                %scale = arith.constant {scale!r} : f32
                %st = pypto.slice %scores[%blk_row, %c0] [{QROWS}, {BS}] : {scores_t} -> {s_blk}
                %scaled = pypto.muls %st, %scale : {s_blk}, f32
                %masked = pypto.fillpad %scaled valid [{c[QROWS]}, %valid] pad min : {s_blk} -> {s_blk}
                %m = pypto.row_max %masked : {s_blk} -> {T(QROWS, 1, 'f32')}
                %e = pypto.row_expand_expdif %masked, %m : {s_blk}, {T(QROWS, 1, 'f32')}
                %p = pypto.cast %e : {s_blk} -> {T(QROWS, BS, 'bf16')}
                pypto.assemble %p into %probs[%blk_row, %c0] : {T(QROWS, BS, 'bf16')} into {probs_t}
                %pf = pypto.cast %p : {T(QROWS, BS, 'bf16')} -> {s_blk}
                %lsum = pypto.row_sum %pf : {s_blk} -> {T(QROWS, 1, 'f32')}
                %m_row = pypto.reshape %m : {T(QROWS, 1, 'f32')} -> {T(1, QROWS, 'f32')}
                %l_row = pypto.reshape %lsum : {T(QROWS, 1, 'f32')} -> {T(1, QROWS, 'f32')}
                pypto.assemble %m_row into %maxes[%blk, %c0] : {T(1, QROWS, 'f32')} into {ms_t}
                pypto.assemble %l_row into %sums[%blk, %c0] : {T(1, QROWS, 'f32')} into {ms_t}
              }}
              pypto.at core_group "attn_pv" {{
                %pt = pypto.slice %probs[%blk_row, %c0] [{QROWS}, {BS}] : {probs_t} -> {T(QROWS, BS, 'bf16')}
                %vt = pypto.slice %v_pages[%kv_row, %kv_col] [{BS}, {D}] : {t_pages} -> {T(BS, D, 'bf16')}
                %o = pypto.matmul %pt, %vt : {T(QROWS, BS, 'bf16')}, {T(BS, D, 'bf16')} -> {T(QROWS, D, 'f32')}
                pypto.assemble %o into %partial[%blk_row, %c0] : {T(QROWS, D, 'f32')} into {T(NBLK * QROWS, D, 'f32')}
              }}
            }} {{pypto.loop = "range"}}
            %maxes_bh = pypto.slice %maxes[%blk0, %c0] [{MAXB}, {QROWS}] : {ms_t} -> {T(MAXB, QROWS, 'f32')}
            %sums_bh = pypto.slice %sums[%blk0, %c0] [{MAXB}, {QROWS}] : {ms_t} -> {T(MAXB, QROWS, 'f32')}
            %partial_bh = pypto.slice %partial[%blk_row0, %c0] [{MAXB * QROWS}, {D}] : {T(NBLK * QROWS, D, 'f32')} -> {T(MAXB * QROWS, D, 'f32')}
            pypto.at core_group "attn_combine" {{
              %zero = arith.constant 0.0 : f32
              %ninf = arith.constant 0xFF800000 : f32
              %m0 = pypto.full %ninf : f32 -> {row_c}
              %l0 = pypto.full %zero : f32 -> {row_c}
              %o0 = pypto.full %zero : f32 -> {o_c}
              %acc:3 = scf.for %sb = %c0 to %nblk step %c1
                  iter_args(%m = %m0, %ls = %l0, %o = %o0) -> ({row_c}, {row_c}, {o_c}) {{
                %ob_row = arith.muli %sb, {c[QROWS]} : index
                %mb = pypto.slice %maxes_bh[%sb, %c0] [1, {CROWS}] : {T(MAXB, QROWS, 'f32')} -> {row_c}
                %lb = pypto.slice %sums_bh[%sb, %c0] [1, {CROWS}] : {T(MAXB, QROWS, 'f32')} -> {row_c}
                %ob = pypto.slice %partial_bh[%ob_row, %c0] [{CROWS}, {D}] : {T(MAXB * QROWS, D, 'f32')} -> {o_c}
                %mn = pypto.max %m, %mb : {row_c}
                %da = pypto.sub %m, %mn : {row_c}
                %alpha = pypto.exp %da : {row_c}
                %db = pypto.sub %mb, %mn : {row_c}
                %beta = pypto.exp %db : {row_c}
                %la = pypto.mul %alpha, %ls : {row_c}
                %lbb = pypto.mul %beta, %lb : {row_c}
                %ln = pypto.add %la, %lbb : {row_c}
                %alpha_col = pypto.reshape %alpha : {row_c} -> {col_c}
                %beta_col = pypto.reshape %beta : {row_c} -> {col_c}
                %oa = pypto.row_expand_mul %o, %alpha_col : {o_c}, {col_c}
                %obb = pypto.row_expand_mul %ob, %beta_col : {o_c}, {col_c}
                %on = pypto.add %oa, %obb : {o_c}
                scf.yield %mn, %ln, %on : {row_c}, {row_c}, {o_c}
              }} {{pypto.loop = "range"}}
              %l_col = pypto.reshape %acc#1 : {row_c} -> {col_c}
              %ctx_f = pypto.row_expand_div %acc#2, %l_col : {o_c}, {col_c}
              %ctx_b = pypto.cast %ctx_f : {o_c} -> {T(CROWS, D, 'bf16')}
              pypto.assemble %ctx_b into %attn_tnd[%tnd_row, %c0] valid [{c[QPK]}, {c[D]}] : {T(CROWS, D, 'bf16')} into {tnd_t}
            }}
          }} {{pypto.loop = "parallel"}}
        }} {{pypto.loop = "parallel"}}
"""
    # Scope 3a: out_proj, 24 direct SPMD tiles + the deferred rest.
    n_tiles = K_SPLITS_OUT * N_SPLITS_OUT
    n_def = n_tiles - N_OUT_DIRECT

    def out_tile(idx):
        return f"""
          %ni = arith.remsi {idx}, {c[N_SPLITS_OUT] if N_SPLITS_OUT in c else '%c10x'} : index
          %ki = arith.divsi {idx}, {c[N_SPLITS_OUT] if N_SPLITS_OUT in c else '%c10x'} : index
          %n_op = arith.muli %ni, {c[OUT_TN]} : index
          %k_op = arith.muli %ki, {c[OUT_TK]} : index
          %wr = arith.addi %lw, %k_op : index{mm("o", "attn", attn_t, "%c0", "%k_op", "wo", t_wo, "%wr", "%n_op", OUT_TK, OUT_INNER_TK, OUT_TN)}
          pypto.assemble %o_acc into %attn_proj[%c0, %n_op] atomic_add : {T(W, OUT_TN, 'f32')} into {T(W, H, 'f32')}"""
    body = f"""
        // Scope 3a: out_proj, {n_def} deferred tiles and {N_OUT_DIRECT} direct SPMD tiles.
        scf.for %oi = %c0 to %c{n_def}x step %c1 {{
          pypto.at core_group "out_proj" {{{out_tile('%oi')}
          }}
        }} {{pypto.loop = "parallel"}}
        pypto.spmd core_group "out_proj_direct" blocks({N_OUT_DIRECT}) allow_early_resolve (%blk) {{
          %oi = arith.addi %blk, %c{n_def}x : index{out_tile('%oi')}
        }}
"""
    # Scope 3b: residual_rms_cast (5 unrolled), post_rms_reduce.
    body += f"""
        // Scope 3b: residual + post RMSNorm's x * gamma in bf16, and its 1/rms.
        scf.for %kc = %c0 to {c[H]} step {c[MLP_K_SLICE]} {{
          pypto.at core_group "residual_rms_cast" allow_early_resolve {{
            scf.for %kk = %c0 to {c[MLP_K_SLICE]} step {c[RC]} {{
              %k = arith.addi %kc, %kk : index
              %a = pypto.slice %attn_proj[%c0, %k] [{W}, {RC}] : {T(W, H, 'f32')} -> {T(W, RC, 'f32')}
              %x = pypto.slice %hid[%h0, %k] [{W}, {RC}] : {t_hid} -> {T(W, RC, 'f32')}
              %r = pypto.add %a, %x : {T(W, RC, 'f32')}
              pypto.assemble %r into %post_norm_partial[%c0, %k] : {T(W, RC, 'f32')} into {T(W, H, 'f32')}
              %g = pypto.slice %post_rms_weight[%l, %k] [1, {RC}] : {T(L, H, 'f32')} -> {T(1, RC, 'f32')}
              %rg = pypto.col_expand_mul %r, %g : {T(W, RC, 'f32')}, {T(1, RC, 'f32')}
              %rb = pypto.cast %rg : {T(W, RC, 'f32')} -> {T(W, RC, 'bf16')}
              pypto.assemble %rb into %mlp_norm_in[%c0, %k] : {T(W, RC, 'bf16')} into {T(W, H, 'bf16')}
            }} {{pypto.loop = "pipeline"}}
          }}
        }} {{pypto.loop = "unroll"}}{rms_recip("post_rms_reduce", [("attn_proj", T(W, H, 'f32'), "%c0"), ("hid", t_hid, "%h0")], "post_inv")}
"""
    # gate / up: critical wave SPMD per K split + deferred tiles.
    def gu_tile(p, wname, dst, nexpr, kexpr):
        return f"""
          %{p}_n = arith.muli {nexpr}, {c[MLP_TN]} : index
          %{p}_k = arith.muli {kexpr}, {c[MLP_K_SLICE]} : index
          %{p}_wr = arith.addi %lw, %{p}_k : index{mm(p, "mlp_norm_in", T(W, H, 'bf16'), "%c0", f"%{p}_k", wname, t_wg, f"%{p}_wr", f"%{p}_n", MLP_K_SLICE, MLP_INNER_TK, MLP_TN)}
          pypto.assemble %{p}_acc into %{dst}[%c0, %{p}_n] atomic_add : {T(W, MLP_TN, 'f32')} into {T(W, INTER, 'f32')}"""
    body += f"""
        // Scope 3b: gate / up, split-K: the critical wave (N tiles 0..{GATE_UP_SPMD_N - 1}) as SPMD per K split,
        // the deferred N tiles as single tasks.
        scf.for %ksp = %c0 to %c{K_SPLITS_MLP}x step %c1 {{
          pypto.spmd core_group "gate_proj" blocks({GATE_UP_SPMD_N}) allow_early_resolve (%blk) {{{gu_tile("g", "w_gate", "gate_acc", "%blk", "%ksp")}
          }}
          pypto.spmd core_group "up_proj" blocks({GATE_UP_SPMD_N}) allow_early_resolve (%blk) {{{gu_tile("u", "w_up", "up_acc", "%blk", "%ksp")}
          }}
        }} {{pypto.loop = "unroll"}}
        scf.for %nd = %c{GATE_UP_SPMD_N}x to %c{MLP_ON}x step %c1 {{
          scf.for %ksp = %c0 to %c{K_SPLITS_MLP}x step %c1 {{
            pypto.at core_group "gate_proj_deferred" {{{gu_tile("g", "w_gate", "gate_acc", "%nd", "%ksp")}
            }}
            pypto.at core_group "up_proj_deferred" {{{gu_tile("u", "w_up", "up_acc", "%nd", "%ksp")}
            }}
          }} {{pypto.loop = "range"}}
        }} {{pypto.loop = "parallel"}}
"""
    mt = T(W, MLP_OUT_CHUNK, "f32")
    body += f"""
        // Scope 3b: silu, {MLP_ON} tasks of {MLP_TN} columns with the deferred post 1/rms.
        scf.for %n0 = %c0 to {c[INTER]} step {c[MLP_TN]} {{
          pypto.at core_group "silu" {{
            %one = arith.constant 1.0 : f32
            %ir = pypto.slice %post_inv[%c0, %c0] [1, {W}] : {row16} -> {row16}
            %ic = pypto.reshape %ir : {row16} -> {T(W, 1, 'f32')}
            scf.for %sub = %c0 to {c[MLP_TN]} step {c[MLP_OUT_CHUNK]} {{
              %o = arith.addi %n0, %sub : index
              %gv = pypto.slice %gate_acc[%c0, %o] [{W}, {MLP_OUT_CHUNK}] : {T(W, INTER, 'f32')} -> {mt}
              %uv = pypto.slice %up_acc[%c0, %o] [{W}, {MLP_OUT_CHUNK}] : {T(W, INTER, 'f32')} -> {mt}
              %sg = pypto.row_expand_mul %gv, %ic : {mt}, {T(W, 1, 'f32')}
              %su = pypto.row_expand_mul %uv, %ic : {mt}, {T(W, 1, 'f32')}{swiglu("%sg", "%su", mt, "%mm", "              ")}
              %mb = pypto.cast %mm : {mt} -> {T(W, MLP_OUT_CHUNK, 'bf16')}
              pypto.assemble %mb into %mlp[%c0, %o] : {T(W, MLP_OUT_CHUNK, 'bf16')} into {T(W, INTER, 'bf16')}
            }} {{pypto.loop = "pipeline"}}
          }}
        }} {{pypto.loop = "parallel"}}

        // Scope 3b: down_proj, {DOWN_ON} N tiles x {MLP_ON} K slices, atomic-added.
        scf.for %dn = %c0 to {c[H]} step {c[MLP_TN]} {{
          scf.for %dk = %c0 to {c[INTER]} step {c[MLP_TN]} {{
            pypto.at core_group "down_proj" {{
              %wr = arith.addi %li, %dk : index{mm("d", "mlp", T(W, INTER, 'bf16'), "%c0", "%dk", "w_down", t_wd, "%wr", "%dn", MLP_TN, DOWN_TK, MLP_TN)}
              pypto.assemble %d_acc into %down_acc[%c0, %dn] atomic_add : {T(W, MLP_TN, 'f32')} into {T(W, H, 'f32')}
            }}
          }} {{pypto.loop = "range"}}
        }} {{pypto.loop = "parallel"}}

        // dcr_xgamma: the layer output (FP32 carry) and the next layer's bf16(x * gamma).
        pypto.spmd core_group "dcr_xgamma" blocks({DOWN_ON}) allow_early_resolve (%blk) {{
          %nb = arith.muli %blk, {c[MLP_TN]} : index
          scf.for %nn = %c0 to {c[MLP_TN]} step {c[RC]} {{
            %n0 = arith.addi %nb, %nn : index
            %dv = pypto.slice %down_acc[%c0, %n0] [{W}, {RC}] : {T(W, H, 'f32')} -> {T(W, RC, 'f32')}
            %rv = pypto.slice %post_norm_partial[%c0, %n0] [{W}, {RC}] : {T(W, H, 'f32')} -> {T(W, RC, 'f32')}
            %ov = pypto.add %dv, %rv : {T(W, RC, 'f32')}
            pypto.assemble %ov into %hid[%h1, %n0] : {T(W, RC, 'f32')} into {t_hid}
            %g = pypto.slice %input_rms_weight[%lnext, %n0] [1, {RC}] : {T(L, H, 'f32')} -> {T(1, RC, 'f32')}
            %xg = pypto.col_expand_mul %ov, %g : {T(W, RC, 'f32')}, {T(1, RC, 'f32')}
            %xb = pypto.cast %xg : {T(W, RC, 'f32')} -> {T(W, RC, 'bf16')}
            pypto.assemble %xb into %nrm[%h1, %n0] : {T(W, RC, 'bf16')} into {t_nrm}
          }} {{pypto.loop = "pipeline"}}
        }}
      }} {{pypto.loop = "range"}}
"""
    # LM head
    body += f"""
      // rms_lm_head_fp32: the final RMSNorm of the last layer's rows, then the LM head,
      // {NCH} vocab chunks of {LM_CHUNK} grid-strided over {LM_CORES} cores.
      pypto.at core_group "final_rmsnorm" {{
        %zero = arith.constant 0.0 : f32
        %inv_h = arith.constant {1.0 / H!r} : f32
        %eps = arith.constant 1.0e-6 : f32
        %init = pypto.full %zero : f32 -> {row16}
        %sum = scf.for %k = %c0 to {c[H]} step {c[RC]} iter_args(%acc = %init) -> ({row16}) {{
          %x = pypto.slice %hid[%hl, %k] [{W}, {RC}] : {t_hid} -> {T(W, RC, 'f32')}
          %sq = pypto.mul %x, %x : {T(W, RC, 'f32')}
          %rs = pypto.row_sum %sq : {T(W, RC, 'f32')} -> {T(W, 1, 'f32')}
          %r = pypto.reshape %rs : {T(W, 1, 'f32')} -> {row16}
          %n = pypto.add %acc, %r : {row16}
          scf.yield %n : {row16}
        }} {{pypto.loop = "range"}}
        %ms = pypto.muls %sum, %inv_h : {row16}, f32
        %me = pypto.adds %ms, %eps : {row16}, f32
        %inv = pypto.rsqrt %me : {row16}
        %inv_col = pypto.reshape %inv : {row16} -> {T(W, 1, 'f32')}
        scf.for %k = %c0 to {c[H]} step {c[RC]} {{
          %x = pypto.slice %hid[%hl, %k] [{W}, {RC}] : {t_hid} -> {T(W, RC, 'f32')}
          %g = pypto.slice %final_norm_weight[%c0, %k] [1, {RC}] : {T(1, H, 'f32')} -> {T(1, RC, 'f32')}
          %xs = pypto.row_expand_mul %x, %inv_col : {T(W, RC, 'f32')}, {T(W, 1, 'f32')}
          %xg = pypto.col_expand_mul %xs, %g : {T(W, RC, 'f32')}, {T(1, RC, 'f32')}
          %xb = pypto.cast %xg : {T(W, RC, 'f32')} -> {T(W, RC, 'bf16')}
          pypto.assemble %xb into %final_normed[%c0, %k] : {T(W, RC, 'bf16')} into {T(W, H, 'bf16')}
        }} {{pypto.loop = "range"}}
      }}
      pypto.spmd core_group "lm_head" blocks({LM_CORES}) allow_early_resolve (%core) {{
        scf.for %ob = %core to {c[NCH]} step {c[LM_CORES]} {{
          %o0 = arith.muli %ob, {c[LM_CHUNK]} : index{mm("lm", "final_normed", T(W, H, 'bf16'), "%c0", "%c0", "lm_head_weight", T(VOCAB, H, 'bf16'), "%o0", None, H, KT, LM_CHUNK, b_trans=True)}
          pypto.assemble %lm_acc into %out[%row0, %o0] valid [%rows, {c[LM_CHUNK]}] : {T(W, LM_CHUNK, 'f32')} into !pypto.tensor<?x{VOCAB}xf32>
        }} {{pypto.loop = "range"}}
      }}
    }} {{pypto.loop = "range"}}
"""
    # Greedy sampling.
    st = T(1, SAMPLE_CHUNK, "f32")
    out_t = f"!pypto.tensor<?x{VOCAB}xf32>"
    ids_t = f"!pypto.tensor<?x{SAMPLED_IDS_PAD}xi32>"

    def chunk_max(p, src):
        return f"""
          %{p}_pairs = pypto.sort32 {src}, %ramp : {st}, {T(1, SAMPLE_CHUNK, 'i32')} -> {T(1, 2 * SAMPLE_CHUNK, 'f32')}
          %{p}_m1 = pypto.mrgsort %{p}_pairs {{block_len = 64 : i64}} : {T(1, 2 * SAMPLE_CHUNK, 'f32')}
          %{p}_m2 = pypto.mrgsort %{p}_m1 {{block_len = 256 : i64}} : {T(1, 2 * SAMPLE_CHUNK, 'f32')}
          %{p}_top = pypto.gather_mask %{p}_m2 even : {T(1, 2 * SAMPLE_CHUNK, 'f32')} -> {T(1, 16, 'f32')}
          %{p}_v = pypto.read %{p}_top[%c0, %c0] : {T(1, 16, 'f32')} -> f32"""
    body += f"""
    // _greedy_sample_inline: per row, each {SAMPLE_CHUNK}-column chunk's maximum (sort32,
    // two merges, the first of the sorted values), the best (value, chunk) carried
    // through the chunk loop (the first chunk wins a tie), the {TAIL}-column tail
    // chunk with its padding masked, then the first column of the best chunk
    // holding the best value (scanned element by element, carrying the token).
    scf.for %b = %c0 to %batch step %c1 {{
      pypto.at core_group "greedy_sample" {{
        %zi = arith.constant 0 : i32
        %none = arith.constant -1 : i32
        %neg_max = arith.constant -3.40282347E+38 : f32
        %real_vocab = arith.constant {REAL} : i32
        %ramp = pypto.arange %zi : i32 -> {T(1, SAMPLE_CHUNK, 'i32')}
        %best:2 = scf.for %cc = %c0 to %c{NFULL * SAMPLE_CHUNK}x step {c[SAMPLE_CHUNK]}
            iter_args(%bv = %neg_max, %bc = %zi) -> (f32, i32) {{
          %s = pypto.slice %out[%b, %cc] [1, {SAMPLE_CHUNK}] : {out_t} -> {st}{chunk_max("f", "%s")}
          %gt = arith.cmpf ogt, %f_v, %bv : f32
          %bv1 = arith.select %gt, %f_v, %bv : f32
          %cci = arith.index_cast %cc : index to i32
          %bc1 = arith.select %gt, %cci, %bc : i32
          scf.yield %bv1, %bc1 : f32, i32
        }} {{pypto.loop = "range"}}
        %tail = pypto.slice %out[%b, %c{NFULL * SAMPLE_CHUNK}x] [1, {SAMPLE_CHUNK}] : {out_t} -> {st}
        %tail_m = pypto.fillpad %tail valid [%c1, %c{TAIL}x] pad min : {st} -> {st}{chunk_max("t", "%tail_m")}
        %tgt = arith.cmpf ogt, %t_v, %best#0 : f32
        %bv = arith.select %tgt, %t_v, %best#0 : f32
        %tci = arith.constant {NFULL * SAMPLE_CHUNK} : i32
        %bc = arith.select %tgt, %tci, %best#1 : i32
        %bci = arith.index_cast %bc : i32 to index
        %tok = scf.for %j = %c0 to {c[SAMPLE_CHUNK]} step %c1 iter_args(%tk = %none) -> (i32) {{
          %col = arith.addi %bci, %j : index
          %coli = arith.index_cast %col : index to i32
          %v = pypto.read %out[%b, %col] : {out_t} -> f32
          %eq = arith.cmpf oeq, %v, %bv : f32
          %real = arith.cmpi slt, %coli, %real_vocab : i32
          %unset = arith.cmpi slt, %tk, %zi : i32
          %hit0 = arith.andi %eq, %real : i1
          %hit = arith.andi %hit0, %unset : i1
          %tk1 = arith.select %hit, %coli, %tk : i32
          scf.yield %tk1 : i32
        }} {{pypto.loop = "range"}}
        %oob = arith.cmpi sge, %tok, %real_vocab : i32
        %neg = arith.cmpi slt, %tok, %zi : i32
        %bad = arith.ori %oob, %neg : i1
        %token = arith.select %bad, %zi, %tok : i32
        pypto.write %token into %sampled_ids_out[%b, %c0] : i32 into {ids_t}
        scf.for %jj = %c1 to {c[SAMPLED_IDS_PAD]} step %c1 {{
          pypto.write %zi into %sampled_ids_out[%b, %jj] : i32 into {ids_t}
        }} {{pypto.loop = "range"}}
      }}
    }} {{pypto.loop = "parallel"}}
    return
  }}
}}
"""
    text = hdr + body
    # extra index constants referenced as %c<N>x
    import re
    extra = sorted({int(m) for m in re.findall(r"%c(\d+)x\b", text)})
    text = text.replace("\n    %batch = pypto.dim", "\n" + "\n".join(
        f"    %c{v}x = arith.constant {v} : index" for v in extra) + "\n    %hl = arith.constant " + str(L * W) + " : index\n    %batch = pypto.dim", 1)
    return text


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
