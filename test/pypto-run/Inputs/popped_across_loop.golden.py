# Reference for popped_across_loop.mlir.
def golden(values: Dict[str, Tensor]):
    ab = torch.matmul(values["a"], values["b"])
    values["y"][:] = torch.matmul(values["x"], values["b"]) + ab.repeat(4, 1)
