def golden(values: Dict[str, Tensor]):
    values["y"][:] = values["x"] + values["a"]
