# Reference for decode_metadata.mlir, pypto-lib's golden_decode_metadata:
# per token, its request's pages for the swa slot, the visible window row
# (-1 past the window length), the original-KV slot, the ratio-128 and
# ratio-4 compressed slots (-1 unless position + 1 is a multiple of 128 or 4)
# and the compressor-state slots. Sizes come from the tensors.
def golden(values: Dict[str, Tensor]):
    positions = values["position_ids"]
    ori_table = values["ori_block_table"]
    cmp_table = values["cmp_block_table"]
    idx_table = values["idx_block_table"]
    hca_state_table = values["hca_state_block_table"]
    csa_state_table = values["csa_state_block_table"]
    inner_state_table = values["csa_inner_state_block_table"]
    counts = values["block_counts"]
    swa_indices = values["swa_indices"]
    block_size = 32
    c4a_block_size = 2
    c128_block_size = 8
    group_cmp = 1
    group_idx = 2
    group_hca_state = 3
    group_csa_state = 4
    group_csa_inner_state = 5
    tokens = positions.shape[0]
    seq = tokens // ori_table.shape[0]
    win = swa_indices.shape[1]

    swa_indices.fill_(-1)
    for token in range(tokens):
        request = token // seq
        position = int(positions[token].item())
        logical_block = position // block_size
        block_offset = position % block_size
        slot = int(ori_table[request, logical_block].item()) * block_size + block_offset
        values["swa_slot_mapping"][token] = slot
        valid_len = min(position + 1, win)
        start = position - valid_len + 1
        visible = torch.arange(start, position + 1, dtype=torch.int64)
        visible_block = torch.div(visible, block_size, rounding_mode="floor")
        visible_offset = visible - visible_block * block_size
        pages = ori_table[request].to(torch.int64).index_select(0, visible_block)
        swa_indices[token, :valid_len] = (pages * block_size + visible_offset).to(torch.int32)
        values["swa_lens"][token] = valid_len

        values["ori_slot_mapping"][token] = slot
        values["hca_cmp_slot_mapping"][token] = -1
        if (position + 1) % 128 == 0:
            logical = position // 128
            count = int(counts[request, group_cmp].item())
            page = (logical // block_size) % count
            values["hca_cmp_slot_mapping"][token] = (
                int(cmp_table[request, page].item()) * block_size + logical % block_size)

        values["csa_cmp_slot_mapping"][token] = -1
        values["csa_idx_slot_mapping"][token] = -1
        if (position + 1) % 4 == 0:
            logical = position // 4
            page = logical // block_size
            offset = logical % block_size
            cmp_count = int(counts[request, group_cmp].item())
            idx_count = int(counts[request, group_idx].item())
            values["csa_cmp_slot_mapping"][token] = (
                int(cmp_table[request, page % cmp_count].item()) * block_size + offset)
            values["csa_idx_slot_mapping"][token] = (
                int(idx_table[request, page % idx_count].item()) * block_size + offset)

        hca_block = position // c128_block_size
        hca_offset = position % c128_block_size
        hca_count = int(counts[request, group_hca_state].item())
        values["hca_state_slot_mapping"][token] = (
            int(hca_state_table[request, hca_block % hca_count].item()) * c128_block_size
            + hca_offset)
        csa_block = position // c4a_block_size
        csa_offset = position % c4a_block_size
        csa_count = int(counts[request, group_csa_state].item())
        inner_count = int(counts[request, group_csa_inner_state].item())
        values["csa_state_slot_mapping"][token] = (
            int(csa_state_table[request, csa_block % csa_count].item()) * c4a_block_size
            + csa_offset)
        values["csa_inner_state_slot_mapping"][token] = (
            int(inner_state_table[request, csa_block % inner_count].item()) * c4a_block_size
            + csa_offset)
