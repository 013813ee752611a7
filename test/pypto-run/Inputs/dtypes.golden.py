# Scalars arrive as 0-D tensors of their dtype.
def golden(values: Dict[str, Tensor]):
    assert values["s"].dim() == 0 and values["s"].dtype == torch.float32
    assert values["n"].dim() == 0 and values["n"].dtype == torch.int64
    assert values["flag"].dim() == 0 and values["flag"].dtype == torch.bool
    assert values["u8"].dtype == torch.uint8 and values["b"].dtype == torch.bool
    values["y"][:] = values["f32"] + values["s"]
