//! spirv-opt-rs: an MLIR-style dialect conversion framework in Rust, on
//! [melior], and the home of the SPIR-V to LLVM lowering built on it.
//!
//! This crate is the framework: [`conversion`] (type converter, target,
//! patterns, driver), [`pass`] (passes with typed options and a registry)
//! and [`pipeline`] (textual pipelines run in MLIR's pass manager). The
//! SPIR-V and LLVM dialect helpers live in `spirv-opt-dialects`, the
//! conversion itself in `spirv-opt-passes`.

#![deny(unsafe_code)]

pub mod conversion;
pub mod error;
mod backend_guard;
// The FFI edge: the only module allowed to call unsafe code.
#[allow(unsafe_code)]
mod ffi;
pub mod ir;
pub mod context;
pub mod pass;
pub mod pipeline;
pub mod surgery;
pub mod translate;
mod range_checks;
mod vectorizer_guard;
/// LLVM C API calls inkwell lacks or marks `unsafe`, wrapped safely (the SPMD vectorizer uses them).
pub use ffi::llvm;

pub use ffi::{emit_error, with_context};
