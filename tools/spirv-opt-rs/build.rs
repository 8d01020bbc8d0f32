//! Links the tool with packed relative relocations (DT_RELR, glibc 2.36+):
//! the binary holds all of LLVM and MLIR, and its 234,000 relative
//! relocations, 5.6 MB of `.rela.dyn` read and applied at every start, become
//! a few kilobytes of bitmaps.

fn main() {
    println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
}
