# Reference for gate.mlir (any configuration of gen_gate.py): pypto-lib's
# golden_gate_core, written as the kernel computes it (the sums of squares
# and maxima in two stages over the row viewed as [8, D / 8], 1 / sqrt for
# rsqrt, softplus as relu(l) + log(exp(-|l|) + 1) with the floor for large
# negative logits, the dequantisation scale as amax / 127 * inv_rms).
# torch.topk takes the place of a stable argsort: the two differ only at
# exact ties, which only the -FLT_MAX pads have, and never among the first 6
# of at least 8 experts.
def golden(values: Dict[str, Tensor]):
    x = values["x_mixed"].float()
    t = x.shape[0]
    d = x.shape[1]
    topk = values["indices"].shape[1]
    layer_id = int(values["layer_id"].item())
    active = max(0, min(t, int(values["num_tokens"].item())))

    sq = (x * x).reshape(t, 8, d // 8).sum(dim=-1).sum(dim=-1, keepdim=True)
    inv_rms = torch.reciprocal(torch.sqrt(sq * (1.0 / d) + 1e-6))
    xg = x * values["norm_w"].float().reshape(1, d)

    logits = (xg @ values["gate_w"].float().t()) * inv_rms
    sp_log = logits.clamp(min=0.0) + torch.log(torch.exp(-logits.abs()) + 1.0)
    floor = torch.clamp(-logits - 10.0, 0.0, 1.0) * torch.exp(logits.clamp(max=0.0))
    scores = torch.sqrt(torch.maximum(sp_log, floor))
    biased = scores + values["gate_bias"].float().reshape(1, -1)

    amax = xg.abs().reshape(t, 8, d // 8).amax(dim=-1).amax(dim=-1, keepdim=True).clamp_min(1e-4)
    q = torch.round(xg * (127.0 / amax)).to(torch.int32).to(torch.float16).to(torch.int8)
    scale = amax * (1.0 / 127.0) * inv_rms

    if layer_id < 3:
        ids = values["tid2eid"].index_select(0, values["input_ids"].long()).long()
    else:
        ids = torch.topk(biased, topk, dim=1, largest=True, sorted=True)[1]
    vals = torch.gather(scores, 1, ids)
    wts = vals / vals.sum(dim=-1, keepdim=True) * 2.5

    scale[active:] = 0.0
    ids[active:] = 0
    wts[active:] = 0.0
    values["x_norm_i8"][:] = q
    values["x_norm_scale"][:] = scale
    values["indices"][:] = ids.to(torch.int32)
    values["weights"][:] = wts
