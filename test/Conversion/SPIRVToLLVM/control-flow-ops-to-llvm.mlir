// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.Branch
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @branch_without_arguments(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
spirv.func @branch_without_arguments() "None" {
  spirv.Branch ^label
^label:
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @branch_with_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: vector<2xf32>) {
// CHECK-NEXT: llvm.br ^bb1(%[[ARG0]], %[[ARG1]] : i32, vector<2xf32>)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32, %[[V1:.*]]: vector<2xf32>):
// CHECK-NEXT: llvm.return
spirv.func @branch_with_arguments(%a: i32, %b: vector<2xf32>) "None" {
  spirv.Branch ^label(%a, %b : i32, vector<2xf32>)
^label(%x: i32, %y: vector<2xf32>):
  spirv.Return
}

// -----

// Block arguments get the converted (signless) types.
// CHECK-LABEL: llvm.func @branch_signed_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i8, %[[ARG1:.*]]: vector<3xi16>) {
// CHECK-NEXT: llvm.br ^bb1(%[[ARG0]], %[[ARG1]] : i8, vector<3xi16>)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i8, %[[V1:.*]]: vector<3xi16>):
// CHECK-NEXT: llvm.return
spirv.func @branch_signed_arguments(%a: si8, %b: vector<3xui16>) "None" {
  spirv.Branch ^label(%a, %b : si8, vector<3xui16>)
^label(%x: si8, %y: vector<3xui16>):
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @branch_backward(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) {
// CHECK-NEXT: llvm.br ^bb1(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[V0]] : i32), ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
spirv.func @branch_backward(%c: i1, %a: i32) "None" {
  spirv.Branch ^loop(%a : i32)
^loop(%x: i32):
  spirv.BranchConditional %c, ^loop(%x : i32), ^exit
^exit:
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.BranchConditional
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @cond_branch_without_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
spirv.func @cond_branch_without_arguments(%c: i1) "None" {
  spirv.BranchConditional %c, ^true, ^false
^true:
  spirv.Return
^false:
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @cond_branch_with_arguments_nested(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1, %[[ARG2:.*]]: i32, %[[ARG3:.*]]: vector<4xi64>) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[ARG2]] : i32), ^bb2
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb3, ^bb4(%[[ARG1]], %[[V0]], %[[ARG3]] : i1, i32, vector<4xi64>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4(%[[V1:.*]]: i1, %[[V2:.*]]: i32, %[[V3:.*]]: vector<4xi64>):
// CHECK-NEXT: llvm.return
spirv.func @cond_branch_with_arguments_nested(%c: i1, %d: i1, %a: i32, %v: vector<4xi64>) "None" {
  spirv.BranchConditional %c, ^outer_true(%a : i32), ^outer_false
^outer_true(%x: i32):
  spirv.BranchConditional %d, ^inner_true, ^inner_false(%d, %x, %v : i1, i32, vector<4xi64>)
^outer_false:
  spirv.Return
^inner_true:
  spirv.Return
^inner_false(%p: i1, %q: i32, %r: vector<4xi64>):
  spirv.Return
}

// -----

// Operands are converted to the signless types (upstream keeps the signed
// ones on llvm.cond_br, which then fails to verify).
// CHECK-LABEL: llvm.func @cond_branch_signed_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: vector<2xi64>) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[ARG1]] : i32), ^bb2(%[[ARG2]] : vector<2xi64>)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2(%[[V1:.*]]: vector<2xi64>):
// CHECK-NEXT: llvm.return
spirv.func @cond_branch_signed_arguments(%c: i1, %a: si32, %v: vector<2xui64>) "None" {
  spirv.BranchConditional %c, ^true(%a : si32), ^false(%v : vector<2xui64>)
^true(%x: si32):
  spirv.Return
^false(%y: vector<2xui64>):
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @cond_branch_with_weights(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]] weights([1, 2]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
spirv.func @cond_branch_with_weights(%c: i1) "None" {
  spirv.BranchConditional %c [1, 2], ^true, ^false
^true:
  spirv.Return
^false:
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @cond_branch_same_target(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: f32) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]] weights([7, 0]), ^bb1(%[[ARG1]] : f32), ^bb1(%[[ARG2]] : f32)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: f32):
// CHECK-NEXT: llvm.return
spirv.func @cond_branch_same_target(%c: i1, %a: f32, %b: f32) "None" {
  spirv.BranchConditional %c [7, 0], ^target(%a : f32), ^target(%b : f32)
^target(%x: f32):
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Switch
//===----------------------------------------------------------------------===//

// Not lowered upstream: llvm.switch with the same destinations and operands;
// the literals become signless integers of the selector's width.

// CHECK-LABEL: llvm.func @switch(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: vector<2xf32>) {
// CHECK-NEXT: llvm.switch %[[ARG0]] : i32, ^bb1(%[[ARG1]] : i32) [
// CHECK-NEXT: 0: ^bb2,
// CHECK-NEXT: -3: ^bb3(%[[ARG2]] : vector<2xf32>),
// CHECK-NEXT: 7: ^bb1(%[[ARG1]] : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb3(%[[V1:.*]]: vector<2xf32>):
// CHECK-NEXT: llvm.return
spirv.func @switch(%s: i32, %a: i32, %v: vector<2xf32>) "None" {
  spirv.Switch %s : i32, [
    default: ^default(%a : i32),
    0: ^zero,
    -3: ^vector(%v : vector<2xf32>),
    7: ^default(%a : i32)
  ]
^default(%x: i32):
  spirv.Return
^zero:
  spirv.Return
^vector(%y: vector<2xf32>):
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @switch_signed_selector(
// CHECK-SAME: %[[ARG0:.*]]: i8) {
// CHECK-NEXT: llvm.switch %[[ARG0]] : i8, ^bb1 [
// CHECK-NEXT: -1: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
spirv.func @switch_signed_selector(%s: si8) "None" {
  spirv.Switch %s : si8, [
    default: ^default,
    -1: ^case
  ]
^default:
  spirv.Return
^case:
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @switch_unsigned_64(
// CHECK-SAME: %[[ARG0:.*]]: i64) {
// CHECK-NEXT: llvm.switch %[[ARG0]] : i64, ^bb1 [
// CHECK-NEXT: 5000000000: ^bb2,
// CHECK-NEXT: 1: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.return
spirv.func @switch_unsigned_64(%s: ui64) "None" {
  spirv.Switch %s : ui64, [
    default: ^default,
    5000000000: ^case,
    1: ^case
  ]
^default:
  spirv.Return
^case:
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @switch_default_only(
// CHECK-SAME: %[[ARG0:.*]]: i16) {
// CHECK-NEXT: llvm.switch %[[ARG0]] : i16, ^bb1 [
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
spirv.func @switch_default_only(%s: i16) "None" {
  spirv.Switch %s : i16, [
    default: ^default
  ]
^default:
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FunctionCall
//===----------------------------------------------------------------------===//

// Void and value-returning calls (calls to functions with linkage attributes
// are in func-ops-to-llvm.mlir).

// CHECK-LABEL: llvm.func @callee_void(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: vector<4xf32>) {
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @callee_value(
// CHECK-SAME: %[[ARG0:.*]]: f32) -> f32 {
// CHECK-NEXT: llvm.return %[[ARG0]] : f32
// CHECK-LABEL: llvm.func @callee_vector(
// CHECK-SAME: ) -> vector<2xi32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.undef : vector<2xi32>
// CHECK-NEXT: llvm.return %[[V0]] : vector<2xi32>
// CHECK-LABEL: llvm.func @function_call(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: vector<4xf32>, %[[ARG2:.*]]: f32) -> f32 {
// CHECK-NEXT: llvm.call @callee_void(%[[ARG0]], %[[ARG1]]) : (i32, vector<4xf32>) -> ()
// CHECK-NEXT: %[[V0:.*]] = llvm.call @callee_value(%[[ARG2]]) : (f32) -> f32
// CHECK-NEXT: %[[V1:.*]] = llvm.call @callee_vector() : () -> vector<2xi32>
// CHECK-NEXT: llvm.return %[[V0]] : f32
spirv.module Logical GLSL450 {
  spirv.func @callee_void(%a: i32, %b: vector<4xf32>) "None" {
    spirv.Return
  }
  spirv.func @callee_value(%a: f32) -> f32 "None" {
    spirv.ReturnValue %a : f32
  }
  spirv.func @callee_vector() -> vector<2xsi32> "None" {
    %0 = spirv.Undef : vector<2xsi32>
    spirv.ReturnValue %0 : vector<2xsi32>
  }
  spirv.func @function_call(%a: i32, %b: vector<4xf32>, %x: f32) -> f32 "None" {
    spirv.FunctionCall @callee_void(%a, %b) : (i32, vector<4xf32>) -> ()
    %0 = spirv.FunctionCall @callee_value(%x) : (f32) -> f32
    %1 = spirv.FunctionCall @callee_vector() : () -> vector<2xsi32>
    spirv.ReturnValue %0 : f32
  }
}

// -----

// CHECK-LABEL: llvm.func @recursive(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.call @recursive(%[[ARG0]]) : (i32) -> i32
// CHECK-NEXT: llvm.return %[[V0]] : i32
spirv.func @recursive(%a: i32) -> i32 "None" {
  %0 = spirv.FunctionCall @recursive(%a) : (i32) -> i32
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Unreachable
//===----------------------------------------------------------------------===//

// Not lowered upstream. (The SPIR-V verifier only accepts it in a block that
// is not the entry block.)

// CHECK-LABEL: llvm.func @unreachable(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.unreachable
spirv.func @unreachable(%c: i1) "None" {
  spirv.BranchConditional %c, ^exit, ^dead
^exit:
  spirv.Return
^dead:
  spirv.Unreachable
}

// -----

//===----------------------------------------------------------------------===//
// spirv.mlir.selection
//===----------------------------------------------------------------------===//

// An empty selection, or one whose header only branches to the merge block,
// does nothing and is erased, as upstream.
// CHECK-LABEL: llvm.func @selection_empty(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.return
spirv.func @selection_empty() "None" {
  spirv.mlir.selection {
  }
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @selection_with_merge_block_only(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.return
spirv.func @selection_with_merge_block_only(%c: i1) "None" {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^merge, ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// The header's conditional branch ends the current block; the merge block
// branches to the ops after the selection.
// CHECK-LABEL: llvm.func @selection_with_true_block_only(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.return
spirv.func @selection_with_true_block_only(%c: i1) "None" {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^true, ^merge
  ^true:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @selection_with_both_true_and_false_block(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: vector<2xf32>) -> vector<2xf32> {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[V0:.*]] = llvm.fadd %[[ARG1]], %[[ARG1]] : vector<2xf32>
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[V1:.*]] = llvm.fmul %[[ARG1]], %[[ARG1]] : vector<2xf32>
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: %[[V2:.*]] = llvm.fsub %[[ARG1]], %[[ARG1]] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V2]] : vector<2xf32>
spirv.func @selection_with_both_true_and_false_block(%c: i1, %a: vector<2xf32>) -> vector<2xf32> "None" {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^true, ^false
  ^true:
    %0 = spirv.FAdd %a, %a : vector<2xf32>
    spirv.Branch ^merge
  ^false:
    %1 = spirv.FMul %a, %a : vector<2xf32>
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  %2 = spirv.FSub %a, %a : vector<2xf32>
  spirv.ReturnValue %2 : vector<2xf32>
}

// -----

// CHECK-LABEL: llvm.func @selection_with_early_return(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.return %[[ARG2]] : i32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.return %[[ARG1]] : i32
spirv.func @selection_with_early_return(%c: i1, %a: i32, %b: i32) -> i32 "None" {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^true, ^merge
  ^true:
    spirv.ReturnValue %b : i32
  ^merge:
    spirv.mlir.merge
  }
  spirv.ReturnValue %a : i32
}

// -----

// Upstream only handles a header holding nothing but its branch: the other
// header ops now end up in the current block too.
// CHECK-LABEL: llvm.func @selection_with_header_ops(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.add %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1(%[[V0]] : i32), ^bb2
// CHECK-NEXT: ^bb1(%[[V1:.*]]: i32):
// CHECK-NEXT: %[[V2:.*]] = llvm.mul %[[V1]], %[[ARG1]] : i32
// CHECK-NEXT: llvm.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.return %[[ARG1]] : i32
spirv.func @selection_with_header_ops(%c: i1, %a: i32) -> i32 "None" {
  spirv.mlir.selection {
    %0 = spirv.IAdd %a, %a : i32
    spirv.BranchConditional %c, ^true(%0 : i32), ^merge
  ^true(%x: i32):
    %1 = spirv.IMul %x, %a : i32
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.ReturnValue %a : i32
}

// -----

// Branch weights of the header are kept (upstream drops them) and the
// Flatten hint, which LLVM cannot express, is dropped (upstream rejects it).
// CHECK-LABEL: llvm.func @selection_with_weights_and_control(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]] weights([3, 1]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.return
spirv.func @selection_with_weights_and_control(%c: i1) "None" {
  spirv.mlir.selection control(Flatten) {
    spirv.BranchConditional %c [3, 1], ^true, ^merge
  ^true:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// Values yielded through spirv.mlir.merge are the arguments of the block
// after the selection (upstream builds an invalid branch).
// CHECK-LABEL: llvm.func @selection_with_results(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: vector<3xi8>) -> i32 {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[V0:.*]] = llvm.add %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: llvm.br ^bb2(%[[V0]] : i32)
// CHECK-NEXT: ^bb2(%[[V1:.*]]: i32):
// CHECK-NEXT: llvm.br ^bb3(%[[V1]], %[[ARG2]] : i32, vector<3xi8>)
// CHECK-NEXT: ^bb3(%[[V2:.*]]: i32, %[[V3:.*]]: vector<3xi8>):
// CHECK-NEXT: %[[V4:.*]] = llvm.mul %[[V2]], %[[V2]] : i32
// CHECK-NEXT: llvm.return %[[V4]] : i32
spirv.func @selection_with_results(%c: i1, %a: i32, %v: vector<3xui8>) -> i32 "None" {
  %r, %s = spirv.mlir.selection -> i32, vector<3xui8> {
    spirv.BranchConditional %c, ^true, ^merge(%a : i32)
  ^true:
    %0 = spirv.IAdd %a, %a : i32
    spirv.Branch ^merge(%0 : i32)
  ^merge(%m: i32):
    spirv.mlir.merge %m, %v : i32, vector<3xui8>
  }
  %1 = spirv.IMul %r, %r : i32
  spirv.ReturnValue %1 : i32
}

// -----

// A switch as the selection header.
// CHECK-LABEL: llvm.func @selection_with_switch(
// CHECK-SAME: %[[ARG0:.*]]: i32) {
// CHECK-NEXT: llvm.switch %[[ARG0]] : i32, ^bb3 [
// CHECK-NEXT: 1: ^bb1,
// CHECK-NEXT: 2: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.return
spirv.func @selection_with_switch(%s: i32) "None" {
  spirv.mlir.selection {
    spirv.Switch %s : i32, [
      default: ^merge,
      1: ^one,
      2: ^two
    ]
  ^one:
    spirv.Branch ^merge
  ^two:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @selection_nested(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb5
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: llvm.return
spirv.func @selection_nested(%c: i1, %d: i1) "None" {
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^outer, ^merge
  ^outer:
    spirv.mlir.selection {
      spirv.BranchConditional %d, ^inner, ^inner_merge
    ^inner:
      spirv.Branch ^inner_merge
    ^inner_merge:
      spirv.mlir.merge
    }
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.mlir.loop
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @empty_loop(
// CHECK-SAME: ) {
// CHECK-NEXT: llvm.return
spirv.func @empty_loop() "None" {
  spirv.mlir.loop {
  }
  spirv.Return
}

// -----

// The current block branches straight to the header; the entry block goes.
// CHECK-LABEL: llvm.func @infinite_loop(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[V0:.*]] = llvm.add %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.return
spirv.func @infinite_loop(%c: i1, %a: i32) "None" {
  spirv.mlir.loop {
    spirv.Branch ^header
  ^header:
    %0 = spirv.IAdd %a, %a : i32
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @loop_with_block_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: vector<2xi32>) {
// CHECK-NEXT: llvm.br ^bb1(%[[ARG1]] : vector<2xi32>)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: vector<2xi32>):
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[V1:.*]] = llvm.add %[[V0]], %[[ARG1]] : vector<2xi32>
// CHECK-NEXT: llvm.br ^bb3(%[[V1]] : vector<2xi32>)
// CHECK-NEXT: ^bb3(%[[V2:.*]]: vector<2xi32>):
// CHECK-NEXT: llvm.br ^bb1(%[[V2]] : vector<2xi32>)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.return
spirv.func @loop_with_block_arguments(%c: i1, %a: vector<2xi32>) "None" {
  spirv.mlir.loop {
    spirv.Branch ^header(%a : vector<2xi32>)
  ^header(%i: vector<2xi32>):
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    %0 = spirv.IAdd %i, %a : vector<2xi32>
    spirv.Branch ^continue(%0 : vector<2xi32>)
  ^continue(%n: vector<2xi32>):
    spirv.Branch ^header(%n : vector<2xi32>)
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// Values yielded through spirv.mlir.merge are the arguments of the block
// after the loop (upstream builds an invalid branch).
// CHECK-LABEL: llvm.func @loop_with_results(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.br ^bb1(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb1(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[V1:.*]] = llvm.add %[[V0]], %[[ARG1]] : i32
// CHECK-NEXT: llvm.br ^bb1(%[[V1]] : i32)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5(%[[V0]] : i32)
// CHECK-NEXT: ^bb5(%[[V2:.*]]: i32):
// CHECK-NEXT: %[[V3:.*]] = llvm.mul %[[V2]], %[[V2]] : i32
// CHECK-NEXT: llvm.return %[[V3]] : i32
spirv.func @loop_with_results(%c: i1, %a: i32) -> i32 "None" {
  %r = spirv.mlir.loop -> i32 {
    spirv.Branch ^header(%a : i32)
  ^header(%i: i32):
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    %0 = spirv.IAdd %i, %a : i32
    spirv.Branch ^header(%0 : i32)
  ^merge:
    spirv.mlir.merge %i : i32
  }
  %1 = spirv.IMul %r, %r : i32
  spirv.ReturnValue %1 : i32
}

// -----

// CHECK-LABEL: llvm.func @loop_with_selection(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb7
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb3, ^bb4
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: llvm.return
spirv.func @loop_with_selection(%c: i1, %d: i1) "None" {
  spirv.mlir.loop {
    spirv.Branch ^header
  ^header:
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.mlir.selection {
      spirv.BranchConditional %d, ^true, ^selection_merge
    ^true:
      spirv.Branch ^selection_merge
    ^selection_merge:
      spirv.mlir.merge
    }
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @nested_loops(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb9
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb4, ^bb6
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: llvm.br ^bb7
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb9:
// CHECK-NEXT: llvm.br ^bb10
// CHECK-NEXT: ^bb10:
// CHECK-NEXT: llvm.return
spirv.func @nested_loops(%c: i1, %d: i1) "None" {
  spirv.mlir.loop {
    spirv.Branch ^header
  ^header:
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.mlir.loop {
      spirv.Branch ^inner_header
    ^inner_header:
      spirv.BranchConditional %d, ^inner_body, ^inner_merge
    ^inner_body:
      spirv.Branch ^inner_continue
    ^inner_continue:
      spirv.Branch ^inner_header
    ^inner_merge:
      spirv.mlir.merge
    }
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// Loop control (rejected upstream): Unroll and DontUnroll become an unroll
// annotation on the back edges.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = false>
// CHECK: #[[ANNOTATION:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @loop_unroll(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb4 {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.return
spirv.func @loop_unroll(%c: i1) "None" {
  spirv.mlir.loop control(Unroll) {
    spirv.Branch ^header
  ^header:
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.BranchConditional %c, ^header, ^merge
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// The dependency hint has no LLVM equivalent without access groups and is
// dropped.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[ANNOTATION:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @loop_dont_unroll(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.return
spirv.func @loop_dont_unroll(%c: i1) "None" {
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<DontUnroll|DependencyInfinite>}> ({
    spirv.Branch ^header
  ^header:
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

// Hints without an LLVM equivalent leave the loop unannotated.
// CHECK-LABEL: llvm.func @loop_other_controls(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb2, ^bb4
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.return
spirv.func @loop_other_controls(%c: i1) "None" {
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<Unroll|DontUnroll|MaxIterations>}> ({
    spirv.Branch ^header
  ^header:
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}


// -----

// Consecutive selections: the second starts in the continuation of the first.
// CHECK-LABEL: llvm.func @two_selections(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb1, ^bb2(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.br ^bb2(%[[ARG1]] : i32)
// CHECK-NEXT: ^bb2(%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.br ^bb3(%[[V0]] : i32)
// CHECK-NEXT: ^bb3(%[[V1:.*]]: i32):
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb4, ^bb5(%[[V1]] : i32)
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: %[[V2:.*]] = llvm.add %[[V1]], %[[V1]] : i32
// CHECK-NEXT: llvm.br ^bb5(%[[V2]] : i32)
// CHECK-NEXT: ^bb5(%[[V3:.*]]: i32):
// CHECK-NEXT: llvm.br ^bb6(%[[V3]] : i32)
// CHECK-NEXT: ^bb6(%[[V4:.*]]: i32):
// CHECK-NEXT: llvm.return %[[V4]] : i32
spirv.func @two_selections(%c: i1, %a: i32) -> i32 "None" {
  %r = spirv.mlir.selection -> i32 {
    spirv.BranchConditional %c, ^t, ^m(%a : i32)
  ^t:
    spirv.Branch ^m(%a : i32)
  ^m(%x: i32):
    spirv.mlir.merge %x : i32
  }
  %s = spirv.mlir.selection -> i32 {
    spirv.BranchConditional %c, ^t, ^m(%r : i32)
  ^t:
    %y = spirv.IAdd %r, %r : i32
    spirv.Branch ^m(%y : i32)
  ^m(%x: i32):
    spirv.mlir.merge %x : i32
  }
  spirv.ReturnValue %s : i32
}

// -----

// A selection nested in a selection header (upstream rejects the outer one).
// CHECK-LABEL: llvm.func @selection_in_header(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb4, ^bb5
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: llvm.return
spirv.func @selection_in_header(%c: i1, %d: i1) "None" {
  spirv.mlir.selection {
    spirv.mlir.selection {
      spirv.BranchConditional %d, ^t, ^m
    ^t:
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    spirv.BranchConditional %c, ^t, ^m
  ^t:
    spirv.Branch ^m
  ^m:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

// Selections in a loop header and in its continue block: the header's
// branch and the back edge end up in continuation blocks; the back edge
// still gets the loop annotation.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = false>
// CHECK: #[[ANNOTATION:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @selection_in_loop_header(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i1) {
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: llvm.br ^bb4
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: llvm.cond_br %[[ARG0]], ^bb5, ^bb10
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: llvm.cond_br %[[ARG1]], ^bb7, ^bb8
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: llvm.br ^bb9
// CHECK-NEXT: ^bb9:
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT: ^bb10:
// CHECK-NEXT: llvm.br ^bb11
// CHECK-NEXT: ^bb11:
// CHECK-NEXT: llvm.return
spirv.func @selection_in_loop_header(%c: i1, %d: i1) "None" {
  spirv.mlir.loop control(Unroll) {
    spirv.Branch ^header
  ^header:
    spirv.mlir.selection {
      spirv.BranchConditional %d, ^t, ^m
    ^t:
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    spirv.BranchConditional %c, ^body, ^merge
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.mlir.selection {
      spirv.BranchConditional %d, ^t, ^m
    ^t:
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }
  spirv.Return
}

