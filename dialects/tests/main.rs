//! The one integration-test binary of spirv-opt-dialects: every file under
//! tests/ links all of MLIR, so the test modules are declared here instead
//! of being binaries of their own.

mod specialize_at_import;
mod type_cache;
