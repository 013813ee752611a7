# Reference for markov_head.mlir: the markov_w1 rows of the token ids, and
# their logits against markov_w2 in f32.
def golden(values: Dict[str, Tensor]):
    embed = values["markov_w1"].index_select(0, values["token_ids"].long())
    values["markov_embed"][:] = embed
    values["logits_bias"][:] = embed.float() @ values["markov_w2"].float().t()
