# Reference for int_init.mlir with an i1 x from randint: x is a bool tensor
# and, over 1024 draws, holds both values.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    assert x.dtype == torch.bool, "x is not a bool tensor"
    assert bool(x.any()) and not bool(x.all()), "x does not hold both 0 and 1"
    values["y"][:] = x
