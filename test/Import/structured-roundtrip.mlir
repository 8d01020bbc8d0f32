// The round trip through upstream's serializer: structured control flow
// written in the SPIR-V dialect, serialized by `mlir-translate
// --serialize-spirv` and read back by the importer, is the IR it was (both
// sides printed by mlir-opt after a canonicalization that applies no
// pattern: constants deduplicated and hoisted, which the importer places
// where they are used). scripts/differential-import does this for every
// conversion test upstream can serialize.
//
// RUN: mlir-translate --no-implicit-module --serialize-spirv %s -o %t.spv
// RUN: spirv-val %t.spv
// RUN: mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" %s -o %t.written
// RUN: spirv-translate-rs --deserialize-spirv %t.spv | mlir-opt --no-implicit-module "--canonicalize=region-simplify=disabled enable-patterns=none" -o %t.imported
// RUN: diff %t.written %t.imported
// RUN: FileCheck %s --input-file %t.imported
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // CHECK-LABEL: spirv.func @structured
  spirv.func @structured(%c: i1, %d: i1, %x: i32) -> i32 "None" {
    %one = spirv.Constant 1 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    %a = spirv.IAdd %x, %one : i32
    // CHECK: spirv.mlir.selection -> i32 {
    %r = spirv.mlir.selection -> i32 {
      spirv.BranchConditional %c, ^then, ^else
    ^then:
      %t = spirv.IAdd %a, %one : i32
      spirv.Store "Function" %v, %t : i32
      spirv.Branch ^merge(%t : i32)
    ^else:
      spirv.Branch ^merge(%a : i32)
    ^merge(%m: i32):
      spirv.mlir.merge %m : i32
    }
    // CHECK: spirv.mlir.loop control(Unroll) -> i32 {
    %n = spirv.mlir.loop control(Unroll) -> i32 {
      spirv.Branch ^header(%r : i32)
    ^header(%i: i32):
      // CHECK: spirv.mlir.selection {
      spirv.mlir.selection {
        spirv.BranchConditional %d, ^t, ^m
      ^t:
        spirv.Store "Function" %v, %i : i32
        spirv.Branch ^m
      ^m:
        spirv.mlir.merge
      }
      %cmp = spirv.SLessThan %i, %x : i32
      spirv.BranchConditional %cmp, ^body, ^merge
    ^body:
      %i2 = spirv.IAdd %i, %one : i32
      spirv.Branch ^continue
    ^continue:
      spirv.Branch ^header(%i2 : i32)
    ^merge:
      spirv.mlir.merge %i : i32
    }
    spirv.ReturnValue %n : i32
  }
}
