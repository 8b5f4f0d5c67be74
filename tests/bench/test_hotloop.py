"""Unit test of bench/harness/hotloop.py on a small PTX text (ctest bench.hotloop)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "harness"))
import hotloop as H  # noqa: E402

PTX = r"""
.extern .func foo
(
	.param .b64 foo_param_0
)
;
.visible .entry _Z1kPdS_l(
	.param .u64 _Z1kPdS_l_param_0,
	.param .u64 _Z1kPdS_l_param_1
)
{
	ld.param.u64 	%rd1, [_Z1kPdS_l_param_0];
$L__BB0_1:                              // an outer loop
	ld.global.f64 	%fd1, [%rd1];
$L__BB0_2:                              // the inner loop
	ld.global.nc.f64 	%fd2, [%rd2];
	ld.local.f64 	%fd3, [%rd3];
	ld.shared.f64 	%fd4, [%r1];
	add.f64 	%fd5, %fd2, %fd4;
	st.global.f64 	[%rd2], %fd5;
	add.s64 	%rd2, %rd2, 8;
	cvt.u32.u64 	%r2, %rd2;
	mov.u64 	%rd4, %rd2;
	setp.lt.u64 	%p1, %rd2, %rd5;
	@%p1 bra 	$L__BB0_2;
	add.s32 	%r3, %r3, 1;
	setp.lt.s32 	%p2, %r3, 10;
	@%p2 bra 	$L__BB0_1;
$L__BB0_3:                              // a loop over shared memory only
	ld.shared.f64 	%fd6, [%r4];
	ld.shared.f64 	%fd7, [%r4+8];
	ld.shared.f64 	%fd8, [%r4+16];
	add.s32 	%r4, %r4, 24;
	setp.ne.s32 	%p3, %r4, 0;
	@%p3 bra 	$L__BB0_3;
	ret;
}
"""


# Clang's layout: the latch above the header, a forward branch to it from inside the loop, and a
# call whose parameter list spans lines. The loop is $L__BB1_2 (header) .. $L__BB1_1 (latch).
CLANG = r"""
.func k2()
{
	mov.u32 	%r1, 0;
	bra.uni 	$L__BB1_2;
$L__BB1_1:
	add.s32 	%r1, %r1, 1;
$L__BB1_2:
	ld.global.f64 	%fd1, [%rd1];
	setp.lt.s32 	%p1, %r1, 10;
	@%p1 bra 	$L__BB1_3;
	bra.uni 	$L__BB1_4;
$L__BB1_3:
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.f64 	[param0+0], %fd1;
	call.uni
	foo,
	(
	param0
	);
	} // callseq 0
	bra.uni 	$L__BB1_1;
$L__BB1_4:
	ret;
}
"""


# A collapsed nest that nvcc unswitched on loop::Digits<2>'s 32-bit test: the copy with the calls
# of the 64-bit digits has more instructions, the 32-bit copy is the one that runs.
UNSWITCHED = r"""
.visible .entry _Z14main_L7_kernelPd(
	.param .u64 _Z14main_L7_kernelPd_param_0
)
{
$L__BB0_1:
	div.u32 	%r2, %r1, %r3;
	ld.global.f64 	%fd1, [%rd1];
	add.s32 	%r1, %r1, %r4;
	setp.lt.u32 	%p1, %r1, %r5;
	@%p1 bra 	$L__BB0_1;
	ret;
$L__BB0_2:
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd2;
	call.uni (retval0),
	_ZNK6omp2cu4loop6DigitsILj2EE4wideILj0EEEjj,
	(
	param0
	);
	ld.param.b32 	%r6, [retval0+0];
	} // callseq 0
	ld.global.f64 	%fd2, [%rd3];
	add.s32 	%r7, %r7, %r4;
	setp.lt.u32 	%p2, %r7, %r5;
	@%p2 bra 	$L__BB0_2;
	ret;
}
"""


class HotLoopTest(unittest.TestCase):
    def test_the_64_bit_digits_path_is_not_the_hot_loop(self):
        m = H.hot_loop(UNSWITCHED)
        self.assertEqual(m["instructions"], 5)
        self.assertEqual(m["loads"], 1)

    def test_natural_loop_whatever_the_line_order(self):
        m = H.hot_loop(CLANG)
        # add.s32 (latch), ld, setp, bra, st.param, call, bra.uni: the exit block is not in it
        self.assertEqual(m["instructions"], 7)
        self.assertEqual(m["loads"], 1)
        self.assertEqual(m["blocks"], 3)

    def test_only(self):
        self.assertIsNone(H.hot_loop(PTX, only="nothing"))
        self.assertEqual(H.hot_loop(PTX, only="kPdS_")["function"], "_Z1kPdS_l")

    def test_functions_skip_declarations(self):
        self.assertEqual([n for n, _ in H.functions(PTX)], ["_Z1kPdS_l"])

    def test_hot_loop_is_the_innermost_with_global_loads(self):
        m = H.hot_loop(PTX)
        self.assertEqual(m["function"], "_Z1kPdS_l")
        # ld.global.nc, ld.local (not a load), ld.shared, add.f64, st, add.s64, cvt, mov, setp, bra
        self.assertEqual(m["instructions"], 10)
        self.assertEqual(m["loads"], 2)
        self.assertEqual(m["global_loads"], 1)
        self.assertEqual(m["int64"], 3)  # add.s64, cvt.u32.u64, setp.lt.u64; not mov.u64

    def test_classify(self):
        self.assertEqual(H.classify("ld.param.u64"), (False, False))
        self.assertEqual(H.classify("ld.global.nc.v2.f64"), (True, False))
        self.assertEqual(H.classify("mul.wide.s32"), (False, False))
        self.assertEqual(H.classify("mad.lo.s64"), (False, True))
        self.assertEqual(H.classify("cvta.to.global.u64"), (False, False))

    def test_no_loop(self):
        self.assertIsNone(H.hot_loop(".visible .entry k()\n{\n\tret;\n}\n"))


if __name__ == "__main__":
    unittest.main()
