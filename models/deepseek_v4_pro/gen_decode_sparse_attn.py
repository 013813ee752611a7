#!/usr/bin/env python3
"""Writes models/deepseek_v4_pro/decode_sparse_attn.mlir for a configuration.

pypto-lib's models/deepseek_v4_pro/decode_sparse_attn.py: DeepSeek-V4 sparse
decode attention with the grouped output projection. Per token, the keys are
the sliding window (physical rows of the original KV cache, listed per token)
and the indexer's top-k compressed slots (masked by the token's position,
mapped to rows of the compressed cache through the request's block table):

    csa_slots_build_valid_qk_plan   compressed slots masked by position, the
                                    softmax bias, the per-block valid mask and
                                    the load-balanced work order of qk_pv
    qk_pv                           per (token, 128-key block): the key rows
                                    gathered into an L1 accumulator
                                    (create_l1 + gather_row), q k^T, softmax
                                    partials, p v
    rope_cs                         the interleaved cos / signed sin tables and
                                    the lane-swap index of the inverse RoPE
    merge_norm                      online-softmax merge of the blocks, the
                                    sink, 1/l, the inverse RoPE, o_packed
    proj_a_mm / quant / proj_b_mm   per o-group (manual scope): o_packed @ wo_a^T,
                                    per-group INT8 quantisation, @ wo_b^T (i32)
    proj_b_act                      the groups' partials dequantised and summed

`ci` (committed) keeps every kernel and tiling constant of pypto-lib and
shrinks the model: 64 heads in 8 o-groups, o_lora 512, hidden 1024, index
top-k 384 (4 sparse blocks), contexts up to 2048; `full` is pypto-lib's pro
preset (128 heads, 16 o-groups, o_lora 1024, hidden 7168, top-k 1024: 9
sparse blocks, contexts up to 16384), compiled by the test (it runs too).

    python3 models/deepseek_v4_pro/gen_decode_sparse_attn.py > models/deepseek_v4_pro/decode_sparse_attn.mlir
    python3 models/deepseek_v4_pro/gen_decode_sparse_attn.py --config full -o /tmp/dsa_full.mlir

Python 3 standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_common import command_line, flt, write_program  # noqa: E402

# B requests of S tokens (pypto-lib's DECODE_BATCH, DECODE_SEQ); H heads,
# O_GROUPS o-groups of 8 heads, O_LORA, D hidden; IDX_TOPK indexer top-k;
# MAX_SEQ the context bound (pypto-lib's KERNEL_MAX_SEQ_LEN); ORI_BLOCK_NUM
# and CMP_BLOCK_NUM the physical pages of the two caches; PROJ_B_D_CHUNK
# pypto-lib's (512 for flash, 1792 for pro). STARTS: each request's first
# position (its second token is one later).
CONFIGS = {
    "ci": dict(B=4, S=2, H=64, O_GROUPS=8, O_LORA=512, D=1024, IDX_TOPK=384,
               MAX_SEQ=2048, ORI_BLOCK_NUM=16, CMP_BLOCK_NUM=16,
               PROJ_B_D_CHUNK=512, STARTS=[40, 1000, 2046, 600]),
    "full": dict(B=4, S=2, H=128, O_GROUPS=16, O_LORA=1024, D=7168, IDX_TOPK=1024,
                 MAX_SEQ=16384, ORI_BLOCK_NUM=128, CMP_BLOCK_NUM=32,
                 PROJ_B_D_CHUNK=1792, STARTS=[40, 9000, 16382, 5000]),
}

# pypto-lib's config.py (pro) and decode_sparse_attn.py constants.
HEAD_DIM = 512
ROPE_DIM = 64
HALF_ROPE = ROPE_DIM // 2
NOPE_DIM = HEAD_DIM - ROPE_DIM
WIN = 128  # sliding_window
BLOCK_SIZE = 128
COMPRESS_RATIO = 4
INT8_SCALE_MAX = 127.0
INT8_AMAX_EPS = 1e-4
NEG_INF = -1.0e20
EMPTY_MI = -3.0e38  # qk_pv's row maximum of an empty block
H_TILE = 16
QK_M_TILE = 32
ATTN_K_TILE = 128
NUM_QK_CORES = 24
A_K_TILE = 256
PROJ_A_MM_N_TILE = 128
PA_NF_PER_BLOCK = 2
MM_T_TILE = 16
B_K_TILE = 256
PROJ_B_MM_N_TILE = 256
PROJ_B_ACT_N_TILE = 512
PROJ_B_ACT_T_TILE = 8
PROJ_B_ACT_TBLK = 8
QUANT_TOKEN_TILE = 8
O_GROUPS_PER_SPMD = 2
HEADS_PER_GROUP = 8

# Input scales: q and the caches unit normal (q k^T / sqrt(512) is then
# about unit size, so the softmax has peaks and the rows gathered matter);
# wo_a as pypto-lib's 1/sqrt(fan-in); the INT8 weight uniform with a scale
# that puts attn_out near unit size.
WO_A_SCALE = 1.0 / 64.0  # 1/sqrt(O_GROUP_IN = 4096)
WO_B_SCALE = 2.0e-3


class Rand:
    """A 64-bit LCG (Knuth's MMIX constants): the inputs do not depend on
    the Python version."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % n

    def permutation(self, n):
        p = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            p[i], p[j] = p[j], p[i]
        return p


def ty(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def dense(rows, dtype, indent):
    """pypto.init listing the integer rows (a list of lists), 32 values a line."""
    out = []
    for row in rows:
        chunks = [", ".join(str(v) for v in row[i:i + 32]) for i in range(0, len(row), 32)]
        out.append("[" + (",\n" + indent + "   ").join(chunks) + "]")
    return ("dense<[" + (",\n" + indent).join(out)
            + f"]> : tensor<{len(rows)}x{len(rows[0])}x{dtype}>")


def lines(indent, *body):
    return "".join("\n" + indent + line if line else "\n"
                   for line in body if line is not None)


def inputs(cfg):
    """The index inputs: positions, the window's physical rows, the
    compressed block table and the raw indexer top-k (see the header)."""
    B, S = cfg["B"], cfg["S"]
    T = B * S
    idx_topk = cfg["IDX_TOPK"]
    score_len = cfg["MAX_SEQ"] // 4
    cmp_max_blocks = cfg["MAX_SEQ"] // COMPRESS_RATIO // BLOCK_SIZE
    ori_max_blocks = cfg["MAX_SEQ"] // BLOCK_SIZE
    rng = Rand(20261205)
    positions = []
    for b in range(B):
        positions += [cfg["STARTS"][b] + s for s in range(S)]
    assert all(p < cfg["MAX_SEQ"] for p in positions)
    # Block tables: each request's pages a permutation of the pool's.
    ori_table = [rng.permutation(cfg["ORI_BLOCK_NUM"]) * (ori_max_blocks // cfg["ORI_BLOCK_NUM"])
                 for _ in range(B)]
    # The compressed pages: a permutation of the pool split over the
    # requests where it has enough pages (ci), else a permutation each.
    cmp_perm = rng.permutation(cfg["CMP_BLOCK_NUM"])
    per = cfg["CMP_BLOCK_NUM"] // B
    cmp_table = []
    for b in range(B):
        cmp_table.append(cmp_perm[b * per:b * per + cmp_max_blocks] if per >= cmp_max_blocks
                         else rng.permutation(cfg["CMP_BLOCK_NUM"])[:cmp_max_blocks])
    # The window: the slots of the last min(pos + 1, WIN) positions, then -1.
    window = []
    for t in range(T):
        b, p = t // S, positions[t]
        n = min(p + 1, WIN)
        row = []
        for i in range(WIN):
            if i < n:
                pos = p + 1 - n + i
                row.append(ori_table[b][pos // BLOCK_SIZE] * BLOCK_SIZE + pos % BLOCK_SIZE)
            else:
                row.append(-1)
        window.append(row)
    # Token 6 (ci): no window row valid, only compressed slots (pypto-lib's
    # mixed_topk fixture).
    window[6] = [-1] * WIN
    # The indexer's raw top-k: per 128-column block a mix of slots below the
    # token's bound (pos + 1) // 4, -1 and slots at or past the bound (masked
    # to -1 by the kernel); per token a pattern of blocks: 'm' mixed,
    # 'n' none valid. Token 0/1: short context (bound 10); token 3: its first
    # compressed block empty, the later ones used; token 7: compressed slots
    # all invalid.
    nblk = idx_topk // ATTN_K_TILE
    patterns = {0: "m" + "n" * (nblk - 1), 1: "m" + "n" * (nblk - 1), 3: "n" + "m" * (nblk - 1),
                7: "n" * nblk}
    topk = []
    for t in range(T):
        bound = (positions[t] + 1) // COMPRESS_RATIO
        pattern = patterns.get(t, "m" * nblk)
        row = []
        for j in range(score_len):
            kind = pattern[j // ATTN_K_TILE] if j < idx_topk else "m"
            r = rng.below(100)
            if kind == "n":
                row.append(-1 if r < 60 else bound + rng.below(score_len - bound + 1) if bound < score_len else -1)
            elif r < 15:
                row.append(-1)
            elif r < 25 and bound < score_len:
                row.append(bound + rng.below(score_len - bound))  # masked: at or past the bound
            elif r < 28:
                row.append(bound - 1)  # the last valid slot
            else:
                row.append(rng.below(bound))
        topk.append(row)
    # Token 4 (bound 511) and 5 (bound 512): slot 511 valid only for token 5.
    if T > 5 and (positions[5] + 1) // COMPRESS_RATIO == 512:
        topk[4][5] = 511
        topk[5][5] = 511
    return positions, window, cmp_table, topk


def generate(config, B, S, H, O_GROUPS, O_LORA, D, IDX_TOPK, MAX_SEQ, ORI_BLOCK_NUM,
             CMP_BLOCK_NUM, PROJ_B_D_CHUNK, STARTS):
    cfg = CONFIGS[config]
    T = B * S
    assert H == O_GROUPS * HEADS_PER_GROUP
    O_GROUP_IN = HEADS_PER_GROUP * HEAD_DIM
    CMP_TOPK = IDX_TOPK
    TOPK = WIN + CMP_TOPK
    SB = max(2, (TOPK + ATTN_K_TILE - 1) // ATTN_K_TILE)
    PADDED_TOPK = SB * ATTN_K_TILE
    QK_ITEMS = T * SB
    SCORE_LEN = MAX_SEQ // 4
    CMP_MAX_BLOCKS = MAX_SEQ // COMPRESS_RATIO // BLOCK_SIZE
    ORI_ROWS = ORI_BLOCK_NUM * BLOCK_SIZE
    CMP_ROWS = CMP_BLOCK_NUM * BLOCK_SIZE
    HT = H // H_TILE
    BLK_ROWS = T * HT * SB * H_TILE
    NG = O_GROUPS // O_GROUPS_PER_SPMD
    PA_NFRAGS = O_LORA // PROJ_A_MM_N_TILE
    PA_BLOCKS = PA_NFRAGS // PA_NF_PER_BLOCK
    PB_DCHUNKS = D // PROJ_B_D_CHUNK
    PB_ACT_NREG = D // PROJ_B_ACT_N_TILE
    PB_ACT_TBLKS = T // PROJ_B_ACT_TBLK
    T_PAD = (T + MM_T_TILE - 1) // MM_T_TILE * MM_T_TILE
    SWAP_LEN = H_TILE * ROPE_DIM
    SCALE = HEAD_DIM ** -0.5
    assert T % QUANT_TOKEN_TILE == 0 and H % QK_M_TILE == 0
    assert O_GROUPS_PER_SPMD * HEADS_PER_GROUP == H_TILE
    assert PA_NFRAGS % PA_NF_PER_BLOCK == 0 and O_LORA % B_K_TILE == 0
    assert D % PROJ_B_D_CHUNK == 0 and PROJ_B_D_CHUNK % PROJ_B_MM_N_TILE == 0
    assert D % PROJ_B_ACT_N_TILE == 0 and T % PROJ_B_ACT_TBLK == 0
    assert CMP_TOPK % ATTN_K_TILE == 0 and PADDED_TOPK == TOPK

    positions, window, cmp_table, topk = inputs(cfg)

    consts = set()

    def c(n):
        consts.add(n)
        return f"%c{n}"

    # ---- types ----
    q_t = ty(T, H, HEAD_DIM, "bf16")
    q_flat_t = ty(T * H, HEAD_DIM, "bf16")
    ori_t = ty(ORI_BLOCK_NUM, BLOCK_SIZE, 1, HEAD_DIM, "bf16")
    ori_flat_t = ty(ORI_ROWS, HEAD_DIM, "bf16")
    cmp_t = ty(CMP_BLOCK_NUM, BLOCK_SIZE, 1, HEAD_DIM, "bf16")
    cmp_flat_t = ty(CMP_ROWS, HEAD_DIM, "bf16")
    win_t = ty(T, WIN, "i32")
    table_t = ty(B, CMP_MAX_BLOCKS, "i32")
    topk_t = ty(T, SCORE_LEN, "i32")
    pos_t = ty(T, 1, "i32")
    sink_t = ty(H, "f32")
    freq_t = ty(T, ROPE_DIM, "bf16")
    wo_a_t = ty(O_GROUPS, O_LORA, O_GROUP_IN, "bf16")
    wo_b_t = ty(D, O_GROUPS * O_LORA, "i8")
    wo_b_scale_t = ty(D, "f32")
    out_t = ty(T, D, "bf16")
    packed_t = ty(O_GROUPS * T, O_GROUP_IN, "bf16")
    packed4_t = ty(O_GROUPS, T, HEADS_PER_GROUP, HEAD_DIM, "bf16")
    bias_t = ty(T, PADDED_TOPK, "f32")
    col_store_t = ty(BLK_ROWS, 1, "f32")
    oi_store_t = ty(BLK_ROWS, HEAD_DIM, "f32")
    col_store3_t = ty(T * HT, SB * H_TILE, 1, "f32")
    oi_store3_t = ty(T * HT, SB * H_TILE, HEAD_DIM, "f32")
    cmp_idx_t = ty(T, CMP_TOPK, "i32")
    mask_t = ty(T, SB, "i32")
    order_t = ty(QK_ITEMS, "i32")
    cur_t = ty(1, "i32")
    kv_t = ty(ATTN_K_TILE, HEAD_DIM, "bf16")
    f_tk = ty(T, IDX_TOPK, "f32")
    f_t1 = ty(T, 1, "f32")
    i_t1 = ty(T, 1, "i32")
    f_win = ty(T, WIN, "f32")
    tiles = dict(
        qt=ty(QK_M_TILE, HEAD_DIM, "bf16"), sc=ty(QK_M_TILE, ATTN_K_TILE, "f32"),
        scb=ty(QK_M_TILE, ATTN_K_TILE, "bf16"), col=ty(QK_M_TILE, 1, "f32"),
        oi=ty(QK_M_TILE, HEAD_DIM, "f32"), bias=ty(1, ATTN_K_TILE, "f32"),
        hcol=ty(H_TILE, 1, "f32"), hoi=ty(H_TILE, HEAD_DIM, "f32"))
    o_r_t = ty(T_PAD, O_GROUPS * O_LORA, "f32")
    o_r_i8_t = ty(T_PAD, O_GROUPS * O_LORA, "i8")
    dq_t = ty(O_GROUPS, T, "f32")
    part_t = ty(T_PAD, O_GROUPS * D, "i32")
    tid_arr = f"!pypto.array<{NG}, !pypto.task>"

    def read_i32(tensor, tensor_t, idx, result):
        return f"{result} = pypto.read {tensor}[{idx}] : {tensor_t} -> i32"

    # ---- csa_slots_build_valid_qk_plan ----
    NCB = SB - 1  # compressed sparse blocks
    f_blocks = ty(T * NCB, ATTN_K_TILE, "f32")
    f_bcol = ty(T * NCB, 1, "f32")
    plan_sb_loop = lines(
        "      ",
        f"// blocks 1..{NCB}: valid if any compressed lane of the block is; the",
        f"// mask's rows seen as {T * NCB} rows of {ATTN_K_TILE} (row t * {NCB} + sb - 1)",
        f"%c_mask_blocks = pypto.reshape %c_mask : {f_tk} -> {f_blocks}",
        f"%c_blk_valid = pypto.row_max %c_mask_blocks : {f_blocks}",
        f"scf.for %csb = {c(1)} to {c(SB)} step {c(1)} {{",
        f"  %csb1 = arith.subi %csb, {c(1)} : index",
        f"  scf.for %dt = {c(0)} to {c(T)} step {c(1)} {{",
        f"    %dt_row = arith.muli %dt, {c(NCB)} : index",
        "    %v_row = arith.addi %dt_row, %csb1 : index",
        f"    %v = pypto.read %c_blk_valid[%v_row, {c(0)}] : {f_bcol} -> f32",
        "    %vi = arith.fptosi %v : f32 to i32",
        f"    pypto.write %vi into %valid_block_mask[%dt, %csb] : i32 into {mask_t}",
        "  }",
        "}",
    )

    def plan_pass(cmp, what):
        return lines(
            "      ",
            f"// pass: {what}",
            f"scf.for %pt = {c(0)} to {c(T)} step {c(1)} {{",
            f"  scf.for %psb = {c(0)} to {c(SB)} step {c(1)} {{",
            f"    %pv = pypto.read %valid_block_mask[%pt, %psb] : {mask_t} -> i32",
            f"    %take = arith.cmpi {cmp}, %pv, %zero_i : i32",
            "    scf.if %take {",
            f"      %w = pypto.read %qk_wcur[{c(0)}] : {cur_t} -> i32",
            "      %wi = arith.index_cast %w : i32 to index",
            f"      %item_t = arith.muli %pt, {c(SB)} : index",
            "      %item = arith.addi %item_t, %psb : index",
            "      %item_i = arith.index_cast %item : index to i32",
            f"      pypto.write %item_i into %qk_order[%wi] : i32 into {order_t}",
            "      %w1 = arith.addi %w, %one_i : i32",
            f"      pypto.write %w1 into %qk_wcur[{c(0)}] : i32 into {cur_t}",
            "    }",
            '  } {pypto.loop = "unroll"}',
            '} {pypto.loop = "unroll"}',
        )

    plan = lines(
        "    ",
        "// Compressed slots kept iff 0 <= raw < (pos + 1) / 4 (as mask * (raw + 1) - 1),",
        "// the per-block valid mask, the softmax bias (0 / -1e20) and qk_pv's work",
        "// order: non-empty (token, block) items first, through a GM cursor.",
        f'%plan = pypto.at core_group "csa_slots_build_valid_qk_plan" allow_early_resolve {{',
        f"  %raw_i = pypto.slice %idx_topk[{c(0)}, {c(0)}] [{T}, {IDX_TOPK}] : {topk_t} -> {ty(T, IDX_TOPK, 'i32')}",
        f"  %c_raw = pypto.cast %raw_i : {ty(T, IDX_TOPK, 'i32')} -> {f_tk}",
        f"  %pos_i = pypto.slice %position_ids[{c(0)}, {c(0)}] [{T}, 1] : {pos_t} -> {i_t1}",
        f"  %c_pos = pypto.cast %pos_i : {i_t1} -> {f_t1}",
        f"  %c_pos1 = pypto.adds %c_pos, %one : {f_t1}, f32",
        f"  %c_posr = pypto.muls %c_pos1, %ratio_inv : {f_t1}, f32",
        f"  %c_posq_i = pypto.cast %c_posr round trunc : {f_t1} -> {i_t1}",
        f"  %c_pos_q = pypto.cast %c_posq_i : {i_t1} -> {f_t1}",
        f"  %ones = pypto.full %one : f32 -> {f_tk}",
        f"  %c_upper_b = pypto.row_expand_mul %ones, %c_pos_q : {f_tk}, {f_t1}",
        f"  %c_raw1 = pypto.adds %c_raw, %one : {f_tk}, f32",
        f"  %c_ge0 = pypto.maxs %c_raw1, %zero : {f_tk}, f32",
        f"  %c_ge = pypto.mins %c_ge0, %one : {f_tk}, f32",
        f"  %c_lt_d = pypto.sub %c_upper_b, %c_raw : {f_tk}",
        f"  %c_lt0 = pypto.maxs %c_lt_d, %zero : {f_tk}, f32",
        f"  %c_lt = pypto.mins %c_lt0, %one : {f_tk}, f32",
        f"  %c_mask = pypto.mul %c_ge, %c_lt : {f_tk}",
        f"  %c_kept = pypto.mul %c_mask, %c_raw1 : {f_tk}",
        f"  %c_out = pypto.subs %c_kept, %one : {f_tk}, f32",
        f"  %c_out_i = pypto.cast %c_out : {f_tk} -> {ty(T, IDX_TOPK, 'i32')}",
        f"  pypto.assemble %c_out_i into %cmp_sparse_indices[{c(0)}, {c(0)}] : {ty(T, IDX_TOPK, 'i32')} into {cmp_idx_t}",
        "  // block 0 (the window) is always live",
        f"  scf.for %t0 = {c(0)} to {c(T)} step {c(1)} {{",
        f"    pypto.write %one_i into %valid_block_mask[%t0, {c(0)}] : i32 into {mask_t}",
        "  }",
    ) + plan_sb_loop + lines(
        "    ",
        "  // the additive softmax bias: 0 valid, -1e20 invalid",
        f"  %win_i = pypto.slice %window_swa_indices[{c(0)}, {c(0)}] [{T}, {WIN}] : {win_t} -> {win_t}",
        f"  %v_win_f = pypto.cast %win_i : {win_t} -> {f_win}",
        f"  %v_win1 = pypto.adds %v_win_f, %one : {f_win}, f32",
        f"  %v_win0 = pypto.maxs %v_win1, %zero : {f_win}, f32",
        f"  %v_win_valid = pypto.mins %v_win0, %one : {f_win}, f32",
        f"  %v_win_m1 = pypto.subs %v_win_valid, %one : {f_win}, f32",
        f"  %bias_win = pypto.muls %v_win_m1, %pos_big : {f_win}, f32",
        f"  pypto.assemble %bias_win into %sparse_bias[{c(0)}, {c(0)}] : {f_win} into {bias_t}",
        f"  %c_neg = pypto.mins %c_out, %zero : {f_tk}, f32",
        f"  %bias_cmp = pypto.muls %c_neg, %pos_big : {f_tk}, f32",
        f"  pypto.assemble %bias_cmp into %sparse_bias[{c(0)}, {c(WIN)}] : {f_tk} into {bias_t}",
        f"  pypto.write %zero_i into %qk_wcur[{c(0)}] : i32 into {cur_t}",
    ) + plan_pass("sgt", "non-empty tiles to the front of qk_order") + plan_pass(
        "sle", "empty tiles appended") + lines("    ", "}")

    # ---- qk_pv ----
    def gather(src, src_t, row, indent, result="%g"):
        return f"{indent}{result} = pypto.gather_row {src}[{row}, {c(0)}] into %kv_acc[%r, {c(0)}] [1, {HEAD_DIM}] : {src_t} into {kv_t}"

    def yield_kv(name, indent):
        return f"{indent}scf.yield {name} : {kv_t}"

    # pypto-lib nests the gathers in its branches (window / compressed, -1 /
    # slot); here scalar branches choose the source and its row and one
    # branch gathers (see the header: nested branches yielding the
    # accumulator are refused or miscompiled).
    gather_body = "\n".join([
        "            %k = arith.addi %s0, %r : index",
        f"            %in_win = arith.cmpi slt, %k, {c(WIN)} : index",
        "            %src_cmp, %src_row = scf.if %in_win -> (i1, index) {",
        "              " + read_i32("%window_swa_indices", win_t, "%t, %k", "%ws"),
        "              %ws_ok = arith.cmpi sge, %ws, %zero_i : i32",
        "              %ws_x = arith.index_cast %ws : i32 to index",
        f"              %ws_row = arith.select %ws_ok, %ws_x, {c(0)} : index",
        "              scf.yield %false, %ws_row : i1, index",
        "            } else {",
        f"              %ck = arith.subi %k, {c(WIN)} : index",
        f"              %in_cmp = arith.cmpi slt, %ck, {c(CMP_TOPK)} : index",
        "              %c_use, %c_row = scf.if %in_cmp -> (i1, index) {",
        "                " + read_i32("%cmp_sparse_indices", cmp_idx_t, "%t, %ck", "%ridx"),
        "                %r_ok = arith.cmpi sge, %ridx, %zero_i : i32",
        "                %slot_row = scf.if %r_ok -> (index) {",
        "                  %slot = arith.index_cast %ridx : i32 to index",
        f"                  %slot_blk = arith.divsi %slot, {c(BLOCK_SIZE)} : index",
        f"                  %slot_off = arith.remsi %slot, {c(BLOCK_SIZE)} : index",
        "                  " + read_i32("%cmp_block_table", table_t, "%b, %slot_blk", "%cblk_i"),
        "                  %cblk = arith.index_cast %cblk_i : i32 to index",
        f"                  %cbase = arith.muli %cblk, {c(BLOCK_SIZE)} : index",
        "                  %csrc = arith.addi %cbase, %slot_off : index",
        "                  scf.yield %csrc : index",
        "                } else {",
        f"                  scf.yield {c(0)} : index",
        "                }",
        "                scf.yield %r_ok, %slot_row : i1, index",
        "              } else {",
        f"                scf.yield %false, {c(0)} : i1, index",
        "              }",
        "              scf.yield %c_use, %c_row : i1, index",
        "            }",
        f"            %g_row = scf.if %src_cmp -> ({kv_t}) {{",
        gather("%cmp_kv_flat", cmp_flat_t, "%src_row", "              "),
        yield_kv("%g", "              "),
        "            } else {",
        gather("%ori_kv_flat", ori_flat_t, "%src_row", "              "),
        yield_kv("%g", "              "),
        "            }",
        yield_kv("%g_row", "            "),
    ])

    # The QK_M_TILE rows are QK_M_TILE / H_TILE head tiles, whose rows lie
    # SB * H_TILE apart in the sparse_blk layout: one store through a 3-D
    # view [T * HT, SB * H_TILE, .] of it (pypto-lib slices the computed
    # tiles into H_TILE-row stores).
    NSUB = QK_M_TILE // H_TILE
    col3 = ty(NSUB, H_TILE, 1, "f32")
    oi3 = ty(NSUB, H_TILE, HEAD_DIM, "f32")
    sub_stores = lines(
        "              ",
        f"%t_ht = arith.muli %t, {c(HT)} : index",
        f"%hb2 = arith.muli %hb, {c(NSUB)} : index",
        "%h_row = arith.addi %t_ht, %hb2 : index",
        f"%mi3 = pypto.reshape %qk_mi : {tiles['col']} -> {col3}",
        f"%li3 = pypto.reshape %qk_li : {tiles['col']} -> {col3}",
        f"%oi3 = pypto.reshape %qk_oi : {tiles['oi']} -> {oi3}",
        f"pypto.assemble %mi3 into %sparse_blk_mi3[%h_row, %sb_rows, {c(0)}] : {col3} into {col_store3_t}",
        f"pypto.assemble %li3 into %sparse_blk_li3[%h_row, %sb_rows, {c(0)}] : {col3} into {col_store3_t}",
        f"pypto.assemble %oi3 into %sparse_blk_oi3[%h_row, %sb_rows, {c(0)}] : {oi3} into {oi_store3_t}",
    )

    qk_pv = lines(
        "    ",
        f"// One lane per core; lane c takes items c, c + {NUM_QK_CORES}, ... of qk_order.",
        f'%qk = pypto.spmd core_group "qk_pv" blocks({NUM_QK_CORES}) deps(%plan) allow_early_resolve (%qk_core) {{',
        f"  %lane_left = arith.subi {c(QK_ITEMS + NUM_QK_CORES - 1)}, %qk_core : index",
        f"  %lane_iters = arith.divsi %lane_left, {c(NUM_QK_CORES)} : index",
        f"  scf.for %it = {c(0)} to %lane_iters step {c(1)} {{",
        f"    %it_off = arith.muli %it, {c(NUM_QK_CORES)} : index",
        "    %flat = arith.addi %qk_core, %it_off : index",
        f"    %item_i = pypto.read %qk_order[%flat] : {order_t} -> i32",
        "    %item = arith.index_cast %item_i : i32 to index",
        f"    %t = arith.divsi %item, {c(SB)} : index",
        f"    %t_sb = arith.muli %t, {c(SB)} : index",
        "    %sb = arith.subi %item, %t_sb : index",
        f"    %b = arith.divsi %t, {c(S)} : index",
        f"    %token_base = arith.muli %t, {c(HT * SB * H_TILE)} : index",
        f"    %s0 = arith.muli %sb, {c(ATTN_K_TILE)} : index",
        f"    %sb_rows = arith.muli %sb, {c(H_TILE)} : index",
        f"    %bias_row = pypto.slice %sparse_bias[%t, %s0] [1, {ATTN_K_TILE}] : {bias_t} -> {tiles['bias']}",
        f"    %blk_valid = pypto.read %valid_block_mask[%t, %sb] : {mask_t} -> i32",
        "    %live = arith.cmpi sgt, %blk_valid, %zero_i : i32",
        "    scf.if %live {",
        "      // the block's 128 key rows: window slots (-1: row 0), then compressed",
        "      // slots through the request's block table (-1: row 0)",
        f"      %kv0 = pypto.create_l1 : {kv_t}",
        f"      %kv = scf.for %r = {c(0)} to {c(ATTN_K_TILE)} step {c(1)} iter_args(%kv_acc = %kv0) -> ({kv_t}) {{",
        gather_body,
        "      }",
        f"      scf.for %hb = {c(0)} to {c(H // QK_M_TILE)} step {c(1)} {{",
        f"        %h0 = arith.muli %hb, {c(QK_M_TILE)} : index",
        f"        %t_h = arith.muli %t, {c(H)} : index",
        "        %head_row = arith.addi %t_h, %h0 : index",
        f"        %q_tile = pypto.slice %q_flat[%head_row, {c(0)}] [{QK_M_TILE}, {HEAD_DIM}] : {q_flat_t} -> {tiles['qt']}",
        f"        %qk_raw = pypto.matmul %q_tile, %kv {{b_trans}} : {tiles['qt']}, {kv_t}",
        f"        %qk_scaled = pypto.muls %qk_raw, %softmax_scale : {tiles['sc']}, f32",
        f"        %qk_scores = pypto.col_expand_add %qk_scaled, %bias_row : {tiles['sc']}, {tiles['bias']}",
        f"        %qk_mi = pypto.row_max %qk_scores : {tiles['sc']}",
        f"        %qk_d = pypto.row_expand_sub %qk_scores, %qk_mi : {tiles['sc']}, {tiles['col']}",
        f"        %qk_exp = pypto.exp %qk_d : {tiles['sc']}",
        f"        %qk_li = pypto.row_sum %qk_exp : {tiles['sc']}",
        f"        %qk_p = pypto.cast %qk_exp round rint : {tiles['sc']} -> {tiles['scb']}",
        f"        %qk_oi = pypto.matmul %qk_p, %kv : {tiles['scb']}, {kv_t}",
    ) + sub_stores + lines(
        "    ",
        '      } {pypto.loop = "pipeline"}',
        "    } else {",
        "      // an empty block: m = -3e38, l = 0, o = 0",
        f"      %oi_zero = pypto.full %zero : f32 -> {tiles['hoi']}",
        f"      scf.for %eh = {c(0)} to {c(HT)} step {c(1)} {{",
        f"        %eh_base = arith.muli %eh, {c(SB * H_TILE)} : index",
        "        %e_blk = arith.addi %token_base, %eh_base : index",
        "        %erow = arith.addi %e_blk, %sb_rows : index",
        f"        scf.for %hr = {c(0)} to {c(H_TILE)} step {c(1)} {{",
        "          %er = arith.addi %erow, %hr : index",
        f"          pypto.write %empty_mi into %sparse_blk_mi[%er, {c(0)}] : f32 into {col_store_t}",
        f"          pypto.write %zero into %sparse_blk_li[%er, {c(0)}] : f32 into {col_store_t}",
        "        }",
        f"        pypto.assemble %oi_zero into %sparse_blk_oi[%erow, {c(0)}] : {tiles['hoi']} into {oi_store_t}",
        "      }",
        "    }",
        "  }",
        "}",
    )

    # ---- rope_cs ----
    f_sw = ty(1, SWAP_LEN, "f32")
    i_sw = ty(1, SWAP_LEN, "i32")
    f_r = ty(T, ROPE_DIM, "f32")
    i_r = ty(T, ROPE_DIM, "i32")
    f_h = ty(T, HALF_ROPE, "f32")
    rope_cs = lines(
        "    ",
        "// The inverse RoPE's tables: cos and sign * sin interleaved per lane,",
        "// and the lane-swap index j ^ 1 over a [16, 64] tile seen as one row.",
        f'pypto.at core_group "rope_cs" allow_early_resolve {{',
        f"  %sw_ramp = pypto.arange %zero_i : i32 -> {i_sw}",
        f"  %sw_col = pypto.cast %sw_ramp : {i_sw} -> {f_sw}",
        f"  %sw_q = pypto.muls %sw_col, %rope_inv : {f_sw}, f32",
        f"  %sw_qi = pypto.cast %sw_q round trunc : {f_sw} -> {i_sw}",
        f"  %sw_qf = pypto.cast %sw_qi : {i_sw} -> {f_sw}",
        f"  %sw_rowbase = pypto.muls %sw_qf, %rope_f : {f_sw}, f32",
        f"  %sw_j = pypto.sub %sw_col, %sw_rowbase : {f_sw}",
        f"  %sw_h = pypto.muls %sw_j, %half : {f_sw}, f32",
        f"  %sw_hi = pypto.cast %sw_h round trunc : {f_sw} -> {i_sw}",
        f"  %sw_dup = pypto.cast %sw_hi : {i_sw} -> {f_sw}",
        f"  %sw_dup2 = pypto.muls %sw_dup, %two : {f_sw}, f32",
        f"  %sw_lane = pypto.sub %sw_j, %sw_dup2 : {f_sw}",
        f"  %sw_j1 = pypto.adds %sw_j, %one : {f_sw}, f32",
        f"  %sw_lane2 = pypto.muls %sw_lane, %two : {f_sw}, f32",
        f"  %sw_jx = pypto.sub %sw_j1, %sw_lane2 : {f_sw}",
        f"  %sw_idx_f = pypto.add %sw_rowbase, %sw_jx : {f_sw}",
        f"  %sw_idx = pypto.cast %sw_idx_f : {f_sw} -> {i_sw}",
        f"  pypto.assemble %sw_idx into %rope_swap_idx_m[{c(0)}, {c(0)}] : {i_sw} into {i_sw}",
        f"  %cs_ramp = pypto.arange %zero_i : i32 -> {ty(1, ROPE_DIM, 'i32')}",
        f"  %cs_ramp_f = pypto.cast %cs_ramp : {ty(1, ROPE_DIM, 'i32')} -> {ty(1, ROPE_DIM, 'f32')}",
        f"  %cs_ones = pypto.full %one : f32 -> {f_r}",
        f"  %cs_col = pypto.col_expand_mul %cs_ones, %cs_ramp_f : {f_r}, {ty(1, ROPE_DIM, 'f32')}",
        f"  %cs_h = pypto.muls %cs_col, %half : {f_r}, f32",
        f"  %cs_hi = pypto.cast %cs_h round trunc : {f_r} -> {i_r}",
        f"  %cs_dup_f = pypto.cast %cs_hi : {i_r} -> {f_r}",
        f"  %cs_dup_idx = pypto.cast %cs_dup_f : {f_r} -> {i_r}",
        f"  %cs_dup2 = pypto.muls %cs_dup_f, %two : {f_r}, f32",
        f"  %cs_lane = pypto.sub %cs_col, %cs_dup2 : {f_r}",
        f"  %cs_lane2 = pypto.muls %cs_lane, %two : {f_r}, f32",
        f"  %cs_lane2m = pypto.subs %cs_lane2, %one : {f_r}, f32",
        f"  %cs_sign = pypto.neg %cs_lane2m : {f_r}",
        f"  %cos_b = pypto.slice %freqs_cos[{c(0)}, {c(0)}] [{T}, {HALF_ROPE}] : {freq_t} -> {ty(T, HALF_ROPE, 'bf16')}",
        f"  %sin_b = pypto.slice %freqs_sin[{c(0)}, {c(0)}] [{T}, {HALF_ROPE}] : {freq_t} -> {ty(T, HALF_ROPE, 'bf16')}",
        f"  %cs_cos = pypto.cast %cos_b : {ty(T, HALF_ROPE, 'bf16')} -> {f_h}",
        f"  %cs_sin = pypto.cast %sin_b : {ty(T, HALF_ROPE, 'bf16')} -> {f_h}",
        f"  %cos_il = pypto.gather %cs_cos[%cs_dup_idx] : {f_h}, {i_r} -> {f_r}",
        f"  pypto.assemble %cos_il into %rope_cos_il[{c(0)}, {c(0)}] : {f_r} into {f_r}",
        f"  %sin_il = pypto.gather %cs_sin[%cs_dup_idx] : {f_h}, {i_r} -> {f_r}",
        f"  %sin_signed = pypto.mul %sin_il, %cs_sign : {f_r}",
        f"  pypto.assemble %sin_signed into %rope_sin_signed[{c(0)}, {c(0)}] : {f_r} into {f_r}",
        "}",
    )

    # ---- merge_norm ----
    hcol = tiles["hcol"]
    h_nope = ty(H_TILE, NOPE_DIM, "f32")
    h_rope = ty(H_TILE, ROPE_DIM, "f32")
    h_nope_bf = ty(H_TILE, NOPE_DIM, "bf16")
    h_rope_bf = ty(H_TILE, ROPE_DIM, "bf16")
    h_full_bf = ty(H_TILE, HEAD_DIM, "bf16")
    heads4 = ty(O_GROUPS_PER_SPMD, 1, HEADS_PER_GROUP, HEAD_DIM, "bf16")
    row_f = ty(1, ROPE_DIM, "f32")
    merge = lines(
        "    ",
        "// Online-softmax merge of the sparse blocks, the sink, 1/l and the",
        "// inverse RoPE, per token and 16-head tile; the heads into o_packed. o's",
        f"// first {NOPE_DIM} and last {ROPE_DIM} columns are merged as two tiles (each",
        "// loaded as its own window of the blocks' o).",
        f"%merge_tids = pypto.array_create : {tid_arr}",
        f"scf.for %mg = {c(0)} to {c(NG)} step {c(1)} {{",
        f'  %mt = pypto.spmd core_group "merge_norm" blocks({T}) (%m_t) {{',
        f"    %m_h0 = arith.muli %mg, {c(H_TILE)} : index",
        f"    %m_tt = arith.muli %m_t, {c(HT)} : index",
        "    %m_idx = arith.addi %m_tt, %mg : index",
        f"    %m_base = arith.muli %m_idx, {c(SB * H_TILE)} : index",
        f"    %mi0 = pypto.slice %sparse_blk_mi[%m_base, {c(0)}] [{H_TILE}, 1] : {col_store_t} -> {hcol}",
        f"    %li0 = pypto.slice %sparse_blk_li[%m_base, {c(0)}] [{H_TILE}, 1] : {col_store_t} -> {hcol}",
        f"    %on0 = pypto.slice %sparse_blk_oi[%m_base, {c(0)}] [{H_TILE}, {NOPE_DIM}] : {oi_store_t} -> {h_nope}",
        f"    %or0 = pypto.slice %sparse_blk_oi[%m_base, {c(NOPE_DIM)}] [{H_TILE}, {ROPE_DIM}] : {oi_store_t} -> {h_rope}",
        f"    %m_mi, %m_li, %m_on, %m_or = scf.for %msb = {c(1)} to {c(SB)} step {c(1)} iter_args(%mi = %mi0, %li = %li0, %on = %on0, %or = %or0) -> ({hcol}, {hcol}, {h_nope}, {h_rope}) {{",
        f"      %msb_rows = arith.muli %msb, {c(H_TILE)} : index",
        "      %m_row = arith.addi %m_base, %msb_rows : index",
        f"      %cur_mi = pypto.slice %sparse_blk_mi[%m_row, {c(0)}] [{H_TILE}, 1] : {col_store_t} -> {hcol}",
        f"      %cur_li = pypto.slice %sparse_blk_li[%m_row, {c(0)}] [{H_TILE}, 1] : {col_store_t} -> {hcol}",
        f"      %cur_on = pypto.slice %sparse_blk_oi[%m_row, {c(0)}] [{H_TILE}, {NOPE_DIM}] : {oi_store_t} -> {h_nope}",
        f"      %cur_or = pypto.slice %sparse_blk_oi[%m_row, {c(NOPE_DIM)}] [{H_TILE}, {ROPE_DIM}] : {oi_store_t} -> {h_rope}",
        f"      %mi_new = pypto.max %mi, %cur_mi : {hcol}",
        f"      %da = pypto.sub %mi, %mi_new : {hcol}",
        f"      %alpha = pypto.exp %da : {hcol}",
        f"      %db = pypto.sub %cur_mi, %mi_new : {hcol}",
        f"      %beta = pypto.exp %db : {hcol}",
        f"      %la = pypto.mul %alpha, %li : {hcol}",
        f"      %lb = pypto.mul %beta, %cur_li : {hcol}",
        f"      %li_new = pypto.add %la, %lb : {hcol}",
        f"      %ona = pypto.row_expand_mul %on, %alpha : {h_nope}, {hcol}",
        f"      %onb = pypto.row_expand_mul %cur_on, %beta : {h_nope}, {hcol}",
        f"      %on_new = pypto.add %ona, %onb : {h_nope}",
        f"      %ora = pypto.row_expand_mul %or, %alpha : {h_rope}, {hcol}",
        f"      %orb = pypto.row_expand_mul %cur_or, %beta : {h_rope}, {hcol}",
        f"      %or_new = pypto.add %ora, %orb : {h_rope}",
        f"      scf.yield %mi_new, %li_new, %on_new, %or_new : {hcol}, {hcol}, {h_nope}, {h_rope}",
        '    } {pypto.loop = "pipeline"}',
        f"    %sink = pypto.slice %attn_sink[%m_h0] [{H_TILE}] : {sink_t} -> {ty(H_TILE, 'f32')}",
        f"    %sink_col = pypto.reshape %sink : {ty(H_TILE, 'f32')} -> {hcol}",
        f"    %mi_zero = pypto.sub %m_mi, %m_mi : {hcol}",
        f"    %sink_tile = pypto.add %mi_zero, %sink_col : {hcol}",
        f"    %sink_d = pypto.sub %sink_tile, %m_mi : {hcol}",
        f"    %sink_e = pypto.exp %sink_d : {hcol}",
        f"    %denom = pypto.add %m_li, %sink_e : {hcol}",
        f"    %nope = pypto.row_expand_div %m_on, %denom : {h_nope}, {hcol}",
        f"    %nope_bf = pypto.cast %nope round rint : {h_nope} -> {h_nope_bf}",
        f"    %swap = pypto.slice %rope_swap_idx_m[{c(0)}, {c(0)}] [1, {SWAP_LEN}] : {i_sw} -> {i_sw}",
        f"    %rope = pypto.row_expand_div %m_or, %denom : {h_rope}, {hcol}",
        f"    %cos_row = pypto.slice %rope_cos_il[%m_t, {c(0)}] [1, {ROPE_DIM}] : {f_r} -> {row_f}",
        f"    %sin_row = pypto.slice %rope_sin_signed[%m_t, {c(0)}] [1, {ROPE_DIM}] : {f_r} -> {row_f}",
        f"    %rope_flat = pypto.reshape %rope : {h_rope} -> {f_sw}",
        f"    %swapped_flat = pypto.gather %rope_flat[%swap] : {f_sw}, {i_sw} -> {f_sw}",
        f"    %swapped = pypto.reshape %swapped_flat : {f_sw} -> {h_rope}",
        f"    %rot_c = pypto.col_expand_mul %rope, %cos_row : {h_rope}, {row_f}",
        f"    %rot_s = pypto.col_expand_mul %swapped, %sin_row : {h_rope}, {row_f}",
        f"    %rot = pypto.add %rot_c, %rot_s : {h_rope}",
        f"    %rope_bf = pypto.cast %rot round rint : {h_rope} -> {h_rope_bf}",
        f"    %full_bf = pypto.concat %nope_bf, %rope_bf : {h_nope_bf}, {h_rope_bf} -> {h_full_bf}",
        "    // head m_h0 + i is head i % 8 of group 2 * mg + i / 8: row g * T + t of",
        "    // o_packed, columns (i % 8) * 512.. (o_packed seen as [G, T, 8, 512])",
        f"    %heads = pypto.reshape %full_bf : {h_full_bf} -> {heads4}",
        f"    %g0 = arith.muli %mg, {c(O_GROUPS_PER_SPMD)} : index",
        f"    pypto.assemble %heads into %o_packed4[%g0, %m_t, {c(0)}, {c(0)}] : {heads4} into {packed4_t}",
        "  }",
        f"  pypto.array_set %mt into %merge_tids[%mg] : {tid_arr}",
        '} {pypto.loop = "parallel"}',
    )

    # ---- the grouped output projection ----
    xa_t = ty(MM_T_TILE, A_K_TILE, "bf16")
    wa_t = ty(1, PROJ_A_MM_N_TILE, A_K_TILE, "bf16")
    acc_a3 = ty(1, MM_T_TILE, PROJ_A_MM_N_TILE, "f32")
    acc_a2 = ty(MM_T_TILE, PROJ_A_MM_N_TILE, "f32")
    oq_t = ty(QUANT_TOKEN_TILE, O_LORA, "f32")
    q_col = ty(QUANT_TOKEN_TILE, 1, "f32")
    q_row = ty(1, QUANT_TOKEN_TILE, "f32")
    ba_t = ty(T_PAD, B_K_TILE, "i8")
    bw_t = ty(PROJ_B_MM_N_TILE, B_K_TILE, "i8")
    acc_b = ty(T_PAD, PROJ_B_MM_N_TILE, "i32")
    proj = lines(
        "    ",
        "// Per o-group bundle, back to back in a manual scope (every edge named):",
        "// proj_a (o_packed @ wo_a^T, K steps of 256; T valid rows of 16) -> the",
        "// group's INT8 quantisation -> proj_b (i8 x i8 -> i32 partials).",
        f"%proj_b_tids = pypto.array_create : {tid_arr}",
        "pypto.scope manual {",
        f"  scf.for %gb = {c(0)} to {c(NG)} step {c(1)} {{",
        f"    %m_dep = pypto.array_get %merge_tids[%gb] : {tid_arr}",
        f"    %gb2 = arith.muli %gb, {c(O_GROUPS_PER_SPMD)} : index",
        f'    %pa = pypto.spmd core_group "proj_a_mm" blocks({O_GROUPS_PER_SPMD * PA_BLOCKS}) deps(%m_dep) allow_early_resolve (%pa_idx) {{',
        f"      %pa_lg = arith.divsi %pa_idx, {c(PA_BLOCKS)} : index",
        f"      %pa_lgb = arith.muli %pa_lg, {c(PA_BLOCKS)} : index",
        "      %pa_blk = arith.subi %pa_idx, %pa_lgb : index",
        "      %g = arith.addi %gb2, %pa_lg : index",
        f"      %row_base = arith.muli %g, {c(T)} : index",
        f"      %out_col = arith.muli %g, {c(O_LORA)} : index",
        f"      scf.for %anf = {c(0)} to {c(PA_NF_PER_BLOCK)} step {c(1)} {{",
        f"        %n0a = arith.muli %pa_blk, {c(PA_NF_PER_BLOCK * PROJ_A_MM_N_TILE)} : index",
        f"        %n0b = arith.muli %anf, {c(PROJ_A_MM_N_TILE)} : index",
        "        %n0 = arith.addi %n0a, %n0b : index",
        f"        %xa0 = pypto.slice %o_packed[%row_base, {c(0)}] [{MM_T_TILE}, {A_K_TILE}] valid [{c(T)}, {c(A_K_TILE)}] : {packed_t} -> {xa_t}",
        f"        %wa0 = pypto.slice %wo_a[%g, %n0, {c(0)}] [1, {PROJ_A_MM_N_TILE}, {A_K_TILE}] : {wo_a_t} -> {wa_t}",
        f"        %acc0 = pypto.matmul %xa0, %wa0 {{b_trans}} : {xa_t}, {wa_t}",
        f"        %acc = scf.for %kb = {c(1)} to {c(O_GROUP_IN // A_K_TILE)} step {c(1)} iter_args(%sum = %acc0) -> ({acc_a3}) {{",
        f"          %k0 = arith.muli %kb, {c(A_K_TILE)} : index",
        f"          %xa = pypto.slice %o_packed[%row_base, %k0] [{MM_T_TILE}, {A_K_TILE}] valid [{c(T)}, {c(A_K_TILE)}] : {packed_t} -> {xa_t}",
        f"          %wa = pypto.slice %wo_a[%g, %n0, %k0] [1, {PROJ_A_MM_N_TILE}, {A_K_TILE}] : {wo_a_t} -> {wa_t}",
        f"          %next = pypto.matmul_acc %sum, %xa, %wa {{b_trans}} : {xa_t}, {wa_t}",
        f"          scf.yield %next : {acc_a3}",
        '        } {pypto.loop = "pipeline"}',
        f"        %acc_2d = pypto.reshape %acc : {acc_a3} -> {acc_a2}",
        "        %o_col = arith.addi %out_col, %n0 : index",
        f"        pypto.assemble %acc_2d into %o_r_pad[{c(0)}, %o_col] : {acc_a2} into {o_r_t}",
        "      }",
        "    }",
        f'    %qt = pypto.spmd core_group "quant" blocks({O_GROUPS_PER_SPMD}) deps(%pa) allow_early_resolve (%q_lg) {{',
        "      %g = arith.addi %gb2, %q_lg : index",
        f"      %col_g = arith.muli %g, {c(O_LORA)} : index",
        f"      scf.for %qtt = {c(0)} to {c(T)} step {c(QUANT_TOKEN_TILE)} {{",
        f"        %oc = pypto.slice %o_r_pad[%qtt, %col_g] [{QUANT_TOKEN_TILE}, {O_LORA}] : {o_r_t} -> {oq_t}",
        f"        %oc_abs = pypto.abs %oc : {oq_t}",
        f"        %row_max = pypto.row_max %oc_abs : {oq_t}",
        f"        %row_max_r = pypto.reshape %row_max : {q_col} -> {q_row}",
        f"        %amax_floor = pypto.full %amax_eps : f32 -> {q_row}",
        f"        %amax = pypto.max %amax_floor, %row_max_r : {q_row}",
        f"        %scale_num = pypto.full %scale_max : f32 -> {q_row}",
        f"        %sq_row = pypto.div %scale_num, %amax : {q_row}",
        f"        %dq_row = pypto.recip %sq_row : {q_row}",
        f"        pypto.assemble %dq_row into %act_scale_dq[%g, %qtt] : {q_row} into {dq_t}",
        f"        %sq_col = pypto.reshape %sq_row : {q_row} -> {q_col}",
        f"        %oq_scaled = pypto.row_expand_mul %oc, %sq_col : {oq_t}, {q_col}",
        f"        %oq_i32 = pypto.cast %oq_scaled round rint : {oq_t} -> {ty(QUANT_TOKEN_TILE, O_LORA, 'i32')}",
        f"        %oq_half = pypto.cast %oq_i32 round round : {ty(QUANT_TOKEN_TILE, O_LORA, 'i32')} -> {ty(QUANT_TOKEN_TILE, O_LORA, 'f16')}",
        f"        %oq_i8 = pypto.cast %oq_half round trunc : {ty(QUANT_TOKEN_TILE, O_LORA, 'f16')} -> {ty(QUANT_TOKEN_TILE, O_LORA, 'i8')}",
        f"        pypto.assemble %oq_i8 into %o_r_i8_pad[%qtt, %col_g] : {ty(QUANT_TOKEN_TILE, O_LORA, 'i8')} into {o_r_i8_t}",
        '      } {pypto.loop = "pipeline"}',
        "    }",
        f'    %pb = pypto.spmd core_group "proj_b_mm" blocks({O_GROUPS_PER_SPMD * PB_DCHUNKS}) deps(%qt) allow_early_resolve (%pb_idx) {{',
        f"      %pb_lg = arith.divsi %pb_idx, {c(PB_DCHUNKS)} : index",
        f"      %pb_lgd = arith.muli %pb_lg, {c(PB_DCHUNKS)} : index",
        "      %dc = arith.subi %pb_idx, %pb_lgd : index",
        "      %g = arith.addi %gb2, %pb_lg : index",
        f"      %col_g = arith.muli %g, {c(O_LORA)} : index",
        f"      %d0 = arith.muli %dc, {c(PROJ_B_D_CHUNK)} : index",
        f"      %g_d = arith.muli %g, {c(D)} : index",
        f"      scf.for %nf = {c(0)} to {c(PROJ_B_D_CHUNK // PROJ_B_MM_N_TILE)} step {c(1)} {{",
        f"        %nf_off = arith.muli %nf, {c(PROJ_B_MM_N_TILE)} : index",
        "        %n0 = arith.addi %d0, %nf_off : index",
        "        // pypto-lib's pl.create_tensor: a value the first K step never reads",
        f"        %init = pypto.full %zero_i : i32 -> {acc_b}",
        f"        %acc = scf.for %kb = {c(0)} to {c(O_LORA // B_K_TILE)} step {c(1)} iter_args(%sum = %init) -> ({acc_b}) {{",
        f"          %kk = arith.muli %kb, {c(B_K_TILE)} : index",
        "          %k0 = arith.addi %col_g, %kk : index",
        f"          %first = arith.cmpi eq, %kb, {c(0)} : index",
        f"          %next = scf.if %first -> ({acc_b}) {{",
        f"            %b_act = pypto.slice %o_r_i8_pad[{c(0)}, %col_g] [{T_PAD}, {B_K_TILE}] : {o_r_i8_t} -> {ba_t}",
        f"            %b_w = pypto.slice %wo_b[%n0, %col_g] [{PROJ_B_MM_N_TILE}, {B_K_TILE}] : {wo_b_t} -> {bw_t}",
        f"            %m = pypto.matmul %b_act, %b_w {{b_trans}} : {ba_t}, {bw_t}",
        f"            scf.yield %m : {acc_b}",
        "          } else {",
        f"            %b_act = pypto.slice %o_r_i8_pad[{c(0)}, %k0] [{T_PAD}, {B_K_TILE}] : {o_r_i8_t} -> {ba_t}",
        f"            %b_w = pypto.slice %wo_b[%n0, %k0] [{PROJ_B_MM_N_TILE}, {B_K_TILE}] : {wo_b_t} -> {bw_t}",
        f"            %m = pypto.matmul_acc %sum, %b_act, %b_w {{b_trans}} : {ba_t}, {bw_t}",
        f"            scf.yield %m : {acc_b}",
        "          }",
        f"          scf.yield %next : {acc_b}",
        '        } {pypto.loop = "pipeline"}',
        "        %p_col = arith.addi %g_d, %n0 : index",
        f"        pypto.assemble %acc into %partials[{c(0)}, %p_col] : {acc_b} into {part_t}",
        "      }",
        "    }",
        f"    pypto.array_set %pb into %proj_b_tids[%gb] : {tid_arr}",
        '  } {pypto.loop = "parallel"}',
        "}",
    )

    act_tile = ty(PROJ_B_ACT_T_TILE, PROJ_B_ACT_N_TILE, "f32")
    act_i = ty(PROJ_B_ACT_T_TILE, PROJ_B_ACT_N_TILE, "i32")
    act_col = ty(PROJ_B_ACT_T_TILE, 1, "f32")
    act_row = ty(1, PROJ_B_ACT_T_TILE, "f32")
    wbs_row = ty(1, PROJ_B_ACT_N_TILE, "f32")
    dep_names = ", ".join(f"%pb_t{i}" for i in range(NG))
    act = "".join(lines("    ", f"%pb_t{i} = pypto.array_get %proj_b_tids[{c(i)}] : {tid_arr}")
                  for i in range(NG)) + lines(
        "    ",
        "// The groups' partials, each dequantised by its group's row scale,",
        "// summed in group order, times the channel scale, in bf16.",
        f'pypto.spmd core_group "proj_b_act" blocks({PB_ACT_NREG * PB_ACT_TBLKS}) deps({dep_names}) allow_early_resolve (%act_idx) {{',
        f"  %nreg = arith.divsi %act_idx, {c(PB_ACT_TBLKS)} : index",
        f"  %nreg_t = arith.muli %nreg, {c(PB_ACT_TBLKS)} : index",
        "  %tblk = arith.subi %act_idx, %nreg_t : index",
        f"  %ob_n0 = arith.muli %nreg, {c(PROJ_B_ACT_N_TILE)} : index",
        f"  %a_t0 = arith.muli %tblk, {c(PROJ_B_ACT_TBLK)} : index",
        f"  %a_t1 = arith.addi %a_t0, {c(PROJ_B_ACT_TBLK)} : index",
        f"  %wbs = pypto.slice %wo_b_scale[%ob_n0] [{PROJ_B_ACT_N_TILE}] : {wo_b_scale_t} -> {ty(PROJ_B_ACT_N_TILE, 'f32')}",
        f"  %wbs_row = pypto.reshape %wbs : {ty(PROJ_B_ACT_N_TILE, 'f32')} -> {wbs_row}",
        f"  scf.for %b_tb = %a_t0 to %a_t1 step {c(PROJ_B_ACT_T_TILE)} {{",
        f"    %acc0 = pypto.full %zero : f32 -> {act_tile}",
        f"    %acc = scf.for %ag = {c(0)} to {c(O_GROUPS)} step {c(1)} iter_args(%a = %acc0) -> ({act_tile}) {{",
        f"      %ag_d = arith.muli %ag, {c(D)} : index",
        "      %p_col0 = arith.addi %ag_d, %ob_n0 : index",
        f"      %p_g = pypto.slice %partials[%b_tb, %p_col0] [{PROJ_B_ACT_T_TILE}, {PROJ_B_ACT_N_TILE}] : {part_t} -> {act_i}",
        f"      %gs_row = pypto.slice %act_scale_dq[%ag, %b_tb] [1, {PROJ_B_ACT_T_TILE}] : {dq_t} -> {act_row}",
        f"      %gs = pypto.reshape %gs_row : {act_row} -> {act_col}",
        f"      %p_f = pypto.cast %p_g round none : {act_i} -> {act_tile}",
        f"      %p_s = pypto.row_expand_mul %p_f, %gs : {act_tile}, {act_col}",
        f"      %a_next = pypto.add %a, %p_s : {act_tile}",
        f"      scf.yield %a_next : {act_tile}",
        '    } {pypto.loop = "pipeline"}',
        f"    %o_t = pypto.col_expand_mul %acc, %wbs_row : {act_tile}, {wbs_row}",
        f"    %o_bf = pypto.cast %o_t round rint : {act_tile} -> {ty(PROJ_B_ACT_T_TILE, PROJ_B_ACT_N_TILE, 'bf16')}",
        f"    pypto.assemble %o_bf into %attn_out[%b_tb, %ob_n0] : {ty(PROJ_B_ACT_T_TILE, PROJ_B_ACT_N_TILE, 'bf16')} into {out_t}",
        "  }",
        "}",
    )

    prelude = lines(
        "    ",
        f"%ori_kv_flat = pypto.reshape %ori_kv : {ori_t} -> {ori_flat_t}",
        f"%cmp_kv_flat = pypto.reshape %cmp_kv : {cmp_t} -> {cmp_flat_t}",
        f"%q_flat = pypto.reshape %q : {q_t} -> {q_flat_t}",
        f"%sparse_bias = pypto.create_tensor : {bias_t}",
        f"%o_packed4 = pypto.reshape %o_packed : {packed_t} -> {packed4_t}",
        "// pypto-lib's WAR marker (pypto-lib#481): a no-op self-copy of T rows, so",
        "// the task graph sees ori_kv written before qk_pv's gathers read it.",
        'pypto.at core_group "kv_touch" {',
        f"  %touch = pypto.slice %ori_kv_flat[{c(0)}, {c(0)}] [{T}, {HEAD_DIM}] : {ori_flat_t} -> {ty(T, HEAD_DIM, 'bf16')}",
        f"  pypto.assemble %touch into %ori_kv_flat[{c(0)}, {c(0)}] : {ty(T, HEAD_DIM, 'bf16')} into {ori_flat_t}",
        "}",
        f"%sparse_blk_mi = pypto.create_tensor : {col_store_t}",
        f"%sparse_blk_li = pypto.create_tensor : {col_store_t}",
        f"%sparse_blk_oi = pypto.create_tensor : {oi_store_t}",
        f"%sparse_blk_mi3 = pypto.reshape %sparse_blk_mi : {col_store_t} -> {col_store3_t}",
        f"%sparse_blk_li3 = pypto.reshape %sparse_blk_li : {col_store_t} -> {col_store3_t}",
        f"%sparse_blk_oi3 = pypto.reshape %sparse_blk_oi : {oi_store_t} -> {oi_store3_t}",
        f"%cmp_sparse_indices = pypto.create_tensor : {cmp_idx_t}",
        f"%valid_block_mask = pypto.create_tensor : {mask_t}",
        f"%qk_order = pypto.create_tensor : {order_t}",
        f"%qk_wcur = pypto.create_tensor : {cur_t}",
        f"%rope_cos_il = pypto.create_tensor : {f_r}",
        f"%rope_sin_signed = pypto.create_tensor : {f_r}",
        f"%rope_swap_idx_m = pypto.create_tensor : {i_sw}",
        f"%o_r_pad = pypto.create_tensor : {o_r_t}",
        f"%o_r_i8_pad = pypto.create_tensor : {o_r_i8_t}",
        f"%act_scale_dq = pypto.create_tensor : {dq_t}",
        f"%partials = pypto.create_tensor : {part_t}",
    )

    body = prelude + plan + qk_pv + rope_cs + merge + proj + act

    scalars = lines(
        "    ",
        "%zero = arith.constant 0.0 : f32",
        "%one = arith.constant 1.0 : f32",
        "%two = arith.constant 2.0 : f32",
        "%half = arith.constant 0.5 : f32",
        "%zero_i = arith.constant 0 : i32",
        "%false = arith.constant false",
        "%one_i = arith.constant 1 : i32",
        f"%ratio_inv = arith.constant {flt(1.0 / COMPRESS_RATIO)} : f32",
        f"%pos_big = arith.constant {flt(-NEG_INF)} : f32",
        f"%empty_mi = arith.constant {flt(EMPTY_MI)} : f32",
        f"%softmax_scale = arith.constant {flt(SCALE)} : f32",
        f"%rope_inv = arith.constant {flt(1.0 / ROPE_DIM)} : f32",
        f"%rope_f = arith.constant {flt(float(ROPE_DIM))} : f32",
        f"%amax_eps = arith.constant {flt(INT8_AMAX_EPS)} : f32",
        f"%scale_max = arith.constant {flt(INT8_SCALE_MAX)} : f32",
    )
    const_lines = "".join(f"\n    %c{n} = arith.constant {n} : index" for n in sorted(consts))

    arg_indent = "      "
    dense_indent = arg_indent + "    "
    args = [
        f"%q: {q_t} {{pypto.init = \"randn\"}}",
        f"%ori_kv: {ori_t} {{pypto.dir = \"inout\", pypto.init = \"randn\"}}",
        f"%window_swa_indices: {win_t} {{pypto.init = {dense(window, 'i32', dense_indent)}}}",
        f"%cmp_kv: {cmp_t} {{pypto.init = \"randn\"}}",
        f"%cmp_block_table: {table_t} {{pypto.init = {dense(cmp_table, 'i32', dense_indent)}}}",
        f"%idx_topk: {topk_t} {{pypto.init = {dense(topk, 'i32', dense_indent)}}}",
        f"%position_ids: {pos_t} {{pypto.init = {dense([[p] for p in positions], 'i32', dense_indent)}}}",
        f"%attn_sink: {sink_t} {{pypto.init = \"randn\"}}",
        f"%freqs_cos: {freq_t} {{pypto.init = \"rand\"}}",
        f"%freqs_sin: {freq_t} {{pypto.init = \"rand\"}}",
        f"%wo_a: {wo_a_t} {{pypto.init = \"randn\", pypto.init_scale = {flt(WO_A_SCALE)} : f64}}",
        f"%wo_b: {wo_b_t} {{pypto.init = \"randint\", pypto.init_range = array<i64: -127, 128>}}",
        f"%wo_b_scale: {wo_b_scale_t} {{pypto.init = \"rand\", pypto.init_scale = {flt(WO_B_SCALE)} : f64}}",
        f"%attn_out: {out_t} {{pypto.dir = \"out\", pypto.compare = \"ratio_allclose(atol=4e-3, rtol=0.0078125)\"}}",
        f"%o_packed: {packed_t} {{pypto.dir = \"out\", pypto.compare = \"ratio_allclose(atol=1e-4, rtol=0.0078125)\"}}",
    ]

    header = HEADER.format(
        config=config, T=T, B=B, S=S, H=H, G=O_GROUPS, L=O_LORA, D=D, K=IDX_TOPK, SB=SB,
        NCB=SB - 1, HT=HT,
        MAX=MAX_SEQ, positions=", ".join(str(p) for p in positions),
        bounds=", ".join(str((p + 1) // COMPRESS_RATIO) for p in positions))
    return (header
            + 'module @decode_sparse_attn attributes {pypto.golden = "decode_sparse_attn.golden.py",\n'
            + "                                       pypto.rtol = 7.8125e-03 : f64,\n"
            + "                                       pypto.atol = 1.0e-04 : f64} {\n"
            + "  func.func @decode_sparse_attn(\n"
            + ",\n".join(arg_indent + a for a in args) + ") {"
            + const_lines + scalars + body + "\n    return\n  }\n}\n")


HEADER = """\
// GENERATED by models/deepseek_v4_pro/gen_decode_sparse_attn.py --config {config}; do not edit.
//
// DeepSeek-V4 sparse decode attention with the grouped output projection,
// ported from pypto-lib's models/deepseek_v4_pro/decode_sparse_attn.py
// (sparse_attn): {T} tokens ({B} requests of {S}), {H} heads of 512 (rope 64),
// {G} o-groups of 8 heads, o_lora {L}, hidden {D}; keys: the 128-slot window
// and an index top-k of {K} compressed slots, {SB} sparse blocks of 128.
//
// 1. csa_slots_build_valid_qk_plan: the compressed slots kept iff
//    0 <= raw < (pos + 1) / 4, as mask * (raw + 1) - 1 in f32; the per-block
//    valid mask (block 0, the window, always live); the softmax bias (0 or
//    -1e20); the order of qk_pv's (token, block) items, non-empty ones first,
//    through a cursor in GM;
// 2. qk_pv, 24 lanes walking qk_order: per live item the 128 key rows are
//    gathered into an L1 accumulator (pypto.create_l1, one pypto.gather_row
//    per row: a window slot's row of ori_kv, a compressed slot's row of
//    cmp_kv through the request's block table, row 0 for -1), then per 32
//    heads q k^T (b_trans), the scaled scores plus the bias, row max, exp,
//    row sum, p (bf16) v: the block's (m, l, o) into GM; an empty block
//    writes m = -3e38, l = 0, o = 0;
// 3. rope_cs: the interleaved cos and sign * sin tables and the j ^ 1
//    lane-swap index of a [16, 64] tile seen as one row;
// 4. merge_norm, per 16-head tile and token: the online-softmax merge of the
//    blocks, the sink (l + exp(sink - m)), o / denominator, the inverse RoPE
//    of the last 64 lanes (a gather by the swap index), the heads into
//    o_packed (group g's row g * T + t);
// 5. per 2 o-groups, in a manual scope: proj_a_mm (o_packed @ wo_a^T, T valid
//    rows of a 16-row tile, K steps of 256), quant (per-group INT8), proj_b_mm
//    (i8 x i8 -> i32 partials, the first K step on pypto-lib's kb == 0
//    branch); then proj_b_act sums the partials times their group's row
//    scale, times the channel scale, in bf16.
//
// Inputs: positions {positions}
// (compressed bounds {bounds}). The window rows
// go through a per-request page table that is a permutation of the pool
// (short contexts end in -1; token 6's window is all -1, pypto-lib's
// mixed_topk fixture); the compressed block table is a permutation of the
// pool split over the requests (full: one permutation a request); the raw top-k mixes valid slots, -1 and
// slots at or past the bound (the position mask drops them), the bound - 1
// slot among them; tokens 0 and 1 use only the first compressed block,
// token 3 all but the first, token 7 none (empty blocks); q and both caches
// unit normal, the sink drawn (pypto-lib: zeros), cos/sin drawn
// (pypto-lib: its RoPE tables).
//
// What the port changes (pypto-lib's kernels, loops and tiling are kept):
// - o_packed, pypto-lib's intermediate, is an output, so the attention is
//   checked before the INT8 projection; ori_kv is inout (kv_touch, the
//   WAR marker, writes it: a written argument must be out or inout);
// - slices of a tensor computed in the kernel do not exist here (pypto's
//   tile.slice; Coverage.md lists it missing), so: the plan reads each
//   block's validity from the row maxima of the mask seen as [T * {NCB},
//   128] (pypto-lib takes the row max of column slices); qk_pv stores the
//   32-row (m, l, o) of its two 16-head tiles through 3-D views
//   [T * {HT}, {SB} * 16, .] of the sparse_blk tensors, one assemble each
//   (pypto-lib: two 16-row slices, stored at the same rows); merge_norm
//   merges o's first 448 and last 64 columns as two tiles, each loaded as
//   its own window of the blocks' o (pypto-lib slices the merged o), and
//   stores its 16 heads through a [{G}, T, 8, 512] view of o_packed in one
//   assemble (pypto-lib: 16 one-row slices);
// - the gathers: scalar branches choose the source (window or compressed
//   cache) and the row (-1: row 0), and one branch gathers, where pypto-lib
//   nests the gathers in its window / compressed and -1 / slot branches.
//   This works around two compiler bugs with nested branches that yield an
//   L1 accumulator (a kernel with: if r < 64 then (if slot >= 0 then
//   gather the slot's row else gather row 0) else gather): LowerToPTO refuses
//   the inner branch ("'scf.if' op has no planned address; run
//   pypto-plan-memory first"), and in a mixed kernel ExpandMixedKernel
//   erases the inner branch while the outer branch's yield still uses it
//   (keepBranchTiles: a use after free; here pypto-run aborted with
//   "malloc(): unaligned tcache chunk detected"). The same rows are
//   gathered;
// - pl.unroll / pl.parallel loops are scf.for marked unroll / parallel,
//   pl.array of task ids pypto.array_*; pl.minimum / pl.maximum / pl.sub
//   with a scalar are pypto.mins / maxs / subs; pl.cast of an element read
//   is arith.fptosi; casts without a mode take rint (pypto-lib's default
//   differs only off integers: the values cast are integers);
// - proj_a's [1, 16, 128] product (the rank-3 weight window) is reshaped to
//   [16, 128] before its assemble (pypto-lib's assemble does it implicitly);
// - proj_b_mm's kernel-local pl.create_tensor accumulator is a pypto.full
//   the first K step never reads;
// - pypto-lib's `if PADDED_TOPK > TOPK` pad bias and `if SPARSE_BLOCKS > 1`
//   are decided in the generator (no pad at these sizes; blocks > 1).
//
// Tolerance: pypto-lib's comparator ratio_allclose(atol=1e-4, rtol=1/128)
// for o_packed; attn_out with atol 4e-3 (see docs/examples/models.md: the
// bf16 flips of o move INT8 activations by one step, which moves small
// outputs by up to about 4e-3).
"""


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
