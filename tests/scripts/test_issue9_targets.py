#!/usr/bin/python3
"""scripts/issue9_targets.py on sweeps written here: each verdict follows the
numbers (met, NOT met, or unknown without data), and the geometric mean runs
over the issue's 13 cubes only."""
import csv
import math
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "issue9_targets.py")
SIDES = (192, 210, 240, 243, 256, 300, 320, 343, 384, 400, 480, 500, 512)


def write_sweep(path, times, errors=None):
    """times: {side: (ms_ours, ms_cufft)}, written as a sweep CSV's cubes;
    errors: {side: (err_ours, err_cufft)}, empty fields for the other cubes."""
    errors = errors or {}
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["precision", "type", "grid", "ms_ours", "ms_cufft", "err_ours", "err_cufft", "exceeds_l2"])
        for side, (ours, cufft) in times.items():
            w.writerow(["f32", "c2c", f"{side}x{side}x{side}", ours, cufft, *errors.get(side, ("", "")), 1])


def report(folder):
    out = subprocess.run([sys.executable, SCRIPT, folder], check=True, capture_output=True, text=True).stdout
    return {line.split("  ")[1].strip(): line for line in out.splitlines()[1:]}


def state(lines, target):
    line = next(v for k, v in lines.items() if k.startswith(target))
    return "NOT met" if "NOT met" in line else "unknown" if "unknown" in line else "met"


class Issue9Targets(unittest.TestCase):
    def test_verdicts_follow_the_numbers(self):
        with tempfile.TemporaryDirectory() as d:
            # Every cube 1.5x faster than cuFFT, but 512^3 at 1.9 ms and 343^3 slower.
            times = {s: (1.0, 1.5) for s in SIDES}
            times.update({256: (0.20, 0.30), 512: (1.9, 2.5), 343: (0.8, 0.76), 64: (1.0, 100.0)})
            write_sweep(os.path.join(d, "bench-sweep-c2c-f32.csv"), times)
            write_sweep(os.path.join(d, "bench-sweep-c2c-f64.csv"), {256: (0.39, 0.57)})
            with open(os.path.join(d, "dram-bytes.txt"), "w") as f:
                f.write("fft3d c2c f32 512x512x512  4  2235.78  2139.46  1073.74  2.082  1.993  2.037\n")
                f.write("fft3d c2c f32 343x343x343  3  1940.00  1950.00   322.83  6.009  6.040  6.025\n")
            lines = report(d)
            mean = math.exp(sum(math.log(times[s][1] / times[s][0]) for s in SIDES) / len(SIDES))
            self.assertIn(f"{mean:.3f} (13 cubes)", lines["C2C f32 geometric mean >= 1.4"])  # 64^3 left out
            self.assertEqual(state(lines, "C2C f32 geometric mean"), "met" if mean >= 1.4 else "NOT met")
            self.assertEqual(state(lines, "C2C f32 never slower"), "NOT met")
            self.assertIn("slowest 343^3", lines["C2C f32 never slower than cuFFT"])
            self.assertEqual(state(lines, "256^3 C2C f32"), "met")
            self.assertEqual(state(lines, "512^3 C2C f32"), "NOT met")
            self.assertEqual(state(lines, "256^3 C2C f64"), "met")
            self.assertEqual(state(lines, "256^3 R2C f32"), "unknown")  # no R2C sweep
            self.assertEqual(state(lines, "DRAM passes <= 2.2: c2c f32 512x512x512"), "met")
            self.assertEqual(state(lines, "DRAM passes <= 2.2: c2c f32 343x343x343"), "NOT met")

    def test_a_missing_cube_is_not_met(self):
        with tempfile.TemporaryDirectory() as d:
            write_sweep(os.path.join(d, "bench-sweep-c2c-f32.csv"), {s: (1.0, 2.0) for s in SIDES if s != 500})
            lines = report(d)
            self.assertEqual(state(lines, "C2C f32 geometric mean"), "NOT met")
            self.assertIn("missing [500]", lines["C2C f32 geometric mean >= 1.4"])

    def test_errors_against_the_tests_bound_at_every_cube(self):
        # The bound at 512^3 in f32: 5 * 5.96e-8 * 27 = 8.05e-6; in f64 1.50e-14.
        with tempfile.TemporaryDirectory() as d:
            times = {s: (1.0, 1.5) for s in (32, 256, 512)}
            write_sweep(os.path.join(d, "bench-sweep-c2c-f32.csv"), times,
                        {32: (1e-7, 2e-7), 256: (3e-7, 2e-7), 512: (4.0e-6, 3e-7)})
            write_sweep(os.path.join(d, "bench-sweep-c2c-f64.csv"), times,
                        {32: (4e-16, 5e-16), 256: (5e-16, 5e-16), 512: (2e-14, 6e-16)})
            write_sweep(os.path.join(d, "bench-sweep-r2c-f32.csv"), times, {32: (2e-7, 2e-7)})
            lines = report(d)
            self.assertEqual(state(lines, "C2C f32 errors"), "met")
            self.assertIn("3 of 3 cubes; worst 512^3 at 4.00e-06, 0.497 of its bound; above cuFFT's at 256^3, 512^3",
                          lines["C2C f32 errors within 5 eps log2 N"])
            self.assertEqual(state(lines, "C2C f64 errors"), "NOT met")  # 512^3 above its bound
            self.assertEqual(state(lines, "R2C f32 errors"), "unknown")  # 256^3 and 512^3 not checked
            self.assertIn("1 of 3 cubes", lines["R2C f32 errors within 5 eps log2 N"])
            self.assertFalse(any(k.startswith("R2C f64") for k in lines))  # no such sweep

    def test_no_sweep_has_no_accuracy_verdict(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(state(report(d), "errors within the tests' bound"), "unknown")


if __name__ == "__main__":
    unittest.main()
