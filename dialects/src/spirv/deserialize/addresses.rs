//! Program-scope pointers initialized with addresses (OpenCL C 2.0's
//! `global int *global p = &a[2];`, arrays and structs of such pointers, a
//! pointer to another program-scope pointer).
//!
//! The initializer of such a variable is another variable's `<id>`, or an
//! `OpSpecConstantOp` chain over one: `Bitcast`, the pointer casts and the
//! access chains. The dialect cannot name either: `spirv.GlobalVariable`'s
//! `initializer` must be a specialization constant, and no constant holds a
//! pointer. So the importer resolves the chain to the variable and its steps
//! (each a GEP over a pointee type with constant indices) and gives the
//! global an [`ADDRESS_GLOBAL`]/[`ADDRESS_STEPS`] dictionary as its
//! [`INITIALIZER_CONSTITUENTS`] tree, or as a leaf of it; the lowering builds
//! `llvm.mlir.addressof` and constant `llvm.getelementptr`s in the global's
//! initializer region (docs/import.md, "Addresses in initializers").
//!
//! [`INITIALIZER_CONSTITUENTS`]: crate::spirv::INITIALIZER_CONSTITUENTS

use melior::ir::{
    Attribute, Type,
    attribute::{ArrayAttribute, DictionaryAttribute, FlatSymbolRefAttribute, IntegerAttribute, TypeAttribute},
    r#type::IntegerType,
};

use super::{
    ErrorKind,
    importer::{ConstantValue, Importer, Result, op, opcode_name},
    reader::Inst,
};
use crate::spirv::{ADDRESS_GLOBAL, ADDRESS_STEPS, types::SpirvType};

/// The opcodes an address chain may hold (besides the access chains of [`op`]).
const PTR_ACCESS_CHAIN: u16 = 67;
const IN_BOUNDS_PTR_ACCESS_CHAIN: u16 = 70;
const PTR_CAST_TO_GENERIC: u16 = 121;
const GENERIC_CAST_TO_PTR: u16 = 122;

/// Chains nest at most this deep (a guard against malformed modules).
const MAX_CHAIN: usize = 64;

/// A resolved address: the global's symbol (`None`: a null pointer, cast
/// or not), its steps (each an array of a pointee type and constant
/// indices, the first stepping over whole pointees), and the type `<id>` of
/// the pointer it is.
struct Resolved<'c> {
    global: Option<String>,
    steps: Vec<Attribute<'c>>,
    pointer_type: u32,
    /// The global's type is or holds a pointer (a byte offset into it is
    /// refused in a Physical32 module).
    holds_pointers: bool,
}

impl<'c, 'w> Importer<'c, 'w> {
    /// Whether constant `<id>` is an address: a global variable, an
    /// `OpSpecConstantOp` of a pointer type, or a null pointer.
    pub(super) fn is_address(&self, id: u32) -> bool {
        if self.globals.contains_key(&id) {
            return true;
        }
        let pointer = |type_id: &u32| {
            self.type_models.get(type_id).is_some_and(|model| matches!(**model, SpirvType::Pointer { .. }))
        };
        if let Some(inst) = self.spec_constant_ops.get(&id) {
            return inst.words.first().is_some_and(pointer);
        }
        matches!(self.constants.get(&id), Some((type_id, ConstantValue::Null)) if pointer(type_id))
    }

    /// The address dictionary of `<id>` (one [`Self::is_address`] accepts),
    /// for the initializer of the global `inst` defines: `{global = @g,
    /// steps = [[type, i...], ...]}`, or `{}` for a null pointer.
    pub(super) fn address_tree(&mut self, inst: &Inst<'w>, id: u32) -> Result<Attribute<'c>> {
        let resolved = self.resolve_address(inst, id, 0)?;
        let Some(global) = resolved.global else {
            return Ok(DictionaryAttribute::new(self.context, &[]).into());
        };
        let global = FlatSymbolRefAttribute::new(self.context, &global).into();
        let steps = ArrayAttribute::new(self.context, &resolved.steps).into();
        Ok(DictionaryAttribute::new(self.context, &[(self.id(ADDRESS_GLOBAL), global), (self.id(ADDRESS_STEPS), steps)])
            .into())
    }

    fn resolve_address(&mut self, user: &Inst<'w>, id: u32, depth: usize) -> Result<Resolved<'c>> {
        if depth > MAX_CHAIN {
            return Err(user.error(ErrorKind::Invalid("an address chain nests too deep".into())));
        }
        if let Some((global, pointer_type)) = self.globals.get(&id) {
            let holds_pointers = self
                .pointer_pointees
                .get(pointer_type)
                .and_then(|pointee| self.type_models.get(pointee))
                .is_some_and(|model| holds_pointers(model, 0));
            return Ok(Resolved {
                global: Some(global.clone()),
                steps: Vec::new(),
                pointer_type: *pointer_type,
                holds_pointers,
            });
        }
        if let Some((pointer_type, ConstantValue::Null)) = self.constants.get(&id) {
            return Ok(Resolved { global: None, steps: Vec::new(), pointer_type: *pointer_type, holds_pointers: false });
        }
        let Some(inst) = self.spec_constant_ops.get(&id).copied() else {
            return Err(user.error(ErrorKind::Unsupported(format!(
                "<id> %{id} in the address of a global's initializer is neither a global variable nor an \
                 OpSpecConstantOp over one"
            ))));
        };
        let result_type = self.word(&inst, 0)?;
        let opcode = self.word(&inst, 2)? as u16;
        let operands = inst.words.get(3..).unwrap_or_default();
        let base = *operands
            .first()
            .ok_or_else(|| inst.error(ErrorKind::Malformed("OpSpecConstantOp without operands".into())))?;
        match opcode {
            // The same address as another type: GEPs step over bytes in
            // LLVM whatever the pointer's type, and the lowering casts the
            // address space once at the end.
            op::BITCAST | PTR_CAST_TO_GENERIC | GENERIC_CAST_TO_PTR => {
                let mut resolved = self.resolve_address(&inst, base, depth + 1)?;
                resolved.pointer_type = result_type;
                Ok(resolved)
            }
            op::ACCESS_CHAIN | op::IN_BOUNDS_ACCESS_CHAIN | PTR_ACCESS_CHAIN | IN_BOUNDS_PTR_ACCESS_CHAIN => {
                let mut resolved = self.resolve_address(&inst, base, depth + 1)?;
                if resolved.global.is_none() {
                    return Err(inst.error(ErrorKind::Unsupported(format!(
                        "{} over a null pointer in a global's initializer",
                        opcode_name(opcode)
                    ))));
                }
                let mut indices = Vec::with_capacity(operands.len());
                if matches!(opcode, op::ACCESS_CHAIN | op::IN_BOUNDS_ACCESS_CHAIN) {
                    indices.push(0);
                }
                for &index in &operands[1..] {
                    indices.push(self.signed_integer_value(index).ok_or_else(|| {
                        inst.error(ErrorKind::Unsupported(format!(
                            "index %{index} of an address in a global's initializer is not an integer constant"
                        )))
                    })?);
                }
                let pointee = self.pointer_pointees.get(&resolved.pointer_type).copied();
                let result_pointee = self.pointer_pointees.get(&result_type).copied();
                let (Some(pointee), Some(result_pointee)) = (pointee, result_pointee) else {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "{} in an address: its base or result is not a pointer",
                        opcode_name(opcode)
                    ))));
                };
                let model =
                    self.type_models.get(&pointee).cloned().ok_or_else(|| self.undefined(&inst, pointee, "type"))?;
                let result_model = self.type_models.get(&result_pointee).cloned();
                // clang-22's SPIR-V backend writes LLVM's `gep i8 @a, 8`
                // (the canonical form of `&a[2]`) as `InBoundsPtrAccessChain
                // %a %0 %8`, typed `uchar*` or as its base (`uint[4]*`): 8
                // is a byte offset. By the indices' own meaning it would be
                // element 8 of `a`, whose type neither is; the result type
                // is the only hint. So where the indices do not walk to the
                // result's pointee, the last index counts bytes.
                let walked = walk(&model, &indices[1..]);
                let counts_bytes = indices.len() > 1 && walked != result_model.as_deref();
                let bytes = counts_bytes || matches!(*model, SpirvType::Integer { width: 8, .. });
                if bytes
                    && resolved.holds_pointers
                    && indices.last() != Some(&0)
                    && self.memory_model.is_some_and(|(addressing, _)| addressing == PHYSICAL32)
                    && self.host_pointers
                {
                    // The module counts 4 bytes per pointer, the host's
                    // layout 8 (deserialize/physical32.rs: the same rule in
                    // functions); the module's layout (`PointerLayout::Module`)
                    // counts 4 too.
                    return Err(inst.error(ErrorKind::Unsupported(
                        "a byte offset into a global holding pointers, in an address in a Physical32 module's \
                         initializer (its pointers take 4 bytes in memory, the runner's 8)"
                            .into(),
                    )));
                }
                if counts_bytes {
                    let last = indices.pop().unwrap_or_default();
                    let pointee_type = self.mlir_type(&inst, pointee)?;
                    resolved.steps.push(self.step(pointee_type, &indices));
                    resolved.steps.push(self.step(IntegerType::new(self.context, 8).into(), &[last]));
                } else {
                    let pointee_type = self.mlir_type(&inst, pointee)?;
                    resolved.steps.push(self.step(pointee_type, &indices));
                }
                resolved.pointer_type = result_type;
                Ok(resolved)
            }
            other => Err(inst.error(ErrorKind::Unsupported(format!(
                "an address in a global's initializer made by OpSpecConstantOp {} (Bitcast, the pointer casts and \
                 the access chains are read)",
                opcode_name(other)
            )))),
        }
    }

    /// One step: `[pointee type, first index, indices...]`.
    fn step(&self, ty: Type<'c>, indices: &[i64]) -> Attribute<'c> {
        let i64_type = IntegerType::new(self.context, 64).into();
        let mut parts: Vec<Attribute<'c>> = vec![TypeAttribute::new(ty).into()];
        parts.extend(indices.iter().map(|&index| -> Attribute<'c> { IntegerAttribute::new(i64_type, index).into() }));
        ArrayAttribute::new(self.context, &parts).into()
    }
}

/// The type `indices` walk to from `model` (struct members by number, the
/// elements of arrays, vectors and matrices), `None` where one does not fit.
fn walk<'m>(model: &'m SpirvType, indices: &[i64]) -> Option<&'m SpirvType> {
    let mut current = model;
    for &index in indices {
        current = match current {
            SpirvType::Struct(st) => &st.members.get(usize::try_from(index).ok()?)?.ty,
            SpirvType::Array { element, .. }
            | SpirvType::RuntimeArray { element, .. }
            | SpirvType::Vector { element, .. }
            | SpirvType::Matrix { column_type: element, .. } => element,
            _ => return None,
        };
    }
    Some(current)
}

/// `AddressingModel Physical32`.
const PHYSICAL32: u32 = 1;

/// Whether a value of `ty` is or holds a pointer.
fn holds_pointers(ty: &SpirvType, depth: usize) -> bool {
    depth <= 64
        && match ty {
            SpirvType::Pointer { .. } => true,
            SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => holds_pointers(element, depth + 1),
            SpirvType::Struct(structure) => structure.members.iter().any(|member| holds_pointers(&member.ty, depth + 1)),
            _ => false,
        }
}
