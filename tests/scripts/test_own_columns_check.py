#!/usr/bin/python3
"""scripts/own-columns-check.sh with a fake fft3d-bench: a cube whose plan
runs faster with the shared columns entry forced loses its own-stride
entries, a cube whose own entries win keeps them, and a file whose cubes
hold no own entries other than the shared one is left as it was."""
import json
import os
import stat
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "own-columns-check.sh")
DEVICE = {"name": "NVIDIA H200", "sm_count": 132, "compute_capability": "9.0", "driver": 13000, "runtime": 13000}

# Prints an R2C row of fft3d-bench --3d for --sizes N: forward and inverse
# ms from the table, by whether the shared entry is forced (the environment
# variant-ab.sh sets for columns:NAME).
FAKE_BENCH = r'''#!{python}
import os, sys
n = int(sys.argv[sys.argv.index("--sizes") + 1])
shared = os.environ.get("FFT3D_COLUMN_VARIANT", "") != ""
times = {{300: ((0.2175, 0.2115), (0.2145, 0.2049)), 240: ((0.0955, 0.0910), (0.0990, 0.0950))}}
fwd, inv = times[n][shared]
print(f"   {{n}}x{{n}}x{{n}}    3/3    {{fwd:.4f}}    0.2935   1.349    {{inv:.4f}}    0.2972   1.405    0.2859    0.761   n/a   n/a")
'''


def entry(n, stride, variant):
    return {"device": DEVICE, "ms": 0.1, "pass": {"kind": "columns", "n": n, "precision": "f32", "stride": stride},
            "variant": variant}


class OwnColumnsCheck(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.build = os.path.join(self.dir.name, "build")
        os.mkdir(self.build)
        self.bench = os.path.join(self.dir.name, "fake-bench")
        with open(self.bench, "w") as f:
            f.write(FAKE_BENCH.format(python=sys.executable))
        os.chmod(self.bench, os.stat(self.bench).st_mode | stat.S_IEXEC)
        self.log = os.path.join(self.dir.name, "log.txt")

    def tearDown(self):
        self.dir.cleanup()

    def write(self, entries):
        path = os.path.join(self.dir.name, "wisdom.json")
        with open(path, "w") as f:
            json.dump({"fft3d_wisdom": 1, "entries": entries}, f)
        return path

    def read(self, path):
        with open(path) as f:
            return f.read()

    def columns(self, path):
        with open(path) as f:
            return sorted((e["pass"]["n"], e["pass"]["stride"]) for e in json.load(f)["entries"])

    def run_check(self, path, cubes):
        env = dict(os.environ, TYPE="r2c", ROUNDS="2", BENCH=self.bench)
        return subprocess.run(["bash", SCRIPT, self.build, path, "f32", cubes, self.log], env=env,
                              capture_output=True, text=True)

    def test_the_shared_entry_that_wins_drops_the_own_ones(self):
        # R2C 300^3: Y stride 151, Z 45300; 240^3: 121, 29040.
        path = self.write([entry(300, 0, "shared-300"), entry(300, 151, "shared-300"), entry(300, 45300, "own-z"),
                           entry(240, 0, "shared-240"), entry(240, 29040, "own-z-240")])
        r = self.run_check(path, "300,240")
        self.assertEqual(r.returncode, 0, r.stderr + r.stdout)
        self.assertEqual(self.columns(path), [(240, 0), (240, 29040), (300, 0), (300, 151)])
        log = self.read(self.log)
        self.assertIn("== round 2: 300^3 f32 r2c", log)
        self.assertIn("columns:shared-240", log)
        self.assertIn("dropped columns 300 f32 stride 45300 (own-z)", log)

    def test_cubes_without_other_own_entries_are_left_alone(self):
        path = self.write([entry(300, 0, "shared-300"), entry(300, 45300, "shared-300")])
        before = self.read(path)
        r = self.run_check(path, "300")
        self.assertEqual(r.returncode, 0, r.stderr + r.stdout)
        self.assertIn("no cube of 300 has own column entries", r.stdout)
        self.assertEqual(self.read(path), before)


if __name__ == "__main__":
    unittest.main()
