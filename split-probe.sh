#!/usr/bin/env bash
# temporary probe: per-kernel durations of forced-fused grids
set -uo pipefail
export FFT3D_CACHE_DIR=$PWD/build-gpu/kernel-cache
b=build-gpu/apps/bench/fft3d-bench
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
probe() { # form precision grid
  LC_ALL=C FFT3D_XY_PASS=$1 $ncu --clock-control none --profile-from-start off \
   --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum --csv --page raw \
   $b --3d --precision $2 --sizes $3 --profile-once fft3d 2>&1 | python3 -c '
import sys,csv
rows=[r for r in csv.reader(l for l in sys.stdin if l.startswith("\""))]
h=rows[0]; c={n:i for i,n in enumerate(h)}
for r in rows[2:]:
  print(sys.argv[1], r[c["Kernel Name"]][:40], r[c["gpu__time_duration.sum"]], r[c["dram__bytes_read.sum"]], r[c["dram__bytes_write.sum"]])
' "$1 $2 $3"
}
for g in 480x160x1440 500x125x2000 300x100x900 300x75x1200 384x128x1152 256x256x256; do probe fused f32 $g; done
for g in 480x480x480 500x500x500 300x300x300 384x384x384; do probe separate f32 $g; done
for g in 320x64x1600 384x128x1152; do probe fused f64 $g; done
for g in 320x320x320 384x384x384; do probe separate f64 $g; done
