# Reference for matmul_1024.mlir: libtorch's product of the same tensors.
def golden(values: Dict[str, Tensor]):
    values["c"][:] = torch.matmul(values["a"], values["b"])
