#!/usr/bin/env python3
"""Writes the wisdom the library ships for one GPU model (wisdom/*.json).

Keeps, from wisdom files that scripts/tune-sweep.sh wrote (MEASURE times
every cube; shipped wisdom steers ESTIMATE plans only), the entries of the
cubes named per transform: the grid's verdicts (xy-plane, side planes, pass
order, dependent launch, plan source; for R2C their real kinds) and its
passes' variants (rows and columns of that length). Name only cubes whose
tuned plan beat the ESTIMATE in an A/B on the GPU (scripts/variant-ab.sh with
env:FFT3D_WISDOM=FILE, TYPE=r2c for R2C).

A spec is f32=CUBES or f64=CUBES (C2C), r2c-f32=CUBES or r2c-f64=CUBES
(R2C), or all (every entry of the file, e.g. the shipped file being
extended). Complex and real plans of one length share its "columns" and
"five-step" entries; where two files disagree on one, the first file named
keeps it (list the complex file first) and the other's is reported. So a
cube added with the verdict "shared-columns" (its column passes ran on its
tuned file's shared entry) is pinned: its Y and Z strides take that entry
as their own, and its verdict becomes "tuned".

  scripts/builtin_wisdom.py OUT.json f32=192,256 TUNED-f32.json f64=256 TUNED-f64.json
  scripts/builtin_wisdom.py OUT.json all OUT.json r2c-f32=210,240 TUNED-r2c-f32.json
  scripts/builtin_wisdom.py --cubes FILE.json r2c-f32 [tuned,shared-columns]
      (the cubes whose whole-plan verdict FILE holds [with one of those values])
  scripts/builtin_wisdom.py --own-columns FILE.json r2c-f32 300,384
      (per cube whose plans' column strides hold entries other than the
      shared stride-0 one: "N SHARED P:N:STRIDE...", for
      scripts/own-columns-check.sh; not cubes whose whole-plan verdict is
      "shared-columns": their plans take the shared entry already)
  scripts/builtin_wisdom.py --drop-columns FILE.json f32:300:45300 ...
      (removes a column pass's own-stride entry, PRECISION:N:STRIDE, so that
      the pass takes the length's shared stride-0 entry: where an A/B of the
      whole plan found the shared entry faster)
"""
import json
import sys

# The grid verdicts of complex plans and of real ones (tune/wisdom.h).
COMPLEX_GRID_KINDS = {"xy-plane", "pass-order", "dependent-launch", "side-planes", "plan-source"}
REAL_GRID_KINDS = {"xy-real-forward", "xy-real-inverse", "dependent-launch-real", "side-planes-real",
                   "side-planes-real-inverse", "plan-source-real"}


def read_entries(path):
    with open(path) as f:
        return json.load(f)["entries"]


def write_entries(path, entries):
    with open(path, "w") as f:
        json.dump({"fft3d_wisdom": 1, "entries": entries}, f, indent=2)
        f.write("\n")


def key_of(entry):
    p = entry["pass"]
    return (entry["device"]["name"], p["kind"], p["n"], p["precision"], p.get("stride", 0), p.get("ny", 0),
            p.get("planes", 0))


def wanted(entry, precision, cubes, real):
    p = entry["pass"]
    if p["precision"] != precision or p["n"] not in cubes:
        return False
    if "ny" in p and (p["ny"] != p["n"] or p["planes"] != p["n"]):
        return False  # a grid's verdict, but not the cube's
    return p["kind"] not in (COMPLEX_GRID_KINDS if real else REAL_GRID_KINDS)


def parse_tag(tag):
    """A transform and precision (f32, r2c-f64, ...): its precision, whether
    its plans are real, and the kind of their whole-plan verdict."""
    real = tag.startswith("r2c-")
    return (tag[4:], True, "plan-source-real") if real else (tag, False, "plan-source")


def held_cubes(path, tag, values=None):
    """The cubes of `tag` whose whole-plan verdict the file holds (and is
    one of the comma-separated `values`, where given)."""
    return verdict_cubes(read_entries(path), tag, values)


def verdict_cubes(entries, tag, values=None):
    """held_cubes on a file's entries."""
    precision, real, verdict = parse_tag(tag)
    wanted_values = values.split(",") if values else None
    return sorted({e["pass"]["n"] for e in entries if e["pass"]["kind"] == verdict and
                   wanted(e, precision, {e["pass"]["n"]}, real) and
                   (wanted_values is None or e["variant"] in wanted_values)})


def cube_column_strides(n, real):
    """The element strides of an n^3 plan's Y and Z column passes: nx and
    nx * ny on the complex side (n / 2 + 1 values a row for real plans)."""
    row = n // 2 + 1 if real else n
    return [row, row * n]


def pin_shared_columns(chosen, verdict, real):
    """Where a cube's whole-plan verdict is "shared-columns", its plan ran
    every column pass on the tuned file's shared (stride 0) entry of its
    length. The shipped file may keep another shared entry (complex and real
    plans share it, and the first file keeps it), so the cube's Y and Z
    strides get the tuned file's shared entry as their own, and the verdict
    becomes "tuned": the plan built from the shipped file is the one
    measured. Returns the entries so changed."""
    shared = {e["pass"]["n"]: e for e in chosen if e["pass"]["kind"] == "columns" and e["pass"].get("stride", 0) == 0}
    pinned = [e["pass"]["n"] for e in chosen if e["pass"]["kind"] == verdict and e["variant"] == "shared-columns" and
              e["pass"]["n"] in shared]
    out = []
    for e in chosen:
        n, stride = e["pass"]["n"], e["pass"].get("stride", 0)
        if n in pinned and e["pass"]["kind"] == "columns" and stride in cube_column_strides(n, real):
            continue  # replaced below
        if n in pinned and e["pass"]["kind"] == verdict:
            e = dict(e, variant="tuned")
        out.append(e)
    for n in pinned:
        for stride in cube_column_strides(n, real):
            out.append(dict(shared[n], **{"pass": dict(shared[n]["pass"], stride=stride)}))
        print(f"{n}: shared-columns verdict pinned: its column strides take {shared[n]['variant']}, verdict tuned")
    return out


def own_columns(path, tag, cubes):
    """Lines "N SHARED P:N:STRIDE..." for the cubes whose Y or Z stride holds
    a columns entry other than the length's shared (stride 0) one, but for
    those whose whole-plan verdict runs the shared entries."""
    precision, real, _ = parse_tag(tag)
    entries = read_entries(path)
    columns = {(e["pass"]["n"], e["pass"].get("stride", 0)): e["variant"] for e in entries
               if e["pass"]["kind"] == "columns" and e["pass"]["precision"] == precision}
    on_shared = set(verdict_cubes(entries, tag, "shared-columns"))
    lines = []
    for n in cubes:
        if n in on_shared:
            continue
        shared = columns.get((n, 0))
        own = [s for s in cube_column_strides(n, real) if columns.get((n, s), shared) != shared]
        if shared and own:
            lines.append(" ".join([str(n), shared] + [f"{precision}:{n}:{s}" for s in own]))
    return lines


def drop_columns(path, specs):
    """Removes the own-stride `columns` entries named PRECISION:N:STRIDE;
    refuses the shared stride-0 entry (the fallback) and an entry the file
    lacks, writing nothing then."""
    entries = read_entries(path)
    for spec in specs:
        precision, n, stride = spec.split(":")
        if int(stride) == 0:
            sys.exit(f"{spec}: stride 0 is the shared entry other strides fall back to; not dropped")
        match = [e for e in entries if e["pass"]["kind"] == "columns" and e["pass"]["precision"] == precision and
                 e["pass"]["n"] == int(n) and e["pass"].get("stride", 0) == int(stride)]
        if not match:
            sys.exit(f"{path}: no columns entry {spec}")
        entries = [e for e in entries if all(e is not m for m in match)]
        print(f"{path}: dropped columns {n} {precision} stride {stride} ({match[0]['variant']})")
    write_entries(path, entries)


def main(argv):
    if len(argv) in (4, 5) and argv[1] == "--cubes":
        print(",".join(map(str, held_cubes(*argv[2:]))))
        return
    if len(argv) == 5 and argv[1] == "--own-columns":
        for line in own_columns(argv[2], argv[3], [int(n) for n in argv[4].split(",") if n]):
            print(line)
        return
    if len(argv) >= 4 and argv[1] == "--drop-columns":
        drop_columns(argv[2], argv[3:])
        return
    if len(argv) < 4 or len(argv) % 2:
        sys.exit(__doc__)
    out, pairs = argv[1], argv[2:]
    kept = {}
    for spec, path in zip(pairs[::2], pairs[1::2]):
        entries = read_entries(path)
        if spec == "all":
            chosen = entries
        else:
            tag, sides = spec.split("=")
            precision, real, verdict = parse_tag(tag)
            cubes = {int(n) for n in sides.split(",")}
            chosen = [e for e in entries if wanted(e, precision, cubes, real)]
            missing = cubes - {e["pass"]["n"] for e in chosen if e["pass"]["kind"] == verdict}
            if missing:
                sys.exit(f"{path}: no whole-plan verdict ({verdict}) for {precision} cubes {sorted(missing)}")
            chosen = pin_shared_columns(chosen, verdict, real)
        for e in chosen:
            k = key_of(e)
            if k in kept and kept[k]["variant"] != e["variant"]:
                print(f"{path}: {k[1]} {k[2]} {k[3]} stride {k[4]}: keeps {kept[k]['variant']}, not {e['variant']}")
                continue
            kept.setdefault(k, e)
    entries = sorted(kept.values(), key=lambda e: (e["pass"]["precision"], e["pass"]["n"], e["pass"]["kind"],
                                                   e["pass"]["stride"], e["pass"].get("ny", 0)))
    write_entries(out, entries)
    print(f"{out}: {len(entries)} entries")


if __name__ == "__main__":
    main(sys.argv)
