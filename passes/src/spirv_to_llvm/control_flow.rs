//! Control flow ops (manual: "Control flow conversion"): branches, switches,
//! calls, and the structured `spirv.mlir.selection` / `spirv.mlir.loop`,
//! whose regions are inlined into the enclosing function's CFG.

use super::{
    function::{llvm_symbol_name, lookup_function},
    util::{attribute, emit, integer_array, printed_attribute, symbol_reference},
};
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{DenseElementsAttribute, DenseI32ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::attributes::{LoopControl, LoopControlFlag};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
    ir::scalar_bit_width,
};

const DIRECT: &[DirectConversion] = &[DirectConversion { from: "spirv.Unreachable", to: "llvm.unreachable" }];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.Branch", branch)
        .add_fn("spirv.BranchConditional", branch_conditional)
        .add_fn("spirv.Switch", switch)
        .add_fn("spirv.FunctionCall", function_call)
        .add_fn("spirv.mlir.merge", merge)
        .add_fn("spirv.mlir.selection", selection)
        .add_fn("spirv.mlir.loop", mlir_loop)
        .add_fn("spirv.Kill", kill);
}

/// Creates the terminator `name` at the insertion point, branching to the
/// converted `successors`.
fn create_terminator<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    name: &str,
    operands: &[Value<'c, 'r>],
    successors: &[BlockRef<'c, 'r>],
    attributes: &[(&str, Attribute<'c>)],
) -> Result<(), MatchFailure> {
    let context = rewriter.context();
    let successors: Vec<&Block<'c>> = successors.iter().map(|block| &**block).collect();
    let attributes: Vec<_> = attributes.iter().map(|(key, value)| (Identifier::new(context, key), *value)).collect();
    let op = OperationBuilder::new(name, rewriter.location())
        .add_operands(operands)
        .add_successors(&successors)
        .add_attributes(&attributes)
        .build()?;
    rewriter.insert(op);
    Ok(())
}

/// The converted successors of `op`, in order.
fn converted_successors<'c, 'r>(
    rewriter: &ConversionRewriter<'c, 'r, '_>,
    op: OperationRef<'c, 'r>,
) -> Result<Vec<BlockRef<'c, 'r>>, MatchFailure> {
    op.successors().map(|successor| rewriter.lookup_block(successor)).collect()
}

/// The segment sizes of an op with `AttrSizedOperandSegments` (or another
/// `DenseI32ArrayAttr` such as `case_operand_segments`).
fn segment_sizes(op: OperationRef<'_, '_>, name: &str) -> Result<Vec<usize>, MatchFailure> {
    let sizes = DenseI32ArrayAttribute::try_from(attribute(op, name)?)
        .map_err(|_| MatchFailure::new(format!("'{name}' is not a dense i32 array")))?;
    (0..sizes.len())
        .map(|index| {
            sizes
                .element(index)
                .ok()
                .and_then(|size| usize::try_from(size).ok())
                .ok_or_else(|| MatchFailure::new(format!("'{name}' holds a negative size")))
        })
        .collect()
}

/// `spirv.Branch ^bb(%args)` to `llvm.br ^bb(%args)`. A back edge of an
/// unstructured loop may carry the loop's `loop_control` (the binary
/// importer puts it there, from `OpLoopMerge`): it becomes the branch's
/// `loop_annotation`, as for `spirv.mlir.loop`.
fn branch<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let successors = converted_successors(rewriter, op)?;
    let attributes: Vec<(&str, Attribute<'c>)> =
        loop_annotation(rewriter.context(), op)?.map(|annotation| ("loop_annotation", annotation)).into_iter().collect();
    create_terminator(rewriter, "llvm.br", operands, &successors, &attributes)?;
    Ok(vec![])
}

/// `spirv.BranchConditional %c [w0, w1], ^t(%a), ^f(%b)` to
/// `llvm.cond_br %c weights([w0, w1]), ^t(%a), ^f(%b)`: the true and false
/// operand segments are kept and the branch weights become the
/// `branch_weights` of `llvm.cond_br`, as upstream.
fn branch_conditional<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let segments = segment_sizes(op, "operandSegmentSizes")?;
    let segments: Vec<i32> = segments.iter().map(|&size| size as i32).collect();
    let mut attributes = vec![("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &segments).into())];
    if op.attribute("branch_weights").is_ok() {
        let weights = integer_array(op, "branch_weights")?;
        let weights: Vec<i32> = weights.iter().map(|&weight| weight as i32).collect();
        attributes.push(("branch_weights", DenseI32ArrayAttribute::new(context, &weights).into()));
    }
    if let Some(annotation) = loop_annotation(context, op)? {
        attributes.push(("loop_annotation", annotation));
    }
    let successors = converted_successors(rewriter, op)?;
    create_terminator(rewriter, "llvm.cond_br", operands, &successors, &attributes)?;
    Ok(vec![])
}

/// `spirv.Switch` to `llvm.switch` with the same default and case
/// destinations and operands; the case literals are re-typed as signless
/// integers of the selector's width. Upstream has no lowering for it.
fn switch<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let selector = *operands.first().ok_or_else(|| MatchFailure::new("spirv.Switch has no selector"))?;
    let width =
        scalar_bit_width(selector.r#type()).ok_or_else(|| MatchFailure::new("the selector is not an integer"))?;
    let successors = converted_successors(rewriter, op)?;
    let case_count = successors.len().saturating_sub(1);
    let mut attributes = vec![
        ("operandSegmentSizes", attribute(op, "operandSegmentSizes")?),
        ("case_operand_segments", attribute(op, "case_operand_segments")?),
    ];
    if case_count > 0 {
        let literals = attribute(op, "literals")?;
        attributes.push(("case_values", signless_literals(context, literals, width, case_count)?));
    }
    create_terminator(rewriter, "llvm.switch", operands, &successors, &attributes)?;
    Ok(vec![])
}

/// The `case_values` of `llvm.switch`: the `literals` of `spirv.Switch`
/// (a dense attribute of the selector's type, which may be signed or
/// unsigned) as a `vector<N x iW>` of signless integers.
fn signless_literals<'c>(
    context: &'c Context,
    literals: Attribute<'c>,
    width: u32,
    count: usize,
) -> Result<Attribute<'c>, MatchFailure> {
    let literals = DenseElementsAttribute::try_from(literals)
        .map_err(|_| MatchFailure::new("'literals' is not a dense attribute"))?;
    let element_type: Type<'c> = IntegerType::new(context, width).into();
    let mut values = Vec::with_capacity(count);
    for index in 0..count {
        // A splat holds one value for every case.
        let at = if literals.is_splat() { 0 } else { index };
        let value = match width {
            8 => literals.i8_element(at).map(i64::from),
            16 => literals.i16_element(at).map(i64::from),
            32 => literals.i32_element(at).map(i64::from),
            64 => literals.i64_element(at),
            _ => return Err(MatchFailure::new(format!("a {width}-bit selector has no SPIR-V meaning"))),
        }
        .map_err(|_| MatchFailure::new("'literals' has fewer values than cases"))?;
        values.push(IntegerAttribute::new(element_type, value).into());
    }
    let length = u64::try_from(count).map_err(|_| MatchFailure::new("too many cases"))?;
    let vector = Type::vector(&[length], element_type);
    Ok(DenseElementsAttribute::new(vector, &values)?.into())
}

/// `spirv.FunctionCall @f(%args)` to `llvm.call @f(%args)`, void or
/// value-returning. The callee keeps its name unless it has linkage
/// attributes (see the function family). The call's `arg_attrs` /
/// `res_attrs` (SPIR-V decorations) are dropped, as upstream.
fn function_call<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let callee = symbol_reference(op, "callee")?;
    if let Some(kind) = spirv_opt_dialects::spirv::deserialize::image_stand_in(&callee) {
        // The importer's call for an image instruction the dialect lacks.
        return super::sampling::stand_in(op, operands, rewriter, kind);
    }
    if super::sampling::is_opencl_read_half(op, &callee) {
        // clang's import of read_imageh.
        return super::sampling::opencl_read_half(op, operands, rewriter);
    }
    if let Some(order) = super::sampling::opencl_channel_query(op, &callee) {
        // clang's import of get_image_channel_order/_data_type.
        return super::sampling::channel_query(op, operands, rewriter, order, true);
    }
    let callee = match lookup_function(rewriter, op, &callee) {
        Some(func) => llvm_symbol_name(func)?,
        None => callee,
    };
    let results = rewriter.converted_result_types(op)?;
    if callee.starts_with(spirv_opt_dialects::spirv::deserialize::ABI_PTR_TO_INT)
        && let (&[pointer], &[integer]) = (operands, results.as_slice())
    {
        // The importer's stand-in for OpConvertPtrToU on a logical pointer
        // (OpPtrEqual, OpPtrDiff): the address itself.
        return Ok(vec![emit(rewriter, "llvm.ptrtoint", &[pointer], integer)?]);
    }
    if callee.starts_with(spirv_opt_dialects::spirv::deserialize::ABI_SELECT)
        && let (&[condition, first, second], &[matrix]) = (operands, results.as_slice())
    {
        // The importer's stand-in for OpSelect of a cooperative matrix (a
        // vector here): one select of the whole vector on a scalar i1.
        return Ok(vec![emit(rewriter, "llvm.select", &[condition, first, second], matrix)?]);
    }
    if callee.starts_with(spirv_opt_dialects::spirv::deserialize::ABI_NULL_POINTER)
        && let (&[], &[pointer]) = (operands, results.as_slice())
    {
        // The importer's stand-in for OpConstantNull of a logical pointer.
        return Ok(vec![rewriter.create_value("llvm.mlir.zero", &[], pointer, &[])?]);
    }
    let count = i32::try_from(operands.len()).map_err(|_| MatchFailure::new("too many call arguments"))?;
    let call = rewriter.create(
        "llvm.call",
        operands,
        &results,
        &[
            ("callee", FlatSymbolRefAttribute::new(context, &callee).into()),
            ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[count, 0]).into()),
            ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
        ],
    )?;
    Ok(rewriter.results_of(call))
}

/// `spirv.mlir.merge %values` to `llvm.br` to the block after the selection
/// or loop being inlined, passing the values the region yields.
fn merge<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let exit = rewriter
        .region_exit()
        .ok_or_else(|| MatchFailure::new("spirv.mlir.merge outside of a selection or loop being lowered"))?;
    create_terminator(rewriter, "llvm.br", operands, &[exit], &[])?;
    Ok(vec![])
}

/// The blocks of region 0 of `op`, in order.
fn region_blocks<'c, 'r>(op: OperationRef<'c, 'r>) -> Result<Vec<BlockRef<'c, 'r>>, MatchFailure> {
    let region = op.region(0).map_err(|_| MatchFailure::new("the op has no region"))?;
    let mut blocks = Vec::new();
    let mut next = region.first_block();
    while let Some(block) = next {
        next = block.next_in_region();
        blocks.push(block);
    }
    Ok(blocks)
}

/// `spirv.mlir.selection` inlined into the CFG: the header block's ops
/// (typically just its `spirv.BranchConditional` or `spirv.Switch`) end the
/// current block, the other blocks follow, and `spirv.mlir.merge` branches to
/// the continuation, whose arguments carry the yielded values.
///
/// Differences from upstream, which only handles a header holding nothing
/// but a `spirv.BranchConditional` and no results: headers with other ops
/// (or a `spirv.Switch`) are handled, results are passed through the
/// continuation's arguments (upstream builds an invalid branch), the branch
/// weights of the header are kept (upstream drops them), and the
/// `Flatten`/`DontFlatten` hints, which LLVM has no way to express, are
/// dropped instead of rejected. An empty selection, or one whose header only
/// branches to the merge block, is erased, as upstream.
fn selection<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let blocks = region_blocks(op)?;
    let Some(&header) = blocks.first() else {
        return erase_empty(op);
    };
    if op.result_count() == 0 && only_branches_to_merge(&blocks) {
        return Ok(vec![]);
    }
    if header.argument_count() != 0 {
        return Err(MatchFailure::new("the selection header has arguments"));
    }
    let region = op.region(0).map_err(|_| MatchFailure::new("the op has no region"))?;
    rewriter.inline_region_in_place(op, region, header)
}

/// An empty selection or loop is erased, as upstream; it cannot yield values.
fn erase_empty<'c, 'r>(op: OperationRef<'c, 'r>) -> Result<Replacement<'c, 'r>, MatchFailure> {
    if op.result_count() == 0 {
        Ok(vec![])
    } else {
        Err(MatchFailure::new("an empty region cannot yield the op's results"))
    }
}

/// Whether a selection is a header that only branches to the merge block,
/// which upstream erases: nothing happens in it.
fn only_branches_to_merge(blocks: &[BlockRef<'_, '_>]) -> bool {
    let [header, merge] = blocks else { return false };
    let Some(terminator) = header.first_operation() else { return false };
    let name = terminator.name();
    let name = name.as_string_ref().as_str();
    terminator.next_in_block().is_none()
        && matches!(name, Ok("spirv.Branch" | "spirv.BranchConditional"))
        && terminator.successors().all(|successor| successor == *merge)
}

/// `spirv.mlir.loop` inlined into the CFG: the current block branches
/// straight to the loop header (the entry block, which only holds that
/// branch, disappears), the other blocks follow, and `spirv.mlir.merge`
/// branches to the continuation, whose arguments carry the yielded values.
///
/// Differences from upstream: results are passed through the continuation's
/// arguments (upstream builds an invalid branch), and loop control is
/// lowered instead of rejected: `Unroll` and `DontUnroll` become an
/// `llvm.loop` unroll annotation on the back edges (`loop_annotation` of the
/// branches to the header), the other hints (dependency and iteration
/// counts, whose values only the binary importer keeps, as
/// `spirv_structured.*` attributes, and the Intel FPGA hints) are dropped,
/// which keeps the meaning since they are only hints.
fn mlir_loop<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let blocks = region_blocks(op)?;
    let Some(&entry) = blocks.first() else {
        return erase_empty(op);
    };
    if entry.argument_count() != 0 {
        return Err(MatchFailure::new("the loop entry block has arguments"));
    }
    let header = entry_branch_target(entry)?;
    let annotation = loop_annotation(rewriter.context(), op)?;
    let current = rewriter.insertion_block();
    let region = op.region(0).map_err(|_| MatchFailure::new("the op has no region"))?;
    let replacement = rewriter.inline_region_in_place(op, region, entry)?;
    if let Some(annotation) = annotation {
        let header = rewriter.lookup_block(header)?;
        for index in 0..header.predecessor_count() {
            let Ok(latch) = header.predecessor(index) else { continue };
            if latch == current {
                continue;
            }
            if let Some(mut branch) = latch.terminator_mut() {
                branch.set_attribute("loop_annotation", annotation);
            }
        }
    }
    Ok(replacement)
}

/// The loop header: the target of the `spirv.Branch` that must be the only
/// op of a loop's entry block.
fn entry_branch_target<'c, 'r>(entry: BlockRef<'c, 'r>) -> Result<BlockRef<'c, 'r>, MatchFailure> {
    let branch = entry.first_operation().filter(|op| op.next_in_block().is_none());
    let branch = branch.filter(|op| op.name().as_string_ref().as_str() == Ok("spirv.Branch"));
    branch
        .and_then(|branch| branch.successor(0).ok())
        .ok_or_else(|| MatchFailure::new("the loop entry block must only hold a spirv.Branch to the header"))
}

/// The `#llvm.loop_annotation` for the loop control of `op`, if any.
fn loop_annotation<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<Option<Attribute<'c>>, MatchFailure> {
    let Some(text) = printed_attribute(op, "loop_control") else { return Ok(None) };
    let control =
        LoopControl::parse(&text).map_err(|error| MatchFailure::new(format!("cannot read 'loop_control': {error}")))?;
    // Both requests at once contradict each other; neither is honoured.
    let disable = match (control.contains(LoopControlFlag::Unroll), control.contains(LoopControlFlag::DontUnroll)) {
        (true, false) => false,
        (false, true) => true,
        _ => return Ok(None),
    };
    let text = format!("#llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = {disable}>>");
    Attribute::parse(context, &text).map(Some).ok_or_else(|| MatchFailure::new("cannot build the loop annotation"))
}

/// `spirv.Kill` (fragment-shader discard) ends the invocation while keeping
/// the effects already done, which no LLVM instruction expresses
/// (`unreachable` would make reaching it undefined behaviour instead).
fn kill<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    Err(MatchFailure::new("fragment-shader discard has no LLVM equivalent"))
}
