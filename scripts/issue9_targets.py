#!/usr/bin/python3
"""Issue 9's targets against the sweeps of one GPU: each target, what was
measured and whether it holds. Reads the CSVs of `fft3d-bench --3d --sweep`
(scripts/gpu-check.sh sweep writes them as bench-sweep-<type>-<precision>.csv)
and, where given, the table of scripts/dram-bytes.sh.

  scripts/issue9_targets.py OUT_DIR                  # the CSVs gpu-check.sh wrote there
  scripts/issue9_targets.py --c2c-f32 F [--c2c-f64 F] [--r2c-f32 F] [--dram dram-bytes.txt]

The issue states its targets for an H100; on another GPU the verdicts only
say how that GPU compares. A target whose data is missing is reported as
such, not as met. Exit status 0 whatever the verdicts (a report, not a test).
"""
import argparse
import csv
import math
import os
import sys

# The cube sides the issue's geometric mean runs over (beyond an H100's L2).
SIDES = (192, 210, 240, 243, 256, 300, 320, 343, 384, 400, 480, 500, 512)
MEAN_TARGET = 1.4
MAX_PASSES = 2.2  # DRAM bytes read and written over twice the array's


def read_sweep(path):
    """{side: (ms_ours, ms_cufft)} of a sweep CSV's cubes; None without a file."""
    if not path or not os.path.exists(path):
        return None
    out = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            dims = row["grid"].split("x")
            if len(set(dims)) == 1:
                out[int(dims[0])] = (float(row["ms_ours"]), float(row["ms_cufft"]))
    return out


def read_passes(path):
    """[(grid, passes)] of fft3d's rows in a dram-bytes.sh table; None without a file."""
    if not path or not os.path.exists(path):
        return None
    rows = []
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) >= 10 and words[0] == "fft3d":
                rows.append((" ".join(words[1:4]), float(words[-1])))
    return rows


def verdict(ok):
    return "met" if ok else "NOT met"


def time_target(rows, sweep, what, side, limit_ms):
    if sweep is None or side not in sweep:
        rows.append((f"{what} <= {limit_ms} ms", "no data", "unknown"))
        return
    ours, cufft = sweep[side]
    rows.append((f"{what} <= {limit_ms} ms", f"{ours:.4f} ms (cuFFT {cufft:.4f})", verdict(ours <= limit_ms)))


def targets(c2c_f32, c2c_f64, r2c_f32, passes):
    rows = []
    if c2c_f32 is None:
        rows.append(("C2C f32 geometric mean >= 1.4", "no data", "unknown"))
    else:
        ratios = {s: c2c_f32[s][1] / c2c_f32[s][0] for s in SIDES if s in c2c_f32}
        missing = [s for s in SIDES if s not in ratios]
        if ratios:
            mean = math.exp(sum(math.log(r) for r in ratios.values()) / len(ratios))
            slowest = min(ratios, key=ratios.get)
            note = f" ({len(ratios)} cubes; missing {missing})" if missing else f" ({len(ratios)} cubes)"
            rows.append((f"C2C f32 geometric mean >= {MEAN_TARGET}", f"{mean:.3f}{note}",
                         verdict(mean >= MEAN_TARGET and not missing)))
            rows.append(("C2C f32 never slower than cuFFT", f"slowest {slowest}^3 at {ratios[slowest]:.3f}x",
                         verdict(ratios[slowest] >= 1.0 and not missing)))
    time_target(rows, c2c_f32, "256^3 C2C f32", 256, 0.21)
    time_target(rows, c2c_f32, "512^3 C2C f32", 512, 1.8)
    time_target(rows, c2c_f64, "256^3 C2C f64", 256, 0.40)
    time_target(rows, r2c_f32, "256^3 R2C f32 forward", 256, 0.11)
    if passes is None:
        rows.append((f"DRAM passes <= {MAX_PASSES}", "no data", "unknown"))
    else:
        for grid, p in passes:
            rows.append((f"DRAM passes <= {MAX_PASSES}: {grid}", f"{p:.3f}", verdict(p <= MAX_PASSES)))
    return rows


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", nargs="?", help="a folder holding bench-sweep-<type>-<precision>.csv")
    parser.add_argument("--c2c-f32")
    parser.add_argument("--c2c-f64")
    parser.add_argument("--r2c-f32")
    parser.add_argument("--dram", help="scripts/dram-bytes.sh's table")
    args = parser.parse_args(argv)

    def pick(given, name):
        if given or not args.out_dir:
            return given
        return os.path.join(args.out_dir, name)

    rows = targets(read_sweep(pick(args.c2c_f32, "bench-sweep-c2c-f32.csv")),
                   read_sweep(pick(args.c2c_f64, "bench-sweep-c2c-f64.csv")),
                   read_sweep(pick(args.r2c_f32, "bench-sweep-r2c-f32.csv")),
                   read_passes(pick(args.dram, "dram-bytes.txt")))
    width = max(len(r[0]) for r in rows)
    print("issue 9 targets (stated for an H100):")
    for target, measured, state in rows:
        print(f"  {target:<{width}}  {state:<8}  {measured}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
