//! Texel reads, writes and size queries inlined for storage images and
//! texel buffers whose format the shader declares (docs/abi.md, "Images":
//! "Inlined texel access"). The host's functions (image.rs) stay for the
//! rest: `Unknown` formats (OpenCL's images included), multisampled
//! images, cubes, levels and sampling.
//!
//! The code reads the descriptor (`spvabi_image`) itself: the texel at
//! `texels + x * texel size + y * row_pitch + z * slice_pitch + layer *
//! layer_pitch`, converted as the runner's `Format::decode` and
//! `Format::encode` convert it (bit for bit: 8-bit UNORM as `v / 255`
//! (by fused multiply-adds, `unorm8_to_float`),
//! written as `round_ties_even(clamp(v, 0, 1) * 255)` in double precision;
//! integers keep their low bits), so that LLVM and the SPMD vectorizer
//! see plain loads and stores they can vectorize. Bounds as the host's
//! functions keep them (robustImageAccess2): each coordinate the image has
//! is compared, unsigned, with the descriptor's extent (and layers), and
//! the descriptor's format with the declared one (the runner refuses
//! another, `Image::check`; a host that binds one anyway reads the missing
//! texel's values and writes nothing, never memory outside the image). A
//! read outside loads from the descriptor itself (64 bytes that are always
//! there) and gives the missing texel (0, 0, 0 and an alpha of 1 when the
//! format has none), without a branch; a write outside branches around its
//! store.
//!
//! These loads and stores carry [`IMAGE_ACCESS`]: the kernel ABI's bounds
//! checks (kernel_abi/bounds.rs) leave them alone, their bounds being the
//! image's.

use melior::{
    dialect::llvm,
    ir::{
        Attribute, Block, BlockLike, Identifier, RegionLike, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, TypeAttribute},
        operation::OperationBuilder,
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::{
    attributes::{Dim, ImageArrayedInfo, ImageSamplingInfo},
    types::{FloatKind, ImageType, SpirvType},
};
use spirv_opt_rs::{conversion::ConversionRewriter, error::MatchFailure, ir::vector_shape};

use super::{
    comparison::IntPredicate,
    util::{float_constant, i32_constant, icmp, integer_constant},
};

/// The discardable attribute on the loads and stores of inlined texel
/// accesses and descriptor reads: checked by construction, not by the
/// kernel ABI's bounds checks (which remove it).
pub const IMAGE_ACCESS: &str = "spirv_abi.image_access";

/// Byte offsets of `spvabi_image`'s fields (include/spvabi.h).
const TEXELS: i32 = 0;
const FORMAT: i32 = 8;
const WIDTH: i32 = 16;
const ROW_PITCH: i32 = 40;

/// How a declared format's channels are numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// 8-bit unsigned normalized.
    Unorm,
    /// IEEE single precision (32-bit channels).
    Float,
    /// Unsigned integers.
    Uint,
    /// Signed integers.
    Sint,
}

/// A declared format the code converts itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    /// SPIR-V's `Image Format` number.
    format: u32,
    /// 1, 2 or 4.
    channels: u32,
    /// 8 or 32.
    bits: u32,
    class: Class,
}

impl Layout {
    fn texel_bytes(self) -> i64 {
        i64::from(self.channels * self.bits / 8)
    }
}

/// The layout of `image`'s texels when its accesses can be inlined: a
/// declared format of 8-bit UNORM, 8-bit or 32-bit integer, or 32-bit float
/// channels (R, RG, RGBA), of a 1D, 2D, 3D or buffer image (arrayed or
/// not) that is not multisampled, whose texel type (float or integer) is
/// the format's; `None` for everything else.
fn layout(image: &ImageType) -> Option<Layout> {
    if image.sampling == ImageSamplingInfo::MultiSampled
        || !matches!(image.dim, Dim::Dim1D | Dim::Dim2D | Dim::Dim3D | Dim::Buffer)
    {
        return None;
    }
    let format = image.format.value();
    let layout = format_layout(format)?;
    let floats = matches!(layout.class, Class::Unorm | Class::Float);
    let matches = match &*image.element {
        SpirvType::Float(FloatKind::F32) => floats,
        SpirvType::Integer { width: 32, .. } => !floats,
        _ => false,
    };
    matches.then_some(layout)
}

/// The layout of SPIR-V's Image Format `format` when the code converts it
/// itself.
fn format_layout(format: u32) -> Option<Layout> {
    let (channels, bits, class) = match format {
        1 => (4, 32, Class::Float),
        3 => (1, 32, Class::Float),
        6 => (2, 32, Class::Float),
        4 => (4, 8, Class::Unorm),
        13 => (2, 8, Class::Unorm),
        15 => (1, 8, Class::Unorm),
        21 => (4, 32, Class::Sint),
        24 => (1, 32, Class::Sint),
        25 => (2, 32, Class::Sint),
        23 => (4, 8, Class::Sint),
        27 => (2, 8, Class::Sint),
        29 => (1, 8, Class::Sint),
        30 => (4, 32, Class::Uint),
        33 => (1, 32, Class::Uint),
        35 => (2, 32, Class::Uint),
        32 => (4, 8, Class::Uint),
        37 => (2, 8, Class::Uint),
        39 => (1, 8, Class::Uint),
        _ => return None,
    };
    Some(Layout { format, channels, bits, class })
}

/// Whether [`read`] and [`write`] handle `image` with texels of `element`
/// (the lowered texel's element type, `f32` or `i32`).
pub(super) fn inlinable(image: &ImageType, element: Type<'_>) -> bool {
    let printed = element.to_string();
    layout(image).is_some_and(|layout| {
        let floats = matches!(layout.class, Class::Unorm | Class::Float);
        printed == if floats { "f32" } else { "i32" }
    })
}

/// The unit attribute marking an access as the image's ([`IMAGE_ACCESS`]).
fn marker<'c>(rewriter: &ConversionRewriter<'c, '_, '_>) -> Result<Attribute<'c>, MatchFailure> {
    Attribute::parse(rewriter.context(), "unit").ok_or_else(|| MatchFailure::new("cannot build a unit attribute"))
}

/// `llvm.cond_br` on `condition` to `then` or `otherwise`, neither with
/// operands, at the insertion point.
fn conditional_branch<'c>(
    rewriter: &mut ConversionRewriter<'c, '_, '_>,
    condition: Value<'c, '_>,
    then: &Block<'c>,
    otherwise: &Block<'c>,
) -> Result<(), MatchFailure> {
    let context = rewriter.context();
    let segments = DenseI32ArrayAttribute::new(context, &[1, 0, 0]).into();
    let branch = OperationBuilder::new("llvm.cond_br", rewriter.location())
        .add_operands(&[condition])
        .add_successors(&[then, otherwise])
        .add_attributes(&[(Identifier::new(context, "operandSegmentSizes"), segments)])
        .build()?;
    rewriter.insert(branch);
    Ok(())
}

/// `base + offset` bytes: a GEP over `i8`, not `inbounds` (the bounds
/// checks decide whether an access through it runs). Also cooperative
/// matrix loads and stores' (coop_matrix.rs).
pub(crate) fn byte_address<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    base: Value<'c, 'r>,
    offset: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    rewriter.create_value(
        "llvm.getelementptr",
        &[base, offset],
        base.r#type(),
        &[
            ("elem_type", TypeAttribute::new(i8_type).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[i32::MIN]).into()),
        ],
    )
}

/// The descriptor's field at byte `offset`, of type `ty`.
fn field<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    descriptor: Value<'c, 'r>,
    offset: i32,
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    let address = rewriter.create_value(
        "llvm.getelementptr",
        &[descriptor],
        llvm::r#type::pointer(context, 0),
        &[
            ("elem_type", TypeAttribute::new(i8_type).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[offset]).into()),
        ],
    )?;
    let unit = marker(rewriter)?;
    // `invariant`: the host fills the descriptors before the dispatch and
    // nothing changes them during it; the SPMD driver versions a kernel on
    // branch conditions computed from such loads alone (spmd.rs,
    // `uniform_versions`).
    rewriter.create_value("llvm.load", &[address], ty, &[(IMAGE_ACCESS, unit), ("invariant", unit)])
}

/// The coordinates an image of this kind has (x; x, y; x, y, z; then the
/// layer of an arrayed one), as indices into the four the lowering passes.
fn used_coordinates(image: &ImageType) -> Vec<usize> {
    let spatial = match image.dim {
        Dim::Dim2D => 2,
        Dim::Dim3D => 3,
        _ => 1,
    };
    let mut used: Vec<usize> = (0..spatial).collect();
    if image.arrayed == ImageArrayedInfo::Arrayed {
        used.push(3);
    }
    used
}

/// Whether the texel at `coordinates` lies in the image and the image has
/// the declared format, and the texel's address (meaningful only then).
fn locate<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    layout: Layout,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
) -> Result<(Value<'c, 'r>, Value<'c, 'r>), MatchFailure> {
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let i64_type: Type<'c> = IntegerType::new(context, 64).into();
    let format = field(rewriter, descriptor, FORMAT, i32_type)?;
    let declared = integer_constant(rewriter, i32_type, i64::from(layout.format))?;
    let mut inside = icmp(rewriter, IntPredicate::Eq, format, declared)?;
    let mut offset = None;
    for index in used_coordinates(image) {
        // width, height, depth, layers; then row, slice and layer pitches.
        let extent = field(rewriter, descriptor, WIDTH + 4 * index as i32, i32_type)?;
        let coordinate = coordinates[index];
        let below = icmp(rewriter, IntPredicate::Ult, coordinate, extent)?;
        inside = rewriter.create_value("llvm.and", &[inside, below], below.r#type(), &[])?;
        let wide = rewriter.create_value("llvm.zext", &[coordinate], i64_type, &[])?;
        let pitch = if index == 0 {
            integer_constant(rewriter, i64_type, layout.texel_bytes())?
        } else {
            field(rewriter, descriptor, ROW_PITCH + 8 * (index as i32 - 1), i64_type)?
        };
        let term = rewriter.create_value("llvm.mul", &[wide, pitch], i64_type, &[])?;
        offset = Some(match offset {
            None => term,
            Some(sum) => rewriter.create_value("llvm.add", &[sum, term], i64_type, &[])?,
        });
    }
    let offset = offset.ok_or_else(|| MatchFailure::new("an image without coordinates"))?;
    let texels = field(rewriter, descriptor, TEXELS, llvm::r#type::pointer(context, 0))?;
    let address = byte_address(rewriter, texels, offset)?;
    Ok((inside, address))
}

/// The lowered texel type of `layout`: `vector<4 x f32>` or `vector<4 x i32>`.
fn texel_type<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, layout: Layout) -> Type<'c> {
    let context = rewriter.context();
    let element: Type<'c> = if matches!(layout.class, Class::Unorm | Class::Float) {
        Type::float32(context)
    } else {
        IntegerType::new(context, 32).into()
    };
    Type::vector(&[4], element)
}

/// The memory form of a texel: `vector<channels x i32>` of 32-bit
/// channels; one integer of the texel's bits of 8-bit ones (R in the low
/// byte), which the SPMD vectorizer loads for 8 invocations at once where
/// a vector of bytes would be a gather per channel.
fn memory_type<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, layout: Layout) -> Type<'c> {
    let context = rewriter.context();
    if layout.bits == 8 {
        return IntegerType::new(context, layout.channels * 8).into();
    }
    Type::vector(&[u64::from(layout.channels)], IntegerType::new(context, 32).into())
}

/// What a read gives for the channels the format lacks, and for the whole
/// texel out of bounds: 0, 0, 0 and an alpha of 1 (1.0) when there are
/// fewer than four channels.
fn missing<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    layout: Layout,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = texel_type(rewriter, layout);
    let zero = rewriter.create_value("llvm.mlir.zero", &[], ty, &[])?;
    if layout.channels == 4 {
        return Ok(zero);
    }
    let element = vector_shape(ty).map(|(_, element)| element).ok_or_else(|| MatchFailure::new("no texel vector"))?;
    let one = if matches!(layout.class, Class::Unorm | Class::Float) {
        float_constant(rewriter, element, 1.0)?
    } else {
        integer_constant(rewriter, element, 1)?
    };
    let lane = i32_constant(rewriter, 3)?;
    rewriter.create_value("llvm.insertelement", &[zero, one, lane], ty, &[])
}

/// `vector<channels x T>` as the four components of `texel_type`, the
/// missing ones `missing`'s.
fn to_four<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    layout: Layout,
    channels: Value<'c, 'r>,
    missing: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    if layout.channels == 4 {
        return Ok(channels);
    }
    let ty = missing.r#type();
    let element = vector_shape(ty).map(|(_, element)| element).ok_or_else(|| MatchFailure::new("no texel vector"))?;
    let mut texel = missing;
    for channel in 0..i64::from(layout.channels) {
        let lane = i32_constant(rewriter, channel)?;
        let value = rewriter.create_value("llvm.extractelement", &[channels, lane], element, &[])?;
        texel = rewriter.create_value("llvm.insertelement", &[texel, value, lane], ty, &[])?;
    }
    Ok(texel)
}

/// The four components of an 8-bit texel `raw` (an integer of its bytes,
/// R lowest), the missing ones `missing`'s: UNORM channels as `v / 255`,
/// integer ones zero- or sign-extended.
fn bytes_to_four<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    layout: Layout,
    raw: Value<'c, 'r>,
    missing: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let word = raw.r#type();
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let f32_type = Type::float32(context);
    let ty = missing.r#type();
    let mut texel = missing;
    for channel in 0..i64::from(layout.channels) {
        let byte = if layout.channels == 1 {
            raw
        } else {
            let shift = integer_constant(rewriter, word, 8 * channel)?;
            let shifted = rewriter.create_value("llvm.lshr", &[raw, shift], word, &[])?;
            rewriter.create_value("llvm.trunc", &[shifted], i8_type, &[])?
        };
        let value = match layout.class {
            Class::Unorm => {
                let float = rewriter.create_value("llvm.uitofp", &[byte], f32_type, &[])?;
                unorm8_to_float(rewriter, float)?
            }
            Class::Sint => rewriter.create_value("llvm.sext", &[byte], i32_type, &[])?,
            _ => rewriter.create_value("llvm.zext", &[byte], i32_type, &[])?,
        };
        let lane = i32_constant(rewriter, channel)?;
        texel = rewriter.create_value("llvm.insertelement", &[texel, value, lane], ty, &[])?;
    }
    Ok(texel)
}

/// `v / 255` of an 8-bit UNORM channel `v` (an `f32` holding 0 to 255),
/// exactly (correctly rounded, as the host's division), without a
/// division: `1/255` split into `hi = f32(1/255)` and `lo = f32(1/255 -
/// hi)`, and `fma(v, hi, v · lo)`, rounded once, is the quotient for
/// every byte: the error of `v · lo` (below 2^-45 of the quotient) is far
/// smaller than the distance of any `v / 255` from a rounding boundary (at
/// least 2^-33 of it, the quotient having denominator 255). Checked with
/// exact rationals for all 256 bytes, and in the JIT by
/// `test/Runner/images-inline.test`, scalar and 8 lanes. `v · (1/255)`
/// alone is wrong for 126 of them. Two operations against a division
/// (vdivps: one per 3.5 to 5 cycles on Zen 3, 100 a pixel in blur's 5x5
/// taps) or the three of a residual correction. `v = 0` gives +0
/// (`0 · lo` is -0, and `+0 + -0` is +0).
fn unorm8_to_float<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    v: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let f32_type = v.r#type();
    let high = 1.0_f32 / 255.0;
    let low = (1.0_f64 / 255.0 - f64::from(high)) as f32;
    let high = float_constant(rewriter, f32_type, f64::from(high))?;
    let low = float_constant(rewriter, f32_type, f64::from(low))?;
    let tail = rewriter.create_value("llvm.fmul", &[v, low], f32_type, &[])?;
    rewriter.create_value("llvm.intr.fma", &[v, high, tail], f32_type, &[])
}

/// The integer of an 8-bit texel's bytes (R lowest) from its `channels`
/// first components `first` (`vector<channels x f32>` of a UNORM format:
/// clamped, NaN to 0, times 255 in double precision (exact), rounded to
/// nearest even; `vector<channels x i32>` of an integer one: the low
/// bits). Channel by channel in scalars, which the SPMD vectorizer widens
/// as they are.
fn four_to_bytes<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    layout: Layout,
    first: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let word = memory_type(rewriter, layout);
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    let element = vector_shape(first.r#type()).map(|(_, element)| element).ok_or_else(|| MatchFailure::new("no texel vector"))?;
    let mut packed = None;
    for channel in 0..i64::from(layout.channels) {
        let lane = i32_constant(rewriter, channel)?;
        let value = rewriter.create_value("llvm.extractelement", &[first, lane], element, &[])?;
        let byte = if layout.class == Class::Unorm {
            let zero = float_constant(rewriter, element, 0.0)?;
            let one = float_constant(rewriter, element, 1.0)?;
            let low = rewriter.create_value("llvm.intr.maxnum", &[value, zero], element, &[])?;
            let clamped = rewriter.create_value("llvm.intr.minnum", &[low, one], element, &[])?;
            let f64_type = Type::float64(context);
            let wide = rewriter.create_value("llvm.fpext", &[clamped], f64_type, &[])?;
            let max = float_constant(rewriter, f64_type, 255.0)?;
            let scaled = rewriter.create_value("llvm.fmul", &[wide, max], f64_type, &[])?;
            let rounded = rewriter.create_value("llvm.intr.roundeven", &[scaled], f64_type, &[])?;
            rewriter.create_value("llvm.fptoui", &[rounded], i8_type, &[])?
        } else {
            rewriter.create_value("llvm.trunc", &[value], i8_type, &[])?
        };
        if layout.channels == 1 {
            return Ok(byte);
        }
        let wide = rewriter.create_value("llvm.zext", &[byte], word, &[])?;
        let shift = integer_constant(rewriter, word, 8 * channel)?;
        let placed = rewriter.create_value("llvm.shl", &[wide, shift], word, &[])?;
        packed = Some(match packed {
            None => placed,
            Some(sum) => rewriter.create_value("llvm.or", &[sum, placed], word, &[])?,
        });
    }
    packed.ok_or_else(|| MatchFailure::new("a texel without channels"))
}

/// The texel of `image` at `coordinates` (x, y, z, layer) as four
/// components (`vector<4 x f32>` or `vector<4 x i32>`), or `None` when
/// the image's accesses are not inlined ([`inlinable`]).
pub(super) fn read<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
) -> Result<Option<Value<'c, 'r>>, MatchFailure> {
    let Some(layout) = layout(image) else { return Ok(None) };
    let (inside, address) = locate(rewriter, image, layout, descriptor, coordinates)?;
    // Outside, the descriptor's first bytes: always readable, never used.
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    let safe = rewriter.create_value("llvm.select", &[inside, address, descriptor], pointer, &[])?;
    let memory = memory_type(rewriter, layout);
    let unit = marker(rewriter)?;
    let one = melior::ir::attribute::IntegerAttribute::new(IntegerType::new(rewriter.context(), 64).into(), 1).into();
    let raw = rewriter.create_value("llvm.load", &[safe], memory, &[("alignment", one), (IMAGE_ACCESS, unit)])?;
    let missing = missing(rewriter, layout)?;
    let texel = if layout.bits == 8 {
        bytes_to_four(rewriter, layout, raw, missing)?
    } else {
        let channels = u64::from(layout.channels);
        let values = match layout.class {
            Class::Float => {
                let floats = Type::vector(&[channels], Type::float32(rewriter.context()));
                rewriter.create_value("llvm.bitcast", &[raw], floats, &[])?
            }
            _ => raw,
        };
        to_four(rewriter, layout, values, missing)?
    };
    let texel_ty = texel.r#type();
    Ok(Some(rewriter.create_value("llvm.select", &[inside, texel, missing], texel_ty, &[])?))
}

/// Writes `texel` (four components, `vector<4 x f32>` or `vector<4 x
/// i32>`) to `image` at `coordinates`; `false` (nothing emitted) when the
/// image's accesses are not inlined ([`inlinable`]).
pub(super) fn write<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
    texel: Value<'c, 'r>,
) -> Result<bool, MatchFailure> {
    let Some(layout) = layout(image) else { return Ok(false) };
    write_layout(rewriter, image, layout, descriptor, coordinates, texel)?;
    Ok(true)
}

/// Writes `texel` to `image`, whose texels are `layout`'s, at
/// `coordinates`, when they are inside and the descriptor's format is
/// `layout`'s; nothing otherwise.
fn write_layout<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    layout: Layout,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
    texel: Value<'c, 'r>,
) -> Result<(), MatchFailure> {
    let (inside, address) = locate(rewriter, image, layout, descriptor, coordinates)?;
    let context = rewriter.context();
    let channels = u64::from(layout.channels);
    let element = vector_shape(texel.r#type()).map(|(_, element)| element).ok_or_else(|| MatchFailure::new("no texel vector"))?;
    let first = if layout.channels == 4 {
        texel
    } else {
        let lanes: Vec<i32> = (0..layout.channels as i32).collect();
        let mask = DenseI32ArrayAttribute::new(context, &lanes).into();
        rewriter.create_value("llvm.shufflevector", &[texel, texel], Type::vector(&[channels], element), &[("mask", mask)])?
    };
    let raw = if layout.bits == 8 {
        four_to_bytes(rewriter, layout, first)?
    } else if layout.class == Class::Float {
        let i32_vector = Type::vector(&[channels], IntegerType::new(context, 32).into());
        rewriter.create_value("llvm.bitcast", &[first], i32_vector, &[])?
    } else {
        first
    };
    // Branch around the store when outside: the rest of the block goes on
    // in `join`.
    let current = rewriter.insertion_block();
    let region = current.parent_region().ok_or_else(|| MatchFailure::new("a texel write outside of a region"))?;
    let join = region.insert_block_after(current, Block::new(&[]));
    let store = region.insert_block_after(current, Block::new(&[]));
    conditional_branch(rewriter, inside, &store, &join)?;
    rewriter.set_insertion_point_to_end(store);
    let unit = marker(rewriter)?;
    let one = melior::ir::attribute::IntegerAttribute::new(IntegerType::new(context, 64).into(), 1).into();
    rewriter.create("llvm.store", &[raw, address], &[], &[("alignment", one), (IMAGE_ACCESS, unit)])?;
    let jump = OperationBuilder::new("llvm.br", rewriter.location()).add_successors(&[&join]).build()?;
    rewriter.insert(jump);
    rewriter.set_insertion_point_to_end(join);
    Ok(())
}

/// Whether [`rgba8_write`] can inline a write of `f32` texels to `image`:
/// as [`sample_inlinable`], an image whose declared format is `Unknown`
/// (OpenCL's `write_imagef`; a declared format is [`write`]'s).
pub(super) fn rgba8_write_inlinable(image: &ImageType) -> bool {
    sample_inlinable(image) && image.format.value() == 0
}

/// A write of the four `f32` components `texel` to `image` (format
/// `Unknown`) at `coordinates`: inlined as [`write`] writes an `Rgba8`
/// image when the descriptor says, at run time, that the image is
/// [`SAMPLED_FORMAT`] (OpenCL's `CL_RGBA`/`CL_UNORM_INT8`), out-of-bounds
/// texels skipped as the host skips them; `host` (the host's
/// `__spvabi_image_write` call) otherwise. The test is one load of the
/// descriptor, the same in every invocation (docs/abi.md, "Inlined
/// sampled reads").
pub(super) fn rgba8_write<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
    texel: Value<'c, 'r>,
    host: impl FnOnce(&mut ConversionRewriter<'c, 'r, '_>) -> Result<(), MatchFailure>,
) -> Result<(), MatchFailure> {
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let layout = format_layout(SAMPLED_FORMAT).ok_or_else(|| MatchFailure::new("no layout of RGBA8"))?;
    let format = field(rewriter, descriptor, FORMAT, i32_type)?;
    let expected = integer_constant(rewriter, i32_type, i64::from(SAMPLED_FORMAT))?;
    let fast = icmp(rewriter, IntPredicate::Eq, format, expected)?;
    let location = rewriter.location();
    let current = rewriter.insertion_block();
    let region = current.parent_region().ok_or_else(|| MatchFailure::new("a texel write outside of a region"))?;
    let join = region.insert_block_after(current, Block::new(&[]));
    let slow = region.insert_block_after(current, Block::new(&[]));
    let inline = region.insert_block_after(current, Block::new(&[]));
    conditional_branch(rewriter, fast, &inline, &slow)?;
    rewriter.set_insertion_point_to_end(inline);
    write_layout(rewriter, image, layout, descriptor, coordinates, texel)?;
    let jump = OperationBuilder::new("llvm.br", location).add_successors(&[&join]).build()?;
    rewriter.insert(jump);
    rewriter.set_insertion_point_to_end(slow);
    host(rewriter)?;
    let jump = OperationBuilder::new("llvm.br", location).add_successors(&[&join]).build()?;
    rewriter.insert(jump);
    rewriter.set_insertion_point_to_end(join);
    Ok(())
}

/// The width, height, depth and layers of `image` as the `i128` the
/// host's `__spvabi_image_size` returns, read from its descriptor, for the
/// images whose accesses are inlined ([`layout`]; never cubes, whose
/// layers count in cubes); `None` for the others.
pub(super) fn size<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
) -> Result<Option<Value<'c, 'r>>, MatchFailure> {
    if layout(image).is_none() {
        return Ok(None);
    }
    let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
    let vector = Type::vector(&[4], i32_type);
    let mut size = rewriter.create_value("llvm.mlir.poison", &[], vector, &[])?;
    for index in 0..4 {
        let value = field(rewriter, descriptor, WIDTH + 4 * index, i32_type)?;
        let lane = i32_constant(rewriter, i64::from(index))?;
        size = rewriter.create_value("llvm.insertelement", &[size, value, lane], vector, &[])?;
    }
    let i128_type: Type<'c> = IntegerType::new(rewriter.context(), 128).into();
    Ok(Some(rewriter.create_value("llvm.bitcast", &[size], i128_type, &[])?))
}

/// SPIR-V's Image Format `Rgba8` (`R8G8B8A8_UNORM`, OpenCL's `CL_RGBA`
/// `CL_UNORM_INT8`): the format of the sampled reads
/// [`nearest_edge_sample`] inlines.
const SAMPLED_FORMAT: u32 = 4;
/// Byte offsets of `spvabi_sampler`'s fields (include/spvabi.h).
const MAG_FILTER: i32 = 0;
const ADDRESS_MODES: i32 = 12;
const UNNORMALIZED: i32 = 28;
/// `spvabi_sampler`'s filter `Nearest` and address mode `ClampToEdge`.
const NEAREST: i64 = 0;
const CLAMP_TO_EDGE: i64 = 2;
/// Extents up to this many texels: integer coordinates clamped to them
/// are the texels the host's sampler picks from their `f32` (exact below
/// 2^24, and every larger one clamps to the same edge).
const EXACT_EXTENT: i64 = 1 << 24;

/// Whether [`nearest_edge_sample`] can inline a sample of `image` on
/// integer coordinates with `f32` texels: a 1D, 2D or 3D image, not
/// arrayed, not multisampled, whose declared format is `Unknown` or
/// [`SAMPLED_FORMAT`] (OpenCL's images are `Unknown`).
pub(super) fn sample_inlinable(image: &ImageType) -> bool {
    matches!(image.dim, Dim::Dim1D | Dim::Dim2D | Dim::Dim3D)
        && image.arrayed != ImageArrayedInfo::Arrayed
        && image.sampling != ImageSamplingInfo::MultiSampled
        && matches!(image.format.value(), 0 | SAMPLED_FORMAT)
}

/// A sample at integer `coordinates` (`i32`, one per spatial axis of
/// `image`), as OpenCL's `read_imagef(image, sampler, int2)` gives it:
/// inlined when the descriptors say, at run time, that the image is
/// [`SAMPLED_FORMAT`] and the sampler unnormalized, nearest and
/// clamp-to-edge on every axis the image has, with extents of at most
/// [`EXACT_EXTENT`] (docs/abi.md, "Inlined sampled reads"); `host` (the
/// host's `__spvabi_image_sample` call, built in its own block) otherwise.
/// The test reads only the descriptors, the same for every invocation: a
/// literal sampler's words are constants LLVM folds, leaving the format
/// test. The texel as `vector<4 x f32>`.
pub(super) fn nearest_edge_sample<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    sampler: Value<'c, 'r>,
    coordinates: &[Value<'c, 'r>],
    host: impl FnOnce(&mut ConversionRewriter<'c, 'r, '_>) -> Result<Value<'c, 'r>, MatchFailure>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let layout = format_layout(SAMPLED_FORMAT).ok_or_else(|| MatchFailure::new("no layout of RGBA8"))?;
    let format = field(rewriter, descriptor, FORMAT, i32_type)?;
    let expected = integer_constant(rewriter, i32_type, i64::from(SAMPLED_FORMAT))?;
    let mut fast = icmp(rewriter, IntPredicate::Eq, format, expected)?;
    let test = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, fast: Value<'c, 'r>, offset, predicate, value| {
        let word = field(rewriter, sampler, offset, i32_type)?;
        let constant = integer_constant(rewriter, i32_type, value)?;
        let holds = icmp(rewriter, predicate, word, constant)?;
        rewriter.create_value("llvm.and", &[fast, holds], holds.r#type(), &[])
    };
    fast = test(rewriter, fast, MAG_FILTER, IntPredicate::Eq, NEAREST)?;
    fast = test(rewriter, fast, UNNORMALIZED, IntPredicate::Ne, 0)?;
    let zero = i32_constant(rewriter, 0)?;
    let mut clamped = [zero; 4];
    for (axis, &coordinate) in coordinates.iter().enumerate() {
        fast = test(rewriter, fast, ADDRESS_MODES + 4 * axis as i32, IntPredicate::Eq, CLAMP_TO_EDGE)?;
        let extent = field(rewriter, descriptor, WIDTH + 4 * axis as i32, i32_type)?;
        let one = i32_constant(rewriter, 1)?;
        let last = rewriter.create_value("llvm.sub", &[extent, one], i32_type, &[])?;
        // extent - 1 below 2^24: neither empty nor too wide.
        let limit = integer_constant(rewriter, i32_type, EXACT_EXTENT)?;
        let small = icmp(rewriter, IntPredicate::Ult, last, limit)?;
        fast = rewriter.create_value("llvm.and", &[fast, small], small.r#type(), &[])?;
        let low = rewriter.create_value("llvm.intr.smax", &[coordinate, zero], i32_type, &[])?;
        clamped[axis] = rewriter.create_value("llvm.intr.smin", &[low, last], i32_type, &[])?;
    }
    let texel_ty = texel_type(rewriter, layout);
    let location = rewriter.location();
    let current = rewriter.insertion_block();
    let region = current.parent_region().ok_or_else(|| MatchFailure::new("a sample outside of a region"))?;
    let join = region.insert_block_after(current, Block::new(&[(texel_ty, location)]));
    let slow = region.insert_block_after(current, Block::new(&[]));
    let inline = region.insert_block_after(current, Block::new(&[]));
    conditional_branch(rewriter, fast, &inline, &slow)?;
    // Inline: the clamped texel is inside, the format the declared one.
    rewriter.set_insertion_point_to_end(inline);
    let (_, address) = locate(rewriter, image, layout, descriptor, clamped)?;
    let memory = memory_type(rewriter, layout);
    let unit = marker(rewriter)?;
    let one = melior::ir::attribute::IntegerAttribute::new(IntegerType::new(context, 64).into(), 1).into();
    let raw = rewriter.create_value("llvm.load", &[address], memory, &[("alignment", one), (IMAGE_ACCESS, unit)])?;
    let missing = missing(rewriter, layout)?;
    let texel = bytes_to_four(rewriter, layout, raw, missing)?;
    let jump = OperationBuilder::new("llvm.br", location).add_operands(&[texel]).add_successors(&[&join]).build()?;
    rewriter.insert(jump);
    rewriter.set_insertion_point_to_end(slow);
    let called = host(rewriter)?;
    let jump = OperationBuilder::new("llvm.br", location).add_operands(&[called]).add_successors(&[&join]).build()?;
    rewriter.insert(jump);
    rewriter.set_insertion_point_to_end(join);
    Ok(join.argument(0)?.into())
}
