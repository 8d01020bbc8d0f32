"""Inputs and check of cbrt-double.cl: 256 doubles (the two of fuzz-diff-cl
seeds 20267153 and 20267160, twelve more where glibc 2.36's cbrt is more
than 2 ulp off, the edges: zeros, infinities, NaN, subnormals, the largest
finite, exact cubes, and random values over the whole exponent range, both
signs), and the check of what the kernel wrote, scalar and as double4,
against the exact cube root (Decimal, 70 digits): within OpenCL's 2 ulp
(the SPIR-V environment's "ULP Values for Math Instructions - Full
Profile": cbrt, double, 2 ulp), infinities, zeros and NaN as C's cbrt."""
import math
import random
import struct
import sys
from decimal import Decimal, getcontext

getcontext().prec = 70
FOUND = [1.3534286467691066e-18, 60.33005847662293]
GLIBC = [6.518284138433692e-10, -9.406019544980706e-178, 3.028847621429617e-273, 2.1768933546199391e+99,
         1.466962128307184e-93, 7.0368953452545654e-62, 3.7128447048781917e-180, -3.6438652600135686e-305,
         4.660441146143877e-288, -9.41343713536915e-86, 1.0236221464984591e-184, 3.574154582399555e-06]
EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.2250738585072014e-308,
         2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, 8.0, -27.0, 0.125,
         1e-300, 3e300, 1.0, -1.0]
N = 256


def inputs():
    values = FOUND + [-v for v in FOUND] + GLIBC + EDGES
    rng = random.Random(20267153)
    while len(values) < N:
        values.append(rng.uniform(1, 2) * 2.0 ** rng.randint(-1074, 1023) * rng.choice((1, -1)))
    return values


def exact(x):
    root = Decimal(abs(x)) ** (Decimal(1) / Decimal(3))
    return -root if x < 0 else root


if sys.argv[1] == "make":
    open("x.bin", "wb").write(struct.pack(f"<{N}d", *inputs()))
    open("y.bin", "wb").write(bytes(8 * N))
    open("z.bin", "wb").write(bytes(8 * N))
else:
    worst = 0.0
    wrong = 0
    for name in sys.argv[2:]:
        got = struct.unpack(f"<{N}d", open(name, "rb").read())
        for x, y in zip(inputs(), got):
            if math.isnan(x) or math.isinf(x) or x == 0:
                ok = (math.isnan(y) if math.isnan(x) else y == x and math.copysign(1, y) == math.copysign(1, x))
                if not ok:
                    wrong += 1
                    print(f"{name}: cbrt({x!r}) = {y!r}")
                continue
            e = exact(x)
            error = float(abs(Decimal(y) - e) / Decimal(math.ulp(float(e))))
            worst = max(worst, error)
            if error > 2:
                wrong += 1
                print(f"{name}: cbrt({x!r}) = {y!r}, exact {e:.20e}: {error:.2f} ulp")
    print(f"{wrong} of {N * (len(sys.argv) - 2)} beyond the bound")
    print(f"worst {'within 1 ulp' if worst <= 1 else 'beyond 1 ulp'}")
