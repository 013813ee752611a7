# Reference for masked_softmax.mlir.
def golden(values: Dict[str, Tensor]):
    lens = values["lens"]
    x = values["x"]
    y = values["y"]
    for b in range(4):
        n = int(lens[b].item())
        rows = x[b * 16:(b + 1) * 16, :n]
        y[b * 16:(b + 1) * 16, :] = 0.0
        y[b * 16:(b + 1) * 16, :n] = torch.softmax(rows, dim=-1)
