#!/usr/bin/env bash
# Why a pass is as fast as it is (issue 9): Nsight Compute's speed-of-light,
# occupancy, launch and warp-stall sections of every kernel of exactly one
# forward 3-D transform per size, fused XY pass and separate passes, so the
# fused kernel can be compared with the row and column kernels it replaces.
#   [TYPE=r2c] scripts/xy-profile.sh [BUILD_DIR [SIZES [PRECISION]]]   default: build-gpu 192,256,300 f32
# (TYPE=r2c: the R2C forward, its fused XY pass against its separate passes)
# Output: $OUT/xy-profile.txt (or stdout): per size, form and kernel, the
# sections' metrics (duration, DRAM and SM throughput, occupancy and its
# limits, cluster scheduling, shared-memory traffic) and the average warps
# stalled per issued instruction for each stall reason (barrier, long and
# short scoreboard, ...), which says what a latency-bound kernel waits on,
# and the shared-memory bank conflicts of its loads and stores.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
sizes=${2:-192,256,300}
precision=${3:-f32}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "xy-profile: $bench not found; build it first" >&2; exit 2; }
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[[ -x $ncu ]] || { echo "xy-profile: ncu not found" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
report=${OUT:+$OUT/xy-profile.txt}
report=${report:-/dev/stdout}
work=$(mktemp -d)
# Shared-memory bank conflicts against the wavefronts they cost (loads, stores).
banks=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
banks+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum

: >"$report"
status=0
for n in ${sizes//,/ }; do
  for form in fused separate; do
    csv=$work/$n-$form.csv
    LC_ALL=C FFT3D_XY_PASS=$form "$ncu" --clock-control none --profile-from-start off \
      --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
      --section MemoryWorkloadAnalysis \
      --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,$banks" --csv --page details --log-file "$csv" \
      "$bench" --3d --type "${TYPE:-c2c}" --precision "$precision" --sizes "$n" --profile-once fft3d >"$work/log" 2>&1 ||
      { echo "$n $form: failed"; tail -3 "$work/log"; status=1; continue; } >>"$report"
    python3 - "$csv" "$n^3 $precision $form" >>"$report" <<'PY'
import csv, sys
# --page details: one row per kernel, section and metric.
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith('==')))
head = rows[0]
col = {name: i for i, name in enumerate(head)}
if not {'ID', 'Kernel Name', 'Section Name', 'Metric Name', 'Metric Value', 'Metric Unit'} <= col.keys():
    sys.exit(f"unexpected ncu columns: {head}")
print(f"== {sys.argv[2]}")
kernel = None
for r in rows[1:]:
    k = (r[col['ID']], r[col['Kernel Name']][:70])
    if k != kernel:
        kernel = k
        print(f"  kernel {k[0]}: {k[1]}")
    print(f"    {r[col['Section Name']][:18]:18} {r[col['Metric Name']][:44]:44} {r[col['Metric Value']]} {r[col['Metric Unit']]}")
PY
  done
done
rm -rf "$work"
exit $status

