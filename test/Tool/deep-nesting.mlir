// Deep nesting never crashes the tool (MLIR's parser, verifier and printer
// recurse once per level): up to spirv_opt_rs::context::MAX_NESTING (10,000)
// levels it runs on a stack sized for it, deeper input is one located error.
//
// 5,000 nested modules (mlir-opt overflows its stack on these).
// RUN: python3 -c "print('module {\n' * 5000 + '}\n' * 5000)" > %t.modules.mlir
// RUN: spirv-opt-rs %t.modules.mlir | FileCheck %s --check-prefix=MODULES
// MODULES: module {
//
// 12,000: refused where the limit is crossed.
// RUN: python3 -c "print('module {\n' * 12000 + '}\n' * 12000)" > %t.deeper.mlir
// RUN: not spirv-opt-rs %t.deeper.mlir 2>&1 | FileCheck %s --check-prefix=DEEPER -DFILE=%t.deeper.mlir
// DEEPER: [[FILE]]:10001:8: error: nesting deeper than 10000 levels (regions, blocks, types, attributes): not parsed
//
// 3,000 nested spirv.mlir.selection regions convert.
// RUN: python3 -c "n = 3000; print('spirv.func @f(%%c: i1) \"None\" {\n' + 'spirv.mlir.selection {\nspirv.BranchConditional %%c, ^a, ^m\n^a:\n' * n + 'spirv.Branch ^m\n^m:\nspirv.mlir.merge\n}\n' * n + 'spirv.Return\n}')" > %t.selection.mlir
// RUN: spirv-opt-rs %t.selection.mlir --convert-spirv-to-llvm | FileCheck %s --check-prefix=SELECTION
// SELECTION: llvm.func @f(
//
// A struct type nested 6,000 deep (12,000 brackets): refused, located.
// RUN: python3 -c "t = 'f32'; exec(\"for i in range(6000): t = '!spirv.struct<(' + t + ')>'\"); print('spirv.func @g() \"None\" {\n %%0 = spirv.Undef : ' + t + '\n spirv.Return\n}')" > %t.type.mlir
// RUN: not spirv-opt-rs %t.type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE -DFILE=%t.type.mlir
// TYPE: [[FILE]]:2:{{[0-9]+}}: error: nesting deeper than 10000 levels
//
// Brackets in strings and comments do not count.
// RUN: python3 -c "print('// ' + '{' * 20000 + '\nspirv.func @h() \"None\" attributes {note = \"' + '(' * 20000 + '\"} {\n spirv.Return\n}')" > %t.strings.mlir
// RUN: spirv-opt-rs %t.strings.mlir | FileCheck %s --check-prefix=STRINGS
// STRINGS: spirv.func @h()
