//! The walk over a module's instructions, in the layout order of seed 004,
//! building the `spirv.module`: module-level instructions first (header
//! information, debug names, decorations, types, constants, globals), then
//! each function, block by block.
//!
//! Values that SPIR-V defines once at module level are materialized where
//! they are used, once per block, as MLIR's deserializer does: constants as
//! `spirv.Constant`, global variables as `spirv.mlir.addressof`,
//! specialization constants as `spirv.mlir.referenceof`, `OpUndef` as
//! `spirv.Undef`. `OpPhi`s become block arguments. Structured constructs
//! become `spirv.mlir.selection`/`spirv.mlir.loop` regions where the dialect
//! can hold them (`structurize.rs` plans the function's blocks and builds
//! them); a function without such constructs is imported here as branches
//! between its blocks.

use std::{
    cell::{Cell, RefCell},
    collections::BTreeSet,
    rc::Rc,
    sync::Arc,
};

// SipHash is measurably slow on the small integer keys an import looks up
// for every operand; FxHash is the usual choice for such keys.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use rspirv::spirv::FunctionParameterAttribute;

use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, Location, Module, Operation, Region, RegionLike, Type,
        Value, ValueLike,
        attribute::{
            ArrayAttribute, DenseI32ArrayAttribute, DictionaryAttribute, FlatSymbolRefAttribute, IntegerAttribute,
            StringAttribute, TypeAttribute,
        },
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};

use super::{
    DeserializeError, ErrorKind,
    constants::needs_construct,
    expansions::{VLOAD_HALF, VLOADN, VSTOREA_HALFN_R, VSTOREN},
    memory_operands, pointers, relational,
    reader::{Header, Inst, literal_string},
    spec::{DeserializeOptions, SpecValue},
    tables::{self, Arg, AttrKind, OpInfo},
    types::{self, op as ty},
};
use crate::spirv::{INITIALIZER_CONSTITUENTS, NULL_INITIALIZER, attributes::Decoration, types::SpirvType};

pub(super) type Result<T> = std::result::Result<T, DeserializeError>;

/// An op's operands as a grammar table reads them: the values, and the
/// attributes beside them (`operandSegmentSizes` and the literals).
type TableOperands<'c, 'b> = (Vec<Value<'c, 'b>>, Vec<(Identifier<'c>, Attribute<'c>)>);

/// Opcodes read by hand (the type opcodes are in `types::op`).
pub(super) mod op {
    pub const NOP: u16 = 0;
    pub const UNDEF: u16 = 1;
    pub const SOURCE_CONTINUED: u16 = 2;
    pub const SOURCE: u16 = 3;
    pub const SOURCE_EXTENSION: u16 = 4;
    pub const NAME: u16 = 5;
    pub const MEMBER_NAME: u16 = 6;
    pub const STRING: u16 = 7;
    pub const LINE: u16 = 8;
    pub const RETURN: u16 = 253;
    pub const RETURN_VALUE: u16 = 254;
    pub const EXTENSION: u16 = 10;
    pub const EXT_INST_IMPORT: u16 = 11;
    pub const EXT_INST: u16 = 12;
    pub const MEMORY_MODEL: u16 = 14;
    pub const ENTRY_POINT: u16 = 15;
    pub const EXECUTION_MODE: u16 = 16;
    pub const CAPABILITY: u16 = 17;
    pub const CONSTANT_TRUE: u16 = 41;
    pub const CONSTANT_FALSE: u16 = 42;
    pub const CONSTANT: u16 = 43;
    pub const CONSTANT_COMPOSITE: u16 = 44;
    pub const CONSTANT_SAMPLER: u16 = 45;
    pub const CONSTANT_NULL: u16 = 46;
    pub const SPEC_CONSTANT_TRUE: u16 = 48;
    pub const SPEC_CONSTANT_FALSE: u16 = 49;
    pub const SPEC_CONSTANT: u16 = 50;
    pub const SPEC_CONSTANT_COMPOSITE: u16 = 51;
    pub const SPEC_CONSTANT_OP: u16 = 52;
    pub const FUNCTION: u16 = 54;
    pub const FUNCTION_PARAMETER: u16 = 55;
    pub const FUNCTION_END: u16 = 56;
    pub const FUNCTION_CALL: u16 = 57;
    pub const VARIABLE: u16 = 59;
    pub const SAMPLED_IMAGE_INSTRUCTION: u16 = 86;
    pub const IMAGE_INSTRUCTION: u16 = 100;
    pub const COPY_MEMORY: u16 = 63;
    pub const COPY_MEMORY_SIZED: u16 = 64;
    pub const IN_BOUNDS_ACCESS_CHAIN: u16 = 66;
    pub const ACCESS_CHAIN: u16 = 65;
    pub const DECORATE: u16 = 71;
    pub const MEMBER_DECORATE: u16 = 72;
    pub const DECORATION_GROUP: u16 = 73;
    pub const GROUP_DECORATE: u16 = 74;
    pub const GROUP_MEMBER_DECORATE: u16 = 75;
    pub const COMPOSITE_CONSTRUCT: u16 = 80;
    pub const COMPOSITE_EXTRACT: u16 = 81;
    pub const COPY_OBJECT: u16 = 83;
    pub const BITCAST: u16 = 124;
    pub const QUANTIZE_TO_F16: u16 = 116;
    pub const F_CONVERT: u16 = 115;
    pub const COPY_LOGICAL: u16 = 400;
    pub const ANY: u16 = 154;
    pub const ALL: u16 = 155;
    pub const ATOMIC_LOAD: u16 = 227;
    pub const ATOMIC_STORE: u16 = 228;
    pub const GROUP_NON_UNIFORM_BROADCAST_FIRST: u16 = 338;
    pub const GROUP_ALL: u16 = 261;
    pub const GROUP_ANY: u16 = 262;
    pub const GENERIC_CAST_TO_PTR_EXPLICIT: u16 = 123;
    pub const OUTER_PRODUCT: u16 = 147;
    pub const SELECT: u16 = 169;
    pub const PHI: u16 = 245;
    pub const LOOP_MERGE: u16 = 246;
    pub const SELECTION_MERGE: u16 = 247;
    pub const LABEL: u16 = 248;
    pub const BRANCH: u16 = 249;
    pub const BRANCH_CONDITIONAL: u16 = 250;
    pub const SWITCH: u16 = 251;
    pub const LIFETIME_START: u16 = 256;
    pub const LIFETIME_STOP: u16 = 257;
    pub const NO_LINE: u16 = 317;
    pub const MODULE_PROCESSED: u16 = 330;
    pub const DECORATE_ID: u16 = 332;
    pub const EXECUTION_MODE_ID: u16 = 331;
    pub const TERMINATE_INVOCATION: u16 = 4416;
    pub const CONSTANT_COMPOSITE_REPLICATE: u16 = 4461;
    pub const SPEC_CONSTANT_COMPOSITE_REPLICATE: u16 = 4462;
    pub const DECORATE_STRING: u16 = 5632;
    pub const MEMBER_DECORATE_STRING: u16 = 5633;
}

impl Inst<'_> {
    /// An error at this instruction.
    pub(super) fn error(&self, kind: ErrorKind) -> DeserializeError {
        DeserializeError::new(self.offset, kind)
    }

    /// Turns melior's error for an op built from this instruction into ours.
    pub(super) fn invalid(&self) -> impl Fn(melior::Error) -> DeserializeError + '_ {
        |error| self.error(ErrorKind::Invalid(error.to_string()))
    }
}

/// One decoration of an `<id>` or struct member.
#[derive(Debug, Clone, Copy)]
pub(super) struct Decor<'w> {
    /// The `Decoration` value.
    pub decoration: u32,
    /// Its extra operands (literals, or `<id>`s for `OpDecorateId`).
    pub literals: &'w [u32],
    /// Whether it comes from `OpDecorateId`: its operands are `<id>`s.
    pub by_id: bool,
}

/// A constant, kept as data until a use materializes it.
#[derive(Debug, Clone)]
pub(super) enum ConstantValue {
    /// `OpConstant`: the literal words (one, or two for 64-bit types).
    Scalar(Vec<u32>),
    Bool(bool),
    Composite(Vec<u32>),
    Null,
}

/// A specialization constant: the module-level symbol that represents it.
#[derive(Debug, Clone)]
pub(super) struct SpecConstant {
    pub(super) symbol: String,
    pub(super) type_id: u32,
}

/// One function's instructions, split into its parts.
pub(super) struct FunctionInsts<'a, 'w> {
    pub(super) def: &'a Inst<'w>,
    pub(super) params: Vec<&'a Inst<'w>>,
    /// Each block: its label and its instructions after the label.
    pub(super) blocks: Vec<(&'a Inst<'w>, Vec<&'a Inst<'w>>)>,
}

/// Where an `OpEntryPoint` or `OpExecutionMode*` is, to build it last.
pub(super) struct EntryPoint {
    model: u32,
    function: u32,
    interface: Vec<u32>,
    offset: usize,
}

pub(super) struct Importer<'c, 'w> {
    pub(super) context: &'c Context,
    pub(super) file: String,
    pub(super) bound: u32,
    pub(super) version: u32,
    pub(super) names: HashMap<u32, String>,
    pub(super) strings: HashMap<u32, String>,
    pub(super) decorations: HashMap<u32, Vec<Decor<'w>>>,
    pub(super) member_decorations: HashMap<(u32, u32), Vec<Decor<'w>>>,
    pub(super) decoration_groups: HashSet<u32>,
    pub(super) type_models: HashMap<u32, Arc<SpirvType>>,
    /// How deeply each type nests (a scalar is 1).
    pub(super) type_depths: HashMap<u32, usize>,
    pub(super) function_types: HashMap<u32, (Vec<u32>, u32)>,
    pub(super) mlir_types: HashMap<u32, Type<'c>>,
    /// Forward-declared pointer `<id>`s and their storage classes.
    pub(super) forward_pointers: HashMap<u32, u32>,
    /// Every `OpTypePointer`'s pointee, known before the types are read.
    pub(super) pointer_pointees: HashMap<u32, u32>,
    /// Every `OpTypeStruct`'s result `<id>`, known before the types are read.
    pub(super) struct_ids: HashSet<u32>,
    /// Structs made identified structs: recursive ones, and those a struct
    /// names through a forward pointer before their own definition.
    pub(super) recursive_structs: HashSet<u32>,
    /// Types whose models still name an identified struct (by
    /// `SpirvType::StructRef`) outside that struct's definition, which
    /// MLIR's parser refuses: the names, until their structs are defined
    /// and the models are unfolded (`types.rs`, `resolve_struct_refs`).
    pub(super) dangling_refs: HashMap<u32, BTreeSet<String>>,
    pub(super) constants: HashMap<u32, (u32, ConstantValue)>,
    pub(super) spec_constants: HashMap<u32, SpecConstant>,
    /// The ids of `spec_constants` that are composites (whose ops MLIR's
    /// verifier does not accept as constituents).
    pub(super) spec_composites: HashSet<u32>,
    /// The zero specialization constant of each scalar type that null
    /// members of an initializer tree name (by the type's text).
    pub(super) zero_symbols: HashMap<String, String>,
    pub(super) spec_constant_ops: HashMap<u32, Inst<'w>>,
    /// `OpSpecConstantComposite`s the dialect cannot hold, built where used
    /// (`spec_composite_value`).
    pub(super) spec_composite_insts: HashMap<u32, Inst<'w>>,
    /// The values given for specialization constants, by `SpecId` (spec.rs).
    pub(super) spec_values: HashMap<u32, SpecValue>,
    /// The value (bits) of each integer or boolean `OpSpecConstant*`, by
    /// `<id>`, after specialization.
    pub(super) spec_bits: HashMap<u32, u64>,
    /// The value (bits, width) of each integer `OpSpecConstantOp` the
    /// importer can compute, by `<id>`, after specialization.
    pub(super) spec_op_values: HashMap<u32, (u64, u32)>,
    /// The constituents of each `OpSpecConstantComposite` (and replicated
    /// one), by `<id>`: what an `OpSpecConstantOp CompositeExtract` in an
    /// array length reads (spec.rs).
    pub(super) spec_composite_members: HashMap<u32, Vec<u32>>,
    pub(super) undefs: HashMap<u32, u32>,
    /// Each `OpConstantSampler`: its type and (addressing mode, normalized,
    /// filter mode), materialized as a call (images.rs).
    pub(super) literal_samplers: HashMap<u32, (u32, [u32; 3])>,
    pub(super) globals: HashMap<u32, (String, u32)>,
    pub(super) functions: HashMap<u32, String>,
    pub(super) ext_sets: HashMap<u32, String>,
    /// Results of instructions of `NonSemantic.*` sets, which were skipped.
    pub(super) non_semantic: HashSet<u32>,
    pub(super) symbols: HashSet<String>,
    /// The names of the module's entry points (`OpEntryPoint`'s literal),
    /// and the functions they name: an entry point's name is its function's
    /// symbol, which an exported function of the same name gives up.
    pub(super) entry_point_names: HashSet<String>,
    pub(super) entry_functions: HashSet<u32>,
    pub(super) attributes: HashMap<String, Attribute<'c>>,
    pub(super) identifiers: RefCell<HashMap<String, Identifier<'c>>>,
    /// The last byte-offset location made, by offset: an instruction's own
    /// location is asked for again for every constant it materializes, and
    /// uniquing a location costs about 2,000 instructions.
    pub(super) last_location: Cell<Option<(usize, Location<'c>)>>,
    /// The `value` attribute of each constant materialized so far, by `<id>`
    /// (a constant is materialized in every block that uses it).
    pub(super) constant_attributes: HashMap<u32, Attribute<'c>>,
    /// Module-level ops, in order, for the body of the `spirv.module`.
    pub(super) module_ops: Vec<Operation<'c>>,
    pub(super) entry_points: Vec<EntryPoint>,
    pub(super) execution_modes: Vec<Inst<'w>>,
    pub(super) capabilities: Vec<u32>,
    /// Whether loops get the markers [`super::ABI_LOOP_HEADER`] and
    /// [`super::ABI_LOOP_MERGE`] (a module with tangled instructions).
    pub(super) loop_markers: bool,
    /// [`DeserializeOptions::loop_markers`].
    options_loop_markers: bool,
    /// Whether a `Physical32` module is imported for the host's 8-byte
    /// pointers in memory ([`DeserializeOptions::pointer_layout`] `Host`):
    /// then its byte offsets into memory holding pointers are refused
    /// (addresses.rs in initializers; physical32.rs in functions).
    pub(super) host_pointers: bool,
    /// In the function being imported, per loop merge block's label, its
    /// header's label.
    pub(super) loop_merges: HashMap<u32, u32>,
    /// In the function being imported, with loop markers, the header
    /// labels of its loops whose merge block holds only `OpUnreachable`
    /// (left only by returns): each return gets a marker per loop
    /// ([`super::ABI_LOOP_RETURN`]).
    pub(super) return_marked_loops: Vec<u32>,
    pub(super) extensions: Vec<String>,
    pub(super) memory_model: Option<(u32, u32)>,
    /// Builtin functions declared for calls (`__spirv_ocl_*`, mangled).
    pub(super) builtin_declarations: HashSet<String>,
    /// The `__spvabi_*` functions declared for calls, by prefix and
    /// parameter types (`pointers.rs`).
    pub(super) abi_declarations: HashMap<String, String>,
    /// Printed struct type -> its members decorated `Volatile` (`types.rs`).
    pub(super) volatile_members: HashMap<String, Vec<u32>>,
    /// Whether a struct member is a row-major matrix's stand-in
    /// (`matrix_layout.rs`): access chains then look for it.
    pub(super) row_major_stand_ins: bool,
    /// Whether the module now imports functions (and needs `Linkage`).
    pub(super) needs_linkage: bool,
    /// Capabilities the ops of expansions need beyond the module's own.
    pub(super) added_capabilities: HashSet<&'static str>,
    /// Capabilities and extensions of the SPIR-V grammar the dialect's
    /// `#spirv.vce` cannot hold, in the order the module declares them.
    pub(super) unrepresented_capabilities: Vec<String>,
    /// Execution modes the dialect's enum lacks that need nothing done
    /// (`execution_modes.rs`), as `function: Mode`.
    pub(super) unrepresented_execution_modes: Vec<String>,
    pub(super) unrepresented_extensions: Vec<String>,
}

/// Imports the instructions of one module (see [`super::deserialize`]).
pub(super) fn import<'c>(
    context: &'c Context,
    header: Header,
    instructions: &[Inst<'_>],
    file: &str,
    options: &DeserializeOptions,
) -> Result<Module<'c>> {
    // MLIR reports type and attribute parse failures and verifier errors as
    // diagnostics; keep them for our error instead of letting them reach the
    // caller's handlers.
    let diagnostics = Rc::new(RefCell::new(Vec::<String>::new()));
    let handler = context.attach_diagnostic_handler({
        let diagnostics = Rc::clone(&diagnostics);
        move |diagnostic| {
            diagnostics.borrow_mut().push(format!("{}: {}", diagnostic.location(), diagnostic));
            true
        }
    });
    let result = Importer::new(context, header, file, options).run(instructions, &diagnostics);
    context.detach_diagnostic_handler(handler);
    result
}

impl<'c, 'w> Importer<'c, 'w> {
    pub(super) fn new(context: &'c Context, header: Header, file: &str, options: &DeserializeOptions) -> Self {
        Self {
            context,
            file: file.to_owned(),
            bound: header.bound,
            version: header.version,
            names: HashMap::default(),
            strings: HashMap::default(),
            decorations: HashMap::default(),
            member_decorations: HashMap::default(),
            decoration_groups: HashSet::default(),
            type_models: HashMap::default(),
            type_depths: HashMap::default(),
            function_types: HashMap::default(),
            mlir_types: HashMap::default(),
            forward_pointers: HashMap::default(),
            pointer_pointees: HashMap::default(),
            struct_ids: HashSet::default(),
            recursive_structs: HashSet::default(),
            dangling_refs: HashMap::default(),
            constants: HashMap::default(),
            spec_constants: HashMap::default(),
            spec_composites: HashSet::default(),
            zero_symbols: HashMap::default(),
            spec_constant_ops: HashMap::default(),
            spec_composite_insts: HashMap::default(),
            spec_values: options.spec_values.iter().copied().collect(),
            spec_bits: HashMap::default(),
            spec_op_values: HashMap::default(),
            spec_composite_members: HashMap::default(),
            undefs: HashMap::default(),
            literal_samplers: HashMap::default(),
            globals: HashMap::default(),
            functions: HashMap::default(),
            ext_sets: HashMap::default(),
            non_semantic: HashSet::default(),
            symbols: HashSet::default(),
            entry_point_names: HashSet::default(),
            entry_functions: HashSet::default(),
            attributes: HashMap::default(),
            identifiers: RefCell::new(HashMap::default()),
            last_location: Cell::new(None),
            constant_attributes: HashMap::default(),
            module_ops: Vec::new(),
            entry_points: Vec::new(),
            execution_modes: Vec::new(),
            capabilities: Vec::new(),
            loop_markers: false,
            options_loop_markers: options.loop_markers,
            host_pointers: options.pointer_layout == super::PointerLayout::Host,
            loop_merges: HashMap::default(),
            return_marked_loops: Vec::new(),
            extensions: Vec::new(),
            memory_model: None,
            builtin_declarations: HashSet::default(),
            abi_declarations: HashMap::default(),
            volatile_members: HashMap::default(),
            row_major_stand_ins: false,
            needs_linkage: false,
            added_capabilities: HashSet::default(),
            unrepresented_capabilities: Vec::new(),
            unrepresented_execution_modes: Vec::new(),
            unrepresented_extensions: Vec::new(),
        }
    }

    pub(super) fn run(
        mut self,
        instructions: &[Inst<'w>],
        diagnostics: &Rc<RefCell<Vec<String>>>,
    ) -> Result<Module<'c>> {
        self.name_functions(instructions)?;
        let first_function =
            instructions.iter().position(|inst| inst.opcode == op::FUNCTION).unwrap_or(instructions.len());
        for inst in &instructions[..first_function] {
            self.module_level(inst)?;
        }
        self.loop_markers = self.options_loop_markers
            && super::execution_modes::tangled(instructions.iter().map(|inst| inst.opcode), &self.capabilities);
        let non_semantic_sets: HashSet<u32> =
            self.ext_sets.iter().filter(|(_, name)| is_non_semantic(name)).map(|(id, _)| *id).collect();
        for function in split_functions(&instructions[first_function..], &non_semantic_sets)? {
            let operation = self.function(&function)?;
            self.module_ops.push(operation);
        }
        let file = self.file.clone();
        let module = self.finish(instructions)?;
        if module.as_operation().verify() {
            Ok(module)
        } else {
            let message = diagnostics.borrow().join("; ");
            Err(verify_error(&file, instructions, &message))
        }
    }

    /// Pre-assigns every function's symbol (calls and entry points name
    /// functions defined later).
    pub(super) fn name_functions(&mut self, instructions: &[Inst<'w>]) -> Result<()> {
        // Functions named by an entry point: their OpName (which comes
        // later, in the debug section) does not rename them, since a
        // pipeline asks for the entry point's name (Tint names "main"'s
        // function `_computeSomething`).
        let mut entry_named: HashSet<u32> = HashSet::default();
        for inst in instructions {
            match inst.opcode {
                ty::TYPE_POINTER => {
                    self.pointer_pointees.insert(self.word(inst, 0)?, self.word(inst, 2)?);
                }
                ty::TYPE_STRUCT => {
                    self.struct_ids.insert(self.word(inst, 0)?);
                }
                op::NAME => {
                    let id = self.word(inst, 0)?;
                    if !entry_named.contains(&id) {
                        let (name, _) = literal_string(&inst.words[1..]).unwrap_or_default();
                        self.names.insert(id, name);
                    }
                }
                op::ENTRY_POINT => {
                    // The entry point's own name wins over OpName for its
                    // function; the first entry point's, if it has several.
                    let function = self.word(inst, 1)?;
                    if let Some((name, _)) = literal_string(inst.words.get(2..).unwrap_or_default()) {
                        self.entry_point_names.insert(name.clone());
                        if entry_named.insert(function) {
                            self.names.insert(function, name);
                        }
                    }
                }
                _ => {}
            }
        }
        // Entry points' functions first: their names are what a pipeline or
        // the runner asks for. The SPIRV-LLVM-Translator (14 and later)
        // makes each OpenCL kernel an entry point wrapper calling the kernel's
        // body, which keeps the kernel's OpName and is exported under it: the
        // body becomes `name_<id>` (and loses the export, see
        // `decoration_attributes`), as `llvm-spirv -r` makes the entry point
        // the kernel of that name.
        self.entry_functions = entry_named;
        let functions: Vec<&Inst<'w>> = instructions.iter().filter(|inst| inst.opcode == op::FUNCTION).collect();
        for entry_pass in [true, false] {
            for inst in &functions {
                let id = self.word(inst, 1)?;
                if self.entry_functions.contains(&id) != entry_pass {
                    continue;
                }
                self.check_bound(inst, id)?;
                let symbol = self.symbol_for(id, "spirv_fn");
                self.functions.insert(id, symbol);
            }
        }
        Ok(())
    }

    /// A fresh symbol for `<id>`: its name if it has a unique one, else `prefix_<id>`.
    pub(super) fn symbol_for(&mut self, id: u32, prefix: &str) -> String {
        let symbol = match self.names.get(&id) {
            Some(name) if !name.is_empty() && !self.symbols.contains(name) => name.clone(),
            Some(name) if !name.is_empty() => format!("{name}_{id}"),
            _ => format!("{prefix}_{id}"),
        };
        let symbol = if self.symbols.contains(&symbol) { format!("{prefix}_{id}") } else { symbol };
        self.symbols.insert(symbol.clone());
        symbol
    }

    pub(super) fn word(&self, inst: &Inst<'_>, index: usize) -> Result<u32> {
        inst.words.get(index).copied().ok_or_else(|| {
            inst.error(ErrorKind::Malformed(format!(
                "expected at least {} operand words, found {}",
                index + 1,
                inst.words.len()
            )))
        })
    }

    pub(super) fn check_bound(&self, inst: &Inst<'_>, id: u32) -> Result<()> {
        if id == 0 || id >= self.bound {
            return Err(inst.error(ErrorKind::IdOutOfBound { id, bound: self.bound }));
        }
        Ok(())
    }

    /// The error for an `<id>` that is not a `what` here.
    pub(super) fn undefined(&self, inst: &Inst<'_>, id: u32, what: &str) -> DeserializeError {
        if id == 0 || id >= self.bound {
            inst.error(ErrorKind::IdOutOfBound { id, bound: self.bound })
        } else {
            inst.error(ErrorKind::UndefinedId(format!("<id> %{id} is not a defined {what}")))
        }
    }

    /// Whether function `callee` is OpenCL C's `__to_global`, `__to_local`
    /// or `__to_private` imported (`LinkageAttributes ... Import`) and
    /// (the storage class of the pointer it returns, if so). clang
    /// compiles `to_global(p)` and its siblings to calls of these runtime
    /// functions, which its SPIR-V backend leaves as imports where the
    /// SPIRV-LLVM-Translator writes `OpGenericCastToPtrExplicit`; nothing
    /// would define them, so calls to them are read as that instruction.
    pub(super) fn address_space_cast_import(&self, callee: u32) -> Option<&'static str> {
        const LINKAGE_ATTRIBUTES: u32 = 41;
        const IMPORT: u32 = 1;
        let (name, _) = self
            .decorations_of(callee)
            .filter(|decor| decor.decoration == LINKAGE_ATTRIBUTES && !decor.by_id)
            .find_map(|decor| literal_string(decor.literals).filter(|(_, used)| decor.literals.get(*used) == Some(&IMPORT)))?;
        match name.as_str() {
            "__to_global" => Some("CrossWorkgroup"),
            "__to_local" => Some("Workgroup"),
            "__to_private" => Some("Function"),
            _ => None,
        }
    }

    pub(super) fn decorations_of(&self, id: u32) -> impl Iterator<Item = &Decor<'w>> {
        self.decorations.get(&id).into_iter().flatten()
    }

    pub(super) fn parse_type(&self, text: &str) -> Option<Type<'c>> {
        Type::parse(self.context, text)
    }

    /// Parses an attribute once per distinct text.
    pub(super) fn attribute(&mut self, inst: &Inst<'_>, text: &str) -> Result<Attribute<'c>> {
        if let Some(attribute) = self.attributes.get(text) {
            return Ok(*attribute);
        }
        let attribute = Attribute::parse(self.context, text)
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("`{text}` is not a valid dialect attribute"))))?;
        self.attributes.insert(text.to_owned(), attribute);
        Ok(attribute)
    }

    pub(super) fn enum_attribute(&mut self, inst: &Inst<'_>, mnemonic: &str, value: u32) -> Result<Attribute<'c>> {
        let text = tables::enum_by_mnemonic(mnemonic)
            .and_then(|info| info.attribute_text(value))
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("value {value} of enum `{mnemonic}`"))))?;
        self.attribute(inst, &text)
    }

    pub(super) fn enum_name(inst: &Inst<'_>, class: &str, value: u32) -> Result<&'static str> {
        tables::enum_by_class(class)
            .and_then(|info| info.name(value))
            .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("{class} {value}"))))
    }

    /// The identifier `name`, uniqued once per import rather than per op.
    pub(super) fn id(&self, name: &str) -> Identifier<'c> {
        if let Some(identifier) = self.identifiers.borrow().get(name) {
            return *identifier;
        }
        let identifier = Identifier::new(self.context, name);
        self.identifiers.borrow_mut().insert(name.to_owned(), identifier);
        identifier
    }

    pub(super) fn i32_attribute(&self, value: u32) -> Attribute<'c> {
        IntegerAttribute::new(IntegerType::new(self.context, 32).into(), i64::from(value as i32)).into()
    }

    pub(super) fn location(&self, inst: &Inst<'_>, line: Option<Location<'c>>) -> Location<'c> {
        line.unwrap_or_else(|| match self.last_location.get() {
            Some((offset, location)) if offset == inst.offset => location,
            _ => {
                let location = Location::new(self.context, &self.file, 0, inst.offset);
                self.last_location.set(Some((inst.offset, location)));
                location
            }
        })
    }

    /// The value of a 32-bit (or narrower) integer constant.
    /// The value of a `Scope` or `MemorySemantics` operand `<id>`
    /// (`mnemonic` "scope" or "memory_semantics") as the dialect's
    /// attribute can hold it. SPIR-V lets a kernel compute either at run
    /// time (clang -O0 with a `memory_order` variable); the dialect needs a
    /// constant, so such an operand becomes the strongest: `CrossDevice`,
    /// `SequentiallyConsistent` over workgroup and cross-workgroup memory.
    /// Semantics naming several orderings (which SPIR-V forbids but
    /// compilers emit, and MLIR's verifier refuses) keep the strongest
    /// (`SequentiallyConsistent`, else `AcquireRelease`); bits SPIR-V does
    /// not define are dropped.
    pub(super) fn scope_or_semantics(&self, inst: &Inst<'_>, mnemonic: &str, id: u32) -> Result<u32> {
        const ORDERINGS: u32 = 0x2 | 0x4 | 0x8 | 0x10;
        const ACQUIRE_RELEASE: u32 = 0x8;
        const SEQUENTIALLY_CONSISTENT: u32 = 0x10;
        const DEFINED: u32 = 0xFFFE;
        const DYNAMIC_SEMANTICS: u32 = SEQUENTIALLY_CONSISTENT | 0x100 | 0x200;
        const CROSS_DEVICE: u32 = 0;
        self.check_bound(inst, id)?;
        let value = match self.constant_u32(id) {
            Some(value) => value,
            None if mnemonic == "memory_semantics" => DYNAMIC_SEMANTICS,
            None => CROSS_DEVICE,
        };
        if mnemonic != "memory_semantics" {
            return Ok(value);
        }
        let value = value & DEFINED;
        let ordering = value & ORDERINGS;
        if ordering.count_ones() <= 1 {
            return Ok(value);
        }
        let strongest =
            if ordering & SEQUENTIALLY_CONSISTENT != 0 { SEQUENTIALLY_CONSISTENT } else { ACQUIRE_RELEASE };
        Ok(value & !ORDERINGS | strongest)
    }

    pub(super) fn constant_u32(&self, id: u32) -> Option<u32> {
        match self.constants.get(&id) {
            Some((_, ConstantValue::Scalar(words))) if words.len() == 1 => Some(words[0]),
            Some((_, ConstantValue::Null)) => Some(0),
            _ => None,
        }
    }

    // ----- module level -----

    pub(super) fn module_level(&mut self, inst: &Inst<'w>) -> Result<()> {
        let w = inst.words;
        match inst.opcode {
            op::CAPABILITY => self.capabilities.push(self.word(inst, 0)?),
            op::EXTENSION => {
                let (name, _) = literal_string(w).unwrap_or_default();
                self.extensions.push(name);
            }
            op::EXT_INST_IMPORT => {
                let id = self.word(inst, 0)?;
                let (name, _) = literal_string(&w[1..]).unwrap_or_default();
                if !tables::knows_ext_inst_set(&name) && !is_non_semantic(&name) {
                    return Err(inst.error(ErrorKind::Unsupported(format!("extended instruction set \"{name}\""))));
                }
                self.ext_sets.insert(id, name);
            }
            op::MEMORY_MODEL => self.memory_model = Some((self.word(inst, 0)?, self.word(inst, 1)?)),
            op::ENTRY_POINT => {
                let model = self.word(inst, 0)?;
                let function = self.word(inst, 1)?;
                let (_, used) = literal_string(w.get(2..).unwrap_or_default())
                    .ok_or_else(|| inst.error(ErrorKind::Malformed("unterminated entry point name".into())))?;
                let interface = w[2 + used..].to_vec();
                self.entry_points.push(EntryPoint { model, function, interface, offset: inst.offset });
            }
            op::EXECUTION_MODE | op::EXECUTION_MODE_ID => self.execution_modes.push(*inst),
            op::STRING => {
                let id = self.word(inst, 0)?;
                let (text, _) = literal_string(&w[1..]).unwrap_or_default();
                self.strings.insert(id, text);
            }
            op::NAME
            | op::MEMBER_NAME
            | op::SOURCE
            | op::SOURCE_CONTINUED
            | op::SOURCE_EXTENSION
            | op::MODULE_PROCESSED
            | op::LINE
            | op::NO_LINE
            | op::NOP => {}
            op::DECORATE | op::DECORATE_ID | op::DECORATE_STRING => {
                let target = self.word(inst, 0)?;
                let decoration = self.word(inst, 1)?;
                let by_id = inst.opcode == op::DECORATE_ID;
                self.decorations.entry(target).or_default().push(Decor { decoration, literals: &w[2..], by_id });
            }
            op::MEMBER_DECORATE | op::MEMBER_DECORATE_STRING => {
                let target = self.word(inst, 0)?;
                let member = self.word(inst, 1)?;
                let decoration = self.word(inst, 2)?;
                self.member_decorations.entry((target, member)).or_default().push(Decor {
                    decoration,
                    literals: &w[3..],
                    by_id: false,
                });
            }
            op::DECORATION_GROUP => {
                self.decoration_groups.insert(self.word(inst, 0)?);
            }
            op::GROUP_DECORATE => {
                let group = self.word(inst, 0)?;
                let decorations: Vec<Decor<'w>> = self.decorations_of(group).copied().collect();
                for &target in &w[1..] {
                    self.decorations.entry(target).or_default().extend(decorations.iter().copied());
                }
            }
            op::GROUP_MEMBER_DECORATE => {
                let group = self.word(inst, 0)?;
                let decorations: Vec<Decor<'w>> = self.decorations_of(group).copied().collect();
                for pair in w[1..].chunks_exact(2) {
                    self.member_decorations.entry((pair[0], pair[1])).or_default().extend(decorations.iter().copied());
                }
            }
            ty::TYPE_FORWARD_POINTER => {
                let pointer = self.word(inst, 0)?;
                self.forward_pointers.insert(pointer, self.word(inst, 1)?);
            }
            opcode if types::is_type(opcode) => {
                let id = self.word(inst, 0)?;
                self.check_bound(inst, id)?;
                if matches!(opcode, ty::TYPE_STRUCT | ty::TYPE_ARRAY | ty::TYPE_RUNTIME_ARRAY) {
                    self.note_recursion(inst, id)?;
                }
                self.define_type(inst)?;
            }
            op::CONSTANT_TRUE | op::CONSTANT_FALSE | op::CONSTANT | op::CONSTANT_COMPOSITE | op::CONSTANT_NULL => {
                let type_id = self.word(inst, 0)?;
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                if !self.type_models.contains_key(&type_id) {
                    return Err(self.undefined(inst, type_id, "type"));
                }
                let value = match inst.opcode {
                    op::CONSTANT_TRUE => ConstantValue::Bool(true),
                    op::CONSTANT_FALSE => ConstantValue::Bool(false),
                    op::CONSTANT => ConstantValue::Scalar(w[2..].to_vec()),
                    op::CONSTANT_COMPOSITE => {
                        self.defined_before(inst, &w[2..])?;
                        ConstantValue::Composite(w[2..].to_vec())
                    }
                    _ => ConstantValue::Null,
                };
                self.constants.insert(id, (type_id, value));
            }
            op::CONSTANT_COMPOSITE_REPLICATE => {
                let type_id = self.word(inst, 0)?;
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                let member = self.word(inst, 2)?;
                self.defined_before(inst, &[member])?;
                let count = self.replicate_count(inst, type_id)?;
                self.constants.insert(id, (type_id, ConstantValue::Composite(vec![member; count])));
            }
            op::SPEC_CONSTANT_COMPOSITE_REPLICATE => {
                // A spirv.SpecConstantComposite of the constituent repeated:
                // the same value, and an op spirv.mlir.referenceof accepts
                // (MLIR 22's verifier refuses a reference to
                // spirv.EXT.SpecConstantCompositeReplicate, so no function
                // could use one).
                let type_id = self.word(inst, 0)?;
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                let ty = self.mlir_type(inst, type_id)?;
                let constituent = self.scalar_constituent(inst, self.word(inst, 2)?)?;
                let count = self.replicate_count(inst, type_id)?;
                self.spec_composite_members.insert(id, vec![self.word(inst, 2)?; count]);
                let reference: Attribute<'c> = FlatSymbolRefAttribute::new(self.context, &constituent).into();
                let symbol = self.symbol_for(id, "spirv_spec_const_composite");
                let operation = OperationBuilder::new("spirv.SpecConstantComposite", self.location(inst, None))
                    .add_attributes(&[
                        (self.id("type"), TypeAttribute::new(ty).into()),
                        (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
                        (self.id("constituents"), ArrayAttribute::new(self.context, &vec![reference; count]).into()),
                    ])
                    .build()
                    .map_err(inst.invalid())?;
                self.module_ops.push(operation);
                self.spec_constants.insert(id, SpecConstant { symbol, type_id });
                self.spec_composites.insert(id);
            }
            op::SPEC_CONSTANT_TRUE | op::SPEC_CONSTANT_FALSE | op::SPEC_CONSTANT => self.spec_constant(inst)?,
            op::SPEC_CONSTANT_COMPOSITE => {
                if let (Some(&id), Some(members)) = (inst.words.get(1), inst.words.get(2..)) {
                    self.spec_composite_members.insert(id, members.to_vec());
                }
                self.spec_constant_composite(inst)?
            }
            op::SPEC_CONSTANT_OP => {
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                // The operands after the opcode, but the literals of the
                // three opcodes that have some (indices, components).
                let operands = w.get(3..).unwrap_or_default();
                let ids = match w.get(2) {
                    Some(81) => operands.get(..1),
                    Some(79 | 82) => operands.get(..2),
                    _ => Some(operands),
                };
                self.defined_before(inst, ids.unwrap_or(operands))?;
                self.check_spec_constant_op_capability(inst)?;
                self.spec_constant_ops.insert(id, *inst);
                if let Some(value) = self.evaluate_spec_op(inst) {
                    self.spec_op_values.insert(id, value);
                }
            }
            op::UNDEF => {
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                self.undefs.insert(id, self.word(inst, 0)?);
            }
            op::CONSTANT_SAMPLER => self.literal_sampler(inst)?,
            op::VARIABLE => self.global_variable(inst)?,
            op::EXT_INST => {
                let id = self.word(inst, 1)?;
                let set = self.word(inst, 2)?;
                match self.ext_sets.get(&set) {
                    Some(name) if is_non_semantic(name) => {
                        self.non_semantic.insert(id);
                    }
                    _ => {
                        return Err(
                            inst.error(ErrorKind::Unsupported("an extended instruction outside a function".into()))
                        );
                    }
                }
            }
            opcode => {
                return Err(
                    inst.error(ErrorKind::Unsupported(format!("instruction {} at module level", opcode_name(opcode))))
                );
            }
        }
        Ok(())
    }

    /// Refuses a constant's operand that no instruction before it defined
    /// (itself, or a later constant: the module would define a cycle, which
    /// materializing the constant would follow forever).
    pub(super) fn defined_before(&self, inst: &Inst<'_>, ids: &[u32]) -> Result<()> {
        for &id in ids {
            let known = self.constants.contains_key(&id)
                || self.undefs.contains_key(&id)
                || self.literal_samplers.contains_key(&id)
                || self.spec_constants.contains_key(&id)
                || self.spec_constant_ops.contains_key(&id)
                || self.spec_composite_insts.contains_key(&id)
                || self.globals.contains_key(&id);
            if !known {
                return Err(inst.error(ErrorKind::UndefinedId(format!(
                    "<id> %{id} is not defined before the constant that uses it"
                ))));
            }
        }
        Ok(())
    }

    /// A struct whose member (or an array whose element: glslang's
    /// `buffer Node { Node kids[2]; }`) is a pointer declared only forward
    /// (`OpTypeForwardPointer`) and not yet defined: pointing back to the
    /// struct, it is recursive and becomes an identified struct that the
    /// member names; pointing to a struct defined later (mutual recursion:
    /// `A { B *b; }`, `B { A *a; }`, glslang's buffer_reference blocks
    /// naming each other), that struct becomes an identified struct the
    /// member names before its definition, as MLIR's own deserializer
    /// builds it (`StructType::getIdentified`, its body set later).
    pub(super) fn note_recursion(&mut self, inst: &Inst<'_>, id: u32) -> Result<()> {
        for &member in &inst.words[1..] {
            if self.type_models.contains_key(&member) || !self.forward_pointers.contains_key(&member) {
                continue;
            }
            match self.pointer_pointees.get(&member) {
                Some(&pointee) if pointee == id => {
                    self.recursive_structs.insert(id);
                }
                Some(&pointee) if self.type_models.contains_key(&pointee) => {}
                Some(&pointee) if self.struct_ids.contains(&pointee) => {
                    self.recursive_structs.insert(pointee);
                }
                Some(&pointee) => {
                    // Invalid SPIR-V: "That OpTypePointer instruction must
                    // declare Pointer Type to be a pointer to an
                    // OpTypeStruct" (OpTypeForwardPointer; spirv-val:
                    // "Forward pointers must point to a structure"; Mesa
                    // fails the pipeline). Where the declarations can be
                    // reordered (no cycle) such a module still imports
                    // (`forward_pointers::order`); through a cycle, MLIR has
                    // no name for the array.
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "type %{id} uses the forward-declared pointer %{member}, whose pointee %{pointee} is \
                         defined after it and is not a struct: SPIR-V requires a forward pointer to point to \
                         an OpTypeStruct (spirv-val: \"Forward pointers must point to a structure\")"
                    ))));
                }
                None => return Err(self.undefined(inst, member, "pointer type")),
            }
        }
        Ok(())
    }

    /// Whether `<id>` is an `OpConstantNull` of an array, struct or matrix.
    fn is_null_composite(&self, id: u32) -> bool {
        let Some((type_id, ConstantValue::Null)) = self.constants.get(&id) else { return false };
        self.type_models.get(type_id).is_some_and(|model| {
            matches!(&**model, SpirvType::Array { .. } | SpirvType::Struct(_) | SpirvType::Matrix { .. })
        })
    }

    /// Whether `<id>` is a plain composite constant with a composite
    /// constituent (or a null one), which no spirv.SpecConstantComposite holds.
    fn holds_composites(&self, id: u32) -> bool {
        let Some((_, ConstantValue::Composite(members))) = self.constants.get(&id) else { return false };
        members.iter().any(|member| {
            self.spec_composites.contains(member)
                || self.is_address(*member)
                || match self.constants.get(member) {
                    Some((_, ConstantValue::Composite(_))) => true,
                    Some((type_id, ConstantValue::Null)) => {
                        self.type_models.get(type_id).is_some_and(|model| model.element_type().is_some() || matches!(&**model, SpirvType::Struct(_)))
                    }
                    _ => false,
                }
        })
    }

    /// The [`INITIALIZER_CONSTITUENTS`] tree of constant `<id>`: the symbol
    /// of a constant the dialect can name, else an array of its members'
    /// trees (a null composite member: its members' zeros).
    fn initializer_tree(&mut self, inst: &Inst<'w>, id: u32, depth: usize) -> Result<Attribute<'c>> {
        if depth > 64 {
            return Err(inst.error(ErrorKind::Invalid("a constant nests too deep".into())));
        }
        if self.is_address(id) {
            // Physical32 for the host's layout: the composite is laid out
            // with 8-byte pointers; a byte offset into it, which would
            // count the module's 4, is refused where it is made
            // (addresses.rs in initializers, physical32.rs in functions).
            // For the module's layout, the bytes agree.
            return self.address_tree(inst, id);
        }
        match self.constants.get(&id).cloned() {
            Some((_, ConstantValue::Composite(members))) if self.holds_composites(id) => {
                let trees =
                    members.iter().map(|&member| self.initializer_tree(inst, member, depth + 1)).collect::<Result<Vec<_>>>()?;
                Ok(ArrayAttribute::new(self.context, &trees).into())
            }
            Some((type_id, ConstantValue::Null)) => {
                let model = self.type_models.get(&type_id).cloned().ok_or_else(|| self.undefined(inst, type_id, "type"))?;
                self.null_tree(inst, &model, depth)
            }
            _ => {
                let symbol = self.spec_symbol(inst, id)?;
                Ok(FlatSymbolRefAttribute::new(self.context, &symbol).into())
            }
        }
    }

    /// The tree of a null value of type `model`: scalars are the symbol of
    /// a zero specialization constant of their type (one per type).
    fn null_tree(&mut self, inst: &Inst<'w>, model: &SpirvType, depth: usize) -> Result<Attribute<'c>> {
        if depth > 64 {
            return Err(inst.error(ErrorKind::Invalid("a constant nests too deep".into())));
        }
        let parts: Vec<Arc<SpirvType>> = match model {
            SpirvType::Vector { count, element } | SpirvType::Array { count, element, .. } => {
                (0..*count).map(|_| Arc::clone(element)).collect()
            }
            SpirvType::Matrix { columns, column_type } => (0..*columns).map(|_| Arc::clone(column_type)).collect(),
            SpirvType::Struct(st) => st.members.iter().map(|member| Arc::clone(&member.ty)).collect(),
            _ => {
                let key = model.to_string();
                let symbol = match self.zero_symbols.get(&key) {
                    Some(symbol) => symbol.clone(),
                    None => {
                        let symbol = format!("spirv_zero_{}", self.zero_symbols.len());
                        let text = self.null_text(inst, model)?;
                        let value = self.attribute(inst, &text)?;
                        self.push_spec_constant(inst, &symbol, value, self.location(inst, None))?;
                        self.zero_symbols.insert(key, symbol.clone());
                        symbol
                    }
                };
                return Ok(FlatSymbolRefAttribute::new(self.context, &symbol).into());
            }
        };
        let trees = parts.iter().map(|part| self.null_tree(inst, part, depth + 1)).collect::<Result<Vec<_>>>()?;
        Ok(ArrayAttribute::new(self.context, &trees).into())
    }

    pub(super) fn global_variable(&mut self, inst: &Inst<'w>) -> Result<()> {
        let type_id = self.word(inst, 0)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let ty = self.mlir_type(inst, type_id)?;
        let symbol = self.symbol_for(id, "spirv_var");
        let mut attributes = vec![
            (self.id("type"), TypeAttribute::new(ty).into()),
            (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
        ];
        if let Some(&initializer) = inst.words.get(3) {
            if self.is_address(initializer) {
                // Another global's address, or a chain over one: no dialect
                // constant holds a pointer (addresses.rs).
                let tree = self.address_tree(inst, initializer)?;
                attributes.push((self.id(INITIALIZER_CONSTITUENTS), tree));
            } else if self.is_null_composite(initializer) {
                // `OpConstantNull` of an array or struct (zero-initialized
                // workgroup memory, GLSL's `= {}`): no dialect constant can
                // name it (`spirv.SpecConstantComposite` takes scalars only),
                // so the global says so itself and lowers to a zero value.
                attributes.push((self.id(NULL_INITIALIZER), Attribute::unit(self.context)));
            } else if self.holds_composites(initializer) {
                let tree = self.initializer_tree(inst, initializer, 0)?;
                attributes.push((self.id(INITIALIZER_CONSTITUENTS), tree));
            } else {
                let init_symbol = self.spec_symbol(inst, initializer)?;
                attributes
                    .push((self.id("initializer"), FlatSymbolRefAttribute::new(self.context, &init_symbol).into()));
            }
        }
        attributes.extend(self.decoration_attributes(inst, id)?);
        let operation = OperationBuilder::new("spirv.GlobalVariable", self.location(inst, None))
            .add_attributes(&attributes)
            .build()
            .map_err(inst.invalid())?;
        self.module_ops.push(operation);
        self.globals.insert(id, (symbol, type_id));
        Ok(())
    }

    /// The attributes MLIR gives an op or global for the decorations of
    /// `<id>`: `descriptor_set`, `binding`, `built_in`, `linkage_attributes`,
    /// and for any other decoration its snake_case name, with a unit, integer
    /// or enum value.
    pub(super) fn decoration_attributes(
        &mut self,
        inst: &Inst<'_>,
        id: u32,
    ) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>> {
        if !self.decorations.contains_key(&id) {
            return Ok(Vec::new());
        }
        let decorations: Vec<Decor<'w>> = self.decorations_of(id).copied().collect();
        let mut attributes = Vec::new();
        for decor in decorations {
            // Read where their target is built: the spec constant's
            // `spec_id`, the type's strides and offsets.
            if matches!(
                Decoration::from_value(decor.decoration),
                Some(Decoration::SpecId | Decoration::ArrayStride | Decoration::Offset)
            ) {
                continue;
            }
            if self.gives_up_export(id, decor) {
                tracing::debug!(id, "an exported function named as an entry point: kept internal");
                continue;
            }
            let name = Self::enum_name(inst, "Decoration", decor.decoration)?;
            let value = self.decoration_value(inst, decor)?;
            attributes.push((self.id(&snake_case(name)), value));
        }
        Ok(attributes)
    }

    /// Whether `decor` on `<id>` exports a function other than an entry
    /// point's under an entry point's name (the Translator's kernel body:
    /// `name_functions`): LLVM has one symbol per name, and the entry point
    /// is the kernel; the body stays, internal to the module.
    fn gives_up_export(&self, id: u32, decor: Decor<'_>) -> bool {
        if Decoration::from_value(decor.decoration) != Some(Decoration::LinkageAttributes)
            || !self.functions.contains_key(&id)
            || self.entry_functions.contains(&id)
        {
            return false;
        }
        let (linkage_name, used) = literal_string(decor.literals).unwrap_or_default();
        // LinkageType Export is 0.
        decor.literals.get(used) == Some(&0) && self.entry_point_names.contains(&linkage_name)
    }

    /// The value of the attribute for one decoration: a unit, an integer,
    /// a string, an enum, or an array of integers for several literals.
    fn decoration_value(&mut self, inst: &Inst<'_>, decor: Decor<'_>) -> Result<Attribute<'c>> {
        let context = self.context;
        Ok(match (Decoration::from_value(decor.decoration), decor.literals) {
            (Some(Decoration::BuiltIn), [value]) => {
                StringAttribute::new(context, Self::enum_name(inst, "BuiltIn", *value)?).into()
            }
            // The dialect has no enum for function parameter attributes:
            // named as MLIR names a built-in, by a string.
            (Some(Decoration::FuncParamAttr), [value]) => {
                let name = FunctionParameterAttribute::from_u32(*value)
                    .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("FunctionParameterAttribute {value}"))))?;
                StringAttribute::new(context, &format!("{name:?}")).into()
            }
            (Some(Decoration::LinkageAttributes), words) => {
                let (linkage_name, used) = literal_string(words).unwrap_or_default();
                let linkage_type = words.get(used).copied().unwrap_or(0);
                let linkage_type = Self::enum_name(inst, "LinkageType", linkage_type)?;
                let text = format!(
                    "#spirv.linkage_attributes<linkage_name = {linkage_name:?}, linkage_type = <{linkage_type}>>"
                );
                self.attribute(inst, &text)?
            }
            (Some(Decoration::FPRoundingMode), [value]) => self.enum_attribute(inst, "fp_rounding_mode", *value)?,
            (Some(Decoration::FPFastMathMode), [value]) => {
                // Every bit permits an optimization (SPV_KHR_float_controls2
                // adds AllowTransform, 0x40000, which the dialect's enum
                // lacks): the bits it lacks are dropped, and the result is
                // computed more strictly than the module allows, never less.
                let known = tables::enum_by_mnemonic("fastmath_mode")
                    .map_or(0, |info| info.cases.iter().fold(0, |bits, (case, _)| bits | case));
                self.enum_attribute(inst, "fastmath_mode", value & known)?
            }
            (_, []) => Attribute::unit(context),
            (_, [value]) => self.i32_attribute(*value),
            (_, words) => match literal_string(words) {
                Some((text, used)) if used == words.len() => StringAttribute::new(context, &text).into(),
                _ => {
                    let values: Vec<Attribute<'c>> = words.iter().map(|&v| self.i32_attribute(v)).collect();
                    ArrayAttribute::new(context, &values).into()
                }
            },
        })
    }

    /// The argument attributes of a function parameter, for its decorations.
    ///
    /// MLIR 22 gives an argument one decoration, without operands:
    /// `spirv.decoration = #spirv.decoration<Restrict>` (its deserializer
    /// reads `Restrict`, `Aliased`, their `Pointer` forms and
    /// `RelaxedPrecision` so, and refuses a parameter with more; its
    /// serializer writes any decoration without operands from it). The
    /// first decoration without operands takes that form. The others (a
    /// second one, or any with operands: `FuncParamAttr`, `Alignment`,
    /// `MaxByteOffset`..., which MLIR refuses on a parameter) would be lost
    /// there, so each becomes `spirv_decoration.<snake_case name>` with the
    /// value an op's decoration attribute has; a repeated decoration (clang
    /// gives a pointer `FuncParamAttr NoCapture` and `NoWrite`) gives the
    /// list of its values. The namespace is not a dialect's: MLIR's verifier
    /// accepts it on a `spirv.func` and upstream's serializer ignores it.
    fn parameter_attributes(&mut self, param: &Inst<'_>, id: u32) -> Result<DictionaryAttribute<'c>> {
        let decorations: Vec<Decor<'w>> = self.decorations_of(id).copied().collect();
        let mut decoration = None;
        let mut others: Vec<(String, Vec<Attribute<'c>>)> = Vec::new();
        for decor in decorations {
            if decoration.is_none() && decor.literals.is_empty() {
                decoration = Some(self.enum_attribute(param, "decoration", decor.decoration)?);
                continue;
            }
            let decoration_name = Self::enum_name(param, "Decoration", decor.decoration)?;
            let name = snake_case(decoration_name);
            let value = if decor.by_id {
                let operands = decor
                    .literals
                    .iter()
                    .map(|&operand| self.decoration_operand(param, decoration_name, operand))
                    .collect::<Result<Vec<_>>>()?;
                match operands.as_slice() {
                    [operand] => *operand,
                    _ => ArrayAttribute::new(self.context, &operands).into(),
                }
            } else {
                self.decoration_value(param, decor)?
            };
            match others.iter_mut().find(|(key, _)| *key == name) {
                Some((_, values)) => values.push(value),
                None => others.push((name, vec![value])),
            }
        }
        let mut attributes = Vec::new();
        if let Some(decoration) = decoration {
            attributes.push((self.id("spirv.decoration"), decoration));
        }
        for (name, values) in others {
            let value = match values.as_slice() {
                [value] => *value,
                _ => ArrayAttribute::new(self.context, &values).into(),
            };
            attributes.push((self.id(&format!("spirv_decoration.{name}")), value));
        }
        Ok(DictionaryAttribute::new(self.context, &attributes))
    }

    /// An `<id>` operand of the `OpDecorateId` `decoration` (`AlignmentId`,
    /// `MaxByteOffsetId`) of the parameter `inst`: the `<id>` means nothing
    /// once imported, so the constant's value, or the symbol of a
    /// specialization constant (its value is only a default).
    fn decoration_operand(&mut self, inst: &Inst<'_>, decoration: &str, id: u32) -> Result<Attribute<'c>> {
        if let Some(spec) = self.spec_constants.get(&id) {
            return Ok(FlatSymbolRefAttribute::new(self.context, &spec.symbol.clone()).into());
        }
        if !self.constants.contains_key(&id) {
            return Err(self.undefined(inst, id, &format!("constant (the operand of {decoration} on a parameter)")));
        }
        let text = self.constant_text(inst, id)?;
        self.attribute(inst, &text)
    }

    // ----- constants -----

    // ----- functions -----

    pub(super) fn function(&mut self, function: &FunctionInsts<'_, 'w>) -> Result<Operation<'c>> {
        let def = function.def;
        let result_type = self.word(def, 0)?;
        let id = self.word(def, 1)?;
        let control = self.word(def, 2)?;
        let function_type_id = self.word(def, 3)?;
        let function_type = self.mlir_type(def, function_type_id)?;
        let Some((param_types, declared_result)) = self.function_types.get(&function_type_id).cloned() else {
            return Err(self.undefined(def, function_type_id, "function type"));
        };
        if declared_result != result_type || param_types.len() != function.params.len() {
            return Err(def.error(ErrorKind::Invalid(format!(
                "OpFunction %{id} does not match its function type %{function_type_id}"
            ))));
        }
        let symbol = self.functions.get(&id).cloned().unwrap_or_default();
        let location = self.location(def, None);
        let control = self.enum_attribute(def, "function_control", control)?;
        let mut attributes = vec![
            (self.id("sym_name"), StringAttribute::new(self.context, &symbol).into()),
            (self.id("function_type"), TypeAttribute::new(function_type).into()),
            (self.id("function_control"), control),
        ];
        attributes.extend(self.decoration_attributes(def, id)?);
        // Parameter decorations become argument attributes, as MLIR keeps them.
        let mut arg_attrs: Vec<Attribute<'c>> = Vec::with_capacity(function.params.len());
        let mut any_param_decoration = false;
        for param in &function.params {
            let param_id = self.word(param, 1)?;
            let dictionary = self.parameter_attributes(param, param_id)?;
            any_param_decoration |= !dictionary.is_empty();
            arg_attrs.push(dictionary.into());
        }
        if any_param_decoration {
            attributes.push((self.id("arg_attrs"), ArrayAttribute::new(self.context, &arg_attrs).into()));
        }
        let region = Region::new();
        if !function.blocks.is_empty() {
            self.function_body(function, &param_types, &region)?;
        }
        OperationBuilder::new("spirv.func", location)
            .add_attributes(&attributes)
            .add_regions([region])
            .build()
            .map_err(def.invalid())
    }

    /// Creates the function's blocks (arguments: the parameters for the
    /// entry block, the `OpPhi`s for the others) and fills them.
    ///
    /// The blocks go into `region` before any op does: ops of one block use
    /// values and name successors of others, and only a region drops those
    /// references before destroying its blocks (as happens when an import
    /// fails halfway).
    pub(super) fn function_body(
        &mut self,
        function: &FunctionInsts<'_, 'w>,
        param_types: &[u32],
        region: &Region<'c>,
    ) -> Result<()> {
        self.loop_merges.clear();
        self.return_marked_loops.clear();
        if self.loop_markers {
            // Merge blocks holding only OpUnreachable (255): their loops are
            // left only by returns.
            let unreachable: HashSet<u32> = function
                .blocks
                .iter()
                .filter(|(_, body)| body.iter().all(|inst| matches!(inst.opcode, op::LINE | op::NO_LINE | 255)))
                .filter_map(|(label, _)| label.words.first().copied())
                .collect();
            for (label, body) in &function.blocks {
                if let Some(merge) = body.iter().find(|inst| inst.opcode == op::LOOP_MERGE)
                    && let Some(&merge_label) = merge.words.first()
                {
                    let header = self.word(label, 0)?;
                    self.loop_merges.insert(merge_label, header);
                    if unreachable.contains(&merge_label) {
                        self.return_marked_loops.push(header);
                    }
                }
            }
        }
        // Structured control flow where the function has constructs the
        // dialect's regions can hold (structurize.rs); plain blocks otherwise.
        if let Some(plan) = self.structure(function)? {
            return self.structured_body(function, param_types, region, &plan);
        }
        let mut block_index = HashMap::default();
        let mut blocks = Vec::new();
        for (index, (label, body)) in function.blocks.iter().enumerate() {
            let label_id = self.word(label, 0)?;
            self.check_bound(label, label_id)?;
            if block_index.insert(label_id, index).is_some() {
                return Err(label.error(ErrorKind::Invalid(format!("label %{label_id} is defined twice"))));
            }
            let location = self.location(label, None);
            let mut arguments = Vec::new();
            if index == 0 {
                for (param, &type_id) in function.params.iter().zip(param_types) {
                    if self.word(param, 0)? != type_id {
                        return Err(
                            param.error(ErrorKind::Invalid("parameter type does not match the function type".into()))
                        );
                    }
                    arguments.push((self.mlir_type(param, type_id)?, location));
                }
            }
            for phi in body.iter().take_while(|inst| matches!(inst.opcode, op::PHI | op::LINE | op::NO_LINE)) {
                if phi.opcode == op::PHI {
                    if index == 0 {
                        return Err(phi.error(ErrorKind::Invalid("OpPhi in the entry block".into())));
                    }
                    let type_id = self.word(phi, 0)?;
                    arguments.push((self.mlir_type(phi, type_id)?, self.location(phi, None)));
                }
            }
            blocks.push(region.append_block(Block::new(&arguments)));
        }
        self.fill_blocks(function, &blocks, &block_index)
    }

    pub(super) fn fill_blocks<'b>(
        &mut self,
        function: &FunctionInsts<'_, 'w>,
        blocks: &'b [BlockRef<'c, 'b>],
        block_index: &HashMap<u32, usize>,
    ) -> Result<()> {
        let mut state = FunctionState {
            values: HashMap::default(),
            materialized: HashMap::default(),
            block_index: block_index.clone(),
            targets: blocks.iter().map(|block| Some(*block)).collect(),
            cursor: blocks[0],
            scope: 0,
            phis: HashMap::default(),
            block: 0,
            label: 0,
            loop_controls: HashMap::default(),
            plain_headers: HashMap::default(),
            columns: HashMap::default(),
        };
        // Parameters and phis first: branches name them before their blocks are filled.
        for (index, param) in function.params.iter().enumerate() {
            let id = self.word(param, 1)?;
            self.check_bound(param, id)?;
            let value = blocks[0].argument(index).map_err(param.invalid())?;
            state.values.insert(id, value.into());
        }
        self.copy_by_value_parameters(&mut state, &function.params, blocks[0])?;
        for (index, (_, body)) in function.blocks.iter().enumerate() {
            let block_phis: Vec<Inst<'w>> =
                body.iter().filter(|inst| inst.opcode == op::PHI).map(|inst| **inst).collect();
            let first_argument = if index == 0 { function.params.len() } else { 0 };
            for (position, phi) in block_phis.iter().enumerate() {
                let id = self.word(phi, 1)?;
                self.check_bound(phi, id)?;
                let value = blocks[index].argument(first_argument + position).map_err(phi.invalid())?;
                state.values.insert(id, value.into());
            }
            state.phis.insert(index, block_phis);
            // OpLoopMerge's control, kept on the back edges of a loop left
            // as plain blocks (structurize.rs puts it on spirv.mlir.loop).
            if let Some(merge) = body.iter().find(|inst| inst.opcode == op::LOOP_MERGE)
                && let Some(&control) = merge.words.get(2)
                && control & LOOP_CONTROL_UNROLL_BITS != 0
            {
                state.loop_controls.insert(index, control);
            }
            // Without regions, every construct stays plain blocks.
            if let Some(merge) = body.iter().find(|inst| matches!(inst.opcode, op::SELECTION_MERGE | op::LOOP_MERGE)) {
                check_plain_header(merge, body)?;
                state.plain_headers.insert(index, **merge);
            }
        }
        for (index, (label, body)) in function.blocks.iter().enumerate() {
            let label_id = self.word(label, 0)?;
            state.block = index;
            state.label = label_id;
            state.cursor = blocks[index];
            state.scope = index;
            self.loop_marker_calls(&mut state, label, body)?;
            let mut line = None;
            let mut terminated = false;
            for inst in body {
                if terminated {
                    return Err(inst.error(ErrorKind::Invalid("instruction after the block's terminator".into())));
                }
                match inst.opcode {
                    op::LINE => {
                        let file = self.word(inst, 0)?;
                        let name = self.strings.get(&file).cloned().unwrap_or_else(|| self.file.clone());
                        line = Some(Location::new(
                            self.context,
                            &name,
                            self.word(inst, 1)? as usize,
                            self.word(inst, 2)? as usize,
                        ));
                    }
                    op::NO_LINE => line = None,
                    op::PHI
                    | op::SELECTION_MERGE
                    | op::LOOP_MERGE
                    | op::NOP
                    | op::LIFETIME_START
                    | op::LIFETIME_STOP => {}
                    _ => {
                        let location = self.location(inst, line);
                        terminated = self.instruction(&mut state, inst, location)?;
                    }
                }
            }
            if !terminated {
                return Err(label.error(ErrorKind::Invalid(format!("block %{label_id} has no terminator"))));
            }
        }
        Ok(())
    }

    /// Gives each parameter decorated `FuncParamAttr ByVal` (a struct passed
    /// by value: clang's OpenCL C passes a pointer to it) a copy of its own
    /// at the function's entry, a `Function` variable that the body uses
    /// instead: a callee may write to its copy (the caller's object must
    /// not change), and a kernel's invocations each need theirs (they all
    /// get one pointer to the argument's bytes). MLIR's lowering keeps no
    /// `byval` attribute, so nothing else would copy.
    pub(super) fn copy_by_value_parameters<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        params: &[&Inst<'w>],
        entry: BlockRef<'c, 'b>,
    ) -> Result<()> {
        const BY_VAL: u32 = 2;
        for param in params {
            let id = self.word(param, 1)?;
            let by_value = self.decorations_of(id).any(|decor| {
                decor.decoration == Decoration::FuncParamAttr as u32 && decor.literals.first() == Some(&BY_VAL)
            });
            if !by_value {
                continue;
            }
            let Some(&pointer) = state.values.get(&id) else { continue };
            let ty = pointer.r#type();
            let pointee = SpirvType::parse(&ty.to_string()).ok().and_then(|model| match model {
                SpirvType::Pointer { pointee, .. } => Some(pointee.to_string()),
                _ => None,
            });
            let Some(pointee) = pointee else {
                return Err(param.error(ErrorKind::Invalid("FuncParamAttr ByVal on a parameter that is not a pointer".into())));
            };
            let location = self.location(param, None);
            let variable = self.function_variable(param, location, &pointee)?;
            let variable: Value<'c, 'b> = entry.append_operation(variable).result(0).map_err(param.invalid())?.into();
            let copy = OperationBuilder::new("spirv.CopyMemory", location).add_operands(&[variable, pointer]).build();
            self.append(param, entry, copy)?;
            state.values.insert(id, variable);
        }
        Ok(())
    }

    /// A `spirv.Variable` of the `Function` storage class holding `pointee`
    /// (a type's text), not yet in a block.
    pub(super) fn function_variable(&mut self, inst: &Inst<'_>, location: Location<'c>, pointee: &str) -> Result<Operation<'c>> {
        let pointer = self
            .parse_type(&format!("!spirv.ptr<{pointee}, Function>"))
            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("a pointer to {pointee}"))))?;
        let storage = self.attribute(inst, "#spirv.storage_class<Function>")?;
        OperationBuilder::new("spirv.Variable", location)
            .add_attributes(&[(self.id("storage_class"), storage)])
            .add_results(&[pointer])
            .build()
            .map_err(inst.invalid())
    }

    /// Imports one instruction into block `index`; returns whether it ended the block.
    pub(super) fn instruction<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        let w = inst.words;
        let block = state.current();
        if matches!(inst.opcode, op::RETURN | op::RETURN_VALUE) {
            self.return_marker_calls(state, inst, location)?;
        }
        match inst.opcode {
            _ if self.bfloat16_arithmetic(state, inst, location)? => Ok(false),
            op::BRANCH => {
                let target = self.word(inst, 0)?;
                let (target_block, arguments) = self.branch_target(state, inst, target)?;
                let mut attributes = self.back_edge_control(inst, state, &[target])?;
                attributes.extend(self.header_control(state)?);
                let operation = OperationBuilder::new("spirv.Branch", location)
                    .add_operands(&arguments)
                    .add_successors(&[&target_block])
                    .add_attributes(&attributes)
                    .build();
                self.append(inst, block, operation)?;
                Ok(true)
            }
            op::BRANCH_CONDITIONAL => {
                let condition = self.value(state, inst, self.word(inst, 0)?)?;
                let (true_block, true_arguments) = self.branch_target(state, inst, self.word(inst, 1)?)?;
                let (false_block, false_arguments) = self.branch_target(state, inst, self.word(inst, 2)?)?;
                let mut operands = vec![condition];
                operands.extend(&true_arguments);
                operands.extend(&false_arguments);
                let segments = [1, true_arguments.len() as i32, false_arguments.len() as i32];
                let mut attributes =
                    vec![(self.id("operandSegmentSizes"), DenseI32ArrayAttribute::new(self.context, &segments).into())];
                attributes.extend(self.back_edge_control(inst, state, &[self.word(inst, 1)?, self.word(inst, 2)?])?);
                attributes.extend(self.header_control(state)?);
                if let [_, _, _, a, b] = w {
                    let weights = vec![self.i32_attribute(*a), self.i32_attribute(*b)];
                    attributes.push((self.id("branch_weights"), ArrayAttribute::new(self.context, &weights).into()));
                }
                let operation = OperationBuilder::new("spirv.BranchConditional", location)
                    .add_operands(&operands)
                    .add_successors(&[&true_block, &false_block])
                    .add_attributes(&attributes)
                    .build();
                self.append(inst, block, operation)?;
                Ok(true)
            }
            op::SWITCH => {
                self.switch(state, inst, location)?;
                Ok(true)
            }
            op::TERMINATE_INVOCATION => {
                // Same meaning as OpKill, which the dialect has.
                self.append(inst, block, OperationBuilder::new("spirv.Kill", location).build())?;
                Ok(true)
            }
            op::COPY_OBJECT => {
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                let value = self.value(state, inst, self.word(inst, 2)?)?;
                state.values.insert(id, value);
                Ok(false)
            }
            op::UNDEF => {
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                self.undefs.insert(id, self.word(inst, 0)?);
                Ok(false)
            }
            op::FUNCTION_CALL => {
                let type_id = self.word(inst, 0)?;
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                let callee = self.word(inst, 2)?;
                // clang's `to_global`/`to_local`/`to_private`: the cast
                // they stand for (`address_space_cast_import`), where the
                // call returns a pointer of the storage class the name says.
                let cast = match self.address_space_cast_import(callee) {
                    Some(class) if w.len() == 4 => {
                        let ty = self.mlir_type(inst, type_id)?;
                        ty.to_string().ends_with(&format!(", {class}>"))
                    }
                    _ => false,
                };
                if cast {
                    self.generic_cast_to_ptr(state, inst, location, type_id, id, w[3])?;
                    return Ok(false);
                }
                let callee =
                    self.functions.get(&callee).cloned().ok_or_else(|| self.undefined(inst, callee, "function"))?;
                let mut arguments = Vec::new();
                for &argument in &w[3..] {
                    arguments.push(self.value(state, inst, argument)?);
                }
                let mut builder = OperationBuilder::new("spirv.FunctionCall", location)
                    .add_operands(&arguments)
                    .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &callee).into())]);
                if !self.is_void(type_id) {
                    builder = builder.add_results(&[self.mlir_type(inst, type_id)?]);
                }
                let operation = self.append(inst, block, builder.build())?;
                if !self.is_void(type_id) {
                    self.define(state, inst, id, operation)?;
                }
                Ok(false)
            }
            memory_operands::opcode::LOAD | memory_operands::opcode::STORE | memory_operands::opcode::COPY_MEMORY => {
                self.memory_access(state, inst, location)?;
                Ok(false)
            }
            op::GENERIC_CAST_TO_PTR_EXPLICIT => {
                let type_id = self.word(inst, 0)?;
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                self.generic_cast_to_ptr(state, inst, location, type_id, id, self.word(inst, 2)?)?;
                Ok(false)
            }
            op::EXT_INST => {
                let set = self.word(inst, 2)?;
                let number = self.word(inst, 3)?;
                let set_name = self
                    .ext_sets
                    .get(&set)
                    .cloned()
                    .ok_or_else(|| self.undefined(inst, set, "extended instruction set"))?;
                if is_non_semantic(&set_name) {
                    self.non_semantic.insert(self.word(inst, 1)?);
                    return Ok(false);
                }
                if set_name == "OpenCL.std" && (VLOAD_HALF..=VSTOREA_HALFN_R).contains(&number) {
                    self.half_load_store(state, inst, number, location)?;
                    return Ok(false);
                }
                if set_name == "OpenCL.std" && matches!(number, VLOADN | VSTOREN) {
                    self.vector_load_store(state, inst, number, location)?;
                    return Ok(false);
                }
                let Some(info) = tables::ext_inst(&set_name, number) else {
                    if set_name == "GLSL.std.450"
                        && (self.glsl_expansion(state, inst, number, location)?
                            || self.glsl_definition(state, inst, number, location)?)
                    {
                        return Ok(false);
                    }
                    if set_name == "OpenCL.std" {
                        self.opencl_builtin_call(state, inst, number, location)?;
                        return Ok(false);
                    }
                    return Err(inst.error(ErrorKind::Unsupported(format!(
                        "instruction {number} of the extended instruction set \"{set_name}\""
                    ))));
                };
                let result = Some((self.word(inst, 0)?, self.word(inst, 1)?));
                self.table_op(state, inst, info, &w[4..], result, location)?;
                Ok(false)
            }
            op::COMPOSITE_CONSTRUCT | op::COMPOSITE_EXTRACT if self.stand_in_composite(state, inst, location)? => {
                Ok(false)
            }
            op::IN_BOUNDS_ACCESS_CHAIN | op::ACCESS_CHAIN if self.stand_in_access_chain(state, inst, location)? => {
                Ok(false)
            }
            super::pointers::PTR_ACCESS_CHAIN | super::pointers::IN_BOUNDS_PTR_ACCESS_CHAIN
                if self.strided_ptr_access_chain(state, inst, location)? =>
            {
                Ok(false)
            }
            op::IN_BOUNDS_ACCESS_CHAIN | op::ACCESS_CHAIN => {
                // OpInBoundsAccessChain only adds that the indices are in bounds.
                let info = tables::op(op::ACCESS_CHAIN)
                    .ok_or_else(|| inst.error(ErrorKind::Unsupported("OpAccessChain".into())))?;
                let result = Some((self.word(inst, 0)?, self.word(inst, 1)?));
                self.table_op(state, inst, info, &w[2..], result, location)?;
                Ok(false)
            }
            op::BITCAST => {
                let id = self.word(inst, 1)?;
                self.check_bound(inst, id)?;
                let value = self.value(state, inst, self.word(inst, 2)?)?;
                let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
                let is_pointer = |ty: Type<'c>| ty.to_string().starts_with("!spirv.ptr<");
                if value.r#type() == result_type {
                    // A bitcast between types that differ only in signedness,
                    // which the dialect does not keep: the value itself.
                    state.values.insert(id, value);
                } else if is_pointer(value.r#type()) != is_pointer(result_type) {
                    let value = self.pointer_bits(state, inst, location, value, result_type)?;
                    self.define_value(state, inst, id, value)?;
                } else {
                    let info = tables::op(op::BITCAST)
                        .ok_or_else(|| inst.error(ErrorKind::Unsupported("OpBitcast".into())))?;
                    let result = Some((self.word(inst, 0)?, id));
                    self.table_op(state, inst, info, &w[2..], result, location)?;
                }
                Ok(false)
            }
            op::COPY_LOGICAL => {
                let id = self.word(inst, 1)?;
                let source = self.value(state, inst, self.word(inst, 2)?)?;
                let target = self.mlir_type(inst, self.word(inst, 0)?)?;
                let value = self.copy_logical(state, inst, location, source, target)?;
                self.define_value(state, inst, id, value)?;
                Ok(false)
            }
            op::COPY_MEMORY_SIZED => {
                self.copy_memory_sized(state, inst, location)?;
                Ok(false)
            }
            op::F_CONVERT if self.same_width_float_conversion(state, inst, location)? => Ok(false),
            op::QUANTIZE_TO_F16 => {
                let id = self.word(inst, 1)?;
                let value = self.value(state, inst, self.word(inst, 2)?)?;
                let value = self.quantize_to_f16(state, inst, location, value, self.word(inst, 0)?)?;
                self.define_value(state, inst, id, value)?;
                Ok(false)
            }
            op::ANY
            | op::ALL
            | op::ATOMIC_LOAD
            | op::ATOMIC_STORE
            | op::GROUP_NON_UNIFORM_BROADCAST_FIRST
            | op::GROUP_ALL
            | op::GROUP_ANY
            | op::OUTER_PRODUCT => {
                self.expansion(state, inst, location)?;
                Ok(false)
            }
            opcode if super::atomics_ext::imports(opcode) => {
                self.atomic_extension(state, inst, location)?;
                Ok(false)
            }
            _ if super::groups_ext::imports_instruction(inst) => {
                self.group_extension(state, inst, location)?;
                Ok(false)
            }
            // OpSampledImage and OpImage of a `samplerBuffer` (types.rs: its
            // sampled image type is the buffer image itself): the image.
            op::SAMPLED_IMAGE_INSTRUCTION | op::IMAGE_INSTRUCTION
                if w.len() >= 3
                    && matches!(
                        self.type_models.get(&w[0]).map(|model| model.as_ref()),
                        Some(SpirvType::Image(image)) if image.dim == crate::spirv::attributes::Dim::Buffer
                    ) =>
            {
                let image = self.value(state, inst, w[2])?;
                if image.r#type() != self.mlir_type(inst, w[0])? {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "{} of an image of another type",
                        opcode_name(inst.opcode)
                    ))));
                }
                self.define_value(state, inst, w[1], image)?;
                Ok(false)
            }
            opcode if super::images::imports(opcode, w, self.memory_model.is_some_and(|(_, memory)| memory == 2)) => {
                self.image_instruction(state, inst, location)?;
                Ok(false)
            }
            opcode if super::coop_matrix::imports(opcode) => {
                self.cooperative_matrix(state, inst, location)?;
                Ok(false)
            }
            opcode if super::events::imports(opcode) => {
                self.event_instruction(state, inst, location)?;
                Ok(false)
            }
            opcode if super::values_ext::imports(opcode) => {
                self.value_extension(state, inst, location)?;
                Ok(false)
            }
            opcode if super::equivalents::imports(opcode) => {
                self.equivalent(state, inst, location)?;
                Ok(false)
            }
            opcode if super::newer_grammar::instruction(opcode).is_some() => {
                self.newer_instruction(state, inst, location)?;
                Ok(false)
            }
            pointers::opcode::ARRAY_LENGTH
            | pointers::opcode::PTR_EQUAL
            | pointers::opcode::PTR_NOT_EQUAL
            | pointers::opcode::PTR_DIFF
            | pointers::opcode::GENERIC_PTR_MEM_SEMANTICS => {
                self.pointer_instruction(state, inst, location)?;
                Ok(false)
            }
            relational::opcode::IS_NORMAL
            | relational::opcode::SIGN_BIT_SET
            | relational::opcode::LESS_OR_GREATER
            | relational::opcode::UNORDERED => {
                self.relational(state, inst, location)?;
                Ok(false)
            }
            op::SELECT if self.select_by_members(self.word(inst, 0)?) => {
                // Structs, arrays, matrices: member by member.
                let condition = self.value(state, inst, self.word(inst, 2)?)?;
                let a = self.value(state, inst, self.word(inst, 3)?)?;
                let b = self.value(state, inst, self.word(inst, 4)?)?;
                let value = self.select_composite(state, inst, location, condition, [a, b])?;
                self.define_value(state, inst, self.word(inst, 1)?, value)?;
                Ok(false)
            }
            op::VARIABLE if state.block != 0 => {
                Err(inst.error(ErrorKind::Invalid("OpVariable outside the function's first block".into())))
            }
            op::VARIABLE if w.len() > 3 && self.constant_needs_store(w[3]) => {
                // A function variable initialized with what no spirv.Constant
                // holds (a struct or matrix, OpConstantNull of one: naga's
                // `var s = S();`): the variable, then a store of the value.
                let info = tables::op(op::VARIABLE)
                    .ok_or_else(|| inst.error(ErrorKind::Invalid("no table entry for OpVariable".into())))?;
                self.table_op(state, inst, info, &w[2..3], Some((w[0], w[1])), location)?;
                let variable = self.value(state, inst, w[1])?;
                let value = self.value(state, inst, w[3])?;
                self.store(state, inst, location, variable, value)?;
                Ok(false)
            }
            opcode => {
                let info = tables::op(opcode).filter(|info| info.autogen).ok_or_else(|| {
                    inst.error(ErrorKind::Unsupported(format!("instruction {} in a function", opcode_name(opcode))))
                })?;
                let (result, rest) = if info.result {
                    (Some((self.word(inst, 0)?, self.word(inst, 1)?)), w.get(2..).unwrap_or_default())
                } else {
                    (None, w)
                };
                self.table_op(state, inst, info, rest, result, location)?;
                Ok(is_terminator(opcode))
            }
        }
    }

    /// Whether a function variable's initializer `<id>` cannot be the
    /// variable's operand: the dialect wants a `spirv.Constant` there, and
    /// this constant is built from its parts ([`needs_construct`]).
    fn constant_needs_store(&self, id: u32) -> bool {
        self.constants.get(&id).is_some_and(|(type_id, constant)| {
            self.type_models.get(type_id).is_some_and(|model| needs_construct(model)) || self.holds_undef(constant)
        })
    }

    /// Appends one op of an expansion; returns its result, if it has one.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn emit<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'_>,
        location: Location<'c>,
        name: &str,
        operands: &[Value<'c, 'b>],
        attributes: &[(Identifier<'c>, Attribute<'c>)],
        result: Option<Type<'c>>,
    ) -> Result<Value<'c, 'b>> {
        let mut builder = OperationBuilder::new(name, location).add_operands(operands).add_attributes(attributes);
        if let Some(ty) = result {
            builder = builder.add_results(&[ty]);
        }
        let operation = self.append(inst, state.current(), builder.build())?;
        Ok(operation.result(0).map_err(inst.invalid())?.into())
    }

    pub(super) fn define_value<'b>(
        &self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'_>,
        id: u32,
        value: Value<'c, 'b>,
    ) -> Result<()> {
        self.check_bound(inst, id)?;
        if state.values.insert(id, value).is_some() {
            return Err(inst.error(ErrorKind::Invalid(format!("<id> %{id} is defined twice"))));
        }
        Ok(())
    }

    /// `loop_control` for a branch from the current block to one of
    /// `targets` that is a back edge (a loop header placed before the
    /// current block) of a loop with an unroll control.
    pub(super) fn back_edge_control(
        &mut self,
        inst: &Inst<'_>,
        state: &FunctionState<'c, '_, 'w>,
        targets: &[u32],
    ) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>> {
        for target in targets {
            if let Some(&header) = state.block_index.get(target)
                && header <= state.block
                && let Some(&control) = state.loop_controls.get(&header)
            {
                let attribute = self.enum_attribute(inst, "loop_control", control & LOOP_CONTROL_UNROLL_BITS)?;
                return Ok(vec![(self.id("loop_control"), attribute)]);
            }
        }
        Ok(Vec::new())
    }

    /// What the merge instruction of the current block says, when its
    /// construct stays plain blocks (no `spirv.mlir.selection`/`loop` holds
    /// the control): attributes for the block's terminator,
    /// `spirv_structured.selection_control` or `spirv_structured.loop_control`
    /// (unless `None`) and the loop control's operands. The merge block and
    /// continue target are not kept: an attribute cannot name a block.
    pub(super) fn header_control(
        &mut self,
        state: &FunctionState<'c, '_, 'w>,
    ) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>> {
        let Some(merge) = state.plain_headers.get(&state.block).copied() else {
            return Ok(Vec::new());
        };
        let (name, mnemonic, control) = if merge.opcode == op::LOOP_MERGE {
            ("spirv_structured.loop_control", "loop_control", self.word(&merge, 2)?)
        } else {
            ("spirv_structured.selection_control", "selection_control", self.word(&merge, 1)?)
        };
        let mut attributes = Vec::new();
        if control != 0 {
            attributes.push((self.id(name), self.enum_attribute(&merge, mnemonic, control)?));
        }
        if merge.opcode == op::LOOP_MERGE {
            attributes.extend(self.loop_control_operands(&merge)?);
        }
        Ok(attributes)
    }

    /// The operands of an `OpLoopMerge`'s loop control (`DependencyLength 4`,
    /// `MaxIterations 16`...), which `#spirv.loop_control` cannot hold (MLIR's
    /// deserializer drops them): `spirv_structured.<snake_case control> = N : i32`
    /// each, as MLIR keeps `Aligned`'s operand of a memory access beside it
    /// (`alignment`). SPIR-V gives each such control one word, in the order
    /// of the bits.
    pub(super) fn loop_control_operands(&mut self, merge: &Inst<'_>) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>> {
        let control = self.word(merge, 2)?;
        let mut attributes = Vec::new();
        let mut at = 3;
        for bit in (0..32).map(|shift| 1u32 << shift) {
            if control & bit & LOOP_CONTROL_OPERAND_BITS == 0 {
                continue;
            }
            let name = snake_case(Self::enum_name(merge, "LoopControl", bit)?);
            let value = self.i32_attribute(self.word(merge, at)?);
            attributes.push((self.id(&format!("spirv_structured.{name}")), value));
            at += 1;
        }
        if at < merge.words.len() {
            return Err(
                merge.error(ErrorKind::Malformed("OpLoopMerge with more operands than its loop control".into()))
            );
        }
        Ok(attributes)
    }

    /// The block a branch goes to and the values it passes for the
    /// target's `OpPhi`s from this block (`label`).
    pub(super) fn branch_target<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        target: u32,
    ) -> Result<(BlockRef<'c, 'b>, Vec<Value<'c, 'b>>)> {
        let target_index =
            *state.block_index.get(&target).ok_or_else(|| self.undefined(inst, target, "label in this function"))?;
        if target_index == 0 {
            return Err(inst.error(ErrorKind::Invalid("a branch to the function's entry block".into())));
        }
        let block = state.targets.get(target_index).copied().flatten().ok_or_else(|| {
            inst.error(ErrorKind::Invalid(format!("a branch into the structured construct holding %{target}")))
        })?;
        Ok((block, self.phi_arguments(state, inst, target_index)?))
    }

    /// The values a branch from this block (`label`) passes for the `OpPhi`s
    /// of block `target_index`.
    pub(super) fn phi_arguments<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        target_index: usize,
    ) -> Result<Vec<Value<'c, 'b>>> {
        let mut arguments = Vec::new();
        let label = state.label;
        let phis = state.phis.get(&target_index).cloned().unwrap_or_default();
        for phi in &phis {
            let incoming = phi.words[2..].chunks_exact(2).find(|pair| pair[1] == label).ok_or_else(|| {
                phi.error(ErrorKind::Invalid(format!("OpPhi has no value for its predecessor %{label}")))
            })?;
            arguments.push(self.value(state, inst, incoming[0])?);
        }
        Ok(arguments)
    }

    pub(super) fn switch<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let selector_id = self.word(inst, 0)?;
        let selector = self.value(state, inst, selector_id)?;
        let selector_type = selector.r#type();
        let width = IntegerType::try_from(selector_type).map(|t| t.width()).unwrap_or(32);
        let literal_words = if width > 32 { 2 } else { 1 };
        let (default_block, default_arguments) = self.branch_target(state, inst, self.word(inst, 1)?)?;
        let mut literals = Vec::new();
        let mut targets = Vec::new();
        let mut target_operands = Vec::new();
        let mut segments = Vec::new();
        for case in inst.words[2..].chunks(literal_words + 1) {
            if case.len() != literal_words + 1 {
                return Err(inst.error(ErrorKind::Malformed("OpSwitch case without a target".into())));
            }
            let value =
                if literal_words == 2 { u64::from(case[0]) | (u64::from(case[1]) << 32) } else { u64::from(case[0]) };
            let shift = 64 - width.min(64);
            literals.push((((value << shift) as i64) >> shift).to_string());
            let (block, arguments) = self.branch_target(state, inst, case[literal_words])?;
            targets.push(block);
            segments.push(arguments.len() as i32);
            target_operands.extend(arguments);
        }
        let mut operands = vec![selector];
        operands.extend(&default_arguments);
        operands.extend(&target_operands);
        let mut successors = vec![&default_block];
        successors.extend(targets.iter());
        let literals_text = format!("dense<[{}]> : vector<{}xi{width}>", literals.join(", "), literals.len());
        let mut attributes = vec![
            (
                self.id("operandSegmentSizes"),
                DenseI32ArrayAttribute::new(
                    self.context,
                    &[1, default_arguments.len() as i32, target_operands.len() as i32],
                )
                .into(),
            ),
            (self.id("case_operand_segments"), DenseI32ArrayAttribute::new(self.context, &segments).into()),
        ];
        if !literals.is_empty() {
            attributes.push((self.id("literals"), self.attribute(inst, &literals_text)?));
        }
        attributes.extend(self.header_control(state)?);
        let successors: Vec<&Block<'c>> = successors.into_iter().map(|block| &**block).collect();
        let operation = OperationBuilder::new("spirv.Switch", location)
            .add_operands(&operands)
            .add_successors(&successors)
            .add_attributes(&attributes)
            .build();
        self.append(inst, state.current(), operation)?;
        Ok(())
    }

    /// Builds an op the tables describe: `words` are the instruction's words
    /// after its result type and id (`result`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn table_op<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        info: &OpInfo,
        words: &[u32],
        result: Option<(u32, u32)>,
        location: Location<'c>,
    ) -> Result<()> {
        let (operands, mut attributes) = self.table_operands(state, inst, info, words)?;
        let mut builder = OperationBuilder::new(info.name, location).add_operands(&operands);
        if let Some((type_id, id)) = result {
            self.check_bound(inst, id)?;
            builder = builder.add_results(&[self.mlir_type(inst, type_id)?]);
            attributes.extend(self.decoration_attributes(inst, id)?);
        }
        let operation = builder.add_attributes(&attributes).build();
        let operation = self.append(inst, state.current(), operation)?;
        if let Some((_, id)) = result {
            self.define(state, inst, id, operation)?;
        }
        Ok(())
    }

    /// The operands and attributes of the dialect op `info` from the
    /// instruction's operand `words` (after the result type and id): ids
    /// become values, literals attributes, as the op's table says.
    pub(super) fn table_operands<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        info: &OpInfo,
        words: &[u32],
    ) -> Result<TableOperands<'c, 'b>> {
        let mut operands = Vec::new();
        let mut segments = Vec::new();
        let mut attributes = Vec::new();
        let mut at = 0;
        for arg in info.args {
            match *arg {
                Arg::Operand | Arg::OptionalOperand => {
                    let present = at < words.len();
                    if present {
                        operands.push(self.value(state, inst, words[at])?);
                        at += 1;
                    } else if matches!(arg, Arg::Operand) {
                        return Err(inst.error(ErrorKind::Malformed(format!("{} expects more operands", info.name))));
                    }
                    segments.push(i32::from(present));
                }
                Arg::Variadic => {
                    let count = words.len() - at;
                    for &id in &words[at..] {
                        operands.push(self.value(state, inst, id)?);
                    }
                    at = words.len();
                    segments.push(count as i32);
                }
                Arg::Attr { name, kind, optional } => {
                    if at >= words.len() {
                        if optional {
                            continue;
                        }
                        if let AttrKind::I32Array = kind {
                            attributes.push((self.id(name), ArrayAttribute::new(self.context, &[]).into()));
                            continue;
                        }
                        return Err(
                            inst.error(ErrorKind::Malformed(format!("{} expects its `{name}` operand", info.name)))
                        );
                    }
                    let attribute = match kind {
                        AttrKind::IdEnum(mnemonic) => {
                            let value = if matches!(mnemonic, "scope" | "memory_semantics") {
                                self.scope_or_semantics(inst, mnemonic, words[at])?
                            } else {
                                self.constant_u32(words[at]).ok_or_else(|| {
                                    inst.error(ErrorKind::Invalid(format!(
                                        "the `{name}` operand %{} is not an integer constant",
                                        words[at]
                                    )))
                                })?
                            };
                            at += 1;
                            self.enum_attribute(inst, mnemonic, value)?
                        }
                        AttrKind::Enum(mnemonic) => {
                            at += 1;
                            self.enum_attribute(inst, mnemonic, words[at - 1])?
                        }
                        AttrKind::I32 => {
                            at += 1;
                            self.i32_attribute(words[at - 1])
                        }
                        AttrKind::I32Array => {
                            let values: Vec<Attribute<'c>> =
                                words[at..].iter().map(|&v| self.i32_attribute(v)).collect();
                            at = words.len();
                            ArrayAttribute::new(self.context, &values).into()
                        }
                        AttrKind::Unsupported(what) => {
                            return Err(inst.error(ErrorKind::Unsupported(format!(
                                "{} with a `{name}` operand ({what})",
                                info.name
                            ))));
                        }
                    };
                    attributes.push((self.id(name), attribute));
                }
            }
        }
        if at != words.len() {
            return Err(inst.error(ErrorKind::Unsupported(format!(
                "{} with {} more operand words than the dialect's op takes",
                info.name,
                words.len() - at
            ))));
        }
        if info.segments {
            attributes
                .push((self.id("operandSegmentSizes"), DenseI32ArrayAttribute::new(self.context, &segments).into()));
        }
        Ok((operands, attributes))
    }

    /// At the start of a SPIR-V block's ops, in a module with tangled
    /// instructions: a call `__spvabi_loop_header_<n>(header label)` in a
    /// loop's header, `__spvabi_loop_merge_<n>(header label)` in a loop's
    /// merge block. MLIR and LLVM merge a loop's break blocks into the code
    /// after it; these say where the SPIR-V loop construct ends, so that
    /// `spirv_opt_rs::loop_exits` can run the exit path inside the
    /// iteration (a subgroup operation there sees the invocations leaving
    /// in the same iteration: docs/abi.md, "Subgroups").
    pub(super) fn loop_marker_calls<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        label: &Inst<'w>,
        body: &[&Inst<'w>],
    ) -> Result<()> {
        if !self.loop_markers {
            return Ok(());
        }
        let label_id = self.word(label, 0)?;
        let mut marks = Vec::new();
        if let Some(&header) = self.loop_merges.get(&label_id) {
            marks.push((super::ABI_LOOP_MERGE, header));
        }
        if body.iter().any(|inst| inst.opcode == op::LOOP_MERGE) {
            marks.push((super::ABI_LOOP_HEADER, label_id));
        }
        for (prefix, header) in marks {
            let location = self.location(label, None);
            let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
            let name = self.abi_function_of(label, prefix, &[i32_type], &[])?;
            let id = self.integer_constant(state, label, location, 32, i64::from(header))?;
            let call = OperationBuilder::new("spirv.FunctionCall", location)
                .add_operands(&[id])
                .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
                .build();
            self.append(label, state.current(), call)?;
        }
        Ok(())
    }

    /// Before a return (`inst`) of a function with loops left only by
    /// returns: `__spvabi_loop_return_<n>(header label)` per such loop
    /// ([`super::ABI_LOOP_RETURN`]), where the loop's return paths end.
    fn return_marker_calls<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        for header in self.return_marked_loops.clone() {
            let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
            let name = self.abi_function_of(inst, super::ABI_LOOP_RETURN, &[i32_type], &[])?;
            let id = self.integer_constant(state, inst, location, 32, i64::from(header))?;
            let call = OperationBuilder::new("spirv.FunctionCall", location)
                .add_operands(&[id])
                .add_attributes(&[(self.id("callee"), FlatSymbolRefAttribute::new(self.context, &name).into())])
                .build();
            self.append(inst, state.current(), call)?;
        }
        Ok(())
    }

    /// `<id>` = `spirv.GenericCastToPtrExplicit` of `<pointer>` to
    /// `<type_id>` (OpGenericCastToPtrExplicit, and clang's `__to_global`
    /// and kin), appended to the current block.
    fn generic_cast_to_ptr<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        type_id: u32,
        id: u32,
        pointer: u32,
    ) -> Result<()> {
        let pointer = self.value(state, inst, pointer)?;
        let operation = OperationBuilder::new("spirv.GenericCastToPtrExplicit", location)
            .add_operands(&[pointer])
            .add_results(&[self.mlir_type(inst, type_id)?])
            .build();
        let operation = self.append(inst, state.current(), operation)?;
        self.define(state, inst, id, operation)
    }

    pub(super) fn append<'b>(
        &self,
        inst: &Inst<'_>,
        block: BlockRef<'c, 'b>,
        operation: std::result::Result<Operation<'c>, melior::Error>,
    ) -> Result<melior::ir::OperationRef<'c, 'b>> {
        let operation = operation.map_err(inst.invalid())?;
        Ok(block.append_operation(operation))
    }

    pub(super) fn define<'b>(
        &self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'_>,
        id: u32,
        operation: melior::ir::OperationRef<'c, 'b>,
    ) -> Result<()> {
        let value = operation.result(0).map_err(inst.invalid())?;
        self.define_value(state, inst, id, value.into())
    }

    /// The value of `<id>` for a use in block `index`: a local value, or a
    /// module-level one materialized in the block (once per block).
    pub(super) fn value<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        id: u32,
    ) -> Result<Value<'c, 'b>> {
        if let Some(value) = state.values.get(&id) {
            return Ok(*value);
        }
        if let Some(value) = state.materialized.get(&(state.scope, id)) {
            return Ok(*value);
        }
        let location = self.location(inst, None);
        let block = state.current();
        if let Some(&(type_id, sampler)) = self.literal_samplers.get(&id) {
            let value = self.literal_sampler_value(state, inst, location, type_id, sampler)?;
            state.materialized.insert((state.scope, id), value);
            return Ok(value);
        }
        let operation = if self.constants.contains_key(&id) {
            let (type_id, constant) = self.constants[&id].clone();
            let model = self.type_models.get(&type_id).cloned().ok_or_else(|| self.undefined(inst, type_id, "type"))?;
            if matches!((model.as_ref(), &constant), (SpirvType::Pointer { .. }, ConstantValue::Null)) {
                // spirv.Constant holds no pointers (pointers.rs).
                let ty = self.mlir_type(inst, type_id)?;
                let value = self.null_pointer(state, inst, location, ty)?;
                state.materialized.insert((state.scope, id), value);
                return Ok(value);
            }
            if needs_construct(&model) || self.holds_undef(&constant) {
                // spirv.Constant holds no structs or matrices, and no undefined parts
                // (OpUndef in an OpConstantComposite): build the value from
                // its members.
                let value = self.struct_constant(state, inst, location, &model, constant)?;
                state.materialized.insert((state.scope, id), value);
                return Ok(value);
            }
            let value = match self.constant_attributes.get(&id) {
                Some(value) => *value,
                None => {
                    let text = self.constant_text(inst, id)?;
                    let value = self.attribute(inst, &text)?;
                    self.constant_attributes.insert(id, value);
                    value
                }
            };
            OperationBuilder::new("spirv.Constant", location)
                .add_attributes(&[(self.id("value"), value)])
                .add_results(&[self.mlir_type(inst, type_id)?])
                .build()
        } else if let Some((symbol, type_id)) = self.globals.get(&id).cloned() {
            OperationBuilder::new("spirv.mlir.addressof", location)
                .add_attributes(&[(self.id("variable"), FlatSymbolRefAttribute::new(self.context, &symbol).into())])
                .add_results(&[self.mlir_type(inst, type_id)?])
                .build()
        } else if let Some(spec) = self.spec_constants.get(&id).cloned() {
            OperationBuilder::new("spirv.mlir.referenceof", location)
                .add_attributes(&[(
                    self.id("spec_const"),
                    FlatSymbolRefAttribute::new(self.context, &spec.symbol).into(),
                )])
                .add_results(&[self.mlir_type(inst, spec.type_id)?])
                .build()
        } else if let Some(&type_id) = self.undefs.get(&id) {
            OperationBuilder::new("spirv.Undef", location).add_results(&[self.mlir_type(inst, type_id)?]).build()
        } else if let Some(spec_op) = self.spec_constant_ops.get(&id).copied() {
            return self.spec_constant_operation(state, &spec_op, id);
        } else if let Some(composite) = self.spec_composite_insts.get(&id).copied() {
            return self.spec_composite_value(state, &composite, id);
        } else if self.non_semantic.contains(&id) {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "<id> %{id}, the result of a non-semantic instruction, is used by a semantic one"
            ))));
        } else {
            return Err(self.undefined(inst, id, "value"));
        };
        let operation = self.append(inst, block, operation)?;
        let value: Value<'c, 'b> = operation.result(0).map_err(inst.invalid())?.into();
        state.materialized.insert((state.scope, id), value);
        Ok(value)
    }

    // ----- the module -----

    pub(super) fn finish(mut self, instructions: &[Inst<'w>]) -> Result<Module<'c>> {
        let at = |offset: usize| instructions.iter().find(|inst| inst.offset == offset).copied();
        let first = instructions.first().copied().unwrap_or(Inst { opcode: 0, words: &[], offset: 0 });
        for entry in std::mem::take(&mut self.entry_points) {
            let inst = at(entry.offset).unwrap_or(first);
            let function = self
                .functions
                .get(&entry.function)
                .cloned()
                .ok_or_else(|| self.undefined(&inst, entry.function, "function"))?;
            let mut interface = Vec::new();
            for id in &entry.interface {
                let (symbol, _) =
                    self.globals.get(id).cloned().ok_or_else(|| self.undefined(&inst, *id, "global variable"))?;
                interface.push(FlatSymbolRefAttribute::new(self.context, &symbol).into());
            }
            let model = self.enum_attribute(&inst, "execution_model", entry.model)?;
            let operation = OperationBuilder::new("spirv.EntryPoint", self.location(&inst, None))
                .add_attributes(&[
                    (self.id("execution_model"), model),
                    (self.id("fn"), FlatSymbolRefAttribute::new(self.context, &function).into()),
                    (self.id("interface"), ArrayAttribute::new(self.context, &interface).into()),
                ])
                .build()
                .map_err(inst.invalid())?;
            self.module_ops.push(operation);
        }
        for inst in std::mem::take(&mut self.execution_modes) {
            let mode = self.word(&inst, 1)?;
            let in_dialect = tables::enum_by_mnemonic("execution_mode").and_then(|info| info.name(mode)).is_some();
            if !in_dialect && let Some(row) = super::execution_modes::unrepresented(mode) {
                use super::execution_modes::Disposition;
                let Disposition::Kept(why) = row.disposition;
                tracing::debug!(mode = row.name, why, "execution mode kept aside");
                let function = self.word(&inst, 0)?;
                let function =
                    self.functions.get(&function).cloned().ok_or_else(|| self.undefined(&inst, function, "function"))?;
                let entry = format!("{function}: {}", row.name);
                if !self.unrepresented_execution_modes.contains(&entry) {
                    self.unrepresented_execution_modes.push(entry);
                }
                continue;
            }
            let operation = self.execution_mode(&inst)?;
            self.module_ops.push(operation);
        }
        let (addressing, memory) = self
            .memory_model
            .ok_or_else(|| first.error(ErrorKind::Invalid("the module has no OpMemoryModel".into())))?;
        let addressing = self.enum_attribute(&first, "addressing_model", addressing)?;
        let memory = self.enum_attribute(&first, "memory_model", memory)?;
        let vce = self.vce_triple(&first)?;
        let body = Block::new(&[]);
        for operation in std::mem::take(&mut self.module_ops) {
            body.append_operation(operation);
        }
        let region = Region::new();
        region.append_block(body);
        let location = Location::new(self.context, &self.file, 0, 0);
        let mut attributes =
            vec![(self.id("addressing_model"), addressing), (self.id("memory_model"), memory), (self.id("vce_triple"), vce)];
        for (name, values) in [
            ("spirv_vce.capabilities", &self.unrepresented_capabilities),
            ("spirv_vce.extensions", &self.unrepresented_extensions),
            ("spirv_entry.execution_modes", &self.unrepresented_execution_modes),
        ] {
            if !values.is_empty() {
                let strings: Vec<Attribute<'c>> =
                    values.iter().map(|value| StringAttribute::new(self.context, value).into()).collect();
                attributes.push((self.id(name), ArrayAttribute::new(self.context, &strings).into()));
            }
        }
        let spirv_module = OperationBuilder::new("spirv.module", location)
            .add_attributes(&attributes)
            .add_regions([region])
            .build()
            .map_err(first.invalid())?;
        let module = Module::new(location);
        module.body().append_operation(spirv_module);
        Ok(module)
    }

    pub(super) fn execution_mode(&mut self, inst: &Inst<'w>) -> Result<Operation<'c>> {
        let function = self.word(inst, 0)?;
        let function =
            self.functions.get(&function).cloned().ok_or_else(|| self.undefined(inst, function, "function"))?;
        let mode = self.word(inst, 1)?;
        let mode_attribute = self.enum_attribute(inst, "execution_mode", mode)?;
        let mut values = Vec::new();
        // One per operand: the specialization constant's symbol, or `unit`
        // for a plain constant.
        let mut spec_symbols: Vec<Attribute<'c>> = Vec::new();
        for &word in &inst.words[2..] {
            if inst.opcode == op::EXECUTION_MODE_ID {
                // Operands are <id>s of constants: the dialect takes the values
                // (specialized: spec.rs); specialization constants are named
                // too, for `specialize` on MLIR input. An OpSpecConstantOp
                // operand is computed here; it has no symbol to name.
                spec_symbols.push(match self.spec_constants.get(&word) {
                    Some(spec) => FlatSymbolRefAttribute::new(self.context, &spec.symbol.clone()).into(),
                    None => Attribute::unit(self.context),
                });
                let value = self.integer_value(word).and_then(|value| u32::try_from(value).ok()).ok_or_else(|| {
                    inst.error(ErrorKind::Unsupported(format!(
                        "OpExecutionModeId operand %{word} is not a 32-bit integer constant"
                    )))
                })?;
                values.push(self.i32_attribute(value));
            } else {
                values.push(self.i32_attribute(word));
            }
        }
        let mut attributes = vec![
            (self.id("fn"), FlatSymbolRefAttribute::new(self.context, &function).into()),
            (self.id("execution_mode"), mode_attribute),
            (self.id("values"), ArrayAttribute::new(self.context, &values).into()),
        ];
        if spec_symbols.iter().any(|symbol| FlatSymbolRefAttribute::try_from(*symbol).is_ok()) {
            attributes
                .push((self.id("spec_constant_operands"), ArrayAttribute::new(self.context, &spec_symbols).into()));
        }
        OperationBuilder::new("spirv.ExecutionMode", self.location(inst, None))
            .add_attributes(&attributes)
            .build()
            .map_err(inst.invalid())
    }

    pub(super) fn vce_triple(&mut self, inst: &Inst<'_>) -> Result<Attribute<'c>> {
        let major = (self.version >> 16) & 0xff;
        let minor = (self.version >> 8) & 0xff;
        if major != 1 || minor > 6 {
            return Err(inst.error(ErrorKind::Unsupported(format!("SPIR-V version {major}.{minor}"))));
        }
        let mut capabilities = Vec::new();
        for &capability in &self.capabilities {
            // A capability of the SPIR-V grammar the dialect's enum lacks only
            // declares a feature: kept aside (`spirv_vce.capabilities`), while
            // an instruction needing what the dialect cannot hold is refused
            // where it stands.
            let Ok(name) = Self::enum_name(inst, "Capability", capability) else {
                let name = super::newer_grammar::capability_name(capability)
                    .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("Capability {capability}"))))?;
                if !self.unrepresented_capabilities.contains(&name) {
                    self.unrepresented_capabilities.push(name);
                }
                continue;
            };
            if !capabilities.contains(&name) {
                capabilities.push(name);
            }
        }
        if self.needs_linkage {
            self.added_capabilities.insert("Linkage");
        }
        let mut added: Vec<&str> = self.added_capabilities.iter().copied().collect();
        added.sort_unstable();
        for capability in added {
            if !capabilities.contains(&capability) {
                capabilities.push(capability);
            }
        }
        let known = tables::enum_by_class("Extension");
        let mut extensions = Vec::new();
        for extension in &self.extensions {
            if known.is_some_and(|info| info.cases.iter().any(|(_, name)| name == extension)) {
                extensions.push(extension.clone());
            } else if !self.unrepresented_extensions.contains(extension) {
                // Likewise an extension the dialect does not list: what it
                // adds is judged instruction by instruction.
                self.unrepresented_extensions.push(extension.clone());
            }
        }
        let text = format!("#spirv.vce<v{major}.{minor}, [{}], [{}]>", capabilities.join(", "), extensions.join(", "));
        self.attribute(inst, &text)
    }
}

/// The error for a module that does not verify: MLIR's message, at the
/// instruction its location names.
fn verify_error(file: &str, instructions: &[Inst<'_>], message: &str) -> DeserializeError {
    {
        // Locations of instructions without a line are `file:0:<byte offset>`.
        let needle = format!("\"{file}\":0:");
        let offset = message
            .find(&needle)
            .and_then(|at| message[at + needle.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
            .unwrap_or_else(|| instructions.first().map_or(0, |inst| inst.offset));
        DeserializeError::new(offset, ErrorKind::Invalid(message.to_owned()))
    }
}

/// The per-function state of the walk.
pub(super) struct FunctionState<'c, 'b, 'w> {
    pub(super) values: HashMap<u32, Value<'c, 'b>>,
    /// Module-level values materialized in a block: (`scope`, id) to value.
    pub(super) materialized: HashMap<(usize, u32), Value<'c, 'b>>,
    /// Label `<id>` to block position.
    pub(super) block_index: HashMap<u32, usize>,
    /// The MLIR block a branch to each block (by position) goes to; `None`
    /// inside a structured construct not built yet.
    pub(super) targets: Vec<Option<BlockRef<'c, 'b>>>,
    /// The MLIR block being filled, and a number naming it for `materialized`.
    pub(super) cursor: BlockRef<'c, 'b>,
    pub(super) scope: usize,
    /// The `OpPhi`s of each block, by position.
    pub(super) phis: HashMap<usize, Vec<Inst<'w>>>,
    /// The position and label of the block being filled.
    pub(super) block: usize,
    pub(super) label: u32,
    /// The loop control (Unroll, DontUnroll) of each loop header, by position.
    pub(super) loop_controls: HashMap<usize, u32>,
    /// The merge instruction of each block heading a construct that stays
    /// plain blocks, by position (see `header_control`).
    pub(super) plain_headers: HashMap<usize, Inst<'w>>,
    /// Access chains that stop at a column of a row-major matrix: the
    /// pointer to the matrix's stand-in and the column index
    /// (`matrix_layout.rs`).
    pub(super) columns: HashMap<u32, (Value<'c, 'b>, Value<'c, 'b>)>,
}

impl<'c, 'b> FunctionState<'c, 'b, '_> {
    /// The block being filled.
    pub(super) fn current(&self) -> BlockRef<'c, 'b> {
        self.cursor
    }
}

/// The module's functions, their parameters and blocks. `OpLine`/`OpNoLine`
/// and instructions of the `non_semantic` extended sets after a block's
/// terminator are dropped: spirv-opt's passes leave a NonSemantic.Shader.
/// DebugInfo.100 `DebugNoScope` between `OpReturn` and `OpFunctionEnd`
/// (spirv-val accepts it), and nothing there can run.
fn split_functions<'a, 'w>(
    instructions: &'a [Inst<'w>],
    non_semantic: &HashSet<u32>,
) -> Result<Vec<FunctionInsts<'a, 'w>>> {
    let mut functions = Vec::new();
    let mut current: Option<FunctionInsts<'a, 'w>> = None;
    for inst in instructions {
        match (inst.opcode, current.as_mut()) {
            (op::FUNCTION, None) => current = Some(FunctionInsts { def: inst, params: Vec::new(), blocks: Vec::new() }),
            (op::FUNCTION_PARAMETER, Some(function)) if function.blocks.is_empty() => function.params.push(inst),
            (op::LABEL, Some(function)) => function.blocks.push((inst, Vec::new())),
            (op::FUNCTION_END, Some(_)) => functions.extend(current.take()),
            (op::LINE | op::NO_LINE, None) => {}
            (op::LINE | op::NO_LINE, Some(function)) if function.blocks.is_empty() => {}
            (op::LINE | op::NO_LINE | op::EXT_INST, Some(function))
                if function.blocks.last().and_then(|(_, body)| body.last()).is_some_and(|last| ends_block(last.opcode))
                    && (inst.opcode != op::EXT_INST || inst.words.get(2).is_some_and(|set| non_semantic.contains(set))) => {}
            (_, Some(function)) if !function.blocks.is_empty() => {
                if let Some((_, body)) = function.blocks.last_mut() {
                    body.push(inst);
                }
            }
            (opcode, _) => {
                return Err(inst.error(ErrorKind::Invalid(format!(
                    "{} is out of place in the module layout",
                    opcode_name(opcode)
                ))));
            }
        }
    }
    if let Some(function) = current {
        return Err(function.def.error(ErrorKind::Truncated("OpFunction without OpFunctionEnd".into())));
    }
    Ok(functions)
}

/// `Unroll` and `DontUnroll`, the loop controls the lowering honours.
const LOOP_CONTROL_UNROLL_BITS: u32 = 0x1 | 0x2;

/// The loop controls with an operand (one literal word each, SPIR-V's
/// grammar): `DependencyLength` to `PartialCount`, the Intel/Altera FPGA
/// controls but `NoFusionINTEL` (0x80_0000).
const LOOP_CONTROL_OPERAND_BITS: u32 = 0x1f8 | 0x7f_0000 | 0x300_0000;

/// SPIR-V requires a header's merge instruction to precede a branch; a
/// header left as plain blocks keeps its control on that branch, which a
/// block ending in a return or `OpKill` does not have.
pub(super) fn check_plain_header(merge: &Inst<'_>, body: &[&Inst<'_>]) -> Result<()> {
    match body.last() {
        Some(last) if is_terminator(last.opcode) || last.opcode == op::TERMINATE_INVOCATION => Err(merge
            .error(ErrorKind::Invalid(format!("{} in a block that ends without a branch", opcode_name(merge.opcode))))),
        _ => Ok(()),
    }
}

/// Whether `opcode` ends a block: a branch or switch (249 to 251), a
/// return, OpKill or OpUnreachable (252 to 255), OpTerminateInvocation.
fn ends_block(opcode: u16) -> bool {
    (249..=255).contains(&opcode) || opcode == op::TERMINATE_INVOCATION
}

fn is_terminator(opcode: u16) -> bool {
    // OpKill, OpReturn, OpReturnValue, OpUnreachable.
    matches!(opcode, 252..=255)
}

fn is_non_semantic(set: &str) -> bool {
    set.starts_with("NonSemantic.")
}

/// `RelaxedPrecision` -> `relaxed_precision`, as MLIR names decoration attributes.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (index, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let previous_lower = index > 0 && chars[index - 1].is_ascii_lowercase();
            let next_lower = chars.get(index + 1).is_some_and(char::is_ascii_lowercase);
            let previous_upper = index > 0 && chars[index - 1].is_ascii_uppercase();
            if index > 0 && (previous_lower || (previous_upper && next_lower)) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `OpName`-style name of an opcode, for messages.
pub(super) fn opcode_name(opcode: u16) -> String {
    rspirv::grammar::INSTRUCTION_TABLE
        .lookup_opcode(u32::from(opcode))
        .map(|info| format!("Op{}", info.opname))
        .or_else(|| super::newer_grammar::instruction(opcode).map(|inst| inst.name.to_owned()))
        .unwrap_or_else(|| format!("opcode {opcode}"))
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn decoration_names_are_snake_case() {
        assert_eq!(snake_case("RelaxedPrecision"), "relaxed_precision");
        assert_eq!(snake_case("FPRoundingMode"), "fp_rounding_mode");
        assert_eq!(snake_case("NoSignedWrap"), "no_signed_wrap");
        assert_eq!(snake_case("DescriptorSet"), "descriptor_set");
        assert_eq!(snake_case("BuiltIn"), "built_in");
    }
}
