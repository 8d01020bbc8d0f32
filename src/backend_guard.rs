//! A guard around LLVM 22's x86 back end: vector `llvm.ldexp` of `half` is
//! computed in `float`.
//!
//! On a CPU with AVX-512 but without AVX512-FP16 (AMD's znver4, Intel's
//! before Sapphire Rapids), LLVM 22.1's x86 back end lowers
//! `llvm.ldexp.vNf16.vNi32` to `vcvtph2ps`, `vscalefps`, `vcvtps2ph`, and
//! hands `vscalefps` the integer exponents as they are, where the
//! instruction takes them as floats (and floors them): an exponent 1 is the
//! float 1.4e-45, which floors to 0, so `ldexp(-1.0, 1)` gave -1.0, and a
//! negative exponent is a NaN's bits, so `ldexp(-1.0, -1)` gave NaN. The
//! scalar `llvm.ldexp.f16` and the `float` and `double` vectors convert the
//! exponents first (`vcvtdq2ps`) and are right. Every vector of `half`
//! reaches the fault: an `f16vec4` of the source, the SPMD vectorizer's
//! lanes, LLVM's loop and SLP vectorizers widening a scalar `ldexp` (the
//! VK-GL-CTS `ldexp_float16_*` and `ldexp_f16vec*` scripts, 12 of them, all
//! failed on znver4; test/Amber/ldexp-half-vectors.amber).
//!
//! After LLVM's pipeline, when only code generation is left, every vector
//! `llvm.ldexp` of `half` becomes `fpext` to `float`, `llvm.ldexp` of
//! `float` with the same exponents, `fptrunc` back. That is exact: a `half`
//! scaled by a power of two is a `float` exactly while it is at least
//! 2^-126 in magnitude, and below that (and above 2^-25, half's rounding
//! point to zero) it is zero in `half` either way; overflow is infinity in
//! both. No pass runs after the guard that could fold it back.

use inkwell::{
    builder::Builder,
    intrinsics::Intrinsic,
    module::Module,
    types::BasicTypeEnum,
    values::{BasicMetadataValueEnum, BasicValueEnum, CallSiteValue, InstructionValue, ValueKind},
};

/// Rewrites every vector `llvm.ldexp` of `half` in `module` into one of
/// `float` between conversions (see the module's documentation). Returns
/// how many.
pub(crate) fn widen_half_ldexp(module: &Module<'_>) -> usize {
    let context = module.get_context();
    let half = context.f16_type();
    let float = context.f32_type();
    let mut calls: Vec<InstructionValue<'_>> = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            let mut next = block.get_first_instruction();
            while let Some(instruction) = next {
                next = instruction.get_next_instruction();
                let Ok(call) = CallSiteValue::try_from(instruction) else { continue };
                let is_ldexp =
                    call.get_called_fn_value().is_some_and(|callee| callee.get_name().to_bytes().starts_with(b"llvm.ldexp."));
                let of_half_vector = instruction.get_type().is_vector_type()
                    && instruction.get_type().into_vector_type().get_element_type() == BasicTypeEnum::FloatType(half);
                if is_ldexp && of_half_vector {
                    calls.push(instruction);
                }
            }
        }
    }
    let Some(ldexp) = Intrinsic::find("llvm.ldexp") else {
        return 0;
    };
    let builder: Builder<'_> = context.create_builder();
    let mut widened = 0;
    for instruction in calls {
        let operand = |index| instruction.get_operand(index).and_then(|operand| operand.value());
        let (Some(BasicValueEnum::VectorValue(x)), Some(BasicValueEnum::VectorValue(exponent))) = (operand(0), operand(1)) else {
            continue;
        };
        let wide = float.vec_type(x.get_type().get_size());
        let Some(declaration) = ldexp.get_declaration(module, &[wide.into(), exponent.get_type().into()]) else {
            continue;
        };
        builder.position_before(&instruction);
        let Ok(extended) = builder.build_float_ext(x, wide, "ldexp.x") else { continue };
        let arguments: [BasicMetadataValueEnum<'_>; 2] = [extended.into(), exponent.into()];
        let Ok(call) = builder.build_call(declaration, &arguments, "ldexp.wide") else { continue };
        let ValueKind::Basic(BasicValueEnum::VectorValue(scaled)) = call.try_as_basic_value() else { continue };
        let Ok(narrowed) = builder.build_float_trunc(scaled, x.get_type(), "ldexp") else { continue };
        let Some(replacement) = narrowed.as_instruction() else { continue };
        instruction.replace_all_uses_with(&replacement);
        instruction.erase_from_basic_block();
        widened += 1;
    }
    widened
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use inkwell::{
        OptimizationLevel,
        context::Context,
        memory_buffer::MemoryBuffer,
        targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetTriple},
    };

    /// `r = ldexp(x, n)` on eight halves, and the same on a scalar and on
    /// floats (which the guard leaves alone).
    const LDEXP: &str = r#"
declare <8 x half> @llvm.ldexp.v8f16.v8i32(<8 x half>, <8 x i32>)
declare half @llvm.ldexp.f16.i32(half, i32)
declare <8 x float> @llvm.ldexp.v8f32.v8i32(<8 x float>, <8 x i32>)
define <8 x half> @vector(<8 x half> %x, <8 x i32> %n) {
  %r = call <8 x half> @llvm.ldexp.v8f16.v8i32(<8 x half> %x, <8 x i32> %n)
  ret <8 x half> %r
}
define half @scalar(half %x, i32 %n) {
  %r = call half @llvm.ldexp.f16.i32(half %x, i32 %n)
  ret half %r
}
define <8 x float> @floats(<8 x float> %x, <8 x i32> %n) {
  %r = call <8 x float> @llvm.ldexp.v8f32.v8i32(<8 x float> %x, <8 x i32> %n)
  ret <8 x float> %r
}
"#;

    /// The assembly of function `name` of [`LDEXP`], for znver4, with or
    /// without the guard first.
    fn assembly(name: &str, guarded: bool) -> String {
        Target::initialize_all(&InitializationConfig::default());
        let triple = TargetTriple::create("x86_64-pc-linux-gnu");
        let machine = Target::from_triple(&triple)
            .expect("x86-64 target")
            .create_target_machine(&triple, "znver4", "", OptimizationLevel::Default, RelocMode::PIC, CodeModel::Default)
            .expect("target machine");
        let context = Context::create();
        let buffer = MemoryBuffer::create_from_memory_range_copy(LDEXP.as_bytes(), "test");
        let module = context.create_module_from_ir(buffer).expect("test IR parses");
        if guarded {
            assert_eq!(super::widen_half_ldexp(&module), 1, "one vector ldexp of half");
            module.verify().expect("a valid module");
            assert!(!module.print_to_string().to_string().contains("call <8 x half> @llvm.ldexp"));
        }
        let object = machine.write_to_memory_buffer(&module, FileType::Assembly).expect("code generation");
        let text = String::from_utf8_lossy(object.as_slice()).into_owned();
        let start = text.find(&format!("\n{name}:")).expect("the function's label");
        let end = text[start..].find("ret").map_or(text.len(), |end| start + end);
        text[start..end].to_owned()
    }

    #[test]
    fn vector_ldexp_of_half_converts_its_exponents() {
        // LLVM 22 alone scales by the exponents' integer bits taken as
        // floats: the fault the guard exists for.
        let plain = assembly("vector", false);
        assert!(plain.contains("vscalefps"), "no longer lowered to vscalefps:\n{plain}");
        assert!(!plain.contains("vcvtdq2ps"), "LLVM now converts the exponents; the guard may go:\n{plain}");
        let guarded = assembly("vector", true);
        assert!(guarded.contains("vcvtdq2ps"), "the exponents are not converted:\n{guarded}");
        // The cases LLVM gets right convert their exponents too.
        for name in ["scalar", "floats"] {
            let text = assembly(name, false);
            assert!(text.contains("vcvtdq2ps") || text.contains("vcvtsi2ss"), "{name}:\n{text}");
        }
    }
}
