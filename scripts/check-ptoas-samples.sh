#!/usr/bin/env bash
# Checks that pypto-mlir reads every .pto pypto wrote in a PTOAS checkout's samples and that
# the built-in lowering turns every kernel in them into C++ that compiles against the tile
# library (docs/Compatibility.md).
# usage: scripts/check-ptoas-samples.sh PTOAS_SOURCE_DIR [BUILD_DIR]
# Prints one line per failing file and a summary; exits 1 when any file fails.
set -uo pipefail
src=${1:?usage: check-ptoas-samples.sh PTOAS_SOURCE_DIR [BUILD_DIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$root/build}
cxx=${CXX:-g++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 failed=0
for f in "$src"/test/samples/{PyPTOIRParser,Qwen3DecodeA3,Qwen3DecodeA5}/*.pto; do
  [ -f "$f" ] || continue
  total=$((total + 1))
  name=$(basename "$(dirname "$f")")/$(basename "$f")
  if ! "$build/bin/pypto-opt" "$f" -o "$work/a.mlir" 2>"$work/err" ||
     ! "$build/bin/pypto-opt" "$work/a.mlir" -o "$work/b.mlir" 2>>"$work/err" ||
     ! cmp -s "$work/a.mlir" "$work/b.mlir"; then
    echo "parse: $name: $(head -1 "$work/err")"; failed=$((failed + 1)); continue
  fi
  if ! "$build/bin/pypto-translate" --emit-kernel-function "$f" -o "$work/k.cpp" 2>"$work/err"; then
    echo "lower: $name: $(head -1 "$work/err")"; failed=$((failed + 1)); continue
  fi
  # A cube kernel uses the cube buffers; pypto's oldest files carry no kernel_kind.
  core=__DAV_VEC__
  grep -qE 'kernel_kind<cube>|loc=(left|right|acc|mat)' "$f" && core=__DAV_CUBE__
  if ! "$cxx" -fsyntax-only -std=c++17 -I"$root/include/pypto/Runtime" -D__CPU_SIM -D$core \
       "$work/k.cpp" 2>"$work/err"; then
    echo "compile: $name: $(grep -m1 error "$work/err")"; failed=$((failed + 1)); continue
  fi
done
if [ "$total" -eq 0 ]; then
  echo "no .pto samples under $src/test/samples" >&2; exit 2
fi
echo "$((total - failed)) of $total sample files parse, lower and compile"
[ "$failed" -eq 0 ]
