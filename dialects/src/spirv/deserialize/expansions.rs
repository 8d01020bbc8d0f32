//! Instructions the MLIR 22 dialect has no op for, imported as dialect ops
//! with the same meaning (docs/import.md lists each): core instructions
//! (`OpAny`, atomic loads and stores, `OpCopyLogical`, `OpCopyMemorySized`...),
//! GLSL.std.450 and OpenCL.std instructions, and OpenCL.std builtins without
//! an op as calls to the SPIRV-LLVM-Translator's `__spirv_ocl_*` functions.

use std::sync::Arc;

use melior::ir::{
    Attribute, Identifier, Location, Region, Type, Value, ValueLike,
    attribute::{ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
    operation::OperationBuilder,
    r#type::IntegerType,
};

use super::{
    ErrorKind,
    importer::{ConstantValue, FunctionState, Importer, Result, op},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

impl<'c, 'w> Importer<'c, 'w> {
    /// `OpBitcast` between a pointer and an integer scalar or a vector of
    /// two 32-bit integers (SPIR-V allows both with Addresses or
    /// PhysicalStorageBuffer64: GL_EXT_buffer_reference_uvec2's
    /// `Ref(uvec2)` and `uvec2(ref)`), which the dialect's `spirv.Bitcast`
    /// refuses: `spirv.ConvertUToPtr` of the integer (the vector's bits as
    /// one integer, its first component the low half, by `spirv.Bitcast`),
    /// or `spirv.ConvertPtrToU` and the reverse.
    pub(super) fn pointer_bits<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        result_type: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let to_pointer = result_type.to_string().starts_with("!spirv.ptr<");
        let bits_type = if to_pointer { value.r#type() } else { result_type };
        let bits = match SpirvType::parse(&bits_type.to_string()).ok() {
            Some(SpirvType::Integer { width, .. }) => width,
            Some(SpirvType::Vector { count, element }) => match element.as_ref() {
                SpirvType::Integer { width, .. } => count * width,
                _ => 0,
            },
            _ => 0,
        };
        if !matches!(bits, 32 | 64) {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpBitcast between a pointer and {bits_type} (an integer scalar or vector of 32 or 64 bits)"
            ))));
        }
        let scalar: Type<'c> = IntegerType::new(self.context, bits).into();
        if to_pointer {
            let integer = if value.r#type() == scalar {
                value
            } else {
                self.emit(state, inst, location, "spirv.Bitcast", &[value], &[], Some(scalar))?
            };
            self.emit(state, inst, location, "spirv.ConvertUToPtr", &[integer], &[], Some(result_type))
        } else {
            let integer = self.emit(state, inst, location, "spirv.ConvertPtrToU", &[value], &[], Some(scalar))?;
            if result_type == scalar {
                Ok(integer)
            } else {
                self.emit(state, inst, location, "spirv.Bitcast", &[integer], &[], Some(result_type))
            }
        }
    }

    /// `GLSL.std.450` instructions the dialect has no op for, as dialect ops
    /// with the same meaning (GLSL.std.450 specification): `Atan2`, `NMin`,
    /// `NMax` are OpenCL.std's `atan2`, `fmin`, `fmax` (which ignore a NaN
    /// operand as `NMin`/`NMax` do); `NClamp` is `fmin(fmax(x, lo), hi)`;
    /// `Trunc`, `Radians`, `Degrees`, `Step`, `SmoothStep`, `FaceForward` are
    /// their defining formulas. Returns false for the others (refused).
    pub(super) fn glsl_expansion<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        number: u32,
        location: Location<'c>,
    ) -> Result<bool> {
        const TRUNC: u32 = 3;
        const RADIANS: u32 = 11;
        const DEGREES: u32 = 12;
        const ATAN2: u32 = 25;
        const STEP: u32 = 48;
        const SMOOTH_STEP: u32 = 49;
        const FACE_FORWARD: u32 = 70;
        const NMIN: u32 = 79;
        const NMAX: u32 = 80;
        const NCLAMP: u32 = 81;
        if !matches!(
            number,
            TRUNC | RADIANS | DEGREES | ATAN2 | STEP | SMOOTH_STEP | FACE_FORWARD | NMIN | NMAX | NCLAMP
        ) {
            return Ok(false);
        }
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let mut x = Vec::new();
        for &operand in &inst.words[4..] {
            x.push(self.value(state, inst, operand)?);
        }
        let arity = match number {
            TRUNC | RADIANS | DEGREES => 1,
            ATAN2 | STEP | NMIN | NMAX => 2,
            _ => 3,
        };
        if x.len() != arity {
            return Err(
                inst.error(ErrorKind::Malformed(format!("GLSL.std.450 instruction {number} takes {arity} operands")))
            );
        }
        let bool_type = self.bool_type_like(inst, ty)?;
        let i1: Type<'c> = IntegerType::new(self.context, 1).into();
        let value = match number {
            ATAN2 => self.emit(state, inst, location, "spirv.CL.atan2", &x, &[], Some(ty))?,
            NMIN => self.emit(state, inst, location, "spirv.CL.fmin", &x, &[], Some(ty))?,
            NMAX => self.emit(state, inst, location, "spirv.CL.fmax", &x, &[], Some(ty))?,
            NCLAMP => {
                let low = self.emit(state, inst, location, "spirv.CL.fmax", &x[..2], &[], Some(ty))?;
                self.emit(state, inst, location, "spirv.CL.fmin", &[low, x[2]], &[], Some(ty))?
            }
            TRUNC => {
                let zero = self.float_splat(state, inst, location, ty, 0.0)?;
                let floor = self.emit(state, inst, location, "spirv.GL.Floor", &x, &[], Some(ty))?;
                let ceil = self.emit(state, inst, location, "spirv.GL.Ceil", &x, &[], Some(ty))?;
                let positive = self.emit(
                    state,
                    inst,
                    location,
                    "spirv.FOrdGreaterThanEqual",
                    &[x[0], zero],
                    &[],
                    Some(bool_type),
                )?;
                self.emit(state, inst, location, "spirv.Select", &[positive, floor, ceil], &[], Some(ty))?
            }
            RADIANS | DEGREES => {
                let factor =
                    if number == RADIANS { std::f64::consts::PI / 180.0 } else { 180.0 / std::f64::consts::PI };
                let factor = self.float_splat(state, inst, location, ty, factor)?;
                self.emit(state, inst, location, "spirv.FMul", &[x[0], factor], &[], Some(ty))?
            }
            STEP => {
                // 0.0 where x < edge, else 1.0.
                let zero = self.float_splat(state, inst, location, ty, 0.0)?;
                let one = self.float_splat(state, inst, location, ty, 1.0)?;
                let below =
                    self.emit(state, inst, location, "spirv.FOrdLessThan", &[x[1], x[0]], &[], Some(bool_type))?;
                self.emit(state, inst, location, "spirv.Select", &[below, zero, one], &[], Some(ty))?
            }
            SMOOTH_STEP => {
                // t = clamp((x - edge0) / (edge1 - edge0), 0, 1); t * t * (3 - 2 t).
                let zero = self.float_splat(state, inst, location, ty, 0.0)?;
                let one = self.float_splat(state, inst, location, ty, 1.0)?;
                let two = self.float_splat(state, inst, location, ty, 2.0)?;
                let three = self.float_splat(state, inst, location, ty, 3.0)?;
                let numerator = self.emit(state, inst, location, "spirv.FSub", &[x[2], x[0]], &[], Some(ty))?;
                let denominator = self.emit(state, inst, location, "spirv.FSub", &[x[1], x[0]], &[], Some(ty))?;
                let ratio = self.emit(state, inst, location, "spirv.FDiv", &[numerator, denominator], &[], Some(ty))?;
                let t = self.emit(state, inst, location, "spirv.GL.FClamp", &[ratio, zero, one], &[], Some(ty))?;
                let two_t = self.emit(state, inst, location, "spirv.FMul", &[two, t], &[], Some(ty))?;
                let rest = self.emit(state, inst, location, "spirv.FSub", &[three, two_t], &[], Some(ty))?;
                let square = self.emit(state, inst, location, "spirv.FMul", &[t, t], &[], Some(ty))?;
                self.emit(state, inst, location, "spirv.FMul", &[square, rest], &[], Some(ty))?
            }
            _ => {
                // FaceForward(N, I, Nref): N if dot(Nref, I) < 0, else -N.
                let scalar = self.scalar_type(inst, ty)?;
                let dot = if ty == scalar {
                    self.emit(state, inst, location, "spirv.FMul", &[x[2], x[1]], &[], Some(ty))?
                } else {
                    self.emit(state, inst, location, "spirv.Dot", &[x[2], x[1]], &[], Some(scalar))?
                };
                let zero = self.float_splat(state, inst, location, scalar, 0.0)?;
                let negative = self.emit(state, inst, location, "spirv.FOrdLessThan", &[dot, zero], &[], Some(i1))?;
                let flipped = self.emit(state, inst, location, "spirv.FNegate", &[x[0]], &[], Some(ty))?;
                self.emit(state, inst, location, "spirv.Select", &[negative, x[0], flipped], &[], Some(ty))?
            }
        };
        self.define_value(state, inst, self.word(inst, 1)?, value)?;
        Ok(true)
    }

    /// `OpCopyLogical`: `value` as the logically matching `target` type (the
    /// same shape, other decorations): member by member, rebuilt.
    pub(super) fn copy_logical<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        target: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        if value.r#type() == target {
            return Ok(value);
        }
        let mismatch = || inst.error(ErrorKind::Invalid(format!("OpCopyLogical from {} to {target}", value.r#type())));
        if let Some(adapted) = self.adapt(state, inst, location, value, target)? {
            // A matrix and its stand-in, and composites of them (matrix_layout.rs).
            return Ok(adapted);
        }
        let source_model = SpirvType::parse(&value.r#type().to_string()).map_err(|_| mismatch())?;
        let target_model = SpirvType::parse(&target.to_string()).map_err(|_| mismatch())?;
        let members: Vec<(Arc<SpirvType>, Arc<SpirvType>)> = match (&source_model, &target_model) {
            (SpirvType::Struct(from), SpirvType::Struct(to)) if from.members.len() == to.members.len() => {
                from.members.iter().zip(&to.members).map(|(a, b)| (Arc::clone(&a.ty), Arc::clone(&b.ty))).collect()
            }
            (SpirvType::Array { count: n, element: a, .. }, SpirvType::Array { count: m, element: b, .. })
                if n == m =>
            {
                (0..*n).map(|_| (Arc::clone(a), Arc::clone(b))).collect()
            }
            _ => return Err(mismatch()),
        };
        let mut copied = Vec::new();
        for (index, (from, to)) in members.iter().enumerate() {
            let from_type = self.parse_type(&from.to_string()).ok_or_else(mismatch)?;
            let to_type = self.parse_type(&to.to_string()).ok_or_else(mismatch)?;
            let member = self.extract_lane(state, inst, location, value, index as u32, from_type)?;
            copied.push(self.copy_logical(state, inst, location, member, to_type)?);
        }
        self.emit(state, inst, location, "spirv.CompositeConstruct", &copied, &[], Some(target))
    }

    /// Whether `OpSelect` (or `OpSpecConstantOp Select`) of result type
    /// `type_id` goes through [`Self::select_composite`]: structs, arrays
    /// and matrices, which `spirv.Select` does not take.
    pub(super) fn select_by_members(&self, type_id: u32) -> bool {
        !matches!(
            self.type_models.get(&type_id).map(|model| &**model),
            Some(SpirvType::Integer { .. } | SpirvType::Float(_) | SpirvType::Vector { .. } | SpirvType::Pointer { .. })
        )
    }

    /// `OpSelect` of structs or arrays (SPIR-V 1.4), which `spirv.Select`
    /// does not take: member by member (nested composites likewise), then
    /// rebuilt. The condition is a scalar for composites.
    pub(super) fn select_composite<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        condition: Value<'c, 'b>,
        values: [Value<'c, 'b>; 2],
    ) -> Result<Value<'c, 'b>> {
        let ty = values[0].r#type();
        if matches!(SpirvType::parse(&ty.to_string()), Ok(SpirvType::CooperativeMatrix { .. })) {
            return self.select_cooperative_matrix(state, inst, location, condition, values);
        }
        let members = self.composite_members(inst, ty)?;
        let Some(members) = members else {
            return self.emit(state, inst, location, "spirv.Select", &[condition, values[0], values[1]], &[], Some(ty));
        };
        let mut selected = Vec::new();
        for (index, member_type) in members.into_iter().enumerate() {
            let a = self.extract_lane(state, inst, location, values[0], index as u32, member_type)?;
            let b = self.extract_lane(state, inst, location, values[1], index as u32, member_type)?;
            selected.push(self.select_composite(state, inst, location, condition, [a, b])?);
        }
        self.emit(state, inst, location, "spirv.CompositeConstruct", &selected, &[], Some(ty))
    }

    /// `OpSelect` of a cooperative matrix, which `spirv.Select` refuses: a
    /// call of `__spvabi_select_<n>(condition, a, b)` that the lowering
    /// makes one `llvm.select` ([`super::ABI_SELECT`]). The condition must
    /// be a scalar boolean (a cooperative matrix has no boolean components
    /// for a per-element one).
    fn select_cooperative_matrix<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        condition: Value<'c, 'b>,
        values: [Value<'c, 'b>; 2],
    ) -> Result<Value<'c, 'b>> {
        let ty = values[0].r#type();
        let bool_type: Type<'c> = IntegerType::new(self.context, 1).into();
        if condition.r#type() != bool_type || values[1].r#type() != ty {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpSelect of {ty} with a condition of {} and objects of {} and {} (a scalar boolean and two objects of the result type)",
                condition.r#type(),
                ty,
                values[1].r#type()
            ))));
        }
        let name = self.abi_function(inst, super::ABI_SELECT, &[bool_type, ty, ty], ty)?;
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(&[condition, values[0], values[1]])
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[ty])
            .build();
        let call = self.append(inst, state.current(), call)?;
        Ok(call.result(0).map_err(inst.invalid())?.into())
    }

    /// The member types of a struct or array type; `None` for other types.
    pub(super) fn composite_members(&self, inst: &Inst<'_>, ty: Type<'c>) -> Result<Option<Vec<Type<'c>>>> {
        let invalid = || inst.error(ErrorKind::Invalid(format!("a member type of {ty}")));
        let model = SpirvType::parse(&ty.to_string()).map_err(|_| invalid())?;
        let texts: Vec<String> = match &model {
            SpirvType::Struct(structure) => structure.members.iter().map(|member| member.ty.to_string()).collect(),
            SpirvType::Array { count, element, .. } => vec![element.to_string(); *count as usize],
            SpirvType::Matrix { columns, column_type } => vec![column_type.to_string(); *columns as usize],
            _ => return Ok(None),
        };
        texts.iter().map(|text| self.parse_type(text).ok_or_else(invalid)).collect::<Result<Vec<_>>>().map(Some)
    }

    /// `OpCopyMemorySized` of a constant size (what clang emits for copies of
    /// private arrays and structs): the bytes copied in the widest integer
    /// unit both the size and the declared alignment allow, through pointers
    /// bitcast to that unit, one load and store per unit up to 256 units;
    /// a larger copy (Rodinia's dwt2d passes an 8728-byte struct by value)
    /// is one `spirv.CopyMemory` through pointers bitcast to an array of
    /// that many units, rather than thousands of unrolled accesses. Sizes
    /// that are not constants are refused.
    pub(super) fn copy_memory_sized<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        const MAX_UNITS: u64 = 256;
        const ALIGNED: u32 = 0x2;
        let target = self.value(state, inst, self.word(inst, 0)?)?;
        let source = self.value(state, inst, self.word(inst, 1)?)?;
        let size_id = self.word(inst, 2)?;
        let size = match self.constants.get(&size_id) {
            Some((_, ConstantValue::Scalar(words))) => {
                u64::from(words[0]) | words.get(1).map_or(0, |high| u64::from(*high) << 32)
            }
            _ => {
                return Err(
                    inst.error(ErrorKind::Unsupported("OpCopyMemorySized of a size that is not a constant".into()))
                );
            }
        };
        let alignment = match inst.words.get(3) {
            Some(mask) if mask & ALIGNED != 0 => inst.words.get(4).copied().unwrap_or(1),
            _ => 1,
        };
        let unit =
            [8u64, 4, 2, 1].into_iter().find(|unit| size % unit == 0 && u64::from(alignment) % unit == 0).unwrap_or(1);
        let units = size / unit;
        let unit_type = IntegerType::new(self.context, (unit * 8) as u32).into();
        // The pointee of the bitcast pointers: the unit, or an array of all
        // the units for a copy too large to unroll.
        let pointee =
            if units > MAX_UNITS { format!("!spirv.array<{units} x i{}>", unit * 8) } else { format!("i{}", unit * 8) };
        let pointer_to_unit = |this: &Self, pointer: Value<'c, 'b>| -> Result<Type<'c>> {
            let storage = SpirvType::parse(&pointer.r#type().to_string())
                .ok()
                .and_then(|model| model.storage_class())
                .ok_or_else(|| inst.error(ErrorKind::Invalid("OpCopyMemorySized of a non-pointer".into())))?;
            this.parse_type(&format!("!spirv.ptr<{pointee}, {storage}>"))
                .ok_or_else(|| inst.error(ErrorKind::Invalid("no pointer type for the copy".into())))
        };
        let target_type = pointer_to_unit(self, target)?;
        let source_type = pointer_to_unit(self, source)?;
        // A pointer to the unit already (clang's `i8` pointers) is used as
        // it is: the dialect's bitcast refuses a cast to its own type.
        let target = if target.r#type() == target_type {
            target
        } else {
            self.emit(state, inst, location, "spirv.Bitcast", &[target], &[], Some(target_type))?
        };
        let source = if source.r#type() == source_type {
            source
        } else {
            self.emit(state, inst, location, "spirv.Bitcast", &[source], &[], Some(source_type))?
        };
        if units > MAX_UNITS {
            self.append(
                inst,
                state.current(),
                OperationBuilder::new("spirv.CopyMemory", location).add_operands(&[target, source]).build(),
            )?;
            return Ok(());
        }
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        for index in 0..units {
            let attribute = IntegerAttribute::new(i32_type, index as i64).into();
            let index = self.emit(
                state,
                inst,
                location,
                "spirv.Constant",
                &[],
                &[(self.id("value"), attribute)],
                Some(i32_type),
            )?;
            let from =
                self.emit(state, inst, location, "spirv.PtrAccessChain", &[source, index], &[], Some(source_type))?;
            let to =
                self.emit(state, inst, location, "spirv.PtrAccessChain", &[target, index], &[], Some(target_type))?;
            let value = self.emit(state, inst, location, "spirv.Load", &[from], &[], Some(unit_type))?;
            self.append(
                inst,
                state.current(),
                OperationBuilder::new("spirv.Store", location).add_operands(&[to, value]).build(),
            )?;
        }
        Ok(())
    }

    /// `i1`, or `vector<Nxi1>` for a vector type of N lanes.
    /// `spirv.CompositeExtract` of lane (or member) `lane` of `composite`.
    pub(super) fn extract_lane<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        composite: Value<'c, 'b>,
        lane: u32,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let indices = ArrayAttribute::new(self.context, &[self.i32_attribute(lane)]).into();
        self.emit(
            state,
            inst,
            location,
            "spirv.CompositeExtract",
            &[composite],
            &[(self.id("indices"), indices)],
            Some(ty),
        )
    }

    pub(super) fn bool_type_like(&self, inst: &Inst<'_>, ty: Type<'c>) -> Result<Type<'c>> {
        match SpirvType::parse(&ty.to_string()).ok().and_then(|model| model.vector_count()) {
            Some(count) => self.parse_type(&format!("vector<{count}xi1>")),
            None => Some(IntegerType::new(self.context, 1).into()),
        }
        .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("no boolean type like {ty}"))))
    }

    /// The scalar type of a scalar or vector type.
    pub(super) fn scalar_type(&self, inst: &Inst<'_>, ty: Type<'c>) -> Result<Type<'c>> {
        let model =
            SpirvType::parse(&ty.to_string()).map_err(|_| inst.error(ErrorKind::Invalid(format!("type {ty}"))))?;
        self.parse_type(&model.scalar_type().to_string())
            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("type {ty}"))))
    }

    /// A `spirv.Constant` of float type `ty` (a scalar, or a vector splat).
    pub(super) fn float_splat<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        ty: Type<'c>,
        value: f64,
    ) -> Result<Value<'c, 'b>> {
        let literal = format!("{value:.17e}");
        let text = if ty.to_string().starts_with("vector<") {
            format!("dense<{literal}> : {ty}")
        } else {
            format!("{literal} : {ty}")
        };
        let attribute = self.attribute(inst, &text)?;
        self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), attribute)], Some(ty))
    }

    /// Core instructions the dialect has no op for, as the dialect ops that
    /// mean the same (docs/import.md):
    /// - `OpAny`/`OpAll`: `spirv.LogicalOr`/`spirv.LogicalAnd` over the lanes;
    /// - `OpAtomicLoad`: `spirv.AtomicIAdd` of 0 (integers), which returns
    ///   the value atomically with the same scope and semantics;
    /// - `OpAtomicStore`: `spirv.AtomicExchange`, its result unused;
    /// - `OpOuterProduct`: column j is `spirv.VectorTimesScalar` of the first
    ///   vector and lane j of the second;
    /// - `OpGroupNonUniformBroadcastFirst`: a shuffle from the lowest active
    ///   invocation (`spirv.GroupNonUniformBallotFindLSB` of the ballot of true).
    pub(super) fn expansion<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let w = inst.words;
        let result_type = |this: &mut Self| this.mlir_type(inst, this.word(inst, 0)?);
        match inst.opcode {
            op::ANY | op::ALL => {
                let vector = self.value(state, inst, self.word(inst, 2)?)?;
                let bool_type = result_type(self)?;
                let count = SpirvType::parse(&vector.r#type().to_string()).ok().and_then(|model| model.vector_count());
                let Some(count) = count else {
                    return Err(inst.error(ErrorKind::Invalid("OpAny/OpAll of a non-vector".into())));
                };
                let combine = if inst.opcode == op::ANY { "spirv.LogicalOr" } else { "spirv.LogicalAnd" };
                let mut result = None;
                for lane in 0..count {
                    let element = self.extract_lane(state, inst, location, vector, lane, bool_type)?;
                    result = Some(match result {
                        None => element,
                        Some(previous) => {
                            self.emit(state, inst, location, combine, &[previous, element], &[], Some(bool_type))?
                        }
                    });
                }
                let value =
                    result.ok_or_else(|| inst.error(ErrorKind::Invalid("OpAny/OpAll of an empty vector".into())))?;
                self.define_value(state, inst, self.word(inst, 1)?, value)
            }
            op::ATOMIC_LOAD => {
                let ty = result_type(self)?;
                let zero_attribute: Attribute<'c> = match IntegerType::try_from(ty) {
                    Ok(_) => IntegerAttribute::new(ty, 0).into(),
                    Err(_) => {
                        return Err(inst.error(ErrorKind::Unsupported(format!("OpAtomicLoad of {ty} (only integers)"))));
                    }
                };
                let pointer = self.value(state, inst, self.word(inst, 2)?)?;
                let zero = self.emit(
                    state,
                    inst,
                    location,
                    "spirv.Constant",
                    &[],
                    &[(self.id("value"), zero_attribute)],
                    Some(ty),
                )?;
                let attributes = self.scope_and_semantics(inst, w.get(3).copied(), w.get(4).copied())?;
                let value =
                    self.emit(state, inst, location, "spirv.AtomicIAdd", &[pointer, zero], &attributes, Some(ty))?;
                self.define_value(state, inst, self.word(inst, 1)?, value)
            }
            op::ATOMIC_STORE => {
                let pointer = self.value(state, inst, self.word(inst, 0)?)?;
                let stored = self.value(state, inst, self.word(inst, 3)?)?;
                let attributes = self.scope_and_semantics(inst, w.get(1).copied(), w.get(2).copied())?;
                self.emit(
                    state,
                    inst,
                    location,
                    "spirv.AtomicExchange",
                    &[pointer, stored],
                    &attributes,
                    Some(stored.r#type()),
                )?;
                Ok(())
            }
            op::OUTER_PRODUCT => {
                // Column j of the matrix is Vector 1 times component j of
                // Vector 2 (SPIR-V 3.52.14).
                let matrix_type = result_type(self)?;
                let first = self.value(state, inst, self.word(inst, 2)?)?;
                let second = self.value(state, inst, self.word(inst, 3)?)?;
                let columns = SpirvType::parse(&second.r#type().to_string()).ok().and_then(|model| model.vector_count());
                let Some(columns) = columns else {
                    return Err(inst.error(ErrorKind::Invalid("OpOuterProduct of a non-vector".into())));
                };
                let scalar = self.scalar_type(inst, second.r#type())?;
                let mut column_values = Vec::new();
                for column in 0..columns {
                    let factor = self.extract_lane(state, inst, location, second, column, scalar)?;
                    column_values.push(self.emit(
                        state,
                        inst,
                        location,
                        "spirv.VectorTimesScalar",
                        &[first, factor],
                        &[],
                        Some(first.r#type()),
                    )?);
                }
                let value = self.emit(
                    state,
                    inst,
                    location,
                    "spirv.CompositeConstruct",
                    &column_values,
                    &[],
                    Some(matrix_type),
                )?;
                self.define_value(state, inst, self.word(inst, 1)?, value)
            }
            op::GROUP_ALL | op::GROUP_ANY => {
                // scope, predicate: whether the predicate holds for every
                // (some) invocation of the group, as the unsigned minimum
                // (maximum) of 1 and 0 over the group.
                let bool_type = result_type(self)?;
                let scope_value = self.constant_u32(self.word(inst, 2)?).ok_or_else(|| {
                    inst.error(ErrorKind::Invalid("the execution scope is not an integer constant".into()))
                })?;
                let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", scope_value)?);
                let reduce = (self.id("group_operation"), self.enum_attribute(inst, "group_operation", 0)?);
                let predicate = self.value(state, inst, self.word(inst, 3)?)?;
                let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
                let constant = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, value: i64| {
                    let attribute = IntegerAttribute::new(i32_type, value).into();
                    this.emit(state, inst, location, "spirv.Constant", &[], &[(this.id("value"), attribute)], Some(i32_type))
                };
                let one = constant(self, state, 1)?;
                let zero = constant(self, state, 0)?;
                let bit = self.emit(state, inst, location, "spirv.Select", &[predicate, one, zero], &[], Some(i32_type))?;
                let op_name = if inst.opcode == op::GROUP_ALL { "spirv.GroupUMin" } else { "spirv.GroupUMax" };
                let combined = self.emit(state, inst, location, op_name, &[bit], &[scope, reduce], Some(i32_type))?;
                let result =
                    self.emit(state, inst, location, "spirv.INotEqual", &[combined, zero], &[], Some(bool_type))?;
                self.define_value(state, inst, self.word(inst, 1)?, result)
            }
            _ => {
                // OpGroupNonUniformBroadcastFirst: scope, value.
                let ty = result_type(self)?;
                let scope_value = self.constant_u32(self.word(inst, 2)?).ok_or_else(|| {
                    inst.error(ErrorKind::Invalid("the execution scope is not an integer constant".into()))
                })?;
                let value = self.value(state, inst, self.word(inst, 3)?)?;
                let result = self.broadcast_first(state, inst, location, scope_value, value, ty)?;
                self.define_value(state, inst, self.word(inst, 1)?, result)
            }
        }
    }

    /// The value of the lowest active invocation of the scope: a
    /// `spirv.GroupNonUniformShuffle` from `spirv.GroupNonUniformBallotFindLSB`
    /// of the ballot of `true` (capability `GroupNonUniformShuffle` added).
    pub(super) fn broadcast_first<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        scope_value: u32,
        value: Value<'c, 'b>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", scope_value)?);
        let bool_type: Type<'c> = IntegerType::new(self.context, 1).into();
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        let ballot_type =
            self.parse_type("vector<4xi32>").ok_or_else(|| inst.error(ErrorKind::Invalid("vector<4xi32>".into())))?;
        let true_attribute = IntegerAttribute::new(bool_type, 1).into();
        let all =
            self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), true_attribute)], Some(bool_type))?;
        let ballot =
            self.emit(state, inst, location, "spirv.GroupNonUniformBallot", &[all], &[scope], Some(ballot_type))?;
        let first =
            self.emit(state, inst, location, "spirv.GroupNonUniformBallotFindLSB", &[ballot], &[scope], Some(i32_type))?;
        let result =
            self.emit(state, inst, location, "spirv.GroupNonUniformShuffle", &[value, first], &[scope], Some(ty))?;
        self.added_capabilities.insert("GroupNonUniformShuffle");
        Ok(result)
    }

    /// `memory_scope` and `semantics` from the `<id>`s of their constants.
    pub(super) fn scope_and_semantics(
        &mut self,
        inst: &Inst<'_>,
        scope: Option<u32>,
        semantics: Option<u32>,
    ) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>> {
        let missing = || inst.error(ErrorKind::Malformed("a scope or semantics operand is missing".into()));
        let scope = self.scope_or_semantics(inst, "scope", scope.ok_or_else(missing)?)?;
        let semantics = self.scope_or_semantics(inst, "memory_semantics", semantics.ok_or_else(missing)?)?;
        Ok(vec![
            (self.id("memory_scope"), self.enum_attribute(inst, "scope", scope)?),
            (self.id("semantics"), self.enum_attribute(inst, "memory_semantics", semantics)?),
        ])
    }

    /// OpenCL.std `vload_half`, `vload_halfn`, `vloada_halfn`, `vstore_half`,
    /// `vstore_halfn`, `vstorea_halfn` (and the `_r` forms, their rounding
    /// mode as `fp_rounding_mode` on the conversion), which the dialect lacks, as what they mean
    /// (OpenCL C 6.15.8): half values at `p[offset * n + i]` (a stride of 4
    /// for the aligned forms of 3-vectors) converted from or to float.
    pub(super) fn half_load_store<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        number: u32,
        location: Location<'c>,
    ) -> Result<()> {
        const VLOAD_HALFN: u32 = 174;
        const VSTORE_HALF_R: u32 = 176;
        const VSTORE_HALFN_R: u32 = 178;
        const VLOADA_HALFN: u32 = 179;
        const VSTOREA_HALFN: u32 = 180;
        const RTE: u32 = 0;
        let load = matches!(number, VLOAD_HALF | VLOAD_HALFN | VLOADA_HALFN);
        let aligned = matches!(number, VLOADA_HALFN | VSTOREA_HALFN | VSTOREA_HALFN_R);
        let w = &inst.words[4..];
        // The `_r` forms' rounding mode goes on the narrowing conversion, as
        // an `FPRoundingMode` decoration would (the lowering rounds RTZ, RTP
        // and RTN from the nearest result); RTE is the conversion's default.
        let rounding = match w.get(3) {
            Some(&mode) if matches!(number, VSTORE_HALF_R | VSTORE_HALFN_R | VSTOREA_HALFN_R) && mode != RTE => {
                Some((self.id("fp_rounding_mode"), self.enum_attribute(inst, "fp_rounding_mode", mode)?))
            }
            _ => None,
        };
        let (data, offset_id, pointer_id) =
            if load { (None, w.first(), w.get(1)) } else { (w.first(), w.get(1), w.get(2)) };
        let malformed = || inst.error(ErrorKind::Malformed("a half-precision load or store lacks operands".into()));
        let offset = self.value(state, inst, *offset_id.ok_or_else(malformed)?)?;
        let pointer = self.value(state, inst, *pointer_id.ok_or_else(malformed)?)?;
        let stored = match data {
            Some(&data) => Some(self.value(state, inst, data)?),
            None => None,
        };
        let float_type = match stored {
            Some(value) => value.r#type(),
            None => self.mlir_type(inst, self.word(inst, 0)?)?,
        };
        let float_model = SpirvType::parse(&float_type.to_string()).map_err(|_| malformed())?;
        let lanes = float_model.vector_count().unwrap_or(1);
        let scalar = self.scalar_type(inst, float_type)?;
        let half = SpirvType::parse(&pointer.r#type().to_string())
            .ok()
            .and_then(|model| model.pointee().map(|pointee| pointee.to_string()))
            .and_then(|text| self.parse_type(&text))
            .ok_or_else(|| inst.error(ErrorKind::Invalid("the pointer operand is not a pointer to half".into())))?;
        let stride = if aligned && lanes == 3 { 4 } else { lanes };
        let pointers = self.element_pointers(state, inst, location, offset, pointer, stride, lanes)?;
        let mut loaded = Vec::new();
        for (lane, element) in (0..lanes).zip(pointers) {
            match stored {
                None => {
                    let value = self.emit(state, inst, location, "spirv.Load", &[element], &[], Some(half))?;
                    loaded.push(self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(scalar))?);
                }
                Some(vector) => {
                    let value = if lanes == 1 {
                        vector
                    } else {
                        let indices = ArrayAttribute::new(self.context, &[self.i32_attribute(lane)]).into();
                        self.emit(
                            state,
                            inst,
                            location,
                            "spirv.CompositeExtract",
                            &[vector],
                            &[(self.id("indices"), indices)],
                            Some(scalar),
                        )?
                    };
                    let narrowed = self.emit(
                        state,
                        inst,
                        location,
                        "spirv.FConvert",
                        &[value],
                        rounding.as_slice(),
                        Some(half),
                    )?;
                    self.append(
                        inst,
                        state.current(),
                        OperationBuilder::new("spirv.Store", location).add_operands(&[element, narrowed]).build(),
                    )?;
                }
            }
        }
        if load {
            let value = if lanes == 1 {
                loaded[0]
            } else {
                self.emit(state, inst, location, "spirv.CompositeConstruct", &loaded, &[], Some(float_type))?
            };
            self.define_value(state, inst, self.word(inst, 1)?, value)?;
        }
        Ok(())
    }

    /// OpenCL.std `vloadn`/`vstoren`, which the dialect lacks, as what they
    /// mean: `n` scalar loads (stores) at `p[offset * n + i]`, with the
    /// alignment of the scalar (OpenCL C 6.15.8).
    pub(super) fn vector_load_store<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        number: u32,
        location: Location<'c>,
    ) -> Result<()> {
        let load = number == VLOADN;
        let (data, offset_word, pointer_word) = if load { (None, 4, 5) } else { (Some(self.word(inst, 4)?), 5, 6) };
        let offset = self.value(state, inst, self.word(inst, offset_word)?)?;
        let pointer = self.value(state, inst, self.word(inst, pointer_word)?)?;
        let stored = match data {
            Some(data) => Some(self.value(state, inst, data)?),
            None => None,
        };
        let vector_type = match stored {
            Some(vector) => vector.r#type(),
            None => self.mlir_type(inst, self.word(inst, 0)?)?,
        };
        let model = SpirvType::parse(&vector_type.to_string()).ok();
        let Some(count) = model.as_ref().and_then(SpirvType::vector_count) else {
            return Err(inst.error(ErrorKind::Invalid(format!("vloadn/vstoren on the non-vector type {vector_type}"))));
        };
        let element_type = self.scalar_type(inst, vector_type)?;
        let pointers = self.element_pointers(state, inst, location, offset, pointer, count, count)?;
        let mut loaded = Vec::new();
        for (lane, element_pointer) in (0..count).zip(pointers) {
            match stored {
                None => {
                    loaded.push(self.emit(
                        state,
                        inst,
                        location,
                        "spirv.Load",
                        &[element_pointer],
                        &[],
                        Some(element_type),
                    )?);
                }
                Some(vector) => {
                    let element = self.extract_lane(state, inst, location, vector, lane, element_type)?;
                    let store = OperationBuilder::new("spirv.Store", location)
                        .add_operands(&[element_pointer, element])
                        .build();
                    self.append(inst, state.current(), store)?;
                }
            }
        }
        if load {
            let value =
                self.emit(state, inst, location, "spirv.CompositeConstruct", &loaded, &[], Some(vector_type))?;
            self.define_value(state, inst, self.word(inst, 1)?, value)?;
        }
        Ok(())
    }

    /// The pointers to `p[offset * stride + i]` for the `lanes` lanes of a
    /// vector load or store (`spirv.PtrAccessChain` from `pointer`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn element_pointers<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'_>,
        location: Location<'c>,
        offset: Value<'c, 'b>,
        pointer: Value<'c, 'b>,
        stride: u32,
        lanes: u32,
    ) -> Result<Vec<Value<'c, 'b>>> {
        let offset_type = offset.r#type();
        let integer = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, value: u32| {
            let attribute = IntegerAttribute::new(offset_type, i64::from(value)).into();
            this.emit(state, inst, location, "spirv.Constant", &[], &[(this.id("value"), attribute)], Some(offset_type))
        };
        let stride = integer(self, state, stride)?;
        let base = self.emit(state, inst, location, "spirv.IMul", &[offset, stride], &[], Some(offset_type))?;
        let mut pointers = Vec::with_capacity(lanes as usize);
        for lane in 0..lanes {
            let index = if lane == 0 {
                base
            } else {
                let lane = integer(self, state, lane)?;
                self.emit(state, inst, location, "spirv.IAdd", &[base, lane], &[], Some(offset_type))?
            };
            pointers.push(self.emit(
                state,
                inst,
                location,
                "spirv.PtrAccessChain",
                &[pointer, index],
                &[],
                Some(pointer.r#type()),
            )?);
        }
        Ok(pointers)
    }

    /// An `OpenCL.std` instruction the dialect has no op for, as the
    /// SPIRV-LLVM-Translator represents every one of them (seed 000): a call
    /// to the builtin `__spirv_ocl_<name>`, Itanium-mangled, declared as an
    /// imported function. Integers are mangled signed unless the
    /// instruction's name says unsigned (`u_add_sat`), as the translator does.
    pub(super) fn opencl_builtin_call<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        number: u32,
        location: Location<'c>,
    ) -> Result<()> {
        let grammar = u16::try_from(number)
            .ok()
            .and_then(|number| rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE.lookup_opcode(u32::from(number)))
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("OpenCL.std instruction {number}"))))?;
        let type_id = self.word(inst, 0)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let mut arguments = Vec::new();
        for (position, &operand) in inst.words[4..].iter().enumerate() {
            let literal = grammar
                .operands
                .get(position)
                .is_some_and(|operand| operand.kind != rspirv::grammar::OperandKind::IdRef);
            arguments.push(if literal {
                // Literal operands are i32 arguments (seed 000).
                let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
                let constant = OperationBuilder::new("spirv.Constant", location)
                    .add_attributes(&[(self.id("value"), self.i32_attribute(operand))])
                    .add_results(&[i32_type])
                    .build();
                let operation = self.append(inst, state.current(), constant)?;
                operation.result(0).map_err(inst.invalid())?.into()
            } else {
                self.value(state, inst, operand)?
            });
        }
        let unsigned = grammar.opname.starts_with("u_");
        let parameter_types: Vec<Type<'c>> = arguments.iter().map(|argument| argument.r#type()).collect();
        let name = mangle(&format!("__spirv_ocl_{}", grammar.opname), &parameter_types, unsigned).ok_or_else(|| {
            inst.error(ErrorKind::Unsupported(format!(
                "OpenCL.std {} with these operand types (no builtin mangling for them)",
                grammar.opname
            )))
        })?;
        let void = self.is_void(type_id);
        let results = if void { Vec::new() } else { vec![self.mlir_type(inst, type_id)?] };
        if self.builtin_declarations.insert(name.clone()) {
            // A builtin given a pointer writes through it (`frexp`, `sincos`...).
            let pure = !parameter_types.iter().any(|ty| ty.to_string().starts_with("!spirv.ptr<"));
            self.declare_builtin(inst, &name, &parameter_types, &results, pure)?;
        }
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(&arguments)
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&results)
            .build();
        let operation = self.append(inst, state.current(), call)?;
        if !void {
            self.define(state, inst, id, operation)?;
        }
        Ok(())
    }

    /// A call of the builtin `base` (Itanium-mangled on the arguments'
    /// types, integers signed) returning `result`, declared once as an
    /// imported function with side effects (`"None"`: atomics, clocks and
    /// collectives must not be merged or moved); its result.
    pub(super) fn call_builtin<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        base: &str,
        arguments: &[Value<'c, 'b>],
        result: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let parameter_types: Vec<Type<'c>> = arguments.iter().map(|argument| argument.r#type()).collect();
        let name = mangle(base, &parameter_types, false).ok_or_else(|| {
            inst.error(ErrorKind::Unsupported(format!(
                "{base} on {} (no builtin mangling for these types)",
                parameter_types.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            )))
        })?;
        if self.builtin_declarations.insert(name.clone()) {
            self.declare_builtin(inst, &name, &parameter_types, &[result], false)?;
        }
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(arguments)
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[result])
            .build();
        let call = self.append(inst, state.current(), call)?;
        Ok(call.result(0).map_err(inst.invalid())?.into())
    }

    /// `spirv.func @name(...) "Pure"` (or `"None"` when not `pure`), imported
    /// (linked against the builtin library).
    pub(super) fn declare_builtin(
        &mut self,
        inst: &Inst<'_>,
        name: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
        pure: bool,
    ) -> Result<()> {
        let function_type = melior::ir::r#type::FunctionType::new(self.context, inputs, results);
        let linkage = self
            .attribute(inst, &format!("#spirv.linkage_attributes<linkage_name = {name:?}, linkage_type = <Import>>"))?;
        let control =
            self.attribute(inst, if pure { "#spirv.function_control<Pure>" } else { "#spirv.function_control<None>" })?;
        let declaration = OperationBuilder::new("spirv.func", self.location(inst, None))
            .add_attributes(&[
                (self.id("sym_name"), StringAttribute::new(self.context, name).into()),
                (self.id("function_type"), TypeAttribute::new(function_type.into()).into()),
                (self.id("function_control"), control),
                (self.id("linkage_attributes"), linkage),
            ])
            .add_regions([Region::new()])
            .build()
            .map_err(inst.invalid())?;
        self.module_ops.push(declaration);
        self.symbols.insert(name.to_owned());
        self.needs_linkage = true;
        Ok(())
    }
}

/// `!spirv.ptr<vector<NxT>, S>` for the `!spirv.ptr<!spirv.array<N x T>, S>`
/// that stands for it (N = 8 or 16, no stride); any other type as it is.
fn wide_vector_pointer(text: &str) -> String {
    match SpirvType::parse(text) {
        Ok(SpirvType::Pointer { pointee, storage_class }) => match pointee.as_ref() {
            SpirvType::Array { count: count @ (8 | 16), element, stride: None }
                if matches!(element.as_ref(), SpirvType::Integer { .. } | SpirvType::Float(_)) =>
            {
                format!("!spirv.ptr<vector<{count}x{element}>, {storage_class}>")
            }
            _ => text.to_owned(),
        },
        _ => text.to_owned(),
    }
}

/// The Itanium-mangled name of a function `name` taking `parameters`
/// (scalars and vectors of integers, floats and bools, and pointers to them),
/// as OpenCL builtins are named: integers signed (`i`) unless `unsigned`
/// (`j`), vectors `Dv4_f`, pointers `P` with their SPIR address space as a
/// vendor qualifier (`PU3AS1i` for a `CrossWorkgroup` pointer to an int, no
/// qualifier for `Function`), a type seen before as a substitution (`S_`,
/// `S0_`...): vectors, qualified types and pointers are candidates, in the
/// order their encodings end, as the SPIRV-LLVM-Translator's mangler has it
/// (`_Z18__spirv_ocl_sincosDv4_fPU3AS1S_`).
fn mangle(name: &str, parameters: &[Type<'_>], unsigned: bool) -> Option<String> {
    // A pointer to an 8- or 16-component vector is one to an array in the
    // dialect (types.rs); the builtin's name has the vector.
    let printed: Vec<String> = parameters.iter().map(|ty| wide_vector_pointer(&ty.to_string())).collect();
    mangle_printed(name, &printed, unsigned)
}

/// [`mangle`] on the parameter types as MLIR prints them.
fn mangle_printed(name: &str, parameters: &[String], unsigned: bool) -> Option<String> {
    let mut mangled = format!("_Z{}{name}", name.len());
    let mut candidates: Vec<String> = Vec::new();
    for parameter in parameters {
        let (code, _) = mangled_type(parameter, unsigned, &mut candidates)?;
        mangled.push_str(&code);
    }
    Some(mangled)
}

/// The mangling of the printed type `text` given the substitution
/// `candidates` so far (extended by it), and its encoding without
/// substitutions (what candidates are compared by).
fn mangled_type(text: &str, unsigned: bool, candidates: &mut Vec<String>) -> Option<(String, String)> {
    fn scalar(text: &str, unsigned: bool) -> Option<&'static str> {
        Some(match (text, unsigned) {
            ("i1", _) => "b",
            ("i8", false) => "c",
            ("i8", true) => "h",
            ("i16", false) => "s",
            ("i16", true) => "t",
            ("i32", false) => "i",
            ("i32", true) => "j",
            ("i64", false) => "l",
            ("i64", true) => "m",
            ("f16", _) => "Dh",
            ("f32", _) => "f",
            ("f64", _) => "d",
            _ => return None,
        })
    }
    /// `full` as a substitution if it is a candidate, else `code` (and
    /// `full` becomes a candidate).
    fn substituted(code: String, full: String, candidates: &mut Vec<String>) -> (String, String) {
        match candidates.iter().position(|seen| *seen == full) {
            Some(index) => (substitution(index), full),
            None => {
                candidates.push(full.clone());
                (code, full)
            }
        }
    }
    if let Some(shape) = text.strip_prefix("vector<").and_then(|rest| rest.strip_suffix('>')) {
        let (count, element) = shape.split_once('x')?;
        let code = format!("Dv{count}_{}", scalar(element, unsigned)?);
        return Some(substituted(code.clone(), code, candidates));
    }
    if let Some(inner) = text.strip_prefix("!spirv.ptr<").and_then(|rest| rest.strip_suffix('>')) {
        let (pointee, storage_class) = inner.rsplit_once(", ")?;
        // SPIR address spaces (seed 000); `Function` pointers are unqualified.
        let qualifier = match storage_class {
            "Function" => "",
            // Vulkan's buffers are global memory, as the translator maps them.
            "CrossWorkgroup" | "StorageBuffer" | "PhysicalStorageBuffer" => "U3AS1",
            "UniformConstant" => "U3AS2",
            "Workgroup" => "U3AS3",
            "Generic" => "U3AS4",
            _ => return None,
        };
        let full_pointer = |pointee_full: &str| format!("P{qualifier}{pointee_full}");
        // The whole pointer type seen before: its substitution alone.
        if let Some((_, pointee_full)) = mangled_type(pointee, unsigned, &mut Vec::new())
            && let Some(index) = candidates.iter().position(|seen| *seen == full_pointer(&pointee_full))
        {
            return Some((substitution(index), full_pointer(&pointee_full)));
        }
        let (pointee_code, pointee_full) = mangled_type(pointee, unsigned, candidates)?;
        let (qualified_code, qualified_full) = if qualifier.is_empty() {
            (pointee_code, pointee_full)
        } else {
            substituted(format!("{qualifier}{pointee_code}"), format!("{qualifier}{pointee_full}"), candidates)
        };
        return Some(substituted(format!("P{qualified_code}"), format!("P{qualified_full}"), candidates));
    }
    let code = scalar(text, unsigned)?.to_owned();
    Some((code.clone(), code))
}

/// The Itanium substitution for the `index`-th candidate: `S_`, `S0_`, ...,
/// `S9_`, `SA_`, ..., `SZ_`, `S10_`, ... (the sequence number in base 36).
fn substitution(index: usize) -> String {
    if index == 0 {
        return "S_".to_owned();
    }
    const DIGITS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut number = index - 1;
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[number % 36] as char);
        number /= 36;
        if number == 0 {
            break;
        }
    }
    let digits: String = digits.iter().rev().collect();
    format!("S{digits}_")
}

/// OpenCL.std `vloadn` and `vstoren`.
pub(super) const VLOADN: u32 = 171;
pub(super) const VSTOREN: u32 = 172;
/// OpenCL.std's half-precision loads and stores, `vload_half` (173) to
/// `vstorea_halfn_r` (181).
pub(super) const VLOAD_HALF: u32 = 173;
pub(super) const VSTOREA_HALFN_R: u32 = 181;

#[cfg(test)]
mod tests {
    #[test]
    fn builtins_are_mangled_as_the_translator_does() {
        let context = melior::Context::new();
        let ty = |text: &str| melior::ir::Type::parse(&context, text).unwrap();
        assert_eq!(super::mangle("__spirv_ocl_clz", &[ty("i32")], false).unwrap(), "_Z15__spirv_ocl_clzi");
        assert_eq!(
            super::mangle("__spirv_ocl_u_add_sat", &[ty("i32"), ty("i32")], true).unwrap(),
            "_Z21__spirv_ocl_u_add_satjj"
        );
        assert_eq!(
            super::mangle(
                "__spirv_ocl_s_mad_hi",
                &[ty("vector<4xi32>"), ty("vector<4xi32>"), ty("vector<4xi32>")],
                false
            )
            .unwrap(),
            "_Z20__spirv_ocl_s_mad_hiDv4_iS_S_"
        );
        assert_eq!(
            super::mangle("__spirv_ocl_f", &[ty("vector<2xf32>"), ty("vector<4xf32>"), ty("vector<4xf32>")], false)
                .unwrap(),
            "_Z13__spirv_ocl_fDv2_fDv4_fS0_"
        );
        assert_eq!(super::mangle("__spirv_ocl_x", &[ty("index")], false), None);
        // A float8 pointer, an array of 8 floats in the dialect.
        let pointer = super::wide_vector_pointer("!spirv.ptr<!spirv.array<8 x f32>, Function>");
        assert_eq!(pointer, "!spirv.ptr<vector<8xf32>, Function>");
        assert_eq!(
            super::mangle_printed("__spirv_ocl_sincos", &["vector<8xf32>".to_owned(), pointer], false).unwrap(),
            "_Z18__spirv_ocl_sincosDv8_fPS_"
        );
        assert_eq!(super::wide_vector_pointer("!spirv.ptr<!spirv.array<3 x f32>, Function>"), "!spirv.ptr<!spirv.array<3 x f32>, Function>");
    }

    /// Pointer parameters, as `llvm-spirv-15 -r --spirv-target-env=SPV-IR`
    /// names them (clang-22's SPIR-V output of OpenCL C 1.2 and 2.0 kernels).
    #[test]
    fn pointers_are_mangled_with_their_address_space() {
        let mangle = |name: &str, parameters: &[&str]| {
            let parameters: Vec<String> = parameters.iter().map(|text| (*text).to_owned()).collect();
            super::mangle_printed(name, &parameters, false)
        };
        let cases: &[(&str, &[&str], &str)] = &[
            ("__spirv_ocl_frexp", &["f32", "!spirv.ptr<i32, Function>"], "_Z17__spirv_ocl_frexpfPi"),
            ("__spirv_ocl_frexp", &["f32", "!spirv.ptr<i32, CrossWorkgroup>"], "_Z17__spirv_ocl_frexpfPU3AS1i"),
            ("__spirv_ocl_lgamma_r", &["f32", "!spirv.ptr<i32, Workgroup>"], "_Z20__spirv_ocl_lgamma_rfPU3AS3i"),
            ("__spirv_ocl_frexp", &["f32", "!spirv.ptr<i32, Generic>"], "_Z17__spirv_ocl_frexpfPU3AS4i"),
            (
                "__spirv_ocl_frexp",
                &["vector<4xf32>", "!spirv.ptr<vector<4xi32>, Function>"],
                "_Z17__spirv_ocl_frexpDv4_fPDv4_i",
            ),
            (
                "__spirv_ocl_sincos",
                &["vector<4xf32>", "!spirv.ptr<vector<4xf32>, CrossWorkgroup>"],
                "_Z18__spirv_ocl_sincosDv4_fPU3AS1S_",
            ),
            (
                "__spirv_ocl_remquo",
                &["vector<4xf32>", "vector<4xf32>", "!spirv.ptr<vector<4xi32>, CrossWorkgroup>"],
                "_Z18__spirv_ocl_remquoDv4_fS_PU3AS1Dv4_i",
            ),
            ("__spirv_ocl_modf", &["f64", "!spirv.ptr<f64, CrossWorkgroup>"], "_Z16__spirv_ocl_modfdPU3AS1d"),
            ("__spirv_ocl_frexp", &["f16", "!spirv.ptr<i32, CrossWorkgroup>"], "_Z17__spirv_ocl_frexpDhPU3AS1i"),
            (
                "__spirv_ocl_sincos",
                &["vector<2xf64>", "!spirv.ptr<vector<2xf64>, Workgroup>"],
                "_Z18__spirv_ocl_sincosDv2_dPU3AS3S_",
            ),
            // The same pointer type twice: the second is the pointer's substitution.
            ("f", &["!spirv.ptr<f32, CrossWorkgroup>", "!spirv.ptr<f32, CrossWorkgroup>"], "_Z1fPU3AS1fS0_"),
            ("f", &["!spirv.ptr<f32, Function>", "!spirv.ptr<f32, Function>"], "_Z1fPfS_"),
        ];
        for (name, parameters, expected) in cases {
            assert_eq!(mangle(name, parameters).as_deref(), Some(*expected), "{name}{parameters:?}");
        }
        // Vulkan buffers are global memory.
        assert_eq!(mangle("f", &["!spirv.ptr<i32, StorageBuffer>"]).as_deref(), Some("_Z1fPU3AS1i"));
        assert_eq!(mangle("f", &["!spirv.ptr<i32, Input>"]), None);
        assert_eq!(mangle("f", &["!spirv.ptr<!spirv.struct<(i32)>, Function>"]), None);
    }
}
