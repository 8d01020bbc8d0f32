//! Constants: plain ones, materialized where used (`spirv.Constant`, or
//! `spirv.CompositeConstruct` for what holds a struct), and specialization
//! constants, module-level symbols (`spirv.SpecConstant*`) used through
//! `spirv.mlir.referenceof` or `spirv.SpecConstantOperation`.

use std::sync::Arc;

use melior::ir::{
    Block, BlockLike, Location, Region, RegionLike, Type, Value, ValueLike,
    attribute::{ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
    operation::{OperationBuilder, OperationLike, OperationResult},
};

use super::{
    ErrorKind,
    importer::{ConstantValue, FunctionState, Importer, Result, SpecConstant, op, opcode_name},
    reader::Inst,
    tables,
};
use crate::spirv::{
    attributes::Decoration,
    types::{FloatKind, SpirvType},
};

impl<'c, 'w> Importer<'c, 'w> {
    /// Whether a composite constant has an `OpUndef` among its constituents,
    /// at any depth.
    pub(super) fn holds_undef(&self, constant: &ConstantValue) -> bool {
        let ConstantValue::Composite(ids) = constant else { return false };
        ids.iter().any(|id| {
            self.undefs.contains_key(id)
                || self.constants.get(id).is_some_and(|(_, constituent)| self.holds_undef(constituent))
        })
    }

    /// How many constituents a replicated composite of type `type_id` has.
    pub(super) fn replicate_count(&self, inst: &Inst<'_>, type_id: u32) -> Result<usize> {
        let model = self.type_models.get(&type_id).ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        check_constant_size(inst, model)?;
        match &**model {
            SpirvType::Vector { count, .. } | SpirvType::Array { count, .. } => Ok(*count as usize),
            SpirvType::Matrix { columns, .. } => Ok(*columns as usize),
            SpirvType::Struct(st) => Ok(st.members.len()),
            // A cooperative matrix's composite constant has one constituent
            // (every element), replicated or not.
            SpirvType::CooperativeMatrix { .. } => Ok(1),
            other => {
                Err(inst.error(ErrorKind::Unsupported(format!("a replicated composite constant of type {other}"))))
            }
        }
    }

    pub(super) fn spec_constant(&mut self, inst: &Inst<'w>) -> Result<()> {
        let type_id = self.word(inst, 0)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        // The type must be a valid one even though the attribute carries it.
        self.mlir_type(inst, type_id)?;
        let model = self.type_models.get(&type_id).cloned().ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        // The value a pipeline gives it, if any, is its default from here
        // on (spec.rs): types and execution modes may depend on it.
        let words = match inst.opcode {
            op::SPEC_CONSTANT_TRUE | op::SPEC_CONSTANT_FALSE => vec![u32::from(self.specialized_bool(inst, id))],
            _ => self.specialized_words(inst, id, &model),
        };
        let value_text = match inst.opcode {
            op::SPEC_CONSTANT_TRUE | op::SPEC_CONSTANT_FALSE => {
                (if words[0] != 0 { "true" } else { "false" }).to_owned()
            }
            _ => self.scalar_text(inst, type_id, &words)?,
        };
        if matches!(&*model, SpirvType::Integer { .. }) {
            let bits = match words.as_slice() {
                [low] => u64::from(*low),
                [low, high] => u64::from(*low) | (u64::from(*high) << 32),
                _ => 0,
            };
            self.spec_bits.insert(id, bits);
        }
        let default_value = self.attribute(inst, &value_text)?;
        let symbol = self.symbol_for(id, "spirv_spec_const");
        let spec_id = self
            .decorations_of(id)
            .find(|d| d.decoration == Decoration::SpecId as u32)
            .and_then(|d| d.literals.first().copied());
        let location = self.location(inst, None);
        let mut attributes = vec![
            (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
            (self.id("default_value"), default_value),
        ];
        if let Some(spec_id) = spec_id {
            attributes.push((self.id("spec_id"), self.i32_attribute(spec_id)));
        }
        let operation = OperationBuilder::new("spirv.SpecConstant", location)
            .add_attributes(&attributes)
            .build()
            .map_err(inst.invalid())?;
        self.module_ops.push(operation);
        self.spec_constants.insert(id, SpecConstant { symbol, type_id });
        Ok(())
    }

    pub(super) fn spec_constant_composite(&mut self, inst: &Inst<'w>) -> Result<()> {
        let type_id = self.word(inst, 0)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let ty = self.mlir_type(inst, type_id)?;
        if !self.has_scalar_constituents(inst) {
            self.defined_before(inst, inst.words.get(2..).unwrap_or_default())?;
            self.spec_composite_insts.insert(id, *inst);
            return Ok(());
        }
        let mut constituents = Vec::new();
        for &constituent in &inst.words[2..] {
            let symbol = self.scalar_constituent(inst, constituent)?;
            constituents.push(FlatSymbolRefAttribute::new(self.context, &symbol).into());
        }
        let symbol = self.symbol_for(id, "spirv_spec_const_composite");
        let mut attributes = vec![
            (self.id("type"), TypeAttribute::new(ty).into()),
            (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
            (self.id("constituents"), ArrayAttribute::new(self.context, &constituents).into()),
        ];
        // `BuiltIn WorkgroupSize` on the composite: the workgroup size comes
        // from specialization constants; keep the decoration (docs/import.md).
        attributes.extend(self.decoration_attributes(inst, id)?);
        let operation = OperationBuilder::new("spirv.SpecConstantComposite", self.location(inst, None))
            .add_attributes(&attributes)
            .build()
            .map_err(inst.invalid())?;
        self.module_ops.push(operation);
        self.spec_constants.insert(id, SpecConstant { symbol, type_id });
        self.spec_composites.insert(id);
        Ok(())
    }

    /// The symbol of a constituent of a specialization constant composite,
    /// which the dialect wants scalar: MLIR 22's verifier of
    /// `spirv.SpecConstantComposite` crashes on a composite constituent.
    pub(super) fn scalar_constituent(&mut self, inst: &Inst<'w>, id: u32) -> Result<String> {
        let symbol = self.spec_symbol(inst, id)?;
        if self.spec_composites.contains(&id) {
            return Err(inst.error(ErrorKind::Unsupported(
                "a specialization constant composite of composites (the dialect's spirv.SpecConstantComposite \
                 takes scalar constituents only)"
                    .into(),
            )));
        }
        Ok(symbol)
    }

    /// The symbol of a specialization constant; a plain constant used where
    /// a specialization constant is expected (a constituent of a composite,
    /// a global's initializer) becomes one without a `SpecId`, which keeps
    /// its value.
    pub(super) fn spec_symbol(&mut self, inst: &Inst<'w>, id: u32) -> Result<String> {
        if let Some(spec) = self.spec_constants.get(&id) {
            return Ok(spec.symbol.clone());
        }
        let Some((type_id, value)) = self.constants.get(&id).cloned() else {
            return Err(self.undefined(inst, id, "constant"));
        };
        let model = self.type_models.get(&type_id).cloned().ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        let is_composite = matches!(
            &*model,
            SpirvType::Vector { .. } | SpirvType::Array { .. } | SpirvType::Struct(_) | SpirvType::Matrix { .. }
        );
        let symbol = self.symbol_for(id, "spirv_const");
        let location = self.location(inst, None);
        let operation = if is_composite {
            let members: Vec<u32> = match value {
                ConstantValue::Composite(members) => members,
                _ => {
                    // A null composite: spell out its members as zero constants.
                    let text = self.constant_text(inst, id)?;
                    let value = self.attribute(inst, &text)?;
                    self.push_spec_constant(inst, &symbol, value, location)?;
                    self.spec_constants.insert(id, SpecConstant { symbol: symbol.clone(), type_id });
                    return Ok(symbol);
                }
            };
            let mut constituents = Vec::new();
            for member in members {
                let member_symbol = self.scalar_constituent(inst, member)?;
                constituents.push(FlatSymbolRefAttribute::new(self.context, &member_symbol).into());
            }
            let ty = self.mlir_type(inst, type_id)?;
            OperationBuilder::new("spirv.SpecConstantComposite", location)
                .add_attributes(&[
                    (self.id("type"), TypeAttribute::new(ty).into()),
                    (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
                    (self.id("constituents"), ArrayAttribute::new(self.context, &constituents).into()),
                ])
                .build()
        } else {
            let text = self.constant_text(inst, id)?;
            let value = self.attribute(inst, &text)?;
            OperationBuilder::new("spirv.SpecConstant", location)
                .add_attributes(&[
                    (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
                    (self.id("default_value"), value),
                ])
                .build()
        }
        .map_err(inst.invalid())?;
        self.module_ops.push(operation);
        self.spec_constants.insert(id, SpecConstant { symbol: symbol.clone(), type_id });
        if is_composite {
            self.spec_composites.insert(id);
        }
        Ok(symbol)
    }

    /// Adds the module-level `spirv.SpecConstant @symbol = value` (no
    /// `SpecId`: a constant's value where the dialect wants a symbol).
    pub(super) fn push_spec_constant(
        &mut self,
        inst: &Inst<'_>,
        symbol: &str,
        value: melior::ir::Attribute<'c>,
        location: Location<'c>,
    ) -> Result<()> {
        let operation = OperationBuilder::new("spirv.SpecConstant", location)
            .add_attributes(&[
                (self.id("sym_name"), StringAttribute::new(self.context, symbol).into()),
                (self.id("default_value"), value),
            ])
            .build()
            .map_err(inst.invalid())?;
        self.module_ops.push(operation);
        Ok(())
    }

    /// The printed attribute of the scalar constant of type `type_id` whose
    /// literal words are `words`.
    pub(super) fn scalar_text(&self, inst: &Inst<'_>, type_id: u32, words: &[u32]) -> Result<String> {
        let model = self.type_models.get(&type_id).ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        let bits = match words {
            [low] => u64::from(*low),
            [low, high] => u64::from(*low) | (u64::from(*high) << 32),
            _ => {
                return Err(inst.error(ErrorKind::Malformed("a scalar constant has one or two literal words".into())));
            }
        };
        Ok(match &**model {
            SpirvType::Integer { width: 1, .. } => (if bits != 0 { "true" } else { "false" }).to_owned(),
            SpirvType::Integer { width, .. } => {
                let shift = 64 - (*width).min(64);
                let value = ((bits << shift) as i64) >> shift;
                format!("{value} : i{width}")
            }
            SpirvType::Float(kind) => {
                let digits = (kind.bit_width() / 4) as usize;
                format!("0x{bits:0digits$X} : {}", kind.keyword())
            }
            other => {
                return Err(inst.error(ErrorKind::Invalid(format!("a scalar constant of non-scalar type {other}"))));
            }
        })
    }

    /// The printed attribute of the constant `<id>`, typed, as `spirv.Constant` takes it.
    pub(super) fn constant_text(&self, inst: &Inst<'_>, id: u32) -> Result<String> {
        let (type_id, value) = self.constants.get(&id).ok_or_else(|| self.undefined(inst, id, "constant"))?;
        let model = self.type_models.get(type_id).ok_or_else(|| self.undefined(inst, *type_id, "type"))?;
        match value {
            ConstantValue::Bool(value) => Ok(value.to_string()),
            ConstantValue::Scalar(words) => self.scalar_text(inst, *type_id, words),
            ConstantValue::Null => self.null_text(inst, model),
            ConstantValue::Composite(members) => match &**model {
                // A cooperative matrix's one constituent fills every element:
                // a splat, the only cooperative matrix constant the dialect has.
                SpirvType::CooperativeMatrix { .. } => match members.as_slice() {
                    [member] => Ok(format!("dense<{}> : {model}", untyped(&self.constant_text(inst, *member)?))),
                    _ => Err(inst.error(ErrorKind::Invalid(format!(
                        "a constant {model} of {} constituents (one is allowed)",
                        members.len()
                    )))),
                },
                SpirvType::Vector { .. } => {
                    let elements = members
                        .iter()
                        .map(|&member| self.constant_text(inst, member).map(|text| untyped(&text).to_owned()))
                        .collect::<Result<Vec<_>>>()?;
                    Ok(format!("dense<[{}]> : {model}", elements.join(", ")))
                }
                _ => {
                    let elements =
                        members.iter().map(|&member| self.constant_text(inst, member)).collect::<Result<Vec<_>>>()?;
                    Ok(format!("[{}]", elements.join(", ")))
                }
            },
        }
    }

    pub(super) fn null_text(&self, inst: &Inst<'_>, model: &SpirvType) -> Result<String> {
        check_constant_size(inst, model)?;
        Ok(match model {
            SpirvType::Integer { width: 1, .. } => "false".to_owned(),
            SpirvType::Integer { width, .. } => format!("0 : i{width}"),
            SpirvType::Float(kind) => format!("0.0 : {}", kind.keyword()),
            SpirvType::Vector { .. } => {
                format!("dense<{}> : {model}", untyped(&self.null_text(inst, model.scalar_type())?))
            }
            // A splat, as the dialect writes cooperative matrix constants.
            SpirvType::CooperativeMatrix { element, .. } => {
                format!("dense<{}> : {model}", untyped(&self.null_text(inst, element)?))
            }
            SpirvType::Array { count, element, .. } => {
                let element = self.null_text(inst, element)?;
                format!("[{}]", vec![element; *count as usize].join(", "))
            }
            SpirvType::Matrix { columns, column_type } => {
                let column = self.null_text(inst, column_type)?;
                format!("[{}]", vec![column; *columns as usize].join(", "))
            }
            SpirvType::Struct(st) => {
                let members =
                    st.members.iter().map(|member| self.null_text(inst, &member.ty)).collect::<Result<Vec<_>>>()?;
                format!("[{}]", members.join(", "))
            }
            other => {
                return Err(inst.error(ErrorKind::Unsupported(format!("OpConstantNull of type {other}"))));
            }
        })
    }

    /// A constant whose type holds a struct or a matrix ([`needs_construct`]),
    /// as `spirv.CompositeConstruct`s of its members or columns (constants
    /// themselves, or zeros for `OpConstantNull`).
    pub(super) fn struct_constant<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        model: &SpirvType,
        constant: ConstantValue,
    ) -> Result<Value<'c, 'b>> {
        let ty = self
            .parse_type(&model.to_string())
            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("type {model}"))))?;
        let mut members = Vec::new();
        match constant {
            ConstantValue::Composite(ids) => {
                for member in ids {
                    members.push(self.value(state, inst, member)?);
                }
            }
            _ => {
                check_constant_size(inst, model)?;
                let member_models: Vec<Arc<SpirvType>> = match model {
                    SpirvType::Struct(st) => st.members.iter().map(|member| Arc::clone(&member.ty)).collect(),
                    SpirvType::Array { count, element, .. } => (0..*count).map(|_| Arc::clone(element)).collect(),
                    SpirvType::Matrix { columns, column_type } => {
                        (0..*columns).map(|_| Arc::clone(column_type)).collect()
                    }
                    other => {
                        return Err(inst.error(ErrorKind::Invalid(format!("a null constant of type {other}"))));
                    }
                };
                for member in member_models {
                    members.push(if needs_construct(&member) {
                        self.struct_constant(state, inst, location, &member, ConstantValue::Null)?
                    } else {
                        let text = self.null_text(inst, &member)?;
                        let value = self.attribute(inst, &text)?;
                        let member_type = self
                            .parse_type(&member.to_string())
                            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("type {member}"))))?;
                        self.emit(
                            state,
                            inst,
                            location,
                            "spirv.Constant",
                            &[],
                            &[(self.id("value"), value)],
                            Some(member_type),
                        )?
                    });
                }
            }
        }
        self.emit(state, inst, location, "spirv.CompositeConstruct", &members, &[], Some(ty))
    }

    /// SPIR-V's rule on which opcodes `OpSpecConstantOp` takes with which
    /// capability (the specification's OpSpecConstantOp: one list for any
    /// module, QuantizeToF16 with Shader, more opcodes with Kernel;
    /// spirv-val's `ValidateSpecConstantOp`), checked where the
    /// instruction is read, used or not, as spirv-val does:
    /// - the conversions between floats and integers, the pointer casts,
    ///   `Bitcast`, the float arithmetic and the access chains need Kernel
    ///   (declared, or implied by a capability that depends on it). A
    ///   Vulkan module can never declare Kernel
    ///   (VUID-VkShaderModuleCreateInfo-pCode-08737 through spirv-val), and
    ///   drivers disagree on what such a module means (lavapipe fails the
    ///   pipeline), so it is one located error: the same computation in the
    ///   function is valid and runs;
    /// - `QuantizeToF16` needs Shader (declared or implied);
    /// - `UConvert` before SPIR-V 1.4 needs Kernel or SPV_AMD_gpu_shader_int16
    ///   in spirv-val, but is imported: glslang writes it for a SPIR-V 1.0-1.3
    ///   target (`uint64_t(u)`, `uint16_t(u)` of a specialization constant),
    ///   SPIR-V 1.4 lifted the restriction, and its meaning is not in doubt.
    pub(super) fn check_spec_constant_op_capability(&self, inst: &Inst<'w>) -> Result<()> {
        use rspirv::spirv::{Capability as C, Op};
        let opcode = self.word(inst, 2)?;
        let declared = |capability: C| self.capabilities.contains(&(capability as u32));
        // The capabilities whose grammar entries depend on Kernel (SPIR-V's
        // capability table, transitively; the same set makes spirv-val
        // count Kernel as declared).
        const IMPLY_KERNEL: &[C] = &[
            C::Kernel,
            C::Vector16,
            C::Float16Buffer,
            C::ImageBasic,
            C::ImageReadWrite,
            C::ImageMipmap,
            C::Pipes,
            C::DeviceEnqueue,
            C::LiteralSampler,
            C::NamedBarrier,
            C::SubgroupDispatch,
            C::PipeStorage,
        ];
        if super::reader::SPEC_CONSTANT_KERNEL_OPS.iter().any(|kernel_only| *kernel_only as u32 == opcode)
            && !IMPLY_KERNEL.iter().any(|&capability| declared(capability))
        {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpSpecConstantOp {} needs the Kernel capability: SPIR-V allows the conversions between \
                 floats and integers, the pointer casts, Bitcast, the float arithmetic and the access chains \
                 in OpSpecConstantOp only with the Kernel capability (spirv-val: \"requires \
                 Kernel capability\"; Vulkan: VUID-VkShaderModuleCreateInfo-pCode-08737); compute it in a \
                 function instead",
                opcode_name(opcode as u16)
            ))));
        }
        // The capabilities that depend on Shader and need no extension
        // (found by spirv-val, 2023.1, on a Kernel module declaring each).
        const IMPLY_SHADER: &[C] = &[
            C::Shader,
            C::Geometry,
            C::Tessellation,
            C::AtomicStorage,
            C::ImageGatherExtended,
            C::StorageImageMultisample,
            C::UniformBufferArrayDynamicIndexing,
            C::SampledImageArrayDynamicIndexing,
            C::StorageBufferArrayDynamicIndexing,
            C::StorageImageArrayDynamicIndexing,
            C::ClipDistance,
            C::CullDistance,
            C::SampleRateShading,
            C::SampledRect,
            C::InputAttachment,
            C::SparseResidency,
            C::MinLod,
            C::SampledCubeArray,
            C::ImageMSArray,
            C::StorageImageExtendedFormats,
            C::ImageQuery,
            C::DerivativeControl,
            C::InterpolationFunction,
            C::TransformFeedback,
            C::StorageImageReadWithoutFormat,
            C::StorageImageWriteWithoutFormat,
            C::DrawParameters,
            C::MultiView,
            C::VariablePointersStorageBuffer,
            C::VariablePointers,
            C::ShaderNonUniform,
            C::RuntimeDescriptorArray,
            C::PhysicalStorageBufferAddresses,
            C::DemoteToHelperInvocation,
            C::TessellationPointSize,
            C::GeometryPointSize,
            C::ImageCubeArray,
            C::ImageRect,
            C::GeometryStreams,
            C::MultiViewport,
            C::InputAttachmentArrayDynamicIndexing,
            C::UniformBufferArrayNonUniformIndexing,
            C::SampledImageArrayNonUniformIndexing,
            C::StorageBufferArrayNonUniformIndexing,
            C::StorageImageArrayNonUniformIndexing,
            C::InputAttachmentArrayNonUniformIndexing,
            C::UniformTexelBufferArrayNonUniformIndexing,
            C::StorageTexelBufferArrayNonUniformIndexing,
        ];
        if opcode == Op::QuantizeToF16 as u32 && !IMPLY_SHADER.iter().any(|&capability| declared(capability)) {
            return Err(inst.error(ErrorKind::Invalid(
                "OpSpecConstantOp OpQuantizeToF16 needs the Shader capability: SPIR-V allows it in \
                 OpSpecConstantOp only with the Shader capability (spirv-val: \"requires \
                 Shader capability\"); compute it in a function instead"
                    .to_owned(),
            )));
        }
        Ok(())
    }

    /// `OpSpecConstantOp` at its use: a `spirv.SpecConstantOperation` whose
    /// region computes the op from the (referenced) constants. The dialect
    /// wraps only the ops it marks `UsableInSpecConstantOp`, and only on
    /// operands defined by constants; any other op the specification allows
    /// (`VectorShuffle`, the Kernel ones, operands that are composites
    /// materialized at their use) is the op itself at the use, which
    /// computes the same value. The operand words are read as the op's
    /// table says: `CompositeExtract`'s and `CompositeInsert`'s indexes and
    /// `VectorShuffle`'s components are literals.
    pub(super) fn spec_constant_operation<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        id: u32,
    ) -> Result<Value<'c, 'b>> {
        let type_id = self.word(inst, 0)?;
        let opcode = self.word(inst, 2)? as u16;
        if opcode == op::QUANTIZE_TO_F16 {
            let operand = self.value(state, inst, self.word(inst, 3)?)?;
            let location = self.location(inst, None);
            let value = self.quantize_to_f16(state, inst, location, operand, type_id)?;
            state.materialized.insert((state.scope, id), value);
            return Ok(value);
        }
        if opcode == op::SELECT && self.select_by_members(type_id) {
            // A struct, array or matrix (SPIR-V 1.4's whole-object select):
            // member by member, as OpSelect of one.
            let mut operands = Vec::with_capacity(3);
            for index in 3..6 {
                let operand = self.word(inst, index)?;
                operands.push(self.value(state, inst, operand)?);
            }
            let location = self.location(inst, None);
            let value = self.select_composite(state, inst, location, operands[0], [operands[1], operands[2]])?;
            state.materialized.insert((state.scope, id), value);
            return Ok(value);
        }
        // OpInBoundsAccessChain only adds that the indices are in bounds.
        let table_opcode = if opcode == op::IN_BOUNDS_ACCESS_CHAIN { op::ACCESS_CHAIN } else { opcode };
        let info = tables::op(table_opcode).filter(|info| info.autogen && info.result).ok_or_else(|| {
            inst.error(ErrorKind::Unsupported(format!("OpSpecConstantOp with {}", opcode_name(opcode))))
        })?;
        let (operands, attributes) = self.table_operands(state, inst, info, inst.words.get(3..).unwrap_or_default())?;
        let location = self.location(inst, None);
        let ty = self.mlir_type(inst, type_id)?;
        let is_pointer = |ty: Type<'c>| ty.to_string().starts_with("!spirv.ptr<");
        if opcode == op::BITCAST && operands.first().is_some_and(|operand| operand.r#type() == ty) {
            // Types that differ only in signedness, which the dialect does
            // not keep: the value itself.
            state.materialized.insert((state.scope, id), operands[0]);
            return Ok(operands[0]);
        }
        if opcode == op::BITCAST
            && let Some(&operand) = operands.first()
            && is_pointer(operand.r#type()) != is_pointer(ty)
        {
            // A pointer from or to an integer scalar or vector (valid with
            // Kernel: a Physical64 kernel's `uint2` or `ulong`): as OpBitcast
            // (`pointer_bits`), which spirv.Bitcast refuses, computed at the
            // use (no spirv.SpecConstantOperation wraps a pointer).
            let value = self.pointer_bits(state, inst, location, operand, ty)?;
            state.materialized.insert((state.scope, id), value);
            return Ok(value);
        }
        let wrapped = USABLE_IN_SPEC_CONSTANT_OP.contains(&info.name)
            && operands.iter().all(|operand| {
                OperationResult::try_from(*operand).is_ok_and(|result| {
                    let owner = result.owner().name();
                    let owner = owner.as_string_ref();
                    matches!(
                        owner.as_str(),
                        Ok("spirv.Constant" | "spirv.mlir.referenceof" | "spirv.SpecConstantOperation")
                    )
                })
            });
        let operation = OperationBuilder::new(info.name, location)
            .add_operands(&operands)
            .add_attributes(&attributes)
            .add_results(&[ty]);
        let operation = if wrapped {
            let region = Region::new();
            let body = Block::new(&[]);
            let enclosed = body.append_operation(operation.build().map_err(inst.invalid())?);
            let result = enclosed.result(0).map_err(inst.invalid())?;
            let yield_op = OperationBuilder::new("spirv.mlir.yield", location)
                .add_operands(&[result.into()])
                .build()
                .map_err(inst.invalid())?;
            body.append_operation(yield_op);
            region.append_block(body);
            OperationBuilder::new("spirv.SpecConstantOperation", location)
                .add_regions([region])
                .add_results(&[ty])
                .build()
        } else {
            operation.build()
        };
        let operation = self.append(inst, state.current(), operation)?;
        let value: Value<'c, 'b> = operation.result(0).map_err(inst.invalid())?.into();
        state.materialized.insert((state.scope, id), value);
        Ok(value)
    }

    /// `OpQuantizeToF16` of `value` (32-bit floats, `type_id`), which the
    /// dialect lacks, as its definition: rounded to half precision and back
    /// (an infinity or NaN stays one, a magnitude too large becomes an
    /// infinity), and a result below the smallest normal half (2^-14) zero,
    /// which SPIR-V allows with either sign.
    /// `OpFConvert` between 16-bit floats of different encodings (f16 and
    /// bfloat16, SPV_KHR_bfloat16), which the dialect's op refuses (it
    /// wants different widths): through f32, exact one way, so the one
    /// rounding is the conversion's. False (nothing done) for any other
    /// `OpFConvert`.
    pub(super) fn same_width_float_conversion<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        let (type_id, id, operand) = (self.word(inst, 0)?, self.word(inst, 1)?, self.word(inst, 2)?);
        let result_type = self.mlir_type(inst, type_id)?;
        let value = self.value(state, inst, operand)?;
        let element = |ty: Type<'c>| match SpirvType::parse(&ty.to_string()).ok() {
            Some(SpirvType::Float(kind)) => Some((kind, None)),
            Some(SpirvType::Vector { count, element }) => match element.as_ref() {
                SpirvType::Float(kind) => Some((*kind, Some(count))),
                _ => None,
            },
            _ => None,
        };
        let (Some((from, lanes)), Some((to, _))) = (element(value.r#type()), element(result_type)) else {
            return Ok(false);
        };
        let sixteen = [FloatKind::F16, FloatKind::BF16];
        if from == to || !sixteen.contains(&from) || !sixteen.contains(&to) {
            return Ok(false);
        }
        let text = lanes.map_or("f32".to_owned(), |count| format!("vector<{count}xf32>"));
        let wide = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(format!("type {text}"))))?;
        let widened = self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(wide))?;
        let result = self.emit(state, inst, location, "spirv.FConvert", &[widened], &[], Some(result_type))?;
        self.define_value(state, inst, id, result)?;
        Ok(true)
    }

    pub(super) fn quantize_to_f16<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        type_id: u32,
    ) -> Result<Value<'c, 'b>> {
        let model = self.type_models.get(&type_id).cloned().ok_or_else(|| self.undefined(inst, type_id, "type"))?;
        let lanes = match &*model {
            SpirvType::Float(FloatKind::F32) => None,
            SpirvType::Vector { count, element } if matches!(&**element, SpirvType::Float(FloatKind::F32)) => {
                Some(*count)
            }
            other => {
                return Err(inst.error(ErrorKind::Invalid(format!("OpQuantizeToF16 of {other}, not 32-bit floats"))));
            }
        };
        let shaped = |element: &str| match lanes {
            Some(count) => format!("vector<{count}x{element}>"),
            None => element.to_owned(),
        };
        let constant = |value: &str| match lanes {
            Some(count) => format!("dense<{value}> : vector<{count}xf32>"),
            None => format!("{value} : f32"),
        };
        let parse = |importer: &Self, text: String| {
            importer.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(format!("type {text}"))))
        };
        let (ty, half, condition) =
            (parse(self, shaped("f32"))?, parse(self, shaped("f16"))?, parse(self, shaped("i1"))?);
        self.added_capabilities.insert("Float16");
        let narrowed = self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(half))?;
        let rounded = self.emit(state, inst, location, "spirv.FConvert", &[narrowed], &[], Some(ty))?;
        let magnitude = self.emit(state, inst, location, "spirv.GL.FAbs", &[rounded], &[], Some(ty))?;
        let smallest_normal = self.attribute(inst, &constant("6.103515625e-05"))?;
        let smallest_normal =
            self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), smallest_normal)], Some(ty))?;
        let zero = self.attribute(inst, &constant("0.0"))?;
        let zero = self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), zero)], Some(ty))?;
        let tiny = self.emit(
            state,
            inst,
            location,
            "spirv.FOrdLessThan",
            &[magnitude, smallest_normal],
            &[],
            Some(condition),
        )?;
        self.emit(state, inst, location, "spirv.Select", &[tiny, zero, rounded], &[], Some(ty))
    }

    /// Whether `OpSpecConstantComposite` `inst` can be a
    /// `spirv.SpecConstantComposite`: MLIR 22's takes scalar specialization
    /// constants (or constants) only; its verifier crashes on a composite
    /// constituent, and an `OpSpecConstantOp` result has no symbol.
    pub(super) fn has_scalar_constituents(&self, inst: &Inst<'_>) -> bool {
        inst.words.get(2..).unwrap_or_default().iter().all(|id| {
            if let Some(spec) = self.spec_constants.get(id) {
                return !self.spec_composites.contains(id) && self.is_scalar_type(spec.type_id);
            }
            self.constants.get(id).is_some_and(|(type_id, _)| self.is_scalar_type(*type_id))
        })
    }

    fn is_scalar_type(&self, type_id: u32) -> bool {
        self.type_models
            .get(&type_id)
            .is_some_and(|model| matches!(&**model, SpirvType::Integer { .. } | SpirvType::Float(_)))
    }

    /// An `OpSpecConstantComposite` the dialect cannot hold (see
    /// [`Self::has_scalar_constituents`]) at its use: a
    /// `spirv.CompositeConstruct` of its constituents' values (each a
    /// constant, a specialization constant, an `OpSpecConstantOp`...), which
    /// is its value whatever the specialization.
    pub(super) fn spec_composite_value<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        id: u32,
    ) -> Result<Value<'c, 'b>> {
        let type_id = self.word(inst, 0)?;
        let mut constituents = Vec::new();
        for &constituent in inst.words.get(2..).unwrap_or_default() {
            constituents.push(self.value(state, inst, constituent)?);
        }
        let ty = self.mlir_type(inst, type_id)?;
        let location = self.location(inst, None);
        let operation =
            OperationBuilder::new("spirv.CompositeConstruct", location).add_operands(&constituents).add_results(&[ty]);
        let operation = self.append(inst, state.current(), operation.build())?;
        let value: Value<'c, 'b> = operation.result(0).map_err(inst.invalid())?.into();
        state.materialized.insert((state.scope, id), value);
        Ok(value)
    }
}

/// The ops MLIR 22's `spirv.SpecConstantOperation` may enclose (those with
/// its `UsableInSpecConstantOp` trait).
const USABLE_IN_SPEC_CONSTANT_OP: &[&str] = &[
    "spirv.BitwiseAnd",
    "spirv.BitwiseOr",
    "spirv.BitwiseXor",
    "spirv.CompositeExtract",
    "spirv.CompositeInsert",
    "spirv.FConvert",
    "spirv.IAdd",
    "spirv.IEqual",
    "spirv.IMul",
    "spirv.INotEqual",
    "spirv.ISub",
    "spirv.LogicalAnd",
    "spirv.LogicalEqual",
    "spirv.LogicalNot",
    "spirv.LogicalNotEqual",
    "spirv.LogicalOr",
    "spirv.Not",
    "spirv.SConvert",
    "spirv.SDiv",
    "spirv.SGreaterThan",
    "spirv.SGreaterThanEqual",
    "spirv.SLessThan",
    "spirv.SLessThanEqual",
    "spirv.SMod",
    "spirv.SNegate",
    "spirv.SRem",
    "spirv.Select",
    "spirv.ShiftLeftLogical",
    "spirv.ShiftRightArithmetic",
    "spirv.ShiftRightLogical",
    "spirv.UConvert",
    "spirv.UDiv",
    "spirv.UGreaterThan",
    "spirv.UGreaterThanEqual",
    "spirv.ULessThan",
    "spirv.ULessThanEqual",
    "spirv.UMod",
];

/// How many scalars a composite constant may spell out: `OpConstantNull` and
/// replicated composites of larger types are refused (a flipped bit in an
/// array length would otherwise make the importer spell out billions).
const MAX_CONSTANT_ELEMENTS: u64 = 1 << 20;

pub(super) fn check_constant_size(inst: &Inst<'_>, model: &SpirvType) -> Result<()> {
    fn scalars(model: &SpirvType) -> u64 {
        match model {
            SpirvType::Vector { count, .. } => u64::from(*count),
            SpirvType::Array { count, element, .. } => u64::from(*count).saturating_mul(scalars(element)),
            SpirvType::Matrix { columns, column_type } => u64::from(*columns).saturating_mul(scalars(column_type)),
            SpirvType::Struct(st) => {
                st.members.iter().map(|member| scalars(&member.ty)).fold(0u64, u64::saturating_add)
            }
            _ => 1,
        }
    }
    let count = scalars(model);
    if count > MAX_CONSTANT_ELEMENTS {
        return Err(inst.error(ErrorKind::Unsupported(format!(
            "a constant of {count} scalars (composite constants are spelled out up to {MAX_CONSTANT_ELEMENTS})"
        ))));
    }
    Ok(())
}

/// Whether `model` is or holds a struct (which `spirv.Constant` cannot hold).
/// Whether a constant of type `model` is built from its parts
/// (`spirv.CompositeConstruct`) rather than held by one `spirv.Constant`:
/// the dialect's constants hold no structs, and no matrices (its verifier
/// wants an array type for an array value: `const mat3` in GLSL, naga's
/// null matrices), nor arrays of either.
pub(super) fn needs_construct(model: &SpirvType) -> bool {
    match model {
        SpirvType::Struct(_) | SpirvType::Matrix { .. } => true,
        SpirvType::Array { element, .. } => needs_construct(element),
        _ => false,
    }
}

/// The value of a typed attribute without its `: type` suffix.
pub(super) fn untyped(text: &str) -> &str {
    text.rsplit_once(" : ").map_or(text, |(value, _)| value)
}
