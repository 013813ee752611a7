# Reference for branch_tensor.mlir: y takes exp of a's even and b's odd
# 16-row blocks; z is -a in blocks 0 and 1 and -(b + 2) in blocks 2 and 3.
def golden(values: Dict[str, Tensor]):
    a = values["a"]
    b = values["b"]
    for i in range(4):
        r = i * 16
        src = a if i % 2 == 0 else b
        values["y"][r:r + 16] = torch.exp(src[r:r + 16])
        values["z"][r:r + 16] = -(a[r:r + 16] if i < 2 else b[r:r + 16] + 2.0)
