#!/usr/bin/python3
"""scripts/builtin_wisdom.py on wisdom files written here: a spec keeps its
cubes' entries of its transform only, a cube without a whole-plan verdict is
refused, the first file named keeps an entry two files disagree on (and the
other is reported), --cubes lists the cubes a file holds, --own-columns the
cubes whose plans' column strides hold entries other than the shared one,
--drop-columns removes an own-stride column entry but never the shared one,
and a cube's shared-columns verdict is pinned to its tuned file's shared
entry."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "builtin_wisdom.py")
DEVICE = {"name": "NVIDIA H100 80GB HBM3", "sm_count": 132, "compute_capability": "9.0", "driver": 13000,
          "runtime": 13000}


def entry(kind, n, variant, precision="f32", stride=0, grid=False):
    p = {"kind": kind, "n": n, "precision": precision, "stride": stride}
    if grid:
        p.update(ny=n, planes=n)
    return {"device": DEVICE, "ms": 0.1, "pass": p, "variant": variant}


def tuned_c2c(n, columns):
    return [entry("columns", n, columns), entry("rows", n, "r16-16.t16.rows16"),
            entry("xy-plane", n, "separate", grid=True), entry("plan-source", n, "tuned", grid=True)]


def tuned_r2c(n, columns, verdict="tuned", precision="f32"):
    return [entry("columns", n, columns, precision), entry("real-rows", n, "r16-8.t16.rows16.real-half", precision),
            entry("real-rows-inverse", n, "r16-8.t16.rows8.real-half", precision),
            entry("xy-real-inverse", n, "separate", precision, grid=True),
            entry("plan-source-real", n, verdict, precision, grid=True)]


class BuiltinWisdomScript(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def file(self, name, entries):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            json.dump({"fft3d_wisdom": 1, "entries": entries}, f)
        return path

    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)

    def entries(self, path):
        with open(path) as f:
            return {(e["pass"]["kind"], e["pass"]["n"]): e["variant"] for e in json.load(f)["entries"]}

    def variants_by_stride(self, path):
        with open(path) as f:
            return {(e["pass"]["kind"], e["pass"].get("stride", 0)): e["variant"] for e in json.load(f)["entries"]}

    def test_a_spec_keeps_its_cubes_and_its_transform(self):
        c2c = self.file("c2c.json", tuned_c2c(256, "cols-a") + tuned_c2c(512, "cols-b"))
        out = os.path.join(self.dir.name, "out.json")
        r = self.run_script(out, "f32=256", c2c)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.entries(out), {("columns", 256): "cols-a", ("rows", 256): "r16-16.t16.rows16",
                                             ("xy-plane", 256): "separate", ("plan-source", 256): "tuned"})

    def test_a_cube_without_its_verdict_is_refused(self):
        r2c = self.file("r2c.json", tuned_r2c(210, "cols-a"))
        r = self.run_script(os.path.join(self.dir.name, "out.json"), "r2c-f32=210,240", r2c)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no whole-plan verdict (plan-source-real) for f32 cubes [240]", r.stderr)

    def test_the_first_file_keeps_shared_columns_and_a_file_is_extended(self):
        shipped = self.file("shipped.json", tuned_c2c(210, "complex-columns"))
        r2c = self.file("r2c.json", tuned_r2c(210, "real-columns") + tuned_r2c(300, "cols-c"))
        r = self.run_script(shipped, "all", shipped, "r2c-f32=210,300", r2c)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("keeps complex-columns, not real-columns", r.stdout)
        got = self.entries(shipped)
        self.assertEqual(got[("columns", 210)], "complex-columns")
        self.assertEqual(got[("plan-source", 210)], "tuned")
        self.assertEqual(got[("real-rows", 210)], "r16-8.t16.rows16.real-half")
        self.assertEqual(got[("real-rows-inverse", 210)], "r16-8.t16.rows8.real-half")  # the C2R inverse's, kept
        self.assertEqual(got[("columns", 300)], "cols-c")
        self.assertEqual(len(got), 13)

    def test_a_shared_columns_verdict_is_pinned_to_the_tuned_files_shared_entry(self):
        # The H200's R2C f64 210^3: its plan won on the R2C tuning's shared
        # entry (mb2), and the shipped file keeps the complex plans' (mb0).
        shipped = self.file("shipped.json", [entry("columns", 210, "complex-mb0", precision="f64")])
        r2c = self.file("r2c.json", tuned_r2c(210, "real-mb2", "shared-columns", "f64") + [
            entry("columns", 210, "own-y", "f64", stride=106), entry("columns", 210, "own-z", "f64", stride=106 * 210)])
        r = self.run_script(shipped, "all", shipped, "r2c-f64=210", r2c)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("210: shared-columns verdict pinned", r.stdout)
        got = self.variants_by_stride(shipped)
        self.assertEqual(got[("columns", 0)], "complex-mb0")  # the first file keeps its shared entry
        self.assertEqual(got[("columns", 106)], "real-mb2")  # the plan measured: Y and Z on real-mb2
        self.assertEqual(got[("columns", 106 * 210)], "real-mb2")
        self.assertEqual(got[("plan-source-real", 0)], "tuned")
        # A tuned verdict keeps the cube's own entries as they are.
        other = self.file("other.json", tuned_r2c(300, "shared", "tuned") +
                          [entry("columns", 300, "own-z", stride=151 * 300)])
        out = os.path.join(self.dir.name, "out.json")
        r = self.run_script(out, "r2c-f32=300", other)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("pinned", r.stdout)
        got = self.variants_by_stride(out)
        self.assertEqual(got[("columns", 151 * 300)], "own-z")
        self.assertEqual(got[("plan-source-real", 0)], "tuned")

    def test_cubes_lists_the_verdicts_a_file_holds(self):
        path = self.file("w.json", tuned_c2c(192, "a") + tuned_r2c(210, "b") + tuned_r2c(243, "c", "estimate") +
                         tuned_r2c(300, "d", "shared-columns"))
        cubes = lambda *a: self.run_script("--cubes", path, *a).stdout.strip()  # noqa: E731
        self.assertEqual(cubes("f32"), "192")
        self.assertEqual(cubes("r2c-f32"), "210,243,300")
        self.assertEqual(cubes("r2c-f32", "tuned"), "210")
        self.assertEqual(cubes("r2c-f32", "tuned,shared-columns"), "210,300")
        self.assertEqual(cubes("r2c-f64"), "")

    def test_own_columns_lists_the_strides_of_the_cubes_plans(self):
        # C2C 512^3: Y stride 512, Z 262144; R2C: 257 and 131584. Other strides and lengths do not count.
        path = self.file("w.json", [entry("columns", 512, "shared"), entry("columns", 512, "own-z", stride=262144),
                                    entry("columns", 512, "own-real-y", stride=257),
                                    entry("columns", 512, "other", stride=1024), entry("columns", 256, "alone")])
        own = lambda *a: self.run_script("--own-columns", path, *a).stdout.split("\n")[:-1]  # noqa: E731
        self.assertEqual(own("f32", "512,256"), ["512 shared f32:512:262144"])
        self.assertEqual(own("r2c-f32", "512"), ["512 shared f32:512:257"])
        self.assertEqual(own("f64", "512"), [])
        # A cube whose whole-plan verdict runs the shared entries has nothing to check.
        path = self.file("w.json", [entry("columns", 512, "shared"), entry("columns", 512, "own-z", stride=262144),
                                    entry("plan-source", 512, "shared-columns", grid=True)])
        self.assertEqual(own("f32", "512"), [])

    def test_drop_columns_removes_an_own_stride_entry_only(self):
        shared = tuned_c2c(300, "shared-cols")
        own = [entry("columns", 300, "own-cols", stride=45300), entry("columns", 300, "own-y", stride=300)]
        path = self.file("w.json", shared + own)
        r = self.run_script("--drop-columns", path, "f32:300:45300")
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(path) as f:
            strides = sorted(e["pass"]["stride"] for e in json.load(f)["entries"] if e["pass"]["kind"] == "columns")
        self.assertEqual(strides, [0, 300])
        # The shared entry, an entry the file lacks: refused, the file unchanged.
        with open(path) as f:
            before = f.read()
        for spec in ("f32:300:0", "f32:300:45300", "f64:300:300"):
            r = self.run_script("--drop-columns", path, spec)
            self.assertNotEqual(r.returncode, 0, spec)
            with open(path) as f:
                self.assertEqual(f.read(), before, spec)


if __name__ == "__main__":
    unittest.main()
