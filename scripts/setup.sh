#!/usr/bin/env bash
# Installs the Debian 12 packages pypto-mlir needs; does nothing when all are present.
set -euo pipefail

packages=(
  cmake ninja-build g++ python3 python3-psutil
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  libtorch-dev libopenblas0-pthread
  libgtest-dev libbenchmark-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
