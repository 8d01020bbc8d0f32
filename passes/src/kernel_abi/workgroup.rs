//! The workgroup function and the kernel info of an entry point, written as
//! MLIR text (LLVM dialect) and parsed into the module: glue with loops and
//! struct layouts reads best in the IR's own syntax.
//!
//! `__spvabi_E(dispatch, workgroup_id)`:
//! 1. reads the dispatch (`spvabi_dispatch`, docs/abi.md), allocates the
//!    workgroup variables (and OpenCL `__local` arguments) on its stack;
//! 2. for each invocation, in x-fastest order, fills the invocation's
//!    environment (built-in values, private variables from their
//!    initializers, pointers to resources and workgroup memory) and calls
//!    the entry point: to completion without barriers, or, for a coroutine,
//!    to its first barrier;
//! 3. for a coroutine, resumes every unfinished invocation in turn until all
//!    have finished, then destroys them.
//!
//! With regions (`regions.rs`), step 2 is instead rounds: each a loop over
//! the invocations waiting for one region, calling `__spvabi_E.region`.
//!
//! An entry point without barriers, workgroup memory or subgroups
//! ([`runs_workgroups`]) has its body in `__spvabi_E_groups(dispatch,
//! workgroup_id, count)` instead: steps 1 and 2 for `count` consecutive
//! workgroups along x, the setup once and step 2 in a loop over the
//! workgroups (their ids, and the sizes of non-uniform OpenCL workgroups,
//! made in the loop); `__spvabi_E` calls it with a count of 1. Where the
//! kernel reads no id that differs between those workgroups
//! ([`fuses_runs`]), there is no loop over the workgroups: the x loop of
//! step 2 goes over the whole run.

use std::fmt::Write;

use super::{ExecutionModel, Slot, SlotKind, regions};
use crate::ir_text::{Text, symbol};

/// The version `__spvabi_E_info.abi_version` holds (docs/abi.md).
pub const ABI_VERSION: u32 = 4;

/// The most invocations a workgroup may have (Vulkan's and OpenCL's common
/// device limit).
pub const MAX_INVOCATIONS: u32 = 1024;

/// `spvabi_dispatch` in LLVM: resources, resource sizes, push constants,
/// `num_workgroups[3]`, `workgroup_size[3]`, `global_offset[3]`,
/// `work_dim`, a reserved word, `global_size[3]`.
const DISPATCH: &str =
    "!llvm.struct<(ptr, ptr, ptr, array<3 x i32>, array<3 x i32>, array<3 x i64>, i32, i32, array<3 x i64>)>";

/// `spvabi_resource`: kind, descriptor set, binding, declared size, element
/// in a descriptor array, the array's length.
const RESOURCE: &str = "!llvm.struct<(i32, i32, i32, i32, i32, i32)>";

/// `spvabi_kernel_info`: ABI version, execution model, workgroup size,
/// resource count, push-constant size, barrier flag, resources, the
/// function running runs of workgroups (`__spvabi_E_groups`) or null.
const INFO: &str = "!llvm.struct<(i32, i32, array<3 x i32>, i32, i32, i32, ptr, ptr)>";

/// What a resource (an entry of the info's table, and of
/// `dispatch->resources`) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    /// A Vulkan storage buffer (`StorageBuffer`, or `Uniform` + `BufferBlock`).
    StorageBuffer = 1,
    /// A Vulkan uniform buffer.
    UniformBuffer = 2,
    /// An OpenCL `__global` or `__constant` pointer argument: the buffer.
    GlobalPointer = 3,
    /// An OpenCL `__local` pointer argument: `resource_sizes[i]` bytes the
    /// workgroup function allocates for each workgroup.
    LocalPointer = 4,
    /// An OpenCL argument passed by value: `resources[i]` points at it.
    Value = 5,
    /// A Vulkan storage image: `resources[i]` points at its `spvabi_image`.
    StorageImage = 6,
    /// A Vulkan storage texel buffer (`spvabi_image` too).
    StorageTexelBuffer = 7,
    /// A Vulkan uniform texel buffer (`spvabi_image` too).
    UniformTexelBuffer = 8,
    /// A Vulkan sampled image (`texture2D`): a `spvabi_image`.
    SampledImage = 9,
    /// A Vulkan sampler: `resources[i]` points at its `spvabi_sampler`.
    Sampler = 10,
    /// A Vulkan combined image sampler (`sampler2D`): a `spvabi_image`
    /// followed by a `spvabi_sampler` (docs/abi.md).
    CombinedImageSampler = 11,
}

/// What the glue of one entry point is made from.
pub(super) struct EntryAbi<'a> {
    pub name: &'a str,
    pub model: ExecutionModel,
    pub local_size: Option<[u32; 3]>,
    /// The printed LLVM types of the entry point's own parameters (OpenCL).
    pub parameters: &'a [String],
    /// What each parameter is.
    pub arguments: &'a [ResourceKind],
    /// The image word of each image or sampler argument.
    pub argument_words: &'a [Option<u32>],
    /// Per parameter, the LLVM type a struct passed by value has.
    pub value_types: &'a [Option<String>],
    pub slots: &'a [Slot],
    pub resources: &'a [super::Binding],
    pub push_constant_type: Option<&'a str>,
    /// How the entry point's workgroup barriers run, if it has any.
    pub barriers: Barriers,
    /// Whether the module has subgroup operations.
    pub subgroup_functions: bool,
    /// The execution mode `DerivativeGroupQuadsKHR`: the invocations run in
    /// order of 2x2 quads of local ids (`invocations_function`).
    pub derivative_quads: bool,
    /// Whether runs of workgroups are wanted (`KernelAbiOptions`).
    pub workgroup_runs: bool,
    /// Whether the bounds checks ask the host about buffer device
    /// addresses through a cache of its answers (`bounds.rs`,
    /// `CACHED_QUERY`): the environment then has a word more, after the
    /// resource sizes, pointing at the cache's two i128 entries, which the
    /// workgroup function keeps and zeroes once per call, so that every
    /// invocation of its workgroups shares them (the device buffers' ranges
    /// do not change during a dispatch; each thread's call has its own).
    pub device_range_cache: bool,
}

impl EntryAbi<'_> {
    /// The words of an environment: the slots, the resource sizes, and the
    /// device-range cache where there is one.
    fn environment_words(&self) -> usize {
        self.slots.len() + 1 + usize::from(self.device_range_cache)
    }
}

/// How an entry point's workgroup barriers run (docs/abi.md, "Barriers").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Barriers {
    /// No workgroup barrier: invocations run to completion one after another.
    None,
    /// Regions between the barriers, each a loop over the invocations; the
    /// entry point has this many barriers (`__spvabi_barrier(0..n)`).
    Regions(u32),
    /// Each invocation a coroutine.
    Coroutines,
}

impl Barriers {
    /// `spvabi_kernel_info.uses_barriers`: 0, 1 coroutines, 2 regions.
    fn info_word(self) -> i64 {
        match self {
            Self::None => 0,
            Self::Coroutines => 1,
            Self::Regions(_) => 2,
        }
    }
}

/// The i64 values the built-ins are made of, in the invocation's block.
struct Ids {
    local: [String; 3],
    group: [String; 3],
    groups: [String; 3],
    /// The workgroup's size: smaller than `enqueued` in the last
    /// workgroup of a dimension of a non-uniform OpenCL dispatch.
    size: [String; 3],
    offset: [String; 3],
    /// The size the dispatch asked for (`get_enqueued_local_size`).
    enqueued: [String; 3],
    /// The global size (`get_global_size`).
    global: [String; 3],
    work_dim: String,
    local_index: String,
    /// The invocation's place in the order the invocations run in, whose
    /// runs of S are the subgroups: the local index, but with
    /// `DerivativeGroupQuads` the loop's counter (quads of 2x2 local ids).
    order_index: String,
    /// The subgroup size (docs/abi.md, "Subgroups"): a call of
    /// [`subgroup_size_name`] where a subgroup built-in needs it.
    subgroup_size: String,
    /// An OpenCL kernel: `SubgroupSize` is the invocation's subgroup's
    /// length (`get_sub_group_size`, shorter for a workgroup's last
    /// subgroup), not S.
    opencl: bool,
}

/// The MLIR text (a module) holding `__spvabi_<entry>`, `__spvabi_<entry>_info`
/// and the declarations they need to verify on their own.
pub(super) fn workgroup_function(abi: &EntryAbi<'_>) -> String {
    let name = abi.name;
    let coroutine = abi.barriers == Barriers::Coroutines;
    let mut text = Text::new();
    // The variables' slots, then `dispatch->resource_sizes` (bounds checks),
    // then the device-range cache's entries (if any).
    let environment_size = abi.environment_words();
    let entry_result = if coroutine { " -> !llvm.ptr" } else { "" };
    let mut entry_inputs: Vec<String> = abi.parameters.to_vec();
    entry_inputs.push("!llvm.ptr".to_owned());
    let entry_inputs = entry_inputs.join(", ");
    let entry_call_result = if coroutine { "!llvm.ptr" } else { "()" };

    // Entry block: the dispatch, the workgroup memory, the environments.
    let one = text.i64(1);
    let zero = text.i64(0);
    let runs = runs_workgroups(abi);
    let fused = runs && fuses_runs(abi);
    let loads = dispatch_loads(&mut text, abi.local_size);
    // One workgroup, or a fused run (the first workgroup's ids): its ids
    // here. A run of them otherwise: in the loop below.
    let first_group = (!runs || fused).then(|| group_ids(&mut text, abi, &loads, None));
    let resources = dispatch_field(&mut text, "0, 0", "!llvm.ptr");
    let resource_sizes = dispatch_field(&mut text, "0, 1", "!llvm.ptr");
    let copies = match &first_group {
        Some(group) if coroutine => group.invocations.clone(),
        _ => one.clone(),
    };

    // Workgroup variables and the entry point's arguments (OpenCL).
    let mut shared: Vec<Option<String>> = Vec::new();
    // Aliased workgroup blocks (SPV_KHR_workgroup_memory_explicit_layout)
    // share one allocation, as large as the largest of them.
    let mut aliased_memory: Option<String> = None;
    for slot in abi.slots {
        shared.push(match slot.kind {
            SlotKind::Workgroup if slot.aliased => {
                let memory = match &aliased_memory {
                    Some(memory) => memory.clone(),
                    None => {
                        let mut bytes: Option<String> = None;
                        for other in abi.slots.iter().filter(|other| other.aliased) {
                            let size = size_of(&mut text, &other.value_type);
                            bytes = Some(match bytes {
                                Some(largest) => text.value(format!("llvm.intr.umax({largest}, {size}) : (i64, i64) -> i64")),
                                None => size,
                            });
                        }
                        let bytes = bytes.unwrap_or_else(|| one.clone());
                        let memory =
                            text.value(format!("llvm.alloca {bytes} x i8 {{alignment = 64 : i64}} : (i64) -> !llvm.ptr"));
                        let zero_byte = text.value("llvm.mlir.constant(0 : i8) : i8");
                        text.line(format!(
                            "\"llvm.intr.memset\"({memory}, {zero_byte}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
                        ));
                        aliased_memory = Some(memory.clone());
                        memory
                    }
                };
                Some(text.cast_to(&memory, slot.address_space))
            }
            SlotKind::Workgroup => {
                let memory =
                    text.value(format!("llvm.alloca {one} x {} {{alignment = 64 : i64}} : (i64) -> !llvm.ptr", slot.value_type));
                // Workgroup memory starts zeroed: deterministic runs.
                let bytes = size_of(&mut text, &slot.value_type);
                let zero_byte = text.value("llvm.mlir.constant(0 : i8) : i8");
                text.line(format!(
                    "\"llvm.intr.memset\"({memory}, {zero_byte}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
                ));
                Some(text.cast_to(&memory, slot.address_space))
            }
            SlotKind::Resource(index) => {
                let index = text.i64(index as i64);
                let pointer = text.pointer_at(&resources, &index);
                let buffer = text.value(format!("llvm.load {pointer} : !llvm.ptr -> !llvm.ptr"));
                Some(text.cast_to(&buffer, slot.address_space))
            }
            // The buffers' addresses, copied to the workgroup's stack as the
            // sizes below: the invocations' reads of them leave their loop.
            SlotKind::Descriptors(first, count) => {
                let first = text.i64(first as i64);
                let addresses = text.pointer_at(&resources, &first);
                let count = text.i64(i64::from(count));
                let copy = text.value(format!("llvm.alloca {count} x !llvm.ptr {{alignment = 8 : i64}} : (i64) -> !llvm.ptr"));
                let eight = text.i64(8);
                let bytes = text.value(format!("llvm.mul {count}, {eight} : i64"));
                text.line(format!(
                    "\"llvm.intr.memcpy\"({copy}, {addresses}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, !llvm.ptr, i64) -> ()"
                ));
                Some(text.cast_to(&copy, slot.address_space))
            }
            SlotKind::PushConstant => {
                // Copied to the workgroup's stack, as the sizes below: the
                // invocations' reads of it then leave their loop.
                let block = dispatch_field(&mut text, "0, 2", "!llvm.ptr");
                let copy = text.value(format!(
                    "llvm.alloca {one} x {} {{alignment = 16 : i64}} : (i64) -> !llvm.ptr",
                    slot.value_type
                ));
                let bytes = size_of(&mut text, &slot.value_type);
                text.line(format!(
                    "\"llvm.intr.memcpy\"({copy}, {block}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, !llvm.ptr, i64) -> ()"
                ));
                Some(text.cast_to(&copy, slot.address_space))
            }
            SlotKind::BuiltIn(_) | SlotKind::Private(_) => None,
        });
    }
    let mut arguments = Vec::new();
    for (index, (ty, kind)) in abi.parameters.iter().zip(abi.arguments).enumerate() {
        let position = text.i64(index as i64);
        let address_space = pointer_address_space(ty);
        arguments.push(match (kind, address_space) {
            (ResourceKind::LocalPointer, Some(address_space)) => {
                let size_pointer = text.value(format!(
                    "llvm.getelementptr {resource_sizes}[{position}] : (!llvm.ptr, i64) -> !llvm.ptr, i64"
                ));
                let bytes = text.value(format!("llvm.load {size_pointer} : !llvm.ptr -> i64"));
                let memory =
                    text.value(format!("llvm.alloca {bytes} x i8 {{alignment = 128 : i64}} : (i64) -> !llvm.ptr"));
                text.cast_to(&memory, address_space)
            }
            // A by-value struct is passed as a pointer to it: the host's copy.
            // An image or sampler: its descriptor.
            (
                ResourceKind::StorageImage
                | ResourceKind::SampledImage
                | ResourceKind::StorageTexelBuffer
                | ResourceKind::UniformTexelBuffer
                | ResourceKind::Sampler,
                _,
            ) => {
                let pointer = text.pointer_at(&resources, &position);
                text.value(format!("llvm.load {pointer} : !llvm.ptr -> !llvm.ptr"))
            }
            (ResourceKind::GlobalPointer | ResourceKind::Value, Some(address_space)) => {
                let pointer = text.pointer_at(&resources, &position);
                let buffer = text.value(format!("llvm.load {pointer} : !llvm.ptr -> !llvm.ptr"));
                text.cast_to(&buffer, address_space)
            }
            _ => {
                let pointer = text.pointer_at(&resources, &position);
                let value = text.value(format!("llvm.load {pointer} : !llvm.ptr -> !llvm.ptr"));
                text.value(format!("llvm.load {value} : !llvm.ptr -> {ty}"))
            }
        });
    }

    // The sizes the bounds checks read, copied to the workgroup's stack:
    // memory the optimizer knows it may read anywhere and nothing writes,
    // so their loads leave the invocation loop (not masked gathers).
    let resource_count = abi.resources.len().max(abi.parameters.len());
    let resource_sizes = if resource_count == 0 {
        resource_sizes
    } else {
        let count = text.i64(resource_count as i64);
        let copy = text.value(format!("llvm.alloca {count} x i64 {{alignment = 8 : i64}} : (i64) -> !llvm.ptr"));
        let bytes = text.i64(8 * resource_count as i64);
        text.line(format!(
            "\"llvm.intr.memcpy\"({copy}, {resource_sizes}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, !llvm.ptr, i64) -> ()"
        ));
        copy
    };

    // The cache of the host's device-range answers: two i128s, zero (no
    // range), here once, before any workgroup of a run.
    let device_range_cache = abi.device_range_cache.then(|| {
        let two = text.i64(2);
        let cache = text.value(format!("llvm.alloca {two} x i128 {{alignment = 16 : i64}} : (i64) -> !llvm.ptr"));
        let zero_byte = text.value("llvm.mlir.constant(0 : i8) : i8");
        let bytes = text.i64(32);
        text.line(format!(
            "\"llvm.intr.memset\"({cache}, {zero_byte}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
        ));
        cache
    });

    // Per-invocation storage: environments, built-ins, private variables.
    let environment_words = text.i64(environment_size as i64);
    let total_words = text.value(format!("llvm.mul {copies}, {environment_words} : i64"));
    let environments =
        text.value(format!("llvm.alloca {total_words} x !llvm.ptr {{alignment = 8 : i64}} : (i64) -> !llvm.ptr"));
    // Without barriers the invocation function has its own (below).
    let own: Vec<Option<String>> =
        if coroutine { own_storage(&mut text, abi.slots, &copies) } else { vec![None; abi.slots.len()] };
    let handles = coroutine
        .then(|| text.value(format!("llvm.alloca {copies} x !llvm.ptr {{alignment = 8 : i64}} : (i64) -> !llvm.ptr")));

    // Without barriers every invocation uses environment copy 0, whose
    // pointers do not change: stored once, before the loop, so that the
    // optimizer sees them as loop invariants (bounds, push constants).
    let storage = Storage {
        slots: abi.slots,
        shared: &shared,
        own: &own,
        environments: &environments,
        words: &environment_words,
        device_range_cache: device_range_cache.as_deref(),
    };
    if !coroutine {
        storage.fill(&mut text, &zero, None, Some(&resource_sizes));
    }

    // A run of workgroups: for w < count, workgroup (x + w, y, z). What
    // the workgroups share was read above, once. A fused run
    // ([`fuses_runs`]) has no such loop: its x loop below goes over the
    // whole run instead.
    let group = match first_group {
        Some(group) => group,
        None => {
            let count = text.value("llvm.zext %count : i32 to i64");
            text.line(format!("llvm.br ^group({zero} : i64)"));
            text.label("group(%w: i64)");
            let more = text.value(format!("llvm.icmp \"ult\" %w, {count} : i64"));
            text.line(format!("llvm.cond_br {more}, ^group_start, ^groups_done"));
            text.label("group_start");
            group_ids(&mut text, abi, &loads, Some("%w"))
        }
    };
    let GroupIds { dispatch, plane, invocations } = group;
    let size = dispatch.size.clone();

    if let Barriers::Regions(barriers) = abi.barriers {
        let glue = RegionGlue { size: &size, invocations: &invocations, environment: &environments };
        region_rounds(&mut text, abi, barriers, &glue, &arguments, &dispatch);
        return module_text(abi, &text.out, &entry_inputs, entry_result);
    }

    // for z, for y, for x: one invocation. With subgroups, a barrier-free
    // entry point's invocations run in one loop over their local index,
    // passed as x (y = z = 0): a vector of lanes, a subgroup, holds
    // consecutive indices across rows (docs/abi.md, "Subgroups").
    let linear = !coroutine && in_index_order(abi);
    let bounds = if linear {
        [invocations.clone(), one.clone(), one.clone()]
    } else if fused {
        // The run's x extent: `count` workgroups of the enqueued width
        // from the first one, the last of a row possibly narrower
        // (non-uniform OpenCL workgroups): min(count * enqueued, global -
        // first * enqueued). With a size the module fixes the dispatch is
        // uniform and a run stays in its row: count * width.
        let count = text.value("llvm.zext %count : i32 to i64");
        let wide = text.value(format!("llvm.mul {count}, {} : i64", dispatch.enqueued[0]));
        let extent = if abi.local_size.is_some() {
            wide
        } else {
            let start = text.value(format!("llvm.mul {}, {} : i64", dispatch.group[0], dispatch.enqueued[0]));
            let left = text.value(format!("llvm.sub {}, {start} : i64", dispatch.global[0]));
            text.value(format!("llvm.intr.umin({wide}, {left}) : (i64, i64) -> i64"))
        };
        [extent, size[1].clone(), size[2].clone()]
    } else {
        [size[0].clone(), size[1].clone(), size[2].clone()]
    };
    text.line(format!("llvm.br ^z({zero} : i64)"));
    text.label("z(%z: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %z, {} : i64", bounds[2]));
    text.line(format!("llvm.cond_br {more}, ^y_start, ^invocations_done"));
    text.label("y_start");
    text.line(format!("llvm.br ^y({zero} : i64)"));
    text.label("y(%y: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %y, {} : i64", bounds[1]));
    text.line(format!("llvm.cond_br {more}, ^x_start, ^y_done"));
    text.label("x_start");
    text.line(format!("llvm.br ^x({zero} : i64)"));
    text.label("x(%x: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %x, {} : i64", bounds[0]));
    text.line(format!("llvm.cond_br {more}, ^invocation, ^x_done"));
    text.label("invocation");
    if !coroutine {
        // `__spvabi_E.invocations` runs invocation x (or, once the SPMD
        // vectorizer has rewritten it, several from x on) and says how many.
        // The ids every invocation shares are read here, once: loads
        // inside the loop could alias the kernel's stores.
        let mut inputs = vec![environments.clone()];
        inputs.extend(arguments.iter().cloned());
        inputs.extend(dispatch.values());
        inputs.extend(["%x".to_owned(), "%y".to_owned(), "%z".to_owned(), bounds[0].clone()]);
        let count = text.value(format!(
            "llvm.call {}({}) : ({}) -> i64",
            symbol(&invocations_name(name)),
            inputs.join(", "),
            invocation_inputs(abi)
        ));
        let next = text.value(format!("llvm.add %x, {count} : i64"));
        text.line(format!("llvm.br ^x({next} : i64)"));
    }
    if let Some(handles) = &handles {
        let local_index = local_index(&mut text, &dispatch.size, &plane);
        let subgroup_size = subgroup_size(&mut text, abi);
        let ids = dispatch.invocation(&local_index, &subgroup_size, abi);
        let environment = storage.fill(&mut text, &local_index, Some(&ids), Some(&resource_sizes));
        let mut call_arguments = arguments.clone();
        call_arguments.push(environment.clone());
        let handle = text.value(format!(
            "llvm.call {}({}) : ({entry_inputs}) -> {entry_call_result}",
            symbol(name),
            call_arguments.join(", ")
        ));
        let handle_slot = text.pointer_at(handles, &local_index);
        text.line(format!("llvm.store {handle}, {handle_slot} : !llvm.ptr, !llvm.ptr"));
        let next = text.value(format!("llvm.add %x, {one} : i64"));
        text.line(format!("llvm.br ^x({next} : i64)"));
    }
    text.label("x_done");
    let next = text.value(format!("llvm.add %y, {one} : i64"));
    text.line(format!("llvm.br ^y({next} : i64)"));
    text.label("y_done");
    let next = text.value(format!("llvm.add %z, {one} : i64"));
    text.line(format!("llvm.br ^z({next} : i64)"));
    text.label("invocations_done");
    if let Some(handles) = &handles {
        // Rounds: resume every unfinished invocation; each round takes every
        // invocation across one barrier. Invocations that finished are
        // skipped, so a barrier some invocations never reach cannot hang.
        // Subgroup operations suspend too (spmd/rendezvous.rs): before a
        // round, and after it, those waiting at one are resolved, until
        // every invocation waits at a barrier or is done.
        let rendezvous = format!("llvm.call {}({handles}, {invocations}) : (!llvm.ptr, i64) -> ()", symbol(&rendezvous_name(name)));
        text.line(rendezvous.clone());
        let no = text.value("llvm.mlir.constant(false) : i1");
        let yes = text.value("llvm.mlir.constant(true) : i1");
        text.line(format!("llvm.br ^resume({zero}, {no} : i64, i1)"));
        text.label("resume(%i: i64, %any: i1)");
        let more = text.value(format!("llvm.icmp \"ult\" %i, {invocations} : i64"));
        text.line("llvm.cond_br {more}, ^resume_one, ^round_done".replace("{more}", &more));
        text.label("resume_one");
        let handle_slot = text.pointer_at(handles, "%i");
        let handle = text.value(format!("llvm.load {handle_slot} : !llvm.ptr -> !llvm.ptr"));
        let done = text.value(format!("llvm.call_intrinsic \"llvm.coro.done\"({handle}) : (!llvm.ptr) -> i1"));
        let next = text.value(format!("llvm.add %i, {one} : i64"));
        text.line(format!("llvm.cond_br {done}, ^resume({next}, %any : i64, i1), ^resume_now"));
        text.label("resume_now");
        text.line(format!("llvm.intr.coro.resume {handle} : !llvm.ptr"));
        text.line(format!("llvm.br ^resume({next}, {yes} : i64, i1)"));
        text.label("round_done");
        text.line(rendezvous);
        text.line(format!("llvm.cond_br %any, ^resume({zero}, {no} : i64, i1), ^destroy({zero} : i64)"));
        text.label("destroy(%d: i64)");
        let more = text.value(format!("llvm.icmp \"ult\" %d, {invocations} : i64"));
        text.line(format!("llvm.cond_br {more}, ^destroy_one, ^done"));
        text.label("destroy_one");
        let handle_slot = text.pointer_at(handles, "%d");
        let handle = text.value(format!("llvm.load {handle_slot} : !llvm.ptr -> !llvm.ptr"));
        text.line(format!("llvm.call_intrinsic \"llvm.coro.destroy\"({handle}) : (!llvm.ptr) -> ()"));
        let next = text.value(format!("llvm.add %d, {one} : i64"));
        text.line(format!("llvm.br ^destroy({next} : i64)"));
        text.label("done");
    }
    if runs && !fused {
        text.line("llvm.br ^group_next");
        text.label("group_next");
        let next = text.value(format!("llvm.add %w, {one} : i64"));
        text.line(format!("llvm.br ^group({next} : i64)"));
        text.label("groups_done");
    }
    text.line("llvm.return");
    module_text(abi, &text.out, &entry_inputs, entry_result)
}

/// Whether consecutive workgroups of the entry point run as one loop in
/// `__spvabi_E_groups` (docs/abi.md, "Runs of workgroups"): without
/// barriers (a coroutine's or a region's state is per workgroup), workgroup
/// memory or `__local` arguments (each workgroup's starts zeroed, or is the
/// host's size: a loop would have to renew it), and subgroups (their
/// invocations run in index order, and the vectorizer's subgroup
/// operations are kept to the one shape they were built and tested on).
pub(super) fn runs_workgroups(abi: &EntryAbi<'_>) -> bool {
    abi.workgroup_runs
        && abi.barriers == Barriers::None
        && !in_index_order(abi)
        && !abi.slots.iter().any(|slot| slot.kind == SlotKind::Workgroup)
        && !abi.arguments.contains(&ResourceKind::LocalPointer)
}

/// Whether a run of workgroups is one invocation loop along x (`fused`):
/// for z, for y, for x < the run's width, invocation x of the first
/// workgroup, so that its global id x is the first workgroup's first plus
/// x. That is each invocation's global id, and every id and size the kernel
/// may read is the same for the whole run, when it reads none of the ids
/// that differ between workgroups or within a row of them: the local id
/// and index, the workgroup id, and (with a dispatch-time size, where the
/// last workgroup of a row may be narrower) the workgroup size. The
/// invocations then run in another order than workgroup by workgroup,
/// which a kernel without barriers or workgroup memory cannot tell (no
/// invocation may read what another writes without synchronising).
/// The gain: LLVM's loops see `count` times as many iterations, so the
/// bounds checks' ranges (`irce`, src/range_checks.rs) and the loop
/// vectorizer's run-time checks are made once per run, not per workgroup
/// (saxpy: docs/performance.md, "Session 21 (h1)").
pub(super) fn fuses_runs(abi: &EntryAbi<'_>) -> bool {
    runs_workgroups(abi)
        && !abi.slots.iter().any(|slot| match &slot.kind {
            SlotKind::BuiltIn(name) => {
                matches!(name.as_str(), "LocalInvocationId" | "LocalInvocationIndex" | "WorkgroupId")
                    || (name == "WorkgroupSize" && abi.local_size.is_none())
            }
            _ => false,
        })
}

/// The name of the function running a run of consecutive workgroups
/// (`__spvabi_E_groups`, docs/abi.md).
pub fn groups_name(entry: &str) -> String {
    format!("__spvabi_{entry}_groups")
}

/// The ids of one workgroup, and its invocation count.
struct GroupIds {
    dispatch: DispatchIds,
    plane: String,
    invocations: String,
}

/// The ids of the workgroup `loads` names (x advanced by `advance`, the
/// loop counter of a run), its plane and invocation count; a dispatch-time
/// size that does not fit the limit runs nothing: the function returns,
/// or a run goes on to its next workgroup.
fn group_ids(text: &mut Text, abi: &EntryAbi<'_>, loads: &DispatchLoads, advance: Option<&str>) -> GroupIds {
    let dispatch = derive_ids(text, loads, abi.local_size, advance);
    let size = &dispatch.size;
    let plane = text.value(format!("llvm.mul {}, {} : i64", size[0], size[1]));
    let invocations = text.value(format!("llvm.mul {plane}, {} : i64", size[2]));
    // A dispatch-time size must fit the limit; workgroup memory and the
    // coroutines' tables are sized by it.
    if abi.local_size.is_none() {
        let zero = text.i64(0);
        let limit = text.i64(i64::from(MAX_INVOCATIONS));
        let too_many = text.value(format!("llvm.icmp \"ugt\" {invocations}, {limit} : i64"));
        let empty = text.value(format!("llvm.icmp \"eq\" {invocations}, {zero} : i64"));
        let bad = text.value(format!("llvm.or {too_many}, {empty} : i1"));
        if advance.is_some() {
            text.line(format!("llvm.cond_br {bad}, ^group_next, ^start"));
        } else {
            text.line(format!("llvm.cond_br {bad}, ^refuse, ^start"));
            text.label("refuse");
            text.line("llvm.return");
        }
        text.label("start");
    }
    GroupIds { dispatch, plane, invocations }
}

/// The module holding the workgroup function whose body is `body`, the
/// declarations it needs, the invocation function and the info.
fn module_text(abi: &EntryAbi<'_>, body: &str, entry_inputs: &str, entry_result: &str) -> String {
    let name = abi.name;
    let mut module = String::new();
    let _ = writeln!(module, "module {{");
    let _ = writeln!(module, "  llvm.func {}({entry_inputs}){entry_result}", symbol(name));
    // The private variables' initial values, read from the module's globals.
    for slot in abi.slots.iter().filter(|slot| slot.kind == SlotKind::Private(true)) {
        let _ = writeln!(
            module,
            "  llvm.mlir.global external {}() {{addr_space = {} : i32}} : {}",
            symbol(&slot.global),
            slot.address_space,
            slot.value_type
        );
    }
    let parameters = "%dispatch: !llvm.ptr {llvm.noalias, llvm.readonly}, %workgroup_id: !llvm.ptr {llvm.readonly}";
    if runs_workgroups(abi) {
        let groups = symbol(&groups_name(name));
        let _ = writeln!(
            module,
            "  llvm.func {}({parameters}) {{\n    %0 = llvm.mlir.constant(1 : i32) : i32\n    \
             llvm.call {groups}(%dispatch, %workgroup_id, %0) : (!llvm.ptr, !llvm.ptr, i32) -> ()\n    llvm.return\n  }}",
            symbol(&format!("__spvabi_{name}"))
        );
        // Not inlined into `__spvabi_E`: one copy of the body, not two.
        let _ = writeln!(
            module,
            "  llvm.func {groups}({parameters}, %count: i32) attributes {{passthrough = [\"noinline\"]}} {{"
        );
        module.push_str(body);
        let _ = writeln!(module, "  }}");
    } else {
        let _ = writeln!(module, "  llvm.func {}({parameters}) {{", symbol(&format!("__spvabi_{name}")));
        module.push_str(body);
        let _ = writeln!(module, "  }}");
    }
    match abi.barriers {
        Barriers::None => module.push_str(&invocations_function(abi, false)),
        Barriers::Regions(barriers) => {
            module.push_str(&invocations_function(abi, true));
            module.push_str(&round_functions(abi));
            module.push_str(&step_body(abi));
            for region in 0..=barriers {
                module.push_str(&step_function(abi, region));
            }
            let _ = writeln!(
                module,
                "  llvm.mlir.global external constant {}() {{addr_space = 0 : i32}} : i64",
                symbol(&region_width_name(name))
            );
            let _ = writeln!(module, "  llvm.func @malloc(i64) -> !llvm.ptr");
            let _ = writeln!(module, "  llvm.func @free(!llvm.ptr)");
            for global in [region_bytes_name(name), region_uniform_bytes_name(name)] {
                let _ = writeln!(
                    module,
                    "  llvm.mlir.global external constant {}() {{addr_space = 0 : i32}} : i64",
                    symbol(&global)
                );
            }
        }
        Barriers::Coroutines => {
            // Subgroups of one invocation: nothing to resolve, unless
            // spmd/rendezvous.rs replaces it.
            let _ = writeln!(
                module,
                "  llvm.func internal {}(%arg0: !llvm.ptr, %arg1: i64) {{\n    llvm.return\n  }}",
                symbol(&rendezvous_name(name))
            );
        }
    }
    if uses_subgroup_built_ins(abi) {
        // One invocation per subgroup, unless the SPMD vectorizer replaces
        // the calls in the invocations it runs as lanes (spmd.rs).
        let _ = writeln!(
            module,
            "  llvm.func internal {}() -> i64 {{\n    %0 = llvm.mlir.constant(1 : i64) : i64\n    llvm.return %0 : i64\n  }}",
            symbol(&subgroup_size_name(name))
        );
    }
    module.push_str(&info_globals(abi));
    let _ = writeln!(module, "}}");
    module
}

/// The i64 values read from the dispatch and the workgroup id that every
/// invocation of a workgroup shares.
struct DispatchIds {
    group: Vec<String>,
    groups: Vec<String>,
    /// This workgroup's size (see [`Ids::size`]).
    size: Vec<String>,
    offset: Vec<String>,
    enqueued: Vec<String>,
    global: Vec<String>,
    work_dim: String,
}

impl DispatchIds {
    /// How many values: group, groups, size, offset, enqueued size and
    /// global size (3 each), work_dim.
    const COUNT: usize = 19;

    /// The values, in the order `__spvabi_E.invocations` takes them.
    fn values(&self) -> Vec<String> {
        let mut values: Vec<String> = [&self.group, &self.groups, &self.size, &self.offset, &self.enqueued, &self.global]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        values.push(self.work_dim.clone());
        values
    }

    /// The ids as `__spvabi_E.invocations` receives them: its parameters.
    fn parameters() -> Self {
        let three = |name: &str| -> Vec<String> { (0..3).map(|axis| format!("%{name}{axis}")).collect() };
        Self {
            group: three("group"),
            groups: three("groups"),
            size: three("size"),
            offset: three("offset"),
            enqueued: three("enqueued"),
            global: three("global"),
            work_dim: "%work_dim".to_owned(),
        }
    }

    /// The ids of invocation (%x, %y, %z), whose local index is `local_index`,
    /// in subgroups of `subgroup_size` invocations.
    fn invocation(&self, local_index: &str, subgroup_size: &str, abi: &EntryAbi<'_>) -> Ids {
        let three = |values: &[String]| -> [String; 3] { std::array::from_fn(|axis| values[axis].clone()) };
        Ids {
            local: ["%x".into(), "%y".into(), "%z".into()],
            group: three(&self.group),
            groups: three(&self.groups),
            size: three(&self.size),
            offset: three(&self.offset),
            enqueued: three(&self.enqueued),
            global: three(&self.global),
            work_dim: self.work_dim.clone(),
            local_index: local_index.to_owned(),
            order_index: local_index.to_owned(),
            subgroup_size: subgroup_size.to_owned(),
            opencl: abi.model == ExecutionModel::Kernel,
        }
    }
}

/// z·sx·sy + y·sx + x, for %x, %y, %z.
fn local_index(text: &mut Text, size: &[String], plane: &str) -> String {
    let row = text.value(format!("llvm.mul %y, {} : i64", size[0]));
    let layer = text.value(format!("llvm.mul %z, {plane} : i64"));
    let in_layer = text.value(format!("llvm.add {row}, %x : i64"));
    text.value(format!("llvm.add {layer}, {in_layer} : i64"))
}

/// The words of the workgroup id and the dispatch the ids are made of, read
/// once (in the entry block: a read inside an invocation loop could alias
/// the kernel's stores).
struct DispatchLoads {
    /// The workgroup id (the first of a run).
    group: Vec<String>,
    groups: Vec<String>,
    enqueued: Vec<String>,
    /// `global_size` (non-uniform OpenCL work-groups), for a dispatch-time size.
    given: Option<Vec<String>>,
    offset: Vec<String>,
    work_dim: String,
}

fn dispatch_loads(text: &mut Text, local_size: Option<[u32; 3]>) -> DispatchLoads {
    let group: Vec<String> = (0..3)
        .map(|axis| {
            let pointer =
                text.value(format!("llvm.getelementptr %workgroup_id[{axis}] : (!llvm.ptr) -> !llvm.ptr, i32"));
            let value = text.value(format!("llvm.load {pointer} : !llvm.ptr -> i32"));
            text.zext(&value)
        })
        .collect();
    let groups: Vec<String> = (0..3)
        .map(|axis| {
            let value = dispatch_field(text, &format!("0, 3, {axis}"), "i32");
            text.zext(&value)
        })
        .collect();
    let enqueued: Vec<String> = (0..3)
        .map(|axis| match local_size {
            Some(size) => text.i64(i64::from(size[axis])),
            None => {
                let value = dispatch_field(text, &format!("0, 4, {axis}"), "i32");
                text.zext(&value)
            }
        })
        .collect();
    let given = local_size
        .is_none()
        .then(|| (0..3).map(|axis| dispatch_field(text, &format!("0, 8, {axis}"), "i64")).collect());
    let offset: Vec<String> = (0..3).map(|axis| dispatch_field(text, &format!("0, 5, {axis}"), "i64")).collect();
    let work_dim = {
        let value = dispatch_field(text, "0, 6", "i32");
        text.zext(&value)
    };
    DispatchLoads { group, groups, enqueued, given, offset, work_dim }
}

/// The ids of the workgroup `loads` holds, its x advanced by `advance`
/// (a run's loop counter) when given.
fn derive_ids(
    text: &mut Text,
    loads: &DispatchLoads,
    local_size: Option<[u32; 3]>,
    advance: Option<&str>,
) -> DispatchIds {
    let mut group = loads.group.clone();
    if let Some(advance) = advance {
        group[0] = text.value(format!("llvm.add {}, {advance} : i64", group[0]));
    }
    let DispatchLoads { groups, enqueued, offset, work_dim, .. } = loads;
    let uniform_global: Vec<String> =
        (0..3).map(|axis| text.value(format!("llvm.mul {}, {} : i64", groups[axis], enqueued[axis]))).collect();
    let (size, global) = match (local_size, &loads.given) {
        // Non-uniform work-groups (OpenCL 2.0): `global_size` not 0 gives the
        // global size, and the last workgroup of a dimension runs what is
        // left of it: min(enqueued, global - group * enqueued).
        (None, Some(given)) => {
            let zero = text.i64(0);
            let mut size = Vec::new();
            let mut global = Vec::new();
            for axis in 0..3 {
                let none = text.value(format!("llvm.icmp \"eq\" {}, {zero} : i64", given[axis]));
                let total =
                    text.value(format!("llvm.select {none}, {}, {} : i1, i64", uniform_global[axis], given[axis]));
                let start = text.value(format!("llvm.mul {}, {} : i64", group[axis], enqueued[axis]));
                let left = text.value(format!("llvm.sub {total}, {start} : i64"));
                size.push(text.value(format!("llvm.intr.umin({left}, {}) : (i64, i64) -> i64", enqueued[axis])));
                global.push(total);
            }
            (size, global)
        }
        // A size the module fixes: the dispatch is uniform (the host checks).
        _ => (enqueued.clone(), uniform_global),
    };
    DispatchIds {
        group,
        groups: groups.clone(),
        size,
        offset: offset.clone(),
        enqueued: enqueued.clone(),
        global,
        work_dim: work_dim.clone(),
    }
}

/// The name of the function running the invocations of a barrier-free entry
/// point (`__spvabi_E.invocations`): the unit the SPMD vectorizer rewrites
/// (docs/abi.md, "SPMD vectorization").
pub fn invocations_name(entry: &str) -> String {
    format!("__spvabi_{entry}.invocations")
}

/// The name of the function running one invocation of an entry point with
/// barriers from one region to the next barrier (`__spvabi_E.region`,
/// formed by `regions.rs`).
pub fn region_name(entry: &str) -> String {
    format!("__spvabi_{entry}.region")
}

/// The name of the constant giving the bytes of per-invocation storage of
/// an entry point's regions (defined by `regions.rs`).
pub fn region_bytes_name(entry: &str) -> String {
    format!("__spvabi_{entry}.region_bytes")
}

/// The name of the constant giving the bytes of the uniform values an
/// entry point's regions keep once (defined by `regions.rs`): the storage
/// starts with them twice, the copy the invocations read and the copy they
/// write, which each round starts by copying to the first
/// ([`refresh_uniform_values`]).
pub fn region_uniform_bytes_name(entry: &str) -> String {
    format!("__spvabi_{entry}.region_uniform_bytes")
}

/// At the start of a round: the uniform values the last round's barriers
/// wrote (`storage` + `bytes`) copied to where the regions read them
/// (`storage`).
fn refresh_uniform_values(text: &mut Text, storage: &str, written: &str, bytes: &str) {
    text.line(format!(
        "\"llvm.intr.memcpy\"({storage}, {written}, {bytes}) <{{isVolatile = false}}> : (!llvm.ptr, !llvm.ptr, i64) -> ()"
    ));
}

/// What the rounds of regions read of the workgroup function.
struct RegionGlue<'g> {
    size: &'g [String],
    invocations: &'g str,
    environment: &'g str,
}

/// The rounds of an entry point with `barriers` barriers, run as regions:
/// region 0 starts at the entry, region k + 1 after barrier k;
/// [`regions::DONE`] is done (a region the switch does not list). Each
/// invocation's state (the region it waits to run) starts at 0; a round
/// runs the lowest region any invocation waits for, as a loop over the
/// invocations waiting for it (all of them when the barriers are in
/// uniform control flow), each to its next barrier or return, which gives
/// its new state. The round after it runs the lowest state again, so the
/// workgroup ends when every invocation returned.
///
/// Each round is one call of an `alwaysinline` round function
/// ([`round_name`]) with the region a constant: its loop over the
/// invocations holds that region's code alone once inlined, and
/// `regions.rs` adds the rounds of the regions it makes by unrolling a
/// loop with barriers as one more case calling it (`add_rounds`).
fn region_rounds(
    text: &mut Text,
    abi: &EntryAbi<'_>,
    barriers: u32,
    glue: &RegionGlue<'_>,
    arguments: &[String],
    dispatch: &DispatchIds,
) {
    let zero = text.i64(0);
    let one = text.i64(1);
    let bytes_global =
        text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&region_bytes_name(abi.name))));
    let bytes = text.value(format!("llvm.load {bytes_global} : !llvm.ptr -> i64"));
    let uniform_global =
        text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&region_uniform_bytes_name(abi.name))));
    let uniform_bytes = text.value(format!("llvm.load {uniform_global} : !llvm.ptr -> i64"));
    // What the storage holds: the uniform values twice, then the values
    // kept per invocation. Up to STORAGE_ON_STACK bytes (most kernels: a
    // few uniform values) on the workgroup function's stack, else from
    // `malloc` (once the sizes fold, LLVM keeps one of the two): no
    // `malloc`/`free` per workgroup for a few bytes.
    let per_invocation = text.value(format!("llvm.mul {}, {bytes} : i64", glue.invocations));
    let both_copies = text.value(format!("llvm.add {uniform_bytes}, {uniform_bytes} : i64"));
    let total = text.value(format!("llvm.add {per_invocation}, {both_copies} : i64"));
    let limit = text.i64(STORAGE_ON_STACK as i64);
    let on_stack = text.value(format!("llvm.icmp \"ule\" {total}, {limit} : i64"));
    let stack = text.value(format!(
        "llvm.alloca {limit} x i8 {{alignment = {} : i64}} : (i64) -> !llvm.ptr",
        super::regions::STORAGE_ALIGNMENT
    ));
    text.line(format!("llvm.cond_br {on_stack}, ^storage_ready({stack} : !llvm.ptr), ^storage_heap"));
    text.label("storage_heap");
    let heap = text.value(format!("llvm.call @malloc({total}) : (i64) -> !llvm.ptr"));
    text.line(format!("llvm.br ^storage_ready({heap} : !llvm.ptr)"));
    text.label("storage_ready(%region_storage: !llvm.ptr)");
    let storage = "%region_storage".to_owned();
    let written = text.value(format!("llvm.getelementptr {storage}[{uniform_bytes}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"));
    let states =
        text.value(format!("llvm.alloca {} x i32 {{alignment = 64 : i64}} : (i64) -> !llvm.ptr", glue.invocations));
    let four = text.i64(4);
    let state_bytes = text.value(format!("llvm.mul {}, {four} : i64", glue.invocations));
    let zero_byte = text.value("llvm.mlir.constant(0 : i8) : i8");
    text.line(format!(
        "\"llvm.intr.memset\"({states}, {zero_byte}, {state_bytes}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
    ));
    // What the round functions read of the workgroup function.
    let mut captured = vec![glue.invocations.to_owned(), glue.environment.to_owned()];
    captured.extend(arguments.iter().cloned());
    captured.extend(dispatch.values());
    captured.extend([storage.clone(), states]);
    let captured = captured.join(", ");
    let types = round_inputs(abi);
    let refresh = |text: &mut Text| refresh_uniform_values(text, &storage, &written, &uniform_bytes);
    // The steps' width: 1 unless the SPMD vectorizer made the steps run
    // that many invocations as vector lanes (a constant by then: LLVM keeps
    // one of the machines below).
    let width_global =
        text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&region_width_name(abi.name))));
    let width = text.value(format!("llvm.load {width_global} : !llvm.ptr -> i64"));
    let scalar = text.value(format!("llvm.icmp \"eq\" {width}, {one} : i64"));
    text.line(format!("llvm.cond_br {scalar}, ^uniform({zero} : i64), ^step_rounds"));

    // Every invocation waits for the same region (`Round::Uniform`): when
    // the lowest and highest states after it are the same, the next round
    // is such a round again; else `^round`'s, which tests each state.
    let switch = |text: &mut Text, on: &str, label: &str| {
        let cases: Vec<String> = (0..=barriers).map(|region| format!("      {region}: ^{label}{region}")).collect();
        text.line(format!("llvm.switch {on} : i64, ^regions_done [\n{}\n    ]", cases.join(",\n")));
    };
    text.label("uniform(%uniform_region: i64)");
    refresh(text);
    switch(text, "%uniform_region", "all");
    for region in 0..=barriers {
        text.label(format!("all{region}"));
        let this = text.i64(i64::from(region));
        let pair = "!llvm.struct<(i64, i64)>";
        let range = text.value(format!(
            "llvm.call {}({this}, {captured}) : (i64, {types}) -> {pair}",
            symbol(&round_name(abi.name, Round::Uniform))
        ));
        let lowest = text.value(format!("llvm.extractvalue {range}[0] : {pair}"));
        let highest = text.value(format!("llvm.extractvalue {range}[1] : {pair}"));
        let same = text.value(format!("llvm.icmp \"eq\" {lowest}, {highest} : i64"));
        text.line(format!("llvm.cond_br {same}, ^uniform({lowest} : i64), ^round({lowest} : i64)"));
    }
    text.label("round(%region: i64)");
    refresh(text);
    switch(text, "%region", "region");
    for region in 0..=barriers {
        text.label(format!("region{region}"));
        let this = text.i64(i64::from(region));
        let lowest = text.value(format!(
            "llvm.call {}({this}, {captured}) : (i64, {types}) -> i64",
            symbol(&round_name(abi.name, Round::Waiting))
        ));
        text.line(format!("llvm.br ^round({lowest} : i64)"));
    }
    // Steps as vector lanes (`step_function`): with subgroups, the
    // invocations in one loop over the local index (x = the index, y = z =
    // 0), as without barriers: a step's lanes, a subgroup, are consecutive
    // indices.
    text.label("step_rounds");
    text.line(format!("llvm.br ^sround({zero} : i64)"));
    let x_end = if in_index_order(abi) { glue.invocations } else { &glue.size[0] };
    text.label("sround(%sregion: i64)");
    refresh(text);
    switch(text, "%sregion", "sregion");
    for region in 0..=barriers {
        text.label(format!("sregion{region}"));
        let this = text.i64(i64::from(region));
        let step = text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&step_name(abi.name, region))));
        let lowest = text.value(format!(
            "llvm.call {}({this}, {captured}, {step}, {width}, {x_end}) : (i64, {types}, !llvm.ptr, i64, i64) -> i64",
            symbol(&round_name(abi.name, Round::Steps))
        ));
        text.line(format!("llvm.br ^sround({lowest} : i64)"));
    }
    text.label("regions_done");
    // free(NULL) does nothing: the storage on the stack is not freed.
    let null = text.value("llvm.mlir.zero : !llvm.ptr");
    let owned = text.value(format!("llvm.select {on_stack}, {null}, {storage} : i1, !llvm.ptr"));
    text.line(format!("llvm.call @free({owned}) : (!llvm.ptr) -> ()"));
    text.line("llvm.return");
}

/// The most bytes of region storage (the uniform values' two copies and
/// the values kept per invocation) a workgroup function keeps on its stack
/// rather than `malloc`s.
const STORAGE_ON_STACK: u64 = 8192;

/// The three kinds of round ([`round_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// Every invocation waits for the region: no state tested; returns the
    /// lowest and highest new state.
    Uniform,
    /// The invocations whose state is the region; returns the lowest state.
    Waiting,
    /// The region's step (a parameter: `__spvabi_E.step.R`) over the
    /// invocations, stepping by the steps' width; returns the lowest state.
    Steps,
}

/// The name of the `alwaysinline` function running one round of an entry
/// point's regions: `__spvabi_E.round.uniform|waiting|steps(region,
/// count, environments, arguments..., ids..., storage, states[, step,
/// width, x_end])`, a loop over the invocations (docs/abi.md, "Barriers").
pub fn round_name(entry: &str, round: Round) -> String {
    let kind = match round {
        Round::Uniform => "uniform",
        Round::Waiting => "waiting",
        Round::Steps => "steps",
    };
    format!("__spvabi_{entry}.round.{kind}")
}

/// The parameter types the round functions share after the region
/// ([`round_name`]).
fn round_inputs(abi: &EntryAbi<'_>) -> String {
    let mut inputs = vec!["i64", "!llvm.ptr"];
    inputs.extend(abi.parameters.iter().map(String::as_str));
    inputs.extend(["i64"; DispatchIds::COUNT]);
    inputs.extend(["!llvm.ptr", "!llvm.ptr"]);
    inputs.join(", ")
}

/// The round functions of an entry point with regions ([`round_name`]).
fn round_functions(abi: &EntryAbi<'_>) -> String {
    let dispatch = DispatchIds::parameters();
    let arguments: Vec<String> = (0..abi.parameters.len()).map(|index| format!("%arg{index}")).collect();
    let glue = RegionGlue { size: &dispatch.size, invocations: "%count", environment: "%environments" };
    let (group, parallel) = parallel_invocations();
    let call = RegionCall { abi, glue: &glue, arguments: &arguments, dispatch: &dispatch, storage: "%storage", group: &group };
    let mut parameters = vec!["%region: i64".to_owned(), "%count: i64".to_owned(), "%environments: !llvm.ptr".to_owned()];
    parameters.extend(abi.parameters.iter().zip(&arguments).map(|(ty, name)| format!("{name}: {ty}")));
    parameters.extend(dispatch.values().iter().map(|name| format!("{name}: i64")));
    parameters.extend(["%storage: !llvm.ptr".to_owned(), "%states: !llvm.ptr".to_owned()]);
    let function = |round: Round, body: &str, result: &str, extra: &[&str]| {
        let mut parameters = parameters.clone();
        parameters.extend(extra.iter().map(|parameter| (*parameter).to_owned()));
        format!(
            "  llvm.func internal {}({}) -> {result} attributes {{always_inline}} {{\n{body}  }}\n",
            symbol(&round_name(abi.name, round)),
            parameters.join(", ")
        )
    };
    let mut out = function(Round::Uniform, &uniform_round(&call, &parallel), "!llvm.struct<(i64, i64)>", &[]);
    out.push_str(&function(Round::Waiting, &waiting_round(&call, &parallel), "i64", &[]));
    out.push_str(&function(
        Round::Steps,
        &steps_round(abi, &call),
        "i64",
        &["%step: !llvm.ptr", "%width: i64", "%x_end: i64"],
    ));
    out
}

/// The linear index of invocation (x, y, z) of a workgroup of `size`.
fn linear_index(text: &mut Text, size: &[String], ids: [&str; 3]) -> String {
    let row = text.value(format!("llvm.mul {}, {} : i64", ids[1], size[0]));
    let plane = text.value(format!("llvm.mul {}, {} : i64", size[0], size[1]));
    let layer = text.value(format!("llvm.mul {}, {plane} : i64", ids[2]));
    let in_layer = text.value(format!("llvm.add {row}, {} : i64", ids[0]));
    text.value(format!("llvm.add {layer}, {in_layer} : i64"))
}

/// The body of the round in which every invocation waits for `%region`: a
/// loop over all invocations calling the region function with no test of
/// each one's state, so that the loop is the region's code alone (PoCL's
/// work-item loop) and LLVM can vectorize it without masks. It still stores
/// each invocation's new state and returns the lowest and highest: when
/// they differ (an early return, a barrier out of uniform control flow)
/// the next round tests each state.
fn uniform_round(call: &RegionCall<'_>, parallel: &str) -> String {
    let text = &mut Text::new();
    let size = call.glue.size;
    let zero = text.i64(0);
    let one = text.i64(1);
    let done = text.i64(i64::from(regions::DONE));
    // (id, lowest state, highest state) through the z, y and x loops.
    text.line(format!("llvm.br ^az({zero}, {done}, {zero} : i64, i64, i64)"));
    text.label("az(%az: i64, %azl: i64, %azh: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %az, {} : i64", size[2]));
    text.line(format!("llvm.cond_br {more}, ^ays, ^all_end"));
    text.label("ays");
    text.line(format!("llvm.br ^ay({zero}, %azl, %azh : i64, i64, i64)"));
    text.label("ay(%ay: i64, %ayl: i64, %ayh: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %ay, {} : i64", size[1]));
    let next_z = text.value(format!("llvm.add %az, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^axs, ^az({next_z}, %ayl, %ayh : i64, i64, i64)"));
    text.label("axs");
    text.line(format!("llvm.br ^ax({zero}, %ayl, %ayh : i64, i64, i64)"));
    text.label("ax(%ax: i64, %axl: i64, %axh: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %ax, {} : i64", size[0]));
    let next_y = text.value(format!("llvm.add %ay, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^arun, ^ay({next_y}, %axl, %axh : i64, i64, i64)"));
    text.label("arun");
    let index = linear_index(text, size, ["%ax", "%ay", "%az"]);
    let ids = ["%ax".to_owned(), "%ay".to_owned(), "%az".to_owned()];
    let reached = call.emit(text, &ids, "%region", &index);
    let state_slot = text.value(format!("llvm.getelementptr %states[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, i32"));
    let word = text.value(format!("llvm.trunc {reached} : i64 to i32"));
    text.line(format!("llvm.store {word}, {state_slot} {} : i32, !llvm.ptr", call.group));
    let lowest = text.value(format!("llvm.intr.umin(%axl, {reached}) : (i64, i64) -> i64"));
    let highest = text.value(format!("llvm.intr.umax(%axh, {reached}) : (i64, i64) -> i64"));
    let next_x = text.value(format!("llvm.add %ax, {one} : i64"));
    text.line(format!("llvm.br ^ax({next_x}, {lowest}, {highest} : i64, i64, i64) {parallel}"));
    text.label("all_end");
    let pair = "!llvm.struct<(i64, i64)>";
    let empty = text.value(format!("llvm.mlir.undef : {pair}"));
    let first = text.value(format!("llvm.insertvalue %azl, {empty}[0] : {pair}"));
    let both = text.value(format!("llvm.insertvalue %azh, {first}[1] : {pair}"));
    text.line(format!("llvm.return {both} : {pair}"));
    std::mem::take(&mut text.out)
}

/// The body of the round of `%region` for the invocations waiting for it
/// (their state is `%region`); returns the lowest state after it.
fn waiting_round(call: &RegionCall<'_>, parallel: &str) -> String {
    let text = &mut Text::new();
    let size = call.glue.size;
    let zero = text.i64(0);
    let one = text.i64(1);
    let done = text.i64(i64::from(regions::DONE));
    text.line(format!("llvm.br ^z({zero}, {done} : i64, i64)"));
    text.label("z(%z: i64, %zn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %z, {} : i64", size[2]));
    text.line(format!("llvm.cond_br {more}, ^ys, ^end"));
    text.label("ys");
    text.line(format!("llvm.br ^y({zero}, %zn : i64, i64)"));
    text.label("y(%y: i64, %yn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %y, {} : i64", size[1]));
    let next_z = text.value(format!("llvm.add %z, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^xs, ^z({next_z}, %yn : i64, i64)"));
    text.label("xs");
    text.line(format!("llvm.br ^x({zero}, %yn : i64, i64)"));
    text.label("x(%x: i64, %xn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %x, {} : i64", size[0]));
    let next_y = text.value(format!("llvm.add %y, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^invocation, ^y({next_y}, %xn : i64, i64)"));
    text.label("invocation");
    let index = linear_index(text, size, ["%x", "%y", "%z"]);
    let state_slot = text.value(format!("llvm.getelementptr %states[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, i32"));
    let state = text.value(format!("llvm.load {state_slot} {} : !llvm.ptr -> i32", call.group));
    let state = text.zext(&state);
    let waiting = text.value(format!("llvm.icmp \"eq\" {state}, %region : i64"));
    text.line(format!("llvm.cond_br {waiting}, ^run, ^next({state} : i64)"));
    text.label("run");
    let ids = ["%x".to_owned(), "%y".to_owned(), "%z".to_owned()];
    let reached = call.emit(text, &ids, "%region", &index);
    let word = text.value(format!("llvm.trunc {reached} : i64 to i32"));
    text.line(format!("llvm.store {word}, {state_slot} {} : i32, !llvm.ptr", call.group));
    text.line(format!("llvm.br ^next({reached} : i64)"));
    text.label("next(%state: i64)");
    let lowest = text.value("llvm.intr.umin(%xn, %state) : (i64, i64) -> i64");
    let next_x = text.value(format!("llvm.add %x, {one} : i64"));
    text.line(format!("llvm.br ^x({next_x}, {lowest} : i64, i64) {parallel}"));
    text.label("end");
    text.line("llvm.return %zn : i64");
    std::mem::take(&mut text.out)
}

/// The body of the round of `%region` run by its step `%step` (a
/// `__spvabi_E.step.R`), `%width` invocations a step, x below `%x_end`;
/// returns the lowest state after it.
fn steps_round(abi: &EntryAbi<'_>, call: &RegionCall<'_>) -> String {
    let text = &mut Text::new();
    let zero = text.i64(0);
    let one = text.i64(1);
    let done = text.i64(i64::from(regions::DONE));
    let size = if in_index_order(abi) {
        ["%x_end".to_owned(), one.clone(), one.clone()]
    } else {
        ["%x_end".to_owned(), call.glue.size[1].clone(), call.glue.size[2].clone()]
    };
    text.line(format!("llvm.br ^sz({zero}, {done} : i64, i64)"));
    text.label("sz(%sz: i64, %szn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %sz, {} : i64", size[2]));
    text.line(format!("llvm.cond_br {more}, ^sys, ^end"));
    text.label("sys");
    text.line(format!("llvm.br ^sy({zero}, %szn : i64, i64)"));
    text.label("sy(%sy: i64, %syn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %sy, {} : i64", size[1]));
    let next_z = text.value(format!("llvm.add %sz, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^sxs, ^sz({next_z}, %syn : i64, i64)"));
    text.label("sxs");
    text.line(format!("llvm.br ^sx({zero}, %syn : i64, i64)"));
    text.label("sx(%sx: i64, %sxn: i64)");
    let more = text.value(format!("llvm.icmp \"ult\" %sx, {} : i64", size[0]));
    let next_y = text.value(format!("llvm.add %sy, {one} : i64"));
    text.line(format!("llvm.cond_br {more}, ^step, ^sy({next_y}, %sxn : i64, i64)"));
    text.label("step");
    // One step: invocations x.. (as many as the step's width) wait for
    // region r or not; the lowest state they then have.
    let mut inputs = vec![call.glue.environment.to_owned()];
    inputs.extend(call.arguments.iter().cloned());
    inputs.extend(call.dispatch.values());
    inputs.extend(
        ["%storage", call.glue.invocations, "%states", "%sx", "%sy", "%sz", "%x_end"].map(str::to_owned),
    );
    let reached =
        text.value(format!("llvm.call %step({}) : !llvm.ptr, ({}) -> i64", inputs.join(", "), step_inputs(abi)));
    let lowest = text.value(format!("llvm.intr.umin(%sxn, {reached}) : (i64, i64) -> i64"));
    let next_x = text.value("llvm.add %sx, %width : i64");
    text.line(format!("llvm.br ^sx({next_x}, {lowest} : i64, i64)"));
    text.label("end");
    text.line("llvm.return %szn : i64");
    std::mem::take(&mut text.out)
}

/// What a call of `__spvabi_E.region` takes besides the invocation's ids,
/// region and index.
struct RegionCall<'a> {
    abi: &'a EntryAbi<'a>,
    glue: &'a RegionGlue<'a>,
    arguments: &'a [String],
    dispatch: &'a DispatchIds,
    storage: &'a str,
    /// The call's attributes (`parallel_invocations`' access group).
    group: &'a str,
}

impl RegionCall<'_> {
    /// Calls the region function for invocation `ids` (x, y, z) at `index`
    /// to run `region`; the value is the region it waits for next.
    fn emit(&self, text: &mut Text, ids: &[String; 3], region: &str, index: &str) -> String {
        let mut inputs = vec![self.glue.environment.to_owned()];
        inputs.extend(self.arguments.iter().cloned());
        inputs.extend(self.dispatch.values());
        // The region function numbers invocations as `.invocations` does:
        // with subgroups, x is the local index and y = z = 0 (fuzz-diff
        // finding 06).
        if in_index_order(self.abi) {
            let zero = text.i64(0);
            inputs.extend([index.to_owned(), zero.clone(), zero]);
        } else {
            inputs.extend(ids.iter().cloned());
        }
        inputs.extend([region.to_owned(), index.to_owned(), self.storage.to_owned(), self.glue.invocations.to_owned()]);
        let mut types = vec!["!llvm.ptr"];
        types.extend(self.abi.parameters.iter().map(String::as_str));
        types.extend(["i64"; DispatchIds::COUNT + 5]);
        types.extend(["!llvm.ptr", "i64"]);
        text.value(format!(
            "llvm.call {}({}) {} : ({}) -> i64",
            symbol(&region_name(self.abi.name)),
            inputs.join(", "),
            self.group,
            types.join(", ")
        ))
    }
}

/// The attributes that make a round's loop over the invocations parallel
/// (PoCL's work-item loops carry the same): the access group its memory
/// accesses (the state's load and store, the region call) are in, and the
/// loop annotation of its back edge saying the loop carries no dependence
/// through them. LLVM's inliner copies the call's access group onto the
/// region's memory accesses, so that the loop vectorizer needs no
/// dependence checks. Sound by the memory model: invocations are unordered
/// between two barriers (a region), so no valid program has one invocation
/// depend on another's access within a region; atomics, which may, are
/// left out by `regions.rs` (it drops the call's group where the region
/// function has any).
fn parallel_invocations() -> (String, String) {
    let group = "#llvm.access_group<id = distinct[0]<>>";
    (
        format!("{{access_groups = [{group}]}}"),
        format!("{{loop_annotation = #llvm.loop_annotation<parallelAccesses = {group}>}}"),
    )
}

/// The name of the function running one step of region `region` of an
/// entry point with barriers: `__spvabi_E.step.R(shared, arguments..., ids...,
/// storage, count, states, x, y, z, x_end) -> i64` runs invocation (x, y, z)
/// to its next barrier or return if its state is `region`, and returns its
/// state then. The SPMD vectorizer rewrites it to run the invocations x to
/// x + W - 1 (lanes at or past `x_end` off), each as its state says, and to
/// return the lowest of their states (docs/abi.md, "Barriers").
pub fn step_name(entry: &str, region: u32) -> String {
    format!("__spvabi_{entry}.step.{region}")
}

/// The name of the constant giving the invocations one step of an entry
/// point's regions runs ([`step_name`]): 1, unless the SPMD vectorizer made
/// the steps run that many as vector lanes (set by `regions.rs`, then by
/// the vectorizer).
pub fn region_width_name(entry: &str) -> String {
    format!("__spvabi_{entry}.region_width")
}

/// The parameter types of the steps ([`step_name`]).
fn step_inputs(abi: &EntryAbi<'_>) -> String {
    let mut inputs = vec!["!llvm.ptr"];
    inputs.extend(abi.parameters.iter().map(String::as_str));
    inputs.extend(["i64"; DispatchIds::COUNT]);
    inputs.extend(["!llvm.ptr", "i64", "!llvm.ptr"]);
    inputs.extend(["i64"; 4]);
    inputs.join(", ")
}

/// The name of the `alwaysinline` body of the steps ([`step_name`]):
/// `__spvabi_E.step_body(region, <the steps' parameters>)`; step R calls it
/// with R, and `regions.rs` makes the steps of the regions it adds so.
pub fn step_body_name(entry: &str) -> String {
    format!("__spvabi_{entry}.step_body")
}

/// The parameters of a step ([`step_name`]), named.
fn step_parameters(abi: &EntryAbi<'_>) -> Vec<String> {
    let dispatch = DispatchIds::parameters();
    let mut parameters = vec!["%shared: !llvm.ptr {llvm.noalias}".to_owned()];
    parameters.extend(abi.parameters.iter().enumerate().map(|(index, ty)| format!("%arg{index}: {ty}")));
    parameters.extend(dispatch.values().iter().map(|name| format!("{name}: i64")));
    parameters.extend(
        [
            "%storage: !llvm.ptr {llvm.noalias}",
            "%count: i64",
            "%states: !llvm.ptr {llvm.noalias}",
            "%x: i64",
            "%y: i64",
            "%z: i64",
            "%x_end: i64",
        ]
        .map(str::to_owned),
    );
    parameters
}

/// The steps' body ([`step_body_name`]): runs the invocation with the
/// region function if its state is `%region`.
fn step_body(abi: &EntryAbi<'_>) -> String {
    let mut text = Text::new();
    let dispatch = DispatchIds::parameters();
    let index = if in_index_order(abi) {
        "%x".to_owned()
    } else {
        let plane = text.value(format!("llvm.mul {}, {} : i64", dispatch.size[0], dispatch.size[1]));
        local_index(&mut text, &dispatch.size, &plane)
    };
    let state_slot = text.value(format!("llvm.getelementptr %states[{index}] : (!llvm.ptr, i64) -> !llvm.ptr, i32"));
    let state = text.value(format!("llvm.load {state_slot} : !llvm.ptr -> i32"));
    let state = text.zext(&state);
    let waiting = text.value(format!("llvm.icmp \"eq\" {state}, %region : i64"));
    text.line(format!("llvm.cond_br {waiting}, ^run, ^wait"));
    text.label("run");
    let mut inputs = vec!["%shared".to_owned()];
    inputs.extend((0..abi.parameters.len()).map(|index| format!("%arg{index}")));
    inputs.extend(dispatch.values());
    inputs.extend(["%x", "%y", "%z", "%region", &index, "%storage", "%count"].map(str::to_owned));
    let mut types = vec!["!llvm.ptr"];
    types.extend(abi.parameters.iter().map(String::as_str));
    types.extend(["i64"; DispatchIds::COUNT + 5]);
    types.extend(["!llvm.ptr", "i64"]);
    let reached = text.value(format!(
        "llvm.call {}({}) : ({}) -> i64",
        symbol(&region_name(abi.name)),
        inputs.join(", "),
        types.join(", ")
    ));
    let word = text.value(format!("llvm.trunc {reached} : i64 to i32"));
    text.line(format!("llvm.store {word}, {state_slot} : i32, !llvm.ptr"));
    text.line(format!("llvm.return {reached} : i64"));
    text.label("wait");
    text.line(format!("llvm.return {state} : i64"));
    let mut parameters = vec!["%region: i64".to_owned()];
    parameters.extend(step_parameters(abi));
    format!(
        "  llvm.func internal {}({}) -> i64 attributes {{always_inline}} {{\n{}  }}\n",
        symbol(&step_body_name(abi.name)),
        parameters.join(", "),
        text.out
    )
}

/// The step of region `region` ([`step_name`]): the steps' body with that
/// region constant.
fn step_function(abi: &EntryAbi<'_>, region: u32) -> String {
    let mut text = Text::new();
    let this = text.i64(i64::from(region));
    let parameters = step_parameters(abi);
    let names: Vec<&str> = parameters.iter().filter_map(|parameter| parameter.split(':').next()).collect();
    let reached = text.value(format!(
        "llvm.call {}({this}, {}) : (i64, {}) -> i64",
        symbol(&step_body_name(abi.name)),
        names.join(", "),
        step_inputs(abi)
    ));
    text.line(format!("llvm.return {reached} : i64"));
    format!(
        "  llvm.func internal {}({}) -> i64 {{\n{}  }}\n",
        symbol(&step_name(abi.name, region)),
        parameters.join(", "),
        text.out
    )
}

/// The parameter types of `__spvabi_E.invocations`: the shared environment,
/// the entry point's arguments, the ids read from the dispatch, then x, y, z
/// and the workgroup's x size.
fn invocation_inputs(abi: &EntryAbi<'_>) -> String {
    let mut inputs = vec!["!llvm.ptr"];
    inputs.extend(abi.parameters.iter().map(String::as_str));
    inputs.extend(["i64"; DispatchIds::COUNT + 4]);
    inputs.join(", ")
}

/// Per-invocation storage (built-ins, private variables), `copies` of each.
fn own_storage(text: &mut Text, slots: &[Slot], copies: &str) -> Vec<Option<String>> {
    slots
        .iter()
        .map(|slot| match slot.kind {
            SlotKind::BuiltIn(_) | SlotKind::Private(_) => Some(text.value(format!(
                "llvm.alloca {copies} x {} {{alignment = 32 : i64}} : (i64) -> !llvm.ptr",
                slot.value_type
            ))),
            _ => None,
        })
        .collect()
}

/// `__spvabi_E.invocations(shared, arguments..., group[3], groups[3],
/// size[3], offset[3], enqueued[3], global[3], work_dim, x, y, z, x_end) -> i64` of a barrier-free
/// entry point: runs invocation (x, y, z) with an environment of its own
/// (the shared slots copied from `shared`, which the workgroup function
/// filled once, as it read the ids) and returns 1.
/// Everything an invocation owns is local here, so that once the entry point
/// is inlined it becomes SSA values the vectorizer can widen.
fn invocations_function(abi: &EntryAbi<'_>, region: bool) -> String {
    let mut text = Text::new();
    let zero = text.i64(0);
    let one = text.i64(1);
    let dispatch = DispatchIds::parameters();
    let plane = text.value(format!("llvm.mul {}, {} : i64", dispatch.size[0], dispatch.size[1]));
    let subgroup_size = subgroup_size(&mut text, abi);
    let ids = if in_index_order(abi) {
        // x is the local index: the local id is derived from it.
        let x = text.value(format!("llvm.urem %x, {} : i64", dispatch.size[0]));
        let rows = text.value(format!("llvm.udiv %x, {} : i64", dispatch.size[0]));
        let y = text.value(format!("llvm.urem {rows}, {} : i64", dispatch.size[1]));
        let z = text.value(format!("llvm.udiv %x, {plane} : i64"));
        let mut ids = dispatch.invocation("%x", &subgroup_size, abi);
        if abi.derivative_quads {
            // %x counts quads of 2x2 local ids, row by row of quads, plane
            // by plane: quad q = %x / 4, its lane %x % 4 (bit 0: x, bit 1:
            // y). The sizes' x and y are even (the runner checks).
            let four = text.i64(4);
            let two = text.i64(2);
            let one = text.i64(1);
            let quad = text.value(format!("llvm.udiv %x, {four} : i64"));
            let lane = text.value(format!("llvm.urem %x, {four} : i64"));
            let across = text.value(format!("llvm.udiv {}, {two} : i64", dispatch.size[0]));
            let down = text.value(format!("llvm.udiv {}, {two} : i64", dispatch.size[1]));
            let per_plane = text.value(format!("llvm.mul {across}, {down} : i64"));
            let z = text.value(format!("llvm.udiv {quad}, {per_plane} : i64"));
            let in_plane = text.value(format!("llvm.urem {quad}, {per_plane} : i64"));
            let quad_x = text.value(format!("llvm.urem {in_plane}, {across} : i64"));
            let quad_y = text.value(format!("llvm.udiv {in_plane}, {across} : i64"));
            let lane_x = text.value(format!("llvm.and {lane}, {one} : i64"));
            let lane_y = text.value(format!("llvm.lshr {lane}, {one} : i64"));
            let x = text.value(format!("llvm.mul {quad_x}, {two} : i64"));
            let x = text.value(format!("llvm.add {x}, {lane_x} : i64"));
            let y = text.value(format!("llvm.mul {quad_y}, {two} : i64"));
            let y = text.value(format!("llvm.add {y}, {lane_y} : i64"));
            ids.local = [x, y, z];
            // LocalInvocationIndex keeps its definition from the local id.
            let row = text.value(format!("llvm.mul {}, {} : i64", ids.local[1], dispatch.size[0]));
            let layer = text.value(format!("llvm.mul {}, {plane} : i64", ids.local[2]));
            let in_layer = text.value(format!("llvm.add {row}, {} : i64", ids.local[0]));
            ids.local_index = text.value(format!("llvm.add {layer}, {in_layer} : i64"));
        } else {
            ids.local = [x, y, z];
        }
        ids
    } else {
        let local_index = local_index(&mut text, &dispatch.size, &plane);
        dispatch.invocation(&local_index, &subgroup_size, abi)
    };
    let words = text.i64(abi.environment_words() as i64);
    let environment =
        text.value(format!("llvm.alloca {words} x !llvm.ptr {{alignment = 8 : i64}} : (i64) -> !llvm.ptr"));
    let own = own_storage(&mut text, abi.slots, &one);
    let shared: Vec<Option<String>> = abi
        .slots
        .iter()
        .enumerate()
        .map(|(index, slot)| {
            own[index].is_none().then(|| {
                let index = text.i64(index as i64);
                let pointer = text.pointer_at("%shared", &index);
                text.value(format!("llvm.load {pointer} : !llvm.ptr -> {}", pointer_type(slot.address_space)))
            })
        })
        .collect();
    let sizes_index = text.i64(abi.slots.len() as i64);
    let sizes_pointer = text.pointer_at("%shared", &sizes_index);
    // `invariant` (!invariant.load): this word, the resource sizes' copy,
    // is the one `regions.rs` may read through again after a barrier.
    let resource_sizes = text.value(format!(
        "llvm.load {sizes_pointer}{} : !llvm.ptr -> !llvm.ptr",
        if region { " invariant" } else { "" }
    ));
    // The device-range cache's word: not `invariant` (the cache is written).
    let device_range_cache = abi.device_range_cache.then(|| {
        let cache_index = text.i64(abi.slots.len() as i64 + 1);
        let cache_pointer = text.pointer_at("%shared", &cache_index);
        text.value(format!("llvm.load {cache_pointer} : !llvm.ptr -> !llvm.ptr"))
    });
    let storage = Storage {
        slots: abi.slots,
        shared: &shared,
        own: &own,
        environments: &environment,
        words: &words,
        device_range_cache: device_range_cache.as_deref(),
    };
    let environment = storage.fill(&mut text, &zero, Some(&ids), Some(&resource_sizes));
    let mut call_arguments: Vec<String> = (0..abi.parameters.len()).map(|index| format!("%arg{index}")).collect();
    call_arguments.push(environment);
    let mut entry_inputs: Vec<String> = abi.parameters.to_vec();
    entry_inputs.push("!llvm.ptr".to_owned());
    text.line(format!(
        "llvm.call {}({}) : ({}) -> ()",
        symbol(abi.name),
        call_arguments.join(", "),
        entry_inputs.join(", ")
    ));
    text.line(format!("llvm.return {one} : i64"));

    let mut parameters = vec!["%shared: !llvm.ptr {llvm.noalias}".to_owned()];
    parameters.extend(abi.parameters.iter().enumerate().map(|(index, ty)| format!("%arg{index}: {ty}")));
    parameters.extend(dispatch.values().iter().map(|name| format!("{name}: i64")));
    parameters.extend(["%x: i64", "%y: i64", "%z: i64"].map(str::to_owned));
    // The region function's last four parameters are `regions.rs`'s.
    let (function, last): (String, &[&str]) = if region {
        (region_name(abi.name), &["%region: i64", "%index: i64", "%storage: !llvm.ptr {llvm.noalias}", "%count: i64"])
    } else {
        (invocations_name(abi.name), &["%x_end: i64"])
    };
    parameters.extend(last.iter().map(|parameter| (*parameter).to_owned()));
    format!("  llvm.func internal {}({}) -> i64 {{\n{}  }}\n", symbol(&function), parameters.join(", "), text.out)
}

/// A field of `*dispatch` at `path` (indices into DISPATCH), loaded as `ty`.
fn dispatch_field(text: &mut Text, path: &str, ty: &str) -> String {
    let pointer = text.value(format!("llvm.getelementptr %dispatch[{path}] : (!llvm.ptr) -> !llvm.ptr, {DISPATCH}"));
    text.value(format!("llvm.load {pointer} : !llvm.ptr -> {ty}"))
}

fn pointer_type(address_space: u32) -> String {
    if address_space == 0 { "!llvm.ptr".to_owned() } else { format!("!llvm.ptr<{address_space}>") }
}

/// The size in bytes of `ty` for the target, as an i64 value (the offset of
/// element 1 of an array of `ty`; LLVM folds it to a constant).
fn size_of(text: &mut Text, ty: &str) -> String {
    let null = text.value("llvm.mlir.zero : !llvm.ptr");
    let end = text.value(format!("llvm.getelementptr {null}[1] : (!llvm.ptr) -> !llvm.ptr, {ty}"));
    text.value(format!("llvm.ptrtoint {end} : !llvm.ptr to i64"))
}

/// The size of `ty` as an i32 value (0 without a type).
fn size_i32(text: &mut Text, ty: Option<&str>) -> String {
    match ty {
        Some(ty) => {
            let bytes = size_of(text, ty);
            text.value(format!("llvm.trunc {bytes} : i64 to i32"))
        }
        None => text.i32(0),
    }
}

/// `Some(n)` for `!llvm.ptr<n>` (`Some(0)` for `!llvm.ptr`).
fn pointer_address_space(ty: &str) -> Option<u32> {
    if ty == "!llvm.ptr" {
        return Some(0);
    }
    ty.strip_prefix("!llvm.ptr<")?.strip_suffix('>')?.parse().ok()
}

/// The value of the built-in `built_in` for the invocation, of type `ty`.
/// The per-invocation storage of a workgroup function: what
/// [`Storage::fill`] writes an environment from.
struct Storage<'s> {
    slots: &'s [Slot],
    /// Per slot: the pointer shared by every invocation (a binding, workgroup
    /// memory, the push constants).
    shared: &'s [Option<String>],
    /// Per slot: the per-invocation storage (built-ins, private variables).
    own: &'s [Option<String>],
    environments: &'s str,
    words: &'s str,
    /// The workgroup function's device-range cache, stored after the sizes.
    device_range_cache: Option<&'s str>,
}

impl Storage<'_> {
    /// Environment copy `copy`: with `ids`, the invocation's built-in values
    /// and private variables' initial values stored in its own storage;
    /// with `resource_sizes`, the slots' pointers and the sizes stored in
    /// the environment. Returns the environment.
    fn fill(&self, text: &mut Text, copy: &str, ids: Option<&Ids>, resource_sizes: Option<&str>) -> String {
        let first_word = text.value(format!("llvm.mul {copy}, {} : i64", self.words));
        let environment = text.pointer_at(self.environments, &first_word);
        for (index, slot) in self.slots.iter().enumerate() {
            let pointer = match (&self.shared[index], &self.own[index]) {
                (Some(pointer), _) => pointer.clone(),
                (None, Some(storage)) => {
                    let own_pointer = text.value(format!(
                        "llvm.getelementptr {storage}[{copy}] : (!llvm.ptr, i64) -> !llvm.ptr, {}",
                        slot.value_type
                    ));
                    if let Some(ids) = ids {
                        let value = match &slot.kind {
                            SlotKind::BuiltIn(built_in) => built_in_value(text, built_in, &slot.value_type, ids),
                            SlotKind::Private(true) => {
                                let template = text.value(format!(
                                    "llvm.mlir.addressof {} : {}",
                                    symbol(&slot.global),
                                    pointer_type(slot.address_space)
                                ));
                                text.value(format!(
                                    "llvm.load {template} : {} -> {}",
                                    pointer_type(slot.address_space),
                                    slot.value_type
                                ))
                            }
                            _ => text.value(format!("llvm.mlir.zero : {}", slot.value_type)),
                        };
                        text.line(format!("llvm.store {value}, {own_pointer} : {}, !llvm.ptr", slot.value_type));
                    }
                    text.cast_to(&own_pointer, slot.address_space)
                }
                (None, None) => continue,
            };
            if resource_sizes.is_some() {
                let index = text.i64(index as i64);
                let entry_slot = text.pointer_at(&environment, &index);
                text.line(format!(
                    "llvm.store {pointer}, {entry_slot} : {}, !llvm.ptr",
                    pointer_type(slot.address_space)
                ));
            }
        }
        if let Some(resource_sizes) = resource_sizes {
            let sizes_index = text.i64(self.slots.len() as i64);
            let sizes_slot = text.pointer_at(&environment, &sizes_index);
            text.line(format!("llvm.store {resource_sizes}, {sizes_slot} : !llvm.ptr, !llvm.ptr"));
            if let Some(cache) = self.device_range_cache {
                let cache_index = text.i64(self.slots.len() as i64 + 1);
                let cache_slot = text.pointer_at(&environment, &cache_index);
                text.line(format!("llvm.store {cache}, {cache_slot} : !llvm.ptr, !llvm.ptr"));
            }
        }
        environment
    }
}

fn built_in_value(text: &mut Text, built_in: &str, ty: &str, ids: &Ids) -> String {
    let components: Vec<String> = match built_in {
        "LocalInvocationId" => ids.local.to_vec(),
        "WorkgroupId" => ids.group.to_vec(),
        "NumWorkgroups" => ids.groups.to_vec(),
        "WorkgroupSize" => ids.size.to_vec(),
        "EnqueuedWorkgroupSize" => ids.enqueued.to_vec(),
        "GlobalOffset" => ids.offset.to_vec(),
        "GlobalInvocationId" => global_ids(text, ids).to_vec(),
        "GlobalSize" => ids.global.to_vec(),
        "LocalInvocationIndex" => vec![ids.local_index.clone()],
        "WorkDim" => vec![ids.work_dim.clone()],
        "GlobalLinearId" => {
            let global = global_ids(text, ids);
            let mut linear = None;
            for axis in (0..3).rev() {
                let from_offset = text.value(format!("llvm.sub {}, {} : i64", global[axis], ids.offset[axis]));
                linear = Some(match linear {
                    None => from_offset,
                    Some(outer) => {
                        let scaled = text.value(format!("llvm.mul {outer}, {} : i64", ids.global[axis]));
                        text.value(format!("llvm.add {scaled}, {from_offset} : i64"))
                    }
                });
            }
            vec![linear.unwrap_or_default()]
        }
        // Subgroups: the local indices cut into runs of S (docs/abi.md,
        // "Subgroups").
        "SubgroupSize" if ids.opencl => {
            // min(S, invocations - SubgroupId * S).
            let plane = text.value(format!("llvm.mul {}, {} : i64", ids.size[0], ids.size[1]));
            let invocations = text.value(format!("llvm.mul {plane}, {} : i64", ids.size[2]));
            let index = text.value(format!("llvm.udiv {}, {} : i64", ids.order_index, ids.subgroup_size));
            let first = text.value(format!("llvm.mul {index}, {} : i64", ids.subgroup_size));
            let left = text.value(format!("llvm.sub {invocations}, {first} : i64"));
            vec![text.value(format!("llvm.intr.umin({left}, {}) : (i64, i64) -> i64", ids.subgroup_size))]
        }
        "SubgroupSize" | "SubgroupMaxSize" => vec![ids.subgroup_size.clone()],
        "SubgroupLocalInvocationId" => vec![subgroup_lane(text, ids)],
        "SubgroupId" => vec![text.value(format!("llvm.udiv {}, {} : i64", ids.order_index, ids.subgroup_size))],
        "NumSubgroups" | "NumEnqueuedSubgroups" => {
            let size = if built_in == "NumSubgroups" { &ids.size } else { &ids.enqueued };
            let plane = text.value(format!("llvm.mul {}, {} : i64", size[0], size[1]));
            let invocations = text.value(format!("llvm.mul {plane}, {} : i64", size[2]));
            let one = text.i64(1);
            let less = text.value(format!("llvm.sub {}, {one} : i64", ids.subgroup_size));
            let rounded = text.value(format!("llvm.add {invocations}, {less} : i64"));
            vec![text.value(format!("llvm.udiv {rounded}, {} : i64", ids.subgroup_size))]
        }
        "SubgroupEqMask" | "SubgroupGeMask" | "SubgroupGtMask" | "SubgroupLeMask" | "SubgroupLtMask" => {
            return lane_mask(text, built_in, ty, ids);
        }
        // SPV_KHR_device_group: the device's index in its device group; a
        // device created without a group (the runner's one CPU device)
        // has index 0 (Vulkan, "DeviceIndex").
        "DeviceIndex" => vec![text.i64(0)],
        // Refused before any text is made (`supported_built_in`).
        _ => vec![text.i64(0)],
    };
    materialize(text, ty, &components)
}

/// The built-ins the ABI gives a value.
pub(super) fn supported_built_in(name: &str) -> bool {
    matches!(
        name,
        "LocalInvocationId"
            | "WorkgroupId"
            | "NumWorkgroups"
            | "WorkgroupSize"
            | "EnqueuedWorkgroupSize"
            | "GlobalOffset"
            | "GlobalInvocationId"
            | "GlobalSize"
            | "LocalInvocationIndex"
            | "SubgroupId"
            | "WorkDim"
            | "GlobalLinearId"
            | "SubgroupSize"
            | "SubgroupMaxSize"
            | "SubgroupLocalInvocationId"
            | "NumSubgroups"
            | "NumEnqueuedSubgroups"
            | "SubgroupEqMask"
            | "SubgroupLeMask"
            | "SubgroupGeMask"
            | "SubgroupGtMask"
            | "SubgroupLtMask"
            | "DeviceIndex"
    )
}

fn global_ids(text: &mut Text, ids: &Ids) -> [String; 3] {
    std::array::from_fn(|axis| {
        let base = text.value(format!("llvm.mul {}, {} : i64", ids.group[axis], ids.enqueued[axis]));
        let local = text.value(format!("llvm.add {base}, {} : i64", ids.local[axis]));
        text.value(format!("llvm.add {local}, {} : i64", ids.offset[axis]))
    })
}

/// The function that resolves the subgroup operations the invocations of
/// a coroutine entry point wait at (`__spvabi_<entry>.rendezvous`); its
/// site `k`'s resolver is `__spvabi_<entry>.rendezvous.k`.
pub fn rendezvous_name(entry: &str) -> String {
    format!("__spvabi_{entry}.rendezvous")
}

/// The name of the function giving the subgroup size of entry point `entry`'s
/// invocations: 1 as the kernel ABI defines it, the lane count in the
/// invocations the SPMD vectorizer runs as vector lanes (docs/abi.md,
/// "Subgroups").
pub fn subgroup_size_name(entry: &str) -> String {
    format!("__spvabi_{entry}.subgroup_size")
}

/// Whether a barrier-free entry point's invocations run in one loop over
/// their local index (x = the index, y = z = 0): when it has subgroups.
fn in_index_order(abi: &EntryAbi<'_>) -> bool {
    abi.subgroup_functions || uses_subgroup_built_ins(abi)
}

/// Whether the entry point reads a built-in that depends on the subgroup size.
fn uses_subgroup_built_ins(abi: &EntryAbi<'_>) -> bool {
    abi.slots.iter().any(|slot| matches!(&slot.kind, SlotKind::BuiltIn(name) if name.starts_with("Subgroup") || name.ends_with("Subgroups")))
}

/// The subgroup size for the ids of an invocation: a call of
/// [`subgroup_size_name`] when a built-in needs it (1 otherwise, unused).
fn subgroup_size(text: &mut Text, abi: &EntryAbi<'_>) -> String {
    if uses_subgroup_built_ins(abi) {
        text.value(format!("llvm.call {}() : () -> i64", symbol(&subgroup_size_name(abi.name))))
    } else {
        text.i64(1)
    }
}

/// The local index mod S: the invocation's place in its subgroup.
fn subgroup_lane(text: &mut Text, ids: &Ids) -> String {
    text.value(format!("llvm.urem {}, {} : i64", ids.order_index, ids.subgroup_size))
}

/// `SubgroupEqMask`... of the invocation: four 32-bit words, bit i for the
/// subgroup's invocation i (bits past the subgroup size follow the same rule:
/// set in the Ge and Gt masks).
fn lane_mask(text: &mut Text, built_in: &str, ty: &str, ids: &Ids) -> String {
    let lane = subgroup_lane(text, ids);
    let (zero, thirty_two, all) = (text.i64(0), text.i64(32), text.i64(0xFFFF_FFFF));
    let one = text.i64(1);
    let clamp = |text: &mut Text, value: &str, low: &str, high: &str| -> String {
        let below = text.value(format!("llvm.icmp \"slt\" {value}, {low} : i64"));
        let raised = text.value(format!("llvm.select {below}, {low}, {value} : i1, i64"));
        let above = text.value(format!("llvm.icmp \"sgt\" {raised}, {high} : i64"));
        text.value(format!("llvm.select {above}, {high}, {raised} : i1, i64"))
    };
    let words: Vec<String> = (0..4)
        .map(|word| {
            let base = text.i64(32 * word);
            let from_base = text.value(format!("llvm.sub {lane}, {base} : i64"));
            // Ge: the bits from the lane on; Le: the bits up to it.
            let shift = clamp(text, &from_base, &zero, &thirty_two);
            let ge = text.value(format!("llvm.shl {all}, {shift} : i64"));
            let up_to = text.value(format!("llvm.add {from_base}, {one} : i64"));
            let count = clamp(text, &up_to, &zero, &thirty_two);
            let bits = text.value(format!("llvm.shl {one}, {count} : i64"));
            let le = text.value(format!("llvm.sub {bits}, {one} : i64"));
            let word = match built_in {
                "SubgroupEqMask" => text.value(format!("llvm.and {ge}, {le} : i64")),
                "SubgroupGeMask" => ge,
                "SubgroupLeMask" => le,
                "SubgroupGtMask" => text.value(format!("llvm.xor {le}, {all} : i64")),
                _ => text.value(format!("llvm.xor {ge}, {all} : i64")),
            };
            text.value(format!("llvm.and {word}, {all} : i64"))
        })
        .collect();
    if ty.starts_with("vector<") {
        return materialize(text, ty, &words);
    }
    // A 64-bit mask (SPV_KHR_shader_ballot's uint64_t view): words 0 and 1.
    let shift = text.i64(32);
    let high = text.value(format!("llvm.shl {}, {shift} : i64", words[1]));
    let both = text.value(format!("llvm.or {}, {high} : i64", words[0]));
    materialize(text, ty, &[both])
}

/// A value of type `ty` (a scalar or vector of i32 or i64, or an array of
/// them) from i64 components.
fn materialize(text: &mut Text, ty: &str, components: &[String]) -> String {
    let element = |ty: &str| -> Option<(usize, String)> {
        let inner = ty.strip_prefix("vector<")?.strip_suffix('>')?;
        let (count, element) = inner.split_once('x')?;
        Some((count.parse().ok()?, element.to_owned()))
    };
    let narrow = |text: &mut Text, value: &str, element: &str| -> String {
        if element == "i64" { value.to_owned() } else { text.value(format!("llvm.trunc {value} : i64 to {element}")) }
    };
    match element(ty) {
        Some((count, scalar)) => {
            let mut vector = text.value(format!("llvm.mlir.poison : {ty}"));
            for lane in 0..count {
                let component = components.get(lane).or(components.first()).cloned().unwrap_or_default();
                let component = narrow(text, &component, &scalar);
                let index = text.i32(lane as i64);
                vector = text.value(format!("llvm.insertelement {component}, {vector}[{index} : i32] : {ty}"));
            }
            vector
        }
        None => {
            let component = components.first().cloned().unwrap_or_default();
            narrow(text, &component, ty)
        }
    }
}

/// The `size` of a resource in the info table.
enum InfoSize {
    /// The size of this LLVM type (0 without one).
    Of(Option<String>),
    /// This word: an image's declaration (docs/abi.md, "Images").
    Word(u32),
}

/// The resource table and `__spvabi_<entry>_info`.
fn info_globals(abi: &EntryAbi<'_>) -> String {
    let name = abi.name;
    let mut table: Vec<(ResourceKind, [u32; 2], InfoSize, [u32; 2])> = Vec::new();
    match abi.model {
        ExecutionModel::GlCompute => {
            for resource in abi.resources {
                let size = match resource.image_word {
                    Some(word) => InfoSize::Word(word),
                    None => InfoSize::Of(Some(resource.value_type.clone())),
                };
                table.push((resource.kind, [resource.set, resource.binding], size, [resource.element, resource.count]));
            }
        }
        ExecutionModel::Kernel => {
            for (index, ((ty, kind), word)) in abi.parameters.iter().zip(abi.arguments).zip(abi.argument_words).enumerate() {
                if let Some(word) = word {
                    table.push((*kind, [0, 0], InfoSize::Word(*word), [0, 0]));
                    continue;
                }
                // A value's size: its type's, or for a struct passed by
                // value (a pointer), the struct's.
                let size = match (*kind == ResourceKind::Value, pointer_address_space(ty)) {
                    (true, None) => Some(ty.clone()),
                    (true, Some(_)) => abi.value_types.get(index).cloned().flatten(),
                    (false, _) => None,
                };
                table.push((*kind, [0, 0], InfoSize::Of(size), [0, 0]));
            }
        }
    }
    let mut text = Text::new();
    let mut globals = String::new();
    let resources_value;
    if table.is_empty() {
        resources_value = None;
    } else {
        let array = format!("!llvm.array<{} x {RESOURCE}>", table.len());
        let mut aggregate = text.value(format!("llvm.mlir.poison : {array}"));
        for (index, (kind, [set, binding], size, [element, count])) in table.iter().enumerate() {
            let fields = [text.i32(*kind as i64), text.i32(i64::from(*set)), text.i32(i64::from(*binding))];
            let size = match size {
                InfoSize::Of(ty) => size_i32(&mut text, ty.as_deref()),
                InfoSize::Word(word) => text.i32(i64::from(*word)),
            };
            let place = [text.i32(i64::from(*element)), text.i32(i64::from(*count))];
            for (field, value) in fields.iter().chain(std::iter::once(&size)).chain(&place).enumerate() {
                aggregate = text.value(format!("llvm.insertvalue {value}, {aggregate}[{index}, {field}] : {array}"));
            }
        }
        text.line(format!("llvm.return {aggregate} : {array}"));
        let _ = writeln!(
            globals,
            "  llvm.mlir.global internal constant {}() {{addr_space = 0 : i32}} : {array} {{\n{}  }}",
            symbol(&format!("__spvabi_{name}_resources")),
            text.out
        );
        resources_value = Some(());
    }
    let mut text = Text::new();
    let mut info = text.value(format!("llvm.mlir.poison : {INFO}"));
    let size = abi.local_size.unwrap_or([0, 0, 0]);
    let push_constant_size = size_i32(&mut text, abi.push_constant_type);
    let fields = [
        ("0", text.i32(i64::from(ABI_VERSION))),
        ("1", text.i32(i64::from(abi.model.value()))),
        ("2, 0", text.i32(i64::from(size[0]))),
        ("2, 1", text.i32(i64::from(size[1]))),
        ("2, 2", text.i32(i64::from(size[2]))),
        ("3", text.i32(table.len() as i64)),
        ("4", push_constant_size),
        ("5", text.i32(abi.barriers.info_word())),
    ];
    for (position, value) in fields {
        info = text.value(format!("llvm.insertvalue {value}, {info}[{position}] : {INFO}"));
    }
    let resources = match resources_value {
        Some(()) => {
            text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&format!("__spvabi_{name}_resources"))))
        }
        None => text.value("llvm.mlir.zero : !llvm.ptr"),
    };
    info = text.value(format!("llvm.insertvalue {resources}, {info}[6] : {INFO}"));
    let groups = if runs_workgroups(abi) {
        text.value(format!("llvm.mlir.addressof {} : !llvm.ptr", symbol(&groups_name(name))))
    } else {
        text.value("llvm.mlir.zero : !llvm.ptr")
    };
    info = text.value(format!("llvm.insertvalue {groups}, {info}[7] : {INFO}"));
    text.line(format!("llvm.return {info} : {INFO}"));
    let _ = writeln!(
        globals,
        "  llvm.mlir.global external constant {}() {{addr_space = 0 : i32}} : {INFO} {{\n{}  }}",
        symbol(&format!("__spvabi_{name}_info")),
        text.out
    );
    globals
}
