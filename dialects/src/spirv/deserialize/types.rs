//! `OpType*` instructions to the dialect's types: each becomes a
//! [`SpirvType`] model whose printed form MLIR parses once per `<id>`.

use std::{collections::BTreeSet, sync::Arc};

use rustc_hash::FxHashMap as HashMap;

use melior::ir::{Type, r#type::FunctionType};

use super::{
    ErrorKind,
    importer::{Importer, Result},
    matrix_layout::matrix_stand_in,
    reader::Inst,
};
use crate::spirv::{
    attributes::{
        CooperativeMatrixUseKHR, Decoration, Dim, ImageArrayedInfo, ImageDepthInfo, ImageFormat, ImageSamplerUseInfo,
        ImageSamplingInfo, Scope, StorageClass,
    },
    types::{DecorationInfo, DecorationValue, FloatKind, ImageType, Signedness, SpirvType, StructMember, StructType},
};

/// Opcodes of the type instructions this module reads.
pub mod op {
    pub const TYPE_VOID: u16 = 19;
    pub const TYPE_BOOL: u16 = 20;
    pub const TYPE_INT: u16 = 21;
    pub const TYPE_FLOAT: u16 = 22;
    pub const TYPE_VECTOR: u16 = 23;
    pub const TYPE_MATRIX: u16 = 24;
    pub const TYPE_IMAGE: u16 = 25;
    pub const TYPE_SAMPLER: u16 = 26;
    pub const TYPE_SAMPLED_IMAGE: u16 = 27;
    pub const TYPE_ARRAY: u16 = 28;
    pub const TYPE_RUNTIME_ARRAY: u16 = 29;
    pub const TYPE_STRUCT: u16 = 30;
    pub const TYPE_OPAQUE: u16 = 31;
    pub const TYPE_POINTER: u16 = 32;
    pub const TYPE_FUNCTION: u16 = 33;
    pub const TYPE_EVENT: u16 = 34;
    pub const TYPE_FORWARD_POINTER: u16 = 39;
    pub const TYPE_COOPERATIVE_MATRIX_KHR: u16 = 4456;
}

/// How deeply types may nest in an imported module, the same bound as
/// `spirv_opt_rs::context::MAX_NESTING` puts on text (a struct level prints
/// as two brackets).
pub const MAX_TYPE_DEPTH: usize = 5_000;

/// The most elements a cooperative matrix type may have (64 x 64): each
/// invocation holds them all, as one LLVM vector.
pub const MAX_COOPERATIVE_ELEMENTS: u64 = 4096;

/// A type as it can nest in a pointer, array or struct: OpenCL's 8- and
/// 16-component vectors are valid dialect values, but the dialect's type
/// parser refuses them inside `!spirv.ptr`, `!spirv.array` and
/// `!spirv.struct` (and MLIR's C API builds those types from text only), so
/// they nest as arrays of their components: the same size and order (only
/// the alignment LLVM gives a vector is lost). Loads and stores of such
/// vectors convert at the access (`memory_operands.rs`).
fn nested(model: Arc<SpirvType>) -> Arc<SpirvType> {
    match model.as_ref() {
        SpirvType::Vector { count, element } if *count > 4 => {
            Arc::new(SpirvType::Array { count: *count, element: Arc::clone(element), stride: None })
        }
        _ => model,
    }
}

/// The most types a model unfolded for mutually recursive structs may hold
/// (`Importer::resolve_struct_refs`): a cycle of structs that each name
/// several others writes out a tree that grows with the product of their
/// fan-outs, as MLIR's printer would.
const MAX_UNFOLDED_NODES: usize = 100_000;

/// `model` with each identified struct named outside its definition
/// (`SpirvType::StructRef` not among `stack`, the structs being defined)
/// replaced by its definition from `bodies`, and each definition nested in
/// its own definition by its name. `None` past `budget` types.
fn unfold(
    model: &Arc<SpirvType>,
    bodies: &HashMap<String, Arc<SpirvType>>,
    stack: &mut Vec<String>,
    budget: &mut usize,
) -> Option<Arc<SpirvType>> {
    *budget = budget.checked_sub(1)?;
    Some(match model.as_ref() {
        SpirvType::StructRef(name) if stack.contains(name) => Arc::clone(model),
        SpirvType::StructRef(name) => match bodies.get(name) {
            Some(body) => unfold(body, bodies, stack, budget)?,
            None => Arc::clone(model),
        },
        SpirvType::Struct(structure) => {
            if let Some(name) = &structure.identifier {
                if stack.contains(name) {
                    return Some(Arc::new(SpirvType::StructRef(name.clone())));
                }
                stack.push(name.clone());
            }
            let mut members = Vec::with_capacity(structure.members.len());
            for member in &structure.members {
                let ty = unfold(&member.ty, bodies, stack, budget);
                let Some(ty) = ty else {
                    if structure.identifier.is_some() {
                        stack.pop();
                    }
                    return None;
                };
                members.push(StructMember { ty, ..member.clone() });
            }
            if structure.identifier.is_some() {
                stack.pop();
            }
            Arc::new(SpirvType::Struct(StructType { members, ..structure.clone() }))
        }
        SpirvType::Pointer { pointee, storage_class } => {
            Arc::new(SpirvType::Pointer { pointee: unfold(pointee, bodies, stack, budget)?, storage_class: *storage_class })
        }
        SpirvType::Array { count, element: inner, stride } => {
            Arc::new(SpirvType::Array { count: *count, element: unfold(inner, bodies, stack, budget)?, stride: *stride })
        }
        SpirvType::RuntimeArray { element: inner, stride } => {
            Arc::new(SpirvType::RuntimeArray { element: unfold(inner, bodies, stack, budget)?, stride: *stride })
        }
        _ => Arc::clone(model),
    })
}

/// Adds to `free` the identified structs `model` names outside their own
/// definitions (`stack`: the definitions it is inside).
fn free_refs(model: &SpirvType, stack: &mut Vec<String>, free: &mut BTreeSet<String>) {
    match model {
        SpirvType::StructRef(name) if !stack.contains(name) => {
            free.insert(name.clone());
        }
        SpirvType::Struct(structure) => {
            let named = structure.identifier.clone();
            if let Some(name) = &named {
                stack.push(name.clone());
            }
            for member in &structure.members {
                free_refs(&member.ty, stack, free);
            }
            if named.is_some() {
                stack.pop();
            }
        }
        SpirvType::Pointer { pointee: inner, .. }
        | SpirvType::Array { element: inner, .. }
        | SpirvType::RuntimeArray { element: inner, .. } => free_refs(inner, stack, free),
        _ => {}
    }
}

/// Whether `opcode` declares a type.
pub fn is_type(opcode: u16) -> bool {
    matches!(opcode, op::TYPE_VOID..=op::TYPE_EVENT | op::TYPE_COOPERATIVE_MATRIX_KHR)
}

impl<'c> Importer<'c, '_> {
    /// Records the type `inst` declares.
    pub(super) fn define_type(&mut self, inst: &Inst<'_>) -> Result<()> {
        let w = inst.words;
        let id = self.word(inst, 0)?;
        let model = match inst.opcode {
            op::TYPE_VOID => SpirvType::Void,
            op::TYPE_BOOL => SpirvType::Integer { width: 1, signedness: Signedness::Signless },
            // SPIR-V arithmetic does not depend on a type's signedness, and
            // glslang mixes signed and unsigned operands: every integer is
            // signless, as in the rest of the dialect.
            op::TYPE_INT => SpirvType::Integer { width: self.word(inst, 1)?, signedness: Signedness::Signless },
            op::TYPE_FLOAT => {
                let encoding = w.get(2).copied();
                SpirvType::Float(match (self.word(inst, 1)?, encoding) {
                    (16, None) => FloatKind::F16,
                    (16, Some(0)) => FloatKind::BF16,
                    (32, None) => FloatKind::F32,
                    (64, None) => FloatKind::F64,
                    (width, encoding) => {
                        return Err(inst.error(ErrorKind::Unsupported(format!(
                            "OpTypeFloat of width {width}{}",
                            encoding.map(|e| format!(" with encoding {e}")).unwrap_or_default()
                        ))));
                    }
                })
            }
            op::TYPE_VECTOR => {
                let count = self.word(inst, 2)?;
                // What SPIR-V allows (16 and 8 with Vector16): anything else
                // would also have expansions loop over every lane.
                if !matches!(count, 2 | 3 | 4 | 8 | 16) {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "a vector of {count} components (SPIR-V allows 2, 3, 4, 8 and 16)"
                    ))));
                }
                SpirvType::Vector { element: self.model(inst, 1)?, count }
            }
            op::TYPE_MATRIX => {
                let columns = self.word(inst, 2)?;
                if !(2..=4).contains(&columns) {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "a matrix of {columns} columns (SPIR-V allows 2 to 4)"
                    ))));
                }
                SpirvType::Matrix { column_type: self.model(inst, 1)?, columns }
            }
            op::TYPE_ARRAY => {
                let length_id = self.word(inst, 2)?;
                // A specialization constant (or an OpSpecConstantOp of them)
                // counts with its specialized value: the dialect has no
                // spec-sized array (spec.rs).
                let count = self.integer_value(length_id).and_then(|count| u32::try_from(count).ok()).ok_or_else(|| {
                    inst.error(ErrorKind::Unsupported(format!(
                        "array length %{length_id} is not a 32-bit integer constant, nor a specialization constant or OpSpecConstantOp the importer can compute"
                    )))
                })?;
                if count == 0 {
                    // Possible only through specialization (a default, or a
                    // given value, that makes the length 0): SPIR-V asks
                    // for at least 1 once specialized.
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "array length %{length_id} is 0 after specialization (SPIR-V requires at least 1): \
                         give its specialization constants values (--spec)"
                    ))));
                }
                SpirvType::Array { element: nested(self.component(inst, self.word(inst, 1)?, id)?), count, stride: self.array_stride(id) }
            }
            op::TYPE_RUNTIME_ARRAY => {
                SpirvType::RuntimeArray { element: nested(self.component(inst, self.word(inst, 1)?, id)?), stride: self.array_stride(id) }
            }
            op::TYPE_STRUCT => {
                let (structure, volatile) = self.struct_type(inst, id)?;
                if !volatile.is_empty() {
                    self.volatile_members.insert(SpirvType::Struct(structure.clone()).to_string(), volatile);
                }
                SpirvType::Struct(structure)
            }
            op::TYPE_POINTER => {
                let storage_class = self.storage_class(inst, 1)?;
                let pointee_id = self.word(inst, 2)?;
                let pointee = match self.type_models.get(&pointee_id) {
                    Some(model) => Arc::clone(model),
                    None => return Err(self.undefined(inst, pointee_id, "type")),
                };
                SpirvType::Pointer { pointee: nested(pointee), storage_class }
            }
            op::TYPE_FUNCTION => {
                let result = self.word(inst, 1)?;
                let params = w.get(2..).unwrap_or_default().to_vec();
                for &param in params.iter().chain([&result]) {
                    if !self.type_models.contains_key(&param) {
                        return Err(self.undefined(inst, param, "type"));
                    }
                }
                self.function_types.insert(id, (params, result));
                SpirvType::Other("function".into())
            }
            // OpenCL's event_t: the dialect has no type for it. Async copies
            // complete by the wait (events.rs), so an event carries nothing:
            // a plain 64-bit value stands in for it.
            op::TYPE_EVENT => SpirvType::Integer { width: 64, signedness: Signedness::Signless },
            // OpenCL's incomplete struct types (`struct thing *` whose body no
            // unit defines): only pointed to, never loaded, stored or sized,
            // so any pointee will do; a byte, as clang gives `void *`.
            op::TYPE_OPAQUE => SpirvType::Integer { width: 8, signedness: Signedness::Signless },
            op::TYPE_IMAGE => SpirvType::Image(self.image_type(inst)?),
            op::TYPE_SAMPLED_IMAGE => {
                let image = self.model(inst, 1)?;
                match image.as_ref() {
                    // GLSL's `samplerBuffer`: Vulkan binds it as a uniform
                    // texel buffer, which no sampler touches (only
                    // `texelFetch` and `textureSize` read it), and the
                    // dialect refuses a sampled image of a buffer. The
                    // image stands for it; OpSampledImage and OpImage pass
                    // it through (images.rs).
                    SpirvType::Image(ty) if ty.dim == Dim::Buffer => (*image).clone(),
                    _ => SpirvType::SampledImage(image),
                }
            }
            // MLIR's dialect has no sampler type: an empty identified struct
            // of a reserved name stands in for it (images.rs, docs/import.md).
            op::TYPE_SAMPLER => super::images::sampler_stand_in(),
            op::TYPE_COOPERATIVE_MATRIX_KHR => {
                // Specialization constants (ggml's TM, TN, TK) count with
                // their specialized values, as array lengths (spec.rs).
                let value = |id| self.integer_value(id).and_then(|value| u32::try_from(value).ok());
                let scope = value(self.word(inst, 2)?).and_then(Scope::from_value);
                let rows = value(self.word(inst, 3)?);
                let columns = value(self.word(inst, 4)?);
                let use_ = value(self.word(inst, 5)?).and_then(CooperativeMatrixUseKHR::from_value);
                match (scope, rows, columns, use_) {
                    (Some(scope), Some(rows), Some(columns), Some(use_)) => {
                        // Every invocation holds the whole matrix (docs/abi.md,
                        // "Cooperative matrices"), which is right for a
                        // subgroup's or a workgroup's matrix alike; the
                        // elements are one LLVM vector, so their count is
                        // bounded.
                        if !matches!(scope, Scope::Subgroup | Scope::Workgroup) {
                            return Err(inst.error(ErrorKind::Unsupported(format!(
                                "OpTypeCooperativeMatrixKHR of scope {scope:?} (Subgroup and Workgroup only)"
                            ))));
                        }
                        if rows == 0 || columns == 0 || u64::from(rows) * u64::from(columns) > MAX_COOPERATIVE_ELEMENTS {
                            return Err(inst.error(ErrorKind::Unsupported(format!(
                                "OpTypeCooperativeMatrixKHR of {rows}x{columns} elements (1 to {MAX_COOPERATIVE_ELEMENTS} in all)"
                            ))));
                        }
                        SpirvType::CooperativeMatrix { element: self.model(inst, 1)?, rows, columns, scope, use_ }
                    }
                    _ => {
                        return Err(inst.error(ErrorKind::Unsupported(
                            "OpTypeCooperativeMatrixKHR whose scope, size or use is not a constant (nor a specialization constant the importer can compute)".into(),
                        )));
                    }
                }
            }
            _ => return Err(inst.error(ErrorKind::Unsupported(format!("type instruction {}", inst.opcode)))),
        };
        let depth = 1 + inst.words.iter().skip(1).filter_map(|word| self.type_depths.get(word)).max().copied().unwrap_or(0);
        if depth > MAX_TYPE_DEPTH {
            return Err(inst.error(ErrorKind::Unsupported(format!(
                "types nested deeper than {MAX_TYPE_DEPTH} levels (type models, MLIR's type parser and printer recurse per level)"
            ))));
        }
        self.type_depths.insert(id, depth);
        self.type_models.insert(id, Arc::new(model));
        let dangling = self.dangling_names(inst, id);
        if !dangling.is_empty() {
            self.dangling_refs.insert(id, dangling);
        }
        if inst.opcode == op::TYPE_STRUCT && self.recursive_structs.contains(&id) && !self.dangling_refs.is_empty() {
            self.resolve_struct_refs(inst)?;
        }
        Ok(())
    }

    /// The identified structs that the model of type `<id>` (just defined
    /// by `inst`) names outside their own definitions: through its
    /// components' models, or through a forward pointer to a struct not
    /// defined yet.
    fn dangling_names(&self, inst: &Inst<'_>, id: u32) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        let components: &[u32] = match inst.opcode {
            op::TYPE_STRUCT => {
                for &member in inst.words.get(1..).unwrap_or_default() {
                    self.component_dangling(member, id, &mut names);
                }
                if self.recursive_structs.contains(&id) {
                    names.remove(&self.struct_identifier(id));
                }
                return names;
            }
            op::TYPE_ARRAY | op::TYPE_RUNTIME_ARRAY => {
                if let Some(&element) = inst.words.get(1) {
                    self.component_dangling(element, id, &mut names);
                }
                return names;
            }
            _ if self.dangling_refs.is_empty() => return names,
            op::TYPE_POINTER => inst.words.get(2..3).unwrap_or_default(),
            op::TYPE_VECTOR
            | op::TYPE_MATRIX
            | op::TYPE_SAMPLED_IMAGE
            | op::TYPE_IMAGE
            | op::TYPE_COOPERATIVE_MATRIX_KHR => inst.words.get(1..2).unwrap_or_default(),
            op::TYPE_FUNCTION => inst.words.get(1..).unwrap_or_default(),
            _ => &[],
        };
        for component in components {
            names.extend(self.dangling_refs.get(component).into_iter().flatten().cloned());
        }
        names
    }

    /// Adds to `names` the identified structs that component `member` of
    /// type `owner` names outside their definitions (`component`).
    fn component_dangling(&self, member: u32, owner: u32, names: &mut BTreeSet<String>) {
        if let Some(more) = self.dangling_refs.get(&member) {
            names.extend(more.iter().cloned());
        } else if !self.type_models.contains_key(&member) {
            // A forward pointer (its model was made from its pointee).
            match self.pointer_pointees.get(&member) {
                Some(pointee) if *pointee != owner && self.type_models.contains_key(pointee) => {
                    names.extend(self.dangling_refs.get(pointee).into_iter().flatten().cloned());
                }
                Some(&pointee) => {
                    names.insert(self.struct_identifier(pointee));
                }
                None => {}
            }
        }
    }

    /// Unfolds the models that name identified structs outside their
    /// definitions once those structs are all defined: each such name
    /// becomes the struct's definition, inside which the names of the
    /// structs being defined stay names. That is the form MLIR prints
    /// mutually recursive structs in, and the only one its parser takes
    /// (`!spirv.struct<A>` outside the definition of A is an error). The
    /// definitions may name other structs in turn; unfolding follows them
    /// until every name is inside its own definition.
    pub(super) fn resolve_struct_refs(&mut self, inst: &Inst<'_>) -> Result<()> {
        let bodies: HashMap<String, Arc<SpirvType>> = self
            .recursive_structs
            .iter()
            .filter_map(|id| Some((self.struct_identifier(*id), Arc::clone(self.type_models.get(id)?))))
            .collect();
        let ready: Vec<u32> = self
            .dangling_refs
            .iter()
            .filter(|(_, names)| names.iter().all(|name| bodies.contains_key(name)))
            .map(|(id, _)| *id)
            .collect();
        for id in ready {
            self.dangling_refs.remove(&id);
            let Some(model) = self.type_models.get(&id).cloned() else { continue };
            let mut budget = MAX_UNFOLDED_NODES;
            let unfolded = unfold(&model, &bodies, &mut Vec::new(), &mut budget).ok_or_else(|| {
                inst.error(ErrorKind::Unsupported(format!(
                    "type %{id}: its mutually recursive structs written out (as MLIR's type syntax needs them) \
                     take more than {MAX_UNFOLDED_NODES} types"
                )))
            })?;
            if let Some(volatile) = self.volatile_members.remove(&model.to_string()) {
                self.volatile_members.insert(unfolded.to_string(), volatile);
            }
            // A definition followed may name a struct not defined yet.
            let mut free = BTreeSet::new();
            free_refs(&unfolded, &mut Vec::new(), &mut free);
            if !free.is_empty() {
                self.dangling_refs.insert(id, free);
            }
            self.type_models.insert(id, unfolded);
        }
        Ok(())
    }

    /// The model of `member`, a member of struct `owner` or the element of
    /// array `owner`. A pointer declared only forward so far: to `owner`
    /// (a recursive struct) or to a struct defined later (mutual
    /// recursion), it names that identified struct (`note_recursion`); to
    /// one already defined, its model.
    fn component(&self, inst: &Inst<'_>, member: u32, owner: u32) -> Result<Arc<SpirvType>> {
        if let Some(model) = self.type_models.get(&member) {
            return Ok(Arc::clone(model));
        }
        let Some(&storage_class) = self.forward_pointers.get(&member) else {
            return Err(self.undefined(inst, member, "type"));
        };
        let storage_class = StorageClass::from_value(storage_class)
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("storage class {storage_class}"))))?;
        let pointee = match self.pointer_pointees.get(&member) {
            Some(&pointee) if pointee != owner && self.type_models.contains_key(&pointee) => {
                nested(Arc::clone(&self.type_models[&pointee]))
            }
            Some(&pointee) if self.recursive_structs.contains(&pointee) => {
                Arc::new(SpirvType::StructRef(self.struct_identifier(pointee)))
            }
            _ => return Err(self.undefined(inst, member, "type")),
        };
        Ok(Arc::new(SpirvType::Pointer { pointee, storage_class }))
    }

    /// The model of the type `<id>` in word `index` of `inst`.
    fn model(&self, inst: &Inst<'_>, index: usize) -> Result<Arc<SpirvType>> {
        let id = self.word(inst, index)?;
        self.type_models.get(&id).cloned().ok_or_else(|| self.undefined(inst, id, "type"))
    }

    fn storage_class(&self, inst: &Inst<'_>, index: usize) -> Result<StorageClass> {
        let value = self.word(inst, index)?;
        StorageClass::from_value(value)
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("storage class {value}"))))
    }

    pub(super) fn array_stride(&self, id: u32) -> Option<u32> {
        self.decorations_of(id).find(|d| d.decoration == Decoration::ArrayStride as u32).and_then(|d| d.literals.first().copied())
    }

    /// The name of the identified struct `<id>`: its `OpName` if it has one.
    pub(super) fn struct_identifier(&self, id: u32) -> String {
        match self.names.get(&id) {
            Some(name) if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') => {
                format!("{name}_{id}")
            }
            _ => format!("struct_{id}"),
        }
    }

    /// The struct `<id>`, and its members decorated `Volatile`: the
    /// decoration is not kept in the type (it has no LLVM lowering) but on
    /// each access through those members (`memory_operands.rs`).
    fn struct_type(&mut self, inst: &Inst<'_>, id: u32) -> Result<(StructType, Vec<u32>)> {
        let mut members = Vec::new();
        let mut volatile = Vec::new();
        for (index, &member_id) in inst.words.iter().enumerate().skip(1) {
            let member_index = (index - 1) as u32;
            let ty = self.component(inst, member_id, id)?;
            let mut offset = None;
            let mut decorations = Vec::new();
            for decor in self.member_decorations.get(&(id, member_index)).into_iter().flatten() {
                if decor.decoration == Decoration::Offset as u32 {
                    offset = decor.literals.first().copied();
                } else {
                    decorations.push(self.decoration_info(inst, decor.decoration, decor.literals)?);
                }
            }
            if decorations.iter().any(|info| info.decoration == Decoration::Volatile) {
                decorations.retain(|info| info.decoration != Decoration::Volatile);
                volatile.push(member_index);
            }
            let ty = match matrix_stand_in(&ty, &decorations) {
                Some(stand_in) => {
                    self.row_major_stand_ins |= decorations.iter().any(|info| info.decoration == Decoration::RowMajor);
                    // The layout is the stand-in's now (matrix_layout.rs).
                    decorations.retain(|info| {
                        !matches!(info.decoration, Decoration::MatrixStride | Decoration::RowMajor | Decoration::ColMajor)
                    });
                    stand_in
                }
                None => ty,
            };
            members.push(StructMember { ty: nested(ty), offset, decorations });
        }
        // Offsets are all or nothing in the dialect; a struct with some gets 0 for the others.
        if members.iter().any(|m| m.offset.is_some()) {
            for member in &mut members {
                member.offset.get_or_insert(0);
            }
        }
        let mut decorations = Vec::new();
        for decor in self.decorations_of(id) {
            decorations.push(self.decoration_info(inst, decor.decoration, decor.literals)?);
        }
        let identifier = self.recursive_structs.contains(&id).then(|| self.struct_identifier(id));
        Ok((StructType { identifier, members, decorations }, volatile))
    }

    fn decoration_info(&self, inst: &Inst<'_>, decoration: u32, literals: &[u32]) -> Result<DecorationInfo> {
        let known = Decoration::from_value(decoration)
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("decoration {decoration} on a struct or member"))))?;
        let value = match literals {
            [] => None,
            [value] => Some(DecorationValue::Integer(i64::from(*value))),
            _ => Some(DecorationValue::Other(format!("{literals:?}"))),
        };
        Ok(DecorationInfo { decoration: known, value })
    }

    fn image_type(&self, inst: &Inst<'_>) -> Result<ImageType> {
        let unsupported = |what: &str| inst.error(ErrorKind::Unsupported(format!("OpTypeImage with {what}")));
        let dim = Dim::from_value(self.word(inst, 2)?).ok_or_else(|| unsupported("this Dim"))?;
        let depth = ImageDepthInfo::from_value(self.word(inst, 3)?).ok_or_else(|| unsupported("this Depth"))?;
        let arrayed = ImageArrayedInfo::from_value(self.word(inst, 4)?).ok_or_else(|| unsupported("this Arrayed"))?;
        let sampling = ImageSamplingInfo::from_value(self.word(inst, 5)?).ok_or_else(|| unsupported("this MS"))?;
        let sampler_use = ImageSamplerUseInfo::from_value(self.word(inst, 6)?).ok_or_else(|| unsupported("this Sampled"))?;
        let format = ImageFormat::from_value(self.word(inst, 7)?).ok_or_else(|| unsupported("this Image Format"))?;
        if inst.words.len() > 9 {
            return Err(inst.error(ErrorKind::Invalid(format!("OpTypeImage with {} operands", inst.words.len()))));
        }
        // The access qualifier (OpenCL's read_only, write_only, read_write)
        // has no place in the dialect's type. An OpenCL image's Sampled is
        // 0 (unknown); the qualifier goes into it so that the kernel ABI
        // can tell the host which images are written: read_only keeps 0
        // (the dialect lets both reads and samplers use it), write_only and
        // read_write become 2, a storage image (docs/import.md).
        let sampler_use = match inst.words.get(8) {
            None => sampler_use,
            Some(&access) if access > 2 => return Err(unsupported(&format!("access qualifier {access}"))),
            Some(0) => sampler_use,
            Some(_) if sampler_use != ImageSamplerUseInfo::SamplerUnknown => sampler_use,
            Some(_) => ImageSamplerUseInfo::NoSampler,
        };
        // The dialect takes no `none` texel type: OpenCL's `void` (its
        // images carry their format at run time) becomes f32, which is what
        // read_imagef gives; the lowering takes the texels' kind from the
        // instructions' result types either way.
        let element = match self.model(inst, 1)? {
            element if matches!(&*element, SpirvType::Void) => Arc::new(SpirvType::Float(FloatKind::F32)),
            element => element,
        };
        Ok(ImageType { element, dim, depth, arrayed, sampling, sampler_use, format })
    }

    /// The MLIR type of the type `<id>`, parsed once from its model's printed form.
    pub(super) fn mlir_type(&mut self, inst: &Inst<'_>, id: u32) -> Result<Type<'c>> {
        if let Some(ty) = self.mlir_types.get(&id) {
            return Ok(*ty);
        }
        let ty = if let Some((params, result)) = self.function_types.get(&id).cloned() {
            let inputs = params.iter().map(|&param| self.mlir_type(inst, param)).collect::<Result<Vec<_>>>()?;
            let results = match self.type_models.get(&result).map(|m| &**m) {
                Some(SpirvType::Void) => Vec::new(),
                _ => vec![self.mlir_type(inst, result)?],
            };
            FunctionType::new(self.context, &inputs, &results).into()
        } else {
            if let Some(names) = self.dangling_refs.get(&id) {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                return Err(inst.error(ErrorKind::Invalid(format!(
                    "type %{id} names the struct(s) {} through forward pointers, and the module does not define \
                     them before this use",
                    names.join(", ")
                ))));
            }
            let model = self.type_models.get(&id).ok_or_else(|| self.undefined(inst, id, "type"))?;
            let text = model.to_string();
            self.parse_type(&text).ok_or_else(|| {
                inst.error(ErrorKind::Unsupported(format!("type %{id} ({text}) is not a valid dialect type")))
            })?
        };
        self.mlir_types.insert(id, ty);
        Ok(ty)
    }

    /// Whether `<id>` is `OpTypeVoid`.
    pub(super) fn is_void(&self, id: u32) -> bool {
        matches!(self.type_models.get(&id).map(|m| &**m), Some(SpirvType::Void))
    }
}
