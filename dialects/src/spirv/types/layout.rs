//! Memory layout queries, mirroring upstream MLIR exactly so the conversion
//! accepts and rejects the same types as `mlir-opt --convert-spirv-to-llvm`.
//!
//! Upstream uses two different notions, and so do we:
//!
//! * [`SpirvType::size_in_bytes`] is `SPIRVType::getSizeInBytes`, used to
//!   check array strides. It has no size for bools, structs, pointers or
//!   matrices, and computes an array's size as `(element + stride) * count`
//!   (sic), which is what makes `!spirv.array<4 x !spirv.array<2 x f32,
//!   stride=4>, stride=16>` convertible but `stride=8` not.
//! * [`SpirvType::natural_layout`] is `VulkanLayoutUtils::decorateType`: the
//!   Vulkan base-alignment layout, used to check struct member offsets. A
//!   struct with offsets converts to an unpacked LLVM struct only if it is
//!   identical to its own natural decoration.

use std::sync::Arc;

use super::{SpirvType, StructMember, StructType};
use crate::spirv::attributes::StorageClass;

/// Size and alignment of a type, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Size in bytes.
    pub size: u64,
    /// Base alignment in bytes (at least 1).
    pub alignment: u64,
}

/// The natural (Vulkan) layout of a type, as `VulkanLayoutUtils` computes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NaturalLayout {
    /// The type with natural offsets and strides filled in (struct-level
    /// decorations dropped, as upstream does).
    pub decorated: SpirvType,
    /// Size in bytes; `None` for runtime arrays and structs ending in one.
    pub size: Option<u64>,
    /// Base alignment in bytes (at least 1).
    pub alignment: u64,
}

impl SpirvType {
    /// The natural Vulkan layout, or `None` for types upstream cannot lay
    /// out: pointers, images, matrices, functions, identified structs, and
    /// scalars narrower than a byte other than `i1`.
    ///
    /// Scalars are aligned to their size (`i1` counts as one byte); a
    /// two-element vector to twice its element alignment and larger vectors
    /// to four times; arrays to their element's alignment with the element
    /// size as stride; structs to their largest member alignment, with each
    /// member at the next aligned offset.
    pub fn natural_layout(&self) -> Option<NaturalLayout> {
        match self {
            Self::Integer { .. } | Self::Float(_) => {
                let alignment = scalar_alignment(self)?;
                Some(NaturalLayout {
                    decorated: self.clone(),
                    size: Some(alignment),
                    alignment,
                })
            }
            Self::Vector { count, element } => {
                let element_alignment = scalar_alignment(element)?;
                let alignment = if *count == 2 { 2 } else { 4 } * element_alignment;
                Some(NaturalLayout {
                    decorated: self.clone(),
                    size: element_alignment.checked_mul(u64::from(*count)),
                    alignment,
                })
            }
            Self::Array { count, element, .. } => {
                let inner = element.natural_layout()?;
                let element_size = inner.size?;
                Some(NaturalLayout {
                    decorated: Self::Array {
                        count: *count,
                        element: Arc::new(inner.decorated),
                        stride: natural_stride(element_size)?,
                    },
                    size: Some(element_size.checked_mul(u64::from(*count))?),
                    alignment: inner.alignment,
                })
            }
            Self::RuntimeArray { element, .. } => {
                let inner = element.natural_layout()?;
                Some(NaturalLayout {
                    decorated: Self::RuntimeArray {
                        element: Arc::new(inner.decorated),
                        stride: natural_stride(inner.size?)?,
                    },
                    size: None,
                    alignment: inner.alignment,
                })
            }
            Self::Struct(st) => struct_natural_layout(st),
            // A buffer device address (GLSL buffer_reference): 64 bits.
            Self::Pointer { storage_class: StorageClass::PhysicalStorageBuffer, .. } => {
                Some(NaturalLayout { decorated: self.clone(), size: Some(8), alignment: 8 })
            }
            _ => None,
        }
    }

    /// Natural size and alignment, for types with a bounded natural layout
    /// (see [`SpirvType::natural_layout`]).
    pub fn size_and_alignment(&self) -> Option<Layout> {
        let layout = self.natural_layout()?;
        Some(Layout {
            size: layout.size?,
            alignment: layout.alignment,
        })
    }

    /// Whether the type equals its own natural decoration: all offsets and
    /// strides inside it are exactly the Vulkan natural ones.
    pub fn is_naturally_laid_out(&self) -> bool {
        self.natural_layout()
            .is_some_and(|layout| layout.decorated == *self)
    }

    /// Upstream's `SPIRVType::getSizeInBytes`, quirks included: scalars
    /// (not `i1`) and vectors of them have their plain size; an array has
    /// `(element size + stride) * count`; everything else has none.
    pub fn size_in_bytes(&self) -> Option<u64> {
        match self {
            Self::Integer { .. } | Self::Float(_) => scalar_size(self),
            Self::Vector { count, element } => scalar_size(element)?.checked_mul(u64::from(*count)),
            Self::Array {
                count,
                element,
                stride,
            } => element
                .size_in_bytes()?
                .checked_add(u64::from(stride.unwrap_or(0)))?
                .checked_mul(u64::from(*count)),
            _ => None,
        }
    }

    /// Whether upstream converts this type's `ArrayStride` to LLVM: an array
    /// without stride, or whose stride equals
    /// [`size_in_bytes`](Self::size_in_bytes) of its element; a runtime array
    /// only without stride (upstream rejects any runtime-array stride). Types
    /// without a stride trivially qualify. Nested types are not inspected.
    pub fn has_convertible_stride(&self) -> bool {
        match self {
            Self::Array {
                element,
                stride: Some(stride),
                ..
            } => element.size_in_bytes() == Some(u64::from(*stride)),
            Self::RuntimeArray { stride, .. } => stride.is_none(),
            _ => true,
        }
    }
}

impl StructType {
    /// Whether this struct has explicit offsets that are all natural, i.e.
    /// upstream maps it to an unpacked LLVM struct. `false` for structs
    /// without offsets (those become packed LLVM structs), identified
    /// structs, and structs with struct-level decorations.
    pub fn has_natural_offsets(&self) -> bool {
        self.has_offsets()
            && struct_natural_layout(self)
                .is_some_and(|layout| layout.decorated.as_struct() == Some(self))
    }
}

/// Scalar alignment per `VulkanLayoutUtils`: bit width / 8, with `i1` as 1.
fn scalar_alignment(ty: &SpirvType) -> Option<u64> {
    let width = match ty {
        SpirvType::Integer { width: 1, .. } => return Some(1),
        SpirvType::Integer { width, .. } => *width,
        SpirvType::Float(kind) => kind.bit_width(),
        _ => return None,
    };
    // Sub-byte widths would give a zero alignment; upstream never sees them
    // because the dialect only composes 8/16/32/64-bit scalars.
    (width >= 8).then_some(u64::from(width / 8))
}

/// Scalar size per `SPIRVType::getSizeInBytes`: none for `i1`.
fn scalar_size(ty: &SpirvType) -> Option<u64> {
    match ty {
        SpirvType::Integer { width: 1, .. } => None,
        _ => scalar_alignment(ty),
    }
}

/// Stride MLIR records for a naturally decorated array: the element size,
/// with a zero size (arrays of empty structs) meaning "no stride" (the inner
/// `None`). The outer `None` means the size does not fit a stride at all.
fn natural_stride(element_size: u64) -> Option<Option<u32>> {
    if element_size == 0 {
        Some(None)
    } else {
        u32::try_from(element_size).ok().map(Some)
    }
}

fn align_to(value: u64, alignment: u64) -> Option<u64> {
    value.checked_next_multiple_of(alignment)
}

fn struct_natural_layout(st: &StructType) -> Option<NaturalLayout> {
    // Upstream returns empty structs unchanged, with size 0 and alignment 1.
    if st.members.is_empty() {
        return Some(NaturalLayout {
            decorated: SpirvType::Struct(st.clone()),
            size: Some(0),
            alignment: 1,
        });
    }
    // Identified structs are uniqued by name, so upstream cannot create a
    // decorated copy and gives up.
    if st.is_identified() {
        return None;
    }
    let mut offset = 0u64;
    let mut alignment = 1u64;
    let mut unbounded = false;
    let mut members = Vec::with_capacity(st.members.len());
    for member in &st.members {
        // Only a trailing runtime array may be unbounded.
        if unbounded {
            return None;
        }
        let inner = member.ty.natural_layout()?;
        offset = align_to(offset, inner.alignment)?;
        members.push(StructMember {
            ty: Arc::new(inner.decorated),
            offset: Some(u32::try_from(offset).ok()?),
            decorations: member.decorations.clone(),
        });
        match inner.size {
            Some(size) => offset = offset.checked_add(size)?,
            None => unbounded = true,
        }
        alignment = alignment.max(inner.alignment);
    }
    let size = if unbounded {
        None
    } else {
        Some(align_to(offset, alignment)?)
    };
    Some(NaturalLayout {
        decorated: SpirvType::Struct(StructType {
            identifier: None,
            members,
            decorations: Vec::new(),
        }),
        size,
        alignment,
    })
}
