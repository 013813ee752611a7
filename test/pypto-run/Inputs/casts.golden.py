# Reference for casts.mlir, derived from the definition of each rounding mode
# (not from the simulator's code). Every output holds one row per mode, in the
# order of `modes` in golden(), which is the order the kernels cast in; the
# columns are the source values, [v, -v] for conversions to a float type.
#
# A conversion rounds the exact source value once:
#   to an integer type: to an integral value;
#   to a float type: to an integral number of units in the last place (ulp) of
#   the target, where ulp = 2^(e - mantissa bits), e = the binary exponent of
#   the value, at least the target's smallest normal exponent (subnormals).
# Rounding an exact value q to an integral value, per mode:
#   rint  nearest, ties to even          (torch.round)
#   round nearest, ties away from zero   sign(q) * floor(|q| + 0.5)
#   floor toward -inf                    torch.floor
#   ceil  toward +inf                    torch.ceil
#   trunc toward zero                    torch.trunc
#   odd   round to odd: an exact q stays, an inexact q takes the neighbour
#         whose last bit is 1 (the odd one of floor(q), floor(q) + 1)
#   none  the conversion's default, rint (CAST_NONE rounds as CAST_RINT)
# Everything is computed in float64, where all these values are exact.


def to_integral(q: Tensor, mode: str) -> Tensor:
    if mode == "rint" or mode == "none":
        return torch.round(q)
    if mode == "round":
        return torch.sign(q) * torch.floor(torch.abs(q) + 0.5)
    if mode == "floor":
        return torch.floor(q)
    if mode == "ceil":
        return torch.ceil(q)
    if mode == "trunc":
        return torch.trunc(q)
    assert mode == "odd", "unknown mode " + mode
    low = torch.floor(q)
    odd_low = torch.remainder(low, 2.0) == 1.0
    return torch.where(q == low, q, torch.where(odd_low, low, low + 1.0))


# x (float64) rounded to the float format with `mant` fraction bits and
# smallest normal exponent `emin`.
def to_float(x: Tensor, mant: int, emin: int, mode: str) -> Tensor:
    frexp = torch.frexp(x)  # x = m * 2^k, 0.5 <= |m| < 1
    e = torch.clamp(frexp[1].to(torch.float64) - 1.0, min=float(emin))
    ulp = torch.pow(2.0, e - float(mant))
    return to_integral(x / ulp, mode) * ulp


def rounded(x: Tensor, dtype: int, mode: str) -> Tensor:
    if dtype == torch.float16:
        r = to_float(x, 10, -14, mode)
    elif dtype == torch.bfloat16:
        r = to_float(x, 7, -126, mode)
    elif dtype == torch.float32:
        r = to_float(x, 23, -126, mode)
    else:
        r = to_integral(x, mode)
    out = r.to(dtype)
    assert bool(torch.equal(out.to(torch.float64), r)), "not representable"
    return out


# Writes out[m] = x rounded in modes[m] for every mode, after checking that
# the values tell every two modes apart (rint and none are one rounding).
def convert(out: Tensor, x: Tensor, modes: List[str], name: str):
    rows: List[Tensor] = []
    for mode in modes:
        rows.append(rounded(x, out.dtype, mode))
    for i in range(len(modes)):
        for j in range(i + 1, len(modes)):
            same = modes[i] in ["rint", "none"] and modes[j] in ["rint", "none"]
            assert same or not bool(torch.equal(rows[i], rows[j])), \
                name + ": the inputs do not tell " + modes[i] + " from " + modes[j]
    # Independent checks: torch's own float conversions round to nearest
    # even (the f16 and bf16 sources are exact in f32, so through f32 they
    # round once), its float -> int conversion truncates.
    if out.is_floating_point():
        ref = x.to(torch.float32).to(out.dtype)
        assert bool(torch.equal(rows[modes.index("rint")], ref)), name + ": rint"
    else:
        assert bool(torch.equal(rows[modes.index("trunc")], x.to(out.dtype))), name + ": trunc"
    for m in range(len(modes)):
        out[m] = rows[m]


# The values and their negations, the columns of a float target's output.
def both(v: Tensor) -> Tensor:
    return torch.cat([v, -v])


def golden(values: Dict[str, Tensor]):
    # The row order of every output: the kernels cast in this order.
    modes = ["rint", "round", "floor", "ceil", "trunc", "odd", "none"]
    n = values["n"].to(torch.float64).reshape(-1)
    assert bool(torch.equal(n, torch.arange(64, dtype=torch.float64))), "n is not arange"
    assert bool(torch.equal(values["k32"].reshape(-1).to(torch.float64), n)), "k32 is not arange"
    assert bool(torch.equal(values["k16"].reshape(-1).to(torch.float64), n)), "k16 is not arange"
    # -8, -7.75, ..., 7.75: ties (x.5), near ties (x.25, x.75) and integers,
    # of both signs, in units of the target's last place.
    t = (n - 32.0) * 0.25

    # float -> int: t itself.
    for src in ["f32", "f16", "bf16"]:
        for dst in ["i32", "i16", "i8"]:
            convert(values[src + "_" + dst], t, modes, src + "_" + dst)
    # float -> float: normal values whose ulp in the target is 1 (f16: in
    # [1024, 2048), bf16: in [128, 256)) and subnormals of the target
    # (f16: ulp 2^-24, bf16: ulp 2^-133).
    convert(values["f32_f16"], both(1536.0 + t), modes, "f32_f16")
    convert(values["f32_f16_sub"], both(t * 2.0 ** -24), modes, "f32_f16_sub")
    convert(values["f32_bf16"], both(192.0 + t), modes, "f32_bf16")
    convert(values["f32_bf16_sub"], both(t * 2.0 ** -133), modes, "f32_bf16_sub")
    convert(values["f16_bf16"], both(192.0 + t), modes, "f16_bf16")
    convert(values["bf16_f16_sub"], both(t * 2.0 ** -24), modes, "bf16_f16_sub")
    # int -> float: integers 4 * (B + t) in a binade where the target's ulp
    # is 4 (f32: [2^25, 2^26), f16: [4096, 8192), bf16: [512, 1024)).
    convert(values["i32_f32"], both(50331648.0 + 4.0 * t), modes, "i32_f32")
    convert(values["i32_f16"], both(6144.0 + 4.0 * t), modes, "i32_f16")
    convert(values["i32_bf16"], both(768.0 + 4.0 * t), modes, "i32_bf16")
    convert(values["i16_f16"], both(6144.0 + 4.0 * t), modes, "i16_f16")
    convert(values["i16_bf16"], both(768.0 + 4.0 * t), modes, "i16_bf16")
