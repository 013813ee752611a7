# Reference for moe.mlir (any configuration of gen_moe.py): pypto-lib's
# golden_moe for 2 ranks, with hc_pre and hc_post (x_hc in, x_next out) or
# without (the `core` configuration: x_mixed in, ffn_out out). Rank r's
# tensors are rows r*T.. of the stacked inputs (its experts: rows
# r*N_LOCAL.. of the routed weights). Per rank: hc_pre (hc_pre.golden.py),
# the router (gate.golden.py), the shared expert
# (expert_shared.golden.py); then every route (t, k) of every rank is
# computed by the expert it chose, on the rank owning it
# (expert_routed.golden.py, row by row: a row's result depends on that row
# only, so the slot a route lands in does not matter), rounded to bf16 as
# recv_y is; ffn_out = sh + the token's TOPK routed rows, summed in f32 in k
# order and rounded once, sh alone past the active tokens; hc_post
# (hc_post.golden.py, f32). recv_count and recv_meta_out are the counts
# dispatch computes. Every call (epoch) of a configuration computes the same.


def hc_pre_ref(x: Tensor, hc_fn: Tensor, hc_scale: Tensor, hc_base: Tensor) -> List[Tensor]:
    """hc_pre.golden.py: x_mixed (bf16), post, comb."""
    t = x.shape[0]
    hc = x.shape[1]
    d = x.shape[2]
    hc_dim = hc * d
    mix_hc = hc_fn.shape[0]
    eps = 1e-6
    chunk = 256
    x_flat = x.reshape(t, hc_dim)

    sq = torch.zeros(t, 1)
    for k0 in range(0, hc_dim, chunk):
        c = x_flat[:, k0:k0 + chunk]
        sq += (c * c).sum(dim=-1, keepdim=True)
    inv = torch.rsqrt((sq * (1.0 / hc_dim) + 1e-6).double()).float()

    mixes = torch.zeros(t, mix_hc)
    for k0 in range(0, hc_dim, chunk):
        xk = x_flat[:, k0:k0 + chunk].unsqueeze(1)
        wk = hc_fn[:, k0:k0 + chunk].unsqueeze(0)
        mixes += (xk * wk).sum(dim=-1)
    pre_raw = mixes[:, 0:hc]
    post_raw = mixes[:, hc:2 * hc]
    mixes = mixes * inv

    pre = torch.sigmoid(pre_raw * inv * hc_scale[0] + hc_base[0:hc]) + eps
    post = torch.sigmoid(post_raw * inv * hc_scale[1] + hc_base[hc:2 * hc]) * 2.0
    comb = (mixes[:, 2 * hc:] * hc_scale[2] + hc_base[2 * hc:]).reshape(t, hc, hc)
    comb = torch.softmax(comb, dim=-1) + eps
    comb = comb / (comb.sum(dim=-2, keepdim=True) + eps)
    for _ in range(20 - 1):
        comb = comb / (comb.sum(dim=-1, keepdim=True) + eps)
        comb = comb / (comb.sum(dim=-2, keepdim=True) + eps)

    y01 = x[:, 0, :] * pre[:, 0:1] + x[:, 1, :] * pre[:, 1:2]
    y23 = x[:, 2, :] * pre[:, 2:3] + x[:, 3, :] * pre[:, 3:4]
    return [(y01 + y23).to(torch.bfloat16), post, comb.reshape(t, hc * hc)]


def hc_post_ref(x: Tensor, residual: Tensor, post: Tensor, comb: Tensor) -> Tensor:
    """hc_post.golden.py: f32 throughout."""
    xf = x.float()
    c = comb.reshape(-1, 4, 4)
    y = torch.zeros_like(residual)
    for out_h in range(4):
        y_row = xf * post[:, out_h:out_h + 1]
        for in_h in range(4):
            y_row = y_row + residual[:, in_h, :] * c[:, in_h, out_h:out_h + 1]
        y[:, out_h, :] = y_row
    return y


def gate_ref(x_mixed: Tensor, norm_w: Tensor, gate_w: Tensor, gate_bias: Tensor,
             tid2eid: Tensor, input_ids: Tensor, layer_id: int, active: int,
             topk: int) -> List[Tensor]:
    x = x_mixed.float()
    t = x.shape[0]
    d = x.shape[1]
    sq = (x * x).reshape(t, 8, d // 8).sum(dim=-1).sum(dim=-1, keepdim=True)
    inv_rms = torch.reciprocal(torch.sqrt(sq * (1.0 / d) + 1e-6))
    xg = x * norm_w.float().reshape(1, d)

    logits = (xg @ gate_w.float().t()) * inv_rms
    sp_log = logits.clamp(min=0.0) + torch.log(torch.exp(-logits.abs()) + 1.0)
    floor = torch.clamp(-logits - 10.0, 0.0, 1.0) * torch.exp(logits.clamp(max=0.0))
    scores = torch.sqrt(torch.maximum(sp_log, floor))
    biased = scores + gate_bias.float().reshape(1, -1)

    amax = xg.abs().reshape(t, 8, d // 8).amax(dim=-1).amax(dim=-1, keepdim=True).clamp_min(1e-4)
    q = torch.round(xg * (127.0 / amax)).to(torch.int32).to(torch.float16).to(torch.int8)
    scale = amax * (1.0 / 127.0) * inv_rms

    if layer_id < 3:
        ids = tid2eid.index_select(0, input_ids.long()).long()
    else:
        ids = torch.topk(biased, topk, dim=1, largest=True, sorted=True)[1]
    vals = torch.gather(scores, 1, ids)
    wts = vals / vals.sum(dim=-1, keepdim=True) * 2.5

    scale[active:] = 0.0
    ids[active:] = 0
    wts[active:] = 0.0
    return [q, scale, ids.to(torch.int32), wts]


def swiglu_q(x: Tensor, x_scale: Tensor, w1: Tensor, w1_scale: Tensor,
             w3: Tensor, w3_scale: Tensor) -> List[Tensor]:
    """The INT8 rows x (and their scales) through the gate and up
    projections, the clamp, SwiGLU and the per-row requantisation."""
    xi = x.to(torch.int32)
    gate = (xi @ w1.to(torch.int32).t()).to(torch.float32) * x_scale * w1_scale.float().unsqueeze(0)
    up = (xi @ w3.to(torch.int32).t()).to(torch.float32) * x_scale * w3_scale.float().unsqueeze(0)
    gate = torch.clamp(gate, max=10.0)
    up = torch.clamp(up, min=-10.0, max=10.0)
    h = gate * torch.reciprocal(torch.exp(-gate) + 1.0) * up
    amax = h.abs().amax(dim=-1, keepdim=True).clamp_min(1e-4)
    scale_q = 127.0 / amax
    h_i8 = torch.round(h * scale_q).to(torch.int32).to(torch.float16).to(torch.int8)
    return [h_i8, torch.reciprocal(scale_q)]


def golden(values: Dict[str, Tensor]):
    R = 2
    ffn = values["ffn_out"]
    T = ffn.shape[0] // R
    D = ffn.shape[1]
    NL = values["routed_w1"].shape[0] // R
    N = NL * R
    INTER = values["routed_w1"].shape[1]
    VOCAB = values["tid2eid"].shape[0] // R
    TOPK = values["tid2eid"].shape[1]
    layer_id = int(values["layer_id"].item())
    active = max(0, min(T, int(values["num_tokens"].item())))
    hc = "x_hc" in values

    x_mixed: List[Tensor] = []
    posts: List[Tensor] = []
    combs: List[Tensor] = []
    for r in range(R):
        if hc:
            M = values["hc_ffn_fn"].shape[0] // R
            p = hc_pre_ref(values["x_hc"][r * T:(r + 1) * T].float(),
                           values["hc_ffn_fn"][r * M:(r + 1) * M].float(),
                           values["hc_ffn_scale"][r * 3:(r + 1) * 3].float(),
                           values["hc_ffn_base"][r * M:(r + 1) * M].float())
            x_mixed.append(p[0])
            posts.append(p[1])
            combs.append(p[2])
        else:
            x_mixed.append(values["x_mixed"][r * T:(r + 1) * T])

    xi8: List[Tensor] = []
    xsc: List[Tensor] = []
    idx: List[Tensor] = []
    wts: List[Tensor] = []
    for r in range(R):
        g = gate_ref(x_mixed[r], values["norm_w"][r * D:(r + 1) * D],
                     values["gate_w"][r * N:(r + 1) * N], values["gate_bias"][r * N:(r + 1) * N],
                     values["tid2eid"][r * VOCAB:(r + 1) * VOCAB], values["input_ids"][r * T:(r + 1) * T],
                     layer_id, active, TOPK)
        xi8.append(g[0])
        xsc.append(g[1])
        idx.append(g[2])
        wts.append(g[3])

    # The counts dispatch publishes: recv_meta_out[dst*R + src, e] routes of
    # source src to local expert e of rank dst, recv_count their sum.
    meta = values["recv_meta_out"]
    meta.zero_()
    for src in range(R):
        for t in range(active):
            for k in range(TOPK):
                eid = int(idx[src][t, k])
                meta[(eid // NL) * R + src, eid % NL] += 1
    for dst in range(R):
        for e in range(NL):
            n = 0
            for src in range(R):
                n += int(meta[dst * R + src, e])
            # A source's lane holds T rows: more would overwrite the next lane.
            for src in range(R):
                assert int(meta[dst * R + src, e]) <= T, "a source routes more than T rows to one expert"
            values["recv_count"][dst * NL + e, 0] = n

    # ys[r][t*TOPK + k]: the routed result of route (t, k) of rank r.
    ys: List[Tensor] = []
    for r in range(R):
        ys.append(torch.zeros(T * TOPK, D, dtype=torch.bfloat16))
    for eid in range(N):
        rows: List[Tensor] = []
        scs: List[Tensor] = []
        ws: List[Tensor] = []
        owner_rank: List[int] = []
        owner_route: List[int] = []
        for src in range(R):
            for t in range(active):
                for k in range(TOPK):
                    if int(idx[src][t, k]) == eid:
                        rows.append(xi8[src][t])
                        scs.append(xsc[src][t])
                        ws.append(wts[src][t, k].reshape(1))
                        owner_rank.append(src)
                        owner_route.append(t * TOPK + k)
        if len(rows) > 0:
            x = torch.stack(rows)
            x_sd = torch.stack(scs).reshape(-1, 1)
            w_row = torch.stack(ws).reshape(-1, 1)
            hq = swiglu_q(x, x_sd, values["routed_w1"][eid], values["routed_w1_scale"][eid],
                          values["routed_w3"][eid], values["routed_w3_scale"][eid])
            y = (hq[0].to(torch.int32) @ values["routed_w2"][eid].to(torch.int32).t()).to(torch.float32)
            yb = (y * (hq[1] * w_row) * values["routed_w2_scale"][eid].float().unsqueeze(0)).to(torch.bfloat16)
            for j in range(len(owner_rank)):
                ys[owner_rank[j]][owner_route[j]] = yb[j]

    for r in range(R):
        hq = swiglu_q(xi8[r], xsc[r],
                      values["shared_w1"][r * INTER:(r + 1) * INTER], values["shared_w1_scale"][r * INTER:(r + 1) * INTER],
                      values["shared_w3"][r * INTER:(r + 1) * INTER], values["shared_w3_scale"][r * INTER:(r + 1) * INTER])
        y = (hq[0].to(torch.int32) @ values["shared_w2"][r * D:(r + 1) * D].to(torch.int32).t()).to(torch.float32)
        sh = (y * hq[1] * values["shared_w2_scale"][r * D:(r + 1) * D].float().unsqueeze(0)).to(torch.bfloat16)
        out = sh.clone()
        for t in range(active):
            acc = sh[t].float()
            for k in range(TOPK):
                acc = acc + ys[r][t * TOPK + k].float()
            out[t] = acc.to(torch.bfloat16)
        ffn[r * T:(r + 1) * T] = out
        if hc:
            values["x_next"][r * T:(r + 1) * T] = hc_post_ref(out, values["x_hc"][r * T:(r + 1) * T].float(),
                                                            posts[r], combs[r])
