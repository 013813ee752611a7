# Reference for tail_rows.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    values["y"][:] = torch.exp(x)
    for i in range(values["s"].shape[0]):
        values["s"][i] = x[16 * i:16 * i + 16].sum(0)
