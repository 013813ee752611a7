#!/usr/bin/env python3
"""Runs the kernel corpus on one platform and prints a table.

Every *.mlir program under the given paths (default: examples/ and models/
of the repository) is compiled, run and validated with pypto-run. Markers
near the top of a program are honoured: `// ci: no-sim` programs are only
compiled on a simulator, `// ci: devices=N` programs run on N simulated chips
(`-d 0,...,N-1`).
The table gives each program's result, compile and runtime seconds and the
largest absolute error over its outputs (report/validation.json). The exit
status is 1 when any program fails; the failures are named with their first
error line.

Only the Python standard library is used.
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^\s*(?://|#)\s*ci:\s*(\S+)")


def markers(path):
    found = {"devices": 1, "no-sim": False}
    with open(path, encoding="utf-8", errors="replace") as f:
        for _, line in zip(range(40), f):
            m = MARKER.match(line)
            if not m:
                continue
            if m.group(1) == "no-sim":
                found["no-sim"] = True
            elif m.group(1).startswith("devices="):
                try:
                    found["devices"] = int(m.group(1)[len("devices="):])
                except ValueError:
                    found["devices"] = 0
    return found


def stage_seconds(stdout, stage):
    m = re.search(r"^\[RUN\] %s done \(([0-9.]+)s\)" % re.escape(stage), stdout,
                  re.MULTILINE)
    return float(m.group(1)) if m else None


def max_error(build):
    try:
        with open(os.path.join(build, "report", "validation.json")) as f:
            outputs = json.load(f)["outputs"]
    except (OSError, ValueError, KeyError):
        return None
    values = [o["max_abs_diff"] for o in outputs
              if isinstance(o.get("max_abs_diff"), (int, float))]
    return max(values) if values else None


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower() or "FAIL" in line or "do not match" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "no output"


def run_one(tool, program, platform, out_root, extra):
    name = str(program.relative_to(ROOT)) if program.is_relative_to(ROOT) else str(program)
    mark = markers(program)
    build = os.path.join(out_root, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + "-" + platform)
    cmd = [tool, str(program), "-p", platform, "--output-dir", build] + extra
    note = ""
    if mark["devices"] > 1:
        # The simulators run one chip per rank.
        cmd += ["-d", ",".join(str(i) for i in range(mark["devices"]))]
        note = "%d devices" % mark["devices"]
    if mark["no-sim"] and platform.endswith("sim"):
        cmd += ["--compile-only"]
        note = "compile only: ci: no-sim"
    started = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - started
    passed = proc.returncode == 0
    return {
        "name": name,
        "result": ("PASS" if passed else "FAIL") + (" (%s)" % note if note else ""),
        "passed": passed,
        "compile": stage_seconds(proc.stdout, "compile"),
        "run": stage_seconds(proc.stdout, "runtime"),
        "error": max_error(build) if passed else None,
        "wall": wall,
        "why": "" if passed else first_error(proc.stderr + "\n" + proc.stdout),
    }


def fmt(value, spec):
    return format(value, spec) if isinstance(value, (int, float)) else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--platform", required=True,
                        choices=["a2a3", "a2a3sim", "a5", "a5sim"])
    parser.add_argument("paths", nargs="*", help="programs or directories "
                        "(default: examples/ and models/)")
    parser.add_argument("--tool", default=str(ROOT / "build" / "bin" / "pypto-run"),
                        help="the pypto-run to use")
    parser.add_argument("--output-dir", default="build_output/corpus",
                        help="where the builds go (one directory per program)")
    args, extra = parser.parse_known_args()
    paths = [pathlib.Path(p) for p in args.paths] or \
        [p for p in (ROOT / "examples", ROOT / "models") if p.exists()]
    programs = []
    for path in paths:
        path = path.resolve()
        if path.is_dir():
            programs += sorted(path.rglob("*.mlir"))
        elif path.suffix == ".mlir":
            programs.append(path)
        else:
            print("run-corpus: error: '%s' is not a program or directory" % path,
                  file=sys.stderr)
            return 2
    if not programs:
        print("run-corpus: error: no programs under %s" % ", ".join(map(str, paths)),
              file=sys.stderr)
        return 2
    if not os.access(args.tool, os.X_OK):
        print("run-corpus: error: pypto-run not found at '%s' (build first, or "
              "pass --tool)" % args.tool, file=sys.stderr)
        return 2

    rows = []
    for program in programs:
        rows.append(run_one(args.tool, program, args.platform, args.output_dir, extra))
        r = rows[-1]
        print("[%d/%d] %s %s (%.1fs)" % (len(rows), len(programs), r["result"].split()[0],
                                        r["name"], r["wall"]), file=sys.stderr, flush=True)
    print("%-44s %-40s %9s %8s %10s" % ("kernel", "result", "compile s", "run s",
                                      "max error"))
    for r in rows:
        print("%-44s %-40s %9s %8s %10s" % (r["name"], r["result"], fmt(r["compile"], ".2f"),
                                          fmt(r["run"], ".2f"), fmt(r["error"], ".2e")))
    failed = [r for r in rows if not r["passed"]]
    print("\n%d of %d passed on %s" % (len(rows) - len(failed), len(rows), args.platform))
    for r in failed:
        print("FAIL %s: %s" % (r["name"], r["why"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
