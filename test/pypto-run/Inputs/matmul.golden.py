# Reference for matmul.mlir: c = a @ b.
def golden(values: Dict[str, Tensor]):
    values["c"][:] = torch.matmul(values["a"], values["b"])
