"""The inputs of coop-matrix.spvasm and a numpy model of what it computes
(test/Runner/coop-matrix.test; the cases are described in the .spvasm).

    python3 coop-matrix.py make DIR       writes DIR/{fin,win,bin,fout,iout}.bin
    python3 coop-matrix.py check FOUT IOUT  compares the outputs with the model
    python3 coop-matrix.py vec3-make DIR    coop-matrix-vec3.spvasm's inputs
    python3 coop-matrix.py vec3-check W FLAG  its output w against the model
"""
import sys

import numpy as np

rng = np.random.default_rng(16)
# f32 inputs: small integers, so that every sum is exact in any order.
fin = rng.integers(-4, 5, 96).astype(np.float32)
# 64 halves, A then B, 8x8 each, two to a uint word.
halves = rng.integers(-3, 4, 128).astype(np.float16)
# i8: A (4x16) at 0, B (16x4) at 64; row 3 of A small, so that the
# saturating case saturates some elements and not others.
bytes_ = rng.integers(0, 256, 128).astype(np.uint8)
bytes_[48:64] = rng.integers(0, 3, 16)
FOUT, IOUT = 112, 36


def model():
    fout = np.zeros(FOUT, np.float32)
    iout = np.zeros(IOUT, np.uint32)
    # F: A row-major stride 8, B column-major stride 10, C row-major stride 4.
    a = fin[0:32].reshape(4, 8).astype(np.float64)
    b = np.array([[fin[32 + 10 * c + r] for c in range(4)] for r in range(8)], np.float64)
    c = fin[80:96].reshape(4, 4).astype(np.float64)
    d = a @ b + c
    e = (d * 0.5 + d).reshape(16) + np.arange(16)  # element i is lane i, row-major
    e = e.reshape(4, 4)
    for col in range(4):  # column-major, stride 5
        fout[5 * col:5 * col + 4] = e[:, col]
    iout[0] = 16
    # H: f16 A and B, f32 result; row-major, stride 8.
    ha = halves[0:64].reshape(8, 8).astype(np.float64)
    hb = halves[64:128].reshape(8, 8).astype(np.float64)
    fout[32:96] = (ha @ hb).reshape(64)
    # I: A signed, B unsigned, C = 1000.
    ia = bytes_[0:64].view(np.int8).reshape(4, 16).astype(np.int64)
    ib = bytes_[64:128].reshape(16, 4).astype(np.int64)
    idd = ia @ ib + 1000
    iout[4:20] = (idd.reshape(16) & 0xFFFFFFFF).astype(np.uint32)
    fout[96:112] = idd.reshape(16).astype(np.float32)
    # S: both unsigned, C = 0xFFFF0000, saturating at 2^32 - 1.
    sa = bytes_[0:64].reshape(4, 16).astype(np.int64)
    sd = np.minimum(sa @ ib + 0xFFFF0000, 0xFFFFFFFF)
    iout[20:36] = sd.reshape(16).astype(np.uint32)
    return fout, iout


def vec3_model(flag):
    """coop-matrix-vec3.spvasm: the words of buffer 0:1 (16 vec3s at a
    16-byte stride, every word -1 at first) after the run with f[0] = flag."""
    v = np.arange(48, dtype=np.float32).reshape(12, 4) + 1  # word 3 of each: padding
    a = v[0:4, 0:3]
    b = v[4:12:2, 0:3]
    s = a if flag != 0 else b
    w = np.full((16, 4), -1, np.float32)
    w[0:8:2, 0:3] = s
    w[12, 0:3] = s[1]
    w[13, 0:3] = s[3]
    return v, w


if sys.argv[1] == "vec3-make":
    v, w = vec3_model(1)
    v.tofile(f"{sys.argv[2]}/v.bin")
    w = np.full((16, 4), -1, np.float32)
    w.tofile(f"{sys.argv[2]}/w.bin")
    np.array([1, 0], np.float32).tofile(f"{sys.argv[2]}/flag1.bin")
    np.array([0, 1], np.float32).tofile(f"{sys.argv[2]}/flag0.bin")
elif sys.argv[1] == "vec3-check":
    flag = float(sys.argv[3])
    _, want = vec3_model(flag)
    got = np.fromfile(sys.argv[2], np.float32)
    bad = [f"w word {i} = {g}, expected {e}" for i, (g, e) in enumerate(zip(got, want.reshape(64))) if g != e]
    if len(got) != 64:
        bad.append(f"size {len(got)}")
    print(f"coop-matrix-vec3 (select {'A' if flag else 'B'}): {len(bad)} differences")
    for line in bad[:10]:
        print(line)
elif sys.argv[1] == "make":
    out = sys.argv[2]
    fin.tofile(f"{out}/fin.bin")
    halves.view(np.uint16).astype(np.uint16).tofile(f"{out}/win.bin")
    bytes_.tofile(f"{out}/bin.bin")
    np.zeros(FOUT, np.float32).tofile(f"{out}/fout.bin")
    np.zeros(IOUT, np.uint32).tofile(f"{out}/iout.bin")
else:
    fout, iout = model()
    got_f = np.fromfile(sys.argv[2], np.float32)
    got_i = np.fromfile(sys.argv[3], np.uint32)
    bad = [f"fout[{i}] = {g}, expected {w}" for i, (g, w) in enumerate(zip(got_f, fout)) if g != w]
    bad += [f"iout[{i}] = {g}, expected {w}" for i, (g, w) in enumerate(zip(got_i, iout)) if g != w]
    if len(got_f) != FOUT or len(got_i) != IOUT:
        bad.append(f"sizes {len(got_f)}, {len(got_i)}")
    saturated = int(np.sum(iout[20:36] == 0xFFFFFFFF))
    print(f"coop-matrix: {len(bad)} differences; {saturated} of 16 saturated")
    for line in bad[:10]:
        print(line)
