# Reference for matmul_trans_tail.mlir.
def golden(values: Dict[str, Tensor]):
    values["s"][:] = torch.matmul(values["q"], values["k"].t())
    values["t"][:] = torch.matmul(values["a"].t(), values["b"])
    values["u"][:] = torch.matmul(values["x"], values["fn"].t())
