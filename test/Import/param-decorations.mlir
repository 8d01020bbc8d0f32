// Decorations of function parameters become argument attributes. MLIR 22
// holds one decoration without operands per argument, as
// `spirv.decoration = #spirv.decoration<...>`; the importer gives the first
// such decoration that form, and every other decoration of the parameter
// (one with operands, a second one) a `spirv_decoration.<name>` attribute
// (docs/import.md).
//
// RUN: rm -rf %t && split-file %s %t
//
// The decorations upstream's deserializer reads: the import of upstream's
// binary is the IR as written, and the IR upstream reads back.
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t/upstream.mlir -o %t/upstream.spv
// RUN: mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" %t/upstream.mlir -o %t/upstream.written
// RUN: spirv-translate-rs --deserialize-spirv %t/upstream.spv | mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" -o %t/upstream.imported
// RUN: diff %t/upstream.written %t/upstream.imported
// RUN: mlir-translate --deserialize-spirv %t/upstream.spv | mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" -o %t/upstream.upstream
// RUN: diff %t/upstream.upstream %t/upstream.imported
//
// A decoration upstream's serializer writes from an argument attribute but
// its deserializer refuses on a parameter comes back as written too.
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t/serializer.mlir -o %t/serializer.spv
// RUN: mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" %t/serializer.mlir -o %t/serializer.written
// RUN: spirv-translate-rs --deserialize-spirv %t/serializer.spv | mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" -o %t/serializer.imported
// RUN: diff %t/serializer.written %t/serializer.imported
//
// What MLIR cannot hold: several decorations on one parameter, operands
// (literals, strings, `OpDecorateId` constants and specialization
// constants), decoration groups. The result verifies (mlir-opt) and lowers,
// the argument attributes dropped as upstream drops them.
// RUN: spirv-as --target-env spv1.4 %t/beyond.spvasm -o %t/beyond.spv
// RUN: spirv-opt-rs %t/beyond.spv | mlir-opt | FileCheck %s
// RUN: spirv-opt-rs %t/beyond.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
//
// An `OpDecorateId` operand that is not a constant (the error is at the
// parameter).
// RUN: spirv-as --target-env spv1.4 %t/not-constant.spvasm -o %t/not-constant.spv
// RUN: not spirv-opt-rs %t/not-constant.spv 2>&1 | FileCheck %s --check-prefix=NOT-CONSTANT
// NOT-CONSTANT: error: at byte offset 152: <id> %2 is not a defined constant (the operand of AlignmentId on a parameter)

//--- upstream.mlir
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage], []> {
  spirv.func @restrict(%a: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<Restrict>}, %b: i32) "None" {
    spirv.Return
  }
  spirv.func @aliased(%a: i32, %b: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<Aliased>}) "None" {
    spirv.Return
  }
  spirv.func @pointers(%a: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<RestrictPointer>}, %b: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<AliasedPointer>}) "None" {
    spirv.Return
  }
  spirv.func @relaxed(%a: f32 {spirv.decoration = #spirv.decoration<RelaxedPrecision>}) "None" {
    spirv.Return
  }
}

//--- serializer.mlir
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage], []> {
  spirv.func @non_writable(%a: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<NonWritable>}) "None" {
    spirv.Return
  }
  spirv.func @coherent(%a: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<Coherent>}) "None" {
    spirv.Return
  }
}

//--- beyond.spvasm
; CHECK: spirv.SpecConstant @align spec_id(3) = 8 : i32
; CHECK: spirv.func @f(
; The first decoration without operands in the upstream form, the others
; (FuncParamAttr named as MLIR names a built-in, by its case):
; CHECK-SAME: %arg0: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<Restrict>, spirv_decoration.func_param_attr = "NoCapture", spirv_decoration.relaxed_precision},
; A constant operand by its value, a specialization constant by its symbol:
; CHECK-SAME: %arg1: !spirv.ptr<i32, CrossWorkgroup> {spirv_decoration.alignment_id = 16 : i64, spirv_decoration.max_byte_offset_id = @align},
; CHECK-SAME: %arg2: !spirv.ptr<i32, CrossWorkgroup> {spirv_decoration.max_byte_offset = 64 : i32, spirv_decoration.user_semantic = "hello"},
; CHECK-SAME: %arg3: !spirv.ptr<i32, CrossWorkgroup> {spirv.decoration = #spirv.decoration<Volatile>},
; CHECK-SAME: %arg4: i32) "None" {
; LLVM: llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: i32) {{{$}}
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpName %f "f"
               OpName %align "align"
               OpDecorate %p Restrict
               OpDecorate %p RelaxedPrecision
               OpDecorate %p FuncParamAttr NoCapture
               OpDecorateId %q AlignmentId %c16
               OpDecorateId %q MaxByteOffsetId %align
               OpDecorate %align SpecId 3
               OpDecorateString %r UserSemantic "hello"
               OpDecorate %r MaxByteOffset 64
          %g = OpDecorationGroup
               OpDecorate %g Volatile
               OpGroupDecorate %g %s
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
        %c16 = OpConstant %ulong 16
      %align = OpSpecConstant %uint 8
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr %ptr %ptr %ptr %uint
          %f = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
          %q = OpFunctionParameter %ptr
          %r = OpFunctionParameter %ptr
          %s = OpFunctionParameter %ptr
          %n = OpFunctionParameter %uint
      %entry = OpLabel
               OpReturn
               OpFunctionEnd

//--- not-constant.spvasm
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpMemoryModel Physical64 OpenCL
               OpDecorateId %p AlignmentId %n
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr %uint
          %f = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
          %n = OpFunctionParameter %uint
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
