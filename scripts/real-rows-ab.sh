#!/usr/bin/env bash
# Odd real rows two to a transform (.real-pair, the ESTIMATE) against one
# (.real-full, the same shape) in R2C/C2R plans (issue 9): for each precision
# and cube, fft3d-bench --3d --type r2c (in place, same process as cuFFT,
# median of 10) as planned, then with FFT3D_X_VARIANT naming the plan's X
# variant with .real-full.
# Usage: scripts/real-rows-ab.sh [BUILD [SIDES [PRECISIONS]]]   default: build-gpu 125,243,343 f32,f64
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
sides=${2:-125,243,343}
precisions=${3:-f32,f64}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "real-rows-ab: $bench not found; build it first" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
status=0
for p in ${precisions//,/ }; do
  for n in ${sides//,/ }; do
    paired=$("$bench" --3d --type r2c --sizes "$n" --precision "$p" --describe-only 2>&1 |
      grep -oE "variant r[0-9-]+\.[^ ,]*\.real-pair" | head -1 | sed 's/^variant //')
    [[ -n $paired ]] || { echo "real-rows-ab: no paired X variant for $n ($p)" >&2; status=1; continue; }
    for v in "$paired" "${paired%.real-pair}.real-full"; do
      echo "== $n^3 $p, X $v (grid, passes, r2c ms, cuFFT ms, ratio, c2r ms, cuFFT ms, ratio, ...)"
      FFT3D_X_VARIANT=$v "$bench" --3d --type r2c --sizes "$n" --precision "$p" --repeats 10 2>&1 |
        grep -E "^ +[0-9]+x|fft3d-bench:" || status=1
    done
  done
done
exit $status
