# Reference for hc_post.mlir, pypto-lib's golden (model.py Block.hc_post):
# f32 throughout, no bf16 rounding of y.
def golden(values: Dict[str, Tensor]):
    x = values["x"].float()
    residual = values["residual"]
    post = values["post"]
    comb = values["comb"].reshape(-1, 4, 4)
    for out_h in range(4):
        y_row = x * post[:, out_h:out_h + 1]
        for in_h in range(4):
            y_row = y_row + residual[:, in_h, :] * comb[:, in_h, out_h:out_h + 1]
        values["y"][:, out_h, :] = y_row
