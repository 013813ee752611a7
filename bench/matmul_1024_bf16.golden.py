# Reference for matmul_1024_bf16.mlir: libtorch's bf16 product of the same
# tensors (its bf16 kernels accumulate in f32), in f32.
def golden(values: Dict[str, Tensor]):
    values["c"][:] = torch.matmul(values["a"], values["b"]).float()
