//! `spirv.GlobalVariable` and `spirv.mlir.addressof` (manual:
//! "`spirv.GlobalVariable` and `spirv.mlir.addressof`").
//!
//! The LLVM name of a global is, in this order: its linkage name when it has
//! `linkage_attributes` (as for functions, see `function.rs`); for a global
//! with a descriptor set and a binding, in a `spirv.module` right inside the
//! converted module, `<name>_descriptor_set<s>_binding<b>` (upstream's
//! `encodeBindAttribute`, which lets host code find the buffer); else its
//! symbol name. `spirv.mlir.addressof` uses the same name.

use super::super::{
    SpirvToLlvmOptions, abi_attributes,
    constant::SpecConstantValue,
    function::llvm_symbol_name,
    types::{Form, TypeLowering, read_type},
    util::{attribute, printed_attribute, symbol_reference, type_attribute},
};
use std::sync::Arc;

use melior::dialect::llvm;
use melior::ir::{
    Attribute, Block, Identifier, OperationRef, Region, RegionLike, Value,
    attribute::{FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
    operation::{OperationBuilder, OperationLike},
    r#type::IntegerType,
};
use spirv_opt_dialects::spirv::{
    INITIALIZER_CONSTITUENTS, NULL_INITIALIZER,
    attributes::{Decoration, LinkageType, StorageClass},
    types::SpirvType,
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// Adds the global variable patterns.
pub(super) fn populate(patterns: &mut PatternSet, options: SpirvToLlvmOptions) {
    patterns.add(GlobalVariable { options }).add_fn("spirv.mlir.addressof", address_of);
}

/// `spirv.GlobalVariable` is `llvm.mlir.global` of the pointee type, in the
/// address space of its storage class.
///
/// As upstream: `Private` globals have `private` linkage, the others
/// `external`; `Input` and `UniformConstant` ones are `constant`; the
/// `location` attribute is kept, `built_in` is dropped. Beyond upstream
/// (which only takes `Input`, `Output`, `Private`, `StorageBuffer` and
/// `UniformConstant` globals without initializer, and ignores linkage): every
/// module-scope storage class (`PushConstant`, read-only, is also
/// `constant`); an initializer, which gives the global the default value of
/// the specialization constant it names, or the value of the importer's
/// initializer tree (addresses of other globals included:
/// `llvm.mlir.addressof` and constant `llvm.getelementptr`s); `Import` linkage (an `external`
/// declaration), `Export` (an `external` definition) and `LinkOnceODR`
/// (`linkonce_odr`), definitions getting an undefined value when they have
/// no initializer.
struct GlobalVariable {
    options: SpirvToLlvmOptions,
}

/// What a global starts with.
enum Initializer {
    /// The default value of the specialization constant it names.
    Constant(SpecConstantValue),
    /// Zero: an `OpConstantNull` composite the importer marked with
    /// [`NULL_INITIALIZER`] (every type's null value is all zero bits, bools
    /// in their memory form too).
    Zero,
}

impl ConversionPattern for GlobalVariable {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.GlobalVariable"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let context = rewriter.context();
        let SpirvType::Pointer { pointee, storage_class } = read_type(type_attribute(op, "type")?)? else {
            return Err(MatchFailure::new("the type of a global variable must be a pointer"));
        };
        if matches!(storage_class, StorageClass::Function | StorageClass::Generic) {
            return Err(MatchFailure::new(format!("a global variable cannot be in storage class {storage_class}")));
        }
        let lowering = TypeLowering { context, converter: rewriter.type_converter(), options: self.options };
        // A descriptor array of buffers is a table of pointers to them.
        let descriptors = buffer_descriptor_array(storage_class, &pointee)?;
        let (global_type, block) = match &descriptors {
            Some((block, count)) => {
                let block_type = lowering
                    .lower_in_memory(block)
                    .map_err(|reason| MatchFailure::new(format!("cannot convert type '{block}': {reason}")))?;
                let table = llvm::r#type::array(llvm::r#type::pointer(context, 0), *count);
                (table, Some((*count, block_type)))
            }
            None => (
                lowering
                    .lower_in_memory(&pointee)
                    .map_err(|reason| MatchFailure::new(format!("cannot convert type '{pointee}': {reason}")))?,
                None,
            ),
        };
        if block.is_some() && op.attribute("initializer").is_ok() {
            return Err(MatchFailure::new("a descriptor array of buffers cannot have an initializer"));
        }
        let initializer = match op.attribute("initializer") {
            Ok(_) => Some(Initializer::Constant(SpecConstantValue::resolve(
                rewriter,
                op,
                &symbol_reference(op, "initializer")?,
            )?)),
            Err(_) if op.attribute(NULL_INITIALIZER).is_ok() => Some(Initializer::Zero),
            Err(_) => match op.attribute(INITIALIZER_CONSTITUENTS) {
                Ok(tree) => {
                    Some(Initializer::Constant(SpecConstantValue::resolve_tree(rewriter, op, tree, self.options)?))
                }
                Err(_) => None,
            },
        };
        let linkage_type = linkage_type(op)?;
        let (linkage, definition) = match linkage_type {
            Some(LinkageType::Import) if initializer.is_some() => {
                return Err(MatchFailure::new("an imported global variable cannot have an initializer"));
            }
            Some(LinkageType::Import) => ("external", false),
            Some(LinkageType::Export) => ("external", true),
            Some(LinkageType::LinkOnceODR) => ("linkonce_odr", true),
            None if storage_class == StorageClass::Private => ("private", false),
            None => ("external", false),
        };
        let linkage = Attribute::parse(context, &format!("#llvm.linkage<{linkage}>"))
            .ok_or_else(|| MatchFailure::new("cannot build the linkage attribute"))?;
        let name = llvm_global_name(rewriter, op)?;
        let i32_type = IntegerType::new(context, 32).into();
        let address_space = self.options.client_api.address_space(storage_class);
        let mut attributes: Vec<(&str, Attribute<'c>)> = vec![
            ("sym_name", StringAttribute::new(context, &name).into()),
            ("global_type", TypeAttribute::new(global_type).into()),
            ("linkage", linkage),
            ("addr_space", IntegerAttribute::new(i32_type, i64::from(address_space)).into()),
        ];
        if matches!(storage_class, StorageClass::Input | StorageClass::UniformConstant | StorageClass::PushConstant) {
            attributes.push(("constant", Attribute::unit(context)));
        }
        if let Ok(location) = op.attribute("location") {
            attributes.push(("location", location));
        }
        attributes.push((
            abi_attributes::INTERFACE,
            abi_attributes::interface_attribute(
                rewriter,
                op,
                &storage_class.to_string(),
                is_buffer_block(descriptors.as_ref().map_or(&*pointee, |(block, _)| &**block)),
                storage_class == StorageClass::Workgroup && is_block(&pointee),
                block,
            )?,
        ));
        let attributes: Vec<_> =
            attributes.into_iter().map(|(key, value)| (Identifier::new(context, key), value)).collect();
        let region = Region::new();
        let has_body = initializer.is_some() || definition;
        if has_body {
            region.append_block(Block::new(&[]));
        }
        let global = OperationBuilder::new("llvm.mlir.global", rewriter.location())
            .add_attributes(&attributes)
            .add_regions([region])
            .build()?;
        let global = rewriter.insert(global);
        if has_body {
            let body = global
                .region(0)
                .ok()
                .and_then(|region| region.first_block())
                .ok_or_else(|| MatchFailure::new("llvm.mlir.global has no initializer block"))?;
            let current = rewriter.insertion_block();
            rewriter.set_insertion_point_to_end(body);
            let value = match &initializer {
                Some(Initializer::Zero) => rewriter.create_value("llvm.mlir.zero", &[], global_type, &[]),
                // Built as a value, stored in the memory form.
                Some(Initializer::Constant(initializer)) => lowering
                    .lower(&pointee)
                    .map_err(|reason| MatchFailure::new(format!("cannot convert type '{pointee}': {reason}")))
                    .and_then(|value_type| initializer.build(rewriter, &pointee, value_type))
                    .and_then(|value| super::forms::convert(rewriter, &lowering, &pointee, value, Form::Memory)),
                None => rewriter.create_value("llvm.mlir.undef", &[], global_type, &[]),
            };
            let returned = value.and_then(|value| rewriter.create("llvm.return", &[value], &[], &[]));
            rewriter.set_insertion_point_to_end(current);
            returned?;
        }
        Ok(vec![])
    }
}

/// `spirv.mlir.addressof @g` is `llvm.mlir.addressof` of the LLVM name of `@g`.
fn address_of<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let symbol = symbol_reference(op, "variable")?;
    let global = rewriter
        .lookup_symbol(op, &symbol)
        .ok_or_else(|| MatchFailure::new(format!("no global variable named @{symbol}")))?;
    let name = llvm_global_name(rewriter, global)?;
    let result = rewriter.converted_result_type(op, 0)?;
    let reference = FlatSymbolRefAttribute::new(rewriter.context(), &name);
    Ok(vec![rewriter.create_value("llvm.mlir.addressof", &[], result, &[("global_name", reference.into())])?])
}

/// The linkage type of the `linkage_attributes` of `op`, if any, read from
/// their printed form `#spirv.linkage_attributes<linkage_name = "n",
/// linkage_type = <Import>>`.
fn linkage_type(op: OperationRef<'_, '_>) -> Result<Option<LinkageType>, MatchFailure> {
    let Some(text) = printed_attribute(op, "linkage_attributes") else {
        return Ok(None);
    };
    let kind = text
        .rsplit_once("linkage_type = ")
        .and_then(|(_, kind)| kind.strip_suffix('>'))
        .ok_or_else(|| MatchFailure::new(format!("cannot read 'linkage_attributes' {text}")))?;
    LinkageType::parse(kind).map(Some).map_err(|error| MatchFailure::new(error.to_string()))
}

/// The name of the `llvm.mlir.global` of the `spirv.GlobalVariable` `global`
/// (see the module documentation).
pub(in crate::spirv_to_llvm) fn llvm_global_name<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    global: OperationRef<'c, 'r>,
) -> Result<String, MatchFailure> {
    if global.attribute("linkage_attributes").is_ok() {
        return llvm_symbol_name(global);
    }
    // `string_value`: melior's `value()` panics on a name that is not UTF-8.
    let name = attribute(global, "sym_name")?;
    let name = StringAttribute::try_from(name)
        .ok()
        .and_then(|_| spirv_opt_rs::ir::string_value(name))
        .ok_or_else(|| MatchFailure::new("'sym_name' is not a string"))?;
    let Some((set, binding)) = descriptor_binding(global) else {
        return Ok(name);
    };
    // Upstream's encodeBindAttribute prefixes the name of a named module.
    let module_prefix = global
        .parent_operation()
        .and_then(|module| module.attribute("sym_name").ok())
        .and_then(|module| StringAttribute::try_from(module).ok())
        .map(|module| format!("{}_", module.value()))
        .unwrap_or_default();
    let encoded = format!("{module_prefix}{name}_descriptor_set{set}_binding{binding}");
    if rewriter.lookup_symbol(global, &encoded).is_some() {
        return Err(MatchFailure::new(format!(
            "the name '{encoded}' encoding the descriptor set and binding of @{name} is already taken"
        )));
    }
    Ok(encoded)
}

/// The descriptor set and binding of a global variable whose name encodes
/// them: one in a `spirv.module` directly inside the top-level module, as
/// upstream's `encodeBindAttribute` only renames those.
fn descriptor_binding(global: OperationRef<'_, '_>) -> Option<(i64, i64)> {
    let integer = |name| global.attribute(name).ok().and_then(|value| IntegerAttribute::try_from(value).ok());
    let (set, binding) = (integer("descriptor_set")?, integer("binding")?);
    let spirv_module = global.parent_operation()?;
    let top = spirv_module.parent_operation()?;
    let is = |op: OperationRef<'_, '_>, name| op.name().as_string_ref().as_str() == Ok(name);
    (is(spirv_module, "spirv.module") && is(top, "builtin.module") && top.parent_operation().is_none())
        .then(|| (set.value(), binding.value()))
}

/// The block type and the length of a descriptor array of buffers (`buffer
/// B { ... } b[N];`): a `StorageBuffer` or `Uniform` variable holding an
/// array of `Block` or `BufferBlock` structs, each element a descriptor of
/// its own (docs/abi.md, "Descriptor arrays of buffers"); `None` for any
/// other variable type. An unsized array of them is refused: the import
/// sizes it when given the count (docs/import.md, "Unsized descriptor arrays").
pub(crate) fn buffer_descriptor_array(
    storage_class: StorageClass,
    pointee: &SpirvType,
) -> Result<Option<(Arc<SpirvType>, u32)>, MatchFailure> {
    if !matches!(storage_class, StorageClass::StorageBuffer | StorageClass::Uniform) {
        return Ok(None);
    }
    match pointee {
        SpirvType::Array { element, count, .. } if is_block(element) || is_buffer_block(element) => {
            if *count == 0 || *count > MAX_BUFFER_DESCRIPTORS {
                return Err(MatchFailure::new(format!(
                    "a descriptor array of {count} buffers (1 to {MAX_BUFFER_DESCRIPTORS} are supported)"
                )));
            }
            Ok(Some((Arc::clone(element), *count)))
        }
        SpirvType::RuntimeArray { element, .. } if is_block(element) || is_buffer_block(element) => Err(
            MatchFailure::new(format!(
                "an unsized descriptor array of buffers ('{pointee}') needs its descriptor count: import the binary with \
                 --descriptor-count SET:BINDING=N (spirv-run-rs and Amber count the descriptors they bind)"
            )),
        ),
        _ => Ok(None),
    }
}

/// The longest descriptor array of buffers: one resource per element.
pub const MAX_BUFFER_DESCRIPTORS: u32 = 65_536;

/// Whether `ty` is a struct decorated `Block`: in `Workgroup` storage, the
/// variables of such types alias one another (SPV_KHR_workgroup_memory_explicit_layout).
fn is_block(ty: &SpirvType) -> bool {
    matches!(ty, SpirvType::Struct(st) if st.decorations.iter().any(|info| info.decoration == Decoration::Block))
}

/// Whether `ty` is a struct decorated `BufferBlock`.
fn is_buffer_block(ty: &SpirvType) -> bool {
    matches!(ty, SpirvType::Struct(st) if st.decorations.iter().any(|info| info.decoration == Decoration::BufferBlock))
}
