//! `spirv-run-rs`: runs one entry point of a SPIR-V module (a binary, or
//! SPIR-V dialect MLIR) on the CPU, through the spirv-run library.
//!
//! ```text
//! spirv-run-rs k.spv --workgroups 64 --buffer 0:0=x.bin --buffer 0:1=y.bin:y.out [--push-constants pc.bin]
//! spirv-run-rs list.spv --workgroups 1 --device-buffer nodes=n.bin:n.out --address nodes+16@push:0
//! spirv-run-rs invert.spv --workgroups 8,8 --image 0:0=in.png --image 0:1=@R8G8B8A8_UNORM,64,64:out.png
//! spirv-run-rs k.spv --entry saxpy --global 1024 --local 64 --arg 0=f32:2.5 --arg 1=buffer:x.bin --arg 2=buffer:y.bin:y.out
//! spirv-run-rs --amber test1.amber test2.amber
//! ```
//!
//! With `--amber` (or inputs named `*.amber`, `*.vkscript`), the inputs
//! are AmberScript or VkScript files whose pipelines run and whose `EXPECT`s
//! are checked (docs/amber.md).
//!
//! Output files are written only when everything succeeded. Errors are one
//! line each on stderr, exit status 1.
//!
//! `SPIRV_RUN_RS_CACHE`, when set, names a folder where the machine code of
//! each compiled kernel is kept for later runs of the same code (docs/abi.md,
//! "Object cache"); the test scripts set it.

use std::{
    collections::BTreeMap,
    path::PathBuf,
    process::ExitCode,
    time::{Duration, Instant},
};

mod amber;
mod images;

use clap::Parser;
use spirv_opt_passes::{
    kernel_abi::{
        BarrierMode, ExecutionModel,
        spmd::{self, SpmdMode, SpmdOptions},
    },
    specialize::SpecValue,
    spirv_to_llvm::PointerLayout,
};
use spirv_run::{BarrierPath, Buffer, CompileOptions, Dispatch, Kernel, Resource, RunError, Sampler, ScalarType};

#[derive(Debug, Parser)]
#[command(
    name = "spirv-run-rs",
    version,
    about = "Run a SPIR-V compute shader or OpenCL kernel on the CPU",
    after_help = "Environment: SPIRV_RUN_RS_CACHE=DIR keeps each kernel's machine code in DIR for later runs of the same code (docs/abi.md, \"Object cache\")."
)]
struct Options {
    /// The module: a SPIR-V binary, or SPIR-V dialect MLIR; with --amber,
    /// one or more AmberScript files
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<PathBuf>,

    /// The inputs are AmberScript (or VkScript) files (implied when every
    /// input's name ends in .amber or .vkscript): run each, check its EXPECTs, print PASS, FAIL or
    /// SKIP per script and a summary; exit status 1 if any failed
    #[arg(long)]
    amber: bool,

    /// With --amber: print what each script requires (DEVICE_FEATURE,
    /// DEVICE_EXTENSION, SET ENGINE_DATA, ...)
    #[arg(short, long)]
    verbose: bool,

    /// The entry point (needed when the module has several)
    #[arg(long)]
    entry: Option<String>,

    /// Vulkan: the number of workgroups, X[,Y[,Z]]
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dimensions)]
    workgroups: Option<Dimensions>,

    /// Vulkan: a buffer for SET:BINDING (SET:BINDING[I]: element I of a descriptor array of buffers; heap[K]: slot K of the resource heap), initialized from IN, written to OUT at the end;
    /// IN = FILE@FORMAT makes it a texel buffer of that Vulkan format (R32_SFLOAT...)
    #[arg(long = "buffer", value_name = "SET:BINDING=IN[:OUT]")]
    buffers: Vec<String>,

    /// Vulkan: a storage or sampled image for SET:BINDING (SET:BINDING[I]: element I of a descriptor array; heap[K]: slot K of the resource heap);
    /// IN is FILE@FORMAT,W[,H[,D]][,levels=L][,layers=A][,samples=N]
    /// (raw texels, FORMAT a Vulkan format name such as R8G8B8A8_UNORM; no FILE: zeros; samples=N a
    /// multisampled 2D image, each texel's N samples one after another) or a .png;
    /// OUT is written in the same layout, or as PNG when it ends in .png
    #[arg(long = "image", value_name = "SET:BINDING=IN[:OUT]")]
    images: Vec<String>,

    /// Vulkan: a sampler for SET:BINDING (heap[K]: slot K of the sampler heap), KEY=VALUE,... of filter=nearest|linear, mipmap=nearest|linear,
    /// address=repeat|mirrored_repeat|clamp_to_edge|clamp_to_border|mirror_clamp_to_edge, border=float_transparent_black|
    /// int_transparent_black|float_opaque_black|int_opaque_black|float_opaque_white|int_opaque_white,
    /// unnormalized=false|true, compare=never|less|equal|less_or_equal|greater|not_equal|greater_or_equal|always,
    /// min_lod=, max_lod=, lod_bias= (also mag_filter, min_filter, address_u/v/w); a combined image sampler takes
    /// --image and --sampler at the same binding
    #[arg(long = "sampler", value_name = "SET:BINDING=KEY=VALUE,...")]
    samplers: Vec<String>,

    /// Vulkan: the push constants' bytes
    #[arg(long, value_name = "FILE")]
    push_constants: Option<PathBuf>,

    /// Vulkan: a buffer the shader reaches by address only (buffer device
    /// addresses: GLSL buffer_reference), named ID (letters, digits, _),
    /// initialized from IN, written to OUT at the end; --address hands out
    /// its address. Each lies apart from the others (4 KiB past its end
    /// belong to no buffer), as separate driver allocations
    #[arg(long = "device-buffer", value_name = "ID=IN[:OUT]")]
    device_buffers: Vec<String>,

    /// Vulkan: writes the device address of byte BYTES (default 0) of device
    /// buffer ID, or of the --buffer bound at SET:BINDING[[I]] or heap[K]
    /// (a buffer both bound and addressed), 64-bit little-endian, at byte
    /// OFFSET (a multiple of 8) of the push constants (push:OFFSET), of a
    /// --buffer (SET:BINDING:OFFSET) or of a device buffer (ID2:OFFSET),
    /// before the dispatch
    #[arg(long = "address", value_name = "ID|SET:BINDING[+BYTES]@PLACE:OFFSET")]
    addresses: Vec<String>,

    /// OpenCL: the global size, X[,Y[,Z]]; a multiple of the local size, or not (non-uniform work-groups) for a kernel without reqd_work_group_size
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dimensions)]
    global: Option<Dimensions>,

    /// OpenCL: the local (workgroup) size, X[,Y[,Z]]
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dimensions)]
    local: Option<Dimensions>,

    /// OpenCL: the global work offset, X[,Y[,Z]] (clEnqueueNDRangeKernel's global_work_offset: added to every global id)
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_offsets)]
    global_offset: Option<Dimensions>,

    /// OpenCL: argument I: buffer:IN[:OUT], local:BYTES, image:IN[:OUT] (as --image), sampler:filter=nearest|linear,address=none|clamp_to_edge|clamp|repeat|mirrored_repeat,normalized=true|false, TYPE:VALUE (i8 u8 i16 u16 i32 u32 i64 u64 f32 f64), or bytes:FILE (a value given by its bytes, as clSetKernelArg takes it: a struct passed by value)
    #[arg(long = "arg", value_name = "I=KIND:VALUE")]
    arguments: Vec<String>,

    /// Fix a specialization constant (VALUE: an integer, a float, true or false); repeatable. An ID a GLCompute shader lacks is skipped, as Vulkan does; an OpenCL kernel refuses it
    #[arg(long = "spec", value_name = "ID=VALUE", value_parser = parse_spec)]
    specs: Vec<(u32, SpecValue)>,

    /// Worker threads (default: every core)
    #[arg(long, default_value = "0")]
    threads: usize,

    /// The subgroup size: 1, or a power of two from 2 to 64 (the invocations
    /// run as that many vector lanes). Default: the SPMD width for kernels
    /// the vectorizer takes, 1 for the others (docs/abi.md, "Subgroups")
    #[arg(long, value_name = "N", value_parser = parse_subgroup_size)]
    subgroup_size: Option<u32>,

    /// Print the compile and run times on stderr
    #[arg(long)]
    time: bool,

    /// Leave out the bounds checks of memory accesses (faster; an out-of-bounds
    /// access then reaches whatever memory is there)
    #[arg(long)]
    unchecked: bool,

    /// SPMD vectorization of kernels without barriers: `loops` (those whose
    /// invocation has a loop: LLVM vectorizes the others itself), `always`
    /// or `off`
    #[arg(long, default_value = "loops", value_name = "MODE", value_parser = str::parse::<SpmdMode>)]
    spmd: SpmdMode,

    /// Invocations per vector under --spmd (2 to 64, a power of two)
    #[arg(long, default_value = "8", value_name = "LANES", value_parser = parse_width)]
    spmd_width: u32,

    /// How kernels with workgroup barriers run: `regions` (loops over the
    /// invocations between barriers; coroutines where they cannot be formed)
    /// or `coroutines`
    #[arg(long, default_value = "regions", value_name = "PATH", value_parser = str::parse::<BarrierMode>)]
    barriers: BarrierMode,

    /// Run every workgroup in a call of its own: no runs of consecutive
    /// workgroups (docs/abi.md, "Runs of workgroups"), for measuring
    #[arg(long)]
    one_workgroup_per_call: bool,

    /// How a Physical32 module's pointers lie in memory: `module` (the
    /// module's 4-byte addresses: every object the kernel reaches is placed
    /// below 4 GiB) or `host` (8-byte addresses; byte offsets and counts
    /// into memory holding pointers are rewritten or refused at import)
    #[arg(long, default_value = "module", value_name = "LAYOUT", value_parser = str::parse::<PointerLayout>)]
    pointer_layout: PointerLayout,

    /// Stop a run that takes longer than this many seconds
    #[arg(long, default_value = "600", value_name = "SECONDS")]
    timeout: f64,

    /// With --amber: the target environment of shaders without a
    /// `TARGET_ENV` (amber's `-t`; spv1.0 to spv1.6, vulkan1.0 to
    /// vulkan1.3, vulkan1.1spv1.4), for scripts whose harness gives it, such
    /// as the CTS's SPIR-V 1.4 scripts
    #[arg(long, default_value = "spv1.0", value_name = "ENV")]
    amber_target_env: String,
}

/// `X[,Y[,Z]]`.
#[derive(Debug, Clone)]
struct Dimensions(Vec<u64>);

fn parse_dimensions(text: &str) -> Result<Dimensions, String> {
    let values: Result<Vec<u64>, _> = text.split(',').map(|part| part.trim().parse::<u64>()).collect();
    match values {
        Ok(values) if (1..=3).contains(&values.len()) && values.iter().all(|&value| value > 0) => {
            Ok(Dimensions(values))
        }
        _ => Err(format!("'{text}' is not X[,Y[,Z]] of positive integers")),
    }
}

/// `--global-offset`: X[,Y[,Z]], each a u64 (0 allowed).
fn parse_offsets(text: &str) -> Result<Dimensions, String> {
    let values: Result<Vec<u64>, _> = text.split(',').map(|part| part.trim().parse::<u64>()).collect();
    match values {
        Ok(values) if (1..=3).contains(&values.len()) => Ok(Dimensions(values)),
        _ => Err(format!("'{text}' is not X[,Y[,Z]] of integers from 0 to 2^64 - 1")),
    }
}

fn parse_spec(text: &str) -> Result<(u32, SpecValue), String> {
    spirv_opt_passes::specialize::parse_spec(text).map_err(|error| error.to_string())
}

fn error(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("spirv-run-rs: error: {message}");
    ExitCode::FAILURE
}

/// The object cache folder `SPIRV_RUN_RS_CACHE` names, if it is set and not
/// empty.
fn object_cache() -> Option<PathBuf> {
    std::env::var_os("SPIRV_RUN_RS_CACHE").filter(|value| !value.is_empty()).map(PathBuf::from)
}

fn read(path: &std::path::Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|failure| format!("cannot read '{}': {failure}", path.display()))
}

fn three(values: &[u64]) -> Result<[u32; 3], String> {
    let mut out = [1u32; 3];
    for (slot, &value) in out.iter_mut().zip(values) {
        *slot = u32::try_from(value).map_err(|_| format!("{value} is too large a size"))?;
    }
    Ok(out)
}

/// A Vulkan (descriptor set, binding).
type Slot = (u32, u32);

/// A descriptor's place: set, binding, and its element in a descriptor array.
type Element = (u32, u32, Option<u32>);

/// `SET:BINDING` or `SET:BINDING[I]` (an element of a descriptor array) of
/// `flag`'s argument `text`.
fn descriptor_slot(flag: &str, text: &str, slot: &str) -> Result<Element, String> {
    if let Some(heap_slot) = slot.strip_prefix("heap[").and_then(|rest| rest.strip_suffix(']')) {
        // A slot of the resource heap (SPV_EXT_descriptor_heap): buffers and
        // images; for --sampler, of the sampler heap.
        let heap_slot: u32 = heap_slot
            .parse()
            .ok()
            .filter(|&heap_slot| heap_slot < spirv_run::HEAP_SLOTS)
            .ok_or_else(|| format!("{flag} {text}: '{heap_slot}' is not a heap slot (0 to {})", spirv_run::HEAP_SLOTS - 1))?;
        let set = if flag == "--sampler" { spirv_run::HEAP_SAMPLER_SET } else { spirv_run::HEAP_DESCRIPTOR_SET };
        return Ok((set, 0, Some(heap_slot)));
    }
    let (slot, element) = match slot.strip_suffix(']').and_then(|slot| slot.split_once('[')) {
        Some((slot, element)) => {
            let element: u32 =
                element.parse().map_err(|_| format!("{flag} {text}: '{element}' is not an array element"))?;
            (slot, Some(element))
        }
        None => (slot, None),
    };
    let (set, index) = slot.split_once(':').ok_or_else(|| format!("{flag} {text}: not SET:BINDING[[I]]=..."))?;
    let set: u32 = set.parse().map_err(|_| format!("{flag} {text}: '{set}' is not a descriptor set"))?;
    let index: u32 = index.parse().map_err(|_| format!("{flag} {text}: '{index}' is not a binding"))?;
    Ok((set, index, element))
}

/// The descriptors given for one binding, in order: one without an element
/// (a single descriptor), or elements 0 to N-1 of a descriptor array
/// (`SET:BINDING[I]`), each once.
fn array_elements<T>(set: u32, index: u32, elements: BTreeMap<Option<u32>, T>) -> Result<Vec<(Option<u32>, T)>, String> {
    if elements.contains_key(&None) && elements.len() > 1 {
        return Err(format!("set {set} binding {index}: give every element as SET:BINDING[I], or none"));
    }
    for (position, element) in elements.keys().enumerate() {
        if let Some(element) = element
            && *element as usize != position
        {
            return Err(format!("set {set} binding {index}: element {position} of the descriptor array is missing"));
        }
    }
    Ok(elements.into_iter().collect())
}

/// How many descriptors `--buffer`, `--image` and `--sampler` give each
/// binding they give as a descriptor array (`SET:BINDING[I]`): the count an
/// unsized descriptor array of the shader takes (docs/import.md, "Unsized
/// descriptor arrays"). Malformed flags are left to the binding's own
/// parse, which reports them.
fn descriptor_counts(options: &Options) -> Vec<((u32, u32), u32)> {
    let mut counts: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let flags = options.buffers.iter().map(|text| ("--buffer", text));
    let flags = flags.chain(options.images.iter().map(|text| ("--image", text)));
    for (flag, text) in flags.chain(options.samplers.iter().map(|text| ("--sampler", text))) {
        let Some((slot, _)) = text.split_once('=') else { continue };
        if slot.starts_with("heap[") {
            continue;
        }
        if let Ok((set, binding, Some(element))) = descriptor_slot(flag, text, slot) {
            let count = counts.entry((set, binding)).or_default();
            *count = (*count).max(element.saturating_add(1));
        }
    }
    counts.into_iter().collect()
}

/// What `--buffer` and `--arg buffer:` ask for: the data, and where to write it.
struct Input {
    buffer: Buffer,
    output: Option<PathBuf>,
}

/// The bytes past each `--device-buffer`'s end that belong to no buffer
/// ([`Buffer::from_bytes_apart`]).
const DEVICE_BUFFER_GAP: usize = 4096;

/// `IN[:OUT]`.
fn input_output(text: &str) -> Result<Input, String> {
    let (input, output) = split_output(text);
    Ok(Input { buffer: Buffer::from_bytes(&read(std::path::Path::new(input))?), output })
}

/// `IN[:OUT]` for a `Physical32` kernel's argument: the buffer below 4 GiB,
/// where the kernel uses it in place (a buffer elsewhere is copied there
/// and back at every dispatch; docs/abi.md, "Physical32 kernels: memory
/// below 4 GiB").
fn low_input_output(text: &str) -> Result<Input, String> {
    let (input, output) = split_output(text);
    let buffer = Buffer::from_bytes_below_4gib(&read(std::path::Path::new(input))?).map_err(|error| error.to_string())?;
    Ok(Input { buffer, output })
}

fn split_output(text: &str) -> (&str, Option<PathBuf>) {
    match text.split_once(':') {
        Some((input, output)) => (input, Some(PathBuf::from(output))),
        None => (text, None),
    }
}

/// Whether `id` can name a device buffer: what `--address` tells apart
/// from `SET:BINDING`, `heap[K]` and `push`.
fn is_device_id(id: &str) -> bool {
    let mut characters = id.chars();
    characters.next().is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
        && characters.all(|character| character.is_ascii_alphanumeric() || character == '_')
        && id != "push"
}

/// The device address of `buffer` (its first byte): what
/// [`Dispatch::device_buffer`] returns for it, known before it is given
/// (the bytes of a buffer never move).
fn device_address(buffer: &Buffer) -> u64 {
    buffer.bytes().as_ptr() as u64
}

/// `--address SOURCE[+BYTES]@PLACE:OFFSET`: writes each address (of a
/// device buffer ID, or of a bound buffer SET:BINDING[[I]] or heap[K])
/// into the push constants, a `--buffer` or a device buffer, before
/// anything is bound; returns the bound buffers whose address is given.
fn write_addresses(
    options: &Options,
    info: &spirv_run::KernelInfo,
    devices: &mut [(String, Input)],
    inputs: &mut [(Option<Element>, Option<u32>, Input)],
    push_constants: &mut Vec<u8>,
) -> Result<Vec<Element>, String> {
    // The bound buffers whose address is given.
    let mut addressed: Vec<Element> = Vec::new();
    for text in &options.addresses {
        let (source, place) =
            text.split_once('@').ok_or_else(|| format!("--address {text}: not SOURCE[+BYTES]@PLACE:OFFSET"))?;
        let (id, bytes) = match source.split_once('+') {
            Some((id, bytes)) => {
                let bytes: u64 = bytes.parse().map_err(|_| format!("--address {text}: '{bytes}' is not a number of bytes"))?;
                (id, bytes)
            }
            None => (source, 0),
        };
        // The source: a device buffer by ID, or a bound buffer (a --buffer
        // that is also given by address) by SET:BINDING[[I]] or heap[K].
        let (what, base, length) = if is_device_id(id) {
            let (_, input) = devices
                .iter()
                .find(|(name, _)| name == id)
                .ok_or_else(|| format!("--address {text}: no --device-buffer {id}"))?;
            (format!("device buffer '{id}'"), device_address(&input.buffer), input.buffer.len() as u64)
        } else {
            let slot = descriptor_slot("--address", text, id).map_err(|message| {
                if id.starts_with("heap[") {
                    message
                } else {
                    format!("--address {text}: '{id}' is neither a device buffer ID nor SET:BINDING[[I]] or heap[K]")
                }
            })?;
            let (_, _, input) = inputs
                .iter()
                .find(|(key, _, _)| *key == Some(slot))
                .ok_or_else(|| format!("--address {text}: no --buffer {id} (a storage or uniform buffer)"))?;
            if !addressed.contains(&slot) {
                addressed.push(slot);
            }
            (format!("--buffer {id}"), device_address(&input.buffer), input.buffer.len() as u64)
        };
        if bytes > length {
            return Err(format!("--address {text}: byte {bytes} is past the end of {what} ({length} bytes)"));
        }
        let address = base + bytes;
        let (target, offset) =
            place.rsplit_once(':').ok_or_else(|| format!("--address {text}: '{place}' is not PLACE:OFFSET"))?;
        let offset: usize = offset.parse().map_err(|_| format!("--address {text}: '{offset}' is not a byte offset"))?;
        if !offset.is_multiple_of(8) {
            return Err(format!("--address {text}: offset {offset} is not a multiple of 8 (an address is 8 bytes, aligned)"));
        }
        let (what, destination): (String, &mut Vec<u8>) = if target == "push" {
            // A file shorter than the block is padded, as the dispatch does.
            let block = info.push_constant_size as usize;
            if push_constants.len() < block {
                push_constants.resize(block, 0);
            }
            ("the push constants".into(), push_constants)
        } else if is_device_id(target) {
            let (_, input) = devices
                .iter_mut()
                .find(|(name, _)| name == target)
                .ok_or_else(|| format!("--address {text}: no --device-buffer {target}"))?;
            write_address(text, &format!("device buffer '{target}'"), input.buffer.bytes_mut(), offset, address)?;
            continue;
        } else {
            let (set, binding, element) = descriptor_slot("--address", text, target)?;
            let (_, _, input) = inputs
                .iter_mut()
                .find(|(key, _, _)| *key == Some((set, binding, element)))
                .ok_or_else(|| format!("--address {text}: no --buffer {target}"))?;
            write_address(text, &format!("--buffer {target}"), input.buffer.bytes_mut(), offset, address)?;
            continue;
        };
        write_address(text, &what, destination, offset, address)?;
    }
    Ok(addressed)
}

/// Writes `address` (8 bytes, little-endian) at `offset` of `bytes`.
fn write_address(text: &str, what: &str, bytes: &mut [u8], offset: usize, address: u64) -> Result<(), String> {
    let length = bytes.len();
    let slot = offset
        .checked_add(8)
        .and_then(|end| bytes.get_mut(offset..end))
        .ok_or_else(|| format!("--address {text}: 8 bytes at offset {offset} do not fit {what} ({length} bytes)"))?;
    slot.copy_from_slice(&address.to_le_bytes());
    Ok(())
}

/// A `TYPE:VALUE` argument's little-endian bytes.
fn value_bytes(ty: &str, value: &str) -> Result<Vec<u8>, String> {
    let bad = || format!("'{value}' is not a {ty}");
    let integer = |value: &str| -> Result<i128, String> {
        match value.strip_prefix("0x") {
            Some(hex) => i128::from_str_radix(hex, 16).map_err(|_| bad()),
            None => value.parse::<i128>().map_err(|_| bad()),
        }
    };
    macro_rules! int {
        ($t:ty) => {
            <$t>::try_from(integer(value)?).map_err(|_| format!("{value} does not fit a {ty}"))?.to_le_bytes().to_vec()
        };
    }
    Ok(match ty {
        "i8" => int!(i8),
        "u8" => int!(u8),
        "i16" => int!(i16),
        "u16" => int!(u16),
        "i32" => int!(i32),
        "u32" => int!(u32),
        "i64" => int!(i64),
        "u64" => int!(u64),
        "f32" => value.parse::<f32>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        "f64" => value.parse::<f64>().map_err(|_| bad())?.to_le_bytes().to_vec(),
        other => {
            return Err(format!(
                "unknown argument type '{other}' (i8 u8 i16 u16 i32 u32 i64 u64 f32 f64, buffer, local)"
            ));
        }
    })
}

/// The kernel-side type of a `--arg` TYPE (`value_bytes` accepted it).
fn scalar_type(ty: &str) -> ScalarType {
    let bits = ty[1..].parse().unwrap_or(0);
    if ty.starts_with('f') { ScalarType::Float { bits } } else { ScalarType::Integer { bits } }
}

fn describe(ty: ScalarType) -> String {
    match ty {
        ScalarType::Integer { bits } => format!("a {bits}-bit integer"),
        ScalarType::Float { bits } => format!("a {bits}-bit float"),
    }
}

fn main() -> ExitCode {
    // A bad command line is exit status 1, as every other error.
    let options = match Options::try_parse() {
        Ok(options) => options,
        Err(failure)
            if matches!(
                failure.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) =>
        {
            let _ = failure.print();
            return ExitCode::SUCCESS;
        }
        Err(failure) => {
            let _ = failure.print();
            return ExitCode::FAILURE;
        }
    };
    let amber = options.amber
        || options
            .inputs
            .iter()
            .all(|input| input.extension().is_some_and(|extension| extension == "amber" || extension == "vkscript"));
    if amber {
        if !(options.timeout > 0.0 && options.timeout.is_finite()) {
            return error(format!("--timeout {}: not a positive number of seconds", options.timeout));
        }
        return match run_amber(&options) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(message) => error(message),
        };
    }
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => error(message),
    }
}

/// `--spmd-width`: a width the vectorizer takes.
fn parse_width(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(width) if spmd::valid_width(width) => Ok(width),
        _ => Err(format!("'{text}' is not a power of two from 2 to 64")),
    }
}

/// `--amber`: the options that make sense for scripts (the scripts give
/// the rest).
fn run_amber(options: &Options) -> Result<bool, String> {
    let given = [
        ("--entry", options.entry.is_some()),
        ("--workgroups", options.workgroups.is_some()),
        ("--buffer", !options.buffers.is_empty()),
        ("--image", !options.images.is_empty()),
        ("--sampler", !options.samplers.is_empty()),
        ("--push-constants", options.push_constants.is_some()),
        ("--device-buffer", !options.device_buffers.is_empty()),
        ("--address", !options.addresses.is_empty()),
        ("--global", options.global.is_some()),
        ("--local", options.local.is_some()),
        ("--global-offset", options.global_offset.is_some()),
        ("--arg", !options.arguments.is_empty()),
        ("--spec", !options.specs.is_empty()),
    ];
    if let Some((flag, _)) = given.iter().find(|(_, given)| *given) {
        return Err(format!("{flag} is not for Amber scripts: each script says what it runs"));
    }
    amber::check_target_env(&options.amber_target_env).map_err(|message| format!("--amber-target-env: {message}"))?;
    let settings = amber::Settings {
        threads: options.threads,
        unchecked: options.unchecked,
        spmd: SpmdOptions { mode: options.spmd, width: options.spmd_width, subgroup_size: options.subgroup_size },
        barriers: options.barriers,
        timeout: Duration::from_secs_f64(options.timeout),
        verbose: options.verbose,
        target_env: options.amber_target_env.clone(),
    };
    Ok(amber::run_scripts(&options.inputs, &settings))
}

/// `--subgroup-size`: 1, or a width the vectorizer takes.
fn parse_subgroup_size(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(size) if size == 1 || spmd::valid_width(size) => Ok(size),
        _ => Err(format!("'{text}' is not 1 or a power of two from 2 to 64")),
    }
}

fn run(options: &Options) -> Result<(), String> {
    if !(options.timeout > 0.0 && options.timeout.is_finite()) {
        return Err(format!("--timeout {}: not a positive number of seconds", options.timeout));
    }
    let [input] = options.inputs.as_slice() else {
        return Err("one module at a time (several inputs are for --amber)".into());
    };
    let source = read(input)?;
    let name = input.display().to_string();
    let started = Instant::now();
    let compile_options = CompileOptions {
        entry: options.entry.clone(),
        specs: options.specs.clone(),
        descriptor_counts: descriptor_counts(options),
        opt_level: None,
        unchecked: options.unchecked,
        spmd: SpmdOptions { mode: options.spmd, width: options.spmd_width, subgroup_size: options.subgroup_size },
        barriers: options.barriers,
        one_workgroup_per_call: options.one_workgroup_per_call,
        object_cache: object_cache(),
        pointer_layout: options.pointer_layout,
    };
    let kernel = Kernel::compile(&source, &name, &compile_options).map_err(|failure| match failure {
        RunError::Compile(messages) => messages.join("\n"),
        other => other.to_string(),
    })?;
    let compiled = started.elapsed();
    let info = kernel.info().clone();

    // The resources, kept alive until the outputs are written.
    let mut inputs: Vec<(Option<Element>, Option<u32>, Input)> = Vec::new();
    // Buffers reachable by address only (--device-buffer), by ID.
    let mut devices: Vec<(String, Input)> = Vec::new();
    // The --buffer bindings whose address --address gives.
    let mut addressed: Vec<Element> = Vec::new();
    let mut locals: Vec<(u32, usize)> = Vec::new();
    let mut values: Vec<(u32, Buffer)> = Vec::new();
    let mut push_constants = Vec::new();
    // Keyed by set, binding and, in a descriptor array, the element.
    let mut images: Vec<(Element, images::ImageInput)> = Vec::new();
    let mut samplers: Vec<(Element, Sampler)> = Vec::new();
    // OpenCL image and sampler arguments.
    let mut argument_images: Vec<(u32, images::ImageInput)> = Vec::new();
    let mut argument_samplers: Vec<(u32, Sampler)> = Vec::new();
    // OpenCL non-uniform work-groups: the global size, where it is no
    // multiple of the local size.
    let mut global_size: Option<[u64; 3]> = None;
    let mut global_offset = [0u64; 3];
    let (workgroups, local_size, work_dim) = match info.model {
        ExecutionModel::GlCompute => {
            if options.global.is_some()
                || options.local.is_some()
                || options.global_offset.is_some()
                || !options.arguments.is_empty()
            {
                return Err("--global, --local, --global-offset and --arg are for OpenCL kernels; this is a GLCompute shader".into());
            }
            let workgroups = &options.workgroups.as_ref().ok_or("a GLCompute shader needs --workgroups X[,Y[,Z]]")?.0;
            let flags = options.buffers.iter().map(|text| ("--buffer", text));
            for (flag, binding) in flags.chain(options.images.iter().map(|text| ("--image", text))) {
                let (slot, files) =
                    binding.split_once('=').ok_or_else(|| format!("{flag} {binding}: not SET:BINDING=IN[:OUT]"))?;
                let (set, index, element) = descriptor_slot(flag, binding, slot)?;
                if inputs.iter().any(|(key, _, _)| *key == Some((set, index, element)))
                    || images.iter().any(|(key, _)| *key == (set, index, element))
                {
                    if let (spirv_run::HEAP_DESCRIPTOR_SET, Some(heap_slot)) = (set, element) {
                        return Err(format!("{flag} {binding}: resource heap slot {heap_slot} is given twice"));
                    }
                    return Err(format!("{flag} {binding}: set {set} binding {index} is given twice"));
                }
                let image = if flag == "--image" {
                    Some(images::image_input(files))
                } else {
                    images::texel_buffer_input(files).transpose()
                };
                match image {
                    Some(image) => {
                        let image = image.map_err(|message| format!("{flag} {binding}: {message}"))?;
                        images.push(((set, index, element), image));
                    }
                    None => inputs.push((Some((set, index, element)), None, input_output(files)?)),
                }
            }
            for binding in &options.samplers {
                let (slot, spec) =
                    binding.split_once('=').ok_or_else(|| format!("--sampler {binding}: not SET:BINDING=KEY=VALUE,..."))?;
                let (set, index, element) = descriptor_slot("--sampler", binding, slot)?;
                if inputs.iter().any(|(key, _, _)| key.is_some_and(|(s, b, _)| (s, b) == (set, index))) {
                    return Err(format!("--sampler {binding}: set {set} binding {index} is a buffer"));
                }
                if samplers.iter().any(|(key, _)| *key == (set, index, element)) {
                    if let (spirv_run::HEAP_SAMPLER_SET, Some(heap_slot)) = (set, element) {
                        return Err(format!("--sampler {binding}: sampler heap slot {heap_slot} is given twice"));
                    }
                    return Err(format!("--sampler {binding}: set {set} binding {index} is given twice"));
                }
                let sampler = Sampler::parse(spec).map_err(|message| format!("--sampler {binding}: {message}"))?;
                samplers.push(((set, index, element), sampler));
            }
            if let Some(path) = &options.push_constants {
                push_constants = read(path)?;
            }
            for text in &options.device_buffers {
                let (id, files) = text.split_once('=').ok_or_else(|| format!("--device-buffer {text}: not ID=IN[:OUT]"))?;
                if !is_device_id(id) {
                    return Err(format!(
                        "--device-buffer {text}: '{id}' is not an ID (letters, digits and _, not starting with a digit; not 'push')"
                    ));
                }
                if devices.iter().any(|(other, _)| other == id) {
                    return Err(format!("--device-buffer {text}: device buffer '{id}' is given twice"));
                }
                // Each apart from the others, as separate allocations of a
                // driver: an address run up to 4 KiB past a device buffer's
                // end lies in no buffer (reads zero with the bounds checks),
                // whatever the heap placed after it.
                let (input, output) = split_output(files);
                let buffer = Buffer::from_bytes_apart(&read(std::path::Path::new(input))?, DEVICE_BUFFER_GAP);
                devices.push((id.to_string(), Input { buffer, output }));
            }
            addressed = write_addresses(options, &info, &mut devices, &mut inputs, &mut push_constants)?;
            (three(workgroups)?, None, 3)
        }
        ExecutionModel::Kernel => {
            if options.workgroups.is_some()
                || !options.buffers.is_empty()
                || !options.images.is_empty()
                || !options.samplers.is_empty()
                || options.push_constants.is_some()
                || !options.device_buffers.is_empty()
                || !options.addresses.is_empty()
            {
                return Err(
                    "--workgroups, --buffer, --image, --sampler, --push-constants, --device-buffer and --address are for \
                     Vulkan shaders; this is an OpenCL kernel"
                        .into(),
                );
            }
            let global = &options.global.as_ref().ok_or("an OpenCL kernel needs --global X[,Y[,Z]]")?.0;
            let local = match (options.local.as_ref().map(|local| &local.0), info.workgroup_size) {
                (Some(local), _) if local.len() != global.len() => {
                    return Err("--local must have as many dimensions as --global".into());
                }
                (Some(local), Some(required)) if three(local)? != required => {
                    return Err(format!(
                        "--local {:?}: the kernel requires a workgroup size of {}x{}x{}",
                        local, required[0], required[1], required[2]
                    ));
                }
                (Some(local), _) => three(local)?,
                (None, Some(required)) => required,
                // OpenCL lets the implementation choose: the largest divisor
                // of the first dimension up to 64, one in the others.
                (None, None) => [(1..=64u64).rev().find(|size| global[0] % size == 0).unwrap_or(1) as u32, 1, 1],
            };
            let global3 = three(global)?;
            if let Some(offset) = &options.global_offset {
                if offset.0.len() != global.len() {
                    return Err("--global-offset must have as many dimensions as --global".into());
                }
                for (axis, &value) in offset.0.iter().enumerate() {
                    global_offset[axis] = value;
                }
            }
            let mut workgroups = [1u32; 3];
            let mut non_uniform = false;
            for axis in 0..3 {
                if local[axis] == 0 {
                    return Err(format!("--local: a local size of 0 in dimension {axis}"));
                }
                // Non-uniform work-groups (OpenCL 2.0): the last workgroup
                // runs what is left, where the kernel leaves its size to the
                // dispatch (docs/abi.md, "Workgroup size").
                if global3[axis] % local[axis] != 0 {
                    if let Some(required) = info.workgroup_size {
                        return Err(format!(
                            "the global size {} is not a multiple of the local size {} in dimension {axis}: the \
                             kernel requires a workgroup size of {}x{}x{}, so its work-groups must be uniform",
                            global3[axis], local[axis], required[0], required[1], required[2]
                        ));
                    }
                    non_uniform = true;
                }
                workgroups[axis] = global3[axis].div_ceil(local[axis]);
            }
            if non_uniform {
                global_size = Some(global3.map(u64::from));
            }
            for argument in &options.arguments {
                let (index, what) =
                    argument.split_once('=').ok_or_else(|| format!("--arg {argument}: not I=KIND:VALUE"))?;
                let index: u32 =
                    index.parse().map_err(|_| format!("--arg {argument}: '{index}' is not an argument index"))?;
                let (kind, value) =
                    what.split_once(':').ok_or_else(|| format!("--arg {argument}: not I=KIND:VALUE"))?;
                let taken = inputs.iter().any(|(_, i, _)| *i == Some(index))
                    || locals.iter().any(|(i, _)| *i == index)
                    || values.iter().any(|(i, _)| *i == index)
                    || argument_images.iter().any(|(i, _)| *i == index)
                    || argument_samplers.iter().any(|(i, _)| *i == index);
                if taken {
                    return Err(format!("--arg {argument}: argument {index} is given twice"));
                }
                match kind {
                    "buffer" if info.physical32 => inputs.push((None, Some(index), low_input_output(value)?)),
                    "buffer" => inputs.push((None, Some(index), input_output(value)?)),
                    "image" => {
                        let image = images::image_input(value).map_err(|message| format!("--arg {argument}: {message}"))?;
                        argument_images.push((index, image));
                    }
                    "sampler" => {
                        let sampler =
                            Sampler::parse_opencl(value).map_err(|message| format!("--arg {argument}: {message}"))?;
                        argument_samplers.push((index, sampler));
                    }
                    "local" => locals.push((
                        index,
                        value.parse().map_err(|_| format!("--arg {argument}: '{value}' is not a number of bytes"))?,
                    )),
                    // A value given by its bytes, as clSetKernelArg takes
                    // one: a struct passed by value (the dispatch checks
                    // the size against the parameter's).
                    "bytes" => {
                        let bytes =
                            std::fs::read(value).map_err(|error| format!("--arg {argument}: cannot read '{value}': {error}"))?;
                        values.push((index, Buffer::from_bytes(&bytes)));
                    }
                    ty => {
                        let bytes = value_bytes(ty, value).map_err(|message| format!("--arg {argument}: {message}"))?;
                        let wanted = info.resources.get(index as usize).and_then(|resource| resource.scalar);
                        if let Some(wanted) = wanted
                            && wanted != scalar_type(ty)
                        {
                            return Err(format!(
                                "--arg {argument}: argument {index} is {}, not {}",
                                describe(wanted),
                                describe(scalar_type(ty))
                            ));
                        }
                        values.push((index, Buffer::from_bytes(&bytes)));
                    }
                }
            }
            (workgroups, Some(local), global.len() as u32)
        }
    };

    let mut dispatch = Dispatch::new(workgroups);
    dispatch.workgroup_size = local_size;
    dispatch.global_size = global_size;
    dispatch.global_offset = global_offset;
    dispatch.work_dim = work_dim;
    dispatch.push_constants = push_constants;
    dispatch.threads = options.threads;
    // The addresses write_addresses wrote for the bound buffers it names,
    // taken before the buffers are lent to the dispatch.
    let addressed: Vec<(Element, u64)> = addressed
        .iter()
        .map(|&slot| {
            let input = inputs.iter().find(|(key, _, _)| *key == Some(slot)).map(|(_, _, input)| input);
            (slot, input.map_or(0, |input| device_address(&input.buffer)))
        })
        .collect();
    // Buffers; elements [I] of one binding a descriptor array of buffers.
    let mut buffer_slots: BTreeMap<Slot, BTreeMap<Option<u32>, &mut Buffer>> = BTreeMap::new();
    for (binding, argument, input) in &mut inputs {
        match (binding, argument) {
            (Some((set, _, Some(element))), _) if *set == spirv_run::HEAP_DESCRIPTOR_SET => {
                dispatch.heap_buffer(*element, &mut input.buffer).map_err(|failure| failure.to_string())?;
            }
            (Some((set, index, element)), _) => {
                buffer_slots.entry((*set, *index)).or_default().insert(*element, &mut input.buffer);
            }
            (None, Some(index)) => {
                dispatch.argument(*index, Resource::Buffer(&mut input.buffer));
            }
            (None, None) => {}
        }
    }
    for ((set, index), elements) in buffer_slots {
        if images.iter().any(|((s, b, _), _)| (*s, *b) == (set, index)) {
            return Err(format!("--buffer {set}:{index}: set {set} binding {index} is also given an image"));
        }
        let array = array_elements(set, index, elements)?;
        dispatch.bind(set, index, if array.len() == 1 && array[0].0.is_none() {
            Resource::Buffer(array.into_iter().next().map(|(_, buffer)| buffer).ok_or("no buffer")?)
        } else {
            Resource::Array(array.into_iter().map(|(_, buffer)| Resource::Buffer(buffer)).collect())
        });
    }
    // An image and a sampler at one binding (or element) are a combined
    // image sampler; elements [I] of one binding a descriptor array.
    type Descriptor<'a> = (Option<&'a mut spirv_run::Image>, Option<Sampler>);
    fn descriptor(entry: Descriptor<'_>) -> Resource<'_> {
        match entry {
            (Some(image), Some(sampler)) => Resource::SampledImage(image, sampler),
            (Some(image), None) => Resource::Image(image),
            (None, Some(sampler)) => Resource::Sampler(sampler),
            // Never built: every entry has an image or a sampler.
            (None, None) => Resource::Array(Vec::new()),
        }
    }
    let mut slots: BTreeMap<Slot, BTreeMap<Option<u32>, Descriptor<'_>>> = BTreeMap::new();
    for ((set, index, element), input) in &mut images {
        if let (spirv_run::HEAP_DESCRIPTOR_SET, Some(heap_slot)) = (*set, *element) {
            dispatch.heap_image(heap_slot, &mut input.image).map_err(|failure| failure.to_string())?;
            continue;
        }
        slots.entry((*set, *index)).or_default().entry(*element).or_default().0 = Some(&mut input.image);
    }
    for ((set, index, element), sampler) in samplers.drain(..) {
        if let (spirv_run::HEAP_SAMPLER_SET, Some(heap_slot)) = (set, element) {
            dispatch.heap_sampler(heap_slot, sampler).map_err(|failure| failure.to_string())?;
            continue;
        }
        slots.entry((set, index)).or_default().entry(element).or_default().1 = Some(sampler);
    }
    for ((set, index), elements) in slots {
        let array = array_elements(set, index, elements)?;
        if array.len() == 1 && array[0].0.is_none() {
            for (_, entry) in array {
                dispatch.bind(set, index, descriptor(entry));
            }
            continue;
        }
        dispatch.bind(set, index, Resource::Array(array.into_iter().map(|(_, entry)| descriptor(entry)).collect()));
    }
    for (index, bytes) in &locals {
        dispatch.argument(*index, Resource::Local(*bytes));
    }
    for (index, input) in &mut argument_images {
        dispatch.argument(*index, Resource::Image(&mut input.image));
    }
    for (index, sampler) in argument_samplers.drain(..) {
        dispatch.argument(index, Resource::Sampler(sampler));
    }
    for (index, value) in values.drain(..) {
        dispatch.argument(index, Resource::Value(value));
    }
    // The bound buffers whose address --address gave: device memory too.
    for &((set, binding, element), expected) in &addressed {
        let address =
            dispatch.binding_address(set, binding, element.unwrap_or(0)).map_err(|failure| failure.to_string())?;
        // write_addresses wrote the buffer's address before it was bound.
        if address != expected {
            return Err(format!("internal error: set {set} binding {binding} at {address:#x}, not {expected:#x}"));
        }
    }
    for (_, input) in &mut devices {
        let expected = device_address(&input.buffer);
        let address = dispatch.device_buffer(&mut input.buffer);
        // write_addresses wrote the buffer's address before it was given.
        if address != expected {
            return Err(format!("internal error: a device buffer at {address:#x}, not {expected:#x}"));
        }
    }

    // A kernel that never ends is stopped with the whole process: its
    // threads cannot be cancelled, and nothing is written.
    let timeout = Duration::from_secs_f64(options.timeout);
    std::thread::spawn(move || {
        std::thread::sleep(timeout);
        eprintln!("spirv-run-rs: error: the kernel ran longer than --timeout {}s: stopped", timeout.as_secs_f64());
        std::process::exit(1);
    });
    let started = Instant::now();
    kernel.dispatch(&mut dispatch).map_err(|failure| failure.to_string())?;
    let ran = started.elapsed();
    drop(dispatch);
    for input in images.iter().map(|(_, input)| input).chain(argument_images.iter().map(|(_, input)| input)) {
        images::write_output(input)?;
    }
    for input in inputs.iter().map(|(_, _, input)| input).chain(devices.iter().map(|(_, input)| input)) {
        if let Some(output) = &input.output {
            std::fs::write(output, input.buffer.bytes())
                .map_err(|failure| format!("cannot write '{}': {failure}", output.display()))?;
        }
    }
    if options.time {
        eprintln!(
            "spirv-run-rs: compile {:.3} ms, run {:.3} ms",
            compiled.as_secs_f64() * 1e3,
            ran.as_secs_f64() * 1e3
        );
        let info = kernel.info();
        match (&info.scalar_reason, info.lanes) {
            (Some(reason), _) => eprintln!("spirv-run-rs: invocations one by one ({reason})"),
            (None, 1) => eprintln!("spirv-run-rs: invocations one by one"),
            (None, lanes) => eprintln!("spirv-run-rs: {lanes} invocations at once (SPMD)"),
        }
        match &info.barriers {
            BarrierPath::None => {}
            BarrierPath::Regions(stats) => eprintln!(
                "spirv-run-rs: barriers as regions ({} regions, {} values in per-invocation storage, {} bytes per invocation, {} uniform values kept once)",
                stats.regions, stats.stored, stats.bytes, stats.uniform
            ),
            BarrierPath::Coroutines(None) => eprintln!("spirv-run-rs: barriers as coroutines"),
            BarrierPath::Coroutines(Some(reason)) => {
                eprintln!("spirv-run-rs: barriers as coroutines (no regions: {reason})")
            }
        }
        eprintln!("spirv-run-rs: subgroups of {}", info.subgroup_size);
        if info.workgroup_runs {
            eprintln!("spirv-run-rs: consecutive workgroups in one call (runs of workgroups)");
        } else {
            eprintln!("spirv-run-rs: one workgroup per call");
        }
        if kernel.from_object_cache() {
            eprintln!("spirv-run-rs: machine code from the object cache (SPIRV_RUN_RS_CACHE)");
        }
        if info.physical32 {
            eprintln!("spirv-run-rs: Physical32: the kernel's memory below 4 GiB (code, globals, buffers, stacks, frames)");
        }
    }
    Ok(())
}
