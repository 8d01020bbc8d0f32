//! OpenCL extended instruction set (`spirv.CL.*`), which upstream does not
//! lower at all: to the LLVM intrinsic with the OpenCL meaning where there
//! is one (the table [`DIRECT`]), to a short expansion of the OpenCL
//! definition (`rsqrt`, `mix`, `s_abs`), and otherwise to a call of the
//! OpenCL builtin `__spirv_ocl_{name}` of the SPIRV-LLVM-Translator's naming
//! scheme (seed 000), declared `memory(none)` as the translator does.

use crate::spirv_to_llvm::{
    builtin_call::{Builtin, BuiltinKind, Sign, call_builtin},
    comparison::IntPredicate,
    glsl::{first_operand_type, integer_abs, inverse_sqrt},
    util::{emit, icmp, integer_constant},
};
use melior::{
    dialect::llvm,
    ir::{
        Attribute, Identifier, Operation, OperationRef, Region, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::OperationBuilder,
        r#type::IntegerType,
    },
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

/// The ops whose LLVM intrinsic has exactly the OpenCL meaning (`fmax` and
/// `fmin` return the other operand when one is a NaN, as `maxnum` and
/// `minnum` do; `round` rounds halfway cases away from zero, as
/// `llvm.round`; `rint` rounds to nearest even, as `llvm.rint` in the
/// default rounding mode).
const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.CL.acos", to: "llvm.intr.acos" },
    DirectConversion { from: "spirv.CL.asin", to: "llvm.intr.asin" },
    DirectConversion { from: "spirv.CL.atan", to: "llvm.intr.atan" },
    DirectConversion { from: "spirv.CL.atan2", to: "llvm.intr.atan2" },
    DirectConversion { from: "spirv.CL.ceil", to: "llvm.intr.ceil" },
    DirectConversion { from: "spirv.CL.cos", to: "llvm.intr.cos" },
    DirectConversion { from: "spirv.CL.cosh", to: "llvm.intr.cosh" },
    DirectConversion { from: "spirv.CL.exp", to: "llvm.intr.exp" },
    DirectConversion { from: "spirv.CL.fabs", to: "llvm.intr.fabs" },
    DirectConversion { from: "spirv.CL.floor", to: "llvm.intr.floor" },
    DirectConversion { from: "spirv.CL.fma", to: "llvm.intr.fma" },
    DirectConversion { from: "spirv.CL.fmax", to: "llvm.intr.maxnum" },
    DirectConversion { from: "spirv.CL.fmin", to: "llvm.intr.minnum" },
    DirectConversion { from: "spirv.CL.log", to: "llvm.intr.log" },
    DirectConversion { from: "spirv.CL.pow", to: "llvm.intr.pow" },
    DirectConversion { from: "spirv.CL.rint", to: "llvm.intr.rint" },
    DirectConversion { from: "spirv.CL.round", to: "llvm.intr.round" },
    DirectConversion { from: "spirv.CL.sin", to: "llvm.intr.sin" },
    DirectConversion { from: "spirv.CL.sinh", to: "llvm.intr.sinh" },
    DirectConversion { from: "spirv.CL.sqrt", to: "llvm.intr.sqrt" },
    DirectConversion { from: "spirv.CL.tan", to: "llvm.intr.tan" },
    DirectConversion { from: "spirv.CL.tanh", to: "llvm.intr.tanh" },
    DirectConversion { from: "spirv.CL.s_max", to: "llvm.intr.smax" },
    DirectConversion { from: "spirv.CL.s_min", to: "llvm.intr.smin" },
    DirectConversion { from: "spirv.CL.u_max", to: "llvm.intr.umax" },
    DirectConversion { from: "spirv.CL.u_min", to: "llvm.intr.umin" },
];

/// The ops LLVM has no intrinsic for, and whose OpenCL accuracy the obvious
/// formulas miss (`asinh(x) = log(x + sqrt(x * x + 1))` is 0 for tiny `x`,
/// for one): calls to the OpenCL builtins.
const BUILTINS: &[OpenClBuiltin] = &[
    OpenClBuiltin { op: ["spirv.CL.asinh"], builtin: "__spirv_ocl_asinh" },
    OpenClBuiltin { op: ["spirv.CL.acosh"], builtin: "__spirv_ocl_acosh" },
    OpenClBuiltin { op: ["spirv.CL.atanh"], builtin: "__spirv_ocl_atanh" },
    OpenClBuiltin { op: ["spirv.CL.erf"], builtin: "__spirv_ocl_erf" },
];

/// The builtins (unmangled names) these patterns call.
pub(crate) fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|builtin| builtin.builtin)
}

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.CL.rsqrt", inverse_sqrt)
        .add_fn("spirv.CL.s_abs", integer_abs)
        .add_fn("spirv.CL.mix", mix)
        .add_fn("spirv.CL.printf", printf);
    for builtin in BUILTINS {
        patterns.add(*builtin);
    }
}

/// `mix(x, y, a) = x + (y - x) * a`, the OpenCL definition (GLSL's `FMix`
/// uses another formula).
fn mix<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[x, y, a] = operands else { return Err(MatchFailure::new("expected 3 operands")) };
    let ty = first_operand_type(operands)?;
    let difference = emit(rewriter, "llvm.fsub", &[y, x], ty)?;
    let scaled = emit(rewriter, "llvm.fmul", &[difference, a], ty)?;
    Ok(vec![emit(rewriter, "llvm.fadd", &[x, scaled], ty)?])
}

/// An op lowered to a call of the OpenCL builtin taking its operands and
/// returning its result type.
#[derive(Debug, Clone, Copy)]
struct OpenClBuiltin {
    op: [&'static str; 1],
    builtin: &'static str,
}

impl ConversionPattern for OpenClBuiltin {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let result = rewriter.converted_result_type(op, 0)?;
        let params: Vec<_> = operands.iter().map(|operand| (operand.r#type(), Sign::Signed)).collect();
        let builtin = Builtin { name: self.builtin, params: &params, result: Some(result), kind: BuiltinKind::Pure };
        call_builtin(rewriter, &builtin, operands)
    }
}

/// `spirv.CL.printf`: the C library's `printf`, which prints to the
/// process's standard output as PoCL's does. The format and any string
/// argument are `constant char *` (address space 2 here): cast to the flat
/// address space the C library takes, the same memory on the CPU. The
/// arguments are promoted as C's variadic calls need (clang has already
/// made OpenCL C's floats doubles; SPIR-V written by hand may pass a
/// `float` or a narrow integer). OpenCL's result is 0 on success and -1 on
/// failure, where C's is a count of characters or a negative value. With
/// a vector argument (OpenCL's `%v4hlf`), which the C library cannot
/// print, the call is [`vector_printf`]'s instead.
fn printf<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    if operands.iter().any(|operand| operand.r#type().to_string().starts_with("vector<")) {
        return vector_printf(op, operands, rewriter);
    }
    let context = rewriter.context();
    let result_type = rewriter.converted_result_type(op, 0)?;
    let flat = llvm::r#type::pointer(context, 0);
    let int32: Type<'c> = IntegerType::new(context, 32).into();
    let double = Type::float64(context);
    let mut arguments = Vec::with_capacity(operands.len());
    for &operand in operands {
        let ty = operand.r#type();
        let printed = ty.to_string();
        let argument = if printed.starts_with("!llvm.ptr") {
            if printed == "!llvm.ptr" { operand } else { emit(rewriter, "llvm.addrspacecast", &[operand], flat)? }
        } else if printed == "f32" || printed == "f16" || printed == "bf16" {
            emit(rewriter, "llvm.fpext", &[operand], double)?
        } else if printed == "f64" || printed == "i32" || printed == "i64" {
            operand
        } else if printed == "i8" || printed == "i16" {
            emit(rewriter, "llvm.sext", &[operand], int32)?
        } else {
            return Err(MatchFailure::new(format!("printf of a {printed} argument is not lowered (scalars and pointers only)")));
        };
        arguments.push(argument);
    }
    if arguments.is_empty() {
        return Err(MatchFailure::new("printf without a format"));
    }
    let function_type = llvm::r#type::function(int32, &[flat], true);
    let unit = declare_external(rewriter, "printf", function_type)?;
    let attributes: Vec<(&str, Attribute<'c>)> = vec![
        ("callee", FlatSymbolRefAttribute::new(context, "printf").into()),
        ("var_callee_type", TypeAttribute::new(function_type).into()),
        ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[arguments.len() as i32, 0]).into()),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
        ("no_unwind", unit),
    ];
    let call = rewriter.create("llvm.call", &arguments, &[int32], &attributes)?;
    let printed = rewriter.results_of(call).first().copied().ok_or_else(|| MatchFailure::new("printf gave no value"))?;
    Ok(vec![opencl_printf_result(rewriter, printed, result_type)?])
}

/// OpenCL's `printf` result from the C-style `printed` (an `i32`): -1 when
/// negative, else 0.
fn opencl_printf_result<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    printed: Value<'c, 'r>,
    result_type: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let zero = integer_constant(rewriter, printed.r#type(), 0)?;
    let failed = icmp(rewriter, IntPredicate::Slt, printed, zero)?;
    let minus_one = integer_constant(rewriter, result_type, -1)?;
    let success = integer_constant(rewriter, result_type, 0)?;
    rewriter.create_value("llvm.select", &[failed, minus_one, success], result_type, &[])
}

/// Declares the external, non-unwinding function `name` of `function_type`
/// (once per module); returns the `unit` attribute the call takes.
fn declare_external<'c>(
    rewriter: &mut ConversionRewriter<'c, '_, '_>,
    name: &'static str,
    function_type: Type<'c>,
) -> Result<Attribute<'c>, MatchFailure> {
    let context = rewriter.context();
    let unit = Attribute::parse(context, "unit").ok_or_else(|| MatchFailure::new("cannot build 'unit'"))?;
    let linkage = Attribute::parse(context, "#llvm.linkage<external>")
        .ok_or_else(|| MatchFailure::new("cannot build the external linkage"))?;
    rewriter.declare_symbol(name, |context, location| -> Result<Operation<'c>, MatchFailure> {
        let attributes = [
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, name).into()),
            (Identifier::new(context, "function_type"), TypeAttribute::new(function_type).into()),
            (Identifier::new(context, "linkage"), linkage),
            (Identifier::new(context, "no_unwind"), unit),
        ];
        Ok(OperationBuilder::new("llvm.func", location).add_attributes(&attributes).add_regions([Region::new()]).build()?)
    })?;
    Ok(unit)
}

/// The host function a `printf` with vector arguments calls
/// ([`vector_printf`]).
pub const VECTOR_PRINTF: &str = "__spvabi_printf";

/// `spirv.CL.printf` with a vector argument: a call of the host function
/// `__spvabi_printf(format, slots, count)` (docs/abi.md, "What is left to
/// the host"; the runner's `printf.rs`), which knows OpenCL's `%vN`
/// conversions. Every argument after the format, a vector lane by lane,
/// goes into one 8-byte slot of a stack array (freed after the call), as
/// C would promote it: floats as `double` bits, integers sign-extended to
/// 64 bits, pointers as addresses. The result is 0, or -1 when the host
/// finds the format malformed or short of arguments.
fn vector_printf<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    const HOST: &str = VECTOR_PRINTF;
    let context = rewriter.context();
    let result_type = rewriter.converted_result_type(op, 0)?;
    let flat = llvm::r#type::pointer(context, 0);
    let int32: Type<'c> = IntegerType::new(context, 32).into();
    let int64: Type<'c> = IntegerType::new(context, 64).into();
    let double = Type::float64(context);
    let (&format, arguments) = operands.split_first().ok_or_else(|| MatchFailure::new("printf without a format"))?;
    let format =
        if format.r#type().to_string() == "!llvm.ptr" { format } else { emit(rewriter, "llvm.addrspacecast", &[format], flat)? };
    // One scalar to one slot.
    let slot = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, value: Value<'c, 'r>| -> Result<Value<'c, 'r>, MatchFailure> {
        let printed = value.r#type().to_string();
        match printed.as_str() {
            "f16" | "bf16" | "f32" => {
                let wide = emit(rewriter, "llvm.fpext", &[value], double)?;
                emit(rewriter, "llvm.bitcast", &[wide], int64)
            }
            "f64" => emit(rewriter, "llvm.bitcast", &[value], int64),
            "i8" | "i16" | "i32" => emit(rewriter, "llvm.sext", &[value], int64),
            "i64" => Ok(value),
            _ if printed.starts_with("!llvm.ptr") => emit(rewriter, "llvm.ptrtoint", &[value], int64),
            _ => Err(MatchFailure::new(format!("printf of a {printed} argument is not lowered"))),
        }
    };
    let mut slots = Vec::new();
    for &argument in arguments {
        let ty = argument.r#type();
        match spirv_opt_rs::ir::vector_shape(ty) {
            Some((lanes, element)) => {
                for lane in 0..lanes {
                    let index = integer_constant(rewriter, int32, lane as i64)?;
                    let scalar = rewriter.create_value("llvm.extractelement", &[argument, index], element, &[])?;
                    slots.push(slot(rewriter, scalar)?);
                }
            }
            None => slots.push(slot(rewriter, argument)?),
        }
    }
    let saved = rewriter.create_value("llvm.intr.stacksave", &[], flat, &[])?;
    let count = integer_constant(rewriter, int32, slots.len() as i64)?;
    let array = rewriter.create_value(
        "llvm.alloca",
        &[count],
        flat,
        &[("elem_type", TypeAttribute::new(int64).into())],
    )?;
    for (index, &value) in slots.iter().enumerate() {
        let offset = integer_constant(rewriter, int64, index as i64)?;
        let at = rewriter.create_value(
            "llvm.getelementptr",
            &[array, offset],
            flat,
            &[
                ("elem_type", TypeAttribute::new(int64).into()),
                ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[i32::MIN]).into()),
            ],
        )?;
        rewriter.create("llvm.store", &[value, at], &[], &[])?;
    }
    let function_type = llvm::r#type::function(int32, &[flat, flat, int32], false);
    let unit = declare_external(rewriter, HOST, function_type)?;
    let attributes: Vec<(&str, Attribute<'c>)> = vec![
        ("callee", FlatSymbolRefAttribute::new(context, HOST).into()),
        ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[3, 0]).into()),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
        ("no_unwind", unit),
    ];
    let call = rewriter.create("llvm.call", &[format, array, count], &[int32], &attributes)?;
    let printed = rewriter.results_of(call).first().copied().ok_or_else(|| MatchFailure::new("printf gave no value"))?;
    rewriter.create("llvm.intr.stackrestore", &[saved], &[], &[])?;
    Ok(vec![opencl_printf_result(rewriter, printed, result_type)?])
}
