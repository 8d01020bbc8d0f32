"""test/Runner/image-query-order.test: the Image Channel Order and Image
Channel Data Type (SPIR-V specification, sections 3.12 and 3.13) each Vulkan
format stands for, as OpImageQueryOrder and OpImageQueryFormat give them.

Orders: R 0, RG 2, RGBA 5, BGRA 6, Depth 13, sRGBA 17, sBGRA 18 (the
formats the runner has; OpenCL's CL_R... are these plus 0x10B0). Data types:
SnormInt8 0, SnormInt16 1, UnormInt8 2, UnormInt16 3, SignedInt8 7,
SignedInt16 8, SignedInt32 9, UnsignedInt8 10, UnsignedInt16 11,
UnsignedInt32 12, HalfFloat 13, Float 14, UnormInt101010_2 16 (CL_SNORM_INT8
is 0x10D0)."""
import struct
import sys

FORMATS = {
    # name: (bytes per texel, order, data type)
    "R8G8B8A8_UNORM": (4, 5, 2),
    "R8G8B8A8_SNORM": (4, 5, 0),
    "R16G16B16A16_UNORM": (8, 5, 3),
    "R16G16B16A16_SNORM": (8, 5, 1),
    "R8_SINT": (1, 0, 7),
    "R16G16_SINT": (4, 2, 8),
    "R32_SINT": (4, 0, 9),
    "R8G8_UINT": (2, 2, 10),
    "R16_UINT": (2, 0, 11),
    "R32G32B32A32_UINT": (16, 5, 12),
    "R16G16B16A16_SFLOAT": (8, 5, 13),
    "R32_SFLOAT": (4, 0, 14),
    "R32G32_SFLOAT": (8, 2, 14),
    "B8G8R8A8_UNORM": (4, 6, 2),
    "R8G8B8A8_SRGB": (4, 17, 2),
    "B8G8R8A8_SRGB": (4, 18, 2),
    "A2B10G10R10_UNORM_PACK32": (4, 5, 16),
    "D32_SFLOAT": (4, 13, 14),
    "D16_UNORM": (2, 13, 3),
}

if sys.argv[1] == "make":
    # A 2x2 image of zeros per format, and the zeroed output.
    for name, (size, _, _) in FORMATS.items():
        open(name + ".bin", "wb").write(bytes(4 * size))
    open("zero.bin", "wb").write(bytes(32))
    sys.exit(0)
path, names = sys.argv[2], sys.argv[3:]
got = struct.unpack("<6IQ", open(path, "rb").read()[:32])
expected = []
for name in names:
    expected += FORMATS[name][1:]
expected.append(FORMATS[names[0]][1])
if list(got) == expected:
    print(f"queries of {' '.join(names)}: right")
else:
    print(f"queries of {' '.join(names)}: {got}, expected {tuple(expected)}")
