#!/usr/bin/env bash
set -uo pipefail
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
{ cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16; } >build.log 2>&1 ||
  { tail -60 build.log; exit 1; }
export FFT3D_CACHE_DIR=$PWD/build-gpu/kernel-cache
FFT3D_PLAN_SOURCE=tuned build-gpu/tests/fft3d_gpu_tests --gtest_filter='GpuGrid.RingOfTheFusedPass' 2>&1 | grep -E "^\[  |Failure|rror" | tail -3
ROUNDS=2 scripts/variant-ab.sh build-gpu 512 f32 "env:FFT3D_XY_PASS=separate" 2>&1 | grep -v "^ cuFFT"
B='|r12-32.t16.rows8.pad-none.tw-sincos.mb0|r24-16.t1.rows1.pad-none.tw-table.mb0.cols'
ROUNDS=1 scripts/variant-ab.sh build-gpu 384 f64 "env:FFT3D_XY_PASS=fused+xy:xy.c16.mb0.sr.np.sw.rg37$B" 2>&1 | grep -v "^ cuFFT"
