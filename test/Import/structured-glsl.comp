// Structured control flow from glslang: if/else, if without else, a for loop
// with `continue` and `break` holding a nested loop, a switch with a
// fallthrough, a do-while, early returns (in a loop, and in both branches of
// an if/else in a callee) become spirv.mlir.selection / spirv.mlir.loop
// regions; the selections that leave through the loop's continue target or
// merge block (`if (...) continue;`, `if (...) break;`) stay plain blocks
// inside the loop's region. The import lowers, and runs (spirv-run-rs) with
// the results Python computes.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.0 %s -o s.spv > /dev/null
// RUN: spirv-val s.spv
// RUN: spirv-opt-rs s.spv | FileCheck %s
// RUN: spirv-opt-rs s.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: python3 -c "open('zeros.bin', 'wb').write(bytes(32))"
// RUN: spirv-run-rs s.spv --workgroups 1 --buffer 0:0=zeros.bin:out.bin
// RUN: python3 -c "import struct; print(struct.unpack('8i', open('out.bin', 'rb').read()))" | FileCheck %s --check-prefix=OUT
#version 450
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { int data[]; };

int classify(int x) {
  if (x > 4) { return 2; } else if (x > 1) { return 1; }
  return 0;
}

void main() {
  int id = int(gl_LocalInvocationID.x);
  int acc = 0;
  if (id % 2 == 0) { acc += 100; } else { acc -= 100; }
  if (id == 3) acc += 7;
  for (int i = 0; i < 10; i++) {
    if (i == id) continue;
    if (i > id + 4) break;
    for (int j = 0; j < i; j++) acc += j;
  }
  switch (id) {
    case 0: acc += 1; break;
    case 1: acc += 2;
    case 2: acc += 3; break;
    default: acc *= 2;
  }
  int k = 0;
  do { k += id + 1; } while (k < 20);
  acc += k + classify(id);
  while (true) {
    if (acc > 1000) { data[id] = acc; return; }
    acc += 300;
  }
}

// The if/else, its condition computed before it (the header's ops stay
// outside: it is entered by the entry block's own code).
// CHECK-LABEL: spirv.func @main()
// CHECK:       %[[EVEN:.*]] = spirv.IEqual
// CHECK-NEXT:  spirv.mlir.selection {
// CHECK-NEXT:    spirv.BranchConditional %[[EVEN]], ^bb1, ^bb2
// CHECK:         spirv.ISub
// CHECK:       ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    spirv.mlir.merge
// CHECK-NEXT:  }
// The if without else: the header branches to the merge block.
// CHECK:       spirv.mlir.selection {
// CHECK-NEXT:    spirv.BranchConditional %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    spirv.mlir.merge
// CHECK-NEXT:  }
// The for loop: `continue` and `break` are plain branches to the continue
// block (^bb8, second to last) and the merge block (^bb9); the inner loop
// is a region of its own.
// CHECK:       spirv.mlir.loop {
// CHECK-NEXT:    spirv.Branch ^bb1
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb8
// CHECK:         spirv.BranchConditional %{{.*}}, ^bb3, ^bb9
// CHECK:       ^bb4:  // pred: ^bb3
// CHECK-NEXT:    spirv.Branch ^bb8
// CHECK:       ^bb6:  // pred: ^bb5
// CHECK-NEXT:    spirv.Branch ^bb9
// CHECK:         spirv.mlir.loop {
// CHECK:           spirv.mlir.merge
// CHECK-NEXT:    }
// CHECK-NEXT:    spirv.Branch ^bb8
// CHECK-NEXT:  ^bb8:  // 2 preds: ^bb4, ^bb7
// CHECK:         spirv.Branch ^bb1
// CHECK-NEXT:  ^bb9:  // 2 preds: ^bb2, ^bb6
// CHECK-NEXT:    spirv.mlir.merge
// CHECK-NEXT:  }
// The switch, case 1 falling through to case 2.
// CHECK:       spirv.mlir.selection {
// CHECK-NEXT:    spirv.Switch %{{.*}} : i32, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      0: ^bb2,
// CHECK-NEXT:      1: ^bb3,
// CHECK-NEXT:      2: ^bb4
// CHECK:       ^bb3:  // pred: ^bb0
// CHECK:         spirv.Branch ^bb4
// CHECK:         spirv.mlir.merge
// CHECK-NEXT:  }
// The do-while: its continue block holds the condition and the back edge.
// CHECK:       spirv.mlir.loop {
// CHECK:         spirv.BranchConditional %{{.*}}, ^bb1, ^bb4
// CHECK-NEXT:  ^bb4:  // pred: ^bb3
// CHECK-NEXT:    spirv.mlir.merge
// CHECK-NEXT:  }
// CHECK:       spirv.FunctionCall @"classify(i1;"
// The endless loop left by a return inside a selection.
// CHECK:       spirv.mlir.loop {
// CHECK:         spirv.BranchConditional %true, ^bb3, ^bb5
// CHECK:         spirv.mlir.selection {
// CHECK:           spirv.Store "Uniform"
// CHECK-NEXT:      spirv.Return
// CHECK-NEXT:    ^bb2:  // pred: ^bb0
// CHECK-NEXT:      spirv.mlir.merge
// CHECK-NEXT:    }
// CHECK:       ^bb5:  // pred: ^bb2
// CHECK-NEXT:    spirv.mlir.merge
// CHECK-NEXT:  }
// CHECK-NEXT:  spirv.Return
// Both branches of the outer if/else return (the else through the nested
// selection): its merge block holds the final return.
// CHECK-LABEL: spirv.func @"classify(i1;"
// CHECK:       spirv.mlir.selection {
// CHECK:         spirv.ReturnValue
// CHECK:         spirv.mlir.selection {
// CHECK:           spirv.ReturnValue
// CHECK:           spirv.mlir.merge
// CHECK-NEXT:    }
// CHECK:         spirv.mlir.merge
// CHECK-NEXT:  }
// CHECK:       spirv.ReturnValue

// LLVM-LABEL: llvm.func @main()
// LLVM-NOT:   spirv.

// OUT: (1031, 1145, 1059, 1141, 1277, 1246, 1033, 1224)
