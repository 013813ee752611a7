#!/usr/bin/env bash
# End-to-end figures of pypto-run (docs/Performance.md), each throughput one
# beside libtorch doing the same work in the same run (pypto-run's golden
# phase computes the product with libtorch on the same tensors):
#   - start-up: `pypto-run --help`;
#   - hello_world on a5sim: the whole run with a warm kernel cache, and
#     --compile-only;
#   - the 1024^3 f32 matmul (bench/matmul_1024.mlir, 64 tasks of 128x128):
#     the runtime phase against the golden phase (libtorch), GFLOP/s;
#   - the Qwen3 decode layer (models/qwen3, ci config): the runtime phase
#     with an empty kernel cache, then warm, and the pass pipeline's five
#     slowest passes (pypto-opt -mlir-timing).
# Medians of BENCH_REPS runs (default 3). --quick: one run each, no cold
# decode layer (the CI smoke; it checks that everything runs and prints).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="$root/build/bin/pypto-run"
opt="$root/build/bin/pypto-opt"
reps="${BENCH_REPS:-3}"
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  reps=1
fi
[ -x "$run" ] && [ -x "$opt" ] || { echo "e2e: build first (scripts/build.sh)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYPTO_CACHE_DIR="$work/cache"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Wall seconds of "$@", median of `reps` runs.
wall() {
  for _ in $(seq "$reps"); do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || { echo "e2e: failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    awk "BEGIN { print $end - $start }"
  done | median
}

# Seconds of phase $1 in the last run's log.
seconds_of() { sed -n "s/^\[RUN\] $1 done (\([0-9.]*\)s)$/\1/p" "$work/log"; }
# Seconds of the whole last run.
total_of() { sed -n 's/^\[RUN\] \(PASS\|FAIL\) (\([0-9.]*\)s.*/\2/p' "$work/log"; }

# Seconds of phase $1 of pypto-run, median of `reps` runs of the rest.
phase() {
  local name="$1"
  shift
  for _ in $(seq "$reps"); do
    "$@" > "$work/log" 2>&1 || { echo "e2e: failed: $*" >&2; cat "$work/log" >&2; return 1; }
    seconds_of "$name"
  done | median
}

row() { printf '%-52s %14s %14s %10s\n' "$@"; }
row "figure" "ours" "libtorch" "ratio"

help=$(wall "$run" --help)
row "pypto-run --help (s)" "$help" "" ""
hello="$root/examples/beginner/hello_world.mlir"
"$run" "$hello" -p a5sim --output-dir "$work/h" > /dev/null 2>&1
row "hello_world a5sim, warm, whole run (s)" "$(wall "$run" "$hello" -p a5sim --output-dir "$work/h")" "" ""
row "hello_world --compile-only (s)" "$(wall "$run" "$hello" -p a5sim --compile-only --output-dir "$work/c")" "" ""

mm="$root/bench/matmul_1024.mlir"
"$run" "$mm" -p a5sim --output-dir "$work/m" > /dev/null 2>&1
ours=$(phase runtime "$run" "$mm" -p a5sim --output-dir "$work/m")
torch=$(phase "compute golden" "$run" "$mm" -p a5sim --output-dir "$work/m")
flop=2147483648
row "matmul 1024^3 f32, runtime phase (s)" "$ours" "$torch" \
  "$(awk "BEGIN { printf \"%.2fx\", $torch / $ours }")"
row "matmul 1024^3 f32 (GFLOP/s)" "$(awk "BEGIN { printf \"%.2f\", $flop / $ours / 1e9 }")" \
  "$(awk "BEGIN { printf \"%.2f\", $flop / $torch / 1e9 }")" ""

# The same in bf16 (f32 accumulation): libtorch's golden is its bf16 product.
mmb="$root/bench/matmul_1024_bf16.mlir"
"$run" "$mmb" -p a5sim --output-dir "$work/mb" > /dev/null 2>&1
ours=$(phase runtime "$run" "$mmb" -p a5sim --output-dir "$work/mb")
torch=$(phase "compute golden" "$run" "$mmb" -p a5sim --output-dir "$work/mb")
row "matmul 1024^3 bf16, runtime phase (s)" "$ours" "$torch" \
  "$(awk "BEGIN { printf \"%.2fx\", $torch / $ours }")"

# Tiny tasks: 8192 independent 16x16 adds; the runtime phase per task.
tiny="$root/bench/tiny_adds.mlir"
"$run" "$tiny" -p a5sim --output-dir "$work/t" --no-save-data > /dev/null 2>&1
ours=$(phase runtime "$run" "$tiny" -p a5sim --output-dir "$work/t" --no-save-data)
row "tiny tasks: 8192 16x16 adds, runtime phase (us per task)" \
  "$(awk "BEGIN { printf \"%.1f\", $ours * 1e6 / 8192 }")" "" ""
# The same program with 8x the rows: 65536 tasks, whose runtime phase the two
# decimals it is printed with measure to 0.15 us per task (8192: 1.2 us).
sed 's/131072/1048576/g' "$tiny" > "$work/tiny64k.mlir"
cp "$root/bench/tiny_adds.golden.py" "$work/"
"$run" "$work/tiny64k.mlir" -p a5sim --output-dir "$work/t64" --no-save-data > /dev/null 2>&1
ours=$(phase runtime "$run" "$work/tiny64k.mlir" -p a5sim --output-dir "$work/t64" --no-save-data)
row "tiny tasks: 65536 16x16 adds, runtime phase (us per task)" \
  "$(awk "BEGIN { printf \"%.2f\", $ours * 1e6 / 65536 }")" "" ""

layer="$root/models/qwen3/decode_layer.mlir"
if [ "$quick" = 0 ]; then
  # The kernels build from the end of the compile phase, beside the data
  # phases: the runtime phase waits for what is left, the whole run for all.
  for _ in $(seq "$reps"); do
    rm -rf "$work/cold"
    PYPTO_CACHE_DIR="$work/cold" "$run" "$layer" -p a5sim --output-dir "$work/l0" --no-save-data > "$work/log" 2>&1
    echo "$(seconds_of runtime) $(total_of)"
  done > "$work/cold.txt"
  row "qwen3 decode layer, runtime, empty cache (s)" "$(cut -d' ' -f1 "$work/cold.txt" | median)" "" ""
  row "qwen3 decode layer, whole run, empty cache (s)" "$(cut -d' ' -f2 "$work/cold.txt" | median)" "" ""
  # One kernel edited (the first RMSNorm's epsilon): only it is rebuilt.
  mkdir -p "$work/edit"
  cp "$root/models/qwen3/decode_layer.golden.py" "$work/edit/"
  for n in $(seq "$reps"); do
    sed "53s/1.0e-6/1.${n}e-6/" "$layer" > "$work/edit/decode_layer.mlir"
    PYPTO_CACHE_DIR="$work/cold" "$run" "$work/edit/decode_layer.mlir" -p a5sim --output-dir "$work/l1" --no-save-data > "$work/log" 2>&1 || true
    echo "$(seconds_of runtime) $(total_of)"
  done > "$work/edit.txt"
  row "qwen3 decode layer, runtime, one kernel edited (s)" "$(cut -d' ' -f1 "$work/edit.txt" | median)" "" ""
  row "qwen3 decode layer, whole run, one kernel edited (s)" "$(cut -d' ' -f2 "$work/edit.txt" | median)" "" ""
fi
"$run" "$layer" -p a5sim --output-dir "$work/l" --no-save-data > /dev/null 2>&1
row "qwen3 decode layer, runtime, warm (s)" \
  "$(phase runtime "$run" "$layer" -p a5sim --output-dir "$work/l" --no-save-data)" \
  "$(phase "compute golden" "$run" "$layer" -p a5sim --output-dir "$work/l" --no-save-data)" ""

echo
echo "qwen3 decode layer: the pass pipeline's slowest passes (pypto-opt -mlir-timing, a5)"
"$opt" "$layer" --pypto-default-pipeline="arch=a5" -mlir-timing \
  -mlir-timing-display=list -o /dev/null 2>&1 |
  awk '/Total Execution Time/ { print "  whole pipeline: " $4 " s (wall)"; next }
       /%\)  [A-Z][A-Za-z0-9]+$/ && $NF != "Total" && $NF != "Rest" &&
       $NF != "Parser" && $NF != "Output" {
         gsub(/\( *[0-9.]+%\)/, ""); print "  " $3 ": " $2 " s" }' | head -6
