def golden(values: Dict[str, Tensor]):
    # TorchScript raises at run time with an assert (it has no RuntimeError).
    assert values["x"].numel() == 0, "the golden is broken on purpose"
