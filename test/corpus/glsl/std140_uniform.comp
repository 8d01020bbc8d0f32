// target-env: vulkan1.0
// std140: vec3 then float (packed into its padding), a float array with a
// 16-byte stride, a mat4 and a mat3 (column stride 16).
#version 450
layout(local_size_x = 1) in;
layout(std140, set = 0, binding = 0) uniform U { vec3 dir; float scale; float weights[4]; mat4 m; mat3 r; } u;
layout(std430, set = 0, binding = 1) buffer Out { vec4 result[]; };
void main() {
  float w = u.weights[0] + u.weights[1] + u.weights[2] + u.weights[3];
  result[0] = u.m * vec4(u.dir * u.scale, w);
  result[1] = vec4(u.r * u.dir, 1.0);
}
