# Scalars arrive as 0-D tensors of their dtype. Every inout is recomputed in
# its own dtype, as the kernels do: torch rounds f16/bf16 after each op and
# wraps u8.
def golden(values: Dict[str, Tensor]):
    assert values["s"].dim() == 0 and values["s"].dtype == torch.float32
    assert values["n"].dim() == 0 and values["n"].dtype == torch.int64
    assert values["flag"].dim() == 0 and values["flag"].dtype == torch.bool
    assert values["u8"].dtype == torch.uint8 and values["b"].dtype == torch.bool
    f32 = values["f32"].clone()
    values["y"][:] = f32 + values["s"]
    values["f32"][:] = f32 * f32 - f32
    f16 = values["f16"].clone()
    values["f16"][:] = f16 * f16 + f16
    bf16 = values["bf16"].clone()
    values["bf16"][:] = bf16 * bf16 + bf16
    i8 = values["i8"].clone()
    values["i8"][:] = i8 * i8 + i8
    i16 = values["i16"].clone()
    values["i16"][:] = i16 * i16 - i16
    i32 = values["i32"].clone()
    values["i32"][:] = i32 * i32 - 100
    i64 = values["i64"].clone()
    values["i64"][:] = i64 * i64 + values["n"]
    two = values["u8"] + values["u8"]
    four = two * two
    sixteen = four * four
    values["u8"][:] = sixteen * sixteen + two
    values["b"][:] = values["b"] | values["flag"]
