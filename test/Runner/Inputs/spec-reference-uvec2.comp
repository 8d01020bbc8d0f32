#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
// A reference made from a uvec2 of specialization constants and turned back
// (test/Runner/spec-constant-ops.test): glslang converts in the function
// (OpBitcast of the OpSpecConstantComposite), which Vulkan allows; an
// OpSpecConstantOp Bitcast would need the Kernel capability.
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer Ints { int v[]; };
layout(constant_id = 0) const uint lo = 16;
layout(constant_id = 1) const uint hi = 1;
const uvec2 a = uvec2(lo, hi);
layout(set = 0, binding = 0) buffer Out { uvec2 o[2]; };
void main() {
  Ints r = Ints(a);
  o[0] = uvec2(r);
  o[1] = uvec2(Ints(a + uvec2(8, 0)));
}
