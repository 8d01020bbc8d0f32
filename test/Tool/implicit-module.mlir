// A single builtin.module is the input module; a single other op, or several
// ops, get an implicit one (mlir-opt's rule). Symbols clash across the ops.

// RUN: split-file %s %t
// RUN: spirv-opt-rs %t/module.mlir | FileCheck %s --check-prefix=MODULE
// RUN: spirv-opt-rs %t/spirv.mlir | FileCheck %s --check-prefix=SPIRV
// RUN: spirv-opt-rs %t/first-line.mlir --mlir-print-debuginfo | FileCheck %s --check-prefix=FIRST
// RUN: not spirv-opt-rs %t/clash.mlir 2>&1 | FileCheck %s --check-prefix=CLASH

// MODULE: module @named {
// MODULE-NOT: module

// SPIRV: module {
// SPIRV-NEXT: spirv.module Logical GLSL450 {

// FIRST-DAG: loc("{{.*}}first-line.mlir":1:1)
// FIRST-DAG: loc("{{.*}}first-line.mlir":2:1)

// CLASH: clash.mlir:4:1: error: redefinition of symbol named 'f'

//--- module.mlir
module @named {
}
//--- spirv.mlir
spirv.module Logical GLSL450 {
}
//--- first-line.mlir
func.func private @a()
func.func private @b()
//--- clash.mlir
func.func @f() {
  return
}
func.func @f() {
  return
}
