def golden(values: Dict[str, Tensor]):
    values["y"][0:16, :] = values["x"][0:16, :] + 1.7
