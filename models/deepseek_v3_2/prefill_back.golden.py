# Reference for prefill_back.mlir: pypto-lib's golden (chunked bf16 matmuls
# with f32 accumulation), over each sequence's length; `out` past a length
# keeps its initial zeros.
def golden(values: Dict[str, Tensor]):
    hidden_states = values["hidden_states"]
    seq_lens = values["seq_lens"]
    combine_buf = values["combine_buf"]
    wo = values["wo"]
    gamma = values["post_rms_weight"].float()
    w_gate = values["w_gate"]
    w_up = values["w_up"]
    w_down = values["w_down"]
    out = values["out"]
    hidden = hidden_states.shape[2]

    for b in range(hidden_states.shape[0]):
        n = int(seq_lens[b])
        attn = combine_buf[0, b, :n, :]
        resid1 = torch.zeros(n, hidden, dtype=torch.float32)
        for k0 in range(0, attn.shape[1], 128):
            resid1 += attn[:, k0:k0 + 128].float() @ wo[k0:k0 + 128, :].float()
        resid1 += hidden_states[b, :n, :].float()
        sq = torch.zeros(n, dtype=torch.float32)
        for k0 in range(0, hidden, 128):
            x = resid1[:, k0:k0 + 128]
            sq += (x * x).sum(-1)
        inv = torch.rsqrt(sq * (1.0 / hidden) + 1e-6).unsqueeze(1)
        normed = (resid1 * inv * gamma).to(torch.bfloat16)
        gate = torch.zeros(n, w_gate.shape[1], dtype=torch.float32)
        up = torch.zeros(n, w_up.shape[1], dtype=torch.float32)
        for k0 in range(0, hidden, 128):
            p = normed[:, k0:k0 + 128].float()
            gate += p @ w_gate[k0:k0 + 128, :].float()
            up += p @ w_up[k0:k0 + 128, :].float()
        sig = torch.reciprocal(torch.exp(-gate) + 1.0)
        mlp = (gate * sig * up).to(torch.bfloat16)
        down = torch.zeros(n, hidden, dtype=torch.float32)
        for k0 in range(0, mlp.shape[1], 128):
            down += mlp[:, k0:k0 + 128].float() @ w_down[k0:k0 + 128, :].float()
        out[b, :n, :] = (down + resid1).to(torch.bfloat16)
