//! The text path on arbitrary bytes: parse (as the tool reads a file),
//! convert with `convert-spirv-to-llvm`, verify, print, then what `--emit`
//! adds (the kernel ABI, the builtin definitions, the SPMD vectorizer, LLVM
//! IR at -O1). It never panics, aborts or hangs, whatever converts prints
//! text that parses again, and the ABI and builtins leave valid IR (issue
//! 9). Not `#![no_main]`, for the reason given in `binary.rs`.

#[path = "../driver.rs"]
mod driver;
#[path = "../properties.rs"]
mod properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| properties::run_on_big_stack(|| {
    driver::record_current_input(data);
    properties::text(data);
}));

fn main() {
    driver::main();
}
