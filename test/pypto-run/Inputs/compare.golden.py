# y = x with 3 of its 256 elements off by 1.0; vals = scores; idx = 0..7
# (the kernel returns 1..8: for equal scores any index is a legal tie-break,
# except 8, which is past the scores).
def golden(values: Dict[str, Tensor]):
    y = values["x"].clone()
    y.view(-1)[0:3] += 1.0
    values["y"][:] = y
    values["vals"][:] = values["scores"]
    values["idx"][:] = torch.arange(8, dtype=torch.int32).view(1, 8)
