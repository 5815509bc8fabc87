#!/usr/bin/env bash
# The fused passes of real plans against separate passes (issue 9): for each
# precision, fft3d-bench --3d --type r2c (R2C forward and C2R inverse, in
# place, same process as cuFFT, median of 10) with FFT3D_XY_PASS=fused (the
# forward's X-first pass and the inverse's columns-first pass), separate and
# automatic (the ESTIMATE), one table row per cube.
# Usage: scripts/real-fused-explore.sh [BUILD [SIDES [PRECISIONS]]]   default: build-gpu 192,240,256,320,384,512 f32,f64
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
sides=${2:-192,240,256,320,384,512}
precisions=${3:-f32,f64}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "real-fused-explore: $bench not found; build it first" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
status=0
for p in ${precisions//,/ }; do
  for form in fused separate automatic; do
    echo "== $p, FFT3D_XY_PASS=$form (grid, passes, r2c ms, cuFFT ms, ratio, c2r ms, cuFFT ms, ratio, ...)"
    FFT3D_XY_PASS=$form "$bench" --3d --type r2c --sizes "$sides" --precision "$p" --repeats 10 2>&1 |
      grep -E "^ +[0-9]+x|fft3d-bench:" || status=1
  done
done
exit $status
