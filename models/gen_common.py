"""What the model generators (models/*/gen_*.py) share: their command line
and writing the program. Python 3 standard library only."""

import argparse
import sys


def command_line(doc, configs, programs=None):
    """--config (default `ci`) and -o; `programs` adds a positional choice."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if programs:
        parser.add_argument("program", choices=sorted(programs))
    parser.add_argument("--config", choices=sorted(configs), default="ci")
    parser.add_argument("-o", "--output", default="-",
                        help="output file (default: standard output)")
    return parser.parse_args()


def write_program(text, output):
    if output == "-":
        sys.stdout.write(text)
    else:
        with open(output, "w") as f:
            f.write(text)


def flt(value):
    """An MLIR float literal (it needs a '.': 1e-06 is 1.0e-06)."""
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


def swiglu(gate, up, tensor_type, result, indent):
    """MLIR for `result = silu(gate) * up` as pypto-lib writes it,
    gate * 1 / (exp(-gate) + 1) * up; `%one` must hold 1.0 : f32."""
    lines = [
        f"%neg = pypto.neg {gate} : {tensor_type}",
        f"%e = pypto.exp %neg : {tensor_type}",
        f"%den = pypto.adds %e, %one : {tensor_type}, f32",
        f"%sigmoid = pypto.recip %den : {tensor_type}",
        f"%silu = pypto.mul {gate}, %sigmoid : {tensor_type}",
        f"{result} = pypto.mul %silu, {up} : {tensor_type}",
    ]
    return "".join("\n" + indent + line for line in lines)
