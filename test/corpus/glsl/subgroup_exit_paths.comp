// target-env: vulkan1.1
// Subgroup operations on a loop's exit paths (docs/abi.md, "Subgroups"):
// only the invocations leaving in the same iteration take part. The shapes
// lavapipe (Mesa with LLVM 15) runs as the spec says: a break path of an
// inner loop whose results are stored there, return paths from an inner
// and an outer loop, a function returning from inside its loop, and, after
// a workgroup barrier (so that it runs as regions or coroutines), a last
// loop left only by returns (its merge block OpUnreachable: session 19).
// (lavapipe gets a top-level loop left only by a break wrong when the break
// path's results are used after the loop, and a function's loop left only
// by returns: test/Runner/subgroup-break-path.test,
// test/Runner/subgroup-return-only-loop.test.)
#version 450
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };

uint firstReturn(uint v) {
  for (uint k = 0u; k < 4u; k++) {
    if (k == v % 3u) {
      return subgroupAdd(v) + k * 1000u;
    }
  }
  return 7u;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint v = data[i * 4u];
  data[i * 4u + 1u] = firstReturn(v);
  data[i * 4u + 2u] = 0u;
  barrier();
  for (uint a = 0u; a < 3u; a++) {
    for (uint k = 0u; k < 4u; k++) {
      if (k == (v + a) % 4u && (v & 1u) == 0u) {
        data[i * 4u + 2u] += subgroupBallot(true).x << (a * 8u);
        break;
      }
      if (k == v % 3u && a == (v >> 1u) % 3u && (v & 1u) == 1u) {
        data[i * 4u + 3u] = subgroupBallot(true).x | (a << 16u) | (k << 24u);
        return;
      }
    }
    if (a == (v >> 2u) % 3u && (v & 2u) == 0u) {
      data[i * 4u + 3u] = subgroupMax(v * 3u + a);
      return;
    }
  }
  for (uint r = 0u;; r++) {
    if (r == (v >> 3u) % 4u) {
      data[i * 4u + 3u] = subgroupBallot(true).x ^ (r << 28u);
      return;
    }
  }
}
