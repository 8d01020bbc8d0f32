//! What the command-line tools (`spirv-opt-rs`, `spirv-translate-rs`) share:
//! reporting diagnostics as LLVM's tools do, with locations, and the
//! byte-offset form for SPIR-V binaries.

pub mod diagnostics;
