# Reference for matmul.mlir that writes its inputs after using them, in each
# way a TorchScript golden can: in place, through a view, and as an out=
# argument. The golden sees clones by the specification, so the device must
# still get the drawn a and b.
def golden(values: Dict[str, Tensor]):
    a = values["a"]
    b = values["b"]
    values["c"][:] = torch.matmul(a, b)
    a.mul_(0.0)
    b[0].fill_(7.0)
    torch.add(b, b, out=b)
