#!/usr/bin/python3
"""scripts/wisdom_ab_pick.py on variant-ab logs written here: a cube wins
only where every round agrees, the R2C forward does not pay for the
inverse, and the spec lines name the winners per transform and precision."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "wisdom_ab_pick.py")
TUNED = "env:FFT3D_WISDOM=/out/wisdom-f32.json"


def c2c_row(n, ms):
    return f"  {n}x{n}x{n}    {ms:.4f}    0.5000   4530.0    1219.5      2      1.005  2.2e-07  2.6e-07"


def r2c_row(n, forward, inverse):
    return (f"   {n}x{n}x{n}    3/3    {forward:.4f}    0.5000   1.402    {inverse:.4f}    0.5000   1.450"
            "    0.1025    0.699   1.77e-07   2.43e-07")


def log(kind, precision, n, rounds):
    """rounds: [{form: (forward, inverse or None)}], as variant-ab.sh prints them."""
    lines = []
    for i, forms in enumerate(rounds, 1):
        lines.append(f"== round {i}: {n}^3 {precision} {kind}")
        for form, (forward, inverse) in forms.items():
            lines += [form, " errors: forward, relative L2 vs FFTW double)",
                      c2c_row(n, forward) if inverse is None else r2c_row(n, forward, inverse)]
    return "\n".join(lines) + "\n"


def pick(text, *options):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([sys.executable, SCRIPT, *options, f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return out


def specs(out):
    return [line for line in out.stdout.splitlines() if "=" in line and ":" not in line]


class WisdomAbPick(unittest.TestCase):
    def test_c2c_wins_only_where_every_round_agrees(self):
        text = log("c2c", "f32", 192, [{"estimate": (1.00, None), TUNED: (0.95, None)},
                                       {"estimate": (0.99, None), TUNED: (0.96, None)}])
        text += log("c2c", "f32", 256, [{"estimate": (1.00, None), TUNED: (0.90, None)},
                                        {"estimate": (0.95, None), TUNED: (1.00, None)}])  # rounds disagree
        text += log("c2c", "f32", 300, [{"estimate": (1.00, None), TUNED: (0.995, None)},
                                        {"estimate": (1.00, None), TUNED: (0.995, None)}])  # under 1 %
        out = pick(text)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(specs(out), ["f32=192"])

    def test_r2c_forward_may_not_pay_for_the_inverse(self):
        rounds = lambda fwd, inv: [{"estimate": (1.0, 1.0), TUNED: (fwd, inv)}] * 2
        text = log("r2c", "f64", 210, rounds(1.00, 0.90))  # inverse wins, forward level
        text += log("r2c", "f64", 240, rounds(1.02, 0.80))  # inverse wins, forward 2 % slower
        text += log("r2c", "f64", 300, rounds(0.95, 1.015))  # forward wins, inverse 1.5 % slower
        text += log("r2c", "f64", 320, rounds(0.95, 1.03))  # forward wins, inverse 3 % slower
        out = pick(text)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(specs(out), ["r2c-f64=210,300"])
        self.assertIn("240^3 f64 r2c: forward +2.0%, inverse -20.0%", out.stdout)

    def test_a_written_file_against_the_heuristics(self):
        heuristics = "env:FFT3D_BUILTIN_WISDOM=0"
        text = log("c2c", "f64", 384, [{"estimate": (0.90, None), heuristics: (1.00, None)}] * 2)
        text += log("c2c", "f32", 384, [{"estimate": (1.00, None), heuristics: (1.00, None)}] * 2)
        out = pick(text, "--tuned", "estimate", "--baseline", heuristics)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(specs(out), ["f64=384"])

    def test_a_log_without_the_tuned_form_is_an_error(self):
        text = log("c2c", "f32", 192, [{"estimate": (1.00, None), "x:r16-12.t16": (0.90, None)}])
        out = pick(text)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("no single form", out.stderr)


if __name__ == "__main__":
    unittest.main()
