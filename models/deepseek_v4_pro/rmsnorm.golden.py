# Reference for rmsnorm.mlir: pypto-lib's golden, which mirrors the kernel's
# f32 sum of squares over 128-column chunks.
def golden(values: Dict[str, Tensor]):
    x = values["x"].float()
    w = values["norm_w"].float()
    d = x.shape[1]
    sq = torch.zeros(x.shape[0], 1)
    for d0 in range(0, d, 128):
        c = x[:, d0:d0 + 128]
        sq += (c * c).sum(dim=-1, keepdim=True)
    inv = torch.rsqrt(sq * (1.0 / d) + 1e-6)
    values["x_normed"][:] = (x * inv * w).to(torch.bfloat16)
