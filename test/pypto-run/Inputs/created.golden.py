# Reference for created.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    values["y"][:] = x * 2.5
    buf = torch.full_like(x, 2.5)
    buf[:16] = x[:16] + x[:16]
    values["z"][:] = buf + x
    values["c"][:] = 14
