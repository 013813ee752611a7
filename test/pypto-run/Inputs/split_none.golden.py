# Reference for split_none.mlir.
def golden(values: Dict[str, Tensor]):
    p = torch.matmul(values["x"], values["w"])
    values["y0"][:] = torch.relu(p) + values["b"]
    values["y1"][:] = p * values["b"]
    values["e"][:] = torch.exp(values["x"])
    values["s"][:] = values["e"].sum(dim=1, keepdim=True)
