#!/usr/bin/env python3
"""DRAM traffic of profiled transforms from Nsight Compute CSV output, as
passes over the array (scripts/dram-bytes.sh runs ncu and calls this).

  scripts/ncu_dram_bytes.py LABEL ARRAY_BYTES NCU_CSV [LABEL ARRAY_BYTES NCU_CSV ...]

Each NCU_CSV holds the kernels of one transform (ncu --csv, the raw page or
the default details page, with or without --print-units base, ncu's own
==PROF== lines and the application's output mixed in). Prints, per transform:
the kernels, DRAM bytes read and written (dram__bytes_read.sum,
dram__bytes_write.sum summed over its kernels), and their sum over
2 x ARRAY_BYTES, the effective number of passes over memory (a pass reads
and writes the array once). Only the standard library: it runs under any
python3.
"""
import csv
import sys

READ, WRITE = "dram__bytes_read.sum", "dram__bytes_write.sum"

# ncu scales byte units by powers of 1000 (Kbyte, Mbyte, ...) unless told
# --print-units base; the binary spellings are accepted too.
UNIT_BYTES = {"byte": 1, "bytes": 1, "b": 1,
              "kbyte": 1e3, "kb": 1e3, "mbyte": 1e6, "mb": 1e6,
              "gbyte": 1e9, "gb": 1e9, "tbyte": 1e12, "tb": 1e12,
              "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}


class NcuCsvError(ValueError):
    pass


def to_bytes(value, unit, where):
    """A metric cell (maybe "1,234,567" or "12.5") in `unit`, as bytes."""
    text = value.strip().replace(",", "")
    try:
        number = float(text)
    except ValueError:
        raise NcuCsvError(f"{where}: '{value}' is not a number") from None
    if not number >= 0:
        raise NcuCsvError(f"{where}: '{value}' is not a byte count")
    scale = UNIT_BYTES.get(unit.strip().lower())
    if scale is None:
        raise NcuCsvError(f"{where}: unknown unit '{unit}'")
    return number * scale


def csv_records(text):
    """The CSV records of ncu's output, skipping lines that are not CSV
    (==PROF== messages, the application's own output, blank lines)."""
    lines = [line for line in text.splitlines()
             if line.strip().startswith('"') and not line.startswith("==")]
    return list(csv.reader(lines))


def parse_kernels(text, where="ncu output"):
    """{kernel key: {"name", READ, WRITE}} from ncu's CSV (raw or details page)."""
    records = csv_records(text)
    header_at = next((i for i, r in enumerate(records) if "ID" in r and "Kernel Name" in r), None)
    if header_at is None:
        raise NcuCsvError(f"{where}: no ncu CSV header (\"ID\",...,\"Kernel Name\",...); "
                          "no kernel was profiled?")
    header = records[header_at]
    rows = [r for r in records[header_at + 1:] if len(r) == len(header)]
    col = {name: i for i, name in enumerate(header)}
    key_cols = [col[c] for c in ("Process ID", "ID") if c in col]
    kernels = {}

    def kernel(row):
        key = tuple(row[i] for i in key_cols)
        return kernels.setdefault(key, {"name": row[col["Kernel Name"]], READ: None, WRITE: None})

    if "Metric Name" in col and "Metric Value" in col:  # details page: one row per metric
        unit_col = col.get("Metric Unit")
        for row in rows:
            metric = row[col["Metric Name"]]
            if metric in (READ, WRITE):
                unit = row[unit_col] if unit_col is not None else "byte"
                kernel(row)[metric] = to_bytes(row[col["Metric Value"]], unit,
                                               f"{where}: {metric}")
    else:  # raw page: one column per metric, a row of units under the header
        for metric in (READ, WRITE):
            if metric not in col:
                raise NcuCsvError(f"{where}: no column {metric} (ncu run without --metrics?)")
        units = {READ: "byte", WRITE: "byte"}
        if rows and rows[0][col["ID"]].strip() == "":
            units = {m: rows[0][col[m]] or "byte" for m in (READ, WRITE)}
            rows = rows[1:]
        for row in rows:
            k = kernel(row)
            for metric in (READ, WRITE):
                k[metric] = to_bytes(row[col[metric]], units[metric], f"{where}: {metric}")
    if not kernels:
        raise NcuCsvError(f"{where}: the CSV lists no kernel")
    for key, k in kernels.items():
        for metric in (READ, WRITE):
            if k[metric] is None:
                raise NcuCsvError(f"{where}: kernel {k['name']} has no {metric}")
    return kernels


def summarize(kernels, array_bytes):
    read = sum(k[READ] for k in kernels.values())
    written = sum(k[WRITE] for k in kernels.values())
    return {"kernels": len(kernels), "read": read, "written": written,
            "passes": (read + written) / (2.0 * array_bytes),
            "names": [k["name"] for k in kernels.values()]}


def short(name, width=60):
    name = name.split("(")[0]
    return name if len(name) <= width else name[:width - 3] + "..."


def main(argv):
    if len(argv) < 3 or len(argv) % 3:
        sys.exit(__doc__)
    runs = []
    for i in range(0, len(argv), 3):
        label, array_text, path = argv[i:i + 3]
        try:
            array_bytes = float(array_text)
            if not array_bytes > 0:
                raise ValueError
        except ValueError:
            sys.exit(f"ncu_dram_bytes: '{array_text}' is not an array size in bytes")
        runs.append((label, array_bytes, path))
    status = 0
    print(f"{'transform':<36} {'kernels':>7} {'DRAM read MB':>13} {'written MB':>11} "
          f"{'array MB':>9} {'read/array':>10} {'written/array':>13} {'passes':>7}")
    details = []
    for label, array_bytes, path in runs:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                s = summarize(parse_kernels(f.read(), path), array_bytes)
        except (OSError, NcuCsvError) as e:
            print(f"{label:<36} failed: {e}")
            status = 1
            continue
        print(f"{label:<36} {s['kernels']:>7} {s['read'] / 1e6:>13.2f} {s['written'] / 1e6:>11.2f} "
              f"{array_bytes / 1e6:>9.2f} {s['read'] / array_bytes:>10.3f} "
              f"{s['written'] / array_bytes:>13.3f} {s['passes']:>7.3f}")
        details.append((label, s["names"]))
    print("(MB = 1e6 bytes; passes = (read + written) / (2 x array bytes): one pass reads and "
          "writes the array once)")
    for label, names in details:
        print(f"  {label}: " + ", ".join(short(n) for n in names))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
