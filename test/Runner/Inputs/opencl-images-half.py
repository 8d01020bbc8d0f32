"""The inputs and expected results of Inputs/opencl-images-half.cl
(test/Runner/opencl-images-half.test), by OpenCL's rules for half texels:
reads give the texel rounded to half precision (to nearest even; from
UNORM_INT8 within one unit in the last place of the exact v / 255), the
border of an RGBA image is (0, 0, 0, 0), and writes convert the half
values as write_imagef converts floats (UNORM_INT8 within one unit).

    opencl-images-half.py make
    opencl-images-half.py check READS OUT_H OUT_U8
"""
import sys

import numpy as np

W, H = 8, 4


def inputs():
    rng = np.random.default_rng(20261128)
    h = (rng.integers(-4096, 4097, (H, W, 4)) / 1024).astype(np.float16)
    u8 = rng.integers(0, 256, (H, W, 4), dtype=np.uint8)
    return h, u8


def half_ulp(value):
    return np.spacing(np.abs(value).astype(np.float16)).astype(np.float64)


def main():
    h, u8 = inputs()
    if sys.argv[1] == "make":
        h.tofile("h.bin")
        u8.tofile("u8.bin")
        return 0
    reads = np.fromfile(sys.argv[2], dtype=np.float16).reshape(H, W, 4, 4)
    out_h = np.fromfile(sys.argv[3], dtype=np.float16).reshape(H, W, 4)
    out_u8 = np.fromfile(sys.argv[4], dtype=np.uint8).reshape(H, W, 4)
    problems = []

    def expect(name, got, want):
        if not np.array_equal(got, want):
            where = np.argwhere(got != want)[0]
            problems.append(f"{name}: {int((got != want).sum())} differ; first at {tuple(where)}: "
                            f"{got[tuple(where)]}, expected {want[tuple(where)]}")

    expect("read of the half image", reads[:, :, 0], h)
    exact = u8.astype(np.float64) / 255
    off = np.abs(reads[:, :, 1].astype(np.float64) - exact) > half_ulp(exact)
    if off.any():
        problems.append(f"read of the UNORM_INT8 image: {int(off.sum())} more than an ulp off")
    border = np.zeros_like(h)
    border[:, 1:] = h[:, :-1]
    expect("nearest read clamped to the border", reads[:, :, 2], border)
    after = np.concatenate([h[:, 1:], h[:, -1:]], axis=1)
    expect("linear sample", reads[:, :, 3], ((h.astype(np.float64) + after) / 2).astype(np.float16))
    b = reads[:, :, 1]
    expect("write of half texels", out_h, (h * np.float16(0.5) + b).astype(np.float16))
    scaled = np.clip((b * np.float16(2)).astype(np.float64), 0, 1) * 255
    off = np.abs(out_u8 - scaled) >= 1
    if off.any():
        problems.append(f"write to UNORM_INT8: {int(off.sum())} a unit or more off")
    for problem in problems:
        print(problem)
    print(f"half images: {6 - len(problems)} of 6 checks pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
