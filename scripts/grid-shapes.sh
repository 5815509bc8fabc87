#!/usr/bin/env bash
# Non-cube grids against cuFFT (the sweep holds cubes only): slabs, long
# columns, small planes, thin planes, short rows and rectangles that
# simulations use, C2C in both precisions and the R2C forward / C2R
# inverse in f32, ESTIMATE plans, in place, with each plan's passes
# (docs/BENCHMARKS.md, "Non-cube grids").
# R2C_PRECISION=both (or f64) times the R2C/C2R in double precision too.
# Output: tables on stdout, CSV files in $OUT (default ./gpu-check-out).
#   scripts/grid-shapes.sh [BUILD_DIR [GRIDS]]      e.g. scripts/grid-shapes.sh build-gpu 128x128x4096
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
grids=${2:-64x64x16384,64x64x8192,32x8192x32,16x1024x1024,8x1024x1024,16x16x65536,8x8x262144,512x256x256,256x512x512,64x1024x1024,1024x64x1024,1024x1024x64,128x1024x512,1024x256x256,256x256x1024,128x128x4096,256x128x2048,4096x128x128,2048x2048x32,2048x32x2048,1024x32x1024,96x96x1536,640x480x320,768x768x768}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "grid-shapes: $bench not found; build it first" >&2; exit 2; }
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
status=0
"$bench" --3d --sizes "$grids" --precision both --repeats 10 --csv "$OUT/grid-shapes-c2c.csv" || status=1
"$bench" --3d --type r2c --sizes "$grids" --precision "${R2C_PRECISION:-f32}" --repeats 10 --csv "$OUT/grid-shapes-r2c.csv" || status=1
exit $status
