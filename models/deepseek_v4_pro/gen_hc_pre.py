#!/usr/bin/env python3
"""Writes models/deepseek_v4_pro/hc_pre.mlir for a configuration.

pypto-lib's models/deepseek_v4_pro/hc_pre.py, its default path
(`HC_PRE_IMPL = "separate"`, `_hc_pre_separate`): the DeepSeek-V4
Hyper-Connections pre-mix. x [T, 4, D] holds the 4 streams of the hidden
state; with the projection hc_fn [24, 4D], the scales hc_scale [3] and the
biases hc_base [24]:

    inv_rms = rsqrt(mean(x_flat^2) + eps)                 (hc_pre_rms)
    mixes   = x_flat @ hc_fn^T, split-K in 4 partials     (hc_pre_linear,
              reduced in ascending order                   hc_pre_linear_reduce)
    pre_raw, post_raw = per-token vector dots with hc_fn rows 0..3 / 4..7
    pre  = sigmoid(pre_raw * inv_rms * s0 + base[0:4]) + eps      (split_pre_post)
    post = 2 * sigmoid(post_raw * inv_rms * s1 + base[4:8])
    comb = sinkhorn(softmax(mixes[:, 8:24] * inv_rms * s2 + base[8:24]))
    x_mixed = sum_h pre[:, h] * x[:, h, :]                         (mix_x)

each work type its own SPMD task, ordered by the runtime through the GM
tensors they share. T is a run-time dimension. `ci` (committed) shrinks the
hidden size and takes 21 tokens, so both 16-row cube tiles and the last
8-row vector tile are tails; `full` is pypto-lib's pro preset (hidden 7168,
its decode size of 8 tokens; its prefill size is 128, `--shape`).

    python3 models/deepseek_v4_pro/gen_hc_pre.py > models/deepseek_v4_pro/hc_pre.mlir
    python3 models/deepseek_v4_pro/gen_hc_pre.py --config full -o /tmp/hc_pre.mlir

Python 3 standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_common import command_line, flt, write_program  # noqa: E402

# T: tokens (the default of the run-time dimension), D: hidden size.
CONFIGS = {
    "ci": dict(T=21, D=2048),
    "full": dict(T=8, D=7168),
}

# pypto-lib's config.py (pro preset) and hc_pre.py constants.
HC_MULT = 4  # hc_mult
MIX_HC = (2 + HC_MULT) * HC_MULT  # mix_hc = 24
HC_SINKHORN_ITER = 20  # hc_sinkhorn_iters
HC_EPS = 1e-6  # hc_eps
NORM_EPS = 1e-6  # rms_norm_eps

MIX_PAD = 32  # mix_hc padded to a 32-wide cube N
HC_PAD = 8  # hc padded to a 32-byte vector row
T_TILE = 8  # vector row tile (rms, split_pre_post, mix_x)
LINEAR_T_TILE = 16  # cube rows
COMB_T_TILE = 8  # sinkhorn row tile
RMS_K_CHUNK = 256
LINEAR_K_CHUNK = 256
D_CHUNK = 256
D_SPMD = 1024  # mix_x columns per SPMD block
LINEAR_OK = 4  # split-K partials of the linear step

# pypto-lib's test inputs (hc_pre.py build_tensor_specs): x randn * 0.05,
# hc_fn randn * 0.0519, and its fixed hc_scale and hc_base. The comb biases
# (+-3) make the Sinkhorn matrices peaked, so they converge slowly enough
# that a wrong iteration count shows.
X_SCALE = 0.05
FN_SCALE = 0.0519
HC_SCALE = [0.076099, 0.032597, 0.226994]
HC_BASE = [
    5.9166, -3.6223, -2.9324, -3.3124,
    -3.9100, -0.9384, -3.3256, -2.5240,
    2.0706, -2.5728, 0.1424, -3.9453,
    -3.8859, 3.4634, -3.3799, -2.6077,
    -2.7191, -2.4846, 2.0395, -0.5010,
    -3.5992, -2.7520, -3.3493, 3.1587,
]


def dense(values):
    """A pypto.init listing `values` (f32)."""
    return ("dense<[" + ", ".join(flt(v) for v in values) + "]> : tensor<"
            + str(len(values)) + "xf32>")


def ty(*shape_and_dtype):
    *shape, dtype = shape_and_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def lines(indent, *body):
    """The lines of `body` at `indent` (None: no line)."""
    return "".join("\n" + indent + line if line else "\n"
                   for line in body if line is not None)


def tail_rows(base, tile, result, indent):
    """`result` = min(tile, t_dim - base): the rows of a tile at `base`
    that lie in the tokens."""
    return lines(
        indent,
        f"%left = arith.subi %t_dim, {base} : index",
        f"{result} = arith.minsi %left, %c{tile} : index",
    )


def sigmoid(src, result, t, indent):
    """pypto-lib's sigmoid: recip(exp(-x) + 1)."""
    return lines(
        indent,
        f"{result}_neg = pypto.neg {src} : {t}",
        f"{result}_exp = pypto.exp {result}_neg : {t}",
        f"{result}_den = pypto.adds {result}_exp, %one : {t}, f32",
        f"{result} = pypto.recip {result}_den : {t}",
    )


def vector_dots(name, row0, hc_dim, x_flat_t, fn_t):
    """One token per SPMD block: the dots of x_flat's row with hc_fn rows
    row0..row0+3, K fragments of 256 accumulated in ascending order, into
    columns 0..3 of `name`_raw_store's row."""
    w = ty(HC_PAD, LINEAR_K_CHUNK, "f32")
    row = ty(1, HC_PAD, "f32")
    return lines(
        "    ",
        f'pypto.spmd core_group "hc_pre_{name}_linear_vector" blocks(%t_dim) allow_early_resolve (%trow) {{',
        f"  %init = pypto.full %zero : f32 -> {row}",
        f"  %dots = scf.for %k0 = %c0 to %c{hc_dim} step %c{LINEAR_K_CHUNK} iter_args(%acc = %init) -> ({row}) {{",
        f"    %x_row = pypto.slice %x_flat[%trow, %k0] [1, {LINEAR_K_CHUNK}] : {x_flat_t} -> {ty(1, LINEAR_K_CHUNK, 'f32')}",
        f"    // hc_fn rows {row0}..{row0 + HC_MULT - 1}: an {HC_PAD}-row window, its last {HC_PAD - HC_MULT} rows undefined",
        f"    %w = pypto.slice %hc_fn[%c{row0}, %k0] [{HC_PAD}, {LINEAR_K_CHUNK}] valid [%c{HC_MULT}, %c{LINEAR_K_CHUNK}] : {fn_t} -> {w}",
        f"    %prod = pypto.col_expand_mul %w, %x_row : {w}, {ty(1, LINEAR_K_CHUNK, 'f32')}",
        f"    %chunk = pypto.row_sum %prod : {w}",
        f"    %chunk_row = pypto.reshape %chunk : {ty(HC_PAD, 1, 'f32')} -> {row}",
        f"    %next = pypto.add %acc, %chunk_row : {row}",
        f"    scf.yield %next : {row}",
        '  } {pypto.loop = "pipeline"}',
        f"  pypto.assemble %dots into %{name}_raw_store[%trow, %c0] valid [%c1, %c{HC_MULT}] : {row} into {ty('?', HC_PAD, 'f32')}",
        "}",
    )


def comb_group(g):
    """Group g of the comb gate (mixes columns 8 + 4g ..), then its softmax
    over the 4 valid columns; the pad columns leave as zeros."""
    tile = ty(COMB_T_TILE, HC_PAD, "f32")
    col = ty(COMB_T_TILE, 1, "f32")
    off = 2 * HC_MULT + g * HC_MULT
    return lines(
        "      ",
        f"%mix_g{g} = pypto.slice %mixes_raw[%t0, %c{off}] [{COMB_T_TILE}, {HC_PAD}] valid [%c{COMB_T_TILE}, %c{HC_MULT}] : {ty('?', MIX_PAD, 'f32')} -> {tile}",
        f"%cb{g} = pypto.slice %hc_base_2d[%c0, %c{off}] [1, {HC_PAD}] valid [%c1, %c{HC_MULT}] : {ty(1, MIX_HC, 'f32')} -> {ty(1, HC_PAD, 'f32')}",
        f"%inv_g{g} = pypto.row_expand_mul %mix_g{g}, %inv_col : {tile}, {col}",
        f"%scaled_g{g} = pypto.muls %inv_g{g}, %scale2 : {tile}, f32",
        f"%row{g} = pypto.col_expand_add %scaled_g{g}, %cb{g} : {tile}, {ty(1, HC_PAD, 'f32')}",
        f"%row{g}_p = pypto.fillpad %row{g} valid [%c{COMB_T_TILE}, %c{HC_MULT}] pad min : {tile} -> {tile}",
        f"%row{g}_max = pypto.row_max %row{g}_p : {tile}",
        f"%row{g}_sub = pypto.row_expand_sub %row{g}_p, %row{g}_max : {tile}, {col}",
        f"%row{g}_exp = pypto.exp %row{g}_sub : {tile}",
        f"%row{g}_sum = pypto.row_sum %row{g}_exp : {tile}",
        f"%row{g}_div = pypto.row_expand_div %row{g}_exp, %row{g}_sum : {tile}, {col}",
        f"%row{g}_soft = pypto.adds %row{g}_div, %hc_eps : {tile}, f32",
        f"%row{g}_eff = pypto.fillpad %row{g}_soft valid [%c{COMB_T_TILE}, %c{HC_MULT}] pad zero : {tile} -> {tile}",
    )


def generate(config, T, D, tokens="?"):
    """The program; `tokens` is the token dimension of its tensor arguments
    (and of x's flat view): `?` (bound per run), or T for a caller whose
    tensors have a static token count (gen_moe.py calls the function as a
    helper on each rank's slice of its tensors)."""
    hc_dim = HC_MULT * D
    assert D % D_SPMD == 0 and D_SPMD % D_CHUNK == 0
    assert hc_dim % LINEAR_OK == 0
    k_per_split = hc_dim // LINEAR_OK
    assert k_per_split % LINEAR_K_CHUNK == 0 and hc_dim % RMS_K_CHUNK == 0
    lin_chunks = k_per_split // LINEAR_K_CHUNK
    mixx_ds = D // D_SPMD

    x_t = ty(tokens, HC_MULT, D, "f32")
    x_flat_t = ty(tokens, hc_dim, "f32")
    fn_t = ty(MIX_HC, hc_dim, "f32")
    scale_t = ty(3, "f32")
    base_t = ty(MIX_HC, "f32")
    base2_t = ty(1, MIX_HC, "f32")
    x_mixed_t = ty(tokens, D, "bf16")
    post_t = ty(tokens, HC_MULT, "f32")
    comb_t = ty(tokens, HC_MULT * HC_MULT, "f32")
    col1_t = ty("?", 1, "f32")
    mix_t = ty("?", MIX_PAD, "f32")
    pad_t = ty("?", HC_PAD, "f32")
    row8 = ty(1, T_TILE, "f32")
    col8 = ty(T_TILE, 1, "f32")
    tile8 = ty(T_TILE, HC_PAD, "f32")
    acc_t = ty(LINEAR_T_TILE, MIX_PAD, "f32")
    a_t = ty(LINEAR_T_TILE, LINEAR_K_CHUNK, "f32")
    w_t = ty(MIX_PAD, LINEAR_K_CHUNK, "f32")
    xc_t = ty(T_TILE, RMS_K_CHUNK, "f32")
    xd_t = ty(T_TILE, D_CHUNK, "f32")

    rms = lines(
        "    ",
        "// rms: the sum of squares over K fragments of 256 -> inv_rms.",
        f'pypto.spmd core_group "hc_pre_rms" blocks(%tt_n) allow_early_resolve (%t) {{',
        f"  %t0 = arith.muli %t, %c{T_TILE} : index",
    ) + tail_rows("%t0", T_TILE, "%rows", "      ") + lines(
        "    ",
        f"  %sq_init = pypto.full %zero : f32 -> {row8}",
        f"  %sq_sum = scf.for %k0 = %c0 to %c{hc_dim} step %c{RMS_K_CHUNK} iter_args(%sq = %sq_init) -> ({row8}) {{",
        f"    %x_chunk = pypto.slice %x_flat[%t0, %k0] [{T_TILE}, {RMS_K_CHUNK}] valid [%rows, %c{RMS_K_CHUNK}] : {x_flat_t} -> {xc_t}",
        f"    %x_sq = pypto.mul %x_chunk, %x_chunk : {xc_t}",
        f"    %part = pypto.row_sum %x_sq : {xc_t}",
        f"    %part_row = pypto.reshape %part : {col8} -> {row8}",
        f"    %next = pypto.add %sq, %part_row : {row8}",
        f"    scf.yield %next : {row8}",
        '  } {pypto.loop = "pipeline"}',
        f"  %mean = pypto.muls %sq_sum, %hc_dim_inv : {row8}, f32",
        f"  %shifted = pypto.adds %mean, %norm_eps : {row8}, f32",
        "  // pypto-lib: rsqrt(..., high_precision=True)",
        f"  %inv = pypto.rsqrt %shifted : {row8}",
        f"  %inv_col = pypto.reshape %inv : {row8} -> {col8}",
        f"  pypto.assemble %inv_col into %inv_rms[%t0, %c0] valid [%rows, %c1] : {col8} into {col1_t}",
        "}",
    )

    linear = lines(
        "    ",
        "// linear: split-K partials of x_flat @ hc_fn^T, a 16-row tile and a",
        f"// quarter of K ({k_per_split}) a block; hc_fn's 24 rows in a 32-row window read",
        "// transposed. Rows past the tokens and columns 24..31 are undefined and",
        "// stay out of the partials.",
        f'pypto.spmd core_group "hc_pre_linear" blocks(%lin_n) allow_early_resolve (%task) {{',
        f"  %row_block = arith.divsi %task, %c{LINEAR_OK} : index",
        f"  %split = arith.remsi %task, %c{LINEAR_OK} : index",
        f"  %t0 = arith.muli %row_block, %c{LINEAR_T_TILE} : index",
        f"  %k_base = arith.muli %split, %c{k_per_split} : index",
    ) + tail_rows("%t0", LINEAR_T_TILE, "%t_rows", "      ") + lines(
        "    ",
        f"  %init = pypto.full %zero : f32 -> {acc_t}",
        f"  %acc = scf.for %kb = %c0 to %c{lin_chunks} step %c1 iter_args(%sum = %init) -> ({acc_t}) {{",
        f"    %kk = arith.muli %kb, %c{LINEAR_K_CHUNK} : index",
        "    %k0 = arith.addi %k_base, %kk : index",
        f"    %a = pypto.slice %x_flat[%t0, %k0] [{LINEAR_T_TILE}, {LINEAR_K_CHUNK}] valid [%t_rows, %c{LINEAR_K_CHUNK}] : {x_flat_t} -> {a_t}",
        f"    %w = pypto.slice %hc_fn[%c0, %k0] [{MIX_PAD}, {LINEAR_K_CHUNK}] valid [%c{MIX_HC}, %c{LINEAR_K_CHUNK}] : {fn_t} -> {w_t}",
        "    %first = arith.cmpi eq, %kb, %c0 : index",
        f"    %next = scf.if %first -> ({acc_t}) {{",
        f"      %m = pypto.matmul %a, %w {{b_trans}} : {a_t}, {w_t}",
        f"      scf.yield %m : {acc_t}",
        "    } else {",
        f"      %m = pypto.matmul_acc %sum, %a, %w {{b_trans}} : {a_t}, {w_t}",
        f"      scf.yield %m : {acc_t}",
        "    }",
        f"    scf.yield %next : {acc_t}",
        '  } {pypto.loop = "pipeline"}',
        "  %part_base = arith.muli %split, %t_linear : index",
        "  %part_row = arith.addi %part_base, %t0 : index",
        f"  pypto.assemble %acc into %mixes_partials[%part_row, %c0] valid [%t_rows, %c{MIX_HC}] : {acc_t} into {mix_t}",
        "}",
    )

    reduce = lines(
        "    ",
        "// linear reduce: the 4 partials added in ascending split order.",
        f'pypto.spmd core_group "hc_pre_linear_reduce" blocks(%lin_tiles) allow_early_resolve (%linear_block) {{',
        f"  %t0 = arith.muli %linear_block, %c{LINEAR_T_TILE} : index",
    ) + tail_rows("%t0", LINEAR_T_TILE, "%t_rows", "      ") + lines(
        "    ",
        f"  %first = pypto.slice %mixes_partials[%t0, %c0] [{LINEAR_T_TILE}, {MIX_PAD}] valid [%t_rows, %c{MIX_HC}] : {mix_t} -> {acc_t}",
        f"  %total = scf.for %s = %c1 to %c{LINEAR_OK} step %c1 iter_args(%tot = %first) -> ({acc_t}) {{",
        "    %p_base = arith.muli %s, %t_linear : index",
        "    %p_row = arith.addi %p_base, %t0 : index",
        f"    %p = pypto.slice %mixes_partials[%p_row, %c0] [{LINEAR_T_TILE}, {MIX_PAD}] valid [%t_rows, %c{MIX_HC}] : {mix_t} -> {acc_t}",
        f"    %next = pypto.add %tot, %p : {acc_t}",
        f"    scf.yield %next : {acc_t}",
        '  } {pypto.loop = "range"}',
        f"  pypto.assemble %total into %mixes_raw[%t0, %c0] valid [%t_rows, %c{MIX_HC}] : {acc_t} into {mix_t}",
        "}",
    )

    pre_dots = vector_dots("pre", 0, hc_dim, x_flat_t, fn_t)
    post_dots = vector_dots("post", HC_MULT, hc_dim, x_flat_t, fn_t)

    split = lines(
        "    ",
        "// split_pre_post: the pre gate, stored transposed (pre_t_store row",
        "// t0 + h holds pre[t0 .. t0 + 7, h]) for mix_x, and the post gate.",
        f'pypto.spmd core_group "split_pre_post" blocks(%tt_n) allow_early_resolve (%ob) {{',
        f"  %t0 = arith.muli %ob, %c{T_TILE} : index",
    ) + tail_rows("%t0", T_TILE, "%rows", "      ") + lines(
        "    ",
        f"  %scale0 = pypto.read %hc_scale[%c0] : {scale_t} -> f32",
        f"  %scale1 = pypto.read %hc_scale[%c1] : {scale_t} -> f32",
        f"  %inv = pypto.slice %inv_rms[%t0, %c0] [{T_TILE}, 1] : {col1_t} -> {col8}",
        f"  %pre_base = pypto.slice %hc_base_2d[%c0, %c0] [1, {HC_PAD}] : {base2_t} -> {ty(1, HC_PAD, 'f32')}",
        f"  %pre_mixes = pypto.slice %pre_raw_store[%t0, %c0] [{T_TILE}, {HC_PAD}] valid [%c{T_TILE}, %c{HC_MULT}] : {pad_t} -> {tile8}",
        f"  %pre_inv = pypto.row_expand_mul %pre_mixes, %inv : {tile8}, {col8}",
        f"  %pre_scaled = pypto.muls %pre_inv, %scale0 : {tile8}, f32",
        f"  %pre_logits = pypto.col_expand_add %pre_scaled, %pre_base : {tile8}, {ty(1, HC_PAD, 'f32')}",
    ) + sigmoid("%pre_logits", "%pre_sig", tile8, "      ") + lines(
        "    ",
        f"  %pre_val = pypto.adds %pre_sig, %hc_eps : {tile8}, f32",
        f"  %pre_t = pypto.transpose %pre_val : {tile8}",
        f"  pypto.assemble %pre_t into %pre_t_store[%t0, %c0] valid [%c{HC_MULT}, %rows] : {tile8} into {pad_t}",
        f"  %post_base = pypto.slice %hc_base_2d[%c0, %c{HC_MULT}] [1, {HC_PAD}] : {base2_t} -> {ty(1, HC_PAD, 'f32')}",
        f"  %post_mixes = pypto.slice %post_raw_store[%t0, %c0] [{T_TILE}, {HC_PAD}] valid [%c{T_TILE}, %c{HC_MULT}] : {pad_t} -> {tile8}",
        f"  %post_inv = pypto.row_expand_mul %post_mixes, %inv : {tile8}, {col8}",
        f"  %post_scaled = pypto.muls %post_inv, %scale1 : {tile8}, f32",
        f"  %post_logits = pypto.col_expand_add %post_scaled, %post_base : {tile8}, {ty(1, HC_PAD, 'f32')}",
    ) + sigmoid("%post_logits", "%post_sig", tile8, "      ") + lines(
        "    ",
        f"  %post_val = pypto.muls %post_sig, %two : {tile8}, f32",
        f"  pypto.assemble %post_val into %post[%t0, %c0] valid [%rows, %c{HC_MULT}] : {tile8} into {post_t}",
        "}",
    )

    iter_args = ", ".join(f"%a{g} = %cur{g}" for g in range(HC_MULT))
    tiles4 = ", ".join([tile8] * HC_MULT)
    sinkhorn_iter = lines(
        "        ",
        *[f"%rs{g} = pypto.row_sum %a{g} : {tile8}" for g in range(HC_MULT)],
        *[f"%rse{g} = pypto.adds %rs{g}, %hc_eps : {col8}, f32" for g in range(HC_MULT)],
        *[f"%n{g} = pypto.row_expand_div %a{g}, %rse{g} : {tile8}, {col8}" for g in range(HC_MULT)],
        f"%ns01 = pypto.add %n0, %n1 : {tile8}",
        f"%ns23 = pypto.add %n2, %n3 : {tile8}",
        f"%ns = pypto.add %ns01, %ns23 : {tile8}",
        f"%nse = pypto.adds %ns, %hc_eps : {tile8}, f32",
        *[f"%b{g} = pypto.div %n{g}, %nse : {tile8}" for g in range(HC_MULT)],
        "scf.yield " + ", ".join(f"%b{g}" for g in range(HC_MULT)) + f" : {tiles4}",
    )
    comb = lines(
        "    ",
        "// comb_sinkhorn: the comb gate straight from mixes_raw, in 4 groups",
        "// (the rows of each token's 4x4 block) of 4 valid columns in 8-wide",
        f"// tiles; softmax, a column normalisation, then {HC_SINKHORN_ITER - 1} row-then-column ones.",
        f'pypto.spmd core_group "comb_sinkhorn" blocks(%tt_n) allow_early_resolve (%ob) {{',
        f"  %t0 = arith.muli %ob, %c{COMB_T_TILE} : index",
    ) + tail_rows("%t0", COMB_T_TILE, "%rows", "      ") + lines(
        "    ",
        f"  %scale2 = pypto.read %hc_scale[%c2] : {scale_t} -> f32",
        f"  %inv_col = pypto.slice %inv_rms[%t0, %c0] [{COMB_T_TILE}, 1] : {col1_t} -> {col8}",
    ) + "".join(comb_group(g) for g in range(HC_MULT)) + lines(
        "    ",
        f"  %cs01 = pypto.add %row0_eff, %row1_eff : {tile8}",
        f"  %cs23 = pypto.add %row2_eff, %row3_eff : {tile8}",
        f"  %cs = pypto.add %cs01, %cs23 : {tile8}",
        f"  %cse = pypto.adds %cs, %hc_eps : {tile8}, f32",
        *[f"  %cur{g} = pypto.div %row{g}_eff, %cse : {tile8}" for g in range(HC_MULT)],
        "  %fin:4 = scf.for %it = %c0 to %c_sk_iters step %c1",
        f"      iter_args({iter_args}) -> ({tiles4}) {{",
    ) + sinkhorn_iter + lines(
        "    ",
        '  } {pypto.loop = "pipeline"}',
        *[f"  pypto.assemble %fin#{g} into %comb[%t0, %c{g * HC_MULT}] valid [%rows, %c{HC_MULT}] : {tile8} into {comb_t}"
          for g in range(HC_MULT)],
        "}",
    )

    mix_x = lines(
        "    ",
        f"// mix_x: x_mixed = sum_h pre[:, h] * x[:, h, :], a token tile and {D_SPMD}",
        f"// columns a block ({mixx_ds} blocks a tile), {D_CHUNK} columns a step.",
        f'pypto.spmd core_group "mix_x" blocks(%mixx_n) allow_early_resolve (%blk) {{',
        f"  %tile = arith.divsi %blk, %c{mixx_ds} : index",
        f"  %dsplit = arith.remsi %blk, %c{mixx_ds} : index",
        f"  %t0 = arith.muli %tile, %c{T_TILE} : index",
        f"  %d_base = arith.muli %dsplit, %c{D_SPMD} : index",
    ) + tail_rows("%t0", T_TILE, "%rows", "      ") + lines(
        "    ",
        *[line for h in range(HC_MULT) for line in (
            f"  %pre_r{h} = arith.addi %t0, %c{h} : index" if h else None,
            f"  %pre_row{h} = pypto.slice %pre_t_store[{'%pre_r' + str(h) if h else '%t0'}, %c0] [1, {T_TILE}] : {pad_t} -> {row8}",
            f"  %pre{h} = pypto.reshape %pre_row{h} : {row8} -> {col8}",
        )],
        f"  scf.for %db = %c0 to %c{D_SPMD} step %c{D_CHUNK} {{",
        "    %d0 = arith.addi %d_base, %db : index",
        *[line for h in range(HC_MULT) for line in (
            f"    %xd{h} = arith.addi %d0, %c{h * D} : index" if h else None,
            f"    %x{h} = pypto.slice %x_flat[%t0, {'%xd' + str(h) if h else '%d0'}] [{T_TILE}, {D_CHUNK}] valid [%rows, %c{D_CHUNK}] : {x_flat_t} -> {xd_t}",
            f"    %y{h} = pypto.row_expand_mul %x{h}, %pre{h} : {xd_t}, {col8}",
        )],
        f"    %y01 = pypto.add %y0, %y1 : {xd_t}",
        f"    %y23 = pypto.add %y2, %y3 : {xd_t}",
        f"    %y = pypto.add %y01, %y23 : {xd_t}",
        f"    %y_bf16 = pypto.cast %y round rint : {xd_t} -> {ty(T_TILE, D_CHUNK, 'bf16')}",
        f"    pypto.assemble %y_bf16 into %x_mixed[%t0, %d0] valid [%rows, %c{D_CHUNK}] : {ty(T_TILE, D_CHUNK, 'bf16')} into {x_mixed_t}",
        '  } {pypto.loop = "pipeline"}',
        "}",
    )

    group_cols = [2 * HC_MULT + g * HC_MULT for g in range(HC_MULT)]
    comb_cols = [g * HC_MULT for g in range(HC_MULT)]
    consts = sorted({0, 1, 2, HC_MULT, T_TILE, COMB_T_TILE, LINEAR_T_TILE,
                     MIX_HC, LINEAR_OK, RMS_K_CHUNK, LINEAR_K_CHUNK, D_CHUNK,
                     D_SPMD, lin_chunks, k_per_split, hc_dim, mixx_ds,
                     *range(HC_MULT), *group_cols, *comb_cols,
                     *(h * D for h in range(HC_MULT))})
    const_lines = "".join(f"\n    %c{c} = arith.constant {c} : index" for c in consts)

    return f"""\
// GENERATED by models/deepseek_v4_pro/gen_hc_pre.py --config {config}; do not edit.
//
// DeepSeek-V4 Hyper-Connections pre-mix, ported from pypto-lib's
// models/deepseek_v4_pro/hc_pre.py, its default separate-task path
// (`_hc_pre_separate`): hidden {D} (pypto-lib's pro preset: 7168, `--config
// full`), {HC_MULT} streams, {MIX_HC} mixes, {HC_SINKHORN_ITER} Sinkhorn iterations. The token count
// T is a run-time dimension ({T} by default: the cube's 16-row tiles and
// the last 8-row vector tile are tails; any T runs, e.g. `--shape
// x=8x{HC_MULT}x{D} --shape x_mixed=8x{D} --shape post=8x{HC_MULT} --shape comb=8x{HC_MULT * HC_MULT}`). With
// x_flat = x viewed as [T, {hc_dim}]:
//
// 1. hc_pre_rms, a block per 8 tokens: inv_rms = rsqrt(sum(x_flat^2) / {hc_dim} + 1e-6),
//    the sum over K fragments of {RMS_K_CHUNK};
// 2. hc_pre_linear, a block per 16-token tile and quarter of K: split-K
//    partials of x_flat @ hc_fn^T on the cube (K steps of {LINEAR_K_CHUNK}, the first
//    on the `kb == 0` branch), hc_fn's {MIX_HC} rows read transposed in a
//    {MIX_PAD}-row window; hc_pre_linear_reduce adds the 4 partials in order
//    into mixes_raw;
// 3. hc_pre_pre_linear_vector / hc_pre_post_linear_vector, a block per
//    token: the dots of its row with hc_fn rows 0..3 / 4..7 on the vector
//    core, K fragments of {LINEAR_K_CHUNK} accumulated in order;
// 4. split_pre_post, a block per 8 tokens: pre = sigmoid(pre_raw * inv_rms
//    * s0 + base[0:4]) + 1e-6 (stored transposed for mix_x) and post =
//    2 * sigmoid(post_raw * inv_rms * s1 + base[4:8]);
// 5. comb_sinkhorn, a block per 8 tokens: comb = mixes_raw[:, 8:24] *
//    inv_rms * s2 + base[8:24] as 4 groups of 4 columns in 8-wide tiles
//    (pad columns -inf, then 0), softmax + 1e-6, a column normalisation and
//    {HC_SINKHORN_ITER - 1} row-then-column normalisations (each sum + 1e-6);
// 6. mix_x, a block per 8 tokens and {D_SPMD} columns: x_mixed =
//    bf16(sum_h pre[:, h] * x[:, h, :]), rounded to nearest even.
//
// The tiles past the tokens (and hc_fn's window past its {MIX_HC} rows) are
// tails: their extra rows and columns are undefined, never stored, and the
// valid parts of the scratch tensors are all that later tasks use.
//
// What the port changes: pypto-lib requires T to be a multiple of 8 (its
// vector tasks take T // 8 tiles); here they take ceil(T / 8), the last a
// tail. Its per-token dots assemble four 1x1 row sums into an 8x8 tile and
// transpose it; here hc_fn's 4 rows are multiplied by the token's row
// broadcast (col_expand_mul), summed per row and the 8x1 column viewed as
// a row. mix_x's pre columns, rows of a transposed tile computed in the
// kernel in pypto-lib, are rows of a GM scratch (pre_t_store) that
// split_pre_post writes transposed (pypto-lib's pre_val_store). Valid
// shapes are given on the slices and assembles (pypto-lib's set_validshape
// and load valid_shape); the high-precision rsqrt is the plain one. hc_scale
// is read in the kernels that use it (pypto-lib: in the orchestration).
// Inputs: pypto-lib's: x and hc_fn drawn (randn * {X_SCALE}, randn * {FN_SCALE}),
// hc_scale and hc_base its fixed values.
//
// Tolerance: pypto-lib's, rtol = atol = 1e-3, with its comparators: x_mixed
// at most 0.5% of the points off by more than 1e-4 + 2^-7 relative, post
// and comb by more than 2.5e-5 + 5e-3 relative.
module @hc_pre attributes {{pypto.golden = "hc_pre.golden.py",
                           pypto.rtol = 1.0e-3 : f64,
                           pypto.atol = 1.0e-3 : f64}} {{
  func.func @hc_pre(
      %x: {x_t} {{pypto.init = "randn", pypto.init_scale = {X_SCALE} : f64, pypto.shape = array<i64: {T}, {HC_MULT}, {D}>}},
      %hc_fn: {fn_t} {{pypto.init = "randn", pypto.init_scale = {FN_SCALE} : f64}},
      %hc_scale: {scale_t} {{pypto.init = {dense(HC_SCALE)}}},
      %hc_base: {base_t} {{pypto.init = {dense(HC_BASE)}}},
      %x_mixed: {x_mixed_t} {{pypto.dir = "out", pypto.shape = array<i64: {T}, {D}>, pypto.compare = "ratio_allclose(atol=1e-4, rtol=0.0078125)"}},
      %post: {post_t} {{pypto.dir = "out", pypto.shape = array<i64: {T}, {HC_MULT}>, pypto.compare = "ratio_allclose(atol=2.5e-5, rtol=5e-3)"}},
      %comb: {comb_t} {{pypto.dir = "out", pypto.shape = array<i64: {T}, {HC_MULT * HC_MULT}>, pypto.compare = "ratio_allclose(atol=2.5e-5, rtol=5e-3)"}}) {{{const_lines}
    %c_sk_iters = arith.constant {HC_SINKHORN_ITER - 1} : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %hc_eps = arith.constant {flt(HC_EPS)} : f32
    %norm_eps = arith.constant {flt(NORM_EPS)} : f32
    %hc_dim_inv = arith.constant {flt(1.0 / hc_dim)} : f32

    %t_dim = pypto.dim %x, 0 : {x_t}
    %x_flat = pypto.reshape %x : {x_t} -> {x_flat_t}
    %hc_base_2d = pypto.reshape %hc_base : {base_t} -> {base2_t}
    // t_linear: T rounded up to whole 16-row cube tiles
    %lin_tiles = arith.ceildivsi %t_dim, %c{LINEAR_T_TILE} : index
    %t_linear = arith.muli %lin_tiles, %c{LINEAR_T_TILE} : index
    %partial_rows = arith.muli %t_linear, %c{LINEAR_OK} : index
    %tt_n = arith.ceildivsi %t_dim, %c{T_TILE} : index
    %lin_n = arith.muli %lin_tiles, %c{LINEAR_OK} : index
    %mixx_n = arith.muli %tt_n, %c{mixx_ds} : index

    // Scratch between the tasks, sized by t_linear as in pypto-lib; only
    // the rows of the tokens (and the columns below) are ever written.
    %inv_rms = pypto.create_tensor(%t_linear) : {col1_t}
    %mixes_partials = pypto.create_tensor(%partial_rows) : {mix_t}
    %mixes_raw = pypto.create_tensor(%t_linear) : {mix_t}
    %pre_raw_store = pypto.create_tensor(%t_linear) : {pad_t}
    %post_raw_store = pypto.create_tensor(%t_linear) : {pad_t}
    %pre_t_store = pypto.create_tensor(%t_linear) : {pad_t}
{rms}
{linear}
{reduce}

    // The pre and post projections on the vector cores, one token a block.{pre_dots}
{post_dots}
{split}
{comb}
{mix_x}
    return
  }}
}}
"""


def main():
    args = command_line(__doc__, CONFIGS)
    write_program(generate(args.config, **CONFIGS[args.config]), args.output)


if __name__ == "__main__":
    main()
