# Reference for part_ops.mlir.
def golden(values: Dict[str, Tensor]):
    add = values["a"].clone()
    add[:8, :24] = add[:8, :24] + values["b"]
    values["add"][:] = add
    mul = values["h"].clone()
    mul[:, :16] = (mul[:, :16].float() * values["g"].float()).to(torch.float16)
    values["mul"][:] = mul
    mx = values["i"].clone()
    mx[:3, :] = torch.maximum(mx[:3, :], values["j"])
    values["max"][:] = mx
    mn = values["k"].clone()
    mn[:, :8] = torch.minimum(mn[:, :8], values["l"])
    values["min"][:] = mn
