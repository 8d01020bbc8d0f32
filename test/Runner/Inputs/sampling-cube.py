"""Inputs and expected outputs of the cube case of test/Runner/sampling.test.

`sampling-cube.py make` writes a 2x2 cube (R32_SFLOAT, texel value
face * 10 + texel index) and a two-cube array (the second cube's values
+100), and 32 directions; `sampling-cube.py check FILE` checks the runner's
output against the face selection of the Vulkan specification's "Cube Map
Face Selection" table (major axis, then sc, tc), nearest texel.
"""

import math
import struct
import sys

N = 2
DIRECTIONS = []
for i in range(32):
    # Components (k + 0.5) / 8 - 2: never a tie between axes, never on a
    # texel boundary of a 2x2 face.
    DIRECTIONS.append([((i * 7 + c * 5) % 32 + 0.5) / 8 - 2 for c in range(3)])


def face_of(x, y, z):
    """(face, sc, tc, |ma|) from the specification's table."""
    ax, ay, az = abs(x), abs(y), abs(z)
    if ax > ay and ax > az:
        return (0, -z, -y, ax) if x > 0 else (1, z, -y, ax)
    if ay > az:
        return (2, x, z, ay) if y > 0 else (3, x, -z, ay)
    return (4, x, -y, az) if z > 0 else (5, -x, -y, az)


def expected(direction, cube):
    face, sc, tc, ma = face_of(*direction)
    s, t = 0.5 * sc / ma + 0.5, 0.5 * tc / ma + 0.5
    i, j = min(max(math.floor(s * N), 0), N - 1), min(max(math.floor(t * N), 0), N - 1)
    return 100 * cube + face * 10 + j * N + i


if sys.argv[1] == "make":
    values = [100 * cube + face * 10 + k for cube in range(2) for face in range(6) for k in range(N * N)]
    with open("cube.bin", "wb") as handle:
        handle.write(struct.pack(f"<{6 * N * N}f", *values[:6 * N * N]))
    with open("cubes.bin", "wb") as handle:
        handle.write(struct.pack(f"<{len(values)}f", *values))
    with open("directions.bin", "wb") as handle:
        handle.write(b"".join(struct.pack("<4f", *d, 0.0) for d in DIRECTIONS))
    with open("zero-cube.bin", "wb") as handle:
        handle.write(bytes(16 * 3 * len(DIRECTIONS)))
else:
    with open(sys.argv[2], "rb") as handle:
        data = handle.read()
    got = struct.unpack(f"<{len(data) // 4}f", data)
    for i, d in enumerate(DIRECTIONS):
        rows = [[expected(d, 0), 0, 0, 1], [expected(d, 1), 0, 0, 1], [N, N, N, 2]]
        for k, row in enumerate(rows):
            value = list(got[(3 * i + k) * 4:(3 * i + k) * 4 + 4])
            if value != row:
                print(f"MISMATCH: direction {i} {d} output {k}: got {value}, expected {row}")
                sys.exit(1)
    print(f"cube: {len(DIRECTIONS)} directions and sizes match")
