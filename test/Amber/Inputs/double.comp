#version 450
// Read by commands.amber through SHADER ... FILE: doubles every value.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { int b[]; };
void main() { b[gl_GlobalInvocationID.x] *= 2; }
