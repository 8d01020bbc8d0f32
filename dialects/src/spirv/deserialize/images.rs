//! Sampled-image instructions the MLIR 22 dialect has no op or type for
//! (docs/import.md, "What maps to what"):
//!
//! - `OpTypeSampler` is the empty identified struct
//!   `!spirv.struct<__spvabi_sampler, ()>` ([`SAMPLER_STAND_IN`]): a type
//!   no SPIR-V module can name otherwise, which the lowering makes a
//!   pointer to the sampler's descriptor (docs/abi.md, "Samplers");
//! - `OpSampledImage`, `OpImageSampleDrefExplicitLod`,
//!   `OpImageSampleProjExplicitLod`, `OpImageSampleProjDrefExplicitLod`,
//!   `OpImageGather`, `OpImageQuerySizeLod`, `OpImageQueryLevels` and
//!   `OpImageQuerySamples` are calls to `__spvabi_op_<name>_<n>` (one
//!   declaration per signature), which the lowering recognizes by name
//!   ([`image_stand_in`]) and lowers as it lowers the dialect's image ops.
//!   The sampling forms pass their image operands mask as an `i32`
//!   constant after the fixed operands, then the operands' values, so that
//!   the lowering sees what the dialect's ops would hold;
//! - `OpImageSampleExplicitLod`, `OpImageFetch` and `OpImageDrefGather`,
//!   which the dialect has, become the same kind of call when their image
//!   operands include one its verifier refuses ("too many image operand
//!   arguments": it knows `Bias`, `Lod` and `Grad` only, and `Lod` not on
//!   `OpImageFetch`), such as `ConstOffset`, `Offset` or `ConstOffsets`.
//!
//! - `OpImageTexelPointer` is a call to
//!   `__spvabi_op_image_texel_pointer_<n>(image pointer, coordinate, sample)`
//!   returning the `!spirv.ptr<T, Image>`, which the lowering makes the
//!   texel's address as the image atomics take it;
//! - `OpConstantSampler` (an OpenCL literal sampler) is a call to
//!   `__spvabi_op_constant_sampler_<n>(addressing, normalized, filter)`
//!   (three `i32` constants: the instruction's operands) where a function
//!   uses it; the lowering makes it the address of a constant sampler
//!   descriptor.
//!
//! `OpImageSampleImplicitLod` and `OpImageSampleDrefImplicitLod` (compute
//! shaders with derivatives, SPV_KHR/NV_compute_shader_derivatives) are
//! their explicit forms with the `Grad` operand: the coordinate's fine
//! derivatives over the quad (`groups_ext.rs`), its array layer left out,
//! multiplied by `2^Bias` when there is a `Bias` (the LOD is the log2 of
//! their scale: + Bias exactly). `OpImageSampleProjImplicitLod` and
//! `OpImageSampleProjDrefImplicitLod` are the projective explicit forms
//! with the derivatives of the projected coordinate (`u/q, v/q, w/q`);
//! `OpImageQueryLod` is the stand-in `image_query_lod(sampled image,
//! coordinate, 0x4, dx, dy)` with the same derivatives. The sparse forms
//! arrive here as these after the rewrite (rewrite.rs).

use melior::ir::{Location, Type, ValueLike, attribute::FlatSymbolRefAttribute, operation::OperationBuilder};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::{SpirvType, StructType};

/// The name of the identified struct standing in for `OpTypeSampler`.
pub const SAMPLER_STAND_IN: &str = "__spvabi_sampler";

/// The prefix of the functions standing in for the instructions of this
/// module: `__spvabi_op_<name>_<n>`.
pub const ABI_IMAGE_OP: &str = "__spvabi_op_";

/// The sampler stand-in type.
pub(super) fn sampler_stand_in() -> SpirvType {
    SpirvType::Struct(StructType { identifier: Some(SAMPLER_STAND_IN.to_owned()), members: Vec::new(), decorations: Vec::new() })
}

/// Whether `ty` is the sampler stand-in.
pub fn is_sampler(ty: &SpirvType) -> bool {
    matches!(ty, SpirvType::Struct(st) if st.identifier.as_deref() == Some(SAMPLER_STAND_IN) && st.members.is_empty())
}

/// The instructions standing in calls are made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageStandIn {
    /// `OpSampledImage(image, sampler)`.
    SampledImage,
    /// `OpImageSampleDrefExplicitLod(sampled image, coordinate, dref, mask, operands...)`.
    SampleDrefExplicitLod,
    /// `OpImageSampleProjExplicitLod(sampled image, coordinate, mask, operands...)`.
    SampleProjExplicitLod,
    /// `OpImageSampleProjDrefExplicitLod(sampled image, coordinate, dref, mask, operands...)`.
    SampleProjDrefExplicitLod,
    /// `OpImageGather(sampled image, coordinate, component, mask, operands...)`.
    Gather,
    /// `OpImageSampleExplicitLod(sampled image, coordinate, mask, operands...)`.
    SampleExplicitLod,
    /// `OpImageFetch(image, coordinate, mask, operands...)`.
    Fetch,
    /// `OpImageDrefGather(sampled image, coordinate, dref, mask, operands...)`.
    DrefGather,
    /// `OpImageQuerySizeLod(image, lod)`.
    QuerySizeLod,
    /// `OpImageQueryLevels(image)`.
    QueryLevels,
    /// `OpImageRead(image, coordinate, mask, operands...)` of an OpenCL image.
    Read,
    /// `OpImageWrite(image, coordinate, texel, mask, operands...)` of an
    /// OpenCL image (no result).
    Write,
    /// `OpImageQueryFormat(image)` (OpenCL): the Image Channel Data Type.
    QueryFormat,
    /// `OpImageQueryOrder(image)` (OpenCL): the Image Channel Order.
    QueryOrder,
    /// `OpConstantSampler(addressing, normalized, filter)`, its operands as
    /// `i32` constants.
    ConstantSampler,
    /// `OpImageTexelPointer(pointer to the image, coordinate, sample)`: a
    /// `!spirv.ptr<T, Image>` that only atomics use.
    TexelPointer,
    /// `OpImageQuerySamples(image)`.
    QuerySamples,
    /// `OpImageQueryLod(sampled image, coordinate)` as
    /// `(sampled image, coordinate, mask, dx, dy)`: the mask `Grad` (0x4)
    /// and the coordinate's derivatives over the quad.
    QueryLod,
    /// `OpAtomicFMinEXT(texel pointer, scope, semantics, value)` as
    /// `(texel pointer, value)` (`atomics_ext.rs`): the pointer of an
    /// `OpImageTexelPointer` has no address to call the builtin with.
    AtomicFMin,
    /// `OpAtomicFMaxEXT` on a texel pointer, as [`Self::AtomicFMin`].
    AtomicFMax,
}

/// Each stand-in, its opcode and name (after [`ABI_IMAGE_OP`]).
const STAND_INS: [(u16, ImageStandIn, &str); 20] = [
    (88, ImageStandIn::SampleExplicitLod, "image_sample_explicit_lod"),
    (95, ImageStandIn::Fetch, "image_fetch"),
    (97, ImageStandIn::DrefGather, "image_dref_gather"),
    (86, ImageStandIn::SampledImage, "sampled_image"),
    (90, ImageStandIn::SampleDrefExplicitLod, "image_sample_dref_explicit_lod"),
    (92, ImageStandIn::SampleProjExplicitLod, "image_sample_proj_explicit_lod"),
    (94, ImageStandIn::SampleProjDrefExplicitLod, "image_sample_proj_dref_explicit_lod"),
    (96, ImageStandIn::Gather, "image_gather"),
    (103, ImageStandIn::QuerySizeLod, "image_query_size_lod"),
    (106, ImageStandIn::QueryLevels, "image_query_levels"),
    (107, ImageStandIn::QuerySamples, "image_query_samples"),
    (101, ImageStandIn::QueryFormat, "image_query_format"),
    (102, ImageStandIn::QueryOrder, "image_query_order"),
    (45, ImageStandIn::ConstantSampler, "constant_sampler"),
    (98, ImageStandIn::Read, "image_read"),
    (99, ImageStandIn::Write, "image_write"),
    (60, ImageStandIn::TexelPointer, "image_texel_pointer"),
    (105, ImageStandIn::QueryLod, "image_query_lod"),
    (5614, ImageStandIn::AtomicFMin, "image_atomic_fmin_ext"),
    (5615, ImageStandIn::AtomicFMax, "image_atomic_fmax_ext"),
];

/// The instructions that take the coordinate's derivatives over the quad
/// (the module's documentation): `OpImageSampleImplicitLod`,
/// `OpImageSampleDrefImplicitLod`, `OpImageSampleProjImplicitLod`,
/// `OpImageSampleProjDrefImplicitLod`, `OpImageQueryLod`.
const SAMPLE_IMPLICIT_LOD: u16 = 87;
const SAMPLE_DREF_IMPLICIT_LOD: u16 = 89;
const SAMPLE_PROJ_IMPLICIT_LOD: u16 = 91;
const SAMPLE_PROJ_DREF_IMPLICIT_LOD: u16 = 93;
const QUERY_LOD: u16 = 105;
const IMPLICIT: [u16; 5] =
    [SAMPLE_IMPLICIT_LOD, SAMPLE_DREF_IMPLICIT_LOD, SAMPLE_PROJ_IMPLICIT_LOD, SAMPLE_PROJ_DREF_IMPLICIT_LOD, QUERY_LOD];

/// Which stand-in the function `name` is (`__spvabi_op_<name>_<n>`).
pub fn image_stand_in(name: &str) -> Option<ImageStandIn> {
    let rest = name.strip_prefix(ABI_IMAGE_OP)?;
    let base = rest.trim_end_matches('_').trim_end_matches(|c: char| c.is_ascii_digit()).strip_suffix('_')?;
    STAND_INS.iter().find(|(_, _, known)| *known == base).map(|(_, stand_in, _)| *stand_in)
}

/// The image operands without operands of their own, which MLIR's
/// verifier takes on every image op.
const PLAIN_OPERANDS: u32 = 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000;
/// `Bias`, `Lod`, `Grad`: what it takes besides on the sampling ops (its
/// `ImageFetch` refuses `Lod`).
const LOD_OPERANDS: u32 = 0x1 | 0x2 | 0x4;

/// Whether this module imports the instruction: those the dialect lacks,
/// those it has when their image operands are beyond its verifier, and
/// in OpenCL modules (`opencl`) `OpImageRead`, `OpImageWrite` and
/// `OpImageSampleExplicitLod`, whose texel types the dialect's verifier
/// compares with the image's (OpenCL images have none: `read_imagef` and
/// `read_imageui` read one image). A Vulkan module's `OpImageRead` and
/// `OpImageWrite` are the dialect's ops, as upstream imports them, unless
/// their image operands are beyond its verifier (`Sample`, `Offset`...).
pub(super) fn imports(opcode: u16, words: &[u32], opencl: bool) -> bool {
    if opencl && matches!(opcode, 88 | 98 | 99) || IMPLICIT.contains(&opcode) {
        return true;
    }
    let (mask_at, allowed) = match opcode {
        88 => (4, PLAIN_OPERANDS | LOD_OPERANDS),
        95 | 98 => (4, PLAIN_OPERANDS),
        // OpImageWrite has no result: image, coordinate, texel, mask.
        99 => (3, PLAIN_OPERANDS),
        97 => (5, PLAIN_OPERANDS),
        _ => {
            // The float min/max atomics are `atomics_ext.rs`'s: a stand-in
            // only on a texel pointer.
            return STAND_INS.iter().any(|(known, kind, _)| {
                *known == opcode && !matches!(kind, ImageStandIn::AtomicFMin | ImageStandIn::AtomicFMax)
            });
        }
    };
    words.get(mask_at).is_some_and(|mask| mask & !allowed != 0)
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn image_instruction<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        if IMPLICIT.contains(&inst.opcode) {
            return self.implicit_lod(state, inst, location);
        }
        let Some(&(_, stand_in, name)) = STAND_INS.iter().find(|(known, _, _)| *known == inst.opcode) else {
            return Err(inst.error(ErrorKind::Invalid("not an image instruction".into())));
        };
        // OpImageWrite has no result: its operands start at word 0.
        let has_result = stand_in != ImageStandIn::Write;
        let (result, words) = if has_result {
            let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
            (Some((result_type, self.word(inst, 1)?)), inst.words.get(2..).unwrap_or_default())
        } else {
            (None, inst.words)
        };
        // Operands before the image operands mask, by instruction.
        let fixed = match stand_in {
            ImageStandIn::Read => 2,
            ImageStandIn::Write | ImageStandIn::TexelPointer => 3,
            ImageStandIn::SampledImage | ImageStandIn::QuerySizeLod => 2,
            ImageStandIn::QueryLevels
            | ImageStandIn::QuerySamples
            | ImageStandIn::QueryFormat
            | ImageStandIn::QueryOrder => 1,
            ImageStandIn::ConstantSampler => {
                return Err(inst.error(ErrorKind::Invalid("OpConstantSampler inside a function".into())));
            }
            // Never routed here (`imports`): atomics_ext.rs makes them.
            ImageStandIn::AtomicFMin | ImageStandIn::AtomicFMax => {
                return Err(inst.error(ErrorKind::Invalid("a float min/max atomic read as an image instruction".into())));
            }
            ImageStandIn::SampleProjExplicitLod
            | ImageStandIn::SampleExplicitLod
            | ImageStandIn::Fetch
            | ImageStandIn::QueryLod => 2,
            ImageStandIn::SampleDrefExplicitLod
            | ImageStandIn::SampleProjDrefExplicitLod
            | ImageStandIn::Gather
            | ImageStandIn::DrefGather => 3,
        };
        let sampling = !matches!(
            stand_in,
            ImageStandIn::SampledImage
                | ImageStandIn::QuerySizeLod
                | ImageStandIn::QueryLevels
                | ImageStandIn::QuerySamples
                | ImageStandIn::QueryFormat
                | ImageStandIn::QueryOrder
                | ImageStandIn::TexelPointer
        );
        if words.len() < fixed || (!sampling && words.len() != fixed) {
            return Err(inst.error(ErrorKind::Invalid(format!("{} operands for {name}", words.len()))));
        }
        let mut arguments = Vec::with_capacity(words.len() + 1);
        for &id in &words[..fixed] {
            arguments.push(self.value(state, inst, id)?);
        }
        if sampling {
            // The mask (0 when an OpImageGather has none), then every
            // operand's <id>, as the dialect's image ops take them.
            let mask = words.get(fixed).copied().unwrap_or(0);
            arguments.push(self.integer_constant(state, inst, location, 32, i64::from(mask))?);
            for &id in words.get(fixed + 1..).unwrap_or_default() {
                arguments.push(self.value(state, inst, id)?);
            }
        }
        let value = self.stand_in_call(state, inst, location, name, &arguments, result.map(|(ty, _)| ty))?;
        match (result, value) {
            (Some((_, result_id)), Some(value)) => self.define_value(state, inst, result_id, value),
            _ => Ok(()),
        }
    }

    /// An implicit-LOD sample (plain, Dref, projective, projective Dref) as
    /// the explicit form with `Grad`, or `OpImageQueryLod` as its stand-in
    /// with the same gradients (the module's documentation).
    fn implicit_lod<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        const BIAS: u32 = 0x1;
        const GRAD: u32 = 0x4;
        let dref = matches!(inst.opcode, SAMPLE_DREF_IMPLICIT_LOD | SAMPLE_PROJ_DREF_IMPLICIT_LOD);
        let proj = matches!(inst.opcode, SAMPLE_PROJ_IMPLICIT_LOD | SAMPLE_PROJ_DREF_IMPLICIT_LOD);
        let query = inst.opcode == QUERY_LOD;
        let fixed = if dref { 3 } else { 2 };
        let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let words = inst.words.get(2..).unwrap_or_default();
        if words.len() < fixed || (query && words.len() != fixed) {
            return Err(inst.error(ErrorKind::Invalid(format!("{} operands for an implicit-LOD instruction", words.len()))));
        }
        let mut arguments = Vec::with_capacity(words.len() + 3);
        for &id in &words[..fixed] {
            arguments.push(self.value(state, inst, id)?);
        }
        let mask = words.get(fixed).copied().unwrap_or(0);
        let mut operands = Vec::new();
        for &id in words.get(fixed + 1..).unwrap_or_default() {
            operands.push(self.value(state, inst, id)?);
        }
        // The spatial coordinate: the image's dimensions, not its layer.
        let image_type = arguments[0].r#type().to_string();
        let spatial = if image_type.contains("Dim1D") {
            1
        } else if image_type.contains("Dim3D") || image_type.contains("Cube") {
            3
        } else {
            2
        };
        let coordinate = arguments[1];
        let printed = coordinate.r#type().to_string();
        let (count, float_type) = match printed.strip_prefix("vector<").and_then(|rest| rest.strip_suffix('>')) {
            Some(inner) => {
                let (count, element) = inner.split_once('x').unwrap_or(("1", inner));
                (count.parse::<usize>().unwrap_or(1), element.to_owned())
            }
            None => (1, printed.clone()),
        };
        if proj && count <= spatial {
            return Err(inst.error(ErrorKind::Invalid(format!("a projective coordinate of type {printed} has no q"))));
        }
        let scalar = self.parse_type(&float_type).ok_or_else(|| inst.error(ErrorKind::Invalid(float_type.clone())))?;
        let coordinate = if count == spatial {
            coordinate
        } else if spatial == 1 {
            let indices = (self.id("indices"), self.attribute(inst, "[0 : i32]")?);
            self.emit(state, inst, location, "spirv.CompositeExtract", &[coordinate], &[indices], Some(scalar))?
        } else {
            let text = format!("vector<{spatial}x{float_type}>");
            let ty = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(text.clone())))?;
            let components: Vec<String> = (0..spatial).map(|lane| format!("{lane} : i32")).collect();
            let components = (self.id("components"), self.attribute(inst, &format!("[{}]", components.join(", ")))?);
            self.emit(state, inst, location, "spirv.VectorShuffle", &[coordinate, coordinate], &[components], Some(ty))?
        };
        let ty = coordinate.r#type();
        // A projective form's derivatives are those of the projected
        // coordinate (u/q, v/q, w/q), q the component after the spatial ones.
        let coordinate = if proj {
            let indices = (self.id("indices"), self.attribute(inst, &format!("[{spatial} : i32]"))?);
            let q = self.emit(state, inst, location, "spirv.CompositeExtract", &[arguments[1]], &[indices], Some(scalar))?;
            let divisor = if spatial == 1 {
                q
            } else {
                self.emit(state, inst, location, "spirv.CompositeConstruct", &vec![q; spatial], &[], Some(ty))?
            };
            self.emit(state, inst, location, "spirv.FDiv", &[coordinate, divisor], &[], Some(ty))?
        } else {
            coordinate
        };
        let mut dx = self.quad_difference(state, inst, location, coordinate, ty, 1, false)?;
        let mut dy = self.quad_difference(state, inst, location, coordinate, ty, 2, false)?;
        if mask & BIAS != 0 {
            let bias = *operands.first().ok_or_else(|| inst.error(ErrorKind::Invalid("a Bias without its value".into())))?;
            operands.remove(0);
            let scale = self.emit(state, inst, location, "spirv.GL.Exp2", &[bias], &[], Some(bias.r#type()))?;
            let scale_op = if spatial == 1 { "spirv.FMul" } else { "spirv.VectorTimesScalar" };
            dx = self.emit(state, inst, location, scale_op, &[dx, scale], &[], Some(ty))?;
            dy = self.emit(state, inst, location, scale_op, &[dy, scale], &[], Some(ty))?;
        }
        // Grad's values come right after Bias's and Lod's (neither here).
        arguments.push(self.integer_constant(state, inst, location, 32, i64::from((mask & !BIAS) | GRAD))?);
        arguments.push(dx);
        arguments.push(dy);
        arguments.extend(operands);
        let name = match (query, proj, dref) {
            (true, _, _) => "image_query_lod",
            (false, false, false) => "image_sample_explicit_lod",
            (false, false, true) => "image_sample_dref_explicit_lod",
            (false, true, false) => "image_sample_proj_explicit_lod",
            (false, true, true) => "image_sample_proj_dref_explicit_lod",
        };
        let value = self
            .stand_in_call(state, inst, location, name, &arguments, Some(result_type))?
            .ok_or_else(|| inst.error(ErrorKind::Invalid("an implicit-LOD instruction without a result".into())))?;
        self.define_value(state, inst, self.word(inst, 1)?, value)
    }

    /// A call of `__spvabi_op_<name>_<n>(arguments)` returning `result`
    /// (declared once per signature); its value.
    pub(super) fn stand_in_call<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        name: &str,
        arguments: &[melior::ir::Value<'c, 'b>],
        result: Option<Type<'c>>,
    ) -> Result<Option<melior::ir::Value<'c, 'b>>> {
        let inputs: Vec<Type<'c>> = arguments.iter().map(|argument| argument.r#type()).collect();
        let results: Vec<Type<'c>> = result.into_iter().collect();
        let function = self.abi_function_of(inst, &format!("{ABI_IMAGE_OP}{name}"), &inputs, &results)?;
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(arguments)
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &function).into())])
            .add_results(&results)
            .build();
        let call = self.append(inst, state.current(), call)?;
        if results.is_empty() {
            return Ok(None);
        }
        Ok(Some(call.result(0).map_err(inst.invalid())?.into()))
    }
}

impl<'c, 'w> Importer<'c, 'w> {
    /// Records an `OpConstantSampler` (module level).
    pub(super) fn literal_sampler(&mut self, inst: &Inst<'w>) -> Result<()> {
        let type_id = self.word(inst, 0)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let model = self.type_models.get(&type_id).ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        if !is_sampler(model) {
            return Err(inst.error(ErrorKind::Invalid("OpConstantSampler of a type other than OpTypeSampler".into())));
        }
        let (addressing, normalized, filter) = (self.word(inst, 2)?, self.word(inst, 3)?, self.word(inst, 4)?);
        if addressing > 4 || normalized > 1 || filter > 1 || inst.words.len() != 5 {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpConstantSampler with addressing mode {addressing}, normalized {normalized}, filter mode {filter}"
            ))));
        }
        self.literal_samplers.insert(id, (type_id, [addressing, normalized, filter]));
        Ok(())
    }

    /// The call standing for an `OpConstantSampler` where a function uses it.
    pub(super) fn literal_sampler_value<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        type_id: u32,
        sampler: [u32; 3],
    ) -> Result<melior::ir::Value<'c, 'b>> {
        let result_type = self.mlir_type(inst, type_id)?;
        let mut arguments = Vec::with_capacity(3);
        for word in sampler {
            arguments.push(self.integer_constant(state, inst, location, 32, i64::from(word))?);
        }
        self.stand_in_call(state, inst, location, "constant_sampler", &arguments, Some(result_type))?
            .ok_or_else(|| inst.error(ErrorKind::Invalid("the literal sampler call has no result".into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stand_in_names_parse_back() {
        assert_eq!(image_stand_in("__spvabi_op_image_gather_3"), Some(ImageStandIn::Gather));
        assert_eq!(image_stand_in("__spvabi_op_sampled_image_12_"), Some(ImageStandIn::SampledImage));
        assert_eq!(
            image_stand_in("__spvabi_op_image_sample_proj_dref_explicit_lod_0"),
            Some(ImageStandIn::SampleProjDrefExplicitLod)
        );
        assert_eq!(image_stand_in("__spvabi_op_image_gather"), None);
        assert_eq!(image_stand_in("__spvabi_array_length_0"), None);
        assert!(is_sampler(&sampler_stand_in()));
        assert_eq!(sampler_stand_in().to_string(), "!spirv.struct<__spvabi_sampler, ()>");
    }
}
