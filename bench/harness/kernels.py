"""The benchmark kernels: names, what they are, and how the harness treats them.

Each kernel K has an OpenMP program bench/omp/K.c and a hand-written CUDA program bench/cuda/K.cu
that compute the same result (the same checksum) at the same sizes and print one BENCH line each
(bench/common/bench.h).
"""

import re
from dataclasses import dataclass

# SIMD group sizes of the sweep (seed 000, figure 9), and the marker line in the OpenMP sources
# after which the sweep adds simdlen(G) to the simd directive.
SWEEP_G = (1, 2, 4, 8, 16, 32)
SWEEP_MARKER = "bench-simdlen-sweep"
# Without simdlen the runtime takes G = the warp size (docs/runtime-abi.md, configure()).
AUTO_G_RULE = "no simdlen clause: G = warp size (32) by the runtime's configure()"


@dataclass(frozen=True)
class Kernel:
    name: str
    what: str
    memory_bound: bool = True  # report achieved bandwidth against the device's
    simd: bool = False  # has an inner simd loop: SIMD-group sweep, >= 1.3x over clang target
    generic: bool = False  # needs generic (master/worker) mode in the translator
    # Why omp2cu may trail the hand-written version, for the results file when that target is
    # missed ("possible reason"): what the hand-written kernel does that the OpenMP source does
    # not say. Empty when nothing is expected.
    expected_gap: str = ""
    # The hot-loop comparison (bench.resources): the hand-written kernel's function that runs at
    # full size, when it has several (a substring of its mangled name), and why the hot loops
    # cannot be compared, when they cannot (the hand-written kernel's work is not in a loop
    # like the OpenMP one's).
    hand_function: str = ""
    hot_loop_unlike: str = ""


KERNELS = (
    Kernel("jacobi", "2-D jacobi 5-point, target + teams distribute (j) + parallel for (i); thesis 7.1.3",
           expected_gap="the hand-written kernel keeps the rows above/below in registers (3 loads "
                        "per point instead of 5 through the caches)"),
    Kernel("matmul", "matrix multiply, teams distribute (i) + parallel for (j), serial k loop; thesis 7.1.3",
           memory_bound=False,
           expected_gap="the OpenMP source has no tiling: every (i, j) streams its k loop through "
                        "L1/L2, while the hand-written kernel tiles A and B in shared memory with "
                        "4x4 outputs per thread (an algorithmic difference, not a translation one)",
           hot_loop_unlike="the hand-written inner loop reads shared-memory tiles only"),
    Kernel("gauss", "25-point 2-D stencil, teams distribute private(j, i) + parallel for; thesis 7.1.3",
           expected_gap="the hand-written kernel stages a 36x36 input tile in shared memory; the "
                        "OpenMP loop reads its 25 neighbours through L1/L2",
           hot_loop_unlike="the hand-written stencil is straight-line code on a shared-memory "
                           "tile; its one loop stages the tile"),
    Kernel("laplacian", "3-D 7-point stencil, teams distribute (k) / parallel for (j) / simd (i); thesis 7.1.3",
           simd=True,
           expected_gap="the hand-written kernel marches in k with the planes below/above in "
                        "registers; the OpenMP version gives each team one k plane"),
    Kernel("spmv", "CSR SpMV, teams distribute parallel for rows + simd reduction over 1..24 nonzeros; seed 000",
           simd=True,
           expected_gap="the hand-written kernel picks the lanes per row from the mean row length; "
                        "omp2cu takes G = 32 without simdlen, so most lanes idle on 12-nonzero rows",
           hand_function="ILi8EE"),  # spmv<8>: 12.5 nonzeros per row at full size
    Kernel("su3", "SU3_bench-style 3x3 complex products, site loop + simd over 36 elements; seed 000",
           simd=True,
           expected_gap="36 iterations on G = 32 lanes take two rounds, the second with 4 busy "
                        "lanes; the hand-written kernel uses one thread per element"),
    Kernel("neighbor", "32-iteration inner simd reduction that fits one warp, not collapsible; seed 000",
           simd=True),
    Kernel("triad", "STREAM triad a = b + s*c, target teams distribute parallel for",
           expected_gap="the hand-written kernel uses 16-byte (double2) accesses"),
    Kernel("reduce", "sum reduction over 400M doubles, reduction(+: sum)"),
    Kernel("overlap", "triad over 16 chunks copied in and back every run: update to / kernel / "
           "update from per chunk as nowait target tasks chained by depend (issue 18)",
           memory_bound=False,
           expected_gap="the hand-written version copies from page-locked memory (cudaHostRegister) "
                        "on 4 streams; omp2cu copies pageable memory, which the driver stages"),
    Kernel("generic", "sequential per-team setup (a call filling a team-local array) before parallel for",
           generic=True,
           expected_gap="needs generic (master/worker) execution, which the translator does not "
                        "support yet"),
)

BY_NAME = {k.name: k for k in KERNELS}


def select(names):
    """The kernels named in `names` (a comma-separated string or None for all), in table order."""
    if not names:
        return list(KERNELS)
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in BY_NAME]
    if unknown:
        raise SystemExit("bench: unknown kernel(s) %s (known: %s)"
                         % (", ".join(unknown), ", ".join(BY_NAME)))
    return [k for k in KERNELS if k.name in wanted]


def sweep_source(text, g):
    """The OpenMP source `text` with simdlen(g) added to the directive after the sweep marker."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if SWEEP_MARKER in line:
            j = i + 1
            if j >= len(lines) or not re.match(r"\s*#\s*pragma\s+omp\b.*\bsimd\b", lines[j]):
                raise ValueError("the line after '%s' is not a simd directive" % SWEEP_MARKER)
            lines[j] = lines[j].rstrip() + " simdlen(%d)" % g
            return "\n".join(lines)
    raise ValueError("no '%s' marker in the source" % SWEEP_MARKER)
