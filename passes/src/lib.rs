//! The passes of spirv-opt-rs, built on the `spirv-opt-rs` conversion
//! framework: today, `convert-spirv-to-llvm` ([`spirv_to_llvm`]).

pub mod spirv_to_llvm;
