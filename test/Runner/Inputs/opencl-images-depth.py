"""Inputs and expected results of Inputs/opencl-images-depth.cl
(test/Runner/opencl-images-depth.test): a 4x4 depth image of D32_SFLOAT
(CL_FLOAT) or D16_UNORM (CL_UNORM_INT16), by OpenCL's rules (reads give the
depth; a linear sample halfway between texels x and x + 1, clamped to the
edge, their mean; writes convert as write_imagef: UNORM_INT16 rounded,
within one unit).

    opencl-images-depth.py make
    opencl-images-depth.py check FORMAT OUT INFO WRITTEN
"""
import sys

import numpy as np

# CL_FLOAT, CL_UNORM_INT16 less 0x10D0: clang-22 writes get_image_channel_data_type
# as OpImageQueryFormat without adding OpenCL's base (docs/differential.md), so
# the kernel sees SPIR-V's enumerant.
DATA_TYPES = {"D32_SFLOAT": 0x10DE - 0x10D0, "D16_UNORM": 0x10D3 - 0x10D0}


def inputs():
    rng = np.random.default_rng(7)
    floats = (rng.integers(0, 4097, (4, 4)) / 4096).astype(np.float32)
    unorm = rng.integers(0, 65536, (4, 4), dtype=np.uint16)
    return floats, unorm


def main():
    floats, unorm = inputs()
    if sys.argv[1] == "make":
        floats.tofile("d32.bin")
        unorm.tofile("d16.bin")
        np.zeros(32, np.float32).tofile("out.bin")
        np.zeros(2, np.int32).tofile("info.bin")
        return 0
    name = sys.argv[2]
    depth = floats.astype(np.float64) if name == "D32_SFLOAT" else unorm / 65535.0
    out = np.fromfile(sys.argv[3], np.float32).reshape(4, 4, 2).astype(np.float64)
    info = list(np.fromfile(sys.argv[4], np.int32))
    problems = []
    # UNORM_INT16 reads: v / 65535 in single precision (an ulp either way).
    if np.abs(out[:, :, 0] - depth).max() > 2 ** -23:
        problems.append(f"reads: largest difference {np.abs(out[:, :, 0] - depth).max()}")
    after = np.concatenate([depth[:, 1:], depth[:, -1:]], axis=1)
    if np.abs(out[:, :, 1] - (depth + after) / 2).max() > 2 ** -22:
        problems.append(f"linear samples: largest difference {np.abs(out[:, :, 1] - (depth + after) / 2).max()}")
    if info != [1, DATA_TYPES[name]]:
        problems.append(f"order and data type {info}, expected [1, {DATA_TYPES[name]:#x}]")
    if name == "D32_SFLOAT":
        written = np.fromfile(sys.argv[5], np.float32).reshape(4, 4)
        if not np.array_equal(written, (floats / 2).astype(np.float32)):
            problems.append("written depths differ")
    else:
        written = np.fromfile(sys.argv[5], np.uint16).reshape(4, 4).astype(np.float64)
        if np.abs(written - depth / 2 * 65535).max() >= 1:
            problems.append(f"written depths: largest difference {np.abs(written - depth / 2 * 65535).max()} units")
    for problem in problems:
        print(problem)
    print(f"depth images {name}: {4 - len(problems)} of 4 checks pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
