"""Inputs for, and a model of, subgroup-rotate.spvasm.

make: in.bin (24 invocations' values, then the delta at word 24) and
zeros.bin. check SIZE CLUSTER: reads out.bin, prints per rotation how many
invocations got the model's value: invocation id ((lane + delta) &
(C - 1)) + (lane & ~(C - 1)) of the subgroup (C the cluster, else the
subgroup size; subgroups are runs of SIZE consecutive local indices), whose
value is read only when that invocation exists and is active (otherwise the
result is undefined and not checked).
"""
import struct
import sys

N, SLOTS, DELTA = 24, 5, 5


def value(i):
    return (i * 2654435761 + 12345) & 0xFFFFFFFF


def main():
    if sys.argv[1] == "make":
        with open("in.bin", "wb") as f:
            f.write(struct.pack(f"<{N + 1}I", *[value(i) for i in range(N)], DELTA))
        with open("zeros.bin", "wb") as f:
            f.write(bytes(4 * SLOTS * N))
        return
    size, cluster = int(sys.argv[2]), int(sys.argv[3])
    with open("out.bin", "rb") as f:
        got = struct.unpack(f"<{SLOTS * N}I", f.read(4 * SLOTS * N))
    rotations = [("by 1", 1, size, lambda i: True), (f"by the buffer's {DELTA}", DELTA, size, lambda i: True),
                 (f"by 3 in clusters of {cluster}", 3, cluster, lambda i: True),
                 ("by 2 in the if", 2, size, lambda i: i % 3 != 0)]
    for slot, (name, delta, c, active) in enumerate(rotations, start=1):
        right = checked = 0
        for i in range(N):
            if not active(i):
                continue
            first = i - i % size
            lane = i - first
            source = first + ((lane + delta) & (c - 1)) + (lane & ~(c - 1))
            if source >= N or not active(source):
                continue   # undefined
            checked += 1
            right += got[i * SLOTS + slot] == value(source)
        print(f"subgroups of {size}: rotate {name}: {right} of {checked} right")


main()
