# A golden that makes an output entry one of its inputs: c = a (for a
# program whose c is a's copy, it is right). Used with matmul.mlir only to
# check that the golden output does not share the input's storage.
def golden(values: Dict[str, Tensor]):
    values["c"] = values["a"]
