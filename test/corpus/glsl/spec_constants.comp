// target-env: vulkan1.2
// Workgroup size and a scale from specialization constants.
#version 450
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const int SCALE = 4;
layout(constant_id = 3) const bool NEGATE = false;
layout(constant_id = 4) const float BIAS = 0.5;
layout(std430, set = 0, binding = 0) buffer Data { float data[]; };
void main() {
  uint i = gl_GlobalInvocationID.y * gl_WorkGroupSize.x * gl_NumWorkGroups.x + gl_GlobalInvocationID.x;
  float v = data[i] * float(SCALE) + BIAS;
  data[i] = NEGATE ? -v : v;
}
