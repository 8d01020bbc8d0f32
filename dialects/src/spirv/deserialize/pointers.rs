//! Core instructions on pointers that the MLIR 22 dialect has no op for:
//! `OpArrayLength`, `OpPtrEqual`, `OpPtrNotEqual`, `OpPtrDiff`,
//! `OpGenericPtrMemSemantics`, and `OpConstantNull` of a pointer type
//! (`spirv.Constant` holds no pointers).
//! Each becomes
//! dialect ops where those are exact, else a call to a function of the
//! kernel ABI's namespace (`__spvabi_*`) that the lowering or the ABI gives
//! its meaning (docs/import.md, "What maps to what").

use melior::ir::{
    Location, Type, Value, ValueLike,
    attribute::{FlatSymbolRefAttribute, IntegerAttribute},
    operation::OperationBuilder,
    r#type::IntegerType,
};

use super::{
    ABI_ARRAY_LENGTH, ABI_GENERIC_PTR_MEM_SEMANTICS, ABI_NULL_POINTER, ABI_PTR_TO_INT, ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::{attributes::StorageClass, types::SpirvType};

/// Opcodes handled here.
pub(super) mod opcode {
    pub const ARRAY_LENGTH: u16 = 68;
    pub const PTR_EQUAL: u16 = 401;
    pub const PTR_NOT_EQUAL: u16 = 402;
    pub const PTR_DIFF: u16 = 403;
    pub const GENERIC_PTR_MEM_SEMANTICS: u16 = 69;
}

/// `AddressingModel Logical`: pointers are abstract, `spirv.ConvertPtrToU`
/// is refused (except for `PhysicalStorageBuffer` pointers).
const LOGICAL: u32 = 0;

impl<'c, 'w> Importer<'c, 'w> {
    /// One of the instructions of [`opcode`].
    pub(super) fn pointer_instruction<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let value = match inst.opcode {
            opcode::ARRAY_LENGTH => self.array_length(state, inst, location, result_type)?,
            opcode::GENERIC_PTR_MEM_SEMANTICS => {
                // Which memory a generic pointer points into is known at run
                // time only: the kernel ABI defines the call from the ranges
                // of the objects the kernel can reach (docs/abi.md).
                let pointer = self.value(state, inst, self.word(inst, 2)?)?;
                let name = self.abi_function(inst, ABI_GENERIC_PTR_MEM_SEMANTICS, &[pointer.r#type()], result_type)?;
                let call = OperationBuilder::new("spirv.FunctionCall", location)
                    .add_operands(&[pointer])
                    .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
                    .add_results(&[result_type])
                    .build();
                let call = self.append(inst, state.current(), call)?;
                call.result(0).map_err(inst.invalid())?.into()
            }
            opcode::PTR_EQUAL | opcode::PTR_NOT_EQUAL => {
                let a = self.value(state, inst, self.word(inst, 2)?)?;
                let b = self.value(state, inst, self.word(inst, 3)?)?;
                let a = self.pointer_to_integer(state, inst, location, a)?;
                let b = self.pointer_to_integer(state, inst, location, b)?;
                let name = if inst.opcode == opcode::PTR_EQUAL { "spirv.IEqual" } else { "spirv.INotEqual" };
                self.emit(state, inst, location, name, &[a, b], &[], Some(result_type))?
            }
            _ => {
                // (a - b) / the size of one element, the size as the
                // lowering lays the element out: the distance from b to b + 1
                // (OpPtrAccessChain's meaning of an element).
                let a = self.value(state, inst, self.word(inst, 2)?)?;
                let b = self.value(state, inst, self.word(inst, 3)?)?;
                let one = self.integer_constant(state, inst, location, 32, 1)?;
                let next = self.emit(state, inst, location, "spirv.PtrAccessChain", &[b, one], &[], Some(b.r#type()))?;
                let a = self.pointer_to_integer(state, inst, location, a)?;
                let b_address = self.pointer_to_integer(state, inst, location, b)?;
                let next = self.pointer_to_integer(state, inst, location, next)?;
                let i64_type = a.r#type();
                let bytes = self.emit(state, inst, location, "spirv.ISub", &[a, b_address], &[], Some(i64_type))?;
                let size = self.emit(state, inst, location, "spirv.ISub", &[next, b_address], &[], Some(i64_type))?;
                let elements = self.emit(state, inst, location, "spirv.SDiv", &[bytes, size], &[], Some(i64_type))?;
                if result_type == i64_type {
                    elements
                } else {
                    self.emit(state, inst, location, "spirv.SConvert", &[elements], &[], Some(result_type))?
                }
            }
        };
        self.define_value(state, inst, id, value)
    }

    /// `OpArrayLength %struct_pointer member`: a call to the kernel ABI's
    /// `__spvabi_array_length_<n>(pointer, offset, stride) -> i32`, the
    /// member's byte offset and its runtime array's `ArrayStride` as
    /// constants. The ABI traces the pointer to its buffer and computes
    /// `(size - offset) / stride` from the size the host gives (docs/abi.md).
    fn array_length<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        result_type: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        if result_type != i32_type {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpArrayLength gives a 32-bit integer, not {result_type}"
            ))));
        }
        let pointer = self.value(state, inst, self.word(inst, 2)?)?;
        let member = self.word(inst, 3)?;
        let pointer_type = pointer.r#type();
        let model = SpirvType::parse(&pointer_type.to_string())
            .map_err(|_| inst.error(ErrorKind::Invalid(format!("OpArrayLength of a {pointer_type}"))))?;
        let layout = match &model {
            SpirvType::Pointer { pointee, .. } => match pointee.as_ref() {
                SpirvType::Struct(structure) => {
                    structure.members.get(member as usize).filter(|_| member as usize + 1 == structure.members.len())
                }
                _ => None,
            }
            .and_then(|last| match last.ty.as_ref() {
                SpirvType::RuntimeArray { stride, .. } => Some((last.offset, *stride)),
                _ => None,
            }),
            _ => None,
        };
        let Some((offset, stride)) = layout else {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "OpArrayLength: member {member} of the pointee of {pointer_type} is not a runtime array ending a struct"
            ))));
        };
        let (Some(offset), Some(stride)) = (offset, stride.filter(|stride| *stride > 0)) else {
            return Err(inst.error(ErrorKind::Invalid(
                "OpArrayLength of a runtime array without an `Offset` or `ArrayStride`".into(),
            )));
        };
        let name = self.abi_function(inst, ABI_ARRAY_LENGTH, &[pointer_type, i32_type, i32_type], i32_type)?;
        let offset = self.integer_constant(state, inst, location, 32, i64::from(offset))?;
        let stride = self.integer_constant(state, inst, location, 32, i64::from(stride))?;
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(&[pointer, offset, stride])
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[i32_type])
            .build();
        let call = self.append(inst, state.current(), call)?;
        Ok(call.result(0).map_err(inst.invalid())?.into())
    }

    /// The address of `pointer` as an `i64`: `spirv.ConvertPtrToU` where the
    /// dialect allows it (physical addressing, `PhysicalStorageBuffer`),
    /// else a call to `__spvabi_ptr_to_int_<n>`, which the lowering turns
    /// into `llvm.ptrtoint` (logical pointers have an address once lowered;
    /// SPIR-V only lets variable pointers be compared and subtracted).
    pub(super) fn pointer_to_integer<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        pointer: Value<'c, 'b>,
    ) -> Result<Value<'c, 'b>> {
        let ty = pointer.r#type();
        let i64_type: Type<'c> = IntegerType::new(self.context, 64).into();
        if self.physical_pointer(ty) {
            return self.emit(state, inst, location, "spirv.ConvertPtrToU", &[pointer], &[], Some(i64_type));
        }
        let name = self.abi_function(inst, ABI_PTR_TO_INT, &[ty], i64_type)?;
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_operands(&[pointer])
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[i64_type])
            .build();
        let call = self.append(inst, state.current(), call)?;
        Ok(call.result(0).map_err(inst.invalid())?.into())
    }

    /// The null pointer of pointer type `ty`: `spirv.ConvertUToPtr` of 0
    /// where the dialect allows it (physical addressing,
    /// `PhysicalStorageBuffer`), else a call to `__spvabi_null_pointer_<n>`,
    /// which the lowering turns into `llvm.mlir.zero`.
    pub(super) fn null_pointer<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        if self.physical_pointer(ty) {
            let zero = self.integer_constant(state, inst, location, 64, 0)?;
            return self.emit(state, inst, location, "spirv.ConvertUToPtr", &[zero], &[], Some(ty));
        }
        let name = self.abi_function(inst, ABI_NULL_POINTER, &[], ty)?;
        let call = OperationBuilder::new("spirv.FunctionCall", location)
            .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
            .add_results(&[ty])
            .build();
        let call = self.append(inst, state.current(), call)?;
        Ok(call.result(0).map_err(inst.invalid())?.into())
    }

    /// Whether the dialect lets pointers of type `ty` convert to and from
    /// integers: physical addressing, or `PhysicalStorageBuffer`.
    fn physical_pointer(&self, ty: Type<'c>) -> bool {
        self.memory_model.is_some_and(|(addressing, _)| addressing != LOGICAL)
            || matches!(
                SpirvType::parse(&ty.to_string()),
                Ok(SpirvType::Pointer { storage_class: StorageClass::PhysicalStorageBuffer, .. })
            )
    }

    /// The name of the declared function `<prefix>_<n>` taking `inputs`
    /// (one declaration per signature: a `spirv.func`'s parameters are
    /// typed), declared on first use.
    pub(super) fn abi_function(&mut self, inst: &Inst<'_>, prefix: &str, inputs: &[Type<'c>], result: Type<'c>) -> Result<String> {
        self.abi_function_of(inst, prefix, inputs, &[result])
    }

    /// [`Self::abi_function`] with any number of results (none or one).
    pub(super) fn abi_function_of(
        &mut self,
        inst: &Inst<'_>,
        prefix: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
    ) -> Result<String> {
        let inputs_text = inputs.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let results_text = results.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let key = format!("{prefix}:{inputs_text}->{results_text}");
        if let Some(name) = self.abi_declarations.get(&key) {
            return Ok(name.clone());
        }
        let mut name = format!("{prefix}_{}", self.abi_declarations.len());
        while self.symbols.contains(&name) {
            name.push('_');
        }
        self.declare_builtin(inst, &name, inputs, results, true)?;
        self.abi_declarations.insert(key, name.clone());
        Ok(name)
    }

    /// A `spirv.Constant` of an integer type `iN`.
    pub(super) fn integer_constant<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        width: u32,
        value: i64,
    ) -> Result<Value<'c, 'b>> {
        let ty: Type<'c> = IntegerType::new(self.context, width).into();
        let attribute = IntegerAttribute::new(ty, value).into();
        self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), attribute)], Some(ty))
    }
}

/// `OpPtrAccessChain` and `OpInBoundsPtrAccessChain`.
pub(super) const PTR_ACCESS_CHAIN: u16 = 67;
/// See [`PTR_ACCESS_CHAIN`].
pub(super) const IN_BOUNDS_PTR_ACCESS_CHAIN: u16 = 70;

/// Whether a pointer type's `ArrayStride` sets the step of
/// `OpPtrAccessChain`'s `Element` in `storage_class`. The SPIR-V
/// specification (OpPtrAccessChain) uses the stride for objects in the
/// `Uniform`, `StorageBuffer`, `PhysicalStorageBuffer` and `PushConstant`
/// storage classes; "for all other objects, the implementation calculates
/// the element's address", so a stride on a `Workgroup` (or `Function`,
/// `CrossWorkgroup`, ...) pointer type is ignored and `Element` steps by
/// the pointee's size.
fn stride_applies(storage_class: StorageClass) -> bool {
    matches!(
        storage_class,
        StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::PhysicalStorageBuffer | StorageClass::PushConstant
    )
}

impl<'c, 'w> Importer<'c, 'w> {
    /// The `ArrayStride` of the pointer type of `base` (a value of MLIR type
    /// `ty`), when a pointer type of that type is decorated with one, with
    /// its pointee and storage class (only in the storage classes where
    /// the stride applies: [`stride_applies`]). Pointer types the dialect makes one
    /// (the same pointee and storage class) with different strides are
    /// refused: which one `base` has is not known here.
    fn pointer_stride(&mut self, inst: &Inst<'_>, ty: Type<'c>) -> Result<Option<(SpirvType, u32)>> {
        let mut ids: Vec<u32> = self.pointer_pointees.keys().copied().collect();
        ids.sort_unstable();
        let mut found: Option<(SpirvType, u32)> = None;
        for id in ids {
            let Some(stride) = self.array_stride(id) else { continue };
            if self.mlir_type(inst, id)? != ty {
                continue;
            }
            let model = self.type_models.get(&id).map(|model| (**model).clone()).ok_or_else(|| self.undefined(inst, id, "type"))?;
            if !model.storage_class().is_some_and(stride_applies) {
                continue;
            }
            match &found {
                Some((_, other)) if *other != stride => {
                    return Err(inst.error(ErrorKind::Unsupported(format!(
                        "pointer types {model} with ArrayStride {other} and {stride}: which one a pointer has is lost"
                    ))));
                }
                _ => found = Some((model, stride)),
            }
        }
        Ok(found)
    }

    /// `OpPtrAccessChain %base %element %indices...` whose base's pointer
    /// type has an `ArrayStride` S (SPIR-V: `Element` steps by S, not by
    /// the size of the pointee): the base as a pointer to a runtime array
    /// of its pointee at stride S (`spirv.Bitcast`, nothing at run time),
    /// then `spirv.AccessChain` with every index. The lowering steps over
    /// the array by S (padding an element, or refusing a stride no layout
    /// gives it). Returns false for a base without a stride (the table's
    /// `spirv.PtrAccessChain`, which steps by the pointee's size).
    pub(super) fn strided_ptr_access_chain<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        let base = self.value(state, inst, self.word(inst, 2)?)?;
        let Some((SpirvType::Pointer { pointee, storage_class }, stride)) = self.pointer_stride(inst, base.r#type())? else {
            return Ok(false);
        };
        let array = SpirvType::Pointer {
            pointee: std::sync::Arc::new(SpirvType::RuntimeArray { element: pointee, stride: Some(stride) }),
            storage_class,
        };
        let text = array.to_string();
        let array_type = self
            .parse_type(&text)
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("{text} is not a valid dialect type"))))?;
        let id = self.word(inst, 1)?;
        let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let mut operands = vec![self.emit(state, inst, location, "spirv.Bitcast", &[base], &[], Some(array_type))?];
        for &index in inst.words.get(3..).unwrap_or_default() {
            operands.push(self.value(state, inst, index)?);
        }
        let element = self.emit(state, inst, location, "spirv.AccessChain", &operands, &[], Some(result_type))?;
        self.define_value(state, inst, id, element)?;
        Ok(true)
    }
}
