//! Memory ops (manual: "Memory ops"): access chains are `llvm.getelementptr`,
//! loads and stores keep their memory access as LLVM flags, global variables
//! are `llvm.mlir.global`s and function variables `llvm.alloca`s.
//!
//! Beyond upstream, which rejects them: memory accesses combining
//! `Volatile`, `Aligned` and `Nontemporal`; `spirv.PtrAccessChain` and
//! `spirv.InBoundsPtrAccessChain`; `spirv.CopyMemory` (a load and a store);
//! global variables of every module-scope storage class, with an
//! initializer, or with linkage attributes; variables initialized with an
//! aggregate or a pointer.
//!
//! Bools are bytes in memory (`types::Form`), and so are a `Physical32`
//! module's pointers 32-bit integers under `PointerLayout::Module`: loads,
//! stores and variable initializers convert them (`forms.rs`). Loads and stores of vectors that
//! a layout may place below their LLVM alignment (Vulkan's scalar block
//! layout) carry the alignment the layout guarantees (`alignment.rs`).

mod alignment;
mod forms;
pub(super) mod global;
mod padding;

pub(crate) use global::buffer_descriptor_array;

use std::sync::Arc;

use super::{
    SpirvToLlvmOptions,
    types::{
        Form, TypeLowering, explicit_layout, forms_differ, packed_variable_alignment, read_type_cached, stride_padding,
    },
    util::{attribute, i32_constant, integer_constant, printed_attribute},
};
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, Module, Operation, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, IntegerAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::{
    attributes::{MemoryAccess, MemoryAccessFlag},
    types::SpirvType,
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// Adds the memory patterns; `options` decides pointer address spaces.
pub(crate) fn populate(patterns: &mut PatternSet, options: SpirvToLlvmOptions) {
    patterns
        .add(AccessChain { options })
        .add(PtrAccessChain { names: ["spirv.PtrAccessChain"], options, inbounds: false })
        .add(PtrAccessChain { names: ["spirv.InBoundsPtrAccessChain"], options, inbounds: true })
        .add(Load { options })
        .add(Store { options })
        .add(CopyMemory { options })
        .add(Variable { options });
    global::populate(patterns, options);
}

/// The pointee of the pointer type `ty`, as a model.
fn pointee(rewriter: &ConversionRewriter<'_, '_, '_>, ty: Type<'_>) -> Result<Arc<SpirvType>, MatchFailure> {
    match &*read_type_cached(rewriter, ty)? {
        SpirvType::Pointer { pointee, .. } => Ok(Arc::clone(pointee)),
        other => Err(MatchFailure::new(format!("expected a pointer type, found {other}"))),
    }
}

/// The LLVM type of the pointee of the pointer type `ty`, in its memory form
/// (lowered once per pointer type and conversion).
fn converted_pointee<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    options: SpirvToLlvmOptions,
    ty: Type<'c>,
) -> Result<(Arc<SpirvType>, Type<'c>), MatchFailure> {
    if let SpirvType::Pointer { pointee, storage_class } = &*read_type_cached(rewriter, ty)?
        && buffer_descriptor_array(*storage_class, pointee)?.is_some()
    {
        return Err(MatchFailure::new(
            "a descriptor array of buffers is only indexed (an access chain picks one buffer), never read, written or \
             stepped over as a whole",
        ));
    }
    let model = pointee(rewriter, ty)?;
    let converted = rewriter.memoized_type("pointee", ty, || {
        let lowering = TypeLowering { context: rewriter.context(), converter: rewriter.type_converter(), options };
        lowering
            .lower_in_memory(&model)
            .map_err(|reason| MatchFailure::new(format!("cannot convert type '{model}': {reason}")))
    })?;
    Ok((model, converted))
}

/// The marker of a dynamic index in `rawConstantIndices` (`GEPOp::kDynamicIndex`).
const DYNAMIC_INDEX: i32 = i32::MIN;

/// The indices of a `llvm.getelementptr` after the one stepping over the
/// pointer: `indices` walk into `pointee`. Indices into structs must be
/// constants and become constant indices, as MLIR's GEP builder makes them;
/// the others stay dynamic (SSA operands), constants included. Computed
/// before any op is created, so that a pattern fails without side effects.
pub(super) struct GepIndices<'c, 'r> {
    /// `rawConstantIndices`, the leading pointer index included.
    raw: Vec<i32>,
    /// The dynamic indices after the leading one.
    dynamic: Vec<Value<'c, 'r>>,
}

impl<'c, 'r> GepIndices<'c, 'r> {
    pub(super) fn new(pointee: &SpirvType, indices: &[Value<'c, 'r>]) -> Result<Self, MatchFailure> {
        let mut raw = vec![DYNAMIC_INDEX];
        let mut dynamic = Vec::new();
        let mut current = pointee;
        for (position, &index) in indices.iter().enumerate() {
            current = match current {
                SpirvType::Struct(st) => {
                    let member = constant_index(index).ok_or_else(|| {
                        MatchFailure::new(format!("index #{position} into a struct is not a constant"))
                    })?;
                    let ty =
                        usize::try_from(member).ok().and_then(|member| st.members.get(member)).ok_or_else(|| {
                            MatchFailure::new(format!("index #{position} is out of the struct's bounds: {member}"))
                        })?;
                    // An explicitly laid out struct has padding fields between its members.
                    let field = match explicit_layout(st).map_err(MatchFailure::new)? {
                        Some(layout) => usize::try_from(member).ok().and_then(|member| layout.field_of_member.get(member).copied()),
                        None => usize::try_from(member).ok(),
                    }
                    .ok_or_else(|| MatchFailure::new("struct index out of range"))?;
                    raw.push(i32::try_from(field).map_err(|_| MatchFailure::new("struct index out of range"))?);
                    &ty.ty
                }
                // An element padded to the array's stride is field 0 of a
                // struct (types.rs).
                SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride }
                    if stride_padding(element, *stride).is_some() =>
                {
                    raw.push(DYNAMIC_INDEX);
                    dynamic.push(index);
                    raw.push(0);
                    element
                }
                // A matrix is an array of its column vectors (types.rs).
                SpirvType::Array { element, .. }
                | SpirvType::RuntimeArray { element, .. }
                | SpirvType::Matrix { column_type: element, .. }
                | SpirvType::Vector { element, .. }
                // A cooperative matrix is a vector of its elements (coop_matrix.rs).
                | SpirvType::CooperativeMatrix { element, .. } => {
                    raw.push(DYNAMIC_INDEX);
                    dynamic.push(index);
                    element
                }
                other => {
                    return Err(MatchFailure::new(format!("index #{position} goes into {other}, not a composite")));
                }
            };
        }
        Ok(Self { raw, dynamic })
    }

    /// Creates the `llvm.getelementptr` of `base` with `first` as the index
    /// stepping over the pointer.
    pub(super) fn build(
        &self,
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        base: Value<'c, 'r>,
        first: Value<'c, 'r>,
        element_type: Type<'c>,
        result: Type<'c>,
        inbounds: bool,
    ) -> Result<Value<'c, 'r>, MatchFailure> {
        let context = rewriter.context();
        let mut operands = vec![base, first];
        operands.extend(&self.dynamic);
        let attributes = [
            ("elem_type", TypeAttribute::new(element_type).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &self.raw).into()),
        ];
        let gep = if inbounds {
            inbounds_gep(context, &operands, result, &attributes)?
        } else {
            let attributes: Vec<_> =
                attributes.iter().map(|(name, value)| (Identifier::new(context, name), *value)).collect();
            OperationBuilder::new("llvm.getelementptr", rewriter.location())
                .add_operands(&operands)
                .add_results(&[result])
                .add_attributes(&attributes)
                .build()?
        };
        let gep = rewriter.insert(gep);
        Ok(gep.result(0)?.into())
    }
}

/// The value of an integer constant built by `llvm.mlir.constant`.
fn constant_index(value: Value<'_, '_>) -> Option<i64> {
    let defining = spirv_opt_rs::ir::defining_op(value)?;
    if defining.name().as_string_ref().as_str() != Ok("llvm.mlir.constant") {
        return None;
    }
    IntegerAttribute::try_from(defining.attribute("value").ok()?).ok().map(|value| value.value())
}

/// An `inbounds` `llvm.getelementptr` with the given operands, result type
/// and attributes. Its `noWrapFlags` is a property without an attribute
/// form, which the C API cannot set on a new op; so a template GEP with the
/// flag is parsed and cloned, and the clone gets the operands, result type
/// and attributes.
fn inbounds_gep<'c>(
    context: &'c Context,
    operands: &[Value<'c, '_>],
    result: Type<'c>,
    attributes: &[(&str, Attribute<'c>)],
) -> Result<Operation<'c>, MatchFailure> {
    const TEMPLATE: &str = "llvm.func @template(%base: !llvm.ptr, %index: i64) {\n\
        %0 = llvm.getelementptr inbounds %base[%index] : (!llvm.ptr, i64) -> !llvm.ptr, i8\n\
        llvm.return\n\
        }";
    let template =
        Module::parse(context, TEMPLATE).ok_or_else(|| MatchFailure::new("cannot parse the GEP template"))?;
    let gep = template
        .body()
        .first_operation()
        .and_then(|function| function.region(0).ok()?.first_block()?.first_operation())
        .ok_or_else(|| MatchFailure::new("the GEP template has no GEP"))?;
    let mut gep = Operation::clone(&gep);
    // The clone uses the template's arguments until its operands are set,
    // which must happen before the template is dropped.
    gep.set_operands(operands);
    for (name, value) in attributes {
        gep.set_inherent_attribute(name, *value);
    }
    gep.result(0)?.set_type(result);
    drop(template);
    Ok(gep)
}

/// `spirv.AccessChain %base[%i, ...]` is `llvm.getelementptr %base[0, %i, ...]`:
/// the leading zero, of the first index's type, goes through the pointer.
struct AccessChain {
    options: SpirvToLlvmOptions,
}

impl ConversionPattern for AccessChain {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.AccessChain"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let (&base, indices) = operands.split_first().ok_or_else(|| MatchFailure::new("expected a base pointer"))?;
        let Some(first_index) = indices.first() else {
            return Ok(vec![base]);
        };
        let result = rewriter.converted_result_type(op, 0)?;
        let base_type = op.operand(0)?.r#type();
        if let SpirvType::Pointer { pointee, storage_class } = &*read_type_cached(rewriter, base_type)?
            && let Some((block, count)) = buffer_descriptor_array(*storage_class, pointee)?
        {
            return descriptor_buffer(rewriter, self.options, (base, indices), (&block, count), result);
        }
        let (pointee, element_type) = converted_pointee(rewriter, self.options, base_type)?;
        let gep = GepIndices::new(&pointee, indices)?;
        let zero = integer_constant(rewriter, first_index.r#type(), 0)?;
        Ok(vec![gep.build(rewriter, base, zero, element_type, result, false)?])
    }
}

/// An access chain into a descriptor array of buffers (`b[i].d[j]` of
/// `buffer B { uint d[]; } b[N]`): the array is a table of N pointers
/// (global.rs), so the first index picks a pointer, clamped to the table (an
/// index past the array is undefined in Vulkan; here it reaches the last
/// buffer, never memory the host did not bind), and the other indices walk
/// into that buffer's block. The kernel ABI recognizes the load of the
/// pointer: what it loads is a buffer, checked against its own size.
fn descriptor_buffer<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    options: SpirvToLlvmOptions,
    (table, indices): (Value<'c, 'r>, &[Value<'c, 'r>]),
    (block, count): (&SpirvType, u32),
    result: Type<'c>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (&index, rest) = indices.split_first().ok_or_else(|| MatchFailure::new("expected an index"))?;
    let block_type = TypeLowering { context: rewriter.context(), converter: rewriter.type_converter(), options }
        .lower_in_memory(block)
        .map_err(|reason| MatchFailure::new(format!("cannot convert type '{block}': {reason}")))?;
    let gep = GepIndices::new(block, rest)?;
    let context = rewriter.context();
    let pointer = melior::dialect::llvm::r#type::pointer(context, 0);
    let last = integer_constant(rewriter, index.r#type(), i64::from(count) - 1)?;
    let clamped = rewriter.create_value("llvm.intr.umin", &[index, last], index.r#type(), &[])?;
    let slot = rewriter.create_value(
        "llvm.getelementptr",
        &[table, clamped],
        pointer,
        &[
            ("elem_type", TypeAttribute::new(pointer).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[DYNAMIC_INDEX]).into()),
        ],
    )?;
    let buffer = rewriter.create_value("llvm.load", &[slot], pointer, &[])?;
    if rest.is_empty() {
        return Ok(vec![buffer]);
    }
    let zero = integer_constant(rewriter, index.r#type(), 0)?;
    Ok(vec![gep.build(rewriter, buffer, zero, block_type, result, false)?])
}

/// `spirv.PtrAccessChain %base[%element, %i, ...]` is
/// `llvm.getelementptr %base[%element, %i, ...]`: `Element` steps over whole
/// pointees, as the first GEP index does. The `InBounds` variant is an
/// `inbounds` GEP.
struct PtrAccessChain {
    names: [&'static str; 1],
    options: SpirvToLlvmOptions,
    inbounds: bool,
}

impl ConversionPattern for PtrAccessChain {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let [base, element, rest @ ..] = operands else {
            return Err(MatchFailure::new("expected a base pointer and an element index"));
        };
        let result = rewriter.converted_result_type(op, 0)?;
        let base_type = op.operand(0)?.r#type();
        let (pointee, element_type) = converted_pointee(rewriter, self.options, base_type)?;
        let gep = GepIndices::new(&pointee, rest)?;
        Ok(vec![gep.build(rewriter, *base, *element, element_type, result, self.inbounds)?])
    }
}

/// The LLVM `alignment` attribute (an `i64`) of a SPIR-V alignment literal,
/// which the importer keeps as an `i32`: read back as the unsigned word it
/// was, and taken as the largest power of two dividing it. That is the
/// literal itself for every valid one (a power of two); clang-22 writes
/// `Alignment 4294967168` (0xffffff80, 128 through a signed byte) on
/// private 16-vectors of 64-bit elements, and LLVM refuses an alignment
/// above 2^32 ("huge alignment values are unsupported") or miscompiles it
/// (fuzz-diff-cl finding 08): a multiple of 0xffffff80 is a multiple of 128.
/// Zero (no alignment known) stays 0, LLVM's "the type's own".
fn alignment_attribute(context: &Context, literal: i64) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), alignment_bytes(literal)).into()
}

/// The alignment an `Alignment`/`Aligned` literal promises: the word read
/// unsigned, its largest power-of-two divisor (0 for 0).
fn alignment_bytes(literal: i64) -> i64 {
    let word = literal as u32;
    if word == 0 { 0 } else { 1i64 << word.trailing_zeros() }
}

/// The LLVM attributes of a memory access (`memory_access` and `alignment`
/// attributes named `access_name` and `alignment_name`): `volatile_`,
/// `nontemporal` and `alignment`. Upstream takes one of `None`, `Volatile`,
/// `Aligned` and `Nontemporal`; combinations of the three are mapped too,
/// and the flags that need no LLVM counterpart are accepted.
fn memory_access_attributes<'c>(
    context: &'c Context,
    op: OperationRef<'c, '_>,
    access_name: &str,
    alignment_name: &str,
) -> Result<Vec<(&'static str, Attribute<'c>)>, MatchFailure> {
    let Some(text) = printed_attribute(op, access_name) else {
        return Ok(Vec::new());
    };
    let access = MemoryAccess::parse(&text).map_err(|error| MatchFailure::new(error.to_string()))?;
    let mut attributes = Vec::new();
    for flag in access.flags() {
        match flag {
            MemoryAccessFlag::Volatile => attributes.push(("volatile_", Attribute::unit(context))),
            MemoryAccessFlag::Nontemporal => attributes.push(("nontemporal", Attribute::unit(context))),
            MemoryAccessFlag::Aligned => {
                let alignment = IntegerAttribute::try_from(attribute(op, alignment_name)?)
                    .map_err(|_| MatchFailure::new(format!("'{alignment_name}' is not an integer")))?;
                attributes.push(("alignment", alignment_attribute(context, alignment.value())));
            }
            // The Vulkan memory model's availability and visibility (their
            // scopes are not kept): the runner's memory is coherent and
            // barriers are fences, so nothing more is needed; the INTEL
            // alias hints only allow optimizations.
            MemoryAccessFlag::MakePointerAvailable
            | MemoryAccessFlag::MakePointerVisible
            | MemoryAccessFlag::NonPrivatePointer
            | MemoryAccessFlag::AliasScopeINTELMask
            | MemoryAccessFlag::NoAliasINTELMask => {}
        }
    }
    Ok(attributes)
}

/// `attributes` (a memory access's) with the `alignment` the layout of
/// the memory `pointer` (an original SPIR-V value) points to guarantees,
/// when that is below LLVM's assumption and the memory access names none
/// ([`alignment::layout_alignment`]).
fn with_layout_alignment<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    pointer: Value<'c, '_>,
    mut attributes: Vec<(&'static str, Attribute<'c>)>,
) -> Result<Vec<(&'static str, Attribute<'c>)>, MatchFailure> {
    if attributes.iter().any(|(name, _)| *name == "alignment") {
        return Ok(attributes);
    }
    if let Some(alignment) = alignment::layout_alignment(rewriter, pointer)? {
        let alignment = i64::try_from(alignment).map_err(|_| MatchFailure::new("alignment out of range"))?;
        let i64_type = IntegerType::new(rewriter.context(), 64).into();
        attributes.push(("alignment", IntegerAttribute::new(i64_type, alignment).into()));
    }
    Ok(attributes)
}

/// A value of the pointee of the pointer type `ty` converted to `to`
/// ([`forms::convert`]).
fn convert_pointee<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    options: SpirvToLlvmOptions,
    ty: Type<'c>,
    value: Value<'c, 'r>,
    to: Form,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let model = pointee(rewriter, ty)?;
    if !forms_differ(&model, options) {
        return Ok(value);
    }
    let converter = rewriter.type_converter();
    let lowering = TypeLowering { context: rewriter.context(), converter, options };
    forms::convert(rewriter, &lowering, &model, value, to)
}

/// `spirv.Load` is `llvm.load`, with the memory access as flags, of the
/// pointee's memory form, converted to its value form.
struct Load {
    options: SpirvToLlvmOptions,
}

impl ConversionPattern for Load {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.Load"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let attributes = memory_access_attributes(rewriter.context(), op, "memory_access", "alignment")?;
        let attributes = with_layout_alignment(rewriter, op.operand(0)?, attributes)?;
        let pointer_type = op.operand(0)?.r#type();
        let (_, stored) = converted_pointee(rewriter, self.options, pointer_type)?;
        let loaded = rewriter.create_value("llvm.load", operands, stored, &attributes)?;
        Ok(vec![convert_pointee(rewriter, self.options, pointer_type, loaded, Form::Value)?])
    }
}

/// `spirv.Store %ptr, %value` is `llvm.store %value, %ptr`, with the memory
/// access as flags, of the value converted to the pointee's memory form.
struct Store {
    options: SpirvToLlvmOptions,
}

impl ConversionPattern for Store {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.Store"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let [pointer, value] = operands else {
            return Err(MatchFailure::new("expected a pointer and a value"));
        };
        let attributes = memory_access_attributes(rewriter.context(), op, "memory_access", "alignment")?;
        let attributes = with_layout_alignment(rewriter, op.operand(0)?, attributes)?;
        let value = convert_pointee(rewriter, self.options, op.operand(0)?.r#type(), *value, Form::Memory)?;
        store(rewriter, self.options, op.operand(0)?.r#type(), value, *pointer, &attributes)?;
        Ok(vec![])
    }
}

/// An `llvm.store` of `value` (in memory form) at `pointer`, whose SPIR-V
/// pointer type is `pointer_type`: split into its members and elements
/// when the pointee's layout has padding, which a store leaves alone
/// ([`padding`]).
fn store<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    options: SpirvToLlvmOptions,
    pointer_type: Type<'c>,
    value: Value<'c, 'r>,
    pointer: Value<'c, 'r>,
    attributes: &[(&'static str, Attribute<'c>)],
) -> Result<(), MatchFailure> {
    let (model, stored) = converted_pointee(rewriter, options, pointer_type)?;
    let converter = rewriter.type_converter();
    let lowering = TypeLowering { context: rewriter.context(), converter, options };
    padding::store_without_padding(rewriter, &lowering, &model, stored, value, pointer, attributes)
}

/// `spirv.CopyMemory %target, %source` copies the pointee: an `llvm.load`
/// from the source and an `llvm.store` to the target, which keep each side's
/// memory access (the first memory access applies to both sides unless a
/// second one is given for the source, as the SPIR-V spec says). The copy
/// is typed: padding bytes inside an aggregate are not copied (the store
/// is split where the layout has padding: [`store`]).
struct CopyMemory {
    options: SpirvToLlvmOptions,
}

impl ConversionPattern for CopyMemory {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.CopyMemory"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let [target, source] = operands else {
            return Err(MatchFailure::new("expected a target and a source"));
        };
        let target_access = memory_access_attributes(rewriter.context(), op, "memory_access", "alignment")?;
        let source_access = if op.attribute("source_memory_access").is_ok() {
            memory_access_attributes(rewriter.context(), op, "source_memory_access", "source_alignment")?
        } else {
            target_access.clone()
        };
        let target_access = with_layout_alignment(rewriter, op.operand(0)?, target_access)?;
        let source_access = with_layout_alignment(rewriter, op.operand(1)?, source_access)?;
        let (_, pointee) = converted_pointee(rewriter, self.options, op.operand(1)?.r#type())?;
        let value = rewriter.create_value("llvm.load", &[*source], pointee, &source_access)?;
        store(rewriter, self.options, op.operand(0)?.r#type(), value, *target, &target_access)?;
        Ok(vec![])
    }
}

/// `spirv.Variable` is an `llvm.alloca` of one pointee, followed by a store
/// of the initializer if there is one. Upstream only stores scalar and
/// vector initializers; any initializer is stored here.
struct Variable {
    options: SpirvToLlvmOptions,
}

impl ConversionPattern for Variable {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.Variable"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let result = rewriter.converted_result_type(op, 0)?;
        let (model, pointee) = converted_pointee(rewriter, self.options, op.result(0)?.r#type())?;
        let size = i32_constant(rewriter, 1)?;
        let mut attributes = vec![("elem_type", TypeAttribute::new(pointee).into())];
        // The variable's `Alignment` decoration (OpenCL: clang gives a
        // `uint16` array 64, and its loads and stores say `Aligned 64`):
        // without it the alloca has the LLVM type's alignment (4 for the
        // `[16 x i32]` a 16-vector is in memory), and an access that
        // promises 64 may become an aligned vector move that faults
        // (fuzz-diff-cl finding 07). And a packed struct inside: LLVM would
        // align the variable to 1, while its vectors' loads assume their own
        // alignment from its start. The larger of the two.
        let decorated = match op.attribute("alignment") {
            Ok(alignment) => Some(
                IntegerAttribute::try_from(alignment)
                    .map_err(|_| MatchFailure::new("'alignment' is not an integer"))?
                    .value(),
            ),
            Err(_) => None,
        };
        let packed = packed_variable_alignment(&model).and_then(|alignment| i64::try_from(alignment).ok());
        if let Some(alignment) = decorated.map(alignment_bytes).into_iter().chain(packed).max() {
            attributes.push(("alignment", alignment_attribute(rewriter.context(), alignment)));
        }
        let allocated = rewriter.create_value("llvm.alloca", &[size], result, &attributes)?;
        if let Some(&initializer) = operands.first() {
            let initializer =
                convert_pointee(rewriter, self.options, op.result(0)?.r#type(), initializer, Form::Memory)?;
            rewriter.create("llvm.store", &[initializer, allocated], &[], &[])?;
        }
        Ok(vec![allocated])
    }
}
