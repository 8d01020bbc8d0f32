//! A Rust model of SPIR-V dialect types (and the builtin types that appear
//! inside them), read from their printed form.
//!
//! MLIR 22's C API has no accessors for `!spirv.*` types, so the conversion
//! prints each type once, parses the text with [`SpirvType::parse`] and works
//! on the resulting tree. [`SpirvTypeCache`] does the printing and memoizes
//! the result per uniqued MLIR type. The model's [`Display`](fmt::Display)
//! prints the exact syntax MLIR 22 prints, so the parse round-trips.
//!
//! Layout queries mirroring upstream's `SPIRVType::getSizeInBytes` and
//! `VulkanLayoutUtils` live in the `layout` submodule (see
//! [`SpirvType::natural_layout`] and [`SpirvType::size_in_bytes`]).

use std::{fmt, sync::Arc};

use super::attributes::{
    CooperativeMatrixUseKHR, Decoration, Dim, ImageArrayedInfo, ImageDepthInfo, ImageFormat,
    ImageSamplerUseInfo, ImageSamplingInfo, Scope, StorageClass,
};

mod cache;
mod display;
mod error;
mod layout;
mod parser;

#[cfg(test)]
mod tests;

pub use cache::SpirvTypeCache;
pub use error::TypeParseError;
pub use layout::{Layout, NaturalLayout};

/// Signedness semantics of a builtin integer type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no signedness semantics (the only kind SPIR-V ops usually use).
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The builtin floating-point types SPIR-V can use. Other MLIR float types
/// (`tf32`, `f8E4M3FN`, ...) are kept as [`SpirvType::Other`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl FloatKind {
    /// Width in bits.
    pub const fn bit_width(self) -> u32 {
        match self {
            Self::F16 | Self::BF16 => 16,
            Self::F32 => 32,
            Self::F64 => 64,
        }
    }

    /// The MLIR keyword, e.g. `bf16`.
    pub const fn keyword(self) -> &'static str {
        match self {
            Self::F16 => "f16",
            Self::BF16 => "bf16",
            Self::F32 => "f32",
            Self::F64 => "f64",
        }
    }
}

/// Value of a decoration in a struct type, e.g. the `1` of `Location=1`.
///
/// MLIR stores any attribute there; integers and booleans are modelled, the
/// rest is kept as printed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DecorationValue {
    /// An integer literal (printed without its type).
    Integer(i64),
    /// `true` or `false`.
    Bool(bool),
    /// Any other attribute, as printed (e.g. `"x"`, `[1, 2]`).
    Other(String),
}

/// A decoration attached to a struct type or to one of its members.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DecorationInfo {
    /// Which decoration.
    pub decoration: Decoration,
    /// Its value; `None` for unit decorations such as `NonWritable`.
    pub value: Option<DecorationValue>,
}

impl DecorationInfo {
    /// A decoration without a value.
    pub const fn unit(decoration: Decoration) -> Self {
        Self {
            decoration,
            value: None,
        }
    }
}

/// One member of a [`StructType`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// The member type.
    pub ty: Arc<SpirvType>,
    /// Byte offset (`Offset` decoration); either all members of a struct have
    /// one or none has.
    pub offset: Option<u32>,
    /// Other member decorations, in printed order.
    pub decorations: Vec<DecorationInfo>,
}

impl StructMember {
    /// A member without offset or decorations.
    pub fn new(ty: SpirvType) -> Self {
        Self {
            ty: Arc::new(ty),
            offset: None,
            decorations: Vec::new(),
        }
    }

    /// A member at the given offset, without decorations.
    pub fn with_offset(ty: SpirvType, offset: u32) -> Self {
        Self {
            offset: Some(offset),
            ..Self::new(ty)
        }
    }
}

/// A `!spirv.struct`, literal or identified.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructType {
    /// Name of an identified struct; `None` for literal structs.
    pub identifier: Option<String>,
    /// The members, in order.
    pub members: Vec<StructMember>,
    /// Struct-level decorations such as `Block`.
    pub decorations: Vec<DecorationInfo>,
}

impl StructType {
    /// A literal struct of the given members, without decorations.
    pub fn literal(members: Vec<StructMember>) -> Self {
        Self {
            identifier: None,
            members,
            decorations: Vec::new(),
        }
    }

    /// Whether this is an identified (named, possibly recursive) struct.
    pub fn is_identified(&self) -> bool {
        self.identifier.is_some()
    }

    /// Whether the members carry explicit offsets.
    pub fn has_offsets(&self) -> bool {
        self.members.iter().any(|member| member.offset.is_some())
    }

    /// Whether any member carries a decoration other than its offset.
    pub fn has_member_decorations(&self) -> bool {
        self.members
            .iter()
            .any(|member| !member.decorations.is_empty())
    }

    /// The member types, in order.
    pub fn member_types(&self) -> impl ExactSizeIterator<Item = &Arc<SpirvType>> {
        self.members.iter().map(|member| &member.ty)
    }
}

/// A `!spirv.image`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ImageType {
    /// Sampled (texel component) type.
    pub element: Arc<SpirvType>,
    /// Dimensionality.
    pub dim: Dim,
    /// Depth image or not.
    pub depth: ImageDepthInfo,
    /// Arrayed or not.
    pub arrayed: ImageArrayedInfo,
    /// Multisampled or not.
    pub sampling: ImageSamplingInfo,
    /// Relation to samplers.
    pub sampler_use: ImageSamplerUseInfo,
    /// Texel format.
    pub format: ImageFormat,
}

/// A SPIR-V dialect type, or a builtin type used by SPIR-V.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SpirvType {
    /// `i32`, `si8`, `ui16`, `i1` (SPIR-V's bool)...
    Integer {
        /// Width in bits.
        width: u32,
        /// Signedness semantics.
        signedness: Signedness,
    },
    /// `f16`, `bf16`, `f32`, `f64`.
    Float(FloatKind),
    /// Builtin `index` (not a SPIR-V type, but ops around SPIR-V use it).
    Index,
    /// Builtin `none`, SPIR-V's `OpTypeVoid`.
    Void,
    /// One-dimensional, fixed-length builtin `vector<NxT>`; other vector
    /// shapes are [`SpirvType::Other`].
    Vector {
        /// Number of elements.
        count: u32,
        /// Element type.
        element: Arc<SpirvType>,
    },
    /// `!spirv.ptr<T, StorageClass>`.
    Pointer {
        /// Pointee type.
        pointee: Arc<SpirvType>,
        /// Storage class.
        storage_class: StorageClass,
    },
    /// `!spirv.array<N x T>` or `!spirv.array<N x T, stride=S>`.
    Array {
        /// Number of elements.
        count: u32,
        /// Element type.
        element: Arc<SpirvType>,
        /// `ArrayStride` decoration, if any.
        stride: Option<u32>,
    },
    /// `!spirv.rtarray<T>` or `!spirv.rtarray<T, stride=S>`.
    RuntimeArray {
        /// Element type.
        element: Arc<SpirvType>,
        /// `ArrayStride` decoration, if any.
        stride: Option<u32>,
    },
    /// `!spirv.struct<...>`.
    Struct(StructType),
    /// `!spirv.struct<Name>`: a reference, nested inside the definition of
    /// the identified struct `Name`, back to that struct. Keeping it as a name
    /// keeps recursive types finite.
    StructRef(String),
    /// `!spirv.image<...>`.
    Image(ImageType),
    /// `!spirv.sampled_image<!spirv.image<...>>`; holds the image type.
    SampledImage(Arc<SpirvType>),
    /// `!spirv.sampler`. MLIR 22 does not define it; accepted for newer MLIR.
    Sampler,
    /// `!spirv.matrix<C x vector<RxT>>`.
    Matrix {
        /// Number of columns.
        columns: u32,
        /// Type of one column (a vector).
        column_type: Arc<SpirvType>,
    },
    /// `!spirv.coopmatrix<RxCxT, Scope, Use>`.
    CooperativeMatrix {
        /// Element type.
        element: Arc<SpirvType>,
        /// Number of rows.
        rows: u32,
        /// Number of columns.
        columns: u32,
        /// Scope the matrix is shared in.
        scope: Scope,
        /// Role in a multiply-add.
        use_: CooperativeMatrixUseKHR,
    },
    /// `!spirv.arm.tensor<2x?xT>`.
    TensorArm {
        /// Dimensions; `None` is a dynamic (`?`) dimension.
        shape: Vec<Option<u64>>,
        /// Element type.
        element: Arc<SpirvType>,
    },
    /// Builtin function type `(A, B) -> R`.
    Function {
        /// Parameter types.
        inputs: Vec<Arc<SpirvType>>,
        /// Result types.
        results: Vec<Arc<SpirvType>>,
    },
    /// Any other type (`tensor<4xf32>`, `!llvm.ptr`, `vector<2x2xf32>`...),
    /// kept exactly as printed.
    Other(String),
}

impl SpirvType {
    /// Parses the form MLIR 22 prints, e.g.
    /// `!spirv.ptr<!spirv.rtarray<f32, stride=4>, StorageBuffer>`.
    ///
    /// The whole input must be one type (surrounding whitespace allowed).
    ///
    /// # Errors
    ///
    /// A [`TypeParseError`] locating the first problem: malformed or
    /// truncated syntax, unknown type names or enum keywords, out-of-range
    /// integers, and the structural errors MLIR's own parser reports.
    pub fn parse(text: &str) -> Result<Self, TypeParseError> {
        parser::parse(text)
    }

    /// Shorthand for a signless integer type `iN`.
    pub const fn int(width: u32) -> Self {
        Self::Integer {
            width,
            signedness: Signedness::Signless,
        }
    }

    /// Shorthand for `vector<count x element>`.
    pub fn vector(count: u32, element: Self) -> Self {
        Self::Vector {
            count,
            element: Arc::new(element),
        }
    }

    /// Bit width of a scalar, or of the elements of a vector.
    pub fn bit_width(&self) -> Option<u32> {
        match self {
            Self::Integer { width, .. } => Some(*width),
            Self::Float(kind) => Some(kind.bit_width()),
            Self::Vector { element, .. } => element.bit_width(),
            _ => None,
        }
    }

    /// Whether this is a scalar integer type (including `i1`).
    pub fn is_integer(&self) -> bool {
        matches!(self, Self::Integer { .. })
    }

    /// Whether this is a scalar float type.
    pub fn is_float(&self) -> bool {
        matches!(self, Self::Float(_))
    }

    /// Whether this is SPIR-V's bool, i.e. signless `i1`.
    pub fn is_bool(&self) -> bool {
        matches!(
            self,
            Self::Integer {
                width: 1,
                signedness: Signedness::Signless
            }
        )
    }

    /// Whether this is a scalar integer or float.
    pub fn is_scalar(&self) -> bool {
        self.is_integer() || self.is_float()
    }

    /// Whether this is a (one-dimensional, fixed-length) vector.
    pub fn is_vector(&self) -> bool {
        matches!(self, Self::Vector { .. })
    }

    /// Whether this is an integer or a vector of integers.
    pub fn is_int_or_int_vector(&self) -> bool {
        self.scalar_type().is_integer()
    }

    /// Whether this is a float or a vector of floats.
    pub fn is_float_or_float_vector(&self) -> bool {
        self.scalar_type().is_float()
    }

    /// Whether this is a bool or a vector of bools.
    pub fn is_bool_or_bool_vector(&self) -> bool {
        self.scalar_type().is_bool()
    }

    /// The element type of a vector, array, runtime array, cooperative
    /// matrix or tensor; the column type of a matrix.
    pub fn element_type(&self) -> Option<&Arc<SpirvType>> {
        match self {
            Self::Vector { element, .. }
            | Self::Array { element, .. }
            | Self::RuntimeArray { element, .. }
            | Self::CooperativeMatrix { element, .. }
            | Self::TensorArm { element, .. } => Some(element),
            Self::Matrix { column_type, .. } => Some(column_type),
            _ => None,
        }
    }

    /// The element type of a vector, or the type itself otherwise (MLIR's
    /// `getElementTypeOrSelf` restricted to vectors).
    pub fn scalar_type(&self) -> &SpirvType {
        match self {
            Self::Vector { element, .. } => element,
            other => other,
        }
    }

    /// The element count of a vector.
    pub fn vector_count(&self) -> Option<u32> {
        match self {
            Self::Vector { count, .. } => Some(*count),
            _ => None,
        }
    }

    /// The pointee of a pointer.
    pub fn pointee(&self) -> Option<&Arc<SpirvType>> {
        match self {
            Self::Pointer { pointee, .. } => Some(pointee),
            _ => None,
        }
    }

    /// The storage class of a pointer.
    pub fn storage_class(&self) -> Option<StorageClass> {
        match self {
            Self::Pointer { storage_class, .. } => Some(*storage_class),
            _ => None,
        }
    }

    /// The struct type, if this is a (non-reference) struct.
    pub fn as_struct(&self) -> Option<&StructType> {
        match self {
            Self::Struct(ty) => Some(ty),
            _ => None,
        }
    }
}

impl std::str::FromStr for SpirvType {
    type Err = TypeParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl fmt::Display for SpirvType {
    /// Prints the exact syntax MLIR 22 prints for the type.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display::write_type(f, self)
    }
}
