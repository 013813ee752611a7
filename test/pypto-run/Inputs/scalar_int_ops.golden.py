# Reference for scalar_int_ops.mlir, in Python integers: i32 results from
# 32-bit patterns (unsigned ops) and arithmetic shifts.
def wrap(x: int) -> int:
    x = x & 0xFFFFFFFF
    return x - (1 << 32) if x >= (1 << 31) else x


def golden(values: Dict[str, Tensor]):
    d = values["draws"]
    a = int(d[0].item())
    b = abs(int(d[1].item())) % 99 + 1
    s = abs(int(d[2].item())) % 40
    ua = a & 0xFFFFFFFF
    ub = b & 0xFFFFFFFF
    results = [
        wrap(ua // ub),
        wrap(ua % ub),
        wrap((ua + ub - 1) // ub),
        a // b,
        wrap(min(ua, ub)),
        wrap(max(ua, ub)),
        0 if s >= 32 else wrap(ua << s),
        (-1 if a < 0 else 0) if s >= 32 else a >> s,
    ]
    values["v"][0] = a
    values["v"][1] = b
    values["v"][2] = s
    for k in range(8):
        values["out"][k] = results[k]
        values["out"][8 + k] = results[k]
