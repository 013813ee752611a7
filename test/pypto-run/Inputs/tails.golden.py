def golden(values: Dict[str, Tensor]):
    x = values["x"]
    e = torch.exp(x * 1.7)
    values["y"][:] = e
    values["rs"][:] = e.sum(dim=1, keepdim=True)
    values["cs"][:] = x.reshape(4, 5, 37).amax(dim=1)
    values["c"][:] = torch.matmul(values["a"], values["b"])
    values["c16"][:] = torch.matmul(values["a16"].float(), values["b16"].float())
