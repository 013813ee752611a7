# Reference for prefill_fwd.mlir (any configuration of gen_prefill_fwd.py): pypto-lib's
# qwen3_14b prefill_fwd over a packed chunk, computed as the kernels compute it. Row b's
# chunk_lens[b] tokens start at token chunk_offsets[b] of the packed chunk, at positions
# seq_lens[b] - chunk_lens[b] + j (earlier positions are in the cache). Per layer: the input
# RMSNorm (1 / sqrt, bf16 into the projections), Q/K/V, per-head QK-norm ((x * inv) * w)
# and RoPE, every token's K/V into the paged cache at its slot (in place: the caches are
# compared), causal attention over the cached context in blocks of 128 with an online
# softmax (p rounded to bf16, l summed over the rounded p), the output projection and
# residual, the post RMSNorm, SwiGLU, the down projection added onto the residual band by
# band, the residual rounded to bf16 between layers; then each row's last token, the final
# RMSNorm (rsqrt) and the LM head. Writing every token's cache rows before any token's
# attention is the kernels' order too: no token reads a row a later token writes.


def bf(x: Tensor) -> Tensor:
    return x.to(torch.bfloat16).float()


def inv_rms(x: Tensor) -> Tensor:
    return torch.reciprocal(torch.sqrt(x.pow(2).sum(-1, keepdim=True) * (1.0 / x.shape[-1]) + 1e-6))


def rope(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    h = x.shape[-1] // 2
    lo = x[..., :h] * cos[:h] - x[..., h:] * sin[:h]
    hi = x[..., h:] * cos[h:] + x[..., :h] * sin[h:]
    return torch.cat([lo, hi], dim=-1)


def golden(values: Dict[str, Tensor]):
    D = 128
    BS = 128
    QPK = 5
    ids = values["input_ids"]
    slots = values["slot_mapping"]
    bt = values["block_table"]
    seq_lens = values["seq_lens"]
    chunk_lens = values["chunk_lens"]
    offs = values["chunk_offsets"]
    g_in = values["input_rms_weight"].float()
    B = seq_lens.shape[0]
    T = ids.shape[0]
    L = g_in.shape[0]
    H = g_in.shape[1]
    KVD = values["wk"].shape[1]
    KVH = KVD // D
    INTER = values["w_gate"].shape[1]
    BW = INTER // 2                          # the MLP's two bands
    MAXB = bt.shape[0] // B
    scale = 1.0 / (D ** 0.5)
    kp = values["k_cache"].view(-1, KVD)     # rows: layer * LROWS + slot
    vp = values["v_cache"].view(-1, KVD)
    LROWS = kp.shape[0] // L

    x = torch.index_select(values["embed_weight"], 0, ids.long()).float()
    for l in range(L):
        normed = bf(x * inv_rms(x) * g_in[l])
        q = normed @ values["wq"][l * H:(l + 1) * H].float()
        k = normed @ values["wk"][l * H:(l + 1) * H].float()
        v = normed @ values["wv"][l * H:(l + 1) * H].float()
        qn = values["q_norm_weight"][l].float()
        kn = values["k_norm_weight"][l].float()
        qr = torch.zeros(T, H)
        for b in range(B):
            n = int(chunk_lens[b].item())
            start = int(seq_lens[b].item()) - n
            for j in range(n):
                t = int(offs[b].item()) + j
                cos = values["rope_cos"][start + j]
                sin = values["rope_sin"][start + j]
                row = l * LROWS + int(slots[t].item())
                for h in range(KVH):
                    c0 = h * D
                    kx = k[t, c0:c0 + D]
                    kp[row, c0:c0 + D] = rope(kx * inv_rms(kx) * kn, cos, sin).to(torch.bfloat16)
                    vp[row, c0:c0 + D] = v[t, c0:c0 + D].to(torch.bfloat16)
                    qx = q[t, c0 * QPK:(c0 + D) * QPK].reshape(QPK, D)
                    qr[t, c0 * QPK:(c0 + D) * QPK] = bf(rope(qx * inv_rms(qx) * qn, cos, sin)).reshape(QPK * D)
        attn = torch.zeros(T, H)
        for b in range(B):
            n = int(chunk_lens[b].item())
            start = int(seq_lens[b].item()) - n
            for j in range(n):
                t = int(offs[b].item()) + j
                ctx = start + j + 1
                for h in range(KVH):
                    c0 = h * D
                    qh = qr[t, c0 * QPK:(c0 + D) * QPK].reshape(QPK, D)
                    m = torch.full([QPK, 1], float("-inf"))
                    lsum = torch.zeros(QPK, 1)
                    o = torch.zeros(QPK, D)
                    for s0 in range(0, ctx, BS):
                        nk = min(BS, ctx - s0)
                        r0 = l * LROWS + int(bt[b * MAXB + s0 // BS].item()) * BS
                        s = (qh @ kp[r0:r0 + nk, c0:c0 + D].float().t()) * scale
                        mb = s.max(dim=-1, keepdim=True)[0]
                        p = bf(torch.exp(s - mb))
                        lb = p.sum(dim=-1, keepdim=True)
                        ob = p @ vp[r0:r0 + nk, c0:c0 + D].float()
                        mn = torch.maximum(m, mb)
                        alpha = torch.exp(m - mn)
                        beta = torch.exp(mb - mn)
                        lsum = alpha * lsum + beta * lb
                        o = alpha * o + beta * ob
                        m = mn
                    attn[t, c0 * QPK:(c0 + D) * QPK] = bf(o / lsum).reshape(QPK * D)
        h1 = x + attn @ values["wo"][l * H:(l + 1) * H].float()
        mlp_in = bf(h1 * inv_rms(h1) * values["post_rms_weight"][l].float())
        g = mlp_in @ values["w_gate"][l * H:(l + 1) * H].float()
        u = mlp_in @ values["w_up"][l * H:(l + 1) * H].float()
        mlp = bf(g * torch.reciprocal(torch.exp(-g) + 1.0) * u)
        wd = values["w_down"][l * INTER:(l + 1) * INTER].float()
        x = bf(h1 + mlp[:, :BW] @ wd[:BW] + mlp[:, BW:] @ wd[BW:])
    fh = torch.zeros(B, H)
    for b in range(B):
        n = int(chunk_lens[b].item())
        if n > 0:
            fh[b] = x[int(offs[b].item()) + n - 1]
    finv = torch.rsqrt(fh.pow(2).sum(-1, keepdim=True) * (1.0 / H) + 1e-6)
    fn = bf(fh * finv * values["final_norm_weight"].float())
    values["out"][:] = fn @ values["lm_head_weight"].float().t()
