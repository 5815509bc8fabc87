#!/usr/bin/env bash
# The shipped-wisdom workflow (docs/TUNING.md, "Shipped wisdom") for one
# transform type and precision on this GPU, in one call:
#  1. MEASURE-tune the cubes (scripts/tune-sweep.sh, no sweep);
#  2. A/B the ESTIMATE against the tuned plan (scripts/variant-ab.sh) of
#     each cube whose tuned plan MEASURE's own whole-plan check kept;
#  3. add the winners (scripts/wisdom_ab_pick.py) to wisdom/MODEL.json
#     (scripts/builtin_wisdom.py), then rebuild, which embeds the file;
#  4. A/B the built plans against the heuristics (FFT3D_BUILTIN_WISDOM=0)
#     and keep only the cubes that still win;
#  5. A/B each kept cube whose own-stride column entries differ from the
#     shared one against the shared one forced, and drop the own entries
#     where the shared one wins (scripts/own-columns-check.sh).
# Cubes whose plan the file already holds are left as they are. Run C2C
# before R2C: complex and real plans of a length share its columns entry, and
# the file keeps the entry it had. BUILD is configured and built first. On
# an H200, five f64 cubes that all tied took 78 s; each winner adds two A/B
# rounds more. Split long lists over calls, copying $OUT/MODEL.json to
# wisdom/ in between. To $OUT: build.log, ship-TAG.txt (the log),
# tune-TAG.txt, wisdom-TAG.json and MODEL.json (review, commit).
#   [TYPE=c2c|r2c] [ROUNDS=2] scripts/ship-wisdom.sh BUILD PRECISION [SIDES]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[[ $# -ge 2 ]] || { sed -n '2,21p' "$0" >&2; exit 2; }
build=$1 precision=$2
sides=${3:-192,210,240,243,256,300,320,343,384,400,480,500,512}
type=${TYPE:-c2c}
[[ $type == c2c || $type == r2c ]] || { echo "ship-wisdom: TYPE must be c2c or r2c" >&2; exit 2; }
tag=$precision
[[ $type == r2c ]] && tag=r2c-$precision
OUT=${OUT:-$PWD/ship-wisdom-out}
mkdir -p "$OUT"
# A fresh machine has no build: configure it, then bring it up to date.
{ [[ -f $build/CMakeCache.txt ]] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release; } >"$OUT/build.log" 2>&1 &&
  cmake --build "$build" >>"$OUT/build.log" 2>&1 || { echo "ship-wisdom: the build failed: see $OUT/build.log" >&2; exit 1; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
model=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z ' 'a-z-')
[[ -n $model ]] || { echo "ship-wisdom: no GPU" >&2; exit 2; }
file=wisdom/$model.json
log=$OUT/ship-$tag.txt
tuned=$OUT/wisdom-$tag.json
base=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$base" "$work"' EXIT
if [[ -f $file ]]; then cp "$file" "$base"; else echo '{"fft3d_wisdom": 1, "entries": []}' >"$base"; fi

# The cubes asked for, less those the file holds.
held=",$(scripts/builtin_wisdom.py --cubes "$base" "$tag"),"
cubes=()
for n in ${sides//,/ }; do [[ $held == *",$n,"* ]] || cubes+=("$n"); done
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "$model $type $precision: cubes ${cubes[*]:-none} (the file holds ${held//,/ })"
[[ ${#cubes[@]} -gt 0 ]] || { cp "$base" "$OUT/$model.json"; exit 0; }
list=$(IFS=,; echo "${cubes[*]}")

# A/B of every cube in the list against FORM (ROUNDS rounds), into FILE.
ab_all() {
  local form=$1 out=$2 n
  : >"$out"
  for n in ${3//,/ }; do TYPE=$type scripts/variant-ab.sh "$build" "$n" "$precision" "$form" >>"$out" 2>&1; done
  cat "$out" >>"$log"
}
# The picked spec (TAG=CUBES) from an A/B log; empty where no cube won.
picked() { scripts/wisdom_ab_pick.py "$@" 2>&1 | tee -a "$log" | grep "^$tag=" || true; }
# The file: the base plus SPEC's cubes (none: the base, or no file where the
# base was empty), built into the library.
write_file() {
  if [[ -n $1 ]]; then
    scripts/builtin_wisdom.py "$file" all "$base" "$1" "$tuned" | tee -a "$log"
  elif grep -q '"pass"' "$base"; then
    cp "$base" "$file"
  else
    rm -f "$file"
  fi
  cmake --build "$build" >>"$log" 2>&1 || { say "the build failed: see $log"; exit 1; }
}

say "== 1. MEASURE"
rm -f "$tuned"
SWEEP=0 TYPE=$type OUT=$OUT scripts/tune-sweep.sh "$build" "$precision" "$list" >>"$log" 2>&1 ||
  { say "tuning failed: see $OUT/tune-$tag.txt"; exit 1; }
# Where MEASURE kept the ESTIMATE's plan, the tuned one did not beat it.
contenders=$(scripts/builtin_wisdom.py --cubes "$tuned" "$tag" tuned,shared-columns)
say "== 2. the ESTIMATE against the tuned plans of ${contenders:-no cube} (MEASURE kept the ESTIMATE's elsewhere)"
spec=
if [[ -n $contenders ]]; then
  ab_all "env:FFT3D_WISDOM=$tuned" "$work/tuned.txt" "$contenders"
  spec=$(picked "$work/tuned.txt")
fi
say "== 3. the file with ${spec:-no new cube}"
write_file "$spec"
if [[ -n $spec ]]; then
  say "== 4. the built file against the heuristics"
  ab_all "env:FFT3D_BUILTIN_WISDOM=0" "$work/shipped.txt" "${spec#*=}"
  kept=$(picked --tuned estimate --baseline env:FFT3D_BUILTIN_WISDOM=0 "$work/shipped.txt")
  if [[ $kept != "$spec" ]]; then
    say "== 4b. the file with ${kept:-no new cube}"
    write_file "$kept"
  fi
fi
if [[ -n ${kept:-} ]]; then
  say "== 5. own-stride columns of ${kept#*=} against the shared entry"
  TYPE=$type scripts/own-columns-check.sh "$build" "$file" "$precision" "${kept#*=}" "$work/own.txt" \
    >/dev/null 2>>"$log" || { say "the own-columns check failed: see $log"; exit 1; }
  cat "$work/own.txt" >>"$log"
  if grep "dropped columns" "$work/own.txt"; then  # the file changed: embed it again
    cmake --build "$build" >>"$log" 2>&1 || { say "the build failed: see $log"; exit 1; }
  fi
fi
if [[ -f $file ]]; then
  cp "$file" "$OUT/$model.json"
  say "$OUT/$model.json: $tag cubes $(scripts/builtin_wisdom.py --cubes "$file" "$tag" | tr , ' ')"
else
  say "no $file: no cube won"
fi
