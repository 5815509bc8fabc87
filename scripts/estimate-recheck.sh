#!/usr/bin/env bash
# The ESTIMATE forms adopted from H200 timings only (2026-11-28 to -30, issue 9),
# each against the form it replaced: scripts/variant-ab.sh for each line
# below (the ESTIMATE first, then the replaced form forced).
# Meant for the next H100: where a replaced form wins there, the ESTIMATE
# change needs a device condition or a revert. Log to $OUT/estimate-recheck.txt.
# PART=1 or 2 runs the first or second half of the lines, so that each half
# fits one GPU call with a build (the whole list takes about 7 minutes).
# Usage: [ROUNDS=2] [PART=1|2] scripts/estimate-recheck.sh BUILD
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[[ $# -eq 1 ]] || { sed -n '2,7p' "$0" >&2; exit 2; }
build=$1
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"

# TYPE N PRECISION FORM: what the ESTIMATE replaced (docs/BENCHMARKS.md,
# sections of 2026-11-28 and 2026-11-29 on the H200).
checks=(
  "c2c 512 f64 columns:r32-16.t16.rows16.pad-none.tw-sincos.mb0.cols"    # f64 columns of 512 eight a block
  "c2c 343 f32 x:r7-7-7.t49.rows4.pad-gap.tw-sincos.mb3"                 # rows of 343 unpadded
  "c2c 343 f64 x:r7-7-7.t49.rows2.pad-gap.tw-sincos.mb3"
  "c2c 343 f32 columns:r7-7-7.t49.rows8.pad-none.tw-sincos.mb0.cols"     # two exchange buffers
  "c2c 243 f32 columns:r9-27.t27.rows32.pad-none.tw-table.mb0.cols"      # columns of 243 in 512 threads
  "r2c 243 f32 columns:r9-27.t27.rows32.pad-none.tw-table.mb0.cols"
  "r2c 343 f64 x:r7-7-7.t49.rows2.pad-none.tw-table.mb0.real-pair"       # f64 real pairs of 343
  "c2c 343 f32 env:FFT3D_PDL=0"                                          # dependent launch, separate passes
  "c2c 500 f32 env:FFT3D_PDL=0"
  "r2c 343 f32 env:FFT3D_PDL=0"
  "c2c 384 f32 columns:r16-8-3.t24.rows16.pad-none.tw-sincos.mb0.cols"   # columns of 384 as 24 * 16
  "r2c 384 f32 columns:r16-8-3.t24.rows16.pad-none.tw-sincos.mb0.cols"
  "r2c 384 f64 columns:r16-8-3.t24.rows8.pad-none.tw-sincos.mb0.cols"
  "c2c 500 f32 columns:r20-25.t25.rows32.pad-none.tw-sincos.mb0.cols"    # 500 and f64 400 in 64 KB blocks
  "r2c 500 f32 columns:r20-25.t25.rows32.pad-none.tw-sincos.mb0.cols"
  "c2c 500 f64 columns:r20-25.t25.rows16.pad-none.tw-sincos.mb0.cols"
  "r2c 400 f64 columns:r20-20.t20.rows16.pad-none.tw-sincos.mb0.cols"
  "c2c 343 f32 columns:r7-7-7.t49.rows8.pad-none.tw-sincos.mb0.cols.xb2" # f32 343 columns two blocks per SM
  "r2c 343 f32 x:r7-7-7.t49.rows2.pad-none.tw-table.mb0.real-pair"       # real pairs of 343 gap-padded
  "r2c 343 f64 x:r7-7-7.t49.rows2.pad-none.tw-sincos.mb0.real-pair"
  "r2c 243 f64 columns:r9-27.t27.rows16.pad-none.tw-table.mb0.cols"      # real sides' f64 243 columns eight a block
  "c2c 243 f32 xy:xy.c9.mb0.l2.sr.np|r9-27.t16.rows8.pad-none.tw-sincos.mb0|r27-9.t1.rows1.pad-none.tw-table.mb0.cols"  # 243^2 rows on 9 threads (2026-11-29)
  "c2c 243 f64 xy:xy.c9.mb0.l2.sr.np|r9-27.t16.rows8.pad-none.tw-sincos.mb0|r27-9.t1.rows1.pad-none.tw-table.mb0.cols"  # f64 243^2 rows on 9 threads too
  "c2c 256 f32 xy:xy.c16.mb0.l2.sr|r16-16.t16.rows8.pad-gap.tw-sincos.mb0|r16-16.t1.rows1.pad-none.tw-table.mb0.cols"  # swizzled share rows
  "c2c 256 f64 xy:xy.c16.mb0.l2.sr|r16-16.t16.rows8.pad-gap.tw-sincos.mb0|r16-16.t1.rows1.pad-none.tw-table.mb0.cols"
  "c2c 512 f32 xy:xy.c16.mb0.l2.sr.np.sw|r32-16.t16.rows16.pad-none.tw-sincos.mb0|r32-16.t1.rows1.pad-none.tw-table.mb0.cols"  # the ring
  "c2c 512 f32 env:FFT3D_SIDE_PLANES=42"                                 # nz/6 side planes beside the ring, not nz/12
  "r2c 256 f64 xy:xy.c16.mb0.l2.sr|r16-16.t16.rows8.pad-gap.tw-sincos.mb0.real-pair|r16-16.t1.rows1.pad-none.tw-table.mb0.cols"  # f64 256^2 pairs swizzled (2026-11-30)
)
case ${PART:-all} in
  1) checks=("${checks[@]:0:$(((${#checks[@]} + 1) / 2))}") ;;
  2) checks=("${checks[@]:$(((${#checks[@]} + 1) / 2))}") ;;
  all) ;;
  *) echo "estimate-recheck: PART is 1 or 2" >&2; exit 2 ;;
esac
run_checks() {
  local check type n precision form status=0
  for check in "${checks[@]}"; do
    read -r type n precision form <<<"$check"
    TYPE=$type scripts/variant-ab.sh "$build" "$n" "$precision" "$form" || status=1
  done
  return $status
}
run_checks 2>&1 | tee "$OUT/estimate-recheck${PART:+-$PART}.txt"
exit "${PIPESTATUS[0]}"
