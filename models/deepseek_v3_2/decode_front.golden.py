# Reference for decode_front.mlir (any configuration of gen_front.py):
# pypto-lib's golden_decode_front_scope1234 written as the kernels compute
# it: f32 sums of bf16 products in the kernels' K chunks, bf16 roundings
# where the kernels round, 1 / sqrt for rsqrt, means as sums of x * (1/n),
# q_norm's sum of squares over the f32 qr, the index query reduced over the
# heads in head order, and the online softmax over the top-k positions in
# their sorted order (no clamp of l, which is >= 1). Writes the current
# token's cache rows, topk_idx, and this batch's rows of dispatch_buf; every
# other element keeps its input (pypto-lib zeroes dispatch_buf first).
# torch.topk ties only among the -FLT_MAX pads past the context, which
# INT32_MIN replaces.


def mm_chunks(a: Tensor, w: Tensor, k_tile: int) -> Tensor:
    acc = a[:, 0:k_tile] @ w[0:k_tile]
    for k0 in range(k_tile, a.shape[1], k_tile):
        acc = acc + a[:, k0:k0 + k_tile] @ w[k0:k0 + k_tile]
    return acc


def sum_sq(x: Tensor, k_tile: int) -> Tensor:
    acc = torch.zeros([x.shape[0], 1])
    for k0 in range(0, x.shape[1], k_tile):
        c = x[:, k0:k0 + k_tile]
        acc = acc + (c * c).sum(dim=-1, keepdim=True)
    return acc


def rope_half(lo: Tensor, hi: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    h = lo.shape[-1]
    r_lo = lo * cos[0:h] - hi * sin[0:h]
    r_hi = hi * cos[h:] + lo * sin[h:]
    return torch.cat([r_lo, r_hi], dim=-1).to(torch.bfloat16).float()


def golden(values: Dict[str, Tensor]):
    hs = values["hidden_states"].float()
    bsz = hs.shape[0]
    d = hs.shape[1]
    wq_a = values["wq_a"].float()
    q_lora = wq_a.shape[1]
    w_qn = values["w_q_nope_to_latent"].float()
    n_heads = w_qn.shape[0]
    nope = w_qn.shape[1]
    kv_lora = w_qn.shape[2]
    w_lv = values["w_latent_to_v"].float()
    cos_t = values["rope_cos"]
    sin_t = values["rope_sin"]
    max_seq = cos_t.shape[0]
    rope = cos_t.shape[1]
    half = rope // 2
    idim = values["wk_idx"].shape[1]
    iheads = values["weights_proj"].shape[1]
    topk = values["topk_idx"].shape[1]
    ep = values["dispatch_buf"].shape[0]
    seq_lens = values["seq_lens"]
    kv_cache = values["kv_cache"]
    pe_cache = values["pe_cache"]
    k_cache_idx = values["k_cache_idx"]
    dispatch = values["dispatch_buf"]
    layer_id = int(values["layer_id_t"][0].item())
    eps = 1e-6

    # Scope 1: RMSNorm, q/kv projections, q_norm, kv_norm, RoPE, cache rows.
    inv = torch.reciprocal(torch.sqrt(sum_sq(hs, 512) * (1.0 / d) + eps))
    normed = (hs * inv * values["input_rms_weight"]).to(torch.bfloat16).float()
    qr_f = mm_chunks(normed, wq_a, 512)
    q_inv = torch.reciprocal(torch.sqrt(sum_sq(qr_f, 64) * (1.0 / q_lora) + eps))
    qr = (qr_f.to(torch.bfloat16).float() * q_inv * values["q_norm_weight"]).to(torch.bfloat16).float()
    q_proj = mm_chunks(qr, values["wq_b"].float(), 64).to(torch.bfloat16).float()
    q_proj = q_proj.reshape(bsz, n_heads, nope + rope)
    kv_a = mm_chunks(normed, values["wkv_a"].float(), 512).to(torch.bfloat16).float()
    kv_rows = kv_a[:, 0:kv_lora]
    kv_inv = torch.reciprocal(torch.sqrt(sum_sq(kv_rows, kv_lora) * (1.0 / kv_lora) + eps))
    kv_normed = (kv_rows * kv_inv * values["kv_norm_weight"]).to(torch.bfloat16)
    for b in range(bsz):
        pos = int(seq_lens[b].item()) - 1
        row = b * max_seq + pos
        cos = cos_t[pos]
        sin = sin_t[pos]
        q_proj[b, :, nope:] = rope_half(q_proj[b, :, nope:nope + half], q_proj[b, :, nope + half:], cos, sin)
        kv_cache[row] = kv_normed[b]
        pe_cache[row] = rope_half(kv_a[b, kv_lora:kv_lora + half],
                                  kv_a[b, kv_lora + half:kv_lora + rope], cos, sin).to(torch.bfloat16)

    # Scope 2: indexer query and key, LayerNorm, RoPE, Hadamard, head weights.
    q_idx = mm_chunks(qr, values["wq_b_idx"].float(), 64).to(torch.bfloat16).float()
    q_idx = q_idx.reshape(bsz, iheads, idim)
    k_idx = mm_chunks(hs, values["wk_idx"].float(), 128).to(torch.bfloat16).float()
    mean = (k_idx * (1.0 / idim)).sum(dim=-1, keepdim=True)
    cen = k_idx - mean
    var = (cen * cen * (1.0 / idim)).sum(dim=-1, keepdim=True)
    k_inv = torch.reciprocal(torch.sqrt(var + eps))
    k_idx = (cen * k_inv * values["k_norm_weight"] + values["k_norm_bias"]).to(torch.bfloat16).float()
    for b in range(bsz):
        pos = int(seq_lens[b].item()) - 1
        cos = cos_t[pos]
        sin = sin_t[pos]
        q_idx[b, :, 0:rope] = rope_half(q_idx[b, :, 0:half], q_idx[b, :, half:rope], cos, sin)
        k_idx[b, 0:rope] = rope_half(k_idx[b, 0:half], k_idx[b, half:rope], cos, sin)
    q_h = (q_idx @ values["hadamard_q"].float()).to(torch.bfloat16).float()
    k_h = (k_idx @ values["hadamard_k"].float()).to(torch.bfloat16).float()
    wp = values["weights_proj"].to(torch.bfloat16).float()
    weights = mm_chunks(hs, wp, 128) * (float(iheads) ** -0.5 * float(idim) ** -0.5)
    for b in range(bsz):
        pos = int(seq_lens[b].item()) - 1
        k_cache_idx[b * max_seq + pos] = k_h[b].to(torch.bfloat16)
    acc = torch.zeros([bsz, idim])
    for h in range(iheads):
        acc = acc + q_h[:, h, :] * weights[:, h:h + 1]
    q_red = acc.to(torch.bfloat16).float()

    # Scope 3: scores over each row's context, top-k, INT32_MIN past min(topk, ctx).
    neg_max = -3.4028234663852886e38
    # The scores row is sort-length wide (-FLT_MAX past the context), as the
    # kernel's; topk_vals are the sorted scores, -FLT_MAX past the context.
    idx = torch.full([bsz, topk], -2147483648, dtype=torch.int32)
    scores = values["idx_scores"]
    scores.fill_(neg_max)
    for b in range(bsz):
        ctx = int(seq_lens[b].item())
        base = b * max_seq
        s = torch.full([max_seq], neg_max)
        s[0:ctx] = k_cache_idx[base:base + ctx].float() @ q_red[b]
        scores[b, 0:ctx] = s[0:ctx]
        top = torch.topk(s, topk, largest=True, sorted=True)
        values["topk_vals"][b] = top[0]
        n = min(topk, ctx)
        idx[b, 0:n] = top[1][0:n].to(torch.int32)
    values["topk_idx"][:] = idx

    # Scope 4: online softmax over the top-k cache rows, latent-to-V, dispatch.
    scale = 1.0 / float(nope + rope) ** 0.5
    for b in range(bsz):
        n = min(topk, int(seq_lens[b].item()))
        base = b * max_seq
        q_pe = q_proj[b, :, nope:]
        qnl = torch.bmm(q_proj[b, :, 0:nope].unsqueeze(1), w_qn).squeeze(1)
        p = int(idx[b, 0].item())
        kv = kv_cache[base + p].float().unsqueeze(0)
        pe = pe_cache[base + p].float().unsqueeze(0)
        m = ((qnl * kv).sum(dim=-1, keepdim=True) + (q_pe * pe).sum(dim=-1, keepdim=True)) * scale
        l = torch.exp(m - m)
        o = kv.repeat([n_heads, 1])
        for kk in range(1, n):
            p = int(idx[b, kk].item())
            kv = kv_cache[base + p].float().unsqueeze(0)
            pe = pe_cache[base + p].float().unsqueeze(0)
            cur = ((qnl * kv).sum(dim=-1, keepdim=True) + (q_pe * pe).sum(dim=-1, keepdim=True)) * scale
            mn = torch.maximum(m, cur)
            alpha = torch.exp(m - mn)
            beta = torch.exp(cur - mn)
            l = alpha * l + beta
            o = o * alpha + kv * beta
            m = mn
        ctx_lat = (o / l).to(torch.bfloat16).float()
        ctx_v = torch.bmm(ctx_lat.unsqueeze(1), w_lv).squeeze(1)
        dispatch[(b + layer_id) % ep, b] = ctx_v.reshape(-1).to(torch.bfloat16)
