# Reference for scatter_mask.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    y = torch.zeros(16, 64)
    y[:, 0::2] = x[:, 0::2] * 2.0
    y[:, 1::2] = x[:, 1::2] * -3.0
    values["y"][:] = y
    z = values["d"].clone()
    z[:, 1::2] = values["s"]
    values["z"][:] = z
