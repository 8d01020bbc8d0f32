#version 450
// Whole structs loaded and stored through references, and references
// stepped by their block's size (GL_EXT_buffer_reference2: `base + i`,
// `base[i]`), in blocks of buffer_reference_align 16 holding a struct
// with a vec3 (issue 16).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
struct Item { vec3 pos; int tag; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Items { Item it; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Block { Item a; Item b[2]; };
layout(push_constant) uniform Push { Items base; Block blk; };
layout(set = 0, binding = 0, std430) buffer Out { vec4 o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  Items p = base + i;            // pointer arithmetic by the block's size
  Item x = p.it;                 // whole-struct load through a reference
  Item y = (base[(i + 1) % 4]).it;
  o[i] = vec4(x.pos + y.pos, float(x.tag * 10 + y.tag));
  if (i == 0) { Block b = blk; Item t = b.b[1]; b.b[0] = t; b.a = x; }   // struct stores
}
