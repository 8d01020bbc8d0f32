"""Inputs and expected results of test/Runner/image-atomics.test: each
invocation's atomics on its own texels, in program order (GLSL's
imageAtomic* as the Vulkan specification defines them)."""
import struct
import sys

M = 0xFFFFFFFF


def initial():
    u = [(i * 0x01000193 + 7) & M for i in range(64)]
    s = [((i * 0x2545F491) & M) - (1 << 31) if (i * 0x2545F491) & M >= 1 << 31 else (i * 0x2545F491) & M
         for i in range(64)]
    b = [i * 3 for i in range(64)]
    f = [float(i) + 0.25 for i in range(64)]
    return u, s, b, f


def signed(x):
    x &= M
    return x - (1 << 32) if x >> 31 else x


def make():
    u, s, b, f = initial()
    open("u.bin", "wb").write(struct.pack("<64I", *u))
    open("s.bin", "wb").write(struct.pack("<64i", *s))
    open("b.bin", "wb").write(struct.pack("<64I", *b))
    open("f.bin", "wb").write(struct.pack("<64f", *f))
    open("old.bin", "wb").write(bytes(4 * 64 * 16))


def check(label, old_path, u_path, s_path, b_path, f_path):
    u, s, b, f = initial()
    old = []
    for i in range(64):
        v = (i * 0x9E3779B9) & M
        t = u[i]
        steps = []
        steps.append(t); t = (t + v) & M
        steps.append(t); t &= v >> 3
        steps.append(t); t |= (v << 5) & M
        steps.append(t); t ^= 0x5A5A5A5A
        steps.append(t); t = min(t, v)
        steps.append(t); t = max(t, v ^ 0x80000000)
        steps.append(t); t = i
        steps.append(t); t = 77 if t == i else t
        steps.append(t); t = 99 if t == i else t
        u[i] = t
        w = s[i]
        steps.append(w & M); w = min(w, signed(v))
        steps.append(w & M); w = max(w, -(v >> 1))
        s[i] = w
        steps.append(b[i]); b[i] = (b[i] + 1000) & M
        steps.append(struct.unpack("<I", struct.pack("<f", f[i]))[0]); f[i] = -float(i)
        steps.extend([0, 0, 0])
        old.extend(steps)
    got = list(struct.unpack("<%dI" % (64 * 16), open(old_path, "rb").read()))
    images = (list(struct.unpack("<64I", open(u_path, "rb").read())) == u
              and list(struct.unpack("<64i", open(s_path, "rb").read())) == s
              and list(struct.unpack("<64I", open(b_path, "rb").read())) == b
              and list(struct.unpack("<64f", open(f_path, "rb").read())) == f)
    bad = [k for k in range(len(old)) if got[k] != old[k]]
    if bad or not images:
        first = f", first old value {bad[0]}: {got[bad[0]]} (expected {old[bad[0]]})" if bad else ""
        print(f"{label}: {len(bad)} old values differ, images {'match' if images else 'differ'}{first}")
    else:
        print(f"{label}: {len(old)} old values and 4 images match")


if sys.argv[1] == "make":
    make()
else:
    check(*sys.argv[2:])
