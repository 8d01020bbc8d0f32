// Input from stdin, with `-` or no file; diagnostics name it <stdin>.

// RUN: split-file %s %t
// RUN: spirv-opt-rs < %t/good.mlir | FileCheck %s --check-prefix=GOOD
// RUN: spirv-opt-rs - < %t/good.mlir | FileCheck %s --check-prefix=GOOD
// RUN: not spirv-opt-rs < %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// GOOD: func.func @from_stdin()
// BAD: <stdin>:2:3: error: custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)
// BAD-NEXT: {{^}}  frobnicate
// BAD-NEXT: {{^}}  ^

//--- good.mlir
func.func @from_stdin() {
  return
}
//--- bad.mlir
func.func @broken() {
  frobnicate
}
