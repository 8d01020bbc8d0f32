//! The coroutine frames of kernels with barriers (docs/abi.md: one frame per
//! invocation, `malloc`ed when the workgroup starts, `free`d when it ends).
//!
//! The JIT maps the module's `malloc` and `free` to [`alloc`] and [`free`]:
//! a per-thread bump arena, emptied by [`reset`] after each workgroup
//! call. A workgroup runs on one thread from start to end and destroys every
//! frame before it returns, so nothing allocated outlives the call. glibc's
//! malloc took 40% of a shared-memory reduction's time (256 frames per
//! workgroup are more than its per-thread cache holds, so every one went to
//! `_int_malloc` and `_int_free`); here an allocation is an add and a
//! compare, and `free` does nothing.

use std::cell::{Cell, RefCell};

use crate::{RunError, window::Block};

/// What one chunk holds at least.
const CHUNK: usize = 256 * 1024;

/// 64-byte lines: chunks start on a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

thread_local! {
    /// The next free byte of the current chunk, and its end (addresses).
    static CURSOR: Cell<usize> = const { Cell::new(0) };
    /// Where the chunk `reset` keeps starts (0 before any chunk, `usize::MAX`
    /// once `grow` added one): `CURSOR` is there exactly when nothing was
    /// allocated since the last reset.
    static START: Cell<usize> = const { Cell::new(0) };
    static END: Cell<usize> = const { Cell::new(0) };
    /// Every chunk of this thread; the first is the one `reset` keeps.
    static CHUNKS: RefCell<Vec<Box<[Line]>>> = const { RefCell::new(Vec::new()) };
}

/// `malloc` for the frames, 64-byte aligned (malloc gives 16, but a frame
/// may hold a spilled 512-bit vector, which code for the host CPU stores
/// aligned).
pub(crate) extern "C" fn alloc(size: u64) -> *mut u8 {
    let size = usize::try_from(size).unwrap_or(usize::MAX - 64).max(1).next_multiple_of(64);
    let cursor = CURSOR.with(Cell::get);
    if size <= END.with(Cell::get).wrapping_sub(cursor) {
        CURSOR.with(|next| next.set(cursor + size));
        return cursor as *mut u8;
    }
    grow(size)
}

/// `free` for the frames: [`reset`] frees them all at once.
pub(crate) extern "C" fn free(_: *mut u8) {}

/// A new chunk holding at least `size` bytes; the allocation from it.
#[cold]
fn grow(size: usize) -> *mut u8 {
    let lines = size.max(CHUNK).div_ceil(64);
    let mut chunk = vec![Line([0; 64]); lines].into_boxed_slice();
    let start = chunk.as_mut_ptr() as usize;
    CHUNKS.with(|chunks| chunks.borrow_mut().push(chunk));
    // No address: `reset` must merge the chunks.
    START.with(|first| first.set(usize::MAX));
    CURSOR.with(|next| next.set(start + size));
    END.with(|end| end.set(start + lines * 64));
    start as *mut u8
}

/// After a workgroup: everything allocated since the last reset is free.
/// Several chunks become one that holds them all, so the next workgroup of
/// the same kernel allocates nothing.
pub(crate) fn reset() {
    // Kernels without barriers allocate no frame: their workgroups (65,536
    // in a saxpy of 16M floats) skip the borrow of the chunk list.
    if CURSOR.with(Cell::get) == START.with(Cell::get) {
        return;
    }
    CHUNKS.with(|chunks| {
        let mut chunks = chunks.borrow_mut();
        if chunks.len() > 1 {
            let lines: usize = chunks.iter().map(|chunk| chunk.len()).sum();
            chunks.clear();
            chunks.push(vec![Line([0; 64]); lines].into_boxed_slice());
        }
        if let Some(chunk) = chunks.first_mut() {
            let start = chunk.as_mut_ptr() as usize;
            CURSOR.with(|next| next.set(start));
            START.with(|first| first.set(start));
            END.with(|end| end.set(start + chunk.len() * 64));
        }
    });
}

/// The arena of `Physical32` kernels' frames: the same scheme, its chunks
/// in the 32-bit window (`crate::window`), so that a private variable
/// kept in a coroutine frame has an address below 4 GiB. The JIT of such
/// a kernel maps `malloc` and `free` to [`alloc_low`] and [`free`], and a
/// workgroup call ends with [`reset_low`].
mod low {
    use super::{Block, CHUNK};
    use std::cell::{Cell, RefCell};

    thread_local! {
        pub(super) static CURSOR: Cell<usize> = const { Cell::new(0) };
        pub(super) static START: Cell<usize> = const { Cell::new(0) };
        pub(super) static END: Cell<usize> = const { Cell::new(0) };
        pub(super) static CHUNKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }

    /// A chunk of `bytes` in the window, for a frame beyond what
    /// [`super::reserve_low`] reserved. Before its workgroups run, a dispatch
    /// reserves on each thread the room of one workgroup's frames (one per
    /// invocation, each at most the module's largest `malloc`), so this is
    /// reached only when the JIT could not tell that size (a `malloc`
    /// whose size is not a constant: none of the ABI's). The coroutine code
    /// does not check what `malloc` returns and a frame cannot be shared,
    /// so then a full window ends the process with a message rather than
    /// let the kernel write through null.
    pub(super) fn chunk(bytes: usize) -> Block {
        Block::new(bytes, 64).unwrap_or_else(|error| {
            eprintln!("spirv-run-rs: coroutine frames of a Physical32 kernel: {error}");
            std::process::abort()
        })
    }

    #[cold]
    pub(super) fn grow(size: usize) -> *mut u8 {
        let block = chunk(size.max(CHUNK));
        let start = block.address();
        let end = start + block.len();
        CHUNKS.with(|chunks| chunks.borrow_mut().push(block));
        START.with(|first| first.set(usize::MAX));
        CURSOR.with(|next| next.set(start + size));
        END.with(|last| last.set(end));
        start as *mut u8
    }
}

/// `malloc` for the frames of a `Physical32` kernel: as [`alloc`], from
/// chunks in the 32-bit window.
pub(crate) extern "C" fn alloc_low(size: u64) -> *mut u8 {
    let size = usize::try_from(size).unwrap_or(usize::MAX - 64).max(1).next_multiple_of(64);
    let cursor = low::CURSOR.with(Cell::get);
    if size <= low::END.with(Cell::get).wrapping_sub(cursor) {
        low::CURSOR.with(|next| next.set(cursor + size));
        return cursor as *mut u8;
    }
    low::grow(size)
}

/// After a workgroup of a `Physical32` kernel: as [`reset`]. When the
/// window has no room for the merged chunk, the arena is left empty (the
/// next workgroup's dispatch reserves again, or fails with an error).
pub(crate) fn reset_low() {
    if low::CURSOR.with(Cell::get) == low::START.with(Cell::get) {
        return;
    }
    let merged = low::CHUNKS.with(|chunks| {
        let mut chunks = chunks.borrow_mut();
        if chunks.len() > 1 {
            let bytes: usize = chunks.iter().map(Block::len).sum();
            // The old chunks go back to the window first: the merged one
            // may take their room.
            chunks.clear();
            chunks.extend(Block::new(bytes, 64).ok());
        }
        chunks.first().map(|chunk| (chunk.address(), chunk.len()))
    });
    set_low(merged);
}

/// Points the window arena at the chunk `(start, len)`, or at nothing.
fn set_low(chunk: Option<(usize, usize)>) {
    let (start, len) = chunk.unwrap_or((0, 0));
    low::CURSOR.with(|next| next.set(start));
    low::START.with(|first| first.set(start));
    low::END.with(|end| end.set(start + len));
}

/// Before a `Physical32` kernel's workgroups run on this thread: makes the
/// window arena one chunk of at least `bytes`, the frames of one
/// workgroup (`Jit::reserve_frames`), so that no workgroup call needs a
/// chunk more. A workgroup call frees its frames when it returns
/// ([`reset_low`]), so the arena is empty here.
///
/// Why a reservation and not a check in `malloc`: the coroutine code uses
/// what `malloc` returns without looking (LLVM's ramp hands it to
/// `llvm.coro.begin`), a workgroup cannot be stopped halfway (its
/// invocations already ran up to a barrier), and frames cannot share
/// memory; the workgroup's need is known exactly before it starts.
///
/// # Errors
///
/// [`RunError::Dispatch`] when the window has no room for them; the arena
/// is then as it was.
pub(crate) fn reserve_low(bytes: usize) -> Result<(), RunError> {
    let room = low::CHUNKS.with(|chunks| {
        let chunks = chunks.borrow();
        if chunks.len() == 1 { chunks[0].len() } else { 0 }
    });
    debug_assert!(low::CURSOR.with(Cell::get) == low::START.with(Cell::get), "frames reserved inside a workgroup call");
    if room >= bytes {
        return Ok(());
    }
    let block = Block::new(bytes.max(CHUNK), 64)?;
    let chunk = (block.address(), block.len());
    low::CHUNKS.with(|chunks| {
        let mut chunks = chunks.borrow_mut();
        chunks.clear();
        chunks.push(block);
    });
    set_low(Some(chunk));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_aligned_distinct_and_reused_after_reset() {
        let first: Vec<usize> = (1..200).map(|size| alloc(size) as usize).collect();
        assert!(first.iter().all(|&address| address % 64 == 0 && address != 0));
        let mut sorted = first.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), first.len());
        let big = alloc(3 * CHUNK as u64) as usize;
        assert_eq!(big % 64, 0);
        reset();
        let again = alloc(1) as usize;
        assert_eq!(CHUNKS.with(|chunks| chunks.borrow().len()), 1);
        let second = alloc(3 * CHUNK as u64) as usize;
        assert_eq!(again % 64, 0);
        assert_eq!(second, again + 64, "after a reset, one chunk holds what several did");
        free(again as *mut u8);
        reset();
    }

    #[test]
    fn low_frames_are_below_4_gib() {
        let _alone = crate::window::TESTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let first: Vec<usize> = (1..100).map(|size| alloc_low(size * 1000) as usize).collect();
        assert!(first.iter().all(|&address| address % 64 == 0 && address != 0 && address < 1 << 32));
        reset_low();
        let again = alloc_low(1) as usize;
        assert!(again < 1 << 32);
        assert_eq!(low::CHUNKS.with(|chunks| chunks.borrow().len()), 1);
        reset_low();
    }
}
