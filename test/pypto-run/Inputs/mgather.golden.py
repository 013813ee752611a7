# Reference for mgather.mlir.
def golden(values: Dict[str, Tensor]):
    slots = values["slots"][0].long()
    values["picked"][:] = torch.exp(values["table"][slots])
    d = values["x"] * 2.0
    wslots = values["wslots"][0]
    for r in range(8):
        values["cache"][int(wslots[r])] = d[r]
    acc = torch.zeros(4, 32)
    for r in range(8):
        acc[r % 4] += values["x"][r]
    values["acc"][:] = acc
