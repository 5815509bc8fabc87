#!/usr/bin/env bash
# The split-Y schedule against the plan the ESTIMATE makes (issue 9): for
# each cube side and precision, fft3d-bench --3d with FFT3D_XY_PASS=split and
# without (same process as cuFFT, median of 10), then Nsight Compute's
# duration of every kernel of one split-Y transform, so that the strided
# fused pass and the Z pass with its cross phase can be compared with the
# passes they replace.
# Usage: scripts/split-y-explore.sh [BUILD [SIDES [PRECISIONS]]]   default: build-gpu 300,320,384,480,500 f32,f64
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
sides=${2:-300,320,384,480,500}
precisions=${3:-f32,f64}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "split-y-explore: $bench not found; build it first" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
status=0
for p in ${precisions//,/ }; do
  for form in automatic split; do
    echo "== $p, FFT3D_XY_PASS=$form"
    FFT3D_XY_PASS=$form "$bench" --3d --sizes "$sides" --precision "$p" --repeats 10 2>&1 | grep -E "^ +[0-9]+x|fft3d-bench:" ||
      status=1
  done
  [[ -x $ncu ]] || continue
  for n in ${sides//,/ }; do
    echo "== $n^3 $p split Y: kernel durations (ns), DRAM bytes read and written"
    LC_ALL=C FFT3D_XY_PASS=split "$ncu" --clock-control none --profile-from-start off \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum --csv --page raw \
      "$bench" --3d --precision "$p" --sizes "$n" --profile-once fft3d 2>&1 | python3 -c '
import csv, sys
rows = [r for r in csv.reader(l for l in sys.stdin if l.startswith("\""))]
if not rows: sys.exit("no ncu rows")
col = {name: i for i, name in enumerate(rows[0])}
for r in rows[2:]:
    print("  ", r[col["Kernel Name"]][:40], r[col["gpu__time_duration.sum"]], r[col["dram__bytes_read.sum"]],
          r[col["dram__bytes_write.sum"]])
' || status=1
  done
done
exit $status
