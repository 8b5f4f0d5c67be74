#!/usr/bin/env python3
"""Self-test of the output comparison in run_sample.py (deliberately mismatching inputs)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_sample import compare_outputs, tokenize  # noqa: E402

REF = "saxpy n=50000 sum=3.243747e+06 y[n-1]=1.287500e+02\nint: prod=64 diff=-1535875\n"


class CompareTest(unittest.TestCase):
    def ok(self, a, b):
        self.assertEqual(compare_outputs(a, b), [], f"{a!r} vs {b!r}")

    def bad(self, a, b):
        self.assertNotEqual(compare_outputs(a, b), [], f"{a!r} vs {b!r}")

    def test_identical(self):
        self.ok(REF, REF)

    def test_fp_rounding_in_last_printed_digit(self):
        self.ok(REF, REF.replace("3.243747e+06", "3.243748e+06"))
        self.ok("x=1.000000e+00\n", "x=1.000001e+00\n")

    def test_fp_difference_too_large(self):
        self.bad(REF, REF.replace("3.243747e+06", "3.243790e+06"))
        self.bad("x=1.0\n", "x=-1.0\n")

    def test_absolute_tolerance_near_zero(self):
        self.ok("x=1.0e-12\n", "x=-5e-11\n")
        self.bad("x=0.0\n", "x=1e-6\n")

    def test_integers_exact(self):
        self.bad(REF, REF.replace("-1535875", "-1535876"))
        self.bad("t=30000035988000\n", "t=30000035988001\n")

    def test_text_exact(self):
        self.bad(REF, REF.replace("diff=", "dif="))
        self.bad("ok\n", "OK\n")
        self.bad("range=1 same=1\n", "range=1 same=1 extra\n")

    def test_line_count(self):
        self.bad(REF, REF.splitlines(True)[0])
        self.bad(REF, REF + "more\n")
        self.bad("", "x\n")

    def test_trailing_whitespace_ignored(self):
        self.ok(REF, REF.replace("1.287500e+02\n", "1.287500e+02 \n"))

    def test_special_values(self):
        self.ok("v=inf w=nan\n", "v=inf w=nan\n")
        self.bad("v=inf\n", "v=-inf\n")
        self.bad("v=nan\n", "v=0\n")

    def test_numbers_inside_words_are_text(self):
        self.assertEqual(tokenize("sm_90 int64: y[n-1]=2"),
                         [("text", "sm_90 int64: y[n-1]="), ("num", "2")])
        self.bad("arch sm_90\n", "arch sm_80\n")


if __name__ == "__main__":
    unittest.main(verbosity=2)
