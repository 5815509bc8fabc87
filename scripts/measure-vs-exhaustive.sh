#!/usr/bin/env bash
# Issue 4's "MEASURE within 3 % of EXHAUSTIVE": tunes each cube with
# fft3d-tune in both modes (each into its own wisdom file; EXHAUSTIVE under a
# time budget), then times a plan made from each file against cuFFT with
# fft3d-bench. The runs of one size are different processes, so they are
# compared through their ratio to cuFFT, timed in the same process as each.
# Logs go to $OUT.
#   scripts/measure-vs-exhaustive.sh [BUILD_DIR [PRECISION [SIDES [BUDGET_S]]]]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
precision=${2:-f32}
sides=${3:-240,300,384}
budget=${4:-60}
OUT=${OUT:-$PWD/measure-vs-exhaustive-out}
mkdir -p "$OUT"
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
status=0
printf '%6s %10s %9s %9s %9s %9s %12s\n' cube mode tune_s ms cufft_ms ratio "vs measure"
for n in ${sides//,/ }; do
  measure_ratio=""
  for mode in measure exhaustive; do
    wisdom=$OUT/wisdom-$precision-$n-$mode.json
    rm -f "$wisdom"
    log=$OUT/tune-$precision-$n-$mode.txt
    "$build/apps/tune/fft3d-tune" "$n" "$n" "$n" --precision "$precision" --mode "$mode" --budget "$budget" \
      --wisdom "$wisdom" >"$log" 2>&1 || status=1
    seconds=$(grep -oE "tuning took [0-9.]+" "$log" | head -1 | awk '{print $3}')
    bench=$OUT/bench-$precision-$n-$mode.txt
    FFT3D_WISDOM=$wisdom "$build/apps/bench/fft3d-bench" --3d --sizes "$n" --precision "$precision" --repeats 20 \
      >"$bench" 2>&1 || status=1
    # The bench's row: grid, ms, cuFFT ms, GFLOPS, GB/s, passes, cuFFT/fft3d, errors.
    read -r ms cufft ratio < <(awk -v g="${n}x${n}x${n}" '$1 == g {print $2, $3, $7; exit}' "$bench")
    [[ $mode == measure ]] && measure_ratio=$ratio
    versus=$(awk -v m="$measure_ratio" -v r="$ratio" 'BEGIN { if (m > 0 && r > 0) printf "%+.1f %%", 100 * (r / m - 1) }')
    printf '%6s %10s %9s %9s %9s %9s %12s\n' "$n" "$mode" "${seconds:-?}" "${ms:-?}" "${cufft:-?}" "${ratio:-?}" \
      "$versus"
  done
done
exit $status
