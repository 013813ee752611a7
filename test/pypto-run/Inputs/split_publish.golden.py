# Reference for split_publish.mlir: each rank's half of y is the peer's half
# of x (log(exp(x)), close to x).
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    y = values["y"]
    y[0:64, :] = x[64:128, :]
    y[64:128, :] = x[0:64, :]
