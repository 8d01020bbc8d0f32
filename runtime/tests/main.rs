//! The one integration-test binary of spirv-run: every file under tests/
//! links all of MLIR and LLVM, so the test modules are declared here instead
//! of being binaries of their own.

mod api;
mod spec_arrays;
mod spmd_bools;
