# Reference for decode_back.mlir: pypto-lib's golden, chunked in the same
# order (f32 accumulation of bf16 products, bf16 roundings where the
# kernels round).
def golden(values: Dict[str, Tensor]):
    hidden_states = values["hidden_states"]
    node = int(values["node_id_t"][0])
    combined = values["combine_buf"][node]
    wo = values["wo"]
    gamma = values["post_rms_weight"]
    w_gate = values["w_gate"]
    w_up = values["w_up"]
    w_down = values["w_down"]
    batch = hidden_states.shape[0]
    hidden = hidden_states.shape[1]
    inter = w_gate.shape[1]
    attn = combined.shape[1]
    out = values["out"]
    for b0 in range(0, batch, 16):
        rows = combined[b0:b0 + 16]
        resid1 = torch.zeros(16, hidden, dtype=torch.float32)
        for o0 in range(0, hidden, 64):
            acc = torch.zeros(16, 64, dtype=torch.float32)
            for k0 in range(0, attn, 128):
                acc += rows[:, k0:k0 + 128].float() @ wo[k0:k0 + 128, o0:o0 + 64].float()
            resid1[:, o0:o0 + 64] = acc + hidden_states[b0:b0 + 16, o0:o0 + 64].float()
        sq = torch.zeros(16, dtype=torch.float32)
        for k0 in range(0, hidden, 128):
            x = resid1[:, k0:k0 + 128]
            sq += (x * x).sum(-1)
        inv = torch.reciprocal(torch.sqrt(sq * (1.0 / hidden) + 1e-6)).unsqueeze(1)
        post = (resid1 * inv * gamma).to(torch.bfloat16)
        mlp = torch.zeros(16, inter, dtype=torch.bfloat16)
        for o0 in range(0, inter, 256):
            g = torch.zeros(16, 256, dtype=torch.float32)
            u = torch.zeros(16, 256, dtype=torch.float32)
            for k0 in range(0, hidden, 128):
                p = post[:, k0:k0 + 128].float()
                g += p @ w_gate[k0:k0 + 128, o0:o0 + 256].float()
                u += p @ w_up[k0:k0 + 128, o0:o0 + 256].float()
            sig = torch.reciprocal(torch.exp(-g) + 1.0)
            mlp[:, o0:o0 + 256] = (g * sig * u).to(torch.bfloat16)
        for d0 in range(0, hidden, 128):
            acc = torch.zeros(16, 128, dtype=torch.float32)
            for o0 in range(0, inter, 256):
                acc += mlp[:, o0:o0 + 256].float() @ w_down[o0:o0 + 256, d0:d0 + 128].float()
            out[b0:b0 + 16, d0:d0 + 128] = (acc + resid1[:, d0:d0 + 128]).to(torch.bfloat16)
