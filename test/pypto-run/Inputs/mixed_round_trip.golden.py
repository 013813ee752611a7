# Reference for mixed_round_trip.mlir.
def golden(values: Dict[str, Tensor]):
    r = torch.relu(torch.matmul(values["a"], values["b"]))
    values["y"][:] = torch.matmul(torch.matmul(r, values["c"]), values["c"])
