//! The passes of spirv-opt-rs, built on the `spirv-opt-rs` conversion
//! framework: today, `convert-spirv-to-llvm` ([`spirv_to_llvm`]).
//!
//! ```
//! use spirv_opt_rs::pass::PassRegistry;
//!
//! let mut registry = PassRegistry::new();
//! spirv_opt_passes::register_all(&mut registry);
//! assert!(registry.get("convert-spirv-to-llvm").is_some());
//! ```

mod ir_text;
pub mod builtins;
pub mod kernel_abi;
pub mod prune;
pub mod specialize;
pub mod spirv_to_llvm;
mod registration;

pub use registration::{ConvertSpirvToLlvm, register_all};
