# Reference for init_values.mlir: the listed values, doubled.
def golden(values: Dict[str, Tensor]):
    x = torch.tensor([[0.076099, 0.032597, 0.226994, 5.9166, -3.6223, -2.9324, -3.3124, 1.5],
                      [-3.91, -0.9384, 2.0706, 0.1424, 3.4634, -0.501, 3.1587, -7.25]])
    values["y"][:] = 2 * x
    values["m"][:] = torch.tensor([6, -2, 14, 200], dtype=torch.int32)
