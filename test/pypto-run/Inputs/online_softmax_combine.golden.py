# Reference for online_softmax_combine.mlir: the same block-by-block combine
# in f32. It first checks that the draw gives the combine its teeth: in every
# row some block raises the running maximum by more than 5 and some block
# lies more than 5 below it.
def golden(values: Dict[str, Tensor]):
    maxes = values["maxes"]
    sums = values["sums"]
    partial = values["partial"]
    nb = maxes.shape[0]
    q = maxes.shape[1]
    m = torch.full([q], float("-inf"))
    l = torch.zeros(q)
    o = torch.zeros(q, partial.shape[1])
    rose = torch.zeros(q, dtype=torch.bool)
    fell = torch.zeros(q, dtype=torch.bool)
    for b in range(nb):
        mb = maxes[b]
        if b > 0:
            rose = rose | (mb - m > 5.0)
            fell = fell | (m - mb > 5.0)
        mn = torch.maximum(m, mb)
        alpha = torch.exp(m - mn)
        beta = torch.exp(mb - mn)
        l = alpha * l + beta * sums[b]
        o = o * alpha.unsqueeze(1) + partial[b * q:(b + 1) * q] * beta.unsqueeze(1)
        m = mn
    assert bool(rose.all()) and bool(fell.all()), "the block maxima are not far enough apart"
    values["m_out"][:] = m.unsqueeze(0)
    values["l_out"][:] = l.unsqueeze(0)
    values["out"][:] = o / l.unsqueeze(1)
