#!/usr/bin/env bash
# Benchmarks of pypto-mlir: compile time of each example (the default
# pipeline plus emission, pypto-run --compile-only), and the end-to-end time
# of a run on each simulator with a warm kernel cache. Prints a table of
# medians over N repetitions (default 5; BENCH_REPS overrides).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="$root/build/bin/pypto-run"
reps="${BENCH_REPS:-5}"
[ -x "$run" ] || { echo "bench: build first (scripts/build.sh)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYPTO_CACHE_DIR="${PYPTO_CACHE_DIR:-$work/cache}"

# median of the wall seconds of `reps` runs of "$@"
median() {
  local times=()
  for _ in $(seq "$reps"); do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || { echo "bench: failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    times+=("$(awk "BEGIN { print $end - $start }")")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

printf '%-34s %12s %14s %14s\n' "example" "compile (s)" "a2a3sim (s)" "a5sim (s)"
for program in "$root"/examples/*/*.mlir; do
  name="${program#"$root"/examples/}"
  compile=$(median "$run" "$program" -p a5sim --compile-only --output-dir "$work/c")
  # First run fills the kernel cache; the timed runs reuse it.
  "$run" "$program" -p a2a3sim --output-dir "$work/w" > /dev/null 2>&1
  "$run" "$program" -p a5sim --output-dir "$work/w" > /dev/null 2>&1
  a2a3=$(median "$run" "$program" -p a2a3sim --output-dir "$work/r")
  a5=$(median "$run" "$program" -p a5sim --output-dir "$work/r")
  printf '%-34s %12.3f %14.3f %14.3f\n' "$name" "$compile" "$a2a3" "$a5"
done
