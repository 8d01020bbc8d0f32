// Matrices in blocks that lower only through a stand-in type with the same
// bytes: a row-major matrix is a struct wrapping the array of its rows
// (its member marked RowMajor), a column-major one at a stride other than
// its column's size the array of its columns. Access chains into a
// row-major matrix swap column and row; a column is loaded component by
// component; a whole matrix converts at the load.
// test/Runner/matrix-layout.test runs them.
//
// RUN: glslangValidator -V %s -o %t.spv > /dev/null
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm > /dev/null
#version 450
layout(local_size_x = 1) in;
layout(std140, set = 0, binding = 0) uniform U { layout(row_major) mat3 rm; mat2 cm; } u;
layout(std430, set = 0, binding = 1) buffer O { vec3 r[3]; vec2 c; } o;
void main() {
  o.r[0] = u.rm[1];
  o.r[1] = vec3(u.rm[2][0]);
  o.r[2] = u.rm * vec3(1.0);
  o.c = u.cm[1];
}

// CHECK: spirv.GlobalVariable @u bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.struct<(!spirv.array<3 x vector<3xf32>, stride=16> [0, RowMajor])> [0], !spirv.array<2 x vector<2xf32>, stride=16> [48]), Block>, Uniform>
// A column of the row-major matrix: component r is [0][r][column].
// CHECK: %[[M:.*]] = spirv.AccessChain %u_addr[%{{.*}}] : {{.*}} -> !spirv.ptr<!spirv.struct<(!spirv.array<3 x vector<3xf32>, stride=16> [0, RowMajor])>, Uniform>
// CHECK: spirv.AccessChain %[[M]][%{{.*}}, %{{.*}}, %{{.*}}] : {{.*}} -> !spirv.ptr<f32, Uniform>
// CHECK-COUNT-3: spirv.Load "Uniform" %{{.*}} : f32
// CHECK: spirv.CompositeConstruct %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32) -> vector<3xf32>
// Element [2][0]: [0][0][2].
// CHECK: %[[ELEMENT:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : {{.*}} -> !spirv.ptr<f32, Uniform>
// The whole matrix: its rows loaded, transposed into columns.
// CHECK: spirv.Load "Uniform" %{{.*}} : !spirv.struct<(!spirv.array<3 x vector<3xf32>, stride=16> [0, RowMajor])>
// CHECK: spirv.CompositeExtract %{{.*}}[0 : i32, 2 : i32, 0 : i32]
// CHECK: spirv.CompositeConstruct {{.*}} -> !spirv.matrix<3 x vector<3xf32>>
// CHECK: spirv.MatrixTimesVector
// CHECK: spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : {{.*}} -> !spirv.ptr<vector<2xf32>, Uniform>
