# Reference for multi_proj.mlir: three projections of x, in f32.
def golden(values: Dict[str, Tensor]):
    x = values["x"].float()
    values["q"][:] = torch.matmul(x, values["wq"].float())
    values["k"][:] = torch.matmul(x, values["wk"].float())
    values["v"][:] = torch.matmul(x, values["wv"].float())
