"""Turns a spirv-as module written with placeholders into one using
instructions of SPIR-V headers newer than the installed SPIRV-Tools
(SPV_VALVE_mixed_float_dot_product), for test/Runner/mixed-dot.test:

* `OpCapability Int8` -> capability 6912 (DotProductFloat16AccFloat32VALVE);
* the extension "SPV_AAAAA_aaaaaaaaaaaaaaaaaaaaaaa" -> "SPV_VALVE_mixed_float_dot_product";
* each OpExtInst of the first imported set: FMix (46) -> OpFDot2MixAcc32VALVE (6916),
  FClamp (43) -> OpFDot2MixAcc16VALVE (6917), operands kept.

    python3 newer-grammar.py IN.spv OUT.spv [--float8]

--float8 also declares an 8-bit float type the module never uses
(SPV_EXT_float8: capability Float8EXT, `OpTypeFloat 8 Float8E4M3EXT`), which
puts the module through the importer's 8-bit float rewrite.
"""
import struct
import sys

data = open(sys.argv[1], "rb").read()
data = data.replace(b"SPV_AAAAA_aaaaaaaaaaaaaaaaaaaaaaa", b"SPV_VALVE_mixed_float_dot_product")
words = list(struct.unpack(f"<{len(data) // 4}I", data))
out = words[:5]
at, placeholder_set = 5, None
while at < len(words):
    count, opcode = words[at] >> 16, words[at] & 0xFFFF
    inst = words[at:at + count]
    if opcode == 17 and inst[1] == 39:  # OpCapability Int8
        inst = [inst[0], 6912]
    elif opcode == 11 and placeholder_set is None:  # OpExtInstImport
        placeholder_set = inst[1]
    elif opcode == 12 and inst[3] == placeholder_set:  # OpExtInst
        new = {46: 6916, 43: 6917}[inst[4]]
        inst = [(6 << 16) | new, inst[1], inst[2], *inst[5:8]]
    out += inst
    at += count
if "--float8" in sys.argv[3:]:
    name = b"SPV_EXT_float8"
    name += bytes(4 - len(name) % 4)
    extension = [((1 + len(name) // 4) << 16) | 10, *struct.unpack(f"<{len(name) // 4}I", name)]
    bound = out[3]
    out[3] += 1
    body, at, declared = [], 5, False
    while at < len(out):
        count, opcode = out[at] >> 16, out[at] & 0xFFFF
        if opcode == 14:  # OpMemoryModel: the capability and the extension before it
            body += [(2 << 16) | 17, 4212] + extension
        body += out[at:at + count]
        if opcode == 22 and not declared:  # after the first OpTypeFloat
            body += [(4 << 16) | 22, bound, 8, 4214]
            declared = True
        at += count
    out = out[:5] + body
open(sys.argv[2], "wb").write(struct.pack(f"<{len(out)}I", *out))
