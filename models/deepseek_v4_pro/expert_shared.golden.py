# Reference for expert_shared.mlir (any configuration of gen_expert_shared.py):
# pypto-lib's golden, which mirrors the kernel's numerics: exact INT8 x INT8
# -> INT32 products, dequantised after the reduction (per-row x per-column
# scales, in the kernel's order), the clamp, SwiGLU written as the kernel
# computes it (g * 1 / (exp(-g) + 1)), per-row INT8 requantisation (round to
# nearest even, through f16) and the down projection's dequantisation.


def dequant(acc: Tensor, row_scale: Tensor, col_scale: Tensor) -> Tensor:
    return acc.to(torch.float32) * row_scale * col_scale.unsqueeze(0)


def golden(values: Dict[str, Tensor]):
    x = values["x_local_i8"].to(torch.int32)
    x_scale = values["x_local_scale_dq"].float()
    w1 = values["shared_w1"].to(torch.int32)
    w3 = values["shared_w3"].to(torch.int32)
    w2 = values["shared_w2"].to(torch.int32)
    limit = 10.0

    gate = dequant(x @ w1.t(), x_scale, values["shared_w1_scale"].float())
    up = dequant(x @ w3.t(), x_scale, values["shared_w3_scale"].float())
    gate = torch.clamp(gate, max=limit)
    up = torch.clamp(up, min=-limit, max=limit)
    h = gate * torch.reciprocal(torch.exp(-gate) + 1.0) * up

    amax = h.abs().amax(dim=-1, keepdim=True).clamp_min(1e-4)
    scale_q = 127.0 / amax
    h_i8 = torch.round(h * scale_q).to(torch.int32).to(torch.float16).to(torch.int8)
    scale_dq = torch.reciprocal(scale_q)

    y = h_i8.to(torch.int32) @ w2.t()
    values["sh"][:] = dequant(y, scale_dq, values["shared_w2_scale"].float()).to(torch.bfloat16)
