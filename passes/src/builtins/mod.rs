//! `spirv-define-builtins`: definitions, in the module itself, for the
//! SPIR-V builtin functions the lowering calls (`__spirv_ocl_*`, subgroup
//! operations: the SPIRV-LLVM-Translator's mangled names, seed 000) and for
//! the OpenCL C library functions clang's SPIR-V output imports
//! (`atomic_inc`...). With them an object needs nothing but the C library
//! and libm, and the optimizer can inline each builtin at its call.
//!
//! Each declaration whose name has a rule (`rules.rs`) gets a body, written
//! as MLIR text for the declared LLVM types: an LLVM intrinsic where one has
//! the OpenCL meaning, the C math library where the OpenCL accuracy needs a
//! real implementation (glibc's single- and double-precision functions are
//! within OpenCL's ulp bounds), or the OpenCL definition spelled out, lane
//! by lane for vectors. Subgroup operations have the meaning they take in a
//! subgroup of one invocation (docs/abi.md). A declaration without a rule is
//! left alone: the host must provide it.

pub(crate) mod collectives;
mod mangled;
mod rules;

use std::fmt::Write;

use melior::{
    Context,
    ir::{BlockLike, OperationRef, RegionLike, Type, operation::OperationLike},
};
use spirv_opt_rs::{
    ir::{llvm_function_type_parts, string_value},
    surgery,
};
use thiserror::Error;

pub use rules::{BuiltinRule, Rounding, rule_for};

/// Why a builtin could not be defined.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct BuiltinError<'c> {
    /// The declaration at fault.
    pub location: melior::ir::Location<'c>,
    /// What is wrong.
    pub message: String,
}

/// What [`define_builtins`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DefinedBuiltins {
    /// The symbols it defined.
    pub defined: Vec<String>,
    /// The builtin-looking declarations it has no rule for.
    pub left: Vec<String>,
}

/// The base name of an Itanium-mangled function name (`_Z17__spirv_ocl_asinhf`
/// is `__spirv_ocl_asinh`) and what follows it (the parameter types).
pub fn demangle_base(symbol: &str) -> Option<(&str, &str)> {
    let rest = symbol.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let length: usize = rest[..digits].parse().ok()?;
    let name = rest.get(digits..digits + length)?;
    Some((name, &rest[digits + length..]))
}

/// Defines every builtin declared in `module` (and its nested modules) that
/// has a rule.
///
/// # Errors
///
/// A SPIR-V builtin without a rule (the object could never link), a rule
/// that refuses the declared types (a builtin called with types OpenCL does
/// not define it for), or a non-uniform group operation with workgroup
/// scope (work-group collectives are defined: `collectives.rs`).
pub fn define_builtins<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
) -> Result<DefinedBuiltins, BuiltinError<'c>> {
    let mut result = DefinedBuiltins::default();
    let mut modules = vec![module];
    modules.extend(surgery::nested_ops(module, &mut |op| op.name().as_string_ref().as_str() == Ok("builtin.module")));
    for module in modules {
        let Some(body) = module.region(0).ok().and_then(|region| region.first_block()) else { continue };
        let mut declarations = Vec::new();
        let mut next = body.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            let is_declaration = op.name().as_string_ref().as_str() == Ok("llvm.func")
                && op.region(0).ok().is_some_and(|region| region.first_block().is_none());
            if is_declaration {
                declarations.push(op);
            }
        }
        let mut text = String::new();
        let mut erased = Vec::new();
        // Apart: their calls are not to the C library (`libm_declarations`).
        let mut collective_text = String::new();
        let mut uses_workgroup_collectives = false;
        for declaration in declarations {
            let Some(name) = declaration.attribute("sym_name").ok().and_then(string_value) else {
                continue;
            };
            let Some((base, parameters)) = demangle_base(&name) else { continue };
            if let Some(collective) = collectives::collective(base) {
                // Over the workgroup unless every call has the subgroup scope.
                let workgroup = call_scopes(module, &name).iter().any(|scope| *scope != Some(SUBGROUP_SCOPE));
                let (result_type, inputs) = function_type(declaration, &name)?;
                let inputs: Vec<String> = inputs.iter().map(|ty| printed(*ty)).collect();
                // The calls' calling convention (`spir_func` from the
                // conversion): a definition of another would make every call
                // undefined behaviour, which LLVM turns into `unreachable`.
                let convention = calling_convention(declaration);
                let definition =
                    collectives::define(&name, collective, &inputs, &printed(result_type), workgroup, &convention)
                        .map_err(|message| BuiltinError {
                        location: declaration.location(),
                        message: format!("@{name}: {message}"),
                    })?;
                collective_text.push_str(&definition);
                uses_workgroup_collectives |= workgroup;
                erased.push(declaration);
                result.defined.push(name);
                continue;
            }
            let Some(rule) = rule_for(base) else {
                // Our own namespace: a call nothing will ever define.
                // The barriers are the kernel ABI's (fences and suspend points).
                if base.starts_with("__spirv_") && !crate::kernel_abi::handles_builtin(base) {
                    return Err(BuiltinError {
                        location: declaration.location(),
                        message: format!("no definition of the builtin {base} (@{name}) yet: the code cannot run"),
                    });
                }
                result.left.push(name);
                continue;
            };
            // (SubgroupBallotKHR and PartitionEXT have no scope operand.)
            if matches!(rule, BuiltinRule::Subgroup(_))
                && !matches!(rule, BuiltinRule::Subgroup(rules::Subgroup::Partition))
                && base != "__spirv_SubgroupBallotKHR"
            {
                check_subgroup_scope(module, &name)?;
            }
            let (result_type, inputs) = function_type(declaration, &name)?;
            let signature = Signature {
                name: &name,
                mangled_parameters: parameters,
                result: printed(result_type),
                inputs: inputs.iter().map(|ty| printed(*ty)).collect(),
                calling_convention: calling_convention(declaration),
            };
            let definition = rules::define(&signature, rule).map_err(|message| BuiltinError {
                location: declaration.location(),
                message: format!("@{name}: {message}"),
            })?;
            let _ = writeln!(text, "{definition}");
            erased.push(declaration);
            result.defined.push(name);
        }
        if erased.is_empty() {
            continue;
        }
        let location = erased[0].location();
        for declaration in erased {
            surgery::erase(declaration);
        }
        let libm = rules::libm_declarations(&text);
        let existing: std::collections::HashSet<String> = existing_symbols(body);
        let mut declarations = String::new();
        for (symbol, declaration) in libm {
            if !existing.contains(&symbol) {
                let _ = writeln!(declarations, "{declaration}");
            }
        }
        if uses_workgroup_collectives {
            // Declared in the text even where the module has them (a kernel
            // with barrier() of its own): the text verifies on its own, and
            // the module's copies stay.
            declarations.push_str(&collectives::workgroup_declarations(&|_| false));
        }
        let source = format!("module {{\n{declarations}{text}{collective_text}}}\n");
        tracing::debug!("builtin definitions:\n{source}");
        surgery::append_parsed(context, body, &source, &|symbol| existing.contains(symbol)).ok_or_else(|| BuiltinError {
            location,
            message: "internal error: the builtin definitions do not verify".to_owned(),
        })?;
    }
    Ok(result)
}

/// Every call of the group operation `name` must have the subgroup scope
/// (3): with a workgroup scope it would need every invocation of the
/// workgroup, which one invocation per subgroup cannot give.
fn check_subgroup_scope<'c>(module: OperationRef<'c, '_>, name: &str) -> Result<(), BuiltinError<'c>> {
    for (call, scope) in calls_with_scope(module, name) {
        if scope != Some(SUBGROUP_SCOPE) {
            return Err(BuiltinError {
                location: call.location(),
                message: format!(
                    "@{name} with {} scope: group operations over a workgroup are not supported yet (subgroups have one invocation)",
                    scope.map_or("a non-constant".to_owned(), |scope| format!("the {}", scope_name(scope)))
                ),
            });
        }
    }
    Ok(())
}

/// SPIR-V's `Subgroup` scope.
const SUBGROUP_SCOPE: i64 = 3;

/// The calls of `name` in `module`, each with its execution scope (its
/// first operand) when that is a constant.
fn calls_with_scope<'c, 'a>(module: OperationRef<'c, 'a>, name: &str) -> Vec<(OperationRef<'c, 'a>, Option<i64>)> {
    let calls = surgery::nested_ops(module, &mut |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.call")
            && op.attribute("callee").ok().and_then(string_value).is_some_and(|callee| callee == name)
    });
    calls
        .into_iter()
        .map(|call| {
            let scope = call
                .operand(0)
                .ok()
                .and_then(spirv_opt_rs::ir::defining_op)
                .filter(|owner| owner.name().as_string_ref().as_str() == Ok("llvm.mlir.constant"))
                .and_then(|owner| owner.attribute("value").ok())
                .and_then(|value| melior::ir::attribute::IntegerAttribute::try_from(value).ok())
                .map(|value| value.value());
            (call, scope)
        })
        .collect()
}

fn call_scopes(module: OperationRef<'_, '_>, name: &str) -> Vec<Option<i64>> {
    calls_with_scope(module, name).into_iter().map(|(_, scope)| scope).collect()
}

fn scope_name(scope: i64) -> &'static str {
    match scope {
        0 => "CrossDevice",
        1 => "Device",
        2 => "Workgroup",
        4 => "Invocation",
        _ => "unknown",
    }
}

fn existing_symbols(body: melior::ir::BlockRef<'_, '_>) -> std::collections::HashSet<String> {
    let mut symbols = std::collections::HashSet::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if let Some(name) = op.attribute("sym_name").ok().and_then(string_value) {
            symbols.insert(name);
        }
    }
    symbols
}

/// The calling convention of a builtin's declaration (`spir_func` for
/// the conversion's calls), as `llvm.func` prints it; `ccc` by default.
fn calling_convention(declaration: OperationRef<'_, '_>) -> String {
    declaration
        .attribute("CConv")
        .ok()
        .map(|cconv| cconv.to_string())
        .and_then(|cconv| cconv.strip_prefix("#llvm.cconv<").map(|rest| rest.trim_end_matches('>').to_owned()))
        .unwrap_or_else(|| "ccc".to_owned())
}

fn function_type<'c>(
    declaration: OperationRef<'c, '_>,
    name: &str,
) -> Result<(Type<'c>, Vec<Type<'c>>), BuiltinError<'c>> {
    declaration
        .attribute("function_type")
        .ok()
        .and_then(|ty| melior::ir::attribute::TypeAttribute::try_from(ty).ok())
        .and_then(|ty| llvm_function_type_parts(ty.value()))
        .ok_or_else(|| BuiltinError {
            location: declaration.location(),
            message: format!("@{name} has no function type"),
        })
}

fn printed(ty: Type<'_>) -> String {
    ty.to_string()
}

/// A declaration to define.
pub(crate) struct Signature<'a> {
    pub name: &'a str,
    /// The mangled parameter types (signedness: `i` int, `j` uint...).
    pub mangled_parameters: &'a str,
    pub result: String,
    pub inputs: Vec<String>,
    pub calling_convention: String,
}

#[cfg(test)]
mod tests {
    use super::{BuiltinRule, demangle_base, rule_for};
    use crate::spirv_to_llvm::{SpirvToLlvmOptions, populate_spirv_to_llvm_patterns};
    use spirv_opt_rs::conversion::PatternSet;

    /// OpenCL.std instructions that no path turns into running code yet:
    /// the importer refuses them, or calls a builtin without a rule here
    /// (spirv-define-builtins then refuses the module). Keep it exact.
    const NOT_YET: &[&str] = &[];

    #[test]
    fn every_opencl_std_instruction_runs_or_is_listed_as_not_yet() {
        let context = spirv_opt_rs::context::create_context();
        let mut patterns = PatternSet::new();
        populate_spirv_to_llvm_patterns(&mut patterns, SpirvToLlvmOptions::default());
        let mut missing = Vec::new();
        for instruction in rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE.iter() {
            let name = instruction.opname;
            let dialect_op = format!("spirv.CL.{name}");
            // vloadn/vstoren and the half loads and stores: importer expansions (docs/import.md).
            let expanded = name.starts_with("vload") || name.starts_with("vstore");
            let lowered = context.is_registered_operation(&dialect_op)
                && !patterns.patterns_for(&dialect_op).is_empty();
            let defined = rule_for(&format!("__spirv_ocl_{name}")).is_some();
            if !(expanded || lowered || defined) {
                missing.push(name);
            }
        }
        assert_eq!(missing, NOT_YET, "OpenCL.std instructions without a way to run");
    }

    #[test]
    fn every_builtin_the_conversion_calls_has_a_meaning() {
        let emitted = crate::spirv_to_llvm::emitted_builtins();
        assert!(emitted.len() > 40, "{emitted:?}");
        let missing: Vec<&str> = emitted
            .into_iter()
            .filter(|name| {
                rule_for(name).is_none()
                    && super::collectives::collective(name).is_none()
                    && !crate::kernel_abi::handles_builtin(name)
            })
            .collect();
        assert!(missing.is_empty(), "builtins the conversion calls and nothing defines: {missing:?}");
    }

    #[test]
    fn every_rule_alias_has_a_rule() {
        for instruction in rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE.iter() {
            if let Some(BuiltinRule::Alias(target)) = rule_for(&format!("__spirv_ocl_{}", instruction.opname)) {
                assert!(
                    rule_for(&format!("__spirv_ocl_{target}")).is_some(),
                    "{} aliases {target}",
                    instruction.opname
                );
            }
        }
    }

    /// The barriers are left to the kernel ABI (not refused as builtins
    /// without a rule); the OpenCL C 1.x fences get a fence.
    #[test]
    fn memory_barriers_and_fences_are_defined() {
        let context = spirv_opt_rs::context::create_context();
        let text = "module {
  llvm.func @_Z21__spirv_MemoryBarrierii(i32, i32)
  llvm.func @_Z14read_mem_fencej(i32)
  llvm.func @_Z15write_mem_fencej(i32)
}";
        let module = spirv_opt_rs::context::parse_source(&context, text.as_bytes(), "fences.mlir").expect("parses");
        let defined = super::define_builtins(&context, module.as_operation()).expect("defines");
        assert_eq!(defined.defined, ["_Z14read_mem_fencej", "_Z15write_mem_fencej"]);
        assert_eq!(defined.left, ["_Z21__spirv_MemoryBarrierii"]);
        let printed = module.as_operation().to_string();
        assert_eq!(printed.matches("llvm.fence seq_cst").count(), 2, "{printed}");
        assert!(printed.contains("llvm.func @_Z21__spirv_MemoryBarrierii"), "{printed}");
        assert_eq!(rule_for("mem_fence"), Some(BuiltinRule::Fence));
    }

    #[test]
    fn opencl_conversions_with_their_roundings() {
        use super::Rounding::{Down, NearestEven, Up, Zero};
        let rule = |signed, rounding, saturate| Some(BuiltinRule::Convert { signed, rounding, saturate });
        assert_eq!(rule_for("convert_double16"), rule(true, NearestEven, false));
        assert_eq!(rule_for("convert_float_rte"), rule(true, NearestEven, false));
        assert_eq!(rule_for("convert_uint4_rtz"), rule(false, Zero, false));
        assert_eq!(rule_for("convert_char"), rule(true, Zero, false));
        assert_eq!(rule_for("convert_double_rtp"), rule(true, Up, false));
        assert_eq!(rule_for("convert_double8_rtn"), rule(true, Down, false));
        assert_eq!(rule_for("convert_uchar16_sat"), rule(false, Zero, true));
        assert_eq!(rule_for("convert_int_sat_rtp"), rule(true, Up, true));
        assert_eq!(rule_for("convert_float_sat"), None);
        assert_eq!(rule_for("convert_int_rtq"), None);
        assert_eq!(rule_for("convert_int_rte"), rule(true, NearestEven, false));
        // Other lengths and types: no rule (refused by name).
        assert_eq!(rule_for("convert_float5"), None);
        assert_eq!(rule_for("convert_bool"), None);
    }

    #[test]
    fn demangles_the_base_name() {
        assert_eq!(demangle_base("_Z17__spirv_ocl_asinhf"), Some(("__spirv_ocl_asinh", "f")));
        assert_eq!(demangle_base("_Z10atomic_incPU3AS3Vj"), Some(("atomic_inc", "PU3AS3Vj")));
        assert_eq!(demangle_base("malloc"), None);
        assert_eq!(demangle_base("_Z99short"), None);
    }
}
