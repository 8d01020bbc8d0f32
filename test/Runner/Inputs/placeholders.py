"""Turns a spirv-as module written with placeholders into one using
instructions the installed SPIRV-Tools (2023.1) cannot assemble, for
test/Runner/newer-instructions.test:

* `OpExtension "CAPABILITY_N"` -> `OpCapability N` (capabilities before the
  real extensions, as the placeholders stand before them);
* every placeholder instruction whose result id has the OpName `opcode_N`
  gets opcode N,
  its operands kept; for OpConstantCompositeReplicateEXT (4461) and
  OpSpecConstantCompositeReplicateEXT (4462), written as composites of one
  repeated constituent, only the first constituent is kept.

    python3 placeholders.py IN.spv OUT.spv
"""
import struct
import sys

REPLICATE = {4461, 4462}
# The placeholders' opcodes (OpConstantComposite, OpSpecConstantComposite,
# OpConvertFToU, OpConvertUToF, OpFNegate): instructions with a result type
# and id, so word 2 is the result id (in others it may be anything).
PLACEHOLDERS = {44, 51, 109, 112, 127}

data = open(sys.argv[1], "rb").read()
words = list(struct.unpack(f"<{len(data) // 4}I", data))


def string_of(operands):
    raw = struct.pack(f"<{len(operands)}I", *operands)
    return raw.split(b"\0")[0].decode()


instructions = []
at = 5
while at < len(words):
    count, opcode = words[at] >> 16, words[at] & 0xFFFF
    instructions.append(words[at:at + count])
    at += count
renamed = {}
for inst in instructions:
    if inst[0] & 0xFFFF == 5:  # OpName
        name = string_of(inst[2:])
        if name.startswith("opcode_"):
            renamed[inst[1]] = int(name[len("opcode_"):])
out = words[:5]
for inst in instructions:
    opcode = inst[0] & 0xFFFF
    if opcode == 10 and string_of(inst[1:]).startswith("CAPABILITY_"):  # OpExtension
        inst = [(2 << 16) | 17, int(string_of(inst[1:])[len("CAPABILITY_"):])]
    elif opcode in PLACEHOLDERS and inst[2] in renamed:
        new = renamed[inst[2]]
        if new in REPLICATE:
            inst = inst[:4]
        inst = [(len(inst) << 16) | new, *inst[1:]]
    out += inst
open(sys.argv[2], "wb").write(struct.pack(f"<{len(out)}I", *out))
