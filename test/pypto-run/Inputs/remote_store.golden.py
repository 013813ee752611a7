# Reference for remote_store.mlir: every rank's window holds the first
# n_rows rows of each rank's 24-row block (put), the first 3 rows of each
# block (the static put), the exp of the other rank's first row in that
# rank's row (remote_store), and twice the sum of both ranks' first rows
# (atomic adds); each rank copies its windows out, and pulls the other
# rank's `scaled` window.
def golden(values: Dict[str, Tensor]):
    x = values["x"]
    n = int(values["n_rows"].item())
    gathered = torch.zeros(48, 64)
    patched = torch.zeros(48, 64)
    for q in range(2):
        gathered[24 * q : 24 * q + n] = x[24 * q : 24 * q + n]
        patched[24 * q : 24 * q + 3] = x[24 * q : 24 * q + 3]
    values["gathered"][:] = torch.cat([gathered, gathered])
    values["patched"][:] = torch.cat([patched, patched])
    exps = torch.zeros(4, 64)
    exps[1] = torch.exp(x[24])
    exps[2] = torch.exp(x[0])
    values["exps"][:] = exps
    total = x[0] * 2.0 + x[24] * 2.0
    values["sums"][:] = torch.stack([total, total])
    # Each rank pulls the other's `scaled` window, which it wrote itself.
    pulled = torch.zeros(4, 64)
    pulled[0] = torch.exp(x[0])
    pulled[3] = torch.exp(x[24])
    values["pulled"][:] = pulled
