//! `spirv-kernel-abi`: turns the converted entry points of a module
//! (`convert-spirv-to-llvm` output) into functions a host can call, for
//! every workgroup, from any number of threads at once. docs/abi.md is the
//! contract; `include/spvabi.h` declares it in C.
//!
//! Each `GLCompute` or `Kernel` entry point `E` gets
//! - `void __spvabi_E(const spvabi_dispatch *dispatch, const uint32_t
//!   workgroup_id[3])`, which runs every invocation of one workgroup
//!   (`workgroup.rs`), and
//! - `const spvabi_kernel_info __spvabi_E_info`: the workgroup size, the
//!   resources and their declared sizes, the push-constant size.
//!
//! What the converted code read from module-level globals (built-in
//! variables, descriptor-set bindings, push constants, workgroup and
//! private variables) it now reads through an *environment*: an array of
//! pointers, one per such global, that every function reaching one of them
//! takes as an extra last parameter. The workgroup function fills one
//! environment per invocation, so invocations share nothing but workgroup
//! memory and the resources, and workgroups share nothing but the
//! resources. The entry points themselves become internal (an entry point
//! called `main` no longer clashes with a host's `main`).
//!
//! Barriers (`__spirv_ControlBarrier` with workgroup execution scope) split
//! the entry point into regions, each run as a loop over the workgroup's
//! invocations (`barrier.rs` marks the barriers, `regions.rs` forms the
//! regions on LLVM IR), or, on request, make the invocation a coroutine
//! (LLVM's switched-resume coroutines): the workgroup function resumes
//! every invocation in turn until all have returned. Either way each
//! barrier is a point every invocation reaches before any goes on.

mod array_length;
mod atomics;
mod barrier;
mod bounds;
mod division;
mod flow_graph;
mod generic;
pub mod loop_exits;
pub mod regions;
pub mod spmd;
pub mod unroll;
mod workgroup;

use std::collections::{BTreeMap, HashMap, HashSet};

use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, BlockLike, Identifier, Location, OperationRef, RegionLike, Type, Value,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, DictionaryAttribute, IntegerAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
    },
};
use spirv_opt_rs::{
    ir::{llvm_function_type_parts, string_value},
    surgery,
};
use thiserror::Error;

use crate::spirv_to_llvm::abi_attributes::{ENTRY_POINT, INTERFACE};
pub use atomics::{WORKGROUP_MEMORY_SCOPE, plain_marked_atomics};
pub use workgroup::{
    ABI_VERSION, ResourceKind, groups_name, invocations_name, region_bytes_name, region_name, region_width_name,
    rendezvous_name, step_name, subgroup_size_name,
};

/// The host function a bounds check of a Vulkan compute kernel calls for
/// an access whose pointer it cannot trace to an object of the kernel (an
/// address loaded from memory or made from an integer: a buffer device
/// address): `i128 __spvabi_device_range(i64 address)`, the device buffer
/// (memory the host gave the dispatch by address) holding `address`, its
/// start in the low 64 bits and its length in bytes in the high ones; 0
/// when none does (docs/abi.md, "Buffer device addresses").
pub const DEVICE_RANGE: &str = "__spvabi_device_range";

/// Why the ABI could not be applied; `location` is the op at fault.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct AbiError<'c> {
    /// Where (the global, function or call at fault).
    pub location: Location<'c>,
    /// What is wrong.
    pub message: String,
}

type Result<'c, T> = std::result::Result<T, AbiError<'c>>;

fn error<'c>(op: OperationRef<'c, '_>, message: impl Into<String>) -> AbiError<'c> {
    AbiError { location: op.location(), message: message.into() }
}

/// The SPIR-V execution model of an entry point the ABI covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutionModel {
    /// A Vulkan compute shader.
    GlCompute,
    /// An OpenCL kernel.
    Kernel,
}

impl ExecutionModel {
    /// The SPIR-V enumerant (`GLCompute` is 5, `Kernel` is 6).
    pub fn value(self) -> u32 {
        match self {
            Self::GlCompute => 5,
            Self::Kernel => 6,
        }
    }
}

/// What one slot of the environment points at.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SlotKind {
    /// A built-in variable, its value per invocation.
    BuiltIn(String),
    /// A descriptor-set binding: the index in the resource table.
    Resource(usize),
    /// A descriptor array of buffers: the index of its first element in the
    /// resource table (the others follow it), and its length. The slot
    /// points at a table of the buffers' addresses.
    Descriptors(usize, u32),
    /// The push-constant block.
    PushConstant,
    /// Workgroup memory, one per workgroup.
    Workgroup,
    /// A private variable, one per invocation; `true` when it has an
    /// initializer (the original global keeps it).
    Private(bool),
}

/// (descriptor set, binding).
type DescriptorBinding = (u32, u32);

/// One slot of the environment: the global it replaces.
#[derive(Debug, Clone)]
struct Slot {
    global: String,
    kind: SlotKind,
    /// The printed LLVM type of the global's value.
    value_type: String,
    /// The address space of the global (of the pointers the code uses).
    address_space: u32,
    /// A `Workgroup` variable of a `Block` struct: with
    /// SPV_KHR_workgroup_memory_explicit_layout such variables alias one
    /// another, so they all start at one allocation.
    aliased: bool,
}

/// A descriptor-set binding the module uses.
#[derive(Debug, Clone)]
struct Binding {
    set: u32,
    binding: u32,
    kind: ResourceKind,
    value_type: String,
    /// An image's word (docs/abi.md, "Images"): its info `size`.
    image_word: Option<u32>,
    /// Its element in a descriptor array of buffers (0 otherwise).
    element: u32,
    /// The length of its descriptor array (of buffers, or of images in one
    /// resource), 0 for a single descriptor.
    count: u32,
}

/// The resource kind and word of an image binding (the `image` and
/// `image_word` of its interface attribute), `None` for a buffer.
fn image_resource(global: OperationRef<'_, '_>) -> Option<(ResourceKind, u32)> {
    let interface = DictionaryAttribute::try_from(global.attribute(INTERFACE).ok()?).ok()?;
    let kind = match dictionary_string(interface, "image")?.as_str() {
        "storage_image" => ResourceKind::StorageImage,
        "storage_texel_buffer" => ResourceKind::StorageTexelBuffer,
        "sampled_image" => ResourceKind::SampledImage,
        "sampler" => ResourceKind::Sampler,
        "combined_image_sampler" => ResourceKind::CombinedImageSampler,
        _ => ResourceKind::UniformTexelBuffer,
    };
    Some((kind, dictionary_integer(interface, "image_word")?))
}

/// Whether `module` declares or defines a subgroup operation
/// (`__spirv_GroupNonUniform*`, `__spirv_SubgroupBallotKHR`, the `OpGroup*`
/// collectives, by their mangled names).
fn module_has_subgroup_functions(module: OperationRef<'_, '_>) -> bool {
    let Some(body) = module.region(0).ok().and_then(|region| region.first_block()) else { return false };
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str() != Ok("llvm.func") {
            continue;
        }
        let Some(name) = op.attribute("sym_name").ok().map(|name| name.to_string()) else { continue };
        let name = name.trim_matches('"');
        let base = crate::builtins::demangle_base(name).map_or(name, |(base, _)| base);
        if base.starts_with("__spirv_GroupNonUniform")
            || base == "__spirv_SubgroupBallotKHR"
            || crate::builtins::collectives::collective(base).is_some()
        {
            return true;
        }
    }
    false
}

/// Whether the ABI gives the SPIR-V builtin `base` (an unmangled
/// `__spirv_*` name) its meaning: the barriers and the generic casts.
pub fn handles_builtin(base: &str) -> bool {
    barrier::is_barrier_builtin(base) || generic::is_generic_cast_builtin(base)
}

/// How [`apply_kernel_abi`] builds the kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelAbiOptions {
    /// Bounds-check every memory access (Vulkan's robustBufferAccess: an
    /// out-of-bounds load gives zero, an out-of-bounds store does nothing),
    /// so that no kernel reaches memory outside its own resources and stack
    /// objects. On by default; off trades that guarantee for speed.
    pub bounds_checks: bool,
    /// How kernels with workgroup barriers run (docs/abi.md, "Barriers").
    pub barriers: BarrierMode,
    /// Give the kernels that allow it runs of workgroups (docs/abi.md,
    /// "Runs of workgroups"); off, every kernel's info has no `groups`
    /// (the code of ABI version 3: for measuring).
    pub workgroup_runs: bool,
}

impl Default for KernelAbiOptions {
    fn default() -> Self {
        Self { bounds_checks: true, barriers: BarrierMode::Regions, workgroup_runs: true }
    }
}

/// How an entry point with workgroup barriers runs (docs/abi.md, "Barriers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BarrierMode {
    /// Split at its barriers into regions, each a loop over the workgroup's
    /// invocations; values live across a barrier in per-invocation storage.
    /// The regions are formed on LLVM IR ([`regions::form_regions`]), which
    /// `--emit` and the runner run.
    #[default]
    Regions,
    /// Every invocation a coroutine suspended at each barrier.
    Coroutines,
}

impl BarrierMode {
    /// The modes by name, as options spell them.
    pub const NAMES: [(Self, &'static str); 2] = [(Self::Regions, "regions"), (Self::Coroutines, "coroutines")];

    /// The mode's name.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(mode, _)| *mode == self).map_or("regions", |(_, name)| name)
    }
}

impl std::str::FromStr for BarrierMode {
    type Err = String;

    fn from_str(text: &str) -> std::result::Result<Self, Self::Err> {
        Self::NAMES
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(mode, _)| *mode)
            .ok_or_else(|| format!("'{text}' (regions or coroutines)"))
    }
}

impl std::fmt::Display for BarrierMode {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.name())
    }
}

/// Applies the kernel ABI to every module (the top-level one and the nested
/// ones `convert-spirv-to-llvm` makes) holding `spirv_abi.entry_point`
/// functions; returns how many entry points it gave the ABI (0: the IR is
/// unchanged).
///
/// With bounds checks, the builtins the code calls must be defined first
/// (`spirv-define-builtins`): a builtin taking a pointer is checked through
/// its body.
pub fn apply_kernel_abi<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: KernelAbiOptions,
) -> Result<'c, usize> {
    let mut modules = vec![module];
    modules.extend(surgery::nested_ops(module, &mut |op| op_name(op) == "builtin.module"));
    let mut count = 0;
    for module in modules {
        count += apply_to_module(context, module, options)?;
    }
    Ok(count)
}

fn op_name(op: OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_owned()
}

fn symbol(op: OperationRef<'_, '_>) -> Option<String> {
    let name = op.attribute("sym_name").ok()?;
    string_value(name)
}

fn dictionary_string(dictionary: DictionaryAttribute<'_>, key: &str) -> Option<String> {
    let value = dictionary.element_by_name(key)?;
    string_value(value)
}

/// The 32-bit word `key` of `dictionary`. The fields are signless `i32`
/// attributes (a descriptor set, a binding, an image word: 32-bit unsigned
/// words in SPIR-V), whose value MLIR gives sign-extended: 4294967295 reads
/// back as -1, so the word is the value's low 32 bits. A value outside
/// both ranges (hand-written IR) is no word.
fn dictionary_integer(dictionary: DictionaryAttribute<'_>, key: &str) -> Option<u32> {
    let value = IntegerAttribute::try_from(dictionary.element_by_name(key)?).ok()?.value();
    u32::try_from(value).ok().or_else(|| i32::try_from(value).ok().map(|value| value as u32))
}

/// An entry point found in a module.
struct Entry<'c, 'a> {
    func: OperationRef<'c, 'a>,
    name: String,
    model: ExecutionModel,
    local_size: Option<[u32; 3]>,
    /// The execution mode `DerivativeGroupQuadsKHR`: from `derivative_quads`.
    derivative_quads: bool,
    /// The module's addressing model is `PhysicalStorageBuffer64`: from
    /// `device_addresses`.
    device_addresses: bool,
    /// What each parameter is (OpenCL): from `arguments`.
    arguments: Vec<ResourceKind>,
    /// The image word of each image argument (docs/abi.md, "OpenCL images
    /// and samplers"), `None` for the others.
    argument_words: Vec<Option<u32>>,
    /// Per parameter, the LLVM type a `"value"` pointer points to (a struct
    /// passed by value): from `value_types`.
    value_types: Vec<Option<String>>,
}

fn read_entry<'c, 'a>(func: OperationRef<'c, 'a>) -> Result<'c, Option<Entry<'c, 'a>>> {
    let Ok(attribute) = func.attribute(ENTRY_POINT) else { return Ok(None) };
    let name = symbol(func).unwrap_or_default();
    let dictionary = DictionaryAttribute::try_from(attribute)
        .map_err(|_| error(func, format!("'{ENTRY_POINT}' of @{name} is not a dictionary")))?;
    let model = match dictionary_string(dictionary, "execution_model").as_deref() {
        Some("GLCompute") => ExecutionModel::GlCompute,
        Some("Kernel") => ExecutionModel::Kernel,
        other => {
            return Err(error(
                func,
                format!(
                    "the kernel ABI covers GLCompute and Kernel entry points; @{name} is {}",
                    other.unwrap_or("of no execution model")
                ),
            ));
        }
    };
    let local_size = dictionary.element_by_name("local_size").and_then(|sizes| {
        let sizes = DenseI32ArrayAttribute::try_from(sizes).ok()?;
        let get = |index| sizes.element(index).ok().and_then(|value| u32::try_from(value).ok());
        Some([get(0)?, get(1)?, get(2)?])
    });
    if let Some(size) = local_size {
        let total = size.iter().map(|&value| u64::from(value)).product::<u64>();
        if size.contains(&0) || total > u64::from(workgroup::MAX_INVOCATIONS) {
            return Err(error(
                func,
                format!(
                    "the workgroup size {}x{}x{} of @{name} is not between 1 and {} invocations",
                    size[0],
                    size[1],
                    size[2],
                    workgroup::MAX_INVOCATIONS
                ),
            ));
        }
    }
    let mut arguments = Vec::new();
    let mut argument_words = Vec::new();
    if let Some(kinds) = dictionary.element_by_name("arguments").and_then(|kinds| ArrayAttribute::try_from(kinds).ok())
    {
        for index in 0..kinds.len() {
            let kind = kinds.element(index).ok().and_then(string_value).unwrap_or_default();
            // Images and samplers: "KIND:WORD".
            let (kind, word) = match kind.split_once(':') {
                Some((kind, word)) => (kind, Some(word.parse::<u32>().ok())),
                None => (kind.as_str(), None),
            };
            let bad = || error(func, format!("'{ENTRY_POINT}' of @{name} has a bad 'arguments' entry"));
            arguments.push(match (kind, word) {
                ("local", None) => ResourceKind::LocalPointer,
                ("global", None) => ResourceKind::GlobalPointer,
                ("value", None) => ResourceKind::Value,
                ("storage_image", Some(_)) => ResourceKind::StorageImage,
                ("sampled_image", Some(_)) => ResourceKind::SampledImage,
                ("storage_texel_buffer", Some(_)) => ResourceKind::StorageTexelBuffer,
                ("uniform_texel_buffer", Some(_)) => ResourceKind::UniformTexelBuffer,
                ("sampler", Some(_)) => ResourceKind::Sampler,
                _ => return Err(bad()),
            });
            argument_words.push(match word {
                Some(word) => Some(word.ok_or_else(bad)?),
                None => None,
            });
        }
    }
    if let Some(modes) = dictionary.element_by_name("unsupported_modes").and_then(|modes| ArrayAttribute::try_from(modes).ok())
    {
        let modes: Vec<String> =
            (0..modes.len()).filter_map(|index| modes.element(index).ok().and_then(string_value)).collect();
        return Err(error(
            func,
            format!(
                "@{name} has the execution mode {}, which the kernel ABI does not give: it computes with \
                 round-to-nearest-even and keeps denormals, as a Vulkan device reporting \
                 shaderRoundingModeRTZFloatN and shaderDenormFlushToZeroFloatN false does (docs/abi.md, \
                 \"Floating-point modes\")",
                modes.join(", ")
            ),
        ));
    }
    let derivative_quads = dictionary.element_by_name("derivative_quads").is_some();
    let device_addresses = dictionary.element_by_name("device_addresses").is_some();
    let value_types: Vec<Option<String>> = dictionary
        .element_by_name("value_types")
        .and_then(|types| ArrayAttribute::try_from(types).ok())
        .map(|types| {
            (0..types.len())
                .map(|index| types.element(index).ok().and_then(string_value).filter(|text| !text.is_empty()))
                .collect()
        })
        .unwrap_or_default();
    Ok(Some(Entry {
        func,
        name,
        model,
        local_size,
        derivative_quads,
        device_addresses,
        arguments,
        argument_words,
        value_types,
    }))
}

/// How the module's interface global `global` is replaced, or `None` when
/// it stays a global (OpenCL program-scope variables, constants).
fn classify<'c>(global: OperationRef<'c, '_>, name: &str) -> Result<'c, Option<(SlotKind, Option<DescriptorBinding>)>> {
    let Ok(attribute) = global.attribute(INTERFACE) else { return Ok(None) };
    let Ok(interface) = DictionaryAttribute::try_from(attribute) else { return Ok(None) };
    let storage_class = dictionary_string(interface, "storage_class").unwrap_or_default();
    let binding = dictionary_integer(interface, "descriptor_set").zip(dictionary_integer(interface, "binding"));
    let has_initializer = global.region(0).ok().and_then(|region| region.first_block()).is_some();
    let kind = match storage_class.as_str() {
        "Input" => match dictionary_string(interface, "built_in") {
            Some(built_in) if workgroup::supported_built_in(&built_in) => SlotKind::BuiltIn(built_in),
            Some(built_in) => {
                return Err(error(
                    global,
                    format!("the built-in {built_in} (@{name}) has no meaning for a compute kernel"),
                ));
            }
            None => return Err(error(global, format!("the input variable @{name} is not a built-in"))),
        },
        "StorageBuffer" | "Uniform" => {
            if binding.is_none() {
                return Err(error(
                    global,
                    format!("the {storage_class} variable @{name} has no descriptor set and binding"),
                ));
            }
            // A descriptor array of buffers (the conversion made it a table
            // of pointers): one resource per element.
            if let Some(count) = dictionary_integer(interface, "descriptors") {
                SlotKind::Descriptors(0, count)
            } else if global_value_type(global)?.starts_with("!llvm.array<") {
                // A block is a struct: an array there is a descriptor array,
                // which the conversion marks; anything else is no block.
                let (set, binding) = binding.unwrap_or_default();
                return Err(error(
                    global,
                    format!("@{name} (set {set} binding {binding}) is an array of {storage_class} variables that are no blocks"),
                ));
            } else {
                // Its index in the resource table is known once every binding is.
                SlotKind::Resource(0)
            }
        }
        // A storage image or texel buffer (spirv_to_llvm/image.rs): its
        // descriptor is the binding's resource.
        "UniformConstant" if interface.element_by_name("image").is_some() => {
            if binding.is_none() {
                return Err(error(global, format!("the image @{name} has no descriptor set and binding")));
            }
            SlotKind::Resource(0)
        }
        "PushConstant" => SlotKind::PushConstant,
        "Workgroup" => SlotKind::Workgroup,
        "Private" => SlotKind::Private(has_initializer),
        "Output" => return Err(error(global, format!("the output variable @{name} has no meaning for a kernel"))),
        _ => return Ok(None),
    };
    Ok(Some((kind, binding)))
}

fn apply_to_module<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: KernelAbiOptions,
) -> Result<'c, usize> {
    let Some(body) = module.region(0).ok().and_then(|region| region.first_block()) else { return Ok(0) };
    let mut globals: HashMap<String, OperationRef<'c, '_>> = HashMap::new();
    let mut functions: HashMap<String, OperationRef<'c, '_>> = HashMap::new();
    let mut entries = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        match op_name(op).as_str() {
            "llvm.mlir.global" => {
                if let Some(name) = symbol(op) {
                    globals.insert(name, op);
                }
            }
            "llvm.func" => {
                if let Some(name) = symbol(op) {
                    functions.insert(name, op);
                }
                if let Some(entry) = read_entry(op)? {
                    entries.push(entry);
                }
            }
            _ => {}
        }
    }
    if entries.is_empty() {
        return Ok(0);
    }
    let model = entries[0].model;
    if let Some(other) = entries.iter().find(|entry| entry.model != model) {
        return Err(error(other.func, "a module mixes GLCompute and Kernel entry points"));
    }

    // The globals each function reaches, and the calls between functions.
    let mut interface: HashMap<String, (SlotKind, Option<DescriptorBinding>)> = HashMap::new();
    for (name, global) in &globals {
        if let Some(kind) = classify(*global, name)? {
            interface.insert(name.clone(), kind);
        }
    }
    for global in globals.values() {
        check_initializer_uses(*global, &interface)?;
    }
    let mut uses: Vec<(String, OperationRef<'c, '_>)> = Vec::new();
    let mut calls: Vec<(String, String, OperationRef<'c, '_>)> = Vec::new();
    let mut barriers: Vec<(String, OperationRef<'c, '_>)> = Vec::new();
    let mut function_names: Vec<&String> = functions.keys().collect();
    function_names.sort();
    for name in &function_names {
        let func = functions[*name];
        for op in
            surgery::nested_ops(func, &mut |op| matches!(op_name(op).as_str(), "llvm.mlir.addressof" | "llvm.call"))
        {
            if op_name(op) == "llvm.mlir.addressof" {
                if let Some(global) = flat_symbol(op, "global_name")
                    && interface.contains_key(&global)
                {
                    uses.push(((*name).clone(), op));
                }
            } else if let Some(callee) = flat_symbol(op, "callee") {
                if barrier::is_barrier(&callee) {
                    barriers.push(((*name).clone(), op));
                } else if functions.contains_key(&callee) {
                    calls.push(((*name).clone(), callee, op));
                }
            }
        }
    }

    // Slots in the order of first use; the bindings sorted by set and
    // binding. Several variables may share one (set, binding), typed views
    // of one buffer as Vulkan allows: each is an entry of its own (with its
    // own declared size), next to the others, and the host gives them the
    // same buffer.
    let mut slots: Vec<Slot> = Vec::new();
    let mut slot_of: HashMap<String, usize> = HashMap::new();
    let mut bindings: BTreeMap<(u32, u32, String), String> = BTreeMap::new();
    for (_, op) in &uses {
        let global = flat_symbol(*op, "global_name").unwrap_or_default();
        if slot_of.contains_key(&global) {
            continue;
        }
        let (kind, binding) = interface[&global].clone();
        let global_op = globals[&global];
        if let Some((set, binding)) = binding
            && matches!(kind, SlotKind::Resource(_) | SlotKind::Descriptors(..))
        {
            bindings.insert((set, binding, global.clone()), global.clone());
        }
        slot_of.insert(global.clone(), slots.len());
        let aliased = kind == SlotKind::Workgroup && interface_flag(global_op, "aliased");
        slots.push(Slot {
            global: global.clone(),
            kind,
            value_type: global_value_type(global_op)?,
            address_space: address_space(global_op),
            aliased,
        });
    }
    let mut resource_index: HashMap<String, usize> = HashMap::new();
    let mut resources = Vec::new();
    for ((set, binding, _), global) in &bindings {
        resource_index.insert(global.clone(), resources.len());
        let storage_class = interface_storage_class(globals[global]);
        let buffer_block = globals[global]
            .attribute(INTERFACE)
            .ok()
            .and_then(|attribute| DictionaryAttribute::try_from(attribute).ok())
            .is_some_and(|dictionary| dictionary.element_by_name("buffer_block").is_some());
        let image = image_resource(globals[global]);
        let kind = match &image {
            Some((kind, _)) => *kind,
            None if storage_class == "Uniform" && !buffer_block => ResourceKind::UniformBuffer,
            None => ResourceKind::StorageBuffer,
        };
        let descriptors = interface_integer(globals[global], "descriptors");
        // A descriptor array of buffers: an entry per element, each of its block.
        let value_type = match descriptors {
            Some(_) => interface_type(globals[global], "block_type")
                .ok_or_else(|| error(globals[global], "a descriptor array of buffers without 'block_type'"))?,
            None => global_value_type(globals[global])?,
        };
        let image_count = image.map_or(0, |(_, word)| word >> crate::spirv_to_llvm::image::DESCRIPTOR_COUNT_SHIFT);
        for element in 0..descriptors.unwrap_or(1) {
            resources.push(Binding {
                set: *set,
                binding: *binding,
                kind,
                value_type: value_type.clone(),
                image_word: image.map(|(_, word)| word),
                element,
                count: descriptors.unwrap_or(image_count),
            });
        }
    }
    for slot in &mut slots {
        if let SlotKind::Resource(index) | SlotKind::Descriptors(index, _) = &mut slot.kind {
            *index = resource_index[&slot.global];
        }
    }
    if model == ExecutionModel::Kernel && !bindings.is_empty() {
        let global = bindings.values().next().map(|name| globals[name]).unwrap_or(module);
        return Err(error(global, "an OpenCL module has no descriptor-set bindings"));
    }
    let push_constants: Vec<&Slot> = slots.iter().filter(|slot| slot.kind == SlotKind::PushConstant).collect();
    if push_constants.len() > 1 {
        return Err(error(globals[&push_constants[1].global], "a module has at most one push-constant block"));
    }
    let push_constant_type = push_constants.first().map(|slot| slot.value_type.clone());

    // Every function reaching a slot, directly or through calls, takes the
    // environment; so do the entry points and their callers.
    let mut needs_environment: HashSet<String> = uses.iter().map(|(function, _)| function.clone()).collect();
    needs_environment.extend(entries.iter().map(|entry| entry.name.clone()));
    needs_environment.extend(barriers.iter().map(|(function, _)| function.clone()));
    loop {
        let before = needs_environment.len();
        for (caller, callee, _) in &calls {
            if needs_environment.contains(callee) {
                needs_environment.insert(caller.clone());
            }
        }
        if needs_environment.len() == before {
            break;
        }
    }
    let pointer: Type<'c> = llvm::r#type::pointer(context, 0);
    let mut environment: HashMap<String, Value<'c, '_>> = HashMap::new();
    let mut sorted: Vec<&String> = needs_environment.iter().collect();
    sorted.sort();
    for name in sorted {
        let func = functions[name];
        environment.insert(name.clone(), add_environment_parameter(context, func, pointer)?);
    }
    for (function, op) in &uses {
        let global = flat_symbol(*op, "global_name").unwrap_or_default();
        replace_address_of(context, *op, environment[function], slot_of[&global])?;
    }
    for (caller, callee, call) in &calls {
        if needs_environment.contains(callee) {
            append_call_operand(context, *call, environment[caller])?;
        }
    }

    // Barriers: the functions holding them are inlined into the entry
    // points, whose barriers become region boundaries or suspend points.
    let uses_barriers =
        barrier::lower_barriers(context, module, &functions, &entries, &barriers, &calls, options.barriers)?;

    // Bounds checks, with the resource sizes in the environment's last slot.
    let mut checked_globals = HashMap::new();
    for (name, global) in &globals {
        if !slot_of.contains_key(name) {
            let ty = Type::parse(context, &global_value_type(*global)?)
                .ok_or_else(|| error(*global, "internal error: a global type that does not parse"))?;
            checked_globals.insert(name.clone(), (ty, address_space(*global)));
        }
    }
    let initializer_addresses = globals
        .iter()
        .map(|(name, global)| {
            let targets = surgery::nested_ops(*global, &mut |op| op_name(op) == "llvm.mlir.addressof")
                .into_iter()
                .filter_map(|op| flat_symbol(op, "global_name"))
                .collect();
            (name.clone(), targets)
        })
        .collect();
    let checks = bounds::Module {
        slots: &slots,
        sizes_slot: slots.len(),
        cache_slot: slots.len() + 1,
        entries: &entries,
        with_environment: &needs_environment,
        globals: checked_globals,
        initializer_addresses,
        // Only a module whose pointers may be buffer device addresses asks
        // the host: other untraced pointers (variable pointers kept in
        // variables) reach only the kernel's own objects.
        device_memory: model == ExecutionModel::GlCompute && entries.iter().any(|entry| entry.device_addresses),
    };
    let device_range_cache = options.bounds_checks && bounds::check_accesses(context, module, &checks)?;
    // Generic pointers' storage classes, from the objects' ranges (as the
    // checks trace them).
    generic::define_generic_queries(context, module, &checks, !options.bounds_checks)?;
    // OpArrayLength, from the sizes of the buffers (traced as the checks trace).
    array_length::define_array_lengths(context, module, &checks, !options.bounds_checks)?;
    // Then the atomics on workgroup memory of kernels with barriers run as
    // coroutines, checked or not, lose the lock (regions may run as vector
    // lanes: spmd.rs).
    let with_barriers: HashSet<String> = uses_barriers
        .iter()
        .filter(|(_, barriers)| matches!(barriers, workgroup::Barriers::Coroutines))
        .map(|(name, _)| name.clone())
        .collect();
    atomics::plain_workgroup_atomics(context, module, &checks, &with_barriers)?;
    bounds::remove_slot_markers(module);

    // Before the glue is added: its own divisions cannot trap.
    division::safe_divisions(context, module)?;

    for entry in &entries {
        // The entry point is now a helper of its workgroup function, which
        // should be free to inline it.
        for attribute in ["no_inline", "optimize_none", ENTRY_POINT] {
            surgery::remove_attribute(entry.func, attribute);
        }
        let linkage = Attribute::parse(context, "#llvm.linkage<internal>")
            .ok_or_else(|| error(entry.func, "cannot build the internal linkage"))?;
        surgery::set_attribute(entry.func, "linkage", linkage);
        let parameters = entry_parameters(entry)?;
        if parameters.len() != entry.arguments.len() {
            return Err(error(
                entry.func,
                format!(
                    "@{} has {} parameters but {} argument kinds",
                    entry.name,
                    parameters.len(),
                    entry.arguments.len()
                ),
            ));
        }
        // Subgroup operations anywhere in the module: the invocations run in
        // order of their local index (docs/abi.md, "Subgroups").
        let subgroup_functions = module_has_subgroup_functions(module);
        let text = workgroup::workgroup_function(&workgroup::EntryAbi {
            name: &entry.name,
            model: entry.model,
            local_size: entry.local_size,
            parameters: &parameters,
            arguments: &entry.arguments,
            argument_words: &entry.argument_words,
            value_types: &entry.value_types,
            slots: &slots,
            resources: &resources,
            push_constant_type: push_constant_type.as_deref(),
            barriers: uses_barriers.get(&entry.name).copied().unwrap_or(workgroup::Barriers::None),
            subgroup_functions,
            derivative_quads: entry.derivative_quads,
            workgroup_runs: options.workgroup_runs,
            device_range_cache,
        });
        tracing::debug!(entry = %entry.name, "kernel ABI glue:\n{text}");
        for glue in [
            format!("__spvabi_{}", entry.name),
            workgroup::groups_name(&entry.name),
            format!("__spvabi_{}_info", entry.name),
            format!("__spvabi_{}_resources", entry.name),
        ] {
            if functions.contains_key(&glue) || globals.contains_key(&glue) {
                return Err(error(
                    entry.func,
                    format!("the module already defines @{glue}, which the kernel ABI of @{} needs", entry.name),
                ));
            }
        }
        // The text declares what it uses of the module: the entry point and
        // the private variables' initial values.
        let declared: HashSet<String> = std::iter::once(entry.name.clone())
            .chain(slots.iter().filter(|slot| slot.kind == SlotKind::Private(true)).map(|slot| slot.global.clone()))
            .chain(["malloc".to_owned(), "free".to_owned()])
            .collect();
        surgery::append_parsed(context, body, &text, &|name| declared.contains(name)).ok_or_else(|| {
            error(entry.func, format!("internal error: the workgroup function of @{} does not verify", entry.name))
        })?;
        if matches!(uses_barriers.get(&entry.name), Some(workgroup::Barriers::Regions(_))) {
            inline_into_region_function(context, body, entry)?;
        }
    }

    // The replaced globals are gone; a private variable's initializer stays
    // as the value each invocation starts from.
    for slot in &slots {
        if slot.kind != SlotKind::Private(true) {
            surgery::erase(globals[&slot.global]);
        }
    }
    Ok(entries.len())
}

/// Inlines the entry point into its `__spvabi_E.region` (its one caller)
/// and erases it: `regions.rs` then finds every barrier, alone before its
/// branch, in the region function itself (LLVM's inliner would merge those
/// blocks).
fn inline_into_region_function<'c>(
    context: &'c Context,
    body: melior::ir::BlockRef<'c, '_>,
    entry: &Entry<'c, '_>,
) -> Result<'c, ()> {
    let name = region_name(&entry.name);
    let mut region = None;
    let mut op = body.first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        if op_name(current) == "llvm.func" && symbol(current).as_deref() == Some(name.as_str()) {
            region = Some(current);
        }
    }
    let region = region.ok_or_else(|| error(entry.func, format!("internal error: no @{name}")))?;
    let calls = surgery::nested_ops(region, &mut |op| {
        op_name(op) == "llvm.call" && flat_symbol(op, "callee").as_deref() == Some(entry.name.as_str())
    });
    for call in calls {
        barrier::inline_call(context, region, call, entry.func)?;
    }
    surgery::erase(entry.func);
    Ok(())
}

fn flat_symbol(op: OperationRef<'_, '_>, name: &str) -> Option<String> {
    let attribute = op.attribute(name).ok()?;
    string_value(attribute)
}

/// Whether the interface attribute of `global` has the unit field `flag`.
fn interface_flag(global: OperationRef<'_, '_>, flag: &str) -> bool {
    global
        .attribute(INTERFACE)
        .ok()
        .and_then(|attribute| DictionaryAttribute::try_from(attribute).ok())
        .is_some_and(|dictionary| dictionary.element_by_name(flag).is_some())
}

/// The integer field `key` of the interface attribute of `global`.
fn interface_integer(global: OperationRef<'_, '_>, key: &str) -> Option<u32> {
    let dictionary = DictionaryAttribute::try_from(global.attribute(INTERFACE).ok()?).ok()?;
    dictionary_integer(dictionary, key)
}

/// The printed type of the field `key` of the interface attribute of `global`.
fn interface_type(global: OperationRef<'_, '_>, key: &str) -> Option<String> {
    let dictionary = DictionaryAttribute::try_from(global.attribute(INTERFACE).ok()?).ok()?;
    TypeAttribute::try_from(dictionary.element_by_name(key)?).ok().map(|ty| ty.value().to_string())
}

fn interface_storage_class(global: OperationRef<'_, '_>) -> String {
    global
        .attribute(INTERFACE)
        .ok()
        .and_then(|attribute| DictionaryAttribute::try_from(attribute).ok())
        .and_then(|dictionary| dictionary_string(dictionary, "storage_class"))
        .unwrap_or_default()
}

fn global_value_type<'c>(global: OperationRef<'c, '_>) -> Result<'c, String> {
    global
        .attribute("global_type")
        .ok()
        .and_then(|attribute| TypeAttribute::try_from(attribute).ok())
        .map(|ty| ty.value().to_string())
        .ok_or_else(|| error(global, "a global without 'global_type'"))
}

fn address_space(global: OperationRef<'_, '_>) -> u32 {
    global
        .attribute("addr_space")
        .ok()
        .and_then(|attribute| IntegerAttribute::try_from(attribute).ok())
        .and_then(|value| u32::try_from(value.value()).ok())
        .unwrap_or(0)
}

/// A global whose initializer takes the address of a global the kernel ABI
/// replaces (`interface`: a per-invocation, per-workgroup or per-launch
/// slot) would keep pointing at the removed global: refused. The globals
/// that stay (OpenCL's program-scope `CrossWorkgroup` and `UniformConstant`
/// variables) are one object for every launch, so an address of one in
/// another's initializer (`global int *global p = &a[2];`) is the address
/// the kernels use.
fn check_initializer_uses<'c>(
    global: OperationRef<'c, '_>,
    interface: &HashMap<String, (SlotKind, Option<DescriptorBinding>)>,
) -> Result<'c, ()> {
    let found = surgery::nested_ops(global, &mut |op| op_name(op) == "llvm.mlir.addressof")
        .into_iter()
        .filter_map(|op| flat_symbol(op, "global_name"))
        .find(|name| interface.contains_key(name));
    match found {
        Some(name) => Err(error(
            global,
            format!(
                "the initializer of @{} takes the address of @{name}, which the kernel ABI replaces",
                symbol(global).unwrap_or_default()
            ),
        )),
        None => Ok(()),
    }
}

/// The printed types of an entry point's parameters (before the environment).
fn entry_parameters<'c>(entry: &Entry<'c, '_>) -> Result<'c, Vec<String>> {
    let (_, inputs) = function_type(entry.func)?;
    let count = inputs.len().saturating_sub(1);
    Ok(inputs[..count].iter().map(|ty| ty.to_string()).collect())
}

fn function_type<'c>(func: OperationRef<'c, '_>) -> Result<'c, (Type<'c>, Vec<Type<'c>>)> {
    func.attribute("function_type")
        .ok()
        .and_then(|attribute| TypeAttribute::try_from(attribute).ok())
        .and_then(|ty| llvm_function_type_parts(ty.value()))
        .ok_or_else(|| error(func, "an llvm.func without a function type"))
}

/// Appends the environment parameter to `func` (a definition): its type,
/// its argument attributes and its entry block. Returns the parameter.
fn add_environment_parameter<'c, 'a>(
    context: &'c Context,
    func: OperationRef<'c, 'a>,
    pointer: Type<'c>,
) -> Result<'c, Value<'c, 'a>> {
    let name = symbol(func).unwrap_or_default();
    let entry = func
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .ok_or_else(|| error(func, format!("@{name} reaches module variables but has no body")))?;
    let (result, mut inputs) = function_type(func)?;
    let printed_type = func.attribute("function_type").map(|ty| ty.to_string()).unwrap_or_default();
    if printed_type.contains("...") {
        return Err(error(func, format!("@{name} is variadic")));
    }
    inputs.push(pointer);
    surgery::set_attribute(
        func,
        "function_type",
        TypeAttribute::new(llvm::r#type::function(result, &inputs, false)).into(),
    );
    if let Ok(arguments) = func.attribute("arg_attrs")
        && let Ok(arguments) = ArrayAttribute::try_from(arguments)
    {
        let mut extended: Vec<Attribute<'c>> =
            (0..arguments.len()).filter_map(|index| arguments.element(index).ok()).collect();
        extended.push(DictionaryAttribute::new(context, &[]).into());
        surgery::set_attribute(func, "arg_attrs", ArrayAttribute::new(context, &extended).into());
    }
    Ok(entry.add_argument(pointer, func.location()))
}

/// `llvm.mlir.addressof @G` becomes the load of slot `slot` of `environment`.
fn replace_address_of<'c>(
    context: &'c Context,
    address_of: OperationRef<'c, '_>,
    environment: Value<'c, '_>,
    slot: usize,
) -> Result<'c, ()> {
    let location = address_of.location();
    let pointer: Type<'c> = llvm::r#type::pointer(context, 0);
    let result = address_of.result(0).map_err(|_| error(address_of, "llvm.mlir.addressof without result"))?;
    let index = i32::try_from(slot).map_err(|_| error(address_of, "too many module variables"))?;
    let block = address_of.block().ok_or_else(|| error(address_of, "an op outside any block"))?;
    let gep = OperationBuilder::new("llvm.getelementptr", location)
        .add_operands(&[environment])
        .add_results(&[pointer])
        .add_attributes(&[
            (Identifier::new(context, "rawConstantIndices"), DenseI32ArrayAttribute::new(context, &[index]).into()),
            (Identifier::new(context, "elem_type"), TypeAttribute::new(pointer).into()),
        ])
        .build()
        .map_err(|failure| error(address_of, failure.to_string()))?;
    let gep = block.insert_operation_before(address_of, gep);
    let slot_pointer: Value<'c, '_> =
        gep.result(0).map_err(|_| error(address_of, "getelementptr without result"))?.into();
    let load = OperationBuilder::new("llvm.load", location)
        .add_operands(&[slot_pointer])
        .add_results(&[melior::ir::ValueLike::r#type(&result)])
        .add_attributes(&[(
            Identifier::new(context, bounds::SLOT_ATTRIBUTE),
            IntegerAttribute::new(Type::index(context), i64::from(index)).into(),
        )])
        .build()
        .map_err(|failure| error(address_of, failure.to_string()))?;
    let load = block.insert_operation_before(address_of, load);
    let loaded: Value<'c, '_> = load.result(0).map_err(|_| error(address_of, "load without result"))?.into();
    surgery::replace_all_uses(result.into(), loaded);
    surgery::erase(address_of);
    Ok(())
}

/// Appends `value` to the operands of the `llvm.call` `call`.
fn append_call_operand<'c>(context: &'c Context, call: OperationRef<'c, '_>, value: Value<'c, '_>) -> Result<'c, ()> {
    let mut operands: Vec<Value<'c, '_>> = call.operands().collect();
    let segments = call
        .attribute("operandSegmentSizes")
        .ok()
        .and_then(|attribute| DenseI32ArrayAttribute::try_from(attribute).ok())
        .map(|sizes| (0..sizes.len()).filter_map(|index| sizes.element(index).ok()).collect::<Vec<_>>());
    let Some(mut segments) = segments.filter(|segments| segments.len() == 2 && segments[1] == 0) else {
        return Err(error(call, "a call with operand bundles cannot take the environment"));
    };
    segments[0] += 1;
    operands.push(value);
    surgery::set_operands(call, &operands);
    surgery::set_attribute(call, "operandSegmentSizes", DenseI32ArrayAttribute::new(context, &segments).into());
    if let Ok(arguments) = call.attribute("arg_attrs")
        && let Ok(arguments) = ArrayAttribute::try_from(arguments)
    {
        let mut extended: Vec<Attribute<'c>> =
            (0..arguments.len()).filter_map(|index| arguments.element(index).ok()).collect();
        extended.push(DictionaryAttribute::new(context, &[]).into());
        surgery::set_attribute(call, "arg_attrs", ArrayAttribute::new(context, &extended).into());
    }
    Ok(())
}
