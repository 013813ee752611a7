# Reference for lm_head.mlir: pypto-lib's golden_lm_head for TP 2, DP 1
# (2 ranks, both owners and TP ranks). Rank r holds vocab shard r % TP
# (rows r*VPT.. of the stacked lm_head_weight), so the shards in TP order
# are the full vocabulary. Each owner's logit rows are its hidden rows
# picked by logit_row_indices (clamped to the rank's rows; -1 gives a zero
# row), projected against the full vocabulary; sampled_ids holds each row's
# first maximum in column 0 and zeros elsewhere.
def golden(values: Dict[str, Tensor]):
    TP = 2
    R = 2
    logits = values["logits"]
    ROWS = logits.shape[0] // R
    hidden = values["hidden_states"].float()
    T = hidden.shape[0] // R
    D = hidden.shape[1]
    weight = values["lm_head_weight"].float()
    VPT = weight.shape[0] // R
    shards: List[Tensor] = []
    for tp in range(TP):
        shards.append(weight[tp * VPT:(tp + 1) * VPT])
    full_weight = torch.cat(shards, dim=0)
    indices = values["logit_row_indices"]
    for owner in range(R):
        selected = torch.zeros(ROWS, D)
        for row in range(ROWS):
            source = int(indices[owner, row])
            if source >= 0:
                source = min(source, T - 1)
                selected[row] = hidden[owner * T + source]
        logits[owner * ROWS:(owner + 1) * ROWS] = torch.matmul(selected, full_weight.t())
    ids = values["sampled_ids"]
    ids.zero_()
    ids[:, 0] = torch.argmax(logits, dim=-1).to(torch.int32)
