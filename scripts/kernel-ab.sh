#!/usr/bin/env bash
# A/B of a source change in one GPU call: builds fft3d-bench from the working
# tree (build-gpu) and from a copy of it with PATCH reversed
# (/tmp/kernel-ab-old/build), then runs the same fft3d-bench arguments on both, alternating,
# ROUNDS times (same machine, each run against cuFFT in its own process).
# Several runs over the one pair of builds: their arguments separated by --then.
# With $OUT set, the tables also go to $OUT/kernel-ab.txt as they come.
#   git diff HEAD -- src > ab.patch   (here), then on the GPU machine:
#   ROUNDS=2 scripts/kernel-ab.sh ab.patch --3d --sizes 256,384 --precision f32 --repeats 10
#   scripts/kernel-ab.sh ab.patch --3d --sizes 256 --then --3d --type r2c --sizes 256
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
patch_file=$(realpath "$1")
shift
jobs=$(nproc)
old=/tmp/kernel-ab-old
rm -rf "$old" && mkdir -p "$old"
tar --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$old"
(cd "$old" && patch -s -R -p1 <"$patch_file") || { echo "kernel-ab: the patch does not reverse" >&2; exit 2; }
build() {  # tree, build dir
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build "$2" -j"$((jobs / 2))" --target fft3d-bench >/dev/null
}
build . build-gpu & build "$old" "$old/build" & wait
for b in build-gpu/apps/bench/fft3d-bench "$old/build/apps/bench/fft3d-bench"; do
  [[ -x $b ]] || { echo "kernel-ab: $b did not build" >&2; exit 1; }
done
runs=()  # one string of arguments a run
run=""
for arg in "$@"; do
  if [[ $arg == --then ]]; then runs+=("$run"); run=""; else run+="${run:+ }$arg"; fi
done
runs+=("$run")
log=${OUT:+$OUT/kernel-ab.txt}
for ((i = 0; i < ${ROUNDS:-2}; ++i)); do
  for run in "${runs[@]}"; do
    for side in new old; do
      if [[ $side == new ]]; then b=build-gpu; else b=$old/build; fi
      echo "== $side: $run"
      # shellcheck disable=SC2086  # a run's arguments split at spaces
      FFT3D_CACHE_DIR=$(cd "$b" && pwd)/kernel-cache "$b/apps/bench/fft3d-bench" $run 2>&1 |
        grep -E "^ *[0-9]+x[0-9]|error"
    done
  done
done | tee ${log:+"$log"}
