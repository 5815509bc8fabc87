#!/usr/bin/env bash
# One call on a GPU machine: build, run the gpu (and cpu) tests, benchmark.
# Logs go to $OUT (the device tool's folder) or ./gpu-check-out.
#   scripts/gpu-check.sh            build, gpu+cpu tests, tuning time, demo, every benchmark mode
#   scripts/gpu-check.sh tests      build, gpu+cpu tests, tuning time (scripts/tune-time.sh)
#   BENCH_ARGS="--batched1d --sizes 256,512" scripts/gpu-check.sh bench
#   scripts/gpu-check.sh sweep      build, --3d --sweep of C2C and R2C in f32 and f64 (errors at every
#                                   cube), issue 9's targets (scripts/issue9_targets.py), the f32 C2C plot
#                                   (all: C2C sweeps and plot); SWEEP_KINDS="c2c-f32 r2c-f64" picks sweeps;
#                                   DRAM=1 also counts DRAM bytes of 256^3 and 512^3 (scripts/dram-bytes.sh)
#                                   for the targets' pass count: all of issue 9 in one call
#   scripts/gpu-check.sh shapes     build, non-cube grids against cuFFT (scripts/grid-shapes.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-check-out}
mkdir -p "$OUT"
what=${1:-all}
jobs=$(nproc)
export FFT3D_CACHE_DIR=$PWD/build-gpu/kernel-cache

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv
  cmake --version | head -1
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build build-gpu -j"$jobs"
} >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "build: ok"

status=0
if [[ $what == all || $what == tests ]]; then
  # Four at a time: the tests wait mostly on NVRTC (a fresh machine has an
  # empty module cache), and none asserts a speed (timing verdicts may vary;
  # the tests check that plans follow and record them).
  ctest --test-dir build-gpu -L gpu -j"${GPU_TEST_JOBS:-4}" --output-on-failure >"$OUT/gpu-tests.log" 2>&1 || status=1
  grep -E "tests passed|tests failed|Failed|Skipped" "$OUT/gpu-tests.log" | head -20
  ctest --test-dir build-gpu -L cpu -j"$jobs" >"$OUT/cpu-tests.log" 2>&1 || status=1
  grep -E "tests passed|tests failed" "$OUT/cpu-tests.log"
fi
if [[ $what == all || $what == tests ]]; then  # the tuner's 10 s target, alone on the machine
  scripts/tune-time.sh build-gpu >"$OUT/tune-time.txt" 2>&1 || status=1
  cat "$OUT/tune-time.txt"
fi
if [[ $what == all ]]; then
  build-gpu/apps/fft3d-demo >"$OUT/demo.txt" 2>&1 || status=1
  tail -1 "$OUT/demo.txt"
fi
if [[ $what == bench ]]; then
  build-gpu/apps/bench/fft3d-bench ${BENCH_ARGS:---batched1d --precision both} --csv "$OUT/bench.csv" \
    >"$OUT/bench.txt" 2>&1 || status=1
  cat "$OUT/bench.txt"
fi
if [[ $what == all ]]; then  # every mode, short: tables to $OUT/bench-*.txt
  for mode in "--batched1d" "--3d" "--3d --type r2c"; do
    name=$(echo "$mode" | tr -d ' -')
    build-gpu/apps/bench/fft3d-bench $mode --precision both --repeats 10 --csv "$OUT/bench-$name.csv" \
      >"$OUT/bench-$name.txt" 2>&1 || status=1
    grep -E "geometric|^ +[0-9]" "$OUT/bench-$name.txt" | tail -30
  done
fi
if [[ $what == shapes ]]; then  # slabs, long columns, rectangles: what the cube sweep leaves out
  OUT=$OUT scripts/grid-shapes.sh build-gpu >"$OUT/grid-shapes.txt" 2>&1 || status=1
  grep -E "^ *[0-9]+x[0-9]|C2C|R2C" "$OUT/grid-shapes.txt"
fi
if [[ $what == all || $what == sweep ]]; then  # issue 9: cubes 32-512 against the pass floors
  # C2C in both precisions, then (sweep only) the R2C forward and C2R inverse.
  kinds="c2c-f32 c2c-f64"
  [[ $what == sweep ]] && kinds="${SWEEP_KINDS:-$kinds r2c-f32 r2c-f64}"
  # One text log for all of them (the device tool brings back few files).
  : >"$OUT/bench-sweep.txt"
  for kind in $kinds; do
    # Errors against FFTW at every cube (issue 9: no accuracy regression on any size).
    build-gpu/apps/bench/fft3d-bench --3d --sweep --type "${kind%-*}" --precision "${kind#*-}" --repeats 10 \
      --check-every-size --csv "$OUT/bench-sweep-$kind.csv" >"$OUT/sweep-one.txt" 2>&1 || status=1
    cat "$OUT/sweep-one.txt" >>"$OUT/bench-sweep.txt"
    echo "$kind: $(grep -E "sweep beyond L2|no array larger|geometric" "$OUT/sweep-one.txt" | tr '\n' ' ')"
  done
  rm -f "$OUT/sweep-one.txt"
  if [[ ${DRAM:-0} == 1 ]]; then  # writes $OUT/dram-bytes.txt, which the targets read
    OUT=$OUT scripts/dram-bytes.sh build-gpu 256,512 >"$OUT/dram-bytes.log" 2>&1 || status=1
    tail -8 "$OUT/dram-bytes.log"
  fi
  python3 scripts/issue9_targets.py "$OUT" | tee "$OUT/issue9-targets.txt"
  # The plot is a convenience: a python3 without matplotlib does not fail the
  # check. It draws the C2C f32 sweep, where SWEEP_KINDS ran one.
  if [[ -f $OUT/bench-sweep-c2c-f32.csv ]]; then
    plotted=no
    for py in python3 /usr/bin/python3; do
      if "$py" -c "import matplotlib" 2>/dev/null; then
        "$py" scripts/plot_sweep.py "$OUT/bench-sweep-c2c-f32.csv" "$OUT/grid3d_sweep.png" && plotted=yes
        break
      fi
    done
    [[ $plotted == yes ]] || echo "sweep plot: not drawn (no python3 with matplotlib, or no sweep rows)"
  fi
fi
exit $status
