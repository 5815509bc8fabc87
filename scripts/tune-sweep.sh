#!/usr/bin/env bash
# MEASURE-tunes the cubes of the issue-9 sweep on this GPU into one wisdom
# file, then runs the sweep with that wisdom (same process as cuFFT), so the
# tuned schedule of every size is timed against cuFFT. Logs go to $OUT:
# tune-PRECISION.txt (every cube's fft3d-tune output), the wisdom and the sweep.
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
# One log for all cubes (the device tool brings back few files).
log=$OUT/tune-$precision.txt
: >"$log"
for n in ${sides//,/ }; do
  cube_log=$(mktemp)
  "$build/apps/tune/fft3d-tune" "$n" "$n" "$n" --precision "$precision" --wisdom "$wisdom" >"$cube_log" 2>&1 || status=1
  { echo "=== $n^3 $precision"; cat "$cube_log"; } >>"$log"
  grep -E "tuning took|<- chosen" "$cube_log" | sed "s/^/$n: /"
  rm -f "$cube_log"
done
FFT3D_WISDOM=$wisdom "$build/apps/bench/fft3d-bench" --3d --sweep --precision "$precision" --repeats 10 \
  --csv "$OUT/sweep-tuned-$precision.csv" >"$OUT/sweep-tuned-$precision.txt" 2>&1 || status=1
grep -E "^ +[0-9]+x|sweep beyond L2" "$OUT/sweep-tuned-$precision.txt"
exit $status
