# Reference for manual_deps.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    r = x[0:16].clone()
    for _ in range(64):
        h = r * 0.5
        r = torch.exp(h) - h
    y = r + x[0:16]
    z = torch.zeros_like(y)
    for i in range(4):
        z = z + z + x[16 * i:16 * i + 16]
    w = (z - y) * x[16:32]
    values["y"][:] = y
    values["z"][:] = z
    values["w"][:] = w
    values["v"][:] = z + w
