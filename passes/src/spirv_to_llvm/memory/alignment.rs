//! The alignment a load or store may assume, where a layout guarantees less
//! than LLVM's (Vulkan's scalar block layout).
//!
//! An `llvm.load` or `llvm.store` without an `alignment` attribute assumes
//! the ABI alignment of its type: 16 bytes for a `vector<4xf32>` or a
//! `vector<3xf32>`, 8 for a `vector<2xf32>`. Under `layout(scalar)` a vector
//! may sit at any multiple of its scalar's size (a `vec2` at offset 4, the
//! elements of a `vec3 v[]` 12 bytes apart), so such an access would claim
//! an alignment the address does not have: LLVM may then emit aligned vector
//! instructions (which fault on x86) or widen the access. The alignment is
//! found by walking the pointer back through its access chains to the
//! variable: a buffer's start is 16-byte aligned (another variable has
//! LLVM's alignment), and each struct member offset and array, matrix or
//! vector stride on the way divides what is left. The
//! attribute is added only when that is below the ABI alignment, so that
//! std140 and std430 programs, whose offsets always keep a vector's
//! alignment, lower exactly as before.

use super::super::types::{
    byte_size, contains_vector, llvm_alignment, llvm_alloc_size, read_type_cached, scalar_alignment,
};
use melior::ir::{Type, Value, ValueLike, attribute::IntegerAttribute, operation::OperationLike};
use spirv_opt_dialects::spirv::{attributes::StorageClass, types::SpirvType};
use spirv_opt_rs::{conversion::ConversionRewriter, error::MatchFailure, ir::defining_op};

/// The alignment the start of a buffer (storage, uniform, push constants)
/// has: 16, what docs/abi.md asks of a host and the largest alignment
/// std140 gives a member (the runner's buffers are 64-byte aligned).
const BASE_ALIGNMENT: u64 = 16;

/// An alignment no layout bounds (a variable LLVM lays out itself).
const NATURAL: u64 = 1 << 32;

/// How many access chains a trace follows before giving up (with the
/// scalar alignment, which is always sound).
const MAX_DEPTH: usize = 64;

/// The `alignment` a load or store of the pointee of `pointer` (an original
/// SPIR-V value) needs: `Some` when the layout guarantees less than the ABI
/// alignment LLVM would assume, `None` when LLVM's assumption holds.
pub(super) fn layout_alignment<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    pointer: Value<'c, '_>,
) -> Result<Option<u64>, MatchFailure> {
    let (_, pointee) = pointer_model(rewriter, pointer.r#type())?;
    // Scalars are always aligned to their size: only vectors (and the
    // aggregates holding them) may be under-aligned.
    if !contains_vector(&pointee) {
        return Ok(None);
    }
    let Some(assumed) = llvm_alignment(&pointee) else { return Ok(None) };
    let guaranteed = trace(rewriter, pointer, 0)?;
    Ok((guaranteed < assumed).then_some(guaranteed))
}

/// The storage class and pointee of the pointer type `ty`.
fn pointer_model(
    rewriter: &ConversionRewriter<'_, '_, '_>,
    ty: Type<'_>,
) -> Result<(StorageClass, SpirvType), MatchFailure> {
    match &*read_type_cached(rewriter, ty)? {
        SpirvType::Pointer { pointee, storage_class } => Ok((*storage_class, pointee.as_ref().clone())),
        other => Err(MatchFailure::new(format!("expected a pointer type, found {other}"))),
    }
}

/// Whether `storage_class` holds blocks with an explicit (host-visible) layout.
fn is_buffer(storage_class: StorageClass) -> bool {
    matches!(
        storage_class,
        StorageClass::StorageBuffer
            | StorageClass::Uniform
            | StorageClass::PushConstant
            | StorageClass::PhysicalStorageBuffer
            | StorageClass::ShaderRecordBufferKHR
    )
}

/// The alignment the address `pointer` is known to have.
fn trace<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, pointer: Value<'c, '_>, depth: usize) -> Result<u64, MatchFailure> {
    let (storage_class, pointee) = pointer_model(rewriter, pointer.r#type())?;
    let unknown = || {
        // A pointer of unknown origin (a function parameter, a select, a
        // physical pointer): in a buffer, only the scalar alignment holds.
        if is_buffer(storage_class) { scalar_alignment(&pointee).unwrap_or(1) } else { NATURAL }
    };
    let Some(op) = defining_op(pointer) else { return Ok(unknown()) };
    if depth > MAX_DEPTH {
        return Ok(unknown());
    }
    let name = op.name();
    let name = name.as_string_ref().as_str().unwrap_or_default();
    let operands: Vec<Value<'c, '_>> = op.operands().collect();
    Ok(match (name, operands.as_slice()) {
        ("spirv.AccessChain", [base, indices @ ..]) => {
            let (_, model) = pointer_model(rewriter, base.r#type())?;
            walk(&model, indices, trace(rewriter, *base, depth + 1)?)
        }
        ("spirv.PtrAccessChain" | "spirv.InBoundsPtrAccessChain", [base, element, indices @ ..]) => {
            let (_, model) = pointer_model(rewriter, base.r#type())?;
            // `Element` steps over whole pointees, as the GEP does: by
            // LLVM's room for the pointee, a multiple of its alignment (0
            // where unknown: LLVM's own layout keeps that alignment too).
            let step = llvm_alloc_size(&model).unwrap_or(0);
            let align = gcd(trace(rewriter, *base, depth + 1)?, scaled(step, *element));
            walk(&model, indices, align)
        }
        ("spirv.CopyObject", [source]) => trace(rewriter, *source, depth + 1)?,
        ("spirv.mlir.addressof" | "spirv.Variable", _) => {
            if is_buffer(storage_class) {
                BASE_ALIGNMENT
            } else {
                NATURAL
            }
        }
        _ => unknown(),
    })
}

/// `align` after the access chain `indices` into `model`: each member offset
/// and element stride on the way divides it.
fn walk(model: &SpirvType, indices: &[Value<'_, '_>], mut align: u64) -> u64 {
    let mut current = model;
    for &index in indices {
        let (offset, next) = match current {
            SpirvType::Struct(st) => {
                let member = constant_index(index).and_then(|member| usize::try_from(member).ok());
                let Some(member) = member.and_then(|member| st.members.get(member)) else { return 1 };
                // Without offsets the struct has LLVM's own layout.
                (u64::from(member.offset.unwrap_or(0)), member.ty.as_ref())
            }
            // Without a stride the array has LLVM's own layout, which keeps
            // every element at its alignment.
            SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride } => {
                (stride.map_or(0, |stride| scaled(u64::from(stride), index)), element.as_ref())
            }
            SpirvType::Matrix { column_type, .. } => {
                (scaled(llvm_alloc_size(column_type).unwrap_or(1), index), column_type.as_ref())
            }
            SpirvType::Vector { element, .. } => (scaled(byte_size(element).unwrap_or(1), index), element.as_ref()),
            _ => return 1,
        };
        align = gcd(align, offset);
        current = next;
    }
    align
}

/// The offset of element `index` at `step` bytes apart: exact for a
/// constant index, else `step` (whose multiples it is).
fn scaled(step: u64, index: Value<'_, '_>) -> u64 {
    match constant_index(index).and_then(|index| u64::try_from(index).ok()) {
        Some(index) => step.saturating_mul(index),
        None => step,
    }
}

/// The value of an integer `spirv.Constant`.
fn constant_index(value: Value<'_, '_>) -> Option<i64> {
    let op = defining_op(value)?;
    if op.name().as_string_ref().as_str() != Ok("spirv.Constant") {
        return None;
    }
    IntegerAttribute::try_from(op.attribute("value").ok()?).ok().map(|value| value.value())
}

/// The greatest common divisor; `gcd(a, 0)` is `a`, so that an offset 0
/// changes nothing.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}
