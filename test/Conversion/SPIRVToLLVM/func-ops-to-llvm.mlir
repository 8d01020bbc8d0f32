// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.Return and spirv.ReturnValue
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @return(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.return
spirv.func @return() "None" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @return_value(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.return %[[ARG0]] : i32
spirv.func @return_value(%a: i32) -> i32 "None" {
  spirv.ReturnValue %a : i32
}

// -----

// CHECK-LABEL: llvm.func @return_value_vector(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xi16>) -> vector<3xi16> {
// CHECK-NEXT: llvm.return %[[ARG0]] : vector<3xi16>
spirv.func @return_value_vector(%a: vector<3xui16>) -> vector<3xui16> "None" {
  spirv.ReturnValue %a : vector<3xui16>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.func
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @none(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.return
spirv.func @none() "None" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @inline(
// CHECK-SAME: ) attributes {always_inline} {
// CHECK-NEXT: llvm.return
spirv.func @inline() "Inline" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @dont_inline(
// CHECK-SAME: ) attributes {no_inline} {
// CHECK-NEXT: llvm.return
spirv.func @dont_inline() "DontInline" {
  spirv.Return
}

// -----

// Upstream emits passthrough = ["readonly"], which LLVM 22 rejects on a
// function; memory(read) is the current spelling of the same meaning.
// CHECK-LABEL: llvm.func @pure(
// CHECK-SAME: ) attributes {memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = read, errnoMem = read, targetMem0 = read, targetMem1 = read>} {
// CHECK-NEXT: llvm.return
spirv.func @pure() "Pure" {
  spirv.Return
}

// -----

// Upstream emits passthrough = ["readnone"]: memory(none) today. Reads
// through the arguments stay allowed: clang-22 marks `Const` a function
// reading a struct passed by value through its pointer.
// CHECK-LABEL: llvm.func @const(
// CHECK-SAME: ) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>} {
// CHECK-NEXT: llvm.return
spirv.func @const() "Const" {
  spirv.Return
}

// -----

// Each flag is mapped (upstream drops every combination).
// CHECK-LABEL: llvm.func @inline_pure(
// CHECK-SAME: ) attributes {always_inline, memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = read, errnoMem = read, targetMem0 = read, targetMem1 = read>} {
// CHECK-NEXT: llvm.return
spirv.func @inline_pure() "Inline|Pure" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @dont_inline_const(
// CHECK-SAME: ) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_inline} {
// CHECK-NEXT: llvm.return
spirv.func @dont_inline_const() "DontInline|Const" {
  spirv.Return
}

// -----

// Const is the stronger of the two.
// CHECK-LABEL: llvm.func @pure_const(
// CHECK-SAME: ) attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>} {
// CHECK-NEXT: llvm.return
spirv.func @pure_const() "Pure|Const" {
  spirv.Return
}

// -----

// alwaysinline and noinline are incompatible in LLVM: the request not to
// inline wins.
// CHECK-LABEL: llvm.func @inline_dont_inline(
// CHECK-SAME: ) attributes {no_inline} {
// CHECK-NEXT: llvm.return
spirv.func @inline_dont_inline() "Inline|DontInline" {
  spirv.Return
}

// -----

// optnone requires noinline in LLVM.
// CHECK-LABEL: llvm.func @opt_none(
// CHECK-SAME: ) attributes {no_inline, optimize_none} {
// CHECK-NEXT: llvm.return
spirv.func @opt_none() "OptNoneINTEL" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @inline_opt_none(
// CHECK-SAME: ) attributes {no_inline, optimize_none} {
// CHECK-NEXT: llvm.return
spirv.func @inline_opt_none() "Inline|OptNoneINTEL" {
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @scalar_types(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i8, %[[ARG2:.*]]: i64, %[[ARG3:.*]]: f16, %[[ARG4:.*]]: bf16, %[[ARG5:.*]]: f64, %[[ARG6:.*]]: i1) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.undef : f32
// CHECK-NEXT: llvm.return %[[V0]] : f32
spirv.func @scalar_types(%a: i32, %b: si8, %c: ui64, %d: f16, %e: bf16, %f: f64, %g: i1) -> f32 "None" {
  %0 = spirv.Undef : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: llvm.func @vector_types(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xi32>, %[[ARG1:.*]]: vector<2xf64>, %[[ARG2:.*]]: vector<3xi1>) -> vector<2xi8> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.undef : vector<2xi8>
// CHECK-NEXT: llvm.return %[[V0]] : vector<2xi8>
spirv.func @vector_types(%a: vector<4xsi32>, %b: vector<2xf64>, %c: vector<3xi1>) -> vector<2xui8> "None" {
  %0 = spirv.Undef : vector<2xui8>
  spirv.ReturnValue %0 : vector<2xui8>
}

// -----

// CHECK-LABEL: llvm.func @aggregate_types(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.array<4 x f32>, %[[ARG1:.*]]: !llvm.struct<packed (i32, vector<2xf32>)>) {
// CHECK-NEXT: llvm.return
spirv.func @aggregate_types(%a: !spirv.array<4 x f32>, %b: !spirv.struct<(i32, vector<2xf32>)>) "None" {
  spirv.Return
}

// -----

// Signed block arguments and branch operands are converted.
// CHECK-LABEL: llvm.func @multiple_blocks(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[ARG1]] : i32), ^bb2
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.return %[[V0]] : i32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return %[[ARG1]] : i32
spirv.func @multiple_blocks(%c: i1, %a: si32) -> si32 "None" {
  spirv.BranchConditional %c, ^then(%a : si32), ^else
^then(%x: si32):
  spirv.ReturnValue %x : si32
^else:
  spirv.ReturnValue %a : si32
}

// -----

// A declaration has no body.
// CHECK-LABEL: llvm.func @declaration(
// CHECK-SAME: vector<2xi32>, f32) -> i64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>}{{$}}
spirv.func @declaration(vector<2xsi32>, f32) -> i64 "Const"

// -----

// A declaration, and linkage: an imported or exported function is named by
// its linkage name, the name other modules link against (upstream keeps the
// SPIR-V symbol name); calls follow.
// CHECK-LABEL: llvm.func @outside.func(
// CHECK-SAME: f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = read, errnoMem = read, targetMem0 = read, targetMem1 = read>}{{$}}
// CHECK-LABEL: llvm.func @exported_name(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.call @outside.func(%[[ARG0]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[V0]] : f32
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.call @exported_name(%[[ARG0]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[V0]] : f32
spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel, Linkage], []> {
  spirv.func @imported(f32) -> f32 "Pure" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "outside.func", linkage_type = <Import>>
  }
  spirv.func @exported(%a: f32) -> f32 "None" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "exported_name", linkage_type = <Export>>
  } {
    %0 = spirv.FunctionCall @imported(%a) : (f32) -> f32
    spirv.ReturnValue %0 : f32
  }
  spirv.func @caller(%a: f32) -> f32 "None" {
    %0 = spirv.FunctionCall @exported(%a) : (f32) -> f32
    spirv.ReturnValue %0 : f32
  }
}

// -----

// LinkOnceODR is LLVM's linkonce_odr.
// CHECK-LABEL: llvm.func linkonce_odr @once(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel, Linkage], []> {
  spirv.func @once() "None" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "once", linkage_type = <LinkOnceODR>>
  } {
    spirv.Return
  }
}

// -----

// Names are unescaped from the attribute's printed form.
// CHECK-LABEL: llvm.func @"with \22quotes\22 and \\"(i32){{$}}
spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel, Linkage], []> {
  spirv.func @quoted(i32) "None" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "with \"quotes\" and \\", linkage_type = <Import>>
  }
}

// -----

// Argument and result attributes (SPIR-V decorations) are dropped, as upstream.
// CHECK-LABEL: llvm.func @argument_attributes(
// CHECK-SAME: %[[ARG0:.*]]: i32) {
// CHECK-NEXT: llvm.return
spirv.func @argument_attributes(%a: i32 {spirv.decoration = #spirv.decoration<Restrict>}) "None" {
  spirv.Return
}

