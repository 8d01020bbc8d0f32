// --verify-diagnostics: MLIR's expected-* checker.

// RUN: split-file %s %t
// RUN: spirv-opt-rs --split-input-file --verify-diagnostics %t/ok.mlir
// RUN: spirv-opt-rs -split-input-file -verify-diagnostics %t/ok.mlir | FileCheck %s --check-prefix=OUT
// RUN: not spirv-opt-rs --split-input-file --verify-diagnostics %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// Chunks that succeed are still printed.
// OUT: func.func @fine()
// OUT: {{^}}// -----{{$}}
// OUT: {{^}}// -----{{$}}
// OUT: {{^}}// -----{{$}}
// OUT: {{^}}// -----{{$}}
// OUT: {{^}}// -----{{$}}

// Unexpected diagnostics are reported as they come, unmet expectations after
// the last chunk.
// BAD: bad.mlir:5:3: error: unexpected error: 'func.return' op has 1 operands, but enclosing function (@unexpected) returns 0
// BAD-NEXT: {{^}}  return %0 : i64
// BAD-NEXT: {{^}}  ^
// BAD: bad.mlir:12:6: error: 'error' diagnostic emitted when expecting a 'warning'
// BAD-NEXT: {{^}}  // expected-warning @+1 {{[{][{]}}doesn't match function result type{{[}][}]$}}
// BAD-NEXT: {{^}}     ^
// BAD: bad.mlir:12:6: error: expected warning "doesn't match function result type" was not produced
// BAD: bad.mlir:18:4: error: expected error "never produced" was not produced
// BAD-NEXT: {{^}}// expected-error @below {{[{][{]}}never produced{{[}][}]$}}
// BAD-NEXT: {{^}}   ^~~~~~~~~~~~~~{{$}}
// BAD-NOT: error

//--- ok.mlir
func.func @fine() {
  return
}

// -----

func.func @offsets() -> i32 {
  %0 = arith.constant 1 : i64
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match}}
  return %0 : i64
}

// -----

// expected-note @below {{see existing symbol definition here}}
func.func @twice() {
  return
}
// expected-error @below {{redefinition of symbol named 'twice'}}
func.func @twice() {
  return
}

// -----

func.func @regex() -> i32 {
  %0 = arith.constant 1 : i64
  return %0 : i64 // expected-error-re {{type of return operand {{[0-9]+}} ('i{{(32|64)}}')}}
}

// -----

// expected-error @+1 {{custom op 'frobnicate' is unknown}}
frobnicate

// -----

func.func @above() -> i32 {
  %0 = arith.constant 1 : i64
  return %0 : i64
  // expected-error @-1 {{doesn't match}}
}
//--- bad.mlir
// Not expected at all.
func.func @unexpected() {
  %0 = arith.constant 1 : i64
  // Line 5:
  return %0 : i64
}

// -----

func.func @wrong_kind() -> i32 {
  %0 = arith.constant 1 : i64
  // expected-warning @+1 {{doesn't match function result type}}
  return %0 : i64
}

// -----

// expected-error @below {{never produced}}
func.func @fine() {
  return
}
