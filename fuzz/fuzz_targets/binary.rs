//! The SPIR-V binary importer on arbitrary bytes: it never panics, aborts or
//! hangs, and what it accepts verifies and prints (the property of issue 8's
//! "Bad binaries").
//!
//! Not `#![no_main]`: a static MLIR library defines a `main` of its own (an
//! opt-like driver) that the linker would pick over libFuzzer's. Our `main`
//! hands control to libFuzzer's driver instead.

#[path = "../driver.rs"]
mod driver;
#[path = "../properties.rs"]
mod properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| properties::run_on_big_stack(|| {
    driver::record_current_input(data);
    properties::binary(data);
}));

fn main() {
    driver::main();
}
