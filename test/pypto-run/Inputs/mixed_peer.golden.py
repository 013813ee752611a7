# Reference for mixed_peer.mlir: y[r] = x[r] @ w + x[1 - r], 16-row halves.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    w = values["w"]
    prod = x @ w
    swapped = torch.cat([x[16:], x[:16]], dim=0)
    values["y"][:] = prod + swapped
