#!/usr/bin/env python3
"""Picks the cubes whose tuned plan won an A/B (scripts/variant-ab.sh logs),
for scripts/builtin_wisdom.py: prints a table, then one line
"SPEC=CUBES" per transform and precision where a cube won (f32=...,
r2c-f64=...).

A cube's tuned plan wins when one direction's slowest round is at least 1 %
faster than the baseline's fastest round of it (C2C: the forward; R2C: the
forward or the inverse), and (R2C) the other direction is on average at
most 1 % slower (the forward) or 2 % slower (the inverse): every round must
agree, and the R2C forward, the transform the issue and most codes time,
may not pay for the inverse.

  scripts/wisdom_ab_pick.py [--tuned FORM] [--baseline FORM] LOG...
FORM is a form's name as the log prints it, or its start: by default the
tuned plan is env:FFT3D_WISDOM=... and the baseline the ESTIMATE
("estimate"). To check a written shipped file, pass --tuned estimate
--baseline env:FFT3D_BUILTIN_WISDOM=0.
"""
import argparse
import re
import sys
from collections import defaultdict

ROUND = re.compile(r"^== round \d+: (\d+)\^3 (f32|f64) (c2c|r2c)")
ROW = re.compile(r"^\s+(\d+)x(\d+)x(\d+)\s+(.*)$")
GAIN = 0.99  # a direction's slowest tuned round against the baseline's fastest
SLACK = (1.01, 1.02)  # R2C: the other direction's mean against the baseline's (forward, inverse)


def read_logs(paths):
    """{(type, precision, n): {form: [(forward ms, inverse ms or None), ...]}}"""
    runs = defaultdict(lambda: defaultdict(list))
    for path in paths:
        cube = form = None
        with open(path) as f:
            for line in f:
                m = ROUND.match(line)
                if m:
                    cube, form = (m.group(3), m.group(2), int(m.group(1))), None
                    continue
                m = ROW.match(line)
                if m and cube and form:
                    words = m.group(4).split()
                    if "/" in words[0]:  # R2C: passes, forward ours, cuFFT, ratio, inverse ours, ...
                        runs[cube][form].append((float(words[1]), float(words[4])))
                    else:  # C2C: ours, cuFFT, ...
                        runs[cube][form].append((float(words[0]), None))
                elif cube and line.strip() and not line.startswith(" "):
                    form = line.strip()
    return runs


def find_form(forms, start):
    found = [f for f in forms if f == start or f.startswith(start)]
    return found[0] if len(found) == 1 else None


def wins(tuned, baseline):
    """Whether the tuned rounds beat the baseline's; each direction's change
    (slowest tuned round against the fastest baseline round)."""
    directions = (0,) if tuned[0][1] is None else (0, 1)
    change = [max(t[d] for t in tuned) / min(b[d] for b in baseline) - 1 for d in directions]
    mean = lambda runs, d: sum(r[d] for r in runs) / len(runs)
    for d in directions:
        others_hold = all(mean(tuned, o) <= SLACK[o] * mean(baseline, o) for o in directions if o != d)
        if change[d] <= GAIN - 1 and others_hold:
            return True, change
    return False, change


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tuned", default="env:FFT3D_WISDOM=")
    parser.add_argument("--baseline", default="estimate")
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args(argv[1:])
    picked = defaultdict(list)
    for (kind, precision, n), forms in sorted(read_logs(args.logs).items()):
        tuned, baseline = find_form(forms, args.tuned), find_form(forms, args.baseline)
        if not tuned or not baseline:
            sys.exit(f"{n}^3 {precision} {kind}: no single form named {args.tuned!r} and {args.baseline!r}")
        won, change = wins(forms[tuned], forms[baseline])
        names = ("forward", "inverse")
        print(f"{n}^3 {precision} {kind}: " + ", ".join(f"{names[d]} {c:+.1%}" for d, c in enumerate(change)) +
              ("  <- wins" if won else ""))
        spec = precision if kind == "c2c" else f"r2c-{precision}"
        if won:
            picked[spec].append(n)
    for spec, cubes in picked.items():  # none where no cube won
        print(f"{spec}={','.join(map(str, cubes))}")


if __name__ == "__main__":
    main(sys.argv)
