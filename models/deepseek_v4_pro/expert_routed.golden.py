# Reference for expert_routed.mlir (any configuration of gen_expert_routed.py):
# pypto-lib's golden, which mirrors the kernel's numerics: per expert, its
# received rows only, exact INT8 x INT8 -> INT32 products dequantised after
# the reduction, the clamp, SwiGLU as the kernel computes it
# (g * 1 / (exp(-g) + 1)), per-row INT8 requantisation through f16, and the
# down projection dequantised by (h scale * routing weight) and the column
# scale. Rows past an expert's count keep recv_y's zeros.


def golden(values: Dict[str, Tensor]):
    recv_x = values["recv_x"]
    recv_scale_dq = values["recv_scale_dq"].float()
    recv_weights = values["recv_weights"].float()
    counts = values["recv_expert_count"]
    w1 = values["routed_w1"]
    w3 = values["routed_w3"]
    w2 = values["routed_w2"]
    w1_scale = values["routed_w1_scale"].float()
    w3_scale = values["routed_w3_scale"].float()
    w2_scale = values["routed_w2_scale"].float()
    recv_y = values["recv_y"]
    limit = 10.0

    for e in range(recv_x.shape[0]):
        n = int(counts[e, 0].item())
        if n == 0:
            continue
        x = recv_x[e, :n, :].to(torch.int32)
        x_sd = recv_scale_dq[e, :n].reshape(-1, 1)
        w_row = recv_weights[e, :n].reshape(-1, 1)
        gate = (x @ w1[e].to(torch.int32).t()).to(torch.float32) * x_sd * w1_scale[e].unsqueeze(0)
        up = (x @ w3[e].to(torch.int32).t()).to(torch.float32) * x_sd * w3_scale[e].unsqueeze(0)
        gate = torch.clamp(gate, max=limit)
        up = torch.clamp(up, min=-limit, max=limit)
        h = gate * torch.reciprocal(torch.exp(-gate) + 1.0) * up
        amax = h.abs().amax(dim=-1, keepdim=True).clamp_min(1e-4)
        scale_q = 127.0 / amax
        h_i8 = torch.round(h * scale_q).to(torch.int32).to(torch.float16).to(torch.int8)
        h_sd = torch.reciprocal(scale_q)
        y = (h_i8.to(torch.int32) @ w2[e].to(torch.int32).t()).to(torch.float32)
        recv_y[e, :n, :] = (y * (h_sd * w_row) * w2_scale[e].unsqueeze(0)).to(torch.bfloat16)
