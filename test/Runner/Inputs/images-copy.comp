#version 450
#extension GL_EXT_shader_image_load_formatted : require
// Copies one image to another, both of a format left to the descriptors.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform readonly image2D src;
layout(set = 0, binding = 1) uniform writeonly image2D dst;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(dst, p, imageLoad(src, p));
}
