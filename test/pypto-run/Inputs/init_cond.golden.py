# Reference for init_cond.mlir.
def golden(values: Dict[str, Tensor]):
    a, b = values["a"], values["b"]
    values["s"][:] = a @ b
    values["h"][:] = (a @ b) * 0.5
    values["t"][:] = a[:, 128:] @ b[128:, :]
    values["u"][:] = values["wa"].float() @ values["wb"].float()
