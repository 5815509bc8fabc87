#!/usr/bin/env bash
# Configures and builds fft3d in ./build (Release). Extra arguments go to the
# CMake configure step, e.g. -DFFT3D_CUDA_ARCH=100.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j"$(nproc)"
