//! What both fuzz targets share with libFuzzer: the `main` that hands
//! control to libFuzzer's driver (a static MLIR library defines a `main` of
//! its own that the linker would otherwise pick), and the record of the
//! current input.

use std::{
    ffi::{CString, c_char, c_int},
    os::unix::ffi::OsStrExt,
};

/// With `FUZZ_CURRENT_INPUT=FILE`, writes each input to FILE before running
/// it: a crash libFuzzer cannot catch (a stack overflow kills the process
/// before its handler runs) then leaves the culprit there.
pub fn record_current_input(data: &[u8]) {
    if let Some(path) = std::env::var_os("FUZZ_CURRENT_INPUT") {
        let _ = std::fs::write(path, data);
    }
}


unsafe extern "C" {
    /// libFuzzer's driver (FuzzerDriver.cpp): parses libFuzzer's flags and fuzzes `callback`.
    fn LLVMFuzzerRunDriver(
        argc: *mut c_int,
        argv: *mut *mut *mut c_char,
        callback: unsafe extern "C" fn(*const u8, usize) -> c_int,
    ) -> c_int;
    /// Defined by `fuzz_target!` in the target.
    fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> c_int;
}

/// The target's `main`: libFuzzer's driver with the process's arguments.
pub fn main() {
    let arguments: Vec<CString> = std::env::args_os()
        .map(|argument| CString::new(argument.as_bytes()).unwrap_or_default())
        .collect();
    let mut pointers: Vec<*mut c_char> = arguments.iter().map(|argument| argument.as_ptr().cast_mut()).collect();
    pointers.push(std::ptr::null_mut());
    let mut argc = c_int::try_from(arguments.len()).unwrap_or(c_int::MAX);
    let mut argv = pointers.as_mut_ptr();
    // SAFETY: argv holds argc NUL-terminated strings (kept alive by
    // `arguments` for the whole run) and a final null, as C's main gets;
    // the callback is the fuzz target's entry point.
    let status = unsafe { LLVMFuzzerRunDriver(&mut argc, &mut argv, LLVMFuzzerTestOneInput) };
    std::process::exit(status);
}
