#!/usr/bin/env bash
# MEASURE-tunes the cubes of the issue-9 sweep on this GPU into one wisdom
# file, then runs the sweep with that wisdom (same process as cuFFT), so the
# tuned schedule of every size is timed against cuFFT. Logs go to $OUT.
#   scripts/tune-sweep.sh [BUILD_DIR [PRECISION [SIDES]]]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
precision=${2:-f32}
sides=${3:-192,210,240,243,256,300,320,343,384,400,480,500,512}
OUT=${OUT:-$PWD/tune-sweep-out}
mkdir -p "$OUT"
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
wisdom=$OUT/wisdom-$precision.json
status=0
for n in ${sides//,/ }; do
  log=$OUT/tune-$precision-$n.txt
  "$build/apps/tune/fft3d-tune" "$n" "$n" "$n" --precision "$precision" --wisdom "$wisdom" >"$log" 2>&1 || status=1
  grep -E "tuning took|<- chosen" "$log" | sed "s/^/$n: /"
done
FFT3D_WISDOM=$wisdom "$build/apps/bench/fft3d-bench" --3d --sweep --precision "$precision" --repeats 10 \
  --csv "$OUT/sweep-tuned-$precision.csv" >"$OUT/sweep-tuned-$precision.txt" 2>&1 || status=1
grep -E "^ +[0-9]+x|sweep beyond L2" "$OUT/sweep-tuned-$precision.txt"
exit $status
