#version 450
// Mutually recursive buffer_reference blocks (issue 16): a linked list of
// two alternating node kinds (Even -> Odd -> Even ...), and a tree whose
// nodes point to leaf blocks that point back to their parent node. glslang
// names the forward-declared Odd and Leaf pointers in the structs of Even
// and Node before it defines them.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Odd;
layout(buffer_reference) buffer Leaf;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Even { Odd next; int value; int mark; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Odd { Even next; int value; int scale; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node left; Node right; Leaf leaf; int key; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Leaf { Node parent; int payload[2]; };
layout(push_constant) uniform Push { Even head; Node root; };
layout(set = 0, binding = 0, std430) buffer Out { int o[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  // The list: invocation i starts its sum at i and marks the i-th Even node.
  Even e = head;
  int acc = int(i);
  uint steps = 0;
  while (uint64_t(e) != 0ul && steps < 16) {
    acc = acc * 3 + e.value;
    if (steps == 2 * i) e.mark = acc * 7 + 1;
    Odd d = e.next;
    steps++;
    if (uint64_t(d) == 0ul) break;
    acc = acc * 5 + d.value * d.scale;
    e = d.next;
    steps++;
  }
  o[i] = acc;
  o[4 + i] = int(steps);
  // The tree: bit 0 of i picks the first branch, bit 1 the second; the
  // leaf's parent is the node above it.
  Node n = root;
  int path = 0;
  for (uint level = 0; level < 2; level++) {
    path = path * 10 + n.key;
    n = ((i >> level) & 1u) == 0u ? n.left : n.right;
  }
  Leaf l = n.leaf;
  path = path * 10 + n.key;
  int back = l.parent.key;
  o[8 + i] = path * 1000 + back * 100 + l.payload[0];
  l.payload[1] = path + int(i);
  // Through the leaf and back down: parent.leaf is the leaf itself.
  o[12 + i] = (uint64_t(l.parent.leaf) == uint64_t(l)) ? l.parent.leaf.payload[0] : -1;
}
