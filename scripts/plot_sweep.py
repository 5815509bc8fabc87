#!/usr/bin/python3
"""Plot of an fft3d-bench --3d --sweep CSV (docs/BENCHMARKS.md, "Sweep and
pass count"): on the left the forward time against the cube side for fft3d,
cuFFT and the two- and three-pass floors (log scale); on the right cuFFT/ours
with lines at 1.0 and at the issue's target 1.4. Arrays that fit in L2 are
drawn hollow: their times are of cache, not memory traffic.

  scripts/plot_sweep.py bench-sweep-c2c-f32.csv [out.png]   # default docs/grid3d_sweep.png

Needs only matplotlib (Agg: no display) and the csv module.
"""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLUMNS = ("precision", "type", "side", "ms_ours", "ms_cufft", "floor2_ms", "floor3_ms",
           "exceeds_l2")
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                           "grid3d_sweep.png")


def read_sweep(path):
    """Rows of the sweep CSV as dicts with numbers, grouped by (precision, type)."""
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
            if missing:
                sys.exit(f"plot_sweep: {path} is not a --sweep CSV (no column {', '.join(missing)})")
            rows = list(reader)
    except OSError as e:
        sys.exit(f"plot_sweep: {e}")
    if not rows:
        sys.exit(f"plot_sweep: {path} has no rows")
    groups = {}
    for line, r in enumerate(rows, start=2):
        try:
            row = {"side": int(r["side"]), "exceeds_l2": r["exceeds_l2"].strip() == "1"}
            for c in ("ms_ours", "ms_cufft", "floor2_ms", "floor3_ms"):
                row[c] = float(r[c])
        except (TypeError, ValueError):
            sys.exit(f"plot_sweep: {path}:{line}: not a number in {r}")
        groups.setdefault((r["precision"], r["type"]), []).append(row)
    for rows_of_group in groups.values():
        rows_of_group.sort(key=lambda row: row["side"])
    return groups


def draw(groups, out_path, title):
    fig, (times, ratios) = plt.subplots(1, 2, figsize=(13, 5))
    styles = ["-", "--", ":", "-."]
    for i, ((precision, kind), rows) in enumerate(sorted(groups.items())):
        label = f"{precision} {kind}"
        style = styles[i % len(styles)]
        side = [r["side"] for r in rows]
        times.plot(side, [r["ms_ours"] for r in rows], style, marker="o", color="C0",
                   label=f"fft3d {label}")
        times.plot(side, [r["ms_cufft"] for r in rows], style, marker="s", color="C1",
                   label=f"cuFFT {label}")
        times.plot(side, [r["floor2_ms"] for r in rows], style, color="C2", alpha=0.7,
                   label=f"two-pass floor {label}")
        times.plot(side, [r["floor3_ms"] for r in rows], style, color="C3", alpha=0.7,
                   label=f"three-pass floor {label}")

        ratio = [r["ms_cufft"] / r["ms_ours"] for r in rows]
        color = f"C{4 + i}"
        ratios.plot(side, ratio, style, color=color, label=label)
        beyond = [(s, q) for s, q, r in zip(side, ratio, rows) if r["exceeds_l2"]]
        within = [(s, q) for s, q, r in zip(side, ratio, rows) if not r["exceeds_l2"]]
        if beyond:
            ratios.plot(*zip(*beyond), "o", color=color)
        if within:
            ratios.plot(*zip(*within), "o", mfc="none", color=color)

    times.set_yscale("log")
    times.set_xlabel("cube side n (n³ grid)")
    times.set_ylabel("forward transform, ms")
    times.set_title("time (in place, forward)")
    times.grid(True, which="both", alpha=0.3)
    times.legend(fontsize=7)

    ratios.axhline(1.0, color="gray", lw=1)
    ratios.axhline(1.4, color="red", lw=1, ls="--", label="target 1.4")
    ratios.set_xlabel("cube side n (n³ grid)")
    ratios.set_ylabel("cuFFT time / fft3d time")
    ratios.set_title("cuFFT/ours (> 1: fft3d faster; hollow: array fits in L2)")
    ratios.grid(True, alpha=0.3)
    ratios.legend(fontsize=8)

    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out_path, dpi=120)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="CSV written by fft3d-bench --3d --sweep --csv")
    parser.add_argument("png", nargs="?", default=DEFAULT_OUT,
                        help="output image (default: docs/grid3d_sweep.png)")
    parser.add_argument("--title", default=None, help="figure title (default: the CSV's name)")
    args = parser.parse_args()
    groups = read_sweep(args.csv)
    draw(groups, args.png, args.title or f"fft3d vs cuFFT: {os.path.basename(args.csv)}")
    print(f"plot_sweep: wrote {os.path.normpath(args.png)}")


if __name__ == "__main__":
    main()
