"""Turns Inputs/extension-values.spvasm, assembled, into the module it
stands for, with instructions and capabilities of extensions the installed
SPIRV-Tools (2023.1) does not know (SPV_KHR_fma,
SPV_EXT_replicated_composites, SPV_EXT_arithmetic_fence), for
test/Runner/value-extensions.test:

* `OpCapability Int8`, `Int16`, `Int64` -> FMAKHR (6030),
  ReplicatedCompositesEXT (6024), ArithmeticFenceEXT (6144);
* the extensions "SPV_AAA_aaa", "SPV_BBB_b...", "SPV_CCC_c..." -> their names
  (same lengths: no word count changes);
* OpExtInst GLSL.std.450 Fma (50) -> OpFmaKHR (4427), operands kept;
* OpCompositeConstruct (80) of one constituent -> OpCompositeConstructReplicateEXT (4463);
* OpCopyObject (83) -> OpArithmeticFenceEXT (6145).

    python3 extension-values.py IN.spv OUT.spv
"""
import struct
import sys

data = open(sys.argv[1], "rb").read()
for placeholder, name in [
    (b"SPV_AAA_aaa", b"SPV_KHR_fma"),
    (b"SPV_BBB_bbbbbbbbbbbbbbbbbbbbb", b"SPV_EXT_replicated_composites"),
    (b"SPV_CCC_cccccccccccccccc", b"SPV_EXT_arithmetic_fence"),
]:
    assert len(placeholder) == len(name)
    data = data.replace(placeholder, name)
words = list(struct.unpack(f"<{len(data) // 4}I", data))
CAPABILITIES = {39: 6030, 22: 6024, 11: 6144}
out = words[:5]
at, glsl_set = 5, None
while at < len(words):
    count, opcode = words[at] >> 16, words[at] & 0xFFFF
    inst = words[at:at + count]
    if opcode == 17 and inst[1] in CAPABILITIES:  # OpCapability
        inst = [inst[0], CAPABILITIES[inst[1]]]
    elif opcode == 11:  # OpExtInstImport
        glsl_set = inst[1]
    elif opcode == 12 and inst[3] == glsl_set and inst[4] == 50:  # OpExtInst Fma
        inst = [(6 << 16) | 4427, inst[1], inst[2], *inst[5:8]]
    elif opcode == 80 and count == 4:  # OpCompositeConstruct of one constituent
        inst = [(4 << 16) | 4463, *inst[1:]]
    elif opcode == 83:  # OpCopyObject
        inst = [(4 << 16) | 6145, *inst[1:]]
    out += inst
    at += count
open(sys.argv[2], "wb").write(struct.pack(f"<{len(out)}I", *out))
