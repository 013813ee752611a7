# Reference for tri.mlir.
def golden(values: Dict[str, Tensor]):
    values["masked"][:] = torch.tril(values["s"])
    values["upper"][:] = torch.triu(torch.ones(16, 32, dtype=torch.int32), 2)
    values["below"][:] = torch.tril(torch.ones(16, 40), -3).to(torch.float16)
