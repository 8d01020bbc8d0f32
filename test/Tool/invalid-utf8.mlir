// Bytes that are not UTF-8 are accepted where MLIR accepts them (comments,
// string attributes) and are a located error elsewhere.

// RUN: printf '// \377\376 in a comment\nfunc.func @f() {\n  return\n}\n' > %t.comment.mlir
// RUN: spirv-opt-rs %t.comment.mlir | FileCheck %s --check-prefix=COMMENT
// COMMENT: func.func @f()

// RUN: printf 'func.func @f() {\n  "foo.bar"() {s = "\377"} : () -> ()\n  return\n}\n' > %t.string.mlir
// RUN: spirv-opt-rs --allow-unregistered-dialect %t.string.mlir | FileCheck %s --check-prefix=STRING
// STRING: "foo.bar"() {s = "\FF"} : () -> ()

// RUN: printf 'func.func @f() {\n  \377\n}\n' > %t.op.mlir
// RUN: not spirv-opt-rs %t.op.mlir 2>&1 | FileCheck %s --check-prefix=OP -DFILE=%t.op.mlir
// OP: {{^}}[[FILE]]:2:3: error: unexpected character

// A diagnostic whose message holds such bytes is printed lossily.
// RUN: printf 'func.func @"\377"() {\n  return\n}\nfunc.func @"\377"() {\n  return\n}\n' > %t.symbol.mlir
// RUN: not spirv-opt-rs %t.symbol.mlir 2>&1 | FileCheck %s --check-prefix=SYMBOL -DFILE=%t.symbol.mlir
// SYMBOL: {{^}}[[FILE]]:4:1: error: redefinition of symbol named '{{.+}}'{{$}}
// SYMBOL: {{^}}[[FILE]]:1:1: note: see existing symbol definition here{{$}}

// Symbols that are not UTF-8 convert: the conversion reads names without
// melior's UTF-8 check, which panicked ("internal error in pass") on the
// text fuzz target's `spirv.ExecutionMode @"eotr\87\E1point"`.
// RUN: printf 'spirv.module Logical GLSL450 {\n  spirv.func @"f\\E1"() "None" {\n    spirv.Return\n  }\n  spirv.func @"g\\E1"() "None" {\n    spirv.FunctionCall @"f\\E1"() : () -> ()\n    spirv.Return\n  }\n  spirv.EntryPoint "GLCompute" @"g\\E1"\n  spirv.ExecutionMode @"x\\87\\E1" "LocalSize", 4, 1, 1\n}\n' > %t.names.mlir
// RUN: spirv-opt-rs --convert-spirv-to-llvm %t.names.mlir 2>&1 | FileCheck %s --check-prefix=NAMES
// NAMES-NOT: internal error
// NAMES: llvm.func @"f{{.*}}"()
// NAMES: llvm.call @"f{{.*}}"() : () -> ()
