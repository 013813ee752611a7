# Reference for hello_world.mlir: y = x + a.
def golden(values: Dict[str, Tensor]):
    values["y"][:] = values["x"] + values["a"]
