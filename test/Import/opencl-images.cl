// OpenCL images and samplers from clang-22 (docs/import.md; docs/abi.md
// "OpenCL images and samplers"): access qualifiers (read_only keeps
// Sampled 0, write_only and read_write become 2), the void texel type as
// f32, a literal sampler (OpConstantSampler) and OpImageRead/Write/
// SampleExplicitLod/QueryFormat as __spvabi_op_* calls; lowered, the
// kernel's argument kinds carry the image words, the literal sampler is a
// constant descriptor and the queries call the host.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM

const sampler_t linear_clamp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void images(read_only image2d_t src, write_only image2d_t dst, read_write image3d_t vol,
                     sampler_t s, __global int *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 a = read_imagef(src, linear_clamp, (float2)(0.25f, 0.75f));
  uint4 b = read_imageui(src, s, p);
  write_imagef(dst, p, a + convert_float4(b));
  write_imagei(vol, (int4)(p, 1, 0), read_imagei(vol, (int4)(p, 0, 0)));
  out[0] = get_image_channel_data_type(src);
}

// CHECK-DAG: spirv.func @images(%{{.*}}: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>, %{{.*}}: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>, %{{.*}}: !spirv.image<f32, Dim3D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>, %{{.*}}: !spirv.struct<__spvabi_sampler, ()>
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_constant_sampler_{{[0-9]+}}(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, i32) -> !spirv.struct<__spvabi_sampler, ()>
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_sampled_image_{{[0-9]+}}(
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_image_sample_explicit_lod_{{[0-9]+}}({{.*}}) : ({{.*}}, vector<2xf32>, i32, f32) -> vector<4xf32>
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_image_sample_explicit_lod_{{[0-9]+}}({{.*}}) : ({{.*}}, vector<2xi32>, i32, f32) -> vector<4xi32>
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_image_write_{{[0-9]+}}(
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_image_read_{{[0-9]+}}({{.*}}) : ({{.*}}, vector<4xi32>, i32) -> vector<4xi32>
// CHECK-DAG: spirv.FunctionCall @__spvabi_op_image_query_format_{{[0-9]+}}(

// Addressing Clamp (2), normalized, linear: clamp to border, both filters linear.
// LLVM-DAG: llvm.mlir.global internal constant @__spvabi_literal_sampler_2_1_1(dense<[1, 1, 0, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi32>) {addr_space = 0 : i32, alignment = 16 : i64}
// LLVM-DAG: llvm.func @__spvabi_image_channels(!llvm.ptr) -> i32
// LLVM-DAG: llvm.func @__spvabi_image_write(!llvm.ptr, i32, i32, i32, i32, i128)
// LLVM-DAG: llvm.func @__spvabi_image_sample(
// Arguments: read_only 2D (0xf << 8 | 1 << 12), write_only 2D, read_write 3D (2 << 12), the sampler.
// LLVM-DAG: arguments = ["sampled_image:7936", "storage_image:7936", "storage_image:12032", "sampler:0", "global"]
// Integer coordinates of a sampled read become floats.
// LLVM-DAG: llvm.sitofp %{{.*}} : vector<2xi32> to vector<2xf32>
