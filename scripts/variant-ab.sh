#!/usr/bin/env bash
# The ESTIMATE's plan against plans with some passes' variants forced, in one
# build and one GPU call (issue 9): fft3d-bench --3d (in place, same process
# as cuFFT, median of --repeats) for each form, alternating, ROUNDS times.
# A form is kind:VARIANT, or several joined by '+':
#   x:NAME        FFT3D_X_VARIANT (X rows; real rows take their .real-* names)
#   columns:NAME  FFT3D_COLUMN_VARIANT (Y and Z columns; a .cols name)
#   z:NAME        FFT3D_Z_COLUMN_VARIANT (the Z columns alone)
#   xy:NAME       FFT3D_XY_VARIANT (the fused XY pass; it replaces a fused
#                 pass only: where the plan keeps separate passes, add
#                 +env:FFT3D_XY_PASS=fused)
#   env:VAR=VALUE any other setting (FFT3D_PDL=0, FFT3D_XY_PASS=separate, ...)
# On a GPU with shipped wisdom (wisdom/*.json) "estimate" is the plan built
# from it for the cubes it holds; env:FFT3D_BUILTIN_WISDOM=0 is the heuristics'.
# Usage: [ROUNDS=2] [TYPE=c2c|r2c] [REPEATS=10] scripts/variant-ab.sh BUILD N PRECISION FORM...
#   scripts/variant-ab.sh build-gpu 512 f64 columns:r32-16.t16.rows16.pad-none.tw-sincos.mb0.cols
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[[ $# -ge 4 ]] || { sed -n '2,16p' "$0" >&2; exit 2; }
build=$1 n=$2 precision=$3
shift 3
bench=${BENCH:-$build/apps/bench/fft3d-bench}
[[ -x $bench ]] || { echo "variant-ab: $bench not found; build it first" >&2; exit 2; }
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}

# The environment a form sets, as VAR=value words for env(1).
form_environment() {
  local part words=()
  IFS='+' read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    case ${part%%:*} in
      x) words+=("FFT3D_X_VARIANT=${part#*:}") ;;
      columns) words+=("FFT3D_COLUMN_VARIANT=${part#*:}") ;;
      z) words+=("FFT3D_Z_COLUMN_VARIANT=${part#*:}") ;;
      xy) words+=("FFT3D_XY_VARIANT=${part#*:}") ;;
      env) [[ ${part#*:} == FFT3D_*=* ]] || { echo "variant-ab: '$part' is not env:FFT3D_NAME=VALUE" >&2; return 1; }
        words+=("${part#*:}") ;;
      *) echo "variant-ab: '$part' is not x:, columns:, z:, xy: or env:" >&2; return 1 ;;
    esac
  done
  echo "${words[@]}"
}

for form in "$@"; do form_environment "$form" >/dev/null || exit 2; done
status=0
for ((round = 1; round <= ${ROUNDS:-2}; ++round)); do
  echo "== round $round: $n^3 $precision ${TYPE:-c2c}"
  for form in estimate "$@"; do
    words=()
    [[ $form == estimate ]] || read -ra words <<<"$(form_environment "$form")"
    out=$(env "${words[@]}" "$bench" --3d --type "${TYPE:-c2c}" --sizes "$n" --precision "$precision" \
      --repeats "${REPEATS:-10}" 2>&1) || status=1
    printf '%s\n%s\n' "$form" "$(grep -E "^ *[0-9]+x[0-9]|rror" <<<"$out")"
  done
done
exit $status
