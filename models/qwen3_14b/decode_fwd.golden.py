# Reference for decode_fwd.mlir (any configuration of gen_decode_fwd.py): pypto-lib's
# qwen3_14b decode_fwd with our attention in place of the CANN kernel, computed as the
# kernels compute it: the input RMSNorm deferred (bf16(x * gamma) into the projections,
# 1 / rms applied after them), per-head QK-norm and RoPE, the new K/V rows at the current
# position's slot, attention over the paged cache in pages of 128 with an online softmax
# (p rounded to bf16, l summed over the rounded p), the residual carried in f32 across the
# layers, the post-attention 1 / rms applied to gate and up inside the SwiGLU, the final
# RMSNorm, the LM head, and greedy sampling (the first index of the maximum over the real
# vocabulary; the last 128 columns are padding).


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
    seq_lens = values["seq_lens"]
    block_table = values["block_table"]
    B = seq_lens.shape[0]
    g_in = values["input_rms_weight"].float()
    L = g_in.shape[0]
    H = g_in.shape[1]
    KVD = values["wk"].shape[1]
    KVH = KVD // D
    QPK = H // D // KVH
    INTER = values["w_gate"].shape[1]
    REAL_VOCAB = values["lm_head_weight"].shape[0] - 128
    MAXB = block_table.shape[0] // B
    scale = 1.0 / (D ** 0.5)
    kp = values["k_cache"].view(-1, KVD)       # rows: layer * LROWS + page * BS + token
    vp = values["v_cache"].view(-1, KVD)
    LROWS = kp.shape[0] // L

    emb = torch.index_select(values["embed_weight"], 0, values["sampled_ids_in"][:, 0].long())
    values["next_hidden"][:] = emb
    x = emb.float()
    for l in range(L):
        inv = inv_rms(x)
        normed = bf(x * g_in[l])
        q = normed @ values["wq"][l * H:(l + 1) * H].float()
        k = normed @ values["wk"][l * H:(l + 1) * H].float()
        v = normed @ values["wv"][l * H:(l + 1) * H].float()
        qn = values["q_norm_weight"][l].float()
        kn = values["k_norm_weight"][l].float()
        attn = torch.zeros(B, H)
        for b in range(B):
            ctx = int(seq_lens[b].item())
            pos = ctx - 1
            cos = values["rope_cos"][pos]
            sin = values["rope_sin"][pos]
            row = l * LROWS + int(block_table[b * MAXB + pos // BS].item()) * BS + pos % BS
            for h in range(KVH):
                c0 = h * D
                kx = k[b, c0:c0 + D] * inv[b]
                kp[row, c0:c0 + D] = rope(kx * kn * inv_rms(kx), cos, sin).to(torch.bfloat16)
                vp[row, c0:c0 + D] = (v[b, c0:c0 + D] * inv[b]).to(torch.bfloat16)
                qx = q[b, c0 * QPK:(c0 + D) * QPK].reshape(QPK, D) * inv[b]
                qr = bf(rope(qx * qn * inv_rms(qx), cos, sin))
                m = torch.full([QPK, 1], float("-inf"))
                lsum = torch.zeros(QPK, 1)
                o = torch.zeros(QPK, D)
                for s0 in range(0, ctx, BS):
                    n = min(BS, ctx - s0)
                    r0 = l * LROWS + int(block_table[b * MAXB + s0 // BS].item()) * BS
                    s = (qr @ kp[r0:r0 + n, c0:c0 + D].float().t()) * scale
                    mb = s.max(dim=-1, keepdim=True)[0]
                    p = bf(torch.exp(s - mb))
                    lb = p.sum(dim=-1, keepdim=True)
                    ob = p @ vp[r0:r0 + n, c0:c0 + D].float()
                    mn = torch.maximum(m, mb)
                    alpha = torch.exp(m - mn)
                    beta = torch.exp(mb - mn)
                    lsum = alpha * lsum + beta * lb
                    o = alpha * o + beta * ob
                    m = mn
                attn[b, c0 * QPK:(c0 + D) * QPK] = bf(o / lsum).reshape(QPK * D)
        h1 = x + attn @ values["wo"][l * H:(l + 1) * H].float()
        pinv = inv_rms(h1)
        mlp_in = bf(h1 * values["post_rms_weight"][l].float())
        sg = (mlp_in @ values["w_gate"][l * H:(l + 1) * H].float()) * pinv
        su = (mlp_in @ values["w_up"][l * H:(l + 1) * H].float()) * pinv
        mlp = bf(sg * torch.reciprocal(torch.exp(-sg) + 1.0) * su)
        x = mlp @ values["w_down"][l * INTER:(l + 1) * INTER].float() + h1
    finv = torch.rsqrt(x.pow(2).sum(-1, keepdim=True) * (1.0 / H) + 1e-6)
    fn = bf(x * finv * values["final_norm_weight"].float())
    logits = fn @ values["lm_head_weight"].float().t()
    values["out"][:] = logits
    ids = torch.zeros(values["sampled_ids_out"].shape, dtype=torch.int32)
    ids[:, 0] = torch.argmax(logits[:, :REAL_VOCAB], dim=-1).to(torch.int32)
    values["sampled_ids_out"][:] = ids
