# A golden for chain.mlir that deletes the output 'y' from values.
def golden(values: Dict[str, Tensor]):
    values["y"][:] = values["x"] + values["a"]
    values["z"][:] = 2.0 * values["y"]
    del values["y"]
