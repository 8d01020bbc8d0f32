// --mlir-to-llvmir merges the modules convert-spirv-to-llvm nests (which
// mlir-translate skips: it prints an LLVM module without the function) and
// translates.
//
// RUN: split-file %s %t
// RUN: spirv-opt-rs %t/ok.mlir --convert-spirv-to-llvm | spirv-translate-rs --mlir-to-llvmir | FileCheck %s
// RUN: spirv-opt-rs %t/ok.mlir --convert-spirv-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=UPSTREAM
//
// --emit and -O as spirv-opt-rs has them (LLVM's side, through inkwell).
// RUN: spirv-opt-rs %t/ok.mlir --convert-spirv-to-llvm | spirv-translate-rs --mlir-to-llvmir --emit=obj -O2 -o %t/twice.o
// RUN: llvm-nm %t/twice.o | FileCheck %s --check-prefix=OBJ
// OBJ: T twice
// RUN: spirv-opt-rs %t/ok.mlir --convert-spirv-to-llvm | spirv-translate-rs -mlir-to-llvmir -emit=asm -target=aarch64-unknown-linux-gnu -O2 | FileCheck %s --check-prefix=ASM
// ASM: twice:
// ASM: lsl w0, w0, #1
//
// Two modules defining the same symbol cannot be merged: one error, exit 1.
// RUN: not spirv-translate-rs --mlir-to-llvmir %t/clash.mlir 2>&1 | FileCheck %s --check-prefix=CLASH

// CHECK: define i32 @twice(i32 %0)
// CHECK:   add i32 %0, %0
// UPSTREAM-NOT: define
// CLASH: spirv-translate-rs: error: cannot merge the nested modules: the symbol @f is defined 2 times

//--- ok.mlir
spirv.module Logical GLSL450 {
  spirv.func @twice(%x: i32) -> i32 "None" {
    %y = spirv.IAdd %x, %x : i32
    spirv.ReturnValue %y : i32
  }
}
//--- clash.mlir
module {
  module {
    llvm.func @f() {
      llvm.return
    }
  }
  module {
    llvm.func @f() {
      llvm.return
    }
  }
}
