//! Dialect models for spirv-opt-rs.
//!
//! MLIR 22's C API exposes neither SPIR-V types nor SPIR-V enum attributes,
//! so this crate reads them from their printed form, once, into plain Rust
//! data: [`spirv::types::SpirvType`] for types (with layout queries matching
//! upstream's SPIR-V to LLVM conversion) and the enums of
//! [`spirv::attributes`] for enum attributes.

pub mod spirv;
