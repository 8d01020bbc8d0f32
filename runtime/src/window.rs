//! The 32-bit window: memory below 4 GiB for `Physical32` kernels
//! (docs/abi.md, "Physical32 kernels: memory below 4 GiB").
//!
//! A `Physical32` module (OpenCL C for `spirv32`) may turn a pointer into a
//! 32-bit integer and back (`(uint)p`, `(int *)u`): the lowering truncates
//! the 64-bit host address and zero-extends it again, which is exact only
//! for an address below 2^32. So every object such a kernel can reach is
//! placed here: its code and globals (the JIT's sections,
//! [`SectionMemory`]), the buffers and by-value arguments of its dispatches
//! (copied in and out), the stacks its workgroups run on ([`on_stack`]:
//! private variables and `__local` memory are `alloca`s) and its
//! coroutine frames (`jit::frames`, the window's arena).
//!
//! The window is one reservation of address space (no memory, `PROT_NONE`,
//! not counted against the commit limit) made at the first use, from 1 MiB
//! up to 4 GiB where nothing is mapped (`MAP_FIXED_NOREPLACE`), else the
//! largest power of two of it that is free, else what `MAP_32BIT` gives (a
//! gigabyte, at 1-2 GiB on x86-64 Linux). [`Block`]s are carved from it
//! first-fit, made readable and writable, and given back (their pages
//! dropped) when dropped. Nothing else in the process maps there: glibc's
//! heap and Rust's allocations sit above the executable, far higher.
//!
//! The only `unsafe` of this module is the mapping calls and the stack
//! switch (`swapcontext`), each wrapped once.

#![allow(unsafe_code)]

use std::{
    cell::{Cell, RefCell},
    collections::BTreeMap,
    sync::{Mutex, OnceLock, PoisonError},
};

use crate::RunError;

/// The page size the window works in (x86-64 and AArch64 Linux with 4 KiB
/// pages; a larger page size only makes blocks coarser, never wrong,
/// because the reservation and every block start on such a boundary).
const PAGE: usize = 4096;

/// The lowest address the window uses: far from null, so that a small
/// integer turned into a pointer still faults.
const BOTTOM: usize = 1 << 20;

/// One past the highest address a 32-bit pointer holds.
const TOP: usize = 1 << 32;

/// The stack a workgroup of a `Physical32` kernel runs on: 8 MiB, as the
/// main thread's (the pool's threads have Rust's 2 MiB), with a guard page
/// below it.
pub(crate) const STACK: usize = 8 << 20;

/// The reservation and its free ranges.
struct Window {
    /// Free ranges: start to length, page-aligned, not touching (merged).
    free: Mutex<BTreeMap<usize, usize>>,
}

static WINDOW: OnceLock<Result<Window, String>> = OnceLock::new();

/// `mmap` of `len` bytes at `address` (a hint or, with `MAP_FIXED_NOREPLACE`,
/// exactly), no access, anonymous, not reserved; the address or `None`.
fn map(address: usize, len: usize, flags: libc::c_int) -> Option<usize> {
    // SAFETY: an anonymous mapping with no access: it changes no existing
    // mapping (MAP_FIXED_NOREPLACE fails rather than replace one; without
    // it the address is a hint) and no memory the program uses.
    let mapped = unsafe {
        libc::mmap(
            address as *mut libc::c_void,
            len,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | flags,
            -1,
            0,
        )
    };
    if mapped == libc::MAP_FAILED {
        return None;
    }
    let start = mapped as usize;
    if start.checked_add(len).is_some_and(|end| end <= TOP) && (flags & libc::MAP_FIXED_NOREPLACE == 0 || start == address) {
        return Some(start);
    }
    // An old kernel that takes MAP_FIXED_NOREPLACE as a hint placed it
    // elsewhere: not ours.
    unmap(start, len);
    None
}

/// Gives `len` bytes at `start` back to the system.
fn unmap(start: usize, len: usize) {
    // SAFETY: called only on a mapping `map` made and nothing else uses.
    unsafe { libc::munmap(start as *mut libc::c_void, len) };
}

/// Sets the access of the pages `[start, start + len)`, which lie in the
/// window and belong to one block; `false` when the system refuses.
fn protect(start: usize, len: usize, prot: libc::c_int) -> bool {
    // SAFETY: the pages lie in the window's reservation and belong to the
    // block the caller owns: no other object lives there.
    unsafe { libc::mprotect(start as *mut libc::c_void, len, prot) == 0 }
}

impl Window {
    /// Reserves the window.
    fn reserve() -> Result<Self, String> {
        let mut len = TOP - BOTTOM;
        let mut found = None;
        // The whole of [1 MiB, 4 GiB), else the largest power of two from
        // 1 MiB that is free (something mapped low: a non-PIE executable).
        while len >= 64 << 20 {
            if let Some(start) = map(BOTTOM, len, libc::MAP_FIXED_NOREPLACE) {
                found = Some((start, len));
                break;
            }
            len = if len == TOP - BOTTOM { 2 << 30 } else { len / 2 };
        }
        #[cfg(target_arch = "x86_64")]
        if found.is_none() {
            let mut len = 1 << 30;
            while found.is_none() && len >= 64 << 20 {
                found = map(0, len, libc::MAP_32BIT).map(|start| (start, len));
                len /= 2;
            }
        }
        let (start, len) = found.ok_or("no free address space below 4 GiB for a Physical32 kernel's memory")?;
        tracing::debug!(start = format_args!("{start:#x}"), len, "the 32-bit window");
        Ok(Self { free: Mutex::new(BTreeMap::from([(start, len)])) })
    }

    /// First fit of `len` bytes (page multiple) aligned to `align` (a power
    /// of two, at least a page): its start.
    fn take(&self, len: usize, align: usize) -> Option<usize> {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        let (start, at, size) = free.iter().find_map(|(&start, &size)| {
            let at = start.next_multiple_of(align);
            (at + len <= start + size).then_some((start, at, size))
        })?;
        free.remove(&start);
        if at > start {
            free.insert(start, at - start);
        }
        if at + len < start + size {
            free.insert(at + len, start + size - at - len);
        }
        Some(at)
    }

    /// Returns `[start, start + len)` to the free ranges, merged with its
    /// neighbours.
    fn give(&self, start: usize, len: usize) {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut start, mut len) = (start, len);
        if let Some((&before, &size)) = free.range(..start).next_back()
            && before + size == start
        {
            free.remove(&before);
            start = before;
            len += size;
        }
        if let Some(size) = free.remove(&(start + len)) {
            len += size;
        }
        free.insert(start, len);
    }
}

/// The window, reserved at the first call.
fn window() -> Result<&'static Window, RunError> {
    WINDOW.get_or_init(Window::reserve).as_ref().map_err(|message| RunError::Dispatch(message.clone()))
}

/// Pages of the window, readable and writable (zero when new), given
/// back when dropped.
#[derive(Debug)]
pub(crate) struct Block {
    start: usize,
    len: usize,
}

impl Block {
    /// `bytes` (at least one page) aligned to `align` (a page at least),
    /// below 4 GiB.
    ///
    /// # Errors
    ///
    /// [`RunError::Dispatch`] when the window has no room for them (or
    /// none could be reserved).
    pub(crate) fn new(bytes: usize, align: usize) -> Result<Self, RunError> {
        let full = || {
            RunError::Dispatch(format!("a Physical32 kernel's memory must fit below 4 GiB: {bytes} bytes asked, no room left"))
        };
        let window = window()?;
        let len = bytes.max(1).checked_next_multiple_of(PAGE).ok_or_else(full)?;
        let start = window.take(len, align.max(PAGE).next_power_of_two()).ok_or_else(full)?;
        if !protect(start, len, libc::PROT_READ | libc::PROT_WRITE) {
            window.give(start, len);
            return Err(full());
        }
        Ok(Self { start, len })
    }

    /// The first byte.
    pub(crate) fn as_mut_ptr(&self) -> *mut u8 {
        self.start as *mut u8
    }

    /// The address of the first byte.
    pub(crate) fn address(&self) -> usize {
        self.start
    }

    /// The length in bytes (whole pages).
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The first `len` bytes, writable.
    pub(crate) fn bytes_mut(&mut self, len: usize) -> &mut [u8] {
        assert!(len <= self.len, "a block of {} bytes read as {len}", self.len);
        // SAFETY: the block's pages are readable and writable and belong to
        // it alone; borrowed exclusively through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.as_mut_ptr(), len) }
    }

    /// Sets the access of `len` bytes from byte `offset` (page-aligned,
    /// inside the block): `libc::PROT_*`.
    pub(crate) fn protect(&self, offset: usize, len: usize, prot: libc::c_int) -> bool {
        assert!(offset.is_multiple_of(PAGE) && offset + len <= self.len);
        len == 0 || protect(self.start + offset, len.next_multiple_of(PAGE), prot)
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        // The pages go back to the system (read as zero when used again) and
        // become inaccessible: a stale pointer into them faults.
        // SAFETY: the block's own pages; nothing refers to them any more
        // (the block was the owner).
        unsafe { libc::madvise(self.start as *mut libc::c_void, self.len, libc::MADV_DONTNEED) };
        protect(self.start, self.len, libc::PROT_NONE);
        if let Some(Ok(window)) = WINDOW.get() {
            window.give(self.start, self.len);
        }
    }
}

/// The JIT's sections of a `Physical32` kernel, in the window: the
/// memory manager of its RTDyld linking layer (`jit.rs`). Every section
/// comes from one region of [`Self::REGION`] bytes (more when one section
/// is larger), so that code and data are within the ±2 GiB that x86-64's
/// PC-relative references reach (a second region is taken only if they
/// stay so).
#[derive(Default)]
pub(crate) struct SectionMemory {
    inner: Mutex<Sections>,
}

#[derive(Default)]
struct Sections {
    /// The regions, the current (last) one filled from `used`.
    regions: Vec<Block>,
    used: usize,
    /// (offset from the region's start, length, access) of each section,
    /// with the region's index: their access is set at finalization.
    sections: Vec<(usize, usize, usize, libc::c_int)>,
    /// Why an allocation failed (reported by the finalization).
    error: Option<String>,
}

impl SectionMemory {
    /// Address space taken for a module's sections at once (only the pages
    /// used become memory).
    const REGION: usize = 64 << 20;

    /// A section of `size` bytes aligned to `align`, later given `prot`;
    /// null when the window has no room (LLVM then fails the link).
    pub(crate) fn allocate(&self, size: usize, align: usize, prot: libc::c_int) -> *mut u8 {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        // Sections of different access never share a page.
        let align = align.max(PAGE);
        let len = size.max(1).next_multiple_of(PAGE);
        let fits = |inner: &Sections| {
            inner.regions.last().is_some_and(|region| inner.used.next_multiple_of(align) + len <= region.len())
        };
        if !fits(&inner) {
            let region = match Block::new(len.max(Self::REGION), align) {
                Ok(region) => region,
                Err(error) => {
                    inner.error = Some(error.to_string());
                    return std::ptr::null_mut();
                }
            };
            let low = inner.regions.iter().map(Block::address).chain([region.address()]).min().unwrap_or(0);
            let high = inner.regions.iter().map(|r| r.address() + r.len()).chain([region.address() + region.len()]).max().unwrap_or(0);
            if high - low > (1 << 31) {
                inner.error = Some(format!(
                    "a Physical32 kernel's code and data must lie within 2 GiB of each other: {size} more bytes asked"
                ));
                return std::ptr::null_mut();
            }
            inner.regions.push(region);
            inner.used = 0;
        }
        let offset = inner.used.next_multiple_of(align);
        inner.used = offset + len;
        let index = inner.regions.len() - 1;
        inner.sections.push((index, offset, len, prot));
        // SAFETY: `offset + len` lies inside the region (`fits`).
        unsafe { inner.regions[index].as_mut_ptr().add(offset) }
    }

    /// Gives each section its access (code read and execute, read-only data
    /// read); the error of a failed allocation, if any.
    pub(crate) fn finalize(&self) -> Result<(), String> {
        let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(error) = &inner.error {
            return Err(error.clone());
        }
        for &(index, offset, len, prot) in &inner.sections {
            if prot != libc::PROT_READ | libc::PROT_WRITE && !inner.regions[index].protect(offset, len, prot) {
                return Err(format!("the access of a section of {len} bytes could not be set"));
            }
        }
        // The instruction cache: coherent with data writes on x86-64; on
        // other architectures LLVM's RTDyld invalidates it for the code.
        Ok(())
    }
}

thread_local! {
    /// This thread's window stack, made at its first use and kept.
    static STACK_BLOCK: RefCell<Option<Block>> = const { RefCell::new(None) };
    /// The call running on the window stack now (null when none).
    static CURRENT: Cell<*mut Call<'static>> = const { Cell::new(std::ptr::null_mut()) };
}

/// What [`on_stack`] runs on the window stack, and how it comes back.
struct Call<'a> {
    work: &'a mut dyn FnMut(),
    panic: Option<Box<dyn std::any::Any + Send>>,
    back: libc::ucontext_t,
}

/// Makes sure this thread has its window stack (for a caller that must
/// report a full window as an error before any work runs).
///
/// # Errors
///
/// [`RunError::Dispatch`] when the window has no room for it.
pub(crate) fn ensure_stack() -> Result<(), RunError> {
    STACK_BLOCK.with(|stack| {
        let mut stack = stack.borrow_mut();
        if stack.is_none() {
            let block = Block::new(STACK + PAGE, PAGE)?;
            // The guard page: an overflow faults instead of writing below.
            block.protect(0, PAGE, libc::PROT_NONE);
            *stack = Some(block);
        }
        Ok(())
    })
}

/// The work's entry on the window stack: runs it, catching a panic (which
/// must not unwind past the stack's first frame); returning resumes the
/// caller of [`on_stack`] (`uc_link`).
extern "C" fn trampoline() {
    let call = CURRENT.with(Cell::get);
    // SAFETY: `on_stack` set it to its live `Call` before switching here,
    // and waits (switched away) until this returns.
    let call = unsafe { &mut *call };
    if let Err(payload) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (call.work)())) {
        call.panic = Some(payload);
    }
}

/// Runs `work` on this thread's window stack (below 4 GiB), so that what
/// the kernel allocates on the stack has 32-bit addresses; a panic in it
/// continues here. Already on it, `work` just runs.
///
/// # Errors
///
/// [`RunError::Dispatch`] when the window has no room for the stack: then
/// `work` did not run.
pub(crate) fn on_stack(work: &mut dyn FnMut()) -> Result<(), RunError> {
    if !CURRENT.with(Cell::get).is_null() {
        work();
        return Ok(());
    }
    ensure_stack()?;
    let (base, len) = STACK_BLOCK.with(|stack| {
        let stack = stack.borrow();
        let block = stack.as_ref().expect("made by ensure_stack");
        (block.address() + PAGE, block.len() - PAGE)
    });
    // SAFETY: a zeroed ucontext_t is a valid value to fill (getcontext).
    let mut call: Box<Call<'_>> = Box::new(Call { work, panic: None, back: unsafe { std::mem::zeroed() } });
    // SAFETY: `getcontext` fills `target`; `makecontext` points it at
    // `trampoline` on the window stack (this thread's own, used by nothing
    // else while this runs), returning to `call.back`; `swapcontext`
    // saves this context into `call.back` and runs `target` until the
    // trampoline returns. `call` lives (boxed, not moved) across it, and
    // `CURRENT` points at it only meanwhile.
    unsafe {
        let mut target: libc::ucontext_t = std::mem::zeroed();
        if libc::getcontext(&mut target) != 0 {
            return Err(RunError::Dispatch("getcontext failed: no window stack".into()));
        }
        target.uc_stack.ss_sp = base as *mut libc::c_void;
        target.uc_stack.ss_size = len;
        target.uc_stack.ss_flags = 0;
        target.uc_link = &mut call.back;
        libc::makecontext(&mut target, trampoline, 0);
        let erased = (&mut *call as *mut Call<'_>).cast::<Call<'static>>();
        CURRENT.with(|current| current.set(erased));
        let switched = libc::swapcontext(&mut call.back, &target);
        CURRENT.with(|current| current.set(std::ptr::null_mut()));
        if switched != 0 {
            return Err(RunError::Dispatch("swapcontext failed: no window stack".into()));
        }
    }
    if let Some(payload) = call.panic.take() {
        std::panic::resume_unwind(payload);
    }
    Ok(())
}

/// Held by the unit tests that use the window, so that the one that fills
/// it (lib.rs, `a_physical32_dispatch_beyond_the_window_is_an_error`)
/// runs alone.
#[cfg(test)]
pub(crate) static TESTS: Mutex<()> = Mutex::new(());

/// Takes every block the window still has room for, largest first (address
/// space only: nothing is touched), and gives them back when dropped.
#[cfg(test)]
pub(crate) fn fill() -> Vec<Block> {
    let mut taken = Vec::new();
    let mut size = 1usize << 31;
    while size >= PAGE {
        match Block::new(size, PAGE) {
            Ok(block) => taken.push(block),
            Err(_) => size /= 2,
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lock() -> std::sync::MutexGuard<'static, ()> {
        TESTS.lock().unwrap_or_else(PoisonError::into_inner)
    }

    #[test]
    fn blocks_are_low_distinct_and_reused() {
        let _alone = lock();
        let a = Block::new(100, 64).expect("a block");
        let b = Block::new(3 << 20, 2 << 20).expect("a block");
        assert!(a.address() + a.len() <= TOP && b.address() + b.len() <= TOP);
        assert_eq!(b.address() % (2 << 20), 0);
        assert!(a.address() + a.len() <= b.address() || b.address() + b.len() <= a.address());
        let mut a = a;
        a.bytes_mut(100)[99] = 7;
        let at = a.address();
        drop(a);
        let again = Block::new(4096, 4096).expect("a block");
        assert!(again.address() <= at, "first fit takes the freed pages again");
    }

    #[test]
    fn a_full_window_is_an_error() {
        let _alone = lock();
        let error = Block::new(5 << 30, PAGE).expect_err("more than 4 GiB");
        assert!(error.to_string().contains("must fit below 4 GiB: 5368709120 bytes asked"), "{error}");
    }

    #[test]
    fn work_runs_on_a_low_stack_and_panics_come_back() {
        let _alone = lock();
        let mut seen = 0usize;
        on_stack(&mut || {
            let local = 5u32;
            seen = std::ptr::addr_of!(local) as usize;
        })
        .expect("a stack");
        assert!(seen != 0 && seen < TOP, "{seen:#x}");
        let caught = std::panic::catch_unwind(|| on_stack(&mut || panic!("inside")));
        assert!(caught.is_err());
        let mut ran = false;
        on_stack(&mut || ran = true).expect("again after a panic");
        assert!(ran);
    }
}
