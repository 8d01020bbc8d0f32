//! Module ops (manual: "Module ops", "spirv.EntryPoint and
//! spirv.ExecutionMode"): `spirv.module` becomes `builtin.module`,
//! `spirv.EntryPoint` is removed and `spirv.ExecutionMode` becomes a constant
//! struct global recording the mode and its values.

use super::{
    function::{llvm_symbol_name, lookup_function},
    util::{attribute, integer_array, printed_attribute, symbol_reference},
};
use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        attribute::{DenseI64ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::attributes::ExecutionMode as ExecutionModeKind;
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.module", module)
        .add_fn("spirv.EntryPoint", entry_point)
        .add_fn("spirv.ExecutionMode", execution_mode);
}

/// `spirv.module` to `builtin.module`, keeping its symbol name; the
/// addressing model, memory model and VCE triple are dropped, as upstream.
fn module<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let mut builder = OperationBuilder::new("builtin.module", rewriter.location()).add_regions([Region::new()]);
    if let Ok(name) = attribute(op, "sym_name") {
        builder = builder.add_attributes(&[(Identifier::new(rewriter.context(), "sym_name"), name)]);
    }
    let module = rewriter.insert(builder.build()?);
    let body = op.region(0).map_err(|_| MatchFailure::new("spirv.module has no region"))?;
    let into = module.region(0).map_err(|_| MatchFailure::new("builtin.module has no region"))?;
    if body.first_block().is_some() {
        rewriter.convert_region_into(op, body, into, &[])?;
    } else {
        into.append_block(Block::new(&[]));
    }
    Ok(vec![])
}

/// `spirv.EntryPoint` has no LLVM counterpart and is removed, as upstream.
fn entry_point<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    Ok(vec![])
}

/// `spirv.ExecutionMode @fn "Mode", v0, v1...` becomes, at the start of the
/// module, the constant global
/// `@__spv__<module>_<fn>_execution_mode_info_<mode id>` (`<module>_` only
/// when the module is named) of type `!llvm.struct<(i32, array<N x i32>)>`,
/// or `!llvm.struct<(i32)>` without values, initialized with the mode id and
/// the values, exactly as upstream. `<fn>` is the LLVM name of the function,
/// which differs from the SPIR-V one only for functions with linkage
/// attributes (see the function family).
fn execution_mode<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let function = symbol_reference(op, "fn")?;
    let function = match lookup_function(rewriter, op, &function) {
        Some(func) => llvm_symbol_name(func)?,
        None => function,
    };
    let text = printed_attribute(op, "execution_mode").unwrap_or_default();
    let mode = ExecutionModeKind::parse(&text)
        .map_err(|error| MatchFailure::new(format!("cannot read 'execution_mode': {error}")))?;
    let values = integer_array(op, "values")?;
    let module = op
        .parent_operation()
        .and_then(|module| module.attribute("sym_name").ok())
        .and_then(|name| StringAttribute::try_from(name).ok())
        .map(|name| format!("{}_", name.value()))
        .unwrap_or_default();
    let name = format!("__spv__{module}{function}_execution_mode_info_{}", mode.value());
    let global_name = name.clone();
    rewriter.declare_symbol(&name, move |context, location| {
        execution_mode_global(context, location, &global_name, mode.value(), &values)
    })?;
    Ok(vec![])
}

/// Builds the `llvm.mlir.global` holding `{mode, [values...]}`, with the
/// initializer region upstream emits: `llvm.mlir.poison`, then one
/// `llvm.insertvalue` per field, then `llvm.return`.
fn execution_mode_global<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    mode: u32,
    values: &[i64],
) -> Result<Operation<'c>, MatchFailure> {
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let mut fields = vec![i32_type];
    if !values.is_empty() {
        let length = u32::try_from(values.len()).map_err(|_| MatchFailure::new("too many execution mode values"))?;
        fields.push(llvm::r#type::array(i32_type, length));
    }
    let struct_type = llvm::r#type::r#struct(context, &fields, false);

    let block = Block::new(&[]);
    let op = |name: &str, operands: &[Value<'c, '_>], attributes: &[(&str, Attribute<'c>)]| {
        let attributes: Vec<_> =
            attributes.iter().map(|(key, value)| (Identifier::new(context, key), *value)).collect();
        let result = if name == "llvm.mlir.constant" { i32_type } else { struct_type };
        OperationBuilder::new(name, location)
            .add_operands(operands)
            .add_results(&[result])
            .add_attributes(&attributes)
            .build()
    };
    let first = block.append_operation(op("llvm.mlir.poison", &[], &[])?);
    let mut aggregate: Value<'c, '_> = first.result(0)?.into();
    let fields = std::iter::once((i64::from(mode), vec![0]))
        .chain(values.iter().enumerate().map(|(index, &value)| (value, vec![1, index as i64])));
    for (value, position) in fields {
        let constant = IntegerAttribute::new(i32_type, value).into();
        let constant = block.append_operation(op("llvm.mlir.constant", &[], &[("value", constant)])?);
        let constant: Value<'c, '_> = constant.result(0)?.into();
        let position = DenseI64ArrayAttribute::new(context, &position).into();
        let insert = block.append_operation(op("llvm.insertvalue", &[aggregate, constant], &[("position", position)])?);
        aggregate = insert.result(0)?.into();
    }
    block.append_operation(OperationBuilder::new("llvm.return", location).add_operands(&[aggregate]).build()?);

    let region = Region::new();
    region.append_block(block);
    let linkage = Attribute::parse(context, "#llvm.linkage<external>")
        .ok_or_else(|| MatchFailure::new("cannot build the external linkage"))?;
    let attributes = [
        ("sym_name", StringAttribute::new(context, name).into()),
        ("global_type", TypeAttribute::new(struct_type).into()),
        ("linkage", linkage),
        ("constant", Attribute::unit(context)),
        ("addr_space", IntegerAttribute::new(i32_type, 0).into()),
    ];
    let attributes: Vec<_> = attributes.iter().map(|(key, value)| (Identifier::new(context, key), *value)).collect();
    Ok(OperationBuilder::new("llvm.mlir.global", location).add_attributes(&attributes).add_regions([region]).build()?)
}
