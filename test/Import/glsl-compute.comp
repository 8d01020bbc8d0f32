// A glslang compute shader with the constructs of Vulkan compute: push
// constants, std430 and std140 blocks (a matrix with its stride), shared
// memory and barriers, a loop with continue, a switch, a call with a pointer
// argument, spec constants (local_size_x_id: WorkgroupSize from spec
// constants), subgroup arithmetic, atomics and GLSL.std.450.
//
// RUN: glslangValidator -V --target-env vulkan1.1 %s -o %t.spv > /dev/null
// RUN: spirv-val --target-env vulkan1.1 %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int SCALE = 3;
layout(push_constant) uniform PC { uint n; float alpha; } pc;
layout(std430, set = 0, binding = 0) buffer In { float data[]; } inb;
layout(std140, set = 0, binding = 1) uniform U { vec3 v; mat4 m; } u;
layout(std430, set = 0, binding = 2) buffer Out { uint count; float result[]; } outb;
shared float tile[64];
struct S { int a; float b[3]; };
float helper(inout float x, in S s) { x += s.b[1]; return x * 2.0; }
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint l = gl_LocalInvocationID.x;
  tile[l] = i < pc.n ? inb.data[i] : 0.0;
  barrier();
  for (uint s = 32; s > 0; s >>= 1) {
    if (l < s) tile[l] += tile[l + s];
    barrier();
    if (s == 4) continue;
  }
  S st; st.a = 1; st.b = float[3](1.0, 2.0, 3.0);
  float x = tile[0];
  float y = helper(x, st);
  switch (int(l) % 3) { case 0: y += 1.0; break; case 1: y -= u.v.x; break; default: y *= float(SCALE); }
  if (l == 0) {
    atomicAdd(outb.count, 1u);
    outb.result[gl_WorkGroupID.x] = y * pc.alpha + subgroupAdd(x) + (u.m * vec4(1.0)).x;
    return;
  }
  outb.result[i + 1000] = sqrt(abs(y)) + pow(y, 2.0) + float(findMSB(i));
}

// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], []>
// CHECK-DAG: spirv.GlobalVariable @gl_GlobalInvocationID built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK-DAG: spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @pc : !spirv.ptr<!spirv.struct<(i32 [0], f32 [4]), Block>, PushConstant>
// CHECK-DAG: spirv.GlobalVariable @inb bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @u bind(0, 1) : !spirv.ptr<!spirv.struct<(vector<3xf32> [0], !spirv.matrix<4 x vector<4xf32>> [16, ColMajor, MatrixStride=16]), Block>, Uniform>
// CHECK-DAG: spirv.SpecConstant @SCALE spec_id(1) = 3 : i32
// CHECK-DAG: spirv.SpecConstant @[[X:.*]] spec_id(0) = 1 : i32
// CHECK-DAG: spirv.SpecConstantComposite @{{.*}} (@[[X]], @[[ONE:.*]], @[[ONE]]) : vector<3xi32>
// CHECK-LABEL: spirv.func @main() "None"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.ShiftRightLogical
// CHECK: spirv.FunctionCall @"helper(f1;struct-S-i1-f1[3]1;"
// CHECK: spirv.Switch
// CHECK: spirv.AtomicIAdd <Device> <None>
// CHECK: spirv.GroupNonUniformFAdd <Subgroup> <Reduce>
// CHECK: spirv.GL.Sqrt
// CHECK: spirv.GL.Pow
// CHECK: spirv.GL.FindUMsb
// CHECK-LABEL: spirv.func @"helper(f1;struct-S-i1-f1[3]1;"(%{{.*}}: !spirv.ptr<f32, Function>, %{{.*}}: !spirv.ptr<!spirv.struct<(i32, !spirv.array<3 x f32>)>, Function>) -> f32 "None"
// CHECK: spirv.EntryPoint "GLCompute" @main
// CHECK: spirv.ExecutionMode @main "LocalSize", 1, 1, 1

// LLVM: llvm.mlir.global external @u_descriptor_set0_binding1() {{.*}} : !llvm.struct<(vector<3xf32>, array<4 x vector<4xf32>>)>
// LLVM: llvm.func @main()
// LLVM: llvm.atomicrmw add
