//! Type conversion (manual: "Type Conversion"): SPIR-V types to LLVM types.
//!
//! Builtin integers lose their signedness, vectors keep their shape, and the
//! SPIR-V dialect's own types are read into the [`SpirvType`] model (MLIR's C
//! API has no accessors for them) and lowered from it:
//!
//! * `!spirv.ptr<T, SC>` is an opaque `!llvm.ptr` in the address space the
//!   client API gives `SC` (see [`ClientApi::address_space`]);
//! * `!spirv.array<N x T>` is `!llvm.array<N x T>` when it has no stride or
//!   its natural one, `!spirv.rtarray<T>` a zero-length array; a 3-vector
//!   element at a stride below LLVM's room for it (Vulkan's scalar block
//!   layout: `vec3` at 12) is the array of its scalars;
//! * a struct without offsets is a packed literal struct (with the OpenCL
//!   client API an unpacked one: OpenCL's C layout), one with natural
//!   (Vulkan) offsets an unpacked literal struct; identified structs become
//!   literal structs too, as upstream, since LLVM pointers are opaque and
//!   never name the struct they point to;
//! * `!spirv.matrix<C x vector<R x T>>` is `!llvm.array<C x vector<R x T>>`:
//!   C column vectors, column-major, as SPIR-V and the SPIRV-LLVM-Translator
//!   lay matrices out (the matrix ops are lowered in `matrix.rs`);
//! * a Vulkan image (storage image, texel buffer) is a pointer to its
//!   descriptor (`image.rs`, docs/abi.md "Images"); samplers, OpenCL
//!   images and ARM tensors have no LLVM counterpart and are errors;
//! * `!spirv.coopmatrix<R x C x T>` is `vector<(R*C) x T>`, the whole matrix
//!   row-major in every invocation (`coop_matrix.rs`, docs/abi.md
//!   "Cooperative matrices").

use super::SpirvToLlvmOptions;
pub use spirv_opt_dialects::spirv::deserialize::{PointerLayout, UnknownPointerLayout};
use melior::{
    Context,
    dialect::llvm,
    ir::{Type, TypeLike, r#type::IntegerType},
};
use spirv_opt_dialects::spirv::{
    attributes::{Decoration, StorageClass},
    types::{DecorationInfo, DecorationValue, FloatKind, SpirvType, SpirvTypeCache, StructMember, StructType},
};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, TypeConverter},
    error::{MatchFailure, TypeConversionError},
    ir::vector_shape,
};
use std::{cell::RefCell, collections::HashMap, rc::Rc};
use std::{fmt, str::FromStr, sync::Arc};

/// The client API, which decides the LLVM address space of each SPIR-V
/// storage class (option `client-api` of `convert-spirv-to-llvm`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ClientApi {
    /// Every storage class in address space 0.
    #[default]
    Unknown,
    /// Address spaces of the OpenCL/SPIR-V mapping (seed 000).
    OpenCL,
    /// Vulkan.
    Vulkan,
    /// Metal.
    Metal,
    /// WebGPU.
    WebGPU,
}

impl ClientApi {
    /// Every value, with its option spelling.
    pub const ALL: [(Self, &'static str); 5] = [
        (Self::Unknown, "Unknown"),
        (Self::Metal, "Metal"),
        (Self::OpenCL, "OpenCL"),
        (Self::Vulkan, "Vulkan"),
        (Self::WebGPU, "WebGPU"),
    ];

    /// The LLVM address space of pointers in `storage_class`.
    ///
    /// Only OpenCL has a mapping, upstream's (from the OpenCL extended
    /// instruction set and clang's SPIR target): `Function` 0,
    /// `CrossWorkgroup` and `Input` 1, `UniformConstant` 2, `Workgroup` 3,
    /// `Generic` 4, `DeviceOnlyINTEL` 5, `HostOnlyINTEL` 6. Every other
    /// storage class, and every storage class of the other client APIs, is
    /// address space 0: upstream rejects no combination, so neither do we.
    pub fn address_space(self, storage_class: StorageClass) -> u32 {
        if self != Self::OpenCL {
            return 0;
        }
        match storage_class {
            StorageClass::CrossWorkgroup | StorageClass::Input => 1,
            StorageClass::UniformConstant => 2,
            StorageClass::Workgroup => 3,
            StorageClass::Generic => 4,
            StorageClass::DeviceOnlyINTEL => 5,
            StorageClass::HostOnlyINTEL => 6,
            _ => 0,
        }
    }
}

impl fmt::Display for ClientApi {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Self::ALL.iter().find(|(api, _)| api == self).map_or("Unknown", |(_, name)| name);
        formatter.write_str(name)
    }
}

/// An unknown `client-api` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown client API '{0}' (expected Unknown, Metal, OpenCL, Vulkan or WebGPU)")]
pub struct UnknownClientApi(pub String);

impl FromStr for ClientApi {
    type Err = UnknownClientApi;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(api, _)| *api)
            .ok_or_else(|| UnknownClientApi(text.to_owned()))
    }
}

/// The type converter of the SPIR-V to LLVM conversion.
pub(crate) fn spirv_to_llvm_type_converter(context: &Context, options: SpirvToLlvmOptions) -> TypeConverter<'_> {
    let mut converter = TypeConverter::new(context);
    // Types that are already valid LLVM dialect types stay. Tried last.
    converter.add_rule(|ty, _| is_llvm_compatible(ty).then_some(Ok(ty)));
    // SPIR-V integers may be signed or unsigned; LLVM's are signless, the
    // signedness lives in the ops.
    converter.add_rule(move |ty, _| {
        let integer = IntegerType::try_from(ty).ok()?;
        Some(Ok(if integer.is_signless() { ty } else { IntegerType::new(context, integer.width()).into() }))
    });
    converter.add_rule(|ty, converter| {
        let (length, element) = vector_shape(ty)?;
        Some(converter.convert_type(element).map(|element| Type::vector(&[length], element)))
    });
    let cache = SpirvTypeCache::new(context);
    converter.add_rule(move |ty, converter| convert_spirv_type(context, ty, converter, options, &cache));
    converter
}

/// Converts the types of the SPIR-V dialect itself (pointers, arrays,
/// structs...); `None` for any other type.
fn convert_spirv_type<'c>(
    context: &'c Context,
    ty: Type<'c>,
    converter: &TypeConverter<'c>,
    options: SpirvToLlvmOptions,
    cache: &SpirvTypeCache<'c>,
) -> Option<Result<Type<'c>, TypeConversionError>> {
    if ty.dialect().namespace() != Ok("spirv") {
        return None;
    }
    let result = match cache.read(ty) {
        Ok(model) => TypeLowering { context, converter, options }.lower(&model),
        Err(error) => Err(format!("cannot read the SPIR-V type: {error}")),
    };
    Some(result.map_err(|reason| TypeConversionError::new(ty, reason)))
}

/// The SPIR-V model of `ty`, read from its printed form.
pub(crate) fn read_type(ty: Type<'_>) -> Result<SpirvType, MatchFailure> {
    SpirvType::parse(&ty.to_string()).map_err(|error| MatchFailure::new(format!("cannot read type '{ty}': {error}")))
}

/// The models of the types read during one conversion, by uniqued type.
#[derive(Default)]
struct TypeModels(RefCell<HashMap<usize, Rc<SpirvType>>>);

/// [`read_type`], once per distinct type and conversion: patterns that read
/// the same types over and over (every access chain reads its base pointer
/// type) print and parse each only the first time.
pub(crate) fn read_type_cached(
    rewriter: &ConversionRewriter<'_, '_, '_>,
    ty: Type<'_>,
) -> Result<Rc<SpirvType>, MatchFailure> {
    let models: Rc<TypeModels> = rewriter.state();
    let key = ty.to_raw().ptr as usize;
    if let Some(model) = models.0.borrow().get(&key) {
        return Ok(Rc::clone(model));
    }
    let model = Rc::new(read_type(ty)?);
    models.0.borrow_mut().insert(key, Rc::clone(&model));
    Ok(model)
}

/// Lowers [`SpirvType`] models to LLVM dialect types. Patterns use it for
/// types they only have as part of a model (the pointee of a pointer, say).
pub(crate) struct TypeLowering<'a, 'c> {
    /// Where the LLVM types are built.
    pub(crate) context: &'c Context,
    /// Converts the builtin types met inside the model.
    pub(crate) converter: &'a TypeConverter<'c>,
    /// Decides pointer address spaces.
    pub(crate) options: SpirvToLlvmOptions,
}

/// Which LLVM form of a SPIR-V type: they differ only in booleans, and in
/// pointers under [`PointerLayout::Module`] ([`forms_differ`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// An SSA value: a bool is `i1`.
    Value,
    /// Memory (a pointee): a bool is an `i8` holding 0 or 1, as clang keeps
    /// C's `bool`. LLVM stores a `<N x i1>` as N packed bits, while a GEP
    /// to one of its elements steps whole bytes, and the SPMD vectorizer's
    /// lanes would pack `i1`s the same way: with bytes, every access to a
    /// bool, a bool vector or one of its elements agrees. Under
    /// [`PointerLayout::Module`] (a `Physical32` module), a pointer is an
    /// `i32` holding its address.
    Memory,
}

impl<'c> TypeLowering<'_, 'c> {
    /// The LLVM type of a value of `ty`, or why there is none.
    pub(crate) fn lower(&self, ty: &SpirvType) -> Result<Type<'c>, String> {
        self.lower_as(ty, Form::Value)
    }

    /// The LLVM type of `ty` in memory (a variable's, the pointee of a
    /// pointer): [`Self::lower`]'s, with bools as bytes (see [`Form::Memory`]).
    pub(crate) fn lower_in_memory(&self, ty: &SpirvType) -> Result<Type<'c>, String> {
        self.lower_as(ty, Form::Memory)
    }

    /// The LLVM type of `ty` in `form`.
    pub(crate) fn lower_as(&self, ty: &SpirvType, form: Form) -> Result<Type<'c>, String> {
        match ty {
            SpirvType::Integer { width: 1, .. } if form == Form::Memory => Ok(IntegerType::new(self.context, 8).into()),
            SpirvType::Integer { width, .. } => Ok(IntegerType::new(self.context, *width).into()),
            SpirvType::Float(kind) => Ok(float_type(self.context, *kind)),
            SpirvType::Vector { count, element } => {
                Ok(Type::vector(&[u64::from(*count)], self.lower_as(element, form)?))
            }
            // LLVM pointers are opaque: the pointee needs no conversion (which
            // is also what keeps recursive structs finite).
            // A Vulkan texel pointer (OpImageTexelPointer, which only atomics
            // use): the image's descriptor and the texel's coordinates
            // (image.rs). Other client APIs keep upstream's pointer.
            SpirvType::Pointer { storage_class: StorageClass::Image, .. } if self.options.client_api == ClientApi::Vulkan => {
                Ok(super::image::texel_pointer_type(self.context))
            }
            // A `Physical32` module's own layout (`PointerLayout::Module`):
            // the address as 32 bits in memory.
            SpirvType::Pointer { .. } if form == Form::Memory && self.options.pointers_are_32_bit_in_memory() => {
                Ok(IntegerType::new(self.context, 32).into())
            }
            SpirvType::Pointer { storage_class, .. } => {
                Ok(llvm::r#type::pointer(self.context, self.options.client_api.address_space(*storage_class)))
            }
            SpirvType::Array { count, element, stride } => {
                check_stride(element, *stride)?;
                Ok(llvm::r#type::array(self.array_element(element, *stride, form)?, *count))
            }
            SpirvType::RuntimeArray { element, stride } => {
                check_stride(element, *stride)?;
                Ok(llvm::r#type::array(self.array_element(element, *stride, form)?, 0))
            }
            // The importer's stand-in for OpTypeSampler (sampling.rs).
            SpirvType::Struct(_) if spirv_opt_dialects::spirv::deserialize::is_sampler(ty) => {
                super::image::lower_image_type(self.context, self.options, ty)
            }
            SpirvType::Struct(st) => self.lower_struct(st, form),
            SpirvType::StructRef(name) => {
                Err(format!("the recursive reference to struct '{name}' can only appear behind a pointer"))
            }
            SpirvType::Image(_) | SpirvType::SampledImage(_) => super::image::lower_image_type(self.context, self.options, ty),
            SpirvType::Sampler => Err("samplers have no LLVM lowering".to_owned()),
            // Column-major: element c of the array is column c.
            SpirvType::Matrix { columns, column_type } => {
                Ok(llvm::r#type::array(self.element(column_type, form)?, *columns))
            }
            // Every invocation holds every element, row-major (coop_matrix.rs).
            SpirvType::CooperativeMatrix { element, rows, columns, .. } => {
                Ok(Type::vector(&[u64::from(*rows) * u64::from(*columns)], self.element(element, form)?))
            }
            SpirvType::TensorArm { .. } => Err("ARM tensor types have no LLVM lowering".to_owned()),
            SpirvType::Index | SpirvType::Void | SpirvType::Function { .. } | SpirvType::Other(_) => {
                self.builtin(&ty.to_string())
            }
        }
    }

    /// The LLVM type of an element of an array or struct.
    fn element(&self, ty: &SpirvType, form: Form) -> Result<Type<'c>, String> {
        self.lower_as(ty, form).map_err(|reason| format!("element type {ty}: {reason}"))
    }

    /// A builtin type met inside a SPIR-V type, converted by the converter.
    fn builtin(&self, text: &str) -> Result<Type<'c>, String> {
        let ty = Type::parse(self.context, text).ok_or_else(|| format!("cannot parse type '{text}'"))?;
        self.converter.convert_type(ty).map_err(|error| error.reason)
    }

    /// The LLVM element of an array: the element itself, or, when the stride
    /// leaves room after it (std140's arrays of scalars), a struct of the
    /// element and that many padding bytes; access chains then step into
    /// field 0 (memory.rs).
    fn array_element(&self, element: &SpirvType, stride: Option<u32>, form: Form) -> Result<Type<'c>, String> {
        let lowered = self.unpadded_array_element(element, stride, form)?;
        Ok(match stride_padding(element, stride) {
            Some(padding) => {
                let bytes = llvm::r#type::array(IntegerType::new(self.context, 8).into(), padding as u32);
                llvm::r#type::r#struct(self.context, &[lowered, bytes], false)
            }
            None => lowered,
        })
    }

    /// The LLVM type of an array element without the padding bytes
    /// [`Self::array_element`] may add after it (field 0 of the padded
    /// element).
    pub(crate) fn unpadded_array_element(
        &self,
        element: &SpirvType,
        stride: Option<u32>,
        form: Form,
    ) -> Result<Type<'c>, String> {
        match element {
            // Scalar block layout: the element is the array of its scalars,
            // which LLVM steps by the SPIR-V stride (see `element_as_scalars`).
            SpirvType::Vector { count, element: scalar } if element_as_scalars(element, stride) => {
                Ok(llvm::r#type::array(self.element(scalar, form)?, *count))
            }
            _ => self.element(element, form),
        }
    }

    fn lower_struct(&self, st: &StructType, form: Form) -> Result<Type<'c>, String> {
        if let Some((index, decoration)) = unsupported_member_decoration(st) {
            return Err(format!("member #{index} has decoration {decoration}, which has no LLVM lowering"));
        }
        let members = st
            .members
            .iter()
            .enumerate()
            .map(|(index, member)| {
                self.lower_as(&member.ty, form).map_err(|reason| format!("member #{index}: {reason}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(layout) = explicit_layout(st)? {
            let byte = IntegerType::new(self.context, 8).into();
            let fields = layout
                .fields
                .iter()
                .map(|field| match *field {
                    Field::Padding(bytes) => Ok(llvm::r#type::array(byte, bytes as u32)),
                    Field::Member { index, as_array: false } => Ok(members[index]),
                    Field::Member { index, as_array: true } => match &*st.members[index].ty {
                        SpirvType::Vector { count, element } => Ok(llvm::r#type::array(self.element(element, form)?, *count)),
                        _ => Err("only a vector member is stored as an array".to_owned()),
                    },
                })
                .collect::<Result<Vec<_>, String>>()?;
            return Ok(llvm::r#type::r#struct(self.context, &fields, true));
        }
        // Without offsets, OpenCL lays structs out as C does (the SPIR-V
        // OpenCL environment: natural alignment, a 3-vector aligned and
        // sized as a 4-vector), which is LLVM's unpacked layout. Vulkan gives
        // such structs (in function, private and workgroup memory) no layout
        // a host sees: they are unpacked too, since LLVM loads and stores a
        // member with its natural alignment, which a packed struct breaks (a
        // `uvec3` after a `uint` at offset 4, loaded with 16-byte alignment,
        // faulted). The other client APIs pack them, as upstream. A struct
        // decorated `CPacked` (OpenCL C's `__attribute__((packed))`) is
        // packed whatever the client API: its members follow each other
        // without padding, and its accesses carry `Aligned 1`.
        let packed = is_c_packed(st)
            || (!st.has_offsets() && !matches!(self.options.client_api, ClientApi::OpenCL | ClientApi::Vulkan));
        if st.has_offsets() {
            check_natural_offsets(st)?;
        }
        Ok(llvm::r#type::r#struct(self.context, &members, packed))
    }
}

/// Whether `ty` is a scalar whose memory form differs from its value form
/// ([`Form`]): a bool, and a pointer when `options` lay pointers out at 32
/// bits ([`PointerLayout::Module`]).
pub(crate) fn scalar_forms_differ(ty: &SpirvType, options: SpirvToLlvmOptions) -> bool {
    match ty {
        SpirvType::Integer { width: 1, .. } => true,
        SpirvType::Pointer { .. } => options.pointers_are_32_bit_in_memory(),
        _ => false,
    }
}

/// Whether `ty` is or holds a scalar whose memory form differs from its
/// value form ([`scalar_forms_differ`]): then loads, stores and initializers
/// convert values of `ty` between the two (memory/forms.rs).
pub(crate) fn forms_differ(ty: &SpirvType, options: SpirvToLlvmOptions) -> bool {
    match ty {
        SpirvType::Vector { element, .. }
        | SpirvType::Array { element, .. }
        | SpirvType::RuntimeArray { element, .. }
        | SpirvType::Matrix { column_type: element, .. } => forms_differ(element, options),
        SpirvType::Struct(st) => st.members.iter().any(|member| forms_differ(&member.ty, options)),
        other => scalar_forms_differ(other, options),
    }
}

fn float_type(context: &Context, kind: FloatKind) -> Type<'_> {
    match kind {
        FloatKind::F16 => Type::float16(context),
        FloatKind::BF16 => Type::bfloat16(context),
        FloatKind::F32 => Type::float32(context),
        FloatKind::F64 => Type::float64(context),
    }
}

/// Member decorations that change neither the layout nor the meaning of
/// loads and stores, so that dropping them is sound. Upstream rejects every
/// member decoration.
/// `ColMajor` is neutral too: a matrix lowers to an array of its columns.
const NEUTRAL_MEMBER_DECORATIONS: &[Decoration] = &[
    // HLSL reflection: names a member's semantic or type for tools, nothing more.
    Decoration::UserSemantic,
    Decoration::UserTypeGOOGLE,
    Decoration::NonWritable,
    Decoration::NonReadable,
    Decoration::RelaxedPrecision,
    Decoration::Coherent,
    Decoration::Restrict,
    Decoration::Aliased,
    Decoration::ColMajor,
];

/// The first member decoration that cannot be dropped, with its member index.
/// `MatrixStride` can, when it is the size of a column (the columns of the
/// lowered array are then where the stride puts them).
fn unsupported_member_decoration(st: &StructType) -> Option<(usize, Decoration)> {
    st.members.iter().enumerate().find_map(|(index, member)| {
        member
            .decorations
            .iter()
            .find(|info| {
                !(laid_out_as_lowered(&member.ty, info)
                    // The importer's stand-in of a row-major matrix: an array
                    // of its rows, which lowers as it is laid out.
                    || (info.decoration == Decoration::RowMajor && is_rows(&member.ty)))
            })
            .map(|info| (index, info.decoration))
    })
}

/// Whether `ty` is an array of vectors: the rows of a row-major matrix as
/// the importer lays them out (`dialects/src/spirv/deserialize/matrix_layout.rs`).
fn is_rows(ty: &SpirvType) -> bool {
    matches!(ty, SpirvType::Array { element, .. } if matches!(element.as_ref(), SpirvType::Vector { .. }))
}

/// Whether a member of type `ty` decorated with `info` is laid out the way
/// it lowers anyway: a decoration without effect on the layout, or a
/// `MatrixStride` of the room LLVM gives a column.
fn laid_out_as_lowered(ty: &SpirvType, info: &DecorationInfo) -> bool {
    NEUTRAL_MEMBER_DECORATIONS.contains(&info.decoration)
        || (info.decoration == Decoration::MatrixStride && is_natural_matrix_stride(ty, &info.value))
}

/// Whether `value` is the room LLVM gives a column of the matrix `ty` (or
/// of a matrix in an array of matrices).
fn is_natural_matrix_stride(ty: &SpirvType, value: &Option<DecorationValue>) -> bool {
    let matrix = match ty {
        SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => element.as_ref(),
        other => other,
    };
    match (matrix, value) {
        // LLVM's room for a column, not its SPIR-V size: a 3-row column at
        // stride 12 would be read 16 bytes apart.
        (SpirvType::Matrix { column_type, .. }, Some(DecorationValue::Integer(stride))) => {
            llvm_alloc_size(column_type).is_some_and(|size| i64::try_from(size) == Ok(*stride))
        }
        _ => false,
    }
}

/// An array stride is accepted when it is absent, equal to the room LLVM
/// gives the element (its alloc size), so that `!llvm.array` (which has no
/// stride) means the same, when padding can fill the difference
/// (`stride_padding`), or when the element is a 3-vector stored as the array
/// of its scalars (`element_as_scalars`). A stride equal to the element's
/// SPIR-V size but not to its LLVM room (a `vector<3xf32>` at stride 12,
/// which upstream accepts and LLVM steps by 16) is never taken as it is:
/// every element after the first would be read at the wrong address.
fn check_stride(element: &SpirvType, stride: Option<u32>) -> Result<(), String> {
    let Some(stride) = stride else { return Ok(()) };
    if llvm_alloc_size(element) == Some(u64::from(stride))
        || stride_padding(element, Some(stride)).is_some()
        || element_as_scalars(element, Some(stride))
    {
        return Ok(());
    }
    match llvm_alloc_size(element) {
        Some(size) => Err(format!("array stride {stride} is not the natural stride {size} of {element}")),
        None => Err(format!(
            "array stride {stride} cannot be checked: element type {element} has no size (bools, pointers and \
             structs without offsets have none)"
        )),
    }
}

/// Whether an array element of type `element` at `stride` is stored as the
/// array of its scalars (`!llvm.array<3 x T>`): a 3-vector whose stride is
/// at least its SPIR-V size but below the room LLVM gives it (a 4-vector's).
/// That is Vulkan's scalar block layout (`layout(scalar) buffer { vec3 v[]; }`,
/// stride 12; `f16vec3` 6, `dvec3` 24), and what a 3-row matrix with
/// `MatrixStride` 12 stands in for (its columns, dialects'
/// `matrix_layout.rs`). Loads and stores of the vector itself keep it a
/// vector, with the alignment the layout guarantees (memory.rs).
pub(crate) fn element_as_scalars(element: &SpirvType, stride: Option<u32>) -> bool {
    let (SpirvType::Vector { count: 3, .. }, Some(stride)) = (element, stride) else { return false };
    match (byte_size(element), llvm_alloc_size(element)) {
        (Some(size), Some(room)) => (size..room).contains(&u64::from(stride)),
        _ => false,
    }
}

/// The room LLVM gives a value of `ty` in an array (its alloc size), where
/// it differs from its SPIR-V size: a 3-vector takes that of a 4-vector.
pub(crate) fn llvm_alloc_size(ty: &SpirvType) -> Option<u64> {
    match ty {
        SpirvType::Vector { count: 3, element } => byte_size(element)?.checked_mul(4),
        // An array of its columns: `mat3` columns are 16 bytes apart in
        // LLVM, as std140 and std430 lay them out (VK-GL-CTS's
        // determinant and inverse scripts: `mat3 m[10]`, stride 48).
        SpirvType::Matrix { columns, column_type } => llvm_alloc_size(column_type)?.checked_mul(u64::from(*columns)),
        SpirvType::Struct(st) if st.has_offsets() => {
            llvm_layout(&literal(ty)).ok().map(|(size, align)| size.div_ceil(align.max(1)) * align.max(1))
        }
        other => byte_size(other),
    }
}

/// The padding bytes after each element of an array whose `stride` is
/// larger than the room LLVM gives the element: for scalar, vector and
/// array elements and structs with offsets, whose LLVM size is certain.
pub(crate) fn stride_padding(element: &SpirvType, stride: Option<u32>) -> Option<u64> {
    if element_as_scalars(element, stride) {
        let padding = u64::from(stride?) - byte_size(element)?;
        return (padding > 0).then_some(padding);
    }
    let align = match element {
        _ if element.is_scalar() || element.is_vector() => 1,
        // A struct with offsets: its padding must keep its alignment.
        SpirvType::Struct(st) if st.has_offsets() => llvm_layout(&literal(element)).ok()?.1,
        // An array of arrays at a larger outer stride (an explicit layout's
        // `float a[8][32]` at 256 bytes a row, VK-GL-CTS's OpCopyLogical
        // scripts): the padding keeps the inner array's alignment.
        SpirvType::Array { .. } => llvm_layout(element).ok()?.1,
        _ => return None,
    };
    let stride = u64::from(stride?);
    let size = llvm_alloc_size(element)?;
    (stride > size && (stride - size) % align.max(1) == 0).then(|| stride - size)
}

/// The size in bytes of a value of `ty`, as upstream's
/// `SPIRVType::getSizeInBytes` computes it for scalars (not `i1`, which has
/// no defined size) and vectors, but with an array's true size (its stride
/// times its length; upstream adds the stride to the element size) and with
/// a size for structs with natural offsets (their Vulkan size), so that
/// arrays of such structs can have a stride.
pub(crate) fn byte_size(ty: &SpirvType) -> Option<u64> {
    match ty {
        SpirvType::Integer { width: 1, .. } => None,
        SpirvType::Integer { width, .. } => (width % 8 == 0).then_some(u64::from(width / 8)),
        SpirvType::Float(kind) => Some(u64::from(kind.bit_width() / 8)),
        SpirvType::Vector { count, element } => byte_size(element)?.checked_mul(u64::from(*count)),
        SpirvType::Matrix { columns, column_type } => byte_size(column_type)?.checked_mul(u64::from(*columns)),
        SpirvType::Array { count, element, stride } => {
            stride.map(u64::from).or_else(|| byte_size(element))?.checked_mul(u64::from(*count))
        }
        SpirvType::Struct(st) if st.has_offsets() && check_natural_offsets(st).is_ok() => {
            literal(ty).natural_layout()?.size
        }
        // A buffer device address (PhysicalStorageBuffer64, the only
        // addressing model with that storage class): 8 bytes, so that an
        // array of them (`buffer Table { Cell cells[4]; }`) has its stride
        // checked.
        SpirvType::Pointer { storage_class: StorageClass::PhysicalStorageBuffer, .. } => Some(8),
        _ => None,
    }
}

/// Checks that the offsets of `st` (which has some) are the natural Vulkan
/// ones, as upstream's `VulkanLayoutUtils::decorateType` computes them, so
/// that an unpacked LLVM struct has the same layout.
///
/// Beyond upstream: identified structs and struct-level decorations such as
/// `Block` (which do not change the layout) are accepted, and arrays inside
/// may omit their stride (it is then the natural one).
///
/// What decides is LLVM's own layout of the struct the type lowers to
/// (`llvm_layout`): a member whose offset LLVM would not give it (a scalar
/// packed after a 3-vector, which LLVM rounds up to 16 bytes) is refused
/// rather than read from the wrong bytes.
fn check_natural_offsets(st: &StructType) -> Result<(), String> {
    let original = literal(&SpirvType::Struct(st.clone()));
    if original.natural_layout().is_none() {
        return Err(
            "a struct with offsets must only hold scalars, vectors, arrays and structs (with a runtime array last)"
                .to_owned(),
        );
    }
    match &original {
        SpirvType::Struct(literal_struct) => natural_struct_layout(literal_struct).map(|_| ()),
        _ => Ok(()),
    }
}

/// One field of an explicitly laid out struct's LLVM type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// `!llvm.array<N x i8>`: the bytes between two members.
    Padding(u64),
    /// SPIR-V member `index`; `as_array` for a 3-vector stored as
    /// `!llvm.array<3 x T>` (12 bytes) because the next member starts inside
    /// the 16 bytes LLVM gives the vector, or because it is the last member
    /// at an offset below its alignment (the scalar block layout).
    Member { index: usize, as_array: bool },
}

/// How a struct with offsets that LLVM's natural layout cannot reproduce
/// (std140/std430 put a scalar in the last 4 bytes of a 3-vector's 16; the
/// scalar block layout puts vectors below their alignment and ends structs
/// before LLVM would) is lowered instead: a packed LLVM struct whose fields
/// are the members at their offsets, with explicit padding between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ExplicitLayout {
    /// The LLVM fields, in order.
    pub(crate) fields: Vec<Field>,
    /// The LLVM field of each SPIR-V member.
    pub(crate) field_of_member: Vec<usize>,
    /// The packed struct's size (its last member's end).
    pub(crate) size: u64,
}

impl ExplicitLayout {
    /// Whether member `index` is a 3-vector stored as an array.
    pub(crate) fn member_as_array(&self, index: usize) -> bool {
        self.field_of_member
            .get(index)
            .is_some_and(|&field| matches!(self.fields[field], Field::Member { as_array: true, .. }))
    }
}

/// The explicit layout of `st` when it has offsets that LLVM's natural
/// layout of its members does not reproduce, or when LLVM's struct would
/// end past its last member because of a vector (see the body); `None`
/// when it has no offsets or they are natural (then it lowers to a plain
/// LLVM struct).
///
/// # Errors
///
/// Why no layout can place the members: members that overlap, a member
/// without an LLVM layout, or a struct without offsets nested in it.
pub(crate) fn explicit_layout(st: &StructType) -> Result<Option<ExplicitLayout>, String> {
    if !st.has_offsets() {
        return Ok(None);
    }
    // What `check_natural_offsets` checks, with LLVM's natural layout kept
    // for the size comparison below (each is computed once per call: they
    // recurse into nested structs).
    let original = literal(&SpirvType::Struct(st.clone()));
    let SpirvType::Struct(literal_struct) = &original else { return Ok(None) };
    if original.natural_layout().is_none() {
        // Types Vulkan gives no layout stay refused.
        return check_natural_offsets(st).map(|()| None);
    }
    let Ok(natural) = natural_struct_layout(literal_struct) else {
        return build_explicit_layout(st).map(Some);
    };
    // LLVM's struct ends at a multiple of its alignment, which a vector
    // raises: `{ vec2 a; float b; }` takes 16 bytes, 12 in the scalar block
    // layout, where arrays of it are 12 bytes apart. When the explicit
    // layout is shorter, it is the one that fits every stride (arrays pad
    // it to theirs). A block (`Block`, `BufferBlock`) is in no array or
    // struct: it keeps LLVM's struct, as std140 and std430 blocks always did.
    if is_block(st) {
        return Ok(None);
    }
    let explicit = build_explicit_layout(st)?;
    // Rounded to its largest scalar, as the scalar layout sizes it: only
    // vectors make LLVM's struct longer than that.
    let scalar = scalar_alignment(&original).unwrap_or(1).max(1);
    let round_up = |value: u64, align: u64| value.div_ceil(align.max(1)) * align.max(1);
    Ok((round_up(explicit.size, scalar) < round_up(natural.0, natural.1)).then_some(explicit))
}

/// The explicit layout of `st` (which has offsets): its members at their
/// offsets in a packed struct, padding between them. The fields follow the
/// offsets, which SPIR-V does not order (only overlap is invalid: a block
/// `{ int a [8]; float b [0]; int c [4]; }` passes spirv-val and runs on
/// lavapipe); `field_of_member` maps each member to its field.
fn build_explicit_layout(st: &StructType) -> Result<ExplicitLayout, String> {
    let mut fields = Vec::new();
    let mut field_of_member = vec![0; st.members.len()];
    let mut cursor = 0u64;
    let mut order: Vec<usize> = (0..st.members.len()).collect();
    order.sort_by_key(|&index| st.members[index].offset.unwrap_or(0));
    for (position, &index) in order.iter().enumerate() {
        let member = &st.members[index];
        if let SpirvType::Struct(inner) = &*member.ty
            && !inner.members.is_empty()
            && !inner.has_offsets()
        {
            return Err(format!(
                "member #{index}: a struct without offsets (a packed struct) cannot be nested in a struct with offsets"
            ));
        }
        let offset = u64::from(member.offset.unwrap_or(0));
        if offset < cursor {
            return Err(format!(
                "member #{index} at offset {offset} overlaps the member before it, which ends at {cursor}"
            ));
        }
        if offset > cursor {
            fields.push(Field::Padding(offset - cursor));
        }
        let (size, align) = llvm_layout(&literal(&member.ty)).map_err(|reason| format!("member #{index}: {reason}"))?;
        // A member at an offset below its LLVM alignment (scalar block
        // layout: a `vec2` at offset 4) still lands at its offset in the
        // packed struct; its loads and stores carry the alignment the layout
        // guarantees (memory.rs). A 3-vector is stored as the array of its
        // scalars when the next member starts inside the room LLVM gives it,
        // or when it is the last member at such an offset (so that the
        // struct's size, hence the stride of arrays of it, is SPIR-V's).
        let next = order.get(position + 1).and_then(|&next| st.members[next].offset).map(u64::from);
        let as_array = match &*member.ty {
            SpirvType::Vector { count: 3, element } => {
                // The last member of a struct that may be in an array (not
                // a block): stored as its scalars, so that the struct ends
                // where SPIR-V's does and an array of it may step by the
                // scalar layout's stride (`struct { vec3 v; }` at 12); an
                // array at a larger stride pads it (types' `stride_padding`).
                let overlapped = match next {
                    Some(next) => next < offset + size,
                    None => offset % align.max(1) != 0 || !is_block(st),
                };
                overlapped && byte_size(element).is_some()
            }
            _ => false,
        };
        let stored = if as_array { byte_size(&member.ty).unwrap_or(size) } else { size };
        field_of_member[index] = fields.len();
        fields.push(Field::Member { index, as_array });
        cursor = offset + stored;
    }
    Ok(ExplicitLayout { fields, field_of_member, size: cursor })
}

/// Whether `st` is a block (`Block`, `BufferBlock`): a struct in no array.
/// Whether `st` is decorated `CPacked` (no padding between its members).
fn is_c_packed(st: &StructType) -> bool {
    st.decorations.iter().any(|info| info.decoration == Decoration::CPacked)
}

fn is_block(st: &StructType) -> bool {
    st.decorations.iter().any(|info| matches!(info.decoration, Decoration::Block | Decoration::BufferBlock))
}

/// Whether `ty` is or holds a vector (whose loads assume its alignment).
pub(crate) fn contains_vector(ty: &SpirvType) -> bool {
    match ty {
        SpirvType::Vector { .. } | SpirvType::Matrix { .. } => true,
        SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => contains_vector(element),
        SpirvType::Struct(st) => st.members.iter().any(|member| contains_vector(&member.ty)),
        _ => false,
    }
}

/// The (size, alignment) LLVM gives the lowered form of `ty` (x86-64 and
/// AArch64 data layouts: natural alignment, vectors aligned to their
/// power-of-two size), checking on the way that the members of structs with
/// offsets land where their offsets say.
fn llvm_layout(ty: &SpirvType) -> Result<(u64, u64), String> {
    let round_up = |value: u64, align: u64| value.div_ceil(align.max(1)) * align.max(1);
    Ok(match ty {
        SpirvType::Integer { width: 1, .. } => (1, 1),
        SpirvType::Integer { width, .. } => (u64::from(width / 8), u64::from(width / 8)),
        SpirvType::Float(kind) => (u64::from(kind.bit_width() / 8), u64::from(kind.bit_width() / 8)),
        SpirvType::Vector { count, element } => {
            let (size, _) = llvm_layout(element)?;
            let room = size * u64::from(count.next_power_of_two());
            (room, room)
        }
        // The host's pointer. Under `PointerLayout::Module` a Physical32
        // module's pointers take 4 bytes in memory, but no layout computed
        // here sees one: a struct with offsets or an array with a stride
        // holding a pointer (other than a PhysicalStorageBuffer one, never
        // in a Physical32 module) has no `byte_size` and is refused in both
        // layouts, and what is left (the alignment of a struct without
        // offsets) is asked only of buffers' storage classes, which a
        // Kernel module has none of. Plain structs and arrays take LLVM's
        // layout of their memory form (`i32` pointers) directly.
        SpirvType::Pointer { .. } => (8, 8),
        SpirvType::Matrix { columns, column_type } => {
            let (size, align) = llvm_layout(column_type)?;
            (round_up(size, align) * u64::from(*columns), align)
        }
        SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride } => {
            let (size, align) = match element.as_ref() {
                // Stored as the array of its scalars.
                SpirvType::Vector { element: scalar, .. } if element_as_scalars(element, *stride) => {
                    (byte_size(element).ok_or("a vector has a size")?, llvm_layout(scalar)?.1)
                }
                _ => llvm_layout(element)?,
            };
            let room = match stride_padding(element, *stride) {
                Some(padding) => round_up(size, align) + padding,
                None => round_up(size, align),
            };
            let count = match ty {
                SpirvType::Array { count, .. } => u64::from(*count),
                _ => 0,
            };
            (room * count, align)
        }
        // Laid out explicitly, a packed struct; else LLVM's own.
        SpirvType::Struct(st) if st.has_offsets() => match explicit_layout(st)? {
            Some(layout) => (layout.size, 1),
            None => natural_struct_layout(st)?,
        },
        SpirvType::Struct(st) => natural_struct_layout(st)?,
        other => return Err(format!("{other} has no layout in a struct with offsets")),
    })
}

/// The alignment LLVM assumes for a load or store of the lowered form of
/// `ty` without an `alignment` attribute (its ABI alignment): a vector's is
/// its power-of-two size, a packed (explicitly laid out) struct's 1. `None`
/// for types without such a layout.
pub(crate) fn llvm_alignment(ty: &SpirvType) -> Option<u64> {
    llvm_layout(&literal(ty)).ok().map(|(_, align)| align)
}

/// The alignment a variable of type `ty` needs beyond LLVM's own when `ty`
/// holds an explicitly laid out (packed) struct: LLVM aligns such a struct
/// to 1, while the loads and stores of the vectors inside assume their
/// alignment relative to its start. `None` when LLVM's alignment suffices.
pub(crate) fn packed_variable_alignment(ty: &SpirvType) -> Option<u64> {
    fn holds_packed(ty: &SpirvType) -> bool {
        match ty {
            SpirvType::Struct(st) => {
                is_c_packed(st)
                    || matches!(explicit_layout(st), Ok(Some(_)))
                    || st.members.iter().any(|member| holds_packed(&member.ty))
            }
            SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => holds_packed(element),
            _ => false,
        }
    }
    fn vector_alignment(ty: &SpirvType) -> u64 {
        match ty {
            SpirvType::Vector { .. } => llvm_alignment(ty).unwrap_or(1),
            SpirvType::Array { element, .. }
            | SpirvType::RuntimeArray { element, .. }
            | SpirvType::Matrix { column_type: element, .. } => vector_alignment(element),
            SpirvType::Struct(st) => st.members.iter().map(|member| vector_alignment(&member.ty)).max().unwrap_or(1),
            _ => 1,
        }
    }
    (holds_packed(ty) && vector_alignment(ty) > 1).then(|| vector_alignment(ty))
}

/// The largest alignment of a scalar in `ty`: what Vulkan's scalar block
/// layout guarantees for any value of `ty` in a buffer. `None` when it holds
/// no scalar with a size.
pub(crate) fn scalar_alignment(ty: &SpirvType) -> Option<u64> {
    match ty {
        SpirvType::Integer { .. } | SpirvType::Float(_) => byte_size(ty),
        // Asked of buffers only (Vulkan's storage classes): never of a
        // Physical32 module's 4-byte pointers (see `llvm_layout`).
        SpirvType::Pointer { .. } => Some(8),
        SpirvType::Vector { element, .. }
        | SpirvType::Array { element, .. }
        | SpirvType::RuntimeArray { element, .. }
        | SpirvType::Matrix { column_type: element, .. } => scalar_alignment(element),
        SpirvType::Struct(st) => st.members.iter().filter_map(|member| scalar_alignment(&member.ty)).max(),
        _ => None,
    }
}

/// The (size, alignment) of the plain LLVM struct `st` lowers to (unpacked
/// when it has offsets, packed when not), checking that the members of a
/// struct with offsets land where their offsets say.
fn natural_struct_layout(st: &StructType) -> Result<(u64, u64), String> {
    let round_up = |value: u64, align: u64| value.div_ceil(align.max(1)) * align.max(1);
    Ok({
        {
            let packed = !st.has_offsets();
            let (mut end, mut struct_align) = (0u64, 1u64);
            let mut after_3_vector = false;
            for (index, member) in st.members.iter().enumerate() {
                if let SpirvType::Struct(inner) = &*member.ty
                    && !packed
                    && !inner.members.is_empty()
                    && !inner.has_offsets()
                {
                    return Err(format!(
                        "member #{index}: a struct without offsets (a packed struct) cannot be nested in a struct with offsets"
                    ));
                }
                let (size, align) = llvm_layout(&member.ty).map_err(|reason| format!("member #{index}: {reason}"))?;
                let at = if packed { end } else { round_up(end, align) };
                if let Some(offset) = member.offset
                    && u64::from(offset) != at
                {
                    let hint = if after_3_vector { " (LLVM gives a 3-vector the room of a 4-vector)" } else { "" };
                    return Err(format!("member #{index} is at offset {offset}, not at its natural offset {at}{hint}"));
                }
                after_3_vector = matches!(&*member.ty, SpirvType::Vector { count: 3, .. });
                end = at + if packed { round_up(size, align) } else { size };
                struct_align = struct_align.max(if packed { 1 } else { align });
            }
            (round_up(end, struct_align), struct_align)
        }
    })
}

/// `ty` without struct identifiers, struct decorations and neutral member
/// decorations, which do not take part in the layout.
fn literal(ty: &SpirvType) -> SpirvType {
    match ty {
        SpirvType::Struct(st) => SpirvType::Struct(StructType {
            identifier: None,
            decorations: Vec::new(),
            members: st
                .members
                .iter()
                .map(|member| StructMember {
                    ty: Arc::new(literal(&member.ty)),
                    offset: member.offset,
                    decorations: member
                        .decorations
                        .iter()
                        .filter(|info| !laid_out_as_lowered(&member.ty, info))
                        .cloned()
                        .collect(),
                })
                .collect(),
        }),
        SpirvType::Array { count, element, stride } => {
            SpirvType::Array { count: *count, element: Arc::new(literal(element)), stride: *stride }
        }
        SpirvType::RuntimeArray { element, stride } => {
            SpirvType::RuntimeArray { element: Arc::new(literal(element)), stride: *stride }
        }
        // A matrix is laid out as the array of its columns it lowers to.
        SpirvType::Matrix { columns, column_type } => {
            SpirvType::Array { count: *columns, element: Arc::new(literal(column_type)), stride: None }
        }
        other => other.clone(),
    }
}

/// Builtin types the LLVM dialect accepts as they are.
fn is_llvm_compatible(ty: Type<'_>) -> bool {
    let dialect = ty.dialect();
    dialect.namespace() == Ok("llvm")
        || ty.is_float()
        || IntegerType::try_from(ty).is_ok_and(|integer| integer.is_signless())
}
