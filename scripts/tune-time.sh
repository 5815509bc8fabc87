#!/usr/bin/env bash
# The tuner's time target (docs/TUNING.md: MEASURE tunes one 3-D size within
# 10 s): fft3d-tune on a few grids, each from an empty module cache and an
# empty wisdom file, so every kernel is compiled as on a first run. Prints
# the tuning time, the whole-plan choices' time and the process's wall time;
# a grid over the target is reported, not failed (a benchmark, not a test).
#   scripts/tune-time.sh [BUILD_DIR [GRIDS]]   GRIDS: "nx ny nz [fft3d-tune options]" separated by ';'
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
grids=${2:-"64 48 40;256 256 256;96 64 32 --type r2c;96 64 32 --type r2c --precision f64;256 256 256 --type r2c"}
tune=$build/apps/tune/fft3d-tune
[[ -x $tune ]] || { echo "tune-time: $tune not found; build it first" >&2; exit 2; }
target_s=10
status=0
IFS=';' read -ra list <<<"$grids"
for grid in "${list[@]}"; do
  work=$(mktemp -d)
  start=$(date +%s%N)
  rc=0
  FFT3D_CACHE_DIR=$work/cache "$tune" $grid --wisdom "$work/wisdom.json" >"$work/log" 2>&1 || rc=$?
  wall=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')
  took=$(grep -oE "tuning took [0-9.]+ s, [0-9]+ kernels compiled" "$work/log")
  whole=$(grep -oE "whole-plan choices \([0-9.]+ s\)" "$work/log")
  verdict=$(awk -v w="$wall" -v t="$target_s" 'BEGIN { print (w <= t ? "within" : "OVER") }')
  printf '%-40s %s; %s; wall %.2f s (%s the %d s target)\n' "$grid:" "${took:-no tuning line}" "${whole:-no plan}" \
    "$wall" "$verdict" "$target_s"
  if [[ $rc != 0 ]]; then
    status=1
    echo "  fft3d-tune failed (status $rc):"
    tail -5 "$work/log" | sed 's/^/  /'
  fi
  rm -rf "$work"
done
exit $status
