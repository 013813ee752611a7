# Never compared: div_zero.mlir stops at its division by zero.
def golden(values: Dict[str, Tensor]):
    values["out"][:] = 0
