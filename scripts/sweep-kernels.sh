#!/usr/bin/env bash
# Where the time of each cube goes (issue 9): Nsight Compute's duration,
# DRAM and SM throughput, registers, shared memory, occupancy and the
# shared-memory carveout it ran with, of every kernel of exactly one
# forward 3-D transform per size, as the ESTIMATE plans it (or
# FFT3D_XY_PASS / FFT3D_XY_VARIANT forced), one line a kernel; with
# TYPE=r2c INVERSE=1, of one C2R inverse instead; with LIBRARY=cufft,
# cuFFT's kernels of the same transform.
#   [TYPE=r2c [INVERSE=1]] [LIBRARY=cufft] scripts/sweep-kernels.sh [BUILD_DIR [SIZES [PRECISION]]]
#   default: build-gpu and the sweep's cubes beyond L2, f32
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
sizes=${2:-192,210,240,243,256,300,320,343,384,400,480,500,512}
precision=${3:-f32}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "sweep-kernels: $bench not found; build it first" >&2; exit 2; }
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
work=$(mktemp -d)
status=0
for n in ${sizes//,/ }; do
  csv=$work/$n.csv
  LC_ALL=C "$ncu" --clock-control none --profile-from-start off --section SpeedOfLight --section LaunchStats \
    --section Occupancy --csv --page details --log-file "$csv" \
    "$bench" --3d --type "${TYPE:-c2c}" --precision "$precision" --sizes "$n" --profile-once "${LIBRARY:-fft3d}" \
    ${INVERSE:+--profile-inverse} >"$work/log" 2>&1 ||
    { echo "$n: failed"; tail -3 "$work/log"; status=1; continue; }
  python3 - "$csv" "$n^3 $precision ${TYPE:-c2c}${INVERSE:+ inverse} ${LIBRARY:-fft3d}" <<'PY'
import csv, sys
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith('==')))
col = {name: i for i, name in enumerate(rows[0])}
want = {'Duration': 'us', 'DRAM Throughput': 'dram%', 'Compute (SM) Throughput': 'sm%',
        'Registers Per Thread': 'regs', 'Block Size': 'threads', 'Dynamic Shared Memory Per Block': 'smem',
        'Cluster Size': 'cluster', 'Theoretical Occupancy': 'occ%', 'Achieved Occupancy': 'ach%',
        'Max Active Clusters': 'clusters', 'Shared Memory Configuration Size': 'carveout',
        'Block Limit Shared Mem': 'smem_blocks', 'Block Limit Registers': 'reg_blocks'}
kernels = {}
for r in rows[1:]:
    k = (r[col['ID']], r[col['Kernel Name']])
    m = r[col['Metric Name']]
    if m in want:
        v = r[col['Metric Value']]
        if m == 'Duration' and r[col['Metric Unit']] == 'ms': v = str(float(v) * 1000)
        if m == 'Duration' and r[col['Metric Unit']] == 'ns': v = str(float(v) / 1000)
        if m == 'Shared Memory Configuration Size': v += r[col['Metric Unit']]
        kernels.setdefault(k, {})[want[m]] = v
print(f"== {sys.argv[2]}")
total = 0.0
for (i, name), f in kernels.items():
    total += float(f.get('us', 0))
    print(f"  {name[:38]:38} " + ' '.join(f"{key}={f[key]}" for key in want.values() if key in f))
print(f"  total {total:.1f} us")
PY
done
exit $status
