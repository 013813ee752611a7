# Reference for scatter_update.mlir.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    v = 3 * x + 1
    slots = values["slots"].flatten()
    for k in range(8):
        values["cache"][int(slots[k])] = v[k]
    for k in range(8):
        values["cache2"][15 - 2 * k] = x[k]
