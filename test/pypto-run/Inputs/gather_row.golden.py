# Reference for gather_row.mlir.
def golden(values: Dict[str, Tensor]):
    pool = values["pool"].float()
    idx = values["idx"][0]
    start = int(values["start"][0].item())
    rows = []
    for r in range(16):
        s = int(idx[r].item())
        rows.append(pool[s if s >= 0 else 0])
    for r in range(16):
        rows.append(pool[start + r])
    kv = torch.stack(rows)
    values["scores"][:] = values["q"].float() @ kv.t()
    values["o"][:] = values["p"].float() @ kv
