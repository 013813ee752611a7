# Reference for kernel_array.mlir: per block of 16 ids, the count of each
# bucket 0..3 and the exclusive prefix sums of the counts.
def golden(values: Dict[str, Tensor]):
    ids = values["ids"].long().reshape(4, 16)
    counts = torch.zeros(4, 4, dtype=torch.int32)
    for k in range(4):
        counts[:, k] = (ids == k).sum(dim=1).int()
    values["counts"][:] = counts
    values["offsets"][:] = torch.cumsum(counts.long(), dim=1) - counts.long()
