//! End-to-end tests: SPIR-V dialect text is converted with
//! `convert_spirv_to_llvm`, translated to LLVM IR with
//! `spirv_opt_rs::translate::to_llvm_ir`, JIT-compiled with inkwell and
//! called on concrete inputs. The expected results are worked out by hand
//! from the SPIR-V specification (written as literals, never recomputed with
//! the same formula in Rust), so these tests check what the lowering means,
//! not how it is spelled.

use std::sync::Mutex;

use inkwell::{
    OptimizationLevel, context::Context as LlvmContext, execution_engine::ExecutionEngine, memory_buffer::MemoryBuffer,
};
use melior::ir::{BlockLike, operation::OperationLike};
use spirv_opt_passes::spirv_to_llvm::{SpirvToLlvmOptions, convert_spirv_to_llvm};

use crate::common::{context, parse};

/// Converts `source` (a `spirv.module`, which the parser nests in a
/// `builtin.module`) to LLVM IR text. `spirv.module` becomes a nested
/// `builtin.module`, and the translation only looks at the functions of the
/// module it is given, so the nested module is the one translated.
fn spirv_to_llvm_ir(source: &str) -> String {
    let context = context();
    let module = parse(&context, source);
    if let Err(error) = convert_spirv_to_llvm(&context, module.as_operation(), SpirvToLlvmOptions::default()) {
        panic!("conversion failed: {error}\n{source}");
    }
    let nested = module
        .body()
        .first_operation()
        .filter(|op| op.name().as_string_ref().as_str() == Ok("builtin.module"))
        .unwrap_or_else(|| panic!("no nested builtin.module after conversion:\n{}", module.as_operation()));
    spirv_opt_rs::translate::to_llvm_ir(&context, nested)
        .unwrap_or_else(|error| panic!("{error}\n{}", module.as_operation()))
}

/// The LLVM IR spelling of the scalar types the tests pass and return.
trait Scalar: Copy {
    const LLVM: &'static str;
}
impl Scalar for i32 {
    const LLVM: &'static str = "i32";
}
impl Scalar for f32 {
    const LLVM: &'static str = "float";
}

/// A native signature a JIT-compiled function is called through.
trait Signature: Copy {
    /// The arguments as a tuple.
    type Args;
    /// The result.
    type Output;
    /// The LLVM function type matching this signature, e.g. `i32 (i32, i32)`.
    fn llvm_type() -> String;
    /// Looks `name` up in `engine` and calls it with `args`; only sound once
    /// the function is known to have [`Self::llvm_type`] (see [`Jit::call`]).
    fn call(engine: &ExecutionEngine<'_>, name: &str, args: Self::Args) -> Self::Output;
}

/// The only unsafe code of the tests: calling into JIT-compiled code. It is
/// sound because [`Jit::call`] checks, before calling, that the function's
/// LLVM type is exactly the one of the native signature used.
macro_rules! signature {
    ($($arg:ident),*) => {
        impl<R: Scalar, $($arg: Scalar),*> Signature for unsafe extern "C" fn($($arg),*) -> R {
            type Args = ($($arg,)*);
            type Output = R;
            fn llvm_type() -> String {
                let arguments: &[&str] = &[$($arg::LLVM),*];
                format!("{} ({})", R::LLVM, arguments.join(", "))
            }
            #[allow(non_snake_case)]
            fn call(engine: &ExecutionEngine<'_>, name: &str, ($($arg,)*): Self::Args) -> R {
                // SAFETY: the caller checked that `name` is defined with the
                // LLVM type of this signature, and the C calling convention of
                // the host is the one MCJIT compiles LLVM functions with.
                unsafe {
                    let function = engine
                        .get_function::<Self>(name)
                        .unwrap_or_else(|error| panic!("no JIT function @{name}: {error:?}"));
                    function.as_raw()($($arg),*)
                }
            }
        }
    };
}
signature!(A);
signature!(A, B);
signature!(A, B, C);
signature!(A, B, C, D);

/// MCJIT target initialisation is global state; JIT sessions are serialised
/// so that tests running in parallel threads never initialise it at once.
static JIT_LOCK: Mutex<()> = Mutex::new(());

/// A JIT-compiled LLVM module.
struct Jit<'ctx> {
    module: inkwell::module::Module<'ctx>,
    engine: ExecutionEngine<'ctx>,
}

impl Jit<'_> {
    /// Calls `name` through the native signature `F`, after checking that the
    /// compiled function has exactly that type.
    fn call<F: Signature>(&self, name: &str, args: F::Args) -> F::Output {
        let function = self
            .module
            .get_function(name)
            .unwrap_or_else(|| panic!("no function @{name} in\n{}", self.module.print_to_string()));
        let actual = function.get_type().print_to_string().to_string();
        assert_eq!(actual, F::llvm_type(), "type of @{name}");
        F::call(&self.engine, name, args)
    }
}

/// Converts and JIT-compiles `source`, then runs `test` on the result.
fn with_jit(source: &str, test: impl FnOnce(&Jit<'_>)) {
    with_jit_ir(&spirv_to_llvm_ir(source), test);
}

/// JIT-compiles the LLVM IR text `ir`, then runs `test` on the result.
fn with_jit_ir(ir: &str, test: impl FnOnce(&Jit<'_>)) {
    let _guard = JIT_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let context = LlvmContext::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "converted");
    let module = context.create_module_from_ir(buffer).unwrap_or_else(|error| panic!("{error}\n{ir}"));
    let engine =
        module.create_jit_execution_engine(OptimizationLevel::None).unwrap_or_else(|error| panic!("no JIT: {error}"));
    test(&Jit { module, engine });
}

/// An LLVM dialect module, translated without any conversion.
const LLVM_ADD: &str = r#"
llvm.func @add(%a: i32, %b: i32) -> i32 {
  %0 = llvm.add %a, %b : i32
  llvm.return %0 : i32
}
"#;

#[test]
fn translates_to_llvm_ir_text() {
    let context = context();
    let module = parse(&context, LLVM_ADD);
    let ir =
        spirv_opt_rs::translate::to_llvm_ir(&context, module.as_operation()).unwrap_or_else(|error| panic!("{error}"));
    assert!(ir.contains("define i32 @add(i32 %0, i32 %1) {"), "{ir}");
    assert!(ir.contains("%3 = add i32 %0, %1"), "{ir}");
    assert!(ir.contains("ret i32 %3"), "{ir}");
}

#[test]
fn translation_errors_carry_the_diagnostics() {
    let context = context();
    let module = parse(&context, "func.func @f() {\n  return\n}\n");
    let error = spirv_opt_rs::translate::to_llvm_ir(&context, module.as_operation())
        .expect_err("func.func has no LLVM IR translation");
    assert_eq!(error.messages.len(), 1, "{error}");
    assert!(error.messages[0].contains("cannot be converted to LLVM IR"), "{error}");
    assert!(error.messages[0].contains(":1:1"), "the message has its location: {error}");
    assert!(error.to_string().starts_with("cannot translate to LLVM IR: "), "{error}");
}

#[test]
fn jit_calls_a_translated_function() {
    let context = context();
    let module = parse(&context, LLVM_ADD);
    let ir =
        spirv_opt_rs::translate::to_llvm_ir(&context, module.as_operation()).unwrap_or_else(|error| panic!("{error}"));
    with_jit_ir(&ir, |jit| {
        assert_eq!(jit.call::<I32x2ToI32>("add", (40, 2)), 42);
        assert_eq!(jit.call::<I32x2ToI32>("add", (i32::MAX, 1)), i32::MIN, "add wraps");
    });
}

#[test]
#[should_panic(expected = "type of @add")]
fn jit_refuses_a_mismatched_signature() {
    let context = context();
    let module = parse(&context, LLVM_ADD);
    let ir =
        spirv_opt_rs::translate::to_llvm_ir(&context, module.as_operation()).unwrap_or_else(|error| panic!("{error}"));
    with_jit_ir(&ir, |jit| {
        jit.call::<I32ToI32>("add", (40,));
    });
}

type I32x2ToI32 = unsafe extern "C" fn(i32, i32) -> i32;
type I32x4ToI32 = unsafe extern "C" fn(i32, i32, i32, i32) -> i32;
type I32x3ToI32 = unsafe extern "C" fn(i32, i32, i32) -> i32;
type I32ToI32 = unsafe extern "C" fn(i32) -> i32;
type F32ToF32 = unsafe extern "C" fn(f32) -> f32;
type F32x2ToF32 = unsafe extern "C" fn(f32, f32) -> f32;

const BITFIELD: &str = r#"
spirv.module Logical GLSL450 {
  spirv.func @bitfield_insert(%base: i32, %insert: i32, %offset: i32, %count: i32) -> i32 "None" {
    %0 = spirv.BitFieldInsert %base, %insert, %offset, %count : i32, i32, i32
    spirv.ReturnValue %0 : i32
  }
  spirv.func @bitfield_sextract(%base: i32, %offset: i32, %count: i32) -> i32 "None" {
    %0 = spirv.BitFieldSExtract %base, %offset, %count : i32, i32, i32
    spirv.ReturnValue %0 : i32
  }
  spirv.func @bitfield_uextract(%base: i32, %offset: i32, %count: i32) -> i32 "None" {
    %0 = spirv.BitFieldUExtract %base, %offset, %count : i32, i32, i32
    spirv.ReturnValue %0 : i32
  }
}
"#;

/// Bit patterns as the i32 the functions take (the SPIR-V ops are sign-agnostic).
fn bits(value: u32) -> i32 {
    i32::from_ne_bytes(value.to_ne_bytes())
}

/// `(base, insert, offset, count) -> expected` of `BitFieldInsert`.
type InsertCase = ((u32, u32, i32, i32), u32);

/// `(base, offset, count) -> (signed, unsigned)` of the two extracts.
type ExtractCase = ((u32, i32, i32), (u32, u32));

/// Checks `BitFieldInsert` on each case.
fn check_bitfield_insert(jit: &Jit<'_>, cases: &[InsertCase]) {
    for &((base, insert, offset, count), expected) in cases {
        let actual = jit.call::<I32x4ToI32>("bitfield_insert", (bits(base), bits(insert), offset, count));
        assert_eq!(
            actual,
            bits(expected),
            "BitFieldInsert(base {base:#x}, insert {insert:#x}, offset {offset}, count {count}) = {:#x}, expected {expected:#x}",
            actual as u32
        );
    }
}

/// Checks `BitFieldSExtract` and `BitFieldUExtract` on each case.
fn check_bitfield_extract(jit: &Jit<'_>, cases: &[ExtractCase]) {
    for &((base, offset, count), (signed, unsigned)) in cases {
        let actual = jit.call::<I32x3ToI32>("bitfield_sextract", (bits(base), offset, count));
        assert_eq!(
            actual,
            bits(signed),
            "BitFieldSExtract(base {base:#x}, offset {offset}, count {count}) = {:#x}, expected {signed:#x}",
            actual as u32
        );
        let actual = jit.call::<I32x3ToI32>("bitfield_uextract", (bits(base), offset, count));
        assert_eq!(
            actual,
            bits(unsigned),
            "BitFieldUExtract(base {base:#x}, offset {offset}, count {count}) = {:#x}, expected {unsigned:#x}",
            actual as u32
        );
    }
}

#[test]
fn bitfield_insert() {
    with_jit(BITFIELD, |jit| {
        // Worked out by hand from the spec: bits [offset, offset + count) come
        // from bits [0, count) of insert, the others from base.
        check_bitfield_insert(
            jit,
            &[
                // Clearing a nibble: insert 0 into bits 4..=7.
                ((0xFFFF_FFFF, 0, 4, 4), 0xFFFF_FF0F),
                // Offset + count = 32: the top nibble.
                ((0x1234_5678, 0xA, 28, 4), 0xA234_5678),
                // A single top bit.
                ((0, 1, 31, 1), 0x8000_0000),
                // Only the low `count` bits of insert are used: 0xABCD into
                // bits 8..=15 puts 0xCD there and leaves 0x34 above it alone.
                ((0x1234_5678, 0xABCD, 8, 8), 0x1234_CD78),
                ((0, 0xFFFF_FFFF, 4, 8), 0x0000_0FF0),
            ],
        );
    });
}

#[test]
fn bitfield_insert_edge_counts() {
    with_jit(BITFIELD, |jit| {
        check_bitfield_insert(
            jit,
            &[
                // Count 0: the result is base.
                ((0x1234_5678, 0xFFFF_FFFF, 5, 0), 0x1234_5678),
                ((0x1234_5678, 0xFFFF_FFFF, 0, 0), 0x1234_5678),
                // The whole word (count 32): the result is insert.
                ((0x1234_5678, 0x9ABC_DEF0, 0, 32), 0x9ABC_DEF0),
            ],
        );
    });
}

#[test]
fn bitfield_extract() {
    with_jit(BITFIELD, |jit| {
        check_bitfield_extract(
            jit,
            &[
                // 0x56 = 0b0101_0110: top bit clear, both agree.
                ((0x1234_5678, 8, 8), (0x56, 0x56)),
                // 0x567, top bit (bit 11 of the field) clear.
                ((0x1234_5678, 4, 12), (0x567, 0x567)),
                // The nibble 0xF at bits 12..=15: -1 signed, 15 unsigned.
                ((0x0000_F000, 12, 4), (0xFFFF_FFFF, 0xF)),
                // Offset + count = 32: the top nibble 0x8 is -8 signed.
                ((0x8000_0000, 28, 4), (0xFFFF_FFF8, 0x8)),
                // Upper half 0x8001: sign-extended to 0xFFFF8001.
                ((0x8001_0000, 16, 16), (0xFFFF_8001, 0x8001)),
                // A single bit set at bit 31: -1 signed, 1 unsigned.
                ((0x8000_0000, 31, 1), (0xFFFF_FFFF, 0x1)),
            ],
        );
    });
}

#[test]
fn bitfield_extract_edge_counts() {
    with_jit(BITFIELD, |jit| {
        check_bitfield_extract(
            jit,
            &[
                // Count 0: the result is 0, whatever the offset.
                ((0xFFFF_FFFF, 4, 0), (0, 0)),
                ((0xFFFF_FFFF, 0, 0), (0, 0)),
                // The whole word (count 32): base itself.
                ((0x8765_4321, 0, 32), (0x8765_4321, 0x8765_4321)),
            ],
        );
    });
}

/// The sum of the even numbers in [0, n): a `spirv.mlir.loop` whose body
/// holds a `spirv.mlir.selection`, with the state in Function variables.
const SUM_OF_EVENS: &str = r#"
spirv.module Logical GLSL450 {
  spirv.func @sum_of_evens_below(%n: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %sum = spirv.Variable init(%zero) : !spirv.ptr<i32, Function>
    %i = spirv.Variable init(%zero) : !spirv.ptr<i32, Function>
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %iv = spirv.Load "Function" %i : i32
      %more = spirv.SLessThan %iv, %n : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %rem = spirv.SRem %iv, %two : i32
      %even = spirv.IEqual %rem, %zero : i32
      spirv.mlir.selection {
        spirv.BranchConditional %even, ^add, ^skip
      ^add:
        %old = spirv.Load "Function" %sum : i32
        %new = spirv.IAdd %old, %iv : i32
        spirv.Store "Function" %sum, %new : i32
        spirv.Branch ^skip
      ^skip:
        spirv.mlir.merge
      }
      spirv.Branch ^continue
    ^continue:
      %next = spirv.IAdd %iv, %one : i32
      spirv.Store "Function" %i, %next : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    %result = spirv.Load "Function" %sum : i32
    spirv.ReturnValue %result : i32
  }
}
"#;

#[test]
fn loop_with_selection() {
    with_jit(SUM_OF_EVENS, |jit| {
        // n -> 0 + 2 + 4 + ... (evens below n), by hand.
        let cases = [(-5, 0), (0, 0), (1, 0), (2, 0), (3, 2), (10, 20), (11, 30), (100, 2450)];
        for (n, expected) in cases {
            assert_eq!(jit.call::<I32ToI32>("sum_of_evens_below", (n,)), expected, "sum of the evens below {n}");
        }
    });
}

const GLSL_MATH: &str = r#"
spirv.module Logical GLSL450 {
  spirv.func @glsl_inverse_sqrt(%x: f32) -> f32 "None" {
    %0 = spirv.GL.InverseSqrt %x : f32
    spirv.ReturnValue %0 : f32
  }
  spirv.func @glsl_tanh(%x: f32) -> f32 "None" {
    %0 = spirv.GL.Tanh %x : f32
    spirv.ReturnValue %0 : f32
  }
  spirv.func @glsl_fmax(%x: f32, %y: f32) -> f32 "None" {
    %0 = spirv.GL.FMax %x, %y : f32
    spirv.ReturnValue %0 : f32
  }
  spirv.func @glsl_floor(%x: f32) -> f32 "None" {
    %0 = spirv.GL.Floor %x : f32
    spirv.ReturnValue %0 : f32
  }
}
"#;

/// Asserts `actual` is within `tolerance` of `expected`.
fn assert_close(what: &str, actual: f32, expected: f32, tolerance: f32) {
    assert!((actual - expected).abs() <= tolerance, "{what} = {actual}, expected {expected}");
}

#[test]
fn glsl_math() {
    with_jit(GLSL_MATH, |jit| {
        // Exact in binary floating point: 1/sqrt of powers of four.
        for (x, expected) in [(4.0, 0.5), (0.25, 2.0), (16.0, 0.25), (1.0, 1.0)] {
            assert_eq!(jit.call::<F32ToF32>("glsl_inverse_sqrt", (x,)), expected, "InverseSqrt({x})");
        }
        assert_eq!(jit.call::<F32ToF32>("glsl_inverse_sqrt", (0.0,)), f32::INFINITY, "InverseSqrt(0)");

        // tanh(1) = (e^2 - 1) / (e^2 + 1) = 0.761594155955765...,
        // tanh(0.5) = 0.462117157260010...; far from 0, tanh saturates to ±1
        // (an expansion through exp(2x) would overflow to inf/inf there).
        for (x, expected) in [(0.0, 0.0), (1.0, 0.761_594_2), (-0.5, -0.462_117_16), (50.0, 1.0), (-50.0, -1.0)] {
            assert_close(&format!("Tanh({x})"), jit.call::<F32ToF32>("glsl_tanh", (x,)), expected, 1e-6);
        }

        for ((x, y), expected) in [((1.0, 2.0), 2.0), ((-0.5, -3.0), -0.5), ((7.25, 7.25), 7.25), ((-1.0, 0.0), 0.0)] {
            assert_eq!(jit.call::<F32x2ToF32>("glsl_fmax", (x, y)), expected, "FMax({x}, {y})");
        }

        for (x, expected) in [(2.7, 2.0), (-2.5, -3.0), (3.0, 3.0), (-0.25, -1.0), (0.999, 0.0)] {
            assert_eq!(jit.call::<F32ToF32>("glsl_floor", (x,)), expected, "Floor({x})");
        }
    });
}
