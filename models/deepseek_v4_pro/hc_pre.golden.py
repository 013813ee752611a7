# Reference for hc_pre.mlir (any configuration of gen_hc_pre.py): pypto-lib's
# golden_hc_pre (models/deepseek_v4_pro/hc_pre.py) for its default separate
# path. The sum of squares and the dots accumulate K fragments of 256 in
# ascending order as there; inside a fragment torch's sum stands for the
# A5 TROWSUM order pypto-lib mirrors (a rounding-level difference), so the
# pre and post dots (pypto-lib's _golden_a5_pre_raw/_post_raw, hc_fn rows
# 0..3 and 4..7) equal the cube's first 8 mixes here. The rsqrt is computed
# in f64 and rounded once, as pypto-lib's high-precision one.
def golden(values: Dict[str, Tensor]):
    x = values["x"].float()
    hc_fn = values["hc_fn"].float()
    hc_scale = values["hc_scale"].float()
    hc_base = values["hc_base"].float()
    t = x.shape[0]
    hc = x.shape[1]
    d = x.shape[2]
    hc_dim = hc * d
    mix_hc = hc_fn.shape[0]
    eps = 1e-6
    chunk = 256
    x_flat = x.reshape(t, hc_dim)

    sq = torch.zeros(t, 1)
    for k0 in range(0, hc_dim, chunk):
        c = x_flat[:, k0:k0 + chunk]
        sq += (c * c).sum(dim=-1, keepdim=True)
    inv = torch.rsqrt((sq * (1.0 / hc_dim) + 1e-6).double()).float()

    mixes = torch.zeros(t, mix_hc)
    for k0 in range(0, hc_dim, chunk):
        xk = x_flat[:, k0:k0 + chunk].unsqueeze(1)
        wk = hc_fn[:, k0:k0 + chunk].unsqueeze(0)
        mixes += (xk * wk).sum(dim=-1)
    pre_raw = mixes[:, 0:hc]
    post_raw = mixes[:, hc:2 * hc]
    mixes = mixes * inv

    pre = torch.sigmoid(pre_raw * inv * hc_scale[0] + hc_base[0:hc]) + eps
    post = torch.sigmoid(post_raw * inv * hc_scale[1] + hc_base[hc:2 * hc]) * 2.0
    comb = (mixes[:, 2 * hc:] * hc_scale[2] + hc_base[2 * hc:]).reshape(t, hc, hc)
    comb = torch.softmax(comb, dim=-1) + eps
    comb = comb / (comb.sum(dim=-2, keepdim=True) + eps)
    for _ in range(20 - 1):
        comb = comb / (comb.sum(dim=-1, keepdim=True) + eps)
        comb = comb / (comb.sum(dim=-2, keepdim=True) + eps)

    y01 = x[:, 0, :] * pre[:, 0:1] + x[:, 1, :] * pre[:, 1:2]
    y23 = x[:, 2, :] * pre[:, 2:3] + x[:, 3, :] * pre[:, 3:4]
    values["x_mixed"][:] = (y01 + y23).to(torch.bfloat16)
    values["post"][:] = post
    values["comb"][:] = comb.reshape(t, hc * hc)
