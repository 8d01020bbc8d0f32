//! Sampled images and samplers (manual: "Image ops"; docs/abi.md,
//! "Sampled images and samplers").
//!
//! A sampler is a pointer to its `spvabi_sampler`; a sampled image is the
//! pair `!llvm.struct<(ptr, ptr)>` of its image's and its sampler's
//! descriptors: `OpSampledImage` builds the pair, `OpImage` takes its first
//! half, and loading a combined image sampler from its variable gives the
//! binding's descriptor and the sampler descriptor 64 bytes after it.
//!
//! Sampling, gathers and depth comparisons all call one host function,
//!
//! ```c
//! i128 __spvabi_image_sample(image, sampler, i32 mode, f32 x, f32 y, f32 z, f32 layer,
//!                            f32 lod, f32 dref, f32 dx[3], f32 dy[3], i32 offset[3])
//! ```
//!
//! (the arrays as separate arguments), whose `mode` says what to do
//! ([`MODE_GATHER`], the gathered component, [`MODE_COMPARE`],
//! [`MODE_GRAD`]). Scalars only cross the call, as for the storage-image
//! functions: the SPMD vectorizer can call it lane by lane. A projective
//! form divides its coordinates (and reference) by the last component
//! before the call; `ConstOffsets` gathers call it once per texel with
//! that texel's offset.
//!
//! The instructions the dialect lacks arrive as the importer's
//! `__spvabi_op_*` calls (docs/import.md), lowered here like the dialect's
//! own ops.

use super::{
    image::{Effects, call_host, components_element, image_type, narrow, spatial_coordinates},
    util::{float_constant, i32_constant},
};
use melior::{
    dialect::llvm,
    ir::{
        OperationRef, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute, TypeAttribute},
        operation::OperationLike,
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::{
    attributes::{Dim, ImageArrayedInfo, ImageSamplingInfo},
    deserialize::ImageStandIn,
    types::ImageType,
};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::vector_shape,
};

/// The host function of every sampling operation.
pub const IMAGE_SAMPLE: &str = "__spvabi_image_sample";
/// `i128 __spvabi_image_fetch(image, x, y, z, layer, level)`: a texel of a
/// mip level (`OpImageFetch` with `Lod`).
pub const IMAGE_FETCH: &str = "__spvabi_image_fetch";
/// `i128 __spvabi_image_size_lod(image, level)`: width, height, depth of
/// the level, and the layers.
pub const IMAGE_SIZE_LOD: &str = "__spvabi_image_size_lod";
/// `i128 __spvabi_image_levels(image)`: the mip levels and the samples.
pub const IMAGE_LEVELS: &str = "__spvabi_image_levels";
/// `i32 __spvabi_image_channels(image)`: the image's SPIR-V Image Channel
/// Data Type (bits 0-15) and Image Channel Order (bits 16-31), for
/// `OpImageQueryFormat` and `OpImageQueryOrder` (OpenCL).
pub const IMAGE_CHANNELS: &str = "__spvabi_image_channels";

/// OpenCL C's `CL_SNORM_INT8`: `get_image_channel_data_type` is the SPIR-V
/// enumerant plus this (as the SPIRV-LLVM-Translator writes it).
pub const CL_DATA_TYPE_BASE: i64 = 0x10D0;
/// OpenCL C's `CL_R`: `get_image_channel_order` is the enumerant plus this.
pub const CL_ORDER_BASE: i64 = 0x10B0;

/// `mode`: gather (four texels' component) rather than filter.
pub const MODE_GATHER: u32 = 1;
/// `mode` bits 1-2: the component a gather takes.
pub const MODE_COMPONENT_SHIFT: u32 = 1;
/// `mode`: compare with `dref` (the Dref forms).
pub const MODE_COMPARE: u32 = 8;
/// `mode`: the level comes from the gradients, not from `lod`.
pub const MODE_GRAD: u32 = 16;
/// `mode`: a cube image, `x, y, z` a direction (the host selects the face).
pub const MODE_CUBE: u32 = 32;
/// `mode`: with [`MODE_GRAD`], `lod` is the `MinLod` operand, the least
/// level of detail (`textureGradClampARB`).
pub const MODE_MIN_LOD: u32 = 64;
/// `mode`: `OpImageQueryLod`, the level and the level of detail (x, y as
/// floats) from the gradients rather than a texel.
pub const MODE_QUERY_LOD: u32 = 128;

/// Where the sampler descriptor of a combined image sampler lies, after
/// the image's (docs/abi.md).
pub const COMBINED_SAMPLER_OFFSET: i32 = 64;

/// Image operand bits (SPIR-V's `Image Operands`), with the number of
/// `<id>` operands each takes.
const OPERAND_BITS: [(&str, u32, usize); 16] = [
    ("Bias", 0x1, 1),
    ("Lod", 0x2, 1),
    ("Grad", 0x4, 2),
    ("ConstOffset", 0x8, 1),
    ("Offset", 0x10, 1),
    ("ConstOffsets", 0x20, 1),
    ("Sample", 0x40, 1),
    ("MinLod", 0x80, 1),
    ("MakeTexelAvailable", 0x100, 1),
    ("MakeTexelVisible", 0x200, 1),
    ("NonPrivateTexel", 0x400, 0),
    ("VolatileTexel", 0x800, 0),
    ("SignExtend", 0x1000, 0),
    ("ZeroExtend", 0x2000, 0),
    ("Nontemporal", 0x4000, 0),
    ("Offsets", 0x10000, 1),
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_fn("spirv.Image", image_of);
    patterns.add_fn("spirv.ImageSampleExplicitLod", dialect_sample);
    patterns.add_fn("spirv.ImageDrefGather", dialect_sample);
    patterns.add_fn("spirv.ImageSampleImplicitLod", implicit);
    patterns.add_fn("spirv.ImageSampleProjDrefImplicitLod", implicit);
}

/// The implicit-LOD forms: refused with the reason.
fn implicit<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    Err(MatchFailure::new(
        "implicit-LOD sampling needs derivatives, which a compute invocation does not have (use an explicit LOD)",
    ))
}

/// The values of the image operands the lowering uses (the mask read).
#[derive(Default)]
struct Operands<'c, 'r> {
    lod: Option<Value<'c, 'r>>,
    grad: Option<(Value<'c, 'r>, Value<'c, 'r>)>,
    offset: Option<Value<'c, 'r>>,
    offsets: Option<Value<'c, 'r>>,
    min_lod: Option<Value<'c, 'r>>,
    /// `Sample`: the sample of a multisampled image's texel.
    sample: Option<Value<'c, 'r>>,
}

/// The operands of `mask` from `values` (in the order of their bits, as
/// SPIR-V lists them); operands with no meaning here are refused.
fn read_operands<'c, 'r>(mask: u32, values: &[Value<'c, 'r>]) -> Result<Operands<'c, 'r>, MatchFailure> {
    let known: u32 = OPERAND_BITS.iter().map(|(_, bit, _)| bit).sum();
    if mask & !known != 0 {
        return Err(MatchFailure::new(format!("image operands 0x{mask:x} hold bits SPIR-V does not define")));
    }
    let mut operands = Operands::default();
    let mut at = 0;
    for &(name, bit, count) in &OPERAND_BITS {
        if mask & bit == 0 {
            continue;
        }
        let taken = values.get(at..at + count).ok_or_else(|| MatchFailure::new(format!("the image operand {name} has no value")))?;
        at += count;
        match name {
            "Lod" => operands.lod = Some(taken[0]),
            "Grad" => operands.grad = Some((taken[0], taken[1])),
            "ConstOffset" | "Offset" => operands.offset = Some(taken[0]),
            "ConstOffsets" | "Offsets" => operands.offsets = Some(taken[0]),
            "MinLod" => operands.min_lod = Some(taken[0]),
            // SPIR-V: Bias only with implicit-LOD instructions, which need
            // derivatives a compute invocation does not have.
            "Bias" => {
                return Err(MatchFailure::new(
                    "the image operand Bias is for implicit-LOD sampling, which compute does not have (SPIR-V)",
                ));
            }
            "Sample" => operands.sample = Some(taken[0]),
            // Availability and visibility scopes: the runner's memory is coherent.
            _ => {}
        }
    }
    if at != values.len() {
        return Err(MatchFailure::new(format!("{} image operand values for the mask 0x{mask:x}", values.len())));
    }
    Ok(operands)
}

/// The mask of a dialect op's `image_operands` attribute (0 without one).
fn attribute_mask(op: OperationRef<'_, '_>) -> Result<u32, MatchFailure> {
    let Ok(attribute) = op.attribute("image_operands") else { return Ok(0) };
    let printed = attribute.to_string();
    let inner = printed.split_once('<').map_or(printed.as_str(), |(_, rest)| rest.trim_end_matches('>'));
    let mut mask = 0;
    for name in inner.split(['|', ',']).map(str::trim).filter(|name| !name.is_empty() && *name != "None") {
        let (_, bit, _) = OPERAND_BITS
            .iter()
            .find(|(known, _, _)| *known == name)
            .ok_or_else(|| MatchFailure::new(format!("unknown image operand {name}")))?;
        mask |= bit;
    }
    Ok(mask)
}

/// The `i32` constant operand `index` of `op` (a stand-in's mask).
fn constant_operand(op: OperationRef<'_, '_>, index: usize) -> Result<u32, MatchFailure> {
    let not_constant = || MatchFailure::new("the image operands mask is not a constant");
    let value = op.operand(index).map_err(|_| not_constant())?;
    let defining = spirv_opt_rs::ir::defining_op(value).ok_or_else(not_constant)?;
    let attribute = defining.attribute("value").map_err(|_| not_constant())?;
    let integer = IntegerAttribute::try_from(attribute).map_err(|_| not_constant())?;
    u32::try_from(integer.value()).map_err(|_| not_constant())
}

/// What one sampling operation asks.
struct Request<'c, 'r> {
    /// The sampled image's pair.
    pair: Value<'c, 'r>,
    image: ImageType,
    coordinate: Value<'c, 'r>,
    proj: bool,
    dref: Option<Value<'c, 'r>>,
    /// A gather's component.
    gather: Option<Value<'c, 'r>>,
    operands: Operands<'c, 'r>,
    /// `OpImageQueryLod`: the level and level of detail, not a texel.
    query_lod: bool,
}

/// `spirv.ImageSampleExplicitLod` and `spirv.ImageDrefGather`.
fn dialect_sample<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let gather = op.name().as_string_ref().as_str() == Ok("spirv.ImageDrefGather");
    let fixed = if gather { 3 } else { 2 };
    let mask = attribute_mask(op)?;
    // A depth gather reads component 0 (the depth) of each texel.
    let component = if gather { Some(i32_constant(rewriter, 0)?) } else { None };
    let request = Request {
        pair: operands[0],
        image: image_type(op, 0)?,
        coordinate: operands[1],
        proj: false,
        dref: gather.then(|| operands[2]),
        gather: component,
        operands: read_operands(mask, operands.get(fixed..).unwrap_or_default())?,
        query_lod: false,
    };
    let result = rewriter.converted_result_type(op, 0)?;
    Ok(vec![sample(rewriter, &request, result)?])
}

/// A call the importer made for an instruction the dialect lacks
/// (`__spvabi_op_*`, spirv_opt_dialects' `ImageStandIn`).
pub(crate) fn stand_in<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    kind: ImageStandIn,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    // OpImageWrite's stand-in has no result.
    let result = if kind == ImageStandIn::Write {
        llvm::r#type::void(rewriter.context())
    } else {
        rewriter.converted_result_type(op, 0)?
    };
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
    let i128_type: Type<'c> = IntegerType::new(rewriter.context(), 128).into();
    let argument = |index: usize| {
        operands.get(index).copied().ok_or_else(|| MatchFailure::new(format!("the image call has no operand {index}")))
    };
    match kind {
        ImageStandIn::SampledImage => {
            let mut pair = rewriter.create_value("llvm.mlir.poison", &[], result, &[])?;
            for (index, value) in [argument(0)?, argument(1)?].into_iter().enumerate() {
                let position = DenseI64ArrayAttribute::new(rewriter.context(), &[index as i64]).into();
                pair = rewriter.create_value("llvm.insertvalue", &[pair, value], result, &[("position", position)])?;
            }
            Ok(vec![pair])
        }
        ImageStandIn::QueryLevels | ImageStandIn::QuerySamples => {
            let word =
                call_host(rewriter, IMAGE_LEVELS, &[pointer], Some(i128_type), &[argument(0)?], Effects::ReadsArgument)?
                    .ok_or_else(|| MatchFailure::new("the query has no result"))?;
            let all = rewriter.create_value("llvm.bitcast", &[word], Type::vector(&[4], i32_type), &[])?;
            let lane = i32_constant(rewriter, i64::from(kind == ImageStandIn::QuerySamples))?;
            Ok(vec![rewriter.create_value("llvm.extractelement", &[all, lane], result, &[])?])
        }
        ImageStandIn::Read | ImageStandIn::Write => {
            // OpenCL's reads and writes: only operands without values that
            // change nothing here (SignExtend, ZeroExtend, Nontemporal...).
            // Vulkan's with Sample (multisampled images) too.
            let write = kind == ImageStandIn::Write;
            let fixed = if write { 3 } else { 2 };
            let mask = constant_operand(op, fixed)?;
            let neutral = 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000;
            if mask & !(neutral | 0x40) != 0 {
                return Err(MatchFailure::new(format!("the image operands 0x{mask:x} on an image read or write")));
            }
            let sample = read_operands(mask, operands.get(fixed + 1..).unwrap_or_default())?.sample;
            let image = image_type(op, 0)?;
            if write {
                super::image::write_texel(rewriter, &image, argument(0)?, argument(1)?, sample, argument(2)?)?;
                return Ok(vec![]);
            }
            Ok(vec![super::image::read_texel(rewriter, &image, argument(0)?, argument(1)?, sample, result)?])
        }
        ImageStandIn::TexelPointer => super::image::texel_pointer(op, operands, rewriter),
        ImageStandIn::AtomicFMin | ImageStandIn::AtomicFMax => {
            // LLVM's AtomicBinOp numbers, as the other image atomics pass them.
            let code = if kind == ImageStandIn::AtomicFMin { 14 } else { 13 };
            Ok(vec![super::image::image_atomic(rewriter, argument(0)?, code, argument(1)?, None, result)?])
        }
        ImageStandIn::QueryFormat | ImageStandIn::QueryOrder => {
            channel_query(op, operands, rewriter, kind == ImageStandIn::QueryOrder, false)
        }
        ImageStandIn::ConstantSampler => {
            let words = [constant_operand(op, 0)?, constant_operand(op, 1)?, constant_operand(op, 2)?];
            Ok(vec![literal_sampler(rewriter, words)?])
        }
        ImageStandIn::QuerySizeLod => {
            let image = image_type(op, 0)?;
            let word = call_host(
                rewriter,
                IMAGE_SIZE_LOD,
                &[pointer, i32_type],
                Some(i128_type),
                &[argument(0)?, argument(1)?],
                Effects::ReadsArgument,
            )?
            .ok_or_else(|| MatchFailure::new("the size query has no result"))?;
            Ok(vec![super::image::size_components(rewriter, &image, word, result)?])
        }
        ImageStandIn::Fetch => {
            let mask = constant_operand(op, 2)?;
            let image_operands = read_operands(mask, operands.get(3..).unwrap_or_default())?;
            Ok(vec![fetch(rewriter, op, argument(0)?, argument(1)?, &image_operands, result)?])
        }
        ImageStandIn::SampleExplicitLod
        | ImageStandIn::QueryLod
        | ImageStandIn::SampleProjExplicitLod
        | ImageStandIn::SampleDrefExplicitLod
        | ImageStandIn::SampleProjDrefExplicitLod
        | ImageStandIn::Gather
        | ImageStandIn::DrefGather => {
            let third = matches!(
                kind,
                ImageStandIn::SampleDrefExplicitLod
                    | ImageStandIn::SampleProjDrefExplicitLod
                    | ImageStandIn::Gather
                    | ImageStandIn::DrefGather
            );
            let fixed = if third { 3 } else { 2 };
            let mask = constant_operand(op, fixed)?;
            let request = Request {
                pair: argument(0)?,
                image: image_type(op, 0)?,
                coordinate: argument(1)?,
                proj: matches!(kind, ImageStandIn::SampleProjExplicitLod | ImageStandIn::SampleProjDrefExplicitLod),
                dref: match kind {
                    ImageStandIn::SampleDrefExplicitLod
                    | ImageStandIn::SampleProjDrefExplicitLod
                    | ImageStandIn::DrefGather => Some(argument(2)?),
                    _ => None,
                },
                gather: match kind {
                    ImageStandIn::Gather => Some(argument(2)?),
                    ImageStandIn::DrefGather => Some(i32_constant(rewriter, 0)?),
                    _ => None,
                },
                operands: read_operands(mask, operands.get(fixed + 1..).unwrap_or_default())?,
                query_lod: kind == ImageStandIn::QueryLod,
            };
            Ok(vec![sample(rewriter, &request, result)?])
        }
    }
}

/// Whether the call of `callee` is OpenCL C's `read_imageh` (half texels,
/// `cl_khr_fp16`), which clang-22 leaves as a library function: on an image
/// and an integer coordinate, or an image, a sampler and a coordinate.
pub(crate) fn is_opencl_read_half(op: OperationRef<'_, '_>, callee: &str) -> bool {
    callee.starts_with("_Z11read_imageh") && matches!(op.operand_count(), 2 | 3) && image_type(op, 0).is_ok()
}

/// OpenCL C's `read_imageh`: the read (or, with a sampler, the sample at
/// LOD 0) as `read_imagef` makes it, rounded to half precision (to nearest
/// even, as OpenCL's conversion to `half` of a texel).
pub(crate) fn opencl_read_half<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result = rewriter.converted_result_type(op, 0)?;
    let context = rewriter.context();
    let f32_type: Type<'c> = melior::ir::r#type::Type::float32(context);
    let wide = vector_shape(result).map_or(f32_type, |(count, _)| Type::vector(&[count], f32_type));
    let image = image_type(op, 0)?;
    let texel = match *operands {
        [descriptor, coordinate] => super::image::read_texel(rewriter, &image, descriptor, coordinate, None, wide)?,
        [descriptor, sampler, coordinate] => {
            let pointer = llvm::r#type::pointer(context, 0);
            let pair_type = llvm::r#type::r#struct(context, &[pointer, pointer], false);
            let mut pair = rewriter.create_value("llvm.mlir.poison", &[], pair_type, &[])?;
            for (index, value) in [descriptor, sampler].into_iter().enumerate() {
                let position = DenseI64ArrayAttribute::new(context, &[index as i64]).into();
                pair = rewriter.create_value("llvm.insertvalue", &[pair, value], pair_type, &[("position", position)])?;
            }
            let lod = float_constant(rewriter, f32_type, 0.0)?;
            let request = Request {
                pair,
                image,
                coordinate,
                proj: false,
                dref: None,
                gather: None,
                operands: Operands { lod: Some(lod), ..Operands::default() },
                query_lod: false,
            };
            sample(rewriter, &request, wide)?
        }
        _ => return Err(MatchFailure::new("read_imageh takes an image, a sampler if any, and a coordinate")),
    };
    Ok(vec![rewriter.create_value("llvm.fptrunc", &[texel], result, &[])?])
}

/// Whether the call of `callee` is OpenCL C's `get_image_channel_order`
/// (`Some(true)`) or `get_image_channel_data_type` (`Some(false)`), which
/// clang-22 imports as library functions (or writes as the SPIR-V queries,
/// without OpenCL's constant added) on an image.
pub(crate) fn opencl_channel_query(op: OperationRef<'_, '_>, callee: &str) -> Option<bool> {
    let rest = callee.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let length: usize = rest[..digits].parse().ok()?;
    let order = match rest.get(digits..digits + length)? {
        "get_image_channel_order" => true,
        "get_image_channel_data_type" => false,
        _ => return None,
    };
    (op.operand_count() == 1 && image_type(op, 0).is_ok()).then_some(order)
}

/// `OpImageQueryFormat` / `OpImageQueryOrder` (`order`), or OpenCL C's
/// functions (`opencl`: the OpenCL constant, the enumerant plus
/// [`CL_ORDER_BASE`] or [`CL_DATA_TYPE_BASE`]): half of the host's
/// `__spvabi_image_channels`, as the result's integer type.
pub(crate) fn channel_query<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    order: bool,
    opencl: bool,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result = rewriter.converted_result_type(op, 0)?;
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let pointer = llvm::r#type::pointer(context, 0);
    let image = operands.first().copied().ok_or_else(|| MatchFailure::new("the query has no image"))?;
    let word = call_host(rewriter, IMAGE_CHANNELS, &[pointer], Some(i32_type), &[image], Effects::ReadsArgument)?
        .ok_or_else(|| MatchFailure::new("the query has no result"))?;
    let mut value = if order {
        let sixteen = i32_constant(rewriter, 16)?;
        rewriter.create_value("llvm.lshr", &[word, sixteen], i32_type, &[])?
    } else {
        let mask = i32_constant(rewriter, 0xFFFF)?;
        rewriter.create_value("llvm.and", &[word, mask], i32_type, &[])?
    };
    if opencl {
        let base = i32_constant(rewriter, if order { CL_ORDER_BASE } else { CL_DATA_TYPE_BASE })?;
        value = rewriter.create_value("llvm.add", &[value, base], i32_type, &[])?;
    }
    Ok(vec![match result.to_string().as_str() {
        "i32" => value,
        "i64" => rewriter.create_value("llvm.zext", &[value], result, &[])?,
        "i8" | "i16" => rewriter.create_value("llvm.trunc", &[value], result, &[])?,
        other => return Err(MatchFailure::new(format!("an image channel query of type '{other}'"))),
    }])
}

/// The sampler descriptor (`spvabi_sampler`, docs/abi.md) of an OpenCL
/// literal sampler: `(addressing mode, normalized, filter mode)` as
/// `OpConstantSampler` gives them, with OpenCL's meaning in Vulkan's terms.
pub fn literal_sampler_descriptor([addressing, normalized, filter]: [u32; 3]) -> [u32; 16] {
    // None (coordinates the kernel keeps inside), ClampToEdge, Clamp (the
    // border: transparent black, opaque where the order has no alpha, as
    // the runtime's border gives), Repeat, RepeatMirrored.
    let address = [2, 2, 3, 0, 1][addressing.min(4) as usize];
    let filter = filter.min(1);
    let mut words = [0u32; 16];
    words[0] = filter;
    words[1] = filter;
    words[3..6].fill(address);
    words[7] = u32::from(normalized == 0);
    // min_lod, max_lod 0: level 0, the only one OpenCL 1.2-3.0 images
    // without cl_khr_mipmap_image have.
    words
}

/// The address of the constant descriptor of a literal sampler, one
/// `llvm.mlir.global` per kind in the module.
fn literal_sampler<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    operands: [u32; 3],
) -> Result<Value<'c, 'r>, MatchFailure> {
    let name = format!("__spvabi_literal_sampler_{}_{}_{}", operands[0], operands[1], operands[2]);
    let words = literal_sampler_descriptor(operands);
    let global_name = name.clone();
    rewriter.declare_symbol(&name, move |context, location| -> Result<melior::ir::Operation<'c>, MatchFailure> {
        let i32_type: Type<'c> = IntegerType::new(context, 32).into();
        let array = llvm::r#type::array(i32_type, 16);
        let values = words.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let parse = |text: &str| {
            melior::ir::Attribute::parse(context, text)
                .ok_or_else(|| MatchFailure::new(format!("cannot build attribute '{text}'")))
        };
        let attributes = [
            ("sym_name", melior::ir::attribute::StringAttribute::new(context, &global_name).into()),
            ("global_type", TypeAttribute::new(array).into()),
            ("linkage", parse("#llvm.linkage<internal>")?),
            ("constant", melior::ir::Attribute::unit(context)),
            ("value", parse(&format!("dense<[{values}]> : tensor<16xi32>"))?),
            ("alignment", IntegerAttribute::new(IntegerType::new(context, 64).into(), 16).into()),
            ("addr_space", IntegerAttribute::new(i32_type, 0).into()),
        ];
        let attributes: Vec<_> =
            attributes.iter().map(|(key, value)| (melior::ir::Identifier::new(context, key), *value)).collect();
        Ok(melior::ir::operation::OperationBuilder::new("llvm.mlir.global", location)
            .add_attributes(&attributes)
            .add_regions([melior::ir::Region::new()])
            .build()?)
    })?;
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    rewriter.create_value(
        "llvm.mlir.addressof",
        &[],
        pointer,
        &[("global_name", melior::ir::attribute::FlatSymbolRefAttribute::new(rewriter.context(), &name).into())],
    )
}

/// `spirv.Image`: the image half of the pair.
fn image_of<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result = rewriter.converted_result_type(op, 0)?;
    let position = DenseI64ArrayAttribute::new(rewriter.context(), &[0]).into();
    Ok(vec![rewriter.create_value("llvm.extractvalue", &[operands[0]], result, &[("position", position)])?])
}

/// The pair of a combined image sampler whose descriptor `address` points
/// at: the image's, and the sampler's after it.
pub(crate) fn combined_pair<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    address: Value<'c, 'r>,
    pair_type: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let pointer = llvm::r#type::pointer(context, 0);
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    let sampler = rewriter.create_value(
        "llvm.getelementptr",
        &[address],
        pointer,
        &[
            ("elem_type", TypeAttribute::new(i8_type).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[COMBINED_SAMPLER_OFFSET]).into()),
        ],
    )?;
    let mut pair = rewriter.create_value("llvm.mlir.poison", &[], pair_type, &[])?;
    for (index, value) in [address, sampler].into_iter().enumerate() {
        let position = DenseI64ArrayAttribute::new(context, &[index as i64]).into();
        pair = rewriter.create_value("llvm.insertvalue", &[pair, value], pair_type, &[("position", position)])?;
    }
    Ok(pair)
}

/// Lane `index` of `vector` (or `vector` itself when it is a scalar and
/// `index` is 0); `None` past its lanes.
fn lane<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    vector: Value<'c, 'r>,
    index: usize,
) -> Result<Option<Value<'c, 'r>>, MatchFailure> {
    match vector_shape(vector.r#type()) {
        Some((count, element)) if index < count as usize => {
            let at = i32_constant(rewriter, index as i64)?;
            Ok(Some(rewriter.create_value("llvm.extractelement", &[vector, at], element, &[])?))
        }
        Some(_) => Ok(None),
        None if index == 0 => Ok(Some(vector)),
        None => Ok(None),
    }
}

/// The first `count` lanes of `vector`, the rest `fill`.
fn lanes<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    vector: Option<Value<'c, 'r>>,
    count: usize,
    fill: Value<'c, 'r>,
) -> Result<[Value<'c, 'r>; 3], MatchFailure> {
    let mut out = [fill; 3];
    if let Some(vector) = vector {
        for (index, slot) in out.iter_mut().enumerate().take(count) {
            *slot = lane(rewriter, vector, index)?.unwrap_or(fill);
        }
    }
    Ok(out)
}

/// One sampling operation: the host call(s), the result as `result`.
fn sample<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    request: &Request<'c, 'r>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let f32_type: Type<'c> = melior::ir::r#type::Type::float32(context);
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let i128_type: Type<'c> = IntegerType::new(context, 128).into();
    let pointer = llvm::r#type::pointer(context, 0);
    let image = &request.image;
    let spatial = spatial_coordinates(image)?;
    if image.sampling == ImageSamplingInfo::MultiSampled {
        return Err(MatchFailure::new("a multisampled image is fetched, never sampled (SPIR-V)"));
    }
    if request.operands.sample.is_some() {
        return Err(MatchFailure::new("the image operand Sample is for reads, writes and fetches"));
    }
    let arrayed = image.arrayed == ImageArrayedInfo::Arrayed;
    if request.proj && (arrayed || image.dim == Dim::Cube) {
        return Err(MatchFailure::new("a projective sample of an arrayed or cube image has no meaning"));
    }
    let mut coordinate = request.coordinate;
    let mut coordinate_type = coordinate.r#type();
    let coordinate_element = vector_shape(coordinate_type).map_or(coordinate_type, |(_, element)| element);
    let integer_coordinate = (coordinate_element == i32_type).then_some(coordinate);
    if coordinate_element == i32_type && !request.proj && request.dref.is_none() && request.gather.is_none() {
        // OpenCL's read_image{f,i,ui}(image, sampler, int2...): unnormalized
        // nearest samplers on integer coordinates, the same texel as at the
        // integer as a float (exact below 2^24).
        coordinate_type = vector_shape(coordinate_type).map_or(f32_type, |(count, _)| Type::vector(&[count], f32_type));
        coordinate = rewriter.create_value("llvm.sitofp", &[coordinate], coordinate_type, &[])?;
    } else if coordinate_element != f32_type {
        return Err(MatchFailure::new(format!(
            "sampling coordinates of type '{coordinate_type}' are not supported (32-bit floats are)"
        )));
    }
    // OpImageQueryLod reads no array layer.
    let needed = spatial + usize::from(arrayed && !request.query_lod) + usize::from(request.proj);
    let count = vector_shape(coordinate_type).map_or(1, |(count, _)| count as usize);
    if count < needed {
        return Err(MatchFailure::new(format!("the image needs {needed} coordinates, '{coordinate_type}' has {count}")));
    }
    let zero = float_constant(rewriter, f32_type, 0.0)?;
    let mut xyz = lanes(rewriter, Some(coordinate), spatial, zero)?;
    let layer = if arrayed { lane(rewriter, coordinate, spatial)?.unwrap_or(zero) } else { zero };
    let mut dref = request.dref.unwrap_or(zero);
    if request.proj {
        let q = lane(rewriter, coordinate, spatial)?.ok_or_else(|| MatchFailure::new("no q coordinate"))?;
        for value in xyz.iter_mut().take(spatial) {
            *value = rewriter.create_value("llvm.fdiv", &[*value, q], f32_type, &[])?;
        }
        if request.dref.is_some() {
            dref = rewriter.create_value("llvm.fdiv", &[dref, q], f32_type, &[])?;
        }
    }
    let operands = &request.operands;
    let lod = match (operands.lod, operands.min_lod) {
        (Some(lod), None) if lod.r#type() == f32_type => lod,
        (Some(lod), None) => return Err(MatchFailure::new(format!("a sampling Lod of type '{}' (f32 is)", lod.r#type()))),
        // MinLod rides in `lod`, which the gradients leave free.
        (None, Some(min_lod)) if operands.grad.is_some() && min_lod.r#type() == f32_type => min_lod,
        (None, Some(_)) => {
            return Err(MatchFailure::new("the image operand MinLod needs Grad here (SPIR-V: Grad or implicit-LOD forms), as an f32"));
        }
        (Some(_), Some(_)) => return Err(MatchFailure::new("the image operands Lod and MinLod together (SPIR-V forbids it)")),
        (None, None) => zero,
    };
    let dx = lanes(rewriter, operands.grad.map(|(dx, _)| dx), spatial, zero)?;
    let dy = lanes(rewriter, operands.grad.map(|(_, dy)| dy), spatial, zero)?;
    let zero_i32 = i32_constant(rewriter, 0)?;
    let mut mode = 0;
    if request.gather.is_some() {
        mode |= MODE_GATHER;
    }
    if request.dref.is_some() {
        mode |= MODE_COMPARE;
    }
    if operands.grad.is_some() {
        mode |= MODE_GRAD;
    }
    if operands.min_lod.is_some() {
        mode |= MODE_MIN_LOD;
    }
    if request.query_lod {
        mode |= MODE_QUERY_LOD;
    }
    if image.dim == Dim::Cube {
        if operands.offset.is_some() || operands.offsets.is_some() {
            return Err(MatchFailure::new("offsets have no meaning on cube images"));
        }
        mode |= MODE_CUBE;
    }
    let mode_bits = mode;
    let mut mode = i32_constant(rewriter, i64::from(mode))?;
    if let Some(component) = request.gather {
        // (component & 3) << 1: a component outside 0-3 is undefined.
        let three = i32_constant(rewriter, 3)?;
        let shift = i32_constant(rewriter, i64::from(MODE_COMPONENT_SHIFT))?;
        let masked = rewriter.create_value("llvm.and", &[component, three], i32_type, &[])?;
        let shifted = rewriter.create_value("llvm.shl", &[masked, shift], i32_type, &[])?;
        mode = rewriter.create_value("llvm.or", &[mode, shifted], i32_type, &[])?;
    }
    let position = |index: i64| DenseI64ArrayAttribute::new(context, &[index]).into();
    let image_pointer = rewriter.create_value("llvm.extractvalue", &[request.pair], pointer, &[("position", position(0))])?;
    let sampler_pointer = rewriter.create_value("llvm.extractvalue", &[request.pair], pointer, &[("position", position(1))])?;
    let element = components_element(result)?;
    let mut parameters = vec![pointer, pointer, i32_type];
    parameters.extend([f32_type; 12]);
    parameters.extend([i32_type; 3]);
    let call = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, offset: [Value<'c, 'r>; 3]| {
        let mut arguments = vec![image_pointer, sampler_pointer, mode];
        arguments.extend(xyz);
        arguments.extend([layer, lod, dref]);
        arguments.extend(dx);
        arguments.extend(dy);
        arguments.extend(offset);
        let word = call_host(rewriter, IMAGE_SAMPLE, &parameters, Some(i128_type), &arguments, Effects::Reads)?
            .ok_or_else(|| MatchFailure::new("the sample has no result"))?;
        rewriter.create_value("llvm.bitcast", &[word], Type::vector(&[4], element), &[])
    };
    let texel = match operands.offsets {
        Some(offsets) if request.gather.is_some() => {
            // ConstOffsets: texel i of the gather from its own offset.
            let ivec2 = Type::vector(&[2], i32_type);
            let mut out = rewriter.create_value("llvm.mlir.poison", &[], Type::vector(&[4], element), &[])?;
            for index in 0..4 {
                let pair = rewriter.create_value("llvm.extractvalue", &[offsets], ivec2, &[("position", position(index))])?;
                let offset = lanes(rewriter, Some(pair), 2, zero_i32)?;
                let gathered = call(rewriter, offset)?;
                let at = i32_constant(rewriter, index)?;
                let component = rewriter.create_value("llvm.extractelement", &[gathered, at], element, &[])?;
                out = rewriter.create_value("llvm.insertelement", &[out, component, at], Type::vector(&[4], element), &[])?;
            }
            out
        }
        Some(_) => return Err(MatchFailure::new("ConstOffsets and Offsets are for gathers")),
        None => {
            let offset = lanes(rewriter, operands.offset, spatial, zero_i32)?;
            match integer_coordinate {
                // OpenCL's read_imagef(image, sampler, int2...): inlined
                // behind a test of the descriptors (image_inline.rs).
                Some(integer)
                    if mode_bits == 0
                        && operands.offset.is_none()
                        && element == f32_type
                        && super::image_inline::sample_inlinable(image) =>
                {
                    let mut axes = Vec::with_capacity(spatial);
                    for axis in 0..spatial {
                        axes.push(lane(rewriter, integer, axis)?.ok_or_else(|| MatchFailure::new("no coordinate"))?);
                    }
                    super::image_inline::nearest_edge_sample(rewriter, image, image_pointer, sampler_pointer, &axes, |rewriter| {
                        call(rewriter, offset)
                    })?
                }
                _ => call(rewriter, offset)?,
            }
        }
    };
    narrow(rewriter, texel, result)
}

/// `OpImageFetch` with `Lod` or offsets: the texel of the level, the
/// offsets added to the coordinates.
fn fetch<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    op: OperationRef<'c, 'r>,
    image_value: Value<'c, 'r>,
    coordinate: Value<'c, 'r>,
    operands: &Operands<'c, 'r>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let i128_type: Type<'c> = IntegerType::new(context, 128).into();
    let pointer = llvm::r#type::pointer(context, 0);
    let image = image_type(op, 0)?;
    let spatial = spatial_coordinates(&image)?;
    let mut coordinates = super::image::coordinates(rewriter, &image, coordinate, operands.sample)?;
    if let Some(offset) = operands.offset {
        let zero = i32_constant(rewriter, 0)?;
        let offset = lanes(rewriter, Some(offset), spatial, zero)?;
        for (value, delta) in coordinates.iter_mut().zip(offset).take(spatial) {
            *value = rewriter.create_value("llvm.add", &[*value, delta], i32_type, &[])?;
        }
    }
    if operands.grad.is_some() || operands.offsets.is_some() {
        return Err(MatchFailure::new("a fetch takes no Grad or ConstOffsets"));
    }
    let level = match operands.lod {
        Some(level) if level.r#type() == i32_type => level,
        Some(level) => return Err(MatchFailure::new(format!("a fetch's Lod of type '{}' (i32 is)", level.r#type()))),
        None => i32_constant(rewriter, 0)?,
    };
    let element = components_element(result)?;
    let mut arguments = vec![image_value];
    arguments.extend(coordinates);
    arguments.push(level);
    let word = call_host(
        rewriter,
        IMAGE_FETCH,
        &[pointer, i32_type, i32_type, i32_type, i32_type, i32_type],
        Some(i128_type),
        &arguments,
        Effects::Reads,
    )?
    .ok_or_else(|| MatchFailure::new("the fetch has no result"))?;
    let texel = rewriter.create_value("llvm.bitcast", &[word], Type::vector(&[4], element), &[])?;
    narrow(rewriter, texel, result)
}

/// `spirv.ImageFetch` with `Lod` or offsets in its attribute (text input;
/// the importer makes those stand-in calls): see [`fetch`].
pub(crate) fn dialect_fetch<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let mask = attribute_mask(op)?;
    let image_operands = read_operands(mask, operands.get(2..).unwrap_or_default())?;
    let result = rewriter.converted_result_type(op, 0)?;
    Ok(vec![fetch(rewriter, op, operands[0], operands[1], &image_operands, result)?])
}

/// Whether `spirv.ImageFetch`'s operands need [`dialect_fetch`] (a level or
/// an offset).
pub(crate) fn fetch_needs_level(op: OperationRef<'_, '_>) -> bool {
    attribute_mask(op).is_ok_and(|mask| mask & (0x2 | 0x8 | 0x10) != 0)
}
