//! In-place IR edits for passes that restructure LLVM dialect IR outside the
//! conversion driver (the kernel ABI): replacing uses, changing operand lists
//! and attributes, splitting blocks, moving ops and blocks, and bringing in
//! ops written as MLIR text. Every function assumes the handles it is given
//! are live IR of one context.

use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Module, OperationRef, RegionLike, Value, attribute::StringAttribute,
        operation::OperationLike,
    },
};

use crate::ffi::{self, surgery};

/// Replaces every use of `from` by `to` (same type; `to` must dominate the uses).
pub fn replace_all_uses(from: Value<'_, '_>, to: Value<'_, '_>) {
    surgery::replace_all_uses(from, to);
}

/// Sets or replaces the attribute `name` of `operation`.
pub fn set_attribute(operation: OperationRef<'_, '_>, name: &str, attribute: Attribute<'_>) {
    surgery::set_attribute(operation, name, attribute);
}

/// Removes the attribute `name` of `operation`, if it has one.
pub fn remove_attribute(operation: OperationRef<'_, '_>, name: &str) {
    surgery::remove_attribute(operation, name);
}

/// Replaces the operands of `operation`; the caller updates any attribute
/// that describes them (`operandSegmentSizes`).
pub fn set_operands(operation: OperationRef<'_, '_>, operands: &[Value<'_, '_>]) {
    surgery::set_operands(operation, operands);
}

/// Erases `operation`, whose results must have no uses left.
pub fn erase(operation: OperationRef<'_, '_>) {
    ffi::erase(operation);
}

/// Moves `operation` right before `anchor`.
pub fn move_before(operation: OperationRef<'_, '_>, anchor: OperationRef<'_, '_>) {
    surgery::move_before(operation, anchor);
}

/// Moves `block` right before `anchor`, into `anchor`'s region.
pub fn move_block_before(block: BlockRef<'_, '_>, anchor: BlockRef<'_, '_>) {
    surgery::move_block_before(block, anchor);
}

/// Splits the block of `operation` before it: `operation` and every op after
/// it move to a new block, right after the old one in the region, which is
/// returned. The old block is left without terminator; the caller ends it.
pub fn split_block_before<'c, 'a>(operation: OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    let block = operation.block()?;
    let region = block.parent_region()?;
    let tail = region.insert_block_after(block, Block::new(&[]));
    let mut next = Some(operation);
    while let Some(op) = next {
        next = op.next_in_block();
        surgery::move_to_block_end(op, tail);
    }
    Some(tail)
}

/// A detached copy of `operation`, regions included; insert it with
/// [`move_before`] (which gives it to the IR) or [`erase`] it.
pub fn clone_detached<'c, 'a>(operation: OperationRef<'c, '_>) -> OperationRef<'c, 'a> {
    surgery::clone_detached(operation)
}

/// Parses `text` (a module body in MLIR's generic or custom form) and moves
/// its top-level ops to the end of `block`, in order, except the symbols
/// for which `keep_out` holds (declarations the text needs to verify on its
/// own, already defined where the ops go). `None` when the text does not
/// parse or verify (the diagnostics went to the context's handlers).
pub fn append_parsed<'c>(
    context: &'c Context,
    block: BlockRef<'c, '_>,
    text: &str,
    keep_out: &dyn Fn(&str) -> bool,
) -> Option<()> {
    let parsed = Module::parse(context, text)?;
    let mut next = parsed.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let name = op.attribute("sym_name").ok().and_then(|name| StringAttribute::try_from(name).ok());
        if name.is_some_and(|name| keep_out(name.value())) {
            continue;
        }
        surgery::move_to_block_end(op, block);
    }
    Some(())
}

/// The ops nested in `root` (not `root` itself), in pre-order, for which
/// `keep` holds. Unlike a walk callback, the handles outlive the traversal.
pub fn nested_ops<'c, 'a>(
    root: OperationRef<'c, 'a>,
    keep: &mut dyn FnMut(OperationRef<'c, 'a>) -> bool,
) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    let mut stack: Vec<OperationRef<'c, 'a>> = Vec::new();
    push_children(root, &mut stack);
    while let Some(op) = stack.pop() {
        if keep(op) {
            found.push(op);
        }
        push_children(op, &mut stack);
    }
    found
}

/// Pushes the ops directly nested in `op` so that they pop in order (in
/// place: no allocation per op).
fn push_children<'c, 'a>(op: OperationRef<'c, 'a>, stack: &mut Vec<OperationRef<'c, 'a>>) {
    let start = stack.len();
    for index in 0..op.region_count() {
        let Ok(region) = op.region(index) else { continue };
        let mut block = region.first_block();
        while let Some(current) = block {
            let mut next = current.first_operation();
            while let Some(child) = next {
                stack.push(child);
                next = child.next_in_block();
            }
            block = current.next_in_region();
        }
    }
    stack[start..].reverse();
}
