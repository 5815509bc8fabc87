#!/usr/bin/env bash
# MEASURE-tunes the cubes of the issue-9 sweep on this GPU into one wisdom
# file, then runs the sweep with that wisdom (same process as cuFFT), so the
# tuned schedule of every size is timed against cuFFT. Logs go to $OUT, named
# by TAG (PRECISION for C2C, r2c-PRECISION for R2C): tune-TAG.txt (every
# cube's fft3d-tune output), wisdom-TAG.json and sweep-tuned-TAG.{csv,txt}
# (SWEEP=0: tuning only).
#   [TYPE=c2c|r2c] [SWEEP=0] scripts/tune-sweep.sh [BUILD_DIR [PRECISION [SIDES]]]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
precision=${2:-f32}
sides=${3:-192,210,240,243,256,300,320,343,384,400,480,500,512}
type=${TYPE:-c2c}
[[ $type == c2c || $type == r2c ]] || { echo "tune-sweep: TYPE must be c2c or r2c" >&2; exit 2; }
tag=$precision
[[ $type == r2c ]] && tag=r2c-$precision
OUT=${OUT:-$PWD/tune-sweep-out}
mkdir -p "$OUT"
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
wisdom=$OUT/wisdom-$tag.json
status=0
# One log for all cubes (the device tool brings back few files).
log=$OUT/tune-$tag.txt
: >"$log"
for n in ${sides//,/ }; do
  cube_log=$(mktemp)
  "$build/apps/tune/fft3d-tune" "$n" "$n" "$n" --precision "$precision" --type "$type" --wisdom "$wisdom" \
    >"$cube_log" 2>&1 || status=1
  { echo "=== $n^3 $type $precision"; cat "$cube_log"; } >>"$log"
  grep -E "tuning took|<- chosen" "$cube_log" | sed "s/^/$n: /"
  rm -f "$cube_log"
done
[[ ${SWEEP:-1} == 0 ]] && exit $status
FFT3D_WISDOM=$wisdom "$build/apps/bench/fft3d-bench" --3d --type "$type" --sweep --precision "$precision" \
  --repeats 10 --csv "$OUT/sweep-tuned-$tag.csv" >"$OUT/sweep-tuned-$tag.txt" 2>&1 || status=1
grep -E "^ +[0-9]+x|sweep beyond L2" "$OUT/sweep-tuned-$tag.txt"
exit $status
