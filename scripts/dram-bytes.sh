#!/usr/bin/env bash
# DRAM bytes of exactly one in-place forward 3-D transform per size, of fft3d
# and of cuFFT, measured by Nsight Compute: the passes over memory each makes
# (issue 9: two passes). Run on the GPU machine after building fft3d-bench.
#   scripts/dram-bytes.sh [BUILD_DIR [SIZES]]          default: build-gpu 256,512
#   PRECISION=f64 TYPE=r2c scripts/dram-bytes.sh build-gpu 128,256,384x256x128
#   NCU=/path/to/ncu NCU_ARGS="--cache-control none" scripts/dram-bytes.sh
# How one transform is isolated: one ncu run per size and library, of
# `fft3d-bench --3d --sizes N --profile-once LIB`, which creates both plans,
# warms both libraries up, then launches one transform of LIB between
# cudaProfilerStart() and cudaProfilerStop(); ncu --profile-from-start off
# profiles only the kernels launched inside, so each CSV holds that
# transform's kernels and nothing else (no NVTX or kernel-name filter to get
# wrong). ncu flushes the caches before each kernel (its default
# --cache-control all), so every kernel's traffic is counted from DRAM.
# Output: the table on stdout; with $OUT set, also $OUT/dram-bytes.txt and
# the ncu CSVs and bench logs under $OUT/dram-bytes/.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
sizes=${2:-256,512}
precision=${PRECISION:-f32}
type=${TYPE:-c2c}
bench=$build/apps/bench/fft3d-bench

[[ $precision == f32 || $precision == f64 ]] || { echo "dram-bytes: PRECISION must be f32 or f64" >&2; exit 2; }
[[ $type == c2c || $type == r2c ]] || { echo "dram-bytes: TYPE must be c2c or r2c" >&2; exit 2; }
[[ -x $bench ]] || {
  echo "dram-bytes: $bench not found; build it first (cmake --build $build --target fft3d-bench)" >&2
  exit 2
}

# ncu: $NCU, else on the PATH, else the toolkit's, else the newest under /opt/nvidia.
find_ncu() {
  if [[ -n ${NCU:-} ]]; then echo "$NCU"; return; fi
  command -v ncu && return
  [[ -x /usr/local/cuda/bin/ncu ]] && { echo /usr/local/cuda/bin/ncu; return; }
  local found
  # shellcheck disable=SC2012  # sort -V picks the newest version
  found=$(ls -1d /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | sort -V | tail -1)
  [[ -n $found ]] && echo "$found"
}
ncu=$(find_ncu)
[[ -n $ncu && -x $ncu ]] || { echo "dram-bytes: ncu not found (PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-compute/*/ncu)" >&2; exit 2; }
echo "ncu: $ncu ($("$ncu" --version | tail -1))"

if [[ -n ${OUT:-} ]]; then
  work=$OUT/dram-bytes
  mkdir -p "$work"
else
  work=$(mktemp -d)
fi
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}

status=0
table_args=()
IFS=, read -ra size_list <<<"$sizes"
for size in "${size_list[@]}"; do
  for lib in fft3d cufft; do
    name=$type-$precision-$size-$lib
    csv=$work/ncu-$name.csv
    log=$work/bench-$name.txt
    # LC_ALL=C: numbers without locale-dependent separators.
    # shellcheck disable=SC2086  # NCU_ARGS is a list of words
    LC_ALL=C "$ncu" --clock-control none --profile-from-start off \
      --metrics dram__bytes_read.sum,dram__bytes_write.sum \
      --csv --page raw --print-units base --log-file "$csv" ${NCU_ARGS:-} \
      "$bench" --3d --type "$type" --precision "$precision" --sizes "$size" --profile-once "$lib" \
      >"$log" 2>&1
    rc=$?
    line=$(grep -m1 '^profile-once: ' "$log")
    if [[ $rc -ne 0 || -z $line ]]; then
      reason=$(grep -m1 '^skipped: ' "$log")
      if [[ $rc -eq 0 && -n $reason ]]; then
        echo "$name: $reason"
        continue
      fi
      echo "$name: failed (exit $rc); bench log $log:" >&2
      tail -5 "$log" >&2
      grep -h '==ERROR==' "$csv" 2>/dev/null | head -3 >&2
      status=1
      continue
    fi
    grid=$(sed -n 's/.* grid=\([^ ]*\).*/\1/p' <<<"$line")
    array_bytes=$(sed -n 's/.* array_bytes=\([0-9]*\).*/\1/p' <<<"$line")
    table_args+=("$lib $type $precision $grid" "$array_bytes" "$csv")
  done
done

if [[ ${#table_args[@]} -eq 0 ]]; then
  echo "dram-bytes: no transform was profiled" >&2
  exit 1
fi
table=$(python3 scripts/ncu_dram_bytes.py "${table_args[@]}") || status=1
echo "$table"
[[ -n ${OUT:-} ]] && echo "$table" >"$OUT/dram-bytes.txt"
exit $status
