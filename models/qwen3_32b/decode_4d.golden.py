# Reference for decode_4d.mlir (any configuration of gen_decode_4d.py):
# pypto-lib's golden, on the 2-D forms of the rank-4 block layouts, with the
# kernel's bf16 rounding points (normed, the cache rows, q after RoPE, the
# probabilities for both p.v and l, attn, mlp, out) and its block-wise online
# softmax over blocks of 256 positions.


def rms_norm(x: Tensor, w: Tensor) -> Tensor:
    inv = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
    return (x * inv * w).to(torch.bfloat16)


def rope(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    h = x.shape[-1] // 2
    lo = x[..., :h] * cos[:h] - x[..., h:] * sin[:h]
    hi = x[..., h:] * cos[h:] + x[..., :h] * sin[h:]
    return torch.cat([lo, hi], dim=-1)


def rows(blocks: Tensor) -> Tensor:
    # [blocks, 1, rows, chunk] -> [rows, blocks * chunk]
    return blocks[:, 0].permute(1, 0, 2).reshape(blocks.shape[2], -1)


def matrix(blocks: Tensor) -> Tensor:
    # [K blocks, N blocks, K chunk, N chunk] -> [K, N]
    kb = blocks.shape[0]
    nb = blocks.shape[1]
    return blocks.permute(0, 2, 1, 3).reshape(kb * blocks.shape[2], nb * blocks.shape[3])


def golden(values: Dict[str, Tensor]):
    hidden = rows(values["hidden_states"]).float()
    B = hidden.shape[0]
    H = hidden.shape[1]
    D = 128
    SB = 256
    k_cache = values["k_cache"].view(-1, D)
    v_cache = values["v_cache"].view(-1, D)
    seq_lens = values["seq_lens"]
    KVH = values["k_cache"].shape[0] // B
    MAX_SEQ = values["k_cache"].shape[1] * SB
    QPK = H // D // KVH
    scale = 1.0 / (D ** 0.5)

    normed = rms_norm(hidden, rows(values["input_rms_weight"])).float()
    q = normed @ matrix(values["wq"]).float()
    k = normed @ matrix(values["wk"]).float()
    v = normed @ matrix(values["wv"]).float()

    attn = torch.zeros(B, H, dtype=torch.bfloat16)
    for b in range(B):
        ctx = int(seq_lens[b, 0, 0, 0].item())
        pos = ctx - 1
        cos = values["rope_cos"][pos, 0, 0]
        sin = values["rope_sin"][pos, 0, 0]
        for h in range(KVH):
            base = (b * KVH + h) * MAX_SEQ
            k_cache[base + pos] = rope(k[b, h * D:(h + 1) * D], cos, sin).to(torch.bfloat16)
            v_cache[base + pos] = v[b, h * D:(h + 1) * D].to(torch.bfloat16)
        for h in range(KVH):
            base = (b * KVH + h) * MAX_SEQ
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

    resid1 = attn.float() @ matrix(values["wo"]).float() + hidden
    normed2 = rms_norm(resid1, rows(values["post_rms_weight"])).float()
    gate = normed2 @ matrix(values["w_gate"]).float()
    up = normed2 @ matrix(values["w_up"]).float()
    mlp = (gate * torch.sigmoid(gate) * up).to(torch.bfloat16).float()
    out = (mlp @ matrix(values["w_down"]).float() + resid1).to(torch.bfloat16)
    dn = values["out"].shape[3]
    values["out"][:] = out.reshape(B, -1, dn).permute(1, 0, 2).unsqueeze(1)
