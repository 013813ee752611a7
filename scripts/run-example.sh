#!/usr/bin/env bash
# Builds pypto-mlir and runs examples/beginner/hello_world.mlir on a5sim.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build.sh" --target pypto-run
cd "$root"
exec "$root/build/bin/pypto-run" examples/beginner/hello_world.mlir -p a5sim "$@"
