# Reference for branches.mlir, written from the comment at its top.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    values["y"][0:32] = torch.exp(x[0:32])
    values["y"][32:64] = -x[32:64]
    values["z"][0:16] = 2 * x[48:64]
    values["z"][16:32] = torch.abs(x[32:48])
    values["z"][32:48] = torch.abs(x[16:32])
    values["z"][48:64] = torch.abs(x[0:16])
    values["w"][:] = x[16:32] + 1
