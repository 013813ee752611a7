# Reference for decode_sparse_attn.mlir (both configurations of
# gen_decode_sparse_attn.py): pypto-lib's golden_sparse_attn
# (models/deepseek_v4_pro/decode_sparse_attn.py), written as the kernels
# compute it: per token and 128-key block the scaled scores plus the
# additive bias (0 valid, -1e20 invalid; invalid keys take row 0 of ori_kv),
# the block's (m, l, o) with p rounded to bf16 (an empty compressed block:
# m = -3e38, l = 0, o = 0; block 0, the window, is always computed), the
# online merge in block order, the sink in the denominator, the inverse
# RoPE in f32 from the interleaved tables, then proj_a, the per-group INT8
# quantisation (round to nearest even through i32 and f16) and proj_b with
# the groups summed in order. The index top-k width is not a tensor size:
# it is 1024 for pypto-lib's pro preset (128 heads) and 384 for `ci`.
def golden(values: Dict[str, Tensor]):
    q = values["q"].float()
    block_size = values["ori_kv"].shape[1]
    head_dim = q.shape[2]
    ori = values["ori_kv"].float().reshape(-1, head_dim)
    cmp = values["cmp_kv"].float().reshape(-1, head_dim)
    win = values["window_swa_indices"].long()
    table = values["cmp_block_table"].long()
    pos = values["position_ids"].long()[:, 0]
    sink = values["attn_sink"].float()
    cos = values["freqs_cos"].float()
    sin = values["freqs_sin"].float()
    wo_a = values["wo_a"].float()
    wo_b = values["wo_b"]
    wo_b_scale = values["wo_b_scale"].float()
    t_n = q.shape[0]
    h_n = q.shape[1]
    w_n = win.shape[1]
    s_n = t_n // table.shape[0]
    g_n = wo_a.shape[0]
    lora = wo_a.shape[1]
    hpg = wo_a.shape[2] // head_dim
    d = wo_b.shape[0]
    rope_dim = cos.shape[1]
    nope_dim = head_dim - rope_dim
    k_tile = 128
    k_cmp = 1024 if h_n == 128 else 384
    sb_n = (w_n + k_cmp) // k_tile
    scale = float(head_dim) ** -0.5

    # Compressed slots: raw kept iff 0 <= raw < (pos + 1) / 4, else -1.
    raw = values["idx_topk"][:, :k_cmp].long()
    bound = torch.div(pos + 1, 4, rounding_mode="floor").unsqueeze(1)
    keep = (raw >= 0) & (raw < bound)
    cmp_idx = torch.where(keep, raw, torch.full_like(raw, -1))

    # Inverse RoPE tables: cos and sign * sin interleaved, the j ^ 1 swap.
    lanes = torch.arange(rope_dim)
    half_idx = torch.div(lanes, 2, rounding_mode="floor")
    sign = 1.0 - 2.0 * (lanes % 2).float()
    cos_il = cos[:, half_idx]
    sin_signed = sin[:, half_idx] * sign
    swap = lanes + 1 - 2 * (lanes % 2)

    n_ori = ori.shape[0]
    pool = torch.cat([ori, cmp], 0)
    o = torch.zeros(t_n, h_n, head_dim)
    for t in range(t_n):
        b = t // s_n
        w_ok = win[t] >= 0
        w_src = torch.where(w_ok, win[t], torch.zeros_like(win[t]))
        c = cmp_idx[t]
        c_ok = c >= 0
        c_slot = torch.clamp(c, min=0)
        c_phys = table[b][torch.div(c_slot, block_size, rounding_mode="floor")] * block_size + c_slot % block_size
        c_src = torch.where(c_ok, c_phys + n_ori, torch.zeros_like(c_phys))
        src = torch.cat([w_src, c_src])
        bias = (torch.cat([w_ok, c_ok]).float() - 1.0) * 1.0e20
        kv = pool[src]
        mi = torch.zeros(h_n, 1)
        li = torch.zeros(h_n, 1)
        oi = torch.zeros(h_n, head_dim)
        for sb in range(sb_n):
            k0 = sb * k_tile
            live = True
            if sb > 0:
                live = bool(c_ok[k0 - w_n:k0 - w_n + k_tile].any())
            if live:
                kvb = kv[k0:k0 + k_tile]
                s = (q[t] @ kvb.t()) * scale + bias[k0:k0 + k_tile].unsqueeze(0)
                m_b = s.max(dim=-1, keepdim=True).values
                e = torch.exp(s - m_b)
                l_b = e.sum(dim=-1, keepdim=True)
                o_b = e.to(torch.bfloat16).float() @ kvb
            else:
                m_b = torch.full([h_n, 1], -3.0e38)
                l_b = torch.zeros(h_n, 1)
                o_b = torch.zeros(h_n, head_dim)
            if sb == 0:
                mi = m_b
                li = l_b
                oi = o_b
            else:
                m_new = torch.maximum(mi, m_b)
                alpha = torch.exp(mi - m_new)
                beta = torch.exp(m_b - m_new)
                li = alpha * li + beta * l_b
                oi = oi * alpha + o_b * beta
                mi = m_new
        sink_tile = (mi - mi) + sink.unsqueeze(1)
        denom = li + torch.exp(sink_tile - mi)
        nope = (oi[:, :nope_dim] / denom).to(torch.bfloat16).float()
        rope = oi[:, nope_dim:] / denom
        rot = rope * cos_il[t].unsqueeze(0) + rope[:, swap] * sin_signed[t].unsqueeze(0)
        o[t] = torch.cat([nope, rot.to(torch.bfloat16).float()], 1)

    # o_packed: group g's row g * T + t holds its 8 heads side by side.
    packed = o.reshape(t_n, g_n, hpg * head_dim).permute(1, 0, 2).reshape(g_n * t_n, hpg * head_dim)
    values["o_packed"][:] = packed.to(torch.bfloat16)

    out = torch.zeros(t_n, d)
    for g in range(g_n):
        x = packed[g * t_n:(g + 1) * t_n]
        o_r = x @ wo_a[g].t()
        amax = torch.clamp(o_r.abs().max(dim=-1, keepdim=True).values, min=1e-4)
        sq = 127.0 / amax
        dq = 1.0 / sq
        o_i8 = torch.round(o_r * sq).to(torch.int32).to(torch.float16).to(torch.int8)
        w = wo_b[:, g * lora:(g + 1) * lora]
        p = o_i8.to(torch.int32) @ w.to(torch.int32).t()
        out = out + p.float() * dq
    out = out * wo_b_scale.unsqueeze(0)
    values["attn_out"][:] = out.to(torch.bfloat16)
