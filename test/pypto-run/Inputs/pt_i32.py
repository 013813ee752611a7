"""Prints the values of a 1-D int32 tensor saved by pypto-run (a .pt zip
archive whose data record is the raw little-endian elements), without torch.

    python3 pt_i32.py FILE.pt
"""
import struct
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as archive:
    name = next(n for n in archive.namelist() if n.endswith("/data/0"))
    raw = archive.read(name)
print(" ".join(str(v) for v in struct.unpack("<%di" % (len(raw) // 4), raw)))
