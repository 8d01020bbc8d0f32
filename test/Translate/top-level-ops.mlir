// An op that LLVM IR cannot have at module level (here from a
// spirv.Variable written outside any function, which the SPIR-V dialect's
// verifier lets through) is refused with its location: MLIR's translation
// crashes on it (the fuzzer found it).
//
// RUN: not spirv-opt-rs %s --convert-spirv-to-llvm --emit=llvm 2>&1 | FileCheck %s
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm | not spirv-translate-rs --mlir-to-llvmir 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// CHECK: error: cannot translate to LLVM IR: {{.*}}top-level-ops.mlir":[[@LINE+2]]:{{[0-9]+}}): 'llvm.mlir.constant' at the top level of a module: LLVM IR has only functions and globals there
// TRANSLATE: error: cannot translate to LLVM IR: {{.*}}'llvm.mlir.constant' at the top level of a module
%one = spirv.Constant 1 : i32
%slot = spirv.Variable : !spirv.ptr<i32, Function>
spirv.func @f() "None" {
  spirv.Return
}
