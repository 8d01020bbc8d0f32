// Ops of unknown dialects are errors unless --allow-unregistered-dialect.

// RUN: not spirv-opt-rs %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: spirv-opt-rs --allow-unregistered-dialect %s | FileCheck %s --check-prefix=OK
// RUN: spirv-opt-rs -allow-unregistered-dialect %s | FileCheck %s --check-prefix=OK

func.func @f() {
  // ERR: unregistered-dialect.mlir:[[@LINE+2]]:12: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
  // OK: "foo.bar"() : () -> ()
  "foo.bar"() : () -> ()
  return
}
