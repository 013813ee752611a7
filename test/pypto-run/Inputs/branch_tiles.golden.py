# Reference for branch_tiles.mlir, written from the comment at its top.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    a = x
    v = torch.cat([a[0:32] * a[0:32], a[32:64]])
    values["y"][:] = v + a
    e = torch.exp(x)
    values["z"][:] = e[:, 0:8] - e[:, 8:16] + e[:, 16:24] - e[:, 24:32]
