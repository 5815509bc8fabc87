#!/usr/bin/env bash
# Issue 8 on a multi-GPU machine: builds the MPI pieces, runs the GPU
# correctness tests on every GPU (one rank each), then strong scaling of
# 512^3 and 1024^3 single complex and weak scaling at 512^3 per GPU with
# fft3d-bench --mpi (NCCL), each with reshapes unpipelined (--pipeline 1) and
# as chosen (--pipeline 0: pipelined on NCCL). Logs and the CSV lines go to $OUT.
#   scripts/mpi-scaling.sh [MAX_RANKS]      default: the number of GPUs
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/mpi-scaling-out}
mkdir -p "$OUT"
gpus=$(nvidia-smi -L | wc -l)
max=${1:-$gpus}
export FFT3D_CACHE_DIR=$PWD/build-gpu/kernel-cache
export NCCL_NVLS_ENABLE=0  # never NVLink multicast on shared hosts
{
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build build-gpu --target fft3d-bench fft3d_mpi_tests
} >"$OUT/mpi-build.log" 2>&1 || { tail -30 "$OUT/mpi-build.log"; exit 1; }
run() { mpirun --allow-run-as-root --oversubscribe -x NCCL_NVLS_ENABLE -x FFT3D_CACHE_DIR -np "$@"; }
bench=build-gpu/apps/bench/fft3d-bench
status=0
run "$max" build-gpu/tests/mpi/fft3d_mpi_tests --gtest_filter='*MpiGpu*' >"$OUT/mpi-gpu-tests.log" 2>&1 || status=1
grep -E "PASSED|FAILED" "$OUT/mpi-gpu-tests.log" | sort | uniq -c
: >"$OUT/mpi-scaling.csv"
for n in 512 1024; do
  for p in 1 2 4; do
    (( p <= max )) || continue
    (( n == 1024 && p == 1 )) && continue  # 8 GiB plus buffers: fits, but slow to no purpose here
    for pipe in 1 0; do  # reshapes as one all-to-all, then pipelined as the library chooses
      log="$OUT/strong-$n-$p-pipeline$pipe.txt"
      run "$p" "$bench" --mpi --sizes "$n" --backend gpu --transport nccl --repeats 10 --pipeline "$pipe" \
        >"$log" 2>&1 || status=1
      echo "strong n=$n ranks=$p pipeline=$pipe: $(grep -E '^forward|^  pack|^  exchange|^  local' "$log" | tr -s ' ' | tr '\n' ';')"
      grep '^csv' "$log" >>"$OUT/mpi-scaling.csv"
    done
  done
done
for p in 2 4; do
  (( p <= max )) || continue
  for pipe in 1 0; do
    log="$OUT/weak-512-$p-pipeline$pipe.txt"
    run "$p" "$bench" --mpi --sizes 512 --backend gpu --transport nccl --weak --repeats 10 --pipeline "$pipe" \
      >"$log" 2>&1 || status=1
    echo "weak 512^3/GPU ranks=$p pipeline=$pipe: $(grep -E '^forward|^  pack|^  exchange|^  local' "$log" | tr -s ' ' | tr '\n' ';')"
    grep '^csv' "$log" >>"$OUT/mpi-scaling.csv"
  done
done
exit $status
