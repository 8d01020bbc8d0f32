//! Reading SPIR-V binaries into the SPIR-V dialect, as MLIR's deserializer
//! (`mlir-translate --deserialize-spirv`) does, but for every module real
//! compilers emit.
//!
//! The binary (seed 004) is split into instructions and checked against the
//! SPIR-V grammar by [rspirv]; the mapping into MLIR ops, types and
//! attributes is ours. Which op an opcode becomes, and how its words map to
//! operands and attributes, is data generated from the dialect's own ODS
//! definitions (`autogen_tables.rs`, by `scripts/gen_deserialize_tables.py`);
//! the instructions MLIR also reads by hand (module layout, types,
//! constants, variables, functions, control flow, decorations) are in
//! `importer.rs`. docs/import.md says what maps to what and what is refused.
//!
//! Locations: an instruction under an `OpLine` gets `file:line:col` of the
//! source it names; any other gets `<binary>:0:<byte offset>`, so a
//! diagnostic always leads back to the source line or the instruction.

mod addresses;
mod atomics_ext;
mod bfloat16;
mod autogen_tables;
mod constants;
mod coop_matrix;
mod descriptor_arrays;
mod entry_points;
mod equivalents;
mod execution_modes;
mod events;
mod expansions;
mod forward_pointers;
mod glsl;
mod groups_ext;
mod heap;
mod images;
mod importer;
mod float8;
mod long_vectors;
mod matrix_layout;
mod memory_operands;
mod newer_grammar;
mod physical32;
mod pointers;
mod reader;
mod relational;
mod spec;
mod structurize;
mod tables;
mod types;
mod rewrite;
mod values_ext;

pub use heap::{
    DESCRIPTOR_SIZE, HEAP_DESCRIPTOR_SET, HEAP_FIRST_IMAGE_BINDING, HEAP_SAMPLER_SET, HEAP_SLOTS, HEAP_STORAGE_BINDING,
    HEAP_UNIFORM_BINDING,
};
pub use images::{ABI_IMAGE_OP, ImageStandIn, SAMPLER_STAND_IN, image_stand_in, is_sampler};
use melior::{Context, ir::Module};
pub use descriptor_arrays::parse_descriptor_count;
pub use entry_points::{EntryPoints, check_entry_point, entry_point_names};
pub use physical32::{PointerLayout, UnknownPointerLayout};
pub use spec::{DeserializeOptions, SpecValue};
use thiserror::Error;

/// The prefix of the functions `OpArrayLength` calls,
/// `__spvabi_array_length_<n>(struct pointer, i32 member offset, i32 array
/// stride) -> i32`: the kernel ABI defines each call from the size of the
/// buffer the pointer points into (docs/abi.md).
pub const ABI_ARRAY_LENGTH: &str = "__spvabi_array_length";

/// The prefix of the functions `OpPtrEqual`, `OpPtrNotEqual` and `OpPtrDiff`
/// call on logical pointers, `__spvabi_ptr_to_int_<n>(pointer) -> i64`: the
/// lowering makes each call an `llvm.ptrtoint` (docs/import.md).
pub const ABI_PTR_TO_INT: &str = "__spvabi_ptr_to_int";

/// The prefix of the functions `OpGenericPtrMemSemantics` calls,
/// `__spvabi_generic_ptr_mem_semantics_<n>(pointer) -> i32`: the memory
/// semantics bit of the storage class the generic pointer points into,
/// which the kernel ABI defines (docs/abi.md, "Generic pointers").
pub const ABI_GENERIC_PTR_MEM_SEMANTICS: &str = "__spvabi_generic_ptr_mem_semantics";

/// The prefix of the functions marking a loop's header block,
/// `__spvabi_loop_header_<n>(i32 header label)`, in modules with tangled
/// instructions (subgroup operations): with [`ABI_LOOP_MERGE`], where the
/// SPIR-V loop construct ends once MLIR and LLVM have merged its blocks.
/// `spirv_opt_rs::loop_exits` reads and removes both before any LLVM pass
/// (docs/abi.md, "Subgroups": a loop's exit path).
pub const ABI_LOOP_HEADER: &str = "__spvabi_loop_header";

/// The prefix of the functions marking the start of a loop's merge block,
/// `__spvabi_loop_merge_<n>(i32 header label)` (see [`ABI_LOOP_HEADER`]).
pub const ABI_LOOP_MERGE: &str = "__spvabi_loop_merge";

/// The prefix of the functions marking a return of a function with a loop
/// left only by returns (its merge block holds only `OpUnreachable`),
/// `__spvabi_loop_return_<n>(i32 header label)`, one call per such loop
/// before each `OpReturn` and `OpReturnValue` of the function (see
/// [`ABI_LOOP_HEADER`]): the end of the loop construct's return paths once
/// inlining or the kernel ABI made the return a branch (to the caller's
/// continuation, to a kernel's end), which nothing else tells from the
/// code after the construct when the loop has no merge to reach.
pub const ABI_LOOP_RETURN: &str = "__spvabi_loop_return";

/// The prefix of the functions standing for `OpConstantNull` of a logical
/// pointer type, `__spvabi_null_pointer_<n>() -> pointer`: the lowering
/// makes each call an `llvm.mlir.zero` (docs/import.md).
pub const ABI_NULL_POINTER: &str = "__spvabi_null_pointer";

/// The prefix of the functions standing for `OpSelect` of a cooperative
/// matrix, `__spvabi_select_<n>(i1 condition, matrix, matrix) -> matrix`:
/// the dialect's `spirv.Select` refuses cooperative matrices, and an
/// expansion per element would be up to 4096 extracts, selects and inserts;
/// the lowering makes each call one `llvm.select` of the matrices' vectors
/// (docs/import.md, "Cooperative matrices").
pub const ABI_SELECT: &str = "__spvabi_select";

/// Why a binary could not be imported: what and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("byte offset {offset}: {kind}")]
pub struct DeserializeError {
    /// Byte offset in the binary of the instruction (or word) at fault.
    pub offset: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl DeserializeError {
    pub(crate) fn new(offset: usize, kind: ErrorKind) -> Self {
        Self { offset, kind }
    }
}

/// The kinds of [`DeserializeError`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ErrorKind {
    /// The binary ends before the header or an instruction does.
    #[error("truncated module: {0}")]
    Truncated(String),
    /// The first word is not the SPIR-V magic number in either byte order.
    #[error("not a SPIR-V module: the magic number is {0:#010x}, expected 0x07230203")]
    BadMagic(u32),
    /// An opcode the SPIR-V grammar does not define.
    #[error("unknown opcode {0}")]
    UnknownOpcode(u16),
    /// The words do not form the instruction the grammar describes.
    #[error("malformed instruction: {0}")]
    Malformed(String),
    /// An `<id>` at or beyond the header's bound.
    #[error("<id> %{id} is at or beyond the module's bound {bound}")]
    IdOutOfBound {
        /// The id.
        id: u32,
        /// The bound from the header.
        bound: u32,
    },
    /// An `<id>` used but never defined (or defined as something else).
    #[error("{0}")]
    UndefinedId(String),
    /// Something SPIR-V allows that the MLIR 22 dialect cannot represent.
    #[error("cannot represent in the SPIR-V dialect: {0}")]
    Unsupported(String),
    /// The module breaks a rule of SPIR-V (a type mismatch, a layout error).
    #[error("invalid module: {0}")]
    Invalid(String),
}

/// Imports the SPIR-V binary `bytes` (either byte order) into a
/// `builtin.module` holding one `spirv.module`. `source_name` names the
/// binary in locations (`name:0:<byte offset>`).
///
/// The result verifies. Nothing is dropped silently: an instruction the
/// dialect cannot represent is an error naming it and its byte offset; the
/// instructions of `NonSemantic.*` sets, which SPIR-V lets consumers ignore,
/// are skipped.
///
/// Speed: every instruction gets a uniqued location (its byte offset, or
/// its source line); that is most of what an import costs beyond
/// `mlir-translate --deserialize-spirv`, which locates nothing
/// (docs/performance.md, "Import").
///
/// # Errors
///
/// A [`DeserializeError`] with the byte offset of the first problem.
pub fn deserialize<'c>(context: &'c Context, bytes: &[u8], source_name: &str) -> Result<Module<'c>, DeserializeError> {
    deserialize_with(context, bytes, source_name, &DeserializeOptions::default())
}

/// [`deserialize`] with `options`: the values of specialization constants
/// are applied before types are built, so that an array sized by one
/// becomes a plain array of the specialized length (docs/import.md,
/// "Specialization"). Every tool and the runner's library import this way
/// with the `--spec` values they were given.
///
/// # Errors
///
/// A [`DeserializeError`] with the byte offset of the first problem.
pub fn deserialize_with<'c>(
    context: &'c Context,
    bytes: &[u8],
    source_name: &str,
    options: &DeserializeOptions,
) -> Result<Module<'c>, DeserializeError> {
    let mut words = reader::words(bytes)?;
    // SPV_EXT_descriptor_heap first: it leaves untyped pointers for the
    // rewrite below; errors keep the original byte offsets.
    let heap = {
        let mut instructions = reader::instructions(&words.words)?;
        rewrite::relax_forward_references(&mut instructions)?;
        heap::rewrite(&words.words, &instructions)?
    };
    let heap_offsets = heap.map(|heap| {
        words.header.bound = heap.bound;
        words.words = heap.words;
        heap.offsets
    });
    let mut instructions = reader::instructions(&words.words)?;
    if let Some(offsets) = &heap_offsets {
        for (inst, offset) in instructions.iter_mut().zip(offsets) {
            inst.offset = *offset;
        }
    }
    rewrite::relax_forward_references(&mut instructions)?;
    // Unsized descriptor arrays with a count given: arrays of that count.
    if let Some(sized) = descriptor_arrays::rewrite(&words.words, &instructions, &options.descriptor_counts)? {
        words.header.bound = sized.bound;
        words.words = sized.words;
        instructions = reader::instructions(&words.words)?;
        for (inst, offset) in instructions.iter_mut().zip(&sized.offsets) {
            inst.offset = *offset;
        }
        rewrite::relax_forward_references(&mut instructions)?;
    }
    // Physical32 lowered with the host's pointers (8 bytes in memory, the
    // module's 4): a whole-variable memcpy of memory holding pointers as a
    // typed copy, byte offsets as typed chains where their place is known,
    // the rest refused below. With the module's layout, the bytes agree.
    let host_pointers = options.pointer_layout == PointerLayout::Host;
    if host_pointers && let Some(typed) = physical32::typed_copies(&words.words, &instructions)? {
        words.words = typed.words;
        instructions = reader::instructions(&words.words)?;
        for (inst, offset) in instructions.iter_mut().zip(&typed.offsets) {
            inst.offset = *offset;
        }
        rewrite::relax_forward_references(&mut instructions)?;
    }
    if host_pointers && let Some(typed) = physical32::typed_offsets(&words.words, &instructions)? {
        words.header.bound = typed.bound;
        words.words = typed.words;
        instructions = reader::instructions(&words.words)?;
        for (inst, offset) in instructions.iter_mut().zip(&typed.offsets) {
            inst.offset = *offset;
        }
        rewrite::relax_forward_references(&mut instructions)?;
    }
    // SPV_EXT_float8: 8-bit floats held as their bits, conversions expanded.
    if let Some(bits) = float8::rewrite(&words.words, &instructions, &options.spec_values)? {
        words.header.bound = bits.bound;
        words.words = bits.words;
        instructions = reader::instructions(&words.words)?;
        for (inst, offset) in instructions.iter_mut().zip(&bits.offsets) {
            inst.offset = *offset;
        }
        rewrite::relax_forward_references(&mut instructions)?;
    }
    // SPV_EXT_long_vector first: vectors the dialect cannot hold become
    // arrays (the instructions on them expanded), with the specialization
    // values applied to their component counts.
    let long = long_vectors::rewrite(&words.words, &instructions, &options.spec_values)?;
    let (source, header): (&[u32], reader::Header) = match &long {
        Some(long) => (&long.words, reader::Header { bound: long.bound, ..words.header }),
        None => (&words.words, words.header),
    };
    if let Some(long) = &long {
        instructions = reader::instructions(source)?;
        for (inst, offset) in instructions.iter_mut().zip(&long.offsets) {
            inst.offset = *offset;
        }
        rewrite::relax_forward_references(&mut instructions)?;
    }
    let Some(rewritten) = rewrite::rewrite(source, &instructions)? else {
        let instructions = forward_pointers::order(entry_points::select(instructions, &options.entry_points));
        if host_pointers {
            physical32::check(&instructions)?;
        }
        return importer::import(context, header, &instructions, source_name, options);
    };
    // SPV_KHR_untyped_pointers and sparse images, rewritten: the importer
    // sees the new words, errors keep the original byte offsets.
    let header = reader::Header { bound: rewritten.bound, ..header };
    let mut instructions = reader::instructions(&rewritten.words)?;
    for (inst, offset) in instructions.iter_mut().zip(&rewritten.offsets) {
        inst.offset = *offset;
    }
    rewrite::relax_forward_references(&mut instructions)?;
    let instructions = forward_pointers::order(entry_points::select(instructions, &options.entry_points));
    if host_pointers {
        physical32::check(&instructions)?;
    }
    importer::import(context, header, &instructions, source_name, options)
}

/// Whether `bytes` start with the SPIR-V magic number, in either byte order.
pub fn is_spirv_binary(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && {
        let word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        word == 0x0723_0203 || word.swap_bytes() == 0x0723_0203
    }
}
