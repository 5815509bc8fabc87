#!/usr/bin/env bash
# Times one-pass column variants (Y and Z passes) on a GPU against the
# ESTIMATE's, through FFT3D_COLUMN_VARIANT, in fft3d-bench --3d (same process
# as cuFFT), rounds alternating so that a drift of the machine shows. Names
# that do not end in .cols are X-row variants, forced through
# FFT3D_X_VARIANT instead (the X passes of three-pass cubes). A
# variant name fixes its length: names whose radices do not multiply to the
# cube's side are skipped, not timed as the ESTIMATE. TYPE=r2c times the
# R2C forward and C2R inverse instead. (docs/BENCHMARKS.md, "Wide column blocks".)
# Usage: VARIANTS="r20-25.t25.rows32.pad-none.tw-sincos.mb0.cols ..." [TYPE=r2c] [ROUNDS=2] \
#          scripts/column-explore.sh [BUILD] [SIDES] [PRECISION]
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
sides=${2:-500}
precision=${3:-f32}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "column-explore: $bench not found; build it first" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
# time_forced N VARIANT: one bench line, VARIANT forced (empty: the ESTIMATE).
time_forced() {
  local variable=FFT3D_X_VARIANT
  [[ $2 == *.cols ]] && variable=FFT3D_COLUMN_VARIANT
  env ${2:+"$variable=$2"} "$bench" --3d --type "${TYPE:-c2c}" --sizes "$1" --precision "$precision" --repeats 10 \
    2>&1 | grep -E "^ +$1x$1x$1 |fft3d-bench:" | head -1 | tr -s ' '
}
# The product of a variant name's radices ("r20-25.t25..." -> 500).
length_of() {
  local radices=${1%%.*}
  radices=${radices#r}
  echo $((${radices//-/*}))
}
for n in ${sides//,/ }; do
  estimate=$("$bench" --3d --type "${TYPE:-c2c}" --sizes "$n" --precision "$precision" --describe-only 2>&1 |
             grep -o 'r[0-9-]*\.t[0-9]*\.rows[0-9]*\.[a-z0-9.-]*\.cols' | sort -u | tr '\n' ' ')
  echo "== $n^3 $precision ${TYPE:-c2c}; column variants in the plan (a fused pass names one too): ${estimate:-none}"
  for ((round = 1; round <= ${ROUNDS:-2}; ++round)); do
    printf '%-52s %s\n' "ESTIMATE r$round" "$(time_forced "$n" "")"
    for v in ${VARIANTS:-}; do
      [[ $(length_of "$v") == "$n" ]] || continue
      printf '%-52s %s\n' "$v r$round" "$(time_forced "$n" "$v")"
    done
  done
done
