# Reference for decode_layer.mlir (any configuration of gen_decode_layer.py):
# the same math in f32 with the kernel's bf16 rounding points (normed,
# the cache rows, q after RoPE, p for both p.v and l, attn, mlp, out) and
# the same block-wise online softmax over blocks of 256 positions.


def rms_norm(x: Tensor, w: Tensor) -> Tensor:
    inv = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
    return (x * inv * w).to(torch.bfloat16)


def mm(x: Tensor, w: Tensor) -> Tensor:
    # x (f32) @ w (bf16) in f32, a block of w's columns at a time: a block of
    # at most 16 MiB in f32 is reused by the allocator, where a whole f32 copy
    # of the weight (up to 800 MiB) would be fresh pages the kernel clears.
    cols = max(64, (1 << 22) // w.shape[0])
    outs: List[Tensor] = []
    for c0 in range(0, w.shape[1], cols):
        outs.append(x @ w[:, c0:c0 + cols].float())
    return torch.cat(outs, dim=1)


def rope(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    h = x.shape[-1] // 2
    lo = x[..., :h] * cos[:h] - x[..., h:] * sin[:h]
    hi = x[..., h:] * cos[h:] + x[..., :h] * sin[h:]
    return torch.cat([lo, hi], dim=-1)


def golden(values: Dict[str, Tensor]):
    hidden = values["hidden"].float()
    B = hidden.shape[0]
    H = hidden.shape[1]
    D = 128
    SB = 256
    KVH = values["wk"].shape[1] // D
    QPK = H // D // KVH
    MAX_SEQ = values["rope_cos"].shape[0]
    scale = 1.0 / (D ** 0.5)
    k_cache = values["k_cache"]
    v_cache = values["v_cache"]
    seq_lens = values["seq_lens"]

    normed = rms_norm(hidden, values["in_rms_w"]).float()
    q = mm(normed, values["wq"])
    k = mm(normed, values["wk"])
    v = mm(normed, values["wv"])

    attn = torch.zeros(B, H, dtype=torch.bfloat16)
    for b in range(B):
        ctx = int(seq_lens[b].item())
        pos = ctx - 1
        cos = values["rope_cos"][pos]
        sin = values["rope_sin"][pos]
        for h in range(KVH):
            base = (b * KVH + h) * MAX_SEQ
            k_cache[base + pos] = rope(k[b, h * D:(h + 1) * D], cos, sin).to(torch.bfloat16)
            v_cache[base + pos] = v[b, h * D:(h + 1) * D].to(torch.bfloat16)
            qh = q[b, h * QPK * D:(h + 1) * QPK * D].reshape(QPK, D)
            qr = rope(qh, cos, sin).to(torch.bfloat16).float()
            m = torch.full([QPK, 1], float("-inf"))
            l = torch.zeros(QPK, 1)
            o = torch.zeros(QPK, D)
            for s0 in range(0, ctx, SB):
                n = min(SB, ctx - s0)
                keys = k_cache[base + s0:base + s0 + n].float()
                vals = v_cache[base + s0:base + s0 + n].float()
                s = (qr @ keys.t()) * scale
                mb = s.max(dim=-1, keepdim=True)[0]
                p = torch.exp(s - mb).to(torch.bfloat16).float()
                lb = p.sum(dim=-1, keepdim=True)
                ob = p @ vals
                mn = torch.maximum(m, mb)
                alpha = torch.exp(m - mn)
                beta = torch.exp(mb - mn)
                l = alpha * l + beta * lb
                o = alpha * o + beta * ob
                m = mn
            attn[b, h * QPK * D:(h + 1) * QPK * D] = (o / l).to(torch.bfloat16).reshape(QPK * D)

    resid1 = mm(attn.float(), values["wo"]) + values["hidden"].float()
    normed2 = rms_norm(resid1, values["post_rms_w"]).float()
    gate = mm(normed2, values["w_gate"])
    up = mm(normed2, values["w_up"])
    mlp = (gate * torch.sigmoid(gate) * up).to(torch.bfloat16).float()
    values["out"][:] = (mm(mlp, values["w_down"]) + resid1).to(torch.bfloat16)
