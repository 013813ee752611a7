# Reference for trig.mlir.
def golden(values: Dict[str, Tensor]):
    values["s"][:] = torch.sin(values["x"])
    values["c"][:] = torch.cos(values["x"])
    values["hs"][:] = torch.sin(values["h"].float()).to(torch.bfloat16)
