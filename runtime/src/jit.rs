//! The JIT edge: LLVM IR text in, callable workgroup functions out. The only
//! `unsafe` of the crate: calling code LLVM generated.

#![allow(unsafe_code)]

mod frames;

use inkwell::{
    OptimizationLevel,
    attributes::AttributeLoc,
    context::Context,
    execution_engine::ExecutionEngine,
    memory_buffer::MemoryBuffer,
    targets::TargetMachine,
};

use crate::RunError;

/// `spvabi_dispatch` (include/spvabi.h), as the compiled code reads it.
#[repr(C)]
pub(crate) struct RawDispatch {
    pub resources: *const *mut u8,
    pub resource_sizes: *const u64,
    pub push_constants: *const u8,
    pub num_workgroups: [u32; 3],
    pub workgroup_size: [u32; 3],
    pub global_offset: [u64; 3],
    pub work_dim: u32,
    pub reserved: u32,
    pub global_size: [u64; 3],
}

// The dispatch is only read while workgroups run; the memory it points at
// is what the workgroups of a dispatch share by design, as on a GPU.
unsafe impl Sync for RawDispatch {}

/// The bytes of `words`.
/// 64 bytes aligned to 64: the unit of a [`crate::Buffer`], so that the
/// kernel's aligned vector loads (code generated for the host CPU, up to
/// 512 bits) always meet their alignment.
#[repr(C, align(64))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line(pub [u64; 8]);

pub(crate) fn bytes_of(words: &[Line]) -> &[u8] {
    // SAFETY: `Line` is 64 bytes of u64 with no padding, every byte
    // initialized; the
    // slice borrows `words` for its whole length.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast(), std::mem::size_of_val(words)) }
}

/// The bytes of `words`, writable (any byte pattern is a valid u64).
pub(crate) fn bytes_of_mut(words: &mut [Line]) -> &mut [u8] {
    // SAFETY: as `bytes_of`, borrowed exclusively.
    unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast(), std::mem::size_of_val(words)) }
}

/// `spvabi_image` (include/spvabi.h): what an image resource points at.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawImage {
    pub texels: *mut u8,
    pub format: u32,
    pub dim: u32,
    pub extent: [u32; 3],
    pub layers: u32,
    pub levels: u32,
    pub samples: u32,
    pub row_pitch: u64,
    pub slice_pitch: u64,
    pub layer_pitch: u64,
}

impl RawImage {
    /// The image half of a sampler binding's descriptor: nothing.
    pub(crate) fn empty() -> Self {
        Self {
            texels: std::ptr::null_mut(),
            format: 0,
            dim: 0,
            extent: [0; 3],
            layers: 0,
            levels: 0,
            samples: 0,
            row_pitch: 0,
            slice_pitch: 0,
            layer_pitch: 0,
        }
    }
}

/// `spvabi_sampler` (include/spvabi.h): what a sampler resource points at
/// (and what follows a combined image sampler's image descriptor).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawSampler {
    pub mag_filter: u32,
    pub min_filter: u32,
    pub mipmap_mode: u32,
    pub address_modes: [u32; 3],
    pub border_color: u32,
    pub unnormalized_coordinates: u32,
    pub compare_enable: u32,
    pub compare_op: u32,
    pub min_lod: f32,
    pub max_lod: f32,
    pub mip_lod_bias: f32,
    pub reserved: [u32; 3],
}

/// A combined image sampler's descriptor: the image's, then the
/// sampler's, 64 bytes in (the lowering's `COMBINED_SAMPLER_OFFSET`).
/// Every image-like binding of a dispatch gets one of these; a plain image
/// uses the first half, a sampler the second.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawCombined {
    pub image: RawImage,
    pub sampler: RawSampler,
}

// The ABI's layout: the lowering adds 64 to reach the sampler.
const _: () = assert!(std::mem::size_of::<RawImage>() == 64 && std::mem::size_of::<RawSampler>() == 64);
const _: () = assert!(
    std::mem::offset_of!(RawCombined, sampler) as i32 == spirv_opt_passes::spirv_to_llvm::sampling::COMBINED_SAMPLER_OFFSET
);

/// The image functions the compiled code calls (docs/abi.md, "Images"), by
/// name. Only these shims touch texel memory; image.rs and sampler.rs do
/// the rest.
const IMAGE_FUNCTIONS: [&str; 9] = {
    use spirv_opt_passes::spirv_to_llvm::{
        image::{IMAGE_ATOMIC, IMAGE_READ, IMAGE_SIZE, IMAGE_WRITE},
        sampling::{IMAGE_CHANNELS, IMAGE_FETCH, IMAGE_LEVELS, IMAGE_SAMPLE, IMAGE_SIZE_LOD},
    };
    [IMAGE_READ, IMAGE_WRITE, IMAGE_SIZE, IMAGE_SAMPLE, IMAGE_FETCH, IMAGE_SIZE_LOD, IMAGE_LEVELS, IMAGE_CHANNELS, IMAGE_ATOMIC]
};

/// Conversions LLVM's code generator calls in compiler-rt for `bfloat`
/// on CPUs without bfloat16 instructions: rounding an `f32` or `f64` to
/// bfloat16 (the `fptrunc` of bfloat16 arithmetic, e.g. `OpDot` of
/// SPV_KHR_bfloat16 vectors, promoted to `f32` op by op). Neither libc nor
/// this process defines them (libgcc has them from GCC 13): unresolved,
/// the kernel would call address 0. `OpFConvert` to bfloat16 is spelled
/// out on the bits by the conversion (cast.rs) and calls none.
const SOFT_FLOAT_FUNCTIONS: [(&str, &str); 2] =
    [("__truncsfbf2", "declare bfloat @__truncsfbf2(float)"), ("__truncdfbf2", "declare bfloat @__truncdfbf2(double)")];

/// The bfloat16 bits of `x`, to nearest even (a NaN stays a quiet NaN).
fn bfloat16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    if x.is_nan() {
        return ((bits | 0x40_0000) >> 16) as u16;
    }
    let bias = 0x7FFF + ((bits >> 16) & 1);
    (bits.wrapping_add(bias) >> 16) as u16
}

/// `__truncsfbf2`: returned as the x86-64 and AArch64 calling conventions
/// return a bfloat16, in the low 16 bits of the first floating-point
/// register, which an `f32` with those low bits fills.
extern "C" fn truncsfbf2(x: f32) -> f32 {
    f32::from_bits(u32::from(bfloat16_bits(x)))
}

/// `__truncdfbf2`: through `f32` rounded to odd (truncated, the lowest bit
/// set when inexact), so that the rounding to nearest even after it is the
/// correctly rounded one.
extern "C" fn truncdfbf2(x: f64) -> f32 {
    let nearest = x as f32;
    let mut bits = nearest.to_bits();
    if !x.is_nan() && f64::from(nearest) != x {
        if f64::from(nearest).abs() > x.abs() {
            bits -= 1;
        }
        bits |= 1;
    }
    truncsfbf2(f32::from_bits(bits))
}

/// The texel at `coordinates` of the image `descriptor` points at, as four
/// 32-bit components (`pack`ed); zero with a missing alpha of one out of
/// bounds.
extern "C" fn image_read(descriptor: *const RawImage, x: i32, y: i32, z: i32, layer: i32) -> u128 {
    // SAFETY: the kernel passes a descriptor of the dispatch's resources
    // (Kernel::dispatch built it; it outlives the dispatch).
    let descriptor = unsafe { &*descriptor };
    let Some(format) = crate::image::Format::from_spirv(descriptor.format) else { return 0 };
    let Some(offset) = crate::image::texel_offset(descriptor, format, [x, y, z, layer]) else {
        return crate::image::pack(format.missing());
    };
    let mut texel = [0u8; 16];
    let size = format.texel_size();
    // SAFETY: `texel_offset` checked the coordinates against the extent,
    // so the texel lies inside the image's memory.
    unsafe { copy_texel(descriptor.texels.add(offset), &mut texel, size) };
    crate::image::pack(format.decode(&texel[..size]))
}

/// Copies the `size` bytes of a texel at `from` into `to`: a copy of
/// constant size for the sizes texels have (one load, where a copy of
/// variable size calls memmove: a fifth of a texel read's time).
///
/// # Safety
///
/// `from` must be valid for reads of `size` bytes, and `size` at most 16.
unsafe fn copy_texel(from: *const u8, to: &mut [u8; 16], size: usize) {
    // SAFETY: the caller's promise; `to` holds 16 bytes.
    unsafe {
        match size {
            4 => std::ptr::copy_nonoverlapping(from, to.as_mut_ptr(), 4),
            8 => std::ptr::copy_nonoverlapping(from, to.as_mut_ptr(), 8),
            16 => std::ptr::copy_nonoverlapping(from, to.as_mut_ptr(), 16),
            2 => std::ptr::copy_nonoverlapping(from, to.as_mut_ptr(), 2),
            _ => std::ptr::copy_nonoverlapping(from, to.as_mut_ptr(), size.min(16)),
        }
    }
}

/// Writes `texel` (`pack`ed components) at `coordinates`; nothing out of bounds.
extern "C" fn image_write(descriptor: *const RawImage, x: i32, y: i32, z: i32, layer: i32, texel: u128) {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    let Some(format) = crate::image::Format::from_spirv(descriptor.format) else { return };
    let Some(offset) = crate::image::texel_offset(descriptor, format, [x, y, z, layer]) else { return };
    let mut bytes = [0u8; 16];
    let size = format.texel_size();
    format.encode(crate::image::unpack(texel), &mut bytes[..size]);
    // SAFETY: as in `image_read`; workgroups writing the same texel race as
    // they would on a GPU (the shader's business).
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), descriptor.texels.add(offset), size) };
}

/// `__spvabi_image_atomic` (spirv_to_llvm/image.rs): the atomic `op` on
/// the texel of an `R32_UINT`, `R32_SINT`, `R64_UINT`, `R64_SINT` or `R32_SFLOAT` image (exchange,
/// compare-exchange and add only on floats), sequentially consistent; the
/// old texel. Out of bounds, or on another format, nothing happens and
/// the result is 0 (robustImageAccess).
#[allow(clippy::too_many_arguments)]
extern "C" fn image_atomic(
    descriptor: *const RawImage,
    x: i32,
    y: i32,
    z: i32,
    layer: i32,
    op: i32,
    value: u64,
    comparator: u64,
) -> u64 {
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::SeqCst};
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    let Some(format) = crate::image::Format::from_spirv(descriptor.format) else { return 0 };
    let Some(operation) = crate::image::AtomicOp::new(format, op) else { return 0 };
    let Some(offset) = crate::image::texel_offset(descriptor, format, [x, y, z, layer]) else { return 0 };
    // SAFETY: `texel_offset` checked the coordinates; a 32-bit texel of an
    // image whose rows are whole texels is 4-byte aligned (descriptors
    // point at aligned texel memory: docs/abi.md); other invocations reach
    // it only through atomics or the image functions, as on a GPU.
    if format.wide() {
        // SAFETY: as below, for a 64-bit texel: 8-byte aligned (texel
        // memory is, and rows are whole texels).
        let texel = unsafe { AtomicU64::from_ptr(descriptor.texels.add(offset).cast::<u64>()) };
        return match texel.fetch_update(SeqCst, SeqCst, |old| operation.apply_wide(old, value, comparator)) {
            Ok(old) | Err(old) => old,
        };
    }
    let texel = unsafe { AtomicU32::from_ptr(descriptor.texels.add(offset).cast::<u32>()) };
    let (value, comparator) = (value as u32, comparator as u32);
    let old = match texel.fetch_update(SeqCst, SeqCst, |old| operation.apply(old, value, comparator)) {
        Ok(old) | Err(old) => old,
    };
    u64::from(old)
}

/// Width, height, depth and layers (`pack`ed).
extern "C" fn image_size(descriptor: *const RawImage) -> u128 {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    let [width, height, depth] = descriptor.extent;
    crate::image::pack([width, height, depth, crate::image::array_layers(descriptor)])
}

/// `__spvabi_image_sample` (spirv_to_llvm/sampling.rs): filtering,
/// gathers and comparisons, done by sampler.rs.
#[allow(clippy::too_many_arguments)]
extern "C" fn image_sample(
    descriptor: *const RawImage,
    sampler: *const RawSampler,
    mode: u32,
    x: f32,
    y: f32,
    z: f32,
    layer: f32,
    lod: f32,
    dref: f32,
    dxx: f32,
    dxy: f32,
    dxz: f32,
    dyx: f32,
    dyy: f32,
    dyz: f32,
    ox: i32,
    oy: i32,
    oz: i32,
) -> u128 {
    // SAFETY: as in `image_read`; the sampler descriptor too is one of the
    // dispatch's (a sampler binding's, or after a combined image's).
    let (descriptor, sampler) = unsafe { (&*descriptor, &*sampler) };
    let args = crate::sampler::SampleArgs {
        mode,
        coordinates: [x, y, z, layer],
        lod,
        dref,
        dx: [dxx, dxy, dxz],
        dy: [dyx, dyy, dyz],
        offset: [ox, oy, oz],
    };
    let read = |offset: usize, texel: &mut [u8]| {
        // SAFETY: sampler.rs reads only offsets `level_texel_offset`
        // checked against the level's extent, inside the image's memory.
        unsafe { std::ptr::copy_nonoverlapping(descriptor.texels.add(offset), texel.as_mut_ptr(), texel.len()) };
    };
    crate::image::pack(crate::sampler::sample(descriptor, sampler, &args, &read))
}

/// `__spvabi_image_fetch`: texel (x, y, z, layer) of mip level `level`.
extern "C" fn image_fetch(descriptor: *const RawImage, x: i32, y: i32, z: i32, layer: i32, level: i32) -> u128 {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    let Some(format) = crate::image::Format::from_spirv(descriptor.format) else { return 0 };
    let offset = if descriptor.samples > 1 {
        // A multisampled image (one level): z is the sample (texel_offset).
        (level == 0).then(|| crate::image::texel_offset(descriptor, format, [x, y, z, layer])).flatten()
    } else {
        u32::try_from(level).ok().and_then(|level| crate::image::level_texel_offset(descriptor, format, level, [x, y, z, layer]))
    };
    let Some(offset) = offset else { return crate::image::pack(format.missing()) };
    let mut texel = [0u8; 16];
    let size = format.texel_size();
    // SAFETY: `level_texel_offset` checked the coordinates against the level.
    unsafe { std::ptr::copy_nonoverlapping(descriptor.texels.add(offset), texel.as_mut_ptr(), size) };
    crate::image::pack(format.decode(&texel[..size]))
}

/// `__spvabi_image_size_lod`: the extent of mip level `level`, and the layers.
extern "C" fn image_size_lod(descriptor: *const RawImage, level: i32) -> u128 {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    let [width, height, depth] = crate::image::level_extent(descriptor.extent, level.max(0) as u32);
    crate::image::pack([width, height, depth, crate::image::array_layers(descriptor)])
}

/// `__spvabi_image_levels`: mip levels and samples.
extern "C" fn image_levels(descriptor: *const RawImage) -> u128 {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    crate::image::pack([descriptor.levels, descriptor.samples, 0, 0])
}

/// `__spvabi_image_channels`: the format's Image Channel Data Type (bits
/// 0-15) and Image Channel Order (bits 16-31).
extern "C" fn image_channels(descriptor: *const RawImage) -> u32 {
    // SAFETY: as in `image_read`.
    let descriptor = unsafe { &*descriptor };
    crate::image::Format::from_spirv(descriptor.format).map_or(0, |format| {
        let (data_type, order) = format.channel_info();
        data_type | order << 16
    })
}

/// `spvabi_resource`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawResource {
    pub kind: u32,
    pub descriptor_set: u32,
    pub binding: u32,
    pub size: u32,
    pub element: u32,
    pub count: u32,
}

/// `spvabi_kernel_info`.
#[repr(C)]
pub(crate) struct RawInfo {
    pub abi_version: u32,
    pub execution_model: u32,
    pub workgroup_size: [u32; 3],
    pub num_resources: u32,
    pub push_constant_size: u32,
    pub uses_barriers: u32,
    pub resources: *const RawResource,
}

/// The name of this machine's CPU as LLVM knows it (`rocketlake`, `znver4`...).
pub(crate) fn host_cpu() -> String {
    TargetMachine::get_host_cpu_name().to_string_lossy().into_owned()
}

type WorkgroupFn = unsafe extern "C" fn(*const RawDispatch, *const u32);

/// A JIT-compiled module and the workgroup function of one entry point.
///
/// Owns the LLVM context its engine was made in: the engine (which borrows
/// it) is dropped first.
pub(crate) struct Jit {
    // Field order is drop order: the engine before the context it borrows.
    engine: ExecutionEngine<'static>,
    _context: Box<Context>,
    workgroup: WorkgroupFn,
    info: *const RawInfo,
}

// The engine is only read after construction (function and global addresses
// were taken then), and the code it holds is reentrant: the kernel ABI keeps
// every workgroup's state on its own stack.
unsafe impl Send for Jit {}
unsafe impl Sync for Jit {}

/// Whether the JIT can resolve an external function `name` the compiled
/// code calls: `malloc` and `free` (mapped to the frame arena), or a symbol
/// of this process (the C library, libm). Anything else would be called
/// through a null address.
pub(crate) fn resolvable(name: &str) -> bool {
    inkwell::support::load_visible_symbols();
    // The ABI's barrier markers are gone once the regions are formed.
    matches!(name, "malloc" | "free" | spirv_opt_passes::kernel_abi::regions::MARKER)
        || IMAGE_FUNCTIONS.contains(&name)
        || SOFT_FLOAT_FUNCTIONS.iter().any(|(function, _)| *function == name)
        || inkwell::support::search_for_address_of_symbol(name).is_some()
}

impl Jit {
    /// JIT-compiles `llvm_ir` (a module with the kernel ABI of `entry`).
    pub(crate) fn new(llvm_ir: &str, entry: &str) -> Result<Self, RunError> {
        // Symbols the code calls (malloc, free, libm) come from this process.
        inkwell::support::load_visible_symbols();
        let context = Box::new(Context::create());
        // SAFETY: the context is boxed (its address is stable) and outlives
        // the engine: `Jit` drops `engine` before `_context`, and never hands
        // out the `'static` borrow.
        let context_ref: &'static Context = unsafe { &*(context.as_ref() as *const Context) };
        // Declared so that the engine can map them (code generation calls
        // them by name).
        let mut llvm_ir = llvm_ir.to_owned();
        for (name, declaration) in SOFT_FLOAT_FUNCTIONS {
            if !llvm_ir.contains(&format!("@{name}(")) {
                llvm_ir.push('\n');
                llvm_ir.push_str(declaration);
            }
        }
        let buffer = MemoryBuffer::create_from_memory_range_copy(llvm_ir.as_bytes(), "kernel");
        let module = context_ref.create_module_from_ir(buffer).map_err(|error| RunError::Jit(error.to_string()))?;
        // Code for this CPU (AVX2, AVX-512... when it has them), not for a
        // generic x86-64: MCJIT's target machine takes no CPU, but code
        // generation follows these function attributes.
        let cpu = TargetMachine::get_host_cpu_name();
        let features = TargetMachine::get_host_cpu_features();
        let (cpu, features) = (cpu.to_string_lossy(), features.to_string_lossy());
        for function in module.get_functions().filter(|function| function.count_basic_blocks() > 0) {
            function.add_attribute(AttributeLoc::Function, context_ref.create_string_attribute("target-cpu", &cpu));
            function.add_attribute(AttributeLoc::Function, context_ref.create_string_attribute("target-features", &features));
        }
        let engine = module
            .create_jit_execution_engine(OptimizationLevel::Default)
            .map_err(|error| RunError::Jit(error.to_string()))?;
        // Coroutine frames (kernels with barriers) come from a per-thread
        // arena, not from the process's malloc (frames.rs says why).
        let alloc: extern "C" fn(u64) -> *mut u8 = frames::alloc;
        let free: extern "C" fn(*mut u8) = frames::free;
        let read: extern "C" fn(*const RawImage, i32, i32, i32, i32) -> u128 = image_read;
        let write: extern "C" fn(*const RawImage, i32, i32, i32, i32, u128) = image_write;
        let size: extern "C" fn(*const RawImage) -> u128 = image_size;
        type Sample = extern "C" fn(
            *const RawImage,
            *const RawSampler,
            u32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            f32,
            i32,
            i32,
            i32,
        ) -> u128;
        let sample: Sample = image_sample;
        let fetch: extern "C" fn(*const RawImage, i32, i32, i32, i32, i32) -> u128 = image_fetch;
        let size_lod: extern "C" fn(*const RawImage, i32) -> u128 = image_size_lod;
        let levels: extern "C" fn(*const RawImage) -> u128 = image_levels;
        let channels: extern "C" fn(*const RawImage) -> u32 = image_channels;
        type Atomic = extern "C" fn(*const RawImage, i32, i32, i32, i32, i32, u64, u64) -> u64;
        let atomic: Atomic = image_atomic;
        let addresses = [
            read as usize,
            write as usize,
            size as usize,
            sample as usize,
            fetch as usize,
            size_lod as usize,
            levels as usize,
            channels as usize,
            atomic as usize,
        ];
        let images = IMAGE_FUNCTIONS.into_iter().zip(addresses);
        let single_to_bfloat16: extern "C" fn(f32) -> f32 = truncsfbf2;
        let double_to_bfloat16: extern "C" fn(f64) -> f32 = truncdfbf2;
        let soft_float = SOFT_FLOAT_FUNCTIONS
            .iter()
            .map(|(name, _)| *name)
            .zip([single_to_bfloat16 as usize, double_to_bfloat16 as usize]);
        for (name, address) in
            [("malloc", alloc as usize), ("free", free as usize)].into_iter().chain(images).chain(soft_float)
        {
            if let Some(function) = module.get_function(name).filter(|function| function.count_basic_blocks() == 0) {
                engine.add_global_mapping(&function, address);
            }
        }
        let workgroup_name = format!("__spvabi_{entry}");
        let info_name = format!("__spvabi_{entry}_info");
        let workgroup = engine
            .get_function_address(&workgroup_name)
            .map_err(|_| RunError::Jit(format!("the compiled module has no @{workgroup_name}")))?;
        if module.get_global(&info_name).is_none() {
            return Err(RunError::Jit(format!("the compiled module has no @{info_name}")));
        }
        let symbol = std::ffi::CString::new(info_name.clone()).map_err(|_| RunError::Jit("a symbol with NUL".into()))?;
        // SAFETY: a live engine and a NUL-terminated name read during the call.
        let info = unsafe { inkwell::llvm_sys::execution_engine::LLVMGetGlobalValueAddress(engine.as_mut_ptr(), symbol.as_ptr()) }
            as *const RawInfo;
        if info.is_null() || workgroup == 0 {
            return Err(RunError::Jit(format!("LLVM did not place @{workgroup_name}")));
        }
        // SAFETY: the kernel ABI defines `__spvabi_<entry>` with exactly this
        // C signature (docs/abi.md); the address is of code in `engine`.
        let workgroup: WorkgroupFn = unsafe { std::mem::transmute::<usize, WorkgroupFn>(workgroup) };
        Ok(Self { engine, _context: context, workgroup, info })
    }

    /// The kernel info, copied out.
    pub(crate) fn info(&self) -> (u32, u32, [u32; 3], u32, u32, Vec<RawResource>) {
        // SAFETY: `info` points at the constant `spvabi_kernel_info` of the
        // module, alive as long as `engine`; `resources` at its
        // `num_resources` entries (or is null when there are none).
        unsafe {
            let info = &*self.info;
            let resources = if info.resources.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(info.resources, info.num_resources as usize).to_vec()
            };
            (info.abi_version, info.execution_model, info.workgroup_size, info.push_constant_size, info.uses_barriers, resources)
        }
    }

    /// Runs workgroup `id`.
    ///
    /// The caller guarantees what the ABI requires of `dispatch`: every
    /// resource pointer valid for the size the kernel may touch, for the
    /// duration of the call (`Kernel::dispatch` checks the declared sizes).
    pub(crate) fn run_workgroup(&self, dispatch: &RawDispatch, id: [u32; 3]) {
        let _ = &self.engine;
        // SAFETY: `workgroup` is the ABI's function (see `new`); `dispatch`
        // and `id` are live for the call; the function only reads them.
        unsafe { (self.workgroup)(dispatch, id.as_ptr()) }
        // The workgroup destroyed its frames before returning.
        frames::reset();
    }
}
