def golden(values: Dict[str, Tensor]):
    values["y"] = values["x"][0:2]
