//! spirv-run: SPIR-V compute kernels (Vulkan `GLCompute` shaders and OpenCL
//! kernels) run on the CPU. A module is compiled once through spirv-opt-rs
//! (binary import, `--spec`, `convert-spirv-to-llvm`, the kernel ABI of
//! docs/abi.md, builtin definitions, LLVM `-O2`) and LLVM's JIT, then
//! dispatched as often as wanted, its workgroups spread over threads.
//!
//! ```no_run
//! use spirv_run::{Buffer, CompileOptions, Dispatch, Kernel, Resource};
//! let spv = std::fs::read("saxpy.spv")?;
//! let kernel = Kernel::compile(&spv, "saxpy.spv", &CompileOptions::default())?;
//! let mut x = Buffer::from_bytes(&[0; 4096]);
//! let mut y = Buffer::from_bytes(&[0; 4096]);
//! let mut dispatch = Dispatch::new([16, 1, 1]);
//! dispatch.bind(0, 0, Resource::Buffer(&mut x));
//! dispatch.bind(0, 1, Resource::Buffer(&mut y));
//! kernel.dispatch(&mut dispatch)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod image;
mod jit;
mod pool;
mod printf;
mod window;
pub mod sampler;

pub use image::{Format, Image};
pub use sampler::Sampler;
pub use spirv_opt_passes::kernel_abi::{
    BarrierMode,
    regions::RegionStats,
    spmd::{SpmdMode, SpmdOptions},
};

use std::{
    cell::RefCell,
    collections::{BTreeMap, BTreeSet},
    rc::Rc,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use melior::ir::operation::OperationLike;
pub use spirv_opt_dialects::spirv::deserialize::{HEAP_DESCRIPTOR_SET, HEAP_SAMPLER_SET, HEAP_SLOTS};
use spirv_opt_dialects::spirv::deserialize::{DeserializeOptions, EntryPoints, deserialize_with, is_spirv_binary};
use spirv_opt_passes::{
    builtins::define_builtins,
    kernel_abi::{
        ExecutionModel, KernelAbiOptions, apply_kernel_abi, invocations_name, plain_marked_atomics,
        region_name, rendezvous_name,
        regions::form_regions,
        spmd::{SpmdOutcome, rendezvous_site_entry, rendezvous_sites, uses_subgroups, vectorize_invocations},
    },
    specialize::{SpecValue, UnknownSpecIds, specialize_with},
    spirv_to_llvm::{ClientApi, PointerLayout, SpirvToLlvmOptions, convert_spirv_to_llvm},
};
use spirv_opt_rs::translate::{EmitKind, EmitOptions, emit_with};
use thiserror::Error;

/// Why a kernel could not be compiled or run.
#[derive(Debug, Error)]
pub enum RunError {
    /// The module could not be read, converted or compiled; each message
    /// starts with its location (`file:line:col` or `file: at byte offset N`).
    #[error("{}", .0.join("\n"))]
    Compile(Vec<String>),
    /// The module has no such entry point, or several and none was named.
    #[error("{0}")]
    Entry(String),
    /// LLVM's JIT failed.
    #[error("JIT: {0}")]
    Jit(String),
    /// The dispatch does not fit the kernel (a missing binding, a short
    /// buffer, a wrong argument, a workgroup size beyond the limits).
    #[error("{0}")]
    Dispatch(String),
}

/// How [`Kernel::compile`] compiles.
#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// The entry point; may be left out when the module has one.
    pub entry: Option<String>,
    /// Specialization constants fixed at compile time (SpecId, value).
    pub specs: Vec<(u32, SpecValue)>,
    /// The descriptor count of each (set, binding) whose variable is an
    /// unsized descriptor array (`runtimeDescriptorArray`): fixed at compile
    /// time, as a pipeline layout fixes it (docs/import.md, "Unsized
    /// descriptor arrays").
    pub descriptor_counts: Vec<((u32, u32), u32)>,
    /// LLVM's `default<On>`; `None` is `-O2`.
    pub opt_level: Option<u8>,
    /// Leave out the bounds checks (robustBufferAccess) of every memory
    /// access: faster, but an out-of-bounds access then reaches whatever
    /// memory is there.
    pub unchecked: bool,
    /// SPMD vectorization of barrier-free kernels (several invocations per
    /// vector lane set; docs/abi.md, "SPMD vectorization").
    pub spmd: SpmdOptions,
    /// How a kernel with workgroup barriers runs: regions (the default;
    /// coroutines when the regions cannot be formed) or coroutines
    /// (docs/abi.md, "Barriers").
    pub barriers: BarrierMode,
    /// Every workgroup in a call of its own, no runs of workgroups
    /// (docs/abi.md, "Runs of workgroups"): the code of ABI version 3, for
    /// measuring what the runs give.
    pub one_workgroup_per_call: bool,
    /// A folder where the machine code of each compiled module is kept and
    /// found again by a later compile of the same LLVM IR on the same CPU
    /// (docs/abi.md, "Object cache"); `None` compiles every time.
    pub object_cache: Option<std::path::PathBuf>,
    /// How a `Physical32` kernel keeps pointers in memory (docs/import.md,
    /// "Physical32"): [`PointerLayout::Module`], the default (32-bit
    /// addresses, as the module lays them out: exact for every byte offset,
    /// byte count and pointer-integer round trip, since the runner places
    /// every object such a kernel can reach below 4 GiB:
    /// [`KernelInfo::physical32`]), or [`PointerLayout::Host`] (8-byte host
    /// addresses, as before session 22; the importer rewrites or refuses the
    /// module's byte offsets and counts into such memory). Other addressing
    /// models ignore it.
    pub pointer_layout: PointerLayout,
}

impl Default for CompileOptions {
    fn default() -> Self {
        Self {
            entry: None,
            specs: Vec::new(),
            descriptor_counts: Vec::new(),
            opt_level: None,
            unchecked: false,
            spmd: SpmdOptions::default(),
            barriers: BarrierMode::default(),
            one_workgroup_per_call: false,
            object_cache: None,
            pointer_layout: PointerLayout::Module,
        }
    }
}

/// How a kernel's workgroup barriers run ([`KernelInfo::barriers`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BarrierPath {
    /// The kernel has no workgroup barrier.
    None,
    /// Regions between the barriers, each a loop over the invocations.
    Regions(RegionStats),
    /// Every invocation a coroutine: asked for, or (with the reason) the
    /// regions could not be formed.
    Coroutines(Option<String>),
}

/// What a resource of the kernel is (include/spvabi.h's kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    /// A Vulkan storage buffer.
    StorageBuffer,
    /// A Vulkan uniform buffer.
    UniformBuffer,
    /// An OpenCL `__global`/`__constant` pointer argument.
    GlobalPointer,
    /// An OpenCL `__local` pointer argument.
    LocalPointer,
    /// An OpenCL argument by value.
    Value,
    /// A Vulkan storage image (`image2D`...).
    StorageImage,
    /// A Vulkan storage texel buffer (`imageBuffer`).
    StorageTexelBuffer,
    /// A Vulkan uniform texel buffer (`textureBuffer`, `samplerBuffer`).
    UniformTexelBuffer,
    /// A Vulkan sampled image (`texture2D`...), bound as [`Resource::Image`].
    SampledImage,
    /// A Vulkan sampler (`sampler`, `samplerShadow`), bound as [`Resource::Sampler`].
    Sampler,
    /// A Vulkan combined image sampler (`sampler2D`...), bound as
    /// [`Resource::SampledImage`].
    CombinedImageSampler,
}

/// The type of an OpenCL argument passed by value, when it is a scalar
/// (SPIR-V integers have no sign: `i32` and `u32` values both fit an
/// `Integer { bits: 32 }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalarType {
    /// An integer of `bits` bits.
    Integer {
        /// 8, 16, 32 or 64.
        bits: u32,
    },
    /// A float of `bits` bits.
    Float {
        /// 16, 32 or 64.
        bits: u32,
    },
}

/// One resource the kernel uses, as `__spvabi_<entry>_info` lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResourceInfo {
    /// What it is.
    pub kind: ResourceKind,
    /// The descriptor set (Vulkan).
    pub descriptor_set: u32,
    /// The binding (Vulkan).
    pub binding: u32,
    /// The bytes its declaration needs at least (0 when unknown); for an
    /// image, what the shader declares of it (docs/abi.md, "Images").
    pub size: u32,
    /// Its element in a descriptor array of buffers (`buffer B { } b[N]`:
    /// one resource per element); 0 otherwise.
    pub element: u32,
    /// The length of its descriptor array (of buffers: N resources; of
    /// images or samplers: one resource of N descriptors), 0 for a binding
    /// that is no array.
    pub count: u32,
    /// An OpenCL argument by value of a scalar type: that type.
    pub scalar: Option<ScalarType>,
}

/// What the host needs to know of a compiled kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelInfo {
    /// The entry point.
    pub entry: String,
    /// GLCompute or Kernel.
    pub model: ExecutionModel,
    /// The module's workgroup size; `None` when the dispatch decides (OpenCL).
    pub workgroup_size: Option<[u32; 3]>,
    /// Vulkan: the bindings sorted by (set, binding); OpenCL: the arguments.
    pub resources: Vec<ResourceInfo>,
    /// The push-constant block's size in bytes.
    pub push_constant_size: u32,
    /// Whether the kernel has workgroup barriers.
    pub uses_barriers: bool,
    /// How they run: regions or coroutines (docs/abi.md, "Barriers").
    pub barriers: BarrierPath,
    /// Invocations run at once, one per vector lane (SPMD vectorization,
    /// [`CompileOptions::spmd`]): the width (less for a workgroup narrower
    /// than it), or 1 when they run one by one.
    pub lanes: u32,
    /// Why the invocations run one by one, when the vectorizer was asked and
    /// declined (for a kernel with barriers run as regions, the step of a
    /// region it declined; one run as coroutines is never asked).
    pub scalar_reason: Option<String>,
    /// The invocations of a subgroup (docs/abi.md, "Subgroups"): the lanes
    /// when the invocations run as vector lanes (the size asked for when
    /// the lanes were capped at a narrower workgroup), else 1.
    pub subgroup_size: u32,
    /// Whether runs of consecutive workgroups (along x) run in one call of
    /// the kernel, one loop over their invocations with the workgroup's
    /// setup done once (docs/abi.md, "Runs of workgroups"): kernels without
    /// barriers, workgroup memory or subgroups.
    pub workgroup_runs: bool,
    /// Whether the module's addressing model is `Physical32` (OpenCL C for
    /// `spirv32`): every object the kernel reaches then lies below 4 GiB
    /// (its code and globals, its buffers and by-value arguments, copied
    /// in and out around each dispatch unless made there with
    /// [`Buffer::zeroed_below_4gib`], its stacks and coroutine frames),
    /// so that a pointer cast to a 32-bit integer and back is exact
    /// (docs/abi.md, "Physical32 kernels: memory below 4 GiB").
    pub physical32: bool,
}

/// Memory the kernel reads and writes, aligned as the ABI requires (the
/// kernel's vector loads assume 16 bytes; this gives 64).
#[derive(Debug, Clone)]
pub struct Buffer {
    words: jit::Lines,
    len: usize,
}

impl Buffer {
    /// A buffer holding a copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Self {
        let mut buffer = Self::zeroed(bytes.len());
        buffer.bytes_mut().copy_from_slice(bytes);
        buffer
    }

    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> Self {
        Self { words: jit::Lines::zeroed(len.div_ceil(64).max(1)), len }
    }

    /// `len` zero bytes below 4 GiB (docs/abi.md, "Physical32 kernels:
    /// memory below 4 GiB"): a `Physical32` kernel's dispatches use such a
    /// buffer in place, where they copy another into the 32-bit window and
    /// back. For any other kernel it is a buffer like any other.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when the window has no room for it.
    pub fn zeroed_below_4gib(len: usize) -> Result<Self, RunError> {
        Ok(Self { words: jit::Lines::zeroed_low(len.div_ceil(64).max(1))?, len })
    }

    /// A copy of `bytes` whose allocation runs on `gap` bytes (rounded up
    /// to 64) past its end, bytes that belong to no buffer: no other
    /// allocation starts within `gap` bytes of the buffer's end. A device
    /// buffer ([`Dispatch::device_buffer`]) made so stands apart from the
    /// others as separate driver allocations do, so that an address run a
    /// little past its end lies in no buffer (loads zero, stores nothing,
    /// with the bounds checks) rather than in whichever buffer the heap
    /// happened to place next.
    pub fn from_bytes_apart(bytes: &[u8], gap: usize) -> Self {
        let mut buffer = Self { words: jit::Lines::zeroed(bytes.len().div_ceil(64) + gap.div_ceil(64)), len: bytes.len() };
        buffer.bytes_mut().copy_from_slice(bytes);
        buffer
    }

    /// A copy of `bytes` below 4 GiB ([`Buffer::zeroed_below_4gib`]).
    ///
    /// # Errors
    ///
    /// As [`Buffer::zeroed_below_4gib`].
    pub fn from_bytes_below_4gib(bytes: &[u8]) -> Result<Self, RunError> {
        let mut buffer = Self::zeroed_below_4gib(bytes.len())?;
        buffer.bytes_mut().copy_from_slice(bytes);
        Ok(buffer)
    }

    /// Whether the whole buffer lies below 4 GiB (a Physical32 kernel can
    /// use it in place).
    fn below_4gib(&self) -> bool {
        let bytes = jit::bytes_of(&self.words);
        (bytes.as_ptr() as usize).checked_add(bytes.len()).is_some_and(|end| end <= 1 << 32)
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        let all = jit::bytes_of(&self.words);
        &all[..self.len]
    }

    /// The bytes, writable.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        let len = self.len;
        let all = jit::bytes_of_mut(&mut self.words);
        &mut all[..len]
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.words.as_mut_ptr().cast()
    }
}

/// What a resource slot of a dispatch holds.
#[derive(Debug)]
pub enum Resource<'a> {
    /// A buffer (Vulkan binding, OpenCL `__global` argument).
    Buffer(&'a mut Buffer),
    /// OpenCL `__local` memory of this many bytes, per workgroup.
    Local(usize),
    /// An OpenCL argument by value, its bytes (little-endian), aligned.
    Value(Buffer),
    /// A storage image, a sampled image or a texel buffer (Vulkan binding).
    Image(&'a mut Image),
    /// A sampler (Vulkan binding).
    Sampler(Sampler),
    /// A combined image sampler (Vulkan binding): the image and its sampler.
    SampledImage(&'a mut Image, Sampler),
    /// A descriptor array (`uniform sampler2D tex[N]`, `buffer B { } b[N]`):
    /// N images, samplers, combined image samplers or buffers, in order.
    Array(Vec<Resource<'a>>),
}

/// One dispatch: the workgroups and what the kernel reads.
#[derive(Debug)]
pub struct Dispatch<'a> {
    /// How many workgroups in each dimension.
    pub workgroups: [u32; 3],
    /// The workgroup size, for a kernel that leaves it to the dispatch.
    pub workgroup_size: Option<[u32; 3]>,
    /// OpenCL's global work offset.
    pub global_offset: [u64; 3],
    /// OpenCL's global work size where it is not a multiple of the
    /// workgroup size (non-uniform work-groups, OpenCL 2.0): `workgroups`
    /// must then be the global size divided by the workgroup size, rounded
    /// up, and the last workgroup of each such dimension runs the rest.
    /// Only for a kernel that leaves the workgroup size to the dispatch.
    pub global_size: Option<[u64; 3]>,
    /// OpenCL's work dimension (1 to 3); Vulkan: 3.
    pub work_dim: u32,
    /// The push constants.
    pub push_constants: Vec<u8>,
    /// Threads to spread the workgroups over, the calling thread one of
    /// them (0: every core).
    pub threads: usize,
    bindings: BTreeMap<(u32, u32), Resource<'a>>,
    arguments: BTreeMap<u32, Resource<'a>>,
    /// Buffers bound through [`Dispatch::bind_views`].
    shared: Vec<&'a mut Buffer>,
    /// The bindings (and elements of descriptor arrays) that view a shared
    /// buffer: (index in `shared`, offset, length).
    views: BTreeMap<(u32, u32, u32), (usize, usize, usize)>,
    /// The buffers of the resource heap (SPV_EXT_descriptor_heap), by slot.
    heap: BTreeMap<u32, &'a mut Buffer>,
    /// The images of the resource heap, by slot.
    heap_images: BTreeMap<u32, &'a mut Image>,
    /// The samplers of the sampler heap, by slot.
    heap_samplers: BTreeMap<u32, Sampler>,
    /// The buffers reachable by address only ([`Dispatch::device_buffer`]).
    device: Vec<&'a mut Buffer>,
    /// The bound buffers whose address was given out
    /// ([`Dispatch::binding_address`]): (set, binding, element) and the
    /// address returned, checked again at dispatch.
    addressed: Vec<((u32, u32, u32), u64)>,
}

/// One binding's view of a buffer bound with [`Dispatch::bind_views`]:
/// `length` bytes from byte `offset` (a Vulkan descriptor's offset and range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferView {
    /// The descriptor set.
    pub set: u32,
    /// The binding.
    pub binding: u32,
    /// The element of a descriptor array of buffers at that binding (0 for
    /// a binding that is no array).
    pub element: u32,
    /// Where the view starts, in bytes: a multiple of 16, the alignment the
    /// kernel's loads assume (a device's `minStorageBufferOffsetAlignment`).
    pub offset: usize,
    /// How many bytes it covers; the bounds checks keep accesses inside.
    pub length: usize,
}

impl<'a> Dispatch<'a> {
    /// A dispatch of `workgroups` with nothing bound yet.
    pub fn new(workgroups: [u32; 3]) -> Self {
        Self {
            workgroups,
            workgroup_size: None,
            global_offset: [0; 3],
            global_size: None,
            work_dim: 3,
            push_constants: Vec::new(),
            threads: 0,
            bindings: BTreeMap::new(),
            arguments: BTreeMap::new(),
            shared: Vec::new(),
            views: BTreeMap::new(),
            heap: BTreeMap::new(),
            heap_images: BTreeMap::new(),
            heap_samplers: BTreeMap::new(),
            device: Vec::new(),
            addressed: Vec::new(),
        }
    }

    /// Binds a Vulkan descriptor (set, binding).
    pub fn bind(&mut self, set: u32, binding: u32, resource: Resource<'a>) -> &mut Self {
        self.bindings.insert((set, binding), resource);
        self
    }

    /// Binds one buffer to several Vulkan descriptors, each a view of it
    /// (`views`): what the kernel writes through one binding, the others
    /// see, as when a Vulkan application points several descriptors at one
    /// `VkBuffer`. A view replaces what [`Dispatch::bind`] bound there.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when a view does not lie inside the buffer or
    /// its offset is not a multiple of 16.
    pub fn bind_views(&mut self, buffer: &'a mut Buffer, views: &[BufferView]) -> Result<&mut Self, RunError> {
        for view in views {
            if view.offset % 16 != 0 {
                return Err(RunError::Dispatch(format!(
                    "set {} binding {}: offset {} is not a multiple of 16",
                    view.set, view.binding, view.offset
                )));
            }
            if view.offset.checked_add(view.length).is_none_or(|end| end > buffer.len()) {
                return Err(RunError::Dispatch(format!(
                    "set {} binding {}: {} bytes from offset {} do not fit a buffer of {} bytes",
                    view.set,
                    view.binding,
                    view.length,
                    view.offset,
                    buffer.len()
                )));
            }
        }
        let index = self.shared.len();
        self.shared.push(buffer);
        for view in views {
            // A view replaces a single buffer; a descriptor array bound with
            // `bind` keeps its other elements.
            if !matches!(self.bindings.get(&(view.set, view.binding)), Some(Resource::Array(_))) {
                self.bindings.remove(&(view.set, view.binding));
            }
            self.views.insert((view.set, view.binding, view.element), (index, view.offset, view.length));
        }
        Ok(self)
    }

    /// Puts a buffer descriptor in slot `slot` of the resource heap
    /// (SPV_EXT_descriptor_heap, docs/abi.md "Descriptor heaps"): a shader
    /// reaches it at byte `slot` x 64 of the heap, as a storage or a uniform
    /// buffer. Slots left empty hold no buffer: reads through them give 0,
    /// writes do nothing.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when `slot` is not below [`HEAP_SLOTS`].
    pub fn heap_buffer(&mut self, slot: u32, buffer: &'a mut Buffer) -> Result<&mut Self, RunError> {
        if slot >= HEAP_SLOTS || self.heap_images.contains_key(&slot) {
            return Err(RunError::Dispatch(format!(
                "resource heap slot {slot}: the heap holds slots 0 to {}, each a buffer or an image",
                HEAP_SLOTS - 1
            )));
        }
        self.heap.insert(slot, buffer);
        Ok(self)
    }

    /// Puts an image descriptor in slot `slot` of the resource heap (docs/abi.md
    /// "Descriptor heaps"): a shader loading an image of its format and
    /// dimensions from byte `slot` x 64 of the heap gets it; one loading
    /// another image type there, or from an empty slot, gets an image of
    /// 0x0 texels (reads give 0, writes and atomics do nothing).
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when `slot` is not below [`HEAP_SLOTS`] or
    /// holds a buffer.
    pub fn heap_image(&mut self, slot: u32, image: &'a mut Image) -> Result<&mut Self, RunError> {
        if slot >= HEAP_SLOTS || self.heap.contains_key(&slot) {
            return Err(RunError::Dispatch(format!(
                "resource heap slot {slot}: the heap holds slots 0 to {}, each a buffer or an image",
                HEAP_SLOTS - 1
            )));
        }
        self.heap_images.insert(slot, image);
        Ok(self)
    }

    /// Puts a sampler in slot `slot` of the sampler heap (docs/abi.md
    /// "Descriptor heaps"); an empty slot holds the default sampler.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when `slot` is not below [`HEAP_SLOTS`].
    pub fn heap_sampler(&mut self, slot: u32, sampler: Sampler) -> Result<&mut Self, RunError> {
        if slot >= HEAP_SLOTS {
            return Err(RunError::Dispatch(format!(
                "sampler heap slot {slot}: the heap holds slots 0 to {}",
                HEAP_SLOTS - 1
            )));
        }
        self.heap_samplers.insert(slot, sampler);
        Ok(self)
    }

    /// Gives a Vulkan compute kernel `buffer` by address only, as
    /// `vkGetBufferDeviceAddress` does for a buffer made with
    /// `VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT`: returns its device
    /// address, which the host writes into push constants, a bound buffer
    /// or another device buffer for the shader to use as a
    /// `PhysicalStorageBuffer` pointer (GLSL `buffer_reference`,
    /// `GL_EXT_buffer_reference`). The address of byte `n` of the buffer is
    /// the returned value plus `n`; it stays valid while the dispatch holds
    /// the buffer (the buffer cannot move while borrowed), in every
    /// dispatch of this `Dispatch`.
    ///
    /// The bounds checks let an access through a pointer they cannot trace
    /// to a binding (docs/abi.md, "Buffer device addresses") reach these
    /// buffers too, and the bound buffers, as before: one lying outside all
    /// of them reads zero and writes nothing. With the checks off
    /// ([`CompileOptions`]'s `unchecked`) any address is used as it is.
    /// OpenCL kernels take pointers as arguments and ignore these buffers.
    pub fn device_buffer(&mut self, buffer: &'a mut Buffer) -> u64 {
        let address = buffer.as_mut_ptr() as u64;
        self.device.push(buffer);
        address
    }

    /// The device address of the buffer bound at descriptor `set`, `binding`
    /// (`element` of a descriptor array of buffers, 0 for a single
    /// descriptor; for [`HEAP_DESCRIPTOR_SET`], the resource heap's slot),
    /// as `vkGetBufferDeviceAddress` gives it for a buffer that is bound
    /// and made with `VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT` too: the
    /// shader may then reach it both through the binding and as a
    /// `PhysicalStorageBuffer` pointer (docs/abi.md, "Buffer device
    /// addresses"). For a view ([`Dispatch::bind_views`]) it is the
    /// address of the view's first byte. Bind first: the address is that
    /// of the buffer bound there now, and the dispatch refuses to run when
    /// another buffer is bound there by then.
    ///
    /// The whole buffer (past a view's range too, as a Vulkan buffer's
    /// address covers all of it) becomes device memory of the dispatch,
    /// like a [`Dispatch::device_buffer`]: with the bounds checks, an
    /// access through a pointer derived from the address runs when it
    /// lies in the buffer; outside, a load gives zero and a store does
    /// nothing.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when no buffer is bound there.
    pub fn binding_address(&mut self, set: u32, binding: u32, element: u32) -> Result<u64, RunError> {
        let address =
            self.bound_buffer(set, binding, element).map(|(buffer, offset)| buffer.as_mut_ptr() as u64 + offset as u64);
        let Some(address) = address else {
            return Err(RunError::Dispatch(format!(
                "{}: no buffer is bound there, so it has no address",
                binding_place(set, binding, element)
            )));
        };
        if !self.addressed.iter().any(|&(key, _)| key == (set, binding, element)) {
            self.addressed.push(((set, binding, element), address));
        }
        Ok(address)
    }

    /// The buffer bound at (`set`, `binding`, `element`) and where its
    /// view starts: a view ([`Dispatch::bind_views`]) first, as the
    /// dispatch takes it, then a heap slot, a single buffer or an element
    /// of an array.
    fn bound_buffer(&mut self, set: u32, binding: u32, element: u32) -> Option<(&mut Buffer, usize)> {
        if let Some(&(index, offset, _)) = self.views.get(&(set, binding, element)) {
            return Some((&mut *self.shared[index], offset));
        }
        if set == HEAP_DESCRIPTOR_SET {
            return self.heap.get_mut(&element).map(|buffer| (&mut **buffer, 0));
        }
        match self.bindings.get_mut(&(set, binding))? {
            Resource::Buffer(buffer) if element == 0 => Some((&mut **buffer, 0)),
            Resource::Array(items) => match items.get_mut(element as usize)? {
                Resource::Buffer(buffer) => Some((&mut **buffer, 0)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The device memory of a dispatch: every device buffer and every bound
    /// buffer whose address was given, whole, as (address, length).
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when a binding whose address was given holds
    /// no buffer, or another one, now.
    fn device_ranges(&mut self) -> Result<Vec<(u64, u64)>, RunError> {
        let mut ranges: Vec<(u64, u64)> =
            self.device.iter_mut().map(|buffer| (buffer.as_mut_ptr() as u64, buffer.len() as u64)).collect();
        for ((set, binding, element), address) in self.addressed.clone() {
            let place = binding_place(set, binding, element);
            let (buffer, offset) = self.bound_buffer(set, binding, element).ok_or_else(|| {
                RunError::Dispatch(format!("{place}: its address was given, but no buffer is bound there now"))
            })?;
            let base = buffer.as_mut_ptr() as u64;
            if base + offset as u64 != address {
                return Err(RunError::Dispatch(format!(
                    "{place}: its address was given ({address:#x}), but another buffer is bound there now"
                )));
            }
            ranges.push((base, buffer.len() as u64));
        }
        // Views of one buffer, or one buffer at two bindings' addresses:
        // one range (distinct buffers never overlap).
        ranges.sort_unstable();
        ranges.dedup();
        Ok(ranges)
    }

    /// Sets OpenCL kernel argument `index`.
    pub fn argument(&mut self, index: u32, resource: Resource<'a>) -> &mut Self {
        self.arguments.insert(index, resource);
        self
    }
}

/// A compiled entry point.
pub struct Kernel {
    /// Shared with the work of a dispatch, which the pool's threads hold.
    jit: Arc<jit::Jit>,
    /// The threads that run a dispatch's workgroups beside the caller.
    pool: pool::Pool,
    info: KernelInfo,
    /// Whether the code checks its memory accesses (not `unchecked`): a
    /// buffer shorter than its block can then be given as it is.
    checked: bool,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Kernel").field("info", &self.info).finish_non_exhaustive()
    }
}

impl Kernel {
    /// Compiles `source` (a SPIR-V binary, or SPIR-V dialect MLIR) named
    /// `source_name` in diagnostics.
    ///
    /// # Errors
    ///
    /// [`RunError::Compile`] with every diagnostic, [`RunError::Entry`],
    /// [`RunError::Jit`].
    pub fn compile(source: &[u8], source_name: &str, options: &CompileOptions) -> Result<Self, RunError> {
        let (llvm_ir, entry, scalars, spmd, regions, physical32) = lower(source, source_name, options)?;
        let jit = jit::Jit::new(&llvm_ir, &entry, options.object_cache.as_deref(), physical32)?;
        let (version, model, size, push_constant_size, uses_barriers, resources) = jit.info();
        if version != spirv_opt_passes::kernel_abi::ABI_VERSION {
            return Err(RunError::Jit(format!(
                "kernel ABI version {version}, expected {}",
                spirv_opt_passes::kernel_abi::ABI_VERSION
            )));
        }
        let model =
            if model == ExecutionModel::Kernel.value() { ExecutionModel::Kernel } else { ExecutionModel::GlCompute };
        let resources = resources
            .iter()
            .enumerate()
            .map(|(index, raw)| ResourceInfo {
                kind: match raw.kind {
                    1 => ResourceKind::StorageBuffer,
                    2 => ResourceKind::UniformBuffer,
                    3 => ResourceKind::GlobalPointer,
                    4 => ResourceKind::LocalPointer,
                    6 => ResourceKind::StorageImage,
                    7 => ResourceKind::StorageTexelBuffer,
                    8 => ResourceKind::UniformTexelBuffer,
                    9 => ResourceKind::SampledImage,
                    10 => ResourceKind::Sampler,
                    11 => ResourceKind::CombinedImageSampler,
                    _ => ResourceKind::Value,
                },
                descriptor_set: raw.descriptor_set,
                binding: raw.binding,
                size: raw.size,
                element: raw.element,
                count: raw.count,
                scalar: if raw.kind == 5 { scalars.get(index).copied().flatten() } else { None },
            })
            .collect();
        let info = KernelInfo {
            entry,
            model,
            workgroup_size: (size != [0, 0, 0]).then_some(size),
            resources,
            push_constant_size,
            uses_barriers: uses_barriers != 0,
            barriers: match (uses_barriers, regions) {
                (0, _) => BarrierPath::None,
                (2, Ok(stats)) => BarrierPath::Regions(stats),
                (_, Err(reason)) => BarrierPath::Coroutines(reason),
                (_, Ok(_)) => BarrierPath::Coroutines(None),
            },
            lanes: match spmd {
                // Coroutines run their invocations one by one, with
                // subgroups as rendezvous.
                Some(Ok((lanes, _))) if uses_barriers != 1 => lanes,
                _ => 1,
            },
            subgroup_size: match spmd {
                Some(Ok((_, size))) => size,
                _ => 1,
            },
            scalar_reason: spmd.and_then(Result::err),
            workgroup_runs: jit.runs_workgroups(),
            physical32,
        };
        Ok(Self { jit: Arc::new(jit), pool: pool::Pool::new(), info, checked: !options.unchecked })
    }

    /// Whether the machine code was linked from the object cache
    /// ([`CompileOptions::object_cache`]) rather than compiled.
    pub fn from_object_cache(&self) -> bool {
        self.jit.from_cache
    }

    /// What the kernel is and uses.
    pub fn info(&self) -> &KernelInfo {
        &self.info
    }

    /// Runs every workgroup of `dispatch`, spread over threads; returns
    /// when all have finished. The calling thread runs workgroups too; the
    /// others are the kernel's own, started at its first dispatch on more
    /// than one thread, parked between dispatches, and stopped when the
    /// kernel is dropped.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when the dispatch does not fit the kernel:
    /// nothing ran then.
    pub fn dispatch(&self, dispatch: &mut Dispatch<'_>) -> Result<(), RunError> {
        let info = &self.info;
        let size = match (info.workgroup_size, dispatch.workgroup_size) {
            (Some(size), _) => size,
            (None, Some(size)) => size,
            (None, None) => {
                return Err(RunError::Dispatch(
                    "the kernel leaves the workgroup size to the dispatch, which gives none".into(),
                ));
            }
        };
        let invocations: u64 = size.iter().map(|&extent| u64::from(extent)).product();
        if invocations == 0 || invocations > 1024 {
            return Err(RunError::Dispatch(format!(
                "a workgroup of {}x{}x{} invocations: between 1 and 1024 are supported",
                size[0], size[1], size[2]
            )));
        }
        if let Some(global) = dispatch.global_size {
            if let Some(required) = info.workgroup_size {
                return Err(RunError::Dispatch(format!(
                    "non-uniform work-groups need a kernel that leaves the workgroup size to the dispatch; \
                     this one requires {}x{}x{}",
                    required[0], required[1], required[2]
                )));
            }
            for axis in 0..3 {
                let wanted = global[axis].div_ceil(u64::from(size[axis]));
                if global[axis] == 0 || u64::from(dispatch.workgroups[axis]) != wanted {
                    return Err(RunError::Dispatch(format!(
                        "a global size of {} in dimension {axis} with workgroups of {} takes {wanted} workgroups, not {}",
                        global[axis], size[axis], dispatch.workgroups[axis]
                    )));
                }
            }
        }
        // The device buffers' ranges and those of the bound buffers whose
        // address was given, for `__spvabi_device_range`.
        let device_ranges = dispatch.device_ranges()?;
        let addressed: BTreeSet<(u32, u32, u32)> = dispatch.addressed.iter().map(|&(key, _)| key).collect();
        let mut pointers: Vec<*mut u8> = Vec::new();
        let mut sizes: Vec<u64> = Vec::new();
        // Buffers shorter than their block, in unchecked code: zero-padded
        // copies (by binding: aliasing views share one), copied back after.
        let mut padded: BTreeMap<(u32, u32, u32), Buffer> = BTreeMap::new();
        // The image and sampler descriptors `pointers` point into (each
        // block a heap allocation of its own, which never moves), alive
        // until the workgroups are done.
        let mut descriptors: Vec<Descriptors> = Vec::new();
        // A Physical32 kernel's buffers and by-value arguments, copied into
        // the 32-bit window (window.rs): (argument, its copy, length), the
        // buffers copied back after the workgroups. A buffer already below
        // 4 GiB (`Buffer::zeroed_below_4gib`) is used in place.
        let mut low: Vec<(u32, window::Block, usize)> = Vec::new();
        if info.physical32 {
            // The calling thread's stack: a full window is an error before
            // anything runs.
            window::ensure_stack()?;
        }
        match info.model {
            ExecutionModel::GlCompute => {
                let uses_heap = info
                    .resources
                    .iter()
                    .any(|resource| [HEAP_DESCRIPTOR_SET, HEAP_SAMPLER_SET].contains(&resource.descriptor_set));
                let heap_given =
                    !dispatch.heap.is_empty() || !dispatch.heap_images.is_empty() || !dispatch.heap_samplers.is_empty();
                if heap_given && !uses_heap {
                    return Err(RunError::Dispatch("resource heap descriptors given, but the kernel uses no resource heap".into()));
                }
                if uses_heap && !self.checked {
                    // An empty slot is a null address: only the bounds
                    // checks keep a kernel out of it.
                    return Err(RunError::Dispatch(
                        "the kernel uses a resource heap (SPV_EXT_descriptor_heap): it needs its bounds checks (an empty \
                         slot has no memory)"
                            .into(),
                    ));
                }
                // What the views of each binding need at least.
                let mut needed: BTreeMap<(u32, u32), u32> = BTreeMap::new();
                for resource in &info.resources {
                    let entry = needed.entry((resource.descriptor_set, resource.binding)).or_default();
                    *entry = (*entry).max(resource.size);
                }
                for resource in &info.resources {
                    let key = (resource.descriptor_set, resource.binding);
                    // The element of a descriptor array of buffers, if it is one.
                    let element = (resource.count != 0 && !is_image(resource.kind)).then_some(resource.element);
                    let place = match element {
                        Some(element) => format!("set {} binding {} element {element}", key.0, key.1),
                        None => format!("set {} binding {}", key.0, key.1),
                    };
                    if let Some(&(index, offset, length)) = dispatch.views.get(&(key.0, key.1, resource.element)) {
                        if is_image(resource.kind) {
                            return Err(RunError::Dispatch(format!("{place} must be an image, not a view of a buffer")));
                        }
                        // Views share their buffer, so none gets a padded
                        // copy: unchecked code may read up to the block's
                        // size only when the buffer holds that much.
                        let block = needed[&key] as usize;
                        let buffer = &mut dispatch.shared[index];
                        let size = if length < block && !self.checked {
                            if offset + block > buffer.len() {
                                return Err(RunError::Dispatch(format!(
                                    "{place}: a view of {length} bytes, shorter than the {block} bytes of its block, \
                                     at the end of its buffer: unchecked code would read past it (keep the bounds \
                                     checks, or bind a longer buffer)"
                                )));
                            }
                            block
                        } else {
                            length
                        };
                        sizes.push(size as u64);
                        pointers.push(buffer.bytes_mut()[offset..].as_mut_ptr());
                        continue;
                    }
                    if key.0 == HEAP_SAMPLER_SET {
                        // The sampler heap: its samplers, the default one
                        // in every empty slot.
                        let count = resource.size >> spirv_opt_passes::spirv_to_llvm::image::DESCRIPTOR_COUNT_SHIFT;
                        let mut block: Vec<jit::RawSampler> = (0..count)
                            .map(|slot| dispatch.heap_samplers.get(&slot).copied().unwrap_or_default().descriptor())
                            .collect();
                        pointers.push(block.as_mut_ptr().cast::<u8>());
                        sizes.push(std::mem::size_of_val(block.as_slice()) as u64);
                        descriptors.push(Descriptors::Samplers(block));
                        continue;
                    }
                    if key.0 == HEAP_DESCRIPTOR_SET && is_image(resource.kind) {
                        let (pointer, size) = heap_image_descriptors(resource, &mut dispatch.heap_images, &mut descriptors);
                        sizes.push(size);
                        pointers.push(pointer);
                        continue;
                    }
                    if key.0 == HEAP_DESCRIPTOR_SET {
                        // A slot of the resource heap: its buffer, or none
                        // (a null address of 0 bytes: the bounds checks
                        // keep every access out of it).
                        match dispatch.heap.get_mut(&resource.element) {
                            Some(buffer) => {
                                sizes.push(buffer.len() as u64);
                                pointers.push(buffer.as_mut_ptr());
                            }
                            None => {
                                sizes.push(0);
                                pointers.push(std::ptr::null_mut());
                            }
                        }
                        continue;
                    }
                    let bound = dispatch.bindings.get_mut(&key).ok_or_else(|| {
                        RunError::Dispatch(format!(
                            "the kernel uses set {} binding {}, which has no {}",
                            resource.descriptor_set,
                            resource.binding,
                            match resource.kind {
                                ResourceKind::Sampler => "sampler",
                                ResourceKind::CombinedImageSampler => "image and sampler",
                                kind if is_image(kind) => "image",
                                _ => "buffer",
                            }
                        ))
                    })?;
                    if is_image(resource.kind) {
                        let place = format!("set {} binding {}", key.0, key.1);
                        let (pointer, size) = bind_descriptors(resource, &place, bound, &mut descriptors)?;
                        sizes.push(size);
                        pointers.push(pointer);
                        continue;
                    }
                    let buffer = match (element, bound) {
                        (None, Resource::Buffer(buffer)) => buffer,
                        (Some(element), Resource::Array(items)) if items.len() == resource.count as usize => {
                            match &mut items[element as usize] {
                                Resource::Buffer(buffer) => buffer,
                                _ => return Err(RunError::Dispatch(format!("{place} must be a buffer"))),
                            }
                        }
                        (Some(_), Resource::Array(items)) => {
                            return Err(RunError::Dispatch(format!(
                                "set {} binding {} is an array of {} buffers, {} given",
                                key.0,
                                key.1,
                                resource.count,
                                items.len()
                            )));
                        }
                        (Some(_), _) => {
                            return Err(RunError::Dispatch(format!(
                                "set {} binding {} is an array of {} buffers (SET:BINDING[I], Resource::Array), one \
                                 given",
                                key.0, key.1, resource.count
                            )));
                        }
                        (None, _) => return Err(RunError::Dispatch(format!("{place} must be a buffer"))),
                    };
                    // A buffer shorter than its block is what a driver
                    // takes (a range covering what the shader reads): the
                    // bounds checks make the rest read zero; unchecked code
                    // gets a zero-padded copy, so that nothing reads outside
                    // host memory.
                    let block = needed[&key] as usize;
                    if buffer.len() < block && !self.checked {
                        if addressed.contains(&(key.0, key.1, resource.element)) {
                            // The copy would split the buffer in two: what
                            // the kernel writes through the address would be
                            // lost when the copy is copied back.
                            return Err(RunError::Dispatch(format!(
                                "{place}: a buffer of {} bytes, shorter than the {block} bytes of its block, whose \
                                 address is given: unchecked code would read past it (keep the bounds checks, or \
                                 bind a longer buffer)",
                                buffer.len()
                            )));
                        }
                        let copy = padded.entry((key.0, key.1, resource.element)).or_insert_with(|| {
                            let mut copy = Buffer::zeroed(block);
                            copy.bytes_mut()[..buffer.len()].copy_from_slice(buffer.bytes());
                            copy
                        });
                        sizes.push(block as u64);
                        pointers.push(copy.as_mut_ptr());
                    } else {
                        sizes.push(buffer.len() as u64);
                        pointers.push(buffer.as_mut_ptr());
                    }
                }
            }
            ExecutionModel::Kernel => {
                let count = info.resources.len() as u32;
                if let Some((&extra, _)) = dispatch.arguments.range(count..).next() {
                    return Err(RunError::Dispatch(format!("argument {extra} given, but the kernel takes {count}")));
                }
                for (index, resource) in info.resources.iter().enumerate() {
                    let argument = dispatch.arguments.get_mut(&(index as u32)).ok_or_else(|| {
                        RunError::Dispatch(format!("the kernel takes {count} arguments; argument {index} is missing"))
                    })?;
                    match (resource.kind, argument) {
                        (ResourceKind::GlobalPointer, Resource::Buffer(buffer)) if info.physical32 && !buffer.below_4gib() => {
                            let mut copy = window::Block::new(buffer.len(), 64)?;
                            copy.bytes_mut(buffer.len()).copy_from_slice(buffer.bytes());
                            sizes.push(buffer.len() as u64);
                            pointers.push(copy.as_mut_ptr());
                            low.push((index as u32, copy, buffer.len()));
                        }
                        (ResourceKind::GlobalPointer, Resource::Buffer(buffer)) => {
                            sizes.push(buffer.len() as u64);
                            pointers.push(buffer.as_mut_ptr());
                        }
                        (ResourceKind::LocalPointer, Resource::Local(bytes)) => {
                            sizes.push(*bytes as u64);
                            pointers.push(std::ptr::null_mut());
                        }
                        (kind, bound) if is_image(kind) => {
                            let (pointer, size) =
                                bind_descriptors(resource, &format!("argument {index}"), bound, &mut descriptors)?;
                            sizes.push(size);
                            pointers.push(pointer);
                        }
                        (ResourceKind::Value, Resource::Value(bytes)) => {
                            if resource.size != 0 && bytes.len() != resource.size as usize {
                                return Err(RunError::Dispatch(format!(
                                    "argument {index} is a value of {} bytes, not {}",
                                    resource.size,
                                    bytes.len()
                                )));
                            }
                            sizes.push(bytes.len() as u64);
                            if info.physical32 {
                                // The kernel may take the argument's address.
                                let mut copy = window::Block::new(bytes.len(), 64)?;
                                copy.bytes_mut(bytes.len()).copy_from_slice(bytes.bytes());
                                pointers.push(copy.as_mut_ptr());
                                // Not copied back: a value argument's changes are the kernel's own.
                                low.push((u32::MAX, copy, 0));
                            } else {
                                pointers.push(bytes.as_mut_ptr());
                            }
                        }
                        (kind, _) => {
                            let wanted = match kind {
                                ResourceKind::GlobalPointer => "a buffer",
                                ResourceKind::LocalPointer => "local memory",
                                _ => "a value",
                            };
                            return Err(RunError::Dispatch(format!("argument {index} must be {wanted}")));
                        }
                    }
                }
            }
        }
        // Aligned as buffers are: the kernel's vector loads assume it. A
        // range shorter than the block (a driver takes any range covering
        // what the shader reads) is padded with zeros: nothing reads past
        // the host's bytes, checked or not.
        let mut push_constant_bytes = dispatch.push_constants.clone();
        if push_constant_bytes.len() < info.push_constant_size as usize {
            push_constant_bytes.resize(info.push_constant_size as usize, 0);
        }
        let push_constants = Buffer::from_bytes(&push_constant_bytes);
        let raw = jit::RawDispatch {
            resources: pointers.as_ptr(),
            resource_sizes: sizes.as_ptr(),
            push_constants: push_constants.bytes().as_ptr(),
            num_workgroups: dispatch.workgroups,
            workgroup_size: size,
            global_offset: dispatch.global_offset,
            work_dim: dispatch.work_dim,
            reserved: 0,
            global_size: dispatch.global_size.unwrap_or([0; 3]),
        };
        let [gx, gy, gz] = dispatch.workgroups.map(u64::from);
        let total = gx * gy * gz;
        if info.physical32 && total > 0 {
            // The calling thread's coroutine frames, as its stack above: a
            // full window is an error before any workgroup runs.
            self.jit.reserve_frames(size.iter().map(|&n| u64::from(n)).product())?;
        }
        let threads = match dispatch.threads {
            0 => std::thread::available_parallelism().map_or(1, |count| count.get()),
            count => count,
        }
        .min(total.max(1) as usize);
        // Workgroups are handed out in batches from one shared counter. The
        // smallest batch is about a 64th of a thread's share: one counter
        // bumped per small workgroup costs more than the workgroup (the
        // cache line bounces between cores), while 64 batches still even
        // out workgroups of unequal cost and threads that start late or
        // lose their core. The first batches are larger (`Workgroups::take`).
        let batch = (total / (threads as u64 * 64)).max(1);
        let work = Arc::new(Workgroups {
            jit: Arc::clone(&self.jit),
            raw,
            next: AtomicU64::new(0),
            batch,
            threads: threads as u64,
            total,
            counts: [gx, gy],
            runs: self.info.workgroup_runs,
            device_memory: jit::DeviceMemory::new(device_ranges),
        });
        let runner = Arc::clone(&work);
        // `raw` points into this dispatch's buffers and descriptors:
        // `Pool::run` returns only when no thread runs the work any more.
        self.pool.run(threads - 1, Arc::new(move || runner.run()));
        if work.next.load(Ordering::Relaxed) < total {
            // Only a Physical32 kernel's threads can fail to start (no
            // window stack or frames for any of them).
            return Err(RunError::Dispatch(
                "a Physical32 kernel's memory must fit below 4 GiB: no room for its stacks or coroutine frames".into(),
            ));
        }
        for (index, mut copy, len) in low {
            if let Some(Resource::Buffer(buffer)) = dispatch.arguments.get_mut(&index) {
                buffer.bytes_mut().copy_from_slice(copy.bytes_mut(len));
            }
        }
        for (&(set, binding, element), copy) in &padded {
            let buffer = match dispatch.bindings.get_mut(&(set, binding)) {
                Some(Resource::Buffer(buffer)) => Some(buffer),
                Some(Resource::Array(items)) => match items.get_mut(element as usize) {
                    Some(Resource::Buffer(buffer)) => Some(buffer),
                    _ => None,
                },
                _ => None,
            };
            if let Some(buffer) = buffer {
                let length = buffer.len();
                buffer.bytes_mut().copy_from_slice(&copy.bytes()[..length]);
            }
        }
        Ok(())
    }
}

/// The workgroups of one dispatch, run by the calling thread and the
/// kernel's pool (`pool::Pool`) in batches taken from one counter.
struct Workgroups {
    jit: Arc<jit::Jit>,
    raw: jit::RawDispatch,
    /// The first workgroup (x fastest) of the next batch.
    next: AtomicU64,
    /// The fewest workgroups a batch has (but the last).
    batch: u64,
    /// The threads that run the dispatch.
    threads: u64,
    total: u64,
    /// The number of workgroups along x and y.
    counts: [u64; 2],
    /// Whether the kernel runs consecutive workgroups in one call.
    runs: bool,
    device_memory: jit::DeviceMemory,
}

impl Workgroups {
    /// The next batch: its first workgroup and its size, or none when every
    /// workgroup is taken. Half of what is left shared by the threads
    /// (guided scheduling), at least `batch`: the first batches are long
    /// runs of consecutive workgroups, the last ones short enough to even
    /// out the threads' ends. saxpy at two threads on a busy machine took
    /// 5-15% more time with batches of the smallest size throughout than
    /// with fewer, longer ones (docs/performance.md, "Session 21 (h6)").
    fn take(&self) -> Option<(u64, u64)> {
        let mut first = self.next.load(Ordering::Relaxed);
        loop {
            if first >= self.total {
                return None;
            }
            let size = ((self.total - first) / (2 * self.threads)).max(self.batch);
            match self.next.compare_exchange_weak(first, first + size, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some((first, size)),
                Err(now) => first = now,
            }
        }
    }

    /// Takes batches until none is left; a `Physical32` kernel's on this
    /// thread's window stack (window.rs), or none when the window has no
    /// room for that stack or a workgroup's coroutine frames (the other
    /// threads take them).
    fn run(&self) {
        if self.jit.physical32() {
            // The frames of one workgroup at a time, reserved before any
            // runs (frames.rs, `reserve_low`, says why).
            let invocations = self.raw.workgroup_size.iter().map(|&n| u64::from(n)).product();
            if let Err(error) =
                self.jit.reserve_frames(invocations).and_then(|()| window::on_stack(&mut || self.run_batches()))
            {
                tracing::debug!(%error, "a thread without a window stack or frames: it runs no workgroup");
            }
        } else {
            self.run_batches();
        }
    }

    /// Takes batches until none is left, on this stack.
    fn run_batches(&self) {
        let [gx, gy] = self.counts;
        let total = self.total;
        // The device buffers' ranges, for `__spvabi_device_range` on this
        // thread while it runs this dispatch's workgroups.
        let _device_memory = self.device_memory.enter();
        while let Some((first, batch)) = self.take() {
            // The batch's first id by division, the others by counting, x
            // fastest: three 64-bit divisions per workgroup were a visible
            // part of a small workgroup's cost (saxpy: 65,536 workgroups of
            // 256 invocations).
            // A kernel with runs of workgroups takes what is left of the
            // batch in its row in one call (docs/abi.md).
            let mut id = [(first % gx) as u32, ((first / gx) % gy) as u32, (first / (gx * gy)) as u32];
            let end = (first + batch).min(total);
            let mut at = first;
            while at < end {
                if self.runs {
                    let count = (gx - u64::from(id[0])).min(end - at);
                    self.jit.run_workgroups(&self.raw, id, count as u32);
                    at += count;
                    id[0] += count as u32;
                } else {
                    self.jit.run_workgroup(&self.raw, id);
                    at += 1;
                    id[0] += 1;
                }
                if u64::from(id[0]) == gx {
                    id[0] = 0;
                    id[1] += 1;
                    if u64::from(id[1]) == gy {
                        id[1] = 0;
                        id[2] += 1;
                    }
                }
            }
        }
    }
}

/// How errors name a binding (or an element of a descriptor array, or a
/// slot of the resource heap).
fn binding_place(set: u32, binding: u32, element: u32) -> String {
    if set == HEAP_DESCRIPTOR_SET {
        format!("resource heap slot {element}")
    } else if element == 0 {
        format!("set {set} binding {binding}")
    } else {
        format!("set {set} binding {binding} element {element}")
    }
}

/// SPIR-V's `Dim` of cube images.
const CUBE: u32 = 3;

/// The descriptors of one image or sampler binding, laid out as the kernel
/// reads them (docs/abi.md): 64-byte image or sampler descriptors, or
/// 128-byte combined ones, one per element of a descriptor array.
enum Descriptors {
    Images(Vec<jit::RawImage>),
    Samplers(Vec<jit::RawSampler>),
    Combined(Vec<jit::RawCombined>),
}

/// Where the binding `key`'s descriptors are, and their bytes: `bound`
/// checked against `resource` (one element, or a [`Resource::Array`] of
/// the array's length), its descriptors added to `blocks`.
fn bind_descriptors(
    resource: &ResourceInfo,
    place: &str,
    bound: &mut Resource<'_>,
    blocks: &mut Vec<Descriptors>,
) -> Result<(*mut u8, u64), RunError> {
    use spirv_opt_passes::spirv_to_llvm::image::DESCRIPTOR_COUNT_SHIFT;
    let count = (resource.size >> DESCRIPTOR_COUNT_SHIFT) as usize;
    let word = resource.size & ((1 << DESCRIPTOR_COUNT_SHIFT) - 1);
    let elements: Vec<&mut Resource<'_>> = match bound {
        _ if count == 0 => vec![bound],
        Resource::Array(items) if items.len() == count => items.iter_mut().collect(),
        Resource::Array(items) => {
            return Err(RunError::Dispatch(format!("{place} is an array of {count} descriptors, {} given", items.len())));
        }
        _ => {
            return Err(RunError::Dispatch(format!(
                "{place} is an array of {count} descriptors (SET:BINDING[I], Resource::Array), one given"
            )));
        }
    };
    let mut combined = Vec::with_capacity(elements.len());
    for (index, element) in elements.into_iter().enumerate() {
        let place = if count == 0 { place.to_owned() } else { format!("{place} element {index}") };
        combined.push(element_descriptor(resource.kind, word, element, &place)?);
    }
    let block = match resource.kind {
        ResourceKind::CombinedImageSampler => Descriptors::Combined(combined),
        ResourceKind::Sampler => Descriptors::Samplers(combined.into_iter().map(|pair| pair.sampler).collect()),
        _ => Descriptors::Images(combined.into_iter().map(|pair| pair.image).collect()),
    };
    blocks.push(block);
    let (pointer, bytes) = match blocks.last_mut() {
        Some(Descriptors::Images(images)) => (images.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(images.as_slice())),
        Some(Descriptors::Samplers(samplers)) => {
            (samplers.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(samplers.as_slice()))
        }
        Some(Descriptors::Combined(pairs)) => (pairs.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(pairs.as_slice())),
        None => (std::ptr::null_mut(), 0),
    };
    Ok((pointer, bytes as u64))
}

/// The descriptors of one of the resource heap's arrays of images (one
/// image type, `resource`): slot k's image where it has that type, else an
/// image of 0x0 texels; added to `blocks`.
fn heap_image_descriptors(
    resource: &ResourceInfo,
    images: &mut BTreeMap<u32, &mut Image>,
    blocks: &mut Vec<Descriptors>,
) -> (*mut u8, u64) {
    use spirv_opt_passes::spirv_to_llvm::image::DESCRIPTOR_COUNT_SHIFT;
    let count = resource.size >> DESCRIPTOR_COUNT_SHIFT;
    let word = resource.size & ((1 << DESCRIPTOR_COUNT_SHIFT) - 1);
    let storage = matches!(
        resource.kind,
        ResourceKind::StorageImage | ResourceKind::StorageTexelBuffer | ResourceKind::UniformTexelBuffer
    );
    let mut block: Vec<jit::RawImage> = (0..count)
        .map(|slot| match images.get_mut(&slot) {
            Some(image) if image.check(word, storage).is_ok() => {
                let mut descriptor = image.descriptor();
                if (word >> 12) & 0xf == CUBE {
                    descriptor.dim = CUBE;
                }
                descriptor
            }
            _ => jit::RawImage::empty(),
        })
        .collect();
    let pointer = block.as_mut_ptr().cast::<u8>();
    let bytes = std::mem::size_of_val(block.as_slice()) as u64;
    blocks.push(Descriptors::Images(block));
    (pointer, bytes)
}

/// The descriptor of one element (`place` names it in errors): the image's
/// (empty for a sampler) and the sampler's (the default for an image).
fn element_descriptor(
    kind: ResourceKind,
    word: u32,
    bound: &mut Resource<'_>,
    place: &str,
) -> Result<jit::RawCombined, RunError> {
    let (image, sampler) = match (kind, bound) {
        (ResourceKind::Sampler, Resource::Sampler(sampler)) => (None, sampler.descriptor()),
        (ResourceKind::CombinedImageSampler, Resource::SampledImage(image, sampler)) => {
            (Some(&mut **image), sampler.descriptor())
        }
        (
            ResourceKind::StorageImage
            | ResourceKind::StorageTexelBuffer
            | ResourceKind::UniformTexelBuffer
            | ResourceKind::SampledImage,
            Resource::Image(image),
        ) => (Some(&mut **image), Sampler::default().descriptor()),
        (kind, _) => {
            let wanted = match kind {
                ResourceKind::Sampler => "a sampler",
                ResourceKind::CombinedImageSampler => "an image with a sampler (a combined image sampler)",
                ResourceKind::StorageImage | ResourceKind::SampledImage => "an image",
                _ => "an image (a texel buffer)",
            };
            return Err(RunError::Dispatch(format!("{place} must be {wanted}")));
        }
    };
    let image = match image {
        Some(image) => {
            let storage = matches!(
                kind,
                ResourceKind::StorageImage | ResourceKind::StorageTexelBuffer | ResourceKind::UniformTexelBuffer
            );
            image.check(word, storage).map_err(|reason| RunError::Dispatch(format!("{place}: {reason}")))?;
            let mut descriptor = image.descriptor();
            if (word >> 12) & 0xf == CUBE {
                // Its layers are faces (docs/abi.md).
                descriptor.dim = CUBE;
            }
            descriptor
        }
        None => jit::RawImage::empty(),
    };
    Ok(jit::RawCombined { image, sampler })
}

/// Whether resources of `kind` are images or samplers (bound as
/// [`Resource::Image`], [`Resource::Sampler`], [`Resource::SampledImage`]).
fn is_image(kind: ResourceKind) -> bool {
    matches!(
        kind,
        ResourceKind::StorageImage
            | ResourceKind::StorageTexelBuffer
            | ResourceKind::UniformTexelBuffer
            | ResourceKind::SampledImage
            | ResourceKind::Sampler
            | ResourceKind::CombinedImageSampler
    )
}

/// Source to optimized LLVM IR with the kernel ABI, and the entry point's name.
/// The LLVM IR, the entry point's name, the scalar types of its parameters,
/// what the SPMD vectorizer did with the entry point (if it was asked), and
/// the entry point's regions (`Err` with why not, when they were asked and
/// could not be formed, or `Err(None)` when not asked).
/// Last, whether the module's addressing model is `Physical32`.
type Lowered = (
    String,
    String,
    Vec<Option<ScalarType>>,
    Option<Result<(u32, u32), String>>,
    Result<RegionStats, Option<String>>,
    bool,
);

/// [`lower_once`], again with coroutines when the regions of the entry
/// point could not be formed (the coroutine path takes what they cannot).
fn lower(source: &[u8], source_name: &str, options: &CompileOptions) -> Result<Lowered, RunError> {
    let refused = RefCell::new(None);
    match lower_once(source, source_name, options, &refused) {
        Err(error) => match refused.into_inner() {
            Some(reason) if options.barriers == BarrierMode::Regions => {
                tracing::debug!(%reason, "regions refused: coroutines");
                let coroutines = CompileOptions { barriers: BarrierMode::Coroutines, ..options.clone() };
                let (ir, entry, scalars, spmd, _, physical32) =
                    lower_once(source, source_name, &coroutines, &RefCell::new(None))?;
                Ok((ir, entry, scalars, spmd, Err(Some(reason)), physical32))
            }
            _ => Err(error),
        },
        ok => ok,
    }
}

fn lower_once(
    source: &[u8],
    source_name: &str,
    options: &CompileOptions,
    refused: &RefCell<Option<String>>,
) -> Result<Lowered, RunError> {
    let context = spirv_opt_rs::context::create_context();
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&messages);
    let handler = spirv_opt_rs::context::attach_diagnostic_handler(&context, move |diagnostic| {
        if matches!(diagnostic.severity, melior::diagnostic::DiagnosticSeverity::Error) {
            sink.borrow_mut().push(format!("{}: error: {}", located(diagnostic.location), diagnostic.message));
        }
        true
    });
    let result = lower_in(&context, source, source_name, options, &messages, refused);
    context.detach_diagnostic_handler(handler);
    result
}

fn lower_in(
    context: &melior::Context,
    source: &[u8],
    source_name: &str,
    options: &CompileOptions,
    messages: &Rc<RefCell<Vec<String>>>,
    refused: &RefCell<Option<String>>,
) -> Result<Lowered, RunError> {
    let failed = |extra: Option<String>| {
        let mut all = messages.borrow().clone();
        all.extend(extra);
        if all.is_empty() {
            all.push(format!("{source_name}: error: compilation failed"));
        }
        RunError::Compile(all)
    };
    let module = if is_spirv_binary(source) {
        // Specialized before types are built (spec-sized arrays); then
        // `specialize` below sets the same values and checks them.
        // Only the entry point to run and what it reaches: another stage's
        // functions may use what a compute kernel cannot (implicit-LOD
        // sampling), as a driver compiles only the stage a pipeline names.
        let entry_points = match &options.entry {
            Some(name) => EntryPoints::Named(name.clone()),
            None => EntryPoints::OnlyCompute,
        };
        let import_options = DeserializeOptions {
            spec_values: options.specs.clone(),
            entry_points,
            descriptor_counts: options.descriptor_counts.clone(),
            // Compiled: loops marked for kernel_abi::loop_exits.
            loop_markers: true,
            pointer_layout: options.pointer_layout,
        };
        deserialize_with(context, source, source_name, &import_options)
            .map_err(|error| failed(Some(format!("{source_name}: error: {error}"))))?
    } else {
        spirv_opt_rs::context::parse_source(context, source, source_name).ok_or_else(|| failed(None))?
    };
    let operation = module.as_operation();
    let model = entry_model(operation, options.entry.as_deref()).map_err(RunError::Entry)?;
    // A Physical32 kernel runs with its memory below 4 GiB (window.rs).
    let physical32 = model.1 == "Kernel" && is_physical32(operation);
    // An OpenCL kernel's `SubgroupSize` execution mode
    // (`intel_reqd_sub_group_size`): the subgroup size, as if asked for.
    let required = required_subgroup_size(operation, &model.0, options.spmd.subgroup_size, options.spmd.width)
        .map_err(|message| failed(Some(format!("{source_name}: error: {message}"))))?;
    let with_required;
    let options = match required {
        Some(size) => {
            with_required = CompileOptions {
                spmd: SpmdOptions { subgroup_size: Some(size), ..options.spmd },
                ..options.clone()
            };
            &with_required
        }
        None => options,
    };
    // The other entry points (a WGSL module's vertex and fragment stages
    // beside its compute one) and what only they reach are dropped, as a
    // driver compiles only the stage a pipeline names.
    spirv_opt_passes::prune::keep_entry_point(operation, &model.0);
    // A value for a SpecId the module lacks: Vulkan ignores the map entry,
    // OpenCL refuses it (CL_INVALID_SPEC_ID).
    let unknown = if model.1 == "Kernel" { UnknownSpecIds::Refuse } else { UnknownSpecIds::Ignore };
    specialize_with(context, operation, &options.specs, unknown)
        .map_err(|error| failed(Some(format!("{source_name}: error: {error}"))))?;
    let client_api = if model.1 == "Kernel" { ClientApi::OpenCL } else { ClientApi::Vulkan };
    let lowering = SpirvToLlvmOptions { client_api, pointer_layout: options.pointer_layout }.resolved_for(operation);
    convert_spirv_to_llvm(context, operation, lowering).map_err(|error| {
        error.emit();
        failed(None)
    })?;
    let scalars = parameter_scalars(operation, &model.0);
    define_builtins(context, operation).map_err(|error| {
        spirv_opt_rs::emit_error(error.location, &error.message);
        failed(None)
    })?;
    let abi_options = KernelAbiOptions {
        bounds_checks: !options.unchecked,
        barriers: options.barriers,
        workgroup_runs: !options.one_workgroup_per_call,
    };
    apply_kernel_abi(context, operation, abi_options).map_err(|error| {
        spirv_opt_rs::emit_error(error.location, &error.message);
        failed(None)
    })?;
    // The ABI and the builtins edited the IR: verified before LLVM reads it.
    if !operation.verify() {
        return Err(failed(None));
    }
    refuse_unresolved_calls(operation).map_err(|(location, message)| {
        spirv_opt_rs::emit_error(location, &message);
        failed(None)
    })?;
    let emit_options =
        // Optimized for this CPU, which the JIT compiles for: the vectorizer
        // sees its vector width and masked loads and stores.
        EmitOptions { kind: EmitKind::LlvmIr, opt_level: options.opt_level.unwrap_or(2), target: None, cpu: Some(jit::host_cpu()) };
    let outcomes = RefCell::new(Vec::new());
    let region = region_name(&model.0);
    let invocations = invocations_name(&model.0);
    let formed = RefCell::new(Err(None));
    let opt_level = emit_options.opt_level;
    let vectorize = |module: &inkwell::module::Module<'_>, machine: &inkwell::targets::TargetMachine| {
        // Regions first, at every level: the module needs them.
        for outcome in form_regions(module, machine)? {
            if outcome.function == region {
                if let Err(reason) = &outcome.result {
                    *refused.borrow_mut() = Some(reason.clone());
                    return Err(format!("regions: {reason}"));
                }
                *formed.borrow_mut() = outcome.result.map_err(Some);
            }
        }
        let subgroups = uses_subgroups(module);
        let sized = options.spmd.subgroup_size.is_some_and(|size| size > 1) && subgroups;
        // Coroutines: subgroup operations as rendezvous, whose resolvers
        // the vectorizer runs as the subgroup's lanes (docs/abi.md).
        let rendezvous = match options.spmd.subgroup_size {
            Some(size) if sized && options.barriers == BarrierMode::Coroutines => {
                rendezvous_sites(module, &machine.get_target_data(), size)
                    .map_err(|error| format!("subgroup size {size}: {error}"))?
                    .into_iter()
                    .find(|(entry, _)| *entry == model.0)
                    .map(|_| size)
            }
            _ => None,
        };
        let mut done = if opt_level > 0 {
            vectorize_invocations(module, machine, options.spmd).map_err(|error| error.to_string())?
        } else if sized {
            // At -O0 only what a subgroup size asked for needs: the
            // functions using subgroups, as that many lanes.
            let spmd = SpmdOptions { mode: SpmdMode::Off, ..options.spmd };
            vectorize_invocations(module, machine, spmd).map_err(|error| error.to_string())?
        } else {
            Vec::new()
        };
        if let Some(size) = rendezvous {
            // Every resolver of the rendezvous runs as the subgroup's lanes.
            let declined = done.iter().find_map(|outcome| {
                let resolver = rendezvous_site_entry(&outcome.function) == Some(model.0.as_str());
                outcome.result.as_ref().err().filter(|_| resolver).map(|reason| (outcome.function.clone(), reason.clone()))
            });
            let result = match declined {
                Some((function, reason)) => Err(format!("the SPMD vectorizer declined {function} ({reason})")),
                None => Ok(size),
            };
            let subgroup_size = if result.is_ok() { size } else { 1 };
            done.push(SpmdOutcome { function: rendezvous_name(&model.0), result, subgroups: true, subgroup_size });
        }
        // Subgroups of more than one invocation are the vector lanes (or,
        // with coroutines, the resolvers' lanes): a kernel using them that
        // runs as neither cannot have them.
        if let Some(size) = options.spmd.subgroup_size.filter(|&size| size > 1 && subgroups) {
            let outcome = done.iter().find(|outcome| {
                outcome.function == invocations || outcome.function == region || outcome.function == rendezvous_name(&model.0)
            });
            let reason = match outcome.map(|outcome| &outcome.result) {
                Some(Ok(_)) => None,
                Some(Err(reason)) => Some(format!("the SPMD vectorizer declined it ({reason})")),
                None => Some(
                    "its workgroup barriers run as coroutines, which never run as vector lanes, and its subgroup operations were not made rendezvous"
                        .to_owned(),
                ),
            };
            if let Some(reason) = reason {
                return Err(format!(
                    "subgroup size {size}: the kernel uses subgroup operations, and subgroups of more than one invocation are the invocations run as vector lanes; {reason} (--subgroup-size 1 runs it with subgroups of one)"
                ));
            }
        }
        *outcomes.borrow_mut() = done;
        // After the vectorizer, which runs them lane by lane: docs/abi.md, "Both".
        plain_marked_atomics(module);
        Ok(())
    };
    let bytes = emit_with(context, operation, &emit_options, &vectorize)
        .map_err(|error| failed(Some(format!("{source_name}: error: {error}"))))?;
    let text = String::from_utf8(bytes).map_err(|_| failed(Some("LLVM IR that is not UTF-8".into())))?;
    let spmd = outcomes
        .into_inner()
        .into_iter()
        .find(|outcome| {
            outcome.function == invocations || outcome.function == region || outcome.function == rendezvous_name(&model.0)
        })
        .map(|outcome| outcome.result.map(|lanes| (lanes, outcome.subgroup_size)));
    Ok((text, model.0, scalars, spmd, formed.into_inner(), physical32))
}

/// A function the code calls that has no body and that the JIT cannot
/// resolve (an OpenCL C library function no builtin rule defines, an
/// `Import` the module links against) would be called at address 0: refused
/// here, at its declaration.
fn refuse_unresolved_calls<'c>(
    module: melior::ir::OperationRef<'c, '_>,
) -> Result<(), (melior::ir::Location<'c>, String)> {
    let symbol = |op: melior::ir::OperationRef<'_, '_>, name: &str| {
        op.attribute(name).ok().and_then(spirv_opt_rs::ir::string_value)
    };
    let called: std::collections::HashSet<String> =
        spirv_opt_rs::surgery::nested_ops(module, &mut |op| op.name().as_string_ref().as_str() == Ok("llvm.call"))
            .into_iter()
            .filter_map(|call| symbol(call, "callee"))
            .collect();
    for declaration in spirv_opt_rs::surgery::nested_ops(module, &mut |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.func")
            && op.region(0).ok().is_some_and(|region| melior::ir::RegionLike::first_block(&region).is_none())
    }) {
        let Some(name) = symbol(declaration, "sym_name") else { continue };
        if called.contains(&name) && !jit::resolvable(&name) {
            return Err((
                declaration.location(),
                format!("the kernel calls @{name}, which neither a builtin rule nor the runner defines"),
            ));
        }
    }
    Ok(())
}

/// The scalar types of the converted entry point's parameters (`None` for
/// pointers, vectors and structs).
fn parameter_scalars(module: melior::ir::OperationRef<'_, '_>, entry: &str) -> Vec<Option<ScalarType>> {
    let functions = spirv_opt_rs::surgery::nested_ops(module, &mut |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.func")
            && op.attribute("sym_name").ok().and_then(spirv_opt_rs::ir::string_value).as_deref() == Some(entry)
    });
    let Some((_, inputs)) = functions
        .first()
        .and_then(|func| func.attribute("function_type").ok())
        .and_then(|ty| melior::ir::attribute::TypeAttribute::try_from(ty).ok())
        .and_then(|ty| spirv_opt_rs::ir::llvm_function_type_parts(ty.value()))
    else {
        return Vec::new();
    };
    inputs
        .iter()
        .map(|ty| {
            let printed = ty.to_string();
            match printed.as_str() {
                "f16" => Some(ScalarType::Float { bits: 16 }),
                "f32" => Some(ScalarType::Float { bits: 32 }),
                "f64" => Some(ScalarType::Float { bits: 64 }),
                _ => printed
                    .strip_prefix('i')
                    .and_then(|bits| bits.parse().ok())
                    .map(|bits| ScalarType::Integer { bits }),
            }
        })
        .collect()
}

/// The subgroup size `entry`'s execution modes require, if they require one
/// (docs/abi.md, "Subgroups"): `SubgroupSize N`, a size the runner has (1,
/// or a power of two from 2 to 64) and, when the caller asked for one
/// (`asked`), the same; `DerivativeGroupLinear`, quads of lanes: at least 4
/// (what was asked for, else the SPMD `width`); `DerivativeGroupQuads`
/// the same, and an even workgroup width and height where the module gives
/// its size by `LocalSize` (the kernel ABI runs it in 2x2 quads).
/// `SubgroupsPerWorkgroup` and `SubgroupsPerWorkgroupId` are refused: the
/// number of subgroups follows from the workgroup and subgroup sizes.
fn required_subgroup_size(
    module: melior::ir::OperationRef<'_, '_>,
    entry: &str,
    asked: Option<u32>,
    width: u32,
) -> Result<Option<u32>, String> {
    let mut required = None;
    let mut derivatives = false;
    let mut quads = false;
    let mut local_size: Option<Vec<i64>> = None;
    for op in spirv_opt_rs::surgery::nested_ops(module, &mut |op| {
        op.name().as_string_ref().as_str() == Ok("spirv.ExecutionMode")
    }) {
        if op.attribute("fn").ok().and_then(spirv_opt_rs::ir::string_value).as_deref() != Some(entry) {
            continue;
        }
        let mode = op.attribute("execution_mode").map(|mode| mode.to_string()).unwrap_or_default();
        let mode = mode.rsplit_once('<').map_or(mode.as_str(), |(_, rest)| rest.trim_end_matches('>')).to_owned();
        let values: Vec<i64> = op
            .attribute("values")
            .ok()
            .and_then(|values| melior::ir::attribute::ArrayAttribute::try_from(values).ok())
            .map(|values| {
                (0..values.len())
                    .filter_map(|index| values.element(index).ok())
                    .filter_map(|value| melior::ir::attribute::IntegerAttribute::try_from(value).ok())
                    .map(|value| value.value())
                    .collect()
            })
            .unwrap_or_default();
        match mode.as_str() {
            "SubgroupSize" => {
                let size = values.first().copied().unwrap_or(0);
                let size = u32::try_from(size)
                    .ok()
                    .filter(|&size| size == 1 || (size.is_power_of_two() && (2..=64).contains(&size)))
                    .ok_or_else(|| {
                        format!(
                            "'{entry}' requires subgroups of {size} invocations (execution mode SubgroupSize): the runner has subgroups of 1, or of a power of two from 2 to 64"
                        )
                    })?;
                if let Some(asked) = asked.filter(|&asked| asked != size) {
                    return Err(format!(
                        "'{entry}' requires subgroups of {size} invocations (execution mode SubgroupSize), and subgroups of {asked} were asked for"
                    ));
                }
                required = Some(size);
            }
            "DerivativeGroupLinearNV" => derivatives = true,
            "DerivativeGroupQuadsNV" => {
                derivatives = true;
                quads = true;
            }
            "LocalSize" => local_size = Some(values.clone()),
            "SubgroupsPerWorkgroup" | "SubgroupsPerWorkgroupId" => {
                return Err(format!(
                    "'{entry}' has the execution mode {mode}, which is not supported: the number of subgroups follows from the workgroup size and the subgroup size (docs/abi.md, \"Subgroups\")"
                ));
            }
            _ => {}
        }
    }
    if quads && let Some(size) = local_size.filter(|size| size.len() == 3 && (size[0] % 2 != 0 || size[1] % 2 != 0)) {
        return Err(format!(
            "'{entry}' has the execution mode DerivativeGroupQuads, whose 2x2 quads need an even workgroup width and height, and its workgroup is {}x{}x{}",
            size[0], size[1], size[2]
        ));
    }
    if derivatives {
        let size = required.or(asked).unwrap_or(width);
        if size < 4 {
            return Err(format!(
                "'{entry}' computes derivatives (execution mode DerivativeGroupLinear) over quads of 4 subgroup invocations, and subgroups of {size} have none"
            ));
        }
        required = Some(size);
    }
    Ok(required)
}

/// The entry point to run (`wanted`, or the module's only compute one) and
/// its execution model.
fn entry_model(module: melior::ir::OperationRef<'_, '_>, wanted: Option<&str>) -> Result<(String, String), String> {
    let mut entries = Vec::new();
    for op in spirv_opt_rs::surgery::nested_ops(module, &mut |op| {
        op.name().as_string_ref().as_str() == Ok("spirv.EntryPoint")
    }) {
        let name = op.attribute("fn").ok().and_then(spirv_opt_rs::ir::string_value).unwrap_or_default();
        let model = op.attribute("execution_model").map(|model| model.to_string()).unwrap_or_default();
        let model = model.rsplit_once('<').map_or(model.as_str(), |(_, rest)| rest.trim_end_matches('>')).to_owned();
        if model == "GLCompute" || model == "Kernel" {
            entries.push((name, model));
        }
    }
    match wanted {
        Some(wanted) => entries
            .into_iter()
            .find(|(name, _)| name == wanted)
            .ok_or_else(|| format!("the module has no compute entry point named '{wanted}'")),
        None => match entries.len() {
            0 => Err("the module has no GLCompute or Kernel entry point".to_owned()),
            1 => Ok(entries.remove(0)),
            _ => Err(format!(
                "the module has several entry points ({}): name one with --entry",
                entries.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>().join(", ")
            )),
        },
    }
}

/// Whether the `spirv.module` in `module` has the addressing model
/// `Physical32` (OpenCL C for `spirv32`: 32-bit pointers).
fn is_physical32(module: melior::ir::OperationRef<'_, '_>) -> bool {
    let mut found = false;
    let nested = spirv_opt_rs::surgery::nested_ops(module, &mut |op| op.name().as_string_ref().as_str() == Ok("spirv.module"));
    for op in [module].into_iter().chain(nested) {
        let model = op.attribute("addressing_model").map(|model| model.to_string()).unwrap_or_default();
        found |= model.contains("Physical32");
    }
    found
}

/// `file:line:col` of an MLIR location, or `file: at byte offset N` for the
/// importer's binary locations (`file:0:N`).
fn located(location: melior::ir::Location<'_>) -> String {
    let printed = spirv_opt_rs::context::print_location(location);
    let inner = printed.trim_start_matches("loc(").trim_end_matches(')');
    let Some((file, rest)) = inner.strip_prefix('"').and_then(|rest| rest.split_once('"')) else {
        return inner.to_owned();
    };
    let position = rest.trim_start_matches(':');
    match position.split_once(':') {
        Some(("0", offset)) => format!("{file}: at byte offset {offset}"),
        Some(_) => format!("{file}:{position}"),
        None => file.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Physical32 OpenCL kernel: `x[i] += i` through a pointer rebuilt
    /// from the low 32 bits of `x`'s address.
    const PHYSICAL32_KERNEL: &str = r#"
spirv.module Physical32 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k(%x: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %four = spirv.Constant 4 : i32
    %narrow = spirv.ConvertPtrToU %x : !spirv.ptr<i32, CrossWorkgroup> to i32
    %offset = spirv.IMul %i, %four : i32
    %address = spirv.IAdd %narrow, %offset : i32
    %p = spirv.ConvertUToPtr %address : i32 to !spirv.ptr<i32, CrossWorkgroup>
    %old = spirv.Load "CrossWorkgroup" %p : i32
    %new = spirv.IAdd %old, %i : i32
    spirv.Store "CrossWorkgroup" %p, %new : i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k, @gid
}
"#;

    /// A Physical32 kernel with a barrier: `x[i] += i`, the loaded word,
    /// the pointer and `i` kept across the barrier (in the coroutine frame
    /// with `--barriers coroutines`).
    const PHYSICAL32_BARRIER_KERNEL: &str = r#"
spirv.module Physical32 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k(%x: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %g : vector<3xi32>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    %four = spirv.Constant 4 : i32
    %narrow = spirv.ConvertPtrToU %x : !spirv.ptr<i32, CrossWorkgroup> to i32
    %offset = spirv.IMul %i, %four : i32
    %address = spirv.IAdd %narrow, %offset : i32
    %p = spirv.ConvertUToPtr %address : i32 to !spirv.ptr<i32, CrossWorkgroup>
    %old = spirv.Load "CrossWorkgroup" %p : i32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %new = spirv.IAdd %old, %i : i32
    spirv.Store "CrossWorkgroup" %p, %new : i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k, @gid
}
"#;

    /// A Physical32 coroutine kernel whose frames do not fit in the window
    /// (its stack and buffer do): a typed error before any workgroup runs,
    /// not the end of the process; once there is room, the same dispatch
    /// runs. (Before the reservation, `malloc` of the frames aborted.)
    #[test]
    fn physical32_coroutine_frames_beyond_the_window_are_an_error() {
        let _alone = window::TESTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let options = CompileOptions { barriers: BarrierMode::Coroutines, ..CompileOptions::default() };
        let kernel = Kernel::compile(PHYSICAL32_BARRIER_KERNEL.as_bytes(), "physical32-barrier.mlir", &options)
            .expect("compiles");
        assert!(kernel.jit.frame_bytes().is_some_and(|bytes| bytes > 0), "{:?}", kernel.jit.frame_bytes());
        // A thread of its own, its arena empty: its stack and the buffer (in
        // place below 4 GiB) are made while there is room, then the window
        // is filled.
        std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    window::ensure_stack().expect("a stack");
                    let mut x = Buffer::zeroed_below_4gib(4 * 256).expect("a low buffer");
                    x.bytes_mut().fill(1);
                    let taken = window::fill();
                    let run = |x: &mut Buffer| {
                        let mut dispatch = Dispatch::new([4, 1, 1]);
                        dispatch.workgroup_size = Some([64, 1, 1]);
                        dispatch.threads = 2;
                        dispatch.argument(0, Resource::Buffer(x));
                        kernel.dispatch(&mut dispatch)
                    };
                    let error = run(&mut x).expect_err("no room for the frames");
                    assert!(matches!(error, RunError::Dispatch(_)), "{error:?}");
                    assert!(error.to_string().contains("must fit below 4 GiB"), "{error}");
                    assert_eq!(x.bytes(), [1; 4 * 256], "nothing ran");
                    drop(taken);
                    run(&mut x).expect("room again");
                    let words: Vec<u32> =
                        x.bytes().chunks_exact(4).map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes"))).collect();
                    assert!(words.iter().enumerate().all(|(i, &w)| w == 0x0101_0101 + i as u32), "{words:x?}");
                })
                .join()
                .expect("the test thread");
        });
    }

    /// A Physical32 dispatch when the window has no room left: a typed
    /// error, nothing run, the user's buffer unchanged; once there is room
    /// again, the same dispatch runs.
    #[test]
    fn a_physical32_dispatch_beyond_the_window_is_an_error() {
        let _alone = window::TESTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let kernel = Kernel::compile(PHYSICAL32_KERNEL.as_bytes(), "physical32.mlir", &CompileOptions::default())
            .expect("compiles");
        // A thread of its own: this test's window stack is made after the
        // window is full.
        std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let taken = window::fill();
                    let mut x = Buffer::from_bytes(&[1; 256]);
                    let mut dispatch = Dispatch::new([1, 1, 1]);
                    dispatch.workgroup_size = Some([64, 1, 1]);
                    dispatch.argument(0, Resource::Buffer(&mut x));
                    let error = kernel.dispatch(&mut dispatch).expect_err("no room below 4 GiB");
                    assert!(matches!(error, RunError::Dispatch(_)), "{error:?}");
                    assert!(error.to_string().contains("must fit below 4 GiB"), "{error}");
                    drop(dispatch);
                    assert_eq!(x.bytes(), [1; 256], "nothing ran");
                    drop(taken);
                    let mut dispatch = Dispatch::new([1, 1, 1]);
                    dispatch.workgroup_size = Some([64, 1, 1]);
                    dispatch.argument(0, Resource::Buffer(&mut x));
                    kernel.dispatch(&mut dispatch).expect("room again");
                    drop(dispatch);
                    let words: Vec<u32> =
                        x.bytes().chunks_exact(4).map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes"))).collect();
                    assert!(words.iter().enumerate().all(|(i, &w)| w == 0x0101_0101 + i as u32));
                })
                .join()
                .expect("the test thread");
        });
    }
}
