"""Turns a spirv-as module written with placeholders into one using
instructions of SPIR-V headers newer than the installed SPIRV-Tools
(SPV_VALVE_mixed_float_dot_product), for test/Runner/mixed-dot.test:

* `OpCapability Int8` -> capability 6912 (DotProductFloat16AccFloat32VALVE);
* the extension "SPV_AAAAA_aaaaaaaaaaaaaaaaaaaaaaa" -> "SPV_VALVE_mixed_float_dot_product";
* each OpExtInst of the first imported set: FMix (46) -> OpFDot2MixAcc32VALVE (6916),
  FClamp (43) -> OpFDot2MixAcc16VALVE (6917), operands kept.

    python3 newer-grammar.py IN.spv OUT.spv
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
open(sys.argv[2], "wb").write(struct.pack(f"<{len(out)}I", *out))
