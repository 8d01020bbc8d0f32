//! SPV_EXT_descriptor_heap, rewritten on the words before import
//! (docs/import.md, "Descriptor heaps"), like the untyped pointers it
//! builds on (`rewrite.rs`, which runs next on what this leaves).
//!
//! A shader reaches its resources through the `ResourceHeapEXT` and
//! `SamplerHeapEXT` built-in variables: byte-addressed memory holding
//! descriptors, indexed with untyped access chains whose strides and member
//! offsets are `OpConstantSizeOfEXT` multiples (`ArrayStrideIdEXT`,
//! `OffsetIdEXT`), and a buffer descriptor (`OpTypeBufferEXT`) becomes a
//! pointer to its data with `OpBufferPointerEXT`.
//!
//! The model here (docs/abi.md, "Descriptor heaps"): every resource
//! descriptor takes [`DESCRIPTOR_SIZE`] bytes, and the resource heap holds
//! [`HEAP_SLOTS`] of them, slot k at byte k x 64. Its buffers are a
//! descriptor array of storage buffers at (set [`HEAP_DESCRIPTOR_SET`],
//! binding [`HEAP_STORAGE_BINDING`]) and one of uniform buffers at binding
//! [`HEAP_UNIFORM_BINDING`], each of `HEAP_SLOTS + 1` elements, the last
//! always empty: the host binds a heap buffer at its slot in both. So
//! - the heap chains disappear: their byte offset (each index clamped
//!   first, so that nothing overflows) is computed with integer
//!   instructions where they were;
//! - `OpBufferPointerEXT` is an `OpAccessChain` into the array of its
//!   storage class at slot offset / 64, or at the empty slot when the
//!   offset is not a multiple of 64 or lies past the heap, then an
//!   `OpBitcast` to its result type: a bad index reads zero and writes
//!   nothing, through the bounds checks of descriptor arrays of buffers;
//! - `OpConstantSizeOfEXT` is an `OpConstant` of 64; `OffsetIdEXT` and
//!   `ArrayStrideIdEXT` of constant `<id>`s become `Offset`/`ArrayStride`
//!   where their type stays;
//! - the heap variables, `OpTypeBufferEXT` and every type holding one, their
//!   names and decorations, the capability and the extension go;
//! - an `OpLoad` of an image through a heap chain loads its element of the
//!   heap's descriptor array of that image type (one array of
//!   `HEAP_SLOTS + 1` images per image type, at binding
//!   [`HEAP_FIRST_IMAGE_BINDING`] and up), and `OpUntypedImageTexelPointerEXT`
//!   is an `OpImageTexelPointer` on that element, its result a pointer to
//!   the image's sampled type;
//! - the sampler heap likewise: 64 slots of 64 bytes, an `OpLoad` of a
//!   sampler through its chains the load of an element of an array of 65
//!   samplers at (set [`HEAP_SAMPLER_SET`], binding 0);
//! - a function parameter receiving heap pointers is a `u32`, the byte
//!   offset (its function type rewritten), and a call passes the offset
//!   (`Heap::call`); which parameters do is found by trial passes.
//!
//! Anything else loaded from a heap (acceleration structures, tensors) is
//! refused by name.

use std::collections::{HashMap, HashSet};

use rspirv::{
    dr::{Instruction, ModuleHeader, Operand},
    spirv::{BuiltIn, Capability, Decoration, Op, StorageClass, Word},
};

use super::{
    DeserializeError, ErrorKind,
    reader::Inst,
    rewrite::{self, Rewritten, is_preamble},
};

/// The bytes of every resource and sampler descriptor in a heap: what
/// `OpConstantSizeOfEXT` gives for `OpTypeBufferEXT`, `OpTypeImage` and
/// `OpTypeSampler` (the size of the runner's image descriptor).
pub const DESCRIPTOR_SIZE: u32 = 64;

/// The descriptors the resource heap holds: slots 0 to 63.
pub const HEAP_SLOTS: u32 = 64;

/// The descriptor set of the descriptor arrays the resource heap's buffers
/// become: 2^31 - 1, a set no compiler we know picks (any 32-bit word is a
/// valid set).
pub const HEAP_DESCRIPTOR_SET: u32 = i32::MAX as u32;

/// The binding of the heap's storage buffers in [`HEAP_DESCRIPTOR_SET`].
pub const HEAP_STORAGE_BINDING: u32 = 0;

/// The binding of the heap's uniform buffers in [`HEAP_DESCRIPTOR_SET`].
pub const HEAP_UNIFORM_BINDING: u32 = 1;

/// The descriptor set of the sampler heap's descriptor array of samplers
/// (binding 0).
pub const HEAP_SAMPLER_SET: u32 = HEAP_DESCRIPTOR_SET - 1;

/// The binding of the first of the heap's descriptor arrays of images (one
/// for each image type a shader loads from the heap) in
/// [`HEAP_DESCRIPTOR_SET`].
pub const HEAP_FIRST_IMAGE_BINDING: u32 = 2;

/// The largest array stride or member offset taken in a heap (larger ones
/// are refused): with indexes clamped to the heap, 32-bit offsets never
/// overflow.
const MAX_STRIDE: u64 = 1 << 20;

/// `OpTypeBufferEXT` .. `OpConstantSizeOfEXT`, and the capability.
const HEAP_OPS: &[Op] = &[
    Op::TypeBufferEXT,
    Op::BufferPointerEXT,
    Op::UntypedImageTexelPointerEXT,
    Op::MemberDecorateIdEXT,
    Op::ConstantSizeOfEXT,
];

/// A pointer into a heap: which (the sampler heap or the resource heap),
/// the byte offset (a `u32` value, plus a constant) and the type it points
/// to (`None`: the heap itself).
#[derive(Clone, Copy)]
struct HeapPointer {
    sampler: bool,
    dynamic: Option<Word>,
    constant: u64,
    pointee: Option<Word>,
}

/// Rewrites the module if it uses SPV_EXT_descriptor_heap.
pub(super) fn rewrite(words: &[u32], instructions: &[Inst<'_>]) -> Result<Option<Rewritten>, DeserializeError> {
    let heap_ops: Vec<u16> = HEAP_OPS.iter().map(|op| *op as u16).collect();
    let capability = |inst: &Inst<'_>| {
        inst.opcode == Op::Capability as u16 && inst.words.first() == Some(&(Capability::DescriptorHeapEXT as u32))
    };
    if !instructions.iter().any(|inst| heap_ops.contains(&inst.opcode) || capability(inst)) {
        return Ok(None);
    }
    let (header, parsed, offsets) = rewrite::parse(words, instructions)?;
    Heap::new(header.bound, &parsed).run(header, parsed, offsets)
}

#[derive(Clone)]
struct Heap {
    next_id: Word,
    /// Type declarations by `<id>`.
    types: HashMap<Word, Instruction>,
    /// Instructions defining constants by `<id>`.
    constants: HashMap<Word, Instruction>,
    /// `ArrayStride`/`ArrayStrideIdEXT` by type, the value or its `<id>`.
    strides: HashMap<Word, Operand>,
    /// `Offset`/`OffsetIdEXT` by (struct, member).
    member_offsets: HashMap<(Word, u32), Operand>,
    /// The resource heap variables and the sampler heap variables.
    resource_heaps: HashSet<Word>,
    sampler_heaps: HashSet<Word>,
    /// `OpTypeBufferEXT` and every type holding one: removed.
    removed: HashSet<Word>,
    /// Pointers into the resource heap by `<id>`.
    pointers: HashMap<Word, HeapPointer>,
    /// The heap's descriptor arrays of images by image type: the variable
    /// and the element pointer type.
    image_arrays: HashMap<Word, (Word, Word)>,
    /// The sampler heap's descriptor array of samplers, once made.
    sampler_array: Option<(Word, Word)>,
    /// `OpBufferPointerEXT` results (their decorations go).
    buffer_pointers: HashSet<Word>,
    /// The 32-bit unsigned integer and bool types, if declared.
    uint: Option<Word>,
    boolean: Option<Word>,
    /// Declarations this adds, before the first function.
    new_globals: Vec<Instruction>,
    /// Constants made, by (type, value).
    made_constants: HashMap<(Word, u64), Word>,
    /// The heap's descriptor-array variables and element pointer types, by
    /// storage class.
    arrays: HashMap<StorageClass, (Word, Word)>,
    /// The integer types by `<id>`: (width, signed).
    ints: HashMap<Word, (u32, u32)>,
    /// The declared type of every value.
    value_types: HashMap<Word, Word>,
    /// The heap's element types (a runtime array of words, the block of
    /// it, the array of blocks), once made.
    block_types: Option<(Word, Word)>,
    /// Decorations this adds, after the module's.
    new_decorations: Vec<Instruction>,
    /// The function parameters that receive heap pointers, by (function,
    /// parameter index): which heap and the type pointed to. Such a
    /// parameter becomes a 32-bit unsigned integer holding the byte offset
    /// (see [`Heap::call`]).
    parameters: HashMap<(Word, usize), Received>,
    /// What the calls of this pass passed ([`Heap::parameters`] of the next).
    received: HashMap<(Word, usize), Received>,
    /// The function being rewritten and the index of its next parameter.
    function: Option<(Word, usize)>,
}

/// What a heap pointer passed to a function points into: the sampler heap
/// (else the resource heap), and the type pointed to (`None`: the heap).
type Received = (bool, Option<Word>);

impl Heap {
    fn new(bound: Word, input: &[Instruction]) -> Self {
        let mut heap = Self {
            next_id: bound,
            types: HashMap::new(),
            constants: HashMap::new(),
            strides: HashMap::new(),
            member_offsets: HashMap::new(),
            resource_heaps: HashSet::new(),
            sampler_heaps: HashSet::new(),
            removed: HashSet::new(),
            pointers: HashMap::new(),
            buffer_pointers: HashSet::new(),
            image_arrays: HashMap::new(),
            sampler_array: None,
            uint: None,
            boolean: None,
            new_globals: Vec::new(),
            made_constants: HashMap::new(),
            arrays: HashMap::new(),
            ints: HashMap::new(),
            value_types: HashMap::new(),
            block_types: None,
            new_decorations: Vec::new(),
            parameters: HashMap::new(),
            received: HashMap::new(),
            function: None,
        };
        heap.index(input);
        heap
    }

    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    fn index(&mut self, input: &[Instruction]) {
        for inst in input {
            let op = inst.class.opcode;
            if let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) {
                self.value_types.insert(id, ty);
            }
            match (op, &inst.operands[..]) {
                (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(Decoration::BuiltIn), builtin]) => {
                    match builtin {
                        Operand::BuiltIn(BuiltIn::ResourceHeapEXT) => {
                            self.resource_heaps.insert(*target);
                        }
                        Operand::BuiltIn(BuiltIn::SamplerHeapEXT) => {
                            self.sampler_heaps.insert(*target);
                        }
                        _ => {}
                    }
                }
                (
                    Op::Decorate | Op::DecorateId,
                    [
                        Operand::IdRef(target),
                        Operand::Decoration(Decoration::ArrayStride | Decoration::ArrayStrideIdEXT),
                        stride,
                    ],
                ) => {
                    self.strides.insert(*target, stride.clone());
                }
                (
                    Op::MemberDecorate | Op::MemberDecorateIdEXT,
                    [
                        Operand::IdRef(target),
                        Operand::LiteralBit32(member),
                        Operand::Decoration(Decoration::Offset | Decoration::OffsetIdEXT),
                        offset,
                    ],
                ) => {
                    self.member_offsets.insert((*target, *member), offset.clone());
                }
                (Op::TypeInt, [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)]) => {
                    if let Some(id) = inst.result_id {
                        self.ints.insert(id, (*width, *signed));
                        if (*width, *signed) == (32, 0) && self.uint.is_none() {
                            self.uint = Some(id);
                        }
                    }
                }
                (Op::TypeBool, _) if self.boolean.is_none() => self.boolean = inst.result_id,
                (Op::Constant | Op::ConstantSizeOfEXT | Op::SpecConstantOp, _) => {
                    if let Some(id) = inst.result_id {
                        self.constants.insert(id, inst.clone());
                    }
                }
                _ => {}
            }
            if is_type(op)
                && let Some(id) = inst.result_id
            {
                // Types come before their uses, so one pass finds every type
                // holding a buffer descriptor.
                let holds_buffer = op == Op::TypeBufferEXT
                    || inst
                        .operands
                        .iter()
                        .any(|operand| matches!(operand, Operand::IdRef(id) if self.removed.contains(id)));
                if holds_buffer {
                    self.removed.insert(id);
                }
                self.types.insert(id, inst.clone());
            }
        }
    }

    /// The value of the constant `<id>` `id` (an `OpConstant`, an
    /// `OpConstantSizeOfEXT`, or an `OpSpecConstantOp` adding or
    /// multiplying such constants).
    fn value(&self, id: Word, depth: u32) -> Result<u64, ErrorKind> {
        let not_constant = || ErrorKind::Invalid(format!("%{id} is not an integer constant"));
        let inst = self.constants.get(&id).ok_or_else(not_constant)?;
        match (inst.class.opcode, &inst.operands[..]) {
            (Op::Constant, [Operand::LiteralBit32(value)]) => Ok(u64::from(*value)),
            (Op::Constant, [Operand::LiteralBit64(value)]) => Ok(*value),
            (Op::ConstantSizeOfEXT, [Operand::IdRef(ty)]) => self.size_of(*ty).map(u64::from),
            (Op::SpecConstantOp, [Operand::LiteralSpecConstantOpInteger(op), Operand::IdRef(a), Operand::IdRef(b)])
                if depth < 16 =>
            {
                let (a, b) = (self.value(*a, depth + 1)?, self.value(*b, depth + 1)?);
                match op {
                    Op::IAdd => Ok(a.wrapping_add(b)),
                    Op::IMul => Ok(a.wrapping_mul(b)),
                    _ => Err(not_constant()),
                }
            }
            _ => Err(not_constant()),
        }
    }

    /// `OpConstantSizeOfEXT` of `ty`.
    fn size_of(&self, ty: Word) -> Result<u32, ErrorKind> {
        match self.types.get(&ty).map(|inst| inst.class.opcode) {
            Some(Op::TypeBufferEXT | Op::TypeImage | Op::TypeSampler) => Ok(DESCRIPTOR_SIZE),
            Some(op) => Err(ErrorKind::Unsupported(format!(
                "OpConstantSizeOfEXT of an Op{op:?}: only buffer, image and sampler descriptors have a size here"
            ))),
            None => Err(ErrorKind::Invalid(format!("OpConstantSizeOfEXT of %{ty}, which is not a type"))),
        }
    }

    /// A stride or offset decoration's value.
    fn layout_value(&self, operand: &Operand) -> Result<u64, ErrorKind> {
        let value = match operand {
            Operand::LiteralBit32(value) => u64::from(*value),
            Operand::IdRef(id) => self.value(*id, 0)?,
            _ => return Err(ErrorKind::Malformed("a layout decoration's operand".into())),
        };
        if value > MAX_STRIDE {
            return Err(ErrorKind::Unsupported(format!(
                "a descriptor heap stride or offset of {value} bytes (at most {MAX_STRIDE})"
            )));
        }
        Ok(value)
    }

    fn run(
        mut self,
        header: ModuleHeader,
        input: Vec<Instruction>,
        offsets: Vec<usize>,
    ) -> Result<Option<Rewritten>, DeserializeError> {
        let functions_start = input.iter().position(|inst| inst.class.opcode == Op::Function).unwrap_or(input.len());
        let mut out: Vec<(Instruction, usize)> = Vec::new();
        for (inst, &offset) in input[..functions_start].iter().zip(&offsets) {
            if let Some(inst) = self.global(inst).map_err(|kind| DeserializeError::new(offset, kind))? {
                out.push((inst, offset));
            }
        }
        // Heap pointers passed to functions: which parameters receive them
        // is known from the calls, which may come after the function they
        // call, and a parameter passed on is known only once its function's
        // parameters are. Trial passes (their output and errors dropped:
        // a parameter not yet known is an ordinary value there, on which
        // OpBufferPointerEXT is refused) until no call passes a heap
        // pointer to a parameter not yet found; the last pass reports.
        let body = &input[functions_start..];
        if body.iter().any(|inst| inst.class.opcode == Op::FunctionCall) {
            for _ in 0..=body.len() {
                let mut trial = self.clone();
                for inst in body {
                    // An instruction refused here may be one on a parameter
                    // not yet known: the pass goes on past it.
                    let _ = trial.local(inst, &mut Vec::new());
                }
                let mut found = self.parameters.clone();
                for (key, received) in trial.received {
                    found.entry(key).or_insert(received);
                }
                if found == self.parameters {
                    break;
                }
                self.parameters = found;
            }
        }
        let mut functions: Vec<(Instruction, usize)> = Vec::new();
        for (inst, &offset) in body.iter().zip(&offsets[functions_start..]) {
            let mut emitted = Vec::new();
            self.local(inst, &mut emitted).map_err(|kind| DeserializeError::new(offset, kind))?;
            functions.extend(emitted.into_iter().map(|inst| (inst, offset)));
        }
        // Decorations of the buffer pointers (NonWritable, NonReadable: hints
        // about the data) would land on the bitcast that replaces them.
        out.retain(|(inst, _)| !(is_annotation(inst.class.opcode) && self.targets(inst, &self.buffer_pointers)));
        // The new decorations after the module's (SPIR-V 2.4's order), the
        // new variables in every entry point's interface (SPIR-V 1.4 lists
        // every global variable there).
        let annotations_end = out.iter().rposition(|(inst, _)| is_preamble(inst.class.opcode)).map_or(0, |at| at + 1);
        let annotation_offset = out.get(annotations_end).map_or(0, |(_, offset)| *offset);
        let decorations = std::mem::take(&mut self.new_decorations);
        out.splice(annotations_end..annotations_end, decorations.into_iter().map(|inst| (inst, annotation_offset)));
        if header.version().0 > 1 || header.version().1 >= 4 {
            let variables: Vec<Word> = (self.arrays.values().chain(self.image_arrays.values()))
                .chain(self.sampler_array.iter())
                .map(|(variable, _)| *variable)
                .collect();
            for (inst, _) in out.iter_mut().filter(|(inst, _)| inst.class.opcode == Op::EntryPoint) {
                inst.operands.extend(variables.iter().map(|id| Operand::IdRef(*id)));
            }
        }
        let function_offset = offsets.get(functions_start).copied().unwrap_or(0);
        out.extend(std::mem::take(&mut self.new_globals).into_iter().map(|inst| (inst, function_offset)));
        out.extend(functions);
        rewrite::assemble(header, self.next_id, &out).map(Some)
    }

    /// Whether a debug or annotation instruction names one of `ids` first.
    fn targets(&self, inst: &Instruction, ids: &HashSet<Word>) -> bool {
        matches!(inst.operands.first(), Some(Operand::IdRef(id)) if ids.contains(id))
    }

    /// A module-scope instruction, rewritten, or `None` when it goes.
    fn global(&mut self, inst: &Instruction) -> Result<Option<Instruction>, ErrorKind> {
        let op = inst.class.opcode;
        let heaps: HashSet<Word> = self.resource_heaps.union(&self.sampler_heaps).copied().collect();
        let gone = |id: &Word| self.removed.contains(id) || heaps.contains(id);
        match (op, &inst.operands[..]) {
            (Op::Capability, [Operand::Capability(Capability::DescriptorHeapEXT)]) => Ok(None),
            (Op::Extension, [Operand::LiteralString(name)]) if name == "SPV_EXT_descriptor_heap" => Ok(None),
            (Op::EntryPoint, _) => {
                let mut inst = inst.clone();
                inst.operands.retain(|operand| !matches!(operand, Operand::IdRef(id) if heaps.contains(id)));
                Ok(Some(inst))
            }
            (Op::Name | Op::MemberName, [Operand::IdRef(id), ..]) if gone(id) => Ok(None),
            (_, [Operand::IdRef(id), ..]) if is_annotation(op) && gone(id) => Ok(None),
            // Id layouts on types that stay (arrays and structs of images):
            // the literal decorations.
            (Op::DecorateId, [target, Operand::Decoration(Decoration::ArrayStrideIdEXT), stride]) => {
                let stride = self.layout_value(stride)? as u32;
                Ok(Some(Instruction::new(
                    Op::Decorate,
                    None,
                    None,
                    vec![target.clone(), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(stride)],
                )))
            }
            (Op::MemberDecorateIdEXT, [target, member, Operand::Decoration(Decoration::OffsetIdEXT), offset]) => {
                let offset = self.layout_value(offset)? as u32;
                Ok(Some(Instruction::new(
                    Op::MemberDecorate,
                    None,
                    None,
                    vec![
                        target.clone(),
                        member.clone(),
                        Operand::Decoration(Decoration::Offset),
                        Operand::LiteralBit32(offset),
                    ],
                )))
            }
            (Op::MemberDecorateIdEXT, _) => {
                Err(ErrorKind::Invalid("OpMemberDecorateIdEXT of a decoration other than OffsetIdEXT".into()))
            }
            (Op::ConstantSizeOfEXT, [Operand::IdRef(ty)]) => {
                let size = self.size_of(*ty)?;
                let result_type = inst.result_type.unwrap_or(0);
                let literal = match self.ints.get(&result_type) {
                    Some((32, _)) => Operand::LiteralBit32(size),
                    Some((64, _)) => Operand::LiteralBit64(u64::from(size)),
                    _ => {
                        return Err(ErrorKind::Invalid(
                            "OpConstantSizeOfEXT's 'Result Type' must be a 32- or 64-bit integer".into(),
                        ));
                    }
                };
                Ok(Some(Instruction::new(Op::Constant, inst.result_type, inst.result_id, vec![literal])))
            }
            _ if is_type(op) && inst.result_id.is_some_and(|id| self.removed.contains(&id)) => Ok(None),
            (Op::UntypedVariableKHR | Op::Variable, _) if inst.result_id.is_some_and(|id| heaps.contains(&id)) => {
                if inst.operands.first() != Some(&Operand::StorageClass(StorageClass::UniformConstant)) {
                    return Err(ErrorKind::Invalid("a descriptor heap variable outside UniformConstant".into()));
                }
                Ok(None)
            }
            _ => {
                self.check_uses(inst)?;
                Ok(Some(inst.clone()))
            }
        }
    }

    /// Whether an operand of `inst` is a heap pointer or a heap variable.
    fn heap_operand(&self, inst: &Instruction) -> bool {
        inst.operands.iter().any(|operand| {
            matches!(operand, Operand::IdRef(id)
                if self.pointers.contains_key(id) || self.resource_heaps.contains(id) || self.sampler_heaps.contains(id))
        })
    }

    /// Refuses an instruction that uses a heap pointer, a heap variable or a
    /// removed type other than as the heap instructions allow.
    fn check_uses(&self, inst: &Instruction) -> Result<(), ErrorKind> {
        let ids = inst.result_type.into_iter().chain(inst.operands.iter().filter_map(|operand| match operand {
            Operand::IdRef(id) => Some(*id),
            _ => None,
        }));
        for id in ids {
            if self.resource_heaps.contains(&id) || self.sampler_heaps.contains(&id) || self.pointers.contains_key(&id)
            {
                return Err(ErrorKind::Unsupported(format!(
                    "Op{:?} of a pointer into a descriptor heap: only access chains, OpCopyObject, OpBufferPointerEXT, \
                     image and sampler loads and OpUntypedImageTexelPointerEXT are supported on it",
                    inst.class.opcode
                )));
            }
            if self.removed.contains(&id) {
                return Err(ErrorKind::Unsupported(format!(
                    "Op{:?} uses a buffer descriptor type (OpTypeBufferEXT) outside a descriptor heap",
                    inst.class.opcode
                )));
            }
        }
        Ok(())
    }

    /// A function's instruction, rewritten into `out`.
    fn local(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let op = inst.class.opcode;
        match op {
            Op::UntypedAccessChainKHR | Op::UntypedInBoundsAccessChainKHR => {
                let [Operand::IdRef(base_type), Operand::IdRef(base), indexes @ ..] = &inst.operands[..] else {
                    return Err(ErrorKind::Malformed(format!("Op{op:?} operands")));
                };
                let start = if self.resource_heaps.contains(base) || self.sampler_heaps.contains(base) {
                    HeapPointer {
                        sampler: self.sampler_heaps.contains(base),
                        dynamic: None,
                        constant: 0,
                        pointee: None,
                    }
                } else if let Some(pointer) = self.pointers.get(base) {
                    *pointer
                } else {
                    self.check_uses(inst)?;
                    out.push(inst.clone());
                    return Ok(());
                };
                let indexes: Vec<Word> = indexes
                    .iter()
                    .map(|operand| match operand {
                        Operand::IdRef(id) => Ok(*id),
                        _ => Err(ErrorKind::Malformed(format!("Op{op:?} indexes"))),
                    })
                    .collect::<Result<_, _>>()?;
                let pointer = self.chain(start, *base_type, &indexes, out)?;
                self.pointers.insert(inst.result_id.unwrap_or(0), pointer);
                Ok(())
            }
            Op::CopyObject
                if matches!(inst.operands.first(), Some(Operand::IdRef(p))
                    if self.pointers.contains_key(p) || self.resource_heaps.contains(p) || self.sampler_heaps.contains(p)) =>
            {
                // A copy of a heap pointer is the same heap pointer: its
                // offset arithmetic is already where the original was.
                let Some(Operand::IdRef(source)) = inst.operands.first() else {
                    return Err(ErrorKind::Malformed("OpCopyObject without an operand".into()));
                };
                let pointer = self.pointers.get(source).copied().unwrap_or(HeapPointer {
                    sampler: self.sampler_heaps.contains(source),
                    dynamic: None,
                    constant: 0,
                    pointee: None,
                });
                self.pointers.insert(inst.result_id.unwrap_or(0), pointer);
                Ok(())
            }
            Op::Phi | Op::Select if self.heap_operand(inst) => Err(ErrorKind::Invalid(format!(
                "Op{op:?} of a pointer into a descriptor heap: OpPhi and OpSelect must not give a pointer without \
                 the VariablePointers capabilities, and those allow StorageBuffer and Workgroup pointers only, not \
                 the heaps' UniformConstant ones (SPIR-V 2.16.1); select or phi the index instead"
            ))),
            Op::Function => self.function(inst, out),
            Op::FunctionParameter => {
                let Some((function, index)) = self.function else {
                    return Err(ErrorKind::Invalid("OpFunctionParameter outside a function".into()));
                };
                self.function = Some((function, index + 1));
                let (Some(&(sampler, pointee)), Some(result)) =
                    (self.parameters.get(&(function, index)), inst.result_id)
                else {
                    self.check_uses(inst)?;
                    out.push(inst.clone());
                    return Ok(());
                };
                // The byte offset of the heap pointer, as a chain's
                // dynamic part: chains, loads and OpBufferPointerEXT on
                // the parameter go on from it.
                let uint = self.uint_type();
                out.push(Instruction::new(Op::FunctionParameter, Some(uint), Some(result), Vec::new()));
                self.pointers.insert(result, HeapPointer { sampler, dynamic: Some(result), constant: 0, pointee });
                Ok(())
            }
            Op::FunctionCall => self.call(inst, out),
            Op::BufferPointerEXT => self.buffer_pointer(inst, out),
            Op::Load if matches!(inst.operands.first(), Some(Operand::IdRef(p)) if self.pointers.contains_key(p)) => {
                self.load_descriptor(inst, out)
            }
            Op::UntypedImageTexelPointerEXT => self.texel_pointer(inst, out),
            _ => {
                self.check_uses(inst)?;
                out.push(inst.clone());
                Ok(())
            }
        }
    }

    /// The heap pointer `id` is (a heap variable or a pointer into a heap),
    /// if it is one.
    fn heap_pointer(&self, id: Word) -> Option<HeapPointer> {
        self.pointers.get(&id).copied().or_else(|| {
            (self.resource_heaps.contains(&id) || self.sampler_heaps.contains(&id)).then(|| HeapPointer {
                sampler: self.sampler_heaps.contains(&id),
                dynamic: None,
                constant: 0,
                pointee: None,
            })
        })
    }

    /// `OpFunction`: a function whose parameters receive heap pointers
    /// takes a 32-bit unsigned integer for each (its function type
    /// rewritten; an identical type is reused).
    fn function(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let Some(function) = inst.result_id else {
            return Err(ErrorKind::Malformed("OpFunction without a result".into()));
        };
        self.function = Some((function, 0));
        let mut inst = inst.clone();
        let heap_parameters: Vec<usize> =
            self.parameters.keys().filter(|(f, _)| *f == function).map(|(_, index)| *index).collect();
        if !heap_parameters.is_empty() {
            let Some(Operand::IdRef(function_type)) = inst.operands.get(1).cloned() else {
                return Err(ErrorKind::Malformed("OpFunction operands".into()));
            };
            let mut operands = match self.types.get(&function_type) {
                Some(ty) if ty.class.opcode == Op::TypeFunction => ty.operands.clone(),
                _ => return Err(ErrorKind::Invalid(format!("OpFunction's type %{function_type} is not a function type"))),
            };
            let uint = self.uint_type();
            for index in heap_parameters {
                // Operand 0 is the return type.
                match operands.get_mut(index + 1) {
                    Some(operand) => *operand = Operand::IdRef(uint),
                    None => {
                        return Err(ErrorKind::Invalid(format!(
                            "a call passes argument {index} to function %{function}, which has fewer parameters"
                        )));
                    }
                }
            }
            let existing = self
                .types
                .iter()
                .find(|(_, ty)| ty.class.opcode == Op::TypeFunction && ty.operands == operands)
                .map(|(id, _)| *id);
            let rewritten = match existing {
                Some(id) => id,
                None => {
                    let id = self.declare(Op::TypeFunction, None, operands.clone());
                    self.types.insert(id, Instruction::new(Op::TypeFunction, None, Some(id), operands));
                    id
                }
            };
            inst.operands[1] = Operand::IdRef(rewritten);
        }
        self.check_uses(&inst)?;
        out.push(inst);
        Ok(())
    }

    /// `OpFunctionCall`: a heap pointer argument is passed as its byte
    /// offset (a 32-bit unsigned integer, at most the heap's size: an
    /// offset past the heap stays past it, whatever the callee adds), and
    /// recorded for the trial passes. Every call must pass a parameter
    /// pointers into the same heap, to the same type, or no heap pointers.
    fn call(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let Some(Operand::IdRef(callee)) = inst.operands.first().cloned() else {
            return Err(ErrorKind::Malformed("OpFunctionCall operands".into()));
        };
        let mut call = inst.clone();
        for (index, operand) in call.operands.iter_mut().enumerate().skip(1) {
            let Operand::IdRef(argument) = *operand else { continue };
            let key = (callee, index - 1);
            let passed = self.heap_pointer(argument);
            if let Some(pointer) = passed {
                self.received.entry(key).or_insert((pointer.sampler, pointer.pointee));
            }
            match (passed, self.parameters.get(&key).copied()) {
                (None, None) => {}
                (Some(pointer), Some(expected)) if (pointer.sampler, pointer.pointee) == expected => {
                    *operand = Operand::IdRef(self.passed_offset(pointer, out));
                }
                // Found by a later trial pass (or a refusal below).
                (Some(_), None) => {}
                (_, Some(_)) => {
                    return Err(ErrorKind::Unsupported(format!(
                        "parameter {} of function %{callee} receives pointers into a descriptor heap from one call \
                         and other pointers, pointers into the other heap or to another type from another: a \
                         parameter is passed as a byte offset into one heap, so its calls must agree",
                        index - 1
                    )));
                }
            }
        }
        self.check_uses(&call)?;
        out.push(call);
        Ok(())
    }

    /// The byte offset of `pointer`, at most the heap's size, as a `u32`
    /// value.
    fn passed_offset(&mut self, pointer: HeapPointer, out: &mut Vec<Instruction>) -> Word {
        let uint = self.uint_type();
        let heap_bytes = u64::from(HEAP_SLOTS * DESCRIPTOR_SIZE);
        let constant = pointer.constant.min(heap_bytes);
        let Some(dynamic) = pointer.dynamic else {
            return self.constant(uint, constant);
        };
        let sum = self.offset_sum(dynamic, constant, out);
        let boolean = self.bool_type();
        let limit = self.constant(uint, heap_bytes);
        let inside = self.emit(Op::ULessThan, boolean, vec![sum, limit], out);
        self.emit(Op::Select, uint, vec![inside, sum, limit], out)
    }

    /// The heap pointer an access chain from `start` with 'Base Type'
    /// `base_type` and `indexes` gives; its offset arithmetic goes to `out`.
    fn chain(
        &mut self,
        start: HeapPointer,
        base_type: Word,
        indexes: &[Word],
        out: &mut Vec<Instruction>,
    ) -> Result<HeapPointer, ErrorKind> {
        let mut pointer = HeapPointer { pointee: Some(base_type), ..start };
        let mut ty = base_type;
        for &index in indexes {
            let inst = self.types.get(&ty).ok_or_else(|| ErrorKind::UndefinedId(format!("type %{ty}")))?.clone();
            match (inst.class.opcode, &inst.operands[..]) {
                (Op::TypeStruct, members) => {
                    let member = self.value(index, 0).map_err(|_| {
                        ErrorKind::Invalid(format!("a struct index (%{index}) that is not an integer constant"))
                    })?;
                    let Some(Operand::IdRef(member_type)) = usize::try_from(member).ok().and_then(|at| members.get(at))
                    else {
                        return Err(ErrorKind::Invalid(format!("struct %{ty} has no member {member}")));
                    };
                    let offset = self.member_offsets.get(&(ty, member as u32)).cloned().ok_or_else(|| {
                        ErrorKind::Invalid(format!(
                            "member {member} of struct %{ty} in a descriptor heap has no Offset or OffsetIdEXT"
                        ))
                    })?;
                    pointer.constant += self.layout_value(&offset)?;
                    ty = *member_type;
                }
                (Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(element), ..]) => {
                    let stride = self.strides.get(&ty).cloned().ok_or_else(|| {
                        ErrorKind::Invalid(format!(
                            "array %{ty} in a descriptor heap has no ArrayStride or ArrayStrideIdEXT"
                        ))
                    })?;
                    let stride = self.layout_value(&stride)?.max(1);
                    if let Ok(value) = self.value(index, 0) {
                        // A constant index past the heap is the empty slot's.
                        let heap_bytes = u64::from(HEAP_SLOTS * DESCRIPTOR_SIZE);
                        pointer.constant += value.min(heap_bytes / stride + 1) * stride;
                    } else {
                        let term = self.clamped_product(index, stride, out)?;
                        pointer.dynamic = Some(match pointer.dynamic {
                            None => term,
                            Some(sum) => self.emit(Op::IAdd, self.uint.unwrap_or(0), vec![sum, term], out),
                        });
                    }
                    ty = *element;
                }
                (op, _) => {
                    return Err(ErrorKind::Invalid(format!(
                        "an access chain into a descriptor heap indexes an Op{op:?}"
                    )));
                }
            }
        }
        pointer.pointee = Some(ty);
        Ok(pointer)
    }

    /// `min(index, heap bytes / stride + 1) * stride` as a `u32` value:
    /// whatever the index, the product stays below 2^32 and an index past
    /// the heap stays past it.
    fn clamped_product(&mut self, index: Word, stride: u64, out: &mut Vec<Instruction>) -> Result<Word, ErrorKind> {
        let index_type = self.index_type(index)?;
        let (width, _) = self.ints[&index_type];
        let limit = u64::from(HEAP_SLOTS * DESCRIPTOR_SIZE) / stride + 1;
        let boolean = self.bool_type();
        let limit_id = self.constant(index_type, limit);
        let below = self.emit(Op::ULessThan, boolean, vec![index, limit_id], out);
        let clamped = self.emit(Op::Select, index_type, vec![below, index, limit_id], out);
        let uint = self.uint_type();
        let clamped = match width {
            32 if index_type == uint => clamped,
            32 => self.emit(Op::Bitcast, uint, vec![clamped], out),
            _ => self.emit(Op::UConvert, uint, vec![clamped], out),
        };
        let stride = self.constant(uint, stride);
        Ok(self.emit(Op::IMul, uint, vec![clamped, stride], out))
    }

    /// The integer type of the index `index`.
    fn index_type(&self, index: Word) -> Result<Word, ErrorKind> {
        self.value_types
            .get(&index)
            .copied()
            .filter(|ty| self.ints.contains_key(ty))
            .ok_or_else(|| ErrorKind::Invalid(format!("an access chain index (%{index}) that is not an integer")))
    }

    /// `OpBufferPointerEXT`: the heap's descriptor array of the result's
    /// storage class at the slot of the buffer's offset, cast to the result
    /// type.
    fn buffer_pointer(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let [Operand::IdRef(buffer)] = inst.operands[..] else {
            return Err(ErrorKind::Malformed("OpBufferPointerEXT operands".into()));
        };
        let (Some(result_type), Some(result)) = (inst.result_type, inst.result_id) else {
            return Err(ErrorKind::Malformed("OpBufferPointerEXT without a result".into()));
        };
        let pointer = if self.resource_heaps.contains(&buffer) {
            HeapPointer { sampler: false, dynamic: None, constant: 0, pointee: None }
        } else {
            *self.pointers.get(&buffer).filter(|pointer| !pointer.sampler).ok_or_else(|| {
                ErrorKind::Invalid(format!(
                    "OpBufferPointerEXT's 'Buffer' %{buffer} is not a pointer into the resource heap (ResourceHeapEXT)"
                ))
            })?
        };
        let class = match self.types.get(&result_type).map(|inst| (inst.class.opcode, &inst.operands[..])) {
            Some((Op::TypePointer | Op::TypeUntypedPointerKHR, [Operand::StorageClass(class), ..]))
                if matches!(class, StorageClass::StorageBuffer | StorageClass::Uniform) =>
            {
                *class
            }
            _ => {
                return Err(ErrorKind::Invalid(
                    "OpBufferPointerEXT's 'Result Type' must be a pointer to StorageBuffer or Uniform".into(),
                ));
            }
        };
        if let Some(pointee) = pointer.pointee {
            match self.types.get(&pointee).map(|inst| (inst.class.opcode, &inst.operands[..])) {
                Some((Op::TypeBufferEXT, [Operand::StorageClass(buffer_class)])) if *buffer_class == class => {}
                Some((Op::TypeBufferEXT, [Operand::StorageClass(buffer_class)])) => {
                    return Err(ErrorKind::Invalid(format!(
                        "OpBufferPointerEXT gives a {class:?} pointer to a {buffer_class:?} buffer"
                    )));
                }
                Some((op, _)) => {
                    return Err(ErrorKind::Invalid(format!(
                        "OpBufferPointerEXT of a pointer to an Op{op:?}, not to an OpTypeBufferEXT"
                    )));
                }
                None => return Err(ErrorKind::UndefinedId(format!("type %{pointee}"))),
            }
        }
        let slot = self.slot(pointer, out);
        let (variable, element_pointer) = self.heap_array(class);
        let chain = self.emit(Op::AccessChain, element_pointer, vec![variable, slot], out);
        out.push(Instruction::new(Op::Bitcast, Some(result_type), Some(result), vec![Operand::IdRef(chain)]));
        self.buffer_pointers.insert(result);
        Ok(())
    }

    /// The image a heap pointer points to, in the heap's descriptor array of
    /// its type: a pointer to the element.
    fn image_element(&mut self, pointer: Word, out: &mut Vec<Instruction>) -> Result<(Word, Word), ErrorKind> {
        let heap_pointer = self.pointers[&pointer];
        let image_type = heap_pointer
            .pointee
            .filter(|ty| {
                !heap_pointer.sampler && self.types.get(ty).is_some_and(|inst| inst.class.opcode == Op::TypeImage)
            })
            .ok_or_else(|| {
                ErrorKind::Unsupported(
                    "a load from the resource heap of something other than an image (OpTypeImage); buffers are \
                     reached with OpBufferPointerEXT"
                        .into(),
                )
            })?;
        let slot = self.slot(heap_pointer, out);
        let (variable, element_pointer) = self.image_array(image_type);
        Ok((image_type, self.emit(Op::AccessChain, element_pointer, vec![variable, slot], out)))
    }

    /// `OpLoad` of an image descriptor from the resource heap, or of a
    /// sampler from the sampler heap: the load of its element of the heap's
    /// array of that type.
    fn load_descriptor(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let Some(Operand::IdRef(pointer)) = inst.operands.first() else {
            return Err(ErrorKind::Malformed("OpLoad operands".into()));
        };
        let heap_pointer = self.pointers[pointer];
        if heap_pointer.sampler {
            let sampler_type = heap_pointer
                .pointee
                .filter(|ty| self.types.get(ty).is_some_and(|inst| inst.class.opcode == Op::TypeSampler))
                .filter(|ty| inst.result_type == Some(*ty))
                .ok_or_else(|| {
                    ErrorKind::Unsupported("a load from the sampler heap of something other than a sampler".into())
                })?;
            let slot = self.slot(heap_pointer, out);
            let (variable, element_pointer) = self.sampler_array(sampler_type);
            let element = self.emit(Op::AccessChain, element_pointer, vec![variable, slot], out);
            out.push(Instruction::new(Op::Load, inst.result_type, inst.result_id, vec![Operand::IdRef(element)]));
            return Ok(());
        }
        let (image_type, element) = self.image_element(*pointer, out)?;
        if inst.result_type != Some(image_type) {
            return Err(ErrorKind::Invalid(format!(
                "an OpLoad of %{} from a heap pointer to the image type %{image_type}",
                inst.result_type.unwrap_or(0)
            )));
        }
        out.push(Instruction::new(Op::Load, inst.result_type, inst.result_id, vec![Operand::IdRef(element)]));
        Ok(())
    }

    /// `OpUntypedImageTexelPointerEXT`: `OpImageTexelPointer` on the image's
    /// element of the heap's array, its result a pointer to the image's
    /// sampled type (the atomics on it take that type).
    fn texel_pointer(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let [Operand::IdRef(image_type), Operand::IdRef(image), Operand::IdRef(coordinate), Operand::IdRef(sample)] =
            inst.operands[..]
        else {
            return Err(ErrorKind::Malformed("OpUntypedImageTexelPointerEXT operands".into()));
        };
        if !self.pointers.contains_key(&image) {
            return Err(ErrorKind::Unsupported(format!(
                "OpUntypedImageTexelPointerEXT of %{image}, which is not a pointer into the resource heap"
            )));
        }
        let (pointee, element) = self.image_element(image, out)?;
        if pointee != image_type {
            return Err(ErrorKind::Invalid(format!(
                "OpUntypedImageTexelPointerEXT's 'Image Type' %{image_type} is not the heap pointer's image type %{pointee}"
            )));
        }
        let Some(Operand::IdRef(sampled)) = self.types.get(&image_type).and_then(|inst| inst.operands.first()).cloned()
        else {
            return Err(ErrorKind::Malformed("OpTypeImage operands".into()));
        };
        let texel_pointer = self.pointer_type(StorageClass::Image, sampled);
        out.push(Instruction::new(
            Op::ImageTexelPointer,
            Some(texel_pointer),
            inst.result_id,
            [element, coordinate, sample].into_iter().map(Operand::IdRef).collect(),
        ));
        Ok(())
    }

    /// The sampler heap's descriptor array of samplers: the variable and
    /// the element pointer type (`HEAP_SLOTS + 1` samplers at set
    /// [`HEAP_SAMPLER_SET`], binding 0).
    fn sampler_array(&mut self, sampler_type: Word) -> (Word, Word) {
        if let Some(array) = self.sampler_array {
            return array;
        }
        let array = self.opaque_array(sampler_type, HEAP_SAMPLER_SET, 0);
        self.sampler_array = Some(array);
        array
    }

    /// A `UniformConstant` variable of `HEAP_SLOTS + 1` opaque descriptors
    /// of `element` at (`set`, `binding`), and its element pointer type.
    fn opaque_array(&mut self, element: Word, set: u32, binding: u32) -> (Word, Word) {
        let uint = self.uint_type();
        let length = self.constant(uint, u64::from(HEAP_SLOTS + 1));
        let array = self.declare(Op::TypeArray, None, vec![Operand::IdRef(element), Operand::IdRef(length)]);
        let class = StorageClass::UniformConstant;
        let array_pointer =
            self.declare(Op::TypePointer, None, vec![Operand::StorageClass(class), Operand::IdRef(array)]);
        let element_pointer = self.pointer_type(class, element);
        let variable = self.declare(Op::Variable, Some(array_pointer), vec![Operand::StorageClass(class)]);
        self.bind(variable, set, binding);
        (variable, element_pointer)
    }

    /// A pointer type, the module's if it declares one.
    fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        let existing = self.types.iter().find_map(|(id, inst)| {
            (inst.class.opcode == Op::TypePointer
                && inst.operands[..] == [Operand::StorageClass(class), Operand::IdRef(pointee)])
            .then_some(*id)
        });
        existing.unwrap_or_else(|| {
            let id = self.declare(Op::TypePointer, None, vec![Operand::StorageClass(class), Operand::IdRef(pointee)]);
            self.types.insert(id, self.new_globals.last().cloned().expect("just declared"));
            id
        })
    }

    /// The heap's descriptor array of images of `image_type`, and the
    /// pointer type of one element: `HEAP_SLOTS + 1` images at (set
    /// [`HEAP_DESCRIPTOR_SET`], binding [`HEAP_FIRST_IMAGE_BINDING`] + n),
    /// n counting the image types in the order the shader first loads them.
    fn image_array(&mut self, image_type: Word) -> (Word, Word) {
        if let Some(&array) = self.image_arrays.get(&image_type) {
            return array;
        }
        let binding = HEAP_FIRST_IMAGE_BINDING + self.image_arrays.len() as u32;
        let array = self.opaque_array(image_type, HEAP_DESCRIPTOR_SET, binding);
        self.image_arrays.insert(image_type, array);
        array
    }

    /// `dynamic + constant` as a `u32` value (`dynamic` itself for 0).
    fn offset_sum(&mut self, dynamic: Word, constant: u64, out: &mut Vec<Instruction>) -> Word {
        if constant == 0 {
            return dynamic;
        }
        let uint = self.uint_type();
        let constant = self.constant(uint, constant);
        self.emit(Op::IAdd, uint, vec![dynamic, constant], out)
    }

    /// The slot of a heap pointer: offset / 64, or the empty slot
    /// ([`HEAP_SLOTS`]) when the offset is no multiple of 64 or lies past
    /// the heap.
    fn slot(&mut self, pointer: HeapPointer, out: &mut Vec<Instruction>) -> Word {
        let uint = self.uint_type();
        let heap_bytes = u64::from(HEAP_SLOTS * DESCRIPTOR_SIZE);
        let size = u64::from(DESCRIPTOR_SIZE);
        let constant = pointer.constant.min(heap_bytes);
        let Some(dynamic) = pointer.dynamic else {
            let slot =
                if constant % size == 0 && constant < heap_bytes { constant / size } else { u64::from(HEAP_SLOTS) };
            return self.constant(uint, slot);
        };
        let offset = self.offset_sum(dynamic, constant, out);
        let boolean = self.bool_type();
        let (size, slots, zero) =
            (self.constant(uint, size), self.constant(uint, u64::from(HEAP_SLOTS)), self.constant(uint, 0));
        let quotient = self.emit(Op::UDiv, uint, vec![offset, size], out);
        let remainder = self.emit(Op::UMod, uint, vec![offset, size], out);
        let aligned = self.emit(Op::IEqual, boolean, vec![remainder, zero], out);
        let inside = self.emit(Op::ULessThan, boolean, vec![quotient, slots], out);
        let valid = self.emit(Op::LogicalAnd, boolean, vec![aligned, inside], out);
        self.emit(Op::Select, uint, vec![valid, quotient, slots], out)
    }

    /// An instruction `op` of `result_type` on the values `operands`,
    /// appended to `out`; its result.
    fn emit(&mut self, op: Op, result_type: Word, operands: Vec<Word>, out: &mut Vec<Instruction>) -> Word {
        let id = self.fresh();
        out.push(Instruction::new(op, Some(result_type), Some(id), operands.into_iter().map(Operand::IdRef).collect()));
        id
    }

    /// A declaration added before the first function; its result.
    fn declare(&mut self, op: Op, result_type: Option<Word>, operands: Vec<Operand>) -> Word {
        let id = self.fresh();
        self.new_globals.push(Instruction::new(op, result_type, Some(id), operands));
        id
    }

    fn decorate(&mut self, operands: Vec<Operand>, member: bool) {
        let op = if member { Op::MemberDecorate } else { Op::Decorate };
        self.new_decorations.push(Instruction::new(op, None, None, operands));
    }

    /// Decorates `variable` with `set` and `binding`.
    fn bind(&mut self, variable: Word, set: u32, binding: u32) {
        self.decorate(
            vec![Operand::IdRef(variable), Operand::Decoration(Decoration::DescriptorSet), Operand::LiteralBit32(set)],
            false,
        );
        self.decorate(
            vec![Operand::IdRef(variable), Operand::Decoration(Decoration::Binding), Operand::LiteralBit32(binding)],
            false,
        );
    }

    fn uint_type(&mut self) -> Word {
        if let Some(uint) = self.uint {
            return uint;
        }
        let uint = self.declare(Op::TypeInt, None, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
        self.ints.insert(uint, (32, 0));
        self.uint = Some(uint);
        uint
    }

    fn bool_type(&mut self) -> Word {
        if let Some(boolean) = self.boolean {
            return boolean;
        }
        let boolean = self.declare(Op::TypeBool, None, Vec::new());
        self.boolean = Some(boolean);
        boolean
    }

    /// The integer constant `value` of type `ty`.
    fn constant(&mut self, ty: Word, value: u64) -> Word {
        if let Some(&id) = self.made_constants.get(&(ty, value)) {
            return id;
        }
        let literal = match self.ints.get(&ty) {
            Some((64, _)) => Operand::LiteralBit64(value),
            _ => Operand::LiteralBit32(value as u32),
        };
        let id = self.declare(Op::Constant, Some(ty), vec![literal]);
        self.made_constants.insert((ty, value), id);
        id
    }

    /// The heap's descriptor array of buffers of `class`, and the pointer
    /// type of one element: `HEAP_SLOTS + 1` blocks of a runtime array of
    /// words, at (set [`HEAP_DESCRIPTOR_SET`], its binding).
    fn heap_array(&mut self, class: StorageClass) -> (Word, Word) {
        if let Some(&array) = self.arrays.get(&class) {
            return array;
        }
        let uint = self.uint_type();
        let (block, array) = match self.block_types {
            Some(types) => types,
            None => {
                let words = self.declare(Op::TypeRuntimeArray, None, vec![Operand::IdRef(uint)]);
                self.decorate(
                    vec![Operand::IdRef(words), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(4)],
                    false,
                );
                let block = self.declare(Op::TypeStruct, None, vec![Operand::IdRef(words)]);
                self.decorate(vec![Operand::IdRef(block), Operand::Decoration(Decoration::Block)], false);
                self.decorate(
                    vec![
                        Operand::IdRef(block),
                        Operand::LiteralBit32(0),
                        Operand::Decoration(Decoration::Offset),
                        Operand::LiteralBit32(0),
                    ],
                    true,
                );
                let length = self.constant(uint, u64::from(HEAP_SLOTS + 1));
                let array = self.declare(Op::TypeArray, None, vec![Operand::IdRef(block), Operand::IdRef(length)]);
                self.block_types = Some((block, array));
                (block, array)
            }
        };
        let array_pointer =
            self.declare(Op::TypePointer, None, vec![Operand::StorageClass(class), Operand::IdRef(array)]);
        let element_pointer =
            self.declare(Op::TypePointer, None, vec![Operand::StorageClass(class), Operand::IdRef(block)]);
        let variable = self.declare(Op::Variable, Some(array_pointer), vec![Operand::StorageClass(class)]);
        let binding = if class == StorageClass::Uniform { HEAP_UNIFORM_BINDING } else { HEAP_STORAGE_BINDING };
        self.bind(variable, HEAP_DESCRIPTOR_SET, binding);
        self.arrays.insert(class, (variable, element_pointer));
        (variable, element_pointer)
    }
}

/// Annotation instructions (SPIR-V 2.4, section 9).
fn is_annotation(op: Op) -> bool {
    matches!(
        op,
        Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString
            | Op::MemberDecorateIdEXT
    )
}

/// Type declarations (those a buffer descriptor type can be part of).
fn is_type(op: Op) -> bool {
    rewrite::is_type(op)
        || matches!(
            op,
            Op::TypeImage
                | Op::TypeSampler
                | Op::TypeSampledImage
                | Op::TypeBufferEXT
                | Op::TypeFunction
                | Op::TypeUntypedPointerKHR
        )
}
