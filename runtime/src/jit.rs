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

/// `spvabi_resource`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawResource {
    pub kind: u32,
    pub descriptor_set: u32,
    pub binding: u32,
    pub size: u32,
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
    matches!(name, "malloc" | "free") || inkwell::support::search_for_address_of_symbol(name).is_some()
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
        for (name, address) in [("malloc", alloc as usize), ("free", free as usize)] {
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
