# Reference for nd_tails.mlir.
def golden(values: Dict[str, Tensor]):
    values["y"][:] = torch.softmax(values["x"], -1)
    masked = values["x"].clone()
    masked[..., 40:] = float("-inf")
    values["z"][:] = torch.softmax(masked, -1)
    values["w"][:] = values["v"] + 1.0
