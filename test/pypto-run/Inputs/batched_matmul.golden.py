# Reference for batched_matmul.mlir.
def golden(values: Dict[str, Tensor]):
    a, b = values["a"], values["b"]
    values["y1"][:] = torch.matmul(a, b)
    values["y2"][:] = torch.matmul(a, values["w"])
    values["y3"][:] = torch.matmul(values["q"], values["k"].transpose(-2, -1))
    values["y4"][:] = torch.relu(torch.matmul(torch.exp(a / 8), b))
    values["y5"][:] = torch.matmul(values["u"], values["v"])
