// target-env: vulkan1.1
// An array of structs in a std430 buffer (vec3 padding, nested array).
#version 450
layout(local_size_x = 32) in;
struct Particle { vec3 position; float mass; vec3 velocity; uint flags; float history[3]; };
layout(std430, set = 0, binding = 0) buffer Particles { Particle particles[]; };
layout(push_constant) uniform P { float dt; } p;
void main() {
  uint i = gl_GlobalInvocationID.x;
  Particle q = particles[i];
  q.history[2] = q.history[1]; q.history[1] = q.history[0]; q.history[0] = q.position.y;
  q.position += q.velocity * p.dt / max(q.mass, 0.001);
  q.flags |= q.position.y < 0.0 ? 1u : 0u;
  particles[i] = q;
}
