# Reference for gemm_eltwise.mlir: resid = attn_out @ wo + hidden, in f32.
def golden(values: Dict[str, Tensor]):
    values["resid"][:] = torch.matmul(values["attn_out"].float(),
                                      values["wo"].float()) + values["hidden"].float()
