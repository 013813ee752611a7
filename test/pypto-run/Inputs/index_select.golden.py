# torch's own definitions of the ops in index_select.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    y = values["y"]
    values["ramps"][:] = torch.stack([torch.arange(48, dtype=torch.int32) + 100 * i for i in range(2)])
    values["down"][:] = (3 - torch.arange(40, dtype=torch.int32)).to(torch.int16).view(1, 40)
    values["g"][:] = torch.gather(x[0:6], 1, values["idx"].to(torch.int64))
    gt = (x > y).to(torch.float32)
    ge = (x >= 0.25).to(torch.float32)
    values["gt"][:] = gt
    values["ge"][:] = ge
    values["sel"][:] = torch.where(gt != 0, x, y)
    values["sels"][:] = torch.where(ge != 0, y, torch.full_like(y, -1.0))
    values["eq"][:] = (values["a"] == values["b"]).to(torch.int32)
