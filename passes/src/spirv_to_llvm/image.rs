//! Image ops (manual: "Image ops"): Vulkan storage images and texel
//! buffers, as the kernel ABI gives them (docs/abi.md, "Images").
//!
//! An image value is a pointer to its descriptor, `spvabi_image`: loading
//! an image from its `UniformConstant` variable is the variable's address
//! (the ABI makes it the binding's `resources[i]`). The texel operations call
//! functions the host provides, in C's calling convention, which convert
//! between the descriptor's format and four 32-bit components, passed as
//! one `i128` (component 0 in the low bits, as a `<4 x i32>` bitcast lays
//! it out; no vector type crosses the call, whose ABI would differ between
//! LLVM and the host's compiler):
//!
//! - `i128 __spvabi_image_read(ptr image, i32 x, i32 y, i32 z, i32 layer)`
//!   (`spirv.ImageRead`, `spirv.ImageFetch`);
//! - `void __spvabi_image_write(ptr image, i32 x, i32 y, i32 z, i32 layer, i128 texel)`
//!   (`spirv.ImageWrite`);
//! - `i128 __spvabi_image_size(ptr image)`: width, height, depth, layers
//!   (`spirv.ImageQuerySize`).
//!
//! Coordinates the image's dimensionality lacks are 0; an arrayed image's
//! last coordinate is its layer. Image operands that change nothing on the
//! CPU (memory-model texel availability, `Nontemporal`, `SignExtend`...)
//! are accepted; `Lod`, `Sample`, offsets and the rest are refused, as are
//! multisampled images other than 2D and subpass images. OpenCL images are the
//! same descriptors (their reads, writes and samples arrive as the
//! importer's calls, sampling.rs); texel pointers (`OpImageTexelPointer`)
//! carry the descriptor and coordinates to `__spvabi_image_atomic`.

use super::{SpirvToLlvmOptions, types::read_type, util::i32_constant};
use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Identifier, Operation, OperationRef, Region, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::{
    attributes::{Dim, ImageArrayedInfo, ImageSamplerUseInfo, ImageSamplingInfo, StorageClass},
    types::{FloatKind, ImageType, SpirvType},
};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::vector_shape,
};

use super::types::ClientApi;
use spirv_opt_dialects::spirv::deserialize::is_sampler;

/// The host functions the lowering calls (docs/abi.md, "Images").
pub const IMAGE_READ: &str = "__spvabi_image_read";
/// See [`IMAGE_READ`].
pub const IMAGE_WRITE: &str = "__spvabi_image_write";
/// See [`IMAGE_READ`].
pub const IMAGE_SIZE: &str = "__spvabi_image_size";

/// Where a descriptor array's length sits in its resource word (docs/abi.md).
pub const DESCRIPTOR_COUNT_SHIFT: u32 = 20;
/// The longest descriptor array (the word stays a positive `i32`).
pub const MAX_DESCRIPTORS: u32 = 2047;

/// Image operands that change nothing when texels are plain memory of one
/// process: accepted and dropped (with their scope operands).
const NEUTRAL_OPERANDS: &[&str] =
    &["None", "MakeTexelAvailable", "MakeTexelVisible", "NonPrivateTexel", "VolatileTexel", "SignExtend", "ZeroExtend", "Nontemporal"];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_fn("spirv.Load", load_image);
    patterns.add_fn("spirv.ImageRead", read);
    patterns.add_fn("spirv.ImageFetch", read);
    patterns.add_fn("spirv.ImageWrite", write);
    patterns.add_fn("spirv.ImageQuerySize", query_size);
    patterns.add_fn("spirv.AccessChain", descriptor_element);
    super::sampling::populate(patterns);
}

/// The LLVM type of an image or sampled image: a pointer to its
/// descriptor, for the images this slice supports (storage images and
/// texel buffers of 32-bit texels); why not otherwise.
pub(crate) fn lower_image_type<'c>(
    context: &'c Context,
    options: SpirvToLlvmOptions,
    ty: &SpirvType,
) -> Result<Type<'c>, String> {
    if is_sampler(ty) {
        return Ok(llvm::r#type::pointer(context, 0));
    }
    let image = image_of(ty).ok_or_else(|| format!("'{ty}' is not an image"))?;
    if options.client_api == ClientApi::OpenCL {
        supported_opencl(image)?;
    } else {
        supported(image)?;
    }
    let pointer = llvm::r#type::pointer(context, 0);
    Ok(match ty {
        // The image's and the sampler's descriptors (sampling.rs).
        SpirvType::SampledImage(_) => llvm::r#type::r#struct(context, &[pointer, pointer], false),
        _ => pointer,
    })
}

/// The image of an image or sampled image type.
fn image_of(ty: &SpirvType) -> Option<&ImageType> {
    match ty {
        SpirvType::Image(image) => Some(image),
        SpirvType::SampledImage(inner) => image_of(inner),
        _ => None,
    }
}

/// Why an image of this kind is not supported, if it is not.
fn supported(image: &ImageType) -> Result<(), String> {
    spatial_coordinates(image).map_err(|failure| failure.to_string())?;
    if image.dim != Dim::Buffer && image.sampler_use == ImageSamplerUseInfo::SamplerUnknown {
        return Err("images whose use with a sampler is unknown (Sampled 0) are not supported".to_owned());
    }
    match &*image.element {
        SpirvType::Float(FloatKind::F32) | SpirvType::Integer { width: 32, .. } => Ok(()),
        // R64_UINT/R64_SINT storage images and texel buffers (Int64ImageEXT).
        SpirvType::Integer { width: 64, .. } if image.sampler_use == ImageSamplerUseInfo::NoSampler => Ok(()),
        SpirvType::Integer { width: 64, .. } => {
            Err("sampled images of 64-bit texels are not supported (storage images are)".to_owned())
        }
        other => Err(format!("images of {other} texels are not supported (32-bit integers and floats are)")),
    }
}

/// Why an OpenCL image of this kind is not supported, if it is not: the
/// images OpenCL C has (1D, 2D, 3D, 1D and 2D arrays, 1D buffers), of
/// `void` texels (OpenCL images carry their format at run time).
fn supported_opencl(image: &ImageType) -> Result<(), String> {
    if image.dim == Dim::Cube {
        return Err("OpenCL has no cube images".to_owned());
    }
    spatial_coordinates(image).map_err(|failure| failure.to_string())?;
    // Depth images (image2d_depth_t, image2d_array_depth_t) read and write
    // one float: the first component of the format's (D16_UNORM, D32_SFLOAT).
    // The importer made OpenCL's `void` texel type f32.
    match &*image.element {
        SpirvType::Void | SpirvType::Float(FloatKind::F32) => Ok(()),
        other => Err(format!("OpenCL images of {other} texels are not supported (void is OpenCL's)")),
    }
}

/// The resource kind and word of an OpenCL image kernel argument (the
/// kernel ABI's `arguments`, docs/abi.md "OpenCL images and samplers"):
/// `sampled_image` for `read_only` images, `storage_image` for the
/// others, the texel-buffer kinds for `image1d_buffer_t`, `sampler` for a
/// sampler; the word's format is 0 and its texel kind 0xf (OpenCL images
/// carry their format, and their texels are what it says). `None` for any
/// other type.
pub(crate) fn opencl_argument(ty: &SpirvType) -> Option<(&'static str, u32)> {
    if is_sampler(ty) {
        return Some(("sampler", 0));
    }
    let SpirvType::Image(image) = ty else { return None };
    // The importer made the others' Sampled 2.
    let read_only = image.sampler_use != ImageSamplerUseInfo::NoSampler;
    let kind = match (image.dim, read_only) {
        (Dim::Buffer, true) => "uniform_texel_buffer",
        (Dim::Buffer, false) => "storage_texel_buffer",
        (_, true) => "sampled_image",
        _ => "storage_image",
    };
    Some((kind, 0xf << 8 | image.dim.value() << 12 | u32::from(image.arrayed == ImageArrayedInfo::Arrayed) << 16))
}

/// What the image resource of a `spirv.GlobalVariable` is, for the kernel
/// ABI's resource table: `(kind, word)`, the kind `"storage_image"`,
/// `"storage_texel_buffer"` or `"uniform_texel_buffer"` and the word of
/// docs/abi.md (format | sampled type << 8 | dim << 12 | arrayed << 16 |
/// multisampled << 17);
/// `None` when the variable holds no image.
pub(crate) fn resource_of(pointee: &SpirvType) -> Result<Option<(&'static str, u32)>, MatchFailure> {
    if let SpirvType::RuntimeArray { element, .. } = pointee
        && (is_sampler(element) || image_of(element).is_some())
    {
        return Err(MatchFailure::new(format!(
            "an unsized descriptor array of images or samplers ('{pointee}') needs its descriptor count: import the \
             binary with --descriptor-count SET:BINDING=N (spirv-run-rs and Amber count the descriptors they bind)"
        )));
    }
    if let SpirvType::Array { element, count, .. } = pointee
        && (is_sampler(element) || image_of(element).is_some())
    {
        // A descriptor array: the element's kind and word, the count in
        // bits 20-31 (docs/abi.md).
        let Some((kind, word)) = resource_of(element)? else { return Ok(None) };
        if *count == 0 || *count > MAX_DESCRIPTORS {
            return Err(MatchFailure::new(format!("a descriptor array of {count} (1 to {MAX_DESCRIPTORS} are supported)")));
        }
        return Ok(Some((kind, word | count << DESCRIPTOR_COUNT_SHIFT)));
    }
    if is_sampler(pointee) {
        return Ok(Some(("sampler", 0)));
    }
    let Some(image) = image_of(pointee) else { return Ok(None) };
    supported(image).map_err(MatchFailure::new)?;
    let kind = match (image.dim, image.sampler_use) {
        (Dim::Buffer, ImageSamplerUseInfo::NeedSampler) => "uniform_texel_buffer",
        (Dim::Buffer, _) => "storage_texel_buffer",
        _ if matches!(pointee, SpirvType::SampledImage(_)) => "combined_image_sampler",
        (_, ImageSamplerUseInfo::NeedSampler) => "sampled_image",
        _ => "storage_image",
    };
    let sampled_type = u32::from(matches!(&*image.element, SpirvType::Integer { .. }));
    let word = image.format.value()
        | sampled_type << 8
        | image.dim.value() << 12
        | u32::from(image.arrayed == ImageArrayedInfo::Arrayed) << 16
        | u32::from(image.sampling == ImageSamplingInfo::MultiSampled) << 17;
    Ok(Some((kind, word)))
}

/// How many coordinates address a texel of `image` within a layer, or why
/// such images are not supported.
pub(super) fn spatial_coordinates(image: &ImageType) -> Result<usize, MatchFailure> {
    if image.sampling == ImageSamplingInfo::MultiSampled {
        // 2D and 2D array: the Sample operand travels as z (docs/abi.md,
        // "Multisampled images").
        return match image.dim {
            Dim::Dim2D => Ok(2),
            other => Err(MatchFailure::new(format!("multisampled {} images are not supported (2D ones are)", other.name()))),
        };
    }
    match image.dim {
        Dim::Dim1D | Dim::Buffer => Ok(1),
        Dim::Dim2D => Ok(2),
        Dim::Dim3D => Ok(3),
        // A direction (sampling.rs): the host selects the face.
        Dim::Cube if image.sampler_use == ImageSamplerUseInfo::NeedSampler => Ok(3),
        // A storage cube (`imageCube`, `imageCubeArray`): (x, y) on a face;
        // the face, or 6 * cube + face, is the third coordinate, passed as the
        // layer ([`coordinates`]).
        Dim::Cube => Ok(2),
        other => Err(MatchFailure::new(format!("{} images are not supported yet", other.name()))),
    }
}

/// The image type of operand `index` of `op` (an image or sampled image).
pub(super) fn image_type(op: OperationRef<'_, '_>, index: usize) -> Result<ImageType, MatchFailure> {
    let operand = op.operand(index).map_err(|_| MatchFailure::new("the op has no image operand"))?;
    match read_type(operand.r#type())? {
        SpirvType::Image(image) => Ok(image),
        SpirvType::SampledImage(inner) => match &*inner {
            SpirvType::Image(image) => Ok(image.clone()),
            other => Err(MatchFailure::new(format!("'{other}' is not an image"))),
        },
        other => Err(MatchFailure::new(format!("'{other}' is not an image"))),
    }
}

/// `spirv.Load` of an image from its `UniformConstant` variable: the
/// variable's address is the descriptor. Other loads are memory.rs's.
fn load_image<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let pointer = op.operand(0).map_err(|_| MatchFailure::new("a load without pointer"))?;
    match read_type(pointer.r#type())? {
        SpirvType::Pointer { pointee, storage_class: StorageClass::UniformConstant }
            if matches!(&*pointee, SpirvType::Image(_)) || is_sampler(&pointee) =>
        {
            Ok(vec![operands[0]])
        }
        SpirvType::Pointer { pointee, storage_class: StorageClass::UniformConstant }
            if matches!(&*pointee, SpirvType::SampledImage(_)) =>
        {
            let pair = rewriter.converted_result_type(op, 0)?;
            Ok(vec![super::sampling::combined_pair(rewriter, operands[0], pair)?])
        }
        _ => Err(MatchFailure::new("not an image load")),
    }
}

/// The bytes of one descriptor of an array of `element`s: a combined image
/// sampler's image and sampler descriptors, else one 64-byte descriptor.
fn descriptor_stride(element: &SpirvType) -> Option<u32> {
    match element {
        SpirvType::SampledImage(_) => Some(128),
        SpirvType::Image(_) => Some(64),
        _ if is_sampler(element) => Some(64),
        _ => None,
    }
}

/// `spirv.AccessChain` into a descriptor array (`uniform sampler2D
/// tex[N]`): the address of descriptor `index`, the index clamped to the
/// array (an index past it is undefined in Vulkan; here it reads the last
/// descriptor rather than memory the host never bound). Other access
/// chains are memory.rs's.
fn descriptor_element<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let base = op.operand(0).map_err(|_| MatchFailure::new("an access chain without base"))?;
    let SpirvType::Pointer { pointee, storage_class: StorageClass::UniformConstant } = read_type(base.r#type())? else {
        return Err(MatchFailure::new("not a descriptor array"));
    };
    let SpirvType::Array { element, count, .. } = &*pointee else {
        return Err(MatchFailure::new("not a descriptor array"));
    };
    let Some(stride) = descriptor_stride(element) else { return Err(MatchFailure::new("not a descriptor array")) };
    let &[address, index] = operands else {
        return Err(MatchFailure::new("a descriptor array takes one index"));
    };
    let context = rewriter.context();
    let index_type = index.r#type();
    let last = rewriter.create_value(
        "llvm.mlir.constant",
        &[],
        index_type,
        &[("value", melior::ir::attribute::IntegerAttribute::new(index_type, i64::from(*count) - 1).into())],
    )?;
    let clamped = rewriter.create_value("llvm.intr.umin", &[index, last], index_type, &[])?;
    let i8_type: Type<'c> = IntegerType::new(context, 8).into();
    let element_type = llvm::r#type::array(i8_type, stride);
    let pointer = llvm::r#type::pointer(context, 0);
    let element_address = rewriter.create_value(
        "llvm.getelementptr",
        &[address, clamped],
        pointer,
        &[
            ("elem_type", TypeAttribute::new(element_type).into()),
            ("rawConstantIndices", DenseI32ArrayAttribute::new(context, &[i32::MIN]).into()),
        ],
    )?;
    Ok(vec![element_address])
}

/// Refuses image operands other than [`NEUTRAL_OPERANDS`].
fn check_image_operands(op: OperationRef<'_, '_>) -> Result<(), MatchFailure> {
    let Ok(attribute) = op.attribute("image_operands") else { return Ok(()) };
    let printed = attribute.to_string();
    let inner = printed.split_once('<').map_or(printed.as_str(), |(_, rest)| rest.trim_end_matches('>'));
    for name in inner.split(['|', ',']).map(str::trim).filter(|name| !name.is_empty()) {
        if !NEUTRAL_OPERANDS.contains(&name) {
            return Err(MatchFailure::new(format!("the image operand {name} is not supported yet")));
        }
    }
    Ok(())
}

/// The x, y, z and layer arguments from the coordinate operand of `op`; a
/// multisampled image's z is `sample` (its `Sample` operand, which it
/// needs; other images ignore it: `OpImageTexelPointer`'s is 0).
pub(super) fn coordinates<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    coordinate: Value<'c, 'r>,
    sample: Option<Value<'c, 'r>>,
) -> Result<[Value<'c, 'r>; 4], MatchFailure> {
    let cube = image.dim == Dim::Cube;
    if cube && image.sampler_use == ImageSamplerUseInfo::NeedSampler {
        return Err(MatchFailure::new("a sampled cube image is read through a sampler, not by texel coordinates"));
    }
    let spatial = spatial_coordinates(image)?;
    // A storage cube's third coordinate is its layer-face (Vulkan's "Cube
    // Map Face Selection": face, or 6 * layer + face in a cube array), the
    // descriptor's layer: its layers count faces (docs/abi.md).
    let arrayed = image.arrayed == ImageArrayedInfo::Arrayed || cube;
    let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
    let ty = coordinate.r#type();
    let (count, element) = vector_shape(ty).map_or((1, ty), |(count, element)| (count as usize, element));
    if element != i32_type {
        return Err(MatchFailure::new(format!("image coordinates of type '{ty}' are not supported (32-bit integers are)")));
    }
    let needed = spatial + usize::from(arrayed);
    if count < needed {
        return Err(MatchFailure::new(format!("the image needs {needed} coordinates, '{ty}' has {count}")));
    }
    let component = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, index: usize| {
        if count == 1 {
            return Ok(coordinate);
        }
        let lane = i32_constant(rewriter, index as i64)?;
        rewriter.create_value("llvm.extractelement", &[coordinate, lane], i32_type, &[])
    };
    let zero = i32_constant(rewriter, 0)?;
    let mut values = [zero; 4];
    for (index, value) in values.iter_mut().enumerate().take(spatial) {
        *value = component(rewriter, index)?;
    }
    if arrayed {
        values[3] = component(rewriter, spatial)?;
    }
    if image.sampling == ImageSamplingInfo::MultiSampled {
        let sample =
            sample.ok_or_else(|| MatchFailure::new("a multisampled image is read or written with the Sample operand"))?;
        if sample.r#type() != i32_type {
            return Err(MatchFailure::new(format!("a Sample operand of type '{}' (32-bit integers are supported)", sample.r#type())));
        }
        values[2] = sample;
    }
    Ok(values)
}

/// `spirv.ImageRead`, `spirv.ImageFetch`: the texel's four components, cut
/// to the result's.
fn read<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    if super::sampling::fetch_needs_level(op) {
        return super::sampling::dialect_fetch(op, operands, rewriter);
    }
    check_image_operands(op)?;
    let image = image_type(op, 0)?;
    let result = rewriter.converted_result_type(op, 0)?;
    Ok(vec![read_texel(rewriter, &image, operands[0], operands[1], None, result)?])
}

/// The texel of `image` (its descriptor `descriptor`) at `coordinate` (and
/// `sample`, of a multisampled image), as `result`.
pub(super) fn read_texel<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    coordinate: Value<'c, 'r>,
    sample: Option<Value<'c, 'r>>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    if let Some(wide) = single_of_half(rewriter.context(), result) {
        // Half texels (OpenCL's read_imageh): read as floats, rounded to nearest even.
        let texel = read_texel(rewriter, image, descriptor, coordinate, sample, wide)?;
        return rewriter.create_value("llvm.fptrunc", &[texel], result, &[]);
    }
    let element = storage_element(result)?;
    let coordinates = coordinates(rewriter, image, coordinate, sample)?;
    if super::image_inline::inlinable(image, element)
        && let Some(texel) = super::image_inline::read(rewriter, image, descriptor, coordinates)?
    {
        return narrow(rewriter, texel, result);
    }
    let i128_type: Type<'c> = IntegerType::new(rewriter.context(), 128).into();
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
    let mut arguments = vec![descriptor];
    arguments.extend(coordinates);
    let word = call_host(
        rewriter,
        IMAGE_READ,
        &[pointer, i32_type, i32_type, i32_type, i32_type],
        Some(i128_type),
        &arguments,
        Effects::Reads,
    )?
    .ok_or_else(|| MatchFailure::new("the image read has no result"))?;
    let vector = Type::vector(&[4], element);
    let texel = if element.to_string() == "i64" {
        // A 64-bit channel (R64_UINT, R64_SINT): the low 64 bits, then G
        // and B 0 and A 1, as Vulkan substitutes them.
        let value = rewriter.create_value("llvm.trunc", &[word], element, &[])?;
        let zero = rewriter.create_value("llvm.mlir.zero", &[], vector, &[])?;
        let lane = i32_constant(rewriter, 0)?;
        let texel = rewriter.create_value("llvm.insertelement", &[zero, value, lane], vector, &[])?;
        let one = super::util::integer_constant(rewriter, element, 1)?;
        let lane = i32_constant(rewriter, 3)?;
        rewriter.create_value("llvm.insertelement", &[texel, one, lane], vector, &[])?
    } else {
        rewriter.create_value("llvm.bitcast", &[word], vector, &[])?
    };
    narrow(rewriter, texel, result)
}

/// `spirv.ImageWrite`: the texel widened to four components.
fn write<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    check_image_operands(op)?;
    let image = image_type(op, 0)?;
    write_texel(rewriter, &image, operands[0], operands[1], None, operands[2])?;
    Ok(vec![])
}

/// Writes `texel` to `image` (its descriptor `descriptor`) at `coordinate`
/// (and `sample`, of a multisampled image).
pub(super) fn write_texel<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    descriptor: Value<'c, 'r>,
    coordinate: Value<'c, 'r>,
    sample: Option<Value<'c, 'r>>,
    texel: Value<'c, 'r>,
) -> Result<(), MatchFailure> {
    if let Some(wide) = single_of_half(rewriter.context(), texel.r#type()) {
        // Half texels (OpenCL's write_imageh): written as the floats they are.
        let texel = rewriter.create_value("llvm.fpext", &[texel], wide, &[])?;
        return write_texel(rewriter, image, descriptor, coordinate, sample, texel);
    }
    let element = storage_element(texel.r#type())?;
    let coordinates = coordinates(rewriter, image, coordinate, sample)?;
    let widened = widen(rewriter, texel, element)?;
    if super::image_inline::inlinable(image, element)
        && super::image_inline::write(rewriter, image, descriptor, coordinates, widened)?
    {
        return Ok(());
    }
    if element.to_string() == "f32" && super::image_inline::rgba8_write_inlinable(image) {
        // OpenCL's write_imagef: RGBA8 inlined behind a test of the
        // descriptor (image_inline.rs).
        return super::image_inline::rgba8_write(rewriter, image, descriptor, coordinates, widened, |rewriter| {
            host_write(rewriter, descriptor, coordinates, widened, element)
        });
    }
    host_write(rewriter, descriptor, coordinates, widened, element)
}

/// The host's `__spvabi_image_write` of the four components `widened`
/// (of `element`s) at `coordinates`.
fn host_write<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    descriptor: Value<'c, 'r>,
    coordinates: [Value<'c, 'r>; 4],
    widened: Value<'c, 'r>,
    element: Type<'c>,
) -> Result<(), MatchFailure> {
    let i128_type: Type<'c> = IntegerType::new(rewriter.context(), 128).into();
    let word = if element.to_string() == "i64" {
        // A 64-bit channel: its value in the low 64 bits.
        let lane = i32_constant(rewriter, 0)?;
        let value = rewriter.create_value("llvm.extractelement", &[widened, lane], element, &[])?;
        rewriter.create_value("llvm.zext", &[value], i128_type, &[])?
    } else {
        rewriter.create_value("llvm.bitcast", &[widened], i128_type, &[])?
    };
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
    let mut arguments = vec![descriptor];
    arguments.extend(coordinates);
    arguments.push(word);
    call_host(
        rewriter,
        IMAGE_WRITE,
        &[pointer, i32_type, i32_type, i32_type, i32_type, i128_type],
        None,
        &arguments,
        Effects::Any,
    )?;
    Ok(())
}

/// `spirv.ImageQuerySize`: the extent components the image's kind has
/// (1D: width; 2D: width, height; 3D: width, height, depth; buffers: the
/// texel count), then the layer count when it is arrayed.
fn query_size<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let image = image_type(op, 0)?;
    let result = rewriter.converted_result_type(op, 0)?;
    let i128_type: Type<'c> = IntegerType::new(rewriter.context(), 128).into();
    let pointer = llvm::r#type::pointer(rewriter.context(), 0);
    let word = match super::image_inline::size(rewriter, &image, operands[0])? {
        Some(word) => word,
        None => call_host(rewriter, IMAGE_SIZE, &[pointer], Some(i128_type), &[operands[0]], Effects::ReadsArgument)?
            .ok_or_else(|| MatchFailure::new("the size query has no result"))?,
    };
    Ok(vec![size_components(rewriter, &image, word, result)?])
}

/// The components of a size query's result (`result`) from the host's
/// width, height, depth and layers (`word`): the extent components the
/// image's kind has, then the layers when it is arrayed.
pub(super) fn size_components<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    image: &ImageType,
    word: Value<'c, 'r>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    // A cube's size is a face's: width and height (the host gives a cube
    // array's layers in cubes).
    let spatial = if image.dim == Dim::Cube { 2 } else { spatial_coordinates(image)? };
    let (count, element) = vector_shape(result).unwrap_or((1, result));
    if element.to_string() == "i64" {
        // OpenCL's size_t queries (get_image_array_size): the 32-bit
        // components widened.
        let i32_type: Type<'c> = IntegerType::new(rewriter.context(), 32).into();
        let narrow = if count == 1 { i32_type } else { Type::vector(&[count], i32_type) };
        let value = size_components(rewriter, image, word, narrow)?;
        return rewriter.create_value("llvm.zext", &[value], result, &[]);
    }
    let element = components_element(result)?;
    let vector = Type::vector(&[4], element);
    let all = rewriter.create_value("llvm.bitcast", &[word], vector, &[])?;
    let mut lanes: Vec<i32> = (0..spatial as i32).collect();
    if image.arrayed == ImageArrayedInfo::Arrayed {
        lanes.push(3);
    }
    let count = vector_shape(result).map_or(1, |(count, _)| count as usize);
    if count != lanes.len() {
        return Err(MatchFailure::new(format!("the size of this image has {} components, not {count}", lanes.len())));
    }
    if count == 1 {
        let lane = i32_constant(rewriter, i64::from(lanes[0]))?;
        return rewriter.create_value("llvm.extractelement", &[all, lane], element, &[]);
    }
    let mask = DenseI32ArrayAttribute::new(rewriter.context(), &lanes).into();
    rewriter.create_value("llvm.shufflevector", &[all, all], result, &[("mask", mask)])
}

/// The 32-bit element of a texel or size type (a scalar, or a vector of at
/// most four).
pub(super) fn components_element(ty: Type<'_>) -> Result<Type<'_>, MatchFailure> {
    let (count, element) = vector_shape(ty).unwrap_or((1, ty));
    let printed = element.to_string();
    if count > 4 || !matches!(printed.as_str(), "i32" | "f32") {
        return Err(MatchFailure::new(format!(
            "texels of type '{ty}' are not supported (32-bit integers or floats, up to four)"
        )));
    }
    Ok(element)
}

/// The same shape of `f32` when `ty` is `f16` or a vector of it.
fn single_of_half<'c>(context: &'c Context, ty: Type<'c>) -> Option<Type<'c>> {
    let (shape, element) = match vector_shape(ty) {
        Some((count, element)) => (Some(count), element),
        None => (None, ty),
    };
    if element.to_string() != "f16" {
        return None;
    }
    let f32_type = Type::float32(context);
    Some(shape.map_or(f32_type, |count| Type::vector(&[count], f32_type)))
}

/// [`components_element`] of a storage image's texel, which may also be
/// 64-bit integers (`R64_UINT`/`R64_SINT`, `Int64ImageEXT`: reads, writes
/// and atomics; sampling and fetches of them are refused).
fn storage_element(ty: Type<'_>) -> Result<Type<'_>, MatchFailure> {
    match vector_shape(ty).unwrap_or((1, ty)) {
        (count, element) if count <= 4 && element.to_string() == "i64" => Ok(element),
        _ => components_element(ty),
    }
}

/// The first components of `texel` (`vector<4 x T>`) as `result` (a scalar
/// or a shorter vector).
pub(super) fn narrow<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    texel: Value<'c, 'r>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    match vector_shape(result) {
        Some((4, _)) => Ok(texel),
        Some((count, _)) => {
            let lanes: Vec<i32> = (0..count as i32).collect();
            let mask = DenseI32ArrayAttribute::new(rewriter.context(), &lanes).into();
            rewriter.create_value("llvm.shufflevector", &[texel, texel], result, &[("mask", mask)])
        }
        None => {
            let lane = i32_constant(rewriter, 0)?;
            rewriter.create_value("llvm.extractelement", &[texel, lane], result, &[])
        }
    }
}

/// `texel` (a scalar or a vector of up to four `element`s) as
/// `vector<4 x element>`, the missing components 0.
fn widen<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    texel: Value<'c, 'r>,
    element: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let vector = Type::vector(&[4], element);
    match vector_shape(texel.r#type()) {
        Some((4, _)) => Ok(texel),
        Some((count, _)) => {
            // Lanes past the texel's take lane 0 of the zero vector.
            let zero = rewriter.create_value("llvm.mlir.zero", &[], texel.r#type(), &[])?;
            let lanes: Vec<i32> = (0..4).map(|lane| if lane < count as i32 { lane } else { count as i32 }).collect();
            let mask = DenseI32ArrayAttribute::new(rewriter.context(), &lanes).into();
            rewriter.create_value("llvm.shufflevector", &[texel, zero], vector, &[("mask", mask)])
        }
        None => {
            let zero = rewriter.create_value("llvm.mlir.zero", &[], vector, &[])?;
            let lane = i32_constant(rewriter, 0)?;
            rewriter.create_value("llvm.insertelement", &[zero, texel, lane], vector, &[])
        }
    }
}

/// The host function of the image atomics (docs/abi.md, "Image atomics"):
/// `u64 __spvabi_image_atomic(image, x, y, z, layer, op, value, comparator)`.
pub const IMAGE_ATOMIC: &str = "__spvabi_image_atomic";

/// `op` of [`IMAGE_ATOMIC`] for a compare-exchange; the read-modify-write
/// ops pass LLVM's `AtomicBinOp` numbers (exchange 0, add 1, sub 2, and 3,
/// or 5, xor 6, max 7, min 8, umax 9, umin 10).
pub const IMAGE_ATOMIC_COMPARE_EXCHANGE: i64 = 16;

/// The LLVM type of a texel pointer (`!spirv.ptr<T, Image>`): the image's
/// descriptor and the texel's x, y, z and layer.
pub(crate) fn texel_pointer_type(context: &Context) -> Type<'_> {
    let i32_type: Type<'_> = IntegerType::new(context, 32).into();
    llvm::r#type::r#struct(context, &[llvm::r#type::pointer(context, 0), i32_type, i32_type, i32_type, i32_type], false)
}

/// `OpImageTexelPointer(image pointer, coordinate, sample)` (the importer's
/// call): the texel pointer of [`texel_pointer_type`]; a multisampled
/// image's sample in z, as [`coordinates`] puts it.
pub(super) fn texel_pointer<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let pointer = op.operand(0).map_err(|_| MatchFailure::new("a texel pointer without image"))?;
    let SpirvType::Pointer { pointee, .. } = read_type(pointer.r#type())? else {
        return Err(MatchFailure::new("the image of a texel pointer is not a pointer"));
    };
    let SpirvType::Image(image) = &*pointee else {
        return Err(MatchFailure::new(format!("a texel pointer into '{pointee}', not an image")));
    };
    let &[descriptor, coordinate, sample] = operands else {
        return Err(MatchFailure::new("a texel pointer takes an image, a coordinate and a sample"));
    };
    let coordinates = coordinates(rewriter, image, coordinate, Some(sample))?;
    let result = texel_pointer_type(rewriter.context());
    let mut value = rewriter.create_value("llvm.mlir.poison", &[], result, &[])?;
    for (index, field) in std::iter::once(descriptor).chain(coordinates).enumerate() {
        let position = melior::ir::attribute::DenseI64ArrayAttribute::new(rewriter.context(), &[index as i64]).into();
        value = rewriter.create_value("llvm.insertvalue", &[value, field], result, &[("position", position)])?;
    }
    Ok(vec![value])
}

/// Whether operand 0 of the atomic `op` is a texel pointer (converted to
/// [`texel_pointer_type`]: Vulkan's).
pub(crate) fn is_texel_pointer(op: OperationRef<'_, '_>, operands: &[Value<'_, '_>]) -> bool {
    let image_pointer = op.operand(0).ok().and_then(|pointer| read_type(pointer.r#type()).ok()).is_some_and(
        |ty| matches!(ty, SpirvType::Pointer { storage_class: StorageClass::Image, .. }),
    );
    image_pointer && operands.first().is_some_and(|pointer| pointer.r#type().to_string().starts_with("!llvm.struct"))
}

/// An atomic on a texel pointer: `__spvabi_image_atomic` with `code` (an
/// `AtomicBinOp` or [`IMAGE_ATOMIC_COMPARE_EXCHANGE`]), the value and the
/// comparator as 64-bit words (floats as their bits); the old texel as
/// `result`. The host does it on the texel with sequentially consistent
/// ordering (stronger than any SPIR-V semantics), and out of bounds does
/// nothing and gives 0 (robustImageAccess).
pub(crate) fn image_atomic<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    texel: Value<'c, 'r>,
    code: i64,
    value: Value<'c, 'r>,
    comparator: Option<Value<'c, 'r>>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let i64_type: Type<'c> = IntegerType::new(context, 64).into();
    let pointer = llvm::r#type::pointer(context, 0);
    let word = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, value: Value<'c, 'r>| {
        let ty = value.r#type();
        let integer = match ty.to_string().as_str() {
            "i32" | "i64" => value,
            "f32" => rewriter.create_value("llvm.bitcast", &[value], i32_type, &[])?,
            "f64" => rewriter.create_value("llvm.bitcast", &[value], i64_type, &[])?,
            other => return Err(MatchFailure::new(format!("an image atomic on '{other}' (32- or 64-bit scalars)"))),
        };
        if integer.r#type() == i64_type {
            Ok(integer)
        } else {
            rewriter.create_value("llvm.zext", &[integer], i64_type, &[])
        }
    };
    let value = word(rewriter, value)?;
    let comparator = match comparator {
        Some(comparator) => word(rewriter, comparator)?,
        None => super::util::integer_constant(rewriter, i64_type, 0)?,
    };
    let mut arguments = Vec::with_capacity(8);
    for index in 0..5 {
        let field_type = if index == 0 { pointer } else { i32_type };
        let position = melior::ir::attribute::DenseI64ArrayAttribute::new(context, &[index]).into();
        arguments.push(rewriter.create_value("llvm.extractvalue", &[texel], field_type, &[("position", position)])?);
    }
    arguments.push(i32_constant(rewriter, code)?);
    arguments.extend([value, comparator]);
    let old = call_host(
        rewriter,
        IMAGE_ATOMIC,
        &[pointer, i32_type, i32_type, i32_type, i32_type, i32_type, i64_type, i64_type],
        Some(i64_type),
        &arguments,
        Effects::Any,
    )?
    .ok_or_else(|| MatchFailure::new("the image atomic has no result"))?;
    match result.to_string().as_str() {
        "i64" => Ok(old),
        "i32" => rewriter.create_value("llvm.trunc", &[old], result, &[]),
        "f32" => {
            let bits = rewriter.create_value("llvm.trunc", &[old], i32_type, &[])?;
            rewriter.create_value("llvm.bitcast", &[bits], result, &[])
        }
        "f64" => rewriter.create_value("llvm.bitcast", &[old], result, &[]),
        other => Err(MatchFailure::new(format!("an image atomic giving '{other}'"))),
    }
}

/// What a host image function may do to memory, declared on it so that
/// LLVM can move and merge the reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Effects {
    /// Reads any memory (the texels, through the descriptor).
    Reads,
    /// Reads only what its pointer argument points at (the descriptor).
    ReadsArgument,
    /// Reads and writes.
    Any,
}

/// Declares the host function `name` (C calling convention, once per
/// module) and calls it; its result, if any.
pub(super) fn call_host<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    name: &str,
    params: &[Type<'c>],
    result: Option<Type<'c>>,
    arguments: &[Value<'c, 'r>],
    effects: Effects,
) -> Result<Option<Value<'c, 'r>>, MatchFailure> {
    let context = rewriter.context();
    let parse = |text: &str| {
        Attribute::parse(context, text).ok_or_else(|| MatchFailure::new(format!("cannot build attribute '{text}'")))
    };
    let unit = parse("unit")?;
    let mut flags: Vec<(&str, Attribute<'c>)> = vec![("no_unwind", unit), ("will_return", unit)];
    let memory = match effects {
        Effects::Reads => Some("read, argMem = read"),
        Effects::ReadsArgument => Some("none, argMem = read"),
        Effects::Any => None,
    };
    if let Some(memory) = memory {
        flags.push((
            "memory_effects",
            parse(&format!(
                "#llvm.memory_effects<other = {memory}, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>"
            ))?,
        ));
    }
    let function_type = llvm::r#type::function(result.unwrap_or_else(|| llvm::r#type::void(context)), params, false);
    let linkage = parse("#llvm.linkage<external>")?;
    let declaration_flags = flags.clone();
    rewriter.declare_symbol(name, |context, location| -> Result<Operation<'c>, MatchFailure> {
        let mut attributes = vec![
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, name).into()),
            (Identifier::new(context, "function_type"), TypeAttribute::new(function_type).into()),
            (Identifier::new(context, "linkage"), linkage),
        ];
        attributes.extend(declaration_flags.iter().map(|(key, value)| (Identifier::new(context, key), *value)));
        Ok(OperationBuilder::new("llvm.func", location).add_attributes(&attributes).add_regions([Region::new()]).build()?)
    })?;
    let mut attributes: Vec<(&str, Attribute<'c>)> = vec![
        ("callee", FlatSymbolRefAttribute::new(context, name).into()),
        (
            "operandSegmentSizes",
            DenseI32ArrayAttribute::new(context, &[arguments.len() as i32, 0]).into(),
        ),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
    ];
    attributes.extend(flags);
    let results: Vec<Type<'c>> = result.into_iter().collect();
    let call = rewriter.create("llvm.call", arguments, &results, &attributes)?;
    Ok(rewriter.results_of(call).first().copied())
}
