//! Pointers held in memory in `Physical32` modules (docs/import.md,
//! "Physical32"): the module lays a pointer out in 4 bytes, the runner in 8
//! (its pointers are host addresses), so wherever the module reaches memory
//! holding pointers through a byte offset, or copies it by a byte count,
//! the offset or count is the module's and addresses the wrong bytes.
//!
//! [`typed_offsets`] rewrites each such byte offset whose typed place is
//! known (its root is a variable, a pointer loaded from a variable whose
//! address never escapes, a pointer induction, a helper's parameter every
//! call passes one type to) into a typed chain, which takes the runner's
//! layout; [`typed_copies`] turns whole-object copies into `OpCopyMemory`.
//! [`check`] refuses what is left, naming the instruction; the typed forms
//! (access chains by member and element, whole loads, stores and
//! `OpCopyMemory` of the types) take each side's own layout and stay.
//!
//! All of this is for the host's layout of pointers in memory
//! ([`PointerLayout::Host`], the default). With [`PointerLayout::Module`]
//! the lowering keeps the module's 4-byte pointers in memory (32-bit
//! addresses, every object the kernel reaches placed below 4 GiB by the
//! runner), the module's byte offsets and counts are exact, and none of
//! this module runs (`deserialize_with`).
//!
//! What is refused, per function a kernel may run (ids are traced back
//! through `OpBitcast`, the generic-pointer casts, `OpCopyObject`, access
//! chains, `OpPhi`, `OpSelect` and loads from tracked variables to the
//! variables and parameters they come from):
//!
//! - a *byte step* (an `Op[InBounds]PtrAccessChain` over a pointer to an
//!   8-bit integer, clang's `getelementptr i8`, or to another type holding
//!   no pointer, `((int *)&pair)[2]`; or one whose indices end on 8-bit
//!   integers) whose base comes from memory holding pointers (a
//!   variable whose type is or contains a pointer, or a parameter that a
//!   call passes such memory to). A constant step straight from the
//!   variable that stays before its first pointer (the same bytes in
//!   both layouts) is allowed;
//! - a load or store of a pointer (or of a composite holding one) whose
//!   address went through a byte step, or comes from a variable whose type
//!   holds no pointer (memory of other data reused for a pointer);
//! - an `OpCopyMemorySized` to or from memory holding pointers (but a
//!   constant one that ends before a variable's first pointer).

use std::{fmt, str::FromStr};

use std::collections::{HashMap, HashSet};

use super::{DeserializeError, ErrorKind, reader::Inst, rewrite::Rewritten};

/// Where pointers held in memory take their layout from: the option
/// `pointer-layout` of `convert-spirv-to-llvm` (its `SpirvToLlvmOptions`),
/// and [`DeserializeOptions::pointer_layout`](super::DeserializeOptions::pointer_layout).
///
/// A pointer is an `!llvm.ptr` as an SSA value either way; this decides its
/// form in memory: what a variable, a struct member or an array element
/// holding a pointer is in LLVM, hence the bytes a pointer takes there.
/// The importer, told the same, refuses what the choice would lower to the
/// wrong bytes (docs/import.md, "Physical32").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum PointerLayout {
    /// The host's: a pointer in memory is an `!llvm.ptr` (8 bytes on the
    /// runner's targets), whatever the module's addressing model says.
    /// Upstream's lowering, and the output of every earlier version.
    #[default]
    Host,
    /// The module's: in a `spirv.module` whose addressing model is
    /// `Physical32`, a pointer in memory is an `i32` holding the address
    /// (stores truncate it with `llvm.ptrtoint`, loads zero-extend it back
    /// with `llvm.inttoptr`), so that the module's byte offsets and byte
    /// counts (4 bytes a pointer) address the bytes it means. Exact only
    /// when every object the code may reach lies below 4 GiB: the runner
    /// places a `Physical32` kernel's memory so (docs/abi.md). Modules of
    /// other addressing models are lowered as with [`Self::Host`].
    Module,
}

impl PointerLayout {
    /// Every value, with its option spelling.
    pub const ALL: [(Self, &'static str); 2] = [(Self::Host, "host"), (Self::Module, "module")];
}

impl fmt::Display for PointerLayout {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Self::ALL.iter().find(|(layout, _)| layout == self).map_or("host", |(_, name)| name);
        formatter.write_str(name)
    }
}

/// An unknown `pointer-layout` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown pointer layout '{0}' (expected host or module)")]
pub struct UnknownPointerLayout(pub String);

impl FromStr for PointerLayout {
    type Err = UnknownPointerLayout;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(layout, _)| *layout)
            .ok_or_else(|| UnknownPointerLayout(text.to_owned()))
    }
}

/// How many steps the walks behind loaded pointers may take in all, per
/// scan (a few thousand in clang's largest corpus modules).
const LOAD_BUDGET: usize = 1 << 20;

/// `AddressingModel Physical32`.
const PHYSICAL32: u32 = 1;

mod op {
    pub const MEMORY_MODEL: u16 = 14;
    pub const ENTRY_POINT: u16 = 15;
    pub const TYPE_INT: u16 = 21;
    pub const TYPE_FLOAT: u16 = 22;
    pub const TYPE_VECTOR: u16 = 23;
    pub const TYPE_MATRIX: u16 = 24;
    pub const TYPE_ARRAY: u16 = 28;
    pub const TYPE_RUNTIME_ARRAY: u16 = 29;
    pub const TYPE_STRUCT: u16 = 30;
    pub const TYPE_POINTER: u16 = 32;
    pub const CONSTANT: u16 = 43;
    pub const CONSTANT_NULL: u16 = 46;
    pub const FUNCTION: u16 = 54;
    pub const FUNCTION_PARAMETER: u16 = 55;
    pub const FUNCTION_CALL: u16 = 57;
    pub const VARIABLE: u16 = 59;
    pub const LOAD: u16 = 61;
    pub const STORE: u16 = 62;
    pub const COPY_MEMORY: u16 = 63;
    pub const COPY_MEMORY_SIZED: u16 = 64;
    pub const ACCESS_CHAIN: u16 = 65;
    pub const IN_BOUNDS_ACCESS_CHAIN: u16 = 66;
    pub const PTR_ACCESS_CHAIN: u16 = 67;
    pub const IN_BOUNDS_PTR_ACCESS_CHAIN: u16 = 70;
    pub const COPY_OBJECT: u16 = 83;
    pub const PTR_CAST_TO_GENERIC: u16 = 121;
    pub const GENERIC_CAST_TO_PTR: u16 = 122;
    pub const GENERIC_CAST_TO_PTR_EXPLICIT: u16 = 123;
    pub const BITCAST: u16 = 124;
    pub const SELECT: u16 = 169;
    pub const PHI: u16 = 245;

    /// The instructions whose result is a pointer derived from an operand
    /// pointer (a step, a cast or a choice): what the scan follows from a
    /// pointer to the place it reaches.
    pub const fn derives_pointer(opcode: u16) -> bool {
        matches!(
            opcode,
            ACCESS_CHAIN
                | IN_BOUNDS_ACCESS_CHAIN
                | PTR_ACCESS_CHAIN
                | IN_BOUNDS_PTR_ACCESS_CHAIN
                | COPY_OBJECT
                | PTR_CAST_TO_GENERIC
                | GENERIC_CAST_TO_PTR
                | GENERIC_CAST_TO_PTR_EXPLICIT
                | BITCAST
                | SELECT
                | PHI
        )
    }
}

/// A type, as much of it as the layout needs.
#[derive(Clone)]
enum Ty {
    Scalar(u64),
    Vector(u32, u32),
    Array(u32, Option<u32>),
    Struct(Vec<u32>),
    Pointer(u32),
}

/// Where a pointer comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Origin {
    /// An `OpVariable`: its `<id>` and pointee type.
    Variable(u32, u32),
    /// Parameter `index` of function `function`.
    Parameter(u32, usize),
    /// Anything else (a loaded pointer, a call's result, an integer's).
    Unknown,
}

/// What the stores of a module put into its variables ([`Scan::track`]).
#[derive(Default)]
struct Memory {
    /// The values stored into each variable (by any chain from it).
    stored: HashMap<u32, Vec<u32>>,
    /// Variables whose contents are not only their stores' values.
    escaping: HashSet<u32>,
}

struct Scan<'a, 'w> {
    types: HashMap<u32, Ty>,
    constants: HashMap<u32, u64>,
    /// The defining instruction of each result `<id>`, and its result type.
    defs: HashMap<u32, (&'a Inst<'w>, u32)>,
    /// Each function's parameters, in order.
    parameters: HashMap<u32, Vec<u32>>,
    /// Each parameter: its function and index.
    parameter_of: HashMap<u32, (u32, usize)>,
    /// Parameters passed memory holding pointers by some call.
    holding_parameters: HashSet<(u32, usize)>,
    /// Each pointer type's storage class.
    pointer_storage: HashMap<u32, u32>,
    /// The entry points' functions.
    entry_points: HashSet<u32>,
    /// The calls of each function, in the functions a kernel may run.
    calls: HashMap<u32, Vec<&'a Inst<'w>>>,
    /// The pointers stored into each variable whose memory is tracked:
    /// a variable whose address never leaves the function's view (not
    /// stored as a value, passed to a call, copied into by a byte count,
    /// converted: see [`Scan::track`]) holds only what its stores put
    /// there, so a pointer loaded from it comes from one of those. `None`
    /// until tracked.
    memory: Option<Memory>,
    /// Steps the walks through loads have taken: past [`LOAD_BUDGET`], a
    /// loaded pointer is not traced further (nested loads could otherwise
    /// multiply the walks in a crafted module).
    load_steps: std::cell::Cell<usize>,
    /// The integer additions, multiplications, shifts and masks (a byte
    /// step's offset is read through them).
    arith: HashMap<u32, &'a Inst<'w>>,
}

/// Refuses a `Physical32` module that reaches memory holding pointers
/// through a byte offset or a byte count (module doc).
///
/// # Errors
///
/// An [`ErrorKind::Unsupported`] at the first such instruction.
pub(super) fn check(instructions: &[Inst<'_>]) -> Result<(), DeserializeError> {
    let Some((mut scan, body)) = Scan::new(instructions) else {
        return Ok(());
    };
    scan.track(instructions, &body);
    scan.propagate(&body);
    for inst in &body {
        scan.check_instruction(inst)?;
    }
    Ok(())
}

impl Scan<'_, '_> {
    /// Records what the stores put into each variable, and which
    /// variables escape: a pointer derived from one stored as a value,
    /// passed to a call, returned, converted, or used by any instruction
    /// but a load, a store's address, a chain, a cast, `OpPhi`,
    /// `OpSelect` or a lifetime marker; one copied into by
    /// `OpCopyMemory[Sized]`, or with an initializer. Loads are not traced
    /// here: a store through a loaded pointer can only reach a variable
    /// whose address was stored somewhere, which then escapes.
    fn track(&mut self, instructions: &[Inst<'_>], body: &[&Inst<'_>]) {
        const LIFETIME_START: u16 = 256;
        const LIFETIME_STOP: u16 = 257;
        let mut memory = Memory::default();
        for inst in instructions {
            if inst.opcode == op::VARIABLE && inst.words.len() >= 4 {
                memory.escaping.insert(inst.words[1]);
            }
        }
        let variables = |id: u32, scan: &Self| -> Vec<u32> {
            scan.origins(id)
                .into_iter()
                .filter_map(|origin| match origin {
                    Origin::Variable(variable, _) => Some(variable),
                    _ => None,
                })
                .collect()
        };
        for inst in body {
            let w = inst.words;
            match inst.opcode {
                op::STORE if w.len() >= 2 => {
                    for variable in variables(w[0], self) {
                        memory.stored.entry(variable).or_default().push(w[1]);
                    }
                    if self.defs.contains_key(&w[1]) {
                        memory.escaping.extend(variables(w[1], self));
                    }
                }
                op::COPY_MEMORY | op::COPY_MEMORY_SIZED if !w.is_empty() => {
                    memory.escaping.extend(variables(w[0], self));
                }
                opcode if op::derives_pointer(opcode) => {}
                op::LOAD | op::VARIABLE | LIFETIME_START | LIFETIME_STOP => {}
                _ => {
                    // Any other use of a pointer: every word that names
                    // one (a literal that happens to is only more careful).
                    for &word in w {
                        if self.defs.contains_key(&word) {
                            memory.escaping.extend(variables(word, self));
                        }
                    }
                }
            }
        }
        self.memory = Some(memory);
    }

    /// The type a pointer loaded from tracked memory points to the start
    /// of: every value stored there is a variable of that type (seen
    /// through casts), not a place inside one.
    fn pointee_of_load(&self, id: u32) -> Option<u32> {
        self.pointee_of_load_at(id, 0)
    }

    /// [`Scan::pointee_of_load`], where a stored value may itself be such
    /// a loaded pointer (clang -O0 copies pointer variables), 3 deep.
    fn pointee_of_load_at(&self, id: u32, depth: usize) -> Option<u32> {
        let (inst, _) = self.defs.get(&id)?;
        if inst.opcode != op::LOAD || inst.words.len() < 3 || depth > 3 {
            return None;
        }
        let mut found = None;
        for value in self.loaded(inst.words[2], 0)? {
            let pointee = match self.start_of(value) {
                Some(variable) => self.pointee(variable)?,
                None => self.pointee_of_load_at(self.uncast(value)?.0, depth + 1)?,
            };
            if found.is_some_and(|found| found != pointee) {
                return None;
            }
            found = Some(pointee);
        }
        found
    }

    /// The variable whose first byte pointer `<id>` is: the variable seen
    /// through casts and chains whose indices are all 0 (`&arr[0]`).
    fn start_of(&self, mut id: u32) -> Option<u32> {
        for _ in 0..64 {
            let (inst, _) = self.defs.get(&id)?;
            let w = inst.words;
            match inst.opcode {
                op::VARIABLE => return Some(id),
                op::BITCAST | op::COPY_OBJECT | op::PTR_CAST_TO_GENERIC | op::GENERIC_CAST_TO_PTR => id = *w.get(2)?,
                op::ACCESS_CHAIN
                | op::IN_BOUNDS_ACCESS_CHAIN
                | op::PTR_ACCESS_CHAIN
                | op::IN_BOUNDS_PTR_ACCESS_CHAIN
                    if w.len() >= 3 && w[3..].iter().all(|index| self.constants.get(index) == Some(&0)) =>
                {
                    id = w[2];
                }
                _ => return None,
            }
        }
        None
    }

    /// Which parameters receive memory holding pointers: to a fixed point
    /// (a call chain passes it on).
    fn propagate(&mut self, body: &[&Inst<'_>]) {
        let scan = self;
        loop {
            let mut grew = false;
            for inst in body {
                if inst.opcode != op::FUNCTION_CALL || inst.words.len() < 3 {
                    continue;
                }
                let callee = inst.words[2];
                for (index, &argument) in inst.words[3..].iter().enumerate() {
                    let key = (callee, index);
                    if !scan.holding_parameters.contains(&key)
                        && scan.origins(argument).iter().any(|origin| scan.holds_pointers_at(*origin))
                    {
                        scan.holding_parameters.insert(key);
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
    }
}

/// `memcpy` of a whole object holding pointers into another of its type
/// (clang-22 -O0's struct assignment, pass by value and return, as
/// `OpCopyMemorySized %a %b %size`, the pointers typed as the struct or
/// cast to `uchar*`, `size` the module's size of the type) becomes
/// `OpCopyMemory` of the two pointers before their casts: the copy then
/// takes the runner's layout, as it means to. The memory operands go
/// (alignment hints). `None` where nothing changes.
pub(super) fn typed_copies(words: &[u32], instructions: &[Inst<'_>]) -> Result<Option<Rewritten>, DeserializeError> {
    let Some((scan, _)) = Scan::new(instructions) else {
        return Ok(None);
    };
    let mut typed = HashMap::new();
    for (index, inst) in instructions.iter().enumerate() {
        if inst.opcode != op::COPY_MEMORY_SIZED || inst.words.len() < 3 {
            continue;
        }
        let w = inst.words;
        let (Some((target, pointee)), Some((source, source_pointee))) = (scan.uncast(w[0]), scan.uncast(w[1])) else {
            continue;
        };
        let size = scan.constants.get(&w[2]).copied();
        if pointee == source_pointee
            && scan.holds_pointers(pointee, 0)
            && size.is_some()
            && scan.module_layout(pointee, 0).map(|(bytes, _, _)| bytes) == size
        {
            typed.insert(index, (target, source));
        }
    }
    if typed.is_empty() {
        return Ok(None);
    }
    let mut out = words.get(..5).unwrap_or_default().to_vec();
    let mut offsets = Vec::with_capacity(instructions.len());
    for (index, inst) in instructions.iter().enumerate() {
        match typed.get(&index) {
            Some(&(target, source)) if inst.opcode == op::COPY_MEMORY_SIZED => {
                out.extend([(3 << 16) | u32::from(op::COPY_MEMORY), target, source]);
            }
            _ => {
                let count = u32::try_from(inst.words.len() + 1).unwrap_or(u32::MAX);
                out.push((count << 16) | u32::from(inst.opcode));
                out.extend_from_slice(inst.words);
            }
        }
        offsets.push(inst.offset);
    }
    let bound = words.get(3).copied().unwrap_or_default();
    Ok(Some(Rewritten { words: out, bound, offsets }))
}

/// The pointers the result of `inst` is derived from (the base of an
/// access chain, the operand of a copy or cast, both sides of a select, a
/// phi's incoming values), or `None` when it is not made from other
/// pointers (a variable, a parameter, a load, a call).
fn derived_from(inst: &Inst<'_>) -> Option<Vec<u32>> {
    let w = inst.words;
    Some(match inst.opcode {
        op::ACCESS_CHAIN
        | op::IN_BOUNDS_ACCESS_CHAIN
        | op::PTR_ACCESS_CHAIN
        | op::IN_BOUNDS_PTR_ACCESS_CHAIN
        | op::COPY_OBJECT
        | op::PTR_CAST_TO_GENERIC
        | op::GENERIC_CAST_TO_PTR
        | op::GENERIC_CAST_TO_PTR_EXPLICIT
        | op::BITCAST => w.get(2).into_iter().copied().collect(),
        op::SELECT => w.get(3..5).unwrap_or_default().to_vec(),
        op::PHI => w.get(2..).unwrap_or_default().iter().step_by(2).copied().collect(),
        _ => return None,
    })
}

impl<'a, 'w> Scan<'a, 'w> {
    /// The scan of a `Physical32` module and its functions' instructions
    /// (`None` for another addressing model).
    fn new(instructions: &'a [Inst<'w>]) -> Option<(Self, Vec<&'a Inst<'w>>)> {
        let physical32 =
            instructions.iter().any(|inst| inst.opcode == op::MEMORY_MODEL && inst.words.first() == Some(&PHYSICAL32));
        if !physical32 {
            return None;
        }
        let mut scan = Scan {
            types: HashMap::new(),
            constants: HashMap::new(),
            defs: HashMap::new(),
            parameters: HashMap::new(),
            parameter_of: HashMap::new(),
            holding_parameters: HashSet::new(),
            pointer_storage: HashMap::new(),
            entry_points: HashSet::new(),
            calls: HashMap::new(),
            arith: HashMap::new(),
            memory: None,
            load_steps: std::cell::Cell::new(0),
        };
        let mut function = None;
        let mut body = Vec::new();
        for inst in instructions {
            let w = inst.words;
            let word = |i: usize| w.get(i).copied().unwrap_or(0);
            match inst.opcode {
                op::TYPE_INT => {
                    scan.types.insert(word(0), Ty::Scalar(u64::from(word(1) / 8)));
                }
                op::TYPE_FLOAT => {
                    scan.types.insert(word(0), Ty::Scalar(u64::from(word(1) / 8)));
                }
                op::TYPE_VECTOR | op::TYPE_MATRIX => {
                    scan.types.insert(word(0), Ty::Vector(word(1), word(2)));
                }
                op::TYPE_ARRAY => {
                    scan.types.insert(word(0), Ty::Array(word(1), Some(word(2))));
                }
                op::TYPE_RUNTIME_ARRAY => {
                    scan.types.insert(word(0), Ty::Array(word(1), None));
                }
                op::TYPE_STRUCT => {
                    scan.types.insert(word(0), Ty::Struct(w.get(1..).unwrap_or_default().to_vec()));
                }
                op::TYPE_POINTER => {
                    scan.types.insert(word(0), Ty::Pointer(word(2)));
                    scan.pointer_storage.insert(word(0), word(1));
                }
                arith::I_ADD | arith::I_MUL | arith::SHIFT_LEFT_LOGICAL | arith::BITWISE_AND if w.len() >= 4 => {
                    scan.arith.insert(word(1), inst);
                }
                op::CONSTANT if w.len() >= 3 => {
                    let high = w.get(3).map_or(0, |&high| u64::from(high) << 32);
                    scan.constants.insert(word(1), u64::from(word(2)) | high);
                }
                // clang-22 -O0 writes a struct index as `OpConstantNull`.
                op::CONSTANT_NULL if w.len() >= 2 && matches!(scan.types.get(&word(0)), Some(Ty::Scalar(_))) => {
                    scan.constants.insert(word(1), 0);
                }
                op::FUNCTION => {
                    function = Some(word(1));
                    scan.parameters.insert(word(1), Vec::new());
                }
                op::FUNCTION_PARAMETER => {
                    if let Some(function) = function {
                        let list = scan.parameters.entry(function).or_default();
                        scan.parameter_of.insert(word(1), (function, list.len()));
                        list.push(word(1));
                    }
                }
                _ => {}
            }
            if (op::derives_pointer(inst.opcode)
                || matches!(inst.opcode, op::VARIABLE | op::FUNCTION_PARAMETER | op::FUNCTION_CALL | op::LOAD))
                && w.len() >= 2
            {
                scan.defs.insert(word(1), (inst, word(0)));
            }
            if let Some(function) = function {
                body.push((function, inst));
            }
        }
        // Only the functions a kernel may run: a function no entry point
        // reaches through calls never runs here (clang exports every
        // function; -O2 inlines them and leaves the bodies). A module
        // without entry points (a library) is checked whole.
        let entries: Vec<u32> = instructions
            .iter()
            .filter(|inst| inst.opcode == op::ENTRY_POINT)
            .filter_map(|inst| inst.words.get(1).copied())
            .collect();
        scan.entry_points = entries.iter().copied().collect();
        let mut reachable: HashSet<u32> = entries.iter().copied().collect();
        if !entries.is_empty() {
            let mut work = entries;
            while let Some(function) = work.pop() {
                for (_, inst) in
                    body.iter().filter(|(owner, inst)| *owner == function && inst.opcode == op::FUNCTION_CALL)
                {
                    if let Some(&callee) = inst.words.get(2)
                        && reachable.insert(callee)
                    {
                        work.push(callee);
                    }
                }
            }
        }
        let body = body
            .into_iter()
            .filter(|(function, _)| reachable.is_empty() || reachable.contains(function))
            .map(|(_, inst)| inst)
            .collect::<Vec<_>>();
        for inst in &body {
            if inst.opcode == op::FUNCTION_CALL
                && let Some(&callee) = inst.words.get(2)
            {
                scan.calls.entry(callee).or_default().push(*inst);
            }
        }
        Some((scan, body))
    }

    /// Whether a value of type `ty` is or holds a pointer.
    fn holds_pointers(&self, ty: u32, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        match self.types.get(&ty) {
            Some(Ty::Pointer(_)) => true,
            Some(Ty::Array(element, _)) => self.holds_pointers(*element, depth + 1),
            Some(Ty::Struct(members)) => members.iter().any(|member| self.holds_pointers(*member, depth + 1)),
            _ => false,
        }
    }

    /// Whether memory reached from `origin` may hold pointers.
    fn holds_pointers_at(&self, origin: Origin) -> bool {
        match origin {
            Origin::Variable(_, pointee) => self.holds_pointers(pointee, 0),
            Origin::Parameter(function, index) => self.holding_parameters.contains(&(function, index)),
            Origin::Unknown => false,
        }
    }

    /// The pointee type of pointer `<id>`, if its type is known.
    fn pointee(&self, id: u32) -> Option<u32> {
        let (_, ty) = self.defs.get(&id)?;
        match self.types.get(ty)? {
            Ty::Pointer(pointee) => Some(*pointee),
            _ => None,
        }
    }

    /// The variables and parameters pointer `<id>` comes from.
    fn origins(&self, id: u32) -> Vec<Origin> {
        self.origins_at(id, 0)
    }

    /// The values a pointer loaded from `address` may be: what the stores
    /// put into the tracked variables it comes from (`None` where one is
    /// not tracked, or never stored to).
    fn loaded(&self, address: u32, depth: usize) -> Option<Vec<u32>> {
        let memory = self.memory.as_ref()?;
        let mut values = Vec::new();
        for origin in self.origins_at(address, depth + 1) {
            let Origin::Variable(variable, _) = origin else { return None };
            if memory.escaping.contains(&variable) {
                return None;
            }
            values.extend(memory.stored.get(&variable)?);
        }
        (!values.is_empty()).then_some(values)
    }

    /// [`Scan::origins`], through at most 3 loads from tracked memory.
    fn origins_at(&self, id: u32, depth: usize) -> Vec<Origin> {
        let mut found = Vec::new();
        let mut seen = HashSet::new();
        let mut work = vec![id];
        while let Some(id) = work.pop() {
            if !seen.insert(id) || seen.len() > 4096 {
                continue;
            }
            if depth > 0 {
                self.load_steps.set(self.load_steps.get() + 1);
            }
            let Some((inst, _)) = self.defs.get(&id) else {
                found.push(Origin::Unknown);
                continue;
            };
            match inst.opcode {
                op::VARIABLE => found.push(match self.pointee(id) {
                    Some(pointee) => Origin::Variable(id, pointee),
                    None => Origin::Unknown,
                }),
                op::FUNCTION_PARAMETER => found.push(match self.parameter_of.get(&id) {
                    Some(&(function, index)) => Origin::Parameter(function, index),
                    None => Origin::Unknown,
                }),
                op::LOAD if depth < 3 && inst.words.len() >= 3 && self.load_steps.get() < LOAD_BUDGET => {
                    match self.loaded(inst.words[2], depth) {
                        Some(values) => work.extend(values),
                        None => found.push(Origin::Unknown),
                    }
                }
                _ => match derived_from(inst) {
                    Some(sources) => work.extend(sources),
                    None => found.push(Origin::Unknown),
                },
            }
        }
        found
    }

    /// Whether `inst` is a byte step: an `Op[InBounds]PtrAccessChain` by
    /// other than a constant 0 counting bytes, or elements of another type
    /// holding no pointer (over a pointer to such a type), or whose
    /// indices end on bytes without walking to them.
    fn byte_step(&self, inst: &Inst<'_>) -> bool {
        if !matches!(inst.opcode, op::PTR_ACCESS_CHAIN | op::IN_BOUNDS_PTR_ACCESS_CHAIN) || inst.words.len() < 4 {
            return false;
        }
        let w = inst.words;
        let byte = |ty: Option<u32>| ty.is_some_and(|ty| matches!(self.types.get(&ty), Some(Ty::Scalar(1))));
        if w.len() == 4 {
            // Over bytes, or over any other type that holds no pointer
            // (`((int *)&pair)[2]`, clang -O0's GEP on a cast): the
            // module's count of bytes or elements across memory that may
            // hold pointers. A step over pointers, or over a type holding
            // them, strides the same elements in both layouts.
            return self.pointee(w[2]).is_some_and(|pointee| !self.holds_pointers(pointee, 0))
                && self.constants.get(&w[3]) != Some(&0);
        }
        // clang types the chain as its base and ends it on bytes: the
        // indices do not walk to the result's pointee.
        let result = match self.types.get(&w[0]) {
            Some(Ty::Pointer(pointee)) => Some(*pointee),
            _ => None,
        };
        let mut walked = self.pointee(w[2]);
        for index in &w[4..] {
            walked = match walked.and_then(|ty| self.types.get(&ty)) {
                Some(Ty::Array(element, _) | Ty::Vector(element, _)) => Some(*element),
                Some(Ty::Struct(members)) => self
                    .constants
                    .get(index)
                    .and_then(|&at| usize::try_from(at).ok())
                    .and_then(|at| members.get(at))
                    .copied(),
                _ => None,
            };
        }
        byte(result) && !byte(walked)
    }

    /// Whether pointer `<id>` went through a byte step.
    fn through_bytes(&self, id: u32) -> bool {
        let mut seen = HashSet::new();
        let mut work = vec![id];
        while let Some(id) = work.pop() {
            if !seen.insert(id) || seen.len() > 4096 {
                continue;
            }
            let Some((inst, _)) = self.defs.get(&id) else {
                continue;
            };
            if self.byte_step(inst) {
                return true;
            }
            work.extend(derived_from(inst).unwrap_or_default());
        }
        false
    }

    /// Whether `<id>` is variable `variable` seen through casts only.
    fn cast_of(&self, mut id: u32, variable: u32) -> bool {
        for _ in 0..64 {
            if id == variable {
                return true;
            }
            match self.defs.get(&id) {
                Some((inst, _))
                    if matches!(
                        inst.opcode,
                        op::BITCAST
                            | op::COPY_OBJECT
                            | op::PTR_CAST_TO_GENERIC
                            | op::GENERIC_CAST_TO_PTR
                            | op::GENERIC_CAST_TO_PTR_EXPLICIT
                    ) =>
                {
                    let Some(&base) = inst.words.get(2) else {
                        return false;
                    };
                    id = base;
                }
                _ => return false,
            }
        }
        false
    }

    /// The pointer `<id>` is cast from (itself if not a cast: a variable,
    /// a parameter, an access chain...), and its pointee type.
    fn uncast(&self, mut id: u32) -> Option<(u32, u32)> {
        for _ in 0..64 {
            let Some((inst, _)) = self.defs.get(&id) else {
                return Some((id, self.pointee(id)?));
            };
            match inst.opcode {
                op::BITCAST
                | op::COPY_OBJECT
                | op::PTR_CAST_TO_GENERIC
                | op::GENERIC_CAST_TO_PTR
                | op::GENERIC_CAST_TO_PTR_EXPLICIT => id = *inst.words.get(2)?,
                _ => return Some((id, self.pointee(id)?)),
            }
        }
        None
    }

    /// Size, alignment and offset of the first pointer of `ty` laid out as
    /// the module lays it out (OpenCL C's rules, 4-byte pointers).
    fn module_layout(&self, ty: u32, depth: usize) -> Option<(u64, u64, Option<u64>)> {
        if depth > 64 {
            return None;
        }
        Some(match self.types.get(&ty)? {
            Ty::Scalar(0) => return None,
            Ty::Scalar(bytes) => (*bytes, *bytes, None),
            Ty::Pointer(_) => (4, 4, Some(0)),
            Ty::Vector(element, count) => {
                let (size, _, _) = self.module_layout(*element, depth + 1)?;
                let lanes = if *count == 3 { 4 } else { u64::from(*count) };
                (size * lanes, size * lanes, None)
            }
            Ty::Array(element, count) => {
                let (size, alignment, first) = self.module_layout(*element, depth + 1)?;
                let count = count.and_then(|count| self.constants.get(&count).copied())?;
                (size.checked_mul(count)?, alignment, if count == 0 { None } else { first })
            }
            Ty::Struct(members) => {
                let (mut end, mut alignment, mut first) = (0u64, 1u64, None);
                for member in members {
                    let (size, member_alignment, member_first) = self.module_layout(*member, depth + 1)?;
                    let offset = end.div_ceil(member_alignment) * member_alignment;
                    first = first.or(member_first.map(|at| offset + at));
                    end = offset + size;
                    alignment = alignment.max(member_alignment);
                }
                (end.div_ceil(alignment) * alignment, alignment, first)
            }
        })
    }

    /// Whether byte step `inst` (base `base`) stays before the first
    /// pointer of the variable it steps into, straight from it by a
    /// constant: the same bytes in both layouts.
    fn before_first_pointer(&self, inst: &Inst<'_>, origins: &[Origin]) -> bool {
        let [Origin::Variable(variable, pointee)] = origins else {
            return false;
        };
        if inst.words.len() != 4 || !self.cast_of(inst.words[2], *variable) {
            return false;
        }
        let Some(&index) = self.constants.get(&inst.words[3]) else {
            return false;
        };
        let Some((unit, _, _)) = self.pointee(inst.words[2]).and_then(|ty| self.module_layout(ty, 0)) else {
            return false;
        };
        let Some((_, _, Some(first))) = self.module_layout(*pointee, 0) else {
            return false;
        };
        index.checked_mul(unit).is_some_and(|offset| offset < first)
    }

    /// Whether the `size` bytes at pointer `<id>` (a variable, or a
    /// constant byte step straight from it, seen through casts) end before
    /// the variable's first pointer: the same bytes in both layouts
    /// (clang-22 -O0 copies an initializer's padding so).
    fn bytes_before_first_pointer(&self, id: u32, size: u64) -> bool {
        let Some((id, _)) = self.uncast(id) else { return false };
        let (variable, start) = match self.defs.get(&id) {
            Some((inst, _)) if inst.opcode == op::VARIABLE => (id, 0),
            Some((inst, _)) if inst.words.len() == 4 && self.byte_step(inst) => {
                let Some((variable, _)) = self.uncast(inst.words[2]) else { return false };
                let unit = self.pointee(inst.words[2]).and_then(|ty| self.module_layout(ty, 0));
                let (Some(&index), Some((unit, _, _))) = (self.constants.get(&inst.words[3]), unit) else {
                    return false;
                };
                let Some(start) = index.checked_mul(unit) else { return false };
                (variable, start)
            }
            _ => return false,
        };
        let Some((def, _)) = self.defs.get(&variable) else { return false };
        let Some(pointee) = self.pointee(variable).filter(|_| def.opcode == op::VARIABLE) else {
            return false;
        };
        let Some((_, _, Some(first))) = self.module_layout(pointee, 0) else { return false };
        start.checked_add(size).is_some_and(|end| end <= first)
    }

    fn refuse(inst: &Inst<'_>, what: &str) -> DeserializeError {
        DeserializeError::new(
            inst.offset,
            ErrorKind::Unsupported(format!(
                "{what} in a Physical32 module: the module lays a pointer out in 4 bytes, the runner in 8 (host \
                 addresses), so the module's byte offsets and sizes address the wrong bytes"
            )),
        )
    }

    fn check_instruction(&self, inst: &Inst<'_>) -> Result<(), DeserializeError> {
        let w = inst.words;
        if self.byte_step(inst) {
            let origins = self.origins(w[2]);
            if origins.iter().any(|origin| self.holds_pointers_at(*origin))
                && !self.before_first_pointer(inst, &origins)
            {
                return Err(Self::refuse(inst, "a byte offset into memory holding pointers"));
            }
        }
        let pointer_access = match inst.opcode {
            op::LOAD if w.len() >= 3 => Some((w[2], self.holds_pointers(w[0], 0))),
            op::STORE if w.len() >= 2 => Some((w[0], self.pointee(w[0]).is_some_and(|ty| self.holds_pointers(ty, 0)))),
            _ => None,
        };
        if let Some((address, true)) = pointer_access {
            if self.through_bytes(address) {
                return Err(Self::refuse(inst, "a pointer loaded or stored at a byte offset"));
            }
            if self
                .origins(address)
                .iter()
                .any(|origin| matches!(origin, Origin::Variable(_, pointee) if !self.holds_pointers(*pointee, 0)))
            {
                return Err(Self::refuse(inst, "a pointer kept in memory of another type"));
            }
        }
        if inst.opcode == op::COPY_MEMORY_SIZED && w.len() >= 3 {
            let holding = |id: u32| self.origins(id).iter().any(|origin| self.holds_pointers_at(*origin));
            let size = self.constants.get(&w[2]).copied();
            let touches = |id: u32| holding(id) && !size.is_some_and(|size| self.bytes_before_first_pointer(id, size));
            if touches(w[0]) || touches(w[1]) {
                return Err(Self::refuse(inst, "a copy by byte count of memory holding pointers"));
            }
        }
        Ok(())
    }
}

/// Integer opcodes the offset of a byte step is read through.
mod arith {
    pub const I_ADD: u16 = 128;
    pub const I_MUL: u16 = 132;
    pub const S_DIV: u16 = 135;
    pub const SHIFT_LEFT_LOGICAL: u16 = 196;
    pub const BITWISE_AND: u16 = 199;
}

/// A variable part of a byte offset: `value(id) * scale` bytes, where
/// `value(id)` is known to be a multiple of `multiple` (its low bits are
/// masked off), and `typed` when it comes from an element step over a
/// typed pointer (C keeps it inside the array that pointer points into).
#[derive(Clone, Copy)]
struct Term {
    id: u32,
    scale: i64,
    multiple: u64,
    typed: bool,
}

/// A byte offset in the module's layout: a constant and variable terms.
#[derive(Clone, Default)]
struct Offset {
    constant: i64,
    terms: Vec<Term>,
}

/// One index of a typed chain: `constant + sum(value(id) / divisor * scale)`.
#[derive(Clone, Default)]
struct Index {
    constant: i64,
    parts: Vec<(u32, i64, i64)>,
}

/// A byte step rewritten: the typed chain from `root` to `leaf`.
struct Plan {
    root: u32,
    /// The root's storage class.
    storage: u32,
    /// The cast between storage classes the step was reached through
    /// (`OpPtrCastToGeneric`, `OpGenericCastToPtr`), applied to the
    /// chain's result.
    cast: Option<u16>,
    /// The type a loaded root points to (cast to it first).
    retype: Option<u32>,
    leaf: u32,
    /// The element index, then one per level.
    indices: Vec<Index>,
}

/// The byte steps into memory holding pointers whose typed place is known
/// (clang's `getelementptr i8` with a constant offset, or an offset that
/// is a known multiple of the element it steps over), rewritten as typed
/// chains that take the runner's layout: `R = Op[InBounds]PtrAccessChain
/// %uchar_ptr %base %offset` becomes `T = Op[InBounds]PtrAccessChain
/// %leaf_ptr %root %element %indices...` and `R = OpBitcast %uchar_ptr T`,
/// where `root` is the outermost typed pointer the base is cast or stepped
/// from (a variable, a parameter, an access chain). The offset is
/// decomposed over the module's layout (4-byte pointers): constants into
/// struct members and array elements, variable terms into array indices
/// (`k << 2` over an array of pointers is element `k`). A step that lands
/// inside a scalar, or whose variable part may cross a struct's members,
/// is left as it was, and [`check`] refuses it. `None` where nothing
/// changes.
pub(super) fn typed_offsets(words: &[u32], instructions: &[Inst<'_>]) -> Result<Option<Rewritten>, DeserializeError> {
    let Some((mut scan, body)) = Scan::new(instructions) else {
        return Ok(None);
    };
    scan.track(instructions, &body);
    scan.propagate(&body);
    let mut value_types = HashMap::new();
    let mut u32_type = None;
    let mut u32_constants = HashMap::new();
    let mut pointer_types = HashMap::new();
    let mut first_function = None;
    for (index, inst) in instructions.iter().enumerate() {
        let w = inst.words;
        match inst.opcode {
            op::TYPE_INT if w.len() >= 3 && w[1] == 32 && u32_type.is_none() => u32_type = Some(w[0]),
            op::TYPE_POINTER if w.len() >= 3 => {
                pointer_types.entry((w[1], w[2])).or_insert(w[0]);
            }
            op::FUNCTION if first_function.is_none() => first_function = Some(index),
            _ => {}
        }
        let has_type = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(u32::from(inst.opcode)).is_some_and(|info| {
            matches!(
                info.operands.first().map(|operand| operand.kind),
                Some(rspirv::grammar::OperandKind::IdResultType)
            )
        });
        if has_type && w.len() >= 2 {
            value_types.insert(w[1], w[0]);
        }
        if inst.opcode == op::CONSTANT && w.len() == 3 && Some(w[0]) == u32_type {
            u32_constants.entry(u64::from(w[2])).or_insert(w[1]);
        }
    }
    let (Some(u32_type), Some(first_function)) = (u32_type, first_function) else {
        return Ok(None);
    };
    let int32: HashSet<u32> = instructions
        .iter()
        .filter(|inst| inst.opcode == op::TYPE_INT && inst.words.get(1) == Some(&32))
        .filter_map(|inst| inst.words.first().copied())
        .collect();
    let is_32_bit = |id: u32| value_types.get(&id).is_some_and(|ty| int32.contains(ty));
    let mut plans = std::collections::BTreeMap::new();
    for (index, inst) in instructions.iter().enumerate() {
        if !scan.byte_step(inst) || inst.words.len() != 4 {
            continue;
        }
        let origins = scan.origins(inst.words[2]);
        if !origins.iter().any(|origin| scan.holds_pointers_at(*origin)) || scan.before_first_pointer(inst, &origins) {
            continue;
        }
        if let Some(plan) = scan.plan(inst, &is_32_bit) {
            plans.insert(index, plan);
        }
    }
    if plans.is_empty() {
        return Ok(None);
    }
    let mut bound = words.get(3).copied().unwrap_or_default();
    let mut globals: Vec<Vec<u32>> = Vec::new();
    let mut fresh = || {
        let id = bound;
        bound += 1;
        id
    };
    let mut constant = |value: i64, globals: &mut Vec<Vec<u32>>, fresh: &mut dyn FnMut() -> u32| {
        // Two's complement: the module's indices are 32-bit.
        let bits = u64::from(value as u32);
        *u32_constants.entry(bits).or_insert_with(|| {
            let id = fresh();
            globals.push(vec![(4 << 16) | u32::from(op::CONSTANT), u32_type, id, bits as u32]);
            id
        })
    };
    let mut pointer_type = |storage: u32, pointee: u32, globals: &mut Vec<Vec<u32>>, fresh: &mut dyn FnMut() -> u32| {
        *pointer_types.entry((storage, pointee)).or_insert_with(|| {
            let id = fresh();
            globals.push(vec![(4 << 16) | u32::from(op::TYPE_POINTER), id, storage, pointee]);
            id
        })
    };
    let mut replaced: HashMap<usize, Vec<Vec<u32>>> = HashMap::new();
    for (&index, plan) in &plans {
        let inst = &instructions[index];
        let mut code = Vec::new();
        let mut operands = Vec::new();
        for at in &plan.indices {
            // Struct members are constants (the plan has no parts there).
            let mut value = None;
            for &(id, divisor, scale) in &at.parts {
                let mut part = id;
                if divisor != 1 {
                    let divided = fresh();
                    let by = constant(divisor, &mut globals, &mut fresh);
                    code.push(vec![(5 << 16) | u32::from(arith::S_DIV), u32_type, divided, part, by]);
                    part = divided;
                }
                if scale != 1 {
                    let scaled = fresh();
                    let by = constant(scale, &mut globals, &mut fresh);
                    code.push(vec![(5 << 16) | u32::from(arith::I_MUL), u32_type, scaled, part, by]);
                    part = scaled;
                }
                value = Some(match value {
                    None => part,
                    Some(sum) => {
                        let added = fresh();
                        code.push(vec![(5 << 16) | u32::from(arith::I_ADD), u32_type, added, sum, part]);
                        added
                    }
                });
            }
            let id = match value {
                None => constant(at.constant, &mut globals, &mut fresh),
                Some(sum) if at.constant == 0 => sum,
                Some(sum) => {
                    let added = fresh();
                    let by = constant(at.constant, &mut globals, &mut fresh);
                    code.push(vec![(5 << 16) | u32::from(arith::I_ADD), u32_type, added, sum, by]);
                    added
                }
            };
            operands.push(id);
        }
        let leaf_pointer = pointer_type(plan.storage, plan.leaf, &mut globals, &mut fresh);
        let mut root = plan.root;
        if let Some(pointee) = plan.retype {
            let typed_pointer = pointer_type(plan.storage, pointee, &mut globals, &mut fresh);
            root = fresh();
            code.push(vec![(4 << 16) | u32::from(op::BITCAST), typed_pointer, root, plan.root]);
        }
        let chain = fresh();
        let count = u32::try_from(operands.len() + 4).unwrap_or(u32::MAX);
        let mut step = vec![(count << 16) | u32::from(inst.opcode), leaf_pointer, chain, root];
        step.extend(&operands);
        code.push(step);
        match plan.cast {
            None => code.push(vec![(4 << 16) | u32::from(op::BITCAST), inst.words[0], inst.words[1], chain]),
            Some(cast) => {
                // Bytes in the root's storage class, then the cast the
                // module made.
                let Some(Ty::Pointer(bytes)) = scan.types.get(&inst.words[0]).cloned() else { continue };
                let bytes_pointer = pointer_type(plan.storage, bytes, &mut globals, &mut fresh);
                let as_bytes = fresh();
                code.push(vec![(4 << 16) | u32::from(op::BITCAST), bytes_pointer, as_bytes, chain]);
                code.push(vec![(4 << 16) | u32::from(cast), inst.words[0], inst.words[1], as_bytes]);
            }
        }
        replaced.insert(index, code);
    }
    let mut out = words.get(..5).unwrap_or_default().to_vec();
    let mut offsets = Vec::with_capacity(instructions.len() + globals.len());
    for (index, inst) in instructions.iter().enumerate() {
        if index == first_function {
            for global in &globals {
                out.extend(global);
                offsets.push(inst.offset);
            }
        }
        match replaced.get(&index) {
            Some(code) => {
                for new in code {
                    out.extend(new);
                    offsets.push(inst.offset);
                }
            }
            None => {
                let count = u32::try_from(inst.words.len() + 1).unwrap_or(u32::MAX);
                out.push((count << 16) | u32::from(inst.opcode));
                out.extend_from_slice(inst.words);
                offsets.push(inst.offset);
            }
        }
    }
    if let Some(header_bound) = out.get_mut(3) {
        *header_bound = bound;
    }
    Ok(Some(Rewritten { words: out, bound, offsets }))
}

/// Greatest common divisor (of positive numbers).
fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

impl Scan<'_, '_> {
    /// The signed value of integer constant `<id>` (32-bit ones
    /// sign-extended: the module's offsets are 32-bit).
    fn signed(&self, id: u32, is_32_bit: &dyn Fn(u32) -> bool) -> Option<i64> {
        let value = *self.constants.get(&id)?;
        Some(if is_32_bit(id) { i64::from(value as u32 as i32) } else { i64::try_from(value).ok()? })
    }

    /// Adds `value(id) * scale` bytes to `offset`, reading through
    /// additions, and multiplications, shifts and masks by constants.
    fn peel(
        &self,
        id: u32,
        scale: i64,
        typed: bool,
        offset: &mut Offset,
        is_32_bit: &dyn Fn(u32) -> bool,
        depth: usize,
    ) -> Option<()> {
        if let Some(value) = self.signed(id, is_32_bit) {
            offset.constant = offset.constant.checked_add(value.checked_mul(scale)?)?;
            return Some(());
        }
        let mut multiple = 1;
        if let Some(inst) = self.arith.get(&id).filter(|inst| inst.words.len() >= 4 && depth < 16) {
            let (a, b) = (inst.words[2], inst.words[3]);
            let constant = |id| self.signed(id, is_32_bit);
            match inst.opcode {
                arith::I_ADD => {
                    self.peel(a, scale, typed, offset, is_32_bit, depth + 1)?;
                    return self.peel(b, scale, typed, offset, is_32_bit, depth + 1);
                }
                arith::I_MUL => {
                    if let Some(by) = constant(b) {
                        return self.peel(a, scale.checked_mul(by)?, typed, offset, is_32_bit, depth + 1);
                    }
                    if let Some(by) = constant(a) {
                        return self.peel(b, scale.checked_mul(by)?, typed, offset, is_32_bit, depth + 1);
                    }
                }
                arith::SHIFT_LEFT_LOGICAL => {
                    if let Some(by) = constant(b).filter(|by| (0..31).contains(by)) {
                        return self.peel(a, scale.checked_mul(1 << by)?, typed, offset, is_32_bit, depth + 1);
                    }
                }
                arith::BITWISE_AND => {
                    // The low bits the mask clears: a known multiple.
                    if let Some(mask) = constant(b).or_else(|| constant(a)) {
                        let mask = mask as u32;
                        if mask == 0 {
                            return Some(());
                        }
                        multiple = 1u64 << mask.trailing_zeros();
                    }
                }
                _ => {}
            }
        }
        if !is_32_bit(id) {
            return None;
        }
        offset.terms.push(Term { id, scale, multiple, typed });
        Some(())
    }

    /// Offsets and module sizes of a struct's members (the module's
    /// layout).
    fn member_offsets(&self, members: &[u32]) -> Option<Vec<(u64, u64)>> {
        let mut end = 0u64;
        let mut out = Vec::with_capacity(members.len());
        for member in members {
            let (size, alignment, _) = self.module_layout(*member, 0)?;
            let offset = end.div_ceil(alignment.max(1)) * alignment.max(1);
            out.push((offset, size));
            end = offset + size;
        }
        Some(out)
    }

    /// The index over elements of `size` module bytes that `offset`
    /// steps, taken out of it: the constant's quotient and the terms that
    /// are whole elements; a byte term that is not is `None`, a typed one
    /// stays for the levels below.
    fn take(size: u64, offset: &mut Offset, bounded: bool) -> Option<Index> {
        let size = i64::try_from(size).ok().filter(|size| *size > 0)?;
        let mut index = Index { constant: offset.constant.div_euclid(size), parts: Vec::new() };
        offset.constant = offset.constant.rem_euclid(size);
        let mut rest = Vec::new();
        for term in offset.terms.drain(..) {
            let common = gcd(term.scale, size);
            let divisor = size / common;
            if term.multiple % u64::try_from(divisor).ok()? == 0 {
                index.parts.push((term.id, divisor, term.scale / common));
            } else if term.typed || bounded {
                rest.push(term);
            } else {
                return None;
            }
        }
        offset.terms = rest;
        Some(index)
    }

    /// Walks back from pointer `start` through casts (one change of
    /// storage class at most), byte steps and typed chains, adding up the
    /// module's byte offset: the pointer it stops at, the offset from it,
    /// and the storage-class cast passed.
    fn walk(&self, start: u32, is_32_bit: &dyn Fn(u32) -> bool) -> (u32, Offset, Option<u16>) {
        let mut offset = Offset::default();
        let mut id = start;
        let mut cast = None;
        for _ in 0..256 {
            let Some((def, _)) = self.defs.get(&id) else {
                break;
            };
            let w = def.words;
            match def.opcode {
                op::BITCAST | op::COPY_OBJECT if w.len() >= 3 => id = w[2],
                // One change of storage class, applied after the chain.
                op::PTR_CAST_TO_GENERIC | op::GENERIC_CAST_TO_PTR if w.len() >= 3 && cast.is_none() => {
                    cast = Some(def.opcode);
                    id = w[2];
                }
                op::PTR_ACCESS_CHAIN
                | op::IN_BOUNDS_PTR_ACCESS_CHAIN
                | op::ACCESS_CHAIN
                | op::IN_BOUNDS_ACCESS_CHAIN
                    if w.len() >= 3 =>
                {
                    let Some(mut ty) = self.pointee(w[2]) else {
                        break;
                    };
                    let mut walked = offset.clone();
                    let mut indices = w[3..].iter();
                    let mut ok = true;
                    if matches!(def.opcode, op::PTR_ACCESS_CHAIN | op::IN_BOUNDS_PTR_ACCESS_CHAIN) {
                        let (Some(&first), Some((size, _, _))) = (indices.next(), self.module_layout(ty, 0)) else {
                            break;
                        };
                        let typed = !matches!(self.types.get(&ty), Some(Ty::Scalar(1)));
                        ok = i64::try_from(size)
                            .ok()
                            .and_then(|size| self.peel(first, size, typed, &mut walked, is_32_bit, 0))
                            .is_some();
                    }
                    for &index in indices {
                        if !ok {
                            break;
                        }
                        match self.types.get(&ty) {
                            Some(Ty::Array(element, _) | Ty::Vector(element, _)) => {
                                let element = *element;
                                ok = self
                                    .module_layout(element, 0)
                                    .and_then(|(size, _, _)| i64::try_from(size).ok())
                                    .and_then(|size| self.peel(index, size, true, &mut walked, is_32_bit, 0))
                                    .is_some();
                                ty = element;
                            }
                            Some(Ty::Struct(members)) => {
                                let at = self.constants.get(&index).and_then(|&at| usize::try_from(at).ok());
                                let offsets = self.member_offsets(members);
                                match (at, offsets) {
                                    (Some(at), Some(offsets)) if at < members.len() => {
                                        match i64::try_from(offsets[at].0)
                                            .ok()
                                            .and_then(|by| walked.constant.checked_add(by))
                                        {
                                            Some(constant) => walked.constant = constant,
                                            None => ok = false,
                                        }
                                        ty = members[at];
                                    }
                                    _ => ok = false,
                                }
                            }
                            _ => ok = false,
                        }
                    }
                    if !ok {
                        break;
                    }
                    offset = walked;
                    id = w[2];
                }
                _ => break,
            }
        }
        (id, offset, cast)
    }

    /// The place `offset` module bytes from the start of a `pointee`
    /// (the element index over consecutive ones, then one index per
    /// level down to the place's type). `bounded`: the pointer is to a
    /// whole object (a byte offset from it stays inside it).
    fn decompose(&self, pointee: u32, mut offset: Offset, bounded: bool) -> Option<(Vec<Index>, u32)> {
        let mut indices = vec![Self::take(self.module_layout(pointee, 0)?.0, &mut offset, bounded)?];
        let mut ty = pointee;
        while offset.constant != 0 || !offset.terms.is_empty() {
            if indices.len() > 64 {
                return None;
            }
            match self.types.get(&ty)? {
                Ty::Array(element, _) | Ty::Vector(element, _) => {
                    let element = *element;
                    indices.push(Self::take(self.module_layout(element, 0)?.0, &mut offset, false)?);
                    ty = element;
                }
                Ty::Struct(members) => {
                    // Only a typed step (bounded by its array) may go
                    // into a member by a variable amount.
                    if offset.terms.iter().any(|term| !term.typed) {
                        return None;
                    }
                    let offsets = self.member_offsets(members)?;
                    let at = u64::try_from(offset.constant).ok()?;
                    let member = offsets.iter().rposition(|&(start, size)| start <= at && at < start + size)?;
                    indices.push(Index { constant: i64::try_from(member).ok()?, parts: Vec::new() });
                    offset.constant -= i64::try_from(offsets[member].0).ok()?;
                    ty = members[member];
                }
                _ => return None,
            }
        }
        Some((indices, ty))
    }

    /// Whether `target` is `ty` or its first element or member, down.
    fn starts_with(&self, mut ty: u32, target: u32) -> bool {
        for _ in 0..64 {
            if ty == target {
                return true;
            }
            ty = match self.types.get(&ty) {
                Some(Ty::Array(element, _) | Ty::Vector(element, _)) => *element,
                Some(Ty::Struct(members)) if !members.is_empty() => members[0],
                _ => return false,
            };
        }
        false
    }

    /// A root's pointee: a variable's type (its object's), the type a
    /// pointer loaded from tracked memory points to the start of
    /// ([`Scan::pointee_of_load`]), or a phi's or select's declared
    /// pointee `P` where each incoming value is a place of type `P` in a
    /// root, or the phi itself advanced by whole `P`s (a pointer induction
    /// over an array). Another pointer's type is clang's guess from its
    /// first use, not the object's. With whether the object is whole and
    /// the type to cast a loaded root to.
    fn root_type(&self, id: u32, is_32_bit: &dyn Fn(u32) -> bool, depth: usize) -> Option<(u32, bool, Option<u32>)> {
        let (def, _) = self.defs.get(&id)?;
        match def.opcode {
            op::VARIABLE => Some((self.pointee(id)?, true, None)),
            op::LOAD => {
                let pointee = self.pointee_of_load(id)?;
                Some((pointee, true, Some(pointee)))
            }
            op::PHI | op::SELECT if depth < 4 => {
                let pointee = self.pointee(id)?;
                let size = self.module_layout(pointee, 0)?.0;
                let incoming = derived_from(def)?;
                for value in incoming {
                    // (A cast between storage classes keeps the place.)
                    let (from, offset, _) = self.walk(value, is_32_bit);
                    if from == id {
                        let mut rest = offset;
                        Self::take(size, &mut rest, false)?;
                        if rest.constant != 0 || !rest.terms.is_empty() {
                            return None;
                        }
                        continue;
                    }
                    let (root, bounded, _) = self.root_type(from, is_32_bit, depth + 1)?;
                    let (_, leaf) = self.decompose(root, offset, bounded)?;
                    if !self.starts_with(leaf, pointee) {
                        return None;
                    }
                }
                Some((pointee, false, None))
            }
            // A helper's parameter (clang types it `uchar*`): the place
            // every call passes, where all are the same type.
            op::FUNCTION_PARAMETER if depth < 4 => {
                let &(function, index) = self.parameter_of.get(&id)?;
                if self.entry_points.contains(&function) {
                    return None;
                }
                let mut found = None;
                for call in self.calls.get(&function)? {
                    let argument = *call.words.get(3 + index)?;
                    let (from, offset, _) = self.walk(argument, is_32_bit);
                    let (root, bounded, _) = self.root_type(from, is_32_bit, depth + 1)?;
                    let (_, leaf) = self.decompose(root, offset, bounded)?;
                    if found.is_some_and(|found| found != leaf) {
                        return None;
                    }
                    found = Some(leaf);
                }
                let pointee = found?;
                Some((pointee, false, Some(pointee)))
            }
            _ => None,
        }
    }

    /// The typed chain that byte step `inst` (4 words) stands for, from
    /// its root ([`Scan::root_type`]).
    fn plan(&self, inst: &Inst<'_>, is_32_bit: &dyn Fn(u32) -> bool) -> Option<Plan> {
        let storage = *self.pointer_storage.get(&inst.words[0])?;
        let (root, offset, cast) = self.walk(inst.words[1], is_32_bit);
        let (pointee, bounded, retype) = self.root_type(root, is_32_bit, 0)?;
        if !self.holds_pointers(pointee, 0) {
            return None;
        }
        let root_storage = *self.pointer_storage.get(&self.defs.get(&root)?.1)?;
        if cast.is_none() && root_storage != storage {
            return None;
        }
        let (indices, leaf) = self.decompose(pointee, offset, bounded)?;
        Some(Plan { root, storage: root_storage, cast, retype, leaf, indices })
    }
}
