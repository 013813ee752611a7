# Reference for matmul_bias.mlir.
def golden(values: Dict[str, Tensor]):
    values["y"][:] = values["x"].float() @ values["w"].float() + values["b"]
    values["g"][:] = values["v"] @ values["m"] + values["c"]
    values["z"][:] = (values["p"].long() @ values["q"].long() + values["d"].long()).int()
