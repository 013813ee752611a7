def golden(values: Dict[str, Tensor]):
    raise RuntimeError("the golden is broken on purpose")
