// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s --check-prefixes=CHECK,UNKNOWN,PACKED
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s --check-prefixes=CHECK,OPENCL,UNPACKED
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=Vulkan' %s | FileCheck %s --check-prefixes=CHECK,UNKNOWN,UNPACKED,VULKAN
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=Metal' %s | FileCheck %s --check-prefixes=CHECK,UNKNOWN,PACKED
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=WebGPU' %s | FileCheck %s --check-prefixes=CHECK,UNKNOWN,PACKED

// Types are checked through the ops carrying them: function signatures and
// spirv.Undef. Only the OpenCL client API gives storage classes an address
// space other than 0 (as upstream; the other APIs share the UNKNOWN prefix).
// Structs without offsets are packed (PACKED), as upstream, except with the
// OpenCL and Vulkan client APIs (UNPACKED): OpenCL C's layout, and for
// Vulkan the natural alignment LLVM's loads and stores of members assume.

//===----------------------------------------------------------------------===//
// Scalar and vector types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @integer_types(
// CHECK-SAME: %{{.*}}: i8, %{{.*}}: i16, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i1)
spirv.func @integer_types(%a: si8, %b: ui16, %c: i32, %d: si64, %e: i1) "None" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @float_types(
// CHECK-SAME: %{{.*}}: f16, %{{.*}}: bf16, %{{.*}}: f32, %{{.*}}: f64)
spirv.func @float_types(%a: f16, %b: bf16, %c: f32, %d: f64) "None" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @vector_types(
// CHECK-SAME: %{{.*}}: vector<4xi8>, %{{.*}}: vector<2xi32>, %{{.*}}: vector<3xf16>, %{{.*}}: vector<2xi1>)
spirv.func @vector_types(%a: vector<4xui8>, %b: vector<2xsi32>, %c: vector<3xf16>, %d: vector<2xi1>) "None" {
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// Pointer types: one storage class per case
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @pointer_uniform_constant(
spirv.func @pointer_uniform_constant() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<2>
  %0 = spirv.Undef : !spirv.ptr<i32, UniformConstant>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_input(
spirv.func @pointer_input() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<1>
  %0 = spirv.Undef : !spirv.ptr<i32, Input>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_uniform(
spirv.func @pointer_uniform() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Uniform>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_output(
spirv.func @pointer_output() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Output>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_workgroup(
spirv.func @pointer_workgroup() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<3>
  %0 = spirv.Undef : !spirv.ptr<i32, Workgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_cross_workgroup(
spirv.func @pointer_cross_workgroup() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<1>
  %0 = spirv.Undef : !spirv.ptr<i32, CrossWorkgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_private(
spirv.func @pointer_private() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Private>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_function(
spirv.func @pointer_function() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_generic(
spirv.func @pointer_generic() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<4>
  %0 = spirv.Undef : !spirv.ptr<i32, Generic>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_push_constant(
spirv.func @pointer_push_constant() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, PushConstant>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_atomic_counter(
spirv.func @pointer_atomic_counter() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, AtomicCounter>
  spirv.Return
}

// -----

// With Vulkan an Image pointer is a texel pointer (OpImageTexelPointer, for
// image atomics): the image's descriptor and the texel's coordinates.
// CHECK-LABEL: llvm.func @pointer_image(
spirv.func @pointer_image() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // VULKAN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(ptr, i32, i32, i32, i32)>{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, Image>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_storage_buffer(
spirv.func @pointer_storage_buffer() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, StorageBuffer>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_callable_data_khr(
spirv.func @pointer_callable_data_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, CallableDataKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_incoming_callable_data_khr(
spirv.func @pointer_incoming_callable_data_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, IncomingCallableDataKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_ray_payload_khr(
spirv.func @pointer_ray_payload_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, RayPayloadKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_hit_attribute_khr(
spirv.func @pointer_hit_attribute_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, HitAttributeKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_incoming_ray_payload_khr(
spirv.func @pointer_incoming_ray_payload_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, IncomingRayPayloadKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_shader_record_buffer_khr(
spirv.func @pointer_shader_record_buffer_khr() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, ShaderRecordBufferKHR>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_physical_storage_buffer(
spirv.func @pointer_physical_storage_buffer() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, PhysicalStorageBuffer>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_task_payload_workgroup_ext(
spirv.func @pointer_task_payload_workgroup_ext() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, TaskPayloadWorkgroupEXT>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_code_section_intel(
spirv.func @pointer_code_section_intel() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  %0 = spirv.Undef : !spirv.ptr<i32, CodeSectionINTEL>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_device_only_intel(
spirv.func @pointer_device_only_intel() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<5>
  %0 = spirv.Undef : !spirv.ptr<i32, DeviceOnlyINTEL>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @pointer_host_only_intel(
spirv.func @pointer_host_only_intel() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr{{$}}
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr<6>
  %0 = spirv.Undef : !spirv.ptr<i32, HostOnlyINTEL>
  spirv.Return
}

// -----

// The pointee of a pointer is not converted: LLVM pointers are opaque.
// CHECK-LABEL: llvm.func @pointer_to_pointer(
// UNKNOWN-SAME: %{{.*}}: !llvm.ptr)
// OPENCL-SAME: %{{.*}}: !llvm.ptr)
spirv.func @pointer_to_pointer(%a: !spirv.ptr<!spirv.ptr<i32, CrossWorkgroup>, Function>) "None" {
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// Array types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @array(
spirv.func @array() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x f32>
  %0 = spirv.Undef : !spirv.array<4 x f32>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @array_natural_stride(
spirv.func @array_natural_stride() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x f32>
  %0 = spirv.Undef : !spirv.array<4 x f32, stride=4>
  spirv.Return
}

// -----

// A 3-vector at stride 12 (Vulkan's scalar block layout) is the array of
// its scalars: LLVM steps a vector<3xf32> by 16 bytes. Upstream keeps the
// vector, so that every element after the first is at the wrong address.
// CHECK-LABEL: llvm.func @array_of_vectors(
spirv.func @array_of_vectors() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x array<3 x f32>>
  %0 = spirv.Undef : !spirv.array<4 x vector<3xf32>, stride=12>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @array_of_arrays(
spirv.func @array_of_arrays() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<2 x array<3 x i8>>
  %0 = spirv.Undef : !spirv.array<2 x !spirv.array<3 x ui8>>
  spirv.Return
}

// -----

// Beyond upstream: an array of stride S and length N has size S * N (upstream
// computes (element size + S) * N and rejects this natural stride).
// CHECK-LABEL: llvm.func @array_of_strided_arrays(
spirv.func @array_of_strided_arrays() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x array<2 x i8>>
  %0 = spirv.Undef : !spirv.array<4 x !spirv.array<2 x i8, stride=1>, stride=2>
  spirv.Return
}

// -----

// Beyond upstream: a struct with natural offsets has a size (its Vulkan size),
// so an array of them may have that stride.
// CHECK-LABEL: llvm.func @array_of_structs(
spirv.func @array_of_structs() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x struct<(i8, i32)>>
  %0 = spirv.Undef : !spirv.array<4 x !spirv.struct<(i8 [0], i32 [4])>, stride=8>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @array_of_pointers(
spirv.func @array_of_pointers() "None" {
  // UNKNOWN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<2 x ptr>
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<2 x ptr<3>>
  %0 = spirv.Undef : !spirv.array<2 x !spirv.ptr<i32, Workgroup>>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @runtime_array(
spirv.func @runtime_array() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<0 x f32>
  %0 = spirv.Undef : !spirv.rtarray<f32>
  spirv.Return
}

// -----

// Beyond upstream, which rejects any stride on a runtime array.
// CHECK-LABEL: llvm.func @runtime_array_natural_stride(
spirv.func @runtime_array_natural_stride() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<0 x vector<4xi16>>
  %0 = spirv.Undef : !spirv.rtarray<vector<4xsi16>, stride=8>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// Struct types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @struct_empty(
spirv.func @struct_empty() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed ()>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<()>
  %0 = spirv.Undef : !spirv.struct<()>
  spirv.Return
}

// -----

// A struct without offsets is packed (unpacked for OpenCL and Vulkan).
// CHECK-LABEL: llvm.func @struct_packed(
spirv.func @struct_packed() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i8, i32, f64)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i8, i32, f64)>
  %0 = spirv.Undef : !spirv.struct<(i8, si32, f64)>
  spirv.Return
}

// -----

// A struct decorated CPacked (OpenCL C's __attribute__((packed))) is packed
// with every client API.
// CHECK-LABEL: llvm.func @struct_c_packed(
spirv.func @struct_c_packed() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i8, i32, i16)>
  %0 = spirv.Undef : !spirv.struct<(i8, i32, i16), CPacked>
  spirv.Return
}

// -----

// A struct with natural offsets is unpacked.
// CHECK-LABEL: llvm.func @struct_natural_offsets(
spirv.func @struct_natural_offsets() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i8, i32)>
  %0 = spirv.Undef : !spirv.struct<(i8 [0], i32 [4])>
  spirv.Return
}

// -----

// Vectors of 3 or 4 elements are aligned to 4 elements, of 2 to 2 elements.
// CHECK-LABEL: llvm.func @struct_natural_vector_offsets(
spirv.func @struct_natural_vector_offsets() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(f32, vector<3xf32>, f32, vector<2xf64>)>
  %0 = spirv.Undef : !spirv.struct<(f32 [0], vector<3xf32> [16], f32 [32], vector<2xf64> [48])>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_nested_packed(
spirv.func @struct_nested_packed() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (struct<packed (i8, i32)>, i32)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(struct<(i8, i32)>, i32)>
  %0 = spirv.Undef : !spirv.struct<(!spirv.struct<(i8, i32)>, i32)>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_nested_offsets(
spirv.func @struct_nested_offsets() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(struct<(i8, i32)>, i8)>
  %0 = spirv.Undef : !spirv.struct<(!spirv.struct<(i8 [0], i32 [4])> [0], i8 [8])>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_nested_empty(
spirv.func @struct_nested_empty() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(struct<packed ()>, i8)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(struct<()>, i8)>
  %0 = spirv.Undef : !spirv.struct<(!spirv.struct<()> [0], i8 [0])>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_array_member(
spirv.func @struct_array_member() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(f32, array<4 x f32>)>
  %0 = spirv.Undef : !spirv.struct<(f32 [0], !spirv.array<4 x f32, stride=4> [4])>
  spirv.Return
}

// -----

// Beyond upstream: an array without stride inside a struct with offsets has its
// natural stride.
// CHECK-LABEL: llvm.func @struct_array_member_without_stride(
spirv.func @struct_array_member_without_stride() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(f32, array<4 x f32>)>
  %0 = spirv.Undef : !spirv.struct<(f32 [0], !spirv.array<4 x f32> [4])>
  spirv.Return
}

// -----

// Beyond upstream: a runtime array with its natural stride, last.
// CHECK-LABEL: llvm.func @struct_runtime_array_member(
spirv.func @struct_runtime_array_member() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, array<0 x f32>)>
  %0 = spirv.Undef : !spirv.struct<(i32 [0], !spirv.rtarray<f32, stride=4> [4])>
  spirv.Return
}

// -----

// A bool counts as one byte in the natural layout.
// CHECK-LABEL: llvm.func @struct_bool_member(
spirv.func @struct_bool_member() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i1, i32)>
  %0 = spirv.Undef : !spirv.struct<(i1 [0], i32 [4])>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_pointer_member(
spirv.func @struct_pointer_member() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (ptr, i32)>
  // OPENCL-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(ptr<3>, i32)>
  // VULKAN-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(ptr, i32)>
  %0 = spirv.Undef : !spirv.struct<(!spirv.ptr<f32, Workgroup>, i32)>
  spirv.Return
}

// -----

// Struct decorations are dropped.
// CHECK-LABEL: llvm.func @struct_block_packed(
spirv.func @struct_block_packed() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i32)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32)>
  %0 = spirv.Undef : !spirv.struct<(i32), Block>
  spirv.Return
}

// -----

// Beyond upstream, which drops the decoration before comparing the struct with
// its natural layout and so rejects every decorated struct with offsets.
// CHECK-LABEL: llvm.func @struct_block_offsets(
spirv.func @struct_block_offsets() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %0 = spirv.Undef : !spirv.struct<(i32 [0], f32 [4]), Block>
  spirv.Return
}

// -----

// Beyond upstream, which rejects it: a buffer device address (GLSL
// buffer_reference) in a block is 8 bytes aligned to 8, an LLVM pointer.
// CHECK-LABEL: llvm.func @struct_device_address_member(
spirv.func @struct_device_address_member() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, ptr, i32)>
  %0 = spirv.Undef : !spirv.struct<(i32 [0], !spirv.ptr<f32, PhysicalStorageBuffer> [8], i32 [16]), Block>
  spirv.Return
}

// -----

// Beyond upstream, which rejects every member decoration: NonWritable,
// NonReadable and RelaxedPrecision change neither layout nor accesses.
// CHECK-LABEL: llvm.func @struct_non_writable_members(
spirv.func @struct_non_writable_members() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %0 = spirv.Undef : !spirv.struct<(i32 [0, NonWritable], f32 [4, NonReadable])>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @struct_relaxed_precision_member(
spirv.func @struct_relaxed_precision_member() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (f32)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(f32)>
  %0 = spirv.Undef : !spirv.struct<(f32 [RelaxedPrecision])>
  spirv.Return
}

// -----

// Identified structs become literal structs, as upstream.
// CHECK-LABEL: llvm.func @struct_identified(
spirv.func @struct_identified() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i32, f32)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %0 = spirv.Undef : !spirv.struct<Identified, (i32, f32)>
  spirv.Return
}

// -----

// Beyond upstream, which cannot lay out identified structs.
// CHECK-LABEL: llvm.func @struct_identified_offsets(
spirv.func @struct_identified_offsets() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i8, i32)>
  %0 = spirv.Undef : !spirv.struct<IdentifiedOffsets, (i8 [0], i32 [4])>
  spirv.Return
}

// -----

// A recursive struct refers to itself through a pointer, which is opaque.
// CHECK-LABEL: llvm.func @struct_recursive(
spirv.func @struct_recursive() "None" {
  // PACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i32, ptr)>
  // UNPACKED-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
  %0 = spirv.Undef : !spirv.struct<List, (i32, !spirv.ptr<!spirv.struct<List>, Function>)>
  spirv.Return
}

// -----

// Beyond upstream: a column-major matrix in a std140/std430 block, whose
// MatrixStride is the size of a column, is laid out as the array of columns
// it lowers to (glslang emits these decorations for every matrix in a block).
// CHECK-LABEL: llvm.func @struct_column_major_matrix(
spirv.func @struct_column_major_matrix() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(vector<3xf32>, array<4 x vector<4xf32>>)>
  %0 = spirv.Undef : !spirv.struct<(vector<3xf32> [0], !spirv.matrix<4 x vector<4xf32>> [16, ColMajor, MatrixStride=16]), Block>
  spirv.Return
}

// -----

// An array whose stride leaves room after each element (std140's arrays of
// scalars) lowers to an array of the element and its padding bytes.
// CHECK-LABEL: llvm.func @array_padded_stride(
spirv.func @array_padded_stride() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x struct<(f32, array<4 x i8>)>>
  %0 = spirv.Undef : !spirv.array<4 x f32, stride=8>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<0 x struct<(f32, array<4 x i8>)>>
  %1 = spirv.Undef : !spirv.rtarray<f32, stride=8>
  // A 3-vector takes 16 bytes in LLVM: a stride of 16 needs no padding.
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x vector<3xf32>>
  %2 = spirv.Undef : !spirv.array<4 x vector<3xf32>, stride=16>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(f32, array<2 x struct<(f32, array<4 x i8>)>>)>
  %3 = spirv.Undef : !spirv.struct<(f32 [0], !spirv.array<2 x f32, stride=8> [4])>
  // A std140 block: an array of floats with a stride of 16, then a matrix.
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<(array<4 x struct<(f32, array<12 x i8>)>>, array<4 x vector<4xf32>>)>
  %4 = spirv.Undef : !spirv.struct<(!spirv.array<4 x f32, stride=16> [0], !spirv.matrix<4 x vector<4xf32>> [64, ColMajor, MatrixStride=16]), Block>
  // An array of arrays at a larger outer stride: the inner array and its
  // padding (upstream lowers it at stride 2; session 7 refused it).
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<4 x struct<(array<2 x i8>, array<2 x i8>)>>
  %5 = spirv.Undef : !spirv.array<4 x !spirv.array<2 x i8, stride=1>, stride=4>
  // The padding keeps the inner array's alignment: 8 bytes of f32s at 16.
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<3 x struct<(array<2 x f32>, array<8 x i8>)>>
  %6 = spirv.Undef : !spirv.array<3 x !spirv.array<2 x f32, stride=4>, stride=16>
  spirv.Return
}

// -----

// An access chain into a padded array steps into the element (field 0).
// CHECK-LABEL: llvm.func @access_chain_padded_stride(
spirv.func @access_chain_padded_stride(%i: i32) "None" {
  %ptr = spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=16> [0]), Block>, Function>
  %zero = spirv.Constant 0 : i32
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}, 0, %{{.*}}, 0] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<(array<4 x struct<(f32, array<12 x i8>)>>)>
  %element = spirv.AccessChain %ptr[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=16> [0]), Block>, Function>, i32, i32 -> !spirv.ptr<f32, Function>
  %value = spirv.Load "Function" %element : f32
  spirv.Return
}

// -----

// Offsets LLVM's natural layout cannot reproduce: a packed struct with the
// members at their offsets, padding bytes between them, and a 3-vector that
// is followed within its 16 bytes stored as an array of 3 (std140/std430).
// CHECK-LABEL: llvm.func @struct_explicit_layout(
spirv.func @struct_explicit_layout() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i8, array<7 x i8>, i32)>
  %0 = spirv.Undef : !spirv.struct<(i8 [0], i32 [8])>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (array<3 x f32>, f32, vector<3xf32>, f32)>
  %1 = spirv.Undef : !spirv.struct<(vector<3xf32> [0], f32 [12], vector<3xf32> [16], f32 [32])>
  // An array of such structs: each element padded to the stride.
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<2 x struct<(struct<packed (array<3 x f32>, f32)>, array<16 x i8>)>>
  %2 = spirv.Undef : !spirv.array<2 x !spirv.struct<(vector<3xf32> [0], f32 [12])>, stride=32>
  spirv.Return
}

// -----

// Access into an explicitly laid out struct: members map to their fields,
// a 3-vector stored as an array converts to and from the vector.
// CHECK-LABEL: llvm.func @explicit_layout_access(
spirv.func @explicit_layout_access(%p: !spirv.ptr<!spirv.struct<(vector<3xf32> [0], f32 [12]), Block>, StorageBuffer>, %v: vector<3xf32>) -> f32 "None" {
  %c1 = spirv.Constant 1 : i32
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<packed (array<3 x f32>, f32)>
  %pf = spirv.AccessChain %p[%c1] : !spirv.ptr<!spirv.struct<(vector<3xf32> [0], f32 [12]), Block>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
  %f = spirv.Load "StorageBuffer" %pf : f32
  %s = spirv.Load "StorageBuffer" %p : !spirv.struct<(vector<3xf32> [0], f32 [12]), Block>
  // CHECK: %[[ARRAY:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<packed (array<3 x f32>, f32)>
  // CHECK-COUNT-3: llvm.extractvalue %[[ARRAY]]
  %vector = spirv.CompositeExtract %s[0 : i32] : !spirv.struct<(vector<3xf32> [0], f32 [12]), Block>
  // CHECK: llvm.extractvalue %{{.*}}[0, 2] : !llvm.struct<packed (array<3 x f32>, f32)>
  %lane = spirv.CompositeExtract %s[0 : i32, 2 : i32] : !spirv.struct<(vector<3xf32> [0], f32 [12]), Block>
  // CHECK-COUNT-3: llvm.extractelement
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<packed (array<3 x f32>, f32)>
  %t = spirv.CompositeInsert %v, %s[0 : i32] : vector<3xf32> into !spirv.struct<(vector<3xf32> [0], f32 [12]), Block>
  spirv.Store "StorageBuffer" %p, %t : !spirv.struct<(vector<3xf32> [0], f32 [12]), Block>
  %x = spirv.CompositeExtract %vector[1 : i32] : vector<3xf32>
  %sum = spirv.FAdd %x, %lane : f32
  %r = spirv.FAdd %sum, %f : f32
  spirv.ReturnValue %r : f32
}
