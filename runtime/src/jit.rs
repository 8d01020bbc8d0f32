//! The JIT edge: LLVM IR text in, callable workgroup functions out. The only
//! `unsafe` of the crate: calling code LLVM generated.

#![allow(unsafe_code)]

mod frames;
mod object_cache;

use inkwell::llvm_sys::{
    core::{
        LLVMContextCreate, LLVMContextDispose, LLVMCreateMemoryBufferWithMemoryRangeCopy, LLVMDisposeMemoryBuffer, LLVMDisposeMessage,
        LLVMGetBufferSize, LLVMGetBufferStart,
    },
    error::{LLVMDisposeErrorMessage, LLVMErrorRef, LLVMGetErrorMessage},
    ir_reader::LLVMParseIRInContext2,
    orc2::{
        LLVMJITEvaluatedSymbol, LLVMJITSymbolFlags, LLVMJITSymbolGenericFlags, LLVMOrcAbsoluteSymbols, LLVMOrcCSymbolMapPair,
        LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess, LLVMOrcCreateNewThreadSafeContextFromLLVMContext,
        LLVMOrcCreateNewThreadSafeModule, LLVMOrcDisposeMaterializationUnit, LLVMOrcDisposeThreadSafeContext,
        LLVMOrcDisposeThreadSafeModule, LLVMOrcExecutionSessionSetErrorReporter, LLVMOrcJITDylibAddGenerator,
        LLVMOrcJITDylibDefine, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine,
        LLVMOrcObjectTransformLayerSetTransform,
        LLVMOrcExecutionSessionRef, LLVMOrcObjectLayerRef,
        ee::LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCallbacks,
        lljit::{
            LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator,
            LLVMOrcCreateLLJIT, LLVMOrcCreateLLJITBuilder, LLVMOrcDisposeLLJIT, LLVMOrcLLJITAddLLVMIRModule,
            LLVMOrcLLJITAddObjectFile, LLVMOrcLLJITBuilderSetJITTargetMachineBuilder, LLVMOrcLLJITGetExecutionSession,
            LLVMOrcLLJITGetGlobalPrefix, LLVMOrcLLJITGetMainJITDylib, LLVMOrcLLJITGetObjTransformLayer, LLVMOrcLLJITLookup,
            LLVMOrcLLJITMangleAndIntern, LLVMOrcLLJITRef,
        },
    },
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
// The pool's threads (`pool::Pool`) hold a dispatch's work, this included,
// only while `Kernel::dispatch` waits for them: the memory outlives them.
unsafe impl Send for RawDispatch {}

/// The bytes of `words`.
/// 64 bytes aligned to 64: the unit of a [`crate::Buffer`], so that the
/// kernel's aligned vector loads (code generated for the host CPU, up to
/// 512 bits) always meet their alignment.
#[repr(C, align(64))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line(pub [u64; 8]);

/// Zeroed [`Line`]s: the storage of buffers and images. Large ones ask the
/// kernel for transparent huge pages before their first touch.
///
/// Why: a memory-bound kernel streams through its buffers, and with 4 KiB
/// pages every 4 KiB of them is a TLB miss and a page walk (32,768 for the
/// 128 MB of a saxpy over 16M floats). Linux's transparent huge pages are
/// often enabled only for memory that asks (`/sys/kernel/mm/
/// transparent_hugepage/enabled` = `madvise`, as on the benchmark's host),
/// so a buffer that does not ask gets 4 KiB pages: saxpy over 16M floats took 1.4-1.7x
/// as long in C with 4 KiB pages as with 2 MiB ones on the benchmark's host
/// (docs/performance.md, "Session 19 (h1)"). numpy asks likewise for its
/// arrays of 4 MiB and more. Where the kernel has no THP, or they are
/// `never`, the advice fails and changes nothing.
///
/// Or lines in the 32-bit window (window.rs): a buffer made for a
/// `Physical32` kernel, which its dispatches use in place.
#[derive(Debug)]
pub(crate) enum Lines {
    Heap(Vec<Line>),
    /// The block and the number of lines.
    Low(crate::window::Block, usize),
}

/// The huge page size transparent huge pages use on x86-64 and AArch64
/// (with 4 KiB base pages).
const HUGE_PAGE: usize = 2 << 20;

/// Allocations asking for huge pages: at least two of them (a smaller one
/// would round to at most one, and fragment memory for little).
const HUGE_PAGE_MINIMUM: usize = 2 * HUGE_PAGE;

impl Lines {
    /// `count` zeroed lines.
    pub(crate) fn zeroed(count: usize) -> Self {
        let mut lines: Vec<Line> = Vec::with_capacity(count);
        let bytes = count * std::mem::size_of::<Line>();
        if bytes >= HUGE_PAGE_MINIMUM {
            advise_huge_pages(lines.as_mut_ptr().cast(), bytes);
        }
        lines.resize(count, Line([0; 8]));
        Self::Heap(lines)
    }

    /// `count` zeroed lines below 4 GiB.
    pub(crate) fn zeroed_low(count: usize) -> Result<Self, RunError> {
        let block = crate::window::Block::new(count * std::mem::size_of::<Line>(), 64)?;
        Ok(Self::Low(block, count))
    }
}

impl Clone for Lines {
    /// A copy in memory of its own, asking for huge pages as [`Lines::zeroed`]
    /// (on the heap, also for lines in the window).
    fn clone(&self) -> Self {
        let mut copy = Self::zeroed(self.len());
        copy.copy_from_slice(self);
        copy
    }
}

impl std::ops::Deref for Lines {
    type Target = [Line];
    fn deref(&self) -> &[Line] {
        match self {
            Self::Heap(lines) => lines,
            // SAFETY: the block holds `count` lines (page-aligned, so
            // 64-byte aligned), readable and writable, zeroed when made
            // (any bytes are valid lines), owned by `self`.
            Self::Low(block, count) => unsafe { std::slice::from_raw_parts(block.as_mut_ptr().cast::<Line>(), *count) },
        }
    }
}

impl std::ops::DerefMut for Lines {
    fn deref_mut(&mut self) -> &mut [Line] {
        match self {
            Self::Heap(lines) => lines,
            // SAFETY: as in `deref`, borrowed exclusively.
            Self::Low(block, count) => unsafe { std::slice::from_raw_parts_mut(block.as_mut_ptr().cast::<Line>(), *count) },
        }
    }
}

/// `madvise(MADV_HUGEPAGE)` on the whole huge pages inside `bytes` bytes
/// at `start` (a fresh allocation, not yet touched: pages already present
/// stay 4 KiB until the kernel's background collapse). Advice only: any
/// failure is ignored.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    let first = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: [first, end) lies inside the allocation of `bytes` bytes at
        // `start`, which the caller owns; MADV_HUGEPAGE changes how the
        // kernel backs those pages, never their contents or their mapping.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

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
/// this process defines them (libgcc has them from GCC 13), so the JIT
/// does; any other libcall nothing defines fails the compile (`Jit::new`).
/// `OpFConvert` to bfloat16 is spelled out on the bits by the conversion
/// (cast.rs) and calls none.
const SOFT_FLOAT_FUNCTIONS: [&str; 2] = ["__truncsfbf2", "__truncdfbf2"];

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

thread_local! {
    /// The device memory of the dispatch whose workgroups this thread runs
    /// (`Dispatch::device_buffer`, and the bound buffers whose address
    /// `Dispatch::binding_address` gave): its (address, length) ranges, sorted by
    /// address; empty between dispatches. Set by [`DeviceMemory::enter`].
    static DEVICE_RANGES: std::cell::Cell<(*const (u64, u64), usize)> =
        const { std::cell::Cell::new((std::ptr::null(), 0)) };
}

/// The device memory of one dispatch, given to the threads running its
/// workgroups for `__spvabi_device_range` to answer from.
pub(crate) struct DeviceMemory {
    /// (address, length), sorted by address, not overlapping (each range
    /// a buffer of its own).
    ranges: Vec<(u64, u64)>,
}

/// While alive, [`DeviceMemory`]'s ranges answer this thread's queries.
pub(crate) struct DeviceMemoryScope(());

impl DeviceMemory {
    pub(crate) fn new(mut ranges: Vec<(u64, u64)>) -> Self {
        ranges.sort_unstable();
        Self { ranges }
    }

    /// Makes these ranges the current thread's until the scope ends (also
    /// by a panic): the dispatch outlives every workgroup it runs.
    pub(crate) fn enter(&self) -> DeviceMemoryScope {
        DEVICE_RANGES.with(|ranges| ranges.set((self.ranges.as_ptr(), self.ranges.len())));
        DeviceMemoryScope(())
    }
}

impl Drop for DeviceMemoryScope {
    fn drop(&mut self) {
        DEVICE_RANGES.with(|ranges| ranges.set((std::ptr::null(), 0)));
    }
}

/// `__spvabi_device_range` (kernel_abi/bounds.rs): the device buffer of the
/// dispatch that holds `address` (its end included: a pointer one past a
/// buffer, indexed back into it), its address in the low 64 bits and its
/// length in the high ones; 0 when none does (an access through it is then
/// skipped unless it lies in one of the kernel's own objects: a load gives
/// zero, a store does nothing).
extern "C" fn device_range(address: u64) -> u128 {
    let (pointer, count) = DEVICE_RANGES.with(std::cell::Cell::get);
    if count == 0 {
        return 0;
    }
    // SAFETY: set by `DeviceMemory::enter` from ranges that outlive the
    // scope which clears it again; only this thread reads it.
    let ranges = unsafe { std::slice::from_raw_parts(pointer, count) };
    // The last range starting at or before `address`.
    let after = ranges.partition_point(|&(base, _)| base <= address);
    match after.checked_sub(1).and_then(|at| ranges.get(at)) {
        Some(&(base, length)) if address - base <= length => u128::from(base) | (u128::from(length) << 64),
        _ => 0,
    }
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
/// compare-exchange, add, min and max only on floats), sequentially consistent; the
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
    /// `__spvabi_E_groups`, or null (ABI version 4).
    pub groups: Option<GroupsFn>,
}

/// The name of this machine's CPU as LLVM knows it (`rocketlake`, `znver4`...).
pub(crate) fn host_cpu() -> String {
    inkwell::targets::TargetMachine::get_host_cpu_name().to_string_lossy().into_owned()
}

/// This machine's CPU features as the JIT compiles for them: the host's,
/// less the bfloat16 conversion instructions that flush subnormals
/// (`spirv_opt_rs::translate::exact_bfloat16_features`).
pub(crate) fn host_features() -> String {
    let triple = inkwell::targets::TargetMachine::get_default_triple();
    let host = inkwell::targets::TargetMachine::get_host_cpu_features();
    spirv_opt_rs::translate::exact_bfloat16_features(&triple.as_str().to_string_lossy(), &host.to_string_lossy())
}

/// A target machine for this CPU with [`host_features`], as the JIT
/// compiles (LLVM's default code-generation level, position-independent
/// code: what `LLVMOrcJITTargetMachineBuilderDetectHost` gave before).
fn host_target_machine() -> Result<inkwell::targets::TargetMachine, RunError> {
    use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
    Target::initialize_native(&InitializationConfig::default()).map_err(RunError::Jit)?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|error| RunError::Jit(format!("no target for this CPU: {error}")))?;
    target
        .create_target_machine(
            &triple,
            &host_cpu(),
            &host_features(),
            inkwell::OptimizationLevel::Default,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| RunError::Jit("LLVM cannot make a target machine for this CPU".into()))
}

type WorkgroupFn = unsafe extern "C" fn(*const RawDispatch, *const u32);

/// `__spvabi_E_groups`: `count` consecutive workgroups along x from the id.
pub(crate) type GroupsFn = unsafe extern "C" fn(*const RawDispatch, *const u32, u32);

/// A JIT-compiled module and the workgroup function of one entry point.
///
/// ORC's LLJIT, not MCJIT: a symbol the generated code needs and nothing
/// defines (a code-generation libcall such as compiler-rt's `__truncsfbf2`,
/// which the IR never declares) is an error of the lookup here, where
/// MCJIT left its address 0 and the kernel jumped there (SIGSEGV).
pub(crate) struct Jit {
    lljit: Lljit,
    /// A `Physical32` kernel's JIT: its sections and frames in the 32-bit
    /// window (window.rs).
    physical32: bool,
    /// The largest coroutine frame the module allocates, in bytes (0: it
    /// allocates none), or `None` when its IR does not say
    /// ([`largest_frame`]); known for a `Physical32` kernel only.
    frame_bytes: Option<u64>,
    workgroup: WorkgroupFn,
    info: *const RawInfo,
    /// Whether the machine code came from the object cache.
    pub(crate) from_cache: bool,
}

// The JIT is only read after construction (function and global addresses
// were taken then), and the code it holds is reentrant: the kernel ABI keeps
// every workgroup's state on its own stack.
unsafe impl Send for Jit {}
unsafe impl Sync for Jit {}

/// What a JIT is made from.
enum Code<'a> {
    /// LLVM IR text, compiled for this CPU.
    Ir(&'a str),
    /// An object file the JIT compiled before (the object cache's).
    Object(&'a [u8]),
}

/// Owns an LLJIT instance: the compiled code lives until it is dropped.
/// `reported` holds what its execution session reported (the cause of a
/// failed lookup, which the lookup's own error only calls "Failed to
/// materialize symbols"); the reporter writes through its address.
/// `compiled` receives the object code the JIT compiled, when it is to be
/// cached (`capture_object` writes through its address).
/// `sections` holds the code and data of a `Physical32` kernel's JIT (in
/// the 32-bit window), dropped after the JIT.
struct Lljit(
    LLVMOrcLLJITRef,
    Box<std::sync::Mutex<Vec<String>>>,
    Box<std::sync::Mutex<Option<Vec<u8>>>>,
    #[allow(dead_code, reason = "kept for its drop, after the JIT's")]
    Option<Box<crate::window::SectionMemory>>,
);

impl Drop for Lljit {
    fn drop(&mut self) {
        // SAFETY: created by `LLVMOrcCreateLLJIT` and disposed only here.
        let error = unsafe { LLVMOrcDisposeLLJIT(self.0) };
        // Nothing to report it to: freeing the code's memory failed.
        let _ = take_error(error);
    }
}

impl Lljit {
    /// The address of `name`. The first lookup compiles the module; a
    /// symbol the code needs that nothing defines fails it ("Symbols not
    /// found: [ ... ]").
    fn lookup(&self, name: &str) -> Result<usize, RunError> {
        let symbol = std::ffi::CString::new(name).map_err(|_| RunError::Jit("a symbol with NUL".into()))?;
        let mut address = 0;
        // SAFETY: a live JIT and a NUL-terminated name read during the call.
        let error = unsafe { LLVMOrcLLJITLookup(self.0, &mut address, symbol.as_ptr()) };
        match take_error(error) {
            Some(message) => {
                let reported = std::mem::take(&mut *self.1.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
                Err(RunError::Jit(format!("@{name}: {}", reported.into_iter().chain([message]).collect::<Vec<_>>().join("; "))))
            }
            None if address == 0 => Err(RunError::Jit(format!("LLVM did not place @{name}"))),
            None => Ok(address as usize),
        }
    }
}

/// The object transform of a JIT whose module is to be cached: copies the
/// object the JIT compiled (left as it is) into the `Lljit`'s `compiled`.
extern "C" fn capture_object(compiled: *mut std::ffi::c_void, object: *mut inkwell::llvm_sys::prelude::LLVMMemoryBufferRef) -> LLVMErrorRef {
    // SAFETY: `compiled` is the address `Jit::new` registered, of the
    // mutex its `Lljit` owns (alive as long as the JIT); `object` points at
    // a live memory buffer LLVM owns during the call.
    unsafe {
        let compiled = &*(compiled as *const std::sync::Mutex<Option<Vec<u8>>>);
        let start = LLVMGetBufferStart(*object).cast::<u8>();
        let bytes = std::slice::from_raw_parts(start, LLVMGetBufferSize(*object)).to_vec();
        *compiled.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(bytes);
    }
    std::ptr::null_mut()
}

/// The object linking layer of a `Physical32` kernel's JIT: RTDyld, whose
/// memory manager (the callbacks below, on the `SectionMemory` at
/// `sections`) places every section in the 32-bit window. The default
/// layer (JITLink) takes its memory from the system, anywhere.
extern "C" fn window_linking_layer(
    sections: *mut std::ffi::c_void,
    session: LLVMOrcExecutionSessionRef,
    _triple: *const std::ffi::c_char,
) -> LLVMOrcObjectLayerRef {
    // SAFETY: the session is the JIT's, alive while it makes its layers;
    // `sections` is the `SectionMemory` its `Lljit` owns, dropped after the
    // JIT (so after the layer). One memory manager for every object: the
    // context callback returns `sections` itself.
    unsafe {
        LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCallbacks(
            session,
            sections,
            section_context,
            sections_terminating,
            allocate_code_section,
            allocate_data_section,
            finalize_sections,
            Some(destroy_section_context),
        )
    }
}

extern "C" fn section_context(sections: *mut std::ffi::c_void) -> *mut std::ffi::c_void {
    sections
}

extern "C" fn sections_terminating(_: *mut std::ffi::c_void) {}

/// The sections stay until the `Lljit` drops its `SectionMemory`.
extern "C" fn destroy_section_context(_: *mut std::ffi::c_void) {}

/// The `SectionMemory` a memory-manager callback is given.
fn section_memory<'a>(sections: *mut std::ffi::c_void) -> &'a crate::window::SectionMemory {
    // SAFETY: the address `window_linking_layer` registered, of the
    // `SectionMemory` the `Lljit` keeps until after the JIT is disposed.
    unsafe { &*(sections as *const crate::window::SectionMemory) }
}

/// Code: read and execute once finalized.
extern "C" fn allocate_code_section(
    sections: *mut std::ffi::c_void,
    size: libc::uintptr_t,
    alignment: libc::c_uint,
    _id: libc::c_uint,
    _name: *const std::ffi::c_char,
) -> *mut u8 {
    section_memory(sections).allocate(size, alignment as usize, libc::PROT_READ | libc::PROT_EXEC)
}

/// Data: read-only data readable only, the rest readable and writable.
extern "C" fn allocate_data_section(
    sections: *mut std::ffi::c_void,
    size: libc::uintptr_t,
    alignment: libc::c_uint,
    _id: libc::c_uint,
    _name: *const std::ffi::c_char,
    read_only: inkwell::llvm_sys::prelude::LLVMBool,
) -> *mut u8 {
    let prot = if read_only != 0 { libc::PROT_READ } else { libc::PROT_READ | libc::PROT_WRITE };
    section_memory(sections).allocate(size, alignment as usize, prot)
}

/// Sets each section's access; on failure the message (`strdup`ed: LLVM
/// `free`s it) and true.
extern "C" fn finalize_sections(sections: *mut std::ffi::c_void, message: *mut *mut std::ffi::c_char) -> inkwell::llvm_sys::prelude::LLVMBool {
    match section_memory(sections).finalize() {
        Ok(()) => 0,
        Err(text) => {
            let text = std::ffi::CString::new(text).unwrap_or_default();
            if !message.is_null() {
                // SAFETY: LLVM passes a place for the message and frees
                // what is put there with `free`.
                unsafe { *message = libc::strdup(text.as_ptr()) };
            }
            1
        }
    }
}

/// The message of `error` (consumed), or `None` for success.
fn take_error(error: LLVMErrorRef) -> Option<String> {
    if error.is_null() {
        return None;
    }
    // SAFETY: a live error, consumed by `LLVMGetErrorMessage`; the message is
    // copied before it is disposed.
    unsafe {
        let message = LLVMGetErrorMessage(error);
        let text = std::ffi::CStr::from_ptr(message).to_string_lossy().into_owned();
        LLVMDisposeErrorMessage(message);
        Some(text)
    }
}

/// The execution session's reporter: keeps the message for the failed
/// lookup to report (logged by LLVM, it would be a second, unlocated
/// diagnostic on stderr). `reported` is the `Lljit`'s message list.
extern "C" fn keep_session_error(reported: *mut std::ffi::c_void, error: LLVMErrorRef) {
    // SAFETY: the address `Jit::new` registered, of the list the JIT's owner
    // keeps alive (boxed) until after the JIT is disposed.
    let reported = unsafe { &*(reported as *const std::sync::Mutex<Vec<String>>) };
    if let Some(message) = take_error(error) {
        reported.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(message);
    }
}

/// Whether the JIT can resolve an external function `name` the compiled
/// code calls: `malloc` and `free` (mapped to the frame arena), or a symbol
/// of this process (the C library, libm). Anything else would be called
/// through a null address.
pub(crate) fn resolvable(name: &str) -> bool {
    inkwell::support::load_visible_symbols();
    // The ABI's barrier markers are gone once the regions are formed.
    matches!(name, "malloc" | "free" | spirv_opt_passes::kernel_abi::regions::MARKER)
        // The importer's loop markers, gone before LLVM's pipeline
        // (kernel_abi::loop_exits).
        || name.starts_with(spirv_opt_passes::kernel_abi::loop_exits::PREFIX)
        || name == spirv_opt_passes::spirv_to_llvm::opencl::VECTOR_PRINTF
        || IMAGE_FUNCTIONS.contains(&name)
        || name == spirv_opt_passes::kernel_abi::DEVICE_RANGE
        || SOFT_FLOAT_FUNCTIONS.contains(&name)
        || inkwell::support::search_for_address_of_symbol(name).is_some()
}

/// The functions the compiled code may call that this process defines for
/// it, by name: the frame arena as `malloc` and `free` (coroutine frames of
/// kernels with barriers; frames.rs says why), the device memory query
/// (buffer device addresses), the image shims, the
/// soft-float conversions and OpenCL's `printf` with vector arguments
/// (printf.rs).
///
/// These lie at the process's (high) addresses also for a `Physical32`
/// kernel, whose code lies below 4 GiB: RTDyld calls them through stubs
/// (an absolute 64-bit jump) it adds to the code section.
fn host_functions(physical32: bool) -> Vec<(&'static str, usize)> {
    // A Physical32 kernel's frames lie in the 32-bit window (window.rs).
    let alloc: extern "C" fn(u64) -> *mut u8 = if physical32 { frames::alloc_low } else { frames::alloc };
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
    let images = [
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
    let single_to_bfloat16: extern "C" fn(f32) -> f32 = truncsfbf2;
    let double_to_bfloat16: extern "C" fn(f64) -> f32 = truncdfbf2;
    let soft_float = SOFT_FLOAT_FUNCTIONS.into_iter().zip([single_to_bfloat16 as usize, double_to_bfloat16 as usize]);
    let opencl_printf: extern "C" fn(*const std::ffi::c_char, *const u64, u32) -> i32 = crate::printf::spvabi_printf;
    let device: extern "C" fn(u64) -> u128 = device_range;
    [
        ("malloc", alloc as usize),
        ("free", free as usize),
        (spirv_opt_passes::kernel_abi::DEVICE_RANGE, device as usize),
        (spirv_opt_passes::spirv_to_llvm::opencl::VECTOR_PRINTF, opencl_printf as usize),
    ]
        .into_iter()
        .chain(IMAGE_FUNCTIONS.into_iter().zip(images))
        .chain(soft_float)
        .collect()
}

impl Jit {
    /// JIT-compiles `llvm_ir` (a module with the kernel ABI of `entry`).
    ///
    /// With `cache` (a folder), the machine code comes from there when it
    /// holds this module's, and goes there when it is compiled
    /// ([`object_cache`]).
    /// With `physical32`, the code, globals and coroutine frames lie in
    /// the 32-bit window (window.rs; the other kernels' JIT is unchanged).
    pub(crate) fn new(llvm_ir: &str, entry: &str, cache: Option<&std::path::Path>, physical32: bool) -> Result<Self, RunError> {
        let frame_bytes = if physical32 { largest_frame(llvm_ir) } else { None };
        let with_frames = |jit: Self| Self { frame_bytes, ..jit };
        let Some(cached) = cache.map(|dir| object_cache::Entry::new(dir, llvm_ir)) else {
            return Self::compile(Code::Ir(llvm_ir), entry, None, physical32).map(with_frames);
        };
        if let Some(object) = cached.load() {
            match Self::compile(Code::Object(&object), entry, None, physical32) {
                Ok(jit) => return Ok(Self { from_cache: true, ..with_frames(jit) }),
                // A damaged entry costs the compile, nothing else.
                Err(error) => tracing::warn!(%error, "object cache: the cached object did not link; compiling"),
            }
        }
        Self::compile(Code::Ir(llvm_ir), entry, Some(cached), physical32).map(with_frames)
    }

    /// A JIT holding `code`, its entry point's functions looked up (which
    /// compiles IR); with `cached`, the object compiled is kept there.
    fn compile(
        code: Code<'_>,
        entry: &str,
        cached: Option<object_cache::Entry>,
        physical32: bool,
    ) -> Result<Self, RunError> {
        let jit_error = |what: &str, error: LLVMErrorRef| RunError::Jit(format!("{what}: {}", take_error(error).unwrap_or_default()));
        // Symbols the code calls (libm, the C library) come from this process.
        inkwell::support::load_visible_symbols();
        // SAFETY (the block): the LLVM C API used as documented. Each object
        // created is either handed to an owner that takes it (the context to
        // the thread-safe context, the module to the thread-safe module, that
        // to the JIT, the builder to `LLVMOrcCreateLLJIT`, the generator and
        // the materialization unit to the JITDylib) or disposed here; the
        // names are NUL-terminated and live across the calls that read them.
        let lljit = unsafe {
            // Code for this CPU (AVX2, AVX-512... when it has them), at
            // LLVM's default code-generation level.
            // The host's CPU and features, less the bfloat16 conversions
            // that flush subnormals (host_features): a target machine made
            // so, whose settings the builder copies (it takes the machine).
            let target_machine = host_target_machine()?;
            let machine = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(target_machine.as_mut_ptr());
            std::mem::forget(target_machine);
            let builder = LLVMOrcCreateLLJITBuilder();
            LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, machine);
            // A Physical32 kernel: RTDyld, its sections in the window.
            let sections = physical32.then(Box::<crate::window::SectionMemory>::default);
            if let Some(sections) = &sections {
                LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator(
                    builder,
                    window_linking_layer,
                    (&**sections as *const crate::window::SectionMemory).cast_mut().cast(),
                );
            }
            let mut raw = std::ptr::null_mut();
            let error = LLVMOrcCreateLLJIT(&mut raw, builder);
            if !error.is_null() {
                return Err(jit_error("LLVM's JIT could not be created", error));
            }
            let lljit = Lljit(raw, Box::default(), Box::default(), sections);
            LLVMOrcExecutionSessionSetErrorReporter(
                LLVMOrcLLJITGetExecutionSession(lljit.0),
                keep_session_error,
                (&*lljit.1 as *const std::sync::Mutex<Vec<String>>).cast_mut().cast(),
            );
            let dylib = LLVMOrcLLJITGetMainJITDylib(lljit.0);
            // The process's symbols (libm, the C library), after the ones
            // defined below.
            let mut generator = std::ptr::null_mut();
            let error = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                &mut generator,
                LLVMOrcLLJITGetGlobalPrefix(lljit.0),
                None,
                std::ptr::null_mut(),
            );
            if !error.is_null() {
                return Err(jit_error("the process's symbols", error));
            }
            LLVMOrcJITDylibAddGenerator(dylib, generator);
            let mut symbols = Vec::new();
            for (name, address) in host_functions(physical32) {
                let name = std::ffi::CString::new(name).map_err(|_| RunError::Jit("a symbol with NUL".into()))?;
                symbols.push(LLVMOrcCSymbolMapPair {
                    Name: LLVMOrcLLJITMangleAndIntern(lljit.0, name.as_ptr()),
                    Sym: LLVMJITEvaluatedSymbol {
                        Address: address as u64,
                        Flags: LLVMJITSymbolFlags {
                            GenericFlags: (LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsExported as u8)
                                | (LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsCallable as u8),
                            TargetFlags: 0,
                        },
                    },
                });
            }
            let unit = LLVMOrcAbsoluteSymbols(symbols.as_mut_ptr(), symbols.len());
            let error = LLVMOrcJITDylibDefine(dylib, unit);
            if !error.is_null() {
                LLVMOrcDisposeMaterializationUnit(unit);
                return Err(jit_error("the host functions", error));
            }
            let llvm_ir = match code {
                // An object compiled for this module before: linked as it
                // is, without parsing or compiling the IR.
                Code::Object(object) => {
                    let buffer =
                        LLVMCreateMemoryBufferWithMemoryRangeCopy(object.as_ptr().cast(), object.len(), c"kernel.o".as_ptr());
                    // Takes the buffer, whatever the outcome.
                    let error = LLVMOrcLLJITAddObjectFile(lljit.0, dylib, buffer);
                    if !error.is_null() {
                        return Err(jit_error("the cached object could not be added", error));
                    }
                    return Self::resolve(lljit, entry, None, physical32);
                }
                Code::Ir(llvm_ir) => llvm_ir,
            };
            if cached.is_some() {
                LLVMOrcObjectTransformLayerSetTransform(
                    LLVMOrcLLJITGetObjTransformLayer(lljit.0),
                    capture_object,
                    (&*lljit.2 as *const std::sync::Mutex<Option<Vec<u8>>>).cast_mut().cast(),
                );
            }
            // The module, parsed into a context of its own.
            let context = LLVMContextCreate();
            let buffer =
                LLVMCreateMemoryBufferWithMemoryRangeCopy(llvm_ir.as_ptr().cast(), llvm_ir.len(), c"kernel".as_ptr());
            let mut module = std::ptr::null_mut();
            let mut message = std::ptr::null_mut();
            let failed = LLVMParseIRInContext2(context, buffer, &mut module, &mut message) != 0;
            LLVMDisposeMemoryBuffer(buffer);
            if failed {
                let text = if message.is_null() {
                    String::from("unreadable LLVM IR")
                } else {
                    let text = std::ffi::CStr::from_ptr(message).to_string_lossy().into_owned();
                    LLVMDisposeMessage(message);
                    text
                };
                LLVMContextDispose(context);
                return Err(RunError::Jit(text));
            }
            let shared_context = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(context);
            let shared_module = LLVMOrcCreateNewThreadSafeModule(module, shared_context);
            // The module keeps the context alive.
            LLVMOrcDisposeThreadSafeContext(shared_context);
            let error = LLVMOrcLLJITAddLLVMIRModule(lljit.0, dylib, shared_module);
            if !error.is_null() {
                LLVMOrcDisposeThreadSafeModule(shared_module);
                return Err(jit_error("the module could not be added", error));
            }
            lljit
        };
        Self::resolve(lljit, entry, cached, physical32)
    }

    /// Looks the entry point's functions up, which compiles the module (or
    /// links the cached object), then keeps what was compiled in `cached`.
    fn resolve(lljit: Lljit, entry: &str, cached: Option<object_cache::Entry>, physical32: bool) -> Result<Self, RunError> {
        let workgroup = lljit.lookup(&format!("__spvabi_{entry}"))?;
        let info = lljit.lookup(&format!("__spvabi_{entry}_info"))? as *const RawInfo;
        if let Some(cached) = cached {
            let object = lljit.2.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
            if let Some(object) = object {
                cached.store(&object);
            }
        }
        // SAFETY: the kernel ABI defines `__spvabi_<entry>` with exactly this
        // C signature (docs/abi.md); the address is of code in `lljit`.
        let workgroup: WorkgroupFn = unsafe { std::mem::transmute::<usize, WorkgroupFn>(workgroup) };
        Ok(Self { lljit, physical32, frame_bytes: None, workgroup, info, from_cache: false })
    }

    /// Whether the module runs runs of consecutive workgroups in one call
    /// (`spvabi_kernel_info.groups`, docs/abi.md).
    pub(crate) fn runs_workgroups(&self) -> bool {
        // SAFETY: as in `info`; read only for a module of this ABI version
        // (`Kernel::compile` checks it before it asks).
        unsafe { (*self.info).groups.is_some() }
    }

    /// The kernel info, copied out.
    pub(crate) fn info(&self) -> (u32, u32, [u32; 3], u32, u32, Vec<RawResource>) {
        // SAFETY: `info` points at the constant `spvabi_kernel_info` of the
        // module, alive as long as `lljit`; `resources` at its
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
        let _ = &self.lljit;
        // SAFETY: `workgroup` is the ABI's function (see `new`); `dispatch`
        // and `id` are live for the call; the function only reads them.
        unsafe { (self.workgroup)(dispatch, id.as_ptr()) }
        // The workgroup destroyed its frames before returning.
        self.reset_frames();
    }

    /// Runs the `count` workgroups from `id` along x in one call of the
    /// module's `__spvabi_E_groups`; `id[0] + count` must not pass
    /// `num_workgroups[0]`. Only for a module whose info has the function
    /// ([`Self::runs_workgroups`]).
    pub(crate) fn run_workgroups(&self, dispatch: &RawDispatch, id: [u32; 3], count: u32) {
        let _ = &self.lljit;
        // SAFETY: as in `info`; the caller checked the version.
        let groups = unsafe { (*self.info).groups };
        let Some(groups) = groups else { unreachable!("a module without runs of workgroups") };
        debug_assert!(u64::from(id[0]) + u64::from(count) <= u64::from(dispatch.num_workgroups[0]));
        // SAFETY: `groups` is the ABI's function of this signature, in
        // `lljit`; `dispatch` and `id` are live for the call and only read.
        unsafe { groups(dispatch, id.as_ptr(), count) }
        self.reset_frames();
    }

    /// Empties the frame arena the workgroups allocated from.
    fn reset_frames(&self) {
        if self.physical32 {
            frames::reset_low();
        } else {
            frames::reset();
        }
    }

    /// Whether this is a `Physical32` kernel's JIT (window.rs).
    pub(crate) fn physical32(&self) -> bool {
        self.physical32
    }

    /// The largest coroutine frame the module allocates ([`largest_frame`]).
    #[cfg(test)]
    pub(crate) fn frame_bytes(&self) -> Option<u64> {
        self.frame_bytes
    }

    /// Makes sure this thread's frame arena holds the coroutine frames of
    /// one workgroup of `invocations` of a `Physical32` kernel, so that a
    /// full 32-bit window is an error before any workgroup runs rather than
    /// a failed `malloc` inside one (frames.rs, `reserve_low`). A kernel of
    /// another layout, or one allocating no frame, needs nothing.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when the window has no room for them.
    pub(crate) fn reserve_frames(&self, invocations: u64) -> Result<(), RunError> {
        match self.frame_bytes {
            Some(bytes) if self.physical32 && bytes > 0 => frames::reserve_low(frame_room(bytes, invocations)),
            _ => Ok(()),
        }
    }
}

/// What the frame arena gives `invocations` frames of at most `bytes`
/// each: every allocation is rounded up to 64 bytes (frames.rs).
fn frame_room(bytes: u64, invocations: u64) -> usize {
    let each = usize::try_from(bytes).unwrap_or(usize::MAX).max(1).saturating_add(63) & !63;
    each.saturating_mul(usize::try_from(invocations).unwrap_or(usize::MAX))
}

/// The largest coroutine frame the LLVM IR `llvm_ir` allocates: the
/// largest constant argument of its `malloc` calls (0 without any), or
/// `None` when a call's size is not a constant or `malloc` is used
/// otherwise.
///
/// The runner's IR comes after LLVM's pipeline, whose `CoroSplit` replaced
/// each coroutine's `llvm.coro.size` (the ramp's `malloc` argument,
/// kernel_abi/barrier.rs) with the frame's size; nothing else in a kernel
/// calls `malloc`. A workgroup call allocates one frame per invocation and
/// frees none before it returns (docs/abi.md, "Coroutines"), so
/// invocations times this bounds what the arena must hold.
fn largest_frame(llvm_ir: &str) -> Option<u64> {
    let mut largest = 0;
    for line in llvm_ir.lines().filter(|line| line.contains("@malloc")) {
        if line.trim_start().starts_with("declare") {
            continue;
        }
        // `call ptr @malloc(i64 N)`, perhaps with attributes before N.
        let (_, arguments) = line.split_once("@malloc(")?;
        let (arguments, _) = arguments.split_once(')')?;
        let size = arguments.split_whitespace().last()?.parse::<u64>().ok()?;
        largest = largest.max(size);
    }
    Some(largest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with the ABI's two symbols for entry `e`, whose workgroup
    /// function runs `body` (LLVM IR instructions on `%dispatch`, then `ret
    /// void`).
    fn kernel(body: &str) -> String {
        format!(
            "@__spvabi_e_info = constant [64 x i8] zeroinitializer\n\
             @slot = global float 1.0\n\
             define void @__spvabi_e(ptr %dispatch, ptr %id) {{\n{body}\n  ret void\n}}\n"
        )
    }

    fn jit(llvm_ir: &str) -> Result<Jit, RunError> {
        inkwell::targets::Target::initialize_native(&inkwell::targets::InitializationConfig::default()).expect("the native target");
        Jit::new(llvm_ir, "e", None, false)
    }

    /// Storage small and large (5 MiB: huge pages advised): zeroed,
    /// aligned, and a clone is an equal copy of its own.
    #[test]
    fn lines_are_zeroed_and_clones_copy() {
        for count in [1, 3, (5 << 20) / 64 + 7] {
            let mut lines = Lines::zeroed(count);
            assert_eq!(lines.len(), count);
            assert!(lines.iter().all(|line| line.0 == [0; 8]));
            assert_eq!(lines.as_ptr() as usize % 64, 0);
            lines[count - 1].0[7] = 42;
            let copy = lines.clone();
            assert_eq!(copy.len(), count);
            assert_eq!(copy[count - 1].0[7], 42);
            assert!(copy[..count - 1].iter().all(|line| line.0 == [0; 8]));
            assert_ne!(copy.as_ptr(), lines.as_ptr());
        }
    }

    /// The frame size read from the IR: the largest constant `malloc`,
    /// attributes or not; unknown when a size is not a constant; the
    /// arena's room rounds each frame to 64 bytes.
    #[test]
    fn the_largest_frame_is_read_from_the_ir() {
        let ir = "declare noalias ptr @malloc(i64 noundef)\n  %a = call ptr @malloc(i64 200)\n  \
                  %b = tail call noalias ptr @malloc(i64 noundef 72)\n";
        assert_eq!(largest_frame(ir), Some(200));
        assert_eq!(largest_frame("define void @k() {\n  ret void\n}\n"), Some(0));
        assert_eq!(largest_frame("  %a = call ptr @malloc(i64 %n)\n"), None);
        assert_eq!(frame_room(200, 3), 3 * 256);
        assert_eq!(frame_room(64, 1024), 64 * 1024);
    }

    /// A libcall code generation emits and nothing defines (`fptrunc` from
    /// x86's 80-bit float to bfloat16 calls compiler-rt's `__truncxfbf2`,
    /// which this process lacks): the compile fails naming it, where MCJIT
    /// left its address 0 and the kernel crashed.
    #[test]
    fn undefined_libcall_is_an_error() {
        let error = jit(&kernel(
            "  %x = load volatile float, ptr @slot\n  %w = fpext float %x to x86_fp80\n  \
             %b = fptrunc x86_fp80 %w to bfloat\n  store volatile bfloat %b, ptr @slot",
        ))
        .err()
        .expect("the compile fails");
        let RunError::Jit(message) = error else { panic!("not a JIT error: {error}") };
        assert!(message.contains("Symbols not found") && message.contains("__truncxfbf2"), "{message}");
    }

    /// The libcalls the JIT defines are called: `fptrunc float` to bfloat16
    /// is `__truncsfbf2` on CPUs without bfloat16 conversions (and an
    /// instruction on those with them); either way the bits are rounded to
    /// nearest even.
    #[test]
    fn defined_libcall_runs() {
        let kernel = jit(&kernel(
            "  %x = load volatile float, ptr @slot\n  %b = fptrunc float %x to bfloat\n  \
             %bits = bitcast bfloat %b to i16\n  store volatile i16 %bits, ptr %dispatch",
        ))
        .expect("compiles");
        for (value, expected) in [(1.0f32, 0x3F80u16), (f32::from_bits(0x3F80_8000), 0x3F80), (f32::from_bits(0x3F81_8000), 0x3F82)] {
            let slot = kernel.lljit.lookup("slot").expect("the slot") as *mut f32;
            let mut out = [0u16; 64];
            // SAFETY: `slot` is the module's float; the function stores two
            // bytes at its first argument, which `out` holds.
            unsafe {
                slot.write_volatile(value);
                (kernel.workgroup)(out.as_mut_ptr().cast(), [0u32; 3].as_ptr());
            }
            assert_eq!(out[0], expected, "{value}");
        }
    }
}
