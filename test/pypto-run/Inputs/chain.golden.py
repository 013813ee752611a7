# Reference for chain.mlir.
def golden(values: Dict[str, Tensor]):
    y = values["x"] + values["a"]
    values["y"][:] = y
    values["z"][:] = 2.0 * y
