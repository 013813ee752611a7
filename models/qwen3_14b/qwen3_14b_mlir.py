"""MLIR pieces the Qwen3-14B generators (gen_decode_fwd.py,
gen_prefill_fwd.py) share. Python 3 standard library only."""


def T(*dims_dtype):
    """The tensor type of the given dimensions and element type."""
    *dims, dt = dims_dtype
    return "!pypto.tensor<" + "x".join(str(d) for d in dims) + "x" + dt + ">"


def mm(p, act, act_t, arow, acol0, w, w_t, wrow0, wcol, K, TKk, TNn, M,
       b_trans=False, loop="pipeline"):
    """%{p}_acc = act[arow:+M, acol0:+K] @ w[wrow0:+K, wcol:+TNn] (f32),
    a peeled first matmul and a K loop; with b_trans, w is [N, K]."""
    wsh = f"[{TNn}, {TKk}]" if b_trans else f"[{TKk}, {TNn}]"
    wty = T(TNn, TKk, "bf16") if b_trans else T(TKk, TNn, "bf16")
    bt = " {b_trans}" if b_trans else ""

    def wslice(res, r_or_k):
        if b_trans:
            return f"%{res} = pypto.slice %{w}[{wrow0}, {r_or_k}] {wsh} : {w_t} -> {wty}"
        return f"%{res} = pypto.slice %{w}[{r_or_k}, {wcol}] {wsh} : {w_t} -> {wty}"
    a_t = T(M, TKk, "bf16")
    o_t = T(M, TNn, "f32")
    s = f"""
          %{p}_wr0 = arith.addi {wrow0 if not b_trans else acol0}, %c0 : index
          %{p}_a0 = pypto.slice %{act}[{arow}, {acol0}] [{M}, {TKk}] : {act_t} -> {a_t}
          {wslice(p + '_w0', '%' + p + '_wr0' if not b_trans else acol0)}
          %{p}_first = pypto.matmul %{p}_a0, %{p}_w0{bt} : {a_t}, {wty} -> {o_t}"""
    if K > TKk:
        s += f"""
          %{p}_acc = scf.for %{p}_kk = %{p}_c{TKk} to %{p}_c{K} step %{p}_c{TKk}
              iter_args(%{p}_s = %{p}_first) -> ({o_t}) {{
            %{p}_ak = arith.addi {acol0}, %{p}_kk : index
            %{p}_wk = arith.addi {wrow0 if not b_trans else acol0}, %{p}_kk : index
            %{p}_a = pypto.slice %{act}[{arow}, %{p}_ak] [{M}, {TKk}] : {act_t} -> {a_t}
            {wslice(p + '_w', '%' + p + '_wk')}
            %{p}_m = pypto.matmul_acc %{p}_s, %{p}_a, %{p}_w{bt} : {a_t}, {wty} -> {o_t}
            scf.yield %{p}_m : {o_t}
          }} {{pypto.loop = "{loop}"}}"""
        s = (f"""
          %{p}_c{TKk} = arith.constant {TKk} : index
          %{p}_c{K} = arith.constant {K} : index""" if TKk != K else "") + s
    else:
        s += f"""
          %{p}_acc = arith.addi %c0, %c0 : index"""  # placeholder, replaced below
        s = s.replace(f"""
          %{p}_acc = arith.addi %c0, %c0 : index""", "").replace(f"%{p}_first =", f"%{p}_acc =")
    return s


def qk_norm_rope(p, src, src_t, row, col, wname, dst, dst_t, dst_row, D, c64,
                 prescale=None, weight_first=True):
    """pypto-lib's QK-norm and half-split RoPE of src[row, col:+D] into dst
    (bf16): x = src[...] (times the scalar `prescale` when given: decode's
    deferred 1/rms), x * w * 1/sqrt(mean(x^2) + eps), rotated by %cos_lo,
    %cos_hi, %sin_lo, %sin_hi. `weight_first`: (x * w) * inv (decode's
    order), otherwise (x * inv) * w (prefill's). Needs %inv_d and %eps;
    the weight halves are %{wname}_lo and %{wname}_hi; `c64` names the
    index constant 64."""
    h = D // 2
    r = T(1, h, "f32")
    rb = T(1, h, "bf16")
    row_t = T(1, D, "f32")
    one = T(1, 1, "f32")
    s = f"""
            %{p}_row = pypto.slice %{src}[{row}, {col}] [1, {D}] : {src_t} -> {row_t}"""
    if prescale is not None:
        s += f"""
            %{p}_x = pypto.muls %{p}_row, {prescale} : {row_t}, f32"""
        x = f"%{p}_x"
    else:
        x = f"%{p}_row"
    s += f"""
            %{p}_sq = pypto.mul {x}, {x} : {row_t}
            %{p}_ss = pypto.row_sum %{p}_sq : {row_t} -> {one}
            %{p}_ms = pypto.muls %{p}_ss, %inv_d : {one}, f32
            %{p}_me = pypto.adds %{p}_ms, %eps : {one}, f32
            %{p}_rt = pypto.sqrt %{p}_me : {one}
            %{p}_inv = pypto.recip %{p}_rt : {one}
            %{p}_col_hi = arith.addi {col}, {c64} : index
            %{p}_lo0 = pypto.slice %{src}[{row}, {col}] [1, {h}] : {src_t} -> {r}
            %{p}_hi0 = pypto.slice %{src}[{row}, %{p}_col_hi] [1, {h}] : {src_t} -> {r}"""
    if weight_first:
        if prescale is not None:
            s += f"""
            %{p}_lo1 = pypto.muls %{p}_lo0, {prescale} : {r}, f32
            %{p}_hi1 = pypto.muls %{p}_hi0, {prescale} : {r}, f32"""
            lo, hi = f"%{p}_lo1", f"%{p}_hi1"
        else:
            lo, hi = f"%{p}_lo0", f"%{p}_hi0"
        s += f"""
            %{p}_lo2 = pypto.mul {lo}, %{wname}_lo : {r}
            %{p}_hi2 = pypto.mul {hi}, %{wname}_hi : {r}
            %{p}_lo = pypto.row_expand_mul %{p}_lo2, %{p}_inv : {r}, {one}
            %{p}_hi = pypto.row_expand_mul %{p}_hi2, %{p}_inv : {r}, {one}"""
    else:
        assert prescale is None
        s += f"""
            %{p}_lo1 = pypto.row_expand_mul %{p}_lo0, %{p}_inv : {r}, {one}
            %{p}_hi1 = pypto.row_expand_mul %{p}_hi0, %{p}_inv : {r}, {one}
            %{p}_lo = pypto.mul %{p}_lo1, %{wname}_lo : {r}
            %{p}_hi = pypto.mul %{p}_hi1, %{wname}_hi : {r}"""
    s += f"""
            %{p}_a = pypto.mul %{p}_lo, %cos_lo : {r}
            %{p}_b = pypto.mul %{p}_hi, %sin_lo : {r}
            %{p}_new_lo = pypto.sub %{p}_a, %{p}_b : {r}
            %{p}_c = pypto.mul %{p}_hi, %cos_hi : {r}
            %{p}_d = pypto.mul %{p}_lo, %sin_hi : {r}
            %{p}_new_hi = pypto.add %{p}_c, %{p}_d : {r}
            %{p}_lo_b = pypto.cast %{p}_new_lo : {r} -> {rb}
            %{p}_hi_b = pypto.cast %{p}_new_hi : {r} -> {rb}
            %{p}_dcol_hi = arith.addi {dst_row[1]}, {c64} : index
            pypto.assemble %{p}_lo_b into %{dst}[{dst_row[0]}, {dst_row[1]}] : {rb} into {dst_t}
            pypto.assemble %{p}_hi_b into %{dst}[{dst_row[0]}, %{p}_dcol_hi] : {rb} into {dst_t}"""
    return s
