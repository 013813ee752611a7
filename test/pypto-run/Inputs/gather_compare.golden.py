# Reference for gather_compare.mlir: per row, the columns where the compare
# holds (plus the offset), -1 past their count, and the counts.
def compare_gather(hits: Tensor, width: int, offset: int):
    rows = hits.size(0)
    idx = torch.full([rows, width], -1, dtype=torch.int32)
    for r in range(rows):
        cols = torch.nonzero(hits[r]).flatten() + offset
        idx[r, 0:cols.numel()] = cols.to(torch.int32)
    return idx, hits.sum(1).to(torch.int32).reshape(1, rows)


def golden(values: Dict[str, Tensor]):
    idx, count = compare_gather(values["x"] > 0.25, 37, 3)
    values["idx"][:] = idx
    values["count"][:] = count
    eidx, ecount = compare_gather(values["v"] == 2, 8, 0)
    values["eidx"][:] = eidx
    values["ecount"][:] = ecount
    d = values["h"] * 2
    hidx, hcount = compare_gather(d > values["k32"], 64, 0)
    values["hidx"][:] = hidx + 100
    values["hcount"][:] = hcount
