//! Constant ops (manual: "`spirv.Constant`"): constants are
//! `llvm.mlir.constant`s whose integers lose their signedness but keep their
//! bit pattern (`255 : ui8` is `-1 : i8`).
//!
//! Beyond upstream, which only lowers scalar and vector `spirv.Constant`s:
//! array constants (one `llvm.mlir.constant` of a dense tensor),
//! `spirv.EXT.ConstantCompositeReplicate`, and specialization constants,
//! which take their default value: `spirv.SpecConstant`,
//! `spirv.SpecConstantComposite` and `spirv.EXT.SpecConstantCompositeReplicate`
//! are erased and each `spirv.mlir.referenceof` becomes the constant value.

use super::{
    SpirvToLlvmOptions,
    memory::{GepIndices, global::llvm_global_name},
    types::{TypeLowering, element_as_scalars, explicit_layout, read_type, stride_padding},
    util::{attribute, integer_constant, op_name, symbol_reference, type_attribute},
};
use melior::ir::{
    Attribute, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::{
        ArrayAttribute, DenseI64ArrayAttribute, DictionaryAttribute, FlatSymbolRefAttribute, IntegerAttribute,
        TypeAttribute,
    },
    operation::{OperationBuilder, OperationLike},
    r#type::IntegerType,
};
use spirv_opt_dialects::spirv::{ADDRESS_GLOBAL, ADDRESS_STEPS, types::SpirvType};
use std::sync::Arc;
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// Adds the constant patterns.
pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.Constant", constant)
        .add_fn("spirv.EXT.ConstantCompositeReplicate", constant_composite_replicate)
        .add_fn("spirv.mlir.referenceof", reference_of)
        .add(EraseSpecConstant)
        .add_fn("spirv.SpecConstantOperation", spec_constant_operation)
        .add_fn("spirv.mlir.yield", mlir_yield);
}

/// `spirv.Constant` is `llvm.mlir.constant`: the attribute is kept when the
/// type converts to itself, else it is rebuilt with the converted type.
fn constant<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let ty = op.result(0)?.r#type();
    let converted = rewriter.converted_result_type(op, 0)?;
    let value = attribute(op, "value")?;
    if ty == converted {
        return Ok(vec![rewriter.create_value("llvm.mlir.constant", &[], converted, &[("value", value)])?]);
    }
    let model = read_type(ty)?;
    // A cooperative matrix's constant is a splat (the dialect allows no
    // other); its vector (coop_matrix.rs) gets the same splat.
    if let SpirvType::CooperativeMatrix { .. } = model {
        let text = value.to_string();
        let splat = text
            .strip_prefix("dense<")
            .and_then(|rest| rest.split_once("> :"))
            .map(|(splat, _)| splat)
            .filter(|splat| !splat.starts_with('['))
            .ok_or_else(|| MatchFailure::new(format!("a cooperative matrix constant that is no splat: {text}")))?;
        let text = format!("dense<{splat}> : {converted}");
        let value = Attribute::parse(rewriter.context(), &text)
            .ok_or_else(|| MatchFailure::new(format!("cannot build the constant {text}")))?;
        return Ok(vec![rewriter.create_value("llvm.mlir.constant", &[], converted, &[("value", value)])?]);
    }
    let literal = Literal::of(value)?;
    Ok(vec![emit(rewriter, &model, converted, &literal)?])
}

/// `spirv.EXT.ConstantCompositeReplicate [v]` is the constant holding `v` in
/// every element (every scalar, when `v` is a scalar and the elements are
/// composites).
fn constant_composite_replicate<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let converted = rewriter.converted_result_type(op, 0)?;
    let literal = Literal::Splat(Box::new(Literal::of(attribute(op, "value")?)?));
    Ok(vec![emit(rewriter, &read_type(op.result(0)?.r#type())?, converted, &literal)?])
}

/// `spirv.mlir.referenceof @sc` is the default value of the specialization
/// constant `@sc`.
fn reference_of<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let symbol = symbol_reference(op, "spec_const")?;
    let model = read_type(op.result(0)?.r#type())?;
    let converted = rewriter.converted_result_type(op, 0)?;
    let value = SpecConstantValue::resolve(rewriter, op, &symbol)?;
    Ok(vec![value.build(rewriter, &model, converted)?])
}

/// Specialization constant definitions are erased: their users take the
/// default value.
struct EraseSpecConstant;

impl ConversionPattern for EraseSpecConstant {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.SpecConstant", "spirv.SpecConstantComposite", "spirv.EXT.SpecConstantCompositeReplicate"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        Ok(vec![])
    }
}

/// `spirv.SpecConstantOperation` computes its value with the op in its
/// region from (specialization) constants, which take their default values:
/// the op is lowered in place, the region inlined into the current block,
/// and `spirv.mlir.yield` branches to the block continuing it.
fn spec_constant_operation<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let region = op.region(0).map_err(|_| MatchFailure::new("the op has no region"))?;
    let entry = region.first_block().ok_or_else(|| MatchFailure::new("the region has no block"))?;
    rewriter.inline_region_in_place(op, region, entry)
}

/// `spirv.mlir.yield %v` branches to the continuation of the
/// `spirv.SpecConstantOperation` being inlined, passing `%v`.
fn mlir_yield<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let exit = rewriter
        .region_exit()
        .ok_or_else(|| MatchFailure::new("spirv.mlir.yield outside of a spirv.SpecConstantOperation"))?;
    let branch = OperationBuilder::new("llvm.br", rewriter.location())
        .add_operands(operands)
        .add_successors(&[&exit])
        .build()?;
    rewriter.insert(branch);
    Ok(vec![])
}

/// The default value of a specialization constant, resolved from its
/// definitions before any op is created (global variable initializers use
/// it too).
pub(super) struct SpecConstantValue(Literal);

impl SpecConstantValue {
    /// The default value of the specialization constant `symbol`, seen from
    /// `anchor`.
    pub(super) fn resolve<'c, 'r>(
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        anchor: OperationRef<'c, 'r>,
        symbol: &str,
    ) -> Result<Self, MatchFailure> {
        spec_literal(rewriter, anchor, symbol, 0).map(Self)
    }

    /// The value an initializer tree gives (an array attribute whose
    /// elements are constant symbols, addresses or such trees: the
    /// importer's `spirv_initializer.constituents`), seen from `anchor`.
    pub(super) fn resolve_tree<'c, 'r>(
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        anchor: OperationRef<'c, 'r>,
        tree: Attribute<'c>,
        options: SpirvToLlvmOptions,
    ) -> Result<Self, MatchFailure> {
        tree_literal(rewriter, anchor, tree, 0, options).map(Self)
    }

    /// Builds the value, of SPIR-V type `model` converted to `ty`, at the
    /// insertion point.
    pub(super) fn build<'c, 'r>(
        &self,
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        model: &SpirvType,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'r>, MatchFailure> {
        emit(rewriter, model, ty, &self.0)
    }
}

/// The literal of an initializer tree ([`SpecConstantValue::resolve_tree`]).
fn tree_literal<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    anchor: OperationRef<'c, 'r>,
    tree: Attribute<'c>,
    depth: usize,
    options: SpirvToLlvmOptions,
) -> Result<Literal, MatchFailure> {
    if depth > MAX_SPEC_DEPTH {
        return Err(MatchFailure::new("an initializer nests too deep"));
    }
    if FlatSymbolRefAttribute::try_from(tree).is_ok() {
        let symbol = spirv_opt_rs::ir::string_value(tree).unwrap_or_default();
        return spec_literal(rewriter, anchor, &symbol, 0);
    }
    if let Ok(address) = DictionaryAttribute::try_from(tree) {
        return address_literal(rewriter, anchor, address, options).map(Literal::Address);
    }
    let parts = ArrayAttribute::try_from(tree)
        .map_err(|_| MatchFailure::new("an initializer tree holds something other than symbols and arrays"))?;
    (0..parts.len())
        .map(|index| {
            let part = parts.element(index).map_err(|_| MatchFailure::new("an initializer tree element is missing"))?;
            tree_literal(rewriter, anchor, part, depth + 1, options)
        })
        .collect::<Result<_, _>>()
        .map(Literal::List)
}

/// The address an initializer tree's dictionary names (`{global = @g, steps
/// = [[type, i...], ...]}`, `{}` a null pointer: the importer's
/// addresses.rs), resolved to the LLVM global's name and the LLVM types its
/// GEPs step over.
fn address_literal<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    anchor: OperationRef<'c, 'r>,
    address: DictionaryAttribute<'c>,
    options: SpirvToLlvmOptions,
) -> Result<Address, MatchFailure> {
    let Some(global) = address.element_by_name(ADDRESS_GLOBAL) else {
        return if address.is_empty() {
            Ok(Address { base: None, steps: Vec::new() })
        } else {
            Err(MatchFailure::new(format!("an address in an initializer names no global: {address}")))
        };
    };
    let symbol = FlatSymbolRefAttribute::try_from(global)
        .ok()
        .and_then(|_| spirv_opt_rs::ir::string_value(global))
        .ok_or_else(|| MatchFailure::new("an address's 'global' is not a symbol"))?;
    let target = rewriter
        .lookup_symbol(anchor, &symbol)
        .filter(|target| op_name(*target) == "spirv.GlobalVariable")
        .ok_or_else(|| MatchFailure::new(format!("an initializer takes the address of @{symbol}, no global variable")))?;
    let name = llvm_global_name(rewriter, target)?;
    let pointer = lower(rewriter, &read_type(type_attribute(target, "type")?)?)?;
    let lowering = TypeLowering { context: rewriter.context(), converter: rewriter.type_converter(), options };
    let steps = address
        .element_by_name(ADDRESS_STEPS)
        .and_then(|steps| ArrayAttribute::try_from(steps).ok())
        .ok_or_else(|| MatchFailure::new("an address's 'steps' is not an array"))?;
    let mut parsed = Vec::with_capacity(steps.len());
    for index in 0..steps.len() {
        let step = steps
            .element(index)
            .ok()
            .and_then(|step| ArrayAttribute::try_from(step).ok())
            .filter(|step| step.len() >= 2)
            .ok_or_else(|| MatchFailure::new("an address step is not an array of a type and indices"))?;
        let ty = step
            .element(0)
            .ok()
            .and_then(|ty| TypeAttribute::try_from(ty).ok())
            .ok_or_else(|| MatchFailure::new("an address step does not start with a type"))?
            .value();
        let model = read_type(ty)?;
        let element = lowering
            .lower_in_memory(&model)
            .map_err(|reason| MatchFailure::new(format!("cannot convert type '{model}': {reason}")))?;
        let indices = (1..step.len())
            .map(|position| {
                step.element(position)
                    .ok()
                    .and_then(|index| IntegerAttribute::try_from(index).ok())
                    .map(|index| index.value())
                    .ok_or_else(|| MatchFailure::new("an address step's index is not an integer"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        parsed.push(AddressStep { model, element: element.to_string(), indices });
    }
    Ok(Address { base: Some((name, pointer.to_string())), steps: parsed })
}

/// Builds the address `address` as a pointer of type `ty`: the global's
/// `llvm.mlir.addressof`, a constant `llvm.getelementptr` per step, and an
/// `llvm.addrspacecast` where the pointer's address space differs (a
/// `PtrCastToGeneric` in the chain); a null pointer is `llvm.mlir.zero`.
fn build_address<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    address: &Address,
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let Some((name, pointer)) = &address.base else {
        return rewriter.create_value("llvm.mlir.zero", &[], ty, &[]);
    };
    let context = rewriter.context();
    let parse = |text: &str| {
        Type::parse(context, text).ok_or_else(|| MatchFailure::new(format!("cannot parse the type {text}")))
    };
    let pointer = parse(pointer)?;
    let reference = FlatSymbolRefAttribute::new(context, name);
    let mut value =
        rewriter.create_value("llvm.mlir.addressof", &[], pointer, &[("global_name", reference.into())])?;
    let i64_type: Type<'c> = IntegerType::new(context, 64).into();
    for step in &address.steps {
        let indices = step
            .indices
            .iter()
            .map(|&index| integer_constant(rewriter, i64_type, index))
            .collect::<Result<Vec<_>, _>>()?;
        let (&first, rest) =
            indices.split_first().ok_or_else(|| MatchFailure::new("an address step without indices"))?;
        let gep = GepIndices::new(&step.model, rest)?;
        value = gep.build(rewriter, value, first, parse(&step.element)?, pointer, false)?;
    }
    if pointer != ty {
        value = rewriter.create_value("llvm.addrspacecast", &[value], ty, &[])?;
    }
    Ok(value)
}

/// Composite specialization constants nest at most this deep (a guard
/// against cyclic definitions).
const MAX_SPEC_DEPTH: usize = 64;

fn spec_literal<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    anchor: OperationRef<'c, 'r>,
    symbol: &str,
    depth: usize,
) -> Result<Literal, MatchFailure> {
    if depth > MAX_SPEC_DEPTH {
        return Err(MatchFailure::new(format!("specialization constant @{symbol} nests too deep")));
    }
    let definition = rewriter
        .lookup_symbol(anchor, symbol)
        .ok_or_else(|| MatchFailure::new(format!("no specialization constant named @{symbol}")))?;
    match op_name(definition).as_str() {
        "spirv.SpecConstant" => Literal::of(attribute(definition, "default_value")?),
        "spirv.SpecConstantComposite" => {
            let constituents = ArrayAttribute::try_from(attribute(definition, "constituents")?)
                .map_err(|_| MatchFailure::new("'constituents' is not an array"))?;
            let items = (0..constituents.len())
                .map(|index| {
                    let constituent = constituents
                        .element(index)
                        .ok()
                        .filter(|element| FlatSymbolRefAttribute::try_from(*element).is_ok())
                        .and_then(spirv_opt_rs::ir::string_value)
                        .ok_or_else(|| MatchFailure::new("a constituent is not a symbol reference"))?;
                    spec_literal(rewriter, anchor, &constituent, depth + 1)
                })
                .collect::<Result<_, _>>()?;
            Ok(Literal::List(items))
        }
        "spirv.EXT.SpecConstantCompositeReplicate" => {
            let constituent = symbol_reference(definition, "constituent")?;
            Ok(Literal::Splat(Box::new(spec_literal(rewriter, anchor, &constituent, depth + 1)?)))
        }
        other => Err(MatchFailure::new(format!("@{symbol} is a '{other}', not a specialization constant"))),
    }
}

/// A constant value as printed literals, independent of its type: the
/// integers of SPIR-V's signed and unsigned types print as plain decimals,
/// which MLIR reads back into a signless integer with the same bits.
#[derive(Debug, Clone, PartialEq)]
enum Literal {
    /// A scalar literal: `-1`, `255`, `1.500000e+00`, `0x7FC00000`, `true`.
    Scalar(String),
    /// The elements of a composite.
    List(Vec<Literal>),
    /// One value in every element: a dense splat, or a replicated composite.
    Splat(Box<Literal>),
    /// The hexadecimal body of a dense attribute (`"0x..."`), as MLIR prints
    /// large ones: the raw bytes of the whole value, which is kept as is.
    Hex(String),
    /// The address of a global variable, or a null pointer: a pointer in an
    /// initializer (`address_literal`).
    Address(Address),
}

/// A pointer constant: the LLVM name of the global and the printed LLVM
/// pointer type of its address (`None`: a null pointer), and the steps from
/// it.
#[derive(Debug, Clone, PartialEq)]
struct Address {
    base: Option<(String, String)>,
    steps: Vec<AddressStep>,
}

/// One GEP of an [`Address`]: over a pointer to `model` (whose memory form
/// is the printed LLVM type `element`), by constant `indices` (the first
/// steps over whole pointees).
#[derive(Debug, Clone, PartialEq)]
struct AddressStep {
    model: SpirvType,
    element: String,
    indices: Vec<i64>,
}

impl Literal {
    /// The literal of a constant attribute: a scalar, a dense vector or
    /// tensor, or an array of those.
    fn of(attribute: Attribute<'_>) -> Result<Self, MatchFailure> {
        if let Ok(array) = ArrayAttribute::try_from(attribute) {
            return (0..array.len())
                .map(|index| Self::of(array.element(index)?))
                .collect::<Result<_, _>>()
                .map(Self::List);
        }
        let text = attribute.to_string();
        if let Some(dense) = text.strip_prefix("dense<") {
            let (body, _) =
                dense.rsplit_once("> : ").ok_or_else(|| MatchFailure::new(format!("cannot read constant {text}")))?;
            return Self::of_dense(body);
        }
        let value = text.rsplit_once(" : ").map_or(text.as_str(), |(value, _)| value);
        Ok(Self::Scalar(value.to_owned()))
    }

    /// The literal of the body of `dense<...>`.
    fn of_dense(body: &str) -> Result<Self, MatchFailure> {
        let body = body.trim();
        if body.starts_with('"') {
            return Ok(Self::Hex(body.to_owned()));
        }
        let Some(inner) = body.strip_prefix('[').and_then(|inner| inner.strip_suffix(']')) else {
            return Ok(Self::Splat(Box::new(Self::Scalar(body.to_owned()))));
        };
        split_top_level(inner).into_iter().map(Self::of_dense_element).collect::<Result<_, _>>().map(Self::List)
    }

    fn of_dense_element(text: &str) -> Result<Self, MatchFailure> {
        match text.strip_prefix('[') {
            Some(_) => Self::of_dense(text),
            None => Ok(Self::Scalar(text.trim().to_owned())),
        }
    }

    /// The literal of element `index` of a composite of `length` elements
    /// of type `element`.
    fn element(&self, index: usize, length: usize, element: &SpirvType) -> Result<Self, MatchFailure> {
        match self {
            Self::List(items) if items.len() == length => Ok(items[index].clone()),
            Self::List(items) => {
                Err(MatchFailure::new(format!("{} values for a composite of {length} elements", items.len())))
            }
            // A scalar replicated into composite elements goes down to their scalars.
            Self::Splat(inner) if matches!(**inner, Self::Scalar(_)) && !element.is_scalar() => Ok(self.clone()),
            Self::Splat(inner) => Ok((**inner).clone()),
            Self::Scalar(text) => Err(MatchFailure::new(format!("scalar {text} for a composite"))),
            Self::Hex(_) => Err(MatchFailure::new("a hexadecimal dense constant cannot be split into elements")),
            Self::Address(_) => Err(MatchFailure::new("an address for a composite")),
        }
    }

    /// The scalar text of this literal for a scalar type.
    fn scalar(&self) -> Result<&str, MatchFailure> {
        match self {
            Self::Scalar(text) => Ok(text),
            Self::Splat(inner) => inner.scalar(),
            Self::List(_) | Self::Hex(_) => Err(MatchFailure::new("a composite value for a scalar")),
            Self::Address(_) => Err(MatchFailure::new("an address for a scalar")),
        }
    }
}

/// Splits `text` at the commas outside brackets and parentheses.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (position, byte) in text.bytes().enumerate() {
        match byte {
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                parts.push(text[start..position].trim());
                start = position + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() || !parts.is_empty() {
        parts.push(last);
    }
    parts
}

/// Builds the constant `literal` of SPIR-V type `model`, converted to `ty`:
/// one `llvm.mlir.constant` for scalars, for vectors and arrays nesting
/// down to scalars (a dense tensor) and for structs of scalars; other
/// aggregates are assembled with `llvm.insertvalue` from `llvm.mlir.undef`.
fn emit<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    model: &SpirvType,
    ty: Type<'c>,
    literal: &Literal,
) -> Result<Value<'c, 'r>, MatchFailure> {
    match (literal, model) {
        (Literal::Address(address), SpirvType::Pointer { .. }) => return build_address(rewriter, address, ty),
        (Literal::Address(_), _) => return Err(MatchFailure::new(format!("an address for a value of type {model}"))),
        _ => {}
    }
    // A cooperative matrix is the vector of its elements (coop_matrix.rs).
    if let SpirvType::CooperativeMatrix { element, rows, columns, .. } = model {
        let vector = SpirvType::Vector { count: rows * columns, element: Arc::clone(element) };
        return emit(rewriter, &vector, ty, literal);
    }
    let context = rewriter.context();
    let text = if model.is_scalar() {
        scalar_text(literal.scalar()?, ty)
    } else if let Some((dimensions, leaf)) = dense_shape(model) {
        let leaf = lower(rewriter, leaf)?;
        let shape: Vec<String> = dimensions.iter().map(u32::to_string).collect();
        // MLIR's translation reads the attribute's shape against the LLVM
        // type: a `tensor` is arrays down to the scalars, a `vector` has a
        // vector innermost. An array of vectors as a tensor would become an
        // array of arrays, which LLVM cannot cast to the vectors it holds.
        let kind = if innermost_is_vector(model) { "vector" } else { "tensor" };
        format!("dense<{}> : {kind}<{}x{leaf}>", dense_text(literal, model)?, shape.join("x"))
    } else if let SpirvType::Struct(st) = model
        && st.members.iter().all(|member| member.ty.is_scalar())
        && matches!(explicit_layout(st), Ok(None))
    {
        let members = st
            .members
            .iter()
            .enumerate()
            .map(|(index, member)| {
                let value = literal.element(index, st.members.len(), &member.ty)?;
                Ok(scalar_text(value.scalar()?, lower(rewriter, &member.ty)?))
            })
            .collect::<Result<Vec<_>, MatchFailure>>()?;
        format!("[{}]", members.join(", "))
    } else {
        return assemble(rewriter, model, ty, literal);
    };
    let value = Attribute::parse(context, &text)
        .ok_or_else(|| MatchFailure::new(format!("cannot build the constant {text}")))?;
    rewriter.create_value("llvm.mlir.constant", &[], ty, &[("value", value)])
}

/// An aggregate constant built element by element into `llvm.mlir.undef`.
fn assemble<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    model: &SpirvType,
    ty: Type<'c>,
    literal: &Literal,
) -> Result<Value<'c, 'r>, MatchFailure> {
    // Each element or member: its SPIR-V type, the type its value is built
    // as, and where it goes in the LLVM aggregate (types.rs lays them out).
    let elements: Vec<(&SpirvType, SpirvType, Vec<i64>)> = match model {
        SpirvType::Array { count, element, stride } => {
            // A padded element is field 0 of an (element, padding) struct.
            let padded = stride_padding(element, *stride).is_some();
            // A 3-vector at a scalar stride is stored as an array.
            let built = match element.as_ref() {
                SpirvType::Vector { count, element: scalar } if element_as_scalars(element, *stride) => {
                    SpirvType::Array { count: *count, element: Arc::clone(scalar), stride: None }
                }
                other => other.clone(),
            };
            (0..i64::from(*count))
                .map(|index| {
                    let position = if padded { vec![index, 0] } else { vec![index] };
                    (element.as_ref(), built.clone(), position)
                })
                .collect()
        }
        SpirvType::Struct(st) => {
            let layout = explicit_layout(st).map_err(MatchFailure::new)?;
            let mut elements = Vec::with_capacity(st.members.len());
            for (index, member) in st.members.iter().enumerate() {
                let (field, built) = match &layout {
                    // A 3-vector followed within its 16 bytes is stored as an array of 3.
                    Some(layout) => {
                        let field = layout.field_of_member.get(index).copied().ok_or_else(|| {
                            MatchFailure::new(format!("member #{index} has no field in the struct's layout"))
                        })?;
                        let built = match (&*member.ty, layout.member_as_array(index)) {
                            (SpirvType::Vector { count, element }, true) => {
                                SpirvType::Array { count: *count, element: Arc::clone(element), stride: None }
                            }
                            _ => member.ty.as_ref().clone(),
                        };
                        (field, built)
                    }
                    None => (index, member.ty.as_ref().clone()),
                };
                let field = i64::try_from(field).map_err(|_| MatchFailure::new("struct index out of range"))?;
                elements.push((member.ty.as_ref(), built, vec![field]));
            }
            elements
        }
        other => {
            return Err(MatchFailure::new(format!("constants of type {other} have no LLVM lowering")));
        }
    };
    let mut aggregate = rewriter.create_value("llvm.mlir.undef", &[], ty, &[])?;
    let count = elements.len();
    for (index, (element, built, position)) in elements.iter().enumerate() {
        let value = literal.element(index, count, element)?;
        let element_type = lower(rewriter, built)?;
        let element_value = emit(rewriter, built, element_type, &value)?;
        let position = DenseI64ArrayAttribute::new(rewriter.context(), position);
        aggregate = rewriter.create_value(
            "llvm.insertvalue",
            &[aggregate, element_value],
            ty,
            &[("position", position.into())],
        )?;
    }
    Ok(aggregate)
}

/// The scalar attribute text: MLIR reads `true`/`false` without a type.
fn scalar_text(value: &str, ty: Type<'_>) -> String {
    if value == "true" || value == "false" { value.to_owned() } else { format!("{value} : {ty}") }
}

/// The dimensions and scalar leaf type of vectors and arrays nesting down to
/// scalars, which an `llvm.mlir.constant` takes as one dense attribute.
fn dense_shape(model: &SpirvType) -> Option<(Vec<u32>, &SpirvType)> {
    match model {
        // An array whose stride pads its elements lowers to an array of
        // (element, padding) structs, which no dense attribute describes.
        SpirvType::Array { element, stride, .. } if stride_padding(element, *stride).is_some() => None,
        SpirvType::Vector { count, element } | SpirvType::Array { count, element, .. } => {
            if element.is_scalar() {
                return Some((vec![*count], element));
            }
            // Only arrays nest: `vector` elements are scalars.
            let (mut dimensions, leaf) = dense_shape(element)?;
            dimensions.insert(0, *count);
            Some((dimensions, leaf))
        }
        _ => None,
    }
}

/// Whether the arrays of `model` nest down to a vector (of scalars).
fn innermost_is_vector(model: &SpirvType) -> bool {
    match model {
        SpirvType::Vector { .. } => true,
        // A 3-vector at a scalar stride is stored as an array (types.rs).
        SpirvType::Array { element, stride, .. } => {
            !element_as_scalars(element, *stride) && innermost_is_vector(element)
        }
        _ => false,
    }
}

/// The nested list of the dense literal of `literal`, of type `model`.
fn dense_text(literal: &Literal, model: &SpirvType) -> Result<String, MatchFailure> {
    if let Literal::Hex(body) = literal {
        return Ok(body.clone());
    }
    match model {
        SpirvType::Vector { count, element } | SpirvType::Array { count, element, .. } => {
            let length = *count as usize;
            let items = (0..length)
                .map(|index| dense_text(&literal.element(index, length, element)?, element))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(format!("[{}]", items.join(", ")))
        }
        _ => Ok(literal.scalar()?.to_owned()),
    }
}

/// The LLVM type of a constant's element type, by the rewriter's type
/// converter: the client API decides how a struct is laid out (OpenCL's and
/// Vulkan's structs without offsets are unpacked), so the element of an
/// aggregate constant must be converted as the aggregate's type was (with
/// the default options, a struct constant in an OpenCL array of structs was
/// a packed struct the array could not hold).
fn lower<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, model: &SpirvType) -> Result<Type<'c>, MatchFailure> {
    let ty = Type::parse(rewriter.context(), &model.to_string())
        .ok_or_else(|| MatchFailure::new(format!("cannot convert type '{model}': it does not parse")))?;
    rewriter.convert_type(ty)
}
