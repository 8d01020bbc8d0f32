// target-env: vulkan1.1
// GLSL.std.450 and core instructions no other corpus program uses (issue 16's
// instruction table): trunc, radians, degrees, faceForward, refract,
// outerProduct, a boolean specialization constant (OpSpecConstantTrue), a
// specialization-constant expression (OpSpecConstantOp), a false constant.
#version 450
layout(local_size_x = 64) in;
layout(constant_id = 0) const bool USE_SCALE = true;
layout(constant_id = 1) const uint SHIFT = 3u;
const uint MASK = (1u << SHIFT) - 1u;  // OpSpecConstantOp
layout(std430, set = 0, binding = 0) readonly buffer In { vec4 v[]; } inputs;
layout(std430, set = 0, binding = 1) buffer Exact { vec4 e[]; } exact;
layout(std430, set = 0, binding = 2) buffer Close { vec4 c[]; } close;
layout(std430, set = 0, binding = 3) buffer Ints { uint u[]; } ints;
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = inputs.v[2 * i], b = inputs.v[2 * i + 1];
  exact.e[4 * i + 0] = trunc(a * 3.0);
  exact.e[4 * i + 1] = faceforward(a, b, a.wzyx);
  mat2x3 m = outerProduct(a.xyz, b.zw);
  exact.e[4 * i + 2] = vec4(m[0], m[1].x);
  exact.e[4 * i + 3] = vec4(m[1].yz, USE_SCALE ? 2.0 : 0.5, float(i & MASK));
  close.c[3 * i + 0] = radians(a * 90.0);
  close.c[3 * i + 1] = degrees(b);
  vec3 n = normalize(b.xyz + vec3(0.0, 0.0, 5.0));
  close.c[3 * i + 2] = vec4(refract(normalize(a.xyz), n, 0.66), 0.0);
  bool never = false;
  ints.u[i] = (never || a.x > b.x) ? MASK : SHIFT;
}
