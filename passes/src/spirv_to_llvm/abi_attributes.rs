//! What the kernel ABI (`spirv-kernel-abi`, docs/abi.md) needs to know about
//! the interface of a module once it is LLVM dialect, kept as discardable
//! attributes on the converted ops. LLVM IR translation ignores them, so the
//! translated code is the same with or without them.
//!
//! - `spirv_abi.entry_point` on the `llvm.func` of an entry point:
//!   `{execution_model = "GLCompute", local_size = array<i32: x, y, z>}`,
//!   the workgroup size from the `WorkgroupSize` built-in constant, else
//!   `LocalSizeId`, else `LocalSize` (spirv.ExecutionMode); no `local_size`
//!   when the module leaves it to the dispatch (OpenCL); `derivative_quads`
//!   when the entry point has the execution mode `DerivativeGroupQuadsKHR`
//!   (its invocations run in 2x2 quads, docs/abi.md); `unsupported_modes =
//!   ["RoundingModeRTZ 32", ...]` for the float-controls modes the kernel
//!   ABI refuses (docs/abi.md, "Floating-point modes"); `device_addresses`
//!   when the module's addressing model is `PhysicalStorageBuffer64` (its
//!   pointers may be buffer device addresses: docs/abi.md, "Buffer device
//!   addresses"); and for an entry
//!   point with parameters (OpenCL), `arguments = ["value", "global",
//!   "local"]`, what each is, and `value_types`, per parameter the LLVM
//!   type a `"value"` pointer (a struct passed by value) points to, else
//!   `""`.
//! - `spirv_abi.interface` on the `llvm.mlir.global` of a
//!   `spirv.GlobalVariable`: `{storage_class = "StorageBuffer", built_in =
//!   "GlobalInvocationId", descriptor_set = 0 : i32, binding = 1 : i32}`,
//!   each key present when the variable has it, and `buffer_block` for a
//!   `Uniform` block decorated `BufferBlock` (a storage buffer before
//!   SPIR-V 1.3's `StorageBuffer` class); for an image, `image =
//!   "storage_image"` (or `"storage_texel_buffer"`, `"uniform_texel_buffer"`)
//!   and `image_word`, what the shader declares of it (docs/abi.md, "Images");
//!   for a descriptor array of buffers (its global a table of pointers),
//!   `descriptors = N : i32` and `block_type`, the LLVM type of one block.

use std::{cell::RefCell, collections::HashMap};

use melior::ir::{
    Attribute, BlockLike, Identifier, OperationRef, RegionLike,
    attribute::{ArrayAttribute, DictionaryAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute},
    operation::OperationLike,
};
use spirv_opt_rs::{conversion::ConversionRewriter, error::MatchFailure, ir::string_value};

use super::{
    types::read_type,
    util::{integer_array, op_name, printed_attribute, symbol_reference, type_attribute},
};
use spirv_opt_dialects::spirv::{attributes::StorageClass, types::SpirvType};

/// The name of the entry-point attribute.
pub const ENTRY_POINT: &str = "spirv_abi.entry_point";
/// The name of the interface-variable attribute.
pub const INTERFACE: &str = "spirv_abi.interface";

/// The entry points of each `spirv.module` converted so far, by the module
/// op's hash, read once per module (looking them up per function would make
/// the conversion quadratic in the number of functions).
#[derive(Default)]
pub(super) struct EntryPointTable {
    modules: RefCell<HashMap<usize, HashMap<String, String>>>,
}

/// The `spirv_abi.entry_point` attribute for `func` (a `spirv.func`), if it
/// is an entry point of its module.
pub(super) fn entry_point_attribute<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    func: OperationRef<'c, '_>,
) -> Result<Option<Attribute<'c>>, MatchFailure> {
    let Some(module) = func.parent_operation() else { return Ok(None) };
    let name = symbol_name(func)?;
    let table = rewriter.state::<EntryPointTable>();
    let mut modules = table.modules.borrow_mut();
    let entries = match modules.entry(module.hash_value()) {
        std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
        std::collections::hash_map::Entry::Vacant(entry) => entry.insert(read_entry_points(module)?),
    };
    let Some(text) = entries.get(&name) else { return Ok(None) };
    let text = match argument_kinds(rewriter, func)? {
        Some((kinds, value_types)) => {
            format!("{}, arguments = [{kinds}], value_types = [{value_types}]}}", text.trim_end_matches('}'))
        }
        None => text.clone(),
    };
    Attribute::parse(rewriter.context(), &text)
        .map(Some)
        .ok_or_else(|| MatchFailure::new(format!("cannot build the entry point attribute {text}")))
}

/// What each parameter of an entry point is, for the host: `"global"` (a
/// pointer to `CrossWorkgroup` or `UniformConstant` memory, the buffer),
/// `"local"` (to `Workgroup` memory, allocated per workgroup), `"value"`,
/// or an image or sampler, `"KIND:WORD"` (`image::opencl_argument`);
/// `None` without parameters. With them, per parameter, the LLVM type of
/// what a `"value"` pointer points to (a struct passed by value: its size
/// is what the host must give), else `""`.
fn argument_kinds(
    rewriter: &ConversionRewriter<'_, '_, '_>,
    func: OperationRef<'_, '_>,
) -> Result<Option<(String, String)>, MatchFailure> {
    let function_type = melior::ir::r#type::FunctionType::try_from(type_attribute(func, "function_type")?)
        .map_err(|_| MatchFailure::new("'function_type' is not a function type"))?;
    if function_type.input_count() == 0 {
        return Ok(None);
    }
    let mut kinds = Vec::new();
    let mut value_types = Vec::new();
    for index in 0..function_type.input_count() {
        let input = function_type.input(index).map_err(|_| MatchFailure::new("a missing parameter type"))?;
        let ty = read_type(input)?;
        let value_type = match &ty {
            SpirvType::Pointer { storage_class: StorageClass::Function, pointee } => {
                let pointee = melior::ir::Type::parse(rewriter.context(), &pointee.to_string())
                    .ok_or_else(|| MatchFailure::new(format!("cannot read the parameter type {pointee}")))?;
                let converted = rewriter
                    .type_converter()
                    .convert_type(pointee)
                    .map_err(|error| MatchFailure::new(format!("parameter #{index}: {error}")))?;
                converted.to_string()
            }
            _ => String::new(),
        };
        value_types.push(format!("{value_type:?}"));
        if let Some((kind, word)) = super::image::opencl_argument(&ty) {
            kinds.push(format!("\"{kind}:{word}\""));
            continue;
        }
        let kind = match ty {
            SpirvType::Pointer { storage_class: StorageClass::Workgroup, .. } => "local",
            SpirvType::Pointer { storage_class: StorageClass::Function, .. } => "value",
            SpirvType::Pointer { .. } => "global",
            _ => "value",
        };
        kinds.push(format!("\"{kind}\""));
    }
    Ok(Some((kinds.join(", "), value_types.join(", "))))
}

/// The `spirv_abi.interface` attribute of a `spirv.GlobalVariable`.
pub(super) fn interface_attribute<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    global: OperationRef<'c, '_>,
    storage_class: &str,
    buffer_block: bool,
    aliased: bool,
    descriptors: Option<(u32, melior::ir::Type<'c>)>,
) -> Result<Attribute<'c>, MatchFailure> {
    // Built through the API, not as text: a built-in's name comes from the
    // input and may hold any bytes.
    let context = rewriter.context();
    let mut fields: Vec<(Identifier<'c>, Attribute<'c>)> =
        vec![(Identifier::new(context, "storage_class"), StringAttribute::new(context, storage_class).into())];
    if buffer_block {
        fields.push((Identifier::new(context, "buffer_block"), Attribute::unit(context)));
    }
    if aliased {
        fields.push((Identifier::new(context, "aliased"), Attribute::unit(context)));
    }
    if let Ok(built_in) = global.attribute("built_in")
        && let Some(built_in) = string_value(built_in)
    {
        fields.push((Identifier::new(context, "built_in"), StringAttribute::new(context, &built_in).into()));
    }
    let i32_type = melior::ir::r#type::IntegerType::new(context, 32).into();
    if let SpirvType::Pointer { pointee, .. } = read_type(type_attribute(global, "type")?)?
        && let Some((kind, word)) = super::image::resource_of(&pointee)?
    {
        fields.push((Identifier::new(context, "image"), StringAttribute::new(context, kind).into()));
        fields.push((Identifier::new(context, "image_word"), IntegerAttribute::new(i32_type, i64::from(word)).into()));
    }
    if let Some((count, block)) = descriptors {
        fields.push((Identifier::new(context, "descriptors"), IntegerAttribute::new(i32_type, i64::from(count)).into()));
        fields.push((Identifier::new(context, "block_type"), melior::ir::attribute::TypeAttribute::new(block).into()));
    }
    for key in ["descriptor_set", "binding"] {
        if let Ok(value) = global.attribute(key)
            && let Ok(value) = IntegerAttribute::try_from(value)
        {
            fields.push((Identifier::new(context, key), IntegerAttribute::new(i32_type, value.value()).into()));
        }
    }
    Ok(DictionaryAttribute::new(context, &fields).into())
}

/// The entry points of `module` (a `spirv.module`): function name to the
/// text of its attribute.
fn read_entry_points(module: OperationRef<'_, '_>) -> Result<HashMap<String, String>, MatchFailure> {
    let mut models: Vec<(String, String)> = Vec::new();
    let mut local_size: HashMap<String, Vec<i64>> = HashMap::new();
    let mut derivative_quads: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Float-controls modes the kernel ABI does not give (docs/abi.md,
    // "Floating-point modes"), per function, as "Mode width".
    let mut unsupported_modes: HashMap<String, Vec<String>> = HashMap::new();
    // The values, and per operand the specialization constant it names.
    let mut local_size_id: HashMap<String, (Vec<i64>, Vec<Option<String>>)> = HashMap::new();
    let mut spec_defaults: HashMap<String, i64> = HashMap::new();
    let mut workgroup_size_constituents: Option<Vec<String>> = None;
    let Some(body) = module.region(0).ok().and_then(|region| region.first_block()) else {
        return Ok(HashMap::new());
    };
    // Buffer device addresses: what the kernel ABI's bounds checks must
    // also let an untraced pointer reach (docs/abi.md).
    let device_addresses = printed_attribute(module, "addressing_model").is_some_and(|model| {
        enum_case(&model) == "PhysicalStorageBuffer64"
    });
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        match op_name(op).as_str() {
            "spirv.EntryPoint" => {
                let model = printed_attribute(op, "execution_model").unwrap_or_default();
                models.push((symbol_reference(op, "fn")?, enum_case(&model)));
            }
            "spirv.ExecutionMode" => {
                let mode = enum_case(&printed_attribute(op, "execution_mode").unwrap_or_default());
                match mode.as_str() {
                    "LocalSize" => {
                        local_size.insert(symbol_reference(op, "fn")?, integer_array(op, "values")?);
                    }
                    "DerivativeGroupQuadsNV" => {
                        derivative_quads.insert(symbol_reference(op, "fn")?);
                    }
                    "RoundingModeRTZ" | "DenormFlushToZero" => {
                        let width = integer_array(op, "values")?.first().copied().unwrap_or(0);
                        unsupported_modes.entry(symbol_reference(op, "fn")?).or_default().push(format!("{mode} {width}"));
                    }
                    "LocalSizeId" => {
                        local_size_id.insert(
                            symbol_reference(op, "fn")?,
                            (integer_array(op, "values")?, spec_constant_operands(op)),
                        );
                    }
                    _ => {}
                }
            }
            "spirv.SpecConstant" => {
                if let Ok(value) = op.attribute("default_value")
                    && let Ok(value) = IntegerAttribute::try_from(value)
                {
                    spec_defaults.insert(symbol_name(op)?, value.value());
                }
            }
            "spirv.SpecConstantComposite" => {
                let is_workgroup_size =
                    op.attribute("built_in").ok().and_then(string_value).is_some_and(|value| value == "WorkgroupSize");
                if is_workgroup_size {
                    let constituents = printed_attribute(op, "constituents").unwrap_or_default();
                    workgroup_size_constituents = Some(
                        constituents
                            .trim_matches(|c| c == '[' || c == ']')
                            .split(',')
                            .map(|symbol| symbol.trim().trim_start_matches('@').to_owned())
                            .collect(),
                    );
                }
            }
            _ => {}
        }
    }
    // The WorkgroupSize built-in overrides both execution modes (SPIR-V
    // 2.16 and the BuiltIn decoration's description).
    let from_builtin = workgroup_size_constituents.and_then(|symbols| {
        symbols.iter().map(|symbol| spec_defaults.get(symbol).copied()).collect::<Option<Vec<_>>>()
    });
    let mut table = HashMap::new();
    for (function, model) in models {
        // LocalSizeId's operands that are specialization constants take
        // their (specialized) values, not the defaults read at import.
        let from_ids = local_size_id.get(&function).map(|(values, symbols)| {
            values
                .iter()
                .enumerate()
                .map(|(index, value)| {
                    symbols
                        .get(index)
                        .and_then(Option::as_ref)
                        .and_then(|symbol| spec_defaults.get(symbol))
                        .copied()
                        .unwrap_or(*value)
                })
                .collect::<Vec<_>>()
        });
        let size = from_builtin.clone().or(from_ids).or_else(|| local_size.get(&function).cloned());
        let size = match size {
            Some(size) if size.len() == 3 => {
                format!(", local_size = array<i32: {}, {}, {}>", size[0], size[1], size[2])
            }
            _ => String::new(),
        };
        let quads = if derivative_quads.contains(&function) { ", derivative_quads" } else { "" };
        let unsupported = match unsupported_modes.get(&function) {
            Some(modes) => format!(
                ", unsupported_modes = [{}]",
                modes.iter().map(|mode| format!("{mode:?}")).collect::<Vec<_>>().join(", ")
            ),
            None => String::new(),
        };
        let addresses = if device_addresses { ", device_addresses" } else { "" };
        table.insert(function, format!("{{execution_model = \"{model}\"{size}{quads}{unsupported}{addresses}}}"));
    }
    Ok(table)
}

/// The importer's `spec_constant_operands` of an `OpExecutionModeId`: per
/// operand, the specialization constant's symbol (or `unit` for a plain
/// constant).
fn spec_constant_operands(op: OperationRef<'_, '_>) -> Vec<Option<String>> {
    let Some(array) =
        op.attribute("spec_constant_operands").ok().and_then(|array| ArrayAttribute::try_from(array).ok())
    else {
        return Vec::new();
    };
    (0..array.len())
        .map(|index| {
            let element = array.element(index).ok()?;
            FlatSymbolRefAttribute::try_from(element).ok().and_then(|_| spirv_opt_rs::ir::string_value(element))
        })
        .collect()
}

/// `GLCompute` out of `#spirv.execution_model<GLCompute>`.
fn enum_case(printed: &str) -> String {
    printed.rsplit_once('<').map_or(printed, |(_, rest)| rest.trim_end_matches('>')).to_owned()
}

fn symbol_name(op: OperationRef<'_, '_>) -> Result<String, MatchFailure> {
    op.attribute("sym_name").ok().and_then(string_value).ok_or_else(|| MatchFailure::new("the op has no symbol name"))
}
