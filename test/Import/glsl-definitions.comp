// GLSL.std.450 instructions without a dialect op, expanded into dialect ops
// that compute their definitions (docs/import.md); test/Runner/glsl-std450.test
// runs them all.
//
// RUN: glslangValidator -V %s -o %t.spv > /dev/null
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm > /dev/null
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { vec4 v; uint u; mat2 m; vec4 whole; uint p; vec2 un; float d; mat2 inv; } b;
void main() {
  b.p = packUnorm4x8(b.v);
  b.un = unpackSnorm2x16(b.u);
  b.v = modf(b.v, b.whole);
  b.d = determinant(b.m);
  b.inv = inverse(b.m);
}

// PackUnorm4x8: clamp, scale, round to even, 8-bit lanes read as one word.
// CHECK: %[[C:.*]] = spirv.GL.FClamp %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[S:.*]] = spirv.FMul %[[C]], %{{.*}} : vector<4xf32>
// CHECK: %[[R:.*]] = spirv.GL.RoundEven %[[S]] : vector<4xf32>
// CHECK: %[[U:.*]] = spirv.ConvertFToU %[[R]] : vector<4xf32> to vector<4xi8>
// CHECK: spirv.Bitcast %[[U]] : vector<4xi8> to i32
// UnpackSnorm2x16: 16-bit lanes, / 32767, clamped to [-1, 1].
// CHECK: %[[L:.*]] = spirv.Bitcast %{{.*}} : i32 to vector<2xi16>
// CHECK: %[[F:.*]] = spirv.ConvertSToF %[[L]] : vector<2xi16> to vector<2xf32>
// CHECK: %[[D:.*]] = spirv.FDiv %[[F]], %{{.*}} : vector<2xf32>
// CHECK: spirv.GL.FClamp %[[D]]
// Modf: floor(|x|) and |x| - floor(|x|) with the sign of x; the whole number stored.
// CHECK: %[[A:.*]] = spirv.GL.FAbs %{{.*}} : vector<4xf32>
// CHECK: %[[FL:.*]] = spirv.GL.Floor %[[A]] : vector<4xf32>
// CHECK: spirv.IsInf %[[A]]
// CHECK: spirv.Store "Uniform" %{{.*}}, %{{.*}} : vector<4xf32>
// Determinant of a 2x2: a d - c b from the elements [column, row].
// CHECK: %[[A00:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32, 0 : i32] : !spirv.matrix<2 x vector<2xf32>>
// CHECK: spirv.FSub
// MatrixInverse: columns of cofactors / det, then the matrix.
// CHECK: spirv.FDiv
// CHECK: spirv.CompositeConstruct %{{.*}}, %{{.*}} : (vector<2xf32>, vector<2xf32>) -> !spirv.matrix<2 x vector<2xf32>>
