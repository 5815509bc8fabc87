#!/usr/bin/env python3
"""Writes the wisdom the library ships for one GPU model (wisdom/*.json).

Keeps, from wisdom files that scripts/tune-sweep.sh wrote (MEASURE times
every cube; shipped wisdom steers ESTIMATE plans only), the entries of the
cubes named per precision: the grid's verdicts (xy-plane, side planes,
pass order, dependent launch, plan source) and its passes' variants (rows and
columns of that length). Name only cubes whose tuned plan beat the ESTIMATE in
an A/B on the GPU (scripts/variant-ab.sh with env:FFT3D_WISDOM=FILE).

  scripts/builtin_wisdom.py OUT.json f32=192,256 TUNED-f32.json f64=256 TUNED-f64.json
"""
import json
import sys


def main(argv):
    if len(argv) < 4 or len(argv) % 2:
        sys.exit(__doc__)
    out, pairs = argv[1], argv[2:]
    kept = []
    for spec, path in zip(pairs[::2], pairs[1::2]):
        precision, sides = spec.split("=")
        cubes = {int(n) for n in sides.split(",")}
        with open(path) as f:
            wisdom = json.load(f)
        for entry in wisdom["entries"]:
            p = entry["pass"]
            if p["precision"] != precision or p["n"] not in cubes:
                continue
            if "ny" in p and (p["ny"] != p["n"] or p["planes"] != p["n"]):
                continue  # a grid's verdict, but not the cube's
            kept.append(entry)
        missing = cubes - {e["pass"]["n"] for e in kept
                           if e["pass"]["kind"] == "plan-source" and e["pass"]["precision"] == precision}
        if missing:
            sys.exit(f"{path}: no whole-plan verdict for {precision} cubes {sorted(missing)}")
    kept.sort(key=lambda e: (e["pass"]["precision"], e["pass"]["n"], e["pass"]["kind"], e["pass"]["stride"]))
    with open(out, "w") as f:
        json.dump({"fft3d_wisdom": 1, "entries": kept}, f, indent=2)
        f.write("\n")
    print(f"{out}: {len(kept)} entries")


if __name__ == "__main__":
    main(sys.argv)
