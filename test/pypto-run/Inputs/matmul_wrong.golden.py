# A deliberately wrong reference: one element of c is off.
def golden(values: Dict[str, Tensor]):
    values["c"][:] = torch.matmul(values["a"], values["b"])
    values["c"][3, 5] = 100.0
    values["c"][7, 1] = -100.0
