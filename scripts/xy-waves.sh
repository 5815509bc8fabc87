#!/usr/bin/env bash
# Does the fused XY pass lose time to its last, partial wave of clusters
# (issue 9)? Nsight Compute's duration of every kernel of one forward
# transform of NX x NY x NZ grids whose plane count NZ varies around a
# multiple of the clusters the device holds at once (28 clusters of 16 at
# 256^2 f32 on an H100: 224 = 8 waves, 252 = 9, 256 = 9.14, 280 = 10).
# A latency-bound pass costs about the same for 252 and 256 planes as for
# 280; a bandwidth-bound one grows with the planes.
#   scripts/xy-waves.sh [BUILD [PLANE [NZS [PRECISION [FORM]]]]]
#   default: build-gpu 256x256 224,240,252,256,280 f32 fused
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
plane=${2:-256x256}
nzs=${3:-224,240,252,256,280}
precision=${4:-f32}
form=${5:-fused}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "xy-waves: $bench not found; build it first" >&2; exit 2; }
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
status=0
for nz in ${nzs//,/ }; do
  echo "== ${plane}x$nz $precision $form"
  LC_ALL=C FFT3D_XY_PASS=$form "$ncu" --clock-control none --profile-from-start off \
    --section SpeedOfLight --section LaunchStats \
    "$bench" --3d --precision "$precision" --sizes "${plane}x$nz" --profile-once fft3d 2>&1 |
    grep -E "^  [A-Za-z_].*Context|Duration|Grid Size|Cluster Size|Max Active Clusters|Waves Per SM|ERROR" || status=1
done
exit $status
