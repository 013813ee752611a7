# Reference for nd_mix.mlir.
def golden(values: Dict[str, Tensor]):
    h = values["h"].float()
    w = values["w"].float()
    for nb in range(2):
        acc = h[0, 0] @ w[0, nb]
        for kb in range(1, 4):
            acc = acc + h[kb, 0] @ w[kb, nb]
        values["proj"][nb, 0] = acc
    proj = values["proj"]
    for b in range(2):
        values["scores"][b] = proj[b, 0, :, :32] @ values["kc"][b].t() + values["bias"]
    e = torch.exp(values["x3"][:, 4:12])
    values["y3"][:] = e
    values["rs"][:] = e.sum(-1).reshape(16)
    values["el"][0] = e[1, 3, 5]
    values["y5"][:] = -values["z5"]
