#version 450
#extension GL_EXT_shader_image_load_formatted : require
// Images without a declared format (StorageImageReadWithoutFormat,
// WriteWithoutFormat): the format comes from the descriptor at run time.
// Each invocation reads texel x of row 0 (its four components to `read`)
// and writes values[x] to it.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform image2D floats;
layout(set = 0, binding = 1) uniform uimage2D uints;
layout(set = 0, binding = 2) uniform iimage2D sints;
layout(set = 0, binding = 3) buffer Values { vec4 values[8]; uvec4 uvalues[8]; ivec4 ivalues[8]; };
layout(set = 0, binding = 4) buffer Read { vec4 fread[8]; uvec4 uread[8]; ivec4 iread[8]; };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.x, 0);
  fread[p.x] = imageLoad(floats, p);
  uread[p.x] = imageLoad(uints, p);
  iread[p.x] = imageLoad(sints, p);
  imageStore(floats, p, values[p.x]);
  imageStore(uints, p, uvalues[p.x]);
  imageStore(sints, p, ivalues[p.x]);
}
