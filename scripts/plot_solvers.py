#!/usr/bin/python3
"""Plots for the sample solvers (docs/SOLVERS.md): the Taylor-Green dissipation
and energy against the published reference, and the Poisson convergence.

  scripts/plot_solvers.py \
      --tg 64^3=docs/data/taylor_green_64_cpu.csv --tg 48^3=docs/data/taylor_green_48_cpu.csv \
      --poisson docs/data/poisson_convergence_cpu.csv --out-dir docs

Inputs are the CSV files taylor-green --csv and poisson3d --sweep --csv write.
--reference-curve takes a full reference history with whitespace-separated
columns t, E, -dE/dt[, Z] (the format of the high-order workshop's
spectral_Re1600_512.gdiag), if you have one. Needs matplotlib (system package
python3-matplotlib); not part of CI.
"""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_csv(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    if not rows:
        sys.exit(f"plot_solvers: {path} has no rows")
    return rows


def column(rows, name):
    return [float(r[name]) for r in rows]


def labelled(spec):
    if "=" in spec:
        label, path = spec.split("=", 1)
        return label, path
    return os.path.splitext(os.path.basename(spec))[0], spec


def plot_taylor_green(runs, reference_points, reference_curve, title, out):
    fig, (ax_eps, ax_e) = plt.subplots(1, 2, figsize=(11, 4.2))
    if reference_curve:
        t, e, eps = [], [], []
        with open(reference_curve) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and not line.lstrip().startswith("#"):
                    t.append(float(parts[0]))
                    e.append(float(parts[1]))
                    eps.append(float(parts[2]))
        ax_eps.plot(t, eps, color="black", lw=2.5, alpha=0.35, label="reference DNS (512³ spectral)")
        ax_e.plot(t, e, color="black", lw=2.5, alpha=0.35, label="reference DNS (512³ spectral)")
    for label, path in runs:
        rows = read_csv(path)
        t = column(rows, "time")
        line, = ax_eps.plot(t, column(rows, "dissipation_minus_dEdt"), lw=1.6, label=f"{label}: −dE/dt")
        ax_eps.plot(t, column(rows, "dissipation_2nu_enstrophy"), lw=1, ls="--", color=line.get_color(),
                    label=f"{label}: 2νZ")
        ax_e.plot(t, column(rows, "energy"), lw=1.6, color=line.get_color(), label=label)
    if reference_points:
        for r in read_csv(reference_points):
            value = float(r["dissipation"]) if r["dissipation"] else None
            if value is None:
                continue
            marker = "*" if r["kind"] == "peak" else "o"
            ax_eps.errorbar([float(r["time"])], [value], xerr=[[float(r["time_uncertainty"] or 0)]] * 2,
                            fmt=marker, ms=12 if marker == "*" else 7, color="crimson", zorder=5,
                            label=f"reference: {r['label']}")
    ax_eps.set_xlabel("t")
    ax_eps.set_ylabel("dissipation rate ε")
    ax_eps.set_title("Taylor–Green, Re = 1600: dissipation")
    ax_eps.legend(fontsize=7)
    ax_eps.grid(alpha=0.3)
    ax_e.set_xlabel("t")
    ax_e.set_ylabel("kinetic energy E = ½⟨|u|²⟩")
    ax_e.set_title("kinetic energy")
    ax_e.legend(fontsize=8)
    ax_e.grid(alpha=0.3)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=130)
    print(f"wrote {out}")


def plot_poisson(path, title, out):
    rows = read_csv(path)
    fig, ax = plt.subplots(figsize=(6, 4.2))
    for precision, marker in (("f32", "s"), ("f64", "o")):
        sel = [r for r in rows if r["precision"] == precision]
        if sel:
            ax.semilogy([int(r["n"]) for r in sel], [max(float(r["rel_l2_error"]), 1e-17) for r in sel],
                        marker=marker, label=f"{precision}, relative L2 error")
    for eps, name in ((2.0 ** -24, "f32 unit roundoff"), (2.0 ** -53, "f64 unit roundoff")):
        ax.axhline(eps, color="gray", lw=0.8, ls=":")
        ax.text(ax.get_xlim()[1], eps, " " + name, va="center", fontsize=7, color="gray")
    ax.set_xlabel("grid points per axis n")
    ax.set_ylabel("‖u − u_exact‖₂ / ‖u_exact‖₂")
    ax.set_title(title or "Poisson ∇²u = f on [0, 2π)³: spectral convergence")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=130)
    print(f"wrote {out}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg", action="append", default=[], metavar="[LABEL=]CSV", help="a taylor-green --csv history")
    p.add_argument("--reference", default="docs/data/taylor_green_re1600_reference.csv",
                   help="reference points (CSV with time, dissipation, kind, label)")
    p.add_argument("--reference-curve", help="a full reference history: columns t, E, -dE/dt (gdiag format)")
    p.add_argument("--tg-title", default="", help="subtitle of the Taylor-Green figure (say how it was run)")
    p.add_argument("--poisson", help="a poisson3d --sweep --csv file")
    p.add_argument("--poisson-title", default="")
    p.add_argument("--out-dir", default="docs")
    p.add_argument("--tg-out", default="taylor_green_re1600.png")
    p.add_argument("--poisson-out", default="poisson_convergence.png")
    a = p.parse_args()
    if not a.tg and not a.poisson:
        p.error("nothing to plot: give --tg and/or --poisson")
    os.makedirs(a.out_dir, exist_ok=True)
    if a.tg:
        ref = a.reference if a.reference and os.path.exists(a.reference) else None
        plot_taylor_green([labelled(s) for s in a.tg], ref, a.reference_curve, a.tg_title,
                          os.path.join(a.out_dir, a.tg_out))
    if a.poisson:
        plot_poisson(a.poisson, a.poisson_title, os.path.join(a.out_dir, a.poisson_out))


if __name__ == "__main__":
    main()
