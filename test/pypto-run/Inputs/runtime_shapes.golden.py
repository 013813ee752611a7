# Reference for runtime_shapes.mlir: shapes come from the tensors of this run.
def golden(values: Dict[str, Tensor]):
    values["y"][:] = torch.exp(values["x"])
    values["w"][:] = -values["z"][:, -16:]
    values["e"][:] = values["table"][values["ids"].long()]
