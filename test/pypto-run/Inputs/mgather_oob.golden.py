# The run stops at the gather: nothing is compared.
def golden(values: Dict[str, Tensor]):
    values["out"][:] = 0.0
