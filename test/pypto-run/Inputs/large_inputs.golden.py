# Checks the inputs drawn in blocks (randn x 2, rand x 3, randint [0, 100)),
# then y = x + w and kk = k.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    w = values["w"]
    k = values["k"]
    # 2^24 samples: the mean's standard error is 2 / 4096, the bounds are
    # about 20 of them.
    assert abs(float(x.mean())) < 0.01, "x: mean is not 0"
    assert abs(float(x.std()) - 2.0) < 0.01, "x: deviation is not 2"
    # Rows 0-255 and 256-511 are two blocks: their own generators.
    assert not bool(torch.equal(x[0:256], x[256:512])), "x: two blocks are equal"
    assert not bool(torch.equal(w[0:256], w[256:512])), "w: two blocks are equal"
    assert float(w.min()) >= 0.0 and float(w.max()) < 3.0, "w: not in [0, 3)"
    assert abs(float(w.mean()) - 1.5) < 0.01, "w: mean is not 1.5"
    assert int(k.min()) == 0 and int(k.max()) == 99, "k: not in [0, 100)"
    assert abs(float(k.double().mean()) - 49.5) < 0.1, "k: mean is not 49.5"
    values["y"][:] = x + w
    values["kk"][:] = k
