"""Reads a pypto-run data/ directory with Python's torch.load.

Prints every tensor's name, shape and dtype, and checks the hello_world
relation y = x + a between the files.
"""
import pathlib
import sys

import torch

data = pathlib.Path(sys.argv[1])
loaded = {}
for path in sorted(data.glob("*/*.pt")):
    tensor = torch.load(path)
    loaded[path.parent.name + "/" + path.stem] = tensor
    print(f"{path.parent.name}/{path.name} shape={tuple(tensor.shape)} dtype={tensor.dtype}")
expected = loaded["in/x"] + loaded["in/a"]
assert torch.allclose(loaded["out/y"], expected), "out/y is not in/x + in/a"
print("torch.load: OK")
