#!/usr/bin/env bash
# Builds pypto-mlir and runs every test: lit (dialects, passes, emitters,
# pypto-run end to end) and the GoogleTest unit tests.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build.sh"
cmake --build "$root/build" --target check-pypto
