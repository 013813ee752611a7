# Reference for rmsnorm.mlir, pypto-lib's golden: in f32, rounded to bf16.
def golden(values: Dict[str, Tensor]):
    x = values["x"].float()
    w = values["norm_w"].float()
    inv = torch.rsqrt(x.square().mean(-1, keepdim=True) + 1e-6)
    values["x_normed"][:] = (x * inv * w).to(torch.bfloat16)
