// target-env: vulkan1.0
// Vector arithmetic, swizzles and geometric built-ins.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { vec4 data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 v = data[i];
  vec3 n = normalize(v.xyz + vec3(1.0));
  vec3 c = cross(n, v.zxy);
  data[i] = vec4(c * dot(v.xyz, n), length(v.yw)) + v.wzyx * distance(v.xy, v.zw);
}
