// --emit=llvm|bc|asm|obj: from the LLVM dialect to LLVM IR, bitcode,
// assembly or an object, through LLVM's default<On> pipelines (-O2 unless
// said), for the host or --target; binaries only to -o (issue 10).
//
// RUN: rm -rf %t && split-file %s %t
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=llvm -O0 | FileCheck %s --check-prefix=O0
// O0: target triple =
// O0: define i32 @add_one(i32 %0)
// O0: alloca
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=llvm | FileCheck %s --check-prefix=O2
// O2: define i32 @add_one(i32 %0)
// O2-NOT: alloca
// O2: add i32 %0, 1
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=bc -o %t/add.bc
// RUN: llvm-dis %t/add.bc -o - | FileCheck %s --check-prefix=BC
// BC: define i32 @add_one(i32 %0)
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm -emit=asm -target=aarch64-unknown-linux-gnu | FileCheck %s --check-prefix=AARCH64
// AARCH64: add_one:
// AARCH64: add w0, w0, #1
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=obj -O3 -o %t/add.o
// RUN: llvm-nm %t/add.o | FileCheck %s --check-prefix=NM
// NM: T add_one
// The object links into a C program.
// RUN: clang-22 %t/main.c %t/add.o -o %t/run
// RUN: %t/run | FileCheck %s --check-prefix=LINKED
// LINKED: 42
//
// Bad requests: one clear error, exit 1.
// RUN: not spirv-opt-rs %t/add.mlir --emit=exe 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: error: invalid value 'exe' for '--emit <KIND>'
// RUN: not spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=obj --target=no-such-triple -o %t/x.o 2>&1 | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: spirv-opt-rs: error: unknown target triple 'no-such-triple'
// RUN: not spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=asm --mcpu=no-such-cpu 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: spirv-opt-rs: error: unknown CPU 'no-such-cpu' for target '{{.*}}'
// RUN: not spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=obj --target=aarch64-unknown-linux-gnu --mcpu=skylake -o %t/x.o 2>&1 | FileCheck %s --check-prefix=CPU-TARGET
// CPU-TARGET: spirv-opt-rs: error: unknown CPU 'skylake' for target 'aarch64-unknown-linux-gnu'
// RUN: spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=asm --target=aarch64-unknown-linux-gnu --mcpu=cortex-a72 | FileCheck %s --check-prefix=AARCH64
// RUN: not spirv-opt-rs %t/add.mlir --emit=llvm 2>&1 | FileCheck %s --check-prefix=NOTLLVM
// NOTLLVM: error: cannot translate to LLVM IR
// RUN: not spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=llvm --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: spirv-opt-rs: error: --emit=llvm|bc|asm|obj writes one module: it cannot be used with --split-input-file
// RUN: not spirv-opt-rs %t/add.mlir -O7 2>&1 | FileCheck %s --check-prefix=LEVEL
// LEVEL: error: invalid value '7' for '-O <LEVEL>'
// An object to a terminal is refused (script gives the command a terminal).
// RUN: not script -qec "spirv-opt-rs %t/add.mlir --convert-spirv-to-llvm --emit=obj" /dev/null | FileCheck %s --check-prefix=TERMINAL
// TERMINAL: refusing to write bitcode or an object to a terminal: use -o FILE

//--- add.mlir
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @add_one(%x: i32) -> i32 "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "add_one", linkage_type = <Export>>} {
    %slot = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %slot, %x : i32
    %v = spirv.Load "Function" %slot : i32
    %one = spirv.Constant 1 : i32
    %y = spirv.IAdd %v, %one : i32
    spirv.ReturnValue %y : i32
  }
}
//--- main.c
#include <stdio.h>
int add_one(int);
int main(void) { printf("%d\n", add_one(41)); return 0; }
