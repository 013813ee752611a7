# Reference for dspark_proj.mlir (any configuration of gen_dspark_proj.py):
# pypto-lib's golden. The projection in f32 rounded to bf16, then the RMSNorm
# of rmsnorm.golden.py.
def golden(values: Dict[str, Tensor]):
    hidden = values["main_hidden"].float()
    weight = values["main_proj_w"].float()
    projected = (hidden @ weight.t()).to(torch.bfloat16).float()
    w = values["main_norm_w"].float()
    inv = torch.rsqrt(projected.square().mean(-1, keepdim=True) + 1e-6)
    values["main_x"][:] = (projected * inv * w).to(torch.bfloat16)
