# Reference for init_knobs.mlir. randn * 0.02 stays well inside (-0.2, 0.2);
# rand * 4 lies in [0, 4) and, over 1024 draws, goes past 1; randint over
# [100, 104) hits both ends; arange scaled by 3 counts 0, 3, ..., 3069.
def golden(values: Dict[str, Tensor]):
    w = values["w"]
    u = values["u"]
    k = values["k"]
    w_max = float(w.abs().max().item())
    assert 0.0 < w_max and w_max < 0.2, "w is not randn scaled by 0.02"
    u_min = float(u.min().item())
    u_max = float(u.max().item())
    assert 0.0 <= u_min and 1.0 < u_max and u_max < 4.0, "u is not rand scaled by 4"
    assert int(k.min().item()) == 100 and int(k.max().item()) == 103, "k is not randint over [100, 104)"
    a = values["a"]
    assert bool(torch.equal(a.flatten(), torch.arange(1024, dtype=torch.int32) * 3)), "a is not arange in steps of 3"
    values["y"][:] = w + u + (k + a).to(torch.float32)
