def golden(values: Dict[str, Tensor]):
    values["y"][:] = torch.matmul(values["a"], values["b"]) + 1.7
