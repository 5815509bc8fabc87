#!/usr/bin/env bash
# Times variants of the fused XY pass on a GPU (issue 9 experiments): for each
# cube side, the ESTIMATE variant and variants that change the cluster size
# and the rows/columns per group, through FFT3D_XY_VARIANT, in fft3d-bench
# --3d (same process as cuFFT). TYPE=r2c times the fused R2C forward instead;
# VARIANTS="name name ..." times those whole variant names after the specs
# (other radices, say: one size per run, as a name fixes its lengths).
# TYPE=r2c INVERSE=1 starts from the C2R inverse's columns-first variant
# instead (the table's c2r columns then show it).
# Usage: [SPECS="x*2 x*4,y*2"] [VARIANTS=...] [TYPE=r2c [INVERSE=1]] scripts/xy-explore.sh [BUILD] [SIDES] [PRECISION]
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
sides=${2:-256,512}
precision=${3:-f32}
bench=$build/apps/bench/fft3d-bench
type=(--type "${TYPE:-c2c}")
# time_fused N LABEL NAME: the fused pass forced to variant NAME on N^3, one line.
time_fused() {
  local line
  line=$(FFT3D_XY_PASS=fused FFT3D_XY_VARIANT="$3" "$bench" --3d "${type[@]}" --sizes "$1" --precision "$precision" \
         --repeats 10 2>&1 | grep -E "^ +$1x$1x$1 |fft3d-bench:" | head -1)
  printf '%-10s %s\n    %s\n' "$2" "$3" "$line"
}
for n in ${sides//,/ }; do
  estimate=$(FFT3D_XY_PASS=fused "$bench" --3d "${type[@]}" --sizes "$n" --precision "$precision" --describe-only 2>&1 |
             grep -o 'xy\.c[0-9]*\.mb[0-9]*[.a-z0-9]*|[^ ,]*' | grep "${INVERSE:+\.yx|}" | head -1)
  [[ -n $estimate ]] || { echo "$n: no fused pass"; continue; }
  echo "== $n^3 $precision, ESTIMATE $estimate"
  # name fields: xy.cC.mbM|<x ... .rowsR ...>|<y ... .rowsK ...>
  # SPECS: space-separated changes, each "c*2", "x/2 y*2", "b2" (double-buffered), "l4" (load in 4 chunks), "yx" (columns first),
  # "mb4" (occupancy hint), "xt/2" (X rows on half the threads each, twice the rows per group),
  # "xr" (X's radices in the other order), "yt" (Y's twiddles from the other source), ...
  # (multi-part ones with commas: "x*2,y*2"; "x*1" times the ESTIMATE itself)
  for spec in ${SPECS:-"" c/2 c*2 x*2,y*2 x/2,y/2 x*2 y*2 x/2 mb2 c/2,x/2,y/2}; do
    spec=${spec//,/ }
    name=$(python3 - "$estimate" "$spec" <<'PY'
import re, sys
name, spec = sys.argv[1], sys.argv[2].split()
head, x, y = name.split('|')
c = int(re.search(r'\.c(\d+)\.', head).group(1))
def rows(v, f):
    r = int(re.search(r'\.rows(\d+)\.', v).group(1))
    r = max(1, int(eval(f'{r}{f}')))
    return re.sub(r'\.rows\d+\.', f'.rows{r}.', v)
for s in spec:  # the whole-word flags first ('b2' is not a change of the cluster)
    if s == 'b2': head += '.b2'  # double-buffered, persistent
    elif s == 'l4': head = re.sub(r'(\.mb\d+)', r'\1.l4', head)  # the load in 4 cp.async chunks
    elif s == 'yx': head += '.yx'  # columns first (Y in the share, then X across the cluster)
    elif s == 'xr':  # X's radices in the other order (r15-32 -> r32-15)
        m = re.match(r'r([\d-]+)\.', x)
        x = 'r' + '-'.join(reversed(m.group(1).split('-'))) + x[m.end(1):]
    elif s == 'yt':  # Y's twiddles from the other source (table <-> sincos)
        y = y.replace('tw-table', 'tw-swap').replace('tw-sincos', 'tw-table').replace('tw-swap', 'tw-sincos')
    elif s.startswith('mb'): head = re.sub(r'\.mb\d+', '.mb' + s[2:], head)
    elif s.startswith('xt'):  # threads per X row, rows per group inversely (same block)
        t = int(re.search(r'\.t(\d+)\.', x).group(1))
        t2 = max(1, int(eval(f'{t}{s[2:]}')))
        x = re.sub(r'\.t\d+\.', f'.t{t2}.', x)
        x = rows(x, f'*{t}//{t2}')
    elif s.startswith('c'): c = max(1, int(eval(f'{c}{s[1:]}')))
    elif s.startswith('x'): x = rows(x, s[1:])
    elif s.startswith('y'): y = rows(y, s[1:])
head = re.sub(r'\.c\d+\.', f'.c{c}.', head)
print('|'.join([head, x, y]))
PY
) || { echo "spec '$spec': cannot apply to $estimate"; continue; }
    time_fused "$n" "${spec:-estimate}" "$name"
  done
  for name in ${VARIANTS:-}; do time_fused "$n" named "$name"; done
  line=$(FFT3D_XY_PASS=separate "$bench" --3d "${type[@]}" --sizes "$n" --precision "$precision" --repeats 10 2>&1 |
         grep -E "^ +${n}x${n}x${n}" | head -1)
  printf '%-10s\n    %s\n' "separate" "$line"
done
