#!/usr/bin/env bash
# Builds and runs every test. Tests labelled gpu skip cleanly without a GPU.
# Pass ctest arguments to select, e.g. scripts/test.sh -L gpu
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
