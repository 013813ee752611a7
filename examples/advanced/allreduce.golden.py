# Reference for allreduce.mlir: every rank's row is the sum of all rows.
def golden(values: Dict[str, Tensor]):
    inputs = values["inputs"]
    values["outputs"][:] = inputs.sum(dim=0, keepdim=True).expand_as(inputs)
