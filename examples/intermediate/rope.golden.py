# Reference for rope.mlir: rotate-half RoPE with shared cos/sin rows.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    cos = values["cos"]
    sin = values["sin"]
    h = 64
    lo = x[:, :h] * cos[:, :h] - x[:, h:] * sin[:, :h]
    hi = x[:, h:] * cos[:, h:] + x[:, :h] * sin[:, h:]
    values["y"][:] = torch.cat([lo, hi], dim=-1)
