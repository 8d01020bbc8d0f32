//! The one integration-test binary of the workspace: every file under
//! tests/ links all of MLIR, so the test modules are declared here instead
//! of being binaries of their own.

mod common;
mod conversion;
mod framework;
mod fuzz_corpus;
mod jit;
mod manual;
mod pipeline;
