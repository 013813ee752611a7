# Reference for elementwise_ext.mlir, written with torch's own ops (not the
# interpreter's): remainder has the divisor's sign, fmod the dividend's.
def i32(t: Tensor) -> Tensor:
    # int64 to i32, wrapping around as the kernels' arithmetic does.
    t = t & 0xFFFFFFFF
    return torch.where(t >= 0x80000000, t - 0x100000000, t).int()


def golden(values: Dict[str, Tensor]):
    x = values["x"]
    y = values["y"]
    a = values["a"].long()
    b = values["b"].long()
    r = values["r"]
    dpos = y * y + 0.5
    dneg = -dpos
    values["f_rem"][:] = torch.remainder(x, dneg)
    values["f_fmod"][:] = torch.fmod(x, dneg)
    values["f_rems"][:] = torch.remainder(x, -1.5)
    values["f_fmods"][:] = torch.fmod(x, 1.5)
    values["f_prelu"][:] = torch.where(x > 0, x, x * y)
    values["f_lrelu"][:] = torch.where(x > 0, x, x * 0.2)
    values["f_addc"][:] = x + y + dneg
    values["f_subc"][:] = x - y + dpos
    values["f_addsc"][:] = x + 2.0 + y
    values["f_subsc"][:] = x - 2.0 + y
    d = b | 1
    values["i_rem"][:] = i32(torch.remainder(a, d))
    values["i_fmod"][:] = i32(torch.fmod(a, d))
    values["i_rems"][:] = i32(torch.remainder(a, -7))
    values["i_fmods"][:] = i32(torch.fmod(a, 7))
    values["i_and"][:] = i32(a & b)
    values["i_or"][:] = i32(a | b)
    values["i_xor"][:] = i32(a ^ b)
    values["i_not"][:] = i32(-a - 1)
    n = b & 31
    values["i_shl"][:] = i32(a * torch.pow(2, n))
    values["i_shr"][:] = i32(torch.floor_divide(a, torch.pow(2, n)))
    values["i_scalar"][:] = i32((torch.floor_divide(a ^ 23130, 8) * 16) & 255)
    values["i_addc"][:] = i32(a + b + d)
    near1 = r * 0.1 + 1.0
    values["row_prod"][:] = near1.double().prod(1, keepdim=True).float()
    values["col_prod"][:] = near1.double().prod(0, keepdim=True).float()
    values["row_prod_i"][:] = i32(values["ri"].long().prod(1, keepdim=True))
    values["row_argmax"][:] = r.argmax(1, keepdim=True).int()
    values["row_argmin"][:] = r.argmin(1, keepdim=True).int()
    values["col_argmax"][:] = r.argmax(0, keepdim=True).int()
    values["col_argmin"][:] = r.argmin(0, keepdim=True).int()
