# Reference for nd_views.mlir.
def golden(values: Dict[str, Tensor]):
    node = int(values["node"][0])
    values["out"][:] = (values["combine"][node] * 2.0 + 1.0).reshape(2, 8, 64)
