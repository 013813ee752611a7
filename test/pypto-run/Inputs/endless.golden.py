def golden(values: Dict[str, Tensor]):
    # Never returns: the harness ends the run after PYPTO_GOLDEN_TIMEOUT_SECONDS.
    i = 0
    while i >= 0:
        i = (i + 1) % 1000
