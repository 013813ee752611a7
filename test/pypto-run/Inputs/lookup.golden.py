# Reference for lookup.mlir.
def golden(values: Dict[str, Tensor]):
    ids = values["ids"].long()
    values["out"][:] = torch.exp(values["table"][ids])
    values["next"][:] = values["ids"] + 1
