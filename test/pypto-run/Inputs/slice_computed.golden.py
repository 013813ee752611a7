# Reference for slice_computed.mlir.
def golden(values: Dict[str, Tensor]):
    x, w, x3 = values["x"], values["w"], values["x3"]
    e = torch.exp(x / 8)
    for i in range(4):
        values["y1"][8 * i:8 * i + 8] = e[8 * i:8 * i + 8, 4 * i:4 * i + 32]
    p = x[:16, :32] @ w
    values["y2"][:] = p[4:12, 8:24]
    values["y3"][:] = -x3[1, 4:12, 16:48]
    values["y4"][:] = e[16:32, :32] @ w
