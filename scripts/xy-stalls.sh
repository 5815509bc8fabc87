#!/usr/bin/env bash
# Where the fused XY kernel's warps wait (issue 9): Nsight Compute's warp
# state sampling per SASS instruction for the fused kernel of one forward
# 3-D transform, summed per opcode and per stretch of code between
# barriers, with the kernel's stall reasons. ESTIMATE plans, or
# FFT3D_XY_VARIANT forced. KERNEL=regex picks another kernel and SKIP=k its
# (k+1)-th launch in the transform (KERNEL=fft3d_x_forward SKIP=1: a
# three-pass cube's Y columns). Prints a summary; with REPORTS=DIR, the
# Nsight Compute report and its CSV pages stay in DIR.
#   [TYPE=r2c] [KERNEL=regex] [SKIP=k] [REPORTS=DIR] scripts/xy-stalls.sh [BUILD_DIR [SIZE [PRECISION]]]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
build=${1:-build-gpu}
n=${2:-384}
precision=${3:-f32}
bench=$build/apps/bench/fft3d-bench
[[ -x $bench ]] || { echo "xy-stalls: $bench not found; build it first" >&2; exit 2; }
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
export FFT3D_CACHE_DIR=${FFT3D_CACHE_DIR:-$(cd "$build" && pwd)/kernel-cache}
out=${REPORTS:-$(mktemp -d)}
mkdir -p "$out"
kernel=${KERNEL:-fft3d_xy}
rep=$out/xy-stalls-$n-$precision-${TYPE:-c2c}-$kernel-${SKIP:-0}
"$ncu" --clock-control none --profile-from-start off -k "regex:$kernel" --launch-skip "${SKIP:-0}" --launch-count 1 \
  --import-source no --section ComputeWorkloadAnalysis --section InstructionStats \
  --section WarpStateStats --section SourceCounters --section SpeedOfLight --section Occupancy \
  --section SchedulerStats --section LaunchStats -f -o "$rep" \
  "$bench" --3d --type "${TYPE:-c2c}" --precision "$precision" --sizes "$n" --profile-once fft3d >"$rep.log" 2>&1 ||
  { echo "xy-stalls: ncu failed"; tail -5 "$rep.log"; exit 1; }
"$ncu" -i "$rep.ncu-rep" --page details --csv >"$rep.details.csv" 2>/dev/null
"$ncu" -i "$rep.ncu-rep" --page source --csv --print-source sass >"$rep.sass.csv" 2>/dev/null
python3 - "$rep.details.csv" "$rep.sass.csv" "$n^3 $precision ${TYPE:-c2c} $kernel launch ${SKIP:-0}" <<'PY'
import csv, sys, collections
details, sass, title = sys.argv[1:4]
print(f"== {title}")
rows = list(csv.reader(l for l in open(details) if not l.startswith('==')))
col = {name: i for i, name in enumerate(rows[0])}
for r in rows[1:]:
    m = r[col['Metric Name']]
    if m in ('Duration', 'DRAM Throughput', 'Active Warps Per Scheduler', 'Eligible Warps Per Scheduler',
             'Warp Cycles Per Issued Instruction', 'Registers Per Thread', 'Dynamic Shared Memory Per Block',
             'Block Limit Registers', 'Block Limit Shared Mem', 'Max Active Clusters', 'Achieved Occupancy',
             'Compute (SM) Throughput', 'Issue Slots Busy', 'Executed Ipc Active', 'L1/TEX Hit Rate',
             'Shared Memory Bandwidth Utilization'):
        print(f"  {m:44} {r[col['Metric Value']]:>12} {r[col['Metric Unit']]}")
rows = [r for r in csv.reader(l for l in open(sass) if not l.startswith('=='))]
rows = rows[next((i for i, r in enumerate(rows) if r and r[0] == 'Address'), 0):]
head = rows[0]
col = {h: i for i, h in enumerate(head)}
src, samples = col.get('Source'), col.get('Warp Stall Sampling (All Samples)')
if src is None or samples is None:
    print('  no SASS source page:', head[:4]); sys.exit(0)
reasons = [h for h in head if h.startswith('stall_') and '(Not Issued)' not in h]
def num(s):
    try: return float(s.replace(',', ''))
    except ValueError: return 0.0
total = sum(num(r[samples]) for r in rows[1:]) or 1.0
executed = sum(num(r[col['Instructions Executed']]) for r in rows[1:]) if 'Instructions Executed' in col else 0
by_op, by_reason, mix = collections.Counter(), collections.Counter(), collections.Counter()
stretches, cur, why, start, ran = [], collections.Counter(), collections.Counter(), None, 0.0
for r in rows[1:]:
    text = r[src].strip()
    words = text.split()
    op = (words[1] if words and words[0].startswith('@') and len(words) > 1 else (words[0] if words else '?'))
    s = num(r[samples])
    base = op.split('.')[0]
    by_op[base] += s
    if 'Instructions Executed' in col:
        mix[base] += num(r[col['Instructions Executed']])
        ran += num(r[col['Instructions Executed']])
    cur[base] += s
    for h in reasons:
        by_reason[h[6:]] += num(r[col[h]])
        why[h[6:]] += num(r[col[h]])
    if start is None: start = r[0]
    if base in ('BAR', 'UCGABAR_WAIT', 'WARPSYNC', 'EXIT') or base.startswith('DEPBAR'):
        stretches.append((start, r[0], base, cur, why, ran))
        cur, why, start, ran = collections.Counter(), collections.Counter(), None, 0.0
if cur: stretches.append((start, 'end', '', cur, why, ran))
print(f"  samples {total:.0f}, warp instructions executed {executed:.0f}")
print("  stall reasons: " + ', '.join(f"{k} {100 * v / total:.1f}" for k, v in by_reason.most_common(9)))
print("  executed instructions by opcode: " + ', '.join(f"{k} {100 * v / (executed or 1):.1f}" for k, v in mix.most_common(16)))
print("  samples by opcode: " + ', '.join(f"{k} {100 * v / total:.1f}" for k, v in by_op.most_common(14)))
print("  by stretch of code ending at a barrier (>= 2 % of samples), % of samples:")
for a, b, op, c, w, ran in stretches:
    s = sum(c.values())
    if s >= 0.02 * total:
        print(f"    {a}..{b} {op:13} {100 * s / total:5.1f}  instructions {100 * ran / (executed or 1):4.1f}  ops: " + ', '.join(f"{k} {100 * v / total:.1f}" for k, v in c.most_common(4)) +
              "; why: " + ', '.join(f"{k} {100 * v / total:.1f}" for k, v in w.most_common(3)))
PY
